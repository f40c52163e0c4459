//! A community for the copy's tests (issue 34), built on SQLite through the store's own calls
//! so that every table has rows, and the ways to compare two databases holding it: through the
//! store's reads (either database) and row by row (two SQLite files).

use std::path::Path;

use focus_bot::rules::{Color, Rules};
use focus_bot::store::copy::TABLES;
use focus_bot::store::{
    BoardResult, ColorChoice, Format, GameId, Hint, NewChallenge, NewTournament, Pace, PairingId,
    Store, StoredAnalysis, TimeControl, TournamentId, UserSettings,
};
use rusqlite::types::Value;

pub const T0: i64 = 1_800_000_000;
pub const GUILD: u64 = 900_000_000_000_000_001;
pub const CHANNEL: u64 = 900_000_000_000_000_100;
/// Above `i64::MAX`: the store keeps snowflakes by bit-cast, negative in the database.
pub const ALICE: u64 = 18_000_000_000_000_000_001;
pub const BOB: u64 = 20;
pub const BOT: u64 = 30;
pub const DIRECTOR: u64 = 40;
/// The players of the tournament, after the director.
pub const ENTRANTS: [u64; 4] = [41, 42, 43, 44];

/// What was made, for the comparisons.
pub struct Community {
    /// Every game, in order.
    pub games: Vec<GameId>,
    /// The tournament.
    pub tournament: TournamentId,
    /// Its boards.
    pub boards: Vec<PairingId>,
}

fn challenge(channel: u64, white: u64, black: u64, rated: bool, at: i64) -> NewChallenge {
    NewChallenge {
        guild_id: GUILD,
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
    }
}

/// Plays `n` legal moves in game `id` (the first legal move each time), from `at` a minute
/// apart.
pub fn play(store: &mut Store, id: GameId, n: u32, at: i64) {
    for i in 0..n {
        let loaded = store.load_game(id).unwrap();
        let mover = loaded.game.player(loaded.position.side_to_move());
        let mv = loaded.position.legal_moves()[0];
        store
            .record_move(id, mover, loaded.game.ply, mv, at + 60 * i64::from(i))
            .unwrap();
    }
}

/// Builds the community in `store`: settings, names, challenges open, declined and accepted,
/// a game in play, a finished rated game with its ratings and analysis, a bot game with a
/// hint, a tournament with its round paired and a board's game started, and the outbox with a
/// held notice and a delivered one.
pub fn build(store: &mut Store) -> Community {
    let mut now = T0;
    store
        .set_settings(
            ALICE,
            UserSettings {
                dm_notifications: true,
                locale: None,
            },
        )
        .unwrap();
    store.remember_name(ALICE, "Алиса «Focus»", now).unwrap();
    store.remember_name(BOB, "bob", now).unwrap();
    store.remember_channel_name(CHANNEL, "focus-games").unwrap();
    store.set_server_threads(GUILD, true).unwrap();
    store.set_tournament_role(GUILD, 77).unwrap();

    // An open challenge and a declined one.
    store
        .create_challenge(&challenge(CHANNEL, BOB, ALICE, false, now))
        .unwrap();
    let declined = store
        .create_challenge(&challenge(CHANNEL + 1, ALICE, BOB, false, now))
        .unwrap();
    store.decline_challenge(declined.id, BOB, now + 1).unwrap();

    // A game in play, and a rated game finished by resignation, with its analysis.
    now += 100;
    let c = store
        .create_challenge(&challenge(CHANNEL + 2, ALICE, BOB, true, now))
        .unwrap();
    let in_play = store
        .accept_challenge(c.id, BOB, now + 5, Color::White)
        .unwrap();
    play(store, in_play.id, 7, now + 10);
    let c = store
        .create_challenge(&challenge(CHANNEL + 3, BOB, ALICE, true, now))
        .unwrap();
    let finished = store
        .accept_challenge(c.id, ALICE, now + 5, Color::White)
        .unwrap();
    play(store, finished.id, 4, now + 10);
    let over = store.resign(finished.id, ALICE, now + 900).unwrap();
    assert!(over.ratings.is_some(), "a rated game keeps its ratings");
    let analysis = StoredAnalysis {
        nodes: 20_000,
        assessments: (0..=over.ply).map(|i| format!("c4-d4 cp {i}")).collect(),
    };
    assert!(
        store
            .save_analysis(finished.id, &analysis, now + 950)
            .unwrap()
    );

    // A bot game with a hint.
    now += 1_000;
    let bot_game = store
        .start_bot_game(
            &challenge(CHANNEL + 4, ALICE, BOT, false, now),
            BOT,
            3,
            Color::White,
            None,
        )
        .unwrap();
    let start = store.load_game(bot_game.id).unwrap().position;
    let hint = Hint {
        ply: 0,
        notation: start.legal_moves()[1].to_string(),
    };
    store.record_hint(bot_game.id, &hint, now + 2).unwrap();
    play(store, bot_game.id, 2, now + 3);

    // A tournament: players joined, started, round 1 paired, one board's game started.
    now += 1_000;
    let tournament = store
        .create_tournament(&NewTournament {
            guild_id: GUILD,
            channel_id: CHANNEL,
            director_id: DIRECTOR,
            name: "Зимний кубок".to_owned(),
            format: Format::Swiss,
            rounds: Some(3),
            time_control: TimeControl::Days(2),
            rules: Rules::CLASSIC,
            rated: true,
            starts_at: None,
            max_players: Some(16),
            pace: Pace::Next,
            round_every: None,
            created_at: now,
        })
        .unwrap();
    for (i, user) in ENTRANTS.iter().enumerate() {
        store
            .join_tournament(tournament.id, *user, 1500.0 + i as f64 * 12.5, now + 1)
            .unwrap();
    }
    store
        .start_tournament(tournament.id, Some(DIRECTOR), Color::White, now + 10)
        .unwrap();
    let boards = store
        .pair_round(
            tournament.id,
            1,
            &[
                (ENTRANTS[0], Some(ENTRANTS[1])),
                (ENTRANTS[2], Some(ENTRANTS[3])),
            ],
            false,
            now + 11,
        )
        .unwrap();
    let board_game = store
        .start_board_game(boards[0].id, CHANNEL + 100, now + 12)
        .unwrap();
    play(store, board_game.id, 3, now + 13);
    store
        .adjudicate(
            tournament.id,
            boards[1].id,
            BoardResult::Draw,
            DIRECTOR,
            now + 14,
        )
        .unwrap();

    // The outbox: one notice held for its user, one delivered, the rest pending.
    let pending = store.pending_notices().unwrap();
    assert!(pending.len() >= 3, "{pending:?}");
    store.hold_notice(pending[0].id, ALICE, now + 20).unwrap();
    store.notice_done(pending[1].id, false, now + 21).unwrap();

    Community {
        games: vec![in_play.id, finished.id, bot_game.id, board_game.id],
        tournament: tournament.id,
        boards: boards.iter().map(|b| b.id).collect(),
    }
}

