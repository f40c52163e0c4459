//! A stored tournament as the pairing rules see it ([`crate::pairing::model::Tournament`]):
//! starting numbers, and each player's entry for every round paired so far. Pure.

use std::collections::HashMap;

use crate::pairing::model::{self, Colour, Entry, GameScore};
use crate::store::{Board, BoardResult, Entrant, EntrantStatus, Format, Tournament};

/// The pairing model of a stored tournament, and who each starting number is.
#[derive(Clone, Debug)]
pub struct Model {
    /// The tournament for the pairing rules and the tie-breaks.
    pub tournament: model::Tournament,
    /// The user of each starting number (index 0 is number 1).
    pub users: Vec<u64>,
}

impl Model {
    /// The model of `t` with its players and boards: rounds `1..=t.current_round`. A board
    /// without a result (a game in play) is left blank; a late joiner's missed rounds are
    /// half-point byes (`H`, as lichess scores them); a round-robin's bye scores nothing (the
    /// player rests). Players without a starting number (before the start) are left out.
    pub fn of(t: &Tournament, entrants: &[Entrant], boards: &[Board]) -> Model {
        let mut numbered: Vec<&Entrant> = entrants.iter().filter(|e| e.number.is_some()).collect();
        numbered.sort_by_key(|e| e.number);
        let number: HashMap<u64, u32> = numbered
            .iter()
            .enumerate()
            .map(|(i, e)| (e.user_id, i as u32 + 1))
            .collect();
        let rounds = t.current_round as usize;
        let mut entries: Vec<Vec<Entry>> = numbered
            .iter()
            .map(|e| {
                (1..=rounds as u32)
                    .map(|r| {
                        if r < e.first_round {
                            Entry::Bye { half_points: 1 }
                        } else {
                            Entry::Absent
                        }
                    })
                    .collect()
            })
            .collect();
        for b in boards.iter().filter(|b| (b.round as usize) <= rounds) {
            let Some(&w) = number.get(&b.white_id) else {
                continue;
            };
            let slot = b.round as usize - 1;
            let Some(result) = b.result else { continue };
            let Some(black) = b.black_id else {
                entries[w as usize - 1][slot] = if t.format == Format::Swiss {
                    Entry::PairingBye
                } else {
                    Entry::Bye { half_points: 0 }
                };
                continue;
            };
            let Some(&bl) = number.get(&black) else {
                continue;
            };
            let (white_entry, black_entry) = board_entries(result, w, bl);
            entries[w as usize - 1][slot] = white_entry;
            entries[bl as usize - 1][slot] = black_entry;
        }
        let players = numbered
            .iter()
            .zip(entries)
            .enumerate()
            .map(|(i, (e, entries))| model::Player {
                id: i as u32 + 1,
                name: e.user_id.to_string(),
                rating: e.rating.max(0.0).round() as u32,
                entries,
            })
            .collect();
        Model {
            tournament: model::Tournament {
                name: t.name.clone(),
                rounds: t.rounds,
                initial_colour: match t.initial_colour {
                    Some(crate::rules::Color::Black) => Colour::Black,
                    _ => Colour::White,
                },
                players,
            },
            users: numbered.iter().map(|e| e.user_id).collect(),
        }
    }

    /// The starting number of `user`, if numbered.
    pub fn number_of(&self, user: u64) -> Option<u32> {
        self.users
            .iter()
            .position(|&u| u == user)
            .map(|i| i as u32 + 1)
    }

    /// The user of starting number `number`.
    pub fn user(&self, number: u32) -> Option<u64> {
        number
            .checked_sub(1)
            .and_then(|i| self.users.get(i as usize))
            .copied()
    }

    /// The starting numbers to pair in round `round`: players still playing whose first round
    /// has come.
    pub fn to_pair(&self, entrants: &[Entrant], round: u32) -> Vec<u32> {
        entrants
            .iter()
            .filter(|e| e.status == EntrantStatus::Playing && e.first_round <= round)
            .filter_map(|e| self.number_of(e.user_id))
            .collect()
    }
}

/// The TRF entries of White (number `w`) and Black (`b`) for a board's result.
fn board_entries(result: BoardResult, w: u32, b: u32) -> (Entry, Entry) {
    let played = |score: GameScore| {
        (
            Entry::Played {
                opponent: b,
                colour: Colour::White,
                score,
            },
            Entry::Played {
                opponent: w,
                colour: Colour::Black,
                score: score.reversed(),
            },
        )
    };
    let forfeit = |white_won: bool, black_won: bool| {
        (
            Entry::Forfeit {
                opponent: b,
                colour: Some(Colour::White),
                won: white_won,
            },
            Entry::Forfeit {
                opponent: w,
                colour: Some(Colour::Black),
                won: black_won,
            },
        )
    };
    match result {
        BoardResult::White => played(GameScore::Win),
        BoardResult::Black => played(GameScore::Loss),
        BoardResult::Draw => played(GameScore::Draw),
        BoardResult::WhiteForfeit => forfeit(true, false),
        BoardResult::BlackForfeit => forfeit(false, true),
        BoardResult::DoubleForfeit | BoardResult::Bye => forfeit(false, false),
    }
}
