//! The letters the bot sends on its own, finished once for every adapter: the service decides
//! what to tell and to whom ([`Letter`]); this module puts it into words, draws its pictures and
//! names its thread, in the reader's language, as one [`Mail`]. An adapter's [`Carrier`] only
//! turns that into its own output (a Discord message, console lines and files), and every
//! adapter runs the same [`round`] of sweeping and delivering.
//!
//! Here rather than in [`crate::service`]: the words are [`crate::strings`]', and the service is
//! below them.

use std::future::Future;

use super::pictures::{board_file, standings_picture};
use super::{Button, File, announcement_buttons, challenge_buttons, finished_buttons};
use crate::i18n::Lang;
use crate::service::tournaments::TournamentNews;
use crate::service::{Delivered, Delivery, GameService, Letter, Postman, Result, ServiceError};
use crate::store::{ChallengeId, NoticeId};
use crate::strings;
use crate::text::Text;

/// A letter as it is sent: where, in which language, its messages with their pictures and
/// buttons, whom it pings, and the thread it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mail {
    /// Where it goes.
    pub to: Address,
    /// The language it is written in (the reader's, unless the adapter fixed one).
    pub lang: Lang,
    /// Its messages, in order (a tournament's pairings may take several).
    pub pages: Vec<Page>,
    /// The users it may notify (everyone else is named without a ping).
    pub ping: Vec<u64>,
    /// The thread started from its first message (a tournament board's), if any: the adapter
    /// answers [`Delivery::Thread`] with the thread's channel id.
    pub thread: Option<ThreadName>,
}

/// One message of a [`Mail`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Page {
    /// What it says.
    pub text: Text,
    /// The picture it carries, if any: a board (PNG) or a tournament's standings (PNG).
    pub file: Option<File>,
    /// Its buttons (a finished game's Replay and Rematch, an announcement's Join and Leave, a
    /// challenge's disabled ones), in the reader's language; on an edit they replace the
    /// message's, even when there are none.
    pub buttons: Vec<Button>,
}

/// Where a [`Mail`] goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Address {
    /// New messages in a channel or thread.
    Channel(u64),
    /// A direct message to a user.
    Direct(u64),
    /// A tournament's announcement, edited to show the event as it is now.
    Announcement {
        /// The event's channel.
        channel: u64,
        /// The announcement's message.
        message: u64,
    },
    /// A challenge's message, edited to say it ran out (its buttons disabled).
    Challenge {
        /// The challenge's channel.
        channel: u64,
        /// Its message.
        message: u64,
        /// The challenge.
        challenge: ChallengeId,
    },
}

/// The names of a tournament board's thread.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThreadName {
    /// Its title, in the reader's language, within Discord's limit on a thread's name.
    pub title: String,
    /// A short name that is the same for the same board in any language (`t1-r2-b3`:
    /// tournament, round, board), for adapters whose threads are channels typed by name.
    pub key: String,
}

/// What sends finished letters: each adapter's one port for what the bot sends on its own.
pub trait Carrier: Send + Sync {
    /// Sends `mail`, once: `notice` is unique per notice, and a carrier that can (Discord's
    /// message nonce) uses it so that a repeated send is not posted twice. Answers
    /// [`Delivery::Thread`] for a mail with a [`Mail::thread`] it started.
    fn deliver(&self, notice: NoticeId, mail: &Mail) -> impl Future<Output = Delivery> + Send;
}

/// `letter` finished in `lang`: its text, its pictures, its buttons and its thread.
///
/// # Errors
/// [`ServiceError::Render`] if a board cannot be drawn (a bug; a standings picture that cannot
/// be drawn is left out, its text says it all).
pub async fn write(service: &GameService, lang: Lang, letter: &Letter) -> Result<Mail> {
    let page = |text: Text| Page {
        text,
        file: None,
        buttons: Vec::new(),
    };
    let mut mail = Mail {
        to: Address::Channel(0),
        lang,
        pages: vec![page(strings::letters::text(lang, letter))],
        ping: Vec::new(),
        thread: None,
    };
    match letter {
        Letter::Post {
            channel_id,
            ping,
            board,
            ..
        } => {
            mail.to = Address::Channel(*channel_id);
            mail.ping.clone_from(ping);
            if let Some(board) = board {
                // A time-out ends the game with this message: its Replay and Rematch.
                mail.pages[0].file = Some(board_file(service, lang, board, None).await?);
                mail.pages[0].buttons = finished_buttons(lang, &board.game, false);
            }
        }
        Letter::Direct { user_id, .. } => mail.to = Address::Direct(*user_id),
        Letter::StartGame {
            channel_id,
            tournament,
            board,
            ..
        } => {
            mail.to = Address::Channel(*channel_id);
            mail.thread = Some(ThreadName {
                title: strings::tournaments::thread_name(lang, tournament, board),
                key: format!(
                    "t{}-r{}-b{}",
                    tournament.id.0, board.board.round, board.board.board
                ),
            });
        }
        Letter::Announce {
            channel_id,
            message_id,
            view,
            ..
        } => {
            mail.to = Address::Announcement {
                channel: *channel_id,
                message: *message_id,
            };
            mail.pages[0].buttons = announcement_buttons(lang, &view.tournament);
        }
        Letter::Tournament {
            channel_id, news, ..
        } => {
            mail.to = Address::Channel(*channel_id);
            mail.pages = strings::tournaments::news(lang, news)
                .into_iter()
                .map(page)
                .collect();
            // A round's end and the event's end show the standings, after the last message.
            if let TournamentNews::RoundOver(s) | TournamentNews::Finished(s) = &**news
                && let Some(last) = mail.pages.last_mut()
            {
                last.file = standings_picture(lang, s, 1);
            }
        }
        Letter::CloseChallenge { challenge, .. } => {
            mail.to = Address::Challenge {
                channel: challenge.channel_id,
                // The service closes only a challenge whose message it knows.
                message: challenge.message_id.unwrap_or_default(),
                challenge: challenge.id,
            };
            mail.pages[0].buttons = challenge_buttons(lang, challenge, true);
        }
    }
    Ok(mail)
}

