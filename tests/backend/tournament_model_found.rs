//! What the model-based test of events (`tournament_model`) found beyond issue 32's list, each
//! held by a test of its own.

use crate::raw::Served;
use std::future::Future;
use std::sync::{Arc, Mutex};

use focus_bot::i18n::Lang;
use focus_bot::rules::Rules;
use focus_bot::service::tournaments::{Rights, TournamentNews, TournamentOptions};
use focus_bot::service::{Delivery, Letter, ManualClock, Place, Postman, User};
use focus_bot::store::{BoardResult, Format, NoticeId, Pace, TimeControl};
use tempfile::TempDir;

const T0: i64 = 1_700_000_000;
const GUILD: u64 = 900_000_000_000_000_001;
const CHANNEL: u64 = 900_000_000_000_000_400;

/// A postman that starts a thread for every board and keeps every letter.
#[derive(Default)]
struct Threads {
    letters: Mutex<Vec<Letter>>,
    next: Mutex<u64>,
}

impl Postman for Threads {
    fn deliver(&self, _: NoticeId, letter: &Letter) -> impl Future<Output = Delivery> + Send {
        self.letters.lock().unwrap().push(letter.clone());
        let answer = match letter {
            Letter::StartGame { .. } => {
                let mut next = self.next.lock().unwrap();
                *next += 1;
                Delivery::Thread(810_000_000_000_000_000 + *next)
            }
            _ => Delivery::Sent,
        };
        std::future::ready(answer)
    }
}

fn here() -> Place {
    Place {
        guild_id: GUILD,
        channel_id: CHANNEL,
    }
}

fn player(i: u64) -> User {
    User::new(7_100 + i, format!("player{i}"))
}

/// A round-robin fixes its pairings, so a player who withdrew still has a board in each later
/// round: it is a forfeit won by the opponent, written when the round is paired; no game is
/// started for it, and nobody waits for a player who left.
#[tokio::test]
async fn a_round_robin_starts_no_game_for_a_withdrawn_player_whose_opponent_wins_by_forfeit() {
    let dir = TempDir::new().unwrap();
    let clock = ManualClock::at(T0);
    let store = crate::stores::open(dir.path().join("focus.db"))
        .await
        .unwrap();
    let service = Served::new(store, Arc::new(clock.clone()));
    let director = User::new(5_000, "director");
    let options = TournamentOptions {
        name: "Club".to_owned(),
        format: Format::RoundRobin,
        rounds: None,
        time_control: TimeControl::Days(3),
        rules: Rules::CLASSIC,
        rated: true,
        starts_in_hours: None,
        max_players: None,
        pace: Pace::Next,
        round_every_days: None,
    };
    let tid = service
        .tournaments
        .create_tournament(here(), &director, Rights { create: true }, options)
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
    // Player 1 withdraws during round 1; their game of round 1 goes on, and is resigned.
    service
        .tournaments
        .leave_tournament(here(), &player(1), None)
        .await
        .unwrap();
    let whole = || async {
        service
            .store()
            .call(move |s| s.tournament_whole(tid))
            .await
            .unwrap()
    };
    let (_, _, boards) = whole().await;
    for b in boards.iter().filter(|b| b.round == 1) {
        let game = b.game_id.unwrap();
        let black = b.black_id.unwrap();
        service
            .store()
            .call(move |s| s.resign(game, black, T0))
            .await
            .unwrap();
    }
    postman.letters.lock().unwrap().clear();
    service.post.deliver(&postman).await.unwrap();
    let (t, _, boards) = whole().await;
    assert_eq!(t.current_round, 2, "round 2 is paired");
    let gone = player(1).id;
    let board = boards
        .iter()
        .find(|b| b.round == 2 && (b.white_id == gone || b.black_id == Some(gone)))
        .expect("the Berger table gives player 1 a board in round 2");
    let won = if board.white_id == gone {
        BoardResult::BlackForfeit
    } else {
        BoardResult::WhiteForfeit
    };
    assert_eq!(board.result, Some(won), "the opponent wins by forfeit");
    assert_eq!(board.game_id, None, "no game is started for it");
    let letters = postman.letters.lock().unwrap();
    assert!(
        !letters.iter().any(|l| matches!(
            l,
            Letter::StartGame { board, .. }
                if board.board.white_id == gone || board.board.black_id == Some(gone)
        )),
        "no thread is started for the withdrawn player's board"
    );
    // The round's pairings say so.
    let paired = letters
        .iter()
        .find_map(|l| match l {
            Letter::Tournament { news, .. } => match &**news {
                TournamentNews::Paired(round) if round.round == 2 => Some(
                    focus_bot::strings::tournaments::news(Lang::ENGLISH, news)
                        .iter()
                        .map(|t| t.words())
                        .collect::<Vec<_>>()
                        .join("\n"),
                ),
                _ => None,
            },
            _ => None,
        })
        .expect("round 2's pairings are posted");
    let line = paired
        .lines()
        .find(|l| l.contains(&format!("@{gone}")))
        .unwrap();
    assert!(
        line.contains("not played, a player has left the tournament")
            && !line.contains("thread is being started"),
        "{line}"
    );
    // The other board of round 2 is played as usual.
    let other = boards
        .iter()
        .find(|b| b.round == 2 && b.id != board.id)
        .unwrap();
    assert!(other.game_id.is_some() && other.result.is_none());
}

