//! Tournaments through the game service (issue 22): a Swiss and round-robins played to the
//! end with a postman that starts threads, every round checked against the pairing module's
//! own re-pairing of the exported TRF, and the refusals.
// Longer than 400 lines: whole tournaments played through the service share their postman and
// re-pairing checks.

use crate::raw::Served;
use std::future::Future;
use std::sync::{Arc, Mutex};

use focus_bot::pairing::{self, System};
use focus_bot::rules::Rules;
use focus_bot::service::tournaments::{Cell, Rights, TournamentOptions};
use focus_bot::service::{Delivery, Letter, ManualClock, Place, Postman, User};
use focus_bot::store::{
    BoardResult, Format, GameStatus, NoticeId, Pace, StoreError, TimeControl, TournamentError,
    TournamentStatus,
};
use tempfile::TempDir;

const T0: i64 = 1_700_000_000;
const GUILD: u64 = 900_000_000_000_000_001;
const CHANNEL: u64 = 900_000_000_000_000_100;
const DIRECTOR: u64 = 5_000;

/// A postman that starts a thread (a fresh channel id) for every board and keeps every letter.
#[derive(Default)]
struct Threads {
    letters: Mutex<Vec<Letter>>,
    next: Mutex<u64>,
}

impl Threads {
    fn answer(&self, _: NoticeId, letter: &Letter) -> Delivery {
        self.letters.lock().unwrap().push(letter.clone());
        match letter {
            Letter::StartGame { .. } => {
                let mut next = self.next.lock().unwrap();
                *next += 1;
                Delivery::Thread(800_000_000_000_000_000 + *next)
            }
            _ => Delivery::Sent,
        }
    }
}

impl Postman for Threads {
    fn deliver(&self, notice: NoticeId, letter: &Letter) -> impl Future<Output = Delivery> + Send {
        std::future::ready(self.answer(notice, letter))
    }
}

async fn service(dir: &TempDir) -> (Served, ManualClock) {
    let clock = ManualClock::at(T0);
    let store = crate::stores::open(dir.path().join("focus.db"))
        .await
        .unwrap();
    (Served::new(store, Arc::new(clock.clone())), clock)
}

fn here() -> Place {
    Place {
        guild_id: GUILD,
        channel_id: CHANNEL,
    }
}

fn player(i: u64) -> User {
    User::new(6_000 + i, format!("player{i}"))
}

fn options(name: &str, format: Format, rounds: Option<u32>) -> TournamentOptions {
    TournamentOptions {
        name: name.to_owned(),
        format,
        rounds,
        time_control: TimeControl::Days(3),
        rules: Rules::CLASSIC,
        rated: true,
        starts_in_hours: None,
        max_players: None,
        pace: Pace::Next,
        round_every_days: None,
    }
}

const MAY_CREATE: Rights = Rights { create: true };

/// Plays every game of the current round to a result chosen by `pick` (board, round): White
/// wins, Black wins or a draw, each over the board after two moves.
async fn play_round(service: &Served, clock: &ManualClock, pick: impl Fn(u32, u32) -> u8) {
    let tid = service.tournaments.tournaments(here()).await.unwrap()[0].id;
    let (t, _, boards) = service
        .store()
        .call(move |s| s.tournament_whole(tid))
        .await
        .unwrap();
    for b in boards.iter().filter(|b| b.round == t.current_round) {
        let Some(game) = b.game_id else { continue };
        let black = b.black_id.unwrap();
        let now = T0;
        let choice = pick(b.board, b.round);
        service
            .store()
            .call(move |s| {
                s.record_move(game, b_white(s, game), 0, "c4-d4".parse().unwrap(), now)?;
                s.record_move(game, black, 1, "e4-d4".parse().unwrap(), now)?;
                match choice {
                    0 => s.resign(game, black, now).map(drop),
                    1 => s.resign(game, b_white(s, game), now).map(drop),
                    _ => {
                        s.offer_draw(game, black, now)?;
                        s.offer_draw(game, b_white(s, game), now).map(drop)
                    }
                }
            })
            .await
            .unwrap();
    }
    clock.advance(60);
}

fn b_white(s: &focus_bot::store::Store, game: focus_bot::store::GameId) -> u64 {
    s.game(game).unwrap().white_id
}

#[tokio::test]
async fn a_nine_player_swiss_is_paired_as_the_dutch_system_pairs_its_exported_trf() {
    let dir = TempDir::new().unwrap();
    let (service, clock) = service(&dir).await;
    let director = User::new(DIRECTOR, "director");
    let view = service
        .tournaments
        .create_tournament(
            here(),
            &director,
            MAY_CREATE,
            options("Spring Swiss", Format::Swiss, Some(4)),
        )
        .await
        .unwrap();
    let tid = view.tournament.id;
    for i in 1..=9 {
        service
            .tournaments
            .join_tournament(here(), &player(i), None)
            .await
            .unwrap();
    }
    // Joining twice is refused, and changes nothing.
    let twice = service
        .tournaments
        .join_tournament(here(), &player(1), None)
        .await;
    assert!(matches!(
        twice,
        Err(focus_bot::service::ServiceError::Store(
            StoreError::Tournament(TournamentError::AlreadyJoined(_))
        ))
    ));
    // Only the director starts it.
    assert!(
        service
            .director
            .start_tournament(here(), &player(1), None)
            .await
            .is_err()
    );
    service
        .director
        .start_tournament(here(), &director, None)
        .await
        .unwrap();
    // A second start (two clicks at once) starts nothing more.
    assert!(
        service
            .director
            .start_tournament(here(), &director, None)
            .await
            .is_err()
    );
    let postman = Threads::default();
    for round in 1..=4 {
        service.post.deliver(&postman).await.unwrap();
        let t = service
            .tournaments
            .find_tournament(here(), Some(tid))
            .await
            .unwrap();
        assert_eq!(t.current_round, round, "round {round} is paired");
        let (_, _, boards) = service
            .store()
            .call(move |s| s.tournament_whole(tid))
            .await
            .unwrap();
        let this: Vec<_> = boards.iter().filter(|b| b.round == round).collect();
        // Nine players: four games and a bye; every game started in a thread of its own.
        assert_eq!(this.len(), 5);
        assert_eq!(this.iter().filter(|b| b.black_id.is_none()).count(), 1);
        for b in this.iter().filter(|b| b.black_id.is_some()) {
            let game = b.game_id.expect("the game started in its thread");
            let game = service.store().call(move |s| s.game(game)).await.unwrap();
            assert_eq!(game.status, GameStatus::Active);
            assert_eq!(game.parent_channel_id, Some(CHANNEL));
            assert_eq!(game.tournament_id, Some(tid));
        }
        play_round(&service, &clock, |board, round| ((board + round) % 3) as u8).await;
        service.post.deliver(&postman).await.unwrap();
    }
    let t = service
        .tournaments
        .find_tournament(here(), Some(tid))
        .await
        .unwrap();
    assert_eq!(t.status, TournamentStatus::Finished);

    // Every round as the pairing module pairs the exported TRF.
    let trf = service.tournaments.export_trf(tid).await.unwrap();
    let read = pairing::trf::parse(&trf).unwrap();
    assert_eq!(read.players.len(), 9);
    let checks = pairing::check(&read, System::Dutch);
    assert_eq!(checks.len(), 4);
    for check in &checks {
        assert!(
            check.identical(),
            "round {} differs: {check:?}",
            check.round
        );
    }
    // Nobody had two byes; the standings' scores add up to the points given out (four games a
    // round and a one-point bye: 5 points a round).
    let standings = service.tournaments.standings(tid).await.unwrap();
    assert_eq!(standings.rows.len(), 9);
    let total: u32 = standings.rows.iter().map(|r| r.half_points).sum();
    assert_eq!(total, 4 * 2 * 5);
    for row in &standings.rows {
        let byes = row
            .cells
            .iter()
            .filter(|c| matches!(c, Cell::Bye { .. }))
            .count();
        assert!(byes <= 1, "{row:?}");
    }
    let mut ranks: Vec<u32> = standings.rows.iter().map(|r| r.rank).collect();
    ranks.sort_unstable();
    assert_eq!(ranks[0], 1);
    // The pairings and the standings went out as letters, the final ones last.
    let letters = postman.letters.lock().unwrap();
    let starts = letters
        .iter()
        .filter(|l| matches!(l, Letter::StartGame { .. }))
        .count();
    assert_eq!(starts, 16);
    assert!(matches!(
        letters.last(),
        Some(Letter::Tournament { news, .. })
            if matches!(**news, focus_bot::service::tournaments::TournamentNews::Finished(_))
    ));
}

