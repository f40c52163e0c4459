//! The words of the board picture, in the reader's language, and the options that draw a
//! [`Board`] with them ([`crate::render`] has no words of its own).

use crate::i18n::Lang;
use crate::render::{GameEnd, RenderOptions, Words};
use crate::rules::Color;
use crate::service::Board;
use crate::store::{GameResult, GameStatus};
use crate::tr;

/// The picture's words in `lang`.
pub fn words(lang: Lang) -> Words {
    Words {
        reserve: tr!(lang, "picture-reserve"),
        captured: tr!(lang, "picture-captured"),
        to_move: tr!(lang, "picture-to-move"),
        winner: tr!(lang, "picture-winner"),
        cannot_move: tr!(lang, "picture-note", reason = "no-legal-move"),
        mirrored: tr!(lang, "picture-note", reason = "mirror-rule"),
        colors: [
            super::color_name(lang, Color::White),
            super::color_name(lang, Color::Black),
        ],
    }
}

/// How `board`'s picture states a finished game's result in `lang`: the winner's badge and a
/// note on the loser's panel (on both when nobody won); `None` while it is in play.
pub fn game_end(lang: Lang, board: &Board) -> Option<GameEnd> {
    let game = &board.game;
    match game.status {
        GameStatus::Active => None,
        GameStatus::NeedsReview => Some(GameEnd {
            winner: None,
            reason: tr!(lang, "picture-held"),
        }),
        GameStatus::Finished | GameStatus::Aborted => Some(GameEnd {
            winner: match game.result {
                Some(GameResult::White) => Some(Color::White),
                Some(GameResult::Black) => Some(Color::Black),
                _ => None,
            },
            reason: tr!(
                lang,
                "picture-note",
                reason = super::reason_key(game.reason, game.result)
            ),
        }),
    }
}

/// The options that draw `board` for a reader of `lang`: names, last move, result, words;
/// from Black's side when `flipped`.
pub fn options(lang: Lang, board: &Board) -> RenderOptions {
    RenderOptions {
        white: board.name(Color::White).unwrap_or_default().to_owned(),
        black: board.name(Color::Black).unwrap_or_default().to_owned(),
        last_move: board.last_move,
        end: game_end(lang, board),
        ..RenderOptions::new(words(lang))
    }
}
