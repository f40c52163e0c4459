//! Units of work, written once for every database: each reads what a decision needs through
//! [`Rows`], lets the domain decide ([`crate::domain`]), and keeps what it decided, all inside
//! the caller's transaction. The database only provides the rows.

use super::deadlines::Swept;
use super::moves::PlayedMove;
use super::port::Rows;
use super::{Ending, Game, GameId, Result, StoreError, TournamentId};
use crate::domain::lifecycle::{self, Effect, Event};
use crate::domain::{TournamentError, deadlines, end_game, play, records_change};
use crate::rules::{Color, Move};

/// Ends game `id` with `ending` at `now`: the game's row, both players' records and ratings
/// when they change ([`end_game`]), and, for a tournament game, its board and round
/// ([`lifecycle::board_ended`]). Returns the game as kept.
///
/// # Errors
/// [`super::StoreError::GameNotActive`] for a game over already; the database's.
pub fn finish(rows: &mut impl Rows, id: GameId, ending: Ending, now: i64) -> Result<Game> {
    let game = rows.game(id)?;
    // The records are read only when the ending changes them.
    let records = if records_change(&game, ending) {
        [
            rows.player(game.guild_id, game.white_id)?,
            rows.player(game.guild_id, game.black_id)?,
        ]
    } else {
        [None, None]
    };
    let ended = end_game(&game, ending, records, now)?;
    rows.keep_ending(&ended.game)?;
    for record in ended.records.iter().flatten() {
        rows.keep_player(record)?;
    }
    if let Some(t) = ended.game.tournament_id {
        decide(rows, t, now, |ev| {
            Ok(((), lifecycle::board_ended(ev, &ended.game, now)))
        })?;
    }
    Ok(ended.game)
}

/// Ends `game` on time at `now`, `loser` the player to move ([`deadlines::time_out`]): its
/// notices are queued before the ending, which may move a tournament on, so that the time-out
/// that ended a round is told before the standings. Returns the game as kept.
///
/// # Errors
/// As [`finish`].
pub fn time_out(rows: &mut impl Rows, game: &Game, loser: Color, now: i64) -> Result<Game> {
    let (ending, notices) = deadlines::time_out(game, loser);
    for notice in &notices {
        rows.queue(notice, now, now)?;
    }
    finish(rows, game.id, ending, now)
}

/// Loads tournament `id`, lets `decision` change it, and keeps what it decided at `now`.
/// Returns the decision's value and the event as kept.
///
/// # Errors
/// What `decision` refuses; [`TournamentError::NoSuchTournament`]; the database's.
pub fn decide<T>(
    rows: &mut impl Rows,
    id: TournamentId,
    now: i64,
    decision: impl FnOnce(&mut Event) -> std::result::Result<(T, Vec<Effect>), TournamentError>,
) -> Result<(T, Event)> {
    let before = rows.event(id)?;
    let mut after = before.clone();
    let (value, effects) = decision(&mut after)?;
    rows.keep_event(&before, &after, &effects, now)?;
    Ok((value, after))
}

/// `user` withdraws from tournament `id` at `now`, or its director `by` removes them
/// ([`lifecycle::withdraw`]). Its log's leavers are read for this request only: its refusal
/// tells one who left from one who never joined.
///
/// # Errors
/// What [`lifecycle::withdraw`] refuses; the database's.
pub fn withdraw(
    rows: &mut impl Rows,
    id: TournamentId,
    user: u64,
    status: crate::domain::EntrantStatus,
    by: u64,
    redraw: lifecycle::Redraw,
    now: i64,
) -> Result<()> {
    let left = rows.leavers(id)?;
    decide(rows, id, now, |ev| {
        Ok((
            (),
            lifecycle::withdraw(ev, user, status, by, &left, redraw)?,
        ))
    })?;
    Ok(())
}

/// The director `by` sets (or corrects) the result of board `pairing` of tournament `id` at
/// `now` ([`lifecycle::adjudicate`]): the board's result is kept first, so that the end of its
/// game in play (with its records) finds it set and leaves it; then the round moves on.
/// Returns the board as kept.
///
/// # Errors
/// What [`lifecycle::adjudicate`] refuses; the database's.
pub fn adjudicate(
    rows: &mut impl Rows,
    id: TournamentId,
    pairing: crate::domain::PairingId,
    result: crate::domain::BoardResult,
    by: u64,
    now: i64,
) -> Result<crate::domain::Board> {
    let before = rows.event(id)?;
    let game = match before.boards.iter().find(|b| b.id == pairing) {
        Some(crate::domain::Board {
            game_id: Some(game),
            ..
        }) => Some(rows.game(*game)?),
        _ => None,
    };
    let mut after = before.clone();
    let decided = lifecycle::adjudicate(&mut after, pairing, result, game.as_ref(), by, now)?;
    rows.keep_event(&before, &after, &[], now)?;
    if let Some((game, ending)) = decided.ending {
        finish(rows, game, ending, now)?;
    }
    rows.keep_event(&after, &after, &decided.effects, now)?;
    let board = after.boards.into_iter().find(|b| b.id == pairing);
    Ok(board.expect("the board was just read"))
}

