// Longer than 400 lines: the words of the bot's messages about challenges and games, one function
// per message (other subjects have their own modules).
//! Every text a user reads is made here, from data, in the reader's language: the bot's
//! messages, the letters it sends on its own ([`letters`]), the sentences of errors
//! ([`errors`]) and the words drawn on the board picture ([`picture`]). The sentences
//! themselves live in the Fluent files of `locales/` ([`crate::i18n`]); this module chooses the
//! message and gives it its values.
//!
//! Mentions are written `<@id>`; Discord shows them as names, the console as `@name`. Discord
//! timestamps (`<t:unix:R>`) are shown by each client in its own language.

pub mod analysis;
pub mod errors;
pub mod letters;
pub mod pick;
pub mod picture;
pub mod record;
pub mod threads;
pub mod tournaments;
mod words;

use crate::i18n::Lang;
use crate::ratings::Rating;
use crate::rules::{Color, Move, MoveEffect, Rules};
use crate::service::{Board, ChallengeView, GameSummary, History, MoveReport, Stats};
use crate::store::{
    Challenge, ChallengeStatus, ColorChoice, Game, GameId, GameResult, GameStatus, LadderEntry,
    LadderPage, Outcome, TimeControl, Venue,
};
use crate::text::{Piece, Text};
use crate::tr;

pub use errors::{Localized, internal_error, refusal};
pub use words::{channel, color_key, mention, someone, time_control};
pub(crate) use words::{permission_name, reason_key, timestamp, with_due};

/// Discord's limit on a message's content, in characters (UTF-16 code units).
pub const MESSAGE_LIMIT: usize = 2_000;

/// The length of `text` in a Discord message (UTF-16 code units of its markdown), which must
/// stay within [`MESSAGE_LIMIT`].
pub fn message_len(text: &Text) -> usize {
    let digits = |n: u64| n.to_string().len();
    let utf16 = |s: &str| s.encode_utf16().count();
    let mut len = 0;
    let mut bold = false;
    for span in text.spans() {
        if span.bold != bold {
            len += 2;
            bold = span.bold;
        }
        len += match &span.piece {
            Piece::Plain(s) => utf16(s),
            Piece::Code(s) => utf16(s) + 2,
            Piece::Block(s) => utf16(s) + 8,
            Piece::User(id) | Piece::Channel(id) => digits(*id) + 3,
            Piece::ChannelLink { guild, channel } => 30 + digits(*guild) + digits(*channel),
            Piece::Time(t, _) => t.to_string().len() + 6,
        };
    }
    len + if bold { 2 } else { 0 }
}

/// [`message_len`] of a marked string.
fn marked_len(marked: &str) -> usize {
    message_len(&Text::from_marked(marked))
}

/// `White`/`Black` in `lang`, standing alone (a player without a name on the picture).
pub fn color_name(lang: Lang, color: Color) -> String {
    match color {
        Color::White => tr!(lang, "color-white"),
        Color::Black => tr!(lang, "color-black"),
    }
}

/// The name of `color` as a heading in `lang` (a board's panel, a chart's title): capitalised
/// in every language, where [`color_name`] is the word inside a sentence (Russian «белые»).
pub fn color_heading(lang: Lang, color: Color) -> String {
    match color {
        Color::White => tr!(lang, "color-white-heading"),
        Color::Black => tr!(lang, "color-black-heading"),
    }
}

/// The name of a rule set in `lang`, as its slash-command choice reads (`classic`,
/// `swap+mirror`).
pub fn rules_name(lang: Lang, rules: Rules) -> String {
    crate::i18n::tr(lang, &rules_choice_id(rules), &[])
}

/// The message id of a rule set's choice: `choice-rules-swap-mirror`.
pub fn rules_choice_id(rules: Rules) -> String {
    format!("choice-rules-{}", rules.name().replace('+', "-"))
}

/// A count of `what` (`moves`, `days`, `hours`, `minutes`, `games`, `pieces`) with the right
/// plural form: `1 move`, `21 ход`, `22 хода`, `25 ходов`.
pub fn count(lang: Lang, what: &str, n: u64) -> String {
    crate::i18n::tr(lang, &format!("count-{what}"), &[("count", n.into())])
}

/// Commands used outside a server.
pub fn guild_only(lang: Lang) -> Text {
    Text::from_marked(&guild_only_marked(lang))
}

pub(crate) fn guild_only_marked(lang: Lang) -> String {
    tr!(lang, "guild-only")
}

/// Why an answer is seen by its asker alone where it should be everyone's: the server turned
/// Use External Apps off for them, and the bot is not on it.
pub fn only_you_see(lang: Lang) -> Text {
    Text::from_marked(&tr!(lang, "only-you-see"))
}

