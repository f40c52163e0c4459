//! The bot in two languages, end to end: the real bot (`focus_bot::discord::run_with_clock`)
//! against the local Discord stand-in (`tests/support/discord.rs`), whose interactions carry the
//! `locale` and `guild_locale` each test gives them.
// Longer than 400 lines: the bot in two languages end to end: the tests share the bot and the
// locales they give.
//!
//! - What the channel sees is in the server's language: the one set with `/focus settings`,
//!   else Discord's `guild_locale`, else English; the board picture's words too.
//! - What only one user sees (ephemeral replies, refusals) is in their client's language.
//! - DMs are in the recipient's latest client language, whatever the server's; what the
//!   sweeper posts in a channel (reminders, time-outs, expired challenges) in the server's.
//! - The registered slash commands are named and described in Russian as well, within Discord's
//!   limits.

use crate::support;

use std::collections::HashSet;
use std::sync::Arc;

use focus_bot::i18n::Lang;
use focus_bot::service::{Board, Clock, GameService, Place};
use focus_bot::store::{AsyncStore, GameId};
use serde_json::{Value, json};
use serenity::all::Permissions;
use support::bot::{WAIT, World};
use support::discord::{
    FakeDiscord, FakeGuild, FakeRole, FakeUser, Reply, ReplyKind, mention, option as find_option,
};

/// One day, in seconds.
const DAY: i64 = 86_400;
/// When the reminder comes: after 80 % of a one-day move.
const REMIND_AFTER: i64 = DAY * 4 / 5;
/// Where the clock starts: 2026-03-02 09:00 UTC.
const T0: i64 = 1_772_442_000;
/// Discord's locale code for Russian.
const RU: &str = "ru";
/// English words and phrases of the bot's public messages and buttons; none may show in a
/// server whose language is Russian.
const ENGLISH: [&str; 26] = [
    " to move",
    "wins",
    "challenges",
    "Game ",
    "begins",
    "played",
    "Ratings",
    "rules",
    "per move",
    "rated",
    "offers a draw",
    "declines",
    "Accept",
    "Decline",
    "Cancel",
    "Agree",
    "Refuse",
    "White",
    "Black",
    "resignation",
    "expires",
    "Play on",
    "/focus",
    "Leaderboard",
    "Stats",
    "provisional",
];

// ---- the world ------------------------------------------------------------------------------------

/// The standard guild, and `manager`, who holds a role granting Manage Server.
fn guild() -> FakeGuild {
    let managers = FakeRole {
        id: 9302,
        name: "Server Manager".into(),
        permissions: Permissions::MANAGE_GUILD,
    };
    FakeGuild::standard().with_role_holder(managers, 9210, "manager")
}

