// Longer than 400 lines: a challenge's rows and each change of its status, one transaction each.
//! Challenges: created, then accepted (which starts the game), declined, cancelled or expired.

use super::sql::{Connection, OptionalExtension, Row, params};

use super::games::{GAME_COLUMNS, Game, game_from_row, get_game};
use super::ids::Snowflake;
use super::values::sql_text;
use super::{ChallengeId, GameId, Result, Store, StoreError, TimeControl};
use crate::domain::ChallengeError;
use crate::domain::challenges;
pub use crate::domain::{
    CHALLENGE_LIFETIME, Challenge, ChallengeStatus, ColorChoice, NewChallenge,
};
use crate::rules::{Color, Position};

sql_text!(ChallengeStatus, ColorChoice);

pub(crate) const CHALLENGE_COLUMNS: &str = "id, guild_id, channel_id, challenger_id, opponent_id, rules, \
    days_per_move, color, rated, start_fpn, status, message_id, created_at, expires_at, \
    minutes_per_move, venue";

pub(crate) fn challenge_from_row(row: &Row<'_>) -> rusqlite::Result<Challenge> {
    Ok(Challenge {
        id: row.get(0)?,
        guild_id: row.get::<_, Snowflake>(1)?.0,
        channel_id: row.get::<_, Snowflake>(2)?.0,
        challenger_id: row.get::<_, Snowflake>(3)?.0,
        opponent_id: row.get::<_, Option<Snowflake>>(4)?.map(|s| s.0),
        rules: row.get(5)?,
        time_control: TimeControl::from_columns(row.get(6)?, row.get(14)?),
        color: row.get(7)?,
        rated: row.get(8)?,
        start_fpn: row.get(9)?,
        status: row.get(10)?,
        message_id: row.get::<_, Option<Snowflake>>(11)?.map(|s| s.0),
        created_at: row.get(12)?,
        expires_at: row.get(13)?,
        venue: row.get(15)?,
    })
}

/// A new challenge's columns as checked: the time control's, and the set-up position as
/// stored (normalised FPN).
pub(super) struct Checked {
    days: u32,
    minutes: Option<u32>,
    start_fpn: Option<String>,
}

impl Checked {
    /// Checks `new` (see [`Store::create_challenge`] for the refusals).
    pub(super) fn of(new: &NewChallenge) -> Result<Checked> {
        let start_fpn = challenges::check_new(new)?;
        let (days, minutes) = new.time_control.columns();
        Ok(Checked {
            days,
            minutes,
            start_fpn,
        })
    }
}

/// Inserts challenge `new`, checked as `checked`, in `tx`.
pub(super) fn insert_challenge(
    tx: &Connection,
    new: &NewChallenge,
    checked: &Checked,
) -> Result<Challenge> {
    let id: ChallengeId = tx.query_row(
        "INSERT INTO challenges (guild_id, channel_id, challenger_id, opponent_id, rules, \
         days_per_move, color, rated, start_fpn, created_at, expires_at, \
         minutes_per_move, venue) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13) \
         RETURNING id",
        params![
            Snowflake(new.guild_id),
            Snowflake(new.channel_id),
            Snowflake(new.challenger_id),
            new.opponent_id.map(Snowflake),
            new.rules,
            checked.days,
            new.color,
            new.rated,
            checked.start_fpn,
            new.created_at,
            new.created_at + CHALLENGE_LIFETIME,
            checked.minutes,
            new.venue
        ],
        |r| r.get(0),
    )?;
    get_challenge(tx, id)
}

fn get_challenge(conn: &Connection, id: ChallengeId) -> Result<Challenge> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE id = ?1"
    ))?;
    stmt.query_row([id], challenge_from_row)
        .optional()?
        .ok_or(StoreError::NoSuchChallenge(id))
}

