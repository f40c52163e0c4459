//! What every handler shares: the bot's data, its error types, and what Discord's errors say.
//! A leaf of `discord`: the handlers use it, as the bot's start does.

use std::sync::Arc;

use poise::serenity_prelude as serenity;
use thiserror::Error;
use tokio::sync::Semaphore;

use super::markdown::markdown as md;
use crate::app::App;
use crate::i18n::Lang;
use crate::service::ServiceError;
use crate::store::StoreError;
use crate::strings;
use crate::telemetry::SendError;

/// Shared by every handler.
pub struct Data {
    /// The commands.
    pub app: App,
    /// One permit per handler in flight; shutdown takes them all, so it waits for those
    /// handlers to finish.
    pub gate: Arc<Semaphore>,
}

/// What a handler can fail with.
#[derive(Debug, Error)]
pub enum BotError {
    /// The game service refused or failed.
    #[error(transparent)]
    Service(#[from] ServiceError),
    /// Discord (or serenity) failed.
    #[error(transparent)]
    Discord(#[from] serenity::Error),
    /// The bot lacks these permissions (Discord's names) in a server channel it is a member
    /// of, to answer the command there.
    #[error("missing permissions: {0:?}")]
    MissingPermissions(Vec<&'static str>),
}

impl From<StoreError> for BotError {
    fn from(e: StoreError) -> BotError {
        BotError::Service(e.into())
    }
}

/// The handlers' error type.
pub type Error = BotError;
/// The poise context of the bot.
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// Why the bot stopped with a failure.
#[derive(Debug, Error)]
pub enum RunError {
    /// The database cannot be opened.
    #[error("{0}")]
    Store(#[from] StoreError),
    /// Discord refused the token or the connection failed for good.
    #[error("{0}")]
    Discord(String),
    /// `METRICS_ADDR` cannot be listened on.
    #[error("{0}")]
    Metrics(String),
}

/// Discord's "Unknown Channel": the channel or thread was deleted (a reply's post and a
/// letter's alike).
pub(crate) const UNKNOWN_CHANNEL: isize = 10003;

/// Discord's JSON error code of a failed request (50007, 10008, …), if it got that far.
pub(crate) fn error_code(error: &serenity::Error) -> Option<isize> {
    match error {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)) => {
            Some(response.error.code)
        }
        _ => None,
    }
}

/// How a request to Discord failed, for the metrics: Discord's error code, else the HTTP
/// status, else no answer.
pub(crate) fn send_error(error: &serenity::Error) -> SendError {
    match error {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)) => {
            match response.error.code {
                code if code > 0 => SendError::Code(code),
                _ => SendError::Status(response.status_code.as_u16()),
            }
        }
        _ => SendError::NoAnswer,
    }
}

/// Allowed mentions: only `user`, or nobody.
pub fn mentions(user: Option<u64>) -> serenity::CreateAllowedMentions {
    serenity::CreateAllowedMentions::new().users(user.map(serenity::UserId::new))
}

/// The user's sentence for a failed handler: the refusal's, or for a failure of the bot a
/// sentence saying so (the failure is logged with `what` was asked).
pub fn failure_text(lang: Lang, error: &BotError, what: &str) -> String {
    match error {
        BotError::Service(e) if e.for_users() => md(&strings::refusal(lang, e)),
        e => {
            tracing::error!(error = %e, %what, "interaction failed");
            md(&strings::internal_error(lang))
        }
    }
}
