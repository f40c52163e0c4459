//! Correspondence play (issue 6): deadlines, reminders, time-outs, the outbox of notices and its
//! delivery, `/focus moretime`, `/focus notify` and the `/focus games` dashboard.
// Longer than 400 lines: the tests of correspondence play share their helpers (games on the test
// clock, the outbox and its postman).
//!
//! Service tests run the game service on a database file in a temporary directory (so a test
//! can restart the bot, or read the outbox with SQL) and a manual clock; a recording
//! [`Mailman`] stands in for Discord and can be told to fail or to refuse DMs. Store tests at
//! the end call [`Store`] directly. Every sentence users read is checked word for word.
//!
//! Sections: fixture · postmen · reminders · time-outs · restarts · delivery (refused DMs,
//! failures, stale notices) · turn notices and notify · more time · expired challenges ·
//! dashboard · store.

use crate::raw::Served;
use focus_bot::discord::markdown::markdown as md;
use std::collections::{HashSet, VecDeque};
use std::future::Future;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use focus_bot::i18n::Lang;
use focus_bot::render::{HEIGHT, WIDTH};
use focus_bot::rules::{Color, Move, Rules};
use focus_bot::service::{
    Board, ChallengeRequest, Clock, Delivered, Delivery, GameSummary, Letter, ManualClock, Place,
    Postman, ServiceError, User,
};
use focus_bot::store::{
    ABORT_MAX_PLY, CHALLENGE_LIFETIME, ChallengeId, ChallengeStatus, ColorChoice, EndReason, Game,
    GameId, GameResult, GameStatus, MAX_TIME_LEFT, MORE_TIME, NewChallenge, Notice, NoticeId,
    NoticeKind, Player, SCHEMA_VERSION, Store, StoreError, Swept, TimeControl, UserSettings, Venue,
    Via, retry_delay,
};
use focus_bot::strings;
use rusqlite::Connection;
use tempfile::TempDir;

// ---------------------------------------------------------------------------------------------
// Fixture
// ---------------------------------------------------------------------------------------------

const T0: i64 = 1_700_000_000;
const HOUR: i64 = 3_600;
const DAY: i64 = 86_400;
/// Long enough for a loaded 2-core machine; only reached when something is broken.
const WAIT: Duration = Duration::from_secs(60);
const GUILD: u64 = 700_000_000_000_000_001;
const OTHER_GUILD: u64 = 700_000_000_000_000_002;
const ALICE: u64 = 1_001;
const BOB: u64 = 1_002;
const CAROL: u64 = 1_003;

/// Five legal plies from the standard start, in turn.
const OPENING: [&str; 5] = ["c4-d4", "e4-d4", "b4-c4", "c3-c4", "f4-e4"];

/// White wins with c4-d4: Black's only stack is then under White's piece, and Black has no
/// reserve.
const ONE_MOVE_WIN: &str = ".,.,.,./.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./\
    .,.,w,b,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,./.,.,.,. w 0 0 17 17";

/// What the recording postman answers for a DM to a user who closed their DMs.
const DM_CLOSED: &str = "Cannot send messages to this user (50007)";
/// What it answers when told to fail.
const NO_PERMISSION: &str = "Missing Permissions (50013)";

const NOT_A_PLAYER: &str = "you are not playing in this channel's game";
const NO_GAME_HERE: &str = "there is no game in this channel: start one with /focus challenge";
const NO_TIME_LIMIT: &str = "this game has no time limit, so there is no time to give";
const OWN_MOVE: &str = "it is your move: `/focus moretime` gives your opponent time on theirs";
const TOO_MUCH_TIME: &str =
    "your opponent already has close to 30 days for this move, the most a move can have";
const DEADLINE_NOT_PASSED: &str = "the player to move still has time: the deadline has not passed";

fn user(id: u64) -> User {
    let name = match id {
        ALICE => "Alice",
        BOB => "Bob",
        CAROL => "Carol",
        _ => "Someone",
    };
    User::new(id, name)
}

fn place(channel: u64) -> Place {
    Place {
        guild_id: GUILD,
        channel_id: channel,
    }
}

/// When a move made at `since` with `days` per move is reminded: 80 % of its time later.
fn remind_time(since: i64, days: i64) -> i64 {
    since + days * DAY * 4 / 5
}

/// One row of the `notices` table, read with SQL.
#[derive(Clone, Debug, PartialEq, Eq)]
struct OutboxRow {
    id: i64,
    kind: String,
    via: String,
    status: String,
    attempts: u32,
    last_error: Option<String>,
    done_at: Option<i64>,
}

struct Fixture {
    svc: Served,
    clock: ManualClock,
    path: PathBuf,
    _dir: TempDir,
}

async fn service_on(path: &Path, clock: &ManualClock) -> Served {
    let store = crate::stores::open(path).await.unwrap();
    Served::new(store, Arc::new(clock.clone()))
}

/// A service on a fresh database file, its clock at T0.
async fn fixture() -> Fixture {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("focus.db");
    let clock = ManualClock::at(T0);
    let svc = service_on(&path, &clock).await;
    Fixture {
        svc,
        clock,
        path,
        _dir: dir,
    }
}

impl Fixture {
    fn now(&self) -> i64 {
        self.clock.now()
    }

    /// Moves the clock forward to `t`.
    #[track_caller]
    fn goto(&self, t: i64) {
        let now = self.now();
        assert!(t >= now, "the clock cannot go back from {now} to {t}");
        self.clock.advance(t - now);
    }

    /// The bot stops (its service and store connection are dropped) and starts again on the
    /// same file, with the same clock.
    async fn restart(self) -> Fixture {
        let Fixture {
            svc,
            clock,
            path,
            _dir,
        } = self;
        drop(svc);
        let svc = service_on(&path, &clock).await;
        Fixture {
            svc,
            clock,
            path,
            _dir,
        }
    }

    /// `white` challenges `black` in `channel` with `request` (White for the challenger) and
    /// `black` accepts at once.
    async fn start_with(
        &self,
        channel: u64,
        white: u64,
        black: u64,
        request: ChallengeRequest,
    ) -> Game {
        let request = ChallengeRequest {
            opponent: Some(user(black)),
            color: ColorChoice::White,
            ..request
        };
        let view = self
            .svc
            .challenges
            .challenge(place(channel), &user(white), request)
            .await
            .unwrap();
        self.svc
            .challenges
            .accept(view.challenge.id, &user(black), Color::Black)
            .await
            .unwrap()
            .game
    }

    /// A rated classic game with `days` per move (0: no limit), started now.
    async fn start(&self, channel: u64, white: u64, black: u64, days: u32) -> Game {
        let request = ChallengeRequest {
            days: Some(days),
            ..ChallengeRequest::default()
        };
        self.start_with(channel, white, black, request).await
    }

    /// Plays `moves` in turn in `channel`'s game, each by the player to move, the clock moved
    /// `gap` seconds before each.
    async fn play(&self, channel: u64, moves: &[&str], gap: i64) {
        for text in moves {
            self.clock.advance(gap);
            let game = self
                .svc
                .store()
                .call(move |s| s.game_in_channel(channel))
                .await
                .unwrap()
                .expect("a game in play");
            let mover = game.player(game.current_position().unwrap().side_to_move());
            self.svc
                .games
                .play(place(channel), &user(mover), text)
                .await
                .unwrap();
        }
    }

    /// A 3-days game in `channel` (Alice White, Bob Black) where both have moved once, an hour
    /// apart: Alice is to move. Returns the game and when Alice is reminded.
    async fn both_moved(&self, channel: u64) -> (Game, i64) {
        let game = self.start(channel, ALICE, BOB, 3).await;
        self.play(channel, &OPENING[..2], HOUR).await;
        let game = self.game(game.id).await;
        (game.clone(), remind_time(game.last_move_at, 3))
    }

    async fn game(&self, id: GameId) -> Game {
        self.svc.store().call(move |s| s.game(id)).await.unwrap()
    }

    async fn challenge_status(&self, id: ChallengeId) -> ChallengeStatus {
        self.svc
            .store()
            .call(move |s| s.challenge(id))
            .await
            .unwrap()
            .status
    }

    async fn player(&self, id: u64) -> Option<Player> {
        self.svc
            .store()
            .call(move |s| s.player(GUILD, id))
            .await
            .unwrap()
    }

    async fn pending(&self) -> Vec<Notice> {
        self.svc
            .store()
            .call(|s| s.pending_notices())
            .await
            .unwrap()
    }

    async fn sweep(&self) -> Swept {
        self.svc.deadlines.sweep().await.unwrap()
    }

    async fn deliver<P: Postman>(&self, postman: &P) -> Delivered {
        self.svc.post.deliver(postman).await.unwrap()
    }

    async fn notify(&self, id: u64, dm: bool) {
        let set = self.svc.settings.notify(id, Some(dm)).await.unwrap();
        assert_eq!(set.dm_notifications, dm);
    }

    /// Every notice ever queued, with SQL.
    fn outbox(&self) -> Vec<OutboxRow> {
        outbox_rows(&self.path)
    }
}

/// Every notice ever queued in the database at `path`, with SQL.
fn outbox_rows(path: &Path) -> Vec<OutboxRow> {
    if crate::stores::on_postgres() {
        return crate::stores::postgres_rows(
            path,
            "SELECT id, kind, via, status, attempts, last_error, done_at FROM notices \
             ORDER BY id",
        )
        .iter()
        .map(|r| OutboxRow {
            id: r.get(0),
            kind: r.get(1),
            via: r.get(2),
            status: r.get(3),
            attempts: u32::try_from(r.get::<_, i64>(4)).unwrap(),
            last_error: r.get(5),
            done_at: r.get(6),
        })
        .collect();
    }
    let conn = Connection::open(path).unwrap();
    let mut stmt = conn
        .prepare(
            "SELECT id, kind, via, status, attempts, last_error, done_at FROM notices \
             ORDER BY id",
        )
        .unwrap();
    stmt.query_map([], |r| {
        Ok(OutboxRow {
            id: r.get(0)?,
            kind: r.get(1)?,
            via: r.get(2)?,
            status: r.get(3)?,
            attempts: r.get(4)?,
            last_error: r.get(5)?,
            done_at: r.get(6)?,
        })
    })
    .unwrap()
    .map(Result::unwrap)
    .collect()
}

/// The sentence of a refusal (panics if the use case succeeded).
#[track_caller]
fn err_text<T>(result: Result<T, ServiceError>) -> String {
    match result {
        Ok(_) => panic!("expected a refusal, but the use case succeeded"),
        Err(err) => err.to_string(),
    }
}

/// The PNG decodes to a board picture of the documented size.
/// Draws `board` as the adapters do, in English, and checks the picture.
async fn assert_drawn(svc: &Served, board: &Board) {
    let options = focus_bot::strings::picture::options(Lang::ENGLISH, board);
    assert_png(&svc.games.picture(board, options).await.expect("a picture"));
}

fn assert_png(png: &[u8]) {
    let img =
        image::load_from_memory_with_format(png, image::ImageFormat::Png).expect("a valid PNG");
    assert_eq!((img.width(), img.height()), (WIDTH, HEIGHT));
}

// ---------------------------------------------------------------------------------------------
// Postmen
// ---------------------------------------------------------------------------------------------

/// Records every letter it is given and answers as scripted: a DM to a user in `closed_dms`
/// is refused; any other letter takes the next answer of `script` (then `Sent`).
#[derive(Default)]
struct Mailman {
    letters: Mutex<Vec<(NoticeId, Letter)>>,
    script: Mutex<VecDeque<Delivery>>,
    closed_dms: HashSet<u64>,
}

impl Mailman {
    fn new() -> Mailman {
        Mailman::default()
    }

    /// Fails the first `n` letters (not counting refused DMs), then sends.
    fn failing(n: usize) -> Mailman {
        let script = (0..n)
            .map(|_| Delivery::Failed(NO_PERMISSION.to_owned()))
            .collect();
        Mailman {
            script: Mutex::new(script),
            ..Mailman::default()
        }
    }

    /// Refuses every DM to `users`.
    fn refusing_dms_of(users: &[u64]) -> Mailman {
        Mailman {
            closed_dms: users.iter().copied().collect(),
            ..Mailman::default()
        }
    }

    fn then_failing(self, n: usize) -> Mailman {
        self.script
            .lock()
            .unwrap()
            .extend((0..n).map(|_| Delivery::Failed(NO_PERMISSION.to_owned())));
        self
    }

    fn letters(&self) -> Vec<(NoticeId, Letter)> {
        self.letters.lock().unwrap().clone()
    }

    fn calls(&self) -> usize {
        self.letters.lock().unwrap().len()
    }
}

impl Postman for Mailman {
    fn deliver(&self, notice: NoticeId, letter: &Letter) -> impl Future<Output = Delivery> + Send {
        self.letters.lock().unwrap().push((notice, letter.clone()));
        let answer = match letter {
            Letter::Direct { user_id, .. } if self.closed_dms.contains(user_id) => {
                Delivery::DmRefused(DM_CLOSED.to_owned())
            }
            _ => self
                .script
                .lock()
                .unwrap()
                .pop_front()
                .unwrap_or(Delivery::Sent),
        };
        std::future::ready(answer)
    }
}

/// A postman whose sends never finish: the bot is killed while Discord is being called.
#[derive(Default)]
struct Stuck {
    seen: Mutex<Vec<NoticeId>>,
    /// Told when a notice is handed over.
    called: tokio::sync::Notify,
}

