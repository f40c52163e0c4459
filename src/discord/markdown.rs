//! Structured text as Discord writes it: markdown, `<@id>` mentions, `<#id>` channels,
//! `<t:unix:R>` timestamps (each client shows them in its reader's language and time zone).

use crate::text::{Piece, Text};

/// `text` as a Discord message's content.
pub fn markdown(text: &Text) -> String {
    let mut out = String::new();
    let mut bold = false;
    for span in text.spans() {
        if span.bold != bold {
            out.push_str("**");
            bold = span.bold;
        }
        match &span.piece {
            Piece::Plain(words) => out.push_str(words),
            Piece::Code(code) => {
                out.push('`');
                out.push_str(code);
                out.push('`');
            }
            Piece::Block(block) => {
                out.push_str("```\n");
                out.push_str(block);
                out.push_str("\n```");
            }
            Piece::User(id) => out.push_str(&format!("<@{id}>")),
            Piece::Channel(id) => out.push_str(&format!("<#{id}>")),
            // Outside a server the channel stands for its server (`Place`): a DM's link
            // has `@me` where a server's id goes.
            Piece::ChannelLink { guild, channel } if guild == channel => {
                out.push_str(&format!("https://discord.com/channels/@me/{channel}"));
            }
            Piece::ChannelLink { guild, channel } => {
                out.push_str(&format!("https://discord.com/channels/{guild}/{channel}"));
            }
            Piece::Time(unix, style) => out.push_str(&format!("<t:{unix}:{}>", style.letter())),
        }
    }
    if bold {
        out.push_str("**");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::{TimeStyle, channel, time, user};

    #[test]
    fn marks_round_trip_to_discord_markdown() {
        let marked = format!(
            "**{} wins game 3**, `  1.` {} in {} {}\n```\nrecord\n```",
            user(5),
            channel(9),
            time(1_700_000_000, TimeStyle::Relative),
            crate::text::channel_link(1, 2)
        );
        assert_eq!(
            markdown(&Text::from_marked(&marked)),
            "**<@5> wins game 3**, `  1.` <#9> in <t:1700000000:R> \
             https://discord.com/channels/1/2\n```\nrecord\n```"
        );
        // A group DM's game: its channel stands for the server.
        let dm = Text::from_marked(&crate::text::channel_link(77, 77));
        assert_eq!(markdown(&dm), "https://discord.com/channels/@me/77");
    }
}
