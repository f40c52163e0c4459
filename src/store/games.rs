// Longer than 400 lines: a game's row types and every query of games, with the replay check of a
// loaded game.
//! Games: their rows, finding them, and loading one with its position checked against the
//! replay of its moves.

use super::sql::{Connection, OptionalExtension, Row, params};

use super::ids::Snowflake;
use super::values::sql_text;
use super::{GameId, Result, Store, StoreError, TimeControl};
pub use crate::domain::{
    BotSeat, EndReason, Game, GameResult, GameStatus, LoadedGame, RatingChanges, StoredMove,
};
use crate::rules::{Move, Outcome, Position};

sql_text!(GameStatus, GameResult, EndReason);

/// The columns of `games` in the order [`game_from_row`] reads them.
pub(crate) const GAME_COLUMNS: &str = "id, guild_id, channel_id, white_id, black_id, rules, \
    rated, start_fpn, status, result, reason, created_at, last_move_at, deadline, days_per_move, \
    fpn, ply, draw_offer_by, takeback_by, challenge_id, finished_at, remind_at, white_rating, \
    black_rating, white_change, black_change, minutes_per_move, parent_channel_id, bot_level, \
    bot_color, tournament_id, venue";

/// Reads a row selected with [`GAME_COLUMNS`].
pub(crate) fn game_from_row(row: &Row<'_>) -> rusqlite::Result<Game> {
    Ok(Game {
        id: row.get(0)?,
        guild_id: row.get::<_, Snowflake>(1)?.0,
        channel_id: row.get::<_, Snowflake>(2)?.0,
        white_id: row.get::<_, Snowflake>(3)?.0,
        black_id: row.get::<_, Snowflake>(4)?.0,
        rules: row.get(5)?,
        rated: row.get(6)?,
        start_fpn: row.get(7)?,
        status: row.get(8)?,
        result: row.get(9)?,
        reason: row.get(10)?,
        created_at: row.get(11)?,
        last_move_at: row.get(12)?,
        deadline: row.get(13)?,
        time_control: TimeControl::from_columns(row.get(14)?, row.get(26)?),
        fpn: row.get(15)?,
        ply: row.get(16)?,
        draw_offer_by: row.get(17)?,
        takeback_by: row.get(18)?,
        challenge_id: row.get(19)?,
        finished_at: row.get(20)?,
        remind_at: row.get(21)?,
        ratings: match (row.get(22)?, row.get(23)?, row.get(24)?, row.get(25)?) {
            (Some(w), Some(b), Some(wc), Some(bc)) => Some(RatingChanges {
                after: [w, b],
                change: [wc, bc],
            }),
            _ => None,
        },
        parent_channel_id: row.get::<_, Option<Snowflake>>(27)?.map(|s| s.0),
        bot: match (row.get(28)?, row.get(29)?) {
            (Some(level), Some(color)) => Some(BotSeat { level, color }),
            _ => None,
        },
        tournament_id: row.get(30)?,
        venue: row.get(31)?,
    })
}

/// The game `id`, or [`StoreError::NoSuchGame`].
pub(crate) fn get_game(conn: &Connection, id: GameId) -> Result<Game> {
    let mut stmt =
        conn.prepare_cached(&format!("SELECT {GAME_COLUMNS} FROM games WHERE id = ?1"))?;
    stmt.query_row([id], game_from_row)
        .optional()?
        .ok_or(StoreError::NoSuchGame(id))
}

