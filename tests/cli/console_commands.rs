//! The console as an adapter of the command layer (issue 20): options checked as on Discord,
//! in English and Russian; every button clicked by typing its label; a line that is not UTF-8;
//! a move with a draw offer against the bot.
// Longer than 400 lines: the tests of the console's commands share their typed sessions.

use std::path::Path;

use focus_bot::console::Console;
use focus_bot::i18n::Lang;
use focus_bot::store::{AsyncStore, Store};

fn console(out: &Path, lang: Lang) -> Console {
    let store = AsyncStore::spawn(Store::open_in_memory().unwrap()).unwrap();
    Console::new(store, out, vec!["Mod".to_owned()], lang).unwrap()
}

/// White wins with c4-d4: Black's only stack is then under White's piece, and Black has no
/// reserve.
const ONE_MOVE_WIN: &str = ".,.,.,./.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./\
    .,.,w,b,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,./.,.,.,. w 0 0 17 17";

#[tokio::test]
async fn an_unknown_option_is_refused_with_the_nearest_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = console(dir.path(), Lang::ENGLISH);
    // Once read as a challenge to a player named "erin levl:3".
    assert_eq!(
        c.handle("alice: challenge opponent:erin levl:3").await,
        ["[#general] bot → alice only: `challenge` has no option `levl`: did you mean `level`?"]
    );
    assert_eq!(
        c.handle("erin: accept").await,
        ["[#general] bot → erin only: there is no open challenge for you in this channel"]
    );
    assert_eq!(
        c.handle("alice: chalenge opponent:erin").await,
        ["[#general] bot → alice only: `chalenge` is not a command: did you mean `challenge`?"]
    );
    assert_eq!(
        c.handle("alice: challenge opponent:erin opponent:bob")
            .await,
        ["[#general] bot → alice only: the option `opponent` is given twice"]
    );
    // A level against a person: the service's rule, as on Discord.
    assert_eq!(
        c.handle("alice: challenge opponent:erin level:3").await,
        [
            "[#general] bot → alice only: a level is for a game against me: choose me as the \
          opponent, or leave the level out"
        ]
    );
}

#[tokio::test]
async fn booleans_are_yes_or_no_in_either_language_and_nothing_else() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = console(dir.path(), Lang::ENGLISH);
    c.handle("alice: challenge opponent:bob color:white").await;
    c.handle("bob: accept").await;
    // `draw:maybe` was once ignored: the move was played without the offer.
    assert_eq!(
        c.handle("alice: move c4-d4 draw:maybe").await,
        ["[#general] bot → alice only: `maybe` is not yes or no (true, false, да, нет)"]
    );
    // Nothing was played: the same move is still Alice's to make, with the offer in Russian.
    let lines = c.handle("alice: move c4-d4 draw:да").await;
    assert!(
        lines[0].starts_with("[#general] bot: @alice played c4-d4.\n@bob (Black) to move"),
        "{lines:?}"
    );
    assert!(lines[0].contains("\n@alice offers a draw."), "{lines:?}");
    assert_eq!(
        lines.last().unwrap(),
        "  buttons: [Agree] [Refuse] (type a label to click it, e.g. `bob: agree`)"
    );
    // The offer is refused by typing the button's label.
    assert_eq!(
        c.handle("bob: Refuse").await,
        ["[#general] bot edits the message: @bob declines the draw. Play on!"]
    );
    assert_eq!(
        c.handle("bob: refuse").await,
        ["[#general] bot → bob only: `refuse` is not a command; type `help` for the list"]
    );
}

#[tokio::test]
async fn a_russian_reader_types_and_reads_russian_values() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = console(dir.path(), Lang::of_tag("ru"));
    assert_eq!(
        c.handle("alice: вызов соперник:bob цвет:зелёные").await,
        ["[#general] бот → только alice: `зелёные` — не цвет: белые, чёрные или случайно"]
    );
    assert_eq!(
        c.handle("alice: вызов соперник:bob правила:шахматы").await,
        [
            "[#general] бот → только alice: `шахматы` — не набор правил: укажите классика, \
          обмен, зеркало или обмен+зеркало"
        ]
    );
    assert_eq!(
        c.handle("alice: вызов соперник:bob рейтинговая:может")
            .await,
        ["[#general] бот → только alice: `может` — не «да» и не «нет»"]
    );
    assert_eq!(
        c.handle("alice: доска сторона:красная").await,
        ["[#general] бот → только alice: `красная` — не сторона: белые или чёрные"]
    );
    assert_eq!(
        c.handle("alice: вызов соперник:bob урвень:3").await,
        [
            "[#general] бот → только alice: у команды `вызов` нет параметра `урвень`; может быть, \
          `уровень`?"
        ]
    );
    let lines = c
        .handle("alice: вызов соперник:bob цвет:белые правила:обмен рейтинговая:нет")
        .await;
    assert!(
        lines[0]
            .contains("\nправила: обмен · 3 дня на ход · без рейтинга · @alice играет белыми\n"),
        "{lines:?}"
    );
    assert!(
        lines[1].starts_with("  кнопки: [Принять] [Отклонить] [Отменить]"),
        "{lines:?}"
    );
    let lines = c.handle("bob: принять").await;
    assert_eq!(
        lines[0],
        "[#general] бот правит сообщение: Вызов принят: @bob."
    );
    assert!(
        lines[1].starts_with("[#general] бот: Партия 1 начинается!"),
        "{lines:?}"
    );
}

