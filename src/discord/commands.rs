//! The `/focus` slash command and its subcommands: each turns an interaction into one game
//! service call and its answer into a reply.

use poise::CreateReply;
use poise::serenity_prelude as serenity;

use super::components::{challenge_buttons, ladder_buttons, watch_buttons};
use super::ids::{Action, created_at};
use super::localized::{
    ColorOption, DaysChoice, LanguageChoice, MinutesChoice, RulesChoice, SideChoice, ThreadsChoice,
    localize,
};
use super::members::DiscordMembers;
use super::threads::{self, Venue};
use super::{
    Context, Error, board_reply, board_reply_from, mentions, place_of, quiet_reply, readers,
    user_of,
};
use crate::discord::markdown::markdown as md;
use crate::i18n::Lang;
use crate::service::{ChallengeRequest, DEFAULT_BOT_LEVEL, DrawReport, MoveTerms, ServiceError};
use crate::store::GameId;
use crate::strings;

/// A public question to `asked` (pinged alone) with Agree / Refuse buttons in `lang`.
fn question(lang: Lang, text: String, yes: Action, no: Action, asked: u64) -> CreateReply {
    CreateReply::default()
        .content(text)
        .components(answer_buttons(lang, yes, no))
        .allowed_mentions(mentions(Some(asked)))
}

/// Agree and Refuse buttons in `lang`.
fn answer_buttons(lang: Lang, yes: Action, no: Action) -> Vec<serenity::CreateActionRow> {
    let buttons = vec![
        serenity::CreateButton::new(yes.custom_id())
            .label(strings::button(lang, "agree"))
            .style(serenity::ButtonStyle::Success),
        serenity::CreateButton::new(no.custom_id())
            .label(strings::button(lang, "refuse"))
            .style(serenity::ButtonStyle::Secondary),
    ];
    vec![serenity::CreateActionRow::Buttons(buttons)]
}

/// Every command of the bot, in one place, named and described in every language.
pub fn all() -> Vec<poise::Command<super::Data, Error>> {
    let mut commands = vec![focus()];
    localize(&mut commands);
    commands
}

/// Play Sid Sackson's board game Focus.
///
/// Guild-only here applies to every subcommand: poise checks the whole tree.
#[poise::command(
    slash_command,
    guild_only,
    subcommands(
        "challenge",
        "play",
        "board",
        "hint",
        "resign",
        "draw",
        "takeback",
        "abort",
        "games",
        "moretime",
        "notify",
        "leaderboard",
        "stats",
        "history",
        "replay",
        "analysis",
        "rules",
        "settings",
        "watch"
    ),
    subcommand_required
)]
pub async fn focus(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Challenge someone (or anyone here) to a game of Focus in this channel.
#[poise::command(
    slash_command,
    required_bot_permissions = "VIEW_CHANNEL | SEND_MESSAGES | ATTACH_FILES | EMBED_LINKS | READ_MESSAGE_HISTORY"
)]
#[expect(
    clippy::too_many_arguments,
    reason = "poise makes each parameter a slash-command option"
)]
pub async fn challenge(
    ctx: Context<'_>,
    opponent: Option<serenity::User>,
    rules: Option<RulesChoice>,
    days: Option<DaysChoice>,
    minutes: Option<MinutesChoice>,
    color: Option<ColorOption>,
    rated: Option<bool>,
    position: Option<String>,
    #[min = 1]
    #[max = 8]
    level: Option<i64>,
) -> Result<(), Error> {
    let readers = readers(ctx).await;
    let service = &ctx.data().service;
    let me = user_of(ctx.author(), ctx.author_member().await.as_deref());
    let against_me = opponent
        .as_ref()
        .is_some_and(|o| o.id == ctx.framework().bot_id());
    if level.is_some() && !against_me {
        return Err(ServiceError::LevelWithoutBot.into());
    }
    if let (Some(opponent), poise::Context::Application(app)) = (&opponent, ctx) {
        // Discord resolves a member for a user who is on the server, and only then.
        let members = &app.interaction.data.resolved.members;
        if !opponent.bot && !members.contains_key(&opponent.id) {
            return Err(crate::service::ServiceError::ChallengeStranger(opponent.id.get()).into());
        }
    }
    let defaults = ChallengeRequest::default();
    let venue = thread_venue(ctx).await;
    let request = ChallengeRequest {
        opponent: opponent.as_ref().map(|u| user_of(u, None)),
        rules: rules.map_or(defaults.rules, |r| r.0),
        days: days.map(|d| d.0),
        minutes: minutes.map(|m| m.0),
        color: color.map_or(defaults.color, |c| c.0),
        // A set-up position is never rated; saying nothing about rating then means unrated.
        rated: rated.unwrap_or(position.is_none()),
        position,
        threads: venue == Venue::Thread,
    };
    if let (true, Some(bot)) = (against_me, &opponent) {
        let level = level.unwrap_or(i64::from(DEFAULT_BOT_LEVEL));
        return challenge_me(ctx, &me, &user_of(bot, None), level, request, &venue).await;
    }
    let view = service.challenge(place_of(ctx), &me, request).await?;
    let id = view.challenge.id;
    let reply = CreateReply::default()
        .content(md(&strings::challenge_posted(readers.server, &view)))
        .components(challenge_buttons(readers.server, &view.challenge, false))
        .allowed_mentions(mentions(view.challenge.opponent_id));
    let handle = ctx.send(reply).await?;
    let message = handle.message().await?;
    service.set_challenge_message(id, message.id.get()).await?;
    Ok(())
}

