//! The sentences of the errors a player can cause, in the reader's language ([`Localized`]),
//! for every error type of [`rules`](crate::rules), [`store`](crate::store) and
//! [`service`](crate::service). Their `Display` is the English sentence (for logs and the
//! command line).
// Longer than 400 lines: the sentence of every error type a player can cause, one Localized impl
// each.
//!
//! Each is one sentence a player can act on. A variant that wraps another error shows that
//! error's sentence. Failures of the bot itself (SQLite, a stopped store thread) are never shown
//! to players: [`refusal`] gives them one sentence that says so, and their details go to the
//! log. Which errors are meant for players is decided by the error types
//! ([`ServiceError::for_users`]).

use std::fmt::{self, Display, Formatter};
use std::path::Path;

use crate::i18n::Lang;
use crate::rules::record::{RecordError, ReplayError};
use crate::rules::{
    FpnError, MoveError, ParseMoveError, ParseRulesError, ParseSquareError, PlayError,
};
use crate::service::ServiceError;
use crate::store::{
    ChallengeStatus, DAYS_PER_MOVE, GameStatus, MINUTES_PER_MOVE, StoreError, Venue,
};
use crate::strings::color_key;
use crate::text::Text;
use crate::tr;

/// Links to games a refusal names at most (each about 40 characters).
const MAX_LINKS: usize = 20;

/// An error's sentence in a given language.
pub trait Localized {
    /// The sentence in `lang` as `strings` composes it (with its placeholders and marks), to
    /// be put into another sentence.
    fn marked(&self, lang: Lang) -> String;

    /// The sentence in `lang`.
    fn localized(&self, lang: Lang) -> Text {
        Text::from_marked(&self.marked(lang))
    }
}

/// What a user is told when `error` refuses their request: its sentence when it is meant for
/// users, else that something went wrong on our side (the caller logs the details).
pub fn refusal(lang: Lang, error: &ServiceError) -> Text {
    if error.for_users() {
        error.localized(lang)
    } else {
        internal_error(lang)
    }
}

/// For failures of the bot itself; details go to the log, never to users.
pub fn internal_error(lang: Lang) -> Text {
    Text::from_marked(&tr!(lang, "error-internal"))
}

macro_rules! english_display {
    ($($t:ty),*) => {$(
        impl Display for $t {
            fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
                f.write_str(&self.localized(Lang::ENGLISH).words())
            }
        }
    )*};
}

english_display!(
    ParseSquareError,
    ParseMoveError,
    PlayError,
    MoveError,
    FpnError,
    ParseRulesError,
    RecordError,
    ReplayError,
    ServiceError
);

impl Localized for ParseSquareError {
    fn marked(&self, lang: Lang) -> String {
        match self {
            ParseSquareError::NotASquare(t) => tr!(lang, "error-not-a-square", text = t.as_str()),
            ParseSquareError::CutCorner(t) => tr!(lang, "error-cut-corner", text = t.as_str()),
        }
    }
}

impl Localized for ParseMoveError {
    fn marked(&self, lang: Lang) -> String {
        match self {
            ParseMoveError::Empty => tr!(lang, "error-no-move"),
            ParseMoveError::Unreadable(t) => tr!(lang, "error-unreadable-move", text = t.as_str()),
            ParseMoveError::Square(error) => error.marked(lang),
            ParseMoveError::Diagonal { from, to } => tr!(
                lang,
                "error-diagonal",
                from = from.to_string(),
                to = to.to_string()
            ),
            ParseMoveError::SameSquare(square) => {
                tr!(lang, "error-same-square", square = square.to_string())
            }
            ParseMoveError::CountMismatch {
                from,
                to,
                count,
                distance,
            } => tr!(
                lang,
                "error-count-mismatch",
                from = from.to_string(),
                to = to.to_string(),
                count = *count,
                distance = *distance
            ),
            ParseMoveError::SwapNotAdjacent { a, b } => tr!(
                lang,
                "error-swap-not-adjacent",
                a = a.to_string(),
                b = b.to_string()
            ),
        }
    }
}

