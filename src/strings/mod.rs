//! Every sentence the bot composes for users, in one place (as `parrot` does), so wording can
//! be reviewed and a translation (Russian first) is one contained change.
//!
//! Where things are: the messages the adapters send are here; the one-sentence `Display` of
//! every error a player can cause (rules, store, service) is in [`errors`]; the words drawn on
//! the board picture are in [`labels`]. Adapters show error sentences as they are.
//!
//! Mentions are written `<@id>`; Discord shows them as names, the console prints them as is.

pub mod errors;
pub mod labels;

use crate::ratings::Rating;
use crate::rules::{Color, Move, MoveEffect};
use crate::service::{Board, ChallengeView, GameSummary, MoveReport, Stats};
use crate::store::{
    ColorChoice, EndReason, Game, GameResult, GameStatus, LadderEntry, LadderPage, Outcome,
};

/// Shown on the picture of a game held for a moderator.
pub const HELD_FOR_REVIEW: &str = "held for a moderator";
/// A user whose name the bot never saw.
pub const SOMEONE: &str = "someone";
/// For failures of the bot itself; details go to the log, never to users.
pub const INTERNAL_ERROR: &str =
    "something went wrong on our side and nothing was changed; please try again in a moment";
/// Commands used outside a server.
pub const GUILD_ONLY: &str = "Focus is played in server channels: use /focus there, not in DMs";

/// A button whose `custom_id` the bot does not know (another version's, or junk).
pub const STALE_BUTTON: &str = "this button is no longer in use; use /focus to continue";

/// The bot lacks channel permissions.
pub fn missing_permissions(missing: &str) -> String {
    format!(
        "I am missing the {missing} permission in this channel, so I cannot hold a game here; \
         ask a server admin to grant it, or play in another channel"
    )
}

/// An option Discord delivered that could not be read.
pub fn bad_option(input: &str, error: &str) -> String {
    format!("I could not read the option `{input}`: {error}")
}

/// Appended to a challenge when it is accepted.
pub fn accepted_by(id: u64) -> String {
    format!("Accepted by {}.", mention(id))
}

/// A mention of user `id`.
pub fn mention(id: u64) -> String {
    format!("<@{id}>")
}

/// The words of a result on the picture and in messages: `no legal move`, `by resignation`.
pub fn end_reason(reason: Option<EndReason>, result: Option<GameResult>) -> &'static str {
    match (reason, result) {
        (Some(EndReason::NoLegalMove), _) => "no legal move",
        (Some(EndReason::MirrorRule), _) => "mirror rule",
        (Some(EndReason::Resignation), _) => "by resignation",
        (Some(EndReason::TimeOut), _) => "on time",
        (Some(EndReason::Agreement), _) => "draw by agreement",
        (Some(EndReason::Abort), _) | (None, None) => "aborted",
        (None, Some(_)) => "game over",
    }
}

/// The picture's note on the loser's panel, or on both panels when nobody won.
pub fn picture_note(reason: Option<EndReason>) -> &'static str {
    match reason {
        Some(EndReason::NoLegalMove) => "cannot move",
        Some(EndReason::MirrorRule) => "mirrored: loses",
        Some(EndReason::Resignation) => "resigned",
        Some(EndReason::TimeOut) => "ran out of time",
        Some(EndReason::Agreement) => "draw by agreement",
        Some(EndReason::Abort) | None => "aborted",
    }
}

