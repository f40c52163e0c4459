//! The console's own side: the mailbox of what the bot sends on its own, `wait` (which skips
//! time on its clock), and answering a message by typing a button's label or the
//! console's short forms (`accept 3`, `draw accept`, `takeback decline`).

use super::{Console, Shown};
use crate::app::mail::{Address, Carrier, Mail, Rounds};
use crate::app::{Action, Request};
use crate::service::{Delivery, Place, User};
use crate::store::{ChallengeId, NoticeId};
use crate::text::Text;
use crate::tr;

/// Collects the bot's finished letters, for the console to print.
#[derive(Default)]
struct Mailbox(std::sync::Mutex<Vec<Mail>>);

impl Carrier for Mailbox {
    async fn deliver(&self, _: NoticeId, mail: &Mail) -> Delivery {
        match self.0.lock() {
            Ok(mut mails) => {
                mails.push(mail.clone());
                // The console's thread is a channel typed by its short name (`#t1-r2-b3`):
                // the same board always gets the same thread.
                match &mail.thread {
                    Some(thread) => Delivery::Thread(super::channel_id(&thread.key)),
                    None => Delivery::Sent,
                }
            }
            Err(_) => Delivery::Failed("the console's mailbox is poisoned".to_owned()),
        }
    }
}

/// The words of the console's short answers, in English and in the reader's language.
fn is_word(lang: crate::i18n::Lang, typed: &str, english: &str) -> bool {
    let said = crate::i18n::tr(lang, &format!("console-word-{english}"), &[]);
    typed.eq_ignore_ascii_case(english) || typed.to_lowercase() == said.to_lowercase()
}