/// A world on [`guild`] with the clock at [`T0`], and a bot running on it.
async fn world() -> (World, support::bot::Bot) {
    let mut w = World::with_guild_at(guild(), T0).await;
    let bot = w.start_bot().await;
    (w, bot)
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

/// `manager` (whose client is Russian) makes Russian the server's language.
async fn make_russian(fake: &FakeDiscord) {
    let manager = fake.user("manager");
    fake.set_locale(&manager, RU);
    let russian = fake.choice("settings", "language", "Русский");
    assert_eq!(
        russian,
        json!(1),
        "English is the first language, Russian the second"
    );
    let r = slash(
        fake,
        &manager,
        fake.channel("general"),
        "focus settings",
        json!({ "language": russian }),
    )
    .await;
    assert!(r.ephemeral(), "{r:?}");
    assert_eq!(
        r.text(),
        "Теперь публичные сообщения бота на этом сервере пишутся на языке: Русский."
    );
}

/// `challenger` challenges `opponent` in `channel` to a rated classic game with `days` (a
/// choice's English name, e.g. "2 days") per move, playing White; `opponent` accepts. Returns
/// the challenge's reply, the update of the challenge's message and the message that starts
/// the game.
async fn start_game(
    fake: &FakeDiscord,
    challenger: &FakeUser,
    opponent: &FakeUser,
    channel: u64,
    days: &str,
) -> (Reply, Reply, Reply) {
    let options = json!({
        "opponent": opponent.id,
        "rules": fake.choice("challenge", "rules", "classic"),
        "days": fake.choice("challenge", "days", days),
        "color": fake.choice("challenge", "color", "white"),
        "rated": true,
    });
    let challenge = slash(fake, challenger, channel, "focus challenge", options).await;
    assert!(!challenge.ephemeral(), "{challenge:?}");
    let accept = challenge.custom_ids()[0].clone();
    assert!(accept.starts_with("focus:accept:"), "{accept}");
    let message = challenge.message_id.expect("the challenge's message");
    let id = fake.click(opponent, channel, message, &accept).await;
    let update = fake.reply_to(id, WAIT).await;
    assert_eq!(update.kind, ReplyKind::Callback(7), "{update:?}");
    let started = fake.reply_to(id, WAIT).await;
    assert_eq!(started.kind, ReplyKind::Followup, "{started:?}");
    assert!(!started.ephemeral());
    (challenge, update, started)
}

/// `user` plays `mv` in the game of `channel`; the public answer.
async fn play(fake: &FakeDiscord, user: &FakeUser, channel: u64, mv: &str) -> Reply {
    let r = slash(fake, user, channel, "focus move", json!({ "move": mv })).await;
    assert!(!r.ephemeral(), "{mv} by {}: {}", user.name, r.text());
    assert_eq!(r.files.len(), 1, "one picture: {r:?}");
    r
}

/// Asserts an ephemeral refusal that reads exactly `text`.
fn refused(reply: &Reply, text: &str) {
    assert!(reply.ephemeral(), "ephemeral: {reply:?}");
    assert_eq!(reply.text(), text);
}

/// How the deadline `t` of the player to move is written in Russian.
fn to_move_ru(user: &FakeUser, color: &str, t: i64) -> String {
    format!(
        "Ходит {} ({color}), срок — до <t:{t}:f> (<t:{t}:R>).",
        mention(user)
    )
}

// ---- reading what was sent --------------------------------------------------------------------------

/// The labels of the buttons of a message's components.
fn labels(components: &Value) -> Vec<String> {
    components
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .map(|b| b["label"].as_str().unwrap_or_default().to_owned())
        .collect()
}

fn has_cyrillic(text: &str) -> bool {
    text.chars().any(|c| ('\u{0400}'..='\u{04FF}').contains(&c))
}

/// Asserts that `text` is Russian: some Cyrillic, and none of the [`ENGLISH`] words.
fn assert_russian(text: &str) {
    assert!(has_cyrillic(text), "no Cyrillic in {text:?}");
    for word in ENGLISH {
        assert!(!text.contains(word), "{word:?} in {text:?}");
    }
}

/// Every public reply in `channel` so far (the bot's answers and its own messages): each text
/// and button label.
fn public_texts(fake: &FakeDiscord, channel: u64) -> Vec<String> {
    let mut texts = Vec::new();
    for r in fake.replies() {
        if r.ephemeral() || r.channel_id != Some(channel) || r.kind == ReplyKind::Delete {
            continue;
        }
        if let Some(text) = &r.content {
            texts.push(text.clone());
        }
        texts.extend(labels(&r.components));
    }
    texts
}

/// A service of the test's own over the bot's database (WAL: the bot is not blocked by it).
async fn service(w: &World) -> GameService {
    let store = AsyncStore::open(&w.db).await.expect("the bot's database");
    GameService::new(store, Arc::new(w.clock.clone()))
}

/// The board of game `id` as the bot draws it, finished or not: read from the store.
async fn board_of(svc: &GameService, id: i64) -> Board {
    let id = GameId(id);
    let game = svc.store().game(id).await.expect("the game in the store");
    let (moves, names) = svc
        .store()
        .moves_and_names(id, [game.white_id, game.black_id])
        .await
        .expect("the game in the store");
    Board {
        position: game.current_position().expect("its position"),
        last_move: moves.last().map(|m| m.notation.parse().expect("a move")),
        game,
        names,
    }
}

/// The board picture of `board` with its words in `lang`, as the bot draws it.
fn picture(lang: Lang, board: &Board) -> Vec<u8> {
    focus_bot::render::render(
        &board.position,
        &focus_bot::strings::picture::options(lang, board),
    )
}

// ---- the stand-in's locales ---------------------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_stand_in_sends_the_locales_it_is_given() {
    use serenity::all::Interaction;
    let fake = FakeDiscord::start_with(guild()).await;
    let (alice, bob) = (fake.user("alice"), fake.user("bob"));
    let general = fake.channel("general");
    let locales = |interaction: &Value| {
        (
            interaction["locale"].as_str().map(str::to_owned),
            interaction["guild_locale"].as_str().map(str::to_owned),
        )
    };
    let en = Some("en-US".to_owned());
    let ru = Some(RU.to_owned());
    let slash = |user: &FakeUser| fake.slash_json(user, Some(general), "focus games", &json!({}));
    assert_eq!(locales(&slash(&alice)), (en.clone(), en.clone()));
    assert_eq!(fake.guild_create_json()["preferred_locale"], "en-US");

    fake.set_locale(&alice, RU);
    assert_eq!(locales(&slash(&alice)), (ru.clone(), en.clone()));
    assert_eq!(locales(&slash(&bob)), (en.clone(), en.clone()));
    fake.set_guild_locale(RU);
    assert_eq!(locales(&slash(&bob)), (en.clone(), ru.clone()));
    assert_eq!(fake.guild_create_json()["preferred_locale"], RU);
    // A click and a DM carry the user's locale; a DM no guild's.
    let click = fake.click_json(&alice, general, 1, "focus:accept:1");
    assert_eq!(locales(&click), (ru.clone(), ru.clone()));
    let dm = fake.slash_json(&alice, None, "focus games", &json!({}));
    assert_eq!(locales(&dm), (ru.clone(), None));

    // As serenity reads them.
    let Interaction::Command(command) = serde_json::from_value(slash(&alice)).expect("a command")
    else {
        panic!("not a command");
    };
    assert_eq!(
        (command.locale.as_str(), command.guild_locale.as_deref()),
        (RU, Some(RU))
    );
    let Interaction::Component(click) = serde_json::from_value(click).expect("a click") else {
        panic!("not a click");
    };
    assert_eq!(click.locale, RU);
    let guild: serenity::all::GuildCreateEvent =
        serde_json::from_value(fake.guild_create_json()).expect("GUILD_CREATE");
    assert_eq!(guild.guild.preferred_locale, RU);
    // The manager's role grants Manage Server; Carol's (a moderator's) does not.
    let manager = fake.user("manager");
    assert!(
        fake.guild()
            .permissions(manager.id, Some(general), fake.application_id())
            .manage_guild()
    );
    let carol = fake.user("carol");
    assert!(
        !fake
            .guild()
            .permissions(carol.id, Some(general), fake.application_id())
            .manage_guild()
    );
}

