//! Why a TRF cannot be read: the line and column, and what is wrong there.

use super::MAX_ROUNDS;

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
