//! The outbox: the notices the bot sends on its own, kept until delivered.

use async_trait::async_trait;

use crate::store::{Notice, NoticeId, Result};

/// The outbox of notices (turn notices, reminders, time-outs, round posts): queued by the
/// use cases in the transactions that cause them, delivered by the sweeper.
///
/// A second implementation guarantees, besides the module's rules: due notices come oldest
/// first; a notice marked done or failed is marked once (a second mark changes nothing); a
/// failed notice is due again after [`crate::store::retry_delay`] and dropped after the last
/// attempt; held notices are released in the order given.
#[async_trait]
pub trait Outbox: Send + Sync {
    /// At most `limit` notices due at `now`, oldest first.
    async fn due_notices(&self, now: i64, limit: u32) -> Result<Vec<Notice>>;

    /// The notices held for `user_id` (until they can be reached).
    async fn held_notices(&self, user_id: u64) -> Result<Vec<Notice>>;

    /// Releases the notices `ids` held for `user_id`: due again now.
    async fn release_held(&self, user_id: u64, ids: Vec<NoticeId>) -> Result<()>;

    /// Notice `id` is done: delivered, or `dropped` (nothing to deliver any more).
    async fn notice_done(&self, id: NoticeId, dropped: bool, now: i64) -> Result<()>;

    /// Delivering notice `id` failed with `error`: tried again later, or dropped.
    async fn notice_failed(&self, id: NoticeId, error: String, now: i64) -> Result<()>;

    /// Notice `id` is held for `user_id` (who cannot be reached now).
    async fn hold_notice(&self, id: NoticeId, user_id: u64, now: i64) -> Result<()>;

    /// Notice `id` could not go by direct message (`error`): it goes to the game's channel.
    async fn notice_to_channel(&self, id: NoticeId, error: String, now: i64) -> Result<()>;
}
