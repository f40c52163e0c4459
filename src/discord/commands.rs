//! The `/focus` slash command and its subcommands: each turns an interaction into one game
//! service call and its answer into a reply.

use poise::CreateReply;
use poise::serenity_prelude as serenity;

use super::components::{challenge_buttons, ladder_buttons};
use super::ids::Action;
use super::members::DiscordMembers;
use super::{Context, Error, board_reply, mentions, place_of, quiet_reply, user_of};
use crate::rules::Rules;
use crate::service::{ChallengeRequest, DrawReport};
use crate::store::{ColorChoice, GameId};
use crate::strings;

/// A public question to `asked` (pinged alone) with Agree / Refuse buttons.
fn question(text: String, yes: Action, no: Action, asked: u64) -> CreateReply {
    let buttons = vec![
        serenity::CreateButton::new(yes.custom_id())
            .label(strings::YES)
            .style(serenity::ButtonStyle::Success),
        serenity::CreateButton::new(no.custom_id())
            .label(strings::NO)
            .style(serenity::ButtonStyle::Secondary),
    ];
    CreateReply::default()
        .content(text)
        .components(vec![serenity::CreateActionRow::Buttons(buttons)])
        .allowed_mentions(mentions(Some(asked)))
}

/// Every command of the bot, in one place.
pub fn all() -> Vec<poise::Command<super::Data, Error>> {
    vec![focus()]
}

/// Play Sid Sackson's board game Focus.
#[poise::command(
    slash_command,
    guild_only,
    subcommands(
        "challenge",
        "play",
        "board",
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
        "rules"
    ),
    subcommand_required
)]
pub async fn focus(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// The optional rules.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum RulesChoice {
    /// Sackson's rules.
    #[name = "classic"]
    Classic,
    /// White opens with a swap.
    #[name = "swap"]
    Swap,
    /// Black loses by mirroring.
    #[name = "mirror"]
    Mirror,
    /// Both.
    #[name = "swap+mirror"]
    SwapMirror,
}

/// Days per move.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum DaysChoice {
    /// 1 day.
    #[name = "1 day"]
    One,
    /// 2 days.
    #[name = "2 days"]
    Two,
    /// 3 days (the default).
    #[name = "3 days"]
    Three,
    /// 5 days.
    #[name = "5 days"]
    Five,
    /// A week.
    #[name = "7 days"]
    Seven,
    /// 10 days.
    #[name = "10 days"]
    Ten,
    /// Two weeks.
    #[name = "14 days"]
    Fourteen,
    /// No limit.
    #[name = "unlimited"]
    Unlimited,
}

impl DaysChoice {
    fn days(self) -> u32 {
        match self {
            DaysChoice::One => 1,
            DaysChoice::Two => 2,
            DaysChoice::Three => 3,
            DaysChoice::Five => 5,
            DaysChoice::Seven => 7,
            DaysChoice::Ten => 10,
            DaysChoice::Fourteen => 14,
            DaysChoice::Unlimited => 0,
        }
    }
}

/// The challenger's colour.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum ColorParam {
    /// White, who moves first.
    #[name = "white"]
    White,
    /// Black.
    #[name = "black"]
    Black,
    /// Drawn at random when accepted.
    #[name = "random"]
    Random,
}

/// Challenge someone (or anyone here) to a game of Focus in this channel.
#[poise::command(
    slash_command,
    guild_only,
    required_bot_permissions = "VIEW_CHANNEL | SEND_MESSAGES | ATTACH_FILES | EMBED_LINKS | READ_MESSAGE_HISTORY"
)]
pub async fn challenge(
    ctx: Context<'_>,
    #[description = "Who to play; leave empty to let anyone in this channel accept"]
    opponent: Option<serenity::User>,
    #[description = "Optional rules (default classic)"] rules: Option<RulesChoice>,
    #[description = "Days per move (default 3)"] days: Option<DaysChoice>,
    #[description = "Your colour (default random)"] color: Option<ColorParam>,
    #[description = "Whether the game counts for ratings (default yes)"] rated: Option<bool>,
    #[description = "Start from this position (FPN) instead of the standard setup; never rated"]
    position: Option<String>,
) -> Result<(), Error> {
    let service = &ctx.data().service;
    let me = user_of(ctx.author(), ctx.author_member().await.as_deref());
    let request = ChallengeRequest {
        opponent: opponent.as_ref().map(|u| user_of(u, None)),
        rules: match rules.unwrap_or(RulesChoice::Classic) {
            RulesChoice::Classic => Rules::CLASSIC,
            RulesChoice::Swap => Rules::SWAP,
            RulesChoice::Mirror => Rules::MIRROR,
            RulesChoice::SwapMirror => Rules::SWAP_MIRROR,
        },
        days: days.unwrap_or(DaysChoice::Three).days(),
        color: match color.unwrap_or(ColorParam::Random) {
            ColorParam::White => ColorChoice::White,
            ColorParam::Black => ColorChoice::Black,
            ColorParam::Random => ColorChoice::Random,
        },
        // A set-up position is never rated; saying nothing about rating then means unrated.
        rated: rated.unwrap_or(position.is_none()),
        position,
    };
    let view = service.challenge(place_of(ctx), &me, request).await?;
    let id = view.challenge.id;
    let reply = CreateReply::default()
        .content(strings::challenge_posted(&view))
        .components(challenge_buttons(&view.challenge, false))
        .allowed_mentions(mentions(view.challenge.opponent_id));
    let handle = ctx.send(reply).await?;
    let message = handle.message().await?;
    service.set_challenge_message(id, message.id.get()).await?;
    Ok(())
}

