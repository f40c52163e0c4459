//! The SQLite store's use cases (issue 4), on real database files in temporary directories.
// Longer than 400 lines: the store's tests, use case by use case, share their database files and
// rows.

use std::path::{Path, PathBuf};

use focus_bot::rules::{Color, Move, Position, Rules};
use focus_bot::store::{
    AsyncStore, CHALLENGE_LIFETIME, ChallengeStatus, ColorChoice, DrawOffer, EndReason, Ending,
    GameId, GameResult, GameStatus, NewChallenge, Player, SCHEMA_VERSION, Store, StoreError,
    TimeControl, UserSettings,
};
use rusqlite::Connection;
use tempfile::TempDir;

const T0: i64 = 1_700_000_000;
const DAY: i64 = 86_400;
const GUILD: u64 = 1_000_000_000_000_000_001;
const ALICE: u64 = 111;
const BOB: u64 = 222;
const CAROL: u64 = 333;
/// Snowflakes above i64::MAX: stored as negative INTEGERs, read back unchanged.
const BIG_GUILD: u64 = u64::MAX;
const BIG_CHANNEL: u64 = u64::MAX - 1;
const BIG_USER: u64 = (i64::MAX as u64) + 7;

/// White wins with c4-d4: Black's only stack is then under White's piece, and Black has no
/// reserve (17 pieces each captured).
const ONE_MOVE_WIN: &str = ".,.,.,./.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./\
    .,.,w,b,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,./.,.,.,. w 0 0 17 17";

/// White to move has no stack and no reserve: already lost.
const DECIDED: &str = ".,.,.,./.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./\
    .,.,.,b,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,./.,.,.,. w 0 0 17 18";

fn temp_db() -> (TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("focus.db");
    (dir, path)
}

fn challenge(channel: u64, challenger: u64, opponent: Option<u64>) -> NewChallenge {
    NewChallenge {
        guild_id: GUILD,
        channel_id: channel,
        challenger_id: challenger,
        opponent_id: opponent,
        rules: Rules::CLASSIC,
        time_control: TimeControl::Days(3),
        color: ColorChoice::White,
        rated: true,
        start_fpn: None,
        created_at: T0,
        venue: Default::default(),
    }
}

/// A game in `channel` between Alice (White) and Bob (Black), started at T0.
fn new_game(store: &mut Store, channel: u64) -> GameId {
    let c = store
        .create_challenge(&challenge(channel, ALICE, Some(BOB)))
        .unwrap();
    store
        .accept_challenge(c.id, BOB, T0, Color::White)
        .unwrap()
        .id
}

/// A legal move chosen by `seed` (deterministic).
fn pick(pos: &Position, seed: usize) -> Move {
    let moves = pos.legal_moves();
    moves[(seed * 7919 + 13) % moves.len()]
}

/// Plays `n` deterministic moves in game `id`, one minute apart from T0 + 60.
fn play_moves(store: &mut Store, id: GameId, n: u32) -> Position {
    let mut loaded = store.load_game(id).unwrap();
    for _ in 0..n {
        let ply = loaded.game.ply;
        let mv = pick(&loaded.position, ply as usize);
        let mover = loaded.game.player(loaded.position.side_to_move());
        let played = store
            .record_move(id, mover, ply, mv, T0 + 60 * i64::from(ply + 1))
            .unwrap();
        assert_eq!(played.game.status, GameStatus::Active, "the game went on");
        loaded.game = played.game;
        loaded.position = played.position;
    }
    loaded.position
}

fn file_bytes(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap()
}

// ---------------------------------------------------------------------------------------------
// Opening and migrations

#[test]
fn a_new_file_is_migrated_and_reopening_changes_nothing() {
    if crate::stores::sqlite_only("a_new_file_is_migrated_and_reopening_changes_nothing") {
        return;
    }
    let (_dir, path) = temp_db();
    let store = crate::stores::file(&path).unwrap();
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    assert_eq!(store.integrity_check().unwrap(), ["ok"]);
    let counts = store.counts().unwrap();
    assert_eq!((counts.games, counts.moves, counts.challenges), (0, 0, 0));
    drop(store);
    let before = file_bytes(&path);
    let conn = Connection::open(&path).unwrap();
    let mode: String = conn
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .unwrap();
    assert_eq!(mode, "wal", "WAL is recorded in the file");
    drop(conn);

    let store = crate::stores::file(&path).unwrap();
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    drop(store);
    assert_eq!(
        file_bytes(&path),
        before,
        "an up-to-date database is not rewritten"
    );
}

#[test]
fn a_database_from_a_newer_version_is_refused_and_left_alone() {
    if crate::stores::sqlite_only("a_database_from_a_newer_version_is_refused_and_left_alone") {
        return;
    }
    let (dir, path) = temp_db();
    {
        let conn = Connection::open(&path).unwrap();
        conn.execute_batch(&format!(
            "CREATE TABLE future (x INTEGER); PRAGMA user_version = {};",
            SCHEMA_VERSION + 1
        ))
        .unwrap();
    }
    let before = file_bytes(&path);
    let err = crate::stores::file(&path).unwrap_err();
    assert!(
        matches!(err, StoreError::TooNew { found, known, .. } if found == SCHEMA_VERSION + 1 && known == SCHEMA_VERSION),
        "{err:?}"
    );
    assert_eq!(
        err.to_string(),
        format!(
            "the database {} has schema version {}, but this focus-bot knows only up to {}: it \
             was written by a newer version, so it was left unchanged (upgrade focus-bot)",
            path.display(),
            SCHEMA_VERSION + 1,
            SCHEMA_VERSION
        )
    );
    assert_eq!(file_bytes(&path), before);
    assert!(!dir.path().join("focus.db-wal").exists());
    let conn = Connection::open(&path).unwrap();
    let mode: String = conn
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .unwrap();
    assert_eq!(mode, "delete", "not even the journal mode was changed");
}

#[test]
fn paths_that_cannot_be_databases_are_refused() {
    let (dir, _) = temp_db();
    let missing = dir.path().join("no/such/dir/focus.db");
    let err = Store::open(&missing).unwrap_err();
    assert!(matches!(err, StoreError::Open { .. }), "{err:?}");
    assert_eq!(
        err.to_string(),
        format!(
            "cannot open the database {}: unable to open database file",
            missing.display()
        )
    );
    let err = Store::open(dir.path()).unwrap_err();
    assert!(matches!(err, StoreError::Open { .. }), "{err:?}");
    let junk = dir.path().join("junk.db");
    std::fs::write(
        &junk,
        "this is not a database, just some text long enough to matter\n".repeat(20),
    )
    .unwrap();
    let err = Store::open(&junk).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "cannot open the database {}: file is not a database",
            junk.display()
        )
    );
}

// ---------------------------------------------------------------------------------------------
// Challenges

