//! Around the game (issue 13) end to end through the Discord stand-in: who may be challenged,
//! and the moves autocomplete offers.

mod support;

use serde_json::json;
use support::bot::{WAIT, World};
use support::discord::mention;

/// Where the clock starts: 2026-03-02 09:00 UTC.
const T0: i64 = 1_772_442_000;

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
    let (alice, bob) = (w.fake.user("alice"), w.fake.user("bob"));
    let options = json!({ "opponent": bob.id, "color": 0 });
    let id = w
        .fake
        .slash(&alice, general, "focus challenge", options)
        .await;
    let challenge = w.fake.reply_to(id, WAIT).await;
    let message = challenge.message_id.unwrap();
    let id = w
        .fake
        .click(&bob, general, message, &challenge.custom_ids()[0])
        .await;
    w.fake.reply_to(id, WAIT).await;
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
