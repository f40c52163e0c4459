//! The search pool: every engine search of the bot (its own moves, hints, analyses) runs here,
//! off the async runtime, at most one per core and in order of arrival.
//!
//! A search keeps a core busy for up to a second (level 8), against about two milliseconds of
//! work for a move between people. Running searches on tokio's blocking pool without a bound
//! would start one thread per waiting search, and fifty bot games thinking at once would then
//! share the cores fifty ways with every human's move. With one permit per core and tokio's
//! fair (first come, first served) semaphore, waiting searches queue while the cores they hold
//! leave the runtime, the SQLite thread and the renderer their share.

use std::sync::Arc;

use tokio::sync::Semaphore;

use super::{Result, ServiceError};
use crate::telemetry::Metrics;

/// The search pool: one permit per core, and the metrics that count its searches.
#[derive(Clone)]
pub(super) struct Thinkers {
    gate: Arc<Semaphore>,
    metrics: Arc<Metrics>,
}

impl Thinkers {
    /// A pool of `cores` searches at once (at least one), counted in `metrics`.
    pub(super) fn new(cores: usize, metrics: Arc<Metrics>) -> Thinkers {
        Thinkers {
            gate: Arc::new(Semaphore::new(cores.max(1))),
            metrics,
        }
    }

    /// Runs the search `job` on the search pool once a core is free (waiting searches start in
    /// the order they arrived), and returns its result.
    ///
    /// # Errors
    /// [`ServiceError::Engine`] if the search task panics (a bug: searches have no user input
    /// to fail on).
    pub(super) async fn think<T: Send + 'static>(
        &self,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T> {
        let queued = self.metrics.search_queued();
        let _permit = self
            .gate
            .acquire()
            .await
            .map_err(|_| ServiceError::Engine)?;
        let _running = queued.running();
        tokio::task::spawn_blocking(job)
            .await
            .map_err(|_| ServiceError::Engine)
    }
}
