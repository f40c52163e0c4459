//! Reading a game record: the moves of a game as a person writes them down.

use thiserror::Error;

use super::moves::looks_like_square;
use super::shown::shown;
use super::{Color, Move, MoveError, Position};

/// Why a text cannot be read as a game record (its moves are checked later, one by one).
///
/// Its sentence in each language is made at the edge (`strings::errors`); `Display` is English.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RecordError {
    /// An annotation is opened and never closed, which would swallow the rest of the record.
    UnclosedAnnotation {
        /// `(` or `{`.
        open: char,
        /// The closing bracket expected.
        close: char,
        /// 1-based character position of the opening bracket.
        at: usize,
    },
    /// A header line that is not a tag `[Name "value"]`.
    BadTag {
        /// 1-based line within the record (inside its code fence, if it has one).
        line: usize,
    },
}

/// A game record as a person or the bot writes it: an optional header of tags like PGN's
/// (`[White "Alice"]`, `[Rules "swap"]`), then the moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// The header's tags, in order: name and value.
    pub tags: Vec<(String, String)>,
    /// The moves, as written ([`move_texts`] reads them).
    pub moves: String,
}

impl Record {
    /// The value of tag `name` (names compare case-insensitively), if the header has it.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// Reads `text` as a record: what is inside its first code fence when it has one (a record
/// copied from a Discord message, with the words around it), a header of tag lines
/// `[Name "value"]` at the top (none is fine), then the moves.
///
/// ```
/// use focus_bot::rules::record::read_record;
/// let copied = "Game 3:\n```\n[White \"Alice\"]\n[Rules \"swap\"]\n\n1. d4~d5 f5-e5\n```\nReplay it.";
/// let record = read_record(copied)?;
/// assert_eq!(record.tag("rules"), Some("swap"));
/// assert_eq!(record.moves.trim(), "1. d4~d5 f5-e5");
/// # Ok::<(), focus_bot::rules::record::RecordError>(())
/// ```
///
/// # Errors
/// [`RecordError::BadTag`] for a header line that starts with `[` but is no tag.
pub fn read_record(text: &str) -> Result<Record, RecordError> {
    // A byte-order mark (a file saved by Notepad) is no part of the record.
    let text = fenced(text.strip_prefix('\u{feff}').unwrap_or(text));
    let mut tags = Vec::new();
    let mut lines = text.lines().enumerate().peekable();
    while let Some((i, line)) = lines.peek().copied() {
        let line = line.trim();
        if line.is_empty() {
            lines.next();
            continue;
        }
        if !line.starts_with('[') {
            break;
        }
        tags.push(tag(line).ok_or(RecordError::BadTag { line: i + 1 })?);
        lines.next();
    }
    let moves: Vec<&str> = lines.map(|(_, line)| line).collect();
    Ok(Record {
        tags,
        moves: moves.join("\n"),
    })
}

/// The inside of the first code fence of `text` (its opening line, which may name a
/// language, left out), up to the closing fence or the end; all of `text` without a fence.
fn fenced(text: &str) -> &str {
    let Some(open) = text.find("```") else {
        return text;
    };
    let after = &text[open + 3..];
    let body = after.find('\n').map_or("", |nl| &after[nl + 1..]);
    match body.find("```") {
        Some(close) => &body[..close],
        None => body,
    }
}

/// `[Name "value"]` as its name and value (`\"` and `\\` escaped in the value).
fn tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?.trim();
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    let quoted = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(chars.next()?),
            '"' => return None,
            c => value.push(c),
        }
    }
    Some((name.to_owned(), value))
}

/// `value` quoted for a tag: `"` and `\` escaped.
pub fn quote_tag(value: &str) -> String {
    let mut out = String::with_capacity(value.len() + 2);
    out.push('"');
    for c in value.chars() {
        if matches!(c, '"' | '\\') {
            out.push('\\');
        }
        // A tag is one line: line breaks in a name become spaces.
        out.push(if c == '\n' || c == '\r' { ' ' } else { c });
    }
    out.push('"');
    out
}

