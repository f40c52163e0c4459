//! What a use case can refuse. Every variant a user can cause has one sentence in every
//! language (made at the edge, in `strings::errors`; the adapters show it, ephemerally on
//! Discord); nothing was changed when one is returned.

use thiserror::Error;

use crate::rules::{Move, MoveError};
use crate::store::{GameId, StoreError, TournamentError};

/// A refused or failed use case.
///
/// Its sentences are made at the edge (`strings::errors`); [`ServiceError::for_users`] says
/// whether a user may read them.
#[derive(Debug, Error)]
pub enum ServiceError {
    /// No game is being played in the channel.
    NoGameHere,
    /// A game command in a channel from which several of the user's games started, each in
    /// its own thread: the games, to link to (oldest first).
    InThreads(Vec<super::GameLink>),
    /// The user is not one of the two players of the channel's game.
    NotAPlayer,
    /// A challenge to oneself.
    ChallengeSelf,
    /// A challenge to a bot (other than this one), or by one.
    ChallengeBot,
    /// A level of the bot outside 1 to 8 (as typed).
    BotLevel(i64),
    /// A level given for a game between people.
    LevelWithoutBot,
    /// A hint asked for in a game between people.
    HintBetweenPeople,
    /// A takeback asked of the bot, which takes no move back.
    BotPlaysOn,
    /// A draw offered to the bot, which declines it by its policy
    /// ([`crate::service::Bots::bot_accepts_draw`]): the position has not occurred three times
    /// and the bot thinks it is better. The offer is not stored.
    BotDeclinesDraw,
    /// A challenge to this user, who is not a member of the server (Discord lets a user
    /// option name anyone).
    ChallengeStranger(u64),
    /// A new challenge in a channel whose game is still going.
    ChannelBusy,
    /// A takeback asked for after the opponent replied: the last move is not the asker's.
    TakebackNotYourMove,
    /// A server setting changed by a member without the Manage Server permission.
    NotAManager,
    /// A tournament command outside a server (a DM).
    NotInServer,
    /// A component of a game's board shown before the game moved on (an old board's menu).
    StaleBoard(GameId),
    /// A component the bot cannot read (forged, or of an older version).
    StaleComponent,
    /// A command that needs the bot on the server (tournaments, settings, the server's games
    /// in play), used where the app is only installed to the user (or in a DM).
    NeedsServer,
    /// A leaderboard asked for in a DM, whose games are unrated.
    NoLadderHere,
    /// A challenge to a person in the bot's own DM, where only the bot can be played.
    OnlyTheBotHere,
    /// A challenge to the bot where it cannot post its moves (a user's install elsewhere).
    BotGameNotHere,
    /// No tournament is announced in this channel (and none was named).
    NoTournamentHere,
    /// Creating a tournament without Manage Server or the server's tournament role.
    CannotCreateTournament,
    /// A tournament name empty, too long, or with control characters.
    BadTournamentName {
        /// The most characters.
        max: usize,
    },
    /// Rounds on a schedule without a number of days between them (1 to 60).
    ScheduleNeedsDays,
    /// All games at once, asked of a Swiss (only a round-robin's pairings are known ahead).
    AllAtOnceSwiss,
    /// Rounds outside 1 to 50.
    BadRounds(u32),
    /// Rounds asked of a round-robin, whose rounds come from its players (its Berger table).
    RoundsOfRoundRobin,
    /// A player limit outside 2 to 1,000.
    BadMaxPlayers(u32),
    /// A start more than `max` hours ahead (or none).
    BadStart {
        /// The most hours.
        max: u32,
    },
    /// A challenge asking for both days and minutes per move.
    DaysAndMinutes,
    /// A tournament created (or started) where its games' threads cannot start: the bot
    /// lacks these permissions (Discord's names), or (empty) the place is no text channel
    /// (a thread, a forum post).
    TournamentNeedsThreads(Vec<&'static str>),
    /// A game's animated replay is larger than Discord lets the reply attach.
    ReplayTooLarge {
        /// The game.
        game: crate::store::GameId,
        /// Its plies.
        plies: usize,
        /// The attachment limit, in bytes.
        limit: u64,
    },
    /// A move that loses at once under the mirror rule, played without the player's
    /// confirmation: it is not played. What a confirmation needs to name it.
    MirrorLoss {
        /// The game.
        game: GameId,
        /// The ply the game was at (the position the move was refused in).
        ply: u32,
        /// The move.
        mv: Move,
    },
    /// A move whose interaction was created before the opponent's last move was stored: the
    /// player chose it without seeing the position it would be played in.
    StaleInteraction,
    /// A confirmation of a mirror-rule move given after the position changed (another ply,
    /// or the move no longer loses there).
    StaleConfirmation,
    /// A confirmation of a mirror-rule move by someone other than this player, the one it
    /// was offered to.
    NotYourConfirmation(u64),
    /// An analysis asked for a game still in play (or held for a moderator): the engine's
    /// opinion of a game in play would be help from outside, so it waits for the result.
    AnalysisInPlay(GameId),
    /// An analysis asked for an aborted game, which has no result to learn from.
    AnalysisAborted(GameId),
    /// An unreadable or illegal move.
    Move(#[from] MoveError),
    /// A refusal or failure of the store (its message says which).
    Store(#[from] StoreError),
    /// Drawing the board failed (a bug: rendering has no user input to fail on).
    Render,
    /// An engine search failed (a bug: searches have no user input to fail on).
    Engine,
}

impl ServiceError {
    /// True for refusals meant for the user who asked (their sentence says what to do); false
    /// for failures of the bot, which are logged, while the user is told only that something
    /// went wrong on our side. Only the variants named here reach users: a new variant is
    /// internal until it is added.
    pub fn for_users(&self) -> bool {
        match self {
            ServiceError::NoGameHere
            | ServiceError::InThreads(_)
            | ServiceError::NotAPlayer
            | ServiceError::ChallengeSelf
            | ServiceError::ChallengeBot
            | ServiceError::BotLevel(_)
            | ServiceError::LevelWithoutBot
            | ServiceError::HintBetweenPeople
            | ServiceError::BotPlaysOn
            | ServiceError::BotDeclinesDraw
            | ServiceError::ChallengeStranger(_)
            | ServiceError::ChannelBusy
            | ServiceError::TakebackNotYourMove
            | ServiceError::NotAManager
            | ServiceError::NotInServer
            | ServiceError::StaleBoard(_)
            | ServiceError::StaleComponent
            | ServiceError::NeedsServer
            | ServiceError::NoLadderHere
            | ServiceError::OnlyTheBotHere
            | ServiceError::BotGameNotHere
            | ServiceError::NoTournamentHere
            | ServiceError::CannotCreateTournament
            | ServiceError::BadTournamentName { .. }
            | ServiceError::ScheduleNeedsDays
            | ServiceError::AllAtOnceSwiss
            | ServiceError::BadRounds(_)
            | ServiceError::RoundsOfRoundRobin
            | ServiceError::BadMaxPlayers(_)
            | ServiceError::BadStart { .. }
            | ServiceError::DaysAndMinutes
            | ServiceError::TournamentNeedsThreads(_)
            | ServiceError::ReplayTooLarge { .. }
            | ServiceError::MirrorLoss { .. }
            | ServiceError::StaleInteraction
            | ServiceError::StaleConfirmation
            | ServiceError::NotYourConfirmation(_)
            | ServiceError::AnalysisInPlay(_)
            | ServiceError::AnalysisAborted(_)
            | ServiceError::Move(_) => true,
            ServiceError::Store(e) => e.for_users(),
            _ => false,
        }
    }
}

/// The result of a use case.
pub type Result<T, E = ServiceError> = std::result::Result<T, E>;

impl From<TournamentError> for ServiceError {
    fn from(e: TournamentError) -> ServiceError {
        ServiceError::Store(e.into())
    }
}

impl From<crate::domain::GameError> for ServiceError {
    fn from(e: crate::domain::GameError) -> ServiceError {
        ServiceError::Store(e.into())
    }
}