// ---- 1. a whole game in Russian ----------------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_in_a_server_set_to_russian() {
    let (w, bot) = world().await;
    let fake = &w.fake;
    let (alice, bob) = (fake.user("alice"), fake.user("bob"));
    let (a, b) = (mention(&alice), mention(&bob));
    let general = fake.channel("general");
    make_russian(fake).await;
    fake.set_locale(&alice, RU);
    fake.set_locale(&bob, RU);

    // The challenge, with every option but a position.
    let (challenge, accepted, started) = start_game(fake, &alice, &bob, general, "2 days").await;
    let challenged = format!(
        "{a} вызывает {b} на партию в «Фокус»!\n\
         правила: классика · 2 дня на ход · рейтинговая · {a} играет белыми\n\
         Вызов истечёт <t:{}:R>.",
        T0 + DAY
    );
    assert_eq!(challenge.text(), challenged);
    assert_eq!(
        labels(&challenge.components),
        ["Принять", "Отклонить", "Отменить"]
    );
    assert_eq!(
        challenge.custom_ids(),
        ["focus:accept:1", "focus:decline:1", "focus:cancel:1"]
    );
    // The bot of this server was invited without Create Public Threads: the game is played
    // in the channel, and the acceptance says why.
    assert_eq!(
        accepted.text(),
        format!(
            "{challenged}\nВызов принят: {b}.\nПартия идёт здесь, в канале, и другая начнётся \
             здесь только после неё: бот не может заводить здесь ветки (не хватает прав: \
             Создавать публичные ветки)."
        )
    );
    assert!(accepted.custom_ids().is_empty(), "buttons removed");
    assert_eq!(
        started.text(),
        format!(
            "**Партия 1 начинается!** {a} играет белыми, {b} — чёрными.\n\
             правила: классика · 2 дня на ход · рейтинговая\n{}",
            to_move_ru(&alice, "белые", T0 + 2 * DAY)
        )
    );
    assert_eq!(started.files.len(), 1, "the board picture");

    // Bad moves: refused privately, in Russian, and nothing changes.
    let r = slash(
        fake,
        &alice,
        general,
        "focus move",
        json!({ "move": "c4-d5" }),
    )
    .await;
    refused(
        &r,
        "c4-d5 — ход по диагонали: столбы ходят только по горизонтали или вертикали",
    );
    let r = slash(
        fake,
        &bob,
        general,
        "focus move",
        json!({ "move": "e4-d4" }),
    )
    .await;
    refused(&r, "сейчас не ваш ход: ход белых, а вы играете чёрными");
    let r = slash(
        fake,
        &alice,
        general,
        "focus move",
        json!({ "move": "zz9" }),
    )
    .await;
    refused(
        &r,
        "`zz9` — не ход: пишите c5-e5, чтобы пойти столбом, +e5 — чтобы поставить шашку из \
         резерва, d4~d5 — чтобы поменять шашки местами",
    );

    // Other private answers, in Russian too: the bot's missing permission, a DM, a stale
    // button, the dashboard, the rules.
    let r = slash(
        fake,
        &alice,
        fake.channel("no-files"),
        "focus challenge",
        json!({}),
    )
    .await;
    refused(
        &r,
        "мне не хватает прав в этом канале (Прикреплять файлы), поэтому я не могу вести здесь \
         партию; попросите администратора сервера выдать их или играйте в другом канале",
    );
    let id = fake.slash_dm(&alice, "focus settings", json!({})).await;
    refused(
        &fake.reply_to(id, WAIT).await,
        "эта команда работает на серверах, куда добавлен focus-bot: попросите администратора \
         сервера добавить его",
    );
    let message = challenge.message_id.expect("the challenge's message");
    let id = fake.click(&bob, general, message, "focus:junk").await;
    refused(
        &fake.reply_to(id, WAIT).await,
        "эта кнопка больше не действует; чтобы продолжить, используйте /фокус",
    );
    let r = slash(fake, &alice, general, "focus games", json!({})).await;
    refused(
        &r,
        &format!(
            "**Ваши партии на этом сервере** (идёт: 1, ждут вашего хода: 1), сначала те, где \
             осталось меньше всего времени:\nПартия 1 в <#{general}> против {b} (правила: \
             классика, вы играете белыми): **ваш ход**, срок истекает <t:{}:R>",
            T0 + 2 * DAY
        ),
    );
    let r = slash(fake, &bob, general, "focus rules", json!({})).await;
    assert!(r.ephemeral());
    assert_eq!(r.embeds[0]["title"], "«Фокус» — правила игры");
    let rules = r.embeds[0]["description"].as_str().expect("the rules");
    assert_russian(rules);
    // Discord's limit on an embed's description.
    assert!(
        rules.chars().count() <= 4096,
        "{} characters",
        rules.chars().count()
    );

    // Moves.
    w.clock.advance(600);
    let r = play(fake, &alice, general, "c4-d4").await;
    assert_eq!(
        r.text(),
        format!(
            "{a} ходит **c4-d4**.\n{}",
            to_move_ru(&bob, "чёрные", T0 + 600 + 2 * DAY)
        )
    );
    w.clock.advance(600);
    let r = play(fake, &bob, general, "e4-d4").await;
    assert_eq!(
        r.text(),
        format!(
            "{b} ходит **e4-d4**.\n{}",
            to_move_ru(&alice, "белые", T0 + 1200 + 2 * DAY)
        )
    );

    // A draw offered, and declined with its button.
    let r = slash(fake, &alice, general, "focus draw", json!({})).await;
    assert!(!r.ephemeral(), "{r:?}");
    assert_eq!(
        r.text(),
        format!(
            "{a} предлагает ничью. {b}, чтобы согласиться, нажмите кнопку или введите /фокус \
             ничья; сделать ход — значит отказаться."
        )
    );
    assert_eq!(labels(&r.components), ["Согласиться", "Отказаться"]);
    let refuse = r.custom_ids()[1].clone();
    let id = fake
        .click(&bob, general, r.message_id.expect("a message"), &refuse)
        .await;
    let declined = fake.reply_to(id, WAIT).await;
    assert_eq!(declined.kind, ReplyKind::Callback(7));
    assert_eq!(
        declined.text(),
        format!("{b} отклоняет ничью. Играем дальше!")
    );
    assert!(declined.custom_ids().is_empty(), "buttons removed");

    w.clock.advance(600);
    play(fake, &alice, general, "b4-c4").await;
    w.clock.advance(600);
    play(fake, &bob, general, "c3-c4").await;

    // Bob resigns: the result, with both ratings.
    let r = slash(fake, &bob, general, "focus resign", json!({})).await;
    assert!(!r.ephemeral(), "{r:?}");
    assert_eq!(
        r.text(),
        format!(
            "**Победа {a} (белые) в партии 1**, соперник сдался.\nРейтинг: {a} 1662 (+162), {b} 1338 (-162)."
        )
    );
    let r = slash(
        fake,
        &bob,
        general,
        "focus move",
        json!({ "move": "c4-d4" }),
    )
    .await;
    refused(
        &r,
        "в этом канале нет партии: начните её командой /фокус вызов",
    );

    // Stats and leaderboard, public: in Russian.
    let r = slash(fake, &alice, general, "focus stats", json!({})).await;
    assert!(!r.ephemeral());
    assert_eq!(
        r.text(),
        format!(
            "**Статистика {a}**\nРейтинг: **1662?** ± 290 · рейтинг предварительный: место в таблице \
             появится, когда отклонение станет меньше 110\nПартии: 1 (1 победа, 0 поражений, 0 ничьих; \
             рейтинговых: 1)\nСерия: 1 победа подряд\nПоследние партии: В против {b} (+162)"
        )
    );
    let id = fake
        .slash(&bob, general, "focus leaderboard", json!({}))
        .await;
    let deferred = fake.reply_to(id, WAIT).await;
    assert_eq!(deferred.kind, ReplyKind::Callback(5), "{deferred:?}");
    let r = fake.reply_to(id, WAIT).await;
    assert!(!r.ephemeral());
    assert_eq!(
        r.text(),
        format!(
            "**Рейтинг** · страница 1 из 1 · в рейтинге: 0, предварительных: 2 (`?`: рейтинг ещё \
             не устоялся)\n`   ?` {a} · **1662?** · 1 партия · 1-0-0\n`   ?` {b} · **1338?** · \
             1 партия · 0-1-0"
        )
    );

    // Everything the channel saw is Russian.
    let texts = public_texts(fake, general);
    // The challenge and its 3 buttons, its update, the start, 4 moves, the draw offer and its
    // 2 buttons, its refusal, the result and its Replay and Rematch buttons, the stats, the
    // leaderboard.
    assert_eq!(texts.len(), 19, "{texts:#?}");
    for text in &texts {
        assert_russian(text);
    }
    assert!(
        fake.unknown_routes().is_empty(),
        "{:?}",
        fake.unknown_routes()
    );
    bot.stop().await;
}

