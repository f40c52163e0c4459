//! Re-pairing a tournament round by round and comparing with its file, the way FIDE checks a
//! pairing program (C.04.A): what `focus-bot pair --check` and the corpus test run.

use std::collections::BTreeSet;

use super::berger::{self, BergerError};
use super::dutch::{self, PairingError};
use super::model::{Colour, Entry, Pairing, Tournament};

/// The pairing system a tournament is checked against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum System {
    /// The FIDE Dutch system (C.04.3), [`dutch::pair`].
    Dutch,
    /// The Berger tables (C.05 Annex 1), [`berger::round`], single or double by `XXR`.
    RoundRobin,
}

/// Why a round could not be re-paired.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RepairError {
    /// The Dutch system found no legal pairing.
    #[error("{0}")]
    Dutch(#[from] PairingError),
    /// The Berger table has no such round (or the field does not fit one).
    #[error("{0}")]
    Berger(#[from] BergerError),
    /// `XXR` is neither one nor two cycles of a round-robin of this field.
    #[error(
        "{planned} rounds fit neither a single ({single}) nor a double ({double}) round-robin \
         of {players} players"
    )]
    NotARoundRobin {
        /// The number of players.
        players: u32,
        /// `XXR`.
        planned: u32,
        /// Rounds of a single round-robin.
        single: u32,
        /// Rounds of a double.
        double: u32,
    },
}

/// One round of the file against ours.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundCheck {
    /// The round, 1-based.
    pub round: u32,
    /// The file's pairings of the round: games (White first) and the pairing-allocated bye,
    /// sorted. A forfeit whose colours the file does not give is listed lower number first.
    pub file: Vec<Pairing>,
    /// Ours, in board order, or why there are none.
    pub ours: Result<Vec<Pairing>, RepairError>,
    /// The file's pairings we did not make, sorted.
    pub only_in_file: Vec<Pairing>,
    /// Ours the file does not have, sorted.
    pub only_in_ours: Vec<Pairing>,
}

impl RoundCheck {
    /// True when both pair the round the same way.
    pub fn identical(&self) -> bool {
        self.ours.is_ok() && self.only_in_file.is_empty() && self.only_in_ours.is_empty()
    }
}

/// The file's pairings of `round`: each game once (White first; an uncoloured forfeit lower
/// number first, and flagged), and the pairing-allocated byes.
fn file_round(tournament: &Tournament, round: u32) -> (BTreeSet<Pairing>, BTreeSet<Pairing>) {
    let mut pairings = BTreeSet::new();
    let mut uncoloured = BTreeSet::new();
    for player in &tournament.players {
        match player.entry(round) {
            Entry::Played {
                opponent, colour, ..
            }
            | Entry::Forfeit {
                opponent,
                colour: Some(colour),
                ..
            } => {
                if colour == Colour::White {
                    pairings.insert(Pairing::Game {
                        white: player.id,
                        black: opponent,
                    });
                }
            }
            Entry::Forfeit {
                opponent,
                colour: None,
                ..
            } => {
                if player.id < opponent {
                    let game = Pairing::Game {
                        white: player.id,
                        black: opponent,
                    };
                    pairings.insert(game);
                    uncoloured.insert(game);
                }
            }
            Entry::PairingBye => {
                pairings.insert(Pairing::Bye(player.id));
            }
            Entry::Bye { .. } | Entry::Absent => {}
        }
    }
    (pairings, uncoloured)
}

/// Our pairing of `round` by `system`.
///
/// # Errors
/// [`RepairError`] when the system cannot pair it.
pub fn repair(
    tournament: &Tournament,
    round: u32,
    system: System,
) -> Result<Vec<Pairing>, RepairError> {
    match system {
        System::Dutch => Ok(dutch::pair(
            tournament,
            round,
            &tournament.paired_in(round),
        )?),
        System::RoundRobin => {
            let players = tournament.players.len() as u32;
            let cycles = round_robin_cycles(tournament)?;
            Ok(berger::round(players, round, cycles)?)
        }
    }
}

