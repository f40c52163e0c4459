//! The engine (issue 14): forced wins and losses, legality under every rule set, limits,
//! determinism, and the line protocol run as a user runs it.

use std::process::Command;
use std::time::{Duration, Instant};

use crate::bin;

use focus_bot::engine::selfplay::{Agent, Player, opening};
use focus_bot::engine::{Engine, Level, Limits, Score};
use focus_bot::rules::{Move, Outcome, Position, Rules};

/// White d5 next to Black's last stack e5: `d5-e5` covers it and Black has nothing left.
const WIN_IN_1: &str = ".,.,.,./.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,w,b,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,./.,.,.,. w 0 0 17 17";
/// White to move wins in 3 moves (5 plies) and not sooner (found by the engine, checked by
/// brute force below).
const WIN_IN_3: &str = ".,.,.,./.,.,.,wbwb,.,./w,.,.,.,bwww,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,b,.,.,.,.,./.,.,.,.,.,./.,.,.,. w 0 0 14 12";
/// White to move loses in 2 (Black's second move wins), whatever White does.
const LOSS_IN_2: &str = "wbw,.,.,./.,bbb,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,b,./.,.,.,.,.,bwb,.,./.,.,.,.,.,.,.,./wbwb,.,.,.,.,./.,.,.,. w 0 1 8 13";

fn pos(fpn: &str) -> Position {
    fpn.parse().unwrap()
}

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

fn mover_won(child: &Position, mover: focus_bot::rules::Color) -> bool {
    matches!(child.outcome(), Outcome::Win { winner, .. } if winner == mover)
}

/// Brute force, no pruning: can the side to move force a win within `plies` plies (odd)?
fn wins_within(pos: &Position, plies: u32) -> bool {
    let me = pos.side_to_move();
    pos.legal_moves().iter().any(|&m| {
        let mut child = *pos;
        child.play_unchecked(m);
        mover_won(&child, me)
            || (plies >= 3
                && !child.outcome().is_over()
                && child.legal_moves().iter().all(|&r| {
                    let mut next = child;
                    next.play_unchecked(r);
                    !matches!(next.outcome(), Outcome::Win { winner, .. } if winner != me)
                        && wins_within(&next, plies - 2)
                }))
    })
}

/// Brute force: does every move of the side to move lose within `plies` plies (even)?
fn loses_within(pos: &Position, plies: u32) -> bool {
    let me = pos.side_to_move();
    pos.legal_moves().iter().all(|&m| {
        let mut child = *pos;
        child.play_unchecked(m);
        !mover_won(&child, me) && wins_within(&child, plies - 1)
    })
}

#[test]
fn finds_a_win_in_one_at_depth_one() {
    let p = pos(WIN_IN_1);
    let report = Engine::with_table_mib(1).search(&p, &Limits::depth(1), |_| {});
    assert_eq!(report.best, Some(mv("d5-e5")));
    assert_eq!(report.info.score, Score::Win(1));
    // Deeper searches keep the quickest win.
    let report = Engine::with_table_mib(1).search(&p, &Limits::depth(6), |_| {});
    assert_eq!(report.best, Some(mv("d5-e5")));
    assert_eq!(report.info.score, Score::Win(1));
}

#[test]
fn finds_a_win_in_three_and_plays_it_out() {
    let start = pos(WIN_IN_3);
    assert!(
        wins_within(&start, 5),
        "the brute force agrees: a win in 5 plies"
    );
    assert!(!wins_within(&start, 3), "and none in 3");
    let mut engine = Engine::with_table_mib(4);
    let report = engine.search(&start, &Limits::depth(7), |_| {});
    assert_eq!(report.info.score, Score::Win(3));
    // Whatever the defence, the engine's moves win within its three moves.
    let mut p = start;
    let mut defender = Engine::with_table_mib(4);
    for n in (1..=3).rev() {
        let r = engine.search(&p, &Limits::depth(7), |_| {});
        assert!(
            matches!(r.info.score, Score::Win(k) if k <= n),
            "{:?} at {p}",
            r.info.score
        );
        p.play(r.best.unwrap()).unwrap();
        if p.outcome().is_over() {
            break;
        }
        let d = defender.search(&p, &Limits::depth(6), |_| {});
        assert!(matches!(d.info.score, Score::Loss(_)), "{:?}", d.info.score);
        p.play(d.best.unwrap()).unwrap();
    }
    assert_eq!(p.outcome().to_string(), "white wins (no legal move)");
}

