// Longer than 400 lines: one reader of typed commands, option by option for every command, and its
// unit tests (300 lines).
//! Reading a command typed as text (the console): its name and `name:value` options, in
//! English or in the reader's language, into a [`Request`], checked as Discord checks its
//! slash commands' options. Every value a reader may type is accepted in both: `color:белые`,
//! `rated:да`, `правила:обмен`.
//!
//! An unknown option is refused with the nearest known one; a value that is not one of an
//! option's choices is refused with the choices, in the reader's language.

use crate::i18n::Lang;
use crate::rules::{Color, Rules};
use crate::service::{ChallengeOptions, Opponent, User};
use crate::store::{ColorChoice, GameId};

use super::Request;

/// A command as typed: its name, its `name:value` options in order, and its other words.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Typed {
    /// The command's name as typed (`move`, `ход`).
    pub command: String,
    /// The options, names as typed.
    pub options: Vec<(String, String)>,
    /// The words that are not options.
    pub args: Vec<String>,
}

/// Why a typed command cannot be read. Its sentence, in the reader's language, is
/// [`OptionError::text`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// No such command; the nearest one, if any is near.
    UnknownCommand {
        /// As typed.
        name: String,
        /// The nearest command's name, in the reader's language.
        nearest: Option<String>,
    },
    /// The command has no such option; the nearest one, if any is near.
    UnknownOption {
        /// The command, in the reader's language.
        command: String,
        /// As typed.
        name: String,
        /// The nearest option's name, in the reader's language.
        nearest: Option<String>,
    },
    /// An option given twice.
    Repeated(String),
    /// A value that is not one of the option's: the option (its English name), the value.
    BadValue {
        /// The option's English name (`rated`, `color`, `side`, `rules`, `page`, …).
        option: &'static str,
        /// As typed.
        value: String,
    },
    /// A required option is missing (the option's English name; `subcommand` for a bare
    /// `tournament`).
    Missing(&'static str),
    /// Two options that exclude each other (`days` and `minutes`), named in the reader's
    /// language.
    Together {
        /// The first, as the reader knows it.
        first: String,
        /// The second.
        second: String,
    },
}

/// The `/focus` subcommands and their options, by their English names (as Discord registers
/// them, and the console's extras `suggest` and `move`'s `confirm`).
pub const COMMANDS: [(&str, &[&str]); 22] = [
    (
        "challenge",
        &[
            "opponent", "rules", "days", "minutes", "color", "rated", "position", "level",
        ],
    ),
    ("move", &["move", "draw", "confirm"]),
    ("suggest", &["move"]),
    ("board", &["side"]),
    ("hint", &[]),
    ("resign", &[]),
    ("draw", &[]),
    ("takeback", &[]),
    ("abort", &[]),
    ("games", &[]),
    ("moretime", &[]),
    ("notify", &["dm"]),
    ("leaderboard", &["page"]),
    ("watch", &["page"]),
    ("stats", &["user"]),
    ("history", &["game"]),
    ("replay", &["game"]),
    ("analysis", &["game"]),
    ("rules", &[]),
    ("settings", &["language", "threads"]),
    ("rematch", &["game"]),
    (
        "tournament",
        &[
            "name",
            "format",
            "rounds",
            "days",
            "minutes",
            "rules",
            "rated",
            "starts_in_hours",
            "max_players",
            "pace",
            "round_every_days",
            "tournament",
            "page",
            "user",
            "game",
            "result",
        ],
    ),
];

/// The subcommands of `tournament`, typed as its first word (`tournament join`).
pub const TOURNAMENT_COMMANDS: [&str; 15] = [
    "create",
    "join",
    "leave",
    "withdraw",
    "start",
    "cancel",
    "standings",
    "export",
    "list",
    "remove",
    "result",
    "pause",
    "resume",
    "moretime",
    "next",
];

/// The English name of the tournament subcommand typed as `typed` (in English or in `lang`:
/// `создать`).
pub fn tournament_command(lang: Lang, typed: &str) -> Option<&'static str> {
    let typed = typed.to_lowercase();
    TOURNAMENT_COMMANDS.iter().copied().find(|c| {
        typed == *c || typed == command_name(lang, &format!("tournament-{c}")).to_lowercase()
    })
}

