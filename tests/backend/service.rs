//! The game service (issue 5), use case by use case: on an in-memory store on its own thread and
//! a manual clock, with the exact sentences users read and checks that refusals change nothing.
// Longer than 400 lines: the service's tests, use case by use case, share their store, clock and
// players.

use crate::raw::Served;
use focus_bot::discord::markdown::markdown as md;
use std::sync::Arc;
use std::time::Duration;

use focus_bot::i18n::Lang;
use focus_bot::render::{HEIGHT, WIDTH};
use focus_bot::rules::record::replay;
use focus_bot::rules::{Color, Move, MoveEffect, Position, Rules};
use focus_bot::service::{
    Board, ChallengeRequest, DrawReport, MAX_SUGGESTIONS, ManualClock, Place, ServiceError, User,
};
use focus_bot::store::ABORT_MAX_PLY;
use focus_bot::store::{
    AsyncStore, CHALLENGE_LIFETIME, Challenge, ChallengeId, ChallengeStatus, ColorChoice,
    EndReason, Game, GameId, GameResult, GameStatus, Player, StoredMove, TimeControl, Venue,
};
use focus_bot::strings;

const T0: i64 = 1_700_000_000;
const DAY: i64 = 86_400;
const GUILD: u64 = 700_000_000_000_000_001;
const OTHER_GUILD: u64 = 700_000_000_000_000_002;
/// Above i64::MAX: stored as a negative INTEGER, read back unchanged.
const BIG_CHANNEL: u64 = u64::MAX - 3;

/// The worked example of the rules note: White to move, Black wins after 12 plies.
const WORKED: &str = ".,.,.,./.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,wbw,.,wbwb,b,.,./.,.,.,.,.,.,.,./\
    .,.,.,.,wb,.,.,./.,.,.,.,.,./.,.,.,. w 0 0 13 13";
const WORKED_MOVES: [&str; 12] = [
    "c5-e5", "f5-e5", "+e5", "e3-e5", "+e5", "+e5", "+e5", "+e5", "+e5", "+e5", "c5-b5", "+b5",
];
const WORKED_END: &str = ".,.,.,./.,.,.,.,.,./.,.,.,.,.,.,.,./.,wb,.,.,bwbwb,.,.,./\
    .,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,./.,.,.,. w 0 0 14 15";
/// The worked example's position with Black to move first.
const WORKED_BLACK_FIRST: &str = ".,.,.,./.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,wbw,.,wbwb,b,.,./\
    .,.,.,.,.,.,.,./.,.,.,.,wb,.,.,./.,.,.,.,.,./.,.,.,. b 0 0 13 13";
/// White to move has no stack and no reserve: already decided.
const DECIDED: &str = ".,.,.,./.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./\
    .,.,.,b,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,./.,.,.,. w 0 0 17 18";

const POSITION_CHANGED: &str =
    "the position changed: someone moved first; look at the board and try again";
const NO_GAME_HERE: &str = "there is no game in this channel: start one with /focus challenge";
const NOT_A_PLAYER: &str = "you are not playing in this channel's game";
const CHANNEL_BUSY: &str =
    "this channel already has a game in play: finish it first, or play in another channel";

fn alice() -> User {
    User::new(1_001, "Alice")
}
fn bob() -> User {
    User::new(1_002, "Bob")
}
fn carol() -> User {
    User::new(1_003, "Carol")
}
fn dave() -> User {
    User::new(1_004, "Dave")
}
fn robot() -> User {
    User {
        id: 9_999,
        name: "Robo".into(),
        is_bot: true,
    }
}

fn place(channel: u64) -> Place {
    Place {
        guild_id: GUILD,
        channel_id: channel,
    }
}

struct Fixture {
    svc: Served,
    clock: ManualClock,
}

fn fixture() -> Fixture {
    let store = AsyncStore::spawn(crate::stores::memory().unwrap()).unwrap();
    let clock = ManualClock::at(T0);
    Fixture {
        svc: Served::new(store, Arc::new(clock.clone())),
        clock,
    }
}

impl Fixture {
    fn now(&self) -> i64 {
        use focus_bot::service::Clock;
        self.clock.now()
    }

    /// `white` challenges `black` (named, White, unrated unless told) and `black` accepts.
    async fn start(
        &self,
        at: Place,
        white: &User,
        black: &User,
        request: ChallengeRequest,
    ) -> Board {
        let request = ChallengeRequest {
            opponent: Some(black.clone()),
            color: ColorChoice::White,
            ..request
        };
        let view = self
            .svc
            .challenges
            .challenge(at, white, request)
            .await
            .unwrap();
        self.svc
            .challenges
            .accept(view.challenge.id, black, Color::Black)
            .await
            .unwrap()
    }

    /// A classic game from the standard start, `white` against `black`.
    async fn classic(&self, at: Place, white: &User, black: &User) -> Board {
        self.start(at, white, black, ChallengeRequest::default())
            .await
    }

    /// A game from the set-up position `fpn` (unrated), `white` against `black`.
    async fn set_up(&self, at: Place, white: &User, black: &User, fpn: &str) -> Board {
        let request = ChallengeRequest {
            rated: false,
            position: Some(fpn.to_owned()),
            ..ChallengeRequest::default()
        };
        self.start(at, white, black, request).await
    }

    async fn game(&self, id: GameId) -> Game {
        self.svc.store().call(move |s| s.game(id)).await.unwrap()
    }

    async fn moves(&self, id: GameId) -> Vec<StoredMove> {
        self.svc.store().call(move |s| s.moves(id)).await.unwrap()
    }

    /// The game row and its moves: what a refusal must leave untouched.
    async fn snapshot(&self, id: GameId) -> (Game, Vec<StoredMove>) {
        (self.game(id).await, self.moves(id).await)
    }

    async fn challenge_row(&self, id: ChallengeId) -> Challenge {
        self.svc
            .store()
            .call(move |s| s.challenge(id))
            .await
            .unwrap()
    }

    async fn player(&self, user: &User) -> Option<Player> {
        let id = user.id;
        self.svc
            .store()
            .call(move |s| s.player(GUILD, id))
            .await
            .unwrap()
    }

    async fn challenge_count(&self) -> u64 {
        self.svc
            .store()
            .call(|s| s.counts())
            .await
            .unwrap()
            .challenges
    }

    async fn game_count(&self) -> u64 {
        self.svc.store().call(|s| s.counts()).await.unwrap().games
    }

    /// Plays `texts` in turn in the game of `at`, the right player each time.
    async fn play_all(&self, at: Place, texts: &[&str]) {
        for text in texts {
            let board = self.svc.games.board(at).await.unwrap();
            let mover = board.to_move().expect("game in play");
            let user = User::new(mover, "x");
            self.svc.games.play(at, &user, text).await.unwrap();
        }
    }
}

/// The PNG decodes to a board picture of the documented size.
/// Draws `board` as the adapters do, in English, and checks the picture.
async fn assert_drawn(svc: &Served, board: &Board) {
    let options = focus_bot::strings::picture::options(Lang::ENGLISH, board);
    // Every board picture names its game and the move number in its corner.
    let over = board.to_move().is_none();
    assert_eq!(
        options.corner,
        [
            format!("Game {}", board.game.id.0),
            format!(
                "move {}",
                focus_bot::strings::picture::move_number(board.game.ply, over)
            )
        ]
    );
    assert_png(&svc.games.picture(board, options).await.expect("a picture"));
}

fn assert_png(png: &[u8]) {
    let img =
        image::load_from_memory_with_format(png, image::ImageFormat::Png).expect("a valid PNG");
    assert_eq!((img.width(), img.height()), (WIDTH, HEIGHT));
}

/// The sentence of a refusal (panics, without printing the result, if it succeeded).
#[track_caller]
fn err_text<T>(result: Result<T, ServiceError>) -> String {
    match result {
        Ok(_) => panic!("expected a refusal, but the use case succeeded"),
        Err(err) => err.to_string(),
    }
}

fn start_pos(rules: Rules) -> Position {
    Position::start().with_rules(rules)
}

// ---------------------------------------------------------------------------------------------
// Challenges

