//! The rounds: the start, each round's pairing, each game's result, the round's end and the
//! event's, and the director's adjudications.

use super::{Effect, Event, Redraw, Result, log, notice};
use super::{
    ROUND_ROBIN_MAX_PLAYERS, ROUND_ROBIN_MIN_PLAYERS, SWISS_MIN_PLAYERS, UNSAVED, default_rounds,
};
use crate::domain::{
    Board, BoardResult, EndReason, Ending, EntrantStatus, Format, Game, GameId, GameResult,
    GameStatus, NewNotice, NoticeKind, Pace, PairingId, TournamentError, TournamentStatus, Via,
    board_result_of,
};
use crate::rules::Color;

/// Starts the open event at `now`, `by` its director (`None`: its start time came): starting
/// numbers by rating (highest first), then by joining order; the planned rounds
/// ([`default_rounds`] unless a Swiss asked for some); the colour of the top seed in round 1.
/// The pairing of round 1 is queued.
///
/// # Errors
/// [`TournamentError::AlreadyStarted`] (only an open event starts, so two directors starting it
/// at once start it once); [`TournamentError::TooFewPlayers`] ([`SWISS_MIN_PLAYERS`],
/// [`ROUND_ROBIN_MIN_PLAYERS`]); [`TournamentError::TooManyPlayers`]
/// ([`ROUND_ROBIN_MAX_PLAYERS`]).
pub fn start(
    ev: &mut Event,
    by: Option<u64>,
    initial_colour: Color,
    now: i64,
) -> Result<Vec<Effect>> {
    let t = &mut ev.tournament;
    let id = t.id;
    if t.status != TournamentStatus::Open {
        return Err(TournamentError::AlreadyStarted(id));
    }
    let players = ev.entrants.len() as u32;
    let needed = match t.format {
        Format::Swiss => SWISS_MIN_PLAYERS,
        _ => ROUND_ROBIN_MIN_PLAYERS,
    };
    if players < needed {
        return Err(TournamentError::TooFewPlayers { id, needed });
    }
    if t.format != Format::Swiss && players > ROUND_ROBIN_MAX_PLAYERS {
        return Err(TournamentError::TooManyPlayers {
            max: ROUND_ROBIN_MAX_PLAYERS,
        });
    }
    ev.entrants.sort_by(|a, b| {
        b.rating
            .total_cmp(&a.rating)
            .then(a.joined_at.cmp(&b.joined_at))
    });
    for (i, e) in ev.entrants.iter_mut().enumerate() {
        e.number = Some(i as u32 + 1);
    }
    let planned = match (t.format, t.rounds) {
        (Format::Swiss, Some(r)) => r,
        (format, _) => default_rounds(format, players),
    };
    t.status = TournamentStatus::Running;
    t.started_at = Some(now);
    t.rounds = Some(planned);
    t.initial_colour = Some(initial_colour);
    let mut effects = vec![];
    log(
        &mut effects,
        by,
        "start",
        players.to_string(),
        Redraw::Queue,
    );
    effects.push(notice(t, NoticeKind::TournamentRound, None, now));
    Ok(effects)
}

