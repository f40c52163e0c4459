# Слеш-команды бота: названия, описания, параметры и варианты выбора.
#
# Схема: одно сообщение `command-<name>` на команду; его значение — название команды,
# `.description` — описание, а для каждого параметра `<opt>`: `.<opt>` (название параметра)
# и `.<opt>-description`. Ограничения Discord: названия — строчными буквами, 1–32 символа
# (буквы, цифры, `-` или `_`, без пробелов); описания и варианты выбора — 1–100 символов.

## Родительская команда.

command-focus = фокус
    .description = Играть в настольную игру Сида Сэксона «Фокус».

## Начало партии.

command-challenge = вызов
    .description = Вызвать игрока (или любого здесь) на партию в «Фокус» в этом канале.
    .opponent = соперник
    .opponent-description = С кем играть; оставьте пустым, чтобы вызов мог принять любой в этом канале
    .rules = правила
    .rules-description = Дополнительные правила (по умолчанию классика)
    .days = срок
    .days-description = Дней на ход (по умолчанию 3)
    .minutes = минуты
    .minutes-description = Минут на ход, для живой партии прямо сейчас (вместо дней)
    .color = цвет
    .color-description = Ваш цвет (по умолчанию случайный)
    .rated = рейтинговая
    .rated-description = Учитывать ли партию в рейтинге (по умолчанию да)
    .position = позиция
    .position-description = Начать с этой позиции (FPN) вместо обычной расстановки; без рейтинга
    .level = уровень
    .level-description = Против меня (бот соперником): насколько сильно я играю, от 1 до 8 (по умолчанию 3)

## Партия в этом канале.

command-move = ход
    .description = Сделать ход в партии этого канала: c4-d4 — ход столбом, +e5 — шашка из резерва.
    .move = ход
    .move-description = Ваш ход, напр. c4-d4 (столб), +e5 (шашка из резерва), d4~d5 (обмен первым ходом)
    .draw = ничья
    .draw-description = Вместе с этим ходом предложить ничью

command-board = доска
    .description = Показать партию этого канала.
    .side = сторона
    .side-description = С чьей стороны показать доску (со стороны чёрных она перевёрнута); видно только вам

command-resign = сдаться
    .description = Сдаться в партии этого канала.

command-draw = ничья
    .description = Предложить ничью или принять предложение соперника.

command-takeback = вернуть-ход
    .description = Попросить вернуть ваш последний ход; соперник ответит кнопкой.

command-abort = прервать
    .description = Прервать партию: игрокам — пока каждый сделал не больше одного хода, модераторам — всегда.

command-moretime = отсрочка
    .description = Дать сопернику больше времени на его ход: день, а в живой партии — её минуты на ход.

## Ваши партии и уведомления.

command-games = партии
    .description = Ваши текущие партии, сначала те, где меньше всего времени (вне сервера с ботом — все).

command-notify = уведомления
    .description = Присылать ли уведомления о ходе и напоминания также в ЛС (пусто — показать текущее).
    .dm = лс
    .dm-description = Также присылать уведомления о ходе и напоминания в личные сообщения

## Рейтинг и записи партий.

command-leaderboard = рейтинг
    .description = Рейтинг игроков сервера: по десять на странице, листается кнопками.
    .page = страница
    .page-description = Номер страницы (по умолчанию 1)

command-stats = статистика
    .description = Рейтинг, место, результаты, серия и последние партии игрока на этом сервере.
    .user = игрок
    .user-description = Чья статистика (по умолчанию ваша)

command-hint = подсказка
    .description = Мой совет, какой ход сделать в вашей партии со мной, — только вам (три за партию).

command-history = история
    .description = Ходы партии этого канала (или партии по номеру) в виде записи для просмотра.
    .game = партия
    .game-description = Номер партии (по умолчанию партия этого канала)

command-replay = повтор
    .description = Анимированный повтор партии этого канала (или партии по номеру) в этом канале.
    .game = партия
    .game-description = Номер партии (по умолчанию партия этого канала или последняя законченная здесь)

command-analysis = разбор
    .description = Разбор законченной партии движком: график оценки и ошибки каждой стороны.
    .game = партия
    .game-description = Номер партии (по умолчанию последняя партия, законченная в этом канале)

## Справка и настройки сервера.

command-rules = правила
    .description = Как играть в «Фокус».

command-settings = настройки
    .description = Настройки «Фокуса»: язык здесь; ветки и турниры на сервере («Управлять сервером»).
    .language = язык
    .language-description = Язык публичных сообщений бота здесь (на сервере, в групповом чате или в личных сообщениях)
    .threads = ветки
    .threads-description = Заводить ли для каждой принятой партии свою ветку (по умолчанию да)
    .tournament_role = турнирная-роль
    .tournament_role-description = Роль, участники которой могут создавать турниры (кроме «Управлять сервером»)

command-watch = смотреть
    .description = Партии, которые идут на сервере, со ссылками; сначала те, где ходили последними.
    .page = страница
    .page-description = Номер страницы (по умолчанию 1)

## Турниры: группа /фокус турнир и её подкоманды.
#
# Подкоманда группы — `command-tournament-<name>`; параметры всех подкоманд — атрибуты
# `command-tournament` (параметр значит в каждой одно и то же).