/// `me` starts a game against the bot (`bot`, its own user) at `level`: in a thread of its own
/// when games get threads here (started from the reply that announces it), else here. The
/// bot moves once the start is shown, if it has White.
async fn challenge_me(
    ctx: Context<'_>,
    me: &crate::service::User,
    bot: &crate::service::User,
    level: i64,
    request: ChallengeRequest,
    venue: &Venue,
) -> Result<(), Error> {
    let readers = readers(ctx).await;
    let lang = readers.server;
    let service = &ctx.data().service;
    let place = place_of(ctx);
    if !request.threads {
        let board = service
            .challenge_bot(place, me, bot, level, request, None)
            .await?;
        let mut text = md(&strings::game_started(lang, &board));
        // The server wants threads, but the bot may not start one here: say why not.
        if let Venue::Missing(missing) = venue {
            text = format!(
                "{text}\n{}",
                md(&strings::threads::no_thread(lang, missing))
            );
        }
        let reply = board_reply(service, lang, text, &board, board.to_move()).await?;
        ctx.send(reply).await?;
        service.bot_to_move(&board.game);
        return Ok(());
    }
    // A thread starts from a message: this reply, which the game's thread is then named after.
    let handle = ctx
        .send(
            CreateReply::default()
                .content(md(&strings::bot_game_announced(lang, me.id)))
                .allowed_mentions(mentions(None)),
        )
        .await?;
    let message = handle.message().await?;
    let mut board = match service
        .challenge_bot(place, me, bot, level, request, Some(message.id.get()))
        .await
    {
        Ok(board) => board,
        Err(e) => {
            // Refused: the announcement goes, the refusal is said privately.
            let _ = handle.delete(ctx).await;
            return Err(e.into());
        }
    };
    let name = strings::threads::thread_name(lang, &board);
    let channel = ctx.channel_id();
    let in_thread = match threads::start(ctx.http(), channel, message.id, name).await {
        Ok(()) => true,
        Err(e) => {
            tracing::warn!(error = %e, game = board.game.id.0, "cannot start a game's thread; playing in the channel");
            if let Ok(game) = service.play_in_parent(board.game.id).await {
                board.game = game;
            }
            false
        }
    };
    let whereabouts = if in_thread {
        md(&strings::threads::game_in_thread(
            lang,
            board.game.id,
            message.id.get(),
        ))
    } else {
        md(&strings::threads::no_thread(lang, &[]))
    };
    let announced = format!(
        "{}\n{whereabouts}",
        md(&strings::bot_game_announced(lang, me.id))
    );
    handle
        .edit(ctx, CreateReply::default().content(announced))
        .await?;
    let text = md(&strings::game_started(lang, &board));
    let mut start = serenity::CreateMessage::new()
        .content(text)
        .allowed_mentions(mentions(board.to_move()));
    start = start.add_file(super::attachment(service, lang, &board).await?);
    if let Err(e) = serenity::ChannelId::new(board.game.channel_id)
        .send_message(ctx.http(), start)
        .await
    {
        // The game is stored: its player reaches it with /focus board.
        tracing::warn!(error = %e, game = board.game.id.0, "cannot post a game's start");
    }
    service.bot_to_move(&board.game);
    Ok(())
}

