//! `focus-bot pair` (issue 21): the next round's pairings from a TRF-16 file, in the answer
//! format of bbpPairings and JaVaFo, `--check`, and every refusal with its sentence and exit
//! status, run as a user runs it.
// Longer than 400 lines: the tests of `focus-bot pair` share their TRF files and runs of the
// binary.

use std::path::Path;
use std::process::{Command, Output};

const CROSSTABLE: &str = include_str!("../data/pairing/crosstable.trf");
const ROUND_ROBIN: &str = include_str!("../data/pairing/rr4.trf");
const SWISS: &str = include_str!("../../docs/examples/swiss.trf");

/// Writes `trf` to `in.trf` in a fresh directory and runs `focus-bot pair` there with `args`
/// (`in.trf` among them, by that relative name).
fn pair(trf: &str, args: &[&str]) -> (Output, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("in.trf"), trf).unwrap();
    let output = run_in(dir.path(), args);
    (output, dir)
}

fn run_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_focus-bot"))
        .arg("pair")
        .args(args)
        .current_dir(dir)
        .output()
        .expect("binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// `text` with the characters from `column` (1-based) of line `line` replaced by `with`.
fn edit(text: &str, line: usize, column: usize, with: &str) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let mut chars: Vec<char> = lines[line - 1].chars().collect();
    if chars.len() < column - 1 + with.chars().count() {
        chars.resize(column - 1 + with.chars().count(), ' ');
    }
    for (offset, c) in with.chars().enumerate() {
        chars[column - 1 + offset] = c;
    }
    lines[line - 1] = chars.into_iter().collect();
    lines.join("\n") + "\n"
}

/// A player line: starting number `n` (also its rank), rating 2000, `points` and the round
/// blocks from column 92.
fn line(n: u32, name: &str, points: &str, blocks: &str) -> String {
    format!(
        "001 {n:>4}      {name:<33} 2000{:28}{points:>4} {n:>4}  {blocks}\n",
        ""
    )
}

/// A tournament of `players` players, nothing played yet.
fn fresh(players: u32, header: &str) -> String {
    let mut text = format!("012 Fresh\n{header}");
    for n in 1..=players {
        text.push_str(&line(n, &format!("Player {n}"), "", ""));
    }
    text
}

/// The round-robin of four with its last round taken out (points left blank).
fn round_robin_after_two() -> String {
    ROUND_ROBIN
        .lines()
        .map(|l| {
            if l.starts_with("001") {
                format!("{}    {}\n", &l[..80], &l[84..111])
            } else {
                format!("{l}\n")
            }
        })
        .collect()
}

#[test]
fn round_robin_pairs_the_next_round_from_the_table() {
    // Round 3 of four players: 2–4 on board 1 (player 4 Black in odd rounds), 3–1.
    let (o, _dir) = pair(&round_robin_after_two(), &["--round-robin", "in.trf", "-p"]);
    assert_eq!(stderr(&o), "");
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "2\n2 4\n3 1\n");
}

