//! `focus-bot pair`: tournament pairings from a TRF-16 file, with the interface of the FIDE
//! pairing programs bbpPairings and JaVaFo (`--dutch FILE -p [OUT]`), and `--check`, which
//! re-pairs every complete round of a file and lists where it differs (a round in progress, or
//! one with no game, is listed as skipped).
//!
//! Exit status: 0 done (and with `--check`, every complete round identical); 1 no legal pairing
//! exists; 2 with `--check`, some round differs (and for a mistyped command line, as for every
//! subcommand); 3 the file is not a valid tournament (one sentence naming line and column);
//! 5 a file cannot be read or written. Nothing is written, and OUT is not created, unless the
//! whole answer is ready.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::pairing::berger::{self, Cycles};
use crate::pairing::check::{RoundCheck, RoundReport, Skip, System, check_complete};
use crate::pairing::trf::{self, TrfError, TrfErrorKind, TrfFile};
use crate::pairing::{Pairing, dutch};

#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("task").required(true).args(["pairings", "check"])))]
pub(crate) struct PairArgs {
    /// Pair by the FIDE Dutch system, C.04.3 (the default).
    #[arg(long, conflicts_with = "round_robin")]
    dutch: bool,
    /// Pair from the FIDE Berger tables (C.05 Annex 1): a single round-robin, or a double one
    /// when XXR gives twice the rounds.
    #[arg(long)]
    round_robin: bool,
    /// Write the next round's pairings: the number of pairs, then `white black` per line by
    /// starting number, a bye as `N 0`; to OUT, or to standard output without it.
    #[arg(short = 'p', long = "pairings", value_name = "OUT", num_args = 0..=1)]
    pairings: Option<Option<PathBuf>>,
    /// Re-pair every complete round of the file and list where its pairings differ from ours;
    /// rounds in progress (and rounds with no game) are listed as skipped.
    #[arg(long)]
    check: bool,
    /// The tournament: a TRF-16 file.
    #[arg(value_name = "FILE")]
    file: PathBuf,
}

/// A failure, by exit status.
enum Failure {
    /// 1: no legal pairing.
    NoPairing(String),
    /// 3: the tournament is not valid.
    Input(String),
    /// 5: a file cannot be read or written.
    File(String),
}

/// Runs `pair` and returns its exit status (see the module's documentation).
pub(crate) fn main(args: &PairArgs) -> ExitCode {
    match run(args) {
        Ok(code) => ExitCode::from(code),
        Err(failure) => {
            let (code, sentence) = match failure {
                Failure::NoPairing(sentence) => (1, sentence),
                Failure::Input(sentence) => (3, sentence),
                Failure::File(sentence) => (5, sentence),
            };
            eprintln!("error: {sentence}");
            ExitCode::from(code)
        }
    }
}

fn run(args: &PairArgs) -> Result<u8, Failure> {
    let bytes = std::fs::read(&args.file)
        .map_err(|e| Failure::File(format!("cannot read {}: {e}", args.file.display())))?;
    // Names may be Latin-1 in old files: they do not matter to pairing, so they become U+FFFD
    // rather than failing the file.
    let text = String::from_utf8_lossy(&bytes);
    let invalid = |error: TrfError| Failure::Input(format!("{}: {error}", args.file.display()));
    let file = trf::read(&text).map_err(invalid)?;
    let system = if args.round_robin {
        System::RoundRobin
    } else {
        System::Dutch
    };
    let cycles = match system {
        System::RoundRobin => Some(round_robin_cycles(&file).map_err(invalid)?),
        System::Dutch => None,
    };
    if args.check {
        return Ok(check(&file, system));
    }
    let tournament = &file.tournament;
    let round = tournament.rounds_paired() + 1;
    let planned = match cycles {
        Some(cycles) => Some(berger::rounds(tournament.players.len() as u32, cycles)),
        None => tournament.rounds,
    };
    if let Some(rounds) = planned
        && round > rounds
    {
        return Err(invalid(TrfError {
            line: file.rounds_line.unwrap_or(1),
            column: if file.rounds_line.is_some() { 5 } else { 1 },
            kind: TrfErrorKind::TournamentOver { rounds },
        }));
    }
    let pairings = match cycles {
        Some(cycles) => berger::round(tournament.players.len() as u32, round, cycles)
            .map_err(|e| Failure::NoPairing(e.to_string()))?,
        None => dutch::pair(tournament, round, &tournament.to_pair_in(round))
            .map_err(|e| Failure::NoPairing(e.to_string()))?,
    };
    let output = format_pairings(&pairings);
    match &args.pairings {
        Some(Some(out)) => write_file(out, &output)?,
        _ => print(&output)?,
    }
    Ok(0)
}

