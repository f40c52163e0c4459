//! Correspondence play: the sweep of deadlines, and extra time for the opponent. (How a user
//! wants to be told it is their move is a setting: `settings.rs`.)

use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use super::bots::Bots;
use super::context::Context;
use super::{Place, Result, ServiceError, User};
use crate::store::{Game, StoreError, Swept};

/// The background work of time: the sweep of what falls due (expired challenges, reminders,
/// time-outs), when the next thing falls due, and more time for an opponent.
#[derive(Clone)]
pub struct Deadlines {
    pub(super) context: Arc<Context>,
    /// The bot, which moves after a sweep where it was to move.
    pub(super) bots: Bots,
    /// Sweeps run so far ([`Deadlines::sweeps`]).
    pub(super) sweeps: Arc<AtomicU64>,
}

impl Deadlines {
    /// The part on `context`, with [`Bots`].
    pub(super) fn new(context: Arc<Context>, bots: Bots) -> Deadlines {
        Deadlines {
            context,
            bots,
            sweeps: Arc::default(),
        }
    }
}

// The use cases read the shared context as their own (`self.store`, `self.now()`): written
// once, whichever part they belong to.
impl std::ops::Deref for Deadlines {
    type Target = Context;

    fn deref(&self) -> &Context {
        &self.context
    }
}

impl Deadlines {
    /// Handles everything due now (expired challenges, reminders, time-outs; see
    /// [`crate::store::api::Deadlines::sweep`]) and wakes the delivery of the notices it queued.
    /// Running it twice, or after a crash, changes nothing more.
    ///
    /// # Errors
    /// The store's.
    pub async fn sweep(&self) -> Result<Swept> {
        self.sweeps.fetch_add(1, Ordering::Relaxed);
        let now = self.now();
        let swept = self.store.sweep(now).await?;
        self.metrics.swept(now);
        if !swept.is_empty() {
            tracing::info!(
                expired = swept.expired_challenges.len(),
                reminded = swept.reminded.len(),
                timed_out = swept.timed_out.len(),
                aborted = swept.aborted.len(),
                "deadlines swept"
            );
            self.mail.notify_one();
        }
        // Where the bot was to move and is not thinking (the process stopped while it was to
        // move, or a search failed), it moves now.
        let woken = self.bots.wake_bots().await?;
        if woken > 0 {
            tracing::info!(games = woken, "the bot moves where it was to move");
        }
        Ok(swept)
    }

    /// How many sweeps ([`Deadlines::sweep`]) this service ran: for the log, and for tests
    /// that check an idle bot does not poll.
    pub fn sweeps(&self) -> u64 {
        self.sweeps.load(Ordering::Relaxed)
    }

    /// Resolves when, since the last call, a notice was queued or a new due moment was set (a
    /// game started, a move, more time, a challenge made): the sweeper then delivers at once
    /// and reads [`Deadlines::next_due`] again instead of sleeping on an old answer.
    pub async fn mail_queued(&self) {
        self.mail.notified().await;
    }

    /// When something next falls due or an open tournament's start time comes, whichever is
    /// first (unix seconds; see [`crate::store::api::Deadlines::next_due`]): the sweeper sleeps
    /// until then.
    ///
    /// # Errors
    /// The store's.
    pub async fn next_due(&self) -> Result<Option<i64>> {
        Ok(self.store.next_due().await?)
    }

    /// Resolves once the service's clock reads `at` (unix seconds) or later: real time for the
    /// system clock, the moment a test moves a [`super::ManualClock`] there.
    pub fn clock_reaches(&self, at: i64) -> impl Future<Output = ()> + Send + 'static {
        self.clock.sleep_until(at)
    }

    /// `user` gives their opponent more time on the move they are to make in the game of
    /// `place`: a day, or in a live game its minutes per move
    /// ([`crate::store::TimeControl::more_time`]).
    ///
    /// # Errors
    /// [`ServiceError::NoGameHere`], [`ServiceError::NotAPlayer`]; the store's (no time limit,
    /// it is the user's own move, too much time already).
    pub async fn more_time(&self, place: Place, user: &User) -> Result<Game> {
        let game = self.game_of(place, user.id).await?;
        game.color_of(user.id).ok_or(ServiceError::NotAPlayer)?;
        self.seen(user).await?;
        let (id, uid, now) = (game.id, user.id, self.now());
        let game = self
            .store
            .more_time(id, uid, now)
            .await
            // Too late: the store ended the game on time and queued the channel's notice.
            .inspect_err(|e| self.mail_if(matches!(e, StoreError::TimeRanOut(_))))?;
        // The deadline (and the reminder) moved.
        self.reschedule();
        Ok(game)
    }
}
