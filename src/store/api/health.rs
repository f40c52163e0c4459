//! The store's health, as the operator sees it.

use async_trait::async_trait;

use crate::store::{Result, StoreStats};

/// Whether the store works, its figures, and its clean stop.
///
/// A second implementation guarantees, besides the module's rules: after
/// [`Health::close`], every call on every handle fails with `StoreError::Stopped`.
#[async_trait]
pub trait Health: Send + Sync {
    /// Checks that the store can write now (takes and gives back the write lock).
    async fn check_writable(&self) -> Result<()>;

    /// The store's figures for the operator's metrics.
    async fn store_stats(&self) -> Result<StoreStats>;

    /// Closes the store once the calls already made have run, and waits until it is closed.
    /// Closing a closed store does nothing.
    async fn close(&self);
}
