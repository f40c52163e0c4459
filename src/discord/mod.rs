// Longer than 400 lines: the bot's start: the framework, its event handler and the sweeper's task,
// wired in one place.
//! The Discord adapter: poise slash commands and buttons on serenity, over the command layer
//! ([`crate::app`]).
//!
//! - [`commands`]: `/focus` and its subcommands, their names and descriptions in every
//!   language ([`localized`]), each turning its options into one request; [`components`]: the
//!   one button handler; [`interaction`]: who asks, one call of the command layer, and its
//!   reply sent as Discord wants it; [`markdown`]: structured text as Discord writes it.
//! - [`ids`]: the `custom_id`s buttons carry; [`config`]: `DISCORD_TOKEN` and friends.
//! - [`members`]: who is still on the server, asked of Discord for the leaderboard.
//! - [`sweeper`]: the task that ends games on time, reminds players and delivers the notices
//!   the bot sends on its own.
//! - [`link`]: whether Discord can be reached, told to the operator once rather than every
//!   few seconds; [`health`]: `/healthz` and `/metrics` for the operator's monitoring.
//! - [`threads`]: a thread per game: starting its thread, editing in archived threads.
//!
//! Every reply's text comes from [`crate::strings`] through the command layer, in the reader's
//! language: what only the user sees in their client's language, what the channel sees in the
//! server's. Every refusal is one sentence, sent ephemerally, and changes nothing.

pub mod commands;
pub mod components;
pub mod config;
pub mod health;
pub mod ids;
pub mod interaction;
pub mod link;
pub mod localized;
pub mod markdown;
pub mod members;
mod shared;
pub mod sweeper;
pub mod threads;
pub mod tournament;

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use thiserror::Error;
use tokio::sync::Semaphore;

pub use config::{Config, ConfigError, LogFormat};
pub use shared::{BotError, Context, Data, Error, RunError, failure_text, mentions};
pub(crate) use shared::{UNKNOWN_CHANNEL, error_code, send_error};

use crate::app::App;
use crate::clock::{Clock, SystemClock};
use crate::discord::markdown::markdown as md;
use crate::i18n::Lang;
use crate::service::GameService;
use crate::store::AsyncStore;
use crate::strings;
use crate::telemetry::Reconnect;

/// The permissions of the invite link in the README: what the bot uses in a game's channel,
/// and to start a game's thread.
pub const INVITE_PERMISSIONS: serenity::Permissions = serenity::Permissions::VIEW_CHANNEL
    .union(serenity::Permissions::SEND_MESSAGES)
    .union(serenity::Permissions::SEND_MESSAGES_IN_THREADS)
    .union(serenity::Permissions::CREATE_PUBLIC_THREADS)
    .union(serenity::Permissions::EMBED_LINKS)
    .union(serenity::Permissions::ATTACH_FILES)
    .union(serenity::Permissions::READ_MESSAGE_HISTORY);

/// Handlers in flight at once, at most (far above what two cores ever run).
const MAX_IN_FLIGHT: u32 = 1024;
/// How long shutdown waits for handlers in flight (and, before that, for the gateway to
/// close): a stop takes at most about twice this.
pub const DRAIN: Duration = Duration::from_secs(10);

