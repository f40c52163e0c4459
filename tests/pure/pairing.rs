//! Tournament pairing (issue 21): the TRF-16 reader and writer, the Berger tables against the
//! reference's, the C.07 tie-breaks on crosstables computed by hand, and the round-by-round
//! check.
// Longer than 400 lines: the pairing module's tests share their tournaments and crosstables.

use focus_bot::pairing::berger::{self, BergerError, Cycles};
use focus_bot::pairing::check::{RepairError, System};
use focus_bot::pairing::tiebreak::{self, TieBreak};
use focus_bot::pairing::trf::{self, TrfErrorKind};
use focus_bot::pairing::{Colour, Entry, GameScore, Pairing, Player, Tournament, check};
use proptest::prelude::*;

const CROSSTABLE: &str = include_str!("../data/pairing/crosstable.trf");
const ROUND_ROBIN: &str = include_str!("../data/pairing/rr4.trf");
const SWISS: &str = include_str!("../../docs/examples/swiss.trf");
const BERGER: &str = include_str!("../data/pairing/berger.txt");
/// A tournament from the reference's generator (bbpPairings `--dutch -g`, 9 players, 5 rounds,
/// seed 1), as it writes them but for line ends and an added `XXR`: no XXC (player 1 had Black
/// in round 1), a trailing `092` line, forfeits.
const GENERATED: &str = include_str!("../data/pairing/reference-9p-5r.trf");

fn game(opponent: u32, colour: Colour, score: GameScore) -> Entry {
    Entry::Played {
        opponent,
        colour,
        score,
    }
}

/// `text` with the characters from `column` (1-based) of line `line` replaced by `with`.
fn edit(text: &str, line: usize, column: usize, with: &str) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let mut chars: Vec<char> = lines[line - 1].chars().collect();
    for (offset, c) in with.chars().enumerate() {
        chars[column - 1 + offset] = c;
    }
    lines[line - 1] = chars.into_iter().collect();
    lines.join("\n") + "\n"
}

fn game_pair(white: u32, black: u32) -> Pairing {
    Pairing::Game { white, black }
}

// ---------------------------------------------------------------- TRF

#[test]
fn reads_the_crosstable_entry_by_entry() {
    use Colour::{Black, White};
    use GameScore::{Draw, Loss, Win};
    let t = trf::parse(CROSSTABLE).unwrap();
    assert_eq!(t.name, "Tie-break crosstable");
    assert_eq!(t.rounds, Some(3));
    assert_eq!(t.initial_colour, White);
    let ids: Vec<u32> = t.players.iter().map(|p| p.id).collect();
    assert_eq!(ids, [1, 2, 3, 4, 5]);
    assert_eq!(t.players[0].name, "Ash,Ada");
    assert_eq!(t.players[0].rating, 2490);
    assert_eq!(
        t.players[0].entries,
        [
            game(4, White, Win),
            game(3, Black, Win),
            game(2, White, Draw)
        ]
    );
    assert_eq!(
        t.players[1].entries,
        [
            game(5, White, Draw),
            Entry::Bye { half_points: 1 },
            game(1, Black, Draw)
        ]
    );
    assert_eq!(
        t.players[2].entries,
        [Entry::PairingBye, game(1, White, Loss), game(5, Black, Win)]
    );
    // Player 4's line stops after round 2: round 3 is blank, absent.
    assert_eq!(
        t.players[3].entries,
        [
            game(1, Black, Loss),
            Entry::Forfeit {
                opponent: 5,
                colour: Some(White),
                won: true
            },
            Entry::Absent
        ]
    );
    assert_eq!(
        t.players[4].entries[1],
        Entry::Forfeit {
            opponent: 4,
            colour: Some(Black),
            won: false
        }
    );
    assert_eq!(t.rounds_paired(), 3);
    assert_eq!(t.paired_in(2), [1, 3, 4, 5]);
    assert_eq!(t.paired_in(3), [1, 2, 3, 5]);
}

