//! Reviewing a finished game: the engine's score of every position, and each move judged by
//! how much it lost against the engine's best move.
// Longer than 400 lines: a review's scores, classes and their text format share one scale; 130
// lines are unit tests.
//!
//! Pure: rules and engine only. Every position is searched by a fresh [`Engine`] with a fixed
//! node budget ([`REVIEW_NODES`] by default), so a review is the same whatever ran before it
//! and in whatever order (or on whatever core) its positions were searched.
//!
//! A move's **drop** is what it cost its player, in hundredths of a piece: the score of the
//! engine's best move in the position before it, less the score of the position after it
//! (both for the mover, clamped to ±[`CLAMP`], a forced win or loss counting as the clamp).
//! The engine's own move costs nothing. The drop makes the move's [`Class`]:
//!
//! The two scores are compared at the same horizon: the position before at depth *d*, the one
//! after at depth *d − 1*, both ending *d* plies from the position before. Focus evaluations
//! swing by more than half a piece from one depth to the next (the side to move at the leaves
//! changes; from the start: +0.65, −0.66, +1.17, 0.00, +0.67 at depths 1 to 5), so comparing
//! each position's deepest score, which a node budget leaves at the same depth for both, made
//! nearly every move an inaccuracy or a mistake. Every position therefore keeps the score of
//! each depth it completed ([`Assessment::by_depth`]). The chart shows the mean of a
//! position's two deepest scores, for the same reason.
//!
//! | class | drop, in pieces |
//! | --- | --- |
//! | inaccuracy | at least 0.5 ([`INACCURACY`]) |
//! | mistake | at least 1.0 ([`MISTAKE`]) |
//! | blunder | at least 2.5 ([`BLUNDER`]) |
//!
//! The table is [`THRESHOLDS`], which the classification, the analysis's legend and the chart
//! all read. A drop is judged as it is shown, rounded to a tenth of a piece ([`tenths`]), so
//! the number next to a move and its class always agree (0.95 shows as 1.0: a mistake).
//!
//! About one piece is 100 in the engine's units; a quiet move of the engine's choice and a
//! sensible alternative are usually within a few tenths of a piece of each other at this
//! effort, so half a piece is the smallest loss worth pointing out. Clamping at ten pieces
//! keeps a lost position from making every later move look like a blunder: once the game is
//! decided, a slower win or a longer defence costs nothing.
//!
//! ```
//! use focus_bot::engine::review::{Class, review};
//! use focus_bot::rules::Position;
//!
//! // White's d8-e8 stacks both its pieces next to Black's e7, which covers them and wins.
//! let start: Position = ".,w,w,./.,.,.,b,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./\
//!     .,.,.,.,.,.,.,./.,.,.,.,.,b,.,./.,.,.,.,.,./.,.,.,. w 0 0 16 16".parse().unwrap();
//! let moves = ["d8-e8".parse().unwrap(), "e7-e8".parse().unwrap()];
//! let review = review(start, &moves, 2_000).unwrap();
//! assert_eq!(review.plies[0].class, Some(Class::Blunder));
//! assert_ne!(review.plies[0].best, Some(moves[0]));
//! ```

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::{Engine, Limits, Score};
use crate::rules::{Color, Move, Outcome, PlayError, Position};

/// The node budget of each position of a review: about a tenth of a second of one core
/// (the engine searches some 2 million nodes a second in a release build), so an 80-ply game
/// takes some 8 core-seconds, well within the 20 s an analysis may take on two busy cores.
pub const REVIEW_NODES: u64 = 200_000;

/// The transposition table of each search, in MiB: enough for [`REVIEW_NODES`] (a fresh table
/// per position keeps the review deterministic).
const TABLE_MIB: usize = 8;

/// Scores are clamped to ±10 pieces: beyond it the game is decided.
pub const CLAMP: i32 = 1_000;
/// The smallest drop that is an inaccuracy (half a piece).
pub const INACCURACY: i32 = 50;
/// The smallest drop that is a mistake (one piece).
pub const MISTAKE: i32 = 100;
/// The smallest drop that is a blunder (two and a half pieces).
pub const BLUNDER: i32 = 250;

