//! Scheduled backups of the running bot's database (issue 24).
//!
//! With `BACKUP_DIR` set, the bot copies its database there every `BACKUP_EVERY` (default 6 h)
//! with [`crate::store::backup`]: from a read connection of its own, on a blocking thread, in
//! paced steps, so the game service is never held up. Each copy is named by the UTC time it
//! started, `<stem>-YYYY-MM-DDTHH-MM-SSZ.db` (`focus-2026-12-06T04-00-00Z.db` for `focus.db`),
//! so names sort by time, and is checked before it gets that name. Only then are the oldest
//! copies beyond `BACKUP_KEEP` (default 28) deleted. A backup that fails is logged and counted
//! in [`BackupStats`] and retried at the next turn; it never stops the bot.
//!
//! The first backup comes `BACKUP_EVERY` after the newest copy already in the directory (at
//! once when there is none, or it is older), so a bot restarted often still backs up on time,
//! and not at every start.
//!
//! Only files of that exact name pattern are ever deleted, and `.partial` (and
//! `.partial-journal`) files of that stem: the remains of a backup the process was killed in. One bot per database and directory.

mod settings;

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, Ordering};
use std::time::Duration;

use chrono::{DateTime, NaiveDateTime};
use thiserror::Error;
use tokio::sync::watch;

pub use settings::{
    DEFAULT_EVERY, DEFAULT_KEEP, MAX_EVERY, Schedule, ScheduleError, TEST_SLOW_BACKUP_VAR,
    parse_duration,
};

use crate::clock::Clock;
use crate::store::{BackupError, Made, backup};

/// The time format of a backup's name: UTC, `-` for `:` (file systems that refuse colons).
const NAME_TIME: &str = "%Y-%m-%dT%H-%M-%SZ";

/// What the scheduled backups did so far, for the operator (logs) and the metrics. Shared
/// (`Arc`) between the scheduler, which writes it, and whoever reads it; every field is read
/// on its own (no snapshot of all of them at once).
#[derive(Debug, Default)]
pub struct BackupStats {
    made: AtomicU64,
    failed: AtomicU64,
    /// Unix seconds of the start of the newest checked backup; 0: none yet.
    last_success: AtomicI64,
    last_bytes: AtomicU64,
    last_took_ms: AtomicU64,
}

impl BackupStats {
    /// Backups made and checked since the bot started.
    pub fn made(&self) -> u64 {
        self.made.load(Ordering::Relaxed)
    }

    /// Backups failed since the bot started (copy, check or directory).
    pub fn failed(&self) -> u64 {
        self.failed.load(Ordering::Relaxed)
    }

    /// When the newest checked backup started (unix seconds), if one was made since the bot
    /// started.
    pub fn last_success(&self) -> Option<i64> {
        Some(self.last_success.load(Ordering::Relaxed)).filter(|&t| t != 0)
    }

    /// The size of the newest checked backup in bytes (0: none yet).
    pub fn last_bytes(&self) -> u64 {
        self.last_bytes.load(Ordering::Relaxed)
    }

    /// How long the newest checked backup took to copy and check.
    pub fn last_took(&self) -> Duration {
        Duration::from_millis(self.last_took_ms.load(Ordering::Relaxed))
    }

    fn succeeded(&self, at: i64, made: &Made) {
        self.last_success.store(at, Ordering::Relaxed);
        self.last_bytes
            .store(made.verified.bytes, Ordering::Relaxed);
        self.last_took_ms.store(
            u64::try_from(made.took.as_millis()).unwrap_or(u64::MAX),
            Ordering::Relaxed,
        );
        self.made.fetch_add(1, Ordering::Relaxed);
    }

    fn failure(&self) {
        self.failed.fetch_add(1, Ordering::Relaxed);
    }

    /// Counts a backup by its outcome alone (`Some(start)`: checked, `None`: failed), without
    /// its size or time: for tests of what reads the figures.
    pub fn record(&self, success: Option<i64>) {
        match success {
            Some(at) => {
                self.last_success.store(at, Ordering::Relaxed);
                self.made.fetch_add(1, Ordering::Relaxed);
            }
            None => self.failure(),
        }
    }
}

