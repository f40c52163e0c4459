//! Time, injectable: nothing reads the system clock directly (the service, the sweeper, the
//! scheduled backups), so tests can move it. Below every layer that tells time, so each can.
//!
//! Waiting for a moment is the clock's business too ([`Clock::sleep_until`]): the sweeper
//! sleeps until the next due moment *on the service's clock*. With the system clock that is
//! real time; with a [`ManualClock`] it is the moment a test moves the clock there, so a test
//! neither waits for real minutes nor needs the sweeper to poll a clock that stands still.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use tokio::sync::watch;

/// A future a clock returns: resolves once its time has come.
pub type Wait = Pin<Box<dyn Future<Output = ()> + Send + 'static>>;

/// A moment to the millisecond, as unix milliseconds (since 1970-01-01 UTC): when a player
/// was shown a position (for Discord, when their interaction was created), or when a move
/// was stored.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Timestamp(pub i64);

impl Timestamp {
    /// The moment `ms` unix milliseconds.
    pub const fn from_unix_ms(ms: i64) -> Timestamp {
        Timestamp(ms)
    }

    /// Unix milliseconds.
    pub const fn unix_ms(self) -> i64 {
        self.0
    }
}

/// A source of the current time in unix seconds (and milliseconds).
pub trait Clock: Send + Sync + 'static {
    /// Seconds since 1970-01-01 UTC.
    fn now(&self) -> i64;

    /// Milliseconds since 1970-01-01 UTC, in the second [`Clock::now`] reads. The default,
    /// for a clock that knows only seconds, is the start of that second.
    fn now_ms(&self) -> i64 {
        self.now().saturating_mul(1_000)
    }

    /// Resolves once [`Clock::now`] reads `at` (unix seconds) or later; at once for a moment
    /// already past.
    ///
    /// The default suits a clock that runs at the speed of real time (the system clock plus
    /// an offset): it sleeps the difference in real seconds. Because `now` rounds down, a
    /// sleep of `at - now` whole seconds never ends early.
    fn sleep_until(&self, at: i64) -> Wait {
        let seconds = u64::try_from(at.saturating_sub(self.now())).unwrap_or(0);
        Box::pin(tokio::time::sleep(Duration::from_secs(seconds)))
    }
}

/// The system clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> i64 {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() as i64)
    }

    fn now_ms(&self) -> i64 {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
    }

    /// Sleeps until the very start of second `at` rather than a whole number of seconds
    /// from a rounded-down now: a deadline is met within milliseconds, not up to a second
    /// late.
    fn sleep_until(&self, at: i64) -> Wait {
        let target = UNIX_EPOCH + Duration::from_secs(u64::try_from(at).unwrap_or(0));
        let wait = target
            .duration_since(SystemTime::now())
            .unwrap_or(Duration::ZERO);
        Box::pin(tokio::time::sleep(wait))
    }
}

/// A clock that stands still until told to move; clones share the same time, and a
/// [`Clock::sleep_until`] on any of them ends when one is moved to (or past) its moment.
/// It keeps milliseconds; [`Clock::now`] reads the second they fall in.
#[derive(Clone, Debug)]
pub struct ManualClock(Arc<watch::Sender<i64>>);

impl Default for ManualClock {
    fn default() -> ManualClock {
        ManualClock::at(0)
    }
}

impl ManualClock {
    /// A clock showing `now` (unix seconds), at the start of that second.
    pub fn at(now: i64) -> ManualClock {
        ManualClock(Arc::new(watch::Sender::new(now.saturating_mul(1_000))))
    }

    /// Moves the clock forward by `seconds`, waking the sleepers whose moment came.
    pub fn advance(&self, seconds: i64) {
        self.advance_ms(seconds.saturating_mul(1_000));
    }

    /// Moves the clock forward by `ms` milliseconds, waking the sleepers whose moment came.
    pub fn advance_ms(&self, ms: i64) {
        self.0.send_modify(|now| *now += ms);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> i64 {
        self.now_ms().div_euclid(1_000)
    }

    fn now_ms(&self) -> i64 {
        *self.0.borrow()
    }

    /// Watches the clock: wakes on every move, and goes back to waiting until the time reads
    /// `at`. A watch, not a notification, so a move between the call and the first poll is
    /// not missed.
    fn sleep_until(&self, at: i64) -> Wait {
        let mut time = self.0.subscribe();
        Box::pin(async move {
            if time
                .wait_for(|&now| now.div_euclid(1_000) >= at)
                .await
                .is_err()
            {
                // Every handle of the clock is gone: its time can never come.
                std::future::pending::<()>().await;
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_manual_clock_wakes_its_sleepers_when_moved_to_their_moment() {
        let clock = ManualClock::at(100);
        let wait = clock.sleep_until(105);
        let waiter = tokio::spawn(wait);
        clock.advance(4);
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert!(!waiter.is_finished(), "woke at 104 for 105");
        clock.advance(1);
        tokio::time::timeout(Duration::from_secs(5), waiter)
            .await
            .expect("woke at 105")
            .unwrap();
        // A moment already past ends at once.
        tokio::time::timeout(Duration::from_millis(100), clock.sleep_until(50))
            .await
            .expect("past moment");
        assert_eq!(clock.now(), 105);
        // Milliseconds add up to seconds.
        assert_eq!(clock.now_ms(), 105_000);
        clock.advance_ms(999);
        assert_eq!((clock.now(), clock.now_ms()), (105, 105_999));
        clock.advance_ms(1);
        assert_eq!((clock.now(), clock.now_ms()), (106, 106_000));
    }

    #[tokio::test]
    async fn the_system_clock_sleeps_until_the_second_and_not_before() {
        let clock = SystemClock;
        let at = clock.now() + 1;
        let started = std::time::Instant::now();
        clock.sleep_until(at).await;
        assert!(clock.now() >= at);
        assert!(started.elapsed() <= Duration::from_millis(1_500));
        let past = std::time::Instant::now();
        clock.sleep_until(at - 10).await;
        assert!(past.elapsed() < Duration::from_millis(100));
    }
}
