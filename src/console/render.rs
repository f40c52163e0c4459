//! Structured text for the terminal: users as `@name`, channels as `#name`, times in words
//! from the console's clock, bold as plain words and code between backticks (or, with colour,
//! bold and cyan).

use std::collections::HashMap;

use super::time::utc;
use crate::i18n::Lang;
use crate::strings::from_now;
use crate::text::{Piece, Text, TimeStyle};

/// What the renderer knows: names of users and channels, the time, the language, colour.
pub struct Terminal<'a> {
    /// Users' names by id.
    pub users: &'a HashMap<u64, String>,
    /// Channels' names by id.
    pub channels: &'a HashMap<u64, String>,
    /// Now, unix seconds.
    pub now: i64,
    /// The language of relative times.
    pub lang: Lang,
    /// ANSI colour and bold.
    pub colour: bool,
}

impl Terminal<'_> {
    /// `text` for the terminal.
    pub fn render(&self, text: &Text) -> String {
        let mut out = String::new();
        let mut bold = false;
        for span in text.spans() {
            if self.colour && span.bold != bold {
                out.push_str(if span.bold { "\x1b[1m" } else { "\x1b[22m" });
            }
            bold = span.bold;
            match &span.piece {
                Piece::Plain(words) => out.push_str(words),
                Piece::Code(code) if self.colour => {
                    out.push_str(&format!("\x1b[36m{code}\x1b[39m"))
                }
                Piece::Code(code) => out.push_str(&format!("`{code}`")),
                Piece::Block(block) => {
                    out.push_str(block);
                }
                Piece::User(id) => match self.users.get(id) {
                    Some(name) => out.push_str(&format!("@{name}")),
                    None => out.push_str(&format!("@{id}")),
                },
                Piece::Channel(id) | Piece::ChannelLink { channel: id, .. } => {
                    match self.channels.get(id) {
                        Some(name) => out.push_str(&format!("#{name}")),
                        None => out.push_str(&format!("#{id}")),
                    }
                }
                Piece::Time(t, TimeStyle::Relative) => {
                    out.push_str(&from_now(self.lang, t - self.now));
                }
                Piece::Time(t, TimeStyle::DateTime) => out.push_str(&utc(*t)),
            }
        }
        if self.colour && bold {
            out.push_str("\x1b[22m");
        }
        out
    }
}
