//! The real bot (`focus_bot::discord::run_with_clock`) against the stand-in, for the end-to-end
//! tests of correspondence play and ratings: a world of stand-in, manual clock and database,
//! and bots started, stopped and killed on it.

use std::marker::PhantomData;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use focus_bot::app::App;
use focus_bot::discord::{Config, RunError, run_with_app, run_with_clock, run_with_service};
use focus_bot::service::{Clock, GameService, ManualClock};
use focus_bot::store::AsyncStore;
use tokio::sync::{oneshot, watch};
use tokio::task::JoinHandle;

use serde_json::{Value, json};

use super::discord::{FAKE_TOKEN, FakeDiscord, FakeGuild, FakeUser, Reply};

/// Long enough for a loaded 2-core machine (a release build beside the tests); only reached
/// when something is broken. Every wait for the bot ends at an event, never at this ceiling.
pub const WAIT: Duration = Duration::from_secs(60);

/// The bots' sweep interval: short, so that a test sees a sweep soon after moving the clock.
pub const SWEEP: Duration = Duration::from_millis(100);

/// A running bot and the ways to stop it.
pub struct Bot {
    stop: oneshot::Sender<()>,
    task: JoinHandle<Result<(), RunError>>,
}

impl Bot {
    /// A clean stop, as on SIGTERM.
    pub async fn stop(self) {
        let _ = self.stop.send(());
        let result = tokio::time::timeout(WAIT, self.task)
            .await
            .expect("the bot stops within the wait")
            .expect("the bot task does not panic");
        assert!(result.is_ok(), "clean stop: {result:?}");
    }

    /// A crash: the task running `run_with_clock` is aborted (its sweeper goes with it) and
    /// nothing is given the chance to finish. Then the gateway connection is closed, as the
    /// operating system would close a dead process's sockets.
    pub async fn kill(self) {
        self.task.abort();
        let ended = tokio::time::timeout(WAIT, self.task)
            .await
            .expect("an aborted bot ends within the wait");
        assert!(
            ended.as_ref().is_err_and(|e| e.is_cancelled()),
            "aborted: {ended:?}"
        );
        drop(self.stop);
    }
}

/// The world of most tests: [`WorldOf`] for no module in particular.
pub type World = WorldOf<()>;

/// The stand-in, the clock, the database, and how many bots were started on them.
///
/// `Of` is a type of the test module that uses it, when that module adds helper methods of its
/// own (`type World = WorldOf<Here>; impl World { … }`): all the end-to-end modules are one test
/// binary, and two modules' `impl World` with a method of the same name (`play`, `post_in`)
/// would clash on one type, but not on two.
pub struct WorldOf<Of = ()> {
    /// The Discord stand-in.
    pub fake: FakeDiscord,
    /// The bots' clock.
    pub clock: ManualClock,
    /// Every moment the bots asked their clock to wake them at, in order.
    wake_ups: Arc<watch::Sender<Vec<i64>>>,
    /// The bots' database file.
    pub db: PathBuf,
    starts: usize,
    _dir: tempfile::TempDir,
    _of: PhantomData<fn() -> Of>,
}

