//! The leaderboard and player stats (issue 7): a guild's rated members by rating, ten a page,
//! and one player's standing, recent results, streak and head-to-head.
//!
//! Who is ranked: members (not known to have left) with a rated game whose deviation, grown
//! for their idle rating periods up to `now`, is under
//! [`crate::ratings::PROVISIONAL_DEVIATION`] (stored as the time `provisional_from`, set with
//! every rating). Provisional players follow the ranked ones, unranked. Equal ratings (as
//! shown, rounded) share a rank, as in sports ("1, 2, 2, 4"). Every query walks the partial
//! index `players_ladder`.

use super::sql::{Connection, params};

use super::games::{GAME_COLUMNS, Game, game_from_row};
use super::ids::Snowflake;
use super::players::{PLAYER_COLUMNS, Player, player_from_row};
use super::{GameResult, Result, Store};

/// Players on a leaderboard page.
pub const PAGE_SIZE: u32 = 10;

/// One line of the leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct LadderEntry {
    /// The rank; `None` for a provisional player.
    pub rank: Option<u32>,
    /// The player's record.
    pub player: Player,
}

/// A page of the leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct LadderPage {
    /// The page shown, from 1 (a page past the end shows the last one).
    pub page: u32,
    /// Pages in all (at least 1).
    pub pages: u32,
    /// Ranked players in all.
    pub ranked: u32,
    /// Provisional players in all.
    pub provisional: u32,
    /// The page's players: ranked by rank, then provisional by rating.
    pub entries: Vec<LadderEntry>,
}

/// A player's place in their guild.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// The record.
    pub player: Player,
    /// The rank; `None` when provisional, without a rated game, or not a member.
    pub rank: Option<u32>,
    /// Ranked players in the guild.
    pub ranked: u32,
}

/// A head-to-head score, from the first player's side.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct HeadToHead {
    /// Games the first player won.
    pub wins: u32,
    /// Games the first player lost.
    pub losses: u32,
    /// Games drawn.
    pub draws: u32,
}

/// The guild's rated members (`?1` guild); with `AND provisional_from > ?2` the ranked ones.
/// Written so that the partial index `players_ladder` serves it, in the leaderboard's order.
const MEMBERS: &str =
    "FROM players WHERE guild_id = ?1 AND rated_at IS NOT NULL AND left_at IS NULL";

/// The leaderboard's order: rating, then more rated games, then the user id.
const ORDER: &str = "ORDER BY rating DESC, rated_games DESC, user_id";

/// The competition rank ("1, 2, 2, 4") of a ranked player rated `rating` in `guild`: one more
/// than the ranked players whose rating, rounded as shown, is higher. (SQLite's ROUND rounds
/// halves away from zero, so rounded higher than R means a rating of at least R + 0.5.)
fn rank_of(conn: &Connection, guild: Snowflake, now: i64, rating: f64) -> Result<u32> {
    let above: u32 = conn
        .prepare_cached(&format!(
            "SELECT COUNT(*) {MEMBERS} AND provisional_from > ?2 AND rating >= ?3"
        ))?
        .query_row(params![guild, now, rating.round() + 0.5], |row| row.get(0))?;
    Ok(above + 1)
}

impl Store {
    /// Page `page` (from 1; 0 reads as 1, past the end as the last) of `guild_id`'s
    /// leaderboard as of `now`.
    ///
    /// # Errors
    /// [`super::StoreError::Sqlite`] if SQLite fails.
    pub fn leaderboard(&self, guild_id: u64, page: u32, now: i64) -> Result<LadderPage> {
        let guild = Snowflake(guild_id);
        let (ranked, provisional): (u32, u32) = self
            .conn
            .prepare_cached(&format!(
                "SELECT COUNT(*) FILTER (WHERE provisional_from > ?2), \
                 COUNT(*) FILTER (WHERE provisional_from <= ?2) {MEMBERS}"
            ))?
            .query_row(params![guild, now], |row| Ok((row.get(0)?, row.get(1)?)))?;
        let pages = (ranked + provisional).div_ceil(PAGE_SIZE).max(1);
        let page = page.clamp(1, pages);
        let first = (page - 1) * PAGE_SIZE;
        let mut entries = Vec::with_capacity(PAGE_SIZE as usize);
        // The ranked players on this page, then the provisional ones.
        if first < ranked {
            let mut stmt = self.conn.prepare_cached(&format!(
                "SELECT {PLAYER_COLUMNS} {MEMBERS} AND provisional_from > ?2 {ORDER} \
                 LIMIT ?3 OFFSET ?4"
            ))?;
            let players = stmt
                .query_map(params![guild, now, PAGE_SIZE, first], player_from_row)?
                .collect::<rusqlite::Result<Vec<Player>>>()?;
            let mut previous: Option<(f64, u32)> = None;
            for (i, player) in players.into_iter().enumerate() {
                let shown = player.rating.round();
                let rank = match previous {
                    Some((above, rank)) if above == shown => rank,
                    Some(_) => first + i as u32 + 1,
                    None => rank_of(&self.conn, guild, now, player.rating)?,
                };
                previous = Some((shown, rank));
                entries.push(LadderEntry {
                    rank: Some(rank),
                    player,
                });
            }
        }
        let room = PAGE_SIZE - entries.len() as u32;
        if room > 0 {
            let mut stmt = self.conn.prepare_cached(&format!(
                "SELECT {PLAYER_COLUMNS} {MEMBERS} AND provisional_from <= ?2 {ORDER} \
                 LIMIT ?3 OFFSET ?4"
            ))?;
            let skip = first.saturating_sub(ranked);
            let rows = stmt.query_map(params![guild, now, room, skip], player_from_row)?;
            for player in rows {
                entries.push(LadderEntry {
                    rank: None,
                    player: player?,
                });
            }
        }
        Ok(LadderPage {
            page,
            pages,
            ranked,
            provisional,
            entries,
        })
    }

