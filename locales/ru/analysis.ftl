# Разбор законченной партии движком (/фокус разбор, focus-bot analysis).

# Отложенный ответ, пока движок работает: оценено $done полуходов из $total.
analysis-progress = Разбираю партию { $game }: { $done }/{ $total ->
        [one] { $total } полуход
        [few] { $total } полухода
        [many] { $total } полуходов
       *[other] { $total } полухода
    }…
# Первая строка разбора; $white и $black — упоминания или имена.
analysis-heading = **Разбор партии { $game }**: { $white } (белые) против { $black } (чёрные), { $plies ->
        [one] { $plies } полуход
        [few] { $plies } полухода
        [many] { $plies } полуходов
       *[other] { $plies } полухода
    }.
# Итог одной стороны; $color — white или black, $player — упоминание или имя.
analysis-side = { $color ->
        [white] Белые
       *[black] Чёрные
    } ({ $player }): { $summary }
analysis-side-unnamed = { $color ->
        [white] Белые
       *[black] Чёрные
    }: { $summary }
analysis-side-clean = ни неточностей, ни ошибок, ни грубых ошибок
analysis-count-inaccuracy = { $count ->
        [one] { $count } неточность
        [few] { $count } неточности
        [many] { $count } неточностей
       *[other] { $count } неточности
    }
analysis-count-mistake = { $count ->
        [one] { $count } ошибка
        [few] { $count } ошибки
        [many] { $count } ошибок
       *[other] { $count } ошибки
    }
analysis-count-blunder = { $count ->
        [one] { $count } грубая ошибка
        [few] { $count } грубые ошибки
        [many] { $count } грубых ошибок
       *[other] { $count } грубой ошибки
    }
# Название класса: inaccuracy, mistake или blunder.
analysis-class = { $class ->
        [inaccuracy] неточность
        [mistake] ошибка
       *[blunder] грубая ошибка
    }
# Один оценённый ход: $drop — в шашках, уже с десятичным разделителем.
analysis-move = Ход { $number } ({ $color ->
        [white] белые
       *[black] чёрные
    }) { $move }: { $class } (−{ $drop }); лучше { $best }
# После перечисленных ходов, когда часть не поместилась.
analysis-more = …и ещё { $count }
# Последняя строка: как оценивались ходы; $inaccuracy, $mistake и $blunder — наименьшая потеря
# каждого класса в шашках, уже с десятичным разделителем (0,5, 1,0, 2,5).
analysis-legend = Потеря хода — сколько он уступил выбору движка, в шашках: неточность — от { $inaccuracy }, ошибка — от { $mistake }, грубая ошибка — от { $blunder }.
# Между целой частью числа и десятыми.
decimal-separator = ,

## График (приложенная картинка)

chart-title = Партия { $game }: { $white } (белые) против { $black } (чёрные)
chart-x = Ход
chart-y = Перевес белых, в шашках
