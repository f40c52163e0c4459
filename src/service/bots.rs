//! Games against the bot (issue 15): starting one, the bot's moves, hints, and the results of
//! a player against each level.
//!
//! The bot's move is searched on the search pool ([`Bots::think`]) once the adapter has
//! shown the position it answers ([`Bots::bot_to_move`]), and stored like anyone's
//! move, at the ply it searched: a game that ended or changed meanwhile (a resignation, an
//! abort, a time-out) refuses it, and it is dropped. The store queues the bot's move as an
//! outbox notice in the same transaction, so the sweeper posts it with its board, and a crash
//! between the two loses nothing. At start-up the sweep finds every game where the bot was to
//! move and lets it move ([`Bots::wake_bots`]). What the bot judges (its search at a level,
//! its answer to a draw offer) is pure, in `judgement.rs`.

use std::sync::{Arc, Mutex};

use super::context::Context;
use super::judgement::{accepts_draw, bot_search, seed_of};
use super::terms::{ChallengeRequest, coin_toss};
use super::{Board, Place, Result, ServiceError, User};
use crate::engine::{Engine, Level, Limits, review};
use crate::rules::{Move, Position};
use crate::store::{Game, GameId, GameStatus, Hint, LevelResults, NewChallenge, StoreError};

/// The effort of a hint: the full engine with a node budget, so that the same position gets
/// the same hint on any machine (about a fifth of a second at 2 M nodes/s).
pub const HINT_NODES: u64 = 400_000;

/// The bot moves being searched now, by game and ply: one is in it from the moment its search
/// is queued until its move is stored or dropped, so a position never has two. Keyed by ply
/// too, since the person may answer the bot's move (stored) before its search's claim is
/// released: the next ply's claim must not find the game taken.
pub(super) type Thinking = Arc<Mutex<std::collections::HashSet<(GameId, u32)>>>;

/// Games against the bot whose latest position is not shown yet, with the ply of that
/// position (see `Bots::unshown`).
pub(super) type Unshown = Arc<Mutex<std::collections::HashMap<GameId, u32>>>;

/// A hint given ([`Bots::hint`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HintView {
    /// The game.
    pub game: GameId,
    /// The suggested move.
    pub mv: Move,
    /// Hints given in the game so far, this one included.
    pub used: u32,
    /// Hints left in the game.
    pub left: u32,
}

/// Games against the bot: starting one, its moves, hints, its draw answers, its results by
/// level, and the search pool every search of the engine runs on.
#[derive(Clone)]
pub struct Bots {
    context: Arc<Context>,
    /// Games whose bot move is being searched.
    thinking: Thinking,
    /// Games against the bot whose latest position the adapter has not shown yet: the bot
    /// answers only once it is shown ([`Bots::bot_to_move`]), so that its move never comes
    /// before the message it answers, or before the game's thread exists.
    unshown: Unshown,
}

impl Bots {
    /// The part on `context`.
    pub(super) fn new(context: Arc<Context>) -> Bots {
        Bots {
            context,
            thinking: Thinking::default(),
            unshown: Unshown::default(),
        }
    }
}

// The use cases read the shared context as their own (`self.store`, `self.now()`): written
// once, whichever part they belong to.
impl std::ops::Deref for Bots {
    type Target = Context;

    fn deref(&self) -> &Context {
        &self.context
    }
}

impl Bots {
    /// `challenger` starts a game in `place` against `bot`, the bot's own user, playing at
    /// `level` (1 to 8): no acceptance needed. The rules, colour and start are as `request`
    /// asks; its time control binds the challenger only; the game is never rated. It is played
    /// in `thread_id` when given (as [`crate::service::Challenges::accept_in`]). When the bot
    /// is to move first, the adapter calls [`Bots::bot_to_move`] once the start is shown.
    ///
    /// # Errors
    /// [`ServiceError::BotLevel`] for a level outside 1 to 8, [`ServiceError::ChallengeBot`]
    /// for a challenger who is a bot, [`ServiceError::ChannelBusy`],
    /// [`ServiceError::DaysAndMinutes`]; the store's refusals (a time per move not offered, a
    /// bad or decided FPN).
    pub async fn challenge_bot(
        &self,
        place: Place,
        challenger: &User,
        bot: &User,
        level: i64,
        request: ChallengeRequest,
        thread_id: Option<u64>,
    ) -> Result<Board> {
        let level = u8::try_from(level)
            .ok()
            .and_then(Level::new)
            .ok_or(ServiceError::BotLevel(level))?;
        if challenger.is_bot {
            return Err(ServiceError::ChallengeBot);
        }
        let time_control = request.time_control()?;
        if thread_id.is_none() && self.game_here(place).await.is_ok() {
            return Err(ServiceError::ChannelBusy);
        }
        self.seen(challenger).await?;
        self.seen(bot).await?;
        let new = NewChallenge {
            guild_id: place.guild_id,
            channel_id: place.channel_id,
            challenger_id: challenger.id,
            opponent_id: Some(bot.id),
            rules: request.rules,
            time_control,
            color: request.color,
            rated: false,
            start_fpn: request.position,
            created_at: self.now(),
            venue: request.venue,
        };
        let (bot_id, toss) = (bot.id, coin_toss());
        let (game, wake) = self
            .store
            .start_bot_game(new, bot_id, level.number(), toss, thread_id)
            .await?;
        self.not_shown_yet(game.id, game.ply);
        self.mail_if(wake);
        self.board_of(game).await
    }