/// A director's correction of a round already over queues the next round's pairing again; the
/// second notice, delivered once that round is paired and in play, must neither pair another
/// round nor end the event: before, it paired the round after on a table missing the round in
/// play and, finding no legal pairing, finished the event in the middle of its last round.
#[tokio::test]
async fn a_second_pairing_notice_during_a_round_neither_pairs_nor_ends_the_event() {
    let dir = TempDir::new().unwrap();
    let clock = ManualClock::at(T0);
    let store = crate::stores::open(dir.path().join("focus.db"))
        .await
        .unwrap();
    let service = Served::new(store, Arc::new(clock.clone()));
    let director = User::new(5_000, "director");
    let options = TournamentOptions {
        name: "Weekly".to_owned(),
        format: Format::Swiss,
        rounds: None,
        time_control: TimeControl::Days(3),
        rules: Rules::CLASSIC,
        rated: true,
        starts_in_hours: None,
        max_players: None,
        pace: Pace::Schedule,
        round_every_days: Some(1),
    };
    let tid = service
        .tournaments
        .create_tournament(here(), &director, Rights { create: true }, options)
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
    let whole = || async {
        service
            .store()
            .call(move |s| s.tournament_whole(tid))
            .await
            .unwrap()
    };
    // Round 1: one player withdraws; both games are played and resigned by Black.
    service
        .tournaments
        .leave_tournament(here(), &player(1), None)
        .await
        .unwrap();
    let end_round = |round: u32| {
        let whole = &whole;
        let service = &service;
        async move {
            let (_, _, boards) = whole().await;
            for b in boards
                .iter()
                .filter(|b| b.round == round && b.result.is_none())
            {
                let (game, white, black) = (b.game_id.unwrap(), b.white_id, b.black_id.unwrap());
                service
                    .store()
                    .call(move |s| {
                        s.record_move(game, white, 0, "c4-d4".parse().unwrap(), T0)?;
                        s.record_move(game, black, 1, "e4-d4".parse().unwrap(), T0)?;
                        s.resign(game, black, T0)
                    })
                    .await
                    .unwrap();
            }
        }
    };
    end_round(1).await;
    service.post.deliver(&postman).await.unwrap();
    // Round 2, a day later: three players, a game and the bye.
    clock.advance(86_400);
    service.post.deliver(&postman).await.unwrap();
    let (t, _, boards) = whole().await;
    assert_eq!(t.current_round, 2);
    let game = boards
        .iter()
        .find(|b| b.round == 2 && b.black_id.is_some())
        .and_then(|b| b.game_id)
        .unwrap();
    // The director sets the game's result, then corrects it: each queues round 3.
    for _ in 0..2 {
        service
            .director
            .adjudicate(here(), &director, None, game, BoardResult::White)
            .await
            .unwrap();
    }
    clock.advance(86_400);
    service.post.deliver(&postman).await.unwrap();
    let (t, _, boards) = whole().await;
    assert_eq!(
        (t.status, t.current_round, t.rounds),
        (focus_bot::store::TournamentStatus::Running, 3, Some(3)),
        "round 3 is paired and in play"
    );
    assert!(
        boards
            .iter()
            .any(|b| b.round == 3 && b.black_id.is_some() && b.result.is_none()),
        "round 3's game is in play"
    );
    // Round 3 ends: the event finishes with every round counted.
    end_round(3).await;
    service.post.deliver(&postman).await.unwrap();
    let (t, _, boards) = whole().await;
    assert_eq!(t.status, focus_bot::store::TournamentStatus::Finished);
    assert!(boards.iter().all(|b| b.result.is_some()));
    let standings = service.tournaments.standings(tid).await.unwrap();
    assert_eq!(standings.complete_rounds, 3);
}
