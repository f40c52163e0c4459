//! Where the console's files go: board pictures, replays, charts and records, each written to
//! the output folder with the line that says where.

use super::Console;
use crate::app::{File, FileKind};
use crate::tr;

impl Console {
    /// Writes `file` to the output folder; the line saying where, or why it failed.
    pub(super) fn write_file(&mut self, file: &File) -> String {
        self.files += 1;
        let (said, name) = match file.kind {
            // Several pictures of one game: numbered in the order shown.
            FileKind::Board => (
                "console-board",
                format!(
                    "{}-{}.png",
                    file.name.trim_end_matches(".png"),
                    self.files
                ),
            ),
            FileKind::Chart => ("console-chart", file.name.clone()),
            FileKind::Replay => ("console-replay", file.name.clone()),
            FileKind::Record => ("console-record", file.name.clone()),
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
