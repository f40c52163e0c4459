//! Correspondence play: the sweep of deadlines, extra time for the opponent, and how a user
//! wants to be told it is their move.

use super::{GameService, Place, Result, ServiceError, User};
use crate::store::{Game, GameStatus, Store, StoreError, Swept, UserSettings};

impl GameService {
    /// Handles everything due now (expired challenges, reminders, time-outs; see
    /// [`crate::store::Store::sweep`]) and wakes the delivery of the notices it queued.
    /// Running it twice, or after a crash, changes nothing more.
    ///
    /// # Errors
    /// The store's.
    pub async fn sweep(&self) -> Result<Swept> {
        let now = self.now();
        let swept = self.store.call(move |s| s.sweep(now)).await?;
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
        Ok(swept)
    }

    /// Resolves when a notice was queued since the last call (the sweeper then delivers at
    /// once instead of at its next tick).
    pub async fn mail_queued(&self) {
        self.mail.notified().await;
    }

    /// `user` gives their opponent one more day on the move they are to make in the game of
    /// `place`.
    ///
    /// # Errors
    /// [`ServiceError::NoGameHere`], [`ServiceError::NotAPlayer`]; the store's (no time limit,
    /// it is the user's own move, too much time already).
    pub async fn more_time(&self, place: Place, user: &User) -> Result<Game> {
        let game = self.game_of(place, user.id).await?;
        game.color_of(user.id).ok_or(ServiceError::NotAPlayer)?;
        self.seen(user).await?;
        let (id, uid, now) = (game.id, user.id, self.now());
        Ok(self
            .store
            .call(move |s| s.more_time(id, uid, now))
            .await
            // Too late: the store ended the game on time and queued the channel's notice.
            .inspect_err(|e| self.mail_if(matches!(e, StoreError::TimeRanOut(_))))?)
    }

    /// Sets whether `user_id`'s turn notices and reminders also come by DM (`Some`), or reads
    /// the setting (`None`). Returns the setting in force.
    ///
    /// # Errors
    /// The store's.
    pub async fn notify(&self, user_id: u64, dm: Option<bool>) -> Result<UserSettings> {
        let settings = self
            .store
            .call(move |s| {
                if let Some(dm) = dm {
                    s.set_settings(
                        user_id,
                        UserSettings {
                            dm_notifications: dm,
                            ..UserSettings::default()
                        },
                    )?;
                }
                s.settings(user_id)
            })
            .await?;
        Ok(settings)
    }
}

/// Whether the store queued a turn DM with the change that left `game` as it is: the game is
/// in play and its player to move asked for DMs. Runs on the store's thread, in the same call
/// as the change, so the sweeper is woken only when there is mail.
pub(super) fn turn_dm_queued(store: &Store, game: &Game) -> crate::store::Result<bool> {
    if game.status != GameStatus::Active {
        return Ok(false);
    }
    let to_move = game.player(game.current_position()?.side_to_move());
    Ok(store.settings(to_move)?.dm_notifications)
}

impl GameService {
    /// Wakes the sweeper's delivery when `queued`.
    pub(super) fn mail_if(&self, queued: bool) {
        if queued {
            self.mail.notify_one();
        }
    }
}
