//! The model-based test of tournament events (issue 32, part 2): random events, generated as
//! property tests, driven through the game service on the test clock and checked after every
//! step against a small model of their own ([`oracle`]).
// Longer than 400 lines: one model-based test: its event generator and its driver through the
// service go together.
//!
//! An event is a Swiss, a round-robin or a double round-robin of 3 to 12 players (a Swiss from
//! 4), at every pace and time control, started by its director or on its own; then a random
//! list of steps: games played a few plies and ended by resignation, agreed draw or time-out
//! (at ply 0, 1 or later: forfeits and no-shows), waits on the clock, withdrawals, late joins,
//! and every director tool (adjudication and forfeits, more time, removal, pause and resume,
//! the next round now, cancelling), and restarts: the service reopened on its database, some
//! of them after "Discord" failed halfway through a delivery. After the steps every game is
//! played out, and the event must end.
//!
//! The model checks what it can know without the code under test: each board's result from
//! how the test ended its game, each player's score after round N from those results, who may
//! be paired (C.04.1's absolute criteria for a Swiss), the rounds that letters, the
//! announcement and the list name, the podium of the text against the picture's rows, and the
//! TRF export re-paired by `focus_bot::pairing::check` for every complete round.
//!
//! `FOCUS_MODEL_EVENTS` sets the number of events (1,000 by default, what CI runs);
//! `FOCUS_MODEL_PLAYERS` the most players (12 by default; a round-robin takes at most 20).
//! A failing event is written to `tests/proptest-regressions/tournament_model.txt` and run
//! first next time.

mod oracle;

use crate::raw::Served;
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use focus_bot::i18n::Lang;
use focus_bot::rules::Rules;
use focus_bot::service::tournaments::{Rights, TournamentOptions};
use focus_bot::service::{
    Delivery, Letter, ManualClock, MoveTerms, Place, Postman, ServiceError, User,
};
use focus_bot::store::{
    Board, BoardResult, Format, Game, GameStatus, NoticeId, Pace, TimeControl, Tournament,
    TournamentId, TournamentStatus,
};
use oracle::{Broken, Model, Standing, broken, ensure};
use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence, TestCaseError, TestRunner};
use tempfile::TempDir;

const T0: i64 = 1_700_000_000;
const GUILD: u64 = 900_000_000_000_000_001;
const CHANNEL: u64 = 900_000_000_000_000_300;
const DIRECTOR: u64 = 5_000;
const FIRST_PLAYER: u64 = 7_000;

/// How the event is created.
#[derive(Clone, Debug)]
struct Scenario {
    format: Format,
    players: u32,
    /// A Swiss's rounds (`None`: from the players).
    rounds: Option<u32>,
    pace: Pace,
    round_every_days: Option<u32>,
    time_control: TimeControl,
    /// Starts on its own an hour after its creation, instead of by its director.
    starts_itself: bool,
    /// One player leaves before the start.
    leaves_before_start: Option<u8>,
    /// The final standings' picture is drawn and checked to be a PNG.
    draws_picture: bool,
    steps: Vec<Step>,
}

/// How a game is ended by a [`Step::Play`].
#[derive(Clone, Copy, Debug)]
enum End {
    /// The side to move resigns.
    Resign,
    /// The side not to move resigns.
    OtherResigns,
    /// White offers a draw, Black accepts.
    Draw,
    /// The clock runs to the game's deadline.
    TimeOut,
    /// Not ended: only moves.
    Moves,
}

/// One step of an event.
#[derive(Clone, Copy, Debug)]
enum Step {
    /// A game in play gets `plies` moves, then ends as `end`.
    Play { pick: u8, plies: u8, end: End },
    /// The clock moves on (deadlines, reminders, scheduled rounds).
    Wait { minutes: u32 },
    /// A player withdraws.
    Withdraw { pick: u8 },
    /// The director removes a player.
    Remove { pick: u8 },
    /// A new player joins (a running Swiss takes late joiners).
    Join,
    /// The director sets a result.
    Adjudicate { pick: u8, result: BoardResult },
    /// The director gives more time.
    ExtraTime { pick: u8 },
    /// The director pauses or resumes.
    TogglePause,
    /// The director starts the next round now.
    NextRound,
    /// The director cancels the event.
    Cancel,
    /// The bot restarts; with `Some(threads)`, after Discord failed once that many threads
    /// had started in a delivery.
    Restart { threads: Option<u8> },
}

