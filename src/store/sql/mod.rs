//! One SQL connection over SQLite and PostgreSQL, so that the store's queries and its units of
//! work are written once.
//!
//! The interface mirrors the part of rusqlite's that the store uses (`prepare_cached`,
//! `query_row`, `query_map`, `execute`, `OptionalExtension`, `Row::get`), and the values are
//! rusqlite's: a column is read with the same [`FromSql`] conversions and a parameter given with
//! the same [`ToSql`] ones on both databases. PostgreSQL's side (`postgres.rs`) turns those values
//! into its own types by the column's or the parameter's declared type.
//!
//! # Writing SQL that runs on both
//! - Parameters are `?1`, `?2`, … (PostgreSQL's side rewrites them as `$1`, `$2`, …).
//! - `INSERT … ON CONFLICT … DO NOTHING / DO UPDATE` rather than `INSERT OR IGNORE / REPLACE`;
//!   `INSERT … RETURNING id` rather than `last_insert_rowid()`.
//! - Integers are 64-bit everywhere (PostgreSQL's schema uses `BIGINT`, flags included, so
//!   `rated = 1` reads the same on both); an aggregate whose type PostgreSQL widens
//!   (`sum` → `NUMERIC`) is cast back (`CAST(sum(x) AS BIGINT)`).
//! - Orderings over nullable columns say `NULLS FIRST` or `NULLS LAST` (the databases' defaults
//!   differ).

mod error;
mod postgres;
mod sqlite;

use std::fmt;

pub(crate) use error::OptionalExtension;
pub use error::{SqlError, SqlResult};
pub(crate) use postgres::PgConnection;
use rusqlite::ToSql;
pub(crate) use rusqlite::params;
use rusqlite::types::{FromSql, FromSqlError, Value, ValueRef};

/// The parameters of a statement: `params![…]`, an array of one type, or `()` for none.
pub(crate) trait Params {
    /// Calls `f` with the parameters as a slice.
    fn with<R>(&self, f: impl FnOnce(&[&dyn ToSql]) -> R) -> R;
}

impl Params for &[&dyn ToSql] {
    fn with<R>(&self, f: impl FnOnce(&[&dyn ToSql]) -> R) -> R {
        f(self)
    }
}

impl Params for () {
    fn with<R>(&self, f: impl FnOnce(&[&dyn ToSql]) -> R) -> R {
        f(&[])
    }
}

impl<T: ToSql, const N: usize> Params for [T; N] {
    fn with<R>(&self, f: impl FnOnce(&[&dyn ToSql]) -> R) -> R {
        // On the stack: the store's reads pass one or two ids, on every call.
        let values: [&dyn ToSql; N] = std::array::from_fn(|i| &self[i] as &dyn ToSql);
        f(&values)
    }
}

impl<T: ToSql> Params for Vec<T> {
    fn with<R>(&self, f: impl FnOnce(&[&dyn ToSql]) -> R) -> R {
        let values: Vec<&dyn ToSql> = self.iter().map(|v| v as &dyn ToSql).collect();
        f(&values)
    }
}

/// The columns of one result row, whichever database gave it.
trait Columns {
    /// Column `i` (0-based).
    fn value(&self, i: usize) -> rusqlite::Result<ValueRef<'_>>;
}

impl Columns for rusqlite::Row<'_> {
    fn value(&self, i: usize) -> rusqlite::Result<ValueRef<'_>> {
        self.get_ref(i)
    }
}

impl Columns for Vec<Value> {
    fn value(&self, i: usize) -> rusqlite::Result<ValueRef<'_>> {
        self.get(i)
            .map(ValueRef::from)
            .ok_or(rusqlite::Error::InvalidColumnIndex(i))
    }
}

/// A column's position, as rusqlite's `row.get(0)`; only numbers (the store never reads a
/// column by name).
pub(crate) trait ColumnIndex {
    /// The 0-based position.
    fn index(self) -> usize;
}

impl ColumnIndex for usize {
    fn index(self) -> usize {
        self
    }
}

/// One result row.
pub(crate) struct Row<'a>(&'a dyn Columns);

