//! How long a player has for each move: days (correspondence), minutes (a live game), or no
//! limit. One definition of the offered values and of the seconds they give, used by the
//! store (deadlines, reminders, `/focus moretime`) and shown by the adapters as choices.
//!
//! ```
//! use focus_bot::domain::TimeControl;
//!
//! assert_eq!(TimeControl::Minutes(5).seconds_per_move(), Some(300));
//! assert_eq!(TimeControl::Days(2).deadline_after(1_000), Some(1_000 + 2 * 86_400));
//! assert_eq!(TimeControl::days(0), TimeControl::Unlimited);
//! assert!(TimeControl::Minutes(7).check().is_err());
//! ```

/// A time control that is not offered.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TimeControlError {
    /// Days per move not in [`DAYS_PER_MOVE`].
    #[error("{0} days per move is not offered")]
    BadDaysPerMove(u32),
    /// Minutes per move not in [`MINUTES_PER_MOVE`].
    #[error("{0} minutes per move is not offered")]
    BadMinutesPerMove(u32),
}

/// The days per move a challenge may ask for; 0 means no time limit.
pub const DAYS_PER_MOVE: [u32; 8] = [0, 1, 2, 3, 5, 7, 10, 14];

/// The minutes per move of a live game: for friends playing now.
pub const MINUTES_PER_MOVE: [u32; 3] = [5, 15, 60];

/// What `/focus moretime` adds to a correspondence move's deadline (seconds): one day, whatever
/// the days per move.
pub const MORE_TIME: i64 = 86_400;

/// `/focus moretime` in a correspondence game is refused when the move would then have more
/// than this much time left (seconds: 30 days), so a game cannot be stalled for months.
pub const MAX_TIME_LEFT: i64 = 30 * 86_400;

/// In a live game a move may have at most this many times its own time left: `/focus
/// moretime` adds the game's minutes per move, so an opponent can double a fresh move's time
/// once, but not stall a game meant to be played now.
pub const LIVE_MAX_MOVES_LEFT: i64 = 2;

/// A game's (or challenge's) time control.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TimeControl {
    /// No deadlines, no reminders.
    Unlimited,
    /// Days per move, one of the non-zero [`DAYS_PER_MOVE`].
    Days(u32),
    /// Minutes per move, one of [`MINUTES_PER_MOVE`]: a live game.
    Minutes(u32),
}

impl TimeControl {
    /// `days` per move, 0 meaning [`TimeControl::Unlimited`] (the `days` option's values).
    pub fn days(days: u32) -> TimeControl {
        match days {
            0 => TimeControl::Unlimited,
            d => TimeControl::Days(d),
        }
    }

    /// Itself when offered.
    ///
    /// # Errors
    /// [`TimeControlError::BadDaysPerMove`] for days not in [`DAYS_PER_MOVE`],
    /// [`TimeControlError::BadMinutesPerMove`] for minutes not in [`MINUTES_PER_MOVE`].
    pub fn check(self) -> Result<TimeControl, TimeControlError> {
        match self {
            TimeControl::Unlimited => Ok(self),
            TimeControl::Days(d) if d > 0 && DAYS_PER_MOVE.contains(&d) => Ok(self),
            TimeControl::Days(d) => Err(TimeControlError::BadDaysPerMove(d)),
            TimeControl::Minutes(m) if MINUTES_PER_MOVE.contains(&m) => Ok(self),
            TimeControl::Minutes(m) => Err(TimeControlError::BadMinutesPerMove(m)),
        }
    }

    /// Seconds a player has for each move; `None` without a limit.
    pub fn seconds_per_move(self) -> Option<i64> {
        match self {
            TimeControl::Unlimited => None,
            TimeControl::Days(d) => Some(i64::from(d) * 86_400),
            TimeControl::Minutes(m) => Some(i64::from(m) * 60),
        }
    }

