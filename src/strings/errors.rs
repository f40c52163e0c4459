//! The sentences of the errors a player can cause: the `Display` of each error type of
//! [`rules`](crate::rules), [`store`](crate::store) and [`service`](crate::service).
//!
//! Each is one sentence a player can act on. A variant that wraps another error shows that
//! error's sentence. [`StoreError::Sqlite`] and [`StoreError::Migration`] are failures of the
//! database itself, reported with SQLite's own words.

use std::fmt::{self, Display, Formatter};
use std::path::Path;

use crate::rules::record::{RecordError, ReplayError};
use crate::rules::{
    Color, FpnError, MoveError, ParseMoveError, ParseRulesError, ParseSquareError, PlayError,
};
use crate::service::ServiceError;
use crate::store::{GameStatus, StoreError};

impl Display for ParseSquareError {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            ParseSquareError::NotASquare(text) => write!(
                f,
                "`{text}` is not a square: squares are a file a–h and a rank 1–8, like c5"
            ),
            ParseSquareError::CutCorner(text) => write!(
                f,
                "{text} is a cut corner: the three squares at each corner are not part of the board"
            ),
        }
    }
}

impl Display for ParseMoveError {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            ParseMoveError::Empty => {
                f.write_str("no move given: write c5-e5 to move, +e5 to drop from your reserve")
            }
            ParseMoveError::Unreadable(text) => write!(
                f,
                "`{text}` is not a move: write c5-e5 to move a stack, +e5 to drop from your \
                 reserve, d4~d5 to swap"
            ),
            ParseMoveError::Square(error) => Display::fmt(error, f),
            ParseMoveError::Diagonal { from, to } => write!(
                f,
                "{from}-{to} is diagonal: stacks move along a rank or a file, never diagonally"
            ),
            ParseMoveError::SameSquare(square) => write!(
                f,
                "{square}-{square} goes nowhere: a stack must move at least one square"
            ),
            ParseMoveError::CountMismatch {
                from,
                to,
                count,
                distance,
            } => {
                let s = if *distance == 1 { "" } else { "s" };
                write!(
                    f,
                    "{from}-{to}:{count} moves {count} pieces over {distance} square{s}: a stack \
                     moves exactly as many squares as pieces"
                )
            }
            ParseMoveError::SwapNotAdjacent { a, b } => write!(
                f,
                "{a}~{b} is not a swap: a swap exchanges two pieces on orthogonally adjacent \
                 squares"
            ),
        }
    }
}

impl Display for PlayError {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver => f.write_str("the game is over: no more moves can be played"),
            PlayError::EmptySquare(square) => write!(
                f,
                "{square} is empty: choose a stack with your piece on top"
            ),
            PlayError::NotYourStack {
                square,
                owner,
                mover,
            } => write!(
                f,
                "{square} is not your stack: its top piece is {owner}, and you ({mover}) move \
                 only stacks with your piece on top"
            ),
            PlayError::TooFewPieces {
                from,
                to,
                count,
                height,
            } => write!(
                f,
                "{from}-{to} moves {count} pieces, but {from} holds only {height}: a stack moves \
                 exactly as many squares as the pieces it takes"
            ),
            PlayError::NoReserve(color) => write!(f, "{color} has no pieces in reserve to drop"),
            PlayError::SwapRequired => f.write_str(
                "with the opening-swap rule White's first turn must be a swap of two adjacent \
                 single pieces of different colours, like d4~d5",
            ),
            PlayError::SwapNotAllowed => f.write_str(
                "a swap is allowed only as White's first turn, and only with the opening-swap rule",
            ),
            PlayError::SwapNotSingles { square, height } => write!(
                f,
                "a swap exchanges two single pieces, but {square} holds {height}"
            ),
            PlayError::SwapSameColor { a, b, color } => write!(
                f,
                "a swap exchanges a white and a black piece, but {a} and {b} are both {color}"
            ),
            PlayError::Shape(error) => Display::fmt(error, f),
        }
    }
}

