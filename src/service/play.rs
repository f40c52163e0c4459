//! Playing: moves, their autocomplete, and the board.

use super::games::Games;
use super::{
    Board, MoveReport, MoveTerms, Place, Result, ServiceError, Suggestion, Timestamp, User,
};
use crate::rules::{Color, Move, MoveError};
use crate::store::{Game, GameId, GameStatus, StoreError};

/// Discord shows at most this many autocomplete choices.
pub const MAX_SUGGESTIONS: usize = 25;

impl Games {
    /// `user` plays `text` (move notation) in the game of `place`, with nothing known of when
    /// they saw the position and nothing confirmed: [`Games::play_with`] with
    /// [`MoveTerms::default`].
    ///
    /// # Errors
    /// As [`Games::play_with`].
    pub async fn play(&self, place: Place, user: &User, text: &str) -> Result<MoveReport> {
        self.play_with(place, user, text, MoveTerms::default())
            .await
    }

    /// `user` plays `text` (move notation) in the game of `place`. Of two moves for the same
    /// ply arriving together, exactly one is played; the other gets "the position changed".
    ///
    /// Refused, changing nothing: a move chosen before the opponent's last move was stored
    /// (`terms.seen_at` earlier than it: the player has not seen the position), and, unless
    /// `terms.mirror_loss_confirmed`, a move that loses at once under the mirror rule (the
    /// player is asked to confirm it: [`Games::play_anyway`]).
    ///
    /// # Errors
    /// [`ServiceError::NoGameHere`], [`ServiceError::NotAPlayer`], [`ServiceError::Move`]
    /// for unreadable text, [`ServiceError::StaleInteraction`], [`ServiceError::MirrorLoss`],
    /// and the store's refusals (not your turn, an illegal move, the game is over, the
    /// position changed).
    pub async fn play_with(
        &self,
        place: Place,
        user: &User,
        text: &str,
        terms: MoveTerms,
    ) -> Result<MoveReport> {
        let game = self.game_of(place, user.id).await?;
        self.play_in(game, user, text, terms).await
    }

    /// `user` plays `text` in game `id` from one of its components (a menu or the typed-move
    /// form of the board shown at `ply`), as [`Games::play_with`] does in a channel.
    ///
    /// # Errors
    /// As [`Games::game_at`], then as [`Games::play_with`].
    pub async fn play_at(
        &self,
        id: GameId,
        ply: u32,
        user: &User,
        text: &str,
        terms: MoveTerms,
    ) -> Result<MoveReport> {
        let game = self.game_at(id, ply, user).await?;
        self.play_in(game, user, text, terms).await
    }

    /// The board of game `id` for its player `user` to choose a move on, from one of the
    /// game's components shown at `ply`.
    ///
    /// # Errors
    /// As [`Games::game_at`].
    pub async fn board_at(&self, id: GameId, ply: u32, user: &User) -> Result<Board> {
        let game = self.game_at(id, ply, user).await?;
        self.board_of(game).await
    }

    /// Game `id`, when its player `user` may move in it from one of its components shown at
    /// `ply` (read alone: no moves, no names).
    ///
    /// # Errors
    /// The store's [`StoreError::NoSuchGame`], [`StoreError::GameNotActive`] once it is over,
    /// [`ServiceError::NotAPlayer`] for anyone else, [`ServiceError::StaleBoard`] when the
    /// game has moved on from `ply`, the store's [`StoreError::NotYourTurn`].
    pub async fn game_at(&self, id: GameId, ply: u32, user: &User) -> Result<Game> {
        let game = self.store.game(id).await?;
        game.ensure_active()?;
        let you = game.color_of(user.id).ok_or(ServiceError::NotAPlayer)?;
        if game.ply != ply {
            return Err(ServiceError::StaleBoard(id));
        }
        let to_move = game.current_position()?.side_to_move();
        if to_move != you {
            return Err(StoreError::NotYourTurn { to_move, you }.into());
        }
        Ok(game)
    }

    /// `user` plays `text` in `game`, as [`Games::play_with`] says.
    async fn play_in(
        &self,
        game: Game,
        user: &User,
        text: &str,
        terms: MoveTerms,
    ) -> Result<MoveReport> {
        let mover = game.color_of(user.id).ok_or(ServiceError::NotAPlayer)?;
        let mv: Move = text.parse().map_err(MoveError::Parse)?;
        if let Some(seen_at) = terms.seen_at {
            self.ensure_seen(&game, user.id, seen_at).await?;
        }
        if !terms.mirror_loss_confirmed && loses_by_mirror(&game, mover, mv)? {
            return Err(ServiceError::MirrorLoss {
                game: game.id,
                ply: game.ply,
                mv,
            });
        }
        self.record(game, user, mover, mv).await
    }

    /// `user` confirms `mv`, a move that loses at once under the mirror rule, which
    /// [`Games::play_with`] refused in game `id` at `ply`
    /// ([`ServiceError::MirrorLoss`]): it is played if the position is still the one it was
    /// refused in.
    ///
    /// # Errors
    /// The store's [`StoreError::GameNotActive`] once the game is over;
    /// [`ServiceError::StaleConfirmation`] when the game has moved on from `ply` (or the move
    /// no longer loses there); [`ServiceError::NotYourConfirmation`] for anyone but the player
    /// to move; then as [`Games::play_with`].
    pub async fn play_anyway(
        &self,
        id: GameId,
        ply: u32,
        user: &User,
        mv: Move,
    ) -> Result<MoveReport> {
        let game = self.store.game(id).await?;
        game.ensure_active()?;
        let position = game.current_position()?;
        if game.ply != ply || !position.loses_by_mirror(mv) {
            return Err(ServiceError::StaleConfirmation);
        }
        let to_move = game.player(position.side_to_move());
        if user.id != to_move {
            return Err(ServiceError::NotYourConfirmation(to_move));
        }
        let mover = position.side_to_move();
        self.record(game, user, mover, mv).await
    }

