//! A 200-player tournament round against Discord's rate limit on threads (issue 22: "Thread
//! creation is rate-limited by Discord: wait for Retry-After on a 429, and never drop a game. A
//! 200-player round (100 threads) must complete.").
//!
//! The stand-in limits starting threads as Discord does
//! ([`FakeDiscord::limit_thread_creation`](support::discord::FakeDiscord::limit_thread_creation)):
//! a few per short window, then 429 with `Retry-After` until the window ends. Two hundred
//! members join a Swiss by `/focus tournament join` (all at once, as a crowd clicks), the
//! director starts it, and the first round's hundred boards each get their message, their
//! thread (once, whatever the 429s) and their game with its first board, and the pairings list
//! every board with its thread. The bot reaches the stand-in as it reaches a REST proxy, with
//! serenity's ratelimiter off: the outbox waits the 429s out itself, in place, and no notice of
//! the round fails.

use std::collections::{HashMap, HashSet};
use std::time::{Duration, Instant};

use crate::support;

use focus_bot::store::{NoticeKind, TournamentId};
use serde_json::json;
use support::bot::{SWEEP, WAIT};
use support::discord::{FakeGuild, FakeUser, ReplyKind};

use super::tournaments::{T0, World, guild};

/// The players: members `player000` to `player199`, ids from [`FIRST_PLAYER`].
const PLAYERS: u64 = 200;
const FIRST_PLAYER: u64 = 20_000;
/// Boards in round 1.
const BOARDS: usize = (PLAYERS / 2) as usize;
/// The stand-in's limit: threads started per window, per channel. Twenty-five a second: the
/// bot starts them several times faster even on a loaded machine (some 300 a second alone),
/// so it meets the limit in most windows, and the hundred take some four seconds.
const PER_WINDOW: u32 = 5;
const WINDOW: Duration = Duration::from_millis(200);

