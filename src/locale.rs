//! [`Locale`]: a reader's language as Discord names it (`ru`, `en-US`, `pt-BR`), a plain value
//! that the store keeps and the service passes on. Which languages the bot *speaks* is decided at
//! the edge, by [`crate::i18n`]; a locale it does not speak reads English there.

use std::fmt;
use std::str::FromStr;

/// A language tag as Discord sends it: 1 to 15 ASCII letters, digits and `-`, such as `ru`,
/// `en-US` or `pt-BR`. `Copy`, so it travels in letters and rows for free.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Locale {
    len: u8,
    tag: [u8; Locale::MAX_LEN],
}

impl Locale {
    /// The longest tag kept (Discord's are at most 5 characters).
    pub const MAX_LEN: usize = 15;

    /// English, the bot's default language.
    pub const ENGLISH: Locale = match Locale::new("en") {
        Some(l) => l,
        None => unreachable!(),
    };

    /// The tag `text`, or `None` when it is empty, longer than [`Locale::MAX_LEN`] or holds
    /// anything but ASCII letters, digits and `-`.
    pub const fn new(text: &str) -> Option<Locale> {
        let bytes = text.as_bytes();
        if bytes.is_empty() || bytes.len() > Locale::MAX_LEN {
            return None;
        }
        let mut tag = [0u8; Locale::MAX_LEN];
        let mut i = 0;
        while i < bytes.len() {
            let b = bytes[i];
            if !(b.is_ascii_alphanumeric() || b == b'-') {
                return None;
            }
            tag[i] = b;
            i += 1;
        }
        Some(Locale {
            len: bytes.len() as u8,
            tag,
        })
    }

    /// The tag as given, e.g. `en-US`.
    pub fn as_str(&self) -> &str {
        // Only ASCII was accepted in `new`.
        std::str::from_utf8(&self.tag[..usize::from(self.len)]).unwrap_or("en")
    }

    /// The language alone, lower-case: `en` for `en-US`, `ru` for `ru`.
    pub fn language(&self) -> String {
        self.as_str()
            .split('-')
            .next()
            .unwrap_or("en")
            .to_ascii_lowercase()
    }
}

impl fmt::Display for Locale {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for Locale {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Locale({})", self.as_str())
    }
}

/// A text that is not a language tag.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a language tag such as en or ru")]
pub struct ParseLocaleError(pub String);

impl FromStr for Locale {
    type Err = ParseLocaleError;

    fn from_str(s: &str) -> Result<Locale, ParseLocaleError> {
        Locale::new(s.trim()).ok_or_else(|| ParseLocaleError(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_are_kept_as_given_and_checked() {
        let l: Locale = "en-US".parse().unwrap();
        assert_eq!(l.as_str(), "en-US");
        assert_eq!(l.language(), "en");
        assert_eq!(Locale::new("ru").unwrap().language(), "ru");
        assert_eq!(Locale::ENGLISH.as_str(), "en");
        assert!(Locale::new("").is_none());
        assert!(Locale::new("ru; DROP TABLE").is_none());
        assert!(Locale::new("абв").is_none());
        assert!(Locale::new("a-very-long-locale-tag").is_none());
    }
}
