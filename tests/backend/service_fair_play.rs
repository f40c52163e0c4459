//! Fair play in the game service (issue 13): a move that loses at once under the mirror rule
//! is played only once its player confirms it, at the position it was refused in; a move chosen
//! before the opponent's last move was stored is refused. Each refusal changes nothing.

use std::sync::Arc;

use focus_bot::i18n::Lang;
use focus_bot::rules::{Color, Move, Rules};
use focus_bot::service::{
    Board, ChallengeRequest, Clock, GameService, ManualClock, MoveTerms, Place, ServiceError,
    Suggestion, Timestamp, User,
};
use focus_bot::store::{
    AsyncStore, ColorChoice, EndReason, Game, GameId, GameStatus, Store, StoreError, StoredMove,
};
use focus_bot::strings::Localized;

const T0: i64 = 1_700_000_000;
const GUILD: u64 = 77;
const STALE: &str = "the position changed while you were typing: look again";
const OUT_OF_DATE: &str = "this confirmation is out of date: the position changed since it was \
    offered; look at the board and choose your move again";

fn alice() -> User {
    User::new(1_001, "Alice")
}
fn bob() -> User {
    User::new(1_002, "Bob")
}
fn carol() -> User {
    User::new(1_003, "Carol")
}

fn place(channel: u64) -> Place {
    Place {
        guild_id: GUILD,
        channel_id: channel,
    }
}

/// A service on `store` and a manual clock at `T0`.
fn service(store: Store) -> (GameService, ManualClock) {
    let clock = ManualClock::at(T0);
    let store = AsyncStore::spawn(store).unwrap();
    (GameService::new(store, Arc::new(clock.clone())), clock)
}

/// Alice (White) plays Bob (Black) in `at` under `rules`.
async fn start(svc: &GameService, at: Place, rules: Rules) -> Board {
    let request = ChallengeRequest {
        opponent: Some(bob()),
        color: ColorChoice::White,
        rules,
        ..ChallengeRequest::default()
    };
    let view = svc
        .challenges
        .challenge(at, &alice(), request)
        .await
        .unwrap();
    svc.challenges
        .accept(view.challenge.id, &bob(), Color::Black)
        .await
        .unwrap()
}

/// The game row and its moves: what a refusal must leave as it was.
async fn snapshot(svc: &GameService, id: GameId) -> (Game, Vec<StoredMove>) {
    let store = svc.store();
    (
        store.game(id).await.unwrap(),
        store.moves(id).await.unwrap(),
    )
}

/// Terms of a move seen at `ms` (unix milliseconds).
fn seen_at(ms: i64) -> MoveTerms {
    MoveTerms {
        seen_at: Some(Timestamp::from_unix_ms(ms)),
        mirror_loss_confirmed: false,
    }
}

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

#[tokio::test]
async fn a_move_chosen_before_the_opponents_last_move_was_stored_is_refused() {
    let (svc, clock) = service(crate::stores::memory().unwrap());
    let here = place(1);
    let board = start(&svc, here, Rules::CLASSIC).await;
    let id = board.game.id;
    let t1 = clock.now_ms();
    svc.games.play(here, &alice(), "c4-d4").await.unwrap();
    let last = svc.store().last_move(id).await.unwrap();
    assert_eq!(last.map(|m| (m.ply, m.stored_at_ms)), Some((1, Some(t1))));
    clock.advance_ms(250);

    // Bob chose his move a millisecond before Alice's was stored: refused, nothing changes.
    let before = snapshot(&svc, id).await;
    let err = svc
        .games
        .play_with(here, &bob(), "e4-e3", seen_at(t1 - 1))
        .await
        .unwrap_err();
    assert!(matches!(err, ServiceError::StaleInteraction), "{err:?}");
    assert!(err.for_users());
    assert_eq!(err.to_string(), STALE);
    assert_eq!(
        err.localized(Lang::of_tag("ru")).words(),
        "позиция изменилась, пока вы набирали ход: посмотрите ещё раз"
    );
    assert_eq!(snapshot(&svc, id).await, before);

    // Chosen the millisecond it was stored (or later), it is played, stored at the clock's
    // millisecond.
    let t2 = clock.now_ms();
    svc.games
        .play_with(here, &bob(), "e4-e3", seen_at(t1))
        .await
        .unwrap();
    let moves = snapshot(&svc, id).await.1;
    assert_eq!(
        moves
            .iter()
            .map(|m| (m.notation.as_str(), m.played_at, m.stored_at_ms))
            .collect::<Vec<_>>(),
        [("c4-d4", T0, Some(t1)), ("e4-e3", T0, Some(t2))]
    );
    assert_eq!(t2, t1 + 250);

    // A player's own move is no reason. Bob takes his back (Alice agrees): Alice's move is
    // the last again, and Bob's next move, chosen after hers but before his own taken-back
    // one was stored, is played.
    clock.advance_ms(250);
    svc.games.request_takeback(here, &bob()).await.unwrap();
    svc.games
        .answer_takeback(id, 2, &alice(), true)
        .await
        .unwrap();
    svc.games
        .play_with(here, &bob(), "f5-f4", seen_at(t1 + 100))
        .await
        .unwrap();
    // Nothing known of when the player saw the position: nothing refused.
    svc.games
        .play_with(here, &alice(), "d4-d6", MoveTerms::default())
        .await
        .unwrap();
    assert_eq!(snapshot(&svc, id).await.0.ply, 3);
}