// ---- 2. an English client in the Russian server --------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_a_russian_server_an_english_client_reads_its_own_errors_in_english() {
    let (w, bot) = world().await;
    let fake = &w.fake;
    let (alice, bob, carol) = (fake.user("alice"), fake.user("bob"), fake.user("carol"));
    let (a, b) = (mention(&alice), mention(&bob));
    let general = fake.channel("general");
    make_russian(fake).await;
    // Bob's and Carol's Discord is in English (the stand-in's default), Alice's in Russian.
    fake.set_locale(&alice, RU);

    // Bob, in English, challenges Alice: the channel reads it in Russian.
    let (challenge, _, started) = start_game(fake, &bob, &alice, general, "2 days").await;
    assert_eq!(
        challenge.text(),
        format!(
            "{b} вызывает {a} на партию в «Фокус»!\n\
             правила: классика · 2 дня на ход · рейтинговая · {b} играет белыми\n\
             Вызов истечёт <t:{}:R>.",
            T0 + DAY
        )
    );
    assert_eq!(
        labels(&challenge.components),
        ["Принять", "Отклонить", "Отменить"]
    );
    assert!(
        started.text().starts_with("**Партия 1 начинается!**"),
        "{}",
        started.text()
    );

    // Bob's mistakes are his alone: in English. Alice's, in the same game: in Russian.
    let r = slash(
        fake,
        &bob,
        general,
        "focus move",
        json!({ "move": "c4-d5" }),
    )
    .await;
    refused(
        &r,
        "c4-d5 is diagonal: stacks move along a rank or a file, never diagonally",
    );
    let r = slash(
        fake,
        &alice,
        general,
        "focus move",
        json!({ "move": "e4-d4" }),
    )
    .await;
    refused(&r, "сейчас не ваш ход: ход белых, а вы играете чёрными");
    // Carol, in English, does not play here.
    let r = slash(
        fake,
        &carol,
        general,
        "focus move",
        json!({ "move": "c4-d4" }),
    )
    .await;
    refused(&r, "you are not playing in this channel's game");
    let r = slash(fake, &carol, general, "focus resign", json!({})).await;
    refused(&r, "you are not playing in this channel's game");
    let r = slash(
        fake,
        &carol,
        fake.channel("games"),
        "focus board",
        json!({}),
    )
    .await;
    refused(
        &r,
        "there is no game in this channel: start one with /focus challenge",
    );
    // Nor may she change the server's language; she is told so in English.
    let english = fake.choice("settings", "language", "English");
    let r = slash(
        fake,
        &carol,
        general,
        "focus settings",
        json!({ "language": english }),
    )
    .await;
    refused(
        &r,
        "only members with the Manage Server permission can change the server's settings",
    );
    // What the setting is, told in English.
    let r = slash(fake, &bob, general, "focus settings", json!({})).await;
    assert!(r.ephemeral());
    assert_eq!(
        r.text(),
        "The bot's public messages on this server are in Русский. Members with Manage Server \
         can change it with `/focus settings language:`.\nEach accepted challenge gets a \
         thread of its own. Members with Manage Server can change it with `/focus settings \
         threads:`."
    );

    // Bob's move, made in English, is told to the channel in Russian.
    let r = play(fake, &bob, general, "c4-d4").await;
    let deadline = T0 + 2 * DAY;
    assert_eq!(
        r.text(),
        format!(
            "{b} ходит **c4-d4**.\n{}",
            to_move_ru(&alice, "чёрные", deadline)
        )
    );
    // A player's board is public (Russian); an onlooker's private (English).
    let r = slash(fake, &bob, general, "focus board", json!({})).await;
    assert!(!r.ephemeral());
    assert_eq!(
        r.text(),
        format!(
            "Партия 1: {b} (белые) против {a} (чёрные), полуходов сделано: 1 · правила: классика · \
             2 дня на ход · рейтинговая\n{}",
            to_move_ru(&alice, "чёрные", deadline)
        )
    );
    let r = slash(fake, &carol, general, "focus board", json!({})).await;
    assert!(r.ephemeral());
    assert_eq!(
        r.text(),
        format!(
            "Game 1: {b} (White) vs {a} (Black), ply 1 · classic rules · 2 days per move · \
             rated\n{a} (Black) to move, by <t:{deadline}:f> (<t:{deadline}:R>)."
        )
    );

    for text in public_texts(fake, general) {
        assert_russian(&text);
    }
    bot.stop().await;
}