/// A player line: starting number `n` (also its rank), rating 2000, `points` (blank for none)
/// and the round blocks from column 92.
fn line(n: u32, name: &str, points: &str, blocks: &str) -> String {
    format!(
        "001 {n:>4}      {name:<33} 2000{:28}{points:>4} {n:>4}  {blocks}\n",
        ""
    )
}

/// A two-player file with these round blocks, points left blank.
fn two_players(block1: &str, block2: &str) -> String {
    format!(
        "012 Two\n{}{}",
        line(1, "One", "", block1),
        line(2, "Two", "", block2)
    )
}

#[test]
fn reads_every_result_code() {
    use Colour::{Black, White};
    // Unrated games count as played: W D L read as 1 = 0.
    let t = trf::parse(&two_players(
        "   2 w W     2 b D     2 w L     2 b +     2 w -     2 - -",
        "   1 b L     1 w D     1 b W     1 w -     1 b +     1 - -",
    ))
    .unwrap();
    assert_eq!(
        t.players[0].entries,
        [
            game(2, White, GameScore::Win),
            game(2, Black, GameScore::Draw),
            game(2, White, GameScore::Loss),
            Entry::Forfeit {
                opponent: 2,
                colour: Some(Black),
                won: true
            },
            Entry::Forfeit {
                opponent: 2,
                colour: Some(White),
                won: false
            },
            // A double forfeit: both lose, no colour given.
            Entry::Forfeit {
                opponent: 2,
                colour: None,
                won: false
            },
        ]
    );
    let t = trf::parse(&two_players(
        "0000 - U  0000 - H  0000 - F  0000 - Z  0000 - +  0000 - -",
        "",
    ))
    .unwrap();
    assert_eq!(
        t.players[0].entries,
        [
            Entry::PairingBye,
            Entry::Bye { half_points: 1 },
            Entry::Bye { half_points: 2 },
            Entry::Bye { half_points: 0 },
            Entry::Bye { half_points: 2 },
            Entry::Bye { half_points: 0 },
        ]
    );
    // Player 2 has no blocks: absent in every round, padded to the file's six.
    assert_eq!(t.players[1].entries, [Entry::Absent; 6]);
    assert_eq!(t.to_pair_in(7), [1, 2]);
    assert_eq!(t.to_pair_in(6), [2]);
}

#[test]
fn the_initial_colour_is_xxc_else_round_one_else_white() {
    // The reference's generated files have no XXC: round 1 says the top seed had Black.
    let generated = format!(
        "012 G\nXXR 2\n{}{}{}{}",
        line(1, "A", "1.0", "   3 b 1"),
        line(2, "B", "0.0", "   4 w 0"),
        line(3, "C", "0.0", "   1 w 0"),
        line(4, "D", "1.0", "   2 b 1"),
    );
    assert_eq!(
        trf::parse(&generated).unwrap().initial_colour,
        Colour::Black
    );
    // Board 1 (player 1's) is a forfeit without colours; board 2's higher player, 2, had White,
    // the opposite of the initial colour (C.04.3 E.5): Black again.
    let forfeit = generated
        .replace("   3 b 1", "   3 - +")
        .replace("   1 w 0", "   1 - -");
    let t = trf::parse(&forfeit).unwrap();
    assert_eq!(
        t.players[0].entries[0],
        Entry::Forfeit {
            opponent: 3,
            colour: None,
            won: true
        }
    );
    assert_eq!(t.initial_colour, Colour::Black);
    let with_xxc = generated.replace("XXR 2\n", "XXR 2\nXXC white1\n");
    assert_eq!(trf::parse(&with_xxc).unwrap().initial_colour, Colour::White);
    let nothing_played = "012 G\n001    1      A\n001    2      B\n";
    assert_eq!(
        trf::parse(nothing_played).unwrap().initial_colour,
        Colour::White
    );
    let black1 = "012 G\nXXC black1\n001    1      A\n001    2      B\n";
    assert_eq!(trf::parse(black1).unwrap().initial_colour, Colour::Black);
}

