//! Speed of the leaderboard (issue 7): one page for a server with 10,000 rated players must take
//! at most 20 ms. The players are written straight into a database file with the store's real
//! settings: ratings spread from about 900 to 2100, one in ten still provisional, a few
//! hundred who left the server, all checked members within the day (so the service asks
//! Discord nothing). Measured on the store and through the service, for the first page, one
//! in the middle and the last (the farthest to skip to).
//!
//! The growth case (issue 24): the same, after 100,000 finished games among these players
//! (`support::add_finished_games`); the target stays 20 ms. Run with
//! `cargo bench --bench ladder`.

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use focus_bot::ratings::{self, Rating};
use focus_bot::service::{GameService, ManualClock, Members};
use focus_bot::store::{AsyncStore, PAGE_SIZE, Store};

const PLAYERS: u32 = 10_000;
const GUILD: i64 = 42;
const NOW: i64 = 1_800_000_000;
/// Finished games in the growth case.
const FINISHED: u64 = 100_000;

mod support;

/// Writes `PLAYERS` rated players of guild `GUILD`, and as many in another guild.
fn populate(path: &std::path::Path) {
    drop(Store::open(path).unwrap());
    let mut conn = rusqlite::Connection::open(path).unwrap();
    let tx = conn.transaction().unwrap();
    {
        let mut insert = tx
            .prepare(
                "INSERT INTO players (guild_id, user_id, rating, deviation, volatility, games, \
                 wins, losses, draws, last_game_at, rated_at, rated_games, left_at, \
                 member_checked_at, provisional_from) VALUES (?1, ?2, ?3, ?4, 0.06, ?5, ?6, ?7, \
                 ?8, ?9, ?9, ?5, ?10, ?11, ?12)",
            )
            .unwrap();
        for guild in [GUILD, GUILD + 1] {
            for i in 0..PLAYERS {
                // A deterministic spread (golden-ratio sequence) of ratings and records.
                let x = (f64::from(i) * 0.618_033_988_7).fract();
                let rating = 900.0 + 1200.0 * x;
                let deviation = if i % 10 == 0 { 180.0 } else { 45.0 + 50.0 * x };
                let games = 10 + i % 90;
                let wins = games / 2;
                let losses = games / 3;
                let left = (i % 37 == 0).then_some(NOW - 86_400);
                let rated_at = NOW - i64::from(i % 60) * 86_400;
                // As the store sets it with every rating.
                let provisional_from = ratings::provisional_from(
                    &Rating {
                        rating,
                        deviation,
                        volatility: 0.06,
                    },
                    rated_at,
                );
                insert
                    .execute(rusqlite::params![
                        guild,
                        1_000_000 + i64::from(i),
                        rating,
                        deviation,
                        games,
                        wins,
                        losses,
                        games - wins - losses,
                        rated_at,
                        left,
                        NOW - 3_600,
                        provisional_from
                    ])
                    .unwrap();
            }
        }
    }
    tx.commit().unwrap();
}

/// Everyone is a member; never asked, since every player was checked within the day.
struct Checked;

impl Members for Checked {
    async fn is_member(&self, _: u64, _: u64) -> Option<bool> {
        panic!("every member was checked within the day")
    }
}

/// The leaderboard cases on the database at `path`, named after `what` (its size).
fn cases(c: &mut Criterion, path: &std::path::Path, what: &str) {
    let store = Store::open(path).unwrap();
    let first = store.leaderboard(GUILD as u64, 1, NOW).unwrap();
    assert_eq!(first.entries.len(), PAGE_SIZE as usize);
    assert!(first.ranked > 8_000 && first.provisional > 500, "{first:?}");
    assert_eq!(first.entries[0].rank, Some(1));
    let middle = first.pages / 2;
    c.bench_function(&format!("store leaderboard page 1, {what}"), |b| {
        b.iter(|| black_box(store.leaderboard(GUILD as u64, black_box(1), NOW).unwrap()))
    });
    c.bench_function(&format!("store leaderboard middle page, {what}"), |b| {
        b.iter(|| {
            black_box(
                store
                    .leaderboard(GUILD as u64, black_box(middle), NOW)
                    .unwrap(),
            )
        })
    });
    let last = first.pages;
    c.bench_function(&format!("store leaderboard last page, {what}"), |b| {
        b.iter(|| {
            black_box(
                store
                    .leaderboard(GUILD as u64, black_box(last), NOW)
                    .unwrap(),
            )
        })
    });
    drop(store);

    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let service = runtime.block_on(async {
        let store = AsyncStore::open(path).await.unwrap();
        GameService::new(store, Arc::new(ManualClock::at(NOW)))
    });
    for (name, page) in [("page 1", 1), ("last page", last)] {
        c.bench_function(&format!("service leaderboard {name}, {what}"), |b| {
            b.iter(|| {
                runtime.block_on(async {
                    let shown = service
                        .ladder
                        .leaderboard(GUILD as u64, page, &Checked)
                        .await;
                    black_box(shown.unwrap())
                })
            })
        });
    }
    runtime.block_on(service.store().close());
}

fn ladder(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ladder.db");
    populate(&path);
    cases(c, &path, "10,000 players");

    // The growth case (issue 24): the same players after 100,000 finished games among them
    // (about 20 each). Their ratings stay as written: only the games are added.
    let players: Vec<u64> = (0..PLAYERS).map(|i| 1_000_000 + u64::from(i)).collect();
    let mut store = Store::open(&path).unwrap();
    let took = support::add_finished_games(
        &mut store,
        &path,
        &support::History {
            guild_id: GUILD as u64,
            games: FINISHED,
            players: &players,
            channels: &[5_000, 5_001, 5_002, 5_003],
            first_thread: 10_000_000,
            before: NOW - 86_400,
        },
    );
    drop(store);
    println!("{FINISHED} finished games added in {took:.1} s");
    cases(c, &path, "10,000 players, 100,000 finished games");
}

criterion_group!(benches, ladder);
criterion_main!(benches);
