//! The tournament lifecycle's rounds as pure decisions (`focus_bot::domain::lifecycle`): the
//! pairing of a round, each result, the round's end and the event's, adjudications and the
//! director's controls, without a database.

use focus_bot::domain::lifecycle::{self, Effect, UNSAVED};
use focus_bot::domain::{
    BoardResult, EndReason, Ending, EntrantStatus, Format, GameId, GameResult, GameStatus,
    NewNotice, NoticeKind, Pace, PairingId, TournamentError, TournamentStatus, Via,
};
use focus_bot::rules::Color;

use super::domain_lifecycle::{ID, channel, ended, log, running};
use super::domain_support::{NOW, entrant};

#[test]
fn a_round_is_paired_with_its_games_its_bye_and_its_forfeits() {
    let mut ev = running(1, [Some(BoardResult::White), Some(BoardResult::Draw)]);
    ev.entrants.push(entrant(5, 1500.0));
    ev.entrants[3].status = EntrantStatus::Withdrawn; // player 4
    let effects = lifecycle::pair_round(
        &mut ev,
        2,
        &[(1, Some(3)), (2, Some(4)), (5, None)],
        false,
        NOW,
    )
    .unwrap();
    let round: Vec<_> = ev.boards[2..]
        .iter()
        .map(|b| (b.id, b.round, b.board, b.white_id, b.black_id, b.result))
        .collect();
    assert_eq!(
        round,
        [
            (UNSAVED, 2, 1, 1, Some(3), None),
            (UNSAVED, 2, 2, 2, Some(4), Some(BoardResult::WhiteForfeit)),
            (UNSAVED, 2, 3, 5, None, Some(BoardResult::Bye)),
        ]
    );
    assert_eq!(ev.tournament.current_round, 2);
    assert_eq!(
        effects,
        [
            Effect::StartBoard { round: 2, board: 1 },
            log(None, "pair", "2"),
            Effect::Announce,
            channel(NoticeKind::TournamentNews, Some(2), NOW),
        ]
    );
    // The same round again: refused, nothing changed.
    let before = ev.clone();
    assert_eq!(
        lifecycle::pair_round(&mut ev, 2, &[(1, Some(3))], false, NOW),
        Err(TournamentError::RoundPaired { id: ID, round: 2 })
    );
    assert_eq!(ev, before);
}

#[test]
fn a_round_is_not_paired_before_the_last_one_is_over() {
    let mut ev = running(1, [Some(BoardResult::White), None]);
    assert_eq!(
        lifecycle::pair_round(&mut ev, 2, &[(1, Some(3)), (2, Some(4))], false, NOW),
        Err(TournamentError::RoundNotOver { id: ID, round: 1 })
    );
    ev.tournament.current_round = 5;
    assert_eq!(
        lifecycle::pair_round(&mut ev, 6, &[(1, Some(3))], false, NOW),
        Err(TournamentError::NoMoreRounds(ID))
    );
}

#[test]
fn a_round_of_byes_and_forfeits_only_is_over_at_once() {
    let mut ev = running(1, [Some(BoardResult::White), Some(BoardResult::Black)]);
    ev.entrants[1].status = EntrantStatus::Withdrawn; // player 2
    let effects = lifecycle::pair_round(&mut ev, 2, &[(1, Some(2)), (3, Some(4))], false, NOW);
    // Board 2 is a game: the round waits for it.
    assert!(
        !effects
            .unwrap()
            .contains(&channel(NoticeKind::TournamentStandings, Some(2), NOW))
    );
    let mut ev = running(1, [Some(BoardResult::White), Some(BoardResult::Black)]);
    ev.entrants[1].status = EntrantStatus::Withdrawn;
    ev.entrants[3].status = EntrantStatus::Withdrawn;
    let effects =
        lifecycle::pair_round(&mut ev, 2, &[(1, Some(2)), (3, Some(4))], false, NOW).unwrap();
    assert_eq!(
        effects[effects.len() - 2..],
        [
            channel(NoticeKind::TournamentStandings, Some(2), NOW),
            channel(NoticeKind::TournamentRound, None, NOW),
        ]
    );
}

