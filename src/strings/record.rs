//! A game's record as text: a header of tags like PGN's, then the moves and the result. The
//! tags and their values are the same in every language (like move notation), so that
//! `focus-bot replay` reads a record from any server; only the message around it is
//! translated.

use chrono::DateTime;

use super::words::reason_key;
use crate::rules::record::quote_tag;
use crate::service::History;
use crate::store::{GameResult, GameStatus, TimeControl};

/// The record of `h`: the header (`[Game "12"]`, the server when `server` names it, date,
/// players, rules, time control, rating, a set-up start, result and why), a blank line, the
/// moves, and the result mark (`1-0`, `0-1`, `1/2-1/2`, `*` while in play or aborted).
pub fn record_text(h: &History, server: Option<&str>) -> String {
    let g = &h.game;
    let name = |i: usize| h.names[i].clone().unwrap_or_default();
    let date = DateTime::from_timestamp(g.created_at, 0)
        .map(|d| d.format("%Y.%m.%d").to_string())
        .unwrap_or_else(|| "????.??.??".to_owned());
    let time_control = match g.time_control {
        TimeControl::Unlimited => "unlimited".to_owned(),
        TimeControl::Days(days) => format!("{days}d"),
        TimeControl::Minutes(minutes) => format!("{minutes}m"),
    };
    let result = match (g.status, g.result) {
        (GameStatus::Finished, Some(GameResult::White)) => "1-0",
        (GameStatus::Finished, Some(GameResult::Black)) => "0-1",
        (GameStatus::Finished, Some(GameResult::Draw)) => "1/2-1/2",
        _ => "*",
    };
    let termination = match g.status {
        GameStatus::Active => "in play",
        GameStatus::NeedsReview => "held for review",
        _ => reason_key(g.reason, g.result),
    };
    let mut tags: Vec<(&str, String)> = vec![("Game", g.id.0.to_string())];
    if let Some(server) = server {
        tags.push(("Server", server.to_owned()));
    }
    tags.extend([
        ("Date", date),
        ("White", name(0)),
        ("Black", name(1)),
        ("Rules", g.rules.name().to_owned()),
        ("TimeControl", time_control),
        ("Rated", if g.rated { "yes" } else { "no" }.to_owned()),
    ]);
    if let Some(fpn) = &g.start_fpn {
        tags.push(("FPN", fpn.clone()));
    }
    tags.push(("Result", result.to_owned()));
    tags.push(("Termination", termination.to_owned()));
    let mut text: String = tags
        .iter()
        .map(|(tag, value)| format!("[{tag} {}]\n", quote_tag(value)))
        .collect();
    text.push('\n');
    if !h.record.is_empty() {
        text.push_str(&h.record);
        text.push(' ');
    }
    text.push_str(result);
    text
}
