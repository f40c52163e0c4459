# The sentences of the errors a player can cause (src/strings/errors.rs). Each is one sentence
# a player can act on; it starts in lower case, as the bot shows it after nothing else.

## Squares and moves as typed

error-not-a-square = `{ $text }` is not a square: squares are a file a–h and a rank 1–8, like c5
error-cut-corner = { $text } is a cut corner: the three squares at each corner are not part of the board
error-no-move = no move given: write c5-e5 to move, +e5 to drop from your reserve
error-unreadable-move = `{ $text }` is not a move: write c5-e5 to move a stack, +e5 to drop from your reserve, d4~d5 to swap
error-diagonal = { $from }-{ $to } is diagonal: stacks move along a rank or a file, never diagonally
error-same-square = { $square }-{ $square } goes nowhere: a stack must move at least one square
error-count-mismatch = { $from }-{ $to }:{ $count } moves { $count } pieces over { $distance ->
        [one] { $distance } square
       *[other] { $distance } squares
    }: a stack moves exactly as many squares as pieces
error-swap-not-adjacent = { $a }~{ $b } is not a swap: a swap exchanges two pieces on orthogonally adjacent squares

## Moves against the position

error-game-over = the game is over: no more moves can be played
error-empty-square = { $square } is empty: choose a stack with your piece on top
error-not-your-stack = { $square } is not your stack: its top piece is { $owner }, and you ({ $mover }) move only stacks with your piece on top
error-too-few-pieces = { $from }-{ $to } moves { $count } pieces, but { $from } holds only { $height }: a stack moves exactly as many squares as the pieces it takes
error-no-reserve = { $color } has no pieces in reserve to drop
error-swap-required = with the opening-swap rule White's first turn must be a swap of two adjacent single pieces of different colours, like d4~d5
error-swap-not-allowed = a swap is allowed only as White's first turn, and only with the opening-swap rule
error-swap-not-singles = a swap exchanges two single pieces, but { $square } holds { $height }
error-swap-same-color = a swap exchanges a white and a black piece, but { $a } and { $b } are both { $color }

# A list ending in "or": `1, 2, 3 or 5`.
list-or = { $head } or { $last }

## Positions (FPN)

error-fpn-fields = an FPN has 6 fields (board, side to move, white reserve, black reserve, captured by white, captured by black) but this one has { $count }
error-fpn-ranks = the board needs 8 ranks separated by '/', but this one has { $count }
error-fpn-rank-length = rank { $rank } has { $expected } squares, but the FPN gives { $found }
error-fpn-stack = { $square }: `{ $text }` is not a stack; write its pieces bottom to top with w and b, or . for empty
error-fpn-too-tall = { $square } holds { $height } pieces, but a stack is at most 5 high
error-fpn-side = the side to move must be w or b, not `{ $text }`
error-fpn-count = the { $field ->
        [white-reserve] white reserve
        [black-reserve] black reserve
        [white-captured] captured by white
       *[black-captured] captured by black
    } must be a number from 0 to 18, not `{ $text }`
error-fpn-piece-count = { $color }'s pieces add up to { $total }, not 18: { $board } on the board + { $reserve } in reserve + { $captured } captured by { $opponent }
error-rules = `{ $text }` is not a rule set: use { $choices }

## Game records

error-bad-tag = line { $line } of the record's header is not a tag: write it as [Name "value"]
error-unclosed-annotation = the annotation opened with `{ $open }` at character { $at } is never closed: close it with `{ $close }`
error-record-move = ply { $ply } ({ $number }{ $side ->
        [white] .
       *[black] ...
    } { $text }): { $error }

## The store's refusals

error-no-such-game = there is no game { $game }
error-no-such-challenge = there is no challenge { $challenge }
error-game-not-active = game { $game } is not in play: { $status ->
        [active] it is in play after all; try again
        [finished] it is over
        [aborted] it was called off
       *[review] it is held for a moderator
    }
error-position-changed = the position changed: someone moved first; look at the board and try again
error-database-unavailable = the database cannot be reached right now; nothing was changed, try again in a moment
error-not-a-player-in = you are not playing in game { $game }
error-not-your-turn = it is not your turn: { $to_move } is to move, and you play { $you }
error-mismatch = game { $game } is held for a moderator: its stored position does not match its moves
error-channel-busy = this channel already has a game in play: finish it first, or play in another channel
error-challenge-expired = challenge { $challenge } has expired: send a new one
error-challenge-closed = challenge { $challenge } is no longer open (it was { $status ->
        [accepted] accepted
        [declined] declined
        [cancelled] cancelled
        [expired] expired
       *[open] open
    })
