// Longer than 400 lines: TRF-16's fixed columns are read field by field, each error named with its
// line and column.
//! The FIDE Tournament Report File, TRF-16: read a tournament from it, write one to it.
//!
//! Only what pairing needs is kept: the player lines (`001`), the number of rounds (`XXR`),
//! the top seed's colour in round 1 (`XXC`, a bbpPairings extension) and the tournament's name
//! (`012`). Every other line (042, 062, 092, 102, …, unknown codes) is read and ignored.
//!
//! Columns are 1-based and counted in characters, as the TRF-16 description gives them. A
//! player line holds:
//!
//! | columns | field |
//! |---|---|
//! | 1–3 | `001` |
//! | 5–8 | starting number |
//! | 10 | sex |
//! | 11–13 | title |
//! | 15–47 | name |
//! | 49–52 | rating |
//! | 54–56 | federation |
//! | 58–68 | FIDE id |
//! | 70–79 | birth date |
//! | 81–84 | points (`3.5`) |
//! | 86–89 | rank |
//! | 92–101, 102–111, … | one block per round: opponent (4 digits, `0000` for none), blank, colour (`w`, `b`, `-`), blank, result, two blanks |
//!
//! A tournament read from a file is in a canonical shape: every player has one entry per
//! round up to the last round in which anyone has a non-blank block, so that
//! `parse(&write(&t)) == t` for any tournament in that shape.

use std::collections::{BTreeMap, HashMap};

use super::model::{Colour, Entry, GameScore, Pairing, Player, Tournament};
use super::tiebreak;

/// The column of the first round block.
const FIRST_BLOCK: usize = 92;
/// The width of a round block.
const BLOCK: usize = 10;
/// The most rounds a file may hold: a bound so that a line of garbage cannot make us allocate
/// without end (no real tournament comes near it).
pub const MAX_ROUNDS: usize = 999;

/// Why a TRF cannot be read: where, and what is wrong there.
///
/// Its `Display` is one sentence naming the line and column, e.g. "line 7, column 97: `x` is
/// not a colour (w, b or -)".
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct TrfError {
    /// The line, 1-based.
    pub line: usize,
    /// The column, 1-based, in characters.
    pub column: usize,
    /// What is wrong.
    pub kind: TrfErrorKind,
}

