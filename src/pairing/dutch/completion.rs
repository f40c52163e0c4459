//! Whether a group of players can be paired completely under the absolute criteria (C.04.3
//! C.1–C.3, and C.2 for the bye): the completion test of A.9 and C.4.

use super::contestant::Contestant;
use super::criteria::compatible;

/// True when the even `group` can be paired completely under C.1 and C.3.
pub(super) fn completable_even(players: &[Contestant], group: &[usize]) -> bool {
    perfectly_pairable(group.len(), |a, b| {
        compatible(&players[group[a]], &players[group[b]])
    })
}

/// True when `group` can be paired completely under the absolute criteria: everyone but at
/// most one player, who may receive the pairing-allocated bye (C.04.3 A.9, C.1–C.3).
pub(super) fn completable(players: &[Contestant], group: &[usize]) -> bool {
    let bye = group.len() % 2 == 1;
    let n = group.len() + usize::from(bye);
    perfectly_pairable(n, |a, b| {
        if bye && b == n - 1 {
            players[group[a]].bye_allowed
        } else {
            compatible(&players[group[a]], &players[group[b]])
        }
    })
}

/// True when the graph on `0..n` with the edges `edge(a, b)` (`a < b`) has a perfect matching.
///
/// Swiss compatibility graphs are dense, so a greedy pairing, the most constrained vertices
/// first, nearly always settles it in O(n²); only when it leaves someone out does the blossom
/// solve (O(n³), seconds for a whole 1,000-player round) decide.
fn perfectly_pairable(n: usize, edge: impl Fn(usize, usize) -> bool) -> bool {
    if n % 2 == 1 {
        return false;
    }
    let mut adjacent = vec![false; n * n];
    for a in 0..n {
        for b in (a + 1)..n {
            if edge(a, b) {
                adjacent[a * n + b] = true;
                adjacent[b * n + a] = true;
            }
        }
    }
    let degree: Vec<usize> = (0..n)
        .map(|a| adjacent[a * n..(a + 1) * n].iter().filter(|&&e| e).count())
        .collect();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&v| degree[v]);
    let mut matched = vec![false; n];
    let mut greedy_complete = true;
    for &a in &order {
        if matched[a] {
            continue;
        }
        let partner = order
            .iter()
            .copied()
            .find(|&b| !matched[b] && b != a && adjacent[a * n + b]);
        match partner {
            Some(b) => {
                matched[a] = true;
                matched[b] = true;
            }
            None => {
                greedy_complete = false;
                break;
            }
        }
    }
    if greedy_complete {
        return true;
    }
    let weights: Vec<i64> = adjacent.iter().map(|&e| i64::from(e)).collect();
    integer_blossom::max_weight_matching(&weights, n)
        .iter()
        .all(Option::is_some)
}

#[cfg(test)]
mod tests {
    use super::perfectly_pairable;
    use crate::engine::rng::Rng;

    /// Against the blossom on small random graphs, sparse enough that the greedy fails often.
    #[test]
    fn agrees_with_the_blossom() {
        let mut rng = Rng::new(2026);
        let (mut yes, mut no) = (0, 0);
        for round in 0..2_000 {
            let n = 2 * (1 + round % 7);
            let density = 20 + round % 60;
            let mut weights = vec![0i64; n * n];
            for a in 0..n {
                for b in (a + 1)..n {
                    if rng.below(100) < density {
                        weights[a * n + b] = 1;
                    }
                }
            }
            let expected = integer_blossom::max_weight_matching(&weights, n)
                .iter()
                .all(Option::is_some);
            assert_eq!(
                perfectly_pairable(n, |a, b| weights[a * n + b] == 1),
                expected,
                "round {round}"
            );
            if expected { yes += 1 } else { no += 1 }
        }
        assert!(yes > 200 && no > 200, "{yes} pairable, {no} not");
    }
}
