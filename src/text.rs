//! Structured text: what the bot says, as data that each adapter renders its own way.
//!
//! [`crate::strings`] makes every sentence a user reads as a [`Text`]: plain words, bold and
//! code, a preformatted block, a user, a channel or thread, a link to a channel, a time (with
//! its style) and lines. The Discord adapter renders it as Discord markdown with `<@id>`,
//! `<#id>` and `<t:unix:R>`; the console as names, times in words and, on request, terminal
//! colour. Nothing parses another adapter's markup.
//!
//! The sentences themselves come from the Fluent files of `locales/`, which mark bold as
//! `**…**` and code as `` `…` ``: that markup belongs to the locale files, and
//! [`Text::from_marked`] reads it (with the placeholders of [`user`], [`channel`], [`time`]
//! and [`channel_link`] that `strings` gives Fluent as arguments) into spans. No adapter ever
//! sees it.

/// How a time is shown: Discord's timestamp styles that the bot uses.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TimeStyle {
    /// A date and a time of day (`f`): `3 December 2026 16:49`.
    DateTime,
    /// Relative to now (`R`): `in 2 days`, `3 hours ago`.
    Relative,
}

impl TimeStyle {
    /// Discord's letter for the style (`f`, `R`).
    pub fn letter(self) -> char {
        match self {
            TimeStyle::DateTime => 'f',
            TimeStyle::Relative => 'R',
        }
    }

    fn of_letter(c: char) -> Option<TimeStyle> {
        match c {
            'f' => Some(TimeStyle::DateTime),
            'R' => Some(TimeStyle::Relative),
            _ => None,
        }
    }
}

/// One piece of a [`Text`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    /// Words as they are (newlines included).
    Plain(String),
    /// A short piece of code or notation, set apart (`` `c4-d4` ``).
    Code(String),
    /// A preformatted block of lines (a game's record).
    Block(String),
    /// A user, by id: a mention on Discord, `@name` in the console.
    User(u64),
    /// A channel or thread, by id.
    Channel(u64),
    /// A link that opens channel `channel` of server `guild` from anywhere (a DM).
    ChannelLink {
        /// The server.
        guild: u64,
        /// The channel or thread.
        channel: u64,
    },
    /// A moment, unix seconds, in a style.
    Time(i64, TimeStyle),
}

/// A piece and whether it is bold.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Span {
    /// What is said.
    pub piece: Piece,
    /// Whether it stands out.
    pub bold: bool,
}

/// A text made of [`Span`]s. Empty by default; lines are joined with [`Text::line`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Text {
    spans: Vec<Span>,
}

/// Opens a placeholder inside a marked string (a private-use character no locale file or
/// user name of ours contains: it never reaches a reader, [`Text::from_marked`] takes it out).
const OPEN: char = '\u{F8F0}';
/// Closes a placeholder.
const CLOSE: char = '\u{F8F1}';

/// The placeholder of user `id`, for a Fluent argument.
pub fn user(id: u64) -> String {
    format!("{OPEN}u{id}{CLOSE}")
}

/// The placeholder of channel or thread `id`.
pub fn channel(id: u64) -> String {
    format!("{OPEN}c{id}{CLOSE}")
}

/// The placeholder of a link to `channel` of server `guild`.
pub fn channel_link(guild: u64, channel: u64) -> String {
    format!("{OPEN}l{guild}/{channel}{CLOSE}")
}

/// The placeholder of unix time `unix` in `style`.
pub fn time(unix: i64, style: TimeStyle) -> String {
    format!("{OPEN}t{unix}:{}{CLOSE}", style.letter())
}

impl Text {
    /// Plain words.
    pub fn plain(words: impl Into<String>) -> Text {
        let mut text = Text::default();
        text.push(Piece::Plain(words.into()), false);
        text
    }

