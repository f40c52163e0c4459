//! The offline console (issue 5): typed lines in, printed replies and board pictures out, both
//! through `Console` in process and through the `focus-bot console` binary.
// Longer than 400 lines: the console's tests share their console, in process and as the binary.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use focus_bot::console::{Console, help};
use focus_bot::i18n::Lang;
use focus_bot::render::{HEIGHT, WIDTH};
use focus_bot::store::{AsyncStore, Store};
use focus_bot::strings;
use focus_bot::text::Text;

/// A text as the console prints it when it names nobody: no bold, code between backticks.
fn words(text: &Text) -> String {
    text.words()
}

/// The worked example of the rules note: White to move, Black wins after 12 plies.
const WORKED: &str = ".,.,.,./.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,wbw,.,wbwb,b,.,./.,.,.,.,.,.,.,./\
    .,.,.,.,wb,.,.,./.,.,.,.,.,./.,.,.,. w 0 0 13 13";
const WORKED_MOVES: [&str; 12] = [
    "c5-e5", "f5-e5", "+e5", "e3-e5", "+e5", "+e5", "+e5", "+e5", "+e5", "+e5", "c5-b5", "+b5",
];
/// White wins with c4-d4: Black's only stack is then under White's piece, and Black has no
/// reserve.
const ONE_MOVE_WIN: &str = ".,.,.,./.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./\
    .,.,w,b,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,./.,.,.,. w 0 0 17 17";

fn console(out: &Path) -> Console {
    let store = AsyncStore::spawn(Store::open_in_memory().unwrap()).unwrap();
    Console::new(store, out, vec!["Mod".to_owned()], Lang::ENGLISH).unwrap()
}

/// The board picture at `path` exists and is a PNG of the documented size.
fn assert_picture(path: &Path) {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let img = image::load_from_memory_with_format(&bytes, image::ImageFormat::Png)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert_eq!((img.width(), img.height()), (WIDTH, HEIGHT));
}

/// The picture path of a `  board: <path>` line, checked to exist and decode.
fn picture(line: &str, out: &Path) -> PathBuf {
    let path = PathBuf::from(
        line.strip_prefix("  board: ")
            .unwrap_or_else(|| panic!("not a board line: {line:?}")),
    );
    assert!(
        path.starts_with(out),
        "{} is not under {}",
        path.display(),
        out.display()
    );
    assert_picture(&path);
    path
}

/// The first line of a reply and the rest.
fn first_line(reply: &str) -> (&str, &str) {
    reply.split_once('\n').unwrap_or((reply, ""))
}

#[tokio::test]
async fn the_worked_example_is_played_through_the_console() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("boards");
    let mut c = console(&out);
    assert!(out.is_dir(), "the output folder is created");

    let lines = c
        .handle(&format!(
            "alice: /focus challenge opponent:@bob color:white position:{WORKED}"
        ))
        .await;
    assert_eq!(lines.len(), 2, "{lines:?}");
    let (head, rest) = first_line(&lines[0]);
    assert_eq!(
        head,
        "[#general] bot: @alice challenges @bob to a game of Focus!"
    );
    assert!(
        rest.starts_with(
            "classic rules · 3 days per move · unrated · @alice plays White · from a set-up \
             position\nThe challenge expires in 1 day."
        ),
        "{rest}"
    );
    assert_eq!(
        lines[1],
        "  buttons: [Accept] [Decline] [Cancel] (type a label to click it, e.g. `bob: accept`)"
    );

    // Alice cannot accept her own challenge; Bob's bare `accept` takes the open one.
    assert_eq!(
        c.handle("alice: accept").await,
        ["[#general] bot → alice only: there is no open challenge for you in this channel"]
    );
    assert_eq!(
        c.handle("alice: accept 1").await,
        ["[#general] bot → alice only: you cannot play against yourself: challenge someone else"]
    );
    let mut lines = c.handle("bob: accept").await;
    assert_eq!(lines.len(), 3, "{lines:?}");
    // The challenge's message is edited to say who accepted it, then the game begins.
    assert_eq!(
        lines.remove(0),
        "[#general] bot edits the message: Accepted by @bob."
    );
    let (head, rest) = first_line(&lines[0]);
    assert_eq!(
        head,
        "[#general] bot: Game 1 begins! @alice plays White, @bob plays Black."
    );
    assert!(
        rest.starts_with(
            "classic rules · 3 days per move · unrated\n@alice (White) to move, by 20"
        ) && rest.ends_with(" UTC (in 3 days)."),
        "{rest}"
    );
    let mut pictures = vec![picture(&lines[1], &out)];

    // Bad input in the middle of the game: each gets one private sentence.
    let refusals = [
        (
            "bob: move f5-e5",
            "[#general] bot → bob only: it is not your turn: white is to move, and you play black",
        ),
        (
            "carol: /focus move c5-e5",
            "[#general] bot → carol only: you are not playing in this channel's game",
        ),
        (
            "alice: move zz",
            "[#general] bot → alice only: `zz` is not a move: write c5-e5 to move a stack, +e5 \
             to drop from your reserve, d4~d5 to swap",
        ),
        (
            "alice: move c5-c1",
            "[#general] bot → alice only: c5-c1 moves 4 pieces, but c5 holds only 3: a stack \
             moves exactly as many squares as the pieces it takes",
        ),
        (
            "alice: move",
            "[#general] bot → alice only: which move? e.g. `move c4-d4`",
        ),
        (
            "carol: /focus challenge opponent:dave",
            "[#general] bot → carol only: this channel already has a game in play: finish it \
             first, or play in another channel",
        ),
        (
            "alice: dance",
            "[#general] bot → alice only: `dance` is not a command; type `help` for the list",
        ),
    ];
    for (input, reply) in refusals {
        assert_eq!(c.handle(input).await, [reply], "{input}");
    }

    for (i, mv) in WORKED_MOVES.iter().enumerate() {
        let (who, next) = if i % 2 == 0 {
            ("alice", "@bob (Black)")
        } else {
            ("bob", "@alice (White)")
        };
        if i == 2 {
            // White has one piece in reserve now: the drops on the e-file are suggested.
            assert_eq!(
                c.handle("alice: suggest +e").await,
                ["[#general] bot → alice only: suggestions: +e1 +e2 +e3 +e4 +e5 +e6 +e7 +e8"]
            );
            assert_eq!(
                c.handle("bob: suggest").await,
                [
                    "[#general] bot → bob only: No move to suggest: you have no game in play here, \
                  or it is not your move."
                ]
            );
        }
        let lines = c.handle(&format!("{who}: /focus move {mv}")).await;
        // The last move ends the game: its message gets the Replay and Rematch buttons.
        let last = i + 1 == WORKED_MOVES.len();
        assert_eq!(lines.len(), if last { 3 } else { 2 }, "{mv}: {lines:?}");
        if last {
            assert_eq!(
                lines[2],
                "  buttons: [▶ Replay] [Rematch] (type a label to click it, e.g. `alice: replay`)"
            );
        }
        let (head, rest) = first_line(&lines[0]);
        let verb = if mv.starts_with('+') {
            "dropped"
        } else {
            "played"
        };
        assert!(
            head.starts_with(&format!("[#general] bot: @{who} {verb} {mv}")),
            "{head}"
        );
        if i + 1 < WORKED_MOVES.len() {
            assert!(
                rest.starts_with(&format!("{next} to move, by 20"))
                    && rest.ends_with(" UTC (in 3 days)."),
                "{rest}"
            );
        }
        let path = picture(&lines[1], &out);
        assert_eq!(
            path.file_name().unwrap().to_str().unwrap(),
            format!("game1-ply{}-{}.png", i + 1, i + 2)
        );
        pictures.push(path);
        if i == 3 {
            assert_eq!(head, "[#general] bot: @bob played e3-e5 — 2 to reserve.");
        }
        if i == 7 {
            assert_eq!(head, "[#general] bot: @bob dropped +e5 — captured 1.");
        }
    }
    let last = c.handle("alice: board").await;
    assert_eq!(
        last,
        [
            "[#general] bot → alice only: there is no game in this channel: start one with /focus \
          challenge"
        ]
    );
    assert_eq!(pictures.len(), 13);
    let mut on_disk: Vec<PathBuf> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    on_disk.sort();
    pictures.sort();
    assert_eq!(on_disk, pictures);

    let history = c.handle("alice: history game:1").await;
    assert_eq!(history.len(), 1);
    assert!(
        history[0].starts_with(
            "[#general] bot → alice only: Game 1 (classic rules), 12 plies:\n[Game \"1\"]\n"
        ),
        "{}",
        history[0]
    );
    assert!(
        history[0].ends_with(&format!(
            "[FPN \"{WORKED}\"]\n[Result \"0-1\"]\n[Termination \"no-legal-move\"]\n\n\
             1. c5-e5 f5-e5 2. +e5 e3-e5 3. +e5 +e5 4. +e5 +e5 5. +e5 +e5 6. c5-b5 +b5 0-1\n\
             Replay it by pasting this message into `focus-bot replay`."
        )),
        "{}",
        history[0]
    );
}

