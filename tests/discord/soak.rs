//! The soak (issue 24), not part of `cargo test`: the real `focus-bot` binary against the
//! Discord stand-in for 20 minutes, 50 games at once (people and the bot, correspondence and
//! live), the bot restarted every 5 minutes (a clean stop, then a kill, in turn). Each minute
//! it prints the bot's resident memory, its open file descriptors, the database's size and the
//! 99th percentile of the reply time; at the end it checks the targets:
// Longer than 400 lines: one soak test: its players, restarts and checks go together.
//!
//! - memory and descriptors flat after the warm-up: no growth over 10 % in the last half;
//! - no `ERROR` line in the bot's log;
//! - no lost or duplicated move: every move a player saw acknowledged is stored at its ply,
//!   and `focus-bot db` finds the database sound.
//!
//! Run it with a release build (the minutes are wall-clock time):
//!
//! ```sh
//! cargo test --release --locked --test discord soak -- --ignored --nocapture
//! ```
//!
//! `SOAK_MINUTES` (default 20) and `SOAK_RESTART_MINUTES` (default 5) shorten it for a try;
//! the table is also written to `target/soak.csv`.

use crate::support;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use focus_bot::rules::{Position, Rules};
use rusqlite::{Connection, OpenFlags, OptionalExtension};
use serde_json::json;
use support::bot::wait_registered;
use support::discord::{FAKE_TOKEN, FakeDiscord, FakeGuild, FakeUser};
use support::running::Running;
use tokio::sync::RwLock;

/// Games in play at once.
const GAMES: usize = 50;
/// Of which against the bot.
const BOT_GAMES: usize = 10;
/// The first soak channel's id; game `i` is played in channel `CHANNEL0 + i`.
const CHANNEL0: u64 = 20_000;
/// The first soak player's id; game `i` is between players `2i` and `2i + 1`.
const PLAYER0: u64 = 30_000;
/// The longest a reply may take before the soak calls it lost.
const REPLY_WAIT: Duration = Duration::from_secs(120);

/// A minute of the soak, as reported.
#[derive(Clone, Debug)]
struct Sample {
    minute: u64,
    /// Which start of the bot it was measured on (a restart is a new process).
    start: usize,
    rss_kib: u64,
    fds: u64,
    db_bytes: u64,
    replies: usize,
    p99_ms: u64,
}

/// The bot, its REST calls sent to the stand-in at `base`, its commands registered on server
/// `guild`, its database in `dir`.
fn start_bot(base: &str, guild: u64, dir: &Path) -> Running {
    Running::start(
        dir,
        &[],
        &[
            ("DISCORD_TOKEN", FAKE_TOKEN.to_owned()),
            ("DATABASE_PATH", dir.join("focus.db").display().to_string()),
            ("DISCORD_API_BASE", base.to_owned()),
            // Registered on the server: the soak reads the choices' values from them.
            ("GUILD_ID", guild.to_string()),
            ("SWEEP_INTERVAL_SECS", "5".to_owned()),
            (
                "RUST_LOG",
                "warn,focus_bot=info,serenity::gateway=error".to_owned(),
            ),
        ],
    )
}

/// Stops the bot cleanly (SIGTERM) or by SIGKILL; everything it logged.
async fn stop_bot(bot: Running, clean: bool) -> String {
    let (status, log) = bot.stopped(if clean { "TERM" } else { "KILL" }).await;
    if clean {
        assert!(status.success(), "a clean stop: {status}");
    }
    log
}

/// Resident memory (KiB) and open descriptors of process `pid`.
fn usage(pid: u32) -> (u64, u64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let rss = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0);
    let fds = std::fs::read_dir(format!("/proc/{pid}/fd")).map_or(0, |d| d.count() as u64);
    (rss, fds)
}

/// A read-only connection to the bot's database (WAL: it never blocks the bot's writes).
fn reader(db: &Path) -> Connection {
    let conn = Connection::open_with_flags(db, OpenFlags::SQLITE_OPEN_READ_ONLY)
        .expect("open the database read-only");
    conn.busy_timeout(Duration::from_secs(5)).unwrap();
    conn
}

