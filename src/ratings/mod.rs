//! Ratings (issue 7): Glicko-2 per server, computed by the `skillratings` crate; pure, no I/O.
//!
//! - Every rated game is rated on its own, as one rating period for both players (as online
//!   servers do), right when it ends: [`rate_game`].
//! - Before that, a player's deviation grows for every whole [`RATING_PERIOD`] they went
//!   without a rated game, as Glicko-2 prescribes for a period without games (step 6 of
//!   Glickman's "Example of the Glicko-2 system": φ* = √(φ² + σ²)), up to the starting 350:
//!   [`after_inactivity`].
//! - A player whose deviation (grown to today) is [`PROVISIONAL_DEVIATION`] or more is
//!   provisional: their rating is shown with a `?` and they have no rank yet.
//!
//! Source: Mark Glickman, "Example of the Glicko-2 system" (2013),
//! <http://www.glicko.net/glicko/glicko2.pdf>; ratings are on the Glicko scale (1500 ± 350).

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, decay_deviation, glicko2};

/// A rating period without games (seconds: one week). Correspondence games take days, so a
/// week is the shortest span in which a regular player finishes a game.
pub const RATING_PERIOD: i64 = 7 * 86_400;

/// The deviation from which a player is provisional (Glicko scale). 110, as on lichess: from
/// the starting 350, about a dozen games against established players bring it below; a
/// player away for long enough (about 20 weeks at 100) becomes provisional again.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// Glicko-2's starting rating, deviation and volatility.
pub const START: Rating = Rating {
    rating: 1500.0,
    deviation: 350.0,
    volatility: 0.06,
};

/// The system constant τ (Glickman: "reasonable choices are between 0.3 and 1.2"); 0.5, the
/// `skillratings` default, with its convergence tolerance 10⁻⁶ from the paper.
const CONFIG: Glicko2Config = Glicko2Config::new();

/// A player's Glicko-2 rating on the Glicko scale.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Rating {
    /// The rating (1500 to start).
    pub rating: f64,
    /// The rating deviation (350 to start): the uncertainty of `rating`.
    pub deviation: f64,
    /// The volatility σ (0.06 to start): how erratic the player's results are.
    pub volatility: f64,
}

impl From<Rating> for Glicko2Rating {
    fn from(r: Rating) -> Glicko2Rating {
        Glicko2Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

impl From<Glicko2Rating> for Rating {
    fn from(r: Glicko2Rating) -> Rating {
        Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

impl Rating {
    /// Whether a player with this deviation is provisional.
    pub fn is_provisional(&self) -> bool {
        self.deviation >= PROVISIONAL_DEVIATION
    }
}

/// How a game ended for White.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Score {
    /// White won.
    WhiteWins,
    /// Black won.
    BlackWins,
    /// A draw.
    Draw,
}

/// Whether a player whose stored deviation and volatility are `deviation` and `volatility`
/// is provisional after `periods` idle rating periods: (φ² + n·σ²) ≥ φ_limit² on the Glicko-2
/// scale, the closed form of [`after_inactivity`] (which the leaderboard's SQL repeats).
pub fn provisional_after(deviation: f64, volatility: f64, periods: u32) -> bool {
    let phi = deviation / GLICKO2_SCALE;
    let limit = PROVISIONAL_DEVIATION / GLICKO2_SCALE;
    phi * phi + f64::from(periods) * volatility * volatility >= limit * limit
}

/// When a player rated at `rated_at` with `rating` becomes provisional if they play no more
/// rated games: the start of the first rating period after which [`provisional_after`] holds;
/// `i64::MIN` (always) when already provisional, whatever the clock says. Unix seconds.
pub fn provisional_from(rating: &Rating, rated_at: i64) -> i64 {
    if provisional_after(rating.deviation, rating.volatility, 0) {
        return i64::MIN;
    }
    let phi = rating.deviation / GLICKO2_SCALE;
    let limit = PROVISIONAL_DEVIATION / GLICKO2_SCALE;
    let sigma2 = rating.volatility * rating.volatility;
    let estimate = ((limit * limit - phi * phi) / sigma2)
        .ceil()
        .clamp(0.0, 1e6) as u32;
    // The estimate may be one off by rounding; settle it on the test itself.
    let mut n = estimate.saturating_sub(1);
    while !provisional_after(rating.deviation, rating.volatility, n) {
        n += 1;
    }
    rated_at.saturating_add(i64::from(n) * RATING_PERIOD)
}

/// The factor between the Glicko scale and the Glicko-2 scale (Glickman, step 2).
pub const GLICKO2_SCALE: f64 = 173.7178;

/// Whole rating periods from `since` to `now` (0 when `since` is `None`: no rated game yet).
pub fn periods_between(since: Option<i64>, now: i64) -> u32 {
    since.map_or(0, |t| {
        u32::try_from((now - t).max(0) / RATING_PERIOD).unwrap_or(u32::MAX)
    })
}

/// `rating` after `periods` rating periods without a game: its deviation grows each period,
/// never past the starting 350 (where it stays; so at most a few thousand steps are taken).
pub fn after_inactivity(rating: Rating, periods: u32) -> Rating {
    let mut r: Glicko2Rating = rating.into();
    for _ in 0..periods {
        if r.deviation >= START.deviation {
            break;
        }
        r = decay_deviation(&r);
    }
    r.into()
}

/// The ratings of White and Black after one game between them, rated as one period.
pub fn rate_game(white: Rating, black: Rating, score: Score) -> (Rating, Rating) {
    let outcome = match score {
        Score::WhiteWins => Outcomes::WIN,
        Score::BlackWins => Outcomes::LOSS,
        Score::Draw => Outcomes::DRAW,
    };
    let (w, b) = glicko2(&white.into(), &black.into(), &outcome, &CONFIG);
    (w.into(), b.into())
}

/// A player's rating after one period with several games (for checks against the paper's
/// example; the bot rates each game on its own with [`rate_game`]).
pub fn rate_period(player: Rating, games: &[(Rating, f64)]) -> Rating {
    let results: Vec<(Glicko2Rating, Outcomes)> = games
        .iter()
        .map(|&(opponent, points)| {
            let outcome = if points > 0.5 {
                Outcomes::WIN
            } else if points < 0.5 {
                Outcomes::LOSS
            } else {
                Outcomes::DRAW
            };
            (opponent.into(), outcome)
        })
        .collect();
    skillratings::glicko2::glicko2_rating_period(&player.into(), &results, &CONFIG).into()
}
