//! The tables a copy moves, in an order their foreign keys allow, and how one table's rows go
//! from one database into the other: by column name, in batched multi-row inserts.

use rusqlite::ToSql;
use rusqlite::types::Value;

use crate::store::sql::{Backend, Connection, SqlError, SqlResult};

/// Every table of the schema at [`crate::store::SCHEMA_VERSION`], each after the tables its
/// foreign keys name (`games` after `challenges`, `tournament_pairings` after `games` and
/// `tournaments`, `notices` after all three, `held_notices` after `notices`), so that both
/// databases accept each row as it comes. The copy compares this list with the tables both
/// databases have and refuses to start when they differ: a table added by a later migration
/// must be added here.
pub const TABLES: [&str; 16] = [
    "challenges",
    "games",
    "moves",
    "players",
    "user_settings",
    "user_names",
    "server_settings",
    "channel_names",
    "hints",
    "analyses",
    "tournaments",
    "tournament_players",
    "tournament_pairings",
    "tournament_log",
    "notices",
    "held_notices",
];

/// The tables whose SQLite `rowid` (implicit, the order rows were added) is a column of its
/// own on PostgreSQL, named `rowid`: the order the store reads back (a tournament's players
/// in joining order). It is copied as a column both ways, so the order survives the move.
const ROWID_COLUMNS: [&str; 1] = ["tournament_players"];

/// The most parameters one insert carries: below SQLite's limit (32,766) and PostgreSQL's
/// (65,535).
const MAX_PARAMS: usize = 30_000;

/// The most rows one insert carries: enough that a round trip to PostgreSQL per batch costs
/// little, few enough that a statement stays small.
const MAX_ROWS: usize = 1_000;

/// Which side of the copy failed, and how.
#[derive(Debug)]
pub(super) enum Failed {
    /// Reading the source.
    Read(SqlError),
    /// Writing the target.
    Write(SqlError),
}

/// The tables of the database, sorted, leaving out the schema's own bookkeeping (SQLite's
/// `sqlite_*` tables, PostgreSQL's `focus_schema`).
///
/// # Errors
/// The database's.
pub(super) fn tables_of(conn: &Connection) -> SqlResult<Vec<String>> {
    let sql = match conn.backend() {
        Backend::Sqlite => {
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite%'"
        }
        Backend::Postgres => {
            "SELECT CAST(table_name AS TEXT) FROM information_schema.tables \
             WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' \
             AND table_name <> 'focus_schema'"
        }
    };
    let mut names = strings(conn, sql, ())?;
    names.sort();
    Ok(names)
}

/// The columns of `table`, in the table's order; on SQLite, the implicit `rowid` first for the
/// tables of [`ROWID_COLUMNS`].
///
/// # Errors
/// The database's.
pub(super) fn columns_of(conn: &Connection, table: &str) -> SqlResult<Vec<String>> {
    let sql = match conn.backend() {
        Backend::Sqlite => "SELECT name FROM pragma_table_info(?1) ORDER BY cid",
        Backend::Postgres => {
            "SELECT CAST(column_name AS TEXT) FROM information_schema.columns \
             WHERE table_schema = current_schema() AND CAST(table_name AS TEXT) = ?1 \
             ORDER BY ordinal_position"
        }
    };
    let mut columns = strings(conn, sql, [table])?;
    if conn.backend() == Backend::Sqlite && ROWID_COLUMNS.contains(&table) {
        columns.insert(0, "rowid".to_owned());
    }
    Ok(columns)
}

/// The rows of `table`.
///
/// # Errors
/// The database's.
pub(super) fn count(conn: &Connection, table: &str) -> SqlResult<u64> {
    let n: i64 = conn.query_row(
        &format!("SELECT count(*) FROM {}", quoted(table)),
        (),
        |r| r.get(0),
    )?;
    Ok(n.unsigned_abs())
}

