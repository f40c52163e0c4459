//! Games against the bot (issue 15): starting one, finding where the bot is to move, its
//! hints, and a player's results against each level.

use super::sql::{Connection, params};

use super::challenges::{Checked, accept_in, insert_challenge, mark_rematch_in, rematch_in};
use super::games::{GAME_COLUMNS, game_from_row, get_game};
use super::ids::Snowflake;
use super::{GameId, GameResult, NewChallenge, Result, Store};
use crate::domain::hints::Hint;
use crate::rules::Color;

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

impl Store {
    /// Starts a game between `new`'s challenger and the bot (`bot_id`, playing at `level`),
    /// in one transaction: the challenge is made and accepted by the bot at once, so that no
    /// challenge to the bot is ever left open. A random colour is decided by `toss` (the
    /// challenger's colour). The game is played in `thread_id` when given, as for
    /// [`Store::accept_challenge_in`]. The bot has no deadline when it is to move.
    ///
    /// # Errors
    /// As [`Store::create_challenge`] and [`Store::accept_challenge_in`] (a busy channel);
    /// [`super::StoreError::Sqlite`] for a level outside 1 to 8 (the schema refuses it).
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
    /// As [`Store::start_bot_game`]; [`super::StoreError::NoSuchGame`], [`super::StoreError::NotFinished`],
    /// [`super::StoreError::RematchOffered`].
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
            rematch_in(tx, id)?;
            // The colour is the challenge's own (swapped from the old game), never tossed.
            let game = start_bot_in(tx, new, &checked, bot_id, level, Color::White, thread_id)?;
            mark_rematch_in(tx, id, game.challenge_id)?;
            Ok(game)
        })
    }

    /// The games in play against the bot where the bot is to move, oldest first.
    ///
    /// # Errors
    /// [`super::StoreError::Sqlite`] if SQLite fails; [`super::StoreError::Mismatch`] for an unreadable
    /// stored position.
    pub fn bot_games_to_move(&self) -> Result<Vec<super::Game>> {
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT {GAME_COLUMNS} FROM games \
             WHERE status = 'active' AND bot_level IS NOT NULL ORDER BY id"
        ))?;
        let games = stmt
            .query_map((), game_from_row)?
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
    /// [`super::StoreError::NoHintsLeft`] when the game has had [`super::HINTS_PER_GAME`] hints for other
    /// plies; [`super::StoreError::Sqlite`] if SQLite fails.
    pub fn record_hint(&mut self, id: GameId, hint: &Hint, now: i64) -> Result<(Hint, u32)> {
        self.write(|tx| {
            let given = hints_in(tx, id)?;
            if let Some(stored) = crate::domain::hints::next(id, &given, hint.ply)? {
                return Ok((stored.clone(), given.len() as u32));
            }
            tx.execute(
                "INSERT INTO hints (game_id, ply, notation, created_at) VALUES (?1, ?2, ?3, ?4)",
                params![id, hint.ply, hint.notation, now],
            )?;
            Ok((hint.clone(), given.len() as u32 + 1))
        })
    }

    /// The hints given in game `id`, by ply.
    ///
    /// # Errors
    /// [`super::StoreError::Sqlite`] if SQLite fails.
    pub fn hints(&self, id: GameId) -> Result<Vec<Hint>> {
        hints_in(&self.conn, id)
    }

    /// `user_id`'s results against each level of the bot on server `guild_id`, by level
    /// (levels never played are left out).
    ///
    /// # Errors
    /// [`super::StoreError::Sqlite`] if SQLite fails.
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
    tx: &Connection,
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

