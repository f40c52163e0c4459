//! The game service: every use case of the bot, on top of the rules, the renderer and the
//! store, with no Discord types. The Discord bot and the offline console are thin adapters
//! that turn interactions or typed lines into these calls and show what they return.
//!
//! All calls are async and never block the runtime: the service calls the store through its
//! interface ([`Storage`]; SQLite runs on the store's own thread) and pictures are drawn on
//! tokio's blocking pool. Time comes from an injectable [`Clock`].

mod analysis;
mod bots;
mod challenges;
mod deadlines;
mod endings;
mod error;
mod ladder;
mod languages;
mod play;
mod post;
mod queries;
mod thinking;
mod threads;
pub mod tournaments;
mod views;

use std::sync::Arc;

pub use analysis::{Analysis, OnProgress, Progress};
pub use bots::{
    DEFAULT_BOT_LEVEL, DRAW_NODES, DRAW_REPETITIONS, HINT_NODES, HintView, accepts_draw, bot_level,
    occurrences,
};
pub use challenges::{
    ChallengeOptions, ChallengeRequest, DEFAULT_TIME_CONTROL, Opponent, Rematch, coin_toss,
    time_control,
};
// The service is built on a clock and answers with its moments: its callers name them here.
pub use crate::clock::{Clock, ManualClock, SystemClock, Timestamp, Wait};
pub use error::{Result, ServiceError};
pub use ladder::{
    MEMBER_RECHECK, Members, RECENT_GAMES, RECENT_TOURNAMENTS, Stats, TournamentPlace,
};
pub use play::MAX_SUGGESTIONS;
pub use post::{Delivered, Delivery, Letter, Named, News, Postman};
pub use views::{
    Board, ChallengeView, DrawReport, GameLink, GameSummary, History, MoveReport, MoveTerms, Place,
    Suggestion, User, Watch, WatchedGame, default_side,
};

use crate::render::RenderOptions;
use crate::rules::{Move, Position};
use crate::store::{Game, Storage};

/// The use cases; cheap to clone (shared store handle, clock and render gate).
#[derive(Clone)]
pub struct GameService {
    store: Arc<dyn Storage>,
    clock: Arc<dyn Clock>,
    /// One permit per core for drawing pictures. Without it a burst of moves starts as many
    /// renders as there are moves, which then share the cores and all finish late (and each
    /// blocking thread keeps its own allocator arena, growing resident memory); with it they
    /// run first come, first served.
    render_gate: Arc<tokio::sync::Semaphore>,
    /// Names already stored, so a move does not pay a write transaction to store the same
    /// name again (the store stays the source of truth; this only skips repeats).
    names_seen: Arc<std::sync::Mutex<std::collections::HashMap<u64, String>>>,
    /// Woken when a notice is queued or a due moment is set, so the sweeper delivers now and
    /// sleeps until the right moment rather than until its next tick.
    mail: Arc<tokio::sync::Notify>,
    /// Sweeps run so far ([`GameService::sweeps`]).
    sweeps: Arc<std::sync::atomic::AtomicU64>,
    /// Locales already stored, so an interaction does not pay a write to store them again.
    locales_seen: Arc<languages::Seen>,
    /// The search pool of the engine ([`GameService::think`]).
    thinkers: thinking::Thinkers,
    /// Games whose bot move is being searched.
    thinking: bots::Thinking,
    /// Games against the bot whose latest position the adapter has not shown yet: the bot
    /// answers only once it is shown ([`GameService::bot_to_move`]), so that its move never
    /// comes before the message it answers, or before the game's thread exists.
    unshown: bots::Unshown,
    /// The node budget of each position of an analysis ([`GameService::analysis`]).
    analysis_nodes: u64,
    /// What the service counts for the operator ([`GameService::metrics`]).
    metrics: Arc<crate::telemetry::Metrics>,
}