#[tokio::test]
async fn a_round_robin_of_five_rests_one_player_a_round_and_everyone_meets_everyone() {
    let dir = TempDir::new().unwrap();
    let (service, clock) = service(&dir).await;
    let director = User::new(DIRECTOR, "director");
    let view = service
        .tournaments
        .create_tournament(
            here(),
            &director,
            MAY_CREATE,
            options("Club", Format::RoundRobin, None),
        )
        .await
        .unwrap();
    let tid = view.tournament.id;
    for i in 1..=5 {
        service
            .tournaments
            .join_tournament(here(), &player(i), None)
            .await
            .unwrap();
    }
    service
        .director
        .start_tournament(here(), &director, None)
        .await
        .unwrap();
    // A round-robin fixes its players at the start.
    assert!(
        service
            .tournaments
            .join_tournament(here(), &player(6), None)
            .await
            .is_err()
    );
    let postman = Threads::default();
    for _ in 1..=5 {
        service.post.deliver(&postman).await.unwrap();
        play_round(&service, &clock, |_, _| 2).await;
        service.post.deliver(&postman).await.unwrap();
    }
    let (t, _, boards) = service
        .store()
        .call(move |s| s.tournament_whole(tid))
        .await
        .unwrap();
    assert_eq!(t.rounds, Some(5));
    assert_eq!(t.status, TournamentStatus::Finished);
    let mut met = std::collections::HashSet::new();
    for b in &boards {
        match b.black_id {
            Some(black) => {
                let pair = (b.white_id.min(black), b.white_id.max(black));
                assert!(met.insert(pair), "{pair:?} met twice");
                assert_eq!(b.result, Some(BoardResult::Draw));
            }
            None => assert_eq!(b.result, Some(BoardResult::Bye)),
        }
    }
    assert_eq!(met.len(), 10, "every pair of five met once");
    // All draws: everyone 2 points (four draws, a rest worth nothing).
    let standings = service.tournaments.standings(tid).await.unwrap();
    assert!(standings.rows.iter().all(|r| r.half_points == 4));
}

#[tokio::test]
async fn bad_tournament_requests_get_a_refusal_and_change_nothing() {
    let dir = TempDir::new().unwrap();
    let (service, _clock) = service(&dir).await;
    let director = User::new(DIRECTOR, "director");
    let dm = Place {
        guild_id: 0,
        channel_id: 1,
    };
    let refused = |r: Result<_, focus_bot::service::ServiceError>| match r {
        Ok(_) => panic!("accepted"),
        Err(e) => {
            assert!(e.for_users(), "{e}");
            e.to_string()
        }
    };
    refused(
        service
            .tournaments
            .create_tournament(dm, &director, MAY_CREATE, options("x", Format::Swiss, None))
            .await,
    );
    refused(
        service
            .tournaments
            .create_tournament(
                here(),
                &director,
                Rights { create: false },
                options("x", Format::Swiss, None),
            )
            .await,
    );
    for bad in ["", "a*b", &"x".repeat(65)] {
        refused(
            service
                .tournaments
                .create_tournament(
                    here(),
                    &director,
                    MAY_CREATE,
                    options(bad, Format::Swiss, None),
                )
                .await,
        );
    }
    assert!(
        service
            .tournaments
            .tournaments(here())
            .await
            .unwrap()
            .is_empty()
    );
    service
        .tournaments
        .create_tournament(
            here(),
            &director,
            MAY_CREATE,
            options("Small", Format::Swiss, None),
        )
        .await
        .unwrap();
    for i in 1..=3 {
        service
            .tournaments
            .join_tournament(here(), &player(i), None)
            .await
            .unwrap();
    }
    // A Swiss needs four players.
    refused(
        service
            .director
            .start_tournament(here(), &director, None)
            .await,
    );
    // A tournament of another server is not found from here.
    let other = Place {
        guild_id: GUILD + 1,
        channel_id: CHANNEL + 1,
    };
    let tid = service.tournaments.tournaments(here()).await.unwrap()[0].id;
    refused(
        service
            .tournaments
            .join_tournament(other, &player(9), Some(tid))
            .await,
    );
    let view = service.tournaments.tournament_view(tid).await.unwrap();
    assert_eq!(view.players.len(), 3);
    assert_eq!(view.tournament.status, TournamentStatus::Open);
}

/// The ids of round `round`'s games, with their White and Black.
async fn games_of(
    service: &Served,
    tid: focus_bot::store::TournamentId,
    round: u32,
) -> Vec<(focus_bot::store::GameId, u64, u64)> {
    let (_, _, boards) = service
        .store()
        .call(move |s| s.tournament_whole(tid))
        .await
        .unwrap();
    boards
        .iter()
        .filter(|b| b.round == round && b.black_id.is_some())
        .map(|b| (b.game_id.unwrap(), b.white_id, b.black_id.unwrap()))
        .collect()
}

