//! Pairing speed (issue 21): round 7 of a 200-player Swiss (target ≤ 100 ms) and of a
//! 1,000-player one (target ≤ 2 s), by the Dutch system. The tournaments are simulated with a
//! fixed seed, their first six rounds paired by the same module.

use criterion::{Criterion, criterion_group, criterion_main};
use focus_bot::pairing::dutch;
use focus_bot::pairing::simulate::{Simulation, simulate};

fn round_seven(c: &mut Criterion) {
    let mut group = c.benchmark_group("dutch");
    group.sample_size(10);
    for players in [200u32, 1000] {
        let tournament = simulate(&Simulation::plain(players, 9), 7, 6).expect("six rounds pair");
        let to_pair = tournament.to_pair_in(7);
        group.bench_function(format!("round 7 of {players} players"), |b| {
            b.iter(|| dutch::pair(&tournament, 7, &to_pair).expect("round 7 pairs"))
        });
    }
    group.finish();
}

criterion_group!(benches, round_seven);
criterion_main!(benches);
