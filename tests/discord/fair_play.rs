//! Around the game (issue 13) end to end through the Discord stand-in: who may be challenged,
//! and the moves autocomplete offers.
// Longer than 400 lines: the tests around the game share the bot and the stand-in they start.

use crate::support;

use std::sync::Arc;

use focus_bot::i18n::Lang;
use focus_bot::render::{RenderOptions, render};
use focus_bot::rules::Color;
use focus_bot::service::{Clock, GameService, Place};
use focus_bot::store::{AsyncStore, EndReason, GameId, GameStatus, Store};
use focus_bot::strings;
use serde_json::{Value, json};
use support::bot::{WAIT, World};
use support::discord::{FakeGuild, FakeUser, Reply, ReplyKind, mention, snowflake_time};

/// Where the clock starts: 2026-03-02 09:00 UTC.
const T0: i64 = 1_772_442_000;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_to_someone_who_left_the_server_is_refused_and_pings_nobody() {
    let mut w = World::at(T0).await;
    let bot = w.start_bot().await;
    let general = w.fake.channel("general");
    let (alice, bob) = (w.fake.user("alice"), w.fake.user("bob"));
    w.fake.leave_guild(bob.id);
    let id = w
        .fake
        .slash(
            &alice,
            general,
            "focus challenge",
            json!({ "opponent": bob.id }),
        )
        .await;
    let r = w.fake.reply_to(id, WAIT).await;
    assert!(r.ephemeral(), "{r:?}");
    assert_eq!(
        r.text(),
        format!(
            "{} is not a member of this server: challenge someone who is",
            mention(&bob)
        )
    );
    // An ephemeral answer pings nobody, and no challenge was made.
    assert!(r.custom_ids().is_empty());
    // Back on the server, the same challenge goes through.
    w.fake.rejoin_guild(bob.id);
    let id = w
        .fake
        .slash(
            &alice,
            general,
            "focus challenge",
            json!({ "opponent": bob.id }),
        )
        .await;
    let r = w.fake.reply_to(id, WAIT).await;
    assert!(!r.ephemeral(), "{}", r.text());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn autocomplete_reads_cyrillic_look_alikes_as_the_move_command_does() {
    let mut w = World::at(T0).await;
    let bot = w.start_bot().await;
    let general = w.fake.channel("general");
    let (alice, _) = w.alice_plays_bob(general, json!({})).await;
    let suggest = |typed: &'static str| {
        let w = &w;
        let alice = &alice;
        async move {
            let id = w
                .fake
                .autocomplete(alice, general, "focus move", "move", typed)
                .await;
            let mut values = w.fake.reply_to(id, WAIT).await.choice_values();
            values.sort();
            values
        }
    };
    let latin = suggest("c4").await;
    assert_eq!(latin, ["b4-c4", "c4-b4", "c4-c3", "c4-c5", "c4-d4"]);
    assert_eq!(suggest("с4").await, latin, "Cyrillic с");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_record_too_long_for_a_message_comes_as_a_file_replay_reads() {
    use focus_bot::rules::record::replay;
    use focus_bot::rules::{Outcome, Position};
    use focus_bot::store::{GameId, Store};
    let mut w = World::at(T0).await;
    let bot = w.start_bot().await;
    let general = w.fake.channel("general");
    let (alice, bob) = w.alice_plays_bob(general, json!({})).await;
    bot.stop().await;

    // 400 plies, far past what a message holds, played into the store while the bot is off;
    // each the first legal move that does not end the game (or any, near the end).
    let mut store = Store::open(&w.db).unwrap();
    let mut pos = Position::start();
    for ply in 0..400u32 {
        let moves = pos.legal_moves();
        let mv = moves
            .iter()
            .copied()
            .find(|&m| {
                let mut p = pos;
                p.play(m).unwrap();
                p.outcome() == Outcome::Ongoing
            })
            .unwrap_or(moves[0]);
        let mover = if ply % 2 == 0 { alice.id } else { bob.id };
        store
            .record_move(GameId(1), mover, ply, mv, T0 + i64::from(ply))
            .unwrap();
        pos.play(mv).unwrap();
    }
    drop(store);
    let bot = w.start_bot().await;

    let id = w
        .fake
        .slash(&bob, general, "focus history", json!({}))
        .await;
    let r = w.fake.reply_to(id, WAIT).await;
    assert!(r.ephemeral());
    assert_eq!(
        r.text(),
        "Game 1 (classic rules), 400 plies:\nThe record is too long for a message: it is in the \
         attached file, which `focus-bot replay` reads as it is."
    );
    assert_eq!(r.files.len(), 1);
    let (name, bytes) = &r.files[0];
    assert_eq!(name, "focus-game-1.txt");
    let text = String::from_utf8(bytes.clone()).unwrap();
    assert!(
        text.starts_with("[Game \"1\"]\n[Server \"Focus Club\"]\n"),
        "{text}"
    );
    assert!(
        text.contains("[White \"Alice\"]\n[Black \"Bob\"]\n"),
        "{text}"
    );
    assert!(
        text.ends_with(" *"),
        "in play: {}",
        &text[text.len() - 40..]
    );
    // The file replays to the game's position.
    assert_eq!(replay(Position::start(), &text).unwrap(), pos);
    // Short records stay in the message, under Discord's limit.
    assert!(r.text().chars().count() <= 2_000);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_draw_offered_with_a_move_lapses_when_the_game_goes_on_and_both_are_told() {
    let mut w = World::at(T0).await;
    let bot = w.start_bot().await;
    let general = w.fake.channel("general");
    let (alice, bob) = w.alice_plays_bob(general, json!({})).await;
    let (a, b) = (mention(&alice), mention(&bob));

    // The move and the offer in one message, with the offer's buttons.
    let id = w
        .fake
        .slash(
            &alice,
            general,
            "focus move",
            json!({ "move": "c4-d4", "draw": true }),
        )
        .await;
    let r = w.fake.reply_to(id, WAIT).await;
    assert!(!r.ephemeral());
    let lines: Vec<&str> = r.text().lines().collect();
    assert_eq!(lines[0], format!("{a} played **c4-d4**."));
    assert!(
        lines[1].starts_with(&format!("{b} (Black) to move")),
        "{}",
        lines[1]
    );
    assert_eq!(
        lines[2],
        format!(
            "{a} offers a draw. {b}, accept with the button or /focus draw; playing on declines it."
        )
    );
    assert_eq!(r.custom_ids(), ["focus:draw-yes:1", "focus:draw-no:1"]);
    assert_eq!(r.files.len(), 1, "the board");
    // Bob plays on: the offer lapses, and the move's message says so to both.
    let id = w
        .fake
        .slash(&bob, general, "focus move", json!({ "move": "e4-d4" }))
        .await;
    let r = w.fake.reply_to(id, WAIT).await;
    let lines: Vec<&str> = r.text().lines().collect();
    assert_eq!(lines[0], format!("{b} played **e4-d4**."));
    assert_eq!(
        lines[1],
        format!("The draw offer of {a} lapsed: the game goes on.")
    );
    // Its buttons now say so.
    let id = w.fake.click(&bob, general, 1, "focus:draw-yes:1").await;
    let r = w.fake.reply_to(id, WAIT).await;
    assert!(r.ephemeral());
    assert_eq!(r.text(), "your opponent has not offered a draw");
    bot.stop().await;
}

/// The sentence of a move refused under the mirror rule.
const MIRROR_LOSS: &str = "f5-e5 loses at once under the mirror rule: it leaves the position \
    mirror-symmetric (turned 180° with colours exchanged); confirm to play it anyway, or choose \
    another move";

/// The ply and status of game 1, read from the database the bot writes.
fn game_one(w: &World) -> (u32, GameStatus) {
    let game = Store::open(&w.db).unwrap().game(GameId(1)).unwrap();
    (game.ply, game.status)
}

/// The autocomplete choices `user` gets for `typed` in `channel`: `(name, value)` pairs.
async fn choices(w: &World, user: &FakeUser, channel: u64, typed: &str) -> Vec<(String, String)> {
    let id = w
        .fake
        .autocomplete(user, channel, "focus move", "move", typed)
        .await;
    let r = w.fake.reply_to(id, WAIT).await;
    let names: Vec<String> = r
        .choices
        .iter()
        .map(|c| c["name"].as_str().unwrap_or_default().to_owned())
        .collect();
    names.into_iter().zip(r.choice_values()).collect()
}

/// Plays `mv` for `user` in `channel`; the answer.
async fn play(w: &World, user: &FakeUser, channel: u64, mv: &str) -> Reply {
    w.slash(user, channel, "focus move", json!({ "move": mv }))
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_that_loses_by_the_mirror_rule_is_marked_and_played_only_once_confirmed() {
    let mut w = World::at(T0).await;
    let bot = w.start_bot().await;
    let general = w.fake.channel("general");
    let mirror = w.fake.choice("challenge", "rules", "mirror");
    let (alice, bob) = w.alice_plays_bob(general, json!({ "rules": mirror })).await;
    let r = play(&w, &alice, general, "c4-d4").await;
    assert!(!r.ephemeral(), "{}", r.text());

    // Copying White's move would lose at once: the suggestion says so; its value is the move.
    let offered = choices(&w, &bob, general, "f5").await;
    assert_eq!(
        offered,
        [
            ("f5-f6", "f5-f6"),
            ("f5-f4", "f5-f4"),
            ("f5-e5 (loses: mirror rule)", "f5-e5"),
            ("f5-g5", "f5-g5"),
            ("g5-f5", "g5-f5"),
        ]
        .map(|(n, v)| (n.to_owned(), v.to_owned()))
    );
    // Every suggestion of the position stays within Discord's limits, marked or not.
    let all = choices(&w, &bob, general, "").await;
    assert_eq!(all.len(), 25);
    assert!(all.iter().all(|(n, _)| n.chars().count() <= 100), "{all:?}");
    w.fake.set_locale(&bob, "ru");
    let offered = choices(&w, &bob, general, "e5").await;
    assert!(
        offered.contains(&(
            "f5-e5 (проигрыш: правило зеркала)".to_owned(),
            "f5-e5".to_owned()
        )),
        "{offered:?}"
    );
    w.fake.set_locale(&bob, "en-US");

    // Typed, it is not played: Bob is asked privately, with a button.
    let asked = play(&w, &bob, general, "f5-e5").await;
    assert!(asked.ephemeral());
    assert_eq!(asked.text(), MIRROR_LOSS);
    assert_eq!(asked.custom_ids(), ["focus:play-anyway:1:1:f5-e5"]);
    assert_eq!(
        asked.components[0]["components"][0]["label"],
        json!("Play it anyway")
    );
    assert!(asked.files.is_empty());
    assert_eq!(game_one(&w), (1, GameStatus::Active), "nothing played");
    let message = asked.message_id.expect("the question's message");
    let button = "focus:play-anyway:1:1:f5-e5";

    // The button is Bob's alone.
    for other in [&alice, &w.fake.user("carol")] {
        let r = w.click(other, general, message, button).await;
        assert!(r.ephemeral());
        assert_eq!(
            r.text(),
            format!("only {} can confirm this move", mention(&bob))
        );
    }
    assert_eq!(game_one(&w), (1, GameStatus::Active));

    // Bob confirms: the question loses its button, and the move is announced to all.
    let id = w.fake.click(&bob, general, message, button).await;
    let answered = w.fake.reply_to(id, WAIT).await;
    assert_eq!(answered.text(), MIRROR_LOSS);
    assert!(answered.custom_ids().is_empty());
    let played = w.fake.reply_to(id, WAIT).await;
    assert!(!played.ephemeral());
    assert!(
        played
            .text()
            .starts_with(&format!("{} played **f5-e5**.\n", mention(&bob))),
        "{}",
        played.text()
    );
    assert_eq!(played.files.len(), 1, "the board");
    // The move lost the game: this is its last message.
    assert_eq!(played.custom_ids(), ["focus:replay:1", "focus:rematch:1"]);
    let store = Store::open(&w.db).unwrap();
    let game = store.game(GameId(1)).unwrap();
    assert_eq!(
        (game.ply, game.status, game.reason),
        (2, GameStatus::Finished, Some(EndReason::MirrorRule))
    );
    drop(store);

    // Clicked again, the game is over: one sentence, nothing changes.
    let r = w.click(&bob, general, message, button).await;
    assert!(r.ephemeral());
    assert_eq!(r.text(), "game #1 is not in play: it is over");
    assert_eq!(game_one(&w), (2, GameStatus::Finished));
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_confirmation_after_the_position_changed_changes_nothing_even_after_a_restart() {
    let mut w = World::at(T0).await;
    let bot = w.start_bot().await;
    let general = w.fake.channel("general");
    let mirror = w.fake.choice("challenge", "rules", "mirror");
    let (alice, bob) = w.alice_plays_bob(general, json!({ "rules": mirror })).await;
    play(&w, &alice, general, "c4-d4").await;
    let asked = play(&w, &bob, general, "f5-e5").await;
    assert!(asked.ephemeral(), "{}", asked.text());
    let button = "focus:play-anyway:1:1:f5-e5";
    assert_eq!(asked.custom_ids(), [button]);
    let message = asked.message_id.expect("the question's message");

    // White takes her move back (Black agrees), then plays another.
    let request = w.slash(&alice, general, "focus takeback", json!({})).await;
    let r = w
        .click(
            &bob,
            general,
            request.message_id.unwrap(),
            "focus:takeback-yes:1:1",
        )
        .await;
    assert!(!r.ephemeral(), "{}", r.text());
    // A restart between: the button is routed by its custom_id alone.
    bot.stop().await;
    let bot = w.start_bot().await;
    let stale = "this confirmation is out of date: the position changed since it was offered; \
                 look at the board and choose your move again";
    let r = w.click(&bob, general, message, button).await;
    assert!(r.ephemeral());
    assert_eq!(r.text(), stale, "at another ply");
    assert_eq!(game_one(&w), (0, GameStatus::Active));
    play(&w, &alice, general, "c4-c5").await;
    // The same ply again, but the move no longer copies White's: still out of date.
    let r = w.click(&bob, general, message, button).await;
    assert_eq!(r.text(), stale, "another position at the same ply");
    assert_eq!(game_one(&w), (1, GameStatus::Active));
    // Typed now, the move is an ordinary one.
    let r = play(&w, &bob, general, "f5-e5").await;
    assert!(!r.ephemeral(), "{}", r.text());
    assert_eq!(game_one(&w), (2, GameStatus::Active));
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_typed_before_the_opponents_move_was_stored_is_refused() {
    let mut w = World::at(T0).await;
    let bot = w.start_bot().await;
    let general = w.fake.channel("general");
    let (alice, bob) = w.alice_plays_bob(general, json!({})).await;

    // Bob starts typing at T0 (his interaction is made then); Alice's move is stored 1.5 s
    // later; Bob's command arrives after it.
    let typed_at = w.clock.now_ms();
    let mut early = w.fake.slash_json(
        &bob,
        Some(general),
        "focus move",
        &json!({ "move": "e4-e3" }),
    );
    w.fake.stamp(&mut early, typed_at);
    w.clock.advance_ms(1_500);
    let r = play(&w, &alice, general, "c4-d4").await;
    assert!(!r.ephemeral(), "{}", r.text());
    let id = w.fake.send_interaction(early).await;
    assert_eq!(snowflake_time(id), typed_at);
    let r = w.fake.reply_to(id, WAIT).await;
    assert!(r.ephemeral());
    assert_eq!(
        r.text(),
        "the position changed while you were typing: look again"
    );
    assert!(r.files.is_empty() && r.custom_ids().is_empty());
    assert_eq!(game_one(&w), (1, GameStatus::Active), "nothing played");

    // The same in Russian.
    w.fake.set_locale(&bob, "ru");
    let id = w
        .fake
        .slash_at(
            &bob,
            general,
            "focus move",
            json!({ "move": "e4-e3" }),
            typed_at + 1_499,
        )
        .await;
    let r = w.fake.reply_to(id, WAIT).await;
    assert_eq!(
        r.text(),
        "позиция изменилась, пока вы набирали ход: посмотрите ещё раз"
    );
    w.fake.set_locale(&bob, "en-US");
    assert_eq!(game_one(&w), (1, GameStatus::Active));

    // Made the very millisecond Alice's move was stored, or after: played.
    let id = w
        .fake
        .slash_at(
            &bob,
            general,
            "focus move",
            json!({ "move": "e4-e3" }),
            typed_at + 1_500,
        )
        .await;
    let r = w.fake.reply_to(id, WAIT).await;
    assert!(!r.ephemeral(), "{}", r.text());
    assert_eq!(
        r.text().lines().next(),
        Some(format!("{} played **e4-e3**.", mention(&bob)).as_str())
    );
    assert_eq!(game_one(&w), (2, GameStatus::Active));
    bot.stop().await;
}

/// The picture of game 1's board as the bot draws it in English, seen from `side`.
async fn picture_from(w: &World, channel: u64, side: Color) -> Vec<u8> {
    let store = AsyncStore::open(&w.db).await.unwrap();
    let svc = GameService::new(store, Arc::new(w.clock.clone()));
    let place = Place {
        guild_id: w.fake.guild_id(),
        channel_id: channel,
    };
    let board = svc.games.board(place).await.unwrap();
    let options = RenderOptions {
        flipped: side == Color::Black,
        ..strings::picture::options(Lang::ENGLISH, &board)
    };
    render(&board.position, &options)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_board_from_either_side_is_shown_privately_and_turned_for_black() {
    let mut w = World::at(T0).await;
    let bot = w.start_bot().await;
    let general = w.fake.channel("general");
    let (alice, bob) = w.alice_plays_bob(general, json!({})).await;
    play(&w, &alice, general, "c4-d4").await;
    let white = picture_from(&w, general, Color::White).await;
    let black = picture_from(&w, general, Color::Black).await;
    assert_ne!(white, black);

    let board = |user: FakeUser, options: Value| {
        let w = &w;
        async move {
            let id = w.fake.slash(&user, general, "focus board", options).await;
            w.fake.reply_to(id, WAIT).await
        }
    };
    let caption = format!(
        "Game 1: {} (White) vs {} (Black), ply 1",
        mention(&alice),
        mention(&bob)
    );
    let black_side = w.fake.choice("board", "side", "black");
    let white_side = w.fake.choice("board", "side", "white");
    assert_eq!(
        (white_side.clone(), black_side.clone()),
        (json!(0), json!(1))
    );
    // A player (or anyone) asking for a side sees it privately, from that side.
    for (user, side, picture) in [
        (bob.clone(), &black_side, &black),
        (alice.clone(), &white_side, &white),
        (w.fake.user("carol"), &black_side, &black),
    ] {
        let r = board(user.clone(), json!({ "side": side })).await;
        assert!(r.ephemeral(), "{}", user.name);
        assert!(r.text().starts_with(&caption), "{}", r.text());
        assert_eq!(r.files.len(), 1);
        assert!(&r.files[0].1 == picture, "{} from {side}", user.name);
    }
    // Without a side, as before: a player's board is posted for the channel, from White's.
    let r = board(bob.clone(), json!({})).await;
    assert!(!r.ephemeral());
    assert!(r.files[0].1 == white);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_confirmation_given_in_the_channel_plays_in_the_games_thread() {
    let mut w = World::with_guild_at(FakeGuild::standard().with_threads(), T0).await;
    let bot = w.start_bot().await;
    let general = w.fake.channel("general");
    let (alice, bob) = (w.fake.user("alice"), w.fake.user("bob"));
    let options = json!({
        "opponent": bob.id,
        "color": 0,
        "rules": w.fake.choice("challenge", "rules", "mirror"),
    });
    let id = w
        .fake
        .slash(&alice, general, "focus challenge", options)
        .await;
    let challenge = w.fake.reply_to(id, WAIT).await;
    let thread = challenge.message_id.expect("the challenge's message");
    let id = w
        .fake
        .click(&bob, general, thread, &challenge.custom_ids()[0])
        .await;
    w.fake.reply_to(id, WAIT).await;
    let in_thread = |r: &Reply| r.kind == ReplyKind::ChannelMessage && r.channel_id == Some(thread);
    w.fake.reply_where(WAIT, in_thread).await;
    let r = play(&w, &alice, thread, "c4-d4").await;
    assert_eq!(r.channel_id, Some(thread), "{}", r.text());

    // Bob types his move in the channel, where the game's thread started: asked there.
    let asked = play(&w, &bob, general, "f5-e5").await;
    assert!(asked.ephemeral());
    assert_eq!(
        (asked.channel_id, asked.text()),
        (Some(general), MIRROR_LOSS)
    );
    let message = asked.message_id.expect("the question's message");
    let id = w
        .fake
        .click(&bob, general, message, "focus:play-anyway:1:1:f5-e5")
        .await;
    let answered = w.fake.reply_to(id, WAIT).await;
    assert!(answered.custom_ids().is_empty());
    // The move is announced in the game's thread, with its board.
    let played = w.fake.reply_where(WAIT, in_thread).await;
    assert!(
        played
            .text()
            .starts_with(&format!("{} played **f5-e5**.\n", mention(&bob))),
        "{}",
        played.text()
    );
    assert_eq!(played.files.len(), 1);
    assert_eq!(game_one(&w), (2, GameStatus::Finished));
    bot.stop().await;
}