/// A button whose `custom_id` the bot does not know (another version's, or junk), clicked in
/// `venue`: where the clicker may not have the app's slash commands, it points at the game's
/// buttons instead.
pub fn stale_button(lang: Lang, venue: Venue) -> Text {
    Text::from_marked(&stale_button_marked(lang, venue))
}

pub(crate) fn stale_button_marked(lang: Lang, venue: Venue) -> String {
    if venue.components_only() {
        tr!(lang, "stale-button-here")
    } else {
        tr!(lang, "stale-button")
    }
}

/// The bot lacks channel permissions: `missing` are Discord's permission names (`Send
/// Messages`), each given in `lang` when it is one the bot asks for.
pub fn missing_permissions(lang: Lang, missing: &[&str]) -> Text {
    Text::from_marked(&missing_permissions_marked(lang, missing))
}

pub(crate) fn missing_permissions_marked(lang: Lang, missing: &[&str]) -> String {
    let names: Vec<String> = missing
        .iter()
        .map(|name| permission_name(lang, name))
        .collect();
    tr!(lang, "missing-permissions", permissions = names.join(", "))
}

/// An option Discord delivered that could not be read.
pub fn bad_option(lang: Lang, input: &str) -> Text {
    Text::from_marked(&bad_option_marked(lang, input))
}

pub(crate) fn bad_option_marked(lang: Lang, input: &str) -> String {
    tr!(lang, "bad-option", input = input)
}

/// Labels of the buttons: `accept`, `decline`, `cancel`, `agree`, `refuse`, `previous`, `next`,
/// `play-anyway`.
pub fn button(lang: Lang, which: &str) -> String {
    crate::i18n::tr(lang, &format!("button-{which}"), &[])
}

/// How a suggested move is shown as the player types (an autocomplete choice's name, at most
/// 100 characters): its notation, marked when it loses at once under the mirror rule
/// (`f5-e5 (loses: mirror rule)`).
pub fn suggestion(lang: Lang, suggestion: &crate::service::Suggestion) -> String {
    let mv = suggestion.mv.to_string();
    if suggestion.loses_by_mirror {
        tr!(lang, "suggestion-loses-mirror", move = mv)
    } else {
        mv
    }
}

/// The moves suggested for what a player typed so far (`typed`), as one line where no
/// autocomplete shows them: `suggestions: c4-d4 c4-c5`; when there are none, a sentence saying
/// so and why there may be none.
pub fn suggestions(lang: Lang, typed: &str, suggestions: &[crate::service::Suggestion]) -> Text {
    Text::from_marked(&suggestions_marked(lang, typed, suggestions))
}

pub(crate) fn suggestions_marked(
    lang: Lang,
    typed: &str,
    suggestions: &[crate::service::Suggestion],
) -> String {
    if suggestions.is_empty() {
        let typed = typed.trim();
        return if typed.is_empty() {
            tr!(lang, "suggestions-none")
        } else {
            tr!(lang, "suggestions-none-matching", typed = typed)
        };
    }
    let moves: Vec<String> = suggestions.iter().map(|s| suggestion(lang, s)).collect();
    tr!(lang, "suggestions", moves = moves.join(" "))
}

/// The rules, time control and rating of a game, e.g. `classic rules · 3 days per move · rated`
/// or `swap rules · 5 minutes per move · unrated`.
pub fn terms(lang: Lang, rules: Rules, time: TimeControl, rated: bool) -> String {
    tr!(
        lang,
        "terms",
        rules = rules_name(lang, rules),
        time = time_control(lang, time),
        rated = if rated { "yes" } else { "no" }
    )
}

/// A span of `seconds` in the largest whole unit: `30 days`, `10 minutes`, `90 seconds`.
pub fn span(lang: Lang, seconds: i64) -> String {
    let seconds = seconds.unsigned_abs();
    match seconds {
        s if s >= 86_400 && s % 86_400 == 0 => count(lang, "days", s / 86_400),
        s if s >= 3_600 && s % 3_600 == 0 => count(lang, "hours", s / 3_600),
        s if s >= 60 && s % 60 == 0 => count(lang, "minutes", s / 60),
        s => count(lang, "seconds", s),
    }
}

/// `n` of `unit` (`days`, `hours`, `minutes`, `seconds`) as the object of "in …" or "… ago":
/// Russian puts it in the accusative (`через 1 минуту`, `21 секунду назад`), English as
/// [`count`] does.
pub fn count_accusative(lang: Lang, unit: &str, n: u64) -> String {
    crate::i18n::tr(
        lang,
        &format!("count-{unit}-accusative"),
        &[("count", n.into())],
    )
}

