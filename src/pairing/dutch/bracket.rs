//! Pairing one bracket: the best candidate by the quality criteria, and among the equally good
//! ones the first in the order in which C.04.3 generates candidates (D.1–D.3).
// Longer than 400 lines: pairing one bracket is one procedure of C.04.3 (D.1 to D.3), followed
// article by article.
//!
//! The criteria give the best weight a matching of the bracket can reach. The order of
//! generation is then followed by fixing one choice at a time and keeping it only if the best
//! weight is still reachable: first which moved-down players are paired (D.3 exchanges with
//! Limbo), then their opponents (D.1 transpositions of S2), then the remainder's split into S1
//! and S2 (D.2 exchanges) and its transpositions, in lexicographic order of S2.
//!
//! Most questions are answered without a solve: by the matching in hand when it obeys the
//! new constraint, "no" when an optimal dual solution leaves a vertex that must be matched
//! without an allowed tight edge, and "yes" when an alternating path of allowed tight edges
//! repairs the matching in hand (see `duals`). At 1,000 players this cut the constrained solves
//! of a round from about 410 to about 50 (plus one dual solve per graph).

use super::colour::ranks_above;
use std::collections::HashMap;

use super::completion::completable;
use super::contestant::Contestant;
use super::criteria::{Graph, Look, Role, graph};
use super::duals::TightEdges;
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
    /// One bit per ordered pair, row-major: a bracket's trials clone the mask of the whole
    /// round (a million pairs at 1,000 players) hundreds of times.
    allowed: Vec<u64>,
    /// The partner each vertex is bound to, once the order of generation has fixed its pair.
    bound: Vec<Option<usize>>,
}

impl Mask {
    fn all(n: usize) -> Mask {
        Mask {
            n,
            allowed: vec![u64::MAX; (n * n).div_ceil(64)],
            bound: vec![None; n],
        }
    }

    fn forbid(&mut self, a: usize, b: usize) {
        for index in [a * self.n + b, b * self.n + a] {
            self.allowed[index / 64] &= !(1 << (index % 64));
        }
    }

    fn allows(&self, a: usize, b: usize) -> bool {
        let index = a * self.n + b;
        self.allowed[index / 64] >> (index % 64) & 1 == 1
    }
}

/// Solves matchings, with 128-bit weights when they fit; keeps its buffers between solves.
#[derive(Default)]
struct Solver {
    wide: Vec<Wide>,
    narrow: Vec<i128>,
}

impl Solver {
    /// The best total weight of `graph` with no constraint (`n`: the mask size, that of the
    /// far graph), a matching reaching it and, when the weights fit `i128`, the tight edges of
    /// an optimal dual solution.
    fn solve_all(
        &mut self,
        graph: &Graph,
        n: usize,
    ) -> (Wide, Vec<Option<usize>>, Option<TightEdges>) {
        let Some(narrow) = &graph.narrow else {
            let (best, mates) = self.solve(graph, &Mask::all(n));
            return (best, mates, None);
        };
        let (mates, tight) = TightEdges::solve(narrow, graph.len());
        let total = matching_weight(&mates, |a, b| {
            graph.weight(a, b).expect("the solve matches edges only")
        });
        (total, mates, Some(tight))
    }

    /// The best total weight of `graph` under `mask` (of the far graph, whose first vertices
    /// are any graph's of the bracket), and the matching reaching it.
    ///
    /// Pairs the mask has bound take no part in the solve: a bound pair's edge is its ends'
    /// only one, and positive, so every best matching holds it. The solve, cubic in its
    /// vertices, shrinks as D.1 fixes the pairs of a large bracket one by one.
    fn solve(&mut self, graph: &Graph, mask: &Mask) -> (Wide, Vec<Option<usize>>) {
        let n = graph.len();
        let weight = |a: usize, b: usize| match graph.weight(a, b) {
            Some(weight) if mask.allows(a, b) => weight,
            _ => Wide::ZERO,
        };
        let free: Vec<usize> = (0..n).filter(|&v| mask.bound[v].is_none()).collect();
        let m = free.len();
        let free_mates = if let Some(narrow) = &graph.narrow {
            self.narrow.clear();
            for &a in &free {
                let row = &narrow[a * n..];
                self.narrow.extend(
                    free.iter()
                        .map(|&b| if mask.allows(a, b) { row[b] } else { 0 }),
                );
            }
            integer_blossom::max_weight_matching(&self.narrow, m)
        } else {
            self.wide.clear();
            for &a in &free {
                self.wide.extend(free.iter().map(|&b| weight(a, b)));
            }
            integer_blossom::max_weight_matching(&self.wide, m)
        };
        let mut mates = vec![None; n];
        for (index, mate) in free_mates.iter().enumerate() {
            mates[free[index]] = mate.map(|other| free[other]);
        }
        for (a, bound) in mask.bound.iter().enumerate().take(n) {
            if let Some(b) = *bound
                && graph.weight(a, b).is_some()
            {
                mates[a] = Some(b);
            }
        }
        (matching_weight(&mates, weight), mates)
    }
}

