//! The director's controls of a running event: pause and resume, the next round now, cancel;
//! and the end of an event whose next round has no legal pairing.

use super::{Effect, Event, Redraw, Result, log, notice};
use crate::domain::{NoticeKind, TournamentError, TournamentStatus};

/// The director `by` pauses (`paused`) or resumes the running event at `now`. Resuming after
/// a round that is over queues the next one.
///
/// # Errors
/// [`TournamentError::NotRunning`]; [`TournamentError::Unchanged`].
pub fn pause(ev: &mut Event, paused: bool, by: u64, now: i64) -> Result<Vec<Effect>> {
    let t = &mut ev.tournament;
    if t.status != TournamentStatus::Running {
        return Err(TournamentError::NotRunning(t.id));
    }
    if t.paused == paused {
        return Err(TournamentError::Unchanged(t.id));
    }
    t.paused = paused;
    let action = if paused { "pause" } else { "resume" };
    let mut effects = vec![];
    log(&mut effects, Some(by), action, String::new(), Redraw::Queue);
    let t = &ev.tournament;
    if !paused && ev.round_over(t.current_round) {
        effects.push(notice(t, NoticeKind::TournamentRound, None, now));
    }
    Ok(effects)
}

/// The director `by` starts the next round now: every game of the current round must be over
/// (finished or adjudicated). A round queued for later is due now instead.
///
/// # Errors
/// [`TournamentError::NotRunning`]; [`TournamentError::RoundNotOver`];
/// [`TournamentError::NoMoreRounds`].
pub fn next_round_now(ev: &Event, by: u64) -> Result<Vec<Effect>> {
    let t = &ev.tournament;
    if t.status != TournamentStatus::Running {
        return Err(TournamentError::NotRunning(t.id));
    }
    if !ev.round_over(t.current_round) {
        return Err(TournamentError::RoundNotOver {
            id: t.id,
            round: t.current_round,
        });
    }
    if t.rounds.is_some_and(|r| t.current_round >= r) {
        return Err(TournamentError::NoMoreRounds(t.id));
    }
    let mut effects = vec![Effect::RoundNow];
    log(
        &mut effects,
        Some(by),
        "next-round",
        String::new(),
        Redraw::Queue,
    );
    Ok(effects)
}

/// The director `by` cancels the event at `now`: games in play go on, but no round follows.
///
/// # Errors
/// [`TournamentError::Over`].
pub fn cancel(ev: &mut Event, by: u64, now: i64) -> Result<Vec<Effect>> {
    let t = &mut ev.tournament;
    if matches!(
        t.status,
        TournamentStatus::Finished | TournamentStatus::Cancelled
    ) {
        return Err(TournamentError::Over(t.id));
    }
    t.status = TournamentStatus::Cancelled;
    t.finished_at = Some(now);
    let mut effects = vec![Effect::DropRound];
    log(
        &mut effects,
        Some(by),
        "cancel",
        String::new(),
        Redraw::Queue,
    );
    Ok(effects)
}

/// The next round of the running event has no legal pairing (C.04.3's absolute criteria): it
/// ends at `now` after the rounds played, logged, with its final standings. Nothing for an
/// event not running.
pub fn finish_unpairable(ev: &mut Event, now: i64) -> Vec<Effect> {
    let t = &mut ev.tournament;
    if t.status != TournamentStatus::Running {
        return vec![];
    }
    t.status = TournamentStatus::Finished;
    t.finished_at = Some(now);
    t.rounds = Some(t.current_round);
    let mut effects = vec![];
    log(
        &mut effects,
        None,
        "finish",
        "no legal pairing".to_owned(),
        Redraw::Queue,
    );
    effects.push(notice(t, NoticeKind::TournamentStandings, Some(0), now));
    effects
}
