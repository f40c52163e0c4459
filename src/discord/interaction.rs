// Longer than 400 lines: one interaction's round trip with Discord: who asks, the reply as
// response, follow-ups or edits, and the fallbacks of an expired token.
//! One interaction, a slash command or a click, answered through the command layer: who asks
//! ([`caller`]), then one [`App::handle`], then the [`Reply`] sent the way Discord wants it:
//! the first answer as the interaction's response, later ones as follow-ups, edits of the
//! clicked message, messages posted in a game's thread.
//!
//! Long work is acknowledged when the app says it begins (its [`Hooks`]), privately or publicly
//! as [`Request::ack`] says, and an analysis's progress edits that acknowledgement at most once
//! a second.

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;

use super::markdown::markdown;
use super::members::DiscordMembers;
use super::{Context, Error, error_code, mentions};
use crate::app::{
    Ack, App, Button, Caller, Edit, Hooks, Languages, Message, Reply, Request, Style, ThreadRoom,
    To,
};
use crate::i18n::Lang;
use crate::service::{Place, User};
use crate::store::Venue;
use crate::telemetry::{InteractionKind, Via};

/// How long Discord takes an interaction's token (its follow-ups and edits): 15 minutes from
/// the interaction, in milliseconds.
pub const TOKEN_LIFETIME_MS: i64 = 15 * 60 * 1_000;
/// Taken off the token's life: the clocks may differ, and a request takes time to arrive.
const TOKEN_MARGIN_MS: i64 = 10_000;
/// Follow-ups Discord allows a user-installed app per interaction where the bot is not a
/// member of the server (or the channel is a DM).
pub const GUEST_FOLLOWUPS: u32 = 5;

/// The follow-ups an interaction may still send: [`GUEST_FOLLOWUPS`] where the bot only
/// answers interactions (a user's install, outside a server that added it), any number where
/// it is a member.
#[derive(Clone, Copy, Debug)]
struct Followups {
    /// `None`: no limit.
    left: Option<u32>,
}

impl Followups {
    fn new(venue: Venue) -> Self {
        Followups {
            left: (!venue.bot_posts()).then_some(GUEST_FOLLOWUPS),
        }
    }

    /// Takes one follow-up; `false` (and nothing taken) when none is left.
    fn take(&mut self) -> bool {
        match &mut self.left {
            None => true,
            Some(0) => false,
            Some(left) => {
                *left -= 1;
                true
            }
        }
    }
}

/// The shortest time between two edits of an analysis's progress line.
const PROGRESS_EVERY: Duration = Duration::from_secs(1);

