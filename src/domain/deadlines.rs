//! Deadlines, pure: when a player is reminded, what running out of time does to a game, and
//! how much more time a move may get (issue 6 and the live games of issue 21). The store finds
//! the games due; what happens to each is decided here.

use super::{EndReason, Ending, Game, GameError, NewNotice, NoticeKind, Via};
use crate::rules::Color;

/// The most plies a game may have and still be aborted: while each side has moved at most
/// once. A player may abort it then (issue 3), and a game that times out then is aborted,
/// unrated, instead of lost on time (issue 6).
pub const ABORT_MAX_PLY: u32 = 2;

/// When the player to move is reminded: once 80 % of the move's time (from `since`, the last
/// move or the start, to `deadline`, unix seconds) has passed, and only once both players have
/// moved (`ply >= 2`, issue 6); `None` otherwise.
pub fn reminder_for(since: i64, deadline: Option<i64>, ply: u32) -> Option<i64> {
    let deadline = deadline?;
    (ply >= 2).then(|| deadline - (deadline - since) / 5)
}

/// Whether `game`, running out of time now, is aborted rather than lost: while each side has
/// moved at most once ([`ABORT_MAX_PLY`]), but never a tournament's, which always ends with a
/// result (a forfeit when a player never moved).
pub fn aborts_on_time_out(game: &Game) -> bool {
    game.ply <= ABORT_MAX_PLY && game.tournament_id.is_none()
}

/// Whether `game`'s deadline has passed at `now`.
pub fn past_deadline(game: &Game, now: i64) -> bool {
    game.deadline.is_some_and(|d| d <= now)
}

/// What running out of time does to `game`, whose player to move, `loser`, let its deadline
/// pass: how it ends ([`aborts_on_time_out`], else a loss on time), and the notices that tell
/// it (in the game's channel where the bot may post, else to each player by DM), to be queued
/// before the ending (which may move a tournament on: the time-out that ended a round is
/// told before the standings).
pub fn time_out(game: &Game, loser: Color) -> (Ending, Vec<NewNotice>) {
    let ending = if aborts_on_time_out(game) {
        Ending::Abort
    } else {
        Ending::Win {
            winner: !loser,
            reason: EndReason::TimeOut,
        }
    };
    let notice = NewNotice {
        kind: NoticeKind::TimeOut,
        game_id: Some(game.id),
        user_id: Some(game.player(loser)),
        ply: Some(game.ply),
        via: Via::Channel,
        ..NewNotice::default()
    };
    let notices = if game.venue.bot_posts() {
        vec![notice]
    } else {
        // Where the bot cannot post, each player is told by DM (`user_id` the reader).
        [game.white_id, game.black_id]
            .into_iter()
            .map(|player| NewNotice {
                user_id: Some(player),
                via: Via::Dm,
                ..notice.clone()
            })
            .collect()
    };
    (ending, notices)
}

/// The reminder of `game`'s player to move, `to_move`: by DM where the bot cannot post or
/// when they asked for DMs (`wants_dm`), else in the channel.
pub fn reminder(game: &Game, to_move: Color, wants_dm: bool) -> NewNotice {
    let via = if !game.venue.bot_posts() || wants_dm {
        Via::Dm
    } else {
        Via::Channel
    };
    NewNotice {
        kind: NoticeKind::Reminder,
        game_id: Some(game.id),
        user_id: Some(game.player(to_move)),
        ply: Some(game.ply),
        via,
        ..NewNotice::default()
    }
}

/// A move's new deadline and reminder time (unix seconds).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Extended {
    /// The new deadline.
    pub deadline: i64,
    /// The new reminder time: a reminder not yet sent moves with the deadline, still at 80 %
    /// of the move's time; one already sent is not sent again.
    pub remind_at: Option<i64>,
}

/// The player `you` gives their opponent, `to_move`, more time on the current move of `game`
/// at `now`: one day in a correspondence game, the game's own minutes per move in a live one
/// ([`super::TimeControl::more_time`]). The caller has checked that the deadline has not
/// passed.
///
/// # Errors
/// [`GameError::NoTimeLimit`]; [`GameError::OwnMove`] when it is `you`'s own move;
/// [`GameError::TooMuchTime`] when the move would have more than
/// [`super::TimeControl::max_time_left`].
pub fn more_time(game: &Game, you: Color, to_move: Color, now: i64) -> Result<Extended, GameError> {
    let time = game.time_control;
    let (Some(deadline), Some(more), Some(most)) =
        (game.deadline, time.more_time(), time.max_time_left())
    else {
        return Err(GameError::NoTimeLimit);
    };
    if to_move == you {
        return Err(GameError::OwnMove);
    }
    let extended = deadline + more;
    if extended - now > most {
        return Err(GameError::TooMuchTime { seconds: most });
    }
    Ok(Extended {
        deadline: extended,
        remind_at: moved_reminder(game, extended),
    })
}

/// A tournament's director gives the player to move in `game` one more move's time at `now`:
/// from the deadline, or from now when it has passed.
///
/// # Errors
/// [`GameError::NoTimeLimit`].
pub fn extend(game: &Game, now: i64) -> Result<Extended, GameError> {
    let (Some(deadline), Some(more)) = (game.deadline, game.time_control.more_time()) else {
        return Err(GameError::NoTimeLimit);
    };
    let extended = deadline.max(now) + more;
    Ok(Extended {
        deadline: extended,
        remind_at: moved_reminder(game, extended),
    })
}

/// The reminder of `game` for a deadline moved to `deadline`: none if it was sent already.
fn moved_reminder(game: &Game, deadline: i64) -> Option<i64> {
    game.remind_at
        .and_then(|_| reminder_for(game.last_move_at, Some(deadline), game.ply))
}
