//! No layering loops (issue 33): the layer list of `src/lib.rs`'s documentation is true.
//!
//! The list is read from the documentation itself, so the two cannot drift: its entries are the
//! lines `//! - [`module`]: …` after the line that starts with `//! Layers`, lowest first. Every
//! file under `src/` is read without its comments and string literals, and each path it names
//! (`crate::x`, `$crate::x`, `use crate::{x, y::z}`, and `super::` paths that climb out of
//! its top-level module; a crate-wide macro `crate::m!` counts as the module that defines it) is
//! checked: a module may use only the modules listed before it.
//!
//! Inside a top-level module, the files must not use each other in a loop either
//! ([`file_loops`]): the modules of [`LOOP_FREE`] are held to it, and the loops of the others
//! are printed (`--nocapture`) until they are free too.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

mod file_loops;
pub mod rust_source;

use rust_source::{paths, strip, tokens};

/// The line of `src/lib.rs` that opens the layer list.
const LIST_OPENS: &str = "//! Layers";

/// The top-level modules whose files use each other in no loop; the others still have loops
/// (issue 33 found them in `app`, `console`, `discord`, `service`, `store` and `strings`, and
/// took them out of all but `store`).
const LOOP_FREE: [&str; 19] = [
    "app",
    "backups",
    "cli",
    "clock",
    "console",
    "discord",
    "domain",
    "engine",
    "i18n",
    "locale",
    "pairing",
    "pick",
    "ratings",
    "render",
    "rules",
    "service",
    "strings",
    "telemetry",
    "text",
];

/// A path a file names that leaves its own top-level module: where, the path as written, and
/// the top-level module it reaches.
#[derive(Debug, PartialEq, Eq)]
struct Reference {
    line: usize,
    path: String,
    module: String,
}

/// The references of the file of module `module` (its path from the crate root: `["service",
/// "clock"]`) to other top-level modules; `macros` names the top-level module of each crate-wide
/// macro.
fn references(
    source: &str,
    module: &[String],
    macros: &BTreeMap<String, String>,
) -> Vec<Reference> {
    let tokens = tokens(&strip(source));
    let mut out = Vec::new();
    // Inline modules (`mod tests { … }`) open inside the file: their names and brace depth.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0;
    let mut i = 0;
    while i < tokens.len() {
        let text = tokens[i].text.as_str();
        match text {
            "{" => depth += 1,
            "}" => {
                depth -= 1;
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
            }
            "mod" if tokens.get(i + 2).is_some_and(|t| t.text == "{") => {
                inline.push((tokens[i + 1].text.clone(), depth));
                i += 2;
                continue;
            }
            _ => {}
        }
        let starts = (text == "crate" || text == "super")
            && i.checked_sub(1).is_none_or(|p| tokens[p].text != "::")
            && tokens.get(i + 1).is_some_and(|t| t.text == "::");
        if !starts {
            i += 1;
            continue;
        }
        let line = tokens[i].line;
        let (found, next) = paths(&tokens, i);
        let here: Vec<String> = module
            .iter()
            .cloned()
            .chain(inline.iter().map(|(name, _)| name.clone()))
            .collect();
        for path in found {
            let mut absolute = here.clone();
            let mut rest = path.as_slice();
            if rest.first().is_some_and(|s| s == "crate") {
                absolute.clear();
                rest = &rest[1..];
            }
            while rest.first().is_some_and(|s| s == "super" || s == "self") {
                if rest[0] == "super" {
                    absolute.pop();
                }
                rest = &rest[1..];
            }
            absolute.extend(rest.iter().cloned());
            let Some(first) = absolute.first() else {
                continue;
            };
            let target = macros.get(first).unwrap_or(first);
            if module.first() != Some(target) {
                out.push(Reference {
                    line,
                    path: path.join("::"),
                    module: target.clone(),
                });
            }
        }
        i = next.max(i + 1);
    }
    out
}

/// The layer list of `lib`, the source of `src/lib.rs`, lowest first.
fn layer_list(lib: &str) -> Vec<String> {
    let mut lines = lib
        .lines()
        .skip_while(|l| !l.starts_with(LIST_OPENS))
        .skip_while(|l| !l.starts_with("//! - ["));
    let mut out = Vec::new();
    for line in lines.by_ref() {
        let Some(item) = line.strip_prefix("//! - [`") else {
            if line.starts_with("//!   ") {
                continue; // an entry's text goes on
            }
            break;
        };
        let name = item.split('`').next().unwrap_or_default();
        out.push(name.to_owned());
    }
    out
}

/// The top-level modules `lib.rs` declares.
fn declared(lib: &str) -> Vec<String> {
    let tokens = tokens(&strip(lib));
    tokens
        .windows(3)
        .filter(|w| w[0].text == "mod" && w[2].text == ";")
        .map(|w| w[1].text.clone())
        .collect()
}

