//! The service split by use case (issue 33): each part's public surface is small enough to
//! read whole, the bundle [`focus_bot::service::GameService`] only hands the parts out, every
//! part reads the one shared context, and the parts hold each other in no loop.
//!
//! The sources of `src/service/` are read as rustfmt writes them: an `impl` block opens with
//! `impl Name {` at the start of a line and closes with `}` there, its public methods are the
//! lines `    pub fn` and `    pub async fn` (not `pub(crate)`), and a struct's fields are the
//! lines `    name: Type,` of its block.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

use crate::layers::rust_files;

/// The parts of the service, each a struct of its own.
const PARTS: [&str; 11] = [
    "Analyses",
    "Bots",
    "Challenges",
    "Deadlines",
    "Director",
    "Games",
    "Ladder",
    "Post",
    "Records",
    "Settings",
    "Tournaments",
];

/// The most public methods a part may have.
const MAX_PUBLIC: usize = 20;

/// The most public methods of the bundle: `new`, `with_analysis_nodes`, `metrics`, `store`,
/// `now`, `now_ms`.
const MAX_BUNDLE: usize = 6;

/// Every file of `src/service/`: its path from the crate root and its text.
fn service_files() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    rust_files(&root.join("src/service"))
        .into_iter()
        .map(|path| {
            let shown = path.strip_prefix(root).unwrap().display().to_string();
            (shown, fs::read_to_string(&path).unwrap())
        })
        .collect()
}

/// The public methods written in `impl Name {` blocks of `source`: for each type, its methods'
/// names.
fn public_methods(source: &str) -> BTreeMap<String, Vec<String>> {
    let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut open: Option<String> = None;
    for line in source.lines() {
        if let Some(rest) = line.strip_prefix("impl ")
            && let Some(name) = rest.strip_suffix(" {")
            && name.chars().all(|c| c.is_alphanumeric() || c == '_')
        {
            open = Some(name.to_owned());
            out.entry(name.to_owned()).or_default();
            continue;
        }
        if line.starts_with('}') {
            open = None;
            continue;
        }
        let Some(name) = &open else { continue };
        let method = line
            .strip_prefix("    pub fn ")
            .or_else(|| line.strip_prefix("    pub async fn "));
        if let Some(method) = method {
            let method: String = method
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            out.get_mut(name).unwrap().push(method);
        }
    }
    out
}

/// The fields of `pub struct name` in `source` with their types, if it is written there.
fn fields(source: &str, name: &str) -> Option<Vec<(String, String)>> {
    let opening = format!("pub struct {name} {{");
    let mut lines = source.lines().skip_while(|l| *l != opening);
    lines.next()?;
    let mut out = Vec::new();
    for line in lines.take_while(|l| *l != "}") {
        let line = line.trim_start();
        if line.starts_with("//") || line.starts_with('#') {
            continue;
        }
        let line = line.strip_prefix("pub(super) ").unwrap_or(line);
        let line = line.strip_prefix("pub(in crate::service) ").unwrap_or(line);
        let line = line.strip_prefix("pub ").unwrap_or(line);
        if let Some((field, ty)) = line.split_once(": ") {
            out.push((field.to_owned(), ty.trim_end_matches(',').to_owned()));
        }
    }
    Some(out)
}

/// Each type's public methods, over all the files of the service, with the files they are in.
fn surfaces() -> BTreeMap<String, (Vec<String>, BTreeSet<String>)> {
    let mut out: BTreeMap<String, (Vec<String>, BTreeSet<String>)> = BTreeMap::new();
    for (path, source) in service_files() {
        for (name, methods) in public_methods(&source) {
            let entry = out.entry(name).or_default();
            entry.0.extend(methods);
            entry.1.insert(path.clone());
        }
    }
    out
}

