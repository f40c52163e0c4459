//! A clean stop closes the database (issue 20): after SIGTERM or Ctrl-C no `-wal` file is
//! left beside it. The real binary, as the bot (its Discord unreachable, so no stand-in is
//! needed) and as the console.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

pub(crate) use crate::running::{Running, WAIT};

/// The write-ahead log of database `db`.
pub(crate) fn wal(db: &Path) -> PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push("-wal");
    PathBuf::from(name)
}

/// A local address where nothing listens: the bot cannot reach its Discord there.
pub(crate) fn nowhere() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap();
    drop(listener);
    format!("http://{address}")
}

#[test]
fn sigterm_stops_the_bot_with_its_database_closed() {
    for signal in ["TERM", "INT"] {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("focus.db");
        let bot = Running::start(
            dir.path(),
            &[],
            &[
                ("DISCORD_TOKEN", "fake-bot-token".to_owned()),
                ("DATABASE_PATH", db.display().to_string()),
                ("DISCORD_API_BASE", nowhere()),
            ],
        );
        // Running: the database is open (its log beside it) and Discord is being tried.
        bot.wait_for("cannot reach Discord: retrying");
        assert!(wal(&db).exists(), "the open database has a log");
        let status = bot.stop_with(signal);
        assert_eq!(status.code(), Some(0), "{signal}");
        assert!(db.exists());
        assert!(
            !wal(&db).exists(),
            "{signal}: the -wal file was left behind"
        );
    }
}

#[test]
fn sigterm_stops_the_console_with_its_database_closed() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("console.db");
    let db_arg = db.display().to_string();
    let out = dir.path().join("boards").display().to_string();
    let mut console = Running::start(
        dir.path(),
        &["console", "--db", &db_arg, "--out", &out],
        &[],
    );
    // A challenge is stored; the console then waits for its next line.
    let stdin = console.stdin.as_mut().unwrap();
    stdin
        .write_all(b"alice: /focus challenge opponent:bob\n")
        .unwrap();
    stdin.flush().unwrap();
    console.wait_for("challenges @bob");
    assert!(wal(&db).exists(), "the open database has a log");
    let status = console.stop_with("TERM");
    assert_eq!(status.code(), Some(0));
    assert!(!wal(&db).exists(), "the -wal file was left behind");
}

#[test]
fn the_console_closes_its_database_at_the_end_of_its_input() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("console.db");
    let db_arg = db.display().to_string();
    let out = dir.path().join("boards").display().to_string();
    let mut console = Running::start(
        dir.path(),
        &["console", "--db", &db_arg, "--out", &out],
        &[],
    );
    let mut stdin = console.stdin.take().unwrap();
    stdin
        .write_all(b"alice: /focus challenge opponent:bob\n")
        .unwrap();
    drop(stdin);
    let deadline = Instant::now() + WAIT;
    let status = loop {
        if let Some(status) = console.exited() {
            break status;
        }
        assert!(Instant::now() < deadline, "{}", console.output());
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(status.success(), "{}", console.output());
    assert!(db.exists());
    assert!(!wal(&db).exists(), "the -wal file was left behind");
}

#[tokio::test]
async fn a_closed_store_leaves_no_log_and_refuses_further_calls() {
    use focus_bot::store::{AsyncStore, StoreError};
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("store.db");
    let store = AsyncStore::open(&db).await.unwrap();
    let other = store.clone();
    store.call(|s| s.settings(42)).await.unwrap();
    assert!(wal(&db).exists(), "the open database has a log");
    store.close().await;
    assert!(!wal(&db).exists(), "closing removes the log");
    // Every handle is closed; closing again does nothing.
    let refused = other.call(|s| s.settings(42)).await;
    assert!(matches!(refused, Err(StoreError::Stopped)), "{refused:?}");
    other.close().await;
}
