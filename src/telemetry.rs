//! The bot's metrics (issue 24), for Prometheus: what the bot counts as it runs, and what it
//! reads from the database at each scrape, rendered in the Prometheus text format by
//! `metrics-exporter-prometheus`.
// Longer than 400 lines: every metric the bot exports is described in one table and recorded by one
// Metrics; 130 lines are unit tests.
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

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use ::metrics::{Key, Label, Level, Metadata, Recorder, SharedString};
use metrics_exporter_prometheus::{
    Matcher, PrometheusBuilder, PrometheusHandle, PrometheusRecorder,
};

use crate::store::{GameKind, GamePace, StoreStats};

/// Slash commands, clicks and forms answered, by `command` (the request's name: `move`,
/// `click:accept`, `tournament:join`) and `outcome`.
pub const COMMANDS: &str = "focus_commands_total";
/// Seconds from an interaction's creation (its snowflake's time) to the bot's first response,
/// by `kind`.
pub const COMMAND_LATENCY: &str = "focus_command_latency_seconds";
/// Moves stored, by `by` (a person or the bot).
pub const MOVES: &str = "focus_moves_total";
/// Games in play, by `kind` and `pace`.
pub const GAMES_IN_PLAY: &str = "focus_games_in_play";
/// Engine searches waiting for a core.
pub const SEARCHES_QUEUED: &str = "focus_searches_queued";
/// Engine searches running.
pub const SEARCHES_RUNNING: &str = "focus_searches_running";
/// Seconds an engine search ran (its wait for a core not included).
pub const SEARCH_SECONDS: &str = "focus_search_seconds";
/// Notices in the outbox not delivered yet.
pub const OUTBOX_PENDING: &str = "focus_outbox_pending";
/// Age of the oldest of them, in seconds; 0 when there is none.
pub const OUTBOX_OLDEST_AGE: &str = "focus_outbox_oldest_age_seconds";
/// Sends Discord refused or that failed, by `via` and Discord's error `code`.
pub const SEND_FAILURES: &str = "focus_discord_send_failures_total";
/// Waits imposed by Discord's rate limits, in seconds, by `source` and `scope`.
pub const RATE_LIMIT_WAIT: &str = "focus_discord_rate_limit_wait_seconds";
/// Gateway sessions resumed or identified anew after the first, by `how`.
pub const GATEWAY_RECONNECTS: &str = "focus_gateway_reconnects_total";
/// 1 while the gateway is connected, else 0.
pub const GATEWAY_CONNECTED: &str = "focus_gateway_connected";
/// When the latest sweep ended without error (unix seconds).
pub const SWEEP_LAST: &str = "focus_sweep_last_success_timestamp_seconds";
/// When the latest verified backup was made (unix seconds); 0 before any.
pub const BACKUP_LAST: &str = "focus_backup_last_success_timestamp_seconds";
/// Backups that failed.
pub const BACKUP_FAILURES: &str = "focus_backup_failures_total";
/// The database's size in bytes (pages times page size; the write-ahead log not included).
pub const DATABASE_SIZE: &str = "focus_database_size_bytes";
/// Scrapes whose database figures could not be read.
pub const SCRAPE_ERRORS: &str = "focus_metrics_scrape_errors_total";

/// A metric as the README lists it.
#[derive(Clone, Copy, Debug)]
pub struct Described {
    /// Its name.
    pub name: &'static str,
    /// `counter`, `gauge` or `histogram`.
    pub kind: &'static str,
    /// Its labels.
    pub labels: &'static [&'static str],
    /// What it measures (its `# HELP`).
    pub help: &'static str,
}

