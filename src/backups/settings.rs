//! The scheduled backups' settings, from the environment: `BACKUP_DIR`, `BACKUP_EVERY`,
//! `BACKUP_KEEP`, and one test knob.

use std::path::PathBuf;
use std::time::Duration;

use thiserror::Error;

use crate::store::BackupPace;

/// `BACKUP_EVERY` when not set: six hours.
pub const DEFAULT_EVERY: Duration = Duration::from_secs(6 * 3600);
/// `BACKUP_KEEP` when not set.
pub const DEFAULT_KEEP: usize = 28;
/// The longest `BACKUP_EVERY`: a year.
pub const MAX_EVERY: Duration = Duration::from_secs(366 * 86_400);

/// **A test knob, not a setting**: when set to N, every scheduled backup copies one page per
/// step and pauses N milliseconds after each, so that a test can kill the bot in the middle of
/// one. An operator has no use for it.
pub const TEST_SLOW_BACKUP_VAR: &str = "FOCUS_TEST_ONLY_BACKUP_PAGE_PAUSE_MS";

/// When and where the running bot backs its database up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Schedule {
    /// The directory of the copies (`BACKUP_DIR`); created when missing.
    pub dir: PathBuf,
    /// The time from one backup to the next (`BACKUP_EVERY`, default 6 h), whole seconds.
    pub every: Duration,
    /// How many copies are kept (`BACKUP_KEEP`, default 28, at least 1): the oldest beyond
    /// that are deleted once a new copy is checked.
    pub keep: usize,
    /// How fast a copy is made.
    pub pace: BackupPace,
}

/// A malformed setting; each message is one line saying what to write instead.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum ScheduleError {
    /// `BACKUP_EVERY` is not a duration from 1 second to a year.
    #[error(
        "BACKUP_EVERY must be a duration such as 6h, 30m, 1d or 1h30m (units s, m, h, d; from 1s \
         to 366d), not `{0}`"
    )]
    BadEvery(String),
    /// `BACKUP_KEEP` is not a whole number from 1.
    #[error("BACKUP_KEEP must be how many backups to keep, a whole number from 1, not `{0}`")]
    BadKeep(String),
    /// The test knob is not a number of milliseconds.
    #[error("{TEST_SLOW_BACKUP_VAR} must be a number of milliseconds, not `{0}`")]
    BadTestPause(String),
}

impl Schedule {
    /// Reads the schedule from `var` (the environment, after `.env` was loaded): `None` when
    /// `BACKUP_DIR` is unset or empty (no scheduled backups).
    ///
    /// # Errors
    /// [`ScheduleError`] for a malformed `BACKUP_EVERY` or `BACKUP_KEEP`, even without
    /// `BACKUP_DIR` (a setting that is wrong is said so at once, not when it is first used).
    pub fn from_vars(
        var: impl Fn(&str) -> Option<String>,
    ) -> Result<Option<Schedule>, ScheduleError> {
        let set = |name: &str| {
            var(name)
                .map(|v| v.trim().to_owned())
                .filter(|v| !v.is_empty())
        };
        let every = match set("BACKUP_EVERY") {
            Some(text) => parse_duration(&text)
                .filter(|d| (Duration::from_secs(1)..=MAX_EVERY).contains(d))
                .ok_or(ScheduleError::BadEvery(text))?,
            None => DEFAULT_EVERY,
        };
        let keep = match set("BACKUP_KEEP") {
            Some(text) => match text.parse::<usize>() {
                Ok(keep @ 1..) => keep,
                _ => return Err(ScheduleError::BadKeep(text)),
            },
            None => DEFAULT_KEEP,
        };
        let pace = match set(TEST_SLOW_BACKUP_VAR) {
            Some(text) => BackupPace {
                pages_per_step: 1,
                pause: Duration::from_millis(
                    text.parse()
                        .map_err(|_| ScheduleError::BadTestPause(text))?,
                ),
            },
            None => BackupPace::DEFAULT,
        };
        Ok(set("BACKUP_DIR").map(|dir| Schedule {
            dir: PathBuf::from(dir),
            every,
            keep,
            pace,
        }))
    }
}

