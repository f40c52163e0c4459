//! The deadlines area: what falls due with time.

use async_trait::async_trait;

use crate::store::{Result, Swept};

/// Deadlines and time-outs: the sweep that applies what fell due, and the next moment
/// something falls due.
///
/// A second implementation guarantees, besides the module's rules: a sweep is one
/// transaction and applies each due thing once, however many sweepers run.
#[async_trait]
pub trait Deadlines: Send + Sync {
    /// Applies everything due at `now` (time-outs, reminders, expired challenges, …) and
    /// queues its notices.
    async fn sweep(&self, now: i64) -> Result<Swept>;

    /// The next moment (unix seconds) something falls due: a notice, a deadline, or a
    /// tournament's start; `None` when nothing waits.
    async fn next_due(&self) -> Result<Option<i64>>;
}
