//! `/focus tournament …`: the subcommand group of tournaments (issue 22). Each subcommand turns
//! its options into one [`TournamentRequest`](crate::app::TournamentRequest) and answers it
//! through the command layer, as the other `/focus` subcommands do ([`super::commands`]).
//!
//! Every subcommand but `create` and `list` takes an optional `tournament` (its number, with
//! the server's events suggested as one types); without it, the tournament announced in this
//! channel (or whose game this thread holds) is meant.

use poise::serenity_prelude as serenity;

use super::interaction::ask;
use super::interaction::user_of;
use super::localized::{
    DaysChoice, FormatChoice, MinutesChoice, PaceChoice, ResultChoice, RulesChoice,
};
use super::{Context, Error};
use crate::app::{Request, TournamentChoices, TournamentRequest as T};
use crate::service::Place;
use crate::store::{GameId, TournamentId};

/// Answers tournament request `request`.
async fn tournament_ask(ctx: Context<'_>, request: T) -> Result<(), Error> {
    ask(ctx, Request::Tournament(request)).await
}

/// The tournament named by the `tournament` option, if any.
fn which(tournament: Option<i64>) -> Option<TournamentId> {
    tournament.map(TournamentId)
}

/// Suggests the server's tournaments (open and running first) as the user types a number or
/// a name: at most 25, each `#N · name`.
async fn autocomplete_tournament(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let place = Place {
        guild_id: ctx.guild_id().map_or(0, |g| g.get()),
        channel_id: ctx.channel_id().get(),
    };
    let typed = partial.trim().trim_start_matches('#').to_lowercase();
    let list = ctx
        .data()
        .app
        .service()
        .tournaments
        .tournaments(place)
        .await
        .unwrap_or_default();
    let choices = list
        .iter()
        .filter(|t| {
            typed.is_empty()
                || t.id.0.to_string().starts_with(&typed)
                || t.name.to_lowercase().contains(&typed)
        })
        .take(25)
        .map(|t| {
            let name: String = format!("#{} · {}", t.id.0, t.name)
                .chars()
                .take(100)
                .collect();
            serenity::AutocompleteChoice::new(name, t.id.0)
        })
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Tournaments on this server: create, join, play and direct them.
#[poise::command(
    slash_command,
    subcommands(
        "create",
        "join",
        "leave",
        "withdraw",
        "start",
        "cancel",
        "standings",
        "export",
        "list",
        "remove",
        "result",
        "pause",
        "resume",
        "moretime",
        "next"
    ),
    subcommand_required
)]
pub async fn tournament(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Create a tournament announced in this channel; its games are played in threads here.
#[poise::command(slash_command, check = "super::interaction::bot_may_answer")]
#[expect(
    clippy::too_many_arguments,
    reason = "poise makes each parameter a slash-command option"
)]
pub async fn create(
    ctx: Context<'_>,
    #[max_length = 64] name: String,
    format: Option<FormatChoice>,
    #[min = 1]
    #[max = 50]
    rounds: Option<u32>,
    days: Option<DaysChoice>,
    minutes: Option<MinutesChoice>,
    rules: Option<RulesChoice>,
    rated: Option<bool>,
    #[min = 1]
    #[max = 720]
    starts_in_hours: Option<u32>,
    #[min = 2]
    #[max = 1000]
    max_players: Option<u32>,
    pace: Option<PaceChoice>,
    #[min = 1]
    #[max = 60]
    round_every_days: Option<u32>,
) -> Result<(), Error> {
    // Days or minutes per move, as `/focus challenge` reads them (both: refused).
    let time_control = crate::service::time_control(days.map(|d| d.0), minutes.map(|m| m.0))?;
    let options = TournamentChoices {
        name,
        format: format.map(|f| f.0),
        rounds,
        time_control,
        rules: rules.map(|r| r.0),
        rated,
        starts_in_hours,
        max_players,
        pace: pace.map(|p| p.0),
        round_every_days,
    }
    .options();
    tournament_ask(ctx, T::Create(options)).await
}

/// Join a tournament that takes players.
#[poise::command(slash_command)]
pub async fn join(
    ctx: Context<'_>,
    #[min = 1]
    #[autocomplete = "autocomplete_tournament"]
    tournament: Option<i64>,
) -> Result<(), Error> {
    tournament_ask(
        ctx,
        T::Join {
            id: which(tournament),
        },
    )
    .await
}

/// Leave a tournament before it starts.
#[poise::command(slash_command)]
pub async fn leave(
    ctx: Context<'_>,
    #[min = 1]
    #[autocomplete = "autocomplete_tournament"]
    tournament: Option<i64>,
) -> Result<(), Error> {
    tournament_ask(
        ctx,
        T::Leave {
            id: which(tournament),
        },
    )
    .await
}