/// Every framework error becomes one ephemeral sentence for the user, or a log line.
async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    use poise::FrameworkError as E;
    // Errors are for the user alone: in their client's language.
    let lang = |ctx: Context<'_>| Lang::of_tag(ctx.locale().unwrap_or("en"));
    // A command's own failure was counted as a request; the rest are refused before one.
    let (ctx, text, refused) = match error {
        E::Command { error, ctx, .. } => {
            let text = failure_text(lang(ctx), &error, &ctx.command().qualified_name);
            (ctx, text, false)
        }
        E::GuildOnly { ctx, .. } => (ctx, md(&strings::guild_only(lang(ctx))), true),
        E::CommandCheckFailed {
            error: Some(BotError::MissingPermissions(names)),
            ctx,
            ..
        } => (
            ctx,
            md(&strings::missing_permissions(lang(ctx), &names)),
            true,
        ),
        E::MissingBotPermissions {
            missing_permissions,
            ctx,
            ..
        } => {
            let names: Vec<&str> = missing_permissions.get_permission_names();
            (
                ctx,
                md(&strings::missing_permissions(lang(ctx), &names)),
                true,
            )
        }
        E::ArgumentParse {
            error, input, ctx, ..
        } => {
            tracing::info!(%error, ?input, "an option could not be read");
            (
                ctx,
                md(&strings::bad_option(
                    lang(ctx),
                    input.as_deref().unwrap_or(""),
                )),
                true,
            )
        }
        E::Setup {
            error, framework, ..
        } => {
            tracing::error!(error = %error, "could not register the slash commands; stopping");
            framework.shard_manager().shutdown_all().await;
            return;
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::warn!(error = %e, "while handling an error");
            }
            return;
        }
    };
    if refused {
        let name = &ctx.command().qualified_name;
        let name = name
            .strip_prefix("focus ")
            .unwrap_or(name)
            .replace(' ', ":");
        let metrics = ctx.data().app.service().metrics();
        metrics.command(name, crate::telemetry::Outcome::Refused);
    }
    let reply = poise::CreateReply::default().content(text).ephemeral(true);
    if let Err(e) = ctx.send(reply).await {
        tracing::warn!(error = %e, "could not send an error reply");
    }
}

/// Buttons, select menus and forms come through serenity's events; everything else is
/// poise's.
async fn event_handler(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    match event {
        serenity::FullEvent::InteractionCreate {
            interaction: serenity::Interaction::Component(click),
        } => components::handle(framework.serenity_context, framework.user_data, click).await,
        serenity::FullEvent::InteractionCreate {
            interaction: serenity::Interaction::Modal(form),
        } => components::handle_form(framework.serenity_context, framework.user_data, form).await,
        serenity::FullEvent::Ready { data_about_bot } => {
            tracing::info!(user = %data_about_bot.user.name, guilds = data_about_bot.guilds.len(), "connected to Discord");
            let metrics = framework.user_data.app.service().metrics();
            metrics.gateway_session(Reconnect::Identify);
        }
        serenity::FullEvent::Resume { .. } => {
            let metrics = framework.user_data.app.service().metrics();
            metrics.gateway_session(Reconnect::Resume);
        }
        _ => {}
    }
    Ok(())
}

