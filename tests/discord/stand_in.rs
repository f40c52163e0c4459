//! The local Discord stand-in (`tests/support/discord.rs`) checked against the real serenity
//! 0.12.5 and poise 0.7.1: what it sends deserialises as serenity's models, and a small poise bot
//! started against it registers its commands, answers slash commands, autocomplete and buttons,
//! meets the simulated failures, survives a dropped gateway and shuts down.
// Longer than 400 lines: the stand-in checked against serenity and poise: the tests share their
// small bot.
//!
//! Everything stays on 127.0.0.1; the token is a fake one. Every wait is bounded, so a broken
//! stand-in fails the test instead of hanging it.

use crate::support;

use std::io::Cursor;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serde_json::json;
use serenity::Mentionable;
use support::discord::{FAKE_TOKEN, FakeDiscord, FakeGuild, ReplyKind, THREADS_BUCKET, option};

/// Long enough for a loaded 2-core machine; only reached when something is broken.
const WAIT: Duration = Duration::from_secs(60);

// ---- the JSON the fake sends, against serenity's model -----------------------------------------

#[tokio::test]
async fn gateway_and_interaction_payloads_deserialise_as_serenity_models() {
    let fake = FakeDiscord::start().await;
    let alice = fake.user("alice");
    let bob = fake.user("bob");
    let general = fake.channel("general");

    let ready: serenity::Ready = serde_json::from_value(fake.ready_json()).expect("READY");
    assert_eq!(ready.user.id.get(), fake.bot_user().id);
    assert_eq!(ready.application.id.get(), fake.application_id());

    let guild: serenity::GuildCreateEvent =
        serde_json::from_value(fake.guild_create_json()).expect("GUILD_CREATE");
    let guild = guild.guild;
    assert_eq!(guild.channels.len(), fake.guild().channels.len());
    assert_eq!(guild.members.len(), fake.guild().members.len());
    // The cache's permission check sees the overwrite that denies the bot Attach Files.
    let bot_member = &guild.members[&serenity::UserId::new(fake.bot_user().id)];
    let no_files = &guild.channels[&serenity::ChannelId::new(fake.channel("no-files"))];
    let here = guild.user_permissions_in(no_files, bot_member);
    assert!(here.send_messages() && !here.attach_files());

    // A slash command with a subcommand, a string and a USER option (no schema registered: the
    // user option is typed by hand here, as the registered schema would type it).
    let mut slash = fake.slash_json(
        &alice,
        Some(general),
        "focus challenge",
        &json!({ "rules": "swap" }),
    );
    let leaf = json!({ "name": "opponent", "type": 6, "value": bob.id.to_string() });
    slash["data"]["options"][0]["options"]
        .as_array_mut()
        .unwrap()
        .push(leaf);
    slash["data"]["resolved"] = json!({ "users": { bob.id.to_string(): bob.json() } });
    let serenity::Interaction::Command(command) =
        serde_json::from_value(slash).expect("slash command interaction")
    else {
        panic!("not a command interaction");
    };
    assert_eq!(command.user.id.get(), alice.id, "user taken from member");
    assert_eq!(command.guild_id.map(|g| g.get()), Some(fake.guild_id()));
    assert!(command.app_permissions.is_some());
    let options = command.data.options();
    let serenity::ResolvedValue::SubCommand(sub) = &options[0].value else {
        panic!("no subcommand: {options:?}");
    };
    assert_eq!(options[0].name, "challenge");
    assert!(sub.iter().any(|o| matches!(
        o.value,
        serenity::ResolvedValue::User(u, _) if u.id.get() == bob.id
    )));

    let dm = fake.slash_json(&alice, None, "focus games", &json!({}));
    let serenity::Interaction::Command(dm) = serde_json::from_value(dm).expect("DM interaction")
    else {
        panic!("not a command interaction");
    };
    assert!(dm.guild_id.is_none() && dm.member.is_none());
    assert_eq!(dm.user.id.get(), alice.id);

    let auto = fake.autocomplete_json(&alice, general, "focus move", &json!({}), "move", "c4");
    let serenity::Interaction::Autocomplete(auto) =
        serde_json::from_value(auto).expect("autocomplete interaction")
    else {
        panic!("not an autocomplete interaction");
    };
    let focused = auto.data.autocomplete().expect("focused option");
    assert_eq!((focused.name, focused.value), ("move", "c4"));

    let click = fake.click_json(&bob, general, 4242, "game:7:accept");
    let serenity::Interaction::Component(click) =
        serde_json::from_value(click).expect("component interaction")
    else {
        panic!("not a component interaction");
    };
    assert_eq!(click.data.custom_id, "game:7:accept");
    assert_eq!(click.message.id.get(), 4242);
}

