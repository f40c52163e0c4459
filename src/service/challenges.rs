// Longer than 400 lines: the use cases of challenges on one GameService impl; 50 lines are unit
// tests.
//! Challenges: made, accepted (the game starts), declined, cancelled.

use super::{Board, ChallengeView, GameService, Place, Result, ServiceError, User};
use crate::rules::{Color, Rules};
use crate::store::Venue;
use crate::store::{
    ChallengeId, ColorChoice, Game, GameId, GameStatus, NewChallenge, StoreError, TimeControl,
};

/// What a challenger asks for (the `/focus challenge` options).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengeRequest {
    /// Who is challenged; `None` lets anyone in the channel accept.
    pub opponent: Option<User>,
    /// The rules.
    pub rules: Rules,
    /// Days per move (one of [`crate::store::DAYS_PER_MOVE`]; 0 for no limit), as asked for;
    /// `None`: not asked for.
    pub days: Option<u32>,
    /// Minutes per move for a live game (one of [`crate::store::MINUTES_PER_MOVE`]), as asked
    /// for; `None`: not asked for. Asking for both days and minutes is refused.
    pub minutes: Option<u32>,
    /// The challenger's colour.
    pub color: ColorChoice,
    /// Whether the result changes ratings (never for a set-up position).
    pub rated: bool,
    /// A set-up starting position (FPN) instead of the standard start.
    pub position: Option<String>,
    /// The game will get a thread of its own when accepted (threads on, and the bot may make
    /// them here), so a game played in the channel itself does not stand in its way.
    pub threads: bool,
    /// Where it is made: a server with the bot, or a place reached through a user's install.
    pub venue: Venue,
}

impl Default for ChallengeRequest {
    fn default() -> ChallengeRequest {
        ChallengeRequest {
            opponent: None,
            rules: Rules::CLASSIC,
            days: None,
            minutes: None,
            color: ColorChoice::Random,
            rated: true,
            position: None,
            threads: false,
            venue: Venue::Server,
        }
    }
}

/// The options of `/focus challenge`, as given (unset options are `None`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChallengeOptions {
    /// Whom: nobody (an open challenge), a person, or the bot itself.
    pub opponent: Option<Opponent>,
    /// The rule set (default classic).
    pub rules: Option<Rules>,
    /// Days per move (0: no limit).
    pub days: Option<u32>,
    /// Minutes per move (a live game).
    pub minutes: Option<u32>,
    /// The challenger's colour (default random).
    pub color: Option<ColorChoice>,
    /// Whether the game is rated (default: yes, but a set-up position is unrated unless asked).
    pub rated: Option<bool>,
    /// A set-up position (FPN).
    pub position: Option<String>,
    /// The bot's level (only against the bot; default [`crate::service::DEFAULT_BOT_LEVEL`]).
    pub level: Option<i64>,
}

/// The one challenged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opponent {
    /// Who.
    pub user: User,
    /// Whether they are on the server (a bot counts as on it).
    pub member: bool,
}

impl ChallengeOptions {
    /// The service's request for these options, and the bot's level when `bot` (the bot's own
    /// user id) is challenged: a challenge's rules of use, in one place.
    ///
    /// - A level is only for a game against the bot; it defaults to [`super::DEFAULT_BOT_LEVEL`].
    /// - A set-up position is unrated unless `rated` says otherwise (the store then refuses).
    /// - A person who is not on the server cannot be challenged.
    /// - In a DM between two people a game is unrated unless `rated` says otherwise; in the
    ///   bot's own DM only the bot can be challenged; the bot plays only where it may post.
    ///
    /// # Errors
    /// [`ServiceError::LevelWithoutBot`], [`ServiceError::ChallengeStranger`],
    /// [`ServiceError::OnlyTheBotHere`], [`ServiceError::BotGameNotHere`].
    pub fn request(
        self,
        bot: u64,
        threads: bool,
        venue: Venue,
    ) -> Result<(ChallengeRequest, Option<i64>)> {
        let against_bot = self.opponent.as_ref().is_some_and(|o| o.user.id == bot);
        if self.level.is_some() && !against_bot {
            return Err(ServiceError::LevelWithoutBot);
        }
        if let Some(o) = &self.opponent
            && !o.member
            && !o.user.is_bot
        {
            return Err(ServiceError::ChallengeStranger(o.user.id));
        }
        if venue == Venue::BotDm && !against_bot {
            return Err(ServiceError::OnlyTheBotHere);
        }
        // The bot answers a move with a message of its own, which it cannot post where it
        // only answers interactions.
        if against_bot && !venue.bot_posts() {
            return Err(ServiceError::BotGameNotHere);
        }
        let defaults = ChallengeRequest::default();
        let level = against_bot.then(|| super::bot_level(self.level));
        let request = ChallengeRequest {
            opponent: self.opponent.map(|o| o.user),
            rules: self.rules.unwrap_or(defaults.rules),
            days: self.days,
            minutes: self.minutes,
            color: self.color.unwrap_or(defaults.color),
            rated: self
                .rated
                .unwrap_or(self.position.is_none() && venue != Venue::Dm),
            position: self.position,
            threads,
            venue,
        };
        Ok((request, level))
    }
}

