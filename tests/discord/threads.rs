//! A thread per game (issue 12) end to end: the real bot against the Discord stand-in, whose
//! server lets the bot start public threads (as the current invite link grants). Challenges
//! accepted in a channel get a thread each and are played there side by side; game commands in
//! the parent channel find the caller's game; archived, locked and deleted threads, a missing
//! permission, threads turned off and a restart do not lose a game; `/focus watch` pages
//! through the server's games, also after a restart.
// Longer than 400 lines: threads end to end: the tests share the bot and the server that allows
// threads.

use crate::support;

use serde_json::json;
use serenity::all::Permissions;
use support::bot::{WAIT, WorldOf};

/// The world of this module's tests, a type of its own for the helpers below (see [`WorldOf`]).
type World = WorldOf<Threads>;
enum Threads {}
use support::discord::{FakeGuild, FakeUser, Reply, ReplyKind, mention, png_size};

/// Where the clock starts: 2026-03-02 09:00 UTC.
const T0: i64 = 1_772_442_000;
/// One day, in seconds.
const DAY: i64 = 86_400;
/// The board picture's size.
const PICTURE: (u32, u32) = (684, 800);
/// A channel where the bot may not start threads.
const NO_THREADS: u64 = 9110;

/// The standard server with threads allowed, two more players, and `#no-threads`.
fn guild() -> FakeGuild {
    FakeGuild::standard()
        .with_threads()
        .with_human(9204, "dave")
        .with_human(9205, "erin")
        .with_channel(NO_THREADS, "no-threads", Permissions::CREATE_PUBLIC_THREADS)
}

/// A game started in a thread of its own.
struct Started {
    /// The game's number.
    game: i64,
    /// Its thread (the challenge message's id).
    thread: u64,
    /// The message that starts the game, in the thread.
    started: Reply,
}

impl World {
    /// `white` challenges `black` in `channel` (2 days a move, White for the challenger).
    async fn challenge(&self, white: &FakeUser, black: &FakeUser, channel: u64) -> Reply {
        let options = json!({
            "opponent": black.id,
            "days": self.fake.choice("challenge", "days", "2 days"),
            "color": self.fake.choice("challenge", "color", "white"),
        });
        let r = self.slash(white, channel, "focus challenge", options).await;
        assert!(!r.ephemeral(), "{}", r.text());
        r
    }

    /// `black` accepts `challenge`; the update of its message.
    async fn accept(&self, black: &FakeUser, channel: u64, challenge: &Reply) -> (u64, Reply) {
        let accept = challenge.custom_ids()[0].clone();
        assert!(accept.starts_with("focus:accept:"), "{accept}");
        let message = challenge.message_id.expect("the challenge's message");
        let id = self.fake.click(black, channel, message, &accept).await;
        let update = self.fake.reply_to(id, WAIT).await;
        assert_eq!(update.kind, ReplyKind::Callback(7), "{update:?}");
        (id, update)
    }

    /// A game of `white` against `black` challenged in `channel` and started in its thread.
    async fn start_in_thread(&self, white: &FakeUser, black: &FakeUser, channel: u64) -> Started {
        let challenge = self.challenge(white, black, channel).await;
        let thread = challenge.message_id.expect("the challenge's message");
        let (_, accepted) = self.accept(black, channel, &challenge).await;
        let started = self.post_in(thread).await;
        let game = game_number(&started);
        assert_eq!(
            accepted.text(),
            format!(
                "{}\nAccepted by {}.\nGame {game} is played in <#{thread}>.",
                challenge.text(),
                mention(black)
            )
        );
        assert!(accepted.custom_ids().is_empty(), "no buttons once accepted");
        assert_eq!(png_size(&started), PICTURE);
        Started {
            game,
            thread,
            started,
        }
    }

    /// The next message the bot posted on its own in `channel`.
    async fn post_in(&self, channel: u64) -> Reply {
        self.fake
            .reply_where(WAIT, |r| {
                r.kind == ReplyKind::ChannelMessage && r.channel_id == Some(channel)
            })
            .await
    }

