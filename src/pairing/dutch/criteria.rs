//! The quality criteria of a bracket (C.04.3 C.4–C.19) as matching weights.
//!
//! A candidate pairing of a bracket is a matching. Each criterion becomes a band of bits of the
//! edge weights, the first criterion in the highest band, so that a maximum-weight matching is a
//! candidate that the criteria, taken in their order, cannot improve. Criteria that count
//! players who float, or score differences, start from a baseline where every player of the
//! bracket floats down, and an edge inside the bracket says what pairing those two changes.

use std::cmp::Reverse;
use std::collections::BTreeMap;

use super::colour::allocate;
use super::contestant::{Contestant, Float, Strength};
use crate::pairing::model::Colour;
use crate::pairing::wide::{LIMBS, Wide};

/// What a bracket looks ahead to when it chooses its downfloaters: every player below it, so
/// that the round can still be completed (C.4), and, for C.7, the next score group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Look {
    /// The next score group's players, when C.7 applies (neither the penultimate nor the
    /// collapsed last bracket).
    pub next: Option<Vec<usize>>,
    /// Every player below the bracket (the next score group's included).
    pub below: Vec<usize>,
}

/// The most bits of weight the solve with `i128` takes. Edge weights stay below 2^(bits − 2);
/// the solver's duals and slacks reach at most four times the largest edge weight, below its
/// infinity of `i128::MAX / 4` = 2^125 with room to spare.
const NARROW_BITS: u32 = 122;

/// One vertex of the bracket's graph.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Role {
    /// A moved-down player (A.4.a), in S1 or Limbo.
    Mdp,
    /// A resident of the bracket's score group.
    Resident,
    /// A player below the bracket, there only for C.4 or C.7.
    Below,
    /// The pairing-allocated bye.
    Bye,
}

/// The graph of a bracket: its vertices (indices into the round's players, and the bye) and
/// every legal edge's weight.
pub(super) struct Graph {
    /// Round-player index of each vertex; `usize::MAX` for the bye.
    pub players: Vec<usize>,
    pub roles: Vec<Role>,
    /// Row-major weights; `None` where the absolute criteria forbid the pair.
    pub weights: Vec<Option<Wide>>,
    /// The weights as `i128` (0 for no edge) when they fit in [`NARROW_BITS`], for the faster
    /// solve.
    pub narrow: Option<Vec<i128>>,
}

impl Graph {
    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.players.len()
    }

    /// The weight of the edge `a`–`b`, if legal.
    pub fn weight(&self, a: usize, b: usize) -> Option<Wide> {
        self.weights[a * self.len() + b]
    }

    /// True for a vertex of the bracket itself.
    pub fn in_bracket(&self, vertex: usize) -> bool {
        matches!(self.roles.get(vertex), Some(Role::Mdp | Role::Resident))
    }
}

/// True when the absolute criteria let `a` and `b` meet: no rematch (C.1), and not two
/// non-topscorers with the same absolute colour preference (C.3).
pub(super) fn compatible(a: &Contestant, b: &Contestant) -> bool {
    if a.met.contains(&b.id) || b.met.contains(&a.id) {
        return false;
    }
    let both_absolute = a.strength == Strength::Absolute && b.strength == Strength::Absolute;
    !both_absolute || a.preference != b.preference || a.topscorer || b.topscorer
}

/// A band of the weights: one criterion, or one score difference of a criterion that compares
/// score differences from the largest down (A.8). The derived order is the order of
/// significance, the most significant first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Key {
    /// C.4: the round can be completed.
    Complete,
    /// C.5: pairs inside the bracket.
    Pairs,
    /// C.6: elements of the pairing score difference with this score difference.
    Psd(Reverse<u32>),
    /// C.7: pairs of the next bracket.
    NextPairs,
    /// C.7: elements of the next bracket's pairing score difference.
    NextPsd(Reverse<u32>),
    /// C.9: the unplayed games of the player who receives the pairing-allocated bye.
    ByeUnplayed,
    /// C.8–C.11, in that order.
    Colour(usize),
    /// C.12–C.15, in that order.
    Float(usize),
    /// C.16–C.19: the score differences of those floats.
    FloatSd(usize, Reverse<u32>),
}

/// An edge and its criteria terms: (vertex, vertex, [(band, count)]).
type Edge = (usize, usize, Vec<(Key, i64)>);

