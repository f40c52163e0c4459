//! The guild fixture: users, roles, channels and members, and the JSON Discord sends for them.
// Longer than 400 lines: one fixture: the guild's users, roles, channels and members, and their
// JSON.

use serde_json::{Value, json};
use serenity::all::Permissions;

use super::{FIRST_GENERATED_ID, TIMESTAMP, merge};

/// A Discord user as the fake knows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FakeUser {
    /// The user's snowflake.
    pub id: u64,
    /// The username (unique, lower case, no discriminator).
    pub name: String,
    /// Whether the account is a bot.
    pub bot: bool,
}

impl FakeUser {
    /// A human account.
    pub fn human(id: u64, name: &str) -> Self {
        Self {
            id,
            name: name.to_owned(),
            bot: false,
        }
    }

    /// A bot account.
    pub fn bot(id: u64, name: &str) -> Self {
        Self {
            id,
            name: name.to_owned(),
            bot: true,
        }
    }

    /// The mention syntax Discord renders as `@name`.
    pub fn mention(&self) -> String {
        format!("<@{}>", self.id)
    }

    /// The user object Discord sends.
    pub fn json(&self) -> Value {
        json!({
            "id": self.id.to_string(),
            "username": self.name,
            "discriminator": "0",
            "global_name": capitalised(&self.name),
            "avatar": null,
            "bot": self.bot,
            "public_flags": 0,
        })
    }
}

/// A role with the permissions it grants.
#[derive(Clone, Debug)]
pub struct FakeRole {
    /// The role's snowflake.
    pub id: u64,
    /// Its name.
    pub name: String,
    /// What it grants server-wide.
    pub permissions: Permissions,
}

/// A member of the guild: a user and the roles (besides @everyone) they hold.
#[derive(Clone, Debug)]
pub struct FakeMember {
    /// The user.
    pub user: FakeUser,
    /// Role ids, without @everyone.
    pub roles: Vec<u64>,
}

/// A text channel of the guild.
#[derive(Clone, Debug)]
pub struct FakeChannel {
    /// The channel's snowflake.
    pub id: u64,
    /// Its name, without `#`.
    pub name: String,
    /// Permissions a channel overwrite denies to the bot here (Discord's permission overwrite for
    /// the bot's member), to test what the bot says when it lacks one.
    pub bot_denied: Permissions,
}

/// The one guild the fake serves, sent to the bot as `GUILD_CREATE` after READY.
#[derive(Clone, Debug)]
pub struct FakeGuild {
    /// The guild's snowflake; the @everyone role has the same id.
    pub id: u64,
    /// Its name.
    pub name: String,
    /// The guild owner, who has every permission.
    pub owner: FakeUser,
    /// What @everyone may do.
    pub everyone: Permissions,
    /// The other roles.
    pub roles: Vec<FakeRole>,
    /// Text channels.
    pub channels: Vec<FakeChannel>,
    /// Members, the owner and the bot included.
    pub members: Vec<FakeMember>,
}

impl FakeGuild {
    /// A small server to play on: channels `#general`, `#games`, `#no-files` (the bot may not
    /// attach files there) and `#announcements` (the bot may not send messages there); users
    /// `alice`, `bob`, `carol` (a moderator: Manage Messages), `owner` (the guild owner) and
    /// `otherbot` (another bot). The bot itself is added by [`FakeDiscord`].
    pub fn standard() -> Self {
        let owner = FakeUser::human(9200, "owner");
        let moderator = FakeRole {
            id: 9301,
            name: "Moderator".into(),
            permissions: Permissions::MANAGE_MESSAGES,
        };
        let channel = |id, name: &str, bot_denied| FakeChannel {
            id,
            name: name.into(),
            bot_denied,
        };
        let member = |user: &FakeUser, roles: &[u64]| FakeMember {
            user: user.clone(),
            roles: roles.to_vec(),
        };
        Self {
            id: 9000,
            name: "Focus Club".into(),
            everyone: Permissions::VIEW_CHANNEL
                | Permissions::SEND_MESSAGES
                | Permissions::SEND_MESSAGES_IN_THREADS
                | Permissions::EMBED_LINKS
                | Permissions::ATTACH_FILES
                | Permissions::READ_MESSAGE_HISTORY
                | Permissions::ADD_REACTIONS
                | Permissions::USE_APPLICATION_COMMANDS,
            channels: vec![
                channel(9101, "general", Permissions::empty()),
                channel(9102, "games", Permissions::empty()),
                channel(9103, "no-files", Permissions::ATTACH_FILES),
                channel(9104, "announcements", Permissions::SEND_MESSAGES),
            ],
            members: vec![
                member(&owner, &[]),
                member(&FakeUser::human(9201, "alice"), &[]),
                member(&FakeUser::human(9202, "bob"), &[]),
                member(&FakeUser::human(9203, "carol"), &[moderator.id]),
                member(&FakeUser::bot(9209, "otherbot"), &[]),
            ],
            roles: vec![moderator],
            owner,
        }
    }

