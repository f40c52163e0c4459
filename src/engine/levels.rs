//! Playing levels 1 to 8: from a beginner's opponent to the full engine.

use std::time::Duration;

use super::limits::Limits;

/// A playing level, 1 (weakest) to 8 (the full engine).
///
/// Levels 1–3 look one or two plies ahead through heavy evaluation noise, so they play legal
/// but often poor moves; levels 4–7 search a fixed number of nodes (the same strength on any
/// machine, and deterministic for a seed); level 8 searches for [`Level::DEFAULT_MOVETIME`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// The strongest level, the full engine.
    pub const MAX: Level = Level(8);
    /// Level 8's time per move.
    pub const DEFAULT_MOVETIME: Duration = Duration::from_millis(1000);

    /// Level `n`; `None` outside `1..=8`.
    pub const fn new(n: u8) -> Option<Level> {
        if n >= 1 && n <= 8 {
            Some(Level(n))
        } else {
            None
        }
    }

    /// The level's number, 1 to 8.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// The limits the level searches with; `seed` varies its noise from game to game.
    /// `movetime` replaces level 8's default time (matches play it shorter); lower levels
    /// ignore it, being bounded by depth or nodes.
    pub fn limits(self, seed: u64, movetime: Option<Duration>) -> Limits {
        let (depth, nodes, noise) = match self.0 {
            1 => (Some(1), None, 500),
            2 => (Some(1), None, 120),
            3 => (Some(2), None, 40),
            // About three times the nodes a level: each step measured at 65 % or more (see the
            // README's ladder). 1,200 nodes, the first level 4, is depth 2 and no better than
            // level 3 (47 % over 200 games).
            4 => (None, Some(4_000), 10),
            5 => (None, Some(12_000), 0),
            6 => (None, Some(40_000), 0),
            7 => (None, Some(120_000), 0),
            _ => (None, None, 0),
        };
        Limits {
            depth,
            nodes,
            movetime: (self.0 == 8).then(|| movetime.unwrap_or(Self::DEFAULT_MOVETIME)),
            noise,
            seed,
        }
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "level {}", self.0)
    }
}
