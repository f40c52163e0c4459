//! Standings with the FIDE tie-breaks (Handbook C.07, Tie-Break Regulations, in the version
//! applied from 2023): Buchholz, Buchholz Cut-1, Sonneborn–Berger, direct encounter and
//! number of wins, with C.07's handling of unplayed rounds (article 16).
//!
//! Unplayed rounds (article 16): a round in which a player has no game played over the board:
//! a pairing-allocated bye, a requested or given bye (H, F, Z), a forfeit either way, or
//! absence. Of those, the *voluntary* unplayed rounds (VUR) are the ones the player chose or
//! caused: a half- or zero-point bye, a forfeit loss, absence. Three rules follow:
//!
//! - For the player's own opponent-based tie-breaks (Buchholz, Sonneborn–Berger), each
//!   unplayed round counts as a game against a dummy opponent who has the same score as the
//!   player (article 16).
//! - Where the player is someone else's opponent, the player's score counts every VUR as a
//!   draw (article 16): a player who skipped rounds neither sinks nor lifts their opponents.
//! - When a tie-break cuts its least significant value (Cut-1), VURs are cut first (article
//!   16, with the modifiers of article 14).
//!
//! Values are in points (a win 1, a draw ½). Every value is a multiple of ¼, which `f64`
//! holds exactly, so ties compare exactly.

use std::cmp::Ordering;
use std::collections::HashMap;

use super::model::{Entry, GameScore, Tournament};

/// A tie-break of C.07.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TieBreak {
    /// Buchholz (C.07 article 8.1): the sum of the opponents' scores.
    Buchholz,
    /// Buchholz Cut-1 (C.07 articles 8.1 and 14.1): Buchholz less its least significant value
    /// (a VUR's first, article 16).
    BuchholzCut1,
    /// Sonneborn–Berger (C.07 article 9.1): the opponents' scores weighted by the result
    /// against each (a win the whole score, a draw half).
    SonnebornBerger,
    /// Direct encounter (C.07 article 6): among players still tied, the points scored in the
    /// games between them, when every one of them has met every other; otherwise it separates
    /// no one.
    DirectEncounter,
    /// Number of wins (C.07 article 7.1): rounds in which the player scored a win's points,
    /// with or without playing (a won forfeit, a pairing-allocated or full-point bye).
    Wins,
}

impl TieBreak {
    /// A short name: `BH`, `BH-C1`, `SB`, `DE`, `WIN` (C.07's abbreviations).
    pub fn short_name(self) -> &'static str {
        match self {
            TieBreak::Buchholz => "BH",
            TieBreak::BuchholzCut1 => "BH-C1",
            TieBreak::SonnebornBerger => "SB",
            TieBreak::DirectEncounter => "DE",
            TieBreak::Wins => "WIN",
        }
    }
}

/// The default tie-breaks of a Swiss: Buchholz Cut-1, Buchholz, Sonneborn–Berger.
pub const SWISS: &[TieBreak] = &[
    TieBreak::BuchholzCut1,
    TieBreak::Buchholz,
    TieBreak::SonnebornBerger,
];

/// The default tie-breaks of a round-robin: direct encounter, Sonneborn–Berger, wins.
pub const ROUND_ROBIN: &[TieBreak] = &[
    TieBreak::DirectEncounter,
    TieBreak::SonnebornBerger,
    TieBreak::Wins,
];

/// One line of the standings.
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    /// The place, 1-based; shared only by players equal in score and every tie-break.
    pub rank: u32,
    /// The starting number.
    pub player: u32,
    /// The score, in half points.
    pub half_points: u32,
    /// The tie-break values in the order asked, in points.
    pub tie_breaks: Vec<f64>,
}

/// The standings after rounds `1..=after_round` by score, then `tie_breaks` in order, then
/// starting number (for the order of players sharing a place only).
pub fn standings(
    tournament: &Tournament,
    after_round: u32,
    tie_breaks: &[TieBreak],
) -> Vec<Standing> {
    let view = View::new(tournament, after_round);
    let mut rows: Vec<Standing> = tournament
        .players
        .iter()
        .map(|player| Standing {
            rank: 0,
            player: player.id,
            half_points: view.score[&player.id],
            tie_breaks: Vec::with_capacity(tie_breaks.len()),
        })
        .collect();
    for &tie_break in tie_breaks {
        // Direct encounter depends on who is still tied: players equal so far.
        let groups: HashMap<u32, Vec<u32>> = rows
            .iter()
            .map(|row| {
                let group = rows
                    .iter()
                    .filter(|other| {
                        other.half_points == row.half_points && other.tie_breaks == row.tie_breaks
                    })
                    .map(|other| other.player)
                    .collect();
                (row.player, group)
            })
            .collect();
        for row in &mut rows {
            let value = view.value(tie_break, row.player, &groups[&row.player]);
            row.tie_breaks.push(value);
        }
    }
    rows.sort_by(|a, b| {
        b.half_points
            .cmp(&a.half_points)
            .then_with(|| compare_values(&b.tie_breaks, &a.tie_breaks))
            .then(a.player.cmp(&b.player))
    });
    for index in 0..rows.len() {
        rows[index].rank = if index > 0
            && rows[index].half_points == rows[index - 1].half_points
            && rows[index].tie_breaks == rows[index - 1].tie_breaks
        {
            rows[index - 1].rank
        } else {
            index as u32 + 1
        };
    }
    rows
}

