//! The offline console: the same game service as the Discord bot, driven from a terminal by
//! lines such as `alice: /focus challenge opponent:bob`, `bob: accept`,
//! `alice: /focus move c4-d4`. Every reply is printed; every board picture is written to the
//! output folder and its path printed. It is how someone without a Discord token tries the bot.

mod script;

use std::collections::HashMap;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub use script::{Line, LineError, parse};

use crate::i18n::Lang;
use crate::rules::{Color, Rules};
use crate::service::{
    Board, ChallengeRequest, Clock, Delivery, DrawReport, GameService, Letter, Members, MoveTerms,
    Place, Postman, ServiceError, SystemClock, User, coin_toss,
};
use crate::store::{AsyncStore, ChallengeId, ColorChoice, GameId, NoticeId};
use crate::strings::{self, Localized};
use crate::tr;

/// The console's one server; channels are named with `#name` (default `#general`).
const GUILD: u64 = 1;

/// The console's time: the system clock plus the time skipped with `wait`.
#[derive(Debug, Default)]
struct ConsoleClock {
    skipped: std::sync::atomic::AtomicI64,
}

impl Clock for ConsoleClock {
    fn now(&self) -> i64 {
        SystemClock.now() + self.skipped.load(std::sync::atomic::Ordering::SeqCst)
    }

    fn now_ms(&self) -> i64 {
        let skipped = self.skipped.load(std::sync::atomic::Ordering::SeqCst);
        SystemClock.now_ms() + skipped.saturating_mul(1_000)
    }
}

/// Collects the letters the service sends on its own, for the console to print.
#[derive(Default)]
struct Mailbox(std::sync::Mutex<Vec<Letter>>);

impl Postman for Mailbox {
    async fn deliver(&self, _: NoticeId, letter: &Letter) -> Delivery {
        match self.0.lock() {
            Ok(mut letters) => {
                letters.push(letter.clone());
                Delivery::Sent
            }
            Err(_) => Delivery::Failed("the console's mailbox is poisoned".to_owned()),
        }
    }
}

/// In the console everyone who ever played is still on the server.
struct Everyone;

impl Members for Everyone {
    async fn is_member(&self, _: u64, _: u64) -> Option<bool> {
        Some(true)
    }
}

/// A console session: the service, the users seen, where pictures go.
pub struct Console {
    service: GameService,
    clock: Arc<ConsoleClock>,
    /// Channel names by id, to say where a notice went: this session's and, once read from
    /// the store, earlier sessions'.
    channels: HashMap<u64, String>,
    /// Whether `channels` has the names earlier sessions stored.
    channels_loaded: bool,
    out_dir: PathBuf,
    names: HashMap<u64, String>,
    channel: String,
    moderators: Vec<String>,
    pictures: usize,
    /// The language of everything the console prints (`--locale`).
    lang: Lang,
}

/// A stable id for a console user name (the same name is the same player across runs).
pub fn user_id(name: &str) -> u64 {
    // FNV-1a, then set a high bit so ids look like Discord snowflakes and never collide with
    // channel ids below.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in name.to_lowercase().bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    h | (1 << 62)
}

/// A stable id for a channel name.
fn channel_id(name: &str) -> u64 {
    user_id(&format!("#{name}")) & !(1 << 62) | (1 << 61)
}

impl Console {
    /// A console over `store`, writing pictures to `out_dir` (created if missing), speaking
    /// `lang`. Users named in `moderators` may abort any game.
    ///
    /// # Errors
    /// When `out_dir` cannot be created.
    pub fn new(
        store: AsyncStore,
        out_dir: &Path,
        moderators: Vec<String>,
        lang: Lang,
    ) -> std::io::Result<Console> {
        std::fs::create_dir_all(out_dir)?;
        let clock = Arc::new(ConsoleClock::default());
        Ok(Console {
            service: GameService::new(store, clock.clone()),
            clock,
            channels: HashMap::new(),
            channels_loaded: false,
            out_dir: out_dir.to_owned(),
            names: HashMap::new(),
            channel: "general".to_owned(),
            moderators,
            pictures: 0,
            lang,
        })
    }

    /// The same console analysing games with about `nodes` nodes a position (the bot's effort
    /// by default; tests, whose engine is unoptimised, use less).
    pub fn with_analysis_nodes(mut self, nodes: u64) -> Console {
        self.service = self.service.with_analysis_nodes(nodes);
        self
    }

    /// Reads lines from `input` until it ends or says `quit`, writing replies to `out`.
    ///
    /// # Errors
    /// Reading or writing the streams.
    pub async fn run(&mut self, input: impl BufRead, out: &mut impl Write) -> std::io::Result<()> {
        for line in input.lines() {
            let line = line?;
            if matches!(line.trim(), "quit" | "exit") {
                break;
            }
            let reply = self.handle(&line).await;
            for text in reply {
                writeln!(out, "{text}")?;
            }
            out.flush()?;
        }
        Ok(())
    }

