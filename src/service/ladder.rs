//! Ratings as players see them: the leaderboard (members only) and a player's stats.

use std::future::Future;

use std::sync::Arc;

use super::Result;
use super::context::Context;
use super::tournaments::Tournaments;
use crate::ratings::Rating;
use crate::store::{Game, HeadToHead, LadderPage, Outcome, PAGE_SIZE, Standing};

/// How long a member check stands before Discord is asked again (seconds: a day).
pub const MEMBER_RECHECK: i64 = 86_400;

/// Games shown under "last results" in the stats.
pub const RECENT_GAMES: u32 = 5;

/// What tells whether a user is still a member of a guild: Discord for the bot, "everyone"
/// for the console.
pub trait Members: Send + Sync {
    /// Whether `user_id` is a member of `guild_id`; `None` when it cannot be told now.
    fn is_member(&self, guild_id: u64, user_id: u64) -> impl Future<Output = Option<bool>> + Send;
}

/// A player's stats in a guild, from [`Ladder::stats`].
#[derive(Clone, Debug, PartialEq)]
pub struct Stats {
    /// The player.
    pub user_id: u64,
    /// Their record and rank; `None` if they never finished a game here.
    pub standing: Option<Standing>,
    /// Their rating as of now (the deviation grown for idle rating periods).
    pub rating: Rating,
    /// The result of their latest finished game and how many in a row ended the same way.
    pub streak: Option<(Outcome, u32)>,
    /// Their last finished games, newest first (at most [`RECENT_GAMES`]).
    pub recent: Vec<Game>,
    /// The score against the user who asked, from the asker's side, when they asked about
    /// someone else.
    pub head_to_head: Option<HeadToHead>,
    /// Their results against each level of the bot (games against the bot are not in their
    /// record, standing or rating).
    pub against_bot: Vec<crate::store::LevelResults>,
    /// Their latest tournaments on this server (at most [`RECENT_TOURNAMENTS`]), newest first.
    pub tournaments: Vec<TournamentPlace>,
}

/// The tournaments `/focus stats` shows at most.
pub const RECENT_TOURNAMENTS: u32 = 5;

/// A player's place in a tournament.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentPlace {
    /// The event (running, finished or cancelled).
    pub tournament: crate::store::Tournament,
    /// Their rank now (final once finished).
    pub rank: u32,
    /// The players ranked.
    pub players: u32,
    /// Their score, in half points.
    pub half_points: u32,
}

/// Ratings as players see them: the leaderboard and a player's stats.
#[derive(Clone)]
pub struct Ladder {
    pub(super) context: Arc<Context>,
    /// The tournaments, whose standings give a player's places.
    pub(super) tournaments: Tournaments,
}

impl Ladder {
    /// The part on `context`, with [`Tournaments`].
    pub(super) fn new(context: Arc<Context>, tournaments: Tournaments) -> Ladder {
        Ladder {
            context,
            tournaments,
        }
    }
}

// The use cases read the shared context as their own (`self.store`, `self.now()`): written
// once, whichever part they belong to.
impl std::ops::Deref for Ladder {
    type Target = Context;

    fn deref(&self) -> &Context {
        &self.context
    }
}

impl Ladder {
    /// Page `page` (from 1) of `guild_id`'s leaderboard. Players on the page whose membership
    /// was not checked in the last day are checked with `members`; those who left are taken
    /// off (they keep their record and games) and the page is read again. Up to a page of
    /// players found gone more than a day ago are asked about again first, so those who came
    /// back return. Nobody is asked twice in one call.
    ///
    /// # Errors
    /// The store's.
    pub async fn leaderboard<M: Members>(
        &self,
        guild_id: u64,
        page: u32,
        members: &M,
    ) -> Result<LadderPage> {
        let now = self.now();
        // Players found gone are asked about again once a day (a few at a time), so one who
        // came back returns to the board.
        let returning = self
            .store
            .left_players_to_check(guild_id, now - MEMBER_RECHECK, PAGE_SIZE)
            .await?;
        let mut asked = std::collections::HashSet::new();
        for user in returning {
            asked.insert(user);
            self.check_member(members, guild_id, user, now).await?;
        }
        // Each round either shows the page or takes someone off it; a few rounds settle it.
        for _ in 0..4 {
            let shown = self.store.leaderboard(guild_id, page, now).await?;
            let stale: Vec<u64> = shown
                .entries
                .iter()
                .filter(|e| {
                    e.player
                        .member_checked_at
                        .is_none_or(|t| now - t >= MEMBER_RECHECK)
                })
                .map(|e| e.player.user_id)
                .filter(|user| asked.insert(*user))
                .collect();
            let mut someone_left = false;
            for user in stale {
                someone_left |=
                    self.check_member(members, guild_id, user, now).await? == Some(false);
            }
            if !someone_left {
                return Ok(shown);
            }
        }
        Ok(self.store.leaderboard(guild_id, page, now).await?)
    }

    /// Asks `members` whether `user` is still in `guild_id` and records the answer; `None`
    /// (nothing recorded) when it cannot be told now.
    async fn check_member<M: Members>(
        &self,
        members: &M,
        guild_id: u64,
        user: u64,
        now: i64,
    ) -> Result<Option<bool>> {
        let answer = members.is_member(guild_id, user).await;
        if let Some(member) = answer {
            self.store
                .set_membership(guild_id, user, member, now)
                .await?;
        }
        Ok(answer)
    }

    /// `user_id`'s stats in `guild_id`, asked by `asker` (the head-to-head is the asker's
    /// score against them, when they are someone else).
    ///
    /// # Errors
    /// The store's.
    pub async fn stats(&self, guild_id: u64, user_id: u64, asker: u64) -> Result<Stats> {
        let now = self.now();
        // Asking about oneself here proves one is a member (the store notes it).
        let records = self
            .store
            .player_stats(guild_id, user_id, asker, RECENT_GAMES, now)
            .await?;
        let rating = records
            .standing
            .as_ref()
            .map_or(crate::ratings::START, |st| st.player.rating_at(now));
        let stats = Stats {
            user_id,
            standing: records.standing,
            rating,
            streak: records.streak,
            recent: records.recent,
            head_to_head: records.head_to_head,
            against_bot: records.against_bot,
            tournaments: Vec::new(),
        };
        let ids = self
            .store
            .tournaments_of(guild_id, user_id, RECENT_TOURNAMENTS)
            .await?;
        let mut stats = stats;
        for id in ids {
            let standings = self.tournaments.standings(id).await?;
            if let Some(row) = standings.rows.iter().find(|r| r.user.id == user_id) {
                stats.tournaments.push(TournamentPlace {
                    rank: row.rank,
                    players: standings.rows.len() as u32,
                    half_points: row.half_points,
                    tournament: standings.tournament.clone(),
                });
            }
        }
        Ok(stats)
    }
}
