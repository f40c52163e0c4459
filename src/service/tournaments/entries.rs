//! Tournaments made, found, joined and left.

use crate::store::{
    Entrant, EntrantStatus, Format, NewTournament, Pace, Redraw, Tournament, TournamentError,
    TournamentId,
};

use crate::service::{Named, Place, Result, ServiceError, User};

use super::part::{MAX_NAME, MAX_START_HOURS, Tournaments};
use super::tables::unfit_in_name;
use super::views::{Participant, Rights, TournamentOptions, TournamentView};

impl Tournaments {
    /// Creates a tournament announced in `place`, directed by `user`.
    ///
    /// # Errors
    /// [`ServiceError::CannotCreateTournament`] without the right; [`ServiceError::BadTournamentName`]; [`ServiceError::ScheduleNeedsDays`] and
    /// [`ServiceError::AllAtOnceSwiss`] for a pace that does not fit;
    /// [`ServiceError::RoundsOfRoundRobin`]; [`ServiceError::NotInServer`]
    /// in DMs; the store's.
    pub async fn create_tournament(
        &self,
        place: Place,
        user: &User,
        rights: Rights,
        options: TournamentOptions,
    ) -> Result<TournamentView> {
        if place.guild_id == 0 {
            return Err(ServiceError::NotInServer);
        }
        if !rights.create {
            return Err(ServiceError::CannotCreateTournament);
        }
        let name = options.name.trim().to_owned();
        if name.is_empty() || name.chars().count() > MAX_NAME || name.chars().any(unfit_in_name) {
            return Err(ServiceError::BadTournamentName { max: MAX_NAME });
        }
        let round_every = match (options.pace, options.round_every_days) {
            (Pace::Schedule, Some(days)) if (1..=60).contains(&days) => {
                Some(i64::from(days) * 86_400)
            }
            (Pace::Schedule, _) => return Err(ServiceError::ScheduleNeedsDays),
            _ => None,
        };
        if options.pace == Pace::AllAtOnce && options.format == Format::Swiss {
            return Err(ServiceError::AllAtOnceSwiss);
        }
        if options.rounds.is_some() && options.format != Format::Swiss {
            return Err(ServiceError::RoundsOfRoundRobin);
        }
        if let Some(r) = options.rounds
            && !(1..=50).contains(&r)
        {
            return Err(ServiceError::BadRounds(r));
        }
        if let Some(h) = options.starts_in_hours
            && !(1..=MAX_START_HOURS).contains(&h)
        {
            return Err(ServiceError::BadStart {
                max: MAX_START_HOURS,
            });
        }
        if let Some(m) = options.max_players
            && !(2..=crate::store::MAX_PLAYERS).contains(&m)
        {
            return Err(ServiceError::BadMaxPlayers(m));
        }
        self.seen(user).await?;
        let new = NewTournament {
            guild_id: place.guild_id,
            channel_id: place.channel_id,
            director_id: user.id,
            name,
            format: options.format,
            rounds: options.rounds,
            time_control: options.time_control,
            rules: options.rules,
            rated: options.rated,
            starts_at: options
                .starts_in_hours
                .map(|h| self.now() + i64::from(h) * 3_600),
            max_players: options.max_players,
            pace: options.pace,
            round_every,
            created_at: self.now(),
        };
        let t = self.store.create_tournament(new).await?;
        self.reschedule();
        self.tournament_view(t.id).await
    }

    /// The tournament `id` (checked to be of `place`'s server), else the one announced in
    /// `place`'s channel (or in the channel its thread is in).
    ///
    /// # Errors
    /// [`ServiceError::NoTournamentHere`]; [`TournamentError::OtherServer`];
    /// [`TournamentError::NoSuchTournament`].
    pub async fn find_tournament(
        &self,
        place: Place,
        id: Option<TournamentId>,
    ) -> Result<Tournament> {
        if place.guild_id == 0 {
            return Err(ServiceError::NotInServer);
        }
        let found = match id {
            Some(id) => Some(self.store.tournament(id).await?),
            None => {
                let channel = place.channel_id;
                match self.store.tournament_in_channel(channel).await? {
                    Some(t) => Some(t),
                    None => {
                        // In a game's thread: the game's tournament.
                        let game = self.store.game_or_last_in(channel).await?;
                        match game.and_then(|g| g.tournament_id) {
                            Some(id) => Some(self.store.tournament(id).await?),
                            None => None,
                        }
                    }
                }
            }
        };
        let t = found.ok_or(ServiceError::NoTournamentHere)?;
        if t.guild_id != place.guild_id {
            return Err(TournamentError::OtherServer(t.id).into());
        }
        Ok(t)
    }

