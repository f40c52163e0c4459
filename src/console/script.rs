//! Reading one console line: `[#channel] name: command`.

/// One parsed line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The channel named with `#name`, if the line names one.
    pub channel: Option<String>,
    /// Who acts.
    pub user: String,
    /// The command word: `challenge`, `move`, `accept`, … (`/focus` is optional).
    pub command: String,
    /// `key:value` options in order, keys as typed; a value runs until the next `key:`, so
    /// an FPN with spaces fits (`position:… w 0 0 0 0`).
    pub options: Vec<(String, String)>,
    /// Words that are not options, in order (`/focus move c4-d4` gives `["c4-d4"]`).
    pub args: Vec<String>,
}

/// Whether `word` starts an option: a name of letters (any language), `-` or `_`, then `:`.
fn option_start(word: &str) -> Option<(&str, &str)> {
    let (key, value) = word.split_once(':')?;
    let is_name = !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_alphabetic() || c == '-' || c == '_');
    is_name.then_some((key, value))
}

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
    // `/focus` (or its name in another language, `/фокус`) before the subcommand.
    if words.peek().is_some_and(|w| w.starts_with('/'))
        && command.split_whitespace().nth(1).is_some()
    {
        words.next();
    }
    let command = words
        .next()
        .unwrap_or("")
        .trim_start_matches('/')
        .to_lowercase();
    let mut options: Vec<(String, String)> = Vec::new();
    let mut args = Vec::new();
    for word in words {
        match option_start(word) {
            Some((key, value)) => options.push((key.to_lowercase(), value.to_owned())),
            None => match options.last_mut() {
                Some((_, v)) => {
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
        let option = |line: &Line, key: &str| {
            let found = line.options.iter().find(|(k, _)| k == key);
            found.map(|(_, v)| v.clone()).unwrap_or_default()
        };
        assert_eq!(option(&line, "opponent"), "bob");
        assert_eq!(option(&line, "rules"), "swap");
        assert_eq!(option(&line, "days"), "0");

        let line = parse("#lobby bob: /focus challenge position:.,.,. w 0 0 13 13 rated:false")
            .unwrap()
            .unwrap();
        assert_eq!(line.channel.as_deref(), Some("lobby"));
        assert_eq!(option(&line, "position"), ".,.,. w 0 0 13 13");
        assert_eq!(option(&line, "rated"), "false");

        // Every `name:` starts an option, known or not (the command then refuses it).
        let line = parse("alice: challenge opponent:erin levl:3")
            .unwrap()
            .unwrap();
        assert_eq!(option(&line, "opponent"), "erin");
        assert_eq!(option(&line, "levl"), "3");
        let line = parse("alice: вызов соперник:bob").unwrap().unwrap();
        assert_eq!(option(&line, "соперник"), "bob");

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
