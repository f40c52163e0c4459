//! Ratings, the leaderboard and player stats (issue 7) end to end: the real bot
//! (`focus_bot::discord::run_with_clock`) against the local Discord stand-in
//! (`tests/support/discord.rs`), with a temporary database and a [`ManualClock`].
// Longer than 400 lines: ratings end to end: the tests share the bot, the stand-in and the games
// they play.
//!
//! Rated games are played through slash commands and buttons, and the rating changes in their
//! end messages are checked against values computed independently by
//! `python3 tests/support/glicko2_reference.py` (its `rate` function, written from Glickman's
//! paper; the inputs and outputs are written next to each expected value). For the leaderboard
//! tests, which need many players with settled ratings, the players' records are written
//! straight into the bot's SQLite file (the `players` table, migrations/0004_ratings.sql)
//! before the bot starts: see [`seed`].

use crate::support;

use std::path::Path;

use serde_json::{Value, json};
use support::bot::{WAIT, WorldOf};

/// The world of this module's tests, a type of its own for the helpers below (see [`WorldOf`]).
type World = WorldOf<Ratings>;
enum Ratings {}
use support::discord::{FakeDiscord, FakeGuild, FakeUser, Reply, ReplyKind, mention};

/// One day, in seconds.
const DAY: i64 = 86_400;
/// One rating period (a week), in seconds.
const WEEK: i64 = 7 * DAY;
/// Where the clock starts: 2026-03-02 09:00 UTC.
const T0: i64 = 1_772_442_000;
/// Legal plies from the standard start, White first.
const OPENING: [&str; 3] = ["c4-d4", "e4-d4", "b4-c4"];
/// A set-up position (the rules note's worked example), White to move.
const SETUP: &str = ".,.,.,./.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,wbw,.,wbwb,b,.,./.,.,.,.,.,.,.,./.,.,.,.,wb,.,.,./.,.,.,.,.,./.,.,.,. w 0 0 13 13";
/// The paging buttons' labels.
const PREVIOUS: &str = "◀ Previous";
const NEXT: &str = "Next ▶";
/// The leaderboard of a server without a rated game.
const EMPTY_LEADERBOARD: &str = "**Leaderboard**\nNobody here has finished a rated game yet: \
    challenge someone with /focus challenge.";
/// The place of a provisional player in their stats.
const PROVISIONAL: &str = "provisional: ranked once the deviation is under 110";

// ---- the bot ------------------------------------------------------------------------------------

impl World {
    /// Moves the clock forward by `seconds`.
    fn advance(&self, seconds: i64) {
        self.clock.advance(seconds);
    }

    /// `user` plays `mv` in the game of `channel`.
    async fn play(&self, user: &FakeUser, channel: u64, mv: &str) -> Reply {
        let r = self
            .slash(user, channel, "focus move", json!({ "move": mv }))
            .await;
        assert!(!r.ephemeral(), "{mv} by {}: {}", user.name, r.text());
        r
    }

    /// The value of the choice called `name` of option `option` of `/focus challenge`.
    fn choice(&self, option: &str, name: &str) -> Value {
        self.fake.choice("challenge", option, name)
    }

    /// A game of `white` (the challenger) against `black` in `channel`, with the challenge's
    /// `extra` options (`days` as a choice name, `rated`, `position`); the clock moves 100 s
    /// first, so that every game ends at its own time. Returns the game's number, and checks
    /// the challenge's terms line against `terms`.
    async fn start_game(
        &self,
        white: &FakeUser,
        black: &FakeUser,
        channel: u64,
        extra: Value,
        terms: &str,
    ) -> i64 {
        self.advance(100);
        let mut options = json!({
            "opponent": black.id,
            "color": self.choice("color", "white"),
        });
        for (name, value) in extra.as_object().expect("extra options").clone() {
            let value = if name == "days" {
                self.choice("days", value.as_str().expect("a days choice name"))
            } else {
                value
            };
            options[name] = value;
        }
        let challenge = self.slash(white, channel, "focus challenge", options).await;
        assert!(!challenge.ephemeral(), "{}", challenge.text());
        let second_line = challenge.text().lines().nth(1).unwrap_or_default();
        // The terms name the challenger where they say `{challenger}`.
        let terms = terms.replace("{challenger}", &mention(white));
        assert_eq!(second_line, terms, "{}", challenge.text());
        let accept = challenge.custom_ids()[0].clone();
        assert!(accept.starts_with("focus:accept:"), "{accept}");
        let message = challenge.message_id.expect("the challenge's message");
        let id = self.fake.click(black, channel, message, &accept).await;
        let update = self.fake.reply_to(id, WAIT).await;
        assert_eq!(update.kind, ReplyKind::Callback(7), "{update:?}");
        let started = self.fake.reply_to(id, WAIT).await;
        assert_eq!(started.kind, ReplyKind::Followup);
        started
            .text()
            .strip_prefix("**Game ")
            .and_then(|t| t.split_once(' '))
            .and_then(|(n, _)| n.parse().ok())
            .unwrap_or_else(|| panic!("no game number in {:?}", started.text()))
    }

    /// `user` resigns the game of `channel`; the public answer (with the board picture).
    async fn resign(&self, user: &FakeUser, channel: u64) -> Reply {
        self.advance(100);
        let r = self.slash(user, channel, "focus resign", json!({})).await;
        assert!(!r.ephemeral(), "{}", r.text());
        assert_eq!(r.files.len(), 1, "the board picture: {r:?}");
        r
    }

    /// The next message the bot posted on its own (not as an answer) in `channel`.
    async fn post_in(&self, channel: u64) -> Reply {
        self.fake
            .reply_where(WAIT, |r| {
                r.kind == ReplyKind::ChannelMessage && r.channel_id == Some(channel)
            })
            .await
    }