/// The current game of `channel`, read from the database as the bot wrote it: id, position
/// (FPN), plies, status, the bot's colour.
fn game_of(conn: &Connection, channel: u64) -> Option<(i64, String, u32, String, Option<String>)> {
    conn.query_row(
        "SELECT id, fpn, ply, status, bot_color FROM games WHERE channel_id = ?1 \
         ORDER BY id DESC LIMIT 1",
        [channel as i64],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
    )
    .optional()
    .ok()
    .flatten()
}

/// What every driver shares.
struct Shared {
    fake: FakeDiscord,
    db: PathBuf,
    /// Held for writing while the bot restarts: drivers wait.
    up: RwLock<()>,
    /// Each reply's time (ms) and the minute it came in.
    latencies: Mutex<Vec<(u64, u64)>>,
    start: Instant,
    stop: AtomicBool,
    /// Moves acknowledged to their player: (game, ply) → notation.
    acknowledged: Mutex<BTreeMap<(i64, u32), String>>,
    moves: AtomicU64,
    games_started: AtomicU64,
}

impl Shared {
    fn minute(&self) -> u64 {
        self.start.elapsed().as_secs() / 60
    }

    /// Sends an interaction (built by `send`) and waits for its reply; its time is recorded.
    async fn ask(&self, send: impl std::future::Future<Output = u64>) -> support::discord::Reply {
        let _up = self.up.read().await;
        let t = Instant::now();
        let id = send.await;
        let reply = self.fake.reply_to(id, REPLY_WAIT).await;
        let ms = t.elapsed().as_millis() as u64;
        self.latencies
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push((self.minute(), ms));
        reply
    }
}

/// Plays game after game in channel `CHANNEL0 + i` until the soak ends.
async fn drive(shared: Arc<Shared>, i: usize, seed: u64) {
    let channel = CHANNEL0 + i as u64;
    let white = shared.fake.user(&format!("p{}", 2 * i));
    let black = shared.fake.user(&format!("p{}", 2 * i + 1));
    let against_bot = i < BOT_GAMES;
    // Live and correspondence in turn.
    let time = if i.is_multiple_of(2) {
        json!({ "minutes": shared.fake.choice("challenge", "minutes", "15 minutes") })
    } else {
        json!({ "days": shared.fake.choice("challenge", "days", "3 days") })
    };
    let mut rng = seed | 1;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    while !shared.stop.load(Ordering::Relaxed) {
        // A new game here.
        let mut options = time.clone();
        if against_bot {
            options["opponent"] = json!(shared.fake.bot_user().id);
            options["level"] = json!(1);
        } else {
            options["opponent"] = json!(black.id);
            options["color"] = shared.fake.choice("challenge", "color", "white");
        }
        let reply = shared
            .ask(
                shared
                    .fake
                    .slash(&white, channel, "focus challenge", options.clone()),
            )
            .await;
        if !against_bot {
            let Some(accept) = reply
                .custom_ids()
                .into_iter()
                .find(|c| c.starts_with("focus:accept:"))
            else {
                // Refused (a game still going here after a restart): play it out.
                tokio::time::sleep(Duration::from_secs(1)).await;
                play_out(&shared, channel, &white, &black, &mut next).await;
                continue;
            };
            let message = reply.message_id.expect("the challenge's message");
            shared
                .ask(shared.fake.click(&black, channel, message, &accept))
                .await;
        }
        shared.games_started.fetch_add(1, Ordering::Relaxed);
        play_out(&shared, channel, &white, &black, &mut next).await;
    }
}

