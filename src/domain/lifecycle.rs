//! The tournament lifecycle, pure: an [`Event`] (a tournament with its players and boards) and
//! a request or a happening in; the event as it is after, and the [`Effect`]s (log entries,
//! notices) out. The store loads the event, calls one of these functions, writes back what
//! changed and queues the effects, all in one transaction: what happens next is decided here
//! only.
//!
//! The rules are those of issue 22 and the FIDE handbook where it applies: a Swiss is paired
//! round by round (C.04.3), a round-robin from Berger tables (C.05 Annex 1), a game that was
//! not played is a forfeit (C.04.1), a player who loses on time without moving is a no-show
//! and withdrawn.

use super::{
    Board, BoardResult, EndReason, Ending, Entrant, EntrantStatus, Format, Game, GameId,
    GameResult, GameStatus, MAX_PLAYERS, NewNotice, NoticeKind, Pace, PairingId, Tournament,
    TournamentError, TournamentStatus, Via, board_result_of,
};
use crate::rules::Color;

type Result<T, E = TournamentError> = std::result::Result<T, E>;

/// The fewest players a Swiss starts with.
pub const SWISS_MIN_PLAYERS: u32 = 4;

/// The fewest players a round-robin starts with.
pub const ROUND_ROBIN_MIN_PLAYERS: u32 = 3;

/// The most players a round-robin takes (its table grows as the square).
pub const ROUND_ROBIN_MAX_PLAYERS: u32 = 20;

/// A tournament with everything its lifecycle decides on.
#[derive(Clone, Debug, PartialEq)]
pub struct Event {
    /// The event.
    pub tournament: Tournament,
    /// Its players, by starting number, then joining order.
    pub entrants: Vec<Entrant>,
    /// Its boards, by round and board. A board made by [`pair_round`] has the id
    /// [`UNSAVED`] until the store gives it one.
    pub boards: Vec<Board>,
    /// The users who left it once (left before the start, withdrew, were removed or were a
    /// no-show), as its log tells: a request of theirs is answered "you left", not "you never
    /// joined".
    pub left: Vec<u64>,
}

/// The id of a board not stored yet: the store's ids start at 1.
pub const UNSAVED: PairingId = PairingId(0);

/// What a decision asks the store to do beside keeping the event's new state, in this order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// An entry in the director's log.
    Log {
        /// Who did it (`None`: the bot).
        user: Option<u64>,
        /// What (`join`, `start`, `pair`, …).
        action: String,
        /// Its detail (a user id, a round, …).
        detail: String,
    },
    /// The announcement is redrawn (players, state, buttons), unless a redraw is waiting
    /// already: it draws the event as it is when delivered.
    Announce,
    /// A notice, due at `due` (unix seconds).
    Notice {
        /// The notice.
        notice: NewNotice,
        /// When it is due.
        due: i64,
    },
    /// Board `board` of round `round` (just paired) gets its game: its thread is started by
    /// the notice this queues.
    StartBoard {
        /// The round.
        round: u32,
        /// The board.
        board: u32,
    },
    /// The next round, queued for later (a schedule), is due now; queued now if none waits.
    RoundNow,
    /// A round waiting to be paired is paired no more.
    DropRound,
}

/// Who redraws the announcement after a change of its players.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Redraw {
    /// The outbox (a command's answer is a message of its own).
    Queue,
    /// The caller's answer: a click on the announcement's button edits that very message, so
    /// a queued redraw would edit it a second time.
    ByCaller,
}

/// The planned rounds of a tournament of `players` when none were asked for: a round-robin's
/// from its Berger table; a Swiss gets ⌈log₂ n⌉ + 1, at most n − 1 (enough to find a clear
/// winner, as lichess suggests).
pub fn default_rounds(format: Format, players: u32) -> u32 {
    use crate::pairing::berger::{Cycles, rounds};
    match format {
        Format::RoundRobin => rounds(players, Cycles::Single),
        Format::DoubleRoundRobin => rounds(players, Cycles::Double),
        Format::Swiss => {
            let log = u32::BITS - players.saturating_sub(1).leading_zeros();
            (log + 1).min(players.saturating_sub(1)).max(1)
        }
    }
}

/// The round a player joining `t` now would play first, if `t` takes players: every format
/// before its start (round 1); a running Swiss until more than half its rounds have begun
/// (from the next round, with half a point for each round missed).
pub fn joins_from(t: &Tournament) -> Option<u32> {
    match t.status {
        TournamentStatus::Open => Some(1),
        TournamentStatus::Running
            if t.format == Format::Swiss && t.rounds.is_some_and(|r| 2 * t.current_round <= r) =>
        {
            Some(t.current_round + 1)
        }
        _ => None,
    }
}

impl Event {
    /// Whether `user` still plays (not withdrawn, removed or a no-show).
    fn playing(&self, user: u64) -> bool {
        self.entrants
            .iter()
            .any(|e| e.user_id == user && e.status == EntrantStatus::Playing)
    }

    /// Whether every board of `round` has its result.
    pub fn round_over(&self, round: u32) -> bool {
        self.boards
            .iter()
            .filter(|b| b.round == round)
            .all(|b| b.result.is_some())
    }

    /// The players still playing.
    fn active_players(&self) -> usize {
        self.entrants
            .iter()
            .filter(|e| e.status == EntrantStatus::Playing)
            .count()
    }

    /// The refusal for `user`, asked for by `by`, who is not (or no longer) playing.
    fn not_in(&self, user: u64, by: u64) -> TournamentError {
        let id = self.tournament.id;
        if by != user {
            TournamentError::NotJoined(id)
        } else if self.left.contains(&user) {
            TournamentError::YouLeft(id)
        } else {
            TournamentError::YouNeverJoined(id)
        }
    }
}

/// A log entry, with the announcement's redraw for every logged change but a result (players,
/// state and buttons show on it).
fn log(effects: &mut Vec<Effect>, user: Option<u64>, action: &str, detail: String, redraw: Redraw) {
    effects.push(Effect::Log {
        user,
        action: action.to_owned(),
        detail,
    });
    if redraw == Redraw::Queue && !matches!(action, "create" | "adjudicate" | "extra-time") {
        effects.push(Effect::Announce);
    }
}

/// A notice about the event, for its channel, due at `due`.
fn notice(t: &Tournament, kind: NoticeKind, round: Option<u32>, due: i64) -> Effect {
    Effect::Notice {
        notice: NewNotice {
            kind,
            tournament_id: Some(t.id),
            ply: round,
            via: Via::Channel,
            ..NewNotice::default()
        },
        due,
    }
}

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
/// Removed before the start, they are simply gone.
///
/// # Errors
/// [`TournamentError::Over`]; [`TournamentError::NotJoined`] (asked by the director),
/// [`TournamentError::YouLeft`] or [`TournamentError::YouNeverJoined`] (asked by `user`).
pub fn withdraw(
    ev: &mut Event,
    user: u64,
    status: EntrantStatus,
    by: u64,
    redraw: Redraw,
) -> Result<Vec<Effect>> {
    let t = &ev.tournament;
    match t.status {
        TournamentStatus::Finished | TournamentStatus::Cancelled => {
            return Err(TournamentError::Over(t.id));
        }
        TournamentStatus::Open => {
            let Some(i) = ev.entrants.iter().position(|e| e.user_id == user) else {
                return Err(ev.not_in(user, by));
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
                return Err(ev.not_in(user, by));
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
fn after_result(ev: &mut Event, round: u32, now: i64) -> Vec<Effect> {
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
