//! The Dutch system against the reference corpus (issue 21): every round of every tournament
//! in `tests/data/pairing/dutch/` is the reference implementation's pairing (caissify-pairings
//! 0.5.0, used as a black box by `scripts/pairing/make_corpus.py`) for the history before it.
//! We re-pair each round from the same history and must find the same games, colours and bye.
//! After the histories of `dutch-no-pairing/`, no legal next round exists: we must say so.
//! `dutch-large/` holds tournaments of the large comparison (`scripts/pairing/compare.py`,
//! seed 1, all 2,000) where we paired differently: thirteen since fixed (twelve of them by C.9's
//! scope: the fewest unplayed games counts only in a bracket that floats exactly one player,
//! who receives the bye), the others listed below.

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
    // Tournaments 1,100–1,999 of the large comparison. Two plain ones from the reference's own
    // generator (no forfeit, bye or absence) where its pairing leaves a pair fewer in a bracket
    // than C.6 allows as we read it: t01352 round 6 (the 2.5 bracket: our 3-7, 6-4 against its
    // one pair 2-6) and t01144 round 7 (the 3.0 bracket: our 1-6, 4-5 against its 3-6).
    (
        "t01144-p08-r08of11-d50-byeH-draws-forfeits-withdrawals-s937164489.trf",
        7,
    ),
    ("t01352-p10-r09of11-d30-draws-rtg-s1050957339.trf", 6),
    // The last round with topscorers (A.7), as t00701.
    ("t01326-p12-r10of10-d70-draws-rtg-s838823402.trf", 10),
    // Absences and forfeits, as t00728 and t00848.
    (
        "t01512-p24-r11of11-d70-absences-draws-forfeits-pab-s544150725.trf",
        10,
    ),
    (
        "t01617-p38-r11of11-d30-absences-draws-forfeits-pab-withdrawals-s770706136.trf",
        8,
    ),
    (
        "t01617-p38-r11of11-d30-absences-draws-forfeits-pab-withdrawals-s770706136.trf",
        9,
    ),
    (
        "t01682-p33-r10of10-d20-absences-byeH-draws-forfeits-withdrawals-s855752178.trf",
        10,
    ),
    (
        "t01772-p35-r11of11-d70-absences-draws-forfeits-pab-s249608311.trf",
        7,
    ),
    (
        "t01818-p22-r07of07-d40-absences-byeH-draws-forfeits-s183708061.trf",
        7,
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
        large.len() >= 25,
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
    assert!(rounds >= 534 + 138 + 77, "{rounds} rounds checked");
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
