//! A player as the Dutch system sees them when a round is paired: score, colour history and
//! preference, floats and bye eligibility, all derived from the rounds before it.

use std::collections::HashSet;

use crate::pairing::model::{Colour, Entry, Tournament};

/// How strongly a player wants a colour (C.04.3 A.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Strength {
    /// No game played yet (A.6.d).
    None,
    /// Colour difference 0: alternate from the last game played (A.6.c).
    Mild,
    /// Colour difference ±1 (A.6.b).
    Strong,
    /// Colour difference beyond ±1, or the same colour in the two latest games played (A.6.a).
    Absolute,
}

/// A float a player received in a round (C.04.3 (2026) Articles 1.4.2–1.4.4; A.4.b in 2017).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Float {
    None,
    Down,
    Up,
}

/// One player to pair, with what the criteria need.
#[derive(Debug, Clone)]
pub(super) struct Contestant {
    /// The starting number: the pairing number of Article 1.2.2 (A.2.b in the 2017 text).
    pub id: u32,
    /// The tournament pairing number (Article 1.2.2) whose parity 5.2.5 reads: the rank of the
    /// starting number among the players who have taken part in a pairing or are paired now
    /// (players absent this round count).
    pub pairing_number: u32,
    /// The score before the round, in half points.
    pub score: u32,
    /// The colours of the games actually played, oldest first.
    pub colours: Vec<Colour>,
    /// The colour difference: games with White minus games with Black (A.6).
    pub colour_difference: i32,
    pub preference: Option<Colour>,
    pub strength: Strength,
    /// The floats received in the previous round and in the round before it.
    pub floats: [Float; 2],
    /// False once the player has had the pairing-allocated bye or scored a win without playing
    /// (C.04.3 C.2; C.04.1.d).
    pub bye_allowed: bool,
    /// The opponents already met over the board (C.04.3 C.1).
    pub met: HashSet<u32>,
    /// More than half the maximum possible score when the last round is paired (A.7).
    pub topscorer: bool,
    /// Rounds so far without a game played over the board (byes, absences and forfeits):
    /// what C.9 minimises in the player who receives the pairing-allocated bye, in a bracket
    /// that floats exactly one player (see `bracket::pair`). On the first 1,100 tournaments of
    /// the large comparison, counting byes only leaves 30 tournaments differing from the
    /// reference, byes and absences 24, every unplayed round 3 (none of them over a bye).
    pub unplayed: u32,
}

impl Contestant {
    /// The player `id` of `tournament` as of the start of round `round`; `last_round` tells
    /// whether that round is the tournament's last (topscorers exist only then).
    pub fn new(tournament: &Tournament, id: u32, round: u32, last_round: bool) -> Contestant {
        let player = tournament
            .player(id)
            .expect("the caller pairs known players");
        let history: Vec<Entry> = (1..round).map(|r| player.entry(r)).collect();
        let score: u32 = history.iter().map(|entry| entry.half_points()).sum();
        let colours: Vec<Colour> = history.iter().filter_map(|e| e.played_colour()).collect();
        let colour_difference = colours
            .iter()
            .map(|colour| match colour {
                Colour::White => 1,
                Colour::Black => -1,
            })
            .sum();
        let (preference, strength) = preference(&colours, colour_difference);
        let float_in = |r: u32| -> Float {
            if r == 0 {
                return Float::None;
            }
            match player.entry(r) {
                Entry::Played { opponent, .. } => {
                    let mine = player.half_points_after(r - 1);
                    let theirs = tournament
                        .player(opponent)
                        .map_or(mine, |other| other.half_points_after(r - 1));
                    match mine.cmp(&theirs) {
                        std::cmp::Ordering::Greater => Float::Down,
                        std::cmp::Ordering::Less => Float::Up,
                        std::cmp::Ordering::Equal => Float::None,
                    }
                }
                // Unplayed rounds, C.04.3 (2026) Article 1.4.3: "A downfloat is also given to
                // any player who receives a pairing-allocated bye (see Article 1.5) or who,
                // without playing in a round, scores more points than those rewarded for a
                // loss", and by 1.4.4 to no one else. So a forfeit win, the PAB and a half- or
                // full-point bye float down; a forfeit loss, a zero-point bye and an absence do
                // not. (The 2017 text's A.4.b floated every unplayed round; bbpPairings follows
                // 2026, and reading 2017 changed who received the bye: issue 32.)
                Entry::Forfeit { won, .. } => {
                    if won {
                        Float::Down
                    } else {
                        Float::None
                    }
                }
                Entry::Absent | Entry::Bye { half_points: 0 } => Float::None,
                Entry::Bye { .. } | Entry::PairingBye => Float::Down,
            }
        };
        let bye_allowed = !history.iter().any(|entry| match entry {
            Entry::PairingBye => true,
            Entry::Forfeit { won, .. } => *won,
            // A full-point bye: the points of a win without playing (C.04.1).
            Entry::Bye { half_points } => *half_points >= 2,
            _ => false,
        });
        // C.1 counts games played: after a forfeit the two may meet again (C.04.1; the
        // reference pairs them again).
        let met = history
            .iter()
            .filter_map(|entry| match entry {
                Entry::Played { opponent, .. } => Some(*opponent),
                _ => None,
            })
            .collect();
        let played_rounds = round.saturating_sub(1);
        Contestant {
            id,
            pairing_number: id,
            score,
            colours,
            colour_difference,
            preference,
            strength,
            floats: [float_in(round - 1), float_in(round.saturating_sub(2))],
            bye_allowed,
            met,
            topscorer: last_round && score > played_rounds,
            unplayed: history
                .iter()
                .filter(|entry| !matches!(entry, Entry::Played { .. }))
                .count() as u32,
        }
    }

    /// True when the two last games played were both `colour`.
    pub fn two_in_a_row(&self, colour: Colour) -> bool {
        self.colours.len() >= 2 && self.colours[self.colours.len() - 2..] == [colour, colour]
    }
}

/// The colour preference and its strength from the colours played (C.04.3 A.6).
fn preference(colours: &[Colour], difference: i32) -> (Option<Colour>, Strength) {
    let Some(&last) = colours.last() else {
        return (None, Strength::None);
    };
    let repeated = colours.len() >= 2 && colours[colours.len() - 2] == last;
    if difference < -1 {
        (Some(Colour::White), Strength::Absolute)
    } else if difference > 1 {
        (Some(Colour::Black), Strength::Absolute)
    } else if repeated {
        (Some(last.opposite()), Strength::Absolute)
    } else if difference == -1 {
        (Some(Colour::White), Strength::Strong)
    } else if difference == 1 {
        (Some(Colour::Black), Strength::Strong)
    } else {
        (Some(last.opposite()), Strength::Mild)
    }
}