#[tokio::test]
async fn the_last_move_message_names_the_winner() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = console(dir.path());
    c.handle(&format!(
        "alice: challenge opponent:bob color:white position:{ONE_MOVE_WIN}"
    ))
    .await;
    c.handle("bob: accept").await;
    let lines = c.handle("alice: move c4-d4").await;
    assert_eq!(
        lines[0],
        "[#general] bot: @alice played c4-d4.\n@alice (White) wins game 1, no legal move."
    );
    picture(&lines[1], dir.path());
    // The game is over: the players' games list is empty.
    assert_eq!(
        c.handle("bob: games").await,
        [format!(
            "[#general] bot → bob only: {}",
            words(&strings::no_games(Lang::ENGLISH))
        )]
    );
    // Its replay, as `/focus replay` posts it: the start and the one ply, as a GIF file.
    let lines = c.handle("bob: replay").await;
    assert_eq!(
        lines[0],
        "[#general] bot: Replay of game 1: @alice (White) vs @bob (Black), 1 ply."
    );
    let path = dir.path().join("game1-replay.gif");
    assert_eq!(lines[1], format!("  replay: {}", path.display()));
    let bytes = std::fs::read(&path).unwrap();
    let mut decoder = gif::DecodeOptions::new().read_info(&bytes[..]).unwrap();
    assert_eq!(
        (decoder.width() as u32, decoder.height() as u32),
        (WIDTH, HEIGHT)
    );
    let mut frames = 0;
    while decoder.read_next_frame().unwrap().is_some() {
        frames += 1;
    }
    assert_eq!(frames, 2);
    assert_eq!(
        c.handle("bob: replay game:x").await,
        ["[#general] bot → bob only: `x` is not a game number"]
    );
}

