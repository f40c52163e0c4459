// Longer than 400 lines: the words of every tournament message, one function each; 145 lines are
// unit tests.
//! The words of tournaments (issue 22): the announcement, joining and leaving, each round's
//! pairings and threads, the director's tools, the standings (as text, and the words of their
//! picture) and the list of a server's events.

use super::words::{self, mention, points, someone, time_control, timestamp};
use crate::i18n::Lang;
use crate::service::Named;
use crate::service::tournaments::{
    BoardView, Cell, RoundView, StandingRow, Standings, TournamentNews, TournamentView,
};
use crate::store::{BoardResult, EntrantStatus, Format, Tournament, TournamentStatus};
use crate::text::Text;
use crate::tr;

/// Players named in an announcement at most; the rest are counted ("and 12 more"), so that the
/// message stays far below Discord's 2,000 characters.
pub const ANNOUNCED_PLAYERS: usize = 40;

/// Boards listed in one pairings message at most; a longer round is posted in several messages.
/// A board line is at most about 80 characters on Discord (three mentions of 20-digit ids), so
/// twenty of them and a heading with a 64-character name stay under 2,000.
pub const BOARDS_PER_MESSAGE: usize = 20;

/// The format's name: `Swiss`, `round-robin`.
pub fn format(lang: Lang, format: Format) -> String {
    tr!(lang, "tournament-format", format = format.as_str())
}

/// `5 rounds`, or "rounds from the number of players".
pub fn rounds(lang: Lang, rounds: Option<u32>) -> String {
    tr!(lang, "tournament-rounds", rounds = rounds.unwrap_or(0))
}

/// `9 players`.
pub fn players(lang: Lang, count: usize) -> String {
    tr!(lang, "tournament-players-count", count = count)
}

fn rated(lang: Lang, rated: bool) -> String {
    tr!(
        lang,
        "tournament-rated",
        rated = if rated { "yes" } else { "no" }
    )
}

/// The announcement of a tournament: its name, format, time control, rounds, start, state and
/// players (at most [`ANNOUNCED_PLAYERS`] named).
pub fn announcement(lang: Lang, view: &TournamentView) -> Text {
    Text::from_marked(&announcement_marked(lang, view))
}

pub(crate) fn announcement_marked(lang: Lang, view: &TournamentView) -> String {
    let t = &view.tournament;
    let mut lines = vec![
        tr!(
            lang,
            "tournament-heading",
            name = t.name.as_str(),
            tournament = t.id.to_string()
        ),
        tr!(
            lang,
            "tournament-facts",
            format = format(lang, t.format),
            rounds = rounds(lang, t.rounds),
            time = time_control(lang, t.time_control),
            rated = rated(lang, t.rated)
        ),
    ];
    match t.status {
        TournamentStatus::Open => lines.push(match t.starts_at {
            Some(at) => tr!(
                lang,
                "tournament-starts-at",
                relative = timestamp(at, 'R'),
                time = timestamp(at, 'f')
            ),
            None => tr!(
                lang,
                "tournament-starts-manually",
                director = mention(t.director_id)
            ),
        }),
        _ => {
            let (status, round, rounds) = status_words(t);
            lines.push(tr!(
                lang,
                "tournament-status",
                status = status,
                round = round,
                rounds = rounds
            ));
        }
    }
    if t.paused {
        lines.push(tr!(lang, "tournament-paused-note"));
    }
    let players = &view.players;
    if players.is_empty() {
        // Only an open event asks for players (it alone has the Join button).
        lines.push(if t.status == TournamentStatus::Open {
            tr!(lang, "tournament-no-players")
        } else {
            tr!(lang, "tournament-no-players-over")
        });
    } else {
        // Every player, those who left marked as such: their games count in the table.
        let mut list: Vec<String> = players
            .iter()
            .take(ANNOUNCED_PLAYERS)
            .map(|p| match p.entrant.status {
                EntrantStatus::Playing => mention(p.user.id),
                gone => tr!(
                    lang,
                    "tournament-player-gone",
                    user = mention(p.user.id),
                    status = gone.as_str()
                ),
            })
            .collect();
        if players.len() > ANNOUNCED_PLAYERS {
            list.push(tr!(
                lang,
                "tournament-players-more",
                count = players.len() - ANNOUNCED_PLAYERS
            ));
        }
        lines.push(tr!(
            lang,
            "tournament-players",
            count = players.len(),
            list = list.join(", ")
        ));
    }
    lines.join("\n")
}

