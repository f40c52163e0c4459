// Longer than 400 lines: an event, its entrants, boards and log, and every transaction on them.
//! Tournaments (issue 22): the event, its players, each round's boards and the director's log.
//!
//! The store keeps what happened; what to pair is decided by the pure pairing module, called by
//! the service. Every transition is one transaction, so a kill at any moment leaves the event
//! in a state it resumes from:
//! - a round is paired by [`Store::pair_round`], which writes every board of the round and
//!   queues a `tournament-game` notice per game, or refuses when the round is already paired
//!   (so it is never paired twice);
//! - a board's game is created by [`Store::start_board_game`] once its thread exists, at most
//!   once per board;
//! - a game's end records its board's result in the game's own transaction ([`board_ended_in`]),
//!   and the round's last result queues the next round (or ends the event).

use rusqlite::{OptionalExtension, Row, Transaction, params};

use super::games::{Game, get_game};
use super::ids::Snowflake;
use super::notices::{NewNotice, NoticeKind, Via, queue_at, queue_in};
use super::values::text_enum;
use super::{GameId, GameResult, GameStatus, Result, Store, StoreError, TimeControl};
use crate::rules::{Color, Position, Rules};

pub use super::ids::{PairingId, TournamentId};

text_enum! {
    /// How a tournament is paired.
    pub enum Format {
        /// The FIDE Dutch Swiss system (C.04.3).
        Swiss => "swiss",
        /// Everyone meets everyone once (Berger tables, C.05 Annex 1).
        RoundRobin => "round-robin",
        /// Everyone meets everyone twice, colours reversed.
        DoubleRoundRobin => "double-round-robin",
    }
}

text_enum! {
    /// How rounds follow each other.
    pub enum Pace {
        /// The next round starts when the last game of the round ends.
        Next => "next",
        /// A round every `round_every` seconds, never before the previous one is over.
        Schedule => "schedule",
        /// Every game of a round-robin at once.
        AllAtOnce => "all-at-once",
    }
}

text_enum! {
    /// Where a tournament is in its life.
    pub enum TournamentStatus {
        /// Taking players.
        Open => "open",
        /// Rounds are being played.
        Running => "running",
        /// Over: every round played.
        Finished => "finished",
        /// Called off by its director.
        Cancelled => "cancelled",
    }
}

text_enum! {
    /// A player's place in a tournament.
    pub enum EntrantStatus {
        /// Paired in every round to come.
        Playing => "playing",
        /// Left a running event.
        Withdrawn => "withdrawn",
        /// Removed by the director.
        Removed => "removed",
        /// Lost on time without moving: withdrawn from later rounds.
        NoShow => "no-show",
    }
}

text_enum! {
    /// A board's result.
    pub enum BoardResult {
        /// White won over the board.
        White => "white",
        /// Black won over the board.
        Black => "black",
        /// A draw.
        Draw => "draw",
        /// White wins a game that was not played (a forfeit, TRF `+`/`-`).
        WhiteForfeit => "white-forfeit",
        /// Black wins a game that was not played.
        BlackForfeit => "black-forfeit",
        /// Neither played: both lose.
        DoubleForfeit => "double-forfeit",
        /// The pairing-allocated bye (one point).
        Bye => "bye",
    }
}

impl BoardResult {
    /// The points of White (or of the bye's player), in half points.
    pub fn white_half_points(self) -> u32 {
        match self {
            BoardResult::White | BoardResult::WhiteForfeit | BoardResult::Bye => 2,
            BoardResult::Draw => 1,
            _ => 0,
        }
    }

    /// The points of Black, in half points.
    pub fn black_half_points(self) -> u32 {
        match self {
            BoardResult::Black | BoardResult::BlackForfeit => 2,
            BoardResult::Draw => 1,
            _ => 0,
        }
    }

    /// True when the game was played over the board.
    pub fn played(self) -> bool {
        matches!(
            self,
            BoardResult::White | BoardResult::Black | BoardResult::Draw
        )
    }
}

/// The most players a tournament takes.
pub const MAX_PLAYERS: u32 = 1000;