/// The interaction being answered.
#[derive(Clone, Copy)]
pub enum Source<'a> {
    /// A slash command.
    Command(&'a serenity::CommandInteraction),
    /// A click on a button, or a choice in a select menu.
    Click(&'a serenity::ComponentInteraction),
    /// A form (modal) submitted.
    Modal(&'a serenity::ModalInteraction),
}

impl Source<'_> {
    fn channel(self) -> serenity::ChannelId {
        match self {
            Source::Command(i) => i.channel_id,
            Source::Click(i) => i.channel_id,
            Source::Modal(i) => i.channel_id,
        }
    }

    async fn respond(
        self,
        http: &serenity::Http,
        response: serenity::CreateInteractionResponse,
    ) -> serenity::Result<()> {
        match self {
            Source::Command(i) => i.create_response(http, response).await,
            Source::Click(i) => i.create_response(http, response).await,
            Source::Modal(i) => i.create_response(http, response).await,
        }
    }

    async fn follow(
        self,
        http: &serenity::Http,
        message: serenity::CreateInteractionResponseFollowup,
    ) -> serenity::Result<serenity::Message> {
        match self {
            Source::Command(i) => i.create_followup(http, message).await,
            Source::Click(i) => i.create_followup(http, message).await,
            Source::Modal(i) => i.create_followup(http, message).await,
        }
    }

    async fn edit(
        self,
        http: &serenity::Http,
        edit: serenity::EditInteractionResponse,
    ) -> serenity::Result<serenity::Message> {
        match self {
            Source::Command(i) => i.edit_response(http, edit).await,
            Source::Click(i) => i.edit_response(http, edit).await,
            Source::Modal(i) => i.edit_response(http, edit).await,
        }
    }

    async fn response(self, http: &serenity::Http) -> serenity::Result<serenity::Message> {
        match self {
            Source::Command(i) => i.get_response(http).await,
            Source::Click(i) => i.get_response(http).await,
            Source::Modal(i) => i.get_response(http).await,
        }
    }

    async fn delete(self, http: &serenity::Http) -> serenity::Result<()> {
        match self {
            Source::Command(i) => i.delete_response(http).await,
            Source::Click(i) => i.delete_response(http).await,
            Source::Modal(i) => i.delete_response(http).await,
        }
    }
}

/// A person as the service knows them: server nickname, else global name, else user name.
pub fn user_of(user: &serenity::User, member: Option<&serenity::Member>) -> User {
    let name = member
        .and_then(|m| m.nick.clone())
        .or_else(|| user.global_name.clone())
        .unwrap_or_else(|| user.name.clone());
    User {
        id: user.id.get(),
        name,
        is_bot: user.bot,
    }
}

/// Where an interaction happens, from what Discord says of it: its server (if any), its
/// context, who authorised the app for it, and its channel's kind. A server that installed
/// the app is [`Venue::Server`] (an interaction without owners, from before user installs,
/// too); a server reached only through the user's install is [`Venue::Guest`]; outside
/// servers, the bot's own DM, a group DM, or a DM between two users.
pub fn venue_of(
    guild: Option<serenity::GuildId>,
    context: Option<serenity::InteractionContext>,
    owners: &serenity::AuthorizingIntegrationOwners,
    channel: Option<&serenity::PartialChannel>,
) -> Venue {
    use serenity::AuthorizingIntegrationOwner as Owner;
    match guild {
        Some(guild) => {
            let installed = owners
                .0
                .iter()
                .any(|o| matches!(o, Owner::GuildInstall(Some(g)) if *g == guild));
            if installed || owners.0.is_empty() {
                Venue::Server
            } else {
                Venue::Guest
            }
        }
        None if context == Some(serenity::InteractionContext::PrivateChannel) => {
            if channel.is_some_and(|c| c.kind == serenity::ChannelType::GroupDm) {
                Venue::GroupDm
            } else {
                Venue::Dm
            }
        }
        None => Venue::BotDm,
    }
}

/// The place of an interaction in `channel`: outside a server the channel is its own
/// community (its ladder and settings), so it stands for the server.
fn place_of(guild: Option<serenity::GuildId>, channel: serenity::ChannelId) -> Place {
    let channel_id = channel.get();
    Place {
        guild_id: guild.map_or(channel_id, |g| g.get()),
        channel_id,
    }
}

/// What the bot needs in a server channel it is a member of to answer a command there: it
/// posts boards (files, embeds) and reads them back.
pub const ANSWER_PERMISSIONS: serenity::Permissions = serenity::Permissions::VIEW_CHANNEL
    .union(serenity::Permissions::SEND_MESSAGES)
    .union(serenity::Permissions::ATTACH_FILES)
    .union(serenity::Permissions::EMBED_LINKS)
    .union(serenity::Permissions::READ_MESSAGE_HISTORY);

/// The commands' check: on a server the bot is a member of, it has
/// [`ANSWER_PERMISSIONS`] in the channel (as the interaction's `app_permissions` says).
/// Elsewhere (a user's install, DMs) it only answers the interaction, which needs none of them.
///
/// # Errors
/// [`super::BotError::MissingPermissions`], with the permissions missing.
pub async fn bot_may_answer(ctx: super::Context<'_>) -> Result<bool, super::Error> {
    let poise::Context::Application(app) = ctx else {
        return Ok(true);
    };
    let command = app.interaction;
    let venue = venue_of(
        command.guild_id,
        command.context,
        &command.authorizing_integration_owners,
        command.channel.as_ref(),
    );
    let in_thread = command.channel.as_ref().is_some_and(|c| {
        use serenity::ChannelType as T;
        matches!(c.kind, T::NewsThread | T::PublicThread | T::PrivateThread)
    });
    let missing = match (venue, command.app_permissions) {
        (Venue::Server, Some(mut have)) => {
            // In a thread, Send Messages in Threads is what lets the bot post.
            if in_thread {
                have.set(
                    serenity::Permissions::SEND_MESSAGES,
                    have.send_messages_in_threads(),
                );
            }
            ANSWER_PERMISSIONS.difference(have)
        }
        _ => serenity::Permissions::empty(),
    };
    if missing.is_empty() {
        Ok(true)
    } else {
        Err(super::BotError::MissingPermissions(
            missing.get_permission_names(),
        ))
    }
}

/// What every interaction says of who asks from where: the parts a [`Caller`] is made of.
struct Asking<'a> {
    id: serenity::InteractionId,
    user: &'a serenity::User,
    member: Option<&'a serenity::Member>,
    guild_id: Option<serenity::GuildId>,
    channel_id: serenity::ChannelId,
    channel: Option<&'a serenity::PartialChannel>,
    app_permissions: Option<serenity::Permissions>,
    locale: &'a str,
    guild_locale: Option<&'a String>,
    attachment_limit: u32,
    venue: Venue,
}

