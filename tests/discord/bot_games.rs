//! Games against the bot (issue 15) end to end through the Discord stand-in: a whole game
//! against level 1 played by a script, the bot moving after a restart, a resignation while it
//! thinks, and hints.
// Longer than 400 lines: games against the bot through the stand-in share their setup.

use crate::support;

use std::time::Duration;

use focus_bot::engine::{Engine, Limits};
use focus_bot::rules::{Color, Move, Position};
use focus_bot::service::GameService;
use focus_bot::store::{ColorChoice, NewChallenge, Store, TimeControl};
use serde_json::json;
use support::bot::{SWEEP, WAIT, World};
use support::discord::{FakeGuild, FakeUser, Reply, ReplyKind, mention};

/// Where the clock starts: 2026-03-02 09:00 UTC.
const T0: i64 = 1_772_442_000;

/// The bot's move in the text of its move message: the first `**…**`.
fn move_in(text: &str) -> Move {
    let bold = text
        .split("**")
        .nth(1)
        .unwrap_or_else(|| panic!("no move in {text:?}"));
    bold.parse()
        .unwrap_or_else(|e| panic!("{bold:?} is not a move: {e}"))
}

/// Whether `reply` is the bot's own message in `channel` announcing a move of the bot.
fn is_bot_move(reply: &Reply, channel: u64, bot: &FakeUser) -> bool {
    reply.kind == ReplyKind::ChannelMessage
        && reply.channel_id == Some(channel)
        && reply
            .text()
            .starts_with(&format!("{} played", mention(bot)))
}

