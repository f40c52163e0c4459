//! Play anywhere (issue 23) end to end: whole games where the app is reached only through a
//! user's install of it (a group DM, a server that never added the bot), and in the bot's own
//! DM, through the Discord stand-in's places (`tests/support/discord/places.rs`).
// Longer than 400 lines: whole games played through the stand-in's places share their setup.
//!
//! Where the bot is not there itself, it answers interactions and never posts on its own (the
//! stand-in refuses that with 50001, and every test checks the request log for it), and the
//! opponent, who has not installed the app, plays by the components of the game's messages
//! alone: the stand-in refuses them slash commands, as Discord does.

use crate::support;

use std::sync::Arc;

use focus_bot::i18n::Lang;
use focus_bot::render::render;
use focus_bot::service::Clock;
use focus_bot::service::{GameService, Place};
use focus_bot::store::{AsyncStore, EndReason, Game, GameId, GameResult, GameStatus, Store};
use focus_bot::strings;
use serde_json::{Value, json};
use support::bot::{WAIT, WorldOf};
use support::discord::{FakeGuild, FakeUser, Reply, ReplyKind, mention};

/// This module's world (its helpers are its own).
struct Here;
type World = WorldOf<Here>;

/// Where the clock starts: 2026-03-02 09:00 UTC.
const T0: i64 = 1_772_442_000;

/// The worked example of the rules note: White to move, and after `1. c5-e5 f5-e5 2. +e5 e3-e5
/// 3. +e5 +e5 4. +e5 +e5 5. +e5 +e5 6. c5-b5 +b5` White controls nothing and has no reserve:
/// Black wins by the rules. Twelve plies, with moves, drops and captures.
const SEED: &str = ".,.,.,./.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,wbw,.,wbwb,b,.,./.,.,.,.,.,.,.,./.,.,.,.,wb,.,.,./.,.,.,.,.,./.,.,.,. w 0 0 13 13";

/// The game `id` as stored now.
fn game(w: &World, id: i64) -> Game {
    Store::open(&w.db).unwrap().game(GameId(id)).unwrap()
}

/// The board's menu of what can move: its `custom_id` and options.
fn board_menu(board: &Reply) -> (String, Vec<String>) {
    let menus = board.menus();
    assert_eq!(menus.len(), 1, "one menu on the board: {board:?}");
    menus[0].clone()
}

impl World {
    /// Asserts that `board` is the public board of the game in `channel` (a place outside
    /// servers, its own community) as it stands now: its picture drawn and its text written in
    /// `lang` (English or Russian), naming `next` as the player to move, and its controls for the ply it shows.
    async fn assert_board(&self, board: &Reply, channel: u64, lang: Lang, next: &FakeUser) {
        assert!(!board.ephemeral(), "a board for everyone: {board:?}");
        assert!(
            matches!(board.kind, ReplyKind::Callback(4) | ReplyKind::Followup),
            "an answer to an interaction, never a post of the bot's: {:?}",
            board.kind
        );
        assert_eq!(board.channel_id, Some(channel));
        let store = AsyncStore::open(&self.db).await.unwrap();
        let service = GameService::new(store, Arc::new(self.clock.clone()));
        let place = Place {
            guild_id: channel,
            channel_id: channel,
        };
        let stored = service
            .games
            .board(place)
            .await
            .expect("the game in play here");
        let white = stored.position.side_to_move() == focus_bot::rules::Color::White;
        let named = match (lang.code(), white) {
            ("ru", true) => format!("Ходит {} (белые)", mention(next)),
            ("ru", false) => format!("Ходит {} (чёрные)", mention(next)),
            (_, true) => format!("{} (White) to move", mention(next)),
            (_, false) => format!("{} (Black) to move", mention(next)),
        };
        assert!(
            board.text().contains(&named),
            "{named} in {:?}",
            board.text()
        );
        assert_eq!(board.files.len(), 1, "the board's picture");
        let picture = render(&stored.position, &strings::picture::options(lang, &stored));
        assert!(
            board.files[0].1 == picture,
            "the picture of the board as it stands"
        );
        let (menu, _) = board_menu(board);
        assert_eq!(
            menu,
            format!("focus:pick:{}:{}:o", stored.game.id.0, stored.game.ply)
        );
        let ids = board.custom_ids();
        for button in ["type-move", "offer-draw", "resign", "board"] {
            assert!(
                ids.iter()
                    .any(|id| id.starts_with(&format!("focus:{button}:"))),
                "{button} in {ids:?}"
            );
        }
    }

    /// `user` plays by the menus of `board` (a public board of the game in `channel`):
    /// `path` is the option chosen in each menu, the board's first (which answers privately
    /// with the next menu), then the private one's (updated in place for a group of squares),
    /// the last a move. Returns the private menu's last words and the board that follows.
    async fn pick(
        &self,
        user: &FakeUser,
        channel: u64,
        board: &Reply,
        path: &[&str],
    ) -> (Reply, Reply) {
        let (menu, options) = board_menu(board);
        assert!(
            options.iter().any(|o| o == path[0]),
            "{path:?} in {options:?}"
        );
        let board_message = board.message_id.expect("the board's message");
        let id = self
            .fake
            .select(user, channel, board_message, &menu, path[0])
            .await;
        let mut private = self.fake.reply_to(id, WAIT).await;
        assert_eq!(private.kind, ReplyKind::Callback(4), "{private:?}");
        assert!(
            private.ephemeral(),
            "the next menu is the chooser's: {private:?}"
        );
        let message = private.message_id.expect("the private menu's message");
        for (i, value) in path.iter().enumerate().skip(1) {
            let (menu, options) = board_menu(&private);
            assert!(options.iter().any(|o| o == value), "{value} in {options:?}");
            let id = self.fake.select(user, channel, message, &menu, value).await;
            private = self.fake.reply_to(id, WAIT).await;
            // The private message is updated in place, a group of squares or the move.
            assert_eq!(private.kind, ReplyKind::Callback(7), "{private:?}");
            assert_eq!(private.message_id, Some(message));
            let stored = self.fake.message(message).expect("the private menu");
            assert_eq!(
                stored["flags"].as_u64().map(|f| f & 64),
                Some(64),
                "still private"
            );
            if i + 1 == path.len() {
                assert_eq!(private.custom_ids(), Vec::<String>::new(), "{private:?}");
                let next = self.fake.reply_to(id, WAIT).await;
                assert_eq!(next.kind, ReplyKind::Followup, "{next:?}");
                return (private, next);
            }
        }
        panic!("{path:?} ends with a move")
    }

    /// `user` types `text` in the Type-a-move form of `board`; the form and the answer.
    async fn type_in(
        &self,
        user: &FakeUser,
        channel: u64,
        board: &Reply,
        text: &str,
    ) -> (Reply, Reply) {
        let button = board
            .custom_ids()
            .into_iter()
            .find(|id| id.starts_with("focus:type-move:"))
            .expect("a Type-a-move button");
        let message = board.message_id.expect("the board's message");
        let id = self.fake.click(user, channel, message, &button).await;
        let form = self.fake.reply_to(id, WAIT).await;
        assert_eq!(form.kind, ReplyKind::Callback(9), "a form: {form:?}");
        assert_eq!(
            form.form_id(),
            Some(button.replacen("type-move", "typed", 1).as_str())
        );
        assert_eq!(form.custom_ids(), ["text"]);
        let id = self.fake.submit(user, &form, text).await;
        (form, self.fake.reply_to(id, WAIT).await)
    }