#[test]
fn a_challenge_is_created_with_its_options_and_expiry() {
    let mut store = crate::stores::memory().unwrap();
    let mut new = challenge(BIG_CHANNEL, BIG_USER, None);
    new.guild_id = BIG_GUILD;
    new.rules = Rules::SWAP_MIRROR;
    new.time_control = TimeControl::Days(14);
    new.color = ColorChoice::Random;
    let c = store.create_challenge(&new).unwrap();
    assert_eq!(c.guild_id, u64::MAX);
    assert_eq!(c.channel_id, u64::MAX - 1);
    assert_eq!(c.challenger_id, BIG_USER);
    assert_eq!(c.opponent_id, None);
    assert_eq!(c.rules, Rules::SWAP_MIRROR);
    assert_eq!(c.time_control, TimeControl::Days(14));
    assert_eq!(c.color, ColorChoice::Random);
    assert!(c.rated);
    assert_eq!(c.status, ChallengeStatus::Open);
    assert_eq!(c.message_id, None);
    assert_eq!(c.expires_at, T0 + CHALLENGE_LIFETIME);
    assert_eq!(c.expires_at - c.created_at, 24 * 3600);

    store.set_challenge_message(c.id, u64::MAX - 5).unwrap();
    let again = store.challenge(c.id).unwrap();
    assert_eq!(again.message_id, Some(u64::MAX - 5));
    assert_eq!(
        store.open_challenges(BIG_CHANNEL, T0 + 10).unwrap(),
        vec![again.clone()]
    );
    assert_eq!(
        store.open_challenges(BIG_CHANNEL, c.expires_at).unwrap(),
        vec![]
    );
}

#[test]
fn challenges_with_impossible_options_are_refused() {
    let mut store = crate::stores::memory().unwrap();
    let mut bad = challenge(5, ALICE, Some(BOB));
    bad.time_control = TimeControl::Days(4);
    let err = store.create_challenge(&bad).unwrap_err();
    assert_eq!(
        err.to_string(),
        "4 days per move is not offered: choose 1, 2, 3, 5, 7, 10 or 14, or 0 for no limit"
    );
    let mut bad = challenge(5, ALICE, Some(BOB));
    bad.start_fpn = Some(ONE_MOVE_WIN.into());
    assert!(matches!(
        store.create_challenge(&bad),
        Err(StoreError::RatedSetUp)
    ));
    bad.rated = false;
    bad.start_fpn = Some("w,.,. w 0 0 0 0".into());
    let err = store.create_challenge(&bad).unwrap_err();
    assert!(matches!(err, StoreError::BadStartFpn(_)), "{err:?}");
    // A position whose player to move has already lost.
    bad.start_fpn = Some(DECIDED.into());
    let err = store.create_challenge(&bad).unwrap_err();
    assert!(matches!(err, StoreError::StartIsOver), "{err:?}");
    let err = store
        .create_challenge(&challenge(5, ALICE, Some(ALICE)))
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "you cannot play against yourself: challenge someone else"
    );
    assert_eq!(store.counts().unwrap().challenges, 0);
    for days in [0, 1, 2, 3, 5, 7, 10, 14] {
        let mut ok = challenge(5, ALICE, None);
        ok.time_control = TimeControl::days(days);
        assert_eq!(
            store.create_challenge(&ok).unwrap().time_control,
            TimeControl::days(days)
        );
    }
}

#[test]
fn accepting_starts_the_game_in_the_same_transaction() {
    let mut store = crate::stores::memory().unwrap();
    let c = store
        .create_challenge(&challenge(7, ALICE, Some(BOB)))
        .unwrap();
    let err = store
        .accept_challenge(c.id, CAROL, T0 + 5, Color::White)
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        format!("challenge #{} is addressed to someone else", c.id.0)
    );
    let err = store
        .accept_challenge(c.id, ALICE, T0 + 5, Color::White)
        .unwrap_err();
    assert!(matches!(err, StoreError::OwnChallenge));

    let game = store
        .accept_challenge(c.id, BOB, T0 + 100, Color::Black)
        .unwrap();
    assert_eq!(
        (game.white_id, game.black_id),
        (ALICE, BOB),
        "Alice asked for White"
    );
    assert_eq!(game.guild_id, GUILD);
    assert_eq!(game.channel_id, 7);
    assert_eq!(game.rules, Rules::CLASSIC);
    assert!(game.rated);
    assert_eq!(game.status, GameStatus::Active);
    assert_eq!(game.result, None);
    assert_eq!(game.ply, 0);
    assert_eq!(game.fpn, Position::start().to_string());
    assert_eq!(game.created_at, T0 + 100);
    assert_eq!(game.last_move_at, T0 + 100);
    assert_eq!(game.deadline, Some(T0 + 100 + 3 * DAY));
    assert_eq!(game.time_control, TimeControl::Days(3));
    assert_eq!(game.challenge_id, Some(c.id));
    assert_eq!(
        store.challenge(c.id).unwrap().status,
        ChallengeStatus::Accepted
    );
    assert_eq!(store.game_in_channel(7).unwrap(), Some(game.clone()));

    let err = store
        .accept_challenge(c.id, BOB, T0 + 200, Color::White)
        .unwrap_err();
    assert!(
        matches!(
            err,
            StoreError::ChallengeClosed {
                status: ChallengeStatus::Accepted,
                ..
            }
        ),
        "{err:?}"
    );
    assert_eq!(
        err.to_string(),
        format!("challenge #{} is no longer open (it was accepted)", c.id.0)
    );
    assert_eq!(store.counts().unwrap().games, 1);
}

#[test]
fn an_open_challenge_goes_to_the_first_taker_and_random_colours_follow_the_toss() {
    let mut store = crate::stores::memory().unwrap();
    let mut new = challenge(8, ALICE, None);
    new.color = ColorChoice::Random;
    new.time_control = TimeControl::Unlimited;
    let c = store.create_challenge(&new).unwrap();
    let game = store
        .accept_challenge(c.id, CAROL, T0 + 1, Color::Black)
        .unwrap();
    assert_eq!(
        (game.white_id, game.black_id),
        (CAROL, ALICE),
        "Alice tossed Black"
    );
    assert_eq!(game.deadline, None, "no time limit");
    let err = store
        .accept_challenge(c.id, BOB, T0 + 2, Color::Black)
        .unwrap_err();
    assert!(matches!(err, StoreError::ChallengeClosed { .. }));

    let mut new = challenge(9, ALICE, None);
    new.color = ColorChoice::Random;
    let c = store.create_challenge(&new).unwrap();
    let game = store
        .accept_challenge(c.id, CAROL, T0 + 1, Color::White)
        .unwrap();
    assert_eq!((game.white_id, game.black_id), (ALICE, CAROL));
    let mut new = challenge(10, ALICE, None);
    new.color = ColorChoice::Black;
    let c = store.create_challenge(&new).unwrap();
    let game = store
        .accept_challenge(c.id, CAROL, T0 + 1, Color::White)
        .unwrap();
    assert_eq!((game.white_id, game.black_id), (CAROL, ALICE));
}

