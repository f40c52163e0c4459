//! Every slash command, subcommand and option is named and described in every language, within
//! Discord's limits, and the English names are the code's.

use focus_bot::discord::localized::message_ids;
use focus_bot::discord::{Data, Error, commands};
use focus_bot::i18n::{Lang, try_tr};

/// Every command and option has its name and description in every language, and the
/// English names are the code's (which Discord uses as the default).
/// Discord's rules: a name is 1 to 32 lower-case letters, digits, `-` or `_`; a
/// description 1 to 100 characters.
fn check(name: &str, description: &str) {
    let count = name.chars().count();
    assert!((1..=32).contains(&count), "{name}");
    assert!(
        name.chars()
            .all(|c| c == '-' || c == '_' || c.is_numeric() || c.is_lowercase()),
        "{name}"
    );
    let count = description.chars().count();
    assert!(
        (1..=100).contains(&count),
        "{count} characters: {description}"
    );
}

#[test]
fn every_command_and_option_is_named_in_every_language() {
    fn walk(
        commands: &[poise::Command<Data, Error>],
        depth: usize,
        group: Option<&str>,
        seen: &mut usize,
    ) {
        for command in commands {
            let (id, options) = message_ids(group, &command.name);
            for lang in Lang::all() {
                let name = try_tr(lang, &id, &[]).unwrap();
                let description = try_tr(lang, &format!("{id}.description"), &[]).unwrap();
                check(&name, &description);
                if lang == Lang::ENGLISH {
                    assert_eq!(name, command.name);
                }
                for param in &command.parameters {
                    let name = try_tr(lang, &format!("{options}.{}", param.name), &[]).unwrap();
                    let description =
                        try_tr(lang, &format!("{options}.{}-description", param.name), &[])
                            .unwrap();
                    check(&name, &description);
                    if lang == Lang::ENGLISH {
                        assert_eq!(name, param.name);
                    }
                    for choice in param.choices.iter() {
                        let names = std::iter::once(&choice.name)
                            .chain(choice.localizations.iter().map(|(_, n)| n));
                        for n in names {
                            assert!((1..=100).contains(&n.chars().count()), "{n}");
                        }
                    }
                    *seen += 1;
                }
            }
            assert_eq!(
                command.name_localizations.len(),
                Lang::all().count() - 1,
                "{id}"
            );
            *seen += 1;
            let inner = (depth >= 1).then_some(&*command.name);
            walk(&command.subcommands, depth + 1, inner, seen);
        }
    }
    let mut seen = 0;
    walk(&commands::all(), 0, None, &mut seen);
    assert!(seen >= 40, "{seen}");
}
