//! The tournament director's tools: start, cancel, pause, the next round now, a player
//! removed, a result adjudicated, extra time; and the scheduled starts.

use crate::store::{
    Board, BoardResult, EntrantStatus, GameId, Redraw, Tournament, TournamentError, TournamentId,
};

use std::sync::Arc;

use crate::service::context::Context;
use crate::service::{Place, Result, User};

use super::part::Tournaments;
use super::views::TournamentView;

/// A tournament director's tools: start, cancel, pause, the next round now, a player removed,
/// a result adjudicated, extra time; and the start of tournaments whose time has come.
#[derive(Clone)]
pub struct Director {
    pub(in crate::service) context: Arc<Context>,
    /// The tournaments, which the director's tools act on and show.
    pub(in crate::service) tournaments: Tournaments,
}

impl Director {
    /// The part on `context`, with [`Tournaments`].
    pub(in crate::service) fn new(context: Arc<Context>, tournaments: Tournaments) -> Director {
        Director {
            context,
            tournaments,
        }
    }
}

// The use cases read the shared context as their own (`self.store`, `self.now()`): written
// once, whichever part they belong to.
impl std::ops::Deref for Director {
    type Target = Context;

    fn deref(&self) -> &Context {
        &self.context
    }
}

impl Director {
    /// The tournament of `place` (or `id`) when `user` directs it.
    async fn directed(
        &self,
        place: Place,
        user: &User,
        id: Option<TournamentId>,
    ) -> Result<Tournament> {
        let t = self.tournaments.find_tournament(place, id).await?;
        if t.director_id != user.id {
            return Err(TournamentError::NotDirector(t.id).into());
        }
        Ok(t)
    }

    /// The director starts the tournament: starting numbers, planned rounds, and round 1 is
    /// queued for pairing. Starting twice (two clicks at once) starts it once.
    ///
    /// # Errors
    /// [`TournamentError::NotDirector`]; [`TournamentError::AlreadyStarted`];
    /// [`TournamentError::TooFewPlayers`].
    pub async fn start_tournament(
        &self,
        place: Place,
        user: &User,
        id: Option<TournamentId>,
    ) -> Result<TournamentView> {
        let t = self.directed(place, user, id).await?;
        self.start_now(t.id, Some(user.id)).await
    }

    async fn start_now(&self, id: TournamentId, by: Option<u64>) -> Result<TournamentView> {
        let (now, colour) = (self.now(), crate::service::coin_toss());
        self.store.start_tournament(id, by, colour, now).await?;
        self.reschedule();
        self.tournaments.tournament_view(id).await
    }

    /// Starts the open tournaments whose start time has come (the sweeper's); one that cannot
    /// start (too few players) is cancelled, and its channel told.
    ///
    /// # Errors
    /// The store's.
    pub async fn start_due_tournaments(&self) -> Result<u32> {
        let now = self.now();
        let due = self.store.tournaments_due(now).await?;
        let mut started = 0;
        for id in due {
            match self.start_now(id, None).await {
                Ok(_) => started += 1,
                Err(e) if e.for_users() => {
                    tracing::info!(tournament = id.0, error = %e, "not enough players at the start time: cancelled");
                    let director = self.store.tournament(id).await?.director_id;
                    self.store.cancel_tournament(id, director, now).await?;
                }
                Err(e) => return Err(e),
            }
        }
        Ok(started)
    }

    /// The director cancels the tournament: no more rounds; games in play go on.
    ///
    /// # Errors
    /// [`TournamentError::NotDirector`]; [`TournamentError::Over`].
    pub async fn cancel_tournament(
        &self,
        place: Place,
        user: &User,
        id: Option<TournamentId>,
    ) -> Result<TournamentView> {
        let t = self.directed(place, user, id).await?;
        let (tid, uid, now) = (t.id, user.id, self.now());
        self.store.cancel_tournament(tid, uid, now).await?;
        self.tournaments.tournament_view(tid).await
    }

    /// The director removes `player` from the tournament.
    ///
    /// # Errors
    /// [`TournamentError::NotDirector`]; [`TournamentError::NotJoined`].
    pub async fn remove_player(
        &self,
        place: Place,
        user: &User,
        id: Option<TournamentId>,
        player: u64,
    ) -> Result<TournamentView> {
        let t = self.directed(place, user, id).await?;
        let (tid, uid, now) = (t.id, user.id, self.now());
        self.store
            .withdraw(tid, player, EntrantStatus::Removed, uid, now, Redraw::Queue)
            .await?;
        self.tournaments.tournament_view(tid).await
    }

    /// The director pauses or resumes the tournament.
    ///
    /// # Errors
    /// [`TournamentError::NotDirector`]; [`TournamentError::NotRunning`];
    /// [`TournamentError::Unchanged`].
    pub async fn pause_tournament(
        &self,
        place: Place,
        user: &User,
        id: Option<TournamentId>,
        paused: bool,
    ) -> Result<Tournament> {
        let t = self.directed(place, user, id).await?;
        let (tid, uid, now) = (t.id, user.id, self.now());
        let t = self.store.pause_tournament(tid, paused, uid, now).await?;
        self.reschedule();
        Ok(t)
    }

    /// The director starts the next round now (the current one must be over).
    ///
    /// # Errors
    /// [`TournamentError::NotDirector`]; [`TournamentError::RoundNotOver`].
    pub async fn next_round_now(
        &self,
        place: Place,
        user: &User,
        id: Option<TournamentId>,
    ) -> Result<Tournament> {
        let t = self.directed(place, user, id).await?;
        let (tid, uid, now) = (t.id, user.id, self.now());
        self.store.next_round_now(tid, uid, now).await?;
        self.reschedule();
        Ok(t)
    }

    /// The director sets or corrects the result of `game` (a game of the tournament).
    ///
    /// # Errors
    /// [`TournamentError::NotDirector`]; [`TournamentError::NotInTournament`] for a game of
    /// another event or none.
    pub async fn adjudicate(
        &self,
        place: Place,
        user: &User,
        id: Option<TournamentId>,
        game: GameId,
        result: BoardResult,
    ) -> Result<Board> {
        let t = self.directed(place, user, id).await?;
        let (tid, uid, now) = (t.id, user.id, self.now());
        let board = self
            .store
            .adjudicate_game(tid, game, result, uid, now)
            .await?;
        self.reschedule();
        Ok(board)
    }

    /// The director gives `seconds` more to the player to move in `game` of the tournament.
    ///
    /// # Errors
    /// [`TournamentError::NotDirector`]; [`TournamentError::NotInTournament`]; the store's
    /// (a game over, or without a time limit).
    pub async fn extra_time(
        &self,
        place: Place,
        user: &User,
        id: Option<TournamentId>,
        game: GameId,
    ) -> Result<crate::store::Game> {
        let t = self.directed(place, user, id).await?;
        let g = self.store.game(game).await?;
        if g.tournament_id != Some(t.id) {
            return Err(TournamentError::NotInTournament(t.id).into());
        }
        let now = self.now();
        Ok(self.store.extend_deadline(game, now).await?)
    }
}