fn step() -> impl Strategy<Value = Step> {
    let result = prop_oneof![
        Just(BoardResult::White),
        Just(BoardResult::Black),
        Just(BoardResult::Draw),
        Just(BoardResult::WhiteForfeit),
        Just(BoardResult::BlackForfeit),
        Just(BoardResult::DoubleForfeit),
    ];
    let end = prop_oneof![
        3 => Just(End::Resign),
        1 => Just(End::OtherResigns),
        2 => Just(End::Draw),
        3 => Just(End::TimeOut),
        1 => Just(End::Moves),
    ];
    prop_oneof![
        60 => (any::<u8>(), 0..4u8, end).prop_map(|(pick, plies, end)| Step::Play { pick, plies, end }),
        8 => prop_oneof![1..30u32, 30..3_000u32, 3_000..20_000u32]
            .prop_map(|minutes| Step::Wait { minutes }),
        4 => any::<u8>().prop_map(|pick| Step::Withdraw { pick }),
        3 => any::<u8>().prop_map(|pick| Step::Remove { pick }),
        4 => Just(Step::Join),
        6 => (any::<u8>(), result).prop_map(|(pick, result)| Step::Adjudicate { pick, result }),
        3 => any::<u8>().prop_map(|pick| Step::ExtraTime { pick }),
        3 => Just(Step::TogglePause),
        3 => Just(Step::NextRound),
        1 => Just(Step::Cancel),
        5 => prop::option::of(0..4u8).prop_map(|threads| Step::Restart { threads }),
    ]
}

fn scenario(most_players: u32) -> impl Strategy<Value = Scenario> {
    let format = prop_oneof![
        3 => Just(Format::Swiss),
        2 => Just(Format::RoundRobin),
        1 => Just(Format::DoubleRoundRobin),
    ];
    let time_control = prop_oneof![
        Just(TimeControl::Days(1)),
        Just(TimeControl::Days(3)),
        Just(TimeControl::Minutes(5)),
        Just(TimeControl::Minutes(15)),
        Just(TimeControl::Unlimited),
    ];
    // Small events are the most common, as on a real server; every size up to the most
    // comes up.
    let size = prop_oneof![
        6 => 3..=5u32,
        3 => 6..=8u32.min(most_players),
        1 => 9.min(most_players)..=most_players.max(3),
    ];
    (
        format,
        size,
        prop::option::of(1..=8u32),
        0..3u8,
        1..=7u32,
        time_control,
        any::<bool>(),
        prop::option::weighted(0.2, any::<u8>()),
        prop::collection::vec(step(), 0..24),
        prop::bool::weighted(0.125),
    )
        .prop_map(
            |(
                format,
                players,
                rounds,
                pace,
                days,
                time_control,
                starts_itself,
                leaves,
                steps,
                draws_picture,
            )| {
                // A Swiss from 4, a round-robin up to 20 (its Berger tables).
                let players = if format == Format::Swiss {
                    players.max(4)
                } else {
                    players.min(focus_bot::pairing::berger::MAX_PLAYERS)
                };
                let pace = match (pace, format) {
                    (0, _) => Pace::Next,
                    (1, _) => Pace::Schedule,
                    (_, Format::Swiss) => Pace::Next,
                    _ => Pace::AllAtOnce,
                };
                Scenario {
                    format,
                    players,
                    rounds: rounds.filter(|_| format == Format::Swiss),
                    pace,
                    round_every_days: (pace == Pace::Schedule).then_some(days),
                    time_control,
                    starts_itself,
                    leaves_before_start: leaves,
                    draws_picture,
                    steps,
                }
            },
        )
}

/// The channel's postman: a thread for every board, every letter kept for the checks; while
/// `budget` is `Some(n)`, Discord fails every letter once `n` more threads have started.
#[derive(Default)]
struct Postbox {
    letters: Mutex<Vec<Letter>>,
    next_thread: Mutex<u64>,
    budget: Mutex<Option<u32>>,
}

impl Postbox {
    fn answer(&self, letter: &Letter) -> Delivery {
        let mut budget = self.budget.lock().unwrap();
        if *budget == Some(0) {
            return Delivery::Failed("Discord is down".into());
        }
        if let Letter::StartGame { .. } = letter {
            if let Some(left) = budget.as_mut() {
                *left -= 1;
            }
            self.letters.lock().unwrap().push(letter.clone());
            let mut next = self.next_thread.lock().unwrap();
            *next += 1;
            return Delivery::Thread(800_000_000_000_000_000 + *next);
        }
        self.letters.lock().unwrap().push(letter.clone());
        Delivery::Sent
    }
}

