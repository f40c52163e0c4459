//! A game between its moves as pure decisions (`focus_bot::domain::play`), without a database.

use focus_bot::domain::play::{self, DrawOffered};
use focus_bot::domain::{BotSeat, EndReason, Ending, GameError, NoticeKind, Venue, Via};
use focus_bot::rules::{Color, Outcome, Position};

use super::domain_support::{NOW, game};

const DAY: i64 = 86_400;

#[test]
fn a_move_sets_the_next_deadline_and_clears_offers_and_requests() {
    let mut g = game(0);
    g.draw_offer_by = Some(Color::White);
    g.takeback_by = Some(Color::Black);
    let played = play::play(&g, 10, 0, "c4-d4".parse().unwrap(), NOW).unwrap();
    let after = &played.game;
    assert_eq!((after.ply, after.last_move_at), (1, NOW));
    assert_eq!(after.deadline, Some(NOW + 2 * DAY));
    // No reminder before both have moved.
    assert_eq!(after.remind_at, None);
    assert_eq!((after.draw_offer_by, after.takeback_by), (None, None));
    let mut expected = Position::start();
    expected.play("c4-d4".parse().unwrap()).unwrap();
    assert_eq!(played.position, expected);
    assert_eq!(after.fpn, expected.to_string());
    assert_eq!(
        (played.outcome, played.ending, played.bot_notice),
        (Outcome::Ongoing, None, None)
    );

    let second = play::play(after, 20, 1, played.position.legal_moves()[0], NOW + 60).unwrap();
    let deadline = NOW + 60 + 2 * DAY;
    assert_eq!(second.game.remind_at, Some(deadline - 2 * DAY / 5));
}

#[test]
fn a_move_is_refused_out_of_turn_out_of_date_or_against_the_rules() {
    let g = game(0);
    let mv = "c4-d4".parse().unwrap();
    assert_eq!(
        play::play(&g, 20, 0, mv, NOW),
        Err(GameError::NotYourTurn {
            to_move: Color::White,
            you: Color::Black
        })
    );
    assert_eq!(
        play::play(&g, 10, 3, mv, NOW),
        Err(GameError::PositionChanged { seen: 3, now: 0 })
    );
    assert_eq!(
        play::play(&g, 30, 0, mv, NOW),
        Err(GameError::NotAPlayer(g.id))
    );
    assert!(matches!(
        play::play(&g, 10, 0, "c4-e4".parse().unwrap(), NOW),
        Err(GameError::Illegal(_))
    ));
}

#[test]
fn the_bots_move_has_no_deadline_and_is_posted_by_the_outbox() {
    let mut g = game(0);
    g.bot = Some(BotSeat {
        level: 2,
        color: Color::White,
    });
    let played = play::play(&g, 10, 0, "c4-d4".parse().unwrap(), NOW).unwrap();
    // Black, a person, has a deadline; the notice pings them.
    assert_eq!(played.game.deadline, Some(NOW + 2 * DAY));
    let notice = played.bot_notice.unwrap();
    assert_eq!(
        (notice.kind, notice.user_id, notice.ply),
        (NoticeKind::BotMove, Some(20), Some(1))
    );
    let black_to_move = played.game;
    let reply = play::play(&black_to_move, 20, 1, played.position.legal_moves()[0], NOW).unwrap();
    assert_eq!((reply.game.deadline, reply.bot_notice), (None, None));
}

#[test]
fn the_turns_dm_goes_to_those_who_asked_and_where_the_bot_cannot_post() {
    let g = game(4);
    assert_eq!(play::turn_dm(&g, Color::White), play::TurnDm::IfAsked);
    let dm = play::turn_notice(&g, Color::White);
    assert_eq!(
        (dm.kind, dm.user_id, dm.via, dm.ply),
        (NoticeKind::YourTurn, Some(10), Via::Dm, Some(4))
    );
    let mut private = game(4);
    private.venue = Venue::Dm;
    assert_eq!(play::turn_dm(&private, Color::Black), play::TurnDm::Always);
    let mut against_bot = game(4);
    against_bot.bot = Some(BotSeat {
        level: 1,
        color: Color::Black,
    });
    assert_eq!(
        play::turn_dm(&against_bot, Color::Black),
        play::TurnDm::Never
    );
    assert_eq!(
        play::turn_dm(&against_bot, Color::White),
        play::TurnDm::IfAsked
    );
}

#[test]
fn a_take_back_restores_the_position_and_gives_a_full_moves_time() {
    let before = Position::start();
    let mut g = game(1);
    let mut after = before;
    after.play("c4-d4".parse().unwrap()).unwrap();
    g.fpn = after.to_string();
    assert_eq!(play::check_take_back(&g, 1), Ok(()));
    let back = play::take_back(&g, &before, NOW);
    assert_eq!((back.ply, back.fpn.clone()), (0, before.to_string()));
    assert_eq!(
        (back.deadline, back.last_move_at),
        (Some(NOW + 2 * DAY), NOW)
    );
    assert_eq!(
        play::check_take_back(&game(0), 0),
        Err(GameError::NothingToTakeBack)
    );
    assert_eq!(
        play::check_take_back(&g, 0),
        Err(GameError::PositionChanged { seen: 0, now: 1 })
    );
    let mut over = g.clone();
    over.status = focus_bot::domain::GameStatus::Aborted;
    assert_eq!(
        play::check_take_back(&over, 1),
        Err(GameError::NotActive {
            id: g.id,
            status: focus_bot::domain::GameStatus::Aborted
        })
    );
}

