//! A game service with the SQLite handle it runs on, for the tests that read or write the
//! store past the service's interface (a player's record, the outbox, moves played behind the
//! service's back). The service holds the store as `Arc<dyn Storage>` and gives no concrete
//! handle out: the test keeps a clone of the `AsyncStore` it handed over.

use std::ops::Deref;
use std::sync::Arc;

use focus_bot::service::{Clock, GameService};
use focus_bot::store::AsyncStore;

/// A [`GameService`] (reached through `Deref`) and the [`AsyncStore`] it runs on.
#[derive(Clone)]
pub struct Served {
    service: GameService,
    store: AsyncStore,
}

impl Served {
    /// A service over `store`, telling time by `clock`, keeping a handle on `store`.
    pub fn new(store: AsyncStore, clock: Arc<dyn Clock>) -> Served {
        Served {
            service: GameService::new(store.clone(), clock),
            store,
        }
    }

    /// The SQLite store the service runs on, raw: `.call(|s| …)` reaches every `Store` method.
    pub fn store(&self) -> &AsyncStore {
        &self.store
    }

    /// The service itself, for what takes one by value.
    #[allow(dead_code)]
    pub fn service(&self) -> GameService {
        self.service.clone()
    }
}

impl Deref for Served {
    type Target = GameService;

    fn deref(&self) -> &GameService {
        &self.service
    }
}
