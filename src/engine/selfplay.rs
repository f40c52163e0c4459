//! Games between players, as the match tool and the tuner play them: players, openings,
//! one game, and many games on several threads with their statistics.
// Longer than 400 lines: the match tool's players, openings, one game and many games on threads
// with their statistics, one flow.

use std::fmt;
use std::str::FromStr;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use crate::rules::{Color, Move, Outcome, Position, Rules};

use super::eval::Weights;
use super::greedy::greedy_move;
use super::levels::Level;
use super::limits::Limits;
use super::rng::{Rng, mix};
use super::search::{Engine, Options};

/// Who plays a side.
///
/// Notation: `level:N` (1–8), `greedy`, `movetime:MS`, `nodes:N`, `depth:D` (the full engine
/// at that limit).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Player {
    /// A playing level; a match's `--movetime` replaces level 8's time.
    Level(Level),
    /// The one-ply greedy player ([`greedy_move`]).
    Greedy,
    /// The full engine at these limits.
    Engine(Limits),
}

/// A text that names no player.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a player: use level:1..8, greedy, movetime:MS, nodes:N or depth:D")]
pub struct ParsePlayerError(pub String);

impl FromStr for Player {
    type Err = ParsePlayerError;

    fn from_str(s: &str) -> Result<Player, ParsePlayerError> {
        let err = || ParsePlayerError(s.to_owned());
        let t = s.trim().to_ascii_lowercase();
        if t == "greedy" {
            return Ok(Player::Greedy);
        }
        let (kind, n) = t.split_once(':').ok_or_else(err)?;
        let n: u64 = n.parse().map_err(|_| err())?;
        match kind {
            "level" => u8::try_from(n)
                .ok()
                .and_then(Level::new)
                .map(Player::Level)
                .ok_or_else(err),
            "movetime" if n > 0 => Ok(Player::Engine(Limits::movetime_ms(n))),
            "nodes" if n > 0 => Ok(Player::Engine(Limits::nodes(n))),
            "depth" if n > 0 && n < 100 => Ok(Player::Engine(Limits::depth(n as u32))),
            _ => Err(err()),
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Level(l) => write!(f, "level:{}", l.number()),
            Player::Greedy => f.write_str("greedy"),
            Player::Engine(l) => match (l.movetime, l.nodes, l.depth) {
                (Some(t), _, _) => write!(f, "movetime:{}", t.as_millis()),
                (_, Some(n), _) => write!(f, "nodes:{n}"),
                (_, _, Some(d)) => write!(f, "depth:{d}"),
                _ => f.write_str("engine"),
            },
        }
    }
}

/// What an engine player evaluates and searches with: the default is the full engine.
///
/// Notation: a comma-separated list of `hand` (the hand-set weights instead of the tuned
/// ones), `no-null`, `no-lmr`, `q<N>` (quiescence plies); empty for the default.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Variant {
    /// The evaluation's weights.
    pub weights: Weights,
    /// The search's switches.
    pub options: Options,
}

impl FromStr for Variant {
    type Err = ParsePlayerError;

    fn from_str(s: &str) -> Result<Variant, ParsePlayerError> {
        let mut v = Variant::default();
        for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            match part {
                "hand" => v.weights = Weights::HAND,
                "no-null" => v.options.null_move = false,
                "no-lmr" => v.options.lmr = false,
                q if q.starts_with('q') && q[1..].parse::<u32>().is_ok() => {
                    v.options.quiescence = q[1..].parse().unwrap_or(0);
                }
                _ => return Err(ParsePlayerError(part.to_owned())),
            }
        }
        Ok(v)
    }
}

/// A player with its engine and its own random generator.
pub struct Agent {
    player: Player,
    movetime: Option<Duration>,
    engine: Engine,
    rng: Rng,
    /// Moves chosen, nodes searched and time spent, over the agent's life.
    pub stats: AgentStats,
}

/// What an agent spent.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct AgentStats {
    /// Moves chosen.
    pub moves: u64,
    /// Nodes searched.
    pub nodes: u64,
    /// Time spent choosing.
    pub time: Duration,
}

impl AgentStats {
    fn add(&mut self, other: AgentStats) {
        self.moves += other.moves;
        self.nodes += other.nodes;
        self.time += other.time;
    }
}