impl Postman for Stuck {
    fn deliver(&self, notice: NoticeId, _letter: &Letter) -> impl Future<Output = Delivery> + Send {
        self.seen.lock().unwrap().push(notice);
        self.called.notify_one();
        std::future::pending()
    }
}

/// A letter's text, as the adapters put it into words in the letter's language.
fn words(letter: &Letter) -> String {
    md(&strings::letters::text(
        strings::letters::lang_of(letter),
        letter,
    ))
}

/// A letter in a few words (a `Letter`'s `Debug` would print the whole game).
fn describe(letter: &Letter) -> String {
    let text = words(letter);
    match letter {
        Letter::Post { channel_id, .. } => format!("post in {channel_id}: {text}"),
        Letter::Direct { user_id, .. } => format!("DM to {user_id}: {text}"),
        Letter::CloseChallenge { challenge, .. } => {
            format!("close challenge {}: {text}", challenge.id)
        }
        Letter::StartGame { channel_id, .. } => format!("board in {channel_id}: {text}"),
        Letter::Tournament { channel_id, .. } => format!("news in {channel_id}: {text}"),
        Letter::Announce { channel_id, .. } => format!("announcement in {channel_id}: {text}"),
    }
}

/// A channel post's channel, text, pings and board.
#[track_caller]
fn post(letter: &Letter) -> (u64, String, &[u64], Option<&Board>) {
    match letter {
        Letter::Post {
            channel_id,
            ping,
            board,
            ..
        } => (*channel_id, words(letter), ping, board.as_deref()),
        other => panic!("expected a channel post, got {}", describe(other)),
    }
}

/// A DM's user and text.
#[track_caller]
fn direct(letter: &Letter) -> (u64, String) {
    match letter {
        Letter::Direct { user_id, .. } => (*user_id, words(letter)),
        other => panic!("expected a DM, got {}", describe(other)),
    }
}

fn delivered(sent: u32, dropped: u32, to_channel: u32, failed: u32) -> Delivered {
    Delivered {
        sent,
        dropped,
        to_channel,
        failed,
        ..Delivered::default()
    }
}

// ---------------------------------------------------------------------------------------------
// Reminders
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn the_reminder_comes_at_exactly_80_percent_of_the_move_time_in_the_channel() {
    let f = fixture().await;
    let (game, remind) = f.both_moved(1).await;
    let last = T0 + 2 * HOUR;
    let deadline = last + 3 * DAY;
    assert_eq!(game.last_move_at, last);
    assert_eq!(game.deadline, Some(deadline));
    assert_eq!(remind, last + 207_360, "80 % of three days");
    assert_eq!(game.remind_at, Some(remind));

    f.goto(remind - 1);
    assert_eq!(f.sweep().await, Swept::default());
    assert_eq!(f.pending().await, []);

    f.goto(remind);
    assert_eq!(
        f.sweep().await,
        Swept {
            reminded: vec![game.id],
            ..Swept::default()
        }
    );
    assert_eq!(f.game(game.id).await.remind_at, None, "sent: cleared");
    let pending = f.pending().await;
    assert_eq!(
        pending,
        [Notice {
            id: pending[0].id,
            kind: NoticeKind::Reminder,
            game_id: Some(game.id),
            challenge_id: None,
            user_id: Some(ALICE),
            ply: Some(2),
            via: Via::Channel,
            attempts: 0,
            tournament_id: None,
            pairing_id: None,
        }]
    );

    let mailman = Mailman::new();
    assert_eq!(f.deliver(&mailman).await, delivered(1, 0, 0, 0));
    let letters = mailman.letters();
    assert_eq!(letters.len(), 1);
    assert_eq!(letters[0].0, pending[0].id);
    let (channel, text, ping, board) = post(&letters[0].1);
    assert_eq!(channel, 1);
    assert_eq!(ping, [ALICE]);
    assert!(board.is_none());
    assert_eq!(
        text,
        format!(
            "⏰ <@1001>, reminder: your move in game {} is due soon; if time runs out, the game is aborted. Time runs out <t:{deadline}:R> (<t:{deadline}:f>).",
            game.id.0
        )
    );
    assert_eq!(f.pending().await, []);
}

#[tokio::test]
async fn a_move_is_reminded_only_once() {
    let f = fixture().await;
    let (game, remind) = f.both_moved(1).await;
    f.goto(remind);
    assert_eq!(f.sweep().await.reminded, [game.id]);
    let mailman = Mailman::new();
    assert_eq!(f.deliver(&mailman).await, delivered(1, 0, 0, 0));
    for t in [
        remind,
        remind + 1,
        remind + HOUR,
        game.deadline.unwrap() - 1,
    ] {
        f.goto(t);
        assert_eq!(f.sweep().await, Swept::default(), "at {t}");
        assert_eq!(f.deliver(&mailman).await, Delivered::default(), "at {t}");
    }
    assert_eq!(mailman.calls(), 1);
    assert_eq!(f.outbox().len(), 1);
}

#[tokio::test]
async fn no_reminder_before_both_players_have_moved() {
    let f = fixture().await;
    let game = f.start(1, ALICE, BOB, 1).await;
    assert_eq!((game.ply, game.remind_at), (0, None));
    // White's first move: its whole time passes (but for the last second) unreminded.
    f.goto(T0 + DAY - 1);
    assert_eq!(f.sweep().await, Swept::default());
    f.play(1, &OPENING[..1], 0).await;
    let game = f.game(game.id).await;
    assert_eq!((game.ply, game.remind_at), (1, None));
    assert_eq!(game.deadline, Some(T0 + 2 * DAY - 1));
    // Black's first move: likewise.
    f.goto(T0 + 2 * DAY - 2);
    assert_eq!(f.sweep().await, Swept::default());
    assert_eq!(f.pending().await, []);
    // Both have moved: White's second move is reminded at 80 %.
    f.play(1, &OPENING[1..2], 0).await;
    let game = f.game(game.id).await;
    assert_eq!(game.ply, 2);
    assert_eq!(game.remind_at, Some(remind_time(T0 + 2 * DAY - 2, 1)));
    f.goto(remind_time(T0 + 2 * DAY - 2, 1));
    assert_eq!(f.sweep().await.reminded, [game.id]);
}

#[tokio::test]
async fn every_move_gets_its_own_reminder() {
    let f = fixture().await;
    let (game, remind) = f.both_moved(1).await;
    f.goto(remind);
    assert_eq!(f.sweep().await.reminded, [game.id]);
    // Alice replies an hour later; Bob's move is reminded at 80 % of his time.
    f.play(1, &OPENING[2..3], HOUR).await;
    let after = f.game(game.id).await;
    let bob_remind = remind_time(remind + HOUR, 3);
    assert_eq!(after.remind_at, Some(bob_remind));
    f.goto(bob_remind - 1);
    assert_eq!(f.sweep().await, Swept::default());
    f.goto(bob_remind);
    assert_eq!(f.sweep().await.reminded, [game.id]);
    let pending = f.pending().await;
    let kinds: Vec<_> = pending
        .iter()
        .map(|n| (n.kind, n.user_id, n.ply, n.via))
        .collect();
    assert_eq!(
        kinds,
        [
            (NoticeKind::Reminder, Some(ALICE), Some(2), Via::Channel),
            (NoticeKind::Reminder, Some(BOB), Some(3), Via::Channel),
        ]
    );
    // Alice's reminder is for a move she has played since: dropped; Bob's is sent.
    let mailman = Mailman::new();
    assert_eq!(f.deliver(&mailman).await, delivered(1, 1, 0, 0));
    let letters = mailman.letters();
    assert_eq!(letters.len(), 1);
    assert_eq!(letters[0].0, pending[1].id);
    assert_eq!(post(&letters[0].1).2, [BOB]);
}

#[tokio::test]
async fn a_dm_user_is_reminded_by_dm_and_others_in_the_channel() {
    let f = fixture().await;
    let (game, remind) = f.both_moved(1).await;
    // Bob (no DMs) in another game, reminded at the same time.
    let other = f.start(2, CAROL, BOB, 3).await;
    let start2 = f.now();
    f.play(2, &OPENING[..3], 0).await;
    let other_remind = remind_time(start2, 3);
    // DMs on now (no turn DM queued before): only the reminder comes by DM.
    f.notify(ALICE, true).await;
    f.goto(remind.max(other_remind));
    let swept = f.sweep().await;
    let mut reminded = swept.reminded.clone();
    reminded.sort();
    assert_eq!(reminded, [game.id, other.id]);
    let pending = f.pending().await;
    let vias: Vec<_> = pending.iter().map(|n| (n.user_id, n.via)).collect();
    assert!(vias.contains(&(Some(ALICE), Via::Dm)), "{vias:?}");
    assert!(vias.contains(&(Some(BOB), Via::Channel)), "{vias:?}");

    let mailman = Mailman::new();
    assert_eq!(f.deliver(&mailman).await, delivered(2, 0, 0, 0));
    let letters = mailman.letters();
    let dm = letters
        .iter()
        .find(|(_, l)| matches!(l, Letter::Direct { .. }))
        .expect("a DM");
    let (to, text) = direct(&dm.1);
    assert_eq!(to, ALICE);
    let deadline = game.deadline.unwrap();
    assert_eq!(
        text,
        format!(
            "⏰ Reminder: your move in Focus game {} against **Bob** is due soon; if time runs \
             out, the game is aborted. Time runs out <t:{deadline}:R> (<t:{deadline}:f>). \
             https://discord.com/channels/{GUILD}/1",
            game.id.0
        )
    );
    let channel_post = letters
        .iter()
        .find(|(_, l)| matches!(l, Letter::Post { .. }))
        .expect("a channel post");
    let (channel, text, ping, _) = post(&channel_post.1);
    assert_eq!((channel, ping), (2, &[BOB][..]));
    let deadline = f.game(other.id).await.deadline.expect("a deadline");
    assert_eq!(
        text,
        format!(
            "⏰ <@{BOB}>, reminder: your move in game {} is due soon; if time runs out, you lose \
             on time. Time runs out <t:{deadline}:R> (<t:{deadline}:f>).",
            other.id.0
        )
    );
}

#[tokio::test]
async fn games_without_a_time_limit_are_never_reminded_nor_timed_out() {
    let f = fixture().await;
    let game = f.start(1, ALICE, BOB, 0).await;
    assert_eq!((game.deadline, game.remind_at), (None, None));
    f.play(1, &OPENING[..4], DAY).await;
    let game = f.game(game.id).await;
    assert_eq!((game.ply, game.deadline, game.remind_at), (4, None, None));
    f.goto(T0 + 400 * DAY);
    assert_eq!(f.sweep().await, Swept::default());
    assert_eq!(f.game(game.id).await.status, GameStatus::Active);
    assert_eq!(f.pending().await, []);
    assert_eq!(f.outbox(), []);
}

#[tokio::test]
async fn a_takeback_gives_a_full_move_time_and_its_reminder_follows_the_rule() {
    let f = fixture().await;
    let game = f.start(1, ALICE, BOB, 3).await;
    f.play(1, &OPENING[..3], HOUR).await;
    // Alice takes back her second move: ply 2, Alice to move, a full move's time from now.
    f.goto(T0 + DAY);
    f.svc
        .games
        .request_takeback(place(1), &user(ALICE))
        .await
        .unwrap();
    let board = f
        .svc
        .games
        .answer_takeback(game.id, 3, &user(BOB), true)
        .await
        .unwrap();
    assert_eq!(board.game.ply, 2);
    assert_eq!(board.game.deadline, Some(T0 + 4 * DAY));
    assert_eq!(board.game.remind_at, Some(remind_time(T0 + DAY, 3)));
    // Bob takes back his first move: ply 1, so no reminder.
    f.svc
        .games
        .request_takeback(place(1), &user(BOB))
        .await
        .unwrap();
    let board = f
        .svc
        .games
        .answer_takeback(game.id, 2, &user(ALICE), true)
        .await
        .unwrap();
    assert_eq!(board.game.ply, 1);
    assert_eq!(board.game.deadline, Some(T0 + 4 * DAY));
    assert_eq!(board.game.remind_at, None);
    f.goto(T0 + 4 * DAY - 1);
    assert_eq!(f.sweep().await, Swept::default());
}

#[tokio::test]
async fn a_game_that_ends_has_no_reminder_left() {
    let f = fixture().await;
    let (game, remind) = f.both_moved(1).await;
    f.svc.games.resign(place(1), &user(BOB)).await.unwrap();
    let ended = f.game(game.id).await;
    assert_eq!(ended.status, GameStatus::Finished);
    assert_eq!((ended.deadline, ended.remind_at), (None, None));
    f.goto(remind + 10 * DAY);
    assert_eq!(f.sweep().await, Swept::default());
    assert_eq!(f.outbox(), []);
}

