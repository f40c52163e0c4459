//! What the operator's metrics and health check ask of the database (issue 24): the games in
//! play by kind and pace, the outbox's backlog, the database's size, and whether it takes a
//! writer now. Cheap queries, run at each scrape of `/metrics` and `/healthz`.

use super::{Result, Store};

/// Who plays a game in play, for the metrics: a tournament's board, a game against the bot, or
/// two people.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// Two people, outside a tournament.
    People,
    /// A person against the bot.
    Bot,
    /// A board of a tournament.
    Tournament,
}

impl GameKind {
    /// Every kind, in the order the metrics list them.
    pub const ALL: [GameKind; 3] = [GameKind::People, GameKind::Bot, GameKind::Tournament];

    /// Its label value.
    pub fn as_str(self) -> &'static str {
        match self {
            GameKind::People => "people",
            GameKind::Bot => "bot",
            GameKind::Tournament => "tournament",
        }
    }
}

/// How fast a game in play goes, for the metrics: minutes per move, days per move, or no limit.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GamePace {
    /// Minutes per move.
    Live,
    /// Days per move.
    Correspondence,
    /// No time limit.
    None,
}

impl GamePace {
    /// Every pace, in the order the metrics list them.
    pub const ALL: [GamePace; 3] = [GamePace::Live, GamePace::Correspondence, GamePace::None];

    /// Its label value.
    pub fn as_str(self) -> &'static str {
        match self {
            GamePace::Live => "live",
            GamePace::Correspondence => "correspondence",
            GamePace::None => "none",
        }
    }
}

/// The database's figures for the metrics, read in one snapshot.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StoreStats {
    /// Games in play (status `active`) by kind and pace; a pair with none is left out.
    pub games_in_play: Vec<(GameKind, GamePace, u64)>,
    /// Notices in the outbox not delivered yet.
    pub pending_notices: u64,
    /// When the oldest of them was queued (unix seconds); `None` when there is none.
    pub oldest_pending_at: Option<i64>,
    /// The database's size: its pages times the page size (free pages included; the
    /// write-ahead log beside it is not).
    pub database_bytes: u64,
}

/// Row counts and the schema version, as `focus-bot db` prints them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Counts {
    /// The schema version of the database.
    pub schema_version: i64,
    /// Games of any status.
    pub games: u64,
    /// Games in play (status `active`).
    pub active_games: u64,
    /// Moves of all games.
    pub moves: u64,
    /// Challenges of any status.
    pub challenges: u64,
    /// Player records (one per player and guild).
    pub players: u64,
    /// Notices in the outbox not yet delivered (a message Discord keeps refusing shows here).
    pub pending_notices: u64,
}