/// The total weight of the matching `mates`, each pair counted once.
fn matching_weight(mates: &[Option<usize>], weight: impl Fn(usize, usize) -> Wide) -> Wide {
    let mut total = Wide::ZERO;
    for (a, mate) in mates.iter().enumerate() {
        if let Some(b) = *mate
            && a < b
        {
            total += weight(a, b);
        }
    }
    total
}

/// True when `tight` proves that no best matching obeys `mask` (see [`TightEdges::may_reach`]).
fn ruled_out(tight: Option<&TightEdges>, mask: &Mask) -> bool {
    tight.is_some_and(|tight| !tight.may_reach(|a, b| mask.allows(a, b)))
}

/// Answers "can the best weight still be reached under these constraints?" cheaply: first on
/// the bracket and the next score group alone (the near graph, where the criteria live), and
/// on the whole rest of the round (the far graph) only when that answer's matching could not
/// be completed below (C.4).
struct Oracle<'a> {
    players: &'a [Contestant],
    near: Graph,
    /// Built on first need: the bracket, everyone below, and the bye.
    far: Option<Graph>,
    build_far: Box<dyn Fn() -> Graph + 'a>,
    solver: Solver,
    /// The players below the near graph, who only need to be pairable (round-player indices).
    rest: Vec<usize>,
    best_near: Wide,
    best_far: Option<Wide>,
    /// True once the near graph's best could not be completed: every question goes far.
    far_only: bool,
    /// Completion answers by the near graph's unpaired players.
    completions: HashMap<Vec<usize>, bool>,
    /// The near and far graphs' tight edges (see [`TightEdges`]), from their unconstrained
    /// solves when their weights fit `i128`.
    near_tight: Option<TightEdges>,
    far_tight: Option<TightEdges>,
}

impl Oracle<'_> {
    /// The matching (on the far graph's vertices) reaching the best weight under `mask`, if any.
    fn reach(&mut self, mask: &Mask) -> Option<Vec<Option<usize>>> {
        if !self.far_only {
            // No best near matching obeys the mask: the solve would fall short.
            if ruled_out(self.near_tight.as_ref(), mask) {
                return None;
            }
            let (weight, mates) = self.solver.solve(&self.near, mask);
            if weight < self.best_near {
                return None;
            }
            if self.extends(&mates) {
                return Some(mates);
            }
        }
        if self.far.is_none() {
            self.far = Some((self.build_far)());
        }
        let far = self.far.as_ref().expect("built above");
        let best_far = match self.best_far {
            Some(best) => best,
            None => {
                let (best, _, tight) = self.solver.solve_all(far, mask.n);
                self.best_far = Some(best);
                self.far_tight = tight;
                best
            }
        };
        if ruled_out(self.far_tight.as_ref(), mask) {
            return None;
        }
        let (weight, mates) = self.solver.solve(far, mask);
        (weight == best_far).then_some(mates)
    }

    /// A best matching that `trial` allows, found from the matching in hand without a solve
    /// (see [`TightEdges::repair`]), if one is that easy to find.
    fn repair(&mut self, trial: &Mask, mates: &[Option<usize>]) -> Option<Vec<Option<usize>>> {
        let allowed = |a: usize, b: usize| trial.allows(a, b);
        if self.far_only {
            return self.far_tight.as_ref()?.repair(mates, allowed);
        }
        let repaired = self.near_tight.as_ref()?.repair(mates, allowed)?;
        self.extends(&repaired).then_some(repaired)
    }

    /// True when the near matching `mates` leaves players who, with everyone below, can still
    /// all be paired (but one bye).
    fn extends(&mut self, mates: &[Option<usize>]) -> bool {
        let unpaired: Vec<usize> = (0..self.near.len())
            .filter(|&v| mates[v].is_none() && self.near.roles[v] != Role::Bye)
            .map(|v| self.near.players[v])
            .collect();
        if let Some(&known) = self.completions.get(&unpaired) {
            return known;
        }
        let mut left = unpaired.clone();
        left.extend(&self.rest);
        let answer = completable(self.players, &left);
        self.completions.insert(unpaired, answer);
        answer
    }
}

