// Longer than 400 lines: the outbox's delivery: each kind of notice made into its letter, beside
// the rules of retries and refused DMs.
//! Delivering the outbox: the service turns each due notice into a [`Letter`] and hands it
//! to a [`Postman`], which only knows how to send (the command layer's, which finishes the
//! letter into words and pictures for an adapter's carrier, or a test's); what to send, when to
//! retry and where a refused DM goes instead are decided here.

use std::future::Future;
use std::sync::Arc;

use super::context::Context;
use super::games::Games;
use super::settings::Settings;
use super::tournaments::Tournaments;
use super::{Board, Named, Result};
use crate::locale::Locale;
use crate::store::{Challenge, Game, GameStatus, Notice, NoticeId, NoticeKind, Via};

/// Notices handled per store read; [`Post::deliver`] reads again until none is due.
const BATCH: u32 = 50;

/// What a letter tells: data, put into words above the service, in the letter's language.
#[derive(Clone, Debug)]
pub enum News {
    /// It is the reader's move in `game`, against `opponent`.
    YourTurn {
        /// The game.
        game: Game,
        /// The opponent.
        opponent: Named,
    },
    /// `player`'s move in `game`, against `opponent`, is nearly due.
    Reminder {
        /// The game.
        game: Game,
        /// The player to move.
        player: u64,
        /// Their opponent.
        opponent: Named,
    },
    /// `loser` ran out of time in `game`: lost, or the game was aborted while each side had
    /// moved at most once (`game.status` tells which).
    TimedOut {
        /// The game after it ended.
        game: Game,
        /// Who ran out of time.
        loser: u64,
    },
    /// The bot moved in a game against it: its move, as a person's move is reported (the
    /// board is the position after it, the game maybe over).
    BotMoved(Box<super::MoveReport>),
    /// A tournament game has started in its thread (its first board, pinging both players).
    GameStarted {
        /// The game.
        game: Game,
        /// Its tournament.
        tournament: Box<crate::store::Tournament>,
        /// Its round.
        round: u32,
    },
    /// The reader's challenge ran out where the bot cannot edit its message (a group DM, a
    /// DM, a server without the bot): nobody accepted it in time, or its opponent never saw it
    /// (Discord does not tell the bot who is in a group DM).
    ChallengeExpired {
        /// The challenge.
        challenge: Box<Challenge>,
        /// Its opponent, if it named one.
        opponent: Option<Named>,
    },
    /// The reader lost on time without moving in `round`, and is withdrawn from `tournament`.
    NoShow {
        /// The event.
        tournament: Box<crate::store::Tournament>,
        /// The round.
        round: u32,
    },
}

impl News {
    /// The game it is about.
    pub fn game(&self) -> Option<&Game> {
        match self {
            News::YourTurn { game, .. }
            | News::Reminder { game, .. }
            | News::TimedOut { game, .. } => Some(game),
            News::BotMoved(report) => Some(&report.board.game),
            News::GameStarted { game, .. } => Some(game),
            News::NoShow { .. } | News::ChallengeExpired { .. } => None,
        }
    }

    /// Where what it tells happens, when it is a game or a challenge: a DM refused for it is
    /// held for the reader's next interaction where the bot cannot post.
    pub fn venue(&self) -> Option<crate::store::Venue> {
        match self {
            News::ChallengeExpired { challenge, .. } => Some(challenge.venue),
            _ => self.game().map(|g| g.venue),
        }
    }
}