/// Every metric of the bot.
pub const METRICS: [Described; 18] = [
    Described {
        name: COMMANDS,
        kind: "counter",
        labels: &["command", "outcome"],
        help: "Slash commands, clicks and forms answered, by request name and outcome (ok, refused, failed).",
    },
    Described {
        name: COMMAND_LATENCY,
        kind: "histogram",
        labels: &["kind"],
        help: "Seconds from an interaction's creation to the bot's first response, by kind (command, click, form).",
    },
    Described {
        name: MOVES,
        kind: "counter",
        labels: &["by"],
        help: "Moves played, by who played them (person, bot).",
    },
    Described {
        name: GAMES_IN_PLAY,
        kind: "gauge",
        labels: &["kind", "pace"],
        help: "Games in play, by kind (people, bot, tournament) and pace (live, correspondence, none).",
    },
    Described {
        name: SEARCHES_QUEUED,
        kind: "gauge",
        labels: &[],
        help: "Engine searches (bot moves, hints, draw offers, analyses) waiting for a core.",
    },
    Described {
        name: SEARCHES_RUNNING,
        kind: "gauge",
        labels: &[],
        help: "Engine searches running.",
    },
    Described {
        name: SEARCH_SECONDS,
        kind: "histogram",
        labels: &[],
        help: "Seconds an engine search ran, its wait for a core not included.",
    },
    Described {
        name: OUTBOX_PENDING,
        kind: "gauge",
        labels: &[],
        help: "Notices in the outbox not delivered yet.",
    },
    Described {
        name: OUTBOX_OLDEST_AGE,
        kind: "gauge",
        labels: &[],
        help: "Seconds since the oldest undelivered notice was queued; 0 when there is none.",
    },
    Described {
        name: SEND_FAILURES,
        kind: "counter",
        labels: &["via", "code"],
        help: "Messages Discord refused or that could not be sent, by via (outbox, interaction) and Discord's error code (http-STATUS without one, none without an answer).",
    },
    Described {
        name: RATE_LIMIT_WAIT,
        kind: "histogram",
        labels: &["source", "scope"],
        help: "Seconds waited for Discord's rate limits, by source (serenity, outbox) and scope (route, global).",
    },
    Described {
        name: GATEWAY_RECONNECTS,
        kind: "counter",
        labels: &["how"],
        help: "Gateway sessions resumed or identified anew after the first one, by how (resume, identify).",
    },
    Described {
        name: GATEWAY_CONNECTED,
        kind: "gauge",
        labels: &[],
        help: "1 while the gateway is connected, else 0.",
    },
    Described {
        name: SWEEP_LAST,
        kind: "gauge",
        labels: &[],
        help: "When the latest sweep of deadlines ended without error, in unix seconds.",
    },
    Described {
        name: BACKUP_LAST,
        kind: "gauge",
        labels: &[],
        help: "When the latest verified backup was made, in unix seconds; 0 before any.",
    },
    Described {
        name: BACKUP_FAILURES,
        kind: "counter",
        labels: &[],
        help: "Backups that failed.",
    },
    Described {
        name: DATABASE_SIZE,
        kind: "gauge",
        labels: &[],
        help: "The database's size in bytes: its pages times the page size, the write-ahead log not included.",
    },
    Described {
        name: SCRAPE_ERRORS,
        kind: "counter",
        labels: &[],
        help: "Scrapes whose database figures could not be read (the previous ones are shown).",
    },
];

/// Buckets of the interaction latency: Discord wants a first response within 3 s.
const LATENCY_BUCKETS: [f64; 10] = [0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0];
/// Buckets of a search's time: a bot move takes up to a second (level 8), an analysis longer.
const SEARCH_BUCKETS: [f64; 10] = [0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0, 60.0];
/// Buckets of a rate limit's wait: Discord's are mostly under a few seconds; the outbox waits
/// at most a minute in place.
const WAIT_BUCKETS: [f64; 9] = [0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 15.0, 60.0];

/// How a request ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Done as asked.
    Ok,
    /// Refused, with a sentence for the user (not their turn, a bad move, …).
    Refused,
    /// The bot failed (the user was told so; the log says why).
    Failed,
}

impl Outcome {
    fn as_str(self) -> &'static str {
        match self {
            Outcome::Ok => "ok",
            Outcome::Refused => "refused",
            Outcome::Failed => "failed",
        }
    }
}

/// What kind of interaction was answered.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum InteractionKind {
    /// A slash command.
    Command,
    /// A button or a select menu.
    Click,
    /// A form submitted.
    Form,
}

impl InteractionKind {
    fn as_str(self) -> &'static str {
        match self {
            InteractionKind::Command => "command",
            InteractionKind::Click => "click",
            InteractionKind::Form => "form",
        }
    }
}

/// Who played a move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mover {
    /// A person.
    Person,
    /// The bot.
    Bot,
}

/// Which send failed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Via {
    /// A notice of the outbox (what the bot posts on its own).
    Outbox,
    /// An answer to an interaction.
    Interaction,
}

/// Who waited for a rate limit.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum WaitSource {
    /// serenity's ratelimiter (on when the bot talks to Discord itself): a 429 received, or a
    /// bucket known to be empty (serenity does not say which).
    Serenity,
    /// The outbox starting a thread behind `DISCORD_API_BASE`: a 429 received.
    Outbox,
}

/// How the gateway came back.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Reconnect {
    /// The session was resumed.
    Resume,
    /// A new session was identified.
    Identify,
}

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
mod tests {
    use super::*;

    /// The value of the series `series` (name and labels as rendered) in `text`.
    fn value(text: &str, series: &str) -> Option<f64> {
        text.lines()
            .find_map(|l| l.strip_prefix(series)?.strip_prefix(' ')?.parse().ok())
    }

