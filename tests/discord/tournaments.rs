//! Tournaments (issue 22) end to end: `/focus tournament …` against the Discord stand-in, whose
//! server lets the bot start public threads. A Swiss of four is created, joined by command and
//! by the announcement's Join button, and started; each board of a round gets its message in
//! the channel, a thread started from it and the game's first board in the thread, and the
//! round's pairings are posted in the channel. The round is played out in the threads and the
//! next one is paired. Also: a start time wakes the sweeper, which starts the event on its own;
//! the server's tournament role lets a member create one; a channel where the bot may not
//! start threads is refused.

use std::collections::{HashMap, HashSet};

use crate::support;

use serde_json::{Value, json};
use serenity::all::Permissions;
use support::bot::{WAIT, WorldOf};
use support::discord::{
    FakeGuild, FakeRole, FakeThread, FakeUser, Reply, ReplyKind, option, png_size,
};

/// The world of the tournament tests (this module's and [`super::tournament_load`]'s), a type
/// of its own for the helpers below (see [`WorldOf`]).
pub(crate) type World = WorldOf<Tournaments>;
pub(crate) enum Tournaments {}

/// Where the clock starts: 2026-03-02 09:00 UTC.
pub(crate) const T0: i64 = 1_772_442_000;
/// The board picture's size.
const PICTURE: (u32, u32) = (684, 800);
/// A channel where the bot may not start threads.
const NO_THREADS: u64 = 9110;
/// The server's tournament role, and a member who holds it (without Manage Server).
const TD_ROLE: u64 = 9302;
const TD: u64 = 9206;

/// The standard server with threads allowed, three more players, a tournament role and
/// `#no-threads`.
pub(crate) fn guild() -> FakeGuild {
    FakeGuild::standard()
        .with_threads()
        .with_human(9204, "dave")
        .with_human(9205, "erin")
        .with_role_holder(
            FakeRole {
                id: TD_ROLE,
                name: "Tournament director".into(),
                permissions: Permissions::empty(),
            },
            TD,
            "tina",
        )
        .with_channel(NO_THREADS, "no-threads", Permissions::CREATE_PUBLIC_THREADS)
}

/// The user ids mentioned in `text` (`<@id>`), in order.
pub(crate) fn mentioned(text: &str) -> Vec<u64> {
    text.split("<@")
        .skip(1)
        .filter_map(|rest| rest.split_once('>'))
        .filter_map(|(id, _)| id.parse().ok())
        .collect()
}

impl World {
    /// The value Discord sends for the choice called `name` of option `opt` of
    /// `/focus tournament <sub>`, from the registered schema.
    pub(crate) fn tournament_choice(&self, sub: &str, opt: &str, name: &str) -> Value {
        let commands = self
            .fake
            .commands(Some(self.fake.guild_id()))
            .expect("commands registered");
        let node = option(option(option(&commands[0], "tournament"), sub), opt);
        node["choices"]
            .as_array()
            .and_then(|c| c.iter().find(|c| c["name"] == name))
            .map(|c| c["value"].clone())
            .unwrap_or_else(|| panic!("no choice {name:?} for {sub} {opt}"))
    }

    /// `user` sends `/focus tournament <sub>` with `options` in `channel`: the first answer.
    pub(crate) async fn tournament(
        &self,
        user: &FakeUser,
        channel: u64,
        sub: &str,
        options: Value,
    ) -> Reply {
        self.slash(user, channel, &format!("focus tournament {sub}"), options)
            .await
    }

    /// The next message the bot posted on its own in `channel` whose text passes `check`.
    pub(crate) async fn posted(&self, channel: u64, check: impl Fn(&str) -> bool) -> Reply {
        self.fake
            .reply_where(WAIT, |r| {
                r.kind == ReplyKind::ChannelMessage
                    && r.channel_id == Some(channel)
                    && check(r.text())
            })
            .await
    }

    /// Waits until the bot has started `count` threads in all; the threads, oldest first.
    pub(crate) async fn threads_started(&self, count: usize) -> Vec<FakeThread> {
        self.fake
            .wait_requests(WAIT, |requests| {
                requests
                    .iter()
                    .filter(|r| r.method == "POST" && r.path.ends_with("/threads"))
                    .filter(|r| r.status == 201)
                    .count()
                    >= count
            })
            .await;
        let threads = self.fake.threads();
        assert_eq!(threads.len(), count, "{threads:?}");
        threads
    }