impl Display for MoveError {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Parse(error) => Display::fmt(error, f),
            MoveError::Illegal(error) => Display::fmt(error, f),
        }
    }
}

impl Display for FpnError {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            FpnError::FieldCount(count) => write!(
                f,
                "an FPN has 6 fields (board, side to move, white reserve, black reserve, \
                 captured by white, captured by black) but this one has {count}"
            ),
            FpnError::RankCount(count) => write!(
                f,
                "the board needs 8 ranks separated by '/', but this one has {count}"
            ),
            FpnError::RankLength {
                rank,
                expected,
                found,
            } => write!(
                f,
                "rank {rank} has {expected} squares, but the FPN gives {found}"
            ),
            FpnError::BadStack { square, text } => write!(
                f,
                "{square}: `{text}` is not a stack; write its pieces bottom to top with w and b, \
                 or . for empty"
            ),
            FpnError::TooTall { square, height } => write!(
                f,
                "{square} holds {height} pieces, but a stack is at most 5 high"
            ),
            FpnError::Side(text) => write!(f, "the side to move must be w or b, not `{text}`"),
            FpnError::Count { field, text } => {
                write!(f, "the {field} must be a number from 0 to 18, not `{text}`")
            }
            FpnError::PieceCount {
                color,
                on_board,
                reserve,
                captured,
                total,
            } => {
                let opponent = color.opponent();
                write!(
                    f,
                    "{color}'s pieces add up to {total}, not 18: {on_board} on the board + \
                     {reserve} in reserve + {captured} captured by {opponent}"
                )
            }
        }
    }
}

impl Display for ParseRulesError {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a rule set: use classic, swap, mirror or swap+mirror",
            self.0
        )
    }
}

impl Display for RecordError {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::UnclosedAnnotation { open, close, at } => write!(
                f,
                "the annotation opened with `{open}` at character {at} is never closed: close \
                 it with `{close}`"
            ),
        }
    }
}

impl Display for ReplayError {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Record(error) => Display::fmt(error, f),
            ReplayError::Move {
                ply,
                number,
                side,
                text,
                error,
            } => {
                let dots = if *side == Color::White { "." } else { "..." };
                write!(f, "ply {ply} ({number}{dots} {text}): {error}")
            }
        }
    }
}

