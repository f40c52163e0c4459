//! The command line's defects of issue 20, run as a user runs the tools: the analysis lists
//! every judged move, empty input is an error, a bad `[FPN]` header is named as the header,
//! a match of no games and a perft without end are refused, and no suggestion is a sentence.

use std::process::Output;

use crate::bin::focus_bot;
use focus_bot::engine::review::review;
use focus_bot::i18n::Lang;
use focus_bot::rules::{Move, Outcome, Position};
use focus_bot::service::Suggestion;
use focus_bot::strings;

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// Nodes per position of the analyses here: enough to judge, quick in a debug build.
const NODES: u64 = 1_000;

/// A game of up to `plies` plies from the start, each move picked by a fixed rule from the
/// legal ones (no engine): many of them lose something.
fn aimless_game(plies: usize) -> Vec<Move> {
    let mut pos = Position::start();
    let mut moves = Vec::new();
    for i in 0..plies {
        if pos.outcome() != Outcome::Ongoing {
            break;
        }
        let legal = pos.legal_moves();
        let mv = legal[(i * 7 + 3) % legal.len()];
        pos.play(mv).unwrap();
        moves.push(mv);
    }
    moves
}

#[test]
fn the_analysis_prints_every_judged_move() {
    let moves = aimless_game(80);
    let record: Vec<String> = moves.iter().map(ToString::to_string).collect();
    let expected = review(Position::start(), &moves, NODES).unwrap();
    let judged = expected.flagged().count();
    assert!(
        judged > 12,
        "the game must have more judged moves than a message lists"
    );
    let nodes = NODES.to_string();
    let o = focus_bot(&["analysis", "--nodes", &nodes], &record.join(" "));
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    let listed = text.lines().filter(|l| l.starts_with("Move ")).count();
    assert_eq!(listed, judged, "{text}");
    assert!(!text.contains("more"), "{text}");
}

#[test]
fn empty_input_is_an_error_not_a_start_position() {
    let sentence = "error: standard input is empty: give a game record, e.g. `focus-bot replay < \
                    game.txt` or `echo '1. c4-d4 f5-e5' | focus-bot replay`\n";
    for args in [
        &["replay"][..],
        &["analysis"],
        &["render", "--gif", "--out", "/nonexistent/never.gif"],
    ] {
        for input in ["", "\n  \n"] {
            let o = focus_bot(args, input);
            assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stderr(&o));
            assert_eq!(stderr(&o), sentence, "{args:?}");
            assert_eq!(stdout(&o), "", "{args:?}");
        }
    }
    // A header alone is a game at its start.
    let o = focus_bot(&["replay"], "[Rules \"classic\"]\n");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).ends_with("result: ongoing\n"), "{}", stdout(&o));
}

#[test]
fn a_bad_fpn_header_is_named_as_the_header() {
    let record = "[FPN \"w,.,. w 0 0 0 0\"]\n\n1. c4-d4\n";
    for command in ["replay", "analysis"] {
        let o = focus_bot(&[command], record);
        assert_eq!(o.status.code(), Some(1));
        assert_eq!(
            stderr(&o),
            "error: the record's header has [FPN \"w,.,. w 0 0 0 0\"], which is not a position: \
             the board needs 8 ranks separated by '/', but this one has 1\n",
            "{command}"
        );
    }
    // The option is still named as the option.
    let o = focus_bot(&["replay", "--fpn", "w,.,. w 0 0 0 0"], "1. c4-d4");
    assert!(
        stderr(&o).starts_with("error: bad --fpn: "),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_match_of_no_games_is_refused() {
    let o = focus_bot(
        &["match", "--a", "greedy", "--b", "greedy", "--games", "0"],
        "",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("a match needs at least 1 game"),
        "{}",
        stderr(&o)
    );
    assert!(!stdout(&o).contains("elo"), "{}", stdout(&o));
    // One game is a match, with a finite Elo or a sentence, never `inf`.
    let o = focus_bot(
        &["match", "--a", "greedy", "--b", "greedy", "--games", "1"],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("elo"), "{}", stdout(&o));
    assert!(!stdout(&o).contains("inf"), "{}", stdout(&o));
}

#[test]
fn perft_is_bounded() {
    for depth in ["99", "8", "many"] {
        let o = focus_bot(&["perft", depth], "");
        assert_eq!(o.status.code(), Some(2), "{depth}");
        assert!(
            stderr(&o).contains(
                "perft counts 0 to 7 plies: each ply takes about 65 times longer than the one \
                 before"
            ),
            "{depth}: {}",
            stderr(&o)
        );
    }
    let o = focus_bot(&["perft", "0"], "");
    assert_eq!(stdout(&o), "1\n");
}

#[test]
fn no_suggestion_is_a_sentence() {
    for lang in [Lang::ENGLISH, Lang::of_tag("ru")] {
        let none = strings::suggestions(lang, "", &[]).words();
        let matching = strings::suggestions(lang, " z9 ", &[]).words();
        for text in [&none, &matching] {
            assert!(text.ends_with('.'), "{text}");
            assert!(!text.trim_end().ends_with(':'), "{text}");
        }
        assert!(matching.contains("`z9`"), "{matching}");
    }
    assert_eq!(
        strings::suggestions(Lang::ENGLISH, "", &[]).words(),
        "No move to suggest: you have no game in play here, or it is not your move."
    );
    let some = [Suggestion {
        mv: "c4-d4".parse().unwrap(),
        loses_by_mirror: false,
    }];
    assert_eq!(
        strings::suggestions(Lang::ENGLISH, "c4", &some).words(),
        "suggestions: c4-d4"
    );
    assert_eq!(
        strings::suggestions(Lang::of_tag("ru"), "c4", &some).words(),
        "допустимые ходы: c4-d4"
    );
}