#[tokio::test]
async fn bad_lines_and_bad_challenges_get_a_sentence() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = console(dir.path());
    let rated_set_up = format!("alice: challenge opponent:bob rated:true position:{ONE_MOVE_WIN}");
    let cases: [(&str, &str); 17] = [
        (
            "no colon here",
            "console: write `name: command`, for example `alice: /focus challenge opponent:bob`",
        ),
        (
            "two words: board",
            "console: a user name is one word before the colon, like `alice:`",
        ),
        (
            "alice: board",
            "[#general] bot → alice only: there is no game in this channel: start one with \
             /focus challenge",
        ),
        (
            "alice: challenge opponent:alice",
            "[#general] bot → alice only: you cannot challenge yourself: name someone else, or \
             leave the opponent empty",
        ),
        (
            "alice: challenge opponent:bob days:4",
            "[#general] bot → alice only: 4 days per move is not offered: choose 1, 2, 3, 5, 7, \
             10 or 14, or 0 for no limit",
        ),
        (
            "alice: challenge days:soon",
            "[#general] bot → alice only: `soon` is not a number of days (or `unlimited`)",
        ),
        (
            "alice: challenge opponent:bob days:1 minutes:5",
            "[#general] bot → alice only: choose either days or minutes per move, not both: a \
             game has one clock",
        ),
        (
            "alice: challenge opponent:bob minutes:10",
            "[#general] bot → alice only: 10 minutes per move is not offered: choose 5, 15 or 60",
        ),
        (
            "alice: challenge minutes:soon",
            "[#general] bot → alice only: `soon` is not a number of minutes",
        ),
        (
            "alice: challenge color:purple",
            "[#general] bot → alice only: `purple` is not a colour: white, black or random",
        ),
        (
            "alice: challenge rules:chess",
            "[#general] bot → alice only: `chess` is not a rule set: use classic, swap, mirror or \
             swap+mirror",
        ),
        (
            "alice: challenge rated:maybe",
            "[#general] bot → alice only: `maybe` is not yes or no (true, false, да, нет)",
        ),
        (
            &rated_set_up,
            "[#general] bot → alice only: a game from a set-up position cannot be rated: make it \
             unrated or use the standard start",
        ),
        (
            "bob: accept",
            "[#general] bot → bob only: there is no open challenge for you in this channel",
        ),
        (
            "bob: accept 1x",
            "[#general] bot → bob only: `1x` is not a challenge number",
        ),
        (
            "bob: cancel",
            "[#general] bot → bob only: you have no open challenge in this channel",
        ),
        (
            "#lobby bob: history game:x",
            "[#lobby] bot → bob only: `x` is not a game number",
        ),
    ];
    for (input, reply) in cases {
        assert_eq!(c.handle(input).await, [reply], "{input}");
    }
    // The channel named last stays current.
    assert_eq!(
        c.handle("bob: history").await,
        [
            "[#lobby] bot → bob only: there is no game in this channel: start one with /focus \
          challenge"
        ]
    );
    assert!(c.handle("").await.is_empty());
    assert!(c.handle("# a comment").await.is_empty());
    assert!(c.handle("// another").await.is_empty());
    assert_eq!(c.handle("alice: help").await, [help(Lang::ENGLISH)]);
    assert_eq!(
        c.handle("alice: rules").await,
        [format!(
            "[#lobby] bot → alice only: {}\n{}",
            strings::rules(Lang::ENGLISH).0,
            strings::rules(Lang::ENGLISH).1.words()
        )]
    );
    assert!(
        std::fs::read_dir(dir.path()).unwrap().next().is_none(),
        "no picture"
    );
}

#[tokio::test]
async fn challenges_are_declined_cancelled_and_games_listed() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = console(dir.path());
    c.handle("alice: challenge opponent:bob").await;
    assert_eq!(
        c.handle("carol: decline 1").await,
        ["[#general] bot → carol only: challenge #1 is addressed to someone else"]
    );
    assert_eq!(
        c.handle("bob: decline").await,
        ["[#general] bot edits the message: The challenge of @alice is declined."]
    );
    c.handle("alice: challenge").await;
    assert_eq!(
        c.handle("bob: cancel 2").await,
        ["[#general] bot → bob only: only the player who sent challenge #2 can cancel it"]
    );
    assert_eq!(
        c.handle("alice: cancel").await,
        ["[#general] bot edits the message: The challenge of @alice is cancelled."]
    );
    assert_eq!(
        c.handle("bob: accept 2").await,
        ["[#general] bot → bob only: challenge #2 is no longer open (it was cancelled)"]
    );

    // Two games for Alice, one her move.
    c.handle("#one alice: challenge opponent:bob color:white days:0")
        .await;
    c.handle("bob: accept").await;
    c.handle("#two carol: challenge opponent:alice color:white days:0")
        .await;
    c.handle("alice: accept").await;
    let games = c.handle("alice: games").await;
    assert_eq!(
        games,
        [
            "[#two] bot → alice only: Your games on this server (2 in play, 1 waiting for \
             you), least time left first:\n\
             Game 1 in #one vs @bob (classic rules, you play White): your move\n\
             Game 2 in #two vs @carol (classic rules, you play Black): their move"
        ]
    );
}

#[tokio::test]
async fn draws_takebacks_and_aborts_through_the_console() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = console(dir.path());
    c.handle("alice: challenge opponent:bob color:white").await;
    c.handle("bob: accept").await;
    c.handle("alice: move c4-d4").await;

    // Takeback: asked, granted, the board goes back to the start.
    assert_eq!(
        c.handle("bob: takeback").await,
        ["[#general] bot → bob only: there is no move to take back"]
    );
    assert_eq!(
        c.handle("alice: takeback").await,
        [
            "[#general] bot: @alice asks to take back their last move. @bob, do you agree?",
            "  buttons: [Agree] [Refuse] (type a label to click it, e.g. `bob: agree`)",
        ]
    );
    let lines = c.handle("bob: takeback accept").await;
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(
        lines[0].starts_with(
            "[#general] bot: The last move was taken back.\n@alice (White) to move, by 20"
        ) && lines[0].ends_with(" UTC (in 3 days)."),
        "{lines:?}"
    );
    let path = picture(&lines[1], dir.path());
    assert!(path.ends_with("game1-ply0-3.png"), "{}", path.display());
    c.handle("alice: move c4-c5").await;
    c.handle("alice: takeback").await;
    assert_eq!(
        c.handle("bob: takeback decline").await,
        ["[#general] bot edits the message: The takeback was declined; game 1 goes on."]
    );

    // Draw: offered, declined, offered again, accepted (once each side has moved: sooner, it
    // would abort the game).
    c.handle("bob: move f5-e5").await;
    assert_eq!(
        c.handle("bob: draw").await,
        [
            "[#general] bot: @bob offers a draw. @alice, accept with the button or /focus draw; \
          playing on declines it.",
            "  buttons: [Agree] [Refuse] (type a label to click it, e.g. `alice: agree`)"
        ]
    );
    assert_eq!(
        c.handle("alice: draw decline").await,
        ["[#general] bot edits the message: @alice declines the draw. Play on!"]
    );
    assert_eq!(
        c.handle("alice: draw accept").await,
        ["[#general] bot → alice only: your opponent has not offered a draw"]
    );
    c.handle("bob: draw").await;
    let lines = c.handle("alice: draw accept").await;
    assert_eq!(
        lines[0],
        "[#general] bot: Game 1 is drawn by agreement.\n\
         Ratings: @alice 1500 (±0), @bob 1500 (±0)."
    );
    picture(&lines[1], dir.path());

    // A draw offered with a move, as `/focus move c4-d4 draw:true`; Bob's move lapses it.
    c.handle("alice: challenge opponent:bob color:white").await;
    c.handle("bob: accept").await;
    let lines = c.handle("alice: /focus move c4-d4 draw:true").await;
    assert!(
        lines[0].starts_with("[#general] bot: @alice played c4-d4.\n@bob (Black) to move")
            && lines[0].ends_with(
                "\n@alice offers a draw. @bob, accept with the button or /focus draw; playing on \
                 declines it."
            ),
        "{lines:?}"
    );
    let lines = c.handle("bob: move e4-d4").await;
    assert!(
        lines[0].starts_with(
            "[#general] bot: @bob played e4-d4.\nThe draw offer of @alice lapsed: the game \
             goes on.\n"
        ),
        "{lines:?}"
    );
    c.handle("mod: abort").await;

    // Abort: too late for a player at ply 3, fine for the moderator.
    c.handle("alice: challenge opponent:bob color:white").await;
    c.handle("bob: accept").await;
    for mv in ["c4-d4", "e4-d4", "b4-c4"] {
        let who = if mv == "e4-d4" { "bob" } else { "alice" };
        let lines = c.handle(&format!("{who}: move {mv}")).await;
        assert_eq!(lines.len(), 2, "{lines:?}");
    }
    assert_eq!(
        c.handle("bob: abort").await,
        [
            "[#general] bot → bob only: a player can abort a game only while each side has \
             moved at most once; resign instead, or ask a moderator"
        ]
    );
    let lines = c.handle("mod: abort").await;
    assert_eq!(
        lines[0],
        "[#general] bot: Game 3 was aborted: no result, no rating change."
    );
    picture(&lines[1], dir.path());
    // Resign in a third game: before her first move, that aborts it; after, it loses.
    c.handle("alice: challenge opponent:bob color:black").await;
    c.handle("bob: accept").await;
    assert_eq!(
        c.handle("alice: resign").await[0],
        "[#general] bot: Game 4 was aborted: no result, no rating change."
    );
    c.handle("alice: challenge opponent:bob color:black").await;
    c.handle("bob: accept").await;
    c.handle("bob: move c4-d4").await;
    c.handle("alice: move e4-d4").await;
    let lines = c.handle("alice: resign").await;
    assert_eq!(
        lines[0],
        "[#general] bot: @bob (White) wins game 5, by resignation.\n\
         Ratings: @bob 1630 (+130), @alice 1370 (-130)."
    );
    // (After the drawn first game both stand at 1500/290.32; glicko2_reference.py rates
    // this game 1629.62 and 1370.38.)
    picture(&lines[1], dir.path());
}