/// Where a game accepted from a challenge made here would be played.
async fn thread_venue(ctx: Context<'_>) -> Venue {
    let poise::Context::Application(app) = ctx else {
        return Venue::Here;
    };
    let guild = place_of(ctx).guild_id;
    // A store failure reads as threads off: the game is then played here, as before threads.
    let on = ctx.data().service.threads_on(guild).await.unwrap_or(false);
    threads::venue(
        on,
        app.interaction.channel.as_ref(),
        app.interaction.app_permissions,
    )
}

/// Suggests the caller's legal moves as they type (at most 25).
async fn autocomplete_move(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let suggestions = ctx
        .data()
        .service
        .suggestions(place_of(ctx), ctx.author().id.get(), partial)
        .await;
    // Only the typing user sees the choices: in their client's language. The value stays the
    // move's notation; the name may say that it loses under the mirror rule.
    let lang = Lang::of_tag(ctx.locale().unwrap_or("en"));
    serenity::CreateAutocompleteResponse::new().set_choices(
        suggestions
            .iter()
            .map(|s| {
                serenity::AutocompleteChoice::new(strings::suggestion(lang, s), s.mv.to_string())
            })
            .collect(),
    )
}

/// When the slash command of `ctx` was used: its interaction's creation time.
fn sent_at(ctx: Context<'_>) -> Option<crate::service::Timestamp> {
    match ctx {
        poise::Context::Application(app) => Some(created_at(app.interaction.id.get())),
        poise::Context::Prefix(_) => None,
    }
}

/// Play a move in this channel's game: c4-d4 moves a stack, +e5 drops from your reserve.
#[poise::command(
    slash_command,
    rename = "move",
    required_bot_permissions = "VIEW_CHANNEL | SEND_MESSAGES | ATTACH_FILES | EMBED_LINKS | READ_MESSAGE_HISTORY"
)]
pub async fn play(
    ctx: Context<'_>,
    #[rename = "move"]
    #[autocomplete = "autocomplete_move"]
    notation: String,
    draw: Option<bool>,
) -> Result<(), Error> {
    let readers = readers(ctx).await;
    let service = &ctx.data().service;
    let me = user_of(ctx.author(), ctx.author_member().await.as_deref());
    let terms = MoveTerms {
        seen_at: sent_at(ctx),
        mirror_loss_confirmed: false,
    };
    let report = match service
        .play_with(place_of(ctx), &me, &notation, terms)
        .await
    {
        Err(error @ ServiceError::MirrorLoss { game, ply, mv }) => {
            // Not played: the player is asked, privately, whether they mean it.
            let button = serenity::CreateButton::new(Action::PlayAnyway(game, ply, mv).custom_id())
                .label(strings::button(readers.user, "play-anyway"))
                .style(serenity::ButtonStyle::Danger);
            let reply = quiet_reply(md(&strings::refusal(readers.user, &error)))
                .components(vec![serenity::CreateActionRow::Buttons(vec![button])])
                .ephemeral(true);
            ctx.send(reply).await?;
            return Ok(());
        }
        result => result?,
    };
    let ping = report
        .board
        .to_move()
        .or(Some(report.board.game.player(!report.mover)));
    let mut text = md(&strings::move_played(readers.server, &report));
    // `draw:True`: the move comes with a draw offer, in the same message, with its buttons.
    let mut offer = None;
    if draw == Some(true)
        && report.board.to_move().is_some()
        && let DrawReport::Offered { game, by } = service.draw(place_of(ctx), &me).await?
    {
        text = format!(
            "{text}\n{}",
            md(&strings::draw_offered(readers.server, &game, by))
        );
        offer = Some(game.id);
    }
    let mut reply = board_reply(service, readers.server, text, &report.board, ping).await?;
    if let Some(id) = offer {
        reply = reply.components(answer_buttons(
            readers.server,
            Action::Draw(id, true),
            Action::Draw(id, false),
        ));
    }
    threads::answer(ctx, readers.user, &report.board.game, reply).await?;
    // Against the bot, it answers now that the move is shown.
    service.bot_to_move(&report.board.game);
    Ok(())
}