/// A label as typed: its words, lowercase, without signs (`▶ Replay` is typed `replay`).
pub(super) fn label_words(label: &str) -> String {
    let kept: String = label
        .chars()
        .filter(|c| c.is_alphanumeric() || c.is_whitespace())
        .collect();
    kept.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

impl Console {
    /// The request of a line that answers a message: a button's label (`Accept`, `Next`,
    /// `Rematch`), or the short forms `accept [N]`, `decline [N]`, `cancel [N]`,
    /// `draw accept|decline`, `takeback accept|decline`. `None` when the line is a command.
    pub(super) async fn session_request(
        &mut self,
        line: &super::Line,
        user: &User,
        place: Place,
    ) -> Option<Result<(Request, Option<u64>), Text>> {
        let lang = self.lang;
        let word = line.command.as_str();
        let first = line.args.first().map(String::as_str);
        for answer in ["accept", "decline", "cancel"] {
            if is_word(lang, word, answer) {
                return Some(self.challenge_answer(answer, first, user, place).await);
            }
        }
        let command = crate::app::options::command(lang, word).ok();
        if let (Some(which @ ("draw" | "takeback")), Some(arg)) = (command, first) {
            let yes = is_word(lang, arg, "accept");
            if yes || is_word(lang, arg, "decline") {
                return Some(self.answer(which == "draw", yes, user, place).await);
            }
        }
        // A command is a command (`replay 12`), but for a bare `rematch`, which names no game:
        // the Rematch button shown here.
        let bare_rematch = word == "rematch" && line.args.is_empty() && line.options.is_empty();
        if crate::app::options::command(lang, word).is_ok() && !bare_rematch {
            return None;
        }
        // A button's label, as shown (`Next`, `Rematch`, `Play it anyway`).
        let typed = std::iter::once(line.command.as_str())
            .chain(line.args.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join(" ")
            .to_lowercase();
        let typed = label_words(&typed);
        let matches = |b: &Shown| label_words(&b.button.label) == typed;
        match self.button(user, place, matches) {
            Some(clicked) => Some(Ok(clicked)),
            // Another player's private button, which this user cannot see: say whose it is
            // rather than read the label as a mistyped command.
            None => self.others_button(user, place, matches).map(Err),
        }
    }

    /// The sentence for a button shown here to someone else only, whose label `user` typed.
    fn others_button(
        &self,
        user: &User,
        place: Place,
        matches: impl Fn(&Shown) -> bool,
    ) -> Option<Text> {
        let shown = self.buttons.iter().rev().find(|b| {
            b.channel == place.channel_id
                && b.only.is_some_and(|u| u != user.id)
                && !b.button.disabled
                && matches(b)
        })?;
        let owner = shown.only.map_or_else(String::new, |u| {
            self.names.get(&u).cloned().unwrap_or_else(|| u.to_string())
        });
        Some(Text::from_marked(&tr!(
            self.lang,
            "console-not-your-button",
            label = shown.button.label.clone(),
            owner = owner
        )))
    }

    /// `draw accept|decline` or `takeback accept|decline`: the answer to the offer or request
    /// standing in the game of `place` (its button, when one is shown).
    async fn answer(
        &self,
        draw: bool,
        yes: bool,
        user: &User,
        place: Place,
    ) -> Result<(Request, Option<u64>), Text> {
        let lang = self.lang;
        let board = self
            .app
            .service()
            .games
            .board(place)
            .await
            .map_err(|e| crate::strings::refusal(lang, &e))?;
        let game = &board.game;
        let action = if draw {
            Action::Draw(game.id, yes)
        } else {
            Action::Takeback(game.id, game.ply, yes)
        };
        let message = self
            .buttons
            .iter()
            .rev()
            .find(|b| b.button.action == action && b.only.is_none_or(|u| u == user.id))
            .map(|b| b.message);
        Ok((Request::Click(action), message))
    }

    /// The newest button in `place` that `user` sees and `matches`: its click.
    fn button(
        &self,
        user: &User,
        place: Place,
        matches: impl Fn(&Shown) -> bool,
    ) -> Option<(Request, Option<u64>)> {
        self.buttons
            .iter()
            .rev()
            .filter(|b| b.channel == place.channel_id && b.only.is_none_or(|u| u == user.id))
            .find(|b| !b.button.disabled && matches(b))
            .map(|b| (Request::Click(b.button.action), Some(b.message)))
    }

    /// `accept`, `decline` or `cancel` of challenge number `n`, else the newest open one here
    /// that `user` may answer (or made, for `cancel`).
    async fn challenge_answer(
        &self,
        answer: &str,
        n: Option<&str>,
        user: &User,
        place: Place,
    ) -> Result<(Request, Option<u64>), Text> {
        let lang = self.lang;
        let failed = |e: crate::service::ServiceError| crate::strings::refusal(lang, &e);
        let id = match n {
            Some(n) => n
                .trim_start_matches('#')
                .parse::<i64>()
                .map(ChallengeId)
                .map_err(|_| Text::from_marked(&tr!(lang, "console-not-a-challenge", text = n)))?,
            None if answer == "cancel" => {
                let own = self
                    .app
                    .service()
                    .challenges
                    .own_challenges(place, user)
                    .await
                    .map_err(failed)?;
                *own.first()
                    .ok_or_else(|| Text::from_marked(&tr!(lang, "console-no-own-challenge")))?
            }
            None => {
                let open = self
                    .app
                    .service()
                    .challenges
                    .open_challenges_for(place, user)
                    .await
                    .map_err(failed)?;
                open.first()
                    .map(|v| v.challenge.id)
                    .ok_or_else(|| Text::from_marked(&tr!(lang, "console-no-challenge")))?
            }
        };
        let action = match answer {
            "accept" => Action::Accept(id),
            "decline" => Action::Decline(id),
            _ => Action::Cancel(id),
        };
        // The challenge's message is its number in the console.
        Ok((Request::Click(action), Some(id.0.unsigned_abs())))
    }

    /// `wait <span>`: skips time on the console's clock, then shows what the bot would do.
    pub(super) async fn wait(&mut self, line: &super::Line, user: &User) -> Vec<String> {
        let lang = self.lang;
        let typed = line.args.join(" ");
        let Some(seconds) = super::time::duration(&typed) else {
            let text = Text::from_marked(&tr!(lang, "console-how-long"));
            return vec![self.private_line(user, &text)];
        };
        self.clock
            .skipped
            .fetch_add(seconds, std::sync::atomic::Ordering::SeqCst);
        let passed = if seconds < 60 {
            crate::strings::count(lang, "seconds", seconds.unsigned_abs())
        } else {
            crate::strings::duration(lang, seconds)
        };
        let mut lines = vec![tr!(lang, "console-time-passes", span = passed)];
        lines.extend(self.sweep().await);
        lines
    }

    /// Runs the deadline sweep and prints what the bot would send on its own.
    pub(super) async fn sweep(&mut self) -> Vec<String> {
        let service = self.app.service().clone();
        let mailbox = Mailbox::default();
        let how = Rounds {
            sweep: true,
            // The bot's moves are searched first, so that they show after the line that
            // asked.
            settle: true,
            // The console speaks one language, whatever the letter's reader would read.
            fixed: Some(self.lang),
        };
        let round = crate::app::mail::round(&service, &mailbox, how).await;
        let mut lines: Vec<String> = round.failures.iter().map(|e| self.failure(e)).collect();
        for mail in mailbox.0.into_inner().unwrap_or_default() {
            lines.extend(self.mail_lines(mail).await);
        }
        lines
    }

    /// The lines of a letter the bot sent on its own, its pictures written to files (its
    /// buttons are not offered: the console answers only what a command showed).
    async fn mail_lines(&mut self, mail: Mail) -> Vec<String> {
        let mut lines = Vec::new();
        let mut files = Vec::new();
        for page in mail.pages {
            let text = self.render(&page.text).await;
            let line = match mail.to {
                Address::Channel(channel) => tr!(
                    self.lang,
                    "console-public",
                    channel = self.channel_name(channel),
                    text = text
                ),
                Address::Direct(user) => {
                    let name = self.user_name(user).await;
                    tr!(self.lang, "console-dm", user = name, text = text)
                }
                Address::Announcement { channel, .. } => tr!(
                    self.lang,
                    "console-edit",
                    channel = self.channel_name(channel),
                    text = text
                ),
                Address::Challenge {
                    channel, challenge, ..
                } => tr!(
                    self.lang,
                    "console-edit-challenge",
                    channel = self.channel_name(channel),
                    challenge = challenge.0.to_string(),
                    text = text
                ),
            };
            lines.push(line);
            files.extend(page.file);
        }
        for file in &files {
            lines.push(self.write_file(file));
        }
        if let Some(thread) = mail.thread {
            self.name_thread(super::channel_id(&thread.key), thread.key)
                .await;
        }
        lines
    }

    /// A failure of the bot itself, with its details (the console's user is its operator).
    fn failure(&self, error: &crate::service::ServiceError) -> String {
        let text = crate::strings::refusal(self.lang, error).words();
        tr!(
            self.lang,
            "console-line-error",
            error = format!("{text} ({error})")
        )
    }
}
