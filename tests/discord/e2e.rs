//! The bot end to end: the real serenity and poise code of `focus_bot::discord::run`, against
//! the local Discord stand-in on 127.0.0.1 (`tests/support/discord.rs`), with a temporary
//! database. A full game from challenge to a win (the worked example of the rules note, started
//! with `position`), autocomplete, every bad input of issue 5, and a restart mid-game after
//! which the game and a challenge's buttons still work.
// Longer than 400 lines: whole games end to end, scripted move by move.

use crate::support;

use std::path::Path;
use std::time::Duration;

use focus_bot::discord::{Config, run};
use focus_bot::rules::Position;
use focus_bot::rules::record::replay;
use serde_json::{Value, json};
use support::discord::{
    FAKE_TOKEN, FakeDiscord, FakeUser, Reply, ReplyKind, mention, option, png_size,
};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

/// Long enough for a loaded 2-core machine; only reached when something is broken.
const WAIT: Duration = Duration::from_secs(60);

const SEED: &str = ".,.,.,./.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,wbw,.,wbwb,b,.,./.,.,.,.,.,.,.,./.,.,.,.,wb,.,.,./.,.,.,.,.,./.,.,.,. w 0 0 13 13";
const FINAL: &str = ".,.,.,./.,.,.,.,.,./.,.,.,.,.,.,.,./.,wb,.,.,bwbwb,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,./.,.,.,. w 0 0 14 15";

/// A running bot and the way to stop it.
struct Bot {
    stop: oneshot::Sender<()>,
    task: JoinHandle<Result<(), focus_bot::discord::RunError>>,
}

async fn start_bot(fake: &FakeDiscord, db: &Path) -> Bot {
    let config = Config {
        token: FAKE_TOKEN.to_owned(),
        database: support::stores::location(db),
        guild_id: Some(fake.guild_id()),
        api_base: Some(fake.api_base()),
        sweep_interval: Duration::from_secs(60),
        metrics_addr: None,
        log_format: Default::default(),
    };
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(run(config, async move {
        let _ = stopped.await;
    }));
    Bot { stop, task }
}

async fn stop_bot(bot: Bot) {
    let _ = bot.stop.send(());
    let result = tokio::time::timeout(WAIT, bot.task)
        .await
        .expect("the bot stops within the wait")
        .expect("the bot task does not panic");
    assert!(result.is_ok(), "clean stop: {result:?}");
}

/// Waits until the bot (re)registered its commands, i.e. is connected and ready; the commands.
async fn wait_registered(fake: &FakeDiscord, times: usize) -> Vec<Value> {
    support::bot::wait_registered(fake, times).await;
    fake.wait_commands(Some(fake.guild_id()), WAIT).await
}

fn pinged(reply: &Reply) -> Vec<String> {
    reply
        .allowed_mentions
        .as_ref()
        .and_then(|m| m["users"].as_array().cloned())
        .unwrap_or_default()
        .iter()
        .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_owned))
        .collect()
}

/// Sends a slash command and returns its answer.
async fn slash(
    fake: &FakeDiscord,
    user: &FakeUser,
    channel: u64,
    command: &str,
    options: Value,
) -> Reply {
    let id = fake.slash(user, channel, command, options).await;
    fake.reply_to(id, WAIT).await
}

