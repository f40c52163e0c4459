//! Speed of the rules engine (issue 2): perft 4 from the start, legal move generation and play
//! in a midgame position. Run with `cargo bench --bench rules`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use focus_bot::rules::{Position, perft};

/// A midgame reached by 40 deterministic plies from the start: tall stacks, both reserves.
fn midgame() -> Position {
    let mut p = Position::start();
    for i in 0..40usize {
        let moves = p.legal_moves();
        p.play_unchecked(moves[(i * 7919 + 13) % moves.len()]);
    }
    p
}

fn rules(c: &mut Criterion) {
    let start = Position::start();
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    group.bench_function("start depth 4 (19,521,582 leaves)", |b| {
        b.iter(|| assert_eq!(perft(black_box(&start), 4), 19_521_582))
    });
    group.finish();

    let mid = midgame();
    println!(
        "midgame position: {mid} ({} legal moves)",
        mid.legal_moves().len()
    );
    c.bench_function("legal_moves midgame", |b| {
        b.iter(|| black_box(&mid).legal_moves().len())
    });
    let moves = mid.legal_moves();
    c.bench_function("play every legal move of the midgame", |b| {
        b.iter(|| {
            for &mv in &moves {
                let mut q = *black_box(&mid);
                black_box(q.play(mv).is_ok());
            }
        })
    });
}

criterion_group!(benches, rules);
criterion_main!(benches);
