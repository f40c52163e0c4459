//! What a challenge asks for, as data: its options as the command gave them, the request
//! they make (who, the rules, the clock, the colour, rated or not, where), the time control,
//! the bot's level and the coin toss. The rules of a challenge's use live here once, for
//! challenges between people and games against the bot alike.

use super::{Result, ServiceError, User};
use crate::rules::{Color, Rules};
use crate::store::{ColorChoice, TimeControl, Venue};

/// The level of the bot when the challenger names none.
pub const DEFAULT_BOT_LEVEL: u8 = 3;

/// The bot's level in a game against it: the one `chosen`, else [`DEFAULT_BOT_LEVEL`] (what
/// is out of range is refused later, by the engine's levels).
pub fn bot_level(chosen: Option<i64>) -> i64 {
    chosen.unwrap_or(i64::from(DEFAULT_BOT_LEVEL))
}

/// What a challenger asks for (the `/focus challenge` options).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengeRequest {
    /// Who is challenged; `None` lets anyone in the channel accept.
    pub opponent: Option<User>,
    /// The rules.
    pub rules: Rules,
    /// Days per move (one of [`crate::store::DAYS_PER_MOVE`]; 0 for no limit), as asked for;
    /// `None`: not asked for.
    pub days: Option<u32>,
    /// Minutes per move for a live game (one of [`crate::store::MINUTES_PER_MOVE`]), as asked
    /// for; `None`: not asked for. Asking for both days and minutes is refused.
    pub minutes: Option<u32>,
    /// The challenger's colour.
    pub color: ColorChoice,
    /// Whether the result changes ratings (never for a set-up position).
    pub rated: bool,
    /// A set-up starting position (FPN) instead of the standard start.
    pub position: Option<String>,
    /// The game will get a thread of its own when accepted (threads on, and the bot may make
    /// them here), so a game played in the channel itself does not stand in its way.
    pub threads: bool,
    /// Where it is made: a server with the bot, or a place reached through a user's install.
    pub venue: Venue,
}

impl Default for ChallengeRequest {
    fn default() -> ChallengeRequest {
        ChallengeRequest {
            opponent: None,
            rules: Rules::CLASSIC,
            days: None,
            minutes: None,
            color: ColorChoice::Random,
            rated: true,
            position: None,
            threads: false,
            venue: Venue::Server,
        }
    }
}

/// The options of `/focus challenge`, as given (unset options are `None`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChallengeOptions {
    /// Whom: nobody (an open challenge), a person, or the bot itself.
    pub opponent: Option<Opponent>,
    /// The rule set (default classic).
    pub rules: Option<Rules>,
    /// Days per move (0: no limit).
    pub days: Option<u32>,
    /// Minutes per move (a live game).
    pub minutes: Option<u32>,
    /// The challenger's colour (default random).
    pub color: Option<ColorChoice>,
    /// Whether the game is rated (default: yes, but a set-up position is unrated unless asked).
    pub rated: Option<bool>,
    /// A set-up position (FPN).
    pub position: Option<String>,
    /// The bot's level (only against the bot; default [`crate::service::DEFAULT_BOT_LEVEL`]).
    pub level: Option<i64>,
}

/// The one challenged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opponent {
    /// Who.
    pub user: User,
    /// Whether they are on the server (a bot counts as on it).
    pub member: bool,
}

impl ChallengeOptions {
    /// The service's request for these options, and the bot's level when `bot` (the bot's own
    /// user id) is challenged: a challenge's rules of use, in one place.
    ///
    /// - A level is only for a game against the bot; it defaults to [`DEFAULT_BOT_LEVEL`].
    /// - A set-up position is unrated unless `rated` says otherwise (the store then refuses).
    /// - A person who is not on the server cannot be challenged.
    /// - In a DM between two people a game is unrated unless `rated` says otherwise; in the
    ///   bot's own DM only the bot can be challenged; the bot plays only where it may post.
    ///
    /// # Errors
    /// [`ServiceError::LevelWithoutBot`], [`ServiceError::ChallengeStranger`],
    /// [`ServiceError::OnlyTheBotHere`], [`ServiceError::BotGameNotHere`].
    pub fn request(
        self,
        bot: u64,
        threads: bool,
        venue: Venue,
    ) -> Result<(ChallengeRequest, Option<i64>)> {
        let against_bot = self.opponent.as_ref().is_some_and(|o| o.user.id == bot);
        if self.level.is_some() && !against_bot {
            return Err(ServiceError::LevelWithoutBot);
        }
        if let Some(o) = &self.opponent
            && !o.member
            && !o.user.is_bot
        {
            return Err(ServiceError::ChallengeStranger(o.user.id));
        }
        if venue == Venue::BotDm && !against_bot {
            return Err(ServiceError::OnlyTheBotHere);
        }
        // The bot answers a move with a message of its own, which it cannot post where it
        // only answers interactions.
        if against_bot && !venue.bot_posts() {
            return Err(ServiceError::BotGameNotHere);
        }
        let defaults = ChallengeRequest::default();
        let level = against_bot.then(|| bot_level(self.level));
        let request = ChallengeRequest {
            opponent: self.opponent.map(|o| o.user),
            rules: self.rules.unwrap_or(defaults.rules),
            days: self.days,
            minutes: self.minutes,
            color: self.color.unwrap_or(defaults.color),
            rated: self
                .rated
                .unwrap_or(self.position.is_none() && venue != Venue::Dm),
            position: self.position,
            threads,
            venue,
        };
        Ok((request, level))
    }
}