    /// Reads a string marked as the locale files mark it (`**bold**`, `` `code` ``,
    /// ```` ``` ```` blocks) with the placeholders of this module. Unpaired marks stay as
    /// they are.
    pub fn from_marked(marked: &str) -> Text {
        let mut text = Text::default();
        let mut bold = false;
        let mut rest = marked;
        let mut plain = String::new();
        while !rest.is_empty() {
            if let Some(after) = rest.strip_prefix("```")
                && let Some(end) = after.find("```")
            {
                text.flush(&mut plain, bold);
                let inner = &after[..end];
                let inner = inner.strip_prefix('\n').unwrap_or(inner);
                let inner = inner.strip_suffix('\n').unwrap_or(inner);
                text.push(Piece::Block(inner.to_owned()), bold);
                rest = &after[end + 3..];
            } else if let Some(after) = rest.strip_prefix("**")
                && (bold || after.contains("**"))
            {
                text.flush(&mut plain, bold);
                bold = !bold;
                rest = after;
            } else if let Some(after) = rest.strip_prefix('`')
                && let Some(end) = after.find('`')
                && end > 0
            {
                text.flush(&mut plain, bold);
                text.push(Piece::Code(after[..end].to_owned()), bold);
                rest = &after[end + 1..];
            } else if let Some(after) = rest.strip_prefix(OPEN)
                && let Some(end) = after.find(CLOSE)
                && let Some(piece) = placeholder(&after[..end])
            {
                text.flush(&mut plain, bold);
                text.push(piece, bold);
                rest = &after[end + CLOSE.len_utf8()..];
            } else {
                let c = rest.chars().next().unwrap_or_default();
                plain.push(c);
                rest = &rest[c.len_utf8()..];
            }
        }
        text.flush(&mut plain, bold);
        text
    }

    fn flush(&mut self, plain: &mut String, bold: bool) {
        if !plain.is_empty() {
            self.push(Piece::Plain(std::mem::take(plain)), bold);
        }
    }

    /// Adds `piece` at the end, joined to plain words before it in the same style.
    pub fn push(&mut self, piece: Piece, bold: bool) {
        if let (Piece::Plain(more), Some(last)) = (&piece, self.spans.last_mut())
            && last.bold == bold
            && let Piece::Plain(words) = &mut last.piece
        {
            words.push_str(more);
            return;
        }
        self.spans.push(Span { piece, bold });
    }

    /// Adds `more` at the end, as it is.
    pub fn append(&mut self, more: Text) {
        for span in more.spans {
            self.push(span.piece, span.bold);
        }
    }

    /// This text, then `more` after `separator` (plain words).
    pub fn then(mut self, separator: &str, more: Text) -> Text {
        if !separator.is_empty() {
            self.push(Piece::Plain(separator.to_owned()), false);
        }
        self.append(more);
        self
    }

    /// This text, then `more` on a new line.
    pub fn line(self, more: Text) -> Text {
        self.then("\n", more)
    }

    /// `texts` one per line.
    pub fn lines(texts: impl IntoIterator<Item = Text>) -> Text {
        let mut out: Option<Text> = None;
        for text in texts {
            out = Some(match out {
                None => text,
                Some(done) => done.line(text),
            });
        }
        out.unwrap_or_default()
    }

    /// The spans, in order.
    pub fn spans(&self) -> &[Span] {
        &self.spans
    }

    /// Whether there is nothing to read.
    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    /// The users named, in order of first mention.
    pub fn users(&self) -> Vec<u64> {
        let mut ids = Vec::new();
        for span in &self.spans {
            if let Piece::User(id) = span.piece
                && !ids.contains(&id)
            {
                ids.push(id);
            }
        }
        ids
    }

    /// The channels named (as channels or links), in order of first mention.
    pub fn channels(&self) -> Vec<u64> {
        let mut ids = Vec::new();
        for span in &self.spans {
            if let Piece::Channel(id) | Piece::ChannelLink { channel: id, .. } = span.piece
                && !ids.contains(&id)
            {
                ids.push(id);
            }
        }
        ids
    }

