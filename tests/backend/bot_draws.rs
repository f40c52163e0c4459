//! The bot's draw policy (issue 20): it accepts a draw offer when the position has occurred
//! three times, or when it does not think it stands better; otherwise it declines, and the
//! refusal changes nothing.

use std::sync::Arc;

use focus_bot::rules::{Color, Position};
use focus_bot::service::{
    ChallengeRequest, DrawReport, GameService, ManualClock, Place, ServiceError, User,
    accepts_draw, occurrences,
};
use focus_bot::store::{ColorChoice, EndReason, GameResult, GameStatus};

/// The bot's own user.
fn bot() -> User {
    User {
        is_bot: true,
        ..User::new(1, "Focus")
    }
}

fn alice() -> User {
    User::new(2, "alice")
}

fn place() -> Place {
    Place {
        guild_id: 1,
        channel_id: 10,
    }
}

/// The bot (White) is far ahead: it has captured 17 pieces and has 14 in reserve; Black,
/// to move, has one single on d8. Each side can shuffle a single back and forth.
const BOT_AHEAD: &str = ".,b,.,./.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./\
    .,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,./.,w,.,w b 14 0 17 2";

/// The bot (White) is far behind: two singles and nothing in reserve, against Black's
/// 15 pieces in reserve.
const BOT_BEHIND: &str = ".,b,.,./.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./\
    .,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,./.,w,.,w b 0 15 2 16";

/// A service with Alice (Black) in a game against the bot (White) from `fpn`, Black to move;
/// the bot is never asked to move: the test plays its moves for it.
async fn game_from(fpn: &str) -> (GameService, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let store = crate::stores::open(dir.path().join("draws.db"))
        .await
        .unwrap();
    let service = GameService::new(store, Arc::new(ManualClock::at(1_800_000_000)));
    let request = ChallengeRequest {
        opponent: Some(bot()),
        color: ColorChoice::Black,
        position: Some(fpn.to_owned()),
        ..ChallengeRequest::default()
    };
    service
        .bots
        .challenge_bot(place(), &alice(), &bot(), 3, request, None)
        .await
        .unwrap();
    (service, dir)
}

/// Plays `moves` in turn, Alice's first.
async fn play(service: &GameService, moves: &[&str]) {
    for (i, mv) in moves.iter().enumerate() {
        let who = if i % 2 == 0 { alice() } else { bot() };
        service.games.play(place(), &who, mv).await.unwrap();
    }
}

/// One shuffle: each side's single steps out and back; the position recurs after it.
const SHUFFLE: [&str; 4] = ["d8-d7", "d1-d2", "d7-d8", "d2-d1"];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_declines_while_ahead_and_the_refusal_changes_nothing() {
    let (service, _dir) = game_from(BOT_AHEAD).await;
    play(&service, &SHUFFLE).await;
    let before = service.games.board(place()).await.unwrap().game;
    let moves_before = {
        let id = before.id;
        service.store().moves(id).await.unwrap()
    };
    // The start position has occurred twice: not yet three times, and the bot is ahead.
    let refused = service.games.draw(place(), &alice()).await;
    assert!(
        matches!(refused, Err(ServiceError::BotDeclinesDraw)),
        "{refused:?}"
    );
    let after = service.games.board(place()).await.unwrap().game;
    assert_eq!(after, before, "the refusal changed the game");
    assert_eq!(after.status, GameStatus::Active);
    assert_eq!(after.draw_offer_by, None, "no offer stands");
    let id = after.id;
    let moves_after = service.store().moves(id).await.unwrap();
    assert_eq!(moves_after, moves_before);
    // The game goes on: Alice may move.
    play(&service, &["d8-d7"]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_accepts_once_the_position_occurred_three_times_even_when_ahead() {
    let (service, _dir) = game_from(BOT_AHEAD).await;
    play(&service, &SHUFFLE).await;
    play(&service, &SHUFFLE).await;
    let report = service.games.draw(place(), &alice()).await.unwrap();
    let DrawReport::Agreed(board) = report else {
        panic!("not agreed: {report:?}");
    };
    assert_eq!(board.game.status, GameStatus::Finished);
    assert_eq!(board.game.result, Some(GameResult::Draw));
    assert_eq!(board.game.reason, Some(EndReason::Agreement));
    assert_eq!(board.game.ply, 8);
    // Over: the next offer finds no game in play.
    let again = service.games.draw(place(), &alice()).await;
    assert!(again.is_err(), "{again:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_accepts_when_behind() {
    let (service, _dir) = game_from(BOT_BEHIND).await;
    play(&service, &SHUFFLE[..2]).await;
    let report = service.games.draw(place(), &alice()).await.unwrap();
    let DrawReport::Agreed(board) = report else {
        panic!("not agreed: {report:?}");
    };
    assert_eq!(board.game.result, Some(GameResult::Draw));
    assert_eq!(board.game.reason, Some(EndReason::Agreement));
}

#[test]
fn the_policy_counts_repetitions_whatever_the_ply() {
    let start: Position = BOT_AHEAD.parse().unwrap();
    let mut positions = vec![start];
    let mut pos = start;
    for round in 0..2 {
        for mv in SHUFFLE {
            pos.play_str(mv).unwrap();
            positions.push(pos);
        }
        // The start recurs after each shuffle, at a later ply.
        assert_eq!(occurrences(&positions), round + 2);
        assert_ne!(pos.ply(), start.ply());
    }
    // Ahead, the bot (White) declines until the third occurrence, then accepts.
    assert!(!accepts_draw(&positions[..5], Color::White));
    assert!(accepts_draw(&positions, Color::White));
    // Black, far behind in the same positions, would accept at once.
    assert!(accepts_draw(&positions[..1], Color::Black));
    // A position after one step has occurred once.
    assert_eq!(occurrences(&positions[..2]), 1);
}
