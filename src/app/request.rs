// Longer than 400 lines: one value per request: a variant for each command, tournament subcommand
// and button, each documented.
//! The typed requests: one value per `/focus` subcommand and per button, with its options
//! already read and checked, and who asks from where ([`Caller`]).

use crate::clock::Timestamp;
use crate::i18n::Lang;
use crate::rules::{Color, Move};
use crate::service::ChallengeOptions;
use crate::service::tournaments::TournamentOptions;
use crate::service::{Place, User};
use crate::store::{BoardResult, ChallengeId, GameId, TournamentId, Venue};

/// What a button does. Each adapter names buttons its own way (Discord's `custom_id`s, the
/// console's labels); the action is the same.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Accept challenge.
    Accept(ChallengeId),
    /// Decline challenge.
    Decline(ChallengeId),
    /// Cancel one's own challenge.
    Cancel(ChallengeId),
    /// Answer a draw offer in a game.
    Draw(GameId, bool),
    /// Answer a takeback request in a game at a ply.
    Takeback(GameId, u32, bool),
    /// Show this page of the server's leaderboard.
    Ladder(u32),
    /// Show this page of the server's games in play (`/focus watch`).
    Watch(u32),
    /// Show a game's animated replay to the clicker.
    Replay(GameId),
    /// Offer the rematch of a finished game.
    Rematch(GameId),
    /// Play this move, which loses at once under the mirror rule, in a game at a ply: the
    /// player's confirmation.
    PlayAnyway(GameId, u32, Move),
    /// Join a tournament (its announcement's button).
    Join(TournamentId),
    /// Leave a tournament before its start (its announcement's button).
    Leave(TournamentId),
    /// Show this page of a tournament's standings.
    Standings(TournamentId, u32),
    /// A step of choosing a move by menus in a game at a ply (the chosen option's value
    /// comes with it: [`Request::Choose`]).
    Pick(GameId, u32, crate::pick::Pick),
    /// Open the form to type a move in a game at a ply.
    TypeMove(GameId, u32),
    /// The typed move of that form (its text comes with it: [`Request::Choose`]).
    Typed(GameId, u32),
    /// Resign a game: asks first.
    Resign(GameId),
    /// Resign a game: the answer to that question.
    ResignSure(GameId),
    /// Offer a draw in a game (or accept the opponent's standing offer).
    OfferDraw(GameId),
    /// Show a game's current board to the clicker, with its controls.
    Show(GameId),
}

/// `/focus tournament …`: what is asked of a tournament. `id` names one; `None` means the
/// one announced in this channel (or whose game this thread holds).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentRequest {
    /// `create`.
    Create(TournamentOptions),
    /// `join`.
    Join {
        /// Which.
        id: Option<TournamentId>,
    },
    /// `leave` (before the start).
    Leave {
        /// Which.
        id: Option<TournamentId>,
    },
    /// `withdraw` (from a running event).
    Withdraw {
        /// Which.
        id: Option<TournamentId>,
    },
    /// `start` (director).
    Start {
        /// Which.
        id: Option<TournamentId>,
    },
    /// `cancel` (director).
    Cancel {
        /// Which.
        id: Option<TournamentId>,
    },
    /// `standings`.
    Standings {
        /// Which.
        id: Option<TournamentId>,
        /// From 1.
        page: u32,
    },
    /// `export`: the TRF-16 file.
    Export {
        /// Which.
        id: Option<TournamentId>,
    },
    /// `list`: the server's events.
    List,
    /// `remove` a player (director).
    Remove {
        /// Which.
        id: Option<TournamentId>,
        /// The player.
        user: User,
    },
    /// `result`: set or correct a game's result (director).
    Result {
        /// Which.
        id: Option<TournamentId>,
        /// The game.
        game: GameId,
        /// Its result.
        result: BoardResult,
    },
    /// `pause` or resume (director).
    Pause {
        /// Which.
        id: Option<TournamentId>,
        /// Pause (true) or resume.
        paused: bool,
    },
    /// `moretime`: one more move's time in a game (director).
    ExtraTime {
        /// Which.
        id: Option<TournamentId>,
        /// The game.
        game: GameId,
    },
    /// `next`: start the next round now (director).
    NextRound {
        /// Which.
        id: Option<TournamentId>,
    },
}

