//! A tournament's tables, pure: the pairings of a round, standings with their cells, the
//! rounds in progress of a TRF export, and what a tournament's name may hold.

use crate::pairing::{self, Pairing, berger, dutch, tiebreak};
use crate::rules::Color;
use crate::store::{Board, Entrant, Format, GameStatus, Tournament};

use super::model::Model;
use crate::service::Named;

use super::views::{Cell, StandingRow, Standings};

/// The pairings of `round` of `t`: (White, Black or `None` for the bye) by user.
pub(super) fn pair_round(
    t: &Tournament,
    model: &Model,
    entrants: &[Entrant],
    round: u32,
) -> std::result::Result<Vec<(u64, Option<u64>)>, String> {
    let pairings = match t.format {
        Format::Swiss => {
            let to_pair = model.to_pair(entrants, round);
            if to_pair.len() < 2 {
                return Err("fewer than two players to pair".into());
            }
            dutch::pair(&model.tournament, round, &to_pair).map_err(|e| e.to_string())?
        }
        Format::RoundRobin | Format::DoubleRoundRobin => {
            let cycles = if t.format == Format::RoundRobin {
                berger::Cycles::Single
            } else {
                berger::Cycles::Double
            };
            berger::round(model.users.len() as u32, round, cycles).map_err(|e| e.to_string())?
        }
    };
    let user = |n: u32| model.user(n).ok_or_else(|| format!("no player {n}"));
    let mut boards = Vec::with_capacity(pairings.len());
    for p in pairings {
        boards.push(match p {
            Pairing::Game { white, black } => (user(white)?, Some(user(black)?)),
            Pairing::Bye(n) => (user(n)?, None),
        });
    }
    Ok(boards)
}

/// A character a tournament's name may not hold: control characters, the locale files' marks
/// (`*`, `` ` ``) and the private-use characters of [`crate::text`]'s placeholders.
pub(super) fn unfit_in_name(c: char) -> bool {
    c.is_control() || c == '*' || c == '`' || ('\u{E000}'..='\u{F8FF}').contains(&c)
}

/// A name as a TRF player line holds it: at most 33 characters, no line breaks.
/// The rounds of `boards` up to `current` with a game still without a result, as pairings in
/// board order; their pairings are taken out of `model`'s player lines (left blank), results
/// already in included, so that the player lines hold complete rounds only.
pub(super) fn rounds_in_progress(
    model: &mut Model,
    boards: &[Board],
    current: u32,
) -> Vec<pairing::trf::RoundInProgress> {
    let open: std::collections::BTreeSet<u32> = boards
        .iter()
        .filter(|b| b.round <= current && b.result.is_none())
        .map(|b| b.round)
        .collect();
    let mut rounds = Vec::new();
    for round in open {
        let mut of_round: Vec<&Board> = boards.iter().filter(|b| b.round == round).collect();
        of_round.sort_by_key(|b| (b.black_id.is_none(), b.board));
        let mut pairings = Vec::new();
        for b in of_round {
            let Some(white) = model.number_of(b.white_id) else {
                continue;
            };
            match b.black_id.map(|black| model.number_of(black)) {
                None => pairings.push(Pairing::Bye(white)),
                Some(Some(black)) => pairings.push(Pairing::Game { white, black }),
                Some(None) => {}
            }
        }
        for player in &mut model.tournament.players {
            if let Some(entry) = player.entries.get_mut(round as usize - 1)
                && !matches!(entry, pairing::Entry::Bye { .. })
            {
                *entry = pairing::Entry::Absent;
            }
        }
        rounds.push(pairing::trf::RoundInProgress { round, pairings });
    }
    rounds
}

pub(super) fn trf_name(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .take(33)
        .collect()
}

/// The standings of `t` from its players and boards after its last complete round, names in
/// `names` (in `entrants`' order).
pub fn standings_of(
    t: &Tournament,
    entrants: &[Entrant],
    boards: &[Board],
    names: Vec<Named>,
) -> Standings {
    standings_after(t, entrants, boards, names, None)
}