/// What a Rematch click made ([`GameService::rematch`]).
#[derive(Clone, Debug)]
pub enum Rematch {
    /// A challenge to the other player, to accept or decline.
    Challenge(ChallengeView),
    /// A game against the bot, started at once; the adapter shows it, then calls
    /// [`GameService::bot_to_move`] (the bot may have White).
    Started(Box<Board>),
}

/// The time per move when the challenger asks for none: three days.
pub const DEFAULT_TIME_CONTROL: TimeControl = TimeControl::Days(3);

impl ChallengeRequest {
    /// The time control asked for: the minutes, else the days, else
    /// [`DEFAULT_TIME_CONTROL`]. Not yet checked against the offered values (the store does).
    ///
    /// # Errors
    /// [`ServiceError::DaysAndMinutes`] when both are given: a game has one clock.
    pub fn time_control(&self) -> Result<TimeControl> {
        time_control(self.days, self.minutes)
    }
}

/// The time control of `days` or `minutes` per move, as a challenge or a tournament asks for
/// it: the minutes, else the days (0: unlimited), else [`DEFAULT_TIME_CONTROL`].
///
/// # Errors
/// [`ServiceError::DaysAndMinutes`] when both are given: a game has one clock.
pub fn time_control(days: Option<u32>, minutes: Option<u32>) -> Result<TimeControl> {
    match (days, minutes) {
        (Some(_), Some(_)) => Err(ServiceError::DaysAndMinutes),
        (None, Some(minutes)) => Ok(TimeControl::Minutes(minutes)),
        (Some(days), None) => Ok(TimeControl::days(days)),
        (None, None) => Ok(DEFAULT_TIME_CONTROL),
    }
}

/// A fair coin: the challenger's colour when they chose "random".
pub fn coin_toss() -> Color {
    use std::hash::{BuildHasher, RandomState};
    // RandomState is seeded from the OS per process and per instance: enough for colours.
    if RandomState::new().hash_one(0u8) & 1 == 1 {
        Color::White
    } else {
        Color::Black
    }
}

impl GameService {
    /// `challenger` challenges in `place`.
    ///
    /// # Errors
    /// [`ServiceError::ChallengeSelf`], [`ServiceError::ChallengeBot`],
    /// [`ServiceError::ChannelBusy`], [`ServiceError::DaysAndMinutes`], and the store's
    /// refusals (a time per move not offered, a rated set-up position, a bad or decided FPN).
    pub async fn challenge(
        &self,
        place: Place,
        challenger: &User,
        request: ChallengeRequest,
    ) -> Result<ChallengeView> {
        if let Some(opponent) = &request.opponent {
            if opponent.id == challenger.id {
                return Err(ServiceError::ChallengeSelf);
            }
            if opponent.is_bot {
                return Err(ServiceError::ChallengeBot);
            }
        }
        if challenger.is_bot {
            return Err(ServiceError::ChallengeBot);
        }
        let time_control = request.time_control()?;
        if !request.threads && self.game_here(place).await.is_ok() {
            return Err(ServiceError::ChannelBusy);
        }
        self.seen(challenger).await?;
        if let Some(opponent) = &request.opponent {
            self.seen(opponent).await?;
        }
        let new = NewChallenge {
            guild_id: place.guild_id,
            channel_id: place.channel_id,
            challenger_id: challenger.id,
            opponent_id: request.opponent.as_ref().map(|o| o.id),
            rules: request.rules,
            time_control,
            color: request.color,
            rated: request.rated,
            start_fpn: request.position.clone(),
            created_at: self.now(),
            venue: request.venue,
        };
        let challenge = self.store.create_challenge(new).await?;
        // Its expiry is a new due moment the sleeping sweeper must hear of.
        self.reschedule();
        Ok(ChallengeView {
            challenge,
            challenger: Some(challenger.name.clone()),
            opponent: request.opponent.map(|o| o.name),
        })
    }