#[test]
fn recognises_a_forced_loss() {
    let p = pos(LOSS_IN_2);
    assert!(
        loses_within(&p, 4),
        "the brute force agrees: lost within 4 plies"
    );
    let report = Engine::with_table_mib(4).search(&p, &Limits::depth(6), |_| {});
    assert_eq!(report.info.score, Score::Loss(2));
    assert!(p.check(report.best.unwrap()).is_ok());
}

#[test]
fn no_move_means_none_and_an_only_move_comes_at_once() {
    // Black to move controls nothing and has no reserve.
    let over = pos(
        ".,.,.,./.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,bw,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,./.,.,.,. b 0 0 17 17",
    );
    let report = Engine::with_table_mib(1).search(&over, &Limits::depth(5), |_| {});
    assert_eq!(report.best, None);
    // Under the swap rule, White's first turn with a single possible swap.
    let only = Position::from_fpn(
        ".,.,.,./.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,b,.,.,.,./.,.,.,w,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,./.,.,.,. w 0 0 17 17",
        Rules::SWAP,
    )
    .unwrap();
    assert_eq!(only.legal_moves().len(), 1);
    let t = Instant::now();
    let report = Engine::with_table_mib(1).search(&only, &Limits::movetime_ms(5_000), |_| {});
    assert_eq!(report.best, Some(mv("d4~d5")));
    assert_eq!(report.info.nodes, 0);
    assert!(t.elapsed() < Duration::from_secs(1));
}

#[test]
fn never_an_illegal_move_under_any_rules() {
    let mut engine = Engine::with_table_mib(1);
    let mut checked = 0;
    for (r, rules) in Rules::ALL.into_iter().enumerate() {
        for g in 0..3u64 {
            // Random games, the engine asked at every third ply, at varied limits and levels.
            let mut p = opening(rules, (g as usize * 7) % 30, g * 31 + r as u64);
            if g == 0 {
                p = Position::start().with_rules(rules);
            }
            for ply in 0..40u64 {
                if p.outcome().is_over() {
                    break;
                }
                let limits = match ply % 3 {
                    0 => Limits::nodes(150 + ply * 3),
                    1 => Level::new((ply % 8) as u8 + 1)
                        .unwrap()
                        .limits(ply, Some(Duration::from_millis(5))),
                    _ => Limits::depth(2),
                };
                let report = engine.search(&p, &limits, |_| {});
                let best = report.best.expect("a move while the game goes on");
                assert!(p.check(best).is_ok(), "{best} in {p} ({rules})");
                checked += 1;
                let moves = p.legal_moves();
                let next = if ply % 2 == 0 {
                    best
                } else {
                    moves[(ply as usize * 13) % moves.len()]
                };
                p.play(next).unwrap();
            }
        }
    }
    assert!(checked > 150, "{checked} searches");
}

#[test]
fn a_node_limit_is_deterministic() {
    let p = opening(Rules::CLASSIC, 12, 3);
    let run = || {
        let mut e = Engine::with_table_mib(2);
        let r = e.search(
            &p,
            &Limits {
                nodes: Some(3_000),
                seed: 9,
                noise: 20,
                ..Limits::default()
            },
            |_| {},
        );
        (r.best, r.info.nodes, r.info.score)
    };
    assert_eq!(run(), run());
    let (_, nodes, _) = run();
    assert!((3_000..3_100).contains(&nodes), "{nodes}");
}