/// A tournament as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct Tournament {
    /// Its number.
    pub id: TournamentId,
    /// Its server.
    pub guild_id: u64,
    /// The channel it was announced in, where its rounds' threads start.
    pub channel_id: u64,
    /// Its creator and director.
    pub director_id: u64,
    /// Its name (1 to 64 characters).
    pub name: String,
    /// Swiss or round-robin.
    pub format: Format,
    /// The planned rounds, once known.
    pub rounds: Option<u32>,
    /// The games' time control.
    pub time_control: TimeControl,
    /// The games' rules.
    pub rules: Rules,
    /// Whether its games count on the server's ladder.
    pub rated: bool,
    /// When it starts on its own (unix seconds); `None`: when the director starts it.
    pub starts_at: Option<i64>,
    /// The most players it takes.
    pub max_players: Option<u32>,
    /// How rounds follow each other.
    pub pace: Pace,
    /// Seconds between scheduled rounds ([`Pace::Schedule`]).
    pub round_every: Option<i64>,
    /// Open, running, finished or cancelled.
    pub status: TournamentStatus,
    /// Paused by its director: no round starts.
    pub paused: bool,
    /// Rounds paired so far.
    pub current_round: u32,
    /// The colour of the top seed in round 1, drawn at the start.
    pub initial_colour: Option<Color>,
    /// The announcement's message, once posted.
    pub message_id: Option<u64>,
    /// When it was created, started and finished (unix seconds).
    pub created_at: i64,
    /// When it started.
    pub started_at: Option<i64>,
    /// When it ended.
    pub finished_at: Option<i64>,
}

/// A tournament to create.
#[derive(Clone, Debug, PartialEq)]
pub struct NewTournament {
    /// Its server.
    pub guild_id: u64,
    /// Its channel.
    pub channel_id: u64,
    /// Its director.
    pub director_id: u64,
    /// Its name.
    pub name: String,
    /// The format.
    pub format: Format,
    /// The planned rounds of a Swiss (`None`: chosen at the start); ignored by round-robins.
    pub rounds: Option<u32>,
    /// The games' time control.
    pub time_control: TimeControl,
    /// The games' rules.
    pub rules: Rules,
    /// Rated.
    pub rated: bool,
    /// When it starts on its own.
    pub starts_at: Option<i64>,
    /// The most players.
    pub max_players: Option<u32>,
    /// The pace.
    pub pace: Pace,
    /// Seconds between scheduled rounds.
    pub round_every: Option<i64>,
    /// Now.
    pub created_at: i64,
}

/// A player of a tournament.
#[derive(Clone, Debug, PartialEq)]
pub struct Entrant {
    /// The user.
    pub user_id: u64,
    /// The starting number, from the start.
    pub number: Option<u32>,
    /// The rating used for the seeding.
    pub rating: f64,
    /// When they joined.
    pub joined_at: i64,
    /// The first round they can be paired in.
    pub first_round: u32,
    /// Playing, or gone.
    pub status: EntrantStatus,
    /// The last round they were paired in, once gone.
    pub left_after: Option<u32>,
}

/// One board of a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Its number.
    pub id: PairingId,
    /// Its tournament.
    pub tournament_id: TournamentId,
    /// The round (from 1).
    pub round: u32,
    /// The board (from 1; the bye last).
    pub board: u32,
    /// White, or the bye's player.
    pub white_id: u64,
    /// Black; `None` for the bye.
    pub black_id: Option<u64>,
    /// The game, once its thread has started.
    pub game_id: Option<GameId>,
    /// The result, once known.
    pub result: Option<BoardResult>,
    /// Set by the director.
    pub adjudicated: bool,
}

/// One entry of a tournament's log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogEntry {
    /// When (unix seconds).
    pub at: i64,
    /// Who; `None`: the bot.
    pub user_id: Option<u64>,
    /// What (`create`, `join`, `start`, `adjudicate`, …).
    pub action: String,
    /// With what.
    pub detail: String,
}