impl Asking<'_> {
    /// The caller, with the server's name and the clicked message when known.
    fn caller(self, ctx: &serenity::Context, clicked: Option<u64>) -> Caller {
        let permissions = self.member.and_then(|m| m.permissions);
        Caller {
            user: user_of(self.user, self.member),
            bot: bot_user(ctx),
            place: place_of(self.guild_id, self.channel_id),
            languages: Languages::Tags {
                user: self.locale.to_owned(),
                server: self.guild_locale.cloned(),
            },
            moderator: permissions.is_some_and(|p| p.manage_messages()),
            manager: permissions.is_some_and(|p| p.manage_guild()),
            sent_at: Some(super::ids::created_at(self.id.get())),
            // Only a server the bot is on has its threads.
            threads: match self.venue {
                Venue::Server => super::threads::thread_room(self.channel, self.app_permissions),
                _ => ThreadRoom::NotHere,
            },
            attachment_limit: u64::from(self.attachment_limit),
            server_name: self
                .guild_id
                .and_then(|g| ctx.cache.guild(g).map(|g| g.name.clone())),
            clicked,
            roles: self
                .member
                .map(|m| m.roles.iter().map(|r| r.get()).collect())
                .unwrap_or_default(),
            venue: self.venue,
        }
    }
}

/// Who asks with slash command `ctx`.
pub async fn caller(ctx: super::Context<'_>, command: &serenity::CommandInteraction) -> Caller {
    // The interaction's member, else the cache's (a command's interaction always has one on
    // a server; poise asks the cache only without it).
    let member = ctx.author_member().await;
    Asking {
        id: command.id,
        user: ctx.author(),
        member: member.as_deref(),
        guild_id: command.guild_id,
        channel_id: command.channel_id,
        channel: command.channel.as_ref(),
        app_permissions: command.app_permissions,
        locale: &command.locale,
        guild_locale: command.guild_locale.as_ref(),
        attachment_limit: command.attachment_size_limit,
        venue: venue_of(
            command.guild_id,
            command.context,
            &command.authorizing_integration_owners,
            command.channel.as_ref(),
        ),
    }
    .caller(ctx.serenity_context(), None)
}

/// Who clicks `click`.
pub fn clicker(ctx: &serenity::Context, click: &serenity::ComponentInteraction) -> Caller {
    Asking {
        id: click.id,
        user: &click.user,
        member: click.member.as_ref(),
        guild_id: click.guild_id,
        channel_id: click.channel_id,
        channel: click.channel.as_ref(),
        app_permissions: click.app_permissions,
        locale: &click.locale,
        guild_locale: click.guild_locale.as_ref(),
        attachment_limit: click.attachment_size_limit,
        venue: click_venue(click),
    }
    .caller(ctx, Some(click.message.id.get()))
}

