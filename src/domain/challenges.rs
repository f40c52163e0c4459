//! A challenge as the domain knows it: who challenges whom, under which rules, until when;
//! and who is told when it runs out.

use super::values::text_enum;
use super::{
    ChallengeId, Game, GameId, GameStatus, NewNotice, NoticeKind, TimeControl, TimeControlError,
    Via,
};
use crate::rules::{Color, FpnError, Outcome, Position, Rules};

/// How long a challenge stays open: 24 hours, in seconds.
pub const CHALLENGE_LIFETIME: i64 = 24 * 3600;

text_enum! {
    /// Where a challenge stands.
    pub enum ChallengeStatus {
        /// Waiting for an answer.
        Open => "open",
        /// Accepted: its game has started.
        Accepted => "accepted",
        /// Declined by the challenged player.
        Declined => "declined",
        /// Withdrawn by the challenger.
        Cancelled => "cancelled",
        /// Not accepted within [`CHALLENGE_LIFETIME`].
        Expired => "expired",
    }
}

text_enum! {
    /// The colour the challenger asks for.
    pub enum ColorChoice {
        /// The challenger plays White (and moves first).
        White => "white",
        /// The challenger plays Black.
        Black => "black",
        /// Decided by a coin toss when the challenge is accepted.
        Random => "random",
    }
}

/// A challenge to be created (the store's `create_challenge`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewChallenge {
    /// The Discord server.
    pub guild_id: u64,
    /// The channel the game will be played in.
    pub channel_id: u64,
    /// Who challenges.
    pub challenger_id: u64,
    /// Who is challenged; `None` for anyone in the channel.
    pub opponent_id: Option<u64>,
    /// The rules of the game.
    pub rules: Rules,
    /// The time per move: days (one of [`super::DAYS_PER_MOVE`]), minutes (one of
    /// [`super::MINUTES_PER_MOVE`]) or none.
    pub time_control: TimeControl,
    /// The challenger's colour.
    pub color: ColorChoice,
    /// Whether the game changes ratings.
    pub rated: bool,
    /// A set-up starting position (FPN); `None` for the standard start. Such games are never
    /// rated.
    pub start_fpn: Option<String>,
    /// When it is made (unix seconds); it expires [`CHALLENGE_LIFETIME`] later.
    pub created_at: i64,
    /// Where it is made, and its game played.
    pub venue: super::Venue,
}

/// A challenge as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Challenge {
    /// Its number.
    pub id: ChallengeId,
    /// The Discord server.
    pub guild_id: u64,
    /// The channel the game will be played in.
    pub channel_id: u64,
    /// Who challenges.
    pub challenger_id: u64,
    /// Who is challenged; `None` for anyone in the channel.
    pub opponent_id: Option<u64>,
    /// The rules of the game.
    pub rules: Rules,
    /// The time per move.
    pub time_control: TimeControl,
    /// The challenger's colour.
    pub color: ColorChoice,
    /// Whether the game changes ratings.
    pub rated: bool,
    /// The set-up starting position (FPN, normalised); `None` for the standard start.
    pub start_fpn: Option<String>,
    /// Where it stands.
    pub status: ChallengeStatus,
    /// The Discord message showing it, once posted.
    pub message_id: Option<u64>,
    /// When it was made (unix seconds).
    pub created_at: i64,
    /// When it stops being open (unix seconds): `created_at` + [`CHALLENGE_LIFETIME`].
    pub expires_at: i64,
    /// Where it is made, and its game played.
    pub venue: super::Venue,
}

/// The notice that closes `challenge`, which just ran out, if any: where the bot posts, its
/// message's buttons are disabled (when it has a message); elsewhere (it only answers
/// interactions there) the challenger is told by DM, unless they are `told`, the user whose
/// click found it expired (and was answered so).
pub fn close_notice(challenge: &Challenge, told: Option<u64>) -> Option<NewNotice> {
    let notice = NewNotice {
        kind: NoticeKind::ChallengeExpired,
        challenge_id: Some(challenge.id),
        ..NewNotice::default()
    };
    if !challenge.venue.bot_posts() {
        (told != Some(challenge.challenger_id)).then_some(NewNotice {
            user_id: Some(challenge.challenger_id),
            via: Via::Dm,
            ..notice
        })
    } else {
        challenge.message_id.map(|_| NewNotice {
            via: Via::Channel,
            ..notice
        })
    }
}