/// A message the bot sends on its own: to whom, what, and in which language.
#[derive(Clone, Debug)]
pub enum Letter {
    /// A message in a channel, mentioning (and pinging) only `ping`.
    Post {
        /// The channel (or thread).
        channel_id: u64,
        /// What it tells.
        news: News,
        /// The users the message may ping.
        ping: Vec<u64>,
        /// A board picture to attach.
        board: Option<Box<Board>>,
        /// The language of the game's server.
        locale: Locale,
    },
    /// A direct message.
    Direct {
        /// The user.
        user_id: u64,
        /// What it tells.
        news: News,
        /// The reader's language, as their latest interaction gave it (else the server's).
        locale: Locale,
    },
    /// A challenge's message is edited to say it ran out, and its buttons are disabled.
    CloseChallenge {
        /// The challenge (with its channel and message).
        challenge: Challenge,
        /// The language of the challenge's server.
        locale: Locale,
    },
    /// A tournament board's message is posted in the event's channel, and a thread started
    /// from it: the postman answers [`Delivery::Thread`] with the thread's id, where the game
    /// is then created.
    StartGame {
        /// The event's channel.
        channel_id: u64,
        /// The event.
        tournament: Box<crate::store::Tournament>,
        /// The board, with its players' names.
        board: Box<super::tournaments::BoardView>,
        /// The language of the server.
        locale: Locale,
    },
    /// A tournament's announcement is edited to show the event as it is now (its players,
    /// state and buttons).
    Announce {
        /// The event's channel.
        channel_id: u64,
        /// The announcement.
        message_id: u64,
        /// The event and its players.
        view: Box<super::tournaments::TournamentView>,
        /// The language of the server.
        locale: Locale,
    },
    /// A tournament's news in its channel: a round's pairings, or the standings.
    Tournament {
        /// The event's channel.
        channel_id: u64,
        /// What it tells.
        news: Box<super::tournaments::TournamentNews>,
        /// The language of the server.
        locale: Locale,
    },
}

/// How a delivery went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Delivery {
    /// Sent (or already sent before: the nonce matched).
    Sent,
    /// Discord refused a DM for good (the user closed DMs, error 50007): the notice goes to
    /// the channel instead, and the DM is not tried again.
    DmRefused(String),
    /// Failed for now (a missing permission, Discord down): retried later.
    Failed(String),
    /// The channel is gone (a deleted thread): a game in a thread of its own is played in the
    /// channel of its challenge from now on, where the notice is retried.
    ChannelGone(String),
    /// A [`Letter::StartGame`] was posted and its thread started: the thread's id.
    Thread(u64),
}

/// What sends letters: the command layer's writer (for the Discord adapter and the console),
/// or a test.
pub trait Postman: Send + Sync {
    /// Sends `letter`, once: `notice` is unique per notice, and a postman that can (Discord's
    /// message nonce) uses it so that a repeated send is not posted twice.
    fn deliver(&self, notice: NoticeId, letter: &Letter) -> impl Future<Output = Delivery> + Send;
}

/// What one [`Post::deliver`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Delivered {
    /// Letters sent.
    pub sent: u32,
    /// Notices no longer worth sending (the move was played meanwhile).
    pub dropped: u32,
    /// Refused DMs turned into channel notices.
    pub to_channel: u32,
    /// Deliveries that failed and will be retried.
    pub failed: u32,
    /// Refused DMs held for the player's next interaction (a game where the bot cannot
    /// post: [`Post::take_held`]).
    pub held: u32,
}

/// The outbox's delivery: each due notice made into its letter and handed to a [`Postman`];
/// refused DMs held for the player's next interaction.
#[derive(Clone)]
pub struct Post {
    pub(super) context: Arc<Context>,
    /// The readers' languages.
    pub(super) settings: Settings,
    /// The tournaments, whose rounds the outbox carries.
    pub(super) tournaments: Tournaments,
    /// The games, moved back to their channel when their thread cannot be made.
    pub(super) games: Games,
}

impl Post {
    /// The part on `context`, with [`Settings`], [`Tournaments`], [`Games`].
    pub(super) fn new(
        context: Arc<Context>,
        settings: Settings,
        tournaments: Tournaments,
        games: Games,
    ) -> Post {
        Post {
            context,
            settings,
            tournaments,
            games,
        }
    }
}

// The use cases read the shared context as their own (`self.store`, `self.now()`): written
// once, whichever part they belong to.
impl std::ops::Deref for Post {
    type Target = Context;

