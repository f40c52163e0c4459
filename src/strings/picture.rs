//! The words of the board picture, in the reader's language, and the options that draw a
//! [`Board`] with them ([`crate::render`] has no words of its own).

use crate::i18n::Lang;
use crate::render::{GameEnd, RenderOptions, ReplayOptions, Words};
use crate::rules::Color;
use crate::service::{Board, History};
use crate::store::{Game, GameResult, GameStatus};
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
            super::color_heading(lang, Color::White),
            super::color_heading(lang, Color::Black),
        ],
    }
}

/// How the picture of `game` states its result in `lang`: the winner's badge and a note on
/// the loser's panel (on both when nobody won); `None` while it is in play.
pub fn game_end(lang: Lang, game: &Game) -> Option<GameEnd> {
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

/// The number of the move being played after `ply` plies, or of the last move when the game
/// is `over`: counted as `/focus watch` and the record count (ply 13 is move 7).
pub fn move_number(ply: u32, over: bool) -> u32 {
    if over {
        ply.div_ceil(2).max(1)
    } else {
        ply / 2 + 1
    }
}

/// The lines of the board's corner in `lang`: the game's number (when it has one) and the
/// move number after `ply` plies (see [`move_number`]).
pub fn corner(lang: Lang, game: Option<i64>, ply: u32, over: bool) -> Vec<String> {
    let number = tr!(lang, "picture-move", number = move_number(ply, over));
    match game {
        Some(game) => vec![tr!(lang, "picture-game", game = game.to_string()), number],
        None => vec![number],
    }
}

/// The corners of every frame of a replay of `plies` plies from a position with `first` to
/// move, the start first. Each later frame shows the move just played (marked on the board),
/// so it is labelled with that move's number as the record numbers it: the frame of 1…f3-g3
/// says "move 1", not the number of the move to come; from a set-up position with Black to
/// move, the first ply is 1… and the second White's move 2.
pub fn replay_corners(lang: Lang, game: Option<i64>, plies: u32, first: Color) -> Vec<Vec<String>> {
    let offset = u32::from(first == Color::Black);
    (0..=plies)
        .map(|ply| {
            let number = match ply {
                0 => 1,
                ply => (ply - 1 + offset) / 2 + 1,
            };
            let line = tr!(lang, "picture-move", number = number);
            match game {
                Some(game) => vec![tr!(lang, "picture-game", game = game.to_string()), line],
                None => vec![line],
            }
        })
        .collect()
}

/// The options that draw `board` for a reader of `lang`: names, last move, result, words;
/// from the board's default side ([`Board::default_side`]: the person's in a game against the
/// bot, turned around when they play Black; White's between people). A reader who asks for a
/// side sets `flipped` over these.
pub fn options(lang: Lang, board: &Board) -> RenderOptions {
    RenderOptions {
        flipped: board.default_side() == Color::Black,
        white: board.name(Color::White).unwrap_or_default().to_owned(),
        black: board.name(Color::Black).unwrap_or_default().to_owned(),
        last_move: board.last_move,
        end: game_end(lang, &board.game),
        corner: corner(
            lang,
            Some(board.game.id.0),
            board.game.ply,
            board.game.status != GameStatus::Active,
        ),
        ..RenderOptions::new(words(lang))
    }
}

/// The options of the animated replay of `history` for a reader of `lang`: the players'
/// names, the game's number and move numbers in the corner, and the result on the last frame;
/// from the game's default side, as its board ([`crate::service::default_side`]).
pub fn replay_options(lang: Lang, history: &History) -> ReplayOptions {
    let game = &history.game;
    let plies = u32::try_from(history.plies).unwrap_or(u32::MAX);
    let name = |c: Color| history.names[c.index()].clone().unwrap_or_default();
    ReplayOptions {
        flipped: crate::service::default_side(game) == Color::Black,
        white: name(Color::White),
        black: name(Color::Black),
        end: game_end(lang, game),
        corners: replay_corners(
            lang,
            Some(game.id.0),
            plies,
            // An unreadable set-up cannot be replayed at all; White first is the rules' default.
            game.start_position()
                .map_or(Color::White, |start| start.side_to_move()),
        ),
        ..ReplayOptions::new(words(lang))
    }
}
