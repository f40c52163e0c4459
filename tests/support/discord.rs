//! A local stand-in for Discord, for end-to-end tests that run the real serenity and poise code.
//!
//! No machine here reaches Discord, so [`FakeDiscord`] serves, on 127.0.0.1 and an ephemeral
//! port, the part of Discord a bot touches: the REST routes under `/api/v10` and the gateway
//! WebSocket at `/gateway`. Point serenity at it with
//! `HttpBuilder::new(token).proxy(fake.api_base()).ratelimiter_disabled(true)` (or take
//! [`FakeDiscord::http`]) and `ClientBuilder::new_with_http`; see
//! `../shared/notes/discord-offline.md` for why each step is needed.
//!
//! The test plays the users: [`FakeDiscord::slash`], [`FakeDiscord::click`] and
//! [`FakeDiscord::autocomplete`] send `INTERACTION_CREATE` dispatches the way Discord builds them,
//! and every answer of the bot (interaction callbacks, webhook edits and follow-ups, channel
//! messages, DMs) is recorded as a [`Reply`] that [`FakeDiscord::next_reply`] and
//! [`FakeDiscord::reply_to`] hand back. Every reply is answered with a full Message object, so the
//! bot's serenity code takes the same path as against Discord.
//!
//! Failures for the bot's error paths: [`FakeDiscord::deny_channel_messages`] (403, code 50013),
//! [`FakeDiscord::close_dms`] (403, code 50007), [`FakeDiscord::reject_token`] (gateway close
//! 4004) and [`FakeDiscord::drop_gateway`] (a lost connection; serenity resumes).
//!
//! Requests to routes the fake does not know are printed to stderr and answered 404 with a
//! Discord-style JSON error, and [`FakeDiscord::unknown_routes`] lists them, so a test sees what
//! the bot asked for instead of a silent failure.

use std::collections::{HashMap, HashSet, VecDeque};
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use axum::Router;
use axum::extract::ws::{CloseFrame, Message as WsMessage, WebSocket, WebSocketUpgrade};
use axum::extract::{DefaultBodyLimit, FromRequest, Multipart, Request, State};
use axum::http::{Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde_json::{Map, Value, json};
use serenity::all::Permissions;
use tokio::sync::{mpsc, watch};
use tokio::task::JoinHandle;
use tokio::time::Instant;

/// The token [`FakeDiscord::http`] uses; the fake accepts any token unless told otherwise.
pub const FAKE_TOKEN: &str = "fake-bot-token";

/// How long the helpers that need a live gateway wait for one before they fail the test.
const GATEWAY_WAIT: Duration = Duration::from_secs(10);

/// Discord's `attachment_size_limit` for a server without boosts (10 MiB); serenity 0.12.5
/// refuses an interaction without the field.
const ATTACHMENT_SIZE_LIMIT: u64 = 10 * 1024 * 1024;

/// All timestamps the fake sends; no test may depend on the clock.
const TIMESTAMP: &str = "2025-01-01T12:00:00.000000+00:00";

/// Message flags (Discord's numbering).
const EPHEMERAL: u64 = 1 << 6;
const LOADING: u64 = 1 << 7;

/// The first id the fake hands out for what it creates (messages, interactions, commands, DM
/// channels); fixture ids stay below it, so the two never collide.
const FIRST_GENERATED_ID: u64 = 1_000_000;

// ---------------------------------------------------------------------------------------------
// The guild fixture
// ---------------------------------------------------------------------------------------------

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
        if user == bot_id {
            if let Some(channel) = channel.and_then(|id| self.channel(id)) {
                granted -= channel.bot_denied;
            }
        }
        granted
    }

    fn member_json(&self, member: &FakeMember, channel: Option<u64>, bot_id: u64) -> Value {
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

    fn role_json(id: u64, name: &str, permissions: Permissions, position: u16) -> Value {
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

    fn channel_json(&self, channel: &FakeChannel, position: usize, bot_id: u64) -> Value {
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
    fn create_json(&self, bot_id: u64) -> Value {
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

// ---------------------------------------------------------------------------------------------
// What the tests read back
// ---------------------------------------------------------------------------------------------

/// Which request produced a [`Reply`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplyKind {
    /// `POST /interactions/{id}/{token}/callback` with this callback type: 4 message, 5 deferred
    /// message, 6 deferred update, 7 update message, 8 autocomplete result, 9 modal.
    Callback(u64),
    /// `PATCH /webhooks/{app}/{token}/messages/@original`.
    EditOriginal,
    /// `POST /webhooks/{app}/{token}`: a follow-up message.
    Followup,
    /// `PATCH /webhooks/{app}/{token}/messages/{id}`: an edited follow-up.
    EditFollowup,
    /// `POST /channels/{id}/messages`: a message the bot posted on its own (or in a DM).
    ChannelMessage,
    /// `PATCH /channels/{id}/messages/{id}`.
    EditChannelMessage,
    /// `DELETE` of a message, by webhook or channel route.
    Delete,
}

/// One answer of the bot, as the fake received it.
#[derive(Clone, Debug)]
pub struct Reply {
    /// The interaction answered, for callbacks and webhook requests; `None` for channel messages.
    pub interaction_id: Option<u64>,
    /// Which request it was.
    pub kind: ReplyKind,
    /// The channel the message is (or would be) in.
    pub channel_id: Option<u64>,
    /// For a message in a DM channel: the user it went to.
    pub dm_to: Option<u64>,
    /// The message created, edited or deleted, when there is one.
    pub message_id: Option<u64>,
    /// `content`, when the request set it.
    pub content: Option<String>,
    /// `embeds` as sent (`Null` when the request did not set them).
    pub embeds: Value,
    /// `components` as sent (`Null` when the request did not set them).
    pub components: Value,
    /// Message flags as sent; [`Reply::ephemeral`] reads bit 64.
    pub flags: u64,
    /// `allowed_mentions` as sent.
    pub allowed_mentions: Option<Value>,
    /// Uploaded files, `(filename, bytes)`, in upload order.
    pub files: Vec<(String, Vec<u8>)>,
    /// Autocomplete choices (`{"name", "value"}` objects), for callback type 8.
    pub choices: Vec<Value>,
    /// The whole JSON payload (`data` of a callback), for anything not broken out above.
    pub payload: Value,
}

impl Reply {
    /// Whether only the invoking user sees it (flag 64).
    pub fn ephemeral(&self) -> bool {
        self.flags & EPHEMERAL != 0
    }

    /// The content, or "" when the request did not set any.
    pub fn text(&self) -> &str {
        self.content.as_deref().unwrap_or("")
    }

    /// The `custom_id`s of the components (buttons, selects), row by row.
    pub fn custom_ids(&self) -> Vec<String> {
        let mut ids = Vec::new();
        collect_custom_ids(&self.components, &mut ids);
        ids
    }

    /// The `value`s of autocomplete choices, as text.
    pub fn choice_values(&self) -> Vec<String> {
        self.choices
            .iter()
            .map(|c| match &c["value"] {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            })
            .collect()
    }
}

fn collect_custom_ids(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Array(items) => items.iter().for_each(|v| collect_custom_ids(v, out)),
        Value::Object(map) => {
            if let Some(Value::String(id)) = map.get("custom_id") {
                out.push(id.clone());
            }
            if let Some(children) = map.get("components") {
                collect_custom_ids(children, out);
            }
        }
        _ => {}
    }
}

/// One REST request the fake answered, for debugging and for asserting on refused requests.
#[derive(Clone, Debug)]
pub struct RequestRecord {
    /// HTTP method.
    pub method: String,
    /// Path and query, as received.
    pub path: String,
    /// The status the fake answered with.
    pub status: u16,
    /// The JSON body (`payload_json` of a multipart request), `Null` without one.
    pub body: Value,
}

/// Counters of the gateway's life, for reconnect tests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GatewayStats {
    /// WebSocket connections accepted.
    pub connections: u32,
    /// IDENTIFYs answered with READY.
    pub identifies: u32,
    /// RESUMEs answered with RESUMED.
    pub resumes: u32,
    /// Whether a session is live now (identified or resumed, not closed).
    pub connected: bool,
}

// ---------------------------------------------------------------------------------------------
// The server
// ---------------------------------------------------------------------------------------------

/// A fake Discord on 127.0.0.1; see the module documentation. Dropping it stops the server.
pub struct FakeDiscord {
    shared: Arc<Shared>,
    server: JoinHandle<()>,
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        self.server.abort();
        // Close a live gateway too, so a bot still running does not wait on a dead socket.
        if let Some(link) = self.shared.lock().gateway.take() {
            let _ = link.tx.send(Outgoing::Close(1001));
        }
    }
}

