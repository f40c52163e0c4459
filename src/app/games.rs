//! Playing a game: moves, the board, hints, resigning, draws, takebacks, aborts, more time,
//! and the buttons that answer them.

use super::{Action, After, Asked, Edit, Message, Reply, Style, To, answer_buttons, button};
use crate::rules::{Color, Move};
use crate::service::{DrawReport, MoveReport, MoveTerms, Result, ServiceError};
use crate::store::GameId;
use crate::strings;
use crate::text::Text;

impl Asked<'_> {
    /// `/focus move`: the move, and with `draw` a draw offer in the same message. A move that
    /// loses at once under the mirror rule is asked about first, privately, unless `confirmed`.
    pub(super) async fn play(&self, notation: &str, draw: bool, confirmed: bool) -> Result<Reply> {
        let (me, place) = (&self.caller.user, self.caller.place);
        let terms = MoveTerms {
            seen_at: self.caller.sent_at,
            mirror_loss_confirmed: confirmed,
        };
        let report = self
            .service()
            .games
            .play_with(place, me, notation, terms)
            .await;
        self.move_reply(report, draw).await
    }

    /// The answer to a move played (`report`), with a draw offer made with it when `draw`:
    /// the board for everyone, or, for a move that loses by the mirror rule, the private
    /// question whether the player means it.
    pub(super) async fn move_reply(&self, report: Result<MoveReport>, draw: bool) -> Result<Reply> {
        let (me, place, lang) = (&self.caller.user, self.caller.place, self.public());
        let report = match report {
            Err(error @ ServiceError::MirrorLoss { game, ply, mv }) => {
                // Not played: the player is asked, privately, whether they mean it.
                let lang = self.private();
                let confirm = button(
                    lang,
                    Action::PlayAnyway(game, ply, mv),
                    "play-anyway",
                    Style::Danger,
                );
                let ask = Message::new(To::Private, strings::refusal(lang, &error))
                    .buttons(vec![confirm]);
                return Ok(Reply::one(ask));
            }
            result => result?,
        };
        let mut board = report.board.clone();
        let ping = board.to_move().or(Some(board.game.player(!report.mover)));
        let mut text = strings::move_played(lang, &report);
        let mut buttons = None;
        // `draw:true`: the move comes with a draw offer, in the same message. The move stands
        // whatever the answer: a refusal (the bot declines) is said in the same message.
        if draw && board.to_move().is_some() {
            match self.service().games.draw(place, me).await {
                Ok(DrawReport::Offered { game, by }) => {
                    text = text.line(strings::draw_offered(lang, &game, by));
                    buttons = Some(answer_buttons(
                        lang,
                        Action::Draw(game.id, true),
                        Action::Draw(game.id, false),
                    ));
                }
                Ok(DrawReport::Agreed(agreed)) => {
                    // The game is over: the message ends with its result, not whose move.
                    let report = MoveReport {
                        board: agreed.clone(),
                        ..report.clone()
                    };
                    text = strings::move_played(lang, &report);
                    board = agreed;
                }
                Err(error) if error.for_users() => {
                    text = text.line(strings::refusal(lang, &error));
                }
                Err(error) => return Err(error),
            }
        }
        let mut message = self
            .with_board(self.to_game(&board.game), lang, text, &board, ping)
            .await?;
        if let Some(buttons) = buttons {
            message.buttons = buttons;
        }
        Ok(Reply {
            messages: vec![message],
            // Against the bot, it answers now that the move is shown.
            after: vec![After::BotToMove(Box::new(board.game.clone()))],
            ..Reply::default()
        })
    }

    /// Play it anyway: the confirmed move of game `id` at `ply`.
    pub(super) async fn play_anyway(&self, id: GameId, ply: u32, mv: Move) -> Result<Reply> {
        let lang = self.public();
        let report = self
            .service()
            .games
            .play_anyway(id, ply, &self.caller.user, mv)
            .await?;
        let game = &report.board.game;
        let ping = report.board.to_move().or(Some(game.player(!report.mover)));
        let text = strings::move_played(lang, &report);
        let to = if game.channel_id == self.caller.place.channel_id {
            To::Posted
        } else {
            To::Game {
                channel: game.channel_id,
                game: game.id,
                note: Text::default(),
                or_here: true,
            }
        };
        let played = self.with_board(to, lang, text, &report.board, ping).await?;
        Ok(Reply {
            // The private question is answered: its button goes.
            messages: vec![
                Message::new(To::Clicked(Edit::Append), Text::default()),
                played,
            ],
            after: vec![After::BotToMove(Box::new(game.clone()))],
            ..Reply::default()
        })
    }

    /// The legal moves starting with `typed`, for the asker.
    pub(super) async fn suggest(&self, typed: &str) -> Result<Reply> {
        let lang = self.private();
        let found = self
            .service()
            .games
            .suggestions(self.caller.place, self.caller.user.id, typed)
            .await;
        Ok(Reply::private(strings::suggestions(lang, typed, &found)))
    }

    /// `/focus board`: players see it where the game is played; onlookers privately, in their
    /// own language; with `side`, privately and from that side.
    pub(super) async fn board(&self, side: Option<Color>) -> Result<Reply> {
        let (board, plays) = self
            .service()
            .games
            .board_for(self.caller.place, &self.caller.user)
            .await?;
        if let Some(side) = side {
            let lang = self.private();
            let text = strings::board_caption(lang, &board);
            let picture = self.picture(lang, &board, Some(side)).await?;
            return Ok(Reply::one(Message::new(To::Private, text).file(picture)));
        }
        let (to, lang) = if plays {
            (self.to_game(&board.game), self.public())
        } else {
            (To::Private, self.private())
        };
        let text = strings::board_caption(lang, &board);
        Ok(Reply::one(
            self.with_board(to, lang, text, &board, None).await?,
        ))
    }

    pub(super) async fn hint(&self) -> Result<Reply> {
        // The search may wait for a core behind other games' searches.
        self.working();
        let hint = self
            .service()
            .bots
            .hint(self.caller.place, &self.caller.user)
            .await?;
        Ok(Reply::private(strings::hint_given(self.private(), &hint)))
    }

    pub(super) async fn resign(&self) -> Result<Reply> {
        let me = &self.caller.user;
        let board = self.service().games.resign(self.caller.place, me).await?;
        let other = board.game.color_of(me.id).map(|c| board.game.player(!c));
        let lang = self.public();
        let text = strings::game_ended(lang, &board);
        let to = self.to_game(&board.game);
        Ok(Reply::one(
            self.with_board(to, lang, text, &board, other).await?,
        ))
    }

    pub(super) async fn draw(&self) -> Result<Reply> {
        let me = &self.caller.user;
        let lang = self.public();
        match self.service().games.draw(self.caller.place, me).await? {
            DrawReport::Offered { game, by } => {
                let message =
                    Message::new(self.to_game(&game), strings::draw_offered(lang, &game, by))
                        .buttons(answer_buttons(
                            lang,
                            Action::Draw(game.id, true),
                            Action::Draw(game.id, false),
                        ))
                        .ping(Some(game.player(!by)));
                Ok(Reply::one(message))
            }
            DrawReport::Agreed(board) => {
                let other = board.game.color_of(me.id).map(|c| board.game.player(!c));
                let text = strings::game_ended(lang, &board);
                let to = self.to_game(&board.game);
                Ok(Reply::one(
                    self.with_board(to, lang, text, &board, other).await?,
                ))
            }
        }
    }

    /// The board of the channel's game, privately, with its controls where the game has them
    /// (the Board button).
    pub(super) async fn show(&self, id: GameId) -> Result<Reply> {
        self.current_game(id).await?;
        let (board, plays) = self
            .service()
            .games
            .board_for(self.caller.place, &self.caller.user)
            .await?;
        let lang = self.private();
        let text = strings::board_caption(lang, &board);
        let mut message = self
            .with_board(To::Private, lang, text, &board, None)
            .await?;
        // A spectator's board has no controls: every one of them would refuse them.
        if !plays {
            message.menu = None;
            message.buttons.clear();
        }
        Ok(Reply::one(message))
    }

    /// A draw offer answered with a button.
    pub(super) async fn answer_draw(&self, id: GameId, accept: bool) -> Result<Reply> {
        let me = &self.caller.user;
        let lang = self.public();
        match self.service().games.answer_draw(id, me, accept).await? {
            DrawReport::Agreed(board) => {
                let text = strings::game_ended(lang, &board);
                let ended = self
                    .with_board(To::Posted, lang, text, &board, None)
                    .await?;
                let answered = Message::new(To::Clicked(Edit::Append), Text::default());
                Ok(Reply {
                    messages: vec![answered, ended],
                    ..Reply::default()
                })
            }
            DrawReport::Offered { game, .. } => {
                let by = game.color_of(me.id).unwrap_or(Color::White);
                let text = strings::draw_declined(lang, &game, by);
                Ok(Reply::one(Message::new(To::Clicked(Edit::Replace), text)))
            }
        }
    }

    pub(super) async fn takeback(&self) -> Result<Reply> {
        let me = &self.caller.user;
        let lang = self.public();
        let board = self
            .service()
            .games
            .request_takeback(self.caller.place, me)
            .await?;
        let by = board.game.color_of(me.id).unwrap_or(Color::White);
        let (id, ply) = (board.game.id, board.game.ply);
        let message = Message::new(
            self.to_game(&board.game),
            strings::takeback_requested(lang, &board, by),
        )
        .buttons(answer_buttons(
            lang,
            Action::Takeback(id, ply, true),
            Action::Takeback(id, ply, false),
        ))
        .ping(Some(board.game.player(!by)));
        Ok(Reply::one(message))
    }

    /// A takeback request answered with a button.
    pub(super) async fn answer_takeback(
        &self,
        id: GameId,
        ply: u32,
        accept: bool,
    ) -> Result<Reply> {
        let lang = self.public();
        let board = self
            .service()
            .games
            .answer_takeback(id, ply, &self.caller.user, accept)
            .await?;
        if !accept {
            let text = strings::takeback_declined(lang, &board.game);
            return Ok(Reply::one(Message::new(To::Clicked(Edit::Replace), text)));
        }
        let text = strings::takeback_done(lang, &board);
        let mut done = self
            .with_board(To::Posted, lang, text, &board, board.to_move())
            .await?;
        done.buttons.clear();
        Ok(Reply {
            messages: vec![
                Message::new(To::Clicked(Edit::Append), Text::default()),
                done,
            ],
            after: vec![After::BotToMove(Box::new(board.game.clone()))],
            ..Reply::default()
        })
    }

    pub(super) async fn abort(&self) -> Result<Reply> {
        let caller = self.caller;
        let board = self
            .service()
            .games
            .abort(caller.place, &caller.user, caller.moderator)
            .await?;
        let lang = self.public();
        let text = strings::game_ended(lang, &board);
        let to = self.to_game(&board.game);
        Ok(Reply::one(
            self.with_board(to, lang, text, &board, None).await?,
        ))
    }

    pub(super) async fn more_time(&self) -> Result<Reply> {
        let me = &self.caller.user;
        let game = self
            .service()
            .deadlines
            .more_time(self.caller.place, me)
            .await?;
        let text = strings::more_time_given(self.public(), &game, me.id);
        Ok(Reply::one(Message::new(self.to_game(&game), text)))
    }
}