/// A failed scheduled backup.
#[derive(Debug, Error)]
pub enum ScheduledError {
    /// `BACKUP_DIR` cannot be created or read.
    #[error("cannot use the backup directory {}: {source}", dir.display())]
    Dir {
        /// The directory.
        dir: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// The copy failed (nothing is left of it).
    #[error("{0}")]
    Backup(#[from] BackupError),
    /// The backup thread panicked (a bug).
    #[error("the backup thread stopped unexpectedly")]
    Panicked,
}

/// A scheduled backup that was made and checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scheduled {
    /// The backup.
    pub made: Made,
    /// The older copies deleted after it was checked, oldest first.
    pub pruned: Vec<PathBuf>,
}

/// The name of the backup of the database whose file stem is `stem`, started at `at` (unix
/// seconds): `focus-2026-12-06T04-00-00Z.db`.
pub fn backup_name(stem: &str, at: i64) -> String {
    let time = DateTime::from_timestamp(at, 0).unwrap_or_default();
    format!("{stem}-{}.db", time.format(NAME_TIME))
}

/// When the backup named `name` started (unix seconds), if it is a backup of `stem`'s.
fn time_of(stem: &str, name: &str) -> Option<i64> {
    let time = name
        .strip_prefix(stem)?
        .strip_prefix('-')?
        .strip_suffix(".db")?;
    // The format fixes the length: nothing else (`focus-old-2026-…`) is taken for a backup.
    if time.len() != "2026-12-06T04-00-00Z".len() {
        return None;
    }
    let parsed = NaiveDateTime::parse_from_str(time, NAME_TIME).ok()?;
    Some(parsed.and_utc().timestamp())
}

/// The file stem of `database` (`focus` for `/srv/focus.db`), the first part of its backups'
/// names.
pub fn stem_of(database: &Path) -> String {
    database
        .file_stem()
        .map_or_else(|| "focus".to_owned(), |s| s.to_string_lossy().into_owned())
}

/// The backups of `stem` in `dir`, oldest first, with the time each started.
///
/// # Errors
/// When the directory cannot be read.
pub fn backups_in(dir: &Path, stem: &str) -> io::Result<Vec<(i64, PathBuf)>> {
    let mut found = Vec::new();
    for entry in fs::read_dir(dir)? {
        let entry = entry?;
        let name = entry.file_name();
        if let Some(at) = name.to_str().and_then(|n| time_of(stem, n))
            && entry.file_type().is_ok_and(|t| t.is_file())
        {
            found.push((at, entry.path()));
        }
    }
    found.sort();
    Ok(found)
}

/// Makes one scheduled backup of `database` into `schedule.dir`, named for `at` (unix
/// seconds), checks it, then deletes the oldest copies beyond `schedule.keep`. Blocking: run
/// it on a blocking thread. `stop` cancels the copy between two steps.
///
/// # Errors
/// [`ScheduledError`]; no copy is deleted then.
pub fn back_up_once(
    schedule: &Schedule,
    database: &Path,
    at: i64,
    stop: &AtomicBool,
) -> Result<Scheduled, ScheduledError> {
    let dir_error = |source| ScheduledError::Dir {
        dir: schedule.dir.clone(),
        source,
    };
    fs::create_dir_all(&schedule.dir).map_err(dir_error)?;
    let stem = stem_of(database);
    // A backup the process was killed in left its `.partial`.
    for entry in fs::read_dir(&schedule.dir).map_err(dir_error)?.flatten() {
        let name = entry.file_name();
        if name
            .to_str()
            .map(|n| n.strip_suffix("-journal").unwrap_or(n))
            .and_then(|n| n.strip_suffix(".partial"))
            .is_some_and(|n| time_of(&stem, n).is_some())
        {
            let _ = fs::remove_file(entry.path());
        }
    }
    let file = schedule.dir.join(backup_name(&stem, at));
    let made = backup(database, &file, schedule.pace, stop)?;
    // Checked: now, and only now, the oldest may go.
    let mut pruned = Vec::new();
    match backups_in(&schedule.dir, &stem) {
        Ok(all) => {
            let extra = all.len().saturating_sub(schedule.keep);
            for (_, old) in all.into_iter().take(extra) {
                match fs::remove_file(&old) {
                    Ok(()) => pruned.push(old),
                    Err(error) => {
                        tracing::warn!(file = %old.display(), %error, "cannot delete an old backup");
                    }
                }
            }
        }
        Err(error) => {
            tracing::warn!(dir = %schedule.dir.display(), %error, "cannot list the backups to delete the oldest");
        }
    }
    Ok(Scheduled { made, pruned })
}

/// When the next backup is due: `every` after the newest copy in the directory or the last
/// attempt, whichever is later (a copy "from the future", of a clock set back, counts as made
/// now); `now` when there is neither.
fn next_due(schedule: &Schedule, stem: &str, now: i64, last_attempt: Option<i64>) -> i64 {
    let newest = backups_in(&schedule.dir, stem)
        .ok()
        .and_then(|all| all.last().map(|(at, _)| (*at).min(now)));
    let every = i64::try_from(schedule.every.as_secs()).unwrap_or(i64::MAX);
    match newest.max(last_attempt) {
        Some(base) => base.saturating_add(every),
        None => now,
    }
}

/// Backs `database` up on `schedule`, telling time by `clock`, until `stop` turns true; a
/// backup under way then is cancelled (its partial copy deleted) and waited for. Every
/// result is logged and counted in `stats`.
pub async fn run(
    schedule: Schedule,
    database: PathBuf,
    clock: Arc<dyn Clock>,
    stats: Arc<BackupStats>,
    mut stop: watch::Receiver<bool>,
) {
    let stem = stem_of(&database);
    tracing::info!(dir = %schedule.dir.display(), every_secs = schedule.every.as_secs(), keep = schedule.keep, "scheduled backups on");
    let mut last_attempt = None;
    loop {
        let due = next_due(&schedule, &stem, clock.now(), last_attempt);
        tokio::select! {
            () = clock.sleep_until(due) => {}
            _ = stop.wait_for(|stop| *stop) => return,
        }
        let at = clock.now();
        last_attempt = Some(at);
        // Said before the copy's snapshot is taken: every move acknowledged before this line
        // is in the copy.
        tracing::info!(file = %schedule.dir.join(backup_name(&stem, at)).display(), "backup started");
        let cancel = Arc::new(AtomicBool::new(false));
        let mut job = {
            let (schedule, database, cancel) = (schedule.clone(), database.clone(), cancel.clone());
            tokio::task::spawn_blocking(move || back_up_once(&schedule, &database, at, &cancel))
        };
        let joined = tokio::select! {
            joined = &mut job => Some(joined),
            _ = stop.wait_for(|stop| *stop) => None,
        };
        let stopping = joined.is_none();
        let joined = match joined {
            Some(joined) => joined,
            None => {
                cancel.store(true, Ordering::Relaxed);
                job.await
            }
        };
        let result = joined.unwrap_or(Err(ScheduledError::Panicked));
        match result {
            Ok(Scheduled { made, pruned }) => {
                stats.succeeded(at, &made);
                tracing::info!(
                    file = %made.file.display(),
                    bytes = made.verified.bytes,
                    took_ms = made.took.as_millis(),
                    games = made.verified.games,
                    pruned = pruned.len(),
                    "backup verified"
                );
            }
            Err(ScheduledError::Backup(BackupError::Cancelled)) => {
                tracing::info!("backup stopped: the bot is stopping");
            }
            Err(error) => {
                stats.failure();
                tracing::error!(%error, failures = stats.failed(), "backup failed; the next one is due in BACKUP_EVERY");
            }
        }
        if stopping || *stop.borrow() {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_sort_by_time_and_read_back() {
        let at = 1_796_529_600; // 2026-12-06 04:00:00 UTC
        assert_eq!(backup_name("focus", at), "focus-2026-12-06T04-00-00Z.db");
        assert_eq!(time_of("focus", "focus-2026-12-06T04-00-00Z.db"), Some(at));
        assert!(backup_name("focus", at + 1) > backup_name("focus", at));
        assert!(backup_name("focus", at + 86_400 * 40) > backup_name("focus", at + 59));
        for other in [
            "focus-2026-12-06T04-00-00Z.db.partial",
            "focus-2026-12-06T04-00-00Z.db-wal",
            "league-2026-12-06T04-00-00Z.db",
            "focus-old-2026-12-06T04-00-00Z.db",
            "focus-2026-12-06T04:00:00Z.db",
            "focus.db",
        ] {
            assert_eq!(time_of("focus", other), None, "{other}");
        }
        assert_eq!(stem_of(Path::new("/srv/league.db")), "league");
        assert_eq!(stem_of(Path::new("focus")), "focus");
    }
}