    /// Checks round `round`'s boards of the tournament announced in `channel`, in `threads`:
    /// each thread started from its board's message in the channel, which names White and
    /// Black, and the game's first board posted in the thread. Returns (thread, White, Black)
    /// per board.
    pub(crate) async fn round_boards(
        &self,
        channel: u64,
        round: u32,
        threads: &[FakeThread],
    ) -> Vec<(u64, u64, u64)> {
        let mut boards = Vec::new();
        for thread in threads {
            assert_eq!(thread.parent, channel);
            assert!(
                thread
                    .name
                    .starts_with(&format!("Spring Swiss · R{round} · ")),
                "{}",
                thread.name
            );
            // The thread's id is its board's message's, in the channel.
            let message = self.fake.message(thread.id).expect("the board's message");
            let text = message["content"].as_str().unwrap_or_default();
            assert!(
                text.contains(&format!("round {round}, board ")),
                "board message: {text}"
            );
            let players = mentioned(text);
            assert_eq!(players.len(), 2, "White and Black in {text:?}");
            // The game's first board, in the thread.
            let first = self
                .posted(thread.id, |t| t.starts_with(&format!("Round {round} of ")))
                .await;
            assert_eq!(png_size(&first), PICTURE);
            assert_eq!(mentioned(first.text())[..2], players[..]);
            boards.push((thread.id, players[0], players[1]));
        }
        boards
    }

