//! The offline console: the same command layer as the Discord bot ([`crate::app`]), driven from
//! a terminal by lines such as `alice: /focus challenge opponent:bob`, `bob: accept`,
//! `alice: /focus move c4-d4`. Every reply is printed; every picture is written to the output
//! folder and its path printed. It is how someone without a Discord token tries the bot.
//!
//! - `script`: reading one line (`[#channel] name: command options`).
//! - [`crate::app::options`]: reading the command and its options into a request.
//! - `render`: structured text for the terminal; `time`: times in words.
//! - `files`: where pictures, replays and records go.
//! - `session`: the console's own commands (`wait`, answering by button label) and its
//!   clock, mailbox and members.

mod files;
mod output;
mod render;
mod script;
mod session;
mod stand_ins;
mod time;

use std::collections::HashMap;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub use script::{Line, LineError, parse};

use crate::app::options::{self, Typed};
use crate::app::{App, Button, Caller, Hooks, Languages, ThreadRoom};
use crate::i18n::Lang;
use crate::service::{GameService, Place, User};
use crate::store::AsyncStore;
use crate::tr;

use stand_ins::{ConsoleClock, Everyone};

/// The console's one server; channels are named with `#name` (default `#general`).
const GUILD: u64 = 1;

/// The name the bot goes by in the console: `opponent:bot` challenges it.
const BOT_NAME: &str = "bot";

/// The largest file the console attaches (Discord's default for a server).
const ATTACHMENT_LIMIT: u64 = 25 * 1024 * 1024;

/// A button shown in the console, clicked by typing its label.
#[derive(Clone, Debug)]
struct Shown {
    /// Where its message is.
    channel: u64,
    /// The one user who sees it (a private message), if any.
    only: Option<u64>,
    /// The button.
    button: Button,
    /// Its message's id.
    message: u64,
}

