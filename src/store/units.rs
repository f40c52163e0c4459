//! Units of work, written once for every database: each reads what a decision needs through
//! [`Rows`], lets the domain decide ([`crate::domain`]), and keeps what it decided, all inside
//! the caller's transaction. The database only provides the rows.

use super::port::Rows;
use super::{Ending, Game, GameId, Result, TournamentId};
use crate::domain::lifecycle::{self, Effect, Event};
use crate::domain::{TournamentError, deadlines, end_game};
use crate::rules::Color;

/// Ends game `id` with `ending` at `now`: the game's row, both players' records and ratings
/// when they change ([`end_game`]), and, for a tournament game, its board and round
/// ([`lifecycle::board_ended`]). Returns the game as kept.
///
/// # Errors
/// [`super::StoreError::GameNotActive`] for a game over already; the database's.
pub fn finish(rows: &mut impl Rows, id: GameId, ending: Ending, now: i64) -> Result<Game> {
    let game = rows.game(id)?;
    let records = [
        rows.player(game.guild_id, game.white_id)?,
        rows.player(game.guild_id, game.black_id)?,
    ];
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
