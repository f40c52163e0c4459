//! `focus-bot db backup` and `db restore` (issue 24), as a user runs them: a checked copy; a
//! restore that keeps the current file (and its log) aside and says what it restored; refusals
//! in one line that change nothing (a damaged or too new backup, a running bot or console);
//! and a running bot whose backup directory fails goes on.
// Longer than 400 lines: the tests of `db backup` and `db restore` share their databases and their
// runs of the binary.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use focus_bot::rules::Color;
use focus_bot::store::{ColorChoice, GameId, NewChallenge, SCHEMA_VERSION, Store, TimeControl};

use super::clean_stop::{Running, nowhere, wal};

/// `focus-bot db ARGS…` in `dir`, DATABASE_PATH unset.
fn db(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_focus-bot"))
        .arg("db")
        .args(args)
        .current_dir(dir)
        .env_remove("DATABASE_PATH")
        .output()
        .expect("binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// `path` with `suffix` appended to its name.
fn with(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// Starts a game in `channel` between players 10 and 20 of guild 1 and plays `moves` moves.
fn game(store: &mut Store, channel: u64, moves: usize) -> GameId {
    let c = store
        .create_challenge(&NewChallenge {
            guild_id: 1,
            channel_id: channel,
            challenger_id: 10,
            opponent_id: Some(20),
            rules: focus_bot::rules::Rules::CLASSIC,
            time_control: TimeControl::Unlimited,
            color: ColorChoice::White,
            rated: false,
            start_fpn: None,
            created_at: 0,
            venue: Default::default(),
        })
        .unwrap();
    let id = store
        .accept_challenge(c.id, 20, 1, Color::White)
        .unwrap()
        .id;
    for i in 0..moves {
        let loaded = store.load_game(id).unwrap();
        let mover = loaded.game.player(loaded.position.side_to_move());
        let mv = loaded.position.legal_moves()[i % 3];
        store
            .record_move(id, mover, loaded.game.ply, mv, 2)
            .unwrap();
    }
    id
}

/// Breaks the b-tree page of table `moves` of the (closed) database at `path`.
fn damage(path: &Path) {
    let conn = rusqlite::Connection::open(path).unwrap();
    let root: i64 = conn
        .query_row(
            "SELECT rootpage FROM sqlite_schema WHERE name = 'moves'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    let size: i64 = conn
        .pragma_query_value(None, "page_size", |r| r.get(0))
        .unwrap();
    drop(conn);
    let mut bytes = fs::read(path).unwrap();
    bytes[usize::try_from((root - 1) * size).unwrap()] = 0x6f;
    fs::write(path, bytes).unwrap();
}

/// SQL that takes a database of schema 14 back to schema 13 (as `tests/backend` has it).
const UNDO_14: &str = "
    DROP TABLE held_notices;
    ALTER TABLE games DROP COLUMN venue;
    ALTER TABLE challenges DROP COLUMN venue;
    PRAGMA user_version = 13;";

#[test]
fn a_backup_restores_and_the_current_file_with_its_log_is_kept_aside() {
    let dir = tempfile::tempdir().unwrap();
    let live = dir.path().join("focus.db");
    {
        let mut store = Store::open(&live).unwrap();
        game(&mut store, 1, 5);
        game(&mut store, 2, 3);
    }
    let o = db(dir.path(), &["--db", "focus.db", "backup", "copy.db"]);
    assert_eq!(text(&o.stderr), "");
    assert_eq!(o.status.code(), Some(0));
    let out = text(&o.stdout);
    assert!(
        out.starts_with(&format!(
            "backup: copy.db\ndatabase: focus.db\nschema version: {SCHEMA_VERSION}\n\
             integrity: ok\ngames: 2 (2 in play)\nmoves: 8\nplayers: 0\nsize: "
        )),
        "{out}"
    );
    assert!(
        out.contains(" bytes\ntook: ") && out.ends_with(" s\n"),
        "{out}"
    );
    assert!(!dir.path().join("copy.db.partial").exists());

    // The bot goes on, then dies (SIGKILL): a third game is only in the log beside the file.
    // Its files are copied while the writer still has them open, as a killed bot leaves them.
    let crashed = dir.path().join("crashed");
    fs::create_dir(&crashed).unwrap();
    {
        let mut store = Store::open(&live).unwrap();
        game(&mut store, 3, 4);
        assert!(wal(&live).exists());
        fs::copy(&live, crashed.join("focus.db")).unwrap();
        fs::copy(wal(&live), crashed.join("focus.db-wal")).unwrap();
    }
    let target = crashed.join("focus.db");
    let o = db(
        dir.path(),
        &["restore", "--db", target.to_str().unwrap(), "copy.db"],
    );
    assert_eq!(text(&o.stderr), "");
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        text(&o.stdout),
        format!(
            "restored: copy.db\ndatabase: {}\nschema version: {SCHEMA_VERSION}\n\
             games: 2 (2 in play)\nmoves: 8\nplayers: 0\nprevious database kept as: {}\n",
            target.display(),
            with(&target, ".before-restore").display()
        )
    );
    // The old file kept with its log (its third game readable), nothing of it beside the new.
    assert!(!wal(&target).exists() && !with(&target, "-shm").exists());
    assert!(with(&target, ".before-restore-wal").exists());
    assert!(!with(&target, ".restoring").exists());
    assert_eq!(
        Store::open(with(&target, ".before-restore"))
            .unwrap()
            .counts()
            .unwrap()
            .games,
        3
    );
    let o = db(&crashed, &["--db", "focus.db"]);
    assert!(text(&o.stdout).contains("integrity: ok\ngames: 2 (2 in play)\nmoves: 8\n"));

    // A second restore replaces the kept file, and no stale log is read with the new one.
    let o = db(&crashed, &["--db", "focus.db", "restore", "../copy.db"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(!with(&target, ".before-restore-wal").exists());
    assert_eq!(
        Store::open(with(&target, ".before-restore"))
            .unwrap()
            .counts()
            .unwrap()
            .games,
        2
    );
}

#[test]
fn a_backup_of_an_older_schema_restores_and_is_brought_up_to_date_on_opening() {
    let dir = tempfile::tempdir().unwrap();
    let old = dir.path().join("old.db");
    {
        let mut store = Store::open(&old).unwrap();
        game(&mut store, 1, 2);
    }
    rusqlite::Connection::open(&old)
        .unwrap()
        .execute_batch(UNDO_14)
        .unwrap();
    let o = db(dir.path(), &["--db", "new.db", "restore", "old.db"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert_eq!(
        text(&o.stdout),
        format!(
            "restored: old.db\ndatabase: new.db\nschema version: 13 (focus-bot brings it to \
             {SCHEMA_VERSION} when it next opens it)\ngames: 1 (1 in play)\nmoves: 2\n\
             players: 0\nprevious database kept as: none\n"
        )
    );
    let store = Store::open(dir.path().join("new.db")).unwrap();
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    assert_eq!(store.counts().unwrap().moves, 2);
}

#[test]
fn a_damaged_too_new_or_foreign_backup_is_refused_in_one_line_and_nothing_changes() {
    let dir = tempfile::tempdir().unwrap();
    let live = dir.path().join("focus.db");
    {
        let mut store = Store::open(&live).unwrap();
        game(&mut store, 1, 3);
    }
    let good = dir.path().join("good.db");
    assert!(
        db(dir.path(), &["backup", "--db", "focus.db", "good.db"])
            .status
            .success()
    );

    let damaged = dir.path().join("damaged.db");
    fs::copy(&good, &damaged).unwrap();
    damage(&damaged);
    let newer = dir.path().join("newer.db");
    fs::copy(&good, &newer).unwrap();
    rusqlite::Connection::open(&newer)
        .unwrap()
        .pragma_update(None, "user_version", SCHEMA_VERSION + 1)
        .unwrap();
    let foreign = dir.path().join("foreign.db");
    rusqlite::Connection::open(&foreign)
        .unwrap()
        .execute_batch("CREATE TABLE t (x); PRAGMA user_version = 3;")
        .unwrap();
    fs::write(dir.path().join("notes.db"), "not a database ".repeat(300)).unwrap();

    let before = fs::read(&live).unwrap();
    let files = |dir: &Path| {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        names
    };
    // The lock file beside the database (empty, made by the first restore) is all that is new.
    let mut listing = files(dir.path());
    listing.insert(2, "focus.db.lock".to_owned());
    for (file, code, why) in [
        ("damaged.db", 3, "it is damaged ("),
        (
            "newer.db",
            3,
            &*format!(
                "it has schema version {}, but this focus-bot knows only up to {SCHEMA_VERSION}",
                SCHEMA_VERSION + 1
            ),
        ),
        ("foreign.db", 3, "it is not a focus-bot database"),
        (
            "notes.db",
            3,
            "SQLite cannot read it (file is not a database)",
        ),
        ("missing.db", 1, "No such file or directory"),
    ] {
        let o = db(dir.path(), &["--db", "focus.db", "restore", file]);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(code), "{file}: {err}");
        assert_eq!(err.lines().count(), 1, "{file}: {err}");
        assert!(err.contains(why), "{file}: {err}");
        if code == 3 {
            assert!(
                err.starts_with(&format!(
                    "error: the backup {file} cannot be restored, so nothing was changed: "
                )),
                "{err}"
            );
        }
        assert_eq!(text(&o.stdout), "");
        assert_eq!(fs::read(&live).unwrap(), before, "{file}");
        assert_eq!(files(dir.path()), listing, "{file}");
    }
}

#[test]
fn a_backup_of_a_damaged_database_is_deleted_and_said_so() {
    let dir = tempfile::tempdir().unwrap();
    let live = dir.path().join("focus.db");
    {
        let mut store = Store::open(&live).unwrap();
        game(&mut store, 1, 3);
    }
    damage(&live);
    let o = db(dir.path(), &["--db", "focus.db", "backup", "copy.db"]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with(
            "error: the copy copy.db failed its check and was deleted: it is damaged ("
        ),
        "{err}"
    );
    assert!(!dir.path().join("copy.db").exists());
    assert!(!dir.path().join("copy.db.partial").exists());
    // Nowhere to write: one line, status 1.
    let o = db(
        dir.path(),
        &["--db", "focus.db", "backup", "no/such/dir/copy.db"],
    );
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        text(&o.stderr),
        "error: cannot write the copy no/such/dir/copy.db: unable to open database file\n"
    );
}

#[test]
fn restore_is_refused_while_a_bot_or_a_console_runs_on_the_database() {
    let dir = tempfile::tempdir().unwrap();
    let live = dir.path().join("focus.db");
    {
        let mut store = Store::open(&live).unwrap();
        game(&mut store, 1, 3);
    }
    assert!(
        db(dir.path(), &["backup", "--db", "focus.db", "copy.db"])
            .status
            .success()
    );
    let refused = "error: a focus-bot is running on focus.db (it holds focus.db.lock): stop it \
                   before restoring; nothing was changed\n";

    let bot = Running::start(
        dir.path(),
        &[],
        &[
            ("DISCORD_TOKEN", "fake-bot-token".to_owned()),
            ("DATABASE_PATH", "focus.db".to_owned()),
            ("DISCORD_API_BASE", nowhere()),
        ],
    );
    // Running: the database is open and its lock held; Discord is being tried.
    bot.wait_for("cannot reach Discord: retrying");
    let o = db(dir.path(), &["--db", "focus.db", "restore", "copy.db"]);
    assert_eq!(o.status.code(), Some(4));
    assert_eq!(text(&o.stderr), refused);
    assert!(!with(&live, ".before-restore").exists());
    assert_eq!(bot.stop_with("TERM").code(), Some(0));

    let mut console = Running::start(dir.path(), &["console", "--db", "focus.db"], &[]);
    {
        use std::io::Write;
        let stdin = console.stdin.as_mut().unwrap();
        stdin
            .write_all(b"alice: /focus challenge opponent:bob\n")
            .unwrap();
        stdin.flush().unwrap();
    }
    console.wait_for("challenges @bob");
    let o = db(dir.path(), &["--db", "focus.db", "restore", "copy.db"]);
    assert_eq!(o.status.code(), Some(4));
    assert_eq!(text(&o.stderr), refused);
    assert_eq!(console.stop_with("TERM").code(), Some(0));

    // Stopped: the restore goes through.
    let o = db(dir.path(), &["--db", "focus.db", "restore", "copy.db"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(with(&live, ".before-restore").exists());
}

#[test]
fn a_failing_backup_dir_is_logged_and_the_bot_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    // A file where the directory should be: no backup can be written there, even by root.
    fs::write(dir.path().join("backups"), "not a directory").unwrap();
    let bot = Running::start(
        dir.path(),
        &[],
        &[
            ("DISCORD_TOKEN", "fake-bot-token".to_owned()),
            ("DATABASE_PATH", "focus.db".to_owned()),
            ("DISCORD_API_BASE", nowhere()),
            ("BACKUP_DIR", "backups".to_owned()),
            ("BACKUP_EVERY", "1s".to_owned()),
        ],
    );
    let deadline = Instant::now() + Duration::from_secs(40);
    while bot.output().matches("backup failed").count() < 2 {
        assert!(Instant::now() < deadline, "{}", bot.output());
        std::thread::sleep(Duration::from_millis(20));
    }
    let output = bot.output();
    let line = output
        .lines()
        .find(|l| l.contains("backup failed"))
        .unwrap();
    assert!(line.contains(" ERROR "), "{line}");
    assert!(
        line.contains("cannot use the backup directory backups"),
        "{line}"
    );
    assert!(line.contains("failures=1"), "{line}");
    assert_eq!(bot.stop_with("TERM").code(), Some(0));
    assert!(!wal(&dir.path().join("focus.db")).exists());

    // A malformed setting stops it at once, in one line, as the other settings do.
    let o = Command::new(env!("CARGO_BIN_EXE_focus-bot"))
        .current_dir(dir.path())
        .env("DISCORD_TOKEN", "fake-bot-token")
        .env("BACKUP_EVERY", "6")
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        text(&o.stderr),
        "error: BACKUP_EVERY must be a duration such as 6h, 30m, 1d or 1h30m (units s, m, h, \
         d; from 1s to 366d), not `6`\n"
    );
}

/// The keys of the `# key: value` lines after the line of `command` in a README's example.
fn example_keys(readme: &str, command: &str) -> Vec<String> {
    readme
        .lines()
        .skip_while(|l| !l.starts_with(command))
        .skip(1)
        .take_while(|l| l.starts_with("# "))
        .map(|l| l[2..].split(':').next().unwrap().to_owned())
        .collect()
}

/// The keys of what the binary printed.
fn printed_keys(out: &Output) -> Vec<String> {
    text(&out.stdout)
        .lines()
        .map(|l| l.split(':').next().unwrap().to_owned())
        .collect()
}

#[test]
fn the_readmes_show_what_backup_and_restore_print_and_the_settings() {
    use focus_bot::backups::{DEFAULT_EVERY, DEFAULT_KEEP, parse_duration};
    let dir = tempfile::tempdir().unwrap();
    Store::open(dir.path().join("focus.db")).unwrap();
    let backup = db(dir.path(), &["backup", "copy.db"]);
    let restore = db(dir.path(), &["restore", "copy.db"]);
    assert!(backup.status.success() && restore.status.success());
    assert_eq!(parse_duration("6h"), Some(DEFAULT_EVERY));
    assert_eq!(DEFAULT_KEEP, 28);
    for readme in [
        include_str!("../../README.md"),
        include_str!("../../README.ru.md"),
    ] {
        assert_eq!(
            example_keys(readme, "focus-bot db backup /srv/"),
            printed_keys(&backup)
        );
        assert_eq!(
            example_keys(readme, "focus-bot db restore /srv/"),
            printed_keys(&restore)
        );
        for row in [
            "| `BACKUP_DIR` |",
            "| `BACKUP_EVERY` |",
            "`6h`",
            "| `BACKUP_KEEP` |",
            "litestream replicate -config docs/litestream.yml -exec \"focus-bot\"",
        ] {
            assert!(readme.contains(row), "{row}");
        }
    }
    let env = include_str!("../../.env.example");
    for line in ["# BACKUP_DIR=", "# BACKUP_EVERY=6h", "# BACKUP_KEEP=28"] {
        assert!(env.contains(line), "{line}");
    }
    assert!(include_str!("../../docs/litestream.yml").contains("-exec \"focus-bot\""));
}