impl Postman for Postbox {
    fn deliver(&self, _: NoticeId, letter: &Letter) -> impl Future<Output = Delivery> + Send {
        std::future::ready(self.answer(letter))
    }
}

fn here() -> Place {
    Place {
        guild_id: GUILD,
        channel_id: CHANNEL,
    }
}

fn user(id: u64) -> User {
    User::new(id, format!("p{id}"))
}

/// The stored event at one moment.
struct Snapshot {
    t: Tournament,
    #[allow(dead_code)]
    entrants: Vec<focus_bot::store::Entrant>,
    boards: Vec<Board>,
    games: Vec<(Board, Game)>,
}

/// One event being driven.
struct Run {
    dir: TempDir,
    service: Served,
    clock: ManualClock,
    postbox: Postbox,
    model: Model,
    tid: TournamentId,
    director: User,
    next_player: u64,
    /// The steps so far, for the failure's report.
    trace: Vec<String>,
    /// The boards' results and the players as the standings last checked them.
    fingerprint: String,
    /// The event's state as the announcement last checked it.
    announced: String,
    /// What the last export checked was made of.
    exported: String,
    /// The final standings' picture is drawn (a PNG costs a fifth of an event).
    draws_picture: bool,
}

/// A new database of the current schema, as bytes: each event starts from a copy instead of
/// migrating a database of its own (a tenth of the run).
async fn fresh_database() -> &'static [u8] {
    static FRESH: tokio::sync::OnceCell<Vec<u8>> = tokio::sync::OnceCell::const_new();
    FRESH
        .get_or_init(|| async {
            let dir = shm_dir();
            let path = dir.path().join("focus.db");
            let store = crate::stores::open(&path).await.expect("the store opens");
            store.close().await;
            std::fs::read(&path).expect("the new database")
        })
        .await
}

async fn open(dir: &TempDir, now: i64) -> (Served, ManualClock) {
    let path = dir.path().join("focus.db");
    // SQLite only: PostgreSQL's databases are not files.
    if !path.exists() && !crate::stores::on_postgres() {
        std::fs::write(&path, fresh_database().await).expect("a copy of the new database");
    }
    let clock = ManualClock::at(now);
    let store = crate::stores::open(path).await.expect("the store opens");
    (Served::new(store, Arc::new(clock.clone())), clock)
}

/// A request's answer as the model sees it: accepted, or refused with a sentence for users.
fn refused<T>(what: &str, r: Result<T, ServiceError>) -> Result<Option<T>, Broken> {
    match r {
        Ok(v) => Ok(Some(v)),
        Err(e) if e.for_users() => Ok(None),
        Err(e) => broken(oracle::ANSWERS, format!("{what}: an internal error: {e:?}")),
    }
}

fn expect_answer<T>(
    what: &str,
    expected_ok: bool,
    r: Result<T, ServiceError>,
) -> Result<Option<T>, Broken> {
    let got = refused(what, r)?;
    ensure(got.is_some() == expected_ok, oracle::ANSWERS, || {
        format!(
            "{what}: expected {}, got the other",
            if expected_ok {
                "acceptance"
            } else {
                "a refusal"
            }
        )
    })?;
    Ok(got)
}

fn internal(what: &str, e: impl std::fmt::Debug) -> Broken {
    Broken {
        invariant: oracle::ANSWERS,
        detail: format!("{what}: {e:?}"),
    }
}

impl Run {
    fn now(&self) -> i64 {
        use focus_bot::service::Clock;
        self.clock.now()
    }

    async fn whole(
        &self,
    ) -> Result<(Tournament, Vec<focus_bot::store::Entrant>, Vec<Board>), Broken> {
        let tid = self.tid;
        self.service
            .store()
            .call(move |s| s.tournament_whole(tid))
            .await
            .map_err(|e| internal("reading the event", e))
    }

    /// The event, its players, its boards and its games in play (with their boards, in
    /// board order), in one read.
    async fn snapshot(&self) -> Result<Snapshot, Broken> {
        let tid = self.tid;
        self.service
            .store()
            .call(move |s| {
                let (t, entrants, boards) = s.tournament_whole(tid)?;
                let mut games = Vec::new();
                // A board with its result has no game in play (a game's end records it).
                for b in boards.iter().filter(|b| b.result.is_none()) {
                    if let Some(id) = b.game_id {
                        let game = s.game(id)?;
                        if game.status == GameStatus::Active {
                            games.push((b.clone(), game));
                        }
                    }
                }
                Ok(Snapshot {
                    t,
                    boards,
                    games,
                    entrants,
                })
            })
            .await
            .map_err(|e: focus_bot::store::StoreError| internal("reading the event", e))
    }