#[test]
fn expired_challenges_cannot_be_accepted_and_are_marked() {
    let mut store = crate::stores::memory().unwrap();
    let c = store
        .create_challenge(&challenge(7, ALICE, Some(BOB)))
        .unwrap();
    let err = store
        .accept_challenge(c.id, BOB, c.expires_at, Color::White)
        .unwrap_err();
    assert!(matches!(err, StoreError::ChallengeExpired(id) if id == c.id));
    assert_eq!(
        err.to_string(),
        format!("challenge #{} has expired: send a new one", c.id.0)
    );
    assert_eq!(
        store.challenge(c.id).unwrap().status,
        ChallengeStatus::Expired
    );
    assert_eq!(store.counts().unwrap().games, 0);
    let err = store
        .accept_challenge(c.id, BOB, T0, Color::White)
        .unwrap_err();
    assert!(matches!(
        err,
        StoreError::ChallengeClosed {
            status: ChallengeStatus::Expired,
            ..
        }
    ));

    // The sweep marks exactly those whose time is up.
    let a = store.create_challenge(&challenge(1, ALICE, None)).unwrap();
    let mut later = challenge(2, ALICE, None);
    later.created_at = T0 + 1000;
    let b = store.create_challenge(&later).unwrap();
    let expired = store
        .expire_challenges(T0 + CHALLENGE_LIFETIME + 500)
        .unwrap();
    assert_eq!(expired.len(), 1);
    assert_eq!(expired[0].id, a.id);
    assert_eq!(expired[0].status, ChallengeStatus::Expired);
    assert_eq!(store.challenge(b.id).unwrap().status, ChallengeStatus::Open);
    assert_eq!(
        store
            .expire_challenges(T0 + CHALLENGE_LIFETIME + 500)
            .unwrap(),
        vec![]
    );
}

#[test]
fn declining_and_cancelling() {
    let mut store = crate::stores::memory().unwrap();
    let c = store
        .create_challenge(&challenge(7, ALICE, Some(BOB)))
        .unwrap();
    assert!(matches!(
        store.decline_challenge(c.id, CAROL, T0 + 1),
        Err(StoreError::NotYourChallenge(_))
    ));
    let err = store.cancel_challenge(c.id, BOB, T0 + 1).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "only the player who sent challenge #{} can cancel it",
            c.id.0
        )
    );
    let declined = store.decline_challenge(c.id, BOB, T0 + 1).unwrap();
    assert_eq!(declined.status, ChallengeStatus::Declined);
    assert!(matches!(
        store.cancel_challenge(c.id, ALICE, T0 + 2),
        Err(StoreError::ChallengeClosed {
            status: ChallengeStatus::Declined,
            ..
        })
    ));

    let open = store.create_challenge(&challenge(7, ALICE, None)).unwrap();
    assert!(matches!(
        store.decline_challenge(open.id, BOB, T0 + 1),
        Err(StoreError::NotYourChallenge(_))
    ));
    let cancelled = store.cancel_challenge(open.id, ALICE, T0 + 3).unwrap();
    assert_eq!(cancelled.status, ChallengeStatus::Cancelled);
    assert!(matches!(
        store.accept_challenge(open.id, BOB, T0 + 4, Color::White),
        Err(StoreError::ChallengeClosed {
            status: ChallengeStatus::Cancelled,
            ..
        })
    ));
    assert!(matches!(
        store.challenge(focus_bot::store::ChallengeId(999)),
        Err(StoreError::NoSuchChallenge(_))
    ));
}

#[test]
fn one_game_in_play_per_channel_enforced_by_the_database() {
    if crate::stores::sqlite_only("one_game_in_play_per_channel_enforced_by_the_database") {
        return;
    }
    let (_dir, path) = temp_db();
    let mut store = crate::stores::file(&path).unwrap();
    let first = new_game(&mut store, 42);
    let c = store
        .create_challenge(&challenge(42, CAROL, Some(BOB)))
        .unwrap();
    let err = store
        .accept_challenge(c.id, BOB, T0 + 9, Color::White)
        .unwrap_err();
    assert!(matches!(err, StoreError::ChannelBusy), "{err:?}");
    assert_eq!(
        err.to_string(),
        "this channel already has a game in play: finish it first, or play in another channel"
    );
    assert_eq!(
        store.challenge(c.id).unwrap().status,
        ChallengeStatus::Open,
        "the refused acceptance was rolled back"
    );

    // Not only the code: the database itself refuses a second active game in the channel.
    let conn = Connection::open(&path).unwrap();
    let raw = conn.execute(
        "INSERT INTO games (guild_id, channel_id, white_id, black_id, rules, rated, created_at, \
         last_move_at, days_per_move, fpn) VALUES (1, 42, 5, 6, 'classic', 0, 0, 0, 0, 'x')",
        [],
    );
    let msg = raw.unwrap_err().to_string();
    assert!(
        msg.contains("UNIQUE constraint failed: games.channel_id"),
        "{msg}"
    );

    store.resign(first, BOB, T0 + 50).unwrap();
    let second = store
        .accept_challenge(c.id, BOB, T0 + 60, Color::White)
        .unwrap();
    assert_eq!(second.channel_id, 42);
    assert_eq!(store.game_in_channel(42).unwrap().unwrap().id, second.id);
}

// ---------------------------------------------------------------------------------------------
// Moves

#[test]
fn recording_a_move_updates_the_game_in_one_step() {
    let mut store = crate::stores::memory().unwrap();
    let id = new_game(&mut store, 1);
    let played = store
        .record_move(id, ALICE, 0, "c4-d4".parse().unwrap(), T0 + 3600)
        .unwrap();
    let mut expected = Position::start();
    expected.play("c4-d4".parse().unwrap()).unwrap();
    assert_eq!(played.position, expected);
    assert_eq!(played.game.fpn, expected.to_string());
    assert_eq!(played.game.ply, 1);
    assert_eq!(played.game.last_move_at, T0 + 3600);
    assert_eq!(played.game.deadline, Some(T0 + 3600 + 3 * DAY));
    assert_eq!(played.game.status, GameStatus::Active);
    assert_eq!(played.mv.to_string(), "c4-d4");

    let moves = store.moves(id).unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].ply, 1);
    assert_eq!(moves[0].notation, "c4-d4");
    assert_eq!(moves[0].player_id, ALICE);
    assert_eq!(moves[0].played_at, T0 + 3600);

    let err = store
        .record_move(id, ALICE, 1, "d4-e4".parse().unwrap(), T0 + 3700)
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "it is not your turn: black is to move, and you play white"
    );
    let err = store
        .record_move(id, CAROL, 1, "f5-e5".parse().unwrap(), T0 + 3700)
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        format!("you are not playing in game #{}", id.0)
    );
    let err = store
        .record_move(id, BOB, 1, "c5-c8".parse().unwrap(), T0 + 3700)
        .unwrap_err();
    assert!(matches!(err, StoreError::Illegal(_)), "{err:?}");
    let err = store
        .record_move(id, BOB, 0, "f5-e5".parse().unwrap(), T0 + 3700)
        .unwrap_err();
    assert!(matches!(
        err,
        StoreError::PositionChanged { seen: 0, now: 1 }
    ));
    assert_eq!(
        err.to_string(),
        "the position changed: someone moved first; look at the board and try again"
    );
    assert_eq!(
        store.moves(id).unwrap().len(),
        1,
        "refused moves are not stored"
    );
    assert!(matches!(
        store.record_move(GameId(77), BOB, 0, "f5-e5".parse().unwrap(), T0),
        Err(StoreError::NoSuchGame(GameId(77)))
    ));
}