#[tokio::test]
async fn a_named_challenge_keeps_every_option_and_its_game_starts_on_accept() {
    let f = fixture();
    let here = place(BIG_CHANNEL);
    let request = ChallengeRequest {
        opponent: Some(bob()),
        rules: Rules::SWAP_MIRROR,
        days: Some(7),
        minutes: None,
        color: ColorChoice::Black,
        rated: false,
        position: None,
        threads: false,
        venue: Venue::GroupDm,
    };
    let view = f
        .svc
        .challenges
        .challenge(here, &alice(), request)
        .await
        .unwrap();
    let c = &view.challenge;
    assert_eq!(view.challenger.as_deref(), Some("Alice"));
    assert_eq!(view.opponent.as_deref(), Some("Bob"));
    assert_eq!(
        (c.guild_id, c.channel_id, c.challenger_id, c.opponent_id),
        (GUILD, BIG_CHANNEL, 1_001, Some(1_002))
    );
    assert_eq!(
        (c.rules, c.time_control, c.color, c.rated),
        (
            Rules::SWAP_MIRROR,
            TimeControl::Days(7),
            ColorChoice::Black,
            false
        )
    );
    assert_eq!(c.start_fpn, None);
    assert_eq!(c.status, ChallengeStatus::Open);
    assert_eq!((c.created_at, c.expires_at), (T0, T0 + CHALLENGE_LIFETIME));
    // Made in a group DM: the game is played there too, reached by interactions only.
    assert_eq!(c.venue, Venue::GroupDm);
    assert_eq!(
        md(&strings::challenge_posted(Lang::ENGLISH, &view)),
        format!(
            "<@1001> challenges <@1002> to a game of Focus!\nswap+mirror rules · 7 days per move \
             · unrated · <@1001> plays Black\nThe challenge expires <t:{}:R>.",
            T0 + DAY
        )
    );

    // The message id is kept for the buttons.
    f.svc
        .challenges
        .set_challenge_message(c.id, 42)
        .await
        .unwrap();
    assert_eq!(f.challenge_row(c.id).await.message_id, Some(42));

    f.clock.advance(3_600);
    // A toss of White is ignored: the challenger asked for Black.
    let board = f
        .svc
        .challenges
        .accept(c.id, &bob(), Color::White)
        .await
        .unwrap();
    let g = &board.game;
    assert_eq!((g.white_id, g.black_id), (1_002, 1_001));
    assert_eq!(
        board.names,
        [Some("Bob".to_owned()), Some("Alice".to_owned())]
    );
    assert_eq!(
        (board.name(Color::White), board.name(Color::Black)),
        (Some("Bob"), Some("Alice"))
    );
    assert_eq!(
        (g.rules, g.rated, g.time_control),
        (Rules::SWAP_MIRROR, false, TimeControl::Days(7))
    );
    assert_eq!(
        (g.status, g.ply, g.result, g.reason),
        (GameStatus::Active, 0, None, None)
    );
    assert_eq!(
        (g.created_at, g.deadline),
        (T0 + 3_600, Some(T0 + 3_600 + 7 * DAY))
    );
    assert_eq!(g.challenge_id, Some(c.id));
    assert_eq!(g.venue, Venue::GroupDm);
    let gid = g.id;
    let stored = f.svc.store().call(move |s| s.game(gid)).await.unwrap();
    assert_eq!(stored.venue, Venue::GroupDm);
    assert_eq!(board.position, start_pos(Rules::SWAP_MIRROR));
    assert_eq!(board.last_move, None);
    assert_eq!(board.to_move(), Some(1_002));
    assert_drawn(&f.svc, &board).await;
    assert_eq!(
        f.challenge_row(c.id).await.status,
        ChallengeStatus::Accepted
    );
    assert_eq!(
        md(&strings::game_started(Lang::ENGLISH, &board)),
        format!(
            "**Game {} begins!** <@1002> plays White, <@1001> plays Black.\nswap+mirror rules · \
             7 days per move · unrated\n<@1002> (White) to move, by <t:{t}:f> (<t:{t}:R>).",
            g.id.0,
            t = T0 + 3_600 + 7 * DAY
        )
    );
    // The channel's game is this one.
    assert_eq!(f.svc.games.board(here).await.unwrap().game, *g);
}

#[tokio::test]
async fn a_random_colour_follows_the_toss() {
    let f = fixture();
    for (channel, toss) in [(1, Color::White), (2, Color::Black)] {
        let request = ChallengeRequest {
            opponent: Some(bob()),
            ..ChallengeRequest::default()
        };
        let view = f
            .svc
            .challenges
            .challenge(place(channel), &alice(), request)
            .await
            .unwrap();
        assert_eq!(view.challenge.color, ColorChoice::Random);
        let board = f
            .svc
            .challenges
            .accept(view.challenge.id, &bob(), toss)
            .await
            .unwrap();
        assert_eq!(board.game.color_of(alice().id), Some(toss));
        assert_eq!(board.game.color_of(bob().id), Some(!toss));
        assert_eq!(board.name(toss), Some("Alice"));
        assert_eq!(board.name(!toss), Some("Bob"));
        // Defaults: classic, 3 days, rated.
        assert_eq!(
            (board.game.rules, board.game.time_control, board.game.rated),
            (Rules::CLASSIC, TimeControl::Days(3), true)
        );
    }
}

#[tokio::test]
async fn an_open_challenge_is_accepted_by_whoever_comes_first() {
    let f = fixture();
    let here = place(5);
    let request = ChallengeRequest {
        days: Some(0),
        color: ColorChoice::White,
        ..ChallengeRequest::default()
    };
    let view = f
        .svc
        .challenges
        .challenge(here, &alice(), request)
        .await
        .unwrap();
    assert_eq!(view.opponent, None);
    assert_eq!(view.challenge.opponent_id, None);
    assert!(
        md(&strings::challenge_posted(Lang::ENGLISH, &view)).starts_with(
            "<@1001> is looking for an opponent for a game of Focus: anyone here may accept!\n\
             classic rules · no time limit · rated · <@1001> plays White\n"
        )
    );
    let id = view.challenge.id;
    // Everyone but the challenger sees it.
    for user in [bob(), carol()] {
        let open = f
            .svc
            .challenges
            .open_challenges_for(here, &user)
            .await
            .unwrap();
        assert_eq!(open.len(), 1);
        assert_eq!(open[0].challenge.id, id);
        assert_eq!(open[0].challenger.as_deref(), Some("Alice"));
    }
    assert!(
        f.svc
            .challenges
            .open_challenges_for(here, &alice())
            .await
            .unwrap()
            .is_empty()
    );
    // …and only in its channel.
    assert!(
        f.svc
            .challenges
            .open_challenges_for(place(6), &bob())
            .await
            .unwrap()
            .is_empty()
    );

    let board = f
        .svc
        .challenges
        .accept(id, &carol(), Color::Black)
        .await
        .unwrap();
    assert_eq!((board.game.white_id, board.game.black_id), (1_001, 1_003));
    assert_eq!(board.game.deadline, None, "no time limit");
    assert_eq!(
        board.names,
        [Some("Alice".to_owned()), Some("Carol".to_owned())]
    );

    // Already taken: Bob is told so, and the game is untouched.
    let before = f.snapshot(board.game.id).await;
    assert_eq!(
        err_text(f.svc.challenges.accept(id, &bob(), Color::White).await),
        format!("challenge #{} is no longer open (it was accepted)", id.0)
    );
    assert_eq!(f.snapshot(board.game.id).await, before);
    assert_eq!(f.game_count().await, 1);
    assert!(
        f.svc
            .challenges
            .open_challenges_for(here, &bob())
            .await
            .unwrap()
            .is_empty()
    );
}

#[tokio::test]
async fn open_challenges_for_lists_what_the_user_may_accept_newest_first() {
    let f = fixture();
    let here = place(7);
    let named = |u: User| ChallengeRequest {
        opponent: Some(u),
        ..ChallengeRequest::default()
    };
    let to_bob = f
        .svc
        .challenges
        .challenge(here, &alice(), named(bob()))
        .await
        .unwrap();
    f.clock.advance(60);
    let open = f
        .svc
        .challenges
        .challenge(here, &carol(), ChallengeRequest::default())
        .await
        .unwrap();
    let to_carol = f
        .svc
        .challenges
        .challenge(here, &dave(), named(carol()))
        .await
        .unwrap();
    f.clock.advance(60);
    let mine = f
        .svc
        .challenges
        .challenge(here, &bob(), ChallengeRequest::default())
        .await
        .unwrap();

    let ids = |views: Vec<focus_bot::service::ChallengeView>| {
        views.iter().map(|v| v.challenge.id).collect::<Vec<_>>()
    };
    // Bob: Carol's open one (newer) before Alice's to him; not Dave's to Carol, not his own.
    assert_eq!(
        ids(f
            .svc
            .challenges
            .open_challenges_for(here, &bob())
            .await
            .unwrap()),
        [open.challenge.id, to_bob.challenge.id]
    );
    // Carol: Bob's open one, then Dave's to her (made in the same second as her own open one).
    assert_eq!(
        ids(f
            .svc
            .challenges
            .open_challenges_for(here, &carol())
            .await
            .unwrap()),
        [mine.challenge.id, to_carol.challenge.id]
    );
    // Dave: Bob's and Carol's open ones, both open to anyone.
    assert_eq!(
        ids(f
            .svc
            .challenges
            .open_challenges_for(here, &dave())
            .await
            .unwrap()),
        [mine.challenge.id, open.challenge.id]
    );
    let views = f
        .svc
        .challenges
        .open_challenges_for(here, &carol())
        .await
        .unwrap();
    assert_eq!(views[1].challenger.as_deref(), Some("Dave"));
    assert_eq!(views[1].opponent.as_deref(), Some("Carol"));

    // Past its 24 hours a challenge is no longer listed.
    f.clock.advance(CHALLENGE_LIFETIME - 60);
    assert_eq!(
        ids(f
            .svc
            .challenges
            .open_challenges_for(here, &dave())
            .await
            .unwrap()),
        [mine.challenge.id]
    );
    f.clock.advance(60);
    assert!(
        f.svc
            .challenges
            .open_challenges_for(here, &dave())
            .await
            .unwrap()
            .is_empty()
    );
}

#[tokio::test]
async fn challenges_made_in_the_same_second_list_the_newest_first() {
    let f = fixture();
    let here = place(8);
    let first = f
        .svc
        .challenges
        .challenge(here, &alice(), ChallengeRequest::default())
        .await
        .unwrap();
    let second = f
        .svc
        .challenges
        .challenge(here, &carol(), ChallengeRequest::default())
        .await
        .unwrap();
    assert_eq!(first.challenge.created_at, second.challenge.created_at);
    let open = f
        .svc
        .challenges
        .open_challenges_for(here, &bob())
        .await
        .unwrap();
    let ids: Vec<ChallengeId> = open.iter().map(|v| v.challenge.id).collect();
    assert_eq!(ids, [second.challenge.id, first.challenge.id]);
}