/// Round `round` is paired at `now`: `boards` in board order, each White and Black (`None`:
/// the pairing-allocated bye). A round-robin's table pairs a player who has left too: their
/// opponent wins by forfeit, and no game is started (a Swiss pairs only players playing).
/// Each board with a game to play gets [`Effect::StartBoard`]; the round's pairings are
/// posted; a round of byes and forfeits only is over at once. A round-robin played all at once
/// (`all_at_once`) pairs its rounds one after another without waiting for results.
///
/// # Errors
/// [`TournamentError::NotRunning`]; [`TournamentError::RoundPaired`] when `round` does not
/// follow the rounds paired (a repeated pairing after a restart changes nothing);
/// [`TournamentError::NoMoreRounds`]; [`TournamentError::RoundNotOver`].
pub fn pair_round(
    ev: &mut Event,
    round: u32,
    boards: &[(u64, Option<u64>)],
    all_at_once: bool,
    now: i64,
) -> Result<Vec<Effect>> {
    let t = &ev.tournament;
    let id = t.id;
    if t.status != TournamentStatus::Running {
        return Err(TournamentError::NotRunning(id));
    }
    if round != t.current_round + 1 {
        return Err(TournamentError::RoundPaired { id, round });
    }
    if t.rounds.is_some_and(|r| round > r) {
        return Err(TournamentError::NoMoreRounds(id));
    }
    let current = t.current_round;
    if !all_at_once && current > 0 && !ev.round_over(current) {
        return Err(TournamentError::RoundNotOver { id, round: current });
    }
    let mut effects = vec![];
    for (i, &(white, black)) in boards.iter().enumerate() {
        let result = match black {
            None => Some(BoardResult::Bye),
            Some(black) => match (ev.playing(white), ev.playing(black)) {
                (true, true) => None,
                (true, false) => Some(BoardResult::WhiteForfeit),
                (false, true) => Some(BoardResult::BlackForfeit),
                (false, false) => Some(BoardResult::DoubleForfeit),
            },
        };
        let board = i as u32 + 1;
        ev.boards.push(Board {
            id: UNSAVED,
            tournament_id: id,
            round,
            board,
            white_id: white,
            black_id: black,
            game_id: None,
            result,
            adjudicated: false,
        });
        if result.is_none() {
            effects.push(Effect::StartBoard { round, board });
        }
    }
    ev.tournament.current_round = round;
    log(&mut effects, None, "pair", round.to_string(), Redraw::Queue);
    effects.push(notice(
        &ev.tournament,
        NoticeKind::TournamentNews,
        Some(round),
        now,
    ));
    effects.extend(after_result(ev, round, now));
    Ok(effects)
}

/// `game`, a game of the event, has ended at `now`: its board takes the result (unless the
/// director set one), a player who lost on time without moving is withdrawn as a no-show (and
/// told by DM), and the event moves on when the round is over. Nothing for a game of no board
/// of the event.
pub fn board_ended(ev: &mut Event, game: &Game, now: i64) -> Vec<Effect> {
    let Some(board) = ev
        .boards
        .iter_mut()
        .find(|b| b.game_id == Some(game.id) && b.result.is_none())
    else {
        return vec![];
    };
    board.result = Some(board_result_of(game));
    let round = board.round;
    let mut effects = vec![];
    let winner = match game.result {
        Some(GameResult::White) => Some(Color::White),
        Some(GameResult::Black) => Some(Color::Black),
        _ => None,
    };
    if game.reason == Some(EndReason::TimeOut)
        && let Some(winner) = winner
    {
        let loser = !winner;
        // White moves at plies 0, 2, …, Black at 1, 3, ….
        let moved = match loser {
            Color::White => game.ply >= 1,
            Color::Black => game.ply >= 2,
        };
        let user = game.player(loser);
        let entrant = ev
            .entrants
            .iter_mut()
            .find(|e| e.user_id == user && e.status == EntrantStatus::Playing);
        if !moved && let Some(entrant) = entrant {
            entrant.status = EntrantStatus::NoShow;
            entrant.left_after = Some(round);
            log(
                &mut effects,
                None,
                "no-show",
                user.to_string(),
                Redraw::Queue,
            );
            effects.push(Effect::Notice {
                notice: NewNotice {
                    kind: NoticeKind::TournamentNews,
                    tournament_id: Some(ev.tournament.id),
                    user_id: Some(user),
                    ply: Some(round),
                    via: Via::Dm,
                    ..NewNotice::default()
                },
                due: now,
            });
        }
    }
    effects.extend(after_result(ev, round, now));
    effects
}

