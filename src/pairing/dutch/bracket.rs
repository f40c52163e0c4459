//! Pairing one bracket: the best candidate by the quality criteria, and among the equally good
//! ones the first in the order in which C.04.3 generates candidates (D.1–D.3).
//!
//! The criteria give the best weight a matching of the bracket can reach. The order of
//! generation is then followed by fixing one choice at a time and keeping it only if the best
//! weight is still reachable: first which moved-down players are paired (D.3 exchanges with
//! Limbo), then their opponents (D.1 transpositions of S2), then the remainder's split into S1
//! and S2 (D.2 exchanges) and its transpositions, in lexicographic order of S2.

use super::colour::ranks_above;
use super::completion::completable;
use super::contestant::Contestant;
use super::criteria::{Graph, Look, Role, graph};
use crate::pairing::model::Colour;
use crate::pairing::wide::Wide;

/// A bracket's pairing: its pairs (round-player indices) and the players it floats down.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Outcome {
    pub pairs: Vec<(usize, usize)>,
    pub downfloaters: Vec<usize>,
}

/// The edges still allowed while the order of generation is followed.
#[derive(Clone)]
struct Mask {
    n: usize,
    allowed: Vec<bool>,
}

impl Mask {
    fn all(n: usize) -> Mask {
        Mask {
            n,
            allowed: vec![true; n * n],
        }
    }

    fn forbid(&mut self, a: usize, b: usize) {
        self.allowed[a * self.n + b] = false;
        self.allowed[b * self.n + a] = false;
    }

    fn allows(&self, a: usize, b: usize) -> bool {
        self.allowed[a * self.n + b]
    }
}

/// Solves matchings of one graph, with 128-bit weights when they fit.
struct Solver<'a> {
    graph: &'a Graph,
    wide: Vec<Wide>,
    narrow: Vec<i128>,
}

impl<'a> Solver<'a> {
    fn new(graph: &'a Graph) -> Solver<'a> {
        let n = graph.len();
        Solver {
            graph,
            wide: vec![Wide::ZERO; n * n],
            narrow: vec![0; n * n],
        }
    }

    /// The best total weight under `mask` (of the full graph; this graph's vertices are its
    /// first ones), and the matching reaching it.
    fn solve(&mut self, mask: &Mask) -> (Wide, Vec<Option<usize>>) {
        let n = self.graph.len();
        let weight = |a: usize, b: usize| match self.graph.weight(a, b) {
            Some(weight) if mask.allows(a, b) => weight,
            _ => Wide::ZERO,
        };
        let mates = if self.graph.bits < 120 {
            for a in 0..n {
                for b in 0..n {
                    self.narrow[a * n + b] = weight(a, b).to_i128();
                }
            }
            integer_blossom::max_weight_matching(&self.narrow, n)
        } else {
            for a in 0..n {
                for b in 0..n {
                    self.wide[a * n + b] = weight(a, b);
                }
            }
            integer_blossom::max_weight_matching(&self.wide, n)
        };
        let mut total = Wide::ZERO;
        for (a, mate) in mates.iter().enumerate() {
            if let Some(b) = *mate
                && a < b
            {
                total += weight(a, b);
            }
        }
        (total, mates)
    }
}

/// Answers "can the best weight still be reached under these constraints?" cheaply: first on
/// the bracket and the next score group alone (the criteria live there), and on the whole
/// rest of the round only when that answer's matching could not be completed below (C.4).
struct Oracle<'a> {
    players: &'a [Contestant],
    near: Solver<'a>,
    far: Solver<'a>,
    /// The players below the near graph, who only need to be pairable (round-player indices).
    rest: Vec<usize>,
    best_near: Wide,
    best_far: Option<Wide>,
    /// True once the near graph's best could not be completed: every question goes far.
    far_only: bool,
}

impl Oracle<'_> {
    /// The matching (on the far graph's vertices) reaching the best weight under `mask`, if any.
    fn reach(&mut self, mask: &Mask) -> Option<Vec<Option<usize>>> {
        if !self.far_only {
            let (weight, mates) = self.near.solve(mask);
            if weight < self.best_near {
                return None;
            }
            if self.extends(&mates) {
                return Some(mates);
            }
        }
        let best_far = match self.best_far {
            Some(best) => best,
            None => {
                let best = self.far.solve(&Mask::all(mask.n)).0;
                self.best_far = Some(best);
                best
            }
        };
        let (weight, mates) = self.far.solve(mask);
        (weight == best_far).then_some(mates)
    }

    /// True when the near matching `mates` leaves players who, with everyone below, can still
    /// all be paired (but one bye).
    fn extends(&self, mates: &[Option<usize>]) -> bool {
        let graph = self.near.graph;
        let mut left: Vec<usize> = (0..graph.len())
            .filter(|&v| mates[v].is_none())
            .map(|v| graph.players[v])
            .collect();
        left.extend(&self.rest);
        completable(self.players, &left)
    }
}