#[tokio::test]
async fn late_joiners_withdrawals_no_shows_and_adjudications_enter_the_table() {
    let dir = TempDir::new().unwrap();
    let (service, clock) = service(&dir).await;
    let director = User::new(DIRECTOR, "director");
    let tid = service
        .tournaments
        .create_tournament(
            here(),
            &director,
            MAY_CREATE,
            options("Autumn", Format::Swiss, Some(4)),
        )
        .await
        .unwrap()
        .tournament
        .id;
    for i in 1..=6 {
        service
            .tournaments
            .join_tournament(here(), &player(i), None)
            .await
            .unwrap();
    }
    service
        .director
        .start_tournament(here(), &director, None)
        .await
        .unwrap();
    let postman = Threads::default();
    service.post.deliver(&postman).await.unwrap();
    // Round 1: the first game is adjudicated by the director (a non-director is refused), the
    // second lost on time by a White who never moved (a no-show), the third played.
    let round1 = games_of(&service, tid, 1).await;
    assert_eq!(round1.len(), 3);
    let (g0, w0, _) = round1[0];
    assert!(
        service
            .director
            .adjudicate(here(), &player(1), None, g0, BoardResult::Draw)
            .await
            .is_err()
    );
    service
        .director
        .adjudicate(here(), &director, None, g0, BoardResult::Draw)
        .await
        .unwrap();
    let game = service.store().call(move |s| s.game(g0)).await.unwrap();
    assert_eq!(game.status, GameStatus::Finished);
    let (g1, no_show, _) = round1[1];
    let (g2, w2, b2) = round1[2];
    service
        .store()
        .call(move |s| {
            s.record_move(g2, w2, 0, "c4-d4".parse().unwrap(), T0)?;
            s.record_move(g2, b2, 1, "e4-d4".parse().unwrap(), T0)?;
            s.resign(g2, w2, T0)
        })
        .await
        .unwrap();
    clock.advance(3 * 86_400 + 1);
    service.deadlines.sweep().await.unwrap();
    let game = service.store().call(move |s| s.game(g1)).await.unwrap();
    assert_eq!(
        game.status,
        GameStatus::Finished,
        "lost on time, not aborted"
    );
    // A late joiner comes in for round 2; player 1 (from game 0) withdraws.
    let late = player(7);
    let view = service
        .tournaments
        .join_tournament(here(), &late, None)
        .await
        .unwrap();
    let entry = view.players.iter().find(|p| p.user.id == late.id).unwrap();
    assert_eq!(entry.entrant.first_round, 2);
    service
        .tournaments
        .leave_tournament(here(), &User::new(w0, "w0"), None)
        .await
        .unwrap();
    service.post.deliver(&postman).await.unwrap();
    let t = service
        .tournaments
        .find_tournament(here(), None)
        .await
        .unwrap();
    assert_eq!(t.current_round, 2);
    // Round 2 pairs the late joiner, not the withdrawn player nor the no-show: five of
    // 7 − 2 = 5 players, two games and a bye.
    let (_, entrants, boards) = service
        .store()
        .call(move |s| s.tournament_whole(tid))
        .await
        .unwrap();
    let round2: Vec<_> = boards.iter().filter(|b| b.round == 2).collect();
    let paired: Vec<u64> = round2
        .iter()
        .flat_map(|b| std::iter::once(b.white_id).chain(b.black_id))
        .collect();
    assert_eq!(paired.len(), 5);
    assert!(paired.contains(&late.id));
    assert!(!paired.contains(&w0) && !paired.contains(&no_show));
    let status = |u: u64| entrants.iter().find(|e| e.user_id == u).unwrap().status;
    assert_eq!(status(no_show), focus_bot::store::EntrantStatus::NoShow);
    assert_eq!(status(w0), focus_bot::store::EntrantStatus::Withdrawn);
    // The no-show was told by DM.
    assert!(postman.letters.lock().unwrap().iter().any(|l| matches!(
        l,
        Letter::Direct { user_id, news: focus_bot::service::News::NoShow { .. }, .. }
            if *user_id == no_show
    )));
    // The table: the late joiner's missed round is half a point, the forfeit a loss.
    let standings = service.tournaments.standings(tid).await.unwrap();
    let row = |u: u64| standings.rows.iter().find(|r| r.user.id == u).unwrap();
    assert_eq!(row(late.id).cells[0], Cell::Missed);
    assert_eq!(row(late.id).half_points, 1);
    assert!(matches!(
        row(no_show).cells[0],
        Cell::Game {
            half_points: Some(0),
            forfeit: true,
            ..
        }
    ));
    // The exported TRF still re-pairs identically.
    let trf = service.tournaments.export_trf(tid).await.unwrap();
    let read = pairing::trf::parse(&trf).unwrap();
    for check in pairing::check(&read, System::Dutch) {
        assert!(
            check.identical(),
            "round {} differs: {check:?}",
            check.round
        );
    }
}

/// A postman that starts at most `threads` threads, then fails (Discord down, or the bot
/// killed mid-round).
struct Failing {
    threads: Mutex<u32>,
    inner: Threads,
}

impl Postman for Failing {
    fn deliver(&self, notice: NoticeId, letter: &Letter) -> impl Future<Output = Delivery> + Send {
        if matches!(letter, Letter::StartGame { .. }) {
            let mut left = self.threads.lock().unwrap();
            if *left == 0 {
                return std::future::ready(Delivery::Failed("Discord is down".into()));
            }
            *left -= 1;
        }
        std::future::ready(self.inner.answer(notice, letter))
    }
}

#[tokio::test]
async fn a_restart_during_pairing_and_mid_round_loses_no_game_and_pairs_no_round_twice() {
    let dir = TempDir::new().unwrap();
    let tid = {
        let (service, _clock) = service(&dir).await;
        let director = User::new(DIRECTOR, "director");
        let tid = service
            .tournaments
            .create_tournament(
                here(),
                &director,
                MAY_CREATE,
                options("Durable", Format::Swiss, Some(3)),
            )
            .await
            .unwrap()
            .tournament
            .id;
        for i in 1..=8 {
            service
                .tournaments
                .join_tournament(here(), &player(i), None)
                .await
                .unwrap();
        }
        service
            .director
            .start_tournament(here(), &director, None)
            .await
            .unwrap();
        // Killed before the pairing notice was delivered.
        service.store().close().await;
        tid
    };
    // Restarted: round 1 is paired, two threads start, then Discord fails.
    let (service, clock) = service(&dir).await;
    // Its thread ids differ from the next postman's, as Discord's always do.
    let failing = Failing {
        threads: Mutex::new(2),
        inner: Threads {
            next: Mutex::new(1_000),
            ..Threads::default()
        },
    };
    service.post.deliver(&failing).await.unwrap();
    let started = |boards: &[focus_bot::store::Board]| {
        boards
            .iter()
            .filter(|b| b.round == 1 && b.game_id.is_some())
            .count()
    };
    let (t, _, boards) = service
        .store()
        .call(move |s| s.tournament_whole(tid))
        .await
        .unwrap();
    assert_eq!(t.current_round, 1);
    assert_eq!(boards.len(), 4);
    assert_eq!(started(&boards), 2);
    service.store().close().await;
    drop(service);
    // Restarted again: the two boards left get their threads a minute later (the retry);
    // round 1 is not paired again.
    let (service, clock2) = self::service(&dir).await;
    let _ = clock;
    clock2.advance(120);
    let postman = Threads::default();
    service.post.deliver(&postman).await.unwrap();
    let (t, _, boards) = service
        .store()
        .call(move |s| s.tournament_whole(tid))
        .await
        .unwrap();
    assert_eq!(t.current_round, 1);
    assert_eq!(boards.len(), 4, "round 1 paired once");
    assert_eq!(started(&boards), 4, "every game started");
    let threads: std::collections::HashSet<u64> = {
        let mut all = Vec::new();
        for b in &boards {
            let g = b.game_id.unwrap();
            all.push(
                service
                    .store()
                    .call(move |s| s.game(g))
                    .await
                    .unwrap()
                    .channel_id,
            );
        }
        all.into_iter().collect()
    };
    assert_eq!(threads.len(), 4, "a thread each");
}

