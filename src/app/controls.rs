//! A game's controls on its own board, where some players may have no slash commands (a
//! user's install in a group DM or in a server without the bot, issue 23): a menu of what
//! can move, then where it goes ([`super::pick`]); a form to type a move; Offer draw, Resign
//! and Board. Every action of a game is reachable from them, by anyone in the channel who
//! plays it; the service checks who clicks, and a board that the game has moved on from
//! is refused.

use super::board_controls;
use super::{Action, Asked, Button, Edit, Message, Modal, Reply, Style, To};
use crate::pick::{self, Choice, Pick};
use crate::rules::Move;
use crate::service::{MoveTerms, Result, ServiceError};
use crate::store::GameId;
use crate::strings;

impl Asked<'_> {
    /// A step of choosing a move: option `value` of menu `pick` of game `id` at `ply`. The
    /// next menu is shown to the chooser alone; a move is played.
    pub(super) async fn pick(
        &self,
        id: GameId,
        ply: u32,
        pick: Pick,
        value: &str,
    ) -> Result<Reply> {
        let me = &self.caller.user;
        let board = self.service().games.board_at(id, ply, me).await?;
        // A forged or stale value names no option of this menu.
        let choice = value
            .parse::<Choice>()
            .ok()
            .filter(|c| pick::options(&board.position, pick).contains(c))
            .ok_or(ServiceError::StaleBoard(id))?;
        let lang = self.private();
        match choice {
            Choice::Next(next) => {
                // The board's own menu opens a private one; a private one is replaced.
                let to = if pick == Pick::Origin {
                    To::Private
                } else {
                    To::Clicked(Edit::Replace)
                };
                let mut message = Message::new(to, strings::pick::asking(lang, id, next));
                message.menu = Some(board_controls::menu(lang, &board, next));
                Ok(Reply::one(message))
            }
            Choice::Play(mv) => self.play_from_controls(id, ply, mv.to_string(), true).await,
        }
    }

    /// The form to type a move in game `id` at `ply`: opened for its player to move only.
    pub(super) async fn type_move(&self, id: GameId, ply: u32) -> Result<Reply> {
        self.service()
            .games
            .game_at(id, ply, &self.caller.user)
            .await?;
        let lang = self.private();
        Ok(Reply {
            modal: Some(Modal {
                action: Action::Typed(id, ply),
                title: strings::pick::form_title(lang, id),
                label: strings::pick::form_label(lang),
                placeholder: "c4-d4, +e5".to_owned(),
            }),
            ..Reply::default()
        })
    }

    /// Move `text` in game `id` at `ply`, chosen from the game's controls (`from_menu`: a
    /// private menu, else the typed-move form): played as `/focus move` plays it (a move that
    /// loses by the mirror rule is asked about first).
    pub(super) async fn play_from_controls(
        &self,
        id: GameId,
        ply: u32,
        text: String,
        from_menu: bool,
    ) -> Result<Reply> {
        let text = text.trim().to_owned();
        let terms = MoveTerms {
            seen_at: self.caller.sent_at,
            mirror_loss_confirmed: false,
        };
        let report = self
            .service()
            .games
            .play_at(id, ply, &self.caller.user, &text, terms)
            .await;
        let mut reply = self.move_reply(report, false).await?;
        // A private menu that chose the move says so, and the board follows for everyone. A
        // form's "clicked" message is the public board it was opened from: left alone.
        if from_menu
            && self.caller.clicked.is_some()
            && !reply.refused
            && reply.messages.first().is_some_and(|m| m.to == To::Here)
        {
            let played = text.parse::<Move>().map(|m| m.to_string()).unwrap_or(text);
            reply.messages.insert(
                0,
                Message::new(
                    To::Clicked(Edit::Replace),
                    strings::pick::played(self.private(), id, &played),
                ),
            );
        }
        Ok(reply)
    }

    /// The player of game `id` is asked whether they resign.
    pub(super) async fn resign_asked(&self, id: GameId) -> Result<Reply> {
        let game = self.current_game(id).await?;
        game.color_of(self.caller.user.id)
            .ok_or(ServiceError::NotAPlayer)?;
        let lang = self.private();
        let sure = Button {
            action: Action::ResignSure(id),
            label: strings::button(lang, "resign"),
            style: Style::Danger,
            disabled: false,
        };
        Ok(Reply::one(
            Message::new(To::Private, strings::pick::resign_sure(lang, id)).buttons(vec![sure]),
        ))
    }

    /// The game of this channel, when it is game `id`; else the control is stale.
    pub(super) async fn current_game(&self, id: GameId) -> Result<crate::store::Game> {
        match self
            .service()
            .games
            .game_in(self.caller.place, self.caller.user.id)
            .await
        {
            Ok(game) if game.id == id => Ok(game),
            Ok(_) | Err(ServiceError::NoGameHere) => Err(ServiceError::StaleBoard(id)),
            Err(e) => Err(e),
        }
    }
}
