//! The sweeper task: at start-up, then at each next due moment (a deadline, a reminder, a
//! notice's retry, a challenge's expiry, a tournament's start time) and at least every
//! `SWEEP_INTERVAL_SECS` (and at once when a notice is queued), it has the service handle what
//! is due (tournaments whose start time came start then) and deliver the outbox through
//! [`DiscordPostman`].

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use tokio::sync::{Semaphore, watch};

use super::interaction::rows;
use super::{UNKNOWN_CHANNEL, error_code};
use crate::app::mail::{Address, Carrier, Mail, Rounds};
use crate::discord::markdown::markdown as md;
use crate::service::{Delivery, GameService};
use crate::store::NoticeId;
use crate::telemetry::Via;

/// Discord's "Cannot send messages to this user" (closed DMs) and "no mutual guilds": the DM
/// will not go through later either.
const DM_REFUSED: [isize; 2] = [50007, 50278];
/// "Unknown Message": a challenge message deleted by someone; nothing left to disable.
const UNKNOWN_MESSAGE: isize = 10008;

/// Sends the bot's finished letters ([`Mail`]) with the bot's HTTP client: the carrier of the
/// Discord adapter.
pub struct DiscordPostman {
    /// The bot's REST client.
    pub http: Arc<serenity::Http>,
    /// Its metrics.
    pub service: GameService,
    /// The HTTP client `http` was built on when serenity's ratelimiter is off (behind
    /// `DISCORD_API_BASE`): threads are then started on it, waiting a 429 out
    /// ([`super::threads::start_patiently`]).
    pub unlimited: Option<reqwest::Client>,
}

impl DiscordPostman {
    /// Counts a send that failed.
    fn failed(&self, error: &serenity::Error) {
        let metrics = self.service.metrics();
        metrics.send_failed(Via::Outbox, super::send_error(error));
    }
}

/// The message nonce of notice `id`: Discord posts a message with the same nonce (and
/// `enforce_nonce`) from the same bot only once within a few minutes, so a send repeated after
/// a crash between Discord's answer and the store's "sent" does not show twice.
fn nonce(id: NoticeId) -> serenity::Nonce {
    serenity::Nonce::String(format!("focus-{}", id.0))
}

impl Carrier for DiscordPostman {
    async fn deliver(&self, notice: NoticeId, mail: &Mail) -> Delivery {
        let http = &*self.http;
        let sent = match &mail.to {
            Address::Channel(channel) => self.post(notice, *channel, mail).await,
            Address::Direct(user_id) => {
                let mut message = serenity::CreateMessage::new()
                    .nonce(nonce(notice))
                    .enforce_nonce(true);
                if let Some(page) = mail.pages.first() {
                    message = message.content(md(&page.text));
                }
                match serenity::UserId::new(*user_id)
                    .create_dm_channel(http)
                    .await
                {
                    Ok(dm) => dm.id.send_message(http, message).await.map(|_| None),
                    Err(e) => Err(e),
                }
            }
            Address::Announcement { channel, message }
            | Address::Challenge {
                channel, message, ..
            } => {
                let Some(page) = mail.pages.first() else {
                    return Delivery::Sent;
                };
                let edit = serenity::EditMessage::new()
                    .content(md(&page.text))
                    .components(rows(&page.buttons))
                    .allowed_mentions(serenity::CreateAllowedMentions::new());
                // A challenge made inside a thread may wait in one that Discord archived.
                match super::threads::edit_message(
                    http,
                    serenity::ChannelId::new(*channel),
                    serenity::MessageId::new(*message),
                    edit,
                )
                .await
                {
                    // Deleted by someone: nothing left to edit.
                    Err(e) if error_code(&e) == Some(UNKNOWN_MESSAGE) => Ok(None),
                    other => other.map(|_| None),
                }
            }
        };
        let sent = match sent {
            Ok(Some(thread)) => return Delivery::Thread(thread),
            Ok(None) => Ok(()),
            Err(e) => Err(e),
        };
        if let Err(e) = &sent {
            self.failed(e);
        }
        match sent {
            Ok(()) => Delivery::Sent,
            Err(e)
                if matches!(mail.to, Address::Direct(_))
                    && error_code(&e).is_some_and(|c| DM_REFUSED.contains(&c)) =>
            {
                Delivery::DmRefused(e.to_string())
            }
            Err(e)
                if matches!(mail.to, Address::Channel(_))
                    && mail.thread.is_none()
                    && error_code(&e) == Some(UNKNOWN_CHANNEL) =>
            {
                Delivery::ChannelGone(e.to_string())
            }
            Err(e) => Delivery::Failed(e.to_string()),
        }
    }
}