/// A value of `/focus tournament`'s `format`, `pace` or `result` (`choice` is that option's
/// name): its English name, or its choice's name in `lang` (`круговая`).
fn tournament_choice<T: Copy>(
    lang: Lang,
    choice: &str,
    all: &[T],
    name: impl Fn(T) -> &'static str,
    text: &str,
) -> Option<T> {
    let text = text.trim().to_lowercase();
    all.iter().copied().find(|v| {
        let id = format!("choice-{choice}-{}", name(*v));
        text == name(*v) || text == crate::i18n::tr(lang, &id, &[]).to_lowercase()
    })
}

/// The option a command's bare words fill (`move c4-d4`, `history 12`), if any.
fn bare_option(command: &str) -> Option<&'static str> {
    Some(match command {
        "move" | "suggest" => "move",
        "history" | "replay" | "analysis" | "rematch" => "game",
        "leaderboard" | "watch" => "page",
        "stats" => "user",
        "notify" => "dm",
        "board" => "side",
        "challenge" => "opponent",
        _ => return None,
    })
}

/// A command's name in `lang` (`ход`), as Discord shows it to the reader.
pub fn command_name(lang: Lang, command: &str) -> String {
    let said = crate::i18n::tr(lang, &format!("command-{command}"), &[]);
    if said.starts_with("command-") {
        command.to_owned()
    } else {
        said
    }
}

/// An option's name in `lang` (`соперник`).
pub fn option_name(lang: Lang, command: &str, option: &str) -> String {
    let id = format!("command-{command}.{option}");
    let said = crate::i18n::tr(lang, &id, &[]);
    if said == id || said.starts_with("command-") {
        option.to_owned()
    } else {
        said
    }
}

/// The English name of the command typed as `typed` (in English or in `lang`).
///
/// # Errors
/// [`OptionError::UnknownCommand`], with the nearest command.
pub fn command(lang: Lang, typed: &str) -> Result<&'static str, OptionError> {
    let typed = typed.trim_start_matches('/').to_lowercase();
    for (name, _) in COMMANDS {
        if typed == name || typed == command_name(lang, name).to_lowercase() {
            return Ok(name);
        }
    }
    let names: Vec<String> = COMMANDS
        .iter()
        .flat_map(|(name, _)| [(*name).to_owned(), command_name(lang, name)])
        .collect();
    Err(OptionError::UnknownCommand {
        nearest: nearest(&typed, &names),
        name: typed,
    })
}

