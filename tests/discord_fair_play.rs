//! Around the game (issue 13) end to end through the Discord stand-in: who may be challenged,
//! and the moves autocomplete offers.

mod support;

use serde_json::json;
use support::bot::{WAIT, World};
use support::discord::{FakeUser, mention};

/// Where the clock starts: 2026-03-02 09:00 UTC.
const T0: i64 = 1_772_442_000;

/// Alice (White: the colour option's first choice) challenges Bob in `channel` and Bob
/// accepts; waits for the acceptance and the game's first message.
async fn alice_plays_bob(w: &World, channel: u64) -> (FakeUser, FakeUser) {
    let (alice, bob) = (w.fake.user("alice"), w.fake.user("bob"));
    let options = json!({ "opponent": bob.id, "color": 0 });
    let id = w
        .fake
        .slash(&alice, channel, "focus challenge", options)
        .await;
    let challenge = w.fake.reply_to(id, WAIT).await;
    let message = challenge.message_id.expect("the challenge's message");
    let id = w
        .fake
        .click(&bob, channel, message, &challenge.custom_ids()[0])
        .await;
    w.fake.reply_to(id, WAIT).await;
    w.fake.reply_to(id, WAIT).await;
    (alice, bob)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_to_someone_who_left_the_server_is_refused_and_pings_nobody() {
    let mut w = World::at(T0).await;
    let bot = w.start_bot().await;
    let general = w.fake.channel("general");
    let (alice, bob) = (w.fake.user("alice"), w.fake.user("bob"));
    w.fake.leave_guild(bob.id);
    let id = w
        .fake
        .slash(
            &alice,
            general,
            "focus challenge",
            json!({ "opponent": bob.id }),
        )
        .await;
    let r = w.fake.reply_to(id, WAIT).await;
    assert!(r.ephemeral(), "{r:?}");
    assert_eq!(
        r.text(),
        format!(
            "{} is not a member of this server: challenge someone who is",
            mention(&bob)
        )
    );
    // An ephemeral answer pings nobody, and no challenge was made.
    assert!(r.custom_ids().is_empty());
    // Back on the server, the same challenge goes through.
    w.fake.rejoin_guild(bob.id);
    let id = w
        .fake
        .slash(
            &alice,
            general,
            "focus challenge",
            json!({ "opponent": bob.id }),
        )
        .await;
    let r = w.fake.reply_to(id, WAIT).await;
    assert!(!r.ephemeral(), "{}", r.text());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn autocomplete_reads_cyrillic_look_alikes_as_the_move_command_does() {
    let mut w = World::at(T0).await;
    let bot = w.start_bot().await;
    let general = w.fake.channel("general");
    let (alice, _) = alice_plays_bob(&w, general).await;
    let suggest = |typed: &'static str| {
        let w = &w;
        let alice = &alice;
        async move {
            let id = w
                .fake
                .autocomplete(alice, general, "focus move", "move", typed)
                .await;
            let mut values = w.fake.reply_to(id, WAIT).await.choice_values();
            values.sort();
            values
        }
    };
    let latin = suggest("c4").await;
    assert_eq!(latin, ["b4-c4", "c4-b4", "c4-c3", "c4-c5", "c4-d4"]);
    assert_eq!(suggest("с4").await, latin, "Cyrillic с");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_record_too_long_for_a_message_comes_as_a_file_replay_reads() {
    use focus_bot::rules::record::replay;
    use focus_bot::rules::{Outcome, Position};
    use focus_bot::store::{GameId, Store};
    let mut w = World::at(T0).await;
    let bot = w.start_bot().await;
    let general = w.fake.channel("general");
    let (alice, bob) = alice_plays_bob(&w, general).await;
    bot.stop().await;

    // 400 plies, far past what a message holds, played into the store while the bot is off;
    // each the first legal move that does not end the game (or any, near the end).
    let mut store = Store::open(&w.db).unwrap();
    let mut pos = Position::start();
    for ply in 0..400u32 {
        let moves = pos.legal_moves();
        let mv = moves
            .iter()
            .copied()
            .find(|&m| {
                let mut p = pos;
                p.play(m).unwrap();
                p.outcome() == Outcome::Ongoing
            })
            .unwrap_or(moves[0]);
        let mover = if ply % 2 == 0 { alice.id } else { bob.id };
        store
            .record_move(GameId(1), mover, ply, mv, T0 + i64::from(ply))
            .unwrap();
        pos.play(mv).unwrap();
    }
    drop(store);
    let bot = w.start_bot().await;

    let id = w
        .fake
        .slash(&bob, general, "focus history", json!({}))
        .await;
    let r = w.fake.reply_to(id, WAIT).await;
    assert!(r.ephemeral());
    assert_eq!(
        r.text(),
        "Game 1 (classic rules), 400 plies:\nThe record is too long for a message: it is in the \
         attached file, which `focus-bot replay` reads as it is."
    );
    assert_eq!(r.files.len(), 1);
    let (name, bytes) = &r.files[0];
    assert_eq!(name, "focus-game-1.txt");
    let text = String::from_utf8(bytes.clone()).unwrap();
    assert!(
        text.starts_with("[Game \"1\"]\n[Server \"Focus Club\"]\n"),
        "{text}"
    );
    assert!(
        text.contains("[White \"Alice\"]\n[Black \"Bob\"]\n"),
        "{text}"
    );
    assert!(
        text.ends_with(" *"),
        "in play: {}",
        &text[text.len() - 40..]
    );
    // The file replays to the game's position.
    assert_eq!(replay(Position::start(), &text).unwrap(), pos);
    // Short records stay in the message, under Discord's limit.
    assert!(r.text().chars().count() <= 2_000);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_draw_offered_with_a_move_lapses_when_the_game_goes_on_and_both_are_told() {
    let mut w = World::at(T0).await;
    let bot = w.start_bot().await;
    let general = w.fake.channel("general");
    let (alice, bob) = alice_plays_bob(&w, general).await;
    let (a, b) = (mention(&alice), mention(&bob));

    // The move and the offer in one message, with the offer's buttons.
    let id = w
        .fake
        .slash(
            &alice,
            general,
            "focus move",
            json!({ "move": "c4-d4", "draw": true }),
        )
        .await;
    let r = w.fake.reply_to(id, WAIT).await;
    assert!(!r.ephemeral());
    let lines: Vec<&str> = r.text().lines().collect();
    assert_eq!(lines[0], format!("{a} played **c4-d4**."));
    assert!(
        lines[1].starts_with(&format!("{b} (Black) to move")),
        "{}",
        lines[1]
    );
    assert_eq!(
        lines[2],
        format!(
            "{a} offers a draw. {b}, accept with the button or /focus draw; playing on declines it."
        )
    );
    assert_eq!(r.custom_ids(), ["focus:draw-yes:1", "focus:draw-no:1"]);
    assert_eq!(r.files.len(), 1, "the board");
    // Bob plays on: the offer lapses, and the move's message says so to both.
    let id = w
        .fake
        .slash(&bob, general, "focus move", json!({ "move": "e4-d4" }))
        .await;
    let r = w.fake.reply_to(id, WAIT).await;
    let lines: Vec<&str> = r.text().lines().collect();
    assert_eq!(lines[0], format!("{b} played **e4-d4**."));
    assert_eq!(
        lines[1],
        format!("The draw offer of {a} lapsed: the game goes on.")
    );
    // Its buttons now say so.
    let id = w.fake.click(&bob, general, 1, "focus:draw-yes:1").await;
    let r = w.fake.reply_to(id, WAIT).await;
    assert!(r.ephemeral());
    assert_eq!(r.text(), "your opponent has not offered a draw");
    bot.stop().await;
}