    /// `user_id`'s record and rank in `guild_id` as of `now`; `None` if they never finished a
    /// game there.
    ///
    /// # Errors
    /// [`super::StoreError::Sqlite`] if SQLite fails.
    pub fn standing(&self, guild_id: u64, user_id: u64, now: i64) -> Result<Option<Standing>> {
        let Some(player) = self.player(guild_id, user_id)? else {
            return Ok(None);
        };
        let guild = Snowflake(guild_id);
        let ranked: u32 = self
            .conn
            .prepare_cached(&format!(
                "SELECT COUNT(*) {MEMBERS} AND provisional_from > ?2"
            ))?
            .query_row(params![guild, now], |row| row.get(0))?;
        let is_ranked = player.rated_at.is_some()
            && player.left_at.is_none()
            && player.provisional_from.is_some_and(|t| t > now);
        let rank = if is_ranked {
            Some(rank_of(&self.conn, guild, now, player.rating)?)
        } else {
            None
        };
        Ok(Some(Standing {
            player,
            rank,
            ranked,
        }))
    }

    /// `user_id`'s finished games in `guild_id` (not aborted ones), newest first, at most
    /// `limit`.
    ///
    /// # Errors
    /// [`super::StoreError::Sqlite`] if SQLite fails.
    pub fn recent_games(&self, guild_id: u64, user_id: u64, limit: u32) -> Result<Vec<Game>> {
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE guild_id = ?1 AND status = 'finished' \
             AND (white_id = ?2 OR black_id = ?2) ORDER BY finished_at DESC, id DESC LIMIT ?3"
        ))?;
        let rows = stmt.query_map(
            params![Snowflake(guild_id), Snowflake(user_id), limit],
            game_from_row,
        )?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// `user_id`'s current streak in `guild_id`: the result of their latest finished game and
    /// how many finished games in a row, newest first, had that same result (`None` without a
    /// finished game).
    ///
    /// # Errors
    /// [`super::StoreError::Sqlite`] if SQLite fails.
    pub fn streak(&self, guild_id: u64, user_id: u64) -> Result<Option<(Outcome, u32)>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT result, white_id FROM games WHERE guild_id = ?1 AND status = 'finished' \
             AND (white_id = ?2 OR black_id = ?2) ORDER BY finished_at DESC, id DESC",
        )?;
        let rows = stmt.query_map(params![Snowflake(guild_id), Snowflake(user_id)], |row| {
            Ok((row.get::<_, GameResult>(0)?, row.get::<_, Snowflake>(1)?))
        })?;
        let mut streak: Option<(Outcome, u32)> = None;
        for row in rows {
            let (result, white) = row?;
            let outcome = Outcome::of(result, white.0 == user_id);
            match &mut streak {
                None => streak = Some((outcome, 1)),
                Some((first, n)) if *first == outcome => *n += 1,
                Some(_) => break,
            }
        }
        Ok(streak)
    }

    /// The score between `user_id` and `other` in `guild_id`'s finished games, from
    /// `user_id`'s side.
    ///
    /// # Errors
    /// [`super::StoreError::Sqlite`] if SQLite fails.
    pub fn head_to_head(&self, guild_id: u64, user_id: u64, other: u64) -> Result<HeadToHead> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT result, white_id FROM games WHERE guild_id = ?1 AND status = 'finished' \
             AND ((white_id = ?2 AND black_id = ?3) OR (white_id = ?3 AND black_id = ?2))",
        )?;
        let rows = stmt.query_map(
            params![Snowflake(guild_id), Snowflake(user_id), Snowflake(other)],
            |row| Ok((row.get::<_, GameResult>(0)?, row.get::<_, Snowflake>(1)?)),
        )?;
        let mut score = HeadToHead::default();
        for row in rows {
            let (result, white) = row?;
            match Outcome::of(result, white.0 == user_id) {
                Outcome::Win => score.wins += 1,
                Outcome::Loss => score.losses += 1,
                Outcome::Draw => score.draws += 1,
            }
        }
        Ok(score)
    }

    /// Up to `limit` players of `guild_id` found gone whose membership was last checked at or
    /// before `checked_before`, best rated first (those who would show highest if back).
    ///
    /// # Errors
    /// [`super::StoreError::Sqlite`] if SQLite fails.
    pub fn left_players_to_check(
        &self,
        guild_id: u64,
        checked_before: i64,
        limit: u32,
    ) -> Result<Vec<u64>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT user_id FROM players WHERE guild_id = ?1 AND left_at IS NOT NULL \
             AND rated_at IS NOT NULL AND member_checked_at <= ?2 \
             ORDER BY rating DESC LIMIT ?3",
        )?;
        let rows = stmt.query_map(params![Snowflake(guild_id), checked_before, limit], |row| {
            row.get::<_, Snowflake>(0).map(|s| s.0)
        })?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// Records whether `user_id` is a member of `guild_id`, as Discord said at `now`. A member
    /// is shown on the leaderboard again; a player who left keeps the time they were first
    /// found gone. Does nothing for a user without a record there.
    ///
    /// # Errors
    /// [`super::StoreError::Sqlite`] if SQLite fails.
    pub fn set_membership(
        &mut self,
        guild_id: u64,
        user_id: u64,
        member: bool,
        now: i64,
    ) -> Result<()> {
        self.write(|tx| {
            tx.prepare_cached(
                "UPDATE players SET member_checked_at = ?3, \
                 left_at = CASE WHEN ?4 THEN NULL ELSE COALESCE(left_at, ?3) END \
                 WHERE guild_id = ?1 AND user_id = ?2",
            )?
            .execute(params![
                Snowflake(guild_id),
                Snowflake(user_id),
                now,
                member
            ])?;
            Ok(())
        })
    }
}