#[tokio::test]
async fn rest_answers_deserialise_through_serenity_http() {
    let fake = FakeDiscord::start().await;
    let http = fake.http();
    let general = serenity::ChannelId::new(fake.channel("general"));

    let gateway = http.get_gateway().await.expect("GET /gateway");
    assert_eq!(gateway.url, fake.gateway_url());
    let app = http
        .get_current_application_info()
        .await
        .expect("application");
    assert_eq!(app.id.get(), fake.application_id());
    let me = http.get_current_user().await.expect("users/@me");
    assert!(me.bot);
    http.set_application_id(app.id);

    let sent = general.say(&http, "hello").await.expect("channel message");
    assert_eq!(sent.content, "hello");
    let edited = general
        .edit_message(
            &http,
            sent.id,
            serenity::EditMessage::new().content("hello again"),
        )
        .await
        .expect("edit");
    assert_eq!(edited.content, "hello again");
    let reply = fake.next_reply(WAIT).await;
    assert_eq!(reply.kind, ReplyKind::ChannelMessage);
    assert_eq!(reply.text(), "hello");
    assert_eq!(
        fake.next_reply(WAIT).await.kind,
        ReplyKind::EditChannelMessage
    );

    // Missing Permissions, chosen by the test and computed from an overwrite.
    fake.deny_channel_messages(general.get());
    let denied = general.say(&http, "nope").await.expect_err("denied");
    assert_eq!(discord_code(&denied), Some(50013));
    let announcements = serenity::ChannelId::new(fake.channel("announcements"));
    let denied = announcements.say(&http, "nope").await.expect_err("denied");
    assert_eq!(discord_code(&denied), Some(50013));

    // DMs: open, send; then closed DMs fail with 50007.
    let bob = serenity::UserId::new(fake.user("bob").id);
    let dm = bob.create_dm_channel(&http).await.expect("DM channel");
    assert_eq!(dm.recipient.id, bob);
    bob.direct_message(&http, serenity::CreateMessage::new().content("your move"))
        .await
        .expect("DM");
    let reply = fake.next_reply(WAIT).await;
    assert_eq!(reply.dm_to, Some(bob.get()));
    fake.close_dms(bob.get());
    let closed = bob
        .direct_message(&http, serenity::CreateMessage::new().content("again"))
        .await
        .expect_err("closed DMs");
    assert_eq!(discord_code(&closed), Some(50007));

    let member = http
        .get_member(serenity::GuildId::new(fake.guild_id()), bob)
        .await
        .expect("member");
    assert_eq!(member.user.name, "bob");
    http.get_channel(general).await.expect("channel");
    assert!(
        fake.unknown_routes().is_empty(),
        "{:?}",
        fake.unknown_routes()
    );
}

// ---- places reached through a user's install (issue 23) ---------------------------------------

/// The venue the bot tells from `interaction` (a command's, a click's) by its own rules.
fn venue_of(interaction: serde_json::Value) -> &'static str {
    use focus_bot::discord::interaction::venue_of as venue;
    match serde_json::from_value(interaction).expect("an interaction") {
        serenity::Interaction::Command(i) => venue(
            i.guild_id,
            i.context,
            &i.authorizing_integration_owners,
            i.channel.as_ref(),
        ),
        serenity::Interaction::Component(i) => venue(
            i.guild_id,
            i.context,
            &i.authorizing_integration_owners,
            i.channel.as_ref(),
        ),
        other => panic!("not a command or a click: {other:?}"),
    }
    .as_str()
}