/// Pairs the bracket of `mdps` and `residents` (round-player indices in pairing order).
pub(super) fn pair(
    players: &[Contestant],
    mdps: &[usize],
    residents: &[usize],
    look: &Look,
    initial: Colour,
) -> Outcome {
    let far = graph(players, mdps, residents, look, initial, true);
    let near_look = Look {
        next: look.next.clone(),
        below: look.next.clone().unwrap_or_default(),
    };
    let near = graph(players, mdps, residents, &near_look, initial, false);
    let rest: Vec<usize> = look
        .below
        .iter()
        .copied()
        .filter(|p| !near_look.below.contains(p))
        .collect();
    let n = far.len();
    let mut mask = Mask::all(n);
    let mut oracle = Oracle {
        players,
        near: Solver::new(&near),
        far: Solver::new(&far),
        rest,
        best_near: Wide::ZERO,
        best_far: None,
        far_only: false,
    };
    let (best_near, near_mates) = oracle.near.solve(&mask);
    oracle.best_near = best_near;
    if !oracle.extends(&near_mates) {
        oracle.far_only = true;
    }
    let graph = &far;
    let mut mates = oracle
        .reach(&mask)
        .expect("the unconstrained best is reachable");
    let inside = |mates: &[Option<usize>], a: usize| {
        mates[a].filter(|&b| graph.in_bracket(b) && is_inside_pair(graph, a, b))
    };

    // Whether `trial` still reaches the best weight: at once when the matching in hand obeys
    // it, else by asking the oracle (and keeping its matching).
    let mut attempt = |trial: &Mask, mates: &mut Vec<Option<usize>>| -> bool {
        let obeys = mates
            .iter()
            .enumerate()
            .all(|(a, mate)| mate.is_none_or(|b| trial.allows(a, b)));
        if obeys {
            return true;
        }
        match oracle.reach(trial) {
            Some(found) => {
                *mates = found;
                true
            }
            None => false,
        }
    };

    // D.3: which moved-down players are paired — S1 against Limbo.
    let mdp_vertices: Vec<usize> = (0..mdps.len()).collect();
    let paired_mdps = mdp_vertices
        .iter()
        .filter(|&&v| inside(&mates, v).is_some())
        .count();
    let residents_v: Vec<usize> = (mdps.len()..mdps.len() + residents.len()).collect();
    let s1 = first_exchange(&mdp_vertices, paired_mdps, |chosen| {
        let mut trial = mask.clone();
        for &mdp in mdp_vertices.iter().filter(|v| !chosen.contains(v)) {
            for &resident in &residents_v {
                trial.forbid(mdp, resident);
            }
        }
        attempt(&trial, &mut mates).then_some(trial)
    });
    let (s1, trial) = s1.expect("the best matching's own choice of moved-down players is valid");
    mask = trial;

    // D.1 on the MDP-pairing: each paired moved-down player takes the first resident of S2
    // that still allows the best weight.
    let mut fixed: Vec<(usize, usize)> = Vec::new();
    for &mdp in &s1 {
        let choice = residents_v
            .iter()
            .filter(|&&r| !fixed.iter().any(|&(_, taken)| taken == r))
            .find_map(|&resident| {
                if !mask.allows(mdp, resident) || graph.weight(mdp, resident).is_none() {
                    return None;
                }
                let trial = fix(&mask, n, mdp, resident);
                attempt(&trial, &mut mates).then_some((resident, trial))
            });
        let (resident, trial) = choice.expect("a paired moved-down player has an opponent");
        mask = trial;
        fixed.push((mdp, resident));
    }

    // The remainder (or the whole of a homogeneous bracket): D.2 exchanges, then D.1.
    let remainder: Vec<usize> = residents_v
        .iter()
        .copied()
        .filter(|&r| !fixed.iter().any(|&(_, taken)| taken == r))
        .collect();
    let remainder_pairs = remainder
        .iter()
        .filter(|&&r| inside(&mates, r).is_some_and(|m| m > r && remainder.contains(&m)))
        .count();
    let exchange = first_exchange(&remainder, remainder_pairs, |s1| {
        let mut trial = mask.clone();
        for &a in &remainder {
            for &b in &remainder {
                if a != b && s1.contains(&a) == s1.contains(&b) {
                    trial.forbid(a, b);
                }
            }
        }
        attempt(&trial, &mut mates).then_some(trial)
    });
    let (s1, trial) = exchange.expect("the best matching's own split of the remainder is valid");
    mask = trial;
    let s2: Vec<usize> = remainder
        .iter()
        .copied()
        .filter(|r| !s1.contains(r))
        .collect();
    for &a in &s1 {
        let choice = s2
            .iter()
            .filter(|&&b| !fixed.iter().any(|&(_, taken)| taken == b))
            .find_map(|&b| {
                if !mask.allows(a, b) || graph.weight(a, b).is_none() {
                    return None;
                }
                let trial = fix(&mask, n, a, b);
                attempt(&trial, &mut mates).then_some((b, trial))
            });
        let (b, trial) = choice.expect("every player of S1 has an opponent in S2");
        mask = trial;
        fixed.push((a, b));
    }

    let to_player = |v: usize| graph.players[v];
    let pairs: Vec<(usize, usize)> = fixed
        .iter()
        .map(|&(a, b)| {
            let (pa, pb) = (to_player(a), to_player(b));
            if ranks_above(&players[pa], &players[pb]) {
                (pa, pb)
            } else {
                (pb, pa)
            }
        })
        .collect();
    let downfloaters = (0..mdps.len() + residents.len())
        .filter(|v| !fixed.iter().any(|&(a, b)| a == *v || b == *v))
        .map(to_player)
        .collect();
    Outcome {
        pairs,
        downfloaters,
    }
}