impl Row<'_> {
    /// Column `idx` as a `T`, with rusqlite's conversions and errors on either database.
    ///
    /// # Errors
    /// `InvalidColumnIndex` past the last column; `InvalidColumnType`,
    /// `IntegralValueOutOfRange` or `FromSqlConversionFailure` for a value that is not a `T`.
    pub(crate) fn get<I: ColumnIndex, T: FromSql>(&self, idx: I) -> rusqlite::Result<T> {
        let i = idx.index();
        let value = self.0.value(i)?;
        T::column_result(value).map_err(|err| match err {
            FromSqlError::InvalidType => {
                rusqlite::Error::InvalidColumnType(i, i.to_string(), value.data_type())
            }
            FromSqlError::OutOfRange(n) => rusqlite::Error::IntegralValueOutOfRange(i, n),
            FromSqlError::Other(e) => {
                rusqlite::Error::FromSqlConversionFailure(i, value.data_type(), e)
            }
            other => {
                rusqlite::Error::FromSqlConversionFailure(i, value.data_type(), Box::new(other))
            }
        })
    }
}

/// Which database a store connection speaks to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Backend {
    /// An SQLite file (or memory).
    Sqlite,
    /// A PostgreSQL database.
    Postgres,
}

/// A connection to SQLite or PostgreSQL. Not `Sync`: one thread uses it at a time.
pub(crate) enum Connection {
    /// SQLite.
    Sqlite(rusqlite::Connection),
    /// PostgreSQL.
    Postgres(PgConnection),
}

impl fmt::Debug for Connection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Connection({:?})", self.backend())
    }
}

impl Connection {
    /// Which database this is.
    pub(crate) fn backend(&self) -> Backend {
        match self {
            Connection::Sqlite(_) => Backend::Sqlite,
            Connection::Postgres(_) => Backend::Postgres,
        }
    }

    /// The SQLite connection, for what only SQLite has (pragmas, online backups).
    pub(crate) fn sqlite(&self) -> Option<&rusqlite::Connection> {
        match self {
            Connection::Sqlite(conn) => Some(conn),
            Connection::Postgres(_) => None,
        }
    }

    /// `sql`, prepared once per connection and kept.
    ///
    /// # Errors
    /// The database's, for a statement it cannot prepare.
    pub(crate) fn prepare_cached(&self, sql: &str) -> SqlResult<Statement<'_>> {
        Ok(match self {
            Connection::Sqlite(conn) => Statement::Sqlite(conn.prepare_cached(sql)?),
            Connection::Postgres(conn) => Statement::Postgres(conn, conn.prepare(sql)?),
        })
    }

    /// Runs `sql` with `params`: the number of rows changed.
    ///
    /// # Errors
    /// The database's.
    pub(crate) fn execute(&self, sql: &str, params: impl Params) -> SqlResult<usize> {
        self.prepare_cached(sql)?.execute(params)
    }

    /// The first row of `sql`, read by `f`; `QueryReturnedNoRows` without one.
    ///
    /// # Errors
    /// The database's; `f`'s.
    pub(crate) fn query_row<T>(
        &self,
        sql: &str,
        params: impl Params,
        f: impl FnOnce(&Row<'_>) -> rusqlite::Result<T>,
    ) -> SqlResult<T> {
        self.prepare_cached(sql)?.query_row(params, f)
    }

    /// Runs several statements without parameters (`;`-separated).
    ///
    /// # Errors
    /// The database's.
    pub(crate) fn execute_batch(&self, sql: &str) -> SqlResult<()> {
        match self {
            Connection::Sqlite(conn) => Ok(conn.execute_batch(sql)?),
            Connection::Postgres(conn) => conn.batch(sql),
        }
    }

    /// Whether no transaction is open.
    pub(crate) fn is_autocommit(&self) -> bool {
        match self {
            Connection::Sqlite(conn) => conn.is_autocommit(),
            Connection::Postgres(conn) => !conn.in_transaction(),
        }
    }

    /// Begins a write transaction that holds the database's write lock from its start: SQLite's
    /// `BEGIN IMMEDIATE`; on PostgreSQL a transaction that first takes the store's advisory
    /// lock, so that units of work on several connections (and processes) follow each other
    /// as they do on SQLite, and a read-decide-write unit never races another.
    ///
    /// # Errors
    /// The database's.
    pub(crate) fn begin_write(&self) -> SqlResult<()> {
        match self {
            Connection::Sqlite(conn) => {
                conn.prepare_cached("BEGIN IMMEDIATE")?.execute([])?;
                Ok(())
            }
            Connection::Postgres(conn) => conn.begin_write(),
        }
    }

    /// Begins a read transaction: one consistent snapshot for several queries.
    ///
    /// # Errors
    /// The database's.
    pub(crate) fn begin_read(&self) -> SqlResult<()> {
        match self {
            Connection::Sqlite(conn) => {
                conn.prepare_cached("BEGIN DEFERRED")?.execute([])?;
                Ok(())
            }
            Connection::Postgres(conn) => conn.begin_read(),
        }
    }

    /// Commits the open transaction.
    ///
    /// # Errors
    /// The database's (the transaction is then rolled back).
    pub(crate) fn commit(&self) -> SqlResult<()> {
        match self {
            Connection::Sqlite(conn) => {
                conn.prepare_cached("COMMIT")?.execute([])?;
                Ok(())
            }
            Connection::Postgres(conn) => conn.end("COMMIT"),
        }
    }

    /// Rolls the open transaction back, if one is open.
    pub(crate) fn rollback(&self) {
        if !self.is_autocommit() {
            let _ = match self {
                Connection::Sqlite(conn) => conn.execute_batch("ROLLBACK").map_err(SqlError::from),
                Connection::Postgres(conn) => conn.end("ROLLBACK"),
            };
        }
    }
}

