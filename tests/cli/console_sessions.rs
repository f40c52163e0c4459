//! The console across sessions and its wording (issue 32): files of a later session never
//! overwrite an earlier one's, a later session names the threads and players of an earlier
//! one rather than printing their ids, and leaving a tournament twice says so.

use std::path::{Path, PathBuf};

use focus_bot::console::Console;
use focus_bot::i18n::Lang;
use focus_bot::store::{AsyncStore, Store};

fn console(out: &Path, lang: Lang) -> Console {
    let store = AsyncStore::spawn(Store::open_in_memory().unwrap()).unwrap();
    Console::new(store, out, vec!["Mod".to_owned()], lang).unwrap()
}

/// The files a reply says it wrote (`  board: …`, `  record: …`).
fn written(lines: &[String]) -> Vec<PathBuf> {
    lines
        .iter()
        .flat_map(|l| l.lines())
        .filter_map(|l| l.trim_start().split_once(": "))
        .filter(|(what, _)| matches!(*what, "board" | "chart" | "replay" | "record"))
        .map(|(_, path)| PathBuf::from(path))
        .collect()
}

#[tokio::test]
async fn files_of_a_later_session_never_overwrite_an_earlier_ones() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("boards");
    // Two sessions on two databases, one folder: both have a game 1.
    let mut first = Vec::new();
    {
        let mut c = console(&out, Lang::ENGLISH);
        for line in [
            "alice: challenge opponent:bob color:white",
            "bob: accept",
            "alice: move c4-d4",
            "alice: board",
        ] {
            first.extend(written(&c.handle(line).await));
        }
    }
    assert!(first.len() >= 3, "{first:?}");
    let before: Vec<Vec<u8>> = first.iter().map(|p| std::fs::read(p).unwrap()).collect();
    let mut second = Vec::new();
    {
        let mut c = console(&out, Lang::ENGLISH);
        for line in [
            "carol: challenge opponent:dave color:black",
            "dave: accept",
            "dave: move c4-d4",
            "carol: board",
            "carol: board",
        ] {
            second.extend(written(&c.handle(line).await));
        }
    }
    assert!(second.len() >= 4, "{second:?}");
    let mut all = first.clone();
    all.extend(second.iter().cloned());
    let mut distinct = all.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), all.len(), "a name used twice: {all:#?}");
    for (path, bytes) in first.iter().zip(&before) {
        assert_eq!(&std::fs::read(path).unwrap(), bytes, "{}", path.display());
    }
    for path in &second {
        assert!(path.exists(), "{}", path.display());
    }
}

/// True when `line` shows a channel or a DM's reader by a bare number.
fn shows_an_id(line: &str) -> bool {
    let bare = |rest: &str, end: char| {
        rest.split(end)
            .next()
            .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
    };
    line.strip_prefix("[#").is_some_and(|r| bare(r, ']'))
        || line.strip_prefix("[DM to ").is_some_and(|r| bare(r, ']'))
}

#[tokio::test]
async fn a_later_session_names_the_threads_and_players_of_an_earlier_one() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("focus.db");
    {
        let store = AsyncStore::open(&db).await.unwrap();
        let mut c = Console::new(store, dir.path(), vec!["Mod".to_owned()], Lang::ENGLISH).unwrap();
        c.handle("Mod: tournament create name:Spring rounds:3 minutes:15")
            .await;
        for name in ["alice", "bob", "carol", "dave"] {
            c.handle(&format!("{name}: tournament join")).await;
            c.handle(&format!("{name}: notify dm:true")).await;
        }
        let started = c.handle("Mod: tournament start").await;
        assert!(
            started.iter().any(|l| l.contains("round 1, board 1")),
            "{started:#?}"
        );
    }
    // The next session: nobody has typed a line yet when the games run out of time.
    let store = AsyncStore::open(&db).await.unwrap();
    let mut c = Console::new(store, dir.path(), vec![], Lang::ENGLISH).unwrap();
    let out = c.handle("wait 1h").await;
    let lines: Vec<&str> = out.iter().flat_map(|l| l.lines()).collect();
    assert!(
        lines.iter().any(|l| l.starts_with("[#t1-r1-b1] bot: ")),
        "{out:#?}"
    );
    // Who loses on time depends on the draw of colours: someone is told by DM, by name.
    let dm_to_a_player = |l: &&str| {
        ["alice", "bob", "carol", "dave"]
            .iter()
            .any(|name| l.starts_with(&format!("[DM to {name}] bot: ")))
    };
    assert!(lines.iter().any(dm_to_a_player), "{out:#?}");
    assert!(!lines.iter().any(|l| shows_an_id(l)), "{out:#?}");
}

#[tokio::test]
async fn leaving_a_tournament_twice_says_you_left_already() {
    for (lang, left, never) in [
        (
            Lang::ENGLISH,
            "you have already left tournament #1",
            "you are not in tournament #1: nothing to leave",
        ),
        (
            Lang::of_tag("ru"),
            "вы уже покинули турнир #1",
            "вы не участвуете в турнире #1: покидать нечего",
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let mut c = console(dir.path(), lang);
        c.handle("Mod: tournament create name:Spring rounds:3")
            .await;
        c.handle("alice: tournament join").await;
        let first = c.handle("alice: tournament leave").await;
        assert!(!first[0].contains(" only: "), "{first:?}");
        let again = c.handle("alice: tournament leave").await;
        assert!(again[0].ends_with(&format!(": {left}")), "{again:?}");
        let never_in = c.handle("carol: tournament leave").await;
        assert!(never_in[0].ends_with(&format!(": {never}")), "{never_in:?}");
    }
}

#[tokio::test]
async fn a_button_label_typed_by_someone_who_cannot_click_it_gets_a_sentence() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = console(dir.path(), Lang::ENGLISH);
    c.handle("alice: challenge opponent:bob color:white rules:mirror")
        .await;
    c.handle("bob: accept").await;
    c.handle("alice: move c4-d4").await;
    // f5-e5 would mirror the position: Bob alone is shown the button that plays it anyway.
    let lines = c.handle("bob: move f5-e5").await;
    assert!(lines[1].contains("[Play it anyway]"), "{lines:?}");
    assert_eq!(
        c.handle("alice: play it anyway").await,
        [
            "[#general] bot → alice only: only @bob sees the [Play it anyway] button: only they can \
          click it"
        ]
    );
    let played = c.handle("bob: play it anyway").await;
    assert!(
        played.iter().any(|l| l.contains("@bob played f5-e5.")),
        "{played:?}"
    );
}