impl Agent {
    /// An agent playing as `player`, its level 8 at `movetime` if given, with a table of
    /// `table_mib` MiB and the random stream of `seed`.
    pub fn new(player: Player, movetime: Option<Duration>, table_mib: usize, seed: u64) -> Agent {
        Agent {
            player,
            movetime,
            engine: Engine::with_table_mib(table_mib),
            rng: Rng::new(seed),
            stats: AgentStats::default(),
        }
    }

    /// Replaces the engine (other weights or options) for the agent's searches.
    pub fn with_engine(mut self, engine: Engine) -> Agent {
        self.engine = engine;
        self
    }

    /// Forgets the table and ordering memory, as before a new game.
    pub fn new_game(&mut self) {
        self.engine.clear();
    }

    /// The agent's move in `pos`; `None` when there is no legal move.
    pub fn choose(&mut self, pos: &Position) -> Option<Move> {
        let limits = match &self.player {
            Player::Greedy => {
                let t = std::time::Instant::now();
                let mv = greedy_move(pos, &mut self.rng);
                self.stats.add(AgentStats {
                    moves: 1,
                    nodes: pos.legal_moves().len() as u64,
                    time: t.elapsed(),
                });
                return mv;
            }
            Player::Level(level) => level.limits(self.rng.next_u64(), self.movetime),
            Player::Engine(limits) => Limits {
                seed: self.rng.next_u64(),
                ..limits.clone()
            },
        };
        let report = self.engine.search(pos, &limits, |_| {});
        self.stats.add(AgentStats {
            moves: 1,
            nodes: report.info.nodes,
            time: report.info.time,
        });
        report.best
    }
}

/// A position `plies` random legal plies from the start under `rules`, chosen by `seed`,
/// never a finished one.
pub fn opening(rules: Rules, plies: usize, seed: u64) -> Position {
    let mut rng = Rng::new(mix(seed ^ 0x0BE1));
    loop {
        let mut pos = Position::start().with_rules(rules);
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[rng.below(moves.len())]);
        }
        if !pos.outcome().is_over() {
            return pos;
        }
    }
}

/// One game played.
#[derive(Clone, Debug)]
pub struct Game {
    /// The position it started from.
    pub start: Position,
    /// The moves played.
    pub moves: Vec<Move>,
    /// The winner; `None` for a game stopped at the ply cap (a draw).
    pub winner: Option<Color>,
}

impl Game {
    /// Every position of the game, the start first, the final position last.
    pub fn positions(&self) -> Vec<Position> {
        let mut pos = self.start;
        let mut all = vec![pos];
        for &mv in &self.moves {
            pos.play_unchecked(mv);
            all.push(pos);
        }
        all
    }
}

/// Plies after which a game counts as drawn: Focus has no draw rule, but play can cycle.
pub const MAX_GAME_PLIES: usize = 400;

/// Plays a game from `start` between `white` and `black`.
pub fn play(start: Position, white: &mut Agent, black: &mut Agent) -> Game {
    white.new_game();
    black.new_game();
    let mut pos = start;
    let mut moves = Vec::new();
    while moves.len() < MAX_GAME_PLIES {
        if let Outcome::Win { winner, .. } = pos.outcome() {
            return Game {
                start,
                moves,
                winner: Some(winner),
            };
        }
        let agent = match pos.side_to_move() {
            Color::White => &mut *white,
            Color::Black => &mut *black,
        };
        let mv = agent
            .choose(&pos)
            .expect("a position with a legal move gets a move");
        pos.play(mv).expect("the engine plays legal moves");
        moves.push(mv);
    }
    let winner = match pos.outcome() {
        Outcome::Win { winner, .. } => Some(winner),
        Outcome::Ongoing => None,
    };
    Game {
        start,
        moves,
        winner,
    }
}

/// How to play a match between players A and B.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Player A.
    pub a: Player,
    /// Player B.
    pub b: Player,
    /// Games in all (rounded up to even: each opening is played with both colours).
    pub games: usize,
    /// Level 8's time per move, if not its default.
    pub movetime: Option<Duration>,
    /// The rules.
    pub rules: Rules,
    /// Random plies of each opening.
    pub opening_plies: usize,
    /// Games played at once.
    pub threads: usize,
    /// Seed of the openings and of the players' noise.
    pub seed: u64,
    /// Transposition table of each player, in MiB.
    pub table_mib: usize,
    /// How A's and B's engines differ from the default.
    pub variants: [Variant; 2],
}

