//! The side a board is drawn from (issue 20): a person playing Black against the bot saw the
//! board from White's side. Against the bot the board is drawn from the person's side; between
//! people from White's, for players and spectators alike.

use std::sync::Arc;

use focus_bot::i18n::Lang;
use focus_bot::render::{RenderOptions, render};
use focus_bot::rules::Color;
use focus_bot::service::{Board, ChallengeRequest, GameService, ManualClock, Place, User};
use focus_bot::store::ColorChoice;
use focus_bot::strings::picture::{options, replay_options};

fn bot() -> User {
    User {
        is_bot: true,
        ..User::new(1, "Focus")
    }
}

fn place(channel: u64) -> Place {
    Place {
        guild_id: 1,
        channel_id: channel,
    }
}

async fn service() -> (GameService, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let store = crate::stores::open(dir.path().join("side.db"))
        .await
        .unwrap();
    let service = GameService::new(store, Arc::new(ManualClock::at(1_800_000_000)));
    (service, dir)
}

/// Alice's game against the bot in channel `channel`, Alice playing `color`.
async fn against_bot(service: &GameService, channel: u64, color: ColorChoice) -> Board {
    let request = ChallengeRequest {
        opponent: Some(bot()),
        color,
        ..ChallengeRequest::default()
    };
    service
        .bots
        .challenge_bot(
            place(channel),
            &User::new(2, "alice"),
            &bot(),
            3,
            request,
            None,
        )
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn against_the_bot_the_board_is_drawn_from_the_persons_side() {
    let (service, _dir) = service().await;
    let black = against_bot(&service, 10, ColorChoice::Black).await;
    assert_eq!(black.default_side(), Color::Black);
    let drawn = options(Lang::ENGLISH, &black);
    assert!(drawn.flipped, "Alice has Black: turned around");
    // The picture is the one turned around, not White's.
    let png = service.games.picture(&black, drawn.clone()).await.unwrap();
    let turned = render(
        &black.position,
        &RenderOptions {
            flipped: true,
            ..drawn.clone()
        },
    );
    let whites = render(
        &black.position,
        &RenderOptions {
            flipped: false,
            ..drawn
        },
    );
    assert_eq!(png, turned);
    assert_ne!(png, whites);

    let white = against_bot(&service, 11, ColorChoice::White).await;
    assert_eq!(white.default_side(), Color::White);
    assert!(!options(Lang::ENGLISH, &white).flipped);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn between_people_the_board_is_drawn_from_whites_side() {
    let (service, _dir) = service().await;
    let (alice, bob) = (User::new(2, "alice"), User::new(3, "bob"));
    let view = service
        .challenges
        .challenge(
            place(12),
            &alice,
            ChallengeRequest {
                opponent: Some(bob.clone()),
                color: ColorChoice::Black,
                ..ChallengeRequest::default()
            },
        )
        .await
        .unwrap();
    let board = service
        .challenges
        .accept(view.challenge.id, &bob, Color::White)
        .await
        .unwrap();
    assert_eq!(board.game.black_id, alice.id);
    assert_eq!(board.default_side(), Color::White);
    assert!(!options(Lang::ENGLISH, &board).flipped);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_replay_of_a_game_against_the_bot_is_drawn_from_the_persons_side() {
    let (service, _dir) = service().await;
    let alice = User::new(2, "alice");
    let board = against_bot(&service, 10, ColorChoice::Black).await;
    service
        .games
        .resign(place(10), &alice)
        .await
        .expect("Alice resigns");
    let history = service
        .records
        .history(place(10), alice.id, Some(board.game.id))
        .await
        .unwrap();
    assert!(replay_options(Lang::ENGLISH, &history).flipped);
}