#[tokio::test]
async fn run_reads_lines_until_quit() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = console(dir.path());
    let script = format!(
        "# a comment\n\
         alice: /focus challenge opponent:bob color:white position:{ONE_MOVE_WIN}\n\
         \n\
         bob: accept\n\
         alice: /focus move c4-d4\n\
         quit\n\
         alice: rules\n"
    );
    let mut out: Vec<u8> = Vec::new();
    c.run(script.as_bytes(), &mut out).await.unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(!text.contains("<@"), "mentions are shown as names: {text}");
    assert!(text.contains("[#general] bot: @alice challenges @bob to a game of Focus!\n"));
    assert!(
        text.contains("[#general] bot: Game 1 begins! @alice plays White, @bob plays Black.\n")
    );
    assert!(
        text.contains(
            "[#general] bot: @alice played c4-d4.\n@alice (White) wins game 1, no legal move.\n  \
             board: "
        ),
        "{text}"
    );
    assert!(!text.contains("Focus (Sid Sackson"), "nothing after quit");
    let boards: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("  board: "))
        .collect();
    assert_eq!(boards.len(), 2, "{text}");
    for line in boards {
        picture(line, dir.path());
    }
    assert!(
        text.trim_end()
            .lines()
            .rev()
            .nth(1)
            .is_some_and(|l| l.ends_with("game1-ply1-2.png")),
        "{text}"
    );
    assert!(
        text.trim_end().ends_with(
            "buttons: [▶ Replay] [Rematch] (type a label to click it, e.g. `bob: replay`)"
        ),
        "{text}"
    );
}

/// Runs `focus-bot console` with `args`, feeding `input` on stdin; waits at most two minutes.
fn run_binary(args: &[&str], input: &str) -> (i32, String, String) {
    run_binary_in(&std::env::current_dir().unwrap(), args, input)
}

/// [`run_binary`] in the working directory `dir`.
fn run_binary_in(dir: &Path, args: &[&str], input: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_focus-bot"))
        .current_dir(dir)
        .arg("console")
        .args(args)
        .env_remove("DATABASE_PATH")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let out_reader = std::thread::spawn(move || {
        let mut s = String::new();
        stdout.read_to_string(&mut s).unwrap();
        s
    });
    let err_reader = std::thread::spawn(move || {
        let mut s = String::new();
        stderr.read_to_string(&mut s).unwrap();
        s
    });
    let deadline = Instant::now() + Duration::from_secs(120);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("focus-bot console did not finish within two minutes");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    (
        status.code().expect("exited"),
        out_reader.join().unwrap(),
        err_reader.join().unwrap(),
    )
}

#[test]
fn the_console_binary_plays_a_short_game_end_to_end() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("focus.db");
    let out = dir.path().join("pictures");
    let (db_arg, out_arg) = (db.to_str().unwrap(), out.to_str().unwrap());
    let script = format!(
        "alice: /focus challenge opponent:bob color:white position:{ONE_MOVE_WIN}\n\
         bob: accept\n\
         carol: /focus move c4-d4\n\
         alice: /focus move c4-d4\n"
    );
    let (code, stdout, stderr) = run_binary(&["--db", db_arg, "--out", out_arg], &script);
    assert_eq!(code, 0, "stderr: {stderr}");
    assert_eq!(stderr, "", "no help on a piped stdin");
    assert!(!stdout.contains("<@"), "{stdout}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines[0],
        "[#general] bot: @alice challenges @bob to a game of Focus!"
    );
    assert!(
        stdout
            .contains("[#general] bot → carol only: you are not playing in this channel's game\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            "[#general] bot: @alice played c4-d4.\n@alice (White) wins game 1, no legal move.\n"
        ),
        "{stdout}"
    );
    let boards: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| l.starts_with("  board: "))
        .collect();
    assert_eq!(boards.len(), 2, "{stdout}");
    for line in &boards {
        picture(line, &out);
    }
    assert!(db.is_file());

    // A second run on the same database finds the finished game.
    let (code, stdout, stderr) = run_binary(
        &["--db", db_arg, "--out", out_arg],
        "alice: history game:1\nbob: games\n",
    );
    assert_eq!(code, 0, "stderr: {stderr}");
    assert!(
        stdout.starts_with(
            "[#general] bot → alice only: Game 1 (classic rules), 1 ply:\n[Game \"1\"]\n"
        ),
        "{stdout}"
    );
    assert!(
        stdout.ends_with(&format!(
            "[FPN \"{ONE_MOVE_WIN}\"]\n[Result \"1-0\"]\n[Termination \"no-legal-move\"]\n\n\
             1. c4-d4 1-0\nReplay it by pasting this message into `focus-bot replay`.\n\
             [#general] bot → bob only: {}\n",
            words(&strings::no_games(Lang::ENGLISH))
        )),
        "{stdout}"
    );
}

