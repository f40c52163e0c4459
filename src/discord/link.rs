//! Whether the bot can reach Discord, told to the operator in a line or two rather than a raw
//! error every five seconds.
//!
//! serenity retries a gateway connection that cannot be made on its own: its shard queuer
//! re-queues the shard and tries again every 5 s, forever, logging each failure as a warning
//! with the error's debug form; a shard that loses its connection retries its resume about
//! every second first. That retrying is serenity's and stays so (the bot does not fight it),
//! but its warnings are not the operator's business: the default log filter keeps
//! `serenity::gateway` to errors, and this module says instead what is going on.
//!
//! - At start-up, [`reach`] asks for the gateway's address (and opens a TCP connection to it)
//!   before the client exists, so that serenity never starts on a fallback address and a stop
//!   asked for meanwhile has nothing to wait for.
//! - While the bot runs, [`watch`] looks at the shard's stage; when it has not been connected
//!   for [`GRACE`], it probes the same way.
//! - Either logs `cannot reach Discord: retrying` (with the cause as a field) on the first
//!   failure, then again only after a minute, two, four, … up to every hour ([`Outage`]); and
//!   `reconnected to Discord` once the shard is connected again.

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use thiserror::Error;
use tokio::time::Instant;

/// How long one probe may take before it counts as a failure (a network that drops packets
/// would otherwise keep it waiting for minutes).
const PROBE_TIMEOUT: Duration = Duration::from_secs(10);
/// The first wait between two probes; it doubles with every failure, up to [`MAX_RETRY`].
const FIRST_RETRY: Duration = Duration::from_secs(1);
/// The longest wait between two probes.
const MAX_RETRY: Duration = Duration::from_secs(30);
/// After the first line of an outage, the next comes this long after it; each gap doubles, up
/// to [`MAX_REPEAT`].
const FIRST_REPEAT: Duration = Duration::from_secs(60);
/// The longest gap between two lines of one outage.
const MAX_REPEAT: Duration = Duration::from_secs(3600);
/// How long a running shard may be away before the bot looks into it: serenity resumes a
/// dropped connection within a second or two, which is no news for the operator.
pub const GRACE: Duration = Duration::from_secs(5);
/// How often [`watch`] looks at the shard's stage.
const POLL: Duration = Duration::from_millis(250);

/// Why Discord could not be reached.
#[derive(Debug, Error)]
pub enum Unreachable {
    /// The REST request for the gateway's address got no answer (DNS, refused, reset, TLS).
    #[error("{}", chain(.0))]
    Rest(serenity::Error),
    /// Discord, or the proxy in front of it, answered with a server error.
    #[error("GET /gateway answered HTTP {0}")]
    Status(u16),
    /// The gateway address Discord gave is not a URL with a host.
    #[error("the gateway address `{0}` has no host")]
    BadGateway(String),
    /// No TCP connection to the gateway.
    #[error("cannot connect to the gateway {url}: {source}")]
    Gateway {
        /// The gateway's address.
        url: String,
        /// Why.
        source: std::io::Error,
    },
    /// No answer in time.
    #[error("no answer within {} s", .0.as_secs())]
    TimedOut(Duration),
}

/// An error and its sources, one after the other (`a: b: c`), each said once.
fn chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string().trim_end_matches('.').to_owned();
    let mut source = error.source();
    while let Some(cause) = source {
        let said = cause.to_string();
        let said = said.trim_end_matches('.');
        if !text.contains(said) {
            text.push_str(": ");
            text.push_str(said);
        }
        source = cause.source();
    }
    text
}

/// Asks Discord (through `http`, so through the proxy or stand-in of `DISCORD_API_BASE` when
/// set) for the gateway's address, and opens a TCP connection to it.
///
/// An answer with a client error (a refused token: 401) counts as reached: Discord is there,
/// and serenity reports what it refuses.
///
/// # Errors
/// [`Unreachable`] when no answer came, a server error did, or the gateway takes no connection.
pub async fn probe(http: &serenity::Http) -> Result<(), Unreachable> {
    let attempt = async {
        let url = match http.get_gateway().await {
            Ok(gateway) => gateway.url,
            Err(serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response))) => {
                let status = response.status_code.as_u16();
                return if status >= 500 {
                    Err(Unreachable::Status(status))
                } else {
                    Ok(())
                };
            }
            Err(e) => return Err(Unreachable::Rest(e)),
        };
        let parsed = reqwest::Url::parse(&url).map_err(|_| Unreachable::BadGateway(url.clone()))?;
        let (Some(host), Some(port)) = (parsed.host_str(), parsed.port_or_known_default()) else {
            return Err(Unreachable::BadGateway(url));
        };
        tokio::net::TcpStream::connect((host, port))
            .await
            .map_err(|source| Unreachable::Gateway {
                url: url.clone(),
                source,
            })?;
        Ok(())
    };
    tokio::time::timeout(PROBE_TIMEOUT, attempt)
        .await
        .unwrap_or(Err(Unreachable::TimedOut(PROBE_TIMEOUT)))
}

/// When to tell the operator about an outage: at its first failure, then once a minute has
/// passed, then two minutes after that, four, … up to every hour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Outage {
    failures: u32,
    lines: u32,
    next_line: Duration,
}

impl Outage {
    /// Counts one failure, `since` the outage's first; whether it is to be logged.
    pub fn failed(&mut self, since: Duration) -> bool {
        self.failures = self.failures.saturating_add(1);
        if self.lines > 0 && since < self.next_line {
            return false;
        }
        let gap = FIRST_REPEAT
            .saturating_mul(2u32.saturating_pow(self.lines.min(16)))
            .min(MAX_REPEAT);
        self.lines += 1;
        self.next_line = since + gap;
        true
    }

