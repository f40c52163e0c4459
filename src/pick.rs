//! Choosing a move from menus (issue 23): where a player may not have the app's slash
//! commands (a user's install in a group DM, a server without the bot), Discord still shows
//! them a message's components. A game's board carries a select menu of what can move: a
//! stack, the reserve, or the opening swap. Picking one opens the menu of where it goes, and
//! picking that plays the move.
//!
//! A Discord select menu has at most 25 options. A stack of height `h` has at most `4h <= 20`
//! steps (it moves exactly as many squares as pieces, [`crate::rules`]), and a player controls
//! at most 18 stacks, so one menu always holds them. Drops (up to 52 squares) and opening
//! swaps are grouped by rank when they do not fit.
//!
//! Everything here is pure: the menus are computed from the position each time, so a menu
//! of a position that has moved on is recognised by its ply (in the component) and refused.

use std::collections::BTreeSet;
use std::fmt;

use crate::rules::{Move, Position, Square};

/// The most options one Discord select menu holds.
pub const MENU_LIMIT: usize = 25;

/// A step of choosing a move by menus, as a component carries it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Pick {
    /// What moves: a stack, the reserve, or the opening swap (the board's own menu).
    Origin,
    /// Where the stack on this square goes.
    Stack(Square),
    /// Where a reserve piece goes (by rank first when there are more than 25 squares).
    Reserve,
    /// Where a reserve piece goes on this rank (1 to 8).
    ReserveRank(u8),
    /// Which opening swap (by the rank of its lower square first when there are more than
    /// 25).
    Swap,
    /// Which opening swap whose lower square is on this rank (1 to 8).
    SwapRank(u8),
}

/// What a menu's option leads to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Another menu.
    Next(Pick),
    /// This move.
    Play(Move),
}

impl fmt::Display for Pick {
    /// Its code in a `custom_id` or an option's value: `o`, `c4`, `r`, `r3`, `w`, `w3`
    /// (never a `:`, which separates a `custom_id`'s parts).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pick::Origin => write!(f, "o"),
            Pick::Stack(sq) => write!(f, "{sq}"),
            Pick::Reserve => write!(f, "r"),
            Pick::ReserveRank(rank) => write!(f, "r{rank}"),
            Pick::Swap => write!(f, "w"),
            Pick::SwapRank(rank) => write!(f, "w{rank}"),
        }
    }
}

impl std::str::FromStr for Pick {
    type Err = ();

    fn from_str(code: &str) -> Result<Pick, ()> {
        Ok(match code {
            "o" => Pick::Origin,
            "r" => Pick::Reserve,
            "w" => Pick::Swap,
            _ => {
                if let Some(text) = code.strip_prefix('r') {
                    Pick::ReserveRank(rank(text)?)
                } else if let Some(text) = code.strip_prefix('w') {
                    Pick::SwapRank(rank(text)?)
                } else {
                    Pick::Stack(code.parse().map_err(|_| ())?)
                }
            }
        })
    }
}

/// A rank's code, `1` to `8` (one code per rank: never `03`).
fn rank(text: &str) -> Result<u8, ()> {
    match text.parse::<u8>() {
        Ok(rank @ 1..=8) if text == rank.to_string() => Ok(rank),
        _ => Err(()),
    }
}

impl fmt::Display for Choice {
    /// Its value in a select menu: `p:<pick>` or `m:<move>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Choice::Next(pick) => write!(f, "p:{pick}"),
            Choice::Play(mv) => write!(f, "m:{mv}"),
        }
    }
}

impl std::str::FromStr for Choice {
    type Err = ();

    fn from_str(value: &str) -> Result<Choice, ()> {
        if let Some(pick) = value.strip_prefix("p:") {
            Ok(Choice::Next(pick.parse()?))
        } else if let Some(mv) = value.strip_prefix("m:") {
            Ok(Choice::Play(mv.parse().map_err(|_| ())?))
        } else {
            Err(())
        }
    }
}

/// Where a move starts, for grouping.
fn origin(mv: Move) -> Pick {
    match mv {
        Move::Step { from, .. } => Pick::Stack(from),
        Move::Drop { .. } => Pick::Reserve,
        Move::Swap { .. } => Pick::Swap,
    }
}

/// The options of menu `pick` for the player to move in `position`, in order: at most
/// [`MENU_LIMIT`]. Empty when it offers nothing (the game is over, or the pick names a stack
/// the player does not control: a forged component).
pub fn options(position: &Position, pick: Pick) -> Vec<Choice> {
    let moves: Vec<Move> = position.legal_moves().iter().copied().collect();
    let options: Vec<Choice> = match pick {
        Pick::Origin => moves
            .iter()
            .map(|&mv| origin(mv))
            .collect::<BTreeSet<_>>()
            .into_iter()
            .map(Choice::Next)
            .collect(),
        Pick::Stack(from) => moves
            .iter()
            .filter(|&&mv| origin(mv) == Pick::Stack(from))
            .map(|&mv| Choice::Play(mv))
            .collect(),
        Pick::Reserve | Pick::ReserveRank(_) => {
            grouped(&moves, pick, Pick::Reserve, |mv| match mv {
                Move::Drop { to } => Some(Pick::ReserveRank(to.rank() + 1)),
                _ => None,
            })
        }
        Pick::Swap | Pick::SwapRank(_) => grouped(&moves, pick, Pick::Swap, |mv| match mv {
            Move::Swap { a, .. } => Some(Pick::SwapRank(a.rank() + 1)),
            _ => None,
        }),
    };
    debug_assert!(options.len() <= MENU_LIMIT, "{pick:?}: {}", options.len());
    options.into_iter().take(MENU_LIMIT).collect()
}