    /// The words as plain text, for logs, error `Display`s and the command line: no bold,
    /// code between backticks, users as `@id`, channels as `#id`, times as unix seconds
    /// (adapters render better).
    pub fn words(&self) -> String {
        let mut out = String::new();
        for span in &self.spans {
            match &span.piece {
                Piece::Plain(s) => out.push_str(s),
                Piece::Code(s) => {
                    out.push('`');
                    out.push_str(s);
                    out.push('`');
                }
                Piece::Block(s) => {
                    out.push('\n');
                    out.push_str(s);
                    out.push('\n');
                }
                Piece::User(id) => out.push_str(&format!("@{id}")),
                Piece::Channel(id) | Piece::ChannelLink { channel: id, .. } => {
                    out.push_str(&format!("#{id}"));
                }
                Piece::Time(t, _) => out.push_str(&format!("{t} (unix time)")),
            }
        }
        out
    }
}

/// The piece a placeholder's inside (`u123`, `c5`, `l1/5`, `t1700000000:R`) stands for.
fn placeholder(inside: &str) -> Option<Piece> {
    let mut chars = inside.chars();
    let kind = chars.next()?;
    let rest = chars.as_str();
    match kind {
        'u' => rest.parse().ok().map(Piece::User),
        'c' => rest.parse().ok().map(Piece::Channel),
        'l' => {
            let (guild, channel) = rest.split_once('/')?;
            Some(Piece::ChannelLink {
                guild: guild.parse().ok()?,
                channel: channel.parse().ok()?,
            })
        }
        't' => {
            let (unix, style) = rest.split_once(':')?;
            let mut style = style.chars();
            let letter = style.next()?;
            if style.next().is_some() {
                return None;
            }
            Some(Piece::Time(
                unix.parse().ok()?,
                TimeStyle::of_letter(letter)?,
            ))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_and_placeholders_become_spans() {
        let marked = format!(
            "**{} (White) wins game 3**, by `c4-d4` {}.\n```\n1. a\n```",
            user(7),
            time(100, TimeStyle::Relative)
        );
        let text = Text::from_marked(&marked);
        let spans: Vec<(Piece, bool)> = text
            .spans()
            .iter()
            .map(|s| (s.piece.clone(), s.bold))
            .collect();
        assert_eq!(
            spans,
            vec![
                (Piece::User(7), true),
                (Piece::Plain(" (White) wins game 3".into()), true),
                (Piece::Plain(", by ".into()), false),
                (Piece::Code("c4-d4".into()), false),
                (Piece::Plain(" ".into()), false),
                (Piece::Time(100, TimeStyle::Relative), false),
                (Piece::Plain(".\n".into()), false),
                (Piece::Block("1. a".into()), false),
            ]
        );
        assert_eq!(text.users(), vec![7]);
        assert_eq!(
            text.words(),
            "@7 (White) wins game 3, by `c4-d4` 100 (unix time).\n\n1. a\n"
        );
    }

    #[test]
    fn unpaired_marks_stay_words() {
        let text = Text::from_marked("a ** b ` c");
        assert_eq!(
            text.spans(),
            &[Span {
                piece: Piece::Plain("a ** b ` c".into()),
                bold: false
            }]
        );
        // A broken placeholder is shown as it is rather than lost.
        let text = Text::from_marked(&format!("{OPEN}x1{CLOSE}"));
        assert_eq!(text.words(), format!("{OPEN}x1{CLOSE}"));
    }

    #[test]
    fn lines_join_texts() {
        let text = Text::lines([
            Text::plain("a"),
            Text::from_marked("**b**"),
            Text::plain("c"),
        ]);
        assert_eq!(text.words(), "a\nb\nc");
        assert_eq!(text.spans().len(), 3);
        assert_eq!(Text::lines(Vec::new()), Text::default());
    }
}