fn color_word(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// The rules, days per move and rating of a game, e.g. `classic rules · 3 days per move · rated`.
pub fn terms(rules: crate::rules::Rules, days: u32, rated: bool) -> String {
    let days = match days {
        0 => "no time limit".to_owned(),
        1 => "1 day per move".to_owned(),
        n => format!("{n} days per move"),
    };
    let rated = if rated { "rated" } else { "unrated" };
    format!("{rules} rules · {days} · {rated}")
}

/// The message of a new challenge.
pub fn challenge_posted(view: &ChallengeView) -> String {
    let c = &view.challenge;
    let who = match c.opponent_id {
        Some(id) => format!(
            "{} challenges {} to a game of Focus!",
            mention(c.challenger_id),
            mention(id)
        ),
        None => format!(
            "{} is looking for an opponent for a game of Focus: anyone here may accept!",
            mention(c.challenger_id)
        ),
    };
    let color = match c.color {
        ColorChoice::White => "they play White",
        ColorChoice::Black => "they play Black",
        ColorChoice::Random => "colours drawn at random",
    };
    let setup = if c.start_fpn.is_some() {
        " · from a set-up position"
    } else {
        ""
    };
    format!(
        "{who}\n{} · {color}{setup}\nThe challenge expires <t:{}:R>.",
        terms(c.rules, c.days_per_move, c.rated),
        c.expires_at
    )
}

/// A challenge that was declined, cancelled or expired.
pub fn challenge_closed(view: &ChallengeView) -> String {
    let c = &view.challenge;
    format!(
        "The challenge of {} is {}.",
        mention(c.challenger_id),
        c.status
    )
}

/// Labels of the challenge buttons.
pub const ACCEPT: &str = "Accept";
/// Decline button.
pub const DECLINE: &str = "Decline";
/// Cancel button.
pub const CANCEL: &str = "Cancel";

/// Whose move it is, with the deadline when there is one.
fn to_move_line(board: &Board) -> String {
    match board.to_move() {
        Some(id) => {
            let color = color_word(board.position.side_to_move());
            match board.game.deadline {
                Some(t) => format!(
                    "{} ({color}) to move, by <t:{t}:f> (<t:{t}:R>).",
                    mention(id)
                ),
                None => format!("{} ({color}) to move.", mention(id)),
            }
        }
        None => result_line(&board.game),
    }
}

/// The result of a finished game in one sentence, and for a rated game a second line with
/// both players' new ratings and changes.
pub fn result_line(game: &Game) -> String {
    let result = result_sentence(game);
    match game.ratings {
        Some(r) => {
            let [(white, dw), (black, db)] = [r.of(Color::White), r.of(Color::Black)];
            format!(
                "{result}\nRatings: {} {} ({}), {} {} ({}).",
                mention(game.white_id),
                rounded(white),
                change_shown(white, dw),
                mention(game.black_id),
                rounded(black),
                change_shown(black, db)
            )
        }
        None => result,
    }
}

/// The change from the rating before to `after` (which changed by `change`), as the
/// difference of the two ratings as shown, so that the numbers players see add up.
pub fn change_shown(after: f64, change: f64) -> String {
    signed((rounded(after) - rounded(after - change)) as f64)
}

/// A rating change as players read it, rounded: `+12`, `-12`, `±0`.
pub fn signed(change: f64) -> String {
    let n = change.round() as i64;
    match n {
        0 => "±0".to_owned(),
        n if n > 0 => format!("+{n}"),
        n => n.to_string(),
    }
}

/// The result of a finished game in one sentence.
fn result_sentence(game: &Game) -> String {
    let reason = end_reason(game.reason, game.result);
    match (game.status, game.result) {
        (GameStatus::Aborted, _) => "The game was aborted: no result, no rating change.".to_owned(),
        (GameStatus::NeedsReview, _) => {
            "The game is held for a moderator: its stored moves and position disagree.".to_owned()
        }
        (_, Some(GameResult::White)) => format!(
            "**{} ({}) wins**, {reason}.",
            mention(game.white_id),
            color_word(Color::White)
        ),
        (_, Some(GameResult::Black)) => format!(
            "**{} ({}) wins**, {reason}.",
            mention(game.black_id),
            color_word(Color::Black)
        ),
        (_, Some(GameResult::Draw)) => "**The game is drawn** by agreement.".to_owned(),
        _ => "The game is over.".to_owned(),
    }
}

/// The message that starts a game.
pub fn game_started(board: &Board) -> String {
    let g = &board.game;
    format!(
        "**Game {} begins!** {} plays White, {} plays Black.\n{}\n{}",
        g.id.0,
        mention(g.white_id),
        mention(g.black_id),
        terms(g.rules, g.days_per_move, g.rated),
        to_move_line(board)
    )
}

/// What a move trimmed, e.g. ` — captured 2, 1 to reserve`.
fn effect_words(effect: MoveEffect) -> String {
    let mut parts = Vec::new();
    if effect.captured > 0 {
        parts.push(format!("captured {}", effect.captured));
    }
    if effect.to_reserve > 0 {
        parts.push(format!("{} to reserve", effect.to_reserve));
    }
    if parts.is_empty() {
        String::new()
    } else {
        format!(" — {}", parts.join(", "))
    }
}

/// The public message after a move.
pub fn move_played(report: &MoveReport) -> String {
    let b = &report.board;
    let mover = b.game.player(report.mover);
    let verb = match report.mv {
        Move::Drop { .. } => "dropped",
        Move::Swap { .. } => "swapped",
        Move::Step { .. } => "played",
    };
    format!(
        "{} {verb} **{}**{}.\n{}",
        mention(mover),
        report.mv,
        effect_words(report.effect),
        to_move_line(b)
    )
}

/// The board command's text.
pub fn board_caption(board: &Board) -> String {
    let g = &board.game;
    format!(
        "Game {}: {} (White) vs {} (Black), ply {} · {}\n{}",
        g.id.0,
        mention(g.white_id),
        mention(g.black_id),
        g.ply,
        terms(g.rules, g.days_per_move, g.rated),
        to_move_line(board)
    )
}

/// A game ended by resignation, agreement or abort.
pub fn game_ended(board: &Board) -> String {
    result_line(&board.game)
}

/// A draw offer was made.
pub fn draw_offered(game: &Game, by: Color) -> String {
    format!(
        "{} offers a draw. {}, accept with the button or /focus draw; playing on declines it.",
        mention(game.player(by)),
        mention(game.player(!by))
    )
}

/// A draw offer was declined.
pub fn draw_declined(game: &Game, by: Color) -> String {
    format!("{} declines the draw. Play on!", mention(game.player(by)))
}

/// A takeback request.
pub fn takeback_requested(board: &Board, by: Color) -> String {
    format!(
        "{} asks to take back their last move. {}, do you agree?",
        mention(board.game.player(by)),
        mention(board.game.player(!by))
    )
}

/// A takeback was granted: the board is back one move.
pub fn takeback_done(board: &Board) -> String {
    format!("The last move was taken back.\n{}", to_move_line(board))
}

/// A takeback was refused.
pub fn takeback_declined(game: &Game) -> String {
    format!("The takeback was declined; game {} goes on.", game.id.0)
}

/// Button labels for answers.
pub const YES: &str = "Agree";
/// Refusal button.
pub const NO: &str = "Refuse";

/// One line of `/focus games`: the game, its channel (a link), the opponent, whose move, and
/// when that move is due.
pub fn game_summary_line(g: &GameSummary) -> String {
    let turn = if g.your_turn {
        "**your move**"
    } else {
        "their move"
    };
    let deadline = g
        .game
        .deadline
        .map(|t| format!(", due <t:{t}:R>"))
        .unwrap_or_default();
    format!(
        "Game {} in <#{}> vs {} ({} rules, you play {}): {turn}{deadline}",
        g.game.id.0,
        g.game.channel_id,
        mention(g.opponent),
        g.game.rules,
        color_word(g.color)
    )
}

/// The `/focus games` dashboard: a heading and one line per game (least time left first, as
/// given), cut to fit one Discord message of 2,000 characters with a count of the rest.
pub fn dashboard(games: &[GameSummary]) -> String {
    if games.is_empty() {
        return NO_GAMES.to_owned();
    }
    let yours = games.iter().filter(|g| g.your_turn).count();
    let mut text = format!(
        "**Your games on this server** ({} in play, {yours} waiting for you), least time left \
         first:",
        games.len()
    );
    for (i, g) in games.iter().enumerate() {
        let line = game_summary_line(g);
        let more = format!("\n…and {} more.", games.len() - i);
        // The last line needs no room left for "…and N more.".
        let room = if i + 1 == games.len() { 0 } else { more.len() };
        if text.len() + 1 + line.len() + room > 2_000 {
            text.push_str(&more);
            break;
        }
        text.push('\n');
        text.push_str(&line);
    }
    text
}

/// A link that opens channel `channel` of server `guild` (works in DMs).
fn channel_link(guild: u64, channel: u64) -> String {
    format!("https://discord.com/channels/{guild}/{channel}")
}

/// ` Time runs out <t:…:R> (<t:…:f>).` for a game with a deadline.
fn due_words(game: &Game) -> String {
    game.deadline
        .map(|t| format!(" Time runs out <t:{t}:R> (<t:{t}:f>)."))
        .unwrap_or_default()
}

/// A DM: it is the reader's move in `game` against `opponent` (a name).
pub fn your_turn_dm(game: &Game, opponent: &str) -> String {
    format!(
        "Your move in Focus game {} against **{opponent}**: {}{}",
        game.id.0,
        channel_link(game.guild_id, game.channel_id),
        due_words(game)
    )
}

/// What happens if time runs out in `game`: a loss, or an abort while neither side has moved
/// twice.
fn if_time_runs_out(game: &Game) -> &'static str {
    if game.ply <= crate::store::TIMEOUT_ABORT_MAX_PLY {
        "if time runs out, the game is aborted"
    } else {
        "if time runs out, you lose on time"
    }
}

