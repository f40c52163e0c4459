//! Writing a [`Tournament`] as a TRF-16 text, with the rounds in progress on lines of their
//! own.

use std::collections::HashMap;

use super::{BLOCK, IN_PROGRESS, RoundInProgress, points_text};
use crate::pairing::model::{Colour, Entry, GameScore, Pairing, Tournament};
use crate::pairing::tiebreak;

/// Writes `tournament` as a TRF-16 text: `012`, `XXR` (when known), `XXC`, then one `001`
/// line per player with points and rank filled in. The rank is the place in the standings
/// after every round of the file, by score and the Swiss tie-breaks of C.07
/// ([`tiebreak::SWISS`]), equal places broken by starting number.
pub fn write(tournament: &Tournament) -> String {
    let mut out = String::new();
    out.push_str(&format!("012 {}\n", tournament.name));
    out.push_str(&format!("062 {}\n", tournament.players.len()));
    if let Some(rounds) = tournament.rounds {
        out.push_str(&format!("XXR {rounds}\n"));
    }
    let colour = match tournament.initial_colour {
        Colour::White => "white1",
        Colour::Black => "black1",
    };
    out.push_str(&format!("XXC {colour}\n"));
    let played = tournament
        .players
        .iter()
        .map(|player| player.entries.len() as u32)
        .max()
        .unwrap_or(0);
    let ranks: HashMap<u32, usize> = tiebreak::standings(tournament, played, tiebreak::SWISS)
        .iter()
        .enumerate()
        .map(|(place, standing)| (standing.player, place + 1))
        .collect();
    for player in &tournament.players {
        let name: String = player.name.chars().take(33).collect();
        let rating = if player.rating == 0 {
            String::new()
        } else {
            player.rating.to_string()
        };
        let mut line = format!(
            "001 {:>4}      {:<33} {:>4}{:28}{:>4} {:>4}  ",
            player.id,
            name,
            rating,
            "",
            points_text(player.half_points_after(played)),
            ranks.get(&player.id).copied().unwrap_or(0),
        );
        for entry in &player.entries {
            line.push_str(&block(*entry));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// Writes `tournament` as [`write()`] does, then the rounds `in_progress`: a note that says why
/// their pairings are outside the player lines, and one `FBP round white black` line per
/// pairing (`black` 0000 for the pairing-allocated bye). The player lines must hold no game or
/// pairing-allocated bye of those rounds (the caller leaves them blank), so that a program that
/// ignores `FBP` (bbpPairings, JaVaFo) reads only the rounds that are complete.
pub fn write_in_progress(tournament: &Tournament, in_progress: &[RoundInProgress]) -> String {
    let mut out = write(tournament);
    for r in in_progress {
        out.push_str(&format!(
            "### Round {} is in progress. TRF-16 has no code for a game without a result, so its\n\
             ### pairings are below (FBP round white black; black 0000: the pairing-allocated bye),\n\
             ### not in the player lines. Programs that do not know FBP read only the rounds above.\n",
            r.round
        ));
        for pairing in &r.pairings {
            let (white, black) = match *pairing {
                Pairing::Game { white, black } => (white, format!("{black:>4}")),
                Pairing::Bye(player) => (player, "0000".to_owned()),
            };
            out.push_str(&format!(
                "{IN_PROGRESS} {:>3} {white:>4} {black}\n",
                r.round
            ));
        }
    }
    out
}

/// A round block, 10 columns.
fn block(entry: Entry) -> String {
    let colour = |c: Option<Colour>| match c {
        Some(Colour::White) => 'w',
        Some(Colour::Black) => 'b',
        None => '-',
    };
    let (opponent, colour, result) = match entry {
        Entry::Played {
            opponent,
            colour: c,
            score,
        } => (
            opponent,
            colour(Some(c)),
            match score {
                GameScore::Win => '1',
                GameScore::Draw => '=',
                GameScore::Loss => '0',
            },
        ),
        Entry::Forfeit {
            opponent,
            colour: c,
            won,
        } => (opponent, colour(c), if won { '+' } else { '-' }),
        Entry::PairingBye => (0, '-', 'U'),
        Entry::Bye { half_points: 0 } => (0, '-', 'Z'),
        Entry::Bye { half_points: 1 } => (0, '-', 'H'),
        Entry::Bye { .. } => (0, '-', 'F'),
        Entry::Absent => return " ".repeat(BLOCK),
    };
    if opponent == 0 {
        format!("0000 {colour} {result}  ")
    } else {
        format!("{opponent:>4} {colour} {result}  ")
    }
}
