//! A thread per game (issue 12): whether an accepted challenge's game gets a thread, starting
//! it, answering into it, and editing messages in threads that Discord has archived.
//!
//! A thread started from a message has the message's id, so the game is stored with its
//! thread's id before the thread exists, and a second start from the same message (error
//! 160004) finds the thread already there.

use poise::serenity_prelude as serenity;

use super::{Context, Error, error_code, quiet_reply};
use crate::discord::markdown::markdown as md;
use crate::i18n::Lang;
use crate::store::Game;
use crate::strings;

/// What the bot needs in a channel to play a game in a thread of its own: to start it, and to
/// post in it (Send Messages does not apply inside threads).
pub const THREAD_PERMISSIONS: serenity::Permissions = serenity::Permissions::CREATE_PUBLIC_THREADS
    .union(serenity::Permissions::SEND_MESSAGES_IN_THREADS);

/// Discord's "a thread has already been created for this message".
const THREAD_EXISTS: isize = 160_004;
/// Discord's "thread is archived": edits there fail until it is unarchived.
const ARCHIVED: isize = 50_083;

/// Where an accepted challenge's game is played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Venue {
    /// In a new thread started from the challenge's message.
    Thread,
    /// In the channel (or thread) of the challenge, as the server or the place wants it.
    Here,
    /// In the channel, because the bot lacks these permissions (Discord's names) to start
    /// threads there: the acceptance says so.
    Missing(Vec<&'static str>),
}

/// Where a game accepted in `channel` goes: a thread when `threads_on` (the server's
/// setting), the channel is a text or announcement channel (not already a thread or a
/// forum post), and `app_permissions` (the bot's, as the interaction carries them) allow it.
pub fn venue(
    threads_on: bool,
    channel: Option<&serenity::PartialChannel>,
    app_permissions: Option<serenity::Permissions>,
) -> Venue {
    use serenity::ChannelType as T;
    let threadable = channel.is_some_and(|c| matches!(c.kind, T::Text | T::News));
    if !threads_on || !threadable {
        return Venue::Here;
    }
    let missing = app_permissions.map_or(serenity::Permissions::empty(), |p| {
        THREAD_PERMISSIONS.difference(p)
    });
    if missing.is_empty() {
        Venue::Thread
    } else {
        Venue::Missing(missing.get_permission_names())
    }
}

/// Starts the thread of a game from `message` in `channel`, named `name`; a thread already
/// started from it (a repeated click) counts as started. Quiet threads leave the channel list
/// after a week, Discord's longest.
///
/// # Errors
/// Discord's, for a thread that could not be started.
pub async fn start(
    http: &serenity::Http,
    channel: serenity::ChannelId,
    message: serenity::MessageId,
    name: String,
) -> Result<(), serenity::Error> {
    let thread = serenity::CreateThread::new(name)
        .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek);
    match channel
        .create_thread_from_message(http, message, thread)
        .await
    {
        Err(e) if error_code(&e) != Some(THREAD_EXISTS) => Err(e),
        _ => Ok(()),
    }
}

/// Edits `message` in `channel`, unarchiving the channel first when it is an archived thread
/// (where edits fail with 50083; posting would unarchive it, editing does not).
///
/// # Errors
/// Discord's.
pub async fn edit_message(
    http: &serenity::Http,
    channel: serenity::ChannelId,
    message: serenity::MessageId,
    edit: serenity::EditMessage,
) -> Result<serenity::Message, serenity::Error> {
    match channel.edit_message(http, message, edit.clone()).await {
        Err(e) if error_code(&e) == Some(ARCHIVED) => {
            channel
                .edit_thread(http, serenity::EditThread::new().archived(false))
                .await?;
            channel.edit_message(http, message, edit).await
        }
        other => other,
    }
}

/// Sends `reply`, a public answer about `game`: as the answer when the command was used where
/// the game is played; else posted there (in its thread, where all its messages go), with a
/// private note in `lang` saying where. When the game's channel cannot be reached (a locked
/// thread, a lost permission) the answer is given here instead; when its thread was deleted,
/// the game is played in the channel of its challenge from now on.
///
/// # Errors
/// Discord's, for the answer here.
pub async fn answer(
    ctx: Context<'_>,
    lang: Lang,
    game: &Game,
    reply: poise::CreateReply,
) -> Result<(), Error> {
    let game_channel = game.channel_id;
    if ctx.channel_id().get() == game_channel {
        ctx.send(reply).await?;
        return Ok(());
    }
    let channel = serenity::ChannelId::new(game_channel);
    // The reference is unused: a reply is not marked as one unless asked.
    let message = reply.clone().to_prefix(serenity::MessageReference::from((
        channel,
        serenity::MessageId::new(1),
    )));
    match channel.send_message(ctx.http(), message).await {
        Ok(_) => {
            ctx.send(
                quiet_reply(md(&strings::threads::posted_in(lang, game_channel))).ephemeral(true),
            )
            .await?;
        }
        Err(e) => {
            tracing::warn!(error = %e, channel = game_channel, "cannot post in a game's channel; answering here");
            if error_code(&e) == Some(super::sweeper::UNKNOWN_CHANNEL)
                && game.parent_channel_id.is_some()
                && let Err(e) = ctx.data().service.play_in_parent(game.id).await
            {
                tracing::warn!(error = %e, game = game.id.0, "thread gone, and the game cannot move to its channel");
            }
            ctx.send(reply).await?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn channel(kind: u8) -> serenity::PartialChannel {
        serde_json::from_value(serde_json::json!({ "id": "5", "type": kind, "name": "x" })).unwrap()
    }

    #[test]
    fn a_game_gets_a_thread_only_where_the_server_and_the_channel_allow_it() {
        use self::serenity::Permissions as P;
        let all = Some(P::all());
        let text = channel(0);
        assert_eq!(venue(true, Some(&text), all), Venue::Thread);
        assert_eq!(
            venue(true, Some(&channel(5)), all),
            Venue::Thread,
            "announcements"
        );
        // Threads off, or already in a thread (public, private, announcement) or elsewhere.
        assert_eq!(venue(false, Some(&text), all), Venue::Here);
        for kind in [10, 11, 12, 2, 15] {
            assert_eq!(
                venue(true, Some(&channel(kind)), all),
                Venue::Here,
                "{kind}"
            );
        }
        assert_eq!(venue(true, None, all), Venue::Here);
        // Missing permissions are named, in Discord's words.
        let without = |p: P| Some(P::all() - p);
        assert_eq!(
            venue(true, Some(&text), without(P::CREATE_PUBLIC_THREADS)),
            Venue::Missing(vec!["Create Public Threads"])
        );
        assert_eq!(
            venue(true, Some(&text), without(THREAD_PERMISSIONS)),
            Venue::Missing(vec!["Create Public Threads", "Send Messages in Threads"])
        );
        // Permissions Discord did not send: try, and fall back if starting the thread fails.
        assert_eq!(venue(true, Some(&text), None), Venue::Thread);
    }
}