/// What is wrong in a TRF (see [`TrfError`] for where).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TrfErrorKind {
    /// A numeric field holds something else.
    #[error("`{text}` is not {what}")]
    NotANumber {
        /// The field's text, trimmed.
        text: String,
        /// The field, with its article: "a starting number", "a rating", …
        what: &'static str,
    },
    /// A required field is blank.
    #[error("the {what} is missing")]
    Missing {
        /// The field: "starting number", …
        what: &'static str,
    },
    /// A column that must be blank (between fields of a round block) is not.
    #[error(
        "`{found}` should be a blank: a round block is 10 columns wide (opponent, colour, \
         result), the first from column 92"
    )]
    NotBlank {
        /// The character found.
        found: char,
    },
    /// A colour column holds something else.
    #[error("`{found}` is not a colour (w, b or -)")]
    NotAColour {
        /// The character found.
        found: char,
    },
    /// A result column holds something else.
    #[error("`{found}` is not a result (1, =, 0, W, D, L, +, -, U, H, F or Z)")]
    NotAResult {
        /// The character found.
        found: char,
    },
    /// A game result (`1 = 0 W D L`) with no opponent (`0000`).
    #[error("the result `{result}` is a game's, but there is no opponent (0000)")]
    GameWithoutOpponent {
        /// The result character.
        result: char,
    },
    /// A bye result (`U H F Z`) with an opponent.
    #[error("the result `{result}` is a bye's, but the block names opponent {opponent}")]
    ByeWithOpponent {
        /// The result character.
        result: char,
        /// The opponent named.
        opponent: u32,
    },
    /// A game played over the board without a colour.
    #[error("a game played against {opponent} needs a colour (w or b), not `-`")]
    GameWithoutColour {
        /// The opponent.
        opponent: u32,
    },
    /// Two player lines with the same starting number.
    #[error("starting number {number} is already on line {first_line}")]
    DuplicateStartingNumber {
        /// The number.
        number: u32,
        /// The line that has it first.
        first_line: usize,
    },
    /// Starting numbers do not run 1, 2, …, N.
    #[error("starting numbers must run from 1 with no gap, but {missing} is missing")]
    MissingStartingNumber {
        /// The first number missing.
        missing: u32,
    },
    /// A round block past the number of rounds `XXR` gives.
    #[error("round {round} has a result, but XXR says the tournament has {rounds} rounds")]
    RoundPastEnd {
        /// The round.
        round: u32,
        /// `XXR`.
        rounds: u32,
    },
    /// A player paired with themself.
    #[error("player {player} is paired with themself in round {round}")]
    PlaysThemself {
        /// The player.
        player: u32,
        /// The round.
        round: u32,
    },
    /// An opponent with no player line.
    #[error("round {round} names opponent {opponent}, but no player has that starting number")]
    NoSuchOpponent {
        /// The opponent named.
        opponent: u32,
        /// The round.
        round: u32,
    },
    /// The two sides of a game disagree.
    #[error(
        "player {player}'s round {round} says {said}, but player {opponent}'s round {round} \
         (line {opponent_line}) says {other}"
    )]
    Asymmetric {
        /// The player whose block is blamed (the first of the two lines).
        player: u32,
        /// The opponent.
        opponent: u32,
        /// The round.
        round: u32,
        /// The player's block, in words.
        said: String,
        /// The opponent's block, in words.
        other: String,
        /// The opponent's line.
        opponent_line: usize,
    },
    /// The points column disagrees with the results.
    #[error("the points say {declared}, but the results add up to {computed}")]
    WrongPoints {
        /// The points column, as written.
        declared: String,
        /// The sum of the round blocks.
        computed: String,
    },
    /// A pairing of a round in progress (an `FBP` line) names a player with no player line.
    #[error(
        "the pairings of round {round} name player {player}, but no player has that starting number"
    )]
    NoSuchPlayer {
        /// The player named.
        player: u32,
        /// The round.
        round: u32,
    },
    /// More round blocks than [`MAX_ROUNDS`].
    #[error("a player line may hold at most {MAX_ROUNDS} rounds")]
    TooManyRounds,
    /// No player line at all.
    #[error("the file has no player line (001)")]
    NoPlayers,
    /// Every round `XXR` plans is paired already: there is no next round to pair.
    #[error("XXR says the tournament has {rounds} rounds, and all of them are paired")]
    TournamentOver {
        /// `XXR`.
        rounds: u32,
    },
    /// `XXR` is neither one nor two cycles of a round-robin of this field.
    #[error(
        "XXR says {planned} rounds, which fit neither a single ({single} rounds) nor a double \
         ({double}) round-robin of {players} players"
    )]
    NotARoundRobin {
        /// The number of players.
        players: u32,
        /// `XXR`.
        planned: u32,
        /// Rounds of a single round-robin.
        single: u32,
        /// Rounds of a double.
        double: u32,
    },
    /// A field the Berger tables do not cover.
    #[error(
        "a round-robin is paired from the Berger tables, for {min} to {max} players, not {players}"
    )]
    RoundRobinPlayers {
        /// The number of players.
        players: u32,
        /// The fewest the tables cover.
        min: u32,
        /// The most.
        max: u32,
    },
}

/// A TRF read: the tournament, and where the `XXR` line is (for errors found later about the
/// number of rounds, such as a round-robin that does not fit it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrfFile {
    /// The tournament.
    pub tournament: Tournament,
    /// The line of `XXR`, if there is one.
    pub rounds_line: Option<usize>,
    /// The line of each player, by starting number (index 0 is player 1).
    pub player_lines: Vec<usize>,
    /// The rounds in progress (`FBP` lines, see [`write_in_progress`]), by round.
    pub in_progress: Vec<RoundInProgress>,
}

