//! Backups that are known to restore (issue 24), end to end: the real `focus-bot` binary against
//! the Discord stand-in, its scheduled backups made slow by a test knob, killed (SIGKILL) in the
//! middle of one while players move in several games; the last checked backup is restored
//! with `focus-bot db restore` into a fresh file, a new bot runs on it, and the games go on.

use crate::support;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use focus_bot::backups::TEST_SLOW_BACKUP_VAR;
use focus_bot::rules::{Color, Move, Position};
use focus_bot::store::Store;
use serde_json::json;
use serenity::all::Permissions;
use support::bot::{WAIT, wait_registered};
use support::discord::{FAKE_TOKEN, FakeDiscord, FakeGuild, FakeUser};
use support::running::Running;
use tokio::sync::watch;
use tokio::time::Instant;

/// The channels of the games played at once.
const CHANNELS: [(u64, &str); 4] = [
    (9501, "table-1"),
    (9502, "table-2"),
    (9503, "table-3"),
    (9504, "table-4"),
];
/// The test knob's pause after each page copied: a backup of the test's database (some 50
/// pages) takes a few seconds, long enough to be caught in the middle.
const PAGE_PAUSE_MS: &str = "100";
/// Moves acknowledged before the backup that is to be restored starts, at least.
const MOVES_BEFORE: usize = 12;

/// `focus-bot` (the bot) on `db`, its REST calls sent to the stand-in, run in `dir`, with
/// the environment `env` besides.
fn start_bot(fake: &FakeDiscord, dir: &Path, db: &Path, env: &[(&str, String)]) -> Running {
    let mut all = vec![
        ("DISCORD_TOKEN", FAKE_TOKEN.to_owned()),
        ("DATABASE_PATH", db.display().to_string()),
        ("DISCORD_API_BASE", fake.api_base()),
        ("GUILD_ID", fake.guild_id().to_string()),
    ];
    all.extend(env.iter().cloned());
    Running::start(dir, &[], &all)
}

/// Unix milliseconds now, on the clock the bot's log is stamped with.
fn now_ms() -> i64 {
    i64::try_from(
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap()
            .as_millis(),
    )
    .unwrap()
}

/// The moment a log line was written (its RFC 3339 stamp), in unix milliseconds, rounded down:
/// `2026-12-06T04:00:00.123456Z  INFO …`.
fn stamp_ms(line: &str) -> i64 {
    let stamp = line.split_whitespace().next().expect("a stamped line");
    chrono::DateTime::parse_from_rfc3339(stamp)
        .unwrap_or_else(|e| panic!("{stamp:?}: {e}"))
        .timestamp_millis()
}

/// The `file=` field of a log line.
fn file_field(line: &str) -> String {
    line.split_whitespace()
        .find_map(|f| f.strip_prefix("file="))
        .expect("a file field")
        .to_owned()
}

/// A move acknowledged to a player: the interaction got its public reply, so it was stored.
#[derive(Clone, Debug)]
struct Acknowledged {
    channel: u64,
    ply: u32,
    notation: String,
    /// When the reply was seen (unix ms).
    at_ms: i64,
}

/// Alice (White) challenges Bob in `channel` and Bob accepts.
async fn start_game(fake: &FakeDiscord, alice: &FakeUser, bob: &FakeUser, channel: u64) {
    let id = fake
        .slash(
            alice,
            channel,
            "focus challenge",
            json!({ "opponent": bob.id, "color": 0 }),
        )
        .await;
    let challenge = fake.reply_to(id, WAIT).await;
    let message = challenge.message_id.expect("the challenge's message");
    let id = fake
        .click(bob, channel, message, &challenge.custom_ids()[0])
        .await;
    fake.reply_to(id, WAIT).await;
    fake.reply_to(id, WAIT).await;
}

/// A legal move of `position`, chosen by `seed`.
fn pick(position: &Position, seed: usize) -> Move {
    let moves = position.legal_moves();
    moves[seed.wrapping_mul(7919) % moves.len()]
}

