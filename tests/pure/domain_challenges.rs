//! Challenges as pure decisions (`focus_bot::domain::challenges`): what a new challenge may
//! ask, who may answer one and when, and who is told when it runs out, without a database.

use focus_bot::domain::challenges::{self, ChallengeError};
use focus_bot::domain::{
    CHALLENGE_LIFETIME, Challenge, ChallengeId, ChallengeStatus, ColorChoice, NewChallenge,
    NoticeKind, TimeControl, TimeControlError, Venue, Via, close_notice,
};
use focus_bot::rules::{Color, Position, Rules};

use super::domain_support::NOW;

fn new() -> NewChallenge {
    NewChallenge {
        guild_id: 1,
        channel_id: 2,
        challenger_id: 10,
        opponent_id: Some(20),
        rules: Rules::CLASSIC,
        time_control: TimeControl::Days(3),
        color: ColorChoice::Random,
        rated: true,
        start_fpn: None,
        created_at: NOW,
        venue: Venue::Server,
    }
}

fn open() -> Challenge {
    Challenge {
        id: ChallengeId(5),
        guild_id: 1,
        channel_id: 2,
        challenger_id: 10,
        opponent_id: Some(20),
        rules: Rules::CLASSIC,
        time_control: TimeControl::Days(3),
        color: ColorChoice::Black,
        rated: true,
        start_fpn: None,
        status: ChallengeStatus::Open,
        message_id: Some(4242),
        created_at: NOW,
        expires_at: NOW + CHALLENGE_LIFETIME,
        venue: Venue::Server,
    }
}

#[test]
fn a_new_challenge_is_checked_and_its_set_up_kept_normalised() {
    assert_eq!(challenges::check_new(&new()), Ok(None));
    let mut own = new();
    own.opponent_id = Some(10);
    assert_eq!(challenges::check_new(&own), Err(ChallengeError::Own));
    let mut slow = new();
    slow.time_control = TimeControl::Days(4);
    assert_eq!(
        challenges::check_new(&slow),
        Err(ChallengeError::TimeControl(
            TimeControlError::BadDaysPerMove(4)
        ))
    );
    let mut set_up = new();
    set_up.start_fpn = Some(Position::start().to_string());
    assert_eq!(
        challenges::check_new(&set_up),
        Err(ChallengeError::RatedSetUp)
    );
    set_up.rated = false;
    assert_eq!(
        challenges::check_new(&set_up),
        Ok(Some(Position::start().to_string()))
    );
    set_up.start_fpn = Some("not a position".into());
    assert!(matches!(
        challenges::check_new(&set_up),
        Err(ChallengeError::BadStartFpn(_))
    ));
}

#[test]
fn a_challenge_is_answered_while_open_and_until_it_runs_out() {
    let c = open();
    assert_eq!(challenges::answerable(&c, c.expires_at - 1), Ok(()));
    assert_eq!(
        challenges::answerable(&c, c.expires_at),
        Err(ChallengeError::Expired(c.id))
    );
    let mut taken = open();
    taken.status = ChallengeStatus::Accepted;
    assert_eq!(
        challenges::answerable(&taken, NOW),
        Err(ChallengeError::Closed {
            id: c.id,
            status: ChallengeStatus::Accepted
        })
    );
}

#[test]
fn the_named_player_accepts_with_the_colours_asked_or_tossed() {
    let mut c = open();
    // The challenger asked for Black.
    assert_eq!(challenges::accept(&c, 20, Color::White), Ok([20, 10]));
    c.color = ColorChoice::Random;
    assert_eq!(challenges::accept(&c, 20, Color::White), Ok([10, 20]));
    assert_eq!(challenges::accept(&c, 20, Color::Black), Ok([20, 10]));
    assert_eq!(
        challenges::accept(&c, 30, Color::White),
        Err(ChallengeError::NotYours(c.id))
    );
    assert_eq!(
        challenges::accept(&c, 10, Color::White),
        Err(ChallengeError::Own)
    );
    // Open to anyone: anyone but the challenger.
    c.opponent_id = None;
    assert_eq!(challenges::accept(&c, 30, Color::Black), Ok([30, 10]));
}

#[test]
fn only_the_named_player_declines_and_only_the_challenger_cancels() {
    let c = open();
    assert_eq!(challenges::decline(&c, 20), Ok(()));
    assert_eq!(
        challenges::decline(&c, 10),
        Err(ChallengeError::NotYours(c.id))
    );
    assert_eq!(challenges::cancel(&c, 10), Ok(()));
    assert_eq!(
        challenges::cancel(&c, 20),
        Err(ChallengeError::NotChallenger(c.id))
    );
}

#[test]
fn a_challenge_run_out_closes_its_message_or_tells_its_challenger() {
    let c = open();
    let notice = close_notice(&c, None).unwrap();
    assert_eq!(
        (notice.kind, notice.via, notice.user_id),
        (NoticeKind::ChallengeExpired, Via::Channel, None)
    );
    assert_eq!(notice.challenge_id, Some(c.id));
    let mut unposted = open();
    unposted.message_id = None;
    assert_eq!(close_notice(&unposted, None), None);
    let mut guest = open();
    guest.venue = Venue::Guest;
    let dm = close_notice(&guest, Some(20)).unwrap();
    assert_eq!((dm.via, dm.user_id), (Via::Dm, Some(10)));
    // The challenger found it run out themselves: they were told already.
    assert_eq!(close_notice(&guest, Some(10)), None);
}

#[test]
fn a_rematch_is_made_once_and_only_of_a_finished_game() {
    use focus_bot::domain::{GameId, GameStatus};
    let mut game = super::domain_support::game(30);
    assert_eq!(
        challenges::rematch(&game, false),
        Err(ChallengeError::NotFinished(GameId(7)))
    );
    for status in [GameStatus::Aborted, GameStatus::NeedsReview] {
        game.status = status;
        assert_eq!(
            challenges::rematch(&game, false),
            Err(ChallengeError::NotFinished(GameId(7))),
            "{status}"
        );
    }
    game.status = GameStatus::Finished;
    assert_eq!(challenges::rematch(&game, false), Ok(()));
    assert_eq!(
        challenges::rematch(&game, true),
        Err(ChallengeError::RematchOffered(GameId(7)))
    );
}
