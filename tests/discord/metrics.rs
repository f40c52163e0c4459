//! Health and metrics (issue 24) end to end: the bot run with `METRICS_ADDR` against the
//! Discord stand-in, `/metrics` scraped during a game (and checked by `promtool check metrics`
//! where Debian's `prometheus` package is installed), `/healthz` through an outage of the
//! gateway and a closed database; and the real binary, logging at trace level in both formats,
//! never writing its token.
// Longer than 400 lines: the tests of health and metrics share the bot they scrape.

use crate::support;

use std::io::Write;
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::Duration;

use focus_bot::discord::{Config, LogFormat, RunError, run_with_service};
use focus_bot::service::{GameService, SystemClock};
use focus_bot::store::AsyncStore;
use serde_json::{Value, json};
use support::bot::wait_registered;
use support::discord::{FAKE_TOKEN, FakeDiscord, FakeGuild, FakeUser, Reply};
use support::running::Running;
use support::switch::Switch;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use tokio::time::Instant;

/// Long enough for a loaded 2-core machine (and serenity's 5 s between two connection
/// attempts); only reached when something is broken.
const WAIT: Duration = Duration::from_secs(60);

/// An address on 127.0.0.1 that was free a moment ago.
fn free_addr() -> SocketAddr {
    let probe = std::net::TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1:0");
    probe.local_addr().expect("local address")
}

/// A bot run in this process, over a service the test keeps.
struct Bot {
    stop: oneshot::Sender<()>,
    task: JoinHandle<Result<(), RunError>>,
    service: GameService,
    addr: SocketAddr,
}

impl Bot {
    /// A bot on `db`, its REST calls to `base`, sweeping at least every `sweep`, serving
    /// `/healthz` and `/metrics` on a free port.
    async fn start(fake: &FakeDiscord, base: String, db: &Path, sweep: Duration) -> Bot {
        let addr = free_addr();
        let config = Config {
            token: FAKE_TOKEN.to_owned(),
            database: db.to_owned().into(),
            guild_id: Some(fake.guild_id()),
            api_base: Some(base),
            sweep_interval: sweep,
            metrics_addr: Some(addr),
            log_format: LogFormat::Text,
        };
        let store = AsyncStore::open(db).await.expect("open the database");
        let service = GameService::new(store, Arc::new(SystemClock));
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(run_with_service(config, service.clone(), async move {
            let _ = stopped.await;
        }));
        Bot {
            stop,
            task,
            service,
            addr,
        }
    }

    async fn stop(self) {
        let _ = self.stop.send(());
        let result = tokio::time::timeout(WAIT, self.task)
            .await
            .expect("the bot stops within the wait")
            .expect("the bot task does not panic");
        assert!(result.is_ok(), "clean stop: {result:?}");
    }
}

