//! The pictures messages carry, drawn the same way wherever they go (a reply, a letter): a
//! board's and a tournament's standings, each as the file of its message.

use super::{File, FileKind};
use crate::i18n::Lang;
use crate::render::RenderOptions;
use crate::rules::Color;
use crate::service::{Board, GameService, Result};
use crate::strings;

/// The picture of `board` with its words in `lang`, seen from `side` (default: the side
/// [`strings::picture`] gives the game), as the file every message with a board carries
/// (`focus-game-12.png`).
///
/// # Errors
/// [`crate::service::ServiceError::Render`] if drawing fails (a bug).
pub async fn board_file(
    service: &GameService,
    lang: Lang,
    board: &Board,
    side: Option<Color>,
) -> Result<File> {
    let options = strings::picture::options(lang, board);
    let options = match side {
        Some(side) => RenderOptions {
            flipped: side == Color::Black,
            ..options
        },
        None => options,
    };
    let bytes = service.games.picture(board, options).await?;
    Ok(File {
        name: format!("focus-game-{}.png", board.game.id.0),
        bytes,
        kind: FileKind::Board {
            game: board.game.id,
            ply: board.game.ply,
        },
    })
}

/// Players per page of the standings: the text stays under Discord's 2,000 characters, and the
/// picture readable.
pub const STANDINGS_PAGE: usize = 16;

/// The standings picture of `page` (a crosstable PNG of `STANDINGS_PAGE` players at most), or
/// `None` when it cannot be drawn (the failure is logged; the text says it all).
pub fn standings_picture(
    lang: Lang,
    standings: &crate::service::tournaments::Standings,
    page: u32,
) -> Option<File> {
    let data = crate::strings::tournaments::crosstable(lang, standings, page, STANDINGS_PAGE);
    match crate::render::crosstable::crosstable(&data) {
        Ok(bytes) => Some(File {
            name: format!("focus-tournament-{}.png", standings.tournament.id.0),
            bytes,
            kind: FileKind::Standings(standings.tournament.id),
        }),
        Err(e) => {
            tracing::warn!(error = %e, "cannot draw the standings");
            None
        }
    }
}
