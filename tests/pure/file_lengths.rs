//! The 400-line rule (issue 33): no file is over 400 lines without a reason, and its first
//! lines say why it is longer.
//!
//! The reason is a comment among a file's first [`REASON_WITHIN`] lines that contains the
//! marker [`MARKER`] (in any case), followed by the why: `//! Longer than 400 lines: one table
//! of data.` A file of [`MAX_LINES`] lines or fewer needs none.

use std::fs;
use std::path::Path;

use crate::layers::rust_files;

/// The most lines a file may have without a reason.
const MAX_LINES: usize = 400;

/// The words a longer file's reason contains.
const MARKER: &str = "longer than 400 lines";

/// How many of a file's first lines may hold its reason.
const REASON_WITHIN: usize = 10;

/// The folders whose Rust files the rule covers.
const FOLDERS: [&str; 3] = ["src", "tests", "benches"];

/// Why `source` breaks the rule, if it does: its length, when it is over [`MAX_LINES`] lines
/// and none of its first [`REASON_WITHIN`] lines is a comment with the [`MARKER`].
fn unexplained(source: &str) -> Option<usize> {
    let lines = source.lines().count();
    let explained = source.lines().take(REASON_WITHIN).any(|line| {
        let line = line.trim_start();
        line.starts_with("//") && line.to_lowercase().contains(MARKER)
    });
    (lines > MAX_LINES && !explained).then_some(lines)
}

#[test]
fn no_file_is_over_400_lines_without_saying_why_in_its_first_lines() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut checked = 0;
    let mut found = Vec::new();
    for folder in FOLDERS {
        for path in rust_files(&root.join(folder)) {
            let source = fs::read_to_string(&path).expect("readable source");
            checked += 1;
            if let Some(lines) = unexplained(&source) {
                let shown = path
                    .strip_prefix(root)
                    .unwrap_or(&path)
                    .display()
                    .to_string();
                found.push(format!("{shown}: {lines} lines"));
            }
        }
    }
    assert!(checked > 100, "the sources are found ({checked} files)");
    assert!(
        found.is_empty(),
        "over {MAX_LINES} lines, without a line among the first {REASON_WITHIN} saying \
         \"{MARKER}: <why>\" (split the file, or say why it is one):\n{}",
        found.join("\n")
    );
}

#[test]
fn a_long_file_needs_the_marker_in_a_comment_among_its_first_lines() {
    let long = |head: &str| format!("{head}{}", "fn f() {}\n".repeat(MAX_LINES + 1));
    let reason = "//! Longer than 400 lines: one table of data.\n";
    assert_eq!(unexplained(&long("")), Some(MAX_LINES + 1));
    assert_eq!(unexplained(&long(reason)), None);
    // Too late: the eleventh line.
    assert_eq!(
        unexplained(&long(&format!("{}{reason}", "//!\n".repeat(10)))),
        Some(MAX_LINES + 12)
    );
    // In code, not in a comment.
    assert_eq!(
        unexplained(&long("const A: &str = \"longer than 400 lines\";\n")),
        Some(MAX_LINES + 2)
    );
    // Exactly 400 lines need no reason.
    assert_eq!(unexplained(&"fn f() {}\n".repeat(MAX_LINES)), None);
}