    fn deref(&self) -> &Context {
        &self.context
    }
}

impl Post {
    /// Delivers every notice due now through `postman`, oldest first; a refused DM is
    /// delivered to the channel in the same call, a failure is retried in a later call after a
    /// growing delay ([`crate::store::retry_delay`]).
    ///
    /// # Errors
    /// The store's, when it cannot be read or written (the notices stay pending).
    pub async fn deliver<P: Postman>(&self, postman: &P) -> Result<Delivered> {
        let mut done = Delivered::default();
        // Bounded, though every round marks each notice it read: sent, dropped, failed (not
        // due again for a minute), or moved from DM to channel (once).
        for _ in 0..1_000 {
            let now = self.now();
            let due = self.store.due_notices(now, BATCH).await?;
            if due.is_empty() {
                break;
            }
            for notice in due {
                self.deliver_one(postman, &notice, &mut done).await?;
            }
        }
        Ok(done)
    }

    /// Shows `user_id` the letters held for them (their DMs were refused, in games where the
    /// bot cannot post) that still apply, oldest first: `show` is given each in turn and says
    /// whether the reply had room for it. Those shown, and those that no longer apply, are let
    /// go; from the first that found no room on, they stay held for a later interaction.
    /// Returns how many stay held.
    ///
    /// # Errors
    /// The store's.
    pub async fn take_held(
        &self,
        user_id: u64,
        mut show: impl FnMut(&Letter) -> bool + Send,
    ) -> Result<usize> {
        let held = self.store.held_notices(user_id).await?;
        let mut done = Vec::new();
        let mut left = 0;
        for notice in &held {
            match self.letter_for(notice).await? {
                // In order: once one found no room, the later ones wait too.
                Some(letter) if left > 0 || !show(&letter) => left += 1,
                _ => done.push(notice.id),
            }
        }
        self.store.release_held(user_id, done).await?;
        Ok(left)
    }

    async fn deliver_one<P: Postman>(
        &self,
        postman: &P,
        notice: &Notice,
        done: &mut Delivered,
    ) -> Result<()> {
        let id = notice.id;
        if notice.kind == NoticeKind::TournamentRound {
            return self.pair_from_notice(notice, done).await;
        }
        let letter = match self.letter_for(notice).await {
            Ok(Some(letter)) => letter,
            Ok(None) => {
                let now = self.now();
                self.store.notice_done(id, true, now).await?;
                done.dropped += 1;
                return Ok(());
            }
            Err(e) if !e.for_users() => return Err(e),
            Err(e) => {
                tracing::warn!(notice = id.0, error = %e, "cannot write a notice; retrying later");
                let (now, error) = (self.now(), e.to_string());
                self.store.notice_failed(id, error, now).await?;
                done.failed += 1;
                return Ok(());
            }
        };
        let delivery = postman.deliver(id, &letter).await;
        let now = self.now();
        match delivery {
            Delivery::Thread(thread) => {
                let started = match notice.pairing_id {
                    Some(pairing) => self.tournaments.start_board_game(pairing, thread).await,
                    None => Ok(()),
                };
                match started {
                    Ok(()) => {
                        self.store.notice_done(id, false, now).await?;
                        done.sent += 1;
                    }
                    // The thread holds another game (it cannot: a thread is new), or the
                    // store failed: tried again later, never lost.
                    Err(e) => {
                        tracing::warn!(notice = id.0, error = %e, "a board's game did not start; retrying later");
                        let error = e.to_string();
                        self.store.notice_failed(id, error, now).await?;
                        done.failed += 1;
                    }
                }
            }
            Delivery::Sent if matches!(letter, Letter::StartGame { .. }) => {
                let error = "the postman started no thread".to_owned();
                self.store.notice_failed(id, error, now).await?;
                done.failed += 1;
            }
            Delivery::Sent => {
                self.store.notice_done(id, false, now).await?;
                done.sent += 1;
            }
            // A player of a game where the bot cannot post sees it at their next interaction.
            Delivery::DmRefused(error)
                if let Letter::Direct { user_id, news, .. } = &letter
                    && news.venue().is_some_and(|v| !v.bot_posts()) =>
            {
                tracing::info!(notice = id.0, %error, "DM refused; held for the player's next interaction");
                let user = *user_id;
                self.store.hold_notice(id, user, now).await?;
                done.held += 1;
            }
            Delivery::DmRefused(error) if matches!(letter, Letter::Direct { .. }) => {
                tracing::info!(notice = id.0, %error, "DM refused; telling the channel instead");
                self.store.notice_to_channel(id, error, now).await?;
                done.to_channel += 1;
            }
            Delivery::ChannelGone(error) => {
                if let Letter::Post { news, .. } = &letter
                    && let Some(game) = news.game()
                    && game.parent_channel_id.is_some()
                {
                    match self.games.play_in_parent(game.id).await {
                        Ok(_) => tracing::info!(
                            game = game.id.0,
                            "thread gone; the game is played in its channel now"
                        ),
                        Err(e) => {
                            tracing::warn!(game = game.id.0, error = %e, "thread gone, and the game cannot move to its channel")
                        }
                    }
                }
                self.store.notice_failed(id, error, now).await?;
                done.failed += 1;
            }
            Delivery::DmRefused(error) | Delivery::Failed(error) => {
                tracing::warn!(notice = id.0, attempts = notice.attempts + 1, %error, "could not send a notice; retrying later");
                self.store.notice_failed(id, error, now).await?;
                done.failed += 1;
            }
        }
        Ok(())
    }

