//! What any store must do, through the interface alone (issue 33): the service holds its store
//! as `&dyn Storage`, so these checks take one and run the same against every implementation.
//! They run on SQLite and on PostgreSQL (issue 34).

use focus_bot::rules::{Color, Rules};
use focus_bot::store::{
    AsyncStore, ChallengeStatus, ColorChoice, GameStatus, NewChallenge, NoticeKind, Storage, Store,
    StoreError, TimeControl, UserSettings, Via, retry_delay,
};

const T0: i64 = 1_800_000_000;
const GUILD: u64 = 1;
const CHANNEL: u64 = 2;
const WHITE: u64 = 10;
const BLACK: u64 = 20;

/// A rated three-days challenge from White to Black in the test channel, made at `at`.
fn new_challenge(at: i64) -> NewChallenge {
    NewChallenge {
        guild_id: GUILD,
        channel_id: CHANNEL,
        challenger_id: WHITE,
        opponent_id: Some(BLACK),
        rules: Rules::CLASSIC,
        time_control: TimeControl::Days(3),
        color: ColorChoice::White,
        rated: true,
        start_fpn: None,
        created_at: at,
        venue: Default::default(),
    }
}

/// Runs every check on `store`, which must be empty: a challenge made and accepted, a move
/// played and read back, a stale move refused, and a notice through the outbox.
pub async fn conforms(store: &dyn Storage) {
    let game = challenge_accepted(store).await;
    move_played(store, game).await;
    outbox_round_trip(store, game).await;
}

/// A challenge kept, read back, accepted: the game it starts. Black asks for turn DMs first.
async fn challenge_accepted(store: &dyn Storage) -> focus_bot::store::GameId {
    let dm = UserSettings {
        dm_notifications: true,
        ..UserSettings::default()
    };
    let kept = store.settings_after(BLACK, Some(dm)).await.unwrap();
    assert_eq!(kept, dm);
    assert_eq!(store.settings(BLACK).await.unwrap(), dm);
    assert!(!store.settings(WHITE).await.unwrap().dm_notifications);

    let challenge = store.create_challenge(new_challenge(T0)).await.unwrap();
    assert_eq!(challenge.status, ChallengeStatus::Open);
    assert_eq!(store.challenge(challenge.id).await.unwrap(), challenge);
    assert_eq!(
        store.open_challenges(CHANNEL, T0 + 1).await.unwrap(),
        vec![challenge.clone()]
    );

    let (game, wakes) = store
        .accept_challenge(challenge.id, BLACK, T0 + 60, Color::White, None)
        .await
        .unwrap();
    // Days per move: the first move has a deadline, a new due moment for the sweeper.
    assert!(wakes);
    assert_eq!((game.white_id, game.black_id), (WHITE, BLACK));
    assert_eq!((game.status, game.ply), (GameStatus::Active, 0));
    assert!(game.deadline.is_some());
    assert_eq!(
        store.challenge(challenge.id).await.unwrap().status,
        ChallengeStatus::Accepted
    );
    assert_eq!(
        store.game_in_channel(CHANNEL).await.unwrap(),
        Some(game.clone())
    );
    assert!(
        store
            .open_challenges(CHANNEL, T0 + 61)
            .await
            .unwrap()
            .is_empty()
    );
    game.id
}

/// White's first move kept and read back; a move made on the position before it refused,
/// changing nothing.
async fn move_played(store: &dyn Storage, id: focus_bot::store::GameId) {
    let at_ms = (T0 + 120) * 1_000;
    let (played, wakes) = store
        .play(id, WHITE, 0, "c4-d4".parse().unwrap(), at_ms)
        .await
        .unwrap();
    assert!(wakes);
    assert_eq!(played.game.ply, 1);
    assert_eq!(played.mv.to_string(), "c4-d4");

    let game = store.game(id).await.unwrap();
    assert_eq!(game, played.game);
    assert_eq!(game.current_position().unwrap(), played.position);
    let moves = store.moves(id).await.unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!((moves[0].ply, moves[0].notation.as_str()), (1, "c4-d4"));
    assert_eq!(store.last_move(id).await.unwrap().as_ref(), moves.first());
    store
        .remember_name(WHITE, "Alice".into(), T0)
        .await
        .unwrap();
    let (read, names) = store.moves_and_names(id, [WHITE, BLACK]).await.unwrap();
    assert_eq!(read, moves);
    assert_eq!(names, [Some("Alice".to_owned()), None]);

    // Black answers the position before White's move: refused, and the game stays as it was.
    let stale = store
        .play(id, BLACK, 0, "e4-d4".parse().unwrap(), at_ms + 1_000)
        .await;
    assert!(
        matches!(stale, Err(StoreError::PositionChanged { seen: 0, now: 1 })),
        "{stale:?}"
    );
    assert_eq!(store.game(id).await.unwrap(), game);
    assert_eq!(store.moves(id).await.unwrap(), moves);
}