/// My suggested move in your game against me, privately (three a game).
#[poise::command(slash_command)]
pub async fn hint(ctx: Context<'_>) -> Result<(), Error> {
    let readers = readers(ctx).await;
    let me = user_of(ctx.author(), ctx.author_member().await.as_deref());
    // The search may wait for a core behind other games' searches: acknowledge first.
    ctx.defer_ephemeral().await?;
    let hint = ctx.data().service.hint(place_of(ctx), &me).await?;
    ctx.send(quiet_reply(md(&strings::hint_given(readers.user, &hint))).ephemeral(true))
        .await?;
    Ok(())
}

/// Show this channel's game.
///
/// With `side`, privately and seen from that side (from Black's, the board turned around).
#[poise::command(
    slash_command,
    required_bot_permissions = "VIEW_CHANNEL | SEND_MESSAGES | ATTACH_FILES | EMBED_LINKS | READ_MESSAGE_HISTORY"
)]
pub async fn board(ctx: Context<'_>, side: Option<SideChoice>) -> Result<(), Error> {
    let readers = readers(ctx).await;
    let service = &ctx.data().service;
    let me = user_of(ctx.author(), ctx.author_member().await.as_deref());
    let (board, plays) = service.board_for(place_of(ctx), &me).await?;
    if let Some(SideChoice(side)) = side {
        let lang = readers.user;
        let text = md(&strings::board_caption(lang, &board));
        let reply = board_reply_from(service, lang, text, &board, side).await?;
        ctx.send(reply.ephemeral(true)).await?;
        return Ok(());
    }
    // Players see it in the channel; onlookers privately (in their own language), so the
    // channel stays the game's.
    let lang = if plays { readers.server } else { readers.user };
    let text = md(&strings::board_caption(lang, &board));
    let reply = board_reply(service, lang, text, &board, None).await?;
    if plays {
        threads::answer(ctx, readers.user, &board.game, reply).await
    } else {
        ctx.send(reply.ephemeral(true)).await?;
        Ok(())
    }
}

/// Resign this channel's game.
#[poise::command(
    slash_command,
    required_bot_permissions = "VIEW_CHANNEL | SEND_MESSAGES | ATTACH_FILES | EMBED_LINKS | READ_MESSAGE_HISTORY"
)]
pub async fn resign(ctx: Context<'_>) -> Result<(), Error> {
    let readers = readers(ctx).await;
    let service = &ctx.data().service;
    let me = user_of(ctx.author(), ctx.author_member().await.as_deref());
    let board = service.resign(place_of(ctx), &me).await?;
    let other = board.game.color_of(me.id).map(|c| board.game.player(!c));
    let text = md(&strings::game_ended(readers.server, &board));
    let reply = board_reply(service, readers.server, text, &board, other).await?;
    threads::answer(ctx, readers.user, &board.game, reply).await
}

/// Offer a draw, or accept your opponent's offer.
#[poise::command(
    slash_command,
    required_bot_permissions = "VIEW_CHANNEL | SEND_MESSAGES | ATTACH_FILES | EMBED_LINKS | READ_MESSAGE_HISTORY"
)]
pub async fn draw(ctx: Context<'_>) -> Result<(), Error> {
    let readers = readers(ctx).await;
    let service = &ctx.data().service;
    let me = user_of(ctx.author(), ctx.author_member().await.as_deref());
    match service.draw(place_of(ctx), &me).await? {
        DrawReport::Offered { game, by } => {
            let reply = question(
                readers.server,
                md(&strings::draw_offered(readers.server, &game, by)),
                Action::Draw(game.id, true),
                Action::Draw(game.id, false),
                game.player(!by),
            );
            threads::answer(ctx, readers.user, &game, reply).await
        }
        DrawReport::Agreed(board) => {
            let other = board.game.color_of(me.id).map(|c| board.game.player(!c));
            let text = md(&strings::game_ended(readers.server, &board));
            let reply = board_reply(service, readers.server, text, &board, other).await?;
            threads::answer(ctx, readers.user, &board.game, reply).await
        }
    }
}

/// Ask to take back your last move; your opponent answers with a button.
#[poise::command(
    slash_command,
    required_bot_permissions = "VIEW_CHANNEL | SEND_MESSAGES | ATTACH_FILES | EMBED_LINKS | READ_MESSAGE_HISTORY"
)]
pub async fn takeback(ctx: Context<'_>) -> Result<(), Error> {
    let readers = readers(ctx).await;
    let me = user_of(ctx.author(), ctx.author_member().await.as_deref());
    let board = ctx
        .data()
        .service
        .request_takeback(place_of(ctx), &me)
        .await?;
    let by = board
        .game
        .color_of(me.id)
        .unwrap_or(crate::rules::Color::White);
    let (id, ply) = (board.game.id, board.game.ply);
    let reply = question(
        readers.server,
        md(&strings::takeback_requested(readers.server, &board, by)),
        Action::Takeback(id, ply, true),
        Action::Takeback(id, ply, false),
        board.game.player(!by),
    );
    threads::answer(ctx, readers.user, &board.game, reply).await
}

