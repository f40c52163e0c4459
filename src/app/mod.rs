// Longer than 400 lines: the command layer's one door (App::handle), the steps every handler shares
// (answer, click, picture) and the buttons they all attach.
//! The command layer: every `/focus` subcommand and every button, written once.
//!
//! An adapter (Discord, the console) turns its input into one [`Request`] and who asks into a
//! [`Caller`], and calls [`App::handle`] once. The app calls the game service, puts its answer
//! into words with [`crate::strings`] in the readers' languages, draws the pictures, and
//! returns one [`Reply`]: messages of structured text ([`crate::text::Text`]), files and
//! buttons, each with where it goes. The adapter renders it. A refusal is a reply too: one
//! private sentence, and nothing changed.
//!
//! - [`request`]: the requests, the caller, the buttons' actions.
//! - [`reply`]: the reply.
//! - [`options`]: reading option values typed as text (the console), the same way for all.
//! - `challenges`, `games`, `info`: the handlers, by subject.

mod board_controls;
mod challenges;
mod choices;
mod controls;
mod games;
mod info;
pub mod mail;
mod option_error;
mod pictures;
mod tournaments;
pub use choices::TournamentChoices;
pub use pictures::{STANDINGS_PAGE, board_file, standings_picture};
pub use tournaments::announcement_buttons;
pub mod options;
pub mod reply;
pub mod request;

pub use reply::{
    After, Button, Edit, File, FileKind, Menu, MenuOption, Message, Modal, Reply, Style,
    ThreadStart, To,
};
pub use request::{
    Ack, Action, Caller, Languages, Readers, Request, ThreadRoom, TournamentRequest,
};

use std::sync::Arc;

use crate::i18n::Lang;
use crate::locale::Locale;
use crate::rules::Color;
use crate::service::{Board, GameService, Members, Result, ServiceError};
use crate::store::{Game, GameStatus};
use crate::strings;
use crate::telemetry::Outcome;
use crate::text::Text;

/// The command layer over a game service; cheap to clone.
#[derive(Clone)]
pub struct App {
    service: GameService,
    /// Every request answered, when kept ([`App::with_journal`]).
    journal: Option<Arc<std::sync::Mutex<Vec<Entry>>>>,
}

/// One request answered: who asked, what, and the texts of the reply (for tests that hold two
/// adapters against each other).
#[derive(Clone, Debug)]
pub struct Entry {
    /// The asker's user id.
    pub user: u64,
    /// The request.
    pub request: Request,
    /// The reply's texts, in order.
    pub texts: Vec<Text>,
}

impl App {
    /// The commands over `service`.
    pub fn new(service: GameService) -> App {
        App {
            service,
            journal: None,
        }
    }

    /// The same commands, keeping every request and its reply's texts ([`App::journal`]).
    pub fn with_journal(self) -> App {
        App {
            journal: Some(Arc::default()),
            ..self
        }
    }

    /// The requests answered so far, oldest first (empty unless [`App::with_journal`]).
    pub fn journal(&self) -> Vec<Entry> {
        self.journal
            .as_ref()
            .and_then(|j| j.lock().ok().map(|j| j.clone()))
            .unwrap_or_default()
    }

    /// The game service (for the adapters' background work: the sweeper, the outbox).
    pub fn service(&self) -> &GameService {
        &self.service
    }

    /// Answers `request` of `caller`. `members` tells who is still on the server (the
    /// leaderboard); `hooks` hear when long work begins (to acknowledge the request, as
    /// [`Request::ack`] says) and how an analysis advances.
    ///
    /// Never fails: a refusal is a private sentence in the caller's language, a failure of
    /// the bot one that says so (its details are logged).
    pub async fn handle(
        &self,
        caller: &Caller,
        request: Request,
        members: &impl Members,
        hooks: &Hooks,
    ) -> Reply {
        let readers = self.readers(caller).await;
        let name = request.name();
        let asked = Asked {
            app: self,
            caller,
            readers,
            hooks,
        };
        let kept = self.journal.as_ref().map(|_| request.clone());
        let answered = match request.refused_in(caller.venue) {
            Some(refusal) => Err(refusal),
            None => asked.answer(request, members).await,
        };
        let (mut reply, outcome) = match answered {
            Ok(reply) if reply.refused => (reply, Outcome::Refused),
            Ok(reply) => (reply, Outcome::Ok),
            Err(error) => {
                let outcome = if error.for_users() {
                    Outcome::Refused
                } else {
                    tracing::error!(%error, command = name, "request failed");
                    Outcome::Failed
                };
                (
                    Reply::refusal(strings::refusal(readers.user, &error)),
                    outcome,
                )
            }
        };
        self.service.metrics().command(name, outcome);
        // What the bot could not tell the user by DM is told now (never with a form, which
        // must be the only answer), in one message: what finds no room there waits for the
        // next interaction.
        if reply.modal.is_none() {
            let mut held = strings::letters::HeldMessage::new(readers.user);
            match self
                .service
                .post
                .take_held(caller.user.id, |letter| held.take(letter))
                .await
            {
                Ok(left) => {
                    if let Some(text) = held.message(left) {
                        reply.messages.push(Message::new(To::Private, text));
                    }
                }
                Err(e) => tracing::warn!(error = %e, "could not read the held notices"),
            }
        }
        if let (Some(journal), Some(request)) = (&self.journal, kept)
            && let Ok(mut journal) = journal.lock()
        {
            journal.push(Entry {
                user: caller.user.id,
                request,
                texts: reply.texts().into_iter().cloned().collect(),
            });
        }
        reply
    }