impl Localized for PlayError {
    fn marked(&self, lang: Lang) -> String {
        match self {
            PlayError::GameOver => tr!(lang, "error-game-over"),
            PlayError::EmptySquare(square) => {
                tr!(lang, "error-empty-square", square = square.to_string())
            }
            PlayError::NotYourStack {
                square,
                owner,
                mover,
            } => tr!(
                lang,
                "error-not-your-stack",
                square = square.to_string(),
                owner = color_key(*owner),
                mover = color_key(*mover)
            ),
            PlayError::TooFewPieces {
                from,
                to,
                count,
                height,
            } => tr!(
                lang,
                "error-too-few-pieces",
                from = from.to_string(),
                to = to.to_string(),
                count = *count,
                height = *height
            ),
            PlayError::NoReserve(color) => {
                tr!(lang, "error-no-reserve", color = color_key(*color))
            }
            PlayError::SwapRequired => tr!(lang, "error-swap-required"),
            PlayError::SwapNotAllowed => tr!(lang, "error-swap-not-allowed"),
            PlayError::SwapNotSingles { square, height } => tr!(
                lang,
                "error-swap-not-singles",
                square = square.to_string(),
                height = *height
            ),
            PlayError::SwapSameColor { a, b, color } => tr!(
                lang,
                "error-swap-same-color",
                a = a.to_string(),
                b = b.to_string(),
                color = color_key(*color)
            ),
            PlayError::Shape(error) => error.marked(lang),
        }
    }
}

impl Localized for MoveError {
    fn marked(&self, lang: Lang) -> String {
        match self {
            MoveError::Parse(error) => error.marked(lang),
            MoveError::Illegal(error) => error.marked(lang),
        }
    }
}

impl Localized for FpnError {
    fn marked(&self, lang: Lang) -> String {
        match self {
            FpnError::FieldCount(count) => tr!(lang, "error-fpn-fields", count = *count),
            FpnError::RankCount(count) => tr!(lang, "error-fpn-ranks", count = *count),
            FpnError::RankLength {
                rank,
                expected,
                found,
            } => tr!(
                lang,
                "error-fpn-rank-length",
                rank = *rank,
                expected = *expected,
                found = *found
            ),
            FpnError::BadStack { square, text: t } => tr!(
                lang,
                "error-fpn-stack",
                square = square.to_string(),
                text = t.as_str()
            ),
            FpnError::TooTall { square, height } => tr!(
                lang,
                "error-fpn-too-tall",
                square = square.to_string(),
                height = *height
            ),
            FpnError::Side(t) => tr!(lang, "error-fpn-side", text = t.as_str()),
            FpnError::Count { field, text: t } => {
                tr!(lang, "error-fpn-count", field = *field, text = t.as_str())
            }
            FpnError::PieceCount {
                color,
                on_board,
                reserve,
                captured,
                total,
            } => tr!(
                lang,
                "error-fpn-piece-count",
                color = color_key(*color),
                total = *total,
                board = *on_board,
                reserve = *reserve,
                captured = *captured,
                opponent = color_key(color.opponent())
            ),
        }
    }
}

impl Localized for ParseRulesError {
    fn marked(&self, lang: Lang) -> String {
        let names: Vec<String> = crate::rules::Rules::ALL
            .iter()
            .map(|r| super::rules_name(lang, *r))
            .collect();
        tr!(
            lang,
            "error-rules",
            text = self.0.as_str(),
            choices = or_list(lang, &names)
        )
    }
}

impl Localized for RecordError {
    fn marked(&self, lang: Lang) -> String {
        match self {
            RecordError::UnclosedAnnotation { open, close, at } => tr!(
                lang,
                "error-unclosed-annotation",
                open = open.to_string(),
                close = close.to_string(),
                at = *at
            ),
            RecordError::BadTag { line } => tr!(lang, "error-bad-tag", line = *line),
        }
    }
}