#[test]
fn a_game_survives_closing_and_reopening_mid_game() {
    let (_dir, path) = temp_db();
    let mut store = crate::stores::file(&path).unwrap();
    let id = new_game(&mut store, 3);
    let before = play_moves(&mut store, id, 17);
    drop(store);

    let mut store = crate::stores::file(&path).unwrap();
    let loaded = store.load_game(id).unwrap();
    assert_eq!(loaded.position, before);
    assert_eq!(loaded.position.ply(), 17);
    assert_eq!(loaded.game.ply, 17);
    assert_eq!(loaded.game.fpn, before.to_string());
    assert_eq!(store.moves(id).unwrap().len(), 17);
    // Continue where it stopped: Black is to move at ply 17.
    let mv = pick(&loaded.position, 99);
    let mover = loaded.game.player(loaded.position.side_to_move());
    assert_eq!(mover, BOB);
    let played = store.record_move(id, mover, 17, mv, T0 + 99_999).unwrap();
    let mut expected = before;
    expected.play(mv).unwrap();
    assert_eq!(played.position, expected);
    drop(store);
    let mut store = crate::stores::file(&path).unwrap();
    assert_eq!(store.load_game(id).unwrap().position, expected);
    assert_eq!(store.integrity_check().unwrap(), ["ok"]);
}

#[test]
fn the_opening_swap_is_offered_only_at_the_first_ply_after_reloading() {
    let mut store = crate::stores::memory().unwrap();
    let mut new = challenge(4, ALICE, Some(BOB));
    new.rules = Rules::SWAP;
    let c = store.create_challenge(&new).unwrap();
    let id = store
        .accept_challenge(c.id, BOB, T0, Color::White)
        .unwrap()
        .id;
    let start = store.load_game(id).unwrap().position;
    assert!(start.is_swap_turn());
    let swap = start.legal_moves()[0];
    assert_eq!(swap.to_string().len(), 5, "a swap like d4~d5");
    store.record_move(id, ALICE, 0, swap, T0 + 1).unwrap();
    let reply = pick(&store.load_game(id).unwrap().position, 1);
    store.record_move(id, BOB, 1, reply, T0 + 2).unwrap();
    // White to move again at ply 2: an ordinary move, not another swap.
    let game = store.game(id).unwrap();
    assert!(!game.current_position().unwrap().is_swap_turn());
    let err = store.record_move(id, ALICE, 2, swap, T0 + 3).unwrap_err();
    assert!(matches!(err, StoreError::Illegal(_)), "{err:?}");
    store
        .record_move(id, ALICE, 2, "c4-d4".parse().unwrap(), T0 + 3)
        .unwrap();
    assert_eq!(store.load_game(id).unwrap().game.ply, 3);
}

#[test]
fn a_move_that_ends_the_game_finishes_it_with_both_records() {
    let mut store = crate::stores::memory().unwrap();
    let mut new = challenge(6, ALICE, Some(BOB));
    new.rated = false;
    new.start_fpn = Some(ONE_MOVE_WIN.into());
    let c = store.create_challenge(&new).unwrap();
    let game = store.accept_challenge(c.id, BOB, T0, Color::White).unwrap();
    assert_eq!(game.start_fpn.as_deref(), Some(ONE_MOVE_WIN));
    assert_eq!(game.fpn, ONE_MOVE_WIN);
    let played = store
        .record_move(game.id, ALICE, 0, "c4-d4".parse().unwrap(), T0 + 10)
        .unwrap();
    assert!(played.outcome.is_over());
    let g = &played.game;
    assert_eq!(g.status, GameStatus::Finished);
    assert_eq!(g.result, Some(GameResult::White));
    assert_eq!(g.reason, Some(EndReason::NoLegalMove));
    assert_eq!(g.finished_at, Some(T0 + 10));
    assert_eq!(g.deadline, None);
    assert_eq!(g.ply, 1);
    let alice = store.player(GUILD, ALICE).unwrap().unwrap();
    assert_eq!(
        alice,
        Player {
            guild_id: GUILD,
            user_id: ALICE,
            rating: 1500.0,
            deviation: 350.0,
            volatility: 0.06,
            games: 1,
            wins: 1,
            losses: 0,
            draws: 0,
            last_game_at: Some(T0 + 10),
            rated_at: None,
            rated_games: 0,
            left_at: None,
            member_checked_at: None,
            provisional_from: None,
        }
    );
    let bob = store.player(GUILD, BOB).unwrap().unwrap();
    assert_eq!((bob.games, bob.wins, bob.losses, bob.draws), (1, 0, 1, 0));
    assert_eq!(
        store.game_in_channel(6).unwrap(),
        None,
        "the channel is free"
    );
    assert!(matches!(
        store.record_move(game.id, BOB, 1, "+e5".parse().unwrap(), T0 + 11),
        Err(StoreError::GameNotActive {
            status: GameStatus::Finished,
            ..
        })
    ));
    let loaded = store.load_game(game.id).unwrap();
    assert!(loaded.position.outcome().is_over());
}

// ---------------------------------------------------------------------------------------------
// Loading and the FPN check

#[test]
fn a_stored_position_that_differs_from_the_moves_holds_the_game_for_a_moderator() {
    if crate::stores::sqlite_only(
        "a_stored_position_that_differs_from_the_moves_holds_the_game_for_a_moderator",
    ) {
        return;
    }
    let (_dir, path) = temp_db();
    let mut store = crate::stores::file(&path).unwrap();
    let id = new_game(&mut store, 11);
    play_moves(&mut store, id, 6);
    let good = store.game(id).unwrap();
    let wrong = Position::start().to_string();
    let conn = Connection::open(&path).unwrap();
    conn.execute(
        "UPDATE games SET fpn = ?1 WHERE id = ?2",
        rusqlite::params![wrong, id.0],
    )
    .unwrap();

    let err = store.load_game(id).unwrap_err();
    let StoreError::Mismatch { id: bad, detail } = &err else {
        panic!("{err:?}")
    };
    assert_eq!(*bad, id);
    assert!(
        detail.contains(&good.fpn) && detail.contains(&wrong),
        "{detail}"
    );
    assert!(err.to_string().starts_with(&format!(
        "game #{} is held for a moderator: its stored position does not match its moves",
        id.0
    )));
    let held = store.game(id).unwrap();
    assert_eq!(held.status, GameStatus::NeedsReview);
    assert_eq!(held.fpn, wrong, "never silently fixed");
    assert_eq!(held.ply, 6);
    assert_eq!(store.moves(id).unwrap().len(), 6);
    assert_eq!(
        store.game_in_channel(11).unwrap().unwrap().id,
        id,
        "it keeps its channel"
    );
    assert!(
        store
            .active_games_of(Some(GUILD), ALICE)
            .unwrap()
            .is_empty()
    );
    let err = store
        .record_move(id, ALICE, 6, "+e5".parse().unwrap(), T0 + 1)
        .unwrap_err();
    assert!(matches!(
        err,
        StoreError::GameNotActive {
            status: GameStatus::NeedsReview,
            ..
        }
    ));
    // A moderator can still end it.
    let aborted = store.abort_game(id, T0 + 2).unwrap();
    assert_eq!(aborted.status, GameStatus::Aborted);
    assert_eq!(store.game_in_channel(11).unwrap(), None);
}

