//! `focus-bot engine`: the engine's line protocol on stdin and stdout.
//!
//! ```text
//! position start [moves M1 M2 ...]
//! position fpn <FPN> [moves M1 M2 ...]
//! go [level N] [movetime MS] [depth D] [nodes N] [seed S]
//!     -> "info depth D score cp N|win N|loss N nodes N nps N time MS pv M1 M2 ..." lines,
//!        then exactly one "bestmove M" or "bestmove none"
//! stop     end the search now: its "bestmove" comes at once, the best move so far
//! new      forget the transposition table; back to the start
//! quit     end the search, if one runs, and the engine
//! ```
//! A bad line (a limit out of its range among them) gets one line `error: ...` on stderr and
//! the engine reads on. While a search runs, the engine reads the next line: `stop` and `quit`
//! end the search at once; any other line is obeyed once the search has answered.

use std::io::{BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use super::error::CliError;
use crate::engine::{Engine, Info, Level, Limits};
use crate::rules::{Move, Position, Rules};

/// The deepest `go depth`: the search's own limit of plies.
const MAX_DEPTH: u64 = crate::engine::score::MAX_PLY as u64 - 1;

/// The largest `go nodes`: about forty minutes at four million nodes a second (`stop` ends it
/// sooner).
const MAX_NODES: u64 = 10_000_000_000;

/// The longest `go movetime`, in milliseconds: a day.
const MAX_MOVETIME: u64 = 24 * 60 * 60 * 1000;

#[derive(Debug, clap::Args)]
pub(crate) struct EngineArgs {
    /// The rules: classic, swap, mirror or swap+mirror.
    #[arg(long, value_name = "RULES", default_value = "classic", value_parser = |s: &str| s.parse::<Rules>())]
    rules: Rules,
}

pub(crate) fn run(args: &EngineArgs) -> Result<(), CliError> {
    let stdin = std::io::stdin();
    let stderr = std::io::stderr();
    // Not locked: the search answers from its own thread.
    serve(
        args.rules,
        stdin.lock(),
        &mut std::io::stdout(),
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

/// A line of input, as [`BufRead::lines`] gives it.
type Line = std::io::Result<String>;

/// Reads commands from `input` until `quit` or the end; answers on `out`, errors on `err`.
/// At the end of the input a running search is answered first.
///
/// # Errors
/// Writing `out` or `err` (a closed pipe ends the engine).
fn serve(
    rules: Rules,
    input: impl BufRead,
    out: &mut (impl Write + Send),
    err: &mut impl Write,
) -> std::io::Result<()> {
    let mut session = Session {
        rules,
        pos: Position::start().with_rules(rules),
        engine: Engine::new(),
    };
    let mut lines = input.lines();
    // The line read while a search ran, obeyed after it.
    let mut pending: Option<Line> = None;
    while let Some(line) = pending.take().or_else(|| lines.next()) {
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
            // No search runs (a search reads its own `stop`): nothing to stop.
            Some("stop") => Ok(()),
            Some("new") => {
                session.engine.clear();
                session.pos = Position::start().with_rules(session.rules);
                Ok(())
            }
            Some("position") => session.position(&words[1..]),
            Some("go") => match limits(&words[1..]) {
                Ok(limits) => {
                    pending = session.go(&limits, &mut lines, out)?;
                    Ok(())
                }
                Err(message) => Err(message),
            },
            Some(other) => Err(format!(
                "unknown command `{other}`: use position, go, stop, new or quit"
            )),
        };
        match result {
            Ok(()) => out.flush()?,
            Err(message) => writeln!(err, "error: {message}")?,
        }
    }
    out.flush()
}

/// True when `line` ends a running search: `stop` or `quit`.
fn ends_search(line: &Line) -> bool {
    matches!(
        line.as_ref().map(|l| l.split_whitespace().next()),
        Ok(Some("stop" | "quit"))
    )
}

/// The limits of `go [level N] [movetime MS] [depth D] [nodes N] [seed S]`; a value out of
/// its range is refused, never cut silently.
fn limits(words: &[&str]) -> Result<Limits, String> {
    let (mut level, mut movetime, mut depth, mut nodes, mut seed) = (None, None, None, None, 0);
    let mut it = words.iter();
    while let Some(&key) = it.next() {
        let value = it.next().ok_or_else(|| format!("`{key}` needs a number"))?;
        let n: u64 = value
            .parse()
            .map_err(|_| format!("`{key} {value}`: not a number"))?;
        let at_most = |max: u64| {
            if (1..=max).contains(&n) {
                Ok(n)
            } else {
                Err(format!("`{key} {value}`: {key} is 1 to {max}"))
            }
        };
        match key {
            "level" => {
                let max = u64::from(Level::MAX.number());
                level = u8::try_from(at_most(max)?).ok().and_then(Level::new);
            }
            "movetime" => movetime = Some(Duration::from_millis(at_most(MAX_MOVETIME)?)),
            "depth" => depth = Some(at_most(MAX_DEPTH)? as u32),
            "nodes" => nodes = Some(at_most(MAX_NODES)?),
            "seed" => seed = n,
            _ => {
                return Err(format!(
                    "unknown go option `{key}`: use level, movetime, depth, nodes or seed"
                ));
            }
        }
    }
    let mut limits = match level {
        Some(level) => level.limits(seed, movetime),
        None => Limits {
            seed,
            ..Limits::default()
        },
    };
    if level.is_none() || level == Some(Level::MAX) {
        limits.movetime = movetime.or(limits.movetime);
    }
    limits.depth = depth.or(limits.depth);
    limits.nodes = nodes.or(limits.nodes);
    if limits.depth.is_none() && limits.nodes.is_none() && limits.movetime.is_none() {
        limits.movetime = Some(Level::DEFAULT_MOVETIME);
    }
    Ok(limits)
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

    /// Searches within `limits`, answering on `out` from another thread while this one reads
    /// the next line of `lines`: `stop` or `quit` ends the search at once, and its best move so
    /// far is the answer. Returns that line, to be obeyed next (`None` at the end of input).
    ///
    /// # Errors
    /// Writing `out`; the search then ends too.
    fn go(
        &mut self,
        limits: &Limits,
        lines: &mut impl Iterator<Item = Line>,
        out: &mut (impl Write + Send),
    ) -> std::io::Result<Option<Line>> {
        let halt = Arc::new(AtomicBool::new(false));
        self.engine.set_halt(Some(halt.clone()));
        let (engine, pos) = (&mut self.engine, &self.pos);
        let (answered, next) = std::thread::scope(|scope| {
            let search = scope.spawn(|| answer(engine, pos, limits, &halt, out));
            let next = lines.next();
            if next.as_ref().is_some_and(ends_search) {
                halt.store(true, Ordering::Relaxed);
            }
            let answered = search
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            (answered, next)
        });
        self.engine.set_halt(None);
        answered.map(|()| next)
    }
}

/// Runs one search: its `info` lines, then its `bestmove`. A failed write raises `halt`, since
/// nobody reads the answer.
fn answer(
    engine: &mut Engine,
    pos: &Position,
    limits: &Limits,
    halt: &AtomicBool,
    out: &mut impl Write,
) -> std::io::Result<()> {
    let mut write_error = None;
    let report = engine.search(pos, limits, |info| {
        if write_error.is_none()
            && let Err(e) = writeln!(out, "{}", info_line(info)).and_then(|()| out.flush())
        {
            write_error = Some(e);
            halt.store(true, Ordering::Relaxed);
        }
    });
    if let Some(e) = write_error {
        return Err(e);
    }
    match report.best {
        Some(mv) => writeln!(out, "bestmove {mv}"),
        None => writeln!(out, "bestmove none"),
    }?;
    out.flush()
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
