//! Games against the bot through the game service (issue 15): its answers, and what it refuses.

use std::sync::Arc;
use std::time::Duration;

use focus_bot::service::{ChallengeRequest, GameService, ManualClock, Place, ServiceError, User};
use focus_bot::store::{ColorChoice, GameId, StoreError};

const GUILD: u64 = 1;

fn bot() -> User {
    User {
        is_bot: true,
        ..User::new(1, "Focus")
    }
}

async fn service() -> (GameService, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let store = crate::stores::open(dir.path().join("bots.db"))
        .await
        .unwrap();
    let service = GameService::new(store, Arc::new(ManualClock::at(1_800_000_000)));
    (service, dir)
}

fn place(channel: u64) -> Place {
    Place {
        guild_id: GUILD,
        channel_id: channel,
    }
}

fn request(color: ColorChoice) -> ChallengeRequest {
    ChallengeRequest {
        opponent: Some(bot()),
        color,
        ..ChallengeRequest::default()
    }
}

/// Waits (at most a minute: a loaded 2-core machine) until game `id` has more than `ply` moves;
/// its ply then.
async fn moved_past(service: &GameService, id: GameId, ply: u32) -> u32 {
    let wait = async {
        loop {
            let game = service.store().game(id).await.unwrap();
            if game.ply > ply {
                return game.ply;
            }
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
    };
    tokio::time::timeout(Duration::from_secs(60), wait)
        .await
        .unwrap_or_else(|_| panic!("the bot did not answer ply {ply} of game {}", id.0))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_answers_a_move_made_the_moment_its_own_is_stored() {
    let (service, _dir) = service().await;
    let alice = User::new(2, "alice");
    let mut board = service
        .bots
        .challenge_bot(
            place(10),
            &alice,
            &bot(),
            1,
            request(ColorChoice::White),
            None,
        )
        .await
        .unwrap();
    // Alice replies as soon as the bot's move is in the store, before its search is done
    // with: the bot must still take the next ply.
    for _ in 0..30 {
        let mv = board.position.legal_moves()[0].to_string();
        let report = service.games.play(place(10), &alice, &mv).await.unwrap();
        if report.board.to_move().is_none() {
            return;
        }
        service.bots.bot_to_move(&report.board.game);
        moved_past(&service, report.board.game.id, report.board.game.ply).await;
        board = service.games.board(place(10)).await.unwrap();
        if board.to_move().is_none() {
            return;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn what_the_bot_refuses() {
    let (service, _dir) = service().await;
    let alice = User::new(2, "alice");
    let bob = User::new(3, "bob");
    for level in [0, 9, -1, 300] {
        let refused = service
            .bots
            .challenge_bot(
                place(10),
                &alice,
                &bot(),
                level,
                request(ColorChoice::White),
                None,
            )
            .await;
        assert!(
            matches!(refused, Err(ServiceError::BotLevel(l)) if l == level),
            "{refused:?}"
        );
    }
    // A bot cannot challenge it.
    let robo = User {
        is_bot: true,
        ..User::new(4, "robo")
    };
    let refused = service
        .bots
        .challenge_bot(
            place(10),
            &robo,
            &bot(),
            3,
            request(ColorChoice::White),
            None,
        )
        .await;
    assert!(
        matches!(refused, Err(ServiceError::ChallengeBot)),
        "{refused:?}"
    );
    assert!(
        service.games.board(place(10)).await.is_err(),
        "nothing was started"
    );

    let board = service
        .bots
        .challenge_bot(
            place(10),
            &alice,
            &bot(),
            3,
            request(ColorChoice::Black),
            None,
        )
        .await
        .unwrap();
    assert!(!board.game.rated, "never rated");
    // The bot has White: not Alice's turn for a hint.
    let early = service.bots.hint(place(10), &alice).await;
    assert!(
        matches!(
            early,
            Err(ServiceError::Store(StoreError::NotYourTurn { .. }))
        ),
        "{early:?}"
    );
    service.bots.bot_to_move(&board.game);
    moved_past(&service, board.game.id, 0).await;
    // No takebacks against the bot (its draw policy: tests/bot_draws.rs).
    let takeback = service.games.request_takeback(place(10), &alice).await;
    assert!(
        matches!(takeback, Err(ServiceError::BotPlaysOn)),
        "{takeback:?}"
    );
    // Someone else asks for a hint in Alice's game.
    let bob_hint = service.bots.hint(place(10), &bob).await;
    assert!(
        matches!(bob_hint, Err(ServiceError::NotAPlayer)),
        "{bob_hint:?}"
    );
    // The channel is busy with this game.
    let busy = service
        .bots
        .challenge_bot(
            place(10),
            &bob,
            &bot(),
            3,
            request(ColorChoice::White),
            None,
        )
        .await;
    assert!(matches!(busy, Err(ServiceError::ChannelBusy)), "{busy:?}");
    // Hints between people are refused.
    let view = service
        .challenges
        .challenge(
            place(11),
            &alice,
            ChallengeRequest {
                opponent: Some(bob.clone()),
                color: ColorChoice::White,
                ..ChallengeRequest::default()
            },
        )
        .await
        .unwrap();
    service
        .challenges
        .accept(view.challenge.id, &bob, focus_bot::rules::Color::White)
        .await
        .unwrap();
    let between = service.bots.hint(place(11), &alice).await;
    assert!(
        matches!(between, Err(ServiceError::HintBetweenPeople)),
        "{between:?}"
    );
}