/// One request: a `/focus` subcommand or a button.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// `/focus challenge`.
    Challenge(ChallengeOptions),
    /// `/focus move`, with a draw offer; `confirmed` plays a move that loses at once under the
    /// mirror rule without asking.
    Move {
        /// The move as typed.
        notation: String,
        /// Offer a draw with it.
        draw: bool,
        /// Already confirmed (the console's `confirm:true`).
        confirmed: bool,
    },
    /// The legal moves starting with what was typed (Discord's autocomplete, the console's
    /// `suggest`).
    Suggest {
        /// What was typed so far.
        typed: String,
    },
    /// `/focus board`, privately from `side` when given.
    Board {
        /// Seen from this side.
        side: Option<Color>,
    },
    /// `/focus hint`.
    Hint,
    /// `/focus resign`.
    Resign,
    /// `/focus draw`.
    Draw,
    /// `/focus takeback`.
    Takeback,
    /// `/focus abort`.
    Abort,
    /// `/focus games`.
    Games,
    /// `/focus moretime`.
    MoreTime,
    /// `/focus notify`.
    Notify {
        /// The new setting, or `None` to see it.
        dm: Option<bool>,
    },
    /// `/focus leaderboard`.
    Leaderboard {
        /// From 1.
        page: u32,
    },
    /// `/focus stats`.
    Stats {
        /// Whose (default the asker).
        user: Option<User>,
    },
    /// `/focus history`.
    History {
        /// A game by number, else this channel's.
        game: Option<GameId>,
    },
    /// `/focus replay`.
    Replay {
        /// A game by number, else this channel's.
        game: Option<GameId>,
    },
    /// `/focus analysis`.
    Analysis {
        /// A game by number, else this channel's last.
        game: Option<GameId>,
    },
    /// `/focus rules`.
    Rules,
    /// `/focus settings`.
    Settings {
        /// The server's new language.
        language: Option<Lang>,
        /// Whether accepted challenges get threads.
        threads: Option<bool>,
        /// The role that may create tournaments (besides Manage Server).
        tournament_role: Option<u64>,
    },
    /// `/focus watch`.
    Watch {
        /// From 1.
        page: u32,
    },
    /// `/focus tournament …`.
    Tournament(TournamentRequest),
    /// A button.
    Click(Action),
    /// A component that carries a value: a select menu's chosen option, or a form's text.
    Choose {
        /// What it does.
        action: Action,
        /// The option's value, or the text typed.
        value: String,
    },
}

/// How an adapter acknowledges a request before the work starts, when the work may take longer
/// than Discord's three seconds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ack {
    /// No acknowledgement: the answer comes at once.
    None,
    /// "Thinking…", seen by everyone.
    Public,
    /// "Thinking…", seen by the asker only.
    Private,
    /// A click whose message is then edited.
    Update,
}

impl Request {
    /// Why the request cannot be answered in `venue`, if it cannot: what needs the bot on
    /// the server (tournaments, threads and the tournament role, the server's games in play)
    /// is refused elsewhere, and a DM, whose games are unrated, has no leaderboard. The
    /// language of public messages may be set wherever there are public messages of several
    /// players (not in the bot's own DM, which speaks its player's language).
    pub fn refused_in(&self, venue: Venue) -> Option<crate::service::ServiceError> {
        use crate::service::ServiceError;
        let language_only = matches!(
            self,
            Request::Settings {
                threads: None,
                tournament_role: None,
                ..
            }
        );
        let needs_server = matches!(
            self,
            Request::Tournament(_)
                | Request::Settings { .. }
                | Request::Watch { .. }
                | Request::Click(
                    Action::Join(_) | Action::Leave(_) | Action::Standings(..) | Action::Watch(_)
                )
        );
        let ladder = matches!(
            self,
            Request::Leaderboard { .. } | Request::Click(Action::Ladder(_))
        );
        let language_here = language_only && venue != Venue::BotDm;
        if needs_server && venue != Venue::Server && !language_here {
            Some(ServiceError::NeedsServer)
        } else if ladder && matches!(venue, Venue::Dm | Venue::BotDm) {
            Some(ServiceError::NoLadderHere)
        } else {
            None
        }
    }

    /// How the request is acknowledged before its work.
    pub fn ack(&self) -> Ack {
        match self {
            Request::Hint | Request::Replay { .. } | Request::Analysis { .. } => Ack::Private,
            Request::Leaderboard { .. } => Ack::Public,
            Request::Click(Action::Replay(_)) => Ack::Private,
            Request::Click(Action::Ladder(_)) => Ack::Update,
            Request::Tournament(TournamentRequest::Standings { .. })
            | Request::Tournament(TournamentRequest::Export { .. }) => Ack::Public,
            _ => Ack::None,
        }
    }

