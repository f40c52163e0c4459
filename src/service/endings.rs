//! Ending a game early and undoing: resign, draw, takeback, abort.

use super::games::Games;
use super::{Board, DrawReport, Place, Result, ServiceError, User};
use crate::rules::Color;
use crate::store::{DrawOffer, GameId, StoreError};

impl Games {
    /// `user` resigns the game of `place`.
    ///
    /// # Errors
    /// [`ServiceError::NoGameHere`], [`ServiceError::NotAPlayer`]; the store's.
    pub async fn resign(&self, place: Place, user: &User) -> Result<Board> {
        let game = self.game_of(place, user.id).await?;
        game.color_of(user.id).ok_or(ServiceError::NotAPlayer)?;
        let (id, uid, now) = (game.id, user.id, self.now());
        let game = self.store.resign(id, uid, now).await?;
        self.board_of(game).await
    }

    /// `user` offers a draw in the game of `place`, or accepts the opponent's standing offer.
    /// The bot answers an offer at once, by its policy
    /// ([`crate::service::Bots::bot_accepts_draw`]): it agrees (the game is drawn by
    /// agreement) or declines (nothing is stored).
    ///
    /// # Errors
    /// As [`Games::resign`]; [`ServiceError::BotDeclinesDraw`] when the bot declines;
    /// the store's [`StoreError::GameNotActive`] for a game over.
    pub async fn draw(&self, place: Place, user: &User) -> Result<DrawReport> {
        let game = self.game_of(place, user.id).await?;
        let by = game.color_of(user.id).ok_or(ServiceError::NotAPlayer)?;
        if game.bot.is_some() {
            game.ensure_active()?;
            // An offer made with a move (`/focus move … draw:true`) is judged before the bot
            // answers that move: it answers only once the move is shown
            // (`crate::service::Bots::not_shown_yet`), after this call.
            if !self.bots.bot_accepts_draw(&game).await? {
                return Err(ServiceError::BotDeclinesDraw);
            }
            // Agreed at the ply the bot judged: a move stored meanwhile refuses it.
            let (id, ply, now) = (game.id, game.ply, self.now());
            let game = self.store.agree_draw(id, ply, now).await?;
            return Ok(DrawReport::Agreed(self.board_of(game).await?));
        }
        let (id, uid, now) = (game.id, user.id, self.now());
        match self.store.offer_draw(id, uid, now).await? {
            DrawOffer::Offered(game) => Ok(DrawReport::Offered { game, by }),
            DrawOffer::Agreed(game) => Ok(DrawReport::Agreed(self.board_of(game).await?)),
        }
    }

    /// `user` answers the opponent's draw offer in game `id` (from a button).
    ///
    /// # Errors
    /// The store's (no offer stands, not a player, the game is over).
    pub async fn answer_draw(&self, id: GameId, user: &User, accept: bool) -> Result<DrawReport> {
        let (uid, now) = (user.id, self.now());
        if accept {
            let game = self.store.accept_draw(id, uid, now).await?;
            Ok(DrawReport::Agreed(self.board_of(game).await?))
        } else {
            let game = self.store.decline_draw(id, uid).await?;
            let by = game.color_of(uid).map_or(Color::White, |c| !c);
            Ok(DrawReport::Offered { game, by })
        }
    }

    /// `user` asks to take back their last move in the game of `place`: the ply count the
    /// opponent's answer must match, so a later move voids the request.
    ///
    /// # Errors
    /// As [`Games::resign`], [`StoreError::NothingToTakeBack`], and
    /// [`ServiceError::TakebackNotYourMove`] when the opponent moved last.
    pub async fn request_takeback(&self, place: Place, user: &User) -> Result<Board> {
        let game = self.game_of(place, user.id).await?;
        let you = game.color_of(user.id).ok_or(ServiceError::NotAPlayer)?;
        if game.bot.is_some() {
            return Err(ServiceError::BotPlaysOn);
        }
        // Taking back undoes the last ply, which must be the requester's own move.
        if game.ply > 0 && game.current_position()?.side_to_move() == you {
            return Err(if game.ply == 1 {
                StoreError::NothingToTakeBack.into()
            } else {
                ServiceError::TakebackNotYourMove
            });
        }
        let (id, uid) = (game.id, user.id);
        let game = self.store.request_takeback(id, uid).await?;
        self.board_of(game).await
    }

    /// `user` answers the opponent's takeback request in game `id` at `ply` (from a button).
    /// Accepting undoes the last move and returns the new board.
    ///
    /// # Errors
    /// The store's (no request, the position changed, not a player).
    pub async fn answer_takeback(
        &self,
        id: GameId,
        ply: u32,
        user: &User,
        accept: bool,
    ) -> Result<Board> {
        let (uid, now) = (user.id, self.now());
        let game = if accept {
            let (game, wake) = self.store.accept_takeback(id, uid, ply, now).await?;
            // The move taken back has a new deadline, or a turn DM is waiting.
            self.mail_if(wake);
            game
        } else {
            self.store.decline_takeback(id, uid).await?
        };
        self.board_of(game).await
    }

    /// Aborts the game of `place`: by a player while each side has moved at most once, or
    /// by a moderator (`is_moderator`: Manage Messages in the channel) at any time. Aborted
    /// games are unrated and change no record.
    ///
    /// # Errors
    /// The store's [`StoreError::TournamentGameAbort`] for a tournament's game (its director
    /// sets a result instead) and [`StoreError::AbortTooLate`];
    /// [`ServiceError::NotAPlayer`] for a user who does not play it and is no moderator.
    pub async fn abort(&self, place: Place, user: &User, is_moderator: bool) -> Result<Board> {
        let game = self.game_of(place, user.id).await?;
        let (id, uid, now) = (game.id, user.id, self.now());
        let game = self
            .store
            .abort_by(id, uid, is_moderator, now)
            .await
            .map_err(|e| match e {
                // This channel's game, as the user named it: said so.
                StoreError::NotAPlayer(_) => ServiceError::NotAPlayer,
                e => e.into(),
            })?;
        self.board_of(game).await
    }
}
