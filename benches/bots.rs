//! Games against the bot (issue 15): how long the bot takes to answer at each level, and how
//! fast a move between people is handled while 50 games against the bot are thinking at once
//! (target: p99 at most 100 ms). Run with `cargo bench --bench bots`.

use focus_bot::discord::markdown::markdown as md;
use std::sync::Arc;
use std::time::{Duration, Instant};

use focus_bot::rules::Color;
use focus_bot::service::{Board, ChallengeRequest, GameService, ManualClock, Place, User};
use focus_bot::store::{AsyncStore, ColorChoice, GameId};
use focus_bot::strings;

const GUILD: u64 = 1;

/// The bot's own user.
fn bot() -> User {
    User {
        is_bot: true,
        ..User::new(1, "Focus")
    }
}

fn place(n: u64) -> Place {
    Place {
        guild_id: GUILD,
        channel_id: 10_000 + n,
    }
}

/// A game against the bot at `level` in channel `n`; `human` plays `color`.
async fn bot_game(service: &GameService, n: u64, level: i64, color: ColorChoice) -> Board {
    let human = User::new(5_000 + n, format!("human{n}"));
    let request = ChallengeRequest {
        opponent: Some(bot()),
        color,
        ..ChallengeRequest::default()
    };
    service
        .bots
        .challenge_bot(place(n), &human, &bot(), level, request, None)
        .await
        .unwrap()
}

/// Waits until game `id` has more than `ply` moves.
async fn moved_past(service: &GameService, id: GameId, ply: u32) {
    loop {
        let game = service.store().game(id).await.unwrap();
        if game.ply > ply {
            return;
        }
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
}

/// A game between two people in channel `n`; White is the first.
async fn people_game(service: &GameService, n: u64) -> (User, User, Board) {
    let (white, black) = (
        User::new(1_000 + 2 * n, format!("white{n}")),
        User::new(1_001 + 2 * n, format!("black{n}")),
    );
    let request = ChallengeRequest {
        opponent: Some(black.clone()),
        color: ColorChoice::White,
        ..ChallengeRequest::default()
    };
    let view = service
        .challenges
        .challenge(place(n), &white, request)
        .await
        .unwrap();
    let board = service
        .challenges
        .accept(view.challenge.id, &black, Color::White)
        .await
        .unwrap();
    (white, black, board)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn main() {
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

    rt.block_on(async {
        // The bot's answer at each level, alone: from being asked to its move stored, over
        // its first five moves of a game (the person plays the first legal move).
        for level in 1..=8 {
            let board = bot_game(&service, 100 + level as u64, level, ColorChoice::White).await;
            let human = User::new(5_100 + level as u64, format!("human{}", 100 + level));
            let mut board = board;
            let mut times = Vec::new();
            for _ in 0..5 {
                let mv = board.position.legal_moves()[0].to_string();
                let report = service
                    .games.play(place(100 + level as u64), &human, &mv)
                    .await
                    .unwrap();
                let t = Instant::now();
                service.bots.bot_to_move(&report.board.game);
                moved_past(&service, report.board.game.id, report.board.game.ply).await;
                times.push(t.elapsed());
                let id = report.board.game.id;
                let game = service.store().game(id).await.unwrap();
                if game.status != focus_bot::store::GameStatus::Active {
                    break;
                }
                board.position = game.current_position().unwrap();
                board.game = game;
            }
            times.sort();
            println!(
                "level {level}: the bot answers in median {:.1} ms, max {:.1} ms",
                ms(percentile(&times, 0.5)),
                ms(*times.last().unwrap())
            );
        }

        // 50 games against level 8 with the bot to move (it has White): 50 searches of a
        // second each queued at once, two at a time on two cores, for about 25 s.
        let mut thinking = Vec::new();
        for n in 0..50 {
            let board = bot_game(&service, 1_000 + n, 8, ColorChoice::Black).await;
            service.bots.bot_to_move(&board.game);
            thinking.push(board.game.id);
        }
        // Meanwhile five games between people, a move every 50 ms in each, for 15 s.
        let stop = Instant::now() + Duration::from_secs(15);
        let mut tasks = Vec::new();
        for n in 0..5 {
            let service = service.clone();
            tasks.push(tokio::spawn(async move {
                let (white, black, mut board) = people_game(&service, 2_000 + n).await;
                let mut times = Vec::new();
                let mut k = 0usize;
                while Instant::now() < stop {
                    if board.to_move().is_none() || board.game.ply > 60 {
                        let id = board.game.id;
                        service
                            .store()
                            .abort_game(id, 0)
                            .await
                            .unwrap();
                        board = people_game(&service, 2_000 + n).await.2;
                    }
                    let moves = board.position.legal_moves();
                    let mv = moves[(k * 7919 + 13) % moves.len()].to_string();
                    let who = if board.position.side_to_move() == Color::White {
                        &white
                    } else {
                        &black
                    };
                    let t = Instant::now();
                    let report = service.games.play(place(2_000 + n), who, &mv).await.unwrap();
                    let lang = focus_bot::i18n::Lang::ENGLISH;
                    let text = md(&strings::move_played(lang, &report));
                    let options = strings::picture::options(lang, &report.board);
                    let png = service.games.picture(&report.board, options).await.unwrap();
                    std::hint::black_box((text, png));
                    times.push(t.elapsed());
                    board = report.board;
                    k += 1;
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
                times
            }));
        }
        let mut all = Vec::new();
        for t in tasks {
            all.extend(t.await.unwrap());
        }
        all.sort();
        let thinking = thinking.iter().filter(|id| service.bots.is_thinking(**id)).count();
        println!(
            "moves between people while 50 games against level 8 think: {} moves, median {:.2} ms, \
             p99 {:.2} ms, max {:.2} ms (target p99 100 ms); {thinking} bot games still thinking at the end",
            all.len(),
            ms(percentile(&all, 0.5)),
            ms(percentile(&all, 0.99)),
            ms(*all.last().unwrap())
        );
    });
}