/// Compares tie-break values in order (none is NaN: they are sums of quarters).
fn compare_values(a: &[f64], b: &[f64]) -> Ordering {
    a.iter()
        .zip(b)
        .map(|(x, y)| x.partial_cmp(y).unwrap_or(Ordering::Equal))
        .find(|o| o.is_ne())
        .unwrap_or(Ordering::Equal)
}

/// A round's part in a tie-break sum, and whether it is a VUR (cut first).
struct Part {
    value: f64,
    voluntary: bool,
}

/// The tournament after `after_round` rounds, with each player's score and adjusted score.
struct View<'t> {
    tournament: &'t Tournament,
    after_round: u32,
    /// Scores in half points.
    score: HashMap<u32, u32>,
    /// Scores as opponents see them (VURs as draws, article 16), in half points.
    adjusted: HashMap<u32, u32>,
}

/// True for a voluntary unplayed round (C.07 article 16): a half- or zero-point bye, a forfeit
/// loss, absence.
fn voluntary(entry: Entry) -> bool {
    match entry {
        Entry::Bye { half_points } => half_points < 2,
        Entry::Forfeit { won, .. } => !won,
        Entry::Absent => true,
        Entry::Played { .. } | Entry::PairingBye => false,
    }
}

impl<'t> View<'t> {
    fn new(tournament: &'t Tournament, after_round: u32) -> View<'t> {
        let mut score = HashMap::new();
        let mut adjusted = HashMap::new();
        for player in &tournament.players {
            score.insert(player.id, player.half_points_after(after_round));
            let seen_by_opponents = (1..=after_round)
                .map(|round| {
                    let entry = player.entry(round);
                    if voluntary(entry) {
                        1
                    } else {
                        entry.half_points()
                    }
                })
                .sum();
            adjusted.insert(player.id, seen_by_opponents);
        }
        View {
            tournament,
            after_round,
            score,
            adjusted,
        }
    }

    /// The value of `tie_break` for `player`, `group` being the players still tied with them
    /// (themself included).
    fn value(&self, tie_break: TieBreak, player: u32, group: &[u32]) -> f64 {
        match tie_break {
            TieBreak::Buchholz => self.buchholz_parts(player).iter().map(|p| p.value).sum(),
            TieBreak::BuchholzCut1 => cut_least(self.buchholz_parts(player)),
            TieBreak::SonnebornBerger => self.sonneborn_berger(player),
            TieBreak::DirectEncounter => self.direct_encounter(player, group),
            TieBreak::Wins => self.wins(player) as f64,
        }
    }

    fn entries(&self, player: u32) -> impl Iterator<Item = Entry> + '_ {
        let found = self.tournament.player(player);
        (1..=self.after_round).filter_map(move |round| found.map(|p| p.entry(round)))
    }

    /// Each round's opponent score, in points: the real opponent's adjusted score for a game
    /// played, the dummy opponent's (the player's own score) for an unplayed round.
    fn opponent_scores(&self, player: u32) -> Vec<(Entry, f64)> {
        let own = f64::from(self.score[&player]) / 2.0;
        self.entries(player)
            .map(|entry| match entry {
                Entry::Played { opponent, .. } => (
                    entry,
                    f64::from(self.adjusted.get(&opponent).copied().unwrap_or(0)) / 2.0,
                ),
                _ => (entry, own),
            })
            .collect()
    }

    fn buchholz_parts(&self, player: u32) -> Vec<Part> {
        self.opponent_scores(player)
            .into_iter()
            .map(|(entry, value)| Part {
                value,
                voluntary: voluntary(entry),
            })
            .collect()
    }

    fn sonneborn_berger(&self, player: u32) -> f64 {
        self.opponent_scores(player)
            .into_iter()
            .map(|(entry, opponent)| opponent * f64::from(entry.half_points()) / 2.0)
            .sum()
    }

    fn direct_encounter(&self, player: u32, group: &[u32]) -> f64 {
        if group.len() < 2 {
            return 0.0;
        }
        // Who met whom in the group, over the board or by forfeit (the result stands).
        let met = |a: u32, b: u32| self.entries(a).any(|entry| entry.opponent() == Some(b));
        let complete = group
            .iter()
            .all(|&a| group.iter().all(|&b| a == b || met(a, b)));
        if !complete {
            return 0.0;
        }
        let half: u32 = self
            .entries(player)
            .filter(|entry| entry.opponent().is_some_and(|o| group.contains(&o)))
            .map(Entry::half_points)
            .sum();
        f64::from(half) / 2.0
    }

    fn wins(&self, player: u32) -> u32 {
        self.entries(player)
            .filter(|entry| {
                matches!(
                    entry,
                    Entry::Played {
                        score: GameScore::Win,
                        ..
                    } | Entry::Forfeit { won: true, .. }
                        | Entry::PairingBye
                ) || matches!(entry, Entry::Bye { half_points } if *half_points >= 2)
            })
            .count() as u32
    }
}

/// The sum of `parts` less the least significant one (C.07 article 14.1), a VUR's first when
/// there is one (article 16). Nothing to cut from no rounds.
fn cut_least(parts: Vec<Part>) -> f64 {
    let total: f64 = parts.iter().map(|p| p.value).sum();
    let least = |voluntary_only: bool| {
        parts
            .iter()
            .filter(|p| !voluntary_only || p.voluntary)
            .map(|p| p.value)
            .min_by(|a, b| a.partial_cmp(b).unwrap_or(Ordering::Equal))
    };
    total - least(true).or_else(|| least(false)).unwrap_or(0.0)
}
