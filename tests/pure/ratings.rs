//! Ratings (issue 7): the Glicko-2 updates the bot makes, checked against values computed
//! independently — the published example of Glickman's paper, and a Glicko-2 written from the
//! paper in Python (`tests/support/glicko2_reference.py`, which prints every expected value
//! below) — and the ladder built on them.
// Longer than 400 lines: the tests of ratings share their players and expected values.

use focus_bot::discord::markdown::markdown as md;
use focus_bot::i18n::Lang;
use focus_bot::ratings::{
    PROVISIONAL_DEVIATION, RATING_PERIOD, Rating, START, Score, after_inactivity, periods_between,
    rate_game, rate_period,
};

fn r(rating: f64, deviation: f64, volatility: f64) -> Rating {
    Rating {
        rating,
        deviation,
        volatility,
    }
}

/// `got` equals `want` to 0.01 in rating and deviation, 10⁻⁶ in volatility.
#[track_caller]
fn assert_close(got: Rating, want: (f64, f64, f64)) {
    let ok = (got.rating - want.0).abs() < 0.01
        && (got.deviation - want.1).abs() < 0.01
        && (got.volatility - want.2).abs() < 1e-6;
    assert!(ok, "got {got:?}, want {want:?}");
}

#[test]
fn the_papers_example_as_one_rating_period() {
    // Glickman, "Example of the Glicko-2 system": a 1500/200 player beats 1400/30, loses to
    // 1550/100 and 1700/300; after the period: 1464.06 / 151.52 / 0.05999.
    let player = r(1500.0, 200.0, 0.06);
    let games = [
        (r(1400.0, 30.0, 0.06), 1.0),
        (r(1550.0, 100.0, 0.06), 0.0),
        (r(1700.0, 300.0, 0.06), 0.0),
    ];
    let after = rate_period(player, &games);
    assert_close(after, (1464.0507, 151.5165, 0.05999598));
    assert_eq!(
        (
            after.rating.round(),
            (after.deviation * 10.0).round() / 10.0
        ),
        (1464.0, 151.5)
    );
}

#[test]
fn single_games_as_the_bot_rates_them() {
    let (w, b) = rate_game(START, START, Score::WhiteWins);
    assert_close(w, (1662.3109, 290.3190, 0.05999968));
    assert_close(b, (1337.6891, 290.3190, 0.05999968));
    // The same game from Black's side is the mirror image.
    let (w2, b2) = rate_game(START, START, Score::BlackWins);
    assert_eq!((w2.rating, b2.rating), (b.rating, w.rating));

    let (a, c) = (r(1620.0, 80.0, 0.06), r(1480.0, 150.0, 0.065));
    let (w, b) = rate_game(a, c, Score::Draw);
    assert_close(w, (1614.3231, 79.1621, 0.05999798));
    assert_close(b, (1500.3797, 140.1648, 0.06499740));
    let (w, b) = rate_game(a, c, Score::BlackWins);
    assert_close(w, (1598.0375, 79.1622, 0.06000231));
    assert_close(b, (1555.1871, 140.1649, 0.06500270));
}

#[test]
fn deviation_grows_for_each_idle_rating_period_up_to_350() {
    let steady = r(1550.0, 50.0, 0.06);
    assert_eq!(after_inactivity(steady, 0), steady);
    assert_close(after_inactivity(steady, 1), (1550.0, 51.0749, 0.06));
    assert_close(after_inactivity(steady, 4), (1550.0, 54.1716, 0.06));
    let gone = after_inactivity(steady, u32::MAX);
    assert_eq!((gone.rating, gone.deviation), (1550.0, 350.0));

    assert_eq!(RATING_PERIOD, 604_800);
    assert_eq!(periods_between(None, 10 * RATING_PERIOD), 0);
    assert_eq!(periods_between(Some(100), 100 + RATING_PERIOD - 1), 0);
    assert_eq!(periods_between(Some(100), 100 + RATING_PERIOD), 1);
    assert_eq!(periods_between(Some(100), 100 + 3 * RATING_PERIOD + 5), 3);
    assert_eq!(periods_between(Some(100), 0), 0, "a clock that went back");
}

#[test]
fn provisional_until_the_deviation_falls_under_110() {
    assert_eq!(PROVISIONAL_DEVIATION, 110.0);
    assert!(START.is_provisional());
    assert!(r(1500.0, 110.0, 0.06).is_provisional());
    assert!(!r(1500.0, 109.99, 0.06).is_provisional());
    // A new player who keeps beating an established 1500/60 player: provisional for a while.
    let rock = r(1500.0, 60.0, 0.06);
    let mut new = START;
    let mut games = 0;
    while new.is_provisional() {
        new = rate_game(new, rock, Score::Draw).0;
        games += 1;
    }
    assert!(
        (8..=16).contains(&games),
        "{games} games to leave provisional"
    );
}

// =============================================================================================
// The store and the service (issue 7): ratings written in the ending transaction, the ladder
// queries, membership, stats, and the sentences players read.
//
// Every expected rating below was computed with the independent reference,
// `tests/support/glicko2_reference.py` (its `rate`; a period without games is `rate(x, [])`),
// by snippets of the form
//   import sys; sys.path.insert(0, "tests/support"); from glicko2_reference import rate
//   NEW = (1500, 350, 0.06)
//   def grow(x, n):                 # n idle rating periods
//       for _ in range(n): x = rate(x, [])
//       return x
//   def game(w, b, s):              # one game rated as one period; s = White's score
//       return rate(w, [(b, s)]), rate(b, [(w, 1 - s)])
// with every value carried at full precision from one game to the next (never from the Rust
// code under test). Each test names the snippet lines it used.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use crate::raw::Served;
use focus_bot::rules::{Color, Move, Position, Rules};
use focus_bot::service::{GameService, MEMBER_RECHECK, ManualClock, Members, RECENT_GAMES, Stats};
use focus_bot::store::{
    AsyncStore, ColorChoice, EndReason, Game, GameId, GameResult, GameStatus, HeadToHead,
    LadderPage, NewChallenge, Outcome, PAGE_SIZE, Player, RESULT_MIN_PLY, Standing, Store,
    TimeControl,
};
use focus_bot::strings;
use rusqlite::Connection;
use tempfile::TempDir;

const T0: i64 = 1_700_000_000;
const HOUR: i64 = 3_600;
const DAY: i64 = 86_400;
const WEEK: i64 = RATING_PERIOD;
const GUILD: u64 = 900_000_000_000_000_001;
const OTHER_GUILD: u64 = 900_000_000_000_000_002;
const ALICE: u64 = 4_001;
const BOB: u64 = 4_002;
const CAROL: u64 = 4_003;
const DAVE: u64 = 4_004;
const EVE: u64 = 4_005;

/// New players (1500/350/0.06), one beating the other: `game(NEW, NEW, 1)`.
const NEW_WINNER: (f64, f64, f64) = (1662.3109, 290.3190, 0.05999968);
const NEW_LOSER: (f64, f64, f64) = (1337.6891, 290.3190, 0.05999968);
const NEW_CHANGE: f64 = 162.3109;
/// New players drawing: `game(NEW, NEW, 0.5)` (both the same; the ratings do not move).
const NEW_DRAW: (f64, f64, f64) = (1500.0, 290.3190, 0.05999896);

fn temp_db() -> (TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("focus.db");
    (dir, path)
}

/// A game in `guild`'s channel `channel`, `white` against `black`, 3 days a move, started at
/// `at`.
fn start(
    store: &mut Store,
    (guild, channel): (u64, u64),
    white: u64,
    black: u64,
    rated: bool,
    at: i64,
) -> GameId {
    let c = store
        .create_challenge(&NewChallenge {
            guild_id: guild,
            channel_id: channel,
            challenger_id: white,
            opponent_id: Some(black),
            rules: Rules::CLASSIC,
            time_control: TimeControl::Days(3),
            color: ColorChoice::White,
            rated,
            start_fpn: None,
            created_at: at,
            venue: Default::default(),
        })
        .unwrap();
    store
        .accept_challenge(c.id, black, at, Color::White)
        .unwrap()
        .id
}

/// A legal move chosen by `seed` (deterministic).
fn pick(pos: &Position, seed: usize) -> Move {
    let moves = pos.legal_moves();
    moves[(seed * 7919 + 13) % moves.len()]
}

/// Plays `n` deterministic moves in game `id`, one minute apart from `at`; returns the time of
/// the last one.
fn play(store: &mut Store, id: GameId, n: u32, at: i64) -> i64 {
    let mut t = at;
    for _ in 0..n {
        let loaded = store.load_game(id).unwrap();
        let ply = loaded.game.ply;
        let mv = pick(&loaded.position, ply as usize);
        let mover = loaded.game.player(loaded.position.side_to_move());
        t += 60;
        let played = store.record_move(id, mover, ply, mv, t).unwrap();
        assert_eq!(played.game.status, GameStatus::Active);
    }
    t
}

