//! Speed of a tournament round (issue 22): pairing round 7 of a 200-player Swiss, creating its
//! 100 games (their threads started by a postman that answers at once, as the Discord stand-in
//! does with its rate limits off) and preparing every letter of the round (the pairings, each
//! game's first board). Target: at most 1 s of the bot's own time. Run with
//! `cargo bench --bench tournament`.

use std::future::Future;
use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use focus_bot::rules::Rules;
use focus_bot::service::tournaments::{Rights, TournamentOptions};
use focus_bot::service::{Delivery, GameService, Letter, ManualClock, Place, Postman, User};
use focus_bot::store::{AsyncStore, Format, NoticeId, Pace, TimeControl, TournamentId};

const T0: i64 = 1_700_000_000;
const PLAYERS: u64 = 200;
const PLACE: Place = Place {
    guild_id: 1,
    channel_id: 2,
};

/// Starts a thread for every board at once.
#[derive(Default)]
struct Instant0(std::sync::atomic::AtomicU64);

impl Postman for Instant0 {
    fn deliver(&self, _: NoticeId, letter: &Letter) -> impl Future<Output = Delivery> + Send {
        let answer = match letter {
            Letter::StartGame { .. } => Delivery::Thread(
                1_000_000 + self.0.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            ),
            _ => Delivery::Sent,
        };
        std::future::ready(answer)
    }
}

/// A 200-player Swiss whose rounds 1–6 are played (results from a fixed rule), round 7 due.
async fn six_rounds_played(dir: &std::path::Path) -> (GameService, TournamentId) {
    let store = AsyncStore::open(dir.join("focus.db")).await.unwrap();
    // Its own handle, to play the games behind the service's back.
    let raw = store.clone();
    let service = GameService::new(store, Arc::new(ManualClock::at(T0)));
    let director = User::new(9, "director");
    let options = TournamentOptions {
        name: "Bench".into(),
        format: Format::Swiss,
        rounds: Some(9),
        time_control: TimeControl::Days(3),
        rules: Rules::CLASSIC,
        rated: false,
        starts_in_hours: None,
        max_players: None,
        pace: Pace::Next,
        round_every_days: None,
    };
    let rights = Rights { create: true };
    let t = service
        .tournaments
        .create_tournament(PLACE, &director, rights, options)
        .await
        .unwrap()
        .tournament
        .id;
    for i in 0..PLAYERS {
        let user = User::new(10_000 + i, format!("p{i}"));
        service
            .tournaments
            .join_tournament(PLACE, &user, None)
            .await
            .unwrap();
    }
    service
        .director
        .start_tournament(PLACE, &director, None)
        .await
        .unwrap();
    let postman = Instant0::default();
    for round in 1..=6 {
        service.post.deliver(&postman).await.unwrap();
        let (_, _, boards) = service.store().tournament_whole(t).await.unwrap();
        for b in boards.iter().filter(|b| b.round == round) {
            let (Some(game), Some(black)) = (b.game_id, b.black_id) else {
                continue;
            };
            let white = b.white_id;
            let loser = if (white ^ black ^ u64::from(round)) % 3 == 0 {
                white
            } else {
                black
            };
            raw.call(move |s| {
                s.record_move(game, white, 0, "c4-d4".parse().unwrap(), T0)?;
                s.record_move(game, black, 1, "e4-d4".parse().unwrap(), T0)?;
                s.resign(game, loser, T0)
            })
            .await
            .unwrap();
        }
    }
    (service, t)
}

fn round_of_200(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let mut group = c.benchmark_group("tournament");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    group.bench_function(
        "round 7 of a 200-player Swiss: pair, start 100 games, letters",
        |b| {
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    let dir = tempfile::tempdir().unwrap();
                    let (service, t) = runtime.block_on(six_rounds_played(dir.path()));
                    let postman = Instant0::default();
                    let start = Instant::now();
                    runtime.block_on(service.post.deliver(&postman)).unwrap();
                    total += start.elapsed();
                    let round = runtime
                        .block_on(service.tournaments.find_tournament(PLACE, Some(t)))
                        .unwrap()
                        .current_round;
                    assert_eq!(round, 7);
                }
                total
            })
        },
    );
    group.finish();
}

criterion_group!(benches, round_of_200);
criterion_main!(benches);
