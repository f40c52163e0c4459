//! Speed and size of the animated replay (issue 13): an 80-ply game must take at most 150 ms
//! and 2 MiB, a 400-ply game stay under Discord's 10 MiB. Run with `cargo bench --bench gif`.
//!
//! Measured on the 2-core development machine (other builds running, load about 2): 80 plies
//! 97–119 ms, 727,651 bytes (0.69 MiB); 400 plies 450–463 ms, 3,474,710 bytes (3.31 MiB).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use focus_bot::render::{ReplayOptions, replay_gif};
use focus_bot::rules::{Color, Move, Outcome, Position};

/// `plies` legal moves from the start, picked by a fixed pseudo-random sequence: stacks
/// move, grow, get trimmed and pieces are dropped, as in a real game. Seeds whose game ends
/// sooner are skipped.
fn game(plies: usize) -> (Position, Vec<Move>) {
    for seed in 1u64.. {
        let mut rng = seed;
        let mut pos = Position::start();
        let mut moves = Vec::with_capacity(plies);
        while moves.len() < plies && pos.outcome() == Outcome::Ongoing {
            rng = rng
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let legal = pos.legal_moves();
            let mv = legal[(rng >> 33) as usize % legal.len()];
            pos.play(mv).expect("a legal move");
            moves.push(mv);
        }
        if moves.len() == plies {
            return (Position::start(), moves);
        }
    }
    unreachable!("some seed gives a long enough game")
}

fn gif(c: &mut Criterion) {
    use focus_bot::i18n::Lang;
    use focus_bot::strings::picture;
    // As `/focus replay` draws them: names, and the game and move number in every frame.
    let options = |plies: u32| ReplayOptions {
        white: "Alice".into(),
        black: "Boris".into(),
        corners: picture::replay_corners(Lang::ENGLISH, Some(1234), plies, Color::White),
        ..ReplayOptions::new(picture::words(Lang::ENGLISH))
    };
    // The palette and the renderer's layers are made once per process, before the first replay.
    let (start, moves) = game(80);
    let (options, long_options) = (options(80), options(400));
    let bytes = replay_gif(&start, &moves, &options).unwrap();
    println!(
        "80-ply replay: {} bytes ({:.2} MiB)",
        bytes.len(),
        bytes.len() as f64 / 1048576.0
    );
    let (long_start, long_moves) = game(400);
    let long = replay_gif(&long_start, &long_moves, &long_options).unwrap();
    println!(
        "400-ply replay: {} bytes ({:.2} MiB)",
        long.len(),
        long.len() as f64 / 1048576.0
    );

    let mut group = c.benchmark_group("replay gif");
    group.sample_size(10);
    group.bench_function("80 plies", |b| {
        b.iter(|| {
            replay_gif(black_box(&start), black_box(&moves), &options)
                .unwrap()
                .len()
        })
    });
    group.bench_function("400 plies", |b| {
        b.iter(|| {
            replay_gif(
                black_box(&long_start),
                black_box(&long_moves),
                &long_options,
            )
            .unwrap()
            .len()
        })
    });
    group.finish();
}

criterion_group!(benches, gif);
criterion_main!(benches);