    /// `user`, a player of finished game `id`, offers its rematch: a challenge to the other
    /// player made in `place` (where the Rematch button was clicked) with the same rules, time
    /// control, rating and start, and the colours swapped. Once per game. `threads` as for
    /// [`ChallengeRequest::threads`]. Returns the finished game and the challenge.
    ///
    /// # Errors
    /// [`StoreError::NotAPlayer`] for anyone else; [`ServiceError::NoGameHere`] for a game
    /// of another server; [`ServiceError::ChannelBusy`] as for a challenge; the store's
    /// ([`StoreError::NotFinished`], [`StoreError::RematchOffered`], no such game).
    pub async fn rematch(
        &self,
        place: Place,
        user: &User,
        id: GameId,
        threads: bool,
    ) -> Result<(Game, Rematch)> {
        let game = self.store.game(id).await?;
        if game.guild_id != place.guild_id {
            return Err(ServiceError::NoGameHere);
        }
        let color = game.color_of(user.id).ok_or(StoreError::NotAPlayer(id))?;
        if game.status != GameStatus::Finished {
            return Err(StoreError::NotFinished(id).into());
        }
        if !threads && self.game_here(place).await.is_ok() {
            return Err(ServiceError::ChannelBusy);
        }
        self.seen(user).await?;
        let opponent = game.player(!color);
        if let Some(seat) = game.bot {
            return self.rematch_bot(place, user, game, seat, color).await;
        }
        let new = NewChallenge {
            guild_id: place.guild_id,
            channel_id: place.channel_id,
            challenger_id: user.id,
            opponent_id: Some(opponent),
            rules: game.rules,
            time_control: game.time_control,
            // Colours swapped: who played White plays Black.
            color: match color {
                Color::White => ColorChoice::Black,
                Color::Black => ColorChoice::White,
            },
            rated: game.rated,
            start_fpn: game.start_fpn.clone(),
            created_at: self.now(),
            venue: game.venue,
        };
        let (challenge, opponent) = self.store.create_rematch(id, new, opponent).await?;
        self.reschedule();
        let view = ChallengeView {
            challenge,
            challenger: Some(user.name.clone()),
            opponent,
        };
        Ok((game, Rematch::Challenge(view)))
    }

    /// The rematch of `game` against the bot (in `seat`), asked by `user` who played `color`:
    /// it starts at once in `place`, colours swapped, same level.
    async fn rematch_bot(
        &self,
        place: Place,
        user: &User,
        game: Game,
        seat: crate::store::BotSeat,
        color: Color,
    ) -> Result<(Game, Rematch)> {
        let bot = game.player(seat.color);
        let new = NewChallenge {
            guild_id: place.guild_id,
            channel_id: place.channel_id,
            challenger_id: user.id,
            opponent_id: Some(bot),
            rules: game.rules,
            time_control: game.time_control,
            color: match color {
                Color::White => ColorChoice::Black,
                Color::Black => ColorChoice::White,
            },
            rated: false,
            start_fpn: game.start_fpn.clone(),
            created_at: self.now(),
            venue: game.venue,
        };
        let (id, level) = (game.id, seat.level);
        let (started, wake) = self
            .store
            .start_bot_rematch(id, new, bot, level, None)
            .await?;
        self.not_shown_yet(started.id, started.ply);
        self.mail_if(wake);
        let board = self.board_of(started).await?;
        Ok((game, Rematch::Started(Box::new(board))))
    }

    /// Records the id of the message showing challenge `id`.
    ///
    /// # Errors
    /// The store's.
    pub async fn set_challenge_message(&self, id: ChallengeId, message_id: u64) -> Result<()> {
        self.store.set_challenge_message(id, message_id).await?;
        Ok(())
    }

    /// `user` accepts challenge `id`: the game starts in the challenge's channel. A random
    /// colour choice is decided by `toss` (the colour the challenger gets).
    ///
    /// # Errors
    /// The store's: an own, expired, closed or someone else's challenge, a busy channel.
    pub async fn accept(&self, id: ChallengeId, user: &User, toss: Color) -> Result<Board> {
        self.accept_in(id, user, toss, None).await
    }

