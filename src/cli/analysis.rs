//! `focus-bot analysis`: the engine's review of a game record read from stdin (as `replay`
//! reads it): each side's inaccuracies, mistakes and blunders with the better moves, and with
//! `--out` the chart of the evaluation, as `/focus analysis` posts them.

use std::io::Write;
use std::path::PathBuf;

use super::error::CliError;
use super::input::StartArgs;
use crate::engine::review::{REVIEW_NODES, review_in_pairs};
use crate::i18n::Lang;
use crate::render::chart::chart;
use crate::rules::Color;
use crate::rules::record::replay_moves;
use crate::strings::analysis::{review_chart, review_text};
use crate::strings::color_heading;
use crate::tr;

#[derive(Debug, clap::Args)]
pub(crate) struct AnalysisArgs {
    #[command(flatten)]
    start: StartArgs,
    /// The language of the text and the chart: en or ru.
    // `--lang`, its old name, still works, unlisted: one name in the help, as elsewhere.
    #[arg(long, alias = "lang", value_name = "LANG", default_value = "en", value_parser = super::input::language)]
    locale: Lang,
    /// Write the chart of the evaluation to this PNG file.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Nodes the engine searches in each position (the bot's effort by default).
    #[arg(long, value_name = "N", default_value_t = REVIEW_NODES, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: u64,
}

pub(crate) fn run(args: &AnalysisArgs) -> Result<(), CliError> {
    let (text, header, start) = super::input::stdin_record(&args.start)?;
    let (_, moves) = replay_moves(start, &text)?;
    let review = review_in_pairs(start, &moves, args.nodes)?;
    let lang = args.locale;
    // The header's names when it has them (a `/focus history` record does).
    let name = |tag: &str| {
        header
            .tag(tag)
            .map(str::trim)
            .filter(|n| !n.is_empty() && *n != "?")
            .unwrap_or_default()
            .to_owned()
    };
    let (white, black) = (name("White"), name("Black"));
    // The chart's title names the colours when the record names nobody.
    let shown = |name: &str, color: Color| match name {
        "" => color_heading(lang, color),
        name => name.to_owned(),
    };
    if let Some(path) = &args.out {
        let title = match header.tag("Game") {
            Some(game) => tr!(
                lang,
                "chart-title",
                game = game.to_owned(),
                white = shown(&white, Color::White),
                black = shown(&black, Color::Black)
            ),
            None => format!(
                "{} \u{2013} {}",
                shown(&white, Color::White),
                shown(&black, Color::Black)
            ),
        };
        let png = chart(&review_chart(lang, title, &review))?;
        std::fs::write(path, png).map_err(|source| CliError::Write {
            path: path.clone(),
            source,
        })?;
    }
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{}",
        review_text(lang, &white, &black, &review).words()
    )
    .map_err(CliError::Stdout)?;
    out.flush().map_err(CliError::Stdout)
}