#[test]
fn reads_the_reference_generators_files() {
    // bbpPairings' random tournament generator (`--dutch -g` with 9 players, 5 rounds, 30 %
    // draws, seed 1), its round count given as `XXR`.
    let t = trf::parse(GENERATED).unwrap();
    assert_eq!(t.name, "AutoTest Tournament 1");
    assert_eq!(t.rounds, Some(5));
    // The top seed had Black in round 1.
    assert_eq!(t.initial_colour, Colour::Black);
    assert_eq!(t.rounds_paired(), 5);
    assert!(t.players.iter().all(|p| p.entries.len() == 5));
    // One pairing-allocated bye a round, each to a different player.
    let byes: Vec<u32> = (1..=5)
        .map(|round| {
            let with_bye: Vec<u32> = t
                .players
                .iter()
                .filter(|p| p.entry(round) == Entry::PairingBye)
                .map(|p| p.id)
                .collect();
            assert_eq!(with_bye.len(), 1);
            with_bye[0]
        })
        .collect();
    let distinct: std::collections::HashSet<u32> = byes.iter().copied().collect();
    assert_eq!(distinct.len(), 5);
    // It reads back from what we write.
    assert_eq!(trf::parse(&trf::write(&t)).unwrap(), t);
}

#[test]
fn check_of_a_generated_file_is_identical() {
    // bbpPairings' checker finds every round identical to its own pairing.
    let t = trf::parse(GENERATED).unwrap();
    for c in check(&t, System::Dutch) {
        assert!(c.identical(), "{c:?}");
    }
}

#[test]
fn ignores_other_lines_and_windows_line_ends() {
    let text = format!(
        "042 2026/01/01\r\n102 Chief Arbiter\r\nZZZ whatever\r\n{}",
        CROSSTABLE.replace('\n', "\r\n")
    );
    assert_eq!(trf::parse(&text).unwrap(), trf::parse(CROSSTABLE).unwrap());
}

