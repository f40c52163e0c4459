//! PostgreSQL's side of [`super::Connection`]: tokio-postgres, driven from the store's own
//! thread.
//!
//! Why a blocking connection on a driver that is async: the store's units of work are
//! synchronous by design (the pure domain decides between a unit's reads and its writes, inside
//! one transaction), and SQLite runs them the same way. Each store thread owns one connection and
//! a one-thread tokio runtime that runs its I/O while the thread waits, as the `postgres` crate
//! does; the store's thread pool is the connection pool (`store::AsyncStore`).
//!
//! Values cross as rusqlite's: a parameter's [`ToSql`] value is sent in the type PostgreSQL
//! inferred for its placeholder, and a column is read back into a rusqlite [`Value`] by its
//! declared type, so both databases share every conversion of the store.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use rusqlite::ToSql;
use rusqlite::types::{ToSqlOutput, Value, ValueRef};
use tokio_postgres::types::{IsNull, ToSql as PgToSql, Type, to_sql_checked};
use tokio_postgres::{Client, Statement};

use super::{Row, SqlError, SqlResult};

/// The advisory lock every write transaction takes first (`pg_advisory_xact_lock`): the store's
/// write lock, as SQLite's `BEGIN IMMEDIATE` takes the file's. Any number; this one spells
/// "Focus".
const WRITE_LOCK: i64 = 0x0046_6f63_7573;

/// How long connecting may take when the URL does not say (`connect_timeout`).
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// One PostgreSQL connection for one thread.
pub(crate) struct PgConnection {
    runtime: tokio::runtime::Runtime,
    client: Client,
    /// Prepared statements by their SQL as the store writes it.
    statements: RefCell<HashMap<String, Statement>>,
    in_transaction: Cell<bool>,
}

