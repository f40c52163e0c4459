//! Button clicks: one global handler routes every component interaction by its `custom_id`
//! ([`Action`]), so buttons keep working after a restart. The clicking user is always checked
//! against the database by the game service, never trusted from the button.

use poise::serenity_prelude as serenity;

use super::ids::Action;
use super::members::DiscordMembers;
use super::threads::{self, Venue};
use super::{BotError, Data, Readers, attachment, failure_text, mentions, readers_of, user_of};
use crate::discord::markdown::markdown as md;
use crate::i18n::Lang;
use crate::service::{Board, DrawReport, GameService, Watch, coin_toss};
use crate::store::{Challenge, Game, GameId, GameStatus, LadderPage};
use crate::strings;

/// The buttons of a challenge's message in `lang`: Accept, Decline (for a named opponent) and
/// Cancel; all `disabled` once it has expired.
pub fn challenge_buttons(
    lang: Lang,
    challenge: &Challenge,
    disabled: bool,
) -> Vec<serenity::CreateActionRow> {
    let id = challenge.id;
    let mut buttons = vec![
        serenity::CreateButton::new(Action::Accept(id).custom_id())
            .label(strings::button(lang, "accept"))
            .style(serenity::ButtonStyle::Success),
    ];
    if challenge.opponent_id.is_some() {
        buttons.push(
            serenity::CreateButton::new(Action::Decline(id).custom_id())
                .label(strings::button(lang, "decline"))
                .style(serenity::ButtonStyle::Secondary),
        );
    }
    buttons.push(
        serenity::CreateButton::new(Action::Cancel(id).custom_id())
            .label(strings::button(lang, "cancel"))
            .style(serenity::ButtonStyle::Danger),
    );
    let buttons = buttons.into_iter().map(|b| b.disabled(disabled)).collect();
    vec![serenity::CreateActionRow::Buttons(buttons)]
}

/// The buttons of a finished game's last message in `lang`: Replay (once a move was played)
/// and Rematch (disabled once `rematch_offered`); none for a game in play, aborted or held.
pub fn finished_buttons(
    lang: Lang,
    game: &Game,
    rematch_offered: bool,
) -> Vec<serenity::CreateActionRow> {
    if game.status != GameStatus::Finished {
        return vec![];
    }
    let mut buttons = Vec::new();
    if game.ply > 0 {
        buttons.push(
            serenity::CreateButton::new(Action::Replay(game.id).custom_id())
                .label(strings::button(lang, "replay"))
                .style(serenity::ButtonStyle::Secondary),
        );
    }
    buttons.push(
        serenity::CreateButton::new(Action::Rematch(game.id).custom_id())
            .label(strings::button(lang, "rematch"))
            .style(serenity::ButtonStyle::Primary)
            .disabled(rematch_offered),
    );
    vec![serenity::CreateActionRow::Buttons(buttons)]
}

/// The leaderboard's Previous and Next buttons in `lang` (each disabled at its end).
pub fn ladder_buttons(lang: Lang, page: &LadderPage) -> Vec<serenity::CreateActionRow> {
    page_buttons(lang, page.page, page.pages, Action::Ladder)
}

/// `/focus watch`'s Previous and Next buttons in `lang` (each disabled at its end).
pub fn watch_buttons(lang: Lang, shown: &Watch) -> Vec<serenity::CreateActionRow> {
    page_buttons(lang, shown.page, shown.pages, Action::Watch)
}

/// Previous and Next buttons from `page` of `pages` (none for a single page); `show` is the
/// action showing a page.
fn page_buttons(
    lang: Lang,
    page: u32,
    pages: u32,
    show: fn(u32) -> Action,
) -> Vec<serenity::CreateActionRow> {
    if pages <= 1 {
        return vec![];
    }
    let buttons = vec![
        serenity::CreateButton::new(show(page.saturating_sub(1).max(1)).custom_id())
            .label(strings::button(lang, "previous"))
            .style(serenity::ButtonStyle::Secondary)
            .disabled(page <= 1),
        serenity::CreateButton::new(show(page.saturating_add(1).min(pages)).custom_id())
            .label(strings::button(lang, "next"))
            .style(serenity::ButtonStyle::Secondary)
            .disabled(page >= pages),
    ];
    vec![serenity::CreateActionRow::Buttons(buttons)]
}

