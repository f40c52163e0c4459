// Longer than 400 lines: an event, its entrants, boards and log, and every transaction on them.
//! Tournaments (issue 22): the event, its players, each round's boards and the director's log.
//!
//! The store keeps what happened and decides nothing: what to pair is decided by the pure
//! pairing module, called by the service; what the event does next by the pure lifecycle
//! ([`crate::domain::lifecycle`]), through the units of work ([`units`]), which load the event
//! here ([`get_event`]) and keep what was decided ([`keep_event`]). Every transition is one
//! transaction, so a kill at any moment leaves the event in a state it resumes from:
//! - a round is paired by [`Store::pair_round`], which writes every board of the round and
//!   queues a `tournament-game` notice per game, or refuses when the round is already paired
//!   (so it is never paired twice);
//! - a board's game is created by [`Store::start_board_game`] once its thread exists, at most
//!   once per board;
//! - a game's end records its board's result in the game's own transaction ([`units::finish`]),
//!   and the round's last result queues the next round (or ends the event).

use super::sql::{Connection, OptionalExtension, Row, params};

use super::games::{Game, get_game};
use super::ids::Snowflake;
use super::notices::{NewNotice, NoticeKind, Via, queue_at, queue_in};
use super::port::SqliteRows;
use super::units;
use super::values::sql_text;
use super::{GameId, Result, Store, StoreError, TimeControl};
use crate::domain::lifecycle::{self, Effect, Event, Redraw, UNSAVED};
use crate::domain::{
    Board, BoardResult, Entrant, EntrantStatus, Format, LogEntry, NewTournament, Pace, Tournament,
    TournamentError, TournamentStatus,
};
use crate::rules::{Color, Position};

pub use super::ids::{PairingId, TournamentId};

sql_text!(Format, Pace, TournamentStatus, EntrantStatus, BoardResult);

/// The columns of `tournaments` in the order [`tournament_from_row`] reads them.
const COLUMNS: &str = "id, guild_id, channel_id, director_id, name, format, rounds, \
    days_per_move, minutes_per_move, rules, rated, starts_at, max_players, pace, round_every, \
    status, paused, current_round, initial_colour, message_id, created_at, started_at, \
    finished_at";

fn tournament_from_row(row: &Row<'_>) -> rusqlite::Result<Tournament> {
    Ok(Tournament {
        id: row.get(0)?,
        guild_id: row.get::<_, Snowflake>(1)?.0,
        channel_id: row.get::<_, Snowflake>(2)?.0,
        director_id: row.get::<_, Snowflake>(3)?.0,
        name: row.get(4)?,
        format: row.get(5)?,
        rounds: row.get(6)?,
        time_control: TimeControl::from_columns(row.get(7)?, row.get(8)?),
        rules: row.get(9)?,
        rated: row.get(10)?,
        starts_at: row.get(11)?,
        max_players: row.get(12)?,
        pace: row.get(13)?,
        round_every: row.get(14)?,
        status: row.get(15)?,
        paused: row.get(16)?,
        current_round: row.get(17)?,
        initial_colour: row.get(18)?,
        message_id: row.get::<_, Option<Snowflake>>(19)?.map(|s| s.0),
        created_at: row.get(20)?,
        started_at: row.get(21)?,
        finished_at: row.get(22)?,
    })
}

const ENTRANT_COLUMNS: &str = "user_id, number, rating, joined_at, first_round, status, left_after";

fn entrant_from_row(row: &Row<'_>) -> rusqlite::Result<Entrant> {
    Ok(Entrant {
        user_id: row.get::<_, Snowflake>(0)?.0,
        number: row.get(1)?,
        rating: row.get(2)?,
        joined_at: row.get(3)?,
        first_round: row.get(4)?,
        status: row.get(5)?,
        left_after: row.get(6)?,
    })
}

const BOARD_COLUMNS: &str =
    "id, tournament_id, round, board, white_id, black_id, game_id, result, adjudicated";