/// The bot's `n`-th (0-based) move message in `channel`, once it is there.
async fn bot_move(w: &World, channel: u64, bot: &FakeUser, n: usize) -> Reply {
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        let moves: Vec<Reply> = w
            .fake
            .replies()
            .into_iter()
            .filter(|r| is_bot_move(r, channel, bot))
            .collect();
        if let Some(reply) = moves.get(n) {
            return reply.clone();
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "no bot move {n} in {channel}"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// The answer to interaction `id` after its deferral, if it was deferred.
async fn answer_to(w: &World, id: u64) -> Reply {
    w.fake
        .reply_where(WAIT, |r| {
            r.interaction_id == Some(id) && r.kind != ReplyKind::Callback(5)
        })
        .await
}

/// Whether `bytes` is a PNG picture.
fn is_png(bytes: &[u8]) -> bool {
    bytes.starts_with(b"\x89PNG\r\n\x1a\n")
}

/// Alice challenges the bot in #general at `level` with `color`; the game's first message
/// (posted in the game's channel or thread) and that channel.
async fn alice_plays_the_bot(w: &World, level: i64, color: u64) -> (FakeUser, Reply, u64) {
    let alice = w.fake.user("alice");
    let bot = w.fake.bot_user().clone();
    let general = w.fake.channel("general");
    let options = json!({ "opponent": bot.id, "level": level, "color": color });
    let first = w.slash(&alice, general, "focus challenge", options).await;
    assert!(!first.ephemeral(), "{}", first.text());
    // Here, the reply is the start; in a thread of its own, the start is posted there.
    let start = if first.text().contains("begins!") {
        first
    } else {
        w.fake
            .reply_where(WAIT, |r| r.text().contains("begins!"))
            .await
    };
    assert!(
        start
            .text()
            .contains(&format!("I play at level {level} of 8.")),
        "{}",
        start.text()
    );
    assert!(start.files.iter().any(|(_, b)| is_png(b)), "{start:?}");
    let channel = start.channel_id.expect("the start's channel");
    (alice, start, channel)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_against_level_1_played_by_a_script() {
    let mut w = World::at(T0).await;
    let bot = w.start_bot().await;
    let me = w.fake.bot_user().clone();
    // Alice plays White, the colour option's first choice, with a two-ply search.
    let (alice, start, channel) = alice_plays_the_bot(&w, 1, 0).await;
    assert!(start.text().contains("unrated"), "{}", start.text());
    let mut position = Position::start();
    let mut engine = Engine::with_table_mib(1);
    let mut seen = 0;
    let mut last = None;
    for _ in 0..200 {
        let mv = engine
            .search(&position, &Limits::depth(2), |_| {})
            .best
            .expect("alice has a move while the game goes on");
        position.play(mv).expect("alice's move is legal");
        let reply = w
            .slash(
                &alice,
                channel,
                "focus move",
                json!({ "move": mv.to_string() }),
            )
            .await;
        assert!(!reply.ephemeral(), "{}", reply.text());
        if position.legal_moves().is_empty() {
            last = Some(reply);
            break;
        }
        // The bot answers with its own message: a legal move and its board.
        let answer = bot_move(&w, channel, &me, seen).await;
        seen += 1;
        let theirs = move_in(answer.text());
        position
            .play(theirs)
            .unwrap_or_else(|e| panic!("the bot's {theirs} is illegal: {e}"));
        assert!(answer.files.iter().any(|(_, b)| is_png(b)), "{answer:?}");
        if position.legal_moves().is_empty() {
            last = Some(answer);
            break;
        }
        assert!(
            answer
                .text()
                .contains(&format!("{} (White) to move", mention(&alice))),
            "{}",
            answer.text()
        );
    }
    let last = last.expect("the game ends within 200 moves of each side");
    assert!(last.text().contains("wins game 1"), "{}", last.text());
    assert_eq!(last.custom_ids(), ["focus:replay:1", "focus:rematch:1"]);
    // Never on the ladder, unrated; /focus stats counts the game against level 1.
    let general = w.fake.channel("general");
    let stats = w.slash(&alice, general, "focus stats", json!({})).await;
    let won = position.side_to_move() == Color::Black;
    let record = if won { "1 win" } else { "1 loss" };
    assert!(
        stats.text().contains("Against me: level 1: ") && stats.text().contains(record),
        "{}",
        stats.text()
    );
    let board = w
        .slash(&alice, general, "focus leaderboard", json!({}))
        .await;
    assert!(!board.text().contains(&mention(&me)), "{}", board.text());

    // Rematch: a new game at once, colours swapped (the bot has White and moves first).
    let message = last.message_id.expect("the last message");
    let again = w.click(&alice, channel, message, "focus:rematch:1").await;
    assert_eq!(again.kind, ReplyKind::Callback(7), "{again:?}");
    let started = w
        .fake
        .reply_where(WAIT, |r| r.text().contains("Game 2 begins!"))
        .await;
    assert!(
        started
            .text()
            .contains(&format!("{} plays White", mention(&me))),
        "{}",
        started.text()
    );
    let first = bot_move(&w, started.channel_id.expect("a channel"), &me, seen).await;
    assert!(Position::start().check(move_in(first.text())).is_ok());
    // Once per game.
    let twice = w.click(&alice, channel, message, "focus:rematch:1").await;
    assert!(twice.ephemeral(), "{twice:?}");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_the_bot_gets_a_thread_of_its_own_where_threads_are_on() {
    let mut w = World::with_guild_at(FakeGuild::standard().with_threads(), T0).await;
    let bot = w.start_bot().await;
    let me = w.fake.bot_user().clone();
    let general = w.fake.channel("general");
    // Alice plays Black: the bot moves first, in the thread.
    let (alice, start, thread) = alice_plays_the_bot(&w, 2, 1).await;
    assert_ne!(thread, general, "the game is played in its thread");
    assert!(w.fake.thread(thread).is_some(), "{start:?}");
    let first = bot_move(&w, thread, &me, 0).await;
    let mut position = Position::start();
    position.play(move_in(first.text())).expect("legal");
    let mv = position.legal_moves()[0];
    let reply = w
        .slash(
            &alice,
            thread,
            "focus move",
            json!({ "move": mv.to_string() }),
        )
        .await;
    assert!(!reply.ephemeral(), "{}", reply.text());
    bot_move(&w, thread, &me, 1).await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_moves_after_a_restart_where_it_was_to_move() {
    let mut w = World::at(T0).await;
    let me = w.fake.bot_user().clone();
    let alice = w.fake.user("alice");
    let general = w.fake.channel("general");
    // The process stopped with the bot to move: a game stored with the bot as White.
    {
        let mut store = Store::open(&w.db).expect("open the database");
        let new = NewChallenge {
            guild_id: w.fake.guild_id(),
            channel_id: general,
            challenger_id: alice.id,
            opponent_id: Some(me.id),
            rules: focus_bot::rules::Rules::CLASSIC,
            time_control: TimeControl::Days(3),
            color: ColorChoice::Black,
            rated: false,
            start_fpn: None,
            created_at: T0,
            venue: Default::default(),
        };
        let game = store
            .start_bot_game(&new, me.id, 2, Color::Black, None)
            .expect("a game against the bot");
        assert_eq!(game.deadline, None, "the bot has no deadline");
        assert_eq!(store.bot_games_to_move().expect("read").len(), 1);
    }
    let bot = w.start_bot().await;
    let moved = bot_move(&w, general, &me, 0).await;
    let mv = move_in(moved.text());
    assert!(Position::start().check(mv).is_ok(), "{mv}");
    assert!(moved.files.iter().any(|(_, b)| is_png(b)), "{moved:?}");
    // Alice's deadline starts with the bot's move.
    assert!(moved.text().contains("to move, by"), "{}", moved.text());
    bot.stop().await;
    let store = Store::open(&w.db).expect("open the database");
    assert!(store.bot_games_to_move().expect("read").is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_the_bot_finds_after_a_resignation_is_dropped() {
    let mut w = World::at(T0).await;
    let (bot, service) = w.start_bot_watched(SWEEP).await;
    let me = w.fake.bot_user().clone();
    let (alice, _, channel) = alice_plays_the_bot(&w, 8, 0).await;
    w.slash(&alice, channel, "focus move", json!({ "move": "c4-d4" }))
        .await;
    let first = bot_move(&w, channel, &me, 0).await;
    let mut position = Position::start();
    position
        .play("c4-d4".parse().expect("a move"))
        .expect("legal");
    position
        .play(move_in(first.text()))
        .expect("the bot's move is legal");
    let mv = position.legal_moves()[0];
    // Every core of the search pool busy with a search of the test's own, so that the bot's
    // next search waits for them: it finds its move only after the resignation, however loaded
    // the machine (no race between a one-second search and the resignation).
    let pool = PoolHeld::take(&service).await;
    w.slash(
        &alice,
        channel,
        "focus move",
        json!({ "move": mv.to_string() }),
    )
    .await;
    let game = focus_bot::store::GameId(1);
    wait_until(
        || service.bots.is_thinking(game),
        "the bot thinks about its second move",
    )
    .await;
    let resigned = w.slash(&alice, channel, "focus resign", json!({})).await;
    assert!(
        resigned
            .text()
            .contains(&format!("**{} (Black) wins game 1**", mention(&me))),
        "{}",
        resigned.text()
    );
    // Its search runs now, after the resignation, and ends; its move is never played nor posted.
    pool.release().await;
    tokio::time::timeout(WAIT, service.bots.bots_idle())
        .await
        .expect("the bot's search ends");
    let posted = w
        .fake
        .replies()
        .iter()
        .filter(|r| is_bot_move(r, channel, &me))
        .count();
    assert_eq!(posted, 1, "only the bot's first move was posted");
    let store = Store::open(&w.db).expect("open the database");
    assert_eq!(store.moves(game).expect("moves").len(), 3);
    bot.stop().await;
}

/// Waits until `holds` does (a state of the bot the test cannot be told of); panics after
/// [`WAIT`] with `what`.
async fn wait_until(holds: impl Fn() -> bool, what: &str) {
    let deadline = tokio::time::Instant::now() + WAIT;
    while !holds() {
        assert!(
            tokio::time::Instant::now() < deadline,
            "not within {WAIT:?}: {what}"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

/// Every permit of a service's search pool, held by searches of the test's own that block
/// until [`PoolHeld::release`]: the bot's searches queue behind them (the pool is first come,
/// first served).
struct PoolHeld {
    release: Vec<std::sync::mpsc::Sender<()>>,
    held: Vec<tokio::task::JoinHandle<()>>,
}

impl PoolHeld {
    /// Takes every permit of `service`'s pool (one per core) and returns once all are held.
    async fn take(service: &GameService) -> PoolHeld {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let (started_tx, mut started) = tokio::sync::mpsc::unbounded_channel();
        let (mut release, mut held) = (Vec::new(), Vec::new());
        for _ in 0..cores {
            let (tx, rx) = std::sync::mpsc::channel::<()>();
            let (service, started_tx) = (service.clone(), started_tx.clone());
            held.push(tokio::spawn(async move {
                service
                    .bots
                    .think(move || {
                        let _ = started_tx.send(());
                        let _ = rx.recv();
                    })
                    .await
                    .expect("the blocking search runs");
            }));
            release.push(tx);
        }
        for _ in 0..cores {
            tokio::time::timeout(WAIT, started.recv())
                .await
                .expect("the pool takes the test's searches")
                .expect("a search started");
        }
        PoolHeld { release, held }
    }

    /// Lets the test's searches end, and waits until they have.
    async fn release(self) {
        for tx in self.release {
            let _ = tx.send(());
        }
        for task in self.held {
            tokio::time::timeout(WAIT, task)
                .await
                .expect("the test's searches end")
                .expect("no panic");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hints_come_three_a_game_and_only_against_the_bot() {
    let mut w = World::at(T0).await;
    let bot = w.start_bot().await;
    let me = w.fake.bot_user().clone();
    // Between people: refused, privately.
    let games = w.fake.channel("games");
    let (alice, _bob) = w.alice_plays_bob(games, json!({})).await;
    let id = w.fake.slash(&alice, games, "focus hint", json!({})).await;
    let refused = answer_to(&w, id).await;
    assert!(refused.ephemeral(), "{refused:?}");
    assert!(
        refused
            .text()
            .contains("hints are only for games against me"),
        "{}",
        refused.text()
    );

    // Against the bot (Alice has White): three hints, each a legal move, then no more.
    let (_, _, channel) = alice_plays_the_bot(&w, 1, 0).await;
    let mut position = Position::start();
    let mut given = Vec::new();
    for n in 0..4 {
        let id = w.fake.slash(&alice, channel, "focus hint", json!({})).await;
        let answer = answer_to(&w, id).await;
        assert!(answer.ephemeral(), "{answer:?}");
        if n == 3 {
            assert!(
                answer.text().contains("you have had all 3 hints of game 2"),
                "{}",
                answer.text()
            );
            break;
        }
        let hint = move_in(answer.text());
        assert!(position.check(hint).is_ok(), "hint {hint} is legal");
        given.push(hint);
        // Alice follows the hint; the bot answers.
        position.play(hint).expect("legal");
        w.slash(
            &alice,
            channel,
            "focus move",
            json!({ "move": hint.to_string() }),
        )
        .await;
        let last = bot_move(&w, channel, &me, n).await;
        position
            .play(move_in(last.text()))
            .expect("the bot's move is legal");
        let left = match n {
            0 => "You have 2 hints left".to_owned(),
            1 => "You have 1 hint left".to_owned(),
            _ => "That was your last hint".to_owned(),
        };
        assert!(answer.text().contains(&left), "{}", answer.text());
    }
    // The record marks the moves played after a hint.
    let history = w.slash(&alice, channel, "focus history", json!({})).await;
    assert_eq!(
        history.text().matches("{hint}").count(),
        3,
        "{}",
        history.text()
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn where_the_bot_may_not_start_a_thread_the_game_is_played_here_and_it_says_why() {
    let guild = FakeGuild::standard().with_threads().with_channel(
        9110,
        "no-threads",
        serenity::all::Permissions::CREATE_PUBLIC_THREADS,
    );
    let mut w = World::with_guild_at(guild, T0).await;
    let bot = w.start_bot().await;
    let me = w.fake.bot_user().clone();
    let alice = w.fake.user("alice");
    let options = json!({ "opponent": me.id, "level": 1, "color": 0 });
    let start = w.slash(&alice, 9110, "focus challenge", options).await;
    assert!(start.text().contains("begins!"), "{}", start.text());
    assert!(
        start
            .text()
            .contains("may not start threads here (missing: Create Public Threads)."),
        "{}",
        start.text()
    );
    assert_eq!(start.channel_id, Some(9110));
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_playing_black_against_the_bot_sees_the_board_from_blacks_side() {
    let mut w = World::at(T0).await;
    let bot = w.start_bot().await;
    let me = w.fake.bot_user().clone();
    let black = w.fake.choice("challenge", "color", "black");
    let (alice, start, channel) = alice_plays_the_bot(&w, 1, black.as_u64().unwrap()).await;
    // The bot has White: its first move comes with the board, drawn from Alice's side.
    let answer = bot_move(&w, channel, &me, 0).await;
    let shown = |r: &Reply| r.files.iter().find(|(_, b)| is_png(b)).unwrap().1.clone();
    let from = |side: &'static str| {
        let (w, alice) = (&w, alice.clone());
        async move {
            let side = w.fake.choice("board", "side", side);
            let r = w
                .slash(&alice, channel, "focus board", json!({ "side": side }))
                .await;
            assert!(r.ephemeral(), "{}", r.text());
            shown(&r)
        }
    };
    let (black_side, white_side) = (from("black").await, from("white").await);
    assert_ne!(black_side, white_side);
    assert!(
        shown(&answer) == black_side,
        "the bot's move is shown from Black's side"
    );
    // Without a side, a player's board is shown as the game's messages show it.
    let r = w.slash(&alice, channel, "focus board", json!({})).await;
    assert!(shown(&r) == black_side, "/focus board from Black's side");
    assert!(start.files.iter().any(|(_, b)| is_png(b)));
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_with_a_draw_offer_against_the_bot_is_played_and_answered_in_its_message() {
    let mut w = World::at(T0).await;
    let bot = w.start_bot().await;
    let (alice, _start, channel) = alice_plays_the_bot(&w, 1, 0).await;
    // Once: the move was played with no message for it, and the refusal said no draw ever.
    let reply = w
        .slash(
            &alice,
            channel,
            "focus move",
            json!({ "move": "c4-d4", "draw": true }),
        )
        .await;
    assert!(!reply.ephemeral(), "{}", reply.text());
    // The bot judges the offer at once: the start is level for it, so it agrees, and a game
    // agreed drawn before each side has moved is aborted. The move and the answer are one
    // message, which ends with the result.
    assert_eq!(
        reply.text(),
        format!(
            "{} played **c4-d4**.\nGame 1 was aborted: no result, no rating change.",
            mention(&alice)
        )
    );
    assert!(reply.files.iter().any(|(_, b)| is_png(b)), "{reply:?}");
    let board = w.slash(&alice, channel, "focus board", json!({})).await;
    assert!(board.ephemeral(), "{}", board.text());
    assert!(board.text().contains("no game"), "{}", board.text());
    bot.stop().await;
}