/// Handles a click; errors are answered to the clicker ephemerally, here, in their language.
pub async fn handle(ctx: &serenity::Context, data: &Data, click: &serenity::ComponentInteraction) {
    let Some(action) = Action::parse(&click.data.custom_id) else {
        let lang = Lang::of_tag(&click.locale);
        let _ = ephemeral(ctx, click, &md(&strings::stale_button(lang))).await;
        return;
    };
    let _permit = data.gate.clone().acquire_owned().await;
    let readers = readers_of(
        &data.service,
        click.user.id.get(),
        &click.locale,
        click.guild_id.map(|g| g.get()),
        click.guild_locale.as_deref(),
    )
    .await;
    if let Err(error) = act(ctx, data, click, readers, action).await {
        let text = failure_text(readers.user, &error, &click.data.custom_id);
        if let Err(e) = ephemeral(ctx, click, &text).await {
            tracing::warn!(error = %e, "could not answer a button click");
        }
    }
}

async fn act(
    ctx: &serenity::Context,
    data: &Data,
    click: &serenity::ComponentInteraction,
    readers: Readers,
    action: Action,
) -> Result<(), BotError> {
    let me = user_of(&click.user, click.member.as_ref());
    let service = &data.service;
    // The clicked message and its follow-ups are public: the server's language.
    let lang = readers.server;
    match action {
        Action::Accept(id) => accept(ctx, service, click, lang, &me, id).await?,
        Action::Decline(id) => {
            let view = service.decline(id, &me).await?;
            update(ctx, click, md(&strings::challenge_closed(lang, &view))).await?;
        }
        Action::Cancel(id) => {
            let view = service.cancel(id, &me).await?;
            update(ctx, click, md(&strings::challenge_closed(lang, &view))).await?;
        }
        Action::Draw(id, accept) => match service.answer_draw(id, &me, accept).await? {
            DrawReport::Agreed(board) => {
                update(ctx, click, click.message.content.clone()).await?;
                let message = serenity::CreateInteractionResponseFollowup::new()
                    .content(md(&strings::game_ended(lang, &board)))
                    .add_file(attachment(service, lang, &board).await?)
                    .components(finished_buttons(lang, &board.game, false))
                    .allowed_mentions(mentions(None));
                click.create_followup(ctx, message).await?;
            }
            DrawReport::Offered { game, .. } => {
                let by = game.color_of(me.id).unwrap_or(crate::rules::Color::White);
                update(ctx, click, md(&strings::draw_declined(lang, &game, by))).await?;
            }
        },
        Action::Takeback(id, ply, accept) => {
            let board = service.answer_takeback(id, ply, &me, accept).await?;
            if accept {
                update(ctx, click, click.message.content.clone()).await?;
                let message = serenity::CreateInteractionResponseFollowup::new()
                    .content(md(&strings::takeback_done(lang, &board)))
                    .add_file(attachment(service, lang, &board).await?)
                    .allowed_mentions(mentions(board.to_move()));
                click.create_followup(ctx, message).await?;
            } else {
                update(
                    ctx,
                    click,
                    md(&strings::takeback_declined(lang, &board.game)),
                )
                .await?;
            }
        }
        Action::Replay(id) => replay(ctx, service, click, readers.user, &me, id).await?,
        Action::Rematch(id) => rematch(ctx, service, click, lang, &me, id).await?,
        Action::PlayAnyway(id, ply, mv) => {
            let report = service.play_anyway(id, ply, &me, mv).await?;
            // The private question is answered: its button goes.
            update(ctx, click, click.message.content.clone()).await?;
            let game = &report.board.game;
            let ping = report.board.to_move().or(Some(game.player(!report.mover)));
            let text = md(&strings::move_played(lang, &report));
            let picture = attachment(service, lang, &report.board).await?;
            if click.channel_id.get() != game.channel_id {
                // Confirmed where the move was typed, outside the game's thread: the move is
                // announced where the game is played, as `/focus move` does.
                let message = serenity::CreateMessage::new()
                    .content(text.clone())
                    .add_file(picture.clone())
                    .components(finished_buttons(lang, game, false))
                    .allowed_mentions(mentions(ping));
                match serenity::ChannelId::new(game.channel_id)
                    .send_message(&ctx.http, message)
                    .await
                {
                    Ok(_) => return Ok(()),
                    // The move is stored: say it here rather than nowhere.
                    Err(e) => {
                        tracing::warn!(error = %e, game = game.id.0, "cannot post in a game's channel; answering here");
                    }
                }
            }
            // The move lost the game: its last message gets Replay and Rematch.
            let message = serenity::CreateInteractionResponseFollowup::new()
                .content(text)
                .add_file(picture)
                .components(finished_buttons(lang, game, false))
                .allowed_mentions(mentions(ping));
            click.create_followup(ctx, message).await?;
        }
        Action::Watch(page) => {
            let guild = click.guild_id.map_or(0, |g| g.get());
            let shown = service.watch(guild, page).await?;
            let text = md(&strings::threads::watch(lang, &shown));
            replace(ctx, click, text, watch_buttons(lang, &shown)).await?;
        }
        Action::Ladder(page) => {
            // Membership lookups may take a few Discord requests: acknowledge the click
            // first, then edit the message.
            click.defer(ctx).await?;
            let guild = click.guild_id.map_or(0, |g| g.get());
            let members = DiscordMembers {
                http: ctx.http.clone(),
            };
            match service.leaderboard(guild, page, &members).await {
                Ok(shown) => {
                    let edit = serenity::EditInteractionResponse::new()
                        .content(md(&strings::leaderboard(lang, &shown, service.now())))
                        .components(ladder_buttons(lang, &shown))
                        .allowed_mentions(mentions(None));
                    click.edit_response(ctx, edit).await?;
                }
                Err(e) => {
                    // Acknowledged already: the sentence goes as a private follow-up.
                    let text = failure_text(readers.user, &BotError::Service(e), "leaderboard");
                    let note = serenity::CreateInteractionResponseFollowup::new()
                        .content(text)
                        .ephemeral(true);
                    click.create_followup(ctx, note).await?;
                }
            }
        }
    }
    Ok(())
}

