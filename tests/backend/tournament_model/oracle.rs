//! The small model the random events are checked against. It knows nothing of how the service
//! pairs, scores or words an event: it keeps what the test did (who joined, who left, how each
//! game ended), predicts what each board's result must be and what each player must score, and
//! checks the service's pairings, standings, letters and exports against that and against the
//! rules' invariants.
// Longer than 400 lines: one model of a tournament's events, whose predictions depend on each
// other.

use std::collections::{HashMap, HashSet};

use focus_bot::i18n::Lang;
use focus_bot::pairing::{self, System};
use focus_bot::service::Letter;
use focus_bot::service::tournaments::{Cell, Standings, TournamentNews};
use focus_bot::store::{Board, BoardResult, Format, PairingId, Tournament, TournamentStatus};
use focus_bot::text::{Piece, Text};

/// Players per page of the standings, as the app posts them (`app::STANDINGS_PAGE`).
pub const STANDINGS_PAGE: usize = 16;

/// Where a player stands, as the model saw it happen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// Paired in every round from `first_round`.
    Playing,
    /// Left, was removed, or lost on time without moving: paired no more.
    Gone,
}

/// One player, as the model knows them.
#[derive(Clone, Debug)]
pub struct Player {
    /// The user.
    pub id: u64,
    /// The first round they may be paired in (a late joiner's missed rounds score ½ each).
    pub first_round: u32,
    /// Playing or gone.
    pub standing: Standing,
}

/// A broken invariant: its name and what was seen.
#[derive(Debug)]
pub struct Broken {
    /// The invariant, as the issue words it.
    pub invariant: &'static str,
    /// What was seen.
    pub detail: String,
}

impl std::fmt::Display for Broken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "[{}] {}", self.invariant, self.detail)
    }
}

/// Fails the check with `invariant` and `detail`.
pub fn broken<T>(invariant: &'static str, detail: impl Into<String>) -> Result<T, Broken> {
    Err(Broken {
        invariant,
        detail: detail.into(),
    })
}

/// Checks `cond`, else fails with `invariant` and the detail `why` gives.
pub fn ensure(
    cond: bool,
    invariant: &'static str,
    why: impl FnOnce() -> String,
) -> Result<(), Broken> {
    if cond {
        Ok(())
    } else {
        broken(invariant, why())
    }
}

pub const ENDS: &str = "every event ends, finished or cancelled, once its games end";
pub const PAIRED_ONCE: &str =
    "no player is paired twice in a round, and withdrawn players are not paired";
pub const STANDINGS: &str = "standings after round N count rounds 1 to N only";
pub const PODIUM: &str = "the podium, the text and the picture agree";
pub const EXPORT: &str = "an export at any moment re-pairs every complete round identically";
pub const ROUNDS: &str = "no message names a round that does not exist";
pub const RESULTS: &str = "each board's result is the one its game ended with";
pub const ANSWERS: &str = "a request is accepted or refused as the model expects";
pub const NEVER_ABORTED: &str = "a tournament game is never said to be aborted";

/// The model of one event.
#[derive(Debug)]
pub struct Model {
    /// The format.
    pub format: Format,
    /// Every player who joined (and did not leave before the start), in joining order.
    pub players: Vec<Player>,
    /// The result each board must have, by what the test did (byes when paired).
    pub expected: HashMap<PairingId, BoardResult>,
    /// Rounds whose pairings were checked.
    pub checked_rounds: u32,
    /// Final standings were posted.
    pub podium_posted: bool,
}

impl Model {
    /// An event of `format`, without players yet.
    pub fn new(format: Format) -> Model {
        Model {
            format,
            players: Vec::new(),
            expected: HashMap::new(),
            checked_rounds: 0,
            podium_posted: false,
        }
    }

    /// The player `id`.
    pub fn player(&mut self, id: u64) -> Option<&mut Player> {
        self.players.iter_mut().find(|p| p.id == id)
    }