impl Store {
    /// The figures of [`StoreStats`], in one read transaction. Both counts go through partial
    /// indexes (of the games in play, of the pending notices), so finished games and sent
    /// notices, however many, cost nothing.
    ///
    /// # Errors
    /// [`super::StoreError::Sqlite`] if SQLite fails.
    pub fn stats(&mut self) -> Result<StoreStats> {
        self.read(|tx| {
            let mut games = tx.prepare_cached(
                "SELECT CASE WHEN tournament_id IS NOT NULL THEN 'tournament' \
                             WHEN bot_level IS NOT NULL THEN 'bot' ELSE 'people' END, \
                        CASE WHEN minutes_per_move IS NOT NULL THEN 'live' \
                             WHEN days_per_move > 0 THEN 'correspondence' ELSE 'none' END, \
                        count(*) \
                 FROM games WHERE status = 'active' GROUP BY 1, 2",
            )?;
            let rows = games.query_map((), |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, i64>(2)?,
                ))
            })?;
            let mut games_in_play = Vec::new();
            for row in rows {
                let (kind, pace, count) = row?;
                let kind = GameKind::ALL.into_iter().find(|k| k.as_str() == kind);
                let pace = GamePace::ALL.into_iter().find(|p| p.as_str() == pace);
                if let (Some(kind), Some(pace)) = (kind, pace) {
                    games_in_play.push((kind, pace, count.unsigned_abs()));
                }
            }
            let (pending, oldest): (i64, Option<i64>) = tx.query_row(
                "SELECT count(*), min(created_at) FROM notices WHERE status = 'pending'",
                (),
                |r| Ok((r.get(0)?, r.get(1)?)),
            )?;
            let bytes: i64 = match tx.sqlite() {
                Some(conn) => {
                    let pages: i64 = conn.query_row("PRAGMA page_count", [], |r| r.get(0))?;
                    let page_size: i64 = conn.query_row("PRAGMA page_size", [], |r| r.get(0))?;
                    pages * page_size
                }
                None => tx.query_row("SELECT pg_database_size(current_database())", (), |r| {
                    r.get(0)
                })?,
            };
            Ok(StoreStats {
                games_in_play,
                pending_notices: pending.unsigned_abs(),
                oldest_pending_at: oldest,
                database_bytes: bytes.unsigned_abs(),
            })
        })
    }

    /// Whether the database takes a write now: `BEGIN IMMEDIATE` (the write lock, as every
    /// write of the bot takes it), a write of the header's `user_version` with the value it
    /// has, then `ROLLBACK`. The rollback drops the page before it reaches the disk, so the
    /// check writes nothing (no growth, nothing for a replica such as Litestream to copy). It
    /// fails on a database locked by another process beyond the busy timeout, and on one that
    /// SQLite will not let this connection write (a read-only file, directory or connection).
    /// A full disk shows only at the next real write (the log's space is reused).
    ///
    /// `BEGIN IMMEDIATE; ROLLBACK` alone is not enough: SQLite grants the write lock to a
    /// read-only connection too (the test below).
    ///
    /// # Errors
    /// [`super::StoreError::Sqlite`] with SQLite's reason.
    ///
    /// On PostgreSQL: the store's write lock and a write of the schema version as it is, rolled
    /// back (it fails on a read-only server, a standby, or a user without the right).
    pub fn check_writable(&mut self) -> Result<()> {
        let Some(conn) = self.conn.sqlite() else {
            self.conn.begin_write()?;
            let written = self
                .conn
                .execute("UPDATE focus_schema SET version = version", ());
            self.conn.rollback();
            written?;
            return Ok(());
        };
        conn.execute_batch("BEGIN IMMEDIATE")?;
        let version: rusqlite::Result<i64> =
            conn.query_row("PRAGMA user_version", [], |r| r.get(0));
        let written = version.and_then(|v| conn.pragma_update(None, "user_version", v));
        conn.execute_batch("ROLLBACK")?;
        Ok(written?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Color;
    use crate::store::{ColorChoice, NewChallenge, TimeControl};

    fn game(store: &mut Store, channel: u64, time_control: TimeControl) {
        let challenge = store
            .create_challenge(&NewChallenge {
                guild_id: 1,
                channel_id: channel,
                challenger_id: 10,
                opponent_id: Some(20),
                rules: crate::rules::Rules::CLASSIC,
                time_control,
                color: ColorChoice::White,
                rated: false,
                start_fpn: None,
                created_at: 1_000,
                venue: Default::default(),
            })
            .unwrap();
        store
            .accept_challenge(challenge.id, 20, 1_010, Color::White)
            .unwrap();
    }

    #[test]
    fn counts_games_in_play_by_kind_and_pace_and_measures_the_file() {
        let mut store = Store::open_in_memory().unwrap();
        let empty = store.stats().unwrap();
        assert!(empty.games_in_play.is_empty());
        assert_eq!(empty.pending_notices, 0);
        assert_eq!(empty.oldest_pending_at, None);
        assert!(empty.database_bytes > 0);
        game(&mut store, 2, TimeControl::Days(3));
        game(&mut store, 3, TimeControl::Days(1));
        game(&mut store, 4, TimeControl::Minutes(5));
        game(&mut store, 5, TimeControl::Unlimited);
        let mut stats = store.stats().unwrap();
        stats
            .games_in_play
            .sort_by_key(|&(k, p, _)| (k as u8, p as u8));
        assert_eq!(
            stats.games_in_play,
            [
                (GameKind::People, GamePace::Live, 1),
                (GameKind::People, GamePace::Correspondence, 2),
                (GameKind::People, GamePace::None, 1),
            ]
        );
        store.check_writable().unwrap();
        assert_eq!(
            store.schema_version().unwrap(),
            crate::store::SCHEMA_VERSION
        );
    }

    #[test]
    fn the_write_check_writes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("focus.db");
        let mut store = Store::open(&path).unwrap();
        store
            .conn
            .execute_batch("PRAGMA wal_checkpoint(TRUNCATE);")
            .unwrap();
        let wal = dir.path().join("focus.db-wal");
        let size = || std::fs::metadata(&wal).map_or(0, |m| m.len());
        assert_eq!(size(), 0);
        for _ in 0..10 {
            store.check_writable().unwrap();
        }
        assert_eq!(size(), 0, "the check appended to the log");
    }

    #[test]
    fn a_read_only_database_is_not_writable() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("focus.db");
        drop(Store::open(&path).unwrap());
        let conn = rusqlite::Connection::open_with_flags(
            &path,
            rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY,
        )
        .unwrap();
        let mut store = Store {
            conn: crate::store::sql::Connection::Sqlite(conn),
        };
        assert!(store.stats().is_ok());
        // The lock alone is granted.
        store
            .conn
            .execute_batch("BEGIN IMMEDIATE; ROLLBACK;")
            .unwrap();
        let error = store.check_writable().unwrap_err();
        assert!(error.to_string().contains("readonly"), "{error}");
    }
}
