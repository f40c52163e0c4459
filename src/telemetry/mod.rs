//! The bot's metrics (issue 24), for Prometheus: what the bot counts as it runs, and what it
//! reads from the database at each scrape, rendered in the Prometheus text format by
//! `metrics-exporter-prometheus`.
//!
//! Each [`crate::service::GameService`] keeps a [`Metrics`] of its own (a recorder of its own,
//! not the process's global one), so two bots in one process (the end-to-end tests) count
//! apart. The Discord adapter serves them at `/metrics` when `METRICS_ADDR` is set
//! (`crate::discord::health`).
//!
//! Every label takes a bounded set of values: a command's name, an outcome, a kind, a Discord
//! error code. Never a user, a game, a channel or a server.
//!
//! [`METRICS`] lists every metric with its type, labels and meaning; the README's table is
//! checked against it.

mod catalogue;
mod labels;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use ::metrics::{Key, Label, Level, Metadata, Recorder, SharedString};
use metrics_exporter_prometheus::{
    Matcher, PrometheusBuilder, PrometheusHandle, PrometheusRecorder,
};

use crate::store::{GameKind, GamePace, StoreStats};

pub use catalogue::{
    BACKUP_FAILURES, BACKUP_LAST, COMMAND_LATENCY, COMMANDS, DATABASE_SIZE, Described,
    GAMES_IN_PLAY, GATEWAY_CONNECTED, GATEWAY_RECONNECTS, METRICS, MOVES, OUTBOX_OLDEST_AGE,
    OUTBOX_PENDING, RATE_LIMIT_WAIT, SCRAPE_ERRORS, SEARCH_SECONDS, SEARCHES_QUEUED,
    SEARCHES_RUNNING, SEND_FAILURES, SWEEP_LAST,
};
pub use labels::{InteractionKind, Mover, Outcome, Reconnect, Via, WaitSource};

/// Buckets of the interaction latency: Discord wants a first response within 3 s.
const LATENCY_BUCKETS: [f64; 10] = [0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0];
/// Buckets of a search's time: a bot move takes up to a second (level 8), an analysis longer.
const SEARCH_BUCKETS: [f64; 10] = [0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0, 60.0];
/// Buckets of a rate limit's wait: Discord's are mostly under a few seconds; the outbox waits
/// at most a minute in place.
const WAIT_BUCKETS: [f64; 9] = [0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 15.0, 60.0];

/// What the backups report ([`crate::backups`]'s scheduler writes it), read at each scrape.
pub use crate::backups::BackupStats;

/// The metrics of one bot; see the module documentation.
pub struct Metrics {
    recorder: PrometheusRecorder,
    handle: PrometheusHandle,
    backups: Arc<BackupStats>,
    /// When the latest sweep ended without error.
    swept: Mutex<Option<Instant>>,
    /// Histograms keep their samples until a scrape (or an upkeep) folds them in: recorded
    /// only once something serves the metrics ([`Metrics::serve`]), so a bot without
    /// `METRICS_ADDR` keeps none.
    served: AtomicBool,
    /// The gateway had a session already: the next is a reconnection.
    connected_once: AtomicBool,
}

impl std::fmt::Debug for Metrics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Metrics")
            .field("served", &self.served)
            .finish_non_exhaustive()
    }
}

impl Default for Metrics {
    fn default() -> Metrics {
        Metrics::new()
    }
}

/// Where the metrics say they come from (the recorder ignores it).
const METADATA: Metadata<'static> = Metadata::new("focus_bot", Level::INFO, Some(module_path!()));

fn label(key: &'static str, value: impl Into<SharedString>) -> Label {
    Label::new(key, value)
}

