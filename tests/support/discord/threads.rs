//! Threads in the stand-in (issue 12): a public thread started from a message (its id is the
//! message's; a second start from the same message fails with 160004), posting in it (which
//! unarchives it, unless it is locked), editing in it (50083 while archived), unarchiving with
//! `PATCH /channels/{thread}`, and threads a moderator deleted (10003). A thread takes its
//! permissions from its parent channel, where the bot needs Create Public Threads to start one
//! and Send Messages in Threads to post in one. A test may make thread starts fail (500) after a
//! number of them, as when Discord has trouble mid-round.

use axum::http::StatusCode;
use axum::response::Response;
use serde_json::{Value, json};
use serenity::all::Permissions;

use super::rest::{discord_error, json_response};
use super::{Shared, TIMESTAMP};

/// A thread as the fake knows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FakeThread {
    /// Its id: the id of the message it was started from.
    pub id: u64,
    /// The text channel it belongs to.
    pub parent: u64,
    /// Its name.
    pub name: String,
    /// Archived: gone from the channel list; posting brings it back, editing fails.
    pub archived: bool,
    /// Locked: only moderators may unarchive it or post in it.
    pub locked: bool,
    /// Deleted by a moderator: every request for it fails with Unknown Channel.
    pub deleted: bool,
}

impl FakeThread {
    /// The channel object Discord sends for the thread (a public thread, type 11).
    pub(super) fn json(&self, guild: u64, owner: u64) -> Value {
        json!({
            "id": self.id.to_string(),
            "type": 11,
            "guild_id": guild.to_string(),
            "parent_id": self.parent.to_string(),
            "owner_id": owner.to_string(),
            "name": self.name,
            "last_message_id": null,
            "message_count": 0,
            "member_count": 1,
            "rate_limit_per_user": 0,
            "flags": 0,
            "total_message_sent": 0,
            "thread_metadata": {
                "archived": self.archived,
                "auto_archive_duration": 10080,
                "archive_timestamp": TIMESTAMP,
                "locked": self.locked,
                "create_timestamp": TIMESTAMP,
            },
        })
    }
}

/// `POST /channels/{channel}/messages/{message}/threads`: starts a public thread from a message.
pub(super) fn start(shared: &Shared, channel: &str, message: &str, body: &Value) -> Response {
    let (Ok(channel), Ok(message)) = (channel.parse::<u64>(), message.parse::<u64>()) else {
        return discord_error(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
    };
    if shared.guild.channel(channel).is_none() {
        return discord_error(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
    }
    let name = body["name"].as_str().unwrap_or_default();
    if name.is_empty() || name.chars().count() > 100 {
        return discord_error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body");
    }
    let granted = shared
        .guild
        .permissions(shared.bot.id, Some(channel), shared.bot.id);
    if !granted.contains(Permissions::VIEW_CHANNEL | Permissions::CREATE_PUBLIC_THREADS) {
        return discord_error(StatusCode::FORBIDDEN, 50013, "Missing Permissions");
    }
    let mut inner = shared.lock();
    let in_channel = inner
        .messages
        .get(&message)
        .is_some_and(|m| m["channel_id"].as_str() == Some(channel.to_string().as_str()));
    if !in_channel {
        return discord_error(StatusCode::NOT_FOUND, 10008, "Unknown Message");
    }
    if inner.threads.contains_key(&message) {
        return discord_error(
            StatusCode::BAD_REQUEST,
            160_004,
            "A thread has already been created for this message",
        );
    }
    // Discord failing ([`super::FakeDiscord::fail_threads_after`]).
    if let Some(left) = inner.threads_left.as_mut() {
        if *left == 0 {
            return discord_error(
                StatusCode::INTERNAL_SERVER_ERROR,
                0,
                "500: Internal Server Error",
            );
        }
        *left -= 1;
    }
    let thread = FakeThread {
        id: message,
        parent: channel,
        name: name.to_owned(),
        archived: false,
        locked: false,
        deleted: false,
    };
    let answer = thread.json(shared.guild.id, shared.bot.id);
    inner.threads.insert(message, thread);
    json_response(StatusCode::CREATED, answer)
}

/// `PATCH /channels/{thread}`: the bot unarchives (or archives) a thread; a locked one only
/// a moderator may unarchive.
pub(super) fn edit(shared: &Shared, channel: &str, body: &Value) -> Response {
    let mut inner = shared.lock();
    let Some(thread) = channel
        .parse::<u64>()
        .ok()
        .and_then(|id| inner.threads.get_mut(&id))
        .filter(|t| !t.deleted)
    else {
        return discord_error(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
    };
    if let Some(archived) = body["archived"].as_bool() {
        if thread.locked && !archived {
            return discord_error(StatusCode::FORBIDDEN, 50013, "Missing Permissions");
        }
        thread.archived = archived;
    }
    let answer = thread.json(shared.guild.id, shared.bot.id);
    json_response(StatusCode::OK, answer)
}

/// Whether the bot may post in thread `thread` now, and what posting does: `Ok(true)` for a
/// thread (unarchived if it was archived), `Ok(false)` for a channel that is no thread, or
/// the error response.
pub(super) fn before_post(shared: &Shared, thread: u64) -> Result<bool, Box<Response>> {
    let mut inner = shared.lock();
    let Some(t) = inner.threads.get_mut(&thread) else {
        return Ok(false);
    };
    if t.deleted {
        return Err(Box::new(discord_error(
            StatusCode::NOT_FOUND,
            10003,
            "Unknown Channel",
        )));
    }
    if t.locked {
        return Err(Box::new(discord_error(
            StatusCode::BAD_REQUEST,
            50083,
            "Thread is archived",
        )));
    }
    let granted = shared
        .guild
        .permissions(shared.bot.id, Some(t.parent), shared.bot.id);
    if !granted.contains(Permissions::VIEW_CHANNEL | Permissions::SEND_MESSAGES_IN_THREADS) {
        return Err(Box::new(discord_error(
            StatusCode::FORBIDDEN,
            50013,
            "Missing Permissions",
        )));
    }
    t.archived = false;
    Ok(true)
}

/// The error for editing a message in thread `thread`, if it is archived or deleted.
pub(super) fn before_edit(shared: &Shared, thread: u64) -> Option<Response> {
    let inner = shared.lock();
    let t = inner.threads.get(&thread)?;
    if t.deleted {
        return Some(discord_error(
            StatusCode::NOT_FOUND,
            10003,
            "Unknown Channel",
        ));
    }
    t.archived
        .then(|| discord_error(StatusCode::BAD_REQUEST, 50083, "Thread is archived"))
}
