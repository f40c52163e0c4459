//! A thread per game (issue 12): the games whose threads were started from a channel, moving a
//! game back to its channel when its thread cannot be made, and the server's games in play for
//! spectators.

use super::sql::{OptionalExtension, params};

use super::challenges::is_channel_taken;
use super::games::{GAME_COLUMNS, Game, game_from_row, get_game};
use super::ids::Snowflake;
use super::{GameId, Result, Store, StoreError};

/// Games a page of `/focus watch` shows.
pub const WATCH_PAGE_SIZE: u32 = 10;

/// One page of a server's games in play, most recently moved first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WatchPage {
    /// The page shown, from 1 (a page past the end shows the last one).
    pub page: u32,
    /// Pages in all (at least 1).
    pub pages: u32,
    /// Games in play on the server in all.
    pub total: u32,
    /// The page's games (at most [`WATCH_PAGE_SIZE`]).
    pub games: Vec<Game>,
}

impl Store {
    /// The games in play of `user_id` whose threads were started from `channel_id`, oldest
    /// first.
    ///
    /// # Errors
    /// [`StoreError::Sqlite`] if SQLite fails.
    pub fn games_started_in(&self, channel_id: u64, user_id: u64) -> Result<Vec<Game>> {
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE status = 'active' \
             AND parent_channel_id = ?1 AND (white_id = ?2 OR black_id = ?2) ORDER BY id"
        ))?;
        let rows = stmt.query_map(
            params![Snowflake(channel_id), Snowflake(user_id)],
            game_from_row,
        )?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// The game that finished last in `channel_id` (a channel or a thread), if any.
    ///
    /// # Errors
    /// [`StoreError::Sqlite`] if SQLite fails.
    pub fn last_finished_in(&self, channel_id: u64) -> Result<Option<Game>> {
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE channel_id = ?1 AND finished_at IS NOT NULL \
             ORDER BY finished_at DESC, id DESC LIMIT 1"
        ))?;
        Ok(stmt
            .query_row([Snowflake(channel_id)], game_from_row)
            .optional()?)
    }

    /// Plays game `id` in the channel its thread was to start from, as before threads: for
    /// a thread that could not be made. Returns the game as stored.
    ///
    /// # Errors
    /// - [`StoreError::ChannelBusy`] when that channel has a game in play of its own (the
    ///   game then stays where it is).
    /// - [`StoreError::NoSuchGame`]; [`StoreError::Sqlite`] if SQLite fails.
    pub fn play_in_parent(&mut self, id: GameId) -> Result<Game> {
        self.write(|tx| {
            let game = get_game(tx, id)?;
            let Some(parent) = game.parent_channel_id else {
                return Ok(game);
            };
            let moved = tx.execute(
                "UPDATE games SET channel_id = ?1, parent_channel_id = NULL WHERE id = ?2",
                params![Snowflake(parent), id],
            );
            match moved {
                Err(e) if is_channel_taken(&e) => Err(StoreError::ChannelBusy),
                other => {
                    other?;
                    get_game(tx, id)
                }
            }
        })
    }

    /// Page `page` (from 1; 0 reads as 1, past the end as the last) of `guild_id`'s games in
    /// play, most recently moved first.
    ///
    /// # Errors
    /// [`StoreError::Sqlite`] if SQLite fails.
    pub fn watch_page(&self, guild_id: u64, page: u32) -> Result<WatchPage> {
        let total: u32 = self.conn.query_row(
            "SELECT COUNT(*) FROM games WHERE status = 'active' AND guild_id = ?1",
            [Snowflake(guild_id)],
            |row| row.get(0),
        )?;
        let pages = total.div_ceil(WATCH_PAGE_SIZE).max(1);
        let page = page.clamp(1, pages);
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE status = 'active' AND guild_id = ?1 \
             ORDER BY last_move_at DESC, id DESC LIMIT ?2 OFFSET ?3"
        ))?;
        let rows = stmt.query_map(
            params![
                Snowflake(guild_id),
                WATCH_PAGE_SIZE,
                (page - 1) * WATCH_PAGE_SIZE
            ],
            game_from_row,
        )?;
        Ok(WatchPage {
            page,
            pages,
            total,
            games: rows.collect::<rusqlite::Result<_>>()?,
        })
    }
}
