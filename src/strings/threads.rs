//! The words of a thread per game (issue 12): the thread's name, where a game is played, the
//! thread setting, and `/focus watch`.

use super::words::{self, color_key, mention, permission_name, someone};
use crate::i18n::Lang;
use crate::service::{Board, Watch};
use crate::store::GameId;
use crate::text::Text;
use crate::tr;

/// Discord's limit on a channel's (and so a thread's) name, in characters.
pub const THREAD_NAME_LIMIT: usize = 100;

/// The name of a game's thread, e.g. `Focus #12 · Alice vs Bob` (at most 100 characters:
/// long names are cut).
pub fn thread_name(lang: Lang, board: &Board) -> String {
    let name = |color| {
        board
            .name(color)
            .map_or_else(|| someone(lang), str::to_owned)
    };
    let full = tr!(
        lang,
        "thread-name",
        game = board.game.id.0.to_string(),
        white = name(crate::rules::Color::White),
        black = name(crate::rules::Color::Black)
    );
    full.chars().take(THREAD_NAME_LIMIT).collect()
}

/// The line added to an accepted challenge's message: where its game is played.
pub fn game_in_thread(lang: Lang, game: GameId, thread: u64) -> Text {
    Text::from_marked(&game_in_thread_marked(lang, game, thread))
}

pub(crate) fn game_in_thread_marked(lang: Lang, game: GameId, thread: u64) -> String {
    tr!(
        lang,
        "game-in-thread",
        game = game.0.to_string(),
        thread = words::channel(thread)
    )
}

/// Why an accepted challenge's game is played in the channel itself: the bot lacks
/// `missing` (Discord's permission names, `Create Public Threads`), or (empty) its thread
/// could not be started.
pub fn no_thread(lang: Lang, missing: &[&str]) -> Text {
    Text::from_marked(&no_thread_marked(lang, missing))
}

pub(crate) fn no_thread_marked(lang: Lang, missing: &[&str]) -> String {
    if missing.is_empty() {
        return tr!(lang, "thread-failed");
    }
    let names: Vec<String> = missing
        .iter()
        .map(|name| permission_name(lang, name))
        .collect();
    tr!(
        lang,
        "thread-missing-permissions",
        permissions = names.join(", ")
    )
}

/// The private note to a command used outside a game's thread: its answer went there.
pub fn posted_in(lang: Lang, channel: u64) -> Text {
    Text::from_marked(&posted_in_marked(lang, channel))
}

pub(crate) fn posted_in_marked(lang: Lang, channel: u64) -> String {
    tr!(lang, "posted-in", channel = words::channel(channel))
}

/// `/focus settings`: whether accepted challenges get threads, `changed` or as it is.
pub fn server_threads(lang: Lang, on: bool, changed: bool) -> Text {
    Text::from_marked(&server_threads_marked(lang, on, changed))
}

pub(crate) fn server_threads_marked(lang: Lang, on: bool, changed: bool) -> String {
    let on = if on { "on" } else { "off" };
    if changed {
        tr!(lang, "settings-threads-set", threads = on)
    } else {
        tr!(lang, "settings-threads-shown", threads = on)
    }
}

/// The `/focus watch` message: a page of the server's games in play.
pub fn watch(lang: Lang, shown: &Watch) -> Text {
    Text::from_marked(&watch_marked(lang, shown))
}

pub(crate) fn watch_marked(lang: Lang, shown: &Watch) -> String {
    if shown.games.is_empty() {
        return tr!(lang, "watch-empty");
    }
    let mut text = tr!(
        lang,
        "watch-heading",
        page = shown.page,
        pages = shown.pages,
        total = shown.total
    );
    for watched in &shown.games {
        let g = &watched.game;
        text.push('\n');
        text.push_str(&tr!(
            lang,
            "watch-line",
            game = g.id.0.to_string(),
            white = mention(g.white_id),
            black = mention(g.black_id),
            number = u64::from(g.ply / 2 + 1),
            color = color_key(watched.to_move),
            channel = words::channel(g.channel_id)
        ));
    }
    text
}