#[test]
fn an_unreplayable_or_missing_move_is_a_mismatch_too() {
    if crate::stores::sqlite_only("an_unreplayable_or_missing_move_is_a_mismatch_too") {
        return;
    }
    let (_dir, path) = temp_db();
    let mut store = crate::stores::file(&path).unwrap();
    let a = new_game(&mut store, 12);
    play_moves(&mut store, a, 4);
    let b = new_game(&mut store, 13);
    play_moves(&mut store, b, 4);
    let conn = Connection::open(&path).unwrap();
    conn.execute(
        "UPDATE moves SET notation = 'c8-c1' WHERE game_id = ?1 AND ply = 2",
        [a.0],
    )
    .unwrap();
    conn.execute("DELETE FROM moves WHERE game_id = ?1 AND ply = 4", [b.0])
        .unwrap();
    let err = store.load_game(a).unwrap_err();
    assert!(err.to_string().contains("ply 2 `c8-c1`"), "{err}");
    assert_eq!(store.game(a).unwrap().status, GameStatus::NeedsReview);
    let err = store.load_game(b).unwrap_err();
    assert!(
        err.to_string()
            .contains("4 moves were played, but 3 are stored"),
        "{err}"
    );
    assert_eq!(store.game(b).unwrap().status, GameStatus::NeedsReview);
}

// ---------------------------------------------------------------------------------------------
// Endings

#[test]
fn resignation_and_abort() {
    let mut store = crate::stores::memory().unwrap();
    let id = new_game(&mut store, 1);
    play_moves(&mut store, id, 3);
    assert!(matches!(
        store.resign(id, CAROL, T0),
        Err(StoreError::NotAPlayer(_))
    ));
    let g = store.resign(id, ALICE, T0 + 500).unwrap();
    assert_eq!(g.status, GameStatus::Finished);
    assert_eq!(g.result, Some(GameResult::Black));
    assert_eq!(g.reason, Some(EndReason::Resignation));
    let bob = store.player(GUILD, BOB).unwrap().unwrap();
    assert_eq!((bob.games, bob.wins, bob.losses, bob.draws), (1, 1, 0, 0));
    let err = store.resign(id, BOB, T0 + 501).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!("game #{} is not in play: it is over", id.0)
    );

    let id = new_game(&mut store, 1);
    let g = store.abort_game(id, T0 + 600).unwrap();
    assert_eq!(g.status, GameStatus::Aborted);
    assert_eq!(g.result, None);
    assert_eq!(g.reason, Some(EndReason::Abort));
    let bob_after = store.player(GUILD, BOB).unwrap().unwrap();
    assert_eq!(bob_after, bob, "an aborted game changes no record");
    assert_eq!(store.players(GUILD).unwrap().len(), 2);
}

#[test]
fn draw_offers_stand_until_answered_or_played_over() {
    let mut store = crate::stores::memory().unwrap();
    let id = new_game(&mut store, 1);
    assert!(matches!(
        store.accept_draw(id, BOB, T0),
        Err(StoreError::NoDrawOffer)
    ));
    let DrawOffer::Offered(g) = store.offer_draw(id, ALICE, T0).unwrap() else {
        panic!("a new offer")
    };
    assert_eq!(g.draw_offer_by, Some(Color::White));
    let err = store.accept_draw(id, ALICE, T0).unwrap_err();
    assert_eq!(err.to_string(), "your opponent has not offered a draw");
    // An offer lapses when its offerer moves (issue 5)...
    store
        .record_move(id, ALICE, 0, "c4-d4".parse().unwrap(), T0 + 1)
        .unwrap();
    assert_eq!(store.game(id).unwrap().draw_offer_by, None);
    // ...and playing on instead of accepting declines it.
    store.offer_draw(id, ALICE, T0 + 1).unwrap();
    store
        .record_move(id, BOB, 1, "f5-e5".parse().unwrap(), T0 + 2)
        .unwrap();
    assert_eq!(store.game(id).unwrap().draw_offer_by, None);

    store.offer_draw(id, BOB, T0 + 3).unwrap();
    let g = store.decline_draw(id, ALICE).unwrap();
    assert_eq!(g.draw_offer_by, None);
    assert!(matches!(
        store.decline_draw(id, ALICE),
        Err(StoreError::NoDrawOffer)
    ));

    store.offer_draw(id, BOB, T0 + 4).unwrap();
    let g = store.accept_draw(id, ALICE, T0 + 5).unwrap();
    assert_eq!(g.result, Some(GameResult::Draw));
    assert_eq!(g.reason, Some(EndReason::Agreement));
    assert_eq!(g.draw_offer_by, None);
    for user in [ALICE, BOB] {
        let p = store.player(GUILD, user).unwrap().unwrap();
        assert_eq!((p.games, p.wins, p.losses, p.draws), (1, 0, 0, 1));
    }

    // Offering when the opponent's offer stands is agreeing.
    let id = new_game(&mut store, 1);
    play_moves(&mut store, id, 2);
    store.offer_draw(id, ALICE, T0 + 6).unwrap();
    let DrawOffer::Agreed(g) = store.offer_draw(id, BOB, T0 + 7).unwrap() else {
        panic!("agreed")
    };
    assert_eq!(g.result, Some(GameResult::Draw));
    assert_eq!(store.player(GUILD, ALICE).unwrap().unwrap().draws, 2);
}

#[test]
fn time_outs_after_the_deadline_only() {
    let mut store = crate::stores::memory().unwrap();
    let id = new_game(&mut store, 1);
    store
        .record_move(id, ALICE, 0, "c4-d4".parse().unwrap(), T0 + 100)
        .unwrap();
    let deadline = T0 + 100 + 3 * DAY;
    assert_eq!(store.game(id).unwrap().deadline, Some(deadline));
    let err = store.claim_timeout(id, deadline - 1).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the player to move still has time: the deadline has not passed"
    );
    assert!(store.games_past_deadline(deadline - 1).unwrap().is_empty());
    let due = store.games_past_deadline(deadline).unwrap();
    assert_eq!(due.iter().map(|g| g.id).collect::<Vec<_>>(), vec![id]);
    // One move played: neither side has moved twice, so the game is aborted, unrated.
    let g = store.claim_timeout(id, deadline).unwrap();
    assert_eq!(g.status, GameStatus::Aborted);
    assert_eq!((g.result, g.reason), (None, Some(EndReason::Abort)));
    assert_eq!(store.player(GUILD, ALICE).unwrap(), None);
    assert!(
        store
            .games_past_deadline(deadline + DAY)
            .unwrap()
            .is_empty()
    );

    // Three moves played (White twice): Black, to move, loses on time.
    let id = new_game(&mut store, 3);
    play_moves(&mut store, id, 3);
    let deadline = store.game(id).unwrap().deadline.unwrap();
    assert_eq!(deadline, T0 + 180 + 3 * DAY);
    let g = store.claim_timeout(id, deadline).unwrap();
    assert_eq!(g.result, Some(GameResult::White), "Black was to move");
    assert_eq!(g.reason, Some(EndReason::TimeOut));
    let black = store.player(GUILD, BOB).unwrap().unwrap();
    assert_eq!((black.games, black.losses), (1, 1));

    let mut new = challenge(2, ALICE, Some(BOB));
    new.time_control = TimeControl::Unlimited;
    let c = store.create_challenge(&new).unwrap();
    let id = store
        .accept_challenge(c.id, BOB, T0, Color::White)
        .unwrap()
        .id;
    assert!(matches!(
        store.claim_timeout(id, T0 + 1000 * DAY),
        Err(StoreError::DeadlineNotPassed)
    ));
}

