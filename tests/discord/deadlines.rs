//! Correspondence play (issue 6) end to end: the real bot (`focus_bot::discord::run_with_clock`)
//! against the local Discord stand-in (`tests/support/discord.rs`), with a temporary database
//! and a [`ManualClock`] the tests move forward to reach reminders, deadlines and expiries.
// Longer than 400 lines: correspondence end to end: the tests share the bot, the stand-in and the
// clock they move.
//!
//! What the bot sends on its own (reminders, time-outs, expired challenges) goes through the
//! outbox in the database; a test that asserts "exactly once" first waits until the outbox has
//! nothing due left ([`World::settled`]), after having seen the sweep's effect at the current
//! clock time. The clock only moves when a test moves it, so once settled nothing more can come.

use crate::support;

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use focus_bot::service::Clock;
use serde_json::{Value, json};
use serenity::all::Permissions;
use support::bot::{WAIT, WorldOf};

/// The world of this module's tests, a type of its own for the helpers below (see [`WorldOf`]).
type World = WorldOf<Deadlines>;
enum Deadlines {}
use support::discord::{
    FakeChannel, FakeDiscord, FakeGuild, FakeUser, Reply, ReplyKind, mention, png_size,
};

/// One day, in seconds.
const DAY: i64 = 86_400;
/// When the reminder comes: after 80 % of a one-day move.
const REMIND_AFTER: i64 = DAY * 4 / 5;
/// Where the clock starts: 2026-03-02 09:00 UTC.
const T0: i64 = 1_772_442_000;
/// Legal plies from the standard start, White first.
const OPENING: [&str; 5] = ["c4-d4", "e4-d4", "b4-c4", "c3-c4", "f4-e4"];
/// The board picture's size.
const PICTURE: (u32, u32) = (684, 800);

// ---- the bot ------------------------------------------------------------------------------------

impl World {
    fn now(&self) -> i64 {
        self.clock.now()
    }

    /// Moves the clock forward by `seconds`.
    fn advance(&self, seconds: i64) {
        self.clock.advance(seconds);
    }

    /// Moves the clock forward to `t`.
    fn set(&self, t: i64) {
        let now = self.now();
        assert!(t >= now, "the clock only moves forward: {t} < {now}");
        self.clock.advance(t - now);
    }

    /// `user` plays `mv` in the game of `channel`; the public answer.
    async fn play(&self, user: &FakeUser, channel: u64, mv: &str) -> Reply {
        let r = self
            .slash(user, channel, "focus move", json!({ "move": mv }))
            .await;
        assert!(!r.ephemeral(), "{mv} by {}: {}", user.name, r.text());
        assert_eq!(png_size(&r), PICTURE);
        r
    }

    /// Plays `OPENING[..plies]` alternately by `white` and `black`, the clock moving
    /// `step` seconds before each move.
    async fn play_opening(
        &self,
        white: &FakeUser,
        black: &FakeUser,
        channel: u64,
        plies: usize,
        step: i64,
    ) {
        for (i, mv) in OPENING[..plies].iter().enumerate() {
            self.advance(step);
            let mover = if i % 2 == 0 { white } else { black };
            self.play(mover, channel, mv).await;
        }
    }

    /// The value of the choice called `name` of option `option` of `/focus challenge`.
    fn choice(&self, option: &str, name: &str) -> Value {
        self.fake.choice("challenge", option, name)
    }