    /// Delivers what is due, then checks every invariant.
    async fn settle(&mut self) -> Result<(), Broken> {
        self.service
            .post
            .deliver(&self.postbox)
            .await
            .map_err(|e| internal("delivering", e))?;
        self.check().await
    }

    async fn check(&mut self) -> Result<(), Broken> {
        let (t, entrants, boards) = self.whole().await?;
        self.model.check_new_rounds(&t, &boards)?;
        self.model.check_results(&boards)?;
        // The model's players are the store's: statuses and first rounds as predicted.
        for p in &self.model.players {
            let e = entrants.iter().find(|e| e.user_id == p.id);
            ensure(
                e.is_some_and(|e| {
                    (e.status == focus_bot::store::EntrantStatus::Playing)
                        == (p.standing == Standing::Playing)
                        && e.first_round == p.first_round
                }),
                oracle::ANSWERS,
                || format!("player {p:?} is stored as {e:?}"),
            )?;
        }
        let letters = std::mem::take(&mut *self.postbox.letters.lock().unwrap());
        for letter in &letters {
            oracle::check_letter(&mut self.model, letter, &t, &boards)?;
        }
        // The announcement and the list name a round from the event's state alone.
        let state = format!(
            "{:?}{}{}{:?}",
            t.status, t.paused, t.current_round, t.rounds
        );
        if state != self.announced {
            self.announced = state;
            self.check_announcement(&t, entrants.len()).await?;
        }
        if t.status == TournamentStatus::Open {
            return Ok(());
        }
        // The standings read only the stored event: a table taken now is the one taken at
        // the last change, so it is checked once per change.
        let changed = format!(
            "{:?}{:?}",
            boards.iter().map(|b| (b.id, b.result)).collect::<Vec<_>>(),
            entrants
                .iter()
                .map(|e| (e.user_id, e.status, e.number))
                .collect::<Vec<_>>()
        );
        if changed != self.fingerprint {
            self.fingerprint = changed;
            let standings = self
                .service
                .tournaments
                .standings(self.tid)
                .await
                .map_err(|e| internal("standings", e))?;
            self.model.check_standings(&standings, &boards)?;
        }
        // Re-pairing a complete round reads the rounds before it and who was paired: the
        // export is checked again when a complete round or a player changes.
        let complete = oracle::complete_rounds(&t, &boards);
        let key = format!(
            "{complete:?}{:?}{:?}",
            boards
                .iter()
                .filter(|b| complete.contains(&b.round))
                .map(|b| (b.id, b.result))
                .collect::<Vec<_>>(),
            entrants
                .iter()
                .map(|e| (e.user_id, e.number, e.status, e.first_round))
                .collect::<Vec<_>>()
        );
        if key != self.exported {
            self.exported = key;
            let trf = self
                .service
                .tournaments
                .export_trf(self.tid)
                .await
                .map_err(|e| internal("export", e))?;
            oracle::check_export(&trf, &t, &boards)?;
        }
        Ok(())
    }

    /// The announcement and the server's list name no round that does not exist.
    async fn check_announcement(&mut self, t: &Tournament, players: usize) -> Result<(), Broken> {
        let view = self
            .service
            .tournaments
            .tournament_view(self.tid)
            .await
            .map_err(|e| internal("the announcement", e))?;
        for lang in Lang::all() {
            let text = focus_bot::strings::tournaments::announcement(lang, &view);
            oracle::check_rounds_named("the announcement", lang, &text, t)?;
            let list = focus_bot::strings::tournaments::list(lang, &[(t.clone(), players)]);
            oracle::check_rounds_named("the list", lang, &list, t)?;
        }
        Ok(())
    }