impl DiscordPostman {
    /// Posts `mail`'s messages in `channel`, the first with the notice's nonce; when the mail
    /// starts a thread, starts it from the first message and answers its id.
    async fn post(
        &self,
        notice: NoticeId,
        channel: u64,
        mail: &Mail,
    ) -> Result<Option<u64>, serenity::Error> {
        let http = &*self.http;
        let channel = serenity::ChannelId::new(channel);
        let mut first = None;
        for (i, page) in mail.pages.iter().enumerate() {
            let mut message = serenity::CreateMessage::new()
                .content(md(&page.text))
                .allowed_mentions(
                    serenity::CreateAllowedMentions::new()
                        .users(mail.ping.iter().copied().map(serenity::UserId::new)),
                );
            if i == 0 {
                message = message.nonce(nonce(notice)).enforce_nonce(true);
            }
            if let Some(file) = &page.file {
                message = message.add_file(serenity::CreateAttachment::bytes(
                    file.bytes.clone(),
                    file.name.clone(),
                ));
            }
            if !page.buttons.is_empty() {
                message = message.components(rows(&page.buttons));
            }
            let posted = channel.send_message(http, message).await?;
            first.get_or_insert(posted.id);
        }
        let (Some(thread), Some(from)) = (&mail.thread, first) else {
            return Ok(None);
        };
        // A thread started from a message has the message's id, and starting it again finds
        // it there.
        super::threads::start_patiently(
            http,
            self.unlimited.as_ref(),
            self.service.metrics(),
            channel,
            from,
            thread.title.clone(),
        )
        .await
        .map(|()| Some(from.get()))
    }
}

/// Sweeps and delivers until `stop` turns true: at once (deadlines may have passed while the
/// bot was down), then whenever something falls due, at least every `interval`, and whenever
/// a notice is queued or a due moment set. Each round holds one permit of `gate`, so shutdown
/// waits for a round in flight to finish.
///
/// # Waking at the due moment
/// After every round the sweeper asks the store for the next due moment (index lookups,
/// [`crate::service::Deadlines::next_due`], a tournament's start time included) and sleeps
/// until then *on the service's clock* ([`crate::service::Deadlines::clock_reaches`]): real
/// time in production, the moment a test moves its manual clock there. A five-minute move is
/// thus ended within moments of its deadline, and an idle bot (nothing due) wakes only every
/// `interval`: no polling. The interval stays as a cap against what the schedule cannot see (a
/// database changed by another process, the system clock stepped). Changes made through the
/// service that set an earlier moment (a new game, a move) wake the sweeper to read the
/// schedule again ([`crate::service::Deadlines::mail_queued`]).
pub async fn run(
    service: GameService,
    postman: DiscordPostman,
    interval: Duration,
    gate: Arc<Semaphore>,
    mut stop: watch::Receiver<bool>,
) {
    tracing::info!(every = ?interval, "deadline sweeper started");
    // The first round, at start-up, sweeps: deadlines may have passed while the bot was down.
    let mut sweep = true;
    // The time of the latest sweep: everything due by then was handled (or, failing, will be
    // retried later), so the next wake-up is never before the second after it. Without that
    // floor, something due that a sweep cannot clear would make the sweeper spin.
    let mut swept_at = i64::MIN;
    let mut ticks = tokio::time::interval(interval);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    ticks.tick().await;
    while !*stop.borrow() {
        if let Ok(_permit) = gate.acquire().await {
            if sweep {
                swept_at = service.now();
            }
            let how = Rounds {
                sweep,
                ..Rounds::default()
            };
            // Its failures are logged, and tried again next round.
            crate::app::mail::round(&service, &postman, how).await;
            if sweep {
                // The cap counts from the latest sweep, however it was woken.
                ticks.reset();
            }
        }
        let wake_at = match service.deadlines.next_due().await {
            Ok(due) => due.map(|t| t.max(swept_at.saturating_add(1))),
            Err(e) => {
                tracing::error!(error = %e, "cannot read the next due moment; sweeping on the interval");
                None
            }
        };
        tracing::debug!(?wake_at, "sweeper sleeping");
        let due = async {
            match wake_at {
                Some(t) => service.deadlines.clock_reaches(t).await,
                None => std::future::pending().await,
            }
        };
        // A queued notice (a turn DM after a move) is delivered at once, without a sweep.
        sweep = tokio::select! {
            () = due => true,
            _ = ticks.tick() => true,
            () = service.deadlines.mail_queued() => false,
            _ = stop.changed() => false,
        };
    }
    tracing::info!("deadline sweeper stopped");
}