#[test]
fn takeback_requests_need_a_move_and_an_answer_needs_a_request() {
    assert_eq!(
        play::request_takeback(&game(0), 10),
        Err(GameError::NothingToTakeBack)
    );
    assert_eq!(play::request_takeback(&game(3), 20), Ok(Color::Black));
    let mut g = game(3);
    assert_eq!(
        play::answer_takeback(&g, 10),
        Err(GameError::NoTakebackRequest)
    );
    g.takeback_by = Some(Color::Black);
    assert_eq!(play::answer_takeback(&g, 10), Ok(()));
    // One's own request is not one's to answer.
    assert_eq!(
        play::answer_takeback(&g, 20),
        Err(GameError::NoTakebackRequest)
    );
}

#[test]
fn draws_stand_until_answered_and_crossing_offers_agree() {
    let mut g = game(6);
    assert_eq!(
        play::offer_draw(&g, 20),
        Ok(DrawOffered::Stands(Color::Black))
    );
    g.draw_offer_by = Some(Color::Black);
    let agreed = Ending::Draw {
        reason: EndReason::Agreement,
    };
    assert_eq!(play::offer_draw(&g, 10), Ok(DrawOffered::Agreed(agreed)));
    assert_eq!(play::answer_draw(&g, 10), Ok(agreed));
    assert_eq!(play::answer_draw(&g, 20), Err(GameError::NoDrawOffer));
    assert_eq!(play::agree_draw(&g, 6), Ok(agreed));
    // Before each side has moved, agreeing aborts.
    let mut early = game(1);
    early.draw_offer_by = Some(Color::White);
    assert_eq!(play::answer_draw(&early, 20), Ok(Ending::Abort));
}

#[test]
fn resigning_hands_the_win_over_except_before_both_have_moved() {
    assert_eq!(
        play::resign(&game(5), 10),
        Ok(Ending::Win {
            winner: Color::Black,
            reason: EndReason::Resignation
        })
    );
    assert_eq!(play::resign(&game(1), 20), Ok(Ending::Abort));
    assert_eq!(
        play::resign(&game(5), 30),
        Err(GameError::NotAPlayer(game(5).id))
    );
}

#[test]
fn a_player_aborts_early_a_moderator_any_time_and_nobody_a_tournaments_game() {
    use focus_bot::domain::TournamentId;
    use focus_bot::domain::deadlines::ABORT_MAX_PLY;
    let early = game(ABORT_MAX_PLY);
    assert_eq!(play::abort(&early, 10, false), Ok(Ending::Abort));
    assert_eq!(play::abort(&early, 20, false), Ok(Ending::Abort));
    assert_eq!(
        play::abort(&early, 99, false),
        Err(GameError::NotAPlayer(early.id))
    );
    assert_eq!(play::abort(&early, 99, true), Ok(Ending::Abort));
    let late = game(ABORT_MAX_PLY + 1);
    assert_eq!(play::abort(&late, 10, false), Err(GameError::AbortTooLate));
    assert_eq!(play::abort(&late, 10, true), Ok(Ending::Abort));
    let mut round = game(0);
    round.tournament_id = Some(TournamentId(3));
    for moderator in [false, true] {
        assert_eq!(
            play::abort(&round, 10, moderator),
            Err(GameError::TournamentGameAbort)
        );
    }
}

#[test]
fn the_sweeper_wakes_for_a_deadline_or_a_turn_dm_and_not_for_the_bot_or_a_game_over() {
    use focus_bot::domain::GameStatus;
    use focus_bot::domain::play::Wake;
    // Ply 2: White (user 10) to move.
    let mut g = game(2);
    assert_eq!(play::wakes_sweeper(&g), Ok(Wake::Yes), "a deadline");
    g.deadline = None;
    assert_eq!(
        play::wakes_sweeper(&g),
        Ok(Wake::IfAsked(10)),
        "the channel shows it"
    );
    g.venue = Venue::Dm;
    assert_eq!(
        play::wakes_sweeper(&g),
        Ok(Wake::Yes),
        "a DM is the only way"
    );
    g.bot = Some(BotSeat {
        level: 1,
        color: Color::White,
    });
    assert_eq!(play::wakes_sweeper(&g), Ok(Wake::No), "the bot is to move");
    let mut over = game(2);
    over.status = GameStatus::Finished;
    assert_eq!(play::wakes_sweeper(&over), Ok(Wake::No));
}
