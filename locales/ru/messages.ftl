# Сообщения бота (src/strings/mod.rs). Упоминания (`<@id>`), ссылки на каналы (`<#id>`) и
# отметки времени Discord (`<t:unix:R>`) приходят в переменных готовыми; Discord показывает их
# на языке читателя.
#
# Игроки — упоминания, пол которых неизвестен, поэтому при них нет глаголов прошедшего
# времени: «{ $player } ходит…», «{ $player } предлагает ничью», «у { $player } вышло время».
# Множественное число: one (1, 21, 31…), few (2–4, 22–24…), many (0, 5–20, 25…),
# other (дробные; здесь не встречаются).
# Словарь: шашка (piece), столб (stack), резерв (reserve), взятые в плен шашки (captured),
# ход (move), полуход (ply: ход одной стороны; записи и счётчики партии считают полуходы),
# партия (game), белые/чёрные (White/Black), ничья (draw), сдаться (resign).

## Сам язык (его название на нём самом, показывается в /фокус настройки)

language-name = Русский

## Цвета и количества

color-white = белые
color-black = чёрные
# Цвета как заголовок (панели доски, заголовок графика): с заглавной буквы, как заголовок.
color-white-heading = Белые
color-black-heading = Чёрные
someone = кто-то
count-moves = { $count ->
        [one] { $count } ход
        [few] { $count } хода
        [many] { $count } ходов
       *[other] { $count } хода
    }
count-days = { $count ->
        [one] { $count } день
        [few] { $count } дня
        [many] { $count } дней
       *[other] { $count } дня
    }
count-hours = { $count ->
        [one] { $count } час
        [few] { $count } часа
        [many] { $count } часов
       *[other] { $count } часа
    }
count-seconds = { $count ->
        [one] { $count } секунда
        [few] { $count } секунды
        [many] { $count } секунд
       *[other] { $count } секунды
    }
count-minutes = { $count ->
        [one] { $count } минута
        [few] { $count } минуты
        [many] { $count } минут
       *[other] { $count } минуты
    }
# Количество времени после «через» и перед «назад» — в винительном падеже: через 1 минуту,
# 21 секунду назад.
count-days-accusative = { $count ->
        [one] { $count } день
        [few] { $count } дня
        [many] { $count } дней
       *[other] { $count } дня
    }
count-hours-accusative = { $count ->
        [one] { $count } час
        [few] { $count } часа
        [many] { $count } часов
       *[other] { $count } часа
    }
count-minutes-accusative = { $count ->
        [one] { $count } минуту
        [few] { $count } минуты
        [many] { $count } минут
       *[other] { $count } минуты
    }
count-seconds-accusative = { $count ->
        [one] { $count } секунду
        [few] { $count } секунды
        [many] { $count } секунд
       *[other] { $count } секунды
    }
# Момент относительно «сейчас», как его показывает отметка времени Discord: `через 2 дня 4 часа`,
# `5 минут назад`; $span — из сообщений count-*-accusative.
time-now = сейчас
time-in = через { $span }
time-ago = { $span } назад
count-games = { $count ->
        [one] { $count } партия
        [few] { $count } партии
        [many] { $count } партий
       *[other] { $count } партии
    }
count-pieces = { $count ->
        [one] { $count } шашка
        [few] { $count } шашки
        [many] { $count } шашек
       *[other] { $count } шашки
    }

## Сбои вокруг команд

guild-only = в «Фокус» играют в каналах сервера: используйте /фокус там, а не в личных сообщениях
stale-button = эта кнопка больше не действует; чтобы продолжить, используйте /фокус
stale-button-here = эта кнопка больше не действует: используйте кнопки последнего сообщения партии
missing-permissions = мне не хватает прав в этом канале ({ $permissions }), поэтому я не могу вести здесь партию; попросите администратора сервера выдать их или играйте в другом канале
bad-option = не удалось прочитать значение параметра `{ $input }`
permission-view-channel = Просматривать канал
permission-send-messages = Отправлять сообщения
permission-send-messages-in-threads = Отправлять сообщения в ветках
permission-embed-links = Встраивать ссылки
permission-attach-files = Прикреплять файлы
permission-read-message-history = Читать историю сообщений
permission-create-public-threads = Создавать публичные ветки

## Кнопки

