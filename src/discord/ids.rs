//! Component `custom_id`s: they carry every id a click needs, so buttons keep working after a
//! restart through one global handler (no in-memory collectors). Also the time a Discord id
//! (a snowflake) was made at ([`created_at`]).

pub use crate::app::Action;
use crate::rules::Move;
use crate::service::Timestamp;
use crate::store::{ChallengeId, GameId, TournamentId};

/// Discord's epoch, the first moment of 2015 (UTC), in unix milliseconds: a snowflake counts
/// its milliseconds from there.
pub const DISCORD_EPOCH_MS: i64 = 1_420_070_400_000;

/// When the Discord object with snowflake `id` (an interaction, a message) was created: the
/// milliseconds since [`DISCORD_EPOCH_MS`] in the id's top 42 bits (`id >> 22`; Discord's
/// "Snowflakes" reference).
pub fn created_at(id: u64) -> Timestamp {
    Timestamp::from_unix_ms(DISCORD_EPOCH_MS + (id >> 22) as i64)
}

impl Action {
    /// The `custom_id`: `focus:<verb>:<id>[:<ply>[:<move>]]`, at most 100 characters as
    /// Discord allows.
    pub fn custom_id(self) -> String {
        match self {
            Action::Accept(id) => format!("focus:accept:{}", id.0),
            Action::Decline(id) => format!("focus:decline:{}", id.0),
            Action::Cancel(id) => format!("focus:cancel:{}", id.0),
            Action::Draw(id, yes) => format!("focus:draw-{}:{}", yes_no(yes), id.0),
            Action::Takeback(id, ply, yes) => {
                format!("focus:takeback-{}:{}:{ply}", yes_no(yes), id.0)
            }
            Action::Ladder(page) => format!("focus:ladder:{page}"),
            Action::Watch(page) => format!("focus:watch:{page}"),
            Action::Replay(id) => format!("focus:replay:{}", id.0),
            Action::Rematch(id) => format!("focus:rematch:{}", id.0),
            Action::PlayAnyway(id, ply, mv) => format!("focus:play-anyway:{}:{ply}:{mv}", id.0),
            Action::Join(id) => format!("focus:join:{}", id.0),
            Action::Leave(id) => format!("focus:leave:{}", id.0),
            Action::Standings(id, page) => format!("focus:standings:{}:{page}", id.0),
        }
    }

    /// Reads a `custom_id`; `None` for anything else (another bot's, an old format).
    pub fn parse(custom_id: &str) -> Option<Action> {
        let mut parts = custom_id.strip_prefix("focus:")?.split(':');
        let verb = parts.next()?;
        let id: i64 = parts.next()?.parse().ok()?;
        let ply = parts.next().map(str::parse::<u32>);
        // Move notation has no `:` (`c4-d4`, `+e5`, `d4~d5`).
        let mv = parts.next().map(str::parse::<Move>);
        if parts.next().is_some() {
            return None;
        }
        if let Some(mv) = mv {
            return match (verb, ply) {
                ("play-anyway", Some(Ok(ply))) => {
                    Some(Action::PlayAnyway(GameId(id), ply, mv.ok()?))
                }
                _ => None,
            };
        }
        let action = match (verb, ply) {
            ("accept", None) => Action::Accept(ChallengeId(id)),
            ("decline", None) => Action::Decline(ChallengeId(id)),
            ("cancel", None) => Action::Cancel(ChallengeId(id)),
            ("draw-yes", None) => Action::Draw(GameId(id), true),
            ("draw-no", None) => Action::Draw(GameId(id), false),
            ("takeback-yes", Some(Ok(ply))) => Action::Takeback(GameId(id), ply, true),
            ("takeback-no", Some(Ok(ply))) => Action::Takeback(GameId(id), ply, false),
            ("ladder", None) if id >= 1 => Action::Ladder(u32::try_from(id).ok()?),
            ("watch", None) if id >= 1 => Action::Watch(u32::try_from(id).ok()?),
            ("replay", None) => Action::Replay(GameId(id)),
            ("rematch", None) => Action::Rematch(GameId(id)),
            ("join", None) => Action::Join(TournamentId(id)),
            ("leave", None) => Action::Leave(TournamentId(id)),
            ("standings", Some(Ok(page))) if page >= 1 => Action::Standings(TournamentId(id), page),
            _ => return None,
        };
        Some(action)
    }
}

fn yes_no(yes: bool) -> &'static str {
    if yes { "yes" } else { "no" }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn custom_ids_round_trip() {
        for action in [
            Action::Accept(ChallengeId(7)),
            Action::Decline(ChallengeId(i64::MAX)),
            Action::Cancel(ChallengeId(1)),
            Action::Draw(GameId(3), true),
            Action::Replay(GameId(12)),
            Action::Rematch(GameId(i64::MAX)),
            Action::Draw(GameId(3), false),
            Action::Takeback(GameId(9), 12, true),
            Action::Takeback(GameId(9), 12, false),
            Action::Ladder(1),
            Action::Watch(1),
            Action::Watch(u32::MAX),
            Action::Ladder(u32::MAX),
            Action::PlayAnyway(GameId(i64::MAX), u32::MAX, "f5-e5".parse().unwrap()),
            Action::PlayAnyway(GameId(2), 1, "+e5".parse().unwrap()),
            Action::PlayAnyway(GameId(2), 0, "d4~d5".parse().unwrap()),
        ] {
            let id = action.custom_id();
            assert!(id.len() <= 100);
            assert_eq!(Action::parse(&id), Some(action), "{id}");
        }
        for junk in [
            "",
            "focus:",
            "focus:accept",
            "focus:accept:x",
            "other:accept:1",
            "focus:takeback-yes:1",
            "focus:accept:1:2",
            "focus:ladder:0",
            "focus:ladder:-3",
            "focus:ladder:4294967296",
            "focus:ladder:1:2",
            "focus:watch:0",
            "focus:watch:4294967296",
            "focus:play-anyway:1:2",
            "focus:play-anyway:1:2:c4-c9",
            "focus:play-anyway:1:x:c4-d4",
            "focus:play-anyway:1:2:c4-d4:3",
            "focus:takeback-yes:1:2:c4-d4",
        ] {
            assert_eq!(Action::parse(junk), None, "{junk}");
        }
        assert_eq!(
            Action::PlayAnyway(GameId(3), 7, "f5-e5".parse().unwrap()).custom_id(),
            "focus:play-anyway:3:7:f5-e5"
        );
    }

    #[test]
    fn a_snowflake_tells_when_it_was_made() {
        // Discord's documented example: 175928847299117063 was made at 1462015105796 ms.
        assert_eq!(
            created_at(175_928_847_299_117_063).unix_ms(),
            1_462_015_105_796
        );
        assert_eq!(created_at(0).unix_ms(), DISCORD_EPOCH_MS);
        // The low 22 bits (worker, process, increment) do not change the time.
        assert_eq!(
            created_at((5 << 22) | 0x3f_ffff).unix_ms(),
            DISCORD_EPOCH_MS + 5
        );
    }
}
