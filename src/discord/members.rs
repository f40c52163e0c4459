//! Who is still on the server, for the leaderboard (members only).

use std::sync::Arc;

use poise::serenity_prelude as serenity;

use super::error_code;
use crate::service::Members;

/// Membership as Discord tells it: `GET /guilds/{guild}/members/{user}` (no privileged intent
/// needed); "Unknown Member" means the user left.
pub struct DiscordMembers {
    /// The bot's REST client.
    pub http: Arc<serenity::Http>,
    /// The bot is a member of the server asked about: elsewhere (a user's install, a group
    /// DM) Discord would refuse to list members, so nobody is asked and everyone counts.
    pub asks: bool,
}

/// Discord's "Unknown Member" and "Unknown User" error codes.
const NOT_A_MEMBER: [isize; 2] = [10007, 10013];

impl Members for DiscordMembers {
    async fn is_member(&self, guild_id: u64, user_id: u64) -> Option<bool> {
        if !self.asks {
            return None;
        }
        let guild = serenity::GuildId::new(guild_id);
        match guild
            .member(&*self.http, serenity::UserId::new(user_id))
            .await
        {
            Ok(_) => Some(true),
            Err(e) if error_code(&e).is_some_and(|c| NOT_A_MEMBER.contains(&c)) => Some(false),
            Err(e) => {
                tracing::warn!(error = %e, user_id, "could not check a member; shown as one");
                None
            }
        }
    }
}
