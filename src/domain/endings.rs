//! How a game ends: when an ending is an abort instead, and what an ending changes (the
//! game's row, both players' records and, for a rated game, their Glicko-2 ratings).

use super::{EndReason, Game, GameError, GameResult, GameStatus, Player, RatingChanges};
use crate::ratings::{self, Score};
use crate::rules::Color;

/// The plies a game needs for a result: each side has made a move. A game that players end
/// sooner (a resignation, a draw agreed) is aborted instead, unrated, as lichess does, so
/// nobody wins or loses rating on a game that never started.
pub const RESULT_MIN_PLY: u32 = 2;

/// `ending`, or an abort when `game` ends before each side has moved ([`RESULT_MIN_PLY`]).
/// A tournament game is never aborted so: it ends with its result, which counts as a forfeit
/// (not played) in the tournament.
pub(crate) fn too_early_aborts(game: &Game, ending: Ending) -> Ending {
    if game.ply < RESULT_MIN_PLY && game.tournament_id.is_none() {
        Ending::Abort
    } else {
        ending
    }
}

/// How a game ends.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// A player won.
    Win {
        /// The winner.
        winner: Color,
        /// Why.
        reason: EndReason,
    },
    /// Nobody won.
    Draw {
        /// Why (normally [`EndReason::Agreement`]).
        reason: EndReason,
    },
    /// Called off: no result, and no player's record or rating changes.
    Abort,
}

impl Ending {
    /// The stored result (`None` for an abort).
    pub fn result(self) -> Option<GameResult> {
        match self {
            Ending::Win { winner, .. } => Some(GameResult::win(winner)),
            Ending::Draw { .. } => Some(GameResult::Draw),
            Ending::Abort => None,
        }
    }

    /// The stored reason.
    pub fn reason(self) -> EndReason {
        match self {
            Ending::Win { reason, .. } | Ending::Draw { reason } => reason,
            Ending::Abort => EndReason::Abort,
        }
    }
}

/// What offering a draw did (the store's `offer_draw`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DrawOffer {
    /// The offer stands until the opponent answers or moves.
    Offered(Game),
    /// The opponent had offered a draw already: the game is drawn by agreement.
    Agreed(Game),
}

/// What ending a game changes, from [`end_game`].
#[derive(Clone, Debug, PartialEq)]
pub struct Ended {
    /// The game as it ends: its status, result, reason and end time; no deadline, reminder,
    /// offer or request left; for a rated game, both ratings after it and their changes.
    pub game: Game,
    /// Both players' records after the game, White's first; `None` when they do not change
    /// (an abort, a game against the bot, a tournament game that was not played).
    pub records: Option<[Player; 2]>,
}

/// Whether ending `game` with `ending` changes the players' records (and so whether
/// [`end_game`] needs them): a result, unless the bot plays (results against the bot are
/// counted by level from the games themselves) or it is a tournament game that ended before
/// each side moved ([`RESULT_MIN_PLY`]: a forfeit, not played, C.04.1).
pub fn records_change(game: &Game, ending: Ending) -> bool {
    let played = game.tournament_id.is_none() || game.ply >= RESULT_MIN_PLY;
    ending.result().is_some() && played && game.bot.is_none()
}

/// Ends `game` with `ending` at `now` (unix seconds), given both players' records before it
/// (`records`, White's first; `None` for a player without one in the game's community).
///
/// - The status becomes [`GameStatus::Aborted`] for [`Ending::Abort`], else
///   [`GameStatus::Finished`].
/// - A result counts in the players' records when [`records_change`] says so; `records` are
///   read only then.
/// - A rated game that counts is rated as one rating period (Glicko-2,
///   [`ratings::rate_game`]), each player's deviation first grown for their idle periods
///   ([`Player::rating_at`]).
///
/// # Errors
/// [`GameError::NotActive`] unless the game is in play or held for a moderator.
pub fn end_game(
    game: &Game,
    ending: Ending,
    records: [Option<Player>; 2],
    now: i64,
) -> Result<Ended, GameError> {
    if !matches!(game.status, GameStatus::Active | GameStatus::NeedsReview) {
        return Err(GameError::NotActive {
            id: game.id,
            status: game.status,
        });
    }
    let mut ended = Game {
        status: match ending {
            Ending::Abort => GameStatus::Aborted,
            _ => GameStatus::Finished,
        },
        result: ending.result(),
        reason: Some(ending.reason()),
        finished_at: Some(now),
        deadline: None,
        remind_at: None,
        draw_offer_by: None,
        takeback_by: None,
        ..game.clone()
    };
    let counted = ending.result().filter(|_| records_change(game, ending));
    let Some(result) = counted else {
        return Ok(Ended {
            game: ended,
            records: None,
        });
    };
    let [white, black] = records;
    let mut after = [
        recorded(white, game, Color::White, result, now),
        recorded(black, game, Color::Black, result, now),
    ];
    if game.rated {
        let before = [after[0].rating_at(now), after[1].rating_at(now)];
        let score = match result {
            GameResult::White => Score::WhiteWins,
            GameResult::Black => Score::BlackWins,
            GameResult::Draw => Score::Draw,
        };
        let (white, black) = ratings::rate_game(before[0], before[1], score);
        for (player, rating) in after.iter_mut().zip([white, black]) {
            player.rating = rating.rating;
            player.deviation = rating.deviation;
            player.volatility = rating.volatility;
            player.rated_at = Some(now);
            player.provisional_from = Some(ratings::provisional_from(&rating, now));
            player.rated_games += 1;
        }
        ended.ratings = Some(RatingChanges {
            after: [white.rating, black.rating],
            change: [
                white.rating - before[0].rating,
                black.rating - before[1].rating,
            ],
        });
    }
    Ok(Ended {
        game: ended,
        records: Some(after),
    })
}

/// The record of `game`'s `color` player after `result`: one more game won, lost or drawn,
/// played `now`, and a member again as far as known (`record` `None`: a first record, with
/// Glicko-2's starting rating).
fn recorded(
    record: Option<Player>,
    game: &Game,
    color: Color,
    result: GameResult,
    now: i64,
) -> Player {
    let mut player = record.unwrap_or_else(|| Player::new(game.guild_id, game.player(color)));
    player.games += 1;
    match (result, color) {
        (GameResult::Draw, _) => player.draws += 1,
        (GameResult::White, Color::White) | (GameResult::Black, Color::Black) => player.wins += 1,
        _ => player.losses += 1,
    }
    player.last_game_at = Some(now);
    player.left_at = None;
    player
}