    /// A server that never added the bot, where people reach it through their own install of
    /// the app (issue 23): id `id`, one text channel `#chat` (id `id + 1`), `people` its
    /// members, owned by a user `host` (id `id + 2`) who is not one of them; @everyone may do
    /// what [`Self::standard`]'s may, and use external apps. Give it to
    /// [`super::FakeDiscord::add_guest_server`]. Ids must stay below the ones the fake hands
    /// out, and away from the fixture's (the 9000s; guests take 9500 and up).
    pub fn guest(id: u64, name: &str, people: &[FakeUser]) -> Self {
        assert!(id + 2 < FIRST_GENERATED_ID);
        let standard = Self::standard();
        Self {
            id,
            name: name.into(),
            owner: FakeUser::human(id + 2, "host"),
            everyone: standard.everyone | Permissions::USE_EXTERNAL_APPS,
            roles: vec![],
            channels: vec![FakeChannel {
                id: id + 1,
                name: "chat".into(),
                bot_denied: Permissions::empty(),
            }],
            members: people
                .iter()
                .map(|user| FakeMember {
                    user: user.clone(),
                    roles: vec![],
                })
                .collect(),
        }
    }

    /// The guild with one more human member, `name` with id `id` (no roles), for a server
    /// with more players than [`Self::standard`]'s. `id` must stay below the ids the fake
    /// hands out (1,000,000 and up).
    pub fn with_human(mut self, id: u64, name: &str) -> Self {
        assert!(
            id < FIRST_GENERATED_ID,
            "fixture ids stay below the generated ones"
        );
        assert!(
            self.member(id).is_none() && self.members.iter().all(|m| m.user.name != name),
            "member {id} {name:?} already in the guild"
        );
        self.members.push(FakeMember {
            user: FakeUser::human(id, name),
            roles: vec![],
        });
        self
    }

    /// The guild with one more role, `role`, and one more human member, `name` with id `id`,
    /// who holds it: say, a member with Manage Server. Both ids must stay below the ids the
    /// fake hands out (1,000,000 and up).
    pub fn with_role_holder(mut self, role: FakeRole, id: u64, name: &str) -> Self {
        assert!(
            role.id < FIRST_GENERATED_ID && role.id != self.id,
            "role id {}: not @everyone's (the guild's id), and below the generated ones",
            role.id
        );
        assert!(
            self.roles.iter().all(|r| r.id != role.id),
            "role {} already in the guild",
            role.id
        );
        let role_id = role.id;
        self.roles.push(role);
        let mut guild = self.with_human(id, name);
        if let Some(member) = guild.members.iter_mut().find(|m| m.user.id == id) {
            member.roles.push(role_id);
        }
        guild
    }

    /// The guild where the bot may also start public threads (as the current invite link
    /// grants): accepted challenges then get a thread each. Without it the fixture is a server
    /// that invited the bot with an older link, where games are played in their channels.
    pub fn with_threads(mut self) -> Self {
        self.everyone |= Permissions::CREATE_PUBLIC_THREADS;
        self
    }

    /// The guild with one more text channel, `name` with id `id`, where a channel overwrite
    /// denies the bot `bot_denied`. `id` must stay below the ids the fake hands out.
    pub fn with_channel(mut self, id: u64, name: &str, bot_denied: Permissions) -> Self {
        assert!(id < FIRST_GENERATED_ID && self.channel(id).is_none());
        self.channels.push(FakeChannel {
            id,
            name: name.into(),
            bot_denied,
        });
        self
    }

    /// The member with this user id.
    pub fn member(&self, user: u64) -> Option<&FakeMember> {
        self.members.iter().find(|m| m.user.id == user)
    }

    /// The text channel with this id.
    pub fn channel(&self, id: u64) -> Option<&FakeChannel> {
        self.channels.iter().find(|c| c.id == id)
    }