/// Where click `click` happens ([`venue_of`] its interaction).
pub fn click_venue(click: &serenity::ComponentInteraction) -> Venue {
    venue_of(
        click.guild_id,
        click.context,
        &click.authorizing_integration_owners,
        click.channel.as_ref(),
    )
}

/// Who submits form `form`, in its [`form_venue`]. A form only plays a move, which needs
/// nothing more.
pub fn former(ctx: &serenity::Context, form: &serenity::ModalInteraction) -> Caller {
    let venue = form_venue(ctx, form);
    Asking {
        id: form.id,
        user: &form.user,
        member: form.member.as_ref(),
        guild_id: form.guild_id,
        channel_id: form.channel_id,
        channel: form.channel.as_ref(),
        app_permissions: form.app_permissions,
        locale: &form.locale,
        guild_locale: form.guild_locale.as_ref(),
        attachment_limit: form.attachment_size_limit,
        venue,
    }
    .caller(ctx, form.message.as_ref().map(|m| m.id.get()))
}

/// Where form `form` is submitted. A form's interaction carries neither its context nor who
/// installed the app, so the cache tells: a server whose member the bot is (it has the
/// server) or not, a group DM or another DM.
pub fn form_venue(ctx: &serenity::Context, form: &serenity::ModalInteraction) -> Venue {
    let group_dm = form
        .channel
        .as_ref()
        .is_some_and(|c| c.kind == serenity::ChannelType::GroupDm);
    match form.guild_id {
        Some(g) if ctx.cache.guild(g).is_some() => Venue::Server,
        Some(_) => Venue::Guest,
        None if group_dm => Venue::GroupDm,
        None => Venue::Dm,
    }
}

/// The bot's own user, as the cache knows it.
fn bot_user(ctx: &serenity::Context) -> User {
    let me = ctx.cache.current_user();
    User {
        id: me.id.get(),
        name: me.global_name.clone().unwrap_or_else(|| me.name.clone()),
        is_bot: true,
    }
}

/// Answers `request` of `caller` on interaction `source`: one call of the command layer, then
/// its reply sent.
///
/// # Errors
/// Discord's, for an answer that could not be sent (the caller logs it; the metrics count it).
pub async fn answer(
    ctx: &serenity::Context,
    app: &App,
    source: Source<'_>,
    caller: &Caller,
    request: Request,
) -> serenity::Result<()> {
    let answered = respond(ctx, app, source, caller, request).await;
    if let Err(e) = &answered {
        let metrics = app.service().metrics();
        metrics.send_failed(Via::Interaction, super::send_error(e));
    }
    answered
}

/// [`answer`], uncounted.
async fn respond(
    ctx: &serenity::Context,
    app: &App,
    source: Source<'_>,
    caller: &Caller,
    request: Request,
) -> serenity::Result<()> {
    let ack = request.ack();
    let (working_tx, mut working_rx) = tokio::sync::watch::channel(false);
    let (progress_tx, mut progress_rx) = tokio::sync::watch::channel(None);
    let hooks = Hooks {
        working: Arc::new(move || {
            working_tx.send_replace(true);
        }),
        progress: Arc::new(move |line| {
            progress_tx.send_replace(Some(line));
        }),
    };
    let members = DiscordMembers {
        http: ctx.http.clone(),
        asks: caller.venue == Venue::Server,
    };
    let work = app.handle(caller, request, &members, &hooks);
    tokio::pin!(work);
    let mut out = Out {
        ctx,
        app,
        source,
        caller,
        responded: false,
        acked: false,
        followups: Followups::new(caller.venue),
        forced_private: forced_private(source, caller).then_some(false),
    };
    // Discord limits edits of one message to a few a second: the progress is shown when it
    // moves, at most once a second (the first at once).
    let (mut shown, mut last_edit, mut open) = (None, None::<tokio::time::Instant>, true);
    let reply = loop {
        if *working_rx.borrow_and_update() && !out.acked {
            out.acknowledge(ack).await?;
        }
        let latest = progress_rx.borrow_and_update().clone();
        let waiting = out.acked && latest.is_some() && latest != shown;
        let due = last_edit.map_or_else(tokio::time::Instant::now, |t| t + PROGRESS_EVERY);
        if let (true, Some(line)) = (waiting && due <= tokio::time::Instant::now(), &latest) {
            let edit = serenity::EditInteractionResponse::new().content(markdown(line));
            shown = latest;
            last_edit = Some(tokio::time::Instant::now());
            if out.token_expired() {
                // Too late to edit: the answer will say it all, if it comes in time.
            } else if let Err(e) = source.edit(&ctx.http, edit).await {
                tracing::warn!(error = %e, "analysis progress not shown");
            }
            continue;
        }
        tokio::select! {
            biased;
            reply = &mut work => break reply,
            // The work began: acknowledged at the top of the loop.
            _ = working_rx.changed(), if !out.acked => {}
            changed = progress_rx.changed(), if open => open = changed.is_ok(),
            () = tokio::time::sleep_until(due), if waiting => {}
        }
    };
    if *working_rx.borrow() && !out.acked {
        out.acknowledge(ack).await?;
    }
    out.send(reply).await
}

