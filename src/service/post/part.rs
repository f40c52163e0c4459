//! The part of the service that runs the outbox: due notices delivered, retried or held, and
//! the notices that pair a round.

use std::sync::Arc;

use crate::service::Result;
use crate::service::context::Context;
use crate::service::games::Games;
use crate::service::settings::Settings;
use crate::service::tournaments::Tournaments;
use crate::store::{Notice, NoticeKind};

use super::letter::{Delivered, Delivery, Letter, Postman};

/// Notices handled per store read; [`Post::deliver`] reads again until none is due.
const BATCH: u32 = 50;

/// The outbox's delivery: each due notice made into its letter and handed to a [`Postman`];
/// refused DMs held for the player's next interaction.
#[derive(Clone)]
pub struct Post {
    pub(super) context: Arc<Context>,
    /// The readers' languages.
    pub(super) settings: Settings,
    /// The tournaments, whose rounds the outbox carries.
    pub(super) tournaments: Tournaments,
    /// The games, moved back to their channel when their thread cannot be made.
    pub(super) games: Games,
}

impl Post {
    /// The part on `context`, with [`Settings`], [`Tournaments`], [`Games`].
    pub(in crate::service) fn new(
        context: Arc<Context>,
        settings: Settings,
        tournaments: Tournaments,
        games: Games,
    ) -> Post {
        Post {
            context,
            settings,
            tournaments,
            games,
        }
    }
}

// The use cases read the shared context as their own (`self.store`, `self.now()`): written
// once, whichever part they belong to.
impl std::ops::Deref for Post {
    type Target = Context;

    fn deref(&self) -> &Context {
        &self.context
    }
}

impl Post {
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
            let due = self.store.due_notices(now, BATCH).await?;
            if due.is_empty() {
                break;
            }
            for notice in due {
                self.deliver_one(postman, &notice, &mut done).await?;
            }
        }
        Ok(done)
    }

    /// Shows `user_id` the letters held for them (their DMs were refused, in games where the
    /// bot cannot post) that still apply, oldest first: `show` is given each in turn and says
    /// whether the reply had room for it. Those shown, and those that no longer apply, are let
    /// go; from the first that found no room on, they stay held for a later interaction.
    /// Returns how many stay held.
    ///
    /// # Errors
    /// The store's.
    pub async fn take_held(
        &self,
        user_id: u64,
        mut show: impl FnMut(&Letter) -> bool + Send,
    ) -> Result<usize> {
        let held = self.store.held_notices(user_id).await?;
        let mut done = Vec::new();
        let mut left = 0;
        for notice in &held {
            match self.letter_for(notice).await? {
                // In order: once one found no room, the later ones wait too.
                Some(letter) if left > 0 || !show(&letter) => left += 1,
                _ => done.push(notice.id),
            }
        }
        self.store.release_held(user_id, done).await?;
        Ok(left)
    }

    async fn deliver_one<P: Postman>(
        &self,
        postman: &P,
        notice: &Notice,
        done: &mut Delivered,
    ) -> Result<()> {
        let id = notice.id;
        if notice.kind == NoticeKind::TournamentRound {
            return self.pair_from_notice(notice, done).await;
        }
        let letter = match self.letter_for(notice).await {
            Ok(Some(letter)) => letter,
            Ok(None) => {
                let now = self.now();
                self.store.notice_done(id, true, now).await?;
                done.dropped += 1;
                return Ok(());
            }
            Err(e) if !e.for_users() => return Err(e),
            Err(e) => {
                tracing::warn!(notice = id.0, error = %e, "cannot write a notice; retrying later");
                let (now, error) = (self.now(), e.to_string());
                self.store.notice_failed(id, error, now).await?;
                done.failed += 1;
                return Ok(());
            }
        };
        let delivery = postman.deliver(id, &letter).await;
        let now = self.now();
        match delivery {
            Delivery::Thread(thread) => {
                let started = match notice.pairing_id {
                    Some(pairing) => self.tournaments.start_board_game(pairing, thread).await,
                    None => Ok(()),
                };
                match started {
                    Ok(()) => {
                        self.store.notice_done(id, false, now).await?;
                        done.sent += 1;
                    }
                    // The thread holds another game (it cannot: a thread is new), or the
                    // store failed: tried again later, never lost.
                    Err(e) => {
                        tracing::warn!(notice = id.0, error = %e, "a board's game did not start; retrying later");
                        let error = e.to_string();
                        self.store.notice_failed(id, error, now).await?;
                        done.failed += 1;
                    }
                }
            }
            Delivery::Sent if matches!(letter, Letter::StartGame { .. }) => {
                let error = "the postman started no thread".to_owned();
                self.store.notice_failed(id, error, now).await?;
                done.failed += 1;
            }
            Delivery::Sent => {
                self.store.notice_done(id, false, now).await?;
                done.sent += 1;
            }
            // A player of a game where the bot cannot post sees it at their next interaction.
            Delivery::DmRefused(error)
                if let Letter::Direct { user_id, news, .. } = &letter
                    && news.venue().is_some_and(|v| !v.bot_posts()) =>
            {
                tracing::info!(notice = id.0, %error, "DM refused; held for the player's next interaction");
                let user = *user_id;
                self.store.hold_notice(id, user, now).await?;
                done.held += 1;
            }
            Delivery::DmRefused(error) if matches!(letter, Letter::Direct { .. }) => {
                tracing::info!(notice = id.0, %error, "DM refused; telling the channel instead");
                self.store.notice_to_channel(id, error, now).await?;
                done.to_channel += 1;
            }
            Delivery::ChannelGone(error) => {
                if let Letter::Post { news, .. } = &letter
                    && let Some(game) = news.game()
                    && game.parent_channel_id.is_some()
                {
                    match self.games.play_in_parent(game.id).await {
                        Ok(_) => tracing::info!(
                            game = game.id.0,
                            "thread gone; the game is played in its channel now"
                        ),
                        Err(e) => {
                            tracing::warn!(game = game.id.0, error = %e, "thread gone, and the game cannot move to its channel")
                        }
                    }
                }
                self.store.notice_failed(id, error, now).await?;
                done.failed += 1;
            }
            Delivery::DmRefused(error) | Delivery::Failed(error) => {
                tracing::warn!(notice = id.0, attempts = notice.attempts + 1, %error, "could not send a notice; retrying later");
                self.store.notice_failed(id, error, now).await?;
                done.failed += 1;
            }
        }
        Ok(())
    }

    /// Pairs a tournament's next round (a `tournament-round` notice); a failure of the store
    /// is retried later.
    async fn pair_from_notice(&self, notice: &Notice, done: &mut Delivered) -> Result<()> {
        let id = notice.id;
        let Some(tournament) = notice.tournament_id else {
            let now = self.now();
            self.store.notice_done(id, true, now).await?;
            return Ok(());
        };
        let paired = self.tournaments.pair_next_round(tournament).await;
        let now = self.now();
        match paired {
            Ok(paired) => {
                self.store.notice_done(id, !paired, now).await?;
                if paired {
                    done.sent += 1;
                } else {
                    done.dropped += 1;
                }
            }
            Err(e) => {
                tracing::warn!(notice = id.0, tournament = tournament.0, error = %e, "could not pair a round; retrying later");
                let error = e.to_string();
                self.store.notice_failed(id, error, now).await?;
                done.failed += 1;
            }
        }
        Ok(())
    }
}
