//! One Russian word for a ply (issue 20): a game's record, its replay, its analysis, the board's
//! caption and the refusal of a replay too large all count the same plies, and all call them
//! «полуход» (history and replay said "71 ход" while the analysis said "71 полуход").

use focus_bot::i18n::{Arg, Lang, tr};

/// Every message that shows a count of plies, with the variable that holds it.
const PLY_COUNTS: [(&str, &str); 6] = [
    ("history", "plies"),
    ("replay-caption", "plies"),
    ("analysis-heading", "plies"),
    ("analysis-progress", "total"),
    ("error-replay-too-large", "plies"),
    ("board-caption", "ply"),
];

/// `id` in `lang` with `count` in `var` (the other variables: placeholders).
fn with_count(lang: Lang, id: &str, var: &str, count: u64) -> String {
    let mut args: Vec<(&str, Arg)> = [
        "game", "white", "black", "rules", "terms", "size", "unit", "done",
    ]
    .into_iter()
    .map(|name| (name, Arg::from("x")))
    .collect();
    args.push((var, Arg::from(count)));
    tr(lang, id, &args)
}

#[test]
fn every_ply_count_says_poluhod() {
    let ru = Lang::of_tag("ru");
    for (id, var) in PLY_COUNTS {
        // The caption counts plies as a label ("полуходов сделано: 71"); the others in plural.
        let expected: &[(u64, &str)] = if id == "board-caption" {
            &[(71, "полуходов сделано: 71")]
        } else {
            &[
                (71, "71 полуход"),
                (72, "72 полухода"),
                (75, "75 полуходов"),
                (11, "11 полуходов"),
            ]
        };
        for &(n, words) in expected {
            let text = with_count(ru, id, var, n);
            assert!(text.contains(words), "{id}: {text}");
            assert!(!text.contains(&format!("{n} ход")), "{id}: {text}");
        }
    }
}

#[test]
fn english_counts_the_same_plies() {
    for (id, var) in PLY_COUNTS {
        let text = with_count(Lang::ENGLISH, id, var, 71);
        // The progress counts the moves judged, each a ply.
        let word = match id {
            "analysis-progress" => "71 moves",
            "board-caption" => "ply 71",
            _ => "71 plies",
        };
        assert!(text.contains(word), "{id}: {text}");
    }
}
