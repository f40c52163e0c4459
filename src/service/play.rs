//! Playing: moves, their autocomplete, and the board.

use super::deadlines::wakes_sweeper;
use super::{Board, GameService, MoveReport, Place, Result, ServiceError, User};
use crate::rules::{Move, MoveError};
use crate::store::{GameStatus, StoreError};

/// Discord shows at most this many autocomplete choices.
pub const MAX_SUGGESTIONS: usize = 25;

impl GameService {
    /// `user` plays `text` (move notation) in the game of `place`. Of two moves for the same
    /// ply arriving together, exactly one is played; the other gets "the position changed".
    ///
    /// # Errors
    /// [`ServiceError::NoGameHere`], [`ServiceError::NotAPlayer`], [`ServiceError::Move`]
    /// for unreadable text, and the store's refusals (not your turn, an illegal move, the
    /// game is over, the position changed).
    pub async fn play(&self, place: Place, user: &User, text: &str) -> Result<MoveReport> {
        let game = self.game_of(place, user.id).await?;
        let mover = game.color_of(user.id).ok_or(ServiceError::NotAPlayer)?;
        let mv: Move = text.parse().map_err(MoveError::Parse)?;
        self.seen(user).await?;
        let (id, uid, seen_ply, now) = (game.id, user.id, game.ply, self.now());
        let (played, wake) = self
            .store
            .call(move |s| {
                let played = s.record_move(id, uid, seen_ply, mv, now)?;
                let wake = wakes_sweeper(s, &played.game)?;
                Ok((played, wake))
            })
            .await
            .inspect_err(|e| self.mail_if(matches!(e, StoreError::TimeRanOut(_))))?;
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
            .map(Move::to_string)
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
    /// As [`GameService::board`]; [`ServiceError::InThreads`].
    pub async fn board_for(&self, place: Place, user: &User) -> Result<(Board, bool)> {
        let board = self.board_of(self.game_of(place, user.id).await?).await?;
        let plays = board.game.color_of(user.id).is_some();
        Ok((board, plays))
    }
}