error-not-your-challenge = challenge { $challenge } is addressed to someone else
error-not-challenger = only the player who sent challenge { $challenge } can cancel it
error-own-challenge = you cannot play against yourself: challenge someone else
error-bad-days = { $days } days per move is not offered: choose { $offered }, or 0 for no limit
error-bad-minutes = { $minutes } minutes per move is not offered: choose { $offered }
error-rated-setup = a game from a set-up position cannot be rated: make it unrated or use the standard start
error-bad-start = bad starting position: { $error }
error-start-is-over = the starting position is already decided: set up one where the player to move can move
error-deadline-not-passed = the player to move still has time: the deadline has not passed
error-no-draw-offer = your opponent has not offered a draw
error-no-takeback-request = your opponent has not asked to take a move back
error-nothing-to-take-back = there is no move to take back
error-time-ran-out = too late: the time for this move in game { $game } ran out, so the game is over; the channel is told the result
error-no-time-limit = this game has no time limit, so there is no time to give
error-not-finished = game { $game } has no result to play again: a rematch is for a finished game
error-rematch-offered = a rematch of game { $game } was offered already: each game gets one
error-replay-too-large = the replay of game { $game } ({ $plies ->
        [one] { $plies } ply
       *[other] { $plies } plies
    }) is larger than Discord lets me attach here ({ $size } { $unit ->
        [kib] KiB
       *[mib] MiB
    }): `/focus history` gives its record
error-own-move = it is your move: `/focus moretime` gives your opponent time on theirs
# $time: the most a move may have left, e.g. `30 days`, or `10 minutes` in a live game.
error-too-much-time = your opponent already has close to { $time } for this move, the most a move can have

## The service's refusals

error-no-game-here = there is no game in this channel: start one with /focus challenge
error-in-threads = several of your games started in this channel, each in its own thread: use the command in the game's thread ({ $games })
game-link = game { $game }: { $thread }
and-more = { $count } more
error-not-a-player = you are not playing in this channel's game
error-challenge-self = you cannot challenge yourself: name someone else, or leave the opponent empty
error-challenge-bot = other bots cannot play Focus: challenge a person, or challenge me
error-bot-level = there is no level { $level }: I play at levels 1 to 8
error-level-without-bot = a level is for a game against me: choose me as the opponent, or leave the level out
error-hint-between-people = hints are only for games against me: in a game between people, every move is your own
error-bot-plays-on = I take no moves back: in a game against me every move stands (resign to stop)
# A draw offered to the bot, declined; $times: how often a position must have occurred (3).
error-bot-declines-draw = I decline the draw: I think I stand better. I agree to a draw when the same position, with the same side to move, has occurred { $times } times in the game, or when I no longer think I stand better; play on, or resign to stop
error-no-hints-left = you have had all { $count } hints of game { $game }
error-challenge-stranger = { $player } is not a member of this server: challenge someone who is
error-abort-too-late = a player can abort a game only while each side has moved at most once; resign instead, or ask a moderator
error-takeback-not-your-move = you can take back only your own last move, until your opponent has replied to it
error-days-and-minutes = choose either days or minutes per move, not both: a game has one clock
error-not-a-manager = only members with the Manage Server permission can change the server's settings
error-mirror-loss = { $move } loses at once under the mirror rule: it leaves the position mirror-symmetric (turned 180° with colours exchanged); confirm to play it anyway, or choose another move
error-stale-interaction = the position changed while you were typing: look again
error-stale-confirmation = this confirmation is out of date: the position changed since it was offered; look at the board and choose your move again
error-not-your-confirmation = only { $player } can confirm this move
error-analysis-in-play = game { $game } is still being played: the engine's analysis comes once it is over, for fair play
error-analysis-aborted = game { $game } was aborted: only a game with a result can be analysed

## The bot's own failures (details go to the log)

error-internal = something went wrong on our side and nothing was changed; please try again in a moment
error-needs-server = this command works on servers that added focus-bot: ask a server admin to add it there
error-no-ladder-here = there is no leaderboard here: games in DMs are unrated (group DMs and servers have one)
error-only-the-bot-here = in my DM you can only play me: challenge your friends in a group DM or on a server
error-stale-board = this board of game { $game } is out of date: the game has moved on, so use its newest board (the Board button shows it)
error-bot-game-not-here = I can play you only where I can post my moves: challenge me in my DM, or on a server that added me