impl<Of> WorldOf<Of> {
    /// A read-only connection to the bots' database (WAL: it never blocks their writes).
    pub fn reader(&self) -> rusqlite::Connection {
        rusqlite::Connection::open_with_flags(&self.db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
            .expect("open the database read-only")
    }

    /// Reads the database with `read` until `done` holds of what it read; that value. Panics
    /// after [`WAIT`], saying `what` was awaited and what was read last.
    pub async fn until_db<T: std::fmt::Debug>(
        &self,
        what: &str,
        read: impl Fn(&rusqlite::Connection) -> T,
        done: impl Fn(&T) -> bool,
    ) -> T {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            let value = read(&self.reader());
            if done(&value) {
                return value;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "{what}: not within {WAIT:?} (last read: {value:?})"
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// The standard guild, the clock at `t0`, an empty database.
    pub async fn at(t0: i64) -> Self {
        Self::with_guild_at(FakeGuild::standard(), t0).await
    }

    /// `guild`, the clock at `t0`, an empty database.
    pub async fn with_guild_at(guild: FakeGuild, t0: i64) -> Self {
        let dir = tempfile::tempdir().expect("temporary directory");
        let fake = FakeDiscord::start_with(guild).await;
        let clock = ManualClock::at(t0);
        // Users act on the bots' clock: an interaction is made when the clock says.
        let time = clock.clone();
        fake.set_clock(move || time.now_ms());
        WorldOf {
            fake,
            clock,
            wake_ups: Arc::new(watch::Sender::new(Vec::new())),
            db: dir.path().join("focus.db"),
            starts: 0,
            _dir: dir,
            _of: PhantomData,
        }
    }

    /// The clock a bot is given: the world's, recording every moment it is asked to wake at.
    fn bots_clock(&self) -> Arc<dyn Clock> {
        Arc::new(WatchedClock {
            clock: self.clock.clone(),
            wake_ups: self.wake_ups.clone(),
        })
    }

    /// Every moment (unix seconds) the bots asked their clock to wake them at so far, in
    /// order. A bot's sweeper asks once at the end of every round in which something is due
    /// later, for the next due moment, and sleeps until then: the last entry is what it is
    /// waiting for, and a round leaves a new entry.
    pub fn wake_ups(&self) -> Vec<i64> {
        self.wake_ups.borrow().clone()
    }

    /// Waits until the bots asked their clock to wake them at `at` (unix seconds) `times` times
    /// in all; every moment asked so far. Panics after [`WAIT`].
    pub async fn asked_to_wake_at(&self, at: i64, times: usize) -> Vec<i64> {
        let mut asked = self.wake_ups.subscribe();
        let seen = tokio::time::timeout(
            WAIT,
            asked.wait_for(|moments| moments.iter().filter(|&&t| t == at).count() >= times),
        )
        .await;
        assert!(
            seen.is_ok_and(|r| r.is_ok()),
            "not asked to wake at {at} {times} times within {WAIT:?}: {:?}",
            self.wake_ups()
        );
        self.wake_ups()
    }

    /// The configuration of a bot on the world's stand-in and database.
    fn config(&self, sweep_interval: Duration) -> Config {
        Config {
            token: FAKE_TOKEN.to_owned(),
            database: self.db.clone().into(),
            guild_id: Some(self.fake.guild_id()),
            api_base: Some(self.fake.api_base()),
            sweep_interval,
            metrics_addr: None,
            log_format: Default::default(),
        }
    }

    /// Starts a bot on the world's database and clock, and waits until it has registered its
    /// commands (so it is connected, and its sweeper starts right after).
    pub async fn start_bot(&mut self) -> Bot {
        let config = self.config(SWEEP);
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(run_with_clock(config, self.bots_clock(), async move {
            let _ = stopped.await;
        }));
        self.starts += 1;
        wait_registered(&self.fake, self.starts).await;
        Bot { stop, task }
    }

    /// Starts a bot as [`World::start_bot`] does, but sweeping at least every `sweep_interval`
    /// and over a service the test keeps a handle of (to count its sweeps).
    pub async fn start_bot_watched(&mut self, sweep_interval: Duration) -> (Bot, GameService) {
        let config = self.config(sweep_interval);
        let store = AsyncStore::open(&self.db).await.expect("open the database");
        let service = GameService::new(store, self.bots_clock());
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(run_with_service(config, service.clone(), async move {
            let _ = stopped.await;
        }));
        self.starts += 1;
        wait_registered(&self.fake, self.starts).await;
        (Bot { stop, task }, service)
    }
}

impl<Of> WorldOf<Of> {
    /// Starts a bot as [`World::start_bot`] does, over the service `make` makes of the one it
    /// would use (e.g. with a small analysis budget: the test build's engine is unoptimised).
    pub async fn start_bot_over(&mut self, make: impl FnOnce(GameService) -> GameService) -> Bot {
        let config = self.config(SWEEP);
        let store = AsyncStore::open(&self.db).await.expect("open the database");
        let service = make(GameService::new(store, self.bots_clock()));
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(run_with_service(config, service, async move {
            let _ = stopped.await;
        }));
        self.starts += 1;
        wait_registered(&self.fake, self.starts).await;
        Bot { stop, task }
    }

    /// Starts a bot as [`World::start_bot`] does, over the command layer `make` makes of the
    /// service it would use (e.g. one keeping a journal of its requests).
    pub async fn start_bot_with_app(&mut self, make: impl FnOnce(GameService) -> App) -> Bot {
        let config = self.config(SWEEP);
        let store = AsyncStore::open(&self.db).await.expect("open the database");
        let app = make(GameService::new(store, Arc::new(self.clock.clone())));
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(run_with_app(config, app, async move {
            let _ = stopped.await;
        }));
        self.starts += 1;
        wait_registered(&self.fake, self.starts).await;
        Bot { stop, task }
    }

    /// `user` sends `/<command>` (`"focus move"`) with `options` in `channel`; the first answer.
    pub async fn slash(
        &self,
        user: &FakeUser,
        channel: u64,
        command: &str,
        options: Value,
    ) -> Reply {
        let id = self.fake.slash(user, channel, command, options).await;
        self.fake.reply_to(id, WAIT).await
    }

    /// `user` clicks `custom_id` on message `message` in `channel`; the first answer.
    pub async fn click(
        &self,
        user: &FakeUser,
        channel: u64,
        message: u64,
        custom_id: &str,
    ) -> Reply {
        let id = self.fake.click(user, channel, message, custom_id).await;
        self.fake.reply_to(id, WAIT).await
    }

    /// Alice (White: the colour option's first choice) challenges Bob in `channel`, with the
    /// challenge options `more` besides (`rules`, …), and Bob accepts; waits for the acceptance
    /// and the game's first message.
    pub async fn alice_plays_bob(&self, channel: u64, more: Value) -> (FakeUser, FakeUser) {
        let (alice, bob) = (self.fake.user("alice"), self.fake.user("bob"));
        let mut options = json!({ "opponent": bob.id, "color": 0 });
        if let (Some(options), Some(more)) = (options.as_object_mut(), more.as_object()) {
            options.extend(more.clone());
        }
        let challenge = self
            .slash(&alice, channel, "focus challenge", options)
            .await;
        let message = challenge.message_id.expect("the challenge's message");
        let id = self
            .fake
            .click(&bob, channel, message, &challenge.custom_ids()[0])
            .await;
        self.fake.reply_to(id, WAIT).await;
        self.fake.reply_to(id, WAIT).await;
        (alice, bob)
    }
}

/// The world's manual clock as the bots get it: it records every moment a bot asks it to wake
/// it at ([`Clock::sleep_until`]), so that a test sees what a sleeping sweeper waits for
/// instead of waiting on the wall clock to show that it does not wake.
struct WatchedClock {
    clock: ManualClock,
    wake_ups: Arc<watch::Sender<Vec<i64>>>,
}

impl Clock for WatchedClock {
    fn now(&self) -> i64 {
        self.clock.now()
    }

    fn now_ms(&self) -> i64 {
        self.clock.now_ms()
    }

    fn sleep_until(&self, at: i64) -> focus_bot::service::Wait {
        self.wake_ups.send_modify(|moments| moments.push(at));
        self.clock.sleep_until(at)
    }
}

/// Waits until the bot (re)registered its commands `times` times in all.
pub async fn wait_registered(fake: &FakeDiscord, times: usize) {
    fake.wait_requests(WAIT, |requests| {
        requests
            .iter()
            .filter(|r| r.method == "PUT" && r.path.ends_with("/commands") && r.status == 200)
            .count()
            >= times
    })
    .await;
}