// ---------------------------------------------------------------------------------------------
// Time-outs
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn at_the_deadline_the_player_to_move_loses_on_time_with_records_and_the_final_board() {
    let f = fixture().await;
    let game = f.start(1, ALICE, BOB, 3).await;
    assert!(game.rated);
    f.play(1, &OPENING[..3], HOUR).await;
    let deadline = T0 + 3 * HOUR + 3 * DAY;
    assert_eq!(f.game(game.id).await.deadline, Some(deadline));

    // One second before: still in play (Bob is reminded, 80 % having passed).
    f.goto(deadline - 1);
    assert_eq!(
        f.sweep().await,
        Swept {
            reminded: vec![game.id],
            ..Swept::default()
        }
    );
    let mailman = Mailman::new();
    assert_eq!(f.deliver(&mailman).await, delivered(1, 0, 0, 0));
    assert_eq!(f.game(game.id).await.status, GameStatus::Active);
    assert_eq!(f.player(ALICE).await, None);

    f.goto(deadline);
    assert_eq!(
        f.sweep().await,
        Swept {
            timed_out: vec![game.id],
            ..Swept::default()
        }
    );
    let ended = f.game(game.id).await;
    assert_eq!(ended.status, GameStatus::Finished);
    assert_eq!(ended.result, Some(GameResult::White));
    assert_eq!(ended.reason, Some(EndReason::TimeOut));
    assert_eq!(ended.finished_at, Some(deadline));
    assert_eq!((ended.deadline, ended.remind_at), (None, None));
    assert_eq!(ended.ply, 3);

    let alice = f.player(ALICE).await.expect("Alice's record");
    assert_eq!(
        (alice.games, alice.wins, alice.losses, alice.draws),
        (1, 1, 0, 0)
    );
    assert_eq!(alice.last_game_at, Some(deadline));
    let bob = f.player(BOB).await.expect("Bob's record");
    assert_eq!((bob.games, bob.wins, bob.losses, bob.draws), (1, 0, 1, 0));
    assert_eq!(bob.last_game_at, Some(deadline));

    let pending = f.pending().await;
    assert_eq!(
        pending,
        [Notice {
            id: pending[0].id,
            kind: NoticeKind::TimeOut,
            game_id: Some(game.id),
            challenge_id: None,
            user_id: Some(BOB),
            ply: Some(3),
            via: Via::Channel,
            attempts: 0,
            tournament_id: None,
            pairing_id: None,
        }]
    );
    assert_eq!(f.deliver(&mailman).await, delivered(1, 0, 0, 0));
    let letters = mailman.letters();
    assert_eq!(letters.len(), 2);
    assert_eq!(letters[1].0, pending[0].id);
    let (channel, text, ping, board) = post(&letters[1].1);
    assert_eq!(channel, 1);
    assert_eq!(ping, [ALICE, BOB], "both players are told");
    assert_eq!(
        text,
        format!(
            "**<@1002> ran out of time**. **<@1001> (White) wins game {}**, on time.\n\
             Ratings: <@1001> 1662 (+162), <@1002> 1338 (-162).",
            game.id.0
        )
    );
    let board = board.expect("the final board");
    assert_eq!(board.game, ended);
    assert_eq!(board.to_move(), None);
    assert_eq!(
        board.names,
        [Some("Alice".to_owned()), Some("Bob".to_owned())]
    );
    assert_eq!(
        board.last_move.map(|m| m.to_string()).as_deref(),
        Some("b4-c4")
    );
    assert_drawn(&f.svc, board).await;

    // Over: nothing more to sweep, no game in the channel, no claim.
    assert_eq!(f.sweep().await, Swept::default());
    assert_eq!(f.deliver(&mailman).await, Delivered::default());
    assert_eq!(err_text(f.svc.games.board(place(1)).await), NO_GAME_HERE);
    let id = game.id;
    let claim = f
        .svc
        .store()
        .call(move |s| s.claim_timeout(id, deadline + 1))
        .await
        .unwrap_err();
    assert_eq!(
        claim.to_string(),
        format!("game {} is not in play: it is over", game.id)
    );
    assert_eq!(f.svc.records.games(Some(GUILD), ALICE).await.unwrap(), []);
}

#[tokio::test]
async fn a_time_out_before_both_sides_moved_twice_aborts_the_game_unrated() {
    assert_eq!(ABORT_MAX_PLY, 2);
    let f = fixture().await;
    let mailman = Mailman::new();
    for ply in 0..=2_u32 {
        let channel = 10 + u64::from(ply);
        let game = f.start(channel, ALICE, BOB, 1).await;
        f.play(channel, &OPENING[..ply as usize], HOUR).await;
        let deadline = f.now() + DAY;
        assert_eq!(f.game(game.id).await.deadline, Some(deadline));
        f.goto(deadline - 1);
        assert_eq!(f.sweep().await.aborted, [], "ply {ply}: not before");
        f.goto(deadline);
        assert_eq!(
            f.sweep().await,
            Swept {
                aborted: vec![game.id],
                ..Swept::default()
            },
            "ply {ply}"
        );
        let ended = f.game(game.id).await;
        assert_eq!(ended.status, GameStatus::Aborted);
        assert_eq!(ended.result, None);
        assert_eq!(ended.reason, Some(EndReason::Abort));
        assert_eq!(ended.finished_at, Some(deadline));
        assert_eq!((ended.deadline, ended.remind_at), (None, None));

        let loser = if ply % 2 == 0 { ALICE } else { BOB };
        // At ply 2 the sweep a second early reminded Alice; that reminder is now dropped.
        let dropped = u32::from(ply == 2);
        assert_eq!(f.deliver(&mailman).await, delivered(1, dropped, 0, 0));
        let letters = mailman.letters();
        let (ch, text, ping, board) = post(&letters.last().unwrap().1);
        assert_eq!((ch, ping), (channel, &[ALICE, BOB][..]));
        assert_eq!(
            text,
            format!(
                "**Game {} is aborted:** <@{loser}> did not move in time, while each side had \
                 moved at most once. No result, no rating change.",
                game.id.0
            )
        );
        let board = board.expect("the final board");
        assert_eq!(board.game.status, GameStatus::Aborted);
        assert_drawn(&f.svc, board).await;
    }
    // Aborted games change no record.
    assert_eq!(f.player(ALICE).await, None);
    assert_eq!(f.player(BOB).await, None);
    assert_eq!(mailman.calls(), 3);
}

#[tokio::test]
async fn a_reminder_still_pending_at_the_time_out_is_dropped() {
    let f = fixture().await;
    let game = f.start(1, ALICE, BOB, 3).await;
    f.play(1, &OPENING[..3], HOUR).await;
    let deadline = f.game(game.id).await.deadline.unwrap();
    f.goto(deadline - HOUR);
    assert_eq!(f.sweep().await.reminded, [game.id]);
    // Not delivered before the deadline (say the bot was busy).
    f.goto(deadline);
    assert_eq!(f.sweep().await.timed_out, [game.id]);
    let mailman = Mailman::new();
    assert_eq!(f.deliver(&mailman).await, delivered(1, 1, 0, 0));
    let letters = mailman.letters();
    assert_eq!(letters.len(), 1);
    assert!(post(&letters[0].1).1.contains("ran out of time"));
    let statuses: Vec<_> = f.outbox().into_iter().map(|r| (r.kind, r.status)).collect();
    assert_eq!(
        statuses,
        [
            ("reminder".to_owned(), "dropped".to_owned()),
            ("time-out".to_owned(), "sent".to_owned())
        ]
    );
}

// ---------------------------------------------------------------------------------------------
// Restarts
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn overdue_games_found_after_a_restart_are_handled_once_each() {
    let f = fixture().await;
    // 1: one day per move, three plies: lost on time.
    let lost = f.start(1, ALICE, BOB, 1).await;
    f.play(1, &OPENING[..3], HOUR).await;
    // 2: three days, one ply: aborted.
    let aborted = f.start(2, ALICE, CAROL, 3).await;
    f.play(2, &OPENING[..1], HOUR).await;
    // 3: ten days, four plies: 80 % gone after ten days, so only reminded.
    let reminded = f.start(3, BOB, CAROL, 10).await;
    f.play(3, &OPENING[..4], HOUR).await;
    // 4: no time limit; 5: fourteen days (80 % is 11.2 days): untouched.
    let unlimited = f.start(4, CAROL, ALICE, 0).await;
    f.play(4, &OPENING[..2], HOUR).await;
    let slow = f.start(5, BOB, ALICE, 14).await;
    f.play(5, &OPENING[..2], HOUR).await;
    let before_unlimited = f.game(unlimited.id).await;
    let before_slow = f.game(slow.id).await;

    // The bot is down for ten days.
    let f = f.restart().await;
    f.goto(T0 + 10 * DAY);
    let f = f.restart().await;

    assert_eq!(
        f.sweep().await,
        Swept {
            expired_challenges: vec![],
            reminded: vec![reminded.id],
            timed_out: vec![lost.id],
            aborted: vec![aborted.id],
        }
    );
    assert_eq!(f.sweep().await, Swept::default(), "a second sweep");
    let f = f.restart().await;
    assert_eq!(f.sweep().await, Swept::default(), "after another restart");
    assert_eq!(f.game(unlimited.id).await, before_unlimited);
    assert_eq!(f.game(slow.id).await, before_slow);

    let pending = f.pending().await;
    let what: Vec<_> = pending
        .iter()
        .map(|n| (n.kind, n.game_id, n.user_id))
        .collect();
    assert_eq!(
        what,
        [
            (NoticeKind::TimeOut, Some(lost.id), Some(BOB)),
            (NoticeKind::TimeOut, Some(aborted.id), Some(CAROL)),
            (NoticeKind::Reminder, Some(reminded.id), Some(BOB)),
        ]
    );

    let mailman = Mailman::new();
    assert_eq!(f.deliver(&mailman).await, delivered(3, 0, 0, 0));
    let letters = mailman.letters();
    let ids: Vec<_> = letters.iter().map(|(id, _)| *id).collect();
    assert_eq!(ids, pending.iter().map(|n| n.id).collect::<Vec<_>>());
    let channels: Vec<_> = letters.iter().map(|(_, l)| post(l).0).collect();
    assert_eq!(channels, [1, 2, 3]);
    assert!(post(&letters[0].1).1.contains("ran out of time"));
    assert!(post(&letters[1].1).1.contains("is aborted"));
    assert!(post(&letters[2].1).1.contains("reminder"));

    assert_eq!(f.deliver(&mailman).await, Delivered::default());
    let f = f.restart().await;
    assert_eq!(f.sweep().await, Swept::default());
    assert_eq!(f.deliver(&mailman).await, Delivered::default());
    assert_eq!(mailman.calls(), 3, "each notice sent exactly once");
    let rows = f.outbox();
    assert_eq!(rows.len(), 3);
    assert!(rows.iter().all(|r| r.status == "sent" && r.attempts == 0));
    assert!(rows.iter().all(|r| r.done_at == Some(T0 + 10 * DAY)));
}

#[tokio::test]
async fn notices_queued_before_a_restart_are_delivered_after_it_once() {
    let f = fixture().await;
    let (game, remind) = f.both_moved(1).await;
    f.goto(remind);
    assert_eq!(f.sweep().await.reminded, [game.id]);
    let queued = f.pending().await;
    let f = f.restart().await;
    assert_eq!(f.sweep().await, Swept::default());
    assert_eq!(f.pending().await, queued);
    let mailman = Mailman::new();
    assert_eq!(f.deliver(&mailman).await, delivered(1, 0, 0, 0));
    assert_eq!(mailman.letters()[0].0, queued[0].id);
    let f = f.restart().await;
    assert_eq!(f.deliver(&mailman).await, Delivered::default());
    assert_eq!(mailman.calls(), 1);
}

#[tokio::test]
async fn a_send_cut_short_by_a_restart_is_repeated_with_the_same_nonce() {
    let f = fixture().await;
    let (game, remind) = f.both_moved(1).await;
    f.goto(remind);
    assert_eq!(f.sweep().await.reminded, [game.id]);
    let id = f.pending().await[0].id;

    // The bot is killed while Discord is being called: the notice stays pending. The delivery
    // is cut (dropped) once the postman has the notice, as a kill would cut it then.
    let stuck = Stuck::default();
    let cut = tokio::time::timeout(WAIT, async {
        tokio::select! {
            _ = f.svc.post.deliver(&stuck) => false,
            () = stuck.called.notified() => true,
        }
    })
    .await
    .expect("the postman is called");
    assert!(cut, "the send never finished");
    assert_eq!(*stuck.seen.lock().unwrap(), [id]);

    let f = f.restart().await;
    assert_eq!(f.sweep().await, Swept::default());
    let mailman = Mailman::new();
    assert_eq!(f.deliver(&mailman).await, delivered(1, 0, 0, 0));
    let letters = mailman.letters();
    assert_eq!(letters.len(), 1);
    assert_eq!(letters[0].0, id, "the same notice id: Discord's nonce");
    assert_eq!(f.deliver(&mailman).await, Delivered::default());
}

// ---------------------------------------------------------------------------------------------
// Delivery: refused DMs, failures, stale notices
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn a_refused_dm_reminder_is_posted_in_the_channel_once_and_never_retried_as_a_dm() {
    let f = fixture().await;
    let (game, remind) = f.both_moved(1).await;
    // DMs on now (no turn DM queued before): only the reminder comes by DM.
    f.notify(ALICE, true).await;
    f.goto(remind);
    f.sweep().await;
    let id = f.pending().await[0].id;

    let mailman = Mailman::refusing_dms_of(&[ALICE]);
    assert_eq!(f.deliver(&mailman).await, delivered(1, 0, 1, 0));
    let letters = mailman.letters();
    assert_eq!(letters.len(), 2);
    assert_eq!((letters[0].0, letters[1].0), (id, id));
    assert_eq!(direct(&letters[0].1).0, ALICE);
    let (channel, text, ping, board) = post(&letters[1].1);
    assert_eq!((channel, ping), (1, &[ALICE][..]));
    assert!(board.is_none());
    assert!(text.starts_with("⏰ <@1001>, reminder:"), "{text}");
    let deadline = game.deadline.expect("a deadline");
    assert!(
        text.ends_with(&format!(
            "Time runs out <t:{deadline}:R> (<t:{deadline}:f>)."
        )),
        "{text}"
    );

    f.goto(remind + HOUR);
    assert_eq!(f.deliver(&mailman).await, Delivered::default());
    let f = f.restart().await;
    assert_eq!(f.deliver(&mailman).await, Delivered::default());
    assert_eq!(mailman.calls(), 2);
    assert_eq!(
        f.outbox(),
        [OutboxRow {
            id: id.0,
            kind: "reminder".into(),
            via: "channel".into(),
            status: "sent".into(),
            attempts: 0,
            last_error: Some(DM_CLOSED.into()),
            done_at: Some(remind),
        }]
    );
}

