//! The tournament lifecycle as pure decisions (`focus_bot::domain::lifecycle`): an event and a
//! request in, the event after and its effects out, without a database.

use focus_bot::domain::lifecycle::{self, Effect, Redraw};
use focus_bot::domain::{
    BoardResult, EndReason, EntrantStatus, Format, GameId, GameResult, GameStatus, NewNotice,
    NoticeKind, TournamentError, TournamentId, TournamentStatus, Via,
};
use focus_bot::rules::Color;

use super::domain_support::{NOW, board, entrant, event, game, tournament};

pub(super) const ID: TournamentId = TournamentId(3);

pub(super) fn log(user: Option<u64>, action: &str, detail: &str) -> Effect {
    Effect::Log {
        user,
        action: action.into(),
        detail: detail.into(),
    }
}

pub(super) fn channel(kind: NoticeKind, round: Option<u32>, due: i64) -> Effect {
    Effect::Notice {
        notice: NewNotice {
            kind,
            tournament_id: Some(ID),
            ply: round,
            via: Via::Channel,
            ..NewNotice::default()
        },
        due,
    }
}

/// A running Swiss of five rounds with players 1 to 4, `round` paired, its boards' results
/// `results` (1–2 on board 1, 3–4 on board 2).
pub(super) fn running(round: u32, results: [Option<BoardResult>; 2]) -> lifecycle::Event {
    let mut t = tournament();
    t.status = TournamentStatus::Running;
    t.current_round = round;
    t.started_at = Some(NOW - 10 * 86_400);
    let mut ev = event(t, &[1, 2, 3, 4]);
    for (i, e) in ev.entrants.iter_mut().enumerate() {
        e.number = Some(i as u32 + 1);
    }
    ev.boards = vec![
        board(1, round, 1, Some(2), results[0]),
        board(2, round, 3, Some(4), results[1]),
    ];
    ev.boards[0].game_id = Some(GameId(71));
    ev.boards[1].game_id = Some(GameId(72));
    ev
}

/// Game 72 (board 2: 3 White, 4 Black) ended at `ply` with `result` for `reason`.
pub(super) fn ended(ply: u32, result: GameResult, reason: EndReason) -> focus_bot::domain::Game {
    let mut g = game(ply);
    g.id = GameId(72);
    (g.white_id, g.black_id) = (3, 4);
    g.tournament_id = Some(ID);
    g.status = GameStatus::Finished;
    g.result = Some(result);
    g.reason = Some(reason);
    g
}

#[test]
fn joining_an_open_event_logs_and_redraws_unless_the_click_redraws() {
    let mut ev = event(tournament(), &[1]);
    let effects = lifecycle::join(&mut ev, 2, 1620.0, NOW, Redraw::Queue).unwrap();
    assert_eq!(effects, [log(Some(2), "join", ""), Effect::Announce]);
    let joined = ev.entrants.last().unwrap();
    assert_eq!(
        (joined.user_id, joined.number, joined.first_round),
        (2, None, 1)
    );
    assert_eq!((joined.rating, joined.joined_at), (1620.0, NOW));
    let effects = lifecycle::join(&mut ev, 3, 1500.0, NOW, Redraw::ByCaller).unwrap();
    assert_eq!(effects, [log(Some(3), "join", "")]);
    assert_eq!(
        lifecycle::join(&mut ev, 3, 1500.0, NOW, Redraw::Queue),
        Err(TournamentError::AlreadyJoined(ID))
    );
    assert_eq!(ev.entrants.len(), 3);
}

#[test]
fn a_full_event_takes_nobody_more() {
    let mut t = tournament();
    t.max_players = Some(2);
    let mut ev = event(t, &[1, 2]);
    assert_eq!(
        lifecycle::join(&mut ev, 3, 1500.0, NOW, Redraw::Queue),
        Err(TournamentError::Full(ID))
    );
    assert_eq!(ev.entrants.len(), 2);
}

#[test]
fn a_running_swiss_takes_late_joiners_until_half_its_rounds_have_begun() {
    let mut ev = running(2, [None, None]);
    assert_eq!(lifecycle::joins_from(&ev.tournament), Some(3));
    lifecycle::join(&mut ev, 5, 1500.0, NOW, Redraw::Queue).unwrap();
    let late = ev.entrants.last().unwrap();
    assert_eq!((late.number, late.first_round), (Some(5), 3));

    // Exactly half of four rounds begun: still open.
    let mut half = running(2, [None, None]);
    half.tournament.rounds = Some(4);
    assert_eq!(lifecycle::joins_from(&half.tournament), Some(3));

    // Round 3 of 5 has begun: more than half.
    let mut ev = running(3, [None, None]);
    assert_eq!(lifecycle::joins_from(&ev.tournament), None);
    assert_eq!(
        lifecycle::join(&mut ev, 5, 1500.0, NOW, Redraw::Queue),
        Err(TournamentError::JoinClosed(ID))
    );
    // A round-robin takes nobody once it runs.
    let mut ev = running(1, [None, None]);
    ev.tournament.format = Format::RoundRobin;
    assert_eq!(lifecycle::joins_from(&ev.tournament), None);
}

