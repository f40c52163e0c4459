//! Who plays: joining (late too), leaving before the start, withdrawing or being removed.

use super::joins_from;
use super::{Effect, Event, Redraw, Result, log};
use crate::domain::{Entrant, EntrantStatus, MAX_PLAYERS, TournamentError, TournamentStatus};

/// `user` joins with `rating` (for the seeding) at `now`, as [`joins_from`] allows; the new
/// entrant is the last of `ev.entrants`.
///
/// # Errors
/// [`TournamentError::AlreadyJoined`], [`TournamentError::JoinClosed`],
/// [`TournamentError::Full`] (at `max_players`, or [`MAX_PLAYERS`]).
pub fn join(
    ev: &mut Event,
    user: u64,
    rating: f64,
    now: i64,
    redraw: Redraw,
) -> Result<Vec<Effect>> {
    let t = &ev.tournament;
    if ev.entrants.iter().any(|e| e.user_id == user) {
        return Err(TournamentError::AlreadyJoined(t.id));
    }
    let first_round = joins_from(t).ok_or(TournamentError::JoinClosed(t.id))?;
    let number = (t.status == TournamentStatus::Running).then(|| {
        ev.entrants
            .iter()
            .filter_map(|e| e.number)
            .max()
            .unwrap_or(0)
            + 1
    });
    let max = t.max_players.unwrap_or(MAX_PLAYERS).min(MAX_PLAYERS);
    if ev.entrants.len() as u32 >= max {
        return Err(TournamentError::Full(t.id));
    }
    ev.entrants.push(Entrant {
        user_id: user,
        number,
        rating,
        joined_at: now,
        first_round,
        status: EntrantStatus::Playing,
        left_after: None,
    });
    let mut effects = vec![];
    log(&mut effects, Some(user), "join", String::new(), redraw);
    Ok(effects)
}

/// `user` leaves before the start.
///
/// # Errors
/// [`TournamentError::AlreadyStarted`] (a running event is left by [`withdraw`]);
/// [`TournamentError::NotJoined`].
pub fn leave(ev: &mut Event, user: u64) -> Result<Vec<Effect>> {
    let id = ev.tournament.id;
    if ev.tournament.status != TournamentStatus::Open {
        return Err(TournamentError::AlreadyStarted(id));
    }
    let before = ev.entrants.len();
    ev.entrants.retain(|e| e.user_id != user);
    if ev.entrants.len() == before {
        return Err(TournamentError::NotJoined(id));
    }
    let mut effects = vec![];
    log(
        &mut effects,
        Some(user),
        "leave",
        String::new(),
        Redraw::Queue,
    );
    Ok(effects)
}

/// `user` leaves the running event (`status` [`EntrantStatus::Withdrawn`]), or the director
/// `by` removes them ([`EntrantStatus::Removed`]): their games count, they are paired no more.
/// Removed before the start, they are simply gone. `left`: the users who left the event once
/// (left before the start, withdrew, were removed or were a no-show), as its log tells, so
/// that a request of theirs is answered "you left", not "you never joined".
///
/// # Errors
/// [`TournamentError::Over`]; [`TournamentError::NotJoined`] (asked by the director),
/// [`TournamentError::YouLeft`] or [`TournamentError::YouNeverJoined`] (asked by `user`).
pub fn withdraw(
    ev: &mut Event,
    user: u64,
    status: EntrantStatus,
    by: u64,
    left: &[u64],
    redraw: Redraw,
) -> Result<Vec<Effect>> {
    let t = &ev.tournament;
    match t.status {
        TournamentStatus::Finished | TournamentStatus::Cancelled => {
            return Err(TournamentError::Over(t.id));
        }
        TournamentStatus::Open => {
            let Some(i) = ev.entrants.iter().position(|e| e.user_id == user) else {
                return Err(ev.not_in(user, by, left));
            };
            ev.entrants.remove(i);
        }
        TournamentStatus::Running => {
            let round = t.current_round;
            let Some(e) = ev
                .entrants
                .iter_mut()
                .find(|e| e.user_id == user && e.status == EntrantStatus::Playing)
            else {
                return Err(ev.not_in(user, by, left));
            };
            e.status = status;
            e.left_after = Some(round);
        }
    }
    let mut effects = vec![];
    log(
        &mut effects,
        Some(by),
        status.as_str(),
        user.to_string(),
        redraw,
    );
    Ok(effects)
}