    /// `user` plays `mv` with `/focus move` in `channel`; the answer.
    async fn play(&self, user: &FakeUser, channel: u64, mv: &str) -> Reply {
        self.slash(user, channel, "focus move", json!({ "move": mv }))
            .await
    }

    /// Alice challenges Bob in `channel` (she plays White) with `more` options, and Bob
    /// accepts by the button; the game's first board.
    async fn challenged(&self, channel: u64, more: Value) -> Reply {
        let (alice, bob) = (self.fake.user("alice"), self.fake.user("bob"));
        let mut options = json!({ "opponent": bob.id, "color": 0 });
        options
            .as_object_mut()
            .unwrap()
            .extend(more.as_object().unwrap().clone());
        let challenge = self
            .slash(&alice, channel, "focus challenge", options)
            .await;
        assert!(!challenge.ephemeral(), "{}", challenge.text());
        assert!(
            challenge.text().starts_with(&format!(
                "{} challenges {}",
                mention(&alice),
                mention(&bob)
            )),
            "{}",
            challenge.text()
        );
        let accept = challenge.custom_ids()[0].clone();
        assert!(accept.starts_with("focus:accept:"), "{accept}");
        let message = challenge.message_id.expect("the challenge's message");
        let id = self.fake.click(&bob, channel, message, &accept).await;
        let accepted = self.fake.reply_to(id, WAIT).await;
        assert_eq!(accepted.kind, ReplyKind::Callback(7));
        assert!(
            accepted
                .text()
                .ends_with(&format!("Accepted by {}.", mention(&bob))),
            "{}",
            accepted.text()
        );
        let first = self.fake.reply_to(id, WAIT).await;
        assert_eq!(first.kind, ReplyKind::Followup, "{first:?}");
        first
    }

