//! The locale files (`locales/<lang>/*.ftl`) are complete and consistent: every message of one
//! language exists in every other with the same attributes and variables; every message formats
//! in every language with sample arguments to real text; Russian plurals are right.
// Longer than 400 lines: the checks of the locale files share their reading of the Fluent syntax.

use focus_bot::discord::markdown::markdown as md;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use fluent_syntax::ast::{
    Entry, Expression, InlineExpression, Pattern, PatternElement, VariantKey,
};
use focus_bot::i18n::{Arg, Lang, try_tr};
use focus_bot::strings;

/// How a message uses one of its variables.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Use {
    /// Only shown.
    Shown,
    /// Chooses a variant by number (plural categories or exact numbers).
    Number,
    /// Chooses a variant by one of these keys.
    Keys(BTreeSet<String>),
}

/// A message or attribute: `id` or `id.attribute`, with its variables and how each is used.
type Messages = BTreeMap<String, BTreeMap<String, Use>>;

const PLURAL_CATEGORIES: [&str; 6] = ["zero", "one", "two", "few", "many", "other"];

fn merge(vars: &mut BTreeMap<String, Use>, name: &str, how: Use) {
    let entry = vars.entry(name.to_owned()).or_insert(Use::Shown);
    if *entry == Use::Shown {
        *entry = how;
    }
}

fn inline(expr: &InlineExpression<&str>, vars: &mut BTreeMap<String, Use>) {
    match expr {
        InlineExpression::VariableReference { id } => merge(vars, id.name, Use::Shown),
        InlineExpression::Placeable { expression } => expression_vars(expression, vars),
        InlineExpression::FunctionReference { arguments, .. } => {
            for arg in &arguments.positional {
                inline(arg, vars);
            }
        }
        _ => {}
    }
}

fn expression_vars(expr: &Expression<&str>, vars: &mut BTreeMap<String, Use>) {
    match expr {
        Expression::Inline(e) => inline(e, vars),
        Expression::Select { selector, variants } => {
            let keys: BTreeSet<String> = variants
                .iter()
                .map(|v| match &v.key {
                    VariantKey::Identifier { name } => (*name).to_owned(),
                    VariantKey::NumberLiteral { value } => (*value).to_owned(),
                })
                .collect();
            let numeric = keys
                .iter()
                .all(|k| PLURAL_CATEGORIES.contains(&k.as_str()) || k.parse::<f64>().is_ok());
            if let InlineExpression::VariableReference { id } = selector {
                let how = if numeric {
                    Use::Number
                } else {
                    Use::Keys(keys)
                };
                merge(vars, id.name, how);
            } else {
                inline(selector, vars);
            }
            for variant in variants {
                pattern_vars(&variant.value, vars);
            }
        }
    }
}

fn pattern_vars(pattern: &Pattern<&str>, vars: &mut BTreeMap<String, Use>) {
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            expression_vars(expression, vars);
        }
    }
}

/// Every message and attribute of language `code`, from all its files.
fn messages(code: &str) -> Messages {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("locales")
        .join(code);
    let mut all = Messages::new();
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ftl"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no .ftl files in {}", dir.display());
    for path in files {
        let source = std::fs::read_to_string(&path).unwrap();
        let resource = match fluent_syntax::parser::parse(source.as_str()) {
            Ok(r) => r,
            Err((_, errors)) => panic!("{}: {errors:?}", path.display()),
        };
        for entry in &resource.body {
            match entry {
                Entry::Message(m) => {
                    let mut vars = BTreeMap::new();
                    if let Some(value) = &m.value {
                        pattern_vars(value, &mut vars);
                    }
                    let fresh = all.insert(m.id.name.to_owned(), vars).is_none();
                    assert!(fresh, "{} defined twice in {code}", m.id.name);
                    for attr in &m.attributes {
                        let mut vars = BTreeMap::new();
                        pattern_vars(&attr.value, &mut vars);
                        all.insert(format!("{}.{}", m.id.name, attr.id.name), vars);
                    }
                }
                Entry::Junk { content } => panic!("{}: unreadable: {content}", path.display()),
                _ => {}
            }
        }
    }
    all
}

