//! The `/focus` slash command and its subcommands: each turns its options into one
//! [`Request`] and answers it through the command layer ([`super::interaction::answer`]).

use poise::serenity_prelude as serenity;

use super::interaction::{ask, user_of};
use super::localized::{
    ColorOption, DaysChoice, LanguageChoice, MinutesChoice, RulesChoice, SideChoice, ThreadsChoice,
    localize,
};
use super::tournament::tournament;
use super::{Context, Error};
use crate::app::Request;
use crate::i18n::Lang;
use crate::service::{ChallengeOptions, Opponent};
use crate::store::GameId;
use crate::strings;

/// Every command of the bot, in one place, named and described in every language.
///
/// The bot's permissions are checked by each command's `check`
/// ([`super::interaction::bot_may_answer`]) where the bot is a member of the server, not by poise
/// everywhere: in a server reached through a user's install, Discord's `app_permissions` hold
/// only what an answer may use (no View Channel, no Send Messages), and poise would refuse
/// every command there.
pub fn all() -> Vec<poise::Command<super::Data, Error>> {
    let mut commands = vec![focus()];
    localize(&mut commands);
    commands
}

/// Play Sid Sackson's board game Focus.
///
/// Installed to servers and to users, and offered in servers, the bot's DM, group DMs and DMs
/// between users (Discord's install and interaction contexts, set on the whole tree). What a
/// command may do where is the command layer's to say (`Request::refused_in`).
#[poise::command(
    slash_command,
    install_context = "Guild|User",
    interaction_context = "Guild|BotDm|PrivateChannel",
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
        "watch",
        "tournament"
    ),
    subcommand_required
)]
pub async fn focus(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Challenge someone (or anyone here) to a game of Focus in this channel.
#[poise::command(slash_command, check = "super::interaction::bot_may_answer")]
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
    // Discord resolves a member for a user who is on the server, and only then. Outside a
    // server (a group DM, a DM) nobody is a member: the user picker offers the channel's people.
    let members = match ctx {
        poise::Context::Application(app) => Some(&app.interaction.data.resolved.members),
        poise::Context::Prefix(_) => None,
    };
    let in_server = ctx.guild_id().is_some();
    let opponent = opponent.map(|o| Opponent {
        member: o.bot || !in_server || members.is_some_and(|m| m.contains_key(&o.id)),
        user: user_of(&o, None),
    });
    let options = ChallengeOptions {
        opponent,
        rules: rules.map(|r| r.0),
        days: days.map(|d| d.0),
        minutes: minutes.map(|m| m.0),
        color: color.map(|c| c.0),
        rated,
        position,
        level,
    };
    ask(ctx, Request::Challenge(options)).await
}

/// Suggests the caller's legal moves as they type (at most 25).
async fn autocomplete_move(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let place = crate::service::Place {
        guild_id: ctx.guild_id().map_or(0, |g| g.get()),
        channel_id: ctx.channel_id().get(),
    };
    let suggestions = ctx
        .data()
        .app
        .service()
        .games
        .suggestions(place, ctx.author().id.get(), partial)
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

/// Play a move in this channel's game: c4-d4 moves a stack, +e5 drops from your reserve.
#[poise::command(
    slash_command,
    rename = "move",
    check = "super::interaction::bot_may_answer"
)]
pub async fn play(
    ctx: Context<'_>,
    #[rename = "move"]
    #[autocomplete = "autocomplete_move"]
    notation: String,
    draw: Option<bool>,
) -> Result<(), Error> {
    let request = Request::Move {
        notation,
        draw: draw.unwrap_or(false),
        confirmed: false,
    };
    ask(ctx, request).await
}

/// My suggested move in your game against me, privately (three a game).
#[poise::command(slash_command)]
pub async fn hint(ctx: Context<'_>) -> Result<(), Error> {
    ask(ctx, Request::Hint).await
}

/// Show this channel's game.
///
/// With `side`, privately and seen from that side (from Black's, the board turned around).
#[poise::command(slash_command, check = "super::interaction::bot_may_answer")]
pub async fn board(ctx: Context<'_>, side: Option<SideChoice>) -> Result<(), Error> {
    ask(
        ctx,
        Request::Board {
            side: side.map(|s| s.0),
        },
    )
    .await
}

/// Resign this channel's game.
#[poise::command(slash_command, check = "super::interaction::bot_may_answer")]
pub async fn resign(ctx: Context<'_>) -> Result<(), Error> {
    ask(ctx, Request::Resign).await
}

/// Offer a draw, or accept your opponent's offer.
#[poise::command(slash_command, check = "super::interaction::bot_may_answer")]
pub async fn draw(ctx: Context<'_>) -> Result<(), Error> {
    ask(ctx, Request::Draw).await
}

/// Ask to take back your last move; your opponent answers with a button.
#[poise::command(slash_command, check = "super::interaction::bot_may_answer")]
pub async fn takeback(ctx: Context<'_>) -> Result<(), Error> {
    ask(ctx, Request::Takeback).await
}

/// Call off this channel's game: players while each side has moved at most once, moderators
/// always.
#[poise::command(slash_command, check = "super::interaction::bot_may_answer")]
pub async fn abort(ctx: Context<'_>) -> Result<(), Error> {
    ask(ctx, Request::Abort).await
}

/// Your games in play on this server, least time left first.
#[poise::command(slash_command)]
pub async fn games(ctx: Context<'_>) -> Result<(), Error> {
    ask(ctx, Request::Games).await
}

/// Give your opponent more time on their move here: a day, or a live game's minutes per move.
#[poise::command(slash_command)]
pub async fn moretime(ctx: Context<'_>) -> Result<(), Error> {
    ask(ctx, Request::MoreTime).await
}