/// Single or double round-robin, by `XXR` against the number of players.
///
/// # Errors
/// [`RepairError::NotARoundRobin`] when `XXR` fits neither.
pub fn round_robin_cycles(tournament: &Tournament) -> Result<berger::Cycles, RepairError> {
    let players = tournament.players.len() as u32;
    berger::cycles_for(players, tournament.rounds).ok_or(RepairError::NotARoundRobin {
        players,
        planned: tournament.rounds.unwrap_or(0),
        single: berger::rounds(players, berger::Cycles::Single),
        double: berger::rounds(players, berger::Cycles::Double),
    })
}

/// Re-pairs every round of the file (1 to [`Tournament::rounds_paired`]) by `system` and
/// compares with the file's own pairings of it.
///
/// Dutch: the players of round r are those the file paired in it
/// ([`Tournament::paired_in`]), from the history of rounds before r. Round-robin: the Berger
/// table's round r for all the file's players; its bye matches any player the file did not
/// pair in a game that round (files mark the round-robin bye in several ways).
pub fn check(tournament: &Tournament, system: System) -> Vec<RoundCheck> {
    (1..=tournament.rounds_paired())
        .map(|round| check_round(tournament, round, system))
        .collect()
}

/// Why [`check_complete`] does not judge a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Skip {
    /// The file lists it as in progress (paired, no results yet; see
    /// [`super::trf::RoundInProgress`]).
    InProgress,
    /// The player lines hold no game of it, only byes: nothing to compare, and what an export
    /// taken mid-round by an older version holds (the round's bye alone).
    NoGame,
}

/// One round of [`check_complete`]: judged, or skipped and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RoundReport {
    /// A complete round, re-paired and compared.
    Judged(RoundCheck),
    /// A round left out.
    Skipped {
        /// The round, 1-based.
        round: u32,
        /// Why.
        why: Skip,
    },
}

/// [`check`] for complete rounds only: every round up to the last one paired or in progress,
/// skipping the rounds `in_progress` and those with no game in the file.
pub fn check_complete(
    tournament: &Tournament,
    system: System,
    in_progress: &[u32],
) -> Vec<RoundReport> {
    let last = in_progress
        .iter()
        .copied()
        .chain(std::iter::once(tournament.rounds_paired()))
        .max()
        .unwrap_or(0);
    (1..=last)
        .map(|round| {
            if in_progress.contains(&round) {
                return RoundReport::Skipped {
                    round,
                    why: Skip::InProgress,
                };
            }
            let (file, _) = file_round(tournament, round);
            if !file.iter().any(|p| matches!(p, Pairing::Game { .. })) {
                return RoundReport::Skipped {
                    round,
                    why: Skip::NoGame,
                };
            }
            RoundReport::Judged(check_round(tournament, round, system))
        })
        .collect()
}

fn check_round(tournament: &Tournament, round: u32, system: System) -> RoundCheck {
    let (file, uncoloured) = file_round(tournament, round);
    let ours = repair(tournament, round, system);
    let mut only_in_file: BTreeSet<Pairing> = file.clone();
    let mut only_in_ours: BTreeSet<Pairing> = BTreeSet::new();
    if let Ok(pairings) = &ours {
        for &pairing in pairings {
            let matched = match pairing {
                Pairing::Game { white, black } => {
                    let swapped = Pairing::Game {
                        white: black,
                        black: white,
                    };
                    if file.contains(&pairing) {
                        Some(pairing)
                    } else if uncoloured.contains(&swapped) {
                        Some(swapped)
                    } else {
                        None
                    }
                }
                Pairing::Bye(player) => {
                    if file.contains(&pairing) {
                        Some(pairing)
                    } else if system == System::RoundRobin
                        && tournament
                            .player(player)
                            .is_some_and(|p| p.entry(round).opponent().is_none())
                    {
                        // Not in the file's set: nothing to remove.
                        continue;
                    } else {
                        None
                    }
                }
            };
            match matched {
                Some(found) => {
                    only_in_file.remove(&found);
                }
                None => {
                    only_in_ours.insert(pairing);
                }
            }
        }
    }
    RoundCheck {
        round,
        file: file.into_iter().collect(),
        ours,
        only_in_file: only_in_file.into_iter().collect(),
        only_in_ours: only_in_ours.into_iter().collect(),
    }
}