/// After a result in round `round`: when the round is over, its standings are posted and the
/// next round queued (at once, or at its scheduled time), or the event ends after its last
/// round, or when fewer than two players are left. A round-robin played all at once ends with
/// its last game, whichever round that game is in. Only a running event moves on: a cancelled
/// one stays cancelled while its games end.
pub(super) fn after_result(ev: &mut Event, round: u32, now: i64) -> Vec<Effect> {
    let t = &ev.tournament;
    if t.status != TournamentStatus::Running {
        return vec![];
    }
    if t.pace == Pace::AllAtOnce {
        let paired_all = t.rounds.is_none_or(|r| t.current_round >= r);
        let all_over = ev.boards.iter().all(|b| b.result.is_some());
        return if paired_all && all_over {
            finish(ev, now)
        } else {
            vec![]
        };
    }
    if round != t.current_round || !ev.round_over(round) {
        return vec![];
    }
    if t.rounds.is_some_and(|r| round >= r) || ev.active_players() < 2 {
        return finish(ev, now);
    }
    let mut effects = vec![notice(t, NoticeKind::TournamentStandings, Some(round), now)];
    if t.paused {
        return effects;
    }
    let at = match (t.pace, t.round_every, t.started_at) {
        (Pace::Schedule, Some(every), Some(start)) => start + every * i64::from(round),
        _ => now,
    };
    effects.push(notice(t, NoticeKind::TournamentRound, None, at.max(now)));
    effects
}

/// Ends the running event after its rounds: logged, with its final standings.
fn finish(ev: &mut Event, now: i64) -> Vec<Effect> {
    let t = &mut ev.tournament;
    t.status = TournamentStatus::Finished;
    t.finished_at = Some(now);
    let mut effects = vec![];
    log(&mut effects, None, "finish", String::new(), Redraw::Queue);
    effects.push(notice(t, NoticeKind::TournamentStandings, Some(0), now));
    effects
}

/// What an adjudication decides: the effects, and the ending of the board's game when it is
/// still in play (the store ends it first, with its records).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Adjudicated {
    /// The board's game and how it ends, if it was in play.
    pub ending: Option<(GameId, Ending)>,
    /// The effects, after the game's end.
    pub effects: Vec<Effect>,
}

/// The director `by` sets (or corrects) the result of board `pairing` at `now`: a game in
/// play (`game`, the board's game as stored) ends with it (a win or a draw by adjudication; a
/// forfeit ends it as not played), a finished one keeps its game and the table takes the new
/// result.
///
/// # Errors
/// [`TournamentError::NotInTournament`] for a board of another event, a bye, or a bye as the
/// result; [`TournamentError::NotRunning`].
pub fn adjudicate(
    ev: &mut Event,
    pairing: PairingId,
    result: BoardResult,
    game: Option<&Game>,
    by: u64,
    now: i64,
) -> Result<Adjudicated> {
    let id = ev.tournament.id;
    let Some(board) = ev
        .boards
        .iter_mut()
        .find(|b| b.id == pairing && b.black_id.is_some())
    else {
        return Err(TournamentError::NotInTournament(id));
    };
    if result == BoardResult::Bye {
        return Err(TournamentError::NotInTournament(id));
    }
    if ev.tournament.status != TournamentStatus::Running {
        return Err(TournamentError::NotRunning(id));
    }
    board.result = Some(result);
    board.adjudicated = true;
    let (round, number) = (board.round, board.board);
    let in_play = game.filter(|g| {
        Some(g.id) == board.game_id
            && matches!(g.status, GameStatus::Active | GameStatus::NeedsReview)
    });
    let ending = in_play.map(|g| {
        let reason = EndReason::Adjudication;
        let ending = match result {
            BoardResult::White | BoardResult::WhiteForfeit => Ending::Win {
                winner: Color::White,
                reason,
            },
            BoardResult::Black | BoardResult::BlackForfeit => Ending::Win {
                winner: Color::Black,
                reason,
            },
            BoardResult::Draw => Ending::Draw { reason },
            BoardResult::DoubleForfeit | BoardResult::Bye => Ending::Abort,
        };
        (g.id, ending)
    });
    let mut effects = vec![];
    log(
        &mut effects,
        Some(by),
        "adjudicate",
        format!("round {round} board {number}: {result}"),
        Redraw::Queue,
    );
    effects.extend(after_result(ev, round, now));
    Ok(Adjudicated { ending, effects })
}
