//! [`PlayerRecords`] on SQLite.

use async_trait::async_trait;

use crate::locale::Locale;
use crate::store::api::{PlayerRecords, StatsRecords};
use crate::store::{AsyncStore, LadderPage, Result, ServerSettings, UserSettings, WatchPage};

#[async_trait]
impl PlayerRecords for AsyncStore {
    async fn remember_name(&self, user_id: u64, name: String, now: i64) -> Result<()> {
        self.call(move |s| s.remember_name(user_id, &name, now))
            .await
    }

    async fn name(&self, user_id: u64) -> Result<Option<String>> {
        self.call(move |s| s.name(user_id)).await
    }

    async fn names(&self, user_ids: Vec<u64>) -> Result<Vec<(u64, Option<String>)>> {
        self.call(move |s| {
            user_ids
                .into_iter()
                .map(|id| Ok((id, s.name(id)?)))
                .collect()
        })
        .await
    }

    async fn pair_names(&self, [white, black]: [u64; 2]) -> Result<[Option<String>; 2]> {
        self.call(move |s| Ok([s.name(white)?, s.name(black)?]))
            .await
    }

    async fn remember_channel_name(&self, channel_id: u64, name: String) -> Result<()> {
        self.call(move |s| s.remember_channel_name(channel_id, &name))
            .await
    }

    async fn channel_names(&self) -> Result<Vec<(u64, String)>> {
        self.call(|s| s.channel_names()).await
    }

    async fn settings(&self, user_id: u64) -> Result<UserSettings> {
        self.call(move |s| s.settings(user_id)).await
    }

    async fn settings_after(
        &self,
        user_id: u64,
        settings: Option<UserSettings>,
    ) -> Result<UserSettings> {
        self.call(move |s| {
            s.unit(|s| {
                if let Some(settings) = settings {
                    s.set_settings(user_id, settings)?;
                }
                s.settings(user_id)
            })
        })
        .await
    }

    async fn note_user_locale(&self, user_id: u64, locale: Locale) -> Result<()> {
        self.call(move |s| s.note_user_locale(user_id, locale))
            .await
    }

    async fn note_server_locale(&self, guild_id: u64, locale: Locale) -> Result<()> {
        self.call(move |s| s.note_server_locale(guild_id, locale))
            .await
    }

    async fn adopt_server_locale(&self, guild_id: u64, locale: Locale) -> Result<ServerSettings> {
        self.call(move |s| s.adopt_server_locale(guild_id, locale))
            .await
    }

    async fn set_server_language(&self, guild_id: u64, language: Option<Locale>) -> Result<()> {
        self.call(move |s| s.set_server_language(guild_id, language))
            .await
    }

    async fn server_settings(&self, guild_id: u64) -> Result<ServerSettings> {
        self.call(move |s| s.server_settings(guild_id)).await
    }

    async fn set_server_threads(&self, guild_id: u64, threads: bool) -> Result<()> {
        self.call(move |s| s.set_server_threads(guild_id, threads))
            .await
    }

    async fn set_tournament_role(&self, guild_id: u64, role: u64) -> Result<()> {
        self.call(move |s| s.set_tournament_role(guild_id, role))
            .await
    }

    async fn left_players_to_check(
        &self,
        guild_id: u64,
        checked_before: i64,
        limit: u32,
    ) -> Result<Vec<u64>> {
        self.call(move |s| s.left_players_to_check(guild_id, checked_before, limit))
            .await
    }

    async fn leaderboard(&self, guild_id: u64, page: u32, now: i64) -> Result<LadderPage> {
        self.call(move |s| s.leaderboard(guild_id, page, now)).await
    }

    async fn set_membership(
        &self,
        guild_id: u64,
        user_id: u64,
        member: bool,
        now: i64,
    ) -> Result<()> {
        self.call(move |s| s.set_membership(guild_id, user_id, member, now))
            .await
    }

    async fn player_stats(
        &self,
        guild_id: u64,
        user_id: u64,
        asker: u64,
        recent: u32,
        now: i64,
    ) -> Result<StatsRecords> {
        self.call(move |s| {
            s.unit(|s| {
                if asker == user_id {
                    s.set_membership(guild_id, user_id, true, now)?;
                }
                let head_to_head = if asker == user_id {
                    None
                } else {
                    Some(s.head_to_head(guild_id, asker, user_id)?)
                };
                Ok(StatsRecords {
                    standing: s.standing(guild_id, user_id, now)?,
                    streak: s.streak(guild_id, user_id)?,
                    recent: s.recent_games(guild_id, user_id, recent)?,
                    head_to_head,
                    against_bot: s.bot_results(guild_id, user_id)?,
                })
            })
        })
        .await
    }

    async fn watch_page(&self, guild_id: u64, page: u32) -> Result<WatchPage> {
        self.call(move |s| s.watch_page(guild_id, page)).await
    }
}