/// Asserts an ephemeral refusal containing `text`.
fn refused(reply: &Reply, text: &str) {
    assert!(reply.ephemeral(), "ephemeral: {reply:?}");
    assert!(
        reply.text().contains(text),
        "{:?} should contain {text:?}",
        reply.text()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_through_discord_with_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("focus.db");
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake, &db).await;

    // The registered schema: one guild command with the subcommands of issue 5.
    let commands = wait_registered(&fake, 1).await;
    assert_eq!(commands.len(), 1);
    let focus = &commands[0];
    assert_eq!(focus["name"], "focus");
    let subcommands: Vec<&str> = focus["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        subcommands,
        [
            "challenge",
            "move",
            "board",
            "hint",
            "resign",
            "draw",
            "takeback",
            "abort",
            "games",
            "moretime",
            "notify",
            "leaderboard",
            "stats",
            "history",
            "replay",
            "analysis",
            "rules",
            "settings",
            "watch",
            "tournament"
        ]
    );
    let mv = option(option(focus, "move"), "move");
    assert_eq!(
        (mv["type"].as_u64(), mv["autocomplete"].as_bool()),
        (Some(3), Some(true))
    );
    let challenge = option(focus, "challenge");
    assert_eq!(option(challenge, "opponent")["type"], 6);
    let rules: Vec<&str> = option(challenge, "rules")["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(rules, ["classic", "swap", "mirror", "swap+mirror"]);

    let alice = fake.user("alice");
    let bob = fake.user("bob");
    let carol = fake.user("carol");
    let otherbot = fake.user("otherbot");
    let general = fake.channel("general");
    let games = fake.channel("games");

    // Bad challenges: yourself, a bot, a DM, a channel where the bot cannot attach files.
    let r = slash(
        &fake,
        &alice,
        general,
        "focus challenge",
        json!({ "opponent": alice.id }),
    )
    .await;
    refused(&r, "you cannot challenge yourself");
    let r = slash(
        &fake,
        &alice,
        general,
        "focus challenge",
        json!({ "opponent": otherbot.id }),
    )
    .await;
    refused(&r, "bots cannot play Focus");
    // In the bot's DM there are games against the bot, not a server's settings.
    let id = fake.slash_dm(&alice, "focus settings", json!({})).await;
    refused(
        &fake.reply_to(id, WAIT).await,
        "this command works on servers that added focus-bot: ask a server admin to add it there",
    );
    let r = slash(
        &fake,
        &alice,
        fake.channel("no-files"),
        "focus challenge",
        json!({}),
    )
    .await;
    refused(&r, "Attach Files");

    // A challenge in #games, to be accepted after the restart.
    let r = slash(&fake, &carol, games, "focus challenge", json!({})).await;
    assert!(!r.ephemeral());
    let open_challenge = r.message_id.expect("a message");
    assert_eq!(r.custom_ids(), ["focus:accept:1", "focus:cancel:1"]);

    // The worked example: Alice (White) against Bob from the set-up position.
    let r = slash(
        &fake,
        &alice,
        general,
        "focus challenge",
        json!({ "opponent": bob.id, "color": 0, "position": SEED }), // choice 0: white
    )
    .await;
    assert!(!r.ephemeral(), "{r:?}");
    assert!(
        r.text().contains(&mention(&bob)) && r.text().contains("unrated"),
        "{}",
        r.text()
    );
    assert_eq!(pinged(&r), [bob.id.to_string()]);
    let challenge_msg = r.message_id.unwrap();
    assert_eq!(
        r.custom_ids(),
        ["focus:accept:2", "focus:decline:2", "focus:cancel:2"]
    );

    // Only Bob may accept; the clicking user is checked against the database.
    let id = fake
        .click(&carol, general, challenge_msg, "focus:accept:2")
        .await;
    refused(&fake.reply_to(id, WAIT).await, "addressed to someone else");
    let id = fake
        .click(&alice, general, challenge_msg, "focus:accept:2")
        .await;
    refused(
        &fake.reply_to(id, WAIT).await,
        "you cannot play against yourself",
    );
    let id = fake
        .click(&bob, general, challenge_msg, "focus:accept:2")
        .await;
    let update = fake.reply_to(id, WAIT).await;
    assert_eq!(update.kind, ReplyKind::Callback(7));
    assert!(update.custom_ids().is_empty(), "buttons removed");
    let started = fake.reply_to(id, WAIT).await;
    assert_eq!(started.kind, ReplyKind::Followup);
    assert!(started.text().contains("begins"), "{}", started.text());
    assert_eq!(png_size(&started), (684, 800));
    assert_eq!(pinged(&started), [alice.id.to_string()]);
    // Accepting again: the challenge is taken.
    let id = fake
        .click(&bob, general, challenge_msg, "focus:accept:2")
        .await;
    refused(&fake.reply_to(id, WAIT).await, "no longer open");
    // A second game in the same channel.
    let r = slash(&fake, &carol, general, "focus challenge", json!({})).await;
    refused(&r, "already has a game in play");

    // Autocomplete: Alice's legal moves from c5; nothing for Bob, who is not to move.
    let id = fake
        .autocomplete(&alice, general, "focus move", "move", "c5")
        .await;
    let choices = fake.reply_to(id, WAIT).await;
    assert_eq!(choices.kind, ReplyKind::Callback(8));
    assert!(
        choices.choice_values().contains(&"c5-e5".to_owned()),
        "{:?}",
        choices.choices
    );
    assert!(choices.choice_values().len() <= 25);
    let id = fake
        .autocomplete(&bob, general, "focus move", "move", "")
        .await;
    assert!(fake.reply_to(id, WAIT).await.choices.is_empty());

    // Bad moves change nothing.
    let r = slash(
        &fake,
        &bob,
        general,
        "focus move",
        json!({ "move": "f5-e5" }),
    )
    .await;
    refused(&r, "it is not your turn");
    let r = slash(
        &fake,
        &alice,
        general,
        "focus move",
        json!({ "move": "c5-e6" }),
    )
    .await;
    refused(&r, "c5-e6 is diagonal");
    let r = slash(
        &fake,
        &alice,
        general,
        "focus move",
        json!({ "move": "zz9" }),
    )
    .await;
    refused(&r, "is not a move");
    let r = slash(
        &fake,
        &carol,
        general,
        "focus move",
        json!({ "move": "c5-e5" }),
    )
    .await;
    refused(&r, "you are not playing in this channel's game");
    let r = slash(
        &fake,
        &alice,
        games,
        "focus move",
        json!({ "move": "c5-e5" }),
    )
    .await;
    refused(&r, "there is no game in this channel");

    let plies = [
        "c5-e5", "f5-e5", "+e5", "e3-e5", "+e5", "+e5", "+e5", "+e5", "+e5", "+e5", "c5-b5", "+b5",
    ];
    let players = [&alice, &bob];
    let mut bot = bot;
    let mut offer = None;
    for (i, text) in plies.iter().enumerate() {
        if i == 4 {
            // A restart in the middle of the game: nothing is lost.
            stop_bot(bot).await;
            bot = start_bot(&fake, &db).await;
            wait_registered(&fake, 2).await;
            let r = slash(&fake, &alice, general, "focus board", json!({})).await;
            assert!(!r.ephemeral());
            assert!(r.text().contains("ply 4"), "{}", r.text());
            assert_eq!(png_size(&r), (684, 800));
        }
        let (mover, next) = (players[i % 2], players[(i + 1) % 2]);
        let r = slash(&fake, mover, general, "focus move", json!({ "move": text })).await;
        assert!(!r.ephemeral(), "ply {}: {r:?}", i + 1);
        assert_eq!(png_size(&r), (684, 800));
        assert!(r.text().contains(&format!("**{text}**")), "{}", r.text());
        assert_eq!(pinged(&r), [next.id.to_string()], "ply {}", i + 1);
        if i < plies.len() - 1 {
            assert!(
                r.text().contains(&format!("{} (", mention(next))),
                "{}",
                r.text()
            );
        }
        if [7, 8, 9].contains(&i) {
            assert!(
                r.text().contains("captured 1"),
                "ply {}: {}",
                i + 1,
                r.text()
            );
        }
        if i == 10 {
            // A draw offer whose buttons outlive the game.
            let r = slash(&fake, &alice, general, "focus draw", json!({})).await;
            assert!(r.text().contains("offers a draw"));
            assert_eq!(pinged(&r), [bob.id.to_string()]);
            offer = r.message_id;
        }
    }
    let last = fake.replies().into_iter().last().unwrap();
    assert!(
        last.text().contains("wins") && last.text().contains("no legal move"),
        "{}",
        last.text()
    );

    // Clicking a button of the finished game.
    let id = fake
        .click(
            &bob,
            general,
            offer.expect("the draw offer message"),
            "focus:draw-yes:1",
        )
        .await;
    refused(&fake.reply_to(id, WAIT).await, "is not in play");

    // The history replays to the final position.
    let r = slash(
        &fake,
        &alice,
        general,
        "focus history",
        json!({ "game": 1 }),
    )
    .await;
    let record = r
        .text()
        .split("```")
        .nth(1)
        .expect("a record block")
        .trim()
        .to_owned();
    let start = Position::from_fpn(SEED, Default::default()).unwrap();
    assert_eq!(replay(start, &record).unwrap().to_string(), FINAL);

    // The challenge posted before the restart still works.
    let id = fake
        .click(&alice, games, open_challenge, "focus:accept:1")
        .await;
    assert_eq!(fake.reply_to(id, WAIT).await.kind, ReplyKind::Callback(7));
    let started = fake.reply_to(id, WAIT).await;
    let white = if pinged(&started) == [alice.id.to_string()] {
        &alice
    } else {
        &carol
    };

    // Two moves by White for the same ply, sent together: exactly one is played.
    let (first, second) = tokio::join!(
        fake.slash(white, games, "focus move", json!({ "move": "c4-d4" })),
        fake.slash(white, games, "focus move", json!({ "move": "c4-c5" })),
    );
    let (a, b) = (
        fake.reply_to(first, WAIT).await,
        fake.reply_to(second, WAIT).await,
    );
    let played: Vec<&Reply> = [&a, &b].into_iter().filter(|r| !r.ephemeral()).collect();
    assert_eq!(played.len(), 1, "{a:?}\n{b:?}");
    let refusal = if a.ephemeral() { &a } else { &b };
    assert!(
        refusal.text().contains("the position changed") || refusal.text().contains("not your turn"),
        "{}",
        refusal.text()
    );

    stop_bot(bot).await;
    assert!(
        fake.unknown_routes().is_empty(),
        "{:?}",
        fake.unknown_routes()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rejected_token_stops_the_bot_with_one_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    fake.reject_token();
    let bot = start_bot(&fake, &dir.path().join("focus.db")).await;
    let result = tokio::time::timeout(WAIT, bot.task)
        .await
        .expect("the bot gives up within the wait")
        .expect("no panic");
    let error = result.expect_err("an invalid token is an error");
    assert_eq!(
        error.to_string(),
        "Discord rejected DISCORD_TOKEN: copy the bot token again from the developer portal"
    );
    // Nothing was registered with a token Discord refused.
    assert!(
        fake.commands(Some(fake.guild_id()))
            .is_none_or(|c| c.is_empty())
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lost_gateway_connection_is_resumed_and_play_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake, &dir.path().join("focus.db")).await;
    wait_registered(&fake, 1).await;
    assert!(fake.drop_gateway(), "a live session to drop");
    let stats = fake
        .wait_gateway(WAIT, |s| s.connected && s.connections >= 2)
        .await;
    assert!(stats.resumes + stats.identifies >= 2, "{stats:?}");
    let alice = fake.user("alice");
    let r = slash(
        &fake,
        &alice,
        fake.channel("general"),
        "focus rules",
        json!({}),
    )
    .await;
    assert!(r.ephemeral());
    assert!(
        r.embeds[0]["description"]
            .as_str()
            .unwrap_or("")
            .contains("Stacks hold at most 5")
    );
    stop_bot(bot).await;
}
