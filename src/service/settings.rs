//! The settings part: a user's and a server's, and the names the bot remembers. Languages are
//! in `languages.rs`, a server's threads in `threads.rs`; here the part itself, DM notices,
//! users' names and channel names.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::Result;
use super::context::Context;
use crate::locale::Locale;
use crate::store::{ServerSettings, UserSettings};

/// What is already stored, so that an interaction pays no write for locales it repeats.
#[derive(Default)]
pub(super) struct Seen {
    pub(super) users: Mutex<HashMap<u64, Locale>>,
    pub(super) servers: Mutex<HashMap<u64, ServerSettings>>,
}

/// Settings and names: the readers' languages, a server's threads, a user's DM notices, the
/// names of users and channels the bot remembers.
#[derive(Clone)]
pub struct Settings {
    pub(super) context: Arc<Context>,
    /// Locales and server settings already stored, so an interaction does not pay a write to
    /// store them again.
    pub(super) locales_seen: Arc<Seen>,
}

impl Settings {
    /// The part on `context`.
    pub(super) fn new(context: Arc<Context>) -> Settings {
        Settings {
            context,
            locales_seen: Arc::default(),
        }
    }
}

// The use cases read the shared context as their own (`self.store`, `self.now()`): written
// once, whichever part they belong to.
impl std::ops::Deref for Settings {
    type Target = Context;

    fn deref(&self) -> &Context {
        &self.context
    }
}

impl Settings {
    /// Sets whether `user_id`'s turn notices and reminders also come by DM (`Some`), or reads
    /// the setting (`None`). Returns the setting in force.
    ///
    /// # Errors
    /// The store's.
    pub async fn notify(&self, user_id: u64, dm: Option<bool>) -> Result<UserSettings> {
        let settings = self
            .store
            .settings_after(
                user_id,
                dm.map(|dm| UserSettings {
                    dm_notifications: dm,
                    ..UserSettings::default()
                }),
            )
            .await?;
        Ok(settings)
    }

    /// The names the bot knows of `ids` (those it never saw named are left out).
    ///
    /// # Errors
    /// The store's.
    pub async fn names(&self, ids: Vec<u64>) -> Result<Vec<(u64, String)>> {
        let names = self.store.names(ids).await?;
        Ok(names
            .into_iter()
            .filter_map(|(id, name)| Some((id, name?)))
            .collect())
    }

    /// Remembers that channel `id` is named `name` (for an adapter whose channel ids cannot be
    /// read back as names, the console).
    ///
    /// # Errors
    /// The store's.
    pub async fn remember_channel_name(&self, id: u64, name: String) -> Result<()> {
        self.store
            .remember_channel_name(id, name)
            .await
            .map_err(Into::into)
    }

    /// Every channel name remembered, by id.
    ///
    /// # Errors
    /// The store's.
    pub async fn channel_names(&self) -> Result<Vec<(u64, String)>> {
        self.store.channel_names().await.map_err(Into::into)
    }
}