    /// Pairs a tournament's next round (a `tournament-round` notice); a failure of the store
    /// is retried later.
    async fn pair_from_notice(&self, notice: &Notice, done: &mut Delivered) -> Result<()> {
        let id = notice.id;
        let Some(tournament) = notice.tournament_id else {
            let now = self.now();
            self.store.notice_done(id, true, now).await?;
            return Ok(());
        };
        let paired = self.tournaments.pair_next_round(tournament).await;
        let now = self.now();
        match paired {
            Ok(paired) => {
                self.store.notice_done(id, !paired, now).await?;
                if paired {
                    done.sent += 1;
                } else {
                    done.dropped += 1;
                }
            }
            Err(e) => {
                tracing::warn!(notice = id.0, tournament = tournament.0, error = %e, "could not pair a round; retrying later");
                let error = e.to_string();
                self.store.notice_failed(id, error, now).await?;
                done.failed += 1;
            }
        }
        Ok(())
    }

    /// The letter of a tournament's notice; `None` when it no longer applies.
    async fn tournament_letter(&self, notice: &Notice) -> Result<Option<Letter>> {
        let Some(tid) = notice.tournament_id else {
            return Ok(None);
        };
        let tournament = self.store.tournament(tid).await?;
        let locale = self.settings.server_locale(tournament.guild_id).await?;
        let round = notice.ply.unwrap_or(0);
        Ok(Some(match (notice.kind, notice.via) {
            (NoticeKind::TournamentGame, _) => {
                let Some(pairing) = notice.pairing_id else {
                    return Ok(None);
                };
                let Some((tournament, board)) = self.tournaments.board_view(pairing).await? else {
                    return Ok(None);
                };
                if board.board.game_id.is_some() || board.black.is_none() {
                    return Ok(None);
                }
                Letter::StartGame {
                    channel_id: tournament.channel_id,
                    tournament: Box::new(tournament),
                    board: Box::new(board),
                    locale,
                }
            }
            (NoticeKind::TournamentNews, Via::Dm) => {
                let Some(user_id) = notice.user_id else {
                    return Ok(None);
                };
                Letter::Direct {
                    user_id,
                    locale: self.settings.user_locale(user_id).await?.unwrap_or(locale),
                    news: News::NoShow {
                        tournament: Box::new(tournament),
                        round,
                    },
                }
            }
            (NoticeKind::TournamentNews, Via::Channel) => Letter::Tournament {
                channel_id: tournament.channel_id,
                news: Box::new(super::tournaments::TournamentNews::Paired(
                    self.tournaments.round_view(tid, round).await?,
                )),
                locale,
            },
            (NoticeKind::TournamentAnnouncement, _) => {
                let Some(message_id) = tournament.message_id else {
                    return Ok(None);
                };
                Letter::Announce {
                    channel_id: tournament.channel_id,
                    message_id,
                    view: Box::new(self.tournaments.tournament_view(tid).await?),
                    locale,
                }
            }
            (NoticeKind::TournamentStandings, _) => {
                // After round N: rounds 1 to N, whatever was paired since the notice was queued.
                let after = (round > 0).then_some(round);
                let standings = self.tournaments.standings_after(tid, after).await?;
                Letter::Tournament {
                    channel_id: tournament.channel_id,
                    news: Box::new(if round == 0 {
                        super::tournaments::TournamentNews::Finished(standings)
                    } else {
                        super::tournaments::TournamentNews::RoundOver(standings)
                    }),
                    locale,
                }
            }
            _ => return Ok(None),
        }))
    }

