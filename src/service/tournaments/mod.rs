// Longer than 400 lines: every use case of a tournament (create, join, leave, start, rounds, the
// director's tools, standings, export) on the two parts of tournaments, in one file.
//! Tournaments (issue 22): creating and joining events, pairing their rounds with the pure
//! pairing module, the director's tools, standings and the TRF export.
//!
//! The flow of a round is carried by the outbox, so that it survives a kill at any moment:
//! a `tournament-round` notice pairs the next round (`Tournaments::pair_next_round`), which
//! queues a `tournament-game` notice per board; delivering one posts the board's message in the
//! event's channel and starts a thread from it, and the game is created in that thread. Each
//! game's end records its board's result in the game's own transaction (the store), and the
//! round's last result queues the next `tournament-round`.

pub mod model;

use crate::pairing::{self, Pairing, berger, dutch, tiebreak};
use crate::rules::{Color, Rules};
use crate::store::{
    Board, BoardResult, Entrant, EntrantStatus, Format, GameId, GameStatus, LogEntry,
    NewTournament, Pace, PairingId, Redraw, TimeControl, Tournament, TournamentError, TournamentId,
    TournamentStatus,
};

use std::sync::Arc;

use super::context::Context;
use super::{Named, Place, Result, ServiceError, User};
pub use crate::domain::lifecycle::default_rounds;
pub use model::Model;

/// The longest tournament name, in characters.
pub const MAX_NAME: usize = 64;

/// The latest start a tournament may ask for, in hours from its creation (30 days).
pub const MAX_START_HOURS: u32 = 720;

/// The tournaments `/focus tournament list` shows at most: a line is at most about 140
/// characters (a 64-character name), so the list stays under Discord's 2,000.
pub const LIST_LIMIT: u32 = 12;

/// What `/focus tournament create` asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentOptions {
    /// The name (1 to [`MAX_NAME`] characters).
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
    /// It starts on its own this many hours after its creation (1 to [`MAX_START_HOURS`]);
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

/// A tournament as a TRF-16 file ([`Tournaments::export_trf_file`]).
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

/// Tournaments as players and spectators see them: created, found, joined and left, their
/// rounds and boards, standings, exports and log, and a server's tournament role.
#[derive(Clone)]
pub struct Tournaments {
    pub(in crate::service) context: Arc<Context>,
}

impl Tournaments {
    /// The part on `context`.
    pub(in crate::service) fn new(context: Arc<Context>) -> Tournaments {
        Tournaments { context }
    }
}

// The use cases read the shared context as their own (`self.store`, `self.now()`): written
// once, whichever part they belong to.
impl std::ops::Deref for Tournaments {
    type Target = Context;