impl Metrics {
    /// Metrics with every series of a bounded, small label set at zero (so a dashboard sees
    /// them before the first event), and none recorded yet.
    pub fn new() -> Metrics {
        let mut builder = PrometheusBuilder::new();
        for (name, buckets) in [
            (COMMAND_LATENCY, &LATENCY_BUCKETS[..]),
            (SEARCH_SECONDS, &SEARCH_BUCKETS[..]),
            (RATE_LIMIT_WAIT, &WAIT_BUCKETS[..]),
        ] {
            builder = match builder.set_buckets_for_metric(Matcher::Full(name.to_owned()), buckets)
            {
                Ok(b) => b,
                // Only empty buckets are refused, and none are.
                Err(_) => PrometheusBuilder::new(),
            };
        }
        let recorder = builder.build_recorder();
        for m in METRICS {
            let help = SharedString::const_str(m.help);
            match m.kind {
                "counter" => recorder.describe_counter(m.name.into(), None, help),
                "gauge" => recorder.describe_gauge(m.name.into(), None, help),
                _ => recorder.describe_histogram(m.name.into(), None, help),
            }
        }
        let handle = recorder.handle();
        let metrics = Metrics {
            recorder,
            handle,
            backups: Arc::default(),
            swept: Mutex::new(None),
            served: AtomicBool::new(false),
            connected_once: AtomicBool::new(false),
        };
        for by in ["person", "bot"] {
            metrics.counter(MOVES, vec![label("by", by)]).absolute(0);
        }
        for how in ["resume", "identify"] {
            metrics
                .counter(GATEWAY_RECONNECTS, vec![label("how", how)])
                .absolute(0);
        }
        for name in [BACKUP_FAILURES, SCRAPE_ERRORS] {
            metrics.counter(name, vec![]).absolute(0);
        }
        for name in [
            SEARCHES_QUEUED,
            SEARCHES_RUNNING,
            GATEWAY_CONNECTED,
            BACKUP_LAST,
        ] {
            metrics.gauge(name, vec![]).set(0.0);
        }
        metrics
    }

    fn counter(&self, name: &'static str, labels: Vec<Label>) -> ::metrics::Counter {
        self.recorder
            .register_counter(&Key::from_parts(name, labels), &METADATA)
    }

    fn gauge(&self, name: &'static str, labels: Vec<Label>) -> ::metrics::Gauge {
        self.recorder
            .register_gauge(&Key::from_parts(name, labels), &METADATA)
    }

    fn histogram(&self, name: &'static str, labels: Vec<Label>, value: f64) {
        if self.served.load(Ordering::Relaxed) {
            self.recorder
                .register_histogram(&Key::from_parts(name, labels), &METADATA)
                .record(value);
        }
    }

    /// From now on something serves these metrics: histograms record their samples.
    pub fn serve(&self) {
        self.served.store(true, Ordering::Relaxed);
    }

    /// Folds the samples histograms hold into their buckets (a scrape does it too): every few
    /// seconds while the metrics are served, so that they cannot pile up between scrapes.
    pub fn upkeep(&self) {
        self.handle.run_upkeep();
    }

    /// Request `command` (its name, [`crate::app::Request::name`]) was answered with `outcome`.
    pub fn command(&self, command: impl Into<SharedString>, outcome: Outcome) {
        self.counter(
            COMMANDS,
            vec![
                label("command", command),
                label("outcome", outcome.as_str()),
            ],
        )
        .increment(1);
    }

    /// An interaction of `kind` got its first response `latency` after it was made.
    pub fn first_response(&self, kind: InteractionKind, latency: Duration) {
        self.histogram(
            COMMAND_LATENCY,
            vec![label("kind", kind.as_str())],
            latency.as_secs_f64(),
        );
    }

    /// A move was stored.
    pub fn move_played(&self, by: Mover) {
        let by = match by {
            Mover::Person => "person",
            Mover::Bot => "bot",
        };
        self.counter(MOVES, vec![label("by", by)]).increment(1);
    }

    /// A search joins the queue of the search pool; the guard follows it until it ends.
    pub fn search_queued(self: &Arc<Self>) -> Search {
        self.gauge(SEARCHES_QUEUED, vec![]).increment(1.0);
        Search {
            metrics: self.clone(),
            started: None,
        }
    }

    /// A send `via` failed with Discord's error `code` (the HTTP status when the answer had
    /// none; `None` when no answer came).
    pub fn send_failed(&self, via: Via, code: SendError) {
        let via = match via {
            Via::Outbox => "outbox",
            Via::Interaction => "interaction",
        };
        let code = match code {
            SendError::Code(code) => code.to_string(),
            SendError::Status(status) => format!("http-{status}"),
            SendError::NoAnswer => "none".to_owned(),
        };
        self.counter(SEND_FAILURES, vec![label("via", via), label("code", code)])
            .increment(1);
    }

    /// `source` waited `wait` for a rate limit, `global` or of one route.
    pub fn rate_limited(&self, source: WaitSource, global: bool, wait: Duration) {
        let source = match source {
            WaitSource::Serenity => "serenity",
            WaitSource::Outbox => "outbox",
        };
        let scope = if global { "global" } else { "route" };
        self.histogram(
            RATE_LIMIT_WAIT,
            vec![label("source", source), label("scope", scope)],
            wait.as_secs_f64(),
        );
    }