    /// Nothing the bot sent in `channel` was a post of its own: no `POST
    /// /channels/{channel}/messages` at all, and no request refused for want of access.
    fn only_answers_in(&self, channel: u64) {
        assert_eq!(
            self.fake.message_posts(channel).len(),
            0,
            "the bot never posts on its own here"
        );
        assert_eq!(self.fake.refusals(50001).len(), 0, "no Missing Access");
        assert_eq!(
            self.fake.expired_token_uses().len(),
            0,
            "no expired token used"
        );
        assert_eq!(self.fake.refusals(40094).len(), 0, "within 5 follow-ups");
        assert_eq!(self.fake.unknown_routes(), Vec::<String>::new());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_in_a_group_dm_where_only_the_challenger_installed_the_app() {
    let mut w = World::at(T0).await;
    let bot = w.start_bot().await;
    let (alice, bob) = (w.fake.user("alice"), w.fake.user("bob"));
    w.fake.install_to_user(&alice);
    let gdm = w.fake.group_dm(&[alice.clone(), bob.clone()]);
    let en = Lang::ENGLISH;

    let board = w.challenged(gdm, json!({ "position": SEED })).await;
    assert!(
        board.text().starts_with(&format!(
            "**Game 1 begins!** {} plays White",
            mention(&alice)
        )),
        "{}",
        board.text()
    );
    w.assert_board(&board, gdm, en, &alice).await;
    assert_eq!(game(&w, 1).venue.as_str(), "group-dm");

    // 1. c5-e5 by Alice's command; f5-e5 by Bob's menus (the stack, then where it goes).
    let board = w.play(&alice, gdm, "c5-e5").await;
    assert_eq!(board.kind, ReplyKind::Callback(4));
    w.assert_board(&board, gdm, en, &bob).await;
    let (said, board) = w.pick(&bob, gdm, &board, &["p:f5", "m:f5-e5"]).await;
    assert_eq!(said.text(), "Game 1: you played f5-e5.");
    assert!(
        board
            .text()
            .starts_with(&format!("{} played **f5-e5**", mention(&bob))),
        "{}",
        board.text()
    );
    w.assert_board(&board, gdm, en, &alice).await;

    // 2. +e5 by Alice's menus: 52 squares for a drop, grouped by rank; e3-e5 typed by Bob.
    let (said, board) = w.pick(&alice, gdm, &board, &["p:r", "p:r5", "m:+e5"]).await;
    assert_eq!(said.text(), "Game 1: you played +e5.");
    w.assert_board(&board, gdm, en, &bob).await;
    let (form, board) = w.type_in(&bob, gdm, &board, "e3-e5").await;
    assert_eq!(form.payload["title"], "Your move in game 1");
    assert_eq!(
        board.kind,
        ReplyKind::Callback(4),
        "the form's answer: {board:?}"
    );
    w.assert_board(&board, gdm, en, &alice).await;

    // 3. +e5 +e5: Bob's client in Russian, his private menus too.
    let board = w.play(&alice, gdm, "+e5").await;
    w.assert_board(&board, gdm, en, &bob).await;
    w.fake.set_locale(&bob, "ru");
    let id = w
        .fake
        .select(
            &bob,
            gdm,
            board.message_id.unwrap(),
            &board_menu(&board).0,
            "p:r",
        )
        .await;
    let private = w.fake.reply_to(id, WAIT).await;
    assert_eq!(private.text(), "Партия 1: Куда поставить шашку из резерва?");
    let (said, board) = w.pick(&bob, gdm, &board, &["p:r", "p:r5", "m:+e5"]).await;
    assert_eq!(said.text(), "Партия 1: вы сыграли +e5.");
    w.fake.set_locale(&bob, "en-US");
    w.assert_board(&board, gdm, en, &alice).await;

    // 4. +e5 +e5 and 5. +e5 +e5, Bob typing one and choosing the other.
    let board = w.play(&alice, gdm, "+e5").await;
    let (_, board) = w.type_in(&bob, gdm, &board, "+e5").await;
    w.assert_board(&board, gdm, en, &alice).await;
    let (_, board) = w.pick(&alice, gdm, &board, &["p:r", "p:r5", "m:+e5"]).await;
    let (_, board) = w.pick(&bob, gdm, &board, &["p:r", "p:r5", "m:+e5"]).await;
    w.assert_board(&board, gdm, en, &alice).await;

    // 6. c5-b5 +b5: White controls nothing and has no reserve. Black wins by the rules.
    let board = w.play(&alice, gdm, "c5-b5").await;
    w.assert_board(&board, gdm, en, &bob).await;
    let (said, last) = w.pick(&bob, gdm, &board, &["p:r", "p:r5", "m:+b5"]).await;
    assert_eq!(said.text(), "Game 1: you played +b5.");
    assert!(!last.ephemeral());
    assert!(
        last.menus().is_empty(),
        "no controls once it is over: {last:?}"
    );
    assert_eq!(
        last.text(),
        format!(
            "{} dropped **+b5**.\n**{} (Black) wins game 1**, no legal move.",
            mention(&bob),
            mention(&bob)
        )
    );
    let over = game(&w, 1);
    assert_eq!(
        (over.status, over.result, over.reason, over.ply),
        (
            GameStatus::Finished,
            Some(GameResult::Black),
            Some(EndReason::NoLegalMove),
            12
        )
    );
    w.only_answers_in(gdm);
    bot.stop().await;
}

impl World {
    /// `user` plays the first move the menus of `board` offer for a stack: the first stack,
    /// then its first step. Returns the move and the board that follows.
    async fn first_step(&self, user: &FakeUser, channel: u64, board: &Reply) -> (String, Reply) {
        let (_, origins) = board_menu(board);
        let stack = origins
            .iter()
            .find(|o| o.len() == 4)
            .expect("a stack to move")
            .clone();
        let square = &stack[2..];
        let mut store = Store::open(&self.db).unwrap();
        let id = board_menu(board)
            .0
            .split(':')
            .nth(2)
            .unwrap()
            .parse()
            .unwrap();
        let position = store.load_game(GameId(id)).unwrap().position;
        let mv = position
            .legal_moves()
            .iter()
            .map(ToString::to_string)
            .find(|m| m.starts_with(square))
            .expect("a step of that stack");
        let (said, next) = self
            .pick(user, channel, board, &[&stack, &format!("m:{mv}")])
            .await;
        assert_eq!(said.text(), format!("Game {id}: you played {mv}."));
        (mv, next)
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_in_a_server_that_never_added_the_bot() {
    let mut w = World::at(T0).await;
    let bot = w.start_bot().await;
    let (alice, bob) = (w.fake.user("alice"), w.fake.user("bob"));
    w.fake.install_to_user(&alice);
    let guest = FakeGuild::guest(9500, "Friends", &[alice.clone(), bob.clone()]);
    let chat = w.fake.add_guest_server(guest);
    let en = Lang::ENGLISH;

    // The challenge and its game: rated (the guest server's own ladder), in the channel (no
    // thread, and no word of permissions for one), with the controls on the board.
    let board = w.challenged(chat, json!({})).await;
    let started = game(&w, 1);
    assert_eq!(
        (started.venue.as_str(), started.rated, started.guild_id),
        ("guest", true, 9500)
    );
    assert!(
        !w.fake.replies().iter().any(|r| r.text().contains("thread")),
        "no word of threads where the bot is not a member"
    );
    // The board is for everyone, and its place is the guest server's channel (not a server
    // of the bot's: its own ladder).
    assert!(!board.ephemeral());
    let store = AsyncStore::open(&w.db).await.unwrap();
    let service = GameService::new(store, Arc::new(w.clock.clone()));
    let stored = service
        .games
        .board(Place {
            guild_id: 9500,
            channel_id: chat,
        })
        .await
        .unwrap();
    assert_eq!(stored.game.id, GameId(1));
    let picture = render(&stored.position, &strings::picture::options(en, &stored));
    assert!(board.files[0].1 == picture);

    // Alice by her command and her menus, Bob by his menus, his form, and the menu of the
    // board he asked for privately (the Board button).
    let board = w.play(&alice, chat, "c4-d4").await;
    assert!(
        board
            .text()
            .contains(&format!("{} (Black) to move", mention(&bob)))
    );
    w.fake.set_locale(&bob, "ru");
    let (_, origins) = board_menu(&board);
    let id = w
        .fake
        .select(
            &bob,
            chat,
            board.message_id.unwrap(),
            &board_menu(&board).0,
            &origins[0],
        )
        .await;
    let private = w.fake.reply_to(id, WAIT).await;
    let square = &origins[0][2..];
    assert_eq!(private.text(), format!("Партия 1: Куда пойдёт {square}?"));
    assert!(private.ephemeral());
    w.fake.set_locale(&bob, "en-US");
    let (_, board) = w.first_step(&bob, chat, &board).await;
    assert!(
        board
            .text()
            .contains(&format!("{} (White) to move", mention(&alice)))
    );
    let (_, board) = w.first_step(&alice, chat, &board).await;
    let (form, board) = w.type_in(&bob, chat, &board, " E4-e3 ").await;
    assert_eq!(form.form_id(), Some("focus:typed:1:3"));
    assert!(
        board
            .text()
            .starts_with(&format!("{} played **e4-e3**", mention(&bob))),
        "{}",
        board.text()
    );
    let (_, board) = w.first_step(&alice, chat, &board).await;
    let id = w
        .fake
        .click(&bob, chat, board.message_id.unwrap(), "focus:board:1")
        .await;
    let own = w.fake.reply_to(id, WAIT).await;
    assert!(own.ephemeral(), "the Board button answers privately");
    assert_eq!(board_menu(&own).0, "focus:pick:1:5:o");
    let (_, board) = w.first_step(&bob, chat, &own).await;
    assert!(!board.ephemeral(), "the move's board is for everyone");
    assert_eq!(game(&w, 1).ply, 6);

    // A draw: Alice offers it by her command, Bob agrees by the board's button.
    let offer = w.slash(&alice, chat, "focus draw", json!({})).await;
    assert!(!offer.ephemeral(), "{}", offer.text());
    // Bob may not have the app's slash commands here: the offer points at its button only.
    assert_eq!(
        offer.text(),
        format!(
            "{} offers a draw. {}, accept with the button; playing on declines it.",
            mention(&alice),
            mention(&bob)
        )
    );
    assert_eq!(offer.custom_ids(), ["focus:draw-yes:1", "focus:draw-no:1"]);
    let id = w
        .fake
        .click(&bob, chat, board.message_id.unwrap(), "focus:offer-draw:1")
        .await;
    let agreed = w.fake.reply_to(id, WAIT).await;
    assert!(!agreed.ephemeral());
    assert_eq!(
        agreed.text(),
        format!(
            "**Game 1 is drawn** by agreement.\nRatings: {} 1500 (±0), {} 1500 (±0).",
            mention(&alice),
            mention(&bob)
        )
    );
    assert_eq!(agreed.custom_ids(), ["focus:replay:1", "focus:rematch:1"]);
    let over = game(&w, 1);
    assert_eq!(
        (over.status, over.result, over.reason),
        (
            GameStatus::Finished,
            Some(GameResult::Draw),
            Some(EndReason::Agreement)
        )
    );
    w.only_answers_in(chat);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_against_the_bot_in_its_dm() {
    let mut w = World::at(T0).await;
    let bot = w.start_bot().await;
    let alice = w.fake.user("alice");
    let me = w.fake.bot_user().clone();
    let dm = w.fake.dm_channel_of(alice.id);

    // Only the bot can be played here.
    let bob = w.fake.user("bob");
    let id = w
        .fake
        .slash_dm(&alice, "focus challenge", json!({ "opponent": bob.id }))
        .await;
    let refused = w.fake.reply_to(id, WAIT).await;
    assert!(refused.ephemeral());
    assert_eq!(
        refused.text(),
        "in my DM you can only play me: challenge your friends in a group DM or on a server"
    );

    let options = json!({ "opponent": me.id, "level": 1, "color": 0 });
    let id = w.fake.slash_dm(&alice, "focus challenge", options).await;
    let first = w.fake.reply_to(id, WAIT).await;
    assert!(!first.ephemeral());
    assert!(
        first.text().starts_with(&format!(
            "**Game 1 begins!** {} plays White, {} plays Black.",
            mention(&alice),
            mention(&me)
        )),
        "{}",
        first.text()
    );
    assert!(first.text().contains("I play at level 1 of 8."));
    // Everyone here has the commands: no controls on the board.
    assert!(first.menus().is_empty() && first.custom_ids().is_empty());
    assert_eq!(game(&w, 1).venue.as_str(), "bot-dm");

    // Four moves each: Alice's by command, the bot's posted on its own in the DM. For the
    // last two her client is in Russian: so is the DM, the bot's own moves too.
    for n in 0..4 {
        let russian = n >= 2;
        if russian {
            w.fake.set_locale(&alice, "ru");
        }
        let (played_word, to_move) = if russian {
            ("ходит", format!("Ходит {} (белые)", mention(&alice)))
        } else {
            ("played", format!("{} (White) to move", mention(&alice)))
        };
        let mut store = Store::open(&w.db).unwrap();
        let position = store.load_game(GameId(1)).unwrap().position;
        let mv = position
            .legal_moves()
            .iter()
            .find(|m| matches!(m, focus_bot::rules::Move::Step { .. }))
            .expect("a step")
            .to_string();
        let id = w
            .fake
            .slash_dm(&alice, "focus move", json!({ "move": mv }))
            .await;
        let played = w.fake.reply_to(id, WAIT).await;
        assert!(
            played
                .text()
                .starts_with(&format!("{} {played_word} **{mv}**", mention(&alice))),
            "{}",
            played.text()
        );
        let answer = w
            .fake
            .reply_where(WAIT, |r| {
                r.kind == ReplyKind::ChannelMessage && r.channel_id == Some(dm)
            })
            .await;
        assert!(
            answer
                .text()
                .starts_with(&format!("{} {played_word} **", mention(&me))),
            "{}",
            answer.text()
        );
        assert!(answer.text().contains(&to_move), "{}", answer.text());
        assert_eq!(answer.files.len(), 1, "the bot's move comes with its board");
        assert_eq!(w.fake.message_posts(dm).len(), n + 1);
        assert_eq!(game(&w, 1).ply, 2 * (n as u32 + 1));
    }

    // Alice resigns.
    let id = w.fake.slash_dm(&alice, "focus resign", json!({})).await;
    let resigned = w.fake.reply_to(id, WAIT).await;
    assert_eq!(
        resigned.text(),
        format!(
            "**Победа {} (чёрные) в партии 1**, соперник сдался.",
            mention(&me)
        )
    );
    assert_eq!(resigned.custom_ids(), ["focus:replay:1", "focus:rematch:1"]);
    let over = game(&w, 1);
    assert_eq!(
        (over.status, over.result, over.reason, over.ply),
        (
            GameStatus::Finished,
            Some(GameResult::Black),
            Some(EndReason::Resignation),
            8
        )
    );
    assert_eq!(w.fake.refusals(50001).len(), 0);
    assert_eq!(w.fake.refusals(50007).len(), 0);
    bot.stop().await;
}

/// The requests the bot made with the token of interaction `id` (its answers).
fn answers_to(w: &World, id: u64) -> Vec<String> {
    let token = format!("fake-interaction-token-{id}");
    w.fake
        .requests()
        .into_iter()
        .filter(|r| r.path.contains(&token))
        .map(|r| format!("{} {}", r.method, r.path))
        .collect()
}

/// Asserts that `reply` is one private sentence, with no components, picture or form.
fn one_sentence(reply: &Reply, sentence: &str) {
    assert_eq!(reply.kind, ReplyKind::Callback(4), "{reply:?}");
    assert!(reply.ephemeral(), "private: {reply:?}");
    assert_eq!(reply.text(), sentence);
    assert!(
        reply.files.is_empty() && reply.custom_ids().is_empty(),
        "{reply:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_input_in_a_group_dm_changes_nothing() {
    let mut w = World::at(T0).await;
    let bot = w.start_bot().await;
    let (alice, bob, carol) = (
        w.fake.user("alice"),
        w.fake.user("bob"),
        w.fake.user("carol"),
    );
    w.fake.install_to_user(&alice);
    w.fake.install_to_user(&carol);
    let gdm = w
        .fake
        .group_dm(&[alice.clone(), bob.clone(), carol.clone()]);
    let mut bad = Vec::new();
    // Sends a bad interaction, and checks its one private sentence.
    macro_rules! refused {
        ($id:expr, $sentence:expr) => {{
            let id = $id;
            let reply = w.fake.reply_to(id, WAIT).await;
            one_sentence(&reply, &$sentence);
            bad.push(id);
        }};
    }

    // Commands that need a server with the bot, and a challenge to oneself.
    let needs_server =
        "this command works on servers that added focus-bot: ask a server admin to add it there";
    for (command, options) in [
        ("focus tournament list", json!({})),
        (
            "focus settings",
            json!({ "threads": w.fake.choice("settings", "threads", "off") }),
        ),
        ("focus watch", json!({})),
    ] {
        refused!(
            w.fake.slash(&alice, gdm, command, options).await,
            needs_server
        );
    }
    w.fake.set_locale(&carol, "ru");
    refused!(
        w.fake
            .slash(
                &carol,
                gdm,
                "focus settings",
                json!({ "threads": w.fake.choice("settings", "threads", "on") }),
            )
            .await,
        "эта команда работает на серверах, куда добавлен focus-bot: попросите администратора \
         сервера добавить его"
    );
    refused!(
        w.fake
            .slash(
                &alice,
                gdm,
                "focus challenge",
                json!({ "opponent": alice.id })
            )
            .await,
        "you cannot challenge yourself: name someone else, or leave the opponent empty"
    );

    // A game: Alice (White) against Bob, one move each.
    let board0 = w.challenged(gdm, json!({})).await;
    let board1 = w.play(&alice, gdm, "c4-d4").await;
    let (_, board2) = w.first_step(&bob, gdm, &board1).await;
    let (menu2, origins2) = board_menu(&board2);
    assert_eq!(menu2, "focus:pick:1:2:o");
    let at = |w: &World| {
        let g = game(w, 1);
        (g.ply, g.fpn, g.status)
    };
    let before = at(&w);
    let message = |board: &Reply| board.message_id.expect("a board's message");

    // Carol is no player: the menu, the buttons, a form (her client in Russian first).
    let not_a_player_ru = "вы не играете в партии этого канала";
    refused!(
        w.fake
            .select(&carol, gdm, message(&board2), &menu2, &origins2[0])
            .await,
        not_a_player_ru
    );
    for button in [
        "focus:type-move:1:2",
        "focus:resign:1",
        "focus:offer-draw:1",
    ] {
        refused!(
            w.fake.click(&carol, gdm, message(&board2), button).await,
            not_a_player_ru
        );
    }
    w.fake.set_locale(&carol, "en-US");
    let form = w.fake.form_json(
        &carol,
        gdm,
        Some(message(&board2)),
        "focus:typed:1:2",
        &[("text", "c3-c4")],
    );
    refused!(
        w.fake.send_interaction(form).await,
        "you are not playing in this channel's game"
    );
    // Looking is no bad input: the Board button shows her the board, privately.
    let id = w
        .fake
        .click(&carol, gdm, message(&board2), "focus:board:1")
        .await;
    let shown = w.fake.reply_to(id, WAIT).await;
    assert!(shown.ephemeral() && shown.files.len() == 1, "{shown:?}");
    assert!(
        shown.text().starts_with("Game 1: "),
        "in English again: {}",
        shown.text()
    );
    assert_eq!(
        shown.custom_ids(),
        Vec::<String>::new(),
        "no controls for a spectator"
    );

    // Old boards, whose ply is gone; Bob's choice out of turn.
    let stale = "this board of game 1 is out of date: the game has moved on, so use its newest \
                 board (the Board button shows it)";
    let (menu0, origins0) = board_menu(&board0);
    refused!(
        w.fake
            .select(&alice, gdm, message(&board0), &menu0, &origins0[0])
            .await,
        stale
    );
    let (menu1, origins1) = board_menu(&board1);
    refused!(
        w.fake
            .select(&bob, gdm, message(&board1), &menu1, &origins1[0])
            .await,
        stale
    );
    refused!(
        w.fake
            .select(&bob, gdm, message(&board2), &menu2, &origins2[0])
            .await,
        "it is not your turn: white is to move, and you play black"
    );

    // Forged: a value no menu offers, a move that is not legal, a stack Alice does not
    // control, a menu of a ply to come; a custom_id the bot never made; a game that does not
    // exist.
    // Bob may not have the slash commands here: the sentence points at the game's buttons.
    let no_button = "this button is no longer in use: use the buttons on the game's latest message";
    for (custom_id, value, sentence) in [
        ("focus:pick:1:2:o", "m:a1-h8", stale),
        ("focus:pick:1:2:o", "p:zz", stale),
        ("focus:pick:1:2:c3", "m:c3-c9", stale),
        ("focus:pick:1:2:o", "p:a4", stale),
        ("focus:pick:1:7:o", origins2[0].as_str(), stale),
        ("focus:pick:1:2", "p:c3", no_button),
        ("focus:junk", "p:c3", no_button),
        ("focus:pick:99:2:o", "p:c3", "there is no game #99"),
    ] {
        let forged = w
            .fake
            .select_json(&alice, gdm, message(&board2), custom_id, &[value]);
        refused!(w.fake.send_interaction(forged).await, sentence);
    }

    // Nonsense typed in the form.
    for (text, sentence) in [
        (
            "hello",
            "`hello` is not a move: write c5-e5 to move a stack, +e5 to drop from your reserve, \
             d4~d5 to swap",
        ),
        (
            "c3-c9",
            "`c9` is not a square: squares are a file a–h and a rank 1–8, like c5",
        ),
        (
            "e4-e3",
            "e4 is not your stack: its top piece is black, and you (white) move only stacks \
             with your piece on top",
        ),
    ] {
        let (_, reply) = w.type_in(&alice, gdm, &board2, text).await;
        one_sentence(&reply, sentence);
        bad.push(reply.interaction_id.expect("the form's interaction"));
    }
    assert_eq!(at(&w), before, "nothing changed");

    // A private menu Alice opened, left for her board's own menu: out of date once she has
    // moved.
    let id = w
        .fake
        .select(&alice, gdm, message(&board2), &menu2, &origins2[0])
        .await;
    let left = w.fake.reply_to(id, WAIT).await;
    let (left_menu, left_options) = board_menu(&left);
    // The game goes on from its newest board, and the bad inputs had one answer each.
    let (_, board3) = w.first_step(&alice, gdm, &board2).await;
    assert_eq!(game(&w, 1).ply, 3);
    let after = at(&w);
    refused!(
        w.fake
            .select(
                &alice,
                gdm,
                left.message_id.unwrap(),
                &left_menu,
                &left_options[0]
            )
            .await,
        stale
    );
    assert_eq!(at(&w), after, "nothing changed");
    w.assert_board(&board3, gdm, Lang::ENGLISH, &bob).await;
    for id in bad {
        assert_eq!(answers_to(&w, id).len(), 1, "one answer to {id}");
    }
    w.only_answers_in(gdm);
    bot.stop().await;
}

impl World {
    /// `user` resigns the game of `board` by its Resign button, then the private question's
    /// Resign; the question and the answer.
    async fn resign_by_buttons(
        &self,
        user: &FakeUser,
        channel: u64,
        board: &Reply,
    ) -> (Reply, Reply) {
        let resign = board
            .custom_ids()
            .into_iter()
            .find(|id| id.starts_with("focus:resign:"))
            .expect("a Resign button");
        let id = self
            .fake
            .click(user, channel, board.message_id.unwrap(), &resign)
            .await;
        let asked = self.fake.reply_to(id, WAIT).await;
        assert!(asked.ephemeral(), "{asked:?}");
        assert_eq!(
            asked.custom_ids(),
            [resign.replacen("resign", "resign-sure", 1)]
        );
        let id = self
            .fake
            .click(
                user,
                channel,
                asked.message_id.unwrap(),
                &asked.custom_ids()[0],
            )
            .await;
        // The question keeps its words and loses its button; the result is for everyone.
        let answered = self.fake.reply_to(id, WAIT).await;
        assert_eq!(answered.kind, ReplyKind::Callback(7));
        assert_eq!(answered.message_id, asked.message_id);
        assert_eq!(answered.text(), asked.text());
        assert_eq!(answered.custom_ids(), Vec::<String>::new());
        let over = self.fake.reply_to(id, WAIT).await;
        assert_eq!(over.kind, ReplyKind::Followup);
        assert!(!over.ephemeral());
        (asked, over)
    }

    /// The answer to `/focus leaderboard` of `user` in `channel`, once it is there.
    async fn leaderboard(&self, user: &FakeUser, channel: u64) -> Reply {
        let id = self
            .fake
            .slash(user, channel, "focus leaderboard", json!({}))
            .await;
        self.fake
            .reply_where(WAIT, |r| {
                r.interaction_id == Some(id) && r.kind != ReplyKind::Callback(5)
            })
            .await
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ratings_are_kept_apart_per_venue() {
    let mut w = World::at(T0).await;
    let bot = w.start_bot().await;
    let (alice, bob, carol) = (
        w.fake.user("alice"),
        w.fake.user("bob"),
        w.fake.user("carol"),
    );
    w.fake.install_to_user(&alice);

    // A rated game in a group DM, Bob resigning by the buttons (in Russian).
    let gdm = w.fake.group_dm(&[alice.clone(), bob.clone()]);
    w.challenged(gdm, json!({})).await;
    assert!(game(&w, 1).rated, "rated by default in a group DM");
    let board = w.play(&alice, gdm, "c4-d4").await;
    w.first_step(&bob, gdm, &board).await;
    let board = w.play(&alice, gdm, "d4-d6").await;
    w.fake.set_locale(&bob, "ru");
    let (asked, over) = w.resign_by_buttons(&bob, gdm, &board).await;
    assert_eq!(asked.text(), "Сдать партию 1? Это будет поражение.");
    w.fake.set_locale(&bob, "en-US");
    assert_eq!(
        over.text(),
        format!(
            "**{} (White) wins game 1**, by resignation.\nRatings: {} 1662 (+162), {} 1338 (-162).",
            mention(&alice),
            mention(&alice),
            mention(&bob)
        )
    );
    let ended = game(&w, 1);
    assert_eq!(
        (ended.status, ended.result, ended.reason),
        (
            GameStatus::Finished,
            Some(GameResult::White),
            Some(EndReason::Resignation)
        )
    );

    // A rated game on the server, Carol resigning.
    let general = w.fake.channel("general");
    let challenge = w
        .slash(
            &alice,
            general,
            "focus challenge",
            json!({ "opponent": carol.id, "color": 0 }),
        )
        .await;
    let id = w
        .fake
        .click(
            &carol,
            general,
            challenge.message_id.unwrap(),
            &challenge.custom_ids()[0],
        )
        .await;
    w.fake.reply_to(id, WAIT).await;
    w.fake.reply_to(id, WAIT).await;
    assert_eq!(game(&w, 2).venue.as_str(), "server");
    w.play(&alice, general, "c4-d4").await;
    w.play(&carol, general, "e4-e3").await;
    let resigned = w.slash(&carol, general, "focus resign", json!({})).await;
    assert!(
        resigned.text().contains(&format!(
            "Ratings: {} 1662 (+162), {} 1338 (-162).",
            mention(&alice),
            mention(&carol)
        )),
        "the server's ladder starts afresh: {}",
        resigned.text()
    );

    // Each ladder has its own game: Alice's one win in each, Bob only in the group DM's,
    // Carol only on the server's.
    let ladder = |them: &FakeUser| {
        format!(
            "**Leaderboard** · page 1 of 1 · 0 ranked, 2 provisional (`?`: rating not yet \
             settled)\n`   ?` {} · **1662?** · 1 game · 1-0-0\n`   ?` {} · **1338?** · 1 game \
             · 0-1-0",
            mention(&alice),
            mention(them)
        )
    };
    let shown = w.leaderboard(&alice, gdm).await;
    assert!(!shown.ephemeral());
    assert_eq!(shown.text(), ladder(&bob));
    let shown = w.leaderboard(&alice, general).await;
    assert_eq!(shown.text(), ladder(&carol));

    // A DM between Alice and Bob: unrated by default, and no leaderboard.
    let dm = w.fake.user_dm(&alice, &bob);
    let board = w.challenged(dm, json!({})).await;
    let unrated = game(&w, 3);
    assert_eq!((unrated.venue.as_str(), unrated.rated), ("dm", false));
    assert!(board.text().contains("unrated"), "{}", board.text());
    let board = w.play(&alice, dm, "c4-d4").await;
    w.first_step(&bob, dm, &board).await;
    let board = w.play(&alice, dm, "d4-d6").await;
    let (_, over) = w.resign_by_buttons(&bob, dm, &board).await;
    assert_eq!(
        over.text(),
        format!(
            "**{} (White) wins game 3**, by resignation.",
            mention(&alice)
        )
    );
    let id = w
        .fake
        .slash(&alice, dm, "focus leaderboard", json!({}))
        .await;
    one_sentence(
        &w.fake.reply_to(id, WAIT).await,
        "there is no leaderboard here: games in DMs are unrated (group DMs and servers have one)",
    );
    // The group DM's ladder is as it was.
    assert_eq!(w.leaderboard(&alice, gdm).await.text(), ladder(&bob));
    w.only_answers_in(gdm);
    w.only_answers_in(dm);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_dm_game_goes_on_by_its_components_after_a_restart() {
    let mut w = World::at(T0).await;
    let bot = w.start_bot().await;
    let (alice, bob) = (w.fake.user("alice"), w.fake.user("bob"));
    w.fake.install_to_user(&alice);
    let gdm = w.fake.group_dm(&[alice.clone(), bob.clone()]);
    let en = Lang::ENGLISH;
    w.challenged(gdm, json!({ "position": SEED })).await;
    let board = w.play(&alice, gdm, "c5-e5").await;
    // Bob opens his private menu of where f5 goes, and the bot dies before he chooses.
    let id = w
        .fake
        .select(
            &bob,
            gdm,
            board.message_id.unwrap(),
            &board_menu(&board).0,
            "p:f5",
        )
        .await;
    let private = w.fake.reply_to(id, WAIT).await;
    assert_eq!(board_menu(&private).0, "focus:pick:1:1:f5");
    bot.kill().await;
    let bot = w.start_bot().await;

    // His choice in the menu from before the restart plays the move, and so on to the end,
    // Alice's private menus in Russian.
    let id = w
        .fake
        .select(
            &bob,
            gdm,
            private.message_id.unwrap(),
            "focus:pick:1:1:f5",
            "m:f5-e5",
        )
        .await;
    let said = w.fake.reply_to(id, WAIT).await;
    assert_eq!(
        (said.kind, said.text()),
        (ReplyKind::Callback(7), "Game 1: you played f5-e5.")
    );
    let board = w.fake.reply_to(id, WAIT).await;
    w.assert_board(&board, gdm, en, &alice).await;
    w.fake.set_locale(&alice, "ru");
    let (said, board) = w.pick(&alice, gdm, &board, &["p:r", "p:r5", "m:+e5"]).await;
    assert_eq!(said.text(), "Партия 1: вы сыграли +e5.");
    w.assert_board(&board, gdm, en, &bob).await;
    let (_, board) = w.type_in(&bob, gdm, &board, "e3-e5").await;
    // A second restart, a clean one this time, between two of Alice's moves.
    bot.stop().await;
    let bot = w.start_bot().await;
    let (_, board) = w.pick(&alice, gdm, &board, &["p:r", "p:r5", "m:+e5"]).await;
    let (_, board) = w.pick(&bob, gdm, &board, &["p:r", "p:r5", "m:+e5"]).await;
    let (_, board) = w.type_in(&alice, gdm, &board, "Ре5").await;
    let (_, board) = w.type_in(&bob, gdm, &board, "+e5").await;
    let (_, board) = w.pick(&alice, gdm, &board, &["p:r", "p:r5", "m:+e5"]).await;
    let (_, board) = w.pick(&bob, gdm, &board, &["p:r", "p:r5", "m:+e5"]).await;
    w.assert_board(&board, gdm, en, &alice).await;
    let (_, board) = w.type_in(&alice, gdm, &board, "c5-b5").await;
    let (_, last) = w.pick(&bob, gdm, &board, &["p:r", "p:r5", "m:+b5"]).await;
    assert!(
        last.text().ends_with(&format!(
            "**{} (Black) wins game 1**, no legal move.",
            mention(&bob)
        )),
        "{}",
        last.text()
    );
    let over = game(&w, 1);
    assert_eq!(
        (over.status, over.result, over.ply),
        (GameStatus::Finished, Some(GameResult::Black), 12)
    );
    w.only_answers_in(gdm);
    bot.stop().await;
}

// ---- the outbox where the bot cannot post, and expired tokens (issue 23) -------------------------
//
// Each test below states what the issue asks for where the bot only answers interactions, and
// fails today. Its expected words follow the issue and the server's notices; adjust them to the
// implementation's, never the behaviour.

/// One day, in seconds.
const DAY: i64 = 86_400;

impl World {
    /// Waits until the outbox has no notice due now (pending, its next attempt at or before
    /// the clock): call it after seeing the effect of a sweep at the current clock time.
    async fn settled(&self) {
        let now = self.clock.now();
        self.until_db(
            "no notice due",
            |db| -> i64 {
                db.query_row(
                    "SELECT count(*) FROM notices WHERE status = 'pending' AND next_attempt_at <= ?1",
                    [now],
                    |row| row.get(0),
                )
                .expect("the notices table")
            },
            |due| *due == 0,
        )
        .await;
    }

    /// Waits until the latest challenge has expired (the sweep's effect).
    async fn challenge_expired(&self) {
        self.until_db("the challenge expired", latest_challenge_status, |s| {
            s == "expired"
        })
        .await;
    }

    /// Waits until the latest challenge's message is stored (a challenge's expiry edits that
    /// message, so a test moves the clock only after).
    async fn challenge_stored(&self) {
        self.until_db(
            "the challenge's message stored",
            |db| -> Option<i64> {
                db.query_row(
                    "SELECT message_id FROM challenges ORDER BY id DESC LIMIT 1",
                    [],
                    |row| row.get(0),
                )
                .expect("the latest challenge")
            },
            Option::is_some,
        )
        .await;
    }
}

/// The status of the latest challenge.
fn latest_challenge_status(db: &rusqlite::Connection) -> String {
    db.query_row(
        "SELECT status FROM challenges ORDER BY id DESC LIMIT 1",
        [],
        |row| row.get(0),
    )
    .expect("the latest challenge")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn turn_notices_a_reminder_and_a_time_out_of_a_group_dm_game_go_to_the_players_dms() {
    let mut w = World::at(T0).await;
    let bot = w.start_bot().await;
    let (alice, bob) = (w.fake.user("alice"), w.fake.user("bob"));
    w.fake.install_to_user(&alice);
    let gdm = w.fake.group_dm(&[alice.clone(), bob.clone()]);
    let days = w.fake.choice("challenge", "days", "1 day");
    w.challenged(gdm, json!({ "days": days })).await;
    let link = format!("https://discord.com/channels/@me/{gdm}");

    // Bob (who shares the fixture server with the bot) hears of his turn by DM, with a link
    // to the group DM; the group DM gets nothing from the bot but its answers.
    let board = w.play(&alice, gdm, "c4-d4").await;
    let dm = w.fake.reply_where(WAIT, |r| r.dm_to == Some(bob.id)).await;
    assert!(
        dm.text()
            .starts_with("Your move in Focus game 1 against **Alice**:"),
        "{}",
        dm.text()
    );
    assert!(dm.text().contains(&link), "{}", dm.text());
    w.first_step(&bob, gdm, &board).await;
    w.clock.advance(100);
    w.play(&alice, gdm, "d4-d6").await;
    let last_move = w.clock.now();

    // The reminder at 80 %, then the time-out: by DM.
    w.clock.advance(DAY * 4 / 5);
    let reminder = w
        .fake
        .reply_where(WAIT, |r| {
            r.dm_to == Some(bob.id) && r.text().contains("Reminder")
        })
        .await;
    assert!(reminder.text().contains(&link), "{}", reminder.text());
    w.clock.advance(last_move + DAY - w.clock.now());
    let lost = w
        .fake
        .reply_where(WAIT, |r| {
            r.dm_to == Some(bob.id) && r.text().contains("ran out of time")
        })
        .await;
    assert!(lost.text().contains("wins game 1"), "{}", lost.text());
    w.fake
        .reply_where(WAIT, |r| {
            r.dm_to == Some(alice.id) && r.text().contains("ran out of time")
        })
        .await;
    w.settled().await;
    let over = game(&w, 1);
    assert_eq!(
        (over.status, over.reason),
        (GameStatus::Finished, Some(EndReason::TimeOut))
    );
    w.only_answers_in(gdm);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_notice_that_no_dm_can_carry_is_shown_at_the_players_next_click() {
    let mut w = World::at(T0).await;
    let bot = w.start_bot().await;
    let (alice, bob) = (w.fake.user("alice"), w.fake.user("bob"));
    w.fake.install_to_user(&alice);
    w.fake.close_dms(bob.id);
    let gdm = w.fake.group_dm(&[alice.clone(), bob.clone()]);
    let days = w.fake.choice("challenge", "days", "1 day");
    w.challenged(gdm, json!({ "days": days })).await;
    let board = w.play(&alice, gdm, "c4-d4").await;
    // The DM is tried once and refused (50007); nothing goes to the group DM instead.
    w.fake
        .wait_requests(WAIT, |r| r.iter().any(|r| r.code == Some(50007)))
        .await;
    w.settled().await;
    assert_eq!(w.fake.dm_attempts(bob.id), 1);
    // Bob's next click (the Board button) tells him, privately, besides its own answer.
    let id = w
        .fake
        .click(&bob, gdm, board.message_id.unwrap(), "focus:board:1")
        .await;
    let told = w
        .fake
        .reply_where(WAIT, |r| {
            r.interaction_id == Some(id) && r.text().contains("Your move in Focus game 1")
        })
        .await;
    assert!(told.ephemeral(), "{told:?}");
    assert!(told.text().contains("Alice") || told.text().contains(&mention(&alice)));
    // Told once: the next click does not repeat it.
    let id = w
        .fake
        .click(&bob, gdm, board.message_id.unwrap(), "focus:board:1")
        .await;
    let shown = w.fake.reply_to(id, WAIT).await;
    assert!(
        !shown.text().contains("Your move in Focus game 1"),
        "{}",
        shown.text()
    );
    w.only_answers_in(gdm);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_answer_that_would_come_after_its_token_ran_out_is_not_sent() {
    let mut w = World::at(T0).await;
    let bot = w.start_bot().await;
    let (alice, bob) = (w.fake.user("alice"), w.fake.user("bob"));
    w.fake.install_to_user(&alice);
    let gdm = w.fake.group_dm(&[alice.clone(), bob.clone()]);
    let board = w.challenged(gdm, json!({})).await;
    // Alice's move reaches the bot 16 minutes after she sent it (a deterministic stand-in for
    // an answer that takes that long): its token has run out, so nothing may be sent with it.
    w.clock.advance(20 * 60);
    let mut late = w
        .fake
        .slash_json(&alice, Some(gdm), "focus move", &json!({ "move": "c4-d4" }));
    w.fake.stamp(&mut late, w.clock.now_ms() - 16 * 60 * 1000);
    let id = w.fake.send_interaction(late).await;
    // The move is stored (what the work changed stays); its answer is not sent.
    let deadline = tokio::time::Instant::now() + WAIT;
    while game(&w, 1).ply == 0 {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the move not stored"
        );
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    // The next interaction shows the state as it is: Bob's Board button, ply 1, his move.
    let click = w
        .fake
        .click(&bob, gdm, board.message_id.unwrap(), "focus:board:1")
        .await;
    let shown = w.fake.reply_to(click, WAIT).await;
    assert_eq!(board_menu(&shown).0, "focus:pick:1:1:o");
    assert_eq!(
        answers_to(&w, id),
        Vec::<String>::new(),
        "nothing sent late"
    );
    assert_eq!(w.fake.expired_token_uses().len(), 0);
    w.only_answers_in(gdm);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_expired_challenge_in_a_group_dm_is_not_edited_through_the_channel() {
    let mut w = World::at(T0).await;
    let bot = w.start_bot().await;
    let (alice, bob) = (w.fake.user("alice"), w.fake.user("bob"));
    w.fake.install_to_user(&alice);
    let gdm = w.fake.group_dm(&[alice.clone(), bob.clone()]);
    let challenge = w
        .slash(
            &alice,
            gdm,
            "focus challenge",
            json!({ "opponent": bob.id }),
        )
        .await;
    w.challenge_stored().await;
    // A day later it has expired. Today the bot then edits its message with `PATCH
    // /channels/{group DM}/messages/{id}`, which Discord refuses (50001): the message is an
    // interaction's answer, editable only with its token, long expired.
    w.clock.advance(DAY + 60);
    w.challenge_expired().await;
    w.settled().await;
    // Its Accept then says so, privately, and no game starts.
    let id = w
        .fake
        .click(
            &bob,
            gdm,
            challenge.message_id.unwrap(),
            &challenge.custom_ids()[0],
        )
        .await;
    let answer = w.fake.reply_to(id, WAIT).await;
    assert!(answer.ephemeral(), "{answer:?}");
    assert!(answer.text().contains("expired"), "{}", answer.text());
    // Alice, who could not see it run out there, is told by DM.
    let dm = w
        .fake
        .reply_where(WAIT, |r| r.dm_to == Some(alice.id))
        .await;
    assert_eq!(
        dm.text(),
        format!(
            "Your challenge to **{}** in https://discord.com/channels/@me/{gdm} has expired: \
             nobody accepted it within a day. If they are not in that conversation, they could \
             not see it: challenge them where you both are.",
            named_in_dm(&w, &bob)
        )
    );
    w.only_answers_in(gdm);
    bot.stop().await;
}

/// How the bot names `user` in a DM: their stored name, else a mention.
fn named_in_dm(w: &World, user: &FakeUser) -> String {
    Store::open(&w.db)
        .unwrap()
        .name(user.id)
        .unwrap()
        .unwrap_or_else(|| mention(user))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_to_someone_outside_the_group_dm_runs_out_and_its_challenger_is_told() {
    let mut w = World::at(T0).await;
    let bot = w.start_bot().await;
    let (alice, bob, carol) = (
        w.fake.user("alice"),
        w.fake.user("bob"),
        w.fake.user("carol"),
    );
    w.fake.install_to_user(&alice);
    w.fake.set_locale(&alice, "ru");
    let gdm = w.fake.group_dm(&[alice.clone(), bob.clone()]);
    // Carol is not in the group DM. Discord does not tell a user-installed app who is (the
    // interaction's channel carries no recipients through serenity 0.12), so the challenge
    // stands; she never sees it.
    let challenge = w
        .slash(
            &alice,
            gdm,
            "focus challenge",
            json!({ "opponent": carol.id }),
        )
        .await;
    assert!(!challenge.ephemeral(), "{}", challenge.text());
    w.challenge_stored().await;
    let stored = Store::open(&w.db).unwrap().name(carol.id).unwrap();
    let carol_named = stored.unwrap_or_else(|| mention(&carol));
    w.clock.advance(DAY + 60);
    w.challenge_expired().await;
    // Alice hears of it by DM, in her language, with the likely reason.
    let dm = w
        .fake
        .reply_where(WAIT, |r| r.dm_to == Some(alice.id))
        .await;
    assert_eq!(
        dm.text(),
        format!(
            "Ваш вызов игроку **{carol_named}** в https://discord.com/channels/@me/{gdm} истёк: \
             за сутки его никто не принял. Если этого игрока нет в той беседе, он не мог увидеть \
             вызов: вызовите его там, где вы оба есть."
        )
    );
    w.settled().await;
    assert_eq!(w.fake.dm_attempts(alice.id), 1, "told once");

    // An open challenge, with Alice's DMs closed: she is told at her next command instead.
    w.fake.close_dms(alice.id);
    w.fake.set_locale(&alice, "en-US");
    let open = w.slash(&alice, gdm, "focus challenge", json!({})).await;
    assert!(!open.ephemeral(), "{}", open.text());
    w.challenge_stored().await;
    w.clock.advance(DAY + 60);
    w.challenge_expired().await;
    w.fake
        .wait_requests(WAIT, |r| r.iter().any(|r| r.code == Some(50007)))
        .await;
    w.settled().await;
    let id = w.fake.slash(&alice, gdm, "focus games", json!({})).await;
    let told = w
        .fake
        .reply_where(WAIT, |r| {
            r.interaction_id == Some(id) && r.text().contains("has expired")
        })
        .await;
    assert!(told.ephemeral(), "{told:?}");
    assert_eq!(
        told.text(),
        format!(
            "Your challenge in https://discord.com/channels/@me/{gdm} has expired: nobody \
             accepted it within a day. Start a new one with /focus challenge."
        )
    );
    // Told once.
    let again = w.slash(&alice, gdm, "focus games", json!({})).await;
    assert!(!again.text().contains("has expired"), "{}", again.text());
    w.only_answers_in(gdm);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_dm_speaks_the_language_of_its_first_player_until_someone_chooses_another() {
    let mut w = World::at(T0).await;
    let bot = w.start_bot().await;
    let (alice, bob) = (w.fake.user("alice"), w.fake.user("bob"));
    w.fake.install_to_user(&alice);
    w.fake.set_locale(&alice, "ru");
    let gdm = w.fake.group_dm(&[alice.clone(), bob.clone()]);
    let ru = Lang::of_tag("ru");

    // Discord gives a group DM no locale: Alice's, the first to use the bot here, is its own.
    let shown = w.slash(&alice, gdm, "focus settings", json!({})).await;
    assert!(shown.ephemeral(), "{shown:?}");
    assert_eq!(
        shown.text(),
        "Публичные сообщения бота в этой беседе пишутся на языке: Русский. Любой участник беседы \
         может изменить его командой `/фокус настройки язык:`."
    );

    // So Bob's acceptance and the first board are in Russian too, though his client is
    // English; his private words are English.
    let challenge = w
        .slash(
            &alice,
            gdm,
            "focus challenge",
            json!({ "opponent": bob.id, "color": 0 }),
        )
        .await;
    assert!(
        challenge.text().starts_with(&format!(
            "{} вызывает {} на партию в «Фокус»!",
            mention(&alice),
            mention(&bob)
        )),
        "{}",
        challenge.text()
    );
    let id = w
        .fake
        .click(
            &bob,
            gdm,
            challenge.message_id.unwrap(),
            &challenge.custom_ids()[0],
        )
        .await;
    w.fake.reply_to(id, WAIT).await;
    let board = w.fake.reply_to(id, WAIT).await;
    w.assert_board(&board, gdm, ru, &alice).await;
    let board = w.play(&alice, gdm, "c4-d4").await;
    w.assert_board(&board, gdm, ru, &bob).await;
    let (_, board) = w.first_step(&bob, gdm, &board).await;
    w.assert_board(&board, gdm, ru, &alice).await;

    // Anyone here may choose another (a group DM has no admins): Alice chooses English.
    let english = w.fake.choice("settings", "language", "English");
    let set = w
        .slash(
            &alice,
            gdm,
            "focus settings",
            json!({ "language": english }),
        )
        .await;
    assert!(set.ephemeral(), "{set:?}");
    assert_eq!(
        set.text(),
        "Теперь публичные сообщения бота в этой беседе пишутся на языке: English."
    );
    let board = w.play(&alice, gdm, "d4-d6").await;
    w.assert_board(&board, gdm, Lang::ENGLISH, &bob).await;
    // Threads and the tournament role need a server with the bot, still.
    let off = w.fake.choice("settings", "threads", "off");
    let refused = w
        .slash(&alice, gdm, "focus settings", json!({ "threads": off }))
        .await;
    assert_eq!(
        refused.text(),
        "эта команда работает на серверах, куда добавлен focus-bot: попросите администратора \
         сервера добавить его"
    );
    w.only_answers_in(gdm);
    bot.stop().await;
}