button-accept = Принять
button-decline = Отклонить
button-cancel = Отменить
button-play-anyway = Всё равно сыграть
button-agree = Согласиться
button-refuse = Отказаться
button-previous = ◀ Назад
button-replay = ▶ Повтор
button-rematch = Реванш
button-next = Вперёд ▶

## Вызовы

# $time: срок на ход, сообщение `time-control`.
terms = правила: { $rules } · { $time } · { $rated ->
        [yes] рейтинговая
       *[no] без рейтинга
    }
# Срок на ход: дни (партия по переписке), минуты (живая партия) или без ограничения.
time-control = { $kind ->
        [days] { $count ->
            [one] { $count } день на ход
            [few] { $count } дня на ход
            [many] { $count } дней на ход
           *[other] { $count } дня на ход
        }
        [minutes] { $count ->
            [one] { $count } минута на ход
            [few] { $count } минуты на ход
            [many] { $count } минут на ход
           *[other] { $count } минуты на ход
        }
       *[none] без ограничения времени
    }
challenge-to = { $challenger } вызывает { $opponent } на партию в «Фокус»!
challenge-open = { $challenger } ищет соперника для партии в «Фокус»: принять вызов может любой здесь!
challenge-color = { $color ->
        [white] { $challenger } играет белыми
        [black] { $challenger } играет чёрными
       *[random] цвета по жребию
    }
rematch-of = **Реванш** за партию { $game }, цвета меняются:
challenge-setup = с заданной позиции
challenge-expires = Вызов истечёт { $when }.
challenge-closed = { $status ->
        [declined] Вызов от { $challenger } отклонён.
        [cancelled] Вызов от { $challenger } отменён.
        [expired] Вызов от { $challenger } истёк.
        [accepted] Вызов от { $challenger } принят.
       *[open] Вызов от { $challenger } открыт.
    }
accepted-by = Вызов принят: { $player }.
challenge-expired = Вызов от { $challenger } истёк: за сутки его никто не принял. Бросьте новый вызов командой /фокус вызов.
challenge-expired-to = Вызов от { $challenger } игроку { $opponent } истёк: за сутки его так и не приняли. Бросьте новый вызов командой /фокус вызов.
held-more = { $count ->
        [one] Ещё { $count } уведомление придёт с вашей следующей командой или нажатием.
        [few] Ещё { $count } уведомления придут с вашей следующей командой или нажатием.
        [many] Ещё { $count } уведомлений придут с вашей следующей командой или нажатием.
       *[other] Ещё { $count } уведомления придут с вашей следующей командой или нажатием.
    }
challenge-expired-dm = Ваш вызов в { $link } истёк: за сутки его никто не принял. Бросьте новый вызов командой /фокус вызов.
challenge-expired-dm-to = Ваш вызов игроку **{ $opponent }** в { $link } истёк: за сутки его никто не принял. Бросьте новый вызов командой /фокус вызов.
challenge-expired-dm-unseen = Ваш вызов игроку **{ $opponent }** в { $link } истёк: за сутки его никто не принял. Если этого игрока нет в той беседе, он не мог увидеть вызов: вызовите его там, где вы оба есть.

## Игра

to-move = Ходит { $player } ({ $color ->
        [white] белые
       *[black] чёрные
    }).
to-move-by = Ходит { $player } ({ $color ->
        [white] белые
       *[black] чёрные
    }), срок — до { $time } ({ $relative }).
hint-given = Моя подсказка в партии { $game }: **{ $move }**. { $left ->
        [0] Это была ваша последняя подсказка в этой партии.
        [one] У вас осталась { $left } подсказка в этой партии.
        [few] У вас остались { $left } подсказки в этой партии.
       *[many] У вас осталось { $left } подсказок в этой партии.
    }
bot-game-announced = { $player } играет против меня.
bot-level = Я играю на уровне { $level } из 8.
bot-thinking = { $bot } (уровень { $level }) думает…
game-started = **Партия { $game } начинается!** { $white } играет белыми, { $black } — чёрными.
move-played = { $player } { $kind ->
        [drop] ставит из резерва
        [swap] меняет местами
       *[step] ходит
    } **{ $move }**{ $effect }.