#[tokio::test]
async fn interactions_where_only_a_users_install_reaches_the_app_deserialise_and_tell_their_place()
{
    let fake = FakeDiscord::start().await;
    let (alice, bob) = (fake.user("alice"), fake.user("bob"));
    fake.install_to_user(&alice);
    let guest = fake.add_guest_server(FakeGuild::guest(
        9500,
        "Friends",
        &[alice.clone(), bob.clone()],
    ));
    let gdm = fake.group_dm(&[alice.clone(), bob.clone()]);
    let dm = fake.user_dm(&alice, &bob);
    let general = fake.channel("general");
    let options = json!({});

    // Each place as Discord sends it, and as the bot tells it.
    let slash = |channel| fake.slash_json(&alice, channel, "focus games", &options);
    let places = [
        (
            Some(general),
            "server",
            0,
            json!({ "0": "9000", "1": "9201" }),
        ),
        (Some(guest), "guest", 0, json!({ "1": "9201" })),
        (Some(gdm), "group-dm", 2, json!({ "1": "9201" })),
        (Some(dm), "dm", 2, json!({ "1": "9201" })),
        (None, "bot-dm", 1, json!({ "0": "0", "1": "9201" })),
    ];
    for (channel, venue, context, owners) in places {
        let interaction = slash(channel);
        assert_eq!(interaction["context"], context, "{venue}");
        assert_eq!(
            interaction["authorizing_integration_owners"], owners,
            "{venue}"
        );
        assert_eq!(venue_of(interaction.clone()), venue);
        let serenity::Interaction::Command(command) =
            serde_json::from_value(interaction).expect("a command")
        else {
            panic!("{venue}");
        };
        let perms = command.app_permissions.expect("app_permissions");
        match venue {
            "server" => assert!(perms.send_messages() && perms.view_channel()),
            "guest" => {
                // Only what an answer uses: no View Channel, no Send Messages.
                assert_eq!(
                    perms,
                    serenity::Permissions::ATTACH_FILES | serenity::Permissions::EMBED_LINKS
                );
                assert_eq!(command.guild_id.map(|g| g.get()), Some(9500));
                assert!(command.member.is_some());
            }
            "group-dm" | "dm" => {
                assert_eq!(
                    perms,
                    serenity::Permissions::ATTACH_FILES
                        | serenity::Permissions::EMBED_LINKS
                        | serenity::Permissions::MENTION_EVERYONE
                );
                let kind = command.channel.as_ref().map(|c| c.kind);
                let expected = if venue == "dm" {
                    serenity::ChannelType::Private
                } else {
                    serenity::ChannelType::GroupDm
                };
                assert_eq!(kind, Some(expected));
                assert!(command.member.is_none() && command.guild_id.is_none());
            }
            _ => assert!(perms.use_external_emojis()),
        }
    }

    // Bob never installed the app (see the test below), but his clicks and choices on a
    // message there carry Alice's install.
    let select = fake.select_json(&bob, gdm, 4242, "focus:pick:1:0:o", &["p:c5"]);
    assert_eq!(
        select["authorizing_integration_owners"],
        json!({ "1": "9201" })
    );
    assert_eq!(venue_of(select.clone()), "group-dm");
    let serenity::Interaction::Component(click) = serde_json::from_value(select).expect("a select")
    else {
        panic!("not a component interaction");
    };
    assert_eq!(click.user.id.get(), bob.id);
    assert!(matches!(
        &click.data.kind,
        serenity::ComponentInteractionDataKind::StringSelect { values } if values == &["p:c5"]
    ));
    let form = fake.form_json(
        &bob,
        guest,
        Some(4242),
        "focus:typed:1:0",
        &[("text", "c5-e5")],
    );
    assert_eq!(form["type"], 5);
    let serenity::Interaction::Modal(form) = serde_json::from_value(form).expect("a form") else {
        panic!("not a modal submit");
    };
    assert_eq!(form.data.custom_id, "focus:typed:1:0");
    assert_eq!(form.guild_id.map(|g| g.get()), Some(9500));
    let serenity::ActionRowComponent::InputText(text) = &form.data.components[0].components[0]
    else {
        panic!("not a text input");
    };
    assert_eq!(
        (text.custom_id.as_str(), text.value.as_deref()),
        ("text", Some("c5-e5"))
    );
}

#[tokio::test]
#[should_panic(expected = "bob has not installed the app, so Discord offers them no slash command")]
async fn a_user_without_the_app_has_no_slash_command_in_a_group_dm() {
    let fake = FakeDiscord::start().await;
    let (alice, bob) = (fake.user("alice"), fake.user("bob"));
    fake.install_to_user(&alice);
    let gdm = fake.group_dm(&[alice, bob.clone()]);
    fake.slash_json(&bob, Some(gdm), "focus games", &json!({}));
}