    /// The points (halves) the model gives `user` after rounds `1..=n` of `boards`.
    pub fn points_after(&self, boards: &[Board], user: u64, n: u32) -> Option<u32> {
        let player = self.players.iter().find(|p| p.id == user)?;
        let mut half = 0;
        for round in 1..=n {
            if round < player.first_round {
                half += 1;
                continue;
            }
            let Some(b) = boards
                .iter()
                .find(|b| b.round == round && (b.white_id == user || b.black_id == Some(user)))
            else {
                continue;
            };
            let result = self.expected.get(&b.id).copied()?;
            half += match (b.black_id, result) {
                (None, _) if self.format == Format::Swiss => 2,
                (None, _) => 0,
                (Some(_), r) if b.white_id == user => white_half(r),
                (Some(_), r) => black_half(r),
            };
        }
        Some(half)
    }

    /// Checks the rounds paired since the last check: nobody twice in a round, only players
    /// still playing whose first round has come, everyone of them in a Swiss, at most one bye.
    /// The byes are expected to score as byes from now on.
    pub fn check_new_rounds(&mut self, t: &Tournament, boards: &[Board]) -> Result<(), Broken> {
        ensure(
            t.rounds.is_none_or(|r| t.current_round <= r),
            PAIRED_ONCE,
            || format!("round {} paired of {:?} planned", t.current_round, t.rounds),
        )?;
        for round in self.checked_rounds + 1..=t.current_round {
            let this: Vec<&Board> = boards.iter().filter(|b| b.round == round).collect();
            let mut seen = HashSet::new();
            for b in &this {
                let playing = |user: u64| {
                    self.players
                        .iter()
                        .any(|p| p.id == user && p.standing == Standing::Playing)
                };
                for user in std::iter::once(b.white_id).chain(b.black_id) {
                    ensure(seen.insert(user), PAIRED_ONCE, || {
                        format!("round {round}: player {user} paired twice: {this:?}")
                    })?;
                    let player = self.players.iter().find(|p| p.id == user);
                    ensure(player.is_some(), PAIRED_ONCE, || {
                        format!("round {round}: {user} is paired, and never joined")
                    })?;
                    // A round-robin's table keeps a player who left: their board is a
                    // forfeit, without a game (below).
                    ensure(
                        playing(user) || self.format != Format::Swiss,
                        PAIRED_ONCE,
                        || format!("round {round}: player {user} is paired but {player:?}"),
                    )?;
                    ensure(
                        player.is_some_and(|p| p.first_round <= round),
                        PAIRED_ONCE,
                        || {
                            format!(
                                "round {round}: player {user} paired before joining: {player:?}"
                            )
                        },
                    )?;
                }
                match b.black_id {
                    None => {
                        self.expected.insert(b.id, BoardResult::Bye);
                    }
                    Some(black) if !playing(b.white_id) || !playing(black) => {
                        let forfeit = match (playing(b.white_id), playing(black)) {
                            (true, false) => BoardResult::WhiteForfeit,
                            (false, true) => BoardResult::BlackForfeit,
                            _ => BoardResult::DoubleForfeit,
                        };
                        ensure(b.game_id.is_none(), PAIRED_ONCE, || {
                            format!(
                                "round {round}: a game was started for a player who left: {b:?}"
                            )
                        })?;
                        self.expected.insert(b.id, forfeit);
                    }
                    Some(_) => {}
                }
            }
            if self.format == Format::Swiss {
                self.check_swiss_round(round, &this, boards)?;
            }
            let byes = this.iter().filter(|b| b.black_id.is_none()).count();
            if self.format == Format::Swiss {
                let due: HashSet<u64> = self
                    .players
                    .iter()
                    .filter(|p| p.standing == Standing::Playing && p.first_round <= round)
                    .map(|p| p.id)
                    .collect();
                ensure(seen == due, PAIRED_ONCE, || {
                    format!("round {round} pairs {seen:?}, the players due are {due:?}")
                })?;
                ensure(byes == due.len() % 2, PAIRED_ONCE, || {
                    format!("round {round}: {byes} byes for {} players", due.len())
                })?;
            } else {
                ensure(byes <= 1, PAIRED_ONCE, || {
                    format!("round {round}: {byes} rests")
                })?;
            }
        }
        self.checked_rounds = self.checked_rounds.max(t.current_round);
        Ok(())
    }