    /// The letter for `notice` as things stand now; `None` when it no longer applies.
    async fn letter_for(&self, notice: &Notice) -> Result<Option<Letter>> {
        if notice.tournament_id.is_some() {
            return self.tournament_letter(notice).await;
        }
        if let Some(id) = notice.challenge_id {
            let challenge = self.store.challenge(id).await?;
            let locale = self.settings.server_locale(challenge.guild_id).await?;
            // Where the bot only answers interactions, its challenge message cannot be edited
            // later (an Accept click is told the challenge ran out): its challenger is told.
            if !challenge.venue.bot_posts() {
                let user_id = challenge.challenger_id;
                let ids = challenge.opponent_id.into_iter().collect();
                let opponent = self.tournaments.named(ids).await?.pop();
                return Ok(Some(Letter::Direct {
                    user_id,
                    locale: self.settings.user_locale(user_id).await?.unwrap_or(locale),
                    news: News::ChallengeExpired {
                        challenge: Box::new(challenge),
                        opponent,
                    },
                }));
            }
            return Ok(challenge
                .message_id
                .map(|_| Letter::CloseChallenge { challenge, locale }));
        }
        let Some(id) = notice.game_id else {
            return Ok(None);
        };
        let game = self.store.game(id).await?;
        let user = notice.user_id.unwrap_or(game.white_id);
        let still_to_move = game.status == GameStatus::Active && Some(game.ply) == notice.ply;
        let server = self.settings.server_locale(game.guild_id).await?;
        let letter = match (notice.kind, notice.via) {
            (NoticeKind::YourTurn | NoticeKind::Reminder, _) if !still_to_move => return Ok(None),
            (NoticeKind::YourTurn, Via::Dm) => Letter::Direct {
                user_id: user,
                locale: self.settings.user_locale(user).await?.unwrap_or(server),
                news: News::YourTurn {
                    opponent: self.opponent(&game, user).await?,
                    game,
                },
            },
            // A turn notice is a DM only: the channel saw the move and its ping.
            (NoticeKind::YourTurn, Via::Channel) => return Ok(None),
            (NoticeKind::Reminder, Via::Dm) => Letter::Direct {
                user_id: user,
                locale: self.settings.user_locale(user).await?.unwrap_or(server),
                news: News::Reminder {
                    opponent: self.opponent(&game, user).await?,
                    player: user,
                    game,
                },
            },
            (NoticeKind::Reminder, Via::Channel) => Letter::Post {
                channel_id: game.channel_id,
                ping: vec![user],
                board: None,
                locale: server,
                news: News::Reminder {
                    opponent: self.opponent(&game, user).await?,
                    player: user,
                    game,
                },
            },
            // Where the bot cannot post: each player by DM (`user`), the loser the player to
            // move when time ran out.
            (NoticeKind::TimeOut, Via::Dm) => {
                let loser = game.player(game.current_position()?.side_to_move());
                Letter::Direct {
                    user_id: user,
                    locale: self.settings.user_locale(user).await?.unwrap_or(server),
                    news: News::TimedOut { game, loser },
                }
            }
            (NoticeKind::TimeOut, _) => {
                let ping = vec![game.white_id, game.black_id];
                let channel_id = game.channel_id;
                let board = self.board_of(game.clone()).await?;
                Letter::Post {
                    channel_id,
                    news: News::TimedOut { game, loser: user },
                    ping,
                    board: Some(Box::new(board)),
                    locale: server,
                }
            }
            (NoticeKind::ChallengeExpired, _) => return Ok(None),
            (NoticeKind::GameStart, _) => {
                let Some(tid) = game.tournament_id else {
                    return Ok(None);
                };
                let tournament = self.store.tournament(tid).await?;
                let gid = game.id;
                let round = self
                    .store
                    .tournament_whole(tid)
                    .await?
                    .2
                    .iter()
                    .find(|b| b.game_id == Some(gid))
                    .map_or(0, |b| b.round);
                let ping = vec![game.white_id, game.black_id];
                let channel_id = game.channel_id;
                let board = self.board_of(game.clone()).await?;
                Letter::Post {
                    channel_id,
                    news: News::GameStarted {
                        game,
                        tournament: Box::new(tournament),
                        round,
                    },
                    ping,
                    board: Some(Box::new(board)),
                    locale: server,
                }
            }
            (
                NoticeKind::TournamentRound
                | NoticeKind::TournamentGame
                | NoticeKind::TournamentNews
                | NoticeKind::TournamentStandings
                | NoticeKind::TournamentAnnouncement,
                _,
            ) => return Ok(None),
            (NoticeKind::BotMove, _) => {
                let Some(report) = self.bot_move_report(game, notice.ply).await? else {
                    return Ok(None);
                };
                Letter::Post {
                    channel_id: report.board.game.channel_id,
                    ping: vec![user],
                    board: Some(Box::new(report.board.clone())),
                    locale: server,
                    news: News::BotMoved(Box::new(report)),
                }
            }
        };
        Ok(Some(letter))
    }

