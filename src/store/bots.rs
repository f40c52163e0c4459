//! Games against the bot (issue 15): starting one, finding where the bot is to move, its
//! hints, and a player's results against each level.

use rusqlite::{OptionalExtension, params};

use super::challenges::{Checked, accept_in, insert_challenge};
use super::games::{GAME_COLUMNS, game_from_row, get_game};
use super::ids::Snowflake;
use super::{GameId, GameResult, NewChallenge, Result, Store, StoreError};
use crate::rules::Color;

/// How many hints a player gets in one game against the bot.
pub const HINTS_PER_GAME: u32 = 3;

/// A player's results against one level of the bot.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct LevelResults {
    /// The level, 1 to 8.
    pub level: u8,
    /// Games the player won.
    pub wins: u32,
    /// Games the player lost.
    pub losses: u32,
    /// Games drawn.
    pub draws: u32,
}

/// A hint, as stored: the engine's move for the position at `ply`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The plies played before it was asked for (the position it is for).
    pub ply: u32,
    /// The suggested move, in notation.
    pub notation: String,
}

impl Store {
    /// Starts a game between `new`'s challenger and the bot (`bot_id`, playing at `level`),
    /// in one transaction: the challenge is made and accepted by the bot at once, so that no
    /// challenge to the bot is ever left open. A random colour is decided by `toss` (the
    /// challenger's colour). The game is played in `thread_id` when given, as for
    /// [`Store::accept_challenge_in`]. The bot has no deadline when it is to move.
    ///
    /// # Errors
    /// As [`Store::create_challenge`] and [`Store::accept_challenge_in`] (a busy channel);
    /// [`StoreError::Sqlite`] for a level outside 1 to 8 (the schema refuses it).
    pub fn start_bot_game(
        &mut self,
        new: &NewChallenge,
        bot_id: u64,
        level: u8,
        toss: Color,
        thread_id: Option<u64>,
    ) -> Result<super::Game> {
        let checked = Checked::of(new)?;
        self.write(|tx| start_bot_in(tx, new, &checked, bot_id, level, toss, thread_id))
    }

    /// Starts the rematch of finished game `id` against the bot: as
    /// [`Store::start_bot_game`], once per game (in one transaction with the game's mark, as
    /// [`Store::create_rematch`]).
    ///
    /// # Errors
    /// As [`Store::start_bot_game`]; [`StoreError::NoSuchGame`], [`StoreError::NotFinished`],
    /// [`StoreError::RematchOffered`].
    pub fn start_bot_rematch(
        &mut self,
        id: GameId,
        new: &NewChallenge,
        bot_id: u64,
        level: u8,
        thread_id: Option<u64>,
    ) -> Result<super::Game> {
        let checked = Checked::of(new)?;
        self.write(|tx| {
            let old = get_game(tx, id)?;
            if old.status != super::GameStatus::Finished {
                return Err(StoreError::NotFinished(id));
            }
            // The colour is the challenge's own (swapped from the old game), never tossed.
            let game = start_bot_in(tx, new, &checked, bot_id, level, Color::White, thread_id)?;
            let marked = tx.execute(
                "UPDATE games SET rematch_challenge_id = ?2 \
                 WHERE id = ?1 AND rematch_challenge_id IS NULL",
                params![id, game.challenge_id],
            )?;
            // Dropping the transaction undoes the game just started.
            if marked == 0 {
                return Err(StoreError::RematchOffered(id));
            }
            Ok(game)
        })
    }

