//! The `focus-bot` binary running beside a test: started in a folder of its own with none of
//! the bot's settings inherited from the test's environment, everything it prints collected
//! line by line, stopped by a signal as an operator or a service manager stops it, and killed
//! when the test ends (a failed test leaves no bot behind). Shared by the `cli` and `discord`
//! test binaries (included by path).

// Each binary uses part of it.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// Long enough for a loaded 2-core machine; only reached when something is broken.
pub const WAIT: Duration = Duration::from_secs(60);

/// Every setting the bot reads from its environment: none comes from the test's.
const SETTINGS: [&str; 14] = [
    "DISCORD_TOKEN",
    "DATABASE_PATH",
    "DISCORD_API_BASE",
    "GUILD_ID",
    "SWEEP_INTERVAL_SECS",
    "RUST_LOG",
    "NO_COLOR",
    "LOG_FORMAT",
    "METRICS_ADDR",
    "BACKUP_DIR",
    "BACKUP_EVERY",
    "BACKUP_KEEP",
    "FOCUS_TEST_ONLY_BACKUP_PAGE_PAUSE_MS",
    "FOCUS_REQUIRE_PROMTOOL",
];

/// The running binary and everything it printed so far (stdout and stderr).
pub struct Running {
    child: Child,
    /// Its standard input, to write lines to (the console).
    pub stdin: Option<ChildStdin>,
    output: Arc<Mutex<String>>,
    /// The threads reading its output, done once both pipes close.
    readers: Vec<std::thread::JoinHandle<()>>,
}

impl Running {
    /// `focus-bot` with `args` and `env` (and no other setting), run in `dir` (so no `.env`
    /// of the checkout is read).
    pub fn start(dir: &Path, args: &[&str], env: &[(&str, String)]) -> Running {
        let mut command = Command::new(env!("CARGO_BIN_EXE_focus-bot"));
        command
            .args(args)
            .current_dir(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        for name in SETTINGS {
            command.env_remove(name);
        }
        for (name, value) in env {
            command.env(name, value);
        }
        let mut child = command.spawn().expect("the binary starts");
        let output = Arc::new(Mutex::new(String::new()));
        let streams: [Box<dyn Read + Send>; 2] = [
            Box::new(child.stdout.take().unwrap()),
            Box::new(child.stderr.take().unwrap()),
        ];
        let readers = streams
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
        let stdin = child.stdin.take();
        Running {
            child,
            stdin,
            output,
            readers,
        }
    }

    /// Its process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Everything it printed so far.
    pub fn output(&self) -> String {
        self.output
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// The lines printed so far that contain `text`.
    pub fn lines_with(&self, text: &str) -> Vec<String> {
        self.output()
            .lines()
            .filter(|l| l.contains(text))
            .map(str::to_owned)
            .collect()
    }

    /// Its exit status once it has ended, else `None`.
    pub fn exited(&mut self) -> Option<ExitStatus> {
        self.child.try_wait().expect("try_wait")
    }

    /// Waits until `text` was printed; panics after [`WAIT`]. (Blocks: for tests without an
    /// async runtime; the others use [`Running::until`].)
    pub fn wait_for(&self, text: &str) {
        let deadline = Instant::now() + WAIT;
        while !self.output().contains(text) {
            assert!(
                Instant::now() < deadline,
                "{text:?} not printed within {WAIT:?}:\n{}",
                self.output()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits until `check` holds of it; panics after [`WAIT`], saying `what` was awaited.
    pub async fn until(&self, what: &str, check: impl Fn(&Running) -> bool) {
        let deadline = Instant::now() + WAIT;
        while !check(self) {
            assert!(
                Instant::now() < deadline,
                "{what}: not within {WAIT:?}:\n{}",
                self.output()
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// Sends `signal` (`TERM`, `INT`, `KILL`) with `kill`.
    pub fn signal(&self, signal: &str) {
        let sent = Command::new("kill")
            .arg(format!("-{signal}"))
            .arg(self.child.id().to_string())
            .status()
            .expect("kill runs");
        assert!(sent.success(), "kill -{signal}: {sent}");
    }

    /// Sends `signal` and waits for the process to end (blocking); its exit status.
    pub fn stop_with(mut self, signal: &str) -> ExitStatus {
        self.signal(signal);
        let deadline = Instant::now() + WAIT;
        loop {
            if let Some(status) = self.exited() {
                return status;
            }
            assert!(
                Instant::now() < deadline,
                "still running after SIG{signal}:\n{}",
                self.output()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Sends `signal` and waits for the process to end; its exit status and everything it
    /// printed (read to the end of both streams).
    pub async fn stopped(mut self, signal: &str) -> (ExitStatus, String) {
        self.signal(signal);
        let deadline = Instant::now() + WAIT;
        let status = loop {
            if let Some(status) = self.exited() {
                break status;
            }
            assert!(
                Instant::now() < deadline,
                "still running after SIG{signal}:\n{}",
                self.output()
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        };
        // The pipes are closed: the readers finish with the last lines.
        for reader in std::mem::take(&mut self.readers) {
            reader.join().expect("reader thread");
        }
        let printed = self.output();
        (status, printed)
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        // SIGKILL: a test's kill, and a failed test's clean-up.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
