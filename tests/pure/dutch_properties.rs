//! The Dutch system's absolute criteria over random tournaments (issue 21): every player paired
//! exactly once a round, no rematch (C.04.3 C.1), at most one pairing-allocated bye and none
//! after a win without playing (C.2), and the colour constraints (C.3: outside the last round,
//! nobody plays a third game in a row with one colour or reaches a colour difference beyond 2).

use std::collections::HashSet;

use focus_bot::pairing::model::{Colour, Entry, Tournament};
use focus_bot::pairing::simulate::{Simulation, simulate};
use proptest::prelude::*;

fn simulation() -> impl Strategy<Value = Simulation> {
    (
        4u32..36,
        3u32..10,
        0u32..50,
        0u32..8,
        0u32..8,
        0u32..25,
        any::<bool>(),
    )
        .prop_map(
            |(players, rounds, draws, forfeits, byes, withdrawals, black)| Simulation {
                players,
                rounds: rounds.min(players - 1),
                draws,
                forfeits,
                byes,
                withdrawals,
                initial_colour: if black { Colour::Black } else { Colour::White },
            },
        )
}

/// Checks round `round` of `t` against the absolute criteria.
fn check_round(t: &Tournament, round: u32) -> Result<(), TestCaseError> {
    let last_round = t.rounds == Some(round);
    for player in &t.players {
        let entry = player.entry(round);
        if let Some(opponent) = entry.opponent() {
            prop_assert_ne!(opponent, player.id, "a player paired with themself");
            let other = t.player(opponent).expect("the opponent exists");
            prop_assert_eq!(other.entry(round).opponent(), Some(player.id), "asymmetric");
            if matches!(entry, Entry::Played { .. }) {
                let met_before = (1..round).any(|r| {
                    matches!(player.entry(r), Entry::Played { opponent: o, .. } if o == opponent)
                });
                prop_assert!(
                    !met_before,
                    "{} meets {} again in round {round}",
                    player.id,
                    opponent
                );
            }
        }
        if entry == Entry::PairingBye {
            let earlier = (1..round).any(|r| match player.entry(r) {
                Entry::PairingBye => true,
                Entry::Forfeit { won, .. } => won,
                _ => false,
            });
            prop_assert!(!earlier, "{} gets a second bye in round {round}", player.id);
        }
        if !last_round {
            let colours: Vec<Colour> = (1..=round)
                .filter_map(|r| player.entry(r).played_colour())
                .collect();
            let difference: i32 = colours
                .iter()
                .map(|c| if *c == Colour::White { 1 } else { -1 })
                .sum();
            prop_assert!(
                difference.abs() <= 2,
                "{} at colour difference {difference}",
                player.id
            );
            let three = colours.windows(3).any(|w| w[0] == w[1] && w[1] == w[2]);
            prop_assert!(!three, "{} has one colour three times in a row", player.id);
        }
    }
    let byes = t
        .players
        .iter()
        .filter(|p| p.entry(round) == Entry::PairingBye)
        .count();
    prop_assert!(byes <= 1, "{byes} pairing-allocated byes in round {round}");
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_tournaments_keep_the_absolute_criteria(sim in simulation(), seed in any::<u64>()) {
        match simulate(&sim, seed, sim.rounds) {
            Ok(t) => {
                for round in 1..=sim.rounds {
                    // Everyone who was to be paired was paired once (entries are one a round).
                    let paired: HashSet<u32> = t.paired_in(round).into_iter().collect();
                    let sat_out = t
                        .players
                        .iter()
                        .filter(|p| matches!(p.entry(round), Entry::Bye { .. } | Entry::Absent))
                        .count();
                    prop_assert_eq!(paired.len() + sat_out, t.players.len());
                    check_round(&t, round)?;
                }
            }
            // Small fields run out of legal pairings in late rounds; an early round never does.
            Err(error) => prop_assert!(
                2 * sim.rounds > sim.players,
                "{error} with {} players and {} rounds", sim.players, sim.rounds
            ),
        }
    }
}
