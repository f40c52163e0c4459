# Tournaments (issue 22): announcements, rounds, standings, the director's tools, refusals.

error-not-in-server = tournaments are played on servers: use this command in a channel of one
error-no-tournament-here = no tournament is announced in this channel: name one with `tournament:`, or see `/focus tournament list`
error-cannot-create-tournament = only members with the Manage Server permission, or with the server's tournament role, can create tournaments
error-bad-tournament-name = a tournament's name has 1 to { $max } characters, on one line, without * or `
error-schedule-needs-days = rounds on a schedule need `round_every_days`, from 1 to 60
error-all-at-once-swiss = only a round-robin can start all its games at once: a Swiss pairs each round from the results of the one before
error-bad-rounds = a Swiss has 1 to 50 rounds, not { $rounds }
error-rounds-of-round-robin = a round-robin's rounds come from its players (everyone meets everyone): leave `rounds` out, or choose a Swiss
error-bad-tournament-start = a tournament starts by itself 1 to { $max } hours after its creation
error-tournament-game-abort = a tournament's game cannot be called off: play it, resign, or ask the director to set its result
error-bad-max-players = a tournament takes 2 to 1,000 players, not { $max }
error-no-such-tournament = there is no tournament { $tournament }
error-other-server = tournament { $tournament } belongs to another server
error-already-joined = you are already in tournament { $tournament }
error-not-joined = that player is not, or no longer, playing in tournament { $tournament }
error-you-never-joined = you are not in tournament { $tournament }: nothing to leave
error-you-left = you have already left tournament { $tournament }
error-tournament-full = tournament { $tournament } is full
error-join-closed = tournament { $tournament } no longer takes players
error-already-started = tournament { $tournament } has already started
error-tournament-over = tournament { $tournament } is over
error-not-running = tournament { $tournament } is not running
error-too-few-players = tournament { $tournament } needs at least { $needed } players to start
error-too-many-players = a round-robin takes at most { $max } players
error-not-director = only the director of tournament { $tournament } can do that
error-not-in-tournament = that game is not part of tournament { $tournament }
error-round-not-over = round { $round } of tournament { $tournament } still has games in play: finish or adjudicate them first
error-round-paired = round { $round } of tournament { $tournament } is already paired
error-no-more-rounds = tournament { $tournament } has paired all its rounds
error-tournament-unchanged = tournament { $tournament } is already in that state
error-tournament-needs-threads = a tournament's games are played in threads of its channel, and the bot may not start threads here (missing: { $permissions })
error-tournament-not-in-channel = a tournament's games are played in threads of its channel: create it in a text channel, not in a thread or a forum post

tournament-format = { $format ->
        [swiss] Swiss
        [round-robin] round-robin
       *[double-round-robin] double round-robin
    }
tournament-rounds = { $rounds ->
        [0] rounds from the number of players
        [one] { $rounds } round
       *[other] { $rounds } rounds
    }
tournament-players-count = { $count ->
        [one] { $count } player
       *[other] { $count } players
    }
tournament-rated = { $rated ->
        [yes] rated
       *[no] unrated
    }
tournament-heading = 🏆 **{ $name }** · tournament { $tournament }
tournament-facts = { $format } · { $rounds } · { $time } · { $rated }
tournament-starts-at = Starts { $relative } ({ $time }), or when the director starts it.
tournament-starts-manually = Starts when the director, { $director }, starts it.
tournament-status = { $status ->
        [open] Open for players.
        [pairing] Round { $round } of { $rounds } is being paired.
        [running] Round { $round } of { $rounds } is being played.
        [running-all] All { $rounds } rounds are being played at once.
        [finished] Finished.
       *[cancelled] Cancelled by its director.
    }
tournament-paused-note = Paused by the director.
tournament-players = Players ({ $count }): { $list }
tournament-players-more = and { $count } more
tournament-no-players = No players yet: press **Join**.
tournament-no-players-over = No players.
# A player who left a running event, in its list of players: their games still count.
tournament-player-gone = { $user } ({ $status ->
        [withdrawn] withdrawn
        [removed] removed
       *[no-show] withdrawn: lost on time without moving
    })
