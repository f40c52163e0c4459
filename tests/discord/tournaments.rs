//! Tournaments (issue 22) end to end: `/focus tournament …` against the Discord stand-in, whose
//! server lets the bot start public threads. A Swiss of four is created, joined by command and
//! by the announcement's Join button, and started; each board of a round gets its message in
//! the channel, a thread started from it and the game's first board in the thread, and the
//! round's pairings are posted in the channel. The round is played out in the threads and the
//! next one is paired. Also: a start time wakes the sweeper, which starts the event on its own;
//! the server's tournament role lets a member create one; a channel where the bot may not
//! start threads is refused.
// Longer than 400 lines: whole tournaments end to end through the stand-in, scripted step by step.
//!
//! And a Swiss of nine in four rounds played by scripted players (moves, resignations, draws,
//! two time-outs, one of them a no-show), with a withdrawal, a late joiner, the bot killed in
//! the middle of a round and again while a round is half posted (Discord failing to start its
//! threads): every round is the pairing `focus-bot pair --dutch` makes of the exported TRF cut
//! to the rounds before it, and the standings are those the test computes from its own script.

use std::collections::{HashMap, HashSet};

use crate::support;

use focus_bot::pairing::{self, Entry, Pairing};
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
        // Issue 32: the post had its caption and no rows. The text table is there, for
        // screen readers: a line per player.
        assert_eq!(
            standings.text().lines().count(),
            1 + 4,
            "{}",
            standings.text()
        );
        for player in &players {
            assert!(
                standings.text().contains(&player.mention()),
                "{}",
                standings.text()
            );
        }
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

// ---- a Swiss of nine ------------------------------------------------------------------------

/// The players of the Swiss of nine, in joining order: eight at the start, then a late joiner.
const NINE: [&str; 9] = [
    "alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan",
];

/// [`guild`] with five more players: enough for a Swiss of nine and one who comes too late.
fn guild_of_ten() -> FakeGuild {
    guild()
        .with_human(9211, "frank")
        .with_human(9212, "grace")
        .with_human(9213, "heidi")
        .with_human(9214, "ivan")
        .with_human(9215, "judy")
}

/// How a scripted board ends. Both sides move first (`c4-d4`, `e4-d4`), except in a no-show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Script {
    /// White moves again (`b4-c4`) and Black resigns.
    WhiteWins,
    /// White resigns.
    BlackWins,
    /// White offers a draw, and Black accepts it by offering one too.
    Draw,
    /// White never moves again and loses on time: a game played.
    TimeOut,
    /// White never moves at all and loses on time: a forfeit, and White a no-show.
    NoShow,
}

impl Script {
    /// White's and Black's half points, and whether the game counts as played (C.04.1).
    fn result(self) -> (u32, u32, bool) {
        match self {
            Script::WhiteWins => (2, 0, true),
            Script::BlackWins | Script::TimeOut => (0, 2, true),
            Script::Draw => (1, 1, true),
            Script::NoShow => (0, 2, false),
        }
    }
}

/// A board as the bot paired it: its thread, White and Black.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Paired {
    thread: u64,
    white: u64,
    black: u64,
}

/// A board as the database holds it: round, board, result, and its game's thread and status.
type StoredBoard = (u32, u32, Option<String>, Option<i64>, Option<String>);

/// One round of one player, as the test played it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Took {
    /// A game: the opponent, the colour, the half points scored, played or a forfeit.
    Game {
        opponent: u64,
        white: bool,
        half: u32,
        played: bool,
    },
    /// The pairing-allocated bye: a point.
    Bye,
    /// A round before a late joiner joined: half a point.
    Missed,
    /// Not paired (withdrawn, or a no-show): nothing.
    Absent,
}

impl Took {
    fn half(self) -> u32 {
        match self {
            Took::Game { half, .. } => half,
            Took::Bye => 2,
            Took::Missed => 1,
            Took::Absent => 0,
        }
    }

    /// A voluntary unplayed round as `pairing::tiebreak` documents C.07's article 16: a
    /// half-point bye (a missed round), a forfeit lost, absence.
    fn voluntary(self) -> bool {
        match self {
            Took::Game { played, half, .. } => !played && half == 0,
            Took::Bye => false,
            Took::Missed | Took::Absent => true,
        }
    }
}