/// Plays moves in `channel` from `position` as fast as the bot answers, until `killed`; every
/// move answered is sent to `acknowledged`. A move whose answer never comes (the bot was
/// killed) is not acknowledged.
async fn keep_playing(
    fake: Arc<FakeDiscord>,
    players: (FakeUser, FakeUser),
    channel: u64,
    acknowledged: Arc<Mutex<Vec<Acknowledged>>>,
    mut killed: watch::Receiver<bool>,
) {
    let mut position = Position::start();
    let mut ply = 0u32;
    while !*killed.borrow() && !position.legal_moves().is_empty() && ply < 150 {
        let mv = pick(&position, ply as usize + channel as usize);
        let mover = match position.side_to_move() {
            Color::White => &players.0,
            Color::Black => &players.1,
        };
        let id = fake
            .slash(
                mover,
                channel,
                "focus move",
                json!({ "move": mv.to_string() }),
            )
            .await;
        let reply = tokio::select! {
            reply = fake.try_reply_to(id, WAIT) => reply,
            _ = killed.wait_for(|k| *k) => None,
        };
        let Some(reply) = reply else { return };
        assert!(!reply.ephemeral(), "{mv} refused: {}", reply.text());
        let at_ms = now_ms();
        position.play(mv).expect("a legal move");
        ply += 1;
        acknowledged
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(Acknowledged {
                channel,
                ply,
                notation: mv.to_string(),
                at_ms,
            });
    }
}

