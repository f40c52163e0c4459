//! `/focus tournament …` and the announcement's buttons: the requests of tournaments, answered
//! with the service's tournament use cases and put into words by `strings::tournaments`.

use super::pictures::{STANDINGS_PAGE, standings_picture};
use super::{
    Action, Asked, Button, Edit, File, FileKind, Message, Reply, Style, ThreadRoom, To, button,
};
use crate::i18n::Lang;
use crate::service::tournaments::{Rights, TournamentView};
use crate::service::{Result, ServiceError};
use crate::store::{Tournament, TournamentId, TournamentStatus};
use crate::strings::tournaments as words;
use crate::text::Text;

use super::TournamentRequest as T;

/// The Join and Leave buttons of an announcement in `lang`; none once the event no longer
/// takes players.
pub fn announcement_buttons(lang: Lang, t: &Tournament) -> Vec<Button> {
    if crate::domain::lifecycle::joins_from(t).is_none() {
        return vec![];
    }
    let mut buttons = vec![button(lang, Action::Join(t.id), "join", Style::Yes)];
    if t.status == TournamentStatus::Open {
        buttons.push(button(lang, Action::Leave(t.id), "leave", Style::Neutral));
    }
    buttons
}

impl Asked<'_> {
    pub(super) async fn tournament(&self, request: T) -> Result<Reply> {
        let (place, me) = (self.caller.place, &self.caller.user);
        let service = self.service();
        let lang = self.public();
        match request {
            T::Create(options) => {
                self.threads_here(true)?;
                let rights = Rights {
                    create: self.caller.manager || self.has_tournament_role().await?,
                };
                let view = service
                    .tournaments
                    .create_tournament(place, me, rights, options)
                    .await?;
                let mut reply = self.announce(&view, To::Here);
                reply
                    .after
                    .push(super::After::TournamentMessage(view.tournament.id));
                Ok(reply)
            }
            T::Join { id } => {
                let view = service.tournaments.join_tournament(place, me, id).await?;
                Ok(self.joined(&view))
            }
            T::Leave { id } | T::Withdraw { id } => {
                let t = service.tournaments.find_tournament(place, id).await?;
                let which = if t.status == TournamentStatus::Open {
                    "left"
                } else {
                    "withdrawn"
                };
                let view = service.tournaments.leave_tournament(place, me, id).await?;
                Ok(Reply::one(Message::new(
                    To::Here,
                    words::about_player(lang, which, &view.tournament, me.id),
                )))
            }
            T::Start { id } => {
                self.threads_here(false)?;
                let view = service.director.start_tournament(place, me, id).await?;
                let count = view.players.len();
                Ok(Reply::one(Message::new(
                    To::Here,
                    words::started(lang, &view.tournament, count),
                )))
            }
            T::Cancel { id } => {
                let view = service.director.cancel_tournament(place, me, id).await?;
                Ok(self.said(words::about(lang, "cancelled", &view.tournament)))
            }
            T::Standings { id, page } => self.standings(id, page, false).await,
            T::Export { id } => {
                let t = service.tournaments.find_tournament(place, id).await?;
                self.working();
                let trf = service.tournaments.export_trf_file(t.id).await?;
                Ok(Reply::one(
                    Message::new(To::Here, words::export(lang, &t, &trf.in_progress)).file(File {
                        name: format!("focus-tournament-{}.trf", t.id.0),
                        bytes: trf.text.into_bytes(),
                        kind: FileKind::Trf(t.id),
                    }),
                ))
            }
            T::List => {
                let list = service.tournaments.tournaments(place).await?;
                let mut counted = Vec::with_capacity(list.len());
                for t in list {
                    let view = service.tournaments.tournament_view(t.id).await?;
                    counted.push((t, view.players.len()));
                }
                Ok(Reply::private(words::list(self.private(), &counted)))
            }
            T::Remove { id, user } => {
                let view = service
                    .director
                    .remove_player(place, me, id, user.id)
                    .await?;
                Ok(self.said(words::about_player(
                    lang,
                    "removed",
                    &view.tournament,
                    user.id,
                )))
            }
            T::Result { id, game, result } => {
                let t = service.tournaments.find_tournament(place, id).await?;
                let board = service
                    .director
                    .adjudicate(place, me, id, game, result)
                    .await?;
                Ok(self.said(words::adjudicated(lang, &t, &board)))
            }
            T::Pause { id, paused } => {
                let t = service
                    .director
                    .pause_tournament(place, me, id, paused)
                    .await?;
                let which = if paused { "paused" } else { "resumed" };
                Ok(self.said(words::about(lang, which, &t)))
            }
            T::ExtraTime { id, game } => {
                let game = service.director.extra_time(place, me, id, game).await?;
                Ok(self.said(words::extra_time(lang, &game)))
            }
            T::NextRound { id } => {
                let t = service.director.next_round_now(place, me, id).await?;
                Ok(self.said(words::about(lang, "next-round", &t)))
            }
        }
    }

    /// Refuses a tournament's creation (`creating`) or start where the bot may not start its
    /// games' threads: it lacks permissions here, or (creating) this is no channel for threads
    /// (a thread, a forum post, a DM), whose threads would be started from elsewhere. An
    /// adapter with threads of its own (the console) says [`ThreadRoom::Own`] and is not
    /// refused.
    fn threads_here(&self, creating: bool) -> Result<()> {
        match &self.caller.threads {
            ThreadRoom::Missing(missing) => {
                Err(ServiceError::TournamentNeedsThreads(missing.clone()))
            }
            ThreadRoom::NotHere if creating => Err(ServiceError::TournamentNeedsThreads(vec![])),
            ThreadRoom::Able | ThreadRoom::NotHere | ThreadRoom::Own => Ok(()),
        }
    }

    /// Whether the asker has the server's tournament role.
    async fn has_tournament_role(&self) -> Result<bool> {
        let guild = self.caller.place.guild_id;
        let role = self.service().tournaments.tournament_role(guild).await?;
        Ok(role.is_some_and(|r| self.caller.roles.contains(&r)))
    }

    /// A public sentence.
    fn said(&self, text: Text) -> Reply {
        Reply::one(Message::new(To::Here, text))
    }

    /// The announcement of `view`, going `to`, with its buttons.
    fn announce(&self, view: &TournamentView, to: To) -> Reply {
        let lang = self.public();
        Reply::one(
            Message::new(to, words::announcement(lang, view))
                .buttons(announcement_buttons(lang, &view.tournament)),
        )
    }

    fn joined(&self, view: &TournamentView) -> Reply {
        let me = self.caller.user.id;
        let first_round = view
            .players
            .iter()
            .find(|p| p.user.id == me)
            .map_or(1, |p| p.entrant.first_round);
        Reply::one(Message::new(
            To::Here,
            words::joined(self.public(), &view.tournament, me, first_round),
        ))
    }

    /// The Join button: the announcement is redrawn with the new player.
    pub(super) async fn join_click(&self, id: TournamentId) -> Result<Reply> {
        let view = self
            .service()
            .tournaments
            .join_by_click(self.caller.place, &self.caller.user, id)
            .await?;
        Ok(self.announce(&view, To::Clicked(Edit::Replace)))
    }

    /// The Leave button.
    pub(super) async fn leave_click(&self, id: TournamentId) -> Result<Reply> {
        let view = self
            .service()
            .tournaments
            .leave_by_click(self.caller.place, &self.caller.user, id)
            .await?;
        Ok(self.announce(&view, To::Clicked(Edit::Replace)))
    }

    /// The standings: the table as text (every line, for screen readers), with the caption;
    /// the picture when drawn.
    pub(super) async fn standings(
        &self,
        id: Option<TournamentId>,
        page: u32,
        clicked: bool,
    ) -> Result<Reply> {
        let t = self
            .service()
            .tournaments
            .find_tournament(self.caller.place, id)
            .await?;
        let lang = self.public();
        let standings = self.service().tournaments.standings(t.id).await?;
        let last = standings.is_final();
        let pages = standings.rows.len().div_ceil(STANDINGS_PAGE).max(1) as u32;
        let page = page.clamp(1, pages);
        let from = (page as usize - 1) * STANDINGS_PAGE;
        let end = (from + STANDINGS_PAGE).min(standings.rows.len());
        let text = words::standings_text(lang, &standings, &standings.rows[from..end], last);
        let to = if clicked {
            To::Clicked(Edit::Replace)
        } else {
            To::Here
        };
        let mut message =
            Message::new(to, text).buttons(super::page_buttons(lang, page, pages, move |p| {
                Action::Standings(t.id, p)
            }));
        if let Some(file) = standings_picture(lang, &standings, page) {
            message = message.file(file);
        }
        Ok(Reply::one(message))
    }
}
