//! What several benchmarks share (issue 24): games of 60 legal plies, and a history of
//! finished games added to a database in bulk, for the growth cases ("the sweep, the
//! leaderboard, `/focus games` and `/focus watch` at 100,000 finished games").
//!
//! The history is made from a few *template* games, each played through the store as a real
//! game is (a challenge, its acceptance in a thread, 60 moves recorded one by one, a
//! resignation), in a guild of their own. Each finished game of the history is a copy of one
//! template's rows (its challenge, its game, its 60 moves), with its own ids, players, channels
//! and times, written with SQL in one transaction: 100,000 games take seconds instead of the
//! hour that 6 million recorded moves would. Every other column is copied as the store wrote
//! it, so a column added by a later migration is copied too. No analyses and no notices are
//! copied: none of the benchmarked queries reads them (`benches/growth.rs` measures them).

#![allow(dead_code)] // Each benchmark uses part of it.

use std::path::Path;

use focus_bot::rules::{Color, Move, Position, Rules};
use focus_bot::store::{ColorChoice, NewChallenge, Store, TimeControl};
use rusqlite::{Connection, named_params};

/// The plies of every game made here.
pub const PLIES: usize = 60;

/// The `seed`-th deterministic game of [`PLIES`] legal moves from the start that is still
/// going after its last move (a seed whose game ends sooner is skipped): stacks move, grow and
/// are trimmed, and pieces are dropped, as in a real game. Returns the seed used as well.
pub fn game_of_60_plies(seed: u64) -> (u64, Vec<Move>) {
    for seed in seed.. {
        let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut pos = Position::start();
        let mut moves = Vec::with_capacity(PLIES);
        while moves.len() < PLIES && !pos.outcome().is_over() {
            rng = rng
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let legal = pos.legal_moves();
            let mv = legal[(rng >> 33) as usize % legal.len()];
            pos.play(mv).expect("a legal move");
            moves.push(mv);
        }
        if moves.len() == PLIES && !pos.outcome().is_over() {
            return (seed, moves);
        }
    }
    unreachable!("some seed gives a game of 60 plies")
}

/// Finished games to add: where, between whom, and when.
pub struct History<'a> {
    /// The server of every game.
    pub guild_id: u64,
    /// How many games.
    pub games: u64,
    /// Their players: game `i` has White `players[i % n]` and Black another one, so that
    /// every player has about `2 * games / n` games.
    pub players: &'a [u64],
    /// The channels the challenges were made in, one after another.
    pub channels: &'a [u64],
    /// Game `i` is played in the thread `first_thread + i` (a thread started from the
    /// challenge's message has the message's id).
    pub first_thread: u64,
    /// The last game finishes before this moment (unix seconds); one finishes every 5 minutes
    /// before it.
    pub before: i64,
}

/// Template games, played through the store.
const TEMPLATES: u64 = 16;
/// Their server and players, apart from every benchmark's own.
const TEMPLATE_GUILD: u64 = 999_999_999_999_999_999;
const TEMPLATE_CHANNEL: u64 = 999_999_999_999_999_000;
const TEMPLATE_WHITE: u64 = 999_999_999_999_999_001;
const TEMPLATE_BLACK: u64 = 999_999_999_999_999_002;
/// When the templates start (unix seconds).
const TEMPLATE_T0: i64 = 1_600_000_000;

