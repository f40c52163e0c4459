//! Reading a TRF-16 text into a [`Tournament`], every field checked where it stands.
// Longer than 400 lines: TRF-16's fixed columns are read field by field, each error named with its
// line and column, and the two sides of every game checked against each other.

use std::collections::{BTreeMap, HashMap};

use super::error::{TrfError, TrfErrorKind};
use super::{BLOCK, FIRST_BLOCK, IN_PROGRESS, MAX_ROUNDS, RoundInProgress, TrfFile, points_text};
use crate::pairing::model::{Colour, Entry, GameScore, Pairing, Player, Tournament};

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
