//! What use cases return: plain data for an adapter to show, no Discord types.

use crate::rules::{Color, Move, MoveEffect, Position};
use crate::store::{Challenge, Game};

/// A person as the adapters know them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct User {
    /// The Discord user id (a snowflake).
    pub id: u64,
    /// The name to show.
    pub name: String,
    /// True for bot accounts, which cannot play.
    pub is_bot: bool,
}

impl User {
    /// A person (not a bot).
    pub fn new(id: u64, name: impl Into<String>) -> User {
        User {
            id,
            name: name.into(),
            is_bot: false,
        }
    }
}

/// Where a command was used.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// The server.
    pub guild_id: u64,
    /// The channel or thread.
    pub channel_id: u64,
}

/// A game and the facts around it, for a caption and a picture ([`Games::picture`]).
///
/// [`Games::picture`]: super::Games::picture
#[derive(Clone, Debug)]
pub struct Board {
    /// The game row after the use case.
    pub game: Game,
    /// Its position.
    pub position: Position,
    /// The move that led to it, if any.
    pub last_move: Option<Move>,
    /// The players' names, White's first (`None` for a player the bot never saw named).
    pub names: [Option<String>; 2],
}

impl Board {
    /// The user to move, while the game is in play.
    pub fn to_move(&self) -> Option<u64> {
        (self.game.status == crate::store::GameStatus::Active)
            .then(|| self.game.player(self.position.side_to_move()))
    }

    /// The name of the player of `color`, if the bot saw one.
    pub fn name(&self, color: Color) -> Option<&str> {
        self.names[color.index()].as_deref()
    }

    /// The side the board is drawn from unless a reader asks for another
    /// ([`default_side`]).
    pub fn default_side(&self) -> Color {
        default_side(&self.game)
    }
}

/// The side `game`'s board is drawn from unless a reader asks for another: in a game against
/// the bot, the person's (turned around when they play Black), since they are the only one
/// looking at it; between people, White's, the usual diagram, as both players and spectators
/// share one picture.
pub fn default_side(game: &Game) -> Color {
    game.bot.map_or(Color::White, |bot| !bot.color)
}

/// A played move.
#[derive(Clone, Debug)]
pub struct MoveReport {
    /// The board after it (the game may be over).
    pub board: Board,
    /// The move.
    pub mv: Move,
    /// Who played it.
    pub mover: Color,
    /// What it trimmed: pieces to the mover's reserve, pieces captured.
    pub effect: MoveEffect,
    /// The colour whose draw offer the move ended (the game went on), if one stood.
    pub draw_lapsed: Option<Color>,
}

/// What comes with a move besides its notation ([`Games::play_with`]).
///
/// [`Games::play_with`]: super::Games::play_with
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveTerms {
    /// When the player was last shown the position: for Discord, when their interaction was
    /// created. A move chosen before the opponent's last move was stored is refused;
    /// `None` (not known) refuses nothing.
    pub seen_at: Option<super::Timestamp>,
    /// The player confirmed the move even though it loses at once under the mirror rule.
    pub mirror_loss_confirmed: bool,
}

/// A legal move suggested while the player types ([`Games::suggestions`]).
///
/// [`Games::suggestions`]: super::Games::suggestions
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Suggestion {
    /// The move.
    pub mv: Move,
    /// Playing it loses the game at once under the mirror rule
    /// ([`Position::loses_by_mirror`]).
    pub loses_by_mirror: bool,
}

/// A challenge and the names involved.
#[derive(Clone, Debug)]
pub struct ChallengeView {
    /// The challenge.
    pub challenge: Challenge,
    /// The challenger's name (`None` if the bot never saw one).
    pub challenger: Option<String>,
    /// The opponent's name; `None` for an open challenge.
    pub opponent: Option<String>,
}

/// What a draw request did.
#[derive(Clone, Debug)]
pub enum DrawReport {
    /// An offer now stands for the opponent to answer.
    Offered {
        /// The game.
        game: Game,
        /// Who offered.
        by: Color,
    },
    /// The opponent's offer was accepted: the game is drawn.
    Agreed(Board),
}

/// One of a user's active games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSummary {
    /// The game.
    pub game: Game,
    /// The opponent's id.
    pub opponent: u64,
    /// The user's colour.
    pub color: Color,
    /// True when it is the user's move.
    pub your_turn: bool,
}

/// A game's moves as a record `focus-bot replay` reads back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct History {
    /// The game.
    pub game: Game,
    /// `1. c4-d4 f5-e5 2. …`.
    pub record: String,
    /// The players' names as the bot last saw them, White's first.
    pub names: [Option<String>; 2],
    /// Plies played.
    pub plies: usize,
}

/// A game and where it is played, for a link to it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GameLink {
    /// The game.
    pub id: crate::store::GameId,
    /// Its channel or thread.
    pub channel_id: u64,
}

/// A game in play as `/focus watch` lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WatchedGame {
    /// The game.
    pub game: Game,
    /// The colour to move.
    pub to_move: Color,
}

/// A page of a server's games in play, most recently moved first (`/focus watch`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Watch {
    /// The page shown, from 1.
    pub page: u32,
    /// Pages in all (at least 1).
    pub pages: u32,
    /// Games in play on the server in all.
    pub total: u32,
    /// The page's games.
    pub games: Vec<WatchedGame>,
}

/// A user, with the name the bot last saw (`None` if it never saw one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Named {
    /// The user id.
    pub id: u64,
    /// The stored display name.
    pub name: Option<String>,
}