/// Adds `history.games` finished games to the database at `path` (see the module's doc);
/// `store` is open on it. Returns the time it took, in seconds.
pub fn add_finished_games(store: &mut Store, path: &Path, history: &History<'_>) -> f64 {
    let started = std::time::Instant::now();
    let templates: Vec<i64> = (0..TEMPLATES).map(|k| play_template(store, k)).collect();
    let mut conn = Connection::open(path).unwrap();
    let tx = conn.transaction().unwrap();
    {
        let mut challenge = tx
            .prepare(&copy_sql(
                &tx,
                "challenges",
                &[
                    ("id", "NULL"),
                    ("guild_id", ":guild"),
                    ("channel_id", ":channel"),
                    ("challenger_id", ":white"),
                    ("opponent_id", ":black"),
                    ("message_id", ":thread"),
                ],
                "id = (SELECT challenge_id FROM games WHERE id = :template)",
            ))
            .unwrap();
        let mut game = tx
            .prepare(&copy_sql(
                &tx,
                "games",
                &[
                    ("id", "NULL"),
                    ("guild_id", ":guild"),
                    ("channel_id", ":thread"),
                    ("parent_channel_id", ":channel"),
                    ("white_id", ":white"),
                    ("black_id", ":black"),
                    ("challenge_id", ":challenge"),
                ],
                "id = :template",
            ))
            .unwrap();
        let mut moves = tx
            .prepare(&copy_sql(
                &tx,
                "moves",
                &[
                    ("game_id", ":game"),
                    (
                        "player_id",
                        "CASE player_id WHEN :template_white THEN :white ELSE :black END",
                    ),
                ],
                "game_id = :template",
            ))
            .unwrap();
        let n = history.players.len() as u64;
        for i in 0..history.games {
            let template = templates[(i % TEMPLATES) as usize];
            let white = history.players[(i % n) as usize];
            // Another player: an offset of 1 to n - 1 that changes every round of n games.
            let black = history.players[((i + 1 + (i / n) % (n - 1)) % n) as usize];
            let channel = history.channels[(i % history.channels.len() as u64) as usize];
            let thread = history.first_thread + i;
            // The templates start at TEMPLATE_T0 and last under a day; game i ends 5 minutes
            // before game i + 1.
            let shift = history.before - 86_400 - 300 * (history.games - i) as i64 - TEMPLATE_T0;
            let (guild, white, black) = (sf(history.guild_id), sf(white), sf(black));
            let (channel, thread) = (sf(channel), sf(thread));
            challenge
                .execute(named_params! {
                    ":guild": guild, ":channel": channel, ":white": white, ":black": black,
                    ":thread": thread, ":shift": shift, ":template": template,
                })
                .unwrap();
            let challenge_id = tx.last_insert_rowid();
            game.execute(named_params! {
                ":guild": guild, ":thread": thread, ":channel": channel, ":white": white,
                ":black": black, ":challenge": challenge_id, ":shift": shift,
                ":template": template,
            })
            .unwrap();
            let game_id = tx.last_insert_rowid();
            let copied = moves
                .execute(named_params! {
                    ":game": game_id, ":template_white": sf(TEMPLATE_WHITE), ":white": white,
                    ":black": black, ":shift": shift, ":template": template,
                })
                .unwrap();
            assert_eq!(copied, PLIES);
        }
    }
    tx.commit().unwrap();
    started.elapsed().as_secs_f64()
}

/// A Discord id as SQLite stores it (the store's lossless bit-cast).
fn sf(id: u64) -> i64 {
    id as i64
}

/// `INSERT INTO table (every column) SELECT … FROM table WHERE condition`: each column
/// copied, except those of `set` (SQL of named parameters) and the times, moved by `:shift`
/// seconds.
fn copy_sql(conn: &Connection, table: &str, set: &[(&str, &str)], condition: &str) -> String {
    let mut stmt = conn
        .prepare(&format!("SELECT name FROM pragma_table_info('{table}')"))
        .unwrap();
    let columns: Vec<String> = stmt
        .query_map([], |row| row.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    let values: Vec<String> = columns
        .iter()
        .map(|c| match set.iter().find(|(name, _)| name == c) {
            Some((_, value)) => (*value).to_owned(),
            None if c.ends_with("_ms") => format!("{c} + :shift * 1000"),
            None if c.ends_with("_at") => format!("{c} + :shift"),
            None => c.clone(),
        })
        .collect();
    format!(
        "INSERT INTO {table} ({}) SELECT {} FROM {table} WHERE {condition}",
        columns.join(", "),
        values.join(", ")
    )
}

/// Plays template game `k` through the store: challenged, accepted in a thread, 60 moves, then
/// resigned by the player to move (White) or, every other game, by Black. Returns its id.
fn play_template(store: &mut Store, k: u64) -> i64 {
    let (_, moves) = game_of_60_plies(k * 1_000);
    // Every template starts at the same moment, so that a copy's times move with one shift.
    let mut now = TEMPLATE_T0;
    let challenge = store
        .create_challenge(&NewChallenge {
            guild_id: TEMPLATE_GUILD,
            channel_id: TEMPLATE_CHANNEL,
            challenger_id: TEMPLATE_WHITE,
            opponent_id: Some(TEMPLATE_BLACK),
            rules: Rules::CLASSIC,
            time_control: TimeControl::days(3),
            color: ColorChoice::White,
            rated: true,
            start_fpn: None,
            created_at: now,
            venue: Default::default(),
        })
        .unwrap();
    let thread = TEMPLATE_CHANNEL - 1_000 + k;
    store.set_challenge_message(challenge.id, thread).unwrap();
    now += 60;
    let game = store
        .accept_challenge_in(
            challenge.id,
            TEMPLATE_BLACK,
            now,
            Color::White,
            Some(thread),
        )
        .unwrap();
    for (ply, &mv) in moves.iter().enumerate() {
        now += 97 + (ply as i64 * 61) % 900;
        let mover = if ply.is_multiple_of(2) {
            TEMPLATE_WHITE
        } else {
            TEMPLATE_BLACK
        };
        store
            .record_move(game.id, mover, ply as u32, mv, now)
            .unwrap();
    }
    let loser = if k.is_multiple_of(2) {
        TEMPLATE_WHITE
    } else {
        TEMPLATE_BLACK
    };
    let finished = store.resign(game.id, loser, now + 30).unwrap();
    assert_eq!(finished.ply as usize, PLIES);
    finished.id.0
}