#[tokio::test]
async fn a_refused_dm_whose_channel_post_fails_is_retried_in_the_channel_only() {
    let f = fixture().await;
    let (_, remind) = f.both_moved(1).await;
    // DMs on now (no turn DM queued before): only the reminder comes by DM.
    f.notify(ALICE, true).await;
    f.goto(remind);
    f.sweep().await;
    let mailman = Mailman::refusing_dms_of(&[ALICE]).then_failing(1);
    assert_eq!(f.deliver(&mailman).await, delivered(0, 0, 1, 1));
    f.goto(remind + 59);
    assert_eq!(f.deliver(&mailman).await, Delivered::default());
    f.goto(remind + 60);
    assert_eq!(f.deliver(&mailman).await, delivered(1, 0, 0, 0));
    let kinds: Vec<_> = mailman
        .letters()
        .iter()
        .map(|(_, l)| match l {
            Letter::Direct { .. } => "dm",
            Letter::Post { .. } => "post",
            Letter::CloseChallenge { .. } => "close",
            Letter::StartGame { .. } => "board",
            Letter::Tournament { .. } => "news",
            Letter::Announce { .. } => "announce",
        })
        .collect();
    assert_eq!(kinds, ["dm", "post", "post"]);
    let row = &f.outbox()[0];
    assert_eq!((row.via.as_str(), row.status.as_str()), ("channel", "sent"));
    assert_eq!(row.attempts, 1);
}

/// A turn notice is a DM only: the channel already saw the move and its mention, so a refused
/// one is moved to the channel and then dropped there, not posted a second time.
#[tokio::test]
async fn a_refused_turn_dm_is_not_posted_again_in_the_channel() {
    let f = fixture().await;
    f.notify(BOB, true).await;
    f.start(1, ALICE, BOB, 3).await;
    f.play(1, &OPENING[..1], HOUR).await;
    let mailman = Mailman::refusing_dms_of(&[BOB]);
    assert_eq!(f.deliver(&mailman).await, delivered(0, 1, 1, 0));
    let letters = mailman.letters();
    assert_eq!(letters.len(), 1);
    assert_eq!(direct(&letters[0].1).0, BOB);
    f.goto(f.now() + HOUR);
    assert_eq!(f.deliver(&mailman).await, Delivered::default());
    let row = &f.outbox()[0];
    assert_eq!(
        (row.kind.as_str(), row.via.as_str(), row.status.as_str()),
        ("your-turn", "channel", "dropped")
    );
}

#[tokio::test]
async fn a_failed_send_is_retried_after_60_then_120_then_240_seconds_and_sent_once() {
    let f = fixture().await;
    let (_, remind) = f.both_moved(1).await;
    f.goto(remind);
    f.sweep().await;
    let id = f.pending().await[0].id;
    let mailman = Mailman::failing(3);

    assert_eq!(f.deliver(&mailman).await, delivered(0, 0, 0, 1));
    let mut t = remind;
    for (attempts, delay) in [(1, 60), (2, 120), (3, 240)] {
        let pending = f.pending().await;
        assert_eq!(pending.len(), 1, "never lost");
        assert_eq!(pending[0].attempts, attempts);
        assert_eq!(delay, retry_delay(attempts));
        f.goto(t + delay - 1);
        assert_eq!(f.deliver(&mailman).await, Delivered::default(), "too early");
        f.goto(t + delay);
        let expected = if attempts < 3 {
            delivered(0, 0, 0, 1)
        } else {
            delivered(1, 0, 0, 0)
        };
        assert_eq!(
            f.deliver(&mailman).await,
            expected,
            "attempt {}",
            attempts + 1
        );
        t += delay;
    }
    assert_eq!(t, remind + 420);
    assert_eq!(f.pending().await, []);
    f.goto(t + DAY / 4);
    assert_eq!(f.deliver(&mailman).await, Delivered::default());
    let letters = mailman.letters();
    assert_eq!(letters.len(), 4);
    assert!(letters.iter().all(|(n, _)| *n == id));
    assert_eq!(
        f.outbox(),
        [OutboxRow {
            id: id.0,
            kind: "reminder".into(),
            via: "channel".into(),
            status: "sent".into(),
            attempts: 3,
            last_error: Some(NO_PERMISSION.into()),
            done_at: Some(remind + 420),
        }]
    );
}

#[tokio::test]
async fn retries_back_off_to_an_hour_and_never_give_up() {
    let f = fixture().await;
    let game = f.start(1, ALICE, BOB, 1).await;
    f.play(1, &OPENING[..3], HOUR).await;
    f.goto(T0 + 3 * HOUR + DAY);
    assert_eq!(f.sweep().await.timed_out, [game.id]);
    let mailman = Mailman::failing(9);
    let mut t = f.now();
    assert_eq!(f.deliver(&mailman).await, delivered(0, 0, 0, 1));
    let delays = [60, 120, 240, 480, 960, 1_920, 3_600, 3_600, 3_600];
    for (i, delay) in delays.into_iter().enumerate() {
        f.goto(t + delay - 1);
        assert_eq!(f.deliver(&mailman).await, Delivered::default());
        f.goto(t + delay);
        let expected = if i < 8 {
            delivered(0, 0, 0, 1)
        } else {
            delivered(1, 0, 0, 0)
        };
        assert_eq!(f.deliver(&mailman).await, expected, "retry {}", i + 1);
        t += delay;
    }
    assert_eq!(mailman.calls(), 10);
    let row = &f.outbox()[0];
    assert_eq!((row.status.as_str(), row.attempts), ("sent", 9));
}

#[tokio::test]
async fn a_failed_notice_keeps_its_retry_time_across_a_restart() {
    let f = fixture().await;
    let (_, remind) = f.both_moved(1).await;
    f.goto(remind);
    f.sweep().await;
    assert_eq!(f.deliver(&Mailman::failing(1)).await, delivered(0, 0, 0, 1));
    let f = f.restart().await;
    let mailman = Mailman::new();
    f.goto(remind + 59);
    assert_eq!(f.deliver(&mailman).await, Delivered::default());
    f.goto(remind + 60);
    assert_eq!(f.deliver(&mailman).await, delivered(1, 0, 0, 0));
    assert_eq!(mailman.calls(), 1);
}

#[tokio::test]
async fn a_turn_notice_for_a_move_already_played_is_dropped() {
    let f = fixture().await;
    f.notify(BOB, true).await;
    let game = f.start(1, ALICE, BOB, 3).await;
    f.play(1, &OPENING[..1], HOUR).await;
    let pending = f.pending().await;
    assert_eq!(
        pending,
        [Notice {
            id: pending[0].id,
            kind: NoticeKind::YourTurn,
            game_id: Some(game.id),
            challenge_id: None,
            user_id: Some(BOB),
            ply: Some(1),
            via: Via::Dm,
            attempts: 0,
            tournament_id: None,
            pairing_id: None,
        }]
    );
    // Bob moves before the notice goes out (Alice has no DMs: nothing new queued).
    f.play(1, &OPENING[1..2], 60).await;
    assert_eq!(f.pending().await, pending);
    let mailman = Mailman::new();
    assert_eq!(f.deliver(&mailman).await, delivered(0, 1, 0, 0));
    assert_eq!(mailman.calls(), 0);
    assert_eq!(f.outbox()[0].status, "dropped");
}

#[tokio::test]
async fn a_reminder_for_a_move_played_while_it_was_failing_is_dropped() {
    let f = fixture().await;
    let (_, remind) = f.both_moved(1).await;
    f.goto(remind);
    f.sweep().await;
    let mailman = Mailman::failing(1);
    assert_eq!(f.deliver(&mailman).await, delivered(0, 0, 0, 1));
    f.play(1, &OPENING[2..3], 30).await;
    f.goto(remind + 60);
    assert_eq!(f.deliver(&mailman).await, delivered(0, 1, 0, 0));
    assert_eq!(mailman.calls(), 1);
    assert_eq!(f.pending().await, []);
}

// ---------------------------------------------------------------------------------------------
// Turn notices and /focus notify
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn dms_are_opt_in() {
    assert!(!UserSettings::default().dm_notifications);
    let f = fixture().await;
    assert!(
        !f.svc
            .settings
            .notify(ALICE, None)
            .await
            .unwrap()
            .dm_notifications
    );
    assert!(
        !f.svc
            .settings
            .notify(BOB, None)
            .await
            .unwrap()
            .dm_notifications
    );
    f.start(1, ALICE, BOB, 3).await;
    f.play(1, &OPENING, HOUR).await;
    assert_eq!(
        f.pending().await,
        [],
        "nobody asked for DMs: no turn notice"
    );
    assert_eq!(f.outbox(), []);
}

#[tokio::test]
async fn notify_turns_dms_on_and_off_and_is_kept_across_a_restart() {
    let f = fixture().await;
    let on = f.svc.settings.notify(ALICE, Some(true)).await.unwrap();
    assert!(on.dm_notifications);
    assert!(
        f.svc
            .settings
            .notify(ALICE, None)
            .await
            .unwrap()
            .dm_notifications
    );
    assert!(
        !f.svc
            .settings
            .notify(BOB, None)
            .await
            .unwrap()
            .dm_notifications
    );
    let f = f.restart().await;
    assert!(
        f.svc
            .settings
            .notify(ALICE, None)
            .await
            .unwrap()
            .dm_notifications
    );
    assert!(
        !f.svc
            .settings
            .notify(ALICE, Some(false))
            .await
            .unwrap()
            .dm_notifications
    );
    assert!(
        !f.svc
            .settings
            .notify(ALICE, None)
            .await
            .unwrap()
            .dm_notifications
    );

    assert_eq!(
        md(&strings::notify_setting(Lang::ENGLISH, true, true)),
        "Saved. You get a DM when it is your move, besides the mention in the game's channel, \
         and your reminder when time is running out comes by DM instead of in the channel. \
         Stop the DMs with `/focus notify dm:False`."
    );
    assert_eq!(
        md(&strings::notify_setting(Lang::ENGLISH, false, false)),
        "You are told in the game's channel only: the move message mentions you, and so does \
         your reminder when time is running out. Get them by DM with `/focus notify dm:True`."
    );
}

#[tokio::test]
async fn a_move_queues_a_turn_dm_for_an_opponent_who_asked_for_dms() {
    let f = fixture().await;
    f.notify(BOB, true).await;
    let game = f.start(1, ALICE, BOB, 3).await;
    assert_eq!(
        f.pending().await,
        [],
        "Alice (White) moves first and has no DMs"
    );
    f.play(1, &OPENING[..1], HOUR).await;
    let pending = f.pending().await;
    assert_eq!(pending.len(), 1);
    assert_eq!(
        (
            pending[0].kind,
            pending[0].user_id,
            pending[0].ply,
            pending[0].via
        ),
        (NoticeKind::YourTurn, Some(BOB), Some(1), Via::Dm)
    );
    let mailman = Mailman::new();
    assert_eq!(f.deliver(&mailman).await, delivered(1, 0, 0, 0));
    let letters = mailman.letters();
    let (to, text) = direct(&letters[0].1);
    assert_eq!(to, BOB);
    let deadline = T0 + HOUR + 3 * DAY;
    assert_eq!(
        text,
        format!(
            "Your move in Focus game {} against **Alice**: \
             https://discord.com/channels/{GUILD}/1 Time runs out <t:{deadline}:R> \
             (<t:{deadline}:f>).",
            game.id.0
        )
    );
    // Bob replies: Alice has no DMs, so nothing new.
    f.play(1, &OPENING[1..2], HOUR).await;
    assert_eq!(f.pending().await, []);
}

#[tokio::test]
async fn accepting_a_challenge_queues_a_turn_dm_for_white() {
    let f = fixture().await;
    f.notify(ALICE, true).await;
    let game = f.start(1, ALICE, BOB, 0).await;
    let pending = f.pending().await;
    assert_eq!(pending.len(), 1);
    assert_eq!(
        (
            pending[0].kind,
            pending[0].user_id,
            pending[0].ply,
            pending[0].via
        ),
        (NoticeKind::YourTurn, Some(ALICE), Some(0), Via::Dm)
    );
    let mailman = Mailman::new();
    assert_eq!(f.deliver(&mailman).await, delivered(1, 0, 0, 0));
    let letters = mailman.letters();
    let (to, text) = direct(&letters[0].1);
    assert_eq!(to, ALICE);
    assert_eq!(
        text,
        format!(
            "Your move in Focus game {} against **Bob**: https://discord.com/channels/{GUILD}/1",
            game.id.0
        ),
        "no time limit: no due time"
    );
}

