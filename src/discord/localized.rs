//! The slash commands in every language the bot speaks: names and descriptions of commands
//! and options from `locales/*/commands.ftl` ([`localize`]), and the choices of the options
//! (rules, colour, days or minutes per move, language) made from the game's own values
//! ([`Choices`]).
// Longer than 400 lines: one Choices impl per slash-command option that has choices; 135 lines are
// unit tests.
//!
//! English comes from the English file (the names are the code's, checked by a test); every
//! other language becomes Discord's `name_localizations` and `description_localizations`
//! under its folder's name, which is a Discord locale code (`ru`). A new language is a new
//! folder of `.ftl` files.

use std::borrow::Cow;

use poise::CommandParameterChoice;

use super::{Data, Error};
use crate::i18n::{Arg, Lang, tr};
use crate::rules::{Color, Rules};
use crate::store::{BoardResult, ColorChoice, DAYS_PER_MOVE, Format, MINUTES_PER_MOVE, Pace};

/// Fills in the names and descriptions of `commands` and their options, in every language,
/// recursively.
///
/// A subcommand of `/focus` is message `command-<name>`; one of a group (`/focus tournament
/// create`) is `command-<group>-<name>`, and its options are the group's, `command-<group>.<opt>`
/// (an option means the same in each of the group's subcommands, as the console reads it).
pub fn localize(commands: &mut [poise::Command<Data, Error>]) {
    localize_level(commands, 0, None);
}

/// The message ids of a command called `name` in `group` (see [`localize`]): the command's own,
/// and the one its options are attributes of.
pub fn message_ids(group: Option<&str>, name: &str) -> (String, String) {
    match group {
        Some(group) => (
            format!("command-{group}-{name}"),
            format!("command-{group}"),
        ),
        None => (format!("command-{name}"), format!("command-{name}")),
    }
}

fn localize_level(commands: &mut [poise::Command<Data, Error>], depth: usize, group: Option<&str>) {
    for command in commands {
        let (id, options) = message_ids(group, &command.name);
        let description = format!("{id}.description");
        command.description = Some(english(&description));
        command.name_localizations = translations(&id, &[]).into();
        command.description_localizations = translations(&description, &[]).into();
        for param in &mut command.parameters {
            let name = format!("{options}.{}", param.name);
            let description = format!("{name}-description");
            param.description = Some(english(&description));
            param.name_localizations = translations(&name, &[]).into();
            param.description_localizations = translations(&description, &[]).into();
        }
        // `/focus`'s subcommands stand alone; below them is a group's.
        let name = command.name.clone();
        let inner = (depth >= 1).then_some(&*name);
        localize_level(&mut command.subcommands, depth + 1, inner);
    }
}

/// Message `id` in English: the default that Discord shows every other language.
fn english(id: &str) -> Cow<'static, str> {
    tr(Lang::ENGLISH, id, &[]).into()
}

/// Message `id` with `args` in every language but English, keyed by the language's Discord
/// locale code.
fn translations(id: &str, args: &[(&str, Arg<'_>)]) -> Vec<(Cow<'static, str>, Cow<'static, str>)> {
    Lang::all()
        .filter(|l| *l != Lang::ENGLISH)
        .map(|lang| (lang.code().into(), tr(lang, id, args).into()))
        .collect()
}

/// A choice named by message `id` with `args`: English as its name, every other language as a
/// localization.
fn choice(id: &str, args: &[(&str, Arg<'_>)]) -> CommandParameterChoice {
    CommandParameterChoice {
        name: tr(Lang::ENGLISH, id, args).into(),
        localizations: translations(id, args).into(),
        __non_exhaustive: (),
    }
}

/// An option's fixed list of choices, each a value of the game: Discord sends back the
/// index of the one picked.
pub trait Choices: Sized + Copy + 'static {
    /// Every value, in the order shown.
    fn values() -> Vec<Self>;
    /// The value's choice, named in every language.
    fn choice(self) -> CommandParameterChoice;
    /// The value's name for prefix commands (which the bot does not have).
    fn code(self) -> &'static str;
}

/// Implements poise's `ChoiceParameter` for a [`Choices`] type.
macro_rules! choice_parameter {
    ($t:ty) => {
        impl poise::ChoiceParameter for $t {
            fn list() -> Cow<'static, [CommandParameterChoice]> {
                <$t as Choices>::values()
                    .into_iter()
                    .map(Choices::choice)
                    .collect::<Vec<_>>()
                    .into()
            }
            fn from_index(index: usize) -> Option<Self> {
                <$t as Choices>::values().get(index).copied()
            }
            fn from_name(name: &str) -> Option<Self> {
                <$t as Choices>::values()
                    .into_iter()
                    .find(|v| v.code().eq_ignore_ascii_case(name))
            }
            fn name(&self) -> &'static str {
                self.code()
            }
            fn localized_name(&self, _locale: &str) -> Option<&'static str> {
                None
            }
        }
    };
}

