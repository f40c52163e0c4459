//! Delivering the outbox: the service turns each due notice into a [`Letter`] and hands it
//! to the adapter's [`Postman`], which only knows how to send; what to send, when to retry and
//! where a refused DM goes instead are decided here.

use std::future::Future;

use super::{Board, GameService, Result};
use crate::store::{Challenge, Game, GameStatus, Notice, NoticeId, NoticeKind, Via};
use crate::strings;

/// Notices handled per store read; [`GameService::deliver`] reads again until none is due.
const BATCH: u32 = 50;

/// A message the bot sends on its own.
#[derive(Clone, Debug)]
pub enum Letter {
    /// A message in a channel, mentioning (and pinging) only `ping`.
    Post {
        /// The channel (or thread).
        channel_id: u64,
        /// The text (Discord markdown).
        text: String,
        /// The users the message may ping.
        ping: Vec<u64>,
        /// A board picture to attach.
        board: Option<Box<Board>>,
    },
    /// A direct message.
    Direct {
        /// The user.
        user_id: u64,
        /// The text (Discord markdown).
        text: String,
    },
    /// A challenge's message gets `text` and its buttons disabled (it ran out).
    CloseChallenge {
        /// The challenge (with its channel and message).
        challenge: Challenge,
        /// The message's new text.
        text: String,
    },
}

/// How a delivery went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Delivery {
    /// Sent (or already sent before: the nonce matched).
    Sent,
    /// Discord refused a DM for good (the user closed DMs, error 50007): the notice goes to
    /// the channel instead, and the DM is not tried again.
    DmRefused(String),
    /// Failed for now (a missing permission, a deleted channel, Discord down): retried later.
    Failed(String),
}

/// What sends letters: the Discord adapter, the console, or a test.
pub trait Postman: Send + Sync {
    /// Sends `letter`, once: `notice` is unique per notice, and a postman that can (Discord's
    /// message nonce) uses it so that a repeated send is not posted twice.
    fn deliver(&self, notice: NoticeId, letter: &Letter) -> impl Future<Output = Delivery> + Send;
}

/// What one [`GameService::deliver`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Delivered {
    /// Letters sent.
    pub sent: u32,
    /// Notices no longer worth sending (the move was played meanwhile).
    pub dropped: u32,
    /// Refused DMs turned into channel notices.
    pub to_channel: u32,
    /// Deliveries that failed and will be retried.
    pub failed: u32,
}

impl GameService {
    /// Delivers every notice due now through `postman`, oldest first; a refused DM is
    /// delivered to the channel in the same call, a failure is retried in a later call after a
    /// growing delay ([`crate::store::retry_delay`]).
    ///
    /// # Errors
    /// The store's, when it cannot be read or written (the notices stay pending).
    pub async fn deliver<P: Postman>(&self, postman: &P) -> Result<Delivered> {
        let mut done = Delivered::default();
        // Bounded, though every round marks each notice it read: sent, dropped, failed (not
        // due again for a minute), or moved from DM to channel (once).
        for _ in 0..1_000 {
            let now = self.now();
            let due = self.store.call(move |s| s.due_notices(now, BATCH)).await?;
            if due.is_empty() {
                break;
            }
            for notice in due {
                self.deliver_one(postman, &notice, &mut done).await?;
            }
        }
        Ok(done)
    }

    async fn deliver_one<P: Postman>(
        &self,
        postman: &P,
        notice: &Notice,
        done: &mut Delivered,
    ) -> Result<()> {
        let id = notice.id;
        let letter = match self.letter_for(notice).await {
            Ok(Some(letter)) => letter,
            Ok(None) => {
                let now = self.now();
                self.store
                    .call(move |s| s.notice_done(id, true, now))
                    .await?;
                done.dropped += 1;
                return Ok(());
            }
            Err(e) if e.is_internal() => return Err(e),
            Err(e) => {
                tracing::warn!(notice = id.0, error = %e, "cannot write a notice; retrying later");
                let (now, error) = (self.now(), e.to_string());
                self.store
                    .call(move |s| s.notice_failed(id, &error, now))
                    .await?;
                done.failed += 1;
                return Ok(());
            }
        };
        let delivery = postman.deliver(id, &letter).await;
        let now = self.now();
        match delivery {
            Delivery::Sent => {
                self.store
                    .call(move |s| s.notice_done(id, false, now))
                    .await?;
                done.sent += 1;
            }
            Delivery::DmRefused(error) if matches!(letter, Letter::Direct { .. }) => {
                tracing::info!(notice = id.0, %error, "DM refused; telling the channel instead");
                self.store
                    .call(move |s| s.notice_to_channel(id, &error, now))
                    .await?;
                done.to_channel += 1;
            }
            Delivery::DmRefused(error) | Delivery::Failed(error) => {
                tracing::warn!(notice = id.0, attempts = notice.attempts + 1, %error, "could not send a notice; retrying later");
                self.store
                    .call(move |s| s.notice_failed(id, &error, now))
                    .await?;
                done.failed += 1;
            }
        }
        Ok(())
    }

    /// The letter for `notice` as things stand now; `None` when it no longer applies.
    async fn letter_for(&self, notice: &Notice) -> Result<Option<Letter>> {
        if let Some(id) = notice.challenge_id {
            let challenge = self.store.call(move |s| s.challenge(id)).await?;
            let text = strings::challenge_expired(&challenge);
            return Ok(challenge
                .message_id
                .map(|_| Letter::CloseChallenge { challenge, text }));
        }
        let Some(id) = notice.game_id else {
            return Ok(None);
        };
        let game = self.store.call(move |s| s.game(id)).await?;
        let user = notice.user_id.unwrap_or(game.white_id);
        let still_to_move = game.status == GameStatus::Active && Some(game.ply) == notice.ply;
        let letter = match (notice.kind, notice.via) {
            (NoticeKind::YourTurn | NoticeKind::Reminder, _) if !still_to_move => return Ok(None),
            (NoticeKind::YourTurn, Via::Dm) => Letter::Direct {
                user_id: user,
                text: strings::your_turn_dm(&game, &self.opponent_name(&game, user).await?),
            },
            // A turn notice is a DM only: the channel saw the move and its ping.
            (NoticeKind::YourTurn, Via::Channel) => return Ok(None),
            (NoticeKind::Reminder, Via::Dm) => Letter::Direct {
                user_id: user,
                text: strings::reminder_dm(&game, &self.opponent_name(&game, user).await?),
            },
            (NoticeKind::Reminder, Via::Channel) => Letter::Post {
                channel_id: game.channel_id,
                text: strings::reminder(&game, user),
                ping: vec![user],
                board: None,
            },
            (NoticeKind::TimeOut, _) => {
                let text = strings::timed_out(&game, user);
                let ping = vec![game.white_id, game.black_id];
                let channel_id = game.channel_id;
                let board = self.board_of(game).await?;
                Letter::Post {
                    channel_id,
                    text,
                    ping,
                    board: Some(Box::new(board)),
                }
            }
            (NoticeKind::ChallengeExpired, _) => return Ok(None),
        };
        Ok(Some(letter))
    }

    /// The stored name of `user`'s opponent in `game` (a mention when none is stored).
    async fn opponent_name(&self, game: &Game, user: u64) -> Result<String> {
        let opponent = if user == game.white_id {
            game.black_id
        } else {
            game.white_id
        };
        let name = self.store.call(move |s| s.name(opponent)).await?;
        Ok(name.unwrap_or_else(|| strings::mention(opponent)))
    }
}
