//! A local stand-in for Discord, for end-to-end tests that run the real serenity and poise code.
// Longer than 400 lines: the stand-in's server: one state behind every route of its HTTP and
// gateway sides.
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
//! Membership: [`FakeDiscord::leave_guild`] makes a user leave the server (`GET
//! /guilds/{guild}/members/{user}` then answers 404 with code 10007, Unknown Member, and a
//! `GUILD_CREATE` after a reconnect no longer lists them; the user still exists, and a USER
//! option naming them still resolves to the user, without a member, as on Discord);
//! [`FakeDiscord::rejoin_guild`] brings them back. The gateway sends no `GUILD_MEMBER_REMOVE`:
//! Discord sends it only with the privileged GUILD_MEMBERS intent. Extra members for a larger
//! server: [`FakeGuild::with_human`].
//!
//! Time: interaction ids are snowflakes, as on Discord: the moment they were made, in
//! milliseconds since 2015, shifted left 22 bits, over a unique increment. They are made by the
//! system's time unless [`FakeDiscord::set_clock`] gives a clock (the bot's manual one);
//! [`FakeDiscord::stamp`] and [`FakeDiscord::slash_at`] make one at a chosen moment.
//!
//! Languages: interactions carry `"locale": "en-US"` and, in the guild, `"guild_locale":
//! "en-US"` unless a test says otherwise: [`FakeDiscord::set_locale`] sets the client language of
//! one user's interactions (as when their Discord app is in Russian), and
//! [`FakeDiscord::set_guild_locale`] the server's preferred locale, which guild interactions
//! carry as `guild_locale` and `GUILD_CREATE` as `preferred_locale`. For one interaction alone,
//! adjust the JSON of [`FakeDiscord::slash_json`] or [`FakeDiscord::click_json`] and send it
//! with [`FakeDiscord::send_interaction`].
//!
//! Failures for the bot's error paths: [`FakeDiscord::deny_channel_messages`] (403, code 50013;
//! undone by [`FakeDiscord::allow_channel_messages`]), [`FakeDiscord::close_dms`] (403, code
//! 50007), [`FakeDiscord::reject_token`] (gateway close 4004), [`FakeDiscord::drop_gateway`] (a
//! lost connection; serenity resumes), [`FakeDiscord::hang_next_channel_message`] (a message
//! created but never answered, as when the bot dies mid-send) and
//! [`FakeDiscord::fail_threads_after`] (thread starts failing with 500 after a number of them;
//! undone by [`FakeDiscord::allow_threads`]). An outage, Discord unreachable
//! (connection refused, connections cut): [`FakeDiscord::start_behind`] a
//! [`super::switch::Switch`], and turn that off and on.
//!
//! Rate limits: [`FakeDiscord::limit_thread_creation`] makes starting threads answer 429 as
//! Discord does once a channel's bucket is empty (`discord/limits.rs`), off by default;
//! [`FakeDiscord::rate_limited`] lists the requests so refused.
//!
//! Places reached through a user's install of the app (issue 23; `discord/places.rs`):
//! [`FakeDiscord::install_to_user`], a server that never added the bot
//! ([`FakeDiscord::add_guest_server`] of a [`FakeGuild::guest`]), a group DM
//! ([`FakeDiscord::group_dm`]) and a DM between two users ([`FakeDiscord::user_dm`]). Their
//! interactions carry `context`, `authorizing_integration_owners` and `app_permissions` as
//! Discord sends them; a user without the app gets no slash command there (the fake panics),
//! only components; the bot's own requests to such a channel answer 403 with 50001. Select
//! menus: [`FakeDiscord::select`] (only an option the menu offers) and
//! [`FakeDiscord::select_json`] (anything, forged); forms: [`FakeDiscord::submit`] fills in the
//! form a callback of type 9 opened, [`FakeDiscord::form_json`] makes any. Ephemeral answers
//! are messages like others: their menus can be chosen in and updated (callback 7).
//!
//! Interaction tokens live [`TOKEN_LIFETIME_MS`] (15 minutes) on the interaction clock: after
//! that, edits and follow-ups answer 401 with 50027 and a callback 404 with 10062, listed by
//! [`FakeDiscord::expired_token_uses`]. An interaction that only a user's install authorised
//! gets [`USER_INSTALL_FOLLOWUPS`] follow-ups (then 400, 40094). [`FakeDiscord::refusals`]
//! lists the requests answered with a given Discord error code.
//!
//! Message nonces work as on Discord: `POST /channels/{id}/messages` with a `nonce` and
//! `enforce_nonce: true` returns the message the same author already created with that nonce in
//! that channel, and creates and records nothing new. (Discord forgets a nonce after a few
//! minutes; the fake never does, since its tests do not run on Discord's clock.)
//!
//! Requests to routes the fake does not know are printed to stderr and answered 404 with a
//! Discord-style JSON error, and [`FakeDiscord::unknown_routes`] lists them, so a test sees what
//! the bot asked for instead of a silent failure.

use std::collections::{HashMap, HashSet, VecDeque};
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::get;
use serde_json::{Map, Value, json};
use serenity::all::Permissions;
use tokio::sync::{mpsc, watch};
use tokio::task::JoinHandle;
use tokio::time::Instant;

/// The token [`FakeDiscord::http`] uses; the fake accepts any token unless told otherwise.
pub const FAKE_TOKEN: &str = "fake-bot-token";

/// How long the helpers that need a live gateway wait for one before they fail the test: as
/// long as the tests' other waits, since a loaded machine may take a while to connect.
const GATEWAY_WAIT: Duration = Duration::from_secs(60);

