//! A tournament's letters are complete data too (issue 33): its boards' threads named, its
//! announcement's buttons, its pairings, its games' first boards and the standings' picture,
//! finished by the shared code ([`focus_bot::app::mail`]) without an adapter.

use focus_bot::app::mail::{self, Address, Mail};
use focus_bot::app::{File, FileKind};
use focus_bot::render::{HEIGHT, WIDTH};
use focus_bot::rules::Rules;
use focus_bot::service::User;
use focus_bot::service::tournaments::{Rights, TournamentOptions};
use focus_bot::store::{Format, Pace, TimeControl};
use tempfile::TempDir;

use super::letters::{
    ALICE, BOB, CAROL, CHANNEL, Collect, T0, THREADS, has_cyrillic, here, png_size, russian,
    service,
};

#[tokio::test]
async fn a_tournaments_letters_carry_their_threads_names_and_the_standings_picture() {
    let dir = TempDir::new().unwrap();
    let (service, clock) = service(&dir).await;
    let director = User::new(5_000, "director");
    let options = TournamentOptions {
        name: "Весна".to_owned(),
        format: Format::RoundRobin,
        rounds: None,
        time_control: TimeControl::Days(3),
        rules: Rules::CLASSIC,
        rated: true,
        starts_in_hours: None,
        max_players: None,
        pace: Pace::Next,
        round_every_days: None,
    };
    let view = service
        .tournaments
        .create_tournament(here(), &director, Rights { create: true }, options)
        .await
        .unwrap();
    let tid = view.tournament.id;
    service
        .tournaments
        .set_tournament_message(tid, 7_777)
        .await
        .unwrap();
    for (id, name) in [(ALICE, "Alice"), (BOB, "Bob"), (CAROL, "Carol")] {
        service
            .tournaments
            .join_tournament(here(), &User::new(id, name), None)
            .await
            .unwrap();
    }
    service
        .director
        .start_tournament(here(), &director, Some(tid))
        .await
        .unwrap();
    let carrier = Collect::default();
    // The round is paired, its board posted with its thread, the game started there.
    for _ in 0..3 {
        service.deadlines.sweep().await.unwrap();
        mail::deliver(&service, &carrier, None).await.unwrap();
    }
    let mails = carrier.take();
    let boards: Vec<&Mail> = mails.iter().filter(|m| m.thread.is_some()).collect();
    assert_eq!(boards.len(), 1, "{mails:#?}");
    let board = boards[0];
    assert_eq!(board.to, Address::Channel(CHANNEL));
    assert_eq!(board.lang, russian());
    let thread = board.thread.as_ref().unwrap();
    assert!(
        thread.title.starts_with("Весна · Т1 · "),
        "{}",
        thread.title
    );
    // Its two players, by name (the third player has the bye).
    let named = ["Alice", "Bob", "Carol"]
        .iter()
        .filter(|n| thread.title.contains(*n))
        .count();
    assert_eq!(named, 2, "{}", thread.title);
    assert!(thread.title.chars().count() <= 100);
    assert_eq!(thread.key, format!("t{}-r1-b1", tid.0));
    assert!(board.pages.iter().all(|p| p.file.is_none()));
    // The round's pairings in the channel: one message, no picture, nobody pinged.
    let pairings = mails
        .iter()
        .find(|m| {
            m.to == Address::Channel(CHANNEL)
                && m.pages[0].text.words().starts_with("Весна · 1-й тур из 3:")
        })
        .expect("the pairings");
    assert!(pairings.ping.is_empty() && pairings.thread.is_none());
    assert!(pairings.pages.iter().all(|p| p.file.is_none()));
    assert!(
        pairings.pages[0]
            .text
            .words()
            .contains("Отдыхает в этом туре: @")
    );
    // The announcement is redrawn: an edit of its message, with its buttons.
    let announced = mails
        .iter()
        .find(|m| {
            m.to == Address::Announcement {
                channel: CHANNEL,
                message: 7_777,
            }
        })
        .expect("the announcement redrawn");
    assert!(
        announced.pages[0]
            .buttons
            .iter()
            .all(|b| has_cyrillic(&b.label))
    );
    // The game started in the thread: its first board, pinging both players.
    let started = mails
        .iter()
        .find(|m| matches!(m.to, Address::Channel(c) if c > THREADS && c < CHANNEL))
        .expect("the game's first message in its thread");
    assert_eq!(started.ping.len(), 2, "{started:#?}");
    let first = started.pages[0].file.as_ref().expect("the first board");
    assert_eq!(png_size(first), (WIDTH, HEIGHT));

    // The round's only game ends: the standings come with their picture after the last
    // message.
    let game = service.store().tournament_whole(tid).await.unwrap().2[0]
        .game_id
        .unwrap();
    let black = service.store().game(game).await.unwrap().black_id;
    service.store().resign(game, black, T0).await.unwrap();
    clock.advance(60);
    for _ in 0..3 {
        service.deadlines.sweep().await.unwrap();
        mail::deliver(&service, &carrier, None).await.unwrap();
    }
    let mails = carrier.take();
    let pictured: Vec<&File> = mails
        .iter()
        .filter(|m| m.to == Address::Channel(CHANNEL))
        .flat_map(|m| m.pages.iter().filter_map(|p| p.file.as_ref()))
        .collect();
    assert_eq!(pictured.len(), 1, "{mails:#?}");
    let standings = pictured[0];
    assert_eq!(standings.name, format!("focus-tournament-{}.png", tid.0));
    assert_eq!(standings.kind, FileKind::Standings(tid));
    let (width, height) = png_size(standings);
    assert!(width > 200 && height > 50, "{width}×{height}");
    let with_it = mails
        .iter()
        .find(|m| m.pages.iter().any(|p| p.file.is_some()))
        .unwrap();
    assert!(
        with_it.pages.last().unwrap().file.is_some(),
        "after the last message"
    );
    assert!(has_cyrillic(&with_it.pages[0].text.words()));
}