/// A DM: a reminder that the reader's move in `game` is nearly due.
pub fn reminder_dm(game: &Game, opponent: &str) -> String {
    format!(
        "⏰ Reminder: your move in Focus game {} against **{opponent}** is due soon; {}.{} {}",
        game.id.0,
        if_time_runs_out(game),
        due_words(game),
        channel_link(game.guild_id, game.channel_id)
    )
}

/// In the game's channel: a reminder to `user` that their move is nearly due.
pub fn reminder(game: &Game, user: u64) -> String {
    format!(
        "⏰ {}, reminder: your move in game {} is due soon; {}.{}",
        mention(user),
        game.id.0,
        if_time_runs_out(game),
        due_words(game)
    )
}

/// In the game's channel: `loser` ran out of time (lost, or the game was aborted because
/// neither side had moved twice).
pub fn timed_out(game: &Game, loser: u64) -> String {
    if game.status == GameStatus::Aborted {
        format!(
            "**Game {} is aborted:** {} did not move in time, before both sides had moved \
             twice. No result, no rating change.",
            game.id.0,
            mention(loser)
        )
    } else {
        format!(
            "**{} ran out of time** in game {}. {}",
            mention(loser),
            game.id.0,
            result_line(game)
        )
    }
}

/// The new text of a challenge that nobody accepted in time (its buttons are disabled).
pub fn challenge_expired(c: &crate::store::Challenge) -> String {
    let to = c
        .opponent_id
        .map(|id| format!(" to {}", mention(id)))
        .unwrap_or_default();
    format!(
        "The challenge of {}{to} has expired: nobody accepted it within a day. Start a new one \
         with /focus challenge.",
        mention(c.challenger_id)
    )
}

