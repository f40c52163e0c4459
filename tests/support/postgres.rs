//! PostgreSQL for the tests (issue 34): a database of its own for each test, on the cluster that
//! `FOCUS_TEST_POSTGRES_URL` names (`eval "$(.ci/postgres)"` starts a throwaway one).
//!
//! Without that variable a test that asks for a database is skipped with a note, unless
//! `FOCUS_REQUIRE_POSTGRES=1` (CI), which makes the missing cluster a failure instead: a CI run
//! without PostgreSQL must not pass by testing nothing. Included by path in `tests/backend` and
//! through `support/mod.rs` in `tests/discord`.

use std::sync::atomic::{AtomicU32, Ordering};

use tokio_postgres::error::SqlState;
use tokio_postgres::{Client, NoTls};

/// The variable that names the test cluster: a URL (or key=value string) that can create
/// databases, such as `postgres://postgres@127.0.0.1:55432/postgres`.
pub const URL_VAR: &str = "FOCUS_TEST_POSTGRES_URL";

/// The variable that, set to `1`, makes a missing cluster a failure rather than a skip.
pub const REQUIRE_VAR: &str = "FOCUS_REQUIRE_POSTGRES";

/// The longest hint kept in a database's name: PostgreSQL cuts names at 63 bytes, and the
/// prefix, the process id and the counter need the rest.
const HINT_CHARS: usize = 24;

/// Numbers the databases of this process, so that tests running at once never share one.
static COUNTER: AtomicU32 = AtomicU32::new(0);

/// A database of its own on the test cluster, created empty and dropped (with its connections
/// closed by force, PostgreSQL 13 or later) when this value is dropped.
pub struct TestDatabase {
    /// The URL of this database, for the code under test.
    url: String,
    /// Its name, `focus_test_<hint>_<pid>_<n>`.
    name: String,
    /// The cluster's URL, from which it is dropped.
    admin_url: String,
}

impl TestDatabase {
    /// A new, empty database named after `name_hint`, or `None` (after a note on standard
    /// error) when no cluster is configured: the caller then returns early. Panics when
    /// `FOCUS_REQUIRE_POSTGRES=1` and no cluster is configured, or when the configured one
    /// cannot be reached.
    pub async fn fresh(name_hint: &str) -> Option<TestDatabase> {
        let Some(admin_url) = std::env::var(URL_VAR).ok().filter(|url| !url.is_empty()) else {
            no_cluster(std::env::var(REQUIRE_VAR).is_ok_and(|v| v == "1"));
            return None;
        };
        let admin = connect(&admin_url).await;
        let hint = sanitised(name_hint);
        loop {
            let n = COUNTER.fetch_add(1, Ordering::Relaxed);
            let name = format!("focus_test_{hint}_{}_{n}", std::process::id());
            match admin
                .batch_execute(&format!("CREATE DATABASE \"{name}\""))
                .await
            {
                Ok(()) => {
                    let url = database_url(&admin_url, &name);
                    return Some(TestDatabase {
                        url,
                        name,
                        admin_url,
                    });
                }
                // Left behind by an earlier process with the same id on a reused cluster.
                Err(e) if e.code() == Some(&SqlState::DUPLICATE_DATABASE) => continue,
                Err(e) => panic!("cannot create database {name} on {admin_url}: {}", told(&e)),
            }
        }
    }

    /// [`TestDatabase::fresh`] for a test without a runtime (or inside one): it runs on a
    /// thread and runtime of its own.
    pub fn fresh_blocking(name_hint: &str) -> Option<TestDatabase> {
        let hint = name_hint.to_owned();
        on_own_runtime(async move { TestDatabase::fresh(&hint).await })
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    }

