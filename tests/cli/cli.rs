//! The rules tools of the command line, run as a user runs them.
// Longer than 400 lines: the tests of the rules tools share their runs of the binary.

use crate::bin;

use std::process::{Command, Output};

use bin::focus_bot;

const SEED: &str = ".,.,.,./.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,wbw,.,wbwb,b,.,./.,.,.,.,.,.,.,./.,.,.,.,wb,.,.,./.,.,.,.,.,./.,.,.,. w 0 0 13 13";

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

#[test]
fn perft_prints_one_number() {
    let o = focus_bot(&["perft", "2"], "");
    assert!(o.status.success());
    assert_eq!(stdout(&o), "4460\n");
    let o = focus_bot(&["perft", "3", "--fpn", SEED], "");
    assert_eq!(stdout(&o), "3630\n");
    let o = focus_bot(&["perft", "1", "--rules", "swap+mirror"], "");
    assert_eq!(stdout(&o), "42\n");
}

#[test]
fn perft_refuses_a_bad_fpn_in_one_line() {
    let o = focus_bot(&["perft", "1", "--fpn", "w,.,. w 0 0 0 0"], "");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "error: bad --fpn: the board needs 8 ranks separated by '/', but this one has 1\n"
    );
    assert_eq!(stdout(&o), "");
    let o = focus_bot(&["perft", "1", "--rules", "chess"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("`chess` is not a rule set: use classic, swap, mirror or swap+mirror")
    );
    let o = focus_bot(&["perft", "1", "--rules", "Mirror+Swap"], "");
    assert_eq!(stdout(&o), "42\n");
}

#[test]
fn replay_plays_the_worked_example_to_blacks_win() {
    let record = "1. c5-e5 f5-e5 2. +e5 e3-e5 (W 1, B 3 in reserve)\n3. Р е5 +e5 4. +e5 +e5(-1)\n\
                  5. +e5 +e5 6. c5-b5 +b5 0-1\n";
    let o = focus_bot(&["replay", "--fpn", SEED], record);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        ".,.,.,./.,.,.,.,.,./.,.,.,.,.,.,.,./.,wb,.,.,bwbwb,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,./.,.,.,. w 0 0 14 15\n\
         result: black wins (no legal move)\n"
    );
}

#[test]
fn replay_reports_the_mirror_rule_and_ongoing_games() {
    let o = focus_bot(&["replay", "--rules", "mirror"], "1. c4-d4 f5-e5");
    assert!(stdout(&o).ends_with("\nresult: white wins (mirror rule)\n"));
    let o = focus_bot(&["replay"], "1. c4-d4 f5-e5");
    assert!(stdout(&o).ends_with("\nresult: ongoing\n"));
    // Empty input is refused: tests/cli_defects.rs.
}

#[test]
fn replay_names_the_illegal_ply_and_its_rule() {
    let o = focus_bot(&["replay"], "1. c4-c5 f5-f6 2. c5-c8");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "");
    assert_eq!(
        stderr(&o),
        "error: ply 3 (2. c5-c8): c5-c8 moves 3 pieces, but c5 holds only 2: a stack moves \
         exactly as many squares as the pieces it takes\n"
    );
    let o = focus_bot(&["replay"], "1. c4-d4 c5-e6");
    assert_eq!(
        stderr(&o),
        "error: ply 2 (1... c5-e6): c5-e6 is diagonal: stacks move along a rank or a file, never \
         diagonally\n"
    );
    let o = focus_bot(
        &["replay", "--fpn", SEED],
        "1. c5-e5 f5-e5 2. +e5 e3-e5 3. +e5 +e5 4. +e5 +e5 5. +e5 +e5 6. c5-b5 +b5 7. c2-c3",
    );
    assert_eq!(
        stderr(&o),
        "error: ply 13 (7. c2-c3): the game is over: no more moves can be played\n"
    );
}

#[test]
fn replay_reads_a_records_header_and_what_is_copied_from_discord() {
    // A header names the rules and the start: no options needed.
    let copied = "Game 4 (mirror rules), 2 plies:\n```\n[Game \"4\"]\n[Rules \"mirror\"]\n\
                  [Result \"1-0\"]\n\n1. c4-d4 f5-e5 1-0\n```\nReplay it by pasting this message.";
    let o = focus_bot(&["replay"], copied);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).ends_with("\nresult: white wins (mirror rule)\n"),
        "{}",
        stdout(&o)
    );
    let o = focus_bot(&["replay", "--rules", "mirror"], copied);
    assert!(o.status.success(), "{}", stderr(&o));
    let record = format!("[FPN \"{SEED}\"]\n1. c5-e5");
    let o = focus_bot(&["replay"], &record);
    assert!(o.status.success(), "{}", stderr(&o));
    // An option that contradicts the header, an unreadable value, a broken tag line.
    let o = focus_bot(&["replay", "--rules", "swap"], copied);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "error: the record's header says [Rules \"mirror\"], but the option gives `swap`: drop \
         the option or correct the header\n"
    );
    let o = focus_bot(&["replay"], "[Rules \"chess\"]\n1. c4-d4");
    assert_eq!(
        stderr(&o),
        "error: the record's header has [Rules \"chess\"], which cannot be read\n"
    );
    let o = focus_bot(&["replay"], "[Game \"1\"]\n[White Alice]\n1. c4-d4");
    assert_eq!(
        stderr(&o),
        "error: line 2 of the record's header is not a tag: write it as [Name \"value\"]\n"
    );
}