#[test]
fn finish_game_for_the_service_and_moderators() {
    let mut store = crate::stores::memory().unwrap();
    let id = new_game(&mut store, 1);
    let g = store
        .finish_game(
            id,
            Ending::Win {
                winner: Color::Black,
                reason: EndReason::MirrorRule,
            },
            T0 + 9,
        )
        .unwrap();
    assert_eq!(g.result, Some(GameResult::Black));
    assert_eq!(g.reason.unwrap().to_string(), "mirror rule");
    assert!(matches!(
        store.finish_game(id, Ending::Abort, T0 + 10),
        Err(StoreError::GameNotActive { .. })
    ));
}

// ---------------------------------------------------------------------------------------------
// Takebacks

#[test]
fn a_takeback_removes_the_last_move_and_restores_the_position() {
    let mut store = crate::stores::memory().unwrap();
    let id = new_game(&mut store, 1);
    assert!(matches!(
        store.take_back(id, 0, T0),
        Err(StoreError::NothingToTakeBack)
    ));
    assert!(matches!(
        store.request_takeback(id, ALICE),
        Err(StoreError::NothingToTakeBack)
    ));
    let after_two = play_moves(&mut store, id, 2);
    let fpn_two = store.game(id).unwrap().fpn;
    let mv = pick(&after_two, 5);
    store.record_move(id, ALICE, 2, mv, T0 + 1000).unwrap();
    store.offer_draw(id, BOB, T0 + 1001).unwrap();

    assert!(matches!(
        store.accept_takeback(id, BOB, 3, T0 + 1002),
        Err(StoreError::NoTakebackRequest)
    ));
    let g = store.request_takeback(id, ALICE).unwrap();
    assert_eq!(g.takeback_by, Some(Color::White));
    assert!(matches!(
        store.accept_takeback(id, ALICE, 3, T0 + 1002),
        Err(StoreError::NoTakebackRequest)
    ));
    assert!(matches!(
        store.accept_takeback(id, BOB, 2, T0 + 1002),
        Err(StoreError::PositionChanged { seen: 2, now: 3 })
    ));
    let back = store.accept_takeback(id, BOB, 3, T0 + 2000).unwrap();
    assert_eq!(back.position, after_two);
    assert_eq!(back.game.fpn, fpn_two);
    assert_eq!(back.game.ply, 2);
    assert_eq!(back.game.takeback_by, None);
    assert_eq!(back.game.draw_offer_by, None);
    assert_eq!(back.game.last_move_at, T0 + 2000);
    assert_eq!(back.game.deadline, Some(T0 + 2000 + 3 * DAY));
    assert_eq!(store.moves(id).unwrap().len(), 2);
    assert_eq!(store.load_game(id).unwrap().position, after_two);

    // Declining clears the request; the bare operation works from any ply.
    store.request_takeback(id, BOB).unwrap();
    assert_eq!(store.decline_takeback(id, ALICE).unwrap().takeback_by, None);
    let back = store.take_back(id, 2, T0 + 3000).unwrap();
    assert_eq!(back.game.ply, 1);
    assert_eq!(store.load_game(id).unwrap().position.ply(), 1);
    // After a takeback the same ply can be played again.
    let mv = pick(&back.position, 3);
    assert_eq!(
        store
            .record_move(id, BOB, 1, mv, T0 + 3001)
            .unwrap()
            .game
            .ply,
        2
    );
}

// ---------------------------------------------------------------------------------------------
// Lists, players, settings

#[test]
fn a_users_active_games_in_a_guild() {
    let mut store = crate::stores::memory().unwrap();
    let mut games = Vec::new();
    for channel in [BIG_CHANNEL, 2, 3] {
        let mut new = challenge(channel, BIG_USER, None);
        new.guild_id = BIG_GUILD;
        let c = store.create_challenge(&new).unwrap();
        games.push(
            store
                .accept_challenge(c.id, BOB, T0, Color::White)
                .unwrap()
                .id,
        );
    }
    let c = store
        .create_challenge(&challenge(4, ALICE, Some(BOB)))
        .unwrap();
    let elsewhere = store
        .accept_challenge(c.id, BOB, T0, Color::White)
        .unwrap()
        .id;
    play_moves(&mut store, games[1], 2);
    store.resign(games[1], BOB, T0 + 5).unwrap();

    let ids = |v: Vec<focus_bot::store::Game>| v.into_iter().map(|g| g.id).collect::<Vec<_>>();
    assert_eq!(
        ids(store.active_games_of(Some(BIG_GUILD), BIG_USER).unwrap()),
        vec![games[0], games[2]]
    );
    assert_eq!(
        ids(store.active_games_of(Some(BIG_GUILD), BOB).unwrap()),
        vec![games[0], games[2]]
    );
    assert_eq!(
        store.active_games_of(Some(GUILD), BIG_USER).unwrap(),
        vec![]
    );
    assert_eq!(store.active_games_of(Some(GUILD), BOB).unwrap().len(), 1);
    // Anywhere (`/focus games` outside a server): every server's, as White or Black, oldest
    // first; the finished one left out.
    assert_eq!(
        ids(store.active_games_of(None, BOB).unwrap()),
        vec![games[0], games[2], elsewhere]
    );
    assert_eq!(
        ids(store.active_games_of(None, BIG_USER).unwrap()),
        vec![games[0], games[2]]
    );
    assert_eq!(
        ids(store.active_games_of(None, ALICE).unwrap()),
        vec![elsewhere]
    );
    let g = store.game_in_channel(BIG_CHANNEL).unwrap().unwrap();
    assert_eq!(
        (g.guild_id, g.channel_id, g.white_id),
        (u64::MAX, u64::MAX - 1, BIG_USER)
    );
    let winner = store.player(BIG_GUILD, BIG_USER).unwrap().unwrap();
    assert_eq!((winner.user_id, winner.wins), (BIG_USER, 1));
    assert_eq!(store.players(BIG_GUILD).unwrap().len(), 2);
}

#[test]
fn user_settings_default_and_persist() {
    let (_dir, path) = temp_db();
    let mut store = crate::stores::file(&path).unwrap();
    assert_eq!(store.settings(u64::MAX).unwrap(), UserSettings::default());
    // DMs are opt-in (`/focus notify dm:true`).
    assert!(!UserSettings::default().dm_notifications);
    store
        .set_settings(
            u64::MAX,
            UserSettings {
                dm_notifications: true,
                ..UserSettings::default()
            },
        )
        .unwrap();
    drop(store);
    let mut store = crate::stores::file(&path).unwrap();
    assert!(store.settings(u64::MAX).unwrap().dm_notifications);
    assert!(!store.settings(u64::MAX - 1).unwrap().dm_notifications);
    store
        .set_settings(
            u64::MAX,
            UserSettings {
                dm_notifications: false,
                ..UserSettings::default()
            },
        )
        .unwrap();
    assert!(!store.settings(u64::MAX).unwrap().dm_notifications);
}

// ---------------------------------------------------------------------------------------------
// The async handle

