//! Round-robin pairings from the FIDE Berger tables (Handbook C.05, Annex 1), single and
//! double, for 3 to 20 players.
//!
//! The tables are generated, not stored: C.05 Annex 1 builds them by rotation. With n players
//! (n even; an odd field adds a dummy player n + 1, and whoever meets the dummy has the bye),
//! round 1 pairs 1–n, 2–(n−1), …, n/2–(n/2+1), the first named with White. Each next round
//! adds n/2 to every number but n, counted modulo n − 1 within 1…n − 1, keeping the boards
//! and colours; player n stays on board 1 and changes colour every round (Black in odd
//! rounds). A double round-robin plays the same rounds again with colours reversed.

use super::model::Pairing;

/// The fewest players a Berger table is made for here.
pub const MIN_PLAYERS: u32 = 3;
/// The most players a Berger table is made for here (the published tables stop at 20).
pub const MAX_PLAYERS: u32 = 20;

/// Single or double round-robin.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cycles {
    /// Everyone meets everyone once.
    Single,
    /// Twice, the second time with colours reversed.
    Double,
}

impl Cycles {
    /// 1 or 2.
    pub fn count(self) -> u32 {
        match self {
            Cycles::Single => 1,
            Cycles::Double => 2,
        }
    }
}

/// Why a Berger round cannot be given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BergerError {
    /// Outside [`MIN_PLAYERS`]..=[`MAX_PLAYERS`].
    #[error("the Berger tables are for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")]
    Players {
        /// The number of players.
        players: u32,
    },
    /// A round before 1 or past the last.
    #[error(
        "a {kind} round-robin of {players} players has {rounds} rounds, so there is no round \
         {round}",
        kind = if *rounds == cycle_rounds(*players) { "single" } else { "double" }
    )]
    NoSuchRound {
        /// The number of players.
        players: u32,
        /// The round asked for.
        round: u32,
        /// The rounds there are.
        rounds: u32,
    },
}

/// Rounds in one cycle: n − 1 for n even, n for n odd (the dummy makes it even).
pub fn cycle_rounds(players: u32) -> u32 {
    (players + players % 2).saturating_sub(1)
}

/// The number of rounds of a round-robin of `players` players.
pub fn rounds(players: u32, cycles: Cycles) -> u32 {
    cycle_rounds(players) * cycles.count()
}

/// Which round-robin a tournament of `players` players planned for `planned` rounds (TRF
/// `XXR`) is: single when it has no plan or plans one cycle's rounds, double when it plans two
/// cycles', `None` when it plans anything else.
pub fn cycles_for(players: u32, planned: Option<u32>) -> Option<Cycles> {
    match planned {
        None => Some(Cycles::Single),
        Some(rounds) if rounds == cycle_rounds(players) => Some(Cycles::Single),
        Some(rounds) if rounds == 2 * cycle_rounds(players) => Some(Cycles::Double),
        Some(_) => None,
    }
}

/// Round `round` (1-based) of the Berger table for `players` players (their pairing numbers
/// 1…players): the games in board order, White first, then the bye of an odd field as
/// [`Pairing::Bye`].
///
/// # Errors
/// [`BergerError::Players`] outside 3 to 20 players; [`BergerError::NoSuchRound`] for round 0
/// or past the last round.
pub fn round(players: u32, round: u32, cycles: Cycles) -> Result<Vec<Pairing>, BergerError> {
    if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
        return Err(BergerError::Players { players });
    }
    let total = rounds(players, cycles);
    if round == 0 || round > total {
        return Err(BergerError::NoSuchRound {
            players,
            round,
            rounds: total,
        });
    }
    let per_cycle = cycle_rounds(players);
    // The second cycle repeats the first with colours reversed.
    let reversed = round > per_cycle;
    let in_cycle = (round - 1) % per_cycle + 1;
    let n = players + players % 2;
    let shift = (in_cycle - 1) * (n / 2);
    let rotate = |x: u32| (x - 1 + shift) % (n - 1) + 1;
    let mut games = Vec::new();
    let mut bye = None;
    for board in 1..=n / 2 {
        let (mut white, mut black) = if board == 1 {
            // Player n keeps board 1 and alternates: Black in odd rounds, White in even.
            if in_cycle % 2 == 1 {
                (rotate(1), n)
            } else {
                (n, rotate(1))
            }
        } else {
            (rotate(board), rotate(n + 1 - board))
        };
        if reversed {
            std::mem::swap(&mut white, &mut black);
        }
        if white > players {
            bye = Some(black);
        } else if black > players {
            bye = Some(white);
        } else {
            games.push(Pairing::Game { white, black });
        }
    }
    games.extend(bye.map(Pairing::Bye));
    Ok(games)
}

/// Every round of the table, round 1 first (see [`round`]).
///
/// # Errors
/// [`BergerError::Players`] outside 3 to 20 players.
pub fn schedule(players: u32, cycles: Cycles) -> Result<Vec<Vec<Pairing>>, BergerError> {
    (1..=rounds(players, cycles).max(1))
        .map(|r| round(players, r, cycles))
        .collect()
}