#[tokio::test]
async fn an_accepted_takeback_queues_a_turn_dm_and_a_declined_one_does_not() {
    let f = fixture().await;
    let game = f.start(1, ALICE, BOB, 3).await;
    f.play(1, &OPENING[..1], HOUR).await;
    f.notify(ALICE, true).await;
    f.svc
        .games
        .request_takeback(place(1), &user(ALICE))
        .await
        .unwrap();
    f.svc
        .games
        .answer_takeback(game.id, 1, &user(BOB), false)
        .await
        .unwrap();
    assert_eq!(f.pending().await, [], "declined: still Bob's move");
    f.svc
        .games
        .request_takeback(place(1), &user(ALICE))
        .await
        .unwrap();
    f.svc
        .games
        .answer_takeback(game.id, 1, &user(BOB), true)
        .await
        .unwrap();
    let pending = f.pending().await;
    assert_eq!(pending.len(), 1);
    assert_eq!(
        (
            pending[0].kind,
            pending[0].user_id,
            pending[0].ply,
            pending[0].via
        ),
        (NoticeKind::YourTurn, Some(ALICE), Some(0), Via::Dm)
    );
}

#[tokio::test]
async fn a_move_that_ends_the_game_queues_no_turn_dm() {
    let f = fixture().await;
    f.notify(BOB, true).await;
    let request = ChallengeRequest {
        rated: false,
        position: Some(ONE_MOVE_WIN.to_owned()),
        ..ChallengeRequest::default()
    };
    let game = f.start_with(1, ALICE, BOB, request).await;
    f.play(1, &["c4-d4"], HOUR).await;
    assert_eq!(f.game(game.id).await.status, GameStatus::Finished);
    assert_eq!(f.pending().await, []);
}

#[tokio::test]
async fn queued_mail_and_new_deadlines_wake_the_sweeper() {
    let f = fixture().await;
    let wait = Duration::from_millis(100);
    // A game without a clock; the challenge that started it woke the sweeper (its expiry is a
    // due moment).
    f.start(1, ALICE, BOB, 0).await;
    assert!(
        tokio::time::timeout(wait, f.svc.deadlines.mail_queued())
            .await
            .is_ok(),
        "a challenge's expiry wakes the sweeper"
    );
    f.play(1, &OPENING[..1], HOUR).await;
    assert!(
        tokio::time::timeout(wait, f.svc.deadlines.mail_queued())
            .await
            .is_err(),
        "nothing queued, no deadline: no wake-up"
    );
    f.notify(ALICE, true).await;
    f.play(1, &OPENING[1..2], HOUR).await;
    assert!(
        tokio::time::timeout(wait, f.svc.deadlines.mail_queued())
            .await
            .is_ok(),
        "a turn notice wakes the sweeper"
    );
    // A game with a clock: its start and each move set a new due moment.
    f.start(2, CAROL, BOB, 3).await;
    assert!(
        tokio::time::timeout(wait, f.svc.deadlines.mail_queued())
            .await
            .is_ok(),
        "the first deadline wakes the sweeper"
    );
    f.play(2, &OPENING[..2], HOUR).await;
    assert!(
        tokio::time::timeout(wait, f.svc.deadlines.mail_queued())
            .await
            .is_ok(),
        "a new deadline wakes the sweeper"
    );
    let remind = remind_time(f.now(), 3);
    f.goto(remind);
    assert_eq!(f.sweep().await.reminded.len(), 1);
    assert!(
        tokio::time::timeout(wait, f.svc.deadlines.mail_queued())
            .await
            .is_ok(),
        "a sweep that queued something wakes the sweeper"
    );
    assert_eq!(f.sweep().await, Swept::default());
    assert!(
        tokio::time::timeout(wait, f.svc.deadlines.mail_queued())
            .await
            .is_err(),
        "an empty sweep does not"
    );
}

// ---------------------------------------------------------------------------------------------
// /focus moretime
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn moretime_adds_one_day_and_moves_the_unsent_reminder_with_it() {
    assert_eq!(MORE_TIME, DAY);
    let f = fixture().await;
    let (game, old_remind) = f.both_moved(1).await;
    let last = game.last_move_at;
    let old_deadline = last + 3 * DAY;
    f.goto(last + HOUR);
    let given = f
        .svc
        .deadlines
        .more_time(place(1), &user(BOB))
        .await
        .unwrap();
    let deadline = old_deadline + DAY;
    // 80 % of the four days the move now has, from Bob's move.
    let remind = last + 4 * DAY - 4 * DAY / 5;
    assert_eq!(remind, remind_time(last, 4));
    assert_eq!(given.deadline, Some(deadline));
    assert_eq!(given.remind_at, Some(remind));
    assert_eq!(f.game(game.id).await, given);
    assert_eq!(given.last_move_at, last, "the move's start is unchanged");
    assert_eq!(
        md(&strings::more_time_given(Lang::ENGLISH, &given, BOB)),
        format!(
            "<@1002> gives <@1001> one more day for this move. Time runs out \
             <t:{deadline}:R> (<t:{deadline}:f>)."
        )
    );

    for t in [old_remind, old_deadline, remind - 1] {
        f.goto(t);
        assert_eq!(f.sweep().await, Swept::default(), "at {t}");
    }
    f.goto(remind);
    assert_eq!(f.sweep().await.reminded, [game.id]);
    f.goto(deadline - 1);
    assert_eq!(f.sweep().await, Swept::default());
    f.goto(deadline);
    assert_eq!(f.sweep().await.aborted, [game.id], "ply 2: aborted");
}

#[tokio::test]
async fn moretime_after_the_reminder_does_not_remind_again() {
    let f = fixture().await;
    let (game, remind) = f.both_moved(1).await;
    f.goto(remind);
    assert_eq!(f.sweep().await.reminded, [game.id]);
    let given = f
        .svc
        .deadlines
        .more_time(place(1), &user(BOB))
        .await
        .unwrap();
    assert_eq!(given.deadline, Some(game.deadline.unwrap() + DAY));
    assert_eq!(given.remind_at, None);
    f.goto(given.deadline.unwrap() - 1);
    assert_eq!(f.sweep().await, Swept::default());
    assert_eq!(f.pending().await.len(), 1, "only the first reminder");
}

#[tokio::test]
async fn moretime_before_both_moved_sets_no_reminder() {
    let f = fixture().await;
    let game = f.start(1, ALICE, BOB, 2).await;
    // Bob gives Alice a day on her first move, then Alice on Bob's.
    let given = f
        .svc
        .deadlines
        .more_time(place(1), &user(BOB))
        .await
        .unwrap();
    assert_eq!(
        (given.deadline, given.remind_at),
        (Some(T0 + 3 * DAY), None)
    );
    f.play(1, &OPENING[..1], HOUR).await;
    let given = f
        .svc
        .deadlines
        .more_time(place(1), &user(ALICE))
        .await
        .unwrap();
    assert_eq!(
        (given.deadline, given.remind_at),
        (Some(T0 + HOUR + 3 * DAY), None)
    );
    assert_eq!(f.game(game.id).await, given);
}

#[tokio::test]
async fn moretime_refusals_say_why_and_change_nothing() {
    let f = fixture().await;
    let (game, _) = f.both_moved(1).await;
    let unlimited = f.start(2, ALICE, BOB, 0).await;
    let cases = [
        (1, ALICE, OWN_MOVE),
        (1, CAROL, NOT_A_PLAYER),
        (2, BOB, NO_TIME_LIMIT),
        (3, BOB, NO_GAME_HERE),
    ];
    for (channel, who, sentence) in cases {
        assert_eq!(
            err_text(f.svc.deadlines.more_time(place(channel), &user(who)).await),
            sentence,
            "channel {channel}, user {who}"
        );
    }
    assert_eq!(f.game(game.id).await, game);
    assert_eq!(f.game(unlimited.id).await, unlimited);
}

#[tokio::test]
async fn moretime_stops_at_30_days_left() {
    assert_eq!(MAX_TIME_LEFT, 30 * DAY);
    let f = fixture().await;
    let game = f.start(1, ALICE, BOB, 14).await;
    f.play(1, &OPENING[..2], HOUR).await;
    let last = f.now();
    // 14 days + 16 gifts = exactly 30 days left: allowed.
    for k in 1..=16 {
        let given = f
            .svc
            .deadlines
            .more_time(place(1), &user(BOB))
            .await
            .unwrap();
        assert_eq!(given.deadline, Some(last + (14 + k) * DAY));
    }
    let before = f.game(game.id).await;
    assert_eq!(before.remind_at, Some(remind_time(last, 30)));
    assert_eq!(
        err_text(f.svc.deadlines.more_time(place(1), &user(BOB)).await),
        TOO_MUCH_TIME
    );
    assert_eq!(f.game(game.id).await, before);
    // A day later there is room for one more day again.
    f.goto(last + DAY);
    let given = f
        .svc
        .deadlines
        .more_time(place(1), &user(BOB))
        .await
        .unwrap();
    assert_eq!(given.deadline, Some(last + 31 * DAY));
}

// ---------------------------------------------------------------------------------------------
// Expired challenges
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn an_expired_challenge_gets_its_message_closed_only_if_it_has_one() {
    assert_eq!(CHALLENGE_LIFETIME, DAY);
    let f = fixture().await;
    let named = ChallengeRequest {
        opponent: Some(user(BOB)),
        ..ChallengeRequest::default()
    };
    let shown = f
        .svc
        .challenges
        .challenge(place(1), &user(ALICE), named)
        .await
        .unwrap()
        .challenge;
    f.svc
        .challenges
        .set_challenge_message(shown.id, 555)
        .await
        .unwrap();
    let unshown = f
        .svc
        .challenges
        .challenge(place(2), &user(CAROL), ChallengeRequest::default())
        .await
        .unwrap()
        .challenge;
    f.goto(T0 + HOUR);
    let later = f
        .svc
        .challenges
        .challenge(place(3), &user(BOB), ChallengeRequest::default())
        .await
        .unwrap()
        .challenge;
    f.svc
        .challenges
        .set_challenge_message(later.id, 777)
        .await
        .unwrap();

    f.goto(T0 + CHALLENGE_LIFETIME - 1);
    assert_eq!(f.sweep().await, Swept::default());
    f.goto(T0 + CHALLENGE_LIFETIME);
    assert_eq!(
        f.sweep().await,
        Swept {
            expired_challenges: vec![shown.id, unshown.id],
            ..Swept::default()
        }
    );
    assert_eq!(f.challenge_status(shown.id).await, ChallengeStatus::Expired);
    assert_eq!(
        f.challenge_status(unshown.id).await,
        ChallengeStatus::Expired
    );
    assert_eq!(f.challenge_status(later.id).await, ChallengeStatus::Open);
    let pending = f.pending().await;
    assert_eq!(
        pending,
        [Notice {
            id: pending[0].id,
            kind: NoticeKind::ChallengeExpired,
            game_id: None,
            challenge_id: Some(shown.id),
            user_id: None,
            ply: None,
            via: Via::Channel,
            attempts: 0,
            tournament_id: None,
            pairing_id: None,
        }]
    );

    let mailman = Mailman::new();
    assert_eq!(f.deliver(&mailman).await, delivered(1, 0, 0, 0));
    let letters = mailman.letters();
    assert_eq!(letters.len(), 1);
    let text = words(&letters[0].1);
    let Letter::CloseChallenge { challenge, .. } = &letters[0].1 else {
        panic!(
            "expected a closed challenge, got {}",
            describe(&letters[0].1)
        );
    };
    assert_eq!(challenge.id, shown.id);
    assert_eq!(challenge.status, ChallengeStatus::Expired);
    assert_eq!(challenge.message_id, Some(555));
    assert_eq!(challenge.channel_id, 1);
    assert_eq!(
        text,
        "The challenge of <@1001> to <@1002> has expired: nobody accepted it within a day. \
         Start a new one with /focus challenge."
    );
    assert_eq!(f.sweep().await, Swept::default());
    assert_eq!(f.deliver(&mailman).await, Delivered::default());

    // The later, open challenge (anyone may accept) expires a day after it was made.
    f.goto(T0 + HOUR + CHALLENGE_LIFETIME);
    assert_eq!(f.sweep().await.expired_challenges, [later.id]);
    assert_eq!(f.deliver(&mailman).await, delivered(1, 0, 0, 0));
    let letter = &mailman.letters()[1].1;
    let Letter::CloseChallenge { .. } = letter else {
        panic!("expected a closed challenge");
    };
    let text = words(letter);
    assert_eq!(
        text,
        "The challenge of <@1002> has expired: nobody accepted it within a day. Start a new \
         one with /focus challenge."
    );
    assert_eq!(mailman.calls(), 2);
}

#[tokio::test]
async fn an_accepted_challenge_never_expires() {
    let f = fixture().await;
    let game = f.start(1, ALICE, BOB, 7).await;
    f.goto(T0 + 2 * DAY);
    assert_eq!(f.sweep().await, Swept::default());
    let id = game.challenge_id.unwrap();
    let challenge = f.svc.store().call(move |s| s.challenge(id)).await.unwrap();
    assert_eq!(challenge.status, ChallengeStatus::Accepted);
}