    /// Moves the clock on by `seconds` and sweeps: every game in play whose deadline comes is
    /// lost by the side to move, as a forfeit before each side has moved, and a loser who
    /// never moved is a no-show, paired no more.
    async fn advance(&mut self, seconds: i64) -> Result<(), Broken> {
        let target = self.now() + seconds;
        for (b, g) in self.snapshot().await?.games {
            if g.deadline.is_some_and(|d| d <= target) {
                let white_lost = g.ply.is_multiple_of(2);
                let result = match (white_lost, g.ply >= focus_bot::store::RESULT_MIN_PLY) {
                    (true, true) => BoardResult::Black,
                    (false, true) => BoardResult::White,
                    (true, false) => BoardResult::BlackForfeit,
                    (false, false) => BoardResult::WhiteForfeit,
                };
                self.model.expected.insert(b.id, result);
                if g.ply < focus_bot::store::RESULT_MIN_PLY {
                    let loser = if white_lost { g.white_id } else { g.black_id };
                    if let Some(p) = self.model.player(loser) {
                        p.standing = Standing::Gone;
                    }
                }
            }
        }
        self.clock.advance(seconds);
        self.service
            .deadlines
            .sweep()
            .await
            .map_err(|e| internal("sweeping", e))?;
        Ok(())
    }

    /// Plays `plies` moves in `game` (each side's `pick`-th legal move).
    async fn moves(&mut self, mut game: Game, plies: u8, pick: u8) -> Result<Game, Broken> {
        for i in 0..plies {
            if game.status != GameStatus::Active || game.ply >= 6 {
                break;
            }
            let position = game
                .current_position()
                .map_err(|e| internal("the position", e))?;
            let moves = position.legal_moves();
            let mv = moves[(usize::from(pick) + usize::from(i)) % moves.len()];
            let mover = if game.ply.is_multiple_of(2) {
                game.white_id
            } else {
                game.black_id
            };
            let place = Place {
                guild_id: GUILD,
                channel_id: game.channel_id,
            };
            let terms = MoveTerms {
                seen_at: None,
                mirror_loss_confirmed: true,
            };
            game = self
                .service
                .games
                .play_with(place, &user(mover), &mv.to_string(), terms)
                .await
                .map_err(|e| internal(&format!("playing {mv} in game {}", game.id.0), e))?
                .board
                .game;
        }
        ensure(game.status == GameStatus::Active, oracle::RESULTS, || {
            format!("a game ended by its opening moves: {game:?}")
        })?;
        Ok(game)
    }

