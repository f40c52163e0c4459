//! The letters the bot sends on its own are complete data (issue 33): the shared code
//! ([`focus_bot::app::mail`]) finishes each one, with its pictures, buttons and thread name, in
//! the reader's language, and no adapter is needed to see them. A collecting carrier stands in
//! for Discord and the console.

use std::future::Future;
use std::sync::{Arc, Mutex};

use focus_bot::app::mail::{self, Address, Carrier, Mail};
use focus_bot::app::{File, FileKind};
use focus_bot::i18n::Lang;
use focus_bot::locale::Locale;
use focus_bot::render::{HEIGHT, WIDTH};
use focus_bot::rules::Color;
use focus_bot::service::{ChallengeRequest, Delivery, GameService, ManualClock, Place, User};
use focus_bot::store::{CHALLENGE_LIFETIME, ColorChoice, GameStatus, NoticeId};
use tempfile::TempDir;

pub const T0: i64 = 1_700_000_000;
const DAY: i64 = 86_400;
pub const GUILD: u64 = 910_000_000_000_000_001;
pub const CHANNEL: u64 = 910_000_000_000_000_100;
/// The ids the collecting carrier gives the threads it starts.
pub const THREADS: u64 = 810_000_000_000_000_000;
pub const ALICE: u64 = 2_001;
pub const BOB: u64 = 2_002;
pub const CAROL: u64 = 2_003;
const PNG: [u8; 8] = [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];

/// Keeps every mail, and starts a thread (a fresh id) for each that asks for one.
#[derive(Default)]
pub struct Collect {
    mails: Mutex<Vec<Mail>>,
}

impl Carrier for Collect {
    fn deliver(&self, _: NoticeId, mail: &Mail) -> impl Future<Output = Delivery> + Send {
        let mut mails = self.mails.lock().unwrap();
        mails.push(mail.clone());
        std::future::ready(match mail.thread {
            Some(_) => Delivery::Thread(THREADS + mails.len() as u64),
            None => Delivery::Sent,
        })
    }
}

impl Collect {
    pub fn take(&self) -> Vec<Mail> {
        std::mem::take(&mut *self.mails.lock().unwrap())
    }
}

pub async fn service(dir: &TempDir) -> (GameService, ManualClock) {
    let clock = ManualClock::at(T0);
    let store = crate::stores::open(dir.path().join("focus.db"))
        .await
        .unwrap();
    let service = GameService::new(store, Arc::new(clock.clone()));
    // The server reads Russian: every public letter is finished in Russian.
    let russian = Locale::new("ru").unwrap();
    service
        .settings
        .set_server_language(GUILD, true, russian)
        .await
        .unwrap();
    (service, clock)
}

pub fn here() -> Place {
    Place {
        guild_id: GUILD,
        channel_id: CHANNEL,
    }
}

pub fn russian() -> Lang {
    Lang::of_tag("ru")
}

/// The width and height a PNG's header gives, after checking its signature.
#[track_caller]
pub fn png_size(file: &File) -> (u32, u32) {
    assert_eq!(file.bytes[..8], PNG, "{} is a PNG", file.name);
    assert_eq!(&file.bytes[12..16], b"IHDR");
    let word = |at: usize| u32::from_be_bytes(file.bytes[at..at + 4].try_into().unwrap());
    let size = (word(16), word(20));
    // The whole picture decodes to that size.
    let decoded = image::load_from_memory(&file.bytes).unwrap();
    assert_eq!((decoded.width(), decoded.height()), size);
    size
}

pub fn has_cyrillic(text: &str) -> bool {
    text.chars()
        .any(|c| ('а'..='я').contains(&c.to_lowercase().next().unwrap()))
}

