//! The outbox: messages the bot sends on its own (turn notices, reminders, time-outs, expired
//! challenges), queued in the same transaction as the change they report and delivered later
//! by the service's sweeper.
//!
//! A notice is `pending` until it is `sent`, or `dropped` when it no longer applies (a
//! reminder for a move already played). A failed delivery stays pending and is retried with a
//! growing delay ([`retry_delay`]), so a notice is never lost; its id doubles as the Discord
//! nonce, so a send repeated after a crash is not posted twice.

use super::sql::{Connection, Row, params};

use super::ids::Snowflake;
use super::tournaments::{PairingId, TournamentId};
use super::values::sql_text;
use super::{ChallengeId, Game, GameId, NoticeId, Result, Store};
pub use crate::domain::{NewNotice, NoticeKind, Via};
use crate::rules::Color;

sql_text!(NoticeKind, Via);

/// A pending notice, from [`Store::due_notices`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// Its number (and Discord nonce).
    pub id: NoticeId,
    /// What it tells.
    pub kind: NoticeKind,
    /// The game it is about (every kind but [`NoticeKind::ChallengeExpired`]).
    pub game_id: Option<GameId>,
    /// The challenge it is about ([`NoticeKind::ChallengeExpired`]).
    pub challenge_id: Option<ChallengeId>,
    /// The user it is for; `None`: the channel in general.
    pub user_id: Option<u64>,
    /// The game's ply when it was queued (a tournament's news: the round, 0 for the end).
    pub ply: Option<u32>,
    /// How it is delivered.
    pub via: Via,
    /// Deliveries tried and failed so far.
    pub attempts: u32,
    /// The tournament it is about (the `tournament-*` kinds).
    pub tournament_id: Option<TournamentId>,
    /// The board it is about ([`NoticeKind::TournamentGame`]).
    pub pairing_id: Option<PairingId>,
}

/// How long after its `attempts`-th failure a notice is tried again: one minute, doubling,
/// at most an hour (seconds). A channel whose permission was taken away may get it back days
/// later; the notice is still delivered then.
pub fn retry_delay(attempts: u32) -> i64 {
    (60_i64 << attempts.saturating_sub(1).min(6)).min(3_600)
}

/// Queues `notice` inside `tx`, due at once.
pub(crate) fn queue_in(tx: &Connection, notice: &NewNotice, now: i64) -> Result<NoticeId> {
    queue_at(tx, notice, now, now)
}

/// Queues `notice` inside `tx`, due at `due` (unix seconds).
pub(crate) fn queue_at(
    tx: &Connection,
    notice: &NewNotice,
    now: i64,
    due: i64,
) -> Result<NoticeId> {
    Ok(tx
        .prepare_cached(
            "INSERT INTO notices (kind, game_id, challenge_id, user_id, ply, via, created_at, \
             next_attempt_at, tournament_id, pairing_id) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10) RETURNING id",
        )?
        .query_row(
            params![
                notice.kind,
                notice.game_id,
                notice.challenge_id,
                notice.user_id.map(Snowflake),
                notice.ply,
                notice.via,
                now,
                due,
                notice.tournament_id,
                notice.pairing_id
            ],
            |r| r.get(0),
        )?)
}

fn notice_from_row(row: &Row<'_>) -> rusqlite::Result<Notice> {
    Ok(Notice {
        id: row.get(0)?,
        kind: row.get(1)?,
        game_id: row.get(2)?,
        challenge_id: row.get(3)?,
        user_id: row.get::<_, Option<Snowflake>>(4)?.map(|s| s.0),
        ply: row.get(5)?,
        via: row.get(6)?,
        attempts: row.get(7)?,
        tournament_id: row.get(8)?,
        pairing_id: row.get(9)?,
    })
}

