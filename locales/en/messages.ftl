# The bot's messages (src/strings/mod.rs). Mentions (`<@id>`), channel links (`<#id>`) and
# Discord timestamps (`<t:unix:R>`) arrive ready-made in the variables; Discord shows them in
# the reader's language.

## The language itself (its own name, shown in /focus settings)

language-name = English

## Colours and counts

color-white = White
color-black = Black
# The colours as a heading (a board's panels, a chart's title): capitalised, as a heading is.
color-white-heading = White
color-black-heading = Black
someone = someone
count-moves = { $count ->
        [one] { $count } move
       *[other] { $count } moves
    }
count-days = { $count ->
        [one] { $count } day
       *[other] { $count } days
    }
count-hours = { $count ->
        [one] { $count } hour
       *[other] { $count } hours
    }
count-seconds = { $count ->
        [one] { $count } second
       *[other] { $count } seconds
    }
count-minutes = { $count ->
        [one] { $count } minute
       *[other] { $count } minutes
    }
# A count of time as the object of "in …" or "… ago" (Russian needs the accusative there).
count-days-accusative = { $count ->
        [one] { $count } day
       *[other] { $count } days
    }
count-hours-accusative = { $count ->
        [one] { $count } hour
       *[other] { $count } hours
    }
count-minutes-accusative = { $count ->
        [one] { $count } minute
       *[other] { $count } minutes
    }
count-seconds-accusative = { $count ->
        [one] { $count } second
       *[other] { $count } seconds
    }
# A moment relative to now, as a Discord timestamp reads (`in 2 days 4 hours`, `5 minutes ago`);
# $span is made of the count-*-accusative messages.
time-now = now
time-in = in { $span }
time-ago = { $span } ago
count-games = { $count ->
        [one] { $count } game
       *[other] { $count } games
    }
count-pieces = { $count ->
        [one] { $count } piece
       *[other] { $count } pieces
    }

## Failures around commands

guild-only = Focus is played in server channels: use /focus there, not in DMs
stale-button = this button is no longer in use; use /focus to continue
# Where the opponent may not have the app's slash commands (a DM, a group DM, a server without the bot).
stale-button-here = this button is no longer in use: use the buttons on the game's latest message
missing-permissions = I am missing the { $permissions } permission in this channel, so I cannot hold a game here; ask a server admin to grant it, or play in another channel
bad-option = I could not read the option `{ $input }`
permission-view-channel = View Channel
permission-send-messages = Send Messages
permission-send-messages-in-threads = Send Messages in Threads
permission-embed-links = Embed Links
permission-attach-files = Attach Files
permission-read-message-history = Read Message History
permission-create-public-threads = Create Public Threads

## Buttons

button-accept = Accept
button-decline = Decline
button-cancel = Cancel
button-play-anyway = Play it anyway
button-agree = Agree
button-refuse = Refuse
button-previous = ◀ Previous
button-next = Next ▶
button-replay = ▶ Replay
button-rematch = Rematch

## Challenges

# $time: the time control, a `time-control` message.
terms = { $rules } rules · { $time } · { $rated ->
        [yes] rated
       *[no] unrated
    }
# A time control: days per move (correspondence), minutes per move (a live game), or none.
time-control = { $kind ->
        [days] { $count ->
            [one] { $count } day per move
           *[other] { $count } days per move
        }
        [minutes] { $count ->
            [one] { $count } minute per move
           *[other] { $count } minutes per move
        }
       *[none] no time limit
    }
challenge-to = { $challenger } challenges { $opponent } to a game of Focus!
challenge-open = { $challenger } is looking for an opponent for a game of Focus: anyone here may accept!
challenge-color = { $color ->
        [white] { $challenger } plays White
        [black] { $challenger } plays Black
       *[random] colours drawn at random
    }
rematch-of = **Rematch** of game { $game }, colours swapped:
challenge-setup = from a set-up position
challenge-expires = The challenge expires { $when }.
challenge-closed = { $status ->
        [declined] The challenge of { $challenger } is declined.
        [cancelled] The challenge of { $challenger } is cancelled.
        [expired] The challenge of { $challenger } has expired.
        [accepted] The challenge of { $challenger } is accepted.
       *[open] The challenge of { $challenger } is open.
    }
