//! `store::copy` (issue 34): a community moved from SQLite to PostgreSQL and back to a new
//! SQLite file, equal at every step; new rows after a copy get new numbers; and the failures,
//! which leave the target as it was. The PostgreSQL cases skip without a cluster.

use std::path::{Path, PathBuf};

use focus_bot::rules::Color;
use focus_bot::store::copy::TABLES;
use focus_bot::store::{
    ColorChoice, CopyError, GameId, Location, NewChallenge, Store, TimeControl, copy,
};
use tokio_postgres::Client;

use crate::db_copy_community::{self as community, ALICE, BOB, CHANNEL, GUILD, T0, counts, dump};
use crate::postgres::TestDatabase;

// Finished games in bulk, as the benchmarks make them: for the figure of a sizeable copy.
#[path = "../../benches/support/mod.rs"]
mod history;

/// An SQLite file holding the community, in `dir`.
pub fn source(dir: &Path) -> (PathBuf, community::Community) {
    let path = dir.join("source.db");
    let mut store = Store::open(&path).unwrap();
    let made = community::build(&mut store);
    (path, made)
}

/// Rows of every table of the PostgreSQL database `db`, by a client of its own.
pub fn pg_counts(db: &TestDatabase) -> Vec<(&'static str, u64)> {
    on_runtime(async {
        let client: Client = db.connect().await;
        let mut found = Vec::new();
        for table in TABLES {
            let row = client
                .query_opt(
                    "SELECT 1 FROM information_schema.tables WHERE table_name = $1",
                    &[&table],
                )
                .await
                .unwrap();
            let rows: i64 = match row {
                Some(_) => client
                    .query_one(&format!("SELECT count(*) FROM {table}"), &[])
                    .await
                    .unwrap()
                    .get(0),
                None => 0,
            };
            found.push((table, rows as u64));
        }
        found
    })
}

pub fn on_runtime<T>(work: impl std::future::Future<Output = T>) -> T {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(work)
}

/// A new challenge and game in `store`: their numbers follow the largest copied ones.
fn add_after_copy(store: &mut Store, largest_game: GameId) {
    let c = store
        .create_challenge(&NewChallenge {
            guild_id: GUILD,
            channel_id: CHANNEL + 500,
            challenger_id: ALICE,
            opponent_id: Some(BOB),
            rules: focus_bot::rules::Rules::CLASSIC,
            time_control: TimeControl::Days(1),
            color: ColorChoice::White,
            rated: false,
            start_fpn: None,
            created_at: T0 + 10_000,
            venue: Default::default(),
        })
        .unwrap();
    let game = store
        .accept_challenge(c.id, BOB, T0 + 10_001, Color::White)
        .unwrap();
    assert_eq!(game.id, GameId(largest_game.0 + 1));
    community::play(store, game.id, 1, T0 + 10_002);
    assert_eq!(store.load_game(game.id).unwrap().game.ply, 1);
}

#[test]
fn a_community_goes_to_postgres_and_back_unchanged() {
    let Some(db) = TestDatabase::fresh_blocking("copy_round_trip") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let (path, made) = source(dir.path());
    let before = dump(&path);
    assert!(
        before.iter().all(|(_, rows)| !rows.is_empty()),
        "every table has rows, so the order of the foreign keys is tested: {:?}",
        counts(&before)
    );
    let postgres = Location::Postgres(db.url().to_owned());

    let there = copy(&Location::File(path.clone()), &postgres).unwrap();
    assert_eq!(there.tables, counts(&before));
    assert_eq!(there.games_replayed, made.games.len() as u64);
    assert_eq!(pg_counts(&db), counts(&before));
    let mut original = Store::open(&path).unwrap();
    let mut copied = Store::open_postgres(db.url()).unwrap();
    community::assert_same(&mut original, &mut copied, &made);

    let back_path = dir.path().join("back.db");
    let back = copy(&postgres, &Location::File(back_path.clone())).unwrap();
    assert_eq!(back.tables, counts(&before));
    assert_eq!(dump(&back_path), before, "the round trip changes no value");
    let mut returned = Store::open(&back_path).unwrap();
    community::assert_same(&mut original, &mut returned, &made);

    // New rows get new numbers on both, after the largest copied.
    let largest = *made.games.iter().max().unwrap();
    add_after_copy(&mut copied, largest);
    add_after_copy(&mut returned, largest);
    // The source was only read.
    assert_eq!(dump(&path), before);
}