    /// `challenger` challenges `opponent` (or anyone) in `channel` to a game with `days` (a
    /// choice name, e.g. "1 day") per move, playing White; the challenge's public message.
    async fn challenge(
        &self,
        challenger: &FakeUser,
        opponent: Option<&FakeUser>,
        channel: u64,
        days: &str,
    ) -> Reply {
        let mut options = json!({
            "days": self.choice("days", days),
            "color": self.choice("color", "white"),
        });
        if let Some(opponent) = opponent {
            options["opponent"] = json!(opponent.id);
        }
        let r = self
            .slash(challenger, channel, "focus challenge", options)
            .await;
        assert!(!r.ephemeral(), "{}", r.text());
        // The bot stores the challenge's message after its reply is posted: wait for that, as
        // the day before it expires would. A clock moved before it expires a challenge without
        // a message to close, and the test waits in vain for the edit.
        let deadline = tokio::time::Instant::now() + WAIT;
        while latest_challenge_message(&self.db).is_none() {
            assert!(
                tokio::time::Instant::now() < deadline,
                "the challenge's message not stored within {WAIT:?}"
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        r
    }

    /// A game of `white` against `black` in `channel`, `days` per move, started now; returns
    /// the game's number and the message that started it.
    async fn start_game(
        &self,
        white: &FakeUser,
        black: &FakeUser,
        channel: u64,
        days: &str,
    ) -> (i64, Reply) {
        let challenge = self.challenge(white, Some(black), channel, days).await;
        let accept = challenge.custom_ids()[0].clone();
        assert!(accept.starts_with("focus:accept:"), "{accept}");
        let message = challenge.message_id.expect("the challenge's message");
        let id = self.fake.click(black, channel, message, &accept).await;
        let update = self.fake.reply_to(id, WAIT).await;
        assert_eq!(update.kind, ReplyKind::Callback(7), "{update:?}");
        let started = self.fake.reply_to(id, WAIT).await;
        assert_eq!(started.kind, ReplyKind::Followup);
        let game = started
            .text()
            .strip_prefix("**Game ")
            .and_then(|t| t.split_once(' '))
            .and_then(|(n, _)| n.parse().ok())
            .unwrap_or_else(|| panic!("no game number in {:?}", started.text()));
        (game, started)
    }

    /// The next message the bot posted on its own (not as an answer) in `channel`.
    async fn post_in(&self, channel: u64) -> Reply {
        self.fake
            .reply_where(WAIT, |r| {
                r.kind == ReplyKind::ChannelMessage && r.channel_id == Some(channel)
            })
            .await
    }

    /// Every message the bot posted on its own in `channel` so far, taken or not.
    fn posts_in(&self, channel: u64) -> Vec<Reply> {
        self.fake
            .replies()
            .into_iter()
            .filter(|r| r.kind == ReplyKind::ChannelMessage && r.channel_id == Some(channel))
            .collect()
    }

    /// Every DM the bot delivered to `user` so far.
    fn dms_to(&self, user: &FakeUser) -> Vec<Reply> {
        self.fake
            .replies()
            .into_iter()
            .filter(|r| r.kind == ReplyKind::ChannelMessage && r.dm_to == Some(user.id))
            .collect()
    }

    /// Waits until the outbox has no notice due now (pending, its next attempt at or before
    /// the clock); returns every notice. Call it only after seeing the effect of a sweep at
    /// the current clock time, so the sweep that may queue notices has already run.
    async fn settled(&self) -> Vec<NoticeRow> {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            let rows = notices(&self.db);
            let now = self.now();
            if !rows
                .iter()
                .any(|n| n.status == "pending" && n.next_attempt_at <= now)
            {
                return rows;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "notices still due after {WAIT:?}: {rows:#?}"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

// ---- reading what was sent ----------------------------------------------------------------------

/// The users a message may ping (`allowed_mentions.users`), as ids.
fn pinged(reply: &Reply) -> Vec<u64> {
    reply
        .allowed_mentions
        .as_ref()
        .and_then(|m| m["users"].as_array().cloned())
        .unwrap_or_default()
        .iter()
        .map(|v| match v {
            Value::String(s) => s.parse().expect("a user id"),
            other => other.as_u64().expect("a user id"),
        })
        .collect()
}

/// Asserts that `reply` may ping exactly `users` and nobody by kind (`@everyone`, roles).
fn pings_only(reply: &Reply, users: &[&FakeUser]) {
    let ids: Vec<u64> = users.iter().map(|u| u.id).collect();
    assert_eq!(pinged(reply), ids, "{reply:?}");
    let parse = reply
        .allowed_mentions
        .as_ref()
        .map(|m| m["parse"].clone())
        .unwrap_or(Value::Null);
    assert!(
        parse.as_array().is_none_or(|p| p.is_empty()),
        "parse {parse}"
    );
}

/// Discord's JSON error code of a failed request.
fn discord_code(error: &serenity::Error) -> Option<isize> {
    match error {
        serenity::Error::Http(serenity::all::HttpError::UnsuccessfulRequest(response)) => {
            Some(response.error.code)
        }
        _ => None,
    }
}

/// How a move's deadline `t` is written in the board message.
fn to_move(u: &FakeUser, color: &str, t: i64) -> String {
    format!(
        "{} ({color}) to move, by <t:{t}:f> (<t:{t}:R>).",
        mention(u)
    )
}

/// The buttons of a message (as the stand-in holds it): `(custom_id, label, disabled)`.
fn buttons(message: &Value) -> Vec<(String, String, bool)> {
    message["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .map(|b| {
            (
                b["custom_id"].as_str().unwrap_or_default().to_owned(),
                b["label"].as_str().unwrap_or_default().to_owned(),
                b["disabled"].as_bool().unwrap_or(false),
            )
        })
        .collect()
}

fn refused(reply: &Reply, text: &str) {
    assert!(reply.ephemeral(), "ephemeral: {reply:?}");
    assert_eq!(reply.text(), text);
}

// ---- the outbox, read from the database ----------------------------------------------------------

/// One row of the `notices` table (the outbox).
#[derive(Clone, Debug, PartialEq, Eq)]
struct NoticeRow {
    id: i64,
    kind: String,
    game: Option<i64>,
    challenge: Option<i64>,
    user: Option<u64>,
    via: String,
    status: String,
    attempts: i64,
    next_attempt_at: i64,
}

/// Every notice, oldest first, read with a connection of the test's own (WAL: the bot's
/// writes are never blocked by it).
/// The message of the latest challenge, once the bot has stored it.
fn latest_challenge_message(db: &Path) -> Option<i64> {
    let conn =
        rusqlite::Connection::open_with_flags(db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
            .expect("open the database read-only");
    conn.query_row(
        "SELECT message_id FROM challenges ORDER BY id DESC LIMIT 1",
        [],
        |row| row.get(0),
    )
    .expect("the latest challenge")
}

fn notices(db: &Path) -> Vec<NoticeRow> {
    let conn =
        rusqlite::Connection::open_with_flags(db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
            .expect("open the database read-only");
    let mut stmt = conn
        .prepare(
            "SELECT id, kind, game_id, challenge_id, user_id, via, status, attempts, \
             next_attempt_at FROM notices ORDER BY id",
        )
        .expect("the notices table");
    stmt.query_map([], |row| {
        Ok(NoticeRow {
            id: row.get(0)?,
            kind: row.get(1)?,
            game: row.get(2)?,
            challenge: row.get(3)?,
            user: row.get::<_, Option<i64>>(4)?.map(|u| u as u64),
            via: row.get(5)?,
            status: row.get(6)?,
            attempts: row.get(7)?,
            next_attempt_at: row.get(8)?,
        })
    })
    .expect("query")
    .collect::<rusqlite::Result<_>>()
    .expect("rows")
}

fn of_kind(rows: &[NoticeRow], kind: &str, game: i64) -> Vec<NoticeRow> {
    rows.iter()
        .filter(|n| n.kind == kind && n.game == Some(game))
        .cloned()
        .collect()
}

// ---- the stand-in's own behaviour ------------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_stand_in_returns_the_message_of_a_repeated_nonce_and_can_hang_a_send() {
    use serenity::all::{ChannelId, CreateMessage, Nonce};
    let fake = FakeDiscord::start().await;
    let http = Arc::new(fake.http());
    let general = ChannelId::new(fake.channel("general"));
    let games = ChannelId::new(fake.channel("games"));
    let with_nonce = |text: &str, nonce: &str, enforce: bool| {
        CreateMessage::new()
            .content(text)
            .nonce(Nonce::String(nonce.to_owned()))
            .enforce_nonce(enforce)
    };

    // The same nonce, enforced: the first message comes back, nothing new is created.
    let first = general
        .send_message(&*http, with_nonce("first", "focus-1", true))
        .await
        .expect("first send");
    let again = general
        .send_message(&*http, with_nonce("second", "focus-1", true))
        .await
        .expect("repeated send");
    assert_eq!((again.id, again.content.as_str()), (first.id, "first"));
    assert_eq!(
        again.nonce.as_ref().map(|n| format!("{n:?}")),
        Some(format!("{:?}", Nonce::String("focus-1".into())))
    );
    // Not enforced, or in another channel: a new message.
    let unenforced = general
        .send_message(&*http, with_nonce("third", "focus-1", false))
        .await
        .expect("unenforced send");
    assert_ne!(unenforced.id, first.id);
    let elsewhere = games
        .send_message(&*http, with_nonce("fourth", "focus-1", true))
        .await
        .expect("another channel");
    assert_ne!(elsewhere.id, first.id);
    let texts: Vec<String> = fake.replies().iter().map(|r| r.text().to_owned()).collect();
    assert_eq!(texts, ["first", "third", "fourth"]);
    assert_eq!(fake.channel_messages(general.get()).len(), 2);
    assert_eq!(fake.message_posts(general.get()).len(), 3);
    // Discord's limit: 25 characters.
    let long = general
        .send_message(&*http, with_nonce("long", &"n".repeat(26), true))
        .await
        .expect_err("a nonce of 26 characters");
    assert_eq!(discord_code(&long), Some(50035), "{long}");

    // Denied, then allowed again.
    fake.deny_channel_messages(general.get());
    general.say(&*http, "denied").await.expect_err("denied");
    fake.allow_channel_messages(general.get());
    general.say(&*http, "allowed").await.expect("allowed again");

    // A hung send: stored and recorded, never answered; the next send is answered again.
    fake.hang_next_channel_message();
    let sender = {
        let http = http.clone();
        tokio::spawn(async move {
            general
                .send_message(&*http, with_nonce("hung", "focus-2", true))
                .await
        })
    };
    let hung = fake
        .reply_where(WAIT, |r| r.text() == "hung")
        .await
        .message_id
        .expect("the hung message");
    fake.wait_requests(WAIT, |r| r.last().is_some_and(|r| r.hung))
        .await;
    assert!(fake.message(hung).is_some());
    assert!(!sender.is_finished(), "a hung request has no answer");
    sender.abort();
    let repeated = general
        .send_message(&*http, with_nonce("hung again", "focus-2", true))
        .await
        .expect("the repeated send is answered");
    assert_eq!(repeated.id.get(), hung);
    assert!(
        fake.unknown_routes().is_empty(),
        "{:?}",
        fake.unknown_routes()
    );
}

// ---- deadlines and reminders --------------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_show_their_deadline_and_the_reminder_comes_once_at_80_percent() {
    let mut w = World::at(T0).await;
    let bot = w.start_bot().await;
    let (alice, bob) = (w.fake.user("alice"), w.fake.user("bob"));
    let (carol, owner) = (w.fake.user("carol"), w.fake.user("owner"));
    let (general, games) = (w.fake.channel("general"), w.fake.channel("games"));

    // Game 1 in #general, one day per move: the first deadline counts from the start.
    let (one, started) = w.start_game(&alice, &bob, general, "1 day").await;
    assert_eq!(one, 1);
    assert!(
        started
            .text()
            .contains("classic rules · 1 day per move · rated"),
        "{}",
        started.text()
    );
    assert!(
        started
            .text()
            .ends_with(&to_move(&alice, "White", T0 + DAY)),
        "{}",
        started.text()
    );
    // Game 2 in #games, whose reminder comes a minute before game 1's.
    let (two, _) = w.start_game(&carol, &owner, games, "1 day").await;
    assert_eq!(two, 2);

    w.advance(100);
    let r = w.play(&alice, general, "c4-d4").await;
    assert_eq!(
        r.text(),
        format!(
            "{} played **c4-d4**.\n{}",
            mention(&alice),
            to_move(&bob, "Black", T0 + 100 + DAY)
        )
    );
    pings_only(&r, &[&bob]);
    w.play(&carol, games, "c4-d4").await;
    w.set(T0 + 1_000);
    w.play(&owner, games, "e4-d4").await;
    w.advance(60);
    let last_move = w.now();
    let r = w.play(&bob, general, "e4-d4").await;
    let deadline = last_move + DAY;
    assert!(
        r.text().ends_with(&to_move(&alice, "White", deadline)),
        "{}",
        r.text()
    );
    let remind_at = last_move + REMIND_AFTER;

    // A minute before 80 %: game 2 (moved a minute earlier) is reminded, game 1 is not.
    w.set(remind_at - 60);
    let other = w.post_in(games).await;
    assert_eq!(
        other.text(),
        format!(
            "⏰ {}, reminder: your move in game 2 is due soon; if time runs out, the game is aborted. Time runs out <t:{t}:R> (<t:{t}:f>).",
            mention(&carol),
            t = deadline - 60
        )
    );
    pings_only(&other, &[&carol]);
    // That sweep ran at this very clock time and queued nothing for game 1.
    let early = of_kind(&notices(&w.db), "reminder", one);
    assert!(early.is_empty(), "{early:#?}");
    assert!(w.posts_in(general).is_empty());

    // At 80 %: one reminder in the channel, pinging only the player to move.
    w.set(remind_at);
    let reminder = w.post_in(general).await;
    assert_eq!(
        reminder.text(),
        format!(
            "⏰ {}, reminder: your move in game 1 is due soon; if time runs out, the game is aborted. Time runs out <t:{deadline}:R> (<t:{deadline}:f>).",
            mention(&alice)
        )
    );
    pings_only(&reminder, &[&alice]);
    assert!(!reminder.ephemeral());
    assert!(reminder.files.is_empty());

    // Later (game 2's deadline, a minute before game 1's): no second reminder.
    w.set(deadline - 60);
    let aborted = w.post_in(games).await;
    assert!(
        aborted.text().starts_with("**Game 2 is aborted:**"),
        "{}",
        aborted.text()
    );
    let rows = w.settled().await;
    let reminders = of_kind(&rows, "reminder", one);
    assert_eq!(reminders.len(), 1, "{rows:#?}");
    assert_eq!(
        (reminders[0].via.as_str(), reminders[0].status.as_str()),
        ("channel", "sent")
    );
    assert_eq!(reminders[0].user, Some(alice.id));
    assert_eq!(w.posts_in(general).len(), 1);
    assert_eq!(w.fake.dm_attempts(alice.id), 0);
    bot.stop().await;
    assert!(
        w.fake.unknown_routes().is_empty(),
        "{:?}",
        w.fake.unknown_routes()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_asked_for_dms_gets_turn_notices_and_the_reminder_by_dm() {
    let mut w = World::at(T0).await;
    let bot = w.start_bot().await;
    let (alice, bob) = (w.fake.user("alice"), w.fake.user("bob"));
    let general = w.fake.channel("general");

    let r = w
        .slash(&alice, general, "focus notify", json!({ "dm": true }))
        .await;
    assert!(r.ephemeral());
    let setting = "You get a DM when it is your move, besides the mention in the game's \
                   channel, and your reminder when time is running out comes by DM instead of \
                   in the channel. Stop the DMs with `/focus notify dm:False`.";
    assert_eq!(r.text(), format!("Saved. {setting}"));
    let r = w.slash(&alice, general, "focus notify", json!({})).await;
    assert!(r.ephemeral());
    assert_eq!(r.text(), setting);

    let (game, _) = w.start_game(&alice, &bob, general, "1 day").await;
    let link = format!(
        "https://discord.com/channels/{}/{general}",
        w.fake.guild_id()
    );
    // Alice is to move at the start: her turn notice comes by DM.
    let dm = w
        .fake
        .reply_where(WAIT, |r| r.dm_to == Some(alice.id))
        .await;
    assert_eq!(dm.kind, ReplyKind::ChannelMessage);
    assert_eq!(
        dm.text(),
        format!(
            "Your move in Focus game {game} against **Bob**: {link} Time runs out \
             <t:{t}:R> (<t:{t}:f>).",
            t = T0 + DAY
        )
    );
    w.play_opening(&alice, &bob, general, 2, 100).await;
    let last_move = w.now();
    let deadline = last_move + DAY;
    let dm = w
        .fake
        .reply_where(WAIT, |r| r.dm_to == Some(alice.id))
        .await;
    assert!(
        dm.text().ends_with(&format!(
            "Time runs out <t:{deadline}:R> (<t:{deadline}:f>)."
        )),
        "{}",
        dm.text()
    );

    // At 80 %: the reminder comes by DM, not in the channel.
    w.set(last_move + REMIND_AFTER);
    let reminder = w
        .fake
        .reply_where(WAIT, |r| r.dm_to == Some(alice.id))
        .await;
    assert_eq!(
        reminder.text(),
        format!(
            "⏰ Reminder: your move in Focus game {game} against **Bob** is due soon; if time \
             runs out, the game is aborted. Time runs out <t:{deadline}:R> (<t:{deadline}:f>). \
             {link}"
        )
    );
    let dm_channel = w.fake.dm_channel_of(alice.id);
    assert_eq!(reminder.channel_id, Some(dm_channel));
    let rows = w.settled().await;
    let reminders = of_kind(&rows, "reminder", game);
    assert_eq!(reminders.len(), 1, "{rows:#?}");
    assert_eq!(
        (reminders[0].via.as_str(), reminders[0].status.as_str()),
        ("dm", "sent")
    );
    assert!(w.posts_in(general).is_empty());
    assert_eq!(w.dms_to(&alice).len(), 3);
    assert_eq!(w.fake.dm_attempts(alice.id), 3);
    // Bob asked for nothing: no DM.
    assert_eq!(w.fake.dm_attempts(bob.id), 0);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_dm_reminder_becomes_one_channel_mention_and_is_not_retried() {
    let mut w = World::at(T0).await;
    let bot = w.start_bot().await;
    let (alice, bob) = (w.fake.user("alice"), w.fake.user("bob"));
    let general = w.fake.channel("general");

    let (game, _) = w.start_game(&alice, &bob, general, "1 day").await;
    w.play_opening(&alice, &bob, general, 3, 100).await;
    let last_move = w.now();
    let deadline = last_move + DAY;
    // Bob asks for DMs, but has closed them.
    let r = w
        .slash(&bob, general, "focus notify", json!({ "dm": true }))
        .await;
    assert!(r.ephemeral() && r.text().starts_with("Saved."), "{r:?}");
    w.fake.close_dms(bob.id);

    w.set(last_move + REMIND_AFTER);
    let reminder = w.post_in(general).await;
    assert_eq!(
        reminder.text(),
        format!(
            "⏰ {}, reminder: your move in game {game} is due soon; if time runs out, you lose \
             on time. Time runs out <t:{deadline}:R> (<t:{deadline}:f>).",
            mention(&bob)
        )
    );
    pings_only(&reminder, &[&bob]);
    let rows = w.settled().await;
    let reminders = of_kind(&rows, "reminder", game);
    assert_eq!(reminders.len(), 1, "{rows:#?}");
    assert_eq!(
        (reminders[0].via.as_str(), reminders[0].status.as_str()),
        ("channel", "sent")
    );
    // One DM tried, refused with 50007; none delivered.
    let dm_channel = w.fake.dm_channel_of(bob.id);
    let tried = w.fake.message_posts(dm_channel);
    assert_eq!(tried.len(), 1, "{tried:#?}");
    assert_eq!(tried[0].status, 403);
    assert!(w.dms_to(&bob).is_empty());
    assert_eq!(w.posts_in(general).len(), 1);

    // Hours later, when the game times out: still one DM attempt, one reminder.
    w.set(deadline);
    let timeout = w.post_in(general).await;
    assert!(
        timeout.text().contains("ran out of time"),
        "{}",
        timeout.text()
    );
    w.settled().await;
    assert_eq!(w.fake.dm_attempts(bob.id), 1);
    assert_eq!(w.posts_in(general).len(), 2);
    bot.stop().await;
}

// ---- time-outs ----------------------------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_time_out_loses_on_time_after_three_plies_and_aborts_before() {
    let mut w = World::at(T0).await;
    let bot = w.start_bot().await;
    let (alice, bob) = (w.fake.user("alice"), w.fake.user("bob"));
    let (carol, owner) = (w.fake.user("carol"), w.fake.user("owner"));
    let (general, games) = (w.fake.channel("general"), w.fake.channel("games"));

    let (one, _) = w.start_game(&alice, &bob, general, "1 day").await;
    let (two, _) = w.start_game(&carol, &owner, games, "1 day").await;
    // Game 2: one ply, so neither side has moved twice when Owner runs out of time.
    w.advance(100);
    w.play(&carol, games, OPENING[0]).await;
    let deadline_two = w.now() + DAY;
    // Game 1: three plies; Bob is to move.
    w.play_opening(&alice, &bob, general, 3, 100).await;
    let deadline_one = w.now() + DAY;

    // Both deadlines pass at once (game 1's reminder never comes: it is over first).
    w.set(deadline_one);
    let lost = w.post_in(general).await;
    assert_eq!(
        lost.text(),
        format!(
            "**{} ran out of time**. **{} (White) wins game {one}**, on time.\n\
             Ratings: {} 1662 (+162), {} 1338 (-162).",
            mention(&bob),
            mention(&alice),
            mention(&alice),
            mention(&bob)
        )
    );
    pings_only(&lost, &[&alice, &bob]);
    assert_eq!(lost.files[0].0, format!("focus-game-{one}.png"));
    assert_eq!(png_size(&lost), PICTURE);
    // The time-out is the game's last message: it has the game's Replay and Rematch.
    assert_eq!(
        lost.custom_ids(),
        [
            format!("focus:replay:{one}"),
            format!("focus:rematch:{one}")
        ]
    );
    let aborted = w.post_in(games).await;
    assert_eq!(
        aborted.text(),
        format!(
            "**Game {two} is aborted:** {} did not move in time, while each side had moved at \
             most once. No result, no rating change.",
            mention(&owner)
        )
    );
    pings_only(&aborted, &[&carol, &owner]);
    assert_eq!(aborted.files[0].0, format!("focus-game-{two}.png"));
    assert_eq!(png_size(&aborted), PICTURE);
    assert!(
        aborted.custom_ids().is_empty(),
        "an aborted game has neither"
    );
    assert!(deadline_two < deadline_one);

    let rows = w.settled().await;
    assert_eq!(rows.len(), 2, "{rows:#?}");
    assert!(
        rows.iter()
            .all(|n| n.kind == "time-out" && n.status == "sent")
    );
    assert_eq!(w.posts_in(general).len(), 1);
    assert_eq!(w.posts_in(games).len(), 1);

    // The games are over.
    let r = w
        .slash(&bob, general, "focus move", json!({ "move": "e4-d4" }))
        .await;
    refused(
        &r,
        "there is no game in this channel: start one with /focus challenge",
    );
    let r = w.slash(&alice, general, "focus games", json!({})).await;
    refused(
        &r,
        "You have no game in play on this server. Start one with /focus challenge.",
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moretime_gives_the_player_to_move_a_day_and_is_refused_on_your_own_move() {
    let mut w = World::at(T0).await;
    let bot = w.start_bot().await;
    let (alice, bob) = (w.fake.user("alice"), w.fake.user("bob"));
    let (carol, owner) = (w.fake.user("carol"), w.fake.user("owner"));
    let (general, games) = (w.fake.channel("general"), w.fake.channel("games"));

    let (one, _) = w.start_game(&alice, &bob, general, "1 day").await;
    let (two, _) = w.start_game(&carol, &owner, games, "1 day").await;
    w.advance(100);
    w.play(&alice, general, OPENING[0]).await;
    w.play(&carol, games, OPENING[0]).await;
    let deadline = w.now() + DAY;

    w.advance(3_600);
    let r = w.slash(&alice, general, "focus moretime", json!({})).await;
    assert!(!r.ephemeral(), "{r:?}");
    let extended = deadline + DAY;
    assert_eq!(
        r.text(),
        format!(
            "{} gives {} one more day for this move. Time runs out <t:{extended}:R> \
             (<t:{extended}:f>).",
            mention(&alice),
            mention(&bob)
        )
    );
    pings_only(&r, &[]);
    let r = w.slash(&bob, general, "focus moretime", json!({})).await;
    refused(
        &r,
        "it is your move: `/focus moretime` gives your opponent time on theirs",
    );
    let r = w.slash(&carol, general, "focus moretime", json!({})).await;
    refused(&r, "you are not playing in this channel's game");
    let r = w.slash(&alice, general, "focus board", json!({})).await;
    assert!(
        r.text().ends_with(&to_move(&bob, "Black", extended)),
        "{}",
        r.text()
    );

    // The old deadline passes: game 2 (same deadline, no extra time) ends, game 1 goes on.
    w.set(deadline);
    let ended = w.post_in(games).await;
    assert!(
        ended
            .text()
            .starts_with(&format!("**Game {two} is aborted:**")),
        "{}",
        ended.text()
    );
    w.settled().await;
    assert!(w.posts_in(general).is_empty());
    let r = w.slash(&alice, general, "focus board", json!({})).await;
    assert!(
        r.text().ends_with(&to_move(&bob, "Black", extended)),
        "{}",
        r.text()
    );
    // The new one ends it.
    w.set(extended);
    let ended = w.post_in(general).await;
    assert_eq!(
        ended.text(),
        format!(
            "**Game {one} is aborted:** {} did not move in time, while each side had moved at \
             most once. No result, no rating change.",
            mention(&bob)
        )
    );
    // Neither game had both players move: nobody was reminded, though 80 % passed.
    let rows = w.settled().await;
    assert_eq!(
        rows.iter()
            .map(|n| (n.kind.as_str(), n.game, n.status.as_str()))
            .collect::<Vec<_>>(),
        [
            ("time-out", Some(two), "sent"),
            ("time-out", Some(one), "sent")
        ]
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_games_dashboard_lists_least_time_left_first() {
    let mut guild = FakeGuild::standard();
    guild.channels.push(FakeChannel {
        id: 9105,
        name: "lounge".into(),
        bot_denied: Permissions::empty(),
    });
    let mut w = World::with_guild_at(guild, T0).await;
    let bot = w.start_bot().await;
    let (alice, bob) = (w.fake.user("alice"), w.fake.user("bob"));
    let (carol, owner) = (w.fake.user("carol"), w.fake.user("owner"));
    let (general, games, lounge) = (
        w.fake.channel("general"),
        w.fake.channel("games"),
        w.fake.channel("lounge"),
    );

    let (one, _) = w.start_game(&alice, &bob, general, "3 days").await;
    let (two, _) = w.start_game(&alice, &carol, games, "1 day").await;
    let (three, _) = w.start_game(&owner, &alice, lounge, "unlimited").await;
    w.advance(100);
    w.play(&alice, games, OPENING[0]).await;

    let r = w.slash(&alice, general, "focus games", json!({})).await;
    assert!(r.ephemeral());
    pings_only(&r, &[]);
    assert_eq!(
        r.text(),
        format!(
            "**Your games on this server** (3 in play, 1 waiting for you), least time left \
             first:\n\
             Game {two} in <#{games}> vs {} (classic rules, you play White): their move, due \
             <t:{}:R>\n\
             Game {one} in <#{general}> vs {} (classic rules, you play White): **your move**, \
             due <t:{}:R>\n\
             Game {three} in <#{lounge}> vs {} (classic rules, you play Black): their move",
            mention(&carol),
            T0 + 100 + DAY,
            mention(&bob),
            T0 + 3 * DAY,
            mention(&owner),
        )
    );
    // Anyone's own games only, from any channel.
    let r = w.slash(&carol, lounge, "focus games", json!({})).await;
    assert_eq!(
        r.text(),
        format!(
            "**Your games on this server** (1 in play, 1 waiting for you), least time left \
             first:\n\
             Game {two} in <#{games}> vs {} (classic rules, you play Black): **your move**, due \
             <t:{}:R>",
            mention(&alice),
            T0 + 100 + DAY,
        )
    );
    bot.stop().await;
}

// ---- challenges ---------------------------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unaccepted_challenge_expires_after_a_day_with_its_buttons_disabled() {
    let mut w = World::at(T0).await;
    let bot = w.start_bot().await;
    let (alice, bob, carol) = (
        w.fake.user("alice"),
        w.fake.user("bob"),
        w.fake.user("carol"),
    );
    let (general, games) = (w.fake.channel("general"), w.fake.channel("games"));

    let open = w.challenge(&carol, None, games, "3 days").await;
    assert!(
        open.text()
            .ends_with(&format!("The challenge expires <t:{}:R>.", T0 + DAY)),
        "{}",
        open.text()
    );
    let open_msg = open.message_id.expect("a message");
    w.advance(60);
    let named = w.challenge(&alice, Some(&bob), general, "1 day").await;
    let named_msg = named.message_id.expect("a message");

    // A day after the first: it expires; the second, a minute younger, does not.
    w.set(T0 + DAY);
    let edit = w
        .fake
        .reply_where(WAIT, |r| r.kind == ReplyKind::EditChannelMessage)
        .await;
    assert_eq!(
        (edit.channel_id, edit.message_id),
        (Some(games), Some(open_msg))
    );
    let expired = format!(
        "The challenge of {} has expired: nobody accepted it within a day. Start a new one \
         with /focus challenge.",
        mention(&carol)
    );
    assert_eq!(edit.text(), expired);
    pings_only(&edit, &[]);
    let held = w.fake.message(open_msg).expect("the challenge message");
    assert_eq!(held["content"], expired.as_str());
    assert_eq!(
        buttons(&held),
        [
            ("focus:accept:1".to_owned(), "Accept".to_owned(), true),
            ("focus:cancel:1".to_owned(), "Cancel".to_owned(), true),
        ]
    );
    w.settled().await;
    let held = w.fake.message(named_msg).expect("the challenge message");
    assert!(
        buttons(&held).iter().all(|(_, _, disabled)| !disabled),
        "{held}"
    );
    assert_eq!(held["content"], named.text());

    w.advance(60);
    let edit = w
        .fake
        .reply_where(WAIT, |r| r.kind == ReplyKind::EditChannelMessage)
        .await;
    assert_eq!(
        (edit.channel_id, edit.message_id),
        (Some(general), Some(named_msg))
    );
    assert_eq!(
        edit.text(),
        format!(
            "The challenge of {} to {} has expired: nobody accepted it within a day. Start a \
             new one with /focus challenge.",
            mention(&alice),
            mention(&bob)
        )
    );
    let held = w.fake.message(named_msg).expect("the challenge message");
    assert_eq!(
        buttons(&held),
        [
            ("focus:accept:2".to_owned(), "Accept".to_owned(), true),
            ("focus:decline:2".to_owned(), "Decline".to_owned(), true),
            ("focus:cancel:2".to_owned(), "Cancel".to_owned(), true),
        ]
    );
    let rows = w.settled().await;
    assert_eq!(rows.len(), 2, "{rows:#?}");
    assert!(
        rows.iter()
            .all(|n| n.kind == "challenge-expired" && n.status == "sent")
    );
    assert_eq!(
        rows.iter().map(|n| n.challenge).collect::<Vec<_>>(),
        [Some(1), Some(2)]
    );
    // A click that was already on its way: refused.
    let id = w
        .fake
        .click(&bob, general, named_msg, "focus:accept:2")
        .await;
    refused(
        &w.fake.reply_to(id, WAIT).await,
        "challenge #2 is no longer open (it was expired)",
    );
    bot.stop().await;
}

// ---- restarts and failures ----------------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deadlines_that_passed_while_the_bot_was_down_are_handled_once_right_after_start() {
    let mut w = World::at(T0).await;
    let bot = w.start_bot().await;
    let (alice, bob) = (w.fake.user("alice"), w.fake.user("bob"));
    let (carol, owner) = (w.fake.user("carol"), w.fake.user("owner"));
    let (general, games) = (w.fake.channel("general"), w.fake.channel("games"));

    let (one, _) = w.start_game(&alice, &bob, general, "1 day").await;
    let (two, _) = w.start_game(&carol, &owner, games, "2 days").await;
    w.play_opening(&alice, &bob, general, 3, 100).await;
    w.play_opening(&carol, &owner, games, 1, 100).await;
    bot.stop().await;

    // Three days later both deadlines have passed; nobody was there to tell.
    w.advance(3 * DAY);
    let requests = w.fake.requests().len();
    let bot = w.start_bot().await;
    let lost = w.post_in(general).await;
    assert_eq!(
        lost.text(),
        format!(
            "**{} ran out of time**. **{} (White) wins game {one}**, on time.\n\
             Ratings: {} 1662 (+162), {} 1338 (-162).",
            mention(&bob),
            mention(&alice),
            mention(&alice),
            mention(&bob)
        )
    );
    assert_eq!(png_size(&lost), PICTURE);
    let aborted = w.post_in(games).await;
    assert!(
        aborted
            .text()
            .starts_with(&format!("**Game {two} is aborted:** {}", mention(&owner))),
        "{}",
        aborted.text()
    );
    assert_eq!(png_size(&aborted), PICTURE);
    // Right after start: the first things the new bot sent after registering.
    let since: Vec<String> = w.fake.requests()[requests..]
        .iter()
        .map(|r| format!("{} {}", r.method, r.path))
        .filter(|r| r.starts_with("POST /api/v10/channels/"))
        .collect();
    assert_eq!(
        since,
        [
            format!("POST /api/v10/channels/{general}/messages"),
            format!("POST /api/v10/channels/{games}/messages"),
        ]
    );
    w.settled().await;

    // Another restart, a day later: an open challenge expires then (the proof that the
    // start-up sweep ran), and no time-out is told again.
    let open = w.challenge(&carol, None, general, "1 day").await;
    let open_msg = open.message_id.expect("a message");
    bot.stop().await;
    w.advance(DAY);
    let bot = w.start_bot().await;
    let edit = w
        .fake
        .reply_where(WAIT, |r| r.kind == ReplyKind::EditChannelMessage)
        .await;
    assert_eq!(edit.message_id, Some(open_msg));
    let rows = w.settled().await;
    assert_eq!(
        rows.iter()
            .map(|n| (n.kind.as_str(), n.status.as_str()))
            .collect::<Vec<_>>(),
        [
            ("time-out", "sent"),
            ("time-out", "sent"),
            ("challenge-expired", "sent")
        ]
    );
    assert_eq!(w.posts_in(general).len(), 1);
    assert_eq!(w.posts_in(games).len(), 1);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_time_out_refused_for_a_missing_permission_is_retried_later_and_posted_once() {
    let mut w = World::at(T0).await;
    let bot = w.start_bot().await;
    let (alice, bob) = (w.fake.user("alice"), w.fake.user("bob"));
    let (carol, owner) = (w.fake.user("carol"), w.fake.user("owner"));
    let (general, games) = (w.fake.channel("general"), w.fake.channel("games"));

    let (one, _) = w.start_game(&alice, &bob, general, "1 day").await;
    let (two, _) = w.start_game(&carol, &owner, games, "1 day").await;
    w.play_opening(&alice, &bob, general, 3, 100).await;
    let deadline = w.now() + DAY;
    // Game 2 runs out half a minute after game 1.
    w.advance(30);
    w.play(&carol, games, OPENING[0]).await;

    // An admin took Send Messages away: the time-out cannot be posted.
    w.fake.deny_channel_messages(general);
    w.set(deadline);
    w.fake
        .wait_requests(WAIT, |r| {
            r.iter().any(|r| {
                r.method == "POST"
                    && r.path == format!("/api/v10/channels/{general}/messages")
                    && r.status == 403
            })
        })
        .await;
    let failed = w.settled().await;
    let timeouts = of_kind(&failed, "time-out", one);
    assert_eq!(timeouts.len(), 1, "{failed:#?}");
    assert_eq!(
        (
            timeouts[0].status.as_str(),
            timeouts[0].attempts,
            timeouts[0].next_attempt_at
        ),
        ("pending", 1, deadline + 60)
    );
    assert!(w.posts_in(general).is_empty());

    // Allowed again; half a minute later (game 2's deadline) the retry is not due yet.
    w.fake.allow_channel_messages(general);
    w.set(deadline + 30);
    let aborted = w.post_in(games).await;
    assert!(
        aborted
            .text()
            .starts_with(&format!("**Game {two} is aborted:**")),
        "{}",
        aborted.text()
    );
    w.settled().await;
    assert_eq!(w.fake.message_posts(general).len(), 1);

    // A minute after the failure: posted, once.
    w.set(deadline + 60);
    let lost = w.post_in(general).await;
    assert_eq!(
        lost.text(),
        format!(
            "**{} ran out of time**. **{} (White) wins game {one}**, on time.\n\
             Ratings: {} 1662 (+162), {} 1338 (-162).",
            mention(&bob),
            mention(&alice),
            mention(&alice),
            mention(&bob)
        )
    );
    assert_eq!(png_size(&lost), PICTURE);
    let rows = w.settled().await;
    let timeouts = of_kind(&rows, "time-out", one);
    assert_eq!(
        (timeouts[0].status.as_str(), timeouts[0].attempts),
        ("sent", 1)
    );
    let statuses: Vec<u16> = w
        .fake
        .message_posts(general)
        .iter()
        .map(|r| r.status)
        .collect();
    assert_eq!(statuses, [403, 200]);
    assert_eq!(w.posts_in(general).len(), 1);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_killed_mid_send_sends_again_with_the_same_nonce_and_the_notice_shows_once() {
    let mut w = World::at(T0).await;
    let bot = w.start_bot().await;
    let (alice, bob) = (w.fake.user("alice"), w.fake.user("bob"));
    let general = w.fake.channel("general");

    let (one, _) = w.start_game(&alice, &bob, general, "1 day").await;
    w.play_opening(&alice, &bob, general, 3, 100).await;
    let deadline = w.now() + DAY;

    // Discord creates the time-out message, but the bot dies before it hears so.
    w.fake.hang_next_channel_message();
    w.set(deadline);
    let lost = w.post_in(general).await;
    assert!(lost.text().contains("ran out of time"), "{}", lost.text());
    let posts = w.fake.message_posts(general);
    assert_eq!(posts.len(), 1);
    assert!(posts[0].hung);
    let nonce = posts[0].body["nonce"].clone();
    assert!(
        nonce.as_str().is_some_and(|n| n.starts_with("focus-")),
        "{nonce}"
    );
    assert_eq!(posts[0].body["enforce_nonce"], true);
    bot.kill().await;
    let timeouts = of_kind(&notices(&w.db), "time-out", one);
    assert_eq!(timeouts.len(), 1);
    assert_eq!(
        (timeouts[0].status.as_str(), timeouts[0].attempts),
        ("pending", 0)
    );
    assert_eq!(nonce, json!(format!("focus-{}", timeouts[0].id)));

    // A new bot on the same database sends it again, with the same nonce: Discord answers
    // with the message it already has, and the channel shows it once.
    let bot = w.start_bot().await;
    w.fake
        .wait_requests(WAIT, |r| {
            r.iter()
                .filter(|r| {
                    r.method == "POST" && r.path == format!("/api/v10/channels/{general}/messages")
                })
                .count()
                >= 2
        })
        .await;
    let rows = w.settled().await;
    let timeouts = of_kind(&rows, "time-out", one);
    assert_eq!(timeouts[0].status, "sent");
    let posts = w.fake.message_posts(general);
    assert_eq!(posts.len(), 2, "{posts:#?}");
    assert_eq!(posts[1].body["nonce"], nonce);
    assert_eq!((posts[1].status, posts[1].hung), (200, false));
    let shown: Vec<Value> = w
        .fake
        .channel_messages(general)
        .into_iter()
        .filter(|m| {
            m["content"]
                .as_str()
                .is_some_and(|t| t.contains("ran out of time"))
        })
        .collect();
    assert_eq!(shown.len(), 1, "{shown:#?}");
    assert_eq!(
        shown[0]["id"],
        lost.message_id.unwrap().to_string().as_str()
    );
    assert_eq!(w.posts_in(general).len(), 1);
    bot.stop().await;
}
