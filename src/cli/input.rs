//! What several subcommands read alike: where a game starts (`--fpn`, `--rules`), a game record
//! on standard input, and a `--locale`.

use super::error::CliError;
use crate::rules::record::Record;
use crate::rules::{Position, Rules};

/// Where a game starts, as the `--fpn` and `--rules` options give it.
#[derive(Debug, clap::Args)]
pub(crate) struct StartArgs {
    /// Start from this position (FPN) instead of the standard setup. It counts as the start of
    /// the game: under the swap rule, White's first turn from it is the opening swap.
    #[arg(long, value_name = "FPN")]
    pub(super) fpn: Option<String>,
    /// The rules: classic (the default), swap, mirror or swap+mirror.
    #[arg(long, value_name = "RULES", value_parser = |s: &str| s.parse::<Rules>())]
    pub(super) rules: Option<Rules>,
}

impl StartArgs {
    /// The starting position under the chosen rules.
    pub(crate) fn position(&self) -> Result<Position, CliError> {
        start_position(self.fpn.as_deref(), self.rules.unwrap_or(Rules::CLASSIC))
    }

    /// The starting position of `record`: the options', else its header's (`[Rules "swap"]`,
    /// `[FPN "…"]`), else the standard start under classic rules.
    ///
    /// # Errors
    /// [`CliError::Header`] when an option and the header disagree, or the header's value is
    /// unreadable; [`CliError::Fpn`].
    pub(crate) fn position_for(&self, record: &Record) -> Result<Position, CliError> {
        let rules = match (self.rules, record.tag("Rules")) {
            (given, None) => given.unwrap_or(Rules::CLASSIC),
            (given, Some(text)) => {
                let said: Rules = text.parse().map_err(|_| CliError::Header {
                    tag: "Rules",
                    value: text.to_owned(),
                    given: None,
                })?;
                match given {
                    Some(given) if given != said => {
                        return Err(CliError::Header {
                            tag: "Rules",
                            value: text.to_owned(),
                            given: Some(given.name().to_owned()),
                        });
                    }
                    _ => said,
                }
            }
        };
        let fpn = match (&self.fpn, record.tag("FPN")) {
            (Some(given), Some(said)) if given.trim() != said.trim() => {
                return Err(CliError::Header {
                    tag: "FPN",
                    value: said.to_owned(),
                    given: Some(given.clone()),
                });
            }
            // The option's own FPN is reported as the option; the header's as the header.
            (Some(given), _) => Some(given.as_str()),
            (None, Some(said)) => {
                return Position::from_fpn(said, rules).map_err(|error| CliError::HeaderFpn {
                    value: said.to_owned(),
                    error,
                });
            }
            (None, None) => None,
        };
        start_position(fpn, rules)
    }
}

/// The position `fpn` (the standard start when `None`) under `rules`.
fn start_position(fpn: Option<&str>, rules: Rules) -> Result<Position, CliError> {
    Ok(match fpn {
        Some(text) => Position::from_fpn(text, rules)?,
        None => Position::start().with_rules(rules),
    })
}

/// A language the bot speaks, by its code or a Discord locale of it (`en`, `ru`, `en-US`): the
/// `--locale` options. Anything else is refused rather than read as English.
pub(crate) fn language(text: &str) -> Result<crate::i18n::Lang, String> {
    use crate::i18n::Lang;
    let locale = crate::locale::Locale::new(text.trim());
    let language = |l: Lang| {
        l.code()
            .split('-')
            .next()
            .unwrap_or("")
            .to_ascii_lowercase()
    };
    Lang::all()
        .find(|l| locale.is_some_and(|t| t.language() == language(*l)))
        .ok_or_else(|| {
            let codes: Vec<&str> = Lang::all().map(Lang::code).collect();
            format!(
                "`{text}` is not a language of the bot: {}",
                codes.join(", ")
            )
        })
}

/// A game record read from stdin, its header, and the position it starts from (`start`'s
/// options checked against the header): what `replay`, `analysis` and `render --gif` read.
/// Bytes that are not UTF-8 become U+FFFD: they fail as moves, by ply, rather than as the
/// whole input. A byte-order mark at the start (a file saved by Windows Notepad) is read past.
///
/// # Errors
/// [`CliError::Stdin`]; [`CliError::EmptyInput`] for nothing at all, [`CliError::NoMoves`]
/// for move numbers or results without a move; an unreadable header; options that contradict
/// it.
pub(super) fn stdin_record(
    start: &StartArgs,
) -> Result<(String, crate::rules::record::Record, crate::rules::Position), CliError> {
    use std::io::Read;
    let mut record = Vec::new();
    std::io::stdin()
        .read_to_end(&mut record)
        .map_err(CliError::Stdin)?;
    let text = String::from_utf8_lossy(&record);
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text).to_owned();
    // Nothing at all is no game (a header alone is: the game at its start).
    if text.trim().is_empty() {
        return Err(CliError::EmptyInput);
    }
    let header = crate::rules::record::read_record(&text)
        .map_err(crate::rules::record::ReplayError::from)?;
    let moves = crate::rules::record::move_texts(&header.moves)
        .map_err(crate::rules::record::ReplayError::from)?;
    if moves.is_empty() && header.tags.is_empty() {
        return Err(CliError::NoMoves);
    }
    let position = start.position_for(&header)?;
    Ok((text, header, position))
}
