//! A player's record in one community: rating and game counts.

use crate::ratings::{self, Rating};

/// A player's record in one guild. A user who never finished a game there has none; the
/// defaults of a new record are those of Glicko-2 (rating 1500, deviation 350, volatility
/// 0.06).
#[derive(Clone, Debug, PartialEq)]
pub struct Player {
    /// The Discord server.
    pub guild_id: u64,
    /// The user.
    pub user_id: u64,
    /// Glicko-2 rating, on the Glicko scale.
    pub rating: f64,
    /// Glicko-2 rating deviation, on the Glicko scale.
    pub deviation: f64,
    /// Glicko-2 volatility.
    pub volatility: f64,
    /// Finished games (aborted ones do not count).
    pub games: u32,
    /// Games won.
    pub wins: u32,
    /// Games lost.
    pub losses: u32,
    /// Games drawn.
    pub draws: u32,
    /// When the last game finished (unix seconds).
    pub last_game_at: Option<i64>,
    /// When the last rated game finished (unix seconds); `None`: no rated game yet.
    pub rated_at: Option<i64>,
    /// Rated games finished.
    pub rated_games: u32,
    /// When the player was found to have left the guild; `None`: a member as far as known.
    pub left_at: Option<i64>,
    /// When Discord last confirmed whether the player is a member.
    pub member_checked_at: Option<i64>,
    /// From when the player is provisional if they play no more rated games (unix seconds);
    /// `None` without a rated game.
    pub provisional_from: Option<i64>,
}

impl Player {
    /// The record of `user_id` in `guild_id` before their first game there: Glicko-2's
    /// starting rating ([`ratings::START`]), no games.
    pub fn new(guild_id: u64, user_id: u64) -> Player {
        Player {
            guild_id,
            user_id,
            rating: ratings::START.rating,
            deviation: ratings::START.deviation,
            volatility: ratings::START.volatility,
            games: 0,
            wins: 0,
            losses: 0,
            draws: 0,
            last_game_at: None,
            rated_at: None,
            rated_games: 0,
            left_at: None,
            member_checked_at: None,
            provisional_from: None,
        }
    }

    /// The rating fields as stored (the deviation as of the last rated game).
    pub fn rating(&self) -> Rating {
        Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    /// The rating as of `now`: the deviation grown for every idle rating period since the last
    /// rated game.
    pub fn rating_at(&self, now: i64) -> Rating {
        ratings::after_inactivity(self.rating(), ratings::periods_between(self.rated_at, now))
    }
}
