//! Live games with a clock (issue 12) end to end: the real bot against the local Discord
//! stand-in, on a [`focus_bot::service::ManualClock`], with a sweep interval of an hour, so
//! that only the sweeper's wake-up at the next due moment can explain a reminder or a time-out
//! that comes within seconds; and a count of the sweeps shows it does not poll in between.

use crate::support;

use std::time::{Duration, Instant};

use focus_bot::i18n::Lang;
use focus_bot::service::{Clock, GameService, ServiceError};
use focus_bot::strings::Localized;
use serde_json::{Value, json};
use support::bot::{WAIT, WorldOf};

/// The world of this module's tests, a type of its own for the helpers below (see [`WorldOf`]).
type World = WorldOf<Live>;
enum Live {}
use support::discord::{FakeUser, Reply, ReplyKind, mention, option as find_option};

/// Where the clock starts: 2026-03-02 09:00 UTC.
const T0: i64 = 1_772_442_000;
/// Five minutes, in seconds.
const FIVE_MINUTES: i64 = 300;
/// Long enough that the fixed interval never explains a sweep in these tests.
const HOUR: Duration = Duration::from_secs(3_600);
/// How soon after its moment a live deadline must be handled: far below the sweep interval of
/// an hour, so that only the wake-up at the due moment explains it, and generous enough for a
/// loaded 2-core machine.
const PROMPTLY: Duration = Duration::from_secs(30);
/// Legal plies from the standard start, White first.
const OPENING: [&str; 3] = ["c4-d4", "e4-d4", "b4-c4"];

impl World {
    /// Moves the clock forward to `t`.
    fn set(&self, t: i64) {
        let now = self.clock.now();
        assert!(t >= now, "the clock only moves forward: {t} < {now}");
        self.clock.advance(t - now);
    }

    /// The registered `option` of `/focus challenge`.
    fn challenge_option(&self, option: &str) -> Value {
        let commands = self
            .fake
            .commands(Some(self.fake.guild_id()))
            .expect("commands registered");
        find_option(find_option(&commands[0], "challenge"), option).clone()
    }

    /// The value of the choice called `name` of option `option` of `/focus challenge`.
    fn choice(&self, option: &str, name: &str) -> Value {
        self.fake.choice("challenge", option, name)
    }

    /// `white` challenges `black` in `channel` with `options` (White for the challenger),
    /// `black` accepts; the game's number and its first message.
    async fn start_game(
        &self,
        white: &FakeUser,
        black: &FakeUser,
        channel: u64,
        mut options: Value,
    ) -> (i64, Reply, Reply) {
        options["color"] = self.choice("color", "white");
        options["opponent"] = json!(black.id);
        let challenge = self.slash(white, channel, "focus challenge", options).await;
        assert!(!challenge.ephemeral(), "{}", challenge.text());
        let accept = challenge.custom_ids()[0].clone();
        let message = challenge.message_id.expect("the challenge's message");
        let id = self.fake.click(black, channel, message, &accept).await;
        let update = self.fake.reply_to(id, WAIT).await;
        assert_eq!(update.kind, ReplyKind::Callback(7), "{update:?}");
        let started = self.fake.reply_to(id, WAIT).await;
        let game = started
            .text()
            .strip_prefix("**Game ")
            .and_then(|t| t.split_once(' '))
            .and_then(|(n, _)| n.parse().ok())
            .unwrap_or_else(|| panic!("no game number in {:?}", started.text()));
        (game, challenge, started)
    }

    /// `user` plays `mv` in `channel`; the public answer.
    async fn play(&self, user: &FakeUser, channel: u64, mv: &str) -> Reply {
        let r = self
            .slash(user, channel, "focus move", json!({ "move": mv }))
            .await;
        assert!(!r.ephemeral(), "{mv} by {}: {}", user.name, r.text());
        r
    }

    /// The next message the bot posts on its own in `channel` within `wait`.
    async fn try_post_in(&self, channel: u64, wait: Duration) -> Option<Reply> {
        self.fake
            .try_reply_where(wait, |r| {
                r.kind == ReplyKind::ChannelMessage && r.channel_id == Some(channel)
            })
            .await
    }
}