/// The open challenge `id` inside `tx`, for `actor`'s click. `Ok(Err(..))` when it is found
/// expired at `now`: it is then marked expired (with the notice that disables its buttons, or
/// tells its challenger unless the challenger is `actor`, told by the refusal), and the caller
/// commits that before reporting the error.
fn open_challenge(
    tx: &Connection,
    id: ChallengeId,
    actor: u64,
    now: i64,
) -> Result<Result<Challenge>> {
    let challenge = get_challenge(tx, id)?;
    match challenges::answerable(&challenge, now) {
        Err(ChallengeError::Expired(_)) => {
            set_status(tx, id, ChallengeStatus::Expired)?;
            super::deadlines::queue_close_in(tx, &challenge, Some(actor), now)?;
            Ok(Err(StoreError::ChallengeExpired(id)))
        }
        Err(refused) => Err(refused.into()),
        Ok(()) => Ok(Ok(challenge)),
    }
}

fn set_status(tx: &Connection, id: ChallengeId, status: ChallengeStatus) -> Result<()> {
    tx.execute(
        "UPDATE challenges SET status = ?1 WHERE id = ?2",
        params![status, id],
    )?;
    Ok(())
}

/// Whether `err` is the refusal of a second game in play in a channel.
pub(crate) fn is_channel_taken(err: &super::sql::SqlError) -> bool {
    err.breaks_unique("games.channel_id", "games_one_per_channel")
}

impl Store {
    /// Creates a challenge, open for [`CHALLENGE_LIFETIME`] from its creation time.
    ///
    /// # Errors
    /// - [`StoreError::BadDaysPerMove`], [`StoreError::BadMinutesPerMove`] for a time per
    ///   move that is not offered ([`TimeControl::check`]).
    /// - [`StoreError::RatedSetUp`] for a rated game from a set-up position.
    /// - [`StoreError::BadStartFpn`] for an unreadable set-up position,
    ///   [`StoreError::StartIsOver`] for one where the player to move cannot move.
    /// - [`StoreError::OwnChallenge`] when the challenger challenges themselves.
    pub fn create_challenge(&mut self, new: &NewChallenge) -> Result<Challenge> {
        let checked = Checked::of(new)?;
        self.write(|tx| insert_challenge(tx, new, &checked))
    }

    /// Challenge `new`, a rematch of finished game `game`: made at most once per game (in one
    /// transaction with the game's mark), whoever asks.
    ///
    /// # Errors
    /// As [`Store::create_challenge`]; [`StoreError::NoSuchGame`];
    /// [`StoreError::NotFinished`] unless the game finished with a result;
    /// [`StoreError::RematchOffered`] when its rematch was offered before.
    pub fn create_rematch(&mut self, game: GameId, new: &NewChallenge) -> Result<Challenge> {
        let checked = Checked::of(new)?;
        self.write(|tx| {
            rematch_in(tx, game)?;
            let challenge = insert_challenge(tx, new, &checked)?;
            mark_rematch_in(tx, game, Some(challenge.id))?;
            Ok(challenge)
        })
    }

    /// The challenge `id`.
    ///
    /// # Errors
    /// [`StoreError::NoSuchChallenge`]; [`StoreError::Sqlite`] if SQLite fails.
    pub fn challenge(&self, id: ChallengeId) -> Result<Challenge> {
        get_challenge(&self.conn, id)
    }

