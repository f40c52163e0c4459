//! The store for async code: a [`Store`] on a dedicated thread, so that no SQLite call ever
//! blocks the async runtime; on PostgreSQL, a few such threads, each with its connection.
//!
//! Why dedicated threads rather than `spawn_blocking` per call: a thread that owns its
//! connection runs the calls one after another in arrival order, without a mutex and without
//! tying up the runtime's blocking pool while a call waits for the database. SQLite has one
//! writer anyway, so it gets one thread; PostgreSQL serves readers side by side, so its threads
//! (the pool) take the calls from one queue, and a thread whose connection died connects again
//! at its next call.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, mpsc};
use std::thread;

use tokio::sync::oneshot;

use super::{Location, Result, Store, StoreError};

/// A call to run on a store's thread, given the store or why there is none (PostgreSQL
/// unreachable).
type Job = Box<dyn FnOnce(Result<&mut Store>) + Send>;

/// How many connections (threads) a PostgreSQL store keeps: enough for reads side by side
/// while a write holds the store's write lock, few enough for several processes on one server
/// (PostgreSQL allows 100 connections by default).
pub const POSTGRES_CONNECTIONS: usize = 4;

/// What the store's thread is sent: a call, or the request to close the database.
enum Message {
    /// Run this call.
    Job(Job),
    /// Close the database (after the calls sent before), then say so.
    Close(oneshot::Sender<()>),
}

/// A handle to a [`Store`] running on its own thread. Cheap to clone; the thread ends when the
/// last handle is dropped (after finishing the calls already sent), or at
/// [`AsyncStore::close`].
#[derive(Clone, Debug)]
pub struct AsyncStore {
    jobs: mpsc::Sender<Message>,
    /// The threads that take from `jobs`.
    threads: usize,
}

impl AsyncStore {
    /// Opens the database at `path` ([`Store::open`]) on a new thread.
    ///
    /// # Errors
    /// As [`Store::open`]; [`StoreError::Stopped`] if the thread cannot be started.
    pub async fn open(path: impl Into<PathBuf>) -> Result<AsyncStore> {
        AsyncStore::open_at(&Location::File(path.into())).await
    }

    /// Opens the database at `location`: an SQLite file on one thread ([`Store::open`]), or
    /// PostgreSQL on [`POSTGRES_CONNECTIONS`] threads ([`Store::open_postgres`]; the first
    /// connects and migrates now, the others at their first call).
    ///
    /// # Errors
    /// As [`Store::open`] or [`Store::open_postgres`]; [`StoreError::Stopped`] if a thread
    /// cannot be started.
    pub async fn open_at(location: &Location) -> Result<AsyncStore> {
        AsyncStore::open_pool(location, POSTGRES_CONNECTIONS).await
    }

    /// [`AsyncStore::open_at`] with `connections` threads on PostgreSQL (at least 1; SQLite
    /// has one whatever this says).
    ///
    /// # Errors
    /// As [`AsyncStore::open_at`].
    pub async fn open_pool(location: &Location, connections: usize) -> Result<AsyncStore> {
        let (opened_tx, opened_rx) = oneshot::channel();
        let (jobs, queue) = mpsc::channel::<Message>();
        let queue = Arc::new(Mutex::new(queue));
        let (url, threads) = match location {
            Location::File(_) => (None, 1),
            Location::Postgres(url) => (Some(url.clone()), connections.max(1)),
        };
        let first = location.clone();
        let first_queue = queue.clone();
        let first_url = url.clone();
        spawn_thread(move || {
            let opened = match &first {
                Location::File(path) => Store::open(path),
                Location::Postgres(url) => Store::open_postgres(url),
            };
            match opened {
                Ok(store) => {
                    let _ = opened_tx.send(Ok(()));
                    serve(Slot::new(Some(store), first_url), &first_queue);
                }
                Err(err) => {
                    let _ = opened_tx.send(Err(err));
                }
            }
        })?;
        opened_rx.await.map_err(|_| StoreError::Stopped)??;
        for _ in 1..threads {
            let queue = queue.clone();
            let url = url.clone();
            spawn_thread(move || serve(Slot::new(None, url), &queue))?;
        }
        Ok(AsyncStore { jobs, threads })
    }

    /// Moves an open `store` onto a new thread.
    ///
    /// # Errors
    /// [`StoreError::Stopped`] if the thread cannot be started.
    pub fn spawn(store: Store) -> Result<AsyncStore> {
        let (jobs, queue) = mpsc::channel::<Message>();
        let queue = Arc::new(Mutex::new(queue));
        spawn_thread(move || serve(Slot::new(Some(store), None), &queue))?;
        Ok(AsyncStore { jobs, threads: 1 })
    }