#[test]
fn a_non_empty_postgres_target_is_refused_untouched() {
    let Some(db) = TestDatabase::fresh_blocking("copy_not_empty") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let (path, made) = source(dir.path());
    let postgres = Location::Postgres(db.url().to_owned());
    copy(&Location::File(path.clone()), &postgres).unwrap();
    let full = pg_counts(&db);
    assert_eq!(full[0].0, "challenges");

    let again = copy(&Location::File(path.clone()), &postgres).unwrap_err();
    assert!(again.is_not_empty(), "{again}");
    assert!(
        again.to_string().starts_with(&format!(
            "the target {postgres} is not empty: table challenges has {} rows;",
            full[0].1
        )),
        "{again}"
    );
    assert_eq!(pg_counts(&db), full);
    let mut original = Store::open(&path).unwrap();
    let mut copied = Store::open_postgres(db.url()).unwrap();
    community::assert_same(&mut original, &mut copied, &made);
}

/// Makes game `id`'s stored position differ from its moves, behind the store's back.
fn corrupt(path: &Path, id: GameId) {
    let conn = rusqlite::Connection::open(path).unwrap();
    let changed = conn
        .execute(
            "UPDATE games SET fpn = (SELECT fpn FROM games WHERE id <> ?1 ORDER BY id LIMIT 1) \
             WHERE id = ?1",
            [id.0],
        )
        .unwrap();
    assert_eq!(changed, 1);
}

#[test]
fn a_game_that_does_not_replay_stops_the_copy_to_postgres() {
    let Some(db) = TestDatabase::fresh_blocking("copy_replay") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let (path, made) = source(dir.path());
    let bad = made.games[1];
    corrupt(&path, bad);
    let postgres = Location::Postgres(db.url().to_owned());

    let failed = copy(&Location::File(path), &postgres).unwrap_err();
    assert!(failed.is_check(), "{failed}");
    match &failed {
        CopyError::Replay { id, detail } => {
            assert_eq!(*id, bad);
            assert!(detail.starts_with("stored `"), "{detail}");
        }
        other => panic!("not a replay failure: {other}"),
    }
    assert!(
        failed
            .to_string()
            .ends_with("the target was left as it was"),
        "{failed}"
    );
    assert!(pg_counts(&db).iter().all(|(_, rows)| *rows == 0));
    // The next attempt into the same database finds it empty.
    let second = dir.path().join("second");
    std::fs::create_dir(&second).unwrap();
    let (healthy, _) = source(&second);
    let ok = copy(&Location::File(healthy), &postgres);
    assert!(ok.is_ok(), "{ok:?}");
}

#[test]
fn sqlite_to_sqlite_copies_every_row_and_a_failure_leaves_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let (path, made) = source(dir.path());
    let before = dump(&path);
    let target = dir.path().join("copy.db");
    let done = copy(
        &Location::File(path.clone()),
        &Location::File(target.clone()),
    )
    .unwrap();
    assert_eq!(done.tables, counts(&before));
    assert_eq!(done.games_replayed, 4);
    assert_eq!(dump(&target), before);

    // Into a file with rows: refused, and the file is as it was.
    let refused = copy(
        &Location::File(path.clone()),
        &Location::File(target.clone()),
    );
    let refused = refused.unwrap_err();
    assert!(refused.is_not_empty() && !refused.is_check(), "{refused}");
    assert_eq!(dump(&target), before);

    // A game whose position is not its moves': the check fails, and the new file is gone.
    corrupt(&path, made.games[0]);
    let never = dir.path().join("never.db");
    let failed = copy(
        &Location::File(path.clone()),
        &Location::File(never.clone()),
    );
    let failed = failed.unwrap_err();
    assert!(
        matches!(failed, CopyError::Replay { id, .. } if id == made.games[0]),
        "{failed}"
    );
    for suffix in ["", "-wal", "-shm"] {
        let file = PathBuf::from(format!("{}{suffix}", never.display()));
        assert!(!file.exists(), "{} is left", file.display());
    }
}

#[test]
fn a_missing_source_or_the_same_database_is_refused_before_anything() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.db");
    let target = dir.path().join("target.db");
    let e = copy(
        &Location::File(missing.clone()),
        &Location::File(target.clone()),
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        format!("the source {} does not exist", missing.display())
    );
    assert!(!missing.exists() && !target.exists());

    let (path, _) = source(dir.path());
    let e = copy(&Location::File(path.clone()), &Location::File(path.clone())).unwrap_err();
    assert!(matches!(e, CopyError::SameDatabase(_)), "{e}");
}