/// Checks that `copy` holds what `original` holds, through the store's reads: every game (its
/// row, replayed position, moves, hints, analysis), the tournament whole (its players in
/// joining order) with its boards and log, the players, the outbox, settings and names.
pub fn assert_same(original: &mut Store, copy: &mut Store, community: &Community) {
    for &id in &community.games {
        assert_eq!(copy.load_game(id).unwrap(), original.load_game(id).unwrap());
        assert_eq!(copy.moves(id).unwrap(), original.moves(id).unwrap());
        assert_eq!(copy.hints(id).unwrap(), original.hints(id).unwrap());
        assert_eq!(copy.analysis(id).unwrap(), original.analysis(id).unwrap());
    }
    let t = community.tournament;
    assert_eq!(
        copy.tournament_whole(t).unwrap(),
        original.tournament_whole(t).unwrap()
    );
    for &board in &community.boards {
        assert_eq!(copy.board(board).unwrap(), original.board(board).unwrap());
    }
    assert_eq!(
        copy.tournament_log(t).unwrap(),
        original.tournament_log(t).unwrap()
    );
    assert_eq!(
        copy.players(GUILD).unwrap(),
        original.players(GUILD).unwrap()
    );
    assert_eq!(
        copy.pending_notices().unwrap(),
        original.pending_notices().unwrap()
    );
    assert_eq!(
        copy.held_notices(ALICE).unwrap(),
        original.held_notices(ALICE).unwrap()
    );
    assert_eq!(
        copy.settings(ALICE).unwrap(),
        original.settings(ALICE).unwrap()
    );
    assert_eq!(copy.name(ALICE).unwrap(), original.name(ALICE).unwrap());
    assert_eq!(
        copy.channel_names().unwrap(),
        original.channel_names().unwrap()
    );
    assert_eq!(
        copy.server_settings(GUILD).unwrap(),
        original.server_settings(GUILD).unwrap()
    );
    assert_eq!(copy.counts().unwrap(), original.counts().unwrap());
}

/// Every row of every table of the SQLite file at `path`, each table in its key's order.
pub fn dump(path: &Path) -> Vec<(&'static str, Vec<Vec<Value>>)> {
    let conn = rusqlite::Connection::open(path).unwrap();
    TABLES
        .iter()
        .map(|&table| {
            let mut stmt = conn
                .prepare(&format!("SELECT * FROM {table} ORDER BY 1, 2"))
                .unwrap();
            let width = stmt.column_count();
            let rows = stmt
                .query_map([], |row| {
                    (0..width)
                        .map(|i| row.get::<_, Value>(i))
                        .collect::<rusqlite::Result<Vec<_>>>()
                })
                .unwrap()
                .map(Result::unwrap)
                .collect();
            (table, rows)
        })
        .collect()
}

/// Each table of `dump` with its number of rows, as a copy reports them.
pub fn counts(dump: &[(&'static str, Vec<Vec<Value>>)]) -> Vec<(&'static str, u64)> {
    dump.iter()
        .map(|(table, rows)| (*table, rows.len() as u64))
        .collect()
}