#[tokio::test]
async fn the_bot_only_answers_where_a_users_install_reaches_it_within_discords_limits() {
    let fake = FakeDiscord::start().await;
    let clock = std::sync::Arc::new(std::sync::atomic::AtomicI64::new(1_772_442_000_000));
    let now = clock.clone();
    fake.set_clock(move || now.load(std::sync::atomic::Ordering::SeqCst));
    let http = fake.http();
    http.set_application_id(serenity::ApplicationId::new(fake.application_id()));
    let alice = fake.user("alice");
    fake.install_to_user(&alice);
    let guest = fake.add_guest_server(FakeGuild::guest(
        9500,
        "Friends",
        std::slice::from_ref(&alice),
    ));
    let gdm = fake.group_dm(&[alice.clone(), fake.user("bob")]);
    let general = fake.channel("general");

    // No post of its own where the bot is not.
    for channel in [guest, gdm] {
        let refused = serenity::ChannelId::new(channel)
            .say(&http, "hello")
            .await
            .expect_err("the bot is not there");
        assert_eq!(discord_code(&refused), Some(50001));
    }
    assert_eq!(fake.refusals(50001).len(), 2);

    // An interaction answered and followed up: 5 follow-ups where only a user's install
    // reaches the app, as many as it likes on a server that added it.
    let message = |text: &str| json!({ "type": 4, "data": { "content": text } });
    let followup = json!({ "content": "more" });
    for (channel, allowed) in [(gdm, Some(5)), (guest, Some(5)), (general, None)] {
        let interaction = fake.slash_json(&alice, Some(channel), "focus games", &json!({}));
        let token = interaction["token"].as_str().unwrap().to_owned();
        let id = serenity::InteractionId::new(fake.record_interaction(&interaction));
        // Before its answer there is nothing to edit, and no webhook to follow up on.
        let early = http
            .edit_original_interaction_response(&token, &followup, vec![])
            .await
            .expect_err("no answer yet");
        assert_eq!(discord_code(&early), Some(10015));
        http.create_interaction_response(id, &token, &message("here"), vec![])
            .await
            .expect("the answer");
        for n in 1..=6 {
            let sent = http
                .create_followup_message(&token, &followup, vec![])
                .await;
            match (allowed, sent) {
                (Some(limit), Err(e)) if n > limit => assert_eq!(discord_code(&e), Some(40094)),
                (_, Ok(m)) => assert_eq!(m.content, "more"),
                (_, Err(e)) => panic!("follow-up {n} in {channel}: {e}"),
            }
        }
    }
    assert_eq!(fake.refusals(40094).len(), 2);

    // A token works for 15 minutes, to the millisecond; then edits and follow-ups answer 401
    // (50027) and a callback 404 (10062), each recorded.
    let interaction = fake.slash_json(&alice, Some(gdm), "focus games", &json!({}));
    let token = interaction["token"].as_str().unwrap().to_owned();
    let id = serenity::InteractionId::new(fake.record_interaction(&interaction));
    let late = fake.slash_json(&alice, Some(gdm), "focus games", &json!({}));
    let late_token = late["token"].as_str().unwrap().to_owned();
    let late_id = serenity::InteractionId::new(fake.record_interaction(&late));
    http.create_interaction_response(id, &token, &message("here"), vec![])
        .await
        .expect("the answer");
    clock.fetch_add(15 * 60 * 1000, std::sync::atomic::Ordering::SeqCst);
    http.edit_original_interaction_response(&token, &followup, vec![])
        .await
        .expect("at 15 minutes, still");
    clock.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    let expired = http
        .edit_original_interaction_response(&token, &followup, vec![])
        .await
        .expect_err("expired");
    assert_eq!(discord_code(&expired), Some(50027));
    let expired = http
        .create_followup_message(&token, &followup, vec![])
        .await
        .expect_err("expired");
    assert_eq!(discord_code(&expired), Some(50027));
    let expired = http
        .create_interaction_response(late_id, &late_token, &message("late"), vec![])
        .await
        .expect_err("expired");
    assert_eq!(discord_code(&expired), Some(10062));
    let uses: Vec<(String, u16, Option<u64>)> = fake
        .expired_token_uses()
        .into_iter()
        .map(|r| (r.method, r.status, r.code))
        .collect();
    assert_eq!(
        uses,
        [
            ("PATCH".to_owned(), 401, Some(50027)),
            ("POST".to_owned(), 401, Some(50027)),
            ("POST".to_owned(), 404, Some(10062)),
        ]
    );
}

/// The header `name` of `response`, as text ("" without it).
fn header(response: &reqwest::Response, name: &str) -> String {
    response
        .headers()
        .get(name)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned()
}

