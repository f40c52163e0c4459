//! Backups (issue 24), in process: a copy made under concurrent writes is the database as it
//! was when the backup started, and checked; the scheduler names its copies by UTC time,
//! prunes only after a copy is checked, keeps `keep`, and counts a failure and goes on.
// Longer than 400 lines: the tests of backups in process share their database under concurrent
// writes.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, mpsc};
use std::thread;
use std::time::{Duration, Instant};

use focus_bot::backups::{self, BackupStats, Schedule, backup_name};
use focus_bot::rules::{Color, Rules};
use focus_bot::service::{Clock, ManualClock};
use focus_bot::store::{
    BackupError, BackupPace, ColorChoice, GameId, NewChallenge, Problem, SCHEMA_VERSION, Store,
    TimeControl, backup, verify,
};
use tokio::sync::watch;

const T0: i64 = 1_796_529_600; // 2026-12-06 04:00:00 UTC
/// Long enough for a loaded 2-core machine; only reached when something is broken.
const WAIT: Duration = Duration::from_secs(60);

/// Starts a game in `channel` between two players of guild 1.
fn new_game(store: &mut Store, channel: u64, now: i64) -> GameId {
    let c = store
        .create_challenge(&NewChallenge {
            guild_id: 1,
            channel_id: channel,
            challenger_id: 10,
            opponent_id: Some(20),
            rules: Rules::CLASSIC,
            time_control: TimeControl::Unlimited,
            color: ColorChoice::White,
            rated: false,
            start_fpn: None,
            created_at: now,
            venue: Default::default(),
        })
        .unwrap();
    store
        .accept_challenge(c.id, 20, now, Color::White)
        .unwrap()
        .id
}

/// Plays the next move of game `id` (the first legal one, or another by `seed`); its ply.
fn play(store: &mut Store, id: GameId, seed: usize, now: i64) -> Option<u32> {
    let loaded = store.load_game(id).unwrap();
    let moves = loaded.position.legal_moves();
    if moves.is_empty() || loaded.game.ply >= 120 {
        return None;
    }
    let mover = loaded.game.player(loaded.position.side_to_move());
    let mv = moves[seed % moves.len()];
    let played = store
        .record_move(id, mover, loaded.game.ply, mv, now)
        .ok()?;
    Some(played.game.ply)
}

/// A database at `path` with `games` games of a few moves each.
fn seeded(path: &Path, games: u64) -> Vec<GameId> {
    let mut store = Store::open(path).unwrap();
    (0..games)
        .map(|g| {
            let id = new_game(&mut store, 100 + g, T0);
            for i in 0..6 {
                play(&mut store, id, i + g as usize, T0 + 1);
            }
            id
        })
        .collect()
}