    /// `user` sends `/focus <command>` in `thread`; the answer is public.
    async fn in_thread(&self, user: &FakeUser, thread: u64, command: &str, options: Value) {
        let r = self
            .slash(user, thread, &format!("focus {command}"), options)
            .await;
        assert!(!r.ephemeral(), "{command} by {}: {}", user.name, r.text());
        assert_eq!(r.channel_id, Some(thread));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_of_four_is_joined_started_and_played_in_threads_round_after_round() {
    let mut w = World::with_guild_at(guild(), T0).await;
    let bot = w.start_bot().await;
    let general = w.fake.channel("general");
    let owner = w.fake.user("owner");
    let players: Vec<FakeUser> = ["alice", "bob", "dave", "erin"]
        .iter()
        .map(|name| w.fake.user(name))
        .collect();
    let by_id: HashMap<u64, FakeUser> = players.iter().map(|p| (p.id, p.clone())).collect();

    // Where the bot may not start threads, no tournament: the missing permission is named.
    let refused = w
        .tournament(&owner, NO_THREADS, "create", json!({ "name": "Nowhere" }))
        .await;
    assert!(refused.ephemeral(), "{refused:?}");
    assert!(
        refused
            .text()
            .contains("the bot may not start threads here (missing: Create Public Threads)"),
        "{}",
        refused.text()
    );

    // The owner (Manage Server) creates a Swiss of three rounds here.
    let create = json!({
        "name": "Spring Swiss",
        "format": w.tournament_choice("create", "format", "Swiss"),
        "rounds": 3,
        "days": w.fake.choice("challenge", "days", "2 days"),
    });
    let announcement = w.tournament(&owner, general, "create", create).await;
    assert!(!announcement.ephemeral(), "{}", announcement.text());
    assert!(
        announcement.text().contains("Spring Swiss"),
        "{}",
        announcement.text()
    );
    let buttons = announcement.custom_ids();
    let join = buttons
        .iter()
        .find(|id| id.starts_with("focus:join:"))
        .cloned()
        .unwrap_or_else(|| panic!("a Join button: {buttons:?}"));
    let tournament: i64 = join["focus:join:".len()..].parse().expect("its number");
    let message = announcement.message_id.expect("the announcement's message");

    // Alice joins by command, Bob by the button, Dave by command naming it, Erin by the
    // button; the announcement is redrawn with each click.
    let joined = w.tournament(&players[0], general, "join", json!({})).await;
    assert!(!joined.ephemeral(), "{}", joined.text());
    for (i, player) in players.iter().enumerate().skip(1) {
        if i % 2 == 1 {
            let update = w.click(player, general, message, &join).await;
            assert_eq!(update.kind, ReplyKind::Callback(7), "{update:?}");
            assert!(
                update.text().contains(&player.mention()),
                "{}",
                update.text()
            );
        } else {
            let r = w
                .tournament(player, general, "join", json!({ "tournament": tournament }))
                .await;
            assert!(!r.ephemeral(), "{}", r.text());
        }
    }
    // Joining twice is refused, privately.
    let twice = w.click(&players[1], general, message, &join).await;
    assert!(twice.ephemeral(), "{twice:?}");

    // Only the director starts it.
    let not_yours = w.tournament(&players[0], general, "start", json!({})).await;
    assert!(not_yours.ephemeral(), "{not_yours:?}");
    let started = w.tournament(&owner, general, "start", json!({})).await;
    assert!(!started.ephemeral(), "{}", started.text());
    assert!(started.text().contains("has started"), "{}", started.text());

    // Round 1: two boards, each in a thread of its own, and the pairings in the channel.
    let threads = w.threads_started(2).await;
    // The announcement is redrawn: its round, and no Leave button any more.
    let redrawn = w
        .fake
        .reply_where(WAIT, |r| {
            r.kind == ReplyKind::EditChannelMessage
                && r.message_id == Some(message)
                && r.text().contains("Round 1 of 3 is being played")
        })
        .await;
    assert!(
        !redrawn
            .custom_ids()
            .iter()
            .any(|id| id.starts_with("focus:leave:")),
        "{:?}",
        redrawn.custom_ids()
    );
    let round1 = w.round_boards(general, 1, &threads).await;
    let everyone: HashSet<u64> = round1.iter().flat_map(|(_, w, b)| [*w, *b]).collect();
    assert_eq!(everyone, by_id.keys().copied().collect());
    let pairings = w.posted(general, |t| t.contains("round 1 of 3")).await;
    for (thread, white, black) in &round1 {
        let line = format!("<@{white}> – <@{black}> · <#{thread}>");
        let shown = pairings.text().contains(&line)
            || w.fake
                .channel_messages(general)
                .iter()
                .any(|m| m["content"].as_str().is_some_and(|c| c.contains(&line)));
        assert!(shown, "{line} in the pairings: {}", pairings.text());
    }

    // Round 1 is played out in the threads: a move each, then Black resigns.
    for (thread, white, black) in &round1 {
        w.clock.advance(60);
        w.in_thread(&by_id[white], *thread, "move", json!({ "move": "c4-d4" }))
            .await;
        w.clock.advance(60);
        w.in_thread(&by_id[black], *thread, "move", json!({ "move": "e4-d4" }))
            .await;
        w.in_thread(&by_id[black], *thread, "resign", json!({}))
            .await;
    }

    // Round 2 is paired: two new threads, no pair of round 1 again, its pairings posted.
    let threads = w.threads_started(4).await;
    let round2 = w.round_boards(general, 2, &threads[2..]).await;
    let pair = |w: u64, b: u64| if w < b { (w, b) } else { (b, w) };
    let met: HashSet<(u64, u64)> = round1.iter().map(|(_, w, b)| pair(*w, *b)).collect();
    for (_, white, black) in &round2 {
        assert!(!met.contains(&pair(*white, *black)), "a rematch in round 2");
    }
    w.posted(general, |t| t.contains("round 2 of 3")).await;
    let standings = w
        .tournament(&players[0], general, "standings", json!({}))
        .await;
    assert!(!standings.files.is_empty(), "the crosstable: {standings:?}");

    // No tournament is created inside a thread: its games need a channel's threads.
    let in_thread = w
        .tournament(&owner, round2[0].0, "create", json!({ "name": "Inner" }))
        .await;
    assert!(in_thread.ephemeral(), "{in_thread:?}");
    assert!(
        in_thread.text().contains("create it in a text channel"),
        "{}",
        in_thread.text()
    );

    // The director sets the results of rounds 2 and 3 (games 3 to 6, by number); the third
    // round is the last.
    let white = w.tournament_choice("result", "result", "White wins");
    let draw = w.tournament_choice("result", "result", "draw");
    for (game, result) in [(3, &white), (4, &draw)] {
        let options = json!({ "game": game, "result": result, "tournament": tournament });
        let r = w.tournament(&owner, general, "result", options).await;
        assert!(
            r.text().contains("The director set the result"),
            "{}",
            r.text()
        );
    }
    let threads = w.threads_started(6).await;
    w.round_boards(general, 3, &threads[4..]).await;
    w.posted(general, |t| t.contains("round 3 of 3")).await;
    // The first from a game's thread (its tournament is meant), the second from the channel.
    for (game, result, channel) in [(5, &draw, threads[4].id), (6, &white, general)] {
        let options = json!({ "game": game, "result": result });
        let r = w.tournament(&owner, channel, "result", options).await;
        assert!(
            r.text().contains("The director set the result"),
            "{}",
            r.text()
        );
    }
    // The standings with their crosstable after rounds 1 and 2, and the final ones.
    for _ in 1..=3 {
        let standings = w
            .fake
            .reply_where(WAIT, |r| {
                r.kind == ReplyKind::ChannelMessage
                    && r.channel_id == Some(general)
                    && !r.files.is_empty()
            })
            .await;
        assert!(
            standings.text().contains("Spring Swiss"),
            "{}",
            standings.text()
        );
    }
    let list = w.tournament(&players[0], general, "list", json!({})).await;
    assert!(list.ephemeral(), "{list:?}");
    assert!(list.text().contains("finished"), "{}", list.text());
    let export = w
        .tournament(&players[0], general, "export", json!({}))
        .await;
    let export = if export.files.is_empty() {
        w.fake.reply_to(export.interaction_id.unwrap(), WAIT).await
    } else {
        export
    };
    assert_eq!(export.files.len(), 1, "{export:?}");
    let trf = String::from_utf8(export.files[0].1.clone()).expect("a text file");
    assert!(trf.contains("012 Spring Swiss"), "{trf}");

    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_tournament_role_creates_and_the_start_time_wakes_the_sweeper_to_start_it() {
    let mut w = World::with_guild_at(guild(), T0).await;
    let bot = w.start_bot().await;
    let general = w.fake.channel("general");
    let (owner, tina) = (w.fake.user("owner"), w.fake.user("tina"));
    let create = json!({ "name": "Spring Swiss", "rounds": 2, "starts_in_hours": 2 });

    // Without Manage Server, and before the server names its tournament role: refused.
    let refused = w.tournament(&tina, general, "create", create.clone()).await;
    assert!(refused.ephemeral(), "{refused:?}");
    assert!(
        refused.text().contains("tournament role"),
        "{}",
        refused.text()
    );
    let set = w
        .slash(
            &owner,
            general,
            "focus settings",
            json!({ "tournament_role": TD_ROLE }),
        )
        .await;
    assert!(!set.text().is_empty(), "{set:?}");

    // Now the role's holder creates it, to start in two hours.
    let announcement = w.tournament(&tina, general, "create", create).await;
    assert!(!announcement.ephemeral(), "{}", announcement.text());
    let starts = T0 + 2 * 3_600;
    assert!(
        announcement.text().contains(&format!("<t:{starts}:")),
        "{}",
        announcement.text()
    );
    for name in ["alice", "bob", "dave", "erin"] {
        let r = w
            .tournament(&w.fake.user(name), general, "join", json!({}))
            .await;
        assert!(!r.ephemeral(), "{}", r.text());
    }
    // The server's events are suggested as one types the `tournament` option.
    let id = w
        .fake
        .autocomplete(
            &w.fake.user("alice"),
            general,
            "focus tournament join",
            "tournament",
            "",
        )
        .await;
    let suggested = w.fake.reply_to(id, WAIT).await;
    assert_eq!(suggested.kind, ReplyKind::Callback(8), "{suggested:?}");
    assert_eq!(suggested.choice_values(), ["1"]);
    assert_eq!(suggested.choices[0]["name"], "#1 · Spring Swiss");

    // The sweeper sleeps until the start time, and nothing starts before.
    w.asked_to_wake_at(starts, 1).await;
    assert!(w.fake.threads().is_empty());

    // The time comes: the event starts on its own, round 1 in two threads.
    w.clock.advance(2 * 3_600);
    let threads = w.threads_started(2).await;
    w.round_boards(general, 1, &threads).await;
    w.posted(general, |t| t.contains("round 1 of 2")).await;
    bot.stop().await;
}
