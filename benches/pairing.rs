//! Pairing speed (issue 21), by the Dutch system:
//! - round 7 of a 200-player Swiss (target ≤ 100 ms): rounds 1–6 from the reference
//!   implementation's generator (`tests/data/pairing/bench/p200-r06-rtg-s2026.trf`);
//! - round 7 of a 1,000-player Swiss (target ≤ 2 s): rounds 1–6 simulated by
//!   `pairing::simulate` (`Simulation::plain(1000, 9)`, seed 7), saved as
//!   `p1000-r06-sim-s7.trf` because simulating them takes minutes.

use criterion::{Criterion, criterion_group, criterion_main};
use focus_bot::pairing::{dutch, trf};

fn round_seven(c: &mut Criterion) {
    let mut group = c.benchmark_group("dutch");
    group.sample_size(10);
    for (players, file) in [
        (200, "p200-r06-rtg-s2026.trf"),
        (1000, "p1000-r06-sim-s7.trf"),
    ] {
        let path = format!(
            "{}/tests/data/pairing/bench/{file}",
            env!("CARGO_MANIFEST_DIR")
        );
        let tournament = trf::parse(&std::fs::read_to_string(path).expect("the bench file"))
            .expect("a valid TRF");
        let to_pair = tournament.to_pair_in(7);
        group.bench_function(format!("round 7 of {players} players"), |b| {
            b.iter(|| dutch::pair(&tournament, 7, &to_pair).expect("round 7 pairs"))
        });
    }
    group.finish();
}

criterion_group!(benches, round_seven);
criterion_main!(benches);