/// The state of `t` as the status lines select it, with the round and the rounds they name:
/// `pairing` round 1 before any round is paired (never "round 0"), `running-all` for a
/// round-robin whose rounds are all played at once, else the status itself.
fn status_words(t: &Tournament) -> (&'static str, u32, u32) {
    let rounds = t.rounds.unwrap_or(t.current_round).max(1);
    match t.status {
        TournamentStatus::Running if t.current_round == 0 => ("pairing", 1, rounds),
        TournamentStatus::Running if t.pace == crate::store::Pace::AllAtOnce => {
            ("running-all", t.current_round, rounds)
        }
        status => (status.as_str(), t.current_round.max(1), rounds),
    }
}

/// `user` joined `t` (late: from round `first_round`).
pub fn joined(lang: Lang, t: &Tournament, user: u64, first_round: u32) -> Text {
    Text::from_marked(&if first_round > 1 {
        tr!(
            lang,
            "tournament-joined-late",
            user = mention(user),
            name = t.name.as_str(),
            round = first_round
        )
    } else {
        tr!(
            lang,
            "tournament-joined",
            user = mention(user),
            name = t.name.as_str()
        )
    })
}

/// A sentence about `user` in `t`: `left`, `withdrawn`, `removed`.
pub fn about_player(lang: Lang, which: &str, t: &Tournament, user: u64) -> Text {
    Text::from_marked(&tr!(
        lang,
        &format!("tournament-{which}"),
        user = mention(user),
        name = t.name.as_str()
    ))
}

/// A sentence about `t`: `cancelled`, `paused`, `resumed`, `next-round`.
pub fn about(lang: Lang, which: &str, t: &Tournament) -> Text {
    Text::from_marked(&tr!(
        lang,
        &format!("tournament-{which}"),
        name = t.name.as_str()
    ))
}

/// `t` started with `count` players.
pub fn started(lang: Lang, t: &Tournament, count: usize) -> Text {
    Text::from_marked(&tr!(
        lang,
        "tournament-started",
        name = t.name.as_str(),
        count = players(lang, count)
    ))
}

/// A board's result as a chess table writes it: `1–0`, `½–½`, `+–−`.
pub fn result(lang: Lang, result: BoardResult) -> String {
    tr!(lang, "tournament-result", result = result.as_str())
}

/// The director set the result of `board` in `t`.
pub fn adjudicated(lang: Lang, t: &Tournament, board: &crate::store::Board) -> Text {
    Text::from_marked(&tr!(
        lang,
        "tournament-adjudicated",
        round = board.round,
        board = board.board,
        name = t.name.as_str(),
        result = board.result.map_or_else(String::new, |r| result(lang, r))
    ))
}

/// The director gave more time in `game`.
pub fn extra_time(lang: Lang, game: &crate::store::Game) -> Text {
    Text::from_marked(&tr!(
        lang,
        "tournament-extra-time",
        game = game.id.to_string(),
        relative = game
            .deadline
            .map_or_else(String::new, |d| timestamp(d, 'R'))
    ))
}

/// The message a board's thread starts from, in the event's channel.
pub fn board_message(lang: Lang, t: &Tournament, board: &BoardView) -> Text {
    Text::from_marked(&board_message_marked(lang, t, board))
}

pub(crate) fn board_message_marked(lang: Lang, t: &Tournament, board: &BoardView) -> String {
    tr!(
        lang,
        "tournament-board-message",
        name = t.name.as_str(),
        round = board.board.round,
        board = board.board.board,
        white = mention(board.white.id),
        black = board
            .black
            .as_ref()
            .map_or_else(String::new, |b| mention(b.id))
    )
}