/// Pairs the bracket of `mdps` and `residents` (round-player indices in pairing order).
///
/// C.9 (2026: fewest unplayed games for the assignee of the pairing-allocated bye) applies, by
/// its note, only to a bracket that floats down exactly one player, who then receives the bye.
/// The number of downfloaters is fixed by the criteria above C.9 (C.4–C.6 here), so the bracket
/// is paired without C.9 first, and again with it when it floats exactly one player and C.9
/// could tell its candidates apart (a player who may take the bye has an unplayed round).
pub(super) fn pair(
    players: &[Contestant],
    mdps: &[usize],
    residents: &[usize],
    look: &Look,
    initial: Colour,
) -> Outcome {
    let outcome = pair_with(players, mdps, residents, look, initial, false);
    let c9_matters = mdps
        .iter()
        .chain(residents)
        .any(|&p| players[p].bye_allowed && players[p].unplayed > 0);
    if outcome.downfloaters.len() == 1 && c9_matters {
        pair_with(players, mdps, residents, look, initial, true)
    } else {
        outcome
    }
}

/// [`pair`], with the C.9 band when `bye_unplayed`.
fn pair_with(
    players: &[Contestant],
    mdps: &[usize],
    residents: &[usize],
    look: &Look,
    initial: Colour,
    bye_unplayed: bool,
) -> Outcome {
    let near_look = Look {
        next: look.next.clone(),
        below: look.next.clone().unwrap_or_default(),
    };
    // The last bracket has nobody below: its near graph is the whole, with the bye.
    let last = look.below.is_empty();
    let near = graph(
        players,
        mdps,
        residents,
        &near_look,
        initial,
        last,
        bye_unplayed,
    );
    let rest: Vec<usize> = look
        .below
        .iter()
        .copied()
        .filter(|p| !near_look.below.contains(p))
        .collect();
    let far_players = mdps.len() + residents.len() + look.below.len();
    let n = far_players + far_players % 2;
    let mut mask = Mask::all(n);
    let mut oracle = Oracle {
        players,
        near,
        far: None,
        build_far: Box::new(move || {
            graph(players, mdps, residents, look, initial, true, bye_unplayed)
        }),
        solver: Solver::default(),
        rest,
        best_near: Wide::ZERO,
        best_far: None,
        far_only: false,
        completions: HashMap::new(),
        near_tight: None,
        far_tight: None,
    };
    let (best_near, near_mates, near_tight) = oracle.solver.solve_all(&oracle.near, n);
    oracle.best_near = best_near;
    oracle.near_tight = near_tight;
    let mut mates = if oracle.extends(&near_mates) {
        near_mates
    } else {
        oracle.far_only = true;
        oracle
            .reach(&mask)
            .expect("the unconstrained best is reachable")
    };
    // The bracket's own vertices and edges, the same in the near and far graphs (where they
    // come first).
    let alone = Look {
        next: None,
        below: Vec::new(),
    };
    let graph = graph(players, mdps, residents, &alone, initial, false, false);
    let graph = &graph;
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
        if let Some(found) = oracle.repair(trial, mates) {
            *mates = found;
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
        let candidates = open_partners(mdp, &residents_v, &mask, &fixed, graph);
        let (resident, trial) =
            first_partner(mdp, &candidates, &mask, graph, &mut mates, &mut attempt)
                .expect("a paired moved-down player has an opponent");
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
        let candidates = open_partners(a, &s2, &mask, &fixed, graph);
        let (b, trial) = first_partner(a, &candidates, &mask, graph, &mut mates, &mut attempt)
            .expect("every player of S1 has an opponent in S2");
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

/// The first of `candidates` (in the order of D.1) that `a` can be paired with while the best
/// weight stays reachable, and the mask that binds them. The matching in hand pairs `a` with
/// some candidate, so the first feasible one lies at or before it: a binary search over
/// "partner among the first k" finds it in a logarithmic number of solves rather than one per
/// candidate rejected.
fn first_partner(
    a: usize,
    candidates: &[usize],
    mask: &Mask,
    graph: &Graph,
    mates: &mut Vec<Option<usize>>,
    attempt: &mut impl FnMut(&Mask, &mut Vec<Option<usize>>) -> bool,
) -> Option<(usize, Mask)> {
    let within = |k: usize| {
        let mut trial = mask.clone();
        for &later in &candidates[k + 1..] {
            trial.forbid(a, later);
        }
        trial
    };
    let position =
        |mates: &[Option<usize>]| mates[a].and_then(|b| candidates.iter().position(|&c| c == b));
    let mut high = match position(mates) {
        Some(position) => position,
        None => {
            // Not paired with a candidate in hand (cannot happen for an optimal matching of
            // this phase): find the last candidate that works, then search below it.
            (0..candidates.len())
                .rev()
                .find(|&k| attempt(&within(k), mates))?
        }
    };
    let mut low = 0;
    // The matching in hand's own choice is often already the first feasible one: proving
    // that costs one solve (nothing earlier works) where a bisection would spend several.
    let mut first_probe = true;
    loop {
        if let Some(earlier) = swap_to_earlier(a, &candidates[low..high], mask, graph, mates) {
            high = low + earlier;
        }
        if low >= high {
            break;
        }
        let middle = if first_probe {
            high - 1
        } else {
            (low + high) / 2
        };
        first_probe = false;
        if attempt(&within(middle), mates) {
            // The matching found may already pair `a` before the middle.
            high = position(mates).filter(|&p| p <= middle).unwrap_or(middle);
        } else {
            low = middle + 1;
        }
    }
    let b = candidates[low];
    let trial = fix(mask, mask.n, a, b);
    attempt(&trial, mates).then_some((b, trial))
}

/// The first of `candidates` that `a` can take from the matching in hand by a swap of partners
/// with the candidate's opponent `k`: `a`–`b`, `k`–`c` become `a`–`c`, `k`–`b`, allowed by the
/// mask and of the same total weight, hence as good a matching, still obeying the mask, with
/// the same players paired (so the same completion below). Applies the swap to `mates`. It
/// finds a feasible earlier candidate without a solve, which the D.1 search of a large bracket
/// would otherwise spend hundreds of solves on.
fn swap_to_earlier(
    a: usize,
    candidates: &[usize],
    mask: &Mask,
    graph: &Graph,
    mates: &mut [Option<usize>],
) -> Option<usize> {
    let b = mates[a]?;
    let in_bracket = |v: usize| v < graph.len() && graph.in_bracket(v);
    if !in_bracket(b) {
        return None;
    }
    let weight = |x: usize, y: usize| graph.weight(x, y);
    let current = weight(a, b)?;
    candidates.iter().position(|&c| {
        let Some(k) = mates[c] else { return false };
        if k == a || !in_bracket(c) || !in_bracket(k) || !mask.allows(a, c) || !mask.allows(k, b) {
            return false;
        }
        let found = match (weight(a, c), weight(k, b), weight(k, c)) {
            (Some(ac), Some(kb), Some(kc)) => ac + kb == current + kc,
            _ => false,
        };
        if found {
            mates[a] = Some(c);
            mates[c] = Some(a);
            mates[k] = Some(b);
            mates[b] = Some(k);
        }
        found
    })
}

/// The players of `pool` (in its order) that `a` may still be paired with: not in a pair
/// already `fixed`, allowed by the mask, and legal.
fn open_partners(
    a: usize,
    pool: &[usize],
    mask: &Mask,
    fixed: &[(usize, usize)],
    graph: &Graph,
) -> Vec<usize> {
    pool.iter()
        .copied()
        .filter(|&b| !fixed.iter().any(|&(_, taken)| taken == b))
        .filter(|&b| mask.allows(a, b) && graph.weight(a, b).is_some())
        .collect()
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
    trial.bound[a] = Some(b);
    trial.bound[b] = Some(a);
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
