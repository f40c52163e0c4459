//! Growth of the database (issue 24): 10,000 finished games of 60 plies, analysed and with
//! their animated replays requested, must take at most 150 MB. Prints the size after a
//! checkpoint (`page_count * page_size`), before and after `VACUUM`, the bytes per game, and
//! what each table and index takes. Not a timing: run with `cargo bench --bench growth` (a few
//! minutes in a release build).
// Longer than 400 lines: one benchmark: it builds 10,000 analysed games and measures the file step
// by step.
//!
//! What is real: every game is played through the service as the Discord adapter plays it
//! (the readers' locales noted, a challenge in one of 20 channels, its message, the acceptance
//! in a thread started from it, 60 legal moves each played with `/focus move`'s
//! `Games::play`, a resignation), 200 games at a time with their moves interleaved, as
//! on a busy server. All 400 players asked for DMs, so every move queues a turn notice in the
//! outbox, which the sweeper's `Post::deliver` sends (the notices stay as rows: the most
//! a game writes). Ratings are updated by every result.
//!
//! What is simulated: the engine analyses 8 of the games for real (`Analyses::analysis`,
//! 200,000 nodes a position); the other analyses would take some 10 core-hours, so each is
//! stored with the store's `save_analysis`, as the service stores one, made from a real one:
//! line for line the scores and depths of one of the 8, the best move replaced by the game's
//! own move from that position. Its size is about a real one's, a little over (measured: 4,117
//! bytes of text a game against 3,954 for the engine's own: the games' random moves are
//! written a little longer than the engine's best moves).
//!
//! A replay (`/focus replay`) is drawn from the stored moves and sent to Discord; the bot
//! stores nothing of it. The replays of every 50th game are drawn through the service
//! (`Records::history`, then `Records::replay`), and the benchmark checks, with
//! SQLite's `PRAGMA data_version` on a connection of its own, that no write was committed
//! meanwhile.

use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use focus_bot::i18n::Lang;
use focus_bot::locale::Locale;
use focus_bot::rules::{Color, Move};
use focus_bot::service::{
    ChallengeRequest, Delivery, GameService, Letter, ManualClock, Place, Postman, User,
};
use focus_bot::store::{AsyncStore, ColorChoice, GameId, NoticeId, StoredAnalysis};
use focus_bot::strings::picture::replay_options;
use rusqlite::Connection;

mod support;
use support::{PLIES, game_of_60_plies};

/// Finished games.
const GAMES: u64 = 10_000;
/// The most the database may take, in bytes (150 MB).
const LIMIT: u64 = 150_000_000;
/// Games in play at once, their moves interleaved.
const AT_ONCE: u64 = 200;
/// Players, all in one server.
const PLAYERS: u64 = 400;
/// The server's channels the challenges are made in.
const CHANNELS: u64 = 20;
/// Games the engine analyses for real.
const ENGINE_ANALYSED: usize = 8;
/// Every how many games a replay is drawn.
const REPLAY_EVERY: usize = 50;

/// Ids of the size Discord's are today (snowflakes of 2026: 19 digits).
const GUILD: u64 = 1_180_000_000_000_000_000;
const CHANNEL: u64 = 1_190_000_000_000_000_000;
const USER: u64 = 300_000_000_000_000_000;
const MESSAGE: u64 = 1_450_000_000_000_000_000;
/// When the first challenge is made (unix seconds: December 2026).
const T0: i64 = 1_796_000_000;

/// The `i`-th player: an id and a display name.
fn player(i: u64) -> User {
    User::new(USER + i * 2_345_678_901_234, format!("Player {i}"))
}

/// A postman for whom every letter goes through.
struct Sent;

impl Postman for Sent {
    async fn deliver(&self, _: NoticeId, _: &Letter) -> Delivery {
        Delivery::Sent
    }
}

/// A game being played.
struct Playing {
    id: GameId,
    /// Its thread.
    place: Place,
    white: User,
    black: User,
    moves: Vec<Move>,
}

/// What the adapter does at every interaction before the command: notes the locales.
async fn interaction(service: &GameService, user: &User) {
    let locale = Locale::new("en-US");
    service
        .settings
        .note_locales(user.id, locale, Some(GUILD), locale)
        .await
        .unwrap();
}

