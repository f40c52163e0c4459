//! The answer to a request, as data: messages with structured text, a picture or file,
//! buttons and whom they ping, each with where it goes. Each adapter renders it its own way.

use super::request::Action;
use crate::store::Game;
use crate::store::{ChallengeId, GameId};
use crate::text::Text;

/// Where a message goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum To {
    /// The answer where the request was made, seen by everyone there.
    Here,
    /// The answer seen by the asker alone (ephemeral on Discord).
    Private,
    /// A new message posted in the request's channel (not as the answer: the private
    /// acknowledgement of a long request then goes away).
    Posted,
    /// The clicked message, edited.
    Clicked(Edit),
    /// Posted in the game's channel or thread `channel`; when that is not where the request
    /// was made, the asker is told privately with `note`.
    Game {
        /// The game's channel or thread.
        channel: u64,
        /// The game (moved to its challenge's channel when its thread is found gone).
        game: GameId,
        /// The private note: "posted in #thread" (empty: none).
        note: Text,
        /// When it cannot be posted there, it is the answer here instead (else only logged:
        /// the game is stored, and its players reach it with `/focus board`).
        or_here: bool,
    },
}

/// How the clicked message changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Edit {
    /// Its text stays, with the message's text added on a new line (nothing added when empty).
    Append,
    /// Its text becomes the message's.
    Replace,
}

/// A button's look.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Style {
    /// The main choice (green on Discord).
    Yes,
    /// A neutral choice.
    Neutral,
    /// A strong choice (blue).
    Primary,
    /// A choice with consequences (red).
    Danger,
}

/// A button.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Button {
    /// What it does.
    pub action: Action,
    /// Its label, in the reader's language.
    pub label: String,
    /// Its look.
    pub style: Style,
    /// Shown but not clickable.
    pub disabled: bool,
}

/// A select menu (its own row, above the buttons): Discord's string select.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Menu {
    /// What choosing does; the chosen option's value comes with it.
    pub action: Action,
    /// What it shows before a choice, in the reader's language.
    pub placeholder: String,
    /// Its options, at most [`crate::pick::MENU_LIMIT`].
    pub options: Vec<MenuOption>,
}

/// An option of a [`Menu`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MenuOption {
    /// What it sends (at most 100 characters).
    pub value: String,
    /// What it shows, in the reader's language (at most 100 characters).
    pub label: String,
}

/// A form with one line of text, opened by a button (Discord's modal): what is typed comes
/// back with `action`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Modal {
    /// What submitting does.
    pub action: Action,
    /// Its title, in the reader's language (at most 45 characters).
    pub title: String,
    /// The text field's label (at most 45 characters).
    pub label: String,
    /// An example shown in the empty field.
    pub placeholder: String,
}

/// A file a message carries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct File {
    /// Its name (`focus-game-12.png`).
    pub name: String,
    /// Its bytes.
    pub bytes: Vec<u8>,
    /// What it is.
    pub kind: FileKind,
}

/// What a file is, and of which game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// A board picture (PNG) of a game after a ply.
    Board {
        /// The game.
        game: GameId,
        /// The plies played.
        ply: u32,
    },
    /// An animated replay (GIF).
    Replay(GameId),
    /// An analysis chart (PNG).
    Chart(GameId),
    /// A game's record (text).
    Record(GameId),
    /// A tournament as a TRF-16 file (text).
    Trf(crate::store::TournamentId),
    /// A tournament's standings (PNG).
    Standings(crate::store::TournamentId),
}

/// One message of a reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// Where it goes.
    pub to: To,
    /// A title above the text (the rules), if any.
    pub title: Option<String>,
    /// What it says.
    pub text: Text,
    /// A file, if any.
    pub file: Option<File>,
    /// Its buttons (at most five a row, one row).
    pub buttons: Vec<Button>,
    /// A select menu above the buttons, if any.
    pub menu: Option<Menu>,
    /// The one user it notifies, if any (everyone else is named without a ping).
    pub ping: Option<u64>,
}

impl Message {
    /// A message of `text` going `to`, with nothing else.
    pub fn new(to: To, text: Text) -> Message {
        Message {
            to,
            title: None,
            text,
            file: None,
            buttons: Vec::new(),
            menu: None,
            ping: None,
        }
    }

    /// With `file`.
    pub fn file(mut self, file: File) -> Message {
        self.file = Some(file);
        self
    }

    /// With `buttons`.
    pub fn buttons(mut self, buttons: Vec<Button>) -> Message {
        self.buttons = buttons;
        self
    }

    /// Pinging `user`.
    pub fn ping(mut self, user: Option<u64>) -> Message {
        self.ping = user;
        self
    }
}

/// What an adapter does once a reply's messages are out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum After {
    /// Remember the message posted for challenge `0` (the first message of the reply that
    /// went out), so that its buttons can be disabled when it expires.
    ChallengeMessage(ChallengeId),
    /// The bot may move in this game now that the position is shown.
    BotToMove(Box<Game>),
    /// Remember the message posted for tournament `0` (its announcement), which is redrawn
    /// after every change.
    TournamentMessage(crate::store::TournamentId),
}

/// A thread to start before the reply's messages go out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThreadStart {
    /// The message it starts from (its id is the thread's).
    pub from: u64,
    /// Its name.
    pub name: String,
    /// Its game, played in the channel instead when the thread cannot start.
    pub game: GameId,
    /// The messages that go out instead when it cannot start.
    pub instead: Vec<Message>,
}

/// The answer to a request.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reply {
    /// The messages, in order.
    pub messages: Vec<Message>,
    /// A thread to start first, if any.
    pub thread: Option<ThreadStart>,
    /// What to do once the messages are out.
    pub after: Vec<After>,
    /// For a game against the bot in a thread of its own: this reply is only the
    /// announcement; once it is posted, its message id goes back with
    /// [`super::App::bot_game_from`] and the options here.
    pub announce: Option<crate::service::ChallengeOptions>,
    /// The request was refused (or failed): nothing changed, and the reply says why.
    pub refused: bool,
    /// A form to open as the answer, instead of any message (a button's only).
    pub modal: Option<Modal>,
}

impl Reply {
    /// A reply of one message.
    pub fn one(message: Message) -> Reply {
        Reply {
            messages: vec![message],
            ..Reply::default()
        }
    }

    /// A private reply of `text`.
    pub fn private(text: Text) -> Reply {
        Reply::one(Message::new(To::Private, text))
    }

    /// The refusal `text`, privately.
    pub fn refusal(text: Text) -> Reply {
        Reply {
            refused: true,
            ..Reply::private(text)
        }
    }

    /// Every text of the reply, in order (the thread's alternative last), for tests and logs.
    pub fn texts(&self) -> Vec<&Text> {
        let instead = self.thread.iter().flat_map(|t| t.instead.iter());
        self.messages
            .iter()
            .chain(instead)
            .map(|m| &m.text)
            .collect()
    }
}