/// Withdraw from a running tournament: you are paired no more.
#[poise::command(slash_command)]
pub async fn withdraw(
    ctx: Context<'_>,
    #[min = 1]
    #[autocomplete = "autocomplete_tournament"]
    tournament: Option<i64>,
) -> Result<(), Error> {
    tournament_ask(
        ctx,
        T::Withdraw {
            id: which(tournament),
        },
    )
    .await
}

/// Start a tournament now (its director).
#[poise::command(slash_command, check = "super::interaction::bot_may_answer")]
pub async fn start(
    ctx: Context<'_>,
    #[min = 1]
    #[autocomplete = "autocomplete_tournament"]
    tournament: Option<i64>,
) -> Result<(), Error> {
    tournament_ask(
        ctx,
        T::Start {
            id: which(tournament),
        },
    )
    .await
}

/// Call off a tournament (its director).
#[poise::command(slash_command)]
pub async fn cancel(
    ctx: Context<'_>,
    #[min = 1]
    #[autocomplete = "autocomplete_tournament"]
    tournament: Option<i64>,
) -> Result<(), Error> {
    tournament_ask(
        ctx,
        T::Cancel {
            id: which(tournament),
        },
    )
    .await
}

/// A tournament's standings, with its crosstable.
#[poise::command(slash_command)]
pub async fn standings(
    ctx: Context<'_>,
    #[min = 1]
    #[autocomplete = "autocomplete_tournament"]
    tournament: Option<i64>,
    #[min = 1] page: Option<u32>,
) -> Result<(), Error> {
    tournament_ask(
        ctx,
        T::Standings {
            id: which(tournament),
            page: page.unwrap_or(1),
        },
    )
    .await
}

/// A tournament as a TRF file, for pairing programs.
#[poise::command(
    slash_command,
    required_bot_permissions = "VIEW_CHANNEL | SEND_MESSAGES | ATTACH_FILES | READ_MESSAGE_HISTORY"
)]
pub async fn export(
    ctx: Context<'_>,
    #[min = 1]
    #[autocomplete = "autocomplete_tournament"]
    tournament: Option<i64>,
) -> Result<(), Error> {
    tournament_ask(
        ctx,
        T::Export {
            id: which(tournament),
        },
    )
    .await
}

/// The tournaments on this server.
#[poise::command(slash_command)]
pub async fn list(ctx: Context<'_>) -> Result<(), Error> {
    tournament_ask(ctx, T::List).await
}

/// Remove a player from a tournament (its director).
#[poise::command(slash_command)]
pub async fn remove(
    ctx: Context<'_>,
    user: serenity::User,
    #[min = 1]
    #[autocomplete = "autocomplete_tournament"]
    tournament: Option<i64>,
) -> Result<(), Error> {
    tournament_ask(
        ctx,
        T::Remove {
            id: which(tournament),
            user: user_of(&user, None),
        },
    )
    .await
}

/// Set or correct a game's result (its director).
#[poise::command(slash_command)]
pub async fn result(
    ctx: Context<'_>,
    #[min = 1] game: i64,
    result: ResultChoice,
    #[min = 1]
    #[autocomplete = "autocomplete_tournament"]
    tournament: Option<i64>,
) -> Result<(), Error> {
    tournament_ask(
        ctx,
        T::Result {
            id: which(tournament),
            game: GameId(game),
            result: result.0,
        },
    )
    .await
}

/// Pause a tournament: no new round starts (its director).
#[poise::command(slash_command)]
pub async fn pause(
    ctx: Context<'_>,
    #[min = 1]
    #[autocomplete = "autocomplete_tournament"]
    tournament: Option<i64>,
) -> Result<(), Error> {
    tournament_ask(
        ctx,
        T::Pause {
            id: which(tournament),
            paused: true,
        },
    )
    .await
}

/// Resume a paused tournament (its director).
#[poise::command(slash_command)]
pub async fn resume(
    ctx: Context<'_>,
    #[min = 1]
    #[autocomplete = "autocomplete_tournament"]
    tournament: Option<i64>,
) -> Result<(), Error> {
    tournament_ask(
        ctx,
        T::Pause {
            id: which(tournament),
            paused: false,
        },
    )
    .await
}

/// Give the player to move in a game one more move's time (its director).
#[poise::command(slash_command)]
pub async fn moretime(
    ctx: Context<'_>,
    #[min = 1] game: i64,
    #[min = 1]
    #[autocomplete = "autocomplete_tournament"]
    tournament: Option<i64>,
) -> Result<(), Error> {
    tournament_ask(
        ctx,
        T::ExtraTime {
            id: which(tournament),
            game: GameId(game),
        },
    )
    .await
}

/// Start the next round now (its director).
#[poise::command(slash_command, check = "super::interaction::bot_may_answer")]
pub async fn next(
    ctx: Context<'_>,
    #[min = 1]
    #[autocomplete = "autocomplete_tournament"]
    tournament: Option<i64>,
) -> Result<(), Error> {
    tournament_ask(
        ctx,
        T::NextRound {
            id: which(tournament),
        },
    )
    .await
}