/// The options under `pick` for the moves of one kind (those `group` names a rank group
/// for): the moves themselves when they fit one menu and `pick` is the kind's `top`, else the
/// groups under `top` and each group's moves under the group.
fn grouped(
    moves: &[Move],
    pick: Pick,
    top: Pick,
    group: impl Fn(Move) -> Option<Pick>,
) -> Vec<Choice> {
    let all: Vec<(Pick, Move)> = moves
        .iter()
        .filter_map(|&mv| Some((group(mv)?, mv)))
        .collect();
    if all.len() <= MENU_LIMIT {
        return if pick == top {
            all.into_iter().map(|(_, mv)| Choice::Play(mv)).collect()
        } else {
            vec![]
        };
    }
    if pick == top {
        all.into_iter()
            .map(|(group, _)| group)
            .collect::<BTreeSet<_>>()
            .into_iter()
            .map(Choice::Next)
            .collect()
    } else {
        all.into_iter()
            .filter(|&(group, _)| group == pick)
            .map(|(_, mv)| Choice::Play(mv))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn codes_and_values_read_back() {
        for pick in [
            Pick::Origin,
            Pick::Stack(sq("c4")),
            Pick::Reserve,
            Pick::ReserveRank(3),
            Pick::Swap,
            Pick::SwapRank(5),
        ] {
            assert_eq!(pick.to_string().parse::<Pick>(), Ok(pick));
            assert!(!pick.to_string().contains(':'));
            let choice = Choice::Next(pick);
            assert_eq!(choice.to_string().parse::<Choice>(), Ok(choice));
        }
        let mv: Move = "c4-c6".parse().unwrap();
        assert_eq!("m:c4-c6".parse::<Choice>(), Ok(Choice::Play(mv)));
        for junk in [
            "", "x", "r0", "r9", "r03", "w9", "wc4", "p:", "m:zz", "q:o", "z9",
        ] {
            assert!(junk.parse::<Choice>().is_err(), "{junk}");
            assert!(
                junk.parse::<Pick>().is_err() || junk.starts_with("p:"),
                "{junk}"
            );
        }
    }

    #[test]
    fn the_start_offers_every_stack_of_the_mover_then_its_steps() {
        let position = Position::start();
        let origins = options(&position, Pick::Origin);
        // White controls 18 single pieces at the start and has no reserve.
        assert_eq!(origins.len(), 18);
        let mut reached = 0;
        for choice in &origins {
            let Choice::Next(pick @ Pick::Stack(from)) = *choice else {
                panic!("{choice:?}");
            };
            let steps = options(&position, pick);
            assert!(!steps.is_empty() && steps.len() <= 4, "{from}: {steps:?}");
            for step in steps {
                let Choice::Play(mv) = step else { panic!() };
                assert!(position.legal_moves().contains(&mv));
                reached += 1;
            }
        }
        assert_eq!(reached, position.legal_moves().len());
        // A square the mover does not control offers nothing.
        assert_eq!(options(&position, Pick::Stack(sq("a4"))), vec![]);
        assert_eq!(options(&position, Pick::Reserve), vec![]);
    }

    #[test]
    fn drops_are_grouped_by_rank_and_every_menu_fits_discord() {
        // Every move of some real games, menus checked at each position.
        let (mut ranks, mut swaps) = (0, 0);
        for (seed, rules) in [
            Rules::CLASSIC,
            Rules::SWAP,
            Rules::SWAP_MIRROR,
            Rules::CLASSIC,
        ]
        .into_iter()
        .enumerate()
        {
            let mut position = Position::start().with_rules(rules);
            let mut rng = 0x9e37_79b9_7f4a_7c15_u64 + seed as u64;
            for _ in 0..400 {
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let mut all = Vec::new();
                for origin in options(&position, Pick::Origin) {
                    let Choice::Next(pick) = origin else { panic!() };
                    for next in options(&position, pick) {
                        assert!(options(&position, pick).len() <= MENU_LIMIT);
                        match next {
                            Choice::Play(mv) => all.push(mv),
                            Choice::Next(group) => {
                                ranks += usize::from(matches!(group, Pick::ReserveRank(_)));
                                swaps += usize::from(matches!(group, Pick::SwapRank(_)));
                                let inner = options(&position, group);
                                assert!(!inner.is_empty() && inner.len() <= MENU_LIMIT);
                                for c in inner {
                                    let Choice::Play(mv) = c else { panic!() };
                                    all.push(mv);
                                }
                            }
                        }
                    }
                }
                let mut legal: Vec<Move> = moves.iter().copied().collect();
                legal.sort_by_key(|m| m.to_string());
                all.sort_by_key(|m| m.to_string());
                assert_eq!(all, legal, "{position}");
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                let mv = moves[(rng % moves.len() as u64) as usize];
                position.play(mv).unwrap();
            }
        }
        // Reserves did come up (a drop menu grouped by rank), and opening swaps too many for
        // one menu.
        assert!(ranks > 0 && swaps > 0, "{ranks} {swaps}");
    }
}
