//! A thread per game (issue 12): starting it, and editing messages in threads that Discord has
//! archived. Whether a place allows threads is [`thread_room`]; where an
//! accepted game goes is the command layer's.
//!
//! A thread started from a message has the message's id, so the game is stored with its
//! thread's id before the thread exists, and a second start from the same message (error
//! 160004) finds the thread already there.
//!
//! Discord rate-limits starting threads (issue 22: a 200-player round starts 100 at once).
//! Talking to Discord itself, serenity's ratelimiter paces the requests by their
//! `X-RateLimit-*` headers and waits a 429 out as its `Retry-After` says. Behind
//! `DISCORD_API_BASE` (a REST proxy, or the tests' stand-in) that ratelimiter is off, since
//! serenity applies the proxy only then, and a 429 that comes through comes back from serenity as
//! an error that keeps neither `Retry-After` nor the body's `retry_after`. So the outbox starts
//! its threads with [`start_patiently`], which then sends serenity's own request itself and
//! waits a 429 out as Discord asks.

use std::time::Duration;

use poise::serenity_prelude as serenity;

use super::error_code;
use crate::app::ThreadRoom;
use crate::telemetry::{Metrics, WaitSource};

/// What the bot needs in a channel to play a game in a thread of its own: to start it, and to
/// post in it (Send Messages does not apply inside threads).
pub const THREAD_PERMISSIONS: serenity::Permissions = serenity::Permissions::CREATE_PUBLIC_THREADS
    .union(serenity::Permissions::SEND_MESSAGES_IN_THREADS);

/// Discord's "a thread has already been created for this message".
const THREAD_EXISTS: isize = 160_004;
/// Discord's "thread is archived": edits there fail until it is unarchived.
const ARCHIVED: isize = 50_083;

/// The longest `Retry-After` [`start_patiently`] waits out in place. A longer one (a global
/// limit; Cloudflare's ban after too many invalid requests lasts an hour) goes back as the
/// error, and the outbox tries the notice again later.
pub const LONGEST_WAIT: Duration = Duration::from_secs(60);
/// How many 429s in a row [`start_patiently`] waits out before it gives the error back.
const MOST_WAITS: u32 = 10;
/// The wait after a 429 that says nothing of how long (Discord's always do).
const UNSAID_WAIT: Duration = Duration::from_secs(1);

/// The thread of a game, named `name`. Quiet threads leave the channel list after a week,
/// Discord's longest.
fn thread(name: String) -> serenity::CreateThread<'static> {
    serenity::CreateThread::new(name).auto_archive_duration(serenity::AutoArchiveDuration::OneWeek)
}

/// Discord's answer when the message has its thread already (a repeated click, a repeated
/// notice): the thread counts as started.
fn already_started(error: &serenity::Error) -> bool {
    error_code(error) == Some(THREAD_EXISTS)
}

/// Starts the thread of a game from `message` in `channel`, named `name`; a thread already
/// started from it (a repeated click) counts as started. Quiet threads leave the channel list
/// after a week, Discord's longest.
///
/// # Errors
/// Discord's, for a thread that could not be started.
pub async fn start(
    http: &serenity::Http,
    channel: serenity::ChannelId,
    message: serenity::MessageId,
    name: String,
) -> Result<(), serenity::Error> {
    match channel
        .create_thread_from_message(http, message, thread(name))
        .await
    {
        Err(e) if !already_started(&e) => Err(e),
        _ => Ok(()),
    }
}