    async fn step(&mut self, step: Step) -> Result<(), Broken> {
        let Snapshot {
            t, boards, games, ..
        } = self.snapshot().await?;
        let running = t.status == TournamentStatus::Running;
        let over = oracle::over(&t);
        match step {
            Step::Play { pick, plies, end } => {
                if games.is_empty() {
                    return Ok(());
                }
                let (b, g) = games[usize::from(pick) % games.len()].clone();
                let g = self.moves(g, plies, pick).await?;
                let place = Place {
                    guild_id: GUILD,
                    channel_id: g.channel_id,
                };
                let to_move_white = g.ply.is_multiple_of(2);
                let played = g.ply >= focus_bot::store::RESULT_MIN_PLY;
                let resign = |white: bool| match (white, played) {
                    (true, true) => BoardResult::Black,
                    (false, true) => BoardResult::White,
                    (true, false) => BoardResult::BlackForfeit,
                    (false, false) => BoardResult::WhiteForfeit,
                };
                match end {
                    End::Resign | End::OtherResigns => {
                        let white = to_move_white == matches!(end, End::Resign);
                        let who = if white { g.white_id } else { g.black_id };
                        self.service
                            .games
                            .resign(place, &user(who))
                            .await
                            .map_err(|e| internal("resigning", e))?;
                        self.model.expected.insert(b.id, resign(white));
                    }
                    End::Draw => {
                        for who in [g.white_id, g.black_id] {
                            self.service
                                .games
                                .draw(place, &user(who))
                                .await
                                .map_err(|e| internal("a draw", e))?;
                        }
                        self.model.expected.insert(b.id, BoardResult::Draw);
                    }
                    End::TimeOut => match g.deadline {
                        Some(deadline) => self.advance(deadline - self.now()).await?,
                        None => {
                            let who = if to_move_white {
                                g.white_id
                            } else {
                                g.black_id
                            };
                            self.service
                                .games
                                .resign(place, &user(who))
                                .await
                                .map_err(|e| internal("resigning", e))?;
                            self.model.expected.insert(b.id, resign(to_move_white));
                        }
                    },
                    End::Moves => {}
                }
            }
            Step::Wait { minutes } => self.advance(i64::from(minutes) * 60).await?,
            Step::Withdraw { pick } | Step::Remove { pick } => {
                let Some(p) = self
                    .model
                    .players
                    .get(usize::from(pick) % self.model.players.len().max(1))
                    .cloned()
                else {
                    return Ok(());
                };
                let ok = running && p.standing == Standing::Playing;
                let answer = if let Step::Withdraw { .. } = step {
                    self.service
                        .tournaments
                        .leave_tournament(here(), &user(p.id), Some(self.tid))
                        .await
                } else {
                    self.service
                        .director
                        .remove_player(here(), &self.director, Some(self.tid), p.id)
                        .await
                };
                if expect_answer(&format!("{step:?} of {p:?}"), ok, answer)?.is_some() {
                    self.model.player(p.id).expect("a player").standing = Standing::Gone;
                }
            }
            Step::Join => {
                let id = self.next_player;
                self.next_player += 1;
                let ok = running
                    && t.format == Format::Swiss
                    && t.rounds.is_some_and(|r| 2 * t.current_round <= r);
                let answer = self
                    .service
                    .tournaments
                    .join_tournament(here(), &user(id), Some(self.tid))
                    .await;
                if expect_answer("a late join", ok, answer)?.is_some() {
                    self.model.players.push(oracle::Player {
                        id,
                        first_round: t.current_round + 1,
                        standing: Standing::Playing,
                    });
                }
            }
            Step::Adjudicate { pick, result } => {
                // A Swiss's results are corrected in the round being played only: a later
                // round was paired from the results before it.
                let open: Vec<&Board> = boards
                    .iter()
                    .filter(|b| b.game_id.is_some())
                    .filter(|b| t.format != Format::Swiss || b.round == t.current_round)
                    .collect();
                if open.is_empty() {
                    return Ok(());
                }
                let b = open[usize::from(pick) % open.len()];
                let game = b.game_id.expect("a game");
                let answer = self
                    .service
                    .director
                    .adjudicate(here(), &self.director, Some(self.tid), game, result)
                    .await;
                if expect_answer(
                    &format!("adjudicating {b:?} as {result:?}"),
                    running,
                    answer,
                )?
                .is_some()
                {
                    self.model.expected.insert(b.id, result);
                }
            }
            Step::ExtraTime { pick } => {
                if games.is_empty() {
                    return Ok(());
                }
                let (_, g) = &games[usize::from(pick) % games.len()];
                let ok = g.deadline.is_some();
                let answer = self
                    .service
                    .director
                    .extra_time(here(), &self.director, Some(self.tid), g.id)
                    .await;
                expect_answer("more time", ok, answer)?;
            }
            Step::TogglePause => {
                let answer = self
                    .service
                    .director
                    .pause_tournament(here(), &self.director, Some(self.tid), !t.paused)
                    .await;
                expect_answer("pause or resume", running, answer)?;
            }
            Step::NextRound => {
                let round_over = boards
                    .iter()
                    .filter(|b| b.round == t.current_round)
                    .all(|b| b.result.is_some());
                let ok = running && round_over && t.rounds.is_none_or(|r| t.current_round < r);
                let answer = self
                    .service
                    .director
                    .next_round_now(here(), &self.director, Some(self.tid))
                    .await;
                expect_answer("the next round now", ok, answer)?;
            }
            Step::Cancel => {
                let answer = self
                    .service
                    .director
                    .cancel_tournament(here(), &self.director, Some(self.tid))
                    .await;
                expect_answer("cancelling", !over, answer)?;
            }
            Step::Restart { threads } => {
                if let Some(threads) = threads {
                    *self.postbox.budget.lock().unwrap() = Some(u32::from(threads));
                    let delivered = self.service.post.deliver(&self.postbox).await;
                    *self.postbox.budget.lock().unwrap() = None;
                    delivered.map_err(|e| internal("delivering", e))?;
                }
                self.restart().await;
            }
        }
        Ok(())
    }

    /// The bot is stopped and started again on the same database.
    async fn restart(&mut self) {
        let now = self.now();
        self.service.store().close().await;
        let (service, clock) = open(&self.dir, now).await;
        self.service = service;
        self.clock = clock;
    }

