//! The words of a game's controls (issue 23): the options and prompts of the menus that
//! choose a move, the form that types one, and the question before resigning. Each label
//! fits Discord's 100 characters, each form title its 45.

use crate::i18n::Lang;
use crate::pick::{Choice, Pick};
use crate::rules::{Move, Position};
use crate::store::GameId;
use crate::text::Text;
use crate::tr;

/// An option's label: `c4 — stack of 3`, `Reserve — 2 pieces`, `c4 → c6 (2 pieces)`.
pub fn label(lang: Lang, position: &Position, choice: Choice) -> String {
    let side = position.side_to_move();
    match choice {
        Choice::Next(Pick::Stack(sq)) => tr!(
            lang,
            "pick-stack",
            square = sq.to_string(),
            height = position.stack(sq).height()
        ),
        Choice::Next(Pick::Reserve) => {
            tr!(lang, "pick-reserve", pieces = position.reserve(side))
        }
        Choice::Next(Pick::Swap) => tr!(lang, "pick-swap"),
        Choice::Next(Pick::ReserveRank(rank) | Pick::SwapRank(rank)) => {
            tr!(lang, "pick-rank", rank = u64::from(rank))
        }
        Choice::Next(Pick::Origin) => tr!(lang, "pick-origin"),
        Choice::Play(mv @ Move::Step { from, to }) => tr!(
            lang,
            "pick-step",
            from = from.to_string(),
            to = to.to_string(),
            pieces = from.line_to(to).map_or(0, |(_, n)| n),
            notation = mv.to_string()
        ),
        Choice::Play(Move::Drop { to }) => tr!(lang, "pick-drop", to = to.to_string()),
        Choice::Play(Move::Swap { a, b }) => {
            tr!(lang, "pick-swap-pair", a = a.to_string(), b = b.to_string())
        }
    }
}

/// What menu `pick` shows before a choice: "Your move: a stack or the reserve".
pub fn placeholder(lang: Lang, pick: Pick) -> String {
    match pick {
        Pick::Origin => tr!(lang, "pick-placeholder-origin"),
        Pick::Stack(sq) => tr!(lang, "pick-placeholder-stack", square = sq.to_string()),
        Pick::Reserve | Pick::ReserveRank(_) => tr!(lang, "pick-placeholder-reserve"),
        Pick::Swap | Pick::SwapRank(_) => tr!(lang, "pick-placeholder-swap"),
    }
}

/// The private message above the next menu: "Game 12: where does c4 go?".
pub fn asking(lang: Lang, game: GameId, pick: Pick) -> Text {
    let ask = placeholder(lang, pick);
    Text::from_marked(&tr!(
        lang,
        "pick-asking",
        game = game.0.to_string(),
        ask = ask
    ))
}

/// The private menu once its move is played: "Game 12: you played c4-c6."
pub fn played(lang: Lang, game: GameId, notation: &str) -> Text {
    Text::from_marked(&tr!(
        lang,
        "pick-played",
        game = game.0.to_string(),
        notation = notation
    ))
}

/// The form's title: "Your move in game 12".
pub fn form_title(lang: Lang, game: GameId) -> String {
    tr!(lang, "pick-form-title", game = game.0.to_string())
}

/// The form's field: "Move (c4-d4 moves a stack, +e5 drops from the reserve)".
pub fn form_label(lang: Lang) -> String {
    tr!(lang, "pick-form-label")
}

/// The question before resigning game `game`.
pub fn resign_sure(lang: Lang, game: GameId) -> Text {
    Text::from_marked(&tr!(lang, "pick-resign-sure", game = game.0.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pick::{self, MENU_LIMIT};

    #[test]
    fn labels_fit_discord_and_russian_counts_pieces() {
        let position = Position::start();
        for lang in [Lang::ENGLISH, Lang::of_tag("ru")] {
            for choice in pick::options(&position, Pick::Origin) {
                let text = label(lang, &position, choice);
                assert!(!text.is_empty() && text.chars().count() <= 100, "{text}");
                let Choice::Next(next) = choice else { panic!() };
                let options = pick::options(&position, next);
                assert!(options.len() <= MENU_LIMIT);
                for choice in options {
                    let text = label(lang, &position, choice);
                    assert!(text.chars().count() <= 100, "{text}");
                }
            }
            assert!(form_title(lang, GameId(1_000_000_000)).chars().count() <= 45);
            assert!(
                form_label(lang).chars().count() <= 45,
                "{}",
                form_label(lang)
            );
        }
        let ru = Lang::of_tag("ru");
        let c3 = Choice::Next(Pick::Stack("c3".parse().unwrap()));
        assert_eq!(label(ru, &position, c3), "c3 — одна шашка");
        assert_eq!(label(Lang::ENGLISH, &position, c3), "c3 — one piece");
        // A step's pieces are its distance: 1 шашка, 2 шашки, 5 шашек.
        let step = |s: &str| Choice::Play(s.parse().unwrap());
        assert_eq!(label(ru, &position, step("d4-d5")), "d4-d5 (1 шашка)");
        assert_eq!(label(ru, &position, step("d4-d6")), "d4-d6 (2 шашки)");
        assert_eq!(label(ru, &position, step("c1-c6")), "c1-c6 (5 шашек)");
        assert_eq!(
            label(Lang::ENGLISH, &position, step("c1-c6")),
            "c1-c6 (5 pieces)"
        );
        assert_eq!(
            label(ru, &position, step("+e5")),
            "+e5: шашка из резерва на e5"
        );
        assert_eq!(
            placeholder(ru, Pick::Stack("c3".parse().unwrap())),
            "Куда пойдёт c3?"
        );
    }
}
