//! One table of inputs through both adapters (issue 20): each step is given to the Discord bot
//! (a slash command with its options, or a click on the button with that label) and to the
//! console (a typed line). Both go through the same command layer: the requests they make of
//! it must be the same, and so must the words of every answer (users by name, channels by
//! name, times left out: the two clocks differ).

use crate::support;

use std::collections::HashMap;
use std::path::Path;

use focus_bot::app::{App, Entry};
use focus_bot::console::{Console, channel_id, user_id};
use focus_bot::i18n::Lang;
use focus_bot::store::{AsyncStore, Store};
use focus_bot::text::{Piece, Text};
use serde_json::{Value, json};
use support::bot::{WAIT, World};
use support::discord::{FakeUser, Reply};

const T0: i64 = 1_772_442_000;

/// What a step does on Discord.
enum Discord {
    /// `/focus <command>` with these options (users by name, choices by name).
    Slash(&'static str, Value),
    /// A click on the newest button with this label that `who` can see.
    Click(&'static str),
}

/// One input, for both adapters.
struct Step {
    who: &'static str,
    discord: Discord,
    console: &'static str,
}

fn slash(who: &'static str, command: &'static str, options: Value, console: &'static str) -> Step {
    Step {
        who,
        discord: Discord::Slash(command, options),
        console,
    }
}

fn click(who: &'static str, label: &'static str, console: &'static str) -> Step {
    Step {
        who,
        discord: Discord::Click(label),
        console,
    }
}

/// The table: a game between people from challenge to rematch, with a draw offer, a
/// takeback, the board from Black's side, and what players look up.
fn steps() -> Vec<Step> {
    vec![
        slash(
            "owner",
            "settings",
            json!({ "threads": "off" }),
            "owner: settings threads:off",
        ),
        slash(
            "alice",
            "challenge",
            json!({ "opponent": "@bob", "color": "white" }),
            "alice: challenge opponent:bob color:white",
        ),
        click("bob", "Accept", "bob: accept"),
        slash(
            "alice",
            "move",
            json!({ "move": "c4-d4", "draw": true }),
            "alice: move c4-d4 draw:true",
        ),
        click("bob", "Refuse", "bob: refuse"),
        slash(
            "bob",
            "board",
            json!({ "side": "black" }),
            "bob: board side:black",
        ),
        slash("carol", "board", json!({}), "carol: board"),
        slash("alice", "takeback", json!({}), "alice: takeback"),
        click("bob", "Agree", "bob: agree"),
        slash("bob", "hint", json!({}), "bob: hint"),
        slash(
            "alice",
            "move",
            json!({ "move": "c4-d4" }),
            "alice: move c4-d4",
        ),
        slash("bob", "move", json!({ "move": "f5-f6" }), "bob: move f5-f6"),
        slash("alice", "games", json!({}), "alice: games"),
        slash("carol", "watch", json!({}), "carol: watch"),
        slash("alice", "resign", json!({}), "alice: resign"),
        click("bob", "Rematch", "bob: rematch"),
        click("alice", "Decline", "alice: decline"),
        slash(
            "alice",
            "history",
            json!({ "game": 1 }),
            "alice: history game:1",
        ),
        slash(
            "bob",
            "stats",
            json!({ "user": "@alice" }),
            "bob: stats user:alice",
        ),
        slash("bob", "leaderboard", json!({}), "bob: leaderboard"),
        slash(
            "bob",
            "notify",
            json!({ "dm": true }),
            "bob: notify dm:true",
        ),
        slash("carol", "rules", json!({}), "carol: rules"),
        slash("carol", "settings", json!({}), "carol: settings"),
    ]
}

/// `options` with `@name` turned into that user's id and choice names into their values.
fn discord_options(w: &World, command: &str, options: &Value) -> Value {
    let mut out = serde_json::Map::new();
    for (key, value) in options.as_object().unwrap() {
        let value = match value.as_str() {
            Some(name) if name.starts_with('@') => json!(w.fake.user(&name[1..]).id),
            Some(choice)
                if ["color", "side", "threads", "rules", "language"].contains(&key.as_str()) =>
            {
                w.fake.choice(command, key, choice)
            }
            _ => value.clone(),
        };
        out.insert(key.clone(), value);
    }
    Value::Object(out)
}

/// The newest message with a button labelled `label` in `channel` among the replies from the
/// `from`-th on (the previous step's): its id and `custom_id`. The previous step's messages
/// may still be on their way (the journal has the request once it is answered, before its
/// messages are sent): waits for it.
async fn button(w: &World, channel: u64, from: usize, label: &str) -> (u64, String) {
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        let replies = w.fake.replies();
        for reply in replies.iter().skip(from).rev() {
            if let Some(id) = find_button(&reply.components, label)
                && let Some(message) = reply.message_id
                && reply.channel_id.is_none_or(|c| c == channel)
            {
                return (message, id);
            }
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "no button {label:?}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
}

fn find_button(value: &Value, label: &str) -> Option<String> {
    match value {
        Value::Array(items) => items.iter().find_map(|v| find_button(v, label)),
        Value::Object(map) if map.get("label").and_then(Value::as_str) == Some(label) => map
            .get("custom_id")
            .and_then(Value::as_str)
            .map(str::to_owned),
        Value::Object(map) => map.get("components").and_then(|c| find_button(c, label)),
        _ => None,
    }
}

/// The words of `text` with users and channels named and times left out.
fn words(text: &Text, users: &HashMap<u64, String>, channels: &HashMap<u64, String>) -> String {
    let mut out = String::new();
    for span in text.spans() {
        match &span.piece {
            Piece::Plain(s) | Piece::Code(s) | Piece::Block(s) => out.push_str(s),
            Piece::User(id) => out.push_str(&format!("@{}", users[id])),
            Piece::Channel(id) | Piece::ChannelLink { channel: id, .. } => {
                out.push_str(&format!("#{}", channels[id]));
            }
            Piece::Time(..) => out.push_str("<time>"),
        }
    }
    // A record's date is the day each world's clock says, and only Discord has a server's
    // name; names are in lower case (see `request`).
    out.lines()
        .filter(|l| !l.starts_with("[Date ") && !l.starts_with("[Server "))
        .collect::<Vec<_>>()
        .join("\n")
        .to_lowercase()
}

/// A request as text, with every id named, in lower case (Discord shows the stand-in's
/// users as `Alice`; the console as typed, and its names are case-insensitive).
fn request(entry: &Entry, users: &HashMap<u64, String>) -> String {
    let mut shown = format!("{} asks {:?}", users[&entry.user], entry.request);
    for (id, name) in users {
        shown = shown.replace(&id.to_string(), name);
    }
    shown.to_lowercase()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_same_inputs_make_the_same_requests_and_the_same_words_in_both_adapters() {
    let steps = steps();

    // Discord, through the stand-in.
    let mut w = World::at(T0).await;
    let mut journal = None;
    let bot = w
        .start_bot_with_app(|service| {
            let app = App::new(service).with_journal();
            journal = Some(app.clone());
            app
        })
        .await;
    let discord_app = journal.unwrap();
    let general = w.fake.channel("general");
    let mut previous = 0;
    for step in &steps {
        let user: FakeUser = w.fake.user(step.who);
        let before = discord_app.journal().len();
        let from = previous;
        previous = w.fake.replies().len();
        let _: Reply = match &step.discord {
            Discord::Slash(command, options) => {
                let options = discord_options(&w, command, options);
                w.slash(&user, general, &format!("focus {command}"), options)
                    .await
            }
            Discord::Click(label) => {
                let (message, id) = button(&w, general, from, label).await;
                w.click(&user, general, message, &id).await
            }
        };
        let deadline = tokio::time::Instant::now() + WAIT;
        while discord_app.journal().len() == before {
            assert!(tokio::time::Instant::now() < deadline, "{}", step.console);
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
    }
    let on_discord = discord_app.journal();
    bot.stop().await;

    // The console, on a database of its own.
    let dir = tempfile::tempdir().unwrap();
    let store = AsyncStore::spawn(Store::open_in_memory().unwrap()).unwrap();
    let out: &Path = dir.path();
    let mut console = Console::new(store, out, vec!["owner".into()], Lang::ENGLISH)
        .unwrap()
        .with_journal();
    for step in &steps {
        console.handle(step.console).await;
    }
    let in_console = console.journal();

    assert_eq!(on_discord.len(), steps.len());
    assert_eq!(in_console.len(), steps.len());
    let mut discord_users = HashMap::new();
    let mut console_users = HashMap::new();
    for name in ["alice", "bob", "carol", "owner"] {
        discord_users.insert(w.fake.user(name).id, name.to_owned());
        console_users.insert(user_id(name), name.to_owned());
    }
    let discord_channels = HashMap::from([(general, "general".to_owned())]);
    let console_channels = HashMap::from([(channel_id("general"), "general".to_owned())]);
    for ((step, d), c) in steps.iter().zip(&on_discord).zip(&in_console) {
        assert_eq!(
            request(d, &discord_users),
            request(c, &console_users),
            "{}",
            step.console
        );
        let d_words: Vec<String> = d
            .texts
            .iter()
            .map(|t| words(t, &discord_users, &discord_channels))
            .collect();
        let c_words: Vec<String> = c
            .texts
            .iter()
            .map(|t| words(t, &console_users, &console_channels))
            .collect();
        assert_eq!(d_words, c_words, "{}", step.console);
        assert!(!d_words.is_empty(), "{}", step.console);
    }
}