impl GameService {
    /// A service over `store` (any [`Storage`]: SQLite's `AsyncStore`, …), telling time by
    /// `clock`.
    pub fn new(store: impl Storage + 'static, clock: Arc<dyn Clock>) -> GameService {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        GameService {
            store: Arc::new(store),
            clock,
            render_gate: Arc::new(tokio::sync::Semaphore::new(cores)),
            names_seen: Arc::default(),
            mail: Arc::default(),
            sweeps: Arc::default(),
            locales_seen: Arc::default(),
            thinkers: thinking::Thinkers::new(cores),
            thinking: bots::Thinking::default(),
            unshown: bots::Unshown::default(),
            analysis_nodes: crate::engine::review::REVIEW_NODES,
            metrics: Arc::default(),
        }
    }

    /// The bot's metrics: moves, searches and sweeps counted here, the rest by the adapter
    /// (see [`crate::telemetry`]). Every clone of the service shares them.
    pub fn metrics(&self) -> &Arc<crate::telemetry::Metrics> {
        &self.metrics
    }

    /// The store the service runs on, as its interface (for adapters' own queries, such as
    /// the health check, and for tests).
    pub fn store(&self) -> &dyn Storage {
        &*self.store
    }

    /// The time on the service's clock (unix seconds).
    pub fn now(&self) -> i64 {
        self.clock.now()
    }

    /// The time on the service's clock, to the millisecond.
    pub fn now_ms(&self) -> Timestamp {
        Timestamp(self.clock.now_ms())
    }

    /// Remembers the display name of everyone who acts, so pictures can name them later.
    async fn seen(&self, user: &User) -> Result<()> {
        let known = |names: &std::collections::HashMap<u64, String>| {
            names.get(&user.id) == Some(&user.name)
        };
        if self.names_seen.lock().is_ok_and(|n| known(&n)) {
            return Ok(());
        }
        let (id, name, now) = (user.id, user.name.clone(), self.now());
        self.store.remember_name(id, name, now).await?;
        if let Ok(mut names) = self.names_seen.lock() {
            names.insert(user.id, user.name.clone());
        }
        Ok(())
    }

    /// The game a command of `user_id` in `place` acts on (the channel's, or theirs started
    /// from it), whether or not they play it.
    ///
    /// # Errors
    /// [`ServiceError::NoGameHere`] when there is none; [`ServiceError::InThreads`] when
    /// several games of theirs started here; the store's.
    pub async fn game_in(&self, place: Place, user_id: u64) -> Result<Game> {
        self.game_of(place, user_id).await
    }

    /// The channel's game (active, or held for review), or [`ServiceError::NoGameHere`].
    async fn game_here(&self, place: Place) -> Result<Game> {
        let channel = place.channel_id;
        self.store
            .game_in_channel(channel)
            .await?
            .ok_or(ServiceError::NoGameHere)
    }

    /// The game a command of `user_id` in `place` acts on: the game played there (in the
    /// thread, or in the channel itself) when they play in it; else their one game whose
    /// thread started from this channel.
    ///
    /// # Errors
    /// [`ServiceError::NoGameHere`] when there is none; [`ServiceError::InThreads`] when
    /// several games of theirs started here (which one is meant is for them to say, by using
    /// the command in its thread); the store's.
    async fn game_of(&self, place: Place, user_id: u64) -> Result<Game> {
        let here = match self.game_here(place).await {
            Ok(game) if game.color_of(user_id).is_some() => return Ok(game),
            Ok(game) => Some(game),
            Err(ServiceError::NoGameHere) => None,
            Err(e) => return Err(e),
        };
        let channel = place.channel_id;
        let mut started = self.store.games_started_in(channel, user_id).await?;
        match (started.len(), here) {
            (1, _) => Ok(started.remove(0)),
            (0, Some(game)) => Ok(game),
            (0, None) => Err(ServiceError::NoGameHere),
            _ => Err(ServiceError::InThreads(
                started
                    .iter()
                    .map(|g| GameLink {
                        id: g.id,
                        channel_id: g.channel_id,
                    })
                    .collect(),
            )),
        }
    }

    /// The board of `game`: its position, last move and names.
    async fn board_of(&self, game: Game) -> Result<Board> {
        let id = game.id;
        let (white, black) = (game.white_id, game.black_id);
        let (moves, names) = self.store.moves_and_names(id, [white, black]).await?;
        let last_move = moves.last().and_then(|m| m.notation.parse::<Move>().ok());
        let position = game.current_position()?;
        Ok(Board {
            game,
            position,
            last_move,
            names,
        })
    }

    /// The picture of `board` (PNG bytes), drawn with `options` (its words in the reader's
    /// language, made at the edge), off the async runtime and one render per core at a time.
    ///
    /// # Errors
    /// [`ServiceError::Render`] if the drawing task fails (a bug).
    pub async fn picture(&self, board: &Board, options: RenderOptions) -> Result<Vec<u8>> {
        let position = board.position;
        self.drawn(move || crate::render::render(&position, &options))
            .await
    }

    /// Runs the drawing `draw` off the async runtime, one drawing per core at a time (the
    /// render gate).
    ///
    /// # Errors
    /// [`ServiceError::Render`] if the drawing task panics.
    async fn drawn<T: Send + 'static>(
        &self,
        draw: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T> {
        gated(&self.render_gate, draw)
            .await
            .ok_or(ServiceError::Render)
    }

    /// The animated replay of `history`'s game (GIF bytes; see [`crate::render::replay_gif`]),
    /// drawn with `options` off the async runtime, one drawing per core at a time.
    ///
    /// # Errors
    /// [`ServiceError::ReplayTooLarge`] when the GIF is larger than `limit` bytes (what Discord
    /// lets the interaction attach); [`ServiceError::Render`] if a stored move cannot be
    /// replayed or drawing fails (a bug: stored games are checked move by move).
    pub async fn replay(
        &self,
        history: &History,
        options: crate::render::ReplayOptions,
        limit: u64,
    ) -> Result<Vec<u8>> {
        let start = start_of(&history.game)?;
        let record = history.record.clone();
        let gif = self
            .drawn(move || {
                let (_, moves) = crate::rules::record::replay_moves(start, &record).ok()?;
                crate::render::replay_gif(&start, &moves, &options).ok()
            })
            .await?
            .ok_or(ServiceError::Render)?;
        if gif.len() as u64 > limit {
            return Err(ServiceError::ReplayTooLarge {
                game: history.game.id,
                plies: history.plies,
                limit,
            });
        }
        Ok(gif)
    }
}

/// Runs `job` on tokio's blocking pool once `gate` gives a permit (first come, first served),
/// holding it until the job is done; `None` if the job panicked or the gate is closed.
async fn gated<T: Send + 'static>(
    gate: &tokio::sync::Semaphore,
    job: impl FnOnce() -> T + Send + 'static,
) -> Option<T> {
    let _permit = gate.acquire().await.ok()?;
    tokio::task::spawn_blocking(job).await.ok()
}

/// The position a game starts from (its set-up FPN or the standard start).
fn start_of(game: &Game) -> Result<Position> {
    Ok(game.start_position()?)
}