#[tokio::test]
async fn a_double_round_robin_of_three_meets_twice_with_colours_reversed() {
    let dir = TempDir::new().unwrap();
    let (service, clock) = service(&dir).await;
    let director = User::new(DIRECTOR, "director");
    let tid = service
        .tournaments
        .create_tournament(
            here(),
            &director,
            MAY_CREATE,
            options("Twice", Format::DoubleRoundRobin, None),
        )
        .await
        .unwrap()
        .tournament
        .id;
    for i in 1..=3 {
        service
            .tournaments
            .join_tournament(here(), &player(i), None)
            .await
            .unwrap();
    }
    service
        .director
        .start_tournament(here(), &director, None)
        .await
        .unwrap();
    let postman = Threads::default();
    for _ in 1..=6 {
        service.post.deliver(&postman).await.unwrap();
        play_round(&service, &clock, |_, _| 0).await;
        service.post.deliver(&postman).await.unwrap();
    }
    let (t, _, boards) = service
        .store()
        .call(move |s| s.tournament_whole(tid))
        .await
        .unwrap();
    assert_eq!((t.rounds, t.status), (Some(6), TournamentStatus::Finished));
    let mut games: Vec<(u64, u64)> = boards
        .iter()
        .filter_map(|b| b.black_id.map(|black| (b.white_id, black)))
        .collect();
    games.sort_unstable();
    // Each of the three pairs twice, once with each colour.
    assert_eq!(games.len(), 6);
    for &(white, black) in &games {
        assert!(games.contains(&(black, white)), "{white} and {black}");
    }
    // Every player rests twice (a bye each cycle).
    for i in 1..=3 {
        let rests = boards
            .iter()
            .filter(|b| b.black_id.is_none() && b.white_id == player(i).id)
            .count();
        assert_eq!(rests, 2);
    }
}

#[tokio::test]
async fn rounds_on_a_schedule_wait_for_their_day() {
    let dir = TempDir::new().unwrap();
    let (service, clock) = service(&dir).await;
    let director = User::new(DIRECTOR, "director");
    let mut weekly = options("Weekly", Format::Swiss, Some(2));
    weekly.pace = Pace::Schedule;
    weekly.round_every_days = Some(7);
    let tid = service
        .tournaments
        .create_tournament(here(), &director, MAY_CREATE, weekly)
        .await
        .unwrap()
        .tournament
        .id;
    for i in 1..=4 {
        service
            .tournaments
            .join_tournament(here(), &player(i), None)
            .await
            .unwrap();
    }
    service
        .director
        .start_tournament(here(), &director, None)
        .await
        .unwrap();
    let postman = Threads::default();
    service.post.deliver(&postman).await.unwrap();
    play_round(&service, &clock, |_, _| 0).await;
    let round = || async {
        service
            .tournaments
            .find_tournament(here(), Some(tid))
            .await
            .unwrap()
            .current_round
    };
    // Round 1 is over within the day; round 2 waits for day 7 after the start.
    clock.advance(6 * 86_400);
    service.post.deliver(&postman).await.unwrap();
    assert_eq!(round().await, 1);
    clock.advance(86_400);
    service.post.deliver(&postman).await.unwrap();
    assert_eq!(round().await, 2);
}

/// Starts a round-robin of `players` played all at once, 15 minutes a move, and delivers its
/// pairings: every game in its thread.
async fn all_at_once(
    service: &Served,
    postman: &Threads,
    players: u64,
) -> focus_bot::store::TournamentId {
    let director = User::new(DIRECTOR, "director");
    let mut o = options("Blitz", Format::RoundRobin, None);
    o.pace = Pace::AllAtOnce;
    o.time_control = TimeControl::Minutes(15);
    let tid = service
        .tournaments
        .create_tournament(here(), &director, MAY_CREATE, o)
        .await
        .unwrap()
        .tournament
        .id;
    for i in 1..=players {
        service
            .tournaments
            .join_tournament(here(), &player(i), None)
            .await
            .unwrap();
    }
    service
        .director
        .start_tournament(here(), &director, None)
        .await
        .unwrap();
    service.post.deliver(postman).await.unwrap();
    tid
}

/// Issue 32: four players all at once, two moves in one game, then every game runs out of
/// time in one sweep. The event stayed at "round 3 of 3" for ever when the last game to end
/// was not in round 3 (only a result of the last paired round looked at the event). Each of
/// the six games in turn is the one with moves (so ends last), and each time the event ends
/// with its final standings.
#[tokio::test]
async fn a_round_robin_played_all_at_once_ends_whichever_game_ends_last() {
    for moved in 0..6 {
        let dir = TempDir::new().unwrap();
        let (service, clock) = service(&dir).await;
        let postman = Threads::default();
        let tid = all_at_once(&service, &postman, 4).await;
        let (t, _, boards) = service
            .store()
            .call(move |s| s.tournament_whole(tid))
            .await
            .unwrap();
        assert_eq!((t.current_round, t.rounds), (3, Some(3)));
        let games: Vec<_> = boards.iter().filter(|b| b.black_id.is_some()).collect();
        assert_eq!(games.len(), 6);
        check_texts_name_real_rounds(&service, tid).await;
        let b = games[moved];
        let (game, white, black) = (b.game_id.unwrap(), b.white_id, b.black_id.unwrap());
        let at = T0 + 60;
        service
            .store()
            .call(move |s| {
                s.record_move(game, white, 0, "c4-d4".parse().unwrap(), at)?;
                s.record_move(game, black, 1, "e4-d4".parse().unwrap(), at)
            })
            .await
            .unwrap();
        clock.advance(16 * 60 + 60);
        service.deadlines.sweep().await.unwrap();
        service.post.deliver(&postman).await.unwrap();
        let (t, _, boards) = service
            .store()
            .call(move |s| s.tournament_whole(tid))
            .await
            .unwrap();
        assert!(boards.iter().all(|b| b.result.is_some()), "{boards:?}");
        assert_eq!(
            t.status,
            TournamentStatus::Finished,
            "game {moved} (round {}) ended last",
            b.round
        );
        assert!(
            postman.letters.lock().unwrap().iter().any(|l| matches!(
                l,
                Letter::Tournament { news, .. }
                    if matches!(**news, focus_bot::service::tournaments::TournamentNews::Finished(_))
            )),
            "the podium is posted (game {moved} ended last)"
        );
        check_texts_name_real_rounds(&service, tid).await;
        for letter in postman.letters.lock().unwrap().iter() {
            for lang in focus_bot::i18n::Lang::all() {
                let text = focus_bot::strings::letters::text(lang, letter).words();
                check_rounds_named(&text, 3);
            }
        }
    }
}

