//! The rows a unit of work reads and keeps: what a database must offer so that the domain's
//! decisions are made once, in [`super::units`], whatever the database. SQLite implements it
//! on a transaction (`SqliteRows`); a second database implements the same trait.
//!
//! Every method reads or writes rows and decides nothing: no method here chooses what happens
//! next.

use super::sql::Connection;

use super::{Result, UserSettings};
use crate::domain::lifecycle::{Effect, Event};
use crate::domain::{Challenge, Game, GameId, NewNotice, NoticeId, Player, TournamentId};

/// The rows of one unit of work (one transaction), by area.
pub trait Rows {
    /// Game `id`.
    ///
    /// # Errors
    /// [`super::StoreError::NoSuchGame`]; the database's.
    fn game(&mut self, id: GameId) -> Result<Game>;

    /// Keeps the columns a game's end changes (status, result, reason, end time, deadline,
    /// reminder, offers, ratings after and their changes).
    ///
    /// # Errors
    /// The database's.
    fn keep_ending(&mut self, game: &Game) -> Result<()>;

    /// Keeps move `mv` (its notation) of `player_id`, played at `now` (`now_ms` in
    /// milliseconds), and the game's row after it (`after`: FPN, ply, last move time, deadline,
    /// reminder, no offers), provided the game is still in play at `seen_ply`: the guard is
    /// repeated where the row is written, so that of two moves at the same ply one is kept.
    /// False when the game had moved on (nothing is kept then).
    ///
    /// # Errors
    /// The database's.
    fn keep_move(
        &mut self,
        after: &Game,
        seen_ply: u32,
        mv: &str,
        player_id: u64,
        now_ms: i64,
    ) -> Result<bool>;

    /// The games in play whose deadline is at or before `now`, earliest first.
    ///
    /// # Errors
    /// The database's.
    fn overdue(&mut self, now: i64) -> Result<Vec<Game>>;

    /// The games in play whose reminder time is at or before `now`, earliest first.
    ///
    /// # Errors
    /// The database's.
    fn reminders_due(&mut self, now: i64) -> Result<Vec<Game>>;

    /// Keeps that `game`'s reminder went out (it is not sent again).
    ///
    /// # Errors
    /// The database's.
    fn keep_reminded(&mut self, game: GameId) -> Result<()>;

    /// Holds `game`, as it was read, for a moderator (its stored position is unreadable): no
    /// deadline, no reminder. Nothing if it changed since.
    ///
    /// # Errors
    /// The database's.
    fn hold(&mut self, game: &Game) -> Result<()>;

    /// Marks the open challenges that ran out by `now` expired and answers them, by number.
    ///
    /// # Errors
    /// The database's.
    fn expire_challenges(&mut self, now: i64) -> Result<Vec<Challenge>>;

    /// `user_id`'s settings (the defaults if they chose none).
    ///
    /// # Errors
    /// The database's.
    fn settings(&mut self, user_id: u64) -> Result<UserSettings>;

    /// `user_id`'s record in `guild_id`, if any.
    ///
    /// # Errors
    /// The database's.
    fn player(&mut self, guild_id: u64, user_id: u64) -> Result<Option<Player>>;

    /// Keeps `player`'s record (inserted, or replacing the stored one).
    ///
    /// # Errors
    /// The database's.
    fn keep_player(&mut self, player: &Player) -> Result<()>;

    /// Tournament `id` with its players and boards.
    ///
    /// # Errors
    /// [`crate::domain::TournamentError::NoSuchTournament`]; the database's.
    fn event(&mut self, id: TournamentId) -> Result<Event>;

    /// The users who left tournament `id` once, as its log tells: left before the start, or
    /// withdrawn, removed or a no-show.
    ///
    /// # Errors
    /// The database's.
    fn leavers(&mut self, id: TournamentId) -> Result<Vec<u64>>;

    /// Keeps what a decision made of an event (`before` as loaded, `after` as decided) and
    /// queues its `effects` in order, at `now`.
    ///
    /// # Errors
    /// The database's.
    fn keep_event(
        &mut self,
        before: &Event,
        after: &Event,
        effects: &[Effect],
        now: i64,
    ) -> Result<()>;

    /// Queues `notice` in the outbox at `now`, due at `due` (unix seconds).
    ///
    /// # Errors
    /// The database's.
    fn queue(&mut self, notice: &NewNotice, now: i64, due: i64) -> Result<NoticeId>;
}

/// [`Rows`] on an SQLite transaction.
pub(crate) struct SqliteRows<'a>(pub(crate) &'a Connection);

impl Rows for SqliteRows<'_> {
    fn game(&mut self, id: GameId) -> Result<Game> {
        super::games::get_game(self.0, id)
    }

    fn keep_ending(&mut self, game: &Game) -> Result<()> {
        super::endings::put_ending(self.0, game)
    }

    fn keep_move(
        &mut self,
        after: &Game,
        seen_ply: u32,
        mv: &str,
        player_id: u64,
        now_ms: i64,
    ) -> Result<bool> {
        super::moves::put_move(self.0, after, seen_ply, mv, player_id, now_ms)
    }

    fn overdue(&mut self, now: i64) -> Result<Vec<Game>> {
        super::deadlines::active_games(
            self.0,
            "deadline IS NOT NULL AND deadline <= ?1 ORDER BY deadline, id",
            now,
        )
    }

    fn reminders_due(&mut self, now: i64) -> Result<Vec<Game>> {
        super::deadlines::active_games(
            self.0,
            "remind_at IS NOT NULL AND remind_at <= ?1 ORDER BY remind_at, id",
            now,
        )
    }

    fn keep_reminded(&mut self, game: GameId) -> Result<()> {
        self.0
            .prepare_cached("UPDATE games SET remind_at = NULL WHERE id = ?1")?
            .execute([game])?;
        Ok(())
    }

    fn hold(&mut self, game: &Game) -> Result<()> {
        super::games::hold_for_review(self.0, game)
    }

    fn expire_challenges(&mut self, now: i64) -> Result<Vec<Challenge>> {
        super::deadlines::mark_expired(self.0, now)
    }

    fn settings(&mut self, user_id: u64) -> Result<UserSettings> {
        super::settings::get_settings(self.0, user_id)
    }

    fn player(&mut self, guild_id: u64, user_id: u64) -> Result<Option<Player>> {
        super::players::get_player(self.0, guild_id, user_id)
    }

    fn keep_player(&mut self, player: &Player) -> Result<()> {
        super::players::put_player(self.0, player)
    }

    fn event(&mut self, id: TournamentId) -> Result<Event> {
        super::tournaments::get_event(self.0, id)
    }

    fn leavers(&mut self, id: TournamentId) -> Result<Vec<u64>> {
        super::tournaments::get_left(self.0, id)
    }

    fn keep_event(
        &mut self,
        before: &Event,
        after: &Event,
        effects: &[Effect],
        now: i64,
    ) -> Result<()> {
        super::tournaments::keep_event(self.0, before, after, effects, now)
    }

    fn queue(&mut self, notice: &NewNotice, now: i64, due: i64) -> Result<NoticeId> {
        super::notices::queue_at(self.0, notice, now, due)
    }
}