/// A click on Accept after the 24 hours but before the sweeper ran marks the challenge
/// expired without queueing the notice that disables its buttons; the sweep then skips it
/// (it is no longer open), so its message keeps live buttons for good.
#[tokio::test]
async fn a_challenge_found_expired_by_a_click_still_gets_its_buttons_disabled() {
    let f = fixture().await;
    let named = ChallengeRequest {
        opponent: Some(user(BOB)),
        ..ChallengeRequest::default()
    };
    let challenge = f
        .svc
        .challenges
        .challenge(place(1), &user(ALICE), named)
        .await
        .unwrap()
        .challenge;
    f.svc
        .challenges
        .set_challenge_message(challenge.id, 555)
        .await
        .unwrap();
    f.goto(T0 + CHALLENGE_LIFETIME);
    assert_eq!(
        err_text(
            f.svc
                .challenges
                .accept(challenge.id, &user(BOB), Color::White)
                .await
        ),
        format!("challenge {} has expired: send a new one", challenge.id)
    );
    f.sweep().await;
    let mailman = Mailman::new();
    f.deliver(&mailman).await;
    let closed: Vec<_> = mailman
        .letters()
        .into_iter()
        .filter_map(|(_, l)| match l {
            Letter::CloseChallenge { challenge, .. } => Some(challenge.id),
            _ => None,
        })
        .collect();
    assert_eq!(
        closed,
        [challenge.id],
        "the expired challenge's message is closed once"
    );
}

// ---------------------------------------------------------------------------------------------
// The /focus games dashboard
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn the_dashboard_lists_least_time_left_first_then_your_move() {
    let f = fixture().await;
    // All started at T0 but 205 and 206, whose first move is played an hour later.
    f.start(201, ALICE, BOB, 0).await; // no limit, Alice's move
    f.start(202, BOB, ALICE, 0).await; // no limit, Bob's move
    f.start(203, BOB, ALICE, 1).await; // due T0 + 1 day, Bob's move
    f.start(204, ALICE, CAROL, 1).await; // due T0 + 1 day, Alice's move
    f.start(205, ALICE, BOB, 3).await;
    f.start(206, CAROL, ALICE, 2).await;
    // Not Alice's, or not here, or over.
    f.start(207, BOB, CAROL, 1).await;
    let elsewhere = Place {
        guild_id: OTHER_GUILD,
        channel_id: 208,
    };
    let request = ChallengeRequest {
        opponent: Some(user(BOB)),
        color: ColorChoice::White,
        days: Some(1),
        ..ChallengeRequest::default()
    };
    let view = f
        .svc
        .challenges
        .challenge(elsewhere, &user(ALICE), request)
        .await
        .unwrap();
    f.svc
        .challenges
        .accept(view.challenge.id, &user(BOB), Color::White)
        .await
        .unwrap();
    f.start(209, ALICE, BOB, 1).await;
    f.svc.games.resign(place(209), &user(BOB)).await.unwrap();
    f.goto(T0 + HOUR);
    f.play(205, &OPENING[..1], 0).await; // due T0 + 1 h + 3 days, Bob's move
    f.play(206, &OPENING[..1], 0).await; // due T0 + 1 h + 2 days, Alice's move

    let games = f.svc.records.games(Some(GUILD), ALICE).await.unwrap();
    let order: Vec<_> = games
        .iter()
        .map(|g| (g.game.channel_id, g.your_turn, g.game.deadline))
        .collect();
    assert_eq!(
        order,
        [
            (204, true, Some(T0 + DAY)),
            (203, false, Some(T0 + DAY)),
            (206, true, Some(T0 + HOUR + 2 * DAY)),
            (205, false, Some(T0 + HOUR + 3 * DAY)),
            (201, true, None),
            (202, false, None),
        ]
    );
    let who: Vec<_> = games.iter().map(|g| (g.opponent, g.color)).collect();
    assert_eq!(
        who,
        [
            (CAROL, Color::White),
            (BOB, Color::Black),
            (CAROL, Color::Black),
            (BOB, Color::White),
            (BOB, Color::White),
            (BOB, Color::Black),
        ]
    );

    let text = md(&strings::dashboard(Lang::ENGLISH, &games, false));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "**Your games on this server** (6 in play, 3 waiting for you), least time left first:"
    );
    assert_eq!(lines.len(), 7);
    for (line, g) in lines[1..].iter().zip(&games) {
        assert_eq!(*line, md(&strings::game_summary_line(Lang::ENGLISH, g)));
    }
    let id204 = games[0].game.id.0;
    assert_eq!(
        lines[1],
        format!(
            "Game {id204} in <#204> vs <@1003> (classic rules, you play White): **your move**, \
             due <t:{}:R>",
            T0 + DAY
        )
    );
    let id203 = games[1].game.id.0;
    assert_eq!(
        lines[2],
        format!(
            "Game {id203} in <#203> vs <@1002> (classic rules, you play Black): their move, due \
             <t:{}:R>",
            T0 + DAY
        )
    );
    let id201 = games[4].game.id.0;
    assert_eq!(
        lines[5],
        format!("Game {id201} in <#201> vs <@1002> (classic rules, you play White): **your move**")
    );

    // Nobody's games: the no-games sentence.
    assert_eq!(f.svc.records.games(Some(GUILD), 4_242).await.unwrap(), []);
    assert_eq!(
        md(&strings::dashboard(Lang::ENGLISH, &[], false)),
        md(&strings::no_games(Lang::ENGLISH))
    );
}

/// `n` summaries of made-up games: ids 1..=n, long channel ids, every other one your move.
fn many_summaries(template: &Game, n: u64) -> Vec<GameSummary> {
    (1..=n)
        .map(|i| {
            let mut game = template.clone();
            game.id = GameId(i64::try_from(i).unwrap());
            game.channel_id = 900_000_000_000_000_000 + i;
            game.deadline = Some(T0 + i64::try_from(i).unwrap() * HOUR);
            GameSummary {
                game,
                opponent: BOB,
                color: Color::White,
                your_turn: i % 2 == 1,
            }
        })
        .collect()
}

#[tokio::test]
async fn the_dashboard_fits_one_message_and_counts_the_rest() {
    let f = fixture().await;
    let template = f.start(1, ALICE, BOB, 3).await;
    let games = many_summaries(&template, 100);
    let text = md(&strings::dashboard(Lang::ENGLISH, &games, false));
    assert!(
        text.chars().count() <= 2_000,
        "{} chars",
        text.chars().count()
    );
    assert!(text.len() <= 2_000, "{} bytes", text.len());
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "**Your games on this server** (100 in play, 50 waiting for you), least time left first:"
    );
    let shown = lines.len() - 2;
    assert!(shown > 5, "{shown} games shown");
    for (line, g) in lines[1..=shown].iter().zip(&games) {
        assert_eq!(*line, md(&strings::game_summary_line(Lang::ENGLISH, g)));
    }
    assert_eq!(
        *lines.last().unwrap(),
        format!("…and {} more.", 100 - shown)
    );
    // Nothing that fits is left out: one more line would not fit with its count.
    let next = md(&strings::game_summary_line(Lang::ENGLISH, &games[shown]));
    let more = format!("\n…and {} more.", 100 - shown - 1);
    let without_count = text.rsplit_once('\n').unwrap().0;
    assert!(without_count.len() + 1 + next.len() + more.len() > 2_000);

    // In Russian too: within Discord's 2,000 (UTF-16 units, as Discord counts), and the rest
    // counted.
    let ru = md(&strings::dashboard(Lang::of_tag("ru"), &games, false));
    assert!(ru.encode_utf16().count() <= 2_000, "{ru}");
    let shown_ru = ru.lines().count() - 2;
    assert!(shown_ru > 5, "{shown_ru} games shown");
    assert_eq!(
        *ru.lines().collect::<Vec<_>>().last().unwrap(),
        format!("…и ещё {}.", 100 - shown_ru)
    );

    // Few games: all shown, no count.
    let few = md(&strings::dashboard(Lang::ENGLISH, &games[..3], false));
    assert_eq!(few.lines().count(), 4);
    assert!(!few.contains("more."));
}

/// When every game fits in 2,000 characters, all are listed: the room kept for "…and N more."
/// is needed only when a game is left out.
#[tokio::test]
async fn a_dashboard_that_just_fits_lists_every_game() {
    let f = fixture().await;
    let template = f.start(1, ALICE, BOB, 3).await;
    let mut found = None;
    // Line lengths vary with the digits of the ids: search for a list whose full text is
    // within the room "…and 1 more." would take from 2,000.
    'search: for n in 5..=40 {
        for channel_digits in 1..=19_u32 {
            for opponent_digits in 1..=20_u32 {
                let mut games = many_summaries(&template, n);
                for g in &mut games {
                    g.game.channel_id = 10_u64.pow(channel_digits - 1);
                }
                games.last_mut().unwrap().opponent = 10_u64.pow(opponent_digits - 1);
                let yours = games.iter().filter(|g| g.your_turn).count();
                let heading = format!(
                    "**Your games on this server** ({n} in play, {yours} waiting for you), \
                     least time left first:"
                );
                let full: String = std::iter::once(heading)
                    .chain(
                        games
                            .iter()
                            .map(|g| md(&strings::game_summary_line(Lang::ENGLISH, g))),
                    )
                    .collect::<Vec<_>>()
                    .join("\n");
                let count_room = "\n…and 1 more.".len();
                if full.len() <= 2_000 && full.len() + count_room > 2_000 {
                    found = Some((games, full));
                    break 'search;
                }
            }
        }
    }
    let (games, full) = found.expect("a list that just fits");
    assert_eq!(md(&strings::dashboard(Lang::ENGLISH, &games, false)), full);
}

// ---------------------------------------------------------------------------------------------
// The store, directly
// ---------------------------------------------------------------------------------------------

fn new_challenge(channel: u64, days: u32, at: i64) -> NewChallenge {
    NewChallenge {
        guild_id: GUILD,
        channel_id: channel,
        challenger_id: ALICE,
        opponent_id: Some(BOB),
        rules: Rules::CLASSIC,
        time_control: TimeControl::days(days),
        color: ColorChoice::White,
        rated: true,
        start_fpn: None,
        created_at: at,
        venue: Default::default(),
    }
}

/// A game in `channel` (Alice White, Bob Black) with `days` per move started at `at`.
fn store_game(store: &mut Store, channel: u64, days: u32, at: i64) -> GameId {
    let c = store
        .create_challenge(&new_challenge(channel, days, at))
        .unwrap();
    store
        .accept_challenge(c.id, BOB, at, Color::White)
        .unwrap()
        .id
}

/// Plays `moves` in turn in game `id`, all at `at`.
fn store_play(store: &mut Store, id: GameId, moves: &[&str], at: i64) -> Game {
    let mut game = store.game(id).unwrap();
    for text in moves {
        let mover = game.player(game.current_position().unwrap().side_to_move());
        let mv: Move = text.parse().unwrap();
        game = store.record_move(id, mover, game.ply, mv, at).unwrap().game;
    }
    game
}

#[test]
fn store_sets_the_reminder_at_ply_two_and_clears_it_when_the_game_ends() {
    let mut store = crate::stores::memory().unwrap();
    let id = store_game(&mut store, 1, 5, T0);
    let g = store.game(id).unwrap();
    assert_eq!((g.deadline, g.remind_at), (Some(T0 + 5 * DAY), None));
    let g = store_play(&mut store, id, &OPENING[..1], T0 + 10);
    assert_eq!((g.deadline, g.remind_at), (Some(T0 + 10 + 5 * DAY), None));
    let g = store_play(&mut store, id, &OPENING[1..2], T0 + 20);
    assert_eq!(g.deadline, Some(T0 + 20 + 5 * DAY));
    assert_eq!(g.remind_at, Some(T0 + 20 + 4 * DAY));
    let g = store_play(&mut store, id, &OPENING[2..3], T0 + 30);
    assert_eq!(g.remind_at, Some(T0 + 30 + 4 * DAY));
    // A takeback at ply 3 → 2 re-arms the reminder from the takeback; 2 → 1 clears it.
    let g = store.take_back(id, 3, T0 + 40).unwrap().game;
    assert_eq!((g.ply, g.remind_at), (2, Some(T0 + 40 + 4 * DAY)));
    let g = store.take_back(id, 2, T0 + 50).unwrap().game;
    assert_eq!((g.ply, g.remind_at), (1, None));
    let g = store_play(&mut store, id, &OPENING[1..2], T0 + 60);
    assert!(g.remind_at.is_some());
    let g = store.resign(id, ALICE, T0 + 70).unwrap();
    assert_eq!((g.deadline, g.remind_at), (None, None));
    assert_eq!(store.sweep(T0 + 100 * DAY).unwrap(), Swept::default());
}

