//! The store as an interface: what the service asks of any store, by area, async.
//!
//! The service holds an `Arc<dyn` [`Storage`]`>` and calls only these traits; SQLite implements
//! them on [`super::AsyncStore`] (in `sqlite/`), a PostgreSQL store will implement them with an
//! async driver. The traits are object-safe ([`async_trait`](mod@async_trait)): a call is one dynamic dispatch and
//! one boxed future, negligible beside a database round trip.
//!
//! # What every implementation guarantees
//! - **One method, one unit of work.** Each method is one use case's store work: its reads and
//!   its writes happen together, in one transaction where the method writes, so that a crash or
//!   an error leaves all of it or none of it. A method that only reads sees one consistent
//!   state. The decisions between the reads and the writes are the pure [`crate::domain`]'s (the
//!   units of [`super::units`], written once over the row port [`super::port::Rows`]); an
//!   implementation keeps and answers, it decides nothing.
//! - **Order.** Calls made one after another by one caller take effect in that order: a caller
//!   that awaited a write reads it back.
//! - **Errors** are [`StoreError`](super::StoreError)s with the meaning the SQLite store
//!   documents for its method of the same name (`super::Store`): a refusal of the rules
//!   ([`StoreError::Tournament`](super::StoreError), `PositionChanged`, `NotYourTurn`, …) leaves
//!   the state as it was; a database failure is [`StoreError::Sqlite`](super::StoreError) (a
//!   second implementation maps its driver's errors to a variant of its own, never to a
//!   refusal); a store that was closed answers [`StoreError::Stopped`](super::StoreError).
//! - **Units.** Times are unix seconds (`now`), or milliseconds where the name says `_ms`;
//!   Discord ids are `u64` snowflakes kept losslessly.
//!
//! # Shape
//! Arguments are owned where they cross to the database's side (an async driver's future, or
//! SQLite's thread, outlives the caller's borrow): ids and flags by value, records and texts
//! owned. Answers are the store's existing types.

mod challenges;
mod deadlines;
mod engine;
mod games;
mod health;
mod outbox;
mod players;
mod sqlite;
mod tournaments;

pub use async_trait::async_trait;

pub use challenges::ChallengeRecords;
pub use deadlines::Deadlines;
pub use engine::EngineRecords;
pub use games::GameRecords;
pub use health::Health;
pub use outbox::Outbox;
pub use players::{PlayerRecords, StatsRecords};
pub use tournaments::TournamentRecords;

/// Everything the service asks of a store: every area at once. Implemented for every type that
/// implements the areas, so a store implements the areas and is a `Storage`.
pub trait Storage:
    GameRecords
    + EngineRecords
    + ChallengeRecords
    + TournamentRecords
    + PlayerRecords
    + Outbox
    + Deadlines
    + Health
    + Send
    + Sync
{
}

impl<T> Storage for T where
    T: GameRecords
        + EngineRecords
        + ChallengeRecords
        + TournamentRecords
        + PlayerRecords
        + Outbox
        + Deadlines
        + Health
        + Send
        + Sync
{
}