#[tokio::test]
async fn a_line_that_is_not_utf8_gets_one_error_and_the_session_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = console(dir.path(), Lang::ENGLISH);
    let input: &[u8] = b"alice: challenge opponent:bob\n\xff\xfe bob: accept\nbob: accept\n";
    let mut out = Vec::new();
    c.run(input, &mut out).await.unwrap();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines.contains(&"console: the line is not UTF-8 text; it is skipped"),
        "{text}"
    );
    assert!(
        text.contains("[#general] bot edits the message: Accepted by @bob."),
        "{text}"
    );
}

#[tokio::test]
async fn every_button_is_clicked_by_its_label() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = console(dir.path(), Lang::ENGLISH);
    c.handle(&format!(
        "alice: challenge opponent:bob color:white position:{ONE_MOVE_WIN}"
    ))
    .await;
    c.handle("bob: accept").await;
    let lines = c.handle("alice: move c4-d4").await;
    assert!(lines[0].contains("wins game 1"), "{lines:?}");
    // Replay, privately, as on Discord.
    let lines = c.handle("bob: replay").await;
    assert!(
        lines[0].starts_with("[#general] bot: Replay of game 1:"),
        "the command posts it: {lines:?}"
    );
    let lines = c.handle("carol: ▶ Replay").await;
    assert!(
        lines[0].starts_with("[#general] bot → carol only: Replay of game 1:"),
        "the button shows it to the clicker: {lines:?}"
    );
    assert!(lines[1].starts_with("  replay: "), "{lines:?}");
    // Rematch: a challenge with the colours swapped; the button is then disabled.
    let lines = c.handle("bob: rematch").await;
    // The finished game's message keeps its text; its Rematch button is disabled.
    assert_eq!(
        lines[0],
        "  buttons: [▶ Replay] (Rematch) (type a label to click it, e.g. `bob: replay`)"
    );
    assert!(
        lines[1].starts_with("[#general] bot: Rematch of game 1, colours swapped:"),
        "{lines:?}"
    );
    assert_eq!(
        c.handle("bob: rematch").await,
        ["[#general] bot → bob only: which game? give its number, e.g. `12`"]
    );
    let lines = c.handle("alice: Accept").await;
    assert!(
        lines[1].starts_with("[#general] bot: Game 2 begins! @bob plays White"),
        "{lines:?}"
    );
}

#[tokio::test]
async fn pages_turn_with_next_and_previous() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = console(dir.path(), Lang::ENGLISH);
    // Eleven games in play: two pages of /focus watch.
    for i in 0..11 {
        c.handle(&format!("#room{i} a{i}: challenge opponent:b{i}"))
            .await;
        c.handle(&format!("#room{i} b{i}: accept")).await;
    }
    let lines = c.handle("#general carol: watch").await;
    assert!(lines[0].contains("page 1 of 2"), "{lines:?}");
    assert_eq!(
        lines[1],
        "  buttons: (◀ Previous) [Next ▶] (type a label to click it, e.g. `carol: next`)"
    );
    let lines = c.handle("dave: next").await;
    assert!(
        lines[0].starts_with("[#general] bot edits the message: "),
        "{lines:?}"
    );
    assert!(lines[0].contains("page 2 of 2"), "{lines:?}");
    let lines = c.handle("dave: previous").await;
    assert!(lines[0].contains("page 1 of 2"), "{lines:?}");
}

#[tokio::test]
async fn a_confirmation_is_clicked_by_its_player_only() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = console(dir.path(), Lang::ENGLISH);
    // Under the mirror rule, after c4-d4 Black loses at once by f5-e5.
    c.handle("alice: challenge opponent:bob color:white rules:mirror")
        .await;
    c.handle("bob: accept").await;
    c.handle("alice: move c4-d4").await;
    let lines = c.handle("bob: move f5-e5").await;
    assert!(
        lines[0].contains("loses at once under the mirror rule"),
        "{lines:?}"
    );
    assert_eq!(
        lines[1],
        "  buttons: [Play it anyway] (type a label to click it, e.g. `bob: play it anyway`)"
    );
    // Alice does not see Bob's private button.
    assert_eq!(
        c.handle("alice: play it anyway").await,
        [
            "[#general] bot → alice only: only @bob sees the [Play it anyway] button: only they \
          can click it"
        ]
    );
    let lines = c.handle("bob: Play it anyway").await;
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("[#general] bot: @bob played f5-e5.")),
        "{lines:?}"
    );
}

