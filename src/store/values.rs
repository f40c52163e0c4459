//! How domain values are written in SQL columns: lower-case text for enumerations (readable
//! with the `sqlite3` shell, checked by the schema's CHECK constraints), rules and colours in
//! their notation.

use rusqlite::ToSql;
use rusqlite::types::{FromSql, FromSqlError, FromSqlResult, ToSqlOutput, ValueRef};

use crate::rules::{Color, Rules};

/// The SQL conversions of an enumeration declared with the domain's `text_enum!`: its text.
macro_rules! sql_text {
    ($($name:ty),+ $(,)?) => {$(
        impl rusqlite::ToSql for $name {
            fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
                Ok(rusqlite::types::ToSqlOutput::from(self.as_str()))
            }
        }

        impl rusqlite::types::FromSql for $name {
            fn column_result(
                value: rusqlite::types::ValueRef<'_>,
            ) -> rusqlite::types::FromSqlResult<Self> {
                let text = value.as_str()?;
                <$name>::from_text(text).ok_or_else(|| {
                    $crate::store::values::unknown_text(stringify!($name), text)
                })
            }
        }
    )+};
}
pub(crate) use sql_text;

/// The error for a stored text that names no value of `what`.
pub(crate) fn unknown_text(what: &str, text: &str) -> FromSqlError {
    FromSqlError::Other(format!("unknown {what} `{text}` in the database").into())
}

impl ToSql for Rules {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.name()))
    }
}

impl FromSql for Rules {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        let text = value.as_str()?;
        text.parse().map_err(|_| unknown_text("rule set", text))
    }
}

impl ToSql for Color {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(match self {
            Color::White => "white",
            Color::Black => "black",
        }))
    }
}

impl FromSql for Color {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        match value.as_str()? {
            "white" => Ok(Color::White),
            "black" => Ok(Color::Black),
            other => Err(unknown_text("colour", other)),
        }
    }
}

impl ToSql for crate::locale::Locale {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.as_str()))
    }
}

impl FromSql for crate::locale::Locale {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        let text = value.as_str()?;
        crate::locale::Locale::new(text)
            .ok_or_else(|| FromSqlError::Other(format!("`{text}` is not a language tag").into()))
    }
}
