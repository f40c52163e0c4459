//! Discord unreachable (issue 13): the real `focus-bot` binary, pointed by `DISCORD_API_BASE` at
//! a port that hangs up on every request ([`HangUp`]), or at the stand-in behind a [`Switch`]
//! that is turned off (nothing listens) and on. It says `cannot reach Discord: retrying` once (not at each of serenity's attempts, every
//! 5 s), `reconnected to Discord` when Discord is back, never colours a log that is not a
//! terminal's, and stops within the drain time on SIGTERM or Ctrl-C (SIGINT).

use crate::support;

use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use focus_bot::discord::DRAIN;
use support::bot::wait_registered;
use support::discord::{FAKE_TOKEN, FakeDiscord, FakeGuild};
use support::hang_up::HangUp;
use support::switch::Switch;
use tokio::time::Instant;

/// The line of an outage.
const UNREACHABLE: &str = "cannot reach Discord: retrying";
/// The line of its end.
const RECONNECTED: &str = "reconnected to Discord";
/// Long enough for a loaded 2-core machine (and for serenity's 5 s between two connection
/// attempts); only reached when something is broken.
const WAIT: Duration = Duration::from_secs(60);

/// The running binary and everything it printed so far (stdout and stderr, as bytes read).
struct Running {
    child: Child,
    output: Arc<Mutex<String>>,
    readers: Vec<std::thread::JoinHandle<()>>,
}

impl Running {
    /// `focus-bot` (the bot: no subcommand) with its REST calls sent to `base`, its database in
    /// `dir`, run there (so no `.env` of the checkout is read), logging as by default.
    fn start(base: &str, dir: &Path, guild: Option<u64>) -> Running {
        let mut command = Command::new(env!("CARGO_BIN_EXE_focus-bot"));
        command
            .current_dir(dir)
            .env("DISCORD_TOKEN", FAKE_TOKEN)
            .env("DATABASE_PATH", dir.join("focus.db"))
            .env("DISCORD_API_BASE", base)
            .env_remove("RUST_LOG")
            .env_remove("NO_COLOR")
            .env_remove("SWEEP_INTERVAL_SECS")
            .env_remove("GUILD_ID")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if let Some(guild) = guild {
            command.env("GUILD_ID", guild.to_string());
        }
        let mut child = command.spawn().expect("the binary starts");
        let output = Arc::new(Mutex::new(String::new()));
        let stdout: Box<dyn Read + Send> = Box::new(child.stdout.take().unwrap());
        let stderr: Box<dyn Read + Send> = Box::new(child.stderr.take().unwrap());
        let readers = [stdout, stderr]
            .into_iter()
            .map(|stream| {
                let output = output.clone();
                std::thread::spawn(move || {
                    for line in BufReader::new(stream).lines() {
                        let Ok(line) = line else { break };
                        let mut output = output.lock().unwrap_or_else(PoisonError::into_inner);
                        output.push_str(&line);
                        output.push('\n');
                    }
                })
            })
            .collect();
        Running {
            child,
            output,
            readers,
        }
    }

