//! The PostgreSQL harness of the tests (`tests/support/postgres.rs`) on the cluster of
//! `.ci/postgres`: each test gets an empty database of its own, which keeps what is written to
//! it, shares nothing with another's, and is gone after the test. Skipped with a note without a
//! cluster, failed instead under `FOCUS_REQUIRE_POSTGRES=1`.

use crate::postgres::{self, TestDatabase};

/// Whether the cluster of `url` has a database named `name`.
async fn database_exists(url: &str, name: &str) -> bool {
    postgres::connect(url)
        .await
        .query_one(
            "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)",
            &[&name],
        )
        .await
        .unwrap()
        .get(0)
}

#[tokio::test]
async fn a_fresh_database_is_empty_and_keeps_what_is_written_to_it() {
    let Some(db) = postgres::fresh_database("Harness: write & read").await else {
        return;
    };
    assert!(
        db.name().starts_with(&format!(
            "focus_test_harness__write___read_{}_",
            std::process::id()
        )),
        "{}",
        db.name()
    );
    let client = db.connect().await;
    let current: String = client
        .query_one("SELECT current_database()", &[])
        .await
        .unwrap()
        .get(0);
    assert_eq!(current, db.name());
    let tables: i64 = client
        .query_one(
            "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(tables, 0, "a fresh database has no tables");

    client
        .batch_execute("CREATE TABLE players (id BIGINT PRIMARY KEY, name TEXT NOT NULL)")
        .await
        .unwrap();
    client
        .execute(
            "INSERT INTO players (id, name) VALUES ($1, $2), ($3, $4)",
            &[&1_i64, &"Алиса", &2_i64, &"Bob"],
        )
        .await
        .unwrap();
    let rows = client
        .query("SELECT id, name, upper(name) FROM players ORDER BY id", &[])
        .await
        .unwrap();
    let read: Vec<(i64, String, String)> = rows
        .iter()
        .map(|row| (row.get(0), row.get(1), row.get(2)))
        .collect();
    assert_eq!(
        read,
        [
            (1, "Алиса".to_owned(), "АЛИСА".to_owned()),
            (2, "Bob".to_owned(), "BOB".to_owned())
        ]
    );
}

#[tokio::test]
async fn two_fresh_databases_are_distinct_and_each_is_dropped_after_its_test() {
    let Some(first) = postgres::fresh_database("distinct").await else {
        return;
    };
    let Some(second) = postgres::fresh_database("distinct").await else {
        return;
    };
    assert_ne!(first.name(), second.name());
    assert_ne!(first.url(), second.url());

    first
        .connect()
        .await
        .batch_execute("CREATE TABLE only_here (n INTEGER); INSERT INTO only_here VALUES (7)")
        .await
        .unwrap();
    let seen_where = |client: tokio_postgres::Client| async move {
        let found: Option<String> = client
            .query_one("SELECT to_regclass('only_here')::text", &[])
            .await
            .unwrap()
            .get(0);
        found
    };
    assert_eq!(
        seen_where(first.connect().await).await.as_deref(),
        Some("only_here")
    );
    assert_eq!(seen_where(second.connect().await).await, None);

    // Dropped with a client still connected to it: the drop closes that connection.
    let cluster = std::env::var(postgres::URL_VAR).unwrap();
    let name = first.name().to_owned();
    let _still_open = first.connect().await;
    assert!(database_exists(&cluster, &name).await);
    drop(first);
    assert!(!database_exists(&cluster, &name).await, "{name} is dropped");
    assert!(database_exists(&cluster, second.name()).await);
}

#[test]
fn a_test_without_a_runtime_gets_a_database_too() {
    let Some(db) = TestDatabase::fresh_blocking("blocking") else {
        return;
    };
    let url = db.url().to_owned();
    let answer: i32 = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(async move {
            let client = postgres::connect(&url).await;
            client
                .batch_execute("CREATE TABLE t (n INTEGER)")
                .await
                .unwrap();
            client
                .execute("INSERT INTO t VALUES (42)", &[])
                .await
                .unwrap();
            client
                .query_one("SELECT n FROM t", &[])
                .await
                .unwrap()
                .get(0)
        });
    assert_eq!(answer, 42);
}

#[test]
#[should_panic(
    expected = "FOCUS_REQUIRE_POSTGRES=1 but FOCUS_TEST_POSTGRES_URL is not set: start a \
                cluster with .ci/postgres"
)]
fn a_required_cluster_that_is_missing_fails_the_test() {
    postgres::no_cluster(true);
}

#[test]
fn a_database_url_names_the_fresh_database() {
    let name = "focus_test_x_1_0";
    for (cluster, expected) in [
        (
            "postgres://postgres@127.0.0.1:55432/postgres",
            "postgres://postgres@127.0.0.1:55432/focus_test_x_1_0",
        ),
        (
            "postgresql://u:p@db.example:5432/main?sslmode=require&connect_timeout=5",
            "postgresql://u:p@db.example:5432/focus_test_x_1_0?sslmode=require&connect_timeout=5",
        ),
        (
            "postgres://postgres@127.0.0.1:55432",
            "postgres://postgres@127.0.0.1:55432/focus_test_x_1_0",
        ),
        (
            "postgres://postgres@127.0.0.1?host=/tmp",
            "postgres://postgres@127.0.0.1/focus_test_x_1_0?host=/tmp",
        ),
        (
            "host=127.0.0.1 port=55432 user=postgres dbname=postgres",
            "host=127.0.0.1 port=55432 user=postgres dbname=postgres dbname=focus_test_x_1_0",
        ),
    ] {
        assert_eq!(postgres::database_url(cluster, name), expected, "{cluster}");
    }
}

#[test]
fn a_hint_becomes_a_short_lower_case_name() {
    assert_eq!(
        postgres::sanitised("Store Conformance"),
        "store_conformance"
    );
    assert_eq!(postgres::sanitised("ёж-42"), "___42");
    assert_eq!(postgres::sanitised(""), "db");
    assert_eq!(
        postgres::sanitised("a_very_long_hint_for_a_database_name"),
        "a_very_long_hint_for_a_d"
    );
}