#[test]
fn time_limit_is_honoured_within_the_margin() {
    // Margin of the issue: 5 % or 20 ms. Best of three tries, so a busy machine's one hiccup
    // does not decide.
    let p = opening(Rules::CLASSIC, 10, 5);
    let mut engine = Engine::with_table_mib(8);
    let best = (0..3)
        .map(|_| {
            let t = Instant::now();
            let r = engine.search(&p, &Limits::movetime_ms(100), |_| {});
            assert!(r.best.is_some());
            t.elapsed()
        })
        .min()
        .unwrap();
    assert!(best <= Duration::from_millis(120), "{best:?}");
    assert!(
        best >= Duration::from_millis(30),
        "{best:?}: it used its time"
    );
}

#[test]
fn levels_and_greedy_play_whole_games() {
    let mut white = Agent::new(Player::Level(Level::new(3).unwrap()), None, 1, 1);
    let mut black = Agent::new(Player::Greedy, None, 1, 2);
    let game = focus_bot::engine::selfplay::play(Position::start(), &mut white, &mut black);
    assert!(!game.moves.is_empty());
    let last = game.positions().pop().unwrap();
    assert!(
        last.outcome().is_over() || game.moves.len() == focus_bot::engine::selfplay::MAX_GAME_PLIES
    );
    assert_eq!(
        "level:4".parse::<Player>().unwrap(),
        Player::Level(Level::new(4).unwrap())
    );
    assert!("level:9".parse::<Player>().is_err());
    assert_eq!(
        "movetime:50".parse::<Player>().unwrap().to_string(),
        "movetime:50"
    );
}

fn engine_session(rules: &str, input: &str) -> (String, String) {
    let out = bin::focus_bot(&["engine", "--rules", rules], input);
    assert!(out.status.success());
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn protocol_answers_every_go_with_one_bestmove() {
    let input = format!(
        "position start\ngo depth 2\nposition start moves c4-d4 b7-b6\ngo nodes 500\n\
         position fpn {WIN_IN_1}\ngo depth 3\nnew\ngo level 1\n\
         position fpn .,.,.,./.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,bw,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,./.,.,.,. b 0 0 17 17\ngo depth 2\n\
         position start\ngo movetime 30\nquit\ngo depth 1\n"
    );
    let (out, err) = engine_session("classic", &input);
    assert_eq!(err, "");
    let bestmoves: Vec<&str> = out.lines().filter(|l| l.starts_with("bestmove ")).collect();
    assert_eq!(bestmoves.len(), 6, "{out}");
    assert_eq!(bestmoves[2], "bestmove d5-e5");
    assert_eq!(bestmoves[4], "bestmove none");
    assert!(
        out.lines()
            .any(|l| l.starts_with("info depth 2 score win 1 nodes ") && l.ends_with("pv d5-e5")),
        "{out}"
    );
    for line in out.lines() {
        assert!(
            line.starts_with("info depth ") || line.starts_with("bestmove "),
            "{line}"
        );
    }
    // Each bestmove is legal where it was asked.
    let first: Move = bestmoves[0]
        .trim_start_matches("bestmove ")
        .parse()
        .unwrap();
    assert!(Position::start().check(first).is_ok());
}

#[test]
fn protocol_answers_bad_lines_with_one_error_each_and_goes_on() {
    let input = "hello\nposition\nposition fpn nonsense\nposition start moves c4-c9\n\
                 position start moves c4-e4\ngo depth\ngo depth x\ngo level 9\ngo speed 3\n\
                 go depth 1\n";
    let (out, err) = engine_session("swap+mirror", input);
    let errors: Vec<&str> = err.lines().collect();
    assert_eq!(errors.len(), 9, "{err}");
    assert!(errors.iter().all(|l| l.starts_with("error: ")), "{err}");
    assert!(errors[0].contains("unknown command `hello`"));
    assert!(errors[4].contains("illegal move `c4-e4`"), "{}", errors[4]);
    // Under the swap rule the start's first move is a swap.
    let best: Vec<&str> = out.lines().filter(|l| l.starts_with("bestmove ")).collect();
    assert_eq!(best.len(), 1);
    assert!(best[0].contains('~'), "{}", best[0]);
}

#[test]
fn bestmove_command_prints_the_winning_move() {
    let out = Command::new(env!("CARGO_BIN_EXE_focus-bot"))
        .args(["bestmove", "--fpn", WIN_IN_1, "--depth", "2"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "d5-e5\n");
}