/// Plays the game of `channel` to its end (or the soak's), a move every second or two.
async fn play_out(
    shared: &Shared,
    channel: u64,
    white: &FakeUser,
    black: &FakeUser,
    next: &mut impl FnMut() -> u64,
) {
    let conn = reader(&shared.db);
    let mut last_ply = None;
    while !shared.stop.load(Ordering::Relaxed) {
        tokio::time::sleep(Duration::from_millis(800 + next() % 1_200)).await;
        let Some((game, fpn, ply, status, bot)) = game_of(&conn, channel) else {
            continue;
        };
        if status != "active" {
            return;
        }
        let Ok(position) = Position::from_fpn(&fpn, Rules::CLASSIC) else {
            continue;
        };
        let side = position.side_to_move();
        let bot_to_move = bot.as_deref()
            == Some(if side == focus_bot::rules::Color::White {
                "white"
            } else {
                "black"
            });
        if bot_to_move || last_ply == Some(ply) && !next().is_multiple_of(4) {
            // The bot thinks, or our last move is not stored yet.
            continue;
        }
        let moves = position.legal_moves();
        if moves.is_empty() {
            continue;
        }
        let mv = moves[(next() % moves.len() as u64) as usize].to_string();
        let player = if side == focus_bot::rules::Color::White {
            white
        } else {
            black
        };
        let reply = shared
            .ask(
                shared
                    .fake
                    .slash(player, channel, "focus move", json!({ "move": mv.clone() })),
            )
            .await;
        last_ply = Some(ply);
        if !reply.ephemeral() {
            shared
                .acknowledged
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .insert((game, ply + 1), mv);
            shared.moves.fetch_add(1, Ordering::Relaxed);
        }
    }
}

