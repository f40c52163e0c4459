//! Correspondence time (issue 6): the sweep that reminds players, ends games on time and
//! expires challenges, and extra time given to an opponent.
//!
//! Each of these changes is written in one transaction together with the notice that reports
//! it (see [`super::notices`]), so a crash can neither report a change twice nor lose its
//! report.

use super::sql::{Connection, params};

use super::challenges::{CHALLENGE_COLUMNS, challenge_from_row};
use super::games::{GAME_COLUMNS, Game, game_from_row, get_game};
use super::notices::queue_in;
use super::{Challenge, ChallengeId, GameId, Result, Store, StoreError};
use crate::domain::deadlines;
use crate::rules::Color;

pub use crate::domain::deadlines::ABORT_MAX_PLY;

/// What one [`Store::sweep`] changed, each list in the order handled.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Swept {
    /// Challenges that ran out.
    pub expired_challenges: Vec<ChallengeId>,
    /// Games whose player to move was reminded.
    pub reminded: Vec<GameId>,
    /// Games lost on time.
    pub timed_out: Vec<GameId>,
    /// Games aborted because time ran out while each side had moved at most once.
    pub aborted: Vec<GameId>,
}

impl Swept {
    /// True when the sweep found nothing due.
    pub fn is_empty(&self) -> bool {
        self.expired_challenges.is_empty()
            && self.reminded.is_empty()
            && self.timed_out.is_empty()
            && self.aborted.is_empty()
    }
}

/// Ends `game` on time inside `tx` ([`super::units::time_out`]), `loser` the player to move.
fn time_out_in(tx: &Connection, game: &Game, loser: Color, now: i64) -> Result<Game> {
    super::units::time_out(&mut super::port::SqliteRows(tx), game, loser, now)
}

/// Inside `tx`: when `game`'s deadline has passed by `now`, ends it on time as the sweep would
/// (with its notice) and returns [`StoreError::TimeRanOut`] for the caller to report after
/// committing; `None` while there is time.
pub(crate) fn time_up_in(tx: &Connection, game: &Game, now: i64) -> Result<Option<StoreError>> {
    super::units::time_up(&mut super::port::SqliteRows(tx), game, now)
}

/// Marks the open challenges that ran out by `now` expired, inside `tx`, and answers them by
/// number.
pub(crate) fn mark_expired(tx: &Connection, now: i64) -> Result<Vec<Challenge>> {
    let mut stmt = tx.prepare_cached(&format!(
        "UPDATE challenges SET status = 'expired' \
         WHERE status = 'open' AND expires_at <= ?1 RETURNING {CHALLENGE_COLUMNS}"
    ))?;
    let rows = stmt.query_map([now], challenge_from_row)?;
    let mut expired: Vec<Challenge> = rows.collect::<rusqlite::Result<_>>()?;
    expired.sort_by_key(|c| c.id);
    Ok(expired)
}

/// Queues the notice that disables the buttons of `challenge`, which just expired, when it
/// has a message. Where the bot cannot edit its message later (it only answers interactions
/// there), the challenger is told by DM instead: nobody else would tell them, unless they are
/// `told`, the user whose click found it expired (and was answered so).
pub(crate) fn queue_close_in(
    tx: &Connection,
    challenge: &Challenge,
    told: Option<u64>,
    now: i64,
) -> Result<()> {
    if let Some(notice) = crate::domain::close_notice(challenge, told) {
        queue_in(tx, &notice, now)?;
    }
    Ok(())
}

