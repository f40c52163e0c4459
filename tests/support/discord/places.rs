//! Places beyond the fixture server (issue 23): where the app is reached only through a user's
//! install of it. A *guest* server (one the bot is not a member of), a *group DM*, a *DM
//! between two users*; and the bot's own DM, as before.
//!
//! What Discord does there, as the fake does it:
//! - An interaction carries `context` (0 a server, 1 the bot's DM, 2 a group DM or another DM)
//!   and `authorizing_integration_owners`: `"0"` (a server install) with the server's id, or
//!   `"0": "0"` in the bot's DM; `"1"` (a user install) with the id of the user who installed
//!   the app. In a guest server, a group DM or a DM, only `"1"` is there. A slash command there
//!   can only come from a user who installed the app ([`super::FakeDiscord::install_to_user`]):
//!   Discord offers a user-installed app's commands to those users alone, so the fake panics
//!   otherwise. A component (or a form opened from one) carries the owners of the interaction
//!   whose answer the component is on: the installer's, whoever clicks.
//! - `app_permissions`: in a guest server, the permissions of @everyone in the channel, limited
//!   to those an interaction's answer can use (`MENTION_EVERYONE`, `USE_EXTERNAL_EMOJIS`;
//!   Discord's change log of 2022-06-29 for apps without their bot in the server), and always
//!   `ATTACH_FILES | EMBED_LINKS` (a Discord staff answer on discord-api-docs issue 5316);
//!   never View Channel or Send Messages. In a group DM or a DM, `ATTACH_FILES | EMBED_LINKS |
//!   MENTION_EVERYONE`; in the bot's DM those and `USE_EXTERNAL_EMOJIS` (the interaction
//!   object's documentation).
//! - The bot cannot post there on its own: `POST /channels/{id}/messages`, and every other
//!   route under `/channels/{id}` (the channel, its messages, edits of them, threads, typing),
//!   answer 403 with code 50001, Missing Access. It answers interactions only, and edits its
//!   answers with their tokens.
//! - A group DM's interactions carry the channel (type 3, with its recipients) and `user`
//!   instead of `member`; so does a DM between two users (type 1).

use serde_json::{Map, Value, json};
use serenity::all::Permissions;

use super::{FakeGuild, FakeUser};

/// What `app_permissions` holds in a group DM or a DM (the bot is not there itself): what an
/// interaction's answer can use.
pub(super) fn answer_permissions() -> Permissions {
    Permissions::ATTACH_FILES | Permissions::EMBED_LINKS | Permissions::MENTION_EVERYONE
}

/// A group DM, or a DM between two users, that the bot is not in.
#[derive(Clone, Debug)]
pub struct PrivateChannel {
    /// The channel's snowflake.
    pub id: u64,
    /// A group DM (channel type 3); else a DM between two users (type 1).
    pub group: bool,
    /// Its people.
    pub recipients: Vec<FakeUser>,
}

impl PrivateChannel {
    /// The channel's type, as Discord numbers it.
    pub fn kind(&self) -> u64 {
        if self.group { 3 } else { 1 }
    }

    /// The partial channel an interaction carries, seen by `viewer` (whom Discord leaves out of
    /// the recipients).
    pub(super) fn json(&self, viewer: u64) -> Value {
        let others: Vec<Value> = self
            .recipients
            .iter()
            .filter(|u| u.id != viewer)
            .map(FakeUser::json)
            .collect();
        let mut channel = json!({
            "id": self.id.to_string(),
            "type": self.kind(),
            "recipients": others,
            "flags": 0,
            "permissions": answer_permissions().bits().to_string(),
        });
        if self.group {
            channel["name"] = Value::Null;
            channel["owner_id"] = json!(self.recipients[0].id.to_string());
        }
        channel
    }
}

/// Where an interaction happens, as the fake tells it from its channel.
pub(super) enum Place {
    /// The fixture server, which installed the app (a channel or a thread of it).
    Server,
    /// A server the bot is not in.
    Guest(FakeGuild),
    /// A group DM or a DM between two users.
    Private(PrivateChannel),
    /// The bot's DM with the user.
    BotDm,
}

impl Place {
    /// The server install is there (key `"0"`): the fixture server, or the bot's DM.
    pub fn installed(&self) -> bool {
        matches!(self, Place::Server | Place::BotDm)
    }

    /// The owners of an interaction of `user` here when it does not come from an earlier
    /// answer: the server install where there is one, and the user's own install when
    /// `installed`; elsewhere the user's install alone, or the first of `installers` here.
    pub fn owners(&self, server: u64, user: u64, installed: bool, installer: Option<u64>) -> Value {
        let mut owners = Map::new();
        match self {
            Place::Server => {
                owners.insert("0".into(), json!(server.to_string()));
            }
            Place::BotDm => {
                owners.insert("0".into(), json!("0"));
            }
            Place::Guest(_) | Place::Private(_) => {}
        }
        let user_install = if installed { Some(user) } else { installer };
        if let Some(installer) = user_install.filter(|_| installed || !self.installed()) {
            owners.insert("1".into(), json!(installer.to_string()));
        }
        Value::Object(owners)
    }
}

/// Only a user's install authorised the interaction (no `"0"` key): the app is not in the
/// server, or it is a group DM or a DM. Discord then allows 5 follow-ups per interaction.
pub(super) fn user_install_only(owners: &Value) -> bool {
    owners.get("0").is_none() && owners.get("1").is_some()
}

/// The options' values of the string select `custom_id` among `components` (rows of a
/// message), if the message has that menu.
pub fn select_values(components: &Value, custom_id: &str) -> Option<Vec<String>> {
    let rows = components.as_array()?;
    rows.iter()
        .flat_map(|row| row["components"].as_array().into_iter().flatten())
        .find(|c| c["type"] == 3 && c["custom_id"] == custom_id)
        .map(|menu| {
            menu["options"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|o| o["value"].as_str().map(str::to_owned))
                .collect()
        })
}