/// A refusal case: the edit (line, column, replacement), then where the error is and its kind.
type Refusal = (usize, usize, &'static str, (usize, usize), TrfErrorKind);

#[test]
fn refusals_name_line_and_column() {
    // (line, column, replacement, line and column of the error, its kind)
    let cases: Vec<Refusal> = vec![
        (4, 97, "x", (4, 97), TrfErrorKind::NotAColour { found: 'x' }),
        (4, 99, "?", (4, 99), TrfErrorKind::NotAResult { found: '?' }),
        (
            5,
            5,
            "   1",
            (5, 5),
            TrfErrorKind::DuplicateStartingNumber {
                number: 1,
                first_line: 4,
            },
        ),
        (
            2,
            5,
            "2",
            (4, 112),
            TrfErrorKind::RoundPastEnd {
                round: 3,
                rounds: 2,
            },
        ),
        (
            4,
            92,
            "   1",
            (4, 92),
            TrfErrorKind::PlaysThemself {
                player: 1,
                round: 1,
            },
        ),
        (
            7,
            97,
            "w",
            (4, 92),
            TrfErrorKind::Asymmetric {
                player: 1,
                opponent: 4,
                round: 1,
                said: "4, white, 1".to_owned(),
                other: "1, white, 0".to_owned(),
                opponent_line: 7,
            },
        ),
    ];
    for (line, column, with, at, kind) in cases {
        let error = trf::parse(&edit(CROSSTABLE, line, column, with)).unwrap_err();
        assert_eq!((error.line, error.column), at, "{error}");
        assert_eq!(error.kind, kind);
    }
}

#[test]
fn a_refusal_is_one_sentence() {
    let error = trf::parse(&edit(CROSSTABLE, 4, 97, "x")).unwrap_err();
    assert_eq!(
        error.to_string(),
        "line 4, column 97: `x` is not a colour (w, b or -)"
    );
}

#[test]
fn writes_what_it_reads() {
    let t = trf::parse(CROSSTABLE).unwrap();
    let written = trf::write(&t);
    assert_eq!(trf::parse(&written).unwrap(), t);
    // The layout of TRF-16, with points and rank (by score, then Buchholz Cut-1, …).
    assert_eq!(
        written,
        "012 Tie-break crosstable\n\
         062 5\n\
         XXR 3\n\
         XXC white1\n\
         001    1      Ash,Ada                           2490                             2.5    1     4 w 1     3 b 1     2 w =\n\
         001    2      Birch,Ben                         2480                             1.5    3     5 w =  0000 - H     1 b =\n\
         001    3      Cedar,Cy                          2470                             2.0    2  0000 - U     1 w 0     5 b 1\n\
         001    4      Dogwood,Di                        2460                             1.0    4     1 b 0     5 w +\n\
         001    5      Elm,Ed                            2450                             0.5    5     2 b =     4 b -     3 w 0\n"
    );
}

#[test]
fn the_example_file_reads_and_writes_back_unchanged() {
    // docs/examples/swiss.trf was written by `trf::write` and the reference checker accepts it.
    let t = trf::parse(SWISS).unwrap();
    assert_eq!(t.players.len(), 9);
    assert_eq!(t.rounds_paired(), 3);
    assert_eq!(t.to_pair_in(4), (1..=9).collect::<Vec<_>>());
    assert_eq!(trf::write(&t), SWISS);
}

/// A random tournament in the canonical shape: symmetric games, forfeits and byes.
fn random_tournament(seed: u64, players: u32, rounds: u32) -> Tournament {
    let mut state = seed | 1;
    let mut next = move |bound: u64| {
        // xorshift64: reproducible from the seed proptest shrinks.
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % bound
    };
    let mut entries = vec![Vec::new(); players as usize];
    for _ in 0..rounds {
        let mut order: Vec<u32> = (1..=players).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, next(i as u64 + 1) as usize);
        }
        let mut round = vec![Entry::Absent; players as usize];
        let mut rest = order.as_slice();
        while let [a, b, tail @ ..] = rest {
            let (white, black) = (*a, *b);
            let (w, b) = match next(8) {
                0 => (
                    Entry::Forfeit {
                        opponent: black,
                        colour: Some(Colour::White),
                        won: true,
                    },
                    Entry::Forfeit {
                        opponent: white,
                        colour: Some(Colour::Black),
                        won: false,
                    },
                ),
                1 => (
                    Entry::Bye {
                        half_points: next(3) as u32,
                    },
                    Entry::Absent,
                ),
                2 => (Entry::PairingBye, Entry::Absent),
                k => {
                    let score = [GameScore::Win, GameScore::Draw, GameScore::Loss][k as usize % 3];
                    (
                        game(black, Colour::White, score),
                        game(white, Colour::Black, score.reversed()),
                    )
                }
            };
            round[white as usize - 1] = w;
            round[black as usize - 1] = b;
            rest = tail;
        }
        for (player, entry) in round.into_iter().enumerate() {
            entries[player].push(entry);
        }
    }
    // The canonical shape: as many entries as the last round anyone has one in.
    let width = entries
        .iter()
        .map(|e| {
            e.iter()
                .rposition(|x| *x != Entry::Absent)
                .map_or(0, |i| i + 1)
        })
        .max()
        .unwrap_or(0);
    Tournament {
        name: format!("Random {seed}"),
        rounds: (next(2) == 0).then_some(rounds),
        initial_colour: if next(2) == 0 {
            Colour::White
        } else {
            Colour::Black
        },
        players: entries
            .into_iter()
            .enumerate()
            .map(|(i, mut e)| {
                e.truncate(width);
                Player {
                    id: i as u32 + 1,
                    name: format!("Player {}", i + 1),
                    rating: next(3000) as u32,
                    entries: e,
                }
            })
            .collect(),
    }
}