    /// The report of the bot's move at `ply` (1-based) of `game`, replayed from the stored
    /// moves: the board shows the position right after it even if the person has moved on
    /// since. `None` when that move is no longer there (taken back) or was not the bot's.
    async fn bot_move_report(
        &self,
        game: Game,
        ply: Option<u32>,
    ) -> Result<Option<super::MoveReport>> {
        let Some(ply) = ply.filter(|&p| p >= 1) else {
            return Ok(None);
        };
        let id = game.id;
        let (white, black) = (game.white_id, game.black_id);
        let (moves, names) = self.store.moves_and_names(id, [white, black]).await?;
        let Some(played) = moves.get(ply as usize - 1) else {
            return Ok(None);
        };
        let mut position = game.start_position()?;
        for m in &moves[..ply as usize - 1] {
            position.play_str(&m.notation)?;
        }
        let mover = position.side_to_move();
        if !game.bot_plays(mover) {
            return Ok(None);
        }
        let (mv, effect) = position.play_str(&played.notation)?;
        Ok(Some(super::MoveReport {
            board: Board {
                game,
                position,
                last_move: Some(mv),
                names,
            },
            mv,
            mover,
            effect,
            draw_lapsed: None,
        }))
    }

    /// `user`'s opponent in `game`, with their stored name.
    async fn opponent(&self, game: &Game, user: u64) -> Result<Named> {
        let opponent = if user == game.white_id {
            game.black_id
        } else {
            game.white_id
        };
        let name = self.store.name(opponent).await?;
        Ok(Named { id: opponent, name })
    }
}
