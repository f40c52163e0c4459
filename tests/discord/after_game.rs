//! After the last move (issue 13) end to end through the Discord stand-in: the Replay and
//! Rematch buttons of a finished game's last message, and `/focus replay`.

use crate::support;

use serde_json::json;
use support::bot::{WAIT, World};
use support::discord::{FakeUser, Reply, ReplyKind, mention};

/// Where the clock starts: 2026-03-02 09:00 UTC.
const T0: i64 = 1_772_442_000;

/// The board picture's size in pixels.
const PICTURE: (u16, u16) = (684, 800);

/// Alice and Bob play three plies in `channel`, then Bob resigns: Alice (White) wins. The
/// resignation's message, the game's last.
async fn a_finished_game(w: &World, channel: u64) -> (FakeUser, FakeUser, Reply) {
    let (alice, bob) = w.alice_plays_bob(channel, json!({})).await;
    for (who, mv) in [(&alice, "c4-d4"), (&bob, "e4-d4"), (&alice, "b4-c4")] {
        let r = w
            .slash(who, channel, "focus move", json!({ "move": mv }))
            .await;
        assert!(!r.ephemeral(), "{}", r.text());
        assert!(r.custom_ids().is_empty(), "no buttons while in play: {r:?}");
    }
    let last = w.slash(&bob, channel, "focus resign", json!({})).await;
    (alice, bob, last)
}

/// The frames of a GIF: their count and the screen's size.
fn gif_frames(bytes: &[u8]) -> (usize, (u16, u16)) {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options.read_info(bytes).expect("a GIF");
    let size = (decoder.width(), decoder.height());
    let mut frames = 0;
    while decoder.read_next_frame().expect("a frame").is_some() {
        frames += 1;
    }
    (frames, size)
}