/// Correspondence play offline (issue 6): `wait` lets time pass, and the console prints what
/// the bot would send on its own: the reminder, the DM, the time-out with its picture.
#[tokio::test]
async fn waiting_brings_reminders_dms_and_time_outs() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = console(dir.path());
    for line in [
        "alice: /focus challenge opponent:bob days:1 color:white",
        "bob: accept",
        "alice: move c4-d4",
        "bob: move f5-e5",
        "alice: move d4-e4",
    ] {
        let out = c.handle(line).await;
        assert!(!out[0].contains(" only: "), "{line}: {out:?}");
    }
    // Bob to move at ply 3, one day per move: reminded after 80 % (19.2 hours), by DM once
    // he asked for DMs.
    let out = c.handle("bob: notify dm:true").await;
    assert_eq!(
        out,
        [format!(
            "[#general] bot → bob only: {}",
            words(&strings::notify_setting(Lang::ENGLISH, true, true))
        )]
    );
    assert_eq!(c.handle("alice: wait 19h").await, ["  (19 hours later)"]);
    let out = c.handle("alice: wait 1h").await;
    assert_eq!(out.len(), 2, "{out:?}");
    assert!(
        out[1].starts_with("[DM to bob] bot: ⏰ Reminder: your move in Focus game 1 against alice"),
        "{out:?}"
    );
    // Alice gives Bob a day more; the reminder is not sent again.
    let out = c.handle("alice: moretime").await;
    assert!(
        out[0].starts_with("[#general] bot: @alice gives @bob one more day for this move."),
        "{out:?}"
    );
    assert_eq!(c.handle("bob: moretime").await.len(), 1);
    assert_eq!(c.handle("alice: wait 1d").await, ["  (1 day later)"]);
    // Past the deadline (2 days after Alice's move): Bob loses on time.
    let out = c.handle("alice: wait 5h").await;
    assert_eq!(out.len(), 3, "{out:?}");
    assert_eq!(
        out[1],
        "[#general] bot: @bob ran out of time. @alice (White) wins game 1, on time.\n\
         Ratings: @alice 1662 (+162), @bob 1338 (-162)."
    );
    picture(&out[2], dir.path());
    assert_eq!(
        c.handle("bob: wait never").await,
        [
            "[#general] bot → bob only: how long? e.g. `wait 2d`, `wait 6h`, `wait 30m`, `wait 90s`: \
             from 1 second to 365 days"
        ]
    );
}

/// Console-only comforts: `help` and `wait` need no name, `days:unlimited` is understood, an
/// empty opponent is refused, and a challenge nobody accepts is seen expiring.
#[tokio::test]
async fn bare_help_and_wait_unlimited_days_and_an_expiring_challenge() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = console(dir.path());
    assert_eq!(c.handle("help").await, [help(Lang::ENGLISH)]);
    assert_eq!(
        c.handle("alice: challenge opponent:@").await,
        [
            "[#general] bot → alice only: whom? e.g. `opponent:bob` (leave it out to challenge anyone)"
        ]
    );
    let out = c
        .handle("alice: challenge opponent:bob days:unlimited")
        .await;
    assert!(
        out[0].contains("classic rules · no time limit · rated"),
        "{out:?}"
    );
    assert_eq!(c.handle("wait 10s").await, ["  (10 seconds later)"]);
    assert_eq!(
        c.handle("wait 1d").await,
        [
            "  (1 day later)",
            "[#general] bot edits challenge 1 (its buttons are disabled): The challenge of @alice \
             to @bob has expired: nobody accepted it within a day. Start a new one with /focus \
             challenge."
        ]
    );
    let out = c
        .handle("#live carol: challenge opponent:dave minutes:15")
        .await;
    assert!(
        out[0].contains("classic rules · 15 minutes per move · rated"),
        "{out:?}"
    );
}

/// A new session on the same database names the players of the earlier one (the store
/// remembers names), instead of printing their ids.
#[tokio::test]
async fn a_new_session_names_the_players_of_an_earlier_one() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("focus.db");
    {
        let store = AsyncStore::open(&db).await.unwrap();
        let mut c = Console::new(store, dir.path(), vec![], Lang::ENGLISH).unwrap();
        c.handle("alice: challenge opponent:bob color:white").await;
        c.handle("bob: accept").await;
        c.handle("alice: move c4-d4").await;
    }
    let store = AsyncStore::open(&db).await.unwrap();
    let mut c = Console::new(store, dir.path(), vec![], Lang::ENGLISH).unwrap();
    let out = c.handle("carol: board").await;
    assert!(
        out[0].starts_with(
            "[#general] bot → carol only: Game 1: @alice (White) vs @bob (Black), ply 1"
        ),
        "{out:?}"
    );
    assert!(!out.concat().contains("<@"), "{out:?}");
}

/// The console example of a README: the arguments of its `cargo run --release -- console …`
/// line and the lines after it, typed (`name: …`, `wait …`, `help`, `quit`) or shown (the
/// console's replies; `…` stands for lines left out).
struct ReadmeExample {
    args: Vec<String>,
    typed: Vec<String>,
    shown: Vec<String>,
}