/// A reply being sent.
struct Out<'a> {
    ctx: &'a serenity::Context,
    app: &'a App,
    source: Source<'a>,
    caller: &'a Caller,
    /// The interaction has its response (a message or an acknowledgement).
    responded: bool,
    /// The response is an acknowledgement.
    acked: bool,
    /// Follow-ups Discord still allows.
    followups: Followups,
    /// Discord shows the answers to the asker only (a server without the bot that turned
    /// Use External Apps off for them): the first says so.
    forced_private: Option<bool>,
}

impl Out<'_> {
    /// The asker's client language.
    fn locale(&self) -> String {
        match self.source {
            Source::Command(i) => i.locale.clone(),
            Source::Click(i) => i.locale.clone(),
            Source::Modal(i) => i.locale.clone(),
        }
    }

    /// The interaction has its first response: counted, with the time since the interaction
    /// was made (by the service's clock, as the token's life is).
    fn responded_now(&mut self) {
        self.responded = true;
        let Some(at) = self.caller.sent_at else {
            return;
        };
        let service = self.app.service();
        let waited = service.now_ms().unix_ms().saturating_sub(at.unix_ms());
        let kind = match self.source {
            Source::Command(_) => InteractionKind::Command,
            Source::Click(_) => InteractionKind::Click,
            Source::Modal(_) => InteractionKind::Form,
        };
        let latency = Duration::from_millis(u64::try_from(waited).unwrap_or(0));
        service.metrics().first_response(kind, latency);
    }

    /// The interaction's token has run out (or nearly): Discord would refuse anything sent
    /// with it, so nothing is. The next interaction shows the state as it is then.
    fn token_expired(&self) -> bool {
        let now = self.app.service().now_ms().unix_ms();
        self.caller
            .sent_at
            .is_some_and(|at| now >= at.unix_ms() + TOKEN_LIFETIME_MS - TOKEN_MARGIN_MS)
    }

    async fn acknowledge(&mut self, ack: Ack) -> serenity::Result<()> {
        let response = match ack {
            Ack::None => return Ok(()),
            Ack::Public => serenity::CreateInteractionResponse::Defer(
                serenity::CreateInteractionResponseMessage::new(),
            ),
            Ack::Private => serenity::CreateInteractionResponse::Defer(
                serenity::CreateInteractionResponseMessage::new().ephemeral(true),
            ),
            Ack::Update => serenity::CreateInteractionResponse::Acknowledge,
        };
        self.source.respond(&self.ctx.http, response).await?;
        self.responded_now();
        self.acked = true;
        Ok(())
    }

    /// Sends `reply`: its thread first, its messages, then what follows it.
    async fn send(&mut self, reply: Reply) -> serenity::Result<()> {
        let http = &self.ctx.http;
        if let Some(modal) = &reply.modal {
            // A form can only be the first answer, and a click's.
            self.source.respond(http, form(modal)).await?;
            self.responded_now();
            return Ok(());
        }
        if let Some(options) = reply.announce.clone() {
            return self.announce(reply, options).await;
        }
        if self.token_expired() {
            // What the work changed is stored; only its answer is lost.
            tracing::info!(
                messages = reply.messages.len(),
                "an answer came after the interaction's token ran out; not sent"
            );
            self.app.after(&reply.after, None).await;
            return Ok(());
        }
        let mut messages = reply.messages;
        if let Some(start) = &reply.thread {
            let name = start.name.clone();
            let from = serenity::MessageId::new(start.from);
            if let Err(e) = super::threads::start(http, self.source.channel(), from, name).await {
                tracing::warn!(error = %e, game = start.game.0, "cannot start a game's thread; playing in the channel");
                self.app.play_without_thread(start.game).await;
                messages = start.instead.clone();
            }
        }
        let mut posted = None;
        for message in &messages {
            let id = self.message(message).await?;
            posted = posted.or(id);
        }
        // A challenge's message, and a tournament's announcement, is remembered by its id: the
        // response's, when it was one.
        let remembers = reply.after.iter().any(|a| {
            matches!(
                a,
                crate::app::After::ChallengeMessage(_) | crate::app::After::TournamentMessage(_)
            )
        });
        let posted = match posted {
            None if remembers && self.responded => {
                self.source.response(http).await.ok().map(|m| m.id.get())
            }
            posted => posted,
        };
        self.app.after(&reply.after, posted).await;
        Ok(())
    }

    /// A game against the bot in a thread of its own: the announcement, then the game.
    async fn announce(
        &mut self,
        reply: Reply,
        options: crate::service::ChallengeOptions,
    ) -> serenity::Result<()> {
        let http = &self.ctx.http;
        for message in &reply.messages {
            self.message(message).await?;
        }
        let announcement = self.source.response(http).await?;
        let game = self
            .app
            .bot_game_from(self.caller, options, announcement.id.get())
            .await;
        if game.refused {
            // Refused: the announcement goes, the refusal is said privately.
            if let Err(e) = self.source.delete(http).await {
                tracing::warn!(error = %e, "cannot delete an announcement");
            }
        }
        Box::pin(self.send(game)).await
    }

    /// Sends one message; the id of the message it created, if it knows it.
    async fn message(&mut self, message: &Message) -> serenity::Result<Option<u64>> {
        let http = &self.ctx.http;
        // Where the bot only answers interactions, what it would post goes as an answer.
        if !self.caller.venue.bot_posts() && matches!(message.to, To::Posted | To::Game { .. }) {
            return self.answer(message, false).await;
        }
        match &message.to {
            To::Here => self.answer(message, false).await,
            To::Private => self.answer(message, true).await,
            To::Posted => match self.source {
                Source::Command(_) => {
                    let posted = self
                        .source
                        .channel()
                        .send_message(http, channel_message(message))
                        .await?;
                    // The acknowledgement (or the progress it showed) goes: what is posted is
                    // the answer.
                    if self.acked {
                        self.source.delete(http).await?;
                    }
                    Ok(Some(posted.id.get()))
                }
                Source::Click(_) | Source::Modal(_) => self.answer(message, false).await,
            },
            To::Clicked(edit) => {
                self.edit_clicked(message, edit).await?;
                Ok(None)
            }
            To::Game {
                channel,
                game,
                note,
                or_here,
            } => {
                if *channel == self.source.channel().get() {
                    return self.answer(message, false).await;
                }
                let sent = serenity::ChannelId::new(*channel)
                    .send_message(http, channel_message(message))
                    .await;
                match sent {
                    Ok(posted) => {
                        if !note.is_empty() {
                            let note = Message::new(To::Private, note.clone());
                            self.answer(&note, true).await?;
                        }
                        Ok(Some(posted.id.get()))
                    }
                    Err(e) => {
                        tracing::warn!(error = %e, channel, "cannot post in a game's channel");
                        if error_code(&e) == Some(super::UNKNOWN_CHANNEL) {
                            self.app.play_without_thread(*game).await;
                        }
                        if *or_here {
                            self.answer(message, false).await
                        } else {
                            Ok(None)
                        }
                    }
                }
            }
        }
    }

    /// The interaction's answer: its response, or a follow-up once it has one.
    async fn answer(&mut self, message: &Message, private: bool) -> serenity::Result<Option<u64>> {
        let http = &self.ctx.http;
        // Where Discord would show a public answer to the asker alone, it is private, and the
        // first one says why.
        let noted;
        let (message, private) = match self.forced_private {
            Some(told) if !private => {
                self.forced_private = Some(true);
                noted = if told {
                    message.clone()
                } else {
                    let note = crate::strings::only_you_see(Lang::of_tag(&self.locale()));
                    Message {
                        text: message.text.clone().line(note),
                        ..message.clone()
                    }
                };
                (&noted, true)
            }
            _ => (message, private),
        };
        if self.responded {
            if !self.followups.take() {
                tracing::warn!("more follow-ups than Discord allows here; one left out");
                return Ok(None);
            }
            let mut followup = serenity::CreateInteractionResponseFollowup::new()
                .content(markdown(&message.text))
                .components(components(message))
                .allowed_mentions(mentions(message.ping))
                .ephemeral(private);
            if let Some(embed) = embed(message) {
                followup = followup.content("").embed(embed);
            }
            if let Some(file) = &message.file {
                followup = followup.add_file(attachment(file));
            }
            let sent = self.source.follow(http, followup).await?;
            return Ok(Some(sent.id.get()));
        }
        let mut response = serenity::CreateInteractionResponseMessage::new()
            .content(markdown(&message.text))
            .components(components(message))
            .allowed_mentions(mentions(message.ping))
            .ephemeral(private);
        if let Some(embed) = embed(message) {
            response = response.content("").embed(embed);
        }
        if let Some(file) = &message.file {
            response = response.add_file(attachment(file));
        }
        self.source
            .respond(http, serenity::CreateInteractionResponse::Message(response))
            .await?;
        self.responded_now();
        Ok(None)
    }

    /// Edits the clicked message (or, for a command, its own response).
    async fn edit_clicked(&mut self, message: &Message, edit: &Edit) -> serenity::Result<()> {
        let http = &self.ctx.http;
        let text = markdown(&message.text);
        // The clicked message: a button's, or the one whose button opened the form.
        let clicked = match self.source {
            Source::Click(click) => Some(&click.message.content),
            Source::Modal(form) => form.message.as_ref().map(|m| &m.content),
            Source::Command(_) => None,
        };
        let content = match (edit, clicked) {
            (Edit::Append, Some(old)) if text.is_empty() => old.clone(),
            (Edit::Append, Some(old)) => format!("{old}\n{text}"),
            _ => text,
        };
        match self.source {
            Source::Click(_) | Source::Modal(_) if !self.acked => {
                let update = serenity::CreateInteractionResponseMessage::new()
                    .content(content)
                    .components(components(message))
                    .allowed_mentions(mentions(None));
                self.source
                    .respond(
                        http,
                        serenity::CreateInteractionResponse::UpdateMessage(update),
                    )
                    .await?;
                self.responded_now();
            }
            _ => {
                let edit = serenity::EditInteractionResponse::new()
                    .content(content)
                    .components(components(message))
                    .allowed_mentions(mentions(None));
                self.source.edit(http, edit).await?;
            }
        }
        Ok(())
    }
}