accepted-by = Accepted by { $player }.
challenge-expired = The challenge of { $challenger } has expired: nobody accepted it within a day. Start a new one with /focus challenge.
challenge-expired-to = The challenge of { $challenger } to { $opponent } has expired: nobody accepted it within a day. Start a new one with /focus challenge.
# Held notices (DMs that could not be sent) that found no room in this reply.
held-more = { $count ->
        [one] One more notice comes with your next command or click.
       *[other] { $count } more notices come with your next command or click.
    }
# By DM to the challenger, where the bot cannot edit its challenge message (a group DM, a DM,
# a server without the bot). `unseen`: in a group DM or DM, whose members the bot cannot know.
challenge-expired-dm = Your challenge in { $link } has expired: nobody accepted it within a day. Start a new one with /focus challenge.
challenge-expired-dm-to = Your challenge to **{ $opponent }** in { $link } has expired: nobody accepted it within a day. Start a new one with /focus challenge.
challenge-expired-dm-unseen = Your challenge to **{ $opponent }** in { $link } has expired: nobody accepted it within a day. If they are not in that conversation, they could not see it: challenge them where you both are.

## Playing

to-move = { $player } ({ $color ->
        [white] White
       *[black] Black
    }) to move.
to-move-by = { $player } ({ $color ->
        [white] White
       *[black] Black
    }) to move, by { $time } ({ $relative }).
hint-given = My hint in game { $game }: **{ $move }**. { $left ->
        [0] That was your last hint in this game.
        [one] You have { $left } hint left in this game.
       *[other] You have { $left } hints left in this game.
    }
bot-game-announced = { $player } plays against me.
bot-level = I play at level { $level } of 8.
bot-thinking = { $bot } (level { $level }) is thinking…
game-started = **Game { $game } begins!** { $white } plays White, { $black } plays Black.
move-played = { $player } { $kind ->
        [drop] dropped
        [swap] swapped
       *[step] played
    } **{ $move }**{ $effect }.
move-captured = captured { $count }
move-to-reserve = { $count } to reserve
# A suggested move (autocomplete) that loses at once under the mirror rule.
suggestion-loses-mirror = { $move } (loses: mirror rule)
# The suggested moves as one line (where autocomplete cannot show them: the console).
suggestions = suggestions: { $moves }
# No move to suggest; $typed: what the player typed so far.
suggestions-none = No move to suggest: you have no game in play here, or it is not your move.
suggestions-none-matching = No move to suggest: none of your legal moves matches `{ $typed }`, or it is not your move here.
board-caption = Game { $game }: { $white } (White) vs { $black } (Black), ply { $ply } · { $terms }

## Results

# The caption of a game's animated replay (a GIF).
replay-caption = Replay of game { $game }: { $white } (White) vs { $black } (Black), { $plies ->
        [one] { $plies } ply
       *[other] { $plies } plies
    }.

result-aborted = Game { $game } was aborted: no result, no rating change.
result-held = Game { $game } is held for a moderator: its stored moves and position disagree.
result-win = **{ $player } ({ $color ->
        [white] White
       *[black] Black
    }) wins game { $game }**, { $reason }.
result-draw = **Game { $game } is drawn** by agreement.
result-over = Game { $game } is over.
end-reason = { $reason ->
        [no-legal-move] no legal move
        [mirror-rule] mirror rule
        [resignation] by resignation
        [time-out] on time
        [agreement] draw by agreement
        [aborted] aborted
        [adjudication] by the director's decision
       *[over] game over
    }
ratings-line = Ratings: { $white } { $white_rating } ({ $white_change }), { $black } { $black_rating } ({ $black_change }).

## Offers

draw-offered = { $player } offers a draw. { $opponent }, accept with the button or /focus draw; playing on declines it.
# Where the opponent may not have the app's slash commands.
draw-offered-here = { $player } offers a draw. { $opponent }, accept with the button; playing on declines it.
draw-lapsed = The draw offer of { $player } lapsed: the game goes on.
draw-declined = { $player } declines the draw. Play on!
takeback-requested = { $player } asks to take back their last move. { $opponent }, do you agree?
takeback-done = The last move was taken back.
takeback-declined = The takeback was declined; game { $game } goes on.

