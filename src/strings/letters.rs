//! The letters the bot sends on its own (reminders, time-outs, turn DMs, expired challenges),
//! put into words in the letter's language.

use crate::i18n::Lang;
use crate::service::{Letter, Named, News};
use crate::store::{Game, GameStatus};
use crate::tr;

use super::{aborts_on_time_out, challenge_expired_marked, mention, result_line_marked, with_due};
use crate::text::Text;

/// The language a letter is to be read in: its reader's or its server's.
pub fn lang_of(letter: &Letter) -> Lang {
    match letter {
        Letter::Post { locale, .. }
        | Letter::Direct { locale, .. }
        | Letter::CloseChallenge { locale, .. }
        | Letter::StartGame { locale, .. }
        | Letter::Announce { locale, .. }
        | Letter::Tournament { locale, .. } => Lang::of(*locale),
    }
}

/// The text of `letter` in `lang` (normally [`lang_of`] the letter).
pub fn text(lang: Lang, letter: &Letter) -> Text {
    Text::from_marked(&text_marked(lang, letter))
}

pub(crate) fn text_marked(lang: Lang, letter: &Letter) -> String {
    match letter {
        Letter::Post { news, .. } => in_channel(lang, news),
        Letter::Direct { news, .. } => direct(lang, news),
        Letter::CloseChallenge { challenge, .. } => challenge_expired_marked(lang, challenge),
        Letter::StartGame {
            tournament, board, ..
        } => super::tournaments::board_message_marked(lang, tournament, board),
        // A tournament's news is finished with `strings::tournaments::news` (several
        // messages, then the standings' picture); this is its first message, for what shows
        // one letter as one text (held letters, tests).
        Letter::Tournament { news, .. } => super::tournaments::news_first_marked(lang, news),
        Letter::Announce { view, .. } => super::tournaments::announcement_marked(lang, view),
    }
}

/// A link that opens channel `channel` of server `guild` (works in DMs).
fn channel_link(guild: u64, channel: u64) -> String {
    crate::text::channel_link(guild, channel)
}

/// What happens if time runs out in `game`: a loss, or an abort while each side has moved at
/// most once.
fn if_time_runs_out(lang: Lang, game: &Game) -> String {
    let aborts = if aborts_on_time_out(game) {
        "yes"
    } else {
        "no"
    };
    tr!(lang, "if-time-runs-out", aborts = aborts)
}

/// A name to show in a DM: the stored one, else a mention.
fn name_of(named: &Named) -> String {
    named.name.clone().unwrap_or_else(|| mention(named.id))
}

/// A direct message.
fn direct(lang: Lang, news: &News) -> String {
    match news {
        News::YourTurn { game, opponent } => with_due(
            lang,
            tr!(
                lang,
                "your-turn-dm",
                game = game.id.0.to_string(),
                opponent = name_of(opponent),
                link = channel_link(game.guild_id, game.channel_id)
            ),
            game,
        ),
        News::Reminder { game, opponent, .. } => {
            let text = with_due(
                lang,
                tr!(
                    lang,
                    "reminder-dm",
                    game = game.id.0.to_string(),
                    opponent = name_of(opponent),
                    consequence = if_time_runs_out(lang, game)
                ),
                game,
            );
            format!("{text} {}", channel_link(game.guild_id, game.channel_id))
        }
        News::NoShow { tournament, round } => {
            super::tournaments::no_show_marked(lang, tournament, *round)
        }
        News::ChallengeExpired {
            challenge,
            opponent,
        } => {
            let link = channel_link(challenge.guild_id, challenge.channel_id);
            match opponent {
                // Discord does not tell the bot who is in a group DM or a DM: an opponent
                // outside it never saw the challenge.
                Some(opponent) if challenge.venue.private() => tr!(
                    lang,
                    "challenge-expired-dm-unseen",
                    opponent = name_of(opponent),
                    link = link
                ),
                Some(opponent) => tr!(
                    lang,
                    "challenge-expired-dm-to",
                    opponent = name_of(opponent),
                    link = link
                ),
                None => tr!(lang, "challenge-expired-dm", link = link),
            }
        }
        // Never sent as DMs; worded as in the channel.
        News::TimedOut { .. } | News::BotMoved(_) | News::GameStarted { .. } => {
            in_channel(lang, news)
        }
    }
}