    /// `user` plays `mv` in `channel`: the public answer, which is the interaction's own
    /// (the command was used in the game's thread).
    async fn play(&self, user: &FakeUser, channel: u64, mv: &str) -> Reply {
        let r = self
            .slash(user, channel, "focus move", json!({ "move": mv }))
            .await;
        assert!(!r.ephemeral(), "{mv} by {}: {}", user.name, r.text());
        assert_eq!(r.channel_id, Some(channel));
        assert_eq!(png_size(&r), PICTURE);
        r
    }
}

/// The game number in "**Game N begins!** ...".
fn game_number(started: &Reply) -> i64 {
    started
        .text()
        .strip_prefix("**Game ")
        .and_then(|t| t.split_once(' '))
        .and_then(|(n, _)| n.parse().ok())
        .unwrap_or_else(|| panic!("no game number in {:?}", started.text()))
}

/// Asserts an ephemeral answer that reads exactly `text`.
fn private(reply: &Reply, text: &str) {
    assert!(reply.ephemeral(), "ephemeral: {reply:?}");
    assert_eq!(reply.text(), text);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_games_in_one_channel_each_get_a_thread_and_are_played_side_by_side() {
    let mut w = World::with_guild_at(guild(), T0).await;
    let bot = w.start_bot().await;
    let general = w.fake.channel("general");
    let (alice, bob, carol, dave) = (
        w.fake.user("alice"),
        w.fake.user("bob"),
        w.fake.user("carol"),
        w.fake.user("dave"),
    );

    let one = w.start_in_thread(&alice, &bob, general).await;
    let two = w.start_in_thread(&alice, &carol, general).await;
    let three = w.start_in_thread(&dave, &bob, general).await;
    assert_eq!((one.game, two.game, three.game), (1, 2, 3));
    assert_eq!(
        one.started.text(),
        format!(
            "**Game 1 begins!** {} plays White, {} plays Black.\nclassic rules · 2 days per move \
             · rated\n{} (White) to move, by <t:{d}:f> (<t:{d}:R>).",
            mention(&alice),
            mention(&bob),
            mention(&alice),
            d = T0 + 2 * DAY
        )
    );
    // The start pings the player to move, and only them.
    assert_eq!(
        one.started.allowed_mentions.as_ref().unwrap()["users"],
        json!([alice.id.to_string()])
    );
    let names: Vec<(u64, u64, String)> = w
        .fake
        .threads()
        .into_iter()
        .map(|t| (t.id, t.parent, t.name))
        .collect();
    assert_eq!(
        names,
        [
            (one.thread, general, "Focus #1 · Alice vs Bob".to_owned()),
            (two.thread, general, "Focus #2 · Alice vs Carol".to_owned()),
            (three.thread, general, "Focus #3 · Dave vs Bob".to_owned()),
        ]
    );
    // Nothing of the games went to the channel itself.
    assert!(
        w.fake
            .replies()
            .iter()
            .all(|r| r.kind != ReplyKind::Followup),
        "no game started as a follow-up in the channel"
    );

    // Side by side: moves in each thread go to that thread's game.
    w.clock.advance(60);
    let r = w.play(&alice, one.thread, "c4-d4").await;
    assert!(
        r.text()
            .starts_with(&format!("{} played **c4-d4**.", mention(&alice))),
        "{}",
        r.text()
    );
    w.play(&alice, two.thread, "b4-c4").await;
    w.play(&dave, three.thread, "c4-d4").await;
    w.play(&bob, one.thread, "e4-d4").await;
    // Bob's turn is in game 3, not game 1 (where Alice is to move now).
    let r = w
        .slash(&bob, one.thread, "focus move", json!({ "move": "f5-e5" }))
        .await;
    private(
        &r,
        "it is not your turn: white is to move, and you play black",
    );
    w.play(&bob, three.thread, "e4-d4").await;

    // In the parent channel: Alice has two games started here, so she is shown the way.
    let r = w
        .slash(&alice, general, "focus move", json!({ "move": "b4-c4" }))
        .await;
    private(
        &r,
        &format!(
            "several of your games started in this channel, each in its own thread: use the \
             command in the game's thread (game 1: <#{}>, game 2: <#{}>)",
            one.thread, two.thread
        ),
    );
    // Carol has one: the command acts on it, and its answer goes to the game's thread.
    let id = w
        .fake
        .slash(&carol, general, "focus move", json!({ "move": "e4-d4" }))
        .await;
    let posted = w.post_in(two.thread).await;
    assert!(
        posted
            .text()
            .starts_with(&format!("{} played **e4-d4**.", mention(&carol))),
        "{}",
        posted.text()
    );
    assert_eq!(png_size(&posted), PICTURE);
    let note = w.fake.reply_to(id, WAIT).await;
    private(&note, &format!("Posted in <#{}>.", two.thread));
    // Someone with no game started here.
    let erin = w.fake.user("erin");
    let r = w.slash(&erin, general, "focus board", json!({})).await;
    private(
        &r,
        "there is no game in this channel: start one with /focus challenge",
    );

    // A thread holds its one game; a challenge in the channel still gets a thread of its own.
    let r = w
        .slash(
            &bob,
            one.thread,
            "focus challenge",
            json!({ "opponent": erin.id }),
        )
        .await;
    private(
        &r,
        "this channel already has a game in play: finish it first, or play in another channel",
    );

    // The dashboard links each game's thread.
    let r = w.slash(&alice, general, "focus games", json!({})).await;
    assert!(r.ephemeral());
    assert!(
        r.text()
            .contains(&format!("Game 1 in <#{}> vs {}", one.thread, mention(&bob))),
        "{}",
        r.text()
    );
    assert!(
        r.text().contains(&format!(
            "Game 2 in <#{}> vs {}",
            two.thread,
            mention(&carol)
        )),
        "{}",
        r.text()
    );

    // Spectators see the server's games, most recently moved first.
    let r = w.slash(&erin, general, "focus watch", json!({})).await;
    assert!(!r.ephemeral());
    assert_eq!(
        r.text(),
        format!(
            "**Games in play** · page 1 of 1 · 3 games, most recently moved first\n\
             Game 3 · {d} vs {b} · move 2 · White to move · <#{t3}>\n\
             Game 2 · {a} vs {c} · move 2 · White to move · <#{t2}>\n\
             Game 1 · {a} vs {b} · move 2 · White to move · <#{t1}>",
            a = mention(&alice),
            b = mention(&bob),
            c = mention(&carol),
            d = mention(&dave),
            t1 = one.thread,
            t2 = two.thread,
            t3 = three.thread,
        )
    );
    assert!(r.custom_ids().is_empty(), "one page: no buttons");
    assert_eq!(
        r.allowed_mentions.as_ref().unwrap()["users"],
        json!([]),
        "pings nobody"
    );

    // A restart in the middle of all this: every game goes on in its thread.
    bot.stop().await;
    let bot = w.start_bot().await;
    w.clock.advance(60);
    w.play(&alice, one.thread, "b4-c4").await;
    let r = w.slash(&bob, one.thread, "focus resign", json!({})).await;
    assert!(!r.ephemeral());
    assert_eq!(r.channel_id, Some(one.thread));
    assert!(
        r.text().starts_with(&format!(
            "**{} (White) wins game {}**",
            mention(&alice),
            one.game
        )),
        "{}",
        r.text()
    );
    // Game 1 over: Alice now has one game from #general, and the parent channel finds it.
    let r = w.slash(&alice, general, "focus board", json!({})).await;
    private(&r, &format!("Posted in <#{}>.", two.thread));
    assert!(
        w.fake.unknown_routes().is_empty(),
        "{:?}",
        w.fake.unknown_routes()
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_thread_permissions_or_with_threads_off_the_game_is_played_in_the_channel() {
    let mut w = World::with_guild_at(guild(), T0).await;
    let bot = w.start_bot().await;
    let (alice, bob, carol) = (
        w.fake.user("alice"),
        w.fake.user("bob"),
        w.fake.user("carol"),
    );

    // The bot may not start threads in #no-threads: the game is played there, and the
    // acceptance says why.
    let challenge = w.challenge(&alice, &bob, NO_THREADS).await;
    let (id, accepted) = w.accept(&bob, NO_THREADS, &challenge).await;
    assert_eq!(
        accepted.text(),
        format!(
            "{}\nAccepted by {}.\nThe game is played here in the channel, one at a time: the bot \
             may not start threads here (missing: Create Public Threads).",
            challenge.text(),
            mention(&bob)
        )
    );
    let started = w.fake.reply_to(id, WAIT).await;
    assert_eq!(started.kind, ReplyKind::Followup);
    assert_eq!(started.channel_id, Some(NO_THREADS));
    assert!(started.text().starts_with("**Game 1 begins!**"));
    assert!(w.fake.threads().is_empty());
    w.play(&alice, NO_THREADS, "c4-d4").await;
    // One game at a time there.
    let r = w
        .slash(
            &carol,
            NO_THREADS,
            "focus challenge",
            json!({ "opponent": alice.id }),
        )
        .await;
    private(
        &r,
        "this channel already has a game in play: finish it first, or play in another channel",
    );

    // Only a manager may turn threads off; then games are played in their channels.
    let general = w.fake.channel("general");
    let r = w
        .slash(
            &alice,
            general,
            "focus settings",
            json!({ "threads": w.fake.choice("settings", "threads", "off") }),
        )
        .await;
    private(
        &r,
        "only members with the Manage Server permission can change the server's settings",
    );
    let r = w.slash(&alice, general, "focus settings", json!({})).await;
    private(
        &r,
        "The bot's public messages on this server are in English. Members with Manage Server can \
         change it with `/focus settings language:`.\nEach accepted challenge gets a thread of \
         its own. Members with Manage Server can change it with `/focus settings threads:`.",
    );
    let owner = w.fake.user("owner");
    let r = w
        .slash(
            &owner,
            general,
            "focus settings",
            json!({ "threads": w.fake.choice("settings", "threads", "off") }),
        )
        .await;
    private(
        &r,
        "From now on games are played in the channel of their challenge, one at a time.",
    );
    let challenge = w.challenge(&carol, &bob, general).await;
    let (id, accepted) = w.accept(&bob, general, &challenge).await;
    assert_eq!(
        accepted.text(),
        format!("{}\nAccepted by {}.", challenge.text(), mention(&bob))
    );
    let started = w.fake.reply_to(id, WAIT).await;
    assert_eq!(started.kind, ReplyKind::Followup);
    assert!(started.text().starts_with("**Game 2 begins!**"));
    assert!(w.fake.threads().is_empty());
    w.play(&carol, general, "c4-d4").await;
    // Back on: the next game in #general gets a thread, though #general has a game of its own.
    let r = w
        .slash(
            &owner,
            general,
            "focus settings",
            json!({ "threads": w.fake.choice("settings", "threads", "on") }),
        )
        .await;
    private(
        &r,
        "From now on each accepted challenge gets a thread of its own.",
    );
    let three = w.start_in_thread(&alice, &owner, general).await;
    assert_eq!(three.game, 3);
    // In #general, Carol's game is the channel's own; Alice's is found from its thread's parent.
    let r = w.play(&bob, general, "e4-d4").await;
    assert!(
        r.text()
            .starts_with(&format!("{} played **e4-d4**.", mention(&bob)))
    );
    let id = w
        .fake
        .slash(&alice, general, "focus board", json!({}))
        .await;
    let posted = w.post_in(three.thread).await;
    assert!(posted.text().starts_with("Game 3: "), "{}", posted.text());
    private(
        &w.fake.reply_to(id, WAIT).await,
        &format!("Posted in <#{}>.", three.thread),
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn archived_locked_and_deleted_threads_do_not_lose_a_game() {
    let mut w = World::with_guild_at(guild(), T0).await;
    let bot = w.start_bot().await;
    let general = w.fake.channel("general");
    let (alice, bob, carol) = (
        w.fake.user("alice"),
        w.fake.user("bob"),
        w.fake.user("carol"),
    );
    let one = w.start_in_thread(&alice, &bob, general).await;
    w.clock.advance(60);
    w.play(&alice, one.thread, "c4-d4").await;
    w.play(&bob, one.thread, "e4-d4").await;

    // Discord archived the quiet thread: the reminder the bot posts brings it back.
    w.fake.archive_thread(one.thread, false);
    w.clock.advance(2 * DAY * 4 / 5);
    let reminder = w.post_in(one.thread).await;
    assert!(
        reminder.text().starts_with(&format!(
            "⏰ {}, reminder: your move in game 1",
            mention(&alice)
        )),
        "{}",
        reminder.text()
    );
    assert!(!w.fake.thread(one.thread).unwrap().archived);

    // A challenge made inside a finished game's thread plays there; when it expires in an
    // archived thread, the bot unarchives the thread to close the challenge's message.
    let r = w.slash(&bob, one.thread, "focus resign", json!({})).await;
    assert!(!r.ephemeral(), "{}", r.text());
    let challenge = w.challenge(&carol, &alice, one.thread).await;
    assert_eq!(challenge.channel_id, Some(one.thread));
    w.fake.archive_thread(one.thread, false);
    // The bot stores the challenge's message id right after answering: wait for it, or
    // the clock's jump could expire the challenge before the bot knows its message.
    let stored = tokio::time::Instant::now() + WAIT;
    loop {
        let conn = rusqlite::Connection::open(&w.db).unwrap();
        let message: Option<i64> = conn
            .query_row("SELECT message_id FROM challenges WHERE id = 2", [], |r| {
                r.get(0)
            })
            .unwrap();
        if message.is_some() {
            break;
        }
        assert!(
            tokio::time::Instant::now() < stored,
            "the challenge's message is stored"
        );
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    w.clock.advance(DAY + 1);
    let closed = w
        .fake
        .reply_where(WAIT, |r| {
            r.kind == ReplyKind::EditChannelMessage && r.message_id == challenge.message_id
        })
        .await;
    assert!(closed.text().contains("has expired"), "{}", closed.text());
    assert!(!w.fake.thread(one.thread).unwrap().archived);
    let unarchive = w
        .fake
        .requests()
        .into_iter()
        .filter(|r| r.method == "PATCH" && r.path.ends_with(&format!("/channels/{}", one.thread)))
        .collect::<Vec<_>>();
    assert_eq!(unarchive.len(), 1, "{unarchive:?}");
    assert_eq!(unarchive[0].body["archived"], json!(false));

    // A locked thread: the game's notices wait in the outbox, and the players play from the
    // parent channel, where the answers come while the thread cannot take them.
    let two = w.start_in_thread(&carol, &bob, general).await;
    w.fake.archive_thread(two.thread, true);
    let r = w.play(&carol, general, "c4-d4").await;
    assert_eq!(r.channel_id, Some(general));
    assert!(
        r.text()
            .starts_with(&format!("{} played **c4-d4**.", mention(&carol)))
    );
    let r = w.play(&bob, general, "e4-d4").await;
    assert_eq!(r.channel_id, Some(general));
    w.clock.advance(2 * DAY * 4 / 5);
    w.fake
        .wait_requests(WAIT, |requests| {
            requests.iter().any(|r| {
                r.method == "POST"
                    && r.path
                        .ends_with(&format!("/channels/{}/messages", two.thread))
                    && r.status == 400
            })
        })
        .await;
    // Unlocked, the reminder is delivered on its retry: a minute after its last failure, or
    // two after a second one (the sweeper may have tried again before the thread reopened).
    let posted = |w: &World| {
        let in_thread =
            |r: &&Reply| r.kind == ReplyKind::ChannelMessage && r.channel_id == Some(two.thread);
        w.fake.replies().iter().filter(in_thread).count()
    };
    let before = posted(&w);
    w.fake.reopen_thread(two.thread);
    let deadline = tokio::time::Instant::now() + WAIT;
    while posted(&w) == before {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the reminder is delivered"
        );
        w.clock.advance(60);
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    }
    let reminder = w.post_in(two.thread).await;
    assert!(
        reminder
            .text()
            .starts_with(&format!("⏰ {}, reminder:", mention(&carol))),
        "{}",
        reminder.text()
    );

    // A deleted thread: the answer comes here, and from now on the game is played in the
    // channel of its challenge, also after a restart.
    let three = w.start_in_thread(&alice, &bob, general).await;
    w.fake.delete_thread(three.thread);
    let r = w.play(&alice, general, "c4-d4").await;
    assert_eq!(r.channel_id, Some(general));
    bot.kill().await;
    let bot = w.start_bot().await;
    let r = w.play(&bob, general, "e4-d4").await;
    assert!(
        r.text()
            .starts_with(&format!("{} played **e4-d4**.", mention(&bob))),
        "{}",
        r.text()
    );
    let r = w.slash(&bob, general, "focus games", json!({})).await;
    assert!(
        r.text()
            .contains(&format!("Game {} in <#{}>", two.game, two.thread)),
        "{}",
        r.text()
    );
    assert!(
        r.text()
            .contains(&format!("Game {} in <#{general}>", three.game)),
        "{}",
        r.text()
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watch_pages_through_the_servers_games_also_after_a_restart() {
    let mut w = World::with_guild_at(guild(), T0).await;
    let mut bot = w.start_bot().await;
    let general = w.fake.channel("general");
    let players: Vec<FakeUser> = ["alice", "bob", "carol", "dave", "erin", "owner"]
        .iter()
        .map(|n| w.fake.user(n))
        .collect();
    // Twelve games, each a minute after the one before.
    let mut started = Vec::new();
    for i in 0..12 {
        let (white, black) = (&players[i % 6], &players[(i + 1 + i / 6) % 6]);
        w.clock.advance(60);
        started.push(w.start_in_thread(white, black, general).await);
    }
    let r = w
        .slash(&players[4], general, "focus watch", json!({}))
        .await;
    let lines: Vec<&str> = r.text().lines().collect();
    assert_eq!(
        lines[0],
        "**Games in play** · page 1 of 2 · 12 games, most recently moved first"
    );
    assert_eq!(lines.len(), 11);
    assert!(lines[1].starts_with("Game 12 · "), "{}", lines[1]);
    assert!(lines[10].starts_with("Game 3 · "), "{}", lines[10]);
    assert_eq!(r.custom_ids(), ["focus:watch:1", "focus:watch:2"]);
    let message = r.message_id.expect("the watch message");

    // After a restart the buttons still work.
    bot.stop().await;
    bot = w.start_bot().await;
    let id = w
        .fake
        .click(&players[0], general, message, "focus:watch:2")
        .await;
    let page = w.fake.reply_to(id, WAIT).await;
    assert_eq!(page.kind, ReplyKind::Callback(7));
    let lines: Vec<&str> = page.text().lines().collect();
    assert_eq!(
        lines,
        [
            "**Games in play** · page 2 of 2 · 12 games, most recently moved first".to_owned(),
            format!(
                "Game 2 · {} vs {} · move 1 · White to move · <#{}>",
                mention(&players[1]),
                mention(&players[2]),
                started[1].thread
            ),
            format!(
                "Game 1 · {} vs {} · move 1 · White to move · <#{}>",
                mention(&players[0]),
                mention(&players[1]),
                started[0].thread
            ),
        ]
    );
    assert_eq!(page.custom_ids(), ["focus:watch:1", "focus:watch:2"]);
    // A move brings its game to the top.
    w.clock.advance(60);
    w.play(&players[0], started[0].thread, "c4-d4").await;
    let r = w
        .slash(&players[4], general, "focus watch", json!({ "page": 1 }))
        .await;
    assert!(
        r.text().lines().nth(1).unwrap().starts_with("Game 1 · "),
        "{}",
        r.text()
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_thread_on_one_message_is_refused_and_the_bot_counts_it_as_started() {
    use focus_bot::discord::threads::start;
    use serenity::all::{ChannelId, CreateMessage, CreateThread, MessageId};
    let w = World::with_guild_at(guild(), T0).await;
    let http = w.fake.http();
    let general = ChannelId::new(w.fake.channel("general"));
    let message = general
        .send_message(&http, CreateMessage::new().content("a challenge"))
        .await
        .unwrap();
    start(&http, general, message.id, "Focus #1 · A vs B".to_owned())
        .await
        .unwrap();
    let thread = w.fake.thread(message.id.get()).expect("started");
    assert_eq!(
        (thread.parent, thread.name.as_str()),
        (general.get(), "Focus #1 · A vs B")
    );
    // Again, as from a repeated click: Discord refuses with 160004; the thread is there.
    let again = general
        .create_thread_from_message(&http, message.id, CreateThread::new("again"))
        .await
        .unwrap_err();
    assert!(
        again.to_string().contains("already been created"),
        "{again}"
    );
    start(&http, general, message.id, "again".to_owned())
        .await
        .unwrap();
    assert_eq!(w.fake.threads().len(), 1);
    // Not where the bot may not start threads, nor from a message that is not there.
    let refused = ChannelId::new(NO_THREADS);
    let other = refused
        .send_message(&http, CreateMessage::new().content("x"))
        .await
        .unwrap();
    assert!(
        start(&http, refused, other.id, "x".to_owned())
            .await
            .is_err()
    );
    assert!(
        start(&http, general, MessageId::new(42), "x".to_owned())
            .await
            .is_err()
    );
}
