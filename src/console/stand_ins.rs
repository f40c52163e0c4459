//! What the console stands in for: the time, which `wait` skips ahead, and the server's
//! members, who never leave. A leaf of `console`.

use crate::clock::{Clock, SystemClock};
use crate::service::Members;

/// The console's time: the system clock plus the time skipped with `wait`.
#[derive(Debug, Default)]
pub(super) struct ConsoleClock {
    pub(super) skipped: std::sync::atomic::AtomicI64,
}

impl Clock for ConsoleClock {
    fn now(&self) -> i64 {
        SystemClock.now() + self.skipped.load(std::sync::atomic::Ordering::SeqCst)
    }

    fn now_ms(&self) -> i64 {
        let skipped = self.skipped.load(std::sync::atomic::Ordering::SeqCst);
        SystemClock.now_ms() + skipped.saturating_mul(1_000)
    }
}

/// In the console everyone who ever played is still on the server.
pub(super) struct Everyone;

impl Members for Everyone {
    async fn is_member(&self, _: u64, _: u64) -> Option<bool> {
        Some(true)
    }
}