    #[test]
    fn counts_with_bounded_labels_and_renders_the_text_format() {
        let metrics = Arc::new(Metrics::new());
        metrics.serve();
        metrics.command("move", Outcome::Ok);
        metrics.command("move", Outcome::Ok);
        metrics.command("move", Outcome::Refused);
        metrics.move_played(Mover::Person);
        metrics.first_response(InteractionKind::Command, Duration::from_millis(120));
        metrics.send_failed(Via::Outbox, SendError::Code(50013));
        metrics.send_failed(Via::Outbox, SendError::Status(429));
        metrics.gateway_session(Reconnect::Identify);
        metrics.gateway_session(Reconnect::Identify);
        metrics.gateway_session(Reconnect::Resume);
        metrics.backups().record(Some(1_700_000_000));
        metrics.backups().record(None);
        metrics.rate_limited(WaitSource::Outbox, false, Duration::from_millis(300));
        metrics.swept(1_000);
        {
            let search = metrics.search_queued();
            let text = metrics.render();
            assert_eq!(value(&text, SEARCHES_QUEUED), Some(1.0));
            let _running = search.running();
            let text = metrics.render();
            assert_eq!(value(&text, SEARCHES_QUEUED), Some(0.0));
            assert_eq!(value(&text, SEARCHES_RUNNING), Some(1.0));
        }
        metrics.database(
            Some(&StoreStats {
                games_in_play: vec![(GameKind::Bot, GamePace::Live, 2)],
                pending_notices: 3,
                oldest_pending_at: Some(990),
                database_bytes: 4096,
            }),
            1_000,
        );
        let text = metrics.render();
        let expect = [
            (r#"focus_commands_total{command="move",outcome="ok"}"#, 2.0),
            (
                r#"focus_commands_total{command="move",outcome="refused"}"#,
                1.0,
            ),
            (r#"focus_moves_total{by="person"}"#, 1.0),
            (r#"focus_moves_total{by="bot"}"#, 0.0),
            (
                r#"focus_command_latency_seconds_count{kind="command"}"#,
                1.0,
            ),
            (
                r#"focus_command_latency_seconds_bucket{kind="command",le="0.25"}"#,
                1.0,
            ),
            (
                r#"focus_command_latency_seconds_bucket{kind="command",le="0.1"}"#,
                0.0,
            ),
            (
                r#"focus_discord_send_failures_total{via="outbox",code="50013"}"#,
                1.0,
            ),
            (
                r#"focus_discord_send_failures_total{via="outbox",code="http-429"}"#,
                1.0,
            ),
            (r#"focus_gateway_reconnects_total{how="identify"}"#, 1.0),
            (r#"focus_gateway_reconnects_total{how="resume"}"#, 1.0),
            (BACKUP_LAST, 1_700_000_000.0),
            (BACKUP_FAILURES, 1.0),
            (SEARCHES_RUNNING, 0.0),
            ("focus_search_seconds_count", 1.0),
            (r#"focus_games_in_play{kind="bot",pace="live"}"#, 2.0),
            (r#"focus_games_in_play{kind="people",pace="none"}"#, 0.0),
            (OUTBOX_PENDING, 3.0),
            (OUTBOX_OLDEST_AGE, 10.0),
            (DATABASE_SIZE, 4096.0),
            (SWEEP_LAST, 1_000.0),
            (
                r#"focus_discord_rate_limit_wait_seconds_bucket{source="outbox",scope="route",le="0.5"}"#,
                1.0,
            ),
        ];
        for (series, want) in expect {
            assert_eq!(value(&text, series), Some(want), "{series} in\n{text}");
        }
        for m in METRICS {
            assert!(
                text.contains(&format!("# TYPE {} {}", m.name, m.kind)),
                "{} in\n{text}",
                m.name
            );
        }
    }

    #[test]
    fn histograms_keep_nothing_until_the_metrics_are_served() {
        let metrics = Metrics::new();
        metrics.first_response(InteractionKind::Click, Duration::from_secs(1));
        assert!(!metrics.render().contains(COMMAND_LATENCY));
    }

    #[test]
    fn the_readme_lists_every_metric_with_its_labels() {
        for readme in [
            include_str!("../README.md"),
            include_str!("../README.ru.md"),
        ] {
            for m in METRICS {
                let labels = match m.labels {
                    [] => "–".to_owned(),
                    labels => labels
                        .iter()
                        .map(|l| format!("`{l}`"))
                        .collect::<Vec<_>>()
                        .join(", "),
                };
                let row = format!("| `{}` | {} | {} |", m.name, m.kind, labels);
                assert!(readme.contains(&row), "README lacks the row {row}");
            }
        }
    }
}