/// Replay on game `id`: its animated replay, for the clicker only (in their language), so
/// that onlookers' clicks do not fill the game's channel.
async fn replay(
    ctx: &serenity::Context,
    service: &GameService,
    click: &serenity::ComponentInteraction,
    lang: Lang,
    me: &crate::service::User,
    id: GameId,
) -> Result<(), BotError> {
    // Drawing a long game takes a moment: acknowledge the click first.
    click.defer_ephemeral(ctx).await?;
    let place = super::place_of_click(click);
    let made = async {
        let history = service.history(place, me.id, Some(id)).await?;
        let options = strings::picture::replay_options(lang, &history);
        let limit = u64::from(click.attachment_size_limit);
        let gif = service.replay(&history, options, limit).await?;
        Ok::<_, crate::service::ServiceError>((history, gif))
    };
    let message = match made.await {
        Ok((history, gif)) => serenity::CreateInteractionResponseFollowup::new()
            .content(md(&strings::replay_caption(lang, &history)))
            .add_file(super::replay_attachment(&history, gif)),
        Err(e) => serenity::CreateInteractionResponseFollowup::new().content(failure_text(
            lang,
            &BotError::Service(e),
            "replay",
        )),
    };
    click
        .create_followup(
            ctx,
            message.ephemeral(true).allowed_mentions(mentions(None)),
        )
        .await?;
    Ok(())
}

/// Rematch on game `id`: a challenge to the other player with the colours swapped, posted
/// below; the clicked message keeps its text, its Rematch button disabled.
async fn rematch(
    ctx: &serenity::Context,
    service: &GameService,
    click: &serenity::ComponentInteraction,
    lang: Lang,
    me: &crate::service::User,
    id: GameId,
) -> Result<(), BotError> {
    let venue = click_venue(service, click).await?;
    let place = super::place_of_click(click);
    let (game, rematch) = service
        .rematch(place, me, id, venue == Venue::Thread)
        .await?;
    replace(
        ctx,
        click,
        click.message.content.clone(),
        finished_buttons(lang, &game, true),
    )
    .await?;
    let view = match rematch {
        crate::service::Rematch::Challenge(view) => view,
        // Against the bot: the new game starts here at once.
        crate::service::Rematch::Started(board) => {
            let message = serenity::CreateInteractionResponseFollowup::new()
                .content(md(&strings::game_started(lang, &board)))
                .add_file(attachment(service, lang, &board).await?)
                .allowed_mentions(mentions(board.to_move()));
            click.create_followup(ctx, message).await?;
            service.bot_to_move(&board.game);
            return Ok(());
        }
    };
    let message = serenity::CreateInteractionResponseFollowup::new()
        .content(md(&strings::rematch_posted(lang, &view, id)))
        .components(challenge_buttons(lang, &view.challenge, false))
        .allowed_mentions(mentions(view.challenge.opponent_id));
    let posted = click.create_followup(ctx, message).await?;
    service
        .set_challenge_message(view.challenge.id, posted.id.get())
        .await?;
    Ok(())
}

/// Where a game accepted from a challenge made where `click` was would be played.
async fn click_venue(
    service: &GameService,
    click: &serenity::ComponentInteraction,
) -> Result<Venue, BotError> {
    let guild = click.guild_id.map_or(0, |g| g.get());
    Ok(threads::venue(
        service.threads_on(guild).await?,
        click.channel.as_ref(),
        click.app_permissions,
    ))
}