/// Discord makes every answer to `caller` private: in a server without the bot whose
/// members may not use their own apps publicly there (Use External Apps is off for them).
fn forced_private(source: Source<'_>, caller: &Caller) -> bool {
    let member = match source {
        Source::Command(i) => i.member.as_deref(),
        Source::Click(i) => i.member.as_ref(),
        Source::Modal(i) => i.member.as_ref(),
    };
    caller.venue == Venue::Guest
        && member
            .and_then(|m| m.permissions)
            .is_some_and(|p| !p.use_external_apps())
}

/// A message posted in a channel.
fn channel_message(message: &Message) -> serenity::CreateMessage {
    let mut posted = serenity::CreateMessage::new()
        .content(markdown(&message.text))
        .components(components(message))
        .allowed_mentions(mentions(message.ping));
    if let Some(file) = &message.file {
        posted = posted.add_file(attachment(file));
    }
    posted
}

/// A message's title and text as an embed (the rules), if it has a title.
fn embed(message: &Message) -> Option<serenity::CreateEmbed> {
    let title = message.title.as_ref()?;
    Some(
        serenity::CreateEmbed::new()
            .title(title)
            .description(markdown(&message.text))
            .colour(0x0025_6fe8),
    )
}

fn attachment(file: &crate::app::File) -> serenity::CreateAttachment {
    serenity::CreateAttachment::bytes(file.bytes.clone(), file.name.clone())
}