/// Why a tournament request is refused. Each has one sentence at the edge.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TournamentError {
    /// No tournament has this number.
    #[error("no tournament {0}")]
    NoSuchTournament(TournamentId),
    /// The tournament belongs to another server.
    #[error("tournament {0} is on another server")]
    OtherServer(TournamentId),
    /// Joined already.
    #[error("already in tournament {0}")]
    AlreadyJoined(TournamentId),
    /// Not a player of it.
    #[error("not in tournament {0}")]
    NotJoined(TournamentId),
    /// The player asking to leave is not in it and never was (told as "you", not "that
    /// player").
    #[error("you are not in tournament {0}")]
    YouNeverJoined(TournamentId),
    /// The player asking to leave has left it already (withdrawn, or removed).
    #[error("you have left tournament {0} already")]
    YouLeft(TournamentId),
    /// As many players as it takes.
    #[error("tournament {0} is full")]
    Full(TournamentId),
    /// No more joining: a round-robin that started, a Swiss past half its rounds, or over.
    #[error("tournament {0} no longer takes players")]
    JoinClosed(TournamentId),
    /// Not open any more (started, finished or cancelled).
    #[error("tournament {0} has already started")]
    AlreadyStarted(TournamentId),
    /// Finished or cancelled.
    #[error("tournament {0} is over")]
    Over(TournamentId),
    /// Not running.
    #[error("tournament {0} is not running")]
    NotRunning(TournamentId),
    /// Too few players to start.
    #[error("tournament {id} needs at least {needed} players")]
    TooFewPlayers {
        /// The tournament.
        id: TournamentId,
        /// The least it needs.
        needed: u32,
    },
    /// Too many players for a round-robin (Berger tables go to 20).
    #[error("a round-robin takes at most {max} players")]
    TooManyPlayers {
        /// The most it takes.
        max: u32,
    },
    /// A director's command from someone else.
    #[error("only the director of tournament {0} may do that")]
    NotDirector(TournamentId),
    /// A game or board that is not in this tournament.
    #[error("that game is not in tournament {0}")]
    NotInTournament(TournamentId),
    /// The round has unfinished games.
    #[error("round {round} of tournament {id} is not over")]
    RoundNotOver {
        /// The tournament.
        id: TournamentId,
        /// The round.
        round: u32,
    },
    /// That round is paired already.
    #[error("round {round} of tournament {id} is paired already")]
    RoundPaired {
        /// The tournament.
        id: TournamentId,
        /// The round.
        round: u32,
    },
    /// Every planned round has been paired.
    #[error("tournament {0} has no more rounds")]
    NoMoreRounds(TournamentId),
    /// Paused already, or not paused.
    #[error("tournament {0} is already so")]
    Unchanged(TournamentId),
}

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
pub(crate) fn get_tournament(conn: &rusqlite::Connection, id: TournamentId) -> Result<Tournament> {
    conn.prepare_cached(&format!("SELECT {COLUMNS} FROM tournaments WHERE id = ?1"))?
        .query_row([id], tournament_from_row)
        .optional()?
        .ok_or(TournamentError::NoSuchTournament(id).into())
}

fn get_entrants(conn: &rusqlite::Connection, id: TournamentId) -> Result<Vec<Entrant>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {ENTRANT_COLUMNS} FROM tournament_players WHERE tournament_id = ?1 \
         ORDER BY number IS NULL, number, joined_at, rowid"
    ))?;
    let rows = stmt.query_map([id], entrant_from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

fn get_boards(conn: &rusqlite::Connection, id: TournamentId) -> Result<Vec<Board>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {BOARD_COLUMNS} FROM tournament_pairings WHERE tournament_id = ?1 \
         ORDER BY round, board"
    ))?;
    let rows = stmt.query_map([id], board_from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

fn get_board(conn: &rusqlite::Connection, id: PairingId) -> Result<Option<Board>> {
    Ok(conn
        .prepare_cached(&format!(
            "SELECT {BOARD_COLUMNS} FROM tournament_pairings WHERE id = ?1"
        ))?
        .query_row([id], board_from_row)
        .optional()?)
}

/// Why `user_id` cannot leave tournament `id` (asked by `by`): to themselves, that they have
/// left already or never joined; to a director, that the player is not, or no longer, in it.
fn not_in(
    tx: &Transaction<'_>,
    id: TournamentId,
    user_id: u64,
    by: u64,
) -> Result<TournamentError> {
    if by != user_id {
        return Ok(TournamentError::NotJoined(id));
    }
    let left: bool = tx.query_row(
        "SELECT EXISTS (SELECT 1 FROM tournament_log WHERE tournament_id = ?1 \
         AND ((action = 'leave' AND user_id = ?2) \
         OR (action IN ('withdrawn', 'removed', 'no-show') AND detail = ?3)))",
        params![id, Snowflake(user_id), user_id.to_string()],
        |row| row.get(0),
    )?;
    Ok(if left {
        TournamentError::YouLeft(id)
    } else {
        TournamentError::YouNeverJoined(id)
    })
}

fn log_in(
    tx: &Transaction<'_>,
    id: TournamentId,
    user: Option<u64>,
    action: &str,
    detail: &str,
    now: i64,
) -> Result<()> {
    log_then_in(tx, id, user, action, detail, now, Redraw::Queue)
}

/// Who redraws the announcement after a change of its players.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Redraw {
    /// The outbox (a command's answer is a message of its own).
    Queue,
    /// The caller's answer: a click on the announcement's button edits that very message, so
    /// a queued redraw would edit it a second time.
    ByCaller,
}