fn shown_name(lang: Lang, named: &Named) -> String {
    named.name.clone().unwrap_or_else(|| someone(lang))
}

/// The name of a board's thread: `Spring Swiss · R3 · alice vs bob`, at most
/// [`super::threads::THREAD_NAME_LIMIT`] characters.
pub fn thread_name(lang: Lang, t: &Tournament, board: &BoardView) -> String {
    let full = tr!(
        lang,
        "tournament-thread-name",
        name = t.name.as_str(),
        round = board.board.round,
        white = shown_name(lang, &board.white),
        black = board
            .black
            .as_ref()
            .map_or_else(String::new, |b| shown_name(lang, b))
    );
    full.chars()
        .take(super::threads::THREAD_NAME_LIMIT)
        .collect()
}

/// The first message of a tournament game, in its thread.
pub(crate) fn game_started_marked(
    lang: Lang,
    t: &Tournament,
    game: &crate::store::Game,
    round: u32,
) -> String {
    let line = tr!(
        lang,
        "tournament-game-started",
        round = round,
        name = t.name.as_str(),
        white = mention(game.white_id),
        black = mention(game.black_id)
    );
    words::with_due(lang, line, game)
}

/// The DM to a player who lost on time without moving: withdrawn from the rounds still to
/// be paired, if any (none after the last round, nor in a round-robin played all at once,
/// whose games are all paired already).
pub(crate) fn no_show_marked(lang: Lang, t: &Tournament, round: u32) -> String {
    let later = t.pace != crate::store::Pace::AllAtOnce && t.rounds.is_none_or(|r| round < r);
    tr!(
        lang,
        "tournament-no-show",
        round = round,
        name = t.name.as_str(),
        later = if later { "yes" } else { "no" }
    )
}

/// A round's pairings, in messages of at most [`BOARDS_PER_MESSAGE`] boards: each board with
/// its players and a link to its thread, the bye last.
pub fn pairings(lang: Lang, round: &RoundView) -> Vec<Text> {
    pairings_marked(lang, round)
        .iter()
        .map(|m| Text::from_marked(m))
        .collect()
}

fn pairings_marked(lang: Lang, round: &RoundView) -> Vec<String> {
    let t = &round.tournament;
    let head = tr!(
        lang,
        "tournament-pairings",
        name = t.name.as_str(),
        round = round.round,
        rounds = t.rounds.unwrap_or(round.round)
    );
    let lines: Vec<String> = round
        .boards
        .iter()
        .map(|b| match &b.black {
            None if t.format == Format::Swiss => {
                tr!(lang, "tournament-bye-line", user = mention(b.white.id))
            }
            None => tr!(lang, "tournament-rest-line", user = mention(b.white.id)),
            Some(black) => match b.channel {
                Some(thread) => tr!(
                    lang,
                    "tournament-board-line",
                    board = b.board.board,
                    white = mention(b.white.id),
                    black = mention(black.id),
                    thread = words::channel(thread)
                ),
                // A round-robin's board of a player who left: a forfeit, never started.
                None if let Some(result) = b.board.result => tr!(
                    lang,
                    "tournament-board-line-forfeit",
                    board = b.board.board,
                    white = mention(b.white.id),
                    black = mention(black.id),
                    result = self::result(lang, result)
                ),
                None => tr!(
                    lang,
                    "tournament-board-line-waiting",
                    board = b.board.board,
                    white = mention(b.white.id),
                    black = mention(black.id)
                ),
            },
        })
        .collect();
    let mut messages = Vec::new();
    for (i, chunk) in lines.chunks(BOARDS_PER_MESSAGE).enumerate() {
        let mut text = if i == 0 { head.clone() } else { String::new() };
        for line in chunk {
            if !text.is_empty() {
                text.push('\n');
            }
            text.push_str(line);
        }
        messages.push(text);
    }
    if messages.is_empty() {
        messages.push(head);
    }
    messages
}