    /// The command's name, for logs (`move`, `click:accept`).
    pub fn name(&self) -> &'static str {
        match self {
            Request::Challenge(_) => "challenge",
            Request::Move { .. } => "move",
            Request::Suggest { .. } => "suggest",
            Request::Board { .. } => "board",
            Request::Hint => "hint",
            Request::Resign => "resign",
            Request::Draw => "draw",
            Request::Takeback => "takeback",
            Request::Abort => "abort",
            Request::Games => "games",
            Request::MoreTime => "moretime",
            Request::Notify { .. } => "notify",
            Request::Leaderboard { .. } => "leaderboard",
            Request::Stats { .. } => "stats",
            Request::History { .. } => "history",
            Request::Replay { .. } => "replay",
            Request::Analysis { .. } => "analysis",
            Request::Rules => "rules",
            Request::Settings { .. } => "settings",
            Request::Watch { .. } => "watch",
            Request::Tournament(t) => match t {
                TournamentRequest::Create(_) => "tournament:create",
                TournamentRequest::Join { .. } => "tournament:join",
                TournamentRequest::Leave { .. } => "tournament:leave",
                TournamentRequest::Withdraw { .. } => "tournament:withdraw",
                TournamentRequest::Start { .. } => "tournament:start",
                TournamentRequest::Cancel { .. } => "tournament:cancel",
                TournamentRequest::Standings { .. } => "tournament:standings",
                TournamentRequest::Export { .. } => "tournament:export",
                TournamentRequest::List => "tournament:list",
                TournamentRequest::Remove { .. } => "tournament:remove",
                TournamentRequest::Result { .. } => "tournament:result",
                TournamentRequest::Pause { .. } => "tournament:pause",
                TournamentRequest::ExtraTime { .. } => "tournament:moretime",
                TournamentRequest::NextRound { .. } => "tournament:next",
            },
            Request::Click(action) => match action {
                Action::Accept(_) => "click:accept",
                Action::Decline(_) => "click:decline",
                Action::Cancel(_) => "click:cancel",
                Action::Draw(..) => "click:draw",
                Action::Takeback(..) => "click:takeback",
                Action::Ladder(_) => "click:ladder",
                Action::Watch(_) => "click:watch",
                Action::Replay(_) => "click:replay",
                Action::Rematch(_) => "click:rematch",
                Action::PlayAnyway(..) => "click:play-anyway",
                Action::Join(_) => "click:join",
                Action::Leave(_) => "click:leave",
                Action::Standings(..) => "click:standings",
                Action::Pick(..) => "click:pick",
                Action::TypeMove(..) => "click:type-move",
                Action::Typed(..) => "click:typed",
                Action::Resign(_) => "click:resign",
                Action::ResignSure(_) => "click:resign-sure",
                Action::OfferDraw(_) => "click:offer-draw",
                Action::Show(_) => "click:board",
            },
            Request::Choose { action, .. } => match action {
                Action::Typed(..) => "modal:move",
                _ => "select:pick",
            },
        }
    }
}

/// Whether the place of a request lets the bot start a game's thread there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ThreadRoom {
    /// Yes: a text or announcement channel, and the bot may start threads and post in them.
    Able,
    /// No thread can start here (a thread already, a forum post, a DM).
    NotHere,
    /// The adapter keeps threads of its own, which need no permission (the console's threads
    /// are channels it names).
    Own,
    /// A channel for threads, but the bot lacks these permissions (Discord's names).
    Missing(Vec<&'static str>),
}

/// The languages of a request's readers.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Readers {
    /// The asker's language: for what only they see (private replies, refusals).
    pub user: Lang,
    /// The server's language: for what the channel sees.
    pub server: Lang,
}

/// The languages a request came with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Languages {
    /// Discord's locale tags of the user's client and of the server (remembered, and the
    /// server's language found from the settings).
    Tags {
        /// The user's client (`ru`, `en-US`).
        user: String,
        /// The server's (community servers only).
        server: Option<String>,
    },
    /// One language for everything (the console's `--locale`).
    Fixed(Lang),
}

/// Who asks, from where, with what rights.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Caller {
    /// The asker.
    pub user: User,
    /// The bot itself (a challenge to it is a game against the engine).
    pub bot: User,
    /// Where they asked.
    pub place: Place,
    /// Their languages.
    pub languages: Languages,
    /// May call off any game (Manage Messages).
    pub moderator: bool,
    /// May change the server's settings (Manage Server).
    pub manager: bool,
    /// When they asked, by Discord's clock (the interaction's id), if known.
    pub sent_at: Option<Timestamp>,
    /// Whether a game's thread may start here.
    pub threads: ThreadRoom,
    /// The largest file a reply may attach here, in bytes.
    pub attachment_limit: u64,
    /// The server's name, for a record's header.
    pub server_name: Option<String>,
    /// The id of the message whose button was clicked.
    pub clicked: Option<u64>,
    /// The asker's roles on the server (the tournament role may create tournaments).
    pub roles: Vec<u64>,
    /// Where they asked: a server with the bot, or a place reached through a user's install
    /// (what the bot may do there, and which commands work).
    pub venue: Venue,
}
