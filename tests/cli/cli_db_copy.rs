//! `focus-bot db copy --from SOURCE --to TARGET` as an operator runs it (issue 34): the summary
//! it prints, its exit statuses (0 done, 1 a database cannot be opened, 3 the check failed, 5
//! the target is not empty), and a PostgreSQL password that never reaches its output.

use std::path::Path;
use std::process::{Command, Output};

use focus_bot::rules::{Color, Rules};
use focus_bot::store::copy::TABLES;
use focus_bot::store::{ColorChoice, GameId, NewChallenge, Store, TimeControl};

use crate::postgres::TestDatabase;

fn db_copy(from: &str, to: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_focus-bot"))
        .args(["db", "copy", "--from", from, "--to", to])
        .env_remove("DATABASE_URL")
        .env_remove("DATABASE_PATH")
        .output()
        .expect("binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// An SQLite file at `path` with one game of three moves: its id.
fn community(path: &Path) -> GameId {
    let mut store = Store::open(path).unwrap();
    let c = store
        .create_challenge(&NewChallenge {
            guild_id: 1,
            channel_id: 2,
            challenger_id: 3,
            opponent_id: Some(4),
            rules: Rules::CLASSIC,
            time_control: TimeControl::Days(3),
            color: ColorChoice::White,
            rated: true,
            start_fpn: None,
            created_at: 1_800_000_000,
            venue: Default::default(),
        })
        .unwrap();
    let game = store
        .accept_challenge(c.id, 4, 1_800_000_060, Color::White)
        .unwrap();
    for i in 0..3 {
        let loaded = store.load_game(game.id).unwrap();
        let mover = loaded.game.player(loaded.position.side_to_move());
        let mv = loaded.position.legal_moves()[0];
        store
            .record_move(game.id, mover, i, mv, 1_800_000_100 + i64::from(i))
            .unwrap();
    }
    game.id
}

/// The summary's lines of the tables, as counted in the SQLite file at `path`.
fn table_lines(path: &Path) -> String {
    let conn = rusqlite::Connection::open(path).unwrap();
    TABLES
        .iter()
        .map(|table| {
            let n: i64 = conn
                .query_row(&format!("SELECT count(*) FROM {table}"), [], |r| r.get(0))
                .unwrap();
            format!("  {table}: {n}\n")
        })
        .collect()
}

/// `stdout` without its last line, `took: <seconds> s`, which is checked.
fn without_took(stdout: &str) -> &str {
    let (rest, last) = stdout.trim_end().rsplit_once('\n').unwrap();
    let seconds = last
        .strip_prefix("took: ")
        .unwrap()
        .strip_suffix(" s")
        .unwrap();
    assert!(seconds.parse::<f64>().unwrap() >= 0.0, "{last}");
    &stdout[..rest.len() + 1]
}

/// The keys of the README's `db copy` example (`# key: value` lines, the table lines
/// left out), which must be what the binary prints; its tables must be the copy's.
fn readme_keys() -> Vec<String> {
    let example: Vec<&str> = include_str!("../../README.md")
        .lines()
        .skip_while(|l| !l.starts_with("focus-bot db copy --from focus.db"))
        .skip(1)
        .take_while(|l| l.starts_with("# ") && !l.starts_with("# 2."))
        .collect();
    assert!(example.len() > 5, "{example:?}");
    for table in example.iter().filter_map(|l| l.strip_prefix("#   ")) {
        let name = table.split(':').next().unwrap();
        assert!(name == "…" || TABLES.contains(&name), "{table}");
    }
    example
        .iter()
        .filter(|l| !l.starts_with("#   "))
        .map(|l| l[2..].split(':').next().unwrap().to_owned())
        .collect()
}

/// The keys of what the binary printed, the table lines left out.
fn keys(stdout: &str) -> Vec<String> {
    stdout
        .lines()
        .filter(|l| !l.starts_with("  "))
        .map(|l| l.split(':').next().unwrap().to_owned())
        .collect()
}

#[test]
fn a_copy_prints_every_table_and_refuses_a_full_target_with_status_5() {
    let dir = tempfile::tempdir().unwrap();
    let (from, to) = (dir.path().join("focus.db"), dir.path().join("copy.db"));
    community(&from);
    let (from_s, to_s) = (from.to_str().unwrap(), to.to_str().unwrap());

    let o = db_copy(from_s, to_s);
    assert_eq!(text(&o.stderr), "");
    assert_eq!(o.status.code(), Some(0));
    let stdout = text(&o.stdout);
    assert_eq!(
        without_took(&stdout),
        format!(
            "copied: {from_s}\ninto: {to_s}\nrows (equal in both):\n{}\
             games replayed to their stored positions: 1\n",
            table_lines(&from)
        )
    );
    assert_eq!(table_lines(&to), table_lines(&from));
    assert!(table_lines(&to).contains("  moves: 3\n"));
    assert_eq!(readme_keys(), keys(&stdout));

    let o = db_copy(from_s, to_s);
    assert_eq!(o.status.code(), Some(5));
    assert_eq!(text(&o.stdout), "");
    assert_eq!(
        text(&o.stderr),
        format!(
            "error: the target {to_s} is not empty: table challenges has 1 row; copy into a new \
             SQLite file or a new PostgreSQL database (CREATE DATABASE …); nothing was changed\n"
        )
    );
}

#[test]
fn a_failed_check_exits_3_and_a_missing_source_1_leaving_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let from = dir.path().join("focus.db");
    let game = community(&from);
    rusqlite::Connection::open(&from)
        .unwrap()
        .execute("UPDATE games SET ply = 2 WHERE id = ?1", [game.0])
        .unwrap();
    let to = dir.path().join("copy.db");

    let o = db_copy(from.to_str().unwrap(), to.to_str().unwrap());
    assert_eq!(o.status.code(), Some(3));
    assert_eq!(text(&o.stdout), "");
    assert_eq!(
        text(&o.stderr),
        format!(
            "error: the check failed: game {game}'s moves do not replay to its stored position (the \
             game says 2 moves were played, but 3 are stored); the target was left as it was\n"
        )
    );
    assert!(!to.exists());

    let missing = dir.path().join("missing.db");
    let o = db_copy(missing.to_str().unwrap(), to.to_str().unwrap());
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        text(&o.stderr),
        format!("error: the source {} does not exist\n", missing.display())
    );
    assert!(!missing.exists() && !to.exists());
}