/// Every class with the smallest drop that makes it, mildest first: the one table that
/// [`Class::of`] judges by, and the analysis's legend and the chart show
/// ([`Class::threshold`], [`Class::ALL`]).
pub const THRESHOLDS: [(Class, i32); 3] = [
    (Class::Inaccuracy, INACCURACY),
    (Class::Mistake, MISTAKE),
    (Class::Blunder, BLUNDER),
];

/// `hundredths` of a piece (0 or more) rounded to the tenth of a piece an analysis shows,
/// half up, in tenths: 95 is 10 (shown as 1.0), 94 is 9 (0.9).
pub fn tenths(hundredths: i32) -> i32 {
    (hundredths.saturating_abs() + 5) / 10
}

/// How bad a move was, by its drop (see the module's table).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Class {
    /// Lost at least [`INACCURACY`].
    Inaccuracy,
    /// Lost at least [`MISTAKE`].
    Mistake,
    /// Lost at least [`BLUNDER`].
    Blunder,
}

impl Class {
    /// Every class, mildest first (as [`THRESHOLDS`] lists them).
    pub const ALL: [Class; 3] = [THRESHOLDS[0].0, THRESHOLDS[1].0, THRESHOLDS[2].0];

    /// The class of a move that lost `drop` hundredths of a piece; `None` below
    /// [`INACCURACY`]. The drop is judged as it is shown, rounded to a tenth of a piece
    /// ([`tenths`]): a drop shown as 1.0 is a mistake whether it was 0.95 or 1.04, as the
    /// legend ("a mistake from 1.0") says.
    pub fn of(drop: i32) -> Option<Class> {
        let shown = tenths(drop) * 10;
        THRESHOLDS
            .iter()
            .rev()
            .find(|&&(_, from)| shown >= from)
            .map(|&(class, _)| class)
    }

    /// The smallest drop of this class, in hundredths of a piece ([`THRESHOLDS`]).
    pub fn threshold(self) -> i32 {
        THRESHOLDS
            .iter()
            .find(|(class, _)| *class == self)
            .map_or(0, |&(_, from)| from)
    }
}

/// The engine's verdict on one position: its best move and the score, for the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assessment {
    /// The best move found; `None` when the game is over there.
    pub best: Option<Move>,
    /// The score for the side to move, of the deepest iteration (`Win(0)` / `Loss(0)` when
    /// the game is over there).
    pub score: Score,
    /// The score of every iteration completed, depth 1 first (the last is `score`); empty for
    /// a finished position, whose score holds at every depth.
    pub by_depth: Vec<Score>,
}

impl Assessment {
    /// The deepest iteration completed (0 for a finished position).
    pub fn depth(&self) -> usize {
        self.by_depth.len()
    }

    /// The score at `depth` (from 1), or the deepest one when the search did not get there.
    pub fn at(&self, depth: usize) -> Score {
        match depth.checked_sub(1).and_then(|i| self.by_depth.get(i)) {
            Some(&score) => score,
            None => self.score,
        }
    }

    /// The score to show: the mean of the two deepest iterations, which damps the swing from
    /// one depth to the next; a forced result as it is.
    pub fn shown(&self) -> Score {
        match self.by_depth.as_slice() {
            [.., Score::Cp(a), Score::Cp(b)] => Score::Cp((a + b) / 2),
            _ => self.score,
        }
    }
}

/// `score` for the other side (a forced result's distance unchanged).
fn turned(score: Score) -> Score {
    match score {
        Score::Cp(v) => Score::Cp(-v),
        Score::Win(n) => Score::Loss(n),
        Score::Loss(n) => Score::Win(n),
    }
}