    /// Lets the bot move in `game` (the row a use case just returned) if it is a game against
    /// the bot, in play, with the bot to move and no search of it under way: its search is
    /// queued on the search pool and its move stored at `game`'s ply (and posted by the
    /// outbox) when found. Returns at once. Adapters call it after showing a position the bot
    /// is to answer; it does nothing otherwise, so calling it after any move is safe.
    pub fn bot_to_move(&self, game: &Game) {
        self.shown(game.id, game.ply);
        if let Some((position, level)) = self.claim(game) {
            let (service, game) = (self.clone(), game.clone());
            tokio::spawn(async move { service.think_for(game, position, level).await });
        }
    }

    /// Lets the bot move in every game in play where it is to move and not yet thinking (at
    /// start-up: the process may have stopped while it was to move); returns how many
    /// searches it queued.
    ///
    /// # Errors
    /// The store's.
    pub async fn wake_bots(&self) -> Result<usize> {
        let games = self.store.bot_games_to_move().await?;
        let mut queued = 0;
        for game in games {
            if let Some((position, level)) = self.claim(&game) {
                queued += 1;
                let service = self.clone();
                tokio::spawn(async move { service.think_for(game, position, level).await });
            }
        }
        Ok(queued)
    }

    /// Runs the search `job` on the search pool once a core is free (waiting searches start in
    /// the order they arrived), and returns its result.
    ///
    /// # Errors
    /// [`ServiceError::Engine`] if the search task panics (a bug: searches have no user input
    /// to fail on).
    pub async fn think<T: Send + 'static>(
        &self,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T> {
        self.context.think(job).await
    }

    /// Whether a search of the bot's move in game `id` is queued or running.
    pub fn is_thinking(&self, id: GameId) -> bool {
        self.thinking
            .lock()
            .is_ok_and(|t| t.iter().any(|(game, _)| *game == id))
    }

    /// Waits until no bot move is being searched (for tests and benchmarks).
    pub async fn bots_idle(&self) {
        loop {
            let idle = self.thinking.lock().map_or(true, |t| t.is_empty());
            if idle {
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(2)).await;
        }
    }

    /// Marks `game` as thinking when the bot is to move in it and no search of it is under
    /// way, and returns its position and the bot's level; `None` otherwise. Marked at once,
    /// before any task runs, so that [`Bots::bots_idle`] sees it.
    fn claim(&self, game: &Game) -> Option<(Position, Level)> {
        let level = Level::new(game.bot?.level)?;
        if self.unshown.lock().is_ok_and(|u| u.contains_key(&game.id)) {
            return None;
        }
        let position = game.current_position().ok()?;
        if game.status != GameStatus::Active || !game.bot_plays(position.side_to_move()) {
            return None;
        }
        let fresh = self
            .thinking
            .lock()
            .is_ok_and(|mut t| t.insert((game.id, game.ply)));
        fresh.then_some((position, level))
    }

    /// Keeps the bot from answering in game `id` (a game against the bot) until the adapter
    /// has shown its position after `ply` plies and called [`Bots::bot_to_move`] with
    /// it (a later call with an earlier position, from an answer still on its way, does not
    /// count).
    pub(super) fn not_shown_yet(&self, id: GameId, ply: u32) {
        if let Ok(mut unshown) = self.unshown.lock() {
            unshown.insert(id, ply);
        }
    }

    /// The position of game `id` after `ply` plies is shown: the bot may answer it (see
    /// [`Bots::not_shown_yet`]).
    pub(super) fn shown(&self, id: GameId, ply: u32) {
        if let Ok(mut unshown) = self.unshown.lock()
            && unshown.get(&id).is_some_and(|waiting| *waiting <= ply)
        {
            unshown.remove(&id);
        }
    }

    /// Searches and stores the bot's move in `game` (claimed by [`Bots::claim`]), then
    /// releases the claim.
    async fn think_for(&self, game: Game, position: Position, level: Level) {
        let (id, ply) = (game.id, game.ply);
        if let Err(e) = self.bot_moves(game, position, level).await {
            // A game that ended or moved on while the bot thought refuses its move: dropped.
            match &e {
                ServiceError::Store(
                    StoreError::GameNotActive { .. } | StoreError::PositionChanged { .. },
                ) => tracing::info!(game = id.0, error = %e, "the bot's move was dropped"),
                _ => tracing::error!(game = id.0, error = %e, "the bot could not move"),
            }
        }
        if let Ok(mut t) = self.thinking.lock() {
            t.remove(&(id, ply));
        }
    }