/// A round paired but not finished: its pairings, with no result yet.
///
/// TRF-16 has no code for a game without a result: bbpPairings refuses a block with an
/// opponent and a blank result ("Invalid line", exit 3). So such a round is not written in the
/// player lines; [`write_in_progress`] lists its pairings on lines of their own, `FBP` (for
/// focus-bot pairing), which other programs ignore as they ignore every code they do not know.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundInProgress {
    /// The round, 1-based.
    pub round: u32,
    /// Its pairings in board order, the pairing-allocated bye last; games with White first.
    pub pairings: Vec<Pairing>,
}

/// The code of a line that holds one pairing of a round in progress.
const IN_PROGRESS: &str = "FBP";

/// Reads a TRF-16 text into a [`Tournament`].
///
/// `XXC white1`/`black1` gives the top seed's colour in round 1. Without it the colour is read
/// from round 1 when that round has a game with colours: the first board of a Swiss round 1
/// holds the lowest starting number present, which got the initial colour, and the boards below
/// alternate (C.04.3 E.5); this is how the reference checker reads generated files, which have
/// no `XXC`. Failing that, white.
///
/// # Errors
/// [`TrfError`] for a malformed line or field, duplicate or missing starting numbers, a result
/// for a round past `XXR`, a player paired with themself, an opponent with no player line, the
/// two sides of a game or forfeit that disagree, or a points column that disagrees with the
/// results.
pub fn parse(text: &str) -> Result<Tournament, TrfError> {
    read(text).map(|file| file.tournament)
}

/// A player line as read, with where it came from.
struct Line {
    number: u32,
    line: usize,
    name: String,
    rating: u32,
    /// The points column (text, and where), if not blank.
    points: Option<(String, u32)>,
    /// Round blocks: `None` for a blank one.
    blocks: Vec<Option<Entry>>,
}

