//! The same drop gets the same label everywhere (issue 20): a move shown as losing 1.0 was an
//! "inaccuracy (−1.0)" in one game and a "mistake (−1.0)" in another, while the legend said a
//! mistake starts at 1. One table of thresholds; the class judged on the number shown.

use focus_bot::engine::Score;
use focus_bot::engine::review::{Class, PlyReview, Review, THRESHOLDS, tenths};
use focus_bot::i18n::Lang;
use focus_bot::rules::Color;
use focus_bot::strings::analysis::{legend, pieces, review_text};

#[test]
fn the_class_changes_where_the_number_shown_reaches_a_threshold() {
    let cases = [
        (0, None),
        (44, None),                    // 0.4
        (45, Some(Class::Inaccuracy)), // 0.5
        (50, Some(Class::Inaccuracy)), // 0.5
        (94, Some(Class::Inaccuracy)), // 0.9
        (95, Some(Class::Mistake)),    // 1.0
        (100, Some(Class::Mistake)),   // 1.0
        (104, Some(Class::Mistake)),   // 1.0
        (244, Some(Class::Mistake)),   // 2.4
        (245, Some(Class::Blunder)),   // 2.5
        (250, Some(Class::Blunder)),   // 2.5
        (1_000, Some(Class::Blunder)), // 10.0
    ];
    for (drop, class) in cases {
        assert_eq!(Class::of(drop), class, "drop {drop}");
    }
    assert_eq!(tenths(95), 10);
    assert_eq!(tenths(94), 9);
    assert_eq!(pieces(Lang::ENGLISH, 95), "1.0");
    assert_eq!(pieces(Lang::ENGLISH, 94), "0.9");
}

#[test]
fn every_drop_shown_alike_is_classed_alike_and_as_the_legend_says() {
    // The class of each number shown (in tenths), from the table alone.
    let by_table = |shown_tenths: i32| {
        THRESHOLDS
            .iter()
            .filter(|&&(_, from)| shown_tenths * 10 >= from)
            .map(|&(class, _)| class)
            .next_back()
    };
    for drop in 0..=1_000 {
        let shown = pieces(Lang::ENGLISH, drop);
        let shown_tenths = (shown.parse::<f64>().unwrap() * 10.0).round() as i32;
        assert_eq!(
            Class::of(drop),
            by_table(shown_tenths),
            "drop {drop} shown as {shown}"
        );
    }
    // The thresholds, mildest first, each a class of its own.
    assert_eq!(THRESHOLDS.map(|(c, _)| c), Class::ALL);
    for (class, from) in THRESHOLDS {
        assert_eq!(class.threshold(), from);
        assert_eq!(Class::of(from), Some(class));
    }
}

#[test]
fn the_legend_names_the_thresholds_of_the_table() {
    assert!(
        legend(Lang::ENGLISH)
            .ends_with("an inaccuracy from 0.5, a mistake from 1.0, a blunder from 2.5."),
        "{}",
        legend(Lang::ENGLISH)
    );
    assert!(
        legend(Lang::of_tag("ru"))
            .ends_with("неточность — от 0,5, ошибка — от 1,0, грубая ошибка — от 2,5."),
        "{}",
        legend(Lang::of_tag("ru"))
    );
}

/// A game of two moves by White and Black losing `drops`.
fn review_of(drops: [i32; 2]) -> Review {
    let played = ["c4-d4".parse().unwrap(), "d5-d6".parse().unwrap()];
    Review {
        start: Score::Cp(0),
        plies: drops
            .iter()
            .enumerate()
            .map(|(i, &drop)| PlyReview {
                ply: i + 1,
                number: 1,
                mover: if i == 0 { Color::White } else { Color::Black },
                played: played[i],
                best: Some("b4-b5".parse().unwrap()),
                after: Score::Cp(0),
                drop,
                class: Class::of(drop),
            })
            .collect(),
    }
}

#[test]
fn a_loss_shown_as_one_piece_is_a_mistake_in_every_game() {
    for drops in [[95, 104], [100, 99]] {
        let text = review_text(Lang::ENGLISH, "", "", &review_of(drops)).words();
        assert_eq!(text.matches("mistake (−1.0)").count(), 2, "{text}");
        assert!(!text.contains("inaccuracy (−1.0)"), "{text}");
        assert!(text.contains("White: 1 mistake"), "{text}");
    }
}