    /// As [`GameService::accept`], the game played in `thread_id` when given: the thread the
    /// adapter is about to start from the challenge's message (a thread started from a message
    /// has the message's id), with the challenge's channel as its parent.
    ///
    /// # Errors
    /// As [`GameService::accept`] (a thread is never busy).
    pub async fn accept_in(
        &self,
        id: ChallengeId,
        user: &User,
        toss: Color,
        thread_id: Option<u64>,
    ) -> Result<Board> {
        if user.is_bot {
            return Err(ServiceError::ChallengeBot);
        }
        self.seen(user).await?;
        let (acceptor, now) = (user.id, self.now());
        let (game, wake) = self
            .store
            .accept_challenge(id, acceptor, now, toss, thread_id)
            .await?;
        // The first deadline is a new due moment, and a turn DM may be waiting.
        self.mail_if(wake);
        self.board_of(game).await
    }

    /// `user` (the named opponent) declines challenge `id`.
    ///
    /// # Errors
    /// The store's.
    pub async fn decline(&self, id: ChallengeId, user: &User) -> Result<ChallengeView> {
        let (uid, now) = (user.id, self.now());
        let challenge = self.store.decline_challenge(id, uid, now).await?;
        self.challenge_view(challenge).await
    }

    /// `user` (the challenger) cancels challenge `id`.
    ///
    /// # Errors
    /// The store's.
    pub async fn cancel(&self, id: ChallengeId, user: &User) -> Result<ChallengeView> {
        let (uid, now) = (user.id, self.now());
        let challenge = self.store.cancel_challenge(id, uid, now).await?;
        self.challenge_view(challenge).await
    }

    /// The open challenges of `place` that `user` may accept, newest first.
    ///
    /// # Errors
    /// The store's.
    pub async fn open_challenges_for(
        &self,
        place: Place,
        user: &User,
    ) -> Result<Vec<ChallengeView>> {
        let (channel, now, uid) = (place.channel_id, self.now(), user.id);
        let mut open = self.store.open_challenges(channel, now).await?;
        open.retain(|c| c.challenger_id != uid && c.opponent_id.is_none_or(|o| o == uid));
        open.sort_by_key(|c| std::cmp::Reverse((c.created_at, c.id)));
        let mut views = Vec::with_capacity(open.len());
        for c in open {
            views.push(self.challenge_view(c).await?);
        }
        Ok(views)
    }

    async fn challenge_view(&self, challenge: crate::store::Challenge) -> Result<ChallengeView> {
        let (a, b) = (challenge.challenger_id, challenge.opponent_id);
        let mut names = self
            .store
            .names(std::iter::once(a).chain(b).collect())
            .await?
            .into_iter();
        let mut name = || names.next().and_then(|(_, name)| name);
        let (challenger, opponent) = (name(), name());
        Ok(ChallengeView {
            challenge,
            challenger,
            opponent,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::DEFAULT_BOT_LEVEL;

    const BOT: u64 = 99;

    fn options(opponent: u64, rated: Option<bool>) -> ChallengeOptions {
        ChallengeOptions {
            opponent: Some(Opponent {
                user: User {
                    id: opponent,
                    name: "them".into(),
                    is_bot: opponent == BOT,
                },
                member: true,
            }),
            rated,
            ..ChallengeOptions::default()
        }
    }

    #[test]
    fn each_venue_has_its_own_rules_of_challenge() {
        // A group DM and a guest server are rated by default, a DM between two people not.
        for (venue, rated) in [
            (Venue::Server, true),
            (Venue::Guest, true),
            (Venue::GroupDm, true),
            (Venue::Dm, false),
        ] {
            let (request, level) = options(7, None).request(BOT, false, venue).unwrap();
            assert_eq!((request.rated, request.venue, level), (rated, venue, None));
        }
        let (request, _) = options(7, Some(true))
            .request(BOT, false, Venue::Dm)
            .unwrap();
        assert!(request.rated, "asked for");
        // The bot plays where it posts its moves: a server with it, its own DM.
        for venue in [Venue::Server, Venue::BotDm] {
            let (_, level) = options(BOT, None).request(BOT, false, venue).unwrap();
            assert_eq!(level, Some(i64::from(DEFAULT_BOT_LEVEL)));
        }
        for venue in [Venue::Guest, Venue::GroupDm, Venue::Dm] {
            let refused = options(BOT, None).request(BOT, false, venue);
            assert!(
                matches!(refused, Err(ServiceError::BotGameNotHere)),
                "{venue}"
            );
        }
        // In the bot's DM, nobody else.
        let refused = options(7, None).request(BOT, false, Venue::BotDm);
        assert!(matches!(refused, Err(ServiceError::OnlyTheBotHere)));
    }
}