/// A message in the game's channel.
fn in_channel(lang: Lang, news: &News) -> String {
    match news {
        News::Reminder { game, player, .. } => with_due(
            lang,
            tr!(
                lang,
                "reminder",
                player = mention(*player),
                game = game.id.0.to_string(),
                consequence = if_time_runs_out(lang, game)
            ),
            game,
        ),
        News::TimedOut { game, loser } if game.status == GameStatus::Aborted => tr!(
            lang,
            "timed-out-aborted",
            game = game.id.0.to_string(),
            player = mention(*loser)
        ),
        News::TimedOut { game, loser } => format!(
            "{} {}",
            tr!(lang, "timed-out", player = mention(*loser)),
            result_line_marked(lang, game)
        ),
        // As a person's move is announced.
        News::BotMoved(report) => super::move_played_marked(lang, report),
        News::GameStarted {
            game,
            tournament,
            round,
        } => super::tournaments::game_started_marked(lang, tournament, game, *round),
        // Never posted in a channel (the move's message pinged the player); worded as the DM.
        News::YourTurn { .. } | News::NoShow { .. } | News::ChallengeExpired { .. } => {
            direct(lang, news)
        }
    }
}

/// The held letters ([`crate::service::Post::take_held`]) shown to their reader in one
/// private message at their next interaction: as many as fit within
/// [`super::MESSAGE_LIMIT`], with room kept for the line that says how many wait.
pub struct HeldMessage {
    lang: Lang,
    texts: Vec<Text>,
    /// The length so far ([`super::message_len`]), newlines included.
    used: usize,
    /// Room for the closing line, at its longest.
    room: usize,
}

impl HeldMessage {
    /// An empty message in `lang`, the reader's language.
    pub fn new(lang: Lang) -> HeldMessage {
        HeldMessage {
            lang,
            texts: Vec::new(),
            used: 0,
            room: 1 + super::message_len(&held_more(lang, 99_999)),
        }
    }

    /// Adds `letter` if it fits; false (and nothing added) if not.
    pub fn take(&mut self, letter: &Letter) -> bool {
        self.fit(text(self.lang, letter))
    }

    fn fit(&mut self, text: Text) -> bool {
        let len = super::message_len(&text) + usize::from(!self.texts.is_empty());
        // The first always goes in (a letter is a few hundred characters at most), so that
        // none can wait for ever.
        if !self.texts.is_empty() && self.used + len + self.room > super::MESSAGE_LIMIT {
            return false;
        }
        self.used += len;
        self.texts.push(text);
        true
    }

    /// The message, with a last line when `left` letters still wait; `None` if nothing was
    /// taken.
    pub fn message(self, left: usize) -> Option<Text> {
        if self.texts.is_empty() {
            return None;
        }
        let lang = self.lang;
        let text = Text::lines(self.texts);
        Some(if left > 0 {
            text.line(held_more(lang, left))
        } else {
            text
        })
    }
}

/// "2 more notices come with your next command or click."
fn held_more(lang: Lang, left: usize) -> Text {
    Text::plain(tr!(lang, "held-more", count = left))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn held_letters_fill_one_message_within_discords_limit_and_count_the_rest() {
        for lang in Lang::all() {
            let mut message = HeldMessage::new(lang);
            // 300 characters of Cyrillic each: six fit beside the closing line, not seven.
            let letter = || Text::plain("я".repeat(300));
            let taken = (0..10).take_while(|_| message.fit(letter())).count();
            assert_eq!(taken, 6, "{lang:?}");
            let text = message.message(4).unwrap();
            let len = super::super::message_len(&text);
            assert!(len <= super::super::MESSAGE_LIMIT, "{len}");
            let words = text.words();
            let last = words.lines().last().unwrap();
            let expected = if lang == Lang::ENGLISH {
                "4 more notices come with your next command or click."
            } else {
                "Ещё 4 уведомления придут с вашей следующей командой или нажатием."
            };
            assert_eq!(last, expected);
        }
        // Nothing waits: no closing line; nothing taken: no message.
        let mut message = HeldMessage::new(Lang::ENGLISH);
        assert!(message.fit(Text::plain("Your move.")));
        let one = message.message(0).unwrap();
        assert_eq!(one.words(), "Your move.");
        assert!(HeldMessage::new(Lang::ENGLISH).message(3).is_none());
        // A first letter that leaves no room for the closing line still goes (alone), so that
        // none waits for ever; nothing follows it.
        let mut message = HeldMessage::new(Lang::ENGLISH);
        assert!(message.fit(Text::plain("x".repeat(1_990))));
        assert!(!message.fit(Text::plain("y")));
    }
}