fn log_then_in(
    tx: &Transaction<'_>,
    id: TournamentId,
    user: Option<u64>,
    action: &str,
    detail: &str,
    now: i64,
    redraw: Redraw,
) -> Result<()> {
    tx.prepare_cached(
        "INSERT INTO tournament_log (tournament_id, at, user_id, action, detail) \
         VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![id, now, user.map(Snowflake), action, detail])?;
    // Every logged change but a result shows on the announcement (players, state, buttons).
    if redraw == Redraw::Queue && !matches!(action, "create" | "adjudicate" | "extra-time") {
        queue_announce_in(tx, id, now)?;
    }
    Ok(())
}

/// Queues the notice that pairs round `current_round + 1` of `t`, due at `at`.
fn queue_round_in(tx: &Transaction<'_>, t: TournamentId, at: i64, now: i64) -> Result<()> {
    let notice = NewNotice {
        kind: NoticeKind::TournamentRound,
        tournament_id: Some(t),
        via: Via::Channel,
        ..NewNotice::default()
    };
    queue_at(tx, &notice, now, at.max(now))?;
    Ok(())
}

/// Queues the redrawing of `t`'s announcement, unless one is already waiting (it draws the
/// event as it is when delivered).
fn queue_announce_in(tx: &Transaction<'_>, t: TournamentId, now: i64) -> Result<()> {
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

/// Queues the pairings of `round` of `t` for its channel.
fn queue_pairings_in(tx: &Transaction<'_>, t: TournamentId, round: u32, now: i64) -> Result<()> {
    let notice = NewNotice {
        kind: NoticeKind::TournamentNews,
        tournament_id: Some(t),
        ply: Some(round),
        via: Via::Channel,
        ..NewNotice::default()
    };
    queue_in(tx, &notice, now)?;
    Ok(())
}

/// Queues the standings of `t` after `round` (0: the final standings) for its channel.
fn queue_news_in(tx: &Transaction<'_>, t: TournamentId, round: u32, now: i64) -> Result<()> {
    let notice = NewNotice {
        kind: NoticeKind::TournamentStandings,
        tournament_id: Some(t),
        ply: Some(round),
        via: Via::Channel,
        ..NewNotice::default()
    };
    queue_in(tx, &notice, now)?;
    Ok(())
}

/// Whether every board of round `round` of `t` has its result.
fn round_over(tx: &Transaction<'_>, t: TournamentId, round: u32) -> Result<bool> {
    let open: i64 = tx
        .prepare_cached(
            "SELECT count(*) FROM tournament_pairings \
             WHERE tournament_id = ?1 AND round = ?2 AND result IS NULL",
        )?
        .query_row(params![t, round], |r| r.get(0))?;
    Ok(open == 0)
}

/// After a result in round `round` of `t`: when the round is over, the next round is queued
/// (at once, or at its scheduled time), or the event ends after its last round. A round-robin
/// played all at once ends with its last game, whichever round that game is in (its rounds
/// are all paired from the start, so the last result may come from any of them). Only a
/// running event moves on: a cancelled one stays cancelled while its games end.
fn after_result_in(tx: &Transaction<'_>, t: &Tournament, round: u32, now: i64) -> Result<()> {
    if t.status != TournamentStatus::Running {
        return Ok(());
    }
    let all_at_once = t.pace == Pace::AllAtOnce;
    if all_at_once {
        let paired_all = t.rounds.is_none_or(|r| t.current_round >= r);
        if paired_all && all_over(tx, t.id)? {
            return finish_in(tx, t.id, now);
        }
        return Ok(());
    }
    if round != t.current_round || !round_over(tx, t.id, round)? {
        return Ok(());
    }
    if t.rounds.is_some_and(|r| round >= r) || active_players(tx, t.id)? < 2 {
        return finish_in(tx, t.id, now);
    }
    // Standings after the round go out now; the next round when due.
    queue_news_in(tx, t.id, round, now)?;
    if t.paused {
        return Ok(());
    }
    let at = match (t.pace, t.round_every, t.started_at) {
        (Pace::Schedule, Some(every), Some(start)) => start + every * i64::from(round),
        _ => now,
    };
    queue_round_in(tx, t.id, at, now)
}

/// Whether `user` still plays in tournament `t` (not withdrawn, removed or a no-show).
fn playing(tx: &Transaction<'_>, t: TournamentId, user: u64) -> Result<bool> {
    let status: Option<EntrantStatus> = tx
        .prepare_cached(
            "SELECT status FROM tournament_players WHERE tournament_id = ?1 AND user_id = ?2",
        )?
        .query_row(params![t, Snowflake(user)], |r| r.get(0))
        .optional()?;
    Ok(status == Some(EntrantStatus::Playing))
}

/// Ends running tournament `t` after its rounds played: logged, with its final standings.
fn finish_in(tx: &Transaction<'_>, t: TournamentId, now: i64) -> Result<()> {
    tx.execute(
        "UPDATE tournaments SET status = 'finished', finished_at = ?1 WHERE id = ?2",
        params![now, t],
    )?;
    log_in(tx, t, None, "finish", "", now)?;
    queue_news_in(tx, t, 0, now)
}

fn all_over(tx: &Transaction<'_>, t: TournamentId) -> Result<bool> {
    let open: i64 = tx.query_row(
        "SELECT count(*) FROM tournament_pairings WHERE tournament_id = ?1 AND result IS NULL",
        [t],
        |r| r.get(0),
    )?;
    Ok(open == 0)
}

fn active_players(tx: &Transaction<'_>, t: TournamentId) -> Result<u32> {
    Ok(tx.query_row(
        "SELECT count(*) FROM tournament_players WHERE tournament_id = ?1 AND status = 'playing'",
        [t],
        |r| r.get(0),
    )?)
}

/// The board result of a game that ended: over the board once each side has moved, else a
/// forfeit (the game counts as not played, C.04.1); an aborted game is a double forfeit.
pub fn board_result_of(game: &Game) -> BoardResult {
    let played = game.ply >= super::RESULT_MIN_PLY;
    match (game.result, played) {
        (Some(GameResult::White), true) => BoardResult::White,
        (Some(GameResult::Black), true) => BoardResult::Black,
        (Some(GameResult::Draw), _) => BoardResult::Draw,
        (Some(GameResult::White), false) => BoardResult::WhiteForfeit,
        (Some(GameResult::Black), false) => BoardResult::BlackForfeit,
        (None, _) => BoardResult::DoubleForfeit,
    }
}

/// Inside the transaction that ended `game` (of a tournament): records its board's result
/// (unless the director set one), withdraws a player who lost on time without moving (a
/// no-show), and moves the event on when the round is over.
pub(crate) fn board_ended_in(tx: &Transaction<'_>, game: &Game, now: i64) -> Result<()> {
    let Some(t) = game.tournament_id else {
        return Ok(());
    };
    let board: Option<Board> = tx
        .prepare_cached(&format!(
            "SELECT {BOARD_COLUMNS} FROM tournament_pairings WHERE game_id = ?1"
        ))?
        .query_row([game.id], board_from_row)
        .optional()?;
    let Some(board) = board else { return Ok(()) };
    if board.result.is_some() {
        return Ok(());
    }
    let result = board_result_of(game);
    tx.execute(
        "UPDATE tournament_pairings SET result = ?1 WHERE id = ?2",
        params![result, board.id],
    )?;
    let tournament = get_tournament(tx, t)?;
    let winner = match game.result {
        Some(GameResult::White) => Some(Color::White),
        Some(GameResult::Black) => Some(Color::Black),
        _ => None,
    };
    if game.reason == Some(super::EndReason::TimeOut)
        && let Some(winner) = winner
    {
        let loser = !winner;
        // The loser never moved: White moves at plies 0, 2, …, Black at 1, 3, ….
        let moved = match loser {
            Color::White => game.ply >= 1,
            Color::Black => game.ply >= 2,
        };
        if !moved {
            let user = game.player(loser);
            let changed = tx.execute(
                "UPDATE tournament_players SET status = 'no-show', left_after = ?1 \
                 WHERE tournament_id = ?2 AND user_id = ?3 AND status = 'playing'",
                params![board.round, t, Snowflake(user)],
            )?;
            if changed > 0 {
                log_in(tx, t, None, "no-show", &user.to_string(), now)?;
                let notice = NewNotice {
                    kind: NoticeKind::TournamentNews,
                    tournament_id: Some(t),
                    user_id: Some(user),
                    ply: Some(board.round),
                    via: Via::Dm,
                    ..NewNotice::default()
                };
                queue_in(tx, &notice, now)?;
            }
        }
    }
    after_result_in(tx, &tournament, board.round, now)
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
            tx.execute(
                "INSERT INTO tournaments (guild_id, channel_id, director_id, name, format, \
                 rounds, days_per_move, minutes_per_move, rules, rated, starts_at, max_players, \
                 pace, round_every, created_at) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
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
            )?;
            let id = TournamentId(tx.last_insert_rowid());
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
            let t = get_tournament(tx, id)?;
            let entrants = get_entrants(tx, id)?;
            if entrants.iter().any(|e| e.user_id == user_id) {
                return Err(TournamentError::AlreadyJoined(id).into());
            }
            let (number, first_round) = match t.status {
                TournamentStatus::Open => (None, 1),
                TournamentStatus::Running
                    if t.format == Format::Swiss
                        && t.rounds.is_some_and(|r| 2 * t.current_round <= r) =>
                {
                    let next = entrants.iter().filter_map(|e| e.number).max().unwrap_or(0) + 1;
                    (Some(next), t.current_round + 1)
                }
                _ => return Err(TournamentError::JoinClosed(id).into()),
            };
            let max = t.max_players.unwrap_or(MAX_PLAYERS).min(MAX_PLAYERS);
            if entrants.len() as u32 >= max {
                return Err(TournamentError::Full(id).into());
            }
            tx.execute(
                "INSERT INTO tournament_players (tournament_id, user_id, number, rating, \
                 joined_at, first_round) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![id, Snowflake(user_id), number, rating, now, first_round],
            )?;
            log_then_in(tx, id, Some(user_id), "join", "", now, redraw)?;
            Ok(Entrant {
                user_id,
                number,
                rating,
                joined_at: now,
                first_round,
                status: EntrantStatus::Playing,
                left_after: None,
            })
        })
    }

    /// `user_id` leaves tournament `id` before its start.
    ///
    /// # Errors
    /// [`TournamentError::NotJoined`]; [`TournamentError::AlreadyStarted`] (a running event is
    /// left with [`Store::withdraw`]).
    pub fn leave_tournament(&mut self, id: TournamentId, user_id: u64, now: i64) -> Result<()> {
        self.write(|tx| {
            let t = get_tournament(tx, id)?;
            if t.status != TournamentStatus::Open {
                return Err(TournamentError::AlreadyStarted(id).into());
            }
            let gone = tx.execute(
                "DELETE FROM tournament_players WHERE tournament_id = ?1 AND user_id = ?2",
                params![id, Snowflake(user_id)],
            )?;
            if gone == 0 {
                return Err(TournamentError::NotJoined(id).into());
            }
            log_in(tx, id, Some(user_id), "leave", "", now)
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
        self.write(|tx| {
            let t = get_tournament(tx, id)?;
            match t.status {
                TournamentStatus::Finished | TournamentStatus::Cancelled => {
                    return Err(TournamentError::Over(id).into());
                }
                TournamentStatus::Open => {
                    let gone = tx.execute(
                        "DELETE FROM tournament_players WHERE tournament_id = ?1 AND user_id = ?2",
                        params![id, Snowflake(user_id)],
                    )?;
                    if gone == 0 {
                        return Err(not_in(tx, id, user_id, by)?.into());
                    }
                }
                TournamentStatus::Running => {
                    let changed = tx.execute(
                        "UPDATE tournament_players SET status = ?1, left_after = ?2 \
                         WHERE tournament_id = ?3 AND user_id = ?4 AND status = 'playing'",
                        params![status, t.current_round, id, Snowflake(user_id)],
                    )?;
                    if changed == 0 {
                        return Err(not_in(tx, id, user_id, by)?.into());
                    }
                }
            }
            log_then_in(
                tx,
                id,
                Some(by),
                status.as_str(),
                &user_id.to_string(),
                now,
                redraw,
            )?;
            // The round may now be over for everyone still playing (an event left with one
            // player ends after its round).
            Ok(())
        })
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
        rounds: impl FnOnce(Format, u32) -> u32,
        initial_colour: Color,
        now: i64,
    ) -> Result<Tournament> {
        self.write(|tx| {
            let t = get_tournament(tx, id)?;
            if t.status != TournamentStatus::Open {
                return Err(TournamentError::AlreadyStarted(id).into());
            }
            let mut entrants = get_entrants(tx, id)?;
            let players = entrants.len() as u32;
            let needed = if t.format == Format::Swiss { 4 } else { 3 };
            if players < needed {
                return Err(TournamentError::TooFewPlayers { id, needed }.into());
            }
            if t.format != Format::Swiss && players > 20 {
                return Err(TournamentError::TooManyPlayers { max: 20 }.into());
            }
            entrants.sort_by(|a, b| {
                b.rating
                    .total_cmp(&a.rating)
                    .then(a.joined_at.cmp(&b.joined_at))
            });
            for (i, e) in entrants.iter().enumerate() {
                tx.execute(
                    "UPDATE tournament_players SET number = ?1 WHERE tournament_id = ?2 \
                     AND user_id = ?3",
                    params![i as u32 + 1, id, Snowflake(e.user_id)],
                )?;
            }
            let planned = match (t.format, t.rounds) {
                (Format::Swiss, Some(r)) => r,
                (format, _) => rounds(format, players),
            };
            tx.execute(
                "UPDATE tournaments SET status = 'running', started_at = ?1, rounds = ?2, \
                 initial_colour = ?3 WHERE id = ?4",
                params![now, planned, initial_colour, id],
            )?;
            log_in(tx, id, by, "start", &players.to_string(), now)?;
            queue_round_in(tx, id, now, now)?;
            get_tournament(tx, id)
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
            let t = get_tournament(tx, id)?;
            if t.status != TournamentStatus::Running {
                return Err(TournamentError::NotRunning(id).into());
            }
            if round != t.current_round + 1 {
                return Err(TournamentError::RoundPaired { id, round }.into());
            }
            if t.rounds.is_some_and(|r| round > r) {
                return Err(TournamentError::NoMoreRounds(id).into());
            }
            if !all_at_once && t.current_round > 0 && !round_over(tx, id, t.current_round)? {
                return Err(TournamentError::RoundNotOver {
                    id,
                    round: t.current_round,
                }
                .into());
            }
            for (i, (white, black)) in boards.iter().enumerate() {
                // A round-robin's table pairs a player who has left too: their opponent wins
                // by forfeit, and no game is started (a Swiss pairs only players playing).
                let result = match black {
                    None => Some(BoardResult::Bye),
                    Some(black) => match (playing(tx, id, *white)?, playing(tx, id, *black)?) {
                        (true, true) => None,
                        (true, false) => Some(BoardResult::WhiteForfeit),
                        (false, true) => Some(BoardResult::BlackForfeit),
                        (false, false) => Some(BoardResult::DoubleForfeit),
                    },
                };
                tx.prepare_cached(
                    "INSERT INTO tournament_pairings (tournament_id, round, board, white_id, \
                     black_id, result) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                )?
                .execute(params![
                    id,
                    round,
                    i as u32 + 1,
                    Snowflake(*white),
                    black.map(Snowflake),
                    result
                ])?;
                if result.is_none() {
                    let notice = NewNotice {
                        kind: NoticeKind::TournamentGame,
                        tournament_id: Some(id),
                        pairing_id: Some(PairingId(tx.last_insert_rowid())),
                        via: Via::Channel,
                        ..NewNotice::default()
                    };
                    queue_in(tx, &notice, now)?;
                }
            }
            tx.execute(
                "UPDATE tournaments SET current_round = ?1 WHERE id = ?2",
                params![round, id],
            )?;
            log_in(tx, id, None, "pair", &round.to_string(), now)?;
            queue_pairings_in(tx, id, round, now)?;
            // A round of byes and forfeits only is over at once.
            let t = get_tournament(tx, id)?;
            after_result_in(tx, &t, round, now)?;
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
            let inserted = tx.execute(
                "INSERT INTO games (guild_id, channel_id, white_id, black_id, rules, rated, \
                 created_at, last_move_at, deadline, days_per_move, fpn, minutes_per_move, \
                 parent_channel_id, tournament_id) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
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
            );
            match inserted {
                Err(err) if super::challenges::is_channel_taken(&err) => {
                    return Err(StoreError::ChannelBusy);
                }
                other => other?,
            };
            let game_id = GameId(tx.last_insert_rowid());
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
        self.write(|tx| {
            let t = get_tournament(tx, id)?;
            let board = get_board(tx, pairing)?
                .filter(|b| b.tournament_id == id && b.black_id.is_some())
                .ok_or(TournamentError::NotInTournament(id))?;
            if result == BoardResult::Bye {
                return Err(TournamentError::NotInTournament(id).into());
            }
            if t.status != TournamentStatus::Running {
                return Err(TournamentError::NotRunning(id).into());
            }
            tx.execute(
                "UPDATE tournament_pairings SET result = ?1, adjudicated = 1 WHERE id = ?2",
                params![result, pairing],
            )?;
            if let Some(game_id) = board.game_id {
                let game = get_game(tx, game_id)?;
                if game.status == GameStatus::Active || game.status == GameStatus::NeedsReview {
                    let ending = match result {
                        BoardResult::White | BoardResult::WhiteForfeit => super::Ending::Win {
                            winner: Color::White,
                            reason: super::EndReason::Adjudication,
                        },
                        BoardResult::Black | BoardResult::BlackForfeit => super::Ending::Win {
                            winner: Color::Black,
                            reason: super::EndReason::Adjudication,
                        },
                        BoardResult::Draw => super::Ending::Draw {
                            reason: super::EndReason::Adjudication,
                        },
                        _ => super::Ending::Abort,
                    };
                    super::endings::finish_in(tx, game_id, ending, now)?;
                }
            }
            log_in(
                tx,
                id,
                Some(by),
                "adjudicate",
                &format!("round {} board {}: {result}", board.round, board.board),
                now,
            )?;
            after_result_in(tx, &t, board.round, now)?;
            Ok(get_board(tx, pairing)?.expect("the board was just read"))
        })
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
            let t = get_tournament(tx, id)?;
            if t.status != TournamentStatus::Running {
                return Err(TournamentError::NotRunning(id).into());
            }
            if t.paused == paused {
                return Err(TournamentError::Unchanged(id).into());
            }
            tx.execute(
                "UPDATE tournaments SET paused = ?1 WHERE id = ?2",
                params![paused, id],
            )?;
            log_in(
                tx,
                id,
                Some(by),
                if paused { "pause" } else { "resume" },
                "",
                now,
            )?;
            if !paused && round_over(tx, id, t.current_round)? {
                queue_round_in(tx, id, now, now)?;
            }
            get_tournament(tx, id)
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
            let t = get_tournament(tx, id)?;
            if t.status != TournamentStatus::Running {
                return Err(TournamentError::NotRunning(id).into());
            }
            if !round_over(tx, id, t.current_round)? {
                return Err(TournamentError::RoundNotOver {
                    id,
                    round: t.current_round,
                }
                .into());
            }
            if t.rounds.is_some_and(|r| t.current_round >= r) {
                return Err(TournamentError::NoMoreRounds(id).into());
            }
            // A round queued for later (a schedule) is due now instead.
            tx.execute(
                "UPDATE notices SET next_attempt_at = ?1 WHERE tournament_id = ?2 \
                 AND kind = 'tournament-round' AND status = 'pending'",
                params![now, id],
            )?;
            if tx.changes() == 0 {
                queue_round_in(tx, id, now, now)?;
            }
            log_in(tx, id, Some(by), "next-round", "", now)
        })
    }

    /// Cancels tournament `id`: games in play go on, unrated no more than they were, but no
    /// round follows.
    ///
    /// # Errors
    /// [`TournamentError::Over`].
    pub fn cancel_tournament(&mut self, id: TournamentId, by: u64, now: i64) -> Result<Tournament> {
        self.write(|tx| {
            let t = get_tournament(tx, id)?;
            if matches!(
                t.status,
                TournamentStatus::Finished | TournamentStatus::Cancelled
            ) {
                return Err(TournamentError::Over(id).into());
            }
            tx.execute(
                "UPDATE tournaments SET status = 'cancelled', finished_at = ?1 WHERE id = ?2",
                params![now, id],
            )?;
            tx.execute(
                "UPDATE notices SET status = 'dropped', done_at = ?1 WHERE tournament_id = ?2 \
                 AND kind = 'tournament-round' AND status = 'pending'",
                params![now, id],
            )?;
            log_in(tx, id, Some(by), "cancel", "", now)?;
            get_tournament(tx, id)
        })
    }

    /// A tournament whose next round has no legal pairing (C.04.3's absolute criteria) ends
    /// after the rounds played, logged, with its final standings.
    ///
    /// # Errors
    /// [`StoreError::Sqlite`].
    pub fn finish_unpairable(&mut self, id: TournamentId, now: i64) -> Result<()> {
        self.write(|tx| {
            let changed = tx.execute(
                "UPDATE tournaments SET status = 'finished', finished_at = ?1, \
                 rounds = current_round WHERE id = ?2 AND status = 'running'",
                params![now, id],
            )?;
            if changed > 0 {
                log_in(tx, id, None, "finish", "no legal pairing", now)?;
                queue_news_in(tx, id, 0, now)?;
            }
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
            let (Some(deadline), Some(more)) = (game.deadline, game.time_control.more_time())
            else {
                return Err(StoreError::NoTimeLimit);
            };
            let extended = deadline.max(now) + more;
            let remind_at = game
                .remind_at
                .and_then(|_| super::reminder_for(game.last_move_at, Some(extended), game.ply));
            tx.execute(
                "UPDATE games SET deadline = ?1, remind_at = ?2 WHERE id = ?3",
                params![extended, remind_at, id],
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
                [],
                |r| r.get(0),
            )?)
        })
    }
}