    /// Handles one line: the lines to print.
    pub async fn handle(&mut self, text: &str) -> Vec<String> {
        // `help` and `wait …` concern the session, not a player: no name needed.
        let bare = text.trim();
        let text = if bare == "help" || bare.starts_with("wait ") {
            format!("console: {bare}")
        } else {
            text.to_owned()
        };
        let text = in_english(self.lang, &text);
        let line = match parse(&text) {
            Ok(Some(line)) => line,
            Ok(None) => return Vec::new(),
            Err(error) => {
                let id = match error {
                    LineError::NoName => "console-no-name",
                    LineError::BadName => "console-bad-name",
                };
                let help = crate::i18n::tr(self.lang, id, &[]);
                return vec![tr!(self.lang, "console-line-error", error = help)];
            }
        };
        if matches!(line.command.as_str(), "help" | "") {
            return vec![help(self.lang)];
        }
        if let Some(channel) = &line.channel {
            self.channel = channel.clone();
        }
        let user = self.user(&line.user);
        if let Err(err) = self.know_channel().await {
            return vec![self.refusal(&user, &err.into())];
        }
        let place = Place {
            guild_id: GUILD,
            channel_id: channel_id(&self.channel),
        };
        let mut lines = match self.dispatch(&line, &user, place).await {
            Ok(lines) => lines,
            Err(err) => vec![self.refusal(&user, &err)],
        };
        // What the bot sends on its own follows at once, as the bot's sweeper would send it:
        // a turn DM after a move, a game whose deadline passed while the console was closed.
        if line.command != "wait" {
            match self.sweep().await {
                Ok(more) => lines.extend(more),
                Err(err) => lines.push(self.refusal(&user, &err)),
            }
        }
        self.name_the_unnamed(lines).await
    }

    /// Makes the current channel known by its name, to this session and to later ones on the
    /// same database (the store remembers it: channel ids are hashes of the names, which cannot
    /// be read back); the first time, learns the names that earlier sessions remembered.
    ///
    /// # Errors
    /// A store failure.
    async fn know_channel(&mut self) -> Result<(), crate::store::StoreError> {
        let store = self.service.store();
        if !self.channels_loaded {
            let earlier = store.call(|s| s.channel_names()).await?;
            for (id, name) in earlier {
                self.channels.entry(id).or_insert(name);
            }
            self.channels_loaded = true;
        }
        let id = channel_id(&self.channel);
        if self.channels.get(&id) != Some(&self.channel) {
            let name = self.channel.clone();
            self.channels.insert(id, name.clone());
            store
                .call(move |s| s.remember_channel_name(id, &name))
                .await?;
        }
        Ok(())
    }

    /// Mentions of players not seen in this session (`<@id>`, from an earlier session on the
    /// same database) written with the names the store remembers.
    async fn name_the_unnamed(&mut self, lines: Vec<String>) -> Vec<String> {
        let mut unknown = Vec::new();
        for line in &lines {
            let mut rest = line.as_str();
            while let Some(start) = rest.find("<@") {
                let digits: String = rest[start + 2..]
                    .chars()
                    .take_while(char::is_ascii_digit)
                    .collect();
                rest = &rest[start + 2 + digits.len()..];
                if let Ok(id) = digits.parse::<u64>()
                    && rest.starts_with('>')
                    && !self.names.contains_key(&id)
                    && !unknown.contains(&id)
                {
                    unknown.push(id);
                }
            }
        }
        if unknown.is_empty() {
            return lines;
        }
        for id in unknown {
            if let Ok(Some(name)) = self.service.store().call(move |s| s.name(id)).await {
                self.names.insert(id, name);
            }
        }
        lines.iter().map(|line| self.readable(line)).collect()
    }

    /// A refusal or failure, told to `user` only (a failure of the bot with its details: the
    /// console's user is also its operator).
    fn refusal(&self, user: &User, err: &ServiceError) -> String {
        let text = if err.for_users() {
            err.localized(self.lang)
        } else {
            format!("{} ({err})", strings::internal_error(self.lang))
        };
        tr!(
            self.lang,
            "console-private",
            channel = self.channel.as_str(),
            user = user.name.as_str(),
            text = text
        )
    }

    /// The bot itself, as the console plays it: the user named `bot`.
    fn bot(&mut self) -> User {
        User {
            is_bot: true,
            ..self.user(BOT_NAME)
        }
    }

    fn user(&mut self, name: &str) -> User {
        let id = user_id(name);
        self.names.insert(id, name.to_owned());
        User::new(id, name)
    }

