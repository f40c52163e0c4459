//! A game's end as a pure decision (`focus_bot::domain::end_game`): the game's row, both
//! players' records and Glicko-2 ratings, without a database.

use focus_bot::domain::{
    BotSeat, EndReason, Ending, GameError, GameResult, GameStatus, Player, TournamentId, end_game,
};
use focus_bot::ratings;
use focus_bot::rules::Color;

use super::domain_support::{NOW, game};

const WHITE_WINS: Ending = Ending::Win {
    winner: Color::White,
    reason: EndReason::NoLegalMove,
};

#[test]
fn a_rated_win_between_newcomers_moves_each_rating_by_the_glicko_2_step() {
    let mut g = game(30);
    g.rated = true;
    g.draw_offer_by = Some(Color::Black);
    let ended = end_game(&g, WHITE_WINS, [None, None], NOW).unwrap();
    let row = &ended.game;
    assert_eq!(row.status, GameStatus::Finished);
    assert_eq!(
        (row.result, row.reason),
        (Some(GameResult::White), Some(EndReason::NoLegalMove))
    );
    assert_eq!(
        (row.finished_at, row.deadline, row.draw_offer_by),
        (Some(NOW), None, None)
    );
    let [white, black] = ended.records.unwrap();
    assert_eq!(
        (white.user_id, white.games, white.wins, white.losses),
        (10, 1, 1, 0)
    );
    assert_eq!(
        (black.user_id, black.games, black.wins, black.losses),
        (20, 1, 0, 1)
    );
    // Two newcomers (1500 ± 350): the winner gains about 162 points (Glicko-2, as on lichess).
    let changes = row.ratings.unwrap();
    assert!((changes.change[0] - 162.3).abs() < 0.1, "{changes:?}");
    assert!((changes.change[1] + 162.3).abs() < 0.1, "{changes:?}");
    assert_eq!(changes.after, [white.rating, black.rating]);
    assert_eq!((white.rated_games, white.rated_at), (1, Some(NOW)));
    assert!(white.deviation < 350.0 && black.deviation < 350.0);
    assert_eq!(
        white.provisional_from,
        Some(ratings::provisional_from(&white.rating(), NOW))
    );
}

#[test]
fn an_idle_players_deviation_grows_before_the_game_is_rated() {
    let mut g = game(30);
    g.rated = true;
    let mut idle = Player::new(1, 10);
    (idle.rating, idle.deviation, idle.rated_at) = (1700.0, 60.0, Some(NOW - 400 * 86_400));
    let mut fresh = idle.clone();
    fresh.rated_at = Some(NOW);
    let after_idle = end_game(&g, WHITE_WINS, [Some(idle), None], NOW).unwrap();
    let after_fresh = end_game(&g, WHITE_WINS, [Some(fresh), None], NOW).unwrap();
    // More uncertainty, so a win moves the idle player's rating further.
    let (idle_gain, fresh_gain) = (
        after_idle.game.ratings.unwrap().change[0],
        after_fresh.game.ratings.unwrap().change[0],
    );
    assert!(
        idle_gain > fresh_gain && fresh_gain > 0.0,
        "{idle_gain} {fresh_gain}"
    );
}

#[test]
fn a_draw_counts_for_both_and_a_player_who_left_is_back() {
    let mut white = Player::new(1, 10);
    (white.games, white.wins, white.left_at) = (4, 3, Some(NOW - 10));
    let ending = Ending::Draw {
        reason: EndReason::Agreement,
    };
    let ended = end_game(&game(30), ending, [Some(white), None], NOW).unwrap();
    let [white, black] = ended.records.unwrap();
    assert_eq!(
        (white.games, white.wins, white.draws, white.left_at),
        (5, 3, 1, None)
    );
    assert_eq!(
        (black.games, black.draws, black.last_game_at),
        (1, 1, Some(NOW))
    );
    // Unrated: no rating moves.
    assert_eq!(
        (ended.game.ratings, white.rating, white.rated_games),
        (None, 1500.0, 0)
    );
}

#[test]
fn an_abort_a_bot_game_and_an_unplayed_tournament_game_leave_the_records_alone() {
    let aborted = end_game(&game(1), Ending::Abort, [None, None], NOW).unwrap();
    assert_eq!(aborted.game.status, GameStatus::Aborted);
    assert_eq!(
        (aborted.game.result, aborted.game.reason),
        (None, Some(EndReason::Abort))
    );
    assert_eq!(aborted.records, None);

    let mut bot = game(30);
    bot.rated = true;
    bot.bot = Some(BotSeat {
        color: Color::Black,
        level: 3,
    });
    let ended = end_game(&bot, WHITE_WINS, [None, None], NOW).unwrap();
    assert_eq!((ended.records, ended.game.ratings), (None, None));
    assert_eq!(ended.game.result, Some(GameResult::White));

    let mut forfeit = game(1);
    forfeit.rated = true;
    forfeit.tournament_id = Some(TournamentId(3));
    let ended = end_game(&forfeit, WHITE_WINS, [None, None], NOW).unwrap();
    assert_eq!(
        (ended.game.status, ended.records),
        (GameStatus::Finished, None)
    );
    // Once each side has moved, a tournament game counts.
    forfeit.ply = 2;
    let ended = end_game(&forfeit, WHITE_WINS, [None, None], NOW).unwrap();
    assert_eq!(ended.records.map(|[w, b]| (w.wins, b.losses)), Some((1, 1)));
}

#[test]
fn a_game_over_already_is_refused() {
    let mut g = game(30);
    g.status = GameStatus::Finished;
    assert_eq!(
        end_game(&g, WHITE_WINS, [None, None], NOW),
        Err(GameError::NotActive {
            id: g.id,
            status: GameStatus::Finished
        })
    );
}
