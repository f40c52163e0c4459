//! The crosstable as plain text, for screen readers: the same table as the picture.

use super::{Cell, Crosstable, Side};

/// The table as plain text, for screen readers and as the picture's alt text: the title, the
/// subtitle if any, then one line per player, built only from the data's words and marks:
///
/// `1. alice — Pts 3; BH-C1 4.5; SB 3.25; 1: 5 white 1; 2: 3 black ½; 3: +`
///
/// that is the rank (printed on every line, shared or not), the name, the score and each
/// tie-break after its header, then each round after its header: a game as the opponent's
/// rank, the colour's word ([`Crosstable::white`], [`Crosstable::black`]) and the mark (left
/// out when empty, as for a game in play), a round without a game as its mark; future rounds
/// are left out. Lines end with `\n`. The text is not escaped for Markdown.
///
/// A line is about 10 characters, plus the name, the score and its header, about 10 per
/// tie-break and 10 plus the colour's word per round played: 820 characters in all for 9
/// players after 3 of 4 rounds with 3 tie-breaks (title and subtitle included), some 4,500
/// for a page of 32 after 7 rounds. Callers that must fit a limit page it (Discord's alt text
/// holds 1,024 characters, a message 2,000).
pub fn crosstable_text(data: &Crosstable) -> String {
    let mut out = String::new();
    out.push_str(&data.title);
    out.push('\n');
    if let Some(subtitle) = &data.subtitle {
        out.push_str(subtitle);
        out.push('\n');
    }
    for row in &data.rows {
        let mut parts = vec![format!("{} {}", data.score_header, row.score)];
        for (header, value) in data.tie_break_headers.iter().zip(&row.tie_breaks) {
            parts.push(format!("{header} {value}"));
        }
        for (header, cell) in data.round_headers.iter().zip(&row.cells) {
            match cell {
                Cell::Game {
                    opponent,
                    side,
                    mark,
                    ..
                } => {
                    let colour = match side {
                        Side::White => &data.white,
                        Side::Black => &data.black,
                    };
                    let mut part = format!("{header}: {opponent} {colour}");
                    if !mark.is_empty() {
                        part.push(' ');
                        part.push_str(mark);
                    }
                    parts.push(part);
                }
                Cell::NoGame { mark, .. } if !mark.is_empty() => {
                    parts.push(format!("{header}: {mark}"));
                }
                Cell::NoGame { .. } | Cell::Future => {}
            }
        }
        out.push_str(&format!(
            "{}. {} — {}\n",
            row.rank,
            row.name,
            parts.join("; ")
        ));
    }
    out
}
