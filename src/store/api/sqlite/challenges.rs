//! [`ChallengeRecords`] on SQLite.

use async_trait::async_trait;

use super::wakes_sweeper;
use crate::rules::Color;
use crate::store::api::ChallengeRecords;
use crate::store::{AsyncStore, Challenge, ChallengeId, Game, GameId, NewChallenge, Result};

#[async_trait]
impl ChallengeRecords for AsyncStore {
    async fn create_challenge(&self, new: NewChallenge) -> Result<Challenge> {
        self.call(move |s| s.create_challenge(&new)).await
    }

    async fn create_rematch(
        &self,
        game: GameId,
        new: NewChallenge,
        opponent: u64,
    ) -> Result<(Challenge, Option<String>)> {
        self.call(move |s| s.unit(|s| Ok((s.create_rematch(game, &new)?, s.name(opponent)?))))
            .await
    }

    async fn challenge(&self, id: ChallengeId) -> Result<Challenge> {
        self.call(move |s| s.challenge(id)).await
    }

    async fn set_challenge_message(&self, id: ChallengeId, message_id: u64) -> Result<()> {
        self.call(move |s| s.set_challenge_message(id, message_id))
            .await
    }

    async fn accept_challenge(
        &self,
        id: ChallengeId,
        acceptor_id: u64,
        now: i64,
        toss: Color,
        thread_id: Option<u64>,
    ) -> Result<(Game, bool)> {
        self.call(move |s| {
            s.unit(|s| {
                let game = s.accept_challenge_in(id, acceptor_id, now, toss, thread_id)?;
                let wake = wakes_sweeper(s, &game)?;
                Ok((game, wake))
            })
        })
        .await
    }

    async fn decline_challenge(
        &self,
        id: ChallengeId,
        user_id: u64,
        now: i64,
    ) -> Result<Challenge> {
        self.call(move |s| s.decline_challenge(id, user_id, now))
            .await
    }

    async fn cancel_challenge(&self, id: ChallengeId, user_id: u64, now: i64) -> Result<Challenge> {
        self.call(move |s| s.cancel_challenge(id, user_id, now))
            .await
    }

    async fn open_challenges(&self, channel_id: u64, now: i64) -> Result<Vec<Challenge>> {
        self.call(move |s| s.open_challenges(channel_id, now)).await
    }
}