/// [`start`], for the outbox, which may start a hundred threads in a row: a 429 (rate limited)
/// is waited out and the thread started then, however the bot reaches Discord. With serenity's
/// ratelimiter on, serenity does that; with it off (`unlimited` is then the HTTP client serenity
/// was given), the request serenity would send goes out on that client here, and a 429 is
/// waited out for its body's `retry_after` (to the millisecond; else its `Retry-After`), up to
/// [`LONGEST_WAIT`] and ten times in a row, each wait counted in `metrics`.
///
/// # Errors
/// Discord's, for a thread that could not be started: a 429 too after ten waits, or one that
/// asks for more than [`LONGEST_WAIT`].
pub async fn start_patiently(
    http: &serenity::Http,
    unlimited: Option<&reqwest::Client>,
    metrics: &Metrics,
    channel: serenity::ChannelId,
    message: serenity::MessageId,
    name: String,
) -> Result<(), serenity::Error> {
    let thread = thread(name);
    let created = match unlimited {
        Some(client) if http.ratelimiter.is_none() => {
            create_waiting(http, client, metrics, channel, message, &thread).await
        }
        _ => channel
            .create_thread_from_message(http, message, thread)
            .await
            .map(drop),
    };
    match created {
        Err(e) if !already_started(&e) => Err(e),
        _ => Ok(()),
    }
}

/// `POST /channels/{channel}/messages/{message}/threads` as serenity sends it (its route, token
/// and proxy), on `client`, waiting 429s out.
async fn create_waiting(
    http: &serenity::Http,
    client: &reqwest::Client,
    metrics: &Metrics,
    channel: serenity::ChannelId,
    message: serenity::MessageId,
    thread: &serenity::CreateThread<'_>,
) -> Result<(), serenity::Error> {
    let body = ::serenity::json::to_vec(thread)?;
    let mut waits = 0;
    loop {
        let route = serenity::Route::ChannelMessageThreads {
            channel_id: channel,
            message_id: message,
        };
        let request = serenity::Request::new(route, serenity::LightMethod::Post)
            .body(Some(body.clone()))
            .build(client, http.token(), http.proxy.as_deref())?
            .build()?;
        let response = client.execute(request).await?;
        let status = response.status();
        if status.is_success() {
            return Ok(());
        }
        let said = header_seconds(response.headers(), reqwest::header::RETRY_AFTER.as_str());
        if status != reqwest::StatusCode::TOO_MANY_REQUESTS
            || waits == MOST_WAITS
            || said.is_some_and(|wait| wait > LONGEST_WAIT)
        {
            let response =
                serenity::ErrorResponse::from_response(response, reqwest::Method::POST).await;
            return Err(serenity::HttpError::UnsuccessfulRequest(response).into());
        }
        let global = response.headers().contains_key("x-ratelimit-global");
        let wait = retry_wait(said, &response.bytes().await?);
        waits += 1;
        metrics.rate_limited(WaitSource::Outbox, global, wait);
        tracing::info!(
            channel = channel.get(),
            message = message.get(),
            ?wait,
            "Discord rate-limits starting threads; waiting as it asks"
        );
        tokio::time::sleep(wait).await;
    }
}

/// The header `name` as seconds (Discord's `Retry-After` is whole seconds, rounded up).
fn header_seconds(headers: &reqwest::header::HeaderMap, name: &str) -> Option<Duration> {
    let text = headers.get(name)?.to_str().ok()?;
    Duration::try_from_secs_f64(text.trim().parse().ok()?).ok()
}

/// How long to wait after a 429 with `body`, whose `Retry-After` said `said`: the body's
/// `retry_after` (seconds to the millisecond), else `said`, else a second; at most
/// [`LONGEST_WAIT`].
fn retry_wait(said: Option<Duration>, body: &[u8]) -> Duration {
    ::serenity::json::from_slice::<::serenity::json::Value>(body)
        .ok()
        .and_then(|json| json.get("retry_after")?.as_f64())
        .and_then(|s| Duration::try_from_secs_f64(s).ok())
        .or(said)
        .unwrap_or(UNSAID_WAIT)
        .min(LONGEST_WAIT)
}

/// Edits `message` in `channel`, unarchiving the channel first when it is an archived thread
/// (where edits fail with 50083; posting would unarchive it, editing does not).
///
/// # Errors
/// Discord's.
pub async fn edit_message(
    http: &serenity::Http,
    channel: serenity::ChannelId,
    message: serenity::MessageId,
    edit: serenity::EditMessage,
) -> Result<serenity::Message, serenity::Error> {
    match channel.edit_message(http, message, edit.clone()).await {
        Err(e) if error_code(&e) == Some(ARCHIVED) => {
            channel
                .edit_thread(http, serenity::EditThread::new().archived(false))
                .await?;
            channel.edit_message(http, message, edit).await
        }
        other => other,
    }
}