/// Every round a text names (`round 3`, `3-й тур`, `3-го тура`, `3-м туре`, `R3`) is one of
/// the event's planned rounds: never round 0, never one past the last.
fn check_rounds_named(text: &str, rounds: u32) {
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | ':' | '.' | '(' | ')' | '*'))
        .filter(|w| !w.is_empty())
        .collect();
    for (i, w) in words.iter().enumerate() {
        let named = if matches!(*w, "round" | "rounds") {
            words.get(i + 1).and_then(|n| n.parse::<u32>().ok())
        } else if let Some((n, ending)) = w.split_once('-')
            && ["й", "го", "м"].contains(&ending)
            && words.get(i + 1).is_some_and(|t| t.starts_with("тур"))
        {
            n.parse::<u32>().ok()
        } else {
            None
        };
        if let Some(n) = named {
            assert!(
                (1..=rounds).contains(&n),
                "round {n} of {rounds} named in {text:?}"
            );
        }
    }
}

/// Every sentence a tournament shows, in every language: the announcement, the server's list,
/// the standings' caption and text, the picture's title.
async fn check_texts_name_real_rounds(service: &Served, tid: focus_bot::store::TournamentId) {
    use focus_bot::i18n::Lang;
    use focus_bot::strings::tournaments as words;
    let view = service.tournaments.tournament_view(tid).await.unwrap();
    let standings = service.tournaments.standings(tid).await.unwrap();
    let rounds = view.tournament.rounds.unwrap_or(1).max(1);
    let last = view.tournament.status == TournamentStatus::Finished;
    for lang in Lang::all() {
        let texts = [
            words::announcement(lang, &view).words(),
            words::list(lang, &[(view.tournament.clone(), view.players.len())]).words(),
            words::standings_caption(lang, &standings, last).words(),
            words::crosstable(lang, &standings, 1, 16).title,
        ];
        for text in texts {
            check_rounds_named(&text, rounds);
        }
    }
}

/// Issue 32: after the start and before round 1 is paired, the announcement said "Round 0 of
/// 3 is being played" («Идёт 0-й тур из 3») and the standings "after round 0".
#[tokio::test]
async fn no_text_names_round_zero_before_the_first_round() {
    use focus_bot::i18n::Lang;
    use focus_bot::strings::tournaments as words;
    let dir = TempDir::new().unwrap();
    let (service, _clock) = service(&dir).await;
    let director = User::new(DIRECTOR, "director");
    let tid = service
        .tournaments
        .create_tournament(
            here(),
            &director,
            MAY_CREATE,
            options("Zero", Format::Swiss, Some(3)),
        )
        .await
        .unwrap()
        .tournament
        .id;
    for i in 1..=4 {
        service
            .tournaments
            .join_tournament(here(), &player(i), None)
            .await
            .unwrap();
    }
    check_texts_name_real_rounds(&service, tid).await;
    let view = service
        .director
        .start_tournament(here(), &director, None)
        .await
        .unwrap();
    assert_eq!(view.tournament.current_round, 0);
    let en = words::announcement(Lang::ENGLISH, &view).words();
    assert!(en.contains("Round 1 of 3 is being paired."), "{en}");
    let ru = words::announcement(Lang::of_tag("ru"), &view).words();
    assert!(ru.contains("Составляются пары 1-го тура из 3."), "{ru}");
    let standings = service.tournaments.standings(tid).await.unwrap();
    assert_eq!(
        words::crosstable(Lang::ENGLISH, &standings, 1, 16).title,
        "Zero — before round 1 of 3"
    );
    check_texts_name_real_rounds(&service, tid).await;
    // And at every later step of the event.
    let postman = Threads::default();
    let clock = ManualClock::at(T0);
    for _ in 1..=3 {
        service.post.deliver(&postman).await.unwrap();
        check_texts_name_real_rounds(&service, tid).await;
        play_round(&service, &clock, |_, _| 0).await;
        check_texts_name_real_rounds(&service, tid).await;
        service.post.deliver(&postman).await.unwrap();
        check_texts_name_real_rounds(&service, tid).await;
    }
    let t = service
        .tournaments
        .find_tournament(here(), Some(tid))
        .await
        .unwrap();
    assert_eq!(t.status, TournamentStatus::Finished);
    for letter in postman.letters.lock().unwrap().iter() {
        for lang in Lang::all() {
            let text = focus_bot::strings::letters::text(lang, letter).words();
            check_rounds_named(&text, 3);
        }
    }
}

/// Issue 32: a player who lost round 1 and got the bye of round 2 showed 1 point "after round
/// 1", and the two pictures titled "after round 1" (posted when the round ended, and asked for
/// during round 2) differed. Standings after round N count rounds 1 to N only.
#[tokio::test]
async fn standings_after_a_round_count_that_round_and_no_later_bye() {
    use focus_bot::i18n::Lang;
    use focus_bot::service::tournaments::TournamentNews;
    use focus_bot::strings::tournaments as words;
    let dir = TempDir::new().unwrap();
    let (service, clock) = service(&dir).await;
    let director = User::new(DIRECTOR, "director");
    let tid = service
        .tournaments
        .create_tournament(
            here(),
            &director,
            MAY_CREATE,
            options("Odd", Format::Swiss, Some(3)),
        )
        .await
        .unwrap()
        .tournament
        .id;
    for i in 1..=5 {
        service
            .tournaments
            .join_tournament(here(), &player(i), None)
            .await
            .unwrap();
    }
    service
        .director
        .start_tournament(here(), &director, None)
        .await
        .unwrap();
    let postman = Threads::default();
    service.post.deliver(&postman).await.unwrap();
    // Round 1: White wins every game.
    play_round(&service, &clock, |_, _| 0).await;
    let after_1 = service.tournaments.standings(tid).await.unwrap();
    assert_eq!(after_1.complete_rounds, 1);
    // Round 2 is paired, its bye given (a point at once); its games are in play.
    service.post.deliver(&postman).await.unwrap();
    let (t, _, boards) = service
        .store()
        .call(move |s| s.tournament_whole(tid))
        .await
        .unwrap();
    assert_eq!(t.current_round, 2);
    let bye = boards
        .iter()
        .find(|b| b.round == 2 && b.black_id.is_none())
        .unwrap()
        .white_id;
    let during_2 = service.tournaments.standings(tid).await.unwrap();
    assert_eq!(during_2.complete_rounds, 1);
    let points = |s: &focus_bot::service::tournaments::Standings, user: u64| {
        s.rows
            .iter()
            .find(|r| r.user.id == user)
            .unwrap()
            .half_points
    };
    assert_eq!(
        points(&during_2, bye),
        points(&after_1, bye),
        "the bye of round 2 is not counted after round 1"
    );
    let total: u32 = during_2.rows.iter().map(|r| r.half_points).sum();
    assert_eq!(
        total,
        2 * 2 + 2,
        "two games and the bye of round 1, in half points"
    );
    // The standings posted when round 1 ended, and the ones asked for now: the same picture.
    let posted = postman
        .letters
        .lock()
        .unwrap()
        .iter()
        .find_map(|l| match l {
            Letter::Tournament { news, .. } => match &**news {
                TournamentNews::RoundOver(s) => Some(s.clone()),
                _ => None,
            },
            _ => None,
        })
        .expect("the standings after round 1 were posted");
    for lang in Lang::all() {
        assert_eq!(
            words::crosstable(lang, &posted, 1, 16),
            words::crosstable(lang, &during_2, 1, 16)
        );
    }
}