    /// Refuses a move of `user_id`, who saw the position at `seen_at`, when the opponent's
    /// last move in `game` was stored after that. A move stored before schema version 10 has
    /// no time and refuses nothing; nor does the player's own move.
    async fn ensure_seen(&self, game: &Game, user_id: u64, seen_at: Timestamp) -> Result<()> {
        let id = game.id;
        let last = self.store.last_move(id).await?;
        let unseen = last.is_some_and(|m| {
            // A move stored since `game` was read changes the ply: the store refuses that.
            m.ply == game.ply
                && m.player_id != user_id
                && m.stored_at_ms.is_some_and(|at| at > seen_at.unix_ms())
        });
        if unseen {
            Err(ServiceError::StaleInteraction)
        } else {
            Ok(())
        }
    }

    /// Stores `mv` of `user` (playing `mover`) in `game` at the ply it was read at, and
    /// reports it.
    async fn record(&self, game: Game, user: &User, mover: Color, mv: Move) -> Result<MoveReport> {
        self.seen(user).await?;
        if game.bot.is_some() {
            // The bot answers once the move is shown (`bot_to_move`), never before.
            self.bots.not_shown_yet(game.id, game.ply + 1);
        }
        let (id, uid, seen_ply, now_ms) = (game.id, user.id, game.ply, self.now_ms().unix_ms());
        let (played, wake) = self
            .store
            .play(id, uid, seen_ply, mv, now_ms)
            .await
            .inspect_err(|e| {
                self.mail_if(matches!(e, StoreError::TimeRanOut(_)));
                // Nothing new to show: the bot answers as it would have.
                self.bots.shown(id, seen_ply + 1);
            })?;
        self.metrics.move_played(crate::telemetry::Mover::Person);
        // A new deadline and reminder, or a turn DM queued.
        self.mail_if(wake);
        // A move clears a standing draw offer: the game went on (both players are told).
        let draw_lapsed = game
            .draw_offer_by
            .filter(|_| played.game.draw_offer_by.is_none());
        let board = self.board_of(played.game).await?;
        Ok(MoveReport {
            board,
            mv: played.mv,
            mover,
            effect: played.effect,
            draw_lapsed,
        })
    }

    /// Up to 25 legal moves of `user`'s game in `place` that match what they typed so far:
    /// moves whose notation starts with it, or that land on the square typed. Empty when the
    /// user has no game here or it is not their turn (autocomplete has no room for errors).
    pub async fn suggest_moves(&self, place: Place, user_id: u64, typed: &str) -> Vec<String> {
        self.suggestions(place, user_id, typed)
            .await
            .iter()
            .map(|s| s.mv.to_string())
            .collect()
    }

    /// [`Games::suggest_moves`], each move with whether it loses at once under the
    /// mirror rule, for the suggestion to say so.
    pub async fn suggestions(&self, place: Place, user_id: u64, typed: &str) -> Vec<Suggestion> {
        let Ok(game) = self.game_of(place, user_id).await else {
            return Vec::new();
        };
        let Ok(position) = game.current_position() else {
            return Vec::new();
        };
        if game.status != GameStatus::Active
            || game.color_of(user_id) != Some(position.side_to_move())
        {
            return Vec::new();
        }
        // As the move parser reads it: Cyrillic look-alikes (`с4`, `Ре5`) are the Latin
        // letters, and `r`, `r:` or `*` before a square is a drop.
        let typed: String = typed
            .chars()
            .filter(|c| !c.is_whitespace())
            .map(crate::rules::latin_lower)
            .collect();
        let typed = match typed
            .strip_prefix("r:")
            .or_else(|| typed.strip_prefix('r'))
            .or_else(|| typed.strip_prefix('*'))
        {
            Some(square) => format!("+{square}"),
            None => typed,
        };
        let lands_on = typed.parse::<crate::rules::Square>().ok();
        position
            .legal_moves()
            .iter()
            .filter(|m| {
                let text = m.to_string();
                text.starts_with(&typed)
                    || (lands_on.is_some() && m.to() == lands_on)
                    || (typed.starts_with('+') && text.starts_with(&typed))
            })
            .take(MAX_SUGGESTIONS)
            .map(|&mv| Suggestion {
                mv,
                loses_by_mirror: position.loses_by_mirror(mv),
            })
            .collect()
    }

    /// The board of the game in `place`.
    ///
    /// # Errors
    /// [`ServiceError::NoGameHere`]; the store's.
    pub async fn board(&self, place: Place) -> Result<Board> {
        let game = self.game_here(place).await?;
        self.board_of(game).await
    }

    /// The board of the game `user` asks for in `place` (theirs, as their other commands
    /// find it, else the one played there), and whether they play in it.
    ///
    /// # Errors
    /// As [`Games::board`]; [`ServiceError::InThreads`].
    pub async fn board_for(&self, place: Place, user: &User) -> Result<(Board, bool)> {
        let board = self.board_of(self.game_of(place, user.id).await?).await?;
        let plays = board.game.color_of(user.id).is_some();
        Ok((board, plays))
    }
}

/// Whether `mv` by `mover` in `game` is the player's own turn and loses at once under the
/// mirror rule (a move out of turn is left to the store to refuse).
///
/// # Errors
/// [`StoreError::Mismatch`] if the stored position is unreadable.
fn loses_by_mirror(game: &Game, mover: Color, mv: Move) -> Result<bool> {
    if game.status != GameStatus::Active {
        return Ok(false);
    }
    let position = game.current_position()?;
    Ok(position.side_to_move() == mover && position.loses_by_mirror(mv))
}