tournament-joined = { $user } joined **{ $name }**.
tournament-joined-late = { $user } joined **{ $name }** late: paired from round { $round }, with ½ point for each round missed.
tournament-left = { $user } left **{ $name }**.
tournament-withdrawn = { $user } withdrew from **{ $name }**: their games count, and they will not be paired again.
tournament-removed = { $user } was removed from **{ $name }** by the director.
tournament-started = **{ $name }** has started with { $count }: round 1 is being paired.
tournament-cancelled = **{ $name }** was cancelled by its director. Games in play go on; no round follows.
tournament-paused = **{ $name }** is paused: no round starts until the director resumes it.
tournament-resumed = **{ $name }** goes on.
tournament-next-round = The next round of **{ $name }** is being paired.
tournament-result = { $result ->
        [white] 1–0
        [black] 0–1
        [draw] ½–½
        [white-forfeit] +–−
        [black-forfeit] −–+
       *[double-forfeit] −–−
    }
tournament-adjudicated = The director set the result of round { $round }, board { $board } of **{ $name }**: { $result }.
tournament-extra-time = The director gave more time in game { $game }: time now runs out { $relative }.
tournament-pairings = **{ $name }** · round { $round } of { $rounds }:
tournament-board-line = { $board }. { $white } – { $black } · { $thread }
tournament-board-line-waiting = { $board }. { $white } – { $black } · the thread is being started
tournament-board-line-forfeit = { $board }. { $white } – { $black } · { $result }: not played, a player has left the tournament
tournament-bye-line = Bye: { $user } (1 point)
tournament-rest-line = Resting this round: { $user }
tournament-board-message = **{ $name }** · round { $round }, board { $board }: { $white } has White, { $black } has Black. The game is played in this message's thread.
tournament-thread-name = { $name } · R{ $round } · { $white } vs { $black }
tournament-game-started = Round { $round } of **{ $name }**: { $white } has White, { $black } has Black. { $white }, your move.
tournament-no-show = { $later ->
        [yes] You lost on time without making a move in round { $round } of **{ $name }**, so you are withdrawn from its later rounds.
       *[no] You lost on time without making a move in round { $round } of **{ $name }**: the game counts as lost without being played.
    }
tournament-standings-after = { $round ->
        [0] { $name } — before round 1 of { $rounds }
       *[other] { $name } — after round { $round } of { $rounds }
    }
tournament-standings-final = { $name } — final standings
tournament-standings-page = page { $page } of { $pages }
tournament-over = 🏆 **{ $name }** is over. 🥇 { $first }{ $second }{ $third }
tournament-second = , 🥈 { $user }
tournament-third = , 🥉 { $user }
tournament-standings-caption = { $round ->
        [0] Standings of **{ $name }** before round 1: no round is over yet.
       *[other] Standings of **{ $name }** after round { $round } (place, score, tie-breaks, then each round: the opponent's place, colour, result; players equal in all are ordered by starting number):
    }
tournament-standings-more = { $count ->
        [one] …and { $count } more player: see the pages of `/focus tournament standings`.
       *[other] …and { $count } more players: see the pages of `/focus tournament standings`.
    }
tournament-no-standings = **{ $name }** has no players yet.
tournament-list-title = Tournaments on this server:
tournament-list-line = { $tournament } **{ $name }** · { $format } · { $players } · { $status }
tournament-list-status = { $status ->
        [open] open
        [pairing] pairing round { $round } of { $rounds }
        [running] round { $round } of { $rounds }
        [running-all] all { $rounds } rounds at once
        [finished] finished
       *[cancelled] cancelled
    }
tournament-list-empty = No tournaments on this server yet: create one with `/focus tournament create`.
tournament-export = **{ $name }** as a TRF-16 file, for chess tournament software (`focus-bot pair --check` reads it too).
tournament-export-in-progress = { $count ->
    [1] Round { $rounds } is in progress: TRF-16 has no code for a game without a result, so its pairings and colours are on the `FBP` lines at the end of the file, not in the player lines, and `focus-bot pair --check` skips it.
   *[other] Rounds { $rounds } are in progress: TRF-16 has no code for a game without a result, so their pairings and colours are on the `FBP` lines at the end of the file, not in the player lines, and `focus-bot pair --check` skips them.
}
settings-tournament-role = Members with the chosen role may now create tournaments, as may members with Manage Server.
button-join = Join
button-leave = Leave
crosstable-rank = #
crosstable-player = Player
crosstable-score = Pts
crosstable-white = White
crosstable-black = Black
# A round-robin's round without a game for this player (the odd player out rests).
crosstable-rest = rest
stats-tournaments = Tournaments: { $results }
stats-tournament = { $name } { $over ->
        [yes] { $rank } of { $players }
       *[no] now { $rank } of { $players }
    } ({ $points })
