//! A tournament as the pairing rules see it: players by starting number, and each player's
//! entry for every round so far. This is what a TRF-16 file holds (see `trf`).

/// A colour in a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Colour {
    White,
    Black,
}

impl Colour {
    /// The other colour.
    pub fn opposite(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// The result of a game for one player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameScore {
    Win,
    Draw,
    Loss,
}

impl GameScore {
    /// The points it scores, in half points (win 2, draw 1, loss 0): C.04.1 scoring, kept in
    /// integers so that score groups compare exactly.
    pub fn half_points(self) -> u32 {
        match self {
            GameScore::Win => 2,
            GameScore::Draw => 1,
            GameScore::Loss => 0,
        }
    }

    /// The opponent's result of the same game.
    pub fn reversed(self) -> GameScore {
        match self {
            GameScore::Win => GameScore::Loss,
            GameScore::Draw => GameScore::Draw,
            GameScore::Loss => GameScore::Win,
        }
    }
}

/// One player's entry for one round (a TRF-16 round block).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Entry {
    /// A game that was played (TRF `1`, `=`, `0`, or unrated `W`, `D`, `L`).
    Played {
        /// The opponent's starting number.
        opponent: u32,
        colour: Colour,
        score: GameScore,
    },
    /// A pairing that was made but not played: a forfeit (TRF `+` or `-`). For the pairing
    /// rules the game does not count as played (C.04.1): no colour, and the two may meet again.
    Forfeit {
        /// The opponent's starting number.
        opponent: u32,
        /// The colour the pairing gave, if the file says (`w`/`b`; `-` when not).
        colour: Option<Colour>,
        /// True for the player who scores the point (`+`).
        won: bool,
    },
    /// The pairing-allocated bye (TRF `U`): scores as a win (C.04.1.c).
    PairingBye,
    /// A bye the player asked for or the arbiter gave, outside the pairing: half point (`H`),
    /// full point (`F`) or zero (`Z`). The player is not paired in that round.
    Bye { half_points: u32 },
    /// Not paired and no points: absent, withdrawn, or not yet entered (a blank block).
    Absent,
}

impl Entry {
    /// The points this entry scores, in half points.
    pub fn half_points(self) -> u32 {
        match self {
            Entry::Played { score, .. } => score.half_points(),
            Entry::Forfeit { won, .. } => {
                if won {
                    2
                } else {
                    0
                }
            }
            Entry::PairingBye => 2,
            Entry::Bye { half_points } => half_points,
            Entry::Absent => 0,
        }
    }

    /// The opponent of a game played or forfeited.
    pub fn opponent(self) -> Option<u32> {
        match self {
            Entry::Played { opponent, .. } | Entry::Forfeit { opponent, .. } => Some(opponent),
            _ => None,
        }
    }

    /// The colour of a game actually played (C.04.1: unplayed games have no colour).
    pub fn played_colour(self) -> Option<Colour> {
        match self {
            Entry::Played { colour, .. } => Some(colour),
            _ => None,
        }
    }

    /// True when the player took part in that round's pairing (a game, a forfeit, or the
    /// pairing-allocated bye).
    pub fn was_paired(self) -> bool {
        matches!(
            self,
            Entry::Played { .. } | Entry::Forfeit { .. } | Entry::PairingBye
        )
    }
}

/// A player: starting number, name, rating, and one entry per round (index 0 is round 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    /// The starting number (TRF columns 5–8), 1-based: the pairing number of C.04.3 A.2.
    pub id: u32,
    pub name: String,
    /// The rating (0 when none).
    pub rating: u32,
    /// The entries of rounds 1, 2, …; rounds past the end are `Entry::Absent`.
    pub entries: Vec<Entry>,
}

impl Player {
    /// The entry of `round` (1-based), `Absent` past the recorded rounds.
    pub fn entry(&self, round: u32) -> Entry {
        round
            .checked_sub(1)
            .and_then(|index| self.entries.get(index as usize))
            .copied()
            .unwrap_or(Entry::Absent)
    }

    /// The score after `rounds` rounds, in half points.
    pub fn half_points_after(&self, rounds: u32) -> u32 {
        (1..=rounds)
            .map(|round| self.entry(round).half_points())
            .sum()
    }
}

/// A tournament: its players in starting-number order, the number of rounds, and the colour
/// of the top seed in round 1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tournament {
    pub name: String,
    /// The planned number of rounds (TRF `XXR`), if the file gives it.
    pub rounds: Option<u32>,
    /// The colour of the top seed in round 1 (TRF `XXC white1` or `black1`; white by default).
    /// The initial colour of C.04.3 E.5.
    pub initial_colour: Colour,
    /// The players, sorted by starting number (1, 2, …, with no gaps once read from a TRF).
    pub players: Vec<Player>,
}

impl Tournament {
    /// The player with starting number `id`.
    pub fn player(&self, id: u32) -> Option<&Player> {
        self.players.iter().find(|player| player.id == id)
    }

    /// The number of rounds that have entries in the file: the last round in which any
    /// player was paired (a game, a forfeit or the pairing-allocated bye).
    pub fn rounds_paired(&self) -> u32 {
        self.players
            .iter()
            .flat_map(|player| {
                player
                    .entries
                    .iter()
                    .enumerate()
                    .filter(|(_, entry)| entry.was_paired())
                    .map(|(index, _)| index as u32 + 1)
            })
            .max()
            .unwrap_or(0)
    }
}

impl Tournament {
    /// The players who took part in round `round`'s pairing (a game, a forfeit or the
    /// pairing-allocated bye): the field `pair --check` re-pairs.
    pub fn paired_in(&self, round: u32) -> Vec<u32> {
        self.players
            .iter()
            .filter(|player| player.entry(round).was_paired())
            .map(|player| player.id)
            .collect()
    }

    /// The players to pair in a round not yet paired: those whose entry for it is blank.
    /// A bye entered in advance (`H`, `F`, `Z`, or `0000 - -`) keeps a player out, and so does
    /// withdrawal, which a TRF marks the same way.
    pub fn to_pair_in(&self, round: u32) -> Vec<u32> {
        self.players
            .iter()
            .filter(|player| player.entry(round) == Entry::Absent)
            .map(|player| player.id)
            .collect()
    }
}

/// One line of a round's pairings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Pairing {
    /// A game: starting numbers of White and Black.
    Game { white: u32, black: u32 },
    /// The pairing-allocated bye, to this starting number.
    Bye(u32),
}