/// The service's postman that finishes each letter and hands it to an adapter's carrier.
struct Writer<'a, C> {
    service: &'a GameService,
    carrier: &'a C,
    /// The one language of every letter, when the adapter has one (the console's `--locale`).
    fixed: Option<Lang>,
}

impl<C: Carrier> Postman for Writer<'_, C> {
    async fn deliver(&self, notice: NoticeId, letter: &Letter) -> Delivery {
        let lang = self
            .fixed
            .unwrap_or_else(|| strings::letters::lang_of(letter));
        match write(self.service, lang, letter).await {
            Ok(mail) => self.carrier.deliver(notice, &mail).await,
            // Tried again later, as a failed send is.
            Err(e) => Delivery::Failed(e.to_string()),
        }
    }
}

/// Delivers every notice due now, finished ([`write()`]) in its reader's language (or `fixed`),
/// through `carrier`: [`crate::service::Post::deliver`] with the adapter's carrier.
///
/// # Errors
/// The store's, as [`crate::service::Post::deliver`].
pub async fn deliver<C: Carrier>(
    service: &GameService,
    carrier: &C,
    fixed: Option<Lang>,
) -> Result<Delivered> {
    let writer = Writer {
        service,
        carrier,
        fixed,
    };
    service.post.deliver(&writer).await
}

/// How an adapter runs a [`round`].
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Rounds {
    /// Sweep first: the deadlines and reminders due, and the tournaments whose start time came
    /// (else only the outbox is delivered: a notice was just queued).
    pub sweep: bool,
    /// Wait for the bot's searches before sweeping and before delivering, so that its moves go
    /// out in the same round (the console, which prints everything at once; the bot's own
    /// sweeper never waits for a search).
    pub settle: bool,
    /// The one language of every letter, when the adapter has one.
    pub fixed: Option<Lang>,
}

/// What one [`round`] did.
#[derive(Debug, Default)]
pub struct Round {
    /// Tournaments started (or called off) because their start time came.
    pub started: u32,
    /// The outbox's delivery.
    pub delivered: Delivered,
    /// What failed (each step runs even when an earlier one failed; a failed step is tried
    /// again next round), already logged.
    pub failures: Vec<ServiceError>,
}

/// One round of what the bot does on its own, the same in every adapter: the sweep (when
/// asked), the tournaments due, then the outbox through `carrier`.
pub async fn round<C: Carrier>(service: &GameService, carrier: &C, how: Rounds) -> Round {
    let mut done = Round::default();
    if how.sweep {
        if how.settle {
            service.bots.bots_idle().await;
        }
        if let Err(e) = service.deadlines.sweep().await {
            tracing::error!(error = %e, "the deadline sweep failed; trying again next round");
            done.failures.push(e);
        }
        match service.director.start_due_tournaments().await {
            Ok(0) => {}
            Ok(started) => {
                tracing::info!(started, "tournaments started on time");
                done.started = started;
            }
            Err(e) => {
                tracing::error!(error = %e, "starting the tournaments due failed; trying again next round");
                done.failures.push(e);
            }
        }
    }
    if how.settle {
        service.bots.bots_idle().await;
    }
    match deliver(service, carrier, how.fixed).await {
        Ok(delivered) => {
            if delivered != Delivered::default() {
                tracing::info!(done = ?delivered, "notices delivered");
            }
            done.delivered = delivered;
        }
        Err(e) => {
            tracing::error!(error = %e, "delivering notices failed");
            done.failures.push(e);
        }
    }
    done
}
