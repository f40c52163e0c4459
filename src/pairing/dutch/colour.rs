//! Colour allocation within a pair (C.04.3, 2026: Article 5.2; E.1–E.5 in the 2017 text).

use std::cmp::Ordering;

use super::contestant::{Contestant, Strength};
use crate::pairing::model::Colour;

/// True when `a` ranks above `b`: the higher score, then the smaller pairing number (C.04.3
/// Article 1.2; A.2 in the 2017 text). This is the "higher ranked player (see Article 1.2)" of
/// Article 1.4.2 and of the colour rules 5.2.4 and 5.2.5.
pub(super) fn ranks_above(a: &Contestant, b: &Contestant) -> bool {
    a.score > b.score || (a.score == b.score && a.id < b.id)
}

/// The colour `a` gets against `b`, by the rules of C.04.3 Article 5.2 in their order.
/// `initial` is the colour the top seed had in round 1 (5.2.5).
pub(super) fn allocate(a: &Contestant, b: &Contestant, initial: Colour) -> Colour {
    // 5.2.4 and 5.2.5 favour "the higher ranked player", which Article 1.4.2 defines by Article
    // 1.2: score first, then pairing number; a smaller pairing number alone is not enough
    // (as bbpPairings reads it too).
    let a_higher = ranks_above(a, b);
    let (higher, lower) = if a_higher { (a, b) } else { (b, a) };
    let higher_colour = allocate_higher(higher, lower, initial);
    if a_higher {
        higher_colour
    } else {
        higher_colour.opposite()
    }
}

fn allocate_higher(higher: &Contestant, lower: &Contestant, initial: Colour) -> Colour {
    match (higher.preference, lower.preference) {
        // 5.2.1 (E.1): grant both preferences (a player without one takes what is left).
        (Some(h), Some(l)) if h != l => return h,
        (Some(h), None) => return h,
        (None, Some(l)) => return l.opposite(),
        _ => {}
    }
    if let (Some(wanted), Some(_)) = (higher.preference, lower.preference) {
        // 5.2.2 (E.2): grant the stronger preference; between two absolute ones, the wider colour
        // difference.
        match higher.strength.cmp(&lower.strength) {
            Ordering::Greater => return wanted,
            Ordering::Less => return wanted.opposite(),
            Ordering::Equal => {}
        }
        if higher.strength == Strength::Absolute {
            match higher
                .colour_difference
                .abs()
                .cmp(&lower.colour_difference.abs())
            {
                Ordering::Greater => return wanted,
                Ordering::Less => return wanted.opposite(),
                Ordering::Equal => {}
            }
        }
        // 5.2.3 (E.3): alternate to the most recent time one had White and the other Black.
        let mut theirs = higher.colours.iter().rev().zip(lower.colours.iter().rev());
        if let Some((h, _)) = theirs.find(|(h, l)| h != l) {
            return h.opposite();
        }
        // 5.2.4 (E.4): grant the higher ranked player's preference.
        return wanted;
    }
    // 5.2.5 (E.5): by the higher ranked player's pairing number: odd takes the initial colour.
    if higher.pairing_number % 2 == 1 {
        initial
    } else {
        initial.opposite()
    }
}