#[tokio::test]
async fn decline_and_cancel_close_a_challenge_only_for_the_right_user() {
    let f = fixture();
    let here = place(9);
    let request = ChallengeRequest {
        opponent: Some(bob()),
        ..ChallengeRequest::default()
    };
    let c1 = f
        .svc
        .challenges
        .challenge(here, &alice(), request.clone())
        .await
        .unwrap();
    let id1 = c1.challenge.id;

    // Someone else can neither decline nor accept it, nor cancel it.
    assert_eq!(
        err_text(f.svc.challenges.decline(id1, &carol()).await),
        format!("challenge #{} is addressed to someone else", id1.0)
    );
    assert_eq!(
        err_text(f.svc.challenges.accept(id1, &carol(), Color::White).await),
        format!("challenge #{} is addressed to someone else", id1.0)
    );
    assert_eq!(
        err_text(f.svc.challenges.cancel(id1, &bob()).await),
        format!(
            "only the player who sent challenge #{} can cancel it",
            id1.0
        )
    );
    assert_eq!(f.challenge_row(id1).await, c1.challenge, "nothing changed");
    assert_eq!(f.game_count().await, 0);

    f.clock.advance(10);
    let declined = f.svc.challenges.decline(id1, &bob()).await.unwrap();
    assert_eq!(declined.challenge.status, ChallengeStatus::Declined);
    assert_eq!(declined.challenger.as_deref(), Some("Alice"));
    assert_eq!(declined.opponent.as_deref(), Some("Bob"));
    assert_eq!(
        md(&strings::challenge_closed(Lang::ENGLISH, &declined)),
        "The challenge of <@1001> is declined."
    );
    assert_eq!(
        err_text(f.svc.challenges.accept(id1, &bob(), Color::White).await),
        format!("challenge #{} is no longer open (it was declined)", id1.0)
    );

    let c2 = f
        .svc
        .challenges
        .challenge(here, &alice(), request)
        .await
        .unwrap();
    let id2 = c2.challenge.id;
    let cancelled = f.svc.challenges.cancel(id2, &alice()).await.unwrap();
    assert_eq!(cancelled.challenge.status, ChallengeStatus::Cancelled);
    assert_eq!(
        md(&strings::challenge_closed(Lang::ENGLISH, &cancelled)),
        "The challenge of <@1001> is cancelled."
    );
    assert_eq!(
        err_text(f.svc.challenges.accept(id2, &bob(), Color::White).await),
        format!("challenge #{} is no longer open (it was cancelled)", id2.0)
    );
    assert_eq!(
        err_text(f.svc.challenges.decline(id2, &bob()).await),
        format!("challenge #{} is no longer open (it was cancelled)", id2.0)
    );

    // An open challenge has nobody to decline it; its challenger cancels it.
    let c3 = f
        .svc
        .challenges
        .challenge(here, &alice(), ChallengeRequest::default())
        .await
        .unwrap();
    assert_eq!(
        err_text(f.svc.challenges.decline(c3.challenge.id, &bob()).await),
        format!(
            "challenge #{} is addressed to someone else",
            c3.challenge.id.0
        )
    );
    assert_eq!(
        f.svc
            .challenges
            .cancel(c3.challenge.id, &alice())
            .await
            .unwrap()
            .opponent,
        None
    );
    assert_eq!(
        err_text(
            f.svc
                .challenges
                .accept(ChallengeId(999), &bob(), Color::White)
                .await
        ),
        "there is no challenge #999"
    );
    assert_eq!(f.game_count().await, 0);
}

#[tokio::test]
async fn bad_challenges_are_refused_with_a_sentence_and_create_nothing() {
    let f = fixture();
    let here = place(10);
    let named = |u: User| ChallengeRequest {
        opponent: Some(u),
        ..ChallengeRequest::default()
    };
    let bad_fpn = ".,.,. w 0 0 0 0";
    let fpn_reason = Position::from_fpn(bad_fpn, Rules::CLASSIC)
        .unwrap_err()
        .to_string();
    let cases: Vec<(User, ChallengeRequest, String)> = vec![
        (
            alice(),
            named(alice()),
            "you cannot challenge yourself: name someone else, or leave the opponent empty".into(),
        ),
        (
            alice(),
            named(robot()),
            "other bots cannot play Focus: challenge a person, or challenge me".into(),
        ),
        (
            robot(),
            ChallengeRequest::default(),
            "other bots cannot play Focus: challenge a person, or challenge me".into(),
        ),
        (
            alice(),
            ChallengeRequest {
                days: Some(4),
                ..named(bob())
            },
            "4 days per move is not offered: choose 1, 2, 3, 5, 7, 10 or 14, or 0 for no limit"
                .into(),
        ),
        (
            alice(),
            ChallengeRequest {
                days: Some(30),
                ..named(bob())
            },
            "30 days per move is not offered: choose 1, 2, 3, 5, 7, 10 or 14, or 0 for no limit"
                .into(),
        ),
        (
            alice(),
            ChallengeRequest {
                days: Some(1),
                minutes: Some(5),
                ..named(bob())
            },
            "choose either days or minutes per move, not both: a game has one clock".into(),
        ),
        (
            alice(),
            ChallengeRequest {
                minutes: Some(30),
                ..named(bob())
            },
            "30 minutes per move is not offered: choose 5, 15 or 60".into(),
        ),
        (
            alice(),
            ChallengeRequest {
                position: Some(WORKED.into()),
                rated: true,
                ..named(bob())
            },
            "a game from a set-up position cannot be rated: make it unrated or use the standard \
             start"
                .into(),
        ),
        (
            alice(),
            ChallengeRequest {
                position: Some(bad_fpn.into()),
                rated: false,
                ..named(bob())
            },
            format!("bad starting position: {fpn_reason}"),
        ),
        (
            alice(),
            ChallengeRequest {
                position: Some(DECIDED.into()),
                rated: false,
                ..named(bob())
            },
            "the starting position is already decided: set up one where the player to move can \
             move"
                .into(),
        ),
    ];
    for (challenger, request, sentence) in cases {
        let got = err_text(
            f.svc
                .challenges
                .challenge(here, &challenger, request.clone())
                .await,
        );
        assert_eq!(got, sentence, "{request:?}");
        assert_eq!(
            f.challenge_count().await,
            0,
            "{request:?} created a challenge"
        );
    }
    assert!(
        f.svc
            .challenges
            .open_challenges_for(here, &bob())
            .await
            .unwrap()
            .is_empty()
    );

    // A bot cannot accept either.
    let c = f
        .svc
        .challenges
        .challenge(here, &alice(), ChallengeRequest::default())
        .await
        .unwrap();
    assert_eq!(
        err_text(
            f.svc
                .challenges
                .accept(c.challenge.id, &robot(), Color::White)
                .await
        ),
        "other bots cannot play Focus: challenge a person, or challenge me"
    );
    assert_eq!(
        f.challenge_row(c.challenge.id).await.status,
        ChallengeStatus::Open
    );
    assert_eq!(f.game_count().await, 0);
}

#[tokio::test]
async fn a_channel_with_a_game_in_play_takes_no_new_challenge_or_second_game() {
    let f = fixture();
    let here = place(11);
    // Two challenges in one channel; the first accepted starts the channel's game.
    let first = f
        .svc
        .challenges
        .challenge(here, &alice(), ChallengeRequest::default())
        .await
        .unwrap();
    let second = f
        .svc
        .challenges
        .challenge(here, &carol(), ChallengeRequest::default())
        .await
        .unwrap();
    let board = f
        .svc
        .challenges
        .accept(first.challenge.id, &bob(), Color::White)
        .await
        .unwrap();
    let before = f.snapshot(board.game.id).await;

    assert_eq!(
        err_text(
            f.svc
                .challenges
                .accept(second.challenge.id, &dave(), Color::White)
                .await
        ),
        CHANNEL_BUSY
    );
    assert_eq!(
        f.challenge_row(second.challenge.id).await,
        second.challenge,
        "still open"
    );
    assert_eq!(
        err_text(
            f.svc
                .challenges
                .challenge(here, &dave(), ChallengeRequest::default())
                .await
        ),
        CHANNEL_BUSY
    );
    assert_eq!(f.challenge_count().await, 2);
    assert_eq!(f.game_count().await, 1);
    assert_eq!(f.snapshot(board.game.id).await, before);

    // Once the game is over, the waiting challenge can start the next one.
    f.svc.games.resign(here, &bob()).await.unwrap();
    let next = f
        .svc
        .challenges
        .accept(second.challenge.id, &dave(), Color::Black)
        .await
        .unwrap();
    assert_eq!((next.game.white_id, next.game.black_id), (1_004, 1_003));
}

#[tokio::test]
async fn accepting_your_own_or_an_expired_challenge_is_refused() {
    let f = fixture();
    let here = place(12);
    let c = f
        .svc
        .challenges
        .challenge(
            here,
            &alice(),
            ChallengeRequest {
                opponent: Some(bob()),
                ..ChallengeRequest::default()
            },
        )
        .await
        .unwrap();
    let id = c.challenge.id;
    assert_eq!(
        err_text(f.svc.challenges.accept(id, &alice(), Color::White).await),
        "you cannot play against yourself: challenge someone else"
    );
    assert_eq!(f.challenge_row(id).await, c.challenge, "nothing changed");

    // One second before the 24 hours it can still be seen; at 24 hours it has expired.
    f.clock.advance(CHALLENGE_LIFETIME - 1);
    assert_eq!(
        f.svc
            .challenges
            .open_challenges_for(here, &bob())
            .await
            .unwrap()
            .len(),
        1
    );
    f.clock.advance(1);
    assert_eq!(
        err_text(f.svc.challenges.accept(id, &bob(), Color::White).await),
        format!("challenge #{} has expired: send a new one", id.0)
    );
    assert_eq!(f.game_count().await, 0);
    assert_eq!(err_text(f.svc.games.board(here).await), NO_GAME_HERE);
    // It is now marked expired, and says so to the next click.
    assert_eq!(f.challenge_row(id).await.status, ChallengeStatus::Expired);
    f.clock.advance(DAY);
    assert_eq!(
        err_text(f.svc.challenges.accept(id, &bob(), Color::White).await),
        format!("challenge #{} is no longer open (it was expired)", id.0)
    );
    assert_eq!(
        err_text(f.svc.challenges.cancel(id, &alice()).await),
        format!("challenge #{} is no longer open (it was expired)", id.0)
    );
}

// ---------------------------------------------------------------------------------------------
// A whole game from a set-up position: the worked example of the rules note

