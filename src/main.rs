//! The `focus-bot` binary: everything lives in the library; see [`focus_bot::cli`].

#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    focus_bot::cli::main()
}
