//! Players' records per guild: rating fields and game counts.

use super::sql::{Connection, OptionalExtension, Row, params};

use super::ids::Snowflake;
use super::{Result, Store};
pub use crate::domain::Player;

pub(crate) const PLAYER_COLUMNS: &str = "guild_id, user_id, rating, deviation, volatility, \
    games, wins, losses, draws, last_game_at, rated_at, rated_games, left_at, member_checked_at, \
    provisional_from";

pub(crate) fn player_from_row(row: &Row<'_>) -> rusqlite::Result<Player> {
    Ok(Player {
        guild_id: row.get::<_, Snowflake>(0)?.0,
        user_id: row.get::<_, Snowflake>(1)?.0,
        rating: row.get(2)?,
        deviation: row.get(3)?,
        volatility: row.get(4)?,
        games: row.get(5)?,
        wins: row.get(6)?,
        losses: row.get(7)?,
        draws: row.get(8)?,
        last_game_at: row.get(9)?,
        rated_at: row.get(10)?,
        rated_games: row.get(11)?,
        left_at: row.get(12)?,
        member_checked_at: row.get(13)?,
        provisional_from: row.get(14)?,
    })
}

/// Keeps `player`'s record (inserted, or replacing the stored one): its counts and rating as
/// the domain computed them, in the caller's transaction.
pub(crate) fn put_player(tx: &Connection, player: &Player) -> Result<()> {
    tx.prepare_cached(
        "INSERT INTO players (guild_id, user_id, rating, deviation, volatility, games, wins, \
         losses, draws, last_game_at, rated_at, rated_games, left_at, member_checked_at, \
         provisional_from) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15) \
         ON CONFLICT (guild_id, user_id) DO UPDATE SET rating = excluded.rating, \
         deviation = excluded.deviation, volatility = excluded.volatility, games = excluded.games, \
         wins = excluded.wins, losses = excluded.losses, draws = excluded.draws, \
         last_game_at = excluded.last_game_at, rated_at = excluded.rated_at, \
         rated_games = excluded.rated_games, left_at = excluded.left_at, \
         member_checked_at = excluded.member_checked_at, provisional_from = excluded.provisional_from",
    )?
    .execute(params![
        Snowflake(player.guild_id),
        Snowflake(player.user_id),
        player.rating,
        player.deviation,
        player.volatility,
        player.games,
        player.wins,
        player.losses,
        player.draws,
        player.last_game_at,
        player.rated_at,
        player.rated_games,
        player.left_at,
        player.member_checked_at,
        player.provisional_from
    ])?;
    Ok(())
}

/// `user_id`'s record in `guild_id`, if any.
pub(crate) fn get_player(conn: &Connection, guild_id: u64, user_id: u64) -> Result<Option<Player>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {PLAYER_COLUMNS} FROM players WHERE guild_id = ?1 AND user_id = ?2"
    ))?;
    Ok(stmt
        .query_row(
            params![Snowflake(guild_id), Snowflake(user_id)],
            player_from_row,
        )
        .optional()?)
}

impl Store {
    /// `user_id`'s record in `guild_id`, if they finished a game there.
    ///
    /// # Errors
    /// [`super::StoreError::Sqlite`] if SQLite fails.
    pub fn player(&self, guild_id: u64, user_id: u64) -> Result<Option<Player>> {
        get_player(&self.conn, guild_id, user_id)
    }

    /// Every player's record in `guild_id`, highest rating first (ties: more games first).
    ///
    /// # Errors
    /// [`super::StoreError::Sqlite`] if SQLite fails.
    pub fn players(&self, guild_id: u64) -> Result<Vec<Player>> {
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT {PLAYER_COLUMNS} FROM players WHERE guild_id = ?1 \
             ORDER BY rating DESC, games DESC"
        ))?;
        let rows = stmt.query_map([Snowflake(guild_id)], player_from_row)?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }
}