/// Whether the button with `custom_id` in `reply` is disabled.
fn disabled(reply: &Reply, custom_id: &str) -> bool {
    let rows = reply.components.as_array().expect("components");
    rows.iter()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .find(|b| b["custom_id"] == custom_id)
        .unwrap_or_else(|| panic!("no button {custom_id} in {reply:?}"))["disabled"]
        .as_bool()
        .unwrap_or(false)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_games_replay_button_shows_the_whole_game_to_the_clicker_only() {
    let mut w = World::at(T0).await;
    let bot = w.start_bot().await;
    let general = w.fake.channel("general");
    let (alice, bob, last) = a_finished_game(&w, general).await;
    assert!(
        last.text().starts_with(&format!(
            "**{} (White) wins game 1**, by resignation.",
            mention(&alice)
        )),
        "{}",
        last.text()
    );
    assert_eq!(last.custom_ids(), ["focus:replay:1", "focus:rematch:1"]);
    assert!(!disabled(&last, "focus:rematch:1"));

    // An onlooker clicks Replay: acknowledged privately, then the GIF, privately.
    let carol = w.fake.user("carol");
    let message = last.message_id.expect("the last message");
    let id = w
        .fake
        .click(&carol, general, message, "focus:replay:1")
        .await;
    let ack = w.fake.reply_to(id, WAIT).await;
    assert_eq!(ack.kind, ReplyKind::Callback(5), "{ack:?}");
    assert!(ack.ephemeral());
    let shown = w.fake.reply_to(id, WAIT).await;
    assert!(shown.ephemeral(), "{shown:?}");
    assert_eq!(
        shown.text(),
        format!(
            "Replay of game 1: {} (White) vs {} (Black), 3 plies.",
            mention(&alice),
            mention(&bob)
        )
    );
    assert_eq!(shown.files.len(), 1);
    assert_eq!(shown.files[0].0, "focus-game-1.gif");
    // The start and one frame per ply.
    assert_eq!(gif_frames(&shown.files[0].1), (4, PICTURE));
    assert_eq!(
        shown.allowed_mentions.as_ref().unwrap()["users"],
        json!([]),
        "pings nobody"
    );

    // After a restart the button still works.
    bot.stop().await;
    let bot = w.start_bot().await;
    let id = w.fake.click(&bob, general, message, "focus:replay:1").await;
    w.fake.reply_to(id, WAIT).await;
    let shown = w.fake.reply_to(id, WAIT).await;
    assert_eq!(gif_frames(&shown.files[0].1).0, 4);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn focus_replay_posts_the_last_game_of_the_channel_and_refuses_privately() {
    let mut w = World::at(T0).await;
    let bot = w.start_bot().await;
    let general = w.fake.channel("general");
    let (alice, bob, _) = a_finished_game(&w, general).await;

    // No game in play here: the one that finished here last, posted in the channel.
    let id = w
        .fake
        .slash(&alice, general, "focus replay", json!({}))
        .await;
    let ack = w.fake.reply_to(id, WAIT).await;
    assert_eq!(ack.kind, ReplyKind::Callback(5), "{ack:?}");
    let posted = w
        .fake
        .reply_where(WAIT, |r| r.kind == ReplyKind::ChannelMessage)
        .await;
    assert_eq!(posted.channel_id, Some(general));
    assert!(!posted.ephemeral());
    assert_eq!(
        posted.text(),
        format!(
            "Replay of game 1: {} (White) vs {} (Black), 3 plies.",
            mention(&alice),
            mention(&bob)
        )
    );
    assert_eq!(gif_frames(&posted.files[0].1), (4, PICTURE));
    // The private acknowledgement is removed once the replay is posted.
    let removed = w.fake.reply_to(id, WAIT).await;
    assert_eq!(removed.kind, ReplyKind::Delete, "{removed:?}");

    // A game that does not exist: one private sentence, nothing posted.
    let r = w
        .slash(&alice, general, "focus replay", json!({ "game": 99 }))
        .await;
    assert!(r.ephemeral(), "{r:?}");
    assert_eq!(r.text(), "there is no game #99");

    // Larger than Discord lets the reply attach: refused privately, after the
    // acknowledgement, naming the limit.
    w.fake.set_attachment_limit(20_000);
    let id = w
        .fake
        .slash(&bob, general, "focus replay", json!({ "game": 1 }))
        .await;
    let ack = w.fake.reply_to(id, WAIT).await;
    assert!(ack.ephemeral(), "{ack:?}");
    let refusal = w.fake.reply_to(id, WAIT).await;
    assert_eq!(
        refusal.text(),
        "the replay of game 1 (3 plies) is larger than Discord lets me attach here (19 KiB): \
         `/focus history` gives its record"
    );
    assert!(refusal.files.is_empty());
    // A clean stop waits for the handlers in flight (and the sweeper's round): whatever the
    // refused replay would have posted is posted by then.
    bot.stop().await;
    assert!(
        w.fake
            .try_reply_where(std::time::Duration::ZERO, |r| r.kind
                == ReplyKind::ChannelMessage)
            .await
            .is_none(),
        "nothing posted"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rematch_offers_the_same_game_with_colours_swapped_once() {
    let mut w = World::at(T0).await;
    let bot = w.start_bot().await;
    let general = w.fake.channel("general");
    let (alice, bob, last) = a_finished_game(&w, general).await;
    let message = last.message_id.expect("the last message");

    // An onlooker may not offer it.
    let carol = w.fake.user("carol");
    let r = w.click(&carol, general, message, "focus:rematch:1").await;
    assert!(r.ephemeral(), "{r:?}");
    assert_eq!(r.text(), "you are not playing in game #1");

    // After a restart, Bob (who lost with Black) offers it: the clicked message keeps its text
    // with Rematch disabled, and the challenge follows, to Alice, Bob now White.
    bot.stop().await;
    let bot = w.start_bot().await;
    let id = w
        .fake
        .click(&bob, general, message, "focus:rematch:1")
        .await;
    let update = w.fake.reply_to(id, WAIT).await;
    assert_eq!(update.kind, ReplyKind::Callback(7), "{update:?}");
    assert_eq!(update.text(), last.text());
    assert!(disabled(&update, "focus:rematch:1"));
    assert!(!disabled(&update, "focus:replay:1"));
    let offer = w.fake.reply_to(id, WAIT).await;
    assert_eq!(offer.kind, ReplyKind::Followup);
    assert!(!offer.ephemeral());
    assert!(
        offer.text().starts_with(&format!(
            "**Rematch** of game 1, colours swapped:\n{} challenges {} to a game of Focus!\n\
             classic rules · 3 days per move · rated · {} plays White\n",
            mention(&bob),
            mention(&alice),
            mention(&bob)
        )),
        "{}",
        offer.text()
    );
    assert_eq!(
        offer.allowed_mentions.as_ref().unwrap()["users"],
        json!([alice.id.to_string()]),
        "pings Alice only"
    );

    // Once per game: Alice's click, too, is refused.
    let r = w.click(&alice, general, message, "focus:rematch:1").await;
    assert!(r.ephemeral(), "{r:?}");
    assert_eq!(
        r.text(),
        "a rematch of game 1 was offered already: each game gets one"
    );

    // Alice accepts with the challenge's button: game 2, Bob White.
    let accept = offer.custom_ids()[0].clone();
    assert!(accept.starts_with("focus:accept:"), "{accept}");
    let challenge = offer.message_id.expect("the rematch's message");
    let id = w.fake.click(&alice, general, challenge, &accept).await;
    w.fake.reply_to(id, WAIT).await;
    let started = w.fake.reply_to(id, WAIT).await;
    assert!(
        started.text().starts_with(&format!(
            "**Game 2 begins!** {} plays White, {} plays Black.",
            mention(&bob),
            mention(&alice)
        )),
        "{}",
        started.text()
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_aborted_game_has_no_replay_or_rematch() {
    let mut w = World::at(T0).await;
    let bot = w.start_bot().await;
    let general = w.fake.channel("general");
    let (alice, _) = w.alice_plays_bob(general, json!({})).await;
    let r = w.slash(&alice, general, "focus abort", json!({})).await;
    assert_eq!(r.text(), "Game 1 was aborted: no result, no rating change.");
    assert!(r.custom_ids().is_empty(), "{r:?}");
    bot.stop().await;
}
