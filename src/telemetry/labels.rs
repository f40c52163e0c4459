//! The values a metric's labels take: each a small, bounded set.

/// How a request ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Done as asked.
    Ok,
    /// Refused, with a sentence for the user (not their turn, a bad move, …).
    Refused,
    /// The bot failed (the user was told so; the log says why).
    Failed,
}

impl Outcome {
    pub(super) fn as_str(self) -> &'static str {
        match self {
            Outcome::Ok => "ok",
            Outcome::Refused => "refused",
            Outcome::Failed => "failed",
        }
    }
}

/// What kind of interaction was answered.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum InteractionKind {
    /// A slash command.
    Command,
    /// A button or a select menu.
    Click,
    /// A form submitted.
    Form,
}

impl InteractionKind {
    pub(super) fn as_str(self) -> &'static str {
        match self {
            InteractionKind::Command => "command",
            InteractionKind::Click => "click",
            InteractionKind::Form => "form",
        }
    }
}

/// Who played a move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mover {
    /// A person.
    Person,
    /// The bot.
    Bot,
}

/// Which send failed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Via {
    /// A notice of the outbox (what the bot posts on its own).
    Outbox,
    /// An answer to an interaction.
    Interaction,
}

/// Who waited for a rate limit.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum WaitSource {
    /// serenity's ratelimiter (on when the bot talks to Discord itself): a 429 received, or a
    /// bucket known to be empty (serenity does not say which).
    Serenity,
    /// The outbox starting a thread behind `DISCORD_API_BASE`: a 429 received.
    Outbox,
}

/// How the gateway came back.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Reconnect {
    /// The session was resumed.
    Resume,
    /// A new session was identified.
    Identify,
}