/// What the place allows for a game's thread: a text or announcement channel (not already a
/// thread or a forum post) where the bot's permissions (as the interaction carries them) let
/// it start threads and post in them.
pub fn thread_room(
    channel: Option<&serenity::PartialChannel>,
    app_permissions: Option<serenity::Permissions>,
) -> ThreadRoom {
    use serenity::ChannelType as T;
    if !channel.is_some_and(|c| matches!(c.kind, T::Text | T::News)) {
        return ThreadRoom::NotHere;
    }
    let missing = app_permissions.map_or(serenity::Permissions::empty(), |p| {
        THREAD_PERMISSIONS.difference(p)
    });
    if missing.is_empty() {
        ThreadRoom::Able
    } else {
        ThreadRoom::Missing(missing.get_permission_names())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_429_is_waited_out_for_its_bodys_retry_after_else_its_header() {
        let body =
            br#"{"message": "You are being rate limited.", "retry_after": 0.057, "global": false}"#;
        let header = Duration::from_secs(1);
        assert_eq!(retry_wait(Some(header), body), Duration::from_millis(57));
        assert_eq!(retry_wait(Some(header), b"<html>banned</html>"), header);
        assert_eq!(retry_wait(None, b""), UNSAID_WAIT);
        assert_eq!(
            retry_wait(None, br#"{"retry_after": -3}"#),
            UNSAID_WAIT,
            "no negative waits"
        );
        assert_eq!(
            retry_wait(None, br#"{"retry_after": 3600.5}"#),
            LONGEST_WAIT
        );
        let mut headers = reqwest::header::HeaderMap::new();
        headers.insert(
            "retry-after",
            reqwest::header::HeaderValue::from_static("2"),
        );
        headers.insert("x-other", reqwest::header::HeaderValue::from_static("soon"));
        assert_eq!(
            header_seconds(&headers, "retry-after"),
            Some(Duration::from_secs(2))
        );
        assert_eq!(header_seconds(&headers, "x-other"), None);
        assert_eq!(header_seconds(&headers, "x-missing"), None);
    }

    fn channel(kind: u8) -> serenity::PartialChannel {
        serde_json::from_value(serde_json::json!({ "id": "5", "type": kind, "name": "x" })).unwrap()
    }

    #[test]
    fn a_game_gets_a_thread_only_where_the_channel_and_the_permissions_allow_it() {
        use self::serenity::Permissions as P;
        let all = Some(P::all());
        let text = channel(0);
        assert_eq!(thread_room(Some(&text), all), ThreadRoom::Able);
        assert_eq!(
            thread_room(Some(&channel(5)), all),
            ThreadRoom::Able,
            "announcements"
        );
        // Already in a thread (public, private, announcement), or elsewhere.
        for kind in [10, 11, 12, 2, 15] {
            assert_eq!(
                thread_room(Some(&channel(kind)), all),
                ThreadRoom::NotHere,
                "{kind}"
            );
        }
        assert_eq!(thread_room(None, all), ThreadRoom::NotHere);
        // Missing permissions are named, in Discord's words.
        let without = |p: P| Some(P::all() - p);
        assert_eq!(
            thread_room(Some(&text), without(P::CREATE_PUBLIC_THREADS)),
            ThreadRoom::Missing(vec!["Create Public Threads"])
        );
        assert_eq!(
            thread_room(Some(&text), without(THREAD_PERMISSIONS)),
            ThreadRoom::Missing(vec!["Create Public Threads", "Send Messages in Threads"])
        );
        // Permissions Discord did not send: try, and fall back if starting the thread fails.
        assert_eq!(thread_room(Some(&text), None), ThreadRoom::Able);
    }
}
