//! [`TournamentRecords`] on SQLite.

use async_trait::async_trait;

use crate::rules::Color;
use crate::store::api::TournamentRecords;
use crate::store::{
    AsyncStore, Board, BoardResult, Entrant, EntrantStatus, Game, GameId, LogEntry, NewTournament,
    PairingId, Redraw, Result, Tournament, TournamentError, TournamentId,
};

#[async_trait]
impl TournamentRecords for AsyncStore {
    async fn create_tournament(&self, new: NewTournament) -> Result<Tournament> {
        self.call(move |s| s.create_tournament(&new)).await
    }

    async fn tournament(&self, id: TournamentId) -> Result<Tournament> {
        self.call(move |s| s.tournament(id)).await
    }

    async fn tournament_in_channel(&self, channel_id: u64) -> Result<Option<Tournament>> {
        self.call(move |s| s.tournament_in_channel(channel_id))
            .await
    }

    async fn tournament_whole(
        &self,
        id: TournamentId,
    ) -> Result<(Tournament, Vec<Entrant>, Vec<Board>)> {
        self.call(move |s| s.tournament_whole(id)).await
    }

    async fn tournaments_in(&self, guild_id: u64, limit: u32) -> Result<Vec<Tournament>> {
        self.call(move |s| s.tournaments_in(guild_id, limit)).await
    }

    async fn tournament_log(&self, id: TournamentId) -> Result<Vec<LogEntry>> {
        self.call(move |s| s.tournament_log(id)).await
    }

    async fn tournaments_of(
        &self,
        guild_id: u64,
        user_id: u64,
        limit: u32,
    ) -> Result<Vec<TournamentId>> {
        self.call(move |s| s.tournaments_of(guild_id, user_id, limit))
            .await
    }

    async fn join_tournament(
        &self,
        id: TournamentId,
        guild_id: u64,
        user_id: u64,
        now: i64,
        redraw: Redraw,
    ) -> Result<Entrant> {
        self.call(move |s| {
            s.unit(|s| {
                let rating = s
                    .player(guild_id, user_id)?
                    .map_or(crate::ratings::START.rating, |p| p.rating_at(now).rating);
                s.join_tournament_then(id, user_id, rating, now, redraw)
            })
        })
        .await
    }

    async fn withdraw(
        &self,
        id: TournamentId,
        user_id: u64,
        status: EntrantStatus,
        by: u64,
        now: i64,
        redraw: Redraw,
    ) -> Result<()> {
        self.call(move |s| s.withdraw_then(id, user_id, status, by, now, redraw))
            .await
    }

    async fn start_tournament(
        &self,
        id: TournamentId,
        by: Option<u64>,
        initial_colour: Color,
        now: i64,
    ) -> Result<Tournament> {
        self.call(move |s| s.start_tournament(id, by, initial_colour, now))
            .await
    }

    async fn tournaments_due(&self, now: i64) -> Result<Vec<TournamentId>> {
        self.call(move |s| s.tournaments_due(now)).await
    }

    async fn cancel_tournament(&self, id: TournamentId, by: u64, now: i64) -> Result<Tournament> {
        self.call(move |s| s.cancel_tournament(id, by, now)).await
    }

    async fn pause_tournament(
        &self,
        id: TournamentId,
        paused: bool,
        by: u64,
        now: i64,
    ) -> Result<Tournament> {
        self.call(move |s| s.pause_tournament(id, paused, by, now))
            .await
    }

    async fn next_round_now(&self, id: TournamentId, by: u64, now: i64) -> Result<()> {
        self.call(move |s| s.next_round_now(id, by, now)).await
    }

    async fn adjudicate_game(
        &self,
        id: TournamentId,
        game: GameId,
        result: BoardResult,
        by: u64,
        now: i64,
    ) -> Result<Board> {
        self.call(move |s| {
            s.unit(|s| {
                let (_, _, boards) = s.tournament_whole(id)?;
                let board = boards
                    .iter()
                    .find(|b| b.game_id == Some(game))
                    .ok_or(TournamentError::NotInTournament(id))?;
                s.adjudicate(id, board.id, result, by, now)
            })
        })
        .await
    }

    async fn extend_deadline(&self, game: GameId, now: i64) -> Result<Game> {
        self.call(move |s| s.extend_deadline(game, now)).await
    }

    async fn set_tournament_message(&self, id: TournamentId, message_id: u64) -> Result<()> {
        self.call(move |s| s.set_tournament_message(id, message_id))
            .await
    }

    async fn finish_unpairable(&self, id: TournamentId, now: i64) -> Result<()> {
        self.call(move |s| s.finish_unpairable(id, now)).await
    }

    async fn pair_round(
        &self,
        id: TournamentId,
        round: u32,
        boards: Vec<(u64, Option<u64>)>,
        all_at_once: bool,
        now: i64,
    ) -> Result<Vec<Board>> {
        self.call(move |s| s.pair_round(id, round, &boards, all_at_once, now))
            .await
    }

    async fn board(&self, id: PairingId) -> Result<Option<Board>> {
        self.call(move |s| s.board(id)).await
    }

    async fn start_board_game(&self, pairing: PairingId, thread_id: u64, now: i64) -> Result<Game> {
        self.call(move |s| s.start_board_game(pairing, thread_id, now))
            .await
    }
}