/// `|seconds|` rounded to whole minutes, so a deadline set a second ago still reads as the
/// whole days it was given.
fn rounded_to_minutes(seconds: i64) -> u64 {
    (seconds.unsigned_abs() + 30) / 60 * 60
}

/// `|seconds|` in its two largest units, to the minute, each counted by `form`.
fn two_units(lang: Lang, seconds: i64, form: fn(Lang, &str, u64) -> String) -> String {
    let s = rounded_to_minutes(seconds);
    let (d, h, m) = (s / 86_400, s % 86_400 / 3_600, s % 3_600 / 60);
    let (first, second) = match (d, h) {
        (0, 0) => (("minutes", m), None),
        (0, h) => (("hours", h), Some(("minutes", m))),
        (d, h) => (("days", d), Some(("hours", h))),
    };
    let mut words = form(lang, first.0, first.1);
    if let Some((unit, n)) = second.filter(|&(_, n)| n > 0) {
        words.push(' ');
        words.push_str(&form(lang, unit, n));
    }
    words
}

/// A span of time in words, its two largest units to the minute: `5 minutes`,
/// `3 hours 5 minutes`, `2 days 4 hours`, `1 day` (`2 дня 4 часа`, `1 минута` in Russian).
pub fn duration(lang: Lang, seconds: i64) -> String {
    two_units(lang, seconds, count)
}

/// A moment `seconds` from now (negative: in the past), to the minute: `in 2 days 4 hours`,
/// `5 minutes ago`, `now` within half a minute; in Russian `через 1 минуту`,
/// `21 минуту назад` (the accusative). What a Discord timestamp `<t:…:R>` reads as, for an
/// adapter that has to write it out itself.
pub fn from_now(lang: Lang, seconds: i64) -> String {
    if rounded_to_minutes(seconds) == 0 {
        return tr!(lang, "time-now");
    }
    let span = two_units(lang, seconds, count_accusative);
    if seconds > 0 {
        tr!(lang, "time-in", span = span)
    } else {
        tr!(lang, "time-ago", span = span)
    }
}

/// The message of a new challenge.
pub fn challenge_posted(lang: Lang, view: &ChallengeView) -> Text {
    Text::from_marked(&challenge_posted_marked(lang, view))
}

pub(crate) fn challenge_posted_marked(lang: Lang, view: &ChallengeView) -> String {
    let c = &view.challenge;
    let who = match c.opponent_id {
        Some(id) => tr!(
            lang,
            "challenge-to",
            challenger = mention(c.challenger_id),
            opponent = mention(id)
        ),
        None => tr!(
            lang,
            "challenge-open",
            challenger = mention(c.challenger_id)
        ),
    };
    // Named, not "they": the line follows one that names both players.
    let color = tr!(
        lang,
        "challenge-color",
        challenger = mention(c.challenger_id),
        color = match c.color {
            ColorChoice::White => "white",
            ColorChoice::Black => "black",
            ColorChoice::Random => "random",
        }
    );
    let mut details = vec![terms(lang, c.rules, c.time_control, c.rated), color];
    if c.start_fpn.is_some() {
        details.push(tr!(lang, "challenge-setup"));
    }
    format!(
        "{who}\n{}\n{}",
        details.join(" · "),
        tr!(
            lang,
            "challenge-expires",
            when = timestamp(c.expires_at, 'R')
        )
    )
}

/// A challenge that was declined, cancelled or expired.
pub fn challenge_closed(lang: Lang, view: &ChallengeView) -> Text {
    Text::from_marked(&challenge_closed_marked(lang, view))
}

pub(crate) fn challenge_closed_marked(lang: Lang, view: &ChallengeView) -> String {
    let c = &view.challenge;
    tr!(
        lang,
        "challenge-closed",
        challenger = mention(c.challenger_id),
        status = match c.status {
            ChallengeStatus::Open => "open",
            ChallengeStatus::Accepted => "accepted",
            ChallengeStatus::Declined => "declined",
            ChallengeStatus::Cancelled => "cancelled",
            ChallengeStatus::Expired => "expired",
        }
    )
}

/// Appended to a challenge when it is accepted.
pub fn accepted_by(lang: Lang, id: u64) -> Text {
    Text::from_marked(&accepted_by_marked(lang, id))
}

pub(crate) fn accepted_by_marked(lang: Lang, id: u64) -> String {
    tr!(lang, "accepted-by", player = mention(id))
}