/// Reads a TRF-16 text: [`parse`], with the line of `XXR`.
///
/// # Errors
/// As [`parse`].
pub fn read(text: &str) -> Result<TrfFile, TrfError> {
    let mut name = String::new();
    let mut rounds: Option<(u32, usize)> = None;
    let mut initial_colour = None;
    let mut lines: Vec<Line> = Vec::new();
    let mut pairing_lines: Vec<(usize, u32, Pairing)> = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let chars: Vec<char> = raw.trim_end_matches('\r').chars().collect();
        let code: String = chars.iter().take(3).collect();
        match code.as_str() {
            "001" => lines.push(player_line(&chars, line)?),
            IN_PROGRESS => {
                let (round, pairing) = pairing_line(&chars, line)?;
                pairing_lines.push((line, round, pairing));
            }
            "012" => name = field(&chars, 5, chars.len().max(5)).trim().to_owned(),
            "XXR" => {
                let text = field(&chars, 5, chars.len().max(5));
                let value = numeric(&text, line, 5, "a number of rounds")?.ok_or(TrfError {
                    line,
                    column: 5,
                    kind: TrfErrorKind::Missing {
                        what: "number of rounds",
                    },
                })?;
                rounds = Some((value, line));
            }
            "XXC" => {
                // bbpPairings' configuration line: `white1` or `black1` (other words ignored).
                for word in field(&chars, 5, chars.len().max(5)).split_whitespace() {
                    match word {
                        "white1" => initial_colour = Some(Colour::White),
                        "black1" => initial_colour = Some(Colour::Black),
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
    let mut player_lines: Vec<(u32, usize)> = lines.iter().map(|l| (l.number, l.line)).collect();
    player_lines.sort_unstable();
    let tournament = assemble(name, rounds, initial_colour, lines)?;
    let mut in_progress: Vec<RoundInProgress> = Vec::new();
    for (line, round, pairing) in pairing_lines {
        let (white, black) = match pairing {
            Pairing::Game { white, black } => (white, Some(black)),
            Pairing::Bye(player) => (player, None),
        };
        if let Some(player) = std::iter::once(white)
            .chain(black)
            .find(|&p| tournament.player(p).is_none())
        {
            return Err(TrfError {
                line,
                column: 5,
                kind: TrfErrorKind::NoSuchPlayer { player, round },
            });
        }
        match in_progress.iter_mut().find(|r| r.round == round) {
            Some(r) => r.pairings.push(pairing),
            None => in_progress.push(RoundInProgress {
                round,
                pairings: vec![pairing],
            }),
        }
    }
    in_progress.sort_by_key(|r| r.round);
    Ok(TrfFile {
        tournament,
        rounds_line: rounds.map(|(_, line)| line),
        player_lines: player_lines.into_iter().map(|(_, line)| line).collect(),
        in_progress,
    })
}

/// An `FBP` line: `FBP round white black`, black `0000` for the pairing-allocated bye.
fn pairing_line(chars: &[char], line: usize) -> Result<(u32, Pairing), TrfError> {
    let text: String = chars.iter().skip(3).collect();
    let words: Vec<&str> = text.split_whitespace().collect();
    let names = ["a round", "a starting number", "a starting number"];
    let mut numbers = [0u32; 3];
    for (i, what) in names.iter().enumerate() {
        let word = words.get(i).copied().unwrap_or("");
        numbers[i] = numeric(word, line, 5, what)?.ok_or(TrfError {
            line,
            column: 5,
            kind: TrfErrorKind::Missing {
                what: if i == 0 { "round" } else { "starting number" },
            },
        })?;
    }
    let [round, white, black] = numbers;
    let pairing = if black == 0 {
        Pairing::Bye(white)
    } else {
        Pairing::Game { white, black }
    };
    Ok((round, pairing))
}

/// Columns `from..=to` (1-based) of a line, blanks past its end.
fn field(chars: &[char], from: usize, to: usize) -> String {
    (from..=to)
        .map(|column| chars.get(column - 1).copied().unwrap_or(' '))
        .collect()
}

/// A number field: `None` when blank.
fn numeric(
    text: &str,
    line: usize,
    column: usize,
    what: &'static str,
) -> Result<Option<u32>, TrfError> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Ok(None);
    }
    match trimmed.parse::<u32>() {
        Ok(value) if trimmed.bytes().all(|b| b.is_ascii_digit()) => Ok(Some(value)),
        _ => Err(TrfError {
            line,
            column,
            kind: TrfErrorKind::NotANumber {
                text: trimmed.to_owned(),
                what,
            },
        }),
    }
}

/// A points field (`3.5`, `10`, `0.0`) in half points.
fn half_points(text: &str) -> Option<u32> {
    let (whole, fraction) = match text.split_once(['.', ',']) {
        Some((whole, fraction)) => (whole, fraction),
        None => (text, ""),
    };
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let whole: u32 = whole.parse().ok()?;
    let half = match fraction.trim_end_matches('0') {
        "" => 0,
        "5" => 1,
        _ => return None,
    };
    whole.checked_mul(2)?.checked_add(half)
}

/// Reads one `001` line.
fn player_line(chars: &[char], line: usize) -> Result<Line, TrfError> {
    let number = numeric(&field(chars, 5, 8), line, 5, "a starting number")?
        .filter(|&n| n > 0)
        .ok_or_else(|| {
            let text = field(chars, 5, 8).trim().to_owned();
            TrfError {
                line,
                column: 5,
                kind: if text.is_empty() {
                    TrfErrorKind::Missing {
                        what: "starting number",
                    }
                } else {
                    TrfErrorKind::NotANumber {
                        text,
                        what: "a starting number",
                    }
                },
            }
        })?;
    let name = field(chars, 15, 47).trim().to_owned();
    let rating = numeric(&field(chars, 49, 52), line, 49, "a rating")?.unwrap_or(0);
    let points_text = field(chars, 81, 84).trim().to_owned();
    let points = if points_text.is_empty() {
        None
    } else {
        let value = half_points(&points_text).ok_or_else(|| TrfError {
            line,
            column: 81,
            kind: TrfErrorKind::NotANumber {
                text: points_text.clone(),
                what: "a number of points",
            },
        })?;
        Some((points_text, value))
    };
    numeric(&field(chars, 86, 89), line, 86, "a rank")?;
    // Columns 90 and 91 separate the rank from the first block.
    for column in 90..FIRST_BLOCK {
        blank(chars, line, column)?;
    }
    let mut blocks = Vec::new();
    let mut start = FIRST_BLOCK;
    while start <= chars.len() {
        if blocks.len() == MAX_ROUNDS {
            return Err(TrfError {
                line,
                column: start,
                kind: TrfErrorKind::TooManyRounds,
            });
        }
        blocks.push(round_block(chars, line, start)?);
        start += BLOCK;
    }
    // A blank block at the end of a line is the same as none.
    while blocks.last() == Some(&None) {
        blocks.pop();
    }
    Ok(Line {
        number,
        line,
        name,
        rating,
        points,
        blocks,
    })
}

/// Refuses a non-blank character where a blank belongs.
fn blank(chars: &[char], line: usize, column: usize) -> Result<(), TrfError> {
    match chars.get(column - 1) {
        Some(&found) if found != ' ' => Err(TrfError {
            line,
            column,
            kind: TrfErrorKind::NotBlank { found },
        }),
        _ => Ok(()),
    }
}

/// Reads the round block starting at `start`: `None` when blank.
fn round_block(chars: &[char], line: usize, start: usize) -> Result<Option<Entry>, TrfError> {
    if field(chars, start, start + BLOCK - 1).trim().is_empty() {
        return Ok(None);
    }
    for offset in [4, 6, 8, 9] {
        blank(chars, line, start + offset)?;
    }
    let opponent = numeric(&field(chars, start, start + 3), line, start, "an opponent")?;
    let colour_column = start + 5;
    let colour_char = chars.get(colour_column - 1).copied().unwrap_or(' ');
    let colour = match colour_char {
        'w' => Some(Colour::White),
        'b' => Some(Colour::Black),
        '-' => None,
        found => {
            return Err(TrfError {
                line,
                column: colour_column,
                kind: TrfErrorKind::NotAColour { found },
            });
        }
    };
    let result_column = start + 7;
    let result = chars.get(result_column - 1).copied().unwrap_or(' ');
    let at = |kind| TrfError {
        line,
        column: result_column,
        kind,
    };
    let game = match result {
        '1' | 'W' => Some(GameScore::Win),
        '=' | 'D' => Some(GameScore::Draw),
        '0' | 'L' => Some(GameScore::Loss),
        _ => None,
    };
    let entry = match (opponent.filter(|&o| o > 0), result, game) {
        (Some(opponent), _, Some(score)) => Entry::Played {
            opponent,
            colour: colour.ok_or(TrfError {
                line,
                column: colour_column,
                kind: TrfErrorKind::GameWithoutColour { opponent },
            })?,
            score,
        },
        (Some(opponent), '+' | '-', None) => Entry::Forfeit {
            opponent,
            colour,
            won: result == '+',
        },
        (Some(opponent), 'U' | 'H' | 'F' | 'Z', None) => {
            return Err(at(TrfErrorKind::ByeWithOpponent { result, opponent }));
        }
        (None, _, Some(_)) => return Err(at(TrfErrorKind::GameWithoutOpponent { result })),
        (None, 'U', None) => Entry::PairingBye,
        (None, 'H', None) => Entry::Bye { half_points: 1 },
        // `+` with no opponent: a full point without a game, the same as `F`; `-`: nothing.
        (None, 'F' | '+', None) => Entry::Bye { half_points: 2 },
        (None, 'Z' | '-', None) => Entry::Bye { half_points: 0 },
        // `0000 -` with no result: not paired.
        (None, ' ', None) => Entry::Absent,
        (_, found, _) => return Err(at(TrfErrorKind::NotAResult { found })),
    };
    Ok(Some(entry))
}

/// Checks the player lines against each other and builds the tournament.
fn assemble(
    name: String,
    rounds: Option<(u32, usize)>,
    initial_colour: Option<Colour>,
    mut lines: Vec<Line>,
) -> Result<Tournament, TrfError> {
    if lines.is_empty() {
        return Err(TrfError {
            line: 1,
            column: 1,
            kind: TrfErrorKind::NoPlayers,
        });
    }
    let mut seen: HashMap<u32, usize> = HashMap::new();
    for line in &lines {
        if let Some(&first_line) = seen.get(&line.number) {
            return Err(TrfError {
                line: line.line,
                column: 5,
                kind: TrfErrorKind::DuplicateStartingNumber {
                    number: line.number,
                    first_line,
                },
            });
        }
        seen.insert(line.number, line.line);
    }
    // Starting numbers 1..=N with no gap: the first line whose number is past the count.
    let count = lines.len() as u32;
    if let Some(line) = lines.iter().find(|line| line.number > count) {
        let missing = (1..=count).find(|n| !seen.contains_key(n)).unwrap_or(count);
        return Err(TrfError {
            line: line.line,
            column: 5,
            kind: TrfErrorKind::MissingStartingNumber { missing },
        });
    }
    for line in &lines {
        for (index, block) in line.blocks.iter().enumerate() {
            let round = index as u32 + 1;
            let column = FIRST_BLOCK + index * BLOCK;
            let at = |kind| TrfError {
                line: line.line,
                column,
                kind,
            };
            if let (Some(_), Some((limit, _))) = (block, rounds)
                && round > limit
            {
                return Err(at(TrfErrorKind::RoundPastEnd {
                    round,
                    rounds: limit,
                }));
            }
            let Some(opponent) = block.and_then(Entry::opponent) else {
                continue;
            };
            if opponent == line.number {
                return Err(at(TrfErrorKind::PlaysThemself {
                    player: opponent,
                    round,
                }));
            }
            if !seen.contains_key(&opponent) {
                return Err(at(TrfErrorKind::NoSuchOpponent { opponent, round }));
            }
        }
    }
    let by_number: BTreeMap<u32, &Line> = lines.iter().map(|line| (line.number, line)).collect();
    // Lines in file order, so the error names the first of the two lines.
    let mut in_order: Vec<&Line> = lines.iter().collect();
    in_order.sort_by_key(|line| line.line);
    for line in in_order {
        for (index, block) in line.blocks.iter().enumerate() {
            let Some(entry) = block else { continue };
            let Some(opponent) = entry.opponent() else {
                continue;
            };
            let other_line = by_number[&opponent];
            let other = other_line.blocks.get(index).copied().flatten();
            if !mirrors(*entry, line.number, other) {
                let round = index as u32 + 1;
                return Err(TrfError {
                    line: line.line,
                    column: FIRST_BLOCK + index * BLOCK,
                    kind: TrfErrorKind::Asymmetric {
                        player: line.number,
                        opponent,
                        round,
                        said: describe(Some(*entry)),
                        other: describe(other),
                        opponent_line: other_line.line,
                    },
                });
            }
        }
    }
    for line in &lines {
        if let Some((text, declared)) = &line.points {
            let computed: u32 = line.blocks.iter().flatten().map(|e| e.half_points()).sum();
            if *declared != computed {
                return Err(TrfError {
                    line: line.line,
                    column: 81,
                    kind: TrfErrorKind::WrongPoints {
                        declared: text.clone(),
                        computed: points_text(computed),
                    },
                });
            }
        }
    }
    let width = lines
        .iter()
        .map(|line| line.blocks.len())
        .max()
        .unwrap_or(0);
    lines.sort_by_key(|line| line.number);
    let players: Vec<Player> = lines
        .into_iter()
        .map(|line| {
            let mut entries: Vec<Entry> = line
                .blocks
                .iter()
                .map(|block| block.unwrap_or(Entry::Absent))
                .collect();
            entries.resize(width, Entry::Absent);
            Player {
                id: line.number,
                name: line.name,
                rating: line.rating,
                entries,
            }
        })
        .collect();
    let initial_colour = initial_colour
        .or_else(|| colour_from_round_one(&players))
        .unwrap_or(Colour::White);
    Ok(Tournament {
        name,
        rounds: rounds.map(|(value, _)| value),
        initial_colour,
        players,
    })
}

/// True when `other` (the block of `entry`'s opponent for the same round) mirrors `entry`,
/// the block of `player`: the same game seen from the other side (opposite colour, reversed
/// result), or the same forfeit (opposite colour; `+` against `-`, or `-` against `-` when
/// neither player appeared).
fn mirrors(entry: Entry, player: u32, other: Option<Entry>) -> bool {
    match (entry, other) {
        (
            Entry::Played { colour, score, .. },
            Some(Entry::Played {
                opponent,
                colour: other_colour,
                score: other_score,
            }),
        ) => {
            opponent == player
                && other_colour == colour.opposite()
                && other_score == score.reversed()
        }
        (
            Entry::Forfeit { colour, won, .. },
            Some(Entry::Forfeit {
                opponent,
                colour: other_colour,
                won: other_won,
            }),
        ) => {
            opponent == player
                && other_colour == colour.map(Colour::opposite)
                && !(won && other_won)
        }
        _ => false,
    }
}

/// A block in words, for [`TrfErrorKind::Asymmetric`].
fn describe(entry: Option<Entry>) -> String {
    let colour = |c: Colour| match c {
        Colour::White => "white",
        Colour::Black => "black",
    };
    match entry {
        None | Some(Entry::Absent) => "nothing".to_owned(),
        Some(Entry::Played {
            opponent,
            colour: c,
            score,
        }) => {
            let result = match score {
                GameScore::Win => "1",
                GameScore::Draw => "=",
                GameScore::Loss => "0",
            };
            format!("{opponent}, {}, {result}", colour(c))
        }
        Some(Entry::Forfeit {
            opponent,
            colour: c,
            won,
        }) => {
            let c = c.map_or("no colour", colour);
            let result = if won { "+" } else { "-" };
            format!("{opponent}, {c}, {result}")
        }
        Some(Entry::PairingBye) => "a pairing-allocated bye".to_owned(),
        Some(Entry::Bye { half_points }) => {
            format!("a bye of {} points", points_text(half_points))
        }
    }
}

/// Half points as the points column writes them: `3.5`, `2.0`.
fn points_text(half_points: u32) -> String {
    format!(
        "{}.{}",
        half_points / 2,
        if half_points % 2 == 1 { 5 } else { 0 }
    )
}

/// The initial colour as round 1 shows it (see [`parse`]): the boards of a Swiss round 1 in
/// the order of their higher-ranked player; board k's higher-ranked player has the initial
/// colour when k is odd.
fn colour_from_round_one(players: &[Player]) -> Option<Colour> {
    let mut boards: Vec<(u32, Option<Colour>)> = players
        .iter()
        .filter_map(|player| {
            let entry = player.entry(1);
            let opponent = entry.opponent()?;
            let colour = match entry {
                Entry::Played { colour, .. } => Some(colour),
                Entry::Forfeit { colour, .. } => colour,
                _ => None,
            };
            (player.id < opponent).then_some((player.id, colour))
        })
        .collect();
    boards.sort_by_key(|&(id, _)| id);
    boards.iter().enumerate().find_map(|(board, &(_, colour))| {
        colour.map(|c| if board % 2 == 0 { c } else { c.opposite() })
    })
}

/// Writes `tournament` as a TRF-16 text: `012`, `XXR` (when known), `XXC`, then one `001`
/// line per player with points and rank filled in. The rank is the place in the standings
/// after every round of the file, by score and the Swiss tie-breaks of C.07
/// ([`tiebreak::SWISS`]), equal places broken by starting number.
pub fn write(tournament: &Tournament) -> String {
    let mut out = String::new();
    out.push_str(&format!("012 {}\n", tournament.name));
    out.push_str(&format!("062 {}\n", tournament.players.len()));
    if let Some(rounds) = tournament.rounds {
        out.push_str(&format!("XXR {rounds}\n"));
    }
    let colour = match tournament.initial_colour {
        Colour::White => "white1",
        Colour::Black => "black1",
    };
    out.push_str(&format!("XXC {colour}\n"));
    let played = tournament
        .players
        .iter()
        .map(|player| player.entries.len() as u32)
        .max()
        .unwrap_or(0);
    let ranks: HashMap<u32, usize> = tiebreak::standings(tournament, played, tiebreak::SWISS)
        .iter()
        .enumerate()
        .map(|(place, standing)| (standing.player, place + 1))
        .collect();
    for player in &tournament.players {
        let name: String = player.name.chars().take(33).collect();
        let rating = if player.rating == 0 {
            String::new()
        } else {
            player.rating.to_string()
        };
        let mut line = format!(
            "001 {:>4}      {:<33} {:>4}{:28}{:>4} {:>4}  ",
            player.id,
            name,
            rating,
            "",
            points_text(player.half_points_after(played)),
            ranks.get(&player.id).copied().unwrap_or(0),
        );
        for entry in &player.entries {
            line.push_str(&block(*entry));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// Writes `tournament` as [`write()`] does, then the rounds `in_progress`: a note that says why
/// their pairings are outside the player lines, and one `FBP round white black` line per
/// pairing (`black` 0000 for the pairing-allocated bye). The player lines must hold no game or
/// pairing-allocated bye of those rounds (the caller leaves them blank), so that a program that
/// ignores `FBP` (bbpPairings, JaVaFo) reads only the rounds that are complete.
pub fn write_in_progress(tournament: &Tournament, in_progress: &[RoundInProgress]) -> String {
    let mut out = write(tournament);
    for r in in_progress {
        out.push_str(&format!(
            "### Round {} is in progress. TRF-16 has no code for a game without a result, so its\n\
             ### pairings are below (FBP round white black; black 0000: the pairing-allocated bye),\n\
             ### not in the player lines. Programs that do not know FBP read only the rounds above.\n",
            r.round
        ));
        for pairing in &r.pairings {
            let (white, black) = match *pairing {
                Pairing::Game { white, black } => (white, format!("{black:>4}")),
                Pairing::Bye(player) => (player, "0000".to_owned()),
            };
            out.push_str(&format!(
                "{IN_PROGRESS} {:>3} {white:>4} {black}\n",
                r.round
            ));
        }
    }
    out
}

/// A round block, 10 columns.
fn block(entry: Entry) -> String {
    let colour = |c: Option<Colour>| match c {
        Some(Colour::White) => 'w',
        Some(Colour::Black) => 'b',
        None => '-',
    };
    let (opponent, colour, result) = match entry {
        Entry::Played {
            opponent,
            colour: c,
            score,
        } => (
            opponent,
            colour(Some(c)),
            match score {
                GameScore::Win => '1',
                GameScore::Draw => '=',
                GameScore::Loss => '0',
            },
        ),
        Entry::Forfeit {
            opponent,
            colour: c,
            won,
        } => (opponent, colour(c), if won { '+' } else { '-' }),
        Entry::PairingBye => (0, '-', 'U'),
        Entry::Bye { half_points: 0 } => (0, '-', 'Z'),
        Entry::Bye { half_points: 1 } => (0, '-', 'H'),
        Entry::Bye { .. } => (0, '-', 'F'),
        Entry::Absent => return " ".repeat(BLOCK),
    };
    if opponent == 0 {
        format!("0000 {colour} {result}  ")
    } else {
        format!("{opponent:>4} {colour} {result}  ")
    }
}