/// Issue 32: a round-robin of five, all draws: everyone ends on the same score. The podium
/// text gave golds to players the picture ranked apart, the picture named opponents by row
/// numbers a shared rank hid (ranks 1, 1, 1, 1, 5 beside an opponent "3"), and drew a rest
/// like a forfeit loss. Now one order: every rank is its row's, the opponents' numbers name
/// rows, the podium is the first three rows in text and picture, and a rest is no loss.
#[tokio::test]
async fn the_podium_ranks_and_opponents_follow_one_order_and_a_rest_is_no_loss() {
    use focus_bot::i18n::Lang;
    use focus_bot::render::crosstable as ct;
    use focus_bot::service::tournaments::TournamentNews;
    use focus_bot::strings::tournaments as words;
    let dir = TempDir::new().unwrap();
    let (service, clock) = service(&dir).await;
    let director = User::new(DIRECTOR, "director");
    let tid = service
        .tournaments
        .create_tournament(
            here(),
            &director,
            MAY_CREATE,
            options("Tied", Format::RoundRobin, None),
        )
        .await
        .unwrap()
        .tournament
        .id;
    for i in 1..=5 {
        service
            .tournaments
            .join_tournament(here(), &player(i), None)
            .await
            .unwrap();
    }
    service
        .director
        .start_tournament(here(), &director, None)
        .await
        .unwrap();
    let postman = Threads::default();
    for _ in 1..=5 {
        service.post.deliver(&postman).await.unwrap();
        play_round(&service, &clock, |_, _| 2).await;
        service.post.deliver(&postman).await.unwrap();
    }
    let standings = service.tournaments.standings(tid).await.unwrap();
    assert_eq!(standings.tournament.status, TournamentStatus::Finished);
    let ranks: Vec<u32> = standings.rows.iter().map(|r| r.rank).collect();
    assert_eq!(ranks, [1, 2, 3, 4, 5], "one order, a rank per row");
    let (_, _, boards) = service
        .store()
        .call(move |s| s.tournament_whole(tid))
        .await
        .unwrap();
    let rank_of = |user: u64| {
        standings
            .rows
            .iter()
            .find(|r| r.user.id == user)
            .unwrap()
            .rank
    };
    for lang in Lang::all() {
        let picture = words::crosstable(lang, &standings, 1, 16);
        assert!(picture.podium);
        for (row, drawn) in standings.rows.iter().zip(&picture.rows) {
            assert_eq!(drawn.rank, row.rank);
            assert!(drawn.rank_shown, "every rank printed: {drawn:?}");
            for (round, cell) in drawn.cells.iter().enumerate() {
                let board = boards
                    .iter()
                    .find(|b| {
                        b.round == round as u32 + 1
                            && (b.white_id == row.user.id || b.black_id == Some(row.user.id))
                    })
                    .unwrap();
                match (board.black_id, cell) {
                    (Some(black), ct::Cell::Game { opponent, .. }) => {
                        let other = if black == row.user.id {
                            board.white_id
                        } else {
                            black
                        };
                        assert_eq!(*opponent, rank_of(other), "the opponent's row");
                    }
                    (None, ct::Cell::NoGame { outcome, mark }) => {
                        assert_eq!(*outcome, None, "a rest is not a loss");
                        assert!(!["–", "−", "0"].contains(&mark.as_str()), "{mark}");
                    }
                    other => panic!("{other:?}"),
                }
            }
        }
        // The podium's text names the picture's first three rows, one medal each.
        let finished = postman
            .letters
            .lock()
            .unwrap()
            .iter()
            .find_map(|l| match l {
                Letter::Tournament { news, .. } => match &**news {
                    TournamentNews::Finished(s) => Some(s.clone()),
                    _ => None,
                },
                _ => None,
            })
            .expect("the final standings");
        let text = words::news(lang, &TournamentNews::Finished(finished.clone()))[0].clone();
        let podium_line = text.words().lines().next().unwrap().to_owned();
        let medals: Vec<(&str, u64)> = ["🥇", "🥈", "🥉"]
            .iter()
            .zip(&finished.rows)
            .map(|(m, r)| (*m, r.user.id))
            .collect();
        let users = text.users();
        assert_eq!(
            &users[..3],
            &medals.iter().map(|(_, u)| *u).collect::<Vec<_>>()[..],
            "{podium_line}"
        );
        for (medal, _) in &medals {
            assert_eq!(podium_line.matches(medal).count(), 1, "{podium_line}");
        }
    }
}

/// Issue 32: the standings post had its caption and no rows; the text table is there, for
/// screen readers, every player a line, within Discord's 2,000 characters.
#[tokio::test]
async fn the_standings_post_has_a_line_per_player() {
    use focus_bot::i18n::Lang;
    use focus_bot::service::tournaments::TournamentNews;
    use focus_bot::strings::tournaments as words;
    let dir = TempDir::new().unwrap();
    let (service, clock) = service(&dir).await;
    let director = User::new(DIRECTOR, "director");
    service
        .tournaments
        .create_tournament(
            here(),
            &director,
            MAY_CREATE,
            options("Rows", Format::Swiss, Some(2)),
        )
        .await
        .unwrap();
    for i in 1..=6 {
        service
            .tournaments
            .join_tournament(here(), &player(i), None)
            .await
            .unwrap();
    }
    service
        .director
        .start_tournament(here(), &director, None)
        .await
        .unwrap();
    let postman = Threads::default();
    for _ in 1..=2 {
        service.post.deliver(&postman).await.unwrap();
        play_round(&service, &clock, |board, _| (board % 3) as u8).await;
        service.post.deliver(&postman).await.unwrap();
    }
    let letters = postman.letters.lock().unwrap();
    let standings: Vec<&TournamentNews> = letters
        .iter()
        .filter_map(|l| match l {
            Letter::Tournament { news, .. } if !matches!(**news, TournamentNews::Paired(_)) => {
                Some(&**news)
            }
            _ => None,
        })
        .collect();
    assert_eq!(standings.len(), 2, "after round 1, and the final standings");
    for news in standings {
        for lang in Lang::all() {
            let texts = words::news(lang, news);
            assert_eq!(texts.len(), 1);
            let len = focus_bot::strings::message_len(&texts[0]);
            assert!(len <= focus_bot::strings::MESSAGE_LIMIT, "{len}");
            let words = texts[0].words();
            let lines: Vec<&str> = words.lines().collect();
            assert_eq!(lines.len(), 1 + 6, "{words}");
            for (i, line) in lines[1..].iter().enumerate() {
                assert!(line.starts_with(&format!("{}. @600", i + 1)), "{line}");
            }
        }
    }
}

