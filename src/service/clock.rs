//! Time, injectable: the service never reads the system clock directly, so tests can move it.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

/// A source of the current time in unix seconds.
pub trait Clock: Send + Sync + 'static {
    /// Seconds since 1970-01-01 UTC.
    fn now(&self) -> i64;
}

/// The system clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> i64 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() as i64)
    }
}

/// A clock that stands still until told to move; clones share the same time.
#[derive(Clone, Debug, Default)]
pub struct ManualClock(Arc<AtomicI64>);

impl ManualClock {
    /// A clock showing `now` (unix seconds).
    pub fn at(now: i64) -> ManualClock {
        ManualClock(Arc::new(AtomicI64::new(now)))
    }

    /// Moves the clock forward by `seconds`.
    pub fn advance(&self, seconds: i64) {
        self.0.fetch_add(seconds, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }
}