impl Display for StoreError {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Open { path, source } => write!(
                f,
                "cannot open the database {}: {}",
                path.display(),
                open_reason(source, path)
            ),
            StoreError::ReadOnly { path } => write!(
                f,
                "cannot write the database {}: the file is read-only",
                path.display()
            ),
            StoreError::TooNew { path, found, known } => write!(
                f,
                "the database {} has schema version {found}, but this focus-bot knows only up to \
                 {known}: it was written by a newer version, so it was left unchanged (upgrade \
                 focus-bot)",
                path.display()
            ),
            StoreError::Migration(error) => {
                write!(f, "cannot bring the database schema up to date: {error}")
            }
            StoreError::Sqlite(error) => write!(f, "database error: {error}"),
            StoreError::Stopped => f.write_str("the database thread has stopped"),
            StoreError::NoSuchGame(id) => write!(f, "there is no game {id}"),
            StoreError::NoSuchChallenge(id) => write!(f, "there is no challenge {id}"),
            StoreError::GameNotActive { id, status } => {
                write!(f, "game {id} is not in play: {}", not_in_play(*status))
            }
            StoreError::PositionChanged { .. } => f.write_str(
                "the position changed: someone moved first; look at the board and try again",
            ),
            StoreError::NotAPlayer(id) => write!(f, "you are not playing in game {id}"),
            StoreError::NotYourTurn { to_move, you } => write!(
                f,
                "it is not your turn: {to_move} is to move, and you play {you}"
            ),
            StoreError::Illegal(error) => Display::fmt(error, f),
            StoreError::Mismatch { id, detail } => write!(
                f,
                "game {id} is held for a moderator: its stored position does not match its moves \
                 ({detail})"
            ),
            StoreError::ChannelBusy => f.write_str(
                "this channel already has a game in play: finish it first, or play in another \
                 channel",
            ),
            StoreError::ChallengeExpired(id) => {
                write!(f, "challenge {id} has expired: send a new one")
            }
            StoreError::ChallengeClosed { id, status } => {
                write!(f, "challenge {id} is no longer open (it was {status})")
            }
            StoreError::NotYourChallenge(id) => {
                write!(f, "challenge {id} is addressed to someone else")
            }
            StoreError::NotChallenger(id) => {
                write!(f, "only the player who sent challenge {id} can cancel it")
            }
            StoreError::OwnChallenge => {
                f.write_str("you cannot play against yourself: challenge someone else")
            }
            StoreError::BadDaysPerMove(days) => write!(
                f,
                "{days} days per move is not offered: choose 1, 2, 3, 5, 7, 10 or 14, or 0 for \
                 no limit"
            ),
            StoreError::RatedSetUp => f.write_str(
                "a game from a set-up position cannot be rated: make it unrated or use the \
                 standard start",
            ),
            StoreError::BadStartFpn(error) => write!(f, "bad starting position: {error}"),
            StoreError::StartIsOver => f.write_str(
                "the starting position is already decided: set up one where the player to move \
                 can move",
            ),
            StoreError::DeadlineNotPassed => {
                f.write_str("the player to move still has time: the deadline has not passed")
            }
            StoreError::NoDrawOffer => f.write_str("your opponent has not offered a draw"),
            StoreError::NoTakebackRequest => {
                f.write_str("your opponent has not asked to take a move back")
            }
            StoreError::NothingToTakeBack => f.write_str("there is no move to take back"),
            StoreError::TimeRanOut(id) => write!(
                f,
                "too late: the time for this move in game {id} ran out, so the game is over; \
                 the channel is told the result"
            ),
            StoreError::NoTimeLimit => {
                f.write_str("this game has no time limit, so there is no time to give")
            }
            StoreError::OwnMove => {
                f.write_str("it is your move: `/focus moretime` gives your opponent time on theirs")
            }
            StoreError::TooMuchTime { days } => write!(
                f,
                "your opponent already has close to {days} days for this move, the most a move \
                 can have"
            ),
        }
    }
}

/// Why a game of `status` takes no more moves, for players.
fn not_in_play(status: GameStatus) -> &'static str {
    match status {
        GameStatus::Active => "it is in play after all; try again",
        GameStatus::Finished => "it is over",
        GameStatus::Aborted => "it was called off",
        GameStatus::NeedsReview => "it is held for a moderator",
    }
}

/// SQLite's reason for failing to open `path`, without the path it sometimes repeats.
fn open_reason(source: &rusqlite::Error, path: &Path) -> String {
    let text = source.to_string();
    match text.strip_suffix(&format!(": {}", path.display())) {
        Some(reason) => reason.to_owned(),
        None => text,
    }
}

impl Display for ServiceError {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            ServiceError::NoGameHere => {
                f.write_str("there is no game in this channel: start one with /focus challenge")
            }
            ServiceError::NotAPlayer => f.write_str("you are not playing in this channel's game"),
            ServiceError::ChallengeSelf => f.write_str(
                "you cannot challenge yourself: name someone else, or leave the opponent empty",
            ),
            ServiceError::ChallengeBot => f.write_str("bots cannot play Focus: challenge a person"),
            ServiceError::ChannelBusy => f.write_str(
                "this channel already has a game in play: finish it first, or play in another \
                 channel",
            ),
            ServiceError::AbortTooLate => f.write_str(
                "a game can be aborted by a player only before each side has moved twice; resign \
                 instead, or ask a moderator",
            ),
            ServiceError::TakebackNotYourMove => f.write_str(
                "you can take back only your own last move, until your opponent has replied to it",
            ),
            ServiceError::Move(error) => Display::fmt(error, f),
            ServiceError::Store(error) => Display::fmt(error, f),
            ServiceError::Render => f.write_str("the board picture could not be drawn"),
        }
    }
}
