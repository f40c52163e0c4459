//! The sweeper task: at start-up, then at each next due moment (a deadline, a reminder, a
//! notice's retry, a challenge's expiry, a tournament's start time) and at least every
//! `SWEEP_INTERVAL_SECS` (and at once when a notice is queued), it has the service handle what
//! is due (tournaments whose start time came start then) and deliver the outbox through
//! [`DiscordPostman`].

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use tokio::sync::{Semaphore, watch};

use super::error_code;
use super::interaction::rows;
use crate::app::{challenge_buttons, finished_buttons};
use crate::discord::markdown::markdown as md;
use crate::service::{Delivered, Delivery, GameService, Letter, Postman};
use crate::store::NoticeId;
use crate::strings;
use crate::telemetry::Via;

/// Discord's "Cannot send messages to this user" (closed DMs) and "no mutual guilds": the DM
/// will not go through later either.
const DM_REFUSED: [isize; 2] = [50007, 50278];
/// "Unknown Message": a challenge message deleted by someone; nothing left to disable.
const UNKNOWN_MESSAGE: isize = 10008;
/// "Unknown Channel": the channel or thread was deleted.
pub(crate) const UNKNOWN_CHANNEL: isize = 10003;

/// Sends the service's letters with the bot's HTTP client, put into words (and pictures) in
/// each letter's language.
pub struct DiscordPostman {
    /// The bot's REST client.
    pub http: Arc<serenity::Http>,
    /// Draws the board pictures letters carry.
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

impl Postman for DiscordPostman {
    async fn deliver(&self, notice: NoticeId, letter: &Letter) -> Delivery {
        let http = &*self.http;
        let lang = strings::letters::lang_of(letter);
        let text = md(&strings::letters::text(lang, letter));
        let sent = match letter {
            Letter::Post {
                channel_id,
                ping,
                board,
                ..
            } => {
                let mut message = serenity::CreateMessage::new()
                    .content(text)
                    .nonce(nonce(notice))
                    .enforce_nonce(true)
                    .allowed_mentions(
                        serenity::CreateAllowedMentions::new()
                            .users(ping.iter().copied().map(serenity::UserId::new)),
                    );
                if let Some(board) = board {
                    match super::attachment(&self.service, lang, board).await {
                        Ok(file) => message = message.add_file(file),
                        Err(e) => return Delivery::Failed(e.to_string()),
                    }
                    // A time-out ends the game with this message: its Replay and Rematch.
                    message = message.components(rows(&finished_buttons(lang, &board.game, false)));
                }
                serenity::ChannelId::new(*channel_id)
                    .send_message(http, message)
                    .await
                    .map(drop)
            }
            Letter::Direct { user_id, .. } => {
                let message = serenity::CreateMessage::new()
                    .content(text)
                    .nonce(nonce(notice))
                    .enforce_nonce(true);
                match serenity::UserId::new(*user_id)
                    .create_dm_channel(http)
                    .await
                {
                    Ok(dm) => dm.id.send_message(http, message).await.map(drop),
                    Err(e) => Err(e),
                }
            }
            Letter::StartGame {
                channel_id,
                tournament,
                board,
                ..
            } => {
                // The board's message, then its thread: a thread started from a message has
                // the message's id, and starting it again finds it there.
                let channel = serenity::ChannelId::new(*channel_id);
                let message = serenity::CreateMessage::new()
                    .content(text)
                    .nonce(nonce(notice))
                    .enforce_nonce(true)
                    .allowed_mentions(serenity::CreateAllowedMentions::new());
                let name = strings::tournaments::thread_name(lang, tournament, board);
                let started = match channel.send_message(http, message).await {
                    Ok(posted) => super::threads::start_patiently(
                        http,
                        self.unlimited.as_ref(),
                        self.service.metrics(),
                        channel,
                        posted.id,
                        name,
                    )
                    .await
                    .map(|()| posted.id.get()),
                    Err(e) => Err(e),
                };
                return match started {
                    Ok(thread) => Delivery::Thread(thread),
                    Err(e) => {
                        self.failed(&e);
                        Delivery::Failed(e.to_string())
                    }
                };
            }
            Letter::Announce {
                channel_id,
                message_id,
                view,
                ..
            } => {
                let edit = serenity::EditMessage::new()
                    .content(text)
                    .components(rows(&crate::app::announcement_buttons(
                        lang,
                        &view.tournament,
                    )))
                    .allowed_mentions(serenity::CreateAllowedMentions::new());
                match channel_message_edit(http, *channel_id, *message_id, edit).await {
                    Err(e) if error_code(&e) == Some(UNKNOWN_MESSAGE) => Ok(()),
                    other => other,
                }
            }
            Letter::Tournament {
                channel_id, news, ..
            } => {
                let channel = serenity::ChannelId::new(*channel_id);
                let mut result = Ok(());
                let texts = strings::tournaments::news(lang, news);
                let count = texts.len();
                for (i, text) in texts.iter().enumerate() {
                    let mut message = serenity::CreateMessage::new()
                        .content(md(text))
                        .allowed_mentions(serenity::CreateAllowedMentions::new());
                    if i == 0 {
                        message = message.nonce(nonce(notice)).enforce_nonce(true);
                    }
                    if i + 1 == count
                        && let crate::service::tournaments::TournamentNews::RoundOver(s)
                        | crate::service::tournaments::TournamentNews::Finished(s) = &**news
                        && let Some(file) = crate::app::standings_picture(lang, s, 1)
                    {
                        message = message
                            .add_file(serenity::CreateAttachment::bytes(file.bytes, file.name));
                    }
                    if let Err(e) = channel.send_message(http, message).await {
                        result = Err(e);
                        break;
                    }
                }
                result
            }
            Letter::CloseChallenge { challenge, .. } => {
                let Some(message_id) = challenge.message_id else {
                    return Delivery::Sent;
                };
                let edit = serenity::EditMessage::new()
                    .content(text)
                    .components(rows(&challenge_buttons(lang, challenge, true)))
                    .allowed_mentions(serenity::CreateAllowedMentions::new());
                // A challenge made inside a thread may wait in one that Discord archived.
                match super::threads::edit_message(
                    http,
                    serenity::ChannelId::new(challenge.channel_id),
                    serenity::MessageId::new(message_id),
                    edit,
                )
                .await
                {
                    Err(e) if error_code(&e) == Some(UNKNOWN_MESSAGE) => Ok(()),
                    other => other.map(drop),
                }
            }
        };
        if let Err(e) = &sent {
            self.failed(e);
        }
        match sent {
            Ok(()) => Delivery::Sent,
            Err(e)
                if matches!(letter, Letter::Direct { .. })
                    && error_code(&e).is_some_and(|c| DM_REFUSED.contains(&c)) =>
            {
                Delivery::DmRefused(e.to_string())
            }
            Err(e)
                if matches!(letter, Letter::Post { .. })
                    && error_code(&e) == Some(UNKNOWN_CHANNEL) =>
            {
                Delivery::ChannelGone(e.to_string())
            }
            Err(e) => Delivery::Failed(e.to_string()),
        }
    }
}

/// Sweeps and delivers until `stop` turns true: at once (deadlines may have passed while the
/// bot was down), then whenever something falls due, at least every `interval`, and whenever
/// a notice is queued or a due moment set. Each round holds one permit of `gate`, so shutdown
/// waits for a round in flight to finish.
///
/// # Waking at the due moment
/// After every round the sweeper asks the store for the next due moment (index lookups,
/// [`GameService::next_due`], a tournament's start time included) and sleeps until then *on
/// the service's clock* ([`GameService::clock_reaches`]): real time in production, the moment
/// a test moves its manual clock there. A five-minute move is thus ended within moments of its
/// deadline, and an idle bot (nothing due) wakes only every `interval`: no polling. The interval stays as a cap
/// against what the schedule cannot see (a database changed by another process, the system
/// clock stepped). Changes made through the service that set an earlier moment (a new game, a
/// move) wake the sweeper to read the schedule again ([`GameService::mail_queued`]).
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
                if let Err(e) = service.sweep().await {
                    tracing::error!(error = %e, "the deadline sweep failed; trying again next round");
                }
                // Tournaments whose start time came start (or, too small, are called off).
                match service.start_due_tournaments().await {
                    Ok(0) => {}
                    Ok(started) => tracing::info!(started, "tournaments started on time"),
                    Err(e) => {
                        tracing::error!(error = %e, "starting the tournaments due failed; trying again next round");
                    }
                }
                // The cap counts from the latest sweep, however it was woken.
                ticks.reset();
            }
            match service.deliver(&postman).await {
                Ok(done) if done != Delivered::default() => {
                    tracing::info!(?done, "notices delivered");
                }
                Ok(_) => {}
                Err(e) => tracing::error!(error = %e, "delivering notices failed"),
            }
        }
        let wake_at = match service.next_due().await {
            Ok(due) => due.map(|t| t.max(swept_at.saturating_add(1))),
            Err(e) => {
                tracing::error!(error = %e, "cannot read the next due moment; sweeping on the interval");
                None
            }
        };
        tracing::debug!(?wake_at, "sweeper sleeping");
        let due = async {
            match wake_at {
                Some(t) => service.clock_reaches(t).await,
                None => std::future::pending().await,
            }
        };
        // A queued notice (a turn DM after a move) is delivered at once, without a sweep.
        sweep = tokio::select! {
            () = due => true,
            _ = ticks.tick() => true,
            () = service.mail_queued() => false,
            _ = stop.changed() => false,
        };
    }
    tracing::info!("deadline sweeper stopped");
}

/// Edits `message` in `channel` (unarchiving a thread first when needed).
async fn channel_message_edit(
    http: &serenity::Http,
    channel: u64,
    message: u64,
    edit: serenity::EditMessage,
) -> Result<(), serenity::Error> {
    super::threads::edit_message(
        http,
        serenity::ChannelId::new(channel),
        serenity::MessageId::new(message),
        edit,
    )
    .await
    .map(drop)
}
