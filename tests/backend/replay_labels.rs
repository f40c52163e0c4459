//! The animated replay's frame labels (issue 32): each frame after the start shows the move
//! just played, marked on the board, so its corner gives that move's number. The frame of
//! 1…f5-e5 said "move 2", one move late.

use std::sync::Arc;

use focus_bot::i18n::Lang;
use focus_bot::rules::Color;
use focus_bot::service::{ChallengeRequest, GameService, ManualClock, Place, User};
use focus_bot::store::ColorChoice;
use focus_bot::strings::picture::replay_options;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_replay_frame_is_labelled_with_the_move_it_shows() {
    let dir = tempfile::tempdir().unwrap();
    let store = crate::stores::open(dir.path().join("labels.db"))
        .await
        .unwrap();
    let service = GameService::new(store, Arc::new(ManualClock::at(1_800_000_000)));
    let here = Place {
        guild_id: 1,
        channel_id: 20,
    };
    let (alice, bob) = (User::new(2, "alice"), User::new(3, "bob"));
    let request = ChallengeRequest {
        opponent: Some(bob.clone()),
        color: ColorChoice::White,
        ..ChallengeRequest::default()
    };
    let view = service
        .challenges
        .challenge(here, &alice, request)
        .await
        .unwrap();
    let board = service
        .challenges
        .accept(view.challenge.id, &bob, Color::White)
        .await
        .unwrap();
    // 1. c4-d4 f5-e5 2. (White's second move): three plies, four frames.
    let mut pos = board.position;
    for (i, text) in ["c4-d4", "f5-e5", ""].into_iter().enumerate() {
        let mv = match text {
            "" => pos.legal_moves()[0],
            text => text.parse().unwrap(),
        };
        let user = if i % 2 == 0 { &alice } else { &bob };
        service
            .games
            .play(here, user, &mv.to_string())
            .await
            .unwrap();
        pos.play(mv).unwrap();
    }
    let history = service
        .records
        .history(here, alice.id, Some(board.game.id))
        .await
        .unwrap();
    let game = format!("Game {}", board.game.id.0);
    let labels: Vec<Vec<String>> = replay_options(Lang::ENGLISH, &history).corners;
    let expected: Vec<Vec<String>> = ["move 1", "move 1", "move 1", "move 2"]
        .into_iter()
        .map(|m| vec![game.clone(), m.to_owned()])
        .collect();
    assert_eq!(labels, expected, "the start, 1. c4-d4, 1…f5-e5, 2. …");
    // In Russian likewise.
    let ru = replay_options(Lang::of_tag("ru"), &history).corners;
    assert_eq!(ru[2][1], "ход 1");
    assert_eq!(ru[3][1], "ход 2");
}

/// The worked example of the rules note with Black to move first.
const BLACK_FIRST: &str = ".,.,.,./.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,wbw,.,wbwb,b,.,./\
    .,.,.,.,.,.,.,./.,.,.,.,wb,.,.,./.,.,.,.,.,./.,.,.,. b 0 0 13 13";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn from_a_set_up_position_with_black_first_the_labels_count_as_the_record() {
    let dir = tempfile::tempdir().unwrap();
    let store = crate::stores::open(dir.path().join("labels.db"))
        .await
        .unwrap();
    let service = GameService::new(store, Arc::new(ManualClock::at(1_800_000_000)));
    let here = Place {
        guild_id: 1,
        channel_id: 21,
    };
    let (alice, bob) = (User::new(2, "alice"), User::new(3, "bob"));
    let request = ChallengeRequest {
        opponent: Some(bob.clone()),
        color: ColorChoice::White,
        rated: false,
        position: Some(BLACK_FIRST.into()),
        ..ChallengeRequest::default()
    };
    let view = service
        .challenges
        .challenge(here, &alice, request)
        .await
        .unwrap();
    let board = service
        .challenges
        .accept(view.challenge.id, &bob, Color::White)
        .await
        .unwrap();
    // 1… (Black) 2. (White) 2… (Black): three plies.
    let mut pos = board.position;
    for _ in 0..3 {
        let mv = pos.legal_moves()[0];
        let user = if pos.side_to_move() == Color::White {
            &alice
        } else {
            &bob
        };
        service
            .games
            .play(here, user, &mv.to_string())
            .await
            .unwrap();
        pos.play(mv).unwrap();
    }
    let history = service
        .records
        .history(here, alice.id, Some(board.game.id))
        .await
        .unwrap();
    assert!(history.record.starts_with("1... "), "{}", history.record);
    let labels: Vec<String> = replay_options(Lang::ENGLISH, &history)
        .corners
        .into_iter()
        .map(|c| c[1].clone())
        .collect();
    assert_eq!(labels, ["move 1", "move 1", "move 2", "move 2"]);
}