struct Shared {
    /// `http://127.0.0.1:PORT`.
    base: String,
    guild: FakeGuild,
    bot: FakeUser,
    inner: Mutex<Inner>,
    /// Bumped on every change the tests may wait for.
    changed: watch::Sender<u64>,
}

#[derive(Default)]
struct Inner {
    next_id: u64,
    replies: Vec<Reply>,
    unseen: VecDeque<Reply>,
    requests: Vec<RequestRecord>,
    unknown: Vec<String>,
    global_commands: Option<Vec<Value>>,
    guild_commands: HashMap<u64, Vec<Value>>,
    /// Every message that exists, as the full Message object.
    messages: HashMap<u64, Value>,
    /// Interactions sent, by token.
    interactions: HashMap<String, InteractionRecord>,
    /// Uploaded files, by attachment id.
    attachments: HashMap<u64, Vec<u8>>,
    /// DM channel per user, and back.
    dm_channels: HashMap<u64, u64>,
    dm_recipients: HashMap<u64, u64>,
    denied_channels: HashSet<u64>,
    closed_dms: HashSet<u64>,
    reject_token: bool,
    identify: Option<Value>,
    gateway: Option<GatewayLink>,
    stats: GatewayStats,
}

impl Inner {
    fn fresh_id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }
}

struct InteractionRecord {
    id: u64,
    channel_id: u64,
    guild_id: Option<u64>,
    /// The message `@original` refers to: the response message, or for a component interaction
    /// the message the component is on.
    original: Option<u64>,
    /// Callback type of the response, once answered.
    response: Option<u64>,
    /// A type 5 response whose "thinking" message no edit or follow-up has filled yet.
    deferred_pending: bool,
}

struct GatewayLink {
    connection: u32,
    tx: mpsc::UnboundedSender<Outgoing>,
}

enum Outgoing {
    Dispatch { event: String, data: Value },
    Close(u16),
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Inner> {
        // A test that panicked while holding the lock must not hide its message behind poison.
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn notify(&self) {
        self.changed.send_modify(|n| *n += 1);
    }

    fn gateway_url(&self) -> String {
        format!("{}/gateway", self.base.replacen("http://", "ws://", 1))
    }

    fn application_id(&self) -> u64 {
        self.bot.id
    }

    /// The READY dispatch's `d`: the fields serenity 0.12.5 requires, and the guild as
    /// unavailable until its GUILD_CREATE follows, as Discord does.
    fn ready_json(&self, connection: u32, shard: &Value) -> Value {
        let mut user = self.bot.json();
        merge(
            &mut user,
            json!({ "verified": true, "mfa_enabled": false, "email": null, "flags": 0 }),
        );
        json!({
            "v": 10,
            "user": user,
            "guilds": [{ "id": self.guild.id.to_string(), "unavailable": true }],
            "session_id": format!("fake-session-{connection}"),
            "resume_gateway_url": self.gateway_url(),
            "shard": if shard.is_null() { json!([0, 1]) } else { shard.clone() },
            "application": { "id": self.application_id().to_string(), "flags": 0 },
            "private_channels": [],
        })
    }
}

impl FakeDiscord {
    /// Starts the fake with [`FakeGuild::standard`].
    pub async fn start() -> Self {
        Self::start_with(FakeGuild::standard()).await
    }

    /// Starts the fake serving `guild`. The bot (user `focus`, id 9999, which is also the
    /// application id) is added as a member if the guild lacks it.
    pub async fn start_with(mut guild: FakeGuild) -> Self {
        let bot = FakeUser::bot(9999, "focus");
        if guild.member(bot.id).is_none() {
            guild.members.push(FakeMember {
                user: bot.clone(),
                roles: vec![],
            });
        }
        // Loopback only: the tests must never listen on, or talk to, anything else.
        let listener = tokio::net::TcpListener::bind(SocketAddr::from((Ipv4Addr::LOCALHOST, 0)))
            .await
            .expect("bind 127.0.0.1:0");
        let port = listener.local_addr().expect("local address").port();
        let shared = Arc::new(Shared {
            base: format!("http://127.0.0.1:{port}"),
            guild,
            bot,
            inner: Mutex::new(Inner {
                next_id: FIRST_GENERATED_ID,
                ..Inner::default()
            }),
            changed: watch::channel(0).0,
        });
        let app = Router::new()
            .route("/gateway", get(gateway))
            .route("/attachments/{id}/{name}", get(attachment))
            .fallback(rest)
            // Discord takes uploads up to the attachment limit; axum's default is 2 MB.
            .layer(DefaultBodyLimit::max(3 * ATTACHMENT_SIZE_LIMIT as usize))
            .with_state(shared.clone());
        let server = tokio::spawn(async move {
            axum::serve(listener, app)
                .await
                .expect("fake Discord server");
        });
        Self { shared, server }
    }

    /// `http://127.0.0.1:PORT`, for `HttpBuilder::proxy`.
    pub fn api_base(&self) -> String {
        self.shared.base.clone()
    }

    /// `ws://127.0.0.1:PORT/gateway`, what `GET /gateway` answers.
    pub fn gateway_url(&self) -> String {
        self.shared.gateway_url()
    }

    /// A serenity HTTP client aimed at the fake: proxy set, ratelimiter off (serenity applies the
    /// proxy only then), and a reqwest client that ignores `HTTP(S)_PROXY`, so a proxy in the
    /// environment cannot divert loopback traffic.
    pub fn http(&self) -> serenity::all::Http {
        let client = reqwest::Client::builder()
            .no_proxy()
            .use_rustls_tls()
            .build()
            .expect("reqwest client");
        serenity::all::HttpBuilder::new(FAKE_TOKEN)
            .client(client)
            .proxy(self.api_base())
            .ratelimiter_disabled(true)
            .build()
    }

    /// The bot's user (also its application: the ids are equal, as on Discord).
    pub fn bot_user(&self) -> &FakeUser {
        &self.shared.bot
    }

    /// The application id.
    pub fn application_id(&self) -> u64 {
        self.shared.application_id()
    }

    /// The guild served.
    pub fn guild(&self) -> &FakeGuild {
        &self.shared.guild
    }

    /// The guild's id.
    pub fn guild_id(&self) -> u64 {
        self.shared.guild.id
    }

    /// The member called `name`; panics if there is none.
    pub fn user(&self, name: &str) -> FakeUser {
        self.shared
            .guild
            .members
            .iter()
            .find(|m| m.user.name == name)
            .map(|m| m.user.clone())
            .unwrap_or_else(|| panic!("the fake guild has no member {name:?}"))
    }

    /// The id of the text channel called `name` (without `#`); panics if there is none.
    pub fn channel(&self, name: &str) -> u64 {
        self.shared
            .guild
            .channels
            .iter()
            .find(|c| c.name == name)
            .map(|c| c.id)
            .unwrap_or_else(|| panic!("the fake guild has no channel #{name}"))
    }

    // ---- gateway -----------------------------------------------------------------------------

    /// The `d` of the READY dispatch the fake sends, for checking it against serenity's model.
    pub fn ready_json(&self) -> Value {
        self.shared.ready_json(0, &Value::Null)
    }

    /// The `d` of the GUILD_CREATE dispatch the fake sends after READY.
    pub fn guild_create_json(&self) -> Value {
        self.shared.guild.create_json(self.application_id())
    }

    /// Waits until a gateway session is live (READY and GUILD_CREATE sent, or RESUMED); panics
    /// after `timeout`.
    pub async fn wait_ready(&self, timeout: Duration) {
        self.wait_for(timeout, |inner| inner.gateway.as_ref().map(|_| ()))
            .await
            .unwrap_or_else(|| panic!("no gateway session within {timeout:?}; {}", self.summary()));
    }

    /// Waits until `check` holds for the gateway counters; panics after `timeout`.
    pub async fn wait_gateway(
        &self,
        timeout: Duration,
        check: impl Fn(&GatewayStats) -> bool,
    ) -> GatewayStats {
        self.wait_for(timeout, |inner| check(&inner.stats).then_some(inner.stats))
            .await
            .unwrap_or_else(|| {
                panic!(
                    "gateway condition not met within {timeout:?}; {}",
                    self.summary()
                )
            })
    }

