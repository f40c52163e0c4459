//! Recording moves and taking them back, each in one transaction guarded by the ply the caller
//! saw.

use super::sql::{Connection, params};

use super::games::{Game, LoadedGame, get_game, get_moves, replay};
use super::ids::Snowflake;
use super::notices::queue_turn_in;
use super::port::SqliteRows;
use super::{GameId, Result, Store, StoreError};
use crate::domain::play::{self};
use crate::rules::{Move, MoveEffect, Outcome, Position};

/// A move that was stored, from [`Store::record_move`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    /// The game after the move: its new ply and FPN, and its result if the move ended it
    /// (`status` is then [`super::GameStatus::Finished`]).
    pub game: Game,
    /// The position after the move.
    pub position: Position,
    /// The move as stored.
    pub mv: Move,
    /// What the move trimmed off (pieces to the reserve, pieces captured).
    pub effect: MoveEffect,
    /// The outcome after the move under the rules ([`Outcome::Ongoing`] unless it ended the
    /// game).
    pub outcome: Outcome,
}

impl Store {
    /// Plays `mv` for `player_id` in game `id` and stores it, in one transaction: checks that
    /// the game is in play, that its ply is still `seen_ply` (the number of moves the player
    /// saw), that it is the player's turn and that the move is legal; stores the move as ply
    /// `seen_ply + 1`; updates the game's FPN, ply, last move time and deadline (`now` plus
    /// the days per move); withdraws any draw offer (an offer lapses when its offerer moves,
    /// and playing on instead of accepting declines it) and any takeback request; sets the
    /// reminder (80 % of the move's time, once both players have moved) and queues the next
    /// player's turn notice by DM if they asked for DMs. When the move ends the
    /// game under the rules, the game is finished in the same transaction, with both players'
    /// records.
    ///
    /// Of two attempts at the same ply, however close together, exactly one is stored.
    ///
    /// # Errors
    /// - [`StoreError::TimeRanOut`] when the game's deadline has passed: the game is ended on
    ///   time (lost by the player to move, or aborted), with its notice, and that is stored.
    /// - [`StoreError::PositionChanged`] when the game's ply is no longer `seen_ply`.
    /// - [`StoreError::GameNotActive`], [`StoreError::NotAPlayer`],
    ///   [`StoreError::NotYourTurn`], [`StoreError::Illegal`] (the rules' reason).
    /// - [`StoreError::Mismatch`] if the stored FPN is unreadable; [`StoreError::NoSuchGame`];
    ///   [`StoreError::Sqlite`] if SQLite fails.
    ///
    /// Nothing else is stored when it fails.
    pub fn record_move(
        &mut self,
        id: GameId,
        player_id: u64,
        seen_ply: u32,
        mv: Move,
        now: i64,
    ) -> Result<PlayedMove> {
        self.record_move_ms(id, player_id, seen_ply, mv, now.saturating_mul(1_000))
    }

    /// [`Store::record_move`] at `now_ms`, unix milliseconds: the move is stored with that
    /// time ([`StoredMove::stored_at_ms`](super::StoredMove::stored_at_ms)), and everything
    /// counted in seconds (its `played_at`, the deadline) uses the second it falls in.
    ///
    /// # Errors
    /// As [`Store::record_move`].
    pub fn record_move_ms(
        &mut self,
        id: GameId,
        player_id: u64,
        seen_ply: u32,
        mv: Move,
        now_ms: i64,
    ) -> Result<PlayedMove> {
        self.write_then(|tx| {
            super::units::play_move(&mut SqliteRows(tx), id, player_id, seen_ply, mv, now_ms)
        })
    }

    /// Takes the last move of game `id` back, in one transaction: deletes it and restores the
    /// position before it (by replaying the moves before it), the ply and the FPN; clears draw
    /// offers and takeback requests; the player to move gets a full move's time from `now`.
    ///
    /// This is the bare operation (for a moderator, or the service once both players agreed);
    /// [`Store::accept_takeback`] is the players' way.
    ///
    /// # Errors
    /// - [`StoreError::PositionChanged`] when the game's ply is no longer `seen_ply`.
    /// - [`StoreError::NothingToTakeBack`] for a game without moves.
    /// - [`StoreError::GameNotActive`]; [`StoreError::NoSuchGame`].
    /// - [`StoreError::Mismatch`] if the earlier moves do not replay (the game is left alone;
    ///   [`Store::load_game`] will hold it for a moderator).
    pub fn take_back(&mut self, id: GameId, seen_ply: u32, now: i64) -> Result<LoadedGame> {
        self.write(|tx| take_back_in(tx, id, seen_ply, now))
    }

