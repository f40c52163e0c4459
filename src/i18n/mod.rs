//! The languages the bot speaks: Fluent bundles of `locales/<code>/*.ftl`, built into the binary
//! at compile time by `fluent-templates` (nothing is read from the working directory at run
//! time), formatted with Fluent's plural rules.
//!
//! A language is a folder: `locales/en/` (the default, and the fallback of every message) and
//! `locales/ru/`. A folder's name is a Discord locale code (`ru`, `de`, `pt-BR`), which is also
//! the key of the slash commands' localizations; adding a language means adding a folder.
//!
//! [`tr`] formats one message. It never panics: a message missing in a language, or one that
//! cannot be formatted (a missing argument), falls back to English and is logged once; a message
//! missing in English too comes out as its id.
//!
//! ```
//! use focus_bot::i18n::{Lang, tr};
//! let ru = Lang::of_tag("ru");
//! assert_eq!(tr(ru, "count-moves", &[("count", 21.into())]), "21 ход");
//! assert_eq!(tr(ru, "count-moves", &[("count", 22.into())]), "22 хода");
//! assert_eq!(tr(Lang::ENGLISH, "count-moves", &[("count", 1.into())]), "1 move");
//! ```

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::sync::{LazyLock, Mutex};

use fluent_templates::fluent_bundle::FluentValue;
use fluent_templates::{LanguageIdentifier, Loader};

use crate::locale::Locale;

fluent_templates::static_loader! {
    static LOCALES = {
        locales: "./locales",
        fallback_language: "en",
        // Fluent wraps every argument in Unicode isolation marks by default; in Discord they
        // would break mentions (`<@id>`), timestamps and code spans, and show as junk.
        customise: |bundle| bundle.set_use_isolating(false),
    };
}

/// The languages found in `locales/`, English first, then by code.
static LANGUAGES: LazyLock<Vec<LanguageIdentifier>> = LazyLock::new(|| {
    let mut all: Vec<LanguageIdentifier> = LOCALES.locales().cloned().collect();
    all.sort_by_key(|l| (*l != fluent_templates::langid!("en"), l.to_string()));
    all
});

/// Their codes, as the folders are named.
static CODES: LazyLock<Vec<String>> =
    LazyLock::new(|| LANGUAGES.iter().map(ToString::to_string).collect());

/// A language the bot speaks. `Copy`; [`Lang::ENGLISH`] is the default.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Lang(u8);

impl Lang {
    /// English: the default language, and the fallback of every message.
    pub const ENGLISH: Lang = Lang(0);

    /// Every language the bot speaks, English first.
    pub fn all() -> impl Iterator<Item = Lang> {
        (0..LANGUAGES.len()).map(|i| Lang(i as u8))
    }

    /// The language for a reader whose Discord locale is `locale`: the language of that exact
    /// code, else of the same language (`pt` for `pt-BR`, `en` for `en-GB`), else English.
    pub fn of(locale: Locale) -> Lang {
        let tag = locale.as_str();
        let exact = CODES.iter().position(|c| c.eq_ignore_ascii_case(tag));
        let language = locale.language();
        let same = || {
            CODES
                .iter()
                .position(|c| c.split('-').next().is_some_and(|l| l == language))
        };
        exact.or_else(same).map_or(Lang::ENGLISH, |i| Lang(i as u8))
    }

    /// [`Lang::of`] a tag as Discord sends it (`"ru"`, `"en-US"`); English for junk.
    pub fn of_tag(tag: &str) -> Lang {
        Locale::new(tag).map_or(Lang::ENGLISH, Lang::of)
    }

    /// The language's code, its folder's name: `en`, `ru`. For every language but English it
    /// is the Discord locale of the slash commands' localizations.
    pub fn code(self) -> &'static str {
        CODES.get(usize::from(self.0)).map_or("en", String::as_str)
    }

    /// The language as a [`Locale`] to store.
    pub fn locale(self) -> Locale {
        Locale::new(self.code()).unwrap_or(Locale::ENGLISH)
    }

    fn id(self) -> &'static LanguageIdentifier {
        &LANGUAGES[usize::from(self.0).min(LANGUAGES.len() - 1)]
    }
}