#[test]
fn the_last_result_of_a_round_posts_its_standings_and_queues_the_next() {
    let mut ev = running(2, [Some(BoardResult::Draw), None]);
    let effects = lifecycle::board_ended(
        &mut ev,
        &ended(30, GameResult::White, EndReason::NoLegalMove),
        NOW,
    );
    assert_eq!(ev.boards[1].result, Some(BoardResult::White));
    assert_eq!(
        effects,
        [
            channel(NoticeKind::TournamentStandings, Some(2), NOW),
            channel(NoticeKind::TournamentRound, None, NOW),
        ]
    );
    // A board whose result is set (the director's) is left as it is.
    let effects = lifecycle::board_ended(
        &mut ev,
        &ended(30, GameResult::Black, EndReason::Resignation),
        NOW,
    );
    assert_eq!(
        (effects, ev.boards[1].result),
        (vec![], Some(BoardResult::White))
    );
}

#[test]
fn a_scheduled_round_is_queued_for_its_time_and_a_paused_event_waits() {
    let mut ev = running(2, [Some(BoardResult::Draw), None]);
    ev.tournament.pace = Pace::Schedule;
    ev.tournament.round_every = Some(86_400);
    let start = NOW - 3_600;
    ev.tournament.started_at = Some(start);
    let effects = lifecycle::board_ended(
        &mut ev,
        &ended(30, GameResult::Draw, EndReason::Agreement),
        NOW,
    );
    assert_eq!(
        effects[1],
        channel(NoticeKind::TournamentRound, None, start + 2 * 86_400)
    );
    let mut ev = running(2, [Some(BoardResult::Draw), None]);
    ev.tournament.paused = true;
    let effects = lifecycle::board_ended(
        &mut ev,
        &ended(30, GameResult::Draw, EndReason::Agreement),
        NOW,
    );
    assert_eq!(
        effects,
        [channel(NoticeKind::TournamentStandings, Some(2), NOW)]
    );
    // Resuming after the round queues the next one.
    let effects = lifecycle::pause(&mut ev, false, 99, NOW + 5).unwrap();
    assert_eq!(
        effects,
        [
            log(Some(99), "resume", ""),
            Effect::Announce,
            channel(NoticeKind::TournamentRound, None, NOW + 5),
        ]
    );
    assert_eq!(
        lifecycle::pause(&mut ev, false, 99, NOW),
        Err(TournamentError::Unchanged(ID))
    );
}

#[test]
fn the_last_round_ends_the_event_with_its_final_standings() {
    let mut ev = running(5, [Some(BoardResult::Black), None]);
    let effects = lifecycle::board_ended(
        &mut ev,
        &ended(12, GameResult::White, EndReason::Resignation),
        NOW,
    );
    assert_eq!(ev.tournament.status, TournamentStatus::Finished);
    assert_eq!(ev.tournament.finished_at, Some(NOW));
    assert_eq!(
        effects,
        [
            log(None, "finish", ""),
            Effect::Announce,
            channel(NoticeKind::TournamentStandings, Some(0), NOW),
        ]
    );
}

#[test]
fn losing_on_time_without_a_move_withdraws_the_player_as_a_no_show() {
    let mut ev = running(2, [Some(BoardResult::Draw), None]);
    // Black (player 4) never moved: White moved at ply 0, so the game stands at ply 1.
    let effects = lifecycle::board_ended(
        &mut ev,
        &ended(1, GameResult::White, EndReason::TimeOut),
        NOW,
    );
    assert_eq!(ev.boards[1].result, Some(BoardResult::WhiteForfeit));
    let four = ev.entrants.iter().find(|e| e.user_id == 4).unwrap();
    assert_eq!(
        (four.status, four.left_after),
        (EntrantStatus::NoShow, Some(2))
    );
    assert_eq!(effects[..2], [log(None, "no-show", "4"), Effect::Announce]);
    assert_eq!(
        effects[2],
        Effect::Notice {
            notice: NewNotice {
                kind: NoticeKind::TournamentNews,
                tournament_id: Some(ID),
                user_id: Some(4),
                ply: Some(2),
                via: Via::Dm,
                ..NewNotice::default()
            },
            due: NOW,
        }
    );
    // One who moved and then lost on time is no no-show.
    let mut ev = running(2, [Some(BoardResult::Draw), None]);
    lifecycle::board_ended(
        &mut ev,
        &ended(3, GameResult::White, EndReason::TimeOut),
        NOW,
    );
    assert!(
        ev.entrants
            .iter()
            .all(|e| e.status == EntrantStatus::Playing)
    );
}