    /// C.04.1's absolute criteria for a Swiss round: no two players meet again after a game
    /// played over the board (a forfeit is not one), and the pairing-allocated bye goes to no
    /// one who had it, or a win without playing, before.
    fn check_swiss_round(
        &self,
        round: u32,
        this: &[&Board],
        boards: &[Board],
    ) -> Result<(), Broken> {
        let before = |b: &&Board| b.round < round;
        for b in this {
            match b.black_id {
                Some(black) => {
                    let met = boards.iter().filter(before).find(|old| {
                        let pair = [Some(old.white_id), old.black_id];
                        pair.contains(&Some(b.white_id))
                            && pair.contains(&Some(black))
                            && self.expected.get(&old.id).is_some_and(|r| r.played())
                    });
                    ensure(met.is_none(), PAIRED_ONCE, || {
                        format!("round {round}: {b:?} meets again after {met:?}")
                    })?;
                }
                None => {
                    let user = b.white_id;
                    let earlier = boards.iter().filter(before).find(|old| {
                        let result = self.expected.get(&old.id).copied();
                        (old.white_id == user
                            && matches!(result, Some(BoardResult::Bye | BoardResult::WhiteForfeit)))
                            || (old.black_id == Some(user)
                                && result == Some(BoardResult::BlackForfeit))
                    });
                    ensure(earlier.is_none(), PAIRED_ONCE, || {
                        format!(
                            "round {round}: the bye goes to {user}, who scored without playing in {earlier:?}"
                        )
                    })?;
                }
            }
        }
        Ok(())
    }

    /// Every board's stored result is the one the model expects, and none is missing.
    pub fn check_results(&self, boards: &[Board]) -> Result<(), Broken> {
        for b in boards {
            let expected = self.expected.get(&b.id).copied();
            ensure(b.result == expected, RESULTS, || {
                format!(
                    "round {} board {}: stored {:?}, expected {expected:?}",
                    b.round, b.board, b.result
                )
            })?;
        }
        Ok(())
    }

