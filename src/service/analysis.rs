//! Analysing a finished game: the engine reviews every move (see
//! [`crate::engine::review`]), on the search pool, and the result is stored so that asking
//! again is instant.
//!
//! The positions go to the pool two at a time (one per core of the machine the bot runs on):
//! a bot game's move that arrives meanwhile waits for one search of a tenth of a second, not
//! for the whole analysis, because the pool serves searches in the order they arrive.

use std::sync::Arc;

use super::context::{Context, start_of};
use super::queries::Records;
use super::{History, Place, Result, ServiceError};
use crate::engine::review::{Assessment, Review, assess, positions};
use crate::rules::Position;
use crate::rules::record::replay_moves;
use crate::store::{GameId, GameStatus, StoredAnalysis};

/// A finished game and the engine's review of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The game, its record and its players' names.
    pub history: History,
    /// The review: every move judged.
    pub review: Review,
    /// The node budget each position was searched with.
    pub nodes: u64,
    /// True when the engine searched now; false when the stored review was used.
    pub searched: bool,
}

impl Analysis {
    /// The game's number.
    pub fn game(&self) -> GameId {
        self.history.game.id
    }
}

/// Where an analysis stands while the engine works: moves judged so far, of all the game's.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The game.
    pub game: GameId,
    /// Moves judged so far.
    pub done: usize,
    /// The game's moves.
    pub total: usize,
}

/// What an adapter is told as an analysis goes on (called from the async task that runs it;
/// keep it quick: hand the value on, e.g. to a `watch` channel).
pub type OnProgress = Arc<dyn Fn(Progress) + Send + Sync>;

/// The engine's review of finished games, and the pictures of its charts.
#[derive(Clone)]
pub struct Analyses {
    pub(super) context: Arc<Context>,
    /// The records, whose game histories are analysed.
    pub(super) records: Records,
    /// The node budget of each position of an analysis.
    pub(super) analysis_nodes: u64,
}

impl Analyses {
    /// The part on `context`, with [`Records`].
    pub(super) fn new(context: Arc<Context>, records: Records) -> Analyses {
        Analyses {
            context,
            records,
            analysis_nodes: crate::engine::review::REVIEW_NODES,
        }
    }
}

// The use cases read the shared context as their own (`self.store`, `self.now()`): written
// once, whichever part they belong to.
impl std::ops::Deref for Analyses {
    type Target = Context;

    fn deref(&self) -> &Context {
        &self.context
    }
}

impl Analyses {
    /// The same part reviewing each position of an analysis with about `nodes` nodes
    /// (default [`REVIEW_NODES`]); tests use a small budget, since the test build's engine is
    /// unoptimised.
    ///
    /// [`REVIEW_NODES`]: crate::engine::review::REVIEW_NODES
    pub fn with_analysis_nodes(mut self, nodes: u64) -> Analyses {
        self.analysis_nodes = nodes.max(1);
        self
    }

    /// The engine's analysis of game `id` (or, when `None`, of the game `user_id`'s commands
    /// in `place` act on, else the game that finished last there): [`Analyses::analysable`]
    /// then [`Analyses::analyse`].
    ///
    /// # Errors
    /// Theirs.
    pub async fn analysis(
        &self,
        place: Place,
        user_id: u64,
        id: Option<GameId>,
        on_progress: OnProgress,
    ) -> Result<Analysis> {
        let history = self.analysable(place, user_id, id).await?;
        self.analyse(history, on_progress).await
    }

    /// The game an analysis of game `id` would review (or, when `None`, the game `user_id`'s
    /// commands in `place` act on, else the game that finished last there; see
    /// [`Records::history`]), checked to be finished: quick, so that an adapter can refuse
    /// before it acknowledges a long piece of work.
    ///
    /// # Errors
    /// [`ServiceError::AnalysisInPlay`] for a game in play or held for a moderator;
    /// [`ServiceError::AnalysisAborted`] for an aborted game; those of
    /// [`Records::history`] (no such game, a game of another server).
    pub async fn analysable(
        &self,
        place: Place,
        user_id: u64,
        id: Option<GameId>,
    ) -> Result<History> {
        let history = self.records.history(place, user_id, id).await?;
        finished(&history)?;
        Ok(history)
    }