command-tournament = турнир
    .description = Турниры на этом сервере: создать, участвовать, играть и судить.
    .name = название
    .name-description = Название турнира
    .format = система
    .format-description = Швейцарская (по умолчанию), круговая или двухкруговая
    .rounds = туры
    .rounds-description = Число туров швейцарки (по умолчанию по числу игроков)
    .days = срок
    .days-description = Дней на ход (по умолчанию 3)
    .minutes = минуты
    .minutes-description = Минут на ход, для живых партий (вместо дней)
    .rules = правила
    .rules-description = Дополнительные правила (по умолчанию классика)
    .rated = рейтинговый
    .rated-description = Учитывать ли партии в рейтинге (по умолчанию да)
    .starts_in_hours = начало-через-часов
    .starts_in_hours-description = Начать самому через столько часов (по умолчанию — когда начнёт судья)
    .max_players = больше-всего-игроков
    .max_players-description = Сколько игроков он принимает самое большее
    .pace = темп
    .pace-description = Как идут туры друг за другом (по умолчанию следующий — когда кончится прошлый)
    .round_every_days = тур-раз-в-дней
    .round_every_days-description = Дней между турами по расписанию
    .tournament = турнир
    .tournament-description = Номер турнира (по умолчанию объявленный в этом канале)
    .page = страница
    .page-description = Номер страницы (по умолчанию 1)
    .user = игрок
    .user-description = Игрок
    .game = партия
    .game-description = Номер партии
    .result = результат
    .result-description = Результат партии

command-tournament-create = создать
    .description = Создать турнир здесь; его партии идут в ветках этого канала.
command-tournament-join = участвовать
    .description = Записаться в турнир.
command-tournament-leave = выйти
    .description = Выйти из турнира до его начала.
command-tournament-withdraw = сняться
    .description = Сняться с идущего турнира.
command-tournament-start = начать
    .description = Начать турнир сейчас (судья).
command-tournament-cancel = отменить
    .description = Отменить турнир (судья).
command-tournament-standings = таблица
    .description = Турнирная таблица.
command-tournament-export = экспорт
    .description = Турнир файлом TRF.
command-tournament-list = список
    .description = Турниры этого сервера.
command-tournament-remove = исключить
    .description = Исключить игрока из турнира (судья).
command-tournament-result = результат
    .description = Задать или исправить результат партии (судья).
command-tournament-pause = пауза
    .description = Приостановить турнир: новые туры не начинаются (судья).
command-tournament-resume = продолжить
    .description = Продолжить приостановленный турнир (судья).
command-tournament-moretime = отсрочка
    .description = Ещё время на один ход в партии (судья).
command-tournament-next = следующий-тур
    .description = Начать следующий тур сейчас (судья).

## Варианты выбора в /фокус вызов.

# Параметр `правила` (rules): дополнительные правила.
#   обмен: первым ходом белые меняют местами две соседние одиночные шашки разного цвета;
#   зеркало: чёрные проигрывают ходом, после которого позиция зеркально-симметрична.
choice-rules-classic = классика
choice-rules-swap = обмен
choice-rules-mirror = зеркало
choice-rules-swap-mirror = обмен+зеркало

# Параметр `цвет` (color): цвет вызывающего.
choice-color-white = белые
choice-color-black = чёрные
choice-color-random = случайно

# Параметр `срок` (days): дней на ход.
# Переменные:
#   $days (Number) — дней на ход; 0 — без ограничения.
# Категории множественного числа в русском: one (1, 21), few (2–4, 22–24), many (5–20, 25),
# other (дробные; здесь не встречаются).
choice-days =
    { $days ->
        [0] без ограничения
        [one] { $days } день
        [few] { $days } дня
        [many] { $days } дней
       *[other] { $days } дня
    }

# Параметр `ветки` команды /фокус настройки.
choice-threads-on = вкл
choice-threads-off = выкл

# Параметр `сторона` (side) команды /focus board: с чьей стороны видна доска.
choice-side-white = белые
choice-side-black = чёрные

# Параметр `минуты` (minutes): минут на ход в живой партии.
# Переменные:
#   $minutes (Number) — минут на ход (5, 15 или 60).
choice-minutes =
    { $minutes ->
        [one] { $minutes } минута
        [few] { $minutes } минуты
        [many] { $minutes } минут
       *[other] { $minutes } минуты
    }

## Варианты выбора в /фокус турнир.

# Параметр `система` (format) подкоманды создать.
choice-format-swiss = швейцарская
choice-format-round-robin = круговая
choice-format-double-round-robin = двухкруговая

# Параметр `темп` (pace) подкоманды создать: как идут туры друг за другом.
choice-pace-next = следующий, когда кончится прошлый
choice-pace-schedule = по расписанию
choice-pace-all-at-once = все сразу (круговая)

# Параметр `результат` (result) подкоманды результат: результат, заданный судьёй.
choice-result-white = победа белых
choice-result-black = победа чёрных
choice-result-draw = ничья
choice-result-white-forfeit = победа белых без игры
choice-result-black-forfeit = победа чёрных без игры
choice-result-double-forfeit = поражение обоим без игры