move-captured = взято в плен: { $count }
move-to-reserve = в резерв: { $count }
# Предложенный ход (автодополнение), который сразу проигрывает по правилу зеркала.
suggestion-loses-mirror = { $move } (проигрыш: правило зеркала)
# Предложенные ходы одной строкой (там, где нет автодополнения: в консоли).
suggestions = допустимые ходы: { $moves }
# Предлагать нечего; $typed — что игрок успел набрать.
suggestions-none = Предложить нечего: у вас здесь нет идущей партии или сейчас не ваш ход.
suggestions-none-matching = Предложить нечего: ни один ваш допустимый ход не подходит к `{ $typed }`, или сейчас не ваш ход.
board-caption = Партия { $game }: { $white } (белые) против { $black } (чёрные), полуходов сделано: { $ply } · { $terms }

## Результаты

replay-caption = Повтор партии { $game }: { $white } (белые) против { $black } (чёрные), { $plies ->
        [one] { $plies } полуход
        [few] { $plies } полухода
        [many] { $plies } полуходов
       *[other] { $plies } полухода
    }.

result-aborted = Партия { $game } прервана: без результата, рейтинг не меняется.
result-held = Партия { $game } ждёт проверки модератора: её сохранённые ходы и позиция не совпадают.
result-win = **Победа { $player } ({ $color ->
        [white] белые
       *[black] чёрные
    }) в партии { $game }**, { $reason }.
result-draw = **Партия { $game } закончилась вничью** по соглашению.
result-over = Партия { $game } окончена.
end-reason = { $reason ->
        [no-legal-move] у соперника нет ходов
        [mirror-rule] по правилу зеркала
        [resignation] соперник сдался
        [time-out] по времени
        [agreement] ничья по соглашению
        [aborted] партия прервана
        [adjudication] по решению судьи
       *[over] партия окончена
    }
ratings-line = Рейтинг: { $white } { $white_rating } ({ $white_change }), { $black } { $black_rating } ({ $black_change }).

## Предложения

draw-offered = { $player } предлагает ничью. { $opponent }, чтобы согласиться, нажмите кнопку или введите /фокус ничья; сделать ход — значит отказаться.
draw-offered-here = { $player } предлагает ничью. { $opponent }, чтобы согласиться, нажмите кнопку; сделать ход — значит отказаться.
draw-lapsed = Предложение ничьей от { $player } снято: партия продолжается.
draw-declined = { $player } отклоняет ничью. Играем дальше!
takeback-requested = { $player } просит вернуть свой последний ход. { $opponent }, вы согласны?
takeback-done = Последний ход возвращён.
takeback-declined = В возврате хода отказано; партия { $game } продолжается.

## /фокус партии

summary-line = Партия { $game } в { $channel } против { $opponent } (правила: { $rules }, вы играете { $color ->
        [white] белыми
       *[black] чёрными
    }): { $turn ->
        [yours] **ваш ход**
       *[theirs] ход соперника
    }
summary-line-due = Партия { $game } в { $channel } против { $opponent } (правила: { $rules }, вы играете { $color ->
        [white] белыми
       *[black] чёрными
    }): { $turn ->
        [yours] **ваш ход**
       *[theirs] ход соперника
    }, срок истекает { $due }
dashboard-heading = **Ваши партии на этом сервере** (идёт: { $games }, ждут вашего хода: { $waiting }), сначала те, где осталось меньше всего времени:
dashboard-heading-everywhere = **Все ваши партии** (идёт: { $games }, ждут вашего хода: { $waiting }), сначала те, где осталось меньше всего времени:
dashboard-more = …и ещё { $count }.
no-games = У вас нет текущих партий на этом сервере. Начните новую командой /фокус вызов.

## Сроки, напоминания и конец времени

time-runs-out = Время истекает { $relative } ({ $time }).
if-time-runs-out = { $aborts ->
        [yes] если время выйдет, партия будет прервана
       *[no] если время выйдет, вам засчитают поражение
    }
your-turn-dm = Ваш ход в партии { $game } («Фокус») против **{ $opponent }**: { $link }
reminder-dm = ⏰ Напоминание: срок вашего хода в партии { $game } («Фокус») против **{ $opponent }** скоро истекает; { $consequence }.
reminder = ⏰ { $player }, напоминание: срок вашего хода в партии { $game } скоро истекает; { $consequence }.
timed-out-aborted = **Партия { $game } прервана:** у { $player } вышло время, а каждая сторона успела сделать не больше одного хода. Без результата, рейтинг не меняется.
timed-out = **У { $player } вышло время**.
more-time-given = { $giver } даёт { $receiver } ещё один день на этот ход.
# В живой партии `/фокус отсрочка` даёт столько минут, сколько в партии на ход (5, 15 или 60).
more-time-given-live = { $giver } даёт { $receiver } ещё { $minutes ->
        [one] { $minutes } минуту
        [few] { $minutes } минуты
        [many] { $minutes } минут
       *[other] { $minutes } минуты
    } на этот ход.