/// Single or double round-robin for the file, or where it fails to be one.
fn round_robin_cycles(file: &TrfFile) -> Result<Cycles, TrfError> {
    let tournament = &file.tournament;
    let players = tournament.players.len() as u32;
    if !(berger::MIN_PLAYERS..=berger::MAX_PLAYERS).contains(&players) {
        // Name the first player too many, or the last of too few.
        let index = (berger::MAX_PLAYERS as usize).min(file.player_lines.len() - 1);
        return Err(TrfError {
            line: file.player_lines[index],
            column: 5,
            kind: TrfErrorKind::RoundRobinPlayers {
                players,
                min: berger::MIN_PLAYERS,
                max: berger::MAX_PLAYERS,
            },
        });
    }
    berger::cycles_for(players, tournament.rounds).ok_or(TrfError {
        line: file.rounds_line.unwrap_or(1),
        column: 5,
        kind: TrfErrorKind::NotARoundRobin {
            players,
            planned: tournament.rounds.unwrap_or(0),
            single: berger::rounds(players, Cycles::Single),
            double: berger::rounds(players, Cycles::Double),
        },
    })
}

/// The JaVaFo/bbpPairings answer: the number of pairs, then `white black` per pair, a bye as
/// `N 0` (counted as a pair).
fn format_pairings(pairings: &[Pairing]) -> String {
    let mut out = format!("{}\n", pairings.len());
    for pairing in pairings {
        match pairing {
            Pairing::Game { white, black } => out.push_str(&format!("{white} {black}\n")),
            Pairing::Bye(player) => out.push_str(&format!("{player} 0\n")),
        }
    }
    out
}

/// A pairing in `--check`'s words: `3-5` (White first), `7 bye`.
fn pairing_text(pairing: &Pairing) -> String {
    match pairing {
        Pairing::Game { white, black } => format!("{white}-{black}"),
        Pairing::Bye(player) => format!("{player} bye"),
    }
}

fn list(pairings: &[Pairing]) -> String {
    if pairings.is_empty() {
        return "nothing".to_owned();
    }
    pairings
        .iter()
        .map(pairing_text)
        .collect::<Vec<_>>()
        .join(", ")
}

/// A round of `--check`, one line.
fn check_line(check: &RoundCheck) -> String {
    let round = check.round;
    match &check.ours {
        _ if check.identical() => format!("round {round}: identical"),
        Err(error) => format!(
            "round {round}: differs: the file pairs {}, we find no pairing ({error})",
            list(&check.file)
        ),
        Ok(_) => format!(
            "round {round}: differs: the file pairs {}, we pair {}",
            list(&check.only_in_file),
            list(&check.only_in_ours)
        ),
    }
}

/// Prints `--check`'s report and returns its exit status: 0 all identical, 2 some differ.
/// Only complete rounds are judged: a round in progress, or one with no game, is listed as
/// skipped, with why, and counts neither way.
fn check(file: &TrfFile, system: System) -> u8 {
    let in_progress: Vec<u32> = file.in_progress.iter().map(|r| r.round).collect();
    let reports = check_complete(&file.tournament, system, &in_progress);
    let mut out = String::new();
    let mut checks = Vec::new();
    let mut skipped = Vec::new();
    for report in &reports {
        match report {
            RoundReport::Judged(check) => {
                out.push_str(&check_line(check));
                checks.push(check);
            }
            RoundReport::Skipped { round, why } => {
                out.push_str(&format!(
                    "round {round}: skipped: {}",
                    match why {
                        Skip::InProgress => "in progress, no results yet",
                        Skip::NoGame => "no game in it, only byes",
                    }
                ));
                skipped.push(round.to_string());
            }
        }
        out.push('\n');
    }
    let identical = checks.iter().filter(|c| c.identical()).count();
    out.push_str(&format!(
        "{identical} of {} rounds identical\n",
        checks.len()
    ));
    if !skipped.is_empty() {
        out.push_str(&format!(
            "rounds skipped (not complete): {}\n",
            skipped.join(", ")
        ));
    }
    if let Err(Failure::File(sentence)) = print(&out) {
        eprintln!("error: {sentence}");
        return 5;
    }
    if identical == checks.len() { 0 } else { 2 }
}

fn print(text: &str) -> Result<(), Failure> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if !super::error::output_closed(&e) => {
            Err(Failure::File(format!("cannot write the output: {e}")))
        }
        // Written, or nobody is reading any more (`| head`): the same for the exit status.
        _ => Ok(()),
    }
}

fn write_file(path: &Path, text: &str) -> Result<(), Failure> {
    std::fs::write(path, text)
        .map_err(|e| Failure::File(format!("cannot write {}: {e}", path.display())))
}