/// Issue 32, in a one-round Swiss of six, 15 minutes a move:
/// - a reminder in a tournament game said the game would be aborted (a tournament game never
///   is: it ends with a result);
/// - after the director's `moretime` the reminder stayed at 80 % of the old deadline (14 of
///   30 minutes left); it follows the new one;
/// - the DM to a player who never moved in the last round said they were withdrawn "from its
///   later rounds" (there are none);
/// - the finished event's announcement left out the players who withdrew; a cancelled event
///   without players said "press Join".
#[tokio::test]
async fn reminders_no_show_letters_and_announcements_say_what_will_happen() {
    use focus_bot::i18n::Lang;
    use focus_bot::service::News;
    use focus_bot::strings::tournaments as words;
    let dir = TempDir::new().unwrap();
    let (service, clock) = service(&dir).await;
    let director = User::new(DIRECTOR, "director");
    let mut o = options("Quick", Format::Swiss, Some(1));
    o.time_control = TimeControl::Minutes(15);
    let tid = service
        .tournaments
        .create_tournament(here(), &director, MAY_CREATE, o)
        .await
        .unwrap()
        .tournament
        .id;
    for i in 1..=6 {
        service
            .tournaments
            .join_tournament(here(), &player(i), None)
            .await
            .unwrap();
    }
    service
        .director
        .start_tournament(here(), &director, None)
        .await
        .unwrap();
    let postman = Threads::default();
    service.post.deliver(&postman).await.unwrap();
    let games = games_of(&service, tid, 1).await;
    assert_eq!(games.len(), 3);
    // Games A and B: a move each, at T0; game C: nobody moves.
    for &(game, white, black) in &games[..2] {
        service
            .store()
            .call(move |s| {
                s.record_move(game, white, 0, "c4-d4".parse().unwrap(), T0)?;
                s.record_move(game, black, 1, "e4-d4".parse().unwrap(), T0)
            })
            .await
            .unwrap();
    }
    // The director gives B one more move's time a minute later: 30 minutes from the move.
    clock.advance(60);
    let b = games[1].0;
    let extended = service
        .director
        .extra_time(here(), &director, None, b)
        .await
        .unwrap();
    assert_eq!(extended.deadline, Some(T0 + 30 * 60));
    assert_eq!(
        extended.remind_at,
        Some(T0 + 24 * 60),
        "the reminder at 80 % of the new deadline"
    );
    // A player of A withdraws while it is played (the game goes on).
    let (a, a_white, _) = games[0];
    service
        .tournaments
        .leave_tournament(here(), &User::new(a_white, "a"), None)
        .await
        .unwrap();
    // 13 minutes: A's reminder, not B's.
    clock.advance(12 * 60);
    service.deadlines.sweep().await.unwrap();
    service.post.deliver(&postman).await.unwrap();
    let reminded: Vec<i64> = postman
        .letters
        .lock()
        .unwrap()
        .iter()
        .filter_map(|l| match l {
            Letter::Post {
                news: News::Reminder { game, .. },
                ..
            }
            | Letter::Direct {
                news: News::Reminder { game, .. },
                ..
            } => Some(game.id.0),
            _ => None,
        })
        .collect();
    assert_eq!(reminded, [a.0], "only A is reminded at 13 minutes");
    for letter in postman.letters.lock().unwrap().iter() {
        if !matches!(
            letter,
            Letter::Post {
                news: News::Reminder { .. },
                ..
            } | Letter::Direct {
                news: News::Reminder { .. },
                ..
            }
        ) {
            continue;
        }
        let en = focus_bot::strings::letters::text(Lang::ENGLISH, letter).words();
        assert!(
            en.contains("if time runs out, you lose on time") && !en.contains("abort"),
            "{en}"
        );
        let ru = focus_bot::strings::letters::text(Lang::of_tag("ru"), letter).words();
        assert!(!ru.contains("прервана"), "{ru}");
    }
    // Time runs out everywhere: C's White never moved (a no-show) in the last round.
    clock.advance(30 * 60);
    service.deadlines.sweep().await.unwrap();
    service.post.deliver(&postman).await.unwrap();
    let no_show = games[2].1;
    let dm = postman
        .letters
        .lock()
        .unwrap()
        .iter()
        .find(|l| {
            matches!(l, Letter::Direct { user_id, news: News::NoShow { .. }, .. }
                if *user_id == no_show)
        })
        .cloned()
        .expect("the no-show is told");
    let en = focus_bot::strings::letters::text(Lang::ENGLISH, &dm).words();
    assert!(!en.contains("later rounds"), "{en}");
    let ru = focus_bot::strings::letters::text(Lang::of_tag("ru"), &dm).words();
    assert!(!ru.contains("следующих туров"), "{ru}");
    // Over: every player is still listed, those who left marked.
    let view = service.tournaments.tournament_view(tid).await.unwrap();
    assert_eq!(view.tournament.status, TournamentStatus::Finished);
    let text = words::announcement(Lang::ENGLISH, &view).words();
    assert!(text.contains("Players (6): "), "{text}");
    assert!(text.contains(&format!("@{a_white} (withdrawn)")), "{text}");
    assert!(
        text.contains(&format!(
            "@{no_show} (withdrawn: lost on time without moving)"
        )),
        "{text}"
    );
    assert!(!text.contains("Join"), "{text}");
    // A cancelled event without players asks nobody to join.
    let other = Place {
        guild_id: GUILD,
        channel_id: CHANNEL + 7,
    };
    let empty = service
        .tournaments
        .create_tournament(
            other,
            &director,
            MAY_CREATE,
            options("Empty", Format::Swiss, None),
        )
        .await
        .unwrap();
    let view = service
        .director
        .cancel_tournament(other, &director, Some(empty.tournament.id))
        .await
        .unwrap();
    for lang in Lang::all() {
        let text = words::announcement(lang, &view).words();
        assert!(!text.contains("**") && !text.contains("Join"), "{text}");
        assert!(!text.contains("Участвовать"), "{text}");
    }
}

/// A cancelled event's games go on; when its round's last game ended, the event was marked
/// finished (and its "final standings" posted) as if it had been played out. It stays
/// cancelled.
#[tokio::test]
async fn a_cancelled_event_stays_cancelled_when_its_games_end() {
    let dir = TempDir::new().unwrap();
    let (service, clock) = service(&dir).await;
    let director = User::new(DIRECTOR, "director");
    let tid = service
        .tournaments
        .create_tournament(
            here(),
            &director,
            MAY_CREATE,
            options("Called off", Format::Swiss, Some(1)),
        )
        .await
        .unwrap()
        .tournament
        .id;
    for i in 1..=4 {
        service
            .tournaments
            .join_tournament(here(), &player(i), None)
            .await
            .unwrap();
    }
    service
        .director
        .start_tournament(here(), &director, None)
        .await
        .unwrap();
    let postman = Threads::default();
    service.post.deliver(&postman).await.unwrap();
    service
        .director
        .cancel_tournament(here(), &director, Some(tid))
        .await
        .unwrap();
    play_round(&service, &clock, |_, _| 0).await;
    service.post.deliver(&postman).await.unwrap();
    let t = service
        .tournaments
        .find_tournament(here(), Some(tid))
        .await
        .unwrap();
    assert_eq!(t.status, TournamentStatus::Cancelled);
    assert!(!postman.letters.lock().unwrap().iter().any(|l| matches!(
        l,
        Letter::Tournament { news, .. }
            if matches!(**news, focus_bot::service::tournaments::TournamentNews::Finished(_))
    )));
}

