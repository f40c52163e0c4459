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

mod director;
mod entries;
mod rounds;

pub use director::{cancel, finish_unpairable, next_round_now, pause};
pub use entries::{join, leave, withdraw};
pub use rounds::{Adjudicated, adjudicate, board_ended, pair_round, start};

use super::{
    Board, Entrant, EntrantStatus, Format, NewNotice, NoticeKind, PairingId, Tournament,
    TournamentError, TournamentStatus, Via,
};

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
    pub(super) fn playing(&self, user: u64) -> bool {
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
    pub(super) fn active_players(&self) -> usize {
        self.entrants
            .iter()
            .filter(|e| e.status == EntrantStatus::Playing)
            .count()
    }

    /// The refusal for `user`, asked for by `by`, who is not (or no longer) playing; `left`:
    /// the users who left once.
    pub(super) fn not_in(&self, user: u64, by: u64, left: &[u64]) -> TournamentError {
        let id = self.tournament.id;
        if by != user {
            TournamentError::NotJoined(id)
        } else if left.contains(&user) {
            TournamentError::YouLeft(id)
        } else {
            TournamentError::YouNeverJoined(id)
        }
    }
}

/// A log entry, with the announcement's redraw for every logged change but a result (players,
/// state and buttons show on it).
pub(super) fn log(
    effects: &mut Vec<Effect>,
    user: Option<u64>,
    action: &str,
    detail: String,
    redraw: Redraw,
) {
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
pub(super) fn notice(t: &Tournament, kind: NoticeKind, round: Option<u32>, due: i64) -> Effect {
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
