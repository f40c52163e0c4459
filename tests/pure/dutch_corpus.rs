//! The Dutch system against the reference corpus (issue 21): every round of every tournament
//! in `tests/data/pairing/dutch/` is the reference implementation's pairing (caissify-pairings
//! 0.5.0, used as a black box by `scripts/pairing/make_corpus.py`) for the history before it.
//! We re-pair each round from the same history and must find the same games, colours and bye.
//! After the histories of `dutch-no-pairing/`, no legal next round exists: we must say so.
//! `dutch-large/` holds tournaments of the large comparison (`scripts/pairing/compare.py`,
//! seed 1, first 1,100) where we paired differently: all but three since fixed (twelve of them
//! by C.9's scope: the fewest unplayed games counts only in a bracket that floats exactly one
//! player, who receives the bye), the others listed below.

use std::path::Path;

use focus_bot::pairing::dutch::{self, PairingError};
use focus_bot::pairing::{System, check, trf};

/// Rounds where we still pair differently from the reference, by file and round, each
/// explained in the issue note. The test fails if one of them starts to agree (remove it),
/// and for any other round that differs.
const KNOWN_DIFFERENCES: &[(&str, u32)] = &[
    // Forfeits and absences: pairs inside a score group.
    ("p28-r08-odd-d30-forfeits-absences-s1.trf", 7),
    // Absences, pairs inside a score group.
    (
        "t00848-p11-r07of07-d40-absences-draws-pab-black1-s952930577.trf",
        6,
    ),
    // The last round with topscorers (A.7).
    ("t00701-p12-r09of09-d30-draws-rtg-s697229212.trf", 9),
    // Absences and requested byes.
    (
        "t00728-p35-r09of09-d40-absences-byeF-byeH-byeZ-draws-forfeits-s603617969.trf",
        8,
    ),
    (
        "t00728-p35-r09of09-d40-absences-byeF-byeH-byeZ-draws-forfeits-s603617969.trf",
        9,
    ),
];

fn files(directory: &str) -> Vec<std::path::PathBuf> {
    let directory = Path::new(env!("CARGO_MANIFEST_DIR")).join(directory);
    let mut files: Vec<_> = std::fs::read_dir(&directory)
        .expect("the corpus directory")
        .map(|entry| entry.expect("a corpus entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "trf"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_round_of_the_corpus_is_paired_as_the_reference_does() {
    let corpus = files("tests/data/pairing/dutch");
    assert!(corpus.len() >= 70, "the corpus has {} files", corpus.len());
    let large = files("tests/data/pairing/dutch-large");
    assert!(
        large.len() >= 17,
        "{} files from the large comparison",
        large.len()
    );
    let files: Vec<_> = corpus.into_iter().chain(large).collect();
    let (mut rounds, mut differences) = (0, Vec::new());
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(path).unwrap();
        let tournament = trf::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        for round in check(&tournament, System::Dutch) {
            rounds += 1;
            let known = KNOWN_DIFFERENCES.contains(&(name.as_str(), round.round));
            if round.identical() == known {
                differences.push(format!(
                    "{name} round {}: {} (file only {:?}, ours only {:?})",
                    round.round,
                    if known { "now identical" } else { "differs" },
                    round.only_in_file,
                    round.only_in_ours
                ));
            }
        }
    }
    assert!(rounds >= 534 + 138, "{rounds} rounds checked");
    assert!(differences.is_empty(), "{}", differences.join("\n"));
}

#[test]
fn after_the_no_pairing_histories_no_legal_round_exists() {
    let files = files("tests/data/pairing/dutch-no-pairing");
    assert!(!files.is_empty());
    for path in files {
        let tournament = trf::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let next = tournament.rounds_paired() + 1;
        let result = dutch::pair(&tournament, next, &tournament.to_pair_in(next));
        assert_eq!(
            result,
            Err(PairingError::NoLegalPairing { round: next }),
            "{}",
            path.display()
        );
    }
}
