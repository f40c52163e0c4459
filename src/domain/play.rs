//! A game between its moves, pure: playing a move, taking one back, draw offers, takeback
//! requests and resigning. Each function takes the game as stored and the request, and gives
//! the game's new row (or how it ends) for the store to keep; the rules of Focus themselves
//! are [`crate::rules`]'.

use super::deadlines::{ABORT_MAX_PLY, reminder_for};
use super::{
    EndReason, Ending, Game, GameError, GameStatus, NewNotice, NoticeKind, Via, too_early_aborts,
};
use crate::rules::{Color, Move, MoveEffect, Outcome, Position};

type Result<T, E = GameError> = std::result::Result<T, E>;

/// Refuses unless `game`'s ply is still the one the player saw.
///
/// # Errors
/// [`GameError::PositionChanged`].
pub fn ensure_ply(game: &Game, seen_ply: u32) -> Result<()> {
    if game.ply == seen_ply {
        Ok(())
    } else {
        Err(GameError::PositionChanged {
            seen: seen_ply,
            now: game.ply,
        })
    }
}

/// A move played, from [`play`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The game's row after the move: its FPN, ply, last move time, deadline and reminder; no
    /// draw offer or takeback request left (an offer lapses when its offerer moves, and
    /// playing on instead of accepting declines it). Still in play: an ending is in `ending`.
    pub game: Game,
    /// The position after the move.
    pub position: Position,
    /// What the move trimmed off (pieces to the reserve, pieces captured).
    pub effect: MoveEffect,
    /// The outcome under the rules after the move.
    pub outcome: Outcome,
    /// How the game ends, when the move ended it under the rules.
    pub ending: Option<Ending>,
    /// The bot's move, posted by the outbox (so that a crash between storing and posting it
    /// loses nothing), pinging the person it plays.
    pub bot_notice: Option<NewNotice>,
}

/// `player` plays `mv` in `game` (in play, its deadline not passed: the caller ends a game out
/// of time first) at `now`, having seen the position at `seen_ply`. The move's deadline is the
/// next player's: `now` plus the time per move (none for the bot); the reminder comes at 80 %
/// of it once both have moved.
///
/// # Errors
/// [`GameError::PositionChanged`], [`GameError::NotAPlayer`], [`GameError::NotYourTurn`],
/// [`GameError::Illegal`] (the rules' reason), [`GameError::Mismatch`] for an unreadable
/// stored position.
pub fn play(game: &Game, player: u64, seen_ply: u32, mv: Move, now: i64) -> Result<Played> {
    ensure_ply(game, seen_ply)?;
    let you = game.color_of_player(player)?;
    let mut position = game.current_position()?;
    let to_move = position.side_to_move();
    if you != to_move {
        return Err(GameError::NotYourTurn { to_move, you });
    }
    let effect = position.play(mv)?;
    let ply = seen_ply + 1;
    let deadline = game.deadline_for(position.side_to_move(), now);
    let after = Game {
        fpn: position.to_string(),
        ply,
        last_move_at: now,
        deadline,
        remind_at: reminder_for(now, deadline, ply),
        draw_offer_by: None,
        takeback_by: None,
        ..game.clone()
    };
    let outcome = position.outcome();
    let ending = match outcome {
        Outcome::Ongoing => None,
        Outcome::Win { winner, reason } => Some(Ending::Win {
            winner,
            reason: reason.into(),
        }),
    };
    let bot_notice = game.bot_plays(you).then(|| NewNotice {
        kind: NoticeKind::BotMove,
        game_id: Some(game.id),
        user_id: Some(game.player(!you)),
        ply: Some(ply),
        via: Via::Channel,
        ..NewNotice::default()
    });
    Ok(Played {
        game: after,
        position,
        effect,
        outcome,
        ending,
        bot_notice,
    })
}

/// Whether the player to move is told by DM that it is their turn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TurnDm {
    /// Never: the bot is to move.
    Never,
    /// Always: the bot cannot post where the game is, so a DM is the only way to tell.
    Always,
    /// If they asked for DMs: the channel shows the move already.
    IfAsked,
}