/// The new text of a challenge that nobody accepted in time (its buttons are disabled).
pub fn challenge_expired(lang: Lang, c: &Challenge) -> Text {
    Text::from_marked(&challenge_expired_marked(lang, c))
}

pub(crate) fn challenge_expired_marked(lang: Lang, c: &Challenge) -> String {
    match c.opponent_id {
        Some(id) => tr!(
            lang,
            "challenge-expired-to",
            challenger = mention(c.challenger_id),
            opponent = mention(id)
        ),
        None => tr!(
            lang,
            "challenge-expired",
            challenger = mention(c.challenger_id)
        ),
    }
}

/// The challenge of a rematch of game `of`: the challenge as [`challenge_posted`] words it,
/// after a line naming the game played again.
pub fn rematch_posted(lang: Lang, view: &ChallengeView, of: GameId) -> Text {
    Text::from_marked(&rematch_posted_marked(lang, view, of))
}

pub(crate) fn rematch_posted_marked(lang: Lang, view: &ChallengeView, of: GameId) -> String {
    format!(
        "{}\n{}",
        tr!(lang, "rematch-of", game = of.0.to_string()),
        challenge_posted_marked(lang, view)
    )
}

/// The caption of a game's animated replay: which game, who played, how many plies.
pub fn replay_caption(lang: Lang, history: &History) -> Text {
    Text::from_marked(&replay_caption_marked(lang, history))
}

pub(crate) fn replay_caption_marked(lang: Lang, history: &History) -> String {
    let g = &history.game;
    tr!(
        lang,
        "replay-caption",
        game = g.id.0.to_string(),
        white = mention(g.white_id),
        black = mention(g.black_id),
        plies = history.plies as u64
    )
}

/// Whose move it is, with the deadline when there is one; the result once the game is over.
fn to_move_line(lang: Lang, board: &Board) -> String {
    match board.to_move() {
        Some(id) if board.game.bot_plays(board.position.side_to_move()) => tr!(
            lang,
            "bot-thinking",
            bot = mention(id),
            level = board.game.bot.map_or(0, |b| b.level)
        ),
        Some(id) => {
            let color = color_key(board.position.side_to_move());
            match board.game.deadline {
                Some(t) => tr!(
                    lang,
                    "to-move-by",
                    player = mention(id),
                    color = color,
                    time = timestamp(t, 'f'),
                    relative = timestamp(t, 'R')
                ),
                None => tr!(lang, "to-move", player = mention(id), color = color),
            }
        }
        None => result_line_marked(lang, &board.game),
    }
}

/// The result of a finished game in one sentence, and for a rated game a second line with
/// both players' new ratings and changes.
pub fn result_line(lang: Lang, game: &Game) -> Text {
    Text::from_marked(&result_line_marked(lang, game))
}

