//! Where a challenge and its game live, and what the bot may do there (issue 23): a server
//! that installed the app, or a place reached only through a user's install, where the bot
//! answers interactions and cannot post on its own.

use super::values::text_enum;

text_enum! {
    /// Where a challenge and its game live (Discord's interaction context, and whether the
    /// app is installed to the server).
    #[derive(Default)]
    pub enum Venue {
        /// A server the bot is a member of: it posts on its own, starts threads, runs
        /// tournaments. Every game before schema 14.
        #[default]
        Server => "server",
        /// A server the bot is not in, reached through a user's install: interactions only.
        Guest => "guest",
        /// A group DM, with its own ladder: interactions only.
        GroupDm => "group-dm",
        /// A DM between two users, unrated by default: interactions only.
        Dm => "dm",
        /// The bot's own DM with a player: the bot posts there on its own.
        BotDm => "bot-dm",
    }
}

impl Venue {
    /// The bot may post there on its own (a turn's board after its move, a time-out): a
    /// server it is in, or its own DM. Elsewhere it only answers interactions, and its notices
    /// go to the players' DMs.
    pub const fn bot_posts(self) -> bool {
        matches!(self, Venue::Server | Venue::BotDm)
    }

    /// Every action of a game must be reachable from the game's own message by components
    /// alone: where the opponent may not have the app's slash commands.
    pub const fn components_only(self) -> bool {
        matches!(self, Venue::Guest | Venue::GroupDm | Venue::Dm)
    }

    /// Outside a server: the channel is its own community (its ladder, its settings).
    pub const fn private(self) -> bool {
        matches!(self, Venue::GroupDm | Venue::Dm | Venue::BotDm)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_server_with_the_bot_and_the_bots_dm_get_its_own_posts() {
        let posts: Vec<_> = Venue::ALL.iter().filter(|v| v.bot_posts()).collect();
        assert_eq!(posts, [&Venue::Server, &Venue::BotDm]);
        let components: Vec<_> = Venue::ALL.iter().filter(|v| v.components_only()).collect();
        assert_eq!(components, [&Venue::Guest, &Venue::GroupDm, &Venue::Dm]);
        assert_eq!(Venue::from_text("group-dm"), Some(Venue::GroupDm));
        assert_eq!(Venue::default().as_str(), "server");
    }
}