/// The rules option: classic, swap, mirror, swap+mirror.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RulesChoice(pub Rules);

impl Choices for RulesChoice {
    fn values() -> Vec<Self> {
        Rules::ALL.into_iter().map(RulesChoice).collect()
    }
    fn choice(self) -> CommandParameterChoice {
        choice(&crate::strings::rules_choice_id(self.0), &[])
    }
    fn code(self) -> &'static str {
        self.0.name()
    }
}
choice_parameter!(RulesChoice);

/// The colour option: white, black, random.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ColorOption(pub ColorChoice);

impl Choices for ColorOption {
    fn values() -> Vec<Self> {
        ColorChoice::ALL.iter().copied().map(ColorOption).collect()
    }
    fn choice(self) -> CommandParameterChoice {
        choice(&format!("choice-color-{}", self.0.as_str()), &[])
    }
    fn code(self) -> &'static str {
        self.0.as_str()
    }
}
choice_parameter!(ColorOption);

/// The days-per-move option: every value the store offers, the limits first and "unlimited"
/// (0) last.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DaysChoice(pub u32);

impl Choices for DaysChoice {
    fn values() -> Vec<Self> {
        let mut days: Vec<u32> = DAYS_PER_MOVE.to_vec();
        days.sort_by_key(|&d| (d == 0, d));
        days.into_iter().map(DaysChoice).collect()
    }
    fn choice(self) -> CommandParameterChoice {
        choice("choice-days", &[("days", self.0.into())])
    }
    fn code(self) -> &'static str {
        "days"
    }
}
choice_parameter!(DaysChoice);

/// The minutes-per-move option of a live game: every value the store offers.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MinutesChoice(pub u32);

impl Choices for MinutesChoice {
    fn values() -> Vec<Self> {
        MINUTES_PER_MOVE.into_iter().map(MinutesChoice).collect()
    }
    fn choice(self) -> CommandParameterChoice {
        choice("choice-minutes", &[("minutes", self.0.into())])
    }
    fn code(self) -> &'static str {
        "minutes"
    }
}
choice_parameter!(MinutesChoice);

/// The language option of `/focus settings`: every language the bot speaks, each named in
/// itself (`English`, `Русский`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct LanguageChoice(pub Lang);

impl Choices for LanguageChoice {
    fn values() -> Vec<Self> {
        Lang::all().map(LanguageChoice).collect()
    }
    fn choice(self) -> CommandParameterChoice {
        // Each language is shown in its own words, whatever the reader's client speaks.
        CommandParameterChoice {
            name: crate::strings::language_name(self.0).into(),
            localizations: Cow::Borrowed(&[]),
            __non_exhaustive: (),
        }
    }
    fn code(self) -> &'static str {
        self.0.code()
    }
}
choice_parameter!(LanguageChoice);

/// The threads option of `/focus settings`: on or off.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ThreadsChoice(pub bool);

impl Choices for ThreadsChoice {
    fn values() -> Vec<Self> {
        vec![ThreadsChoice(true), ThreadsChoice(false)]
    }
    fn choice(self) -> CommandParameterChoice {
        choice(&format!("choice-threads-{}", self.code()), &[])
    }
    fn code(self) -> &'static str {
        if self.0 { "on" } else { "off" }
    }
}
choice_parameter!(ThreadsChoice);

/// The side option of `/focus board`: the board seen from White's side or from Black's.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SideChoice(pub Color);