#[tokio::test]
async fn the_worked_example_is_played_to_blacks_win() {
    let f = fixture();
    let here = place(20);
    let request = ChallengeRequest {
        opponent: Some(bob()),
        color: ColorChoice::White,
        rated: false,
        position: Some(WORKED.into()),
        ..ChallengeRequest::default()
    };
    let view = f
        .svc
        .challenges
        .challenge(here, &alice(), request)
        .await
        .unwrap();
    assert_eq!(view.challenge.start_fpn.as_deref(), Some(WORKED));
    assert!(
        md(&strings::challenge_posted(Lang::ENGLISH, &view))
            .contains(" · from a set-up position\n")
    );
    let board = f
        .svc
        .challenges
        .accept(view.challenge.id, &bob(), Color::Black)
        .await
        .unwrap();
    assert_eq!(board.position.to_string(), WORKED);
    assert_eq!(board.game.fpn, WORKED);
    assert_eq!(board.game.start_fpn.as_deref(), Some(WORKED));
    assert_eq!(board.to_move(), Some(alice().id));
    assert_drawn(&f.svc, &board).await;

    // (to reserve, captured) of each ply, worked out by hand from the rules note.
    let effects = [
        (1, 0),
        (1, 0),
        (1, 0),
        (2, 0),
        (1, 0),
        (1, 0),
        (1, 0),
        (0, 1),
        (0, 1),
        (0, 1),
        (0, 0),
        (0, 0),
    ];
    let mut reports = Vec::new();
    for (i, text) in WORKED_MOVES.iter().enumerate() {
        let (user, color) = if i % 2 == 0 {
            (alice(), Color::White)
        } else {
            (bob(), Color::Black)
        };
        f.clock.advance(600);
        let report = f.svc.games.play(here, &user, text).await.unwrap();
        assert_eq!(report.mv.to_string(), *text);
        assert_eq!(report.mover, color);
        let (to_reserve, captured) = effects[i];
        assert_eq!(
            report.effect,
            MoveEffect {
                to_reserve,
                captured
            },
            "ply {} {text}",
            i + 1
        );
        let b = &report.board;
        assert_eq!(b.game.ply as usize, i + 1);
        assert_eq!(b.last_move, Some(report.mv));
        assert_eq!(b.position.to_string(), b.game.fpn);
        assert_eq!(b.game.last_move_at, T0 + 600 * (i as i64 + 1));
        if i == 3 {
            // "After 2... e3-e5 White has 1 reserve piece and Black 3."
            assert_eq!(
                (
                    b.position.reserve(Color::White),
                    b.position.reserve(Color::Black)
                ),
                (1, 3)
            );
        }
        if i + 1 < WORKED_MOVES.len() {
            assert_eq!(b.game.status, GameStatus::Active);
            assert_eq!(
                b.to_move(),
                Some(if color == Color::White {
                    bob().id
                } else {
                    alice().id
                })
            );
            assert_eq!(b.game.deadline, Some(b.game.last_move_at + 3 * DAY));
        }
        reports.push(report);
    }
    let last = reports.last().unwrap();
    assert_eq!(
        md(&strings::move_played(Lang::ENGLISH, &reports[7])),
        format!(
            "<@1002> dropped **+e5** — captured 1.\n<@1001> (White) to move, by <t:{t}:f> \
             (<t:{t}:R>).",
            t = T0 + 600 * 8 + 3 * DAY
        )
    );
    assert_eq!(
        md(&strings::move_played(Lang::ENGLISH, &reports[3])),
        format!(
            "<@1002> played **e3-e5** — 2 to reserve.\n<@1001> (White) to move, by <t:{t}:f> \
             (<t:{t}:R>).",
            t = T0 + 600 * 4 + 3 * DAY
        )
    );
    let g = &last.board.game;
    assert_eq!(last.board.position.to_string(), WORKED_END);
    assert_eq!(g.fpn, WORKED_END);
    assert_eq!(g.status, GameStatus::Finished);
    assert_eq!(g.result, Some(GameResult::Black));
    assert_eq!(g.reason, Some(EndReason::NoLegalMove));
    assert_eq!(g.finished_at, Some(T0 + 600 * 12));
    assert_eq!(g.deadline, None);
    assert_eq!(last.board.to_move(), None);
    assert_drawn(&f.svc, &last.board).await;
    assert_eq!(
        md(&strings::move_played(Lang::ENGLISH, last)),
        "<@1002> dropped **+b5**.\n**<@1002> (Black) wins game 1**, no legal move."
    );

    // Both records hold the result; the channel is free again.
    let alice_rec = f.player(&alice()).await.unwrap();
    let bob_rec = f.player(&bob()).await.unwrap();
    assert_eq!(
        (
            alice_rec.games,
            alice_rec.wins,
            alice_rec.losses,
            alice_rec.draws
        ),
        (1, 0, 1, 0)
    );
    assert_eq!(
        (bob_rec.games, bob_rec.wins, bob_rec.losses, bob_rec.draws),
        (1, 1, 0, 0)
    );
    assert_eq!(bob_rec.last_game_at, Some(T0 + 600 * 12));
    assert_eq!(err_text(f.svc.games.board(here).await), NO_GAME_HERE);
    assert_eq!(
        err_text(f.svc.games.play(here, &alice(), "+e5").await),
        NO_GAME_HERE
    );

    // The finished game's history replays to its final position.
    let h = f
        .svc
        .records
        .history(here, alice().id, Some(g.id))
        .await
        .unwrap();
    assert_eq!(
        h.record,
        "1. c5-e5 f5-e5 2. +e5 e3-e5 3. +e5 +e5 4. +e5 +e5 5. +e5 +e5 6. c5-b5 +b5"
    );
    let start = Position::from_fpn(WORKED, Rules::CLASSIC).unwrap();
    assert_eq!(replay(start, &h.record).unwrap().to_string(), WORKED_END);
}

// ---------------------------------------------------------------------------------------------
// Bad moves

#[tokio::test]
async fn bad_moves_get_the_rules_reason_and_change_nothing() {
    let f = fixture();
    let here = place(30);
    let board = f.classic(here, &alice(), &bob()).await;
    let id = board.game.id;
    let before = f.snapshot(id).await;

    let cases: [(User, &str, &str); 14] = [
        (
            alice(),
            "",
            "no move given: write c5-e5 to move, +e5 to drop from your reserve",
        ),
        (
            alice(),
            "zz",
            "`zz` is not a move: write c5-e5 to move a stack, +e5 to drop from your reserve, \
             d4~d5 to swap",
        ),
        (
            alice(),
            "c4-d5",
            "c4-d5 is diagonal: stacks move along a rank or a file, never diagonally",
        ),
        (
            alice(),
            "c4-c4",
            "c4-c4 goes nowhere: a stack must move at least one square",
        ),
        (
            alice(),
            "a1-a3",
            "a1 is a cut corner: the three squares at each corner are not part of the board",
        ),
        (
            alice(),
            "c4-c7",
            "c4-c7 moves 3 pieces, but c4 holds only 1: a stack moves exactly as many squares as \
             the pieces it takes",
        ),
        (
            alice(),
            "d4-d3",
            "d4 is not your stack: its top piece is black, and you (white) move only stacks with \
             your piece on top",
        ),
        (
            alice(),
            "a4-a5",
            "a4 is empty: choose a stack with your piece on top",
        ),
        (alice(), "+e5", "white has no pieces in reserve to drop"),
        (
            alice(),
            "d4~d5",
            "a swap is allowed only as White's first turn, and only with the opening-swap rule",
        ),
        (
            bob(),
            "d4-d3",
            "it is not your turn: white is to move, and you play black",
        ),
        (carol(), "c4-d4", NOT_A_PLAYER),
        (robot(), "c4-d4", NOT_A_PLAYER),
        (
            alice(),
            "c4-c5:2",
            "c4-c5:2 moves 2 pieces over 1 square: a stack moves exactly as many squares as \
             pieces",
        ),
    ];
    for (user, text, sentence) in cases {
        let err = f.svc.games.play(here, &user, text).await.unwrap_err();
        assert_eq!(err.to_string(), sentence, "{} plays {text:?}", user.name);
        assert!(err.for_users());
        assert_eq!(f.snapshot(id).await, before, "{text:?} changed the game");
    }
    // Each unreadable or illegal move's sentence is the rules module's own.
    for text in ["zz", "c4-d5", "c4-c7", "d4-d3", "+e5", "d4~d5"] {
        let mut pos = board.position;
        let rules_reason = pos.play_str(text).unwrap_err().to_string();
        let err = f.svc.games.play(here, &alice(), text).await.unwrap_err();
        assert_eq!(err.to_string(), rules_reason);
    }
    assert_eq!(
        err_text(f.svc.games.play(place(31), &alice(), "c4-d4").await),
        NO_GAME_HERE
    );
    let elsewhere = Place {
        guild_id: OTHER_GUILD,
        channel_id: 30_000,
    };
    assert_eq!(
        err_text(f.svc.games.play(elsewhere, &alice(), "c4-d4").await),
        NO_GAME_HERE
    );
    assert_eq!(f.snapshot(id).await, before);

    // The notations the README accepts are read, and stored in the canonical form.
    let report = f.svc.games.play(here, &alice(), " C4 - D4 ").await.unwrap();
    assert_eq!(report.mv.to_string(), "c4-d4");
    assert_eq!(f.moves(id).await[0].notation, "c4-d4");
    // White cannot move twice.
    let after = f.snapshot(id).await;
    assert_eq!(
        err_text(f.svc.games.play(here, &alice(), "b4-c4").await),
        "it is not your turn: black is to move, and you play white"
    );
    assert_eq!(f.snapshot(id).await, after);
}

/// Holds the store thread until released, so that calls queue up behind it.
async fn hold_store(svc: &Served) -> std::sync::mpsc::Sender<()> {
    let (started_tx, started_rx) = std::sync::mpsc::channel::<()>();
    let (release_tx, release_rx) = std::sync::mpsc::channel::<()>();
    let store = svc.store().clone();
    tokio::spawn(async move {
        store
            .call(move |_| {
                let _ = started_tx.send(());
                let _ = release_rx.recv_timeout(Duration::from_secs(30));
                Ok(())
            })
            .await
    });
    tokio::task::spawn_blocking(move || started_rx.recv_timeout(Duration::from_secs(30)))
        .await
        .unwrap()
        .expect("the store thread took the holding call");
    release_tx
}

