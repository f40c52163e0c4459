//! The bot's configuration, from the environment and `.env`.

use std::fmt;
use std::net::SocketAddr;
use std::path::PathBuf;

use crate::store::Location;
use std::time::Duration;

use thiserror::Error;

/// What `focus-bot run` needs. `Debug` never shows the token.
#[derive(Clone)]
pub struct Config {
    /// The bot token from Discord's developer portal (`DISCORD_TOKEN`).
    pub token: String,
    /// The database: PostgreSQL when `DATABASE_URL` is set (it wins), else the SQLite file
    /// `DATABASE_PATH` (default `focus.db`).
    pub database: Location,
    /// Register commands in this server only, so changes show at once (`GUILD_ID`);
    /// `None` registers them globally.
    pub guild_id: Option<u64>,
    /// Send REST calls here instead of Discord, e.g. a rate-limiting proxy or a local
    /// stand-in (`DISCORD_API_BASE`); serenity's own ratelimiter is then off.
    pub api_base: Option<String>,
    /// The longest the sweeper sleeps between sweeps (`SWEEP_INTERVAL_SECS`, default 60
    /// seconds); it also sweeps at start-up and wakes at each due moment.
    pub sweep_interval: Duration,
    /// Serve `GET /healthz` and `GET /metrics` on this address (`METRICS_ADDR`, e.g.
    /// `127.0.0.1:9464`); `None`, the default, serves nothing.
    pub metrics_addr: Option<SocketAddr>,
    /// How the log is written (`LOG_FORMAT`: `text`, the default, or `json`).
    pub log_format: LogFormat,
}

/// How the log is written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LogFormat {
    /// Lines for people (`LOG_FORMAT=text`, the default).
    #[default]
    Text,
    /// One JSON object per line, for a log collector (`LOG_FORMAT=json`).
    Json,
}

/// The sweep interval when `SWEEP_INTERVAL_SECS` is not set.
pub const DEFAULT_SWEEP_INTERVAL: Duration = Duration::from_secs(60);

impl fmt::Debug for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Config")
            .field("token", &"<redacted>")
            .field("database", &self.database)
            .field("guild_id", &self.guild_id)
            .field("api_base", &self.api_base)
            .field("sweep_interval", &self.sweep_interval)
            .field("metrics_addr", &self.metrics_addr)
            .field("log_format", &self.log_format)
            .finish()
    }
}

/// A configuration that cannot start the bot; each message is one line saying what to do.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum ConfigError {
    /// No token.
    #[error(
        "DISCORD_TOKEN is not set: create a bot at https://discord.com/developers/applications, \
         put its token in .env (see .env.example), or run `focus-bot console` to play offline"
    )]
    MissingToken,
    /// `GUILD_ID` is not a number.
    #[error("GUILD_ID must be a server id (a number), not `{0}`")]
    BadGuildId(String),
    /// `SWEEP_INTERVAL_SECS` is not a whole number of seconds from 1 to 86400.
    #[error("SWEEP_INTERVAL_SECS must be a whole number of seconds from 1 to 86400, not `{0}`")]
    BadSweepInterval(String),
    /// `METRICS_ADDR` is not an address and port.
    #[error("METRICS_ADDR must be an IP address and port such as 127.0.0.1:9464, not `{0}`")]
    BadMetricsAddr(String),
    /// `DATABASE_URL` is not a PostgreSQL URL.
    #[error(
        "DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@host:5432/focus, \
         not `{0}` (for an SQLite file, set DATABASE_PATH instead)"
    )]
    BadDatabaseUrl(String),
    /// `LOG_FORMAT` is neither `text` nor `json`.
    #[error("LOG_FORMAT must be `text` or `json`, not `{0}`")]
    BadLogFormat(String),
}