/// `/focus moretime`: `giver` gave their opponent a day more on this move.
pub fn more_time_given(game: &Game, giver: u64) -> String {
    let receiver = if giver == game.white_id {
        game.black_id
    } else {
        game.white_id
    };
    format!(
        "{} gives {} one more day for this move.{}",
        mention(giver),
        mention(receiver),
        due_words(game)
    )
}

/// `/focus notify`: the setting in force, and whether it was just changed.
pub fn notify_setting(dm: bool, changed: bool) -> String {
    let state = if dm {
        "You get a DM when it is your move, besides the mention in the game's channel, and \
         your reminder when time is running out comes by DM instead of in the channel."
    } else {
        "You are told in the game's channel only: the move message mentions you, and so does \
         your reminder when time is running out."
    };
    let how = if dm {
        "Stop the DMs with `/focus notify dm:False`."
    } else {
        "Get them by DM with `/focus notify dm:True`."
    };
    if changed {
        format!("Saved. {state} {how}")
    } else {
        format!("{state} {how}")
    }
}

/// `/focus games` with no game.
pub const NO_GAMES: &str =
    "You have no game in play on this server. Start one with /focus challenge.";

/// The `/focus history` reply.
pub fn history(game: &Game, record: &str) -> String {
    let record = if record.is_empty() {
        "(no moves yet)"
    } else {
        record
    };
    let start = match &game.start_fpn {
        Some(fpn) => format!(" --fpn '{fpn}'"),
        None => String::new(),
    };
    format!(
        "Game {} ({} rules):\n```\n{record}\n```\nReplay it with `focus-bot replay --rules {}{start}`.",
        game.id.0, game.rules, game.rules
    )
}

/// The `/focus rules` text.
pub const RULES: &str = "\
**Focus** (Sid Sackson, 1963) is played on an 8×8 board with three squares cut from each \
corner: 52 squares. Each player has 18 pieces; White moves first.

**Your turn:** either
• **move** a stack you control (your piece on top): take its top *k* pieces (1 to its height) \
and move them exactly *k* squares in a straight line, up, down, left or right — they jump over \
whatever is between and land on top of whatever is there; write it `c5-e5`;
• or **drop** a piece from your reserve on any square: `+e5`.

**Stacks hold at most 5.** Pieces above five fall off the bottom: your own go to your \
**reserve**, your opponent's are **captured** for good.

**You lose** when it is your turn and you control no stack and have no reserve.

**Optional rules** (choose at /focus challenge):
• `swap` — White's first turn swaps two adjacent single pieces of different colours (`d4~d5`).
• `mirror` — Black loses at once on a move that leaves the position mirror-symmetric \
(turned 180° with colours exchanged), which stops Black from copying White forever.

Play with `/focus move` — it suggests your legal moves as you type.";

/// A rating as shown: `1623`, or `1540?` for a provisional player. Rounded half away from
/// zero, as the leaderboard's ranks are (SQLite's `ROUND`).
pub fn rating_shown(rating: &Rating) -> String {
    let shown = rounded(rating.rating);
    if rating.is_provisional() {
        format!("{shown}?")
    } else {
        shown.to_string()
    }
}

/// A rating rounded as players see it (half away from zero).
fn rounded(rating: f64) -> i64 {
    rating.round() as i64
}