/// A line of the standings as the test computes them.
#[derive(Clone, Debug)]
struct Line {
    user: u64,
    number: u32,
    half: u32,
    /// Buchholz Cut-1, Buchholz, Sonneborn–Berger, in points.
    tie_breaks: [f64; 3],
    rank: u32,
}

/// The standings from each player's rounds, by C.07 as `pairing::tiebreak` documents it:
/// score (win 1, draw ½, forfeit won 1, pairing-allocated bye 1, missed round ½), then
/// Buchholz Cut-1, Buchholz and Sonneborn–Berger, where an unplayed round counts as a game
/// against a dummy opponent with the player's own score, a voluntary unplayed round counts as
/// a draw in the player's score as their opponents see it, and is the first value cut; then
/// the starting number. Each line has its own place in that one order (issue 32: a shared place
/// hid the row an opponent's number named, and the podium's text and picture disagreed).
fn standings_by_hand(numbers: &HashMap<u64, u32>, took: &HashMap<u64, Vec<Took>>) -> Vec<Line> {
    let score = |user: u64| -> u32 { took[&user].iter().map(|t| t.half()).sum() };
    let as_opponent = |user: u64| -> u32 {
        took[&user]
            .iter()
            .map(|t| if t.voluntary() { 1 } else { t.half() })
            .sum()
    };
    let mut lines: Vec<Line> = took
        .keys()
        .map(|&user| {
            let own = f64::from(score(user)) / 2.0;
            // (value, voluntary, half points scored) per round.
            let parts: Vec<(f64, bool, u32)> = took[&user]
                .iter()
                .map(|&t| match t {
                    Took::Game {
                        opponent,
                        played: true,
                        ..
                    } => (f64::from(as_opponent(opponent)) / 2.0, false, t.half()),
                    _ => (own, t.voluntary(), t.half()),
                })
                .collect();
            let buchholz: f64 = parts.iter().map(|p| p.0).sum();
            let least = |voluntary_only: bool| {
                parts
                    .iter()
                    .filter(|p| !voluntary_only || p.1)
                    .map(|p| p.0)
                    .reduce(f64::min)
            };
            let cut = buchholz - least(true).or_else(|| least(false)).unwrap_or(0.0);
            let sonneborn_berger = parts.iter().map(|p| p.0 * f64::from(p.2) / 2.0).sum();
            Line {
                user,
                number: numbers[&user],
                half: score(user),
                tie_breaks: [cut, buchholz, sonneborn_berger],
                rank: 0,
            }
        })
        .collect();
    lines.sort_by(|a, b| {
        b.half
            .cmp(&a.half)
            .then_with(|| b.tie_breaks.partial_cmp(&a.tie_breaks).expect("no NaN"))
            .then(a.number.cmp(&b.number))
    });
    for (i, line) in lines.iter_mut().enumerate() {
        line.rank = i as u32 + 1;
    }
    lines
}

/// Points as the standings write them: `3`, `2½`, `½`, `0`.
fn points_text(half: u32) -> String {
    match (half / 2, half % 2) {
        (0, 1) => "½".to_owned(),
        (whole, 1) => format!("{whole}½"),
        (whole, _) => whole.to_string(),
    }
}

/// A tie-break value as the standings write it: in points and quarters (`6¾`, `¼`), as
/// scores are written (issue 32: `6.75` beside `½`), or with two decimals.
fn value_text(value: f64) -> String {
    let quarters = value * 4.0;
    if quarters.fract() != 0.0 {
        return format!("{value:.2}");
    }
    let quarters = quarters as u32;
    let fraction = ["", "¼", "½", "¾"][(quarters % 4) as usize];
    match quarters / 4 {
        0 if !fraction.is_empty() => fraction.to_owned(),
        whole => format!("{whole}{fraction}"),
    }
}

/// The starting number of each player in the exported `trf`, by the name the bot shows.
fn numbers_in(trf: &str, players: &[FakeUser]) -> HashMap<u64, u32> {
    let t = pairing::trf::parse(trf).expect("the export is a valid TRF");
    players
        .iter()
        .filter_map(|p| {
            t.players
                .iter()
                .find(|entry| entry.name == shown(p))
                .map(|entry| (p.id, entry.id))
        })
        .collect()
}