/// The hints given in game `id`, by ply, read on `conn` (a transaction derefs to one).
fn hints_in(conn: &Connection, id: GameId) -> Result<Vec<Hint>> {
    let mut stmt =
        conn.prepare_cached("SELECT ply, notation FROM hints WHERE game_id = ?1 ORDER BY ply")?;
    let rows = stmt.query_map([id], |row| {
        Ok(Hint {
            ply: row.get(0)?,
            notation: row.get(1)?,
        })
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;
    use crate::store::{ColorChoice, TimeControl};

    const BOT: u64 = 1;
    const ALICE: u64 = 2;
    const T0: i64 = 1_800_000_000;

    fn new(channel: u64, color: ColorChoice) -> NewChallenge {
        NewChallenge {
            guild_id: 9,
            channel_id: channel,
            challenger_id: ALICE,
            opponent_id: Some(BOT),
            rules: Rules::CLASSIC,
            time_control: TimeControl::Days(3),
            color,
            rated: false,
            start_fpn: None,
            created_at: T0,
            venue: Default::default(),
        }
    }

    #[test]
    fn the_bot_has_no_deadline_and_the_person_has_theirs() {
        let mut s = Store::open_in_memory().unwrap();
        // The bot has White: to move, without a deadline; no challenge is left open.
        let game = s
            .start_bot_game(&new(10, ColorChoice::Black), BOT, 4, Color::White, None)
            .unwrap();
        assert_eq!(
            game.bot.map(|b| (b.level, b.color)),
            Some((4, Color::White))
        );
        assert_eq!(
            (game.deadline, game.remind_at, game.rated),
            (None, None, false)
        );
        assert!(s.open_challenges(10, T0).unwrap().is_empty());
        assert_eq!(s.bot_games_to_move().unwrap().len(), 1);
        // After its move Alice has three days; the move is a notice for the channel.
        let mv = game.current_position().unwrap().legal_moves()[0];
        let played = s.record_move(game.id, BOT, 0, mv, T0 + 5).unwrap();
        assert_eq!(played.game.deadline, Some(T0 + 5 + 3 * 86_400));
        assert!(s.bot_games_to_move().unwrap().is_empty());
        let notices = s.pending_notices().unwrap();
        assert_eq!(notices.len(), 1);
        assert_eq!(
            (notices[0].kind, notices[0].user_id, notices[0].ply),
            (crate::store::NoticeKind::BotMove, Some(ALICE), Some(1))
        );
        // Alice moves: the bot is to move again, without a deadline.
        let mv = played.position.legal_moves()[0];
        let played = s.record_move(game.id, ALICE, 1, mv, T0 + 9).unwrap();
        assert_eq!(played.game.deadline, None);
    }

    #[test]
    fn three_hints_a_game_one_per_ply() {
        let mut s = Store::open_in_memory().unwrap();
        let game = s
            .start_bot_game(&new(10, ColorChoice::White), BOT, 1, Color::White, None)
            .unwrap();
        let hint = |ply: u32, m: &str| Hint {
            ply,
            notation: m.to_owned(),
        };
        assert_eq!(s.record_hint(game.id, &hint(0, "c4-d4"), T0).unwrap().1, 1);
        // The same ply again: the stored hint, not counted again.
        let (again, used) = s.record_hint(game.id, &hint(0, "b4-c4"), T0).unwrap();
        assert_eq!((again.notation.as_str(), used), ("c4-d4", 1));
        assert_eq!(s.record_hint(game.id, &hint(2, "a4-b4"), T0).unwrap().1, 2);
        assert_eq!(s.record_hint(game.id, &hint(4, "d4-e4"), T0).unwrap().1, 3);
        assert!(matches!(
            s.record_hint(game.id, &hint(6, "e4-f4"), T0),
            Err(crate::store::StoreError::NoHintsLeft(id)) if id == game.id
        ));
        assert_eq!(s.hints(game.id).unwrap().len(), 3);
    }

    #[test]
    fn results_against_the_bot_are_counted_by_level_and_kept_off_the_record() {
        let mut s = Store::open_in_memory().unwrap();
        let mut finish = |channel: u64, level: u8, resigner: u64| {
            let game = s
                .start_bot_game(
                    &new(channel, ColorChoice::White),
                    BOT,
                    level,
                    Color::White,
                    None,
                )
                .unwrap();
            // Two plies, so that a resignation is a result and not an abort.
            let p = game.current_position().unwrap();
            let a = p.legal_moves()[0];
            let played = s.record_move(game.id, ALICE, 0, a, T0).unwrap();
            let b = played.position.legal_moves()[0];
            s.record_move(game.id, BOT, 1, b, T0).unwrap();
            s.resign(game.id, resigner, T0 + 1).unwrap();
        };
        finish(10, 2, BOT);
        finish(11, 2, ALICE);
        finish(12, 2, BOT);
        finish(13, 5, ALICE);
        assert_eq!(
            s.bot_results(9, ALICE).unwrap(),
            [
                LevelResults {
                    level: 2,
                    wins: 2,
                    losses: 1,
                    draws: 0
                },
                LevelResults {
                    level: 5,
                    wins: 0,
                    losses: 1,
                    draws: 0
                },
            ]
        );
        // Neither Alice's record nor the bot's has them: the ladder counts people's games.
        assert!(s.player(9, ALICE).unwrap().is_none());
        assert!(s.player(9, BOT).unwrap().is_none());
    }
}