#[test]
fn each_part_has_a_public_surface_small_enough_to_read_whole() {
    let surfaces = surfaces();
    let mut total = 0;
    let mut broken = Vec::new();
    for part in PARTS {
        let (methods, files) = surfaces
            .get(part)
            .unwrap_or_else(|| panic!("{part} is read"));
        println!("{part}: {} public methods in {files:?}", methods.len());
        assert!(!methods.is_empty(), "{part} has use cases");
        total += methods.len();
        if methods.len() > MAX_PUBLIC {
            broken.push(format!("{part}: {} public methods", methods.len()));
        }
    }
    // The scan sees the service's use cases: there were about a hundred before the split.
    assert!(total >= 90, "{total} public methods found in the parts");
    assert!(
        broken.is_empty(),
        "more than {MAX_PUBLIC} public methods (split the part):\n{}",
        broken.join("\n")
    );
}

#[test]
fn the_bundle_only_builds_the_parts_and_hands_them_out() {
    let surfaces = surfaces();
    let (methods, files) = &surfaces["GameService"];
    assert_eq!(
        files,
        &BTreeSet::from(["src/service/mod.rs".to_owned()]),
        "GameService's methods are written in src/service/mod.rs only"
    );
    assert!(
        methods.len() <= MAX_BUNDLE,
        "GameService has {} public methods: {methods:?}",
        methods.len()
    );
    let sources = service_files();
    let (_, bundle) = sources
        .iter()
        .find(|(path, _)| path == "src/service/mod.rs")
        .unwrap();
    let fields = fields(bundle, "GameService").expect("GameService is written in mod.rs");
    for part in PARTS {
        assert!(
            fields.iter().any(|(_, ty)| ty == part),
            "GameService hands out {part}: {fields:?}"
        );
    }
}

#[test]
fn every_part_reads_the_shared_context_and_the_parts_hold_each_other_in_no_loop() {
    let sources = service_files();
    // Which parts each part holds a handle to.
    let mut holds: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for part in PARTS {
        let written: Vec<(&String, Vec<(String, String)>)> = sources
            .iter()
            .filter_map(|(path, source)| fields(source, part).map(|f| (path, f)))
            .collect();
        assert_eq!(written.len(), 1, "{part} is written once");
        let (path, fields) = &written[0];
        assert!(
            fields.contains(&("context".to_owned(), "Arc<Context>".to_owned())),
            "{part} ({path}) holds the shared context: {fields:?}"
        );
        let deref = format!("impl std::ops::Deref for {part} {{\n    type Target = Context;");
        assert!(
            sources.iter().any(|(_, source)| source.contains(&deref)),
            "{part} reads the shared context as its own"
        );
        let others = PARTS
            .into_iter()
            .filter(|other| fields.iter().any(|(_, ty)| ty == other))
            .collect();
        holds.insert(part, others);
    }
    // The handles point one way: a walk from any part never comes back to it.
    for part in PARTS {
        let mut seen = BTreeSet::new();
        let mut todo = holds[part].clone();
        while let Some(next) = todo.pop() {
            assert_ne!(
                next, part,
                "{part} reaches itself through its handles: {holds:?}"
            );
            if seen.insert(next) {
                todo.extend(holds[next].iter().copied());
            }
        }
    }
    // The handles the split gave: a change here is a change of the design, said in mod.rs.
    assert_eq!(holds["Post"], ["Games", "Settings", "Tournaments"]);
    assert_eq!(holds["Games"], ["Bots"]);
    assert_eq!(holds["Bots"], Vec::<&str>::new());
}

#[test]
fn the_scan_reads_impl_blocks_and_struct_fields() {
    let source = "impl Part {\n    pub fn a(&self) {}\n    pub(crate) fn b() {}\n    \
                  /// pub fn c\n    pub async fn d() {}\n    fn e() {}\n}\n\
                  impl<T> Other<T> {\n    pub fn f() {}\n}\n\
                  pub struct Part {\n    pub(super) context: Arc<Context>,\n    /// A doc.\n    \
                  bots: Bots,\n}\n";
    assert_eq!(
        public_methods(source),
        BTreeMap::from([("Part".to_owned(), vec!["a".to_owned(), "d".to_owned()])])
    );
    assert_eq!(
        fields(source, "Part").unwrap(),
        [
            ("context".to_owned(), "Arc<Context>".to_owned()),
            ("bots".to_owned(), "Bots".to_owned())
        ]
    );
    assert_eq!(fields(source, "Missing"), None);
}
