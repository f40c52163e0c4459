//! Discord's rate limit on starting threads (issue 22), off unless a test turns it on with
//! [`super::FakeDiscord::limit_thread_creation`].
//!
//! Discord limits each route per bucket; for `POST /channels/{channel}/messages/{message}/threads`
//! (the route serenity's `create_thread_from_message` takes) the channel is the major
//! parameter, so each channel has a bucket of its own. Here a bucket lets `per_window` requests
//! through per window: the window starts with the first request after the previous one ended,
//! every request in it counts (a refused one too, as on Discord), and the next one is answered
//! 429 until the window ends, as Discord answers it:
//!
//! - the body `{"message": "You are being rate limited.", "retry_after": <seconds>, "global":
//!   false}`, `retry_after` to the millisecond (rounded up);
//! - `Retry-After`: whole seconds, rounded up, as Discord sends it (so at least `1`);
//! - `X-RateLimit-Limit`, `X-RateLimit-Remaining: 0`, `X-RateLimit-Reset` (unix seconds, to the
//!   millisecond), `X-RateLimit-Reset-After` (seconds, to the millisecond), `X-RateLimit-Bucket`
//!   and `X-RateLimit-Scope: user`; no `X-RateLimit-Global`, which serenity reads as a global
//!   limit.
//!
//! Every request let through gets the same `X-RateLimit-*` headers (without `Scope`, which
//! Discord sends only with a 429), `Remaining` counting down: serenity's ratelimiter paces
//! itself by them when it is on. The 429s are recorded with the other requests (status 429),
//! so a test counts them; [`super::FakeDiscord::rate_limited`] lists them.

use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use axum::http::header::{HeaderName, HeaderValue};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use serde_json::json;

use super::Inner;
use super::rest::json_response;

/// The `X-RateLimit-Bucket` of thread creation: an opaque hash on Discord, the same for every
/// channel (the channel, the major parameter, tells the buckets apart).
pub const THREADS_BUCKET: &str = "f0c5b0a7d5e1a2c9";

/// How many requests a bucket lets through per window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RateLimit {
    /// Requests per window.
    pub per_window: u32,
    /// How long a window lasts from its first request.
    pub window: Duration,
}

/// One channel's bucket: the window under way, and the requests it has let through.
#[derive(Clone, Copy, Debug)]
pub(super) struct Bucket {
    ends: Instant,
    used: u32,
}

/// The thread-creating request `method /segments` is one of, if any: the channel whose bucket
/// it counts against.
pub(super) fn thread_creation(method: &str, segments: &[&str]) -> Option<u64> {
    match (method, segments) {
        (
            "POST",
            ["channels", channel, "messages", _, "threads"] | ["channels", channel, "threads"],
        ) => channel.parse().ok(),
        _ => None,
    }
}

/// Counts a request against `channel`'s bucket when thread creation is limited: `Err` with
/// the 429 to answer when the bucket is empty, else `Ok` with the headers to put on the
/// answer (none when there is no limit).
pub(super) fn take(inner: &mut Inner, channel: u64) -> Result<HeaderMap, Box<Response>> {
    let Some(limit) = inner.thread_limit else {
        return Ok(HeaderMap::new());
    };
    let now = Instant::now();
    let bucket = inner
        .thread_buckets
        .entry(channel)
        .or_insert(Bucket { ends: now, used: 0 });
    if now >= bucket.ends {
        *bucket = Bucket {
            ends: now + limit.window,
            used: 0,
        };
    }
    let reset_after = bucket.ends - now;
    if bucket.used >= limit.per_window {
        let seconds = millis_up(reset_after);
        let mut response = json_response(
            StatusCode::TOO_MANY_REQUESTS,
            json!({
                "message": "You are being rate limited.",
                "retry_after": seconds,
                "global": false,
            }),
        );
        let headers = response.headers_mut();
        headers.extend(bucket_headers(limit, 0, reset_after));
        headers.insert("retry-after", number(seconds.ceil().max(1.0) as u64));
        headers.insert("x-ratelimit-scope", HeaderValue::from_static("user"));
        return Err(Box::new(response));
    }
    bucket.used += 1;
    Ok(bucket_headers(
        limit,
        limit.per_window - bucket.used,
        reset_after,
    ))
}

/// The `X-RateLimit-*` headers of a bucket with `remaining` requests left, resetting in
/// `reset_after`.
fn bucket_headers(limit: RateLimit, remaining: u32, reset_after: Duration) -> HeaderMap {
    let reset_at = SystemTime::now() + reset_after;
    let reset = reset_at.duration_since(UNIX_EPOCH).map_or(0.0, millis_up);
    let mut headers = HeaderMap::new();
    let mut set = |name: &'static str, value: HeaderValue| {
        headers.insert(HeaderName::from_static(name), value);
    };
    set("x-ratelimit-limit", number(limit.per_window));
    set("x-ratelimit-remaining", number(remaining));
    set("x-ratelimit-reset", seconds(reset));
    set("x-ratelimit-reset-after", seconds(millis_up(reset_after)));
    set(
        "x-ratelimit-bucket",
        HeaderValue::from_static(THREADS_BUCKET),
    );
    headers
}

/// `d` in seconds, rounded up to the millisecond (Discord's precision): a client that waits
/// that long is never early.
fn millis_up(d: Duration) -> f64 {
    d.as_micros().div_ceil(1_000) as f64 / 1_000.0
}

fn number(n: impl Into<u64>) -> HeaderValue {
    HeaderValue::from(n.into())
}

fn seconds(s: f64) -> HeaderValue {
    HeaderValue::from_str(&format!("{s:.3}")).expect("a number is a header value")
}
