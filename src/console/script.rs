//! Reading one console line: `[#channel] name: command`.

use std::collections::BTreeMap;

/// One parsed line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The channel named with `#name`, if the line names one.
    pub channel: Option<String>,
    /// Who acts.
    pub user: String,
    /// The command word: `challenge`, `move`, `accept`, … (`/focus` is optional).
    pub command: String,
    /// `key:value` options; a value runs until the next known key, so an FPN with spaces
    /// fits (`position:… w 0 0 0 0`).
    pub options: BTreeMap<String, String>,
    /// Words that are not options, in order (`/focus move c4-d4` gives `["c4-d4"]`).
    pub args: Vec<String>,
}

/// Option names the console understands.
const KEYS: [&str; 16] = [
    "opponent", "rules", "days", "minutes", "color", "rated", "position", "move", "draw",
    "confirm", "game", "dm", "page", "user", "side", "level",
];

/// Why a line cannot be read (the console says how to write one, in its language).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LineError {
    /// No `name:` before the command.
    NoName,
    /// The name before the colon is empty or more than one word.
    BadName,
}

/// Parses `line`; `None` for a blank line or a comment (`#` followed by a space, or `//`).
///
/// # Errors
/// [`LineError`] when the line has no one-word `name:`.
pub fn parse(line: &str) -> Result<Option<Line>, LineError> {
    let line = line.trim();
    if line.is_empty() || line.starts_with("# ") || line.starts_with("//") || line == "#" {
        return Ok(None);
    }
    let (channel, rest) = match line.strip_prefix('#') {
        Some(rest) => {
            let (name, rest) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
            (Some(name.to_owned()), rest.trim_start())
        }
        None => (None, line),
    };
    let Some((user, command)) = rest.split_once(':') else {
        return Err(LineError::NoName);
    };
    let user = user.trim();
    if user.is_empty() || user.contains(char::is_whitespace) {
        return Err(LineError::BadName);
    }
    let mut words = command.split_whitespace().peekable();
    if words.peek() == Some(&"/focus") {
        words.next();
    }
    let command = words
        .next()
        .unwrap_or("")
        .trim_start_matches('/')
        .to_lowercase();
    let mut options = BTreeMap::new();
    let mut args = Vec::new();
    let mut current: Option<String> = None;
    for word in words {
        match word.split_once(':') {
            Some((key, value)) if KEYS.contains(&key.to_lowercase().as_str()) => {
                let key = key.to_lowercase();
                options.insert(key.clone(), value.to_owned());
                current = Some(key);
            }
            _ => match &current {
                Some(key) => {
                    let v = options.entry(key.clone()).or_default();
                    if !v.is_empty() {
                        v.push(' ');
                    }
                    v.push_str(word);
                }
                None => args.push(word.to_owned()),
            },
        }
    }
    Ok(Some(Line {
        channel,
        user: user.to_owned(),
        command,
        options,
        args,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_users_commands_and_options() {
        let line = parse("alice: /focus challenge opponent:bob rules:swap days:0")
            .unwrap()
            .unwrap();
        assert_eq!(line.user, "alice");
        assert_eq!(line.command, "challenge");
        assert_eq!(line.options["opponent"], "bob");
        assert_eq!(line.options["rules"], "swap");
        assert_eq!(line.options["days"], "0");

        let line = parse("#lobby bob: /focus challenge position:.,.,. w 0 0 13 13 rated:false")
            .unwrap()
            .unwrap();
        assert_eq!(line.channel.as_deref(), Some("lobby"));
        assert_eq!(line.options["position"], ".,.,. w 0 0 13 13");
        assert_eq!(line.options["rated"], "false");

        let line = parse("bob: move c4 - d4").unwrap().unwrap();
        assert_eq!(
            (line.command.as_str(), line.args.join(" ")),
            ("move", "c4 - d4".into())
        );
        assert_eq!(parse("  ").unwrap(), None);
        assert_eq!(parse("# a comment").unwrap(), None);
        assert!(parse("no colon here").is_err());
    }
}