/// Suggests the caller's legal moves as they type (at most 25).
async fn autocomplete_move(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let moves = ctx
        .data()
        .service
        .suggest_moves(place_of(ctx), ctx.author().id.get(), partial)
        .await;
    serenity::CreateAutocompleteResponse::new().set_choices(
        moves
            .into_iter()
            .map(serenity::AutocompleteChoice::from)
            .collect(),
    )
}

/// Play a move in this channel's game: c4-d4 moves a stack, +e5 drops from your reserve.
#[poise::command(
    slash_command,
    guild_only,
    rename = "move",
    required_bot_permissions = "VIEW_CHANNEL | SEND_MESSAGES | ATTACH_FILES | EMBED_LINKS | READ_MESSAGE_HISTORY"
)]
pub async fn play(
    ctx: Context<'_>,
    #[rename = "move"]
    #[description = "Your move, e.g. c4-d4 (a stack), +e5 (a drop), d4~d5 (the opening swap)"]
    #[autocomplete = "autocomplete_move"]
    notation: String,
) -> Result<(), Error> {
    let me = user_of(ctx.author(), ctx.author_member().await.as_deref());
    let report = ctx
        .data()
        .service
        .play(place_of(ctx), &me, &notation)
        .await?;
    let ping = report
        .board
        .to_move()
        .or(Some(report.board.game.player(!report.mover)));
    ctx.send(board_reply(
        strings::move_played(&report),
        &report.board,
        ping,
    ))
    .await?;
    Ok(())
}

/// Show this channel's game.
#[poise::command(
    slash_command,
    guild_only,
    required_bot_permissions = "VIEW_CHANNEL | SEND_MESSAGES | ATTACH_FILES | EMBED_LINKS | READ_MESSAGE_HISTORY"
)]
pub async fn board(ctx: Context<'_>) -> Result<(), Error> {
    let me = user_of(ctx.author(), ctx.author_member().await.as_deref());
    let (board, plays) = ctx.data().service.board_for(place_of(ctx), &me).await?;
    // Players see it in the channel; onlookers privately, so the channel stays the game's.
    ctx.send(board_reply(strings::board_caption(&board), &board, None).ephemeral(!plays))
        .await?;
    Ok(())
}

/// Resign this channel's game.
#[poise::command(
    slash_command,
    guild_only,
    required_bot_permissions = "VIEW_CHANNEL | SEND_MESSAGES | ATTACH_FILES | EMBED_LINKS | READ_MESSAGE_HISTORY"
)]
pub async fn resign(ctx: Context<'_>) -> Result<(), Error> {
    let me = user_of(ctx.author(), ctx.author_member().await.as_deref());
    let board = ctx.data().service.resign(place_of(ctx), &me).await?;
    let other = board.game.color_of(me.id).map(|c| board.game.player(!c));
    ctx.send(board_reply(strings::game_ended(&board), &board, other))
        .await?;
    Ok(())
}

/// Offer a draw, or accept your opponent's offer.
#[poise::command(
    slash_command,
    guild_only,
    required_bot_permissions = "VIEW_CHANNEL | SEND_MESSAGES | ATTACH_FILES | EMBED_LINKS | READ_MESSAGE_HISTORY"
)]
pub async fn draw(ctx: Context<'_>) -> Result<(), Error> {
    let me = user_of(ctx.author(), ctx.author_member().await.as_deref());
    match ctx.data().service.draw(place_of(ctx), &me).await? {
        DrawReport::Offered { game, by } => {
            ctx.send(question(
                strings::draw_offered(&game, by),
                Action::Draw(game.id, true),
                Action::Draw(game.id, false),
                game.player(!by),
            ))
            .await?;
        }
        DrawReport::Agreed(board) => {
            let other = board.game.color_of(me.id).map(|c| board.game.player(!c));
            ctx.send(board_reply(strings::game_ended(&board), &board, other))
                .await?;
        }
    }
    Ok(())
}

