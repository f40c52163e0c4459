//! The words of an analysis, in the reader's language: the progress line, the posted text
//! (each side's count, then the judged moves with the better one) and the chart's words.
//!
//! The posted text ([`text`]) always fits one Discord message: at most [`MAX_LISTED`] moves
//! are listed (the worst ones, in the order played), fewer if the message would pass
//! [`MESSAGE_LIMIT`], and the rest are counted ("…and 7 more"). The command line's text
//! ([`review_text`]), printed to a terminal or a file, has no such limit and lists every one.

use crate::engine::review::{Class, PlyReview, Review};
use crate::i18n::Lang;
use crate::render::chart::{Chart, Mark};
use crate::rules::Color;
use crate::service::{Analysis, Progress};
use crate::text::Text;
use crate::tr;

use super::{MESSAGE_LIMIT, color_heading, color_key, mention};

/// The most judged moves listed in one message: beyond it the list stops being read.
pub const MAX_LISTED: usize = 12;

/// The deferred reply while the engine works: `Analysing game 12: 40/80 moves…`.
pub fn progress(lang: Lang, p: Progress) -> Text {
    Text::from_marked(&progress_marked(lang, p))
}

pub(crate) fn progress_marked(lang: Lang, p: Progress) -> String {
    tr!(
        lang,
        "analysis-progress",
        game = p.game.0.to_string(),
        done = p.done as u64,
        total = p.total as u64
    )
}

/// The message posted with the chart: the heading, each side's counts, the judged moves.
/// Players are mentions (Discord shows them as names; the console as `@name`).
pub fn text(lang: Lang, analysis: &Analysis) -> Text {
    Text::from_marked(&text_marked(lang, analysis))
}

pub(crate) fn text_marked(lang: Lang, analysis: &Analysis) -> String {
    let game = &analysis.history.game;
    let (white, black) = (mention(game.white_id), mention(game.black_id));
    let heading = tr!(
        lang,
        "analysis-heading",
        game = game.id.0.to_string(),
        white = white.as_str(),
        black = black.as_str(),
        plies = analysis.review.plies.len() as u64
    );
    body(
        lang,
        Some(heading),
        [&white, &black],
        &analysis.review,
        true,
    )
}

/// The text of a review without a stored game (`focus-bot analysis`): each side's counts and
/// every judged move, the players named `white` and `black` (empty: by colour only). Not cut
/// to a message: a terminal or a file has room for every move.
pub fn review_text(lang: Lang, white: &str, black: &str, review: &Review) -> Text {
    Text::from_marked(&review_text_marked(lang, white, black, review))
}

pub(crate) fn review_text_marked(lang: Lang, white: &str, black: &str, review: &Review) -> String {
    body(lang, None, [white, black], review, false)
}

/// `pieces` hundredths of a piece as pieces with one decimal, in `lang`'s way (`3.2`, `3,2`).
pub fn pieces(lang: Lang, hundredths: i32) -> String {
    // The rounding the classification judges by, so the number shown and the class agree.
    let tenths = crate::engine::review::tenths(hundredths);
    format!(
        "{}{}{}",
        tenths / 10,
        tr!(lang, "decimal-separator"),
        tenths % 10
    )
}

fn class_key(class: Class) -> &'static str {
    match class {
        Class::Inaccuracy => "inaccuracy",
        Class::Mistake => "mistake",
        Class::Blunder => "blunder",
    }
}

/// A class's name in `lang`: `inaccuracy`, `mistake`, `blunder`.
pub fn class_name(lang: Lang, class: Class) -> String {
    tr!(lang, "analysis-class", class = class_key(class))
}

/// One side's line: `White (@a): 1 inaccuracy, 2 blunders`; `White: …` when `player` is
/// empty.
fn side_line(lang: Lang, color: Color, player: &str, review: &Review) -> String {
    let counts: Vec<String> = Class::ALL
        .iter()
        .filter_map(|&class| {
            let n = review.count(color, class);
            let id = format!("analysis-count-{}", class_key(class));
            (n > 0).then(|| crate::i18n::tr(lang, &id, &[("count", (n as u64).into())]))
        })
        .collect();
    let summary = if counts.is_empty() {
        tr!(lang, "analysis-side-clean")
    } else {
        counts.join(", ")
    };
    if player.is_empty() {
        return tr!(
            lang,
            "analysis-side-unnamed",
            color = color_key(color),
            summary = summary
        );
    }
    tr!(
        lang,
        "analysis-side",
        color = color_key(color),
        player = player,
        summary = summary
    )
}