#[test]
fn replay_refuses_an_unclosed_annotation() {
    let o = focus_bot(&["replay"], "1. c4-d4 (oops f5-e5 2. zz9");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "error: the annotation opened with `(` at character 10 is never closed: close it with `)`\n"
    );
}

#[test]
fn replay_escapes_what_it_quotes() {
    let o = focus_bot(&["replay"], "1. c4-d4\u{1b}[31m");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "error: ply 1 (1. c4-d4\\u{1b}[31m): `c4-d4\\u{1b}[31m` is not a move: write c5-e5 to move \
         a stack, +e5 to drop from your reserve, d4~d5 to swap\n"
    );
}

#[test]
fn a_full_disk_is_one_error_line_not_a_panic() {
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full");
    let Ok(full) = full else {
        return; // not a Linux machine
    };
    let o = Command::new(env!("CARGO_BIN_EXE_focus-bot"))
        .args(["perft", "1"])
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "error: cannot write the output: No space left on device (os error 28)\n"
    );
}

fn temp_png(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("focus-bot-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

#[test]
fn render_writes_a_png_of_the_position() {
    let out = temp_png("seed.png");
    let o = focus_bot(
        &[
            "render",
            "--fpn",
            SEED,
            "--last-move",
            "+e3",
            "--white",
            "Alice",
            "--black",
            "Boris",
            "--flip",
            "--out",
            out.to_str().unwrap(),
        ],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "");
    let img = image::open(&out).unwrap();
    assert_eq!(
        (img.width(), img.height()),
        (focus_bot::render::WIDTH, focus_bot::render::HEIGHT)
    );
}

#[test]
fn render_refuses_bad_input_in_one_line_and_writes_nothing() {
    let out = temp_png("bad.png");
    let path = out.to_str().unwrap();
    for (args, message) in [
        (
            vec!["render", "--fpn", "nonsense", "--out", path],
            "error: bad --fpn: an FPN has 6 fields (board, side to move, white reserve, black \
             reserve, captured by white, captured by black) but this one has 1\n",
        ),
        (
            vec!["render", "--last-move", "c5-e6", "--out", path],
            "error: bad --last-move: c5-e6 is diagonal: stacks move along a rank or a file, \
             never diagonally\n",
        ),
        (
            vec!["render", "--last-move", "c4-c1", "--out", path],
            "error: bad --last-move: c4-c1 cannot have led to this position: c1 is empty\n",
        ),
    ] {
        let o = focus_bot(&args, "");
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert_eq!(stderr(&o), message);
        assert!(!out.exists(), "{args:?} wrote a file");
    }
    let o = focus_bot(&["render", "--out", "/nonexistent-dir/x.png"], "");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "error: cannot write /nonexistent-dir/x.png: No such file or directory (os error 2)\n"
    );
}

#[test]
fn render_refuses_a_last_move_that_cannot_have_happened() {
    let out = temp_png("impossible.png");
    let path = out.to_str().unwrap();
    for (mv, why) in [
        (
            "+e5",
            "black made the last move, but e5 has a white piece on top",
        ),
        ("c3-c5", "it moves 2 pieces, but c5 holds only 1"),
        ("d4~d6", "d4~d6 is not a swap"),
    ] {
        let o = focus_bot(&["render", "--last-move", mv, "--out", path], "");
        assert_eq!(o.status.code(), Some(1), "{mv}");
        assert!(stderr(&o).contains(why), "{mv}: {}", stderr(&o));
        assert!(!out.exists());
    }
}

#[test]
fn render_gif_draws_the_record_on_stdin_frame_by_frame() {
    let out = temp_png("game.gif");
    let o = focus_bot(
        &[
            "render",
            "--gif",
            "--white",
            "Alice",
            "--black",
            "Борис",
            "--locale",
            "ru",
            "--out",
            out.to_str().unwrap(),
        ],
        "1. c4-d4 f5-e5\n2. d4-d6 e5-e3 *\n",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!((stdout(&o), stderr(&o)), (String::new(), String::new()));
    let bytes = std::fs::read(&out).unwrap();
    let mut decoder = gif::DecodeOptions::new().read_info(&bytes[..]).unwrap();
    assert_eq!((decoder.width(), decoder.height()), (684, 800));
    let mut frames = 0;
    while decoder.read_next_frame().unwrap().is_some() {
        frames += 1;
    }
    assert_eq!(frames, 5);
}

#[test]
fn render_gif_takes_the_start_and_rules_as_replay_does() {
    let out = temp_png("seed.gif");
    let record = "1. c5-e5 f5-e5 2. +e5 e3-e5 3. Р е5 +e5 4. +e5 +e5 5. +e5 +e5 6. c5-b5 +b5 0-1";
    let path = out.to_str().unwrap();
    let o = focus_bot(&["render", "--gif", "--fpn", SEED, "--out", path], record);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(std::fs::metadata(&out).unwrap().len() > 10_000);
    // The mirror rule ends this game at ply 2: a third move is refused by ply.
    let o = focus_bot(
        &["render", "--gif", "--rules", "mirror", "--out", path],
        "1. c4-d4 f5-e5 2. d4-d6",
    );
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stderr(&o).lines().count(), 1, "one line: {}", stderr(&o));
}

#[test]
fn render_gif_refuses_a_bad_record_in_one_line_and_writes_nothing() {
    let out = temp_png("bad.gif");
    let path = out.to_str().unwrap();
    for record in [
        "1. c4-c5 f5-f6 2. c5-c8",
        "1. c4-d4 (never closed",
        "1. zz9",
        "\u{feff}\u{0}",
    ] {
        let o = focus_bot(&["render", "--gif", "--out", path], record);
        assert_eq!(o.status.code(), Some(1), "{record:?}");
        let err = stderr(&o);
        assert!(
            err.starts_with("error: ") && err.lines().count() == 1,
            "{err}"
        );
        assert!(!out.exists(), "{record:?}");
    }
    let o = focus_bot(
        &["render", "--gif", "--out", path],
        "1. c4-c5 f5-f6 2. c5-c8",
    );
    assert_eq!(
        stderr(&o),
        "error: ply 3 (2. c5-c8): c5-c8 moves 3 pieces, but c5 holds only 2: a stack moves \
         exactly as many squares as the pieces it takes\n"
    );
    // --last-move belongs to a single picture, --rules to a replay.
    let o = focus_bot(
        &["render", "--gif", "--last-move", "c4-d4", "--out", path],
        "",
    );
    assert_eq!(o.status.code(), Some(2));
    let o = focus_bot(&["render", "--rules", "mirror", "--out", path], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(!out.exists());
}

/// White's d8-e8 stacks both its pieces next to Black's e7, which covers them and wins.
const BLUNDER: &str = ".,w,w,./.,.,.,b,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./\
    .,.,.,.,.,b,.,./.,.,.,.,.,./.,.,.,. w 0 0 16 16";

#[test]
fn analysis_prints_each_sides_mistakes_and_writes_the_chart() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("chart.png");
    let record = format!(
        "[Game \"7\"]\n[White \"Alice\"]\n[Black \"Boris\"]\n[FPN \"{BLUNDER}\"]\n\n1. d8-e8 e7-e8 0-1\n"
    );
    // A small budget: the test build's engine is unoptimised.
    let args = [
        "analysis",
        "--nodes",
        "3000",
        "--out",
        out.to_str().unwrap(),
    ];
    let o = focus_bot(&args, &record);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "White (Alice): 1 blunder");
    assert_eq!(
        lines[1],
        "Black (Boris): no inaccuracies, mistakes or blunders"
    );
    assert!(
        lines[2].starts_with("Move 1 (White) d8-e8: blunder (−") && lines[2].contains("; better "),
        "{text}"
    );
    assert!(!lines[2].ends_with("better d8-e8"), "{text}");
    assert!(lines[3].starts_with("A move's loss is"), "{text}");
    let img = image::open(&out).unwrap();
    assert_eq!((img.width(), img.height()), (900, 420));

    // In Russian, without names and without a picture: the colours, in the same order.
    let o = focus_bot(
        &[
            "analysis", "--nodes", "3000", "--locale", "ru", "--fpn", BLUNDER,
        ],
        "1. d8-e8 e7-e8",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.starts_with("Белые: 1 грубая ошибка\nЧёрные: ни неточностей"),
        "{text}"
    );
    assert!(
        text.contains("Ход 1 (белые) d8-e8: грубая ошибка (−"),
        "{text}"
    );
}

#[test]
fn analysis_refuses_bad_records_in_one_line() {
    let o = focus_bot(&["analysis", "--nodes", "100"], "1. c4-c5 f5-f6 2. c5-c8");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "error: ply 3 (2. c5-c8): c5-c8 moves 3 pieces, but c5 holds only 2: a stack moves \
         exactly as many squares as the pieces it takes\n"
    );
    assert_eq!(stdout(&o), "");
    let o = focus_bot(&["analysis", "--locale", "de"], "1. c4-d4");
    assert_eq!(o.status.code(), Some(2), "a usage error");
    let o = focus_bot(&["analysis", "--nodes", "0"], "1. c4-d4");
    assert_eq!(o.status.code(), Some(2), "a usage error");
    let o = focus_bot(
        &[
            "analysis",
            "--nodes",
            "100",
            "--out",
            "/nonexistent-dir/x.png",
        ],
        "1. c4-d4",
    );
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "error: cannot write /nonexistent-dir/x.png: No such file or directory (os error 2)\n"
    );
    let o = focus_bot(&["analysis"], "\u{0}\u{ff}garbage");
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).starts_with("error: ply 1 "), "{}", stderr(&o));
}
