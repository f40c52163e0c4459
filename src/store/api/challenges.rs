//! The challenges area.

use async_trait::async_trait;

use crate::rules::Color;
use crate::store::{Challenge, ChallengeId, Game, GameId, NewChallenge, Result};

/// Challenges: made, answered, withdrawn, and the games they start.
///
/// A second implementation guarantees, besides the module's rules: an accepted challenge and
/// the game it starts are kept in one transaction, and a challenge is accepted at most once
/// (two players accepting an open challenge at once: one game); a challenge found expired is
/// marked expired even though the call is refused (`ChallengeExpired`).
#[async_trait]
pub trait ChallengeRecords: Send + Sync {
    /// Keeps the new challenge `new`.
    async fn create_challenge(&self, new: NewChallenge) -> Result<Challenge>;

    /// Keeps `new`, the rematch of game `game`, and reads the name of `opponent`. Errors: a
    /// rematch of that game exists already.
    async fn create_rematch(
        &self,
        game: GameId,
        new: NewChallenge,
        opponent: u64,
    ) -> Result<(Challenge, Option<String>)>;

    /// Challenge `id`. Errors: `NoSuchChallenge`.
    async fn challenge(&self, id: ChallengeId) -> Result<Challenge>;

    /// Notes the message `message_id` that shows challenge `id`.
    async fn set_challenge_message(&self, id: ChallengeId, message_id: u64) -> Result<()>;

    /// `acceptor_id` accepts challenge `id`; `toss` is the challenger's colour when they left
    /// it to chance; the game is played in thread `thread_id`. Answers the game and whether the
    /// deadline sweeper has a new due moment.
    async fn accept_challenge(
        &self,
        id: ChallengeId,
        acceptor_id: u64,
        now: i64,
        toss: Color,
        thread_id: Option<u64>,
    ) -> Result<(Game, bool)>;

    /// `user_id`, the challenged player, declines challenge `id`.
    async fn decline_challenge(&self, id: ChallengeId, user_id: u64, now: i64)
    -> Result<Challenge>;

    /// `user_id`, the challenger, withdraws challenge `id`.
    async fn cancel_challenge(&self, id: ChallengeId, user_id: u64, now: i64) -> Result<Challenge>;

    /// The open challenges of channel `channel_id` at `now`.
    async fn open_challenges(&self, channel_id: u64, now: i64) -> Result<Vec<Challenge>>;
}