/// A console session: the command layer, the users and channels seen, where files go.
pub struct Console {
    app: App,
    clock: Arc<ConsoleClock>,
    /// Channel names by id: this session's and, once read from the store, earlier sessions'.
    channels: HashMap<u64, String>,
    /// Whether `channels` has the names earlier sessions stored.
    channels_loaded: bool,
    out_dir: PathBuf,
    names: HashMap<u64, String>,
    channel: String,
    moderators: Vec<String>,
    /// Pictures written so far (they are numbered).
    pictures: usize,
    /// The language of everything the console prints (`--locale`).
    lang: Lang,
    /// Bold and colour in the terminal.
    colour: bool,
    /// The buttons of the messages shown, newest last.
    buttons: Vec<Shown>,
    /// Ids given to the console's messages.
    messages: u64,
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

/// A stable id for a channel name (`general`, without `#`).
pub fn channel_id(name: &str) -> u64 {
    user_id(&format!("#{name}")) & !(1 << 62) | (1 << 61)
}

impl Console {
    /// A console over `store`, writing files to `out_dir` (created if missing), speaking
    /// `lang`. Users named in `moderators` may abort any game and change the settings.
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
            app: App::new(GameService::new(store, clock.clone())),
            clock,
            channels: HashMap::new(),
            channels_loaded: false,
            out_dir: out_dir.to_owned(),
            names: HashMap::new(),
            channel: "general".to_owned(),
            moderators,
            pictures: 0,
            lang,
            colour: false,
            buttons: Vec::new(),
            messages: 0,
        })
    }

    /// The same console analysing games with about `nodes` nodes a position (the bot's effort
    /// by default; tests, whose engine is unoptimised, use less).
    pub fn with_analysis_nodes(self, nodes: u64) -> Console {
        let service = self.app.service().clone().with_analysis_nodes(nodes);
        Console {
            app: App::new(service),
            ..self
        }
    }

    /// The same console keeping a journal of its requests ([`App::with_journal`]).
    pub fn with_journal(self) -> Console {
        Console {
            app: self.app.clone().with_journal(),
            ..self
        }
    }

    /// The requests answered so far (empty unless [`Console::with_journal`]).
    pub fn journal(&self) -> Vec<crate::app::Entry> {
        self.app.journal()
    }

    /// The same console printing bold and code in terminal colours.
    pub fn with_colour(self, colour: bool) -> Console {
        Console { colour, ..self }
    }

    /// Reads lines from `input` until it ends or says `quit`, writing replies to `out`. A line
    /// that is not UTF-8 gets one error; the session goes on.
    ///
    /// # Errors
    /// Reading or writing the streams.
    pub async fn run(
        &mut self,
        mut input: impl BufRead,
        out: &mut impl Write,
    ) -> std::io::Result<()> {
        let mut bytes = Vec::new();
        loop {
            bytes.clear();
            if input.read_until(b'\n', &mut bytes)? == 0 {
                break;
            }
            let reply = match std::str::from_utf8(&bytes) {
                Ok(line) if matches!(line.trim(), "quit" | "exit") => break,
                Ok(line) => self.handle(line.trim_end_matches(['\n', '\r'])).await,
                Err(_) => vec![tr!(
                    self.lang,
                    "console-line-error",
                    error = tr!(self.lang, "console-not-utf8")
                )],
            };
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
        self.know_channel().await;
        let mut lines = match line.command.as_str() {
            "wait" => self.wait(&line, &user).await,
            _ => self.command(&line, &user).await,
        };
        // What the bot sends on its own follows at once, as the bot's sweeper would send it:
        // a turn DM after a move, a game whose deadline passed while the console was closed.
        if line.command != "wait" {
            lines.extend(self.sweep().await);
        }
        lines
    }

    /// A command of `user`: read into a request (or a button's click), answered by the app.
    async fn command(&mut self, line: &Line, user: &User) -> Vec<String> {
        let place = self.place();
        let (request, clicked) = match self.session_request(line, user, place).await {
            Some(Ok(found)) => found,
            Some(Err(text)) => return vec![self.private_line(user, &text)],
            None => {
                let typed = Typed {
                    command: line.command.clone(),
                    options: line.options.clone(),
                    args: line.args.clone(),
                };
                let (bot, lang) = (self.bot(), self.lang);
                let mut person = |name: &str| self.user(name);
                match options::request(lang, &typed, &mut person, &bot) {
                    Ok(request) => (request, None),
                    Err(error) => {
                        let text = error.text(self.lang);
                        return vec![self.private_line(user, &text)];
                    }
                }
            }
        };
        let caller = self.caller(user, place, clicked);
        let reply = self
            .app
            .handle(&caller, request, &Everyone, &Hooks::none())
            .await;
        self.show(&caller, reply).await
    }

    /// Who asks from `place` (a click on message `clicked`).
    fn caller(&mut self, user: &User, place: Place, clicked: Option<u64>) -> Caller {
        let moderator = self
            .moderators
            .iter()
            .any(|m| m.eq_ignore_ascii_case(&user.name));
        Caller {
            user: user.clone(),
            bot: self.bot(),
            place,
            languages: Languages::Fixed(self.lang),
            moderator,
            manager: moderator,
            sent_at: None,
            threads: ThreadRoom::Own,
            attachment_limit: ATTACHMENT_LIMIT,
            server_name: None,
            clicked,
            roles: Vec::new(),
            // The console is one server where the bot is at home.
            venue: crate::store::Venue::Server,
        }
    }

    /// The current channel.
    fn place(&self) -> Place {
        Place {
            guild_id: GUILD,
            channel_id: channel_id(&self.channel),
        }
    }

    /// Makes the current channel known by its name, to this session and to later ones on the
    /// same database (channel ids are hashes of the names, which cannot be read back); the
    /// first time, learns the names that earlier sessions remembered.
    async fn know_channel(&mut self) {
        let service = self.app.service().clone();
        if !self.channels_loaded {
            match service.settings.channel_names().await {
                Ok(earlier) => {
                    for (id, name) in earlier {
                        self.channels.entry(id).or_insert(name);
                    }
                }
                Err(e) => tracing::warn!(error = %e, "cannot read the channels' names"),
            }
            self.channels_loaded = true;
        }
        let id = channel_id(&self.channel);
        if self.channels.get(&id) != Some(&self.channel) {
            let name = self.channel.clone();
            self.channels.insert(id, name.clone());
            if let Err(e) = service.settings.remember_channel_name(id, name).await {
                tracing::warn!(error = %e, "cannot remember a channel's name");
            }
        }
    }

    /// The bot itself, as the console plays it: the user named `bot`.
    fn bot(&mut self) -> User {
        self.user(BOT_NAME)
    }

    fn user(&mut self, name: &str) -> User {
        let id = user_id(name);
        self.names.insert(id, name.to_owned());
        User {
            is_bot: name.eq_ignore_ascii_case(BOT_NAME),
            ..User::new(id, name)
        }
    }

    /// Names a thread the console started (a tournament game's), so that lines can be typed
    /// there as `#name`, and remembers the name for later sessions: a time-out notice posted
    /// there after a restart names the thread, not its id.
    async fn name_thread(&mut self, id: u64, name: String) {
        if self.channels.get(&id) == Some(&name) {
            return;
        }
        self.channels.insert(id, name.clone());
        if let Err(e) = self
            .app
            .service()
            .settings
            .remember_channel_name(id, name)
            .await
        {
            tracing::warn!(error = %e, "cannot remember a thread's name");
        }
    }

    /// The name of user `id`: seen in this session, else as the store knows it (a player of an
    /// earlier session), else the id.
    async fn user_name(&mut self, id: u64) -> String {
        if let Some(name) = self.names.get(&id) {
            return name.clone();
        }
        let known = self.app.service().settings.names(vec![id]).await;
        match known.ok().and_then(|names| names.into_iter().next()) {
            Some((_, name)) => {
                self.names.insert(id, name.clone());
                name
            }
            None => id.to_string(),
        }
    }

    fn channel_name(&self, id: u64) -> String {
        self.channels
            .get(&id)
            .cloned()
            .unwrap_or_else(|| id.to_string())
    }
}

/// What `help` prints, in `lang`.
pub fn help(lang: Lang) -> String {
    tr!(lang, "console-help")
}
