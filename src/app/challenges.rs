//! Challenges and how games start: `/focus challenge`, a game against the bot, Accept,
//! Decline, Cancel and Rematch.

use super::{After, Asked, Edit, Message, Reply, ThreadRoom, ThreadStart, To, challenge_buttons};
use crate::service::{Board, ChallengeOptions, Rematch, Result, coin_toss};
use crate::store::{ChallengeId, GameId};
use crate::strings;
use crate::text::Text;

/// Where a game accepted here goes.
enum Room {
    /// In a new thread started from the challenge's message.
    Thread,
    /// Here.
    Here,
    /// Here, because the bot lacks these permissions (Discord's names) to start threads.
    Missing(Vec<&'static str>),
}

impl Asked<'_> {
    /// Where a game accepted here is played: a thread when the server wants threads and the
    /// place allows them. A store failure reads as threads off.
    async fn room(&self) -> Room {
        let room = &self.caller.threads;
        // Where the bot is not a member (a user's install) it starts no thread, and there is
        // no permission to miss.
        if matches!(room, ThreadRoom::NotHere | ThreadRoom::Own) || !self.caller.venue.bot_posts() {
            return Room::Here;
        }
        let guild = self.caller.place.guild_id;
        if !self
            .service()
            .settings
            .threads_on(guild)
            .await
            .unwrap_or(false)
        {
            return Room::Here;
        }
        match room {
            ThreadRoom::Able => Room::Thread,
            ThreadRoom::Missing(missing) => Room::Missing(missing.clone()),
            ThreadRoom::NotHere | ThreadRoom::Own => Room::Here,
        }
    }

    pub(super) async fn challenge(&self, options: ChallengeOptions) -> Result<Reply> {
        let room = self.room().await;
        let threads = matches!(room, Room::Thread);
        let bot = &self.caller.bot;
        let (request, level) = options
            .clone()
            .request(bot.id, threads, self.caller.venue)?;
        let (me, place, lang) = (&self.caller.user, self.caller.place, self.public());
        if let Some(level) = level {
            if threads {
                // The game's thread starts from an announcement, whose id the adapter gives
                // back ([`super::App::bot_game_from`]).
                return Ok(Reply {
                    messages: vec![Message::new(
                        To::Here,
                        strings::bot_game_announced(lang, me.id),
                    )],
                    announce: Some(options),
                    ..Reply::default()
                });
            }
            let board = self
                .service()
                .bots
                .challenge_bot(place, me, bot, level, request, None)
                .await?;
            let mut text = strings::game_started(lang, &board);
            // The server wants threads, but the bot may not start one here: say why not.
            if let Room::Missing(missing) = &room {
                text = text.line(strings::threads::no_thread(lang, missing));
            }
            let message = self
                .with_board(To::Here, lang, text, &board, board.to_move())
                .await?;
            return Ok(Reply {
                messages: vec![message],
                after: vec![After::BotToMove(Box::new(board.game.clone()))],
                ..Reply::default()
            });
        }
        let view = self
            .service()
            .challenges
            .challenge(place, me, request)
            .await?;
        let message = Message::new(To::Here, strings::challenge_posted(lang, &view))
            .buttons(challenge_buttons(lang, &view.challenge, false))
            .ping(view.challenge.opponent_id);
        Ok(Reply {
            messages: vec![message],
            after: vec![After::ChallengeMessage(view.challenge.id)],
            ..Reply::default()
        })
    }

    /// The game against the bot announced by message `announcement`, in its thread.
    pub(super) async fn bot_game_in_thread(
        &self,
        options: ChallengeOptions,
        announcement: u64,
    ) -> Result<Reply> {
        let bot = &self.caller.bot;
        let (request, level) = options.request(bot.id, true, self.caller.venue)?;
        let level = crate::service::bot_level(level);
        let (me, place, lang) = (&self.caller.user, self.caller.place, self.public());
        let board = self
            .service()
            .bots
            .challenge_bot(place, me, bot, level, request, Some(announcement))
            .await?;
        let announced = strings::bot_game_announced(lang, me.id);
        let in_thread = announced.clone().line(strings::threads::game_in_thread(
            lang,
            board.game.id,
            announcement,
        ));
        let start = self
            .with_board(
                To::Game {
                    channel: announcement,
                    game: board.game.id,
                    note: Text::default(),
                    or_here: false,
                },
                lang,
                strings::game_started(lang, &board),
                &board,
                board.to_move(),
            )
            .await?;
        // Without its thread, the game is started in the channel, as a message of its own.
        let posted = Message {
            to: To::Posted,
            ..start.clone()
        };
        Ok(Reply {
            messages: vec![Message::new(To::Clicked(Edit::Replace), in_thread), start],
            thread: Some(ThreadStart {
                from: announcement,
                name: strings::threads::thread_name(lang, &board),
                game: board.game.id,
                instead: vec![
                    Message::new(
                        To::Clicked(Edit::Replace),
                        announced.line(strings::threads::no_thread(lang, &[])),
                    ),
                    posted,
                ],
            }),
            after: vec![After::BotToMove(Box::new(board.game.clone()))],
            announce: None,
            refused: false,
            modal: None,
        })
    }