impl PgConnection {
    /// Connects to the database of `url` (`postgres://user:password@host:port/database?…`),
    /// with TLS by rustls when the server offers it (`sslmode=prefer`, the default) or the URL
    /// requires it (`sslmode=require`).
    ///
    /// # Errors
    /// [`SqlError::Postgres`] for a malformed URL, an unreachable server, a refused login.
    pub(crate) fn connect(url: &str) -> SqlResult<PgConnection> {
        let mut config: tokio_postgres::Config = url.parse()?;
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(CONNECT_TIMEOUT);
        }
        if config.get_application_name().is_none() {
            config.application_name("focus-bot");
        }
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| SqlError::Unsupported(format!("cannot start a runtime: {e}")))?;
        let (client, connection) = runtime.block_on(config.connect(tls()))?;
        // Runs whenever the thread waits on the client (every call is a `block_on`).
        runtime.spawn(async move {
            if let Err(e) = connection.await {
                tracing::warn!(error = %e, "the PostgreSQL connection ended");
            }
        });
        Ok(PgConnection {
            runtime,
            client,
            statements: RefCell::new(HashMap::new()),
            in_transaction: Cell::new(false),
        })
    }

    /// Whether the connection is gone (the server closed it, or it failed).
    pub(crate) fn is_closed(&self) -> bool {
        self.client.is_closed()
    }

    /// `sql` prepared, once per connection.
    pub(super) fn prepare(&self, sql: &str) -> SqlResult<Statement> {
        if let Some(stmt) = self.statements.borrow().get(sql) {
            return Ok(stmt.clone());
        }
        let stmt = self
            .runtime
            .block_on(self.client.prepare(&placeholders(sql)))?;
        self.statements
            .borrow_mut()
            .insert(sql.to_owned(), stmt.clone());
        Ok(stmt)
    }

    /// Runs `stmt`: the number of rows changed.
    pub(super) fn execute(&self, stmt: &Statement, params: &[&dyn ToSql]) -> SqlResult<usize> {
        let values = outputs(params)?;
        let sent = sendable(&values)?;
        let refs: Vec<&(dyn PgToSql + Sync)> = sent.iter().map(|p| p as _).collect();
        let n = self.runtime.block_on(self.client.execute(stmt, &refs))?;
        Ok(usize::try_from(n).unwrap_or(usize::MAX))
    }

    /// Runs `stmt` and calls `each` on its rows while it answers `true`.
    pub(super) fn each(
        &self,
        stmt: &Statement,
        params: &[&dyn ToSql],
        each: &mut dyn FnMut(&Row<'_>) -> rusqlite::Result<bool>,
    ) -> SqlResult<()> {
        let values = outputs(params)?;
        let sent = sendable(&values)?;
        let refs: Vec<&(dyn PgToSql + Sync)> = sent.iter().map(|p| p as _).collect();
        let rows = self.runtime.block_on(self.client.query(stmt, &refs))?;
        for row in &rows {
            let columns = columns(row)?;
            if !each(&Row(&columns))? {
                break;
            }
        }
        Ok(())
    }

    /// Runs statements without parameters.
    pub(super) fn batch(&self, sql: &str) -> SqlResult<()> {
        Ok(self.runtime.block_on(self.client.batch_execute(sql))?)
    }

    /// Whether a transaction is open.
    pub(super) fn in_transaction(&self) -> bool {
        self.in_transaction.get()
    }

    /// `BEGIN`, then the store's write lock ([`WRITE_LOCK`]), held to the transaction's end.
    pub(super) fn begin_write(&self) -> SqlResult<()> {
        self.begin(&format!(
            "BEGIN; SELECT pg_advisory_xact_lock({WRITE_LOCK})"
        ))
    }

    /// A read-only transaction on one snapshot (`REPEATABLE READ`).
    pub(super) fn begin_read(&self) -> SqlResult<()> {
        self.begin("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
    }

    fn begin(&self, sql: &str) -> SqlResult<()> {
        match self.batch(sql) {
            Ok(()) => {
                self.in_transaction.set(true);
                Ok(())
            }
            Err(e) => {
                // A failed BEGIN may have opened the block before failing (the lock's wait was
                // cancelled): close it, so the next call starts clean.
                let _ = self.batch("ROLLBACK");
                Err(e)
            }
        }
    }

    /// `COMMIT` or `ROLLBACK`: the transaction is over either way.
    pub(super) fn end(&self, sql: &str) -> SqlResult<()> {
        self.in_transaction.set(false);
        self.batch(sql)
    }
}

/// The rustls connector: Mozilla's roots compiled in, ring as the crypto provider.
fn tls() -> tokio_postgres_rustls::MakeRustlsConnect {
    let roots = rustls::RootCertStore::from_iter(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
    let config = rustls::ClientConfig::builder_with_provider(Arc::new(
        rustls::crypto::ring::default_provider(),
    ))
    .with_safe_default_protocol_versions()
    .expect("ring supports rustls' default protocol versions")
    .with_root_certificates(roots)
    .with_no_client_auth();
    tokio_postgres_rustls::MakeRustlsConnect::new(config)
}

/// Whether `e` means the server is unreachable or went away, rather than a refusal of a
/// statement: a closed connection, an I/O error or time-out, or SQLSTATE class 08
/// (connection exception) or 57P (the server shutting down or starting).
pub(super) fn is_unreachable(e: &tokio_postgres::Error) -> bool {
    if e.is_closed() {
        return true;
    }
    if let Some(code) = e.code() {
        let code = code.code();
        return code.starts_with("08") || code.starts_with("57P");
    }
    let mut source = std::error::Error::source(e);
    while let Some(s) = source {
        if s.is::<std::io::Error>() {
            return true;
        }
        source = s.source();
    }
    e.to_string().contains("timed out")
}

/// `sql` for PostgreSQL: SQLite's numbered placeholders (`?1`) as PostgreSQL's (`$1`), a bare
/// `?` taking the next number, and without SQLite's index hints (`INDEXED BY name`, which
/// change the plan, never the answer). Quoted text and identifiers are left as they are.
pub(crate) fn placeholders(sql: &str) -> String {
    let mut sql = sql.to_owned();
    while let Some(at) = sql.find("INDEXED BY ") {
        let name = at + "INDEXED BY ".len();
        let end = sql[name..]
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .map_or(sql.len(), |n| name + n);
        sql.replace_range(at..end, "");
    }
    numbered(&sql)
}

/// `sql` with `?N` as `$N` and each bare `?` as the next number, outside quotes.
fn numbered(sql: &str) -> String {
    let mut out = String::with_capacity(sql.len() + 8);
    let mut quote: Option<char> = None;
    let mut next = 1;
    let mut chars = sql.chars().peekable();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), _) if c == q => {
                quote = None;
                out.push(c);
            }
            (Some(_), _) => out.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                out.push(c);
            }
            (None, '?') => {
                out.push('$');
                if chars.peek().is_some_and(char::is_ascii_digit) {
                    while let Some(d) = chars.next_if(char::is_ascii_digit) {
                        out.push(d);
                    }
                } else {
                    out.push_str(&next.to_string());
                    next += 1;
                }
            }
            (None, _) => out.push(c),
        }
    }
    out
}