/// Searches `pos` with a fresh engine for about `nodes` nodes. A finished position is scored
/// from its outcome without a search; a position with one legal move (which the engine plays
/// without searching) by the search of the position after it, one depth deeper.
pub fn assess(pos: &Position, nodes: u64) -> Assessment {
    if let Outcome::Win { winner, .. } = pos.outcome() {
        // A mirror-rule loss leaves White to move and the winner: the search, which sees no
        // legal move, would call it a loss.
        let score = if winner == pos.side_to_move() {
            Score::Win(0)
        } else {
            Score::Loss(0)
        };
        return Assessment {
            best: None,
            score,
            by_depth: Vec::new(),
        };
    }
    let moves = pos.legal_moves();
    if let [only] = moves.as_slice() {
        let mut next = *pos;
        next.play_unchecked(*only);
        let after = assess(&next, nodes);
        let turn = |s: Score| {
            if next.side_to_move() == pos.side_to_move() {
                s
            } else {
                turned(s)
            }
        };
        // Depth d + 1 here is depth d there; depth 1 here is taken as depth 1 there.
        let by_depth: Vec<Score> = after
            .by_depth
            .first()
            .into_iter()
            .chain(&after.by_depth)
            .map(|&s| turn(s))
            .collect();
        return Assessment {
            best: Some(*only),
            score: turn(after.score),
            by_depth,
        };
    }
    let mut engine = Engine::with_table_mib(TABLE_MIB);
    let mut by_depth = Vec::new();
    let report = engine.search(pos, &Limits::nodes(nodes), |info| by_depth.push(info.score));
    Assessment {
        best: report.best,
        score: report.info.score,
        by_depth,
    }
}

/// An [`Assessment`] as it is stored: the move (or `-`) and the score as the engine protocol
/// writes it, then `depths` and the score of every depth: `d5-e5 cp 35 depths cp 60 cp -20
/// cp 35`, `- loss 0`.
impl fmt::Display for Assessment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.best {
            Some(mv) => write!(f, "{mv} {}", self.score)?,
            None => write!(f, "- {}", self.score)?,
        }
        if !self.by_depth.is_empty() {
            write!(f, " depths")?;
            for score in &self.by_depth {
                write!(f, " {score}")?;
            }
        }
        Ok(())
    }
}

/// A stored assessment that cannot be read back.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unreadable assessment `{0}`")]
pub struct AssessmentError(pub String);

impl FromStr for Assessment {
    type Err = AssessmentError;

    fn from_str(text: &str) -> Result<Assessment, AssessmentError> {
        let bad = || AssessmentError(text.to_owned());
        let words: Vec<&str> = text.split_whitespace().collect();
        let score_of = |kind: &str, n: &str| -> Result<Score, AssessmentError> {
            Ok(match kind {
                "cp" => Score::Cp(n.parse().map_err(|_| bad())?),
                "win" => Score::Win(n.parse().map_err(|_| bad())?),
                "loss" => Score::Loss(n.parse().map_err(|_| bad())?),
                _ => return Err(bad()),
            })
        };
        let (mv, kind, n, rest) = match words.as_slice() {
            [mv, kind, n] => (*mv, *kind, *n, &[][..]),
            [mv, kind, n, "depths", rest @ ..] if !rest.is_empty() && rest.len() % 2 == 0 => {
                (*mv, *kind, *n, rest)
            }
            _ => return Err(bad()),
        };
        let best = match mv {
            "-" => None,
            mv => Some(mv.parse().map_err(|_| bad())?),
        };
        let score = score_of(kind, n)?;
        let by_depth = rest
            .chunks(2)
            .map(|pair| score_of(pair[0], pair[1]))
            .collect::<Result<Vec<_>, _>>()?;
        if by_depth.last().is_some_and(|&last| last != score) {
            return Err(bad());
        }
        Ok(Assessment {
            best,
            score,
            by_depth,
        })
    }
}

/// One move of the game, judged.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PlyReview {
    /// The ply, from 1.
    pub ply: usize,
    /// The move number as a record numbers it (White's and Black's moves share a number).
    pub number: usize,
    /// Who played it.
    pub mover: Color,
    /// The move played.
    pub played: Move,
    /// The engine's best move in the position before it (the "better move" when it lost).
    pub best: Option<Move>,
    /// The score after the move, from White's side.
    pub after: Score,
    /// What it cost the mover, in hundredths of a piece (0 or more).
    pub drop: i32,
    /// Its class; `None` for a good move.
    pub class: Option<Class>,
}