pub(crate) fn result_line_marked(lang: Lang, game: &Game) -> String {
    let result = result_sentence(lang, game);
    match game.ratings {
        Some(r) => {
            let [(white, dw), (black, db)] = [r.of(Color::White), r.of(Color::Black)];
            let ratings = tr!(
                lang,
                "ratings-line",
                white = mention(game.white_id),
                white_rating = rounded(white).to_string(),
                white_change = change_shown(white, dw),
                black = mention(game.black_id),
                black_rating = rounded(black).to_string(),
                black_change = change_shown(black, db)
            );
            format!("{result}\n{ratings}")
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

/// The result of a finished game in one sentence, which names the game: a channel or thread
/// may hold several, and the result is what players look the game up by afterwards.
fn result_sentence(lang: Lang, game: &Game) -> String {
    let number = game.id.0.to_string();
    let reason = tr!(
        lang,
        "end-reason",
        reason = reason_key(game.reason, game.result)
    );
    let win = |color: Color| {
        tr!(
            lang,
            "result-win",
            game = number.as_str(),
            player = mention(game.player(color)),
            color = color_key(color),
            reason = reason.as_str()
        )
    };
    match (game.status, game.result) {
        (GameStatus::Aborted, _) => tr!(lang, "result-aborted", game = number.as_str()),
        (GameStatus::NeedsReview, _) => tr!(lang, "result-held", game = number.as_str()),
        (_, Some(GameResult::White)) => win(Color::White),
        (_, Some(GameResult::Black)) => win(Color::Black),
        (_, Some(GameResult::Draw)) => tr!(lang, "result-draw", game = number.as_str()),
        _ => tr!(lang, "result-over", game = number.as_str()),
    }
}

/// A hint, for its asker only.
pub fn hint_given(lang: Lang, hint: &crate::service::HintView) -> Text {
    Text::from_marked(&hint_given_marked(lang, hint))
}

pub(crate) fn hint_given_marked(lang: Lang, hint: &crate::service::HintView) -> String {
    tr!(
        lang,
        "hint-given",
        game = hint.game.0.to_string(),
        move = hint.mv.to_string(),
        left = hint.left
    )
}

/// The message from which a game of `player` against the bot gets its thread.
pub fn bot_game_announced(lang: Lang, player: u64) -> Text {
    Text::from_marked(&bot_game_announced_marked(lang, player))
}

pub(crate) fn bot_game_announced_marked(lang: Lang, player: u64) -> String {
    tr!(lang, "bot-game-announced", player = mention(player))
}

/// The message that starts a game.
pub fn game_started(lang: Lang, board: &Board) -> Text {
    Text::from_marked(&game_started_marked(lang, board))
}

pub(crate) fn game_started_marked(lang: Lang, board: &Board) -> String {
    let g = &board.game;
    let head = tr!(
        lang,
        "game-started",
        game = g.id.0.to_string(),
        white = mention(g.white_id),
        black = mention(g.black_id)
    );
    let terms = terms(lang, g.rules, g.time_control, g.rated);
    let terms = match g.bot {
        Some(seat) => format!("{terms}\n{}", tr!(lang, "bot-level", level = seat.level)),
        None => terms,
    };
    format!("{head}\n{terms}\n{}", to_move_line(lang, board))
}

/// What a move trimmed, e.g. ` — captured 2, 1 to reserve`.
fn effect_words(lang: Lang, effect: MoveEffect) -> String {
    let mut parts = Vec::new();
    if effect.captured > 0 {
        parts.push(tr!(lang, "move-captured", count = effect.captured));
    }
    if effect.to_reserve > 0 {
        parts.push(tr!(lang, "move-to-reserve", count = effect.to_reserve));
    }
    if parts.is_empty() {
        String::new()
    } else {
        format!(" — {}", parts.join(", "))
    }
}

/// The public message after a move.
pub fn move_played(lang: Lang, report: &MoveReport) -> Text {
    Text::from_marked(&move_played_marked(lang, report))
}

pub(crate) fn move_played_marked(lang: Lang, report: &MoveReport) -> String {
    let b = &report.board;
    let kind = match report.mv {
        Move::Drop { .. } => "drop",
        Move::Swap { .. } => "swap",
        Move::Step { .. } => "step",
    };
    let head = tr!(
        lang,
        "move-played",
        player = mention(b.game.player(report.mover)),
        kind = kind,
        move = report.mv.to_string(),
        effect = effect_words(lang, report.effect)
    );
    let lapsed = match report.draw_lapsed {
        Some(by) => format!(
            "\n{}",
            tr!(lang, "draw-lapsed", player = mention(b.game.player(by)))
        ),
        None => String::new(),
    };
    format!("{head}{lapsed}\n{}", to_move_line(lang, b))
}

/// The board command's text.
pub fn board_caption(lang: Lang, board: &Board) -> Text {
    Text::from_marked(&board_caption_marked(lang, board))
}

pub(crate) fn board_caption_marked(lang: Lang, board: &Board) -> String {
    let g = &board.game;
    let head = tr!(
        lang,
        "board-caption",
        game = g.id.0.to_string(),
        white = mention(g.white_id),
        black = mention(g.black_id),
        ply = g.ply,
        terms = terms(lang, g.rules, g.time_control, g.rated)
    );
    format!("{head}\n{}", to_move_line(lang, board))
}

/// A game ended by resignation, agreement or abort.
pub fn game_ended(lang: Lang, board: &Board) -> Text {
    Text::from_marked(&game_ended_marked(lang, board))
}

pub(crate) fn game_ended_marked(lang: Lang, board: &Board) -> String {
    result_line_marked(lang, &board.game)
}

/// A draw offer was made.
pub fn draw_offered(lang: Lang, game: &Game, by: Color) -> Text {
    Text::from_marked(&draw_offered_marked(lang, game, by))
}

pub(crate) fn draw_offered_marked(lang: Lang, game: &Game, by: Color) -> String {
    // Where the opponent may not have the app's slash commands, the button is the way.
    let id = if game.venue.components_only() {
        "draw-offered-here"
    } else {
        "draw-offered"
    };
    tr!(
        lang,
        id,
        player = mention(game.player(by)),
        opponent = mention(game.player(!by))
    )
}

/// A draw offer was declined.
pub fn draw_declined(lang: Lang, game: &Game, by: Color) -> Text {
    Text::from_marked(&draw_declined_marked(lang, game, by))
}

pub(crate) fn draw_declined_marked(lang: Lang, game: &Game, by: Color) -> String {
    tr!(lang, "draw-declined", player = mention(game.player(by)))
}

/// A takeback request.
pub fn takeback_requested(lang: Lang, board: &Board, by: Color) -> Text {
    Text::from_marked(&takeback_requested_marked(lang, board, by))
}

pub(crate) fn takeback_requested_marked(lang: Lang, board: &Board, by: Color) -> String {
    tr!(
        lang,
        "takeback-requested",
        player = mention(board.game.player(by)),
        opponent = mention(board.game.player(!by))
    )
}

/// A takeback was granted: the board is back one move.
pub fn takeback_done(lang: Lang, board: &Board) -> Text {
    Text::from_marked(&takeback_done_marked(lang, board))
}

pub(crate) fn takeback_done_marked(lang: Lang, board: &Board) -> String {
    format!(
        "{}\n{}",
        tr!(lang, "takeback-done"),
        to_move_line(lang, board)
    )
}

/// A takeback was refused.
pub fn takeback_declined(lang: Lang, game: &Game) -> Text {
    Text::from_marked(&takeback_declined_marked(lang, game))
}

pub(crate) fn takeback_declined_marked(lang: Lang, game: &Game) -> String {
    tr!(lang, "takeback-declined", game = game.id.0.to_string())
}

/// One line of `/focus games`: the game, its channel (a link), the opponent, whose move, and
/// when that move is due.
pub fn game_summary_line(lang: Lang, g: &GameSummary) -> Text {
    Text::from_marked(&game_summary_line_marked(lang, g))
}

pub(crate) fn game_summary_line_marked(lang: Lang, g: &GameSummary) -> String {
    let game = g.game.id.0.to_string();
    let channel = channel(g.game.channel_id);
    let opponent = mention(g.opponent);
    let rules = rules_name(lang, g.game.rules);
    let color = color_key(g.color);
    let turn = if g.your_turn { "yours" } else { "theirs" };
    match g.game.deadline {
        Some(t) => tr!(
            lang,
            "summary-line-due",
            game = game,
            channel = channel,
            opponent = opponent,
            rules = rules,
            color = color,
            turn = turn,
            due = timestamp(t, 'R')
        ),
        None => tr!(
            lang,
            "summary-line",
            game = game,
            channel = channel,
            opponent = opponent,
            rules = rules,
            color = color,
            turn = turn
        ),
    }
}

/// `/focus games` with no game.
pub fn no_games(lang: Lang) -> Text {
    Text::from_marked(&no_games_marked(lang))
}

pub(crate) fn no_games_marked(lang: Lang) -> String {
    tr!(lang, "no-games")
}

/// The `/focus games` dashboard: a heading and one line per game (least time left first, as
/// given), cut to fit one Discord message of 2,000 characters with a count of the rest.
///
/// `everywhere`: the games are the player's in every server and DM (asked outside a server
/// with the bot), not only this server's.
pub fn dashboard(lang: Lang, games: &[GameSummary], everywhere: bool) -> Text {
    Text::from_marked(&dashboard_marked(lang, games, everywhere))
}

pub(crate) fn dashboard_marked(lang: Lang, games: &[GameSummary], everywhere: bool) -> String {
    if games.is_empty() {
        return no_games_marked(lang);
    }
    let yours = games.iter().filter(|g| g.your_turn).count();
    let heading = if everywhere {
        "dashboard-heading-everywhere"
    } else {
        "dashboard-heading"
    };
    let mut text = tr!(lang, heading, games = games.len(), waiting = yours);
    // Discord counts a message's length in UTF-16 code units (a Cyrillic letter is one, an
    // emoji two), not in bytes.
    let chars = marked_len;
    for (i, g) in games.iter().enumerate() {
        let line = game_summary_line_marked(lang, g);
        let more = format!("\n{}", tr!(lang, "dashboard-more", count = games.len() - i));
        // The last line needs no room left for "…and N more.".
        let room = if i + 1 == games.len() {
            0
        } else {
            chars(&more)
        };
        if chars(&text) + 1 + chars(&line) + room > MESSAGE_LIMIT {
            text.push_str(&more);
            break;
        }
        text.push('\n');
        text.push_str(&line);
    }
    text
}

/// `/focus moretime`: `giver` gave their opponent more time on this move (a day, or a live
/// game's minutes per move).
pub fn more_time_given(lang: Lang, game: &Game, giver: u64) -> Text {
    Text::from_marked(&more_time_given_marked(lang, game, giver))
}

pub(crate) fn more_time_given_marked(lang: Lang, game: &Game, giver: u64) -> String {
    let receiver = if giver == game.white_id {
        game.black_id
    } else {
        game.white_id
    };
    let (giver, receiver) = (mention(giver), mention(receiver));
    let given = match game.time_control {
        TimeControl::Minutes(m) => tr!(
            lang,
            "more-time-given-live",
            giver = giver,
            receiver = receiver,
            minutes = m
        ),
        _ => tr!(lang, "more-time-given", giver = giver, receiver = receiver),
    };
    with_due(lang, given, game)
}

/// `/focus notify`: the setting in force, and whether it was just changed.
pub fn notify_setting(lang: Lang, dm: bool, changed: bool) -> Text {
    Text::from_marked(&notify_setting_marked(lang, dm, changed))
}

pub(crate) fn notify_setting_marked(lang: Lang, dm: bool, changed: bool) -> String {
    let (state, how) = if dm {
        (tr!(lang, "notify-dm-on"), tr!(lang, "notify-how-on"))
    } else {
        (tr!(lang, "notify-dm-off"), tr!(lang, "notify-how-off"))
    };
    if changed {
        format!("{} {state} {how}", tr!(lang, "notify-saved"))
    } else {
        format!("{state} {how}")
    }
}

/// The `/focus history` reply.
pub fn history(lang: Lang, h: &History, server: Option<&str>) -> Text {
    Text::from_marked(&history_marked(lang, h, server))
}

pub(crate) fn history_marked(lang: Lang, h: &History, server: Option<&str>) -> String {
    format!(
        "{}\n```\n{}\n```\n{}",
        history_title(lang, h),
        record::record_text(h, server),
        tr!(lang, "history-replay")
    )
}

/// `/focus history` for a record too long for a message: a line saying the record is in the
/// attached file.
pub fn history_attached(lang: Lang, h: &History) -> Text {
    Text::from_marked(&history_attached_marked(lang, h))
}

pub(crate) fn history_attached_marked(lang: Lang, h: &History) -> String {
    format!(
        "{}\n{}",
        history_title(lang, h),
        tr!(lang, "history-attached", plies = h.plies as u64)
    )
}

/// `Game 12 (classic rules), 40 plies:`.
fn history_title(lang: Lang, h: &History) -> String {
    tr!(
        lang,
        "history",
        game = h.game.id.0.to_string(),
        rules = rules_name(lang, h.game.rules),
        plies = h.plies as u64
    )
}

/// The `/focus rules` title and text (at most 4,096 characters: an embed's description).
pub fn rules(lang: Lang) -> (String, Text) {
    (
        tr!(lang, "rules-title"),
        Text::from_marked(&tr!(lang, "rules-text")),
    )
}

/// The name of `lang`, in itself: `English`, `Русский`.
pub fn language_name(lang: Lang) -> String {
    tr!(lang, "language-name")
}

/// `/focus settings`: the language `public` of the bot's public messages, `changed` or as it
/// is, on a server or (`conversation`) in a group DM or DM.
pub fn public_language(lang: Lang, conversation: bool, public: Lang, changed: bool) -> Text {
    Text::from_marked(&public_language_marked(lang, conversation, public, changed))
}

pub(crate) fn public_language_marked(
    lang: Lang,
    conversation: bool,
    public: Lang,
    changed: bool,
) -> String {
    let id = match (changed, conversation) {
        (true, false) => "settings-language-set",
        (false, false) => "settings-shown",
        (true, true) => "settings-language-set-here",
        (false, true) => "settings-shown-here",
    };
    tr!(lang, id, language = language_name(public))
}

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
fn ladder_line(lang: Lang, entry: &LadderEntry, now: i64) -> String {
    let p = &entry.player;
    let rank = entry
        .rank
        .map_or_else(|| "`   ?`".to_owned(), |r| format!("`{r:>3}.`"));
    tr!(
        lang,
        "leaderboard-line",
        rank = rank,
        player = mention(p.user_id),
        rating = rating_shown(&p.rating_at(now)),
        games = p.games,
        record = record(p.wins, p.losses, p.draws)
    )
}

/// The `/focus leaderboard` message as of `now`.
pub fn leaderboard(lang: Lang, page: &LadderPage, now: i64) -> Text {
    Text::from_marked(&leaderboard_marked(lang, page, now))
}

pub(crate) fn leaderboard_marked(lang: Lang, page: &LadderPage, now: i64) -> String {
    if page.entries.is_empty() {
        return tr!(lang, "leaderboard-empty");
    }
    let mut text = tr!(
        lang,
        "leaderboard-heading",
        page = page.page,
        pages = page.pages,
        ranked = page.ranked,
        provisional = page.provisional
    );
    for entry in &page.entries {
        text.push('\n');
        text.push_str(&ladder_line(lang, entry, now));
    }
    text
}

/// How an outcome is selected in messages.
fn outcome_key(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win => "win",
        Outcome::Loss => "loss",
        Outcome::Draw => "draw",
    }
}

/// `3 wins, 1 loss, 0 draws`.
fn wins_losses_draws(lang: Lang, wins: u32, losses: u32, draws: u32) -> String {
    tr!(
        lang,
        "wins-losses-draws",
        wins = wins,
        losses = losses,
        draws = draws
    )
}

/// The `/focus stats` message.
pub fn stats(lang: Lang, s: &Stats) -> Text {
    Text::from_marked(&stats_marked(lang, s))
}

pub(crate) fn stats_marked(lang: Lang, s: &Stats) -> String {
    let who = mention(s.user_id);
    let against_bot = (!s.against_bot.is_empty()).then(|| {
        let levels: Vec<String> = s
            .against_bot
            .iter()
            .map(|r| {
                tr!(
                    lang,
                    "stats-bot-level",
                    level = r.level,
                    record = wins_losses_draws(lang, r.wins, r.losses, r.draws)
                )
            })
            .collect();
        tr!(lang, "stats-against-bot", results = levels.join(" · "))
    });
    let tournaments = (!s.tournaments.is_empty()).then(|| {
        let places: Vec<String> = s
            .tournaments
            .iter()
            .map(|p| {
                tr!(
                    lang,
                    "stats-tournament",
                    name = p.tournament.name.as_str(),
                    rank = p.rank,
                    players = p.players,
                    points = words::points(p.half_points),
                    over = if p.tournament.status == crate::store::TournamentStatus::Running {
                        "no"
                    } else {
                        "yes"
                    }
                )
            })
            .collect();
        tr!(lang, "stats-tournaments", results = places.join(" · "))
    });
    let Some(standing) = &s.standing else {
        let mut lines = vec![match against_bot {
            Some(line) => format!(
                "{}\n{line}",
                tr!(lang, "stats-none-between-people", player = who)
            ),
            None => tr!(lang, "stats-none", player = who),
        }];
        lines.extend(tournaments);
        return lines.join("\n");
    };
    let p = &standing.player;
    let place = match standing.rank {
        Some(rank) => tr!(lang, "stats-rank", rank = rank, ranked = standing.ranked),
        None if p.rated_at.is_none() => tr!(lang, "stats-no-rated-game"),
        None if p.left_at.is_some() => tr!(lang, "stats-left"),
        None => tr!(
            lang,
            "stats-provisional",
            deviation = crate::ratings::PROVISIONAL_DEVIATION.round() as i64
        ),
    };
    let mut lines = vec![
        tr!(lang, "stats-heading", player = who.as_str()),
        tr!(
            lang,
            "stats-rating",
            rating = rating_shown(&s.rating),
            deviation = s.rating.deviation.round() as i64,
            place = place
        ),
        tr!(
            lang,
            "stats-games",
            games = p.games,
            record = wins_losses_draws(lang, p.wins, p.losses, p.draws),
            rated = p.rated_games
        ),
    ];
    if let Some((outcome, n)) = s.streak {
        lines.push(tr!(
            lang,
            "stats-streak",
            outcome = outcome_key(outcome),
            count = n
        ));
    }
    if !s.recent.is_empty() {
        let results: Vec<String> = s
            .recent
            .iter()
            .filter_map(|g| {
                let color = g.color_of(s.user_id)?;
                let outcome = Outcome::of(g.result?, color == Color::White);
                let change = g.ratings.map_or_else(
                    || tr!(lang, "stats-unrated"),
                    |r| {
                        let (after, change) = r.of(color);
                        change_shown(after, change)
                    },
                );
                let result = tr!(
                    lang,
                    "stats-result",
                    outcome = tr!(lang, "outcome-letter", outcome = outcome_key(outcome)),
                    opponent = mention(g.player(!color))
                );
                Some(format!("{result} ({change})"))
            })
            .collect();
        lines.push(tr!(lang, "stats-last-games", results = results.join(" · ")));
    }
    match s.head_to_head {
        Some(h) if h.wins + h.losses + h.draws == 0 => {
            lines.push(tr!(lang, "stats-head-to-head-none", player = who.as_str()));
        }
        Some(h) => lines.push(tr!(
            lang,
            "stats-head-to-head",
            player = who.as_str(),
            record = wins_losses_draws(lang, h.wins, h.losses, h.draws)
        )),
        None => {}
    }
    lines.extend(against_bot);
    lines.extend(tournaments);
    lines.join("\n")
}

pub(crate) use crate::domain::deadlines::aborts_on_time_out;
