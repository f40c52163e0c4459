//! A game as the domain knows it: who plays, where, under which rules and time control, where
//! it stands and how it ended.

use super::values::text_enum;
use super::{ChallengeId, GameId, TimeControl};
use crate::rules::{Color, PlayError, Position, Rules, WinReason};

text_enum! {
    /// Where a game stands.
    pub enum GameStatus {
        /// Being played.
        Active => "active",
        /// Over, with a result.
        Finished => "finished",
        /// Called off: no result, no player's record changed.
        Aborted => "aborted",
        /// Stopped for a moderator: its stored position did not match its moves.
        NeedsReview => "needs_review",
    }
}

text_enum! {
    /// How a finished game ended for the players.
    pub enum GameResult {
        /// White won.
        White => "white",
        /// Black won.
        Black => "black",
        /// Nobody won.
        Draw => "draw",
    }
}

text_enum! {
    /// Why a game ended.
    pub enum EndReason {
        /// The loser had to move and could not (the rules).
        NoLegalMove => "no legal move",
        /// Black left the position mirror-symmetric under the mirror rule.
        MirrorRule => "mirror rule",
        /// The loser resigned.
        Resignation => "resignation",
        /// The loser ran out of time.
        TimeOut => "time-out",
        /// Both players agreed to a draw.
        Agreement => "agreement",
        /// The game was called off.
        Abort => "abort",
        /// A tournament's director set the result.
        Adjudication => "adjudication",
    }
}

impl From<WinReason> for EndReason {
    fn from(reason: WinReason) -> EndReason {
        match reason {
            WinReason::NoLegalMove => EndReason::NoLegalMove,
            WinReason::MirrorRule => EndReason::MirrorRule,
        }
    }
}

impl GameResult {
    /// The winner's result.
    pub fn win(winner: Color) -> GameResult {
        match winner {
            Color::White => GameResult::White,
            Color::Black => GameResult::Black,
        }
    }
}

/// A game as stored (one row of `games`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The game's number.
    pub id: GameId,
    /// The Discord server.
    pub guild_id: u64,
    /// The channel it is played in: its own thread, or the channel where it was challenged.
    pub channel_id: u64,
    /// The channel its thread was started from; `None` when it is played in the channel
    /// where it was challenged (`channel_id`).
    pub parent_channel_id: Option<u64>,
    /// The user playing White.
    pub white_id: u64,
    /// The user playing Black.
    pub black_id: u64,
    /// The rules it is played with.
    pub rules: Rules,
    /// Whether the result changes ratings.
    pub rated: bool,
    /// The set-up position it started from (FPN); `None` for the standard start.
    pub start_fpn: Option<String>,
    /// Where it stands.
    pub status: GameStatus,
    /// The result; `None` while in play and for an aborted game.
    pub result: Option<GameResult>,
    /// Why it ended; `None` while in play.
    pub reason: Option<EndReason>,
    /// When it started (unix seconds).
    pub created_at: i64,
    /// When the last move was played (the start time before the first move; unix seconds).
    pub last_move_at: i64,
    /// When the player to move runs out of time (unix seconds); `None` without a time limit
    /// or once the game is over.
    pub deadline: Option<i64>,
    /// The time each player has per move.
    pub time_control: TimeControl,
    /// The current position (FPN), equal to the replay of its moves.
    pub fpn: String,
    /// Moves played so far.
    pub ply: u32,
    /// The colour whose draw offer stands, if any.
    pub draw_offer_by: Option<Color>,
    /// The colour who asked to take their last move back, if any.
    pub takeback_by: Option<Color>,
    /// The challenge it came from.
    pub challenge_id: Option<ChallengeId>,
    /// When it ended (unix seconds).
    pub finished_at: Option<i64>,
    /// When the player to move is reminded (unix seconds); `None` once reminded, without a
    /// time limit, before both players have moved, and once the game is over.
    pub remind_at: Option<i64>,
    /// Both players' ratings after the game, for a finished rated game.
    pub ratings: Option<RatingChanges>,
    /// The bot's seat in a game against the bot; `None` in a game between people.
    pub bot: Option<BotSeat>,
    /// The tournament whose round it is a game of, if any.
    pub tournament_id: Option<super::TournamentId>,
    /// Where it lives: what the bot may do there (post on its own, or answer only).
    pub venue: super::Venue,
}

/// Where the bot sits in a game against it: the colour it plays (its own Discord user is that
/// colour's player) and the engine level it plays at.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BotSeat {
    /// The engine's level, 1 to 8 ([`crate::engine::Level`]).
    pub level: u8,
    /// The colour the bot plays.
    pub color: Color,
}

/// Both players' Glicko-2 ratings after a rated game, and how much each changed.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct RatingChanges {
    /// The ratings after the game, White's first.
    pub after: [f64; 2],
    /// After minus before, White's first (`+11.7`, `-11.7`).
    pub change: [f64; 2],
}

/// Ratings are finite numbers (never NaN), so equality is an equivalence.
impl Eq for RatingChanges {}

impl RatingChanges {
    /// The rating of `color` after the game and its change.
    pub fn of(&self, color: Color) -> (f64, f64) {
        (self.after[color.index()], self.change[color.index()])
    }
}

impl Game {
    /// The user playing `color`.
    pub fn player(&self, color: Color) -> u64 {
        match color {
            Color::White => self.white_id,
            Color::Black => self.black_id,
        }
    }

