//! What the operator's monitoring asks of the running bot (issue 24), on `METRICS_ADDR`:
//!
//! - `GET /healthz`: `200 ok` when the gateway is connected, the database takes a writer and
//!   the sweeper ran within two sweep intervals; else `503` with one line per failed check.
//! - `GET /metrics`: [`crate::telemetry`]'s metrics in the Prometheus text format, the
//!   database's figures read at the scrape.
//!
//! The server (axum) starts with the bot, before Discord is reached, so an outage at start-up
//! shows as unhealthy rather than as no answer; it stops with the bot. Serenity's rate-limit
//! waits reach the metrics through [`RateLimits`], the gateway's sessions through the bot's
//! event handler.

use std::net::SocketAddr;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use axum::Router;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use axum::routing::get;
use poise::serenity_prelude as serenity;

use super::RunError;
use crate::service::GameService;
use crate::telemetry::WaitSource;

/// How long a check or a scrape waits for the database: the store runs one call at a time, and
/// a long one (a sweep of many games) must not make the check hang.
pub const DATABASE_WAIT: Duration = Duration::from_secs(3);

/// How often histogram samples are folded in between scrapes.
const UPKEEP: Duration = Duration::from_secs(5);

/// What the endpoints look at. Cheap to clone.
#[derive(Clone)]
pub struct Monitor {
    service: GameService,
    sweep_interval: Duration,
    /// The gateway's shards, once the client exists.
    shards: Arc<OnceLock<Arc<serenity::ShardManager>>>,
}

impl Monitor {
    /// The monitor of the bot running `service`, sweeping at least every `sweep_interval`.
    pub fn new(service: GameService, sweep_interval: Duration) -> Monitor {
        Monitor {
            service,
            sweep_interval,
            shards: Arc::default(),
        }
    }

    /// The client exists: its shards tell whether the gateway is connected.
    pub fn client_started(&self, shards: Arc<serenity::ShardManager>) {
        let _ = self.shards.set(shards);
    }

    async fn gateway_connected(&self) -> bool {
        match self.shards.get() {
            Some(shards) => super::link::connected(shards).await,
            None => false,
        }
    }

    /// The failed checks, one line each; none when the bot is healthy.
    ///
    /// - gateway: a shard is connected (serenity's stage `Connected`);
    /// - database: `BEGIN IMMEDIATE; ROLLBACK` succeeds within [`DATABASE_WAIT`]
    ///   ([`crate::store::Store::check_writable`]): nothing is written;
    /// - sweeper: its latest sweep ended without error less than two sweep intervals ago (in
    ///   real time).
    pub async fn failures(&self) -> Vec<String> {
        let mut failed = Vec::new();
        if !self.gateway_connected().await {
            failed.push("gateway: not connected to Discord".to_owned());
        }
        let check = self.service.store().check_writable();
        match tokio::time::timeout(DATABASE_WAIT, check).await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => failed.push(format!("database: not writable: {e}")),
            Err(_) => failed.push(format!(
                "database: no answer within {} s",
                DATABASE_WAIT.as_secs()
            )),
        }
        let limit = self.sweep_interval * 2;
        match self.service.metrics().since_sweep() {
            Some(ago) if ago <= limit => {}
            Some(ago) => failed.push(format!(
                "sweeper: last swept {} s ago, more than two intervals ({} s)",
                ago.as_secs(),
                limit.as_secs()
            )),
            None => failed.push("sweeper: has not swept yet".to_owned()),
        }
        failed
    }

    /// The metrics, with the database's figures and the gateway's state read now.
    pub async fn metrics(&self) -> String {
        let metrics = self.service.metrics();
        let read = self.service.store().store_stats();
        let stats = match tokio::time::timeout(DATABASE_WAIT, read).await {
            Ok(Ok(stats)) => Some(stats),
            Ok(Err(e)) => {
                tracing::warn!(error = %e, "cannot read the database's figures for /metrics");
                None
            }
            Err(_) => {
                tracing::warn!("the database's figures for /metrics took too long");
                None
            }
        };
        metrics.database(stats.as_ref(), self.service.now());
        metrics.gateway_connected(self.gateway_connected().await);
        metrics.render()
    }
}

async fn healthz(State(monitor): State<Monitor>) -> (StatusCode, String) {
    let failed = monitor.failures().await;
    if failed.is_empty() {
        (StatusCode::OK, "ok\n".to_owned())
    } else {
        let mut text = failed.join("\n");
        text.push('\n');
        (StatusCode::SERVICE_UNAVAILABLE, text)
    }
}

async fn metrics(State(monitor): State<Monitor>) -> impl IntoResponse {
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        monitor.metrics().await,
    )
}

/// Listens on `addr` and serves `/healthz` and `/metrics` for `monitor` until the task is
/// aborted; histogram samples are folded in every few seconds meanwhile.
///
/// # Errors
/// [`RunError::Metrics`] when `addr` cannot be listened on (in use, not this machine's).
pub async fn serve(
    addr: SocketAddr,
    monitor: Monitor,
) -> Result<tokio::task::JoinHandle<()>, RunError> {
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|e| RunError::Metrics(format!("cannot listen on METRICS_ADDR {addr}: {e}")))?;
    let local = listener.local_addr().unwrap_or(addr);
    tracing::info!(address = %local, "serving /healthz and /metrics");
    let metrics = monitor.service.metrics().clone();
    metrics.serve();
    let app = Router::new()
        .route("/healthz", get(healthz))
        .route("/metrics", get(self::metrics))
        .with_state(monitor);
    Ok(tokio::spawn(async move {
        let upkeep = async {
            loop {
                tokio::time::sleep(UPKEEP).await;
                metrics.upkeep();
            }
        };
        tokio::select! {
            served = axum::serve(listener, app) => {
                if let Err(e) = served {
                    tracing::error!(error = %e, "the /healthz and /metrics server stopped");
                }
            }
            () = upkeep => {}
        }
    }))
}

/// Counts serenity's rate-limit waits (its ratelimiter is on when the bot talks to Discord
/// itself, not behind `DISCORD_API_BASE`): serenity tells its event handlers, not poise.
pub struct RateLimits(pub Arc<crate::telemetry::Metrics>);

#[serenity::async_trait]
impl serenity::EventHandler for RateLimits {
    async fn ratelimit(&self, data: serenity::RatelimitInfo) {
        self.0
            .rate_limited(WaitSource::Serenity, data.global, data.timeout);
    }
}