/// The example in the code block of `readme` that starts with a line containing `start`.
fn readme_example(readme: &str, start: &str) -> ReadmeExample {
    let at = readme
        .find(start)
        .unwrap_or_else(|| panic!("the README has no {start:?}"));
    let block = &readme[at..];
    let block = &block[..block.find("```").expect("the code block ends")];
    let mut lines = block.lines();
    let command = lines.next().unwrap();
    let args = command
        .split_once(" -- ")
        .expect("cargo run … -- console …")
        .1
        .split_whitespace()
        .map(str::to_owned)
        .collect::<Vec<_>>();
    assert_eq!(args[0], "console", "{command}");
    let (mut typed, mut shown) = (Vec::new(), Vec::new());
    for line in lines.filter(|l| !l.trim().is_empty()) {
        if line.starts_with('[') || line.starts_with("  ") || line == "…" {
            shown.push(line.to_owned());
        } else {
            typed.push(line.to_owned());
        }
    }
    ReadmeExample {
        args: args[1..].to_vec(),
        typed,
        shown,
    }
}

/// The README's console example, exactly as written, in a fresh directory (its `try.db` and
/// `boards` relative to it), four times: colours are pinned (`color:white`), so it plays the
/// same every time.
#[test]
fn the_readme_console_example_works_every_time() {
    let readme = include_str!("../../README.md");
    let example = readme_example(readme, "cargo run --release -- console --db");
    assert_eq!(
        example.typed,
        [
            "alice: /focus challenge opponent:bob color:white",
            "bob: accept",
            "alice: /focus move c4-d4",
            "bob: suggest f5",
        ]
    );
    let args: Vec<&str> = example.args.iter().map(String::as_str).collect();
    let script = example.typed.join("\n") + "\n";
    for _ in 0..4 {
        let dir = tempfile::tempdir().unwrap();
        let (code, stdout, stderr) = run_binary_in(dir.path(), &args, &script);
        assert_eq!(code, 0, "stderr: {stderr}");
        assert_eq!(stderr, "");
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines.len(), 13, "{stdout}");
        assert_eq!(
            lines[..4],
            [
                "[#general] bot: @alice challenges @bob to a game of Focus!",
                "classic rules · 3 days per move · rated · @alice plays White",
                "The challenge expires in 1 day.",
                "  buttons: [Accept] [Decline] [Cancel] (type a label to click it, e.g. `bob: accept`)",
            ]
        );
        assert_eq!(
            lines[4..7],
            [
                "[#general] bot edits the message: Accepted by @bob.",
                "[#general] bot: Game 1 begins! @alice plays White, @bob plays Black.",
                "classic rules · 3 days per move · rated",
            ]
        );
        assert!(
            lines[7].starts_with("@alice (White) to move, by ")
                && lines[7].ends_with("(in 3 days)."),
            "{stdout}"
        );
        assert_eq!(lines[8], "  board: boards/game1-ply0-1.png");
        assert_eq!(lines[9], "[#general] bot: @alice played c4-d4.");
        assert!(
            lines[10].starts_with("@bob (Black) to move, by ")
                && lines[10].ends_with("(in 3 days)."),
            "{stdout}"
        );
        assert_eq!(lines[11], "  board: boards/game1-ply1-2.png");
        assert_eq!(
            lines[12],
            "[#general] bot → bob only: suggestions: f5-f6 f5-f4 f5-e5 f5-g5 g5-f5"
        );
        for board in ["game1-ply0-1.png", "game1-ply1-2.png"] {
            assert_picture(&dir.path().join("boards").join(board));
        }
        assert!(dir.path().join("try.db").is_file());
    }
}

/// The Russian README's console session, typed as shown: every reply it shows comes, in that
/// order.
#[test]
fn the_russian_readme_console_session_plays_as_shown() {
    let readme = include_str!("../../README.ru.md");
    let example = readme_example(readme, "$ cargo run --release -- console --locale ru");
    assert_eq!(
        example.typed.first().map(String::as_str),
        Some("alice: /фокус вызов соперник:bob цвет:белые")
    );
    assert!(example.shown.len() >= 5, "{:?}", example.shown);
    let args: Vec<&str> = example.args.iter().map(String::as_str).collect();
    let dir = tempfile::tempdir().unwrap();
    let (code, stdout, stderr) =
        run_binary_in(dir.path(), &args, &(example.typed.join("\n") + "\n"));
    assert_eq!(code, 0, "stderr: {stderr}");
    let mut printed = stdout.lines();
    for shown in example.shown.iter().filter(|l| *l != "…") {
        assert!(
            printed.any(|line| line == shown),
            "{shown:?} not printed (in order):\n{stdout}"
        );
    }
}

/// A new session on the same database names the channels of the earlier one (the store
/// remembers the names), instead of printing their ids.
#[tokio::test]
async fn a_new_session_names_the_channels_of_an_earlier_one() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("focus.db");
    {
        let store = AsyncStore::open(&db).await.unwrap();
        let mut c = Console::new(store, dir.path(), vec![], Lang::ENGLISH).unwrap();
        let out = c
            .handle("#lounge alice: challenge opponent:bob color:white")
            .await;
        assert!(
            out[0].starts_with("[#lounge] bot: @alice challenges @bob"),
            "{out:?}"
        );
        c.handle("bob: accept").await;
        c.handle("alice: move c4-d4").await;
    }
    let store = AsyncStore::open(&db).await.unwrap();
    let mut c = Console::new(store, dir.path(), vec![], Lang::ENGLISH).unwrap();
    // In #general, Alice's dashboard links the game's channel by its name.
    let out = c.handle("alice: games").await;
    assert!(
        out[0].starts_with("[#general] bot → alice only: "),
        "{out:?}"
    );
    assert!(
        out[0].contains("\nGame 1 in #lounge vs @bob (classic rules, you play White)"),
        "{out:?}"
    );
    // Bob's time runs out: the bot posts in the game's channel, named.
    let out = c.handle("wait 4d").await;
    assert_eq!(out.len(), 3, "{out:?}");
    assert!(
        out[1].starts_with("[#lounge] bot: Game 1 is aborted: @bob did not move in time"),
        "{out:?}"
    );
    assert!(!out.concat().contains("<#"), "{out:?}");
}

