//! Durability and concurrency of the store (issue 4): the double-move race, and SIGKILL at
//! random moments while a child process records moves.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::{Barrier, mpsc};
use std::thread;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use focus_bot::rules::{Color, Move, Position, Rules};
use focus_bot::store::{
    ColorChoice, GameId, GameStatus, NewChallenge, Store, StoreError, TimeControl,
};

const T0: i64 = 1_700_000_000;
const WHITE: u64 = u64::MAX - 10;
const BLACK: u64 = 4_242;

/// Starts a game between WHITE and BLACK in `channel`.
fn new_game(store: &mut Store, channel: u64, now: i64) -> GameId {
    let c = store
        .create_challenge(&NewChallenge {
            guild_id: 1,
            channel_id: channel,
            challenger_id: WHITE,
            opponent_id: Some(BLACK),
            rules: Rules::MIRROR,
            time_control: TimeControl::Days(1),
            color: ColorChoice::White,
            rated: true,
            start_fpn: None,
            created_at: now,
            venue: Default::default(),
        })
        .unwrap();
    store
        .accept_challenge(c.id, BLACK, now, Color::White)
        .unwrap()
        .id
}

/// A legal move chosen by `seed` (deterministic).
fn pick(pos: &Position, seed: u64) -> Move {
    let moves = pos.legal_moves();
    moves[(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize % moves.len()]
}

#[test]
fn two_moves_at_the_same_ply_store_exactly_one() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("race.db");
    // Two connections to one file, as two processes (or a restarted bot) would have.
    let mut a = Store::open(&path).unwrap();
    let mut b = Store::open(&path).unwrap();
    let mut channel = 1;
    let mut id = new_game(&mut a, channel, T0);
    for round in 0..50u64 {
        let loaded = a.load_game(id).unwrap();
        let ply = loaded.game.ply;
        let mover = loaded.game.player(loaded.position.side_to_move());
        // Two different moves when there are two, from two "devices" of the same player.
        let (mv_a, mv_b) = (
            pick(&loaded.position, round),
            pick(&loaded.position, round + 7),
        );
        let barrier = Barrier::new(2);
        let now = T0 + 10 * i64::try_from(round).unwrap();
        let (ra, rb) = thread::scope(|s| {
            let ta = s.spawn(|| {
                barrier.wait();
                a.record_move(id, mover, ply, mv_a, now)
            });
            let tb = s.spawn(|| {
                barrier.wait();
                b.record_move(id, mover, ply, mv_b, now)
            });
            (ta.join().unwrap(), tb.join().unwrap())
        });
        let (won, lost, winning_move) = match (ra, rb) {
            (Ok(w), Err(l)) => (w, l, mv_a),
            (Err(l), Ok(w)) => (w, l, mv_b),
            (ra, rb) => panic!("round {round}: expected one winner, got {ra:?} and {rb:?}"),
        };
        assert!(
            matches!(lost, StoreError::PositionChanged { seen, now } if seen == ply && now == ply + 1),
            "round {round}: {lost:?}"
        );
        assert_eq!(
            lost.to_string(),
            "the position changed: someone moved first; look at the board and try again"
        );
        assert_eq!(won.game.ply, ply + 1);
        let moves = a.moves(id).unwrap();
        assert_eq!(
            moves.len() as u32,
            ply + 1,
            "round {round}: exactly one move stored"
        );
        assert_eq!(moves.last().unwrap().notation, winning_move.to_string());
        let reloaded = b.load_game(id).unwrap();
        assert_eq!(reloaded.position, won.position);
        if won.game.status != GameStatus::Active {
            channel += 1;
            id = new_game(&mut a, channel, now);
        }
    }
    assert_eq!(a.integrity_check().unwrap(), ["ok"]);
}

/// The channel the kill test's child plays in.
const KILL_CHANNEL: u64 = 77;
/// Where the child writes: set by the parent test.
const KILL_ENV: &str = "FOCUS_KILL_TEST_DB";
/// A child's games are aborted after this many plies, so that each load stays short.
const KILL_GAME_PLIES: u32 = 150;

