//! Looking things up: a user's games, a game's history.

use super::{GameService, GameSummary, History, Place, Result, ServiceError, User, start_of};
use crate::rules::Color;
use crate::store::{ChallengeId, GameId};

impl GameService {
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
}

impl GameService {
    /// The names the bot knows of `ids` (those it never saw named are left out).
    ///
    /// # Errors
    /// The store's.
    pub async fn names(&self, ids: Vec<u64>) -> Result<Vec<(u64, String)>> {
        let names = self.store.names(ids).await?;
        Ok(names
            .into_iter()
            .filter_map(|(id, name)| Some((id, name?)))
            .collect())
    }

    /// Remembers that channel `id` is named `name` (for an adapter whose channel ids cannot be
    /// read back as names, the console).
    ///
    /// # Errors
    /// The store's.
    pub async fn remember_channel_name(&self, id: u64, name: String) -> Result<()> {
        self.store
            .remember_channel_name(id, name)
            .await
            .map_err(Into::into)
    }

    /// Every channel name remembered, by id.
    ///
    /// # Errors
    /// The store's.
    pub async fn channel_names(&self) -> Result<Vec<(u64, String)>> {
        self.store.channel_names().await.map_err(Into::into)
    }

    /// The open challenges `user` made in `place`, newest first.
    ///
    /// # Errors
    /// The store's.
    pub async fn own_challenges(&self, place: Place, user: &User) -> Result<Vec<ChallengeId>> {
        let (channel, now, uid) = (place.channel_id, self.now(), user.id);
        let mut open = self.store.open_challenges(channel, now).await?;
        open.retain(|c| c.challenger_id == uid);
        open.sort_by_key(|c| std::cmp::Reverse(c.created_at));
        Ok(open.into_iter().map(|c| c.id).collect())
    }
}