/// Copies every row of `table` from `from` into `to`, column by column of `columns` (names
/// both tables have): the number of rows written. SQLite's rows stream from the source into
/// batches of at most [`MAX_ROWS`] rows, so memory holds one batch, not the table.
///
/// # Errors
/// [`Failed::Read`] or [`Failed::Write`], with the database's reason.
pub(super) fn transfer(
    from: &Connection,
    to: &Connection,
    table: &str,
    columns: &[String],
) -> Result<u64, Failed> {
    let width = columns.len().max(1);
    let per_batch = (MAX_PARAMS / width).clamp(1, MAX_ROWS);
    let list = columns
        .iter()
        .map(|c| quoted(c))
        .collect::<Vec<_>>()
        .join(", ");
    let mut batch: Vec<Value> = Vec::with_capacity(per_batch * width);
    let mut written = 0_u64;
    let mut refused = None;
    let mut select = from
        .prepare_cached(&format!("SELECT {list} FROM {}", quoted(table)))
        .map_err(Failed::Read)?;
    select
        .each((), &mut |row| {
            for i in 0..width {
                batch.push(row.get::<_, Value>(i)?);
            }
            if batch.len() < per_batch * width {
                return Ok(true);
            }
            match insert(to, table, &list, width, &batch) {
                Ok(rows) => {
                    written += rows;
                    batch.clear();
                    Ok(true)
                }
                Err(e) => {
                    refused = Some(e);
                    Ok(false)
                }
            }
        })
        .map_err(Failed::Read)?;
    if let Some(e) = refused {
        return Err(Failed::Write(e));
    }
    if !batch.is_empty() {
        written += insert(to, table, &list, width, &batch).map_err(Failed::Write)?;
    }
    Ok(written)
}

/// Inserts `values`, rows of `width` values in the order of `list`, in one statement: the
/// number of rows.
fn insert(
    to: &Connection,
    table: &str,
    list: &str,
    width: usize,
    values: &[Value],
) -> SqlResult<u64> {
    let rows = values.len() / width;
    let tuples: Vec<String> = (0..rows)
        .map(|row| {
            let marks: Vec<String> = (1..=width)
                .map(|c| format!("?{}", row * width + c))
                .collect();
            format!("({})", marks.join(", "))
        })
        .collect();
    let sql = format!(
        "INSERT INTO {} ({list}) VALUES {}",
        quoted(table),
        tuples.join(", ")
    );
    let params: Vec<&dyn ToSql> = values.iter().map(|v| v as &dyn ToSql).collect();
    to.prepare_cached(&sql)?.execute(params.as_slice())?;
    Ok(rows as u64)
}

/// On PostgreSQL, starts each identity column (`id … GENERATED BY DEFAULT AS IDENTITY`) past
/// the largest id copied, so that the next row the bot adds gets a new number instead of
/// colliding with a copied one. `ALTER TABLE … RESTART` is part of the transaction (unlike
/// `setval`), so a copy rolled back leaves the numbering as it was. SQLite needs nothing: its
/// next row id is the largest plus one.
///
/// # Errors
/// The database's.
pub(super) fn restart_identities(conn: &Connection) -> SqlResult<()> {
    if conn.backend() != Backend::Postgres {
        return Ok(());
    }
    let mut identities = Vec::new();
    conn.prepare_cached(
        "SELECT CAST(table_name AS TEXT), CAST(column_name AS TEXT) \
         FROM information_schema.columns \
         WHERE table_schema = current_schema() AND is_identity = 'YES'",
    )?
    .each((), &mut |row| {
        identities.push((row.get::<_, String>(0)?, row.get::<_, String>(1)?));
        Ok(true)
    })?;
    for (table, column) in identities {
        let (table, column) = (quoted(&table), quoted(&column));
        let largest: Option<i64> =
            conn.query_row(&format!("SELECT max({column}) FROM {table}"), (), |r| {
                r.get(0)
            })?;
        if let Some(largest) = largest {
            conn.execute_batch(&format!(
                "ALTER TABLE {table} ALTER COLUMN {column} RESTART WITH {}",
                largest.saturating_add(1)
            ))?;
        }
    }
    Ok(())
}

/// The first column of every row of `sql`, as text.
fn strings(
    conn: &Connection,
    sql: &str,
    params: impl crate::store::sql::Params,
) -> SqlResult<Vec<String>> {
    let mut found = Vec::new();
    conn.prepare_cached(sql)?.each(params, &mut |row| {
        found.push(row.get::<_, String>(0)?);
        Ok(true)
    })?;
    Ok(found)
}

/// `name` as an SQL identifier, quoted for both databases.
fn quoted(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}
