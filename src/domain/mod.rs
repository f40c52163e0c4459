//! The domain's decisions, pure: what a tournament does next, how a game's end changes the
//! players' records and ratings, when a deadline fires, who may join late. Each decision takes
//! a state and an event and gives the new state and the effects (rows to write, notices to
//! queue) as data; the store keeps what they say, and decides nothing.
//!
//! Depends on [`crate::rules`], [`crate::ratings`] and [`crate::pairing`] only: no SQL, no
//! clock, no Discord.