    /// The gateway counters now.
    pub fn gateway_stats(&self) -> GatewayStats {
        self.shared.lock().stats
    }

    /// The last IDENTIFY payload's `d` (token, intents, shard, ...).
    pub fn identify_payload(&self) -> Option<Value> {
        self.shared.lock().identify.clone()
    }

    /// Closes the live gateway connection with code 4000 ("unknown error"), as Discord does when
    /// it restarts a gateway node; serenity reconnects and RESUMEs. Returns whether there was a
    /// connection to close.
    pub fn drop_gateway(&self) -> bool {
        let link = self.shared.lock().gateway.take();
        self.shared.notify();
        link.is_some_and(|link| link.tx.send(Outgoing::Close(4000)).is_ok())
    }

    /// From now on IDENTIFY is answered with close code 4004 (authentication failed), which
    /// serenity reports as an invalid token, and `GET /oauth2/applications/@me` with 401.
    pub fn reject_token(&self) {
        self.shared.lock().reject_token = true;
    }

    /// Sends any dispatch event on the live gateway (waits for one up to 10 s).
    pub async fn dispatch(&self, event: &str, data: Value) {
        self.wait_ready(GATEWAY_WAIT).await;
        let inner = self.shared.lock();
        let link = inner.gateway.as_ref().expect("live gateway");
        link.tx
            .send(Outgoing::Dispatch {
                event: event.to_owned(),
                data,
            })
            .expect("gateway connection task is running");
    }

    // ---- commands ----------------------------------------------------------------------------

    /// The commands registered for `guild` (global ones with `None`), as the fake answered them
    /// (with `id`, `application_id`, `version`); `None` before any registration.
    pub fn commands(&self, guild: Option<u64>) -> Option<Vec<Value>> {
        let inner = self.shared.lock();
        match guild {
            Some(g) => inner.guild_commands.get(&g).cloned(),
            None => inner.global_commands.clone(),
        }
    }

    /// Waits until commands are registered for `guild` (global with `None`); panics after
    /// `timeout`.
    pub async fn wait_commands(&self, guild: Option<u64>, timeout: Duration) -> Vec<Value> {
        self.wait_for(timeout, |inner| match guild {
            Some(g) => inner.guild_commands.get(&g).cloned(),
            None => inner.global_commands.clone(),
        })
        .await
        .unwrap_or_else(|| {
            panic!(
                "no commands registered within {timeout:?}; {}",
                self.summary()
            )
        })
    }

    // ---- interactions ------------------------------------------------------------------------

    /// A slash command interaction by `user` in guild channel `channel`. `command` is the
    /// qualified name, subcommands included (`"focus move"`); `options` is a JSON object of the
    /// leaf options by name (`json!({"move": "c4-d4"})`). Option types come from the registered
    /// schema, as on Discord, so a USER option is given as the user id and arrives with
    /// `data.resolved.users` (and `members`); unregistered options are typed from the JSON
    /// value. Returns the interaction id.
    pub async fn slash(&self, user: &FakeUser, channel: u64, command: &str, options: Value) -> u64 {
        let interaction = self.slash_json(user, Some(channel), command, &options);
        self.send_interaction(interaction).await
    }

    /// [`Self::slash`] in the user's DM with the bot: no guild, no member.
    pub async fn slash_dm(&self, user: &FakeUser, command: &str, options: Value) -> u64 {
        let interaction = self.slash_json(user, None, command, &options);
        self.send_interaction(interaction).await
    }

    /// An autocomplete interaction (type 4) for option `focused` of `command` while the user has
    /// typed `typed` into it. Returns the interaction id.
    pub async fn autocomplete(
        &self,
        user: &FakeUser,
        channel: u64,
        command: &str,
        focused: &str,
        typed: &str,
    ) -> u64 {
        self.autocomplete_with(user, channel, command, json!({}), focused, typed)
            .await
    }

    /// [`Self::autocomplete`] with other options already filled in (`others`, as for
    /// [`Self::slash`]).
    pub async fn autocomplete_with(
        &self,
        user: &FakeUser,
        channel: u64,
        command: &str,
        others: Value,
        focused: &str,
        typed: &str,
    ) -> u64 {
        let interaction = self.autocomplete_json(user, channel, command, &others, focused, typed);
        self.send_interaction(interaction).await
    }

    /// The JSON of an autocomplete interaction; see [`Self::autocomplete_with`].
    pub fn autocomplete_json(
        &self,
        user: &FakeUser,
        channel: u64,
        command: &str,
        others: &Value,
        focused: &str,
        typed: &str,
    ) -> Value {
        let mut interaction = self.slash_json(user, Some(channel), command, others);
        interaction["type"] = json!(4);
        let (_, schema) = self.command_schema(Some(self.guild_id()), command);
        let kind = schema
            .as_ref()
            .and_then(|s| option_schema(s, focused))
            .and_then(|o| o["type"].as_u64())
            .unwrap_or(3);
        // Discord sends what has been typed so far as is, whatever the option's type.
        let leaf = json!({ "name": focused, "type": kind, "value": typed, "focused": true });
        push_leaf_option(&mut interaction["data"]["options"], leaf);
        interaction
    }

    /// A button click (component interaction, type 3) by `user` on the component `custom_id` of
    /// message `message_id` in `channel` (a guild channel, or a DM channel the bot created).
    /// The interaction carries the message as the fake knows it. Returns the interaction id.
    pub async fn click(
        &self,
        user: &FakeUser,
        channel: u64,
        message_id: u64,
        custom_id: &str,
    ) -> u64 {
        let interaction = self.click_json(user, channel, message_id, custom_id);
        self.send_interaction(interaction).await
    }

    /// The JSON of a slash command interaction, for tests that adjust it before
    /// [`Self::send_interaction`]; `channel: None` means the user's DM.
    pub fn slash_json(
        &self,
        user: &FakeUser,
        channel: Option<u64>,
        command: &str,
        options: &Value,
    ) -> Value {
        let guild = channel.map(|_| self.guild_id());
        let path: Vec<&str> = command.split_whitespace().collect();
        assert!(!path.is_empty(), "empty command name");
        let (command_id, schema) = self.command_schema(guild, command);
        let mut resolved_users = Map::new();
        let mut resolved_members = Map::new();
        let mut resolved_channels = Map::new();
        let mut leaves = Vec::new();
        for (name, value) in options.as_object().expect("options must be a JSON object") {
            let kind = schema
                .as_ref()
                .and_then(|s| option_schema(s, name))
                .and_then(|o| o["type"].as_u64())
                .unwrap_or_else(|| infer_option_type(value));
            let value = match kind {
                // USER, CHANNEL, ROLE, MENTIONABLE, ATTACHMENT: snowflakes travel as strings.
                6..=9 | 11 => json!(snowflake_text(value)),
                3 => json!(match value {
                    Value::String(s) => s.clone(),
                    other => other.to_string(),
                }),
                _ => value.clone(),
            };
            if kind == 6 || kind == 9 {
                let id: u64 = snowflake_text(&value)
                    .parse()
                    .expect("user option is a user id");
                if let Some(member) = self.shared.guild.member(id) {
                    resolved_users.insert(id.to_string(), member.user.json());
                    if guild.is_some() {
                        let mut partial =
                            self.shared
                                .guild
                                .member_json(member, channel, self.application_id());
                        partial.as_object_mut().unwrap().remove("user");
                        resolved_members.insert(id.to_string(), partial);
                    }
                }
            }
            if kind == 7 {
                let id: u64 = snowflake_text(&value)
                    .parse()
                    .expect("channel option is a channel id");
                if let Some(c) = self.shared.guild.channel(id) {
                    let permissions =
                        self.shared
                            .guild
                            .permissions(user.id, Some(id), self.application_id());
                    resolved_channels.insert(
                        id.to_string(),
                        json!({
                            "id": id.to_string(),
                            "name": c.name,
                            "type": 0,
                            "permissions": permissions.bits().to_string(),
                        }),
                    );
                }
            }
            leaves.push(json!({ "name": name, "type": kind, "value": value }));
        }
        // Subcommands wrap the leaves, innermost first; a group wraps the subcommand.
        let mut options = Value::Array(leaves);
        for (depth, name) in path.iter().enumerate().skip(1).rev() {
            let kind = if depth + 1 < path.len() { 2 } else { 1 };
            options = json!([{ "name": name, "type": kind, "options": options }]);
        }
        let mut resolved = Map::new();
        if !resolved_users.is_empty() {
            resolved.insert("users".into(), Value::Object(resolved_users));
        }
        if !resolved_members.is_empty() {
            resolved.insert("members".into(), Value::Object(resolved_members));
        }
        if !resolved_channels.is_empty() {
            resolved.insert("channels".into(), Value::Object(resolved_channels));
        }
        let mut data = json!({
            "id": command_id.to_string(),
            "name": path[0],
            "type": 1,
            "options": options,
        });
        if !resolved.is_empty() {
            data["resolved"] = Value::Object(resolved);
        }
        if let Some(guild) = guild {
            data["guild_id"] = json!(guild.to_string());
        }
        self.interaction_json(2, user, channel, data, None)
    }