/// A whole game, judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Review {
    /// The score of the starting position, from White's side.
    pub start: Score,
    /// Every move, in order.
    pub plies: Vec<PlyReview>,
}

/// Why a review cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ReviewError {
    /// A move cannot be played (ply from 1).
    #[error("move {ply} ({mv}) cannot be played: {error}")]
    Illegal {
        /// The ply.
        ply: usize,
        /// The move.
        mv: Move,
        /// Why.
        error: PlayError,
    },
    /// A search thread panicked (a bug: searches have no user input to fail on).
    #[error("a search failed")]
    Search,
    /// Not one assessment per position (moves + 1).
    #[error("{found} assessments for {positions} positions")]
    Assessments {
        /// Positions of the game.
        positions: usize,
        /// Assessments given.
        found: usize,
    },
}

/// Every position of the game: the start, then the position after each move.
///
/// # Errors
/// [`ReviewError::Illegal`] for the first move that cannot be played.
pub fn positions(start: Position, moves: &[Move]) -> Result<Vec<Position>, ReviewError> {
    let mut out = Vec::with_capacity(moves.len() + 1);
    let mut pos = start;
    out.push(pos);
    for (i, &mv) in moves.iter().enumerate() {
        pos.play(mv).map_err(|error| ReviewError::Illegal {
            ply: i + 1,
            mv,
            error,
        })?;
        out.push(pos);
    }
    Ok(out)
}

/// `score` as a number, clamped to ±[`CLAMP`]; a forced win or loss is the clamp.
pub fn value(score: Score) -> i32 {
    match score {
        Score::Cp(v) => v.clamp(-CLAMP, CLAMP),
        Score::Win(_) => CLAMP,
        Score::Loss(_) => -CLAMP,
    }
}

/// `score`, for the side to move `side`, seen from White's side.
pub fn for_white(score: Score, side: Color) -> Score {
    match (side, score) {
        (Color::White, s) => s,
        (Color::Black, Score::Cp(v)) => Score::Cp(-v),
        (Color::Black, Score::Win(n)) => Score::Loss(n),
        (Color::Black, Score::Loss(n)) => Score::Win(n),
    }
}

impl Review {
    /// The review of the game from `start` through `moves`, given the engine's
    /// `assessments` of its positions (start first; one more than the moves).
    ///
    /// # Errors
    /// [`ReviewError`] when a move cannot be played or the assessments do not match.
    pub fn new(
        start: Position,
        moves: &[Move],
        assessments: &[Assessment],
    ) -> Result<Review, ReviewError> {
        let all = positions(start, moves)?;
        if assessments.len() != all.len() {
            return Err(ReviewError::Assessments {
                positions: all.len(),
                found: assessments.len(),
            });
        }
        let first_offset = usize::from(start.side_to_move() == Color::Black);
        let plies = moves
            .iter()
            .enumerate()
            .map(|(i, &played)| {
                let (before, after) = (&assessments[i], &assessments[i + 1]);
                let mover = all[i].side_to_move();
                let next = all[i + 1].side_to_move();
                // The same horizon for both (see the module's notes): depth d before, d − 1
                // after, d as deep as both searches allow. A finished position's score holds
                // at every depth.
                let d = match after.depth() {
                    0 => before.depth(),
                    a => before.depth().min(a + 1),
                };
                let (then, now) = (before.at(d), after.at(d.saturating_sub(1).max(1)));
                // The score after the move for the mover: the next side's, turned round
                // when the turn passed (asked of the position rather than assumed).
                let after_for_mover = if next == mover {
                    value(now)
                } else {
                    -value(now)
                };
                let drop = if before.best == Some(played) {
                    0
                } else {
                    (value(then) - after_for_mover).max(0)
                };
                PlyReview {
                    ply: i + 1,
                    number: (i + first_offset) / 2 + 1,
                    mover,
                    played,
                    best: before.best,
                    after: for_white(after.shown(), next),
                    drop,
                    class: Class::of(drop),
                }
            })
            .collect();
        Ok(Review {
            start: for_white(assessments[0].shown(), start.side_to_move()),
            plies,
        })
    }

