# Параметры, набранные текстом (консоль): отказы с вариантами на языке читателя.
option-unknown-command = `{ $name }` — не команда; список команд покажет `help`
option-unknown-command-near = `{ $name }` — не команда; может быть, `{ $nearest }`?
option-unknown = у команды `{ $command }` нет параметра `{ $name }`
option-unknown-near = у команды `{ $command }` нет параметра `{ $name }`; может быть, `{ $nearest }`?
option-repeated = параметр `{ $name }` указан дважды
option-missing = { $option ->
    [move] какой ход? например, `ход c4-d4`
    [game] какая партия? укажите её номер, например `12`
   *[other] не указан параметр `{ $option }`
}
option-bad-value = { $option ->
    [rated] `{ $value }` — не «да» и не «нет»
    [draw] `{ $value }` — не «да» и не «нет»
    [confirm] `{ $value }` — не «да» и не «нет»
    [dm] `{ $value }` — не «да» и не «нет»
    [threads] `{ $value }` — не «вкл» и не «выкл»
    [color] `{ $value }` — не цвет: { $choices }
    [side] `{ $value }` — не сторона: { $choices }
    [rules] `{ $value }` — не набор правил: укажите { $choices }
    [language] `{ $value }` — не язык: { $choices }
    [days] `{ $value }` — не число дней (и не «без ограничений»)
    [minutes] `{ $value }` — не число минут
    [level] `{ $value }` — не уровень: укажите число от 1 до 8
    [page] `{ $value }` — не номер страницы (1, 2, …)
    [game] `{ $value }` — не номер партии
    [opponent] кого? например, `соперник:bob` (без этого параметра вызов сможет принять любой)
    [tournament] `{ $value }` — не турнирная команда: create, join, leave, withdraw, start, cancel, standings, export, list, remove, result, pause, resume, moretime или next (или номер турнира, например `tournament:3`)
    [format] `{ $value }` — не формат: swiss, round-robin или double-round-robin
    [pace] `{ $value }` — не темп: next, schedule или all-at-once
    [result] `{ $value }` — не результат: white, black, draw, white-forfeit, black-forfeit или double-forfeit
   *[other] `{ $value }` — недопустимое значение параметра `{ $option }`
}
