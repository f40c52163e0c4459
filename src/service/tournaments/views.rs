//! What the tournament use cases answer with: options, views of an event, its rounds and
//! boards, its standings and its news.

use crate::pairing::tiebreak;
use crate::rules::{Color, Rules};
use crate::store::{
    Board, Entrant, EntrantStatus, Format, Pace, TimeControl, Tournament, TournamentStatus,
};

use crate::service::Named;

/// What `/focus tournament create` asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentOptions {
    /// The name (1 to [`super::MAX_NAME`] characters).
    pub name: String,
    /// Swiss or round-robin.
    pub format: Format,
    /// The rounds of a Swiss (`None`: chosen from the players at the start).
    pub rounds: Option<u32>,
    /// The games' time control.
    pub time_control: TimeControl,
    /// The games' rules.
    pub rules: Rules,
    /// Counted on the server's ladder (default on).
    pub rated: bool,
    /// It starts on its own this many hours after its creation (1 to [`super::MAX_START_HOURS`]);
    /// `None`: when the director starts it.
    pub starts_in_hours: Option<u32>,
    /// The most players.
    pub max_players: Option<u32>,
    /// How rounds follow each other.
    pub pace: Pace,
    /// Days between scheduled rounds ([`Pace::Schedule`]).
    pub round_every_days: Option<u32>,
}

/// Who may do what in a tournament command.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Rights {
    /// May create tournaments here (Manage Server, or the server's tournament role).
    pub create: bool,
}

/// A tournament and its players, for its announcement.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentView {
    /// The event.
    pub tournament: Tournament,
    /// Its players: by starting number once started, else by joining order.
    pub players: Vec<Participant>,
}

/// A player of a tournament, with their name.
#[derive(Clone, Debug, PartialEq)]
pub struct Participant {
    /// The user.
    pub user: Named,
    /// Their entry.
    pub entrant: Entrant,
}

/// One board of a round, for the pairings' post.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardView {
    /// The board.
    pub board: Board,
    /// White (or the bye's player).
    pub white: Named,
    /// Black; `None` for the bye.
    pub black: Option<Named>,
    /// The channel (thread) of its game, once started.
    pub channel: Option<u64>,
}

/// A round's pairings.
#[derive(Clone, Debug, PartialEq)]
pub struct RoundView {
    /// The event.
    pub tournament: Tournament,
    /// The round.
    pub round: u32,
    /// Its boards, the bye last.
    pub boards: Vec<BoardView>,
}

/// How a round went for one player, as the standings show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cell {
    /// A game: the opponent's rank in the table, the player's colour, the result for the
    /// player (`None` while in play) and whether it was a forfeit.
    Game {
        /// The opponent's rank in the table: every rank is a row's own, so this names one
        /// row.
        opponent: u32,
        /// The player's colour.
        colour: Color,
        /// Half points scored (2, 1, 0), `None` while in play.
        half_points: Option<u32>,
        /// Not played over the board.
        forfeit: bool,
    },
    /// The pairing-allocated bye of a Swiss, with its points.
    Bye {
        /// Half points.
        half_points: u32,
    },
    /// A round-robin's rest: the player meets the Berger table's empty slot (no game, no
    /// points, not a loss).
    Rest,
    /// A round missed by a late joiner (half a point).
    Missed,
    /// Not paired: absent, withdrawn.
    Absent,
    /// A round not yet paired.
    Future,
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct StandingRow {
    /// The place, from 1: the line's own, in the one order of the table (score, then the
    /// tie-breaks, then the starting number), which the text, the picture and the podium all
    /// follow.
    pub rank: u32,
    /// Score and every tie-break equal to the line above: only the starting number orders
    /// them.
    pub shared: bool,
    /// The player.
    pub user: Named,
    /// Their starting number.
    pub number: u32,
    /// The score, in half points.
    pub half_points: u32,
    /// The tie-breaks, in points, in the order of [`Standings::tie_breaks`].
    pub tie_breaks: Vec<f64>,
    /// One cell per planned round.
    pub cells: Vec<Cell>,
    /// Playing, or gone.
    pub status: EntrantStatus,
}

/// A tournament as a TRF-16 file ([`super::Tournaments::export_trf_file`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfExport {
    /// The file's text.
    pub text: String,
    /// The rounds in progress, whose pairings the file lists outside the player lines.
    pub in_progress: Vec<u32>,
}

/// The standings of a tournament.
#[derive(Clone, Debug, PartialEq)]
pub struct Standings {
    /// The event.
    pub tournament: Tournament,
    /// The rounds counted: rounds 1 to this one, every game of them over. Later rounds (one
    /// in play, a bye already given) are not counted, so standings "after round N" are the
    /// same whenever they are drawn.
    pub complete_rounds: u32,
    /// The tie-breaks, in order (C.07).
    pub tie_breaks: Vec<tiebreak::TieBreak>,
    /// The lines, best first.
    pub rows: Vec<StandingRow>,
}

impl Standings {
    /// The podium: the table's first three lines, gold, silver and bronze, in the table's one
    /// order (the text and the picture both show it so).
    pub fn podium(&self) -> &[StandingRow] {
        &self.rows[..self.rows.len().min(3)]
    }

    /// The final standings: the event is over and every round it paired is counted.
    pub fn is_final(&self) -> bool {
        self.tournament.status == TournamentStatus::Finished
            && self.complete_rounds >= self.tournament.current_round
    }
}

/// What the outbox carries for a tournament (the service makes it; the adapter puts it in
/// words and pictures).
#[derive(Clone, Debug, PartialEq)]
pub enum TournamentNews {
    /// A round's pairings are out.
    Paired(RoundView),
    /// A round is over: the standings.
    RoundOver(Standings),
    /// The event is over: the final standings, with the podium.
    Finished(Standings),
}
