//! Where the console's files go: board pictures, replays, charts and records, each written to
//! the output folder with the line that says where.

use super::Console;
use crate::app::{File, FileKind};
use crate::tr;

impl Console {
    /// Writes `file` to the output folder; the line saying where, or why it failed.
    pub(super) fn write_file(&mut self, file: &File) -> String {
        // Named for a folder of many games' files: the game, and for pictures the ply and
        // the order shown (the same position may be shown twice).
        let (said, name) = match file.kind {
            FileKind::Board { game, ply } => {
                self.pictures += 1;
                let name = format!("game{}-ply{ply}-{}.png", game.0, self.pictures);
                ("console-board", name)
            }
            FileKind::Chart(game) => ("console-chart", format!("game{}-analysis.png", game.0)),
            FileKind::Replay(game) => ("console-replay", format!("game{}-replay.gif", game.0)),
            FileKind::Record(game) => ("console-record", format!("game{}-record.txt", game.0)),
            FileKind::Trf(t) => ("console-record", format!("tournament{}.trf", t.0)),
            FileKind::Standings(t) => {
                self.pictures += 1;
                let name = format!("tournament{}-standings-{}.png", t.0, self.pictures);
                ("console-board", name)
            }
        };
        let path = self.out_dir.join(name);
        let shown = path.display().to_string();
        match std::fs::write(&path, &file.bytes) {
            Ok(()) => tr!(self.lang, said, path = shown),
            Err(error) => tr!(
                self.lang,
                "console-board-failed",
                path = shown,
                error = error.to_string()
            ),
        }
    }
}