/// Breaks the b-tree page of table `moves` in the (closed) database at `path`: its page type
/// becomes invalid, which `PRAGMA integrity_check` reports, while the page can still be copied.
pub fn damage(path: &Path) {
    let (root, page_size): (i64, i64) = {
        let conn = rusqlite::Connection::open(path).unwrap();
        let root = conn
            .query_row(
                "SELECT rootpage FROM sqlite_schema WHERE name = 'moves'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        let size = conn
            .pragma_query_value(None, "page_size", |r| r.get(0))
            .unwrap();
        (root, size)
    };
    assert!(root > 1);
    let mut bytes = fs::read(path).unwrap();
    let at = usize::try_from((root - 1) * page_size).unwrap();
    bytes[at] = 0x6f; // not a b-tree page type
    fs::write(path, bytes).unwrap();
}

#[test]
fn a_backup_under_concurrent_writes_is_the_database_at_its_start() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("focus.db");
    let games = seeded(&db, 40);
    let copy = dir.path().join("copy.db");

    // A writer plays moves all the time, and says after each commit how many it made.
    let committed = Arc::new(AtomicU64::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let (ready_tx, ready_rx) = mpsc::channel();
    let writer = {
        let (db, games, committed, stop) =
            (db.clone(), games.clone(), committed.clone(), stop.clone());
        thread::spawn(move || {
            let mut store = Store::open(&db).unwrap();
            let mut acknowledged: Vec<(GameId, u32)> = Vec::new();
            let mut i = 0usize;
            let _ = ready_tx.send(());
            while !stop.load(Ordering::SeqCst) {
                let id = games[i % games.len()];
                if let Some(ply) = play(&mut store, id, i, T0 + 2) {
                    acknowledged.push((id, ply));
                    committed.store(acknowledged.len() as u64, Ordering::SeqCst);
                }
                i += 1;
            }
            acknowledged
        })
    };
    ready_rx.recv().unwrap();
    while committed.load(Ordering::SeqCst) < 20 {
        thread::sleep(Duration::from_millis(1));
    }
    // Slow enough for many commits to land while it copies.
    let pace = BackupPace {
        pages_per_step: 1,
        pause: Duration::from_millis(2),
    };
    let before = committed.load(Ordering::SeqCst);
    let made = backup(&db, &copy, pace, &AtomicBool::new(false)).unwrap();
    let after = committed.load(Ordering::SeqCst);
    stop.store(true, Ordering::SeqCst);
    let acknowledged = writer.join().unwrap();
    eprintln!(
        "{} bytes copied in {:?}; {before} moves committed before, {after} after",
        made.verified.bytes, made.took
    );
    assert!(
        after > before + 5,
        "the writer went on while the copy was made: {before} then {after}"
    );

    // The copy passed its check (integrity, schema version) and says what it holds.
    assert_eq!(made.verified.schema_version, SCHEMA_VERSION);
    assert_eq!(made.verified.games, 40);
    assert_eq!(verify(&copy, Some(SCHEMA_VERSION)).unwrap(), made.verified);
    // Every move committed before the backup started is in it, and the copy is one moment
    // of the database: every game's position is the replay of its moves (load_game checks),
    // and its moves are the first ones of the live game.
    let mut copied = Store::open(&copy).unwrap();
    let live = Store::open(&db).unwrap();
    for &(id, ply) in &acknowledged[..usize::try_from(before).unwrap()] {
        assert!(
            copied.load_game(id).unwrap().game.ply >= ply,
            "game {id:?}: ply {ply} was committed before the backup started"
        );
    }
    let mut missing = 0;
    for &id in &games {
        let game = copied.load_game(id).unwrap();
        let ours = copied.moves(id).unwrap();
        let theirs = live.moves(id).unwrap();
        assert_eq!(ours.len() as u32, game.game.ply);
        assert_eq!(ours[..], theirs[..ours.len()], "game {id:?}");
        missing += theirs.len() - ours.len();
    }
    assert!(missing > 0, "moves committed during the copy are not in it");
    assert_eq!(copied.integrity_check().unwrap(), ["ok"]);
    assert_eq!(
        live.counts().unwrap().moves - copied.counts().unwrap().moves,
        missing as u64
    );
}

#[test]
fn a_copy_that_fails_its_check_is_deleted_and_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("focus.db");
    seeded(&db, 3);
    damage(&db);
    let copy = dir.path().join("copy.db");
    let error = backup(&db, &copy, BackupPace::DEFAULT, &AtomicBool::new(false)).unwrap_err();
    assert!(
        matches!(
            &error,
            BackupError::Check {
                problem: Problem::Damaged { .. },
                ..
            }
        ),
        "{error:?}"
    );
    let text = error.to_string();
    assert!(
        text.starts_with(&format!(
            "the copy {} failed its check and was deleted: it is damaged (",
            copy.display()
        )),
        "{text}"
    );
    assert!(!copy.exists());
    assert!(!dir.path().join("copy.db.partial").exists());
}

/// A scheduler on `db` and a manual clock, running until stopped.
struct Running {
    stats: Arc<BackupStats>,
    clock: ManualClock,
    stop: watch::Sender<bool>,
    task: tokio::task::JoinHandle<()>,
}

impl Running {
    /// The clock at [`T0`].
    fn start(schedule: Schedule, db: &Path) -> Running {
        Running::start_at(schedule, db, T0)
    }

    /// The clock at `t0`.
    fn start_at(schedule: Schedule, db: &Path, t0: i64) -> Running {
        let stats = Arc::new(BackupStats::default());
        let clock = ManualClock::at(t0);
        let (stop, stopped) = watch::channel(false);
        let task = tokio::spawn(backups::run(
            schedule,
            db.to_owned(),
            Arc::new(clock.clone()) as Arc<dyn Clock>,
            stats.clone(),
            stopped,
        ));
        Running {
            stats,
            clock,
            stop,
            task,
        }
    }

