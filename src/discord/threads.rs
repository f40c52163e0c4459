//! A thread per game (issue 12): starting it, and editing messages in threads that Discord has
//! archived. Whether a place allows threads is [`super::interaction::thread_room`]; where an
//! accepted game goes is the command layer's.
//!
//! A thread started from a message has the message's id, so the game is stored with its
//! thread's id before the thread exists, and a second start from the same message (error
//! 160004) finds the thread already there.

use poise::serenity_prelude as serenity;

use super::error_code;

/// What the bot needs in a channel to play a game in a thread of its own: to start it, and to
/// post in it (Send Messages does not apply inside threads).
pub const THREAD_PERMISSIONS: serenity::Permissions = serenity::Permissions::CREATE_PUBLIC_THREADS
    .union(serenity::Permissions::SEND_MESSAGES_IN_THREADS);

/// Discord's "a thread has already been created for this message".
const THREAD_EXISTS: isize = 160_004;
/// Discord's "thread is archived": edits there fail until it is unarchived.
const ARCHIVED: isize = 50_083;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::ThreadRoom;
    use crate::discord::interaction::thread_room;

    fn channel(kind: u8) -> serenity::PartialChannel {
        serde_json::from_value(serde_json::json!({ "id": "5", "type": kind, "name": "x" })).unwrap()
    }

    #[test]
    fn a_game_gets_a_thread_only_where_the_channel_and_the_permissions_allow_it() {
        use self::serenity::Permissions as P;
        let all = Some(P::all());
        let text = channel(0);
        assert_eq!(thread_room(Some(&text), all), ThreadRoom::Able);
        assert_eq!(
            thread_room(Some(&channel(5)), all),
            ThreadRoom::Able,
            "announcements"
        );
        // Already in a thread (public, private, announcement), or elsewhere.
        for kind in [10, 11, 12, 2, 15] {
            assert_eq!(
                thread_room(Some(&channel(kind)), all),
                ThreadRoom::NotHere,
                "{kind}"
            );
        }
        assert_eq!(thread_room(None, all), ThreadRoom::NotHere);
        // Missing permissions are named, in Discord's words.
        let without = |p: P| Some(P::all() - p);
        assert_eq!(
            thread_room(Some(&text), without(P::CREATE_PUBLIC_THREADS)),
            ThreadRoom::Missing(vec!["Create Public Threads"])
        );
        assert_eq!(
            thread_room(Some(&text), without(THREAD_PERMISSIONS)),
            ThreadRoom::Missing(vec!["Create Public Threads", "Send Messages in Threads"])
        );
        // Permissions Discord did not send: try, and fall back if starting the thread fails.
        assert_eq!(thread_room(Some(&text), None), ThreadRoom::Able);
    }
}