## /фокус уведомления

notify-dm-on = Когда наступает ваш ход, бот пишет вам в личные сообщения (и упоминает вас в канале партии); напоминание о том, что время на исходе, тоже приходит в личные сообщения.
notify-dm-off = Вас оповещают только в канале партии: вас упоминают в сообщении о ходе и в напоминании о том, что время на исходе.
notify-how-on = Отключить личные сообщения: `/фокус уведомления лс:False`.
notify-how-off = Получать уведомления в личные сообщения: `/фокус уведомления лс:True`.
notify-saved = Сохранено.

## /фокус история

history = Партия { $game } (правила: { $rules }), { $plies ->
        [one] { $plies } полуход
        [few] { $plies } полухода
        [many] { $plies } полуходов
       *[other] { $plies } полухода
    }:
history-replay = Чтобы воспроизвести её, вставьте это сообщение в `focus-bot replay`.
history-attached = Запись слишком длинная для сообщения: она в приложенном файле, который `focus-bot replay` читает как есть.

## /фокус настройки

settings-language-set = Теперь публичные сообщения бота на этом сервере пишутся на языке: { $language }.
settings-shown = Публичные сообщения бота на этом сервере пишутся на языке: { $language }. Участники с правом «Управлять сервером» могут изменить его командой `/фокус настройки язык:`.
settings-language-set-here = Теперь публичные сообщения бота в этой беседе пишутся на языке: { $language }.
settings-shown-here = Публичные сообщения бота в этой беседе пишутся на языке: { $language }. Любой участник беседы может изменить его командой `/фокус настройки язык:`.

## Рейтинг и статистика

leaderboard-empty = **Рейтинг**
    Здесь ещё никто не доиграл рейтинговую партию: вызовите кого-нибудь командой /фокус вызов.
leaderboard-heading = **Рейтинг** · страница { $page } из { $pages } · в рейтинге: { $ranked }, предварительных: { $provisional } (`?`: рейтинг ещё не устоялся)
leaderboard-line = { $rank } { $player } · **{ $rating }** · { $games ->
        [one] { $games } партия
        [few] { $games } партии
        [many] { $games } партий
       *[other] { $games } партии
    } · { $record }
outcome-letter = { $outcome ->
        [win] В
        [loss] П
       *[draw] Н
    }
wins-losses-draws = { $wins ->
        [one] { $wins } победа
        [few] { $wins } победы
        [many] { $wins } побед
       *[other] { $wins } победы
    }, { $losses ->
        [one] { $losses } поражение
        [few] { $losses } поражения
        [many] { $losses } поражений
       *[other] { $losses } поражения
    }, { $draws ->
        [one] { $draws } ничья
        [few] { $draws } ничьи
        [many] { $draws } ничьих
       *[other] { $draws } ничьей
    }
stats-none-between-people = У { $player } ещё нет доигранных партий с людьми на этом сервере.
stats-against-bot = Против меня: { $results }
stats-bot-level = уровень { $level }: { $record }
stats-none = У { $player } ещё нет доигранных партий на этом сервере.
stats-rank = место { $rank } из { $ranked }
stats-no-rated-game = рейтинговых партий пока нет
stats-left = вне рейтинга: уже не участник этого сервера
stats-provisional = рейтинг предварительный: место в таблице появится, когда отклонение станет меньше { $deviation }
stats-heading = **Статистика { $player }**
stats-rating = Рейтинг: **{ $rating }** ± { $deviation } · { $place }
stats-games = Партии: { $games } ({ $record }; рейтинговых: { $rated })
stats-streak = Серия: { $outcome ->
        [win] { $count ->
            [one] { $count } победа
            [few] { $count } победы
            [many] { $count } побед
           *[other] { $count } победы
        }
        [loss] { $count ->
            [one] { $count } поражение
            [few] { $count } поражения
            [many] { $count } поражений
           *[other] { $count } поражения
        }
       *[draw] { $count ->
            [one] { $count } ничья
            [few] { $count } ничьи
            [many] { $count } ничьих
           *[other] { $count } ничьей
        }
    } подряд
