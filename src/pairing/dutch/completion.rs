//! Whether a group of players can be paired completely under the absolute criteria (C.04.3
//! C.1–C.3, and C.2 for the bye): the completion test of A.9 and C.4.

use super::contestant::Contestant;
use super::criteria::compatible;

/// True when the even `group` can be paired completely under C.1 and C.3.
pub(super) fn completable_even(players: &[Contestant], group: &[usize]) -> bool {
    let n = group.len();
    let mut weights = vec![0i64; n * n];
    for a in 0..n {
        for b in (a + 1)..n {
            if compatible(&players[group[a]], &players[group[b]]) {
                weights[a * n + b] = 1;
            }
        }
    }
    integer_blossom::max_weight_matching(&weights, n)
        .iter()
        .all(Option::is_some)
}

/// True when `group` can be paired completely under the absolute criteria: everyone but at
/// most one player, who may receive the pairing-allocated bye (C.04.3 A.9, C.1–C.3).
pub(super) fn completable(players: &[Contestant], group: &[usize]) -> bool {
    let mut n = group.len();
    let bye = n % 2 == 1;
    if bye {
        n += 1;
    }
    let mut weights = vec![0i64; n * n];
    for a in 0..n {
        for b in (a + 1)..n {
            let edge = if bye && b == n - 1 {
                players[group[a]].bye_allowed
            } else {
                compatible(&players[group[a]], &players[group[b]])
            };
            if edge {
                weights[a * n + b] = 1;
            }
        }
    }
    let mates = integer_blossom::max_weight_matching(&weights, n);
    mates.iter().all(Option::is_some)
}
