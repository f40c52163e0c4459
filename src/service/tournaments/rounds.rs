//! A tournament's rounds and what is read of them: pairing the next round, the round's and a
//! board's views, a board's game started, standings, the TRF export, the log, and a server's
//! tournament role.

use crate::pairing;
use crate::store::{
    Board, LogEntry, Pace, PairingId, Tournament, TournamentError, TournamentId, TournamentStatus,
};

use super::model::Model;
use crate::service::{Named, Place, Result, ServiceError};

use super::part::{LIST_LIMIT, Tournaments};
use super::tables::{pair_round, rounds_in_progress, standings_after, trf_name};
use super::views::{BoardView, RoundView, Standings, TrfExport};

impl Tournaments {
    /// Remembers the message that announces tournament `id` (it is redrawn after changes).
    ///
    /// # Errors
    /// The store's.
    pub async fn set_tournament_message(&self, id: TournamentId, message: u64) -> Result<()> {
        Ok(self.store.set_tournament_message(id, message).await?)
    }

    /// The role of `guild` whose members may create tournaments, if set.
    ///
    /// # Errors
    /// The store's.
    pub async fn tournament_role(&self, guild: u64) -> Result<Option<u64>> {
        Ok(self.store.server_settings(guild).await?.tournament_role)
    }

    /// Sets the role of `guild` whose members may create tournaments (Manage Server only).
    ///
    /// # Errors
    /// [`ServiceError::NotAManager`]; the store's.
    pub async fn set_tournament_role(&self, guild: u64, manager: bool, role: u64) -> Result<()> {
        if !manager {
            return Err(ServiceError::NotAManager);
        }
        Ok(self.store.set_tournament_role(guild, role).await?)
    }

    /// The tournaments of `place`'s server: open and running first.
    ///
    /// # Errors
    /// [`ServiceError::NotInServer`]; the store's.
    pub async fn tournaments(&self, place: Place) -> Result<Vec<Tournament>> {
        if place.guild_id == 0 {
            return Err(ServiceError::NotInServer);
        }
        let guild = place.guild_id;
        Ok(self.store.tournaments_in(guild, LIST_LIMIT).await?)
    }

    /// The standings of tournament `id` now.
    ///
    /// # Errors
    /// The store's.
    pub async fn standings(&self, id: TournamentId) -> Result<Standings> {
        self.standings_after(id, None).await
    }

    /// The standings of tournament `id` after round `round` (`None`: after the last round
    /// complete now).
    ///
    /// # Errors
    /// The store's.
    pub async fn standings_after(&self, id: TournamentId, round: Option<u32>) -> Result<Standings> {
        let (t, entrants, boards) = self.store.tournament_whole(id).await?;
        let ids: Vec<u64> = entrants.iter().map(|e| e.user_id).collect();
        let names = self.named(ids).await?;
        Ok(standings_after(&t, &entrants, &boards, names, round))
    }

    /// The tournament as a TRF-16 file (the text), readable by chess tournament software:
    /// [`Tournaments::export_trf_file`]'s text.
    ///
    /// # Errors
    /// The store's.
    pub async fn export_trf(&self, id: TournamentId) -> Result<String> {
        Ok(self.export_trf_file(id).await?.text)
    }

    /// The tournament as a TRF-16 file, and the rounds in progress it holds.
    ///
    /// The player lines hold the complete rounds. A round with a game still without a result is
    /// in progress: TRF-16 cannot hold a pairing without a result, so its pairings and colours
    /// go on lines of their own ([`pairing::trf::write_in_progress`]), and its player blocks
    /// stay blank but for byes outside the pairing (a late joiner's).
    ///
    /// # Errors
    /// The store's.
    pub async fn export_trf_file(&self, id: TournamentId) -> Result<TrfExport> {
        let (t, entrants, boards) = self.store.tournament_whole(id).await?;
        let ids: Vec<u64> = entrants.iter().map(|e| e.user_id).collect();
        let names = self.named(ids).await?;
        let mut model = Model::of(&t, &entrants, &boards);
        for player in &mut model.tournament.players {
            let user = model.users[player.id as usize - 1];
            if let Some(Named {
                name: Some(name), ..
            }) = names.iter().find(|n| n.id == user)
            {
                player.name = trf_name(name);
            }
        }
        let in_progress = rounds_in_progress(&mut model, &boards, t.current_round);
        Ok(TrfExport {
            text: pairing::trf::write_in_progress(&model.tournament, &in_progress),
            in_progress: in_progress.iter().map(|r| r.round).collect(),
        })
    }

