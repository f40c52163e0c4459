//! Challenges: made, accepted (the game starts), declined, cancelled, rematches; what a
//! challenge asks for is in `terms.rs`.

use std::sync::Arc;

use super::bots::Bots;
use super::context::Context;
use super::terms::ChallengeRequest;
use super::{Board, ChallengeView, Place, Result, ServiceError, User};
use crate::rules::Color;
use crate::store::{ChallengeId, ColorChoice, Game, GameId, GameStatus, NewChallenge, StoreError};

/// What a Rematch click made ([`Challenges::rematch`]).
#[derive(Clone, Debug)]
pub enum Rematch {
    /// A challenge to the other player, to accept or decline.
    Challenge(ChallengeView),
    /// A game against the bot, started at once; the adapter shows it, then calls
    /// [`Bots::bot_to_move`] (the bot may have White).
    Started(Box<Board>),
}

/// Challenges between people, and rematches (a rematch against the bot starts its game).
#[derive(Clone)]
pub struct Challenges {
    pub(super) context: Arc<Context>,
    /// The bot, whose rematch waits until its board is shown.
    pub(super) bots: Bots,
}

impl Challenges {
    /// The part on `context`, with [`Bots`].
    pub(super) fn new(context: Arc<Context>, bots: Bots) -> Challenges {
        Challenges { context, bots }
    }
}

// The use cases read the shared context as their own (`self.store`, `self.now()`): written
// once, whichever part they belong to.
impl std::ops::Deref for Challenges {
    type Target = Context;

    fn deref(&self) -> &Context {
        &self.context
    }
}

impl Challenges {
    /// `challenger` challenges in `place`.
    ///
    /// # Errors
    /// [`ServiceError::ChallengeSelf`], [`ServiceError::ChallengeBot`],
    /// [`ServiceError::ChannelBusy`], [`ServiceError::DaysAndMinutes`], and the store's
    /// refusals (a time per move not offered, a rated set-up position, a bad or decided FPN).
    pub async fn challenge(
        &self,
        place: Place,
        challenger: &User,
        request: ChallengeRequest,
    ) -> Result<ChallengeView> {
        if let Some(opponent) = &request.opponent {
            if opponent.id == challenger.id {
                return Err(ServiceError::ChallengeSelf);
            }
            if opponent.is_bot {
                return Err(ServiceError::ChallengeBot);
            }
        }
        if challenger.is_bot {
            return Err(ServiceError::ChallengeBot);
        }
        let time_control = request.time_control()?;
        if !request.threads && self.game_here(place).await.is_ok() {
            return Err(ServiceError::ChannelBusy);
        }
        self.seen(challenger).await?;
        if let Some(opponent) = &request.opponent {
            self.seen(opponent).await?;
        }
        let new = NewChallenge {
            guild_id: place.guild_id,
            channel_id: place.channel_id,
            challenger_id: challenger.id,
            opponent_id: request.opponent.as_ref().map(|o| o.id),
            rules: request.rules,
            time_control,
            color: request.color,
            rated: request.rated,
            start_fpn: request.position.clone(),
            created_at: self.now(),
            venue: request.venue,
        };
        let challenge = self.store.create_challenge(new).await?;
        // Its expiry is a new due moment the sleeping sweeper must hear of.
        self.reschedule();
        Ok(ChallengeView {
            challenge,
            challenger: Some(challenger.name.clone()),
            opponent: request.opponent.map(|o| o.name),
        })
    }

    /// `user`, a player of finished game `id`, offers its rematch: a challenge to the other
    /// player made in `place` (where the Rematch button was clicked) with the same rules, time
    /// control, rating and start, and the colours swapped. Once per game. `threads` as for
    /// [`ChallengeRequest::threads`]. Returns the finished game and the challenge.
    ///
    /// # Errors
    /// [`StoreError::NotAPlayer`] for anyone else; [`ServiceError::NoGameHere`] for a game
    /// of another server; [`ServiceError::ChannelBusy`] as for a challenge; the store's
    /// ([`StoreError::NotFinished`], [`StoreError::RematchOffered`], no such game).
    pub async fn rematch(
        &self,
        place: Place,
        user: &User,
        id: GameId,
        threads: bool,
    ) -> Result<(Game, Rematch)> {
        let game = self.store.game(id).await?;
        if game.guild_id != place.guild_id {
            return Err(ServiceError::NoGameHere);
        }
        let color = game.color_of(user.id).ok_or(StoreError::NotAPlayer(id))?;
        if game.status != GameStatus::Finished {
            return Err(StoreError::NotFinished(id).into());
        }
        if !threads && self.game_here(place).await.is_ok() {
            return Err(ServiceError::ChannelBusy);
        }
        self.seen(user).await?;
        let opponent = game.player(!color);
        if let Some(seat) = game.bot {
            return self.rematch_bot(place, user, game, seat, color).await;
        }
        let new = NewChallenge {
            guild_id: place.guild_id,
            channel_id: place.channel_id,
            challenger_id: user.id,
            opponent_id: Some(opponent),
            rules: game.rules,
            time_control: game.time_control,
            // Colours swapped: who played White plays Black.
            color: match color {
                Color::White => ColorChoice::Black,
                Color::Black => ColorChoice::White,
            },
            rated: game.rated,
            start_fpn: game.start_fpn.clone(),
            created_at: self.now(),
            venue: game.venue,
        };
        let (challenge, opponent) = self.store.create_rematch(id, new, opponent).await?;
        self.reschedule();
        let view = ChallengeView {
            challenge,
            challenger: Some(user.name.clone()),
            opponent,
        };
        Ok((game, Rematch::Challenge(view)))
    }