/// The active games matching `condition` (SQL on `games`, with `?1` bound to `now`).
pub(crate) fn active_games(tx: &Connection, condition: &str, now: i64) -> Result<Vec<Game>> {
    let mut stmt = tx.prepare_cached(&format!(
        "SELECT {GAME_COLUMNS} FROM games WHERE status = 'active' AND {condition}"
    ))?;
    let rows = stmt.query_map([now], game_from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// The earliest moment anything falls due, as four MINs each answered from the first entry of
/// a partial index (`games_deadline`, `games_remind`, `notices_due`, `challenges_open_expiry`):
/// the conditions repeat the indexes' own, so that SQLite may use them. NULL when nothing is
/// due ever.
const NEXT_DUE: &str = "SELECT MIN(t) FROM ( \
    SELECT MIN(deadline) AS t FROM games WHERE status = 'active' AND deadline IS NOT NULL \
    UNION ALL \
    SELECT MIN(remind_at) FROM games WHERE status = 'active' AND remind_at IS NOT NULL \
    UNION ALL \
    SELECT MIN(next_attempt_at) FROM notices WHERE status = 'pending' \
    UNION ALL \
    SELECT MIN(expires_at) FROM challenges WHERE status = 'open') AS due";

impl Store {
    /// When [`Store::sweep`] or the delivery of the outbox next has something to do (unix
    /// seconds): the earliest deadline or reminder of a game in play, next attempt of a
    /// pending notice, or expiry of an open challenge; `None` when nothing will ever be due
    /// (no game with a time limit, no open challenge, an empty outbox). The moment may
    /// already have passed (a notice due now).
    ///
    /// Four index lookups, whatever the number of games: the sweeper asks after every round.
    ///
    /// # Errors
    /// [`StoreError::Sqlite`] if SQLite fails.
    pub fn next_due(&self) -> Result<Option<i64>> {
        let mut stmt = self.conn.prepare_cached(NEXT_DUE)?;
        Ok(stmt.query_row((), |r| r.get(0))?)
    }

    /// Everything due at `now`, in one transaction: expires challenges, reminds the players
    /// whose reminder time has come (by DM for those who asked for DMs, else in the channel),
    /// and ends the games whose deadline has passed (lost on time by the player to move, or
    /// aborted while each side has moved at most once). Every change queues its notice in the same
    /// transaction, so running it again, after a crash or not, changes and queues nothing new.
    ///
    /// Uses the partial indexes on `challenges.expires_at`, `games.remind_at` and
    /// `games.deadline`: with nothing due it reads no game row.
    ///
    /// A due game whose stored position is unreadable is held for a moderator
    /// ([`super::GameStatus::NeedsReview`]) and the sweep goes on with the others.
    ///
    /// # Errors
    /// [`StoreError::Sqlite`] if SQLite fails (nothing is changed then).
    pub fn sweep(&mut self, now: i64) -> Result<Swept> {
        self.write(|tx| super::units::sweep(&mut super::port::SqliteRows(tx), now))
    }

    /// Ends game `id` on time when its deadline is at or before `now`, as [`Store::sweep`]
    /// does: the player to move loses, or the game is aborted when neither side has moved
    /// twice ([`ABORT_MAX_PLY`]). Queues the channel's notice.
    ///
    /// # Errors
    /// [`StoreError::DeadlineNotPassed`] before the deadline or in a game without one;
    /// [`StoreError::GameNotActive`]; [`StoreError::NoSuchGame`].
    pub fn claim_timeout(&mut self, id: GameId, now: i64) -> Result<Game> {
        self.write(|tx| {
            let game = get_game(tx, id)?;
            game.ensure_active()?;
            if !deadlines::past_deadline(&game, now) {
                return Err(StoreError::DeadlineNotPassed);
            }
            let loser = game.current_position()?.side_to_move();
            time_out_in(tx, &game, loser, now)
        })
    }

    /// `user_id` gives their opponent, who is to move in game `id`, more time on the current
    /// move: one day ([`super::MORE_TIME`]) in a correspondence game, the game's own minutes
    /// per move in a live one ([`super::TimeControl::more_time`]). A reminder not yet sent
    /// moves with the deadline (still at 80 % of the move's time); one already sent is not
    /// sent again.
    ///
    /// # Errors
    /// - [`StoreError::TimeRanOut`] when the deadline has already passed: the game is ended on
    ///   time instead (and that is stored).
    /// - [`StoreError::NoTimeLimit`] in a game without deadlines.
    /// - [`StoreError::OwnMove`] when it is `user_id`'s own move.
    /// - [`StoreError::TooMuchTime`] when the move would have more than
    ///   [`super::TimeControl::max_time_left`].
    /// - [`StoreError::NotAPlayer`]; [`StoreError::GameNotActive`]; [`StoreError::NoSuchGame`].
    pub fn more_time(&mut self, id: GameId, user_id: u64, now: i64) -> Result<Game> {
        self.write_then(|tx| {
            let game = get_game(tx, id)?;
            game.ensure_active()?;
            let you = game.color_of_player(user_id)?;
            if let Some(late) = time_up_in(tx, &game, now)? {
                return Ok(Err(late));
            }
            let to_move = game.current_position()?.side_to_move();
            let extended = deadlines::more_time(&game, you, to_move, now)?;
            tx.execute(
                "UPDATE games SET deadline = ?1, remind_at = ?2 WHERE id = ?3",
                params![extended.deadline, extended.remind_at, id],
            )?;
            Ok(Ok(get_game(tx, id)?))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each MIN of [`NEXT_DUE`] is a search of its partial index, never a scan of a table.
    #[test]
    fn the_next_due_moment_is_four_index_lookups() {
        let store = Store::open_in_memory().unwrap();
        let mut stmt = store
            .conn
            .sqlite()
            .unwrap()
            .prepare(&format!("EXPLAIN QUERY PLAN {NEXT_DUE}"))
            .unwrap();
        let plan: Vec<String> = stmt
            .query_map((), |r| r.get::<_, String>(3))
            .unwrap()
            .map(|r| r.unwrap())
            .collect();
        for index in [
            "games_deadline",
            "games_remind",
            "notices_due",
            "challenges_open_expiry",
        ] {
            assert!(
                plan.iter()
                    .any(|step| step.contains("SEARCH") && step.contains(index)),
                "{index} unused: {plan:#?}"
            );
        }
        for table in ["games", "notices", "challenges"] {
            assert!(
                !plan
                    .iter()
                    .any(|step| step.starts_with(&format!("SCAN {table}"))),
                "{table} scanned: {plan:#?}"
            );
        }
    }
}