#[test]
fn every_language_has_every_message_with_the_same_variables() {
    let english = messages("en");
    assert!(english.len() > 200, "{} messages", english.len());
    let others: Vec<Lang> = Lang::all().filter(|l| *l != Lang::ENGLISH).collect();
    assert!(
        others.iter().any(|l| l.code() == "ru"),
        "Russian is built in"
    );
    for lang in others {
        let theirs = messages(lang.code());
        let (ours_ids, their_ids): (BTreeSet<_>, BTreeSet<_>) =
            (english.keys().collect(), theirs.keys().collect());
        let missing: Vec<_> = ours_ids.difference(&their_ids).collect();
        let extra: Vec<_> = their_ids.difference(&ours_ids).collect();
        assert!(
            missing.is_empty(),
            "missing in {}: {missing:?}",
            lang.code()
        );
        assert!(extra.is_empty(), "only in {}: {extra:?}", lang.code());
        for (id, vars) in &english {
            let other = &theirs[id];
            let names = |v: &BTreeMap<String, Use>| v.keys().cloned().collect::<Vec<_>>();
            assert_eq!(
                names(other),
                names(vars),
                "variables of {id} in {}",
                lang.code()
            );
            for (name, how) in vars {
                // A selector by keys keeps its keys; a number selector stays a number.
                match (how, &other[name]) {
                    (Use::Keys(a), Use::Keys(b)) => {
                        assert_eq!(a, b, "keys of ${name} in {id} ({})", lang.code())
                    }
                    (Use::Number, Use::Keys(b)) => panic!(
                        "${name} in {id} ({}) selects by {b:?}, not by number",
                        lang.code()
                    ),
                    _ => {}
                }
            }
        }
    }
}