    /// The JSON of a component interaction; see [`Self::click`].
    pub fn click_json(
        &self,
        user: &FakeUser,
        channel: u64,
        message_id: u64,
        custom_id: &str,
    ) -> Value {
        let in_dm = self.shared.lock().dm_recipients.contains_key(&channel);
        let message = self.shared.lock().messages.get(&message_id).cloned();
        let message = message.unwrap_or_else(|| {
            // A message the fake never saw (say, from before a restart of the test): the bot
            // gets a plain one, as Discord would still send whatever is on the screen.
            message_json(
                message_id,
                channel,
                (!in_dm).then(|| self.guild_id()),
                &self.shared.bot,
                &json!({}),
                vec![],
                0,
                None,
            )
        });
        let data = json!({ "custom_id": custom_id, "component_type": 2 });
        let channel = if in_dm { None } else { Some(channel) };
        self.interaction_json(3, user, channel, data, Some(message))
    }

    /// Sends `interaction` (a full interaction object) as an `INTERACTION_CREATE` dispatch and
    /// registers its token, so the bot's answers are accepted. Waits up to 10 s for a live
    /// gateway. Returns the interaction id.
    pub async fn send_interaction(&self, interaction: Value) -> u64 {
        let id: u64 = interaction["id"]
            .as_str()
            .and_then(|s| s.parse().ok())
            .expect("interaction id");
        let token = interaction["token"]
            .as_str()
            .expect("interaction token")
            .to_owned();
        let channel_id: u64 = interaction["channel_id"]
            .as_str()
            .and_then(|s| s.parse().ok())
            .expect("interaction channel_id");
        let guild_id = interaction["guild_id"]
            .as_str()
            .and_then(|s| s.parse().ok());
        let component_message = interaction["message"]["id"]
            .as_str()
            .and_then(|s| s.parse().ok());
        self.shared.lock().interactions.insert(
            token,
            InteractionRecord {
                id,
                channel_id,
                guild_id,
                original: component_message,
                response: None,
                deferred_pending: false,
            },
        );
        self.dispatch("INTERACTION_CREATE", interaction).await;
        id
    }

    fn command_schema(&self, guild: Option<u64>, command: &str) -> (u64, Option<Value>) {
        let mut path = command.split_whitespace();
        let root = path.next().unwrap_or_default();
        let mut inner = self.shared.lock();
        let registered = guild
            .and_then(|g| inner.guild_commands.get(&g))
            .into_iter()
            .chain(inner.global_commands.as_ref())
            .flatten()
            .find(|c| c["name"] == root)
            .cloned();
        let Some(registered) = registered else {
            return (inner.fresh_id(), None);
        };
        let id = registered["id"]
            .as_str()
            .and_then(|s| s.parse().ok())
            .unwrap_or_default();
        let mut node = registered;
        for name in path {
            let child = node["options"]
                .as_array()
                .and_then(|opts| opts.iter().find(|o| o["name"] == name))
                .cloned();
            match child {
                Some(child) => node = child,
                None => return (id, None),
            }
        }
        (id, Some(node))
    }

    fn interaction_json(
        &self,
        kind: u64,
        user: &FakeUser,
        channel: Option<u64>,
        data: Value,
        message: Option<Value>,
    ) -> Value {
        let id = self.shared.lock().fresh_id();
        let app = self.application_id();
        let guild = &self.shared.guild;
        let mut interaction = json!({
            "id": id.to_string(),
            "application_id": app.to_string(),
            "type": kind,
            "data": data,
            "token": format!("fake-interaction-token-{id}"),
            "version": 1,
            "locale": "en-US",
            "entitlements": [],
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        });
        match channel {
            Some(channel) => {
                let name = guild.channel(channel).map(|c| c.name.clone());
                let member = guild.member(user.id).cloned().unwrap_or(FakeMember {
                    user: user.clone(),
                    roles: vec![],
                });
                let app_permissions = guild.permissions(app, Some(channel), app);
                let extra = json!({
                    "guild_id": guild.id.to_string(),
                    "guild_locale": "en-US",
                    "channel_id": channel.to_string(),
                    "channel": {
                        "id": channel.to_string(),
                        "type": 0,
                        "name": name,
                        "guild_id": guild.id.to_string(),
                        "permissions": guild.permissions(user.id, Some(channel), app).bits().to_string(),
                    },
                    "member": guild.member_json(&member, Some(channel), app),
                    "app_permissions": app_permissions.bits().to_string(),
                    "authorizing_integration_owners": { "0": guild.id.to_string() },
                    "context": 0,
                });
                merge(&mut interaction, extra);
            }
            None => {
                let dm = self.dm_channel_of(user.id);
                let extra = json!({
                    "channel_id": dm.to_string(),
                    "channel": { "id": dm.to_string(), "type": 1, "recipients": [user.json()] },
                    "user": user.json(),
                    "app_permissions": Permissions::dm_permissions().bits().to_string(),
                    "authorizing_integration_owners": { "0": "0" },
                    "context": 1,
                });
                merge(&mut interaction, extra);
            }
        }
        if let Some(message) = message {
            interaction["message"] = message;
        }
        interaction
    }

    /// The bot's DM channel with `user`, created on first use (as `POST /users/@me/channels`
    /// would).
    pub fn dm_channel_of(&self, user: u64) -> u64 {
        dm_channel(&mut self.shared.lock(), user)
    }

    // ---- replies -----------------------------------------------------------------------------

    /// The oldest reply not yet taken by `next_reply`/`reply_to`; panics after `timeout` with a
    /// summary of what the fake did see.
    pub async fn next_reply(&self, timeout: Duration) -> Reply {
        self.try_next_reply(timeout)
            .await
            .unwrap_or_else(|| panic!("no reply within {timeout:?}; {}", self.summary()))
    }

    /// [`Self::next_reply`] that returns `None` on time-out, to check that nothing was sent.
    pub async fn try_next_reply(&self, timeout: Duration) -> Option<Reply> {
        self.wait_for(timeout, |inner| inner.unseen.pop_front())
            .await
    }

    /// The oldest reply not yet taken that answers interaction `interaction` (callback, webhook
    /// edit or follow-up); panics after `timeout`.
    pub async fn reply_to(&self, interaction: u64, timeout: Duration) -> Reply {
        self.try_reply_to(interaction, timeout)
            .await
            .unwrap_or_else(|| {
                panic!(
                    "no reply to interaction {interaction} within {timeout:?}; {}",
                    self.summary()
                )
            })
    }

    /// [`Self::reply_to`] that returns `None` on time-out.
    pub async fn try_reply_to(&self, interaction: u64, timeout: Duration) -> Option<Reply> {
        self.wait_for(timeout, |inner| {
            let at = inner
                .unseen
                .iter()
                .position(|r| r.interaction_id == Some(interaction))?;
            inner.unseen.remove(at)
        })
        .await
    }

    /// Every reply so far, taken or not, in order.
    pub fn replies(&self) -> Vec<Reply> {
        self.shared.lock().replies.clone()
    }

    /// A message as the fake holds it now (the full Message object), after any edits.
    pub fn message(&self, id: u64) -> Option<Value> {
        self.shared.lock().messages.get(&id).cloned()
    }

    /// Every REST request so far, in order.
    pub fn requests(&self) -> Vec<RequestRecord> {
        self.shared.lock().requests.clone()
    }