/// Starts game `i` as `/focus challenge` and its Accept button do: White challenges Black in
/// one of the channels, the challenge's message is posted, Black accepts and the game is
/// played in the thread started from that message.
async fn start(service: &GameService, clock: &ManualClock, i: u64) -> Playing {
    let white = player(i % PLAYERS);
    // Another player: an offset of 1 to PLAYERS - 1 that changes every round of games.
    let black = player((i + 1 + (i / PLAYERS) % (PLAYERS - 1)) % PLAYERS);
    let channel = Place {
        guild_id: GUILD,
        channel_id: CHANNEL + i % CHANNELS,
    };
    interaction(service, &white).await;
    let request = ChallengeRequest {
        opponent: Some(black.clone()),
        color: ColorChoice::White,
        threads: true,
        ..ChallengeRequest::default()
    };
    let view = service
        .challenges
        .challenge(channel, &white, request)
        .await
        .unwrap();
    let message = MESSAGE + i * 1_000_003;
    service
        .challenges
        .set_challenge_message(view.challenge.id, message)
        .await
        .unwrap();
    clock.advance(40);
    interaction(service, &black).await;
    let board = service
        .challenges
        .accept_in(view.challenge.id, &black, Color::White, Some(message))
        .await
        .unwrap();
    service.post.deliver(&Sent).await.unwrap();
    let (_, moves) = game_of_60_plies(i * 1_000);
    Playing {
        id: board.game.id,
        place: Place {
            guild_id: GUILD,
            channel_id: message,
        },
        white,
        black,
        moves,
    }
}

/// The analysis made from the engine's `real` one of another game for `moves`: line for line
/// its scores and depths, the best move the game's own move from that position.
fn like(real: &StoredAnalysis, moves: &[Move]) -> StoredAnalysis {
    let assessments = real
        .assessments
        .iter()
        .enumerate()
        .map(|(i, line)| match (moves.get(i), line.split_once(' ')) {
            (Some(mv), Some((_, rest))) => format!("{mv} {rest}"),
            _ => line.clone(),
        })
        .collect();
    StoredAnalysis {
        nodes: real.nodes,
        assessments,
    }
}

/// Plays the games (see the module's doc); returns the finished games and the analyses the
/// engine made.
async fn play_all(
    service: &GameService,
    clock: &ManualClock,
) -> (Vec<Playing>, Vec<StoredAnalysis>) {
    let mut finished = Vec::with_capacity(GAMES as usize);
    let mut real: Vec<StoredAnalysis> = Vec::new();
    let started = Instant::now();
    for batch in 0..GAMES / AT_ONCE {
        let mut playing = Vec::with_capacity(AT_ONCE as usize);
        for j in 0..AT_ONCE {
            playing.push(start(service, clock, batch * AT_ONCE + j).await);
        }
        for ply in 0..PLIES {
            for game in &playing {
                clock.advance(3);
                let mover = if ply.is_multiple_of(2) {
                    &game.white
                } else {
                    &game.black
                };
                interaction(service, mover).await;
                let mv = game.moves[ply].to_string();
                let report = service.games.play(game.place, mover, &mv).await.unwrap();
                assert_eq!(report.board.game.ply as usize, ply + 1);
                service.post.deliver(&Sent).await.unwrap();
            }
        }
        for (j, game) in playing.iter().enumerate() {
            let loser = if j.is_multiple_of(2) {
                &game.white
            } else {
                &game.black
            };
            interaction(service, loser).await;
            let board = service.games.resign(game.place, loser).await.unwrap();
            assert!(board.to_move().is_none());
            service.post.deliver(&Sent).await.unwrap();
        }
        for game in &playing {
            let id = game.id;
            if real.len() < ENGINE_ANALYSED {
                let t = Instant::now();
                let quiet: focus_bot::service::OnProgress = Arc::new(|_| {});
                let analysis = service
                    .analysis
                    .analysis(game.place, game.white.id, Some(id), quiet)
                    .await
                    .unwrap();
                assert!(analysis.searched);
                let stored = service.store().analysis(id).await;
                real.push(stored.unwrap().expect("stored"));
                println!(
                    "engine analysis of game {}: {:.1} s",
                    id.0,
                    t.elapsed().as_secs_f64()
                );
            } else {
                let record = like(&real[finished.len() % ENGINE_ANALYSED], &game.moves);
                let now = service.now();
                let stored = service.store().save_analysis(id, record, now).await;
                assert!(stored.unwrap());
            }
        }
        finished.extend(playing);
        if (batch + 1).is_multiple_of(10) {
            println!(
                "{} games finished ({:.0} s)",
                finished.len(),
                started.elapsed().as_secs_f64()
            );
        }
    }
    (finished, real)
}

/// Draws the replays of every `REPLAY_EVERY`-th game as `/focus replay` does; returns how many
/// and their bytes.
async fn replays(service: &GameService, games: &[Playing]) -> (usize, usize) {
    let (mut count, mut bytes) = (0, 0);
    for game in games.iter().step_by(REPLAY_EVERY) {
        interaction(service, &game.white).await;
        let history = service
            .records
            .history(game.place, game.white.id, Some(game.id))
            .await
            .unwrap();
        let options = replay_options(Lang::ENGLISH, &history);
        let gif = service
            .records
            .replay(&history, options, 25 * 1024 * 1024)
            .await
            .unwrap();
        count += 1;
        bytes += gif.len();
    }
    (count, bytes)
}

fn pragma(conn: &Connection, name: &str) -> u64 {
    conn.query_row(&format!("PRAGMA {name}"), [], |row| row.get::<_, i64>(0))
        .unwrap() as u64
}

/// The database's size in bytes: `page_count * page_size`.
fn size(conn: &Connection) -> u64 {
    pragma(conn, "page_count") * pragma(conn, "page_size")
}

