//! Where the console's files go: board pictures, replays, charts and records, each written to
//! the output folder with the line that says where.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::Console;
use crate::app::{File, FileKind};
use crate::tr;

impl Console {
    /// Writes `file` to the output folder under a name no file there has yet; the line
    /// saying where, or why it failed.
    pub(super) fn write_file(&mut self, file: &File) -> String {
        // Named for a folder of many games' files: the game, and for pictures the ply and
        // the order shown (the same position may be shown twice). A name already taken (by
        // an earlier session, or another database's game of the same number) is never
        // overwritten: pictures take the next number, other files a `-2`, `-3`… suffix.
        let (said, written) = match file.kind {
            FileKind::Board { game, ply } => {
                let written = self
                    .write_numbered(&file.bytes, |n| format!("game{}-ply{ply}-{n}.png", game.0));
                ("console-board", written)
            }
            FileKind::Standings(t) => {
                let written = self.write_numbered(&file.bytes, |n| {
                    format!("tournament{}-standings-{n}.png", t.0)
                });
                ("console-board", written)
            }
            FileKind::Chart(game) => (
                "console-chart",
                self.write_suffixed(&file.bytes, &format!("game{}-analysis", game.0), "png"),
            ),
            FileKind::Replay(game) => (
                "console-replay",
                self.write_suffixed(&file.bytes, &format!("game{}-replay", game.0), "gif"),
            ),
            FileKind::Record(game) => (
                "console-record",
                self.write_suffixed(&file.bytes, &format!("game{}-record", game.0), "txt"),
            ),
            FileKind::Trf(t) => (
                "console-record",
                self.write_suffixed(&file.bytes, &format!("tournament{}", t.0), "trf"),
            ),
        };
        match written {
            Ok(path) => tr!(self.lang, said, path = path.display().to_string()),
            Err((path, error)) => tr!(
                self.lang,
                "console-board-failed",
                path = path.display().to_string(),
                error = error.to_string()
            ),
        }
    }

    /// Writes a picture named by `name` with the session's next picture number, past the
    /// numbers already taken in the folder.
    fn write_numbered(
        &mut self,
        bytes: &[u8],
        name: impl Fn(usize) -> String,
    ) -> Result<PathBuf, (PathBuf, std::io::Error)> {
        let used = std::cell::Cell::new(self.pictures);
        let names = (self.pictures + 1..).map(|n| {
            used.set(n);
            name(n)
        });
        let written = self.write_first_free(bytes, names);
        self.pictures = used.get();
        written
    }

    /// Writes `stem.ext`, else `stem-2.ext`, `stem-3.ext`… whichever is free first.
    fn write_suffixed(
        &self,
        bytes: &[u8],
        stem: &str,
        ext: &str,
    ) -> Result<PathBuf, (PathBuf, std::io::Error)> {
        let names = (1usize..).map(|n| match n {
            1 => format!("{stem}.{ext}"),
            n => format!("{stem}-{n}.{ext}"),
        });
        self.write_first_free(bytes, names)
    }

    /// Writes `bytes` under the first of `names` (endless) that no file in the folder has.
    fn write_first_free(
        &self,
        bytes: &[u8],
        names: impl Iterator<Item = String>,
    ) -> Result<PathBuf, (PathBuf, std::io::Error)> {
        for name in names {
            let path = self.out_dir.join(name);
            match create_new(&path, bytes) {
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err((path, e)),
                Ok(()) => return Ok(path),
            }
        }
        unreachable!("the names are endless: a free one comes before usize runs out")
    }
}

/// Writes `bytes` to a new file at `path`: [`std::io::ErrorKind::AlreadyExists`] when the
/// name is taken (checked and created at once, so two consoles never share a name); a file
/// left half-written (a full disk) is removed.
fn create_new(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)?;
    let written = file.write_all(bytes);
    if written.is_err() {
        let _ = std::fs::remove_file(path);
    }
    written
}