/// Waits until `service` has swept at least `n` times.
async fn swept(service: &GameService, n: u64) {
    let until = Instant::now() + WAIT;
    while service.deadlines.sweeps() < n {
        assert!(
            Instant::now() < until,
            "{} sweeps, not {n}",
            service.deadlines.sweeps()
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// How a live move's deadline `t` is written: a Discord timestamp, as for correspondence.
fn to_move(u: &FakeUser, color: &str, t: i64) -> String {
    format!(
        "{} ({color}) to move, by <t:{t}:f> (<t:{t}:R>).",
        mention(u)
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_five_minute_game_reminds_and_times_out_on_the_second_with_no_sweeps_in_between() {
    let mut w = World::at(T0).await;
    let (bot, service) = w.start_bot_watched(HOUR).await;
    let (alice, bob) = (w.fake.user("alice"), w.fake.user("bob"));
    let general = w.fake.channel("general");
    // The start-up sweep.
    swept(&service, 1).await;

    // The minutes are a choice of their own, named in both languages.
    let minutes = w.challenge_option("minutes");
    let names: Vec<(&str, &str)> = minutes["choices"]
        .as_array()
        .expect("choices")
        .iter()
        .map(|c| {
            (
                c["name"].as_str().unwrap_or_default(),
                c["name_localizations"]["ru"].as_str().unwrap_or_default(),
            )
        })
        .collect();
    assert_eq!(
        names,
        [
            ("5 minutes", "5 минут"),
            ("15 minutes", "15 минут"),
            ("60 minutes", "60 минут")
        ]
    );
    assert_eq!(minutes["name_localizations"]["ru"], "минуты");

    let options = json!({ "minutes": w.choice("minutes", "5 minutes") });
    let (game, challenge, started) = w.start_game(&alice, &bob, general, options).await;
    assert!(
        challenge
            .text()
            .contains("classic rules · 5 minutes per move · rated"),
        "{}",
        challenge.text()
    );
    assert!(
        started
            .text()
            .ends_with(&to_move(&alice, "White", T0 + FIVE_MINUTES)),
        "{}",
        started.text()
    );

    // Three plies ten seconds apart; Bob is then to move, with five minutes from the last.
    for (i, mv) in OPENING.iter().enumerate() {
        w.clock.advance(10);
        let mover = if i % 2 == 0 { &alice } else { &bob };
        w.play(mover, general, mv).await;
    }
    let last = w.clock.now();
    let deadline = last + FIVE_MINUTES;
    let remind_at = deadline - FIVE_MINUTES / 5;

    // A restart in the middle: the new sweeper finds the moments in the store.
    bot.stop().await;
    drop(service);
    let asked_before = times_asked(&w, remind_at);
    let (bot, service) = w.start_bot_watched(HOUR).await;
    swept(&service, 1).await;
    let idle = service.deadlines.sweeps();
    // After its start-up round the new sweeper sleeps until the reminder, on the bots' clock.
    w.asked_to_wake_at(remind_at, asked_before + 1).await;

    // The clock moves, in steps, to just before the reminder: nothing is due, so no sweep runs.
    for t in (last + 30..remind_at).step_by(30) {
        w.set(t);
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    w.set(remind_at - 1);
    // Still asleep until the reminder: every round ends by asking the clock for the next due
    // moment, and the last asked is the reminder's; nothing posted.
    assert_eq!(w.wake_ups().last(), Some(&remind_at), "{:?}", w.wake_ups());
    assert!(w.try_post_in(general, Duration::ZERO).await.is_none());
    assert_eq!(
        service.deadlines.sweeps(),
        idle,
        "swept while nothing was due"
    );

    // At 80 % of the move's time: the reminder, at once. (Until the reminder is sent, the
    // deadline is not the next due moment: counted before, no ask of it is missed.)
    let deadline_asked = times_asked(&w, deadline);
    w.set(remind_at);
    let asked = Instant::now();
    let reminder = w
        .try_post_in(general, PROMPTLY)
        .await
        .expect("the reminder within seconds");
    assert!(asked.elapsed() < PROMPTLY);
    assert!(
        reminder.text().starts_with(&format!(
            "⏰ {}, reminder: your move in game {game}",
            mention(&bob)
        )),
        "{}",
        reminder.text()
    );
    assert_eq!(service.deadlines.sweeps(), idle + 1);
    // That round ends asleep until the deadline.
    let asleep = w.asked_to_wake_at(deadline, deadline_asked + 1).await.len();

    // A second before the deadline: still nothing.
    w.set(deadline - 1);
    assert_eq!(w.wake_ups().last(), Some(&deadline), "{:?}", w.wake_ups());
    assert!(w.try_post_in(general, Duration::ZERO).await.is_none());
    assert_eq!(service.deadlines.sweeps(), idle + 1);

    // On the second: Bob loses on time, within seconds.
    w.set(deadline);
    let asked = Instant::now();
    let lost = w
        .try_post_in(general, PROMPTLY)
        .await
        .expect("the time-out within seconds");
    assert!(asked.elapsed() < PROMPTLY, "{:?}", asked.elapsed());
    assert!(
        lost.text().starts_with(&format!(
            "**{} ran out of time**. **{} (White) wins game {game}**, on time.",
            mention(&bob),
            mention(&alice)
        )),
        "{}",
        lost.text()
    );
    assert_eq!(service.deadlines.sweeps(), idle + 2);

    // Nothing is due any more: the bot sleeps on its hour however far the clock moves. The
    // schedule the sweeper reads after each round is empty, so it asks its clock for no
    // wake-up after the deadline; a clean stop waits for its round in flight.
    nothing_due(&service).await;
    w.set(deadline + 10 * FIVE_MINUTES);
    bot.stop().await;
    assert_eq!(service.deadlines.sweeps(), idle + 2);
    assert!(
        w.wake_ups()[asleep..].iter().all(|&t| t <= deadline),
        "{:?}",
        w.wake_ups()
    );
}

/// How many times the bots asked their clock to wake them at `at` so far.
fn times_asked(w: &World, at: i64) -> usize {
    w.wake_ups().iter().filter(|&&t| t == at).count()
}

/// Waits until nothing is due any more in `service`'s store: the sweeper, which reads the same
/// schedule after every round, then sleeps on its interval alone.
async fn nothing_due(service: &GameService) {
    let until = Instant::now() + WAIT;
    loop {
        let due = service.deadlines.next_due().await.expect("the schedule");
        if due.is_none() {
            return;
        }
        assert!(Instant::now() < until, "still due at {due:?}");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn days_and_minutes_together_are_refused_and_moretime_gives_a_live_game_its_minutes() {
    let mut w = World::at(T0).await;
    let (bot, _service) = w.start_bot_watched(HOUR).await;
    let (alice, bob) = (w.fake.user("alice"), w.fake.user("bob"));
    let general = w.fake.channel("general");

    let both = json!({
        "opponent": bob.id,
        "days": w.choice("days", "1 day"),
        "minutes": w.choice("minutes", "15 minutes"),
    });
    let r = w.slash(&alice, general, "focus challenge", both).await;
    assert!(r.ephemeral(), "{r:?}");
    assert_eq!(
        r.text(),
        "choose either days or minutes per move, not both: a game has one clock"
    );
    assert_eq!(
        ServiceError::DaysAndMinutes
            .localized(Lang::of_tag("ru"))
            .words(),
        "выберите либо дни, либо минуты на ход, но не то и другое: у партии одни часы"
    );
    // Nothing was made: the channel is free for a live game.
    let options = json!({ "minutes": w.choice("minutes", "15 minutes") });
    let (_, _, started) = w.start_game(&alice, &bob, general, options).await;
    assert!(
        started
            .text()
            .ends_with(&to_move(&alice, "White", T0 + 900)),
        "{}",
        started.text()
    );

    // Bob gives Alice, to move, the game's own fifteen minutes: twice the move's time...
    let r = w.slash(&bob, general, "focus moretime", json!({})).await;
    assert!(!r.ephemeral(), "{}", r.text());
    assert!(
        r.text().starts_with(&format!(
            "{} gives {} 15 more minutes for this move.",
            mention(&bob),
            mention(&alice)
        )),
        "{}",
        r.text()
    );
    assert!(
        r.text().contains(&format!("<t:{}:R>", T0 + 1_800)),
        "{}",
        r.text()
    );
    // ...and not more.
    let r = w.slash(&bob, general, "focus moretime", json!({})).await;
    assert!(r.ephemeral(), "{r:?}");
    assert_eq!(
        r.text(),
        "your opponent already has close to 30 minutes for this move, the most a move can have"
    );
    bot.stop().await;
}