#[tokio::test]
async fn a_time_out_is_one_post_with_its_final_board_and_buttons_in_the_servers_language() {
    let dir = TempDir::new().unwrap();
    let (service, clock) = service(&dir).await;
    let (alice, bob) = (User::new(ALICE, "Alice"), User::new(BOB, "Bob"));
    let request = ChallengeRequest {
        opponent: Some(bob.clone()),
        color: ColorChoice::White,
        days: Some(1),
        ..ChallengeRequest::default()
    };
    let view = service
        .challenges
        .challenge(here(), &alice, request)
        .await
        .unwrap();
    let game = service
        .challenges
        .accept(view.challenge.id, &bob, Color::Black)
        .await
        .unwrap()
        .game;
    // Alice is told her turns by DM, in her language (English), Bob in the channel only.
    service.settings.notify(ALICE, Some(true)).await.unwrap();
    service
        .settings
        .note_locales(ALICE, Some(Locale::ENGLISH), None, None)
        .await
        .unwrap();
    // Four plies: a time-out now loses (it no longer aborts).
    for (who, text) in [
        (&alice, "c4-d4"),
        (&bob, "e4-d4"),
        (&alice, "b4-c4"),
        (&bob, "c3-c4"),
    ] {
        service.games.play(here(), who, text).await.unwrap();
    }
    let carrier = Collect::default();
    mail::deliver(&service, &carrier, None).await.unwrap();
    let turns = carrier.take();
    assert!(!turns.is_empty());
    for turn in &turns {
        assert_eq!(turn.to, Address::Direct(ALICE));
        assert_eq!(turn.lang, Lang::ENGLISH);
        assert_eq!(turn.pages.len(), 1);
        let page = &turn.pages[0];
        assert!(page.file.is_none() && page.buttons.is_empty() && turn.thread.is_none());
        let words = page.text.words();
        assert!(words.starts_with("Your move in Focus game"), "{words:?}");
    }
    clock.advance(2 * DAY);
    service.deadlines.sweep().await.unwrap();
    mail::deliver(&service, &carrier, None).await.unwrap();
    let mails = carrier.take();
    let posts: Vec<&Mail> = mails
        .iter()
        .filter(|m| m.to == Address::Channel(CHANNEL))
        .collect();
    assert_eq!(posts.len(), 1, "{mails:#?}");
    let post = posts[0];
    assert_eq!(post.lang, russian());
    assert_eq!(post.ping, vec![ALICE, BOB]);
    assert_eq!(post.thread, None);
    assert_eq!(post.pages.len(), 1);
    let page = &post.pages[0];
    assert!(has_cyrillic(&page.text.words()), "{:?}", page.text.words());
    // Mentions read `@id` as words.
    let words = page.text.words();
    assert!(
        words.starts_with("У @2001 вышло время. Победа @2002 (чёрные)"),
        "{words:?}"
    );
    let file = page.file.as_ref().expect("the final board");
    assert_eq!(file.name, format!("focus-game-{}.png", game.id.0));
    assert_eq!(
        file.kind,
        FileKind::Board {
            game: game.id,
            ply: 4
        }
    );
    assert_eq!(png_size(file), (WIDTH, HEIGHT));
    // The game ended with this message: its Replay and Rematch, in Russian.
    let ended = service.store().game(game.id).await.unwrap();
    assert_eq!(ended.status, GameStatus::Finished);
    assert!(page.buttons.len() >= 2, "{:?}", page.buttons);
    assert!(
        page.buttons
            .iter()
            .all(|b| has_cyrillic(&b.label) && !b.disabled)
    );

    // An adapter with one language (the console) gets the same letter in its own.
    let fixed = mail::write(&service, Lang::ENGLISH, &letter_of(&service, game.id).await)
        .await
        .unwrap();
    assert_eq!(fixed.lang, Lang::ENGLISH);
    assert!(
        fixed.pages[0].text.words().contains("ran out of time"),
        "{:?}",
        fixed.pages[0].text.words()
    );
    assert!(
        fixed.pages[0]
            .buttons
            .iter()
            .all(|b| !has_cyrillic(&b.label))
    );
    assert_eq!(
        png_size(fixed.pages[0].file.as_ref().unwrap()),
        (WIDTH, HEIGHT)
    );
}

/// The time-out letter of `game`, as the service makes it (a letter is data: it can be made
/// again and finished in another language).
async fn letter_of(
    service: &GameService,
    game: focus_bot::store::GameId,
) -> focus_bot::service::Letter {
    let game = service.store().game(game).await.unwrap();
    let board = focus_bot::service::Board {
        position: game.current_position().unwrap(),
        game: game.clone(),
        last_move: None,
        names: [Some("Alice".to_owned()), Some("Bob".to_owned())],
    };
    focus_bot::service::Letter::Post {
        channel_id: CHANNEL,
        ping: vec![game.white_id, game.black_id],
        board: Some(Box::new(board)),
        locale: Locale::ENGLISH,
        news: focus_bot::service::News::TimedOut {
            loser: game.white_id,
            game,
        },
    }
}

#[tokio::test]
async fn an_expired_challenges_message_is_an_edit_with_its_buttons_disabled() {
    let dir = TempDir::new().unwrap();
    let (service, clock) = service(&dir).await;
    let request = ChallengeRequest {
        opponent: Some(User::new(BOB, "Bob")),
        ..ChallengeRequest::default()
    };
    let view = service
        .challenges
        .challenge(here(), &User::new(ALICE, "Alice"), request)
        .await
        .unwrap();
    let id = view.challenge.id;
    service
        .challenges
        .set_challenge_message(id, 4_242)
        .await
        .unwrap();
    clock.advance(CHALLENGE_LIFETIME + 60);
    service.deadlines.sweep().await.unwrap();
    let carrier = Collect::default();
    mail::deliver(&service, &carrier, None).await.unwrap();
    let mails = carrier.take();
    assert_eq!(mails.len(), 1, "{mails:#?}");
    let edit = &mails[0];
    assert_eq!(
        edit.to,
        Address::Challenge {
            channel: CHANNEL,
            message: 4_242,
            challenge: id
        }
    );
    assert_eq!(edit.lang, russian());
    assert_eq!(edit.pages.len(), 1);
    let page = &edit.pages[0];
    assert!(page.file.is_none());
    assert!(!page.buttons.is_empty());
    assert!(
        page.buttons
            .iter()
            .all(|b| b.disabled && has_cyrillic(&b.label))
    );
    assert!(has_cyrillic(&page.text.words()));
}
