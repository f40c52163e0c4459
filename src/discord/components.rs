//! Button clicks: one global handler routes every component interaction by its `custom_id`
//! ([`Action`]), so buttons keep working after a restart. The clicking user is always checked
//! against the database by the game service, never trusted from the button.

use poise::serenity_prelude as serenity;

use super::ids::Action;
use super::members::DiscordMembers;
use super::{BotError, Data, Readers, attachment, failure_text, mentions, readers_of, user_of};
use crate::i18n::Lang;
use crate::service::{DrawReport, coin_toss};
use crate::store::{Challenge, LadderPage};
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

/// The leaderboard's Previous and Next buttons in `lang` (each disabled at its end).
pub fn ladder_buttons(lang: Lang, page: &LadderPage) -> Vec<serenity::CreateActionRow> {
    if page.pages <= 1 {
        return vec![];
    }
    let buttons = vec![
        serenity::CreateButton::new(Action::Ladder(page.page.saturating_sub(1).max(1)).custom_id())
            .label(strings::button(lang, "previous"))
            .style(serenity::ButtonStyle::Secondary)
            .disabled(page.page <= 1),
        serenity::CreateButton::new(
            Action::Ladder(page.page.saturating_add(1).min(page.pages)).custom_id(),
        )
        .label(strings::button(lang, "next"))
        .style(serenity::ButtonStyle::Secondary)
        .disabled(page.page >= page.pages),
    ];
    vec![serenity::CreateActionRow::Buttons(buttons)]
}

/// Handles a click; errors are answered to the clicker ephemerally, here, in their language.
pub async fn handle(ctx: &serenity::Context, data: &Data, click: &serenity::ComponentInteraction) {
    let Some(action) = Action::parse(&click.data.custom_id) else {
        let lang = Lang::of_tag(&click.locale);
        let _ = ephemeral(ctx, click, &strings::stale_button(lang)).await;
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
        Action::Accept(id) => {
            let board = service.accept(id, &me, coin_toss()).await?;
            let closed = format!(
                "{}\n{}",
                click.message.content,
                strings::accepted_by(lang, me.id)
            );
            update(ctx, click, closed).await?;
            let message = serenity::CreateInteractionResponseFollowup::new()
                .content(strings::game_started(lang, &board))
                .add_file(attachment(service, lang, &board).await?)
                .allowed_mentions(mentions(board.to_move()));
            click.create_followup(ctx, message).await?;
        }
        Action::Decline(id) => {
            let view = service.decline(id, &me).await?;
            update(ctx, click, strings::challenge_closed(lang, &view)).await?;
        }
        Action::Cancel(id) => {
            let view = service.cancel(id, &me).await?;
            update(ctx, click, strings::challenge_closed(lang, &view)).await?;
        }
        Action::Draw(id, accept) => match service.answer_draw(id, &me, accept).await? {
            DrawReport::Agreed(board) => {
                update(ctx, click, click.message.content.clone()).await?;
                let message = serenity::CreateInteractionResponseFollowup::new()
                    .content(strings::game_ended(lang, &board))
                    .add_file(attachment(service, lang, &board).await?)
                    .allowed_mentions(mentions(None));
                click.create_followup(ctx, message).await?;
            }
            DrawReport::Offered { game, .. } => {
                let by = game.color_of(me.id).unwrap_or(crate::rules::Color::White);
                update(ctx, click, strings::draw_declined(lang, &game, by)).await?;
            }
        },
        Action::Takeback(id, ply, accept) => {
            let board = service.answer_takeback(id, ply, &me, accept).await?;
            if accept {
                update(ctx, click, click.message.content.clone()).await?;
                let message = serenity::CreateInteractionResponseFollowup::new()
                    .content(strings::takeback_done(lang, &board))
                    .add_file(attachment(service, lang, &board).await?)
                    .allowed_mentions(mentions(board.to_move()));
                click.create_followup(ctx, message).await?;
            } else {
                update(ctx, click, strings::takeback_declined(lang, &board.game)).await?;
            }
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
                        .content(strings::leaderboard(lang, &shown, service.now()))
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

/// Replaces the clicked message's text and removes its buttons: it has been answered.
async fn update(
    ctx: &serenity::Context,
    click: &serenity::ComponentInteraction,
    content: String,
) -> Result<(), BotError> {
    let message = serenity::CreateInteractionResponseMessage::new()
        .content(content)
        .components(vec![])
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