#[test]
fn the_async_store_never_blocks_the_runtime() {
    // One runtime thread: if a store call ran on it, the task that unblocks the call could not
    // run, and the call would wait for its 30-second guard and fail.
    let rt = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    rt.block_on(async {
        let (_dir, path) = temp_db();
        let store = crate::stores::open(path.clone()).await.unwrap();
        let (go_tx, go_rx) = std::sync::mpsc::channel::<()>();
        let waiting = store.call(move |s| {
            let unblocked = go_rx
                .recv_timeout(std::time::Duration::from_secs(30))
                .is_ok();
            Ok((unblocked, s.counts()?.games))
        });
        let unblocker = async move {
            go_tx.send(()).unwrap();
        };
        let ((unblocked, games), ()) = tokio::join!(async { waiting.await.unwrap() }, unblocker);
        assert!(unblocked);
        assert_eq!(games, 0);

        let c = store
            .call(|s| s.create_challenge(&challenge(1, ALICE, Some(BOB))))
            .await
            .unwrap();
        let game = store
            .call(move |s| s.accept_challenge(c.id, BOB, T0, Color::White))
            .await
            .unwrap();
        let id = game.id;
        let played = store
            .call(move |s| s.record_move(id, ALICE, 0, "c4-d4".parse().unwrap(), T0 + 1))
            .await
            .unwrap();
        assert_eq!(played.game.ply, 1);
        let err = store
            .call(move |s| s.record_move(id, ALICE, 0, "c4-d4".parse().unwrap(), T0 + 2))
            .await
            .unwrap_err();
        assert!(matches!(err, StoreError::PositionChanged { .. }));
        // A panicking call loses its own answer only.
        let err = store
            .call(|_| -> Result<(), StoreError> { panic!("a bug in a call") })
            .await
            .unwrap_err();
        assert!(matches!(err, StoreError::Stopped));
        let loaded = store.call(move |s| s.load_game(id)).await.unwrap();
        assert_eq!(loaded.game.ply, 1);

        if !crate::stores::on_postgres() {
            let err = crate::stores::open(_dir.path().join("missing/dir/x.db"))
                .await
                .unwrap_err();
            assert!(matches!(err, StoreError::Open { .. }));
        }
    });
}

#[test]
fn async_calls_from_many_tasks_all_land() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .build()
        .unwrap();
    rt.block_on(async {
        let store = AsyncStore::spawn(crate::stores::memory().unwrap()).unwrap();
        let mut tasks = Vec::new();
        for user in 0..20u64 {
            let store = store.clone();
            tasks.push(tokio::spawn(async move {
                store
                    .call(move |s| {
                        s.set_settings(
                            user,
                            UserSettings {
                                dm_notifications: user % 2 == 0,
                                ..UserSettings::default()
                            },
                        )
                    })
                    .await
            }));
        }
        for t in tasks {
            t.await.unwrap().unwrap();
        }
        for user in 0..20u64 {
            let s = store.call(move |s| s.settings(user)).await.unwrap();
            assert_eq!(s.dm_notifications, user % 2 == 0);
        }
    });
}

// ---------------------------------------------------------------------------------------------
// Live games (issue 12): minutes per move, and the next due moment

/// A live game of Alice (White) and Bob in `channel`, `minutes` per move, started at `at`.
fn live_game(store: &mut Store, channel: u64, minutes: u32, at: i64) -> GameId {
    let mut new = challenge(channel, ALICE, Some(BOB));
    new.time_control = TimeControl::Minutes(minutes);
    new.created_at = at;
    let c = store.create_challenge(&new).unwrap();
    assert_eq!(c.time_control, TimeControl::Minutes(minutes));
    store
        .accept_challenge(c.id, BOB, at, Color::White)
        .unwrap()
        .id
}

#[test]
fn a_live_game_has_minutes_per_move_its_reminder_at_80_percent_and_its_own_moretime() {
    let mut store = crate::stores::memory().unwrap();
    let mut bad = challenge(1, ALICE, Some(BOB));
    bad.time_control = TimeControl::Minutes(10);
    assert_eq!(
        store.create_challenge(&bad).unwrap_err().to_string(),
        "10 minutes per move is not offered: choose 5, 15 or 60"
    );
    let id = live_game(&mut store, 1, 5, T0);
    let game = store.game(id).unwrap();
    assert_eq!(game.time_control, TimeControl::Minutes(5));
    assert_eq!(game.deadline, Some(T0 + 300));
    assert_eq!(game.remind_at, None);
    for (ply, (player, mv)) in [(ALICE, "c4-d4"), (BOB, "e4-d4")].into_iter().enumerate() {
        store
            .record_move(id, player, ply as u32, mv.parse().unwrap(), T0 + 10)
            .unwrap();
    }
    let game = store.game(id).unwrap();
    assert_eq!(game.deadline, Some(T0 + 310));
    // 80 % of five minutes: four minutes after the last move.
    assert_eq!(game.remind_at, Some(T0 + 250));
    // Bob gives Alice the game's own five minutes, not a day; twice the move's time is the
    // most it may have left.
    let given = store.more_time(id, BOB, T0 + 20).unwrap();
    assert_eq!(given.deadline, Some(T0 + 610));
    assert_eq!(given.remind_at, Some(T0 + 610 - 600 / 5));
    let err = store.more_time(id, BOB, T0 + 20).unwrap_err();
    assert!(
        matches!(err, StoreError::TooMuchTime { seconds: 600 }),
        "{err:?}"
    );
    assert_eq!(
        err.to_string(),
        "your opponent already has close to 10 minutes for this move, the most a move can have"
    );
    // Its deadline passes like a slow one's.
    let swept = store.sweep(T0 + 610).unwrap();
    assert_eq!(swept.timed_out, Vec::<GameId>::new());
    assert_eq!(swept.aborted, vec![id]);
}

#[test]
fn the_next_due_moment_is_the_earliest_deadline_reminder_retry_or_expiry() {
    let mut store = crate::stores::memory().unwrap();
    // Alice's turns come by DM: notices in the outbox.
    let dm = UserSettings {
        dm_notifications: true,
        ..UserSettings::default()
    };
    store.set_settings(ALICE, dm).unwrap();
    assert_eq!(store.next_due().unwrap(), None);
    // An open challenge: its expiry.
    let open = store.create_challenge(&challenge(9, CAROL, None)).unwrap();
    assert_eq!(store.next_due().unwrap(), Some(T0 + CHALLENGE_LIFETIME));
    // A three-day game started an hour later: its deadline is later than the expiry.
    let mut slow = challenge(2, ALICE, Some(BOB));
    slow.created_at = T0 + 3_600;
    let c = store.create_challenge(&slow).unwrap();
    store
        .accept_challenge(c.id, BOB, T0 + 3_600, Color::White)
        .unwrap();
    // Accepting queued Alice's turn DM, due at once.
    assert_eq!(store.next_due().unwrap(), Some(T0 + 3_600));
    for notice in store.pending_notices().unwrap() {
        store.notice_done(notice.id, false, T0 + 3_600).unwrap();
    }
    assert_eq!(store.next_due().unwrap(), Some(T0 + CHALLENGE_LIFETIME));
    // A five-minute game: its deadline first.
    let live = live_game(&mut store, 3, 5, T0 + 7_200);
    for notice in store.pending_notices().unwrap() {
        store.notice_failed(notice.id, "down", T0 + 7_200).unwrap();
    }
    assert_eq!(store.next_due().unwrap(), Some(T0 + 7_260)); // the retry, a minute on
    for notice in store.pending_notices().unwrap() {
        store.notice_done(notice.id, false, T0 + 7_210).unwrap();
    }
    assert_eq!(store.next_due().unwrap(), Some(T0 + 7_500));
    for (ply, (player, mv)) in [(ALICE, "c4-d4"), (BOB, "e4-d4")].into_iter().enumerate() {
        store
            .record_move(live, player, ply as u32, mv.parse().unwrap(), T0 + 7_300)
            .unwrap();
    }
    for notice in store.pending_notices().unwrap() {
        store.notice_done(notice.id, false, T0 + 7_300).unwrap();
    }
    // Both have moved: the reminder at 80 % comes before the deadline.
    assert_eq!(store.next_due().unwrap(), Some(T0 + 7_540));
    store.sweep(T0 + 7_540).unwrap();
    for notice in store.pending_notices().unwrap() {
        store.notice_done(notice.id, false, T0 + 7_540).unwrap();
    }
    assert_eq!(store.next_due().unwrap(), Some(T0 + 7_600));
    // Timed out: back to the open challenge's expiry; once it expires, the slow game's
    // deadline.
    store.sweep(T0 + 7_600).unwrap();
    for notice in store.pending_notices().unwrap() {
        store.notice_done(notice.id, false, T0 + 7_600).unwrap();
    }
    assert_eq!(store.next_due().unwrap(), Some(T0 + CHALLENGE_LIFETIME));
    store.cancel_challenge(open.id, CAROL, T0 + 8_000).unwrap();
    assert_eq!(store.next_due().unwrap(), Some(T0 + 3_600 + 3 * DAY));
}

