//! Looking things up: a user's games, a game's history and its replay, the server's games for
//! spectators.

use std::sync::Arc;

use super::context::{Context, start_of};
use super::{GameSummary, History, Place, Result, ServiceError, Watch, WatchedGame};
use crate::rules::Color;
use crate::store::GameId;

/// Looking at games rather than playing them: a user's games, a game's record and its
/// animated replay, and the server's games for spectators.
#[derive(Clone)]
pub struct Records {
    pub(super) context: Arc<Context>,
}

impl Records {
    /// The part on `context`.
    pub(super) fn new(context: Arc<Context>) -> Records {
        Records { context }
    }
}

// The use cases read the shared context as their own (`self.store`, `self.now()`): written
// once, whichever part they belong to.
impl std::ops::Deref for Records {
    type Target = Context;

    fn deref(&self) -> &Context {
        &self.context
    }
}

impl Records {
    /// `user_id`'s active games in `guild_id` (`None`: everywhere): least time left first
    /// (games without a time limit last), then the ones where it is their move.
    ///
    /// # Errors
    /// The store's.
    pub async fn games(&self, guild_id: Option<u64>, user_id: u64) -> Result<Vec<GameSummary>> {
        let games = self.store.active_games_of(guild_id, user_id).await?;
        let mut out: Vec<GameSummary> = games
            .into_iter()
            .filter_map(|game| {
                let color = game.color_of(user_id)?;
                let to_move = game.current_position().ok()?.side_to_move();
                Some(GameSummary {
                    opponent: game.player(!color),
                    color,
                    your_turn: to_move == color,
                    game,
                })
            })
            .collect();
        // The dashboard's order: least time left first (no limit last), then your move.
        out.sort_by_key(|g| {
            (
                g.game.deadline.unwrap_or(i64::MAX),
                !g.your_turn,
                g.game.id.0,
            )
        });
        Ok(out)
    }

    /// The move list of game `id`, or when `id` is `None` of the game `user_id`'s commands in
    /// `place` act on, else of the game that finished last in `place`.
    ///
    /// # Errors
    /// [`ServiceError::NoGameHere`], [`ServiceError::InThreads`]; the store's (no such game).
    pub async fn history(&self, place: Place, user_id: u64, id: Option<GameId>) -> Result<History> {
        let game = match id {
            Some(id) => self.store.game(id).await?,
            None => match self.game_of(place, user_id).await {
                // No game in play here: the one that finished here last.
                Err(ServiceError::NoGameHere) => {
                    let channel = place.channel_id;
                    self.store
                        .last_finished_in(channel)
                        .await?
                        .ok_or(ServiceError::NoGameHere)?
                }
                other => other?,
            },
        };
        if game.guild_id != place.guild_id {
            return Err(ServiceError::NoGameHere);
        }
        let id = game.id;
        let (moves, hints) = self.store.moves_and_hints(id).await?;
        let first = start_of(&game)?.side_to_move();
        let mut record = String::new();
        for (i, m) in moves.iter().enumerate() {
            // Number White's moves `N.`; a record starting with Black begins `1...`.
            let ply = i + usize::from(first == Color::Black);
            if ply % 2 == 0 {
                record.push_str(&format!("{}. ", ply / 2 + 1));
            } else if i == 0 {
                record.push_str("1... ");
            }
            record.push_str(&m.notation);
            // A move played after a hint says so, as a comment that replays skip.
            if hints.iter().any(|h| h.ply as usize == i) {
                record.push_str(" {hint}");
            }
            record.push(' ');
        }
        record.truncate(record.trim_end().len());
        let (white, black) = (game.white_id, game.black_id);
        let names = self.store.pair_names([white, black]).await?;
        Ok(History {
            game,
            record,
            names,
            plies: moves.len(),
        })
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

    /// Page `page` (from 1) of server `guild_id`'s games in play, most recently moved first.
    ///
    /// # Errors
    /// The store's.
    pub async fn watch(&self, guild_id: u64, page: u32) -> Result<Watch> {
        let shown = self.store.watch_page(guild_id, page).await?;
        let games = shown
            .games
            .into_iter()
            .filter_map(|game| {
                // A game whose position cannot be read is held by the next sweep; skip it here.
                let to_move = game.current_position().ok()?.side_to_move();
                Some(WatchedGame { game, to_move })
            })
            .collect();
        Ok(Watch {
            page: shown.page,
            pages: shown.pages,
            total: shown.total,
            games,
        })
    }
}
