//! Each kind of notice made into its letter, as things stand when it is delivered.

use crate::service::{Board, Named, Result};
use crate::store::{Game, GameStatus, Notice, NoticeKind, Via};

use super::letter::{Letter, News};
use super::part::Post;

impl Post {
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
                news: Box::new(crate::service::tournaments::TournamentNews::Paired(
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
                        crate::service::tournaments::TournamentNews::Finished(standings)
                    } else {
                        crate::service::tournaments::TournamentNews::RoundOver(standings)
                    }),
                    locale,
                }
            }
            _ => return Ok(None),
        }))
    }

    /// The letter for `notice` as things stand now; `None` when it no longer applies.
    pub(super) async fn letter_for(&self, notice: &Notice) -> Result<Option<Letter>> {
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
    ) -> Result<Option<crate::service::MoveReport>> {
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
        Ok(Some(crate::service::MoveReport {
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