fn env_minutes(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn percentile(mut values: Vec<u64>, p: f64) -> u64 {
    if values.is_empty() {
        return 0;
    }
    values.sort_unstable();
    let rank = ((p * values.len() as f64).ceil() as usize).clamp(1, values.len());
    values[rank - 1]
}

fn db_bytes(db: &Path) -> u64 {
    ["", "-wal"]
        .iter()
        .filter_map(|suffix| std::fs::metadata(format!("{}{suffix}", db.display())).ok())
        .map(|m| m.len())
        .sum()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a 20-minute soak: run it by name with --ignored"]
async fn soak() {
    let minutes = env_minutes("SOAK_MINUTES", 20).max(2);
    let restart_every = env_minutes("SOAK_RESTART_MINUTES", 5).max(1);
    let mut guild = FakeGuild::standard();
    for i in 0..GAMES {
        guild = guild.with_channel(
            CHANNEL0 + i as u64,
            &format!("soak-{i}"),
            serenity::all::Permissions::empty(),
        );
    }
    for p in 0..2 * GAMES as u64 {
        guild = guild.with_human(PLAYER0 + p, &format!("p{p}"));
    }
    let fake = FakeDiscord::start_with(guild).await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("focus.db");
    let guild_id = fake.guild_id();
    let mut bot = start_bot(&fake.api_base(), guild_id, dir.path());
    wait_registered(&fake, 1).await;
    let shared = Arc::new(Shared {
        fake,
        db: db.clone(),
        up: RwLock::new(()),
        latencies: Mutex::new(Vec::new()),
        start: Instant::now(),
        stop: AtomicBool::new(false),
        acknowledged: Mutex::new(BTreeMap::new()),
        moves: AtomicU64::new(0),
        games_started: AtomicU64::new(0),
    });
    let drivers: Vec<_> = (0..GAMES)
        .map(|i| tokio::spawn(drive(shared.clone(), i, 0x9e37_79b9 + i as u64 * 7_919)))
        .collect();

    let mut samples: Vec<Sample> = Vec::new();
    let mut logs = String::new();
    let (mut starts, mut clean) = (1, true);
    eprintln!("minute   rss_kib  fds  db_bytes  replies  p99_ms  moves  games");
    for minute in 1..=minutes {
        tokio::time::sleep_until(
            tokio::time::Instant::from_std(shared.start) + Duration::from_secs(minute * 60),
        )
        .await;
        let (rss_kib, fds) = usage(bot.pid());
        let latencies: Vec<u64> = shared
            .latencies
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .iter()
            .filter(|(m, _)| *m == minute - 1)
            .map(|(_, ms)| *ms)
            .collect();
        let sample = Sample {
            minute,
            start: starts,
            rss_kib,
            fds,
            db_bytes: db_bytes(&db),
            replies: latencies.len(),
            p99_ms: percentile(latencies, 0.99),
        };
        eprintln!(
            "{:>6} {:>9} {:>4} {:>9} {:>8} {:>7} {:>6} {:>6}",
            sample.minute,
            sample.rss_kib,
            sample.fds,
            sample.db_bytes,
            sample.replies,
            sample.p99_ms,
            shared.moves.load(Ordering::Relaxed),
            shared.games_started.load(Ordering::Relaxed)
        );
        samples.push(sample);
        if minute.is_multiple_of(restart_every) && minute < minutes {
            // Drivers finish their exchange, then wait; the bot restarts.
            let gate = shared.up.write().await;
            logs.push_str(&stop_bot(bot, clean).await);
            clean = !clean;
            bot = start_bot(&shared.fake.api_base(), guild_id, dir.path());
            starts += 1;
            wait_registered(&shared.fake, starts).await;
            drop(gate);
        }
    }
    shared.stop.store(true, Ordering::Relaxed);
    for driver in drivers {
        let _ = tokio::time::timeout(REPLY_WAIT, driver).await;
    }
    logs.push_str(&stop_bot(bot, true).await);

    let csv: String = std::iter::once("minute,rss_kib,fds,db_bytes,replies,p99_ms\n".to_owned())
        .chain(samples.iter().map(|s| {
            format!(
                "{},{},{},{},{},{}\n",
                s.minute, s.rss_kib, s.fds, s.db_bytes, s.replies, s.p99_ms
            )
        }))
        .collect();
    let out = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/soak.csv");
    let _ = std::fs::write(&out, csv);

    // Flat after the warm-up: in the last half, each process (a restart starts a new one,
    // whose memory depends on what it was asked) grows at most 10 % over its first minute.
    let half = &samples[samples.len() / 2..];
    for life in half.chunk_by(|a, b| a.start == b.start) {
        let (rss0, fds0) = (life[0].rss_kib, life[0].fds);
        let rss_max = life.iter().map(|s| s.rss_kib).max().unwrap();
        let fds_max = life.iter().map(|s| s.fds).max().unwrap();
        assert!(
            rss_max * 10 <= rss0 * 11,
            "memory grew from {rss0} to {rss_max} KiB (start {})",
            life[0].start
        );
        assert!(
            fds_max * 10 <= fds0 * 11,
            "descriptors grew from {fds0} to {fds_max} (start {})",
            life[0].start
        );
    }
    // No error in the log.
    let errors: Vec<&str> = logs.lines().filter(|l| l.contains("ERROR")).collect();
    assert!(
        errors.is_empty(),
        "errors in the log:\n{}",
        errors.join("\n")
    );
    // Every acknowledged move is stored at its ply (a ply holds one move: none duplicated).
    let conn = Connection::open(&db).unwrap();
    let acknowledged = shared
        .acknowledged
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .clone();
    for ((game, ply), mv) in &acknowledged {
        let stored: Option<String> = conn
            .query_row(
                "SELECT notation FROM moves WHERE game_id = ?1 AND ply = ?2",
                rusqlite::params![game, ply],
                |r| r.get(0),
            )
            .optional()
            .unwrap();
        assert_eq!(
            stored.as_deref(),
            Some(mv.as_str()),
            "game {game} ply {ply}"
        );
    }
    let review: i64 = conn
        .query_row(
            "SELECT COUNT(*) FROM games WHERE status = 'needs_review'",
            [],
            |r| r.get(0),
        )
        .unwrap_or(0);
    assert_eq!(review, 0, "games held for a moderator");
    let check = Command::new(env!("CARGO_BIN_EXE_focus-bot"))
        .args(["db", "--db"])
        .arg(&db)
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&check.stdout);
    eprintln!("{report}");
    assert!(report.contains("integrity: ok"), "{report}");
    eprintln!(
        "soak: {minutes} min, {} restarts, {} moves acknowledged and stored, {} games started",
        starts - 1,
        acknowledged.len(),
        shared.games_started.load(Ordering::Relaxed)
    );
}