    /// The readers' languages of `caller`: remembers Discord's locales (letters use them
    /// later) and finds the server's. A store failure is logged and reads as the client's
    /// language and English.
    pub async fn readers(&self, caller: &Caller) -> Readers {
        match &caller.languages {
            Languages::Fixed(lang) => Readers {
                user: *lang,
                server: *lang,
            },
            Languages::Tags { user, server } => {
                use crate::store::Venue;
                let guild = (caller.place.guild_id != 0).then_some(caller.place.guild_id);
                // The bot's DM has one reader: its public messages (the bot's moves too) are
                // in the player's language, as Discord tells it.
                let server = match caller.venue {
                    Venue::BotDm => Some(user.clone()),
                    _ => server.clone(),
                };
                let noted = self
                    .service
                    .settings
                    .note_locales(
                        caller.user.id,
                        Locale::new(user),
                        guild,
                        server.as_deref().and_then(Locale::new),
                    )
                    .await;
                // Discord gives a group DM or a DM no locale: the language of the first player
                // who uses the bot there becomes its own (until someone sets one), so that its
                // public messages neither change with each player nor are English for all.
                let conversation = matches!(caller.venue, Venue::GroupDm | Venue::Dm);
                let server_locale = match (noted, guild, Locale::new(user)) {
                    (Ok(None), Some(guild), Some(first)) if conversation => {
                        match self.service.settings.adopt_locale(guild, first).await {
                            Ok(locale) => Some(locale),
                            Err(e) => {
                                tracing::warn!(error = %e, "could not store a conversation's locale");
                                Some(first)
                            }
                        }
                    }
                    (Ok(locale), ..) => locale,
                    // Nothing is stored then: this reply is in the caller's language where
                    // the conversation's own is unknown.
                    (Err(e), _, first) => {
                        tracing::warn!(error = %e, "could not read or store the locales");
                        first.filter(|_| conversation)
                    }
                };
                Readers {
                    user: Lang::of_tag(user),
                    server: server_locale.map_or(Lang::ENGLISH, Lang::of),
                }
            }
        }
    }

    /// Does what a reply asks once its messages are out; `posted` is the id of the first
    /// message that went out, if the adapter knows it.
    pub async fn after(&self, after: &[After], posted: Option<u64>) {
        for step in after {
            match step {
                After::ChallengeMessage(id) => {
                    let Some(message) = posted else { continue };
                    if let Err(e) = self
                        .service
                        .challenges
                        .set_challenge_message(*id, message)
                        .await
                    {
                        tracing::warn!(error = %e, challenge = id.0, "cannot remember a challenge's message");
                    }
                }
                After::BotToMove(game) => self.service.bots.bot_to_move(game),
                After::TournamentMessage(id) => {
                    let Some(message) = posted else { continue };
                    if let Err(e) = self
                        .service
                        .tournaments
                        .set_tournament_message(*id, message)
                        .await
                    {
                        tracing::warn!(error = %e, tournament = id.0, "cannot remember a tournament's announcement");
                    }
                }
            }
        }
    }

    /// Game `id` has no thread (it could not start, or Discord no longer knows it): it is
    /// played in the channel of its challenge from now on, unless that channel has a game of
    /// its own.
    pub async fn play_without_thread(&self, id: crate::store::GameId) {
        if let Err(e) = self.service.games.play_in_parent(id).await {
            tracing::warn!(error = %e, game = id.0, "the game cannot move to its channel");
        }
    }

    /// A game against the bot announced by message `announcement` (a reply's
    /// [`Reply::announce`]): the game starts in the thread started from it.
    pub async fn bot_game_from(
        &self,
        caller: &Caller,
        options: crate::service::ChallengeOptions,
        announcement: u64,
    ) -> Reply {
        let readers = self.readers(caller).await;
        let hooks = Hooks::none();
        let asked = Asked {
            app: self,
            caller,
            readers,
            hooks: &hooks,
        };
        match asked.bot_game_in_thread(options, announcement).await {
            Ok(reply) => reply,
            Err(error) => {
                if !error.for_users() {
                    tracing::error!(%error, "a game against the bot failed to start");
                }
                Reply::refusal(strings::refusal(readers.user, &error))
            }
        }
    }

