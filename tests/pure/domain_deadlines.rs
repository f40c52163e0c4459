//! Deadlines as pure decisions (`focus_bot::domain::deadlines`): reminders, time-outs and more
//! time, without a database.

use focus_bot::domain::deadlines::{self, Extended};
use focus_bot::domain::{
    EndReason, Ending, GameError, NoticeKind, TimeControl, TournamentId, Venue, Via,
};
use focus_bot::rules::Color;

use super::domain_support::{NOW, game};

const DAY: i64 = 86_400;

#[test]
fn the_reminder_comes_at_four_fifths_of_the_move_once_both_have_moved() {
    assert_eq!(
        deadlines::reminder_for(NOW, Some(NOW + 5 * DAY), 2),
        Some(NOW + 4 * DAY)
    );
    assert_eq!(
        deadlines::reminder_for(NOW, Some(NOW + 300), 7),
        Some(NOW + 240)
    );
    assert_eq!(deadlines::reminder_for(NOW, Some(NOW + 5 * DAY), 1), None);
    assert_eq!(deadlines::reminder_for(NOW, None, 9), None);
}

#[test]
fn running_out_of_time_early_aborts_later_loses_and_in_a_tournament_always_loses() {
    let (ending, notices) = deadlines::time_out(&game(2), Color::White);
    assert_eq!(ending, Ending::Abort);
    assert_eq!(notices.len(), 1);
    let notice = &notices[0];
    assert_eq!(
        (notice.kind, notice.via),
        (NoticeKind::TimeOut, Via::Channel)
    );
    assert_eq!((notice.user_id, notice.ply), (Some(10), Some(2)));

    let (ending, _) = deadlines::time_out(&game(3), Color::Black);
    assert_eq!(
        ending,
        Ending::Win {
            winner: Color::White,
            reason: EndReason::TimeOut
        }
    );
    let mut in_event = game(0);
    in_event.tournament_id = Some(TournamentId(3));
    assert!(!deadlines::aborts_on_time_out(&in_event));
    assert_eq!(
        deadlines::time_out(&in_event, Color::White).0,
        Ending::Win {
            winner: Color::Black,
            reason: EndReason::TimeOut
        }
    );
}

#[test]
fn where_the_bot_cannot_post_each_player_is_told_by_dm() {
    let mut g = game(9);
    g.venue = Venue::GroupDm;
    let (_, notices) = deadlines::time_out(&g, Color::Black);
    let told: Vec<(Option<u64>, Via)> = notices.iter().map(|n| (n.user_id, n.via)).collect();
    assert_eq!(told, [(Some(10), Via::Dm), (Some(20), Via::Dm)]);
    assert_eq!(deadlines::reminder(&g, Color::Black, false).via, Via::Dm);
    let server = game(9);
    let reminder = deadlines::reminder(&server, Color::Black, false);
    assert_eq!((reminder.via, reminder.user_id), (Via::Channel, Some(20)));
    assert_eq!(
        deadlines::reminder(&server, Color::Black, true).via,
        Via::Dm
    );
}

#[test]
fn more_time_adds_a_day_moves_a_pending_reminder_and_has_a_ceiling() {
    let mut g = game(6);
    g.remind_at = Some(NOW + DAY / 2);
    // White (to move, deadline a day away) gets a day from Black.
    let extended = deadlines::more_time(&g, Color::Black, Color::White, NOW).unwrap();
    let deadline = NOW + 2 * DAY;
    assert_eq!(
        extended,
        Extended {
            deadline,
            remind_at: Some(deadline - (deadline - g.last_move_at) / 5),
        }
    );
    // A reminder already sent is not sent again.
    g.remind_at = None;
    let extended = deadlines::more_time(&g, Color::Black, Color::White, NOW).unwrap();
    assert_eq!(extended.remind_at, None);
    assert_eq!(
        deadlines::more_time(&g, Color::White, Color::White, NOW),
        Err(GameError::OwnMove)
    );
    g.deadline = Some(NOW + 30 * DAY);
    assert_eq!(
        deadlines::more_time(&g, Color::Black, Color::White, NOW),
        Err(GameError::TooMuchTime { seconds: 30 * DAY })
    );
    g.time_control = TimeControl::Unlimited;
    g.deadline = None;
    assert_eq!(
        deadlines::more_time(&g, Color::Black, Color::White, NOW),
        Err(GameError::NoTimeLimit)
    );
}

#[test]
fn a_live_game_gets_its_own_minutes_and_at_most_two_moves_time() {
    let mut g = game(6);
    g.time_control = TimeControl::Minutes(5);
    g.deadline = Some(NOW + 200);
    let extended = deadlines::more_time(&g, Color::Black, Color::White, NOW).unwrap();
    assert_eq!(extended.deadline, NOW + 500);
    g.deadline = Some(NOW + 400);
    assert_eq!(
        deadlines::more_time(&g, Color::Black, Color::White, NOW),
        Err(GameError::TooMuchTime { seconds: 600 })
    );
}

#[test]
fn a_directors_extra_time_counts_from_now_when_the_deadline_has_passed() {
    let mut g = game(6);
    g.deadline = Some(NOW - 3 * DAY);
    assert!(deadlines::past_deadline(&g, NOW));
    assert_eq!(deadlines::extend(&g, NOW).unwrap().deadline, NOW + DAY);
    g.deadline = Some(NOW + DAY);
    assert!(!deadlines::past_deadline(&g, NOW));
    assert_eq!(deadlines::extend(&g, NOW).unwrap().deadline, NOW + 2 * DAY);
}