    /// Runs `f` with the store on the store's thread and waits, without blocking the runtime,
    /// for its result. Calls run one at a time, in the order they were made.
    ///
    /// ```
    /// # tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(async {
    /// use focus_bot::store::{AsyncStore, Store};
    ///
    /// let store = AsyncStore::spawn(Store::open_in_memory()?)?;
    /// let settings = store.call(|s| s.settings(42)).await?;
    /// assert!(!settings.dm_notifications);
    /// # Ok::<(), focus_bot::store::StoreError>(())
    /// # }).unwrap();
    /// ```
    ///
    /// # Errors
    /// What `f` returns; [`StoreError::Stopped`] if `f` panicked or the thread is gone.
    pub async fn call<T, F>(&self, f: F) -> Result<T>
    where
        T: Send + 'static,
        F: FnOnce(&mut Store) -> Result<T> + Send + 'static,
    {
        let (reply, answer) = oneshot::channel();
        let job: Job = Box::new(move |store| {
            let _ = reply.send(store.and_then(f));
        });
        self.jobs
            .send(Message::Job(job))
            .map_err(|_| StoreError::Stopped)?;
        answer.await.map_err(|_| StoreError::Stopped)?
    }

    /// Closes the database once the calls already sent have run, and waits until it is
    /// closed: SQLite checkpoints the write-ahead log into the database and removes the
    /// `-wal` and `-shm` files, so a clean stop leaves the database whole in one file. A stop
    /// cannot count on dropping every handle: tasks still holding one (a search, a timer) may
    /// outlive the runtime, and the process may end before the store's thread has closed.
    /// Every call after this one fails with [`StoreError::Stopped`], on every handle.
    /// Closing a store already closed does nothing.
    pub async fn close(&self) {
        // One close for each thread: each takes one and ends, after the calls sent before.
        let mut waits = Vec::with_capacity(self.threads);
        for _ in 0..self.threads {
            let (done, closed) = oneshot::channel();
            if self.jobs.send(Message::Close(done)).is_ok() {
                waits.push(closed);
            }
        }
        for closed in waits {
            // An error means the thread is gone already: closed either way.
            let _ = closed.await;
        }
    }
}

/// Starts a store thread.
fn spawn_thread(body: impl FnOnce() + Send + 'static) -> Result<()> {
    thread::Builder::new()
        .name("focus-store".into())
        .spawn(body)
        .map(drop)
        .map_err(|_| StoreError::Stopped)
}

/// A store thread's store: the one it was given, or on PostgreSQL one it connects (again) when
/// it has none or its connection died.
struct Slot {
    store: Option<Store>,
    url: Option<String>,
}

impl Slot {
    fn new(store: Option<Store>, url: Option<String>) -> Slot {
        Slot { store, url }
    }

    /// The store, connecting first if needed.
    fn get(&mut self) -> Result<&mut Store> {
        if self.store.as_ref().is_none_or(Store::is_closed) {
            self.store = None;
            let url = self.url.as_deref().ok_or(StoreError::Stopped)?;
            // Mid-run, a server that went away is the request's "try again in a moment"; the
            // reason goes to the log.
            self.store = Some(Store::open_postgres(url).map_err(|e| match e {
                StoreError::Connect { url, reason } => {
                    tracing::warn!(%url, %reason, "cannot reconnect to PostgreSQL");
                    StoreError::Unavailable
                }
                other => other,
            })?);
        }
        self.store.as_mut().ok_or(StoreError::Stopped)
    }
}

/// The store thread: runs jobs until every handle is dropped or a close is asked for. A
/// panicking job loses only its own answer (its transaction rolls back as it unwinds); the
/// thread goes on serving.
fn serve(mut slot: Slot, queue: &Mutex<mpsc::Receiver<Message>>) {
    loop {
        // Held while waiting: the threads take the calls one at a time, in order.
        let message = match queue.lock() {
            Ok(queue) => queue.recv(),
            Err(_) => return,
        };
        let Ok(message) = message else { return };
        match message {
            Message::Job(job) => {
                let _ = catch_unwind(AssertUnwindSafe(|| job(slot.get())));
                // A unit of work that panicked left its transaction open: the next call must
                // not run inside it.
                if let Some(store) = slot.store.as_mut() {
                    store.abandon();
                }
            }
            Message::Close(done) => {
                // Dropping the connection closes it (the last one: SQLite removes the log).
                drop(slot);
                let _ = done.send(());
                return;
            }
        }
    }
}
