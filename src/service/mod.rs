//! The game service: every use case of the bot, on top of the rules, the renderer and the
//! store, with no Discord types. The Discord bot and the offline console are thin adapters
//! that turn interactions or typed lines into these calls and show what they return.
//!
//! The use cases are split by what they are for, each part a struct of its own that can be
//! read whole, reached through one handle, [`GameService`]:
//! - [`GameService::games`] ([`Games`]): moves, boards and their pictures, resign, draw,
//!   takeback, abort;
//! - [`GameService::bots`] ([`Bots`]): games against the bot, its moves, hints, its search pool;
//! - [`GameService::records`] ([`Records`]): a user's games, a game's record and replay, the
//!   server's games for spectators;
//! - [`GameService::challenges`] ([`Challenges`]): challenges made, accepted, declined,
//!   cancelled, rematches;
//! - [`GameService::tournaments`] ([`Tournaments`]): events made, joined and left, their
//!   rounds, standings and exports; [`GameService::director`] ([`Director`]): the director's
//!   tools (start, pause, cancel, next round, adjudicate, extra time);
//! - [`GameService::analysis`] ([`Analyses`]): the engine's review of a finished game;
//! - [`GameService::settings`] ([`Settings`]): languages, a server's threads, DM notices,
//!   names and channel names;
//! - [`GameService::ladder`] ([`Ladder`]): the leaderboard and a player's stats;
//! - [`GameService::deadlines`] ([`Deadlines`]): the sweep of what falls due, more time;
//! - [`GameService::post`] ([`Post`]): the outbox's letters, delivered or held.
//!
//! The parts share one [`Context`] (the store, the clock, the render gate, the sweeper's
//! wake-up, the search pool, the metrics). A part that needs another holds a handle to it, and
//! those handles point one way: [`Post`] on [`Settings`], [`Tournaments`] and [`Games`];
//! [`Games`], [`Challenges`] and [`Deadlines`] on [`Bots`]; [`Analyses`] on [`Records`];
//! [`Director`] and [`Ladder`] on [`Tournaments`].
//!
//! All calls are async and never block the runtime: the service calls the store through its
//! interface ([`Storage`]; SQLite runs on the store's own thread) and pictures are drawn on
//! tokio's blocking pool. Time comes from an injectable [`Clock`].

mod analysis;
mod bots;
mod challenges;
mod context;
mod deadlines;
mod endings;
mod error;
mod games;
mod judgement;
mod ladder;
mod languages;
mod play;
mod post;
mod queries;
mod settings;
mod terms;
mod thinking;
mod threads;
pub mod tournaments;
mod views;

use std::sync::Arc;

pub use analysis::{Analyses, Analysis, OnProgress, Progress};
pub use bots::{Bots, HINT_NODES, HintView};
pub use challenges::{Challenges, Rematch};
// The service is built on a clock and answers with its moments: its callers name them here.
pub use crate::clock::{Clock, ManualClock, SystemClock, Timestamp, Wait};
pub use context::Context;
pub use deadlines::Deadlines;
pub use error::{Result, ServiceError};
pub use games::Games;
pub use judgement::{DRAW_NODES, DRAW_REPETITIONS, accepts_draw, occurrences};
pub use ladder::{
    Ladder, MEMBER_RECHECK, Members, RECENT_GAMES, RECENT_TOURNAMENTS, Stats, TournamentPlace,
};
pub use play::MAX_SUGGESTIONS;
pub use post::{Delivered, Delivery, Letter, News, Post, Postman};
pub use queries::Records;
pub use settings::Settings;
pub use terms::{
    ChallengeOptions, ChallengeRequest, DEFAULT_BOT_LEVEL, DEFAULT_TIME_CONTROL, Opponent,
    bot_level, coin_toss, time_control,
};
pub use tournaments::{Director, Tournaments};
pub use views::{
    Board, ChallengeView, DrawReport, GameLink, GameSummary, History, MoveReport, MoveTerms, Named,
    Place, Suggestion, User, Watch, WatchedGame, default_side,
};

use crate::store::Storage;

/// The use cases, one part each (see the [module](self)); cheap to clone (each part is a few
/// shared handles), and every clone shares the store, the clock, the caches and the metrics.
#[derive(Clone)]
pub struct GameService {
    /// Moves, boards and their pictures, and a game's endings.
    pub games: Games,
    /// Games against the bot: its moves, hints and search pool.
    pub bots: Bots,
    /// A user's games, a game's record and replay, the server's games for spectators.
    pub records: Records,
    /// Challenges and rematches.
    pub challenges: Challenges,
    /// Tournaments as players and spectators see them, and their rounds.
    pub tournaments: Tournaments,
    /// A tournament director's tools.
    pub director: Director,
    /// The engine's review of finished games.
    pub analysis: Analyses,
    /// Languages, a server's threads, DM notices, names and channel names.
    pub settings: Settings,
    /// The leaderboard and a player's stats.
    pub ladder: Ladder,
    /// The sweep of what falls due, and more time.
    pub deadlines: Deadlines,
    /// The outbox's delivery.
    pub post: Post,
    context: Arc<Context>,
}

impl GameService {
    /// A service over `store` (any [`Storage`]: SQLite's `AsyncStore`, …), telling time by
    /// `clock`.
    pub fn new(store: impl Storage + 'static, clock: Arc<dyn Clock>) -> GameService {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let context = Context::new(store, clock, cores);
        let settings = Settings::new(context.clone());
        let bots = Bots::new(context.clone());
        let games = Games::new(context.clone(), bots.clone());
        let records = Records::new(context.clone());
        let tournaments = Tournaments::new(context.clone());
        GameService {
            challenges: Challenges::new(context.clone(), bots.clone()),
            director: Director::new(context.clone(), tournaments.clone()),
            analysis: Analyses::new(context.clone(), records.clone()),
            ladder: Ladder::new(context.clone(), tournaments.clone()),
            deadlines: Deadlines::new(context.clone(), bots.clone()),
            post: Post::new(
                context.clone(),
                settings.clone(),
                tournaments.clone(),
                games.clone(),
            ),
            games,
            bots,
            records,
            tournaments,
            settings,
            context,
        }
    }

    /// The same service reviewing each position of an analysis with about `nodes` nodes (see
    /// [`Analyses::with_analysis_nodes`]).
    pub fn with_analysis_nodes(mut self, nodes: u64) -> GameService {
        self.analysis = self.analysis.with_analysis_nodes(nodes);
        self
    }

    /// The bot's metrics: moves, searches and sweeps counted here, the rest by the adapter
    /// (see [`crate::telemetry`]). Every clone of the service shares them.
    pub fn metrics(&self) -> &Arc<crate::telemetry::Metrics> {
        &self.context.metrics
    }

    /// The store the service runs on, as its interface (for adapters' own queries, such as
    /// the health check, and for tests).
    pub fn store(&self) -> &dyn Storage {
        &*self.context.store
    }

    /// The time on the service's clock (unix seconds).
    pub fn now(&self) -> i64 {
        self.context.now()
    }

    /// The time on the service's clock, to the millisecond.
    pub fn now_ms(&self) -> Timestamp {
        self.context.now_ms()
    }
}
