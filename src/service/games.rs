//! The games part: what acts on one game (moves in `play.rs`, resign, draw, takeback and abort
//! in `endings.rs`), and here the game a command acts on, a board's picture, and a game moved
//! back to its channel.

use std::sync::Arc;

use super::bots::Bots;
use super::context::Context;
use super::{Board, Place, Result};
use crate::render::RenderOptions;
use crate::store::{Game, GameId};

/// Playing a game: moves and their autocomplete, boards and their pictures, and the endings
/// (resign, draw, takeback, abort).
#[derive(Clone)]
pub struct Games {
    pub(super) context: Arc<Context>,
    /// The bot: it answers a move once its board is shown, and answers draw offers.
    pub(super) bots: Bots,
}

impl Games {
    /// The part on `context`, with [`Bots`].
    pub(super) fn new(context: Arc<Context>, bots: Bots) -> Games {
        Games { context, bots }
    }
}

// The use cases read the shared context as their own (`self.store`, `self.now()`): written
// once, whichever part they belong to.
impl std::ops::Deref for Games {
    type Target = Context;

    fn deref(&self) -> &Context {
        &self.context
    }
}

impl Games {
    /// The game a command of `user_id` in `place` acts on (the channel's, or theirs started
    /// from it), whether or not they play it.
    ///
    /// # Errors
    /// [`super::ServiceError::NoGameHere`] when there is none; [`super::ServiceError::InThreads`] when
    /// several games of theirs started here; the store's.
    pub async fn game_in(&self, place: Place, user_id: u64) -> Result<Game> {
        self.game_of(place, user_id).await
    }

    /// The picture of `board` (PNG bytes), drawn with `options` (its words in the reader's
    /// language, made at the edge), off the async runtime and one render per core at a time.
    ///
    /// # Errors
    /// [`super::ServiceError::Render`] if the drawing task fails (a bug).
    pub async fn picture(&self, board: &Board, options: RenderOptions) -> Result<Vec<u8>> {
        let position = board.position;
        self.drawn(move || crate::render::render(&position, &options))
            .await
    }

    /// Game `id`, whose thread could not be made, is played in the channel of its challenge
    /// instead. Returns the game as stored.
    ///
    /// # Errors
    /// [`crate::store::StoreError::ChannelBusy`] when that channel has a game of its own (the
    /// game stays where it is); the store's.
    pub async fn play_in_parent(&self, id: GameId) -> Result<Game> {
        Ok(self.store.play_in_parent(id).await?)
    }
}