    /// Standings that say "after round N" (`complete_rounds`) score rounds 1 to N only, each
    /// player as the model counts, in order of score, ranked consistently.
    pub fn check_standings(&self, s: &Standings, boards: &[Board]) -> Result<(), Broken> {
        let n = s.complete_rounds;
        let complete = |r: u32| {
            let mut of_round = boards.iter().filter(|b| b.round == r).peekable();
            of_round.peek().is_some()
                && boards
                    .iter()
                    .filter(|b| b.round == r)
                    .all(|b| b.result.is_some())
        };
        ensure((1..=n).all(complete), STANDINGS, || {
            format!("standings after round {n}, but not every round to {n} is complete")
        })?;
        for row in &s.rows {
            let expected = self.points_after(boards, row.user.id, n);
            ensure(expected == Some(row.half_points), STANDINGS, || {
                format!(
                    "after round {n}: player {} has {} half points, the model counts {expected:?} \
                     (cells {:?})",
                    row.user.id, row.half_points, row.cells
                )
            })?;
        }
        // Each game's cell names its opponent by a rank that is one row, the opponent's.
        for row in &s.rows {
            for (i, cell) in row.cells.iter().enumerate() {
                let Cell::Game { opponent, .. } = cell else {
                    continue;
                };
                let round = i as u32 + 1;
                let Some(b) = boards.iter().find(|b| {
                    b.round == round
                        && (b.white_id == row.user.id || b.black_id == Some(row.user.id))
                }) else {
                    return broken(STANDINGS, format!("a game cell without a board: {row:?}"));
                };
                let theirs = if b.white_id == row.user.id {
                    b.black_id
                } else {
                    Some(b.white_id)
                };
                let named: Vec<u64> = s
                    .rows
                    .iter()
                    .filter(|r| r.rank == *opponent)
                    .map(|r| r.user.id)
                    .collect();
                ensure(
                    named.len() == 1 && Some(named[0]) == theirs,
                    STANDINGS,
                    || {
                        format!(
                            "round {round}: {} met {theirs:?}, and the table names rank \
                             {opponent}: {named:?}",
                            row.user.id
                        )
                    },
                )?;
            }
        }
        for (i, pair) in s.rows.windows(2).enumerate() {
            let (a, b) = (&pair[0], &pair[1]);
            ensure(a.half_points >= b.half_points, STANDINGS, || {
                format!("rows out of order: {a:?} above {b:?}")
            })?;
            // A tie shares the rank above, or every line has its own (the row's number).
            let tied = a.half_points == b.half_points && a.tie_breaks == b.tie_breaks;
            let own = b.rank == i as u32 + 2;
            ensure(
                b.shared == tied && (own || (tied && b.rank == a.rank)),
                STANDINGS,
                || format!("ranks {a:?} then {b:?}"),
            )?;
        }
        Ok(())
    }
}

fn white_half(r: BoardResult) -> u32 {
    match r {
        BoardResult::White | BoardResult::WhiteForfeit | BoardResult::Bye => 2,
        BoardResult::Draw => 1,
        _ => 0,
    }
}

fn black_half(r: BoardResult) -> u32 {
    match r {
        BoardResult::Black | BoardResult::BlackForfeit => 2,
        BoardResult::Draw => 1,
        _ => 0,
    }
}

/// The podium of the final standings: the caption's medals (🥇 🥈 🥉, each followed by the
/// players it names), the text's lines and the picture's rows agree, in the tie-break order,
/// in every language; the picture draws.
pub fn check_podium(s: &Standings, render: bool) -> Result<(), Broken> {
    let order: Vec<u64> = s.rows.iter().map(|r| r.user.id).collect();
    for lang in Lang::all() {
        let caption = focus_bot::strings::tournaments::standings_caption(lang, s, true);
        let medals = medal_groups(&caption);
        let data = focus_bot::strings::tournaments::crosstable(lang, s, 1, STANDINGS_PAGE);
        ensure(data.podium, PODIUM, || {
            format!(
                "the final picture has no podium: {:?} after round {} of {} paired, rows {:?}",
                s.tournament.status,
                s.complete_rounds,
                s.tournament.current_round,
                s.rows
                    .iter()
                    .map(|r| (r.user.id, r.half_points, &r.cells))
                    .collect::<Vec<_>>()
            )
        })?;
        let name_of = |id: u64| {
            s.rows
                .iter()
                .find(|r| r.user.id == id)
                .and_then(|r| r.user.name.clone())
        };
        let picture: Vec<(u32, Option<u64>)> = data
            .rows
            .iter()
            .map(|row| {
                let id = order
                    .iter()
                    .copied()
                    .find(|&id| name_of(id).as_deref() == Some(row.name.as_str()));
                (row.rank, id)
            })
            .collect();
        let drawn: Vec<Option<u64>> = picture.iter().map(|&(_, id)| id).collect();
        let first_page: Vec<Option<u64>> = order
            .iter()
            .take(STANDINGS_PAGE)
            .map(|&id| Some(id))
            .collect();
        ensure(drawn == first_page, PODIUM, || {
            format!("the picture's rows {drawn:?}, the standings' order {order:?}")
        })?;
        let mut lines = Vec::new();
        for row in &s.rows {
            let line = Text::from_marked(&focus_bot::strings::tournaments::standing_line(
                lang, s, row, true,
            ));
            lines.push(line.users().first().copied());
        }
        let ordered: Vec<Option<u64>> = order.iter().map(|&id| Some(id)).collect();
        ensure(lines == ordered, PODIUM, || {
            format!("the text's lines {lines:?}, the standings' order {order:?}")
        })?;
        let mut by_medal: [Vec<u64>; 3] = Default::default();
        for &(rank, id) in &picture {
            if (1..=3).contains(&rank) {
                by_medal[rank as usize - 1].push(id.unwrap_or(0));
            }
        }
        ensure(medals == by_medal, PODIUM, || {
            format!(
                "{lang:?}: the text's podium {medals:?}, the picture's {by_medal:?} \
                 (ranks {:?}; caption {:?})",
                picture,
                caption.words()
            )
        })?;
    }
    if render {
        let file = focus_bot::app::standings_picture(Lang::ENGLISH, s, 1);
        ensure(
            file.as_ref()
                .is_some_and(|f| f.bytes.starts_with(b"\x89PNG\r\n\x1a\n")),
            PODIUM,
            || "the final standings picture was not drawn".into(),
        )?;
    }
    Ok(())
}

