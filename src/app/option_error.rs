//! The sentence of a typed command that cannot be read ([`OptionError`]), naming the option's
//! choices in the reader's language (`белые, чёрные или случайно`). It is made beside the
//! reading of typed commands, which is this layer's: [`crate::strings`], below it, does not
//! know the commands' table.

use super::options::{OptionError, TOURNAMENT_COMMANDS, command_name};
use crate::i18n::Lang;
use crate::rules::Rules;
use crate::store::ColorChoice;
use crate::strings::{self, language_name, rules_name};
use crate::text::Text;
use crate::tr;

impl OptionError {
    /// Why the command could not be read, in `lang`.
    pub fn text(&self, lang: Lang) -> Text {
        use OptionError as E;
        let said = match self {
            E::UnknownCommand {
                name,
                nearest: None,
            } => {
                tr!(lang, "option-unknown-command", name = name.as_str())
            }
            E::UnknownCommand {
                name,
                nearest: Some(nearest),
            } => tr!(
                lang,
                "option-unknown-command-near",
                name = name.as_str(),
                nearest = nearest.as_str()
            ),
            E::UnknownOption {
                command,
                name,
                nearest: None,
            } => tr!(
                lang,
                "option-unknown",
                command = command.as_str(),
                name = name.as_str()
            ),
            E::UnknownOption {
                command,
                name,
                nearest: Some(nearest),
            } => tr!(
                lang,
                "option-unknown-near",
                command = command.as_str(),
                name = name.as_str(),
                nearest = nearest.as_str()
            ),
            E::Repeated(name) => tr!(lang, "option-repeated", name = name.as_str()),
            E::Missing(option) => tr!(
                lang,
                "option-missing",
                option = *option,
                choices = option_choices(lang, option)
            ),
            E::Together { first, second } => tr!(
                lang,
                "option-together",
                first = first.as_str(),
                second = second.as_str()
            ),
            E::BadValue { option, value } => tr!(
                lang,
                "option-bad-value",
                option = *option,
                value = value.as_str(),
                choices = option_choices(lang, option)
            ),
        };
        Text::from_marked(&said)
    }
}

/// The choices of `option` in `lang`, as a list: `white, black or random`.
fn option_choices(lang: Lang, option: &str) -> String {
    let said = |id: String| crate::i18n::tr(lang, &id, &[]);
    let choices: Vec<String> = match option {
        "color" => ColorChoice::ALL
            .iter()
            .map(|c| said(format!("choice-color-{}", c.as_str())))
            .collect(),
        "side" => ["white", "black"]
            .iter()
            .map(|s| said(format!("choice-side-{s}")))
            .collect(),
        "rules" => Rules::ALL.iter().map(|r| rules_name(lang, *r)).collect(),
        "language" => Lang::all().map(language_name).collect(),
        "subcommand" => TOURNAMENT_COMMANDS
            .iter()
            .map(|c| command_name(lang, &format!("tournament-{c}")))
            .collect(),
        _ => Vec::new(),
    };
    strings::errors::or_list(lang, &choices)
}
