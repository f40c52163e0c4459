//! Speed of a move handled in process (issue 5): parse, validate, commit (SQLite, WAL, the
//! store's durability), render the board PNG, build the reply text; since issue 11 also the
//! readers' languages and the text and picture words in Russian, as the adapter does them. Also the same under 20
//! games played at once, and resident memory after 1,000 finished games.
//! Run with `cargo bench --bench service`.

use focus_bot::discord::markdown::markdown as md;
use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use focus_bot::i18n::Lang;
use focus_bot::locale::Locale;
use focus_bot::rules::Color;
use focus_bot::service::{Board, ChallengeRequest, GameService, ManualClock, Place, User};
use focus_bot::store::{AsyncStore, ColorChoice};
use focus_bot::strings;

const GUILD: u64 = 1;

fn users(n: u64) -> (User, User) {
    (
        User::new(1000 + 2 * n, format!("white{n}")),
        User::new(1001 + 2 * n, format!("black{n}")),
    )
}

/// Starts a game in channel `n` between two fresh users; White is the first of the pair.
async fn new_game(service: &GameService, n: u64) -> (Place, User, User, Board) {
    let place = Place {
        guild_id: GUILD,
        channel_id: 10_000 + n,
    };
    let (white, black) = users(n);
    let request = ChallengeRequest {
        opponent: Some(black.clone()),
        color: ColorChoice::White,
        ..ChallengeRequest::default()
    };
    let view = service
        .challenges
        .challenge(place, &white, request)
        .await
        .unwrap();
    let board = service
        .challenges
        .accept(view.challenge.id, &black, Color::White)
        .await
        .unwrap();
    (place, white, black, board)
}

/// Plays one deterministic legal move; the time of `play` plus the reply text.
async fn one_move(
    service: &GameService,
    place: Place,
    players: (&User, &User),
    board: &Board,
    k: usize,
) -> (Duration, Board) {
    let moves = board.position.legal_moves();
    let mv = moves[(k * 7919 + 13) % moves.len()].to_string();
    let who = if board.position.side_to_move() == Color::White {
        players.0
    } else {
        players.1
    };
    let t = Instant::now();
    // As the Discord adapter handles `/focus move`: the readers' languages (remembered from
    // the interaction), the move, the reply's text and its picture in the server's language.
    let locale = Locale::new("ru");
    let server = service
        .settings
        .note_locales(who.id, locale, Some(place.guild_id), locale)
        .await
        .unwrap();
    let lang = server.map_or(Lang::ENGLISH, Lang::of);
    let report = service.games.play(place, who, &mv).await.unwrap();
    let text = md(&strings::move_played(lang, &report));
    let options = strings::picture::options(lang, &report.board);
    let png = service.games.picture(&report.board, options).await.unwrap();
    std::hint::black_box((text, png));
    (t.elapsed(), report.board)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

fn rss_mb() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse::<f64>().ok())
        })
        .map_or(f64::NAN, |kb| kb / 1024.0)
}

fn service_bench(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let store = rt
        .block_on(AsyncStore::open(dir.path().join("bench.db")))
        .unwrap();
    let service = GameService::new(store, Arc::new(ManualClock::at(1_800_000_000)));

    // One game at a time: criterion's median of a move handled.
    let (place, white, black, board) = rt.block_on(new_game(&service, 0));
    let state = std::cell::RefCell::new((board, 0usize, 0u64));
    c.bench_function(
        "move handled (parse, validate, commit, render, reply)",
        |b| {
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    let (board, k, _) = &mut *state.borrow_mut();
                    let (took, next) =
                        rt.block_on(one_move(&service, place, (&white, &black), board, *k));
                    total += took;
                    *k += 1;
                    *board = next;
                    if board.to_move().is_none() || board.game.ply > 80 {
                        // Start over in the same channel once the game is long or over.
                        let id = board.game.id;
                        rt.block_on(service.store().abort_game(id, 0)).unwrap();
                        *board = rt.block_on(async {
                            let view = service
                                .challenges
                                .challenge(
                                    place,
                                    &white,
                                    ChallengeRequest {
                                        opponent: Some(black.clone()),
                                        color: ColorChoice::White,
                                        ..ChallengeRequest::default()
                                    },
                                )
                                .await
                                .unwrap();
                            service
                                .challenges
                                .accept(view.challenge.id, &black, Color::White)
                                .await
                                .unwrap()
                        });
                    }
                }
                total
            })
        },
    );

    // 20 games at once, 40 moves each: the latency of every move.
    let latencies = rt.block_on(async {
        let mut tasks = Vec::new();
        for n in 1..=20 {
            let service = service.clone();
            tasks.push(tokio::spawn(async move {
                let (place, white, black, mut board) = new_game(&service, n).await;
                let mut times = Vec::new();
                for k in 0..40 {
                    if board.to_move().is_none() {
                        break;
                    }
                    let (took, next) = one_move(&service, place, (&white, &black), &board, k).await;
                    times.push(took);
                    board = next;
                }
                let id = board.game.id;
                let _ = service.store().abort_game(id, 0).await;
                times
            }));
        }
        let mut all = Vec::new();
        for t in tasks {
            all.extend(t.await.unwrap());
        }
        all
    });
    let mut sorted = latencies;
    sorted.sort();
    println!(
        "20 games at once: {} moves, median {:.2} ms, p99 {:.2} ms (targets 10 ms, 50 ms)",
        sorted.len(),
        percentile(&sorted, 0.5).as_secs_f64() * 1e3,
        percentile(&sorted, 0.99).as_secs_f64() * 1e3
    );

    // 1,000 finished games (10 moves, then a resignation), then resident memory.
    rt.block_on(async {
        for n in 100..1100 {
            let (place, white, black, mut board) = new_game(&service, n).await;
            for k in 0..10 {
                if board.to_move().is_none() {
                    break;
                }
                board = one_move(&service, place, (&white, &black), &board, k)
                    .await
                    .1;
            }
            if board.to_move().is_some() {
                service.games.resign(place, &white).await.unwrap();
            }
        }
    });
    println!(
        "resident memory after 1,000 finished games: {:.1} MB (target 80 MB)",
        rss_mb()
    );
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30).measurement_time(Duration::from_secs(10));
    targets = service_bench
}
criterion_main!(benches);