    /// The gateway has a session (a READY, `Identify`, or a RESUMED, `Resume`); any but the
    /// first READY is a reconnection.
    pub fn gateway_session(&self, how: Reconnect) {
        let how = match how {
            Reconnect::Identify if !self.connected_once.swap(true, Ordering::Relaxed) => return,
            Reconnect::Identify => "identify",
            Reconnect::Resume => "resume",
        };
        self.counter(GATEWAY_RECONNECTS, vec![label("how", how)])
            .increment(1);
    }

    /// Whether the gateway is connected now (set at each scrape).
    pub fn gateway_connected(&self, connected: bool) {
        self.gauge(GATEWAY_CONNECTED, vec![])
            .set(if connected { 1.0 } else { 0.0 });
    }

    /// A sweep of deadlines ended without error at `at` (unix seconds on the service's clock).
    pub fn swept(&self, at: i64) {
        *self.swept.lock().unwrap_or_else(PoisonError::into_inner) = Some(Instant::now());
        self.gauge(SWEEP_LAST, vec![]).set(at as f64);
    }

    /// How long ago (in real time) the latest sweep ended without error, if one did.
    pub fn since_sweep(&self) -> Option<Duration> {
        self.swept
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .map(|at| at.elapsed())
    }

    /// What the backup scheduler fills.
    pub fn backups(&self) -> &Arc<BackupStats> {
        &self.backups
    }

    /// The database's figures, read `now` (unix seconds), or `None` when they could not be
    /// read (the previous ones stay).
    pub fn database(&self, stats: Option<&StoreStats>, now: i64) {
        let Some(stats) = stats else {
            self.counter(SCRAPE_ERRORS, vec![]).increment(1);
            return;
        };
        for kind in GameKind::ALL {
            for pace in GamePace::ALL {
                let count = stats
                    .games_in_play
                    .iter()
                    .find(|&&(k, p, _)| k == kind && p == pace)
                    .map_or(0, |&(_, _, n)| n);
                self.gauge(
                    GAMES_IN_PLAY,
                    vec![label("kind", kind.as_str()), label("pace", pace.as_str())],
                )
                .set(count as f64);
            }
        }
        self.gauge(OUTBOX_PENDING, vec![])
            .set(stats.pending_notices as f64);
        let age = stats
            .oldest_pending_at
            .map_or(0, |at| now.saturating_sub(at).max(0));
        self.gauge(OUTBOX_OLDEST_AGE, vec![]).set(age as f64);
        self.gauge(DATABASE_SIZE, vec![])
            .set(stats.database_bytes as f64);
    }

    /// Every metric in the Prometheus text format (version 0.0.4), the backups' as
    /// [`Metrics::backups`] has them now.
    pub fn render(&self) -> String {
        if let Some(at) = self.backups.last_success() {
            self.gauge(BACKUP_LAST, vec![]).set(at as f64);
        }
        self.counter(BACKUP_FAILURES, vec![])
            .absolute(self.backups.failed());
        self.handle.render()
    }
}

/// How a send to Discord failed, for [`Metrics::send_failed`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SendError {
    /// Discord's JSON error code (50013, 10003, …).
    Code(isize),
    /// An HTTP status without a Discord error code (a 429, a proxy's 502).
    Status(u16),
    /// No answer (the connection failed, or the error was not Discord's).
    NoAnswer,
}

/// A search's place in the metrics: queued, then running ([`Search::running`]); its end (the
/// guard dropped, the search done or given up) takes it out and records its time.
pub struct Search {
    metrics: Arc<Metrics>,
    started: Option<Instant>,
}

impl Search {
    /// The search got its core and runs.
    pub fn running(mut self) -> Search {
        if self.started.is_none() {
            self.metrics.gauge(SEARCHES_QUEUED, vec![]).decrement(1.0);
            self.metrics.gauge(SEARCHES_RUNNING, vec![]).increment(1.0);
            self.started = Some(Instant::now());
        }
        self
    }
}

impl Drop for Search {
    fn drop(&mut self) {
        match self.started {
            None => self.metrics.gauge(SEARCHES_QUEUED, vec![]).decrement(1.0),
            Some(at) => {
                self.metrics.gauge(SEARCHES_RUNNING, vec![]).decrement(1.0);
                self.metrics
                    .histogram(SEARCH_SECONDS, vec![], at.elapsed().as_secs_f64());
            }
        }
    }
}

#[cfg(test)]
mod tests;