    /// `<@id>` mentions written as `@name`, `<#id>` as `#name` and Discord timestamps
    /// `<t:unix:…>` as a time from now (`in 2d 4h`), for the terminal.
    fn readable(&self, text: &str) -> String {
        let mut out = text.to_owned();
        for (id, name) in &self.names {
            out = out.replace(&strings::mention(*id), &format!("@{name}"));
        }
        for (id, name) in &self.channels {
            out = out.replace(&format!("<#{id}>"), &format!("#{name}"));
        }
        let now = self.clock.now();
        while let Some(start) = out.find("<t:") {
            let Some(len) = out[start..].find('>') else {
                break;
            };
            let inner = &out[start + 3..start + len];
            let (unix, style) = inner.split_once(':').unwrap_or((inner, "f"));
            let words = match unix.parse::<i64>() {
                Ok(t) if style == "R" => from_now(self.lang, t - now),
                Ok(t) => utc(t),
                Err(_) => inner.to_owned(),
            };
            out.replace_range(start..=start + len, &words);
        }
        out
    }

    fn public(&self, text: &str) -> String {
        tr!(
            self.lang,
            "console-public",
            channel = self.channel.as_str(),
            text = self.readable(text)
        )
    }

    fn private(&self, user: &User, text: &str) -> String {
        tr!(
            self.lang,
            "console-private",
            channel = self.channel.as_str(),
            user = user.name.as_str(),
            text = self.readable(text)
        )
    }