    /// The failures so far.
    pub fn failures(&self) -> u32 {
        self.failures
    }

    /// How long to wait before the next attempt: a second after the first failure, doubling
    /// up to half a minute.
    pub fn retry_in(&self) -> Duration {
        let doublings = self.failures.saturating_sub(1).min(16);
        FIRST_RETRY
            .saturating_mul(2u32.pow(doublings))
            .min(MAX_RETRY)
    }
}

/// The bot's view of its connection: the outage under way, if any, and since when.
#[derive(Debug, Default)]
pub struct Link {
    outage: Option<(Instant, Outage)>,
}

impl Link {
    /// A failed attempt to reach Discord, logged when [`Outage`] says so; the outage, if it is
    /// new, `began` then.
    pub fn failed(&mut self, cause: &Unreachable, began: Instant) {
        let now = Instant::now();
        let (start, outage) = self.outage.get_or_insert((began, Outage::default()));
        let since = now.duration_since(*start);
        if outage.failed(since) {
            tracing::warn!(
                cause = %cause,
                failures = outage.failures(),
                down_for_secs = since.as_secs(),
                "cannot reach Discord: retrying"
            );
        }
    }

    /// The shard is connected: ends the outage, saying so if it was logged.
    pub fn up(&mut self) {
        if let Some((start, outage)) = self.outage.take() {
            tracing::info!(
                failures = outage.failures(),
                down_for_secs = start.elapsed().as_secs(),
                "reconnected to Discord"
            );
        }
    }

    /// Whether an outage is under way.
    pub fn is_down(&self) -> bool {
        self.outage.is_some()
    }

    /// How long to wait before the next attempt.
    pub fn retry_in(&self) -> Duration {
        self.outage
            .map_or(FIRST_RETRY, |(_, outage)| outage.retry_in())
    }
}

/// Returns once Discord answers [`probe`]; until then logs the outage through `link` and
/// retries, waiting longer each time.
pub async fn reach(http: &serenity::Http, link: &mut Link) {
    let began = Instant::now();
    loop {
        match probe(http).await {
            Ok(()) => return,
            Err(cause) => {
                link.failed(&cause, began);
                tokio::time::sleep(link.retry_in()).await;
            }
        }
    }
}

/// Whether a shard of `shards` is connected to the gateway.
pub async fn connected(shards: &serenity::ShardManager) -> bool {
    shards
        .runners
        .lock()
        .await
        .values()
        .any(|runner| runner.stage == serenity::ConnectionStage::Connected)
}

/// Watches the shard for as long as the bot runs: once it has been away for [`GRACE`] (at
/// once, when `link` already counts an outage), probes Discord as [`reach`] does, and says
/// `reconnected to Discord` when the shard is back after a logged outage. serenity does the
/// reconnecting itself.
pub async fn watch(http: Arc<serenity::Http>, shards: Arc<serenity::ShardManager>, mut link: Link) {
    let mut away_since: Option<Instant> = None;
    let mut next_probe = Instant::now();
    loop {
        tokio::time::sleep(POLL).await;
        if connected(&shards).await {
            link.up();
            away_since = None;
            continue;
        }
        let now = Instant::now();
        let since = *away_since.get_or_insert(now);
        if (!link.is_down() && now.duration_since(since) < GRACE) || now < next_probe {
            continue;
        }
        next_probe = match probe(&http).await {
            // Reachable: serenity is on its way back (or reports what else is wrong); look
            // again later, without pestering Discord.
            Ok(()) => Instant::now() + MAX_RETRY,
            Err(cause) => {
                link.failed(&cause, since);
                Instant::now() + link.retry_in()
            }
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_outage_is_told_at_once_then_at_growing_intervals() {
        let mut outage = Outage::default();
        // Failures every 5 s for four hours, as serenity's queuer would try.
        let logged: Vec<u64> = (0..=4 * 720)
            .map(|i| Duration::from_secs(5 * i))
            .filter(|&since| outage.failed(since))
            .map(|since| since.as_secs())
            .collect();
        // 0, then 1 min later, 2 min after that, 4, 8, 16, 32, 60, 60 …
        assert_eq!(logged, [0, 60, 180, 420, 900, 1860, 3780, 7380, 10_980]);
        assert_eq!(outage.failures(), 4 * 720 + 1);
    }

    #[test]
    fn retries_wait_longer_each_time_up_to_half_a_minute() {
        let mut outage = Outage::default();
        let waits: Vec<u64> = (0..8)
            .map(|i| {
                outage.failed(Duration::from_secs(i));
                outage.retry_in().as_secs()
            })
            .collect();
        assert_eq!(waits, [1, 2, 4, 8, 16, 30, 30, 30]);
    }

    #[test]
    fn the_cause_names_every_source_once() {
        #[derive(Debug, Error)]
        #[error("outer failed.")]
        struct Outer(#[source] std::io::Error);
        let error = Outer(std::io::Error::new(
            std::io::ErrorKind::ConnectionRefused,
            "connection refused",
        ));
        assert_eq!(chain(&error), "outer failed: connection refused");
    }

    #[tokio::test]
    async fn a_port_where_nothing_listens_is_unreachable() {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        drop(listener);
        let client = reqwest::Client::builder().no_proxy().build().unwrap();
        let http = serenity::HttpBuilder::new("token")
            .client(client)
            .proxy(base.as_str())
            .ratelimiter_disabled(true)
            .build();
        let error = probe(&http).await.unwrap_err();
        assert!(matches!(error, Unreachable::Rest(_)), "{error:?}");
        let text = error.to_string();
        assert!(text.contains(&base), "{text}");
        assert!(text.to_lowercase().contains("connect"), "{text}");
    }
}