/// A tie-break value as a chess table writes it: whole points and fractions of quarters
/// (`7`, `2½`, `2¼`, `¾`), as the scores are written; anything finer (an average rating)
/// with two decimals.
pub fn tie_break_value(value: f64) -> String {
    let quarters = value * 4.0;
    if (quarters - quarters.round()).abs() >= 1e-9 || quarters < 0.0 {
        return format!("{value:.2}");
    }
    let quarters = quarters.round() as u64;
    let fraction = match quarters % 4 {
        1 => "¼",
        2 => "½",
        3 => "¾",
        _ => "",
    };
    match (quarters / 4, fraction) {
        (whole, "") => whole.to_string(),
        (0, fraction) => fraction.to_owned(),
        (whole, fraction) => format!("{whole}{fraction}"),
    }
}

/// The caption over the standings: after which round, or final; with the podium at the end.
pub fn standings_caption(lang: Lang, standings: &Standings, last: bool) -> Text {
    Text::from_marked(&standings_caption_marked(lang, standings, last))
}

fn standings_caption_marked(lang: Lang, standings: &Standings, last: bool) -> String {
    let t = &standings.tournament;
    if standings.rows.is_empty() {
        return tr!(lang, "tournament-no-standings", name = t.name.as_str());
    }
    if !last {
        return tr!(
            lang,
            "tournament-standings-caption",
            name = t.name.as_str(),
            round = standings.complete_rounds
        );
    }
    // The podium is the table's first three lines, as the picture colours them.
    let mut podium = standings.podium().iter().map(|r| mention(r.user.id));
    let first = podium.next().unwrap_or_default();
    let mut place = |key: &str| {
        podium
            .next()
            .map_or_else(String::new, |user| tr!(lang, key, user = user))
    };
    let second = place("tournament-second");
    let third = place("tournament-third");
    tr!(
        lang,
        "tournament-over",
        name = t.name.as_str(),
        first = first,
        second = second,
        third = third
    )
}

/// The standings as one message within Discord's limit, for screen readers (the picture
/// shows the same): the caption, then a line for each of `rows`, with each round's result
/// when every line fits so, else score and tie-breaks only; a table longer still is cut,
/// with a note of how many players the pages of `/focus tournament standings` show besides.
pub fn standings_text(lang: Lang, standings: &Standings, rows: &[StandingRow], last: bool) -> Text {
    Text::from_marked(&standings_marked(lang, standings, rows, last))
}

fn standings_marked(lang: Lang, standings: &Standings, rows: &[StandingRow], last: bool) -> String {
    let caption = standings_caption_marked(lang, standings, last);
    let fits =
        |marked: &str| super::message_len(&Text::from_marked(marked)) <= super::MESSAGE_LIMIT;
    let table = |rounds: bool, take: usize| {
        let mut lines = vec![caption.clone()];
        lines.extend(
            rows.iter()
                .take(take)
                .map(|row| standing_line(lang, standings, row, rounds)),
        );
        lines.join("\n")
    };
    for rounds in [true, false] {
        let whole = table(rounds, rows.len());
        if fits(&whole) {
            return whole;
        }
    }
    // Cut: as many short lines as fit beside the note.
    let mut take = rows.len();
    loop {
        let note = tr!(lang, "tournament-standings-more", count = rows.len() - take);
        let cut = format!("{}\n{note}", table(false, take));
        if fits(&cut) || take == 0 {
            return cut;
        }
        take -= 1;
    }
}

/// The words of one standings cell for the screen-reader text: `5 W 1`, `bye +`.
fn cell_words(lang: Lang, cell: &Cell) -> String {
    match cell {
        Cell::Game {
            opponent,
            colour,
            half_points,
            forfeit,
        } => {
            let colour = match colour {
                crate::rules::Color::White => tr!(lang, "crosstable-white"),
                crate::rules::Color::Black => tr!(lang, "crosstable-black"),
            };
            format!("{opponent} {colour} {}", mark(*half_points, *forfeit))
        }
        Cell::Bye { half_points } => format!("+{}", points(*half_points)),
        Cell::Rest => tr!(lang, "crosstable-rest"),
        Cell::Missed => "½".to_owned(),
        Cell::Absent => "–".to_owned(),
        Cell::Future => String::new(),
    }
}

