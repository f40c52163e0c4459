//! The copy's own check of the row counts (issue 34): a target that quietly drops rows (a
//! trigger put there by hand) fails the copy by name, and the transaction leaves it empty.

use focus_bot::store::{CopyError, Location, Store, copy};

use crate::db_copy::{on_runtime, pg_counts, source};
use crate::postgres::TestDatabase;

#[test]
fn a_target_that_loses_rows_fails_the_count_and_keeps_nothing() {
    let Some(db) = TestDatabase::fresh_blocking("copy_counts") else {
        return;
    };
    // The schema first, then a trigger that skips the first move of every game.
    drop(Store::open_postgres(db.url()).unwrap());
    on_runtime(async {
        db.connect()
            .await
            .batch_execute(
                "CREATE FUNCTION skip_first() RETURNS trigger LANGUAGE plpgsql AS \
                 $$ BEGIN IF NEW.ply = 1 THEN RETURN NULL; END IF; RETURN NEW; END $$; \
                 CREATE TRIGGER skip_first BEFORE INSERT ON moves \
                 FOR EACH ROW EXECUTE FUNCTION skip_first();",
            )
            .await
            .unwrap();
    });
    let dir = tempfile::tempdir().unwrap();
    let (path, made) = source(dir.path());
    let moves = rusqlite::Connection::open(&path)
        .unwrap()
        .query_row("SELECT count(*) FROM moves", [], |r| r.get::<_, i64>(0))
        .unwrap() as u64;

    let failed = copy(
        &Location::File(path),
        &Location::Postgres(db.url().to_owned()),
    );
    let failed = failed.unwrap_err();
    assert!(failed.is_check(), "{failed}");
    match failed {
        CopyError::Count {
            table,
            source_rows,
            target_rows,
        } => {
            assert_eq!(table, "moves");
            assert_eq!(source_rows, moves);
            assert_eq!(target_rows, moves - made.games.len() as u64);
        }
        other => panic!("not a count failure: {other}"),
    }
    assert!(pg_counts(&db).iter().all(|(_, rows)| *rows == 0));
}