#[test]
fn round_robin_of_an_odd_field_gives_the_bye_as_n_0() {
    let (o, _dir) = pair(&fresh(5, "XXR 5\n"), &["--round-robin", "in.trf", "-p"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "3\n2 5\n3 4\n1 0\n");
    // Double: XXR 10 for five players; round 1 is the same.
    let (o, _dir) = pair(&fresh(5, "XXR 10\n"), &["--round-robin", "in.trf", "-p"]);
    assert_eq!(stdout(&o), "3\n2 5\n3 4\n1 0\n");
}

#[test]
fn pairings_go_to_out_when_given() {
    let (o, dir) = pair(
        &round_robin_after_two(),
        &["--round-robin", "in.trf", "-p", "out.txt"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "");
    let written = std::fs::read_to_string(dir.path().join("out.txt")).unwrap();
    assert_eq!(written, "2\n2 4\n3 1\n");
}

#[test]
fn dutch_round_one_of_four() {
    // C.04.3: S1 = {1, 2} against S2 = {3, 4}; the top seed has the initial colour and the
    // boards alternate, so board 2's higher-ranked player, 2, has Black.
    let (o, _dir) = pair(&fresh(4, "XXR 3\n"), &["--dutch", "in.trf", "-p"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "2\n1 3\n4 2\n");
    let (o, _dir) = pair(
        &fresh(4, "XXR 3\nXXC black1\n"),
        &["--dutch", "in.trf", "-p"],
    );
    assert_eq!(stdout(&o), "2\n3 1\n2 4\n");
}

#[test]
fn dutch_pairs_the_readme_example_as_the_reference_does() {
    // The reference (bbpPairings, `--dutch swiss.trf -p`) pairs round 4 of
    // docs/examples/swiss.trf with these games: 1–3, 4–5, 2–9, 8–7, the bye to 6 (counted among
    // the pairs). 1 and 3 both want Black with the same colour history: 3, with more points, is
    // the higher ranked player (C.04.3 Article 1.2) and gets it (5.2.4), although 1 has the
    // smaller pairing number. We list boards by the higher score, the sum of scores, then rank.
    let (o, _dir) = pair(SWISS, &["--dutch", "in.trf", "-p"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "5\n1 3\n4 5\n2 9\n8 7\n6 0\n");
}

#[test]
fn dutch_check_of_the_readme_example_is_identical() {
    let (o, _dir) = pair(SWISS, &["--check", "in.trf"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "round 1: identical\nround 2: identical\nround 3: identical\n3 of 3 rounds identical\n"
    );
}

/// The README's example with round 4 in progress, as the bot exports it: its pairings on `FBP`
/// lines (bbpPairings' answer for that round), the player lines as after round 3.
fn swiss_with_round_4_in_progress() -> String {
    format!(
        "{SWISS}### Round 4 is in progress. TRF-16 has no code for a game without a result, so its\n\
         ### pairings are below (FBP round white black; black 0000: the pairing-allocated bye),\n\
         ### not in the player lines. Programs that do not know FBP read only the rounds above.\n\
         FBP   4    1    3\nFBP   4    4    5\nFBP   4    2    9\nFBP   4    8    7\nFBP   4    6 0000\n"
    )
}

#[test]
fn check_judges_complete_rounds_and_skips_the_round_in_progress() {
    let (o, _dir) = pair(&swiss_with_round_4_in_progress(), &["--check", "in.trf"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "round 1: identical\nround 2: identical\nround 3: identical\n\
         round 4: skipped: in progress, no results yet\n3 of 3 rounds identical\n\
         rounds skipped (not complete): 4\n"
    );
    // Pairing the next round reads the player lines, as bbpPairings (which ignores `FBP`)
    // does: it is round 4, and its pairing is the one listed.
    let (o, _dir) = pair(
        &swiss_with_round_4_in_progress(),
        &["--dutch", "in.trf", "-p"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "5\n1 3\n4 5\n2 9\n8 7\n6 0\n");
}

#[test]
fn check_skips_a_round_that_has_only_a_bye() {
    // What an older version exported mid-round: round 4's bye alone. It was "identical".
    let text = SWISS.replace(
        "001    6      Karjakin,Vladimir                 1801                             1.0    8     2 w =     5 b =     4 w 0",
        "001    6      Karjakin,Vladimir                 1801                             2.0    8     2 w =     5 b =     4 w 0  0000 - U",
    );
    assert_ne!(text, SWISS);
    let (o, _dir) = pair(&text, &["--check", "in.trf"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "round 1: identical\nround 2: identical\nround 3: identical\n\
         round 4: skipped: no game in it, only byes\n3 of 3 rounds identical\n\
         rounds skipped (not complete): 4\n"
    );
}

#[test]
fn a_round_in_progress_naming_no_player_is_refused() {
    let text = swiss_with_round_4_in_progress().replace("FBP   4    2    9", "FBP   4    2   12");
    let (o, _dir) = pair(&text, &["--check", "in.trf"]);
    assert_eq!(o.status.code(), Some(3));
    assert_eq!(
        stderr(&o),
        "error: in.trf: line 19, column 5: the pairings of round 4 name player 12, but no \
         player has that starting number\n"
    );
}

#[test]
fn no_legal_pairing_exits_1_with_a_sentence() {
    // Four players who have all met: a fourth round would be a rematch, by any system.
    let text = ROUND_ROBIN.replace("XXR 3", "XXR 5");
    let (o, dir) = pair(&text, &["--dutch", "in.trf", "-p", "out.txt"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).starts_with("error: no legal pairing exists for round 4"),
        "{}",
        stderr(&o)
    );
    assert_eq!(stderr(&o).lines().count(), 1);
    assert_eq!(stdout(&o), "");
    assert!(!dir.path().join("out.txt").exists());
}

#[test]
fn check_of_a_round_robin_identical_to_the_tables() {
    let (o, _dir) = pair(ROUND_ROBIN, &["--round-robin", "--check", "in.trf"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "round 1: identical\nround 2: identical\nround 3: identical\n3 of 3 rounds identical\n"
    );
}

#[test]
fn check_lists_differences_and_exits_2() {
    // Round 3 played 1–3, the table says 3–1.
    let text = edit(&edit(ROUND_ROBIN, 3, 117, "w"), 5, 117, "b");
    let (o, _dir) = pair(&text, &["--round-robin", "--check", "in.trf"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "round 1: identical\nround 2: identical\n\
         round 3: differs: the file pairs 1-3, we pair 3-1\n2 of 3 rounds identical\n"
    );
}

#[test]
fn every_invalid_file_is_one_sentence_with_line_and_column_and_exit_3() {
    // The crosstable: lines 1–3 are 012, XXR 3 and XXC; players 1 to 5 on lines 4 to 8. Round
    // blocks from column 92 (opponent), colour 97, result 99; round 2 from 102, round 3 112.
    let cases: Vec<(String, &str)> = vec![
        (
            edit(CROSSTABLE, 4, 97, "x"),
            "line 4, column 97: `x` is not a colour (w, b or -)",
        ),
        (
            edit(CROSSTABLE, 4, 99, "?"),
            "line 4, column 99: `?` is not a result (1, =, 0, W, D, L, +, -, U, H, F or Z)",
        ),
        (
            edit(CROSSTABLE, 4, 96, "w"),
            "line 4, column 96: `w` should be a blank: a round block is 10 columns wide \
             (opponent, colour, result), the first from column 92",
        ),
        (
            edit(CROSSTABLE, 5, 5, "  2x"),
            "line 5, column 5: `2x` is not a starting number",
        ),
        (
            edit(CROSSTABLE, 5, 5, "    "),
            "line 5, column 5: the starting number is missing",
        ),
        (
            edit(CROSSTABLE, 4, 49, "24x0"),
            "line 4, column 49: `24x0` is not a rating",
        ),
        (
            edit(CROSSTABLE, 4, 81, " 2.x"),
            "line 4, column 81: `2.x` is not a number of points",
        ),
        (
            edit(CROSSTABLE, 4, 92, "  x4"),
            "line 4, column 92: `x4` is not an opponent",
        ),
        (
            edit(CROSSTABLE, 2, 5, "x"),
            "line 2, column 5: `x` is not a number of rounds",
        ),
        (
            edit(CROSSTABLE, 5, 5, "   1"),
            "line 5, column 5: starting number 1 is already on line 4",
        ),
        (
            edit(CROSSTABLE, 8, 5, "   6"),
            "line 8, column 5: starting numbers must run from 1 with no gap, but 5 is missing",
        ),
        (
            edit(CROSSTABLE, 2, 5, "2"),
            "line 4, column 112: round 3 has a result, but XXR says the tournament has 2 rounds",
        ),
        (
            edit(CROSSTABLE, 4, 92, "   1"),
            "line 4, column 92: player 1 is paired with themself in round 1",
        ),
        (
            edit(CROSSTABLE, 4, 92, "   9"),
            "line 4, column 92: round 1 names opponent 9, but no player has that starting number",
        ),
        (
            // Player 4 says White too.
            edit(CROSSTABLE, 7, 97, "w"),
            "line 4, column 92: player 1's round 1 says 4, white, 1, but player 4's round 1 \
             (line 7) says 1, white, 0",
        ),
        (
            // Player 4 says draw.
            edit(CROSSTABLE, 7, 99, "="),
            "line 4, column 92: player 1's round 1 says 4, white, 1, but player 4's round 1 \
             (line 7) says 1, black, =",
        ),
        (
            // Player 5 claims the forfeit too.
            edit(CROSSTABLE, 8, 109, "+"),
            "line 7, column 102: player 4's round 2 says 5, white, +, but player 5's round 2 \
             (line 8) says 4, black, +",
        ),
        (
            // Player 4, absent in round 3, claims a draw with player 1, who drew with 2.
            edit(CROSSTABLE, 7, 112, "   1 b ="),
            "line 7, column 112: player 4's round 3 says 1, black, =, but player 1's round 3 \
             (line 4) says 2, white, =",
        ),
        (
            edit(CROSSTABLE, 4, 81, " 3.0"),
            "line 4, column 81: the points say 3.0, but the results add up to 2.5",
        ),
        (
            edit(CROSSTABLE, 6, 99, "1"),
            "line 6, column 99: the result `1` is a game's, but there is no opponent (0000)",
        ),
        (
            edit(CROSSTABLE, 4, 99, "U"),
            "line 4, column 99: the result `U` is a bye's, but the block names opponent 4",
        ),
        (
            edit(CROSSTABLE, 4, 97, "-"),
            "line 4, column 97: a game played against 4 needs a colour (w or b), not `-`",
        ),
        (
            "012 Nobody\nXXR 3\n".to_owned(),
            "line 1, column 1: the file has no player line (001)",
        ),
        (
            // Every planned round is paired: there is no next round.
            CROSSTABLE.to_owned(),
            "line 2, column 5: XXR says the tournament has 3 rounds, and all of them are paired",
        ),
    ];
    for (text, sentence) in cases {
        let (o, dir) = pair(&text, &["--dutch", "in.trf", "-p", "out.txt"]);
        assert_eq!(
            (o.status.code(), stderr(&o)),
            (Some(3), format!("error: in.trf: {sentence}\n")),
            "{text}"
        );
        assert_eq!(stdout(&o), "");
        assert!(!dir.path().join("out.txt").exists(), "{sentence}");
    }
}

#[test]
fn a_round_robin_must_fit_the_tables() {
    let cases: Vec<(String, &str)> = vec![
        (
            CROSSTABLE.to_owned(),
            "line 2, column 5: XXR says 3 rounds, which fit neither a single (5 rounds) nor a \
             double (10) round-robin of 5 players",
        ),
        (
            fresh(21, ""),
            "line 22, column 5: a round-robin is paired from the Berger tables, for 3 to 20 \
             players, not 21",
        ),
        (
            fresh(2, ""),
            "line 3, column 5: a round-robin is paired from the Berger tables, for 3 to 20 \
             players, not 2",
        ),
        (
            ROUND_ROBIN.to_owned(),
            "line 2, column 5: XXR says the tournament has 3 rounds, and all of them are paired",
        ),
    ];
    for (text, sentence) in cases {
        for args in [
            &["--round-robin", "in.trf", "-p"][..],
            &["--round-robin", "--check", "in.trf"][..],
        ] {
            // The last case is a finished tournament: --check has every round to look at.
            if sentence.contains("all of them are paired") && args.contains(&"--check") {
                continue;
            }
            let (o, _dir) = pair(&text, args);
            assert_eq!(o.status.code(), Some(3), "{sentence}");
            assert_eq!(stderr(&o), format!("error: in.trf: {sentence}\n"));
            assert_eq!(stdout(&o), "");
        }
    }
}

#[test]
fn a_refusal_leaves_an_existing_out_alone() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("in.trf"), edit(CROSSTABLE, 4, 97, "x")).unwrap();
    std::fs::write(dir.path().join("out.txt"), "earlier pairings\n").unwrap();
    let o = run_in(dir.path(), &["--dutch", "in.trf", "-p", "out.txt"]);
    assert_eq!(o.status.code(), Some(3));
    let kept = std::fs::read_to_string(dir.path().join("out.txt")).unwrap();
    assert_eq!(kept, "earlier pairings\n");
}

#[test]
fn a_missing_file_exits_5() {
    let dir = tempfile::tempdir().unwrap();
    let o = run_in(dir.path(), &["--dutch", "missing.trf", "-p"]);
    assert_eq!(o.status.code(), Some(5));
    assert!(
        stderr(&o).starts_with("error: cannot read missing.trf: "),
        "{}",
        stderr(&o)
    );
    assert_eq!(stdout(&o), "");
}

#[test]
fn the_command_needs_p_or_check() {
    let (o, _dir) = pair(ROUND_ROBIN, &["--dutch", "in.trf"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--pairings"), "{}", stderr(&o));
    let (o, _dir) = pair(ROUND_ROBIN, &["--dutch", "--round-robin", "in.trf", "-p"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cannot be used with"), "{}", stderr(&o));
}