stats-last-games = Последние партии: { $results }
stats-result = { $outcome } против { $opponent }
stats-unrated = без рейтинга
stats-head-to-head-none = Вы ещё не доиграли здесь ни одной партии против { $player }.
stats-head-to-head = Вы против { $player }: { $record }

## Картинка доски (рисует src/render)

picture-reserve = резерв
picture-captured = пленных
picture-to-move = ходит
picture-winner = победа
picture-held = ждёт модератора
picture-game = Партия { $game }
picture-move = ход { $number }
picture-note = { $reason ->
        [no-legal-move] нет ходов
        [mirror-rule] правило зеркала
        [resignation] сдача партии
        [time-out] время вышло
        [agreement] ничья по соглашению
       *[aborted] партия прервана
    }

## Ветка для каждой партии

# Название ветки партии (Discord обрезает названия до 100 символов).
thread-name = Фокус №{ $game } · { $white } против { $black }
game-in-thread = Партия { $game } идёт в ветке { $thread }.
thread-missing-permissions = Партия идёт здесь, в канале, и другая начнётся здесь только после неё: бот не может заводить здесь ветки (не хватает прав: { $permissions }).
thread-failed = Партия идёт здесь, в канале: завести для неё ветку не удалось.
posted-in = Отправлено в { $channel }.
settings-threads-set = { $threads ->
        [on] Теперь для каждой принятой партии заводится своя ветка.
       *[off] Теперь партии идут в канале, где был вызов, по одной за раз.
    }
settings-threads-shown = { $threads ->
        [on] Для каждой принятой партии заводится своя ветка.
       *[off] Партии идут в канале, где был вызов, по одной за раз.
    } Участники с правом «Управлять сервером» могут это изменить: `/фокус настройки ветки:`.

## /фокус смотреть

watch-empty = **Идущие партии**
    Сейчас на сервере не идёт ни одной партии: начните свою командой /фокус вызов.
watch-heading = **Идущие партии** · страница { $page } из { $pages } · { $total ->
        [one] { $total } партия
        [few] { $total } партии
        [many] { $total } партий
       *[other] { $total } партии
    }, сначала те, где ходили последними
watch-line = Партия { $game } · { $white } против { $black } · ход { $number } · ходят { $color ->
        [white] белые
       *[black] чёрные
    } · { $channel }

## Управление партией там, где у игрока может не быть слеш-команд (меню, форма хода)
button-type-move = ⌨ Ввести ход
button-offer-draw = Предложить ничью
button-resign = Сдаться
button-board = Доска
pick-origin = Ваш ход
pick-stack = { $height ->
        [1] { $square } — одна шашка
       *[other] { $square } — столб из { $height } шашек
    }
pick-reserve = Резерв — { $pieces ->
        [one] { $pieces } шашка
        [few] { $pieces } шашки
        [many] { $pieces } шашек
       *[other] { $pieces } шашки
    }
pick-swap = Обмен первым ходом
pick-rank = Горизонталь { $rank }
pick-step = { $notation } ({ $pieces ->
        [one] { $pieces } шашка
        [few] { $pieces } шашки
        [many] { $pieces } шашек
       *[other] { $pieces } шашки
    })
pick-drop = +{ $to }: шашка из резерва на { $to }
pick-swap-pair = { $a }~{ $b }: поменять местами { $a } и { $b }
pick-placeholder-origin = Ваш ход: столб или резерв
pick-placeholder-stack = Куда пойдёт { $square }?
pick-placeholder-reserve = Куда поставить шашку из резерва?
pick-placeholder-swap = Какие шашки поменять местами?
pick-asking = Партия { $game }: { $ask }
pick-played = Партия { $game }: вы сыграли { $notation }.
pick-form-title = Ваш ход в партии { $game }
pick-form-label = Ход: c4-d4 (столб) или +e5 (резерв)
pick-resign-sure = Сдать партию { $game }? Это будет поражение.
only-you-see = *Это видите только вы: сервер не разрешает приложениям, установленным участниками, отвечать для всех («Использовать внешние приложения»), поэтому попросите администратора добавить focus-bot или играйте в групповом чате.*
