# The offline console (src/console): its own lines around the bot's messages. Commands,
# options and their values are typed in English or in the reader's language, as Discord shows them.

console-help =
    Type lines as `name: command` — each name is a player (new names are new players):
      alice: /focus challenge opponent:bob [rules:swap] [days:3 | minutes:5] [color:white] [rated:no] [position:<FPN>]
      bob: accept | decline          alice: cancel
      alice: challenge opponent:bot [level:1-8]   (a game against the bot, at once; `hint` in it: its move, three a game)
      alice: move c4-d4 [draw:yes]   (`suggest c4` lists legal moves)
      board [side:black] | resign | draw | takeback | abort | games | history [game] | replay [game] | analysis [game] | rules
      moretime | notify [dm:yes|no] | leaderboard [page] | stats [user] | watch [page] | settings [language] [threads]
      tournament create name:Spring [format:swiss|round-robin|double-round-robin] [rounds:5] [days:3 | minutes:15] [starts_in_hours:24] [pace:next|schedule|all-at-once] [round_every_days:7]
      tournament join | leave | withdraw | start | cancel | standings [page:2] | export | list   [tournament:3]
      tournament remove user:bob | result game:12 result:white|black|draw|white-forfeit|black-forfeit|double-forfeit | pause | resume | moretime game:12 | next   (the director)
      A tournament's games are played in threads typed as `#t1-r2-b3` (tournament, round, board).
      Buttons are clicked by typing their label: `bob: agree`, `alice: rematch`, `carol: next`.
      wait 2d   (let time pass: 30m, 6h, 2d; reminders, time-outs and expired challenges follow)
    Start a line with `#name` to play in another channel. `quit` ends the session.
# How the console marks who sees a line: `[#general] bot: …`, `[#general] bot → alice only: …`.
console-public = {"["}#{ $channel }] bot: { $text }
console-private = {"["}#{ $channel }] bot → { $user } only: { $text }
console-dm = {"["}DM to { $user }] bot: { $text }
console-edit-challenge = {"["}#{ $channel }] bot edits challenge { $challenge } (its buttons are disabled): { $text }
console-board = {"  "}board: { $path }
console-chart = {"  "}chart: { $path }
console-replay = {"  "}replay: { $path }
console-board-failed = {"  "}board: cannot write { $path }: { $error }
console-time-passes = {"  "}({ $span } later)
console-line-error = console: { $error }
console-how-long = how long? e.g. `wait 2d`, `wait 6h`, `wait 30m`, `wait 90s`: from 1 second to 365 days
console-not-a-challenge = `{ $text }` is not a challenge number
console-no-own-challenge = you have no open challenge in this channel
console-no-challenge = there is no open challenge for you in this channel
# Spans of time: `in 2 days 4 hours`, `3 hours 5 minutes ago`, `now`.
console-now = now
console-in = in { $span }
console-ago = { $span } ago
console-no-name = write `name: command`, for example `alice: /focus challenge opponent:bob`
console-bad-name = a user name is one word before the colon, like `alice:`
console-not-utf8 = the line is not UTF-8 text; it is skipped
console-edit = {"["}#{ $channel }] bot edits the message: { $text }
console-buttons = {"  "}buttons: { $buttons } (type a label to click it, e.g. `{ $example }`)
console-record = {"  "}record: { $path }
console-not-your-button = only @{ $owner } sees the [{ $label }] button: only they can click it
console-nothing-to-answer = there is nothing of that kind to answer here
console-word-accept = accept
console-word-decline = decline
console-word-cancel = cancel