/// Black's turn DM (they asked for DMs): due at once, failed once and due again after the retry
/// delay, then done and gone.
async fn outbox_round_trip(store: &dyn Storage, id: focus_bot::store::GameId) {
    let now = T0 + 121;
    let due = store.due_notices(now, 10).await.unwrap();
    let turn: Vec<_> = due
        .iter()
        .filter(|n| n.kind == NoticeKind::YourTurn)
        .collect();
    assert_eq!(turn.len(), 1, "{due:?}");
    let notice = turn[0].clone();
    assert_eq!(
        (notice.game_id, notice.user_id, notice.ply, notice.via),
        (Some(id), Some(BLACK), Some(1), Via::Dm)
    );
    assert_eq!(notice.attempts, 0);

    store
        .notice_failed(notice.id, "refused".into(), now)
        .await
        .unwrap();
    let not_yet = store.due_notices(now, 10).await.unwrap();
    assert!(not_yet.iter().all(|n| n.id != notice.id), "{not_yet:?}");
    let again = store.due_notices(now + retry_delay(1), 10).await.unwrap();
    let retried = again.iter().find(|n| n.id == notice.id).expect("due again");
    assert_eq!(retried.attempts, 1);

    store.notice_done(notice.id, false, now + 60).await.unwrap();
    let left = store.due_notices(i64::MAX, u32::MAX).await.unwrap();
    assert!(left.iter().all(|n| n.id != notice.id), "{left:?}");
}

#[tokio::test]
async fn sqlite_conforms() {
    let sqlite = AsyncStore::spawn(Store::open_in_memory().unwrap()).unwrap();
    let store: &dyn Storage = &sqlite;
    conforms(store).await;
    store.close().await;
    // Closed: every call fails so, on every handle.
    assert!(matches!(
        store.game(focus_bot::store::GameId(1)).await,
        Err(StoreError::Stopped)
    ));
    assert!(matches!(
        sqlite.clone().call(|s| s.counts()).await,
        Err(StoreError::Stopped)
    ));
}

/// The same checks on PostgreSQL (a fresh database of the test cluster; skipped with a note
/// without one, failed under `FOCUS_REQUIRE_POSTGRES=1`).
#[tokio::test]
async fn postgres_conforms() {
    let Some(db) = crate::postgres::TestDatabase::fresh("conforms").await else {
        return;
    };
    let pg = AsyncStore::open_at(&focus_bot::store::Location::Postgres(db.url().to_owned()))
        .await
        .unwrap();
    conforms(&pg).await;
    pg.close().await;
    assert!(matches!(
        pg.call(|s| s.counts()).await,
        Err(StoreError::Stopped)
    ));
}

/// PostgreSQL going away mid-run: the request answers "try again in a moment" (a sentence for
/// users), writes nothing, and the next request reconnects. The server "goes away" by ending
/// every connection to the database (`pg_terminate_backend`), as a restart or failover would.
#[tokio::test]
async fn postgres_going_away_answers_try_again_and_writes_nothing() {
    let Some(db) = crate::postgres::TestDatabase::fresh("outage").await else {
        return;
    };
    // One connection, so that the next call is sure to meet the ended one.
    let pg = AsyncStore::open_pool(
        &focus_bot::store::Location::Postgres(db.url().to_owned()),
        1,
    )
    .await
    .unwrap();
    let store: &dyn Storage = &pg;
    let first = store.create_challenge(new_challenge(T0)).await.unwrap();

    let admin = crate::postgres::connect(&std::env::var(crate::postgres::URL_VAR).unwrap()).await;
    let ended = admin
        .query(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
             WHERE datname = $1 AND pid <> pg_backend_pid()",
            &[&db.name()],
        )
        .await
        .unwrap();
    assert_eq!(ended.len(), 1, "the store's one connection was ended");

    let refused = store
        .create_challenge(new_challenge(T0 + 1))
        .await
        .unwrap_err();
    assert!(matches!(refused, StoreError::Unavailable), "{refused:?}");
    assert!(refused.for_users());
    assert!(refused.to_string().contains("try again"), "{refused}");

    // The next request reconnects; the refused one left nothing.
    assert_eq!(
        store.open_challenges(CHANNEL, T0 + 2).await.unwrap(),
        vec![first]
    );
    store.close().await;
}