    fn deref(&self) -> &Context {
        &self.context
    }
}

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
    pub(super) async fn named(&self, ids: Vec<u64>) -> Result<Vec<Named>> {
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
        let (now, colour) = (self.now(), super::coin_toss());
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

/// The pairings of `round` of `t`: (White, Black or `None` for the bye) by user.
fn pair_round(
    t: &Tournament,
    model: &Model,
    entrants: &[Entrant],
    round: u32,
) -> std::result::Result<Vec<(u64, Option<u64>)>, String> {
    let pairings = match t.format {
        Format::Swiss => {
            let to_pair = model.to_pair(entrants, round);
            if to_pair.len() < 2 {
                return Err("fewer than two players to pair".into());
            }
            dutch::pair(&model.tournament, round, &to_pair).map_err(|e| e.to_string())?
        }
        Format::RoundRobin | Format::DoubleRoundRobin => {
            let cycles = if t.format == Format::RoundRobin {
                berger::Cycles::Single
            } else {
                berger::Cycles::Double
            };
            berger::round(model.users.len() as u32, round, cycles).map_err(|e| e.to_string())?
        }
    };
    let user = |n: u32| model.user(n).ok_or_else(|| format!("no player {n}"));
    let mut boards = Vec::with_capacity(pairings.len());
    for p in pairings {
        boards.push(match p {
            Pairing::Game { white, black } => (user(white)?, Some(user(black)?)),
            Pairing::Bye(n) => (user(n)?, None),
        });
    }
    Ok(boards)
}

/// A character a tournament's name may not hold: control characters, the locale files' marks
/// (`*`, `` ` ``) and the private-use characters of [`crate::text`]'s placeholders.
fn unfit_in_name(c: char) -> bool {
    c.is_control() || c == '*' || c == '`' || ('\u{E000}'..='\u{F8FF}').contains(&c)
}

/// A name as a TRF player line holds it: at most 33 characters, no line breaks.
/// The rounds of `boards` up to `current` with a game still without a result, as pairings in
/// board order; their pairings are taken out of `model`'s player lines (left blank), results
/// already in included, so that the player lines hold complete rounds only.
fn rounds_in_progress(
    model: &mut Model,
    boards: &[Board],
    current: u32,
) -> Vec<pairing::trf::RoundInProgress> {
    let open: std::collections::BTreeSet<u32> = boards
        .iter()
        .filter(|b| b.round <= current && b.result.is_none())
        .map(|b| b.round)
        .collect();
    let mut rounds = Vec::new();
    for round in open {
        let mut of_round: Vec<&Board> = boards.iter().filter(|b| b.round == round).collect();
        of_round.sort_by_key(|b| (b.black_id.is_none(), b.board));
        let mut pairings = Vec::new();
        for b in of_round {
            let Some(white) = model.number_of(b.white_id) else {
                continue;
            };
            match b.black_id.map(|black| model.number_of(black)) {
                None => pairings.push(Pairing::Bye(white)),
                Some(Some(black)) => pairings.push(Pairing::Game { white, black }),
                Some(None) => {}
            }
        }
        for player in &mut model.tournament.players {
            if let Some(entry) = player.entries.get_mut(round as usize - 1)
                && !matches!(entry, pairing::Entry::Bye { .. })
            {
                *entry = pairing::Entry::Absent;
            }
        }
        rounds.push(pairing::trf::RoundInProgress { round, pairings });
    }
    rounds
}

fn trf_name(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .take(33)
        .collect()
}

/// The standings of `t` from its players and boards after its last complete round, names in
/// `names` (in `entrants`' order).
pub fn standings_of(
    t: &Tournament,
    entrants: &[Entrant],
    boards: &[Board],
    names: Vec<Named>,
) -> Standings {
    standings_after(t, entrants, boards, names, None)
}

/// The last round of `t` such that it and every round before it are over (0: none).
pub fn complete_rounds(t: &Tournament, boards: &[Board]) -> u32 {
    (1..=t.current_round)
        .take_while(|&r| {
            boards
                .iter()
                .filter(|b| b.round == r)
                .all(|b| b.result.is_some())
        })
        .last()
        .unwrap_or(0)
}

/// The standings of `t` counting rounds 1 to `round` only (`None`, or a round not yet over:
/// its [`complete_rounds`]); later rounds show as not yet played.
pub fn standings_after(
    t: &Tournament,
    entrants: &[Entrant],
    boards: &[Board],
    names: Vec<Named>,
    round: Option<u32>,
) -> Standings {
    let complete = complete_rounds(t, boards);
    let after = round.map_or(complete, |r| r.min(complete));
    let counted: Vec<Board> = boards
        .iter()
        .filter(|b| b.round <= after)
        .cloned()
        .collect();
    let mut then = t.clone();
    then.current_round = after;
    let model = Model::of(&then, entrants, &counted);
    let tie_breaks: Vec<tiebreak::TieBreak> = match t.format {
        Format::Swiss => tiebreak::SWISS.to_vec(),
        _ => tiebreak::ROUND_ROBIN.to_vec(),
    };
    let table = tiebreak::standings(&model.tournament, after, &tie_breaks);
    // One order, whose row numbers are the ranks: the text, the picture's opponents and
    // the podium all name a player by it.
    let rank_of: std::collections::HashMap<u32, u32> = table
        .iter()
        .enumerate()
        .map(|(row, s)| (s.player, row as u32 + 1))
        .collect();
    let planned = t.rounds.unwrap_or(t.current_round).max(t.current_round);
    let mut rows = Vec::with_capacity(table.len());
    let mut previous_rank = 0;
    for (row, s) in table.into_iter().enumerate() {
        let user = model.users[s.player as usize - 1];
        let entrant = entrants
            .iter()
            .find(|e| e.user_id == user)
            .expect("every numbered player is an entrant");
        let named = names
            .iter()
            .find(|n| n.id == user)
            .cloned()
            .unwrap_or(Named {
                id: user,
                name: None,
            });
        let cells = (1..=planned)
            .map(|round| cell(&then, entrant, &counted, &model, &rank_of, round, user))
            .collect();
        rows.push(StandingRow {
            rank: row as u32 + 1,
            shared: s.rank == previous_rank,
            user: named,
            number: s.player,
            half_points: s.half_points,
            tie_breaks: s.tie_breaks,
            cells,
            status: entrant.status,
        });
        previous_rank = s.rank;
    }
    Standings {
        tournament: t.clone(),
        complete_rounds: after,
        tie_breaks,
        rows,
    }
}

fn cell(
    t: &Tournament,
    entrant: &Entrant,
    boards: &[Board],
    model: &Model,
    rank_of: &std::collections::HashMap<u32, u32>,
    round: u32,
    user: u64,
) -> Cell {
    if round > t.current_round {
        return Cell::Future;
    }
    if round < entrant.first_round {
        return Cell::Missed;
    }
    let Some(b) = boards
        .iter()
        .find(|b| b.round == round && (b.white_id == user || b.black_id == Some(user)))
    else {
        return Cell::Absent;
    };
    let Some(black) = b.black_id else {
        return if t.format == Format::Swiss {
            Cell::Bye { half_points: 2 }
        } else {
            Cell::Rest
        };
    };
    let white = b.white_id == user;
    let opponent = if white { black } else { b.white_id };
    let opponent = model
        .number_of(opponent)
        .and_then(|n| rank_of.get(&n).copied())
        .unwrap_or(0);
    Cell::Game {
        opponent,
        colour: if white { Color::White } else { Color::Black },
        half_points: b.result.map(|r| {
            if white {
                r.white_half_points()
            } else {
                r.black_half_points()
            }
        }),
        forfeit: b.result.is_some_and(|r| !r.played()),
    }
}

/// Whether a game in this status still counts as in play for a round.
pub fn in_play(status: GameStatus) -> bool {
    matches!(status, GameStatus::Active | GameStatus::NeedsReview)
}