## /focus games

summary-line = Game { $game } in { $channel } vs { $opponent } ({ $rules } rules, you play { $color ->
        [white] White
       *[black] Black
    }): { $turn ->
        [yours] **your move**
       *[theirs] their move
    }
summary-line-due = Game { $game } in { $channel } vs { $opponent } ({ $rules } rules, you play { $color ->
        [white] White
       *[black] Black
    }): { $turn ->
        [yours] **your move**
       *[theirs] their move
    }, due { $due }
dashboard-heading = **Your games on this server** ({ $games } in play, { $waiting } waiting for you), least time left first:
dashboard-heading-everywhere = **All your games** ({ $games } in play, { $waiting } waiting for you), least time left first:
dashboard-more = …and { $count } more.
no-games = You have no game in play on this server. Start one with /focus challenge.

## Deadlines, reminders and time-outs

time-runs-out = Time runs out { $relative } ({ $time }).
if-time-runs-out = { $aborts ->
        [yes] if time runs out, the game is aborted
       *[no] if time runs out, you lose on time
    }
your-turn-dm = Your move in Focus game { $game } against **{ $opponent }**: { $link }
reminder-dm = ⏰ Reminder: your move in Focus game { $game } against **{ $opponent }** is due soon; { $consequence }.
reminder = ⏰ { $player }, reminder: your move in game { $game } is due soon; { $consequence }.
timed-out-aborted = **Game { $game } is aborted:** { $player } did not move in time, while each side had moved at most once. No result, no rating change.
timed-out = **{ $player } ran out of time**.
more-time-given = { $giver } gives { $receiver } one more day for this move.
# In a live game `/focus moretime` gives the game's own minutes per move (5, 15 or 60).
more-time-given-live = { $giver } gives { $receiver } { $minutes ->
        [one] { $minutes } more minute
       *[other] { $minutes } more minutes
    } for this move.

## /focus notify

notify-dm-on = You get a DM when it is your move, besides the mention in the game's channel, and your reminder when time is running out comes by DM instead of in the channel.
notify-dm-off = You are told in the game's channel only: the move message mentions you, and so does your reminder when time is running out.
notify-how-on = Stop the DMs with `/focus notify dm:False`.
notify-how-off = Get them by DM with `/focus notify dm:True`.
notify-saved = Saved.

## /focus history

history = Game { $game } ({ $rules } rules), { $plies ->
        [one] { $plies } ply
       *[other] { $plies } plies
    }:
history-replay = Replay it by pasting this message into `focus-bot replay`.
history-attached = The record is too long for a message: it is in the attached file, which `focus-bot replay` reads as it is.

## /focus settings

settings-language-set = From now on the bot's public messages on this server are in { $language }.
settings-shown = The bot's public messages on this server are in { $language }. Members with Manage Server can change it with `/focus settings language:`.
# The same in a group DM or a DM (`here`), where anyone in the conversation may choose.
settings-language-set-here = From now on the bot's public messages in this conversation are in { $language }.
settings-shown-here = The bot's public messages in this conversation are in { $language }. Anyone here can change it with `/focus settings language:`.

## Leaderboard and stats

leaderboard-empty = **Leaderboard**
    Nobody here has finished a rated game yet: challenge someone with /focus challenge.
leaderboard-heading = **Leaderboard** · page { $page } of { $pages } · { $ranked } ranked, { $provisional } provisional (`?`: rating not yet settled)
leaderboard-line = { $rank } { $player } · **{ $rating }** · { $games ->
        [one] { $games } game
       *[other] { $games } games
    } · { $record }
outcome-letter = { $outcome ->
        [win] W
        [loss] L
       *[draw] D
    }
wins-losses-draws = { $wins ->
        [one] { $wins } win
       *[other] { $wins } wins
    }, { $losses ->
        [one] { $losses } loss
       *[other] { $losses } losses
    }, { $draws ->
        [one] { $draws } draw
       *[other] { $draws } draws
    }