    /// The challenges in `channel_id` still open at `now`, oldest first.
    ///
    /// # Errors
    /// [`StoreError::Sqlite`] if SQLite fails.
    pub fn open_challenges(&self, channel_id: u64, now: i64) -> Result<Vec<Challenge>> {
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT {CHALLENGE_COLUMNS} FROM challenges \
             WHERE channel_id = ?1 AND status = 'open' AND expires_at > ?2 ORDER BY id"
        ))?;
        let rows = stmt.query_map(params![Snowflake(channel_id), now], challenge_from_row)?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// Records the Discord message that shows challenge `id`.
    ///
    /// # Errors
    /// [`StoreError::NoSuchChallenge`]; [`StoreError::Sqlite`] if SQLite fails.
    pub fn set_challenge_message(&mut self, id: ChallengeId, message_id: u64) -> Result<()> {
        self.write(|tx| {
            let n = tx.execute(
                "UPDATE challenges SET message_id = ?1 WHERE id = ?2",
                params![Snowflake(message_id), id],
            )?;
            if n == 0 {
                return Err(StoreError::NoSuchChallenge(id));
            }
            Ok(())
        })
    }

    /// `acceptor_id` accepts challenge `id` at `now`: in one transaction the challenge becomes
    /// accepted and its game starts, in play from `now` (the first deadline is `now` plus the
    /// time per move). `toss` is the challenger's colour when the challenge leaves it to chance
    /// (the caller tosses the coin, so that tests can choose).
    ///
    /// # Errors
    /// - [`StoreError::ChallengeExpired`] at or after its expiry (it is marked expired).
    /// - [`StoreError::ChallengeClosed`] when already accepted, declined, cancelled or expired.
    /// - [`StoreError::NotYourChallenge`] when it names someone else;
    ///   [`StoreError::OwnChallenge`] for the challenger.
    /// - [`StoreError::ChannelBusy`] when the channel has a game in play.
    /// - [`StoreError::NoSuchChallenge`].
    pub fn accept_challenge(
        &mut self,
        id: ChallengeId,
        acceptor_id: u64,
        now: i64,
        toss: Color,
    ) -> Result<Game> {
        self.accept_challenge_in(id, acceptor_id, now, toss, None)
    }

    /// As [`Store::accept_challenge`], the game played in `thread_id` when given: a thread
    /// started from the challenge's message (its id is the message's), with the challenge's
    /// channel as its parent. A thread is new, so it is never busy.
    ///
    /// # Errors
    /// As [`Store::accept_challenge`].
    pub fn accept_challenge_in(
        &mut self,
        id: ChallengeId,
        acceptor_id: u64,
        now: i64,
        toss: Color,
        thread_id: Option<u64>,
    ) -> Result<Game> {
        self.write_then(|tx| accept_in(tx, id, acceptor_id, now, toss, thread_id))
    }

    /// `user_id`, the challenged player, declines challenge `id`. A challenge open to anyone
    /// cannot be declined (it expires or is cancelled).
    ///
    /// # Errors
    /// [`StoreError::NotYourChallenge`] for anyone but the challenged player; otherwise as
    /// [`Store::accept_challenge`].
    pub fn decline_challenge(
        &mut self,
        id: ChallengeId,
        user_id: u64,
        now: i64,
    ) -> Result<Challenge> {
        self.write_then(|tx| {
            let challenge = match open_challenge(tx, id, user_id, now)? {
                Ok(c) => c,
                Err(expired) => return Ok(Err(expired)),
            };
            challenges::decline(&challenge, user_id)?;
            set_status(tx, id, ChallengeStatus::Declined)?;
            Ok(Ok(get_challenge(tx, id)?))
        })
    }

    /// `user_id`, the challenger, withdraws challenge `id`.
    ///
    /// # Errors
    /// [`StoreError::NotChallenger`] for anyone else; otherwise as
    /// [`Store::accept_challenge`].
    pub fn cancel_challenge(
        &mut self,
        id: ChallengeId,
        user_id: u64,
        now: i64,
    ) -> Result<Challenge> {
        self.write_then(|tx| {
            let challenge = match open_challenge(tx, id, user_id, now)? {
                Ok(c) => c,
                Err(expired) => return Ok(Err(expired)),
            };
            challenges::cancel(&challenge, user_id)?;
            set_status(tx, id, ChallengeStatus::Cancelled)?;
            Ok(Ok(get_challenge(tx, id)?))
        })
    }

    /// Marks every open challenge whose expiry is at or before `now` expired, and returns them;
    /// each that has a message gets a notice to disable its buttons.
    ///
    /// # Errors
    /// [`StoreError::Sqlite`] if SQLite fails.
    pub fn expire_challenges(&mut self, now: i64) -> Result<Vec<Challenge>> {
        self.write(|tx| super::units::expire(&mut super::port::SqliteRows(tx), now))
    }
}