    /// What it printed so far.
    fn output(&self) -> String {
        self.output
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Waits until `text` was printed `times` times; panics after [`WAIT`].
    async fn wait_for(&self, text: &str, times: usize) {
        let deadline = Instant::now() + WAIT;
        while self.output().matches(text).count() < times {
            assert!(
                Instant::now() < deadline,
                "{text:?} not printed {times} times within {WAIT:?}:\n{}",
                self.output()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Sends `signal` (`TERM`, `INT`) with `kill`, as an operator or a service manager does.
    fn signal(&self, signal: &str) {
        let status = Command::new("kill")
            .arg(format!("-{signal}"))
            .arg(self.child.id().to_string())
            .status()
            .expect("kill runs");
        assert!(status.success(), "kill -{signal}: {status}");
    }

    /// Waits for the process to end, at most `within`; then everything it printed.
    async fn exit_within(mut self, within: Duration) -> (ExitStatus, String) {
        let deadline = Instant::now() + within;
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("try_wait") {
                break status;
            }
            if Instant::now() >= deadline {
                let _ = self.child.kill();
                let _ = self.child.wait();
                panic!(
                    "still running {within:?} after the signal:\n{}",
                    self.output()
                );
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        };
        for reader in std::mem::take(&mut self.readers) {
            reader.join().expect("reader thread");
        }
        (status, self.output())
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        // A failed test must not leave the bot running.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What every captured log must hold to: no colour codes (the output is a pipe), none of
/// serenity's per-attempt warnings, and the stop.
fn assert_plain_log(output: &str) {
    assert!(
        !output.contains("\x1b["),
        "colour codes in a pipe:\n{output:?}"
    );
    for noise in [
        "Shard Queuer",
        "Failed to resume",
        "Resume failed",
        "get gateway URL",
    ] {
        assert!(
            !output.contains(noise),
            "serenity's {noise:?} shown:\n{output}"
        );
    }
    assert!(output.trim_end().ends_with("stopped"), "{output}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unreachable_discord_is_one_plain_line_and_sigterm_stops_it() {
    let dir = tempfile::tempdir().unwrap();
    // Discord unreachable: every request the bot makes fails, and the port sees each attempt.
    let nothing = HangUp::start().await;
    let bot = Running::start(&nothing.base(), dir.path(), None);
    bot.wait_for(UNREACHABLE, 1).await;
    // A few seconds of outage: serenity alone would print its raw error now and again after 5 s;
    // the bot retries after 1, 2 and 4 s and says nothing more for a minute. Its fourth attempt
    // comes after it has decided, and printed, whatever it had to say of the first three
    // failures; a line it printed then is read by the time the next attempt (4 s later) comes.
    nothing
        .wait_requests("GET /api/v10/gateway ", 4, WAIT)
        .await;
    let output = bot.output();
    assert_eq!(output.matches(UNREACHABLE).count(), 1, "{output}");
    let line = output.lines().find(|l| l.contains(UNREACHABLE)).unwrap();
    assert!(line.contains(" WARN "), "{line}");
    // The cause, as a field: the address that refused.
    assert!(
        line.contains(&format!("cause=Error while sending HTTP request: error sending request for url ({}/api/v10/gateway)", nothing.base())),
        "{line}"
    );
    assert!(line.contains("failures=1"), "{line}");
    bot.signal("TERM");
    let (status, output) = bot.exit_within(DRAIN).await;
    assert_eq!(status.code(), Some(0), "{output}");
    assert_plain_log(&output);
    assert_eq!(output.matches(UNREACHABLE).count(), 1, "{output}");
    assert!(!output.contains(RECONNECTED), "{output}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn outages_at_start_and_while_running_are_told_once_each_and_their_end_too() {
    let dir = tempfile::tempdir().unwrap();
    let switch = Switch::off();
    let fake = FakeDiscord::start_behind(FakeGuild::standard(), switch.base()).await;
    let bot = Running::start(&switch.base(), dir.path(), Some(fake.guild_id()));

    // Unreachable at start-up; then the network comes back: the bot connects and says so.
    bot.wait_for(UNREACHABLE, 1).await;
    assert_eq!(fake.requests().len(), 0);
    switch.on(fake.address()).await;
    wait_registered(&fake, 1).await;
    bot.wait_for(RECONNECTED, 1).await;
    assert_eq!(
        fake.gateway_stats().identifies,
        1,
        "{:?}",
        fake.gateway_stats()
    );

    // Cut while running: every connection dropped, new ones refused.
    switch.cut();
    bot.wait_for(UNREACHABLE, 2).await;
    switch.on(fake.address()).await;
    bot.wait_for(RECONNECTED, 2).await;
    // Connected for real: a command is answered.
    let alice = fake.user("alice");
    let id = fake
        .slash(
            &alice,
            fake.channel("general"),
            "focus rules",
            serde_json::json!({}),
        )
        .await;
    assert!(fake.reply_to(id, WAIT).await.ephemeral());

    bot.signal("INT");
    let (status, output) = bot.exit_within(DRAIN).await;
    assert_eq!(status.code(), Some(0), "{output}");
    assert_plain_log(&output);
    assert_eq!(output.matches(UNREACHABLE).count(), 2, "{output}");
    assert_eq!(output.matches(RECONNECTED).count(), 2, "{output}");
    // Each in its place: outage, return, outage, return.
    let told: Vec<&str> = output
        .lines()
        .filter_map(|l| {
            [UNREACHABLE, RECONNECTED]
                .into_iter()
                .find(|said| l.contains(said))
        })
        .collect();
    assert_eq!(told, [UNREACHABLE, RECONNECTED, UNREACHABLE, RECONNECTED]);
}