stats-none = { $player } has not finished a game on this server yet.
stats-none-between-people = { $player } has not finished a game against a person on this server yet.
stats-against-bot = Against me: { $results }
stats-bot-level = level { $level }: { $record }
stats-rank = rank { $rank } of { $ranked }
stats-no-rated-game = no rated game yet
stats-left = not ranked: no longer on this server
stats-provisional = provisional: ranked once the deviation is under { $deviation }
stats-heading = **Stats of { $player }**
stats-rating = Rating: **{ $rating }** ± { $deviation } · { $place }
stats-games = Games: { $games } ({ $record }; { $rated } rated)
stats-streak = Streak: { $outcome ->
        [win] { $count ->
            [one] { $count } win
           *[other] { $count } wins
        }
        [loss] { $count ->
            [one] { $count } loss
           *[other] { $count } losses
        }
       *[draw] { $count ->
            [one] { $count } draw
           *[other] { $count } draws
        }
    } in a row
stats-last-games = Last games: { $results }
stats-result = { $outcome } vs { $opponent }
stats-unrated = unrated
stats-head-to-head-none = You have not finished a game against { $player } here yet.
stats-head-to-head = You against { $player }: { $record }

## The board picture (drawn by src/render)

picture-reserve = reserve
picture-captured = captured
picture-to-move = to move
picture-winner = winner
picture-held = held for a moderator
# The board's top-right corner: the game's number, and the number of the move being played
# (of the last move, once the game is over), as /focus watch and the record count them.
picture-game = Game { $game }
picture-move = move { $number }
picture-note = { $reason ->
        [no-legal-move] cannot move
        [mirror-rule] mirrored: loses
        [resignation] resigned
        [time-out] ran out of time
        [agreement] draw by agreement
       *[aborted] aborted
    }

## A thread per game

# The name of a game's thread (Discord cuts names at 100 characters).
thread-name = Focus #{ $game } · { $white } vs { $black }
game-in-thread = Game { $game } is played in { $thread }.
thread-missing-permissions = The game is played here in the channel, one at a time: the bot may not start threads here (missing: { $permissions }).
thread-failed = The game is played here in the channel: its thread could not be started.
posted-in = Posted in { $channel }.
settings-threads-set = { $threads ->
        [on] From now on each accepted challenge gets a thread of its own.
       *[off] From now on games are played in the channel of their challenge, one at a time.
    }
settings-threads-shown = { $threads ->
        [on] Each accepted challenge gets a thread of its own.
       *[off] Games are played in the channel of their challenge, one at a time.
    } Members with Manage Server can change it with `/focus settings threads:`.

## /focus watch

watch-empty = **Games in play**
    No game is being played on this server right now: start one with /focus challenge.
watch-heading = **Games in play** · page { $page } of { $pages } · { $total ->
        [one] { $total } game
       *[other] { $total } games
    }, most recently moved first
watch-line = Game { $game } · { $white } vs { $black } · move { $number } · { $color ->
        [white] White
       *[black] Black
    } to move · { $channel }

## A game's controls, where a player may have no slash commands (menus, the move form)
button-type-move = ⌨ Type a move
button-offer-draw = Offer a draw
button-resign = Resign
button-board = Board
pick-origin = Your move
pick-stack = { $height ->
        [1] { $square } — one piece
       *[other] { $square } — stack of { $height }
    }
pick-reserve = Reserve — { $pieces ->
        [one] { $pieces } piece
       *[other] { $pieces } pieces
    }
pick-swap = Opening swap
pick-rank = Rank { $rank }
pick-step = { $notation } ({ $pieces ->
        [one] { $pieces } piece
       *[other] { $pieces } pieces
    })
pick-drop = +{ $to }: a reserve piece onto { $to }
pick-swap-pair = { $a }~{ $b }: swap { $a } and { $b }
pick-placeholder-origin = Your move: a stack or the reserve
pick-placeholder-stack = Where does { $square } go?
pick-placeholder-reserve = Where does the reserve piece go?
pick-placeholder-swap = Which pieces swap?
pick-asking = Game { $game }: { $ask }
pick-played = Game { $game }: you played { $notation }.
pick-form-title = Your move in game { $game }
pick-form-label = Move: c4-d4 (stack) or +e5 (reserve)
pick-resign-sure = Resign game { $game }? It counts as a loss.
only-you-see = *Only you can see this: this server doesn't let apps its members installed answer for everyone (Use External Apps), so ask a server admin to add focus-bot, or play in a group DM.*