#[tokio::test]
async fn thread_creation_limits_answer_429_as_discord_and_serenity_reads_them() {
    use ::serenity::http::{LightMethod, Ratelimit, RatelimitInfo, Request, Route};

    let fake = FakeDiscord::start_with(FakeGuild::standard().with_threads()).await;
    let http = fake.http();
    let general = serenity::ChannelId::new(fake.channel("general"));
    let mut boards = Vec::new();
    for n in 0..6 {
        boards.push(
            general
                .say(&http, format!("board {n}"))
                .await
                .expect("posted")
                .id,
        );
    }
    let client = reqwest::Client::builder()
        .no_proxy()
        .build()
        .expect("client");
    // A thread started as serenity sends it behind a proxy (its ratelimiter off), answered raw.
    let start = |message: serenity::MessageId| {
        let request = Request::new(
            Route::ChannelMessageThreads {
                channel_id: general,
                message_id: message,
            },
            LightMethod::Post,
        )
        .body(Some(
            serde_json::to_vec(&json!({ "name": "a game" })).unwrap(),
        ));
        let sent = request
            .clone()
            .build(&client, FAKE_TOKEN, Some(&fake.api_base()))
            .expect("a request");
        async move { (request, sent.send().await.expect("an answer")) }
    };

    // No limit unless a test asks for one: no rate-limit headers either.
    let (_, free) = start(boards[0]).await;
    assert_eq!(free.status(), 201);
    assert_eq!(header(&free, "x-ratelimit-limit"), "");

    // Two per second: the first two go through, counting down, the third is refused.
    fake.limit_thread_creation(2, Duration::from_secs(1));
    let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::<RatelimitInfo>::new()));
    let record = seen.clone();
    let callback = move |info: RatelimitInfo| record.lock().unwrap().push(info);
    let mut bucket = Ratelimit::default();
    for (message, remaining) in [(boards[1], 1), (boards[2], 0)] {
        let (request, answer) = start(message).await;
        assert_eq!(answer.status(), 201);
        assert_eq!(header(&answer, "x-ratelimit-limit"), "2");
        assert_eq!(
            header(&answer, "x-ratelimit-remaining"),
            remaining.to_string()
        );
        assert_eq!(header(&answer, "x-ratelimit-bucket"), THREADS_BUCKET);
        assert_eq!(header(&answer, "x-ratelimit-scope"), "", "only with a 429");
        let reset_after: f64 = header(&answer, "x-ratelimit-reset-after").parse().unwrap();
        assert!(0.0 < reset_after && reset_after <= 1.0, "{reset_after}");
        let reset: f64 = header(&answer, "x-ratelimit-reset").parse().unwrap();
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs_f64();
        assert!((reset - now - reset_after).abs() < 0.5, "{reset} {now}");
        // serenity's ratelimiter takes the bucket's numbers, and sees no reason to retry.
        let retry = bucket
            .post_hook(&answer, &request, &callback, false)
            .await
            .expect("headers serenity parses");
        assert!(!retry);
        assert_eq!((bucket.limit(), bucket.remaining()), (2, remaining));
        assert!(
            bucket
                .reset_after()
                .is_some_and(|d| d <= Duration::from_secs(1))
        );
    }
    let (request, refused) = start(boards[3]).await;
    assert_eq!(refused.status(), 429);
    assert_eq!(
        header(&refused, "retry-after"),
        "1",
        "whole seconds, rounded up"
    );
    assert_eq!(header(&refused, "x-ratelimit-limit"), "2");
    assert_eq!(header(&refused, "x-ratelimit-remaining"), "0");
    assert_eq!(header(&refused, "x-ratelimit-bucket"), THREADS_BUCKET);
    assert_eq!(header(&refused, "x-ratelimit-scope"), "user");
    assert_eq!(
        header(&refused, "x-ratelimit-global"),
        "",
        "not a global limit"
    );
    assert!(
        header(&refused, "x-ratelimit-reset-after")
            .parse::<f64>()
            .unwrap()
            <= 1.0
    );
    // serenity's ratelimiter waits the Retry-After out, then asks to send again.
    let waited = std::time::Instant::now();
    let retry = bucket
        .post_hook(&refused, &request, &callback, false)
        .await
        .expect("headers serenity parses");
    assert!(retry, "a 429 is retried");
    assert!(
        waited.elapsed() >= Duration::from_secs(1),
        "{:?}",
        waited.elapsed()
    );
    {
        let seen = seen.lock().unwrap();
        assert_eq!(seen.len(), 1, "{seen:?}");
        assert_eq!(seen[0].timeout, Duration::from_secs(1));
        assert!(!seen[0].global);
        assert_eq!(seen[0].limit, 2);
    }
    let body: serde_json::Value =
        serde_json::from_slice(&refused.bytes().await.expect("a body")).expect("a JSON body");
    assert_eq!(body["message"], "You are being rate limited.");
    assert_eq!(body["global"], false);
    let retry_after = body["retry_after"].as_f64().expect("seconds");
    assert!(0.0 < retry_after && retry_after <= 1.0, "{retry_after}");
    assert!(
        fake.thread(boards[3].get()).is_none(),
        "a 429 starts nothing"
    );
    // The window is over: the retry goes through, in a new window.
    let (_, retried) = start(boards[3]).await;
    assert_eq!(retried.status(), 201);
    assert_eq!(header(&retried, "x-ratelimit-remaining"), "1");

    // serenity without its ratelimiter (as behind a proxy) hands the 429 back as an error,
    // with neither Retry-After nor retry_after: its body has no `code`, which serenity wants.
    let (_, last) = start(boards[4]).await;
    assert_eq!(last.status(), 201);
    let error = general
        .create_thread_from_message(&http, boards[5], serenity::CreateThread::new("late"))
        .await
        .expect_err("rate limited");
    let serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)) = &error else {
        panic!("{error:?}");
    };
    assert_eq!(response.status_code.as_u16(), 429);
    assert_eq!(response.error.code, -1, "{:?}", response.error);

    // Every 429, in the request log.
    let limited = fake.rate_limited();
    assert_eq!(limited.len(), 2, "{limited:?}");
    for (r, message) in limited.iter().zip([boards[3], boards[5]]) {
        assert_eq!(r.method, "POST");
        assert_eq!(
            r.path,
            format!("/api/v10/channels/{general}/messages/{message}/threads")
        );
    }
    assert_eq!(fake.threads().len(), 5);
}