    /// The tournament `id` and its players with their names.
    ///
    /// # Errors
    /// The store's.
    pub async fn tournament_view(&self, id: TournamentId) -> Result<TournamentView> {
        let (tournament, entrants, _) = self.store.tournament_whole(id).await?;
        let players = self.participants(entrants).await?;
        Ok(TournamentView {
            tournament,
            players,
        })
    }

    async fn participants(&self, entrants: Vec<Entrant>) -> Result<Vec<Participant>> {
        let ids: Vec<u64> = entrants.iter().map(|e| e.user_id).collect();
        let names = self.named(ids).await?;
        Ok(entrants
            .into_iter()
            .zip(names)
            .map(|(entrant, user)| Participant { user, entrant })
            .collect())
    }

    /// `ids` with their stored names, in order.
    pub(in crate::service) async fn named(&self, ids: Vec<u64>) -> Result<Vec<Named>> {
        let names = self.store.names(ids).await?;
        Ok(names
            .into_iter()
            .map(|(id, name)| Named { id, name })
            .collect())
    }

    /// `user` joins the tournament (`id`, else the channel's).
    ///
    /// # Errors
    /// [`ServiceError::ChallengeBot`] for a bot account; the store's refusals (joined
    /// already, full, closed).
    pub async fn join_tournament(
        &self,
        place: Place,
        user: &User,
        id: Option<TournamentId>,
    ) -> Result<TournamentView> {
        self.join_then(place, user, id, Redraw::Queue).await
    }

    /// `user` joins by the announcement's button: the click's answer redraws the announcement
    /// (once), so none is queued.
    ///
    /// # Errors
    /// As [`Tournaments::join_tournament`].
    pub async fn join_by_click(
        &self,
        place: Place,
        user: &User,
        id: TournamentId,
    ) -> Result<TournamentView> {
        self.join_then(place, user, Some(id), Redraw::ByCaller)
            .await
    }

    async fn join_then(
        &self,
        place: Place,
        user: &User,
        id: Option<TournamentId>,
        redraw: Redraw,
    ) -> Result<TournamentView> {
        let t = self.find_tournament(place, id).await?;
        if user.is_bot {
            return Err(ServiceError::ChallengeBot);
        }
        self.seen(user).await?;
        let (guild, uid, now, tid) = (t.guild_id, user.id, self.now(), t.id);
        self.store
            .join_tournament(tid, guild, uid, now, redraw)
            .await?;
        self.tournament_view(tid).await
    }

    /// `user` leaves the tournament before its start, or withdraws from it once running (their
    /// games count; no more pairings).
    ///
    /// # Errors
    /// [`TournamentError::NotJoined`]; [`TournamentError::Over`].
    pub async fn leave_tournament(
        &self,
        place: Place,
        user: &User,
        id: Option<TournamentId>,
    ) -> Result<TournamentView> {
        self.leave_then(place, user, id, Redraw::Queue).await
    }

    /// `user` leaves by the announcement's button: the click's answer redraws the
    /// announcement (once), so none is queued.
    ///
    /// # Errors
    /// As [`Tournaments::leave_tournament`].
    pub async fn leave_by_click(
        &self,
        place: Place,
        user: &User,
        id: TournamentId,
    ) -> Result<TournamentView> {
        self.leave_then(place, user, Some(id), Redraw::ByCaller)
            .await
    }

    async fn leave_then(
        &self,
        place: Place,
        user: &User,
        id: Option<TournamentId>,
        redraw: Redraw,
    ) -> Result<TournamentView> {
        let t = self.find_tournament(place, id).await?;
        let (tid, uid, now) = (t.id, user.id, self.now());
        self.store
            .withdraw(tid, uid, EntrantStatus::Withdrawn, uid, now, redraw)
            .await?;
        self.tournament_view(tid).await
    }
}