/// The newest file of `dir` whose name ends with `.db` (backups' names sort by time).
fn newest_backup(dir: &Path) -> Option<PathBuf> {
    let mut names: Vec<PathBuf> = std::fs::read_dir(dir)
        .ok()?
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "db"))
        .collect();
    names.sort();
    names.pop()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_killed_during_a_scheduled_backup_restores_from_the_last_checked_one_and_plays_on() {
    let mut guild = FakeGuild::standard();
    for (id, name) in CHANNELS {
        guild = guild.with_channel(id, name, Permissions::empty());
    }
    let fake = Arc::new(FakeDiscord::start_with(guild).await);
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("focus.db");
    let backups = dir.path().join("backups");
    let bot = start_bot(
        &fake,
        dir.path(),
        &db,
        &[
            ("BACKUP_DIR", backups.display().to_string()),
            ("BACKUP_EVERY", "1s".to_owned()),
            ("BACKUP_KEEP", "3".to_owned()),
            (TEST_SLOW_BACKUP_VAR, PAGE_PAUSE_MS.to_owned()),
        ],
    );
    wait_registered(&fake, 1).await;
    let (alice, bob) = (fake.user("alice"), fake.user("bob"));
    for (channel, _) in CHANNELS {
        start_game(&fake, &alice, &bob, channel).await;
    }

    // The load: every game moves as fast as the bot answers.
    let acknowledged = Arc::new(Mutex::new(Vec::<Acknowledged>::new()));
    let (kill, killed) = watch::channel(false);
    let players: Vec<_> = CHANNELS
        .iter()
        .map(|&(channel, _)| {
            tokio::spawn(keep_playing(
                fake.clone(),
                (alice.clone(), bob.clone()),
                channel,
                acknowledged.clone(),
                killed.clone(),
            ))
        })
        .collect();
    let count = || {
        acknowledged
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    };

    // A backup that starts once enough moves were acknowledged, and is checked…
    let deadline = Instant::now() + WAIT;
    while count() < MOVES_BEFORE {
        assert!(Instant::now() < deadline, "{}", bot.output());
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let started_before = bot.lines_with("backup started").len();
    bot.until("a backup starts under load", |b| {
        b.lines_with("backup started").len() > started_before
    })
    .await;
    let chosen = bot.lines_with("backup started")[started_before].clone();
    let chosen_file = file_field(&chosen);
    bot.until("that backup is checked", |b| {
        b.lines_with("backup verified")
            .iter()
            .any(|l| file_field(l) == chosen_file)
    })
    .await;
    // …then the next one starts, and the bot is killed in the middle of it, under load.
    bot.until("the next backup starts", |b| {
        b.lines_with("backup started").len() > started_before + 1
    })
    .await;
    let cut_file = file_field(&bot.lines_with("backup started")[started_before + 1]);
    let partial = PathBuf::from(format!("{cut_file}.partial"));
    bot.until("its copy is being written", |_| partial.exists())
        .await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let moves_at_kill = count();
    drop(bot); // SIGKILL
    let _ = kill.send(true);
    for player in players {
        player.await.expect("a player's task");
    }
    assert!(
        partial.exists() && !Path::new(&cut_file).exists(),
        "killed in the middle of {cut_file}"
    );
    assert!(count() >= moves_at_kill);

    // The last checked backup is the chosen one (the next never finished).
    let last = newest_backup(&backups).expect("a checked backup");
    assert_eq!(last, PathBuf::from(&chosen_file));
    let started_ms = stamp_ms(&chosen);
    let acknowledged = acknowledged
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .clone();
    let before: Vec<&Acknowledged> = acknowledged
        .iter()
        .filter(|a| a.at_ms < started_ms)
        .collect();
    assert!(
        before.len() >= MOVES_BEFORE,
        "{} moves acknowledged before the backup started",
        before.len()
    );
    eprintln!(
        "{} moves acknowledged in all, {} before the restored backup started",
        acknowledged.len(),
        before.len()
    );

    // Restored into a fresh file.
    let fresh_dir = tempfile::tempdir().unwrap();
    let fresh = fresh_dir.path().join("focus.db");
    let restored = Command::new(env!("CARGO_BIN_EXE_focus-bot"))
        .arg("db")
        .arg("--db")
        .arg(&fresh)
        .arg("restore")
        .arg(&last)
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&restored.stdout);
    assert!(
        restored.status.success(),
        "{out}{}",
        String::from_utf8_lossy(&restored.stderr)
    );
    assert!(out.contains("\ngames: 4 (4 in play)\n"), "{out}");

    // Every move acknowledged before that backup's start is in the restored copy.
    let mut positions = HashMap::new();
    {
        let mut store = Store::open(&fresh).unwrap();
        assert_eq!(store.integrity_check().unwrap(), ["ok"]);
        for (channel, _) in CHANNELS {
            let game = store
                .game_in_channel(channel)
                .unwrap()
                .expect("the channel's game");
            let loaded = store.load_game(game.id).unwrap();
            let moves = store.moves(game.id).unwrap();
            for a in before.iter().filter(|a| a.channel == channel) {
                let stored = moves.get(a.ply as usize - 1).map(|m| m.notation.as_str());
                assert_eq!(
                    stored,
                    Some(a.notation.as_str()),
                    "#{channel} ply {}: acknowledged before the backup started, missing",
                    a.ply
                );
            }
            positions.insert(channel, (loaded.position, loaded.game.ply));
        }
    }

    // A bot on the restored file goes on with every game.
    let again = start_bot(&fake, fresh_dir.path(), &fresh, &[]);
    wait_registered(&fake, 2).await;
    for (channel, _) in CHANNELS {
        let (position, _) = &positions[&channel];
        let mv = pick(position, 1);
        let mover = match position.side_to_move() {
            Color::White => &alice,
            Color::Black => &bob,
        };
        let id = fake
            .slash(
                mover,
                channel,
                "focus move",
                json!({ "move": mv.to_string() }),
            )
            .await;
        let reply = fake.reply_to(id, WAIT).await;
        assert!(
            !reply.ephemeral(),
            "#{channel}: {mv} after the restore: {}",
            reply.text()
        );
    }
    let store = Store::open(&fresh).unwrap();
    for (channel, _) in CHANNELS {
        let game = store.game_in_channel(channel).unwrap().unwrap();
        assert_eq!(
            store.moves(game.id).unwrap().len(),
            positions[&channel].1 as usize + 1,
            "#{channel}: the move after the restore is stored"
        );
    }
    drop(store);
    drop(again);
}