/// The name the bot shows for `user` (thread names, the TRF): their display name.
fn shown(user: &FakeUser) -> String {
    let mut chars = user.name.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// Round `round` as `focus-bot pair --dutch` pairs `trf` (exported while the round is played)
/// cut to the rounds before it, the players `out` (starting numbers) entered in advance as
/// not paired in it, as a TRF marks a withdrawal (`0000 - Z`): the same reading of the file
/// and the same call as the command's.
fn dutch_pairs(trf: &str, round: u32, out: &[u32]) -> Vec<Pairing> {
    let mut t = pairing::trf::parse(trf).expect("the export is a valid TRF");
    let before = round as usize - 1;
    for player in &mut t.players {
        player.entries.resize(before, Entry::Absent);
        if out.contains(&player.id) {
            player.entries.push(Entry::Bye { half_points: 0 });
        }
    }
    let cut = pairing::trf::write(&t);
    let file = pairing::trf::read(&cut).expect("the cut file is a valid TRF");
    let t = &file.tournament;
    assert_eq!(t.rounds_paired() + 1, round, "the next round of {cut}");
    pairing::dutch::pair(t, round, &t.to_pair_in(round)).expect("a legal pairing")
}

impl World {
    /// `user`'s export of the tournament of `channel`: the TRF attached to the answer.
    async fn export(&self, user: &FakeUser, channel: u64) -> String {
        let export = self.tournament(user, channel, "export", json!({})).await;
        let export = if export.files.is_empty() {
            self.fake
                .reply_to(export.interaction_id.expect("an interaction"), WAIT)
                .await
        } else {
            export
        };
        assert_eq!(export.files.len(), 1, "{export:?}");
        assert_eq!(export.files[0].0, "focus-tournament-1.trf");
        String::from_utf8(export.files[0].1.clone()).expect("a text file")
    }

    /// Round `round`'s boards in `threads` (see [`World::round_boards`]), in board order: each
    /// thread named after the round and its players, and started from the board's message.
    async fn boards_of(
        &self,
        channel: u64,
        round: u32,
        threads: &[FakeThread],
        by_id: &HashMap<u64, FakeUser>,
    ) -> Vec<Paired> {
        let boards: Vec<Paired> = self
            .round_boards(channel, round, threads)
            .await
            .into_iter()
            .map(|(thread, white, black)| Paired {
                thread,
                white,
                black,
            })
            .collect();
        for (i, (board, thread)) in boards.iter().zip(threads).enumerate() {
            let (white, black) = (&by_id[&board.white], &by_id[&board.black]);
            assert_eq!(
                thread.name,
                format!(
                    "Spring Swiss · R{round} · {} vs {}",
                    shown(white),
                    shown(black)
                )
            );
            let message = self
                .fake
                .message(board.thread)
                .expect("the board's message");
            let text = message["content"].as_str().unwrap_or_default();
            assert!(
                text.contains(&format!("round {round}, board {}:", i + 1)),
                "{text}"
            );
        }
        boards
    }

    /// Plays `board` by `script`, in its thread; a time-out is only prepared (White to move).
    async fn play_board(&self, board: Paired, script: Script, by_id: &HashMap<u64, FakeUser>) {
        let (white, black) = (&by_id[&board.white], &by_id[&board.black]);
        if script == Script::NoShow {
            return;
        }
        let thread = board.thread;
        self.clock.advance(30);
        self.in_thread(white, thread, "move", json!({ "move": "c4-d4" }))
            .await;
        self.clock.advance(30);
        self.in_thread(black, thread, "move", json!({ "move": "e4-d4" }))
            .await;
        match script {
            Script::WhiteWins => {
                self.in_thread(white, thread, "move", json!({ "move": "b4-c4" }))
                    .await;
                self.in_thread(black, thread, "resign", json!({})).await;
            }
            Script::BlackWins => self.in_thread(white, thread, "resign", json!({})).await,
            Script::Draw => {
                self.in_thread(white, thread, "draw", json!({})).await;
                self.in_thread(black, thread, "draw", json!({})).await;
            }
            Script::TimeOut | Script::NoShow => {}
        }
    }

    /// Lets the day of the move pass: the sweeper ends the game of `board`, whose White ran
    /// out of time, and says so in its thread.
    async fn time_out(&self, board: Paired) {
        self.clock.advance(86_400 + 60);
        let lost = self
            .posted(board.thread, |t| t.contains("ran out of time"))
            .await;
        assert!(
            lost.text()
                .contains(&format!("**<@{}> ran out of time**", board.white)),
            "{}",
            lost.text()
        );
    }
}

/// Issue 22's end-to-end check. Round 1: eight players, four boards, no bye; the fourth
/// board's White never moves (a no-show). Round 2: seven and a bye; the bot is killed after
/// the first game and restarted; the second game's Black withdraws and a ninth player joins
/// late. Round 3: seven and a bye; Discord fails to start threads after the first board's, the
/// bot is killed and restarted, and the two boards left get theirs on the retry. Round 4:
/// seven and a bye; the last game is lost on time after both sides moved.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_of_nine_in_four_rounds_with_a_late_joiner_a_withdrawal_and_restarts_pairs_as_dutch()
 {
    let mut w = World::with_guild_at(guild_of_ten(), T0).await;
    let mut bot = w.start_bot().await;
    let general = w.fake.channel("general");
    let owner = w.fake.user("owner");
    let players: Vec<FakeUser> = NINE.iter().map(|name| w.fake.user(name)).collect();
    let by_id: HashMap<u64, FakeUser> = players.iter().map(|p| (p.id, p.clone())).collect();
    let late = players[8].clone();

    // A Swiss of four rounds, a day a move; eight players join and the director starts it.
    let create = json!({
        "name": "Spring Swiss",
        "format": w.tournament_choice("create", "format", "Swiss"),
        "rounds": 4,
        "days": w.fake.choice("challenge", "days", "1 day"),
    });
    let announcement = w.tournament(&owner, general, "create", create).await;
    assert!(!announcement.ephemeral(), "{}", announcement.text());
    for player in &players[..8] {
        let r = w.tournament(player, general, "join", json!({})).await;
        assert!(!r.ephemeral(), "{}", r.text());
        assert!(r.text().contains(&player.mention()), "{}", r.text());
    }
    let started = w.tournament(&owner, general, "start", json!({})).await;
    assert!(started.text().contains("has started"), "{}", started.text());

    // What the bot paired and the test played, round by round; who sat out which round.
    let mut rounds: Vec<(Vec<Paired>, Vec<Script>, Option<u64>)> = Vec::new();
    let mut threads_so_far = 0;

    // ---- Round 1: eight players, four boards and no bye. Three games are played to a
    // result; on the fourth, White never moves, loses on time and is withdrawn (a no-show).
    let threads = w.threads_started(4).await;
    let boards = w.boards_of(general, 1, &threads, &by_id).await;
    let pairings = w.posted(general, |t| t.contains("round 1 of 4:")).await;
    check_pairings_text(pairings.text(), 1, &boards, &[]);
    let bye = bye_in(pairings.text());
    assert_eq!((boards.len(), bye), (4, None));
    let trf = w.export(&owner, general).await;
    let numbers = numbers_in(&trf, &players);
    let expected_numbers: HashMap<u64, u32> = players[..8]
        .iter()
        .zip(1..)
        .map(|(p, n)| (p.id, n))
        .collect();
    assert_eq!(
        numbers, expected_numbers,
        "starting numbers by joining order"
    );
    check_round(&trf, 1, &[], &numbers, &boards, bye);
    let script = [
        Script::WhiteWins,
        Script::Draw,
        Script::BlackWins,
        Script::NoShow,
    ];
    for (board, play) in boards.iter().zip(script) {
        w.play_board(*board, play, &by_id).await;
    }
    w.time_out(boards[3]).await;
    let no_show = boards[3].white;
    let told = w.fake.reply_where(WAIT, |r| r.dm_to == Some(no_show)).await;
    assert!(
        told.text()
            .contains("You lost on time without making a move in round 1"),
        "{}",
        told.text()
    );
    rounds.push((boards, script.to_vec(), bye));
    threads_so_far += 4;

    // ---- Round 2: seven players (the no-show is not paired), three boards and a bye. The bot
    // is killed mid-round and restarted; a player withdraws and a ninth joins late.
    let threads = w.threads_started(threads_so_far + 3).await;
    let boards = w
        .boards_of(general, 2, &threads[threads_so_far..], &by_id)
        .await;
    let pairings = w.posted(general, |t| t.contains("round 2 of 4:")).await;
    check_pairings_text(pairings.text(), 2, &boards, &[]);
    let bye = bye_in(pairings.text());
    assert_eq!(boards.len(), 3);
    let trf = w.export(&owner, general).await;
    check_round(&trf, 2, &[no_show], &numbers, &boards, bye);
    let script = [Script::BlackWins, Script::Draw, Script::WhiteWins];
    w.play_board(boards[0], script[0], &by_id).await;
    bot.kill().await;
    bot = w.start_bot().await;
    w.play_board(boards[1], script[1], &by_id).await;
    // Black of the drawn game withdraws: their games count, no more pairings.
    let withdrawn = boards[1].black;
    let r = w
        .tournament(&by_id[&withdrawn], general, "withdraw", json!({}))
        .await;
    assert!(!r.ephemeral(), "{}", r.text());
    assert!(
        r.text()
            .contains(&format!("<@{withdrawn}> withdrew from **Spring Swiss**")),
        "{}",
        r.text()
    );
    // The ninth joins while round 2 is played: paired from round 3, half a point a round
    // missed.
    let joined = w.tournament(&late, general, "join", json!({})).await;
    assert!(
        joined.text().contains(&format!(
            "{} joined **Spring Swiss** late: paired from round 3, with ½ point for each round \
             missed.",
            late.mention()
        )),
        "{}",
        joined.text()
    );
    // Round 3 will be half posted: Discord fails to start threads after its first board's.
    w.fake.fail_threads_after(1);
    w.play_board(boards[2], script[2], &by_id).await;
    rounds.push((boards, script.to_vec(), bye));
    threads_so_far += 3;

    // ---- Round 3: 8 − the no-show − the withdrawn + the late joiner = seven, three boards
    // and a bye. The first board gets its thread; the two others' messages are posted but
    // their threads fail, and the pairings are posted so. The bot is killed then, and a new
    // one started once Discord works again.
    let failed_threads = |requests: &[support::discord::RequestRecord]| {
        requests
            .iter()
            .filter(|r| r.method == "POST" && r.path.ends_with("/threads") && r.status == 500)
            .count()
    };
    w.fake
        .wait_requests(WAIT, |requests| failed_threads(requests) >= 2)
        .await;
    let pairings = w.posted(general, |t| t.contains("round 3 of 4:")).await;
    bot.kill().await;
    assert_eq!(w.fake.threads().len(), threads_so_far + 1);
    w.fake.allow_threads();
    bot = w.start_bot().await;
    // The two boards' notices are retried a minute after they failed.
    w.clock.advance(60);
    let threads = w.threads_started(threads_so_far + 3).await;
    assert_eq!(failed_threads(&w.fake.requests()), 2);
    let boards = w
        .boards_of(general, 3, &threads[threads_so_far..], &by_id)
        .await;
    // The pairings were posted before the restart: boards 2 and 3 without their threads yet.
    check_pairings_text(pairings.text(), 3, &boards, &[2, 3]);
    let bye = bye_in(pairings.text());
    assert_eq!(boards.len(), 3);
    let trf = w.export(&owner, general).await;
    let numbers = numbers_in(&trf, &players);
    let mut expected_numbers = expected_numbers;
    expected_numbers.insert(late.id, 9);
    assert_eq!(numbers, expected_numbers, "the late joiner is number 9");
    check_round(&trf, 3, &[no_show, withdrawn], &numbers, &boards, bye);
    // Too late now: more than half the rounds have begun.
    let judy = w.fake.user("judy");
    let refused = w.tournament(&judy, general, "join", json!({})).await;
    assert!(refused.ephemeral(), "{refused:?}");
    assert!(
        refused.text().contains("no longer takes players"),
        "{}",
        refused.text()
    );
    let script = [Script::Draw, Script::WhiteWins, Script::BlackWins];
    for (board, play) in boards.iter().zip(script) {
        w.play_board(*board, play, &by_id).await;
    }
    rounds.push((boards, script.to_vec(), bye));
    threads_so_far += 3;

    // ---- Round 4: seven players, three boards and a bye; the last game is lost on time
    // after each side moved, a game played.
    let threads = w.threads_started(threads_so_far + 3).await;
    let boards = w
        .boards_of(general, 4, &threads[threads_so_far..], &by_id)
        .await;
    let pairings = w.posted(general, |t| t.contains("round 4 of 4:")).await;
    check_pairings_text(pairings.text(), 4, &boards, &[]);
    let bye = bye_in(pairings.text());
    let trf = w.export(&owner, general).await;
    check_round(&trf, 4, &[no_show, withdrawn], &numbers, &boards, bye);
    let script = [Script::WhiteWins, Script::Draw, Script::TimeOut];
    for (board, play) in boards.iter().zip(script) {
        w.play_board(*board, play, &by_id).await;
    }
    w.time_out(boards[2]).await;
    rounds.push((boards, script.to_vec(), bye));
    threads_so_far += 3;
    assert_eq!(threads_so_far, 13);

    // The event is over: the final standings with the crosstable in the channel.
    let over = w.posted(general, |t| t.contains("is over")).await;
    check_picture(&over);
    assert_eq!(over.text().lines().count(), 1 + 9, "{}", over.text());

    // Who took what in each round, from the pairings seen and the results scripted.
    let mut took: HashMap<u64, Vec<Took>> = players
        .iter()
        .map(|p| (p.id, vec![Took::Absent; 4]))
        .collect();
    took.insert(
        late.id,
        vec![Took::Missed, Took::Missed, Took::Absent, Took::Absent],
    );
    for (round, (boards, script, bye)) in rounds.iter().enumerate() {
        for (board, play) in boards.iter().zip(script) {
            let (white, black, played) = play.result();
            took.get_mut(&board.white).expect("a player")[round] = Took::Game {
                opponent: board.black,
                white: true,
                half: white,
                played,
            };
            took.get_mut(&board.black).expect("a player")[round] = Took::Game {
                opponent: board.white,
                white: false,
                half: black,
                played,
            };
        }
        if let Some(bye) = bye {
            took.get_mut(bye).expect("a player")[round] = Took::Bye;
        }
    }
    // The bye: none in round 1 (eight players), one in each other round, never twice to a
    // player, never to one who is out.
    let byes: Vec<Option<u64>> = rounds.iter().map(|(_, _, bye)| *bye).collect();
    assert_eq!(byes[0], None);
    let given: HashSet<u64> = byes[1..].iter().map(|b| b.expect("a bye")).collect();
    assert_eq!(given.len(), 3, "{byes:?}");
    assert!(!given.contains(&no_show) && !given.contains(&withdrawn));
    // Everyone's rounds are all accounted for: the no-show and the withdrawn player are not
    // paired after they left, the late joiner not before round 3.
    assert_eq!(
        took[&no_show][1..],
        [Took::Absent, Took::Absent, Took::Absent]
    );
    assert_eq!(took[&withdrawn][2..], [Took::Absent, Took::Absent]);
    for (user, rounds) in &took {
        if ![no_show, withdrawn].contains(user) {
            assert!(!rounds.contains(&Took::Absent), "{user}: {rounds:?}");
        }
    }

    // The standings computed here; the bot's text of them (for screen readers) line by line.
    let table = standings_by_hand(&numbers, &took);
    let row_of: HashMap<u64, usize> = table
        .iter()
        .enumerate()
        .map(|(i, line)| (line.user, i + 1))
        .collect();
    let expected: Vec<String> = table
        .iter()
        .map(|line| {
            let [cut, buchholz, sonneborn_berger] = line.tie_breaks;
            let cells: Vec<String> = took[&line.user]
                .iter()
                .enumerate()
                .map(|(round, t)| {
                    let cell = match *t {
                        Took::Game {
                            opponent,
                            white,
                            half,
                            played,
                        } => {
                            let colour = if white { "White" } else { "Black" };
                            let mark = match (played, half) {
                                (true, 2) => "1",
                                (true, 1) => "½",
                                (true, _) => "0",
                                (false, 2) => "+",
                                (false, _) => "−",
                            };
                            format!("{} {colour} {mark}", row_of[&opponent])
                        }
                        Took::Bye => "+1".to_owned(),
                        Took::Missed => "½".to_owned(),
                        Took::Absent => "–".to_owned(),
                    };
                    format!("{}: {cell}", round + 1)
                })
                .collect();
            format!(
                "{}. <@{}> — {}; BH-C1 {}; BH {}; SB {} · {}",
                line.rank,
                line.user,
                points_text(line.half),
                value_text(cut),
                value_text(buchholz),
                value_text(sonneborn_berger),
                cells.join(", ")
            )
        })
        .collect();
    let standings = w
        .tournament(&players[0], general, "standings", json!({}))
        .await;
    let text: Vec<&str> = standings.text().lines().collect();
    let at = |rank: u32| -> Vec<String> {
        table
            .iter()
            .filter(|l| l.rank == rank)
            .map(|l| format!("<@{}>", l.user))
            .collect()
    };
    let (first, second) = (at(1), at(1 + at(1).len() as u32));
    let third = at(1 + (first.len() + second.len()) as u32);
    let podium = |medal: &str, users: &[String]| {
        if users.is_empty() {
            String::new()
        } else {
            format!(", {medal} {}", users.join(", "))
        }
    };
    assert_eq!(
        text[0],
        format!(
            "🏆 **Spring Swiss** is over. 🥇 {}{}{}",
            first.join(", "),
            podium("🥈", &second),
            podium("🥉", &third)
        )
    );
    assert_eq!(text[1..], expected[..], "{}", standings.text());
    check_picture(&standings);

    // The final TRF by its columns: each player's name, points, place and rounds.
    let trf = w.export(&owner, general).await;
    let lines: Vec<&str> = trf.lines().filter(|l| l.starts_with("001")).collect();
    assert_eq!(lines.len(), 9, "{trf}");
    let user_of: HashMap<u32, u64> = numbers.iter().map(|(&u, &n)| (n, u)).collect();
    for line in lines {
        let columns = |from: usize, to: usize| -> String {
            line.chars()
                .skip(from - 1)
                .take(to + 1 - from)
                .collect::<String>()
                .trim()
                .to_owned()
        };
        let number: u32 = columns(5, 8).parse().expect("a starting number");
        let user = user_of[&number];
        let line_of = table.iter().position(|l| l.user == user).expect("a line");
        assert_eq!(columns(15, 47), shown(&by_id[&user]));
        let half = table[line_of].half;
        assert_eq!(columns(81, 84), format!("{}.{}", half / 2, 5 * (half % 2)));
        assert_eq!(columns(86, 89), (line_of + 1).to_string(), "{line}");
        for (round, t) in took[&user].iter().enumerate() {
            let block = columns(92 + 10 * round, 99 + 10 * round);
            let wanted = match *t {
                Took::Game {
                    opponent,
                    white,
                    half,
                    played,
                } => {
                    let result = match (played, half) {
                        (true, 2) => '1',
                        (true, 1) => '=',
                        (true, _) => '0',
                        (false, 2) => '+',
                        (false, _) => '-',
                    };
                    let colour = if white { 'w' } else { 'b' };
                    format!("{:>4} {colour} {result}", numbers[&opponent])
                }
                Took::Bye => "0000 - U".to_owned(),
                Took::Missed => "0000 - H".to_owned(),
                Took::Absent => String::new(),
            };
            assert_eq!(block.trim(), wanted.trim(), "round {} of {line}", round + 1);
        }
    }
    // And `pair --check` finds every round of it identical.
    let read = pairing::trf::parse(&trf).expect("the final TRF");
    let checks = pairing::check(&read, pairing::System::Dutch);
    assert_eq!(checks.len(), 4);
    assert!(checks.iter().all(|c| c.identical()), "{checks:?}");

    // Through both restarts: every round paired once, every board posted once with one
    // thread, every game in its board's thread, none lost.
    bot.stop().await;
    for round in 1..=4u32 {
        let messages = w.fake.channel_messages(general);
        let count = |needle: &str| {
            messages
                .iter()
                .filter(|m| m["content"].as_str().is_some_and(|c| c.contains(needle)))
                .count()
        };
        assert_eq!(
            count(&format!("round {round} of 4:")),
            1,
            "round {round}'s pairings"
        );
        let boards = rounds[round as usize - 1].0.len();
        assert_eq!(count(&format!("round {round}, board ")), boards);
    }
    assert_eq!(w.fake.threads().len(), threads_so_far);
    let db =
        rusqlite::Connection::open_with_flags(&w.db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
            .expect("open the database read-only");
    let paired: i64 = db
        .query_row(
            "SELECT count(*) FROM tournament_log WHERE action = 'pair'",
            [],
            |r| r.get(0),
        )
        .expect("the log");
    assert_eq!(paired, 4, "each round paired once");
    let mut stmt = db
        .prepare(
            "SELECT p.round, p.board, p.result, g.channel_id, g.status FROM tournament_pairings p \
             LEFT JOIN games g ON g.id = p.game_id ORDER BY p.round, p.board",
        )
        .expect("the boards");
    let stored: Vec<StoredBoard> = stmt
        .query_map([], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
        })
        .expect("query")
        .collect::<rusqlite::Result<_>>()
        .expect("rows");
    assert_eq!(stored.len(), 16, "{stored:?}");
    for (round, board, result, thread, status) in &stored {
        let (boards, _, _) = &rounds[*round as usize - 1];
        assert!(result.is_some(), "{stored:?}");
        match boards.get(*board as usize - 1) {
            Some(b) => {
                assert_eq!(*thread, Some(b.thread as i64), "{stored:?}");
                assert_eq!(status.as_deref(), Some("finished"), "{stored:?}");
            }
            // The bye, after the games: no game, no thread.
            None => assert_eq!((result.as_deref(), *thread), (Some("bye"), None)),
        }
    }
    let games: i64 = db
        .query_row("SELECT count(*) FROM games", [], |r| r.get(0))
        .expect("the games");
    assert_eq!(games, 13);
}

/// Checks the standings picture attached to `reply`: the crosstable of nine players, four
/// rounds and three tie-breaks, 640 × 436 (its least width; 48 title + 42 header + 9 × 34 rows
/// + 40 legend), and drawn on.
fn check_picture(reply: &Reply) {
    assert_eq!(png_size(reply), (640, 436));
    let picture = image::load_from_memory(&reply.files[0].1)
        .expect("a PNG")
        .to_rgb8();
    let background = *picture.get_pixel(0, 0);
    let drawn = picture.pixels().filter(|p| **p != background).count();
    let colours: HashSet<[u8; 3]> = picture.pixels().map(|p| p.0).collect();
    assert!(drawn > 640 * 436 / 10, "{drawn} pixels drawn");
    assert!(colours.len() > 16, "{} colours", colours.len());
}

/// The bye of a round's pairings text, if any.
fn bye_in(text: &str) -> Option<u64> {
    text.lines()
        .filter(|l| l.starts_with("Bye: "))
        .flat_map(mentioned)
        .next()
}

/// Checks a round's pairings text: each board's line, with its thread unless `waiting`.
fn check_pairings_text(text: &str, round: u32, boards: &[Paired], waiting: &[usize]) {
    assert!(text.contains(&format!("round {round} of 4:")), "{text}");
    for (i, board) in boards.iter().enumerate() {
        let place = if waiting.contains(&(i + 1)) {
            "the thread is being started".to_owned()
        } else {
            format!("<#{}>", board.thread)
        };
        let line = format!(
            "{}. <@{}> – <@{}> · {place}",
            i + 1,
            board.white,
            board.black
        );
        assert!(text.contains(&line), "{line} in {text}");
    }
}

/// Checks round `round` as the bot paired it (`boards` in board order, `bye`) against
/// [`dutch_pairs`] of `trf`, `out` sitting it out.
fn check_round(
    trf: &str,
    round: u32,
    out: &[u64],
    numbers: &HashMap<u64, u32>,
    boards: &[Paired],
    bye: Option<u64>,
) {
    let out: Vec<u32> = out.iter().map(|u| numbers[u]).collect();
    let mut bot: Vec<Pairing> = boards
        .iter()
        .map(|b| Pairing::Game {
            white: numbers[&b.white],
            black: numbers[&b.black],
        })
        .collect();
    bot.extend(bye.map(|u| Pairing::Bye(numbers[&u])));
    assert_eq!(bot, dutch_pairs(trf, round, &out), "round {round} of {trf}");
}