/// Plays game `id` from the start to its end under the rules: White greedily takes away
/// Black's stacks and reserve, Black plays its first legal move. White wins, no legal move.
fn play_out(store: &mut Store, id: GameId, at: i64) -> Game {
    let mut t = at;
    loop {
        let loaded = store.load_game(id).unwrap();
        if loaded.game.status != GameStatus::Active {
            return loaded.game;
        }
        let pos = loaded.position;
        let me = pos.side_to_move();
        let moves = pos.legal_moves();
        let mv = if me == Color::White {
            *moves
                .iter()
                .min_by_key(|&&mv| {
                    let mut p = pos;
                    p.play(mv).unwrap();
                    (p.controlled(!me).count() + p.reserve(!me)) * 100 + 18 - p.captured_by(me)
                })
                .unwrap()
        } else {
            moves[0]
        };
        t += 60;
        let ply = loaded.game.ply;
        assert!(ply < 200, "the greedy game should end quickly");
        store
            .record_move(id, loaded.game.player(me), ply, mv, t)
            .unwrap();
    }
}

/// A game `white` against `black` in `guild`'s channel, started at `at` and resigned by
/// `loser` at `at + 1`.
fn resigned(
    store: &mut Store,
    place: (u64, u64),
    (white, black): (u64, u64),
    loser: u64,
    rated: bool,
    at: i64,
) -> Game {
    let id = start(store, place, white, black, rated, at);
    both_move(store, id, at);
    store.resign(id, loser, at + 1).unwrap()
}

/// Each side of game `id` makes its first move at `at`, so that the game can have a result
/// (one ended sooner is aborted).
fn both_move(store: &mut Store, id: GameId, at: i64) {
    for _ in 0..RESULT_MIN_PLY {
        let loaded = store.load_game(id).unwrap();
        let ply = loaded.game.ply;
        let mv = pick(&loaded.position, ply as usize);
        let mover = loaded.game.player(loaded.position.side_to_move());
        store.record_move(id, mover, ply, mv, at).unwrap();
    }
}

/// A game `white` against `black` started at `at` and drawn by agreement at `at + 1`.
fn drawn(store: &mut Store, place: (u64, u64), (white, black): (u64, u64), at: i64) -> Game {
    let id = start(store, place, white, black, true, at);
    both_move(store, id, at);
    store.offer_draw(id, white, at).unwrap();
    store.accept_draw(id, black, at + 1).unwrap()
}

#[track_caller]
fn player(store: &Store, guild: u64, user: u64) -> Player {
    store.player(guild, user).unwrap().expect("a record")
}

/// `game` stores these ratings after and changes (White's first), to 0.01.
#[track_caller]
fn assert_changes(game: &Game, after: [f64; 2], change: [f64; 2]) {
    let r = game.ratings.expect("a rated game's ratings");
    let close = |a: [f64; 2], b: [f64; 2]| (a[0] - b[0]).abs() < 0.01 && (a[1] - b[1]).abs() < 0.01;
    assert!(
        close(r.after, after) && close(r.change, change),
        "got {r:?}, want after {after:?} change {change:?}"
    );
}

/// `p` has no rating yet: the starting one, never rated.
#[track_caller]
fn assert_unrated(p: &Player) {
    assert_eq!(p.rating(), START);
    assert_eq!((p.rated_at, p.rated_games), (None, 0));
}

// ---------------------------------------------------------------------------------------------
// Ratings in the ending transaction

#[test]
fn a_rated_win_rates_both_players_however_it_was_won() {
    for how in [
        EndReason::Resignation,
        EndReason::NoLegalMove,
        EndReason::TimeOut,
    ] {
        let mut store = Store::open_in_memory().unwrap();
        let id = start(&mut store, (GUILD, 1), ALICE, BOB, true, T0);
        let (game, winner, loser) = match how {
            EndReason::Resignation => {
                let t = play(&mut store, id, 3, T0);
                (store.resign(id, ALICE, t + HOUR).unwrap(), BOB, ALICE)
            }
            EndReason::NoLegalMove => (play_out(&mut store, id, T0), ALICE, BOB),
            _ => {
                play(&mut store, id, 3, T0);
                let deadline = store.game(id).unwrap().deadline.unwrap();
                (store.claim_timeout(id, deadline).unwrap(), ALICE, BOB)
            }
        };
        assert_eq!(game.status, GameStatus::Finished, "{how}");
        assert_eq!(game.reason, Some(how));
        let winner_color = game.color_of(winner).unwrap();
        assert_eq!(game.result, Some(GameResult::win(winner_color)), "{how}");
        let end = game.finished_at.unwrap();

        // game(NEW, NEW, 1): the winner 1662.3109 / 290.3190 / 0.05999968, the loser 1337.6891.
        let w = player(&store, GUILD, winner);
        let l = player(&store, GUILD, loser);
        assert_close(w.rating(), NEW_WINNER);
        assert_close(l.rating(), NEW_LOSER);
        for p in [&w, &l] {
            assert_eq!((p.rated_at, p.rated_games, p.games), (Some(end), 1, 1));
            assert_eq!(p.last_game_at, Some(end));
        }
        assert_eq!((w.wins, w.losses, l.wins, l.losses), (1, 0, 0, 1));

        // The game row: both ratings after and the changes, White's first.
        let (after, change) = if winner_color == Color::White {
            ([NEW_WINNER.0, NEW_LOSER.0], [NEW_CHANGE, -NEW_CHANGE])
        } else {
            ([NEW_LOSER.0, NEW_WINNER.0], [-NEW_CHANGE, NEW_CHANGE])
        };
        assert_changes(&game, after, change);
        let stored = store.game(id).unwrap();
        assert_eq!(stored.ratings, game.ratings, "stored as returned");
        assert_eq!(
            stored.ratings.unwrap().after,
            [
                player(&store, GUILD, ALICE).rating,
                player(&store, GUILD, BOB).rating
            ],
            "the game's ratings after are the players' new ones, exactly"
        );
    }
}

#[test]
fn an_agreed_draw_rates_as_a_draw() {
    let mut store = Store::open_in_memory().unwrap();
    let game = drawn(&mut store, (GUILD, 1), (ALICE, BOB), T0);
    assert_eq!(
        (game.result, game.reason),
        (Some(GameResult::Draw), Some(EndReason::Agreement))
    );
    // game(NEW, NEW, 0.5): both 1500.0000 / 290.3190 / 0.05999896 (a win gives 0.05999968).
    for user in [ALICE, BOB] {
        let p = player(&store, GUILD, user);
        assert_close(p.rating(), NEW_DRAW);
        assert_eq!((p.draws, p.rated_games, p.rated_at), (1, 1, Some(T0 + 1)));
    }
    assert_changes(&game, [1500.0, 1500.0], [0.0, 0.0]);
}