/// `GET http://{addr}{path}`: the status, the content type and the body. The bot may not
/// listen yet: a refused connection is tried again, for up to [`WAIT`].
async fn get(addr: SocketAddr, path: &str) -> (u16, String, String) {
    let client = reqwest::Client::builder()
        .no_proxy()
        .build()
        .expect("an HTTP client");
    let deadline = Instant::now() + WAIT;
    let response = loop {
        match client
            .get(format!("http://{addr}{path}"))
            .timeout(WAIT)
            .send()
            .await
        {
            Ok(response) => break response,
            Err(e) if e.is_connect() && Instant::now() < deadline => {
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            Err(e) => panic!("GET {path}: {e}"),
        }
    };
    let status = response.status().as_u16();
    let kind = response
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_owned();
    (status, kind, response.text().await.expect("a body"))
}

/// Polls `/healthz` until `check` holds for its status and body; the body then. Panics after
/// [`WAIT`] with the last answer.
async fn healthz_until(addr: SocketAddr, check: impl Fn(u16, &str) -> bool) -> String {
    let deadline = Instant::now() + WAIT;
    loop {
        let (status, _, body) = get(addr, "/healthz").await;
        if check(status, &body) {
            return body;
        }
        assert!(
            Instant::now() < deadline,
            "/healthz still answers {status}:\n{body}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Scrapes `/metrics` until `check` holds (what the bot counts after it answered may come a
/// moment after the stand-in saw the answer); the scrape then. Panics after [`WAIT`].
async fn metrics_until(addr: SocketAddr, check: impl Fn(&str) -> bool) -> String {
    let deadline = Instant::now() + WAIT;
    loop {
        let (_, _, text) = get(addr, "/metrics").await;
        if check(&text) {
            return text;
        }
        assert!(
            Instant::now() < deadline,
            "/metrics never got there:\n{text}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The value of the series `series` (its name and labels as rendered) in the scrape `text`;
/// 0 when absent (a labelled counter appears with its first count).
fn value(text: &str, series: &str) -> f64 {
    text.lines()
        .find_map(|l| l.strip_prefix(series)?.strip_prefix(' ')?.parse().ok())
        .unwrap_or(0.0)
}

/// `promtool check metrics` of `text` (Debian's `prometheus` package). Where promtool is not
/// installed the check is skipped with a note, unless `FOCUS_REQUIRE_PROMTOOL=1` (CI) makes
/// that a failure.
fn promtool_accepts(text: &str) {
    let required = std::env::var("FOCUS_REQUIRE_PROMTOOL").is_ok_and(|v| v == "1");
    let child = Command::new("promtool")
        .args(["check", "metrics"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(child) => child,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            assert!(
                !required,
                "promtool is missing and FOCUS_REQUIRE_PROMTOOL=1: install Debian's prometheus \
                 package (apt-get install prometheus)"
            );
            eprintln!(
                "note: promtool not found (Debian's prometheus package); the scrape was not \
                 checked by it"
            );
            return;
        }
        Err(e) => panic!("cannot run promtool: {e}"),
    };
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(text.as_bytes())
        .expect("write to promtool");
    let output = child.wait_with_output().expect("promtool runs");
    assert!(
        output.status.success() && output.stdout.is_empty(),
        "promtool check metrics: {}\n{}{}\nof the scrape:\n{text}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// `user` sends `/<command>` with `options` in `channel`; the first answer.
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_moves_the_metrics_and_promtool_accepts_them() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let db = dir.path().join("focus.db");
    let bot = Bot::start(&fake, fake.api_base(), &db, Duration::from_secs(60)).await;
    wait_registered(&fake, 1).await;
    let (status, kind, before) = get(bot.addr, "/metrics").await;
    assert_eq!(status, 200);
    assert_eq!(kind, "text/plain; version=0.0.4; charset=utf-8");
    promtool_accepts(&before);

    // Alice challenges Bob, Bob accepts, Alice moves, moves again out of turn (refused), Bob
    // moves.
    let (alice, bob) = (fake.user("alice"), fake.user("bob"));
    let general = fake.channel("general");
    let challenge = slash(
        &fake,
        &alice,
        general,
        "focus challenge",
        json!({ "opponent": bob.id, "color": 0 }),
    )
    .await;
    let message = challenge.message_id.expect("the challenge's message");
    let id = fake
        .click(&bob, general, message, &challenge.custom_ids()[0])
        .await;
    fake.reply_to(id, WAIT).await;
    fake.reply_to(id, WAIT).await;
    let played = slash(
        &fake,
        &alice,
        general,
        "focus move",
        json!({ "move": "c4-d4" }),
    )
    .await;
    assert!(!played.ephemeral(), "{}", played.text());
    let refused = slash(
        &fake,
        &alice,
        general,
        "focus move",
        json!({ "move": "b4-c4" }),
    )
    .await;
    assert!(refused.ephemeral(), "{}", refused.text());
    let played = slash(
        &fake,
        &bob,
        general,
        "focus move",
        json!({ "move": "e4-d4" }),
    )
    .await;
    assert!(!played.ephemeral(), "{}", played.text());

    // The latency of the last answer is counted once the stand-in took it.
    let clicks = r#"focus_command_latency_seconds_count{kind="click"}"#;
    let after = metrics_until(bot.addr, |text| {
        value(
            text,
            r#"focus_command_latency_seconds_count{kind="command"}"#,
        ) >= 4.0
            && value(text, clicks) >= 1.0
    })
    .await;
    let moved = |series: &str| value(&after, series) - value(&before, series);
    let commands = r#"focus_commands_total{command="#;
    for (series, by) in [
        (format!(r#"{commands}"challenge",outcome="ok"}}"#), 1.0),
        (format!(r#"{commands}"click:accept",outcome="ok"}}"#), 1.0),
        (format!(r#"{commands}"move",outcome="ok"}}"#), 2.0),
        (format!(r#"{commands}"move",outcome="refused"}}"#), 1.0),
        (format!(r#"{commands}"move",outcome="failed"}}"#), 0.0),
        (r#"focus_moves_total{by="person"}"#.to_owned(), 2.0),
        (r#"focus_moves_total{by="bot"}"#.to_owned(), 0.0),
        (
            r#"focus_games_in_play{kind="people",pace="correspondence"}"#.to_owned(),
            1.0,
        ),
        (
            r#"focus_games_in_play{kind="bot",pace="correspondence"}"#.to_owned(),
            0.0,
        ),
        // Every interaction's first response: four slash commands and a click.
        (
            r#"focus_command_latency_seconds_count{kind="command"}"#.to_owned(),
            4.0,
        ),
        (
            r#"focus_command_latency_seconds_count{kind="click"}"#.to_owned(),
            1.0,
        ),
        ("focus_discord_send_failures_total".to_owned(), 0.0),
    ] {
        assert_eq!(moved(&series), by, "{series} in\n{after}");
    }
    // Answered within Discord's three seconds, on this machine.
    let within = r#"focus_command_latency_seconds_bucket{kind="command",le="3"}"#;
    assert_eq!(value(&after, within), 4.0, "{after}");
    assert!(value(&after, "focus_database_size_bytes") > 0.0, "{after}");
    assert_eq!(value(&after, "focus_gateway_connected"), 1.0, "{after}");
    assert!(
        value(&after, "focus_sweep_last_success_timestamp_seconds") > 1.7e9,
        "{after}"
    );
    // Bounded labels: no user, game or channel id in any series' name or labels. Only those
    // are read: a sample's value may hold the digits of an id by chance (a latency of
    // 0.6890000000000001 s holds user 9000's).
    let names_and_labels: Vec<&str> = after
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| match line.find('}') {
            Some(end) => &line[..=end],
            None => line.split(' ').next().unwrap_or(line),
        })
        .collect();
    for id in [alice.id, bob.id, general, fake.guild_id()] {
        let id = id.to_string();
        assert!(
            names_and_labels.iter().all(|series| !series.contains(&id)),
            "{id} in\n{after}"
        );
    }
    promtool_accepts(&after);

    let (status, _, body) = get(bot.addr, "/healthz").await;
    assert_eq!((status, body.as_str()), (200, "ok\n"));
    let (status, _, _) = get(bot.addr, "/nothing").await;
    assert_eq!(status, 404);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn healthz_is_503_while_the_gateway_is_away_and_says_which_check_failed() {
    let dir = tempfile::tempdir().unwrap();
    let switch = Switch::off();
    let fake = FakeDiscord::start_behind(FakeGuild::standard(), switch.base()).await;
    let sweep = Duration::from_secs(2);
    let bot = Bot::start(&fake, switch.base(), &dir.path().join("focus.db"), sweep).await;

    // Discord unreachable from the start: no gateway, so no sweeper either.
    let body = healthz_until(bot.addr, |status, _| status == 503).await;
    assert_eq!(
        body,
        "gateway: not connected to Discord\nsweeper: has not swept yet\n"
    );
    switch.on(fake.address()).await;
    wait_registered(&fake, 1).await;
    healthz_until(bot.addr, |status, body| status == 200 && body == "ok\n").await;

    // The stand-in drops the gateway: serenity resumes it, and counts a reconnection.
    assert!(fake.drop_gateway(), "a live session to drop");
    fake.wait_gateway(WAIT, |s| s.connected && s.resumes >= 1)
        .await;
    let resumes = r#"focus_gateway_reconnects_total{how="resume"}"#;
    let text = metrics_until(bot.addr, |text| value(text, resumes) >= 1.0).await;
    assert_eq!(value(&text, resumes), 1.0, "{text}");
    let identifies = r#"focus_gateway_reconnects_total{how="identify"}"#;
    assert_eq!(value(&text, identifies), 0.0, "{text}");
    healthz_until(bot.addr, |status, _| status == 200).await;

    // Dropped and kept away (the network cut): 503, the gateway named; 200 once it is back.
    switch.cut();
    let body = healthz_until(bot.addr, |status, _| status == 503).await;
    assert_eq!(body, "gateway: not connected to Discord\n");
    let (_, _, text) = get(bot.addr, "/metrics").await;
    assert_eq!(value(&text, "focus_gateway_connected"), 0.0, "{text}");
    switch.on(fake.address()).await;
    healthz_until(bot.addr, |status, body| status == 200 && body == "ok\n").await;

    // The database closed under the bot: not writable, and the sweeper stops sweeping.
    bot.service.store().close().await;
    let body = healthz_until(bot.addr, |_, body| body.contains("sweeper:")).await;
    let lines: Vec<&str> = body.lines().collect();
    assert_eq!(lines.len(), 2, "{body}");
    assert!(lines[0].starts_with("database: not writable: "), "{body}");
    assert!(
        lines[1].starts_with("sweeper: last swept ")
            && lines[1].ends_with(" s ago, more than two intervals (4 s)"),
        "{body}"
    );
    bot.stop().await;
}

/// A token as Discord makes them (three base64 parts), recognisable in any output.
const TOKEN: &str = "MTA5ODc2NTQzMjEwOTg3NjU0Mw.GfOcUs.rEcOgNiSaBlE_tOkEn-0123456789abcdef";

/// The forms a log could show the token in: as it is, in hexadecimal (a WebSocket frame's
/// payload, as tungstenite traces it) and as a list of bytes (a frame's `Debug`).
fn token_forms() -> [String; 3] {
    let hex: String = TOKEN.bytes().map(|b| format!("{b:02x}")).collect();
    let bytes: Vec<String> = TOKEN.bytes().map(|b| b.to_string()).collect();
    [TOKEN.to_owned(), hex, bytes.join(", ")]
}

/// Runs the binary against the stand-in with `LOG_FORMAT=format` and everything traced,
/// through a command, a scrape and a clean stop; everything it printed.
async fn a_traced_run(format: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let addr = free_addr();
    let bot = Running::start(
        dir.path(),
        &[],
        &[
            ("DISCORD_TOKEN", TOKEN.to_owned()),
            ("DISCORD_API_BASE", fake.api_base()),
            ("GUILD_ID", fake.guild_id().to_string()),
            (
                "DATABASE_PATH",
                dir.path().join("focus.db").display().to_string(),
            ),
            ("METRICS_ADDR", addr.to_string()),
            ("LOG_FORMAT", format.to_owned()),
            ("RUST_LOG", "trace".to_owned()),
        ],
    );
    wait_registered(&fake, 1).await;
    // The token was used: the gateway got it.
    let identify = fake.identify_payload().expect("an IDENTIFY");
    assert_eq!(identify["token"], format!("Bot {TOKEN}"));
    let alice = fake.user("alice");
    let rules = slash(
        &fake,
        &alice,
        fake.channel("general"),
        "focus rules",
        json!({}),
    )
    .await;
    assert!(rules.ephemeral());
    let (status, _, text) = get(addr, "/metrics").await;
    assert_eq!(status, 200);
    assert_eq!(
        value(
            &text,
            r#"focus_commands_total{command="rules",outcome="ok"}"#
        ),
        1.0
    );
    healthz_until(addr, |status, _| status == 200).await;
    let (status, output) = bot.stopped("TERM").await;
    assert_eq!(status.code(), Some(0), "{output}");
    for form in token_forms() {
        assert!(!output.contains(&form), "the token ({form}) was logged");
    }
    // Traced indeed: serenity's and the WebSocket's lines are there.
    assert!(output.contains("serenity"), "{output}");
    assert!(output.contains("tungstenite"), "{output}");
    output
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_token_is_in_no_json_log_each_line_an_object() {
    let output = a_traced_run("json").await;
    let mut lines = 0;
    for line in output.lines().filter(|l| !l.is_empty()) {
        let object: Value =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("not a JSON line ({e}): {line}"));
        assert!(
            object["timestamp"].is_string() && object["level"].is_string(),
            "{line}"
        );
        lines += 1;
    }
    assert!(
        output.contains(r#""message":"serving /healthz and /metrics""#),
        "{output}"
    );
    assert!(lines > 20, "{lines} lines:\n{output}");
    assert!(output.contains(r#""level":"TRACE""#), "{output}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_token_is_in_no_text_log() {
    let output = a_traced_run("text").await;
    assert!(output.contains(" INFO "), "{output}");
    assert!(
        !output.lines().any(|l| l.starts_with('{')),
        "JSON in a text log"
    );
}
