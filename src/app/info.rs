//! What players look up: their games, the leaderboard, stats, a game's record, replay and
//! analysis, the rules, the settings, the games in play.

use super::{Action, Asked, Edit, File, FileKind, Message, Reply, To, page_buttons};
use crate::i18n::Lang;
use crate::service::{Members, Result, User};
use crate::store::{GameId, Venue};
use crate::strings;
use crate::text::Text;

impl Asked<'_> {
    pub(super) async fn games(&self) -> Result<Reply> {
        let caller = self.caller;
        // Outside a server with the bot, every game of the player, wherever it is.
        let everywhere = caller.venue != crate::store::Venue::Server;
        let guild = (!everywhere).then_some(caller.place.guild_id);
        let games = self.service().records.games(guild, caller.user.id).await?;
        Ok(Reply::private(strings::dashboard(
            self.private(),
            &games,
            everywhere,
        )))
    }

    pub(super) async fn notify(&self, dm: Option<bool>) -> Result<Reply> {
        let settings = self
            .service()
            .settings
            .notify(self.caller.user.id, dm)
            .await?;
        let text = strings::notify_setting(self.private(), settings.dm_notifications, dm.is_some());
        Ok(Reply::private(text))
    }

    /// A page of the leaderboard: the answer, or (`clicked`) the clicked message's new text.
    pub(super) async fn leaderboard(
        &self,
        page: u32,
        members: &impl Members,
        clicked: bool,
    ) -> Result<Reply> {
        let lang = self.public();
        let guild = self.caller.place.guild_id;
        // Checking who is still a member may take a few Discord requests.
        self.working();
        let shown = self
            .service()
            .ladder
            .leaderboard(guild, page, members)
            .await?;
        let text = strings::leaderboard(lang, &shown, self.service().now());
        let pages = (shown.page, shown.pages);
        Ok(paged(lang, text, pages, Action::Ladder, clicked))
    }

    pub(super) async fn stats(&self, user: Option<User>) -> Result<Reply> {
        let caller = self.caller;
        let whom = user.as_ref().map_or(caller.user.id, |u| u.id);
        let stats = self
            .service()
            .ladder
            .stats(caller.place.guild_id, whom, caller.user.id)
            .await?;
        let text = strings::stats(self.public(), &stats);
        Ok(Reply::one(Message::new(To::Here, text)))
    }

    /// `/focus history`: the record, privately; as a file when too long for a message.
    pub(super) async fn history(&self, game: Option<GameId>) -> Result<Reply> {
        let caller = self.caller;
        let lang = self.private();
        let h = self
            .service()
            .records
            .history(caller.place, caller.user.id, game)
            .await?;
        let server = caller.server_name.as_deref();
        let text = strings::history(lang, &h, server);
        if strings::message_len(&text) <= strings::MESSAGE_LIMIT {
            return Ok(Reply::private(text));
        }
        // A long game's record goes as a file, which `focus-bot replay` reads as it is.
        let record = strings::record::record_text(&h, server);
        let file = File {
            name: format!("focus-game-{}.txt", h.game.id.0),
            bytes: record.into_bytes(),
            kind: FileKind::Record(h.game.id),
        };
        let text = strings::history_attached(lang, &h);
        Ok(Reply::one(Message::new(To::Private, text).file(file)))
    }

    /// An animated replay: posted in the channel, or (`clicked`, the Replay button) for the
    /// clicker alone, in their language.
    pub(super) async fn replay(&self, game: Option<GameId>, clicked: bool) -> Result<Reply> {
        let caller = self.caller;
        let lang = if clicked {
            self.private()
        } else {
            self.public()
        };
        let history = self
            .service()
            .records
            .history(caller.place, caller.user.id, game)
            .await?;
        // Drawing a long game takes a moment.
        self.working();
        let options = strings::picture::replay_options(lang, &history);
        let gif = self
            .service()
            .records
            .replay(&history, options, caller.attachment_limit)
            .await?;
        let file = File {
            name: format!("focus-game-{}.gif", history.game.id.0),
            bytes: gif,
            kind: FileKind::Replay(history.game.id),
        };
        let to = if clicked { To::Private } else { To::Posted };
        let text = strings::replay_caption(lang, &history);
        Ok(Reply::one(Message::new(to, text).file(file)))
    }

    /// The engine's review of a finished game, posted in the channel with its chart.
    pub(super) async fn analysis(&self, game: Option<GameId>) -> Result<Reply> {
        let caller = self.caller;
        let lang = self.public();
        // Refused (a game in play, aborted, unknown) before the acknowledgement.
        let history = self
            .service()
            .analysis
            .analysable(caller.place, caller.user.id, game)
            .await?;
        self.working();
        let (shown, asker) = (self.hooks.progress.clone(), self.private());
        let progress: crate::service::OnProgress =
            std::sync::Arc::new(move |p| shown(strings::analysis::progress(asker, p)));
        let analysis = self.service().analysis.analyse(history, progress).await?;
        let png = self
            .service()
            .analysis
            .chart(strings::analysis::chart(lang, &analysis))
            .await?;
        let file = File {
            name: format!("focus-game-{}-analysis.png", analysis.game().0),
            bytes: png,
            kind: FileKind::Chart(analysis.game()),
        };
        let text = strings::analysis::text(lang, &analysis);
        Ok(Reply::one(Message::new(To::Posted, text).file(file)))
    }

    pub(super) fn rules(&self) -> Reply {
        let (title, text) = strings::rules(self.private());
        let mut message = Message::new(To::Private, text);
        message.title = Some(title);
        Reply::one(message)
    }

    /// `/focus settings`: the server's language and threads, changed by managers, shown to
    /// everyone.
    pub(super) async fn settings(
        &self,
        language: Option<Lang>,
        threads: Option<bool>,
        tournament_role: Option<u64>,
    ) -> Result<Reply> {
        let caller = self.caller;
        let guild = caller.place.guild_id;
        // A group DM or a DM is a conversation of friends, with no admin: anyone in it may
        // choose its language (the only setting it has).
        let conversation = matches!(caller.venue, Venue::GroupDm | Venue::Dm);
        let manager = caller.manager || conversation;
        let lang = self.private();
        let mut lines: Vec<Text> = Vec::new();
        match language {
            Some(new) => {
                self.service()
                    .settings
                    .set_server_language(guild, manager, new.locale())
                    .await?;
                lines.push(strings::public_language(lang, conversation, new, true));
            }
            None if threads.is_none() && tournament_role.is_none() => {
                lines.push(strings::public_language(
                    lang,
                    conversation,
                    self.public(),
                    false,
                ));
            }
            None => {}
        }
        if let Some(role) = tournament_role {
            self.service()
                .tournaments
                .set_tournament_role(guild, manager, role)
                .await?;
            lines.push(Text::from_marked(&crate::tr!(
                lang,
                "settings-tournament-role"
            )));
        }
        match threads {
            Some(on) => {
                self.service()
                    .settings
                    .set_server_threads(guild, manager, on)
                    .await?;
                lines.push(strings::threads::server_threads(lang, on, true));
            }
            // Threads need the bot on the server ([`Request::refused_in`]).
            None if language.is_none() && tournament_role.is_none() && caller.venue.bot_posts() => {
                let on = self.service().settings.threads_on(guild).await?;
                lines.push(strings::threads::server_threads(lang, on, false));
            }
            None => {}
        }
        Ok(Reply::private(Text::lines(lines)))
    }

    /// A page of the games in play: the answer, or (`clicked`) the clicked message's new text.
    pub(super) async fn watch(&self, page: u32, clicked: bool) -> Result<Reply> {
        let lang = self.public();
        let shown = self
            .service()
            .records
            .watch(self.caller.place.guild_id, page)
            .await?;
        let text = strings::threads::watch(lang, &shown);
        let pages = (shown.page, shown.pages);
        Ok(paged(lang, text, pages, Action::Watch, clicked))
    }
}

/// A page of a paged list (`(page, pages)`) with its Previous and Next buttons (`show` shows a
/// page): the answer, or (`clicked`) the clicked message's new text.
fn paged(
    lang: Lang,
    text: Text,
    (page, pages): (u32, u32),
    show: fn(u32) -> Action,
    clicked: bool,
) -> Reply {
    let to = if clicked {
        To::Clicked(Edit::Replace)
    } else {
        To::Here
    };
    Reply::one(Message::new(to, text).buttons(page_buttons(lang, page, pages, show)))
}
