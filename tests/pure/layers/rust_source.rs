//! Rust source as the layering test reads it: without comments and literals, in tokens, and
//! the paths a `use` or an expression names.

/// A token of source without comments and literals, with its line (from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// The token as written.
    pub text: String,
    /// Its line, from 1.
    pub line: usize,
}

/// `source` with every comment and string or character literal blanked out (newlines kept, so
/// lines keep their numbers); lifetimes and labels stay.
pub fn strip(source: &str) -> String {
    let chars: Vec<char> = source.chars().collect();
    let mut out = String::with_capacity(source.len());
    let blank = |out: &mut String, from: &[char]| {
        out.extend(from.iter().map(|&c| if c == '\n' { '\n' } else { ' ' }));
    };
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut i = 0;
    while i < chars.len() {
        let at = |k: usize| chars.get(k).copied().unwrap_or('\0');
        let after_ident = i > 0 && ident(chars[i - 1]);
        let end = if at(i) == '/' && at(i + 1) == '/' {
            (i..chars.len())
                .find(|&k| chars[k] == '\n')
                .unwrap_or(chars.len())
        } else if at(i) == '/' && at(i + 1) == '*' {
            // Block comments nest.
            let (mut k, mut depth) = (i, 0);
            while k < chars.len() {
                if at(k) == '/' && at(k + 1) == '*' {
                    depth += 1;
                    k += 2;
                } else if at(k) == '*' && at(k + 1) == '/' {
                    depth -= 1;
                    k += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    k += 1;
                }
            }
            k
        } else if !after_ident && (at(i) == 'r' || (at(i) == 'b' && at(i + 1) == 'r')) && {
            let k = i + if at(i) == 'b' { 2 } else { 1 };
            let hashes = (k..chars.len()).take_while(|&h| chars[h] == '#').count();
            at(k + hashes) == '"'
        } {
            // A raw string: ends at the quote followed by as many `#` as opened it.
            let k = i + if at(i) == 'b' { 2 } else { 1 };
            let hashes = (k..chars.len()).take_while(|&h| chars[h] == '#').count();
            let mut e = k + hashes + 1;
            while e < chars.len() && !(at(e) == '"' && (1..=hashes).all(|h| at(e + h) == '#')) {
                e += 1;
            }
            (e + 1 + hashes).min(chars.len())
        } else if at(i) == '"' || (!after_ident && at(i) == 'b' && at(i + 1) == '"') {
            let mut e = i + if at(i) == 'b' { 2 } else { 1 };
            while e < chars.len() && at(e) != '"' {
                e += if at(e) == '\\' { 2 } else { 1 };
            }
            (e + 1).min(chars.len())
        } else if at(i) == '\'' && at(i + 1) == '\\' {
            // An escaped character: `'\n'`, `'\''`, `'\u{1F600}'`.
            let mut e = i + 3;
            while e < chars.len() && at(e) != '\'' {
                e += 1;
            }
            (e + 1).min(chars.len())
        } else if at(i) == '\'' && at(i + 2) == '\'' {
            i + 3
        } else {
            out.push(chars[i]);
            i += 1;
            continue;
        };
        blank(&mut out, &chars[i..end]);
        i = end;
    }
    out
}

/// The tokens of stripped source: identifiers, `::`, and every other character on its own.
pub fn tokens(stripped: &str) -> Vec<Token> {
    let mut out = Vec::new();
    let mut line = 1;
    let mut chars = stripped.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\n' {
            line += 1;
        } else if c.is_alphabetic() || c == '_' {
            let mut text = c.to_string();
            while let Some(&n) = chars.peek().filter(|n| n.is_alphanumeric() || **n == '_') {
                text.push(n);
                chars.next();
            }
            out.push(Token { text, line });
        } else if c == ':' && chars.peek() == Some(&':') {
            chars.next();
            out.push(Token {
                text: "::".into(),
                line,
            });
        } else if !c.is_whitespace() {
            out.push(Token {
                text: c.to_string(),
                line,
            });
        }
    }
    out
}

fn is_ident(text: &str) -> bool {
    text.starts_with(|c: char| c.is_alphabetic() || c == '_')
}

/// The paths that start at `tokens[i]`, a group `{a, b::c}` giving one path per member; and
/// the index after them.
pub fn paths(tokens: &[Token], mut i: usize) -> (Vec<Vec<String>>, usize) {
    let mut prefix = Vec::new();
    while i < tokens.len() {
        let text = tokens[i].text.as_str();
        if text == "{" {
            let mut out = Vec::new();
            i += 1;
            while i < tokens.len() && tokens[i].text != "}" {
                if is_ident(&tokens[i].text) || tokens[i].text == "{" {
                    let (members, next) = paths(tokens, i);
                    out.extend(members.into_iter().map(|m| [prefix.clone(), m].concat()));
                    i = next;
                    // `as name`, up to the next member.
                    while i < tokens.len() && tokens[i].text != "," && tokens[i].text != "}" {
                        i += 1;
                    }
                } else {
                    i += 1;
                }
            }
            return (out, i + 1);
        }
        if !is_ident(text) {
            break;
        }
        prefix.push(text.to_owned());
        i += 1;
        if tokens.get(i).is_some_and(|t| t.text == "::") {
            i += 1;
        } else {
            break;
        }
    }
    (
        if prefix.is_empty() {
            Vec::new()
        } else {
            vec![prefix]
        },
        i,
    )
}