impl Store {
    /// Up to `limit` pending notices due at `now`, oldest first.
    ///
    /// # Errors
    /// [`super::StoreError::Sqlite`] if SQLite fails.
    pub fn due_notices(&self, now: i64, limit: u32) -> Result<Vec<Notice>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT id, kind, game_id, challenge_id, user_id, ply, via, attempts, tournament_id, \
             pairing_id FROM notices \
             WHERE status = 'pending' AND next_attempt_at <= ?1 ORDER BY next_attempt_at, id \
             LIMIT ?2",
        )?;
        let rows = stmt.query_map(params![now, limit], notice_from_row)?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// Pending notices of any due time (for `focus-bot db` and tests).
    ///
    /// # Errors
    /// [`super::StoreError::Sqlite`] if SQLite fails.
    pub fn pending_notices(&self) -> Result<Vec<Notice>> {
        self.due_notices(i64::MAX, u32::MAX)
    }

    /// Marks notice `id` delivered (or, with `dropped`, no longer worth delivering). A notice
    /// already done stays as it was.
    ///
    /// # Errors
    /// [`super::StoreError::Sqlite`] if SQLite fails.
    pub fn notice_done(&mut self, id: NoticeId, dropped: bool, now: i64) -> Result<()> {
        let status = if dropped { "dropped" } else { "sent" };
        self.write(|tx| {
            tx.prepare_cached(
                "UPDATE notices SET status = ?1, done_at = ?2 WHERE id = ?3 AND status = 'pending'",
            )?
            .execute(params![status, now, id])?;
            Ok(())
        })
    }

    /// Records a failed delivery of notice `id`: it is tried again after [`retry_delay`].
    ///
    /// # Errors
    /// [`super::StoreError::Sqlite`] if SQLite fails.
    pub fn notice_failed(&mut self, id: NoticeId, error: &str, now: i64) -> Result<()> {
        self.write(|tx| {
            let attempts: u32 = tx.query_row(
                "UPDATE notices SET attempts = attempts + 1, last_error = ?1 WHERE id = ?2 \
                 RETURNING attempts",
                params![error, id],
                |row| row.get(0),
            )?;
            tx.execute(
                "UPDATE notices SET next_attempt_at = ?1 WHERE id = ?2",
                params![now + retry_delay(attempts), id],
            )?;
            Ok(())
        })
    }

    /// Holds notice `id` for `user_id`'s next interaction: Discord refused its DM, and its
    /// game is where the bot cannot post. The notice is done; [`Store::held_notices`] gives it
    /// back until [`Store::release_held`].
    ///
    /// # Errors
    /// [`super::StoreError::Sqlite`] if SQLite fails.
    pub fn hold_notice(&mut self, id: NoticeId, user_id: u64, now: i64) -> Result<()> {
        self.write(|tx| {
            let changed = tx
                .prepare_cached(
                    "UPDATE notices SET status = 'sent', done_at = ?1, last_error = 'held' \
                     WHERE id = ?2 AND status = 'pending'",
                )?
                .execute(params![now, id])?;
            if changed == 1 {
                tx.prepare_cached(
                    "INSERT INTO held_notices (notice_id, user_id, held_at) \
                     VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING",
                )?
                .execute(params![id, Snowflake(user_id), now])?;
            }
            Ok(())
        })
    }

    /// The notices held for `user_id` ([`Store::hold_notice`]), oldest first. They stay held
    /// until [`Store::release_held`] lets them go, so that those a reply had no room for are
    /// shown at a later interaction.
    ///
    /// # Errors
    /// [`super::StoreError::Sqlite`] if SQLite fails.
    pub fn held_notices(&self, user_id: u64) -> Result<Vec<Notice>> {
        // Asked at every interaction: almost always there is nothing, and this is one index
        // probe.
        let any: bool = self
            .conn
            .prepare_cached("SELECT EXISTS (SELECT 1 FROM held_notices WHERE user_id = ?1)")?
            .query_row([Snowflake(user_id)], |row| row.get(0))?;
        if !any {
            return Ok(Vec::new());
        }
        let held = self
            .conn
            .prepare_cached(
                "SELECT n.id, n.kind, n.game_id, n.challenge_id, n.user_id, n.ply, n.via, \
                 n.attempts, n.tournament_id, n.pairing_id \
                 FROM held_notices h JOIN notices n ON n.id = h.notice_id \
                 WHERE h.user_id = ?1 ORDER BY h.held_at, n.id",
            )?
            .query_map([Snowflake(user_id)], notice_from_row)?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(held)
    }

    /// Lets go of the held notices `ids` of `user_id`: they were shown, or no longer apply.
    /// Ids not held for that user are ignored.
    ///
    /// # Errors
    /// [`super::StoreError::Sqlite`] if SQLite fails.
    pub fn release_held(&mut self, user_id: u64, ids: &[NoticeId]) -> Result<()> {
        if ids.is_empty() {
            return Ok(());
        }
        self.write(|tx| {
            let mut delete = tx
                .prepare_cached("DELETE FROM held_notices WHERE user_id = ?1 AND notice_id = ?2")?;
            for id in ids {
                delete.execute(params![Snowflake(user_id), id])?;
            }
            Ok(())
        })
    }

    /// Sends notice `id` to the channel instead of by DM (Discord refused the DM), due at once.
    ///
    /// # Errors
    /// [`super::StoreError::Sqlite`] if SQLite fails.
    pub fn notice_to_channel(&mut self, id: NoticeId, error: &str, now: i64) -> Result<()> {
        self.write(|tx| {
            tx.execute(
                "UPDATE notices SET via = 'channel', last_error = ?1, next_attempt_at = ?2 \
                 WHERE id = ?3 AND status = 'pending'",
                params![error, now, id],
            )?;
            Ok(())
        })
    }

    /// Queues a turn notice by DM for the player to move in game `id`, if they asked for DMs
    /// and the game is in play; returns whether one was queued. (Moves, accepted challenges
    /// and takebacks queue theirs in their own transaction; this is for tools and tests.)
    ///
    /// # Errors
    /// [`super::StoreError::NoSuchGame`]; [`super::StoreError::Sqlite`] if SQLite fails.
    pub fn queue_turn_notice(&mut self, id: GameId, now: i64) -> Result<bool> {
        self.write(|tx| {
            let game = super::games::get_game(tx, id)?;
            if game.status != super::GameStatus::Active {
                return Ok(false);
            }
            let to_move = game.current_position()?.side_to_move();
            queue_turn_in(tx, &game, to_move, now)
        })
    }
}

/// Inside `tx`: queues a turn notice by DM for `to_move` in `game` (in play) if that player
/// asked for DMs, or if the game is where the bot cannot post (the DM is the only way to tell
/// them); returns whether one was queued.
pub(crate) fn queue_turn_in(
    tx: &Connection,
    game: &Game,
    to_move: Color,
    now: i64,
) -> Result<bool> {
    super::units::tell_turn(&mut super::port::SqliteRows(tx), game, to_move, now)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_back_off_from_a_minute_to_an_hour() {
        let delays: Vec<i64> = (1..=9).map(retry_delay).collect();
        assert_eq!(delays, [60, 120, 240, 480, 960, 1920, 3600, 3600, 3600]);
        assert_eq!(retry_delay(u32::MAX), 3_600);
    }
}