/// Call off this channel's game: players while each side has moved at most once, moderators
/// always.
#[poise::command(
    slash_command,
    required_bot_permissions = "VIEW_CHANNEL | SEND_MESSAGES | ATTACH_FILES | EMBED_LINKS | READ_MESSAGE_HISTORY"
)]
pub async fn abort(ctx: Context<'_>) -> Result<(), Error> {
    let readers = readers(ctx).await;
    let service = &ctx.data().service;
    let member = ctx.author_member().await;
    let me = user_of(ctx.author(), member.as_deref());
    let moderator = member
        .as_deref()
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_messages());
    let board = service.abort(place_of(ctx), &me, moderator).await?;
    let text = md(&strings::game_ended(readers.server, &board));
    let reply = board_reply(service, readers.server, text, &board, None).await?;
    threads::answer(ctx, readers.user, &board.game, reply).await
}

/// Your games in play on this server, least time left first.
#[poise::command(slash_command)]
pub async fn games(ctx: Context<'_>) -> Result<(), Error> {
    let readers = readers(ctx).await;
    let place = place_of(ctx);
    let games = ctx
        .data()
        .service
        .games(place.guild_id, ctx.author().id.get())
        .await?;
    ctx.send(quiet_reply(md(&strings::dashboard(readers.user, &games))).ephemeral(true))
        .await?;
    Ok(())
}

/// Give your opponent more time on their move here: a day, or a live game's minutes per move.
#[poise::command(slash_command)]
pub async fn moretime(ctx: Context<'_>) -> Result<(), Error> {
    let readers = readers(ctx).await;
    let me = user_of(ctx.author(), ctx.author_member().await.as_deref());
    let game = ctx.data().service.more_time(place_of(ctx), &me).await?;
    let reply = quiet_reply(md(&strings::more_time_given(readers.server, &game, me.id)));
    threads::answer(ctx, readers.user, &game, reply).await
}

/// Choose whether your turn notices and reminders also come by DM (leave empty to see).
#[poise::command(slash_command)]
pub async fn notify(ctx: Context<'_>, dm: Option<bool>) -> Result<(), Error> {
    let readers = readers(ctx).await;
    let settings = ctx.data().service.notify(ctx.author().id.get(), dm).await?;
    ctx.send(
        CreateReply::default()
            .content(md(&strings::notify_setting(
                readers.user,
                settings.dm_notifications,
                dm.is_some(),
            )))
            .ephemeral(true),
    )
    .await?;
    Ok(())
}

/// The server's leaderboard: ten players a page, with Previous and Next buttons.
#[poise::command(slash_command)]
pub async fn leaderboard(ctx: Context<'_>, #[min = 1] page: Option<u32>) -> Result<(), Error> {
    let readers = readers(ctx).await;
    // Checking who is still a member may take a few Discord requests: answer "thinking" first.
    ctx.defer().await?;
    let guild = place_of(ctx).guild_id;
    let members = DiscordMembers {
        http: ctx.serenity_context().http.clone(),
    };
    let shown = ctx
        .data()
        .service
        .leaderboard(guild, page.unwrap_or(1), &members)
        .await?;
    let now = ctx.data().service.now();
    ctx.send(
        quiet_reply(md(&strings::leaderboard(readers.server, &shown, now)))
            .components(ladder_buttons(readers.server, &shown)),
    )
    .await?;
    Ok(())
}

/// A player's rating, rank, record, streak and last games on this server.
#[poise::command(slash_command)]
pub async fn stats(ctx: Context<'_>, user: Option<serenity::User>) -> Result<(), Error> {
    let readers = readers(ctx).await;
    let guild = place_of(ctx).guild_id;
    let asker = ctx.author().id.get();
    let whom = user.as_ref().map_or(asker, |u| u.id.get());
    let stats = ctx.data().service.stats(guild, whom, asker).await?;
    ctx.send(quiet_reply(md(&strings::stats(readers.server, &stats))))
        .await?;
    Ok(())
}

