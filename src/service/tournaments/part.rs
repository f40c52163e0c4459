//! The part of the service for tournaments as players and spectators see them, and the
//! limits of what a tournament may ask for.

use std::sync::Arc;

use crate::service::context::Context;

/// The longest tournament name, in characters.
pub const MAX_NAME: usize = 64;

/// The latest start a tournament may ask for, in hours from its creation (30 days).
pub const MAX_START_HOURS: u32 = 720;

/// The tournaments `/focus tournament list` shows at most: a line is at most about 140
/// characters (a 64-character name), so the list stays under Discord's 2,000.
pub const LIST_LIMIT: u32 = 12;

/// Tournaments as players and spectators see them: created, found, joined and left, their
/// rounds and boards, standings, exports and log, and a server's tournament role.
#[derive(Clone)]
pub struct Tournaments {
    pub(in crate::service) context: Arc<Context>,
}

impl Tournaments {
    /// The part on `context`.
    pub(in crate::service) fn new(context: Arc<Context>) -> Tournaments {
        Tournaments { context }
    }
}

// The use cases read the shared context as their own (`self.store`, `self.now()`): written
// once, whichever part they belong to.
impl std::ops::Deref for Tournaments {
    type Target = Context;

    fn deref(&self) -> &Context {
        &self.context
    }
}
