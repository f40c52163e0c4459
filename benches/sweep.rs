//! Speed of the deadline sweep (issue 6): one sweep over 10,000 active correspondence games
//! with nothing due must take at most 50 ms. The games have both moved (so each has a
//! reminder time and a deadline), beside 1,000 open challenges and 10,000 delivered notices.
//! Measured on a database file with the store's real settings, both on the store directly
//! and through the service (the async store's thread and the outbox check included).
//!
//! Also the sweeper's question after every round (issue 12): when is something next due? Four
//! index lookups ([`Store::next_due`]), which must not grow with the number of games.
//!
//! The growth case (issue 24): both again after 100,000 finished games in the same server
//! (`support::add_finished_games`), with the same targets. Run with `cargo bench --bench sweep`.

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use focus_bot::rules::{Color, Rules};
use focus_bot::service::{Delivery, GameService, Letter, ManualClock, Postman};
use focus_bot::store::{
    AsyncStore, CHALLENGE_LIFETIME, ColorChoice, NewChallenge, NoticeId, Store, TimeControl,
    UserSettings,
};

const GAMES: u64 = 10_000;
const CHALLENGES: u64 = 1_000;
const T0: i64 = 1_700_000_000;
const WHITE: u64 = 1_000_000_000_000_000_001;
const BLACK: u64 = u64::MAX - 3;
/// Finished games in the growth case.
const FINISHED: u64 = 100_000;

mod support;

fn challenge(channel: u64, days: u32) -> NewChallenge {
    NewChallenge {
        guild_id: 9,
        channel_id: channel,
        challenger_id: WHITE,
        opponent_id: Some(BLACK),
        rules: Rules::CLASSIC,
        time_control: TimeControl::days(days),
        color: ColorChoice::White,
        rated: true,
        start_fpn: None,
        created_at: T0,
        venue: Default::default(),
    }
}

/// A database of `GAMES` games in play, each after `c4-d4 f5-e5` with 3 days per move (due
/// from T0 + 3 days, reminded from T0 + 2.4 days), each with a delivered turn notice, and
/// `CHALLENGES` open challenges.
fn populated(path: &std::path::Path) -> Store {
    let mut store = Store::open(path).unwrap();
    let dm = UserSettings {
        dm_notifications: true,
        ..UserSettings::default()
    };
    store.set_settings(WHITE, dm).unwrap();
    for channel in 0..GAMES {
        let c = store.create_challenge(&challenge(channel, 3)).unwrap();
        let game = store
            .accept_challenge(c.id, BLACK, T0, Color::White)
            .unwrap();
        store
            .record_move(game.id, WHITE, 0, "c4-d4".parse().unwrap(), T0)
            .unwrap();
        store
            .record_move(game.id, BLACK, 1, "f5-e5".parse().unwrap(), T0)
            .unwrap();
    }
    // The start and Black's move each queued White's turn notice by DM; delivered here, so
    // the outbox is not empty.
    let pending = store.pending_notices().unwrap();
    assert_eq!(pending.len() as u64, 2 * GAMES);
    for notice in pending {
        store.notice_done(notice.id, false, T0).unwrap();
    }
    for channel in GAMES..GAMES + CHALLENGES {
        store.create_challenge(&challenge(channel, 3)).unwrap();
    }
    let swept = store.sweep(T0 + 3_600).unwrap();
    assert!(swept.is_empty(), "nothing is due an hour in: {swept:?}");
    // The open challenges expire first (a day), before the reminders (2.4 days).
    assert_eq!(store.next_due().unwrap(), Some(T0 + CHALLENGE_LIFETIME));
    assert_eq!(store.counts().unwrap().active_games, GAMES);
    store
}

/// A postman that is never called when nothing is due.
struct Nobody;

impl Postman for Nobody {
    async fn deliver(&self, _: NoticeId, _: &Letter) -> Delivery {
        panic!("nothing is due")
    }
}

/// The sweep's cases on the database at `path` (`store` open on it), named after `what`.
fn cases(c: &mut Criterion, mut store: Store, path: &std::path::Path, what: &str) {
    let now = T0 + 3_600;
    c.bench_function(&format!("store sweep, {what}, nothing due"), |b| {
        b.iter(|| {
            let swept = store.sweep(black_box(now)).unwrap();
            assert!(swept.is_empty());
        })
    });
    c.bench_function(&format!("store next due moment, {what}"), |b| {
        b.iter(|| black_box(store.next_due().unwrap()))
    });
    drop(store);

    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let service = runtime.block_on(async {
        let store = AsyncStore::open(path).await.unwrap();
        GameService::new(store, Arc::new(ManualClock::at(now)))
    });
    c.bench_function(
        &format!("service sweep + deliver, {what}, nothing due"),
        |b| {
            b.iter(|| {
                runtime.block_on(async {
                    let swept = service.deadlines.sweep().await.unwrap();
                    assert!(swept.is_empty());
                    let delivered = service.post.deliver(&Nobody).await.unwrap();
                    assert_eq!(delivered, Default::default());
                })
            })
        },
    );
    c.bench_function(&format!("service next due moment, {what}"), |b| {
        b.iter(|| {
            runtime.block_on(async { black_box(service.deadlines.next_due().await.unwrap()) })
        })
    });
    runtime.block_on(service.store().close());
}

fn sweep(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sweep.db");
    let store = populated(&path);
    cases(c, store, &path, "10,000 active games");

    // The growth case (issue 24): the same server after 100,000 finished games among 1,000
    // players (White and Black of the games in play among them), all over before T0.
    let players: Vec<u64> = [WHITE, BLACK]
        .into_iter()
        .chain((2..1_000).map(|i| 2_000_000_000_000_000_000 + i))
        .collect();
    let mut store = Store::open(&path).unwrap();
    let took = support::add_finished_games(
        &mut store,
        &path,
        &support::History {
            guild_id: 9,
            games: FINISHED,
            players: &players,
            channels: &[20_000, 20_001, 20_002, 20_003],
            first_thread: 1_000_000,
            before: T0,
        },
    );
    assert_eq!(store.counts().unwrap().active_games, GAMES);
    println!("{FINISHED} finished games added in {took:.1} s");
    cases(c, store, &path, "10,000 active + 100,000 finished games");
}

criterion_group!(benches, sweep);
criterion_main!(benches);
