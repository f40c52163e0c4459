//! Running the `focus-bot` binary as a user does: arguments, a text on standard input, and what
//! it printed. Included by path (`#[path = "support/bin.rs"] mod bin;`) by the tests that need
//! only this, so they do not compile the Discord stand-in.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `focus-bot` with `args`, writes `stdin` to it, and waits for it to end.
pub fn focus_bot(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_focus-bot"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary runs");
    // A command refused before it reads its input (a bad option) may have exited already: its
    // closed pipe is not the test's failure, what it printed is.
    let written = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    if let Err(e) = written {
        assert_eq!(
            e.kind(),
            std::io::ErrorKind::BrokenPipe,
            "writing stdin: {e}"
        );
    }
    child.wait_with_output().unwrap()
}