/// When `game`'s deadline has passed at `now`, ends it on time as the sweep would (with its
/// notices) and answers [`StoreError::TimeRanOut`], for the caller to report once this is
/// kept; `None` while there is time.
///
/// # Errors
/// As [`time_out`]; [`StoreError::Mismatch`] for an unreadable stored position.
pub fn time_up(rows: &mut impl Rows, game: &Game, now: i64) -> Result<Option<StoreError>> {
    if !deadlines::past_deadline(game, now) {
        return Ok(None);
    }
    let loser = game.current_position()?.side_to_move();
    time_out(rows, game, loser, now)?;
    Ok(Some(StoreError::TimeRanOut(game.id)))
}

/// Queues the DM telling `to_move` it is their turn in `game`, when it goes
/// ([`play::turn_dm`]: the player's setting is read only when it decides); whether it was
/// queued.
///
/// # Errors
/// The database's.
pub fn tell_turn(rows: &mut impl Rows, game: &Game, to_move: Color, now: i64) -> Result<bool> {
    let sends = match play::turn_dm(game, to_move) {
        play::TurnDm::Never => false,
        play::TurnDm::Always => true,
        play::TurnDm::IfAsked => rows.settings(game.player(to_move))?.dm_notifications,
    };
    if sends {
        rows.queue(&play::turn_notice(game, to_move), now, now)?;
    }
    Ok(sends)
}

/// `player_id` plays `mv` in game `id` at `now_ms` (unix milliseconds), having seen it at
/// `seen_ply` ([`play::play`]): a game whose time ran out ends on time instead (the outer
/// `Ok(Err(TimeRanOut))`, to be kept); else the move and the game's new row are kept, the
/// bot's move is queued for the outbox, and either the next player is told it is their turn
/// or the game ends under the rules with its records.
///
/// # Errors
/// As [`play::play`], [`StoreError::GameNotActive`], [`StoreError::PositionChanged`] when
/// another move at the same ply was kept first; the database's. Nothing is to be kept then.
pub fn play_move(
    rows: &mut impl Rows,
    id: GameId,
    player_id: u64,
    seen_ply: u32,
    mv: Move,
    now_ms: i64,
) -> Result<Result<PlayedMove>> {
    let now = now_ms.div_euclid(1_000);
    let game = rows.game(id)?;
    game.ensure_active()?;
    // Too late: the game ends on time now rather than at the next sweep.
    if let Some(late) = time_up(rows, &game, now)? {
        return Ok(Err(late));
    }
    let played = play::play(&game, player_id, seen_ply, mv, now)?;
    if !rows.keep_move(&played.game, seen_ply, &mv.to_string(), player_id, now_ms)? {
        return Err(StoreError::PositionChanged {
            seen: seen_ply,
            now: rows.game(id)?.ply,
        });
    }
    if let Some(notice) = &played.bot_notice {
        rows.queue(notice, now, now)?;
    }
    let game = match played.ending {
        None => {
            let game = rows.game(id)?;
            tell_turn(rows, &game, played.position.side_to_move(), now)?;
            game
        }
        Some(ending) => finish(rows, id, ending, now)?,
    };
    Ok(Ok(PlayedMove {
        game,
        position: played.position,
        mv,
        effect: played.effect,
        outcome: played.outcome,
    }))
}

/// Marks the challenges run out by `now` expired, and queues the notice that closes each
/// ([`crate::domain::close_notice`]). Returns them.
///
/// # Errors
/// The database's.
pub fn expire(rows: &mut impl Rows, now: i64) -> Result<Vec<crate::domain::Challenge>> {
    let expired = rows.expire_challenges(now)?;
    for challenge in &expired {
        if let Some(notice) = crate::domain::close_notice(challenge, None) {
            rows.queue(&notice, now, now)?;
        }
    }
    Ok(expired)
}

/// The colour to move in `game`; `None` when its stored position is unreadable, after holding
/// it for a moderator (so that one damaged game cannot stop the sweep for every other).
fn side_to_move_or_hold(rows: &mut impl Rows, game: &Game) -> Result<Option<Color>> {
    match game.current_position() {
        Ok(position) => Ok(Some(position.side_to_move())),
        Err(error) => {
            tracing::error!(game = game.id.0, %error, "held for a moderator during the sweep");
            rows.hold(game)?;
            Ok(None)
        }
    }
}

/// Everything due at `now`: challenges run out (their close notices queued,
/// [`crate::domain::close_notice`]); games past their deadline end on time ([`time_out`]);
/// players whose reminder time has come are reminded ([`deadlines::reminder`]). Every change
/// queues its notice in the same unit, so running it again changes and queues nothing new.
///
/// # Errors
/// The database's (nothing is to be kept then).
pub fn sweep(rows: &mut impl Rows, now: i64) -> Result<Swept> {
    let expired = expire(rows, now)?;
    let mut swept = Swept {
        expired_challenges: expired.iter().map(|c| c.id).collect(),
        ..Swept::default()
    };
    for game in &rows.overdue(now)? {
        let Some(loser) = side_to_move_or_hold(rows, game)? else {
            continue;
        };
        let ended = time_out(rows, game, loser, now)?;
        match ended.result {
            Some(_) => swept.timed_out.push(game.id),
            None => swept.aborted.push(game.id),
        }
    }
    // Games that just ended had their reminder cleared with them.
    for game in &rows.reminders_due(now)? {
        let Some(color) = side_to_move_or_hold(rows, game)? else {
            continue;
        };
        let wants_dm = rows.settings(game.player(color))?.dm_notifications;
        rows.queue(&deadlines::reminder(game, color, wants_dm), now, now)?;
        rows.keep_reminded(game.id)?;
        swept.reminded.push(game.id);
    }
    Ok(swept)
}