/// Whether `to_move` is told by DM that it is their turn in `game` ([`turn_notice`]); the
/// player's setting is read only for [`TurnDm::IfAsked`].
pub fn turn_dm(game: &Game, to_move: Color) -> TurnDm {
    if game.bot_plays(to_move) {
        TurnDm::Never
    } else if game.venue.bot_posts() {
        TurnDm::IfAsked
    } else {
        TurnDm::Always
    }
}

/// Whether the sweeper must hear of a change that left `game` as it is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Wake {
    /// No: nothing new falls due and no letter waits.
    No,
    /// Yes: a new due moment (the game's deadline), or a turn DM queued for a player who
    /// cannot be told otherwise.
    Yes,
    /// If this user (the player to move) asked for DMs: their turn DM was queued then.
    IfAsked(u64),
}

/// Whether the sweeper must hear of the change that left `game` as it is (a move, a takeback,
/// a start): in play with a deadline (a new due moment), or a turn DM queued by
/// [`turn_dm`]'s rule, so that a move in a game without a clock or mail wakes nobody.
///
/// # Errors
/// [`GameError::Mismatch`] for an unreadable stored position.
pub fn wakes_sweeper(game: &Game) -> Result<Wake> {
    if game.status != GameStatus::Active {
        return Ok(Wake::No);
    }
    if game.deadline.is_some() {
        return Ok(Wake::Yes);
    }
    let to_move = game.current_position()?.side_to_move();
    Ok(match turn_dm(game, to_move) {
        TurnDm::Never => Wake::No,
        TurnDm::Always => Wake::Yes,
        TurnDm::IfAsked => Wake::IfAsked(game.player(to_move)),
    })
}

/// The DM that tells `to_move` it is their turn in `game`, when [`turn_dm`] sends one.
pub fn turn_notice(game: &Game, to_move: Color) -> NewNotice {
    NewNotice {
        kind: NoticeKind::YourTurn,
        game_id: Some(game.id),
        user_id: Some(game.player(to_move)),
        ply: Some(game.ply),
        via: Via::Dm,
        ..NewNotice::default()
    }
}

/// Whether `game`'s last move may be taken back by a request made at `seen_ply`: checked
/// before the position before that move is replayed, which needs a move to take back.
///
/// # Errors
/// [`GameError::NotActive`]; [`GameError::PositionChanged`] when the game is no longer at
/// `seen_ply`; [`GameError::NothingToTakeBack`] before the first move.
pub fn check_take_back(game: &Game, seen_ply: u32) -> Result<()> {
    game.ensure_active()?;
    ensure_ply(game, seen_ply)?;
    if game.ply == 0 {
        return Err(GameError::NothingToTakeBack);
    }
    Ok(())
}

/// `game`'s last move taken back at `now` ([`check_take_back`] first; `before`: the position
/// before it, replayed from the moves before it): the ply and FPN go back, offers and requests
/// are cleared, and the player to move gets a full move's time from `now`.
pub fn take_back(game: &Game, before: &Position, now: i64) -> Game {
    let ply = game.ply.saturating_sub(1);
    let deadline = game.deadline_for(before.side_to_move(), now);
    Game {
        fpn: before.to_string(),
        ply,
        last_move_at: now,
        deadline,
        remind_at: reminder_for(now, deadline, ply),
        draw_offer_by: None,
        takeback_by: None,
        ..game.clone()
    }
}

/// Whether `game` can have a move taken back for `user` once their opponent agrees: the
/// colour asking.
///
/// # Errors
/// [`GameError::NotActive`]; [`GameError::NotAPlayer`]; [`GameError::NothingToTakeBack`].
pub fn request_takeback(game: &Game, user: u64) -> Result<Color> {
    game.ensure_active()?;
    let you = game.color_of_player(user)?;
    if game.ply == 0 {
        return Err(GameError::NothingToTakeBack);
    }
    Ok(you)
}

