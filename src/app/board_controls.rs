//! The controls a board carries where a player may have no slash commands: a menu of what
//! can move and the buttons of a game's actions. A leaf of `app`: the handlers of the clicks
//! live in `controls`, which uses it, as `app` does.

use super::reply::{Button, Menu, MenuOption, Style};
use super::request::Action;
use crate::i18n::Lang;
use crate::pick::{self, Pick};
use crate::service::Board;
use crate::store::GameStatus;
use crate::strings;

/// The controls of `board` in `lang`: its menu of what can move and its buttons; `None` for
/// a game over, or one played where everybody has the slash commands.
pub fn controls(lang: Lang, board: &Board) -> Option<(Menu, Vec<Button>)> {
    let game = &board.game;
    if !game.venue.components_only() || game.status != GameStatus::Active {
        return None;
    }
    let menu = menu(lang, board, Pick::Origin);
    let button = |action, which: &str, style| Button {
        action,
        label: strings::button(lang, which),
        style,
        disabled: false,
    };
    let buttons = vec![
        button(
            Action::TypeMove(game.id, game.ply),
            "type-move",
            Style::Primary,
        ),
        button(Action::OfferDraw(game.id), "offer-draw", Style::Neutral),
        button(Action::Resign(game.id), "resign", Style::Danger),
        button(Action::Show(game.id), "board", Style::Neutral),
    ];
    Some((menu, buttons))
}

/// The menu `pick` of `board` for the player to move, in `lang`.
pub(super) fn menu(lang: Lang, board: &Board, pick: Pick) -> Menu {
    let options = pick::options(&board.position, pick)
        .into_iter()
        .map(|choice| MenuOption {
            value: choice.to_string(),
            label: strings::pick::label(lang, &board.position, choice),
        })
        .collect();
    Menu {
        action: Action::Pick(board.game.id, board.game.ply, pick),
        placeholder: strings::pick::placeholder(lang, pick),
        options,
    }
}