/// The tournament tests' server with two hundred more members.
fn crowded() -> FakeGuild {
    (0..PLAYERS).fold(guild(), |g, n| {
        g.with_human(FIRST_PLAYER + n, &format!("player{n:03}"))
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_of_200_players_starts_its_100_threads_through_discords_rate_limit() {
    let began = Instant::now();
    let mut w = World::with_guild_at(crowded(), T0).await;
    let (bot, service) = w.start_bot_watched(SWEEP).await;
    w.fake.limit_thread_creation(PER_WINDOW, WINDOW);
    let general = w.fake.channel("general");
    let owner = w.fake.user("owner");
    let players: Vec<FakeUser> = (0..PLAYERS)
        .map(|n| w.fake.user(&format!("player{n:03}")))
        .collect();

    let create = json!({ "name": "Spring Swiss", "rounds": 8 });
    let announcement = w.tournament(&owner, general, "create", create).await;
    assert!(!announcement.ephemeral(), "{}", announcement.text());

    // The crowd joins at once: every interaction is sent before any answer is awaited.
    let joining = Instant::now();
    let mut sent = Vec::with_capacity(players.len());
    for player in &players {
        let id = w
            .fake
            .slash(player, general, "focus tournament join", json!({}))
            .await;
        sent.push((id, player));
    }
    for (id, player) in sent {
        let joined = w.fake.reply_to(id, WAIT).await;
        assert!(!joined.ephemeral(), "{}: {}", player.name, joined.text());
        assert!(
            joined.text().contains(&player.mention()),
            "{}",
            joined.text()
        );
    }
    let joined_in = joining.elapsed();

    let starting = Instant::now();
    let started = w.tournament(&owner, general, "start", json!({})).await;
    assert!(started.text().contains("has started"), "{}", started.text());

    // A hundred threads, none started twice, each from its own board's message.
    let threads = w.threads_started(BOARDS).await;
    let threads_in = starting.elapsed();
    let creations: Vec<_> = w
        .fake
        .requests()
        .into_iter()
        .filter(|r| r.method == "POST" && r.path.ends_with("/threads"))
        .collect();
    let mut created: HashMap<&str, usize> = HashMap::new();
    for r in &creations {
        assert!(
            r.status == 201 || r.status == 429,
            "{} {} -> {}",
            r.method,
            r.path,
            r.status
        );
        if r.status == 201 {
            *created.entry(r.path.as_str()).or_default() += 1;
        }
    }
    assert_eq!(created.len(), BOARDS, "one thread per board");
    assert!(created.values().all(|&n| n == 1), "{created:?}");

    // The limit was hit, and every 429 was followed by the same request, which went through.
    let limited = w.fake.rate_limited();
    assert!(!limited.is_empty(), "the test must meet the limit");
    assert_eq!(
        limited.len(),
        creations.len() - BOARDS,
        "every 429 is a thread creation's"
    );
    for (i, r) in creations
        .iter()
        .enumerate()
        .filter(|(_, r)| r.status == 429)
    {
        assert!(
            creations[i + 1..]
                .iter()
                .any(|later| later.path == r.path && later.status == 201),
            "no successful retry after the 429 of {}",
            r.path
        );
    }

    // Each board: its message names White and Black, its thread holds the game's first board
    // (the picture, both players); every player is on exactly one board.
    let boards = w.round_boards(general, 1, &threads).await;
    let boards_in = starting.elapsed();
    let seated: Vec<u64> = boards.iter().flat_map(|(_, w, b)| [*w, *b]).collect();
    let everyone: HashSet<u64> = players.iter().map(|p| p.id).collect();
    assert_eq!(seated.len(), everyone.len());
    assert_eq!(seated.iter().copied().collect::<HashSet<_>>(), everyone);

    // The pairings: a first message with the round, then messages of twenty boards at most,
    // each board listed once with its players and its thread.
    let first = w.posted(general, |t| t.contains("round 1 of 8")).await;
    let pairings: Vec<String> = w
        .fake
        .replies()
        .into_iter()
        .filter(|r| r.kind == ReplyKind::ChannelMessage && r.channel_id == Some(general))
        .map(|r| r.text().to_owned())
        .filter(|t| t.contains(" · <#"))
        .collect();
    assert_eq!(pairings[0], first.text());
    assert_eq!(pairings.len(), BOARDS.div_ceil(20), "{pairings:#?}");
    let lines: Vec<&str> = pairings
        .iter()
        .flat_map(|m| m.lines())
        .filter(|l| l.contains(" · <#"))
        .collect();
    assert_eq!(lines.len(), BOARDS, "{pairings:#?}");
    for m in &pairings {
        assert!(
            m.lines().filter(|l| l.contains(" · <#")).count() <= 20,
            "{m}"
        );
    }
    for (n, (thread, white, black)) in boards.iter().enumerate() {
        let line = format!("<@{white}> – <@{black}> · <#{thread}>");
        let shown = lines.iter().filter(|l| l.ends_with(&line)).count();
        assert_eq!(shown, 1, "board {} ({line}) in the pairings", n + 1);
    }

    // The store: every board of round 1 has its game, in its thread, between its players; no
    // notice of the round failed (the 429s were waited out in place) and none is left.
    let round = service
        .tournaments
        .round_view(TournamentId(1), 1)
        .await
        .expect("round 1");
    assert_eq!(round.boards.len(), BOARDS, "no bye with an even field");
    let by_thread: HashMap<u64, (u64, u64)> = boards
        .iter()
        .map(|(thread, white, black)| (*thread, (*white, *black)))
        .collect();
    let mut games = HashSet::new();
    for b in &round.boards {
        let game = b.board.game_id.expect("every board has its game");
        let thread = b.channel.expect("every game is in a thread");
        assert!(games.insert(game), "game {game:?} on two boards");
        let stored = service
            .store()
            .game(game)
            .await
            .expect("the game is stored");
        assert_eq!(stored.channel_id, thread);
        assert_eq!(stored.parent_channel_id, Some(general));
        assert_eq!(
            by_thread.get(&thread),
            Some(&(stored.white_id, stored.black_id)),
            "board {}",
            b.board.board
        );
    }
    assert_eq!(games.len(), BOARDS);
    let round_kinds = [
        NoticeKind::TournamentGame,
        NoticeKind::GameStart,
        NoticeKind::TournamentNews,
    ];
    let deadline = Instant::now() + WAIT;
    loop {
        let pending = service
            .store()
            // Every notice not yet delivered (what `Store::pending_notices` reads).
            .due_notices(i64::MAX, u32::MAX)
            .await
            .expect("notices");
        let failed: Vec<_> = pending.iter().filter(|n| n.attempts > 0).collect();
        assert!(failed.is_empty(), "failed notices: {failed:?}");
        if !pending.iter().any(|n| round_kinds.contains(&n.kind)) {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the round's notices: {pending:?}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }

    bot.stop().await;
    eprintln!(
        "200 players: joined in {joined_in:?}; {BOARDS} threads in {threads_in:?} through {} \
         429s; every first board in {boards_in:?}; {:?} in all",
        limited.len(),
        began.elapsed()
    );
}