/// Sample arguments for a message's variables: each variant key of a selector, several
/// numbers for a number, a word otherwise. Returns every combination worth trying (each
/// variable varied alone, the others at their first sample).
fn samples(vars: &BTreeMap<String, Use>) -> Vec<Vec<(String, Arg<'static>)>> {
    let choices: Vec<(String, Vec<Arg<'static>>)> = vars
        .iter()
        .map(|(name, how)| {
            let values: Vec<Arg<'static>> = match how {
                Use::Shown => vec![Arg::from("Sample")],
                Use::Number => [0, 1, 2, 5, 11, 21, 22, 25]
                    .into_iter()
                    .map(Arg::from)
                    .collect(),
                Use::Keys(keys) => keys.iter().map(|k| Arg::from(k.clone())).collect(),
            };
            (name.clone(), values)
        })
        .collect();
    let base: Vec<(String, Arg<'static>)> = choices
        .iter()
        .map(|(n, v)| (n.clone(), v[0].clone()))
        .collect();
    let mut all = vec![base.clone()];
    for (i, (_, values)) in choices.iter().enumerate() {
        for value in values.iter().skip(1) {
            let mut one = base.clone();
            one[i].1 = value.clone();
            all.push(one);
        }
    }
    all
}

#[test]
fn every_message_formats_in_every_language_to_real_text() {
    let english = messages("en");
    let mut formatted = 0;
    for lang in Lang::all() {
        for (id, vars) in &english {
            for args in samples(vars) {
                let args: Vec<(&str, Arg<'_>)> =
                    args.iter().map(|(n, v)| (n.as_str(), v.clone())).collect();
                let text = try_tr(lang, id, &args)
                    .unwrap_or_else(|e| panic!("{id} in {}: {e}", lang.code()));
                assert!(!text.trim().is_empty(), "{id} in {} is empty", lang.code());
                assert!(
                    !text.contains('{') && !text.contains('}'),
                    "{id} in {} left a placeholder: {text}",
                    lang.code()
                );
                assert!(
                    !text.contains('\u{2068}') && !text.contains('\u{2069}'),
                    "{id} in {} has isolation marks",
                    lang.code()
                );
                formatted += 1;
            }
        }
    }
    assert!(formatted > 500, "{formatted}");
}

#[test]
fn russian_plurals_agree_with_their_numbers() {
    let ru = Lang::of_tag("ru");
    let table: [(&str, [&str; 7]); 6] = [
        (
            "days",
            ["день", "дня", "дней", "дней", "день", "дня", "дней"],
        ),
        (
            "hours",
            ["час", "часа", "часов", "часов", "час", "часа", "часов"],
        ),
        (
            "minutes",
            [
                "минута",
                "минуты",
                "минут",
                "минут",
                "минута",
                "минуты",
                "минут",
            ],
        ),
        (
            "moves",
            ["ход", "хода", "ходов", "ходов", "ход", "хода", "ходов"],
        ),
        (
            "games",
            [
                "партия",
                "партии",
                "партий",
                "партий",
                "партия",
                "партии",
                "партий",
            ],
        ),
        (
            "pieces",
            [
                "шашка",
                "шашки",
                "шашек",
                "шашек",
                "шашка",
                "шашки",
                "шашек",
            ],
        ),
    ];
    for (what, forms) in table {
        for (n, form) in [1u64, 2, 5, 11, 21, 22, 25].into_iter().zip(forms) {
            assert_eq!(strings::count(ru, what, n), format!("{n} {form}"), "{what}");
        }
    }
    assert_eq!(strings::count(Lang::ENGLISH, "days", 1), "1 day");
    assert_eq!(strings::count(Lang::ENGLISH, "days", 21), "21 days");
    assert_eq!(strings::count(Lang::ENGLISH, "moves", 11), "11 moves");
}

#[test]
fn the_terms_of_a_game_read_in_each_language() {
    use focus_bot::rules::Rules;
    use focus_bot::store::TimeControl;
    let ru = Lang::of_tag("ru");
    assert_eq!(
        strings::terms(
            Lang::ENGLISH,
            Rules::SWAP_MIRROR,
            TimeControl::Days(1),
            true
        ),
        "swap+mirror rules · 1 day per move · rated"
    );
    assert_eq!(
        strings::terms(Lang::ENGLISH, Rules::CLASSIC, TimeControl::Unlimited, false),
        "classic rules · no time limit · unrated"
    );
    for (days, words) in [(1, "1 день"), (2, "2 дня"), (5, "5 дней"), (21, "21 день")]
    {
        let terms = strings::terms(ru, Rules::CLASSIC, TimeControl::Days(days), true);
        assert!(terms.contains(words), "{terms}");
    }
    assert_eq!(
        strings::terms(Lang::ENGLISH, Rules::SWAP, TimeControl::Minutes(5), false),
        "swap rules · 5 minutes per move · unrated"
    );
    for (minutes, words) in [
        (1, "1 минута на ход"),
        (2, "2 минуты на ход"),
        (5, "5 минут на ход"),
        (21, "21 минута на ход"),
    ] {
        let terms = strings::terms(ru, Rules::CLASSIC, TimeControl::Minutes(minutes), true);
        assert!(terms.contains(words), "{terms}");
    }
}

#[test]
fn a_refusal_linking_many_threads_names_twenty_and_counts_the_rest() {
    use focus_bot::service::{GameLink, ServiceError};
    use focus_bot::store::GameId;
    let links = |n: i64| {
        ServiceError::InThreads(
            (1..=n)
                .map(|i| GameLink {
                    id: GameId(i),
                    channel_id: u64::MAX - i as u64,
                })
                .collect(),
        )
    };
    let two = md(&strings::refusal(Lang::ENGLISH, &links(2)));
    assert_eq!(
        two,
        format!(
            "several of your games started in this channel, each in its own thread: use the \
             command in the game's thread (game 1: <#{}>, game 2: <#{}>)",
            u64::MAX - 1,
            u64::MAX - 2
        )
    );
    for lang in Lang::all() {
        let many = md(&strings::refusal(lang, &links(500)));
        assert!(many.chars().count() < strings::MESSAGE_LIMIT, "{many}");
        assert_eq!(many.matches("<#").count(), 20, "{many}");
        assert!(many.contains("480"), "{many}");
    }
    assert!(md(&strings::refusal(Lang::of_tag("ru"), &links(25))).ends_with(", и ещё 5)"));
}

#[test]
fn a_replay_too_large_names_the_limit_in_its_unit_and_the_plies_in_plural() {
    use focus_bot::service::ServiceError;
    use focus_bot::store::GameId;
    let too_large = |plies: usize, limit: u64| ServiceError::ReplayTooLarge {
        game: GameId(12),
        plies,
        limit,
    };
    assert_eq!(
        md(&strings::refusal(Lang::ENGLISH, &too_large(1, 10 << 20))),
        "the replay of game 12 (1 ply) is larger than Discord lets me attach here (10 MiB): \
         `/focus history` gives its record"
    );
    assert_eq!(
        md(&strings::refusal(
            Lang::of_tag("ru"),
            &too_large(22, 25 << 20)
        )),
        "анимация партии 12 (22 полухода) больше, чем Discord позволяет приложить здесь (25 МиБ): \
         `/фокус история` даст её запись"
    );
    assert!(
        md(&strings::refusal(Lang::ENGLISH, &too_large(805, 512 << 10))).contains("(805 plies)")
            && md(&strings::refusal(Lang::ENGLISH, &too_large(805, 512 << 10)))
                .contains("(512 KiB)")
    );
}
