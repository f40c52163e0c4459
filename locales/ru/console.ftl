# Офлайн-консоль (src/console): её собственные строки вокруг сообщений бота. Команды, параметры и
# их значения в консоли пишут и по-английски, и по-русски, как их показывает клиент Discord.

console-help =
    Вводите строки вида `имя: команда` — каждое имя означает игрока (новое имя — новый игрок):
      alice: /фокус вызов соперник:bob [правила:обмен] [срок:3 | минуты:5] [цвет:белые] [рейтинговая:нет] [позиция:<FPN>]
      bob: принять | отклонить          alice: отменить
      alice: вызов соперник:bot [уровень:1-8]   (партия с ботом, сразу; в ней `подсказка` — его совет, три за партию)
      alice: ход c4-d4 [ничья:да]   (`suggest c4` покажет допустимые ходы)
      доска [сторона:чёрные] | сдаться | ничья | вернуть-ход | прервать | партии | история [партия] | повтор [партия] | разбор [партия] | правила
      отсрочка | уведомления [лс:да|нет] | рейтинг [страница] | статистика [игрок] | смотреть [страница] | настройки [язык] [ветки]
      tournament create name:Весна [format:swiss|round-robin|double-round-robin] [rounds:5] [days:3 | minutes:15] [starts_in_hours:24] [pace:next|schedule|all-at-once] [round_every_days:7]
      tournament join | leave | withdraw | start | cancel | standings [page:2] | export | list   [tournament:3]
      tournament remove user:bob | result game:12 result:white|black|draw|white-forfeit|black-forfeit|double-forfeit | pause | resume | moretime game:12 | next   (судья)
      Партии турнира идут в ветках вида `#t1-r2-b3` (турнир, тур, доска).
      Кнопки нажимают, набирая надпись: `bob: согласиться`, `alice: реванш`, `carol: вперёд`.
      wait 2d   (пропустить время: 30m, 6h, 2d; затем сработают напоминания, выход времени на ход и истечение вызовов)
    Начните строку с `#имя`, чтобы играть в другом канале. `quit` завершает сеанс.
# Как консоль помечает, кто видит строку: `[#general] бот: …`, `[#general] бот → только alice: …`.
console-public = {"["}#{ $channel }] бот: { $text }
console-private = {"["}#{ $channel }] бот → только { $user }: { $text }
console-dm = {"["}ЛС для { $user }] бот: { $text }
console-edit-challenge = {"["}#{ $channel }] бот изменяет вызов { $challenge } (его кнопки отключены): { $text }
console-board = {"  "}доска: { $path }
console-chart = {"  "}график: { $path }
console-replay = {"  "}повтор: { $path }
console-board-failed = {"  "}доска: не удалось записать { $path }: { $error }
console-time-passes = {"  "}(прошло: { $span })
console-line-error = консоль: { $error }
console-how-long = на сколько? например, `wait 2d`, `wait 6h`, `wait 30m`, `wait 90s`: от 1 секунды до 365 дней
console-not-a-challenge = `{ $text }` — не номер вызова
console-no-own-challenge = у вас нет открытого вызова в этом канале
console-no-challenge = в этом канале нет открытого вызова для вас
# Отрезки времени: `через 2 дня 4 часа`, `3 часа 5 минут назад`, `сейчас` (слова с числами —
# из count-* в messages.ftl).
console-now = сейчас
console-in = через { $span }
console-ago = { $span } назад
console-no-name = пишите `имя: команда`, например `alice: /focus challenge opponent:bob`
console-bad-name = имя игрока — одно слово перед двоеточием, например `alice:`
console-not-utf8 = строка — не текст в UTF-8; она пропущена
console-edit = {"["}#{ $channel }] бот правит сообщение: { $text }
console-buttons = {"  "}кнопки: { $buttons } (наберите надпись, чтобы нажать, например `{ $example }`)
console-record = {"  "}запись: { $path }
console-not-your-button = кнопку [{ $label }] видит только @{ $owner }: нажать её может только этот игрок
console-nothing-to-answer = здесь нечего так ответить
console-word-accept = принять
console-word-decline = отклонить
console-word-cancel = отменить
