//! Players' records per guild: rating fields and game counts.

use rusqlite::{OptionalExtension, Row, Transaction, params};

use super::games::Game;
use super::ids::Snowflake;
use super::{GameResult, Result, Store};
pub use crate::domain::Player;
use crate::ratings::{self, Score};
use crate::rules::Color;

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

/// Adds a finished game's result to both players' records in `game`'s guild, creating the
/// records with the default rating fields when needed (a player who finishes a game there is
/// a member: `left_at` is cleared). Runs in the transaction that finishes the game.
pub(crate) fn record_result(
    tx: &Transaction<'_>,
    game: &Game,
    result: GameResult,
    now: i64,
) -> Result<()> {
    let mut stmt = tx.prepare_cached(
        "INSERT INTO players (guild_id, user_id, games, wins, losses, draws, last_game_at) \
         VALUES (?1, ?2, 1, ?3, ?4, ?5, ?6) \
         ON CONFLICT (guild_id, user_id) DO UPDATE SET games = games + 1, \
         wins = wins + excluded.wins, losses = losses + excluded.losses, \
         draws = draws + excluded.draws, last_game_at = excluded.last_game_at, left_at = NULL",
    )?;
    for color in Color::ALL {
        let (win, loss, draw) = match (result, color) {
            (GameResult::Draw, _) => (0, 0, 1),
            (GameResult::White, Color::White) | (GameResult::Black, Color::Black) => (1, 0, 0),
            _ => (0, 1, 0),
        };
        stmt.execute(params![
            Snowflake(game.guild_id),
            Snowflake(game.player(color)),
            win,
            loss,
            draw,
            now
        ])?;
    }
    Ok(())
}

/// `user_id`'s record in `guild_id`, if any.
fn get_player(conn: &rusqlite::Connection, guild_id: u64, user_id: u64) -> Result<Option<Player>> {
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

/// Rates a finished rated `game` (already recorded by [`record_result`]) inside `tx`: both
/// players' deviations grow for their idle rating periods, then the game is rated as one
/// period (Glicko-2, [`ratings::rate_game`]); stores the new ratings in both records and
/// the ratings after and their changes in the game's row.
pub(crate) fn rate_in(
    tx: &Transaction<'_>,
    game: &Game,
    result: GameResult,
    now: i64,
) -> Result<()> {
    let mut before = [ratings::START; 2];
    for color in Color::ALL {
        // `record_result` made both records in this transaction.
        let player = get_player(tx, game.guild_id, game.player(color))?
            .ok_or(rusqlite::Error::QueryReturnedNoRows)?;
        before[color.index()] = player.rating_at(now);
    }
    let score = match result {
        GameResult::White => Score::WhiteWins,
        GameResult::Black => Score::BlackWins,
        GameResult::Draw => Score::Draw,
    };
    let after = ratings::rate_game(before[0], before[1], score);
    let after = [after.0, after.1];
    let mut update = tx.prepare_cached(
        "UPDATE players SET rating = ?1, deviation = ?2, volatility = ?3, rated_at = ?4, \
         provisional_from = ?5, rated_games = rated_games + 1 WHERE guild_id = ?6 AND user_id = ?7",
    )?;
    for color in Color::ALL {
        let r = after[color.index()];
        update.execute(params![
            r.rating,
            r.deviation,
            r.volatility,
            now,
            ratings::provisional_from(&r, now),
            Snowflake(game.guild_id),
            Snowflake(game.player(color))
        ])?;
    }
    tx.prepare_cached(
        "UPDATE games SET white_rating = ?1, black_rating = ?2, white_change = ?3, \
         black_change = ?4 WHERE id = ?5",
    )?
    .execute(params![
        after[0].rating,
        after[1].rating,
        after[0].rating - before[0].rating,
        after[1].rating - before[1].rating,
        game.id
    ])?;
    Ok(())
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