    /// Records that `user_id` asks to take their last move back (replacing any earlier request).
    ///
    /// # Errors
    /// [`StoreError::NothingToTakeBack`] before the first move; [`StoreError::NotAPlayer`];
    /// [`StoreError::GameNotActive`]; [`StoreError::NoSuchGame`].
    pub fn request_takeback(&mut self, id: GameId, user_id: u64) -> Result<Game> {
        self.write(|tx| {
            let you = play::request_takeback(&get_game(tx, id)?, user_id)?;
            tx.execute(
                "UPDATE games SET takeback_by = ?1 WHERE id = ?2",
                params![you, id],
            )?;
            get_game(tx, id)
        })
    }

    /// `user_id` refuses the opponent's takeback request; it is cleared.
    ///
    /// # Errors
    /// [`StoreError::NoTakebackRequest`] when the opponent asked for none;
    /// [`StoreError::NotAPlayer`]; [`StoreError::GameNotActive`]; [`StoreError::NoSuchGame`].
    pub fn decline_takeback(&mut self, id: GameId, user_id: u64) -> Result<Game> {
        self.write(|tx| {
            play::answer_takeback(&get_game(tx, id)?, user_id)?;
            tx.execute("UPDATE games SET takeback_by = NULL WHERE id = ?1", [id])?;
            get_game(tx, id)
        })
    }

    /// `user_id` grants the opponent's takeback request: the last move is taken back as by
    /// [`Store::take_back`], in the same transaction as the check of the request.
    ///
    /// # Errors
    /// [`StoreError::NoTakebackRequest`] when the opponent asked for none; otherwise as
    /// [`Store::take_back`] and [`StoreError::NotAPlayer`].
    pub fn accept_takeback(
        &mut self,
        id: GameId,
        user_id: u64,
        seen_ply: u32,
        now: i64,
    ) -> Result<LoadedGame> {
        self.write(|tx| {
            play::answer_takeback(&get_game(tx, id)?, user_id)?;
            take_back_in(tx, id, seen_ply, now)
        })
    }
}

/// [`Store::take_back`] inside a transaction, as [`play::take_back`] decides.
fn take_back_in(tx: &Connection, id: GameId, seen_ply: u32, now: i64) -> Result<LoadedGame> {
    let game = get_game(tx, id)?;
    play::check_take_back(&game, seen_ply)?;
    let mut moves = get_moves(tx, id)?;
    moves.truncate(game.ply as usize - 1);
    let position = replay(&game, &moves).map_err(|detail| StoreError::Mismatch { id, detail })?;
    let back = play::take_back(&game, &position, now);
    tx.execute(
        "DELETE FROM moves WHERE game_id = ?1 AND ply = ?2",
        params![id, game.ply],
    )?;
    tx.execute(
        "UPDATE games SET fpn = ?1, ply = ?2, last_move_at = ?3, deadline = ?4, remind_at = ?5, \
         draw_offer_by = NULL, takeback_by = NULL WHERE id = ?6",
        params![
            back.fpn,
            back.ply,
            back.last_move_at,
            back.deadline,
            back.remind_at,
            id
        ],
    )?;
    let game = get_game(tx, id)?;
    queue_turn_in(tx, &game, position.side_to_move(), now)?;
    Ok(LoadedGame { game, position })
}

/// [`super::port::Rows::keep_move`] on SQLite.
pub(crate) fn put_move(
    tx: &Connection,
    after: &Game,
    seen_ply: u32,
    mv: &str,
    player_id: u64,
    now_ms: i64,
) -> Result<bool> {
    tx.prepare_cached(
        "INSERT INTO moves (game_id, ply, notation, player_id, played_at, stored_at_ms) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![
        after.id,
        after.ply,
        mv,
        Snowflake(player_id),
        after.last_move_at,
        now_ms
    ])?;
    // `AND ply = ?` repeats the guard in SQL: the update cannot apply to a game that moved on,
    // whatever the code before believed.
    let updated = tx
        .prepare_cached(
            "UPDATE games SET fpn = ?1, ply = ?2, last_move_at = ?3, deadline = ?4, \
             remind_at = ?5, draw_offer_by = NULL, takeback_by = NULL \
             WHERE id = ?6 AND ply = ?7 AND status = 'active'",
        )?
        .execute(params![
            after.fpn,
            after.ply,
            after.last_move_at,
            after.deadline,
            after.remind_at,
            after.id,
            seen_ply
        ])?;
    Ok(updated == 1)
}
