//! Reading a game record: the moves of a game as a person writes them down.

/// The move texts of a game record, in order, as written.
///
/// Moves are separated by white space. Move numbers (`12.`, `12...`, also glued to a move as in
/// `12.c5-e5`), results (`1-0`, `0-1`, `1/2-1/2`, a lone `*`), annotations in parentheses or
/// braces (`f3-d3(R)`, `{a comment}`) and `!`/`?` marks are dropped (`focus-rules.md`,
/// "Notation"). Forms written with spaces are joined back: `R e5`, `Р е5`, `c5 - e5`, `d4 ~ d5`.
///
/// ```
/// use focus_bot::rules::record::move_texts;
/// assert_eq!(move_texts("1. c5-e5 f5-e5(R) 2. R e5 1-0"), ["c5-e5", "f5-e5", "Re5"]);
/// ```
pub fn move_texts(record: &str) -> Vec<String> {
    let mut texts: Vec<String> = Vec::new();
    // Set after a lone `-` or `~`: the next token continues the last move.
    let mut join_next = false;
    // A lone drop marker waiting for its square.
    let mut prefix = String::new();
    for token in strip_annotations(record).split_whitespace() {
        let token = strip_move_number(token).trim_end_matches(['!', '?', ',', ';']);
        if token.is_empty() || is_result(token) {
            continue;
        }
        if matches!(token, "-" | "~") {
            if let Some(last) = texts.last_mut() {
                last.push_str(token);
                join_next = true;
            }
            continue;
        }
        if join_next {
            join_next = false;
            if let Some(last) = texts.last_mut() {
                last.push_str(token);
                continue;
            }
        }
        if is_drop_marker(token) {
            prefix.push_str(token);
            continue;
        }
        texts.push(std::mem::take(&mut prefix) + token);
    }
    if !prefix.is_empty() {
        texts.push(prefix);
    }
    texts
}

/// Removes everything inside `(…)` and `{…}`, nesting included.
fn strip_annotations(text: &str) -> String {
    let mut depth = 0usize;
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '(' | '{' => depth += 1,
            ')' | '}' => depth = depth.saturating_sub(1),
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

/// `12.` → ``, `12...c5-e5` → `c5-e5`; other tokens unchanged.
fn strip_move_number(token: &str) -> &str {
    let digits = token.len() - token.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let rest = &token[digits..];
    if digits > 0 && rest.starts_with('.') {
        rest.trim_start_matches('.')
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
        "+" | "r" | "R" | "r:" | "R:" | "Р" | "р" | "Р:" | "р:" | "P" | "p"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ignores_numbers_results_and_annotations() {
        let record = "1. c5-e5 f5-e5 2. +e5 (White has (nested) notes) e3-e5 {c}\n\
                      3...Ре5 R e5 4.c5 - b5 d4 ~ d5 c1-c3:2! 0-1";
        assert_eq!(
            move_texts(record),
            [
                "c5-e5", "f5-e5", "+e5", "e3-e5", "Ре5", "Re5", "c5-b5", "d4~d5", "c1-c3:2"
            ]
        );
    }

    #[test]
    fn keeps_what_it_cannot_read_for_the_parser_to_reject() {
        assert_eq!(move_texts("1. zz9 R"), ["zz9", "R"]);
        assert!(move_texts("  1. 2. 1/2-1/2 ").is_empty());
    }
}