#[tokio::test]
async fn moves_stored_before_their_time_was_kept_refuse_nothing() {
    if crate::stores::sqlite_only("moves_stored_before_their_time_was_kept_refuse_nothing") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("focus.db");
    let (svc, clock) = service(crate::stores::file(&path).unwrap());
    let here = place(2);
    let id = start(&svc, here, Rules::CLASSIC).await.game.id;
    svc.games.play(here, &alice(), "c4-d4").await.unwrap();
    // As a move stored by a bot before schema version 8.
    rusqlite::Connection::open(&path)
        .unwrap()
        .execute("UPDATE moves SET stored_at_ms = NULL", [])
        .unwrap();
    let last = svc.store().last_move(id).await.unwrap();
    assert_eq!(last.and_then(|m| m.stored_at_ms), None);
    let report = svc
        .games
        .play_with(here, &bob(), "e4-e3", seen_at(clock.now_ms() - 60_000))
        .await
        .unwrap();
    assert_eq!(report.board.game.ply, 2);
}

#[tokio::test]
async fn a_mirror_rule_loss_is_played_only_when_its_player_confirms_it_there() {
    let (svc, _clock) = service(crate::stores::memory().unwrap());
    let here = place(3);
    let id = start(&svc, here, Rules::MIRROR).await.game.id;
    // Out of turn, the store's refusal comes first: it is not Bob's move yet.
    let err = svc.games.play(here, &bob(), "f5-e5").await.unwrap_err();
    assert!(
        matches!(err, ServiceError::Store(StoreError::NotYourTurn { .. })),
        "{err:?}"
    );
    svc.games.play(here, &alice(), "c4-d4").await.unwrap();

    // Only the copy of White's move is marked.
    let suggested = svc.games.suggestions(here, bob().id, "f5").await;
    let marked: Vec<Move> = suggested
        .iter()
        .filter(|s| s.loses_by_mirror)
        .map(|s| s.mv)
        .collect();
    assert_eq!(marked, [mv("f5-e5")]);
    assert_eq!(suggested.len(), 5);
    assert_eq!(
        svc.games.suggest_moves(here, bob().id, "f5").await,
        suggested
            .iter()
            .map(|s: &Suggestion| s.mv.to_string())
            .collect::<Vec<_>>()
    );

    // Typed, it is refused with what a confirmation needs.
    let before = snapshot(&svc, id).await;
    let err = svc.games.play(here, &bob(), "f5-e5").await.unwrap_err();
    let ServiceError::MirrorLoss {
        game,
        ply,
        mv: refused,
    } = err
    else {
        panic!("{err:?}");
    };
    assert_eq!((game, ply, refused), (id, 1, mv("f5-e5")));
    assert_eq!(
        err.to_string(),
        "f5-e5 loses at once under the mirror rule: it leaves the position mirror-symmetric \
         (turned 180° with colours exchanged); confirm to play it anyway, or choose another move"
    );
    assert_eq!(snapshot(&svc, id).await, before);

    // Confirmations that do not fit: someone else's, another ply, a move that does not lose.
    for who in [alice(), carol()] {
        let err = svc
            .games
            .play_anyway(id, 1, &who, mv("f5-e5"))
            .await
            .unwrap_err();
        assert!(
            matches!(err, ServiceError::NotYourConfirmation(p) if p == bob().id),
            "{err:?}"
        );
        assert_eq!(err.to_string(), "only @1002 can confirm this move");
    }
    for (ply, text) in [(0, "f5-e5"), (2, "f5-e5"), (1, "f5-f6"), (1, "f5-c5")] {
        let err = svc
            .games
            .play_anyway(id, ply, &bob(), mv(text))
            .await
            .unwrap_err();
        assert!(matches!(err, ServiceError::StaleConfirmation), "{err:?}");
        assert_eq!(err.to_string(), OUT_OF_DATE);
    }
    assert_eq!(snapshot(&svc, id).await, before);

    // Bob's confirmation: played, and Black loses by the mirror rule.
    let report = svc
        .games
        .play_anyway(id, 1, &bob(), mv("f5-e5"))
        .await
        .unwrap();
    assert_eq!(report.mover, Color::Black);
    let game = report.board.game;
    assert_eq!(
        (game.ply, game.status, game.reason),
        (2, GameStatus::Finished, Some(EndReason::MirrorRule))
    );
    let err = svc
        .games
        .play_anyway(id, 1, &bob(), mv("f5-e5"))
        .await
        .unwrap_err();
    assert!(
        matches!(
            err,
            ServiceError::Store(StoreError::GameNotActive {
                status: GameStatus::Finished,
                ..
            })
        ),
        "{err:?}"
    );
}

#[tokio::test]
async fn a_confirmed_move_plays_at_once_and_other_rules_ask_nothing() {
    let (svc, _clock) = service(crate::stores::memory().unwrap());
    let confirmed = MoveTerms {
        seen_at: None,
        mirror_loss_confirmed: true,
    };
    let here = place(4);
    start(&svc, here, Rules::MIRROR).await;
    svc.games.play(here, &alice(), "c4-d4").await.unwrap();
    let report = svc
        .games
        .play_with(here, &bob(), "f5-e5", confirmed)
        .await
        .unwrap();
    assert_eq!(report.board.game.reason, Some(EndReason::MirrorRule));
    // Without the mirror rule the copy is an ordinary move.
    let here = place(5);
    start(&svc, here, Rules::CLASSIC).await;
    svc.games.play(here, &alice(), "c4-d4").await.unwrap();
    assert!(
        svc.games
            .suggestions(here, bob().id, "f5")
            .await
            .iter()
            .all(|s| !s.loses_by_mirror)
    );
    let report = svc.games.play(here, &bob(), "f5-e5").await.unwrap();
    assert_eq!(report.board.game.status, GameStatus::Active);
}