/// A finished game's result for one player.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// They won.
    Win,
    /// They lost.
    Loss,
    /// A draw.
    Draw,
}

impl Outcome {
    /// The outcome of `result` for the player of White (`white`) or Black.
    pub fn of(result: GameResult, white: bool) -> Outcome {
        match (result, white) {
            (GameResult::Draw, _) => Outcome::Draw,
            (GameResult::White, true) | (GameResult::Black, false) => Outcome::Win,
            _ => Outcome::Loss,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ratings::{RATING_PERIOD, Rating, provisional_after, provisional_from};

    #[test]
    fn the_sql_provisional_test_is_the_ratings_one() {
        let cases = [
            (109.9, 0.06, 0),
            (110.0, 0.06, 0),
            (100.0, 0.06, 20),
            (100.0, 0.06, 21),
            (50.0, 0.06, 88),
            (50.0, 0.06, 89),
            (350.0, 0.06, 0),
            (60.0, 0.09, 30),
        ];
        for (deviation, volatility, periods) in cases {
            let mut store = Store::open_in_memory().unwrap();
            let rating = Rating {
                rating: 1500.0,
                deviation,
                volatility,
            };
            store
                .conn
                .execute(
                    "INSERT INTO players (guild_id, user_id, deviation, volatility, rated_at, \
                     provisional_from) VALUES (1, 2, ?1, ?2, 1000, ?3)",
                    params![deviation, volatility, provisional_from(&rating, 1000)],
                )
                .unwrap();
            let now = 1000 + i64::from(periods) * RATING_PERIOD + RATING_PERIOD - 1;
            let page = store.leaderboard(1, 1, now).unwrap();
            let sql = page.provisional == 1;
            assert_eq!(page.ranked + page.provisional, 1);
            assert_eq!(
                sql,
                provisional_after(deviation, volatility, periods),
                "{deviation} {volatility} {periods}"
            );
            let rust = page.entries[0].player.rating_at(now).is_provisional();
            assert_eq!(sql, rust, "{deviation} {volatility} {periods}");
            store.set_membership(1, 2, false, now).unwrap();
            assert_eq!(store.leaderboard(1, 1, now).unwrap().entries, []);
        }
    }
}