    /// Plays every game out until the event ends; it must end.
    async fn play_out(&mut self) -> Result<(), Broken> {
        for i in 0..200u32 {
            let Snapshot { t, games, .. } = self.snapshot().await?;
            if oracle::over(&t) && games.is_empty() {
                break;
            }
            if t.paused && t.status == TournamentStatus::Running {
                self.service
                    .director
                    .pause_tournament(here(), &self.director, Some(self.tid), false)
                    .await
                    .map_err(|e| internal("resuming", e))?;
            }
            for (k, (b, g)) in games.into_iter().enumerate() {
                let place = Place {
                    guild_id: GUILD,
                    channel_id: g.channel_id,
                };
                // Half the games played two plies (a result over the board), half not at all
                // (a forfeit).
                let plies = if (i as usize + k).is_multiple_of(2) {
                    2
                } else {
                    0
                };
                let g = self
                    .moves(g, plies, (i as u8).wrapping_add(k as u8))
                    .await?;
                if (i as usize + k).is_multiple_of(3) {
                    for who in [g.white_id, g.black_id] {
                        self.service
                            .games
                            .draw(place, &user(who))
                            .await
                            .map_err(|e| internal("a draw", e))?;
                    }
                    self.model.expected.insert(b.id, BoardResult::Draw);
                } else {
                    let white = g.ply.is_multiple_of(2);
                    let who = if white { g.white_id } else { g.black_id };
                    self.service
                        .games
                        .resign(place, &user(who))
                        .await
                        .map_err(|e| internal("resigning", e))?;
                    let result = match (white, g.ply >= focus_bot::store::RESULT_MIN_PLY) {
                        (true, true) => BoardResult::Black,
                        (false, true) => BoardResult::White,
                        (true, false) => BoardResult::BlackForfeit,
                        (false, false) => BoardResult::WhiteForfeit,
                    };
                    self.model.expected.insert(b.id, result);
                }
            }
            self.settle().await?;
            let Snapshot { t, games, .. } = self.snapshot().await?;
            if games.is_empty() {
                // Nothing in play: what is due next (a scheduled round, a retried letter).
                let next = self
                    .service
                    .deadlines
                    .next_due()
                    .await
                    .map_err(|e| internal("next due", e))?;
                if oracle::over(&t) {
                    break;
                }
                // Running, nothing in play and nothing due: it will never end.
                let Some(at) = next else { break };
                self.advance((at - self.now()).clamp(1, 90 * 86_400))
                    .await?;
                self.settle().await?;
            }
        }
        let Snapshot {
            t, boards, games, ..
        } = self.snapshot().await?;
        ensure(oracle::over(&t) && games.is_empty(), oracle::ENDS, || {
            format!(
                "after every game ended the event is {:?} at round {} of {:?} (paused {}), \
                 {} games in play; boards {:?}",
                t.status,
                t.current_round,
                t.rounds,
                t.paused,
                games.len(),
                boards
                    .iter()
                    .map(|b| (b.round, b.board, b.result))
                    .collect::<Vec<_>>()
            )
        })?;
        if t.status == TournamentStatus::Finished {
            ensure(
                boards.iter().all(|b| b.result.is_some()),
                oracle::ENDS,
                || "finished with a board without a result".into(),
            )?;
            ensure(self.model.podium_posted, oracle::ENDS, || {
                "finished, and no final standings were posted".into()
            })?;
            let standings = self
                .service
                .tournaments
                .standings(self.tid)
                .await
                .map_err(|e| internal("standings", e))?;
            self.model.check_standings(&standings, &boards)?;
            oracle::check_podium(&standings, self.draws_picture)?;
        }
        Ok(())
    }
}

