//! Ending games (the rules' outcomes, resignation, time-out, agreement, abort) and draw offers.
//!
//! Every ending goes through [`finish_in`], which writes the result, both players' records and,
//! for a rated game, both players' new Glicko-2 ratings in the caller's transaction.

use super::sql::{Connection, params};

use super::games::{Game, get_game};
use super::port::SqliteRows;
use super::{GameId, Result, Store};
use crate::domain::play::{self, DrawOffered};
pub use crate::domain::{DrawOffer, Ending};

/// Ends game `id` inside `tx` ([`super::units::finish`]). Returns the game as stored.
pub(crate) fn finish_in(tx: &Connection, id: GameId, ending: Ending, now: i64) -> Result<Game> {
    super::units::finish(&mut SqliteRows(tx), id, ending, now)
}

/// Writes the columns an ending changes in `game`'s row.
pub(crate) fn put_ending(tx: &Connection, game: &Game) -> Result<()> {
    let (after, change) = match game.ratings {
        Some(r) => (
            [Some(r.after[0]), Some(r.after[1])],
            [Some(r.change[0]), Some(r.change[1])],
        ),
        None => ([None; 2], [None; 2]),
    };
    tx.prepare_cached(
        "UPDATE games SET status = ?1, result = ?2, reason = ?3, finished_at = ?4, \
         deadline = ?5, remind_at = ?6, draw_offer_by = ?7, takeback_by = ?8, \
         white_rating = ?9, black_rating = ?10, white_change = ?11, black_change = ?12 \
         WHERE id = ?13",
    )?
    .execute(params![
        game.status,
        game.result,
        game.reason,
        game.finished_at,
        game.deadline,
        game.remind_at,
        game.draw_offer_by,
        game.takeback_by,
        after[0],
        after[1],
        change[0],
        change[1],
        game.id
    ])?;
    Ok(())
}

impl Store {
    /// Ends game `id` as `ending` says, with both players' records, in one transaction. For
    /// the service's own endings and moderators: a game held for review can be ended too.
    ///
    /// # Errors
    /// [`super::StoreError::GameNotActive`] for a game already over; [`super::StoreError::NoSuchGame`].
    pub fn finish_game(&mut self, id: GameId, ending: Ending, now: i64) -> Result<Game> {
        self.write(|tx| finish_in(tx, id, ending, now))
    }

    /// Calls game `id` off: no result, no records changed.
    ///
    /// # Errors
    /// As [`Store::finish_game`].
    pub fn abort_game(&mut self, id: GameId, now: i64) -> Result<Game> {
        self.finish_game(id, Ending::Abort, now)
    }

    /// `user_id` aborts game `id`, in one transaction, when the domain allows it
    /// ([`crate::domain::play::abort`]): a player early, a moderator (`is_moderator`) at any
    /// time, never in a tournament.
    ///
    /// # Errors
    /// [`super::StoreError::TournamentGameAbort`], [`super::StoreError::NotAPlayer`],
    /// [`super::StoreError::AbortTooLate`]; as [`Store::finish_game`].
    pub fn abort_by(
        &mut self,
        id: GameId,
        user_id: u64,
        is_moderator: bool,
        now: i64,
    ) -> Result<Game> {
        self.write(|tx| {
            let ending = play::abort(&get_game(tx, id)?, user_id, is_moderator)?;
            finish_in(tx, id, ending, now)
        })
    }

    /// `user_id` resigns game `id`: the opponent wins; before each side has made a move
    /// ([`crate::domain::RESULT_MIN_PLY`]) the game is aborted instead, unrated.
    ///
    /// # Errors
    /// [`super::StoreError::NotAPlayer`]; [`super::StoreError::GameNotActive`]; [`super::StoreError::NoSuchGame`].
    pub fn resign(&mut self, id: GameId, user_id: u64, now: i64) -> Result<Game> {
        self.write(|tx| {
            let ending = play::resign(&get_game(tx, id)?, user_id)?;
            finish_in(tx, id, ending, now)
        })
    }

    /// `user_id` offers a draw in game `id`. When the opponent's offer already stands, this
    /// accepts it instead and the game is drawn by agreement. An offer stands until the
    /// opponent accepts or declines it, or plays a move (which declines it).
    ///
    /// # Errors
    /// [`super::StoreError::NotAPlayer`]; [`super::StoreError::GameNotActive`]; [`super::StoreError::NoSuchGame`].
    pub fn offer_draw(&mut self, id: GameId, user_id: u64, now: i64) -> Result<DrawOffer> {
        self.write(|tx| match play::offer_draw(&get_game(tx, id)?, user_id)? {
            DrawOffered::Agreed(ending) => Ok(DrawOffer::Agreed(finish_in(tx, id, ending, now)?)),
            DrawOffered::Stands(you) => {
                tx.execute(
                    "UPDATE games SET draw_offer_by = ?1 WHERE id = ?2",
                    params![you, id],
                )?;
                Ok(DrawOffer::Offered(get_game(tx, id)?))
            }
        })
    }

    /// Game `id` is drawn by agreement at once, without a standing offer: a player offered a
    /// draw to the bot, which accepts it. Before each side has moved ([`crate::domain::RESULT_MIN_PLY`]) the
    /// game is aborted instead, as any agreed draw.
    ///
    /// # Errors
    /// [`super::StoreError::PositionChanged`] when the game is no longer at `seen_ply` (the bot judged
    /// another position); [`super::StoreError::GameNotActive`]; [`super::StoreError::NoSuchGame`].
    pub fn agree_draw(&mut self, id: GameId, seen_ply: u32, now: i64) -> Result<Game> {
        self.write(|tx| {
            let ending = play::agree_draw(&get_game(tx, id)?, seen_ply)?;
            finish_in(tx, id, ending, now)
        })
    }

    /// `user_id` accepts the opponent's draw offer: the game is drawn by agreement.
    ///
    /// # Errors
    /// [`super::StoreError::NoDrawOffer`] when the opponent's offer does not stand;
    /// [`super::StoreError::NotAPlayer`]; [`super::StoreError::GameNotActive`]; [`super::StoreError::NoSuchGame`].
    pub fn accept_draw(&mut self, id: GameId, user_id: u64, now: i64) -> Result<Game> {
        self.write(|tx| {
            let ending = play::answer_draw(&get_game(tx, id)?, user_id)?;
            finish_in(tx, id, ending, now)
        })
    }

    /// `user_id` declines the opponent's draw offer; it is withdrawn.
    ///
    /// # Errors
    /// [`super::StoreError::NoDrawOffer`] when the opponent's offer does not stand;
    /// [`super::StoreError::NotAPlayer`]; [`super::StoreError::GameNotActive`]; [`super::StoreError::NoSuchGame`].
    pub fn decline_draw(&mut self, id: GameId, user_id: u64) -> Result<Game> {
        self.write(|tx| {
            play::answer_draw(&get_game(tx, id)?, user_id)?;
            tx.execute("UPDATE games SET draw_offer_by = NULL WHERE id = ?1", [id])?;
            get_game(tx, id)
        })
    }
}