    /// A line of the console's own, in its language: `id` with `args`.
    fn say(&self, id: &str, args: &[(&str, crate::i18n::Arg<'_>)]) -> String {
        crate::i18n::tr(self.lang, id, args)
    }

    async fn picture(&mut self, board: &Board) -> String {
        self.picture_from(board, Color::White).await
    }

    /// [`Console::picture`] with the board seen from `side` (from Black's, turned around).
    async fn picture_from(&mut self, board: &Board, side: Color) -> String {
        self.pictures += 1;
        let name = format!(
            "game{}-ply{}-{}.png",
            board.game.id.0, board.game.ply, self.pictures
        );
        let options = crate::render::RenderOptions {
            flipped: side == Color::Black,
            ..strings::picture::options(self.lang, board)
        };
        let png = self.service.picture(board, options).await;
        self.write_out(&name, png, "console-board")
    }

    /// Writes `bytes` (or the error that stopped them being made) to file `name` in the output
    /// folder; the line saying where, message `said` with its `path`, or why it failed.
    fn write_out(&self, name: &str, bytes: Result<Vec<u8>, ServiceError>, said: &str) -> String {
        let path = self.out_dir.join(name);
        let written = match bytes {
            Ok(bytes) => std::fs::write(&path, bytes).map_err(|e| e.to_string()),
            Err(e) => Err(e.to_string()),
        };
        let path = path.display().to_string();
        match written {
            Ok(()) => tr!(self.lang, said, path = path),
            Err(error) => tr!(
                self.lang,
                "console-board-failed",
                path = path,
                error = error
            ),
        }
    }

    async fn dispatch(
        &mut self,
        line: &Line,
        user: &User,
        place: Place,
    ) -> Result<Vec<String>, ServiceError> {
        let service = self.service.clone();
        let arg = |name: &str| {
            line.options
                .get(name)
                .cloned()
                .or_else(|| (!line.args.is_empty()).then(|| line.args.join(" ")))
        };
        match line.command.as_str() {
            "challenge" => {
                let request = match self.challenge_request(line) {
                    Ok(r) => r,
                    Err(text) => return Ok(vec![self.private(user, &text)]),
                };
                let level = match line.options.get("level").map(|l| l.trim()) {
                    None => None,
                    Some(text) => match text.parse::<i64>() {
                        Ok(n) => Some(n),
                        Err(_) => {
                            let said = tr!(self.lang, "console-not-a-level", text = text);
                            return Ok(vec![self.private(user, &said)]);
                        }
                    },
                };
                let bot = self.bot();
                if request.opponent.as_ref().is_some_and(|o| o.id == bot.id) {
                    let level = level.unwrap_or(i64::from(crate::service::DEFAULT_BOT_LEVEL));
                    let board = service
                        .challenge_bot(place, user, &bot, level, request, None)
                        .await?;
                    service.bot_to_move(&board.game);
                    let text = strings::game_started(self.lang, &board);
                    return Ok(vec![self.public(&text), self.picture(&board).await]);
                }
                if level.is_some() {
                    return Err(ServiceError::LevelWithoutBot);
                }
                let view = service.challenge(place, user, request).await?;
                // The console's "message" of the challenge is its number, so that when it
                // expires the console shows its buttons being disabled, as on Discord.
                let id = view.challenge.id;
                service
                    .set_challenge_message(id, id.0.unsigned_abs())
                    .await?;
                Ok(vec![
                    self.public(&strings::challenge_posted(self.lang, &view)),
                    tr!(
                        self.lang,
                        "console-challenge-hint",
                        challenge = view.challenge.id.0.to_string()
                    ),
                ])
            }
            "accept" | "decline" | "cancel" => {
                let id = match self.challenge_id(line, user, place).await? {
                    Ok(id) => id,
                    Err(text) => return Ok(vec![self.private(user, &text)]),
                };
                match line.command.as_str() {
                    "accept" => {
                        let board = service.accept(id, user, coin_toss()).await?;
                        let text = strings::game_started(self.lang, &board);
                        Ok(vec![self.public(&text), self.picture(&board).await])
                    }
                    "decline" => {
                        let view = service.decline(id, user).await?;
                        Ok(vec![
                            self.public(&strings::challenge_closed(self.lang, &view)),
                        ])
                    }
                    _ => {
                        let view = service.cancel(id, user).await?;
                        Ok(vec![
                            self.public(&strings::challenge_closed(self.lang, &view)),
                        ])
                    }
                }
            }
            "move" => {
                let Some(text) = arg("move") else {
                    return Ok(vec![
                        self.private(user, &self.say("console-which-move", &[])),
                    ]);
                };
                // `confirm:true`: play it even if it loses at once under the mirror rule.
                let confirmed = match line.options.get("confirm").map(|c| c.to_lowercase()) {
                    None => false,
                    Some(c) if c == "true" || c == "yes" => true,
                    Some(c) if c == "false" || c == "no" => false,
                    Some(c) => {
                        let said = tr!(self.lang, "console-not-a-boolean", text = c.as_str());
                        return Ok(vec![self.private(user, &said)]);
                    }
                };
                let terms = MoveTerms {
                    seen_at: None,
                    mirror_loss_confirmed: confirmed,
                };
                let report = match service.play_with(place, user, &text, terms).await {
                    Err(error @ ServiceError::MirrorLoss { mv, .. }) => {
                        let hint = tr!(self.lang, "console-confirm-hint", move = mv.to_string());
                        return Ok(vec![self.refusal(user, &error), hint]);
                    }
                    result => result?,
                };
                let mut msg = strings::move_played(self.lang, &report);
                // `draw:true`: the move comes with a draw offer.
                if line
                    .options
                    .get("draw")
                    .is_some_and(|d| d.eq_ignore_ascii_case("true"))
                    && report.board.to_move().is_some()
                    && let DrawReport::Offered { game, by } = service.draw(place, user).await?
                {
                    msg = format!("{msg}\n{}", strings::draw_offered(self.lang, &game, by));
                }
                // Against the bot, it answers (the sweep after this line shows its move).
                service.bot_to_move(&report.board.game);
                Ok(vec![self.public(&msg), self.picture(&report.board).await])
            }
            "hint" => {
                let hint = service.hint(place, user).await?;
                Ok(vec![
                    self.private(user, &strings::hint_given(self.lang, &hint)),
                ])
            }
            "suggest" => {
                let typed = arg("move").unwrap_or_default();
                let moves: Vec<String> = service
                    .suggestions(place, user.id, &typed)
                    .await
                    .iter()
                    .map(|s| strings::suggestion(self.lang, s))
                    .collect();
                let text = tr!(self.lang, "console-suggestions", moves = moves.join(" "));
                Ok(vec![self.private(user, &text)])
            }
            "board" => {
                let side = match line.options.get("side").map(|s| s.to_lowercase()) {
                    None => None,
                    Some(s) if s == "white" => Some(Color::White),
                    Some(s) if s == "black" => Some(Color::Black),
                    Some(s) => {
                        let said = tr!(self.lang, "console-not-a-side", text = s.as_str());
                        return Ok(vec![self.private(user, &said)]);
                    }
                };
                let board = service.board(place).await?;
                let text = strings::board_caption(self.lang, &board);
                // `side:`: seen from that side, for the asker only (as on Discord).
                match side {
                    Some(side) => Ok(vec![
                        self.private(user, &text),
                        self.picture_from(&board, side).await,
                    ]),
                    None => Ok(vec![self.public(&text), self.picture(&board).await]),
                }
            }
            "resign" => {
                let board = service.resign(place, user).await?;
                Ok(vec![
                    self.public(&strings::game_ended(self.lang, &board)),
                    self.picture(&board).await,
                ])
            }
            "abort" => {
                let moderator = self
                    .moderators
                    .iter()
                    .any(|m| m.eq_ignore_ascii_case(&user.name));
                let board = service.abort(place, user, moderator).await?;
                Ok(vec![
                    self.public(&strings::game_ended(self.lang, &board)),
                    self.picture(&board).await,
                ])
            }
            "draw" => {
                let report = match line.args.first().map(String::as_str) {
                    Some("accept") | Some("decline") => {
                        let game = service.board(place).await?.game;
                        service
                            .answer_draw(game.id, user, line.args[0] == "accept")
                            .await?
                    }
                    _ => service.draw(place, user).await?,
                };
                match report {
                    DrawReport::Offered { game, by } if game.draw_offer_by.is_some() => Ok(vec![
                        self.public(&strings::draw_offered(self.lang, &game, by)),
                    ]),
                    DrawReport::Offered { game, by } => Ok(vec![
                        self.public(&strings::draw_declined(self.lang, &game, !by)),
                    ]),
                    DrawReport::Agreed(board) => Ok(vec![
                        self.public(&strings::game_ended(self.lang, &board)),
                        self.picture(&board).await,
                    ]),
                }
            }
            "takeback" => match line.args.first().map(String::as_str) {
                Some(answer @ ("accept" | "decline")) => {
                    let board = service.board(place).await?;
                    let (id, ply) = (board.game.id, board.game.ply);
                    let board = service
                        .answer_takeback(id, ply, user, answer == "accept")
                        .await?;
                    if answer == "accept" {
                        Ok(vec![
                            self.public(&strings::takeback_done(self.lang, &board)),
                            self.picture(&board).await,
                        ])
                    } else {
                        Ok(vec![self.public(&strings::takeback_declined(
                            self.lang,
                            &board.game,
                        ))])
                    }
                }
                _ => {
                    let board = service.request_takeback(place, user).await?;
                    let by = board.game.color_of(user.id).unwrap_or(Color::White);
                    Ok(vec![
                        self.public(&strings::takeback_requested(self.lang, &board, by)),
                        self.say("console-takeback-hint", &[]),
                    ])
                }
            },
            "games" => {
                let games = service.games(GUILD, user.id).await?;
                Ok(vec![
                    self.private(user, &strings::dashboard(self.lang, &games)),
                ])
            }
            "leaderboard" | "watch" => {
                let page = match arg("page") {
                    None => 1,
                    Some(text) => match text.trim().parse::<u32>() {
                        Ok(n) if n >= 1 => n,
                        _ => {
                            let said = tr!(self.lang, "console-not-a-page", text = text.as_str());
                            return Ok(vec![self.private(user, &said)]);
                        }
                    },
                };
                let text = if line.command == "watch" {
                    strings::threads::watch(self.lang, &service.watch(GUILD, page).await?)
                } else {
                    let shown = service.leaderboard(GUILD, page, &Everyone).await?;
                    strings::leaderboard(self.lang, &shown, service.now())
                };
                Ok(vec![self.public(&text)])
            }
            "stats" => {
                let name = arg("user").unwrap_or_default();
                let name = name.trim().trim_start_matches('@');
                let whom = if name.is_empty() {
                    user.clone()
                } else {
                    self.user(name)
                };
                let stats = service.stats(GUILD, whom.id, user.id).await?;
                Ok(vec![self.public(&strings::stats(self.lang, &stats))])
            }
            "moretime" => {
                let game = service.more_time(place, user).await?;
                Ok(vec![self.public(&strings::more_time_given(
                    self.lang, &game, user.id,
                ))])
            }
            "notify" => {
                let dm = match arg("dm").map(|d| d.to_lowercase()) {
                    None => None,
                    Some(d) if d == "true" || d == "yes" => Some(true),
                    Some(d) if d == "false" || d == "no" => Some(false),
                    Some(d) => {
                        let said = tr!(self.lang, "console-not-a-boolean", text = d.as_str());
                        return Ok(vec![self.private(user, &said)]);
                    }
                };
                let settings = service.notify(user.id, dm).await?;
                let text =
                    strings::notify_setting(self.lang, settings.dm_notifications, dm.is_some());
                Ok(vec![self.private(user, &text)])
            }
            "wait" => {
                let Some(seconds) = arg("time").as_deref().and_then(duration) else {
                    return Ok(vec![self.private(user, &self.say("console-how-long", &[]))]);
                };
                self.clock
                    .skipped
                    .fetch_add(seconds, std::sync::atomic::Ordering::SeqCst);
                let passed = if seconds < 60 {
                    strings::count(self.lang, "seconds", seconds.unsigned_abs())
                } else {
                    span(self.lang, seconds)
                };
                let mut lines = vec![tr!(self.lang, "console-time-passes", span = passed)];
                lines.extend(self.sweep().await?);
                Ok(lines)
            }
            "history" | "replay" => {
                let Ok(id) = game_number(arg("game")) else {
                    return Ok(vec![
                        self.private(user, &self.say("console-game-number", &[])),
                    ]);
                };
                let h = service.history(place, user.id, id).await?;
                if line.command == "history" {
                    return Ok(vec![self.public(&strings::history(self.lang, &h, None))]);
                }
                // No attachment limit in a terminal: the file is written whatever its size.
                let options = strings::picture::replay_options(self.lang, &h);
                let gif = service.replay(&h, options, u64::MAX).await?;
                let name = format!("game{}-replay.gif", h.game.id.0);
                let shown = self.write_out(&name, Ok(gif), "console-replay");
                Ok(vec![
                    self.public(&strings::replay_caption(self.lang, &h)),
                    shown,
                ])
            }
            "analysis" => {
                let Ok(id) = game_number(arg("game")) else {
                    return Ok(vec![
                        self.private(user, &self.say("console-game-number", &[])),
                    ]);
                };
                // A terminal shows no progress line: the answer comes when the review is done.
                let analysis = service
                    .analysis(place, user.id, id, std::sync::Arc::new(|_| {}))
                    .await?;
                let png = service
                    .chart(strings::analysis::chart(self.lang, &analysis))
                    .await?;
                let name = format!("game{}-analysis.png", analysis.game().0);
                let shown = self.write_out(&name, Ok(png), "console-chart");
                Ok(vec![
                    self.public(&strings::analysis::text(self.lang, &analysis)),
                    shown,
                ])
            }
            "rules" => {
                // The text opens with the game's name: no title needed in a terminal.
                let (_, text) = strings::rules(self.lang);
                Ok(vec![self.private(user, &text)])
            }
            other => {
                let said = tr!(self.lang, "console-unknown-command", command = other);
                Ok(vec![self.private(user, &said)])
            }
        }
    }

    /// Runs the deadline sweep and prints what the bot would send on its own.
    async fn sweep(&mut self) -> Result<Vec<String>, ServiceError> {
        // The bot's moves are searched first, so that they show after the line that asked.
        self.service.bots_idle().await;
        self.service.sweep().await?;
        self.service.bots_idle().await;
        let mailbox = Mailbox::default();
        self.service.deliver(&mailbox).await?;
        let letters = mailbox.0.into_inner().unwrap_or_default();
        let mut lines = Vec::new();
        for letter in letters {
            // The console speaks one language, whatever the letter's reader would read.
            let text = self.readable(&strings::letters::text(self.lang, &letter));
            match letter {
                Letter::Post {
                    channel_id, board, ..
                } => {
                    let channel = self.channel_name(channel_id);
                    lines.push(tr!(
                        self.lang,
                        "console-public",
                        channel = channel,
                        text = text
                    ));
                    if let Some(board) = board {
                        lines.push(self.picture(&board).await);
                    }
                }
                Letter::Direct { user_id, .. } => {
                    let name = self
                        .names
                        .get(&user_id)
                        .cloned()
                        .unwrap_or_else(|| strings::mention(user_id));
                    lines.push(tr!(self.lang, "console-dm", user = name, text = text));
                }
                Letter::CloseChallenge { challenge, .. } => lines.push(tr!(
                    self.lang,
                    "console-edit-challenge",
                    channel = self.channel_name(challenge.channel_id),
                    challenge = challenge.id.0.to_string(),
                    text = text
                )),
            }
        }
        Ok(lines)
    }

    fn channel_name(&self, id: u64) -> String {
        self.channels
            .get(&id)
            .cloned()
            .unwrap_or_else(|| id.to_string())
    }

    fn challenge_request(&mut self, line: &Line) -> Result<ChallengeRequest, String> {
        let mut request = ChallengeRequest::default();
        if let Some(name) = line.options.get("opponent") {
            let name = name.trim().trim_start_matches('@');
            if name.is_empty() {
                return Err(tr!(self.lang, "console-whom"));
            }
            request.opponent = Some(self.user(name));
        }
        if let Some(rules) = line.options.get("rules") {
            request.rules = rules.parse::<Rules>().map_err(|e| e.localized(self.lang))?;
        }
        if let Some(days) = line.options.get("days") {
            request.days = Some(match days.trim() {
                "unlimited" => 0,
                days => days
                    .parse()
                    .map_err(|_| tr!(self.lang, "console-not-days", text = days))?,
            });
        }
        if let Some(minutes) = line.options.get("minutes") {
            let minutes = minutes.trim();
            request.minutes = Some(
                minutes
                    .parse()
                    .map_err(|_| tr!(self.lang, "console-not-minutes", text = minutes))?,
            );
        }
        if let Some(color) = line.options.get("color") {
            request.color = ColorChoice::from_text(&color.to_lowercase())
                .ok_or_else(|| tr!(self.lang, "console-not-a-colour", text = color.as_str()))?;
        }
        if let Some(rated) = line.options.get("rated") {
            request.rated = match rated.to_lowercase().as_str() {
                "true" | "yes" => true,
                "false" | "no" => false,
                _ => {
                    return Err(tr!(
                        self.lang,
                        "console-not-a-boolean",
                        text = rated.as_str()
                    ));
                }
            };
        }
        request.position = line.options.get("position").cloned();
        if request.position.is_some() && !line.options.contains_key("rated") {
            request.rated = false;
        }
        Ok(request)
    }

    /// The challenge a bare `accept`/`decline`/`cancel` means: the number given, else the
    /// newest open one in the channel that the user may answer (or made, for `cancel`).
    async fn challenge_id(
        &self,
        line: &Line,
        user: &User,
        place: Place,
    ) -> Result<Result<ChallengeId, String>, ServiceError> {
        if let Some(n) = line.args.first() {
            return Ok(n
                .trim_start_matches('#')
                .parse::<i64>()
                .map(ChallengeId)
                .map_err(|_| tr!(self.lang, "console-not-a-challenge", text = n.as_str())));
        }
        if line.command == "cancel" {
            let now = self.clock.now();
            let channel = place.channel_id;
            let uid = user.id;
            let open = self
                .service
                .store()
                .call(move |s| s.open_challenges(channel, now))
                .await?;
            return Ok(open
                .iter()
                .filter(|c| c.challenger_id == uid)
                .max_by_key(|c| c.created_at)
                .map(|c| c.id)
                .ok_or_else(|| tr!(self.lang, "console-no-own-challenge")));
        }
        let open = self.service.open_challenges_for(place, user).await?;
        Ok(open
            .first()
            .map(|v| v.challenge.id)
            .ok_or_else(|| tr!(self.lang, "console-no-challenge")))
    }
}

/// The game number a command names (`12` or `#12`), `None` when it names none.
///
/// # Errors
/// `Err(())` when the text is not a number.
fn game_number(text: Option<String>) -> Result<Option<GameId>, ()> {
    text.map(|t| t.trim_start_matches('#').parse::<i64>().map(GameId))
        .transpose()
        .map_err(drop)
}

/// The name the bot goes by in the console: `opponent:bot` challenges it.
const BOT_NAME: &str = "bot";

/// The console's commands and the options of each, by their English names.
const COMMANDS: [(&str, &[&str]); 18] = [
    (
        "challenge",
        &[
            "opponent", "rules", "days", "minutes", "color", "rated", "position", "level",
        ],
    ),
    ("move", &["move", "draw"]),
    ("board", &["side"]),
    ("hint", &[]),
    ("resign", &[]),
    ("draw", &[]),
    ("takeback", &[]),
    ("abort", &[]),
    ("games", &[]),
    ("moretime", &[]),
    ("notify", &["dm"]),
    ("leaderboard", &["page"]),
    ("watch", &["page"]),
    ("stats", &["user"]),
    ("history", &["game"]),
    ("replay", &["game"]),
    ("analysis", &["game"]),
    ("rules", &[]),
];

/// `line` with the slash command's words in `lang` (as a Discord client in that language shows
/// them, and as the bot's messages name them: `/фокус ход c4-d4`, `соперник:bob`,
/// `цвет:белые`) put back into the English words the console reads. English lines pass as
/// they are.
fn in_english(lang: Lang, line: &str) -> String {
    if lang == Lang::ENGLISH {
        return line.to_owned();
    }
    let say = |id: &str| crate::i18n::tr(lang, id, &[]);
    let mut words: Vec<(String, String)> =
        vec![(format!("/{}", say("command-focus")), "/focus".to_owned())];
    let mut keys: Vec<(String, String)> = Vec::new();
    for (command, options) in COMMANDS {
        let id = format!("command-{command}");
        words.push((say(&id), command.to_owned()));
        for option in options {
            keys.push((say(&format!("{id}.{option}")), (*option).to_owned()));
        }
    }
    let mut values: Vec<(String, String)> = Rules::ALL
        .into_iter()
        .map(|r| (strings::rules_name(lang, r), r.name().to_owned()))
        .collect();
    for color in ColorChoice::ALL {
        let id = format!("choice-color-{}", color.as_str());
        values.push((say(&id), color.as_str().to_owned()));
    }
    for side in ["white", "black"] {
        values.push((say(&format!("choice-side-{side}")), side.to_owned()));
    }
    let find = |list: &[(String, String)], word: &str| {
        list.iter()
            .find(|(theirs, _)| theirs.to_lowercase() == word.to_lowercase())
            .map(|(_, ours)| ours.clone())
    };
    line.split(' ')
        .map(|word| match word.split_once(':') {
            Some((key, value)) => match find(&keys, key) {
                Some(key) => format!("{key}:{}", find(&values, value).unwrap_or(value.to_owned())),
                None => word.to_owned(),
            },
            None => find(&words, word).unwrap_or_else(|| word.to_owned()),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// `2d`, `6h`, `30m`, `90s` or a bare number of seconds, as seconds (at most 365 days).
fn duration(text: &str) -> Option<i64> {
    let text = text.trim();
    let (number, unit) = match text.char_indices().last()? {
        (i, c) if c.is_ascii_alphabetic() => (&text[..i], c.to_ascii_lowercase()),
        _ => (text, 's'),
    };
    let n: i64 = number.trim().parse().ok()?;
    let scale = match unit {
        'd' => 86_400,
        'h' => 3_600,
        'm' => 60,
        's' => 1,
        _ => return None,
    };
    let seconds = n.checked_mul(scale)?;
    (1..=365 * 86_400).contains(&seconds).then_some(seconds)
}

/// Unix time `t` as `2026-12-01 16:49 UTC` (the civil calendar from days since 1970, after
/// Howard Hinnant's `civil_from_days`).
fn utc(t: i64) -> String {
    let (days, secs) = (t.div_euclid(86_400), t.rem_euclid(86_400));
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year}-{month:02}-{day:02} {:02}:{:02} UTC",
        secs / 3_600,
        secs % 3_600 / 60
    )
}

/// A span of `seconds` from now in words, to the nearest minute: `in 2d 4h`, `3h 5m ago`.
fn from_now(lang: Lang, seconds: i64) -> String {
    let s = rounded_to_minutes(seconds);
    if s == 0 {
        tr!(lang, "console-now")
    } else if seconds > 0 {
        tr!(lang, "console-in", span = span(lang, seconds))
    } else {
        tr!(lang, "console-ago", span = span(lang, seconds))
    }
}

/// `|seconds|` rounded to whole minutes, so a deadline set a second ago still reads as the
/// whole days it was given.
fn rounded_to_minutes(seconds: i64) -> u64 {
    (seconds.unsigned_abs() + 30) / 60 * 60
}

/// A span of time in words, its two largest units to the minute: `5 minutes`,
/// `3 hours 5 minutes`, `2 days 4 hours`, `1 day` (`2 дня 4 часа` in Russian).
fn span(lang: Lang, seconds: i64) -> String {
    let s = rounded_to_minutes(seconds);
    let (d, h, m) = (s / 86_400, s % 86_400 / 3_600, s % 3_600 / 60);
    let (first, second) = match (d, h) {
        (0, 0) => (("minutes", m), None),
        (0, h) => (("hours", h), Some(("minutes", m))),
        (d, h) => (("days", d), Some(("hours", h))),
    };
    let mut words = strings::count(lang, first.0, first.1);
    if let Some((unit, n)) = second.filter(|&(_, n)| n > 0) {
        words.push(' ');
        words.push_str(&strings::count(lang, unit, n));
    }
    words
}

/// What `help` prints, in `lang`.
pub fn help(lang: Lang) -> String {
    tr!(lang, "console-help")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_read_as_words() {
        assert_eq!(utc(0), "1970-01-01 00:00 UTC");
        assert_eq!(utc(951_782_400), "2000-02-29 00:00 UTC");
        assert_eq!(utc(1_796_057_340), "2026-11-30 16:49 UTC");
        let en = Lang::ENGLISH;
        assert_eq!(
            from_now(en, 2 * 86_400 + 4 * 3_600 + 59),
            "in 2 days 4 hours"
        );
        assert_eq!(from_now(en, -(3 * 3_600 + 5 * 60)), "3 hours 5 minutes ago");
        assert_eq!(from_now(en, 29), "now");
        assert_eq!(from_now(en, 3 * 86_400 - 1), "in 3 days");
        assert_eq!(from_now(en, 61), "in 1 minute");
        let ru = Lang::of_tag("ru");
        assert_eq!(from_now(ru, 2 * 86_400 + 4 * 3_600), "через 2 дня 4 часа");
        assert_eq!(from_now(ru, -(21 * 3_600 + 5 * 60)), "21 час 5 минут назад");
        assert_eq!(from_now(ru, 5 * 86_400 + 3_600), "через 5 дней 1 час");
        assert_eq!(
            in_english(
                ru,
                "alice: /фокус вызов соперник:bob цвет:белые правила:обмен срок:2"
            ),
            "alice: /focus challenge opponent:bob color:white rules:swap days:2"
        );
        assert_eq!(in_english(ru, "bob: ход c4-d4"), "bob: move c4-d4");
        assert_eq!(in_english(ru, "bob: Принять"), "bob: Принять");
        assert_eq!(in_english(en, "alice: ход"), "alice: ход");
        assert_eq!(duration("2d"), Some(172_800));
        assert_eq!(duration("6H"), Some(21_600));
        assert_eq!(duration("90"), Some(90));
        assert_eq!(duration("366d"), None);
        assert_eq!(duration("0m"), None);
        assert_eq!(duration("banana"), None);
        assert_eq!(duration("-1d"), None);
    }
}