/// The mark of a result: `1`, `½`, `0`; a forfeit `+` or `−`; `*` in play.
pub fn mark(half_points: Option<u32>, forfeit: bool) -> String {
    match (half_points, forfeit) {
        (None, _) => "*".to_owned(),
        (Some(2), true) => "+".to_owned(),
        (Some(_), true) => "−".to_owned(),
        (Some(h), false) => match h {
            2 => "1".to_owned(),
            1 => "½".to_owned(),
            _ => "0".to_owned(),
        },
    }
}

/// One line of the standings as text (for screen readers): `1. @alice — 3½; BH-C1 7; R1: 5
/// White 1, …`.
pub fn standing_line(lang: Lang, standings: &Standings, row: &StandingRow, rounds: bool) -> String {
    let mut line = format!(
        "{}. {} — {}",
        row.rank,
        mention(row.user.id),
        points(row.half_points)
    );
    for (tb, value) in standings.tie_breaks.iter().zip(&row.tie_breaks) {
        line.push_str(&format!(
            "; {} {}",
            tb.short_name(),
            tie_break_value(*value)
        ));
    }
    if !rounds {
        return line;
    }
    let cells: Vec<String> = row
        .cells
        .iter()
        .enumerate()
        .filter(|(_, c)| **c != Cell::Future)
        .map(|(i, c)| format!("{}: {}", i + 1, cell_words(lang, c)))
        .collect();
    if !cells.is_empty() {
        line.push_str(" · ");
        line.push_str(&cells.join(", "));
    }
    line
}

/// The news of a tournament as messages: the pairings (several messages for a large round), or
/// the standings' caption (the picture is attached by the adapter).
pub fn news(lang: Lang, news: &TournamentNews) -> Vec<Text> {
    match news {
        TournamentNews::Paired(round) => pairings(lang, round),
        TournamentNews::RoundOver(s) => vec![standings_text(lang, s, &s.rows, false)],
        TournamentNews::Finished(s) => vec![standings_text(lang, s, &s.rows, true)],
    }
}

/// The first message of [`news`], marked (the letter's text).
pub(crate) fn news_first_marked(lang: Lang, news: &TournamentNews) -> String {
    match news {
        TournamentNews::Paired(round) => pairings_marked(lang, round)
            .into_iter()
            .next()
            .unwrap_or_default(),
        TournamentNews::RoundOver(s) => standings_marked(lang, s, &s.rows, false),
        TournamentNews::Finished(s) => standings_marked(lang, s, &s.rows, true),
    }
}

/// The server's tournaments, one line each.
pub fn list(lang: Lang, tournaments: &[(Tournament, usize)]) -> Text {
    if tournaments.is_empty() {
        return Text::from_marked(&tr!(lang, "tournament-list-empty"));
    }
    let mut lines = vec![tr!(lang, "tournament-list-title")];
    for (t, count) in tournaments {
        lines.push(tr!(
            lang,
            "tournament-list-line",
            tournament = t.id.to_string(),
            name = t.name.as_str(),
            format = format(lang, t.format),
            players = players(lang, *count),
            status = {
                let (status, round, rounds) = status_words(t);
                tr!(
                    lang,
                    "tournament-list-status",
                    status = status,
                    round = round,
                    rounds = rounds
                )
            }
        ));
    }
    Text::from_marked(&lines.join("\n"))
}

/// The caption of the TRF export; it names the rounds in progress, whose pairings the file
/// holds outside its player lines.
pub fn export(lang: Lang, t: &Tournament, in_progress: &[u32]) -> Text {
    let mut text = tr!(lang, "tournament-export", name = t.name.as_str());
    if !in_progress.is_empty() {
        let rounds: Vec<String> = in_progress.iter().map(u32::to_string).collect();
        text.push(' ');
        text.push_str(&tr!(
            lang,
            "tournament-export-in-progress",
            count = in_progress.len(),
            rounds = rounds.join(", ")
        ));
    }
    Text::from_marked(&text)
}