    /// What `user` may do in `channel` (or server-wide with `None`), computed the way Discord
    /// does for the `permissions` fields of an interaction: @everyone and role grants, everything
    /// for the owner and administrators, then the channel's overwrites for the bot.
    pub fn permissions(&self, user: u64, channel: Option<u64>, bot_id: u64) -> Permissions {
        if user == self.owner.id {
            return Permissions::all();
        }
        let Some(member) = self.member(user) else {
            return Permissions::empty();
        };
        let mut granted = self.everyone;
        for role in &self.roles {
            if member.roles.contains(&role.id) {
                granted |= role.permissions;
            }
        }
        if granted.contains(Permissions::ADMINISTRATOR) {
            return Permissions::all();
        }
        if user == bot_id
            && let Some(channel) = channel.and_then(|id| self.channel(id))
        {
            granted -= channel.bot_denied;
        }
        granted
    }

    pub(super) fn member_json(
        &self,
        member: &FakeMember,
        channel: Option<u64>,
        bot_id: u64,
    ) -> Value {
        json!({
            "user": member.user.json(),
            "nick": null,
            "avatar": null,
            "banner": null,
            "roles": member.roles.iter().map(u64::to_string).collect::<Vec<_>>(),
            "joined_at": TIMESTAMP,
            "premium_since": null,
            "deaf": false,
            "mute": false,
            "flags": 0,
            "pending": false,
            "permissions": self.permissions(member.user.id, channel, bot_id).bits().to_string(),
            "communication_disabled_until": null,
        })
    }

    pub(super) fn role_json(id: u64, name: &str, permissions: Permissions, position: u16) -> Value {
        json!({
            "id": id.to_string(),
            "name": name,
            "color": 0,
            "colors": { "primary_color": 0, "secondary_color": null, "tertiary_color": null },
            "hoist": false,
            "icon": null,
            "unicode_emoji": null,
            "position": position,
            "permissions": permissions.bits().to_string(),
            "managed": false,
            "mentionable": false,
            "flags": 0,
        })
    }

    pub(super) fn channel_json(
        &self,
        channel: &FakeChannel,
        position: usize,
        bot_id: u64,
    ) -> Value {
        let overwrites = if channel.bot_denied.is_empty() {
            json!([])
        } else {
            json!([{
                "id": bot_id.to_string(),
                "type": 1,
                "allow": "0",
                "deny": channel.bot_denied.bits().to_string(),
            }])
        };
        json!({
            "id": channel.id.to_string(),
            "type": 0,
            "guild_id": self.id.to_string(),
            "name": channel.name,
            "position": position,
            "permission_overwrites": overwrites,
            "topic": null,
            "nsfw": false,
            "last_message_id": null,
            "rate_limit_per_user": 0,
            "parent_id": null,
            "flags": 0,
        })
    }

    /// The `GUILD_CREATE` payload: everything serenity's cache needs to check permissions.
    pub(super) fn create_json(&self, bot_id: u64) -> Value {
        let mut roles = vec![Self::role_json(self.id, "@everyone", self.everyone, 0)];
        for (position, role) in self.roles.iter().enumerate() {
            roles.push(Self::role_json(
                role.id,
                &role.name,
                role.permissions,
                position as u16 + 1,
            ));
        }
        let mut guild = json!({
            "id": self.id.to_string(),
            "name": self.name,
            "icon": null,
            "icon_hash": null,
            "splash": null,
            "discovery_splash": null,
            "owner_id": self.owner.id.to_string(),
            "afk_channel_id": null,
            "afk_timeout": 300,
            "widget_enabled": false,
            "widget_channel_id": null,
            "verification_level": 0,
            "default_message_notifications": 1,
            "explicit_content_filter": 0,
            "roles": roles,
            "emojis": [],
            "features": [],
            "mfa_level": 0,
            "application_id": null,
            "system_channel_id": null,
            "system_channel_flags": 0,
            "rules_channel_id": null,
            "max_presences": null,
            "max_members": 500000,
            "vanity_url_code": null,
            "description": null,
            "banner": null,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": "en-US",
            "public_updates_channel_id": null,
            "max_video_channel_users": 25,
            "max_stage_video_channel_users": 50,
            "nsfw_level": 0,
            "stickers": [],
            "premium_progress_bar_enabled": false,
            "safety_alerts_channel_id": null,
            "incidents_data": null,
        });
        // The fields only GUILD_CREATE carries (one `json!` for all overflows its recursion).
        let create = json!({
            "joined_at": TIMESTAMP,
            "large": false,
            "unavailable": false,
            "member_count": self.members.len(),
            "voice_states": [],
            "members": self.members.iter().map(|m| self.member_json(m, None, bot_id)).collect::<Vec<_>>(),
            "channels": self
                .channels
                .iter()
                .enumerate()
                .map(|(i, c)| self.channel_json(c, i, bot_id))
                .collect::<Vec<_>>(),
            "threads": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
        });
        merge(&mut guild, create);
        guild
    }
}

fn capitalised(name: &str) -> String {
    let mut chars = name.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}