/// The English name of `command`'s option typed as `typed`.
fn option(lang: Lang, command: &'static str, typed: &str) -> Result<&'static str, OptionError> {
    let typed = typed.to_lowercase();
    let options = COMMANDS
        .iter()
        .find(|(name, _)| *name == command)
        .map_or(&[][..], |(_, options)| *options);
    for option in options {
        if typed == *option || typed == option_name(lang, command, option).to_lowercase() {
            return Ok(option);
        }
    }
    let names: Vec<String> = options
        .iter()
        .flat_map(|o| [(*o).to_owned(), option_name(lang, command, o)])
        .collect();
    Err(OptionError::UnknownOption {
        command: command_name(lang, command),
        nearest: nearest(&typed, &names),
        name: typed,
    })
}

/// The candidate nearest to `typed` by edit distance, if it is near (at most a third of its
/// letters differ, and at least one letter is shared).
pub fn nearest(typed: &str, candidates: &[String]) -> Option<String> {
    let best = candidates
        .iter()
        .map(|c| (distance(typed, &c.to_lowercase()), c))
        .min_by_key(|(d, _)| *d)?;
    let len = typed.chars().count().max(best.1.chars().count());
    (best.0 * 3 <= len.max(3)).then(|| best.1.clone())
}

/// The edit distance of `a` and `b` by characters, a swap of two neighbours counting as one
/// edit (the optimal string alignment distance): `moev` is one edit from `move`.
fn distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

/// Yes or no: `true`/`false`, `yes`/`no`, `да`/`нет` (and the reader's words for them).
pub fn boolean(lang: Lang, text: &str) -> Option<bool> {
    let text = text.trim().to_lowercase();
    let word = |id: &str| crate::i18n::tr(lang, id, &[]).to_lowercase();
    if ["true", "yes", "да"].contains(&text.as_str()) {
        Some(true)
    } else if ["false", "no", "нет"].contains(&text.as_str()) {
        Some(false)
    } else if text == "on" || text == word("choice-threads-on") {
        Some(true)
    } else if text == "off" || text == word("choice-threads-off") {
        Some(false)
    } else {
        None
    }
}

/// A rule set by its name in English or `lang` (`swap+mirror`, `обмен+зеркало`).
pub fn rules(lang: Lang, text: &str) -> Option<Rules> {
    let text = text.trim().to_lowercase();
    Rules::ALL
        .into_iter()
        .find(|r| text == r.name() || text == crate::strings::rules_name(lang, *r).to_lowercase())
}

/// The challenger's colour: `white`, `black`, `random` or the reader's words for them.
pub fn color_choice(lang: Lang, text: &str) -> Option<ColorChoice> {
    let text = text.trim().to_lowercase();
    ColorChoice::ALL.iter().copied().find(|c| {
        let id = format!("choice-color-{}", c.as_str());
        text == c.as_str() || text == crate::i18n::tr(lang, &id, &[]).to_lowercase()
    })
}

/// A side: `white`, `black` or the reader's words for them.
pub fn side(lang: Lang, text: &str) -> Option<Color> {
    let text = text.trim().to_lowercase();
    [Color::White, Color::Black].into_iter().find(|c| {
        let key = crate::strings::color_key(*c);
        let id = format!("choice-side-{key}");
        text == key || text == crate::i18n::tr(lang, &id, &[]).to_lowercase()
    })
}

/// A language by code or name (`ru`, `русский`, `English`).
pub fn language(text: &str) -> Option<Lang> {
    let text = text.trim().to_lowercase();
    Lang::all().find(|l| {
        text == l.code().to_lowercase() || text == crate::strings::language_name(*l).to_lowercase()
    })
}

/// Days per move, for a challenge and a tournament alike: a number, or `unlimited` (in
/// English or Russian, as Discord's choice is named) for no limit, read as 0.
fn days_per_move(text: &str) -> Option<u32> {
    match text.trim() {
        "unlimited" | "без ограничений" => Some(0),
        v => v.parse().ok(),
    }
}

/// A page number from 1.
fn page(text: &str) -> Option<u32> {
    text.trim().parse().ok().filter(|n| *n >= 1)
}

/// A game number (`12` or `#12`).
pub fn game(text: &str) -> Option<GameId> {
    text.trim()
        .trim_start_matches('#')
        .parse()
        .ok()
        .filter(|n| *n >= 1)
        .map(GameId)
}

/// The values of one command's options, checked.
struct Values<'a> {
    lang: Lang,
    given: Vec<(&'static str, &'a str)>,
}

impl<'a> Values<'a> {
    fn get(&self, option: &str) -> Option<&'a str> {
        self.given
            .iter()
            .find(|(name, _)| *name == option)
            .map(|(_, value)| *value)
    }

    /// The value of `option` read by `read`, `None` when not given.
    fn read<T>(
        &self,
        option: &'static str,
        read: impl FnOnce(&str) -> Option<T>,
    ) -> Result<Option<T>, OptionError> {
        match self.get(option) {
            None => Ok(None),
            Some(value) => read(value).map(Some).ok_or_else(|| OptionError::BadValue {
                option,
                value: value.to_owned(),
            }),
        }
    }

    fn boolean(&self, option: &'static str) -> Result<Option<bool>, OptionError> {
        let lang = self.lang;
        self.read(option, |v| boolean(lang, v))
    }
}

