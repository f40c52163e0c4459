//! The store for async code: a [`Store`] on a dedicated thread, so that no SQLite call ever
//! blocks the async runtime.
//!
//! Why a dedicated thread rather than `spawn_blocking` per call: the bot has one connection, and
//! a single thread that owns it runs the calls one after another in arrival order, without a
//! mutex and without tying up the runtime's blocking pool while a call waits for the database.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::sync::mpsc;
use std::thread;

use tokio::sync::oneshot;

use super::{Result, Store, StoreError};

/// A call to run on the store's thread.
type Job = Box<dyn FnOnce(&mut Store) + Send>;

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
}

impl AsyncStore {
    /// Opens the database at `path` ([`Store::open`]) on a new thread.
    ///
    /// # Errors
    /// As [`Store::open`]; [`StoreError::Stopped`] if the thread cannot be started.
    pub async fn open(path: impl Into<PathBuf>) -> Result<AsyncStore> {
        let path = path.into();
        let (opened_tx, opened_rx) = oneshot::channel();
        let (jobs, queue) = mpsc::channel::<Message>();
        thread::Builder::new()
            .name("focus-store".into())
            .spawn(move || match Store::open(&path) {
                Ok(store) => {
                    let _ = opened_tx.send(Ok(()));
                    serve(store, &queue);
                }
                Err(err) => {
                    let _ = opened_tx.send(Err(err));
                }
            })
            .map_err(|_| StoreError::Stopped)?;
        opened_rx.await.map_err(|_| StoreError::Stopped)??;
        Ok(AsyncStore { jobs })
    }

    /// Moves an open `store` onto a new thread.
    ///
    /// # Errors
    /// [`StoreError::Stopped`] if the thread cannot be started.
    pub fn spawn(store: Store) -> Result<AsyncStore> {
        let (jobs, queue) = mpsc::channel::<Message>();
        thread::Builder::new()
            .name("focus-store".into())
            .spawn(move || serve(store, &queue))
            .map_err(|_| StoreError::Stopped)?;
        Ok(AsyncStore { jobs })
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
            let _ = reply.send(f(store));
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
        let (done, closed) = oneshot::channel();
        if self.jobs.send(Message::Close(done)).is_ok() {
            // An error means the thread is gone already: closed either way.
            let _ = closed.await;
        }
    }
}

/// The store thread: runs jobs until every handle is dropped or a close is asked for. A
/// panicking job loses only its own answer (its transaction rolls back as it unwinds); the
/// thread goes on serving.
fn serve(mut store: Store, queue: &mpsc::Receiver<Message>) {
    while let Ok(message) = queue.recv() {
        match message {
            Message::Job(job) => {
                let _ = catch_unwind(AssertUnwindSafe(|| job(&mut store)));
                // A unit of work that panicked left its transaction open: the next call must
                // not run inside it.
                store.abandon();
            }
            Message::Close(done) => {
                // Dropping the connection closes it (the last one: SQLite removes the log).
                drop(store);
                let _ = done.send(());
                return;
            }
        }
    }
}