/// Builds the graph of a bracket: `mdps` and `residents` (round-player indices, in pairing
/// order) with what `look` adds; with the pairing-allocated bye when `complete` and the number
/// of vertices is odd, and the C.9 band when `bye_unplayed`.
pub(super) fn graph(
    players: &[Contestant],
    mdps: &[usize],
    residents: &[usize],
    look: &Look,
    initial: Colour,
    complete: bool,
    bye_unplayed: bool,
) -> Graph {
    let below: &[usize] = &look.below;
    let mut vertices: Vec<usize> = mdps.iter().chain(residents).chain(below).copied().collect();
    let mut roles: Vec<Role> = mdps
        .iter()
        .map(|_| Role::Mdp)
        .chain(residents.iter().map(|_| Role::Resident))
        .chain(below.iter().map(|_| Role::Below))
        .collect();
    if complete && vertices.len() % 2 == 1 {
        vertices.push(usize::MAX);
        roles.push(Role::Bye);
    }
    let n = vertices.len();
    let score = |vertex: usize| players[vertices[vertex]].score;
    let in_bracket = |vertex: usize| matches!(roles[vertex], Role::Mdp | Role::Resident);

    // Score differences of downfloaters are taken against one point below the bracket's
    // lowest score (A.8); in half points, plus 2.
    let lowest = residents
        .iter()
        .map(|&p| players[p].score)
        .min()
        .unwrap_or(0);
    let float_sd = |vertex: usize| score(vertex) + 2 - lowest;
    let in_next = |vertex: usize| {
        look.next
            .as_ref()
            .is_some_and(|next| roles[vertex] == Role::Below && next.contains(&vertices[vertex]))
    };
    let next_lowest = look
        .next
        .as_ref()
        .and_then(|next| next.iter().map(|&p| players[p].score).min())
        .unwrap_or(0);
    let next_float_sd = |vertex: usize| score(vertex) + 2 - next_lowest;

    let mut edges: Vec<Edge> = Vec::new();
    for a in 0..n {
        for b in (a + 1)..n {
            let mut terms: Vec<(Key, i64)> = Vec::new();
            let (role_a, role_b) = (roles[a], roles[b]);
            if role_a == Role::Bye || role_b == Role::Bye {
                let other = if role_a == Role::Bye { b } else { a };
                let assignee = &players[vertices[other]];
                if assignee.bye_allowed && complete {
                    terms.push((Key::Complete, 1));
                    // C.9 counts only where the bracket floats exactly one player, who
                    // receives the bye: the caller says when (`bye_unplayed`), and only an
                    // assignee from the bracket itself counts.
                    if bye_unplayed && in_bracket(other) && assignee.unplayed > 0 {
                        terms.push((Key::ByeUnplayed, -i64::from(assignee.unplayed)));
                    }
                }
            } else {
                let (pa, pb) = (&players[vertices[a]], &players[vertices[b]]);
                if !compatible(pa, pb) {
                    continue;
                }
                if complete {
                    terms.push((Key::Complete, 1));
                }
                let both_in_bracket = in_bracket(a) && in_bracket(b);
                let difference = pa.score.abs_diff(pb.score);
                if both_in_bracket && role_a == Role::Mdp && role_b == Role::Mdp {
                    // Moved-down players are paired with residents (B.2), never together
                    // inside the bracket; only completing the round may join them.
                } else if both_in_bracket {
                    terms.push((Key::Pairs, 1));
                    terms.push((Key::Psd(Reverse(float_sd(a))), 1));
                    terms.push((Key::Psd(Reverse(float_sd(b))), 1));
                    terms.push((Key::Psd(Reverse(difference)), -1));
                    if look.next.is_some() {
                        terms.push((Key::NextPsd(Reverse(next_float_sd(a))), 1));
                        terms.push((Key::NextPsd(Reverse(next_float_sd(b))), 1));
                    }
                    colour_terms(pa, pb, initial, &mut terms);
                    float_terms([(pa, float_sd(a)), (pb, float_sd(b))], &mut terms);
                } else if look.next.is_some()
                    && (in_next(a) || in_next(b))
                    && (in_next(a) || in_bracket(a))
                    && (in_next(b) || in_bracket(b))
                {
                    // A pair of the next bracket: at least one of its residents (C.7).
                    terms.push((Key::NextPairs, 1));
                    terms.push((Key::NextPsd(Reverse(next_float_sd(a))), 1));
                    terms.push((Key::NextPsd(Reverse(next_float_sd(b))), 1));
                    terms.push((Key::NextPsd(Reverse(difference)), -1));
                }
            }
            if !terms.is_empty() {
                edges.push((a, b, terms));
            }
        }
    }

    // Each edge's terms, one per band.
    for (_, _, terms) in &mut edges {
        terms.sort_unstable_by_key(|&(key, _)| key);
        terms.dedup_by(|later, kept| {
            let same = later.0 == kept.0;
            if same {
                kept.1 += later.1;
            }
            same
        });
        terms.retain(|&(_, value)| value != 0);
    }
    // A band for each key in use, just wide enough that the band's totals of two matchings
    // differ by less than one unit of the band above: the lower bands' differences then sum to
    // less than that unit (R·2^s ≤ 2^(s+w) − 2^s telescopes). A matched edge's positive term is
    // at most the smaller of its ends' largest positive terms, so half the sum over the
    // vertices of those bounds a matching's positive total, and likewise the negative one.
    // Tight bands keep more graphs within the `NARROW_BITS` of the faster solve.
    let mut largest: BTreeMap<Key, [Vec<u64>; 2]> = BTreeMap::new();
    for (a, b, terms) in &edges {
        for &(key, value) in terms {
            let rows = largest
                .entry(key)
                .or_insert_with(|| [vec![0; n], vec![0; n]]);
            let row = &mut rows[usize::from(value < 0)];
            row[*a] = row[*a].max(value.unsigned_abs());
            row[*b] = row[*b].max(value.unsigned_abs());
        }
    }
    // From the least significant band up.
    let mut shifts: BTreeMap<Key, u32> = BTreeMap::new();
    let mut total_bits = 0u32;
    for (key, [positive, negative]) in largest.iter().rev() {
        let range =
            positive.iter().sum::<u64>().div_ceil(2) + negative.iter().sum::<u64>().div_ceil(2);
        shifts.insert(*key, total_bits);
        total_bits += u64::BITS - range.leading_zeros();
    }
    assert!(
        (total_bits as usize) < 64 * LIMBS - 8,
        "a bracket of {n} vertices needs {total_bits} bits of weight"
    );
    let mut weights = vec![None; n * n];
    for (a, b, terms) in edges {
        let weight = terms.iter().fold(Wide::ZERO, |sum, &(key, value)| {
            sum + Wide::shifted(value, shifts[&key])
        });
        if weight > Wide::ZERO {
            weights[a * n + b] = Some(weight);
            weights[b * n + a] = Some(weight);
        }
    }
    let bits = total_bits + 2;
    let narrow = (bits <= NARROW_BITS).then(|| {
        weights
            .iter()
            .map(|weight| weight.map_or(0, Wide::to_i128))
            .collect()
    });
    Graph {
        players: vertices,
        roles,
        weights,
        narrow,
    }
}

