//! A thread per game in the store (issue 12): games stored with their thread and its parent
//! channel, the games a channel started, a game moved back to its channel, the server's thread
//! setting and `/focus watch`'s pages, each query on an index.

use focus_bot::rules::{Color, Rules};
use focus_bot::store::{
    ColorChoice, GameId, NewChallenge, Store, StoreError, TimeControl, WATCH_PAGE_SIZE,
};
use rusqlite::Connection;

const T0: i64 = 1_700_000_000;
const GUILD: u64 = 1_000_000_000_000_000_001;
const GENERAL: u64 = 77;
const ALICE: u64 = 111;
const BOB: u64 = 222;
const CAROL: u64 = 333;

fn challenge(channel: u64, challenger: u64, opponent: u64, at: i64) -> NewChallenge {
    NewChallenge {
        guild_id: GUILD,
        channel_id: channel,
        challenger_id: challenger,
        opponent_id: Some(opponent),
        rules: Rules::CLASSIC,
        time_control: TimeControl::Days(3),
        color: ColorChoice::White,
        rated: true,
        start_fpn: None,
        created_at: at,
        venue: Default::default(),
    }
}

/// A game of `white` against `black` challenged in `channel` at `at`, played in `thread` (or
/// in the channel itself).
fn game(store: &mut Store, white: u64, black: u64, thread: Option<u64>, at: i64) -> GameId {
    let c = store
        .create_challenge(&challenge(GENERAL, white, black, at))
        .unwrap();
    store
        .accept_challenge_in(c.id, black, at, Color::White, thread)
        .unwrap()
        .id
}

#[test]
fn a_channel_holds_any_number_of_thread_games_beside_its_own() {
    let mut store = crate::stores::memory().unwrap();
    let own = game(&mut store, ALICE, BOB, None, T0);
    let one = game(&mut store, ALICE, BOB, Some(1001), T0 + 1);
    let two = game(&mut store, ALICE, CAROL, Some(1002), T0 + 2);
    let three = game(&mut store, CAROL, BOB, Some(1003), T0 + 3);

    let g = store.game(own).unwrap();
    assert_eq!((g.channel_id, g.parent_channel_id), (GENERAL, None));
    let g = store.game(two).unwrap();
    assert_eq!((g.channel_id, g.parent_channel_id), (1002, Some(GENERAL)));
    assert_eq!(store.game_in_channel(GENERAL).unwrap().unwrap().id, own);
    assert_eq!(store.game_in_channel(1003).unwrap().unwrap().id, three);

    let ids = |games: Vec<focus_bot::store::Game>| games.iter().map(|g| g.id).collect::<Vec<_>>();
    assert_eq!(
        ids(store.games_started_in(GENERAL, ALICE).unwrap()),
        [one, two]
    );
    assert_eq!(
        ids(store.games_started_in(GENERAL, BOB).unwrap()),
        [one, three]
    );
    assert_eq!(ids(store.games_started_in(GENERAL, 999).unwrap()), []);
    assert_eq!(ids(store.games_started_in(1001, ALICE).unwrap()), []);
    // A finished game is no longer found.
    store.resign(one, BOB, T0 + 10).unwrap();
    assert_eq!(ids(store.games_started_in(GENERAL, BOB).unwrap()), [three]);
}

#[test]
fn a_game_whose_thread_cannot_be_made_moves_to_its_channel_if_free() {
    let mut store = crate::stores::memory().unwrap();
    let first = game(&mut store, ALICE, BOB, Some(1001), T0);
    let moved = store.play_in_parent(first).unwrap();
    assert_eq!((moved.channel_id, moved.parent_channel_id), (GENERAL, None));
    assert_eq!(store.game_in_channel(GENERAL).unwrap().unwrap().id, first);
    // The channel now has a game of its own: another cannot move there, and stays put.
    let second = game(&mut store, ALICE, CAROL, Some(1002), T0 + 1);
    assert!(matches!(
        store.play_in_parent(second),
        Err(StoreError::ChannelBusy)
    ));
    let g = store.game(second).unwrap();
    assert_eq!((g.channel_id, g.parent_channel_id), (1002, Some(GENERAL)));
    // A game already in its channel is left as it is.
    assert_eq!(store.play_in_parent(first).unwrap(), moved);
    assert!(matches!(
        store.play_in_parent(GameId(99)),
        Err(StoreError::NoSuchGame(GameId(99)))
    ));
}

