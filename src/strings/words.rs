//! The small words of sentences, shared by every part of `strings`: mentions, moments,
//! channels, colours, time controls, how a game ended. A leaf: it uses no other file of
//! `strings`, so the parts can use it and `strings` can use the parts.

use crate::i18n::Lang;
use crate::rules::Color;
use crate::store::{EndReason, Game, GameResult, TimeControl};
use crate::text::TimeStyle;
use crate::tr;

/// A user in a sentence (a placeholder that [`crate::text::Text`] reads as [`crate::text::Piece::User`]).
pub fn mention(id: u64) -> String {
    crate::text::user(id)
}

/// A moment in a sentence: `'f'` a date and time, `'R'` relative to now (each adapter shows it
/// in its reader's language and time zone).
pub(crate) fn timestamp(unix: i64, style: char) -> String {
    let style = if style == 'R' {
        TimeStyle::Relative
    } else {
        TimeStyle::DateTime
    };
    crate::text::time(unix, style)
}

/// A channel or thread in a sentence.
pub fn channel(id: u64) -> String {
    crate::text::channel(id)
}

/// A colour as messages select on it: `white`, `black` (each language puts it in the case its
/// sentence needs: `Ходит @a (белые)`, `вы играете белыми`).
pub fn color_key(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// A user whose name the bot never saw.
pub fn someone(lang: Lang) -> String {
    tr!(lang, "someone")
}

/// A permission by Discord's name (`Send Messages`), in `lang` when it is one the bot asks
/// for, else as Discord names it.
pub(crate) fn permission_name(lang: Lang, name: &str) -> String {
    let id = format!("permission-{}", name.to_lowercase().replace(' ', "-"));
    let said = crate::i18n::tr(lang, &id, &[]);
    if said == id { name.to_owned() } else { said }
}

/// A time control in words: `3 days per move`, `5 minutes per move`, `no time limit`.
pub fn time_control(lang: Lang, time: TimeControl) -> String {
    let (kind, count) = match time {
        TimeControl::Unlimited => ("none", 0),
        TimeControl::Days(d) => ("days", d),
        TimeControl::Minutes(m) => ("minutes", m),
    };
    tr!(lang, "time-control", kind = kind, count = count)
}

/// How a game ended, as the messages select on it.
pub(crate) fn reason_key(reason: Option<EndReason>, result: Option<GameResult>) -> &'static str {
    match (reason, result) {
        (Some(EndReason::NoLegalMove), _) => "no-legal-move",
        (Some(EndReason::MirrorRule), _) => "mirror-rule",
        (Some(EndReason::Resignation), _) => "resignation",
        (Some(EndReason::TimeOut), _) => "time-out",
        (Some(EndReason::Agreement), _) => "agreement",
        (Some(EndReason::Adjudication), _) => "adjudication",
        (Some(EndReason::Abort), _) | (None, None) => "aborted",
        (None, Some(_)) => "over",
    }
}

/// `sentence` followed by the game's deadline (` Time runs out <t:…:R> (<t:…:f>).`), when it
/// has one: every sentence that tells whose move it is says when it must be played.
pub(crate) fn with_due(lang: Lang, sentence: String, game: &Game) -> String {
    match game.deadline {
        Some(t) => {
            let due = tr!(
                lang,
                "time-runs-out",
                relative = timestamp(t, 'R'),
                time = timestamp(t, 'f')
            );
            format!("{sentence} {due}")
        }
        None => sentence,
    }
}

/// Points as a chess table writes them: `3`, `2½`, `½`.
pub fn points(half_points: u32) -> String {
    match (half_points / 2, half_points % 2) {
        (0, 1) => "½".to_owned(),
        (whole, 1) => format!("{whole}½"),
        (whole, _) => whole.to_string(),
    }
}