impl Choices for SideChoice {
    fn values() -> Vec<Self> {
        Color::ALL.into_iter().map(SideChoice).collect()
    }
    fn choice(self) -> CommandParameterChoice {
        choice(&format!("choice-side-{}", self.code()), &[])
    }
    fn code(self) -> &'static str {
        match self.0 {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}
choice_parameter!(SideChoice);

/// The format option of `/focus tournament create`: Swiss, round-robin, double round-robin.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct FormatChoice(pub Format);

impl Choices for FormatChoice {
    fn values() -> Vec<Self> {
        Format::ALL.iter().copied().map(FormatChoice).collect()
    }
    fn choice(self) -> CommandParameterChoice {
        choice(&format!("choice-format-{}", self.code()), &[])
    }
    fn code(self) -> &'static str {
        self.0.as_str()
    }
}
choice_parameter!(FormatChoice);

/// The pace option of `/focus tournament create`: how rounds follow each other.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PaceChoice(pub Pace);

impl Choices for PaceChoice {
    fn values() -> Vec<Self> {
        Pace::ALL.iter().copied().map(PaceChoice).collect()
    }
    fn choice(self) -> CommandParameterChoice {
        choice(&format!("choice-pace-{}", self.code()), &[])
    }
    fn code(self) -> &'static str {
        self.0.as_str()
    }
}
choice_parameter!(PaceChoice);

/// The result option of `/focus tournament result`: every result a director may set (the bye
/// is the pairing's, never set by hand).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ResultChoice(pub BoardResult);

impl Choices for ResultChoice {
    fn values() -> Vec<Self> {
        BoardResult::ALL
            .iter()
            .copied()
            .filter(|r| *r != BoardResult::Bye)
            .map(ResultChoice)
            .collect()
    }
    fn choice(self) -> CommandParameterChoice {
        choice(&format!("choice-result-{}", self.code()), &[])
    }
    fn code(self) -> &'static str {
        self.0.as_str()
    }
}
choice_parameter!(ResultChoice);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choices_come_from_the_game_values_and_read_in_every_language() {
        let days: Vec<u32> = DaysChoice::values().into_iter().map(|d| d.0).collect();
        assert_eq!(days, [1, 2, 3, 5, 7, 10, 14, 0]);
        let names: Vec<String> = DaysChoice::values()
            .into_iter()
            .map(|d| d.choice().name.into_owned())
            .collect();
        assert_eq!(names[0], "1 day");
        assert_eq!(names[1], "2 days");
        assert_eq!(names[7], "unlimited");
        let ru = |c: CommandParameterChoice| {
            c.localizations
                .iter()
                .find(|(l, _)| l == "ru")
                .map(|(_, n)| n.to_string())
        };
        assert_eq!(ru(DaysChoice(1).choice()).as_deref(), Some("1 день"));
        assert_eq!(ru(DaysChoice(2).choice()).as_deref(), Some("2 дня"));
        assert_eq!(ru(DaysChoice(5).choice()).as_deref(), Some("5 дней"));
        let minutes: Vec<String> = MinutesChoice::values()
            .into_iter()
            .map(|m| m.choice().name.into_owned())
            .collect();
        assert_eq!(minutes, ["5 minutes", "15 minutes", "60 minutes"]);
        let minutes_ru: Vec<Option<String>> = MinutesChoice::values()
            .into_iter()
            .map(|m| ru(m.choice()))
            .collect();
        assert_eq!(
            minutes_ru,
            [Some("5 минут"), Some("15 минут"), Some("60 минут")].map(|m| m.map(str::to_owned))
        );
        assert_eq!(RulesChoice::values().len(), 4);
        assert_eq!(RulesChoice(Rules::SWAP_MIRROR).choice().name, "swap+mirror");
        assert_eq!(ColorOption(ColorChoice::Black).choice().name, "black");
        let sides: Vec<(String, Option<String>)> = SideChoice::values()
            .into_iter()
            .map(|s| (s.choice().name.into_owned(), ru(s.choice())))
            .collect();
        assert_eq!(
            sides,
            [
                ("white".to_owned(), Some("белые".to_owned())),
                ("black".to_owned(), Some("чёрные".to_owned()))
            ]
        );
        let languages: Vec<String> = LanguageChoice::values()
            .into_iter()
            .map(|l| l.choice().name.into_owned())
            .collect();
        assert_eq!(languages, ["English", "Русский"]);
        // Discord sends back the index of the choice picked.
        use poise::ChoiceParameter;
        assert_eq!(DaysChoice::from_index(7), Some(DaysChoice(0)));
        assert_eq!(DaysChoice::from_index(8), None);
        assert_eq!(
            LanguageChoice::from_index(1).map(|l| l.0.code()),
            Some("ru")
        );
    }
}