/// The moves of this channel's game (or of a game by number), as a record to replay.
#[poise::command(slash_command)]
pub async fn history(ctx: Context<'_>, game: Option<i64>) -> Result<(), Error> {
    let readers = readers(ctx).await;
    let h = ctx
        .data()
        .service
        .history(place_of(ctx), ctx.author().id.get(), game.map(GameId))
        .await?;
    let server = ctx.guild().map(|g| g.name.clone());
    let text = md(&strings::history(readers.user, &h, server.as_deref()));
    // A long game's record does not fit in a message: it goes as a file, which
    // `focus-bot replay` reads as it is.
    let reply = if text.encode_utf16().count() <= strings::MESSAGE_LIMIT {
        quiet_reply(text)
    } else {
        let record = strings::record::record_text(&h, server.as_deref());
        quiet_reply(md(&strings::history_attached(readers.user, &h))).attachment(
            serenity::CreateAttachment::bytes(
                record.into_bytes(),
                format!("focus-game-{}.txt", h.game.id.0),
            ),
        )
    };
    ctx.send(reply.ephemeral(true)).await?;
    Ok(())
}

/// Posts `message` in the command's channel, then deletes the command's private deferred
/// reply (its acknowledgement, or the progress it showed): what is posted is the answer.
async fn post_here(ctx: Context<'_>, message: serenity::CreateMessage) -> Result<(), Error> {
    ctx.channel_id()
        .send_message(ctx.serenity_context(), message)
        .await?;
    if let poise::Context::Application(app) = ctx {
        app.interaction
            .delete_response(ctx.serenity_context())
            .await?;
    }
    Ok(())
}

/// An animated replay of this channel's game (or of a game by number), posted here.
#[poise::command(
    slash_command,
    required_bot_permissions = "VIEW_CHANNEL | SEND_MESSAGES | ATTACH_FILES | EMBED_LINKS | READ_MESSAGE_HISTORY"
)]
pub async fn replay(ctx: Context<'_>, game: Option<i64>) -> Result<(), Error> {
    let readers = readers(ctx).await;
    let service = &ctx.data().service;
    let history = service
        .history(place_of(ctx), ctx.author().id.get(), game.map(GameId))
        .await?;
    // Drawing a long game takes a moment. The acknowledgement is private, so that a refusal
    // after it (too large to attach) stays private too; the replay is posted in the channel.
    ctx.defer_ephemeral().await?;
    let limit = match ctx {
        poise::Context::Application(app) => u64::from(app.interaction.attachment_size_limit),
        poise::Context::Prefix(_) => 8 * 1024 * 1024,
    };
    let options = strings::picture::replay_options(readers.server, &history);
    let gif = service.replay(&history, options, limit).await?;
    let message = serenity::CreateMessage::new()
        .content(md(&strings::replay_caption(readers.server, &history)))
        .add_file(super::replay_attachment(&history, gif))
        .allowed_mentions(mentions(None));
    post_here(ctx, message).await
}

/// The shortest time between two edits of an analysis's progress line.
const PROGRESS_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

/// Edits the deferred reply to `text`; a progress line that fails to show is only logged
/// (no reason to stop the analysis).
async fn show_progress(ctx: Context<'_>, text: String) {
    if let poise::Context::Application(app) = ctx {
        let edit = serenity::EditInteractionResponse::new().content(text);
        if let Err(e) = app
            .interaction
            .edit_response(ctx.serenity_context(), edit)
            .await
        {
            tracing::warn!(error = %e, "analysis progress not shown");
        }
    }
}