#[test]
fn a_round_robin_played_all_at_once_ends_with_its_last_game_whatever_its_round() {
    let mut ev = running(2, [None, None]);
    ev.tournament.format = Format::RoundRobin;
    ev.tournament.pace = Pace::AllAtOnce;
    ev.tournament.rounds = Some(2);
    ev.boards[0].round = 1;
    assert!(
        lifecycle::board_ended(
            &mut ev,
            &ended(9, GameResult::Draw, EndReason::Agreement),
            NOW
        )
        .is_empty()
    );
    let mut first = ended(9, GameResult::Black, EndReason::NoLegalMove);
    first.id = GameId(71);
    let effects = lifecycle::board_ended(&mut ev, &first, NOW);
    assert_eq!(ev.tournament.status, TournamentStatus::Finished);
    assert_eq!(effects[0], log(None, "finish", ""));
}

#[test]
fn a_cancelled_event_does_not_move_on_when_its_games_end() {
    let mut ev = running(2, [Some(BoardResult::Draw), None]);
    let effects = lifecycle::cancel(&mut ev, 99, NOW).unwrap();
    assert_eq!(
        effects,
        [
            Effect::DropRound,
            log(Some(99), "cancel", ""),
            Effect::Announce
        ]
    );
    assert_eq!(ev.tournament.status, TournamentStatus::Cancelled);
    let effects = lifecycle::board_ended(
        &mut ev,
        &ended(30, GameResult::White, EndReason::NoLegalMove),
        NOW,
    );
    assert_eq!(
        (effects, ev.boards[1].result),
        (vec![], Some(BoardResult::White))
    );
    assert_eq!(
        lifecycle::cancel(&mut ev, 99, NOW),
        Err(TournamentError::Over(ID))
    );
}

#[test]
fn the_next_round_now_needs_the_round_over_and_a_round_left() {
    let ev = running(2, [Some(BoardResult::Draw), None]);
    assert_eq!(
        lifecycle::next_round_now(&ev, 99),
        Err(TournamentError::RoundNotOver { id: ID, round: 2 })
    );
    let ev = running(2, [Some(BoardResult::Draw), Some(BoardResult::Bye)]);
    assert_eq!(
        lifecycle::next_round_now(&ev, 99).unwrap(),
        [
            Effect::RoundNow,
            log(Some(99), "next-round", ""),
            Effect::Announce
        ]
    );
    let ev = running(5, [Some(BoardResult::Draw), Some(BoardResult::Bye)]);
    assert_eq!(
        lifecycle::next_round_now(&ev, 99),
        Err(TournamentError::NoMoreRounds(ID))
    );
}

#[test]
fn an_unpairable_round_ends_the_event_after_the_rounds_played() {
    let mut ev = running(3, [Some(BoardResult::Draw), Some(BoardResult::White)]);
    let effects = lifecycle::finish_unpairable(&mut ev, NOW);
    assert_eq!(ev.tournament.rounds, Some(3));
    assert_eq!(ev.tournament.status, TournamentStatus::Finished);
    assert_eq!(effects[0], log(None, "finish", "no legal pairing"));
    // Only once.
    assert!(lifecycle::finish_unpairable(&mut ev, NOW).is_empty());
}

#[test]
fn an_adjudication_ends_the_game_in_play_and_moves_the_round_on() {
    let mut ev = running(2, [Some(BoardResult::Draw), None]);
    let mut in_play = ended(20, GameResult::White, EndReason::NoLegalMove);
    (in_play.status, in_play.result, in_play.reason) = (GameStatus::Active, None, None);
    let decided = lifecycle::adjudicate(
        &mut ev,
        PairingId(2),
        BoardResult::Black,
        Some(&in_play),
        99,
        NOW,
    )
    .unwrap();
    assert_eq!(
        decided.ending,
        Some((
            GameId(72),
            Ending::Win {
                winner: Color::Black,
                reason: EndReason::Adjudication
            }
        ))
    );
    assert!((ev.boards[1].result, ev.boards[1].adjudicated) == (Some(BoardResult::Black), true));
    assert_eq!(
        decided.effects,
        [
            log(Some(99), "adjudicate", "round 2 board 2: black"),
            channel(NoticeKind::TournamentStandings, Some(2), NOW),
            channel(NoticeKind::TournamentRound, None, NOW),
        ]
    );
    assert_eq!(
        lifecycle::adjudicate(&mut ev, PairingId(2), BoardResult::Bye, None, 99, NOW),
        Err(TournamentError::NotInTournament(ID))
    );
    assert_eq!(
        lifecycle::adjudicate(&mut ev, PairingId(9), BoardResult::Draw, None, 99, NOW),
        Err(TournamentError::NotInTournament(ID))
    );
}