/// Runs the bot until `shutdown` resolves (or Discord ends the session), then stops taking
/// interactions, lets those in flight finish (up to 10 s), and closes the database.
///
/// While Discord cannot be reached (at start-up or later) the bot keeps trying, and says so
/// in one log line now and then rather than at every attempt (see [`link`]); a stop asked for
/// meanwhile stops it at once.
///
/// # Errors
/// [`RunError`] when the database cannot be opened or Discord refuses the bot.
pub async fn run(
    config: Config,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> Result<(), RunError> {
    run_with_clock(config, Arc::new(SystemClock), shutdown).await
}

/// [`run`], telling time by `clock` (tests move a [`crate::clock::ManualClock`] to reach
/// deadlines).
///
/// Once connected, the [`sweeper`] handles deadlines at start-up, then at each due moment and
/// at least every `config.sweep_interval`; it stops with the bot.
///
/// # Errors
/// As [`run`].
pub async fn run_with_clock(
    config: Config,
    clock: Arc<dyn Clock>,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> Result<(), RunError> {
    let store = AsyncStore::open_at(&config.database).await?;
    run_with_service(config, GameService::new(store, clock), shutdown).await
}

/// [`run`] over a `service` the caller built (its store and clock; `config.database` is not
/// opened again), so that the caller can watch it, for instance count the sweeps
/// ([`crate::service::Deadlines::sweeps`]).
///
/// # Errors
/// As [`run`], but for opening the database, which the caller did.
pub async fn run_with_service(
    config: Config,
    service: GameService,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> Result<(), RunError> {
    run_with_app(config, App::new(service), shutdown).await
}

/// [`run_with_service`] over the command layer `app` the caller built (for instance keeping a
/// journal of the requests, [`App::with_journal`]).
///
/// # Errors
/// As [`run_with_service`].
pub async fn run_with_app(
    config: Config,
    app: App,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> Result<(), RunError> {
    let service = app.service().clone();
    // `/healthz` and `/metrics` from the start: while Discord cannot be reached, the bot
    // answers that it is unhealthy rather than nothing.
    let monitor = health::Monitor::new(service.clone(), config.sweep_interval);
    let _served = match config.metrics_addr {
        Some(addr) => Some(AbortOnDrop(health::serve(addr, monitor.clone()).await?)),
        None => None,
    };
    let rate_limits = health::RateLimits(service.metrics().clone());
    let gate = Arc::new(Semaphore::new(MAX_IN_FLIGHT as usize));
    let data = Data {
        app,
        gate: gate.clone(),
    };
    let (stop_sweeper, sweeper_stopped) = tokio::sync::watch::channel(false);
    let sweep_interval = config.sweep_interval;
    let sweeper_gate = gate.clone();
    // The sweeper lives no longer than this call: dropping the future (a test's "crash")
    // aborts it, as a dying process would.
    let sweeper_task = SweeperTask::default();
    let sweeper_slot = sweeper_task.0.clone();
    let guild = config.guild_id.map(serenity::GuildId::new);
    let (http, unlimited) = match &config.api_base {
        // The proxy applies only with serenity's ratelimiter off: the proxy limits instead.
        // Its own client ignores HTTP(S)_PROXY: the base *is* the proxy (or a local stand-in).
        // The outbox starts threads on that client too, waiting out the 429s that serenity's
        // ratelimiter would have waited out (`threads::start_patiently`).
        Some(base) => {
            let client = reqwest::Client::builder()
                .no_proxy()
                .use_rustls_tls()
                .build()
                .map_err(|e| RunError::Discord(format!("cannot build the HTTP client: {e}")))?;
            let http = serenity::HttpBuilder::new(&config.token)
                .client(client.clone())
                .proxy(base.as_str())
                .ratelimiter_disabled(true)
                .build();
            (http, Some(client))
        }
        None => (serenity::Http::new(&config.token), None),
    };
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: commands::all(),
            on_error: |error| Box::pin(on_error(error)),
            event_handler: |framework, event| Box::pin(event_handler(framework, event)),
            pre_command: |ctx| {
                Box::pin(async move {
                    // Held for the whole invocation (errors included): see `Data::gate`.
                    if let Ok(permit) = ctx.data().gate.clone().acquire_owned().await {
                        ctx.set_invocation_data(permit).await;
                    }
                })
            },
            initialize_owners: false,
            ..Default::default()
        })
        .setup(move |ctx, _ready, framework| {
            Box::pin(async move {
                let commands = &framework.options().commands;
                match guild {
                    Some(guild) => poise::builtins::register_in_guild(ctx, commands, guild).await?,
                    None => poise::builtins::register_globally(ctx, commands).await?,
                }
                tracing::info!(in_guild = ?guild.map(|g| g.get()), "slash commands registered");
                let postman = sweeper::DiscordPostman {
                    http: ctx.http.clone(),
                    service: service.clone(),
                    unlimited,
                };
                let task = tokio::spawn(sweeper::run(
                    service,
                    postman,
                    sweep_interval,
                    sweeper_gate,
                    sweeper_stopped,
                ));
                if let Ok(mut slot) = sweeper_slot.lock() {
                    *slot = Some(task);
                }
                Ok(data)
            })
        })
        .build();

    // The stop, as a flag every stage below can wait for.
    let (stop, mut stop_asked) = tokio::sync::watch::channel(false);
    tokio::spawn(async move {
        shutdown.await;
        tracing::info!("shutting down: no new interactions");
        let _ = stop.send(true);
    });
    // Discord must answer before serenity starts: serenity would otherwise fall back to the
    // public gateway's address (wrong behind DISCORD_API_BASE) and retry it every 5 s, and a
    // stop asked for meanwhile would wait for a shard that never started.
    let mut link = link::Link::default();
    tokio::select! {
        () = link::reach(&http, &mut link) => {}
        _ = stopped(&mut stop_asked) => return Ok(()),
    }
    let mut client = serenity::ClientBuilder::new_with_http(http, serenity::GatewayIntents::GUILDS)
        .framework(framework)
        .event_handler(rate_limits)
        .await
        .map_err(|e| RunError::Discord(format!("cannot start the Discord client: {e}")))?;
    let shards = client.shard_manager.clone();
    monitor.client_started(shards.clone());
    let watcher = AbortOnDrop(tokio::spawn(link::watch(
        client.http.clone(),
        shards.clone(),
        link,
    )));
    // This task outlives a dropped `run` (a test's "crash"): the stop then still closes the
    // gateway, as the operating system would close a dead process's sockets.
    let mut stop_seen = stop_asked.clone();
    let closing = shards.clone();
    tokio::spawn(async move {
        if stopped(&mut stop_seen).await {
            closing.shutdown_all().await;
        }
    });
    // A shard that is not connected has nothing to close, and one still being started does not
    // even hear serenity's shutdown: stop waiting for it then, and in any case after the drain
    // time (a stop was asked for, so that is a clean stop).
    let result = tokio::select! {
        result = client.start() => result,
        () = async {
            if !stopped(&mut stop_asked).await {
                std::future::pending::<()>().await;
            }
            let deadline = tokio::time::Instant::now() + DRAIN;
            while link::connected(&shards).await {
                if tokio::time::Instant::now() >= deadline {
                    tracing::warn!("the connection to Discord did not close in time; stopping anyway");
                    break;
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        } => Ok(()),
    };
    drop(watcher);
    let _ = stop_sweeper.send(true);
    sweeper_task.finish().await;
    // Wait for handlers in flight: taking every permit means none is held any more.
    match tokio::time::timeout(DRAIN, gate.acquire_many(MAX_IN_FLIGHT)).await {
        Ok(_) => tracing::info!("all interactions finished"),
        Err(_) => tracing::warn!("gave up waiting for interactions still running"),
    }
    drop(client);
    match result {
        Ok(()) => Ok(()),
        Err(serenity::Error::Gateway(serenity::GatewayError::InvalidAuthentication)) => Err(
            RunError::Discord(
                "Discord rejected DISCORD_TOKEN: copy the bot token again from the developer portal"
                    .to_owned(),
            ),
        ),
        Err(e) => Err(RunError::Discord(format!("the connection to Discord failed: {e}"))),
    }
}

/// Waits for the stop flag: `true` once a stop is asked for, `false` if it never can be.
async fn stopped(flag: &mut tokio::sync::watch::Receiver<bool>) -> bool {
    flag.wait_for(|stop| *stop).await.is_ok()
}

/// A task aborted when this is dropped.
struct AbortOnDrop(tokio::task::JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// The sweeper's task, aborted if still running when dropped.
#[derive(Default)]
struct SweeperTask(Arc<std::sync::Mutex<Option<tokio::task::JoinHandle<()>>>>);

impl SweeperTask {
    /// Waits (up to the drain time) for the stopped sweeper to finish its round.
    async fn finish(&self) {
        let task = self.0.lock().ok().and_then(|mut t| t.take());
        if let Some(mut task) = task
            && tokio::time::timeout(DRAIN, &mut task).await.is_err()
        {
            tracing::warn!("gave up waiting for the deadline sweeper");
            task.abort();
        }
    }
}

impl Drop for SweeperTask {
    fn drop(&mut self) {
        if let Some(task) = self.0.lock().ok().and_then(|mut t| t.take()) {
            task.abort();
        }
    }
}

/// Resolves on SIGINT (Ctrl-C) or SIGTERM.
pub async fn signals() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let mut term = match signal(SignalKind::terminate()) {
            Ok(s) => s,
            Err(_) => return std::future::pending().await,
        };
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_readme_invite_link_grants_what_the_bot_uses() {
        let readme = include_str!("../../README.md");
        let link = format!("permissions={}", INVITE_PERMISSIONS.bits());
        assert_eq!(INVITE_PERMISSIONS.bits(), 309_237_763_072);
        assert!(readme.contains(&link), "README lacks {link}");
    }
}