#[test]
fn store_sweep_is_idempotent_and_handles_games_in_deadline_order() {
    let mut store = crate::stores::memory().unwrap();
    let a = store_game(&mut store, 1, 3, T0);
    store_play(&mut store, a, &OPENING[..3], T0);
    let b = store_game(&mut store, 2, 1, T0);
    store_play(&mut store, b, &OPENING[..4], T0);
    let c = store_game(&mut store, 3, 2, T0);
    store_play(&mut store, c, &OPENING[..2], T0);
    let d = store_game(&mut store, 4, 1, T0);
    let e = store_game(&mut store, 5, 14, T0);
    store_play(&mut store, e, &OPENING[..2], T0);

    let swept = store.sweep(T0 + 3 * DAY).unwrap();
    assert_eq!(
        swept,
        Swept {
            expired_challenges: vec![],
            reminded: vec![],
            timed_out: vec![b, a],
            aborted: vec![d, c],
        }
    );
    assert!(!swept.is_empty());
    let notices = store.pending_notices().unwrap();
    let order: Vec<_> = notices.iter().map(|n| n.game_id.unwrap()).collect();
    assert_eq!(order, [b, d, c, a], "queued in deadline order");
    assert!(notices.iter().all(|n| n.kind == NoticeKind::TimeOut));

    let again = store.sweep(T0 + 3 * DAY).unwrap();
    assert!(again.is_empty());
    assert_eq!(store.pending_notices().unwrap(), notices);
    assert_eq!(store.game(e).unwrap().status, GameStatus::Active);
    assert_eq!(store.games_past_deadline(T0 + 3 * DAY).unwrap(), []);

    // Black (to move at ply 3) lost game a; White (to move at ply 4) lost game b.
    assert_eq!(store.game(a).unwrap().result, Some(GameResult::White));
    assert_eq!(store.game(b).unwrap().result, Some(GameResult::Black));
    let alice = store.player(GUILD, ALICE).unwrap().unwrap();
    assert_eq!((alice.games, alice.wins, alice.losses), (2, 1, 1));
}

#[test]
fn store_claim_timeout_only_after_the_deadline() {
    let mut store = crate::stores::memory().unwrap();
    let id = store_game(&mut store, 1, 2, T0);
    store_play(&mut store, id, &OPENING[..3], T0 + 60);
    let deadline = T0 + 60 + 2 * DAY;
    let err = store.claim_timeout(id, deadline - 1).unwrap_err();
    assert!(matches!(err, StoreError::DeadlineNotPassed));
    assert_eq!(err.to_string(), DEADLINE_NOT_PASSED);
    assert_eq!(store.pending_notices().unwrap(), []);

    let ended = store.claim_timeout(id, deadline).unwrap();
    assert_eq!(ended.status, GameStatus::Finished);
    assert_eq!(ended.result, Some(GameResult::White));
    assert_eq!(ended.reason, Some(EndReason::TimeOut));
    let notices = store.pending_notices().unwrap();
    assert_eq!(notices.len(), 1);
    assert_eq!(
        (notices[0].kind, notices[0].user_id, notices[0].ply),
        (NoticeKind::TimeOut, Some(BOB), Some(3))
    );
    assert!(store.sweep(deadline + DAY).unwrap().is_empty());
    let err = store.claim_timeout(id, deadline + DAY).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!("game {id} is not in play: it is over")
    );

    // No time limit: never.
    let free = store_game(&mut store, 2, 0, T0);
    let err = store.claim_timeout(free, T0 + 1_000 * DAY).unwrap_err();
    assert_eq!(err.to_string(), DEADLINE_NOT_PASSED);
}

#[test]
fn store_more_time_refusals() {
    let mut store = crate::stores::memory().unwrap();
    let id = store_game(&mut store, 1, 3, T0);
    store_play(&mut store, id, &OPENING[..2], T0);
    let err = |e: StoreError| e.to_string();
    assert_eq!(
        err(store.more_time(id, CAROL, T0).unwrap_err()),
        format!("you are not playing in game {id}")
    );
    assert_eq!(err(store.more_time(id, ALICE, T0).unwrap_err()), OWN_MOVE);
    let g = store.more_time(id, BOB, T0).unwrap();
    assert_eq!(g.deadline, Some(T0 + 4 * DAY));
    assert_eq!(g.remind_at, Some(remind_time(T0, 4)));
    let free = store_game(&mut store, 2, 0, T0);
    assert_eq!(
        err(store.more_time(free, BOB, T0).unwrap_err()),
        NO_TIME_LIMIT
    );
    store.resign(id, ALICE, T0 + 1).unwrap();
    assert_eq!(
        err(store.more_time(id, BOB, T0 + 2).unwrap_err()),
        format!("game {id} is not in play: it is over")
    );
    let aborted = store_game(&mut store, 3, 3, T0);
    store.abort_game(aborted, T0).unwrap();
    assert_eq!(
        err(store.more_time(aborted, BOB, T0).unwrap_err()),
        format!("game {aborted} is not in play: it was called off")
    );
    assert!(matches!(
        store.more_time(GameId(999), BOB, T0).unwrap_err(),
        StoreError::NoSuchGame(GameId(999))
    ));
}

#[test]
fn store_queues_turn_notices_only_for_dm_users_in_games_in_play() {
    let mut store = crate::stores::memory().unwrap();
    let id = store_game(&mut store, 1, 3, T0);
    // Alice is to move.
    assert!(
        !store.queue_turn_notice(id, T0).unwrap(),
        "DMs are off by default"
    );
    store
        .set_settings(
            BOB,
            UserSettings {
                dm_notifications: true,
                ..UserSettings::default()
            },
        )
        .unwrap();
    assert!(
        !store.queue_turn_notice(id, T0).unwrap(),
        "Bob is not to move"
    );
    store
        .set_settings(
            ALICE,
            UserSettings {
                dm_notifications: true,
                ..UserSettings::default()
            },
        )
        .unwrap();
    assert!(store.settings(ALICE).unwrap().dm_notifications);
    assert!(store.queue_turn_notice(id, T0).unwrap());
    let notices = store.pending_notices().unwrap();
    assert_eq!(
        notices,
        [Notice {
            id: notices[0].id,
            kind: NoticeKind::YourTurn,
            game_id: Some(id),
            challenge_id: None,
            user_id: Some(ALICE),
            ply: Some(0),
            via: Via::Dm,
            attempts: 0,
            tournament_id: None,
            pairing_id: None,
        }]
    );
    store.abort_game(id, T0).unwrap();
    assert!(!store.queue_turn_notice(id, T0).unwrap(), "not in play");
    assert!(matches!(
        store.queue_turn_notice(GameId(999), T0).unwrap_err(),
        StoreError::NoSuchGame(_)
    ));
}

#[test]
fn store_outbox_bookkeeping() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("focus.db");
    let mut store = crate::stores::file(&path).unwrap();
    let g1 = store_game(&mut store, 1, 3, T0);
    let g2 = store_game(&mut store, 2, 3, T0);
    // Set after the games began, so their start queued no turn notice.
    store
        .set_settings(
            ALICE,
            UserSettings {
                dm_notifications: true,
                ..UserSettings::default()
            },
        )
        .unwrap();
    assert!(store.queue_turn_notice(g1, T0).unwrap());
    assert!(store.queue_turn_notice(g2, T0 + 5).unwrap());
    let all = store.pending_notices().unwrap();
    let (n1, n2) = (all[0].id, all[1].id);
    assert!(n1 < n2);

    // Due from their creation time, oldest first, `limit` at a time.
    assert_eq!(store.due_notices(T0 - 1, 10).unwrap(), []);
    assert_eq!(store.due_notices(T0, 10).unwrap(), all[..1]);
    assert_eq!(store.due_notices(T0 + 5, 1).unwrap(), all[..1]);
    assert_eq!(store.due_notices(T0 + 5, 10).unwrap(), all);

    // A failure postpones the notice by retry_delay(attempts) and counts the attempt.
    store.notice_failed(n1, "boom", T0 + 10).unwrap();
    assert_eq!(store.due_notices(T0 + 69, 10).unwrap(), all[1..]);
    let due = store.due_notices(T0 + 70, 10).unwrap();
    assert_eq!(due.iter().map(|n| n.id).collect::<Vec<_>>(), [n2, n1]);
    assert_eq!(due[1].attempts, 1);
    store.notice_failed(n1, "boom again", T0 + 70).unwrap();
    assert_eq!(store.due_notices(T0 + 189, 10).unwrap().len(), 1);
    assert_eq!(store.due_notices(T0 + 190, 10).unwrap().len(), 2);

    // Refused DM: to the channel, due at once, attempts unchanged.
    store.notice_to_channel(n2, "closed", T0 + 20).unwrap();
    let n2_now = store
        .pending_notices()
        .unwrap()
        .into_iter()
        .find(|n| n.id == n2)
        .unwrap();
    assert_eq!((n2_now.via, n2_now.attempts), (Via::Channel, 0));

    // Done is final: a second mark, or a move to the channel, changes nothing.
    store.notice_done(n1, false, T0 + 200).unwrap();
    store.notice_done(n1, true, T0 + 300).unwrap();
    store.notice_to_channel(n1, "late", T0 + 300).unwrap();
    store.notice_done(n2, true, T0 + 400).unwrap();
    assert_eq!(store.pending_notices().unwrap(), []);
    drop(store);
    assert_eq!(
        outbox_rows(&path),
        [
            OutboxRow {
                id: n1.0,
                kind: "your-turn".into(),
                via: "dm".into(),
                status: "sent".into(),
                attempts: 2,
                last_error: Some("boom again".into()),
                done_at: Some(T0 + 200),
            },
            OutboxRow {
                id: n2.0,
                kind: "your-turn".into(),
                via: "channel".into(),
                status: "dropped".into(),
                attempts: 0,
                last_error: Some("closed".into()),
                done_at: Some(T0 + 400),
            },
        ]
    );
}

#[test]
fn retry_delays_double_from_a_minute_to_an_hour() {
    let delays: Vec<i64> = (1..=10).map(retry_delay).collect();
    assert_eq!(
        delays,
        [60, 120, 240, 480, 960, 1_920, 3_600, 3_600, 3_600, 3_600]
    );
}

#[test]
fn store_expire_challenges_queues_a_notice_only_for_shown_ones() {
    let mut store = crate::stores::memory().unwrap();
    let shown = store.create_challenge(&new_challenge(1, 3, T0)).unwrap();
    store.set_challenge_message(shown.id, 42).unwrap();
    let hidden = store.create_challenge(&new_challenge(2, 3, T0)).unwrap();
    assert_eq!(store.expire_challenges(T0 + DAY - 1).unwrap(), []);
    let expired = store.expire_challenges(T0 + DAY).unwrap();
    assert_eq!(
        expired.iter().map(|c| c.id).collect::<Vec<_>>(),
        [shown.id, hidden.id]
    );
    let notices = store.pending_notices().unwrap();
    assert_eq!(notices.len(), 1);
    assert_eq!(
        (notices[0].kind, notices[0].challenge_id, notices[0].game_id),
        (NoticeKind::ChallengeExpired, Some(shown.id), None)
    );
    assert!(store.sweep(T0 + 2 * DAY).unwrap().is_empty());
    assert_eq!(store.pending_notices().unwrap().len(), 1);
}