fn board_from_row(row: &Row<'_>) -> rusqlite::Result<Board> {
    Ok(Board {
        id: row.get(0)?,
        tournament_id: row.get(1)?,
        round: row.get(2)?,
        board: row.get(3)?,
        white_id: row.get::<_, Snowflake>(4)?.0,
        black_id: row.get::<_, Option<Snowflake>>(5)?.map(|s| s.0),
        game_id: row.get(6)?,
        result: row.get(7)?,
        adjudicated: row.get(8)?,
    })
}

/// The tournament `id`, or [`TournamentError::NoSuchTournament`].
pub(crate) fn get_tournament(conn: &Connection, id: TournamentId) -> Result<Tournament> {
    conn.prepare_cached(&format!("SELECT {COLUMNS} FROM tournaments WHERE id = ?1"))?
        .query_row([id], tournament_from_row)
        .optional()?
        .ok_or(TournamentError::NoSuchTournament(id).into())
}

fn get_entrants(conn: &Connection, id: TournamentId) -> Result<Vec<Entrant>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {ENTRANT_COLUMNS} FROM tournament_players WHERE tournament_id = ?1 \
         ORDER BY number IS NULL, number, joined_at, rowid"
    ))?;
    let rows = stmt.query_map([id], entrant_from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

fn get_boards(conn: &Connection, id: TournamentId) -> Result<Vec<Board>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {BOARD_COLUMNS} FROM tournament_pairings WHERE tournament_id = ?1 \
         ORDER BY round, board"
    ))?;
    let rows = stmt.query_map([id], board_from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

fn get_board(conn: &Connection, id: PairingId) -> Result<Option<Board>> {
    Ok(conn
        .prepare_cached(&format!(
            "SELECT {BOARD_COLUMNS} FROM tournament_pairings WHERE id = ?1"
        ))?
        .query_row([id], board_from_row)
        .optional()?)
}

/// The users who left tournament `id` once, as its log tells: left before the start, or
/// withdrawn, removed or a no-show.
pub(crate) fn get_left(conn: &Connection, id: TournamentId) -> Result<Vec<u64>> {
    let mut stmt = conn.prepare_cached(
        "SELECT user_id, action, detail FROM tournament_log WHERE tournament_id = ?1 \
         AND action IN ('leave', 'withdrawn', 'removed', 'no-show')",
    )?;
    let rows = stmt.query_map([id], |r| {
        let user: Option<Snowflake> = r.get(0)?;
        let action: String = r.get(1)?;
        let detail: String = r.get(2)?;
        Ok(match action.as_str() {
            "leave" => user.map(|u| u.0),
            _ => detail.parse().ok(),
        })
    })?;
    let left: rusqlite::Result<Vec<Option<u64>>> = rows.collect();
    Ok(left?.into_iter().flatten().collect())
}

/// Tournament `id` with its players and boards: what its lifecycle decides on.
///
/// # Errors
/// [`TournamentError::NoSuchTournament`].
pub(crate) fn get_event(tx: &Connection, id: TournamentId) -> Result<Event> {
    Ok(Event {
        tournament: get_tournament(tx, id)?,
        entrants: get_entrants(tx, id)?,
        boards: get_boards(tx, id)?,
    })
}

/// Keeps what a decision of the lifecycle made of the event (`before` as loaded, `after` as
/// decided): the changed columns of the tournament, its players and boards, the new boards;
/// then queues its `effects` in order. Decides nothing.
pub(crate) fn keep_event(
    tx: &Connection,
    before: &Event,
    after: &Event,
    effects: &[Effect],
    now: i64,
) -> Result<()> {
    let id = after.tournament.id;
    if before.tournament != after.tournament {
        let t = &after.tournament;
        tx.prepare_cached(
            "UPDATE tournaments SET status = ?1, paused = ?2, current_round = ?3, rounds = ?4, \
             initial_colour = ?5, started_at = ?6, finished_at = ?7 WHERE id = ?8",
        )?
        .execute(params![
            t.status,
            t.paused,
            t.current_round,
            t.rounds,
            t.initial_colour,
            t.started_at,
            t.finished_at,
            id
        ])?;
    }
    for old in &before.entrants {
        if !after.entrants.iter().any(|e| e.user_id == old.user_id) {
            tx.prepare_cached(
                "DELETE FROM tournament_players WHERE tournament_id = ?1 AND user_id = ?2",
            )?
            .execute(params![id, Snowflake(old.user_id)])?;
        }
    }
    for e in &after.entrants {
        match before.entrants.iter().find(|o| o.user_id == e.user_id) {
            Some(old) if old == e => {}
            Some(_) => {
                tx.prepare_cached(
                    "UPDATE tournament_players SET number = ?1, status = ?2, left_after = ?3 \
                     WHERE tournament_id = ?4 AND user_id = ?5",
                )?
                .execute(params![
                    e.number,
                    e.status,
                    e.left_after,
                    id,
                    Snowflake(e.user_id)
                ])?;
            }
            None => {
                tx.prepare_cached(
                    "INSERT INTO tournament_players (tournament_id, user_id, number, rating, \
                     joined_at, first_round) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                )?
                .execute(params![
                    id,
                    Snowflake(e.user_id),
                    e.number,
                    e.rating,
                    e.joined_at,
                    e.first_round
                ])?;
            }
        }
    }
    let mut saved = Vec::new();
    for b in &after.boards {
        if b.id == UNSAVED {
            let pairing: PairingId = tx
                .prepare_cached(
                    "INSERT INTO tournament_pairings (tournament_id, round, board, white_id, \
                     black_id, result) VALUES (?1, ?2, ?3, ?4, ?5, ?6) RETURNING id",
                )?
                .query_row(
                    params![
                        id,
                        b.round,
                        b.board,
                        Snowflake(b.white_id),
                        b.black_id.map(Snowflake),
                        b.result
                    ],
                    |r| r.get(0),
                )?;
            saved.push(((b.round, b.board), pairing));
        } else if before.boards.iter().find(|o| o.id == b.id) != Some(b) {
            tx.prepare_cached(
                "UPDATE tournament_pairings SET result = ?1, adjudicated = ?2, game_id = ?3 \
                 WHERE id = ?4",
            )?
            .execute(params![b.result, b.adjudicated, b.game_id, b.id])?;
        }
    }
    for effect in effects {
        match effect {
            Effect::Log {
                user,
                action,
                detail,
            } => log_in(tx, id, *user, action, detail, now)?,
            Effect::Announce => queue_announce_in(tx, id, now)?,
            Effect::Notice { notice, due } => {
                queue_at(tx, notice, now, *due)?;
            }
            Effect::StartBoard { round, board } => {
                let pairing = saved
                    .iter()
                    .find(|(at, _)| *at == (*round, *board))
                    .map(|(_, p)| *p)
                    .ok_or(rusqlite::Error::QueryReturnedNoRows)?;
                let notice = NewNotice {
                    kind: NoticeKind::TournamentGame,
                    tournament_id: Some(id),
                    pairing_id: Some(pairing),
                    via: Via::Channel,
                    ..NewNotice::default()
                };
                queue_in(tx, &notice, now)?;
            }
            Effect::RoundNow => {
                let moved = tx.execute(
                    "UPDATE notices SET next_attempt_at = ?1 WHERE tournament_id = ?2 \
                     AND kind = 'tournament-round' AND status = 'pending'",
                    params![now, id],
                )?;
                if moved == 0 {
                    let notice = NewNotice {
                        kind: NoticeKind::TournamentRound,
                        tournament_id: Some(id),
                        via: Via::Channel,
                        ..NewNotice::default()
                    };
                    queue_in(tx, &notice, now)?;
                }
            }
            Effect::DropRound => {
                tx.execute(
                    "UPDATE notices SET status = 'dropped', done_at = ?1 WHERE tournament_id = ?2 \
                     AND kind = 'tournament-round' AND status = 'pending'",
                    params![now, id],
                )?;
            }
        }
    }
    Ok(())
}

/// [`units::decide`] inside `tx`.
fn decide_in<T>(
    tx: &Connection,
    id: TournamentId,
    now: i64,
    decide: impl FnOnce(&mut Event) -> std::result::Result<(T, Vec<Effect>), TournamentError>,
) -> Result<(T, Event)> {
    units::decide(&mut SqliteRows(tx), id, now, decide)
}

/// Queues the redrawing of `t`'s announcement, unless one is already waiting (it draws the
/// event as it is when delivered).
fn queue_announce_in(tx: &Connection, t: TournamentId, now: i64) -> Result<()> {
    let waiting: i64 = tx
        .prepare_cached(
            "SELECT count(*) FROM notices WHERE tournament_id = ?1 \
             AND kind = 'tournament-announcement' AND status = 'pending'",
        )?
        .query_row([t], |r| r.get(0))?;
    if waiting == 0 {
        let notice = NewNotice {
            kind: NoticeKind::TournamentAnnouncement,
            tournament_id: Some(t),
            via: Via::Channel,
            ..NewNotice::default()
        };
        queue_in(tx, &notice, now)?;
    }
    Ok(())
}

/// Writes an entry of tournament `id`'s log: a change the lifecycle decided ([`Effect::Log`]),
/// or one it does not (the event's creation, a game's extra time).
fn log_in(
    tx: &Connection,
    id: TournamentId,
    user: Option<u64>,
    action: &str,
    detail: &str,
    now: i64,
) -> Result<()> {
    tx.prepare_cached(
        "INSERT INTO tournament_log (tournament_id, at, user_id, action, detail) \
         VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![id, now, user.map(Snowflake), action, detail])?;
    Ok(())
}

impl Store {
    /// Creates a tournament, open for players, with its creator as director.
    ///
    /// # Errors
    /// [`StoreError::BadDaysPerMove`] / [`StoreError::BadMinutesPerMove`] for a time control
    /// not offered; [`StoreError::Sqlite`] for a value the schema refuses (an empty name).
    pub fn create_tournament(&mut self, new: &NewTournament) -> Result<Tournament> {
        new.time_control.check()?;
        self.write(|tx| {
            let (days, minutes) = new.time_control.columns();
            let rounds = match new.format {
                Format::Swiss => new.rounds,
                _ => None,
            };
            let id: TournamentId = tx.query_row(
                "INSERT INTO tournaments (guild_id, channel_id, director_id, name, format, \
                 rounds, days_per_move, minutes_per_move, rules, rated, starts_at, max_players, \
                 pace, round_every, created_at) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15) \
                 RETURNING id",
                params![
                    Snowflake(new.guild_id),
                    Snowflake(new.channel_id),
                    Snowflake(new.director_id),
                    new.name,
                    new.format,
                    rounds,
                    days,
                    minutes,
                    new.rules,
                    new.rated,
                    new.starts_at,
                    new.max_players,
                    new.pace,
                    new.round_every,
                    new.created_at
                ],
                |r| r.get(0),
            )?;
            log_in(
                tx,
                id,
                Some(new.director_id),
                "create",
                &new.name,
                new.created_at,
            )?;
            get_tournament(tx, id)
        })
    }

    /// The tournament `id`.
    ///
    /// # Errors
    /// [`TournamentError::NoSuchTournament`].
    pub fn tournament(&mut self, id: TournamentId) -> Result<Tournament> {
        self.read(|tx| get_tournament(tx, id))
    }

    /// The tournament, its players (by starting number, then joining order) and its boards (by
    /// round and board), read together.
    ///
    /// # Errors
    /// [`TournamentError::NoSuchTournament`].
    pub fn tournament_whole(
        &mut self,
        id: TournamentId,
    ) -> Result<(Tournament, Vec<Entrant>, Vec<Board>)> {
        self.read(|tx| {
            Ok((
                get_tournament(tx, id)?,
                get_entrants(tx, id)?,
                get_boards(tx, id)?,
            ))
        })
    }

    /// The server's tournaments: open and running first, then the latest finished, at most
    /// `limit`.
    ///
    /// # Errors
    /// [`StoreError::Sqlite`].
    pub fn tournaments_in(&mut self, guild_id: u64, limit: u32) -> Result<Vec<Tournament>> {
        self.read(|tx| {
            let mut stmt = tx.prepare_cached(&format!(
                "SELECT {COLUMNS} FROM tournaments WHERE guild_id = ?1 \
                 ORDER BY status NOT IN ('open', 'running'), id DESC LIMIT ?2"
            ))?;
            let rows = stmt.query_map(params![Snowflake(guild_id), limit], tournament_from_row)?;
            Ok(rows.collect::<rusqlite::Result<_>>()?)
        })
    }

    /// The open or running tournament announced in `channel_id` (the latest), if any.
    ///
    /// # Errors
    /// [`StoreError::Sqlite`].
    pub fn tournament_in_channel(&mut self, channel_id: u64) -> Result<Option<Tournament>> {
        self.read(|tx| {
            Ok(tx
                .prepare_cached(&format!(
                    "SELECT {COLUMNS} FROM tournaments WHERE channel_id = ?1 \
                     ORDER BY status NOT IN ('open', 'running'), id DESC LIMIT 1"
                ))?
                .query_row([Snowflake(channel_id)], tournament_from_row)
                .optional()?)
        })
    }

    /// Remembers the announcement's message.
    ///
    /// # Errors
    /// [`StoreError::Sqlite`].
    pub fn set_tournament_message(&mut self, id: TournamentId, message_id: u64) -> Result<()> {
        self.write(|tx| {
            tx.execute(
                "UPDATE tournaments SET message_id = ?1 WHERE id = ?2",
                params![Snowflake(message_id), id],
            )?;
            Ok(())
        })
    }

    /// `user_id` joins tournament `id` with `rating` (for the seeding). Before the start, for
    /// every format; a running Swiss takes late joiners until more than half its rounds have
    /// begun, from the next round, with half a point for each round missed.
    ///
    /// # Errors
    /// [`TournamentError::AlreadyJoined`], [`TournamentError::Full`],
    /// [`TournamentError::JoinClosed`], [`TournamentError::NoSuchTournament`].
    pub fn join_tournament(
        &mut self,
        id: TournamentId,
        user_id: u64,
        rating: f64,
        now: i64,
    ) -> Result<Entrant> {
        self.join_tournament_then(id, user_id, rating, now, Redraw::Queue)
    }

    /// [`Store::join_tournament`], the announcement redrawn as `redraw` says.
    ///
    /// # Errors
    /// As [`Store::join_tournament`].
    pub fn join_tournament_then(
        &mut self,
        id: TournamentId,
        user_id: u64,
        rating: f64,
        now: i64,
        redraw: Redraw,
    ) -> Result<Entrant> {
        self.write(|tx| {
            let (_, ev) = decide_in(tx, id, now, |ev| {
                Ok(((), lifecycle::join(ev, user_id, rating, now, redraw)?))
            })?;
            Ok(ev
                .entrants
                .last()
                .cloned()
                .expect("the entrant just joined"))
        })
    }

    /// `user_id` leaves tournament `id` before its start.
    ///
    /// # Errors
    /// [`TournamentError::NotJoined`]; [`TournamentError::AlreadyStarted`] (a running event is
    /// left with [`Store::withdraw`]).
    pub fn leave_tournament(&mut self, id: TournamentId, user_id: u64, now: i64) -> Result<()> {
        self.write(|tx| {
            decide_in(tx, id, now, |ev| Ok(((), lifecycle::leave(ev, user_id)?)))?;
            Ok(())
        })
    }

    /// `user_id` leaves running tournament `id` (`status` [`EntrantStatus::Withdrawn`]), or
    /// the director removes them ([`EntrantStatus::Removed`], `by` the director): their games
    /// count, they are paired no more. Removed before the start, they are simply gone.
    ///
    /// # Errors
    /// [`TournamentError::NotJoined`]; [`TournamentError::Over`].
    pub fn withdraw(
        &mut self,
        id: TournamentId,
        user_id: u64,
        status: EntrantStatus,
        by: u64,
        now: i64,
    ) -> Result<()> {
        self.withdraw_then(id, user_id, status, by, now, Redraw::Queue)
    }

    /// [`Store::withdraw`], the announcement redrawn as `redraw` says.
    ///
    /// # Errors
    /// As [`Store::withdraw`].
    pub fn withdraw_then(
        &mut self,
        id: TournamentId,
        user_id: u64,
        status: EntrantStatus,
        by: u64,
        now: i64,
        redraw: Redraw,
    ) -> Result<()> {
        self.write(|tx| units::withdraw(&mut SqliteRows(tx), id, user_id, status, by, redraw, now))
    }

    /// Starts tournament `id`: starting numbers by rating (highest first), then by joining
    /// order; the planned rounds (`rounds`, for a Swiss without them, and a round-robin's from
    /// its Berger tables); the colour of the top seed in round 1. Queues the pairing of round 1.
    /// Only an open event starts, so two directors starting it at once start it once.
    ///
    /// # Errors
    /// [`TournamentError::AlreadyStarted`]; [`TournamentError::TooFewPlayers`] (a Swiss needs 4,
    /// a round-robin 3); [`TournamentError::TooManyPlayers`] (a round-robin takes 20).
    pub fn start_tournament(
        &mut self,
        id: TournamentId,
        by: Option<u64>,
        initial_colour: Color,
        now: i64,
    ) -> Result<Tournament> {
        self.write(|tx| {
            let (_, ev) = decide_in(tx, id, now, |ev| {
                Ok(((), lifecycle::start(ev, by, initial_colour, now)?))
            })?;
            Ok(ev.tournament)
        })
    }

    /// Writes round `round` of tournament `id`: `boards` in board order, each White and Black
    /// (`None`: the pairing-allocated bye). Queues the start of each game (its thread) and the
    /// round's news. `round` must follow the rounds paired so far, and the previous round must
    /// be over; a round-robin played all at once writes several rounds, one call each.
    ///
    /// # Errors
    /// [`TournamentError::RoundPaired`] when `round` is paired already (a repeated pairing
    /// after a restart changes nothing); [`TournamentError::RoundNotOver`];
    /// [`TournamentError::NotRunning`].
    pub fn pair_round(
        &mut self,
        id: TournamentId,
        round: u32,
        boards: &[(u64, Option<u64>)],
        all_at_once: bool,
        now: i64,
    ) -> Result<Vec<Board>> {
        self.write(|tx| {
            decide_in(tx, id, now, |ev| {
                Ok((
                    (),
                    lifecycle::pair_round(ev, round, boards, all_at_once, now)?,
                ))
            })?;
            let mut stmt = tx.prepare_cached(&format!(
                "SELECT {BOARD_COLUMNS} FROM tournament_pairings WHERE tournament_id = ?1 \
                 AND round = ?2 ORDER BY board"
            ))?;
            let rows = stmt.query_map(params![id, round], board_from_row)?;
            Ok(rows.collect::<rusqlite::Result<_>>()?)
        })
    }

    /// The board `id`.
    ///
    /// # Errors
    /// [`StoreError::Sqlite`].
    pub fn board(&mut self, id: PairingId) -> Result<Option<Board>> {
        self.read(|tx| get_board(tx, id))
    }

    /// Starts the game of board `pairing` in thread `thread_id` (a thread of the tournament's
    /// channel): the game is created with the board's colours and the event's rules and time
    /// control, and the game's first board is queued for its thread (with a turn notice by DM
    /// where asked for). A board whose game exists already returns that game.
    ///
    /// # Errors
    /// [`StoreError::ChannelBusy`] when the thread has a game; [`StoreError::Sqlite`].
    pub fn start_board_game(
        &mut self,
        pairing: PairingId,
        thread_id: u64,
        now: i64,
    ) -> Result<Game> {
        self.write(|tx| {
            let board = get_board(tx, pairing)?.ok_or(rusqlite::Error::QueryReturnedNoRows)?;
            if let Some(game) = board.game_id {
                return get_game(tx, game);
            }
            let black = board.black_id.ok_or(rusqlite::Error::QueryReturnedNoRows)?;
            let t = get_tournament(tx, board.tournament_id)?;
            let (days, minutes) = t.time_control.columns();
            let fpn = Position::start().with_rules(t.rules).to_string();
            let inserted = tx.query_row(
                "INSERT INTO games (guild_id, channel_id, white_id, black_id, rules, rated, \
                 created_at, last_move_at, deadline, days_per_move, fpn, minutes_per_move, \
                 parent_channel_id, tournament_id) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7, ?8, ?9, ?10, ?11, ?12, ?13) \
                 RETURNING id",
                params![
                    Snowflake(t.guild_id),
                    Snowflake(thread_id),
                    Snowflake(board.white_id),
                    Snowflake(black),
                    t.rules,
                    t.rated,
                    now,
                    t.time_control.deadline_after(now),
                    days,
                    fpn,
                    minutes,
                    Snowflake(t.channel_id),
                    t.id
                ],
                |r| r.get(0),
            );
            let game_id: GameId = match inserted {
                Err(err) if super::challenges::is_channel_taken(&err) => {
                    return Err(StoreError::ChannelBusy);
                }
                other => other?,
            };
            tx.execute(
                "UPDATE tournament_pairings SET game_id = ?1 WHERE id = ?2",
                params![game_id, pairing],
            )?;
            let game = get_game(tx, game_id)?;
            let notice = NewNotice {
                kind: NoticeKind::GameStart,
                game_id: Some(game_id),
                via: Via::Channel,
                ..NewNotice::default()
            };
            queue_in(tx, &notice, now)?;
            super::notices::queue_turn_in(tx, &game, Color::White, now)?;
            Ok(game)
        })
    }

    /// The director sets (or corrects) the result of board `pairing`: a game in play ends with
    /// it (a win or a draw by adjudication; a forfeit ends it as not played), a finished one
    /// keeps its game and the table takes the new result.
    ///
    /// # Errors
    /// [`TournamentError::NotInTournament`] for a board of another tournament or a bye;
    /// [`TournamentError::NotRunning`].
    pub fn adjudicate(
        &mut self,
        id: TournamentId,
        pairing: PairingId,
        result: BoardResult,
        by: u64,
        now: i64,
    ) -> Result<Board> {
        self.write(|tx| units::adjudicate(&mut SqliteRows(tx), id, pairing, result, by, now))
    }

    /// Pauses (`paused`) or resumes tournament `id`. Resuming a round that is over queues the
    /// next one.
    ///
    /// # Errors
    /// [`TournamentError::NotRunning`]; [`TournamentError::Unchanged`].
    pub fn pause_tournament(
        &mut self,
        id: TournamentId,
        paused: bool,
        by: u64,
        now: i64,
    ) -> Result<Tournament> {
        self.write(|tx| {
            let (_, ev) = decide_in(tx, id, now, |ev| {
                Ok(((), lifecycle::pause(ev, paused, by, now)?))
            })?;
            Ok(ev.tournament)
        })
    }

    /// The director starts the next round now: every game of the current round must be over
    /// (finished or adjudicated). Queues its pairing at once.
    ///
    /// # Errors
    /// [`TournamentError::RoundNotOver`]; [`TournamentError::NotRunning`];
    /// [`TournamentError::NoMoreRounds`].
    pub fn next_round_now(&mut self, id: TournamentId, by: u64, now: i64) -> Result<()> {
        self.write(|tx| {
            decide_in(tx, id, now, |ev| {
                Ok(((), lifecycle::next_round_now(ev, by)?))
            })?;
            Ok(())
        })
    }

    /// Cancels tournament `id`: games in play go on, unrated no more than they were, but no
    /// round follows.
    ///
    /// # Errors
    /// [`TournamentError::Over`].
    pub fn cancel_tournament(&mut self, id: TournamentId, by: u64, now: i64) -> Result<Tournament> {
        self.write(|tx| {
            let (_, ev) = decide_in(tx, id, now, |ev| Ok(((), lifecycle::cancel(ev, by, now)?)))?;
            Ok(ev.tournament)
        })
    }

    /// A tournament whose next round has no legal pairing (C.04.3's absolute criteria) ends
    /// after the rounds played, logged, with its final standings.
    ///
    /// # Errors
    /// [`StoreError::Sqlite`].
    pub fn finish_unpairable(&mut self, id: TournamentId, now: i64) -> Result<()> {
        self.write(|tx| {
            decide_in(tx, id, now, |ev| {
                Ok(((), lifecycle::finish_unpairable(ev, now)))
            })?;
            Ok(())
        })
    }

    /// Gives the player to move in game `id` one more move's time (a director's tool): a day
    /// in correspondence, the minutes per move in a live game. A reminder not yet sent moves
    /// with the deadline, still at 80 % of the move's time, as with a player's
    /// [`Store::more_time`].
    ///
    /// # Errors
    /// [`StoreError::GameNotActive`]; [`StoreError::NoTimeLimit`].
    pub fn extend_deadline(&mut self, id: GameId, now: i64) -> Result<Game> {
        self.write(|tx| {
            let game = get_game(tx, id)?;
            game.ensure_active()?;
            let extended = crate::domain::deadlines::extend(&game, now)?;
            tx.execute(
                "UPDATE games SET deadline = ?1, remind_at = ?2 WHERE id = ?3",
                params![extended.deadline, extended.remind_at, id],
            )?;
            if let Some(t) = game.tournament_id {
                log_in(tx, t, None, "extra-time", &id.0.to_string(), now)?;
            }
            get_game(tx, id)
        })
    }

    /// The log of tournament `id`, oldest first.
    ///
    /// # Errors
    /// [`StoreError::Sqlite`].
    pub fn tournament_log(&mut self, id: TournamentId) -> Result<Vec<LogEntry>> {
        self.read(|tx| {
            let mut stmt = tx.prepare_cached(
                "SELECT at, user_id, action, detail FROM tournament_log \
                 WHERE tournament_id = ?1 ORDER BY id",
            )?;
            let rows = stmt.query_map([id], |r| {
                Ok(LogEntry {
                    at: r.get(0)?,
                    user_id: r.get::<_, Option<Snowflake>>(1)?.map(|s| s.0),
                    action: r.get(2)?,
                    detail: r.get(3)?,
                })
            })?;
            Ok(rows.collect::<rusqlite::Result<_>>()?)
        })
    }

    /// The tournaments of `guild_id` that `user_id` plays or played in (started ones), newest
    /// first, at most `limit`.
    ///
    /// # Errors
    /// [`StoreError::Sqlite`].
    pub fn tournaments_of(
        &mut self,
        guild_id: u64,
        user_id: u64,
        limit: u32,
    ) -> Result<Vec<TournamentId>> {
        self.read(|tx| {
            let mut stmt = tx.prepare_cached(
                "SELECT t.id FROM tournaments t JOIN tournament_players p \
                 ON p.tournament_id = t.id WHERE t.guild_id = ?1 AND p.user_id = ?2 \
                 AND t.status <> 'open' ORDER BY t.id DESC LIMIT ?3",
            )?;
            let rows = stmt.query_map(
                params![Snowflake(guild_id), Snowflake(user_id), limit],
                |r| r.get(0),
            )?;
            Ok(rows.collect::<rusqlite::Result<_>>()?)
        })
    }

    /// Open tournaments whose start time has come by `now`.
    ///
    /// # Errors
    /// [`StoreError::Sqlite`].
    pub fn tournaments_due(&mut self, now: i64) -> Result<Vec<TournamentId>> {
        self.read(|tx| {
            let mut stmt = tx.prepare_cached(
                "SELECT id FROM tournaments WHERE status = 'open' AND starts_at <= ?1 ORDER BY id",
            )?;
            let rows = stmt.query_map([now], |r| r.get(0))?;
            Ok(rows.collect::<rusqlite::Result<_>>()?)
        })
    }

    /// The earliest start time of an open tournament, if any (the sweeper sleeps until then).
    ///
    /// # Errors
    /// [`StoreError::Sqlite`].
    pub fn next_tournament_start(&mut self) -> Result<Option<i64>> {
        self.read(|tx| {
            Ok(tx.query_row(
                "SELECT min(starts_at) FROM tournaments WHERE status = 'open'",
                (),
                |r| r.get(0),
            )?)
        })
    }
}