/// Under the mirror rule the console warns of a move that loses at once: it marks it among the
/// suggestions, refuses it with the sentence and how to confirm it, and plays it with
/// `confirm:true`.
#[tokio::test]
async fn a_mirror_rule_loss_is_marked_refused_and_played_once_confirmed() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = console(dir.path());
    c.handle("alice: challenge opponent:bob color:white rules:mirror")
        .await;
    c.handle("bob: accept").await;
    c.handle("alice: move c4-d4").await;
    assert_eq!(
        c.handle("bob: suggest f5").await,
        [
            "[#general] bot → bob only: suggestions: f5-f6 f5-f4 f5-e5 (loses: mirror rule) \
             f5-g5 g5-f5"
        ]
    );
    let refused = [
        "[#general] bot → bob only: f5-e5 loses at once under the mirror rule: it leaves the \
         position mirror-symmetric (turned 180° with colours exchanged); confirm to play it \
         anyway, or choose another move",
        "  buttons: [Play it anyway] (type a label to click it, e.g. `bob: play it anyway`)",
    ];
    assert_eq!(c.handle("bob: move f5-e5").await, refused);
    assert_eq!(c.handle("bob: move f5-e5 confirm:false").await, refused);
    assert_eq!(
        c.handle("bob: move f5-e5 confirm:maybe").await,
        ["[#general] bot → bob only: `maybe` is not yes or no (true, false, да, нет)"]
    );
    let out = c.handle("carol: board").await;
    assert!(out[0].contains("ply 1"), "nothing was played: {out:?}");
    // Confirmed, it is played, and Black loses.
    let out = c.handle("bob: move f5-e5 confirm:true").await;
    assert!(
        out[0].starts_with("[#general] bot: @bob played f5-e5.\n"),
        "{out:?}"
    );
    assert!(out[0].contains("mirror rule"), "{out:?}");
    assert_eq!(
        c.handle("alice: move c5-c6").await,
        [
            "[#general] bot → alice only: there is no game in this channel: start one with /focus challenge"
        ]
    );
}

/// `board side:black` shows the board turned around, to the asker only; `side:white` the
/// board as everyone sees it.
#[tokio::test]
async fn the_board_from_blacks_side_is_turned_and_private() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("boards");
    let mut c = console(&out);
    c.handle("alice: challenge opponent:bob color:white").await;
    c.handle("bob: accept").await;
    c.handle("alice: move c4-d4").await;
    // An onlooker sees the board privately, as on Discord.
    let public = c.handle("carol: board").await;
    assert!(
        public[0].starts_with("[#general] bot → carol only: Game 1: "),
        "{public:?}"
    );
    let black = c.handle("bob: board side:black").await;
    assert!(
        black[0].starts_with(
            "[#general] bot → bob only: Game 1: @alice (White) vs @bob (Black), ply 1"
        ),
        "{black:?}"
    );
    let white = c.handle("bob: board side:White").await;
    assert!(
        white[0].starts_with("[#general] bot → bob only: Game 1: "),
        "{white:?}"
    );
    let bytes = |line: &str| std::fs::read(picture(line, &out)).unwrap();
    assert_eq!(
        bytes(&white[1]),
        bytes(&public[1]),
        "White's side is the usual view"
    );
    assert_ne!(
        bytes(&black[1]),
        bytes(&public[1]),
        "Black's side is turned around"
    );
    assert_eq!(
        c.handle("bob: board side:red").await,
        ["[#general] bot → bob only: `red` is not a side: white or black"]
    );
    // In Russian, as the Discord client names the option and its choices.
    let store = AsyncStore::spawn(Store::open_in_memory().unwrap()).unwrap();
    let mut ru = Console::new(store, &out, vec![], Lang::of_tag("ru")).unwrap();
    ru.handle("alice: вызов соперник:bob цвет:белые").await;
    ru.handle("bob: accept").await;
    let public = ru.handle("carol: доска").await;
    let turned = ru.handle("bob: доска сторона:чёрные").await;
    assert!(
        turned[0].starts_with("[#general] бот → только bob: "),
        "{turned:?}"
    );
    let bytes_ru = |line: &str| {
        let path = line.strip_prefix("  доска: ").expect("a board line");
        std::fs::read(path).unwrap()
    };
    assert_ne!(bytes_ru(&turned[1]), bytes_ru(&public[1]));
}

/// The `@name has White, @name has Black` of a board's message line.
fn board_players(line: &str) -> (String, String) {
    let white = line.split(" has White").next().unwrap();
    let white = white.rsplit('@').next().unwrap().to_owned();
    let black = line.split(" has Black").next().unwrap();
    let black = black.rsplit('@').next().unwrap().to_owned();
    (white, black)
}

