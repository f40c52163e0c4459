//! Ratings (issue 7): the Glicko-2 updates the bot makes, checked against values computed
//! independently — the published example of Glickman's paper, and a Glicko-2 written from the
//! paper in Python (`tests/support/glicko2_reference.py`, which prints every expected value
//! below) — and the ladder built on them.

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