/// The kill test's child: records moves in a loop, printing `committed GAME PLY MOVE` after
/// each commit, until it is killed (or has written 100,000 moves, or its stdout is closed).
/// Run only by `kill_at_random_moments_loses_no_reported_move`, in a child process.
#[test]
#[ignore = "helper: the kill test runs it in a child process"]
fn kill_test_child() {
    let Some(path) = std::env::var_os(KILL_ENV) else {
        return; // Run by hand without the parent: nothing to do.
    };
    let mut store = Store::open(Path::new(&path)).unwrap();
    let mut out = std::io::stdout().lock();
    // Continue the clock where the previous child stopped, so that times stay increasing.
    let mut now = T0 + i64::try_from(store.counts().unwrap().moves).unwrap() + 1;
    for i in 0..100_000u64 {
        now += 1;
        let game = match store.game_in_channel(KILL_CHANNEL).unwrap() {
            Some(g) if g.ply >= KILL_GAME_PLIES => {
                store.abort_game(g.id, now).unwrap();
                continue;
            }
            Some(g) => g,
            None => {
                let id = new_game(&mut store, KILL_CHANNEL, now);
                store.game(id).unwrap()
            }
        };
        // Every round checks the stored position against the replay of the moves.
        let loaded = store.load_game(game.id).unwrap();
        let mover = loaded.game.player(loaded.position.side_to_move());
        let seed = i ^ (u64::from(loaded.game.ply) << 20) ^ now.unsigned_abs();
        let mv = pick(&loaded.position, seed);
        let played = store
            .record_move(game.id, mover, loaded.game.ply, mv, now)
            .unwrap();
        // Reported only after the commit returned: this is the acknowledgement.
        if writeln!(out, "committed {} {} {mv}", game.id.0, played.game.ply)
            .and_then(|()| out.flush())
            .is_err()
        {
            return;
        }
    }
}

/// The full name of [`kill_test_child`] in this test binary (`store_durability::kill_test_child`):
/// the binary holds other modules' tests too, and `--exact` needs the module path, which is this
/// module's path without the binary's crate name.
fn child_test_name() -> String {
    let module = module_path!()
        .split_once("::")
        .map_or(module_path!(), |(_, module)| module);
    format!("{module}::kill_test_child")
}

/// A small pseudo-random generator (xorshift64*), seeded from the clock: the kill moments
/// differ from run to run, as they should; each is printed so that a failure can be traced.
struct Rng(u64);

impl Rng {
    fn from_clock() -> Rng {
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap()
            .as_nanos();
        Rng((nanos as u64) | 1)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % n
    }
}

#[test]
fn kill_at_random_moments_loses_no_reported_move() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("kill.db");
    let mut rng = Rng::from_clock();
    let mut reported: Vec<(i64, u32, String)> = Vec::new();
    for round in 0..10 {
        let mut child = Command::new(std::env::current_exe().unwrap())
            .args(["--exact", &child_test_name(), "--ignored", "--nocapture"])
            .args(["--test-threads", "1"])
            .env(KILL_ENV, &path)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (lines_tx, lines_rx) = mpsc::channel::<String>();
        let reader = thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut line = String::new();
            // Only whole lines count: a line cut by the kill was not fully reported.
            while reader.read_line(&mut line).unwrap_or(0) > 0 && line.ends_with('\n') {
                if line.starts_with("committed ") && lines_tx.send(line.clone()).is_err() {
                    break;
                }
                line.clear();
            }
        });
        // Wait until the child is recording, then kill it at a random moment.
        let first = lines_rx
            .recv_timeout(Duration::from_secs(120))
            .expect("the child reports its first move");
        let delay = rng.below(250);
        thread::sleep(Duration::from_millis(delay));
        child.kill().unwrap();
        child.wait().unwrap();
        reader.join().unwrap();
        let mut lines = vec![first];
        lines.extend(lines_rx.try_iter());
        eprintln!(
            "round {round}: killed after {delay} ms, {} moves reported",
            lines.len()
        );
        for line in lines {
            let mut fields = line.split_whitespace().skip(1);
            let game: i64 = fields.next().unwrap().parse().unwrap();
            let ply: u32 = fields.next().unwrap().parse().unwrap();
            let notation = fields.next().unwrap().to_owned();
            reported.push((game, ply, notation));
        }
    }

    let mut store = Store::open(&path).unwrap();
    assert_eq!(store.integrity_check().unwrap(), ["ok"]);
    assert!(reported.len() >= 10, "each child reported a move");
    let mut games: Vec<i64> = reported.iter().map(|r| r.0).collect();
    games.dedup();
    for &id in &games {
        let moves = store.moves(GameId(id)).unwrap();
        for (_, ply, notation) in reported.iter().filter(|r| r.0 == id) {
            let stored = moves.get(*ply as usize - 1);
            assert_eq!(
                stored.map(|m| (m.ply, m.notation.as_str())),
                Some((*ply, notation.as_str())),
                "game {id} ply {ply}: a reported move is missing"
            );
        }
        // The stored FPN equals the replay of the stored moves (load_game checks it).
        let loaded = store.load_game(GameId(id)).unwrap();
        assert_eq!(loaded.position.to_string(), loaded.game.fpn);
        assert_eq!(loaded.game.ply as usize, moves.len());
    }
    let counts = store.counts().unwrap();
    assert!(counts.moves >= reported.len() as u64);
}