/// A database from before issue 6 (schema 2): its games in play get their reminder when the
/// schema is brought up to date.
#[test]
fn migrating_an_older_database_gives_games_in_play_their_reminder() {
    if crate::stores::sqlite_only("migrating_an_older_database_gives_games_in_play_their_reminder")
    {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("focus.db");
    let (both, one, free, over) = {
        let mut store = crate::stores::file(&path).unwrap();
        let both = store_game(&mut store, 1, 3, T0);
        store_play(&mut store, both, &OPENING[..2], T0 + 100);
        let one = store_game(&mut store, 2, 3, T0);
        store_play(&mut store, one, &OPENING[..1], T0 + 100);
        let free = store_game(&mut store, 3, 0, T0);
        store_play(&mut store, free, &OPENING[..2], T0 + 100);
        let over = store_game(&mut store, 4, 3, T0);
        store_play(&mut store, over, &OPENING[..2], T0 + 100);
        store.resign(over, ALICE, T0 + 200).unwrap();
        (both, one, free, over)
    };
    let conn = Connection::open(&path).unwrap();
    // Back to schema 2: undo migrations 3 (correspondence), 4 (ratings), 5 (languages), 6
    // (live clock), 7 (threads), 8 (rematch), 9 (channel names), 10 (move times), 11 (games
    // against the bot) and 12 (analyses).
    conn.execute_batch(crate::UNDO_14).unwrap();
    conn.execute_batch(crate::UNDO_13).unwrap();
    conn.execute_batch(
        "DROP TABLE analyses; DROP INDEX games_bot_active; ALTER TABLE games DROP COLUMN bot_color; \
         ALTER TABLE games DROP COLUMN bot_level; DROP TABLE hints; \
         ALTER TABLE moves DROP COLUMN stored_at_ms; DROP TABLE channel_names; \
         ALTER TABLE games DROP COLUMN rematch_challenge_id; \
         DROP INDEX games_by_parent; DROP INDEX games_watch; DROP INDEX games_finished_in; \
         ALTER TABLE games DROP COLUMN parent_channel_id; \
         ALTER TABLE games DROP COLUMN minutes_per_move; \
         ALTER TABLE challenges DROP COLUMN minutes_per_move; \
         DROP TABLE server_settings; ALTER TABLE user_settings DROP COLUMN locale; \
         DROP INDEX players_ladder; DROP INDEX players_left; DROP INDEX games_finished_white; \
         DROP INDEX games_finished_black; \
         ALTER TABLE players DROP COLUMN rated_at; \
         ALTER TABLE players DROP COLUMN provisional_from; \
         ALTER TABLE players DROP COLUMN rated_games; \
         ALTER TABLE players DROP COLUMN left_at; \
         ALTER TABLE players DROP COLUMN member_checked_at; \
         ALTER TABLE games DROP COLUMN white_rating; ALTER TABLE games DROP COLUMN black_rating; \
         ALTER TABLE games DROP COLUMN white_change; ALTER TABLE games DROP COLUMN black_change; \
         DROP INDEX games_remind; ALTER TABLE games DROP COLUMN remind_at; \
         DROP TABLE notices; PRAGMA user_version = 2;",
    )
    .unwrap();
    drop(conn);
    let store = crate::stores::file(&path).unwrap();
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    assert_eq!(
        store.game(both).unwrap().remind_at,
        Some(remind_time(T0 + 100, 3))
    );
    assert_eq!(store.game(one).unwrap().remind_at, None);
    assert_eq!(store.game(free).unwrap().remind_at, None);
    assert_eq!(store.game(over).unwrap().remind_at, None);
    assert_eq!(store.pending_notices().unwrap(), []);
}

/// One game whose stored position cannot be read (a moderator's matter) must not stop every
/// other game in every guild from being timed out and reminded: today the whole sweep fails,
/// minute after minute.
#[test]
fn one_unreadable_game_does_not_stop_the_sweep_for_the_others() {
    if crate::stores::sqlite_only("one_unreadable_game_does_not_stop_the_sweep_for_the_others") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("focus.db");
    let mut store = crate::stores::file(&path).unwrap();
    let bad = store_game(&mut store, 1, 1, T0);
    store_play(&mut store, bad, &OPENING[..3], T0);
    let good = store_game(&mut store, 2, 1, T0);
    store_play(&mut store, good, &OPENING[..3], T0 + 60);
    Connection::open(&path)
        .unwrap()
        .execute(
            "UPDATE games SET fpn = 'not a position' WHERE id = ?1",
            [bad.0],
        )
        .unwrap();
    let swept = store.sweep(T0 + 2 * DAY);
    let swept = swept.expect("the sweep goes on past the unreadable game");
    assert_eq!(swept.timed_out, [good]);
    assert_eq!(store.game(good).unwrap().status, GameStatus::Finished);
}

/// A move or `/focus moretime` that comes after the deadline, before the sweeper got there,
/// is refused and ends the game on time at once (found by a reviewer: both went through).
#[tokio::test]
async fn a_move_or_more_time_after_the_deadline_ends_the_game_on_time() {
    let f = fixture().await;
    let game = f.start(1, ALICE, BOB, 1).await;
    f.play(1, &OPENING[..3], HOUR).await;
    let deadline = f.game(game.id).await.deadline.unwrap();
    f.goto(deadline);
    // Bob, to move, is too late by no time at all.
    let err = f
        .svc
        .games
        .play(place(1), &user(BOB), OPENING[3])
        .await
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "too late: the time for this move in game {} ran out, so the game is over; the \
             channel is told the result",
            game.id
        )
    );
    let ended = f.game(game.id).await;
    assert_eq!(
        (ended.status, ended.result, ended.reason, ended.ply),
        (
            GameStatus::Finished,
            Some(GameResult::White),
            Some(EndReason::TimeOut),
            3
        )
    );
    assert_eq!(
        f.svc
            .store()
            .call(move |s| s.moves(game.id))
            .await
            .unwrap()
            .len(),
        3
    );
    let pending = f.pending().await;
    assert_eq!(pending.len(), 1);
    assert_eq!(
        (pending[0].kind, pending[0].user_id),
        (NoticeKind::TimeOut, Some(BOB))
    );
    assert!(f.sweep().await.is_empty(), "nothing left for the sweep");

    // Alice gives Bob more time a minute too late in another game: aborted at ply 1.
    let late = f.start(2, ALICE, BOB, 1).await;
    f.play(2, &OPENING[..1], HOUR).await;
    f.goto(f.game(late.id).await.deadline.unwrap() + 60);
    let err = f
        .svc
        .deadlines
        .more_time(place(2), &user(ALICE))
        .await
        .unwrap_err();
    assert!(err.to_string().starts_with("too late:"), "{err}");
    assert_eq!(f.game(late.id).await.status, GameStatus::Aborted);
    assert_eq!(f.pending().await.len(), 2);
}

// ---------------------------------------------------------------------------------------------
// Where the bot only answers interactions (issue 23)
// ---------------------------------------------------------------------------------------------

/// Every letter held for `user`, all shown (none waits).
async fn take_held(svc: &Served, user: u64) -> Vec<Letter> {
    let mut letters = Vec::new();
    let left = svc
        .post
        .take_held(user, |letter| {
            letters.push(letter.clone());
            true
        })
        .await
        .unwrap();
    assert_eq!(left, 0);
    letters
}

/// Held letters that find no room in a reply stay held, in order, for a later interaction.
#[tokio::test]
async fn held_letters_without_room_in_a_reply_wait_for_the_next_interaction() {
    let f = fixture().await;
    // Bob leaves three challenges in three group DMs; his DMs are refused.
    for conversation in [11, 12, 13] {
        let place = Place {
            guild_id: conversation,
            channel_id: conversation,
        };
        let request = ChallengeRequest {
            venue: Venue::GroupDm,
            ..ChallengeRequest::default()
        };
        let view = f
            .svc
            .challenges
            .challenge(place, &user(BOB), request)
            .await
            .unwrap();
        f.svc
            .challenges
            .set_challenge_message(view.challenge.id, 40 + conversation)
            .await
            .unwrap();
    }
    f.goto(f.now() + CHALLENGE_LIFETIME + 1);
    f.sweep().await;
    let mailman = Mailman::refusing_dms_of(&[BOB]);
    assert_eq!(f.deliver(&mailman).await.held, 3);

    // A reply with room for one: the oldest is shown, two wait.
    let mut shown = Vec::new();
    let left = f
        .svc
        .post
        .take_held(BOB, |letter| {
            if shown.is_empty() {
                shown.push(direct(letter).1);
                true
            } else {
                false
            }
        })
        .await
        .unwrap();
    assert_eq!((shown.len(), left), (1, 2));
    assert!(
        shown[0].contains("https://discord.com/channels/@me/11 "),
        "{}",
        shown[0]
    );
    // The next interaction shows the other two, in order; then nothing is left.
    let rest: Vec<String> = take_held(&f.svc, BOB)
        .await
        .iter()
        .map(|letter| direct(letter).1)
        .collect();
    assert_eq!(rest.len(), 2);
    assert!(
        rest[0].contains("/@me/12 ") && rest[1].contains("/@me/13 "),
        "{rest:?}"
    );
    assert!(take_held(&f.svc, BOB).await.is_empty());
}

/// An expired group-DM challenge found by a click: its challenger is told by DM when someone
/// else clicked, not when the refusal already told them.
#[tokio::test]
async fn an_expired_challenge_found_by_its_challengers_own_click_is_not_told_twice() {
    let f = fixture().await;
    let place = Place {
        guild_id: 21,
        channel_id: 21,
    };
    let request = || ChallengeRequest {
        opponent: Some(user(BOB)),
        venue: Venue::GroupDm,
        ..ChallengeRequest::default()
    };
    let mine = f
        .svc
        .challenges
        .challenge(place, &user(ALICE), request())
        .await
        .unwrap();
    let theirs = f
        .svc
        .challenges
        .challenge(
            Place {
                guild_id: 22,
                channel_id: 22,
            },
            &user(ALICE),
            request(),
        )
        .await
        .unwrap();
    f.goto(f.now() + CHALLENGE_LIFETIME + 1);
    let mailman = Mailman::refusing_dms_of(&[]);
    let expired = |refused: Result<(), ServiceError>, id: ChallengeId| {
        let expired = matches!(
            refused,
            Err(ServiceError::Store(StoreError::ChallengeExpired(found))) if found == id
        );
        assert!(expired, "{:?}", refused.map(|_| ()));
    };
    // Alice cancels her own: the refusal says it expired, and no DM follows.
    let id = mine.challenge.id;
    expired(
        f.svc.challenges.cancel(id, &user(ALICE)).await.map(|_| ()),
        id,
    );
    assert_eq!(f.deliver(&mailman).await.sent, 0);
    // Bob finds the other expired: Alice is told by DM.
    let id = theirs.challenge.id;
    let accepted = f.svc.challenges.accept(id, &user(BOB), Color::White).await;
    expired(accepted.map(|_| ()), id);
    assert_eq!(f.deliver(&mailman).await.sent, 1);
    let (to, text) = direct(&mailman.letters()[0].1);
    assert_eq!(to, ALICE);
    assert!(text.contains("/@me/22 "), "{text}");
}

/// A game in a group DM, where the bot cannot post: its turn notices, reminders and time-out
/// go to the players' DMs, whether they asked for DMs or not; a refused DM is held for the
/// player's next interaction and given back once; its challenge's expiry edits nothing.
#[tokio::test]
async fn where_the_bot_cannot_post_players_are_told_by_dm_or_at_their_next_interaction() {
    let f = fixture().await;
    let request = ChallengeRequest {
        days: Some(3),
        venue: Venue::GroupDm,
        ..ChallengeRequest::default()
    };
    // Outside a server the channel stands for the server (its ladder, its links).
    let group = Place {
        guild_id: 5,
        channel_id: 5,
    };
    let request = ChallengeRequest {
        opponent: Some(user(BOB)),
        color: ColorChoice::White,
        ..request
    };
    let view = f
        .svc
        .challenges
        .challenge(group, &user(ALICE), request)
        .await
        .unwrap();
    let game = f
        .svc
        .challenges
        .accept(view.challenge.id, &user(BOB), Color::Black)
        .await
        .unwrap()
        .game;
    assert_eq!(game.venue, Venue::GroupDm);
    // Nobody asked for DMs: alice (White, to move) is told by DM all the same.
    let mailman = Mailman::refusing_dms_of(&[BOB]);
    assert_eq!(f.deliver(&mailman).await, delivered(1, 0, 0, 0));
    let letters = mailman.letters();
    assert_eq!(letters.len(), 1);
    let (to, text) = direct(&letters[0].1);
    assert_eq!(to, ALICE);
    assert!(text.contains(&format!("game {}", game.id.0)), "{text}");
    assert!(
        text.contains("https://discord.com/channels/@me/5"),
        "{text}"
    );

    // Bob's DM is refused: the notice is held, not moved to the channel, never retried.
    f.play(5, &OPENING[..1], HOUR).await;
    let held = Delivered {
        held: 1,
        ..Delivered::default()
    };
    assert_eq!(f.deliver(&mailman).await, held);
    f.goto(f.now() + DAY);
    assert_eq!(f.deliver(&mailman).await, Delivered::default());
    assert_eq!(mailman.calls(), 2);
    let row = f.outbox().pop().unwrap();
    assert_eq!(
        (row.kind.as_str(), row.via.as_str(), row.status.as_str()),
        ("your-turn", "dm", "sent")
    );
    // Given back once, at bob's next interaction; alice has nothing held.
    assert!(take_held(&f.svc, ALICE).await.is_empty());
    let letters = take_held(&f.svc, BOB).await;
    assert_eq!(letters.len(), 1);
    let (to, text) = direct(&letters[0]);
    assert_eq!(to, BOB);
    assert!(text.starts_with("Your move in Focus game"), "{text}");
    assert!(take_held(&f.svc, BOB).await.is_empty(), "once");

    // A held notice that no longer applies (bob moved since) is not shown.
    f.play(5, &OPENING[1..3], HOUR).await;
    assert_eq!(
        f.deliver(&mailman).await.held,
        1,
        "bob's turn again, refused"
    );
    f.play(5, &OPENING[3..4], HOUR).await;
    assert_eq!(f.deliver(&mailman).await.sent, 1, "alice's turn DM");
    assert!(take_held(&f.svc, BOB).await.is_empty(), "moved since");

    // Bob never moves again: the time-out goes to both players by DM, not to the channel.
    let game = f.game(game.id).await;
    f.goto(game.deadline.unwrap());
    f.sweep().await;
    let before = mailman.calls();
    let done = f.deliver(&mailman).await;
    assert_eq!((done.sent, done.held), (1, 1), "alice told, bob held");
    let letters = &mailman.letters()[before..];
    assert!(
        letters
            .iter()
            .all(|(_, l)| matches!(l, Letter::Direct { .. }))
    );
    let (to, text) = direct(&letters[0].1);
    assert_eq!(to, ALICE);
    assert!(text.contains("ran out of time"), "{text}");
    let held = take_held(&f.svc, BOB).await;
    assert_eq!(held.len(), 1);
    assert!(direct(&held[0]).1.contains("ran out of time"));
    assert_eq!(f.game(game.id).await.status, GameStatus::Finished);

    // A challenge made there that runs out edits nothing (the bot cannot reach its message):
    // its challenger is told by DM instead, in her language.
    let request = ChallengeRequest {
        venue: Venue::GroupDm,
        ..ChallengeRequest::default()
    };
    // Outside a server the adapter's place is the conversation itself (guild = channel).
    let group_dm = Place {
        guild_id: 9,
        channel_id: 9,
    };
    let view = f
        .svc
        .challenges
        .challenge(group_dm, &user(ALICE), request)
        .await
        .unwrap();
    f.svc
        .challenges
        .set_challenge_message(view.challenge.id, 42)
        .await
        .unwrap();
    f.goto(f.now() + CHALLENGE_LIFETIME + 1);
    f.sweep().await;
    let before = mailman.letters().len();
    let done = f.deliver(&mailman).await;
    assert_eq!((done.sent, done.dropped), (1, 0), "{done:?}");
    let letters = &mailman.letters()[before..];
    assert_eq!(letters.len(), 1);
    let (to, text) = direct(&letters[0].1);
    assert_eq!(to, ALICE);
    assert!(
        text.starts_with("Your challenge in https://discord.com/channels/@me/9 has expired")
            && text.contains("has expired: nobody accepted it within a day."),
        "{text}"
    );
}
