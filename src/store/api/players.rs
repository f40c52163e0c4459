//! The players' area: names, settings and languages, the ladder, and what is watched.

use async_trait::async_trait;

use crate::locale::Locale;
use crate::store::{
    Game, HeadToHead, LadderPage, LevelResults, Outcome, Result, ServerSettings, Standing,
    UserSettings, WatchPage,
};

/// A player's records on a server, as their stats show them, read at once.
#[derive(Clone, Debug, PartialEq)]
pub struct StatsRecords {
    /// Their record and rank; `None` if they never finished a game here.
    pub standing: Option<Standing>,
    /// The result of their latest finished game and how many in a row ended the same way.
    pub streak: Option<(Outcome, u32)>,
    /// Their last finished games, newest first.
    pub recent: Vec<Game>,
    /// The score against the asker, from the asker's side, when they asked about someone else.
    pub head_to_head: Option<HeadToHead>,
    /// Their results against each level of the bot.
    pub against_bot: Vec<LevelResults>,
}

/// Players and servers: display names, channel names, settings and languages, the ladder and
/// the page of games being played.
///
/// A second implementation guarantees, besides the module's rules: settings not yet stored
/// read as their defaults; a name or a locale stored again replaces the one before.
#[async_trait]
pub trait PlayerRecords: Send + Sync {
    /// Keeps `name` as the display name of `user_id`, seen at `now`.
    async fn remember_name(&self, user_id: u64, name: String, now: i64) -> Result<()>;

    /// The display name of `user_id`, if known.
    async fn name(&self, user_id: u64) -> Result<Option<String>>;

    /// The display names of `user_ids`, in their order, each with its id (`None` where
    /// unknown): one read.
    async fn names(&self, user_ids: Vec<u64>) -> Result<Vec<(u64, Option<String>)>>;

    /// The display names of two players (White's and Black's), in their order: one read.
    async fn pair_names(&self, players: [u64; 2]) -> Result<[Option<String>; 2]>;

    /// Keeps `name` as the name of channel `channel_id`.
    async fn remember_channel_name(&self, channel_id: u64, name: String) -> Result<()>;

    /// Every channel name kept, by channel id.
    async fn channel_names(&self) -> Result<Vec<(u64, String)>>;

    /// The settings of `user_id`.
    async fn settings(&self, user_id: u64) -> Result<UserSettings>;

    /// Keeps `settings` for `user_id` when given, then answers their settings.
    async fn settings_after(
        &self,
        user_id: u64,
        settings: Option<UserSettings>,
    ) -> Result<UserSettings>;

    /// Notes the language Discord reports for `user_id`.
    async fn note_user_locale(&self, user_id: u64, locale: Locale) -> Result<()>;

    /// Notes the language Discord reports for server `guild_id`.
    async fn note_server_locale(&self, guild_id: u64, locale: Locale) -> Result<()>;

    /// Notes `locale` for server `guild_id` and answers its settings.
    async fn adopt_server_locale(&self, guild_id: u64, locale: Locale) -> Result<ServerSettings>;

    /// Sets the language of server `guild_id` (`None`: as Discord reports it).
    async fn set_server_language(&self, guild_id: u64, language: Option<Locale>) -> Result<()>;

    /// The settings of server `guild_id`.
    async fn server_settings(&self, guild_id: u64) -> Result<ServerSettings>;

    /// Whether server `guild_id` plays its games in threads.
    async fn set_server_threads(&self, guild_id: u64, threads: bool) -> Result<()>;

    /// The role server `guild_id` pings for its tournaments.
    async fn set_tournament_role(&self, guild_id: u64, role: u64) -> Result<()>;

    /// At most `limit` players of `guild_id`'s ladder whose membership was last checked
    /// before `checked_before`.
    async fn left_players_to_check(
        &self,
        guild_id: u64,
        checked_before: i64,
        limit: u32,
    ) -> Result<Vec<u64>>;

    /// Page `page` (0-based) of the ladder of `guild_id` at `now`.
    async fn leaderboard(&self, guild_id: u64, page: u32, now: i64) -> Result<LadderPage>;

    /// Notes whether `user_id` is a member of `guild_id`, checked at `now`.
    async fn set_membership(
        &self,
        guild_id: u64,
        user_id: u64,
        member: bool,
        now: i64,
    ) -> Result<()>;

    /// The records of `user_id` on `guild_id` asked for by `asker` at `now`, with at most
    /// `recent` of their games; asking about oneself first notes one is a member.
    async fn player_stats(
        &self,
        guild_id: u64,
        user_id: u64,
        asker: u64,
        recent: u32,
        now: i64,
    ) -> Result<StatsRecords>;

    /// Page `page` (0-based) of the games being played on `guild_id`.
    async fn watch_page(&self, guild_id: u64, page: u32) -> Result<WatchPage>;
}