/// An export taken mid-round (issue 32): the player lines hold the complete rounds, the round
/// in progress is listed with its pairings and colours on `FBP` lines (TRF-16 has no code for a
/// game without a result), `pair --check` judges the complete rounds and skips that one, and
/// the reply that delivers the file says so in English and Russian.
#[tokio::test]
async fn an_export_mid_round_lists_the_round_in_progress_and_the_check_skips_it() {
    use focus_bot::i18n::Lang;
    use focus_bot::pairing::Pairing;
    use focus_bot::pairing::check::{RoundReport, Skip, check_complete};
    use focus_bot::service::tournaments::Model;

    let dir = TempDir::new().unwrap();
    let (service, clock) = service(&dir).await;
    let director = User::new(DIRECTOR, "director");
    let view = service
        .tournaments
        .create_tournament(
            here(),
            &director,
            MAY_CREATE,
            options("Mid Swiss", Format::Swiss, Some(4)),
        )
        .await
        .unwrap();
    let tid = view.tournament.id;
    for i in 1..=9 {
        service
            .tournaments
            .join_tournament(here(), &player(i), None)
            .await
            .unwrap();
    }
    service
        .director
        .start_tournament(here(), &director, None)
        .await
        .unwrap();
    let postman = Threads::default();
    for _ in 1..=2 {
        service.post.deliver(&postman).await.unwrap();
        play_round(&service, &clock, |board, round| ((board + round) % 3) as u8).await;
        service.post.deliver(&postman).await.unwrap();
    }
    // Round 3 is paired; one of its games ends, the others go on.
    service.post.deliver(&postman).await.unwrap();
    let (t, entrants, boards) = service
        .store()
        .call(move |s| s.tournament_whole(tid))
        .await
        .unwrap();
    assert_eq!(t.current_round, 3);
    let first = boards
        .iter()
        .find(|b| b.round == 3 && b.board == 1)
        .and_then(|b| b.game_id)
        .expect("board 1 of round 3 started");
    service
        .store()
        .call(move |s| s.resign(first, b_white(s, first), T0).map(drop))
        .await
        .unwrap();

    let export = service.tournaments.export_trf_file(tid).await.unwrap();
    assert_eq!(export.in_progress, [3]);
    assert_eq!(
        service.tournaments.export_trf(tid).await.unwrap(),
        export.text
    );
    let file = pairing::trf::read(&export.text).unwrap();
    // The player lines: rounds 1 and 2 only; round 3's bye is not among them.
    assert_eq!(file.tournament.rounds_paired(), 2, "{}", export.text);
    // Round 3 as the store has it: every board in board order, White first, the bye last.
    let model = Model::of(&t, &entrants, &boards);
    let mut of_round: Vec<_> = boards.iter().filter(|b| b.round == 3).collect();
    of_round.sort_by_key(|b| (b.black_id.is_none(), b.board));
    let wanted: Vec<Pairing> = of_round
        .iter()
        .map(|b| {
            let white = model.number_of(b.white_id).unwrap();
            match b.black_id {
                Some(black) => Pairing::Game {
                    white,
                    black: model.number_of(black).unwrap(),
                },
                None => Pairing::Bye(white),
            }
        })
        .collect();
    assert_eq!(file.in_progress.len(), 1);
    assert_eq!(file.in_progress[0].round, 3);
    assert_eq!(file.in_progress[0].pairings, wanted);
    assert_eq!(wanted.len(), 5);
    assert!(
        export.text.contains("### Round 3 is in progress."),
        "{}",
        export.text
    );
    // The check judges rounds 1 and 2 (identical) and skips round 3.
    let reports = check_complete(&file.tournament, System::Dutch, &[3]);
    assert_eq!(reports.len(), 3);
    for report in &reports[..2] {
        assert!(
            matches!(report, RoundReport::Judged(c) if c.identical()),
            "{report:?}"
        );
    }
    assert_eq!(
        reports[2],
        RoundReport::Skipped {
            round: 3,
            why: Skip::InProgress
        }
    );
    // The round in progress re-pairs as the file lists it, from the rounds before it.
    let to_pair: Vec<u32> = wanted
        .iter()
        .flat_map(|p| match *p {
            Pairing::Game { white, black } => vec![white, black],
            Pairing::Bye(player) => vec![player],
        })
        .collect();
    let mut ours = pairing::dutch::pair(&file.tournament, 3, &to_pair).unwrap();
    let mut listed = wanted.clone();
    ours.sort();
    listed.sort();
    assert_eq!(ours, listed);
    // The reply says which round is in progress and why it is outside the player lines.
    let english = focus_bot::strings::tournaments::export(Lang::ENGLISH, &t, &export.in_progress);
    assert!(
        english
            .words()
            .contains("Round 3 is in progress: TRF-16 has no code for a game without a result"),
        "{}",
        english.words()
    );
    let russian = focus_bot::strings::tournaments::export(Lang::of_tag("ru"), &t, &[2, 3]);
    assert!(
        russian.words().contains("Туры 2, 3 ещё идут"),
        "{}",
        russian.words()
    );
    let russian = focus_bot::strings::tournaments::export(Lang::of_tag("ru"), &t, &[3]);
    assert!(
        russian.words().contains("Тур 3 ещё идёт") && russian.words().contains("FBP"),
        "{}",
        russian.words()
    );
}

/// Issue 32, found trying the fixes in the console: when the last game of an event ends on
/// time, its time-out is told before the podium (and, in a round played in turn, before the
/// standings and the next pairings). The podium used to come first: the event's news was
/// queued inside the game's ending, the time-out's notice only after it.
#[tokio::test]
async fn the_last_games_time_out_is_told_before_the_podium() {
    use focus_bot::service::News;
    use focus_bot::service::tournaments::TournamentNews;

    let dir = TempDir::new().unwrap();
    let (service, clock) = service(&dir).await;
    let postman = Threads::default();
    let tid = all_at_once(&service, &postman, 4).await;
    let (_, _, boards) = service
        .store()
        .call(move |s| s.tournament_whole(tid))
        .await
        .unwrap();
    let b = boards.iter().find(|b| b.black_id.is_some()).unwrap();
    let (game, white, black) = (b.game_id.unwrap(), b.white_id, b.black_id.unwrap());
    let at = T0 + 60;
    service
        .store()
        .call(move |s| {
            s.record_move(game, white, 0, "c4-d4".parse().unwrap(), at)?;
            s.record_move(game, black, 1, "e4-d4".parse().unwrap(), at)
        })
        .await
        .unwrap();
    postman.letters.lock().unwrap().clear();
    clock.advance(16 * 60 + 60);
    service.deadlines.sweep().await.unwrap();
    service.post.deliver(&postman).await.unwrap();
    let letters = postman.letters.lock().unwrap();
    let podium = letters
        .iter()
        .position(|l| {
            matches!(l, Letter::Tournament { news, .. } if matches!(**news, TournamentNews::Finished(_)))
        })
        .expect("the podium is posted");
    let time_out = letters
        .iter()
        .position(|l| {
            matches!(l, Letter::Post { news: News::TimedOut { game: g, .. }, .. } if g.id == game)
        })
        .expect("the last game's time-out is posted");
    assert!(
        time_out < podium,
        "the time-out (letter {time_out}) comes before the podium (letter {podium})"
    );
}
