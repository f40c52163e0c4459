//! Component `custom_id`s: they carry every id a click needs, so buttons keep working after a
//! restart through one global handler (no in-memory collectors). Also the time a Discord id
//! (a snowflake) was made at ([`created_at`]).

pub use crate::app::Action;
use crate::clock::Timestamp;
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
    /// The `custom_id`: `focus:<verb>:<id>[:<ply>[:<move or menu step>]]`, at most 100 characters as
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
            Action::Pick(id, ply, pick) => format!("focus:pick:{}:{ply}:{pick}", id.0),
            Action::TypeMove(id, ply) => format!("focus:type-move:{}:{ply}", id.0),
            Action::Typed(id, ply) => format!("focus:typed:{}:{ply}", id.0),
            Action::Resign(id) => format!("focus:resign:{}", id.0),
            Action::ResignSure(id) => format!("focus:resign-sure:{}", id.0),
            Action::OfferDraw(id) => format!("focus:offer-draw:{}", id.0),
            Action::Show(id) => format!("focus:board:{}", id.0),
        }
    }

    /// Reads a `custom_id`; `None` for anything else (another bot's, an old format).
    pub fn parse(custom_id: &str) -> Option<Action> {
        let mut parts = custom_id.strip_prefix("focus:")?.split(':');
        let verb = parts.next()?;
        let id: i64 = parts.next()?.parse().ok()?;
        let rest: Vec<&str> = parts.collect();
        // A ply, then maybe a move (its notation has no `:`: `c4-d4`, `+e5`, `d4~d5`) or a
        // menu's step (`o`, `c4`, `r3`).
        let ply = || rest.first().and_then(|p| p.parse::<u32>().ok());
        let action = match (verb, rest.len()) {
            ("play-anyway", 2) => Action::PlayAnyway(GameId(id), ply()?, rest[1].parse().ok()?),
            ("pick", 2) => Action::Pick(GameId(id), ply()?, rest[1].parse().ok()?),
            ("takeback-yes", 1) => Action::Takeback(GameId(id), ply()?, true),
            ("takeback-no", 1) => Action::Takeback(GameId(id), ply()?, false),
            ("standings", 1) => match ply()? {
                0 => return None,
                page => Action::Standings(TournamentId(id), page),
            },
            ("type-move", 1) => Action::TypeMove(GameId(id), ply()?),
            ("typed", 1) => Action::Typed(GameId(id), ply()?),
            (_, 0) => match verb {
                "accept" => Action::Accept(ChallengeId(id)),
                "decline" => Action::Decline(ChallengeId(id)),
                "cancel" => Action::Cancel(ChallengeId(id)),
                "draw-yes" => Action::Draw(GameId(id), true),
                "draw-no" => Action::Draw(GameId(id), false),
                "ladder" if id >= 1 => Action::Ladder(u32::try_from(id).ok()?),
                "watch" if id >= 1 => Action::Watch(u32::try_from(id).ok()?),
                "replay" => Action::Replay(GameId(id)),
                "rematch" => Action::Rematch(GameId(id)),
                "join" => Action::Join(TournamentId(id)),
                "leave" => Action::Leave(TournamentId(id)),
                "resign" => Action::Resign(GameId(id)),
                "resign-sure" => Action::ResignSure(GameId(id)),
                "offer-draw" => Action::OfferDraw(GameId(id)),
                "board" => Action::Show(GameId(id)),
                _ => return None,
            },
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
            Action::Pick(GameId(i64::MAX), u32::MAX, crate::pick::Pick::Origin),
            Action::Pick(GameId(4), 9, "c4".parse().unwrap()),
            Action::Pick(GameId(4), 9, "r8".parse().unwrap()),
            Action::Pick(GameId(4), 9, "w1".parse().unwrap()),
            Action::TypeMove(GameId(5), 0),
            Action::Typed(GameId(i64::MAX), u32::MAX),
            Action::Resign(GameId(6)),
            Action::ResignSure(GameId(6)),
            Action::OfferDraw(GameId(6)),
            Action::Show(GameId(6)),
            Action::Standings(TournamentId(2), 3),
            Action::Join(TournamentId(2)),
            Action::Leave(TournamentId(2)),
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
            "focus:pick:1:2",
            "focus:pick:1:2:z9",
            "focus:pick:1:x:o",
            "focus:pick:1:2:o:3",
            "focus:typed:1",
            "focus:type-move:1:2:3",
            "focus:resign:1:2",
            "focus:board:x",
            "focus:standings:1:0",
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
