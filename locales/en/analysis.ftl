# The engine's analysis of a finished game (/focus analysis, focus-bot analysis).

# The deferred reply while the engine works; $done of $total moves judged.
analysis-progress = Analysing game { $game }: { $done }/{ $total ->
        [one] { $total } move
       *[other] { $total } moves
    }…
# The first line of the posted analysis; $white and $black are mentions or names.
analysis-heading = **Analysis of game { $game }**: { $white } (White) vs { $black } (Black), { $plies ->
        [one] { $plies } ply
       *[other] { $plies } plies
    }.
# One side's count; $color is white or black, $player a mention or name.
analysis-side = { $color ->
        [white] White
       *[black] Black
    } ({ $player }): { $summary }
analysis-side-unnamed = { $color ->
        [white] White
       *[black] Black
    }: { $summary }
analysis-side-clean = no inaccuracies, mistakes or blunders
analysis-count-inaccuracy = { $count ->
        [one] { $count } inaccuracy
       *[other] { $count } inaccuracies
    }
analysis-count-mistake = { $count ->
        [one] { $count } mistake
       *[other] { $count } mistakes
    }
analysis-count-blunder = { $count ->
        [one] { $count } blunder
       *[other] { $count } blunders
    }
# A class's name: inaccuracy, mistake or blunder.
analysis-class = { $class ->
        [inaccuracy] inaccuracy
        [mistake] mistake
       *[blunder] blunder
    }
# One judged move: $drop is in pieces, already written with the decimal separator.
analysis-move = Move { $number } ({ $color ->
        [white] White
       *[black] Black
    }) { $move }: { $class } (−{ $drop }); better { $best }
# After the listed moves when some were left out.
analysis-more = …and { $count } more
# The last line: how the moves were judged; $inaccuracy, $mistake and $blunder are each class's
# smallest loss in pieces, with the decimal separator (0.5, 1.0, 2.5).
analysis-legend = A move's loss is what it gave away against the engine's choice, in pieces: an inaccuracy from { $inaccuracy }, a mistake from { $mistake }, a blunder from { $blunder }.
# Written between a number's whole part and its tenths.
decimal-separator = .

## The chart (the picture attached)

chart-title = Game { $game }: { $white } (White) vs { $black } (Black)
chart-x = Move
chart-y = White's advantage, pieces