/// C.8–C.11 for a pair inside the bracket: the players who would miss a colour criterion.
fn colour_terms(a: &Contestant, b: &Contestant, initial: Colour, terms: &mut Vec<(Key, i64)>) {
    let colour_a = allocate(a, b, initial);
    let topscorers = a.topscorer || b.topscorer;
    for (player, colour) in [(a, colour_a), (b, colour_a.opposite())] {
        let step = if colour == Colour::White { 1 } else { -1 };
        let missed = player.preference.is_some_and(|wanted| wanted != colour);
        let counts = [
            // C.8: a topscorer or a topscorer's opponent beyond a colour difference of 2.
            topscorers && (player.colour_difference + step).abs() > 2,
            // C.9: … or with the same colour three times in a row.
            topscorers && player.two_in_a_row(colour),
            // C.10: a colour preference not granted.
            missed,
            // C.11: a strong (or absolute) colour preference not granted.
            missed && player.strength >= Strength::Strong,
        ];
        for (criterion, counted) in counts.into_iter().enumerate() {
            if counted {
                terms.push((Key::Colour(criterion), -1));
            }
        }
    }
}

/// C.12–C.19 for a pair inside the bracket: floats repeated from the previous round and from
/// two rounds before, then their score differences. Each player comes with their downfloat
/// score difference (the baseline).
fn float_terms(pair: [(&Contestant, u32); 2], terms: &mut Vec<(Key, i64)>) {
    let [(a, _), (b, _)] = pair;
    let difference = a.score.abs_diff(b.score);
    for (index, &(player, float_sd)) in pair.iter().enumerate() {
        let other = pair[1 - index].0;
        let received = match player.score.cmp(&other.score) {
            std::cmp::Ordering::Greater => Float::Down,
            std::cmp::Ordering::Less => Float::Up,
            std::cmp::Ordering::Equal => Float::None,
        };
        for (ago, &before) in player.floats.iter().enumerate() {
            // Bands: C.12/C.14 (downfloats) and C.13/C.15 (upfloats); C.16–C.19 likewise.
            let (down, up) = (2 * ago, 2 * ago + 1);
            if before == Float::Down {
                // Baseline: this player floated down again.
                terms.push((Key::Float(down), 1));
                terms.push((Key::FloatSd(down, Reverse(float_sd)), 1));
                if received == Float::Down {
                    terms.push((Key::Float(down), -1));
                    terms.push((Key::FloatSd(down, Reverse(difference)), -1));
                }
            }
            if before == Float::Up && received == Float::Up {
                terms.push((Key::Float(up), -1));
                terms.push((Key::FloatSd(up, Reverse(difference)), -1));
            }
        }
    }
}
