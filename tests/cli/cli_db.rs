//! `focus-bot db`: opening, migrating, checking and counting the database, as a user runs it.

use std::process::{Command, Output};

use focus_bot::rules::Color;
use focus_bot::store::{ColorChoice, NewChallenge, SCHEMA_VERSION, Store, TimeControl};

fn focus_bot_db(args: &[&str], database_path: Option<&str>, dir: &std::path::Path) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_focus-bot"));
    cmd.arg("db").args(args).current_dir(dir);
    match database_path {
        Some(p) => cmd.env("DATABASE_PATH", p),
        None => cmd.env_remove("DATABASE_PATH"),
    };
    cmd.output().expect("binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

#[test]
fn db_creates_migrates_and_counts() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.db");
    {
        let mut store = Store::open(&path).unwrap();
        let c = store
            .create_challenge(&NewChallenge {
                guild_id: 1,
                channel_id: 2,
                challenger_id: 3,
                opponent_id: None,
                rules: "swap+mirror".parse().unwrap(),
                time_control: TimeControl::Unlimited,
                color: ColorChoice::Random,
                rated: false,
                start_fpn: None,
                created_at: 0,
                venue: Default::default(),
            })
            .unwrap();
        let g = store.accept_challenge(c.id, 4, 5, Color::White).unwrap();
        let pos = store.load_game(g.id).unwrap().position;
        let mover = g.player(pos.side_to_move());
        store
            .record_move(g.id, mover, 0, pos.legal_moves()[0], 6)
            .unwrap();
    }
    let o = focus_bot_db(&["--db", path.to_str().unwrap()], None, dir.path());
    assert_eq!(text(&o.stderr), "");
    assert!(o.status.success());
    assert_eq!(
        text(&o.stdout),
        format!(
            "database: {}\nschema version: {SCHEMA_VERSION}\nintegrity: ok\ngames: 1 (1 in play)\n\
             moves: 1\nchallenges: 1\nplayers: 0\nnotices waiting: 0\n",
            path.display()
        )
    );
}

#[test]
fn db_takes_the_path_from_the_option_then_the_environment_then_the_default() {
    let dir = tempfile::tempdir().unwrap();
    let o = focus_bot_db(&[], None, dir.path());
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(text(&o.stdout).starts_with(&format!(
        "database: focus.db\nschema version: {SCHEMA_VERSION}\n"
    )));
    assert!(dir.path().join("focus.db").exists());

    let o = focus_bot_db(&[], Some("from-env.db"), dir.path());
    assert!(text(&o.stdout).starts_with("database: from-env.db\n"));
    assert!(dir.path().join("from-env.db").exists());

    let o = focus_bot_db(&[], Some(""), dir.path());
    assert!(
        text(&o.stdout).starts_with("database: focus.db\n"),
        "empty counts as unset"
    );

    let o = focus_bot_db(&["--db", "from-option.db"], Some("from-env.db"), dir.path());
    assert!(text(&o.stdout).starts_with("database: from-option.db\n"));
    assert!(dir.path().join("from-option.db").exists());
}

#[test]
fn db_reports_an_unusable_path_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no-such-dir/focus.db");
    let o = focus_bot_db(&["--db", missing.to_str().unwrap()], None, dir.path());
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(text(&o.stdout), "");
    assert_eq!(
        text(&o.stderr),
        format!(
            "error: cannot open the database {}: unable to open database file\n",
            missing.display()
        )
    );

    // A directory, through the environment.
    let o = focus_bot_db(&[], Some(dir.path().to_str().unwrap()), dir.path());
    assert_eq!(o.status.code(), Some(1));
    let err = text(&o.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with(&format!(
            "error: cannot open the database {}: ",
            dir.path().display()
        )),
        "{err}"
    );

    let junk = dir.path().join("notes.txt");
    std::fs::write(&junk, "not a database ".repeat(100)).unwrap();
    let o = focus_bot_db(&["--db", junk.to_str().unwrap()], None, dir.path());
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        text(&o.stderr),
        format!(
            "error: cannot open the database {}: file is not a database\n",
            junk.display()
        )
    );
}

#[test]
fn db_refuses_a_newer_database_in_one_line_and_leaves_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("future.db");
    rusqlite::Connection::open(&path)
        .unwrap()
        .execute_batch(&format!(
            "CREATE TABLE t (x INTEGER); PRAGMA user_version = {};",
            SCHEMA_VERSION + 1
        ))
        .unwrap();
    let before = std::fs::read(&path).unwrap();
    let o = focus_bot_db(&["--db", path.to_str().unwrap()], None, dir.path());
    assert_eq!(o.status.code(), Some(1));
    let err = text(&o.stderr);
    assert_eq!(err.lines().count(), 1);
    assert!(
        err.contains(&format!(
            "has schema version {}, but this focus-bot knows only up to {SCHEMA_VERSION}",
            SCHEMA_VERSION + 1
        )),
        "{err}"
    );
    assert_eq!(std::fs::read(&path).unwrap(), before);
}