/// The words and marks of page `page` (of `per_page` players) of the standings' picture.
pub fn crosstable(
    lang: Lang,
    standings: &Standings,
    page: u32,
    per_page: usize,
) -> crate::render::crosstable::Crosstable {
    use crate::render::crosstable as ct;
    let t = &standings.tournament;
    let planned = t.rounds.unwrap_or(t.current_round).max(t.current_round);
    let last = standings.is_final();
    let pages = standings.rows.len().div_ceil(per_page).max(1);
    let title = if last {
        tr!(lang, "tournament-standings-final", name = t.name.as_str())
    } else {
        tr!(
            lang,
            "tournament-standings-after",
            name = t.name.as_str(),
            round = standings.complete_rounds,
            rounds = planned
        )
    };
    let subtitle = (pages > 1).then(|| {
        tr!(
            lang,
            "tournament-standings-page",
            page = page,
            pages = pages
        )
    });
    let outcome = |half: u32| match half {
        2 => ct::Outcome::Win,
        1 => ct::Outcome::Draw,
        _ => ct::Outcome::Loss,
    };
    let from = (page.max(1) as usize - 1) * per_page;
    let rows = standings
        .rows
        .iter()
        .skip(from)
        .take(per_page)
        .map(|row| ct::Row {
            rank: row.rank,
            // Every rank is its own row's: an opponent's number names one row.
            rank_shown: true,
            name: row.user.name.clone().unwrap_or_else(|| someone(lang)),
            score: points(row.half_points),
            tie_breaks: row.tie_breaks.iter().map(|v| tie_break_value(*v)).collect(),
            cells: row
                .cells
                .iter()
                .map(|cell| match cell {
                    Cell::Game {
                        opponent,
                        colour,
                        half_points,
                        forfeit,
                    } => ct::Cell::Game {
                        opponent: *opponent,
                        side: match colour {
                            crate::rules::Color::White => ct::Side::White,
                            crate::rules::Color::Black => ct::Side::Black,
                        },
                        outcome: half_points.map_or(ct::Outcome::Pending, outcome),
                        mark: mark(*half_points, *forfeit),
                    },
                    Cell::Bye { half_points } => ct::Cell::NoGame {
                        mark: "+".to_owned(),
                        outcome: Some(outcome(*half_points)),
                    },
                    // No game and no loss: the word, untinted.
                    Cell::Rest => ct::Cell::NoGame {
                        mark: tr!(lang, "crosstable-rest"),
                        outcome: None,
                    },
                    Cell::Missed => ct::Cell::NoGame {
                        mark: "½".to_owned(),
                        outcome: Some(ct::Outcome::Draw),
                    },
                    Cell::Absent => ct::Cell::NoGame {
                        mark: "–".to_owned(),
                        outcome: None,
                    },
                    Cell::Future => ct::Cell::Future,
                })
                .collect(),
        })
        .collect();
    ct::Crosstable {
        title,
        subtitle,
        rank_header: tr!(lang, "crosstable-rank"),
        name_header: tr!(lang, "crosstable-player"),
        score_header: tr!(lang, "crosstable-score"),
        tie_break_headers: standings
            .tie_breaks
            .iter()
            .map(|tb| tb.short_name().to_owned())
            .collect(),
        round_headers: (1..=planned).map(|r| r.to_string()).collect(),
        white: tr!(lang, "crosstable-white"),
        black: tr!(lang, "crosstable-black"),
        rows,
        podium: last,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::tournaments::BoardView;
    use crate::store::{Board, Pace, PairingId, TimeControl, TournamentId};

    fn tournament() -> Tournament {
        Tournament {
            id: TournamentId(u32::MAX.into()),
            guild_id: u64::MAX,
            channel_id: u64::MAX,
            director_id: u64::MAX,
            name: "W".repeat(64),
            format: Format::Swiss,
            rounds: Some(50),
            time_control: TimeControl::Days(3),
            rules: crate::rules::Rules::CLASSIC,
            rated: true,
            starts_at: None,
            max_players: None,
            pace: Pace::Next,
            round_every: None,
            status: TournamentStatus::Running,
            paused: false,
            current_round: 50,
            initial_colour: None,
            message_id: None,
            created_at: 0,
            started_at: None,
            finished_at: None,
        }
    }

    /// Issue 32: the SB column mixed `2.25` with `½`. Every value the tie-breaks of a game
    /// of whole, half and quarter points can take is written in whole points and fractions;
    /// only an average (a rating) keeps decimals.
    #[test]
    fn tie_breaks_are_written_in_quarters_as_the_scores_are() {
        let cases = [
            (0.0, "0"),
            (0.25, "¼"),
            (0.5, "½"),
            (0.75, "¾"),
            (2.25, "2¼"),
            (7.5, "7½"),
            (10.75, "10¾"),
            (12.0, "12"),
            (1_466.333_333, "1466.33"),
        ];
        for (value, written) in cases {
            assert_eq!(tie_break_value(value), written, "{value}");
        }
        for quarters in 0..400u32 {
            let written = tie_break_value(f64::from(quarters) / 4.0);
            assert!(!written.contains('.'), "{quarters}/4 as {written}");
        }
    }

    /// Issue 32: the standings post had no rows. A field of any size gets its text table
    /// within Discord's limit: every line when it fits, else as many as fit and a note of how
    /// many more there are.
    #[test]
    fn the_standings_text_fits_one_message_with_a_note_for_the_rest() {
        use crate::pairing::tiebreak;
        use crate::service::tournaments::{StandingRow, Standings};
        use crate::store::EntrantStatus;
        let standings = |players: u32| Standings {
            tournament: tournament(),
            complete_rounds: 50,
            tie_breaks: tiebreak::SWISS.to_vec(),
            rows: (1..=players)
                .map(|i| StandingRow {
                    rank: i,
                    shared: false,
                    user: Named {
                        id: u64::MAX - u64::from(i),
                        name: None,
                    },
                    number: i,
                    half_points: 100 - i.min(100),
                    tie_breaks: vec![1234.25; tiebreak::SWISS.len()],
                    cells: vec![Cell::Bye { half_points: 2 }; 50],
                    status: EntrantStatus::Playing,
                })
                .collect(),
        };
        for lang in Lang::all() {
            for (players, all_shown) in [(3, true), (1000, false)] {
                let s = standings(players);
                let text = standings_text(lang, &s, &s.rows, false);
                let len = super::super::message_len(&text);
                assert!(len <= super::super::MESSAGE_LIMIT, "{players}: {len}");
                let words = text.words();
                let lines = words.lines().count();
                if all_shown {
                    assert_eq!(lines, 1 + players as usize, "{words}");
                } else {
                    let shown = lines - 2;
                    assert!(shown >= 10, "{words}");
                    let more = players as usize - shown;
                    assert!(
                        words.lines().last().unwrap().contains(&more.to_string()),
                        "{words}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_large_round_s_pairings_fit_discord_messages() {
        let named = |id| Named { id, name: None };
        let boards: Vec<BoardView> = (0..500u64)
            .map(|i| BoardView {
                board: Board {
                    id: PairingId(i as i64),
                    tournament_id: TournamentId(1),
                    round: 50,
                    board: i as u32 + 1,
                    white_id: u64::MAX - 2 * i,
                    black_id: Some(u64::MAX - 2 * i - 1),
                    game_id: None,
                    result: None,
                    adjudicated: false,
                },
                white: named(u64::MAX - 2 * i),
                black: Some(named(u64::MAX - 2 * i - 1)),
                channel: Some(u64::MAX - i),
            })
            .collect();
        let round = RoundView {
            tournament: tournament(),
            round: 50,
            boards,
        };
        for lang in Lang::all() {
            let messages = pairings(lang, &round);
            assert_eq!(messages.len(), 25);
            for m in &messages {
                let len = super::super::message_len(m);
                assert!(len <= super::super::MESSAGE_LIMIT, "{len}");
            }
        }
    }
}