/// Reads a duration written as one or more groups of a whole number and a unit, `s`, `m`,
/// `h` or `d` (`90s`, `30m`, `6h`, `1d`, `1h30m`; spaces between groups are allowed); `None`
/// for anything else (a bare number included: its unit would be a guess).
pub fn parse_duration(text: &str) -> Option<Duration> {
    let mut total: u64 = 0;
    let mut number: Option<u64> = None;
    let mut groups = 0;
    for c in text.trim().chars() {
        match c {
            '0'..='9' => {
                let digit = u64::from(c.to_digit(10)?);
                number = Some(number.unwrap_or(0).checked_mul(10)?.checked_add(digit)?);
            }
            's' | 'm' | 'h' | 'd' => {
                let unit: u64 = match c {
                    's' => 1,
                    'm' => 60,
                    'h' => 3600,
                    _ => 86_400,
                };
                total = total.checked_add(number.take()?.checked_mul(unit)?)?;
                groups += 1;
            }
            ' ' if number.is_none() => {}
            _ => return None,
        }
    }
    (number.is_none() && groups > 0).then(|| Duration::from_secs(total))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_are_read_with_their_units() {
        for (text, secs) in [
            ("6h", Some(21_600)),
            ("30m", Some(1_800)),
            ("1d", Some(86_400)),
            ("90s", Some(90)),
            ("1h30m", Some(5_400)),
            (" 1h 30m ", Some(5_400)),
            ("0s", Some(0)),
            ("6", None),
            ("h", None),
            ("6x", None),
            ("1.5h", None),
            ("6h30", None),
            ("", None),
            ("-1h", None),
            ("99999999999999999999d", None),
        ] {
            assert_eq!(parse_duration(text).map(|d| d.as_secs()), secs, "{text:?}");
        }
    }

    #[test]
    fn the_schedule_is_off_without_a_directory_and_has_defaults() {
        let vars = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, v)| (*v).to_owned())
            }
        };
        assert_eq!(Schedule::from_vars(vars(&[])), Ok(None));
        assert_eq!(Schedule::from_vars(vars(&[("BACKUP_DIR", " ")])), Ok(None));
        assert_eq!(
            Schedule::from_vars(vars(&[("BACKUP_DIR", "/srv/backups")])),
            Ok(Some(Schedule {
                dir: PathBuf::from("/srv/backups"),
                every: Duration::from_secs(6 * 3600),
                keep: 28,
                pace: BackupPace::DEFAULT,
            }))
        );
        let set = Schedule::from_vars(vars(&[
            ("BACKUP_DIR", "b"),
            ("BACKUP_EVERY", "30m"),
            ("BACKUP_KEEP", "3"),
            (TEST_SLOW_BACKUP_VAR, "20"),
        ]))
        .unwrap()
        .unwrap();
        assert_eq!(
            (set.every, set.keep, set.pace),
            (
                Duration::from_secs(1800),
                3,
                BackupPace {
                    pages_per_step: 1,
                    pause: Duration::from_millis(20)
                }
            )
        );
        assert_eq!(
            Schedule::from_vars(vars(&[("BACKUP_EVERY", "6")]))
                .unwrap_err()
                .to_string(),
            "BACKUP_EVERY must be a duration such as 6h, 30m, 1d or 1h30m (units s, m, h, d; \
             from 1s to 366d), not `6`"
        );
        for bad in ["0s", "367d"] {
            let every = move |name: &str| (name == "BACKUP_EVERY").then(|| bad.to_owned());
            assert_eq!(
                Schedule::from_vars(every),
                Err(ScheduleError::BadEvery(bad.to_owned()))
            );
        }
        for bad in ["0", "-1", "many"] {
            let keep = move |name: &str| (name == "BACKUP_KEEP").then(|| bad.to_owned());
            assert_eq!(
                Schedule::from_vars(keep),
                Err(ScheduleError::BadKeep(bad.to_owned()))
            );
        }
    }
}