/// Discord's `attachment_size_limit` for a server without boosts (10 MiB); serenity 0.12.5
/// refuses an interaction without the field.
const ATTACHMENT_SIZE_LIMIT: u64 = 10 * 1024 * 1024;

/// All timestamps the fake sends; no test may depend on the clock.
const TIMESTAMP: &str = "2025-01-01T12:00:00.000000+00:00";

/// Message flags (Discord's numbering).
const EPHEMERAL: u64 = 1 << 6;
const LOADING: u64 = 1 << 7;

/// The locale interactions carry unless a test sets another one (Discord's code for English).
const DEFAULT_LOCALE: &str = "en-US";

/// The first id the fake hands out for what it creates (messages, interactions, commands, DM
/// channels); fixture ids stay below it, so the two never collide.
const FIRST_GENERATED_ID: u64 = 1_000_000;

/// Discord's epoch, 2015-01-01 00:00 UTC, in unix milliseconds: snowflakes count from there.
pub const DISCORD_EPOCH_MS: i64 = 1_420_070_400_000;

/// The snowflake Discord would give an object made at `unix_ms`, with `increment` (kept
/// unique by the caller) in its low 22 bits: `(ms since the Discord epoch) << 22 | increment`.
pub fn snowflake_at(unix_ms: i64, increment: u64) -> u64 {
    let since = u64::try_from(unix_ms - DISCORD_EPOCH_MS).expect("a moment after 2015");
    (since << 22) | (increment & 0x3f_ffff)
}

/// When the object with snowflake `id` was made, in unix milliseconds.
pub fn snowflake_time(id: u64) -> i64 {
    DISCORD_EPOCH_MS + (id >> 22) as i64
}

/// The time interactions are made at (unix milliseconds), when a test sets one.
type InteractionClock = Arc<dyn Fn() -> i64 + Send + Sync>;

mod gateway;
mod guild;
mod limits;
mod places;
mod records;
mod rest;
mod threads;

// The fixture's and the records' types, for the tests; a test that names none of some is fine.
#[allow(unused_imports)]
pub use guild::{FakeChannel, FakeGuild, FakeMember, FakeRole, FakeUser};
#[allow(unused_imports)]
pub use limits::{RateLimit, THREADS_BUCKET};
#[allow(unused_imports)]
pub use places::{PrivateChannel, select_values};
#[allow(unused_imports)]
pub use records::{GatewayStats, Reply, ReplyKind, RequestRecord};
#[allow(unused_imports)]
pub use threads::FakeThread;

/// A fake Discord on 127.0.0.1; see the module documentation. Dropping it stops the server.
pub struct FakeDiscord {
    shared: Arc<Shared>,
    server: JoinHandle<()>,
    address: SocketAddr,
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
    /// Users of the fixture who have left the guild.
    departed: HashSet<u64>,
    /// The client locale of each user's interactions, when not [`DEFAULT_LOCALE`].
    locales: HashMap<u64, String>,
    /// The guild's preferred locale: guild interactions' `guild_locale`.
    guild_locale: String,
    /// Interactions' `attachment_size_limit` (bytes).
    attachment_limit: u64,
    /// The message created with each nonce, by (channel, author, nonce).
    nonces: HashMap<(u64, u64, String), u64>,
    /// Threads started from messages, by id (the message's).
    threads: HashMap<u64, FakeThread>,
    /// The next channel message created is stored and recorded, but never answered.
    hang_next_message: bool,
    /// How many more threads may start before thread starts fail; `None`: no limit.
    threads_left: Option<usize>,
    /// Discord's rate limit on starting threads, when a test turned it on.
    thread_limit: Option<RateLimit>,
    /// Each channel's thread-creation bucket, while [`Inner::thread_limit`] is set.
    thread_buckets: HashMap<u64, limits::Bucket>,
    /// What interactions' snowflakes are made from, and what their tokens' age is told by;
    /// the system's time when `None`.
    clock: Option<InteractionClock>,
    /// Users who installed the app to their account: their slash commands work outside the
    /// fixture server.
    user_installs: HashSet<u64>,
    /// Servers the bot is not a member of, where users reach it through their install.
    guests: Vec<FakeGuild>,
    /// Group DMs and DMs between two users, by channel id.
    private_channels: HashMap<u64, PrivateChannel>,
    /// The `authorizing_integration_owners` of the interaction whose answer created each
    /// message: what a component on it carries.
    message_owners: HashMap<u64, Value>,
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

    /// A fresh interaction id: a snowflake made now, by the interaction clock.
    fn interaction_id(&mut self) -> u64 {
        let increment = self.fresh_id();
        snowflake_at(self.now_ms(), increment)
    }

    /// Now, in unix milliseconds: by the interaction clock when a test set one.
    fn now_ms(&self) -> i64 {
        match &self.clock {
            Some(clock) => clock(),
            None => std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_millis() as i64),
        }
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
    /// Who sent it.
    user: u64,
    /// Its `authorizing_integration_owners`.
    owners: Value,
    /// Follow-up messages created with its token.
    followups: u32,
    /// The form (modal) its response opened: its `custom_id`.
    modal: Option<String>,
}

impl InteractionRecord {
    /// Its token has run out: Discord takes an interaction token for 15 minutes.
    fn expired(&self, now_ms: i64) -> bool {
        now_ms - snowflake_time(self.id) > TOKEN_LIFETIME_MS
    }
}

/// How long an interaction's token works: 15 minutes from the interaction (Discord's
/// "Receiving and Responding": tokens are valid for 15 minutes).
pub const TOKEN_LIFETIME_MS: i64 = 15 * 60 * 1_000;