/// The move texts of a game record, in order, as written.
///
/// Moves are separated by white space. Move numbers (`12.`, `12...`, `12…`, also glued to a
/// move as in `12.c5-e5`), results (`1-0`, `0-1`, `1/2-1/2`, a lone `*`), annotations in
/// parentheses or braces (`f3-d3(R)`, `{a comment}`) and `!`/`?` marks are dropped
/// (`focus-rules.md`, "Notation"). Forms written with spaces are joined back: `R e5`, `* e5`,
/// `Р е5`, `c5 - e5`, `c5 -e5`, `d4 ~ d5`.
///
/// ```
/// use focus_bot::rules::record::move_texts;
/// assert_eq!(
///     move_texts("1. c5-e5 f5-e5(R)2. R e5 1-0")?,
///     ["c5-e5", "f5-e5", "Re5"]
/// );
/// # Ok::<(), focus_bot::rules::record::RecordError>(())
/// ```
///
/// # Errors
/// [`RecordError::UnclosedAnnotation`] for a `(` or `{` that is never closed.
pub fn move_texts(record: &str) -> Result<Vec<String>, RecordError> {
    let stripped = strip_annotations(record)?;
    let tokens: Vec<&str> = stripped
        .split_whitespace()
        .map(|t| strip_move_number(t).trim_end_matches(['!', '?', ',', ';']))
        .filter(|t| !t.is_empty())
        .collect();

    let mut texts: Vec<String> = Vec::new();
    // Set when the last text ends in `-` or `~` and waits for its second square.
    let mut open_pair = false;
    let mut i = 0;
    while i < tokens.len() {
        let token = tokens[i];
        let next_is_square = tokens.get(i + 1).is_some_and(|n| looks_like_square(n));
        i += 1;
        if is_drop_marker(token) && next_is_square {
            texts.push(format!("{token}{}", tokens[i]));
            i += 1;
            open_pair = false;
            continue;
        }
        if is_result(token) {
            continue;
        }
        let continues_last = open_pair
            || (token.starts_with(['-', '~'])
                && texts
                    .last()
                    .is_some_and(|last| !last.contains(['-', '~', '+', '*'])));
        match texts.last_mut() {
            Some(last) if continues_last => last.push_str(token),
            _ => texts.push(token.to_owned()),
        }
        open_pair = texts.last().is_some_and(|t| t.ends_with(['-', '~']));
    }
    Ok(texts)
}

/// A record that cannot be replayed: unreadable as a whole, or with a move that cannot be
/// played.
///
/// Its sentence in each language is made at the edge (`strings::errors`); `Display` is English.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ReplayError {
    /// The record itself is malformed.
    Record(#[from] RecordError),
    /// A move is unreadable or illegal: which ply, the move as written, and why.
    Move {
        /// 1-based ply within the record.
        ply: usize,
        /// The move number, as a record writes it (`4.` for White, `4...` for Black).
        number: usize,
        /// Who was to move.
        side: Color,
        /// The move as written (escaped and shortened for display).
        text: String,
        /// What is wrong with it.
        error: MoveError,
    },
}

/// Plays the record `text` ([`move_texts`]) from `start`: the position reached. A header or a
/// code fence around it ([`read_record`]) is read past.
///
/// # Errors
/// [`ReplayError`] for a malformed record or the first move that cannot be played.
pub fn replay(start: Position, text: &str) -> Result<Position, ReplayError> {
    replay_moves(start, text).map(|(pos, _)| pos)
}

/// Plays the record `text` ([`move_texts`]) from `start`: the position reached and the moves
/// played, in order (what an animated replay draws). A header or a code fence around it
/// ([`read_record`]) is read past.
///
/// # Errors
/// [`ReplayError`] for a malformed record or the first move that cannot be played.
pub fn replay_moves(start: Position, text: &str) -> Result<(Position, Vec<Move>), ReplayError> {
    let record = read_record(text)?;
    let text = record.moves.as_str();
    let mut pos = start;
    let texts = move_texts(text)?;
    let mut moves = Vec::with_capacity(texts.len());
    // A record from a Black-to-move position starts at "1...".
    let first_offset = usize::from(start.side_to_move() == Color::Black);
    for (i, text) in texts.into_iter().enumerate() {
        let side = pos.side_to_move();
        match pos.play_str(&text) {
            Ok((mv, _)) => moves.push(mv),
            Err(error) => {
                return Err(ReplayError::Move {
                    ply: i + 1,
                    number: (i + first_offset) / 2 + 1,
                    side,
                    text: shown(&text),
                    error,
                });
            }
        }
    }
    Ok((pos, moves))
}

/// Replaces everything inside `(…)` and `{…}`, nesting included, by a space.
fn strip_annotations(text: &str) -> Result<String, RecordError> {
    let mut open: Vec<(char, usize)> = Vec::new();
    let mut out = String::with_capacity(text.len());
    for (at, c) in text.chars().enumerate() {
        match c {
            '(' | '{' => {
                if open.is_empty() {
                    out.push(' ');
                }
                open.push((c, at + 1));
            }
            ')' | '}' => {
                open.pop();
            }
            _ if open.is_empty() => out.push(c),
            _ => {}
        }
    }
    match open.first() {
        Some(&(open, at)) => Err(RecordError::UnclosedAnnotation {
            open,
            close: if open == '(' { ')' } else { '}' },
            at,
        }),
        None => Ok(out),
    }
}

