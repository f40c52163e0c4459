//! What bounds a search: depth, nodes, time, and the noise of the weaker levels.

use std::time::{Duration, Instant};

/// The limits of one search. Every limit left `None` is unbounded; with all of them `None`
/// the search runs to [`super::score::MAX_PLY`] plies, so give at least one.
///
/// A search with a node limit and no time limit is deterministic: the same position, limits
/// and engine state give the same move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration, in plies (1 = look at each move's result only).
    pub depth: Option<u32>,
    /// Stop after about this many nodes (positions visited); checked at every node.
    pub nodes: Option<u64>,
    /// Time for the move. The search stops within 20 ms or 5 % of it, whichever is larger,
    /// and does not start an iteration it is unlikely to finish.
    pub movetime: Option<Duration>,
    /// Random noise added to every evaluation, uniform in `-noise..=noise` (hundredths of a
    /// piece); 0 for the full engine. Weak levels use it to play poorer moves.
    pub noise: i32,
    /// Seed of the noise: the same seed gives the same noise.
    pub seed: u64,
}

impl Limits {
    /// A search to `depth` plies.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// A search of about `nodes` nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// A search of `ms` milliseconds.
    pub fn movetime_ms(ms: u64) -> Limits {
        Limits {
            movetime: Some(Duration::from_millis(ms)),
            ..Limits::default()
        }
    }
}

/// The running clock and node budget of a search in progress.
#[derive(Clone, Debug)]
pub(crate) struct Budget {
    start: Instant,
    /// The hard stop: past it the search unwinds at once.
    hard: Option<Instant>,
    /// Past this, no new iteration starts.
    soft: Option<Instant>,
    nodes: u64,
}

impl Budget {
    pub(crate) fn new(limits: &Limits) -> Budget {
        let start = Instant::now();
        // Leave room for unwinding and for answering: a little under the limit.
        let hard = limits.movetime.map(|t| {
            let slack = (t / 50).min(Duration::from_millis(5));
            start + t.saturating_sub(slack)
        });
        let soft = limits.movetime.map(|t| start + t * 2 / 5);
        Budget {
            start,
            hard,
            soft,
            nodes: limits.nodes.unwrap_or(u64::MAX),
        }
    }

    /// Time since the search began.
    pub(crate) fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// True when `nodes` nodes used up the node budget.
    pub(crate) fn out_of_nodes(&self, nodes: u64) -> bool {
        nodes >= self.nodes
    }

    /// True past the hard time limit.
    pub(crate) fn out_of_time(&self) -> bool {
        self.hard.is_some_and(|t| Instant::now() >= t)
    }

    /// True when a new iteration should not start.
    pub(crate) fn past_soft(&self) -> bool {
        self.soft.is_some_and(|t| Instant::now() >= t)
    }
}