impl Config {
    /// Reads the configuration from `var` (the environment, after `.env` was loaded).
    ///
    /// # Errors
    /// [`ConfigError`] for a missing token or a malformed value.
    pub fn from_vars(var: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let set = |name: &str| {
            var(name)
                .map(|v| v.trim().to_owned())
                .filter(|v| !v.is_empty())
        };
        let token = set("DISCORD_TOKEN").ok_or(ConfigError::MissingToken)?;
        let guild_id = match set("GUILD_ID") {
            Some(text) => Some(text.parse().map_err(|_| ConfigError::BadGuildId(text))?),
            None => None,
        };
        let sweep_interval = match set("SWEEP_INTERVAL_SECS") {
            Some(text) => match text.parse::<u64>() {
                Ok(secs @ 1..=86_400) => Duration::from_secs(secs),
                _ => return Err(ConfigError::BadSweepInterval(text)),
            },
            None => DEFAULT_SWEEP_INTERVAL,
        };
        let metrics_addr = match set("METRICS_ADDR") {
            Some(text) => Some(
                text.parse()
                    .map_err(|_| ConfigError::BadMetricsAddr(text))?,
            ),
            None => None,
        };
        let log_format = match set("LOG_FORMAT").map(|f| f.to_ascii_lowercase()).as_deref() {
            None | Some("text") => LogFormat::Text,
            Some("json") => LogFormat::Json,
            Some(other) => return Err(ConfigError::BadLogFormat(other.to_owned())),
        };
        let database = match set("DATABASE_URL") {
            Some(url) => match Location::parse(&url) {
                postgres @ Location::Postgres(_) => postgres,
                Location::File(_) => {
                    return Err(ConfigError::BadDatabaseUrl(crate::store::redacted_url(
                        &url,
                    )));
                }
            },
            None => Location::File(
                set("DATABASE_PATH").map_or_else(|| PathBuf::from("focus.db"), PathBuf::from),
            ),
        };
        Ok(Config {
            token,
            database,
            guild_id,
            api_base: set("DISCORD_API_BASE"),
            sweep_interval,
            metrics_addr,
            log_format,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_variables_and_hides_the_token() {
        let vars = |name: &str| match name {
            "DISCORD_TOKEN" => Some("secret-token".to_owned()),
            "GUILD_ID" => Some(" 123 ".to_owned()),
            "DATABASE_PATH" => Some(String::new()),
            _ => None,
        };
        let config = Config::from_vars(vars).unwrap();
        assert_eq!(config.guild_id, Some(123));
        assert_eq!(config.database, Location::File(PathBuf::from("focus.db")));
        assert_eq!(config.sweep_interval, Duration::from_secs(60));
        assert_eq!(config.metrics_addr, None);
        assert_eq!(config.log_format, LogFormat::Text);
        assert!(!format!("{config:?}").contains("secret"));
        assert_eq!(
            Config::from_vars(|_| None).unwrap_err(),
            ConfigError::MissingToken
        );
        let bad = |name: &str| match name {
            "DISCORD_TOKEN" => Some("t".to_owned()),
            "GUILD_ID" => Some("general".to_owned()),
            _ => None,
        };
        assert_eq!(
            Config::from_vars(bad).unwrap_err().to_string(),
            "GUILD_ID must be a server id (a number), not `general`"
        );
        for (text, ok) in [
            ("30", Some(30)),
            ("0", None),
            ("1.5", None),
            ("86401", None),
        ] {
            let vars = |name: &str| match name {
                "DISCORD_TOKEN" => Some("t".to_owned()),
                "SWEEP_INTERVAL_SECS" => Some(text.to_owned()),
                _ => None,
            };
            match (Config::from_vars(vars), ok) {
                (Ok(c), Some(secs)) => assert_eq!(c.sweep_interval, Duration::from_secs(secs)),
                (Err(e), None) => assert_eq!(e, ConfigError::BadSweepInterval(text.to_owned())),
                (other, _) => panic!("{text}: {other:?}"),
            }
        }
    }

    #[test]
    fn reads_the_metrics_address_and_the_log_format() {
        let with = |name: &'static str, value: &'static str| {
            move |n: &str| match n {
                "DISCORD_TOKEN" => Some("t".to_owned()),
                n if n == name => Some(value.to_owned()),
                _ => None,
            }
        };
        let config = Config::from_vars(with("METRICS_ADDR", "127.0.0.1:9464")).unwrap();
        assert_eq!(config.metrics_addr, Some("127.0.0.1:9464".parse().unwrap()));
        assert_eq!(
            Config::from_vars(with("METRICS_ADDR", "[::1]:0"))
                .unwrap()
                .metrics_addr,
            Some("[::1]:0".parse().unwrap())
        );
        assert_eq!(
            Config::from_vars(with("METRICS_ADDR", "localhost")).unwrap_err(),
            ConfigError::BadMetricsAddr("localhost".to_owned())
        );
        for (text, format) in [
            ("json", LogFormat::Json),
            ("JSON", LogFormat::Json),
            ("text", LogFormat::Text),
        ] {
            assert_eq!(
                Config::from_vars(with("LOG_FORMAT", text))
                    .unwrap()
                    .log_format,
                format
            );
        }
        assert_eq!(
            Config::from_vars(with("LOG_FORMAT", "logfmt"))
                .unwrap_err()
                .to_string(),
            "LOG_FORMAT must be `text` or `json`, not `logfmt`"
        );
    }
}
