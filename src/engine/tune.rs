//! Texel tuning: fitting the evaluation weights to game results.
//!
//! Each sample is a position from a self-play game with the game's result for its side to
//! move (1 win, 0 loss, ½ draw). The predicted result is `sigmoid(k · eval / 100)`; the
//! tuner first fits the scale `k` to the starting weights, then moves the weights by
//! gradient descent (Adam) to lower the mean squared error between prediction and result.

use crate::rules::{Color, Outcome};

use super::eval::{FEATURES, Features, Weights, features};
use super::selfplay::Game;

/// A training position: its features and the result for its side to move.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Sample {
    /// [`features`] of the position.
    pub features: Features,
    /// 1 when the side to move went on to win, 0 when it lost, 0.5 for a draw.
    pub result: f32,
}

/// The samples of `games`: every `every`-th position after the first `skip` plies, finished
/// positions left out.
pub fn samples(games: &[Game], skip: usize, every: usize) -> Vec<Sample> {
    let mut out = Vec::new();
    for game in games {
        for (i, pos) in game.positions().iter().enumerate() {
            if i < skip
                || !(i - skip).is_multiple_of(every.max(1))
                || pos.outcome() != Outcome::Ongoing
            {
                continue;
            }
            let result = match game.winner {
                None => 0.5,
                Some(w) if w == pos.side_to_move() => 1.0,
                Some(_) => 0.0,
            };
            out.push(Sample {
                features: features(pos),
                result,
            });
        }
    }
    out
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn dot(f: &Features, w: &[f64; FEATURES]) -> f64 {
    f.iter().zip(w).map(|(&x, &w)| x as f64 * w).sum()
}

/// Mean squared error of the predictions of `weights` at scale `k` over `samples`.
pub fn error(samples: &[Sample], weights: &[f64; FEATURES], k: f64) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|s| {
            let p = sigmoid(k * dot(&s.features, weights) / 100.0);
            (p - s.result as f64).powi(2)
        })
        .sum();
    sum / samples.len().max(1) as f64
}

/// The scale `k` in `0.001..10` that fits `weights` best (a ternary search on the error).
pub fn fit_scale(samples: &[Sample], weights: &[f64; FEATURES]) -> f64 {
    let (mut lo, mut hi) = (0.001f64.ln(), 10f64.ln());
    for _ in 0..60 {
        let m1 = lo + (hi - lo) / 3.0;
        let m2 = hi - (hi - lo) / 3.0;
        if error(samples, weights, m1.exp()) < error(samples, weights, m2.exp()) {
            hi = m2;
        } else {
            lo = m1;
        }
    }
    ((lo + hi) / 2.0).exp()
}

/// What tuning did.
#[derive(Clone, Debug, PartialEq)]
pub struct Tuned {
    /// The new weights, rounded.
    pub weights: Weights,
    /// The fitted scale.
    pub k: f64,
    /// The error of the starting weights.
    pub error_before: f64,
    /// The error of the new weights.
    pub error_after: f64,
}

/// Tunes `start` on `samples` for `epochs` full passes of Adam. The tempo weight stays as it
/// is (it is the same in every sample's sum up to sign and says little).
pub fn tune(samples: &[Sample], start: Weights, epochs: usize) -> Tuned {
    let mut w: [f64; FEATURES] = start.0.map(|x| x as f64);
    let k = fit_scale(samples, &w);
    let error_before = error(samples, &w, k);
    let (mut m, mut v) = ([0f64; FEATURES], [0f64; FEATURES]);
    let (lr, b1, b2, eps) = (1.0, 0.9, 0.999, 1e-8);
    let n = samples.len().max(1) as f64;
    for t in 1..=epochs {
        let mut grad = [0f64; FEATURES];
        for s in samples {
            let p = sigmoid(k * dot(&s.features, &w) / 100.0);
            // d/dw (p - r)² = 2 (p - r) p (1 - p) k/100 · f
            let g = 2.0 * (p - s.result as f64) * p * (1.0 - p) * k / 100.0;
            for (gi, &f) in grad.iter_mut().zip(&s.features) {
                *gi += g * f as f64;
            }
        }
        for i in 0..FEATURES - 1 {
            let g = grad[i] / n;
            m[i] = b1 * m[i] + (1.0 - b1) * g;
            v[i] = b2 * v[i] + (1.0 - b2) * g * g;
            let mh = m[i] / (1.0 - b1.powi(t as i32));
            let vh = v[i] / (1.0 - b2.powi(t as i32));
            w[i] -= lr * mh / (vh.sqrt() + eps);
        }
    }
    let weights = Weights(w.map(|x| x.round() as i32));
    let rounded = weights.0.map(|x| x as f64);
    Tuned {
        weights,
        k,
        error_before,
        error_after: error(samples, &rounded, k),
    }
}

/// The result of `game` for `color`: 1, 0 or ½.
pub fn result_for(game: &Game, color: Color) -> f32 {
    match game.winner {
        None => 0.5,
        Some(w) if w == color => 1.0,
        Some(_) => 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tuning_lowers_the_error_on_a_learnable_signal() {
        // Results decided by the reserve difference alone: tuning must raise its weight.
        let mut samples = Vec::new();
        for r in -5i32..=5 {
            for _ in 0..20 {
                let mut f = [0i32; FEATURES];
                f[0] = r;
                f[FEATURES - 1] = 1;
                samples.push(Sample {
                    features: f,
                    result: if r > 0 {
                        1.0
                    } else if r < 0 {
                        0.0
                    } else {
                        0.5
                    },
                });
            }
        }
        let mut start = Weights::HAND;
        start.0[0] = 1;
        let tuned = tune(&samples, start, 300);
        assert!(tuned.error_after < tuned.error_before);
        assert!(tuned.weights.0[0] > 1);
    }
}