#[test]
fn a_copy_to_postgres_and_back_never_prints_the_password() {
    let Some(db) = TestDatabase::fresh_blocking("cli_copy") else {
        return;
    };
    // The test cluster trusts every login, so any password is accepted and must stay unseen.
    let url = db.url().replacen("://postgres@", "://postgres:hunter2@", 1);
    assert!(url.contains("hunter2"), "{url}");
    let shown = db.url().replacen("://postgres@", "://postgres:***@", 1);
    let dir = tempfile::tempdir().unwrap();
    let (from, back) = (dir.path().join("focus.db"), dir.path().join("back.db"));
    community(&from);

    let o = db_copy(from.to_str().unwrap(), &url);
    assert_eq!(text(&o.stderr), "");
    assert_eq!(o.status.code(), Some(0));
    let stdout = text(&o.stdout);
    assert!(stdout.contains(&format!("\ninto: {shown}\n")), "{stdout}");
    assert!(!stdout.contains("hunter2"), "{stdout}");

    let o = db_copy(from.to_str().unwrap(), &url);
    assert_eq!(o.status.code(), Some(5));
    let stderr = text(&o.stderr);
    assert!(
        stderr.starts_with(&format!("error: the target {shown} is not empty")),
        "{stderr}"
    );
    assert!(!stderr.contains("hunter2"), "{stderr}");

    let o = db_copy(&url, back.to_str().unwrap());
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(text(&o.stdout).starts_with(&format!("copied: {shown}\n")));
    assert_eq!(table_lines(&back), table_lines(&from));
}