/// The users named after each medal of a caption, in order.
fn medal_groups(caption: &Text) -> [Vec<u64>; 3] {
    let mut groups: [Vec<u64>; 3] = Default::default();
    let mut medal: Option<usize> = None;
    for span in caption.spans() {
        match &span.piece {
            Piece::Plain(words) => {
                for c in words.chars() {
                    medal = match c {
                        '🥇' => Some(0),
                        '🥈' => Some(1),
                        '🥉' => Some(2),
                        _ => medal,
                    };
                }
            }
            Piece::User(id) => {
                if let Some(m) = medal {
                    groups[m].push(*id);
                }
            }
            _ => {}
        }
    }
    groups
}

/// Every message a letter posts, in every language.
pub fn letter_texts(letter: &Letter) -> Vec<(Lang, Text)> {
    let mut texts = Vec::new();
    for lang in Lang::all() {
        match letter {
            Letter::Tournament { news, .. } => {
                for text in focus_bot::strings::tournaments::news(lang, news) {
                    texts.push((lang, text));
                }
            }
            _ => texts.push((lang, focus_bot::strings::letters::text(lang, letter))),
        }
    }
    texts
}

/// The rounds a text names, with the planned rounds where it says them: `round 3 of 5`,
/// `after round 2`, `Round 0 of 3`; «3-й тур из 5», «после 2-го тура», «в 1-м туре».
pub fn rounds_named(words: &str) -> Vec<(u32, Option<u32>)> {
    let mut found = Vec::new();
    let lower = words.to_lowercase();
    if !lower.contains("round") && !lower.contains("тур") {
        return found;
    }
    // English: "round N", then maybe " of M".
    let mut rest = lower.as_str();
    while let Some(at) = rest.find("round ") {
        rest = &rest[at + "round ".len()..];
        if let Some((n, after)) = number(rest) {
            let of = after.strip_prefix(" of ").and_then(number).map(|(m, _)| m);
            found.push((n, of));
        }
    }
    // Russian: "N-й тур", "N-го тура", "N-м туре", then maybe " из M".
    if !lower.contains("тур") {
        return found;
    }
    let chars: Vec<char> = lower.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_ascii_digit() && (i == 0 || !chars[i - 1].is_ascii_digit()) {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            let n: String = chars[start..i].iter().collect();
            let tail: String = chars[i..].iter().take(40).collect();
            if let Some(suffix) = tail.strip_prefix('-') {
                let word_end = suffix.find(' ').unwrap_or(suffix.len());
                if suffix[word_end..].trim_start().starts_with("тур") {
                    let after = &suffix[word_end..];
                    let of = after
                        .find(" из ")
                        .filter(|&k| k < 12)
                        .and_then(|k| number(&after[k + " из ".len()..]))
                        .map(|(m, _)| m);
                    if let Ok(n) = n.parse() {
                        found.push((n, of));
                    }
                }
            }
        } else {
            i += 1;
        }
    }
    found
}