/// The result of a match, from A's side.
#[derive(Clone, Debug, Default)]
pub struct MatchResult {
    /// A's wins.
    pub wins: usize,
    /// A's losses.
    pub losses: usize,
    /// Draws (games stopped at the ply cap).
    pub draws: usize,
    /// What A and B spent.
    pub stats: [AgentStats; 2],
    /// Plies played in all.
    pub plies: usize,
    /// Every game, in the order they were scheduled.
    pub games: Vec<Game>,
}

impl MatchResult {
    /// Games played.
    pub fn games(&self) -> usize {
        self.wins + self.losses + self.draws
    }

    /// A's score, 0 to 1 (a draw is half).
    pub fn score(&self) -> f64 {
        (self.wins as f64 + self.draws as f64 / 2.0) / self.games().max(1) as f64
    }

    /// The Elo difference of A over B with its 95 % interval `(low, estimate, high)`, from the
    /// score and its standard error over games; infinite at a score of 0 or 1.
    pub fn elo(&self) -> (f64, f64, f64) {
        let n = self.games().max(1) as f64;
        let s = self.score();
        let var = (self.wins as f64 * (1.0 - s).powi(2)
            + self.losses as f64 * s.powi(2)
            + self.draws as f64 * (0.5 - s).powi(2))
            / n;
        let margin = 1.96 * (var / n).sqrt();
        (elo_of(s - margin), elo_of(s), elo_of(s + margin))
    }
}

/// The Elo difference that predicts score `s`.
pub fn elo_of(s: f64) -> f64 {
    if s <= 0.0 {
        f64::NEG_INFINITY
    } else if s >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / s - 1.0).log10()
    }
}

/// Plays a match; `on_game` sees each finished game (its index, the game, and whether A had
/// White) as it ends.
pub fn play_match(
    config: &MatchConfig,
    on_game: impl Fn(usize, &Game, bool) + Sync,
) -> MatchResult {
    let pairs = config.games.div_ceil(2);
    let total = pairs * 2;
    let next = AtomicUsize::new(0);
    let result = Mutex::new(MatchResult::default());
    let slots: Mutex<Vec<Option<Game>>> = Mutex::new(vec![None; total]);
    std::thread::scope(|scope| {
        for t in 0..config.threads.max(1) {
            let (next, result, slots, on_game) = (&next, &result, &slots, &on_game);
            scope.spawn(move || {
                let seed = mix(config.seed ^ ((t as u64 + 1) * 0x9E37));
                let engine = |v: Variant| {
                    Engine::with_table_mib(config.table_mib)
                        .with_weights(v.weights)
                        .with_options(v.options)
                };
                let mut a = Agent::new(config.a.clone(), config.movetime, 1, seed)
                    .with_engine(engine(config.variants[0]));
                let mut b = Agent::new(config.b.clone(), config.movetime, 1, !seed)
                    .with_engine(engine(config.variants[1]));
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= total {
                        break;
                    }
                    let start = opening(
                        config.rules,
                        config.opening_plies,
                        config.seed ^ (i / 2) as u64,
                    );
                    let a_white = i % 2 == 0;
                    let game = if a_white {
                        play(start, &mut a, &mut b)
                    } else {
                        play(start, &mut b, &mut a)
                    };
                    on_game(i, &game, a_white);
                    let a_color = if a_white { Color::White } else { Color::Black };
                    let mut r = result.lock().expect("no thread panics holding the lock");
                    match game.winner {
                        Some(c) if c == a_color => r.wins += 1,
                        Some(_) => r.losses += 1,
                        None => r.draws += 1,
                    }
                    r.plies += game.moves.len();
                    drop(r);
                    slots.lock().expect("no thread panics holding the lock")[i] = Some(game);
                }
                let mut r = result.lock().expect("no thread panics holding the lock");
                r.stats[0].add(a.stats);
                r.stats[1].add(b.stats);
            });
        }
    });
    let mut result = result.into_inner().expect("threads joined");
    result.games = slots
        .into_inner()
        .expect("threads joined")
        .into_iter()
        .flatten()
        .collect();
    result
}
