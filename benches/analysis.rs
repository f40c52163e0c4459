//! Time to analyse a finished game (issue 15): every position of an 80-ply game searched at the
//! review's fixed effort ([`REVIEW_NODES`]), on one core (the worst case of the bot's search
//! pool, when the other core is busy with a bot's move) and two positions at a time (what
//! `/focus analysis` does on an idle pool). Run with `cargo bench --bench analysis`.

use std::hint::black_box;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
use focus_bot::engine::review::{REVIEW_NODES, review, review_in_pairs};
use focus_bot::engine::{Engine, Limits};
use focus_bot::rules::{Move, Position};

/// An 80-ply game of quick engine moves with a little noise (so that it has real mistakes),
/// the first seed whose game lasts 80 plies.
fn game() -> Vec<Move> {
    for seed in 0.. {
        let mut pos = Position::start();
        let mut moves = Vec::new();
        let mut engine = Engine::with_table_mib(4);
        while moves.len() < 80 && !pos.outcome().is_over() {
            let limits = Limits {
                noise: 60,
                seed: seed * 1_000 + moves.len() as u64,
                ..Limits::nodes(3_000)
            };
            let mv = engine.search(&pos, &limits, |_| {}).best.expect("a move");
            pos.play(mv).expect("the engine's move is legal");
            moves.push(mv);
        }
        if moves.len() == 80 {
            return moves;
        }
    }
    unreachable!("some seed gives an 80-ply game")
}

fn analysis(c: &mut Criterion) {
    let moves = game();
    let start = Position::start();
    // The figures the README quotes, printed once.
    let t = Instant::now();
    let one = review(start, &moves, REVIEW_NODES).expect("legal moves");
    let single = t.elapsed();
    let t = Instant::now();
    let two = review_in_pairs(start, &moves, REVIEW_NODES).expect("legal moves");
    let paired = t.elapsed();
    assert_eq!(
        one, two,
        "the review does not depend on the order of its searches"
    );
    println!(
        "80-ply game at {REVIEW_NODES} nodes a position: {:.2} s on one core, {:.2} s two at a \
         time; {} moves flagged",
        single.as_secs_f64(),
        paired.as_secs_f64(),
        one.flagged().count()
    );

    let mut group = c.benchmark_group("analysis");
    group.sample_size(10);
    group.bench_function("80 plies, two positions at a time", |b| {
        b.iter(|| black_box(review_in_pairs(start, black_box(&moves), REVIEW_NODES)))
    });
    group.finish();
}

criterion_group!(benches, analysis);
criterion_main!(benches);