// ---- 3. no setting: the guild's locale decides ---------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_a_setting_the_guild_locale_decides_and_only_managers_change_it() {
    let (w, bot) = world().await;
    let fake = &w.fake;
    let (alice, bob, carol, manager) = (
        fake.user("alice"),
        fake.user("bob"),
        fake.user("carol"),
        fake.user("manager"),
    );
    let (a, b) = (mention(&alice), mention(&bob));
    let general = fake.channel("general");
    // A server whose Discord locale is Russian; every member's client is in English but Carol's.
    fake.set_guild_locale(RU);
    fake.set_locale(&carol, RU);

    let r = slash(fake, &alice, general, "focus settings", json!({})).await;
    assert!(r.ephemeral());
    assert_eq!(
        r.text(),
        "The bot's public messages on this server are in Русский. Members with Manage Server \
         can change it with `/focus settings language:`.\nEach accepted challenge gets a \
         thread of its own. Members with Manage Server can change it with `/focus settings \
         threads:`."
    );
    let options = json!({
        "opponent": bob.id,
        "color": fake.choice("challenge", "color", "white"),
    });
    let challenge = slash(fake, &alice, general, "focus challenge", options).await;
    assert!(!challenge.ephemeral());
    assert_eq!(
        challenge.text(),
        format!(
            "{a} вызывает {b} на партию в «Фокус»!\n\
             правила: классика · 3 дня на ход · рейтинговая · {a} играет белыми\n\
             Вызов истечёт <t:{}:R>.",
            T0 + DAY
        )
    );

    // Neither Alice nor Carol (a moderator, but without Manage Server) may change it: each is
    // told so in their own language, and nothing changes.
    let english = fake.choice("settings", "language", "English");
    assert_eq!(english, json!(0));
    let r = slash(
        fake,
        &alice,
        general,
        "focus settings",
        json!({ "language": english }),
    )
    .await;
    refused(
        &r,
        "only members with the Manage Server permission can change the server's settings",
    );
    let r = slash(
        fake,
        &carol,
        general,
        "focus settings",
        json!({ "language": english }),
    )
    .await;
    refused(
        &r,
        "менять настройки сервера могут только участники с правом «Управлять сервером»",
    );
    let r = slash(fake, &carol, general, "focus settings", json!({})).await;
    assert!(r.ephemeral());
    assert_eq!(
        r.text(),
        "Публичные сообщения бота на этом сервере пишутся на языке: Русский. Участники с правом \
         «Управлять сервером» могут изменить его командой `/фокус настройки язык:`.\nДля \
         каждой принятой партии заводится своя ветка. Участники с правом «Управлять сервером» \
         могут это изменить: `/фокус настройки ветки:`."
    );

    // The next public message is still Russian.
    let id = fake
        .click(
            &bob,
            general,
            challenge.message_id.expect("a message"),
            &challenge.custom_ids()[0],
        )
        .await;
    let accepted = fake.reply_to(id, WAIT).await;
    assert!(
        accepted.text().contains(&format!(
            "\nВызов принят: {b}.\nПартия идёт здесь, в канале"
        )),
        "{}",
        accepted.text()
    );
    let started = fake.reply_to(id, WAIT).await;
    assert_eq!(
        started.text(),
        format!(
            "**Партия 1 начинается!** {a} играет белыми, {b} — чёрными.\n\
             правила: классика · 3 дня на ход · рейтинговая\n{}",
            to_move_ru(&alice, "белые", T0 + 3 * DAY)
        )
    );
    for text in public_texts(fake, general) {
        assert_russian(&text);
    }

    // A manager's choice wins over the guild's locale: English from now on.
    let r = slash(
        fake,
        &manager,
        general,
        "focus settings",
        json!({ "language": english }),
    )
    .await;
    assert!(r.ephemeral());
    assert_eq!(
        r.text(),
        "From now on the bot's public messages on this server are in English."
    );
    let r = play(fake, &alice, general, "c4-d4").await;
    let deadline = T0 + 3 * DAY;
    assert_eq!(
        r.text(),
        format!(
            "{a} played **c4-d4**.\n{b} (Black) to move, by <t:{deadline}:f> \
             (<t:{deadline}:R>)."
        )
    );
    bot.stop().await;
}

// ---- 4. the registered schema ------------------------------------------------------------------------

/// A name Discord accepts for a slash command or option: 1-32 letters, digits, `-` or `_`,
/// lower case.
fn valid_name(name: &str) -> bool {
    let count = name.chars().count();
    (1..=32).contains(&count)
        && name
            .chars()
            .all(|c| (c.is_alphanumeric() || c == '-' || c == '_') && !c.is_uppercase())
}

/// A description or a choice's name Discord accepts: 1-100 characters.
fn valid_text(text: &str) -> bool {
    (1..=100).contains(&text.chars().count())
}

/// The Russian `field` (`name_localizations` or `description_localizations`) of `node`.
fn ru<'a>(node: &'a Value, field: &str) -> &'a str {
    node[field][RU]
        .as_str()
        .unwrap_or_else(|| panic!("no {field}.ru in {node}"))
}

/// Checks a command, subcommand or option and everything below it; returns how many nodes and
/// choices it checked.
fn check_node(node: &Value, path: &str, language_choices: &mut Vec<Value>) -> usize {
    let name = node["name"].as_str().expect("a name");
    let path = format!("{path} {name}").trim().to_owned();
    let description = node["description"].as_str().expect("a description");
    assert!(valid_name(name), "{path}: English name {name:?}");
    assert!(valid_text(description), "{path}: {description:?}");
    let (ru_name, ru_description) = (
        ru(node, "name_localizations"),
        ru(node, "description_localizations"),
    );
    assert!(valid_name(ru_name), "{path}: Russian name {ru_name:?}");
    assert!(has_cyrillic(ru_name), "{path}: Russian name {ru_name:?}");
    assert!(valid_text(ru_description), "{path}: {ru_description:?}");
    assert!(
        has_cyrillic(ru_description),
        "{path}: Russian description {ru_description:?}"
    );
    assert_ne!(ru_description, description, "{path}");
    let mut checked = 1;
    if let Some(choices) = node["choices"].as_array() {
        for choice in choices {
            let choice_name = choice["name"].as_str().expect("a choice name");
            assert!(valid_text(choice_name), "{path}: choice {choice_name:?}");
            if path == "focus settings language" {
                language_choices.push(choice.clone());
                continue;
            }
            let ru_choice = ru(choice, "name_localizations");
            assert!(valid_text(ru_choice), "{path}: choice {ru_choice:?}");
            assert!(has_cyrillic(ru_choice), "{path}: choice {ru_choice:?}");
            checked += 1;
        }
    }
    if let Some(options) = node["options"].as_array() {
        // Names are unique among siblings, in each language.
        for field in ["name", "ru"] {
            let names: Vec<&str> = options
                .iter()
                .map(|o| match field {
                    "name" => o["name"].as_str().unwrap_or_default(),
                    _ => ru(o, "name_localizations"),
                })
                .collect();
            let unique: HashSet<&str> = names.iter().copied().collect();
            assert_eq!(unique.len(), names.len(), "{path}: {names:?}");
        }
        for option in options {
            checked += check_node(option, &path, language_choices);
        }
    }
    checked
}

/// The characters of `node` that count towards Discord's 8,000 of a command: its name and
/// description, its choices' names and values, and everything below it, each field counted
/// in its longest language.
fn command_size(node: &Value) -> usize {
    let longest = |field: &str, localized: &str| {
        let default = node[field].as_str().map_or(0, |s| s.chars().count());
        node[localized].as_object().map_or(default, |l| {
            l.values()
                .filter_map(Value::as_str)
                .map(|s| s.chars().count())
                .fold(default, usize::max)
        })
    };
    let mut size =
        longest("name", "name_localizations") + longest("description", "description_localizations");
    for choice in node["choices"].as_array().into_iter().flatten() {
        let name = choice["name"].as_str().map_or(0, |s| s.chars().count());
        let localized = choice["name_localizations"]
            .as_object()
            .into_iter()
            .flat_map(|l| l.values())
            .filter_map(Value::as_str)
            .map(|s| s.chars().count());
        size += localized.fold(name, usize::max);
        size += match &choice["value"] {
            Value::String(s) => s.chars().count(),
            other => other.to_string().chars().count(),
        };
    }
    for option in node["options"].as_array().into_iter().flatten() {
        size += command_size(option);
    }
    size
}