/// `12-3-1`: wins, losses, draws.
fn record(wins: u32, losses: u32, draws: u32) -> String {
    format!("{wins}-{losses}-{draws}")
}

/// One line of the leaderboard: rank (or `?`), player, rating, games, wins-losses-draws.
fn ladder_line(entry: &LadderEntry, now: i64) -> String {
    let p = &entry.player;
    let rank = entry
        .rank
        .map_or_else(|| "`   ?`".to_owned(), |r| format!("`{r:>3}.`"));
    let games = if p.games == 1 { "game" } else { "games" };
    format!(
        "{rank} {} · **{}** · {} {games} · {}",
        mention(p.user_id),
        rating_shown(&p.rating_at(now)),
        p.games,
        record(p.wins, p.losses, p.draws)
    )
}

/// The `/focus leaderboard` message as of `now`.
pub fn leaderboard(page: &LadderPage, now: i64) -> String {
    if page.entries.is_empty() {
        return "**Leaderboard**\nNobody here has finished a rated game yet: challenge someone \
                with /focus challenge."
            .to_owned();
    }
    let mut text = format!(
        "**Leaderboard** · page {} of {} · {} ranked, {} provisional (`?`: rating not yet \
         settled)",
        page.page, page.pages, page.ranked, page.provisional
    );
    for entry in &page.entries {
        text.push('\n');
        text.push_str(&ladder_line(entry, now));
    }
    text
}

/// Labels of the leaderboard's paging buttons.
pub const PREVIOUS: &str = "◀ Previous";
/// Next page.
pub const NEXT: &str = "Next ▶";

/// How a result reads for one player in a list: `W`, `L`, `D`.
fn outcome_letter(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win => "W",
        Outcome::Loss => "L",
        Outcome::Draw => "D",
    }
}

/// `3 wins, 1 loss, 0 draws`.
fn wins_losses_draws(wins: u32, losses: u32, draws: u32) -> String {
    let plural = |n: u32, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    format!(
        "{}, {}, {}",
        plural(wins, "win", "wins"),
        plural(losses, "loss", "losses"),
        plural(draws, "draw", "draws")
    )
}

/// The `/focus stats` message.
pub fn stats(s: &Stats) -> String {
    let who = mention(s.user_id);
    let Some(standing) = &s.standing else {
        return format!("{who} has not finished a game on this server yet.");
    };
    let p = &standing.player;
    let place = match standing.rank {
        Some(rank) => format!("rank {rank} of {}", standing.ranked),
        None if p.rated_at.is_none() => "no rated game yet".to_owned(),
        None if p.left_at.is_some() => "not ranked: no longer on this server".to_owned(),
        None => format!(
            "provisional: ranked once the deviation is under {:.0}",
            crate::ratings::PROVISIONAL_DEVIATION
        ),
    };
    let mut text = format!(
        "**Stats of {who}**\nRating: **{}** ± {:.0} · {place}\nGames: {} ({}; {} rated)",
        rating_shown(&s.rating),
        s.rating.deviation,
        p.games,
        wins_losses_draws(p.wins, p.losses, p.draws),
        p.rated_games
    );
    if let Some((outcome, n)) = s.streak {
        let word = match (outcome, n) {
            (Outcome::Win, 1) => "win",
            (Outcome::Win, _) => "wins",
            (Outcome::Loss, 1) => "loss",
            (Outcome::Loss, _) => "losses",
            (Outcome::Draw, 1) => "draw",
            (Outcome::Draw, _) => "draws",
        };
        text.push_str(&format!("\nStreak: {n} {word} in a row"));
    }
    if !s.recent.is_empty() {
        let results: Vec<String> = s
            .recent
            .iter()
            .filter_map(|g| {
                let color = g.color_of(s.user_id)?;
                let outcome = Outcome::of(g.result?, color == Color::White);
                let change = g.ratings.map_or_else(
                    || " (unrated)".to_owned(),
                    |r| {
                        let (after, change) = r.of(color);
                        format!(" ({})", change_shown(after, change))
                    },
                );
                Some(format!(
                    "{} vs {}{change}",
                    outcome_letter(outcome),
                    mention(g.player(!color))
                ))
            })
            .collect();
        text.push_str(&format!("\nLast games: {}", results.join(" · ")));
    }
    match s.head_to_head {
        Some(h) if h.wins + h.losses + h.draws == 0 => {
            text.push_str(&format!(
                "\nYou have not finished a game against {who} here yet."
            ));
        }
        Some(h) => text.push_str(&format!(
            "\nYou against {who}: {}",
            wins_losses_draws(h.wins, h.losses, h.draws)
        )),
        None => {}
    }
    text
}