    pub(super) async fn accept(&self, id: ChallengeId) -> Result<Reply> {
        let room = self.room().await;
        let lang = self.public();
        let me = &self.caller.user;
        // A thread started from the challenge's message gets the message's id.
        let thread = match (&room, self.caller.clicked) {
            (Room::Thread, Some(message)) => Some(message),
            _ => None,
        };
        let board = self
            .service()
            .challenges
            .accept_in(id, me, coin_toss(), thread)
            .await?;
        let accepted = strings::accepted_by(lang, me.id);
        let note = match &room {
            Room::Missing(missing) => Some(strings::threads::no_thread(lang, missing)),
            _ => None,
        };
        let Some(thread) = thread else {
            let text = match note {
                Some(note) => accepted.line(note),
                None => accepted,
            };
            return Ok(Reply {
                messages: vec![
                    Message::new(To::Clicked(Edit::Append), text),
                    self.started(To::Here, &board).await?,
                ],
                after: vec![After::BotToMove(Box::new(board.game.clone()))],
                ..Reply::default()
            });
        };
        let whereabouts = strings::threads::game_in_thread(lang, board.game.id, thread);
        let in_thread = self
            .started(
                To::Game {
                    channel: thread,
                    game: board.game.id,
                    note: Text::default(),
                    or_here: false,
                },
                &board,
            )
            .await?;
        let here = Message {
            to: To::Here,
            ..in_thread.clone()
        };
        Ok(Reply {
            messages: vec![
                Message::new(
                    To::Clicked(Edit::Append),
                    accepted.clone().line(whereabouts),
                ),
                in_thread,
            ],
            thread: Some(ThreadStart {
                from: thread,
                name: strings::threads::thread_name(lang, &board),
                game: board.game.id,
                instead: vec![
                    Message::new(
                        To::Clicked(Edit::Append),
                        accepted.line(strings::threads::no_thread(lang, &[])),
                    ),
                    here,
                ],
            }),
            after: Vec::new(),
            announce: None,
            refused: false,
            modal: None,
        })
    }

    /// The message that starts the game of `board`, going `to`.
    async fn started(&self, to: To, board: &Board) -> Result<Message> {
        let lang = self.public();
        let text = strings::game_started(lang, board);
        self.with_board(to, lang, text, board, board.to_move())
            .await
    }

    pub(super) async fn decline(&self, id: ChallengeId) -> Result<Reply> {
        let view = self
            .service()
            .challenges
            .decline(id, &self.caller.user)
            .await?;
        let text = strings::challenge_closed(self.public(), &view);
        Ok(Reply::one(Message::new(To::Clicked(Edit::Replace), text)))
    }

    pub(super) async fn cancel(&self, id: ChallengeId) -> Result<Reply> {
        let view = self
            .service()
            .challenges
            .cancel(id, &self.caller.user)
            .await?;
        let text = strings::challenge_closed(self.public(), &view);
        Ok(Reply::one(Message::new(To::Clicked(Edit::Replace), text)))
    }

    /// Rematch on game `id`: a challenge to the other player with the colours swapped, posted
    /// below; the clicked message keeps its text, its Rematch button disabled.
    pub(super) async fn rematch(&self, id: GameId) -> Result<Reply> {
        let threads = matches!(self.room().await, Room::Thread);
        let lang = self.public();
        let (game, rematch) = self
            .service()
            .challenges
            .rematch(self.caller.place, &self.caller.user, id, threads)
            .await?;
        let clicked = Message::new(To::Clicked(Edit::Append), Text::default())
            .buttons(super::finished_buttons(lang, &game, true));
        match rematch {
            // Against the bot: the new game starts here at once.
            Rematch::Started(board) => {
                let text = strings::game_started(lang, &board);
                let mut start = self
                    .with_board(To::Posted, lang, text, &board, board.to_move())
                    .await?;
                start.buttons.clear();
                Ok(Reply {
                    messages: vec![clicked, start],
                    after: vec![After::BotToMove(Box::new(board.game.clone()))],
                    ..Reply::default()
                })
            }
            Rematch::Challenge(view) => {
                let message = Message::new(To::Posted, strings::rematch_posted(lang, &view, id))
                    .buttons(challenge_buttons(lang, &view.challenge, false))
                    .ping(view.challenge.opponent_id);
                Ok(Reply {
                    messages: vec![clicked, message],
                    after: vec![After::ChallengeMessage(view.challenge.id)],
                    ..Reply::default()
                })
            }
        }
    }
}
