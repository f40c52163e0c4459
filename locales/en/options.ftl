# Options typed as text (the console): refusals, naming the choices in the reader's language.
option-unknown-command = `{ $name }` is not a command; type `help` for the list
option-unknown-command-near = `{ $name }` is not a command: did you mean `{ $nearest }`?
option-unknown = `{ $command }` has no option `{ $name }`
option-unknown-near = `{ $command }` has no option `{ $name }`: did you mean `{ $nearest }`?
option-repeated = the option `{ $name }` is given twice
option-missing = { $option ->
    [move] which move? e.g. `move c4-d4`
    [game] which game? give its number, e.g. `12`
    [subcommand] which tournament command? { $choices }, e.g. `tournament list`
   *[other] the option `{ $option }` is missing
}
option-together = `{ $first }` and `{ $second }` cannot be given together: choose one
option-bad-value = { $option ->
    [rated] `{ $value }` is not yes or no (true, false, да, нет)
    [draw] `{ $value }` is not yes or no (true, false, да, нет)
    [confirm] `{ $value }` is not yes or no (true, false, да, нет)
    [dm] `{ $value }` is not yes or no (true, false, да, нет)
    [threads] `{ $value }` is not on or off (yes or no)
    [color] `{ $value }` is not a colour: { $choices }
    [side] `{ $value }` is not a side: { $choices }
    [rules] `{ $value }` is not a rule set: use { $choices }
    [language] `{ $value }` is not a language: { $choices }
    [days] `{ $value }` is not a number of days (or `unlimited`)
    [minutes] `{ $value }` is not a number of minutes
    [level] `{ $value }` is not a level: give a number from 1 to 8
    [page] `{ $value }` is not a page number (1, 2, …)
    [game] `{ $value }` is not a game number
    [opponent] whom? e.g. `opponent:bob` (leave it out to challenge anyone)
    [subcommand] `{ $value }` is not a tournament command: { $choices }
    [tournament] `{ $value }` is not a tournament's number: give one, e.g. `tournament:3` (`tournament list` shows them)
    [rounds] `{ $value }` is not a number of rounds
    [starts_in_hours] `{ $value }` is not a number of hours
    [max_players] `{ $value }` is not a number of players
    [round_every_days] `{ $value }` is not a number of days between rounds
    [format] `{ $value }` is not a format: swiss, round-robin or double-round-robin
    [pace] `{ $value }` is not a pace: next, schedule or all-at-once
    [result] `{ $value }` is not a result: white, black, draw, white-forfeit, black-forfeit or double-forfeit
   *[other] `{ $value }` is not a value of `{ $option }`
}