    /// `METHOD /path` of every request the fake had no route for.
    pub fn unknown_routes(&self) -> Vec<String> {
        self.shared.lock().unknown.clone()
    }

    // ---- failures ----------------------------------------------------------------------------

    /// From now on `POST /channels/{channel}/messages` fails with 403 and code 50013 (Missing
    /// Permissions), as when a server admin takes Send Messages from the bot. Interaction replies
    /// in that channel still work, as on Discord.
    pub fn deny_channel_messages(&self, channel: u64) {
        self.shared.lock().denied_channels.insert(channel);
    }

    /// From now on messages to `user`'s DM channel fail with 403 and code 50007 (Cannot send
    /// messages to this user), as when the user has closed DMs. Opening the DM channel still
    /// succeeds, as on Discord.
    pub fn close_dms(&self, user: u64) {
        self.shared.lock().closed_dms.insert(user);
    }

    // ---- internals ---------------------------------------------------------------------------

    async fn wait_for<T>(
        &self,
        timeout: Duration,
        mut check: impl FnMut(&mut Inner) -> Option<T>,
    ) -> Option<T> {
        let deadline = Instant::now() + timeout;
        let mut changes = self.shared.changed.subscribe();
        loop {
            // Mark the current state seen *before* looking, so no change can slip between.
            changes.borrow_and_update();
            if let Some(found) = check(&mut self.shared.lock()) {
                return Some(found);
            }
            if tokio::time::timeout_at(deadline, changes.changed())
                .await
                .is_err()
            {
                return None;
            }
        }
    }

    /// What the fake saw, for failure messages.
    fn summary(&self) -> String {
        let inner = self.shared.lock();
        let requests: Vec<String> = inner
            .requests
            .iter()
            .rev()
            .take(15)
            .rev()
            .map(|r| format!("{} {} -> {}", r.method, r.path, r.status))
            .collect();
        format!(
            "gateway {:?}; {} replies ({} not taken); unknown routes {:?}; last requests {:#?}",
            inner.stats,
            inner.replies.len(),
            inner.unseen.len(),
            inner.unknown,
            requests
        )
    }
}

fn merge(target: &mut Value, extra: Value) {
    if let (Value::Object(target), Value::Object(extra)) = (target, extra) {
        target.extend(extra);
    }
}

fn snowflake_text(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn infer_option_type(value: &Value) -> u64 {
    match value {
        Value::Bool(_) => 5,
        Value::Number(n) if n.is_i64() || n.is_u64() => 4,
        Value::Number(_) => 10,
        _ => 3,
    }
}

/// The schema of leaf option `name` under a command or subcommand node.
fn option_schema<'a>(node: &'a Value, name: &str) -> Option<&'a Value> {
    node["options"]
        .as_array()?
        .iter()
        .find(|o| o["name"] == name && o["type"].as_u64().is_some_and(|t| t > 2))
}

/// Adds `leaf` to the innermost option list (below any subcommand and group).
fn push_leaf_option(options: &mut Value, leaf: Value) {
    let Some(list) = options.as_array_mut() else {
        *options = json!([leaf]);
        return;
    };
    if let Some(sub) = list
        .iter_mut()
        .find(|o| matches!(o["type"].as_u64(), Some(1 | 2)))
    {
        if sub.get("options").is_none() {
            sub["options"] = json!([]);
        }
        push_leaf_option(&mut sub["options"], leaf);
    } else {
        list.push(leaf);
    }
}

fn dm_channel(inner: &mut Inner, user: u64) -> u64 {
    if let Some(&channel) = inner.dm_channels.get(&user) {
        return channel;
    }
    let channel = inner.fresh_id();
    inner.dm_channels.insert(user, channel);
    inner.dm_recipients.insert(channel, user);
    channel
}

/// A full Message object, as Discord returns it for a message the bot created.
#[allow(clippy::too_many_arguments)]
fn message_json(
    id: u64,
    channel_id: u64,
    guild_id: Option<u64>,
    author: &FakeUser,
    payload: &Value,
    attachments: Vec<Value>,
    extra_flags: u64,
    interaction_app: Option<u64>,
) -> Value {
    let flags = payload["flags"].as_u64().unwrap_or(0) | extra_flags;
    let mut message = json!({
        "id": id.to_string(),
        "channel_id": channel_id.to_string(),
        "author": author.json(),
        "content": payload["content"].as_str().unwrap_or(""),
        "timestamp": TIMESTAMP,
        "edited_timestamp": null,
        "tts": payload["tts"].as_bool().unwrap_or(false),
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": attachments,
        "embeds": array_or_empty(&payload["embeds"]),
        "components": array_or_empty(&payload["components"]),
        "pinned": false,
        // 20: the reply to a slash command; 0: an ordinary message.
        "type": if interaction_app.is_some() { 20 } else { 0 },
        "flags": flags,
    });
    if let Some(guild) = guild_id {
        message["guild_id"] = json!(guild.to_string());
    }
    if let Some(app) = interaction_app {
        message["application_id"] = json!(app.to_string());
        message["webhook_id"] = json!(app.to_string());
    }
    message
}

fn array_or_empty(value: &Value) -> Value {
    if value.is_array() {
        value.clone()
    } else {
        json!([])
    }
}

/// Applies an edit's payload to a stored message, as Discord does: fields present replace,
/// fields absent stay; attachments listed in the payload are kept, new uploads are added.
fn apply_edit(message: &mut Value, payload: &Value, uploaded: Vec<Value>) {
    for key in ["content", "embeds", "components"] {
        if let Some(value) = payload.get(key) {
            message[key] = if value.is_null() && key != "content" {
                json!([])
            } else if value.is_null() {
                json!("")
            } else {
                value.clone()
            };
        }
    }
    if let Some(flags) = payload["flags"].as_u64() {
        // An edit can only change SUPPRESS_EMBEDS; ephemeral stays what it was.
        let kept = message["flags"].as_u64().unwrap_or(0) & EPHEMERAL;
        message["flags"] = json!(flags | kept);
    }
    // The "thinking" state of a deferred reply ends with its first edit.
    let flags = message["flags"].as_u64().unwrap_or(0) & !LOADING;
    message["flags"] = json!(flags);
    let mut attachments: Vec<Value> = match payload.get("attachments") {
        Some(Value::Array(keep)) => {
            let keep: HashSet<String> = keep.iter().map(|a| snowflake_text(&a["id"])).collect();
            message["attachments"]
                .as_array()
                .into_iter()
                .flatten()
                .filter(|a| keep.contains(&snowflake_text(&a["id"])))
                .cloned()
                .collect()
        }
        _ => message["attachments"]
            .as_array()
            .cloned()
            .unwrap_or_default(),
    };
    attachments.extend(uploaded);
    message["attachments"] = Value::Array(attachments);
    message["edited_timestamp"] = json!(TIMESTAMP);
}

// ---- REST --------------------------------------------------------------------------------

/// A request body: JSON, or multipart with `payload_json` and `files[N]`.
struct Body {
    json: Value,
    files: Vec<(String, Vec<u8>)>,
}

async fn read_body(request: Request) -> Result<Body, String> {
    let multipart = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/form-data"));
    if !multipart {
        let bytes = axum::body::to_bytes(request.into_body(), usize::MAX)
            .await
            .map_err(|e| e.to_string())?;
        let json = if bytes.is_empty() {
            Value::Null
        } else {
            serde_json::from_slice(&bytes).map_err(|e| format!("body is not JSON: {e}"))?
        };
        return Ok(Body {
            json,
            files: vec![],
        });
    }
    let mut form = Multipart::from_request(request, &())
        .await
        .map_err(|e| e.to_string())?;
    let mut body = Body {
        json: Value::Null,
        files: vec![],
    };
    while let Some(field) = form.next_field().await.map_err(|e| e.to_string())? {
        let name = field.name().unwrap_or_default().to_owned();
        let filename = field.file_name().map(str::to_owned);
        let bytes = field.bytes().await.map_err(|e| e.to_string())?;
        if name == "payload_json" {
            body.json = serde_json::from_slice(&bytes)
                .map_err(|e| format!("payload_json is not JSON: {e}"))?;
        } else if name.starts_with("files[") || name == "file" {
            body.files.push((filename.unwrap_or(name), bytes.to_vec()));
        }
    }
    Ok(body)
}

fn json_response(status: StatusCode, body: Value) -> Response {
    (status, axum::Json(body)).into_response()
}