#[test]
fn unrated_and_aborted_games_change_no_rating() {
    let (_dir, path) = temp_db();
    let mut store = Store::open(&path).unwrap();
    // An unrated game: the records count it, the ratings do not.
    let game = resigned(&mut store, (GUILD, 1), (ALICE, BOB), BOB, false, T0);
    assert_eq!(game.result, Some(GameResult::White));
    assert_eq!(game.ratings, None);
    for user in [ALICE, BOB] {
        let p = player(&store, GUILD, user);
        assert_unrated(&p);
        assert_eq!(p.games, 1);
    }

    // Aborted rated games: by a moderator, and by a time-out before both sides moved twice.
    let id = start(&mut store, (GUILD, 1), CAROL, DAVE, true, T0 + HOUR);
    play(&mut store, id, 2, T0 + HOUR);
    let game = store.abort_game(id, T0 + 2 * HOUR).unwrap();
    assert_eq!((game.status, game.ratings), (GameStatus::Aborted, None));
    let id = start(&mut store, (GUILD, 1), CAROL, DAVE, true, T0 + 3 * HOUR);
    play(&mut store, id, 1, T0 + 3 * HOUR);
    let deadline = store.game(id).unwrap().deadline.unwrap();
    let game = store.claim_timeout(id, deadline).unwrap();
    assert_eq!((game.status, game.ratings), (GameStatus::Aborted, None));
    assert_eq!(
        store.player(GUILD, CAROL).unwrap(),
        None,
        "no record at all"
    );
    assert_eq!(store.player(GUILD, DAVE).unwrap(), None);
    let ratings_columns: i64 = Connection::open(&path)
        .unwrap()
        .query_row(
            "SELECT count(*) FROM games WHERE white_rating IS NOT NULL \
             OR black_rating IS NOT NULL OR white_change IS NOT NULL \
             OR black_change IS NOT NULL",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(ratings_columns, 0);

    // Players with unrated games only start their first rated game from 1500/350, however
    // long ago those were (their deviation grows from their last *rated* game).
    let later = T0 + 5 * WEEK;
    let game = resigned(&mut store, (GUILD, 1), (ALICE, BOB), BOB, true, later);
    assert_close(player(&store, GUILD, ALICE).rating(), NEW_WINNER);
    assert_close(player(&store, GUILD, BOB).rating(), NEW_LOSER);
    assert_changes(
        &game,
        [NEW_WINNER.0, NEW_LOSER.0],
        [NEW_CHANGE, -NEW_CHANGE],
    );

    // Once rated, a later unrated game and a later aborted rated game leave the ratings,
    // `rated_at` and `rated_games` as they were.
    let rated = [player(&store, GUILD, ALICE), player(&store, GUILD, BOB)];
    let game = resigned(
        &mut store,
        (GUILD, 1),
        (BOB, ALICE),
        ALICE,
        false,
        later + 3 * WEEK,
    );
    assert_eq!(game.ratings, None);
    let id = start(&mut store, (GUILD, 1), ALICE, BOB, true, later + 4 * WEEK);
    play(&mut store, id, 3, later + 4 * WEEK);
    store.abort_game(id, later + 5 * WEEK).unwrap();
    for before in rated {
        let now = player(&store, GUILD, before.user_id);
        assert_eq!(now.rating(), before.rating(), "bit for bit");
        assert_eq!((now.rated_at, now.rated_games), (before.rated_at, 1));
        assert_eq!(
            now.games,
            before.games + 1,
            "the unrated game counts as a game"
        );
    }
}

#[test]
fn a_game_three_weeks_later_first_grows_both_deviations() {
    let mut store = Store::open_in_memory().unwrap();
    let first = resigned(&mut store, (GUILD, 1), (ALICE, BOB), BOB, true, T0);
    let end = first.finished_at.unwrap();
    // Three whole rating periods (and a bit) later, Bob (White) beats Alice:
    //   a1, b1 = game(NEW, NEW, 1); a, b = grow(a1, 3), grow(b1, 3)
    //     -> both deviations 290.8797 before the game
    //   game(b, a, 1) -> Bob 1567.4381 / 260.9194 / 0.06000173 (+229.7490),
    //                    Alice 1432.5619 / 260.9194 / 0.06000173 (-229.7490)
    // Rated without the growth, Bob would get 1566.9399 / 260.4888 (+229.2508): game(b1, a1, 1).
    let second = resigned(
        &mut store,
        (GUILD, 1),
        (BOB, ALICE),
        ALICE,
        true,
        end + 3 * WEEK + HOUR,
    );
    assert_close(
        player(&store, GUILD, BOB).rating(),
        (1567.4381, 260.9194, 0.06000173),
    );
    assert_close(
        player(&store, GUILD, ALICE).rating(),
        (1432.5619, 260.9194, 0.06000173),
    );
    assert_changes(&second, [1567.4381, 1432.5619], [229.7490, -229.7490]);
    let bob = player(&store, GUILD, BOB);
    assert_eq!((bob.rated_at, bob.rated_games), (second.finished_at, 2));
}

#[test]
fn each_player_grows_for_their_own_idle_periods() {
    let mut store = Store::open_in_memory().unwrap();
    let at = |g: &Game| g.finished_at.unwrap();
    // G1: Alice (White) beats Bob. a1, b1 = game(NEW, NEW, 1)
    let g1 = resigned(&mut store, (GUILD, 1), (ALICE, BOB), BOB, true, T0);
    // G2, a second short of a week later (no whole period: no growth): Alice beats Bob again.
    //   a2, b2 = game(a1, b1, 1) -> Alice 1720.3172 / 260.4888 (+58.0063), Bob 1279.6828
    let g2 = resigned(
        &mut store,
        (GUILD, 1),
        (ALICE, BOB),
        BOB,
        true,
        at(&g1) + WEEK - 2,
    );
    assert_eq!(at(&g2) - at(&g1), WEEK - 1);
    assert_changes(&g2, [1720.3172, 1279.6828], [58.0063, -58.0063]);
    assert_close(
        player(&store, GUILD, ALICE).rating(),
        (1720.3172, 260.4888, 0.05999892),
    );
    // G3, two weeks later: Alice (White) draws new Carol; Alice idle 2 periods.
    //   a = grow(a2, 2) -> 260.9055; a3, c3 = game(a, NEW, 0.5)
    //   -> Alice 1676.9381 / 237.1524 / 0.05999804 (-43.3791), Carol 1583.2478 / 287.9291
    //      / 0.05999911 (+83.2478)
    let g3 = drawn(
        &mut store,
        (GUILD, 1),
        (ALICE, CAROL),
        at(&g2) + 2 * WEEK - 1,
    );
    assert_eq!(at(&g3) - at(&g2), 2 * WEEK);
    assert_changes(&g3, [1676.9381, 1583.2478], [-43.3791, 83.2478]);
    assert_close(
        player(&store, GUILD, CAROL).rating(),
        (1583.2478, 287.9291, 0.05999911),
    );
    // G4, three weeks later: Bob (White) beats Alice; Bob idle 5 periods, Alice 3.
    //   b, a = grow(b2, 5), grow(a3, 3) -> 261.5293, 237.8385; b4, a4 = game(b, a, 1)
    //   -> Bob 1510.7904 / 241.6791 / 0.06000268 (+231.1076),
    //      Alice 1488.9460 / 223.0380 / 0.06000164 (-187.9921)
    let g4 = resigned(
        &mut store,
        (GUILD, 1),
        (BOB, ALICE),
        ALICE,
        true,
        at(&g3) + 3 * WEEK + 10,
    );
    assert_changes(&g4, [1510.7904, 1488.9460], [231.1076, -187.9921]);
    assert_close(
        player(&store, GUILD, BOB).rating(),
        (1510.7904, 241.6791, 0.06000268),
    );
    assert_close(
        player(&store, GUILD, ALICE).rating(),
        (1488.9460, 223.0380, 0.06000164),
    );
    // G5, 400 weeks after G4: Carol (White) beats Bob. Carol's deviation (403 idle periods)
    // stops at 350; Bob's (400 periods) reaches 319.1690.
    //   c, b = grow(c3, 403), grow(b4, 400); c5, b5 = game(c, b, 1)
    //   -> Carol 1725.3661 / 286.7894 / 0.05999857 (+142.1183),
    //      Bob 1387.4007 / 272.7392 / 0.06000220 (-123.3897)
    let g5 = resigned(
        &mut store,
        (GUILD, 1),
        (CAROL, BOB),
        BOB,
        true,
        at(&g4) + 400 * WEEK,
    );
    assert_changes(&g5, [1725.3661, 1387.4007], [142.1183, -123.3897]);
    assert_close(
        player(&store, GUILD, CAROL).rating(),
        (1725.3661, 286.7894, 0.05999857),
    );
    assert_close(
        player(&store, GUILD, BOB).rating(),
        (1387.4007, 272.7392, 0.06000220),
    );
    // Alice did not play G5: her record is as G4 left it.
    let alice = player(&store, GUILD, ALICE);
    assert_eq!((alice.rated_at, alice.rated_games), (g4.finished_at, 4));
    assert_close(alice.rating(), (1488.9460, 223.0380, 0.06000164));
}

#[test]
fn ratings_are_per_guild() {
    let mut store = Store::open_in_memory().unwrap();
    resigned(&mut store, (GUILD, 1), (ALICE, BOB), ALICE, true, T0);
    let here = store.players(GUILD).unwrap();
    // Alice beats Bob in another guild, where both are new: game(NEW, NEW, 1).
    let there = resigned(
        &mut store,
        (OTHER_GUILD, 2),
        (ALICE, BOB),
        BOB,
        true,
        T0 + WEEK,
    );
    assert_changes(
        &there,
        [NEW_WINNER.0, NEW_LOSER.0],
        [NEW_CHANGE, -NEW_CHANGE],
    );
    assert_close(player(&store, OTHER_GUILD, ALICE).rating(), NEW_WINNER);
    assert_close(player(&store, OTHER_GUILD, BOB).rating(), NEW_LOSER);
    assert_eq!(
        store.players(GUILD).unwrap(),
        here,
        "this guild's records untouched"
    );
    assert_close(player(&store, GUILD, BOB).rating(), NEW_WINNER);
    let other = store.leaderboard(OTHER_GUILD, 1, T0 + WEEK).unwrap();
    assert_eq!(
        other
            .entries
            .iter()
            .map(|e| e.player.user_id)
            .collect::<Vec<_>>(),
        [ALICE, BOB]
    );
    let ours = store.leaderboard(GUILD, 1, T0 + WEEK).unwrap();
    assert_eq!(ours.entries[0].player.user_id, BOB);
    assert_eq!(ours.entries[0].player.games, 1);
}

// ---------------------------------------------------------------------------------------------
// The leaderboard
//
// Ladders of players with chosen ratings are built by inserting their records straight into
// the `players` table with SQL (the columns of migrations/0001_initial.sql and
// 0004_ratings.sql), through a second connection to the database file: much quicker than
// playing the dozens of games it takes to reach a settled rating.

/// Inserts `user`'s record in `guild`: `rating`, `deviation` (volatility 0.06), last rated
/// game at `rated_at` (`None`: no rated game), and wins-losses-draws (all rated when
/// `rated_at` is set).
fn seed(
    conn: &Connection,
    guild: u64,
    user: u64,
    (rating, deviation): (f64, f64),
    rated_at: Option<i64>,
    (wins, losses, draws): (u32, u32, u32),
) {
    let games = wins + losses + draws;
    let rated_games = if rated_at.is_some() { games } else { 0 };
    // The store sets `provisional_from` with every rating; a seeded record needs it too.
    let provisional_from = rated_at.map(|t| {
        let rating = Rating {
            rating,
            deviation,
            volatility: 0.06,
        };
        focus_bot::ratings::provisional_from(&rating, t)
    });
    conn.execute(
        "INSERT INTO players (guild_id, user_id, rating, deviation, volatility, games, wins, \
         losses, draws, last_game_at, rated_at, rated_games, provisional_from) \
         VALUES (?1, ?2, ?3, ?4, 0.06, ?5, ?6, ?7, ?8, ?9, ?9, ?10, ?11)",
        rusqlite::params![
            i64::try_from(guild).unwrap(),
            i64::try_from(user).unwrap(),
            rating,
            deviation,
            games,
            wins,
            losses,
            draws,
            rated_at,
            rated_games,
            provisional_from
        ],
    )
    .unwrap();
}

/// The page's players and their ranks.
fn ranks(page: &LadderPage) -> Vec<(u64, Option<u32>)> {
    page.entries
        .iter()
        .map(|e| (e.player.user_id, e.rank))
        .collect()
}

/// The counts of a page: (page, pages, ranked, provisional).
fn counts(page: &LadderPage) -> (u32, u32, u32, u32) {
    (page.page, page.pages, page.ranked, page.provisional)
}

/// When the seeded ladders are looked at; every seeded player last played a day before.
const NOW: i64 = T0 + 100 * WEEK;

/// A guild's ladder with ties, provisional players and players who are not listed.
fn tied_ladder() -> (TempDir, Store) {
    let (dir, path) = temp_db();
    let mut store = Store::open(&path).unwrap();
    let conn = Connection::open(&path).unwrap();
    let at = Some(NOW - DAY);
    seed(&conn, GUILD, 11, (1700.2, 60.0), at, (10, 2, 1));
    // Three at 1650.4 (more rated games first, then by user) and one at 1649.6, shown 1650.
    seed(&conn, GUILD, 12, (1650.4, 60.0), at, (20, 5, 5));
    seed(&conn, GUILD, 14, (1650.4, 60.0), at, (12, 6, 2));
    seed(&conn, GUILD, 13, (1650.4, 60.0), at, (15, 4, 1));
    seed(&conn, GUILD, 15, (1649.6, 80.0), at, (6, 6, 0));
    seed(&conn, GUILD, 16, (1600.0, 109.9), at, (5, 5, 2));
    // Provisional: a deviation of 110 or more, whatever the rating.
    seed(&conn, GUILD, 17, (1800.0, 110.0), at, (2, 0, 0));
    seed(&conn, GUILD, 18, (1500.0, 200.0), at, (0, 1, 0));
    // Not listed: no rated game; left the guild; another guild's.
    seed(&conn, GUILD, 19, (1500.0, 350.0), None, (0, 1, 0));
    seed(&conn, GUILD, 20, (1750.0, 50.0), at, (9, 0, 0));
    store.set_membership(GUILD, 20, false, NOW - HOUR).unwrap();
    seed(&conn, OTHER_GUILD, 21, (1900.0, 50.0), at, (9, 0, 0));
    (dir, store)
}

#[test]
fn the_leaderboard_ranks_by_rating_ties_share_and_provisional_players_follow() {
    let (_dir, store) = tied_ladder();
    let page = store.leaderboard(GUILD, 1, NOW).unwrap();
    assert_eq!(
        ranks(&page),
        [
            (11, Some(1)),
            (12, Some(2)),
            (13, Some(2)),
            (14, Some(2)),
            (15, Some(2)),
            (16, Some(6)),
            (17, None),
            (18, None),
        ]
    );
    assert_eq!(counts(&page), (1, 1, 6, 2));
    assert_eq!(page.entries[0].player, player(&store, GUILD, 11));

    // Standings agree with the page.
    let standing = |user| store.standing(GUILD, user, NOW).unwrap();
    let of = |s: Option<Standing>| s.map(|s| (s.player.user_id, s.rank, s.ranked));
    assert_eq!(of(standing(11)), Some((11, Some(1), 6)));
    assert_eq!(of(standing(15)), Some((15, Some(2), 6)));
    assert_eq!(of(standing(16)), Some((16, Some(6), 6)));
    assert_eq!(of(standing(17)), Some((17, None, 6)), "provisional");
    assert_eq!(of(standing(19)), Some((19, None, 6)), "no rated game");
    assert_eq!(of(standing(20)), Some((20, None, 6)), "left the guild");
    assert_eq!(of(standing(99)), None, "never played here");
    assert_eq!(standing(16).unwrap().player, player(&store, GUILD, 16));
    assert_eq!(
        store.standing(OTHER_GUILD, 21, NOW).unwrap().unwrap().rank,
        Some(1)
    );
}

/// Ratings that differ only past the rounding share a rank with what players see. Both round
/// halves away from zero (SQLite's `ROUND` for ranks, `f64::round` for the text): 1600.5 is
/// shown `1601` and shares rank 1 with 1601.0; 1600.0 and 1599.5 are both `1600`, rank 3.
#[test]
fn ranks_follow_the_ratings_as_shown_even_on_exact_halves() {
    let (_dir, path) = temp_db();
    let store = Store::open(&path).unwrap();
    let conn = Connection::open(&path).unwrap();
    let at = Some(NOW - DAY);
    seed(&conn, GUILD, 31, (1600.5, 60.0), at, (1, 0, 0));
    seed(&conn, GUILD, 32, (1601.0, 60.0), at, (1, 0, 0));
    seed(&conn, GUILD, 33, (1600.0, 60.0), at, (1, 0, 0));
    seed(&conn, GUILD, 34, (1599.5, 60.0), at, (1, 0, 0));
    let page = store.leaderboard(GUILD, 1, NOW).unwrap();
    let shown: Vec<(String, Option<u32>)> = page
        .entries
        .iter()
        .map(|e| (strings::rating_shown(&e.player.rating_at(NOW)), e.rank))
        .collect();
    assert_eq!(
        shown,
        [
            ("1601".to_owned(), Some(1)),
            ("1601".to_owned(), Some(1)),
            ("1600".to_owned(), Some(3)),
            ("1600".to_owned(), Some(3)),
        ]
    );
}

#[test]
fn an_idle_player_becomes_provisional_again() {
    let (_dir, path) = temp_db();
    let store = Store::open(&path).unwrap();
    let conn = Connection::open(&path).unwrap();
    // Reference: x = (1600, 100, 0.06) reaches a deviation of 110 after 20 idle periods:
    // grow(x, 19) -> 109.8370, grow(x, 20) -> 110.3304; from 60 it takes 79
    // (grow((1600, 60, 0.06), 78) -> 109.8815, 79 -> 110.3748).
    seed(&conn, GUILD, 41, (1600.0, 100.0), Some(T0), (10, 0, 0));
    seed(&conn, GUILD, 42, (1500.0, 60.0), Some(T0), (0, 10, 0));

    let before = T0 + 20 * WEEK - 1;
    let page = store.leaderboard(GUILD, 1, before).unwrap();
    assert_eq!(ranks(&page), [(41, Some(1)), (42, Some(2))]);
    assert_eq!(counts(&page), (1, 1, 2, 0));
    assert_close(
        page.entries[0].player.rating_at(before),
        (1600.0, 109.8370, 0.06),
    );

    let after = T0 + 20 * WEEK;
    let page = store.leaderboard(GUILD, 1, after).unwrap();
    assert_eq!(ranks(&page), [(42, Some(1)), (41, None)]);
    assert_eq!(counts(&page), (1, 1, 1, 1));
    assert_close(
        page.entries[1].player.rating_at(after),
        (1600.0, 110.3304, 0.06),
    );
    let standing = store.standing(GUILD, 41, after).unwrap().unwrap();
    assert_eq!((standing.rank, standing.ranked), (None, 1));
    assert_eq!(
        store.standing(GUILD, 42, after).unwrap().unwrap().rank,
        Some(1)
    );
    assert!(
        md(&strings::leaderboard(Lang::ENGLISH, &page, after))
            .contains("`   ?` <@41> · **1600?** · 10 games"),
        "{}",
        md(&strings::leaderboard(Lang::ENGLISH, &page, after))
    );

    let page = store.leaderboard(GUILD, 1, T0 + 79 * WEEK - 1).unwrap();
    assert_eq!(ranks(&page), [(42, Some(1)), (41, None)]);
    let page = store.leaderboard(GUILD, 1, T0 + 79 * WEEK).unwrap();
    assert_eq!(ranks(&page), [(41, None), (42, None)], "by rating");
    assert_eq!(counts(&page), (1, 1, 0, 2));
}

#[test]
fn the_leaderboard_has_ten_a_page_and_clamps_the_page_asked() {
    assert_eq!(PAGE_SIZE, 10);
    let (_dir, path) = temp_db();
    let store = Store::open(&path).unwrap();
    let conn = Connection::open(&path).unwrap();
    let at = Some(NOW - DAY);
    // 23 ranked players, 2000 down to 1780, and 4 provisional ones rated 1995 down to 1992.
    for i in 0..23 {
        seed(
            &conn,
            GUILD,
            100 + i,
            (2000.0 - 10.0 * i as f64, 60.0),
            at,
            (3, 1, 0),
        );
    }
    for i in 0..4 {
        seed(
            &conn,
            GUILD,
            200 + i,
            (1995.0 - i as f64, 150.0),
            at,
            (1, 0, 0),
        );
    }
    let ranked = |users: std::ops::Range<u64>| -> Vec<(u64, Option<u32>)> {
        users
            .map(|u| (u, Some(u32::try_from(u - 99).unwrap())))
            .collect()
    };
    for asked in [0, 1] {
        let page = store.leaderboard(GUILD, asked, NOW).unwrap();
        assert_eq!(counts(&page), (1, 3, 23, 4), "page {asked}");
        assert_eq!(ranks(&page), ranked(100..110));
    }
    let page = store.leaderboard(GUILD, 2, NOW).unwrap();
    assert_eq!(counts(&page), (2, 3, 23, 4));
    assert_eq!(ranks(&page), ranked(110..120));
    let mut last = ranked(120..123);
    last.extend((200..204).map(|u| (u, None)));
    for asked in [3, 4, u32::MAX] {
        let page = store.leaderboard(GUILD, asked, NOW).unwrap();
        assert_eq!(counts(&page), (3, 3, 23, 4), "page {asked}");
        assert_eq!(ranks(&page), last);
    }
    let text = md(&strings::leaderboard(
        Lang::ENGLISH,
        &store.leaderboard(GUILD, 2, NOW).unwrap(),
        NOW,
    ));
    assert!(
        text.starts_with(
            "**Leaderboard** · page 2 of 3 · 23 ranked, 4 provisional (`?`: rating not yet \
             settled)\n` 11.` <@110> · **1900** · 4 games · 3-1-0\n"
        ),
        "{text}"
    );

    // Exactly two pages' worth.
    for i in 0..20 {
        seed(
            &conn,
            OTHER_GUILD,
            100 + i,
            (1500.0 + i as f64, 60.0),
            at,
            (1, 0, 0),
        );
    }
    let page = store.leaderboard(OTHER_GUILD, 3, NOW).unwrap();
    assert_eq!(counts(&page), (2, 2, 20, 0));
    assert_eq!(page.entries.len(), 10);
    assert_eq!(page.entries[9].player.user_id, 100);

    // An empty board is one empty page.
    for asked in [0, 1, 5] {
        let page = store.leaderboard(7, asked, NOW).unwrap();
        assert_eq!(counts(&page), (1, 1, 0, 0));
        assert_eq!(page.entries, []);
    }
}

#[test]
fn only_members_are_on_the_leaderboard() {
    let (_dir, path) = temp_db();
    let mut store = Store::open(&path).unwrap();
    let conn = Connection::open(&path).unwrap();
    let at = Some(NOW - DAY);
    seed(&conn, GUILD, 11, (1700.0, 60.0), at, (3, 0, 0));
    seed(&conn, GUILD, 12, (1650.0, 60.0), at, (2, 1, 0));
    seed(&conn, GUILD, 13, (1600.0, 60.0), at, (1, 2, 0));
    let all = [(11, Some(1)), (12, Some(2)), (13, Some(3))];
    assert_eq!(ranks(&store.leaderboard(GUILD, 1, NOW).unwrap()), all);

    // 12 left: off the board, the next one moves up; their record is kept.
    let kept = player(&store, GUILD, 12);
    store.set_membership(GUILD, 12, false, NOW).unwrap();
    let page = store.leaderboard(GUILD, 1, NOW).unwrap();
    assert_eq!(ranks(&page), [(11, Some(1)), (13, Some(2))]);
    assert_eq!(counts(&page), (1, 1, 2, 0));
    let gone = player(&store, GUILD, 12);
    assert_eq!(
        (gone.left_at, gone.member_checked_at),
        (Some(NOW), Some(NOW))
    );
    assert_eq!(
        Player {
            left_at: None,
            member_checked_at: None,
            ..gone.clone()
        },
        kept
    );
    let standing = store.standing(GUILD, 12, NOW).unwrap().unwrap();
    assert_eq!((standing.rank, standing.ranked), (None, 2));
    // Found gone again: the time they were first found gone stays.
    store.set_membership(GUILD, 12, false, NOW + DAY).unwrap();
    let gone = player(&store, GUILD, 12);
    assert_eq!(
        (gone.left_at, gone.member_checked_at),
        (Some(NOW), Some(NOW + DAY))
    );
    // Another guild's membership is another record.
    store
        .set_membership(OTHER_GUILD, 12, true, NOW + DAY)
        .unwrap();
    assert_eq!(player(&store, GUILD, 12).left_at, Some(NOW));
    // A member again: back on the board.
    store
        .set_membership(GUILD, 12, true, NOW + 2 * DAY)
        .unwrap();
    let back = player(&store, GUILD, 12);
    assert_eq!(
        (back.left_at, back.member_checked_at),
        (None, Some(NOW + 2 * DAY))
    );
    assert_eq!(ranks(&store.leaderboard(GUILD, 1, NOW).unwrap()), all);
    // A confirmed member: only the time of the check changes.
    store
        .set_membership(GUILD, 11, true, NOW + 3 * DAY)
        .unwrap();
    let checked = player(&store, GUILD, 11);
    assert_eq!(
        (checked.left_at, checked.member_checked_at),
        (None, Some(NOW + 3 * DAY))
    );
    // Nobody's record is made for a user who never played here.
    store.set_membership(GUILD, 99, false, NOW).unwrap();
    store.set_membership(GUILD, 98, true, NOW).unwrap();
    assert_eq!(store.player(GUILD, 99).unwrap(), None);
    assert_eq!(store.player(GUILD, 98).unwrap(), None);
    assert_eq!(store.players(GUILD).unwrap().len(), 3);

    // Finishing a game makes a player a member again, rated or not.
    let t = NOW + 10 * DAY;
    resigned(&mut store, (GUILD, 1), (ALICE, BOB), BOB, true, t);
    store.set_membership(GUILD, ALICE, false, t + HOUR).unwrap();
    store.set_membership(GUILD, BOB, false, t + HOUR).unwrap();
    let on_board = |store: &Store| -> Vec<u64> {
        let page = store.leaderboard(GUILD, 1, t + DAY).unwrap();
        page.entries.iter().map(|e| e.player.user_id).collect()
    };
    assert_eq!(on_board(&store), [11, 12, 13]);
    resigned(
        &mut store,
        (GUILD, 1),
        (ALICE, CAROL),
        CAROL,
        true,
        t + 2 * HOUR,
    );
    assert_eq!(player(&store, GUILD, ALICE).left_at, None);
    assert_eq!(on_board(&store), [11, 12, 13, ALICE, CAROL]);
    resigned(
        &mut store,
        (GUILD, 1),
        (CAROL, BOB),
        CAROL,
        false,
        t + 3 * HOUR,
    );
    assert_eq!(
        player(&store, GUILD, BOB).left_at,
        None,
        "an unrated game too"
    );
    assert_eq!(on_board(&store).len(), 6);
    // An aborted game is not finished: it does not.
    store
        .set_membership(GUILD, BOB, false, t + 4 * HOUR)
        .unwrap();
    let id = start(&mut store, (GUILD, 1), BOB, ALICE, true, t + 4 * HOUR);
    store.abort_game(id, t + 5 * HOUR).unwrap();
    assert_eq!(player(&store, GUILD, BOB).left_at, Some(t + 4 * HOUR));
}

// ---------------------------------------------------------------------------------------------
// Standing, recent games, streaks and head-to-head

/// Games in GUILD, an hour apart from T0 (and one in OTHER_GUILD): Alice's results, newest
/// last, are W (rated), W (unrated), an aborted game, L, D, L (all rated), L (unrated).
fn history(store: &mut Store) -> Vec<Game> {
    let here = (GUILD, 1);
    let t = |n: i64| T0 + n * HOUR;
    let mut games = vec![
        resigned(store, here, (ALICE, BOB), BOB, true, t(1)),
        resigned(store, here, (ALICE, CAROL), CAROL, false, t(2)),
    ];
    let id = start(store, here, BOB, ALICE, true, t(3));
    games.push(store.abort_game(id, t(3) + 1).unwrap());
    games.push(resigned(store, here, (BOB, ALICE), ALICE, true, t(4)));
    games.push(drawn(store, here, (ALICE, BOB), t(5)));
    games.push(resigned(store, here, (CAROL, ALICE), ALICE, true, t(6)));
    games.push(resigned(store, here, (BOB, ALICE), ALICE, false, t(7)));
    resigned(store, (OTHER_GUILD, 2), (ALICE, BOB), BOB, true, t(8));
    games
}

#[test]
fn recent_games_newest_first_without_aborted_ones() {
    let mut store = Store::open_in_memory().unwrap();
    let g = history(&mut store);
    let ids = |games: Vec<Game>| games.into_iter().map(|g| g.id).collect::<Vec<_>>();
    assert_eq!(
        ids(store.recent_games(GUILD, ALICE, 5).unwrap()),
        [g[6].id, g[5].id, g[4].id, g[3].id, g[1].id]
    );
    assert_eq!(
        ids(store.recent_games(GUILD, ALICE, 100).unwrap()),
        [g[6].id, g[5].id, g[4].id, g[3].id, g[1].id, g[0].id]
    );
    assert_eq!(
        ids(store.recent_games(GUILD, BOB, 2).unwrap()),
        [g[6].id, g[4].id]
    );
    assert_eq!(ids(store.recent_games(GUILD, ALICE, 0).unwrap()), []);
    assert_eq!(ids(store.recent_games(GUILD, DAVE, 5).unwrap()), []);
    assert_eq!(store.recent_games(OTHER_GUILD, ALICE, 5).unwrap().len(), 1);
    // The games come whole, ratings included.
    assert_eq!(store.recent_games(GUILD, CAROL, 1).unwrap(), [g[5].clone()]);
    assert!(g[5].ratings.is_some());
}

#[test]
fn streaks_count_the_latest_results_alike() {
    let mut store = Store::open_in_memory().unwrap();
    assert_eq!(store.streak(GUILD, ALICE).unwrap(), None);
    history(&mut store);
    assert_eq!(
        store.streak(GUILD, ALICE).unwrap(),
        Some((Outcome::Loss, 2))
    );
    assert_eq!(store.streak(GUILD, BOB).unwrap(), Some((Outcome::Win, 1)));
    assert_eq!(store.streak(GUILD, CAROL).unwrap(), Some((Outcome::Win, 1)));
    assert_eq!(store.streak(GUILD, DAVE).unwrap(), None);
    assert_eq!(
        store.streak(OTHER_GUILD, ALICE).unwrap(),
        Some((Outcome::Win, 1))
    );
    // Three draws in a row for Alice against Dave; an aborted game between them breaks nothing.
    let t = T0 + 10 * HOUR;
    drawn(&mut store, (GUILD, 1), (ALICE, DAVE), t);
    let id = start(&mut store, (GUILD, 1), DAVE, ALICE, true, t + 10);
    store.abort_game(id, t + 11).unwrap();
    drawn(&mut store, (GUILD, 1), (DAVE, ALICE), t + 20);
    drawn(&mut store, (GUILD, 1), (ALICE, DAVE), t + 30);
    assert_eq!(
        store.streak(GUILD, ALICE).unwrap(),
        Some((Outcome::Draw, 3))
    );
    assert_eq!(store.streak(GUILD, DAVE).unwrap(), Some((Outcome::Draw, 3)));
    // Wins in a row, from both colours.
    resigned(&mut store, (GUILD, 1), (ALICE, DAVE), DAVE, false, t + 40);
    resigned(&mut store, (GUILD, 1), (DAVE, ALICE), DAVE, true, t + 50);
    assert_eq!(store.streak(GUILD, ALICE).unwrap(), Some((Outcome::Win, 2)));
    assert_eq!(store.streak(GUILD, DAVE).unwrap(), Some((Outcome::Loss, 2)));
}

#[test]
fn head_to_head_from_both_sides() {
    let mut store = Store::open_in_memory().unwrap();
    history(&mut store);
    let h2h = |a, b| store.head_to_head(GUILD, a, b).unwrap();
    let score = |wins, losses, draws| HeadToHead {
        wins,
        losses,
        draws,
    };
    // Alice against Bob: W (rated), L, D, L (unrated); the aborted game does not count.
    assert_eq!(h2h(ALICE, BOB), score(1, 2, 1));
    assert_eq!(h2h(BOB, ALICE), score(2, 1, 1));
    assert_eq!(h2h(ALICE, CAROL), score(1, 1, 0));
    assert_eq!(h2h(CAROL, ALICE), score(1, 1, 0));
    assert_eq!(h2h(BOB, CAROL), HeadToHead::default());
    assert_eq!(h2h(ALICE, DAVE), HeadToHead::default());
    assert_eq!(
        store.head_to_head(OTHER_GUILD, ALICE, BOB).unwrap(),
        score(1, 0, 0)
    );
}

// ---------------------------------------------------------------------------------------------
// The service: the leaderboard checks who is still a member; stats

/// Nobody asked.
const NOBODY: [u64; 0] = [];

/// A scripted Discord: answers whether a user is a member (a member unless told otherwise)
/// and logs who was asked.
#[derive(Default)]
struct Script {
    answers: Mutex<HashMap<u64, Option<bool>>>,
    asked: Mutex<Vec<u64>>,
}

impl Script {
    fn answer(&self, user: u64, answer: Option<bool>) {
        self.answers.lock().unwrap().insert(user, answer);
    }

    /// Who was asked since the last call.
    fn asked(&self) -> Vec<u64> {
        std::mem::take(&mut *self.asked.lock().unwrap())
    }
}

impl Members for Script {
    async fn is_member(&self, guild_id: u64, user_id: u64) -> Option<bool> {
        assert_eq!(guild_id, GUILD);
        self.asked.lock().unwrap().push(user_id);
        let answers = self.answers.lock().unwrap();
        answers.get(&user_id).copied().unwrap_or(Some(true))
    }
}

/// A service on a database file whose guild has 12 ranked players, users 1 to 12 (rated 2000
/// down to 1890, last rated a day before `NOW`), on a clock showing `NOW`.
fn ladder_service() -> (TempDir, Served, ManualClock) {
    let (dir, path) = temp_db();
    let store = Store::open(&path).unwrap();
    let conn = Connection::open(&path).unwrap();
    for user in 1..=12 {
        let rating = 2010.0 - 10.0 * user as f64;
        seed(
            &conn,
            GUILD,
            user,
            (rating, 60.0),
            Some(NOW - DAY),
            (2, 1, 0),
        );
    }
    let clock = ManualClock::at(NOW);
    let svc = Served::new(AsyncStore::spawn(store).unwrap(), Arc::new(clock.clone()));
    (dir, svc, clock)
}

async fn record(svc: &Served, user: u64) -> Player {
    svc.store()
        .call(move |s| s.player(GUILD, user))
        .await
        .unwrap()
        .unwrap()
}

/// The users of a page.
fn users(page: &LadderPage) -> Vec<u64> {
    page.entries.iter().map(|e| e.player.user_id).collect()
}

#[tokio::test]
async fn the_leaderboard_checks_members_once_a_day() {
    assert_eq!(MEMBER_RECHECK, DAY);
    let (_dir, svc, clock) = ladder_service();
    let discord = Script::default();
    let page = svc.ladder.leaderboard(GUILD, 1, &discord).await.unwrap();
    assert_eq!(users(&page), (1..=10).collect::<Vec<_>>());
    assert_eq!(counts(&page), (1, 2, 12, 0));
    assert_eq!(
        discord.asked(),
        (1..=10).collect::<Vec<_>>(),
        "the page only"
    );
    let p = record(&svc, 4).await;
    assert_eq!((p.member_checked_at, p.left_at), (Some(NOW), None));
    assert_eq!(record(&svc, 11).await.member_checked_at, None);

    // Within the day nobody on the page is asked again; the other page's players are.
    svc.ladder.leaderboard(GUILD, 1, &discord).await.unwrap();
    assert_eq!(discord.asked(), NOBODY);
    clock.advance(MEMBER_RECHECK - 1);
    let page = svc.ladder.leaderboard(GUILD, 1, &discord).await.unwrap();
    assert_eq!(discord.asked(), NOBODY);
    assert_eq!(users(&page), (1..=10).collect::<Vec<_>>());
    let page = svc.ladder.leaderboard(GUILD, 2, &discord).await.unwrap();
    assert_eq!(users(&page), [11, 12]);
    assert_eq!(discord.asked(), [11, 12]);
    // A day after their check, they are asked again.
    clock.advance(1);
    svc.ladder.leaderboard(GUILD, 1, &discord).await.unwrap();
    assert_eq!(discord.asked(), (1..=10).collect::<Vec<_>>());
    assert_eq!(record(&svc, 4).await.member_checked_at, Some(NOW + DAY));
    svc.ladder.leaderboard(GUILD, 2, &discord).await.unwrap();
    assert_eq!(
        discord.asked(),
        NOBODY,
        "checked a second short of a day ago"
    );
}

#[tokio::test]
async fn players_who_left_are_taken_off_and_the_page_refilled() {
    let (_dir, svc, clock) = ladder_service();
    let discord = Script::default();
    discord.answer(3, Some(false));
    let page = svc.ladder.leaderboard(GUILD, 1, &discord).await.unwrap();
    // 3 left: the page is read again, and 11, who comes onto it, is checked in turn.
    assert_eq!(discord.asked(), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    assert_eq!(
        ranks(&page),
        [1, 2, 4, 5, 6, 7, 8, 9, 10, 11]
            .into_iter()
            .zip(1..)
            .map(|(u, r)| (u, Some(r)))
            .collect::<Vec<_>>()
    );
    assert_eq!(counts(&page), (1, 2, 11, 0));
    let gone = record(&svc, 3).await;
    assert_eq!(
        (gone.left_at, gone.member_checked_at),
        (Some(NOW), Some(NOW))
    );
    assert_eq!(gone.games, 3, "they keep their record");
    let page = svc.ladder.leaderboard(GUILD, 2, &discord).await.unwrap();
    assert_eq!(ranks(&page), [(12, Some(11))]);
    assert_eq!(discord.asked(), [12]);

    // Two more leave the next day, one of them only found when the page is refilled.
    clock.advance(DAY);
    discord.answer(5, Some(false));
    discord.answer(11, Some(false));
    let page = svc.ladder.leaderboard(GUILD, 1, &discord).await.unwrap();
    // 3, found gone a day ago, is asked first whether they came back (they did not).
    assert_eq!(discord.asked(), [3, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    assert_eq!(users(&page), [1, 2, 4, 6, 7, 8, 9, 10, 12]);
    assert_eq!(counts(&page), (1, 1, 9, 0));
    assert_eq!(record(&svc, 11).await.left_at, Some(NOW + DAY));
    let gone = record(&svc, 3).await;
    assert_eq!(
        (gone.left_at, gone.member_checked_at),
        (Some(NOW), Some(NOW + DAY)),
        "gone since first found gone, checked again"
    );
    // Not asked again within the day.
    svc.ladder.leaderboard(GUILD, 1, &discord).await.unwrap();
    assert_eq!(discord.asked(), NOBODY);
}

#[tokio::test]
async fn a_member_check_that_fails_keeps_the_player_shown() {
    let (_dir, svc, _clock) = ladder_service();
    let discord = Script::default();
    discord.answer(2, None);
    let page = svc.ladder.leaderboard(GUILD, 1, &discord).await.unwrap();
    assert_eq!(users(&page), (1..=10).collect::<Vec<_>>());
    assert_eq!(discord.asked(), (1..=10).collect::<Vec<_>>());
    let p = record(&svc, 2).await;
    assert_eq!((p.member_checked_at, p.left_at), (None, None));
    // Not checked, so asked again the next time, alone.
    svc.ladder.leaderboard(GUILD, 1, &discord).await.unwrap();
    assert_eq!(discord.asked(), [2]);
    discord.answer(2, Some(true));
    svc.ladder.leaderboard(GUILD, 1, &discord).await.unwrap();
    assert_eq!(discord.asked(), [2]);
    svc.ladder.leaderboard(GUILD, 1, &discord).await.unwrap();
    assert_eq!(discord.asked(), NOBODY);
    assert_eq!(record(&svc, 2).await.member_checked_at, Some(NOW));
}

/// A player found gone who comes back to the server is a member, and the leaderboard shows
/// members: players found gone are asked about again once a day.
#[tokio::test]
async fn a_player_who_comes_back_is_shown_again() {
    let (_dir, svc, clock) = ladder_service();
    let discord = Script::default();
    discord.answer(3, Some(false));
    svc.ladder.leaderboard(GUILD, 1, &discord).await.unwrap();
    assert_eq!(record(&svc, 3).await.left_at, Some(NOW));
    // 3 rejoins; days later the leaderboard is looked at again.
    discord.answer(3, Some(true));
    clock.advance(7 * DAY);
    let page = svc.ladder.leaderboard(GUILD, 1, &discord).await.unwrap();
    assert_eq!(
        users(&page),
        (1..=10).collect::<Vec<_>>(),
        "a member again, at their rank; Discord was asked about {:?}",
        discord.asked()
    );
}

#[tokio::test]
async fn stats_of_yourself_someone_else_and_a_stranger() {
    let (_dir, path) = temp_db();
    let mut store = Store::open(&path).unwrap();
    let games = history(&mut store);
    let conn = Connection::open(&path).unwrap();
    // Seeded records (see "The leaderboard"): Dave ranked, Eve ranked but gone, Frank with an
    // unrated game only.
    const FRANK: u64 = 4_006;
    seed(&conn, GUILD, DAVE, (1700.0, 50.0), Some(T0), (7, 2, 1));
    seed(&conn, GUILD, EVE, (1400.0, 50.0), Some(T0), (1, 4, 0));
    seed(&conn, GUILD, FRANK, (1500.0, 350.0), None, (0, 1, 0));
    store.set_membership(GUILD, EVE, false, T0).unwrap();
    let clock = ManualClock::at(T0 + 10 * HOUR);
    let svc = GameService::new(AsyncStore::spawn(store).unwrap(), Arc::new(clock.clone()));

    // Alice's rated games, all within hours (no growth):
    //   a1, b1 = game(NEW, NEW, 1); b4, a4 = game(b1, a1, 1); a5, b5 = game(a4, b4, 0.5)
    //   c6, a6 = game(NEW, a5, 1)
    //   -> Alice 1387.6273 / 209.0698 / 0.06000009; her changes +162.3109, -229.2508,
    //      +33.2954, -78.7282
    let alice = svc.ladder.stats(GUILD, ALICE, ALICE).await.unwrap();
    assert_eq!(alice.user_id, ALICE);
    assert_close(alice.rating, (1387.6273, 209.0698, 0.06000009));
    let standing = alice.standing.clone().unwrap();
    assert_eq!((standing.rank, standing.ranked), (None, 1), "provisional");
    assert_eq!((standing.player.games, standing.player.rated_games), (6, 4));
    assert_eq!(alice.streak, Some((Outcome::Loss, 2)));
    assert_eq!(RECENT_GAMES, 5);
    let recent: Vec<GameId> = alice.recent.iter().map(|g| g.id).collect();
    assert_eq!(
        recent,
        [
            games[6].id,
            games[5].id,
            games[4].id,
            games[3].id,
            games[1].id
        ]
    );
    assert_eq!(alice.head_to_head, None, "no head-to-head with yourself");
    assert_changes(&games[5], [1658.4964, 1387.6273], [158.4964, -78.7282]);
    assert_changes(&games[4], [1466.3555, 1533.6445], [33.2954, -33.2954]);
    assert_changes(&games[3], [1566.9399, 1433.0601], [229.2508, -229.2508]);
    assert_eq!(
        md(&strings::stats(Lang::ENGLISH, &alice)),
        "**Stats of <@4001>**\n\
         Rating: **1388?** ± 209 · provisional: ranked once the deviation is under 110\n\
         Games: 6 (2 wins, 3 losses, 1 draw; 4 rated)\n\
         Streak: 2 losses in a row\n\
         Last games: L vs <@4002> (unrated) · L vs <@4003> (-78) · D vs <@4002> (+33) · \
         L vs <@4002> (-229) · W vs <@4003> (unrated)"
    );

    // Asked by Bob: the same, and Bob's score against her (W, W, D, L from his side).
    let by_bob = svc.ladder.stats(GUILD, ALICE, BOB).await.unwrap();
    assert_eq!(
        by_bob.head_to_head,
        Some(HeadToHead {
            wins: 2,
            losses: 1,
            draws: 1
        })
    );
    assert_eq!(
        Stats {
            head_to_head: None,
            ..by_bob.clone()
        },
        alice
    );
    assert_eq!(
        md(&strings::stats(Lang::ENGLISH, &by_bob)),
        format!(
            "{}\nYou against <@4001>: 2 wins, 1 loss, 1 draw",
            md(&strings::stats(Lang::ENGLISH, &alice))
        )
    );

    // A ranked player (with no game in this database's games) asked about by Alice.
    let dave = svc.ladder.stats(GUILD, DAVE, ALICE).await.unwrap();
    assert_eq!(dave.standing.as_ref().unwrap().rank, Some(1));
    assert_eq!((dave.streak, dave.recent.len()), (None, 0));
    assert_eq!(
        md(&strings::stats(Lang::ENGLISH, &dave)),
        "**Stats of <@4004>**\nRating: **1700** ± 50 · rank 1 of 1\n\
         Games: 10 (7 wins, 2 losses, 1 draw; 10 rated)\n\
         You have not finished a game against <@4004> here yet."
    );
    assert_eq!(
        md(&strings::stats(
            Lang::ENGLISH,
            &svc.ladder.stats(GUILD, EVE, ALICE).await.unwrap()
        )),
        "**Stats of <@4005>**\nRating: **1400** ± 50 · not ranked: no longer on this server\n\
         Games: 5 (1 win, 4 losses, 0 draws; 5 rated)\n\
         You have not finished a game against <@4005> here yet."
    );
    // Asking about oneself proves one is on the server: Eve is back, and ranked.
    assert_eq!(
        md(&strings::stats(
            Lang::ENGLISH,
            &svc.ladder.stats(GUILD, EVE, EVE).await.unwrap()
        )),
        "**Stats of <@4005>**\nRating: **1400** ± 50 · rank 2 of 2\n\
         Games: 5 (1 win, 4 losses, 0 draws; 5 rated)"
    );
    assert_eq!(
        md(&strings::stats(
            Lang::ENGLISH,
            &svc.ladder.stats(GUILD, FRANK, FRANK).await.unwrap()
        )),
        "**Stats of <@4006>**\nRating: **1500?** ± 350 · no rated game yet\n\
         Games: 1 (0 wins, 1 loss, 0 draws; 0 rated)"
    );

    // Someone who never finished a game here.
    let stranger = svc.ladder.stats(GUILD, 99, ALICE).await.unwrap();
    assert_eq!(
        stranger,
        Stats {
            user_id: 99,
            standing: None,
            rating: START,
            streak: None,
            recent: vec![],
            head_to_head: Some(HeadToHead::default()),
            against_bot: vec![],
            tournaments: vec![],
        }
    );
    assert_eq!(
        md(&strings::stats(Lang::ENGLISH, &stranger)),
        "<@99> has not finished a game on this server yet."
    );
    assert_eq!(
        svc.ladder.stats(GUILD, 99, 99).await.unwrap().head_to_head,
        None
    );
    // Alice in the other guild: one game, her rating there.
    let there = svc.ladder.stats(OTHER_GUILD, ALICE, BOB).await.unwrap();
    assert_close(there.rating, NEW_WINNER);
    assert_eq!(
        there.head_to_head,
        Some(HeadToHead {
            wins: 0,
            losses: 1,
            draws: 0
        })
    );

    // Three weeks on, the rating shown has grown its deviation:
    //   grow(a6, 3) -> 1387.6273 / 209.8478 / 0.06000009
    clock.advance(3 * WEEK);
    let later = svc.ladder.stats(GUILD, ALICE, ALICE).await.unwrap();
    assert_close(later.rating, (1387.6273, 209.8478, 0.06000009));
    assert!(
        md(&strings::stats(Lang::ENGLISH, &later)).contains("Rating: **1388?** ± 210 · "),
        "{}",
        md(&strings::stats(Lang::ENGLISH, &later))
    );
    assert_eq!(
        later.standing.unwrap().player.deviation,
        alice.standing.unwrap().player.deviation,
        "the stored deviation stays as of the last game"
    );
}

// ---------------------------------------------------------------------------------------------
// The sentences

#[test]
fn the_leaderboard_as_players_read_it() {
    let (_dir, store) = tied_ladder();
    let page = store.leaderboard(GUILD, 1, NOW).unwrap();
    assert_eq!(
        md(&strings::leaderboard(Lang::ENGLISH, &page, NOW)),
        "**Leaderboard** · page 1 of 1 · 6 ranked, 2 provisional (`?`: rating not yet settled)\n\
         `  1.` <@11> · **1700** · 13 games · 10-2-1\n\
         `  2.` <@12> · **1650** · 30 games · 20-5-5\n\
         `  2.` <@13> · **1650** · 20 games · 15-4-1\n\
         `  2.` <@14> · **1650** · 20 games · 12-6-2\n\
         `  2.` <@15> · **1650** · 12 games · 6-6-0\n\
         `  6.` <@16> · **1600** · 12 games · 5-5-2\n\
         `   ?` <@17> · **1800?** · 2 games · 2-0-0\n\
         `   ?` <@18> · **1500?** · 1 game · 0-1-0"
    );
    let empty = store.leaderboard(7, 1, NOW).unwrap();
    assert_eq!(
        md(&strings::leaderboard(Lang::ENGLISH, &empty, NOW)),
        "**Leaderboard**\nNobody here has finished a rated game yet: challenge someone with \
         /focus challenge."
    );
}

#[test]
fn a_finished_games_message_shows_both_rating_changes() {
    let mut store = Store::open_in_memory().unwrap();
    // game(NEW, NEW, 1): 1662.3109 (+162.3109) and 1337.6891 (-162.3109).
    let game = resigned(&mut store, (GUILD, 1), (ALICE, BOB), BOB, true, T0);
    assert_eq!(
        md(&strings::result_line(Lang::ENGLISH, &game)),
        "**<@4001> (White) wins game 1**, by resignation.\n\
         Ratings: <@4001> 1662 (+162), <@4002> 1338 (-162)."
    );
    let other = resigned(&mut store, (OTHER_GUILD, 2), (ALICE, BOB), ALICE, true, T0);
    assert_eq!(
        md(&strings::result_line(Lang::ENGLISH, &other)),
        "**<@4002> (Black) wins game 2**, by resignation.\n\
         Ratings: <@4001> 1338 (-162), <@4002> 1662 (+162)."
    );
    // On time, three weeks later in GUILD: Alice (White) beats Bob again after 3 idle periods.
    //   a1, b1 = game(NEW, NEW, 1); game(grow(a1, 3), grow(b1, 3), 1)
    //   -> Alice 1720.5141 / 260.9194 (+58.2032), Bob 1279.4859 (-58.2032)
    let at = T0 + 3 * WEEK;
    let id = start(&mut store, (GUILD, 1), ALICE, BOB, true, at);
    play(&mut store, id, 3, at);
    let deadline = store.game(id).unwrap().deadline.unwrap();
    let game = store.claim_timeout(id, deadline).unwrap();
    assert_changes(&game, [1720.5141, 1279.4859], [58.2032, -58.2032]);
    assert_eq!(
        md(&strings::result_line(Lang::ENGLISH, &game)),
        // Shown as the difference of the ratings as shown: 1721 - 1662, 1279 - 1338.
        "**<@4001> (White) wins game 3**, on time.\nRatings: <@4001> 1721 (+59), <@4002> 1279 (-59)."
    );
    // A draw between new players moves no rating: ±0.
    let mut store = Store::open_in_memory().unwrap();
    let game = drawn(&mut store, (GUILD, 1), (ALICE, BOB), T0);
    assert_eq!(
        md(&strings::result_line(Lang::ENGLISH, &game)),
        "**Game 1 is drawn** by agreement.\nRatings: <@4001> 1500 (±0), <@4002> 1500 (±0)."
    );
    // Unrated and aborted games: no Ratings line.
    let game = resigned(
        &mut store,
        (GUILD, 1),
        (ALICE, BOB),
        ALICE,
        false,
        T0 + HOUR,
    );
    assert_eq!(
        md(&strings::result_line(Lang::ENGLISH, &game)),
        "**<@4002> (Black) wins game 2**, by resignation."
    );
    let id = start(&mut store, (GUILD, 1), ALICE, BOB, true, T0 + 2 * HOUR);
    let game = store.abort_game(id, T0 + 3 * HOUR).unwrap();
    assert_eq!(
        md(&strings::result_line(Lang::ENGLISH, &game)),
        "Game 3 was aborted: no result, no rating change."
    );
}

#[test]
fn rating_changes_read_rounded_with_their_sign() {
    assert_eq!(strings::signed(12.0), "+12");
    assert_eq!(strings::signed(-12.0), "-12");
    assert_eq!(strings::signed(-0.4), "±0");
    assert_eq!(strings::signed(0.4), "±0");
    assert_eq!(strings::signed(0.0), "±0");
    assert_eq!(strings::signed(11.6), "+12");
    assert_eq!(strings::signed(-11.6), "-12");
    assert_eq!(strings::signed(162.3109), "+162");
    assert_eq!(strings::signed(-229.7490), "-230");
    assert_eq!(strings::rating_shown(&r(1662.3109, 290.3, 0.06)), "1662?");
    assert_eq!(strings::rating_shown(&r(1662.6, 109.9, 0.06)), "1663");
}

#[test]
fn snowflakes_above_i64_max_rank_and_rate_like_any_other() {
    // Stored as negative INTEGERs (a bit-cast): nothing may compare them as numbers.
    const BIG_GUILD: u64 = u64::MAX;
    const BIG_A: u64 = (i64::MAX as u64) + 7;
    const BIG_B: u64 = u64::MAX - 1;
    let mut store = Store::open_in_memory().unwrap();
    let game = resigned(&mut store, (BIG_GUILD, 5), (BIG_A, BIG_B), BIG_B, true, T0);
    // game(NEW, NEW, 1)
    assert_changes(
        &game,
        [NEW_WINNER.0, NEW_LOSER.0],
        [NEW_CHANGE, -NEW_CHANGE],
    );
    assert_close(player(&store, BIG_GUILD, BIG_A).rating(), NEW_WINNER);
    let page = store.leaderboard(BIG_GUILD, 1, T0 + 1).unwrap();
    assert_eq!(ranks(&page), [(BIG_A, None), (BIG_B, None)]);
    assert_eq!(
        store
            .standing(BIG_GUILD, BIG_B, T0 + 1)
            .unwrap()
            .unwrap()
            .player
            .user_id,
        BIG_B
    );
    assert_eq!(store.recent_games(BIG_GUILD, BIG_A, 5).unwrap(), [game]);
    assert_eq!(
        store.streak(BIG_GUILD, BIG_B).unwrap(),
        Some((Outcome::Loss, 1))
    );
    assert_eq!(
        store.head_to_head(BIG_GUILD, BIG_A, BIG_B).unwrap(),
        HeadToHead {
            wins: 1,
            losses: 0,
            draws: 0
        }
    );
    store
        .set_membership(BIG_GUILD, BIG_A, false, T0 + 2)
        .unwrap();
    let page = store.leaderboard(BIG_GUILD, 1, T0 + 2).unwrap();
    assert_eq!(ranks(&page), [(BIG_B, None)]);
}

/// A provisional player stays provisional whatever the clock says: rated "in the future" (a
/// clock that stepped back, or the console's `wait` in an earlier session) they are not
/// ranked (found by a reviewer: they were ranked and shown with a `?` at once).
#[test]
fn a_provisional_player_rated_in_the_future_is_still_provisional() {
    assert_eq!(
        focus_bot::ratings::provisional_from(&START, 1_000),
        i64::MIN
    );
    let (_dir, path) = temp_db();
    let store = Store::open(&path).unwrap();
    let conn = Connection::open(&path).unwrap();
    seed(
        &conn,
        GUILD,
        51,
        (1662.0, 290.0),
        Some(NOW + 5 * DAY),
        (1, 0, 0),
    );
    seed(
        &conn,
        GUILD,
        52,
        (1600.0, 60.0),
        Some(NOW + 5 * DAY),
        (3, 0, 0),
    );
    let page = store.leaderboard(GUILD, 1, NOW).unwrap();
    assert_eq!(ranks(&page), [(52, Some(1)), (51, None)]);
    assert_eq!((page.ranked, page.provisional), (1, 1));
}
