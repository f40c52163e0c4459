//! Speed of the engine (issue 14): nodes per second in midgame positions, and the time to
//! reach each depth from the start. Run with `cargo bench --bench engine`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use focus_bot::engine::selfplay::opening;
use focus_bot::engine::{Engine, Limits, Weights, evaluate};
use focus_bot::rules::{Position, Rules};

/// Midgame positions: 30 to 50 random plies from the start, kept when both sides still play.
fn midgames() -> Vec<Position> {
    (0..8)
        .map(|i| opening(Rules::CLASSIC, 30 + 3 * i, i as u64 + 100))
        .collect()
}

fn engine(c: &mut Criterion) {
    let mids = midgames();
    // Nodes per second, printed once: a fixed node budget over each midgame position.
    let mut e = Engine::new();
    let (mut nodes, mut secs) = (0u64, 0f64);
    for p in &mids {
        e.clear();
        let r = e.search(p, &Limits::nodes(2_000_000), |_| {});
        nodes += r.info.nodes;
        secs += r.info.time.as_secs_f64();
    }
    println!(
        "midgame search: {nodes} nodes in {secs:.2} s = {:.2} M nodes/s",
        nodes as f64 / secs / 1e6
    );

    // Time to each depth from the start, printed once.
    let mut e = Engine::new();
    e.search(&Position::start(), &Limits::depth(9), |info| {
        println!(
            "start: depth {} in {} ms, {} nodes, score {}",
            info.depth,
            info.time.as_millis(),
            info.nodes,
            info.score
        );
    });

    let mut group = c.benchmark_group("engine");
    group.sample_size(10);
    group.bench_function("search 200k nodes, midgame", |b| {
        let mut e = Engine::new();
        b.iter(|| {
            e.clear();
            black_box(e.search(black_box(&mids[3]), &Limits::nodes(200_000), |_| {}))
        })
    });
    group.bench_function("start to depth 6", |b| {
        let mut e = Engine::new();
        b.iter(|| {
            e.clear();
            black_box(e.search(&Position::start(), &Limits::depth(6), |_| {}))
        })
    });
    group.finish();
    c.bench_function("evaluate midgame", |b| {
        b.iter(|| black_box(evaluate(black_box(&mids[3]), &Weights::TUNED)))
    });
}

criterion_group!(benches, engine);
criterion_main!(benches);