    /// The names the bot knows of `ids` (for an adapter that shows users by name).
    pub async fn names(&self, ids: Vec<u64>) -> Vec<(u64, String)> {
        match self.service.settings.names(ids).await {
            Ok(names) => names,
            Err(e) => {
                tracing::warn!(error = %e, "cannot read names");
                Vec::new()
            }
        }
    }
}

/// One request being answered: the app, who asks, in which languages.
struct Asked<'a> {
    app: &'a App,
    caller: &'a Caller,
    readers: Readers,
    hooks: &'a Hooks,
}

/// What an adapter hears while a request is answered.
#[derive(Clone)]
pub struct Hooks {
    /// The long part of the work begins: acknowledge the request now (as [`Request::ack`]
    /// says). Called at most once, and only after the quick refusals.
    pub working: Arc<dyn Fn() + Send + Sync>,
    /// How an analysis advances: its progress line, in the asker's language.
    pub progress: Arc<dyn Fn(Text) + Send + Sync>,
}

impl Hooks {
    /// Hooks that hear nothing.
    pub fn none() -> Hooks {
        Hooks {
            working: Arc::new(|| {}),
            progress: Arc::new(|_| {}),
        }
    }
}

impl Asked<'_> {
    fn service(&self) -> &GameService {
        &self.app.service
    }

    async fn answer(&self, request: Request, members: &impl Members) -> Result<Reply> {
        match request {
            Request::Challenge(options) => self.challenge(options).await,
            Request::Move {
                notation,
                draw,
                confirmed,
            } => self.play(&notation, draw, confirmed).await,
            Request::Suggest { typed } => self.suggest(&typed).await,
            Request::Board { side } => self.board(side).await,
            Request::Hint => self.hint().await,
            Request::Resign => self.resign().await,
            Request::Draw => self.draw().await,
            Request::Takeback => self.takeback().await,
            Request::Abort => self.abort().await,
            Request::Games => self.games().await,
            Request::MoreTime => self.more_time().await,
            Request::Notify { dm } => self.notify(dm).await,
            Request::Leaderboard { page } => self.leaderboard(page, members, false).await,
            Request::Stats { user } => self.stats(user).await,
            Request::History { game } => self.history(game).await,
            Request::Replay { game } => self.replay(game, false).await,
            Request::Analysis { game } => self.analysis(game).await,
            Request::Rules => Ok(self.rules()),
            Request::Settings {
                language,
                threads,
                tournament_role,
            } => self.settings(language, threads, tournament_role).await,
            Request::Tournament(request) => self.tournament(request).await,
            Request::Watch { page } => self.watch(page, false).await,
            Request::Click(action) => self.click(action, members).await,
            Request::Choose { action, value } => match action {
                Action::Pick(id, ply, pick) => self.pick(id, ply, pick, &value).await,
                Action::Typed(id, ply) => self.play_from_controls(id, ply, value, false).await,
                _ => Err(ServiceError::StaleComponent),
            },
        }
    }

    async fn click(&self, action: Action, members: &impl Members) -> Result<Reply> {
        match action {
            Action::Accept(id) => self.accept(id).await,
            Action::Decline(id) => self.decline(id).await,
            Action::Cancel(id) => self.cancel(id).await,
            Action::Draw(id, yes) => self.answer_draw(id, yes).await,
            Action::Takeback(id, ply, yes) => self.answer_takeback(id, ply, yes).await,
            Action::Ladder(page) => self.leaderboard(page, members, true).await,
            Action::Watch(page) => self.watch(page, true).await,
            Action::Replay(id) => self.replay(Some(id), true).await,
            Action::Rematch(id) => self.rematch(id).await,
            Action::PlayAnyway(id, ply, mv) => self.play_anyway(id, ply, mv).await,
            Action::Join(id) => self.join_click(id).await,
            Action::Leave(id) => self.leave_click(id).await,
            Action::Standings(id, page) => self.standings(Some(id), page, true).await,
            // A menu's or a form's action without its value: forged.
            Action::Pick(..) | Action::Typed(..) => Err(ServiceError::StaleComponent),
            Action::TypeMove(id, ply) => self.type_move(id, ply).await,
            Action::Resign(id) => self.resign_asked(id).await,
            Action::ResignSure(id) => {
                self.current_game(id).await?;
                let mut reply = self.resign().await?;
                // The private question is answered: its button goes.
                let answered = Message::new(To::Clicked(Edit::Append), Text::default());
                reply.messages.insert(0, answered);
                Ok(reply)
            }
            Action::OfferDraw(id) => {
                self.current_game(id).await?;
                self.draw().await
            }
            Action::Show(id) => self.show(id).await,
        }
    }

    /// The long part of the work begins.
    fn working(&self) {
        (self.hooks.working)();
    }

    /// The public language (of the channel).
    fn public(&self) -> Lang {
        self.readers.server
    }

    /// The asker's language.
    fn private(&self) -> Lang {
        self.readers.user
    }

    /// The picture of `board` with its words in `lang`, seen from `side` (default: the side
    /// [`strings::picture`] gives the game).
    async fn picture(&self, lang: Lang, board: &Board, side: Option<Color>) -> Result<File> {
        board_file(self.service(), lang, board, side).await
    }

    /// A message of `text` with the picture of `board` in `lang`, going `to`, pinging `ping`;
    /// a game that ended with it gets its Replay and Rematch buttons.
    async fn with_board(
        &self,
        to: To,
        lang: Lang,
        text: Text,
        board: &Board,
        ping: Option<u64>,
    ) -> Result<Message> {
        let mut message = Message::new(to, text)
            .file(self.picture(lang, board, None).await?)
            .buttons(finished_buttons(lang, &board.game, false))
            .ping(ping);
        // Where a player may have no slash commands, the board carries every action.
        if let Some((menu, buttons)) = board_controls::controls(lang, board) {
            message.menu = Some(menu);
            message.buttons = buttons;
        }
        Ok(message)
    }

    /// Where a public answer about `game` goes: here when asked where it is played, else in
    /// its channel or thread (the asker told privately).
    fn to_game(&self, game: &Game) -> To {
        if game.channel_id == self.caller.place.channel_id {
            To::Here
        } else {
            To::Game {
                channel: game.channel_id,
                game: game.id,
                note: strings::threads::posted_in(self.private(), game.channel_id),
                or_here: true,
            }
        }
    }
}