    /// The rematch of `game` against the bot (in `seat`), asked by `user` who played `color`:
    /// it starts at once in `place`, colours swapped, same level.
    async fn rematch_bot(
        &self,
        place: Place,
        user: &User,
        game: Game,
        seat: crate::store::BotSeat,
        color: Color,
    ) -> Result<(Game, Rematch)> {
        let bot = game.player(seat.color);
        let new = NewChallenge {
            guild_id: place.guild_id,
            channel_id: place.channel_id,
            challenger_id: user.id,
            opponent_id: Some(bot),
            rules: game.rules,
            time_control: game.time_control,
            color: match color {
                Color::White => ColorChoice::Black,
                Color::Black => ColorChoice::White,
            },
            rated: false,
            start_fpn: game.start_fpn.clone(),
            created_at: self.now(),
            venue: game.venue,
        };
        let (id, level) = (game.id, seat.level);
        let (started, wake) = self
            .store
            .start_bot_rematch(id, new, bot, level, None)
            .await?;
        self.bots.not_shown_yet(started.id, started.ply);
        self.mail_if(wake);
        let board = self.board_of(started).await?;
        Ok((game, Rematch::Started(Box::new(board))))
    }

    /// Records the id of the message showing challenge `id`.
    ///
    /// # Errors
    /// The store's.
    pub async fn set_challenge_message(&self, id: ChallengeId, message_id: u64) -> Result<()> {
        self.store.set_challenge_message(id, message_id).await?;
        Ok(())
    }

    /// `user` accepts challenge `id`: the game starts in the challenge's channel. A random
    /// colour choice is decided by `toss` (the colour the challenger gets).
    ///
    /// # Errors
    /// The store's: an own, expired, closed or someone else's challenge, a busy channel.
    pub async fn accept(&self, id: ChallengeId, user: &User, toss: Color) -> Result<Board> {
        self.accept_in(id, user, toss, None).await
    }

    /// As [`Challenges::accept`], the game played in `thread_id` when given: the thread the
    /// adapter is about to start from the challenge's message (a thread started from a message
    /// has the message's id), with the challenge's channel as its parent.
    ///
    /// # Errors
    /// As [`Challenges::accept`] (a thread is never busy).
    pub async fn accept_in(
        &self,
        id: ChallengeId,
        user: &User,
        toss: Color,
        thread_id: Option<u64>,
    ) -> Result<Board> {
        if user.is_bot {
            return Err(ServiceError::ChallengeBot);
        }
        self.seen(user).await?;
        let (acceptor, now) = (user.id, self.now());
        let (game, wake) = self
            .store
            .accept_challenge(id, acceptor, now, toss, thread_id)
            .await?;
        // The first deadline is a new due moment, and a turn DM may be waiting.
        self.mail_if(wake);
        self.board_of(game).await
    }

    /// `user` (the named opponent) declines challenge `id`.
    ///
    /// # Errors
    /// The store's.
    pub async fn decline(&self, id: ChallengeId, user: &User) -> Result<ChallengeView> {
        let (uid, now) = (user.id, self.now());
        let challenge = self.store.decline_challenge(id, uid, now).await?;
        self.challenge_view(challenge).await
    }

    /// `user` (the challenger) cancels challenge `id`.
    ///
    /// # Errors
    /// The store's.
    pub async fn cancel(&self, id: ChallengeId, user: &User) -> Result<ChallengeView> {
        let (uid, now) = (user.id, self.now());
        let challenge = self.store.cancel_challenge(id, uid, now).await?;
        self.challenge_view(challenge).await
    }

    /// The open challenges of `place` that `user` may accept, newest first.
    ///
    /// # Errors
    /// The store's.
    pub async fn open_challenges_for(
        &self,
        place: Place,
        user: &User,
    ) -> Result<Vec<ChallengeView>> {
        let (channel, now, uid) = (place.channel_id, self.now(), user.id);
        let mut open = self.store.open_challenges(channel, now).await?;
        open.retain(|c| c.challenger_id != uid && c.opponent_id.is_none_or(|o| o == uid));
        open.sort_by_key(|c| std::cmp::Reverse((c.created_at, c.id)));
        let mut views = Vec::with_capacity(open.len());
        for c in open {
            views.push(self.challenge_view(c).await?);
        }
        Ok(views)
    }

    async fn challenge_view(&self, challenge: crate::store::Challenge) -> Result<ChallengeView> {
        let (a, b) = (challenge.challenger_id, challenge.opponent_id);
        let mut names = self
            .store
            .names(std::iter::once(a).chain(b).collect())
            .await?
            .into_iter();
        let mut name = || names.next().and_then(|(_, name)| name);
        let (challenger, opponent) = (name(), name());
        Ok(ChallengeView {
            challenge,
            challenger,
            opponent,
        })
    }
}

impl Challenges {
    /// The open challenges `user` made in `place`, newest first.
    ///
    /// # Errors
    /// The store's.
    pub async fn own_challenges(&self, place: Place, user: &User) -> Result<Vec<ChallengeId>> {
        let (channel, now, uid) = (place.channel_id, self.now(), user.id);
        let mut open = self.store.open_challenges(channel, now).await?;
        open.retain(|c| c.challenger_id == uid);
        open.sort_by_key(|c| std::cmp::Reverse(c.created_at));
        Ok(open.into_iter().map(|c| c.id).collect())
    }
}
