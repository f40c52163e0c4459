# Офлайн-консоль (src/console): её собственные строки вокруг сообщений бота. Команды и параметры,
# которые вводят в консоли, на всех языках остаются как есть (`move`, `opponent:bob`): парсер
# консоли понимает только их, и в справке тоже пишется `/focus`, а не /фокус.

console-help =
    Вводите строки вида `имя: команда` — каждое имя означает игрока (новое имя — новый игрок):
      alice: /focus challenge opponent:bob [rules:swap] [days:3 | minutes:5] [color:white] [rated:false] [position:<FPN>]
      bob: accept | decline          alice: cancel
      alice: /focus challenge opponent:bot [level:1-8]   (партия с ботом, сразу; в ней `hint` — его совет, три за партию)
      alice: /focus move c4-d4 [draw:true] [confirm:true]   (или просто `move c4-d4`; `suggest c4` покажет допустимые ходы)
      board [side:black] | resign | draw [accept|decline] | takeback [accept|decline] | abort | games | history [game] | replay [game] | analysis [game] | rules
      moretime | notify [dm:true|false] | leaderboard [page] | stats [user] | watch [page]
      wait 2d   (пропустить время: 30m, 6h, 2d; затем сработают напоминания, выход времени на ход и истечение вызовов)
    Начните строку с `#name`, чтобы играть в другом канале. `quit` завершает сеанс.
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
console-nothing-to-answer = здесь нечего так ответить
console-word-accept = принять
console-word-decline = отклонить
console-word-cancel = отменить