#[tokio::test]
async fn settings_are_for_moderators_and_shown_to_everyone() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = console(dir.path(), Lang::ENGLISH);
    let shown = c.handle("alice: settings").await;
    assert!(
        shown[0].starts_with(
            "[#general] bot → alice only: The bot's public messages on this server are in \
             English."
        ),
        "{shown:?}"
    );
    assert_eq!(
        c.handle("alice: settings threads:off").await,
        [
            "[#general] bot → alice only: only members with the Manage Server permission can \
          change the server's settings"
        ]
    );
    assert_eq!(
        c.handle("mod: settings threads:off").await,
        [
            "[#general] bot → mod only: From now on games are played in the channel of their \
          challenge, one at a time."
        ]
    );
}

#[tokio::test]
async fn a_move_with_a_draw_offer_against_the_bot_is_played_and_answered() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = console(dir.path(), Lang::ENGLISH);
    let lines = c
        .handle("alice: challenge opponent:bot level:1 color:white")
        .await;
    assert!(lines[0].contains("Game 1 begins!"), "{lines:?}");
    // Once: "I agree to no draws", yet the move was played with no message for it.
    let lines = c.handle("alice: move c4-d4 draw:true").await;
    assert!(
        lines[0].starts_with("[#general] bot: @alice played c4-d4."),
        "the move is played and said: {lines:?}"
    );
    // The bot judges the offer at once (the start is level for it: it agrees, and a game
    // agreed drawn before each side has moved is aborted), in the same message, whose last
    // line is then the result rather than whose move it is.
    assert_eq!(
        lines[0],
        "[#general] bot: @alice played c4-d4.\nGame 1 was aborted: no result, no rating change.",
        "{lines:?}"
    );
    assert_eq!(
        c.handle("alice: board").await,
        [
            "[#general] bot → alice only: there is no game in this channel: start one with \
          /focus challenge"
        ],
        "the bot did not move after"
    );
}

/// Issue 32: refusals of `tournament` that named the wrong cause, in the console as a reader
/// types them: `days` with `minutes` blamed `minutes`' value, a round-robin's `rounds` was
/// silently dropped, `tournament:abc` was called "not a tournament command", a bare
/// `tournament` named an empty command. Each changes nothing.
#[tokio::test]
async fn tournament_refusals_name_the_real_cause() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = console(dir.path(), Lang::ENGLISH);
    let both = c
        .handle("Mod: tournament create name:Spring minutes:15 days:1")
        .await;
    assert_eq!(
        both,
        ["[#general] bot → Mod only: `days` and `minutes` cannot be given together: choose one"]
    );
    let rounds = c
        .handle("Mod: tournament create name:Club format:round-robin rounds:3")
        .await;
    assert_eq!(
        rounds,
        [
            "[#general] bot → Mod only: a round-robin's rounds come from its players (everyone \
             meets everyone): leave `rounds` out, or choose a Swiss"
        ]
    );
    let abc = c.handle("Mod: tournament start tournament:abc").await;
    assert_eq!(
        abc,
        [
            "[#general] bot → Mod only: `abc` is not a tournament's number: give one, e.g. \
             `tournament:3` (`tournament list` shows them)"
        ]
    );
    let bare = c.handle("Mod: tournament").await;
    assert_eq!(
        bare,
        [
            "[#general] bot → Mod only: which tournament command? create, join, leave, \
             withdraw, start, cancel, standings, export, list, remove, result, pause, resume, \
             moretime or next, e.g. `tournament list`"
        ]
    );
    // Nothing was created.
    assert_eq!(
        c.handle("Mod: tournament list").await,
        [
            "[#general] bot → Mod only: No tournaments on this server yet: create one with \
             `/focus tournament create`."
        ]
    );
}

/// Issue 32: the console refused `турнир создать` (README.ru shows `/фокус турнир создать`),
/// and the tournament lines of the Russian `help` were in English. Every tournament command
/// the Russian help shows is typed in Russian, and is read.
#[tokio::test]
async fn a_russian_reader_runs_a_tournament_in_russian() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = console(dir.path(), Lang::of_tag("ru"));
    let help = c.handle("help").await.join("\n");
    let lines: Vec<&str> = help
        .lines()
        .filter(|l| l.contains("турнир") || l.contains("tournament"))
        .collect();
    assert!(lines.len() >= 3, "{help}");
    for line in &lines {
        assert!(
            !line.contains("tournament "),
            "English in the Russian help: {line}"
        );
    }
    assert!(help.contains("турнир создать название:"), "{help}");
    let created = c
        .handle("Mod: турнир создать название:Весна система:круговая")
        .await;
    assert!(
        created[0].starts_with("[#general] бот: 🏆 Весна · турнир #1\nкруговой"),
        "{created:#?}"
    );
    for name in ["alice", "bob", "carol"] {
        let joined = c.handle(&format!("{name}: турнир участвовать")).await;
        assert!(
            joined[0].contains(&format!("@{name} участвует в турнире Весна")),
            "{joined:#?}"
        );
    }
    let started = c.handle("Mod: турнир начать").await;
    assert!(
        started[0].contains("Турнир Весна начался, в нём 3 игрока"),
        "{started:#?}"
    );
    let list = c.handle("alice: турнир список").await;
    assert!(list[0].contains("Весна"), "{list:#?}");
    let standings = c.handle("alice: турнир таблица страница:1").await;
    assert!(
        standings[0].contains("Таблица турнира Весна"),
        "{standings:#?}"
    );
}
