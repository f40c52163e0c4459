//! Button clicks: one global handler routes every component interaction by its `custom_id`
//! ([`Action`]), so buttons keep working after a restart, and answers it through the command
//! layer. The clicking user is always checked against the database by the game service, never
//! trusted from the button.

use poise::serenity_prelude as serenity;

use super::Data;
use super::ids::Action;
use super::interaction::{self, Source};
use super::markdown::markdown;
use crate::app::Request;
use crate::i18n::Lang;
use crate::strings;

/// Handles a submitted form (a modal): its action with the text typed in its one field.
pub async fn handle_form(ctx: &serenity::Context, data: &Data, form: &serenity::ModalInteraction) {
    let Some(action) = Action::parse(&form.data.custom_id) else {
        let lang = Lang::of_tag(&form.locale);
        let venue = interaction::form_venue(ctx, form);
        let message = serenity::CreateInteractionResponseMessage::new()
            .content(markdown(&strings::stale_button(lang, venue)))
            .ephemeral(true);
        let response = serenity::CreateInteractionResponse::Message(message);
        if let Err(e) = form.create_response(ctx, response).await {
            tracing::warn!(error = %e, "could not answer a form");
        }
        return;
    };
    let value = form
        .data
        .components
        .iter()
        .flat_map(|row| &row.components)
        .find_map(|c| match c {
            serenity::ActionRowComponent::InputText(text)
                if text.custom_id == interaction::FORM_FIELD =>
            {
                text.value.clone()
            }
            _ => None,
        })
        .unwrap_or_default();
    let _permit = data.gate.clone().acquire_owned().await;
    let caller = interaction::former(ctx, form);
    let request = Request::Choose { action, value };
    let answered = interaction::answer(ctx, &data.app, Source::Modal(form), &caller, request).await;
    if let Err(e) = answered {
        tracing::warn!(error = %e, custom_id = %form.data.custom_id, "could not answer a form");
    }
}

/// Handles a click; a refusal is answered to the clicker privately, in their language.
pub async fn handle(ctx: &serenity::Context, data: &Data, click: &serenity::ComponentInteraction) {
    let Some(action) = Action::parse(&click.data.custom_id) else {
        let lang = Lang::of_tag(&click.locale);
        let venue = interaction::click_venue(click);
        let message = serenity::CreateInteractionResponseMessage::new()
            .content(markdown(&strings::stale_button(lang, venue)))
            .ephemeral(true);
        let response = serenity::CreateInteractionResponse::Message(message);
        if let Err(e) = click.create_response(ctx, response).await {
            tracing::warn!(error = %e, "could not answer a button click");
        }
        return;
    };
    let _permit = data.gate.clone().acquire_owned().await;
    let caller = interaction::clicker(ctx, click);
    // A select menu's choice comes with its value (one: no menu takes more).
    let request = match &click.data.kind {
        serenity::ComponentInteractionDataKind::StringSelect { values } => Request::Choose {
            action,
            value: values.first().cloned().unwrap_or_default(),
        },
        _ => Request::Click(action),
    };
    let answered =
        interaction::answer(ctx, &data.app, Source::Click(click), &caller, request).await;
    if let Err(e) = answered {
        tracing::warn!(error = %e, custom_id = %click.data.custom_id, "could not answer a button click");
    }
}