/// A message's rows: its select menu, then its buttons.
fn components(message: &Message) -> Vec<serenity::CreateActionRow> {
    let mut rows = Vec::new();
    if let Some(menu) = &message.menu {
        let options = menu
            .options
            .iter()
            .map(|o| serenity::CreateSelectMenuOption::new(o.label.clone(), o.value.clone()))
            .collect();
        let select = serenity::CreateSelectMenu::new(
            menu.action.custom_id(),
            serenity::CreateSelectMenuKind::String { options },
        )
        .placeholder(menu.placeholder.clone());
        rows.push(serenity::CreateActionRow::SelectMenu(select));
    }
    rows.extend(self::rows(&message.buttons));
    rows
}

/// The form `modal` as the interaction's response: one line of text.
fn form(modal: &crate::app::Modal) -> serenity::CreateInteractionResponse {
    let field = serenity::CreateInputText::new(
        serenity::InputTextStyle::Short,
        modal.label.clone(),
        FORM_FIELD,
    )
    .placeholder(modal.placeholder.clone())
    .min_length(1)
    .max_length(FORM_MAX);
    serenity::CreateInteractionResponse::Modal(
        serenity::CreateModal::new(modal.action.custom_id(), modal.title.clone())
            .components(vec![serenity::CreateActionRow::InputText(field)]),
    )
}

