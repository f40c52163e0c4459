//! Identifiers: Discord snowflakes and the store's own row ids.
//!
//! A Discord id is a `u64` snowflake; SQLite's INTEGER is a signed 64-bit number. The one
//! conversion between them is here: a bit-cast (`u64 as i64` and back), which is lossless for
//! every value, ids above `i64::MAX` becoming negative numbers in the database. Every column
//! holding a Discord id is written and read through [`Snowflake`], never with a bare cast.

use rusqlite::ToSql;
use rusqlite::types::{FromSql, FromSqlResult, ToSqlOutput, ValueRef};

pub use crate::domain::{ChallengeId, GameId, NoticeId, PairingId, TournamentId};

/// A Discord id (guild, channel, user or message) as SQLite stores it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Snowflake(pub(crate) u64);

/// The INTEGER stored for the Discord id `id`: the same 64 bits read as signed.
pub(crate) const fn to_sql_integer(id: u64) -> i64 {
    id as i64
}

/// The Discord id stored as the INTEGER `value`; the inverse of [`to_sql_integer`].
pub(crate) const fn from_sql_integer(value: i64) -> u64 {
    value as u64
}

impl ToSql for Snowflake {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(to_sql_integer(self.0)))
    }
}

impl FromSql for Snowflake {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        i64::column_result(value).map(|v| Snowflake(from_sql_integer(v)))
    }
}

/// The SQL conversions of the domain's row ids: the INTEGER itself.
macro_rules! sql_row_id {
    ($($name:ident),+) => {$(
        impl ToSql for $name {
            fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
                Ok(ToSqlOutput::from(self.0))
            }
        }

        impl FromSql for $name {
            fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
                i64::column_result(value).map($name)
            }
        }
    )+};
}

sql_row_id!(GameId, ChallengeId, TournamentId, PairingId, NoticeId);

#[cfg(test)]
mod tests {
    use super::*;
    use rusqlite::Connection;

    #[test]
    fn the_bit_cast_is_lossless_at_the_edges() {
        for id in [
            0,
            1,
            i64::MAX as u64,
            i64::MAX as u64 + 1,
            u64::MAX - 1,
            u64::MAX,
        ] {
            assert_eq!(from_sql_integer(to_sql_integer(id)), id);
        }
        assert_eq!(to_sql_integer(u64::MAX), -1);
        assert_eq!(to_sql_integer(i64::MAX as u64 + 1), i64::MIN);
        assert_eq!(
            to_sql_integer(1_234_567_890_123_456_789),
            1_234_567_890_123_456_789
        );
    }

    #[test]
    fn snowflakes_survive_a_round_trip_through_sqlite() {
        let conn = Connection::open_in_memory().unwrap();
        conn.execute_batch("CREATE TABLE t (id INTEGER NOT NULL) STRICT")
            .unwrap();
        let ids = [0, 42, i64::MAX as u64, i64::MAX as u64 + 1, u64::MAX];
        for id in ids {
            conn.execute("INSERT INTO t (id) VALUES (?1)", [Snowflake(id)])
                .unwrap();
        }
        let mut stmt = conn.prepare("SELECT id FROM t ORDER BY rowid").unwrap();
        let back: Vec<u64> = stmt
            .query_map([], |r| r.get::<_, Snowflake>(0))
            .unwrap()
            .map(|s| s.unwrap().0)
            .collect();
        assert_eq!(back, ids);
        // Looking an id up by value finds it even above i64::MAX.
        let n: i64 = conn
            .query_row(
                "SELECT count(*) FROM t WHERE id = ?1",
                [Snowflake(u64::MAX)],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(n, 1);
    }
}