/// The time per move when the challenger asks for none: three days.
pub const DEFAULT_TIME_CONTROL: TimeControl = TimeControl::Days(3);

impl ChallengeRequest {
    /// The time control asked for: the minutes, else the days, else
    /// [`DEFAULT_TIME_CONTROL`]. Not yet checked against the offered values (the store does).
    ///
    /// # Errors
    /// [`ServiceError::DaysAndMinutes`] when both are given: a game has one clock.
    pub fn time_control(&self) -> Result<TimeControl> {
        time_control(self.days, self.minutes)
    }
}

/// The time control of `days` or `minutes` per move, as a challenge or a tournament asks for
/// it: the minutes, else the days (0: unlimited), else [`DEFAULT_TIME_CONTROL`].
///
/// # Errors
/// [`ServiceError::DaysAndMinutes`] when both are given: a game has one clock.
pub fn time_control(days: Option<u32>, minutes: Option<u32>) -> Result<TimeControl> {
    match (days, minutes) {
        (Some(_), Some(_)) => Err(ServiceError::DaysAndMinutes),
        (None, Some(minutes)) => Ok(TimeControl::Minutes(minutes)),
        (Some(days), None) => Ok(TimeControl::days(days)),
        (None, None) => Ok(DEFAULT_TIME_CONTROL),
    }
}

/// A fair coin: the challenger's colour when they chose "random".
pub fn coin_toss() -> Color {
    use std::hash::{BuildHasher, RandomState};
    // RandomState is seeded from the OS per process and per instance: enough for colours.
    if RandomState::new().hash_one(0u8) & 1 == 1 {
        Color::White
    } else {
        Color::Black
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOT: u64 = 99;

    fn options(opponent: u64, rated: Option<bool>) -> ChallengeOptions {
        ChallengeOptions {
            opponent: Some(Opponent {
                user: User {
                    id: opponent,
                    name: "them".into(),
                    is_bot: opponent == BOT,
                },
                member: true,
            }),
            rated,
            ..ChallengeOptions::default()
        }
    }

    #[test]
    fn each_venue_has_its_own_rules_of_challenge() {
        // A group DM and a guest server are rated by default, a DM between two people not.
        for (venue, rated) in [
            (Venue::Server, true),
            (Venue::Guest, true),
            (Venue::GroupDm, true),
            (Venue::Dm, false),
        ] {
            let (request, level) = options(7, None).request(BOT, false, venue).unwrap();
            assert_eq!((request.rated, request.venue, level), (rated, venue, None));
        }
        let (request, _) = options(7, Some(true))
            .request(BOT, false, Venue::Dm)
            .unwrap();
        assert!(request.rated, "asked for");
        // The bot plays where it posts its moves: a server with it, its own DM.
        for venue in [Venue::Server, Venue::BotDm] {
            let (_, level) = options(BOT, None).request(BOT, false, venue).unwrap();
            assert_eq!(level, Some(i64::from(DEFAULT_BOT_LEVEL)));
        }
        for venue in [Venue::Guest, Venue::GroupDm, Venue::Dm] {
            let refused = options(BOT, None).request(BOT, false, venue);
            assert!(
                matches!(refused, Err(ServiceError::BotGameNotHere)),
                "{venue}"
            );
        }
        // In the bot's DM, nobody else.
        let refused = options(7, None).request(BOT, false, Venue::BotDm);
        assert!(matches!(refused, Err(ServiceError::OnlyTheBotHere)));
    }
}