/// A database written before live games (schema 5) keeps its games and challenges as they
/// were: their days per move, deadlines and reminders.
#[test]
fn rows_from_before_live_games_read_as_before() {
    if crate::stores::sqlite_only("rows_from_before_live_games_read_as_before") {
        return;
    }
    let (_dir, path) = temp_db();
    let id = {
        let mut store = crate::stores::file(&path).unwrap();
        new_game(&mut store, 1)
    };
    let conn = Connection::open(&path).unwrap();
    // Back to schema 5: undo 12 (analyses), 11 (games against the bot), 10 (move times), 9 (channel names), 8 (rematch), 7 (threads), then
    // 6 (live clock).
    conn.execute_batch(crate::UNDO_14).unwrap();
    conn.execute_batch(crate::UNDO_13).unwrap();
    conn.execute_batch(
        "DROP TABLE analyses; DROP INDEX games_bot_active; ALTER TABLE games DROP COLUMN bot_color; \
         ALTER TABLE games DROP COLUMN bot_level; DROP TABLE hints; \
         ALTER TABLE moves DROP COLUMN stored_at_ms; DROP TABLE channel_names; \
         ALTER TABLE games DROP COLUMN rematch_challenge_id; \
         DROP INDEX games_by_parent; DROP INDEX games_watch; DROP INDEX games_finished_in; \
         ALTER TABLE games DROP COLUMN parent_channel_id; \
         ALTER TABLE server_settings DROP COLUMN threads; \
         ALTER TABLE games DROP COLUMN minutes_per_move; \
         ALTER TABLE challenges DROP COLUMN minutes_per_move; PRAGMA user_version = 5;",
    )
    .unwrap();
    drop(conn);
    let store = crate::stores::file(&path).unwrap();
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    let game = store.game(id).unwrap();
    assert_eq!(game.time_control, TimeControl::Days(3));
    assert_eq!(game.deadline, Some(T0 + 3 * DAY));
    // The schema itself refuses minutes beside days.
    let conn = Connection::open(&path).unwrap();
    let err = conn
        .execute(
            "UPDATE games SET minutes_per_move = 5 WHERE id = ?1",
            [id.0],
        )
        .unwrap_err();
    assert!(err.to_string().contains("CHECK"), "{err}");
}

/// Moves stored before schema 10 have no millisecond time and read as such; moves stored
/// after it have theirs, and the last move is found in one row.
#[test]
fn moves_from_before_move_times_read_without_one() {
    if crate::stores::sqlite_only("moves_from_before_move_times_read_without_one") {
        return;
    }
    let (_dir, path) = temp_db();
    let id = {
        let mut store = crate::stores::file(&path).unwrap();
        let id = new_game(&mut store, 1);
        store
            .record_move(id, ALICE, 0, "c4-d4".parse().unwrap(), T0 + 5)
            .unwrap();
        id
    };
    let conn = Connection::open(&path).unwrap();
    // Back to schema 9: undo 12 (analyses), 11 (games against the bot) and 10 (move times).
    conn.execute_batch(crate::UNDO_14).unwrap();
    conn.execute_batch(crate::UNDO_13).unwrap();
    conn.execute_batch(
        "DROP TABLE analyses; DROP INDEX games_bot_active; ALTER TABLE games DROP COLUMN bot_color; \
         ALTER TABLE games DROP COLUMN bot_level; DROP TABLE hints; \
         ALTER TABLE moves DROP COLUMN stored_at_ms; PRAGMA user_version = 9;",
    )
    .unwrap();
    drop(conn);
    let mut store = crate::stores::file(&path).unwrap();
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    let old = store.last_move(id).unwrap().unwrap();
    assert_eq!(
        (old.ply, old.played_at, old.stored_at_ms),
        (1, T0 + 5, None)
    );
    // A move stored now keeps its millisecond; the seconds are the second it falls in.
    store
        .record_move_ms(id, BOB, 1, "e4-e3".parse().unwrap(), (T0 + 6) * 1_000 + 999)
        .unwrap();
    let moves = store.moves(id).unwrap();
    assert_eq!(
        moves
            .iter()
            .map(|m| (m.ply, m.played_at, m.stored_at_ms))
            .collect::<Vec<_>>(),
        [(1, T0 + 5, None), (2, T0 + 6, Some((T0 + 6) * 1_000 + 999))]
    );
    assert_eq!(store.last_move(id).unwrap().as_ref(), moves.last());
    assert_eq!(store.game(id).unwrap().last_move_at, T0 + 6);
    // `record_move` in seconds stores the start of its second.
    store
        .record_move(id, ALICE, 2, "d4-d6".parse().unwrap(), T0 + 7)
        .unwrap();
    let last = store.last_move(id).unwrap().unwrap();
    assert_eq!(last.stored_at_ms, Some((T0 + 7) * 1_000));
    assert_eq!(store.last_move(GameId(999)).unwrap(), None);
}

/// A group DM takes the locale of its first player, once: a second player's (or a second
/// player coming at the same moment) changes nothing, and a language set there outranks it.
#[test]
fn a_conversation_adopts_one_locale_and_keeps_it() {
    use focus_bot::locale::Locale;
    let mut store = crate::stores::memory().unwrap();
    let (ru, en) = (Locale::new("ru").unwrap(), Locale::new("en-US").unwrap());
    let first = store.adopt_server_locale(77, ru).unwrap();
    assert_eq!((first.language, first.discord_locale), (None, Some(ru)));
    let second = store.adopt_server_locale(77, en).unwrap();
    assert_eq!(second.discord_locale, Some(ru), "the first player's stays");
    assert_eq!(second.locale(), ru);
    store.set_server_language(77, Some(en)).unwrap();
    let set = store.adopt_server_locale(77, ru).unwrap();
    assert_eq!((set.language, set.locale()), (Some(en), en));
    // Another conversation is its own.
    assert_eq!(store.adopt_server_locale(78, en).unwrap().locale(), en);
}
