//! How text a user wrote is echoed back in an error message.

/// At most this many characters of the user's text are quoted.
const MAX_CHARS: usize = 24;

/// `text` as an error message quotes it: trimmed, control characters escaped (so a NUL or an
/// escape sequence cannot hide or restyle anything), cut to 24 characters with `…`.
pub(crate) fn shown(text: &str) -> String {
    let text = text.trim();
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == MAX_CHARS {
            out.push('…');
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::shown;

    #[test]
    fn escapes_and_cuts() {
        assert_eq!(shown(" c4-d4\0 "), "c4-d4\\u{0}");
        assert_eq!(shown("\u{1b}[31mred"), "\\u{1b}[31mred");
        assert_eq!(shown(&"x".repeat(100)), format!("{}…", "x".repeat(24)));
        assert_eq!(shown("Ре5"), "Ре5");
    }
}