// ---- a poise bot against the fake --------------------------------------------------------------

type Error = Box<dyn std::error::Error + Send + Sync>;
type Context<'a> = poise::Context<'a, Data, Error>;

struct Data;

/// Test command with subcommands.
#[poise::command(
    slash_command,
    guild_only,
    subcommands("pong", "secret", "slow", "notify"),
    subcommand_required
)]
async fn ping(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// A picture, an embed and a button.
#[poise::command(slash_command, guild_only, required_bot_permissions = "ATTACH_FILES")]
async fn pong(
    ctx: Context<'_>,
    #[description = "A word"]
    #[autocomplete = "complete_word"]
    word: String,
    #[description = "Someone to greet"] whom: Option<serenity::User>,
) -> Result<(), Error> {
    let mut content = format!("pong {word}");
    let mut mentions = serenity::CreateAllowedMentions::new();
    if let Some(whom) = &whom {
        content += &format!(" for {}", whom.mention());
        mentions = mentions.users([whom.id]);
    }
    let reply = poise::CreateReply::default()
        .content(content)
        .attachment(serenity::CreateAttachment::bytes(tiny_png(), "board.png"))
        .embed(
            serenity::CreateEmbed::new()
                .title("Board")
                .image("attachment://board.png")
                .field("ply", "1", true)
                .colour(0x336699),
        )
        .components(vec![serenity::CreateActionRow::Buttons(vec![
            serenity::CreateButton::new("ping:again:42").label("Again"),
            serenity::CreateButton::new("ping:stop:42")
                .label("Stop")
                .style(serenity::ButtonStyle::Danger),
        ])])
        .allowed_mentions(mentions);
    ctx.send(reply).await?;
    Ok(())
}

async fn complete_word(_ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let choices = ["apple", "apricot", "banana"]
        .into_iter()
        .filter(|w| w.starts_with(partial))
        .map(serenity::AutocompleteChoice::from)
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// An ephemeral answer.
#[poise::command(slash_command, guild_only)]
async fn secret(ctx: Context<'_>) -> Result<(), Error> {
    ctx.send(
        poise::CreateReply::default()
            .content("only you")
            .ephemeral(true),
    )
    .await?;
    Ok(())
}

/// Defers, answers with a file in a follow-up, then edits it.
#[poise::command(slash_command, guild_only)]
async fn slow(ctx: Context<'_>) -> Result<(), Error> {
    ctx.defer().await?;
    let handle = ctx
        .send(
            poise::CreateReply::default()
                .content("thinking done")
                .attachment(serenity::CreateAttachment::bytes(tiny_png(), "late.png")),
        )
        .await?;
    let message = handle.message().await?;
    assert_eq!(message.attachments.len(), 1);
    handle
        .edit(ctx, poise::CreateReply::default().content("edited"))
        .await?;
    Ok(())
}

/// Posts in a channel and DMs the caller; reports the outcome codes.
#[poise::command(slash_command, guild_only)]
async fn notify(
    ctx: Context<'_>,
    #[description = "Where to post"] place: serenity::GuildChannel,
) -> Result<(), Error> {
    let posted = place.id.say(ctx, "a notice").await;
    let dm = ctx
        .author()
        .direct_message(ctx, serenity::CreateMessage::new().content("psst"))
        .await;
    let outcome = format!("channel {}, dm {}", outcome(&posted), outcome(&dm));
    ctx.send(
        poise::CreateReply::default()
            .content(outcome)
            .ephemeral(true),
    )
    .await?;
    Ok(())
}

fn outcome(result: &Result<serenity::Message, serenity::Error>) -> String {
    match result {
        Ok(_) => "ok".into(),
        // With the cache on, serenity itself refuses a send the cached overwrites forbid, before
        // any request: the bot must handle this as well as Discord's 50013.
        Err(serenity::Error::Model(serenity::ModelError::InvalidPermissions {
            required, ..
        })) => format!("lacks {required}"),
        Err(e) => discord_code(e).map_or_else(|| e.to_string(), |c| c.to_string()),
    }
}

fn discord_code(error: &serenity::Error) -> Option<isize> {
    match error {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)) => {
            Some(response.error.code)
        }
        _ => None,
    }
}

