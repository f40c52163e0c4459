//! The analysis of a finished game (issue 15): the service refuses games in play, aborted,
//! unknown or of another server; reviews a finished one on the search pool with progress,
//! stores it and answers again at once; two at once store one; the text fits one Discord
//! message in every language; the chart decodes to a picture with its colours; the console.
// Longer than 400 lines: the tests of the analysis use case share the finished games they review.

use focus_bot::discord::markdown::markdown as md;
use std::collections::HashSet;
use std::sync::{Arc, Mutex};

use focus_bot::console::Console;
use focus_bot::engine::Score;
use focus_bot::engine::review::{BLUNDER, Class, PlyReview, Review};
use focus_bot::i18n::Lang;
use focus_bot::render::chart::{CHART_HEIGHT, CHART_WIDTH, chart};
use focus_bot::rules::{Color, Move};
use focus_bot::service::{
    Analysis, ChallengeRequest, GameService, ManualClock, OnProgress, Place, Progress,
    ServiceError, User,
};
use focus_bot::store::{AsyncStore, ColorChoice, GameId, StoreError};
use focus_bot::strings;

const T0: i64 = 1_700_000_000;
const GUILD: u64 = 700_000_000_000_000_001;
/// The test build's engine is unoptimised: a small budget keeps each search to milliseconds.
const NODES: u64 = 3_000;

/// Two pieces each, no reserves: White d8 and e8, Black e7 and f3, White to move. `d8-e8`
/// stacks White's pieces next to e7, which covers them (`e7-e8`): White then has nothing and
/// loses. The engine prefers `e8-e7`, covering e7.
const CHASE: &str = ".,w,w,./.,.,.,b,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./\
    .,.,.,.,.,b,.,./.,.,.,.,.,./.,.,.,. w 0 0 16 16";

fn alice() -> User {
    User::new(1_001, "Alice")
}
fn bob() -> User {
    User::new(1_002, "Bob")
}

fn place(channel: u64) -> Place {
    Place {
        guild_id: GUILD,
        channel_id: channel,
    }
}

fn service() -> GameService {
    let store = AsyncStore::spawn(crate::stores::memory().unwrap()).unwrap();
    GameService::new(store, Arc::new(ManualClock::at(T0))).with_analysis_nodes(NODES)
}

/// Alice (White) against Bob from CHASE in `channel`; the game's number.
async fn chase(svc: &GameService, channel: u64) -> GameId {
    let request = ChallengeRequest {
        opponent: Some(bob()),
        color: ColorChoice::White,
        rated: false,
        position: Some(CHASE.to_owned()),
        ..ChallengeRequest::default()
    };
    let view = svc
        .challenges
        .challenge(place(channel), &alice(), request)
        .await
        .unwrap();
    svc.challenges
        .accept(view.challenge.id, &bob(), Color::Black)
        .await
        .unwrap()
        .game
        .id
}