/// The choices of `option`: `(English name, Russian name)`.
fn choice_names(option: &Value) -> Vec<(&str, &str)> {
    option["choices"]
        .as_array()
        .expect("choices")
        .iter()
        .map(|c| {
            (
                c["name"].as_str().unwrap_or_default(),
                ru(c, "name_localizations"),
            )
        })
        .collect()
}

/// The choices of `/focus challenge`'s option `option`: `(value, English name, Russian name)`.
fn choices_of(focus: &Value, option: &str) -> Vec<(i64, String, String)> {
    find_option(find_option(focus, "challenge"), option)["choices"]
        .as_array()
        .expect("choices")
        .iter()
        .map(|c| {
            (
                c["value"].as_i64().expect("an index"),
                c["name"].as_str().unwrap_or_default().to_owned(),
                ru(c, "name_localizations").to_owned(),
            )
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_command_option_and_choice_is_named_in_russian_within_discords_limits() {
    let (w, bot) = world().await;
    let commands = w
        .fake
        .commands(Some(w.fake.guild_id()))
        .expect("commands registered");
    assert_eq!(commands.len(), 1);
    let focus = &commands[0];
    assert_eq!(
        (
            focus["name"].as_str(),
            focus["name_localizations"][RU].as_str()
        ),
        (Some("focus"), Some("фокус"))
    );

    let mut language_choices = Vec::new();
    let checked = check_node(focus, "", &mut language_choices);
    // 1 command, 19 subcommands, 20 options (language's choices apart), 4 + 8 + 3 + 3 + 2 + 2
    // choices; the tournament group (issue 22): 1 group, 15 subcommands, 29 options and one
    // more of settings, 3 + 8 + 3 + 4 + 3 + 6 choices.
    assert_eq!(
        checked,
        1 + 19 + 20 + 22 + (1 + 15 + 30 + 27),
        "nodes and choices checked"
    );
    // Discord refuses a command whose names, descriptions and choices (the longest of each
    // field's languages) come to more than 8,000 characters.
    let size = command_size(focus);
    assert!(size <= 8_000, "/focus is {size} characters");

    // Subcommands: a Russian name of their own each.
    let subcommands = focus["options"].as_array().expect("subcommands");
    let names: Vec<(&str, &str)> = subcommands
        .iter()
        .map(|s| (s["name"].as_str().unwrap(), ru(s, "name_localizations")))
        .collect();
    for (en, ru_name) in &names {
        assert_ne!(en, ru_name);
    }
    assert_eq!(
        names,
        [
            ("challenge", "вызов"),
            ("move", "ход"),
            ("board", "доска"),
            ("hint", "подсказка"),
            ("resign", "сдаться"),
            ("draw", "ничья"),
            ("takeback", "вернуть-ход"),
            ("abort", "прервать"),
            ("games", "партии"),
            ("moretime", "отсрочка"),
            ("notify", "уведомления"),
            ("leaderboard", "рейтинг"),
            ("stats", "статистика"),
            ("history", "история"),
            ("replay", "повтор"),
            ("analysis", "разбор"),
            ("rules", "правила"),
            ("settings", "настройки"),
            ("watch", "смотреть"),
            ("tournament", "турнир"),
        ]
    );
    let challenge = find_option(focus, "challenge");
    assert_eq!(
        ru(find_option(challenge, "days"), "name_localizations"),
        "срок"
    );
    assert_eq!(
        ru(
            find_option(challenge, "opponent"),
            "description_localizations"
        ),
        "С кем играть; оставьте пустым, чтобы вызов мог принять любой в этом канале"
    );

    // Days per move: counted in each language, unlimited last.
    let days = choices_of(focus, "days");
    let expected = [
        (0, "1 day", "1 день"),
        (1, "2 days", "2 дня"),
        (2, "3 days", "3 дня"),
        (3, "5 days", "5 дней"),
        (4, "7 days", "7 дней"),
        (5, "10 days", "10 дней"),
        (6, "14 days", "14 дней"),
        (7, "unlimited", "без ограничения"),
    ];
    let expected: Vec<(i64, String, String)> = expected
        .iter()
        .map(|(v, en, ru_name)| (*v, (*en).to_owned(), (*ru_name).to_owned()))
        .collect();
    assert_eq!(days, expected);
    // Minutes per move of a live game, counted in each language.
    assert_eq!(
        ru(find_option(challenge, "minutes"), "name_localizations"),
        "минуты"
    );
    let minutes: Vec<(i64, String, String)> = choices_of(focus, "minutes");
    let expected: Vec<(i64, String, String)> = [
        (0, "5 minutes", "5 минут"),
        (1, "15 minutes", "15 минут"),
        (2, "60 minutes", "60 минут"),
    ]
    .iter()
    .map(|(v, en, ru_name)| (*v, (*en).to_owned(), (*ru_name).to_owned()))
    .collect();
    assert_eq!(minutes, expected);
    let rules = choices_of(focus, "rules");
    let rules: Vec<(&str, &str)> = rules
        .iter()
        .map(|(_, en, r)| (en.as_str(), r.as_str()))
        .collect();
    assert_eq!(
        rules,
        [
            ("classic", "классика"),
            ("swap", "обмен"),
            ("mirror", "зеркало"),
            ("swap+mirror", "обмен+зеркало"),
        ]
    );
    let colors = choices_of(focus, "color");
    let colors: Vec<(&str, &str)> = colors
        .iter()
        .map(|(_, en, r)| (en.as_str(), r.as_str()))
        .collect();
    assert_eq!(
        colors,
        [
            ("white", "белые"),
            ("black", "чёрные"),
            ("random", "случайно")
        ]
    );

    let threads = choice_names(find_option(find_option(focus, "settings"), "threads"));
    assert_eq!(threads, [("on", "вкл"), ("off", "выкл")]);
    // `/focus board side:`, its name, description and choices.
    let side = find_option(find_option(focus, "board"), "side");
    assert_eq!(
        (
            ru(side, "name_localizations"),
            ru(side, "description_localizations")
        ),
        (
            "сторона",
            "С чьей стороны показать доску (со стороны чёрных она перевёрнута); видно только вам"
        )
    );
    assert_eq!(
        choice_names(side),
        [("white", "белые"), ("black", "чёрные")]
    );

    // The languages are named in themselves, in every client: no localizations.
    let languages: Vec<(Value, Value)> = language_choices
        .iter()
        .map(|c| (c["name"].clone(), c["value"].clone()))
        .collect();
    assert_eq!(
        languages,
        [(json!("English"), json!(0)), (json!("Русский"), json!(1))]
    );
    for c in &language_choices {
        let none = c
            .get("name_localizations")
            .is_none_or(|l| l.is_null() || l.as_object().is_some_and(serde_json::Map::is_empty));
        assert!(none, "{c}");
    }
    assert_eq!(
        Lang::all().map(Lang::code).collect::<Vec<_>>(),
        ["en", "ru"]
    );
    bot.stop().await;
}

// ---- 5. the board picture's words ------------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_board_picture_in_a_russian_server_has_russian_words() {
    let (w, bot) = world().await;
    let fake = &w.fake;
    let (alice, bob, carol) = (fake.user("alice"), fake.user("bob"), fake.user("carol"));
    let general = fake.channel("general");
    make_russian(fake).await;
    fake.set_locale(&alice, RU);
    fake.set_locale(&bob, RU);
    let (_, _, started) = start_game(fake, &alice, &bob, general, "2 days").await;
    let svc = service(&w).await;
    let place = Place {
        guild_id: fake.guild_id(),
        channel_id: general,
    };
    let ru = Lang::of_tag(RU);
    assert_eq!(ru.code(), RU);

    // The start.
    let board = svc.games.board(place).await.expect("the game");
    let png = &started.files[0].1;
    assert!(
        *png == picture(ru, &board),
        "the start is drawn with Russian words"
    );
    assert!(*png != picture(Lang::ENGLISH, &board));

    // After a move.
    let r = play(fake, &alice, general, "c4-d4").await;
    let board = svc.games.board(place).await.expect("the game");
    assert_eq!(
        board.last_move.map(|m| m.to_string()).as_deref(),
        Some("c4-d4")
    );
    let (name, png) = &r.files[0];
    assert_eq!(name, "focus-game-1.png");
    let russian = picture(ru, &board);
    let english = picture(Lang::ENGLISH, &board);
    assert!(*png == russian, "the move's picture has Russian words");
    assert!(*png != english, "and not English ones");
    std::fs::write("/tmp/ru-board.png", png).expect("save /tmp/ru-board.png");
    let img = image::load_from_memory(png).expect("a PNG");
    assert_eq!((img.width(), img.height()), (684, 800));
    // Same size and layout; only the words differ.
    let en_img = image::load_from_memory(&english).expect("a PNG");
    assert_eq!((en_img.width(), en_img.height()), (684, 800));
    assert_ne!(img.to_rgb8().into_raw(), en_img.to_rgb8().into_raw());

    // An onlooker whose client is English sees the board privately, drawn in English.
    let r = slash(fake, &carol, general, "focus board", json!({})).await;
    assert!(r.ephemeral());
    assert!(r.files[0].1 == english, "the onlooker's picture is English");

    // The end: the winner's badge and the loser's note in Russian.
    let r = slash(fake, &bob, general, "focus resign", json!({})).await;
    assert!(!r.ephemeral());
    let board = board_of(&svc, 1).await;
    let png = &r.files[0].1;
    assert!(
        *png == picture(ru, &board),
        "the result is drawn in Russian"
    );
    assert!(*png != picture(Lang::ENGLISH, &board));
    std::fs::write("/tmp/ru-board-end.png", png).expect("save /tmp/ru-board-end.png");
    bot.stop().await;
}

// ---- 6. DMs follow their reader's language ---------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dm_reminder_is_in_the_language_of_its_readers_last_interaction() {
    let (w, bot) = world().await;
    let fake = &w.fake;
    let (alice, bob) = (fake.user("alice"), fake.user("bob"));
    let general = fake.channel("general");
    let link = format!("https://discord.com/channels/{}/{general}", fake.guild_id());

    // Alice asks for DMs from an English client, then uses Discord in Russian. Bob asks in
    // English. The server stays English.
    let r = slash(fake, &alice, general, "focus notify", json!({ "dm": true })).await;
    assert!(r.ephemeral());
    assert!(r.text().starts_with("Saved. You get a DM"), "{}", r.text());
    let r = slash(fake, &bob, general, "focus notify", json!({ "dm": true })).await;
    assert!(r.text().starts_with("Saved. You get a DM"), "{}", r.text());
    fake.set_locale(&alice, RU);
    let r = slash(fake, &alice, general, "focus notify", json!({})).await;
    assert!(r.ephemeral());
    assert_eq!(
        r.text(),
        "Когда наступает ваш ход, бот пишет вам в личные сообщения (и упоминает вас в канале \
         партии); напоминание о том, что время на исходе, тоже приходит в личные сообщения. \
         Отключить личные сообщения: `/фокус уведомления лс:False`."
    );

    let options = json!({
        "opponent": bob.id,
        "days": fake.choice("challenge", "days", "1 day"),
        "color": fake.choice("challenge", "color", "white"),
    });
    let challenge = slash(fake, &alice, general, "focus challenge", options).await;
    assert!(
        challenge.text().contains("challenges"),
        "the server is English: {}",
        challenge.text()
    );
    let id = fake
        .click(
            &bob,
            general,
            challenge.message_id.expect("a message"),
            &challenge.custom_ids()[0],
        )
        .await;
    fake.reply_to(id, WAIT).await;
    let started = fake.reply_to(id, WAIT).await;
    assert!(
        started.text().starts_with("**Game 1 begins!**"),
        "{}",
        started.text()
    );

    // Alice to move: her turn notice, in Russian.
    let dm = fake.reply_where(WAIT, |r| r.dm_to == Some(alice.id)).await;
    assert_eq!(dm.kind, ReplyKind::ChannelMessage);
    assert_eq!(dm.channel_id, Some(fake.dm_channel_of(alice.id)));
    let t = T0 + DAY;
    assert_eq!(
        dm.text(),
        format!(
            "Ваш ход в партии 1 («Фокус») против **Bob**: {link} Время истекает <t:{t}:R> \
             (<t:{t}:f>)."
        )
    );
    w.clock.advance(100);
    let r = play(fake, &alice, general, "c4-d4").await;
    assert!(r.text().contains(" to move, by "), "{}", r.text());
    // Bob's, in English.
    let dm = fake.reply_where(WAIT, |r| r.dm_to == Some(bob.id)).await;
    let t = w.clock.now() + DAY;
    assert_eq!(
        dm.text(),
        format!(
            "Your move in Focus game 1 against **Alice**: {link} Time runs out <t:{t}:R> \
             (<t:{t}:f>)."
        )
    );
    w.clock.advance(100);
    play(fake, &bob, general, "e4-d4").await;
    let last_move = w.clock.now();
    let deadline = last_move + DAY;
    let dm = fake.reply_where(WAIT, |r| r.dm_to == Some(alice.id)).await;
    assert!(dm.text().starts_with("Ваш ход в партии 1"), "{}", dm.text());

    // At 80 %: the reminder, by DM, in Russian.
    w.clock.advance(last_move + REMIND_AFTER - w.clock.now());
    let reminder = fake.reply_where(WAIT, |r| r.dm_to == Some(alice.id)).await;
    assert_eq!(reminder.channel_id, Some(fake.dm_channel_of(alice.id)));
    assert_eq!(
        reminder.text(),
        format!(
            "⏰ Напоминание: срок вашего хода в партии 1 («Фокус») против **Bob** скоро \
             истекает; если время выйдет, партия будет прервана. Время истекает \
             <t:{deadline}:R> (<t:{deadline}:f>). {link}"
        )
    );
    // Nothing went to the channel about it.
    assert!(
        fake.replies()
            .iter()
            .all(|r| r.kind != ReplyKind::ChannelMessage || r.dm_to.is_some()),
        "no channel post"
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_dm_reminder_goes_to_the_channel_in_the_servers_language() {
    let (w, bot) = world().await;
    let fake = &w.fake;
    let (alice, bob) = (fake.user("alice"), fake.user("bob"));
    let general = fake.channel("general");
    // Alice reads Discord in Russian and asked for DMs, but closed them; the server is English.
    fake.set_locale(&alice, RU);
    let r = slash(fake, &alice, general, "focus notify", json!({ "dm": true })).await;
    assert!(r.text().starts_with("Сохранено. "), "{}", r.text());
    fake.close_dms(alice.id);
    start_game(fake, &alice, &bob, general, "1 day").await;
    w.clock.advance(100);
    play(fake, &alice, general, "c4-d4").await;
    w.clock.advance(100);
    play(fake, &bob, general, "e4-d4").await;
    let deadline = w.clock.now() + DAY;

    w.clock.advance(REMIND_AFTER);
    let reminder = fake
        .reply_where(WAIT, |r| {
            r.kind == ReplyKind::ChannelMessage && r.channel_id == Some(general)
        })
        .await;
    assert_eq!(
        reminder.text(),
        format!(
            "⏰ {}, reminder: your move in game 1 is due soon; if time runs out, the game is \
             aborted. Time runs out <t:{deadline}:R> (<t:{deadline}:f>).",
            mention(&alice)
        )
    );
    assert!(fake.dm_attempts(alice.id) >= 1, "the DMs were tried first");
    bot.stop().await;
}

// ---- 7. the sweeper speaks the server's language ---------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reminders_time_outs_and_expired_challenges_are_in_the_servers_language() {
    let (w, bot) = world().await;
    let fake = &w.fake;
    let (alice, bob, carol) = (fake.user("alice"), fake.user("bob"), fake.user("carol"));
    let (a, b) = (mention(&alice), mention(&bob));
    let (general, games) = (fake.channel("general"), fake.channel("games"));
    // A Russian server; every player's client is English.
    make_russian(fake).await;
    start_game(fake, &alice, &bob, general, "1 day").await;
    let open = slash(fake, &carol, games, "focus challenge", json!({})).await;
    assert_eq!(
        open.text(),
        format!(
            "{} ищет соперника для партии в «Фокус»: принять вызов может любой здесь!\n\
             правила: классика · 3 дня на ход · рейтинговая · цвета по жребию\n\
             Вызов истечёт <t:{}:R>.",
            mention(&carol),
            T0 + DAY
        )
    );
    assert_eq!(labels(&open.components), ["Принять", "Отменить"]);
    let open_msg = open.message_id.expect("a message");
    // Three plies (reminders come once both sides have moved); Bob is to move.
    for (mover, mv) in [(&alice, "c4-d4"), (&bob, "e4-d4"), (&alice, "b4-c4")] {
        w.clock.advance(100);
        play(fake, mover, general, mv).await;
    }
    let last_move = T0 + 300;
    let deadline = last_move + DAY;

    // At 80 %: Bob's reminder, in the channel (he has no DMs), in Russian.
    w.clock.advance(REMIND_AFTER);
    let posted = |channel: u64| {
        move |r: &Reply| r.kind == ReplyKind::ChannelMessage && r.channel_id == Some(channel)
    };
    let reminder = fake.reply_where(WAIT, posted(general)).await;
    assert_eq!(
        reminder.text(),
        format!(
            "⏰ {b}, напоминание: срок вашего хода в партии 1 скоро истекает; если время \
             выйдет, вам засчитают поражение. Время истекает <t:{deadline}:R> \
             (<t:{deadline}:f>)."
        )
    );

    // A day after it was made, the open challenge expires: its message says so in Russian.
    w.clock.advance(T0 + DAY - w.clock.now());
    let edit = fake
        .reply_where(WAIT, |r| r.kind == ReplyKind::EditChannelMessage)
        .await;
    assert_eq!(
        (edit.channel_id, edit.message_id),
        (Some(games), Some(open_msg))
    );
    let expired = format!(
        "Вызов от {} истёк: за сутки его никто не принял. Бросьте новый вызов командой /фокус \
         вызов.",
        mention(&carol)
    );
    assert_eq!(edit.text(), expired);
    let held = fake.message(open_msg).expect("the challenge message");
    assert_eq!(held["content"], expired.as_str());
    assert_eq!(labels(&held["components"]), ["Принять", "Отменить"]);
    assert!(
        held["components"][0]["components"]
            .as_array()
            .expect("buttons")
            .iter()
            .all(|b| b["disabled"] == true),
        "{held}"
    );

    // Bob's time runs out: he loses, in Russian, with a Russian picture.
    w.clock.advance(deadline - w.clock.now());
    let lost = fake.reply_where(WAIT, posted(general)).await;
    assert_eq!(
        lost.text(),
        format!(
            "**У {b} вышло время**. **Победа {a} (белые) в партии 1**, по \
             времени.\nРейтинг: {a} 1662 (+162), {b} 1338 (-162)."
        )
    );
    let svc = service(&w).await;
    let board = board_of(&svc, 1).await;
    let png = &lost.files[0].1;
    assert!(
        *png == picture(Lang::of_tag(RU), &board),
        "a Russian picture"
    );
    assert!(*png != picture(Lang::ENGLISH, &board));
    for channel in [general, games] {
        for text in public_texts(fake, channel) {
            assert_russian(&text);
        }
    }
    bot.stop().await;
}
