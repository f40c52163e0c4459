//! A challenge as the domain knows it: who challenges whom, under which rules, until when;
//! and who is told when it runs out.

use super::values::text_enum;
use super::{ChallengeId, NewNotice, NoticeKind, TimeControl, Via};
use crate::rules::Rules;

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

/// A challenge to be created ([`Store::create_challenge`]).
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