/// `user` answers (grants or refuses) the opponent's takeback request.
///
/// # Errors
/// [`GameError::NotActive`]; [`GameError::NotAPlayer`]; [`GameError::NoTakebackRequest`]
/// when the opponent asked for none.
pub fn answer_takeback(game: &Game, user: u64) -> Result<()> {
    game.ensure_active()?;
    let you = game.color_of_player(user)?;
    if game.takeback_by != Some(!you) {
        return Err(GameError::NoTakebackRequest);
    }
    Ok(())
}

/// `user` aborts `game`: a player while each side has moved at most once
/// ([`ABORT_MAX_PLY`]), a moderator (`is_moderator`: Manage Messages in the channel) at any
/// time; never a tournament's game, which ends with a result (its director sets one).
///
/// # Errors
/// [`GameError::TournamentGameAbort`]; [`GameError::NotAPlayer`] and
/// [`GameError::AbortTooLate`] for a player who is not a moderator.
pub fn abort(game: &Game, user: u64, is_moderator: bool) -> Result<Ending> {
    if game.tournament_id.is_some() {
        return Err(GameError::TournamentGameAbort);
    }
    if !is_moderator {
        game.color_of_player(user)?;
        if game.ply > ABORT_MAX_PLY {
            return Err(GameError::AbortTooLate);
        }
    }
    // A game held for review may be aborted too (by a moderator): whether it is over already
    // is the ending's own check.
    Ok(Ending::Abort)
}

/// `user` resigns `game`: the opponent wins; before each side has moved the game is aborted
/// instead, unrated ([`super::RESULT_MIN_PLY`]).
///
/// # Errors
/// [`GameError::NotActive`]; [`GameError::NotAPlayer`].
pub fn resign(game: &Game, user: u64) -> Result<Ending> {
    game.ensure_active()?;
    let you = game.color_of_player(user)?;
    let ending = Ending::Win {
        winner: !you,
        reason: EndReason::Resignation,
    };
    Ok(too_early_aborts(game, ending))
}

/// A draw by agreement in `game`, or an abort before each side has moved.
fn agreed(game: &Game) -> Ending {
    let ending = Ending::Draw {
        reason: EndReason::Agreement,
    };
    too_early_aborts(game, ending)
}

/// What offering a draw decides.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DrawOffered {
    /// The offer of this colour stands until the opponent answers or moves.
    Stands(Color),
    /// The opponent had offered a draw already: the game ends so.
    Agreed(Ending),
}

/// `user` offers a draw in `game`; when the opponent's offer stands, this accepts it.
///
/// # Errors
/// [`GameError::NotActive`]; [`GameError::NotAPlayer`].
pub fn offer_draw(game: &Game, user: u64) -> Result<DrawOffered> {
    game.ensure_active()?;
    let you = game.color_of_player(user)?;
    Ok(if game.draw_offer_by == Some(!you) {
        DrawOffered::Agreed(agreed(game))
    } else {
        DrawOffered::Stands(you)
    })
}

/// `game` is drawn by agreement at once, without a standing offer (the bot accepts a draw
/// offered to it, having judged the position at `seen_ply`).
///
/// # Errors
/// [`GameError::NotActive`]; [`GameError::PositionChanged`].
pub fn agree_draw(game: &Game, seen_ply: u32) -> Result<Ending> {
    game.ensure_active()?;
    ensure_ply(game, seen_ply)?;
    Ok(agreed(game))
}

/// `user` answers the opponent's standing draw offer: accepted, this is how the game ends.
///
/// # Errors
/// [`GameError::NotActive`]; [`GameError::NotAPlayer`]; [`GameError::NoDrawOffer`] when the
/// opponent's offer does not stand.
pub fn answer_draw(game: &Game, user: u64) -> Result<Ending> {
    game.ensure_active()?;
    let you = game.color_of_player(user)?;
    if game.draw_offer_by != Some(!you) {
        return Err(GameError::NoDrawOffer);
    }
    Ok(agreed(game))
}