    /// The bot's search and move in `game` (at `position`, its current one).
    async fn bot_moves(&self, game: Game, position: Position, level: Level) -> Result<()> {
        let seed = seed_of(game.id, game.ply);
        let mv = self
            .think(move || bot_search(&position, level, seed))
            .await?
            .ok_or(ServiceError::Engine)?;
        let (id, ply, bot, now_ms) = (
            game.id,
            game.ply,
            game.player(position.side_to_move()),
            self.now_ms().unix_ms(),
        );
        self.store.bot_move(id, bot, ply, mv, now_ms).await?;
        self.metrics.move_played(crate::telemetry::Mover::Bot);
        // The bot's move is a notice to post at once, and the person's deadline a new due
        // moment.
        self.reschedule();
        Ok(())
    }

    /// The engine's suggested move for `user` in their game against the bot in `place`,
    /// privately: at most [`crate::store::HINTS_PER_GAME`] a game (asking again in the same
    /// position repeats the same hint, not counted again). The game's record marks the moves
    /// played after a hint.
    ///
    /// # Errors
    /// [`ServiceError::NoGameHere`], [`ServiceError::NotAPlayer`],
    /// [`ServiceError::HintBetweenPeople`] in a game between people; the store's
    /// [`StoreError::NotYourTurn`], [`StoreError::GameNotActive`] and
    /// [`StoreError::NoHintsLeft`].
    pub async fn hint(&self, place: Place, user: &User) -> Result<HintView> {
        let game = self.game_of(place, user.id).await?;
        let you = game.color_of(user.id).ok_or(ServiceError::NotAPlayer)?;
        if game.bot.is_none() {
            return Err(ServiceError::HintBetweenPeople);
        }
        game.ensure_active()?;
        let position = game.current_position()?;
        let to_move = position.side_to_move();
        if to_move != you {
            return Err(StoreError::NotYourTurn { to_move, you }.into());
        }
        let (id, ply) = (game.id, game.ply);
        // Refused before searching when no hint is left (the store decides again, atomically).
        let given = self.store.hints(id).await?;
        if let Some(hint) = crate::domain::hints::next(id, &given, ply)? {
            return self.hint_view(id, &hint.notation, given.len() as u32);
        }
        let mv = self
            .think(move || {
                Engine::with_table_mib(32)
                    .search(&position, &Limits::nodes(HINT_NODES), |_| {})
                    .best
            })
            .await?
            .ok_or(ServiceError::Engine)?;
        let now = self.now();
        let hint = Hint {
            ply,
            notation: mv.to_string(),
        };
        let (hint, used) = self.store.record_hint(id, hint, now).await?;
        self.hint_view(id, &hint.notation, used)
    }

    fn hint_view(&self, game: GameId, notation: &str, used: u32) -> Result<HintView> {
        let mv = notation.parse::<Move>().map_err(|_| ServiceError::Engine)?;
        Ok(HintView {
            game,
            mv,
            used,
            left: crate::store::HINTS_PER_GAME.saturating_sub(used),
        })
    }

    /// Whether the bot accepts a draw offered now in `game`, a game against it in play, by
    /// its policy ([`accepts_draw`]): the position occurred [`super::DRAW_REPETITIONS`] times, or
    /// the bot does not think it stands better. The search runs on the search pool.
    ///
    /// # Errors
    /// [`ServiceError::BotPlaysOn`] for a game between people (there is no bot to ask);
    /// [`ServiceError::Engine`] if a stored move cannot be replayed or the search fails (a
    /// bug); the store's.
    pub async fn bot_accepts_draw(&self, game: &Game) -> Result<bool> {
        let bot = game.bot.ok_or(ServiceError::BotPlaysOn)?.color;
        let start = game.start_position()?;
        let id = game.id;
        let stored = self.store.moves(id).await?;
        let moves = stored
            .iter()
            .map(|m| m.notation.parse::<Move>())
            .collect::<std::result::Result<Vec<Move>, _>>()
            .map_err(|_| ServiceError::Engine)?;
        let positions = review::positions(start, &moves).map_err(|_| ServiceError::Engine)?;
        self.think(move || accepts_draw(&positions, bot)).await
    }

    /// `user_id`'s results against each level of the bot on `place`'s server.
    ///
    /// # Errors
    /// The store's.
    pub async fn bot_results(&self, place: Place, user_id: u64) -> Result<Vec<LevelResults>> {
        let guild = place.guild_id;
        Ok(self.store.bot_results(guild, user_id).await?)
    }
}