    /// White's score at every ply, the start first (what the chart draws).
    pub fn white_scores(&self) -> Vec<Score> {
        std::iter::once(self.start)
            .chain(self.plies.iter().map(|p| p.after))
            .collect()
    }

    /// The moves of `color` of class `class`.
    pub fn count(&self, color: Color, class: Class) -> usize {
        self.plies
            .iter()
            .filter(|p| p.mover == color && p.class == Some(class))
            .count()
    }

    /// The judged moves (inaccuracies, mistakes and blunders), in the order played.
    pub fn flagged(&self) -> impl Iterator<Item = &PlyReview> {
        self.plies.iter().filter(|p| p.class.is_some())
    }
}

/// Reviews the game from `start` through `moves`, searching each position in turn for about
/// `nodes` nodes (the service searches them on its pool instead, and calls [`Review::new`]).
///
/// # Errors
/// [`ReviewError::Illegal`] for the first move that cannot be played.
pub fn review(start: Position, moves: &[Move], nodes: u64) -> Result<Review, ReviewError> {
    let assessments: Vec<Assessment> = positions(start, moves)?
        .iter()
        .map(|p| assess(p, nodes))
        .collect();
    Review::new(start, moves, &assessments)
}

/// [`review`] with the positions searched two at a time, on two threads (as the bot's search
/// pool runs them): the same review, in about half the time on two cores.
///
/// # Errors
/// [`ReviewError::Illegal`] for the first move that cannot be played;
/// [`ReviewError::Search`] if a search thread panicked (a bug).
pub fn review_in_pairs(start: Position, moves: &[Move], nodes: u64) -> Result<Review, ReviewError> {
    let all = positions(start, moves)?;
    let mut assessments = Vec::with_capacity(all.len());
    for pair in all.chunks(2) {
        std::thread::scope(|s| {
            let handles: Vec<_> = pair
                .iter()
                .map(|p| s.spawn(move || assess(p, nodes)))
                .collect();
            for h in handles {
                assessments.push(h.join().map_err(|_| ReviewError::Search)?);
            }
            Ok::<(), ReviewError>(())
        })?;
    }
    Review::new(start, moves, &assessments)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two pieces each, no reserves: White d8 and e8, Black e7 and f3, White to move.
    const CHASE: &str = ".,w,w,./.,.,.,b,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,b,.,./.,.,.,.,.,./.,.,.,. w 0 0 16 16";

    fn mv(text: &str) -> Move {
        text.parse().unwrap()
    }

    #[test]
    fn a_move_that_allows_a_win_in_one_is_a_blunder_with_the_better_move() {
        let start: Position = CHASE.parse().unwrap();
        // d8-e8 stacks White's two pieces next to e7, which covers them: Black wins at once.
        let moves = [mv("d8-e8"), mv("e7-e8")];
        let review = review(start, &moves, 5_000).unwrap();
        let blunder = review.plies[0];
        assert_eq!(blunder.class, Some(Class::Blunder));
        assert_eq!((blunder.ply, blunder.number), (1, 1));
        assert_eq!(blunder.mover, Color::White);
        assert_eq!(blunder.after, Score::Loss(1), "Black then wins in one");
        assert!(blunder.drop >= CLAMP, "from even to lost: {}", blunder.drop);
        // The better move really avoids the loss: after it Black has no winning move.
        let better = blunder.best.expect("a better move");
        assert_ne!(better, mv("d8-e8"));
        let mut after = start;
        after.play(better).unwrap();
        assert!(after.legal_moves().iter().all(|&reply| {
            let mut p = after;
            p.play_unchecked(reply);
            !p.outcome().is_over()
        }));
        // Black's winning reply is the engine's move: no loss.
        let win = review.plies[1];
        assert_eq!((win.ply, win.number, win.mover), (2, 1, Color::Black));
        assert_eq!(win.best, Some(mv("e7-e8")));
        assert_eq!((win.drop, win.class), (0, None));
        assert_eq!(win.after, Score::Loss(0), "White to move has lost");
        assert_eq!(review.count(Color::White, Class::Blunder), 1);
        assert_eq!(review.count(Color::Black, Class::Blunder), 0);
        assert_eq!(review.flagged().count(), 1);
        assert_eq!(
            review.white_scores(),
            [review.start, Score::Loss(1), Score::Loss(0)]
        );
    }

    #[test]
    fn a_review_is_deterministic() {
        let start = Position::start();
        let moves: Vec<Move> = {
            let mut p = start;
            (0..6)
                .map(|_| {
                    let m = p.legal_moves()[3];
                    p.play(m).unwrap();
                    m
                })
                .collect()
        };
        let a = review(start, &moves, 3_000).unwrap();
        let b = review(start, &moves, 3_000).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.plies.len(), 6);
        assert_eq!(a.plies[5].number, 3);
    }

    #[test]
    fn assessments_read_back_as_written() {
        for a in [
            Assessment {
                best: Some(mv("d5-e5")),
                score: Score::Cp(-35),
                by_depth: vec![Score::Cp(60), Score::Cp(-20), Score::Cp(-35)],
            },
            Assessment {
                best: None,
                score: Score::Loss(0),
                by_depth: vec![],
            },
            Assessment {
                best: Some(mv("+e5")),
                score: Score::Win(3),
                by_depth: vec![Score::Cp(10), Score::Win(3)],
            },
        ] {
            assert_eq!(a.to_string().parse::<Assessment>(), Ok(a.clone()));
        }
        assert_eq!(
            Assessment::from_str("d5-e5 cp 35 depths cp 60 cp 35").map(|a| a.shown()),
            Ok(Score::Cp(47))
        );
        assert_eq!(Assessment::from_str("- cp").ok(), None);
        assert_eq!(Assessment::from_str("z9 cp 1").ok(), None);
        assert_eq!(Assessment::from_str("- mate 1").ok(), None);
        assert_eq!(Assessment::from_str("c4-d4 cp 1 depths").ok(), None);
        assert_eq!(Assessment::from_str("c4-d4 cp 1 depths cp").ok(), None);
        // The deepest depth's score is the score.
        assert_eq!(Assessment::from_str("c4-d4 cp 1 depths cp 2").ok(), None);
    }

    #[test]
    fn classes_by_drop_and_clamped_values() {
        // Judged as shown, to a tenth of a piece: 0.44 shows as 0.4, 0.45 as 0.5.
        assert_eq!(Class::of(44), None);
        assert_eq!(Class::of(45), Some(Class::Inaccuracy));
        assert_eq!(Class::of(94), Some(Class::Inaccuracy));
        assert_eq!(Class::of(95), Some(Class::Mistake));
        assert_eq!(Class::of(244), Some(Class::Mistake));
        assert_eq!(Class::of(245), Some(Class::Blunder));
        assert_eq!(value(Score::Cp(4_000)), CLAMP);
        assert_eq!(value(Score::Loss(3)), -CLAMP);
        assert_eq!(for_white(Score::Win(2), Color::Black), Score::Loss(2));
    }

    #[test]
    fn a_wrong_number_of_assessments_or_an_illegal_move_is_refused() {
        let start: Position = CHASE.parse().unwrap();
        let a = assess(&start, 1_000);
        assert!(matches!(
            Review::new(start, &[mv("d8-e8")], &[a]),
            Err(ReviewError::Assessments {
                positions: 2,
                found: 1
            })
        ));
        assert!(matches!(
            positions(start, &[mv("d4-d3")]),
            Err(ReviewError::Illegal { ply: 1, .. })
        ));
    }
}