fn count(conn: &Connection, table: &str) -> u64 {
    conn.query_row(&format!("SELECT COUNT(*) FROM {table}"), [], |row| {
        row.get::<_, i64>(0)
    })
    .unwrap() as u64
}

fn mb(bytes: u64) -> String {
    format!(
        "{:.1} MB ({:.1} MiB)",
        bytes as f64 / 1e6,
        bytes as f64 / 1_048_576.0
    )
}

/// Bytes per table, its indexes included, largest first (SQLite's `dbstat`).
fn by_table(conn: &Connection) -> Vec<(String, u64)> {
    let mut stmt = conn
        .prepare(
            "SELECT COALESCE(s.tbl_name, d.name), SUM(d.pgsize) FROM dbstat AS d \
             LEFT JOIN sqlite_schema AS s ON s.name = d.name \
             GROUP BY 1 ORDER BY 2 DESC",
        )
        .unwrap();
    stmt.query_map([], |row| Ok((row.get(0)?, row.get::<_, i64>(1)? as u64)))
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

fn report(path: &Path, real: &[StoredAnalysis]) {
    let conn = Connection::open(path).unwrap();
    let (busy, _, _): (i64, i64, i64) = conn
        .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?))
        })
        .unwrap();
    assert_eq!(busy, 0, "the checkpoint ran");
    let finished: u64 = conn
        .query_row(
            "SELECT COUNT(*) FROM games WHERE status = 'finished' AND ply = ?1",
            [PLIES as i64],
            |r| r.get::<_, i64>(0),
        )
        .unwrap() as u64;
    assert_eq!(finished, GAMES);
    println!();
    for table in [
        "games",
        "challenges",
        "moves",
        "analyses",
        "notices",
        "players",
        "user_names",
        "user_settings",
    ] {
        println!("{table}: {} rows", count(&conn, table));
    }
    let text = |sql: &str| -> f64 { conn.query_row(sql, [], |r| r.get(0)).unwrap() };
    let real_text = real
        .iter()
        .map(|a| a.assessments.join("\n").len())
        .sum::<usize>() as f64
        / real.len() as f64;
    println!(
        "analysis text: {real_text:.0} bytes a game for the engine's own, {:.0} for all",
        text("SELECT AVG(LENGTH(assessments)) FROM analyses")
    );
    let before = size(&conn);
    let file = std::fs::metadata(path).unwrap().len();
    assert_eq!(
        file, before,
        "the file holds every page after the checkpoint"
    );
    println!();
    println!("after a checkpoint: {} ({} bytes)", mb(before), before);
    println!(
        "  free pages: {} of {}",
        pragma(&conn, "freelist_count"),
        pragma(&conn, "page_count")
    );
    match conn.prepare("SELECT 1 FROM dbstat LIMIT 1") {
        Ok(_) => {
            for (table, bytes) in by_table(&conn) {
                println!(
                    "  {table}: {} ({:.0} bytes a game)",
                    mb(bytes),
                    bytes as f64 / GAMES as f64
                );
            }
        }
        Err(e) => println!("  (no table sizes: {e})"),
    }
    conn.execute_batch("VACUUM").unwrap();
    let vacuumed = size(&conn);
    println!("after VACUUM: {} ({} bytes)", mb(vacuumed), vacuumed);
    println!();
    for (what, bytes) in [("as the bot leaves it", before), ("vacuumed", vacuumed)] {
        println!(
            "{what}: {:.0} bytes a game; 10,000 games {} the limit of 150 MB",
            bytes as f64 / GAMES as f64,
            if bytes <= LIMIT { "within" } else { "OVER" }
        );
    }
}

fn main() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("growth.db");
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let clock = Arc::new(ManualClock::at(T0));
    let service = runtime.block_on(async {
        let store = AsyncStore::open(&path).await.unwrap();
        GameService::new(store, clock.clone())
    });
    let started = Instant::now();
    let (games, real) = runtime.block_on(async {
        for i in 0..PLAYERS {
            service
                .settings
                .notify(player(i).id, Some(true))
                .await
                .unwrap();
        }
        play_all(&service, &clock).await
    });
    println!(
        "{GAMES} games played, resigned and analysed in {:.0} s",
        started.elapsed().as_secs_f64()
    );

    // Replays: nothing may be written meanwhile.
    let watcher = Connection::open(&path).unwrap();
    let version = pragma(&watcher, "data_version");
    let t = Instant::now();
    let (drawn, bytes) = runtime.block_on(replays(&service, &games));
    assert_eq!(
        pragma(&watcher, "data_version"),
        version,
        "a replay wrote to the database"
    );
    println!(
        "{drawn} replays drawn in {:.0} s ({:.0} KB each, sent, not stored); nothing written",
        t.elapsed().as_secs_f64(),
        bytes as f64 / drawn as f64 / 1e3
    );
    drop(watcher);
    report(&path, &real);
    runtime.block_on(service.store().close());
}