    /// The games in play against the bot where the bot is to move, oldest first.
    ///
    /// # Errors
    /// [`StoreError::Sqlite`] if SQLite fails; [`StoreError::Mismatch`] for an unreadable
    /// stored position.
    pub fn bot_games_to_move(&self) -> Result<Vec<super::Game>> {
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT {GAME_COLUMNS} FROM games \
             WHERE status = 'active' AND bot_level IS NOT NULL ORDER BY id"
        ))?;
        let games = stmt
            .query_map([], game_from_row)?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        let mut to_move = Vec::new();
        for game in games {
            let side = game.current_position()?.side_to_move();
            if game.bot_plays(side) {
                to_move.push(game);
            }
        }
        Ok(to_move)
    }

    /// Stores `hint` for game `id` and returns how many hints the game has had, this one
    /// included. A hint for a ply that already has one is not stored again nor counted: the
    /// stored one is returned instead (the same position gets the same advice).
    ///
    /// # Errors
    /// [`StoreError::NoHintsLeft`] when the game has had [`HINTS_PER_GAME`] hints for other
    /// plies; [`StoreError::Sqlite`] if SQLite fails.
    pub fn record_hint(&mut self, id: GameId, hint: &Hint, now: i64) -> Result<(Hint, u32)> {
        self.write(|tx| {
            let count = |tx: &rusqlite::Transaction<'_>| -> Result<u32> {
                Ok(tx.query_row(
                    "SELECT COUNT(*) FROM hints WHERE game_id = ?1",
                    [id],
                    |row| row.get(0),
                )?)
            };
            let stored: Option<String> = tx
                .query_row(
                    "SELECT notation FROM hints WHERE game_id = ?1 AND ply = ?2",
                    params![id, hint.ply],
                    |row| row.get(0),
                )
                .optional()?;
            if let Some(notation) = stored {
                let given = Hint {
                    ply: hint.ply,
                    notation,
                };
                return Ok((given, count(tx)?));
            }
            let used = count(tx)?;
            if used >= HINTS_PER_GAME {
                return Err(StoreError::NoHintsLeft(id));
            }
            tx.execute(
                "INSERT INTO hints (game_id, ply, notation, created_at) VALUES (?1, ?2, ?3, ?4)",
                params![id, hint.ply, hint.notation, now],
            )?;
            Ok((hint.clone(), used + 1))
        })
    }

    /// The hints given in game `id`, by ply.
    ///
    /// # Errors
    /// [`StoreError::Sqlite`] if SQLite fails.
    pub fn hints(&self, id: GameId) -> Result<Vec<Hint>> {
        let mut stmt = self
            .conn
            .prepare_cached("SELECT ply, notation FROM hints WHERE game_id = ?1 ORDER BY ply")?;
        let rows = stmt.query_map([id], |row| {
            Ok(Hint {
                ply: row.get(0)?,
                notation: row.get(1)?,
            })
        })?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// `user_id`'s results against each level of the bot on server `guild_id`, by level
    /// (levels never played are left out).
    ///
    /// # Errors
    /// [`StoreError::Sqlite`] if SQLite fails.
    pub fn bot_results(&self, guild_id: u64, user_id: u64) -> Result<Vec<LevelResults>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT bot_level, bot_color, result FROM games \
             WHERE guild_id = ?1 AND status = 'finished' AND bot_level IS NOT NULL \
             AND (white_id = ?2 OR black_id = ?2) ORDER BY bot_level",
        )?;
        let rows = stmt.query_map(params![Snowflake(guild_id), Snowflake(user_id)], |row| {
            Ok((
                row.get::<_, u8>(0)?,
                row.get::<_, Color>(1)?,
                row.get::<_, GameResult>(2)?,
            ))
        })?;
        let mut results: Vec<LevelResults> = Vec::new();
        for row in rows {
            let (level, bot, result) = row?;
            if results.last().is_none_or(|r| r.level != level) {
                results.push(LevelResults {
                    level,
                    ..LevelResults::default()
                });
            }
            let entry = results.last_mut().expect("pushed above");
            match result {
                GameResult::Draw => entry.draws += 1,
                r if r == GameResult::win(bot) => entry.losses += 1,
                _ => entry.wins += 1,
            }
        }
        Ok(results)
    }
}

/// [`Store::start_bot_game`] inside `tx`.
fn start_bot_in(
    tx: &rusqlite::Transaction<'_>,
    new: &NewChallenge,
    checked: &Checked,
    bot_id: u64,
    level: u8,
    toss: Color,
    thread_id: Option<u64>,
) -> Result<super::Game> {
    let challenge = insert_challenge(tx, new, checked)?;
    let game = accept_in(tx, challenge.id, bot_id, new.created_at, toss, thread_id)??;
    let color = game.color_of_player(bot_id)?;
    tx.execute(
        "UPDATE games SET bot_level = ?2, bot_color = ?3 WHERE id = ?1",
        params![game.id, level, color],
    )?;
    let game = get_game(tx, game.id)?;
    if game.current_position()?.side_to_move() == color {
        // The deadline the acceptance set was the bot's: it has none.
        tx.execute(
            "UPDATE games SET deadline = NULL, remind_at = NULL WHERE id = ?1",
            params![game.id],
        )?;
        return get_game(tx, game.id);
    }
    Ok(game)
}