/// The last round of `t` such that it and every round before it are over (0: none).
pub fn complete_rounds(t: &Tournament, boards: &[Board]) -> u32 {
    (1..=t.current_round)
        .take_while(|&r| {
            boards
                .iter()
                .filter(|b| b.round == r)
                .all(|b| b.result.is_some())
        })
        .last()
        .unwrap_or(0)
}

/// The standings of `t` counting rounds 1 to `round` only (`None`, or a round not yet over:
/// its [`complete_rounds`]); later rounds show as not yet played.
pub fn standings_after(
    t: &Tournament,
    entrants: &[Entrant],
    boards: &[Board],
    names: Vec<Named>,
    round: Option<u32>,
) -> Standings {
    let complete = complete_rounds(t, boards);
    let after = round.map_or(complete, |r| r.min(complete));
    let counted: Vec<Board> = boards
        .iter()
        .filter(|b| b.round <= after)
        .cloned()
        .collect();
    let mut then = t.clone();
    then.current_round = after;
    let model = Model::of(&then, entrants, &counted);
    let tie_breaks: Vec<tiebreak::TieBreak> = match t.format {
        Format::Swiss => tiebreak::SWISS.to_vec(),
        _ => tiebreak::ROUND_ROBIN.to_vec(),
    };
    let table = tiebreak::standings(&model.tournament, after, &tie_breaks);
    // One order, whose row numbers are the ranks: the text, the picture's opponents and
    // the podium all name a player by it.
    let rank_of: std::collections::HashMap<u32, u32> = table
        .iter()
        .enumerate()
        .map(|(row, s)| (s.player, row as u32 + 1))
        .collect();
    let planned = t.rounds.unwrap_or(t.current_round).max(t.current_round);
    let mut rows = Vec::with_capacity(table.len());
    let mut previous_rank = 0;
    for (row, s) in table.into_iter().enumerate() {
        let user = model.users[s.player as usize - 1];
        let entrant = entrants
            .iter()
            .find(|e| e.user_id == user)
            .expect("every numbered player is an entrant");
        let named = names
            .iter()
            .find(|n| n.id == user)
            .cloned()
            .unwrap_or(Named {
                id: user,
                name: None,
            });
        let cells = (1..=planned)
            .map(|round| cell(&then, entrant, &counted, &model, &rank_of, round, user))
            .collect();
        rows.push(StandingRow {
            rank: row as u32 + 1,
            shared: s.rank == previous_rank,
            user: named,
            number: s.player,
            half_points: s.half_points,
            tie_breaks: s.tie_breaks,
            cells,
            status: entrant.status,
        });
        previous_rank = s.rank;
    }
    Standings {
        tournament: t.clone(),
        complete_rounds: after,
        tie_breaks,
        rows,
    }
}

fn cell(
    t: &Tournament,
    entrant: &Entrant,
    boards: &[Board],
    model: &Model,
    rank_of: &std::collections::HashMap<u32, u32>,
    round: u32,
    user: u64,
) -> Cell {
    if round > t.current_round {
        return Cell::Future;
    }
    if round < entrant.first_round {
        return Cell::Missed;
    }
    let Some(b) = boards
        .iter()
        .find(|b| b.round == round && (b.white_id == user || b.black_id == Some(user)))
    else {
        return Cell::Absent;
    };
    let Some(black) = b.black_id else {
        return if t.format == Format::Swiss {
            Cell::Bye { half_points: 2 }
        } else {
            Cell::Rest
        };
    };
    let white = b.white_id == user;
    let opponent = if white { black } else { b.white_id };
    let opponent = model
        .number_of(opponent)
        .and_then(|n| rank_of.get(&n).copied())
        .unwrap_or(0);
    Cell::Game {
        opponent,
        colour: if white { Color::White } else { Color::Black },
        half_points: b.result.map(|r| {
            if white {
                r.white_half_points()
            } else {
                r.black_half_points()
            }
        }),
        forfeit: b.result.is_some_and(|r| !r.played()),
    }
}

/// Whether a game in this status still counts as in play for a round.
pub fn in_play(status: GameStatus) -> bool {
    matches!(status, GameStatus::Active | GameStatus::NeedsReview)
}
