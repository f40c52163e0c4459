//! The FIDE Dutch system (FIDE Handbook C.04.3, in force from 1 February 2026; general rules
//! C.04.1).
//!
//! Players are ranked by score, then pairing number (Article 1.2; A.2 in the 2017 text), and
//! paired bracket by bracket from the top score group down (A.3, B). A bracket's players who
//! are not paired float down to the next one. When what is left after a bracket cannot complete the round, that bracket is
//! re-paired as the penultimate pairing bracket and everyone below it is paired as one
//! collapsed last bracket (A.9, C.4).

mod bracket;
mod colour;
mod completion;
mod contestant;
mod criteria;
mod duals;

use std::collections::BTreeMap;

use completion::{completable, completable_even};
use contestant::Contestant;
use criteria::Look;

use super::model::{Colour, Entry, Pairing, Tournament};

/// Why a round cannot be paired.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PairingError {
    /// No pairing satisfies the absolute criteria (C.04.3 C.1–C.3) for these players.
    #[error(
        "no legal pairing exists for round {round}: the absolute criteria (no rematch, at most one pairing-allocated bye, colours) cannot all be met"
    )]
    NoLegalPairing { round: u32 },
    /// A player to pair is not in the tournament.
    #[error("player {id} is not in the tournament")]
    UnknownPlayer { id: u32 },
}

/// Pairs round `round` (1-based) of `tournament` by the Dutch system: the players `to_pair`
/// (starting numbers), from the history of rounds `1..round` only (entries of `round` and later
/// are ignored). Pairings come in board order, the bye last.
///
/// # Errors
/// [`PairingError::NoLegalPairing`] when the absolute criteria cannot all be met;
/// [`PairingError::UnknownPlayer`] for a starting number not in the tournament.
pub fn pair(
    tournament: &Tournament,
    round: u32,
    to_pair: &[u32],
) -> Result<Vec<Pairing>, PairingError> {
    if let Some(&id) = to_pair.iter().find(|&&id| tournament.player(id).is_none()) {
        return Err(PairingError::UnknownPlayer { id });
    }
    let last_round = tournament.rounds == Some(round);
    let mut players: Vec<Contestant> = to_pair
        .iter()
        .map(|&id| Contestant::new(tournament, id, round, last_round))
        .collect();
    // The pairing number of 5.2.5 is the tournament pairing number (Article 1.2.2): every player
    // of the tournament counts, present this round or not, but for one who has never taken part
    // in a pairing and is not paired now (entered, then out before playing).
    let counts = |player: &super::model::Player| {
        to_pair.contains(&player.id)
            || (1..round).any(|r| {
                matches!(
                    player.entry(r),
                    Entry::Played { .. } | Entry::Forfeit { .. } | Entry::PairingBye
                )
            })
    };
    let mut numbered: Vec<u32> = tournament
        .players
        .iter()
        .filter(|player| counts(player))
        .map(|player| player.id)
        .collect();
    numbered.sort_unstable();
    for player in &mut players {
        player.pairing_number = numbered.partition_point(|&id| id < player.id) as u32 + 1;
    }
    players.sort_by(|a, b| b.score.cmp(&a.score).then(a.id.cmp(&b.id)));
    players.dedup_by_key(|player| player.id);
    let initial = tournament.initial_colour;
    if players.len() % 2 == 1 {
        restrict_bye(&mut players);
    }
    let (pairs, bye) =
        pair_players(&players, initial).ok_or(PairingError::NoLegalPairing { round })?;
    Ok(board_order(&players, pairs, bye, initial))
}

/// A round's pairs (round-player indices, the higher-ranked first) and its bye.
type RoundPairs = (Vec<(usize, usize)>, Option<usize>);

