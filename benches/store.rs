//! Speed of the SQLite store (issue 4), on a database file with the store's real durability
//! settings (WAL, `synchronous = NORMAL`): recording moves one transaction each (target: at
//! least 2,000 moves/s) and loading a game of 100 moves with its replay check (target: well
//! under 1 ms). Run with `cargo bench --bench store`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use focus_bot::rules::{Color, Move, Position, Rules};
use focus_bot::store::{ColorChoice, GameId, NewChallenge, Store, TimeControl};

const WHITE: u64 = 1_000_000_000_000_000_001;
const BLACK: u64 = u64::MAX - 3;

/// Starts a game in `channel` at time `now`.
fn new_game(store: &mut Store, channel: u64, now: i64) -> GameId {
    let c = store
        .create_challenge(&NewChallenge {
            guild_id: 9,
            channel_id: channel,
            challenger_id: WHITE,
            opponent_id: Some(BLACK),
            rules: Rules::CLASSIC,
            time_control: TimeControl::Days(3),
            color: ColorChoice::White,
            rated: true,
            start_fpn: None,
            created_at: now,
            venue: Default::default(),
        })
        .unwrap();
    store
        .accept_challenge(c.id, BLACK, now, Color::White)
        .unwrap()
        .id
}

/// A legal move chosen by `seed` (deterministic).
fn pick(pos: &Position, seed: u64) -> Move {
    let moves = pos.legal_moves();
    moves[(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 33) as usize % moves.len()]
}

/// The game being extended by the recording benchmark.
struct Playing {
    id: GameId,
    position: Position,
    ply: u32,
    channel: u64,
}

impl Playing {
    fn start(store: &mut Store, channel: u64, now: i64) -> Playing {
        Playing {
            id: new_game(store, channel, now),
            position: Position::start(),
            ply: 0,
            channel,
        }
    }
}

/// A game of exactly `plies` moves, still in play.
fn game_of(store: &mut Store, plies: u32) -> GameId {
    for attempt in 0u64.. {
        let channel = 1_000 + attempt;
        let id = new_game(store, channel, 0);
        let mut pos = Position::start();
        let mut ongoing = true;
        for ply in 0..plies {
            let mv = pick(&pos, attempt * 1_000 + u64::from(ply));
            let mover = if pos.side_to_move() == Color::White {
                WHITE
            } else {
                BLACK
            };
            let played = store
                .record_move(id, mover, ply, mv, i64::from(ply))
                .unwrap();
            pos = played.position;
            if played.outcome.is_over() {
                ongoing = false;
                break;
            }
        }
        if ongoing {
            return id;
        }
        store.abort_game(id, 0).ok();
    }
    unreachable!()
}

fn store(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path().join("bench.db")).unwrap();

    let mut group = c.benchmark_group("store");
    group.throughput(Throughput::Elements(1));
    let mut now = 1_700_000_000;
    let mut playing = Playing::start(&mut store, 1, now);
    group.bench_function("record_move, one transaction each", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                now += 1;
                // Games are cut at 200 plies (outside the timing) to keep positions varied.
                if playing.ply >= 200 || playing.position.outcome().is_over() {
                    if !playing.position.outcome().is_over() {
                        store.abort_game(playing.id, now).unwrap();
                    }
                    playing = Playing::start(&mut store, playing.channel + 1, now);
                }
                let mv = pick(&playing.position, now.unsigned_abs());
                let mover = if playing.position.side_to_move() == Color::White {
                    WHITE
                } else {
                    BLACK
                };
                let start = Instant::now();
                let played = store
                    .record_move(playing.id, mover, playing.ply, mv, now)
                    .unwrap();
                total += start.elapsed();
                playing.position = played.position;
                playing.ply = played.game.ply;
            }
            total
        })
    });
    group.finish();

    let id = game_of(&mut store, 100);
    assert_eq!(store.load_game(id).unwrap().game.ply, 100);
    c.bench_function("load_game, 100 moves (replayed and checked)", |b| {
        b.iter(|| black_box(store.load_game(black_box(id)).unwrap()))
    });
    c.bench_function("game row only, 100 moves", |b| {
        b.iter(|| black_box(store.game(black_box(id)).unwrap()))
    });
}

criterion_group!(benches, store);
criterion_main!(benches);
