//! The letters the app sends on its own, as data: what happened (news), the letter that
//! carries it, and the postman port each adapter implements to deliver them.

use std::future::Future;

use crate::locale::Locale;
use crate::service::{Board, Named};
use crate::store::{Challenge, Game, NoticeId};

/// What a letter tells: data, put into words above the service, in the letter's language.
#[derive(Clone, Debug)]
pub enum News {
    /// It is the reader's move in `game`, against `opponent`.
    YourTurn {
        /// The game.
        game: Game,
        /// The opponent.
        opponent: Named,
    },
    /// `player`'s move in `game`, against `opponent`, is nearly due.
    Reminder {
        /// The game.
        game: Game,
        /// The player to move.
        player: u64,
        /// Their opponent.
        opponent: Named,
    },
    /// `loser` ran out of time in `game`: lost, or the game was aborted while each side had
    /// moved at most once (`game.status` tells which).
    TimedOut {
        /// The game after it ended.
        game: Game,
        /// Who ran out of time.
        loser: u64,
    },
    /// The bot moved in a game against it: its move, as a person's move is reported (the
    /// board is the position after it, the game maybe over).
    BotMoved(Box<crate::service::MoveReport>),
    /// A tournament game has started in its thread (its first board, pinging both players).
    GameStarted {
        /// The game.
        game: Game,
        /// Its tournament.
        tournament: Box<crate::store::Tournament>,
        /// Its round.
        round: u32,
    },
    /// The reader's challenge ran out where the bot cannot edit its message (a group DM, a
    /// DM, a server without the bot): nobody accepted it in time, or its opponent never saw it
    /// (Discord does not tell the bot who is in a group DM).
    ChallengeExpired {
        /// The challenge.
        challenge: Box<Challenge>,
        /// Its opponent, if it named one.
        opponent: Option<Named>,
    },
    /// The reader lost on time without moving in `round`, and is withdrawn from `tournament`.
    NoShow {
        /// The event.
        tournament: Box<crate::store::Tournament>,
        /// The round.
        round: u32,
    },
}

impl News {
    /// The game it is about.
    pub fn game(&self) -> Option<&Game> {
        match self {
            News::YourTurn { game, .. }
            | News::Reminder { game, .. }
            | News::TimedOut { game, .. } => Some(game),
            News::BotMoved(report) => Some(&report.board.game),
            News::GameStarted { game, .. } => Some(game),
            News::NoShow { .. } | News::ChallengeExpired { .. } => None,
        }
    }

    /// Where what it tells happens, when it is a game or a challenge: a DM refused for it is
    /// held for the reader's next interaction where the bot cannot post.
    pub fn venue(&self) -> Option<crate::store::Venue> {
        match self {
            News::ChallengeExpired { challenge, .. } => Some(challenge.venue),
            _ => self.game().map(|g| g.venue),
        }
    }
}

/// A message the bot sends on its own: to whom, what, and in which language.
#[derive(Clone, Debug)]
pub enum Letter {
    /// A message in a channel, mentioning (and pinging) only `ping`.
    Post {
        /// The channel (or thread).
        channel_id: u64,
        /// What it tells.
        news: News,
        /// The users the message may ping.
        ping: Vec<u64>,
        /// A board picture to attach.
        board: Option<Box<Board>>,
        /// The language of the game's server.
        locale: Locale,
    },
    /// A direct message.
    Direct {
        /// The user.
        user_id: u64,
        /// What it tells.
        news: News,
        /// The reader's language, as their latest interaction gave it (else the server's).
        locale: Locale,
    },
    /// A challenge's message is edited to say it ran out, and its buttons are disabled.
    CloseChallenge {
        /// The challenge (with its channel and message).
        challenge: Challenge,
        /// The language of the challenge's server.
        locale: Locale,
    },
    /// A tournament board's message is posted in the event's channel, and a thread started
    /// from it: the postman answers [`Delivery::Thread`] with the thread's id, where the game
    /// is then created.
    StartGame {
        /// The event's channel.
        channel_id: u64,
        /// The event.
        tournament: Box<crate::store::Tournament>,
        /// The board, with its players' names.
        board: Box<crate::service::tournaments::BoardView>,
        /// The language of the server.
        locale: Locale,
    },
    /// A tournament's announcement is edited to show the event as it is now (its players,
    /// state and buttons).
    Announce {
        /// The event's channel.
        channel_id: u64,
        /// The announcement.
        message_id: u64,
        /// The event and its players.
        view: Box<crate::service::tournaments::TournamentView>,
        /// The language of the server.
        locale: Locale,
    },
    /// A tournament's news in its channel: a round's pairings, or the standings.
    Tournament {
        /// The event's channel.
        channel_id: u64,
        /// What it tells.
        news: Box<crate::service::tournaments::TournamentNews>,
        /// The language of the server.
        locale: Locale,
    },
}

/// How a delivery went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Delivery {
    /// Sent (or already sent before: the nonce matched).
    Sent,
    /// Discord refused a DM for good (the user closed DMs, error 50007): the notice goes to
    /// the channel instead, and the DM is not tried again.
    DmRefused(String),
    /// Failed for now (a missing permission, Discord down): retried later.
    Failed(String),
    /// The channel is gone (a deleted thread): a game in a thread of its own is played in the
    /// channel of its challenge from now on, where the notice is retried.
    ChannelGone(String),
    /// A [`Letter::StartGame`] was posted and its thread started: the thread's id.
    Thread(u64),
}

/// What sends letters: the command layer's writer (for the Discord adapter and the console),
/// or a test.
pub trait Postman: Send + Sync {
    /// Sends `letter`, once: `notice` is unique per notice, and a postman that can (Discord's
    /// message nonce) uses it so that a repeated send is not posted twice.
    fn deliver(&self, notice: NoticeId, letter: &Letter) -> impl Future<Output = Delivery> + Send;
}

/// What one [`crate::service::Post::deliver`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Delivered {
    /// Letters sent.
    pub sent: u32,
    /// Notices no longer worth sending (the move was played meanwhile).
    pub dropped: u32,
    /// Refused DMs turned into channel notices.
    pub to_channel: u32,
    /// Deliveries that failed and will be retried.
    pub failed: u32,
    /// Refused DMs held for the player's next interaction (a game where the bot cannot
    /// post: [`crate::service::Post::take_held`]).
    pub held: u32,
}