/// The figure of a sizeable community: 1,716 finished games of 60 moves (102,960 moves) copied
/// from SQLite to PostgreSQL (when a cluster is set) and to SQLite, each with its checks. Run
/// with `cargo test --test backend db_copy::sizeable -- --ignored --nocapture`.
#[test]
#[ignore = "a figure for the README: builds about 100,000 moves first"]
fn sizeable_community_copies_in_seconds() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.db");
    let mut store = Store::open(&path).unwrap();
    let players: Vec<u64> = (1..=200).map(|i| 1_000 + i).collect();
    let built = history::add_finished_games(
        &mut store,
        &path,
        &history::History {
            guild_id: GUILD,
            games: 1_700,
            players: &players,
            channels: &[CHANNEL, CHANNEL + 1, CHANNEL + 2],
            first_thread: 800_000_000_000_000_000,
            before: T0,
        },
    );
    drop(store);
    eprintln!("built in {built:.1} s");
    let moves = |tables: &[(&str, u64)]| tables.iter().find(|(t, _)| *t == "moves").unwrap().1;
    let from = Location::File(path);
    let into = Location::File(dir.path().join("copy.db"));
    let done = copy(&from, &into).unwrap();
    assert_eq!(moves(&done.tables), 1_716 * 60);
    assert_eq!(done.games_replayed, 1_716);
    eprintln!(
        "SQLite to SQLite: {:?} in {:.2} s",
        done.tables,
        done.took.as_secs_f64()
    );
    let Some(db) = TestDatabase::fresh_blocking("copy_sizeable") else {
        return;
    };
    let postgres = Location::Postgres(db.url().to_owned());
    let done = copy(&from, &postgres).unwrap();
    assert_eq!(moves(&done.tables), 1_716 * 60);
    eprintln!("SQLite to PostgreSQL: {:.2} s", done.took.as_secs_f64());
    let back = copy(&postgres, &Location::File(dir.path().join("back.db"))).unwrap();
    assert_eq!(back.tables, done.tables);
    eprintln!("PostgreSQL to SQLite: {:.2} s", back.took.as_secs_f64());
}

/// The source stays live: a writer adds games and moves all through the copy, which reads one
/// snapshot, so its counts agree and every game it copied replays (without the snapshot, a
/// game's moves could be read after its row changed). What came after the snapshot is simply
/// not in the copy.
#[test]
fn a_copy_reads_one_snapshot_while_the_bot_writes() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

    let dir = tempfile::tempdir().unwrap();
    let (path, _) = source(dir.path());
    let stop = Arc::new(AtomicBool::new(false));
    let written = Arc::new(AtomicU64::new(0));
    let writer = {
        let (path, stop, written) = (path.clone(), stop.clone(), written.clone());
        std::thread::spawn(move || {
            let mut store = Store::open(&path).unwrap();
            let mut channel = CHANNEL + 1_000;
            while !stop.load(Ordering::Relaxed) {
                channel += 1;
                let c = store
                    .create_challenge(&NewChallenge {
                        guild_id: GUILD,
                        channel_id: channel,
                        challenger_id: ALICE,
                        opponent_id: Some(BOB),
                        rules: focus_bot::rules::Rules::CLASSIC,
                        time_control: TimeControl::Days(1),
                        color: ColorChoice::White,
                        rated: false,
                        start_fpn: None,
                        created_at: T0,
                        venue: Default::default(),
                    })
                    .unwrap();
                let game = store.accept_challenge(c.id, BOB, T0, Color::White).unwrap();
                community::play(&mut store, game.id, 2, T0 + 1);
                written.fetch_add(1, Ordering::Relaxed);
            }
        })
    };
    let wait_for = |n: u64| {
        while written.load(Ordering::Relaxed) < n {
            std::thread::yield_now();
        }
    };
    wait_for(20);
    // Each copy is checked; a copy that happened to see no write while it ran (a busy
    // machine can pause the writer) is tried again, into a new file, a few times.
    let mut overlapped = 0;
    let mut copies = Vec::new();
    for attempt in 0..5 {
        let target = dir.path().join(format!("copy{attempt}.db"));
        let before = written.load(Ordering::Relaxed);
        let copied = copy(
            &Location::File(path.clone()),
            &Location::File(target.clone()),
        );
        let after = written.load(Ordering::Relaxed);
        copies.push((target, copied));
        if after > before {
            overlapped += 1;
            break;
        }
    }
    // Games added after every copy ended, so surely after its snapshot.
    wait_for(written.load(Ordering::Relaxed) + 2);
    stop.store(true, Ordering::Relaxed);
    writer.join().unwrap();
    assert_eq!(overlapped, 1, "the writer wrote during one of the copies");
    let games = |p: &Path| Store::open(p).unwrap().counts().unwrap().games;
    for (target, copied) in copies {
        let copied = copied.unwrap();
        assert_eq!(copied.tables, counts(&dump(&target)));
        assert_eq!(copied.games_replayed, games(&target));
        assert!(games(&target) < games(&path), "later games stay behind");
    }
}