/// A progress callback that records what it is told.
fn recorder() -> (OnProgress, Arc<Mutex<Vec<Progress>>>) {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let into = seen.clone();
    (Arc::new(move |p| into.lock().unwrap().push(p)), seen)
}

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_reviewed_on_the_pool_stored_and_then_answered_at_once() {
    let svc = service();
    let here = place(10);
    let id = chase(&svc, 10).await;
    svc.games.play(here, &alice(), "d8-e8").await.unwrap();

    // In play: refused, for fair play, in one sentence naming the game.
    let (on, seen) = recorder();
    let err = svc
        .analysis
        .analysis(here, bob().id, None, on)
        .await
        .unwrap_err();
    assert!(
        matches!(err, ServiceError::AnalysisInPlay(g) if g == id),
        "{err:?}"
    );
    assert!(err.for_users());
    assert_eq!(
        md(&strings::refusal(Lang::ENGLISH, &err)),
        "game 1 is still being played: the engine's analysis comes once it is over, for fair play"
    );
    assert!(seen.lock().unwrap().is_empty(), "nothing searched");

    svc.games.play(here, &bob(), "e7-e8").await.unwrap();
    let (on, seen) = recorder();
    let a = svc
        .analysis
        .analysis(here, alice().id, None, on)
        .await
        .unwrap();
    assert!(a.searched);
    assert_eq!(a.nodes, NODES);
    assert_eq!(a.game(), id);
    let blunder = a.review.plies[0];
    assert_eq!(blunder.class, Some(Class::Blunder));
    assert_eq!(blunder.played, mv("d8-e8"));
    assert_ne!(blunder.best, Some(mv("d8-e8")));
    assert_eq!(blunder.after, Score::Loss(1));
    assert_eq!(
        a.review.plies[1].class, None,
        "Black's win is the engine's move"
    );
    // Progress: from none judged to both, after each pair of positions (3 positions: 2 pairs).
    let progress: Vec<(usize, usize)> = seen
        .lock()
        .unwrap()
        .iter()
        .map(|p| (p.done, p.total))
        .collect();
    assert_eq!(progress, [(0, 2), (1, 2), (2, 2)]);

    let text = md(&strings::analysis::text(Lang::ENGLISH, &a));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "**Analysis of game 1**: <@1001> (White) vs <@1002> (Black), 2 plies."
    );
    assert_eq!(lines[1], "White (<@1001>): 1 blunder");
    assert_eq!(
        lines[2],
        "Black (<@1002>): no inaccuracies, mistakes or blunders"
    );
    let better = blunder.best.unwrap().to_string();
    let drop = strings::analysis::pieces(Lang::ENGLISH, blunder.drop);
    assert_eq!(
        lines[3],
        format!("Move 1 (White) d8-e8: blunder (−{drop}); better {better}")
    );
    assert_eq!(lines.len(), 5, "{text}");
    let ru = md(&strings::analysis::text(Lang::of_tag("ru"), &a));
    assert!(
        ru.contains(&format!(
            "Ход 1 (белые) d8-e8: грубая ошибка (−{}); лучше {better}",
            strings::analysis::pieces(Lang::of_tag("ru"), blunder.drop)
        )),
        "{ru}"
    );
    assert!(ru.contains("Белые (<@1001>): 1 грубая ошибка"), "{ru}");

    // Again, by number and by someone else: the stored review, no search, no progress.
    let (on, seen) = recorder();
    let again = svc
        .analysis
        .analysis(here, 5_555, Some(id), on)
        .await
        .unwrap();
    assert!(!again.searched);
    assert_eq!(again.review, a.review);
    assert!(seen.lock().unwrap().is_empty());
    let stored = svc.store().analysis(id).await.unwrap().unwrap();
    assert_eq!(stored.nodes, NODES);
    assert_eq!(stored.assessments.len(), 3);
    assert_eq!(stored.assessments[2], "- loss 0", "White to move has lost");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_analyses_of_one_game_at_once_agree_and_store_one() {
    let svc = service();
    let id = chase(&svc, 11).await;
    svc.games.play(place(11), &alice(), "e8-e7").await.unwrap();
    svc.games.play(place(11), &bob(), "f3-f4").await.unwrap();
    svc.games.resign(place(11), &alice()).await.unwrap();
    let (one, _) = recorder();
    let (two, _) = recorder();
    let (a, b) = tokio::join!(
        svc.analysis.analysis(place(11), alice().id, Some(id), one),
        svc.analysis.analysis(place(11), bob().id, Some(id), two)
    );
    let (a, b) = (a.unwrap(), b.unwrap());
    assert_eq!(a.review, b.review, "the review is deterministic");
    assert_eq!(a.review.plies.len(), 2);
    let stored = svc.store().analysis(id).await.unwrap().unwrap();
    assert_eq!(stored.assessments.len(), 3);
    // A third reads the one stored.
    let (three, _) = recorder();
    let c = svc
        .analysis
        .analysis(place(11), alice().id, Some(id), three)
        .await
        .unwrap();
    assert!(!c.searched);
    assert_eq!(c.review, a.review);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn aborted_unknown_and_other_servers_games_are_refused() {
    let svc = service();
    let id = chase(&svc, 12).await;
    svc.games.abort(place(12), &alice(), false).await.unwrap();
    let (on, _) = recorder();
    let err = svc
        .analysis
        .analysis(place(12), alice().id, Some(id), on.clone())
        .await
        .unwrap_err();
    assert!(
        matches!(err, ServiceError::AnalysisAborted(g) if g == id),
        "{err:?}"
    );
    assert_eq!(
        md(&strings::refusal(Lang::ENGLISH, &err)),
        "game 1 was aborted: only a game with a result can be analysed"
    );
    assert_eq!(
        md(&strings::refusal(Lang::of_tag("ru"), &err)),
        "партия 1 была отменена: разобрать можно только партию с результатом"
    );
    let err = svc
        .analysis
        .analysis(place(12), alice().id, Some(GameId(99)), on.clone())
        .await
        .unwrap_err();
    assert!(
        matches!(err, ServiceError::Store(StoreError::NoSuchGame(GameId(99)))),
        "{err:?}"
    );
    let elsewhere = Place {
        guild_id: GUILD + 1,
        channel_id: 12,
    };
    let err = svc
        .analysis
        .analysis(elsewhere, alice().id, Some(id), on)
        .await
        .unwrap_err();
    assert!(matches!(err, ServiceError::NoGameHere), "{err:?}");
    assert_eq!(svc.store().analysis(id).await.unwrap(), None);
}

/// A review of `plies` plies, every move a blunder of the largest drop (the longest lines).
fn all_blunders(plies: usize) -> Review {
    let played = Move::Swap {
        a: "h4".parse().unwrap(),
        b: "h5".parse().unwrap(),
    };
    Review {
        start: Score::Cp(0),
        plies: (1..=plies)
            .map(|ply| PlyReview {
                ply,
                number: ply.div_ceil(2),
                mover: if ply % 2 == 1 {
                    Color::White
                } else {
                    Color::Black
                },
                played,
                best: Some(played),
                after: Score::Loss(99),
                drop: 1_000 + ply as i32,
                class: Some(Class::Blunder),
            })
            .collect(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_text_fits_one_message_in_every_language_for_the_longest_games() {
    let svc = service();
    let id = chase(&svc, 13).await;
    svc.games.play(place(13), &alice(), "d8-e8").await.unwrap();
    svc.games.play(place(13), &bob(), "e7-e8").await.unwrap();
    let (on, _) = recorder();
    let mut a: Analysis = svc
        .analysis
        .analysis(place(13), alice().id, Some(id), on)
        .await
        .unwrap();
    // The largest numbers anything could have: the game, the players, 1,000 plies.
    a.history.game.id = GameId(i64::MAX);
    a.history.game.white_id = u64::MAX;
    a.history.game.black_id = u64::MAX - 1;
    a.review = all_blunders(1_000);
    for lang in Lang::all() {
        let text = md(&strings::analysis::text(lang, &a));
        let units = text.encode_utf16().count();
        assert!(
            units <= strings::MESSAGE_LIMIT,
            "{} in {}: {text}",
            units,
            lang.code()
        );
        let listed = text.lines().filter(|l| l.contains("h4~h5")).count();
        assert_eq!(listed, strings::analysis::MAX_LISTED, "{text}");
        let more = 1_000 - strings::analysis::MAX_LISTED;
        assert!(text.contains(&more.to_string()), "counts the rest: {text}");
    }
    let en = md(&strings::analysis::text(Lang::ENGLISH, &a));
    assert!(en.contains("…and 988 more"), "{en}");
    // The worst are the ones listed (here the last plies), in the order played.
    let listed: Vec<&str> = en.lines().filter(|l| l.starts_with("Move ")).collect();
    assert_eq!(
        listed[0],
        "Move 495 (White) h4~h5: blunder (−19.9); better h4~h5"
    );
    assert_eq!(
        listed[11],
        "Move 500 (Black) h4~h5: blunder (−20.0); better h4~h5"
    );
    assert!(
        en.contains("Black (<@18446744073709551614>): 500 blunders"),
        "{en}"
    );
    let ru = md(&strings::analysis::text(Lang::of_tag("ru"), &a));
    assert!(ru.contains("…и ещё 988"), "{ru}");
    assert!(ru.contains("500 грубых ошибок"), "{ru}");
    assert!(ru.contains("(−20,0)"), "{ru}");
}

#[test]
fn russian_counts_take_their_plural_forms() {
    let ru = Lang::of_tag("ru");
    let review = |n: usize| all_blunders(2 * n);
    let line = |n: usize| {
        md(&strings::analysis::review_text(ru, "А", "Б", &review(n)))
            .lines()
            .next()
            .unwrap()
            .to_owned()
    };
    assert_eq!(line(1), "Белые (А): 1 грубая ошибка");
    assert_eq!(line(3), "Белые (А): 3 грубые ошибки");
    assert_eq!(line(5), "Белые (А): 5 грубых ошибок");
    assert_eq!(line(21), "Белые (А): 21 грубая ошибка");
    assert_eq!(strings::analysis::pieces(ru, 320), "3,2");
    assert_eq!(strings::analysis::pieces(Lang::ENGLISH, 1_000), "10.0");
    assert_eq!(strings::analysis::pieces(Lang::ENGLISH, BLUNDER), "2.5");
}

#[test]
fn the_chart_is_a_picture_of_its_size_with_the_marks_in_their_colours() {
    let review = Review {
        start: Score::Cp(0),
        plies: (1..=40)
            .map(|ply| {
                let class = match ply {
                    7 => Some(Class::Inaccuracy),
                    15 => Some(Class::Mistake),
                    30 => Some(Class::Blunder),
                    _ => None,
                };
                PlyReview {
                    ply,
                    number: ply.div_ceil(2),
                    mover: if ply % 2 == 1 {
                        Color::White
                    } else {
                        Color::Black
                    },
                    played: Move::Drop {
                        to: "d4".parse().unwrap(),
                    },
                    best: Some(Move::Drop {
                        to: "e4".parse().unwrap(),
                    }),
                    after: if ply < 30 {
                        Score::Cp(((ply as i32 * 37) % 500) - 150)
                    } else {
                        Score::Win(3)
                    },
                    drop: 0,
                    class,
                }
            })
            .collect(),
    };
    for lang in Lang::all() {
        let data = strings::analysis::review_chart(lang, "Game 7: Alice vs Boris".into(), &review);
        assert_eq!(data.scores.len(), 41);
        assert_eq!(data.scores[40], 10.0, "a win is drawn at the clamp");
        assert_eq!(data.marks.len(), 3);
        let png = chart(&data).unwrap();
        let img = image::load_from_memory_with_format(&png, image::ImageFormat::Png)
            .unwrap()
            .to_rgb8();
        assert_eq!((img.width(), img.height()), (CHART_WIDTH, CHART_HEIGHT));
        let colours: HashSet<[u8; 3]> = img.pixels().map(|p| p.0).collect();
        assert!(
            colours.len() > 50,
            "anti-aliased lines and text: {}",
            colours.len()
        );
        // Each class's dot, in its colour.
        for dot in [[0xf5, 0xd3, 0x3c], [0xf0, 0x8c, 0x1e], [0xe0, 0x3a, 0x3a]] {
            let n = img.pixels().filter(|p| p.0 == dot).count();
            assert!(n >= 20, "{dot:?}: {n} pixels");
        }
        // White's area (cream) and Black's (charcoal) both show.
        let cream = img
            .pixels()
            .filter(|p| p.0[0] > 0xd0 && p.0[1] > 0xd0 && p.0[2] > 0xc8)
            .count();
        assert!(cream > 5_000, "White's area: {cream} pixels");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_console_posts_the_analysis_and_writes_the_chart() {
    let dir = tempfile::tempdir().unwrap();
    let store = AsyncStore::spawn(crate::stores::memory().unwrap()).unwrap();
    let mut c = Console::new(store, dir.path(), vec![], Lang::ENGLISH)
        .unwrap()
        .with_analysis_nodes(NODES);
    c.handle(&format!(
        "alice: challenge opponent:bob color:white position:{CHASE}"
    ))
    .await;
    c.handle("bob: accept").await;
    c.handle("alice: move d8-e8").await;
    assert_eq!(
        c.handle("bob: analysis").await,
        [
            "[#general] bot → bob only: game 1 is still being played: the engine's analysis comes \
          once it is over, for fair play"
        ]
    );
    c.handle("bob: move e7-e8").await;
    let lines = c.handle("alice: /focus analysis").await;
    assert!(
        lines[0].starts_with(
            "[#general] bot: Analysis of game 1: @alice (White) vs @bob (Black), 2 plies.\n\
             White (@alice): 1 blunder\n"
        ),
        "{lines:?}"
    );
    assert!(
        lines[0].contains("Move 1 (White) d8-e8: blunder (−"),
        "{lines:?}"
    );
    let path = dir.path().join("game1-analysis.png");
    assert_eq!(lines[1], format!("  chart: {}", path.display()));
    let img = image::open(&path).unwrap();
    assert_eq!((img.width(), img.height()), (CHART_WIDTH, CHART_HEIGHT));
}

#[test]
fn the_store_keeps_the_first_analysis_of_a_game() {
    use focus_bot::store::{NewChallenge, StoredAnalysis, TimeControl};
    let mut store = crate::stores::memory().unwrap();
    let challenge = store
        .create_challenge(&NewChallenge {
            guild_id: GUILD,
            channel_id: 2,
            challenger_id: 10,
            opponent_id: Some(20),
            rules: focus_bot::rules::Rules::CLASSIC,
            time_control: TimeControl::Days(3),
            color: ColorChoice::White,
            rated: false,
            start_fpn: None,
            created_at: T0,
            venue: Default::default(),
        })
        .unwrap();
    let game = store
        .accept_challenge(challenge.id, 20, T0 + 1, Color::White)
        .unwrap();
    assert_eq!(store.analysis(game.id).unwrap(), None);
    let first = StoredAnalysis {
        nodes: 7,
        assessments: vec!["c4-d4 cp 12".into(), "- loss 0".into()],
    };
    assert!(store.save_analysis(game.id, &first, T0 + 2).unwrap());
    let second = StoredAnalysis {
        nodes: 8,
        assessments: vec!["- win 0".into()],
    };
    assert!(
        !store.save_analysis(game.id, &second, T0 + 3).unwrap(),
        "written once"
    );
    assert_eq!(store.analysis(game.id).unwrap(), Some(first));
    // A game that does not exist has no analysis to store (the foreign key).
    assert!(store.save_analysis(GameId(99), &second, T0).is_err());
}
