//! A tournament's options as a creator chooses them, each adapter's way (slash-command options
//! on Discord, typed options in the console): what is left out takes its default here, once.

use crate::rules::Rules;
use crate::service::tournaments::TournamentOptions;
use crate::store::{Format, Pace, TimeControl};

/// The options of `/focus tournament create` as given: `None` where the creator chose nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentChoices {
    /// The name.
    pub name: String,
    /// Swiss or round-robin (default Swiss).
    pub format: Option<Format>,
    /// The rounds of a Swiss (`None`: chosen from the players at the start).
    pub rounds: Option<u32>,
    /// The games' time control, read from days or minutes by [`crate::service::time_control`]
    /// (whose refusal each adapter words with its own option names).
    pub time_control: TimeControl,
    /// The games' rules (default classic).
    pub rules: Option<Rules>,
    /// Counted on the server's ladder (default yes).
    pub rated: Option<bool>,
    /// Hours until it starts on its own (`None`: when the director starts it).
    pub starts_in_hours: Option<u32>,
    /// The most players (`None`: no limit but the service's).
    pub max_players: Option<u32>,
    /// How rounds follow each other (default: the next round when the last game ends).
    pub pace: Option<Pace>,
    /// Days between scheduled rounds.
    pub round_every_days: Option<u32>,
}

impl TournamentChoices {
    /// The options asked for: the choices, with the defaults where none was made. Their checks
    /// (the name's length, the rounds, a schedule's days) are the service's.
    pub fn options(self) -> TournamentOptions {
        TournamentOptions {
            name: self.name,
            format: self.format.unwrap_or(Format::Swiss),
            rounds: self.rounds,
            time_control: self.time_control,
            rules: self.rules.unwrap_or(Rules::CLASSIC),
            rated: self.rated.unwrap_or(true),
            starts_in_hours: self.starts_in_hours,
            max_players: self.max_players,
            pace: self.pace.unwrap_or(Pace::Next),
            round_every_days: self.round_every_days,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_is_left_out_takes_the_default_and_what_is_chosen_stays() {
        let none = TournamentChoices {
            name: "Spring".to_owned(),
            format: None,
            rounds: None,
            time_control: TimeControl::Minutes(5),
            rules: None,
            rated: None,
            starts_in_hours: None,
            max_players: None,
            pace: None,
            round_every_days: None,
        };
        let options = none.clone().options();
        assert_eq!(options.name, "Spring");
        assert_eq!(options.format, Format::Swiss);
        assert_eq!(options.rules, Rules::CLASSIC);
        assert!(options.rated);
        assert_eq!(options.pace, Pace::Next);
        assert_eq!(options.time_control, TimeControl::Minutes(5));
        let chosen = TournamentChoices {
            format: Some(Format::RoundRobin),
            rated: Some(false),
            pace: Some(Pace::Schedule),
            round_every_days: Some(3),
            rounds: Some(4),
            ..none
        }
        .options();
        assert_eq!(chosen.format, Format::RoundRobin);
        assert!(!chosen.rated);
        assert_eq!(chosen.pace, Pace::Schedule);
        assert_eq!(chosen.round_every_days, Some(3));
        assert_eq!(chosen.rounds, Some(4));
    }
}