#[test]
fn threads_are_on_until_a_manager_turns_them_off() {
    let mut store = crate::stores::memory().unwrap();
    assert!(store.server_settings(GUILD).unwrap().threads());
    store.set_server_threads(GUILD, false).unwrap();
    let settings = store.server_settings(GUILD).unwrap();
    assert!(!settings.threads());
    assert_eq!(settings.threads_set, Some(false));
    // The language setting lives beside it, untouched.
    assert_eq!(settings.language, None);
    store.set_server_threads(GUILD, true).unwrap();
    assert!(store.server_settings(GUILD).unwrap().threads());
    assert!(store.server_settings(GUILD + 1).unwrap().threads());
}

#[test]
fn watch_pages_list_the_servers_games_most_recently_moved_first() {
    let mut store = crate::stores::memory().unwrap();
    let empty = store.watch_page(GUILD, 1).unwrap();
    assert_eq!((empty.page, empty.pages, empty.total), (1, 1, 0));
    assert!(empty.games.is_empty());

    let games: Vec<GameId> = (0..23)
        .map(|i| game(&mut store, ALICE, BOB, Some(2000 + i), T0 + i as i64))
        .collect();
    // Another server's game is not shown; neither is a finished one.
    let c = store
        .create_challenge(&NewChallenge {
            guild_id: GUILD + 1,
            ..challenge(5, ALICE, BOB, T0)
        })
        .unwrap();
    store.accept_challenge(c.id, BOB, T0, Color::White).unwrap();
    store.resign(games[22], BOB, T0 + 100).unwrap();
    // The first game moves last: it comes first.
    store
        .record_move(games[0], ALICE, 0, "c4-d4".parse().unwrap(), T0 + 200)
        .unwrap();

    let first = store.watch_page(GUILD, 1).unwrap();
    assert_eq!((first.page, first.pages, first.total), (1, 3, 22));
    let ids: Vec<i64> = first.games.iter().map(|g| g.id.0).collect();
    assert_eq!(ids, [1, 22, 21, 20, 19, 18, 17, 16, 15, 14]);
    assert_eq!(first.games.len(), WATCH_PAGE_SIZE as usize);
    let last = store.watch_page(GUILD, 3).unwrap();
    let ids: Vec<i64> = last.games.iter().map(|g| g.id.0).collect();
    assert_eq!(ids, [3, 2]);
    // Past the end shows the last page; 0 the first.
    assert_eq!(store.watch_page(GUILD, 99).unwrap(), last);
    assert_eq!(store.watch_page(GUILD, 0).unwrap(), first);
}

#[test]
fn the_thread_queries_use_indexes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("focus.db");
    drop(Store::open(&path).unwrap());
    let conn = Connection::open(&path).unwrap();
    let plan = |sql: &str| -> String {
        let mut stmt = conn.prepare(&format!("EXPLAIN QUERY PLAN {sql}")).unwrap();
        let rows = stmt
            .query_map([], |r| r.get::<_, String>(3))
            .unwrap()
            .map(Result::unwrap)
            .collect::<Vec<_>>();
        rows.join("; ")
    };
    let started = plan(
        "SELECT id FROM games WHERE status = 'active' AND parent_channel_id = 1 \
         AND (white_id = 2 OR black_id = 2) ORDER BY id",
    );
    assert!(
        started.contains("INDEX games_by_parent (parent_channel_id=?)"),
        "{started}"
    );
    let watch = plan(
        "SELECT id FROM games WHERE status = 'active' AND guild_id = 1 \
         ORDER BY last_move_at DESC, id DESC LIMIT 10 OFFSET 0",
    );
    assert!(watch.contains("INDEX games_watch (guild_id=?)"), "{watch}");
    assert!(!watch.contains("TEMP B-TREE"), "no sort: {watch}");
}
