//! Every metric the bot exports: its name, type, labels and meaning, as the README lists them.

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