/// `12.` → ``, `12...c5-e5` or `12…c5-e5` → `c5-e5`; other tokens unchanged.
fn strip_move_number(token: &str) -> &str {
    let rest = token.trim_start_matches(|c: char| c.is_ascii_digit());
    if rest.len() < token.len() && rest.starts_with(['.', '…']) {
        rest.trim_start_matches(['.', '…'])
    } else {
        token
    }
}

fn is_result(token: &str) -> bool {
    matches!(token, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*")
}

fn is_drop_marker(token: &str) -> bool {
    matches!(
        token,
        "+" | "*" | "r" | "R" | "r:" | "R:" | "Р" | "р" | "Р:" | "р:" | "P" | "p"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ignores_numbers_results_and_annotations() {
        let record = "1. c5-e5 f5-e5 2. +e5 (White has (nested) notes) e3-e5 {c}\n\
                      3...Ре5 R e5 4.c5 - b5 d4 ~ d5 c1-c3:2! 5… * e5 c4- d4 c3 -c4 0-1";
        assert_eq!(
            move_texts(record).unwrap(),
            [
                "c5-e5", "f5-e5", "+e5", "e3-e5", "Ре5", "Re5", "c5-b5", "d4~d5", "c1-c3:2", "*e5",
                "c4-d4", "c3-c4"
            ]
        );
    }

    #[test]
    fn annotations_separate_moves() {
        assert_eq!(
            move_texts("1. c4-d4(!)f5-e5(R)2. c3-c4").unwrap(),
            ["c4-d4", "f5-e5", "c3-c4"]
        );
    }

    #[test]
    fn an_unclosed_annotation_is_an_error() {
        assert_eq!(
            move_texts("1. c4-d4 (oops f5-e5 2. zz9"),
            Err(RecordError::UnclosedAnnotation {
                open: '(',
                close: ')',
                at: 10
            })
        );
    }

    #[test]
    fn a_header_and_a_code_fence_are_read_past() {
        let text = "**Game 7** (swap rules):\n```text\n[Game \"7\"]\n[White \"Al \\\"the\\\" Ice\"]\n\
                    [Rules \"swap\"]\n\n1. d4~d5 f5-e5 1-0\n```\nReplay it with `focus-bot replay`.";
        let record = read_record(text).unwrap();
        assert_eq!(
            record.tags,
            [
                ("Game".to_owned(), "7".to_owned()),
                ("White".to_owned(), "Al \"the\" Ice".to_owned()),
                ("Rules".to_owned(), "swap".to_owned())
            ]
        );
        assert_eq!(move_texts(&record.moves).unwrap(), ["d4~d5", "f5-e5"]);
        // Without a fence or a header, the whole text is the moves.
        assert_eq!(read_record("1. c4-d4").unwrap().moves, "1. c4-d4");
        assert_eq!(read_record("").unwrap(), Record::default());
        // An unclosed fence runs to the end.
        assert_eq!(read_record("```\n1. c4-d4").unwrap().moves, "1. c4-d4");
        // A line that opens a tag but is none.
        for bad in [
            "[White Alice]",
            "[White \"Alice]",
            "[\"x\"]",
            "[Wh ite \"x\"]",
            "[A \"b\"c\"]",
        ] {
            assert_eq!(
                read_record(&format!("[Game \"1\"]\n{bad}\n1. c4-d4")),
                Err(RecordError::BadTag { line: 2 }),
                "{bad}"
            );
        }
        // Quoting round-trips.
        for value in ["plain", "a \"quote\"", "back\\slash", ""] {
            let line = format!("[Name {}]", quote_tag(value));
            assert_eq!(
                tag(&line),
                Some(("Name".to_owned(), value.to_owned())),
                "{line}"
            );
        }
    }

    #[test]
    fn keeps_what_it_cannot_read_for_the_parser_to_reject() {
        assert_eq!(move_texts("1. zz9 R").unwrap(), ["zz9", "R"]);
        assert_eq!(
            move_texts("1. c4-d4 R 2. c3-c4").unwrap(),
            ["c4-d4", "R", "c3-c4"]
        );
        assert!(move_texts("  1. 2. 1/2-1/2 * ").unwrap().is_empty());
    }
}