/// Choose whether your turn notices and reminders also come by DM (leave empty to see).
#[poise::command(slash_command)]
pub async fn notify(ctx: Context<'_>, dm: Option<bool>) -> Result<(), Error> {
    ask(ctx, Request::Notify { dm }).await
}

/// The server's leaderboard: ten players a page, with Previous and Next buttons.
#[poise::command(slash_command)]
pub async fn leaderboard(ctx: Context<'_>, #[min = 1] page: Option<u32>) -> Result<(), Error> {
    ask(
        ctx,
        Request::Leaderboard {
            page: page.unwrap_or(1),
        },
    )
    .await
}

/// A player's rating, rank, record, streak and last games on this server.
#[poise::command(slash_command)]
pub async fn stats(ctx: Context<'_>, user: Option<serenity::User>) -> Result<(), Error> {
    let user = user.map(|u| user_of(&u, None));
    ask(ctx, Request::Stats { user }).await
}

/// The moves of this channel's game (or of a game by number), as a record to replay.
#[poise::command(slash_command)]
pub async fn history(ctx: Context<'_>, game: Option<i64>) -> Result<(), Error> {
    ask(
        ctx,
        Request::History {
            game: game.map(GameId),
        },
    )
    .await
}

/// An animated replay of this channel's game (or of a game by number), posted here.
#[poise::command(slash_command, check = "super::interaction::bot_may_answer")]
pub async fn replay(ctx: Context<'_>, game: Option<i64>) -> Result<(), Error> {
    ask(
        ctx,
        Request::Replay {
            game: game.map(GameId),
        },
    )
    .await
}

/// The engine's review of a finished game, posted here.
///
/// This channel's last game, or one by number: a chart of the evaluation and each side's
/// mistakes with the better moves.
#[poise::command(slash_command, check = "super::interaction::bot_may_answer")]
pub async fn analysis(ctx: Context<'_>, game: Option<i64>) -> Result<(), Error> {
    ask(
        ctx,
        Request::Analysis {
            game: game.map(GameId),
        },
    )
    .await
}

/// How to play Focus.
#[poise::command(slash_command)]
pub async fn rules(ctx: Context<'_>) -> Result<(), Error> {
    ask(ctx, Request::Rules).await
}

/// The server's settings for Focus.
///
/// The language of the bot's public messages, whether each accepted challenge gets a thread
/// of its own, and the role whose members may create tournaments: members with Manage Server
/// change them; everyone may look.
#[poise::command(slash_command)]
pub async fn settings(
    ctx: Context<'_>,
    language: Option<LanguageChoice>,
    threads: Option<ThreadsChoice>,
    tournament_role: Option<serenity::Role>,
) -> Result<(), Error> {
    let request = Request::Settings {
        language: language.map(|l| l.0),
        threads: threads.map(|t| t.0),
        tournament_role: tournament_role.map(|r| r.id.get()),
    };
    ask(ctx, request).await
}

/// The games in play on this server, most recently moved first, with links.
#[poise::command(slash_command)]
pub async fn watch(ctx: Context<'_>, #[min = 1] page: Option<u32>) -> Result<(), Error> {
    ask(
        ctx,
        Request::Watch {
            page: page.unwrap_or(1),
        },
    )
    .await
}

#[cfg(test)]
mod tests {
    use crate::app::options::{COMMANDS, TOURNAMENT_COMMANDS};
    /// The console reads commands by the table of `app::options`: it must name every
    /// subcommand and option Discord registers, so that both adapters take the same ones.
    #[test]
    fn the_typed_commands_are_the_slash_commands() {
        let focus = super::focus();
        // The console's own: a move suggestion, a rematch by game number, a confirmation typed
        // instead of clicked.
        let console_only = ["suggest", "rematch"];
        // Discord's own, which the console does not type (yet): the server's tournament role
        // (the console has no roles) and a tournament's start time.
        let discord_only = [("settings", "tournament_role")];
        let mut typed: Vec<(&str, Vec<&str>)> = COMMANDS
            .iter()
            .filter(|(name, _)| !console_only.contains(name))
            .map(|(name, options)| {
                let options = options.iter().copied().filter(|o| *o != "confirm");
                let extra = discord_only.iter().filter(|(c, _)| c == name);
                (*name, options.chain(extra.map(|(_, o)| *o)).collect())
            })
            .collect();
        // A group (`tournament`) is typed as one command whose first word is the subcommand:
        // its options are those of all its subcommands.
        let mut registered: Vec<(&str, Vec<&str>)> = focus
            .subcommands
            .iter()
            .map(|c| {
                let options = c
                    .parameters
                    .iter()
                    .chain(c.subcommands.iter().flat_map(|s| s.parameters.iter()))
                    .map(|p| &*p.name)
                    .collect();
                (&*c.name, options)
            })
            .collect();
        for list in [&mut typed, &mut registered] {
            for (_, options) in list.iter_mut() {
                options.sort_unstable();
                options.dedup();
            }
            list.sort();
        }
        assert_eq!(typed, registered);
        // The group's subcommands are the words the console reads after `tournament`.
        let group = focus.subcommands.iter().find(|c| c.name == "tournament");
        let mut subcommands: Vec<&str> = group
            .expect("the tournament group")
            .subcommands
            .iter()
            .map(|c| &*c.name)
            .collect();
        let mut words = TOURNAMENT_COMMANDS.to_vec();
        subcommands.sort_unstable();
        words.sort_unstable();
        assert_eq!(subcommands, words);
    }
}
