//! `/focus analysis` (issue 15) end to end through the Discord stand-in: refused privately
//! while the game is played, then posted in the channel with its chart after it, the deferred
//! reply showing the progress meanwhile; the second time the stored analysis, at once.

use crate::support;

use std::collections::HashSet;

use serde_json::json;
use support::bot::{WAIT, World};
use support::discord::{FakeUser, Reply, ReplyKind, mention};

/// Where the clock starts: 2026-03-02 09:00 UTC.
const T0: i64 = 1_772_442_000;

/// The chart's size in pixels.
const CHART: (u32, u32) = (900, 420);

/// `user` asks for the analysis of this channel's last game: the acknowledgement, the
/// channel post, and every answer to the interaction (progress edits, the removal).
async fn analyse(w: &World, user: &FakeUser, channel: u64) -> (Reply, Reply, Vec<Reply>) {
    let id = w
        .fake
        .slash(user, channel, "focus analysis", json!({}))
        .await;
    let ack = w.fake.reply_to(id, WAIT).await;
    let posted = w
        .fake
        .reply_where(WAIT, |r| {
            r.kind == ReplyKind::ChannelMessage
                && r.files
                    .iter()
                    .any(|(name, _)| name.ends_with("-analysis.png"))
        })
        .await;
    // The private acknowledgement is removed once the analysis is posted.
    w.fake
        .reply_where(WAIT, |r| {
            r.interaction_id == Some(id) && r.kind == ReplyKind::Delete
        })
        .await;
    let answers = w
        .fake
        .replies()
        .into_iter()
        .filter(|r| r.interaction_id == Some(id))
        .collect();
    (ack, posted, answers)
}

/// The picture: its size and how many colours it has.
fn decoded(png: &[u8]) -> ((u32, u32), usize) {
    let img = image::load_from_memory_with_format(png, image::ImageFormat::Png)
        .expect("a PNG")
        .to_rgb8();
    let colours: HashSet<[u8; 3]> = img.pixels().map(|p| p.0).collect();
    ((img.width(), img.height()), colours.len())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn analysis_is_refused_in_play_then_posted_with_its_chart_and_instant_the_second_time() {
    let mut w = World::at(T0).await;
    // The test build's engine is unoptimised: a small budget per position.
    let bot = w.start_bot_over(|s| s.with_analysis_nodes(3_000)).await;
    let general = w.fake.channel("general");
    let (alice, bob) = w.alice_plays_bob(general, json!({})).await;
    for (who, mv) in [(&alice, "c4-d4"), (&bob, "e4-d4")] {
        let r = w
            .slash(who, general, "focus move", json!({ "move": mv }))
            .await;
        assert!(!r.ephemeral(), "{}", r.text());
    }

    // In play: one private sentence, nothing posted.
    let r = w.slash(&bob, general, "focus analysis", json!({})).await;
    assert!(r.ephemeral(), "{r:?}");
    assert_eq!(
        r.text(),
        "game 1 is still being played: the engine's analysis comes once it is over, for fair play"
    );

    w.slash(&alice, general, "focus move", json!({ "move": "b4-c4" }))
        .await;
    w.slash(&bob, general, "focus resign", json!({})).await;

    let (ack, posted, answers) = analyse(&w, &alice, general).await;
    assert_eq!(ack.kind, ReplyKind::Callback(5), "{ack:?}");
    assert!(ack.ephemeral(), "the progress is the asker's");
    let edits: Vec<String> = answers
        .iter()
        .filter(|r| r.kind == ReplyKind::EditOriginal)
        .map(|r| r.text().to_owned())
        .collect();
    assert!(!edits.is_empty(), "the progress is shown: {answers:?}");
    for edit in &edits {
        let done = edit
            .strip_prefix("Analysing game 1: ")
            .and_then(|t| t.strip_suffix("/3 moves…"))
            .unwrap_or_else(|| panic!("a progress line: {edit:?}"));
        assert!(done.parse::<u32>().is_ok_and(|n| n <= 3), "{edit}");
    }
    assert_eq!(posted.channel_id, Some(general));
    assert!(!posted.ephemeral());
    let text = posted.text();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        format!(
            "**Analysis of game 1**: {} (White) vs {} (Black), 3 plies.",
            mention(&alice),
            mention(&bob)
        )
    );
    assert!(
        lines[1].starts_with(&format!("White ({}): ", mention(&alice))),
        "{text}"
    );
    assert!(
        lines[2].starts_with(&format!("Black ({}): ", mention(&bob))),
        "{text}"
    );
    assert!(
        lines
            .last()
            .unwrap()
            .starts_with("A move's loss is what it gave away"),
        "{text}"
    );
    assert_eq!(posted.files.len(), 1);
    assert_eq!(posted.files[0].0, "focus-game-1-analysis.png");
    let (size, colours) = decoded(&posted.files[0].1);
    assert_eq!(size, CHART);
    assert!(colours > 50, "not blank: {colours} colours");

    // Again (by Bob, in Russian): the stored analysis, no progress at all; the same review.
    w.fake.set_locale(&bob, "ru");
    let (_, again, answers) = analyse(&w, &bob, general).await;
    assert!(
        answers.iter().all(|r| r.kind != ReplyKind::EditOriginal),
        "no search, no progress: {answers:?}"
    );
    assert_eq!(
        again.text(),
        posted.text(),
        "the channel's language: English"
    );
    assert_eq!(decoded(&again.files[0].1).0, CHART);

    // A game that does not exist: one private sentence.
    let r = w
        .slash(&alice, general, "focus analysis", json!({ "game": 99 }))
        .await;
    assert!(r.ephemeral(), "{r:?}");
    assert_eq!(r.text(), "there is no game #99");
    bot.stop().await;
}