fn discord_error(status: StatusCode, code: u64, message: &str) -> Response {
    json_response(status, json!({ "message": message, "code": code }))
}

async fn attachment(
    State(shared): State<Arc<Shared>>,
    axum::extract::Path((id, _name)): axum::extract::Path<(u64, String)>,
) -> Response {
    match shared.lock().attachments.get(&id) {
        Some(bytes) => bytes.clone().into_response(),
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

/// Every REST route, matched on method and path segments.
async fn rest(State(shared): State<Arc<Shared>>, request: Request) -> Response {
    let method = request.method().clone();
    let uri = request.uri().to_string();
    // reqwest sends `@me` as is, but a percent-encoded `%40me` means the same route.
    let path = request.uri().path().replace("%40", "@");
    let body = match read_body(request).await {
        Ok(body) => body,
        Err(why) => {
            eprintln!("FakeDiscord: unreadable body of {method} {uri}: {why}");
            return discord_error(
                StatusCode::BAD_REQUEST,
                50109,
                "The request body contains invalid JSON.",
            );
        }
    };
    let record_body = body.json.clone();
    let segments: Vec<&str> = path
        .strip_prefix("/api/v10/")
        .map(|rest| rest.split('/').collect())
        .unwrap_or_default();
    let response = route(&shared, &method, &segments, body);
    let status = response.status().as_u16();
    let mut inner = shared.lock();
    if status == 404 && response.headers().contains_key("x-fake-unknown-route") {
        eprintln!("FakeDiscord: NO ROUTE for {method} {uri} (answered 404)");
        inner.unknown.push(format!("{method} {path}"));
    }
    inner.requests.push(RequestRecord {
        method: method.to_string(),
        path: uri,
        status,
        body: record_body,
    });
    drop(inner);
    shared.notify();
    response
}

fn route(shared: &Shared, method: &Method, segments: &[&str], body: Body) -> Response {
    let app = shared.application_id().to_string();
    let m = method.as_str();
    match (m, segments) {
        ("GET", ["gateway"]) => {
            json_response(StatusCode::OK, json!({ "url": shared.gateway_url() }))
        }
        ("GET", ["gateway", "bot"]) => json_response(
            StatusCode::OK,
            json!({
                "url": shared.gateway_url(),
                "shards": 1,
                "session_start_limit": {
                    "total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1
                },
            }),
        ),
        ("GET", ["oauth2", "applications", "@me"] | ["applications", "@me"]) => {
            if shared.lock().reject_token {
                return discord_error(StatusCode::UNAUTHORIZED, 0, "401: Unauthorized");
            }
            json_response(StatusCode::OK, application_json(shared))
        }
        ("GET", ["users", "@me"]) => json_response(StatusCode::OK, shared.bot.json()),
        ("GET", ["users", id]) => match shared
            .guild
            .members
            .iter()
            .find(|m| m.user.id.to_string() == *id)
        {
            Some(member) => json_response(StatusCode::OK, member.user.json()),
            None => discord_error(StatusCode::NOT_FOUND, 10013, "Unknown User"),
        },
        ("POST", ["users", "@me", "channels"]) => create_dm(shared, &body.json),
        ("GET", ["channels", channel]) => get_channel(shared, channel),
        ("GET", ["guilds", guild, "members", user]) if *guild == shared.guild.id.to_string() => {
            match shared
                .guild
                .members
                .iter()
                .find(|m| m.user.id.to_string() == *user)
            {
                Some(member) => json_response(
                    StatusCode::OK,
                    shared
                        .guild
                        .member_json(member, None, shared.application_id()),
                ),
                None => discord_error(StatusCode::NOT_FOUND, 10007, "Unknown Member"),
            }
        }
        ("PUT", ["applications", a, "commands"]) if *a == app => {
            set_commands(shared, None, &body.json)
        }
        ("PUT", ["applications", a, "guilds", guild, "commands"]) if *a == app => {
            match guild.parse() {
                Ok(guild) => set_commands(shared, Some(guild), &body.json),
                Err(_) => discord_error(StatusCode::NOT_FOUND, 10004, "Unknown Guild"),
            }
        }
        ("GET", ["applications", a, "commands"]) if *a == app => json_response(
            StatusCode::OK,
            json!(shared.lock().global_commands.clone().unwrap_or_default()),
        ),
        ("GET", ["applications", a, "guilds", guild, "commands"]) if *a == app => {
            let guild: u64 = guild.parse().unwrap_or_default();
            json_response(
                StatusCode::OK,
                json!(
                    shared
                        .lock()
                        .guild_commands
                        .get(&guild)
                        .cloned()
                        .unwrap_or_default()
                ),
            )
        }
        ("POST", ["interactions", id, token, "callback"]) => {
            interaction_callback(shared, id, token, body)
        }
        ("GET" | "PATCH" | "DELETE", ["webhooks", a, token, "messages", message]) if *a == app => {
            webhook_message(shared, m, token, message, body)
        }
        ("POST", ["webhooks", a, token]) if *a == app => followup(shared, token, body),
        ("POST", ["channels", channel, "messages"]) => create_message(shared, channel, body),
        ("GET" | "PATCH" | "DELETE", ["channels", channel, "messages", message]) => {
            channel_message(shared, m, channel, message, body)
        }
        ("POST", ["channels", _, "typing"]) => StatusCode::NO_CONTENT.into_response(),
        _ => {
            let mut response = discord_error(StatusCode::NOT_FOUND, 0, "404: Not Found");
            response.headers_mut().insert(
                "x-fake-unknown-route",
                header::HeaderValue::from_static("1"),
            );
            response
        }
    }
}

fn application_json(shared: &Shared) -> Value {
    json!({
        "id": shared.application_id().to_string(),
        "name": "Focus",
        "icon": null,
        "description": "A bot for the board game Focus",
        "rpc_origins": [],
        "bot_public": true,
        "bot_require_code_grant": false,
        "owner": shared.guild.owner.json(),
        "verify_key": "0".repeat(64),
        "team": null,
        "flags": 0,
        "bot": shared.bot.json(),
        "role_connections_verification_url": null,
        "approximate_guild_count": 1,
        "approximate_user_install_count": 0,
        "redirect_uris": [],
        "interactions_endpoint_url": null,
    })
}

fn get_channel(shared: &Shared, channel: &str) -> Response {
    let Ok(id) = channel.parse::<u64>() else {
        return discord_error(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
    };
    if let Some((position, c)) = shared
        .guild
        .channels
        .iter()
        .enumerate()
        .find(|(_, c)| c.id == id)
    {
        return json_response(
            StatusCode::OK,
            shared
                .guild
                .channel_json(c, position, shared.application_id()),
        );
    }
    let recipient = shared.lock().dm_recipients.get(&id).copied();
    match recipient.and_then(|user| shared.guild.member(user)) {
        Some(member) => json_response(StatusCode::OK, private_channel_json(id, &member.user)),
        None => discord_error(StatusCode::NOT_FOUND, 10003, "Unknown Channel"),
    }
}

fn private_channel_json(id: u64, recipient: &FakeUser) -> Value {
    json!({
        "id": id.to_string(),
        "type": 1,
        "last_message_id": null,
        "recipients": [recipient.json()],
        "flags": 0,
    })
}

fn create_dm(shared: &Shared, body: &Value) -> Response {
    let recipient: Option<u64> = body["recipient_id"]
        .as_str()
        .map(str::to_owned)
        .or_else(|| body["recipient_id"].as_u64().map(|n| n.to_string()))
        .and_then(|s| s.parse().ok());
    let Some(member) = recipient.and_then(|id| shared.guild.member(id)) else {
        return discord_error(StatusCode::BAD_REQUEST, 50033, "Invalid Recipient(s)");
    };
    let channel = dm_channel(&mut shared.lock(), member.user.id);
    json_response(StatusCode::OK, private_channel_json(channel, &member.user))
}

fn set_commands(shared: &Shared, guild: Option<u64>, body: &Value) -> Response {
    let Some(commands) = body.as_array() else {
        return discord_error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body");
    };
    let mut inner = shared.lock();
    let previous = match guild {
        Some(g) => inner.guild_commands.get(&g).cloned(),
        None => inner.global_commands.clone(),
    }
    .unwrap_or_default();
    let mut answered = Vec::new();
    for command in commands {
        let mut command = command.clone();
        let name = command["name"].clone();
        // Discord keeps a command's id when a bulk overwrite re-registers the same name.
        let id = previous
            .iter()
            .find(|c| c["name"] == name)
            .map(|c| c["id"].clone())
            .unwrap_or_else(|| json!(inner.fresh_id().to_string()));
        let version = inner.fresh_id();
        let defaults = json!({
            "type": 1,
            "description": "",
            "default_member_permissions": null,
            "nsfw": false,
            "options": [],
        });
        for (key, value) in defaults.as_object().expect("object") {
            if command.get(key).is_none() {
                command[key] = value.clone();
            }
        }
        command["id"] = id;
        command["application_id"] = json!(shared.application_id().to_string());
        command["version"] = json!(version.to_string());
        command["guild_id"] = guild.map_or(Value::Null, |g| json!(g.to_string()));
        answered.push(command);
    }
    match guild {
        Some(g) => {
            inner.guild_commands.insert(g, answered.clone());
        }
        None => inner.global_commands = Some(answered.clone()),
    }
    json_response(StatusCode::OK, Value::Array(answered))
}

/// Stores uploaded files as attachments of a message; returns the attachment objects.
fn store_files(
    shared: &Shared,
    inner: &mut Inner,
    payload: &Value,
    files: &[(String, Vec<u8>)],
) -> Vec<Value> {
    files
        .iter()
        .enumerate()
        .map(|(index, (filename, bytes))| {
            let id = inner.fresh_id();
            inner.attachments.insert(id, bytes.clone());
            let url = format!("{}/attachments/{id}/{filename}", shared.base);
            // The description the bot gave this upload, if any (payload `attachments[i]`).
            let description = payload["attachments"]
                .as_array()
                .and_then(|a| {
                    a.iter()
                        .find(|a| snowflake_text(&a["id"]) == index.to_string())
                })
                .map(|a| a["description"].clone())
                .unwrap_or(Value::Null);
            let content_type = if filename.ends_with(".png") {
                json!("image/png")
            } else {
                Value::Null
            };
            json!({
                "id": id.to_string(),
                "filename": filename,
                "description": description,
                "size": bytes.len(),
                "url": url,
                "proxy_url": url,
                "content_type": content_type,
            })
        })
        .collect()
}

fn reply(
    kind: ReplyKind,
    interaction_id: Option<u64>,
    channel_id: Option<u64>,
    message_id: Option<u64>,
    payload: Value,
    files: Vec<(String, Vec<u8>)>,
) -> Reply {
    Reply {
        interaction_id,
        kind,
        channel_id,
        dm_to: None,
        message_id,
        content: payload["content"].as_str().map(str::to_owned),
        embeds: payload["embeds"].clone(),
        components: payload["components"].clone(),
        flags: payload["flags"].as_u64().unwrap_or(0),
        allowed_mentions: payload.get("allowed_mentions").cloned(),
        files,
        choices: payload["choices"].as_array().cloned().unwrap_or_default(),
        payload,
    }
}

fn record(inner: &mut Inner, mut reply: Reply) {
    reply.dm_to = reply
        .channel_id
        .and_then(|c| inner.dm_recipients.get(&c).copied());
    inner.replies.push(reply.clone());
    inner.unseen.push_back(reply);
}

fn interaction_callback(shared: &Shared, id: &str, token: &str, body: Body) -> Response {
    let mut inner = shared.lock();
    let Some(record_) = inner.interactions.get(token) else {
        return discord_error(StatusCode::NOT_FOUND, 10062, "Unknown interaction");
    };
    if record_.id.to_string() != id {
        return discord_error(StatusCode::NOT_FOUND, 10062, "Unknown interaction");
    }
    if record_.response.is_some() {
        return discord_error(
            StatusCode::BAD_REQUEST,
            40060,
            "Interaction has already been acknowledged.",
        );
    }
    let (interaction_id, channel_id, guild_id, component_message) = (
        record_.id,
        record_.channel_id,
        record_.guild_id,
        record_.original,
    );
    let Some(kind) = body.json["type"].as_u64() else {
        return discord_error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body");
    };
    let data = body.json.get("data").cloned().unwrap_or(json!({}));
    let mut message_id = None;
    match kind {
        4 | 5 => {
            let id = inner.fresh_id();
            let attachments = store_files(shared, &mut inner, &data, &body.files);
            let loading = if kind == 5 { LOADING } else { 0 };
            let message = message_json(
                id,
                channel_id,
                guild_id,
                &shared.bot,
                &data,
                attachments,
                loading,
                Some(shared.application_id()),
            );
            inner.messages.insert(id, message);
            message_id = Some(id);
        }
        7 => {
            // Update the message the component is on.
            let Some(target) = component_message else {
                return discord_error(
                    StatusCode::BAD_REQUEST,
                    40004,
                    "Interaction has no message to update",
                );
            };
            let uploaded = store_files(shared, &mut inner, &data, &body.files);
            if let Some(message) = inner.messages.get_mut(&target) {
                apply_edit(message, &data, uploaded);
            }
            message_id = Some(target);
        }
        1 | 6 | 8 | 9 | 10 | 12 => {}
        _ => {
            return discord_error(
                StatusCode::BAD_REQUEST,
                50035,
                "Invalid interaction response type",
            );
        }
    }
    let record_ = inner
        .interactions
        .get_mut(token)
        .expect("interaction record");
    record_.response = Some(kind);
    if kind == 4 || kind == 5 {
        record_.original = message_id;
    }
    record_.deferred_pending = kind == 5;
    let reply = reply(
        ReplyKind::Callback(kind),
        Some(interaction_id),
        Some(channel_id),
        message_id,
        data,
        body.files,
    );
    record(&mut inner, reply);
    StatusCode::NO_CONTENT.into_response()
}

fn webhook_message(
    shared: &Shared,
    method: &str,
    token: &str,
    message: &str,
    body: Body,
) -> Response {
    let mut inner = shared.lock();
    let Some(record_) = inner.interactions.get(token) else {
        return discord_error(StatusCode::NOT_FOUND, 10015, "Unknown Webhook");
    };
    let (interaction_id, channel_id) = (record_.id, record_.channel_id);
    let original = message == "@original";
    let target = if original {
        record_.original
    } else {
        message.parse().ok()
    };
    let Some(target) = target.filter(|id| inner.messages.contains_key(id)) else {
        return discord_error(StatusCode::NOT_FOUND, 10008, "Unknown Message");
    };
    match method {
        "GET" => json_response(StatusCode::OK, inner.messages[&target].clone()),
        "DELETE" => {
            inner.messages.remove(&target);
            let reply = reply(
                ReplyKind::Delete,
                Some(interaction_id),
                Some(channel_id),
                Some(target),
                Value::Null,
                vec![],
            );
            record(&mut inner, reply);
            StatusCode::NO_CONTENT.into_response()
        }
        _ => {
            let uploaded = store_files(shared, &mut inner, &body.json, &body.files);
            let message = inner.messages.get_mut(&target).expect("message exists");
            apply_edit(message, &body.json, uploaded);
            let answer = message.clone();
            if original {
                inner
                    .interactions
                    .get_mut(token)
                    .expect("record")
                    .deferred_pending = false;
            }
            let kind = if original {
                ReplyKind::EditOriginal
            } else {
                ReplyKind::EditFollowup
            };
            let reply = reply(
                kind,
                Some(interaction_id),
                Some(channel_id),
                Some(target),
                body.json,
                body.files,
            );
            record(&mut inner, reply);
            json_response(StatusCode::OK, answer)
        }
    }
}

fn followup(shared: &Shared, token: &str, body: Body) -> Response {
    let mut inner = shared.lock();
    let Some(record_) = inner.interactions.get(token) else {
        return discord_error(StatusCode::NOT_FOUND, 10015, "Unknown Webhook");
    };
    if record_.response.is_none() {
        // Discord creates the interaction's webhook only once the interaction is answered.
        return discord_error(StatusCode::NOT_FOUND, 10015, "Unknown Webhook");
    }
    let (interaction_id, channel_id, guild_id) = (record_.id, record_.channel_id, record_.guild_id);
    let fills_deferred = record_
        .deferred_pending
        .then_some(record_.original)
        .flatten();
    let uploaded = store_files(shared, &mut inner, &body.json, &body.files);
    let (id, answer) = match fills_deferred {
        // The first follow-up after a deferred response replaces the "thinking" message.
        Some(original) if inner.messages.contains_key(&original) => {
            let message = inner.messages.get_mut(&original).expect("message exists");
            apply_edit(message, &body.json, uploaded);
            let answer = message.clone();
            inner
                .interactions
                .get_mut(token)
                .expect("record")
                .deferred_pending = false;
            (original, answer)
        }
        _ => {
            let id = inner.fresh_id();
            let message = message_json(
                id,
                channel_id,
                guild_id,
                &shared.bot,
                &body.json,
                uploaded,
                0,
                Some(shared.application_id()),
            );
            inner.messages.insert(id, message.clone());
            (id, message)
        }
    };
    let reply = reply(
        ReplyKind::Followup,
        Some(interaction_id),
        Some(channel_id),
        Some(id),
        body.json,
        body.files,
    );
    record(&mut inner, reply);
    json_response(StatusCode::OK, answer)
}

fn create_message(shared: &Shared, channel: &str, body: Body) -> Response {
    let Ok(channel) = channel.parse::<u64>() else {
        return discord_error(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
    };
    let mut inner = shared.lock();
    let guild_channel = shared.guild.channel(channel).is_some();
    let dm_recipient = inner.dm_recipients.get(&channel).copied();
    if !guild_channel && dm_recipient.is_none() {
        return discord_error(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
    }
    if let Some(user) = dm_recipient {
        if inner.closed_dms.contains(&user) {
            return discord_error(
                StatusCode::FORBIDDEN,
                50007,
                "Cannot send messages to this user",
            );
        }
    } else {
        let granted = shared
            .guild
            .permissions(shared.bot.id, Some(channel), shared.bot.id);
        let mut needed = Permissions::VIEW_CHANNEL | Permissions::SEND_MESSAGES;
        if !body.files.is_empty() {
            needed |= Permissions::ATTACH_FILES;
        }
        if inner.denied_channels.contains(&channel) || !granted.contains(needed) {
            return discord_error(StatusCode::FORBIDDEN, 50013, "Missing Permissions");
        }
    }
    let id = inner.fresh_id();
    let attachments = store_files(shared, &mut inner, &body.json, &body.files);
    let guild = guild_channel.then_some(shared.guild.id);
    let message = message_json(
        id,
        channel,
        guild,
        &shared.bot,
        &body.json,
        attachments,
        0,
        None,
    );
    inner.messages.insert(id, message.clone());
    let reply = reply(
        ReplyKind::ChannelMessage,
        None,
        Some(channel),
        Some(id),
        body.json,
        body.files,
    );
    record(&mut inner, reply);
    json_response(StatusCode::OK, message)
}

fn channel_message(
    shared: &Shared,
    method: &str,
    channel: &str,
    message: &str,
    body: Body,
) -> Response {
    let (Ok(channel), Ok(target)) = (channel.parse::<u64>(), message.parse::<u64>()) else {
        return discord_error(StatusCode::NOT_FOUND, 10008, "Unknown Message");
    };
    let mut inner = shared.lock();
    let exists = inner
        .messages
        .get(&target)
        .is_some_and(|m| m["channel_id"] == channel.to_string());
    if !exists {
        return discord_error(StatusCode::NOT_FOUND, 10008, "Unknown Message");
    }
    match method {
        "GET" => json_response(StatusCode::OK, inner.messages[&target].clone()),
        "DELETE" => {
            inner.messages.remove(&target);
            let reply = reply(
                ReplyKind::Delete,
                None,
                Some(channel),
                Some(target),
                Value::Null,
                vec![],
            );
            record(&mut inner, reply);
            StatusCode::NO_CONTENT.into_response()
        }
        _ => {
            let uploaded = store_files(shared, &mut inner, &body.json, &body.files);
            let message = inner.messages.get_mut(&target).expect("message exists");
            apply_edit(message, &body.json, uploaded);
            let answer = message.clone();
            let reply = reply(
                ReplyKind::EditChannelMessage,
                None,
                Some(channel),
                Some(target),
                body.json,
                body.files,
            );
            record(&mut inner, reply);
            json_response(StatusCode::OK, answer)
        }
    }
}

// ---- gateway -----------------------------------------------------------------------------

async fn gateway(State(shared): State<Arc<Shared>>, upgrade: WebSocketUpgrade) -> Response {
    upgrade.on_upgrade(move |socket| run_gateway(shared, socket))
}

async fn send_json(socket: &mut WebSocket, value: &Value) -> bool {
    socket
        .send(WsMessage::Text(value.to_string().into()))
        .await
        .is_ok()
}

/// One gateway connection: HELLO, then IDENTIFY -> READY + GUILD_CREATE, HEARTBEAT -> ACK,
/// RESUME -> RESUMED, and whatever dispatches the test sends through the link.
async fn run_gateway(shared: Arc<Shared>, mut socket: WebSocket) {
    let connection = {
        let mut inner = shared.lock();
        inner.stats.connections += 1;
        inner.stats.connections
    };
    shared.notify();
    let (tx, mut rx) = mpsc::unbounded_channel();
    let mut seq = 0u64;
    let hello = json!({ "op": 10, "d": { "heartbeat_interval": 41250 }, "s": null, "t": null });
    if !send_json(&mut socket, &hello).await {
        return;
    }
    loop {
        tokio::select! {
            incoming = socket.recv() => {
                let text = match incoming {
                    Some(Ok(WsMessage::Text(text))) => text,
                    Some(Ok(WsMessage::Close(_)) | Err(_)) | None => break,
                    Some(Ok(_)) => continue,
                };
                let Ok(payload) = serde_json::from_str::<Value>(text.as_str()) else {
                    eprintln!("FakeDiscord: gateway got non-JSON text: {text}");
                    continue;
                };
                match payload["op"].as_u64() {
                    Some(1) => {
                        let ack = json!({ "op": 11, "d": null, "s": null, "t": null });
                        if !send_json(&mut socket, &ack).await { break; }
                    }
                    Some(2) => {
                        if shared.lock().reject_token {
                            let frame = CloseFrame { code: 4004, reason: "Authentication failed.".into() };
                            let _ = socket.send(WsMessage::Close(Some(frame))).await;
                            break;
                        }
                        let ready = shared.ready_json(connection, &payload["d"]["shard"]);
                        seq = 0;
                        seq += 1;
                        let frame = json!({ "op": 0, "s": seq, "t": "READY", "d": ready });
                        if !send_json(&mut socket, &frame).await { break; }
                        seq += 1;
                        let guild = shared.guild.create_json(shared.application_id());
                        let frame = json!({ "op": 0, "s": seq, "t": "GUILD_CREATE", "d": guild });
                        if !send_json(&mut socket, &frame).await { break; }
                        let mut inner = shared.lock();
                        inner.identify = Some(payload["d"].clone());
                        inner.stats.identifies += 1;
                        inner.stats.connected = true;
                        inner.gateway = Some(GatewayLink { connection, tx: tx.clone() });
                        drop(inner);
                        shared.notify();
                    }
                    Some(6) => {
                        seq += 1;
                        let frame = json!({ "op": 0, "s": seq, "t": "RESUMED", "d": {} });
                        if !send_json(&mut socket, &frame).await { break; }
                        let mut inner = shared.lock();
                        inner.stats.resumes += 1;
                        inner.stats.connected = true;
                        inner.gateway = Some(GatewayLink { connection, tx: tx.clone() });
                        drop(inner);
                        shared.notify();
                    }
                    // Presence updates, member requests: nothing to answer.
                    _ => {}
                }
            }
            outgoing = rx.recv() => match outgoing {
                Some(Outgoing::Dispatch { event, data }) => {
                    seq += 1;
                    let frame = json!({ "op": 0, "s": seq, "t": event, "d": data });
                    if !send_json(&mut socket, &frame).await { break; }
                }
                Some(Outgoing::Close(code)) => {
                    let frame = CloseFrame { code, reason: "".into() };
                    let _ = socket.send(WsMessage::Close(Some(frame))).await;
                    break;
                }
                None => break,
            },
        }
    }
    let mut inner = shared.lock();
    if inner
        .gateway
        .as_ref()
        .is_some_and(|l| l.connection == connection)
    {
        inner.gateway = None;
    }
    inner.stats.connected = inner.gateway.is_some();
    drop(inner);
    shared.notify();
}
