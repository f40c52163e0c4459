//! What the parts of the service share: the store handle, the clock, the render gate, the
//! sweeper's wake-up, the search pool and the metrics, with the few steps every use case takes
//! (the time, the player's name remembered, the game a command acts on, its board, a picture
//! drawn, the sweeper woken).
//!
//! Each part of the service holds the context behind one `Arc` and dereferences to it, so a
//! use case reads `self.store`, `self.clock` or `self.now()` whichever part it is written in.

use std::sync::Arc;

use super::thinking::Thinkers;
use super::{Board, GameLink, Place, Result, ServiceError, User};
use crate::clock::{Clock, Timestamp};
use crate::rules::{Move, Position};
use crate::store::{Game, Storage};

/// What every part of the service shares; one per service, behind an `Arc` (the parts reach it
/// through `Deref`). Its steps are for the parts only.
pub struct Context {
    /// The store, as its interface (SQLite's runs on its own thread).
    pub(super) store: Arc<dyn Storage>,
    /// The service's time.
    pub(super) clock: Arc<dyn Clock>,
    /// One permit per core for drawing pictures. Without it a burst of moves starts as many
    /// renders as there are moves, which then share the cores and all finish late (and each
    /// blocking thread keeps its own allocator arena, growing resident memory); with it they
    /// run first come, first served.
    pub(super) render_gate: Arc<tokio::sync::Semaphore>,
    /// Names already stored, so a move does not pay a write transaction to store the same
    /// name again (the store stays the source of truth; this only skips repeats).
    pub(super) names_seen: std::sync::Mutex<std::collections::HashMap<u64, String>>,
    /// Woken when a notice is queued or a due moment is set, so the sweeper delivers now and
    /// sleeps until the right moment rather than until its next tick.
    pub(super) mail: tokio::sync::Notify,
    /// The search pool of the engine ([`Context::think`]).
    pub(super) thinkers: Thinkers,
    /// What the service counts for the operator.
    pub(super) metrics: Arc<crate::telemetry::Metrics>,
}

impl Context {
    /// The context of a service over `store`, telling time by `clock`, on a machine of `cores`
    /// cores (one drawing and one search per core at a time).
    pub(super) fn new(
        store: impl Storage + 'static,
        clock: Arc<dyn Clock>,
        cores: usize,
    ) -> Arc<Context> {
        let metrics: Arc<crate::telemetry::Metrics> = Arc::default();
        Arc::new(Context {
            store: Arc::new(store),
            clock,
            render_gate: Arc::new(tokio::sync::Semaphore::new(cores)),
            names_seen: std::sync::Mutex::default(),
            mail: tokio::sync::Notify::new(),
            thinkers: Thinkers::new(cores, metrics.clone()),
            metrics,
        })
    }

    /// The time on the service's clock (unix seconds).
    pub(super) fn now(&self) -> i64 {
        self.clock.now()
    }

    /// The time on the service's clock, to the millisecond.
    pub(super) fn now_ms(&self) -> Timestamp {
        Timestamp(self.clock.now_ms())
    }

    /// Remembers the display name of everyone who acts, so pictures can name them later.
    pub(super) async fn seen(&self, user: &User) -> Result<()> {
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

    /// The channel's game (active, or held for review), or [`ServiceError::NoGameHere`].
    pub(super) async fn game_here(&self, place: Place) -> Result<Game> {
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
    pub(super) async fn game_of(&self, place: Place, user_id: u64) -> Result<Game> {
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
    pub(super) async fn board_of(&self, game: Game) -> Result<Board> {
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

    /// Runs the drawing `draw` off the async runtime, one drawing per core at a time (the
    /// render gate).
    ///
    /// # Errors
    /// [`ServiceError::Render`] if the drawing task panics.
    pub(super) async fn drawn<T: Send + 'static>(
        &self,
        draw: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T> {
        gated(&self.render_gate, draw)
            .await
            .ok_or(ServiceError::Render)
    }

    /// Runs the search `job` on the search pool ([`Thinkers::think`]).
    ///
    /// # Errors
    /// [`ServiceError::Engine`] if the search task panics.
    pub(super) async fn think<T: Send + 'static>(
        &self,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T> {
        self.thinkers.think(job).await
    }

    /// Wakes the sweeper's delivery when `queued`.
    pub(super) fn mail_if(&self, queued: bool) {
        if queued {
            self.mail.notify_one();
        }
    }

    /// Wakes the sweeper after a change that set a due moment: it delivers and reads the next
    /// due moment again. Simpler than deciding whether the new moment is earlier than the one
    /// it sleeps for, and cheap (a round is a few index lookups).
    pub(super) fn reschedule(&self) {
        self.mail.notify_one();
    }
}

/// Runs `job` on tokio's blocking pool once `gate` gives a permit (first come, first served),
/// holding it until the job is done; `None` if the job panicked or the gate is closed.
pub(super) async fn gated<T: Send + 'static>(
    gate: &tokio::sync::Semaphore,
    job: impl FnOnce() -> T + Send + 'static,
) -> Option<T> {
    let _permit = gate.acquire().await.ok()?;
    tokio::task::spawn_blocking(job).await.ok()
}

/// The position a game starts from (its set-up FPN or the standard start).
pub(super) fn start_of(game: &Game) -> Result<Position> {
    Ok(game.start_position()?)
}