/// One argument of a message: text, or a number (which chooses plural forms).
pub type Arg<'a> = FluentValue<'a>;

/// Message `id` (or `id.attribute`) in `lang`, with `args`. Falls back to English, then to the
/// id itself, logging each failure once; never panics.
pub fn tr(lang: Lang, id: &str, args: &[(&str, Arg<'_>)]) -> String {
    match try_tr(lang, id, args) {
        Ok(text) => return text,
        Err(e) => {
            once(lang, id, &e);
        }
    }
    if lang != Lang::ENGLISH {
        match try_tr(Lang::ENGLISH, id, args) {
            Ok(text) => return text,
            Err(e) => {
                once(Lang::ENGLISH, id, &e);
            }
        }
    }
    id.to_owned()
}

/// Message `id` (or `id.attribute`) in `lang` itself, with `args`: no fallback. The error says
/// what is wrong: the message is missing, or an argument it uses was not given.
///
/// # Errors
/// A sentence for the log (or a test).
pub fn try_tr(lang: Lang, id: &str, args: &[(&str, Arg<'_>)]) -> Result<String, String> {
    let map: HashMap<&str, FluentValue<'_>> = args.iter().cloned().collect();
    let args = (!map.is_empty()).then_some(&map);
    LOCALES
        .lookup_single_language(lang.id(), id, args)
        .map_err(|e| e.to_string())
}

/// Logs a missing or broken message once per language and id, so a gap in a translation shows
/// in the log without flooding it. True the first time.
fn once(lang: Lang, id: &str, error: &str) -> bool {
    static SEEN: LazyLock<Mutex<HashSet<String>>> = LazyLock::new(Mutex::default);
    let key = format!("{}:{id}", lang.code());
    let first = SEEN.lock().map(|mut seen| seen.insert(key)).unwrap_or(true);
    if first {
        tracing::warn!(lang = lang.code(), message = id, %error, "translation missing or broken; using English");
    }
    first
}

/// A text argument.
pub fn text<'a>(value: impl Into<Cow<'a, str>>) -> Arg<'a> {
    FluentValue::String(value.into())
}

/// `tr!(lang, "id", name = value, …)`: [`tr`] with named arguments; values are anything
/// [`Arg`] converts from (`&str`, `String`, integers, floats).
#[macro_export]
macro_rules! tr {
    ($lang:expr, $id:expr $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::i18n::tr($lang, $id, &[$((stringify!($name), $crate::i18n::Arg::from($value))),*])
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discord_locales_find_their_language() {
        let ru = Lang::of_tag("ru");
        assert_eq!(ru.code(), "ru");
        assert_eq!(Lang::of_tag("en-US"), Lang::ENGLISH);
        assert_eq!(Lang::of_tag("en-GB"), Lang::ENGLISH);
        assert_eq!(Lang::of_tag("de"), Lang::ENGLISH);
        assert_eq!(Lang::of_tag("RU"), ru);
        assert_eq!(Lang::of_tag("not a locale"), Lang::ENGLISH);
        assert_eq!(Lang::all().next(), Some(Lang::ENGLISH));
        assert_eq!(ru.locale().as_str(), "ru");
    }

    #[test]
    fn gaps_fall_back_and_never_panic() {
        let ru = Lang::of_tag("ru");
        assert_eq!(tr(ru, "no-such-message", &[]), "no-such-message");
        // A missing argument: English, then the id; never a `{ $count }` placeholder.
        let missing = tr(ru, "count-moves", &[]);
        assert!(!missing.contains('{'), "{missing}");
        assert!(try_tr(ru, "count-moves", &[]).is_err());
        // Each gap is logged once.
        assert!(once(ru, "a-gap-for-this-test", "missing"));
        assert!(!once(ru, "a-gap-for-this-test", "missing"));
    }
}