#[test]
fn the_start_seeds_by_rating_then_joining_order_and_queues_round_one() {
    let mut ev = event(tournament(), &[]);
    ev.tournament.rounds = None;
    ev.entrants = vec![
        entrant(1, 1500.0),
        entrant(2, 1700.0),
        entrant(3, 1500.0),
        entrant(4, 1800.0),
        entrant(5, 1200.0),
    ];
    let effects = lifecycle::start(&mut ev, Some(99), Color::Black, NOW).unwrap();
    let seeds: Vec<(u64, Option<u32>)> =
        ev.entrants.iter().map(|e| (e.user_id, e.number)).collect();
    assert_eq!(
        seeds,
        [
            (4, Some(1)),
            (2, Some(2)),
            (1, Some(3)),
            (3, Some(4)),
            (5, Some(5))
        ]
    );
    let t = &ev.tournament;
    assert_eq!(t.status, TournamentStatus::Running);
    // Five players: ⌈log₂ 5⌉ + 1 = 4 rounds.
    assert_eq!((t.rounds, t.started_at), (Some(4), Some(NOW)));
    assert_eq!(t.initial_colour, Some(Color::Black));
    assert_eq!(
        effects,
        [
            log(Some(99), "start", "5"),
            Effect::Announce,
            channel(NoticeKind::TournamentRound, None, NOW),
        ]
    );
    assert_eq!(
        lifecycle::start(&mut ev, Some(99), Color::Black, NOW),
        Err(TournamentError::AlreadyStarted(ID))
    );
}

#[test]
fn too_few_or_too_many_players_do_not_start() {
    let mut ev = event(tournament(), &[1, 2, 3]);
    let before = ev.clone();
    assert_eq!(
        lifecycle::start(&mut ev, None, Color::White, NOW),
        Err(TournamentError::TooFewPlayers { id: ID, needed: 4 })
    );
    assert_eq!(ev, before);
    let players: Vec<u64> = (1..=21).collect();
    let mut ev = event(tournament(), &players);
    ev.tournament.format = Format::RoundRobin;
    assert_eq!(
        lifecycle::start(&mut ev, None, Color::White, NOW),
        Err(TournamentError::TooManyPlayers { max: 20 })
    );
    let mut ev = event(tournament(), &players[..20]);
    ev.tournament.format = Format::RoundRobin;
    lifecycle::start(&mut ev, None, Color::White, NOW).unwrap();
    assert_eq!(ev.tournament.rounds, Some(19));
}

#[test]
fn who_is_told_they_left_and_who_that_they_never_joined() {
    let mut ev = running(2, [None, None]);
    let left = [8];
    assert_eq!(
        lifecycle::withdraw(
            &mut ev,
            8,
            EntrantStatus::Withdrawn,
            8,
            &left,
            Redraw::Queue
        ),
        Err(TournamentError::YouLeft(ID))
    );
    assert_eq!(
        lifecycle::withdraw(
            &mut ev,
            9,
            EntrantStatus::Withdrawn,
            9,
            &left,
            Redraw::Queue
        ),
        Err(TournamentError::YouNeverJoined(ID))
    );
    assert_eq!(
        lifecycle::withdraw(&mut ev, 9, EntrantStatus::Removed, 99, &left, Redraw::Queue),
        Err(TournamentError::NotJoined(ID))
    );
    let effects =
        lifecycle::withdraw(&mut ev, 2, EntrantStatus::Removed, 99, &left, Redraw::Queue).unwrap();
    assert_eq!(effects, [log(Some(99), "removed", "2"), Effect::Announce]);
    let two = ev.entrants.iter().find(|e| e.user_id == 2).unwrap();
    assert_eq!(
        (two.status, two.left_after),
        (EntrantStatus::Removed, Some(2))
    );
}

#[test]
fn a_swiss_gets_log2_plus_one_rounds_and_a_round_robin_its_table() {
    let swiss: Vec<u32> = [4, 5, 8, 9, 16, 17, 100, 1000]
        .iter()
        .map(|&n| lifecycle::default_rounds(Format::Swiss, n))
        .collect();
    assert_eq!(swiss, [3, 4, 4, 5, 5, 6, 8, 11]);
    assert_eq!(lifecycle::default_rounds(Format::RoundRobin, 5), 5);
    assert_eq!(lifecycle::default_rounds(Format::RoundRobin, 6), 5);
    assert_eq!(lifecycle::default_rounds(Format::DoubleRoundRobin, 3), 6);
}
