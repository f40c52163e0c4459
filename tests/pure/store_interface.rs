//! The service calls the store through its interface only (issue 33): `src/service` holds an
//! `Arc<dyn Storage>`, makes no `.call(` closure over the SQLite `Store`, and names neither
//! `Store` nor `AsyncStore` in its code (its comments and docs may). Read from the sources, as
//! the layering test reads them, so a side door cannot come back unseen.

use std::fs;
use std::path::{Path, PathBuf};

use crate::layers::rust_source::{Token, paths, strip, tokens};

/// What a file of the service must not do: each finding with its line. The SQLite types are
/// found by name (`AsyncStore`) and by path (`crate::store::Store`, `use crate::store::{Store}`):
/// a bare `Store` is also the name of the service's error variant that wraps the store's errors.
fn side_doors(source: &str) -> Vec<(usize, String)> {
    let tokens = tokens(&strip(source));
    let text = |i: usize| tokens.get(i).map_or("", |t: &Token| t.text.as_str());
    let mut found = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        match token.text.as_str() {
            "call" if text(i.wrapping_sub(1)) == "." && text(i + 1) == "(" => {
                found.push((token.line, "a `.call(` closure".to_owned()));
            }
            "AsyncStore" => found.push((token.line, "the type `AsyncStore`".to_owned())),
            "crate" | "super" if text(i.wrapping_sub(1)) != "::" => {
                let (named, _) = paths(&tokens, i);
                let store = |p: &Vec<String>| {
                    p.windows(2)
                        .any(|w| w[0] == "store" && (w[1] == "Store" || w[1] == "*"))
                };
                if named.iter().any(store) || glob_of_store(&tokens, i) {
                    found.push((token.line, "the type `Store`".to_owned()));
                }
            }
            _ => {}
        }
    }
    found
}

/// Whether the path at `tokens[i]` is a glob of the store (`crate::store::*`), which would
/// bring `Store` in unnamed.
fn glob_of_store(tokens: &[Token], i: usize) -> bool {
    let mut k = i;
    while tokens.get(k + 1).is_some_and(|t| t.text == "::") {
        k += 2;
    }
    tokens.get(k).is_some_and(|t| t.text == "*")
        && tokens
            .get(k.wrapping_sub(2))
            .is_some_and(|t| t.text == "store")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn the_service_reaches_the_store_through_its_interface_only() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/service");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    files.sort();
    assert!(files.len() >= 10, "the service's files: {files:?}");
    let mut found = Vec::new();
    for file in &files {
        for (line, door) in side_doors(&fs::read_to_string(file).unwrap()) {
            found.push(format!("{}:{line}: {door}", file.display()));
        }
    }
    assert!(
        found.is_empty(),
        "the service names the SQLite store:\n{}",
        found.join("\n")
    );

    // What it holds instead (in the context its parts share): the interface, behind an `Arc`.
    let service = fs::read_to_string(root.join("context.rs")).unwrap();
    let held: Vec<String> = tokens(&strip(&service))
        .into_iter()
        .map(|t| t.text)
        .collect();
    let field = ["store", ":", "Arc", "<", "dyn", "Storage", ">"];
    assert!(
        held.windows(field.len()).any(|w| w == field),
        "the service holds `store: Arc<dyn Storage>`"
    );
}

#[test]
fn a_side_door_is_found() {
    let source = "// AsyncStore in a comment is fine\n\
        use crate::store::{AsyncStore, Game};\n\
        fn f(s: &crate::store::Store) {}\n\
        async fn g(&self) { self.store.call(move |s| s.game(id)).await }\n\
        fn h(e: StoreError) -> ServiceError { ServiceError::Store(e) }\n\
        fn k() -> &'static str { \"s.call(x)\" }\n\
        use crate::store::*;\n\
        enum E { Store(StoreError) }\n";
    assert_eq!(
        side_doors(source),
        vec![
            (2, "the type `AsyncStore`".to_owned()),
            (3, "the type `Store`".to_owned()),
            (4, "a `.call(` closure".to_owned()),
            (7, "the type `Store`".to_owned()),
        ]
    );
}