/// One judged move: `Move 14 (White) c4-c6: blunder (−3.2); better b2-b4`.
fn move_line(lang: Lang, p: &PlyReview) -> String {
    tr!(
        lang,
        "analysis-move",
        number = p.number as u64,
        color = color_key(p.mover),
        move = p.played.to_string(),
        class = class_name(lang, p.class.unwrap_or(Class::Inaccuracy)),
        drop = pieces(lang, p.drop),
        best = p.best.map_or_else(|| "?".to_owned(), |m| m.to_string())
    )
}

/// The last line: how moves are judged, each class from its threshold
/// ([`crate::engine::review::THRESHOLDS`]): `… an inaccuracy from 0.5, a mistake from 1.0, a
/// blunder from 2.5.`
pub fn legend(lang: Lang) -> String {
    tr!(
        lang,
        "analysis-legend",
        inaccuracy = pieces(lang, Class::Inaccuracy.threshold()),
        mistake = pieces(lang, Class::Mistake.threshold()),
        blunder = pieces(lang, Class::Blunder.threshold())
    )
}

/// The length of a marked line in a Discord message.
fn utf16(text: &str) -> usize {
    super::message_len(&Text::from_marked(text))
}

/// The heading (if any), each side's line, the judged moves and the legend; when `to_fit`,
/// only as many moves as one Discord message holds ([`MAX_LISTED`] at most), the rest
/// counted.
fn body(
    lang: Lang,
    heading: Option<String>,
    players: [&str; 2],
    review: &Review,
    to_fit: bool,
) -> String {
    let mut lines: Vec<String> = heading.into_iter().collect();
    lines.push(side_line(lang, Color::White, players[0], review));
    lines.push(side_line(lang, Color::Black, players[1], review));
    let legend = legend(lang);
    // The worst moves first when not all fit, then shown in the order played.
    let mut flagged: Vec<&PlyReview> = review.flagged().collect();
    flagged.sort_by_key(|p| (std::cmp::Reverse(p.drop), p.ply));
    let mut listed: Vec<&PlyReview> = Vec::new();
    // Room for the "and N more" line (its longest: a count of five digits).
    let more_room = utf16(&tr!(lang, "analysis-more", count = 99_999u64)) + 1;
    let mut used = lines.iter().map(|l| utf16(l) + 1).sum::<usize>() + utf16(&legend);
    let most = if to_fit { MAX_LISTED } else { flagged.len() };
    for p in flagged.iter().take(most) {
        let line = utf16(&move_line(lang, p)) + 1;
        if to_fit && used + line + more_room > MESSAGE_LIMIT {
            break;
        }
        used += line;
        listed.push(p);
    }
    listed.sort_by_key(|p| p.ply);
    lines.extend(listed.iter().map(|p| move_line(lang, p)));
    if flagged.len() > listed.len() {
        lines.push(tr!(
            lang,
            "analysis-more",
            count = (flagged.len() - listed.len()) as u64
        ));
    }
    lines.push(legend);
    lines.join("\n")
}

/// The chart of `analysis` in `lang`: titled with the game and its players' names.
pub fn chart(lang: Lang, analysis: &Analysis) -> Chart {
    let h = &analysis.history;
    let name = |i: usize, color: Color| {
        h.names[i]
            .clone()
            .unwrap_or_else(|| color_heading(lang, color))
    };
    let title = tr!(
        lang,
        "chart-title",
        game = h.game.id.0.to_string(),
        white = name(0, Color::White),
        black = name(1, Color::Black)
    );
    review_chart(lang, title, &analysis.review)
}

/// The chart of `review` in `lang`, titled `title`.
pub fn review_chart(lang: Lang, title: String, review: &Review) -> Chart {
    let first_black = review
        .plies
        .first()
        .is_some_and(|p| p.mover == Color::Black);
    Chart {
        title,
        x_label: tr!(lang, "chart-x"),
        y_label: tr!(lang, "chart-y"),
        classes: Class::ALL.map(|c| class_name(lang, c)),
        first_ply: usize::from(first_black),
        scores: review
            .white_scores()
            .into_iter()
            .map(|s| f64::from(crate::engine::review::value(s)) / 100.0)
            .collect(),
        marks: review
            .flagged()
            .filter_map(|p| {
                Some(Mark {
                    ply: p.ply,
                    class: p.class?,
                })
            })
            .collect(),
    }
}