/// A prepared statement of a [`Connection`].
pub(crate) enum Statement<'c> {
    /// SQLite's, from its statement cache.
    Sqlite(rusqlite::CachedStatement<'c>),
    /// PostgreSQL's, prepared on its connection.
    Postgres(&'c PgConnection, tokio_postgres::Statement),
}

impl Statement<'_> {
    /// Runs the statement: the number of rows changed.
    ///
    /// # Errors
    /// The database's.
    pub(crate) fn execute(&mut self, params: impl Params) -> SqlResult<usize> {
        match self {
            Statement::Sqlite(stmt) => Ok(params.with(|p| stmt.execute(p))?),
            Statement::Postgres(conn, stmt) => params.with(|p| conn.execute(stmt, p)),
        }
    }

    /// The first row, read by `f`; `QueryReturnedNoRows` without one.
    ///
    /// # Errors
    /// The database's; `f`'s.
    pub(crate) fn query_row<T>(
        &mut self,
        params: impl Params,
        f: impl FnOnce(&Row<'_>) -> rusqlite::Result<T>,
    ) -> SqlResult<T> {
        let mut f = Some(f);
        let mut first = None;
        self.each(params, &mut |row| {
            if let Some(f) = f.take() {
                first = Some(f(row));
            }
            Ok(false)
        })?;
        match first {
            Some(value) => Ok(value?),
            None => Err(rusqlite::Error::QueryReturnedNoRows.into()),
        }
    }

    /// Every row, each read by `f`, in order.
    ///
    /// # Errors
    /// The database's (the rows' own errors are in the items).
    pub(crate) fn query_map<T>(
        &mut self,
        params: impl Params,
        mut f: impl FnMut(&Row<'_>) -> rusqlite::Result<T>,
    ) -> SqlResult<std::vec::IntoIter<rusqlite::Result<T>>> {
        let mut rows = Vec::new();
        self.each(params, &mut |row| {
            rows.push(f(row));
            Ok(true)
        })?;
        Ok(rows.into_iter())
    }

    /// Calls `each` on the rows, in order, while it answers `true`. SQLite hands them over
    /// one by one as it reads them; PostgreSQL's side receives the whole result first.
    ///
    /// # Errors
    /// The database's; the first error `each` answers.
    pub(crate) fn each(
        &mut self,
        params: impl Params,
        each: &mut dyn FnMut(&Row<'_>) -> rusqlite::Result<bool>,
    ) -> SqlResult<()> {
        match self {
            Statement::Sqlite(stmt) => params.with(|p| sqlite::each(stmt, p, each)),
            Statement::Postgres(conn, stmt) => params.with(|p| conn.each(stmt, p, each)),
        }
    }
}