impl Localized for ReplayError {
    fn marked(&self, lang: Lang) -> String {
        match self {
            ReplayError::Record(error) => error.marked(lang),
            ReplayError::Move {
                ply,
                number,
                side,
                text: t,
                error,
            } => tr!(
                lang,
                "error-record-move",
                ply = *ply,
                number = *number,
                side = side.to_string(),
                text = t.as_str(),
                error = error.marked(lang)
            ),
        }
    }
}

/// A challenge's status as the error messages select on it.
fn status_key(status: ChallengeStatus) -> &'static str {
    match status {
        ChallengeStatus::Open => "open",
        ChallengeStatus::Accepted => "accepted",
        ChallengeStatus::Declined => "declined",
        ChallengeStatus::Cancelled => "cancelled",
        ChallengeStatus::Expired => "expired",
    }
}

/// The offered days per move, `1, 2, 3, 5, 7, 10 or 14` (0, no limit, is said apart).
fn offered_days(lang: Lang) -> String {
    let days: Vec<String> = DAYS_PER_MOVE
        .iter()
        .filter(|&&d| d > 0)
        .map(ToString::to_string)
        .collect();
    or_list(lang, &days)
}

/// The offered minutes per move, `5, 15 or 60`.
fn offered_minutes(lang: Lang) -> String {
    let minutes: Vec<String> = MINUTES_PER_MOVE.iter().map(ToString::to_string).collect();
    or_list(lang, &minutes)
}

/// `a, b or c` in `lang`.
pub(crate) fn or_list(lang: Lang, items: &[String]) -> String {
    match items.split_last() {
        Some((last, head)) if !head.is_empty() => tr!(
            lang,
            "list-or",
            head = head.join(", "),
            last = last.as_str()
        ),
        _ => items.join(""),
    }
}