    /// Waits until `made` backups were made and `failed` failed.
    async fn counted(&self, made: u64, failed: u64) {
        let deadline = Instant::now() + WAIT;
        while (self.stats.made(), self.stats.failed()) != (made, failed) {
            assert!(
                Instant::now() < deadline,
                "made {} failed {}, not {made} and {failed}",
                self.stats.made(),
                self.stats.failed()
            );
            assert!(
                self.stats.made() <= made && self.stats.failed() <= failed,
                "made {} failed {}, more than {made} and {failed}",
                self.stats.made(),
                self.stats.failed()
            );
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }

    async fn stop(self) {
        self.stop.send(true).unwrap();
        tokio::time::timeout(WAIT, self.task)
            .await
            .expect("the scheduler stops")
            .unwrap();
    }
}

/// The names of the files in `dir`, sorted.
fn files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

fn schedule(dir: PathBuf, keep: usize) -> Schedule {
    Schedule {
        dir,
        every: Duration::from_secs(60),
        keep,
        pace: BackupPace::DEFAULT,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn scheduled_backups_are_named_by_utc_time_and_the_oldest_pruned_beyond_keep() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("league.db");
    seeded(&db, 2);
    let backups = dir.path().join("backups");
    // Another file in the directory is never touched.
    fs::create_dir(&backups).unwrap();
    fs::write(backups.join("notes.txt"), "mine").unwrap();
    let bot = Running::start(schedule(backups.clone(), 2), &db);
    // None yet: the first is made at once, named by the time it started.
    bot.counted(1, 0).await;
    assert_eq!(
        files(&backups),
        ["league-2026-12-06T04-00-00Z.db", "notes.txt"]
    );
    assert_eq!(bot.stats.last_success(), Some(T0));
    assert!(bot.stats.last_bytes() > 0);
    // Not before BACKUP_EVERY.
    bot.clock.advance(59);
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert_eq!(bot.stats.made(), 1);
    bot.clock.advance(1);
    bot.counted(2, 0).await;
    bot.clock.advance(60);
    bot.counted(3, 0).await;
    assert_eq!(bot.stats.last_success(), Some(T0 + 120));
    // Two kept: the first went once the third was checked.
    assert_eq!(
        files(&backups),
        [
            "league-2026-12-06T04-01-00Z.db",
            "league-2026-12-06T04-02-00Z.db",
            "notes.txt"
        ]
    );
    for name in &files(&backups)[..2] {
        assert_eq!(verify(&backups.join(name), None).unwrap().games, 2);
    }
    bot.stop().await;

    // Restarted 30 s later, it waits for BACKUP_EVERY after the newest copy, not for a start.
    let bot = Running::start_at(schedule(backups.clone(), 2), &db, T0 + 150);
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert_eq!(bot.stats.made(), 0);
    bot.clock.advance(30);
    bot.counted(1, 0).await;
    assert_eq!(
        files(&backups)[..2],
        [
            "league-2026-12-06T04-02-00Z.db",
            "league-2026-12-06T04-03-00Z.db"
        ]
    );
    bot.stop().await;
    assert_eq!(
        backup_name("league", T0 + 180),
        "league-2026-12-06T04-03-00Z.db"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nothing_is_pruned_until_a_new_copy_is_checked() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("focus.db");
    seeded(&db, 2);
    let backups = dir.path().join("backups");
    let bot = Running::start(schedule(backups.clone(), 1), &db);
    bot.counted(1, 0).await;
    let first = files(&backups);
    assert_eq!(first, ["focus-2026-12-06T04-00-00Z.db"]);

    // The database breaks: the next copy fails its check, is deleted, and the one good copy
    // stays, although only one is to be kept.
    damage(&db);
    bot.clock.advance(60);
    bot.counted(1, 1).await;
    assert_eq!(files(&backups), first);
    assert_eq!(bot.stats.last_success(), Some(T0));

    // Mended (restored from that copy), the next one is made, and only then the old one goes.
    let restored = focus_bot::store::restore(&db, &backups.join(&first[0])).unwrap();
    assert_eq!(restored.verified.games, 2);
    bot.clock.advance(60);
    bot.counted(2, 1).await;
    assert_eq!(files(&backups), ["focus-2026-12-06T04-02-00Z.db"]);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unwritable_backup_dir_is_counted_and_the_schedule_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("focus.db");
    seeded(&db, 1);
    // A file where the directory should be: it cannot be created or written, even by root.
    let backups = dir.path().join("backups");
    fs::write(&backups, "not a directory").unwrap();
    let bot = Running::start(schedule(backups.clone(), 3), &db);
    bot.counted(0, 1).await;
    bot.clock.advance(60);
    bot.counted(0, 2).await;
    assert_eq!(bot.stats.last_success(), None);
    // The volume comes back: the next turn makes a backup.
    fs::remove_file(&backups).unwrap();
    bot.clock.advance(60);
    bot.counted(1, 2).await;
    assert_eq!(files(&backups), ["focus-2026-12-06T04-02-00Z.db"]);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stopping_cancels_a_backup_under_way_and_leaves_no_partial_copy() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("focus.db");
    seeded(&db, 5);
    let backups = dir.path().join("backups");
    let slow = Schedule {
        pace: BackupPace {
            pages_per_step: 1,
            pause: Duration::from_millis(200),
        },
        ..schedule(backups.clone(), 3)
    };
    // A partial copy of a killed process is cleared by the next backup.
    fs::create_dir(&backups).unwrap();
    fs::write(backups.join("focus-2026-12-05T04-00-00Z.db.partial"), "cut").unwrap();
    fs::write(
        backups.join("focus-2026-12-05T04-00-00Z.db.partial-journal"),
        "cut",
    )
    .unwrap();
    let bot = Running::start(slow, &db);
    let deadline = Instant::now() + WAIT;
    // Copying: its partial copy (and the copy's journal) only.
    while !files(&backups)
        .iter()
        .all(|f| f.starts_with("focus-2026-12-06T04-00-00Z.db.partial"))
        || files(&backups).is_empty()
    {
        assert!(Instant::now() < deadline, "{:?}", files(&backups));
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let asked = Instant::now();
    let stats = bot.stats.clone();
    bot.stop().await;
    assert!(
        asked.elapsed() < Duration::from_secs(5),
        "{:?}",
        asked.elapsed()
    );
    assert_eq!(files(&backups), Vec::<String>::new());
    assert_eq!(
        (stats.made(), stats.failed()),
        (0, 0),
        "a stop is no failure"
    );
}
