//! How a [`Venue`] is written in its column.

use super::values::sql_text;
use crate::domain::Venue;

sql_text!(Venue);
