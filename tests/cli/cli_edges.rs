//! The edges of the command line a new user hit (issue 32): a reader that stops early, the
//! engine's `stop` and `quit` and its limits, records with a byte-order mark or without
//! moves, a console output folder that cannot be made, the README's `db` example and the one
//! name of the language option.
// Longer than 400 lines: the tests of the command line's edges share their runs of the binary.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::bin::focus_bot;

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// Runs `focus-bot args` in `dir` with `stdin`, its standard output a pipe whose reader has
/// gone before the command starts: every write to it fails as `| head` makes it fail, every
/// time, whatever the command prints and whenever.
fn with_closed_output(dir: &Path, args: &[&str], stdin: &str) -> Output {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let mut child = Command::new(env!("CARGO_BIN_EXE_focus-bot"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(writer)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A command that does not read its input may be gone already.
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    child.wait_with_output().unwrap()
}

/// An 80-ply game from the start, each move picked by a fixed rule: a long analysis.
fn long_record() -> String {
    use focus_bot::rules::{Outcome, Position};
    let mut pos = Position::start();
    let mut moves = Vec::new();
    for i in 0..80 {
        if pos.outcome() != Outcome::Ongoing {
            break;
        }
        let legal = pos.legal_moves();
        let mv = legal[(i * 7 + 3) % legal.len()];
        pos.play(mv).unwrap();
        moves.push(mv.to_string());
    }
    moves.join(" ")
}

#[test]
fn a_reader_that_stops_early_ends_every_command_quietly() {
    let dir = tempfile::tempdir().unwrap();
    let trf = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pairing/rr4.trf");
    let long = long_record();
    let cases: [(&[&str], &str); 10] = [
        (&["replay"], "1. c4-d4 f5-e5"),
        (&["analysis", "--nodes", "200"], &long),
        (&["perft", "1"], ""),
        (&["bestmove", "--depth", "1"], ""),
        (&["db", "--db", "closed.db"], ""),
        (&["engine"], "go depth 2\ngo depth 2\n"),
        (
            &["console", "--db", "console.db", "--out", "boards"],
            "alice: /focus challenge opponent:bob\nbob: accept\nhelp\n",
        ),
        (&["pair", "--round-robin", "--check", trf], ""),
        (
            &["match", "--a", "greedy", "--b", "greedy", "--games", "2"],
            "",
        ),
        (
            &["tune", "--games", "2", "--nodes", "50", "--epochs", "1"],
            "",
        ),
    ];
    for (args, stdin) in cases {
        let o = with_closed_output(dir.path(), args, stdin);
        assert_eq!(
            (o.status.code(), text(&o.stderr).as_str()),
            (Some(0), ""),
            "{args:?}: a closed output is no failure"
        );
    }
    // The console closed its database on the way out: no `-wal` file is left.
    assert!(dir.path().join("console.db").exists());
    assert!(!dir.path().join("console.db-wal").exists());
}

/// The engine, answering on a thread: its lines as they come.
struct Engine {
    child: std::process::Child,
    lines: mpsc::Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_focus-bot"))
            .arg("engine")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let out = BufReader::new(child.stdout.take().unwrap());
        let (send, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in out.lines().map_while(Result::ok) {
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Engine { child, lines }
    }

    fn say(&mut self, line: &str) {
        writeln!(self.child.stdin.as_mut().unwrap(), "{line}").unwrap();
    }

    /// The next line starting with `prefix` within `limit`; `None` when none came (the engine
    /// is then killed, so a test that fails does not hang).
    fn wait_for(&mut self, prefix: &str, limit: Duration) -> Option<String> {
        let deadline = Instant::now() + limit;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.starts_with(prefix) => return Some(line),
                Ok(_) => continue,
                Err(_) => {
                    let _ = self.child.kill();
                    return None;
                }
            }
        }
    }
}

#[test]
fn stop_answers_at_once_and_quit_ends_the_search() {
    let mut engine = Engine::start();
    // Depth 30 takes far longer than a test may wait, all the more in a debug build.
    engine.say("go depth 30");
    assert!(
        engine
            .wait_for("info depth 1 ", Duration::from_secs(10))
            .is_some()
    );
    let asked = Instant::now();
    engine.say("stop");
    let best = engine
        .wait_for("bestmove ", Duration::from_secs(5))
        .expect("stop answers");
    assert!(
        asked.elapsed() < Duration::from_secs(2),
        "{:?}",
        asked.elapsed()
    );
    let mv: focus_bot::rules::Move = best["bestmove ".len()..].parse().unwrap();
    assert!(
        focus_bot::rules::Position::start().check(mv).is_ok(),
        "{best}"
    );
    // The engine reads on: `stop` with no search running is no error.
    engine.say("stop");
    engine.say("go depth 1");
    assert!(
        engine
            .wait_for("bestmove ", Duration::from_secs(10))
            .is_some()
    );

    // `quit` during a search answers it and ends the engine at once.
    engine.say("go depth 30");
    assert!(
        engine
            .wait_for("info depth 1 ", Duration::from_secs(10))
            .is_some()
    );
    let asked = Instant::now();
    engine.say("quit");
    assert!(
        engine
            .wait_for("bestmove ", Duration::from_secs(5))
            .is_some()
    );
    let status = loop {
        if let Some(status) = engine.child.try_wait().unwrap() {
            break status;
        }
        assert!(
            asked.elapsed() < Duration::from_secs(5),
            "quit waited for the search"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(status.success());
    let mut err = String::new();
    std::io::Read::read_to_string(&mut engine.child.stderr.take().unwrap(), &mut err).unwrap();
    assert_eq!(err, "");
}

#[test]
fn go_limits_out_of_range_are_refused_in_one_line_each() {
    let mut engine = Engine::start();
    for line in [
        "go depth 99999999999",
        "go depth 128",
        "go depth 0",
        "go nodes 10000000001",
        "go movetime 86400001",
        "go level 9",
        "go depth 2",
    ] {
        engine.say(line);
    }
    // Only the last is searched: had a refused one run, its bestmove would come first (and
    // the first would never end).
    let best = engine.wait_for("bestmove ", Duration::from_secs(20));
    assert!(best.is_some(), "the refused limits were searched");
    engine.say("quit");
    let o = engine.child.wait_with_output().unwrap();
    assert!(o.status.success());
    assert_eq!(
        text(&o.stderr),
        "error: `depth 99999999999`: depth is 1 to 127\n\
         error: `depth 128`: depth is 1 to 127\n\
         error: `depth 0`: depth is 1 to 127\n\
         error: `nodes 10000000001`: nodes is 1 to 10000000000\n\
         error: `movetime 86400001`: movetime is 1 to 86400000\n\
         error: `level 9`: level is 1 to 8\n"
    );
    // The largest limits themselves are taken (stopped at once here).
    let mut engine = Engine::start();
    engine.say("go depth 127 nodes 10000000000 movetime 86400000");
    assert!(
        engine
            .wait_for("info depth 1 ", Duration::from_secs(10))
            .is_some()
    );
    engine.say("stop");
    assert!(
        engine
            .wait_for("bestmove ", Duration::from_secs(5))
            .is_some()
    );
    engine.say("quit");
    let o = engine.child.wait_with_output().unwrap();
    assert_eq!(text(&o.stderr), "");
}

#[test]
fn records_are_read_past_a_byte_order_mark_and_need_a_move() {
    let dir = tempfile::tempdir().unwrap();
    let gif = dir.path().join("game.gif");
    let gif = gif.to_str().unwrap();
    let plain = focus_bot(&["replay"], "1. c4-d4 f5-e5\n");
    assert!(plain.status.success());
    // A file saved by Notepad: a byte-order mark, then the record (with or without a header).
    for record in [
        "\u{feff}1. c4-d4 f5-e5\n",
        "\u{feff}[Rules \"classic\"]\n\n1. c4-d4 f5-e5\n",
    ] {
        let o = focus_bot(&["replay"], record);
        assert_eq!(text(&o.stderr), "", "{record:?}");
        assert_eq!(text(&o.stdout), text(&plain.stdout), "{record:?}");
        let o = focus_bot(&["analysis", "--nodes", "100"], record);
        assert!(o.status.success(), "{record:?}: {}", text(&o.stderr));
        let o = focus_bot(&["render", "--gif", "--out", gif], record);
        assert!(o.status.success(), "{record:?}: {}", text(&o.stderr));
    }
    // Move numbers, results or comments without a move are no game; nothing at all (a mark
    // alone too) is empty input.
    let no_moves = "error: standard input has no moves, only move numbers, results or \
                    comments: give a game record, e.g. `echo '1. c4-d4 f5-e5' | focus-bot \
                    replay`\n";
    let empty = "error: standard input is empty: give a game record, e.g. `focus-bot replay < \
                 game.txt` or `echo '1. c4-d4 f5-e5' | focus-bot replay`\n";
    for (record, sentence) in [
        ("1. 2. 3.", no_moves),
        ("\u{feff}1. 2. 3.\n", no_moves),
        ("1-0", no_moves),
        ("1. (a comment) *", no_moves),
        ("\u{feff}", empty),
        ("\u{feff}\n \n", empty),
    ] {
        for args in [
            &["replay"][..],
            &["analysis", "--nodes", "100"],
            &["render", "--gif", "--out", gif],
        ] {
            let o = focus_bot(args, record);
            assert_eq!(o.status.code(), Some(1), "{args:?} {record:?}");
            assert_eq!(text(&o.stderr), sentence, "{args:?} {record:?}");
            assert_eq!(text(&o.stdout), "", "{args:?} {record:?}");
        }
    }
    // A header alone is still the game at its start.
    let o = focus_bot(&["replay"], "\u{feff}[Rules \"classic\"]\n1. 2.\n");
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(text(&o.stdout).ends_with("result: ongoing\n"));
}

#[test]
fn a_console_whose_output_folder_cannot_be_made_leaves_nothing_behind() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("notdir"), "a file, not a folder").unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_focus-bot"))
        .args(["console", "--db", "c.db", "--out", "notdir/x"])
        .current_dir(dir.path())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    let err = text(&o.stderr);
    assert!(
        err.starts_with("error: cannot write notdir/x: ") && err.lines().count() == 1,
        "{err}"
    );
    let mut left: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(left, ["notdir"], "no database, no -wal, no -shm");
}

/// The `# key: value` lines after the line starting `command` in `readme`, as pairs.
fn example(readme: &str, command: &str) -> Vec<(String, String)> {
    readme
        .lines()
        .skip_while(|l| !l.starts_with(command))
        .skip(1)
        .take_while(|l| l.starts_with("# "))
        .map(|l| {
            let (key, value) = l[2..].split_once(": ").unwrap();
            (key.to_owned(), value.to_owned())
        })
        .collect()
}

#[test]
fn the_readmes_db_example_is_what_the_binary_prints() {
    let dir = tempfile::tempdir().unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_focus-bot"))
        .args(["db", "--db", "focus.db"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text(&o.stderr));
    let printed: Vec<(String, String)> = text(&o.stdout)
        .lines()
        .map(|l| {
            let (key, value) = l.split_once(": ").unwrap();
            (key.to_owned(), value.to_owned())
        })
        .collect();
    let shown = example(
        include_str!("../../README.md"),
        "focus-bot db --db /srv/focus.db",
    );
    let keys = |pairs: &[(String, String)]| -> Vec<String> {
        pairs.iter().map(|(k, _)| k.clone()).collect()
    };
    assert_eq!(keys(&shown), keys(&printed));
    // The counts are an example's; the schema version and the check are the binary's.
    for key in ["schema version", "integrity"] {
        let value =
            |pairs: &[(String, String)]| pairs.iter().find(|(k, _)| k == key).unwrap().1.clone();
        assert_eq!(value(&shown), value(&printed), "{key}");
    }
    // The backup and restore examples of both READMEs show the same schema version.
    let version = printed
        .iter()
        .find(|(k, _)| k == "schema version")
        .unwrap()
        .1
        .clone();
    for readme in [
        include_str!("../../README.md"),
        include_str!("../../README.ru.md"),
    ] {
        for line in readme
            .lines()
            .filter(|l| l.starts_with("# schema version: "))
        {
            assert_eq!(line, format!("# schema version: {version}"));
        }
    }
}

#[test]
fn the_language_option_is_called_locale_everywhere() {
    for command in ["analysis", "render", "console"] {
        let o = Command::new(env!("CARGO_BIN_EXE_focus-bot"))
            .args([command, "--help"])
            .output()
            .unwrap();
        let help = text(&o.stdout);
        assert!(help.contains("--locale <LANG>"), "{command}: {help}");
        assert!(!help.contains("--lang"), "{command}: {help}");
    }
    for readme in [
        include_str!("../../README.md"),
        include_str!("../../README.ru.md"),
    ] {
        assert!(!readme.contains("--lang "), "the READMEs say --locale");
    }
    // The old name still works, unlisted.
    let o = focus_bot(&["analysis", "--nodes", "100", "--lang", "ru"], "1. c4-d4");
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(text(&o.stdout).starts_with("Белые"), "{}", text(&o.stdout));
}

#[test]
fn russian_headings_are_capitalised_as_english_ones() {
    use focus_bot::i18n::Lang;
    use focus_bot::rules::Color;
    let (en, ru) = (Lang::ENGLISH, Lang::of_tag("ru"));
    // The board's panels.
    assert_eq!(
        focus_bot::strings::picture::words(en).colors,
        ["White", "Black"]
    );
    assert_eq!(
        focus_bot::strings::picture::words(ru).colors,
        ["Белые", "Чёрные"]
    );
    // Inside a sentence the colour stays in lower case, as Russian writes it.
    assert_eq!(focus_bot::strings::color_name(ru, Color::Black), "чёрные");
}
