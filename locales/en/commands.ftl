# Slash commands of the bot: names, descriptions, options and choices.
#
# Scheme: one message `command-<name>` per command; its value is the command's name,
# `.description` its description, and for each option `<opt>`: `.<opt>` (the option's
# name) and `.<opt>-description`. Discord's limits: names are lowercase, 1-32 letters,
# digits, `-` or `_`; descriptions and choice names are 1-100 characters.

## The parent command.

command-focus = focus
    .description = Play Sid Sackson's board game Focus.

## Starting a game.

command-challenge = challenge
    .description = Challenge someone (or anyone here) to a game of Focus in this channel.
    .opponent = opponent
    .opponent-description = Who to play; leave empty to let anyone in this channel accept
    .rules = rules
    .rules-description = Optional rules (default classic)
    .days = days
    .days-description = Days per move (default 3)
    .minutes = minutes
    .minutes-description = Minutes per move, for a live game played now (instead of days)
    .color = color
    .color-description = Your colour (default random)
    .rated = rated
    .rated-description = Whether the game counts for ratings (default yes)
    .position = position
    .position-description = Start from this position (FPN) instead of the standard setup; never rated
    .level = level
    .level-description = Against me (the bot as opponent): how strongly I play, 1 to 8 (default 3)

## Playing a game in this channel.

command-move = move
    .description = Play a move in this channel's game: c4-d4 moves a stack, +e5 drops from your reserve.
    .move = move
    .move-description = Your move, e.g. c4-d4 (a stack), +e5 (a drop), d4~d5 (the opening swap)
    .draw = draw
    .draw-description = Also offer a draw with this move

command-board = board
    .description = Show this channel's game.
    .side = side
    .side-description = See the board from this side (from Black's, turned around); shown only to you

command-resign = resign
    .description = Resign this channel's game.

command-draw = draw
    .description = Offer a draw, or accept your opponent's offer.

command-takeback = takeback
    .description = Ask to take back your last move; your opponent answers with a button.

command-abort = abort
    .description = Call off this channel's game: players while each side has moved at most once; moderators always.

command-moretime = moretime
    .description = Give your opponent more time on their move here: a day, or a live game's minutes per move.

## Your games and notices.

command-games = games
    .description = Your games in play on this server, least time left first.

command-notify = notify
    .description = Choose whether your turn notices and reminders also come by DM (leave empty to see).
    .dm = dm
    .dm-description = Also send turn notices and reminders by DM

## Ratings and records.

command-leaderboard = leaderboard
    .description = The server's leaderboard: ten players a page, with Previous and Next buttons.
    .page = page
    .page-description = Which page (default 1)

command-stats = stats
    .description = A player's rating, rank, record, streak and last games on this server.
    .user = user
    .user-description = Whose stats (default: yours)

command-hint = hint
    .description = My suggested move in your game against me, privately (three a game).

command-history = history
    .description = The moves of this channel's game (or of a game by number), as a record to replay.
    .game = game
    .game-description = A game's number (default: this channel's game)

command-replay = replay
    .description = An animated replay of this channel's game (or of a game by number), posted here.
    .game = game
    .game-description = A game's number (default: this channel's game, or the last one finished here)

command-analysis = analysis
    .description = The engine's review of a finished game: a chart of the evaluation and each side's mistakes.
    .game = game
    .game-description = A game's number (default: the last game finished in this channel)

## Help and server settings.

command-rules = rules
    .description = How to play Focus.

command-settings = settings
    .description = Server settings for Focus (for members with Manage Server).
    .language = language
    .language-description = The language of the bot's public messages on this server
    .threads = threads
    .threads-description = Whether each accepted challenge gets a thread of its own (default on)

command-watch = watch
    .description = The games in play on this server, most recently moved first, with links.
    .page = page
    .page-description = Which page (default 1)

## Choices of /focus challenge.

# Option `rules`: the optional rules.
choice-rules-classic = classic
choice-rules-swap = swap
choice-rules-mirror = mirror
choice-rules-swap-mirror = swap+mirror

# Option `color`: the challenger's colour.
choice-color-white = white
choice-color-black = black
choice-color-random = random

# Option `days`: days per move.
# Variables:
#   $days (Number) - days per move; 0 means no limit.
choice-days =
    { $days ->
        [0] unlimited
        [one] { $days } day
       *[other] { $days } days
    }

# Option `threads` of /focus settings.
choice-threads-on = on
choice-threads-off = off

# Option `side` of /focus board: whose side the board is seen from.
choice-side-white = white
choice-side-black = black

# Option `minutes`: minutes per move of a live game.
# Variables:
#   $minutes (Number) - minutes per move (5, 15 or 60).
choice-minutes =
    { $minutes ->
        [one] { $minutes } minute
       *[other] { $minutes } minutes
    }