/// The engine's review of a finished game, posted here.
///
/// This channel's last game, or one by number: a chart of the evaluation and each side's
/// mistakes with the better moves.
#[poise::command(
    slash_command,
    required_bot_permissions = "VIEW_CHANNEL | SEND_MESSAGES | ATTACH_FILES | EMBED_LINKS | READ_MESSAGE_HISTORY"
)]
pub async fn analysis(ctx: Context<'_>, game: Option<i64>) -> Result<(), Error> {
    let readers = readers(ctx).await;
    let service = &ctx.data().service;
    // Refused (a game in play, aborted, unknown) before the acknowledgement: one private
    // sentence.
    let history = service
        .analysable(place_of(ctx), ctx.author().id.get(), game.map(GameId))
        .await?;
    // The review takes up to some seconds: a private acknowledgement, edited with the
    // progress (for the asker only); the analysis itself is posted in the channel.
    ctx.defer_ephemeral().await?;
    let (tx, mut rx) = tokio::sync::watch::channel(None);
    let on_progress: crate::service::OnProgress = std::sync::Arc::new(move |p| {
        tx.send_replace(Some(p));
    });
    let work = service.analyse(history, on_progress);
    tokio::pin!(work);
    // Discord limits edits of one message to a few a second: the progress is shown when it
    // moves, at most once a second (the first at once). A stored analysis shows none.
    let (mut shown, mut last_edit, mut open) = (None, None::<tokio::time::Instant>, true);
    let analysis = loop {
        let latest = *rx.borrow_and_update();
        let waiting = latest.is_some() && latest != shown;
        let due = last_edit.map_or_else(tokio::time::Instant::now, |t| t + PROGRESS_EVERY);
        if let (true, Some(p)) = (waiting && due <= tokio::time::Instant::now(), latest) {
            shown = latest;
            last_edit = Some(tokio::time::Instant::now());
            show_progress(ctx, md(&strings::analysis::progress(readers.user, p))).await;
            continue;
        }
        tokio::select! {
            biased;
            done = &mut work => break done?,
            changed = rx.changed(), if open => open = changed.is_ok(),
            () = tokio::time::sleep_until(due), if waiting => {}
        }
    };
    let png = service
        .chart(strings::analysis::chart(readers.server, &analysis))
        .await?;
    let message = serenity::CreateMessage::new()
        .content(md(&strings::analysis::text(readers.server, &analysis)))
        .add_file(serenity::CreateAttachment::bytes(
            png,
            format!("focus-game-{}-analysis.png", analysis.game().0),
        ))
        .allowed_mentions(mentions(None));
    post_here(ctx, message).await
}

/// How to play Focus.
#[poise::command(slash_command)]
pub async fn rules(ctx: Context<'_>) -> Result<(), Error> {
    let readers = readers(ctx).await;
    let (title, text) = strings::rules(readers.user);
    ctx.send(
        CreateReply::default()
            .embed(
                serenity::CreateEmbed::new()
                    .title(title)
                    .description(md(&text))
                    .colour(0x0025_6fe8),
            )
            .ephemeral(true),
    )
    .await?;
    Ok(())
}

/// The server's settings for Focus.
///
/// The language of the bot's public messages, and whether each accepted challenge gets a
/// thread of its own: members with Manage Server change them; everyone may look.
#[poise::command(slash_command)]
pub async fn settings(
    ctx: Context<'_>,
    language: Option<LanguageChoice>,
    threads: Option<ThreadsChoice>,
) -> Result<(), Error> {
    let readers = readers(ctx).await;
    let service = &ctx.data().service;
    let guild = place_of(ctx).guild_id;
    let manager = ctx
        .author_member()
        .await
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_guild());
    let mut lines = Vec::new();
    match language {
        Some(LanguageChoice(lang)) => {
            service
                .set_server_language(guild, manager, lang.locale())
                .await?;
            lines.push(md(&strings::server_language(readers.user, lang, true)));
        }
        None if threads.is_none() => {
            lines.push(md(&strings::server_language(
                readers.user,
                readers.server,
                false,
            )));
        }
        None => {}
    }
    match threads {
        Some(ThreadsChoice(on)) => {
            service.set_server_threads(guild, manager, on).await?;
            lines.push(md(&strings::threads::server_threads(
                readers.user,
                on,
                true,
            )));
        }
        None if language.is_none() => {
            let on = service.threads_on(guild).await?;
            lines.push(md(&strings::threads::server_threads(
                readers.user,
                on,
                false,
            )));
        }
        None => {}
    }
    ctx.send(quiet_reply(lines.join("\n")).ephemeral(true))
        .await?;
    Ok(())
}

/// The games in play on this server, most recently moved first, with links.
#[poise::command(slash_command)]
pub async fn watch(ctx: Context<'_>, #[min = 1] page: Option<u32>) -> Result<(), Error> {
    let readers = readers(ctx).await;
    let guild = place_of(ctx).guild_id;
    let shown = ctx.data().service.watch(guild, page.unwrap_or(1)).await?;
    ctx.send(
        quiet_reply(md(&strings::threads::watch(readers.server, &shown)))
            .components(watch_buttons(readers.server, &shown)),
    )
    .await?;
    Ok(())
}