/// The moves of game `id` in order.
pub(crate) fn get_moves(conn: &Connection, id: GameId) -> Result<Vec<StoredMove>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {MOVE_COLUMNS} FROM moves WHERE game_id = ?1 ORDER BY ply"
    ))?;
    let rows = stmt.query_map([id], move_from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// The columns of `moves` in the order [`move_from_row`] reads them.
const MOVE_COLUMNS: &str = "ply, notation, player_id, played_at, stored_at_ms";

/// Reads a row selected with [`MOVE_COLUMNS`].
fn move_from_row(row: &Row<'_>) -> rusqlite::Result<StoredMove> {
    Ok(StoredMove {
        ply: row.get(0)?,
        notation: row.get(1)?,
        player_id: row.get::<_, Snowflake>(2)?.0,
        played_at: row.get(3)?,
        stored_at_ms: row.get(4)?,
    })
}

/// Replays `moves` from the game's start: the position reached, or what is wrong. Checks that
/// the plies run 1, 2, 3, … and that the stored ply, FPN and status agree with the replay.
pub(crate) fn replay(game: &Game, moves: &[StoredMove]) -> Result<Position, String> {
    let mut pos = game.start_position().map_err(|e| e.to_string())?;
    for (i, stored) in moves.iter().enumerate() {
        if stored.ply as usize != i + 1 {
            return Err(format!("move {} is stored as ply {}", i + 1, stored.ply));
        }
        let mv: Move = stored.notation.parse().map_err(|e| {
            format!(
                "ply {} `{}` is unreadable: {e}",
                stored.ply, stored.notation
            )
        })?;
        pos.play(mv)
            .map_err(|e| format!("ply {} `{}` is illegal: {e}", stored.ply, stored.notation))?;
    }
    Ok(pos)
}

/// Compares a game row with the replay of its moves: `Err` describes the first difference.
fn check(game: &Game, moves: &[StoredMove]) -> Result<Position, String> {
    let pos = replay(game, moves)?;
    if moves.len() != game.ply as usize {
        return Err(format!(
            "the game says {} moves were played, but {} are stored",
            game.ply,
            moves.len()
        ));
    }
    let fpn = pos.to_string();
    if fpn != game.fpn {
        return Err(format!("stored `{}`, replayed `{fpn}`", game.fpn));
    }
    if game.status == GameStatus::Active && pos.outcome() != Outcome::Ongoing {
        return Err(format!(
            "the game is in play, but its position is over: {}",
            pos.outcome()
        ));
    }
    Ok(pos)
}

/// Marks an active game `needs_review`, unless it changed since it was read.
pub(crate) fn hold_for_review(tx: &Connection, game: &Game) -> Result<()> {
    tx.execute(
        "UPDATE games SET status = 'needs_review', deadline = NULL, remind_at = NULL \
         WHERE id = ?1 AND status = 'active' AND ply = ?2 AND fpn = ?3",
        params![game.id, game.ply, game.fpn],
    )?;
    Ok(())
}

impl Store {
    /// The game `id`, without its moves (fast: one row).
    ///
    /// # Errors
    /// [`StoreError::NoSuchGame`]; [`StoreError::Sqlite`] if SQLite fails.
    pub fn game(&self, id: GameId) -> Result<Game> {
        get_game(&self.conn, id)
    }

    /// Loads game `id` and its position: replays its moves from its start and checks the
    /// result against the stored FPN and ply (and, for a game in play, that the position is
    /// not over).
    ///
    /// # Errors
    /// - [`StoreError::Mismatch`] when they differ or a stored move cannot be replayed. A game
    ///   in play is then marked [`GameStatus::NeedsReview`] for a moderator (it keeps its
    ///   channel); nothing else is changed, and the stored moves and FPN stay as they were.
    /// - [`StoreError::NoSuchGame`]; [`StoreError::Sqlite`] if SQLite fails.
    pub fn load_game(&mut self, id: GameId) -> Result<LoadedGame> {
        let (game, moves) = self.read(|tx| Ok((get_game(tx, id)?, get_moves(tx, id)?)))?;
        match check(&game, &moves) {
            Ok(position) => Ok(LoadedGame { game, position }),
            Err(detail) => {
                if game.status == GameStatus::Active {
                    self.write(|tx| hold_for_review(tx, &game))?;
                }
                Err(StoreError::Mismatch { id, detail })
            }
        }
    }

    /// The moves of game `id`, in order (empty for a game without moves or with no such id).
    ///
    /// # Errors
    /// [`StoreError::Sqlite`] if SQLite fails.
    pub fn moves(&self, id: GameId) -> Result<Vec<StoredMove>> {
        get_moves(&self.conn, id)
    }

    /// The last move of game `id` (the one of the highest ply), if it has any: one row,
    /// however long the game.
    ///
    /// # Errors
    /// [`StoreError::Sqlite`] if SQLite fails.
    pub fn last_move(&self, id: GameId) -> Result<Option<StoredMove>> {
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT {MOVE_COLUMNS} FROM moves WHERE game_id = ?1 ORDER BY ply DESC LIMIT 1"
        ))?;
        Ok(stmt.query_row([id], move_from_row).optional()?)
    }

    /// The game occupying `channel_id` (in play or held for a moderator), if any.
    ///
    /// # Errors
    /// [`StoreError::Sqlite`] if SQLite fails.
    pub fn game_in_channel(&self, channel_id: u64) -> Result<Option<Game>> {
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT {GAME_COLUMNS} FROM games \
             WHERE channel_id = ?1 AND status IN ('active', 'needs_review')"
        ))?;
        Ok(stmt
            .query_row([Snowflake(channel_id)], game_from_row)
            .optional()?)
    }

    /// The games `user_id` plays in `guild_id` (`None`: anywhere) that are in play, oldest first.
    ///
    /// Read from the partial indexes of the games in play (`games_active_white`,
    /// `games_active_black`), one per colour, so that the time does not grow with the games
    /// that are over (issue 24: one query with `?1 IS NULL OR guild_id = ?1` and
    /// `white_id = ?2 OR black_id = ?2` scanned every game ever played). Anywhere, the indexes
    /// are walked whole (every game in play, none that is over): `INDEXED BY` keeps that plan,
    /// and makes the query fail rather than scan should an index be dropped.
    ///
    /// # Errors
    /// [`StoreError::Sqlite`] if SQLite fails.
    pub fn active_games_of(&self, guild_id: Option<u64>, user_id: u64) -> Result<Vec<Game>> {
        let user = Snowflake(user_id);
        let mut stmt = self
            .conn
            .prepare_cached(&active_games_sql(guild_id.is_none()))?;
        let rows = match guild_id {
            Some(guild) => stmt.query_map(params![Snowflake(guild), user], game_from_row)?,
            None => stmt.query_map(params![user], game_from_row)?,
        };
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// The games in play whose deadline is at or before `now` (the player to move has run out
    /// of time), earliest deadline first.
    ///
    /// # Errors
    /// [`StoreError::Sqlite`] if SQLite fails.
    pub fn games_past_deadline(&self, now: i64) -> Result<Vec<Game>> {
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE status = 'active' AND deadline IS NOT NULL \
             AND deadline <= ?1 ORDER BY deadline, id"
        ))?;
        let rows = stmt.query_map([now], game_from_row)?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }
}