/// Why a challenge request is refused, as the domain sees it. The store keeps these refusals
/// among its own errors (`StoreError`), each with its sentence at the edge.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChallengeError {
    /// A time per move not offered.
    #[error(transparent)]
    TimeControl(#[from] TimeControlError),
    /// The challenger challenges themselves.
    #[error("you cannot challenge yourself")]
    Own,
    /// A rated game from a set-up position.
    #[error("a game from a set-up position cannot be rated")]
    RatedSetUp,
    /// An unreadable set-up position.
    #[error(transparent)]
    BadStartFpn(#[from] FpnError),
    /// A set-up position where the player to move cannot move.
    #[error("the set-up position is over already")]
    StartIsOver,
    /// Accepted, declined, cancelled or expired already.
    #[error("challenge {id} is {status}")]
    Closed {
        /// The challenge.
        id: ChallengeId,
        /// Where it stands.
        status: ChallengeStatus,
    },
    /// It ran out (and is to be marked expired).
    #[error("challenge {0} has expired")]
    Expired(ChallengeId),
    /// It names someone else.
    #[error("challenge {0} is not yours")]
    NotYours(ChallengeId),
    /// Only its challenger may withdraw it.
    #[error("only the challenger may cancel challenge {0}")]
    NotChallenger(ChallengeId),
    /// A rematch of a game still in play (or aborted, or cancelled).
    #[error("game {0} has not finished")]
    NotFinished(GameId),
    /// A second rematch of one game.
    #[error("the rematch of game {0} was offered already")]
    RematchOffered(GameId),
}

/// Whether finished game `game` may get its rematch (a challenge, or a new game against the
/// bot): only a game that finished with a result, and only once (`offered`: its rematch was
/// made before).
///
/// # Errors
/// [`ChallengeError::NotFinished`]; [`ChallengeError::RematchOffered`].
pub fn rematch(game: &Game, offered: bool) -> Result<(), ChallengeError> {
    if game.status != GameStatus::Finished {
        return Err(ChallengeError::NotFinished(game.id));
    }
    if offered {
        return Err(ChallengeError::RematchOffered(game.id));
    }
    Ok(())
}

/// The set-up position of `new` as it is kept (its FPN normalised), after checking `new`: its
/// time control is offered, the challenger does not challenge themselves, and a set-up
/// position is unrated, readable and not over.
///
/// # Errors
/// [`ChallengeError::TimeControl`], [`ChallengeError::Own`], [`ChallengeError::RatedSetUp`],
/// [`ChallengeError::BadStartFpn`], [`ChallengeError::StartIsOver`].
pub fn check_new(new: &NewChallenge) -> Result<Option<String>, ChallengeError> {
    new.time_control.check()?;
    if new.opponent_id == Some(new.challenger_id) {
        return Err(ChallengeError::Own);
    }
    match &new.start_fpn {
        None => Ok(None),
        Some(_) if new.rated => Err(ChallengeError::RatedSetUp),
        Some(text) => {
            let position = Position::from_fpn(text, new.rules)?;
            if position.outcome() != Outcome::Ongoing {
                return Err(ChallengeError::StartIsOver);
            }
            Ok(Some(position.to_string()))
        }
    }
}

/// Whether `challenge` may be answered at `now`: it is open and has not run out.
///
/// # Errors
/// [`ChallengeError::Closed`]; [`ChallengeError::Expired`] at or after its expiry (the caller
/// marks it expired and queues its [`close_notice`], `told` the user who found it so).
pub fn answerable(challenge: &Challenge, now: i64) -> Result<(), ChallengeError> {
    if challenge.status != ChallengeStatus::Open {
        return Err(ChallengeError::Closed {
            id: challenge.id,
            status: challenge.status,
        });
    }
    if now >= challenge.expires_at {
        return Err(ChallengeError::Expired(challenge.id));
    }
    Ok(())
}

/// `acceptor` accepts `challenge` (answerable): the players of its game, White's first.
/// `toss` is the challenger's colour when the challenge leaves it to chance (the caller tosses
/// the coin, so that tests can choose).
///
/// # Errors
/// [`ChallengeError::Own`] for the challenger; [`ChallengeError::NotYours`] when it names
/// someone else.
pub fn accept(
    challenge: &Challenge,
    acceptor: u64,
    toss: Color,
) -> Result<[u64; 2], ChallengeError> {
    if acceptor == challenge.challenger_id {
        return Err(ChallengeError::Own);
    }
    if challenge.opponent_id.is_some_and(|o| o != acceptor) {
        return Err(ChallengeError::NotYours(challenge.id));
    }
    let challenger = match challenge.color {
        ColorChoice::White => Color::White,
        ColorChoice::Black => Color::Black,
        ColorChoice::Random => toss,
    };
    Ok(match challenger {
        Color::White => [challenge.challenger_id, acceptor],
        Color::Black => [acceptor, challenge.challenger_id],
    })
}

/// `user` declines `challenge`: only the player it names may (one open to anyone expires or is
/// cancelled).
///
/// # Errors
/// [`ChallengeError::NotYours`].
pub fn decline(challenge: &Challenge, user: u64) -> Result<(), ChallengeError> {
    if challenge.opponent_id != Some(user) {
        return Err(ChallengeError::NotYours(challenge.id));
    }
    Ok(())
}

/// `user` withdraws `challenge`: only its challenger may.
///
/// # Errors
/// [`ChallengeError::NotChallenger`].
pub fn cancel(challenge: &Challenge, user: u64) -> Result<(), ChallengeError> {
    if challenge.challenger_id != user {
        return Err(ChallengeError::NotChallenger(challenge.id));
    }
    Ok(())
}