/// Buttons, routed by `custom_id` through the one global handler (not a collector), as the bot
/// will do so that they keep working after a restart.
async fn event_handler(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    let ctx = framework.serenity_context;
    if let serenity::FullEvent::InteractionCreate {
        interaction: serenity::Interaction::Component(click),
    } = event
    {
        let Some(rest) = click.data.custom_id.strip_prefix("ping:") else {
            return Ok(());
        };
        let update = serenity::CreateInteractionResponseMessage::new()
            .content(format!("{rest} by {}", click.user.mention()))
            .components(vec![]);
        click
            .create_response(
                ctx,
                serenity::CreateInteractionResponse::UpdateMessage(update),
            )
            .await?;
    }
    Ok(())
}

fn tiny_png() -> Vec<u8> {
    let picture = image::RgbaImage::from_pixel(3, 2, image::Rgba([200, 120, 40, 255]));
    let mut png = Cursor::new(Vec::new());
    picture
        .write_to(&mut png, image::ImageFormat::Png)
        .expect("encode PNG");
    png.into_inner()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn poise_bot_runs_against_the_fake() {
    let fake = FakeDiscord::start().await;
    let guild_id = serenity::GuildId::new(fake.guild_id());
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: vec![ping()],
            event_handler: |framework, event| Box::pin(event_handler(framework, event)),
            ..Default::default()
        })
        .setup(move |ctx, _ready, framework| {
            Box::pin(async move {
                poise::builtins::register_in_guild(ctx, &framework.options().commands, guild_id)
                    .await?;
                Ok(Data)
            })
        })
        .build();
    let mut client =
        serenity::ClientBuilder::new_with_http(fake.http(), serenity::GatewayIntents::GUILDS)
            .framework(framework)
            .await
            .expect("client");
    let shards = client.shard_manager.clone();
    let running = tokio::spawn(async move { client.start().await });

    // Registration: the guild got the schema, with ids, subcommands and autocomplete.
    let commands = fake.wait_commands(Some(fake.guild_id()), WAIT).await;
    assert_eq!(commands.len(), 1);
    let ping = &commands[0];
    assert_eq!(ping["name"], "ping");
    assert!(ping["id"].as_str().is_some_and(|id| !id.is_empty()));
    let pong = option(ping, "pong");
    assert_eq!(pong["type"], 1);
    assert_eq!(option(pong, "word")["type"], 3);
    assert_eq!(option(pong, "word")["autocomplete"], true);
    assert_eq!(option(pong, "word")["required"], true);
    assert_eq!(option(pong, "whom")["type"], 6);
    assert_eq!(option(option(ping, "notify"), "place")["type"], 7);
    let identify = fake.identify_payload().expect("IDENTIFY");
    // serenity 0.12.5 identifies with the HTTP header's form of the token, "Bot " included.
    let token = format!("Bot {}", support::discord::FAKE_TOKEN);
    assert_eq!(identify["token"], token, "{identify}");

    let alice = fake.user("alice");
    let bob = fake.user("bob");
    let general = fake.channel("general");

    // A slash command: public reply with a PNG, an embed, buttons and a limited mention.
    let asked = fake
        .slash(
            &alice,
            general,
            "ping pong",
            json!({ "word": "apple", "whom": bob.id }),
        )
        .await;
    let reply = fake.reply_to(asked, WAIT).await;
    assert_eq!(reply.kind, ReplyKind::Callback(4));
    assert_eq!(reply.text(), format!("pong apple for {}", bob.mention()));
    assert!(!reply.ephemeral());
    assert_eq!(reply.files.len(), 1);
    let (name, png) = &reply.files[0];
    assert_eq!(name, "board.png");
    let picture = image::load_from_memory_with_format(png, image::ImageFormat::Png).expect("PNG");
    assert_eq!((picture.width(), picture.height()), (3, 2));
    assert_eq!(reply.embeds[0]["title"], "Board");
    assert_eq!(reply.custom_ids(), ["ping:again:42", "ping:stop:42"]);
    assert_eq!(
        reply.allowed_mentions.as_ref().unwrap()["users"],
        json!([bob.id.to_string()])
    );
    let message_id = reply.message_id.expect("the reply is a message");

    // Autocomplete.
    let typed = fake
        .autocomplete(&alice, general, "ping pong", "word", "ap")
        .await;
    let reply = fake.reply_to(typed, WAIT).await;
    assert_eq!(reply.kind, ReplyKind::Callback(8));
    assert_eq!(reply.choice_values(), ["apple", "apricot"]);

    // A button click on that message, answered by updating it.
    let clicked = fake.click(&bob, general, message_id, "ping:again:42").await;
    let reply = fake.reply_to(clicked, WAIT).await;
    assert_eq!(reply.kind, ReplyKind::Callback(7));
    assert_eq!(reply.message_id, Some(message_id));
    assert_eq!(reply.text(), format!("again:42 by {}", bob.mention()));
    assert_eq!(
        fake.message(message_id).unwrap()["content"],
        reply.text(),
        "the message itself was updated"
    );

    // Ephemeral.
    let asked = fake.slash(&alice, general, "ping secret", json!({})).await;
    let reply = fake.reply_to(asked, WAIT).await;
    assert!(reply.ephemeral());
    assert_eq!(reply.text(), "only you");

    // Deferred, then a follow-up with a file (multipart), then an edit of it.
    let asked = fake.slash(&alice, general, "ping slow", json!({})).await;
    assert_eq!(
        fake.reply_to(asked, WAIT).await.kind,
        ReplyKind::Callback(5)
    );
    let followup = fake.reply_to(asked, WAIT).await;
    assert_eq!(followup.kind, ReplyKind::Followup);
    assert_eq!(followup.files[0].0, "late.png");
    let edit = fake.reply_to(asked, WAIT).await;
    assert_eq!(edit.text(), "edited");
    assert_eq!(edit.message_id, followup.message_id);

    // The bot lacks Attach Files in #no-files: poise refuses from `app_permissions`.
    let asked = fake
        .slash(
            &alice,
            fake.channel("no-files"),
            "ping pong",
            json!({ "word": "x" }),
        )
        .await;
    let reply = fake.reply_to(asked, WAIT).await;
    assert!(reply.ephemeral());
    assert!(reply.text().contains("Attach Files"), "{}", reply.text());

    // Failures: a channel the bot may not post in and closed DMs (50007). Where the cached
    // overwrites deny Send Messages, serenity refuses before asking; where only Discord knows
    // (the fake's `deny_channel_messages`), the answer is 403 with code 50013.
    fake.close_dms(alice.id);
    let announcements = fake.channel("announcements");
    let asked = fake
        .slash(
            &alice,
            general,
            "ping notify",
            json!({ "place": announcements }),
        )
        .await;
    let reply = fake.reply_to(asked, WAIT).await;
    assert_eq!(reply.text(), "channel lacks Send Messages, dm 50007");
    let games = fake.channel("games");
    fake.deny_channel_messages(games);
    let asked = fake
        .slash(&alice, general, "ping notify", json!({ "place": games }))
        .await;
    let reply = fake.reply_to(asked, WAIT).await;
    assert_eq!(reply.text(), "channel 50013, dm 50007");
    let asked = fake
        .slash(&bob, general, "ping notify", json!({ "place": general }))
        .await;
    let posted = fake.next_reply(WAIT).await;
    assert_eq!(
        (posted.kind, posted.channel_id),
        (ReplyKind::ChannelMessage, Some(general))
    );
    let dm = fake.next_reply(WAIT).await;
    assert_eq!(
        (dm.kind, dm.dm_to),
        (ReplyKind::ChannelMessage, Some(bob.id))
    );
    assert_eq!(fake.reply_to(asked, WAIT).await.text(), "channel ok, dm ok");

    // A guild-only command used in a DM is refused.
    let asked = fake.slash_dm(&alice, "ping secret", json!({})).await;
    let reply = fake.reply_to(asked, WAIT).await;
    assert!(reply.ephemeral());
    assert_eq!(reply.text(), "You cannot run this command in DMs.");

    // A dropped gateway: serenity resumes and interactions flow again.
    assert!(fake.drop_gateway());
    fake.wait_gateway(WAIT, |s| s.resumes == 1 && s.connected)
        .await;
    let asked = fake.slash(&bob, general, "ping secret", json!({})).await;
    assert_eq!(fake.reply_to(asked, WAIT).await.text(), "only you");

    assert!(
        fake.unknown_routes().is_empty(),
        "{:?}",
        fake.unknown_routes()
    );
    assert!(
        fake.try_next_reply(Duration::ZERO).await.is_none(),
        "every reply checked"
    );

    // Clean shutdown: the shard manager closes the gateway and `start` returns.
    shards.shutdown_all().await;
    let ended = tokio::time::timeout(WAIT, running)
        .await
        .expect("client stops after shutdown");
    ended.expect("client task").expect("client ended cleanly");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rejected_token_ends_the_client_with_an_error() {
    let fake = FakeDiscord::start().await;
    fake.reject_token();
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: vec![ping()],
            ..Default::default()
        })
        .setup(|_ctx, _ready, _framework| Box::pin(async { Ok(Data) }))
        .build();
    let mut client =
        serenity::ClientBuilder::new_with_http(fake.http(), serenity::GatewayIntents::GUILDS)
            .framework(framework)
            .await
            .expect("client");
    let ended = tokio::time::timeout(WAIT, client.start())
        .await
        .expect("the client gives up on a rejected token");
    let error = ended.expect_err("a rejected token is an error");
    assert!(
        matches!(
            error,
            serenity::Error::Gateway(serenity::GatewayError::InvalidAuthentication)
        ),
        "{error:?}"
    );
    assert_eq!(fake.gateway_stats().identifies, 0);
}
