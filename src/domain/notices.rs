//! What the bot will tell on its own, as a decision asks for it: the kind of notice, whom it
//! is for and how it goes. The store queues it in the same transaction as the change it
//! reports; the service turns it into a letter when it is due.

use super::values::text_enum;
use super::{ChallengeId, GameId, PairingId, TournamentId};

text_enum! {
    /// What a notice tells.
    pub enum NoticeKind {
        /// It is the player's move (by DM; the channel already saw the move).
        YourTurn => "your-turn",
        /// 80 % of the move's time has passed.
        Reminder => "reminder",
        /// The player to move ran out of time: the game was lost on time, or aborted.
        TimeOut => "time-out",
        /// A challenge nobody accepted ran out; its message's buttons are disabled.
        ChallengeExpired => "challenge-expired",
        /// The bot moved in a game against it: the move and its board, in the game's channel.
        BotMove => "bot-move",
        /// A tournament's next round is due: pair it.
        TournamentRound => "tournament-round",
        /// A board of a tournament round: start its thread and its game.
        TournamentGame => "tournament-game",
        /// A game's first board, posted in its thread, pinging both players.
        GameStart => "game-start",
        /// A tournament's news in its channel (a round's pairings or standings, the end), or,
        /// by DM, a player's withdrawal as a no-show.
        TournamentNews => "tournament-news",
        /// A tournament's standings after a round (`ply` the round), or its final standings
        /// (`ply` 0), in its channel.
        TournamentStandings => "tournament-standings",
        /// A tournament's announcement is redrawn (players, state, buttons) after a change.
        TournamentAnnouncement => "tournament-announcement",
    }
}

text_enum! {
    /// How a notice reaches its user.
    pub enum Via {
        /// A message in the game's channel (mentioning the user).
        Channel => "channel",
        /// A direct message.
        Dm => "dm",
    }
}

/// A notice to queue: what a decision asks the outbox to tell, and to whom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewNotice {
    /// What it tells.
    pub kind: NoticeKind,
    /// The game it is about.
    pub game_id: Option<GameId>,
    /// The challenge it is about.
    pub challenge_id: Option<ChallengeId>,
    /// The user it is for; `None`: the channel in general.
    pub user_id: Option<u64>,
    /// The game's ply (a tournament's news: the round, 0 for the end).
    pub ply: Option<u32>,
    /// How it is delivered.
    pub via: Via,
    /// The tournament it is about.
    pub tournament_id: Option<TournamentId>,
    /// The board it is about.
    pub pairing_id: Option<PairingId>,
}

impl Default for NewNotice {
    fn default() -> NewNotice {
        NewNotice {
            kind: NoticeKind::YourTurn,
            game_id: None,
            challenge_id: None,
            user_id: None,
            ply: None,
            via: Via::Channel,
            tournament_id: None,
            pairing_id: None,
        }
    }
}
