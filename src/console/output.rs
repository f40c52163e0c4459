//! Printing a reply: each message as a line marked with who sees it, its file written, its
//! buttons shown (and remembered, so that typing a label clicks one).

use super::{Console, Shown, render, session};
use crate::app::{Caller, Message, Reply, To};
use crate::service::User;
use crate::text::Text;
use crate::tr;

impl Console {
    /// Prints `reply` to `caller`: its messages, files and buttons; then does what follows
    /// it.
    pub(super) async fn show(&mut self, caller: &Caller, reply: Reply) -> Vec<String> {
        let mut lines = Vec::new();
        let mut first = None;
        for message in &reply.messages {
            let id = self.next_message();
            first.get_or_insert(id);
            lines.extend(self.message(caller, message, id).await);
        }
        // The console's "message" of a challenge is its number, so that when it expires the
        // console shows its buttons being disabled, as on Discord.
        let challenge = reply.after.iter().find_map(|a| match a {
            crate::app::After::ChallengeMessage(id) => Some(id.0.unsigned_abs()),
            crate::app::After::TournamentMessage(_) => first,
            crate::app::After::BotToMove(_) => None,
        });
        self.app.after(&reply.after, challenge).await;
        lines
    }

    /// The lines of one message of a reply, its id `id`.
    async fn message(&mut self, caller: &Caller, message: &Message, id: u64) -> Vec<String> {
        let user = &caller.user;
        let mut text = message.text.clone();
        if let Some(title) = &message.title {
            text = Text::plain(title.clone()).line(text);
        }
        let (channel, only) = match &message.to {
            To::Private => (caller.place.channel_id, Some(user.id)),
            To::Game { channel, .. } => (*channel, None),
            _ => (caller.place.channel_id, None),
        };
        let mut lines = Vec::new();
        if !text.is_empty() {
            let shown = self.render(&text).await;
            let channel_name = self.channel_name(channel);
            lines.push(match (&message.to, only) {
                (_, Some(_)) => tr!(
                    self.lang,
                    "console-private",
                    channel = channel_name,
                    user = user.name.as_str(),
                    text = shown
                ),
                (To::Clicked(_), None) => tr!(
                    self.lang,
                    "console-edit",
                    channel = channel_name,
                    text = shown
                ),
                _ => tr!(
                    self.lang,
                    "console-public",
                    channel = channel_name,
                    text = shown
                ),
            });
        }
        if let Some(file) = &message.file {
            lines.push(self.write_file(file));
        }
        let message_id = match &message.to {
            To::Clicked(_) => caller.clicked.unwrap_or(id),
            _ => id,
        };
        lines.extend(self.buttons_line(caller, message, message_id, channel, only));
        lines
    }

    /// Remembers the buttons of `message` (its id `message_id`, in `channel`, seen by `only`
    /// or by everyone), and the line that shows them, if it has any.
    fn buttons_line(
        &mut self,
        caller: &Caller,
        message: &Message,
        message_id: u64,
        channel: u64,
        only: Option<u64>,
    ) -> Option<String> {
        let user = &caller.user;
        // An edited message's buttons are the ones it now has.
        if matches!(message.to, To::Clicked(_)) {
            self.buttons.retain(|b| b.message != message_id);
        }
        if message.buttons.is_empty() {
            return None;
        }
        let labels: Vec<String> = message
            .buttons
            .iter()
            .map(|b| {
                if b.disabled {
                    format!("({})", b.label)
                } else {
                    format!("[{}]", b.label)
                }
            })
            .collect();
        for button in &message.buttons {
            self.buttons.push(Shown {
                channel,
                only,
                button: button.clone(),
                message: message_id,
            });
        }
        let example = message
            .buttons
            .iter()
            .find(|b| !b.disabled)
            .map_or(String::new(), |b| session::label_words(&b.label));
        // Whom the buttons are for: the one the message is for, else the one it pings.
        let whom = match (only, message.ping.and_then(|id| self.names.get(&id))) {
            (None, Some(pinged)) => pinged.clone(),
            _ => user.name.clone(),
        };
        let example = format!("{whom}: {example}");
        Some(tr!(
            self.lang,
            "console-buttons",
            buttons = labels.join(" "),
            example = example
        ))
    }

    fn next_message(&mut self) -> u64 {
        self.messages += 1;
        // Message ids above any challenge number, which stand for challenges' messages.
        (1 << 40) + self.messages
    }

    /// `text` for the terminal, names looked up where this session has not seen them.
    pub(super) async fn render(&mut self, text: &Text) -> String {
        let unknown: Vec<u64> = text
            .users()
            .into_iter()
            .filter(|id| !self.names.contains_key(id))
            .collect();
        if !unknown.is_empty() {
            for (id, name) in self.app.names(unknown).await {
                self.names.insert(id, name);
            }
        }
        self.terminal().render(text)
    }

    /// What the terminal renderer needs, as this session knows it now.
    fn terminal(&self) -> render::Terminal<'_> {
        render::Terminal {
            users: &self.names,
            channels: &self.channels,
            now: crate::clock::Clock::now(self.clock.as_ref()),
            lang: self.lang,
            colour: self.colour,
        }
    }

    /// A line for `user` alone in the current channel.
    pub(super) fn private_line(&self, user: &User, text: &Text) -> String {
        let shown = self.terminal().render(text);
        tr!(
            self.lang,
            "console-private",
            channel = self.channel.as_str(),
            user = user.name.as_str(),
            text = shown
        )
    }
}
