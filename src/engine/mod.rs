//! The Focus engine: search, evaluation, levels and self-play tuning.
//!
//! Pure: it depends only on [`crate::rules`], does no I/O and keeps no global state; its only
//! outside input is the clock, read for time limits. Randomness (weak levels, openings,
//! self-play) comes from a seeded generator, so a search with a node limit is reproducible.
//!
//! - [`search`]: [`Engine`], iterative-deepening principal-variation alpha-beta with a
//!   transposition table ([`tt`]), move ordering ([`ordering`]), null-move pruning,
//!   late-move reductions and a capture quiescence search; wins and losses by distance
//!   ([`score`]).
//! - [`eval`]: the evaluation, a weighted sum of features; [`tune`] fits the weights to the
//!   results of self-play games (logistic "Texel" tuning).
//! - [`review`]: a finished game judged move by move (inaccuracies, mistakes, blunders).
//! - [`limits`]: depth, nodes, time; [`levels`]: levels 1 to 8; [`greedy`]: the one-ply
//!   yardstick; [`selfplay`]: games between players, as the match tool and the tuner play
//!   them.
//!
//! ```
//! use focus_bot::engine::{Engine, Limits};
//! use focus_bot::rules::Position;
//!
//! let mut engine = Engine::with_table_mib(1);
//! let report = engine.search(&Position::start(), &Limits::depth(2), |_| {});
//! let best = report.best.expect("the start has moves");
//! assert!(Position::start().check(best).is_ok());
//! ```

pub mod eval;
pub mod greedy;
pub mod levels;
pub mod limits;
pub mod lines;
pub mod ordering;
pub mod review;
pub mod rng;
pub mod score;
pub mod search;
pub mod selfplay;
pub mod tt;
pub mod tune;
pub mod zobrist;

pub use eval::{Weights, evaluate};
pub use levels::Level;
pub use limits::Limits;
pub use score::Score;
pub use search::{Engine, Info, Options, Report};