/// Pairs the ranked `players`: the pairs (higher-ranked first) and the bye.
fn pair_players(players: &[Contestant], initial: Colour) -> Option<RoundPairs> {
    let mut groups: BTreeMap<std::cmp::Reverse<u32>, Vec<usize>> = BTreeMap::new();
    for (index, player) in players.iter().enumerate() {
        groups
            .entry(std::cmp::Reverse(player.score))
            .or_default()
            .push(index);
    }
    let groups: Vec<Vec<usize>> = groups.into_values().collect();
    let everyone: Vec<usize> = (0..players.len()).collect();
    if !completable(players, &everyone) {
        return None;
    }
    // The brackets paired so far: (moved-down players entering it, its outcome).
    let mut done: Vec<(Vec<usize>, bracket::Outcome)> = Vec::new();
    let mut mdps: Vec<usize> = Vec::new();
    let mut k = 0;
    loop {
        let residents = &groups[k];
        if k + 1 == groups.len() {
            let last = Look {
                next: None,
                below: Vec::new(),
            };
            let outcome = bracket::pair(players, &mdps, residents, &last, initial);
            done.push((mdps, outcome));
            break;
        }
        let next = Look {
            next: Some(groups[k + 1].clone()),
            below: groups[k + 1..].iter().flatten().copied().collect(),
        };
        let outcome = bracket::pair(players, &mdps, residents, &next, initial);
        let rest: Vec<usize> = outcome
            .downfloaters
            .iter()
            .copied()
            .chain(groups[k + 1..].iter().flatten().copied())
            .collect();
        if completable(players, &rest) {
            let entering = std::mem::replace(&mut mdps, outcome.downfloaters.clone());
            done.push((entering, outcome));
            k += 1;
            continue;
        }
        // A.9: this bracket becomes the penultimate pairing bracket; if even that cannot
        // complete the round, the one above it does.
        let mut entering = mdps.clone();
        let mut ppb = k;
        loop {
            let lower: Vec<usize> = groups[ppb + 1..].iter().flatten().copied().collect();
            let all: Vec<usize> = entering
                .iter()
                .chain(&groups[ppb])
                .chain(&lower)
                .copied()
                .collect();
            if completable(players, &all) || ppb == 0 {
                let outcome = bracket::pair(
                    players,
                    &entering,
                    &groups[ppb],
                    &Look {
                        next: None,
                        below: lower.clone(),
                    },
                    initial,
                );
                let last = Look {
                    next: None,
                    below: Vec::new(),
                };
                let clb = bracket::pair(players, &outcome.downfloaters, &lower, &last, initial);
                done.push((entering, outcome));
                done.push((Vec::new(), clb));
                break;
            }
            let (previous_entering, _) = done.pop().expect("a bracket above the first");
            entering = previous_entering;
            ppb -= 1;
        }
        break;
    }
    let mut pairs = Vec::new();
    let mut bye = None;
    let last = done.len() - 1;
    for (index, (_, outcome)) in done.into_iter().enumerate() {
        pairs.extend(outcome.pairs);
        if index == last {
            bye = outcome.downfloaters.first().copied();
        }
    }
    Some((pairs, bye))
}

/// Leaves the bye open only to the players of the lowest score that can take it and still let
/// everyone else be paired (C.04.3 C.4 with C.2 and C.5: the pairing-allocated bye goes to
/// the lowest score group it can).
fn restrict_bye(players: &mut [Contestant]) {
    let everyone: Vec<usize> = (0..players.len()).collect();
    let mut candidates: Vec<usize> = everyone
        .iter()
        .copied()
        .filter(|&p| players[p].bye_allowed)
        .collect();
    candidates.sort_by_key(|&p| players[p].score);
    let floor = candidates.iter().copied().find(|&p| {
        let rest: Vec<usize> = everyone.iter().copied().filter(|&q| q != p).collect();
        completable_even(players, &rest)
    });
    let Some(floor) = floor.map(|p| players[p].score) else {
        return;
    };
    for player in players.iter_mut() {
        player.bye_allowed &= player.score == floor;
    }
}

/// The pairings with colours (C.04.3 E) in board order: higher score of the pair first, then
/// the higher sum, then the higher-ranked player's rank; the bye last.
fn board_order(
    players: &[Contestant],
    pairs: Vec<(usize, usize)>,
    bye: Option<usize>,
    initial: Colour,
) -> Vec<Pairing> {
    let mut pairs = pairs;
    pairs.sort_by_key(|&(a, b)| {
        let (pa, pb) = (&players[a], &players[b]);
        (
            std::cmp::Reverse(pa.score.max(pb.score)),
            std::cmp::Reverse(pa.score + pb.score),
            a.min(b),
        )
    });
    let mut pairings: Vec<Pairing> = pairs
        .into_iter()
        .map(|(a, b)| {
            let (pa, pb) = (&players[a], &players[b]);
            match colour::allocate(pa, pb, initial) {
                Colour::White => Pairing::Game {
                    white: pa.id,
                    black: pb.id,
                },
                Colour::Black => Pairing::Game {
                    white: pb.id,
                    black: pa.id,
                },
            }
        })
        .collect();
    if let Some(bye) = bye {
        pairings.push(Pairing::Bye(players[bye].id));
    }
    pairings
}