    /// The URL of this database.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The name of this database.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// A client of this database (its connection runs on the current runtime).
    pub async fn connect(&self) -> Client {
        connect(&self.url).await
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        let admin_url = self.admin_url.clone();
        let name = self.name.clone();
        // Drop may run inside the test's runtime, which cannot be blocked on from within: the
        // database is dropped on a thread and runtime of its own. A failure is only a note, as
        // a panic here during a failing test's unwinding would abort the whole binary.
        let dropped = on_own_runtime(async move {
            let admin = try_connect(&admin_url).await?;
            admin
                .batch_execute(&format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)"))
                .await
        });
        match dropped {
            Ok(Ok(())) => {}
            Ok(Err(e)) => eprintln!(
                "note: test database {} was not dropped: {}",
                self.name,
                told(&e)
            ),
            Err(_) => eprintln!("note: test database {} was not dropped", self.name),
        }
    }
}

/// A new, empty database for a test: [`TestDatabase::fresh`].
pub async fn fresh_database(name_hint: &str) -> Option<TestDatabase> {
    TestDatabase::fresh(name_hint).await
}

/// What a test does without a cluster: panics when one is `required`, else notes the skip.
pub fn no_cluster(required: bool) {
    assert!(
        !required,
        "{REQUIRE_VAR}=1 but {URL_VAR} is not set: start a cluster with .ci/postgres \
         (eval \"$(.ci/postgres)\")"
    );
    eprintln!("skipped: no PostgreSQL (set {URL_VAR}, see .ci/postgres)");
}

/// A client of `url`, its connection driven on the current runtime; panics with the URL when
/// the cluster cannot be reached.
pub async fn connect(url: &str) -> Client {
    try_connect(url).await.unwrap_or_else(|e| {
        panic!(
            "cannot connect to {url}: {} (is the cluster of .ci/postgres running?)",
            told(&e)
        )
    })
}

async fn try_connect(url: &str) -> Result<Client, tokio_postgres::Error> {
    let (client, connection) = tokio_postgres::connect(url, NoTls).await?;
    tokio::spawn(async move {
        // Ends when the client is dropped, or with the error the client's calls report too.
        let _ = connection.await;
    });
    Ok(client)
}

/// `e` with its cause: the driver's own text ("error connecting to server") leaves out why.
fn told(e: &tokio_postgres::Error) -> String {
    match std::error::Error::source(e) {
        Some(cause) => format!("{e}: {cause}"),
        None => e.to_string(),
    }
}

/// `hint` as part of a database name: lower-case ASCII letters, digits and `_`, at most
/// [`HINT_CHARS`] of them, never empty.
pub fn sanitised(hint: &str) -> String {
    let kept: String = hint
        .chars()
        .map(|c| match c.to_ascii_lowercase() {
            c @ ('a'..='z' | '0'..='9') => c,
            _ => '_',
        })
        .take(HINT_CHARS)
        .collect();
    if kept.is_empty() {
        "db".to_owned()
    } else {
        kept
    }
}

/// The URL `cluster_url` with its database replaced by `name`: the path of a `postgres://` URL
/// (its query kept), or a `dbname=` appended to a key=value string (the last one counts).
pub fn database_url(cluster_url: &str, name: &str) -> String {
    let Some(scheme_end) = cluster_url.find("://").map(|i| i + 3) else {
        return format!("{cluster_url} dbname={name}");
    };
    let (base, query) = match cluster_url.find('?') {
        Some(q) => cluster_url.split_at(q),
        None => (cluster_url, ""),
    };
    let authority_end = base[scheme_end..]
        .find('/')
        .map_or(base.len(), |i| scheme_end + i);
    format!("{}/{name}{query}", &base[..authority_end])
}

/// Runs `work` to its end on a new thread with a current-thread runtime: its output, or the
/// thread's panic for the caller to pass on or not.
pub fn on_own_runtime<T: Send + 'static>(
    work: impl std::future::Future<Output = T> + Send + 'static,
) -> std::thread::Result<T> {
    std::thread::spawn(move || {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime for the test database")
            .block_on(work)
    })
    .join()
}