    /// True when the bot plays `color` in this game.
    pub fn bot_plays(&self, color: Color) -> bool {
        self.bot.is_some_and(|b| b.color == color)
    }

    /// The deadline of `to_move`, who must move from `now` (unix seconds): none for the bot,
    /// whom a time control never binds, else as the game's time control says.
    pub fn deadline_for(&self, to_move: Color, now: i64) -> Option<i64> {
        if self.bot_plays(to_move) {
            None
        } else {
            self.time_control.deadline_after(now)
        }
    }

    /// The colour `user` plays, if they play in this game.
    pub fn color_of(&self, user: u64) -> Option<Color> {
        if user == self.white_id {
            Some(Color::White)
        } else if user == self.black_id {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The position the game started from, under its rules.
    ///
    /// # Errors
    /// [`GameError::Mismatch`] if the stored set-up FPN is unreadable.
    pub fn start_position(&self) -> Result<Position, GameError> {
        match &self.start_fpn {
            None => Ok(Position::start().with_rules(self.rules)),
            Some(fpn) => Position::from_fpn(fpn, self.rules).map_err(|e| GameError::Mismatch {
                id: self.id,
                detail: format!("the starting position is unreadable: {e}"),
            }),
        }
    }

    /// The current position read from the stored FPN, without replaying the moves (fast; the
    /// replay check is the store's `load_game`'s).
    ///
    /// # Errors
    /// [`GameError::Mismatch`] if the stored FPN is unreadable.
    pub fn current_position(&self) -> Result<Position, GameError> {
        Position::from_fpn(&self.fpn, self.rules)
            .map(|p| p.with_ply(self.ply as usize))
            .map_err(|e| GameError::Mismatch {
                id: self.id,
                detail: format!("the stored position is unreadable: {e}"),
            })
    }

    /// Refuses unless the game is in play.
    pub(crate) fn ensure_active(&self) -> Result<(), GameError> {
        match self.status {
            GameStatus::Active => Ok(()),
            status => Err(GameError::NotActive {
                id: self.id,
                status,
            }),
        }
    }

    /// The colour `user` plays, or [`GameError::NotAPlayer`].
    pub(crate) fn color_of_player(&self, user: u64) -> Result<Color, GameError> {
        self.color_of(user).ok_or(GameError::NotAPlayer(self.id))
    }
}

/// A game with its position, from the store's `load_game`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadedGame {
    /// The stored row.
    pub game: Game,
    /// The position reached by replaying its moves (equal to `game.fpn`), with its rules and
    /// ply.
    pub position: Position,
}

/// One stored move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredMove {
    /// 1-based: the n-th move of the game.
    pub ply: u32,
    /// The move in the rules' notation ([`crate::rules::Move`]'s `Display`): `c4-d4`, `+e5`, `d4~d5`.
    pub notation: String,
    /// The user who played it.
    pub player_id: u64,
    /// When (unix seconds).
    pub played_at: i64,
    /// When it was stored, in unix milliseconds; `None` for a move stored before schema
    /// version 10.
    pub stored_at_ms: Option<i64>,
}

/// A request about a game refused by the domain. The store keeps these refusals among its
/// own errors (`StoreError`), each with its sentence at the edge.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The game is not in play.
    #[error("game {id} is {status}")]
    NotActive {
        /// The game.
        id: GameId,
        /// Where it stands.
        status: GameStatus,
    },
    /// The user does not play in the game.
    #[error("you are not a player in game {0}")]
    NotAPlayer(GameId),
    /// A stored position is unreadable.
    #[error("game {id}'s stored position is wrong: {detail}")]
    Mismatch {
        /// The game.
        id: GameId,
        /// What is wrong.
        detail: String,
    },
    /// The game has no time limit.
    #[error("this game has no time limit")]
    NoTimeLimit,
    /// More time asked for one's own move.
    #[error("it is your own move")]
    OwnMove,
    /// The move would have more time left than allowed (`seconds`).
    #[error("a move may have at most {seconds} seconds left")]
    TooMuchTime {
        /// The most time a move may have left.
        seconds: i64,
    },
    /// The game moved on since the player saw it.
    #[error("the position changed (ply {seen} seen, now {now})")]
    PositionChanged {
        /// The ply the player saw.
        seen: u32,
        /// The game's ply now.
        now: u32,
    },
    /// It is the other player's turn.
    #[error("it is {to_move}'s turn")]
    NotYourTurn {
        /// The colour to move.
        to_move: Color,
        /// The player's colour.
        you: Color,
    },
    /// The rules refuse the move.
    #[error(transparent)]
    Illegal(#[from] PlayError),
    /// A player's abort after each side moved more than once
    /// ([`super::deadlines::ABORT_MAX_PLY`]).
    #[error("it is too late to abort this game")]
    AbortTooLate,
    /// An abort of a tournament's game: it must end with a result.
    #[error("a tournament's game cannot be aborted")]
    TournamentGameAbort,
    /// A game against the bot had all its hints ([`super::hints::HINTS_PER_GAME`]).
    #[error("game {0} has had all its hints")]
    NoHintsLeft(GameId),
    /// No move to take back.
    #[error("there is no move to take back")]
    NothingToTakeBack,
    /// The opponent asked for no takeback.
    #[error("your opponent asked for no takeback")]
    NoTakebackRequest,
    /// The opponent offered no draw.
    #[error("your opponent offered no draw")]
    NoDrawOffer,
}
