//! `focus-bot engine`: the engine's line protocol on stdin and stdout.
//!
//! ```text
//! position start [moves M1 M2 ...]
//! position fpn <FPN> [moves M1 M2 ...]
//! go [level N] [movetime MS] [depth D] [nodes N] [seed S]
//!     -> "info depth D score cp N|win N|loss N nodes N nps N time MS pv M1 M2 ..." lines,
//!        then exactly one "bestmove M" or "bestmove none"
//! new      forget the transposition table; back to the start
//! quit
//! ```
//! A bad line gets one line `error: ...` on stderr and the engine reads on.

use std::io::{BufRead, Write};
use std::time::Duration;

use super::CliError;
use crate::engine::{Engine, Info, Level, Limits};
use crate::rules::{Move, Position, Rules};

#[derive(Debug, clap::Args)]
pub(crate) struct EngineArgs {
    /// The rules: classic, swap, mirror or swap+mirror.
    #[arg(long, value_name = "RULES", default_value = "classic", value_parser = |s: &str| s.parse::<Rules>())]
    rules: Rules,
}

pub(crate) fn run(args: &EngineArgs) -> Result<(), CliError> {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    serve(
        args.rules,
        stdin.lock(),
        &mut stdout.lock(),
        &mut stderr.lock(),
    )
    .map_err(CliError::Stdout)
}

/// The protocol's state: the rules, the current position, the engine.
struct Session {
    rules: Rules,
    pos: Position,
    engine: Engine,
}

/// Reads commands from `input` until `quit` or the end; answers on `out`, errors on `err`.
fn serve(
    rules: Rules,
    input: impl BufRead,
    out: &mut impl Write,
    err: &mut impl Write,
) -> std::io::Result<()> {
    let mut session = Session {
        rules,
        pos: Position::start().with_rules(rules),
        engine: Engine::new(),
    };
    for line in input.lines() {
        let line = match line {
            Ok(line) => line,
            Err(e) => {
                writeln!(err, "error: unreadable input: {e}")?;
                continue;
            }
        };
        let words: Vec<&str> = line.split_whitespace().collect();
        let result = match words.first().copied() {
            None => Ok(()),
            Some("quit") => break,
            Some("new") => {
                session.engine.clear();
                session.pos = Position::start().with_rules(session.rules);
                Ok(())
            }
            Some("position") => session.position(&words[1..]),
            Some("go") => session.go(&words[1..], out),
            Some(other) => Err(format!(
                "unknown command `{other}`: use position, go, new or quit"
            )),
        };
        match result {
            Ok(()) => out.flush()?,
            Err(message) => writeln!(err, "error: {message}")?,
        }
    }
    out.flush()
}

impl Session {
    /// `position start|fpn <FPN> [moves ...]`: the position is replaced only if all is valid.
    fn position(&mut self, words: &[&str]) -> Result<(), String> {
        let moves_at = words
            .iter()
            .position(|w| *w == "moves")
            .unwrap_or(words.len());
        let (setup, moves) = (&words[..moves_at], words.get(moves_at + 1..).unwrap_or(&[]));
        let mut pos = match setup.first().copied() {
            Some("start") if setup.len() == 1 => Position::start().with_rules(self.rules),
            Some("fpn") if setup.len() > 1 => Position::from_fpn(&setup[1..].join(" "), self.rules)
                .map_err(|e| format!("bad FPN: {e}"))?,
            _ => {
                return Err(
                    "use `position start [moves ...]` or `position fpn <FPN> [moves ...]`".into(),
                );
            }
        };
        for text in moves {
            let mv: Move = text
                .parse()
                .map_err(|e| format!("bad move `{text}`: {e}"))?;
            pos.play(mv)
                .map_err(|e| format!("illegal move `{text}`: {e}"))?;
        }
        self.pos = pos;
        Ok(())
    }

    /// `go [level N] [movetime MS] [depth D] [nodes N] [seed S]`.
    fn go(&mut self, words: &[&str], out: &mut impl Write) -> Result<(), String> {
        let mut limits: Option<Limits> = None;
        let (mut level, mut movetime, mut depth, mut nodes, mut seed) = (None, None, None, None, 0);
        let mut it = words.iter();
        while let Some(&key) = it.next() {
            let value = it.next().ok_or_else(|| format!("`{key}` needs a number"))?;
            let n: u64 = value
                .parse()
                .map_err(|_| format!("`{key} {value}`: not a number"))?;
            match key {
                "level" => {
                    level = Some(
                        u8::try_from(n)
                            .ok()
                            .and_then(Level::new)
                            .ok_or("level is 1 to 8")?,
                    );
                }
                "movetime" if n > 0 => movetime = Some(Duration::from_millis(n)),
                "depth" if n > 0 => depth = Some(n.min(127) as u32),
                "nodes" if n > 0 => nodes = Some(n),
                "seed" => seed = n,
                "movetime" | "depth" | "nodes" => {
                    return Err(format!("`{key}` must be at least 1"));
                }
                _ => {
                    return Err(format!(
                        "unknown go option `{key}`: use level, movetime, depth, nodes or seed"
                    ));
                }
            }
        }
        if let Some(level) = level {
            limits = Some(level.limits(seed, movetime));
        }
        let mut limits = limits.unwrap_or(Limits {
            seed,
            ..Limits::default()
        });
        if level.is_none() || level == Some(Level::MAX) {
            limits.movetime = movetime.or(limits.movetime);
        }
        limits.depth = depth.or(limits.depth);
        limits.nodes = nodes.or(limits.nodes);
        if limits.depth.is_none() && limits.nodes.is_none() && limits.movetime.is_none() {
            limits.movetime = Some(Level::DEFAULT_MOVETIME);
        }
        let mut write_error = None;
        let report = self.engine.search(&self.pos, &limits, |info| {
            if let Err(e) = writeln!(out, "{}", info_line(info)).and_then(|()| out.flush()) {
                write_error = Some(e);
            }
        });
        if let Some(e) = write_error {
            return Err(format!("cannot write: {e}"));
        }
        let answer = match report.best {
            Some(mv) => format!("bestmove {mv}"),
            None => "bestmove none".to_owned(),
        };
        writeln!(out, "{answer}").map_err(|e| format!("cannot write: {e}"))
    }
}

/// The protocol's `info` line for one iteration.
fn info_line(info: &Info) -> String {
    let pv: Vec<String> = info.pv.iter().map(Move::to_string).collect();
    format!(
        "info depth {} score {} nodes {} nps {} time {} pv {}",
        info.depth,
        info.score,
        info.nodes,
        info.nps(),
        info.time.as_millis(),
        pv.join(" ")
    )
}