impl Localized for StoreError {
    fn marked(&self, lang: Lang) -> String {
        match self {
            // The operator's failures: English, with SQLite's own words (never shown to
            // players; see `StoreError::for_users`).
            StoreError::Open { path, source } => format!(
                "cannot open the database {}: {}",
                path.display(),
                open_reason(source, path)
            ),
            StoreError::Connect { url, reason } => {
                format!("cannot connect to the database {url}: {reason}")
            }
            StoreError::ReadOnly { path } => format!(
                "cannot write the database {}: the file is read-only",
                path.display()
            ),
            StoreError::TooNew { path, found, known } => format!(
                "the database {} has schema version {found}, but this focus-bot knows only up to \
                 {known}: it was written by a newer version, so it was left unchanged (upgrade \
                 focus-bot)",
                path.display()
            ),
            StoreError::Migration(error) => {
                format!("cannot bring the database schema up to date: {error}")
            }
            StoreError::Sqlite(error) => format!("database error: {error}"),
            StoreError::Postgres(error) => format!("PostgreSQL error: {error}"),
            StoreError::Unavailable => tr!(lang, "error-database-unavailable"),
            StoreError::Stopped => "the database thread has stopped".to_owned(),
            StoreError::NoSuchGame(id) => tr!(lang, "error-no-such-game", game = id.to_string()),
            StoreError::NoSuchChallenge(id) => {
                tr!(lang, "error-no-such-challenge", challenge = id.to_string())
            }
            StoreError::GameNotActive { id, status } => tr!(
                lang,
                "error-game-not-active",
                game = id.to_string(),
                status = match status {
                    GameStatus::Active => "active",
                    GameStatus::Finished => "finished",
                    GameStatus::Aborted => "aborted",
                    GameStatus::NeedsReview => "review",
                }
            ),
            StoreError::PositionChanged { .. } => tr!(lang, "error-position-changed"),
            StoreError::NotAPlayer(id) => tr!(lang, "error-not-a-player-in", game = id.to_string()),
            StoreError::NotYourTurn { to_move, you } => tr!(
                lang,
                "error-not-your-turn",
                to_move = color_key(*to_move),
                you = color_key(*you)
            ),
            StoreError::Illegal(error) => error.marked(lang),
            StoreError::Mismatch { id, .. } => tr!(lang, "error-mismatch", game = id.to_string()),
            StoreError::ChannelBusy => tr!(lang, "error-channel-busy"),
            StoreError::ChallengeExpired(id) => {
                tr!(lang, "error-challenge-expired", challenge = id.to_string())
            }
            StoreError::ChallengeClosed { id, status } => tr!(
                lang,
                "error-challenge-closed",
                challenge = id.to_string(),
                status = status_key(*status)
            ),
            StoreError::NotYourChallenge(id) => {
                tr!(lang, "error-not-your-challenge", challenge = id.to_string())
            }
            StoreError::NotChallenger(id) => {
                tr!(lang, "error-not-challenger", challenge = id.to_string())
            }
            StoreError::OwnChallenge => tr!(lang, "error-own-challenge"),
            StoreError::BadDaysPerMove(days) => tr!(
                lang,
                "error-bad-days",
                days = *days,
                offered = offered_days(lang)
            ),
            StoreError::BadMinutesPerMove(minutes) => tr!(
                lang,
                "error-bad-minutes",
                minutes = *minutes,
                offered = offered_minutes(lang)
            ),
            StoreError::RatedSetUp => tr!(lang, "error-rated-setup"),
            StoreError::BadStartFpn(error) => {
                tr!(lang, "error-bad-start", error = error.marked(lang))
            }
            StoreError::StartIsOver => tr!(lang, "error-start-is-over"),
            StoreError::DeadlineNotPassed => tr!(lang, "error-deadline-not-passed"),
            StoreError::NoDrawOffer => tr!(lang, "error-no-draw-offer"),
            StoreError::NoTakebackRequest => tr!(lang, "error-no-takeback-request"),
            StoreError::NotFinished(id) => {
                tr!(lang, "error-not-finished", game = id.0.to_string())
            }
            StoreError::RematchOffered(id) => {
                tr!(lang, "error-rematch-offered", game = id.0.to_string())
            }
            StoreError::NoHintsLeft(id) => tr!(
                lang,
                "error-no-hints-left",
                game = id.0.to_string(),
                count = crate::store::HINTS_PER_GAME
            ),
            StoreError::NothingToTakeBack => tr!(lang, "error-nothing-to-take-back"),
            StoreError::AbortTooLate => tr!(lang, "error-abort-too-late"),
            StoreError::TournamentGameAbort => tr!(lang, "error-tournament-game-abort"),
            StoreError::TimeRanOut(id) => tr!(lang, "error-time-ran-out", game = id.to_string()),
            StoreError::NoTimeLimit => tr!(lang, "error-no-time-limit"),
            StoreError::OwnMove => tr!(lang, "error-own-move"),
            StoreError::TooMuchTime { seconds } => {
                tr!(
                    lang,
                    "error-too-much-time",
                    time = super::span(lang, *seconds)
                )
            }
            StoreError::Tournament(error) => tournament_error(lang, error),
        }
    }
}

impl Display for StoreError {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            // The moderator reads the log: say what differs there.
            StoreError::Mismatch { detail, .. } => {
                write!(f, "{} ({detail})", self.localized(Lang::ENGLISH).words())
            }
            _ => f.write_str(&self.localized(Lang::ENGLISH).words()),
        }
    }
}

/// SQLite's reason for failing to open `path`, without the path it sometimes repeats.
fn open_reason(source: &rusqlite::Error, path: &Path) -> String {
    let text = source.to_string();
    match text.strip_suffix(&format!(": {}", path.display())) {
        Some(reason) => reason.to_owned(),
        None => text,
    }
}