/// The follow-up messages Discord allows per interaction of an app installed only to the user
/// where it is used (a guest server, a group DM, a DM): 5 (the Create Followup Message
/// endpoint's documentation, and the change log of 2024-06-27).
pub const USER_INSTALL_FOLLOWUPS: u32 = 5;

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

    /// Whether `user` is in the fixture's members and has not left.
    fn is_member(&self, user: u64) -> bool {
        self.guild.member(user).is_some() && !self.lock().departed.contains(&user)
    }

    /// The guild as it is now: the fixture without the members who left.
    fn guild_now(&self) -> FakeGuild {
        let departed = self.lock().departed.clone();
        let mut guild = self.guild.clone();
        guild.members.retain(|m| !departed.contains(&m.user.id));
        guild
    }

    /// The `GUILD_CREATE` payload of `guild`, with the guild's preferred locale as it is now.
    fn guild_create_json(&self, guild: &FakeGuild) -> Value {
        let mut json = guild.create_json(self.application_id());
        json["preferred_locale"] = json!(self.lock().guild_locale.clone());
        json
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
    pub async fn start_with(guild: FakeGuild) -> Self {
        Self::start_serving(guild, None).await
    }

    /// Starts the fake serving `guild` behind `base` (`http://127.0.0.1:PORT` of a forwarder
    /// such as [`super::switch::Switch`]): the gateway address it gives out, and
    /// [`FakeDiscord::api_base`], are the forwarder's, so that every connection goes through it;
    /// the forwarder forwards to [`FakeDiscord::address`].
    pub async fn start_behind(guild: FakeGuild, base: String) -> Self {
        Self::start_serving(guild, Some(base)).await
    }

    async fn start_serving(mut guild: FakeGuild, base: Option<String>) -> Self {
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
        let address = listener.local_addr().expect("local address");
        let shared = Arc::new(Shared {
            base: base.unwrap_or_else(|| format!("http://{address}")),
            guild,
            bot,
            inner: Mutex::new(Inner {
                next_id: FIRST_GENERATED_ID,
                guild_locale: DEFAULT_LOCALE.to_owned(),
                attachment_limit: ATTACHMENT_SIZE_LIMIT,
                ..Inner::default()
            }),
            changed: watch::channel(0).0,
        });
        let app = Router::new()
            .route("/gateway", get(gateway::gateway))
            .route("/attachments/{id}/{name}", get(rest::attachment))
            .fallback(rest::rest)
            // Discord takes uploads up to the attachment limit; axum's default is 2 MB.
            .layer(DefaultBodyLimit::max(3 * ATTACHMENT_SIZE_LIMIT as usize))
            .with_state(shared.clone());
        let server = tokio::spawn(async move {
            axum::serve(listener, app)
                .await
                .expect("fake Discord server");
        });
        Self {
            shared,
            server,
            address,
        }
    }

    /// Where the fake listens (the same as [`FakeDiscord::api_base`] unless it was started
    /// [behind](FakeDiscord::start_behind) a forwarder).
    pub fn address(&self) -> SocketAddr {
        self.address
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

    /// Whether `user` is a member of the guild now: in the fixture and not departed.
    pub fn is_member(&self, user: u64) -> bool {
        self.shared.is_member(user)
    }

    /// `user` leaves the guild: from now on `GET /guilds/{guild}/members/{user}` answers 404
    /// with code 10007 (Unknown Member), and a `GUILD_CREATE` (after a reconnect) leaves them
    /// out. The user still exists (`GET /users/{id}` answers). Panics for a user the fixture
    /// does not have.
    pub fn leave_guild(&self, user: u64) {
        assert!(
            self.shared.guild.member(user).is_some(),
            "the fake guild has no member {user}"
        );
        self.shared.lock().departed.insert(user);
    }

    /// Undoes [`Self::leave_guild`]: `user` joined the guild again.
    pub fn rejoin_guild(&self, user: u64) {
        self.shared.lock().departed.remove(&user);
    }

    /// How many times the bot asked for `user`'s membership (`GET
    /// /guilds/{guild}/members/{user}`), whatever the answer.
    pub fn member_lookups(&self, user: u64) -> usize {
        let path = format!("/api/v10/guilds/{}/members/{user}", self.guild_id());
        self.shared
            .lock()
            .requests
            .iter()
            .filter(|r| r.method == "GET" && r.path == path)
            .count()
    }

    /// From now on the interactions `user` sends carry `"locale": locale`, their Discord
    /// client's language (`"ru"`, `"en-US"`, …); `"en-US"` until set.
    pub fn set_locale(&self, user: &FakeUser, locale: &str) {
        self.shared
            .lock()
            .locales
            .insert(user.id, locale.to_owned());
    }

    /// From now on the guild's preferred locale is `locale`: guild interactions carry it as
    /// `guild_locale`, and a `GUILD_CREATE` (after a reconnect) as `preferred_locale`;
    /// `"en-US"` until set.
    pub fn set_guild_locale(&self, locale: &str) {
        self.shared.lock().guild_locale = locale.to_owned();
    }

    // ---- places reached through a user's install (issue 23; see `discord/places.rs`) -------

    /// `user` installs the app to their account: from now on Discord offers them its slash
    /// commands everywhere (guest servers, group DMs, DMs), and their interactions carry
    /// `"1": <their id>` among the `authorizing_integration_owners`.
    pub fn install_to_user(&self, user: &FakeUser) {
        self.shared.lock().user_installs.insert(user.id);
    }

    /// Makes `guest` (see [`FakeGuild::guest`]) a server the fake knows but the bot is not a
    /// member of: interactions in its channels carry its `guild_id` and the member, context 0,
    /// and only users' installs among their owners; the bot's own posts there are refused
    /// (403, 50001). Returns its first channel.
    pub fn add_guest_server(&self, guest: FakeGuild) -> u64 {
        assert!(
            guest.member(self.shared.bot.id).is_none(),
            "the bot is not in a guest server"
        );
        let channel = guest
            .channels
            .first()
            .expect("a guest server has a channel")
            .id;
        self.shared.lock().guests.push(guest);
        channel
    }

    /// A new group DM of `people` (two or more, the first its owner), which the bot is not in:
    /// its id. Interactions there carry context 2 and the channel (type 3, its recipients); the
    /// bot's own posts there are refused (403, 50001).
    pub fn group_dm(&self, people: &[FakeUser]) -> u64 {
        assert!(people.len() >= 2, "a group DM has two people or more");
        self.private_channel(true, people)
    }

    /// A new DM between two users (channel type 1), which the bot is not in: its id. As
    /// [`Self::group_dm`] otherwise.
    pub fn user_dm(&self, one: &FakeUser, other: &FakeUser) -> u64 {
        assert_ne!(one.id, other.id);
        self.private_channel(false, &[one.clone(), other.clone()])
    }

    fn private_channel(&self, group: bool, people: &[FakeUser]) -> u64 {
        let mut inner = self.shared.lock();
        let id = inner.fresh_id();
        let channel = PrivateChannel {
            id,
            group,
            recipients: people.to_vec(),
        };
        inner.private_channels.insert(id, channel);
        id
    }

    /// `user` chooses `value` in the string select menu `custom_id` of message `message_id`
    /// in `channel` (its own menu, or one of an ephemeral answer they see). Panics unless the
    /// message as the fake holds it has that menu with that option: Discord sends only what a
    /// menu offers (forge with [`Self::select_json`]). Returns the interaction id.
    pub async fn select(
        &self,
        user: &FakeUser,
        channel: u64,
        message_id: u64,
        custom_id: &str,
        value: &str,
    ) -> u64 {
        let message = self
            .message(message_id)
            .unwrap_or_else(|| panic!("no message {message_id} to choose in"));
        let values = select_values(&message["components"], custom_id)
            .unwrap_or_else(|| panic!("no menu {custom_id} on message {message_id}: {message}"));
        assert!(
            values.iter().any(|v| v == value),
            "menu {custom_id} offers no {value:?}: {values:?}"
        );
        let interaction = self.select_json(user, channel, message_id, custom_id, &[value]);
        self.send_interaction(interaction).await
    }

    /// `user` fills in the form (modal) that `modal` (the bot's callback of type 9) opened,
    /// typing `text` in its one text field, and submits it (interaction type 5, with the
    /// message the form was opened from). Panics unless `modal` is such a callback, to `user`'s
    /// own interaction: a form is shown only to whoever opened it. Returns the interaction id.
    pub async fn submit(&self, user: &FakeUser, modal: &Reply, text: &str) -> u64 {
        assert_eq!(modal.kind, ReplyKind::Callback(9), "not a form: {modal:?}");
        let opened = modal
            .interaction_id
            .expect("a callback answers an interaction");
        let (channel, message, by) = {
            let inner = self.shared.lock();
            let record = inner
                .interactions
                .values()
                .find(|r| r.id == opened)
                .expect("the form's interaction");
            (record.channel_id, record.original, record.user)
        };
        assert_eq!(by, user.id, "a form is shown only to whoever opened it");
        let custom_id = modal.payload["custom_id"]
            .as_str()
            .expect("a form's custom_id");
        let fields = modal.custom_ids();
        assert_eq!(fields.len(), 1, "one text field in {modal:?}");
        let interaction = self.form_json(user, channel, message, custom_id, &[(&fields[0], text)]);
        self.send_interaction(interaction).await
    }

    /// Every request Discord refused because its interaction token had run out (more than
    /// [`TOKEN_LIFETIME_MS`] after the interaction, on the interaction clock): webhook
    /// requests (edits, follow-ups) answered 401 with code 50027, callbacks 404 with 10062.
    pub fn expired_token_uses(&self) -> Vec<RequestRecord> {
        self.shared
            .lock()
            .requests
            .iter()
            .filter(|r| r.expired_token)
            .cloned()
            .collect()
    }

    /// Every request answered with Discord error `code` (50001 Missing Access, 40094 too many
    /// follow-ups, …), in order.
    pub fn refusals(&self, code: u64) -> Vec<RequestRecord> {
        self.shared
            .lock()
            .requests
            .iter()
            .filter(|r| r.code == Some(code))
            .cloned()
            .collect()
    }

    /// Makes interactions from now on carry `attachment_size_limit: bytes` instead of 10 MiB.
    pub fn set_attachment_limit(&self, bytes: u64) {
        self.shared.lock().attachment_limit = bytes;
    }

    /// From now on interactions are made at the time `clock` reads (unix milliseconds): their
    /// ids are snowflakes of that moment, as on Discord, where the system's time makes them
    /// until this is called. A bot on a manual clock gets interactions made on its clock.
    pub fn set_clock(&self, clock: impl Fn() -> i64 + Send + Sync + 'static) {
        self.shared.lock().clock = Some(Arc::new(clock));
    }

    /// Makes `interaction` (JSON from [`Self::slash_json`] and the like) one made at
    /// `unix_ms`: its id becomes a snowflake of that moment (still unique), as when a user
    /// sent it then and it arrives only now.
    pub fn stamp(&self, interaction: &mut Value, unix_ms: i64) {
        let id: u64 = interaction["id"]
            .as_str()
            .and_then(|s| s.parse().ok())
            .expect("interaction id");
        interaction["id"] = json!(snowflake_at(unix_ms, id).to_string());
    }

    /// [`Self::slash`] for an interaction made at `unix_ms` ([`Self::stamp`]).
    pub async fn slash_at(
        &self,
        user: &FakeUser,
        channel: u64,
        command: &str,
        options: Value,
        unix_ms: i64,
    ) -> u64 {
        let mut interaction = self.slash_json(user, Some(channel), command, &options);
        self.stamp(&mut interaction, unix_ms);
        self.send_interaction(interaction).await
    }

    /// The value Discord sends for the choice called `name` (its English name) of option
    /// `option` of subcommand `sub` of `/focus`, from the registered guild schema.
    pub fn choice(&self, sub: &str, option: &str, name: &str) -> Value {
        let commands = self
            .commands(Some(self.guild_id()))
            .expect("commands registered");
        let sub = self::option(&commands[0], sub);
        self::option(sub, option)["choices"]
            .as_array()
            .and_then(|c| c.iter().find(|c| c["name"] == name))
            .map(|c| c["value"].clone())
            .unwrap_or_else(|| panic!("no choice {name:?} for {option}"))
    }

    /// Thread `id`, as it stands, if one was started (deleted ones included).
    pub fn thread(&self, id: u64) -> Option<FakeThread> {
        self.shared.lock().threads.get(&id).cloned()
    }

    /// Every thread started so far, by id.
    pub fn threads(&self) -> Vec<FakeThread> {
        let mut threads: Vec<FakeThread> = self.shared.lock().threads.values().cloned().collect();
        threads.sort_by_key(|t| t.id);
        threads
    }

    /// Archives thread `id`, as Discord does to a quiet thread (or a moderator does by hand);
    /// `locked` also locks it, so that only moderators may bring it back.
    pub fn archive_thread(&self, id: u64, locked: bool) {
        let mut inner = self.shared.lock();
        let thread = inner.threads.get_mut(&id).expect("a thread of the fake");
        thread.archived = true;
        thread.locked = locked;
    }

    /// Unlocks and unarchives thread `id`, as a moderator may.
    pub fn reopen_thread(&self, id: u64) {
        let mut inner = self.shared.lock();
        let thread = inner.threads.get_mut(&id).expect("a thread of the fake");
        thread.archived = false;
        thread.locked = false;
    }

    /// Deletes thread `id`, as a moderator may.
    pub fn delete_thread(&self, id: u64) {
        let mut inner = self.shared.lock();
        inner
            .threads
            .get_mut(&id)
            .expect("a thread of the fake")
            .deleted = true;
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
        self.shared.guild_create_json(&self.shared.guild)
    }

    /// Waits until a gateway session is live (IDENTIFY or RESUME answered); panics after
    /// `timeout`.
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
        let link = {
            let mut inner = self.shared.lock();
            inner.stats.connected = false;
            inner.gateway.take()
        };
        self.shared.notify();
        link.is_some_and(|link| link.tx.send(Outgoing::Close(4000)).is_ok())
    }

    /// From now on IDENTIFY is answered with close code 4004 (authentication failed), which
    /// serenity reports as an invalid token, and `GET /oauth2/applications/@me` with 401.
    pub fn reject_token(&self) {
        self.shared.lock().reject_token = true;
    }

    /// Sends any dispatch event on the live gateway (waits for one up to a minute).
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
        let place = self.place(channel);
        let guild = match &place {
            places::Place::Server => Some(self.guild_id()),
            places::Place::Guest(guest) => Some(guest.id),
            places::Place::Private(_) | places::Place::BotDm => None,
        };
        if !place.installed() {
            // Discord offers a user-installed app's commands to the users who installed it.
            assert!(
                self.shared.lock().user_installs.contains(&user.id),
                "{} has not installed the app, so Discord offers them no slash command outside \
                 servers that added it; they can only use the components of its messages",
                user.name
            );
        }
        let path: Vec<&str> = command.split_whitespace().collect();
        assert!(!path.is_empty(), "empty command name");
        let (command_id, schema) = self.command_schema(guild, command);
        let mut resolved_users = Map::new();
        let mut resolved_members = Map::new();
        let mut resolved_channels = Map::new();
        let mut resolved_roles = Map::new();
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
                // The bot is a member of every server it is in (the fixture lists people).
                let bot_member = (id == self.shared.bot.id).then(|| guild::FakeMember {
                    user: self.shared.bot.clone(),
                    roles: vec![],
                });
                if let places::Place::Guest(guest) = &place {
                    // Any user resolves; a member of the guest server with their member.
                    if let Some(user) = self.shared.guild.member(id).map(|m| &m.user) {
                        resolved_users.insert(id.to_string(), user.json());
                    }
                    if let Some(member) = guest.member(id) {
                        let mut partial = guest.member_json(member, channel, self.application_id());
                        partial.as_object_mut().unwrap().remove("user");
                        resolved_members.insert(id.to_string(), partial);
                    }
                } else if let Some(member) = self.shared.guild.member(id).or(bot_member.as_ref()) {
                    resolved_users.insert(id.to_string(), member.user.json());
                    // A user who left is still a user, but no member to resolve; outside
                    // servers nobody is a member.
                    if matches!(place, places::Place::Server) && self.shared.is_member(id) {
                        let mut partial =
                            self.shared
                                .guild
                                .member_json(member, channel, self.application_id());
                        partial.as_object_mut().unwrap().remove("user");
                        resolved_members.insert(id.to_string(), partial);
                    }
                }
            }
            // A ROLE option resolves to the role, as Discord sends it.
            if kind == 8 {
                let id: u64 = snowflake_text(&value)
                    .parse()
                    .expect("role option is a role id");
                let guild = &self.shared.guild;
                let role = if id == guild.id {
                    Some(guild::FakeGuild::role_json(
                        id,
                        "@everyone",
                        guild.everyone,
                        0,
                    ))
                } else {
                    guild
                        .roles
                        .iter()
                        .enumerate()
                        .find(|(_, r)| r.id == id)
                        .map(|(i, r)| {
                            guild::FakeGuild::role_json(r.id, &r.name, r.permissions, i as u16 + 1)
                        })
                };
                if let Some(role) = role {
                    resolved_roles.insert(id.to_string(), role);
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
        if !resolved_roles.is_empty() {
            resolved.insert("roles".into(), Value::Object(resolved_roles));
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
        // A command registered in a server says which (the fixture's are; elsewhere the fake
        // offers them as Discord would offer global ones).
        if matches!(place, places::Place::Server) {
            data["guild_id"] = json!(self.guild_id().to_string());
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
        let data = json!({ "custom_id": custom_id, "component_type": 2 });
        self.component_json(3, user, channel, message_id, data)
    }

    /// The JSON of a choice in a string select menu (a component interaction, type 3, of
    /// component type 3) by `user`: `values` chosen in menu `custom_id` of message
    /// `message_id` in `channel`. Nothing is checked: a test may forge a menu or a value, as a
    /// modified client could; [`Self::select`] sends only what the menu offers.
    pub fn select_json(
        &self,
        user: &FakeUser,
        channel: u64,
        message_id: u64,
        custom_id: &str,
        values: &[&str],
    ) -> Value {
        let data = json!({ "custom_id": custom_id, "component_type": 3, "values": values });
        self.component_json(3, user, channel, message_id, data)
    }

    /// The JSON of a form (modal) submitted by `user` in `channel` (interaction type 5): form
    /// `custom_id`, opened from a component of message `message_id` when there is one, with
    /// `fields` (`(custom_id, value)`, each in a row of its own, as Discord sends text inputs).
    /// Nothing is checked; [`Self::submit`] submits a form the bot opened.
    pub fn form_json(
        &self,
        user: &FakeUser,
        channel: u64,
        message_id: Option<u64>,
        custom_id: &str,
        fields: &[(&str, &str)],
    ) -> Value {
        let rows: Vec<Value> = fields
            .iter()
            .map(|(id, value)| {
                json!({ "type": 1, "components": [{ "type": 4, "custom_id": id, "value": value }] })
            })
            .collect();
        let data = json!({ "custom_id": custom_id, "components": rows });
        match message_id {
            Some(message) => self.component_json(5, user, channel, message, data),
            None => {
                let place_channel = self.place_channel(channel);
                self.interaction_json(5, user, place_channel, data, None)
            }
        }
    }

    /// `channel` as [`Self::interaction_json`] takes it: `None` for the bot's DM.
    fn place_channel(&self, channel: u64) -> Option<u64> {
        let in_dm = self.shared.lock().dm_recipients.contains_key(&channel);
        (!in_dm).then_some(channel)
    }

    /// An interaction of `kind` on a component of message `message_id` in `channel`: it
    /// carries the message as the fake knows it, and the owners of the interaction whose
    /// answer the message is.
    fn component_json(
        &self,
        kind: u64,
        user: &FakeUser,
        channel: u64,
        message_id: u64,
        data: Value,
    ) -> Value {
        let place_channel = self.place_channel(channel);
        let guild = match self.place(place_channel) {
            places::Place::Server => Some(self.guild_id()),
            places::Place::Guest(guest) => Some(guest.id),
            places::Place::Private(_) | places::Place::BotDm => None,
        };
        let message = self.shared.lock().messages.get(&message_id).cloned();
        let message = message.unwrap_or_else(|| {
            // A message the fake never saw (say, from before a restart of the test): the bot
            // gets a plain one, as Discord would still send whatever is on the screen.
            rest::message_json(
                message_id,
                channel,
                guild,
                &self.shared.bot,
                &json!({}),
                vec![],
                0,
                None,
            )
        });
        self.interaction_json(kind, user, place_channel, data, Some(message))
    }

    /// Sends `interaction` (a full interaction object) as an `INTERACTION_CREATE` dispatch and
    /// registers its token, so the bot's answers are accepted. Waits up to a minute for a live
    /// gateway. Returns the interaction id.
    pub async fn send_interaction(&self, interaction: Value) -> u64 {
        let id = self.record_interaction(&interaction);
        self.dispatch("INTERACTION_CREATE", interaction).await;
        id
    }

    /// Registers `interaction`'s token, as [`Self::send_interaction`] does, without sending
    /// it: for a test that answers it itself over REST. Returns the interaction id.
    pub fn record_interaction(&self, interaction: &Value) -> u64 {
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
        let user = interaction["member"]["user"]["id"]
            .as_str()
            .or_else(|| interaction["user"]["id"].as_str())
            .and_then(|s| s.parse().ok())
            .expect("an interaction has its user");
        self.shared.lock().interactions.insert(
            token,
            InteractionRecord {
                id,
                channel_id,
                guild_id,
                original: component_message,
                response: None,
                deferred_pending: false,
                user,
                owners: interaction["authorizing_integration_owners"].clone(),
                followups: 0,
                modal: None,
            },
        );
        id
    }

    fn command_schema(&self, guild: Option<u64>, command: &str) -> (u64, Option<Value>) {
        let mut path = command.split_whitespace();
        let root = path.next().unwrap_or_default();
        let mut inner = self.shared.lock();
        // Outside the fixture server the fixture's commands stand in for global ones (the
        // bots of the tests register theirs in the fixture server).
        let fixture = self.guild_id();
        let registered = guild
            .and_then(|g| inner.guild_commands.get(&g))
            .into_iter()
            .chain(inner.global_commands.as_ref())
            .chain(inner.guild_commands.get(&fixture))
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
        let (id, locale, guild_locale, attachment_limit) = {
            let mut inner = self.shared.lock();
            let locale = inner
                .locales
                .get(&user.id)
                .cloned()
                .unwrap_or_else(|| DEFAULT_LOCALE.to_owned());
            (
                inner.interaction_id(),
                locale,
                inner.guild_locale.clone(),
                inner.attachment_limit,
            )
        };
        let app = self.application_id();
        let guild = &self.shared.guild;
        let mut interaction = json!({
            "id": id.to_string(),
            "application_id": app.to_string(),
            "type": kind,
            "data": data,
            "token": format!("fake-interaction-token-{id}"),
            "version": 1,
            "locale": locale,
            "entitlements": [],
            "attachment_size_limit": attachment_limit,
        });
        let place = self.place(channel);
        let owners = {
            let inner = self.shared.lock();
            let from_message = message
                .as_ref()
                .and_then(|m| m["id"].as_str())
                .and_then(|id| id.parse::<u64>().ok())
                .and_then(|id| inner.message_owners.get(&id).cloned());
            from_message.unwrap_or_else(|| {
                // Where only users' installs reach the app, a click on a message the fake did
                // not see answered comes from the first of the place's people who installed it.
                let people: Vec<u64> = match &place {
                    places::Place::Guest(guest) => {
                        guest.members.iter().map(|m| m.user.id).collect()
                    }
                    places::Place::Private(private) => {
                        private.recipients.iter().map(|u| u.id).collect()
                    }
                    places::Place::Server | places::Place::BotDm => vec![],
                };
                let installer = people.into_iter().find(|p| inner.user_installs.contains(p));
                place.owners(
                    guild.id,
                    user.id,
                    inner.user_installs.contains(&user.id),
                    installer,
                )
            })
        };
        interaction["authorizing_integration_owners"] = owners;
        match (channel, place) {
            (Some(channel), places::Place::Server) => {
                let thread = self.thread(channel);
                // A thread takes its permissions from its parent channel.
                let perms_channel = thread.as_ref().map_or(channel, |t| t.parent);
                let name = thread
                    .as_ref()
                    .map(|t| t.name.clone())
                    .or_else(|| guild.channel(channel).map(|c| c.name.clone()));
                let member = guild.member(user.id).cloned().unwrap_or(FakeMember {
                    user: user.clone(),
                    roles: vec![],
                });
                let app_permissions = guild.permissions(app, Some(perms_channel), app);
                let extra = json!({
                    "guild_id": guild.id.to_string(),
                    "guild_locale": guild_locale,
                    "channel_id": channel.to_string(),
                    "channel": {
                        "id": channel.to_string(),
                        "type": if thread.is_some() { 11 } else { 0 },
                        "name": name,
                        "guild_id": guild.id.to_string(),
                        "parent_id": thread.as_ref().map(|t| t.parent.to_string()),
                        "permissions": guild.permissions(user.id, Some(perms_channel), app).bits().to_string(),
                    },
                    "member": guild.member_json(&member, Some(perms_channel), app),
                    "app_permissions": app_permissions.bits().to_string(),
                    "context": 0,
                });
                merge(&mut interaction, extra);
            }
            (Some(channel), places::Place::Guest(guest)) => {
                let member = guest.member(user.id).cloned().unwrap_or(FakeMember {
                    user: user.clone(),
                    roles: vec![],
                });
                let name = guest.channel(channel).map(|c| c.name.clone());
                // The bot is not there: what @everyone may do, as far as an answer uses it.
                let app_permissions = guest.everyone
                    & (places::answer_permissions() | Permissions::USE_EXTERNAL_EMOJIS);
                let extra = json!({
                    "guild_id": guest.id.to_string(),
                    "guild_locale": DEFAULT_LOCALE,
                    "channel_id": channel.to_string(),
                    "channel": {
                        "id": channel.to_string(),
                        "type": 0,
                        "name": name,
                        "guild_id": guest.id.to_string(),
                        "permissions": guest.permissions(user.id, Some(channel), app).bits().to_string(),
                    },
                    "member": guest.member_json(&member, Some(channel), app),
                    "app_permissions": app_permissions.bits().to_string(),
                    "context": 0,
                });
                merge(&mut interaction, extra);
            }
            (Some(channel), places::Place::Private(private)) => {
                let extra = json!({
                    "channel_id": channel.to_string(),
                    "channel": private.json(user.id),
                    "user": user.json(),
                    "app_permissions": places::answer_permissions().bits().to_string(),
                    "context": 2,
                });
                merge(&mut interaction, extra);
            }
            (_, _) => {
                let dm = self.dm_channel_of(user.id);
                let app_permissions =
                    places::answer_permissions() | Permissions::USE_EXTERNAL_EMOJIS;
                let extra = json!({
                    "channel_id": dm.to_string(),
                    "channel": { "id": dm.to_string(), "type": 1, "recipients": [user.json()] },
                    "user": user.json(),
                    "app_permissions": app_permissions.bits().to_string(),
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

    /// Where an interaction in `channel` happens (`None`: the user's DM with the bot).
    fn place(&self, channel: Option<u64>) -> places::Place {
        let Some(channel) = channel else {
            return places::Place::BotDm;
        };
        let inner = self.shared.lock();
        if inner.dm_recipients.contains_key(&channel) {
            return places::Place::BotDm;
        }
        if let Some(private) = inner.private_channels.get(&channel) {
            return places::Place::Private(private.clone());
        }
        match inner.guests.iter().find(|g| g.channel(channel).is_some()) {
            Some(guest) => places::Place::Guest(guest.clone()),
            None => places::Place::Server,
        }
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

    /// The oldest reply not yet taken for which `check` holds; panics after `timeout`.
    pub async fn reply_where(&self, timeout: Duration, check: impl Fn(&Reply) -> bool) -> Reply {
        self.try_reply_where(timeout, check)
            .await
            .unwrap_or_else(|| {
                panic!(
                    "no reply as expected within {timeout:?}; {}",
                    self.summary()
                )
            })
    }

    /// [`Self::reply_where`] that returns `None` on time-out.
    pub async fn try_reply_where(
        &self,
        timeout: Duration,
        check: impl Fn(&Reply) -> bool,
    ) -> Option<Reply> {
        self.wait_for(timeout, |inner| {
            let at = inner.unseen.iter().position(&check)?;
            inner.unseen.remove(at)
        })
        .await
    }

    /// The messages that exist now in `channel` (a guild or DM channel), as full Message
    /// objects after any edits, oldest first. Ephemeral interaction replies are included, as
    /// the fake does not know who sees what.
    pub fn channel_messages(&self, channel: u64) -> Vec<Value> {
        let inner = self.shared.lock();
        let mut messages: Vec<(u64, Value)> = inner
            .messages
            .iter()
            .filter(|(_, m)| m["channel_id"].as_str() == Some(&channel.to_string()))
            .map(|(id, m)| (*id, m.clone()))
            .collect();
        messages.sort_by_key(|(id, _)| *id);
        messages.into_iter().map(|(_, m)| m).collect()
    }

    /// Every `POST /channels/{channel}/messages` so far, refused, repeated or hung ones
    /// included, in order.
    pub fn message_posts(&self, channel: u64) -> Vec<RequestRecord> {
        let path = format!("/api/v10/channels/{channel}/messages");
        self.shared
            .lock()
            .requests
            .iter()
            .filter(|r| r.method == "POST" && r.path == path)
            .cloned()
            .collect()
    }

    /// How many messages the bot tried to send to `user`'s DM channel (refused ones included);
    /// 0 when it never opened one.
    pub fn dm_attempts(&self, user: u64) -> usize {
        let channel = self.shared.lock().dm_channels.get(&user).copied();
        channel.map_or(0, |c| self.message_posts(c).len())
    }

    /// Waits until `check` holds for the requests so far, and returns them; panics after
    /// `timeout`.
    pub async fn wait_requests(
        &self,
        timeout: Duration,
        check: impl Fn(&[RequestRecord]) -> bool,
    ) -> Vec<RequestRecord> {
        self.wait_for(timeout, |inner| {
            check(&inner.requests).then(|| inner.requests.clone())
        })
        .await
        .unwrap_or_else(|| {
            panic!(
                "requests not as expected within {timeout:?}; {}",
                self.summary()
            )
        })
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

    /// Undoes [`Self::deny_channel_messages`]: the admin gave Send Messages back.
    pub fn allow_channel_messages(&self, channel: u64) {
        self.shared.lock().denied_channels.remove(&channel);
    }

    /// The next `POST /channels/{id}/messages` that succeeds (in any channel, DMs included)
    /// creates and records its message as usual, but its HTTP response never comes: the request
    /// hangs until the client drops the connection. That is a bot that dies between Discord's
    /// creating the message and its hearing so; its [`RequestRecord::hung`] is true.
    pub fn hang_next_channel_message(&self) {
        self.shared.lock().hang_next_message = true;
    }

    /// From now on only the next `count` thread starts succeed; every one after them fails with
    /// 500 (Internal Server Error, code 0), as when Discord has trouble, and starts no thread,
    /// until [`Self::allow_threads`]. The message a thread would start from is left as it is.
    pub fn fail_threads_after(&self, count: usize) {
        self.shared.lock().threads_left = Some(count);
    }

    /// Undoes [`Self::fail_threads_after`]: threads start again.
    pub fn allow_threads(&self) {
        self.shared.lock().threads_left = None;
    }

    /// From now on starting threads is rate limited as on Discord: each channel's bucket lets
    /// `per_window` thread creations (`POST /channels/{channel}/messages/{message}/threads`, or
    /// `/channels/{channel}/threads`) through per `window`, and answers the next ones 429 with
    /// Discord's body and `Retry-After` and `X-RateLimit-*` headers until the window ends; the
    /// creations let through carry the bucket's `X-RateLimit-*` headers. See `limits.rs` for
    /// the exact answers. Off until called (the other tests see no limit and no such headers).
    pub fn limit_thread_creation(&self, per_window: u32, window: Duration) {
        assert!(
            per_window > 0 && !window.is_zero(),
            "a limit lets something through"
        );
        let mut inner = self.shared.lock();
        inner.thread_limit = Some(RateLimit { per_window, window });
        inner.thread_buckets.clear();
    }

    /// Every request answered 429 (rate limited) so far, in order.
    pub fn rate_limited(&self) -> Vec<RequestRecord> {
        self.shared
            .lock()
            .requests
            .iter()
            .filter(|r| r.status == 429)
            .cloned()
            .collect()
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

// ---- reading what the bot sent (shared by the end-to-end tests) -------------------------------

/// How `user` is mentioned in a message: `<@id>`.
pub fn mention(user: &FakeUser) -> String {
    format!("<@{}>", user.id)
}

/// The option (or subcommand) `name` under a registered command node; panics without one.
pub fn option<'a>(node: &'a Value, name: &str) -> &'a Value {
    node["options"]
        .as_array()
        .and_then(|o| o.iter().find(|o| o["name"] == name))
        .unwrap_or_else(|| panic!("no option {name} in {node}"))
}

/// The size of the one picture attached to `reply`; panics unless it has exactly one PNG.
pub fn png_size(reply: &Reply) -> (u32, u32) {
    assert_eq!(reply.files.len(), 1, "one picture in {reply:?}");
    let img = image::load_from_memory(&reply.files[0].1).expect("a valid PNG");
    (img.width(), img.height())
}