#[tokio::test]
async fn two_moves_for_the_same_ply_arriving_together_play_exactly_one() {
    let f = fixture();
    for round in 0..30u64 {
        let here = place(1_000 + round);
        let board = f.classic(here, &alice(), &bob()).await;
        let id = board.game.id;
        // Both moves read the game (ply 0) before either is recorded: the store thread is held
        // while both tasks queue their first call, in this single-threaded runtime.
        let release = hold_store(&f.svc).await;
        let (first, second) = if round % 2 == 0 {
            ("c4-d4", "c4-c5")
        } else {
            ("b4-c4", "g4-g3")
        };
        let a = {
            let svc = f.svc.clone();
            tokio::spawn(async move { svc.games.play(here, &alice(), first).await })
        };
        let b = {
            let svc = f.svc.clone();
            tokio::spawn(async move { svc.games.play(here, &alice(), second).await })
        };
        for _ in 0..10 {
            tokio::task::yield_now().await;
        }
        release.send(()).unwrap();
        let wait = |h: tokio::task::JoinHandle<_>| async move {
            tokio::time::timeout(Duration::from_secs(30), h)
                .await
                .expect("the move finished")
                .unwrap()
        };
        let results = [wait(a).await, wait(b).await];
        let played: Vec<&focus_bot::service::MoveReport> =
            results.iter().filter_map(|r| r.as_ref().ok()).collect();
        assert_eq!(played.len(), 1, "round {round}: exactly one move is played");
        let refused: Vec<String> = results
            .iter()
            .filter_map(|r| r.as_ref().err().map(ToString::to_string))
            .collect();
        assert_eq!(refused, [POSITION_CHANGED], "round {round}");

        let (game, moves) = f.snapshot(id).await;
        assert_eq!(game.ply, 1);
        assert_eq!(moves.len(), 1);
        assert_eq!(moves[0].notation, played[0].mv.to_string());
        let mut expected = start_pos(Rules::CLASSIC);
        expected.play(played[0].mv).unwrap();
        assert_eq!(game.fpn, expected.to_string());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_moves_racing_on_threads_play_exactly_one() {
    let f = fixture();
    for round in 0..30u64 {
        let here = place(2_000 + round);
        let board = f.classic(here, &alice(), &bob()).await;
        let tasks: Vec<_> = ["c4-d4", "c4-c5"]
            .into_iter()
            .map(|text| {
                let svc = f.svc.clone();
                tokio::spawn(async move { svc.games.play(here, &alice(), text).await })
            })
            .collect();
        let mut ok = 0;
        for task in tasks {
            match tokio::time::timeout(Duration::from_secs(30), task)
                .await
                .expect("the move finished")
                .unwrap()
            {
                Ok(_) => ok += 1,
                // Arriving together: the position changed; arriving after the first was
                // recorded: it is Black's turn. Either way nothing is played twice.
                Err(e) => assert!(
                    [
                        POSITION_CHANGED,
                        "it is not your turn: black is to move, and you play white"
                    ]
                    .contains(&e.to_string().as_str()),
                    "{e}"
                ),
            }
        }
        assert_eq!(ok, 1, "round {round}");
        assert_eq!(f.game(board.game.id).await.ply, 1);
        assert_eq!(f.moves(board.game.id).await.len(), 1);
    }
}

// ---------------------------------------------------------------------------------------------
// Autocomplete

#[tokio::test]
async fn suggestions_are_legal_moves_matching_what_was_typed() {
    let f = fixture();
    let here = place(40);
    let board = f.classic(here, &alice(), &bob()).await;
    let legal: Vec<String> = board
        .position
        .legal_moves()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(legal.len(), 68);

    let all = f.svc.games.suggest_moves(here, alice().id, "").await;
    assert_eq!(all.len(), MAX_SUGGESTIONS);
    assert_eq!(all, legal[..MAX_SUGGESTIONS]);

    let mut c4 = f.svc.games.suggest_moves(here, alice().id, "c4").await;
    c4.sort();
    assert_eq!(c4, ["b4-c4", "c4-b4", "c4-c3", "c4-c5", "c4-d4"]);
    // Cyrillic look-alikes, as `/focus move` reads them: `с` is `c`.
    let mut cyrillic = f.svc.games.suggest_moves(here, alice().id, "с4").await;
    cyrillic.sort();
    assert_eq!(cyrillic, c4);
    assert_eq!(
        f.svc.games.suggest_moves(here, alice().id, "С4–с5").await,
        ["c4-c5"]
    );
    assert_eq!(
        f.svc.games.suggest_moves(here, alice().id, " C4-D").await,
        ["c4-d4"]
    );
    assert_eq!(
        f.svc.games.suggest_moves(here, alice().id, "c4 - c5").await,
        ["c4-c5"]
    );
    assert!(
        f.svc
            .games
            .suggest_moves(here, alice().id, "zz")
            .await
            .is_empty()
    );
    assert!(
        f.svc
            .games
            .suggest_moves(here, alice().id, "+")
            .await
            .is_empty(),
        "no reserve"
    );
    assert!(
        f.svc
            .games
            .suggest_moves(here, alice().id, "d4-")
            .await
            .is_empty(),
        "Black's stack"
    );

    // Nothing for the player not to move, non-players, or elsewhere.
    assert!(
        f.svc
            .games
            .suggest_moves(here, bob().id, "")
            .await
            .is_empty()
    );
    assert!(
        f.svc
            .games
            .suggest_moves(here, carol().id, "")
            .await
            .is_empty()
    );
    assert!(
        f.svc
            .games
            .suggest_moves(place(41), alice().id, "")
            .await
            .is_empty()
    );

    f.svc.games.play(here, &alice(), "c4-d4").await.unwrap();
    assert!(
        f.svc
            .games
            .suggest_moves(here, alice().id, "")
            .await
            .is_empty()
    );
    // d4 is now White's (c4 landed on it): Black can only land there, from e4.
    assert_eq!(
        f.svc.games.suggest_moves(here, bob().id, "d4").await,
        ["e4-d4"]
    );
    let e4 = f.svc.games.suggest_moves(here, bob().id, "e4").await;
    let mut pos = board.position;
    pos.play("c4-d4".parse().unwrap()).unwrap();
    assert!(!e4.is_empty());
    for text in &e4 {
        let mv: Move = text.parse().unwrap();
        assert!(pos.legal_moves().contains(&mv), "{text}");
        assert!(
            text.starts_with("e4") || mv.to() == Some("e4".parse().unwrap()),
            "{text}"
        );
    }

    // A finished game suggests nothing.
    f.svc.games.resign(here, &alice()).await.unwrap();
    assert!(
        f.svc
            .games
            .suggest_moves(here, bob().id, "")
            .await
            .is_empty()
    );
}

#[tokio::test]
async fn the_first_turn_of_a_swap_game_suggests_swaps() {
    let f = fixture();
    let here = place(42);
    let request = ChallengeRequest {
        rules: Rules::SWAP,
        ..ChallengeRequest::default()
    };
    let board = f.start(here, &alice(), &bob(), request).await;
    let swaps = f.svc.games.suggest_moves(here, alice().id, "").await;
    assert_eq!(swaps.len(), MAX_SUGGESTIONS);
    assert!(swaps.iter().all(|s| s.contains('~')), "{swaps:?}");
    let legal: Vec<Move> = board.position.legal_moves().iter().copied().collect();
    assert_eq!(legal.len(), 42);
    for s in &swaps {
        assert!(legal.contains(&s.parse().unwrap()), "{s}");
    }
    let d4: Vec<String> = legal
        .iter()
        .map(ToString::to_string)
        .filter(|s| s.starts_with("d4~"))
        .collect();
    assert!(!d4.is_empty());
    assert_eq!(f.svc.games.suggest_moves(here, alice().id, "d4~").await, d4);
    // A step is refused on this turn, with the rules' reason.
    assert_eq!(
        err_text(f.svc.games.play(here, &alice(), "c4-d4").await),
        "with the opening-swap rule White's first turn must be a swap of two adjacent single \
         pieces of different colours, like d4~d5"
    );

    let report = f.svc.games.play(here, &alice(), &d4[0]).await.unwrap();
    assert!(matches!(report.mv, Move::Swap { .. }));
    assert!(
        md(&strings::move_played(Lang::ENGLISH, &report))
            .starts_with(&format!("<@1001> swapped **{}**.", d4[0]))
    );
    let black = f.svc.games.suggest_moves(here, bob().id, "").await;
    assert_eq!(black.len(), MAX_SUGGESTIONS);
    assert!(black.iter().all(|s| s.contains('-')), "{black:?}");
    assert_eq!(
        err_text(f.svc.games.play(here, &bob(), "c5~d5").await),
        "a swap is allowed only as White's first turn, and only with the opening-swap rule"
    );
}

#[tokio::test]
async fn a_player_with_a_reserve_is_offered_drops() {
    let f = fixture();
    let here = place(43);
    f.set_up(here, &alice(), &bob(), WORKED).await;
    f.play_all(here, &WORKED_MOVES[..2]).await;
    let board = f.svc.games.board(here).await.unwrap();
    assert_eq!(board.position.reserve(Color::White), 1);

    let drops = f.svc.games.suggest_moves(here, alice().id, "+").await;
    assert_eq!(drops.len(), MAX_SUGGESTIONS);
    assert!(drops.iter().all(|d| d.starts_with('+')));
    assert_eq!(
        f.svc.games.suggest_moves(here, alice().id, "+e").await,
        ["+e1", "+e2", "+e3", "+e4", "+e5", "+e6", "+e7", "+e8"]
    );
    assert_eq!(
        f.svc.games.suggest_moves(here, alice().id, "+E5").await,
        ["+e5"]
    );
    // The reserve as the original article writes it (Cyrillic `Р`, `е`), and `r:`, `*`.
    for typed in ["Ре5", "r:e5", "*e5", "R e5"] {
        assert_eq!(
            f.svc.games.suggest_moves(here, alice().id, typed).await,
            ["+e5"],
            "{typed}"
        );
    }
    // Typing a square offers the moves landing there, the drop included.
    let e5 = f.svc.games.suggest_moves(here, alice().id, "e5").await;
    assert!(e5.contains(&"+e5".to_owned()), "{e5:?}");
    for text in &e5 {
        let mv: Move = text.parse().unwrap();
        assert!(board.position.legal_moves().contains(&mv));
        assert!(
            text.starts_with("e5") || mv.to() == Some("e5".parse().unwrap()),
            "{text}"
        );
    }
    // Black has no reserve and it is not their turn.
    assert!(
        f.svc
            .games
            .suggest_moves(here, bob().id, "+")
            .await
            .is_empty()
    );
}

// ---------------------------------------------------------------------------------------------
// Board, resign, draws, takebacks, aborts

#[tokio::test]
async fn board_shows_the_current_position_to_anyone() {
    let f = fixture();
    let here = place(50);
    assert_eq!(err_text(f.svc.games.board(here).await), NO_GAME_HERE);
    assert_eq!(
        err_text(f.svc.games.board_for(here, &alice()).await),
        NO_GAME_HERE
    );
    f.classic(here, &alice(), &bob()).await;
    f.play_all(here, &["c4-d4", "e4-d4"]).await;
    let (board, plays) = f.svc.games.board_for(here, &alice()).await.unwrap();
    assert!(plays);
    assert_eq!(board.game.ply, 2);
    assert_eq!(board.last_move, Some("e4-d4".parse().unwrap()));
    assert_eq!(board.position.to_string(), board.game.fpn);
    let mut expected = Position::start();
    expected.play_str("c4-d4").unwrap();
    expected.play_str("e4-d4").unwrap();
    assert_eq!(board.position.to_string(), expected.to_string());
    assert_eq!(board.to_move(), Some(alice().id));
    assert_drawn(&f.svc, &board).await;
    assert_eq!(
        md(&strings::board_caption(Lang::ENGLISH, &board)),
        format!(
            "Game {}: <@1001> (White) vs <@1002> (Black), ply 2 · classic rules · 3 days per \
             move · rated\n<@1001> (White) to move, by <t:{t}:f> (<t:{t}:R>).",
            board.game.id.0,
            t = T0 + 3 * DAY
        )
    );
    let (other, plays) = f.svc.games.board_for(here, &carol()).await.unwrap();
    assert!(!plays);
    assert_eq!(other.game, board.game);
}

#[tokio::test]
async fn resigning_ends_the_game_for_the_opponent_and_counts_in_the_records() {
    let f = fixture();
    let here = place(51);
    let board = f.classic(here, &alice(), &bob()).await;
    assert_eq!(
        err_text(f.svc.games.resign(here, &carol()).await),
        NOT_A_PLAYER
    );
    assert_eq!(
        err_text(f.svc.games.resign(place(52), &alice()).await),
        NO_GAME_HERE
    );
    assert_eq!(f.game(board.game.id).await, board.game);

    // Each side moves first: a game resigned before that is aborted (below).
    f.svc.games.play(here, &alice(), "c4-d4").await.unwrap();
    f.svc.games.play(here, &bob(), "e4-d4").await.unwrap();
    f.clock.advance(100);
    // Bob resigns on Alice's turn.
    let end = f.svc.games.resign(here, &bob()).await.unwrap();
    let g = &end.game;
    assert_eq!(
        (g.status, g.result, g.reason, g.finished_at),
        (
            GameStatus::Finished,
            Some(GameResult::White),
            Some(EndReason::Resignation),
            Some(T0 + 100)
        )
    );
    assert_eq!(end.to_move(), None);
    assert_drawn(&f.svc, &end).await;
    assert_eq!(
        md(&strings::game_ended(Lang::ENGLISH, &end)),
        "**<@1001> (White) wins game 1**, by resignation.\n\
         Ratings: <@1001> 1662 (+162), <@1002> 1338 (-162)."
    );
    let a = f.player(&alice()).await.unwrap();
    let b = f.player(&bob()).await.unwrap();
    assert_eq!((a.games, a.wins, a.losses), (1, 1, 0));
    assert_eq!((b.games, b.wins, b.losses), (1, 0, 1));
    assert_eq!(f.player(&carol()).await, None);
    // The game is over: nothing more in this channel.
    assert_eq!(
        err_text(f.svc.games.resign(here, &alice()).await),
        NO_GAME_HERE
    );
    assert_eq!(
        err_text(f.svc.games.draw(here, &alice()).await),
        NO_GAME_HERE
    );
    assert_eq!(
        err_text(f.svc.games.request_takeback(here, &alice()).await),
        NO_GAME_HERE
    );
    assert_eq!(
        err_text(f.svc.games.abort(here, &alice(), true).await),
        NO_GAME_HERE
    );
}

#[tokio::test]
async fn a_game_ended_before_each_side_moved_is_aborted_unrated() {
    let f = fixture();
    // White resigns before their first move.
    let here = place(58);
    f.classic(here, &alice(), &bob()).await;
    let end = f.svc.games.resign(here, &alice()).await.unwrap();
    assert_eq!(
        (
            end.game.status,
            end.game.result,
            end.game.reason,
            end.game.ratings
        ),
        (GameStatus::Aborted, None, Some(EndReason::Abort), None)
    );
    assert_eq!(
        md(&strings::game_ended(Lang::ENGLISH, &end)),
        "Game 1 was aborted: no result, no rating change."
    );
    // Black resigns before theirs, White having moved.
    let here = place(59);
    f.classic(here, &alice(), &bob()).await;
    f.svc.games.play(here, &alice(), "c4-d4").await.unwrap();
    let end = f.svc.games.resign(here, &bob()).await.unwrap();
    assert_eq!(end.game.status, GameStatus::Aborted);
    // A draw agreed after one move.
    let here = place(60);
    f.classic(here, &alice(), &bob()).await;
    f.svc.games.play(here, &alice(), "c4-d4").await.unwrap();
    f.svc.games.draw(here, &alice()).await.unwrap();
    let report = f.svc.games.draw(here, &bob()).await.unwrap();
    let DrawReport::Agreed(end) = report else {
        panic!("agreed: {report:?}");
    };
    assert_eq!(end.game.status, GameStatus::Aborted);
    // None of these counts: no player has a game on record.
    for user in [alice(), bob()] {
        assert_eq!(f.player(&user).await.map(|p| p.games).unwrap_or(0), 0);
    }
}

#[tokio::test]
async fn a_draw_offer_is_accepted_by_button_or_by_a_counter_offer() {
    let f = fixture();
    // By button.
    let here = place(53);
    let board = f.classic(here, &alice(), &bob()).await;
    let id = board.game.id;
    f.svc.games.play(here, &alice(), "c4-d4").await.unwrap();
    f.svc.games.play(here, &bob(), "e4-d4").await.unwrap();
    assert_eq!(
        err_text(f.svc.games.draw(here, &carol()).await),
        NOT_A_PLAYER
    );
    assert_eq!(
        err_text(f.svc.games.answer_draw(id, &bob(), true).await),
        "your opponent has not offered a draw"
    );
    match f.svc.games.draw(here, &alice()).await.unwrap() {
        DrawReport::Offered { game, by } => {
            assert_eq!(by, Color::White);
            assert_eq!(game.draw_offer_by, Some(Color::White));
            assert_eq!(
                md(&strings::draw_offered(Lang::ENGLISH, &game, by)),
                "<@1001> offers a draw. <@1002>, accept with the button or /focus draw; playing \
                 on declines it."
            );
        }
        other => panic!("{other:?}"),
    }
    // The offerer cannot accept their own offer; a non-player cannot either.
    let before = f.snapshot(id).await;
    assert_eq!(
        err_text(f.svc.games.answer_draw(id, &alice(), true).await),
        "your opponent has not offered a draw"
    );
    assert_eq!(
        err_text(f.svc.games.answer_draw(id, &carol(), true).await),
        format!("you are not playing in game #{}", id.0)
    );
    assert_eq!(f.snapshot(id).await, before);
    f.clock.advance(50);
    let DrawReport::Agreed(end) = f.svc.games.answer_draw(id, &bob(), true).await.unwrap() else {
        panic!("agreed");
    };
    assert_eq!(
        (end.game.status, end.game.result, end.game.reason),
        (
            GameStatus::Finished,
            Some(GameResult::Draw),
            Some(EndReason::Agreement)
        )
    );
    assert_eq!(
        md(&strings::game_ended(Lang::ENGLISH, &end)),
        "**Game 1 is drawn** by agreement.\n\
         Ratings: <@1001> 1500 (±0), <@1002> 1500 (±0)."
    );
    assert_drawn(&f.svc, &end).await;
    for user in [alice(), bob()] {
        let p = f.player(&user).await.unwrap();
        assert_eq!((p.games, p.wins, p.losses, p.draws), (1, 0, 0, 1));
    }

    // By a counter offer: Bob offers, Alice's own /focus draw accepts.
    let here = place(54);
    f.classic(here, &alice(), &bob()).await;
    f.svc.games.play(here, &alice(), "c4-d4").await.unwrap();
    f.svc.games.play(here, &bob(), "e4-d4").await.unwrap();
    assert!(matches!(
        f.svc.games.draw(here, &bob()).await.unwrap(),
        DrawReport::Offered {
            by: Color::Black,
            ..
        }
    ));
    // Offering again changes nothing.
    assert!(matches!(
        f.svc.games.draw(here, &bob()).await.unwrap(),
        DrawReport::Offered {
            by: Color::Black,
            ..
        }
    ));
    let DrawReport::Agreed(end) = f.svc.games.draw(here, &alice()).await.unwrap() else {
        panic!("agreed");
    };
    assert_eq!(end.game.result, Some(GameResult::Draw));
    assert_eq!(f.player(&alice()).await.unwrap().draws, 2);
}

#[tokio::test]
async fn a_draw_offer_can_be_declined_and_lapses_when_the_offerer_moves() {
    let f = fixture();
    let here = place(55);
    let board = f.classic(here, &alice(), &bob()).await;
    let id = board.game.id;
    f.svc.games.draw(here, &alice()).await.unwrap();
    match f.svc.games.answer_draw(id, &bob(), false).await.unwrap() {
        DrawReport::Offered { game, by } => {
            assert_eq!(game.draw_offer_by, None);
            assert_eq!(by, Color::White, "the offer declined was White's");
            assert_eq!(
                md(&strings::draw_declined(Lang::ENGLISH, &game, !by)),
                "<@1002> declines the draw. Play on!"
            );
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        err_text(f.svc.games.answer_draw(id, &bob(), true).await),
        "your opponent has not offered a draw"
    );

    // Offer, then move: the offer is gone.
    f.svc.games.draw(here, &alice()).await.unwrap();
    assert_eq!(f.game(id).await.draw_offer_by, Some(Color::White));
    f.svc.games.play(here, &alice(), "c4-d4").await.unwrap();
    assert_eq!(f.game(id).await.draw_offer_by, None);
    let before = f.snapshot(id).await;
    assert_eq!(
        err_text(f.svc.games.answer_draw(id, &bob(), true).await),
        "your opponent has not offered a draw"
    );
    // Bob's /focus draw is now a fresh offer, not an agreement.
    assert_eq!(f.snapshot(id).await, before);
    assert!(matches!(
        f.svc.games.draw(here, &bob()).await.unwrap(),
        DrawReport::Offered {
            by: Color::Black,
            ..
        }
    ));
    assert_eq!(f.game(id).await.status, GameStatus::Active);
    assert_eq!(f.player(&alice()).await, None);
}

#[tokio::test]
async fn a_takeback_accepted_restores_the_position_and_a_declined_one_does_not() {
    let f = fixture();
    let here = place(56);
    let board = f.classic(here, &alice(), &bob()).await;
    let id = board.game.id;
    assert_eq!(
        err_text(f.svc.games.request_takeback(here, &alice()).await),
        "there is no move to take back"
    );
    assert_eq!(
        err_text(f.svc.games.request_takeback(here, &carol()).await),
        NOT_A_PLAYER
    );

    f.play_all(here, &["c4-d4", "e4-d4"]).await;
    let (after_two, _) = f.snapshot(id).await;
    f.clock.advance(1_000);
    f.svc.games.play(here, &alice(), "b4-c4").await.unwrap();
    let asked = f.svc.games.request_takeback(here, &alice()).await.unwrap();
    assert_eq!(asked.game.takeback_by, Some(Color::White));
    assert_eq!(
        md(&strings::takeback_requested(
            Lang::ENGLISH,
            &asked,
            Color::White
        )),
        "<@1001> asks to take back their last move. <@1002>, do you agree?"
    );
    let before = f.snapshot(id).await;
    // Only the opponent can grant it, and only for the position they saw.
    assert_eq!(
        err_text(f.svc.games.answer_takeback(id, 3, &alice(), true).await),
        "your opponent has not asked to take a move back"
    );
    assert_eq!(
        err_text(f.svc.games.answer_takeback(id, 2, &bob(), true).await),
        POSITION_CHANGED
    );
    assert_eq!(
        err_text(f.svc.games.answer_takeback(id, 3, &carol(), true).await),
        format!("you are not playing in game #{}", id.0)
    );
    assert_eq!(f.snapshot(id).await, before);

    f.clock.advance(1_000);
    let back = f
        .svc
        .games
        .answer_takeback(id, 3, &bob(), true)
        .await
        .unwrap();
    assert_eq!(back.game.ply, 2);
    assert_eq!(back.game.fpn, after_two.fpn);
    assert_eq!(back.position.to_string(), after_two.fpn);
    assert_eq!(back.game.takeback_by, None);
    assert_eq!(back.last_move, Some("e4-d4".parse().unwrap()));
    assert_eq!(back.to_move(), Some(alice().id));
    assert_eq!(back.game.deadline, Some(f.now() + 3 * DAY));
    assert_drawn(&f.svc, &back).await;
    let moves = f.moves(id).await;
    assert_eq!(
        moves
            .iter()
            .map(|m| m.notation.as_str())
            .collect::<Vec<_>>(),
        ["c4-d4", "e4-d4"]
    );
    assert_eq!(
        md(&strings::takeback_done(Lang::ENGLISH, &back)),
        format!(
            "The last move was taken back.\n<@1001> (White) to move, by <t:{t}:f> (<t:{t}:R>).",
            t = f.now() + 3 * DAY
        )
    );
    // Alice plays again from there.
    f.svc.games.play(here, &alice(), "f4-e4").await.unwrap();

    // Declined: the move stays.
    f.svc.games.request_takeback(here, &alice()).await.unwrap();
    let kept = f
        .svc
        .games
        .answer_takeback(id, 3, &bob(), false)
        .await
        .unwrap();
    assert_eq!(kept.game.takeback_by, None);
    assert_eq!(kept.game.ply, 3);
    assert_eq!(kept.last_move, Some("f4-e4".parse().unwrap()));
    assert_eq!(
        md(&strings::takeback_declined(Lang::ENGLISH, &kept.game)),
        format!("The takeback was declined; game {} goes on.", id.0)
    );
    assert_eq!(
        err_text(f.svc.games.answer_takeback(id, 3, &bob(), true).await),
        "your opponent has not asked to take a move back"
    );
    // A request lapses when the opponent moves on.
    f.svc.games.request_takeback(here, &alice()).await.unwrap();
    f.svc.games.play(here, &bob(), "c3-c4").await.unwrap();
    assert_eq!(
        err_text(f.svc.games.answer_takeback(id, 4, &bob(), true).await),
        "your opponent has not asked to take a move back"
    );
    assert_eq!(f.game(id).await.ply, 4);
}

#[tokio::test]
async fn a_takeback_is_only_of_your_own_last_move() {
    let f = fixture();
    let here = place(57);
    let board = f.classic(here, &alice(), &bob()).await;
    let id = board.game.id;
    // Alice moved; Bob has no move to take back, and his request must not undo Alice's.
    f.svc.games.play(here, &alice(), "c4-d4").await.unwrap();
    let before = f.snapshot(id).await;
    assert_eq!(
        err_text(f.svc.games.request_takeback(here, &bob()).await),
        "there is no move to take back"
    );
    assert_eq!(f.snapshot(id).await, before);
    // Later, after Alice answered Bob's move, Bob's move is no longer the last one.
    f.play_all(here, &["e4-d4", "b4-c4"]).await;
    let before = f.snapshot(id).await;
    assert_eq!(
        err_text(f.svc.games.request_takeback(here, &bob()).await),
        "you can take back only your own last move, until your opponent has replied to it"
    );
    assert_eq!(f.snapshot(id).await, before);
    assert_eq!(before.0.takeback_by, None);
    // Alice's own last move can be taken back.
    assert_eq!(
        f.svc
            .games
            .request_takeback(here, &alice())
            .await
            .unwrap()
            .game
            .takeback_by,
        Some(Color::White)
    );
}

#[tokio::test]
async fn a_player_aborts_only_early_a_moderator_any_time_and_no_record_changes() {
    let f = fixture();
    assert_eq!(ABORT_MAX_PLY, 2);

    // At ply 0 and at ply 2 a player may abort.
    for (channel, plies) in [(60, 0), (61, 2)] {
        let here = place(channel);
        let board = f.classic(here, &alice(), &bob()).await;
        f.play_all(here, &["c4-d4", "e4-d4"][..plies]).await;
        f.clock.advance(10);
        let end = f.svc.games.abort(here, &bob(), false).await.unwrap();
        assert_eq!(end.game.id, board.game.id);
        assert_eq!(
            (end.game.status, end.game.result, end.game.reason),
            (GameStatus::Aborted, None, Some(EndReason::Abort))
        );
        assert_eq!(end.game.finished_at, Some(f.now()));
        assert_eq!(end.game.ply as usize, plies);
        assert_eq!(end.to_move(), None);
        assert_drawn(&f.svc, &end).await;
        assert_eq!(
            md(&strings::game_ended(Lang::ENGLISH, &end)),
            format!(
                "Game {} was aborted: no result, no rating change.",
                end.game.id.0
            )
        );
        assert_eq!(err_text(f.svc.games.board(here).await), NO_GAME_HERE);
    }

    // At ply 3 a player may not.
    let here = place(62);
    let board = f.classic(here, &alice(), &bob()).await;
    let id = board.game.id;
    f.play_all(here, &["c4-d4", "e4-d4", "b4-c4"]).await;
    let before = f.snapshot(id).await;
    for user in [alice(), bob()] {
        assert_eq!(
            err_text(f.svc.games.abort(here, &user, false).await),
            "a player can abort a game only while each side has moved at most once; resign instead, or ask a moderator"
        );
    }
    assert_eq!(
        err_text(f.svc.games.abort(here, &carol(), false).await),
        NOT_A_PLAYER
    );
    assert_eq!(f.snapshot(id).await, before);
    assert_eq!(
        err_text(f.svc.games.abort(place(63), &carol(), true).await),
        NO_GAME_HERE
    );

    // A moderator who does not play may abort it.
    let end = f.svc.games.abort(here, &carol(), true).await.unwrap();
    assert_eq!(end.game.status, GameStatus::Aborted);
    assert_eq!(end.game.ply, 3);
    // A player who is a moderator too may abort late.
    let here = place(64);
    f.classic(here, &alice(), &bob()).await;
    f.play_all(here, &["c4-d4", "e4-d4", "b4-c4", "c3-c4", "f4-e4"])
        .await;
    assert_eq!(
        f.svc
            .games
            .abort(here, &alice(), true)
            .await
            .unwrap()
            .game
            .status,
        GameStatus::Aborted
    );

    // Four aborted games, no records.
    for user in [alice(), bob(), carol()] {
        assert_eq!(f.player(&user).await, None);
    }
    assert!(
        f.svc
            .records
            .games(Some(GUILD), alice().id)
            .await
            .unwrap()
            .is_empty()
    );
}

#[tokio::test]
async fn the_buttons_of_a_finished_game_say_it_is_over() {
    let f = fixture();
    let here = place(65);
    let board = f.classic(here, &alice(), &bob()).await;
    let id = board.game.id;
    f.svc.games.play(here, &alice(), "c4-d4").await.unwrap();
    f.svc.games.play(here, &bob(), "e4-d4").await.unwrap();
    f.svc.games.play(here, &alice(), "b4-c4").await.unwrap();
    f.svc.games.draw(here, &alice()).await.unwrap();
    f.svc.games.request_takeback(here, &alice()).await.unwrap();
    f.svc.games.resign(here, &alice()).await.unwrap();
    let before = f.snapshot(id).await;
    let over = format!("game #{} is not in play: it is over", id.0);
    assert_eq!(
        err_text(f.svc.games.answer_draw(id, &bob(), true).await),
        over
    );
    assert_eq!(
        err_text(f.svc.games.answer_draw(id, &bob(), false).await),
        over
    );
    assert_eq!(
        err_text(f.svc.games.answer_takeback(id, 1, &bob(), true).await),
        over
    );
    assert_eq!(
        err_text(f.svc.games.answer_takeback(id, 1, &bob(), false).await),
        over
    );
    assert_eq!(f.snapshot(id).await, before);
    assert_eq!(f.player(&bob()).await.unwrap().wins, 1);

    // An aborted game's buttons say so too.
    let here = place(66);
    let board = f.classic(here, &alice(), &bob()).await;
    f.svc.games.draw(here, &bob()).await.unwrap();
    f.svc.games.abort(here, &alice(), false).await.unwrap();
    assert_eq!(
        err_text(f.svc.games.answer_draw(board.game.id, &alice(), true).await),
        format!(
            "game #{} is not in play: it was called off",
            board.game.id.0
        )
    );
    assert_eq!(
        err_text(f.svc.games.answer_draw(GameId(999), &alice(), true).await),
        "there is no game #999"
    );
}

// ---------------------------------------------------------------------------------------------
// Lists and records

#[tokio::test]
async fn games_lists_active_games_in_the_guild_least_time_left_first() {
    let f = fixture();
    let with_days = |days| ChallengeRequest {
        days: Some(days),
        ..ChallengeRequest::default()
    };
    // g1: Alice White, her move, 7 days: deadline T0 + 7d.
    let g1 = f
        .start(place(70), &alice(), &bob(), with_days(7))
        .await
        .game
        .id;
    // g2: Alice Black, Bob to move, 3 days: T0 + 3d.
    let g2 = f
        .start(place(71), &bob(), &alice(), with_days(3))
        .await
        .game
        .id;
    // g3: Alice White and moved, Carol to move, no limit.
    let g3 = f
        .start(place(72), &alice(), &carol(), with_days(0))
        .await
        .game
        .id;
    f.svc
        .games
        .play(place(72), &alice(), "c4-d4")
        .await
        .unwrap();
    // g4: Alice Black, Carol moved: her move, 1 day from Carol's move.
    let g4 = f
        .start(place(73), &carol(), &alice(), with_days(1))
        .await
        .game
        .id;
    f.clock.advance(100);
    f.svc
        .games
        .play(place(73), &carol(), "c4-d4")
        .await
        .unwrap();
    // Not listed: a finished game, another guild's game, a game without Alice.
    f.classic(place(74), &alice(), &dave()).await;
    f.svc.games.resign(place(74), &dave()).await.unwrap();
    let elsewhere = Place {
        guild_id: OTHER_GUILD,
        channel_id: 75,
    };
    f.classic(elsewhere, &alice(), &bob()).await;
    f.classic(place(76), &bob(), &carol()).await;

    let list = f.svc.records.games(Some(GUILD), alice().id).await.unwrap();
    let rows: Vec<(GameId, u64, Color, bool)> = list
        .iter()
        .map(|s| (s.game.id, s.opponent, s.color, s.your_turn))
        .collect();
    assert_eq!(
        rows,
        [
            (g4, carol().id, Color::Black, true),
            (g2, bob().id, Color::Black, false),
            (g1, bob().id, Color::White, true),
            (g3, carol().id, Color::White, false),
        ]
    );
    assert_eq!(list[0].game.deadline, Some(T0 + 100 + DAY));
    assert_eq!(
        md(&strings::game_summary_line(Lang::ENGLISH, &list[0])),
        format!(
            "Game {} in <#73> vs <@1003> (classic rules, you play Black): **your move**, \
             due <t:{}:R>",
            g4.0,
            T0 + 100 + DAY
        )
    );
    assert_eq!(
        md(&strings::game_summary_line(Lang::ENGLISH, &list[1])),
        format!(
            "Game {} in <#71> vs <@1002> (classic rules, you play Black): their move, due \
             <t:{}:R>",
            g2.0,
            T0 + 3 * DAY
        )
    );
    assert_eq!(
        md(&strings::game_summary_line(Lang::ENGLISH, &list[3])),
        format!(
            "Game {} in <#72> vs <@1003> (classic rules, you play White): their move",
            g3.0
        )
    );
    let other = f
        .svc
        .records
        .games(Some(OTHER_GUILD), alice().id)
        .await
        .unwrap();
    assert_eq!(other.len(), 1);
    assert!(
        f.svc
            .records
            .games(Some(GUILD), 5_555)
            .await
            .unwrap()
            .is_empty()
    );
}

#[tokio::test]
async fn history_replays_to_the_current_position() {
    let f = fixture();
    let here = place(80);
    let board = f.classic(here, &alice(), &bob()).await;
    let h = f.svc.records.history(here, alice().id, None).await.unwrap();
    assert_eq!(h.record, "");
    assert_eq!(
        md(&strings::history(Lang::ENGLISH, &h, Some("Focus Club"))),
        format!(
            "Game {g} (classic rules), 0 plies:\n```\n[Game \"{g}\"]\n[Server \"Focus Club\"]\n\
             [Date \"2023.11.14\"]\n[White \"Alice\"]\n[Black \"Bob\"]\n[Rules \"classic\"]\n\
             [TimeControl \"3d\"]\n[Rated \"yes\"]\n[Result \"*\"]\n[Termination \"in play\"]\n\n*\n\
             ```\nReplay it by pasting this message into `focus-bot replay`.",
            g = board.game.id.0
        )
    );
    // Seven plies from the start, chosen from the legal moves.
    let mut pos = board.position;
    for i in 0..7 {
        let mv = pos.legal_moves()[i * 5 % pos.legal_moves().len()];
        let user = User::new(board.game.player(pos.side_to_move()), "x");
        f.svc
            .games
            .play(here, &user, &mv.to_string())
            .await
            .unwrap();
        pos.play(mv).unwrap();
    }
    let h = f.svc.records.history(here, alice().id, None).await.unwrap();
    assert!(h.record.starts_with("1. "), "{}", h.record);
    assert_eq!(h.record.matches(". ").count(), 4, "{}", h.record);
    let game = f.game(board.game.id).await;
    assert_eq!(
        replay(Position::start(), &h.record).unwrap().to_string(),
        game.fpn
    );
    assert_eq!(pos.to_string(), game.fpn);
    // By number, from anywhere in the guild; not from another guild.
    assert_eq!(
        f.svc
            .records
            .history(place(81), alice().id, Some(game.id))
            .await
            .unwrap(),
        h
    );
    let elsewhere = Place {
        guild_id: OTHER_GUILD,
        channel_id: 80,
    };
    assert_eq!(
        err_text(
            f.svc
                .records
                .history(elsewhere, alice().id, Some(game.id))
                .await
        ),
        NO_GAME_HERE
    );
    assert_eq!(
        err_text(f.svc.records.history(place(81), alice().id, None).await),
        NO_GAME_HERE
    );
    assert_eq!(
        err_text(
            f.svc
                .records
                .history(here, alice().id, Some(GameId(999)))
                .await
        ),
        "there is no game #999"
    );
    // Once the game is over, the channel's history is still the game that finished there,
    // for anyone, until the next one starts.
    f.svc.games.resign(here, &bob()).await.unwrap();
    let after = f.svc.records.history(here, 424_242, None).await.unwrap();
    assert_eq!(
        (after.game.id, after.record.as_str()),
        (game.id, h.record.as_str())
    );
    let next = f.classic(here, &bob(), &alice()).await;
    let h = f.svc.records.history(here, alice().id, None).await.unwrap();
    assert_eq!((h.game.id, h.record.as_str()), (next.game.id, ""));
    f.svc.games.resign(here, &alice()).await.unwrap();
    let h = f.svc.records.history(here, alice().id, None).await.unwrap();
    assert_eq!(h.game.id, next.game.id, "the last to finish");
}

#[tokio::test]
async fn history_of_a_set_up_position_with_black_first_replays() {
    let f = fixture();
    let here = place(82);
    let request = ChallengeRequest {
        rules: Rules::MIRROR,
        rated: false,
        position: Some(WORKED_BLACK_FIRST.into()),
        ..ChallengeRequest::default()
    };
    let board = f.start(here, &alice(), &bob(), request).await;
    assert_eq!(board.to_move(), Some(bob().id), "Black moves first");
    let start = Position::from_fpn(WORKED_BLACK_FIRST, Rules::MIRROR).unwrap();
    assert_eq!(board.position, start);
    let mut pos = start;
    for i in 0..5 {
        let moves = pos.legal_moves();
        let mv = moves[(i * 3) % moves.len()];
        let user = User::new(board.game.player(pos.side_to_move()), "x");
        f.svc
            .games
            .play(here, &user, &mv.to_string())
            .await
            .unwrap();
        pos.play(mv).unwrap();
        if pos.outcome().is_over() {
            break;
        }
    }
    let game = f.game(board.game.id).await;
    let h = f
        .svc
        .records
        .history(here, alice().id, Some(game.id))
        .await
        .unwrap();
    assert!(h.record.starts_with("1... "), "{}", h.record);
    assert!(h.record.contains(" 2. "), "{}", h.record);
    assert_eq!(replay(start, &h.record).unwrap().to_string(), game.fpn);
    let text = md(&strings::history(Lang::ENGLISH, &h, None));
    assert!(
        text.contains(&format!(
            "[Rules \"mirror\"]\n[TimeControl \"3d\"]\n[Rated \"no\"]\n\
             [FPN \"{WORKED_BLACK_FIRST}\"]\n[Result \"*\"]\n[Termination \"in play\"]\n\n{} *\n```",
            h.record
        )),
        "{text}"
    );
    // The message as a user copies it replays from its header alone: rules and start.
    let header = focus_bot::rules::record::read_record(&text).unwrap();
    assert_eq!(header.tag("Rules"), Some("mirror"));
    assert_eq!(header.tag("FPN"), Some(WORKED_BLACK_FIRST));
    assert_eq!(replay(start, &text).unwrap().to_string(), game.fpn);
}