/// Creates, fills and starts the event of `scenario`.
async fn start(scenario: &Scenario) -> Result<Run, Broken> {
    let dir = shm_dir();
    let (service, clock) = open(&dir, T0).await;
    let director = User::new(DIRECTOR, "director");
    let options = TournamentOptions {
        name: "Model".to_owned(),
        format: scenario.format,
        rounds: scenario.rounds,
        time_control: scenario.time_control,
        rules: Rules::CLASSIC,
        rated: true,
        starts_in_hours: scenario.starts_itself.then_some(1),
        max_players: None,
        pace: scenario.pace,
        round_every_days: scenario.round_every_days,
    };
    let view = service
        .tournaments
        .create_tournament(here(), &director, Rights { create: true }, options)
        .await
        .map_err(|e| internal("creating", e))?;
    let tid = view.tournament.id;
    service
        .tournaments
        .set_tournament_message(tid, 1)
        .await
        .map_err(|e| internal("the announcement", e))?;
    let mut run = Run {
        dir,
        service,
        clock,
        postbox: Postbox::default(),
        model: Model::new(scenario.format),
        tid,
        director,
        next_player: FIRST_PLAYER,
        trace: Vec::new(),
        fingerprint: String::new(),
        announced: String::new(),
        exported: String::new(),
        draws_picture: scenario.draws_picture,
    };
    for _ in 0..scenario.players {
        let id = run.next_player;
        run.next_player += 1;
        run.service
            .tournaments
            .join_tournament(here(), &user(id), Some(tid))
            .await
            .map_err(|e| internal("joining", e))?;
        run.model.players.push(oracle::Player {
            id,
            first_round: 1,
            standing: Standing::Playing,
        });
    }
    let needed = if scenario.format == Format::Swiss {
        4
    } else {
        3
    };
    if let Some(pick) = scenario.leaves_before_start
        && scenario.players > needed
    {
        let gone = run
            .model
            .players
            .remove(usize::from(pick) % run.model.players.len());
        run.service
            .tournaments
            .leave_tournament(here(), &user(gone.id), Some(tid))
            .await
            .map_err(|e| internal("leaving before the start", e))?;
    }
    run.settle().await?;
    if scenario.starts_itself {
        run.advance(3_600).await?;
        let started = run
            .service
            .director
            .start_due_tournaments()
            .await
            .map_err(|e| internal("starting on time", e))?;
        ensure(started == 1, oracle::ANSWERS, || {
            format!("{started} started on time")
        })?;
    } else {
        run.service
            .director
            .start_tournament(here(), &run.director, Some(tid))
            .await
            .map_err(|e| internal("starting", e))?;
    }
    run.settle().await?;
    Ok(run)
}

/// A temporary directory in memory where there is one (the database's writes cost nothing).
fn shm_dir() -> TempDir {
    let shm = std::path::Path::new("/dev/shm");
    if shm.is_dir()
        && let Ok(dir) = tempfile::Builder::new()
            .prefix("focus-model")
            .tempdir_in(shm)
    {
        return dir;
    }
    TempDir::new().expect("a temporary directory")
}

async fn run_event(scenario: &Scenario) -> Result<(), String> {
    let mut run = start(scenario)
        .await
        .map_err(|e| format!("at the start: {e}"))?;
    for (i, &step) in scenario.steps.iter().enumerate() {
        run.trace.push(format!("{i}: {step:?}"));
        let done = match run.step(step).await {
            Ok(()) => run.settle().await,
            Err(e) => Err(e),
        };
        if let Err(e) = done {
            return Err(format!("{e}\nafter steps:\n{}", run.trace.join("\n")));
        }
    }
    run.play_out().await.map_err(|e| {
        format!(
            "{e}\nafter steps:\n{}\nthen playing out",
            run.trace.join("\n")
        )
    })?;
    run.service.store().close().await;
    Ok(())
}

fn env_number(name: &str, default: u32) -> u32 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
fn random_events_keep_the_model_s_invariants() {
    // Each event is a database of its own: on PostgreSQL, a new database of the cluster,
    // created and migrated rather than copied from a file, so a tenth of the events there.
    let default_events = if crate::stores::on_postgres() {
        100
    } else {
        1_000
    };
    let events = env_number("FOCUS_MODEL_EVENTS", default_events);
    let most_players = env_number("FOCUS_MODEL_PLAYERS", 12);
    let config = Config {
        cases: events.div_ceil(2),
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "tests/proptest-regressions/tournament_model.txt",
        ))),
        max_shrink_iters: 200,
        ..Config::default()
    };
    // Two events at a time, one per core, each on a runtime of its own thread: an event is a
    // service and its store's thread, which mostly wait for each other.
    let runtimes: Vec<tokio::runtime::Runtime> = (0..2)
        .map(|_| {
            tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap()
        })
        .collect();
    let started = Instant::now();
    let mut runner = TestRunner::new(config);
    let pair = (scenario(most_players), scenario(most_players));
    let result = runner.run(&pair, |(a, b)| {
        let (first, second) = std::thread::scope(|scope| {
            let first = scope.spawn(|| runtimes[0].block_on(run_event(&a)));
            let second = runtimes[1].block_on(run_event(&b));
            (first.join().expect("the first event's thread ends"), second)
        });
        for (which, r) in [("first", first), ("second", second)] {
            r.map_err(|e| TestCaseError::fail(format!("the {which} event: {e}")))?;
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    eprintln!(
        "{events} random events of up to {most_players} players in {:.1} s",
        started.elapsed().as_secs_f64()
    );
}