proptest! {
    #[test]
    fn parse_of_write_is_the_tournament(seed in any::<u64>(), players in 1u32..14, rounds in 0u32..8) {
        let t = random_tournament(seed, players, rounds);
        prop_assert_eq!(trf::parse(&trf::write(&t)).unwrap(), t);
    }
}

// ---------------------------------------------------------------- Berger tables

#[test]
fn berger_tables_are_the_references() {
    let mut lines = 0;
    for line in BERGER.lines().filter(|l| !l.starts_with('#')) {
        let (head, games) = line.split_once(": ").unwrap();
        let numbers: Vec<u32> = head.split(' ').map(|n| n.parse().unwrap()).collect();
        let (players, cycles, round) = (numbers[0], numbers[1], numbers[2]);
        let cycles = if cycles == 1 {
            Cycles::Single
        } else {
            Cycles::Double
        };
        let mut want: Vec<Pairing> = Vec::new();
        let mut words = games.split(' ');
        while let Some(word) = words.next() {
            if word == "bye" {
                want.push(Pairing::Bye(words.next().unwrap().parse().unwrap()));
            } else {
                let (w, b) = word.split_once('-').unwrap();
                want.push(game_pair(w.parse().unwrap(), b.parse().unwrap()));
            }
        }
        let mut got = berger::round(players, round, cycles).unwrap();
        got.sort();
        want.sort();
        assert_eq!(got, want, "{line}");
        lines += 1;
    }
    // 3 to 20 players, single and double: every round of every table.
    let expected: u32 = (3..=20).map(|n| 3 * berger::cycle_rounds(n)).sum();
    assert_eq!(lines, expected);
}

#[test]
fn berger_rounds_in_board_order() {
    // C.05 Annex 1, six players: board 1 is player 6's, who alternates colours.
    assert_eq!(
        berger::round(6, 1, Cycles::Single).unwrap(),
        [game_pair(1, 6), game_pair(2, 5), game_pair(3, 4)]
    );
    assert_eq!(
        berger::round(6, 2, Cycles::Single).unwrap(),
        [game_pair(6, 4), game_pair(5, 3), game_pair(1, 2)]
    );
    // Five players: the dummy 6's opponent has the bye, listed last.
    assert_eq!(
        berger::round(5, 1, Cycles::Single).unwrap(),
        [game_pair(2, 5), game_pair(3, 4), Pairing::Bye(1)]
    );
    // The second cycle reverses the first's colours.
    assert_eq!(
        berger::round(6, 6, Cycles::Double).unwrap(),
        [game_pair(6, 1), game_pair(5, 2), game_pair(4, 3)]
    );
}

#[test]
fn berger_tables_meet_everyone_once_a_cycle() {
    for players in berger::MIN_PLAYERS..=berger::MAX_PLAYERS {
        let schedule = berger::schedule(players, Cycles::Double).unwrap();
        assert_eq!(schedule.len() as u32, 2 * berger::cycle_rounds(players));
        let mut met = std::collections::HashMap::new();
        for round in &schedule {
            let mut seen = std::collections::HashSet::new();
            for pairing in round {
                match *pairing {
                    Pairing::Game { white, black } => {
                        assert!(seen.insert(white) && seen.insert(black));
                        *met.entry((white.min(black), white.max(black), white))
                            .or_insert(0) += 1;
                    }
                    Pairing::Bye(p) => assert!(seen.insert(p)),
                }
            }
            assert_eq!(seen.len() as u32, players, "everyone once a round");
        }
        // Each pair twice, once with each colour.
        assert_eq!(met.len() as u32, players * (players - 1));
        assert!(met.values().all(|&n| n == 1));
    }
}