    /// The deadline of a player who must move from `now` (unix seconds); `None` without a
    /// limit.
    pub fn deadline_after(self, now: i64) -> Option<i64> {
        self.seconds_per_move().map(|s| now + s)
    }

    /// True for a live game (minutes per move).
    pub fn is_live(self) -> bool {
        matches!(self, TimeControl::Minutes(_))
    }

    /// What `/focus moretime` adds to the deadline (seconds): a day ([`MORE_TIME`]) in a
    /// correspondence game, the game's own minutes per move in a live one (a day would turn
    /// a five-minute game into a correspondence game); `None` without a limit.
    pub fn more_time(self) -> Option<i64> {
        match self {
            TimeControl::Unlimited => None,
            TimeControl::Days(_) => Some(MORE_TIME),
            TimeControl::Minutes(_) => self.seconds_per_move(),
        }
    }

    /// The most time (seconds) a move may have left after `/focus moretime`:
    /// [`MAX_TIME_LEFT`] in a correspondence game, [`LIVE_MAX_MOVES_LEFT`] moves' time in a
    /// live one; `None` without a limit.
    pub fn max_time_left(self) -> Option<i64> {
        match self {
            TimeControl::Unlimited => None,
            TimeControl::Days(_) => Some(MAX_TIME_LEFT),
            TimeControl::Minutes(_) => self.seconds_per_move().map(|s| s * LIVE_MAX_MOVES_LEFT),
        }
    }

    /// From the stored columns `days_per_move` (0: none) and `minutes_per_move` (NULL: not
    /// live; the schema keeps days at 0 then).
    pub(crate) fn from_columns(days: u32, minutes: Option<u32>) -> TimeControl {
        match minutes {
            Some(m) => TimeControl::Minutes(m),
            None => TimeControl::days(days),
        }
    }

    /// The stored columns `(days_per_move, minutes_per_move)`.
    pub(crate) fn columns(self) -> (u32, Option<u32>) {
        match self {
            TimeControl::Unlimited => (0, None),
            TimeControl::Days(d) => (d, None),
            TimeControl::Minutes(m) => (0, Some(m)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_offered_value_checks_and_round_trips_through_its_columns() {
        let offered = DAYS_PER_MOVE
            .iter()
            .map(|&d| TimeControl::days(d))
            .chain(MINUTES_PER_MOVE.iter().map(|&m| TimeControl::Minutes(m)));
        for time in offered {
            assert_eq!(time.check().unwrap(), time);
            let (days, minutes) = time.columns();
            assert_eq!(TimeControl::from_columns(days, minutes), time);
        }
        assert!(matches!(
            TimeControl::Days(4).check(),
            Err(TimeControlError::BadDaysPerMove(4))
        ));
        assert!(matches!(
            TimeControl::Days(0).check(),
            Err(TimeControlError::BadDaysPerMove(0))
        ));
        assert!(matches!(
            TimeControl::Minutes(10).check(),
            Err(TimeControlError::BadMinutesPerMove(10))
        ));
    }

    #[test]
    fn seconds_deadlines_and_more_time() {
        assert_eq!(TimeControl::Unlimited.seconds_per_move(), None);
        assert_eq!(TimeControl::Unlimited.deadline_after(5), None);
        assert_eq!(TimeControl::Days(3).seconds_per_move(), Some(259_200));
        assert_eq!(TimeControl::Minutes(15).deadline_after(100), Some(1_000));
        assert_eq!(TimeControl::Days(14).more_time(), Some(86_400));
        assert_eq!(TimeControl::Minutes(5).more_time(), Some(300));
        assert_eq!(TimeControl::Unlimited.more_time(), None);
        assert_eq!(TimeControl::Days(1).max_time_left(), Some(30 * 86_400));
        assert_eq!(TimeControl::Minutes(60).max_time_left(), Some(7_200));
        assert!(TimeControl::Minutes(5).is_live());
        assert!(!TimeControl::Days(1).is_live());
    }
}
