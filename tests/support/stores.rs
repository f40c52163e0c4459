//! The store a test runs on: SQLite by default, PostgreSQL when the run asks for it with
//! `FOCUS_TEST_STORE=postgres` (CI runs the store and service tests a second time so, on the
//! cluster of `.ci/postgres`). The tests name their databases as before (a file in a temporary
//! directory, or memory); on PostgreSQL each file name maps to a fresh database of its own,
//! the same one each time the test opens that file again (a restart), so every test keeps its
//! meaning on both databases.
//!
//! The PostgreSQL databases live as long as the test process: they are left on the throwaway
//! cluster, which `.ci/postgres stop` removes whole.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{LazyLock, Mutex};

use focus_bot::store::{AsyncStore, Location, Store, StoreError};

use super::postgres::TestDatabase;

/// The variable that selects the database of the store tests: `postgres`, or SQLite.
pub const STORE_VAR: &str = "FOCUS_TEST_STORE";

/// The PostgreSQL database of each file name a test opened, kept for the process.
static DATABASES: LazyLock<Mutex<HashMap<PathBuf, TestDatabase>>> =
    LazyLock::new(|| Mutex::new(HashMap::new()));

/// Whether this run puts the stores on PostgreSQL. Panics when it asks for PostgreSQL but no
/// cluster is configured: a run meant for PostgreSQL must not pass on SQLite.
pub fn on_postgres() -> bool {
    match std::env::var(STORE_VAR).as_deref() {
        Ok("postgres") => true,
        Ok("sqlite") | Ok("") | Err(_) => false,
        Ok(other) => panic!("{STORE_VAR} must be `postgres` or `sqlite`, not `{other}`"),
    }
}

/// Where a test's database `path` is on this run: the file itself, or the PostgreSQL database
/// standing for it.
pub fn location(path: &Path) -> Location {
    if !on_postgres() {
        return Location::File(path.to_owned());
    }
    let mut databases = DATABASES.lock().unwrap_or_else(|e| e.into_inner());
    let db = databases.entry(path.to_owned()).or_insert_with(|| {
        let hint = path.file_stem().and_then(|s| s.to_str()).unwrap_or("test");
        TestDatabase::fresh_blocking(hint).unwrap_or_else(|| {
            panic!("{STORE_VAR}=postgres needs a cluster: set FOCUS_TEST_POSTGRES_URL")
        })
    });
    Location::Postgres(db.url().to_owned())
}

/// [`AsyncStore::open`] of `path` on this run's database.
pub async fn open(path: impl AsRef<Path>) -> Result<AsyncStore, StoreError> {
    AsyncStore::open_at(&location(path.as_ref())).await
}

/// [`Store::open_in_memory`] on this run's database: on PostgreSQL, a fresh database, opened on
/// a thread of its own (its connection drives its own runtime, which may not start inside the
/// test's).
pub fn memory() -> Result<Store, StoreError> {
    if !on_postgres() {
        return Store::open_in_memory();
    }
    static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    open_on_a_thread(location(Path::new(&format!("memory-{n}"))))
}

/// [`Store::open`] of `path` on this run's database (on a thread of its own, as [`memory`]).
pub fn file(path: impl AsRef<Path>) -> Result<Store, StoreError> {
    open_on_a_thread(location(path.as_ref()))
}

/// [`Store::open_at`] on a thread of its own: a PostgreSQL connection drives a runtime of its
/// own, which may not start inside the test's.
fn open_on_a_thread(location: Location) -> Result<Store, StoreError> {
    std::thread::spawn(move || Store::open_at(&location))
        .join()
        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
}

/// For a test that reads or writes the SQLite file itself (raw SQL, an older schema, a
/// damaged file): true on a PostgreSQL run, after a note, so that the test returns at once.
/// The same behaviour is covered on PostgreSQL by the tests that go through the store.
pub fn sqlite_only(test: &str) -> bool {
    if on_postgres() {
        eprintln!("skipped on PostgreSQL: {test} works on the SQLite file itself");
        return true;
    }
    false
}

/// The rows of `sql` on the PostgreSQL database standing for `path`, for a test that reads a
/// table directly (its SQLite twin reads the file with rusqlite).
pub fn postgres_rows(path: &Path, sql: &str) -> Vec<tokio_postgres::Row> {
    let Location::Postgres(url) = location(path) else {
        panic!("{} is not on PostgreSQL in this run", path.display());
    };
    let sql = sql.to_owned();
    super::postgres::on_own_runtime(async move {
        let client = super::postgres::connect(&url).await;
        client.query(&sql, &[]).await.expect("the query runs")
    })
    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
}