/// Accept on challenge `id`: the game starts, in a thread of its own started from the
/// challenge's message when the server and the channel allow it, else in the channel; the
/// challenge's message says where.
async fn accept(
    ctx: &serenity::Context,
    service: &GameService,
    click: &serenity::ComponentInteraction,
    lang: Lang,
    me: &crate::service::User,
    id: crate::store::ChallengeId,
) -> Result<(), BotError> {
    let venue = click_venue(service, click).await?;
    // A thread started from the challenge's message gets the message's id.
    let thread = (venue == Venue::Thread).then_some(click.message.id);
    let mut board = service
        .accept_in(id, me, coin_toss(), thread.map(|t| t.get()))
        .await?;
    let accepted = format!(
        "{}\n{}",
        click.message.content,
        md(&strings::accepted_by(lang, me.id))
    );
    let mut note = match &venue {
        Venue::Missing(missing) => Some(md(&strings::threads::no_thread(lang, missing))),
        _ => None,
    };
    if let Some(thread) = thread {
        let name = strings::threads::thread_name(lang, &board);
        match threads::start(&ctx.http, click.channel_id, click.message.id, name).await {
            Ok(()) => {
                let whereabouts = md(&strings::threads::game_in_thread(
                    lang,
                    board.game.id,
                    thread.get(),
                ));
                update(ctx, click, format!("{accepted}\n{whereabouts}")).await?;
                let message = serenity::CreateMessage::new()
                    .content(md(&strings::game_started(lang, &board)))
                    .add_file(attachment(service, lang, &board).await?)
                    .allowed_mentions(mentions(board.to_move()));
                match serenity::ChannelId::new(thread.get())
                    .send_message(&ctx.http, message)
                    .await
                {
                    Ok(_) => return Ok(()),
                    // The game is stored: its players reach it from here with /focus board.
                    Err(e) => {
                        tracing::warn!(error = %e, game = board.game.id.0, "cannot post in a new game's thread");
                        return Ok(());
                    }
                }
            }
            Err(e) => {
                tracing::warn!(error = %e, game = board.game.id.0, "cannot start a game's thread; playing in the channel");
                // Played here instead, unless the channel has a game of its own: then it
                // stays stored for its thread, and its players reach it from here.
                if let Ok(game) = service.play_in_parent(board.game.id).await {
                    board.game = game;
                }
                note = Some(md(&strings::threads::no_thread(lang, &[])));
            }
        }
    }
    let accepted = match note {
        Some(note) => format!("{accepted}\n{note}"),
        None => accepted,
    };
    update(ctx, click, accepted).await?;
    started_here(ctx, service, click, lang, &board).await
}

/// The message that starts the game of `board`, as a follow-up to the click.
async fn started_here(
    ctx: &serenity::Context,
    service: &GameService,
    click: &serenity::ComponentInteraction,
    lang: Lang,
    board: &Board,
) -> Result<(), BotError> {
    let message = serenity::CreateInteractionResponseFollowup::new()
        .content(md(&strings::game_started(lang, board)))
        .add_file(attachment(service, lang, board).await?)
        .allowed_mentions(mentions(board.to_move()));
    click.create_followup(ctx, message).await?;
    Ok(())
}

/// Replaces the clicked message's text and removes its buttons: it has been answered.
async fn update(
    ctx: &serenity::Context,
    click: &serenity::ComponentInteraction,
    content: String,
) -> Result<(), BotError> {
    replace(ctx, click, content, vec![]).await
}

/// Replaces the clicked message's text and buttons (pinging nobody).
async fn replace(
    ctx: &serenity::Context,
    click: &serenity::ComponentInteraction,
    content: String,
    components: Vec<serenity::CreateActionRow>,
) -> Result<(), BotError> {
    let message = serenity::CreateInteractionResponseMessage::new()
        .content(content)
        .components(components)
        .allowed_mentions(mentions(None));
    click
        .create_response(
            ctx,
            serenity::CreateInteractionResponse::UpdateMessage(message),
        )
        .await?;
    Ok(())
}

async fn ephemeral(
    ctx: &serenity::Context,
    click: &serenity::ComponentInteraction,
    text: &str,
) -> Result<(), serenity::Error> {
    let message = serenity::CreateInteractionResponseMessage::new()
        .content(text)
        .ephemeral(true);
    click
        .create_response(ctx, serenity::CreateInteractionResponse::Message(message))
        .await
}