#[tokio::test]
async fn a_swiss_is_played_through_the_console_in_threads_of_its_own() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = console(dir.path());
    // Only a manager (the console's moderators) creates a tournament.
    let refused = c
        .handle("alice: tournament create name:Spring rounds:3")
        .await;
    assert_eq!(
        refused,
        [
            "[#general] bot → alice only: only members with the Manage Server permission, or with \
          the server's tournament role, can create tournaments"
        ]
    );
    let created = c
        .handle("Mod: tournament create name:Spring rounds:3")
        .await;
    assert!(
        created[0].starts_with("[#general] bot: 🏆 Spring · tournament #1\nSwiss · 3 rounds"),
        "{created:?}"
    );
    for name in ["alice", "bob", "carol", "dave"] {
        let joined = c.handle(&format!("{name}: tournament join")).await;
        assert_eq!(joined[0], format!("[#general] bot: @{name} joined Spring."));
        // The announcement is redrawn with the new player.
        assert!(
            joined[1].starts_with("[#general] bot edits the message: 🏆 Spring")
                && joined[1].contains(&format!("@{name}")),
            "{joined:#?}"
        );
    }
    assert_eq!(
        c.handle("alice: tournament join").await,
        ["[#general] bot → alice only: you are already in tournament #1"]
    );
    assert_eq!(
        c.handle("alice: tournament start").await,
        ["[#general] bot → alice only: only the director of tournament #1 can do that"]
    );
    let mut out = c.handle("Mod: tournament start").await;
    assert_eq!(
        out[0],
        "[#general] bot: Spring has started with 4 players: round 1 is being paired."
    );
    for round in 1..=3 {
        let boards: Vec<String> = out
            .iter()
            .filter(|l| l.contains(&format!("round {round}, board")))
            .cloned()
            .collect();
        assert_eq!(boards.len(), 2, "round {round}: {out:#?}");
        assert!(
            out.iter()
                .any(|l| l.contains(&format!("Spring · round {round} of 3:"))),
            "the pairings of round {round}: {out:#?}"
        );
        for (b, line) in boards.iter().enumerate() {
            let (white, black) = board_players(line);
            let thread = format!("#t1-r{round}-b{}", b + 1);
            if round == 1 && b == 0 {
                assert_eq!(
                    c.handle(&format!("{thread} {white}: abort")).await,
                    [format!(
                        "[{thread}] bot → {white} only: a tournament's game cannot be called \
                         off: play it, resign, or ask the director to set its result"
                    )]
                );
            }
            c.handle(&format!("{thread} {white}: move c4-d4")).await;
            c.handle(&format!("{thread} {black}: move e4-d4")).await;
            out = c.handle(&format!("{thread} {black}: resign")).await;
        }
    }
    assert!(
        out.iter().any(|l| l.contains("Spring is over. 🥇")),
        "{out:#?}"
    );
    // The standings: four lines under the caption, the picture written.
    let standings = c.handle("bob: tournament standings").await;
    assert!(
        standings[0].starts_with("[#t1-r3-b2] bot: 🏆 Spring is over."),
        "{standings:#?}"
    );
    assert_eq!(standings[0].lines().count(), 5, "{standings:#?}");
    assert!(
        standings.iter().any(|l| l.contains(".png")),
        "{standings:#?}"
    );
    // `stats` shows the player's place in the event.
    let stats = c.handle("#general dave: stats").await;
    assert!(
        stats[0].contains("Tournaments: Spring ") && stats[0].contains(" of 4 ("),
        "{stats:#?}"
    );
    let export = c.handle("bob: tournament export").await;
    let trf = export
        .iter()
        .find_map(|l| l.strip_prefix("  record: "))
        .expect("the TRF is written");
    let tournament =
        focus_bot::pairing::trf::parse(&std::fs::read_to_string(trf).unwrap()).unwrap();
    let checks = focus_bot::pairing::check(&tournament, focus_bot::pairing::System::Dutch);
    assert_eq!(checks.len(), 3);
    assert!(checks.iter().all(|c| c.identical()), "{checks:?}");
}

#[tokio::test]
async fn a_tournament_starts_by_itself_at_its_start_time() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = console(dir.path());
    assert_eq!(
        c.handle("Mod: tournament create name:Later starts_in_hours:800")
            .await,
        [
            "[#general] bot → Mod only: a tournament starts by itself 1 to 720 hours after its creation"
        ]
    );
    let created = c
        .handle("Mod: tournament create name:Later starts_in_hours:2")
        .await;
    assert!(created[0].contains("Starts "), "{created:#?}");
    for name in ["alice", "bob", "carol", "dave"] {
        c.handle(&format!("{name}: tournament join")).await;
    }
    let early = c.handle("wait 1h").await;
    assert!(
        !early.iter().any(|l| l.contains("round 1, board")),
        "{early:#?}"
    );
    let started = c.handle("wait 1h").await;
    assert_eq!(
        started
            .iter()
            .filter(|l| l.contains("Later · round 1, board"))
            .count(),
        2,
        "{started:#?}"
    );
}

/// Issue 32: one click on the announcement's Join button printed two edits of the
/// announcement (the click's answer, then the queued redraw). Once, for Join and for Leave;
/// a join by command still redraws it once.
#[tokio::test]
async fn a_join_click_edits_the_announcement_once() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = console(dir.path());
    c.handle("Mod: tournament create name:Spring rounds:3")
        .await;
    let edits = |out: &[String]| {
        out.iter()
            .filter(|l| l.starts_with("[#general] bot edits the message: 🏆 Spring"))
            .count()
    };
    let clicked = c.handle("alice: Join").await;
    assert_eq!(edits(&clicked), 1, "{clicked:#?}");
    assert!(clicked.iter().any(|l| l.contains("@alice")), "{clicked:#?}");
    let typed = c.handle("bob: tournament join").await;
    assert_eq!(edits(&typed), 1, "{typed:#?}");
    let left = c.handle("alice: Leave").await;
    assert_eq!(edits(&left), 1, "{left:#?}");
    // Nothing more comes later.
    let later = c.handle("wait 1m").await;
    assert_eq!(edits(&later), 0, "{later:#?}");
}

/// Issue 32, as it was seen: four players, `pace:all-at-once`, 15 minutes, two moves in one
/// game, then `wait 16m`. Every game ended, but the event stayed at "round 3 of 3" and no
/// podium came when the last game to end was not in round 3. Each of the six games in turn is
/// the one with moves.
#[tokio::test]
async fn a_round_robin_played_all_at_once_finishes_after_a_wait() {
    for moved in 0..6 {
        let dir = tempfile::tempdir().unwrap();
        let mut c = console(dir.path());
        c.handle(
            "Mod: tournament create name:Blitz format:round-robin pace:all-at-once minutes:15",
        )
        .await;
        for name in ["alice", "bob", "carol", "dave"] {
            c.handle(&format!("{name}: tournament join")).await;
        }
        let out = c.handle("Mod: tournament start").await;
        let boards: Vec<String> = out
            .iter()
            .filter(|l| l.contains(", board ") && l.contains(" has White"))
            .cloned()
            .collect();
        assert_eq!(boards.len(), 6, "{out:#?}");
        let line = &boards[moved];
        let round: u32 = line.split("round ").nth(1).unwrap()[..1].parse().unwrap();
        let board: u32 = line.split("board ").nth(1).unwrap()[..1].parse().unwrap();
        let (white, black) = board_players(line);
        let thread = format!("#t1-r{round}-b{board}");
        c.handle("wait 1m").await;
        c.handle(&format!("{thread} {white}: move c4-d4")).await;
        c.handle(&format!("{thread} {black}: move e4-d4")).await;
        let waited = c.handle("wait 16m").await;
        assert!(
            waited.iter().any(|l| l.contains("Blitz is over. 🥇")),
            "game {moved} ({thread}) moved: {waited:#?}"
        );
        let list = c.handle("Mod: tournament list").await;
        assert!(list[0].contains("finished"), "{list:#?}");
    }
}