/// Every `.rs` file under `dir`, sorted.
pub fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(d) = dirs.pop() {
        for entry in fs::read_dir(&d).expect("readable directory") {
            let path = entry.expect("directory entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The module path of file `path` of `src/`: `src/service/clock.rs` is `["service", "clock"]`,
/// `src/app/mod.rs` is `["app"]`.
fn module_of(src: &Path, path: &Path) -> Vec<String> {
    let relative = path
        .strip_prefix(src)
        .expect("under src")
        .with_extension("");
    let mut parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

/// Every way the crate under `root` breaks its layer list, one line each.
fn violations(root: &Path) -> Vec<String> {
    let src = root.join("src");
    let lib = fs::read_to_string(src.join("lib.rs")).expect("src/lib.rs");
    let layers = layer_list(&lib);
    let rank = |m: &str| layers.iter().position(|l| l == m);
    let mut out = Vec::new();
    let declared = declared(&lib);
    for module in &declared {
        if rank(module).is_none() {
            out.push(format!(
                "src/lib.rs: module `{module}` is missing from the layer list"
            ));
        }
    }
    for layer in &layers {
        if !declared.contains(layer) {
            out.push(format!(
                "src/lib.rs: the layer list names `{layer}`, which is no module"
            ));
        }
    }
    let files: Vec<(PathBuf, Vec<String>, String)> = rust_files(&src)
        .into_iter()
        .map(|path| {
            let module = module_of(&src, &path);
            let source = fs::read_to_string(&path).expect("readable source");
            (path, module, source)
        })
        // The binary is a crate of its own, on top of every layer.
        .filter(|(_, module, _)| module.first().is_some_and(|m| m != "lib" && m != "main"))
        .collect();
    let mut macros = BTreeMap::new();
    for (_, module, source) in &files {
        let stripped = strip(source);
        for pair in stripped.split("#[macro_export]").skip(1) {
            let tokens = tokens(pair);
            if let [a, b, c, ..] = tokens.as_slice()
                && a.text == "macro_rules"
                && b.text == "!"
            {
                macros.insert(c.text.clone(), module[0].clone());
            }
        }
    }
    for (path, module, source) in &files {
        let Some(own) = rank(&module[0]) else {
            continue;
        };
        let shown = path.strip_prefix(root).unwrap_or(path).display();
        for r in references(source, module, &macros) {
            match rank(&r.module) {
                Some(theirs) if theirs < own => {}
                Some(_) => out.push(format!(
                    "{shown}:{}: `{}` uses `{}` ({}), which the layer list puts after it",
                    r.line, module[0], r.module, r.path
                )),
                None => out.push(format!(
                    "{shown}:{}: `{}` uses `{}` ({}), which is not in the layer list",
                    r.line, module[0], r.module, r.path
                )),
            }
        }
    }
    out
}

#[test]
fn no_module_uses_a_module_listed_after_it_and_every_module_is_listed() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let lib = fs::read_to_string(root.join("src/lib.rs")).unwrap();
    assert!(
        layer_list(&lib).len() >= 10,
        "the layer list of src/lib.rs is read"
    );
    let found = violations(root);
    assert!(found.is_empty(), "layering broken:\n{}", found.join("\n"));
}

#[test]
fn the_files_of_a_loop_free_module_use_each_other_in_no_loop() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let sources: Vec<(Vec<String>, String)> = rust_files(&src)
        .iter()
        .map(|path| (module_of(&src, path), fs::read_to_string(path).unwrap()))
        .filter(|(module, _)| module.first().is_some_and(|m| m != "lib" && m != "main"))
        .collect();
    let found = file_loops::loops(&sources);
    let mut broken = Vec::new();
    for (top, groups) in &found {
        let files: usize = groups.iter().map(BTreeMap::len).sum();
        println!("{top}: {} loops, {files} files in them", groups.len());
        for group in groups {
            let mut said = format!("  a loop of {} files in `{top}`:", group.len());
            for (from, to) in group {
                for (other, (line, path)) in to {
                    let (from, other) = (from.join("::"), other.join("::"));
                    said.push_str(&format!("\n    {from}:{line} uses {other} ({path})"));
                }
            }
            println!("{said}");
            if LOOP_FREE.contains(&top.as_str()) {
                broken.push(said);
            }
        }
    }
    for module in LOOP_FREE {
        assert!(
            sources.iter().any(|(m, _)| m[0] == module),
            "`{module}` has files"
        );
    }
    assert!(broken.is_empty(), "files in a loop:\n{}", broken.join("\n"));
}

#[test]
fn the_scanner_sees_paths_and_not_comments_or_strings() {
    let macros = BTreeMap::from([("tr".to_owned(), "i18n".to_owned())]);
    let module = ["strings".to_owned(), "pick".to_owned()];
    let source = r##"
        //! [`crate::app`] in a doc link, and // crate::discord in a comment
        /* crate::console /* nested */ crate::cli */
        use crate::{rules::Move, app::pick::{self, Choice}};
        const S: &str = "crate::backups"; const R: &str = r#"crate::store "quoted""#;
        fn f<'a>(c: char) -> bool { c == '"' && crate::tr!(x) == super::super::engine::X }
        mod tests { use super::super::Text; use super::super::super::service::Y; }
    "##;
    let found: Vec<(usize, String, String)> = references(source, &module, &macros)
        .into_iter()
        .map(|r| (r.line, r.path, r.module))
        .collect();
    let own = |line: usize, path: &str, module: &str| (line, path.to_owned(), module.to_owned());
    assert_eq!(
        found,
        [
            own(4, "crate::rules::Move", "rules"),
            own(4, "crate::app::pick::self", "app"),
            own(4, "crate::app::pick::Choice", "app"),
            own(6, "crate::tr", "i18n"),
            own(6, "super::super::engine::X", "engine"),
            own(7, "super::super::super::service::Y", "service"),
        ]
    );
}

#[test]
fn the_layer_list_is_read_entry_by_entry() {
    let lib = "//! Intro.\n//!\n//! Layers, lowest first,\n//! on two lines:\n//! - [`locale`]: a value.\n//!   More of it.\n//! - [`rules`]: the game.\n//!\n//! - [`after`]: not in it.\n";
    assert_eq!(layer_list(lib), ["locale", "rules"]);
    assert_eq!(
        declared("pub mod a;\nmod b;\n// mod c;\nmod d { }"),
        ["a", "b"]
    );
}