#[test]
fn berger_refuses_what_it_has_no_table_for() {
    assert_eq!(
        berger::round(21, 1, Cycles::Single)
            .unwrap_err()
            .to_string(),
        "the Berger tables are for 3 to 20 players, not 21"
    );
    assert_eq!(
        berger::schedule(2, Cycles::Single).unwrap_err(),
        BergerError::Players { players: 2 }
    );
    assert_eq!(
        berger::round(6, 6, Cycles::Single).unwrap_err().to_string(),
        "a single round-robin of 6 players has 5 rounds, so there is no round 6"
    );
    assert_eq!(
        berger::round(5, 11, Cycles::Double)
            .unwrap_err()
            .to_string(),
        "a double round-robin of 5 players has 10 rounds, so there is no round 11"
    );
    assert!(berger::round(6, 0, Cycles::Single).is_err());
    assert_eq!(berger::cycles_for(6, None), Some(Cycles::Single));
    assert_eq!(berger::cycles_for(6, Some(5)), Some(Cycles::Single));
    assert_eq!(berger::cycles_for(5, Some(10)), Some(Cycles::Double));
    assert_eq!(berger::cycles_for(6, Some(7)), None);
}

// ---------------------------------------------------------------- tie-breaks

#[test]
fn tie_breaks_of_the_crosstable_by_hand() {
    // Scores: 1 2½, 2 1½ (a half-point bye), 3 2 (a pairing-allocated bye), 4 1 (a forfeit
    // win, then absent), 5 ½ (a forfeit loss). Opponents see VURs as draws (C.07 article 16):
    // 4 counts 1½ (absent in round 3), 5 counts 1 (the forfeit loss). Unplayed rounds count
    // the player's own score (the dummy opponent).
    let t = trf::parse(CROSSTABLE).unwrap();
    let all = [
        TieBreak::Buchholz,
        TieBreak::BuchholzCut1,
        TieBreak::SonnebornBerger,
        TieBreak::Wins,
    ];
    let rows = tiebreak::standings(&t, 3, &all);
    let by_player: Vec<(u32, u32, u32, Vec<f64>)> = rows
        .iter()
        .map(|s| (s.rank, s.player, s.half_points, s.tie_breaks.clone()))
        .collect();
    assert_eq!(
        by_player,
        [
            // BH: 4 (1½) + 3 (2) + 2 (1½); Cut-1 drops a 1½; SB: 1½ + 2 + ½·1½.
            (1, 1, 5, vec![5.0, 3.5, 4.25, 2.0]),
            // BH: dummy 2 (the PAB) + 1 (2½) + 5 (1); no VUR (a PAB is not voluntary), so
            // Cut-1 drops the least, 5's 1. SB: dummy 2 for the PAB's win + 5 (1) beaten.
            (2, 3, 4, vec![5.5, 4.5, 3.0, 2.0]),
            // BH: 5 (1) + dummy 1½ (H) + 1 (2½); Cut-1 drops the VUR first.
            // SB: ½·1 + ½·1½ + ½·2½.
            (3, 2, 3, vec![5.0, 3.5, 2.5, 0.0]),
            // BH: 1 (2½) + dummy 1 (forfeit win) + dummy 1 (absent, a VUR, cut).
            (4, 4, 2, vec![4.5, 3.5, 1.0, 1.0]),
            // BH: 2 (1½) + dummy ½ (forfeit loss, a VUR, cut) + 3 (2).
            (5, 5, 1, vec![4.0, 3.5, 0.75, 0.0]),
        ]
    );
}

#[test]
fn direct_encounter_comes_first_in_a_round_robin() {
    // 1 and 2 have 2 points, 1 beat 2; 3 and 4 have 1, 4 beat 3 though 3's SB is higher.
    let t = trf::parse(ROUND_ROBIN).unwrap();
    let rows = tiebreak::standings(&t, 3, tiebreak::ROUND_ROBIN);
    let got: Vec<(u32, u32, Vec<f64>)> = rows
        .iter()
        .map(|s| (s.rank, s.player, s.tie_breaks.clone()))
        .collect();
    assert_eq!(
        got,
        [
            (1, 1, vec![1.0, 3.0, 2.0]),
            (2, 2, vec![0.0, 2.0, 2.0]),
            (3, 4, vec![1.0, 1.0, 1.0]),
            (4, 3, vec![0.0, 2.0, 1.0]),
        ]
    );
}