fn number(s: &str) -> Option<(u32, &str)> {
    let end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    if end == 0 {
        return None;
    }
    Some((s[..end].parse().ok()?, &s[end..]))
}

/// Every round a text names exists: from 1 to the rounds paired so far, and no more than the
/// planned rounds it names with it.
pub fn check_rounds_named(
    what: &str,
    lang: Lang,
    text: &Text,
    t: &Tournament,
) -> Result<(), Broken> {
    let words = text.words();
    for (round, of) in rounds_named(&words) {
        ensure(
            round >= 1 && round <= t.current_round && of.is_none_or(|m| round <= m),
            ROUNDS,
            || {
                format!(
                    "{what} ({lang:?}) names round {round} (of {of:?}); {} rounds paired, \
                     {:?} planned, {:?}: {words:?}",
                    t.current_round, t.rounds, t.status
                )
            },
        )?;
    }
    Ok(())
}

/// A letter's texts name no round that does not exist, and no tournament game's letter says
/// it would be aborted; standings letters count as the model does; the final one agrees with
/// its picture.
pub fn check_letter(
    model: &mut Model,
    letter: &Letter,
    t: &Tournament,
    boards: &[Board],
) -> Result<(), Broken> {
    for (lang, text) in letter_texts(letter) {
        check_rounds_named("a letter", lang, &text, t)?;
        if lang == Lang::ENGLISH
            && let Letter::Post { news, .. } | Letter::Direct { news, .. } = letter
            && news.game().is_some_and(|g| g.tournament_id.is_some())
        {
            let words = text.words().to_lowercase();
            ensure(!words.contains("abort"), NEVER_ABORTED, || {
                format!("a letter about a tournament game: {words:?}")
            })?;
        }
    }
    if let Letter::Tournament { news, .. } = letter {
        match &**news {
            TournamentNews::RoundOver(s) => {
                ensure(s.complete_rounds >= 1, STANDINGS, || {
                    "standings posted after round 0".into()
                })?;
                model.check_standings(s, boards)?;
            }
            TournamentNews::Finished(s) => {
                model.check_standings(s, boards)?;
                check_podium(s, false)?;
                model.podium_posted = true;
            }
            TournamentNews::Paired(_) => {}
        }
    }
    Ok(())
}

/// The TRF export re-pairs every complete round (every board has its result) identically.
pub fn check_export(trf: &str, t: &Tournament, boards: &[Board]) -> Result<(), Broken> {
    let read = match pairing::trf::parse(trf) {
        Ok(read) => read,
        Err(e) => return broken(EXPORT, format!("the export does not parse: {e}\n{trf}")),
    };
    let system = match t.format {
        Format::Swiss => System::Dutch,
        _ => System::RoundRobin,
    };
    let complete = complete_rounds(t, boards);
    for check in pairing::check(&read, system) {
        if complete.contains(&check.round) {
            ensure(check.identical(), EXPORT, || {
                format!(
                    "round {} re-pairs differently: {check:?}\n{trf}",
                    check.round
                )
            })?;
        }
    }
    Ok(())
}

/// The rounds every board of which has its result.
pub fn complete_rounds(t: &Tournament, boards: &[Board]) -> Vec<u32> {
    (1..=t.current_round)
        .filter(|&r| {
            boards.iter().any(|b| b.round == r)
                && boards
                    .iter()
                    .filter(|b| b.round == r)
                    .all(|b| b.result.is_some())
        })
        .collect()
}

/// Whether the event is over.
pub fn over(t: &Tournament) -> bool {
    matches!(
        t.status,
        TournamentStatus::Finished | TournamentStatus::Cancelled
    )
}