/// Reads `typed` into a request. `person` gives the user a typed name means (`bob`,
/// `@bob`); `bot` is the bot itself.
///
/// # Errors
/// [`OptionError`]: an unknown command or option, a repeated option, a value that is not one
/// of the option's, a missing move.
pub fn request(
    lang: Lang,
    typed: &Typed,
    person: &mut dyn FnMut(&str) -> User,
    bot: &User,
) -> Result<Request, OptionError> {
    let command = command(lang, &typed.command)?;
    let mut given: Vec<(&'static str, &str)> = Vec::new();
    for (name, value) in &typed.options {
        let option = option(lang, command, name)?;
        if given.iter().any(|(o, _)| *o == option) {
            return Err(OptionError::Repeated(option_name(lang, command, option)));
        }
        given.push((option, value.as_str()));
    }
    // `tournament join` (`турнир участвовать`): the first word is the subcommand.
    let mut args: &[String] = &typed.args;
    let mut sub = None;
    if command == "tournament" {
        let Some(word) = args.first().map(|w| w.to_lowercase()) else {
            return Err(OptionError::Missing("subcommand"));
        };
        sub = Some(
            tournament_command(lang, &word).ok_or(OptionError::BadValue {
                option: "subcommand",
                value: word,
            })?,
        );
        args = &args[1..];
    }
    let bare = args.join(" ");
    if !bare.trim().is_empty() {
        let Some(option) = bare_option(command) else {
            return Err(OptionError::UnknownOption {
                command: command_name(lang, command),
                name: bare,
                nearest: None,
            });
        };
        if given.iter().any(|(o, _)| *o == option) {
            return Err(OptionError::Repeated(option_name(lang, command, option)));
        }
        given.push((option, bare.trim()));
    }
    let values = Values { lang, given };
    let page = || Ok::<_, OptionError>(values.read("page", page)?.unwrap_or(1));
    let game = || values.read("game", game);
    let mut named = |text: &str| {
        let name = text.trim().trim_start_matches('@');
        (!name.is_empty()).then(|| person(name))
    };
    Ok(match command {
        "challenge" => Request::Challenge(challenge(&values, &mut named, bot)?),
        "move" => Request::Move {
            notation: values
                .get("move")
                .filter(|m| !m.trim().is_empty())
                .ok_or(OptionError::Missing("move"))?
                .trim()
                .to_owned(),
            draw: values.boolean("draw")?.unwrap_or(false),
            confirmed: values.boolean("confirm")?.unwrap_or(false),
        },
        "suggest" => Request::Suggest {
            typed: values.get("move").unwrap_or("").trim().to_owned(),
        },
        "board" => Request::Board {
            side: values.read("side", |v| side(lang, v))?,
        },
        "hint" => Request::Hint,
        "resign" => Request::Resign,
        "draw" => Request::Draw,
        "takeback" => Request::Takeback,
        "abort" => Request::Abort,
        "games" => Request::Games,
        "moretime" => Request::MoreTime,
        "notify" => Request::Notify {
            dm: values.boolean("dm")?,
        },
        "leaderboard" => Request::Leaderboard { page: page()? },
        "watch" => Request::Watch { page: page()? },
        "stats" => Request::Stats {
            user: values.get("user").and_then(&mut named),
        },
        "history" => Request::History { game: game()? },
        "replay" => Request::Replay { game: game()? },
        "analysis" => Request::Analysis { game: game()? },
        "rules" => Request::Rules,
        "settings" => Request::Settings {
            language: values.read("language", language)?,
            threads: values.boolean("threads")?,
            tournament_role: None,
        },
        "rematch" => Request::Click(super::Action::Rematch(
            game()?.ok_or(OptionError::Missing("game"))?,
        )),
        "tournament" => {
            Request::Tournament(tournament(&values, sub.unwrap_or("list"), &mut named)?)
        }
        _ => {
            return Err(OptionError::UnknownCommand {
                name: typed.command.clone(),
                nearest: None,
            });
        }
    })
}

/// The options of `/focus tournament <sub>`.
fn tournament(
    values: &Values<'_>,
    sub: &str,
    named: &mut dyn FnMut(&str) -> Option<User>,
) -> Result<super::TournamentRequest, OptionError> {
    use super::TournamentRequest as T;
    use crate::store::{BoardResult, Format, Pace, TournamentId};
    let lang = values.lang;
    let id = values.read("tournament", |v| {
        v.trim()
            .trim_start_matches('#')
            .parse()
            .ok()
            .filter(|n| *n >= 1)
            .map(TournamentId)
    })?;
    let number = |option: &'static str| values.read(option, |v| v.trim().parse::<u32>().ok());
    let game = || {
        values
            .read("game", game)?
            .ok_or(OptionError::Missing("game"))
    };
    Ok(match sub {
        "create" => {
            let days = values.read("days", days_per_move)?;
            let minutes = number("minutes")?;
            // The challenge's rule; each is a fine value, so the refusal names the pair.
            let time_control =
                crate::service::time_control(days, minutes).map_err(|_| OptionError::Together {
                    first: option_name(lang, "tournament", "days"),
                    second: option_name(lang, "tournament", "minutes"),
                })?;
            T::Create(
                super::TournamentChoices {
                    name: values
                        .get("name")
                        .filter(|n| !n.trim().is_empty())
                        .ok_or(OptionError::Missing("name"))?
                        .to_owned(),
                    format: values.read("format", |v| {
                        tournament_choice(lang, "format", Format::ALL, Format::as_str, v)
                    })?,
                    rounds: number("rounds")?,
                    time_control,
                    rules: values.read("rules", |v| rules(lang, v))?,
                    rated: values.boolean("rated")?,
                    starts_in_hours: number("starts_in_hours")?,
                    max_players: number("max_players")?,
                    pace: values.read("pace", |v| {
                        tournament_choice(lang, "pace", Pace::ALL, Pace::as_str, v)
                    })?,
                    round_every_days: number("round_every_days")?,
                }
                .options(),
            )
        }
        "join" => T::Join { id },
        "leave" => T::Leave { id },
        "withdraw" => T::Withdraw { id },
        "start" => T::Start { id },
        "cancel" => T::Cancel { id },
        "standings" => T::Standings {
            id,
            page: values.read("page", page)?.unwrap_or(1),
        },
        "export" => T::Export { id },
        "remove" => T::Remove {
            id,
            user: values
                .get("user")
                .and_then(&mut *named)
                .ok_or(OptionError::Missing("user"))?,
        },
        "result" => T::Result {
            id,
            game: game()?,
            result: values
                .read("result", |v| {
                    tournament_choice(lang, "result", BoardResult::ALL, BoardResult::as_str, v)
                        .filter(|r| *r != BoardResult::Bye)
                })?
                .ok_or(OptionError::Missing("result"))?,
        },
        "pause" => T::Pause { id, paused: true },
        "resume" => T::Pause { id, paused: false },
        "moretime" => T::ExtraTime { id, game: game()? },
        "next" => T::NextRound { id },
        _ => T::List,
    })
}

/// The options of `/focus challenge`: `named` gives the user a typed name means.
fn challenge(
    values: &Values<'_>,
    named: &mut dyn FnMut(&str) -> Option<User>,
    bot: &User,
) -> Result<ChallengeOptions, OptionError> {
    let lang = values.lang;
    let opponent = match values.get("opponent") {
        None => None,
        Some(text) => {
            let user = named(text).ok_or(OptionError::BadValue {
                option: "opponent",
                value: text.to_owned(),
            })?;
            let user = if user.id == bot.id { bot.clone() } else { user };
            Some(Opponent { user, member: true })
        }
    };
    let days = values.read("days", days_per_move)?;
    Ok(ChallengeOptions {
        opponent,
        rules: values.read("rules", |v| rules(lang, v))?,
        days,
        minutes: values.read("minutes", |v| v.trim().parse().ok())?,
        color: values.read("color", |v| color_choice(lang, v))?,
        rated: values.boolean("rated")?,
        position: values.get("position").map(str::to_owned),
        level: values.read("level", |v| v.trim().parse().ok())?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typed(command: &str, options: &[(&str, &str)], args: &[&str]) -> Typed {
        Typed {
            command: command.to_owned(),
            options: options
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect(),
            args: args.iter().map(|a| (*a).to_owned()).collect(),
        }
    }

    fn read(lang: Lang, t: &Typed) -> Result<Request, OptionError> {
        let bot = User {
            is_bot: true,
            ..User::new(1, "bot")
        };
        request(
            lang,
            t,
            &mut |name| User::new(name.len() as u64 + 100, name),
            &bot,
        )
    }

    #[test]
    fn an_unknown_option_is_refused_with_the_nearest() {
        let en = Lang::ENGLISH;
        let t = typed("challenge", &[("opponent", "erin"), ("levl", "3")], &[]);
        assert_eq!(
            read(en, &t),
            Err(OptionError::UnknownOption {
                command: "challenge".into(),
                name: "levl".into(),
                nearest: Some("level".into()),
            })
        );
        let t = typed("challenge", &[("zzzzzz", "3")], &[]);
        assert!(matches!(
            read(en, &t),
            Err(OptionError::UnknownOption { nearest: None, .. })
        ));
        assert_eq!(
            read(en, &typed("moev", &[], &[])),
            Err(OptionError::UnknownCommand {
                name: "moev".into(),
                nearest: Some("move".into())
            })
        );
    }

    #[test]
    fn booleans_take_three_languages_and_nothing_else() {
        let en = Lang::ENGLISH;
        for (text, value) in [("true", true), ("Yes", true), ("да", true), ("нет", false)] {
            let t = typed("move", &[("draw", text)], &["c4-d4"]);
            assert!(
                matches!(read(en, &t), Ok(Request::Move { draw, .. }) if draw == value),
                "{text}"
            );
        }
        let t = typed("move", &[("draw", "maybe")], &["c4-d4"]);
        assert_eq!(
            read(en, &t),
            Err(OptionError::BadValue {
                option: "draw",
                value: "maybe".into()
            })
        );
        let t = typed("challenge", &[("rated", "perhaps")], &[]);
        assert!(matches!(
            read(en, &t),
            Err(OptionError::BadValue {
                option: "rated",
                ..
            })
        ));
    }

    #[test]
    fn russian_names_and_values_are_read() {
        let ru = Lang::of_tag("ru");
        let t = typed(
            "вызов",
            &[("соперник", "bob"), ("цвет", "белые"), ("правила", "обмен")],
            &[],
        );
        let Ok(Request::Challenge(options)) = read(ru, &t) else {
            panic!("{:?}", read(ru, &t));
        };
        assert_eq!(options.color, Some(ColorChoice::White));
        assert_eq!(options.rules, Some(Rules::ALL[1]));
        assert_eq!(options.opponent.map(|o| o.user.name), Some("bob".into()));
        let t = typed("доска", &[("сторона", "чёрные")], &[]);
        assert_eq!(
            read(ru, &t),
            Ok(Request::Board {
                side: Some(Color::Black)
            })
        );
    }

    #[test]
    fn bare_words_fill_the_main_option() {
        let en = Lang::ENGLISH;
        assert_eq!(
            read(en, &typed("history", &[], &["#12"])),
            Ok(Request::History {
                game: Some(GameId(12))
            })
        );
        assert_eq!(
            read(en, &typed("move", &[], &[])),
            Err(OptionError::Missing("move"))
        );
        assert_eq!(
            read(en, &typed("watch", &[], &["0"])),
            Err(OptionError::BadValue {
                option: "page",
                value: "0".into()
            })
        );
    }

    /// The sentence of `error` in `lang`, as plain words.
    fn said(lang: Lang, error: &OptionError) -> String {
        error.text(lang).words()
    }

    /// Issue 32's class: every option given a value it cannot take is refused with that
    /// option and that value (never another option's, as `minutes` was blamed for `days`
    /// with `minutes`, or the subcommand for `tournament:abc`), in a sentence of its own (not
    /// the catch-all), in every language.
    #[test]
    fn every_bad_value_is_blamed_on_its_own_option() {
        // Options that take any text: a name, a position, a person, a move.
        let free = ["name", "position", "user", "opponent", "move"];
        for lang in Lang::all() {
            let subcommand = said(
                lang,
                &OptionError::BadValue {
                    option: "subcommand",
                    value: "zz".into(),
                },
            );
            for (command, options) in COMMANDS {
                for option in options.iter().filter(|o| !free.contains(o)) {
                    let (args, mut extra): (Vec<&str>, Vec<(&str, &str)>) = match command {
                        "move" => (vec!["c4-d4"], vec![]),
                        "tournament" => match *option {
                            "page" => (vec!["standings"], vec![]),
                            "game" => (vec!["moretime"], vec![]),
                            "result" => (vec!["result"], vec![("game", "1")]),
                            "tournament" => (vec!["start"], vec![]),
                            _ => (vec!["create"], vec![("name", "Spring")]),
                        },
                        _ => (vec![], vec![]),
                    };
                    extra.push((option, "zz"));
                    let t = typed(command, &extra, &args);
                    let error = read(lang, &t).expect_err(&format!("{command} {option}:zz"));
                    assert_eq!(
                        error,
                        OptionError::BadValue {
                            option,
                            value: "zz".into()
                        },
                        "{command} {option}"
                    );
                    let sentence = said(lang, &error);
                    assert!(sentence.contains("`zz`"), "{sentence}");
                    let fallback = said(
                        lang,
                        &OptionError::BadValue {
                            option: "no-such-option",
                            value: "zz".into(),
                        },
                    );
                    assert_ne!(sentence, fallback.replace("no-such-option", option));
                    assert_ne!(sentence, subcommand, "{command} {option}");
                }
            }
        }
    }

    /// Issue 32: `tournament create … minutes:15 days:1` said "`15` is not a number of
    /// minutes"; `tournament start tournament:abc` said "`abc` is not a tournament command";
    /// a bare `tournament` named an empty command.
    #[test]
    fn tournament_refusals_name_the_real_cause() {
        for lang in Lang::all() {
            let both = typed(
                "tournament",
                &[("name", "Spring"), ("minutes", "15"), ("days", "1")],
                &["create"],
            );
            let error = read(lang, &both).unwrap_err();
            let (days, minutes) = (
                option_name(lang, "tournament", "days"),
                option_name(lang, "tournament", "minutes"),
            );
            assert_eq!(
                error,
                OptionError::Together {
                    first: days.clone(),
                    second: minutes.clone()
                }
            );
            let sentence = said(lang, &error);
            assert!(
                sentence.contains(&format!("`{days}`"))
                    && sentence.contains(&format!("`{minutes}`"))
                    && !sentence.contains("15"),
                "{sentence}"
            );
            let abc = typed("tournament", &[("tournament", "abc")], &["start"]);
            let sentence = said(lang, &read(lang, &abc).unwrap_err());
            assert!(sentence.starts_with("`abc`"), "{sentence}");
            let expected = if lang == Lang::ENGLISH {
                "not a tournament's number"
            } else {
                "не номер турнира"
            };
            assert!(sentence.contains(expected), "{sentence}");
            let bare = read(lang, &typed("tournament", &[], &[])).unwrap_err();
            assert_eq!(bare, OptionError::Missing("subcommand"));
            let sentence = said(lang, &bare);
            assert!(!sentence.contains("``"), "{sentence}");
            for sub in TOURNAMENT_COMMANDS {
                let name = command_name(lang, &format!("tournament-{sub}"));
                assert!(sentence.contains(&name), "{name} in {sentence}");
            }
        }
    }

    /// Issue 32: the console refused `турнир создать` (README.ru shows `/фокус турнир
    /// создать`). Every subcommand and every choice of `format`, `pace` and `result` is read
    /// in the reader's language as in English.
    #[test]
    fn tournament_subcommands_and_choices_are_read_in_russian() {
        use crate::store::{BoardResult, Format, Pace};
        let ru = Lang::of_tag("ru");
        let create = typed(
            "турнир",
            &[
                ("название", "Весна"),
                ("система", "круговая"),
                ("минуты", "15"),
                ("темп", "all-at-once"),
            ],
            &["создать"],
        );
        let Ok(Request::Tournament(super::super::TournamentRequest::Create(options))) =
            read(ru, &create)
        else {
            panic!("{:?}", read(ru, &create));
        };
        assert_eq!(options.name, "Весна");
        assert_eq!(options.format, Format::RoundRobin);
        assert_eq!(options.pace, Pace::AllAtOnce);
        for sub in TOURNAMENT_COMMANDS {
            let name = command_name(ru, &format!("tournament-{sub}"));
            assert_ne!(name, sub, "{sub} has a Russian name");
            assert_eq!(tournament_command(ru, &name), Some(sub));
            assert_eq!(tournament_command(ru, sub), Some(sub));
        }
        for format in Format::ALL {
            let said = crate::i18n::tr(ru, &format!("choice-format-{}", format.as_str()), &[]);
            let t = typed(
                "турнир",
                &[("название", "x"), ("система", &said)],
                &["создать"],
            );
            assert!(
                matches!(read(ru, &t), Ok(Request::Tournament(super::super::TournamentRequest::Create(o))) if o.format == *format),
                "{said}"
            );
        }
        for result in BoardResult::ALL.iter().filter(|r| **r != BoardResult::Bye) {
            let said = crate::i18n::tr(ru, &format!("choice-result-{}", result.as_str()), &[]);
            let t = typed(
                "турнир",
                &[("партия", "3"), ("результат", &said)],
                &["результат"],
            );
            assert!(
                matches!(read(ru, &t), Ok(Request::Tournament(super::super::TournamentRequest::Result { result: r, .. })) if r == *result),
                "{said}"
            );
        }
    }
}