/// The values of `params`, as rusqlite makes them.
fn outputs<'a>(params: &'a [&'a dyn ToSql]) -> SqlResult<Vec<ToSqlOutput<'a>>> {
    params
        .iter()
        .map(|p| p.to_sql().map_err(SqlError::from))
        .collect()
}

/// The values as PostgreSQL parameters.
fn sendable<'a>(values: &'a [ToSqlOutput<'a>]) -> SqlResult<Vec<Param<'a>>> {
    values
        .iter()
        .map(|v| match v {
            ToSqlOutput::Borrowed(r) => Ok(Param(*r)),
            ToSqlOutput::Owned(owned) => Ok(Param(ValueRef::from(owned))),
            other => Err(SqlError::Unsupported(format!(
                "a parameter PostgreSQL's side cannot send: {other:?}"
            ))),
        })
        .collect()
}

/// One parameter, sent in the type PostgreSQL expects at its placeholder.
#[derive(Debug)]
struct Param<'a>(ValueRef<'a>);

impl PgToSql for Param<'_> {
    fn to_sql(
        &self,
        ty: &Type,
        out: &mut bytes::BytesMut,
    ) -> Result<IsNull, Box<dyn std::error::Error + Sync + Send>> {
        match self.0 {
            ValueRef::Null => Ok(IsNull::Yes),
            ValueRef::Integer(i) if *ty == Type::INT8 => PgToSql::to_sql(&i, ty, out),
            ValueRef::Integer(i) if *ty == Type::INT4 => {
                PgToSql::to_sql(&i32::try_from(i)?, ty, out)
            }
            ValueRef::Integer(i) if *ty == Type::INT2 => {
                PgToSql::to_sql(&i16::try_from(i)?, ty, out)
            }
            ValueRef::Integer(i) if *ty == Type::BOOL => PgToSql::to_sql(&(i != 0), ty, out),
            #[allow(clippy::cast_precision_loss)]
            ValueRef::Integer(i) if *ty == Type::FLOAT8 => PgToSql::to_sql(&(i as f64), ty, out),
            ValueRef::Real(f) if *ty == Type::FLOAT8 => PgToSql::to_sql(&f, ty, out),
            #[allow(clippy::cast_possible_truncation)]
            ValueRef::Real(f) if *ty == Type::FLOAT4 => PgToSql::to_sql(&(f as f32), ty, out),
            ValueRef::Text(t) => PgToSql::to_sql(&std::str::from_utf8(t)?, ty, out),
            ValueRef::Blob(b) if *ty == Type::BYTEA => PgToSql::to_sql(&b, ty, out),
            other => Err(format!("cannot send {other:?} as PostgreSQL's {ty}").into()),
        }
    }

    fn accepts(_: &Type) -> bool {
        // Every type: `to_sql` converts by the type or refuses with the reason.
        true
    }

    to_sql_checked!();
}

/// The columns of `row` as rusqlite values, by each column's declared type.
fn columns(row: &tokio_postgres::Row) -> SqlResult<Vec<Value>> {
    let mut values = Vec::with_capacity(row.len());
    for (i, column) in row.columns().iter().enumerate() {
        let ty = column.type_();
        let value = if *ty == Type::INT8 {
            row.try_get::<_, Option<i64>>(i)?.map(Value::Integer)
        } else if *ty == Type::INT4 {
            row.try_get::<_, Option<i32>>(i)?
                .map(|v| Value::Integer(v.into()))
        } else if *ty == Type::INT2 {
            row.try_get::<_, Option<i16>>(i)?
                .map(|v| Value::Integer(v.into()))
        } else if *ty == Type::BOOL {
            row.try_get::<_, Option<bool>>(i)?
                .map(|v| Value::Integer(v.into()))
        } else if *ty == Type::FLOAT8 {
            row.try_get::<_, Option<f64>>(i)?.map(Value::Real)
        } else if *ty == Type::FLOAT4 {
            row.try_get::<_, Option<f32>>(i)?
                .map(|v| Value::Real(v.into()))
        } else if *ty == Type::BYTEA {
            row.try_get::<_, Option<Vec<u8>>>(i)?.map(Value::Blob)
        } else if [Type::TEXT, Type::VARCHAR, Type::BPCHAR, Type::NAME].contains(ty) {
            row.try_get::<_, Option<String>>(i)?.map(Value::Text)
        } else {
            return Err(SqlError::Unsupported(format!(
                "column `{}` is PostgreSQL's {ty}: cast it in the SQL",
                column.name()
            )));
        };
        values.push(value.unwrap_or(Value::Null));
    }
    Ok(values)
}

#[cfg(test)]
mod tests {
    use super::placeholders;

    #[test]
    fn placeholders_are_numbered_outside_quotes() {
        assert_eq!(
            placeholders("SELECT a FROM t WHERE b = ?1 AND c = ?12 OR d = '?3' AND \"?\" = ?"),
            "SELECT a FROM t WHERE b = $1 AND c = $12 OR d = '?3' AND \"?\" = $1"
        );
        assert_eq!(placeholders("VALUES (?, ?, ?)"), "VALUES ($1, $2, $3)");
        assert_eq!(
            placeholders("SELECT id FROM games INDEXED BY games_active_white WHERE a = ?1"),
            "SELECT id FROM games  WHERE a = $1"
        );
    }
}