    /// The engine's analysis of `history`'s game: the stored one when there is one; else every
    /// position is searched on the search pool, `on_progress` told after each pair, and the
    /// result stored.
    ///
    /// # Errors
    /// [`ServiceError::AnalysisInPlay`], [`ServiceError::AnalysisAborted`] as
    /// [`Analyses::analysable`]; [`ServiceError::Engine`] if a search fails (a bug); the
    /// store's.
    pub async fn analyse(&self, history: History, on_progress: OnProgress) -> Result<Analysis> {
        finished(&history)?;
        let game = &history.game;
        let start = start_of(game)?;
        let (_, moves) = replay_moves(start, &history.record).map_err(|_| ServiceError::Engine)?;
        let id = game.id;
        let stored = self.store.analysis(id).await?;
        if let Some(stored) = stored {
            let read: Option<Vec<Assessment>> =
                stored.assessments.iter().map(|a| a.parse().ok()).collect();
            // One that cannot be read back (it never happens: it was written by this code) is
            // searched again rather than refused.
            if let Some(review) = read.and_then(|a| Review::new(start, &moves, &a).ok()) {
                return Ok(Analysis {
                    history,
                    review,
                    nodes: stored.nodes,
                    searched: false,
                });
            }
        }
        let nodes = self.analysis_nodes;
        let assessments = self
            .assess_all(start, &moves, nodes, id, &on_progress)
            .await?;
        let review = Review::new(start, &moves, &assessments).map_err(|_| ServiceError::Engine)?;
        let record = StoredAnalysis {
            nodes,
            assessments: assessments.iter().map(ToString::to_string).collect(),
        };
        let now = self.now();
        // Two analyses of one game at once both search (with the same result: the review is
        // deterministic); the first stored stays.
        self.store.save_analysis(id, record, now).await?;
        Ok(Analysis {
            history,
            review,
            nodes,
            searched: true,
        })
    }

    /// The engine's assessment of every position from `start` through `moves`, searched two
    /// at a time on the pool; `on_progress` is told after each pair.
    async fn assess_all(
        &self,
        start: Position,
        moves: &[crate::rules::Move],
        nodes: u64,
        game: GameId,
        on_progress: &OnProgress,
    ) -> Result<Vec<Assessment>> {
        let all = positions(start, moves).map_err(|_| ServiceError::Engine)?;
        let total = moves.len();
        let mut out = Vec::with_capacity(all.len());
        on_progress(Progress {
            game,
            done: 0,
            total,
        });
        for pair in all.chunks(2) {
            let search = |p: Position| self.think(move || assess(&p, nodes));
            match *pair {
                [a, b] => {
                    let (a, b) = tokio::join!(search(a), search(b));
                    out.extend([a?, b?]);
                }
                [a] => out.push(search(a).await?),
                _ => {}
            }
            // Position i + 1 judged move i: the moves judged are the positions less the start.
            on_progress(Progress {
                game,
                done: out.len().saturating_sub(1).min(total),
                total,
            });
        }
        Ok(out)
    }
}

/// Refuses a game that is not finished: in play (fair play) or aborted (nothing to learn).
fn finished(history: &History) -> Result<()> {
    let game = &history.game;
    match game.status {
        GameStatus::Finished => Ok(()),
        GameStatus::Aborted => Err(ServiceError::AnalysisAborted(game.id)),
        GameStatus::Active | GameStatus::NeedsReview => Err(ServiceError::AnalysisInPlay(game.id)),
    }
}

impl Analyses {
    /// The picture of `chart` (PNG bytes; see [`crate::render::chart::chart`]), drawn off the
    /// async runtime, one drawing per core at a time.
    ///
    /// # Errors
    /// [`ServiceError::Render`] if drawing fails (a bug).
    pub async fn chart(&self, chart: crate::render::chart::Chart) -> Result<Vec<u8>> {
        self.drawn(move || crate::render::chart::chart(&chart).ok())
            .await?
            .ok_or(ServiceError::Render)
    }
}
