//! SQLite's side of [`super::Connection`]: rusqlite itself, whose rows are read in place.

use rusqlite::ToSql;

use super::{Row, SqlResult};

/// Runs `stmt` with `params` and calls `each` on its rows while it answers `true`.
pub(super) fn each(
    stmt: &mut rusqlite::CachedStatement<'_>,
    params: &[&dyn ToSql],
    each: &mut dyn FnMut(&Row<'_>) -> rusqlite::Result<bool>,
) -> SqlResult<()> {
    let mut rows = stmt.query(params)?;
    while let Some(row) = rows.next()? {
        if !each(&Row(row))? {
            break;
        }
    }
    Ok(())
}
