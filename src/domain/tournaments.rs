//! A tournament as the domain knows it: the event, its players, each round's boards, its log,
//! and why a request about it is refused.

use super::values::text_enum;
use super::{Game, GameId, GameResult, PairingId, TimeControl, TournamentId};
use crate::rules::{Color, Rules};

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
