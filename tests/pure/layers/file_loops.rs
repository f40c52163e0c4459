//! Loops between the files of one top-level module: `a.rs` uses `b.rs` and `b.rs` uses `a.rs`,
//! directly or through others.
//!
//! A file uses another when it names an item the other defines: through `use`, or a path in
//! its code (`super::X`, `crate::m::f`, `child::g`). A name that a file only imports or
//! re-exports is followed to the file that defines it, so a `mod.rs` that re-exports its
//! children (`pub use child::X`) is no user of them, and a child that names `super::X` uses
//! the file where `X` is written. A `pub use` is a re-export, not a use; `mod child;` is none.

use std::collections::{BTreeMap, BTreeSet};

use super::rust_source::{paths, strip, tokens};

/// The items a path names: the keywords that precede an item's name.
const ITEMS: [&str; 9] = [
    "fn", "struct", "enum", "trait", "type", "const", "static", "mod", "union",
];

/// One file as the loops are measured: what it defines, what it imports, what it uses.
#[derive(Debug, Default)]
struct File {
    /// Names of the items written at its top level.
    defines: BTreeSet<String>,
    /// The names its top-level `use`s bring in, with the absolute path each stands for.
    imports: BTreeMap<String, Vec<String>>,
    /// Absolute paths it uses (not re-exports), with their lines.
    uses: Vec<(usize, Vec<String>)>,
}

/// A use of one file by another: its line, and the path it names, made absolute.
pub type Edge = (usize, String);

/// Files that use each other in a loop: each (by module path) with its uses of the others.
pub type Loop = BTreeMap<Vec<String>, BTreeMap<Vec<String>, Edge>>;

/// `path` as written in module `here`, made absolute; `None` for a path of another crate or of
/// a name in scope that is no module file (`std::fmt`, `Color::ALL`). `modules` are the modules
/// that have a file.
fn absolute(
    here: &[String],
    path: &[String],
    modules: &BTreeSet<Vec<String>>,
) -> Option<Vec<String>> {
    let (first, rest) = path.split_first()?;
    match first.as_str() {
        "crate" => Some(rest.to_vec()),
        "super" | "self" => {
            let mut at = here.to_vec();
            let mut rest = path;
            while let Some((head, tail)) = rest.split_first() {
                match head.as_str() {
                    "super" => {
                        at.pop()?;
                    }
                    "self" => {}
                    _ => break,
                }
                rest = tail;
            }
            Some([at, rest.to_vec()].concat())
        }
        _ => {
            let child = [here.to_vec(), vec![first.clone()]].concat();
            modules
                .contains(&child)
                .then(|| [here.to_vec(), path.to_vec()].concat())
        }
    }
}

/// Reads the file of module `module` (`source`), `modules` being the modules with a file.
fn read(source: &str, module: &[String], modules: &BTreeSet<Vec<String>>) -> File {
    let tokens = tokens(&strip(source));
    let text = |k: usize| tokens.get(k).map_or("", |t| t.text.as_str());
    let mut file = File::default();
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0;
    let mut i = 0;
    while i < tokens.len() {
        match text(i) {
            "{" => depth += 1,
            "}" => {
                depth -= 1;
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
            }
            _ => {}
        }
        let here: Vec<String> = module
            .iter()
            .cloned()
            .chain(inline.iter().map(|(name, _)| name.clone()))
            .collect();
        let named = |k: usize| text(k).starts_with(|c: char| c.is_alphabetic() || c == '_');
        if depth == 0 && inline.is_empty() && ITEMS.contains(&text(i)) && named(i + 1) {
            file.defines.insert(text(i + 1).to_owned());
        }
        if text(i) == "macro_rules" && text(i + 1) == "!" {
            file.defines.insert(text(i + 2).to_owned());
        }
        if text(i) == "mod" && text(i + 2) == "{" {
            inline.push((text(i + 1).to_owned(), depth));
            i += 2;
            continue;
        }
        if text(i) == "use" {
            // `pub use`, `pub(crate) use`: a re-export.
            let mut k = i;
            if k > 0 && text(k - 1) == ")" {
                while k > 0 && text(k - 1) != "(" {
                    k -= 1;
                }
                k = k.saturating_sub(1);
            }
            let public = k > 0 && text(k - 1) == "pub";
            let (found, next) = paths(&tokens, i + 1);
            for mut path in found {
                if path.last().is_some_and(|s| s == "self") {
                    path.pop();
                }
                let Some(target) = absolute(&here, &path, modules) else {
                    continue;
                };
                if inline.is_empty()
                    && let Some(name) = path.last()
                {
                    file.imports.insert(name.clone(), target.clone());
                }
                if !public {
                    file.uses.push((tokens[i].line, target));
                }
            }
            i = next.max(i + 1);
            continue;
        }
        let starts = named(i)
            && text(i + 1) == "::"
            && (i == 0 || (text(i - 1) != "::" && text(i - 1) != "$"));
        if starts {
            let (found, next) = paths(&tokens, i);
            for path in found {
                if let Some(target) = absolute(&here, &path, modules) {
                    file.uses.push((tokens[i].line, target));
                }
            }
            i = next.max(i + 1);
            continue;
        }
        i += 1;
    }
    file
}