    /// The log of tournament `id`.
    ///
    /// # Errors
    /// The store's.
    pub async fn tournament_log(&self, id: TournamentId) -> Result<Vec<LogEntry>> {
        Ok(self.store.tournament_log(id).await?)
    }

    /// Pairs the next round of tournament `id` (the `tournament-round` notice). Returns false
    /// when nothing is to be paired (paused, over, or paired already). A Swiss that cannot be
    /// paired any more (no legal pairing) ends after its last round played.
    ///
    /// # Errors
    /// The store's.
    pub(crate) async fn pair_next_round(&self, id: TournamentId) -> Result<bool> {
        let (t, entrants, boards) = self.store.tournament_whole(id).await?;
        if t.status != TournamentStatus::Running || t.paused {
            return Ok(false);
        }
        // A second notice (a director's correction of a round already over queues one again)
        // may come once the next round is paired and in play, or every round is: nothing to
        // pair, and no reason to end the event (the round after, paired from a table without
        // the round in play, may find no legal pairing).
        let in_play = t.pace != Pace::AllAtOnce
            && boards
                .iter()
                .any(|b| b.round == t.current_round && b.result.is_none());
        if in_play || t.rounds.is_some_and(|r| t.current_round >= r) {
            return Ok(false);
        }
        let model = Model::of(&t, &entrants, &boards);
        let first = t.current_round + 1;
        let last = match t.pace {
            Pace::AllAtOnce => t.rounds.unwrap_or(first),
            _ => first,
        };
        let now = self.now();
        for round in first..=last {
            let pairings = match pair_round(&t, &model, &entrants, round) {
                Ok(p) => p,
                Err(e) => {
                    tracing::warn!(tournament = id.0, round, error = %e, "no pairing: the event ends");
                    self.store.finish_unpairable(id, now).await?;
                    return Ok(true);
                }
            };
            let all_at_once = t.pace == Pace::AllAtOnce;
            match self
                .store
                .pair_round(id, round, pairings, all_at_once, now)
                .await
            {
                Ok(_) => {}
                Err(crate::store::StoreError::Tournament(
                    TournamentError::RoundPaired { .. } | TournamentError::RoundNotOver { .. },
                )) => return Ok(false),
                Err(e) => return Err(e.into()),
            }
        }
        self.reschedule();
        Ok(true)
    }

    /// The round's pairings with names and threads.
    ///
    /// # Errors
    /// The store's.
    pub async fn round_view(&self, id: TournamentId, round: u32) -> Result<RoundView> {
        let (tournament, _, boards) = self.store.tournament_whole(id).await?;
        let boards: Vec<Board> = boards.into_iter().filter(|b| b.round == round).collect();
        let mut views = Vec::with_capacity(boards.len());
        for b in boards {
            let ids: Vec<u64> = std::iter::once(b.white_id).chain(b.black_id).collect();
            let mut names = self.named(ids).await?.into_iter();
            let white = names.next().expect("White is named");
            let black = names.next();
            let channel = match b.game_id {
                Some(g) => Some(self.store.game(g).await?.channel_id),
                None => None,
            };
            views.push(BoardView {
                board: b,
                white,
                black,
                channel,
            });
        }
        Ok(RoundView {
            tournament,
            round,
            boards: views,
        })
    }

    /// The board `pairing` with its names (for its thread's first message).
    ///
    /// # Errors
    /// The store's.
    pub(crate) async fn board_view(
        &self,
        pairing: PairingId,
    ) -> Result<Option<(Tournament, BoardView)>> {
        let Some(b) = self.store.board(pairing).await? else {
            return Ok(None);
        };
        let tid = b.tournament_id;
        let t = self.store.tournament(tid).await?;
        let ids: Vec<u64> = std::iter::once(b.white_id).chain(b.black_id).collect();
        let mut names = self.named(ids).await?.into_iter();
        let white = names.next().expect("White is named");
        let black = names.next();
        Ok(Some((
            t,
            BoardView {
                board: b,
                white,
                black,
                channel: None,
            },
        )))
    }

    /// Starts the game of board `pairing` in `thread` (its thread has just been started).
    ///
    /// # Errors
    /// The store's.
    pub(crate) async fn start_board_game(&self, pairing: PairingId, thread: u64) -> Result<()> {
        let now = self.now();
        self.store.start_board_game(pairing, thread, now).await?;
        self.reschedule();
        Ok(())
    }
}