/// [`Store::accept_challenge_in`] inside `tx`: the outer result is a failure to undo, the inner
/// a refusal to commit (an expired challenge is marked so).
pub(super) fn accept_in(
    tx: &Connection,
    id: ChallengeId,
    acceptor_id: u64,
    now: i64,
    toss: Color,
    thread_id: Option<u64>,
) -> Result<Result<Game>> {
    let challenge = match open_challenge(tx, id, acceptor_id, now)? {
        Ok(c) => c,
        Err(expired) => return Ok(Err(expired)),
    };
    let [white, black] = challenges::accept(&challenge, acceptor_id, toss)?;
    let fpn = match &challenge.start_fpn {
        Some(fpn) => fpn.clone(),
        None => Position::start().to_string(),
    };
    let (days, minutes) = challenge.time_control.columns();
    let inserted = tx.query_row(
        "INSERT INTO games (guild_id, channel_id, white_id, black_id, rules, rated, \
             start_fpn, created_at, last_move_at, deadline, days_per_move, fpn, challenge_id, \
             minutes_per_move, parent_channel_id, venue) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15) \
             RETURNING id",
        params![
            Snowflake(challenge.guild_id),
            Snowflake(thread_id.unwrap_or(challenge.channel_id)),
            Snowflake(white),
            Snowflake(black),
            challenge.rules,
            challenge.rated,
            challenge.start_fpn,
            now,
            challenge.time_control.deadline_after(now),
            days,
            fpn,
            id,
            minutes,
            thread_id.map(|_| Snowflake(challenge.channel_id)),
            challenge.venue
        ],
        |r| r.get(0),
    );
    let game_id: GameId = match inserted {
        Err(err) if is_channel_taken(&err) => return Err(StoreError::ChannelBusy),
        other => other?,
    };
    set_status(tx, id, ChallengeStatus::Accepted)?;
    let mut stmt = tx.prepare_cached(&format!("SELECT {GAME_COLUMNS} FROM games WHERE id = ?1"))?;
    let game = stmt.query_row([game_id], game_from_row)?;
    let to_move = game.current_position()?.side_to_move();
    super::notices::queue_turn_in(tx, &game, to_move, now)?;
    Ok(Ok(game))
}

/// Reads game `id` in `tx` and asks the domain whether it may get its rematch
/// ([`crate::domain::challenges::rematch`]).
///
/// # Errors
/// [`StoreError::NoSuchGame`], [`StoreError::NotFinished`], [`StoreError::RematchOffered`].
pub(super) fn rematch_in(tx: &Connection, id: GameId) -> Result<()> {
    let game = get_game(tx, id)?;
    let offered: bool = tx.query_row(
        "SELECT rematch_challenge_id IS NOT NULL FROM games WHERE id = ?1",
        params![id.0],
        |row| row.get(0),
    )?;
    Ok(crate::domain::challenges::rematch(&game, offered)?)
}

/// Marks game `id`'s rematch as made (by `challenge`, the new challenge; a game against the
/// bot is made from one too). The mark is conditional: a second
/// process that made the same rematch between the read and this write finds it taken, and
/// its transaction (the new challenge or game with it) rolls back.
///
/// # Errors
/// [`StoreError::RematchOffered`] when the mark was taken meanwhile.
pub(super) fn mark_rematch_in(
    tx: &Connection,
    id: GameId,
    challenge: Option<ChallengeId>,
) -> Result<()> {
    let marked = tx.execute(
        "UPDATE games SET rematch_challenge_id = ?2 \
         WHERE id = ?1 AND rematch_challenge_id IS NULL",
        params![id.0, challenge.map(|c| c.0)],
    )?;
    if marked == 0 {
        return Err(StoreError::RematchOffered(id));
    }
    Ok(())
}
