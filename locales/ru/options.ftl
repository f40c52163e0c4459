# Параметры, набранные текстом (консоль): отказы с вариантами на языке читателя.
option-unknown-command = `{ $name }` — не команда; список команд покажет `help`
option-unknown-command-near = `{ $name }` — не команда; может быть, `{ $nearest }`?
option-unknown = у команды `{ $command }` нет параметра `{ $name }`
option-unknown-near = у команды `{ $command }` нет параметра `{ $name }`; может быть, `{ $nearest }`?
option-repeated = параметр `{ $name }` указан дважды
option-missing = { $option ->
    [move] какой ход? например, `ход c4-d4`
    [game] какая партия? укажите её номер, например `12`
    [subcommand] какая турнирная команда? { $choices }, например `турнир список`
   *[other] не указан параметр `{ $option }`
}
option-together = `{ $first }` и `{ $second }` нельзя указать вместе: выберите одно
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
    [subcommand] `{ $value }` — не турнирная команда: { $choices }
    [tournament] `{ $value }` — не номер турнира: укажите его, например `турнир:3` (номера покажет `турнир список`)
    [rounds] `{ $value }` — не число туров
    [starts_in_hours] `{ $value }` — не число часов
    [max_players] `{ $value }` — не число игроков
    [round_every_days] `{ $value }` — не число дней между турами
    [format] `{ $value }` — не формат: swiss, round-robin или double-round-robin
    [pace] `{ $value }` — не темп: next, schedule или all-at-once
    [result] `{ $value }` — не результат: white, black, draw, white-forfeit, black-forfeit или double-forfeit
   *[other] `{ $value }` — недопустимое значение параметра `{ $option }`
}