/// The module whose file defines what `path` (absolute) names, following imports.
fn defining(files: &BTreeMap<Vec<String>, File>, path: &[String], hops: usize) -> Vec<String> {
    let Some(k) = (1..=path.len())
        .rev()
        .find(|&k| files.contains_key(&path[..k]))
    else {
        return Vec::new();
    };
    let (module, rest) = path.split_at(k);
    let file = &files[module];
    match rest.first() {
        Some(name) if !file.defines.contains(name) && hops < 16 => match file.imports.get(name) {
            Some(target) => defining(
                files,
                &[target.clone(), rest[1..].to_vec()].concat(),
                hops + 1,
            ),
            None => module.to_vec(),
        },
        _ => module.to_vec(),
    }
}

/// The loops among `sources` (each a module path and its file's text): for each top-level
/// module, its groups of files that use each other in a loop, each file with its uses of the
/// others of its group.
pub fn loops(sources: &[(Vec<String>, String)]) -> BTreeMap<String, Vec<Loop>> {
    let modules: BTreeSet<Vec<String>> = sources.iter().map(|(m, _)| m.clone()).collect();
    let files: BTreeMap<Vec<String>, File> = sources
        .iter()
        .map(|(m, s)| (m.clone(), read(s, m, &modules)))
        .collect();
    // Who uses whom, inside each top-level module.
    let mut uses: BTreeMap<Vec<String>, BTreeMap<Vec<String>, Edge>> = BTreeMap::new();
    for (module, file) in &files {
        let entry = uses.entry(module.clone()).or_default();
        for (line, path) in &file.uses {
            let target = defining(&files, path, 0);
            if target.first() == module.first() && target != *module {
                let written = path.join("::");
                entry.entry(target).or_insert((*line, written));
            }
        }
    }
    let reach = |from: &Vec<String>| {
        let mut seen = BTreeSet::new();
        let mut todo = vec![from.clone()];
        while let Some(at) = todo.pop() {
            for next in uses.get(&at).into_iter().flat_map(|m| m.keys()) {
                if seen.insert(next.clone()) {
                    todo.push(next.clone());
                }
            }
        }
        seen
    };
    let reaches: BTreeMap<&Vec<String>, BTreeSet<Vec<String>>> =
        files.keys().map(|m| (m, reach(m))).collect();
    let mut out: BTreeMap<String, Vec<Loop>> = BTreeMap::new();
    let mut placed = BTreeSet::new();
    for module in files.keys() {
        if placed.contains(module) || !reaches[module].contains(module) {
            continue;
        }
        let group: BTreeSet<Vec<String>> = reaches[module]
            .iter()
            .filter(|other| reaches[*other].contains(module))
            .cloned()
            .collect();
        let edges = group
            .iter()
            .map(|m| {
                let inside = uses[m]
                    .iter()
                    .filter(|(to, _)| group.contains(*to))
                    .map(|(to, edge)| (to.clone(), edge.clone()))
                    .collect();
                (m.clone(), inside)
            })
            .collect();
        placed.extend(group);
        out.entry(module[0].clone()).or_default().push(edges);
    }
    out
}

#[test]
fn a_child_that_names_its_parents_item_is_a_loop_only_where_the_item_is_written() {
    let module = |m: &str| m.split("::").map(str::to_owned).collect::<Vec<_>>();
    let parent = "mod child; mod leaf;\npub use leaf::Words;\npub struct Parent;\n\
                  fn f() { child::draw(); }\n";
    let sources = |child: &str| {
        vec![
            (module("m"), parent.to_owned()),
            (module("m::child"), child.to_owned()),
            (module("m::leaf"), "pub struct Words;\n".to_owned()),
        ]
    };
    // Through the re-export, `super::Words` is the leaf's: no loop.
    let free = loops(&sources("use super::Words;\npub fn draw() {}\n"));
    assert!(free.is_empty(), "{free:?}");
    // `Parent` is written in the parent, which calls the child: a loop, with where each uses
    // the other.
    let looped = loops(&sources(
        "pub fn draw() {}\nfn g() -> super::Parent { todo!() }\n",
    ));
    let groups = &looped["m"];
    assert_eq!(groups.len(), 1);
    assert_eq!(
        groups[0],
        BTreeMap::from([
            (
                module("m"),
                BTreeMap::from([(module("m::child"), (4, "m::child::draw".to_owned()))])
            ),
            (
                module("m::child"),
                BTreeMap::from([(module("m"), (2, "m::Parent".to_owned()))])
            ),
        ])
    );
}