fn is_inside_pair(graph: &Graph, a: usize, b: usize) -> bool {
    graph.in_bracket(a)
        && graph.in_bracket(b)
        && !(graph.roles[a] == Role::Mdp && graph.roles[b] == Role::Mdp)
}

/// `mask` with `a` and `b` bound to each other: every other edge of either removed.
fn fix(mask: &Mask, n: usize, a: usize, b: usize) -> Mask {
    let mut trial = mask.clone();
    for other in 0..n {
        if other != b {
            trial.forbid(a, other);
        }
        if other != a {
            trial.forbid(b, other);
        }
    }
    trial
}

/// The first split of `group` (vertices in pairing order) into an S1 of `size` players and the
/// rest, in the order of exchanges of D.2 (and D.3 for Limbo), for which `accept` returns a
/// value. The original S1 is the first `size` players.
fn first_exchange<T>(
    group: &[usize],
    size: usize,
    mut accept: impl FnMut(&[usize]) -> Option<T>,
) -> Option<(Vec<usize>, T)> {
    let (original_s1, original_s2) = group.split_at(size.min(group.len()));
    for count in 0..=original_s1.len().min(original_s2.len()) {
        let mut exchanges: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
        for out in subsets(original_s1.len(), count) {
            for inn in subsets(original_s2.len(), count) {
                exchanges.push((out.clone(), inn));
            }
        }
        // Positions stand for bracket sequence numbers: S1's are 0.., S2's follow.
        let s1_len = original_s1.len();
        exchanges.sort_by(|(out_a, in_a), (out_b, in_b)| {
            let sum = |out: &[usize], inn: &[usize]| {
                inn.iter().map(|i| i + s1_len).sum::<usize>() as i64
                    - out.iter().sum::<usize>() as i64
            };
            sum(out_a, in_a)
                .cmp(&sum(out_b, in_b))
                .then_with(|| {
                    // The largest different BSN moved from S1 to S2 first.
                    let mut a: Vec<usize> = out_a.clone();
                    let mut b: Vec<usize> = out_b.clone();
                    a.sort_unstable_by(|x, y| y.cmp(x));
                    b.sort_unstable_by(|x, y| y.cmp(x));
                    b.cmp(&a)
                })
                .then_with(|| {
                    // The smallest different BSN moved from S2 to S1 first.
                    in_a.cmp(in_b)
                })
        });
        for (out, inn) in exchanges {
            let mut s1: Vec<usize> = original_s1
                .iter()
                .enumerate()
                .filter(|(i, _)| !out.contains(i))
                .map(|(_, &v)| v)
                .chain(inn.iter().map(|&i| original_s2[i]))
                .collect();
            s1.sort_unstable();
            if let Some(value) = accept(&s1) {
                return Some((s1, value));
            }
        }
    }
    None
}

/// All `count`-element subsets of `0..n`, each ascending, in lexicographic order.
fn subsets(n: usize, count: usize) -> Vec<Vec<usize>> {
    let mut all = Vec::new();
    let mut current = Vec::with_capacity(count);
    fn walk(
        start: usize,
        n: usize,
        count: usize,
        current: &mut Vec<usize>,
        all: &mut Vec<Vec<usize>>,
    ) {
        if current.len() == count {
            all.push(current.clone());
            return;
        }
        for next in start..n {
            current.push(next);
            walk(next + 1, n, count, current, all);
            current.pop();
        }
    }
    walk(0, n, count, &mut current, &mut all);
    all
}