/// The `custom_id` of a form's one text field.
pub const FORM_FIELD: &str = "text";
/// The longest text a form takes (a move's notation is at most 7 characters, but a player
/// may type spaces or a word too many: the service says what is wrong with it).
const FORM_MAX: u16 = 100;

/// Buttons in one row (none: no row).
pub(crate) fn rows(buttons: &[Button]) -> Vec<serenity::CreateActionRow> {
    if buttons.is_empty() {
        return vec![];
    }
    let buttons = buttons
        .iter()
        .map(|b| {
            serenity::CreateButton::new(b.action.custom_id())
                .label(b.label.clone())
                .style(match b.style {
                    Style::Yes => serenity::ButtonStyle::Success,
                    Style::Neutral => serenity::ButtonStyle::Secondary,
                    Style::Primary => serenity::ButtonStyle::Primary,
                    Style::Danger => serenity::ButtonStyle::Danger,
                })
                .disabled(b.disabled)
        })
        .collect();
    vec![serenity::CreateActionRow::Buttons(buttons)]
}

/// Answers `request` of the slash command of `ctx`.
pub(super) async fn ask(ctx: Context<'_>, request: Request) -> Result<(), Error> {
    let poise::Context::Application(app) = ctx else {
        return Ok(());
    };
    let command = app.interaction;
    let caller = caller(ctx, command).await;
    let data = ctx.data();
    answer(
        ctx.serenity_context(),
        &data.app,
        Source::Command(command),
        &caller,
        request,
    )
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_users_install_sends_at_most_five_follow_ups_where_the_bot_is_no_member() {
        for &venue in Venue::ALL {
            let mut followups = Followups::new(venue);
            let sent = (0..8).filter(|_| followups.take()).count();
            let allowed = if venue.bot_posts() { 8 } else { 5 };
            assert_eq!(sent, allowed, "{venue:?}");
        }
    }
}