impl Localized for ServiceError {
    fn marked(&self, lang: Lang) -> String {
        match self {
            ServiceError::NoGameHere => tr!(lang, "error-no-game-here"),
            ServiceError::NotInServer => tr!(lang, "error-not-in-server"),
            ServiceError::StaleBoard(id) => {
                tr!(lang, "error-stale-board", game = id.0.to_string())
            }
            // Only the controls of a game where the opponent may lack the slash commands say it.
            ServiceError::StaleComponent => super::stale_button_marked(lang, Venue::Dm),
            ServiceError::NeedsServer => tr!(lang, "error-needs-server"),
            ServiceError::NoLadderHere => tr!(lang, "error-no-ladder-here"),
            ServiceError::OnlyTheBotHere => tr!(lang, "error-only-the-bot-here"),
            ServiceError::BotGameNotHere => tr!(lang, "error-bot-game-not-here"),
            ServiceError::NoTournamentHere => tr!(lang, "error-no-tournament-here"),
            ServiceError::CannotCreateTournament => tr!(lang, "error-cannot-create-tournament"),
            ServiceError::BadTournamentName { max } => {
                tr!(lang, "error-bad-tournament-name", max = *max)
            }
            ServiceError::ScheduleNeedsDays => tr!(lang, "error-schedule-needs-days"),
            ServiceError::AllAtOnceSwiss => tr!(lang, "error-all-at-once-swiss"),
            ServiceError::BadRounds(rounds) => tr!(lang, "error-bad-rounds", rounds = *rounds),
            ServiceError::RoundsOfRoundRobin => tr!(lang, "error-rounds-of-round-robin"),
            ServiceError::BadMaxPlayers(max) => tr!(lang, "error-bad-max-players", max = *max),
            ServiceError::BadStart { max } => tr!(lang, "error-bad-tournament-start", max = *max),
            ServiceError::TournamentNeedsThreads(missing) if missing.is_empty() => {
                tr!(lang, "error-tournament-not-in-channel")
            }
            ServiceError::TournamentNeedsThreads(missing) => {
                let names: Vec<String> = missing
                    .iter()
                    .map(|name| super::permission_name(lang, name))
                    .collect();
                tr!(
                    lang,
                    "error-tournament-needs-threads",
                    permissions = names.join(", ")
                )
            }
            ServiceError::InThreads(games) => {
                // A user may have many games: name the first few, so the sentence stays far
                // below Discord's 2,000 characters.
                let mut links: Vec<String> = games
                    .iter()
                    .take(MAX_LINKS)
                    .map(|g| {
                        tr!(
                            lang,
                            "game-link",
                            game = g.id.0.to_string(),
                            thread = super::channel(g.channel_id)
                        )
                    })
                    .collect();
                if games.len() > MAX_LINKS {
                    links.push(tr!(
                        lang,
                        "and-more",
                        count = (games.len() - MAX_LINKS) as u64
                    ));
                }
                tr!(lang, "error-in-threads", games = links.join(", "))
            }
            ServiceError::NotAPlayer => tr!(lang, "error-not-a-player"),
            ServiceError::ChallengeSelf => tr!(lang, "error-challenge-self"),
            ServiceError::ChallengeBot => tr!(lang, "error-challenge-bot"),
            ServiceError::BotLevel(level) => {
                tr!(lang, "error-bot-level", level = level.to_string())
            }
            ServiceError::LevelWithoutBot => tr!(lang, "error-level-without-bot"),
            ServiceError::HintBetweenPeople => tr!(lang, "error-hint-between-people"),
            ServiceError::BotPlaysOn => tr!(lang, "error-bot-plays-on"),
            ServiceError::BotDeclinesDraw => tr!(
                lang,
                "error-bot-declines-draw",
                times = crate::service::DRAW_REPETITIONS as u64
            ),
            ServiceError::ChallengeStranger(id) => {
                tr!(
                    lang,
                    "error-challenge-stranger",
                    player = super::mention(*id)
                )
            }
            ServiceError::ChannelBusy => tr!(lang, "error-channel-busy"),
            ServiceError::TakebackNotYourMove => tr!(lang, "error-takeback-not-your-move"),
            ServiceError::NotAManager => tr!(lang, "error-not-a-manager"),
            ServiceError::DaysAndMinutes => tr!(lang, "error-days-and-minutes"),
            ServiceError::ReplayTooLarge { game, plies, limit } => tr!(
                lang,
                "error-replay-too-large",
                game = game.0.to_string(),
                plies = *plies as u64,
                // Discord's limits are whole MiB; the stand-in's smaller ones whole KiB.
                size = if *limit >= 1 << 20 {
                    *limit >> 20
                } else {
                    *limit >> 10
                },
                unit = if *limit >= 1 << 20 { "mib" } else { "kib" }
            ),
            ServiceError::MirrorLoss { mv, .. } => {
                tr!(lang, "error-mirror-loss", move = mv.to_string())
            }
            ServiceError::StaleInteraction => tr!(lang, "error-stale-interaction"),
            ServiceError::StaleConfirmation => tr!(lang, "error-stale-confirmation"),
            ServiceError::NotYourConfirmation(player) => tr!(
                lang,
                "error-not-your-confirmation",
                player = super::mention(*player)
            ),
            ServiceError::AnalysisInPlay(game) => {
                tr!(lang, "error-analysis-in-play", game = game.0.to_string())
            }
            ServiceError::AnalysisAborted(game) => {
                tr!(lang, "error-analysis-aborted", game = game.0.to_string())
            }
            ServiceError::Move(error) => error.marked(lang),
            ServiceError::Store(error) => error.marked(lang),
            ServiceError::Render => "the board picture could not be drawn".to_owned(),
            ServiceError::Engine => "the engine's search failed".to_owned(),
        }
    }
}