    /// `/focus leaderboard` by `user` (with `options`, e.g. a page); the answer, checked to
    /// be a public message that pings nobody.
    ///
    /// The bot defers first (membership lookups may take a while) and then fills the
    /// "thinking" message.
    async fn leaderboard(&self, user: &FakeUser, channel: u64, options: Value) -> Reply {
        let id = self
            .fake
            .slash(user, channel, "focus leaderboard", options)
            .await;
        let deferred = self.fake.reply_to(id, WAIT).await;
        assert_eq!(deferred.kind, ReplyKind::Callback(5), "{deferred:?}");
        assert!(!deferred.ephemeral());
        let r = self.fake.reply_to(id, WAIT).await;
        assert_eq!(r.kind, ReplyKind::Followup, "{r:?}");
        assert_eq!(
            r.message_id, deferred.message_id,
            "fills the deferred message"
        );
        assert!(!r.ephemeral(), "{}", r.text());
        pings_nobody(&r);
        r
    }

    /// `user` clicks the leaderboard button `custom_id` of `message`: the bot acknowledges
    /// the click (a deferred update) and then edits that message; the edit.
    async fn click_page(
        &self,
        user: &FakeUser,
        channel: u64,
        message: u64,
        custom_id: &str,
    ) -> Reply {
        let id = self.fake.click(user, channel, message, custom_id).await;
        let ack = self.fake.reply_to(id, WAIT).await;
        assert_eq!(ack.kind, ReplyKind::Callback(6), "{ack:?}");
        let edit = self.fake.reply_to(id, WAIT).await;
        assert_eq!(edit.kind, ReplyKind::EditOriginal, "{edit:?}");
        assert_eq!(edit.message_id, Some(message));
        pings_nobody(&edit);
        edit
    }

