//! The optional rules a game is played with.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// Which of the two anti-mirroring rules of the commissioning description are on
/// (`focus-rules.md`, "The two anti-mirroring rules"). The default, both off, is Sackson's
/// rules as Gardner published them.
///
/// Notation: `classic`, `swap`, `mirror`, `swap+mirror`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Opening swap: White's first turn swaps two orthogonally adjacent single pieces of
    /// different colours instead of moving.
    pub opening_swap: bool,
    /// Mirror loss: Black loses at once when their move leaves the position mirror-symmetric.
    pub mirror_loss: bool,
}

impl Rules {
    /// Sackson's rules, no options.
    pub const CLASSIC: Rules = Rules {
        opening_swap: false,
        mirror_loss: false,
    };
    /// Opening swap only.
    pub const SWAP: Rules = Rules {
        opening_swap: true,
        mirror_loss: false,
    };
    /// Mirror loss only.
    pub const MIRROR: Rules = Rules {
        opening_swap: false,
        mirror_loss: true,
    };
    /// Both options.
    pub const SWAP_MIRROR: Rules = Rules {
        opening_swap: true,
        mirror_loss: true,
    };
    /// Every combination, in the order the notation lists them.
    pub const ALL: [Rules; 4] = [
        Rules::CLASSIC,
        Rules::SWAP,
        Rules::MIRROR,
        Rules::SWAP_MIRROR,
    ];

    /// The notation: `classic`, `swap`, `mirror` or `swap+mirror`.
    pub const fn name(self) -> &'static str {
        match (self.opening_swap, self.mirror_loss) {
            (false, false) => "classic",
            (true, false) => "swap",
            (false, true) => "mirror",
            (true, true) => "swap+mirror",
        }
    }
}

/// A text that names no rule set.
///
/// Its sentence in each language is made at the edge (`strings::errors`); `Display` is English.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub struct ParseRulesError(pub String);

impl FromStr for Rules {
    type Err = ParseRulesError;

    /// Reads the notation in any case; `mirror+swap` is accepted too.
    fn from_str(s: &str) -> Result<Rules, ParseRulesError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "classic" | "" => Ok(Rules::CLASSIC),
            "swap" => Ok(Rules::SWAP),
            "mirror" => Ok(Rules::MIRROR),
            "swap+mirror" | "mirror+swap" => Ok(Rules::SWAP_MIRROR),
            _ => Err(ParseRulesError(s.trim().to_owned())),
        }
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        for rules in Rules::ALL {
            assert_eq!(rules.to_string().parse::<Rules>(), Ok(rules));
        }
        assert_eq!("Mirror+Swap".parse::<Rules>(), Ok(Rules::SWAP_MIRROR));
        assert!("chess".parse::<Rules>().is_err());
    }
}