#[test]
fn places_are_shared_only_when_everything_ties() {
    // 1 beat 4, 2 beat 1, 4 beat 2 (and all beat 3): a perfect circle among 1, 2 and 4.
    let text = format!(
        "012 Circle\nXXR 3\n{}{}{}{}",
        line(1, "North", "2.0", "   4 w 1     2 w 0     3 b 1"),
        line(2, "East", "2.0", "   3 w 1     1 b 1     4 w 0"),
        line(3, "South", "0.0", "   2 b 0     4 b 0     1 w 0"),
        line(4, "West", "2.0", "   1 b 0     3 w 1     2 b 1"),
    );
    let t = trf::parse(&text).unwrap();
    let rows = tiebreak::standings(&t, 3, tiebreak::ROUND_ROBIN);
    let got: Vec<(u32, u32)> = rows.iter().map(|s| (s.rank, s.player)).collect();
    assert_eq!(got, [(1, 1), (1, 2), (1, 4), (4, 3)]);
    assert!(rows[..3].iter().all(|s| s.tie_breaks == [1.0, 2.0, 2.0]));
}

#[test]
fn default_tie_breaks_are_c07s() {
    assert_eq!(
        tiebreak::SWISS,
        [
            TieBreak::BuchholzCut1,
            TieBreak::Buchholz,
            TieBreak::SonnebornBerger
        ]
    );
    assert_eq!(
        tiebreak::ROUND_ROBIN,
        [
            TieBreak::DirectEncounter,
            TieBreak::SonnebornBerger,
            TieBreak::Wins
        ]
    );
    let names: Vec<&str> = tiebreak::SWISS.iter().map(|t| t.short_name()).collect();
    assert_eq!(names, ["BH-C1", "BH", "SB"]);
}

// ---------------------------------------------------------------- check

#[test]
fn check_finds_a_round_robin_identical_to_the_tables() {
    let t = trf::parse(ROUND_ROBIN).unwrap();
    let checks = check(&t, System::RoundRobin);
    assert_eq!(checks.len(), 3);
    assert!(checks.iter().all(|c| c.identical()));
    assert_eq!(checks[1].file, [game_pair(1, 2), game_pair(4, 3)]);
}

#[test]
fn check_lists_what_differs() {
    // Round 3 played 1–3 with colours the other way round from the table's 3–1.
    let text = edit(&edit(ROUND_ROBIN, 3, 117, "w"), 5, 117, "b");
    let t = trf::parse(&text).unwrap();
    let checks = check(&t, System::RoundRobin);
    assert!(checks[0].identical() && checks[1].identical());
    assert!(!checks[2].identical());
    assert_eq!(checks[2].only_in_file, [game_pair(1, 3)]);
    assert_eq!(checks[2].only_in_ours, [game_pair(3, 1)]);
}

#[test]
fn check_of_a_field_outside_the_tables_says_why() {
    let t = trf::parse(CROSSTABLE).unwrap();
    let checks = check(&t, System::RoundRobin);
    assert_eq!(checks.len(), 3);
    assert!(matches!(
        checks[0].ours,
        Err(RepairError::NotARoundRobin {
            players: 5,
            planned: 3,
            single: 5,
            double: 10
        })
    ));
}

#[test]
fn check_of_the_example_swiss_is_identical() {
    // The reference checker finds every round of docs/examples/swiss.trf identical to its own.
    let t = trf::parse(SWISS).unwrap();
    let checks = check(&t, System::Dutch);
    assert_eq!(checks.len(), 3);
    for c in &checks {
        assert!(c.identical(), "{c:?}");
    }
}
