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
    .description = Your games in play, least time left first (outside a server with the bot: all of them).

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
    .description = Focus settings: the language here; threads and tournaments on servers (Manage Server).
    .language = language
    .language-description = The language of the bot's public messages here (a server, a group DM or a DM)
    .threads = threads
    .threads-description = Whether each accepted challenge gets a thread of its own (default on)
    .tournament_role = tournament_role
    .tournament_role-description = The role whose members may create tournaments (besides Manage Server)

command-watch = watch
    .description = The games in play on this server, most recently moved first, with links.
    .page = page
    .page-description = Which page (default 1)

## Tournaments: the group /focus tournament and its subcommands.
#
# A subcommand of the group is `command-tournament-<name>`; the options of all of them are
# attributes of `command-tournament` (an option means the same in each).

command-tournament = tournament
    .description = Tournaments on this server: create, join, play and direct them.
    .name = name
    .name-description = The tournament's name
    .format = format
    .format-description = Swiss (default), round-robin or double round-robin
    .rounds = rounds
    .rounds-description = A Swiss's rounds (default: from the number of players)
    .days = days
    .days-description = Days per move (default 3)
    .minutes = minutes
    .minutes-description = Minutes per move, for live games (instead of days)
    .rules = rules
    .rules-description = Optional rules (default classic)
    .rated = rated
    .rated-description = Whether its games count for ratings (default yes)
    .starts_in_hours = starts_in_hours
    .starts_in_hours-description = Start on its own in this many hours (default: when its director starts it)
    .max_players = max_players
    .max_players-description = The most players it takes
    .pace = pace
    .pace-description = How rounds follow each other (default: the next when the last ends)
    .round_every_days = round_every_days
    .round_every_days-description = Days between rounds on a schedule
    .tournament = tournament
    .tournament-description = The tournament's number (default: the one announced in this channel)
    .page = page
    .page-description = Which page (default 1)
    .user = user
    .user-description = The player
    .game = game
    .game-description = The game's number
    .result = result
    .result-description = The game's result

command-tournament-create = create
    .description = Create a tournament here; its games are played in threads of this channel.
command-tournament-join = join
    .description = Join a tournament.
command-tournament-leave = leave
    .description = Leave a tournament before it starts.
command-tournament-withdraw = withdraw
    .description = Withdraw from a running tournament.
command-tournament-start = start
    .description = Start a tournament now (director).
command-tournament-cancel = cancel
    .description = Call off a tournament (director).
command-tournament-standings = standings
    .description = A tournament's standings and crosstable.
command-tournament-export = export
    .description = A tournament as a TRF file.
command-tournament-list = list
    .description = The tournaments on this server.
command-tournament-remove = remove
    .description = Remove a player from a tournament (director).
command-tournament-result = result
    .description = Set or correct a game's result (director).
command-tournament-pause = pause
    .description = Pause a tournament: no new round starts (director).
command-tournament-resume = resume
    .description = Resume a paused tournament (director).
command-tournament-moretime = moretime
    .description = One more move's time in a game (director).
command-tournament-next = next
    .description = Start the next round now (director).

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

## Choices of /focus tournament.

# Option `format` of create.
choice-format-swiss = Swiss
choice-format-round-robin = round-robin
choice-format-double-round-robin = double round-robin

# Option `pace` of create: how rounds follow each other.
choice-pace-next = the next when the last ends
choice-pace-schedule = on a schedule
choice-pace-all-at-once = all at once (round-robin)

# Option `result` of result: a game's result set by the director.
choice-result-white = White wins
choice-result-black = Black wins
choice-result-draw = draw
choice-result-white-forfeit = White wins by forfeit
choice-result-black-forfeit = Black wins by forfeit
choice-result-double-forfeit = double forfeit