    /// `/focus stats` by `asker`, about `user` (themselves with `None`); the text, checked to
    /// ping nobody.
    async fn stats(&self, asker: &FakeUser, channel: u64, user: Option<&FakeUser>) -> String {
        let options = match user {
            Some(u) => json!({ "user": u.id }),
            None => json!({}),
        };
        let r = self.slash(asker, channel, "focus stats", options).await;
        assert_eq!(r.kind, ReplyKind::Callback(4), "{r:?}");
        pings_nobody(&r);
        r.text().to_owned()
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

/// Asserts that `reply` sets `allowed_mentions` so that it may ping exactly `users`: nobody
/// else, and nobody by kind (`@everyone`, roles). Without `allowed_mentions` Discord would
/// ping every user mentioned in the text.
fn pings_only(reply: &Reply, users: &[&FakeUser]) {
    let mentions = reply
        .allowed_mentions
        .as_ref()
        .unwrap_or_else(|| panic!("no allowed_mentions: everyone mentioned is pinged: {reply:?}"));
    let ids: Vec<u64> = users.iter().map(|u| u.id).collect();
    assert_eq!(pinged(reply), ids, "{reply:?}");
    for kind in ["parse", "roles"] {
        assert!(
            mentions[kind].as_array().is_none_or(|p| p.is_empty()),
            "{kind}: {mentions}"
        );
    }
}

fn pings_nobody(reply: &Reply) {
    pings_only(reply, &[]);
}

/// A button as sent: `(custom_id, label, disabled)`.
type Button = (String, String, bool);

/// The buttons of a reply's components, row by row.
fn buttons_of(components: &Value) -> Vec<Button> {
    components
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

/// The paging buttons expected on page `page` of `pages`.
fn paging(page: u32, pages: u32) -> Vec<Button> {
    vec![
        (
            format!("focus:ladder:{}", page.saturating_sub(1).max(1)),
            PREVIOUS.to_owned(),
            page == 1,
        ),
        (
            format!("focus:ladder:{}", (page + 1).min(pages)),
            NEXT.to_owned(),
            page == pages,
        ),
    ]
}

/// A leaderboard line: rank (`None`: provisional), player, rating as shown, games, record.
fn ladder_line(rank: Option<u32>, user: u64, shown: &str, games: u32, record: Record) -> String {
    let rank = rank.map_or_else(|| "`   ?`".to_owned(), |r| format!("`{r:>3}.`"));
    let word = if games == 1 { "game" } else { "games" };
    let (w, l, d) = record;
    format!("{rank} <@{user}> · **{shown}** · {games} {word} · {w}-{l}-{d}")
}

/// The leaderboard's first line.
fn ladder_header(page: u32, pages: u32, ranked: u32, provisional: u32) -> String {
    format!(
        "**Leaderboard** · page {page} of {pages} · {ranked} ranked, {provisional} provisional \
         (`?`: rating not yet settled)"
    )
}

// ---- seeding the database ------------------------------------------------------------------------

/// Wins, losses, draws.
type Record = (u32, u32, u32);

/// A player's record written straight into the database before the bot starts.
#[derive(Clone, Copy, Debug)]
struct Seed {
    user: u64,
    rating: f64,
    deviation: f64,
    /// When their last rated game ended (`None`: only unrated games).
    rated_at: Option<i64>,
    games: u32,
    record: Record,
}

impl Seed {
    /// An established player (volatility 0.06) whose last rated game ended a day before T0.
    fn rated(user: u64, rating: f64, deviation: f64, games: u32, record: Record) -> Seed {
        Seed {
            user,
            rating,
            deviation,
            rated_at: Some(T0 - DAY),
            games,
            record,
        }
    }
}

/// Writes `seeds` into the `players` table of `guild` in the database at `db`, creating it
/// with the bot's own schema first (`Store::open` migrates). Every seeded game was rated,
/// except for players without `rated_at`. When the schema keeps `provisional_from` (the time
/// a player becomes provisional without further games), it is written too, computed here.
fn seed(db: &Path, guild: u64, seeds: &[Seed]) {
    drop(focus_bot::store::Store::open(db).expect("create the database"));
    let conn = rusqlite::Connection::open(db).expect("open the database");
    let with_provisional_from: bool = conn
        .query_row(
            "SELECT COUNT(*) > 0 FROM pragma_table_info('players') \
             WHERE name = 'provisional_from'",
            [],
            |row| row.get(0),
        )
        .expect("the players table");
    let (column, value) = if with_provisional_from {
        (", provisional_from", ", ?12")
    } else {
        ("", "")
    };
    for s in seeds {
        let (wins, losses, draws) = s.record;
        assert_eq!(wins + losses + draws, s.games, "{s:?}");
        let rated_games = if s.rated_at.is_some() { s.games } else { 0 };
        let provisional = s.rated_at.map(|t| provisional_from(s.deviation, t));
        let (guild_id, user_id) = (guild as i64, s.user as i64);
        let last_game_at = s.rated_at.unwrap_or(T0 - DAY);
        let mut params = rusqlite::params![
            guild_id,
            user_id,
            s.rating,
            s.deviation,
            s.games,
            wins,
            losses,
            draws,
            last_game_at,
            s.rated_at,
            rated_games,
            provisional
        ]
        .to_vec();
        if !with_provisional_from {
            params.pop();
        }
        conn.execute(
            &format!(
                "INSERT INTO players (guild_id, user_id, rating, deviation, volatility, games, \
                 wins, losses, draws, last_game_at, rated_at, rated_games{column}) \
                 VALUES (?1, ?2, ?3, ?4, 0.06, ?5, ?6, ?7, ?8, ?9, ?10, ?11{value})"
            ),
            params.as_slice(),
        )
        .expect("insert a player");
    }
}

/// When a player last rated at `rated_at` with `deviation` (volatility 0.06) becomes
/// provisional if they play no more: after the first whole number n of idle rating periods
/// with φ² + n·σ² ≥ φ₁₁₀² on the Glicko-2 scale (Glickman's step 6, once a period).
fn provisional_from(deviation: f64, rated_at: i64) -> i64 {
    const SCALE: f64 = 173.7178;
    let (phi, limit, sigma) = (deviation / SCALE, 110.0 / SCALE, 0.06);
    let periods = (0..)
        .find(|&n| phi * phi + f64::from(n) * sigma * sigma >= limit * limit)
        .expect("some period");
    rated_at + i64::from(periods) * WEEK
}

/// The standard guild with humans `p01` … `p{count}` (ids 9401 …) besides.
fn guild_with_players(count: u64) -> FakeGuild {
    (1..=count).fold(FakeGuild::standard(), |guild, n| {
        guild.with_human(9400 + n, &format!("p{n:02}"))
    })
}

// ---- the stand-in's members ------------------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_stand_in_answers_unknown_member_for_a_user_who_left_until_they_rejoin() {
    let fake = FakeDiscord::start_with(guild_with_players(1)).await;
    let http = fake.http();
    let guild = serenity::all::GuildId::new(fake.guild_id());
    let p01 = fake.user("p01");
    let user = serenity::all::UserId::new(p01.id);
    let member = guild.member(&http, user).await.expect("a member");
    assert_eq!(member.user.name, "p01");
    assert!(fake.is_member(p01.id));

    fake.leave_guild(p01.id);
    assert!(!fake.is_member(p01.id));
    match guild.member(&http, user).await {
        Err(serenity::Error::Http(serenity::all::HttpError::UnsuccessfulRequest(e))) => {
            assert_eq!(
                (e.status_code.as_u16(), e.error.code),
                (404, 10007),
                "{e:?}"
            );
            assert_eq!(e.error.message, "Unknown Member");
        }
        other => panic!("expected Unknown Member, got {other:?}"),
    }
    // Still a Discord user.
    assert_eq!(http.get_user(user).await.expect("the user").name, "p01");

    fake.rejoin_guild(p01.id);
    assert!(guild.member(&http, user).await.is_ok());
    assert_eq!(fake.member_lookups(p01.id), 3);
    assert_eq!(fake.unknown_routes(), Vec::<String>::new());
}

// ---- rating changes in the games' messages ---------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_resignation_shows_both_rating_changes_and_unrated_or_aborted_games_none() {
    let mut w = World::at(T0).await;
    let bot = w.start_bot().await;
    let (alice, bob) = (w.fake.user("alice"), w.fake.user("bob"));
    let (carol, owner) = (w.fake.user("carol"), w.fake.user("owner"));
    let (general, games) = (w.fake.channel("general"), w.fake.channel("games"));

    // From a set-up position: unrated (nothing said about rating), no Ratings line.
    w.start_game(
        &carol,
        &owner,
        games,
        json!({ "position": SETUP }),
        "classic rules · 3 days per move · unrated · {challenger} plays White · from a set-up position",
    )
    .await;
    // Each side moves first: a game resigned sooner is aborted.
    w.play(&carol, games, "c5-e5").await;
    w.play(&owner, games, "f5-e5").await;
    let r = w.resign(&carol, games).await;
    assert_eq!(
        r.text(),
        format!(
            "**{} (Black) wins game 1**, by resignation.",
            mention(&owner)
        )
    );
    pings_only(&r, &[&owner]);

    // rated:false from the standard start: no Ratings line either.
    w.start_game(
        &alice,
        &bob,
        general,
        json!({ "rated": false }),
        "classic rules · 3 days per move · unrated · {challenger} plays White",
    )
    .await;
    // Each side moves first: a game resigned sooner is aborted.
    w.play(&alice, general, OPENING[0]).await;
    w.play(&bob, general, OPENING[1]).await;
    let r = w.resign(&bob, general).await;
    assert_eq!(
        r.text(),
        format!(
            "**{} (White) wins game 2**, by resignation.",
            mention(&alice)
        )
    );
    pings_only(&r, &[&alice]);

    // An aborted rated game: no result, no rating change.
    w.start_game(
        &alice,
        &bob,
        general,
        json!({}),
        "classic rules · 3 days per move · rated · {challenger} plays White",
    )
    .await;
    let r = w.slash(&alice, general, "focus abort", json!({})).await;
    assert_eq!(r.text(), "Game 3 was aborted: no result, no rating change.");

    // Nobody has a rated game yet: the leaderboard says so, without buttons.
    let r = w.leaderboard(&carol, general, json!({})).await;
    assert_eq!(r.text(), EMPTY_LEADERBOARD);
    assert_eq!(buttons_of(&r.components), []);

    // A rated game between two new players, won by Alice when Bob resigns at once. Reference:
    // rate((1500, 350, 0.06), [((1500, 350, 0.06), 1)]) = 1662.3109 / 290.3190, and the loser
    // 1337.6891 / 290.3190.
    w.start_game(
        &alice,
        &bob,
        general,
        json!({}),
        "classic rules · 3 days per move · rated · {challenger} plays White",
    )
    .await;
    // Each side moves first: a game resigned sooner is aborted.
    w.play(&alice, general, OPENING[0]).await;
    w.play(&bob, general, OPENING[1]).await;
    let r = w.resign(&bob, general).await;
    assert_eq!(
        r.text(),
        format!(
            "**{a} (White) wins game 4**, by resignation.\nRatings: {a} 1662 (+162), {b} 1338 (-162).",
            a = mention(&alice),
            b = mention(&bob)
        )
    );
    pings_only(&r, &[&alice]);

    // Stats: the unrated win counts as a game and in the streak, but has no rating change.
    assert_eq!(
        w.stats(&alice, general, None).await,
        format!(
            "**Stats of {a}**\nRating: **1662?** ± 290 · {PROVISIONAL}\nGames: 2 (2 wins, 0 \
             losses, 0 draws; 1 rated)\nStreak: 2 wins in a row\nLast games: W vs {b} (+162) · \
             W vs {b} (unrated)",
            a = mention(&alice),
            b = mention(&bob)
        )
    );
    // Carol only played an unrated game: she keeps the starting rating, and has no rank.
    assert_eq!(
        w.stats(&owner, games, Some(&carol)).await,
        format!(
            "**Stats of {c}**\nRating: **1500?** ± 350 · no rated game yet\nGames: 1 (0 wins, 1 \
             loss, 0 draws; 0 rated)\nStreak: 1 loss in a row\nLast games: L vs {o} (unrated)\nYou \
             against {c}: 1 win, 0 losses, 0 draws",
            c = mention(&carol),
            o = mention(&owner)
        )
    );
    // Someone without a finished game.
    let otherbot = w.fake.user("otherbot");
    assert_eq!(
        w.stats(&alice, general, Some(&otherbot)).await,
        format!(
            "{} has not finished a game on this server yet.",
            mention(&otherbot)
        )
    );

    // The leaderboard: both provisional, no ranks; Carol and Owner (no rated game) absent.
    let r = w.leaderboard(&carol, general, json!({})).await;
    assert_eq!(
        r.text(),
        [
            ladder_header(1, 1, 0, 2),
            ladder_line(None, alice.id, "1662?", 2, (2, 0, 0)),
            ladder_line(None, bob.id, "1338?", 2, (0, 2, 0)),
        ]
        .join("\n")
    );
    assert_eq!(buttons_of(&r.components), []);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_agreed_draw_and_a_time_out_show_the_rating_changes_after_an_idle_week() {
    let mut w = World::at(T0).await;
    let bot = w.start_bot().await;
    let (alice, bob) = (w.fake.user("alice"), w.fake.user("bob"));
    let general = w.fake.channel("general");
    let rated = "classic rules · 3 days per move · rated · {challenger} plays White";

    // Game 1: Alice wins by resignation (1662.3109 / 290.3190 and 1337.6891 / 290.3190).
    w.start_game(&alice, &bob, general, json!({}), rated).await;
    // Each side moves first: a game resigned sooner is aborted.
    w.play(&alice, general, OPENING[0]).await;
    w.play(&bob, general, OPENING[1]).await;
    let r = w.resign(&bob, general).await;
    assert!(
        r.text().ends_with(&format!(
            "\nRatings: {} 1662 (+162), {} 1338 (-162).",
            mention(&alice),
            mention(&bob)
        )),
        "{}",
        r.text()
    );

    // Game 2: drawn by agreement, Bob offering and Alice agreeing with the button. Reference:
    // rate((1662.310894, 290.318964, 0.0599996754), [((1337.689106, 290.318964,
    // 0.0599996754), 0.5)]) = 1576.688664 / 260.488764 (change -85.62), and Bob 1423.311336
    // (+85.62).
    let game = w.start_game(&alice, &bob, general, json!({}), rated).await;
    w.advance(100);
    w.play(&alice, general, OPENING[0]).await;
    w.play(&bob, general, OPENING[1]).await;
    let offer = w.slash(&bob, general, "focus draw", json!({})).await;
    assert_eq!(
        offer.custom_ids(),
        [
            format!("focus:draw-yes:{game}"),
            format!("focus:draw-no:{game}")
        ]
    );
    let message = offer.message_id.expect("the offer's message");
    let id = w
        .fake
        .click(&alice, general, message, &format!("focus:draw-yes:{game}"))
        .await;
    let update = w.fake.reply_to(id, WAIT).await;
    assert_eq!(update.kind, ReplyKind::Callback(7), "{update:?}");
    let drawn = w.fake.reply_to(id, WAIT).await;
    assert_eq!(drawn.kind, ReplyKind::Followup);
    assert_eq!(
        drawn.text(),
        format!(
            "**Game 2 is drawn** by agreement.\nRatings: {} 1577 (-85), {} 1423 (+85).",
            mention(&alice),
            mention(&bob)
        )
    );
    pings_nobody(&drawn);
    assert_eq!(drawn.files.len(), 1, "the board picture");

    // A week and a day without games: one idle rating period, in which both deviations grow
    // (reference: rate(r, []) gives 260.697206 for both).
    w.advance(WEEK + DAY);

    // Game 3: Bob plays White; after three plies Alice, to move, runs out of time. The
    // sweeper's post carries the ratings. Reference: rate((1423.311336, 260.697206,
    // 0.0599991487), [((1576.688664, 260.697206, 0.0599991487), 1)]) = 1577.609696 /
    // 228.931893 (+154.30), and Alice 1422.390304 / 228.931893 (-154.30). Changes are shown
    // as the difference of the ratings as shown (1578 - 1423 = +155, 1422 - 1577 = -155), so
    // that the numbers players see add up; likewise the draw above: 1577 - 1662 = -85.
    let game = w
        .start_game(
            &bob,
            &alice,
            general,
            json!({ "days": "1 day" }),
            "classic rules · 1 day per move · rated · {challenger} plays White",
        )
        .await;
    for (i, mv) in OPENING.iter().enumerate() {
        w.advance(100);
        let mover = if i % 2 == 0 { &bob } else { &alice };
        w.play(mover, general, mv).await;
    }
    w.advance(DAY);
    let lost = w.post_in(general).await;
    assert_eq!(
        lost.text(),
        format!(
            "**{a} ran out of time**. **{b} (White) wins game {game}**, on time.\nRatings: \
             {b} 1578 (+155), {a} 1422 (-155).",
            a = mention(&alice),
            b = mention(&bob)
        )
    );
    pings_only(&lost, &[&bob, &alice]);

    // Stats, for oneself and for someone else (with the head-to-head, from the asker's side).
    let alice_stats = format!(
        "**Stats of {a}**\nRating: **1422?** ± 229 · {PROVISIONAL}\nGames: 3 (1 win, 1 loss, 1 \
         draw; 3 rated)\nStreak: 1 loss in a row\nLast games: L vs {b} (-155) · D vs {b} (-85) \
         · W vs {b} (+162)",
        a = mention(&alice),
        b = mention(&bob)
    );
    assert_eq!(w.stats(&alice, general, None).await, alice_stats);
    assert_eq!(
        w.stats(&bob, general, Some(&alice)).await,
        format!(
            "{alice_stats}\nYou against {}: 1 win, 1 loss, 1 draw",
            mention(&alice)
        )
    );
    assert_eq!(
        w.stats(&alice, general, Some(&bob)).await,
        format!(
            "**Stats of {b}**\nRating: **1578?** ± 229 · {PROVISIONAL}\nGames: 3 (1 win, 1 \
             loss, 1 draw; 3 rated)\nStreak: 1 win in a row\nLast games: W vs {a} (+155) · D \
             vs {a} (+85) · L vs {a} (-162)\nYou against {b}: 1 win, 1 loss, 1 draw",
            a = mention(&alice),
            b = mention(&bob)
        )
    );

    let r = w.leaderboard(&alice, general, json!({})).await;
    assert_eq!(
        r.text(),
        [
            ladder_header(1, 1, 0, 2),
            ladder_line(None, bob.id, "1578?", 3, (1, 1, 1)),
            ladder_line(None, alice.id, "1422?", 3, (1, 1, 1)),
        ]
        .join("\n")
    );
    bot.stop().await;
}

// ---- the leaderboard -------------------------------------------------------------------------------

/// One seeded player of the paging test and how the leaderboard must show them.
struct Row {
    /// `p{n}`, user id 9400 + n.
    n: u64,
    rating: f64,
    deviation: f64,
    /// Whole rating periods since their last rated game (beyond the day before T0).
    idle_weeks: i64,
    games: u32,
    record: Record,
    rank: Option<u32>,
    shown: &'static str,
}

/// 22 ranked players (ties: 1800.4 and 1799.6 both show 1800, 1610.3 and 1609.7 both 1610;
/// 109.9 is just under the provisional deviation), then 5 provisional ones by rating: a high
/// rating but deviation 200, a single game, a settled deviation of 100 grown to 115.15 over
/// 30 idle weeks (reference: rate(x, []) thirty times from (1600, 100, 0.06)), 150, and
/// exactly 110.
#[rustfmt::skip]
const ROWS: [Row; 27] = [
    Row { n: 1, rating: 1900.0, deviation: 60.0, idle_weeks: 0, games: 10, record: (5, 4, 1), rank: Some(1), shown: "1900" },
    Row { n: 2, rating: 1800.4, deviation: 60.0, idle_weeks: 0, games: 11, record: (6, 3, 2), rank: Some(2), shown: "1800" },
    Row { n: 3, rating: 1799.6, deviation: 60.0, idle_weeks: 0, games: 12, record: (6, 6, 0), rank: Some(2), shown: "1800" },
    Row { n: 4, rating: 1750.0, deviation: 60.0, idle_weeks: 0, games: 13, record: (7, 5, 1), rank: Some(4), shown: "1750" },
    Row { n: 5, rating: 1740.0, deviation: 60.0, idle_weeks: 0, games: 14, record: (7, 5, 2), rank: Some(5), shown: "1740" },
    Row { n: 6, rating: 1730.0, deviation: 60.0, idle_weeks: 0, games: 15, record: (8, 7, 0), rank: Some(6), shown: "1730" },
    Row { n: 7, rating: 1720.0, deviation: 60.0, idle_weeks: 0, games: 16, record: (8, 7, 1), rank: Some(7), shown: "1720" },
    Row { n: 8, rating: 1710.0, deviation: 60.0, idle_weeks: 0, games: 17, record: (9, 6, 2), rank: Some(8), shown: "1710" },
    Row { n: 9, rating: 1700.0, deviation: 60.0, idle_weeks: 0, games: 18, record: (9, 9, 0), rank: Some(9), shown: "1700" },
    Row { n: 10, rating: 1610.3, deviation: 60.0, idle_weeks: 0, games: 19, record: (10, 8, 1), rank: Some(10), shown: "1610" },
    Row { n: 11, rating: 1609.7, deviation: 60.0, idle_weeks: 0, games: 20, record: (10, 8, 2), rank: Some(10), shown: "1610" },
    Row { n: 12, rating: 1600.0, deviation: 60.0, idle_weeks: 0, games: 21, record: (11, 10, 0), rank: Some(12), shown: "1600" },
    Row { n: 13, rating: 1590.0, deviation: 60.0, idle_weeks: 0, games: 22, record: (11, 10, 1), rank: Some(13), shown: "1590" },
    Row { n: 14, rating: 1580.0, deviation: 60.0, idle_weeks: 0, games: 23, record: (12, 9, 2), rank: Some(14), shown: "1580" },
    Row { n: 15, rating: 1570.0, deviation: 60.0, idle_weeks: 0, games: 24, record: (12, 12, 0), rank: Some(15), shown: "1570" },
    Row { n: 16, rating: 1560.0, deviation: 60.0, idle_weeks: 0, games: 25, record: (13, 11, 1), rank: Some(16), shown: "1560" },
    Row { n: 17, rating: 1550.0, deviation: 60.0, idle_weeks: 0, games: 26, record: (13, 11, 2), rank: Some(17), shown: "1550" },
    Row { n: 18, rating: 1540.0, deviation: 60.0, idle_weeks: 0, games: 27, record: (14, 13, 0), rank: Some(18), shown: "1540" },
    Row { n: 19, rating: 1530.0, deviation: 60.0, idle_weeks: 0, games: 28, record: (14, 13, 1), rank: Some(19), shown: "1530" },
    Row { n: 20, rating: 1520.0, deviation: 60.0, idle_weeks: 0, games: 29, record: (15, 12, 2), rank: Some(20), shown: "1520" },
    Row { n: 21, rating: 1510.0, deviation: 60.0, idle_weeks: 0, games: 30, record: (15, 15, 0), rank: Some(21), shown: "1510" },
    Row { n: 22, rating: 1500.0, deviation: 109.9, idle_weeks: 0, games: 31, record: (16, 14, 1), rank: Some(22), shown: "1500" },
    Row { n: 23, rating: 2000.0, deviation: 200.0, idle_weeks: 0, games: 31, record: (16, 12, 3), rank: None, shown: "2000?" },
    Row { n: 24, rating: 1662.3, deviation: 290.3, idle_weeks: 0, games: 1, record: (1, 0, 0), rank: None, shown: "1662?" },
    Row { n: 25, rating: 1600.0, deviation: 100.0, idle_weeks: 30, games: 40, record: (20, 15, 5), rank: None, shown: "1600?" },
    Row { n: 26, rating: 1400.0, deviation: 150.0, idle_weeks: 0, games: 12, record: (4, 8, 0), rank: None, shown: "1400?" },
    Row { n: 27, rating: 1300.0, deviation: 110.0, idle_weeks: 0, games: 14, record: (5, 8, 1), rank: None, shown: "1300?" },
];

/// The expected text of page `page` (of 3) of the paging test's leaderboard.
fn rows_page(page: u32) -> String {
    let start = (page as usize - 1) * 10;
    let mut lines = vec![ladder_header(page, 3, 22, 5)];
    for row in ROWS.iter().skip(start).take(10) {
        lines.push(ladder_line(
            row.rank,
            9400 + row.n,
            row.shown,
            row.games,
            row.record,
        ));
    }
    lines.join("\n")
}

/// Asserts that `reply` shows page `page` of the paging test with its buttons.
fn shows_rows_page(reply: &Reply, page: u32) {
    assert_eq!(reply.text(), rows_page(page), "page {page}");
    assert_eq!(
        buttons_of(&reply.components),
        paging(page, 3),
        "page {page}"
    );
    pings_nobody(reply);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_leaderboard_ranks_with_ties_lists_provisional_players_last_and_pages_with_buttons() {
    // 28 players besides the standard ones: 27 rated, and p28 with unrated games only.
    let mut w = World::with_guild_at(guild_with_players(28), T0).await;
    let mut seeds: Vec<Seed> = ROWS
        .iter()
        .map(|r| Seed {
            rated_at: Some(T0 - DAY - r.idle_weeks * WEEK),
            ..Seed::rated(9400 + r.n, r.rating, r.deviation, r.games, r.record)
        })
        .collect();
    seeds.push(Seed {
        rated_at: None,
        ..Seed::rated(9428, 1500.0, 350.0, 2, (1, 1, 0))
    });
    seed(&w.db, w.fake.guild_id(), &seeds);
    let mut bot = w.start_bot().await;
    let alice = w.fake.user("alice");
    let general = w.fake.channel("general");

    // Page 1: Previous disabled, Next enabled.
    let first = w.leaderboard(&alice, general, json!({})).await;
    shows_rows_page(&first, 1);
    let message = first.message_id.expect("the leaderboard's message");

    // Next: the message itself turns to page 2 (an edit, not a new message).
    let r = w
        .click_page(&alice, general, message, "focus:ladder:2")
        .await;
    shows_rows_page(&r, 2);
    let held = w.fake.message(message).expect("the message");
    assert_eq!(held["content"], rows_page(2));

    // The page option; a page past the end shows the last one.
    let r = w.leaderboard(&alice, general, json!({ "page": 3 })).await;
    shows_rows_page(&r, 3);
    let r = w.leaderboard(&alice, general, json!({ "page": 9 })).await;
    shows_rows_page(&r, 3);
    let r = w.leaderboard(&alice, general, json!({ "page": 2 })).await;
    shows_rows_page(&r, 2);

    // Stats agree with the leaderboard: a tied rank, and a player provisional again after 30
    // idle weeks (deviation grown from 100 to 115.15).
    let (p03, p07) = (w.fake.user("p03"), w.fake.user("p07"));
    let (p25, p28) = (w.fake.user("p25"), w.fake.user("p28"));
    assert_eq!(
        w.stats(&alice, general, Some(&p03)).await,
        format!(
            "**Stats of <@9403>**\nRating: **1800** ± 60 · rank 2 of 22\nGames: 12 (6 wins, 6 \
             losses, 0 draws; 12 rated)\nYou have not finished a game against <@9403> here yet."
        )
    );
    assert_eq!(
        w.stats(&p25, general, None).await,
        format!(
            "**Stats of <@9425>**\nRating: **1600?** ± 115 · {PROVISIONAL}\nGames: 40 (20 wins, \
             15 losses, 5 draws; 40 rated)"
        )
    );
    assert_eq!(
        w.stats(&p28, general, None).await,
        "**Stats of <@9428>**\nRating: **1500?** ± 350 · no rated game yet\nGames: 2 (1 win, 1 \
         loss, 0 draws; 0 rated)"
    );

    // After a restart, the buttons of the old message still work: Next on page 2, then
    // Previous on page 3.
    bot.stop().await;
    bot = w.start_bot().await;
    let r = w.click_page(&p07, general, message, "focus:ladder:3").await;
    shows_rows_page(&r, 3);
    let r = w
        .click_page(&alice, general, message, "focus:ladder:2")
        .await;
    shows_rows_page(&r, 2);
    let r = w
        .click_page(&alice, general, message, "focus:ladder:1")
        .await;
    shows_rows_page(&r, 1);

    // Every shown player's membership was asked once: a check stands for a day, restarts
    // included; the unrated p28 was never looked up.
    for row in &ROWS {
        assert_eq!(w.fake.member_lookups(9400 + row.n), 1, "p{:02}", row.n);
    }
    assert_eq!(w.fake.member_lookups(9428), 0);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ties_are_on_the_ratings_as_shown_even_at_half_points() {
    // Ratings at exact halves: whichever way they are rounded for showing, equal ratings as
    // shown share a rank and a higher one as shown has a better rank ("1, 2, 2, 4" on what
    // the players read).
    let mut w = World::with_guild_at(guild_with_players(5), T0).await;
    let ratings = [1663.0, 1662.5, 1662.0, 1661.5, 1660.5];
    let seeds: Vec<Seed> = (1..)
        .zip(ratings)
        .map(|(n, r)| Seed::rated(9400 + n, r, 60.0, 10, (5, 5, 0)))
        .collect();
    seed(&w.db, w.fake.guild_id(), &seeds);
    let bot = w.start_bot().await;
    let alice = w.fake.user("alice");
    let general = w.fake.channel("general");
    let r = w.leaderboard(&alice, general, json!({})).await;
    bot.stop().await;

    let text = r.text();
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some(ladder_header(1, 1, 5, 0).as_str()),
        "{text}"
    );
    // (rank, user, rating shown) of every line.
    let shown: Vec<(u32, u64, i64)> = lines
        .map(|line| {
            let (rank, rest) = line
                .strip_prefix('`')
                .and_then(|l| l.split_once(".` <@"))
                .unwrap_or_else(|| panic!("a ranked line: {line:?}"));
            let (user, rest) = rest.split_once("> · **").expect("a player");
            let (rating, _) = rest.split_once("** · ").expect("a rating");
            (
                rank.trim().parse().expect("a rank"),
                user.parse().expect("a user id"),
                rating.parse().expect("a rating without `?`"),
            )
        })
        .collect();
    let users: Vec<u64> = shown.iter().map(|&(_, u, _)| u).collect();
    assert_eq!(users, [9401, 9402, 9403, 9404, 9405], "{text}");
    for (&(_, user, rating), seeded) in shown.iter().zip(ratings) {
        assert!(
            (rating as f64 - seeded).abs() <= 0.5,
            "{user}: {seeded} shown as {rating}"
        );
    }
    for &(rank, user, rating) in &shown {
        let above = shown.iter().filter(|&&(_, _, r)| r > rating).count() as u32;
        assert_eq!(
            rank,
            above + 1,
            "{user} shown at {rating}: equal ratings as shown share a rank:\n{text}"
        );
    }
}

// ---- members only -----------------------------------------------------------------------------------

/// The members test's players: p01 … p09 above, then Alice, Bob, Carol and Owner, all settled.
fn member_seeds(alice: u64, bob: u64, carol: u64, owner: u64) -> Vec<Seed> {
    let mut seeds: Vec<Seed> = (1..=9)
        .map(|n| Seed::rated(9400 + n, 1910.0 - 10.0 * n as f64, 50.0, 10, (6, 3, 1)))
        .collect();
    seeds.push(Seed::rated(alice, 1760.0, 60.0, 20, (11, 7, 2)));
    seeds.push(Seed::rated(bob, 1750.0, 70.0, 20, (12, 8, 0)));
    seeds.push(Seed::rated(carol, 1700.0, 80.0, 15, (8, 6, 1)));
    seeds.push(Seed::rated(owner, 1650.0, 90.0, 12, (6, 6, 0)));
    seeds
}

/// The line of p`n` of the members test at rank `rank`.
fn p_line(n: u64, rank: u32) -> String {
    let shown = format!("{:.0}", 1910.0 - 10.0 * n as f64);
    ladder_line(Some(rank), 9400 + n, &shown, 10, (6, 3, 1))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_leaderboard_shows_members_only_and_players_who_left_keep_their_record() {
    let mut w = World::with_guild_at(guild_with_players(9), T0).await;
    let (alice, bob) = (w.fake.user("alice"), w.fake.user("bob"));
    let (carol, owner) = (w.fake.user("carol"), w.fake.user("owner"));
    let general = w.fake.channel("general");
    seed(
        &w.db,
        w.fake.guild_id(),
        &member_seeds(alice.id, bob.id, carol.id, owner.id),
    );
    let bot = w.start_bot().await;

    // A rated game between settled players: Bob (White) wins when Alice resigns. Reference:
    // rate((1750, 70, 0.06), [((1760, 60, 0.06), 1)]) = 1764.001670 / 69.397118 (+14.00),
    // and Alice rate((1760, 60, 0.06), [((1750, 70, 0.06), 0)]) = 1749.591519 / 60.026894
    // (-10.41).
    w.start_game(
        &bob,
        &alice,
        general,
        json!({}),
        "classic rules · 3 days per move · rated · {challenger} plays White",
    )
    .await;
    // Each side moves first: a game resigned sooner is aborted.
    w.play(&bob, general, OPENING[0]).await;
    w.play(&alice, general, OPENING[1]).await;
    let r = w.resign(&alice, general).await;
    assert_eq!(
        r.text(),
        format!(
            "**{b} (White) wins game 1**, by resignation.\nRatings: {b} 1764 (+14), {a} 1750 (-10).",
            a = mention(&alice),
            b = mention(&bob)
        )
    );

    // p03 left before anyone looked: not shown, and the next player (Alice) fills page 1.
    w.fake.leave_guild(9403);
    let r = w.leaderboard(&carol, general, json!({})).await;
    let mut page_one = vec![ladder_header(1, 2, 12, 0), p_line(1, 1), p_line(2, 2)];
    page_one.extend((4..=9).map(|n| p_line(n, n as u32 - 1)));
    page_one.push(ladder_line(Some(9), bob.id, "1764", 21, (13, 8, 0)));
    page_one.push(ladder_line(Some(10), alice.id, "1750", 21, (11, 8, 2)));
    assert_eq!(r.text(), page_one.join("\n"));
    assert_eq!(buttons_of(&r.components), paging(1, 2));
    assert_eq!(w.fake.member_lookups(9403), 1);
    let r = w.leaderboard(&carol, general, json!({ "page": 2 })).await;
    assert_eq!(
        r.text(),
        [
            ladder_header(2, 2, 12, 0),
            ladder_line(Some(11), carol.id, "1700", 15, (8, 6, 1)),
            ladder_line(Some(12), owner.id, "1650", 12, (6, 6, 0)),
        ]
        .join("\n")
    );

    // Bob leaves. His membership was checked a moment ago, and a check stands for a day: he is
    // still shown, and Discord is not asked again.
    w.fake.leave_guild(bob.id);
    let lookups = w.fake.member_lookups(bob.id);
    assert_eq!(lookups, 1);
    let r = w.leaderboard(&carol, general, json!({})).await;
    assert_eq!(r.text(), page_one.join("\n"));
    assert_eq!(w.fake.member_lookups(bob.id), lookups);

    // A day later he is asked about again, found gone, and Carol moves up to page 1.
    w.advance(DAY);
    let r = w.leaderboard(&carol, general, json!({})).await;
    let mut page_one = vec![ladder_header(1, 2, 11, 0), p_line(1, 1), p_line(2, 2)];
    page_one.extend((4..=9).map(|n| p_line(n, n as u32 - 1)));
    page_one.push(ladder_line(Some(9), alice.id, "1750", 21, (11, 8, 2)));
    page_one.push(ladder_line(Some(10), carol.id, "1700", 15, (8, 6, 1)));
    assert_eq!(r.text(), page_one.join("\n"));
    assert_eq!(w.fake.member_lookups(bob.id), lookups + 1);
    let r = w.leaderboard(&carol, general, json!({ "page": 2 })).await;
    assert_eq!(
        r.text(),
        [
            ladder_header(2, 2, 11, 0),
            ladder_line(Some(11), owner.id, "1650", 12, (6, 6, 0)),
        ]
        .join("\n")
    );

    // Both keep their record and games: their stats show them, without a rank.
    assert_eq!(
        w.stats(&alice, general, Some(&bob)).await,
        format!(
            "**Stats of {b}**\nRating: **1764** ± 69 · not ranked: no longer on this server\n\
             Games: 21 (13 wins, 8 losses, 0 draws; 21 rated)\nStreak: 1 win in a row\nLast \
             games: W vs {a} (+14)\nYou against {b}: 0 wins, 1 loss, 0 draws",
            a = mention(&alice),
            b = mention(&bob)
        )
    );
    assert_eq!(
        w.stats(&carol, general, Some(&w.fake.user("p03"))).await,
        "**Stats of <@9403>**\nRating: **1880** ± 50 · not ranked: no longer on this server\n\
         Games: 10 (6 wins, 3 losses, 1 draw; 10 rated)\nYou have not finished a game \
         against <@9403> here yet."
    );
    // And the ranks in the stats count members only.
    assert_eq!(
        w.stats(&alice, general, None).await,
        format!(
            "**Stats of {a}**\nRating: **1750** ± 60 · rank 9 of 11\nGames: 21 (11 wins, 8 \
             losses, 2 draws; 21 rated)\nStreak: 1 loss in a row\nLast games: L vs {b} (-10)",
            a = mention(&alice),
            b = mention(&bob)
        )
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_comes_back_to_the_server_is_on_the_leaderboard_again() {
    let mut w = World::with_guild_at(guild_with_players(9), T0).await;
    let (alice, bob) = (w.fake.user("alice"), w.fake.user("bob"));
    let (carol, owner) = (w.fake.user("carol"), w.fake.user("owner"));
    let general = w.fake.channel("general");
    seed(
        &w.db,
        w.fake.guild_id(),
        &member_seeds(alice.id, bob.id, carol.id, owner.id),
    );
    let bot = w.start_bot().await;
    let bob_line = |rank| ladder_line(Some(rank), bob.id, "1750", 20, (12, 8, 0));

    // Bob (rank 11, page 2) leaves before anyone looked: gone from page 2.
    w.fake.leave_guild(bob.id);
    let r = w.leaderboard(&carol, general, json!({ "page": 2 })).await;
    assert!(!r.text().contains(&mention(&bob)), "{}", r.text());

    // He comes back: a member again. Past the day a membership check stands, the leaderboard
    // and his stats show him ranked again.
    w.fake.rejoin_guild(bob.id);
    w.advance(DAY + 1);
    let r = w.leaderboard(&carol, general, json!({ "page": 2 })).await;
    let stats = w.stats(&bob, general, None).await;
    bot.stop().await;
    assert_eq!(
        r.text(),
        [
            ladder_header(2, 2, 13, 0),
            bob_line(11),
            ladder_line(Some(12), carol.id, "1700", 15, (8, 6, 1)),
            ladder_line(Some(13), owner.id, "1650", 12, (6, 6, 0)),
        ]
        .join("\n"),
        "Bob is a member again; his own stats say: {stats}"
    );
    assert!(stats.contains("rank 11 of 13"), "{stats}");
}