/// Ask to take back your last move; your opponent answers with a button.
#[poise::command(
    slash_command,
    guild_only,
    required_bot_permissions = "VIEW_CHANNEL | SEND_MESSAGES | ATTACH_FILES | EMBED_LINKS | READ_MESSAGE_HISTORY"
)]
pub async fn takeback(ctx: Context<'_>) -> Result<(), Error> {
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
    ctx.send(question(
        strings::takeback_requested(&board, by),
        Action::Takeback(id, ply, true),
        Action::Takeback(id, ply, false),
        board.game.player(!by),
    ))
    .await?;
    Ok(())
}

/// Call off this channel's game: players before each side has moved twice, moderators always.
#[poise::command(
    slash_command,
    guild_only,
    required_bot_permissions = "VIEW_CHANNEL | SEND_MESSAGES | ATTACH_FILES | EMBED_LINKS | READ_MESSAGE_HISTORY"
)]
pub async fn abort(ctx: Context<'_>) -> Result<(), Error> {
    let member = ctx.author_member().await;
    let me = user_of(ctx.author(), member.as_deref());
    let moderator = member
        .as_deref()
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_messages());
    let board = ctx
        .data()
        .service
        .abort(place_of(ctx), &me, moderator)
        .await?;
    ctx.send(board_reply(strings::game_ended(&board), &board, None))
        .await?;
    Ok(())
}

/// Your games in play on this server, least time left first.
#[poise::command(slash_command, guild_only)]
pub async fn games(ctx: Context<'_>) -> Result<(), Error> {
    let place = place_of(ctx);
    let games = ctx
        .data()
        .service
        .games(place.guild_id, ctx.author().id.get())
        .await?;
    ctx.send(quiet_reply(strings::dashboard(&games)).ephemeral(true))
        .await?;
    Ok(())
}

/// Give your opponent one more day for the move they are to make in this channel's game.
#[poise::command(slash_command, guild_only)]
pub async fn moretime(ctx: Context<'_>) -> Result<(), Error> {
    let me = user_of(ctx.author(), ctx.author_member().await.as_deref());
    let game = ctx.data().service.more_time(place_of(ctx), &me).await?;
    ctx.send(quiet_reply(strings::more_time_given(&game, me.id)))
        .await?;
    Ok(())
}

/// Choose whether your turn notices and reminders also come by DM (leave empty to see).
#[poise::command(slash_command, guild_only)]
pub async fn notify(
    ctx: Context<'_>,
    #[description = "Also send turn notices and reminders by DM"] dm: Option<bool>,
) -> Result<(), Error> {
    let settings = ctx.data().service.notify(ctx.author().id.get(), dm).await?;
    ctx.send(
        CreateReply::default()
            .content(strings::notify_setting(
                settings.dm_notifications,
                dm.is_some(),
            ))
            .ephemeral(true),
    )
    .await?;
    Ok(())
}

/// The server's leaderboard: ten players a page, with Previous and Next buttons.
#[poise::command(slash_command, guild_only)]
pub async fn leaderboard(
    ctx: Context<'_>,
    #[description = "Which page (default 1)"]
    #[min = 1]
    page: Option<u32>,
) -> Result<(), Error> {
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
    ctx.send(quiet_reply(strings::leaderboard(&shown, now)).components(ladder_buttons(&shown)))
        .await?;
    Ok(())
}

/// A player's rating, rank, record, streak and last games on this server.
#[poise::command(slash_command, guild_only)]
pub async fn stats(
    ctx: Context<'_>,
    #[description = "Whose stats (default: yours)"] user: Option<serenity::User>,
) -> Result<(), Error> {
    let guild = place_of(ctx).guild_id;
    let asker = ctx.author().id.get();
    let whom = user.as_ref().map_or(asker, |u| u.id.get());
    let stats = ctx.data().service.stats(guild, whom, asker).await?;
    ctx.send(quiet_reply(strings::stats(&stats))).await?;
    Ok(())
}

/// The moves of this channel's game (or of a game by number), as a record to replay.
#[poise::command(slash_command, guild_only)]
pub async fn history(
    ctx: Context<'_>,
    #[description = "A game's number (default: this channel's game)"] game: Option<i64>,
) -> Result<(), Error> {
    let h = ctx
        .data()
        .service
        .history(place_of(ctx), game.map(GameId))
        .await?;
    ctx.send(quiet_reply(strings::history(&h.game, &h.record)).ephemeral(true))
        .await?;
    Ok(())
}

/// How to play Focus.
#[poise::command(slash_command, guild_only)]
pub async fn rules(ctx: Context<'_>) -> Result<(), Error> {
    ctx.send(
        CreateReply::default()
            .embed(
                serenity::CreateEmbed::new()
                    .title("Focus — the rules")
                    .description(strings::RULES)
                    .colour(0x0025_6fe8),
            )
            .ephemeral(true),
    )
    .await?;
    Ok(())
}
