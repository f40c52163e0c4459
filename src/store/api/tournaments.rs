//! The tournaments area.

use async_trait::async_trait;

use crate::rules::Color;
use crate::store::{
    Board, BoardResult, Entrant, EntrantStatus, Game, GameId, LogEntry, NewTournament, PairingId,
    Redraw, Result, Tournament, TournamentId,
};

/// Tournaments: their entrants, rounds and boards, and every step of their lifecycle.
///
/// A second implementation guarantees, besides the module's rules: each lifecycle step (join,
/// withdraw, start, pair a round, adjudicate, pause, cancel, next round) is one transaction
/// that reads the tournament, lets [`crate::domain::lifecycle`] decide (through the units of
/// [`crate::store::units`]), and keeps the decision with its log entry and its notices;
/// two directors doing the same step at once do it once (the second is refused with the
/// `StoreError::Tournament` the domain gives). Entrants come in starting-number order, boards
/// by round then board number.
#[async_trait]
pub trait TournamentRecords: Send + Sync {
    /// Keeps the new tournament `new`.
    async fn create_tournament(&self, new: NewTournament) -> Result<Tournament>;

    /// Tournament `id`. Errors: `StoreError::Tournament(NoSuchTournament)`.
    async fn tournament(&self, id: TournamentId) -> Result<Tournament>;

    /// The tournament announced in channel `channel_id`, if any.
    async fn tournament_in_channel(&self, channel_id: u64) -> Result<Option<Tournament>>;

    /// Tournament `id` with its entrants and boards, in one read.
    async fn tournament_whole(
        &self,
        id: TournamentId,
    ) -> Result<(Tournament, Vec<Entrant>, Vec<Board>)>;

    /// At most `limit` tournaments of `guild_id`, newest first.
    async fn tournaments_in(&self, guild_id: u64, limit: u32) -> Result<Vec<Tournament>>;

    /// The log of tournament `id`, oldest first.
    async fn tournament_log(&self, id: TournamentId) -> Result<Vec<LogEntry>>;

    /// At most `limit` tournaments `user_id` played on `guild_id`, newest first.
    async fn tournaments_of(
        &self,
        guild_id: u64,
        user_id: u64,
        limit: u32,
    ) -> Result<Vec<TournamentId>>;

    /// `user_id` joins tournament `id` of server `guild_id` with their rating there at `now`;
    /// the announcement is redrawn as `redraw` says.
    async fn join_tournament(
        &self,
        id: TournamentId,
        guild_id: u64,
        user_id: u64,
        now: i64,
        redraw: Redraw,
    ) -> Result<Entrant>;

    /// `user_id` leaves tournament `id` as `status` says (withdrawn by themselves, or removed
    /// by the director `by`); the announcement is redrawn as `redraw` says.
    async fn withdraw(
        &self,
        id: TournamentId,
        user_id: u64,
        status: EntrantStatus,
        by: u64,
        now: i64,
        redraw: Redraw,
    ) -> Result<()>;

    /// Starts tournament `id` (`by` the director, `None` at its set time), the top seed
    /// playing `initial_colour` in round 1.
    async fn start_tournament(
        &self,
        id: TournamentId,
        by: Option<u64>,
        initial_colour: Color,
        now: i64,
    ) -> Result<Tournament>;

    /// The tournaments whose next step (start, pairing, next round) is due at `now`.
    async fn tournaments_due(&self, now: i64) -> Result<Vec<TournamentId>>;

    /// The director `by` cancels tournament `id`.
    async fn cancel_tournament(&self, id: TournamentId, by: u64, now: i64) -> Result<Tournament>;

    /// The director `by` pauses (`paused`) or resumes tournament `id`.
    async fn pause_tournament(
        &self,
        id: TournamentId,
        paused: bool,
        by: u64,
        now: i64,
    ) -> Result<Tournament>;

    /// The director `by` asks for tournament `id`'s next round now.
    async fn next_round_now(&self, id: TournamentId, by: u64, now: i64) -> Result<()>;

    /// The director `by` sets the result of game `game` of tournament `id`. Errors:
    /// `NotInTournament` when the game is not one of its boards.
    async fn adjudicate_game(
        &self,
        id: TournamentId,
        game: GameId,
        result: BoardResult,
        by: u64,
        now: i64,
    ) -> Result<Board>;

    /// The director gives both players of tournament game `game` a new deadline from `now`.
    async fn extend_deadline(&self, game: GameId, now: i64) -> Result<Game>;

    /// Notes the message `message_id` that announces tournament `id`.
    async fn set_tournament_message(&self, id: TournamentId, message_id: u64) -> Result<()>;

    /// Tournament `id` cannot be paired any more: it finishes.
    async fn finish_unpairable(&self, id: TournamentId, now: i64) -> Result<()>;

    /// Keeps round `round` of tournament `id` as paired: `boards` are (white, black) user
    /// ids, black `None` for a bye; `all_at_once` starts every game now.
    async fn pair_round(
        &self,
        id: TournamentId,
        round: u32,
        boards: Vec<(u64, Option<u64>)>,
        all_at_once: bool,
        now: i64,
    ) -> Result<Vec<Board>>;

    /// Board `id`, if it exists.
    async fn board(&self, id: PairingId) -> Result<Option<Board>>;

    /// Starts the game of board `pairing` in thread `thread_id`.
    async fn start_board_game(&self, pairing: PairingId, thread_id: u64, now: i64) -> Result<Game>;
}
