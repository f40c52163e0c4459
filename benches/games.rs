//! Speed of `/focus games` (a player's games in play: the dashboard) and `/focus watch` (a
//! server's games in play, most recently moved first, 10 a page), issue 24. Neither had a
//! benchmark before; their target, set here, is that of the other paged list, a leaderboard
//! page: at most 20 ms, and no growth with the games that are over.
//!
//! A server with 10,000 games in play among 1,000 players (so the player asking has about 20,
//! and the watch list 1,000 pages), each game played in a thread to its 2nd to 11th ply
//! through the store. Measured on the store and through the service: the dashboard in the
//! server and outside any server (a DM or a user's install: every server's games), the first
//! and the last watch page (the farthest to skip to). Then the growth case: the same after
//! 100,000 finished games among the same players (`support::add_finished_games`).
//! Run with `cargo bench --bench games`.

use std::hint::black_box;
use std::path::Path;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use focus_bot::rules::Color;
use focus_bot::service::{GameService, ManualClock};
use focus_bot::store::{AsyncStore, ColorChoice, NewChallenge, Store, TimeControl};

mod support;

const GUILD: u64 = 7;
const PLAYERS: u64 = 1_000;
const ACTIVE: u64 = 10_000;
const FINISHED: u64 = 100_000;
const T0: i64 = 1_800_000_000;
/// The player whose dashboard is shown.
const ME: u64 = 5_000_000;

fn player(i: u64) -> u64 {
    ME + i
}

/// `ACTIVE` games in play in server `GUILD`, game `i` after `2 + i % 10` plies.
fn populated(path: &Path) -> Store {
    let mut store = Store::open(path).unwrap();
    let mut now = T0 - 86_400;
    for i in 0..ACTIVE {
        let white = player(i % PLAYERS);
        let black = player((i + 1 + (i / PLAYERS) % (PLAYERS - 1)) % PLAYERS);
        let challenge = store
            .create_challenge(&NewChallenge {
                guild_id: GUILD,
                channel_id: 100 + i % 20,
                challenger_id: white,
                opponent_id: Some(black),
                rules: focus_bot::rules::Rules::CLASSIC,
                time_control: TimeControl::days(3),
                color: ColorChoice::White,
                rated: true,
                start_fpn: None,
                created_at: now,
                venue: Default::default(),
            })
            .unwrap();
        let thread = 1_000 + i;
        let game = store
            .accept_challenge_in(challenge.id, black, now, Color::White, Some(thread))
            .unwrap();
        let (_, moves) = support::game_of_60_plies(i * 1_000);
        for (ply, &mv) in moves.iter().take(2 + (i % 10) as usize).enumerate() {
            now += 3;
            let mover = if ply.is_multiple_of(2) { white } else { black };
            store
                .record_move(game.id, mover, ply as u32, mv, now)
                .unwrap();
        }
    }
    assert_eq!(store.counts().unwrap().active_games, ACTIVE);
    store
}

/// The cases on the database at `path` (`store` open on it), named after `what`.
fn cases(c: &mut Criterion, store: Store, path: &Path, what: &str) {
    let mine = store.active_games_of(Some(GUILD), ME).unwrap();
    assert!((15..=25).contains(&mine.len()), "{}", mine.len());
    let pages = store.watch_page(GUILD, 1).unwrap().pages;
    assert_eq!(pages, 1_000);
    c.bench_function(
        &format!("store a player's games in a server, {what}"),
        |b| b.iter(|| black_box(store.active_games_of(Some(GUILD), black_box(ME)).unwrap())),
    );
    c.bench_function(&format!("store a player's games everywhere, {what}"), |b| {
        b.iter(|| black_box(store.active_games_of(None, black_box(ME)).unwrap()))
    });
    for (name, page) in [("page 1", 1), ("last page", pages)] {
        c.bench_function(&format!("store watch {name}, {what}"), |b| {
            b.iter(|| black_box(store.watch_page(GUILD, black_box(page)).unwrap()))
        });
    }
    drop(store);

    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let service = runtime.block_on(async {
        let store = AsyncStore::open(path).await.unwrap();
        GameService::new(store, Arc::new(ManualClock::at(T0)))
    });
    for (name, guild) in [("in a server", Some(GUILD)), ("outside a server", None)] {
        c.bench_function(&format!("service /focus games {name}, {what}"), |b| {
            b.iter(|| {
                runtime
                    .block_on(async { black_box(service.records.games(guild, ME).await.unwrap()) })
            })
        });
    }
    for (name, page) in [("page 1", 1), ("last page", pages)] {
        c.bench_function(&format!("service /focus watch {name}, {what}"), |b| {
            b.iter(|| {
                runtime.block_on(async {
                    black_box(service.records.watch(GUILD, page).await.unwrap())
                })
            })
        });
    }
    runtime.block_on(service.store().close());
}

fn games(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.db");
    let store = populated(&path);
    cases(c, store, &path, "10,000 games in play");

    let players: Vec<u64> = (0..PLAYERS).map(player).collect();
    let mut store = Store::open(&path).unwrap();
    let took = support::add_finished_games(
        &mut store,
        &path,
        &support::History {
            guild_id: GUILD,
            games: FINISHED,
            players: &players,
            channels: &[100, 101, 102, 103],
            first_thread: 1_000_000,
            before: T0 - 2 * 86_400,
        },
    );
    println!("{FINISHED} finished games added in {took:.1} s");
    cases(c, store, &path, "10,000 in play + 100,000 finished");
}

criterion_group!(benches, games);
criterion_main!(benches);