/// A button of `action` labelled with button `which` (`accept`, `next`) in `lang`.
fn button(lang: Lang, action: Action, which: &str, style: Style) -> Button {
    Button {
        action,
        label: strings::button(lang, which),
        style,
        disabled: false,
    }
}

/// The buttons of a finished game's last message in `lang`: Replay (once a move was played)
/// and Rematch (disabled once `rematch_offered`); none for a game in play, aborted or held.
pub fn finished_buttons(lang: Lang, game: &Game, rematch_offered: bool) -> Vec<Button> {
    if game.status != GameStatus::Finished {
        return vec![];
    }
    // A tournament's game has its next opponent from the pairings: no rematch.
    if game.tournament_id.is_some() {
        return if game.ply > 0 {
            vec![button(
                lang,
                Action::Replay(game.id),
                "replay",
                Style::Neutral,
            )]
        } else {
            vec![]
        };
    }
    let mut buttons = Vec::new();
    if game.ply > 0 {
        buttons.push(button(
            lang,
            Action::Replay(game.id),
            "replay",
            Style::Neutral,
        ));
    }
    buttons.push(Button {
        disabled: rematch_offered,
        ..button(lang, Action::Rematch(game.id), "rematch", Style::Primary)
    });
    buttons
}

/// The buttons of a challenge's message in `lang`: Accept, Decline (for a named opponent) and
/// Cancel; all `disabled` once it has expired.
pub fn challenge_buttons(
    lang: Lang,
    challenge: &crate::store::Challenge,
    disabled: bool,
) -> Vec<Button> {
    let id = challenge.id;
    let mut buttons = vec![button(lang, Action::Accept(id), "accept", Style::Yes)];
    if challenge.opponent_id.is_some() {
        buttons.push(button(lang, Action::Decline(id), "decline", Style::Neutral));
    }
    buttons.push(button(lang, Action::Cancel(id), "cancel", Style::Danger));
    buttons
        .into_iter()
        .map(|b| Button { disabled, ..b })
        .collect()
}

/// Agree and Refuse buttons in `lang`.
fn answer_buttons(lang: Lang, yes: Action, no: Action) -> Vec<Button> {
    vec![
        button(lang, yes, "agree", Style::Yes),
        button(lang, no, "refuse", Style::Neutral),
    ]
}

/// Previous and Next buttons from `page` of `pages` (none for a single page); `show` is the
/// action showing a page.
fn page_buttons(lang: Lang, page: u32, pages: u32, show: impl Fn(u32) -> Action) -> Vec<Button> {
    if pages <= 1 {
        return vec![];
    }
    vec![
        Button {
            disabled: page <= 1,
            ..button(
                lang,
                show(page.saturating_sub(1).max(1)),
                "previous",
                Style::Neutral,
            )
        },
        Button {
            disabled: page >= pages,
            ..button(
                lang,
                show(page.saturating_add(1).min(pages)),
                "next",
                Style::Neutral,
            )
        },
    ]
}