/// The query of [`Store::active_games_of`]: in a server (`?1` the server, `?2` the player) or,
/// when `anywhere`, in every server (`?1` the player).
fn active_games_sql(anywhere: bool) -> String {
    if anywhere {
        format!(
            "SELECT {GAME_COLUMNS} FROM games INDEXED BY games_active_white \
             WHERE status = 'active' AND white_id = ?1 \
             UNION ALL SELECT {GAME_COLUMNS} FROM games INDEXED BY games_active_black \
             WHERE status = 'active' AND black_id = ?1 ORDER BY id"
        )
    } else {
        format!(
            "SELECT {GAME_COLUMNS} FROM games \
             WHERE status = 'active' AND guild_id = ?1 AND white_id = ?2 \
             UNION ALL SELECT {GAME_COLUMNS} FROM games \
             WHERE status = 'active' AND guild_id = ?1 AND black_id = ?2 ORDER BY id"
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A player's games in play are read from the partial indexes of the games in play, in a
    /// server and anywhere: never a scan of the table, which holds every game ever played.
    #[test]
    fn a_players_games_in_play_come_from_the_indexes_of_games_in_play() {
        let store = Store::open_in_memory().unwrap();
        for anywhere in [false, true] {
            let sql = format!("EXPLAIN QUERY PLAN {}", active_games_sql(anywhere));
            let mut stmt = store.conn.sqlite().unwrap().prepare(&sql).unwrap();
            let ids = vec![1_i64; stmt.parameter_count()];
            let plan: Vec<String> = stmt
                .query_map(rusqlite::params_from_iter(ids), |r| r.get::<_, String>(3))
                .unwrap()
                .map(|r| r.unwrap())
                .collect();
            for index in ["games_active_white", "games_active_black"] {
                assert!(
                    plan.iter().any(|step| step.contains(index)),
                    "{index} unused: {plan:#?}"
                );
            }
            assert!(
                plan.iter()
                    .all(|step| !step.starts_with("SCAN games") || step.contains("USING INDEX")),
                "games scanned: {plan:#?}"
            );
        }
    }
}