/// The sentence of a refused tournament request.
fn tournament_error(lang: Lang, error: &crate::store::TournamentError) -> String {
    use crate::store::TournamentError as E;
    let id = |t: &crate::store::TournamentId| t.to_string();
    match error {
        E::NoSuchTournament(t) => tr!(lang, "error-no-such-tournament", tournament = id(t)),
        E::OtherServer(t) => tr!(lang, "error-other-server", tournament = id(t)),
        E::AlreadyJoined(t) => tr!(lang, "error-already-joined", tournament = id(t)),
        E::NotJoined(t) => tr!(lang, "error-not-joined", tournament = id(t)),
        E::YouNeverJoined(t) => tr!(lang, "error-you-never-joined", tournament = id(t)),
        E::YouLeft(t) => tr!(lang, "error-you-left", tournament = id(t)),
        E::Full(t) => tr!(lang, "error-tournament-full", tournament = id(t)),
        E::JoinClosed(t) => tr!(lang, "error-join-closed", tournament = id(t)),
        E::AlreadyStarted(t) => tr!(lang, "error-already-started", tournament = id(t)),
        E::Over(t) => tr!(lang, "error-tournament-over", tournament = id(t)),
        E::NotRunning(t) => tr!(lang, "error-not-running", tournament = id(t)),
        E::TooFewPlayers { id: t, needed } => tr!(
            lang,
            "error-too-few-players",
            tournament = id(t),
            needed = *needed
        ),
        E::TooManyPlayers { max } => tr!(lang, "error-too-many-players", max = *max),
        E::NotDirector(t) => tr!(lang, "error-not-director", tournament = id(t)),
        E::NotInTournament(t) => tr!(lang, "error-not-in-tournament", tournament = id(t)),
        E::RoundNotOver { id: t, round } => tr!(
            lang,
            "error-round-not-over",
            tournament = id(t),
            round = *round
        ),
        E::RoundPaired { id: t, round } => tr!(
            lang,
            "error-round-paired",
            tournament = id(t),
            round = *round
        ),
        E::NoMoreRounds(t) => tr!(lang, "error-no-more-rounds", tournament = id(t)),
        E::Unchanged(t) => tr!(lang, "error-tournament-unchanged", tournament = id(t)),
    }
}
