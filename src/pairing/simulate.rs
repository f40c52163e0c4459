//! Random tournaments for tests and benchmarks, in the spirit of the random tournament
//! generator of FIDE C.04.A (A.5): players seeded by rating, each round paired by the Dutch
//! system, results drawn from the rating difference, with draws, forfeits, requested byes and
//! withdrawals at the rates asked.

use super::dutch::{self, PairingError};
use super::model::{Colour, Entry, GameScore, Pairing, Player, Tournament};
use crate::engine::rng::Rng;

/// What kind of tournament to simulate. Rates are percentages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Simulation {
    pub players: u32,
    pub rounds: u32,
    /// Percent of games drawn.
    pub draws: u32,
    /// Percent of games forfeited.
    pub forfeits: u32,
    /// Percent of player-rounds sat out with a requested bye (half or zero point).
    pub byes: u32,
    /// Percent of players who withdraw at a random round.
    pub withdrawals: u32,
    /// The top seed's colour in round 1.
    pub initial_colour: Colour,
}

impl Simulation {
    /// A plain Swiss: 20 % draws, nothing unplayed.
    pub fn plain(players: u32, rounds: u32) -> Simulation {
        Simulation {
            players,
            rounds,
            draws: 20,
            forfeits: 0,
            byes: 0,
            withdrawals: 0,
            initial_colour: Colour::White,
        }
    }
}

/// A simulated tournament stopped by a round that cannot be paired: what a test needs to
/// judge whether that round truly has no legal pairing.
#[derive(Debug, Clone, thiserror::Error)]
#[error("{error} (players to pair: {to_pair:?})")]
pub struct Stopped {
    /// The tournament as that round was to be paired: earlier rounds played, and the round's
    /// requested byes and absences entered.
    pub tournament: Tournament,
    /// The round that could not be paired (1-based).
    pub round: u32,
    /// The starting numbers that were to be paired in it.
    pub to_pair: Vec<u32>,
    /// The pairing error.
    pub error: PairingError,
}

/// Plays rounds `1..=rounds_to_play` of a tournament fixed by `simulation` and `seed`.
///
/// # Errors
/// [`Stopped`] at the first round that cannot be paired.
pub fn simulate(
    simulation: &Simulation,
    seed: u64,
    rounds_to_play: u32,
) -> Result<Tournament, Box<Stopped>> {
    let mut rng = Rng::new(seed);
    let ratings: Vec<u32> = (0..simulation.players)
        .map(|index| 2700u32.saturating_sub(index * 1200 / simulation.players.max(1)))
        .collect();
    let withdraws_at: Vec<Option<u32>> = (0..simulation.players)
        .map(|_| {
            (rng.below(100) < simulation.withdrawals as usize)
                .then(|| 2 + rng.below(simulation.rounds.max(2) as usize) as u32)
        })
        .collect();
    let mut tournament = Tournament {
        name: format!("Simulated {}-player Swiss", simulation.players),
        rounds: Some(simulation.rounds),
        initial_colour: simulation.initial_colour,
        players: (1..=simulation.players)
            .map(|id| Player {
                id,
                name: format!("Player {id}"),
                rating: ratings[id as usize - 1],
                entries: Vec::new(),
            })
            .collect(),
    };
    for round in 1..=rounds_to_play {
        let mut to_pair = Vec::new();
        for (index, player) in tournament.players.iter_mut().enumerate() {
            let withdrawn = withdraws_at[index].is_some_and(|at| round >= at);
            let entry = if withdrawn {
                Some(Entry::Absent)
            } else if rng.below(100) < simulation.byes as usize {
                Some(Entry::Bye {
                    half_points: if rng.below(2) == 0 { 1 } else { 0 },
                })
            } else {
                to_pair.push(player.id);
                None
            };
            player.entries.resize(round as usize - 1, Entry::Absent);
            if let Some(entry) = entry {
                player.entries.push(entry);
            }
        }
        let pairings = match dutch::pair(&tournament, round, &to_pair) {
            Ok(pairings) => pairings,
            Err(error) => {
                return Err(Box::new(Stopped {
                    tournament,
                    round,
                    to_pair,
                    error,
                }));
            }
        };
        for pairing in pairings {
            match pairing {
                Pairing::Bye(id) => set(&mut tournament, id, Entry::PairingBye),
                Pairing::Game { white, black } => {
                    let (white_entry, black_entry) =
                        play(&mut rng, simulation, &tournament, white, black);
                    set(&mut tournament, white, white_entry);
                    set(&mut tournament, black, black_entry);
                }
            }
        }
    }
    Ok(tournament)
}

fn set(tournament: &mut Tournament, id: u32, entry: Entry) {
    if let Some(player) = tournament.players.iter_mut().find(|p| p.id == id) {
        player.entries.push(entry);
    }
}

/// The two entries of a game between `white` and `black`.
fn play(
    rng: &mut Rng,
    simulation: &Simulation,
    tournament: &Tournament,
    white: u32,
    black: u32,
) -> (Entry, Entry) {
    if rng.below(100) < simulation.forfeits as usize {
        let white_wins = rng.below(2) == 0;
        let entry = |opponent, colour, won| Entry::Forfeit {
            opponent,
            colour: Some(colour),
            won,
        };
        return (
            entry(black, Colour::White, white_wins),
            entry(white, Colour::Black, !white_wins),
        );
    }
    let rating = |id: u32| tournament.player(id).map_or(0, |p| p.rating) as f64;
    let expected = 1.0 / (1.0 + 10f64.powf((rating(black) - rating(white)) / 400.0));
    let roll = rng.below(10_000) as f64 / 10_000.0;
    let draw = simulation.draws as f64 / 100.0;
    let score = if roll < expected * (1.0 - draw) {
        GameScore::Win
    } else if roll < expected * (1.0 - draw) + draw {
        GameScore::Draw
    } else {
        GameScore::Loss
    };
    (
        Entry::Played {
            opponent: black,
            colour: Colour::White,
            score,
        },
        Entry::Played {
            opponent: white,
            colour: Colour::Black,
            score: score.reversed(),
        },
    )
}
