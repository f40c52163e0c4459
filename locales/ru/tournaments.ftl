# Турниры (задача 22): объявления, туры, таблица, инструменты судьи, отказы.

error-not-in-server = турниры играются на серверах: используйте эту команду в канале сервера
error-no-tournament-here = в этом канале нет объявленного турнира: укажите его в `tournament:` или посмотрите `/focus tournament list`
error-cannot-create-tournament = создавать турниры могут только участники с правом «Управлять сервером» или с турнирной ролью сервера
error-bad-tournament-name = название турнира — от 1 до { $max } символов в одну строку, без * и `
error-schedule-needs-days = для туров по расписанию нужен `round_every_days`, от 1 до 60
error-all-at-once-swiss = начать все партии сразу может только круговой турнир: швейцарка составляет пары каждого тура по итогам предыдущего
error-bad-rounds = в швейцарке от 1 до 50 туров, а не { $rounds }
error-rounds-of-round-robin = число туров кругового турнира задаёт число игроков (каждый играет с каждым): не указывайте `туры` или выберите швейцарку
error-bad-tournament-start = турнир может начаться сам через 1–{ $max } часов после создания
error-tournament-game-abort = партию турнира нельзя прервать: доиграйте её, сдайтесь или попросите судью установить результат
error-bad-max-players = в турнире может быть от 2 до 1000 игроков, а не { $max }
error-no-such-tournament = турнира { $tournament } нет
error-other-server = турнир { $tournament } проходит на другом сервере
error-already-joined = вы уже участвуете в турнире { $tournament }
error-not-joined = этот игрок не участвует (или больше не участвует) в турнире { $tournament }
error-you-never-joined = вы не участвуете в турнире { $tournament }: покидать нечего
error-you-left = вы уже покинули турнир { $tournament }
error-tournament-full = в турнире { $tournament } нет мест
error-join-closed = турнир { $tournament } больше не принимает игроков
error-already-started = турнир { $tournament } уже начался
error-tournament-over = турнир { $tournament } окончен
error-not-running = турнир { $tournament } сейчас не идёт
error-too-few-players = для начала турнира { $tournament } нужно не меньше { $needed } игроков
error-too-many-players = в круговом турнире не больше { $max } игроков
error-not-director = это может только судья турнира { $tournament }
error-not-in-tournament = эта партия не из турнира { $tournament }
error-round-not-over = в { $round }-м туре турнира { $tournament } ещё идут партии: сначала доиграйте их или присудите результат
error-round-paired = пары { $round }-го тура турнира { $tournament } уже составлены
error-no-more-rounds = в турнире { $tournament } составлены пары всех туров
error-tournament-unchanged = турнир { $tournament } уже в этом состоянии
error-tournament-needs-threads = партии турнира идут в ветках его канала, а бот не может заводить здесь ветки (не хватает прав: { $permissions })
error-tournament-not-in-channel = партии турнира идут в ветках его канала: создайте турнир в текстовом канале, а не в ветке или публикации форума

tournament-format = { $format ->
        [swiss] швейцарка
        [round-robin] круговой
       *[double-round-robin] двухкруговой
    }
tournament-rounds = { $rounds ->
        [0] число туров по числу игроков
        [one] { $rounds } тур
        [few] { $rounds } тура
       *[many] { $rounds } туров
    }
tournament-players-count = { $count ->
        [one] { $count } игрок
        [few] { $count } игрока
       *[many] { $count } игроков
    }
tournament-rated = { $rated ->
        [yes] на рейтинг
       *[no] без рейтинга
    }
tournament-heading = 🏆 **{ $name }** · турнир { $tournament }
tournament-facts = { $format } · { $rounds } · { $time } · { $rated }
tournament-starts-at = Начало { $relative } ({ $time }) или когда его начнёт судья.
tournament-starts-manually = Начнётся, когда его начнёт судья, { $director }.
tournament-status = { $status ->
        [open] Идёт запись.
        [pairing] Составляются пары { $round }-го тура из { $rounds }.
        [running] Идёт { $round }-й тур из { $rounds }.
        [running-all] Все туры играются одновременно: { $rounds ->
            [one] { $rounds } тур
            [few] { $rounds } тура
           *[many] { $rounds } туров
        }.
        [finished] Турнир окончен.
       *[cancelled] Отменён судьёй.
    }
tournament-paused-note = Приостановлен судьёй.
tournament-players = Игроки ({ $count }): { $list }
tournament-players-more = и ещё { $count }
tournament-no-players = Игроков пока нет: нажмите **Участвовать**.
tournament-no-players-over = Игроков нет.
# Игрок, покинувший идущий турнир, в списке игроков: его партии засчитаны.
tournament-player-gone = { $user } ({ $status ->
        [withdrawn] выбыл
        [removed] исключён
       *[no-show] выбыл: проиграл по времени, не сделав хода
    })
tournament-joined = { $user } участвует в турнире **{ $name }**.
tournament-joined-late = { $user } присоединяется к турниру **{ $name }** с опозданием: в парах с { $round }-го тура, с ½ очка за каждый пропущенный тур.
tournament-left = { $user } больше не участвует в турнире **{ $name }**.
tournament-withdrawn = { $user } выбывает из турнира **{ $name }**: сыгранные партии засчитаны, новых пар не будет.
tournament-removed = Судья исключил { $user } из турнира **{ $name }**.
tournament-started = Турнир **{ $name }** начался, в нём { $count }: составляются пары 1-го тура.
tournament-cancelled = Судья отменил турнир **{ $name }**. Начатые партии продолжаются, новых туров не будет.
tournament-paused = Турнир **{ $name }** приостановлен: новый тур не начнётся, пока судья его не возобновит.
tournament-resumed = Турнир **{ $name }** продолжается.
tournament-next-round = Составляются пары следующего тура турнира **{ $name }**.
tournament-result = { $result ->
        [white] 1–0
        [black] 0–1
        [draw] ½–½
        [white-forfeit] +–−
        [black-forfeit] −–+
       *[double-forfeit] −–−
    }
tournament-adjudicated = Судья установил результат { $round }-го тура, доска { $board }, турнира **{ $name }**: { $result }.
tournament-extra-time = Судья добавил время в партии { $game }: теперь время истекает { $relative }.
tournament-pairings = **{ $name }** · { $round }-й тур из { $rounds }:
tournament-board-line = { $board }. { $white } – { $black } · { $thread }
tournament-board-line-waiting = { $board }. { $white } – { $black } · ветка создаётся
tournament-board-line-forfeit = { $board }. { $white } – { $black } · { $result }: партия не играется, игрок выбыл из турнира
tournament-bye-line = Без пары: { $user } (1 очко)
tournament-rest-line = Отдыхает в этом туре: { $user }
tournament-board-message = **{ $name }** · { $round }-й тур, доска { $board }: { $white } играет белыми, { $black } — чёрными. Партия идёт в ветке этого сообщения.
tournament-thread-name = { $name } · Т{ $round } · { $white } — { $black }
tournament-game-started = { $round }-й тур турнира **{ $name }**: { $white } играет белыми, { $black } — чёрными. { $white }, ваш ход.
tournament-no-show = { $later ->
        [yes] Вы проиграли по времени, не сделав ни одного хода, в { $round }-м туре турнира **{ $name }**, поэтому выбываете из следующих туров.
       *[no] Вы проиграли по времени, не сделав ни одного хода, в { $round }-м туре турнира **{ $name }**: партия засчитана как проигранная без игры.
    }
tournament-standings-after = { $round ->
        [0] { $name } — до 1-го тура из { $rounds }
       *[other] { $name } — после { $round }-го тура из { $rounds }
    }
tournament-standings-final = { $name } — итоговая таблица
tournament-standings-page = страница { $page } из { $pages }
tournament-over = 🏆 Турнир **{ $name }** окончен. 🥇 { $first }{ $second }{ $third }
tournament-second = , 🥈 { $user }
tournament-third = , 🥉 { $user }
tournament-standings-caption = { $round ->
        [0] Таблица турнира **{ $name }** до 1-го тура: ни один тур ещё не окончен.
       *[other] Таблица турнира **{ $name }** после { $round }-го тура (место, очки, дополнительные показатели, затем каждый тур: место соперника, цвет, результат; равных во всём упорядочивает стартовый номер):
    }
tournament-standings-more = { $count ->
        [one] …и ещё { $count } игрок: см. страницы `/фокус турнир таблица`.
        [few] …и ещё { $count } игрока: см. страницы `/фокус турнир таблица`.
       *[many] …и ещё { $count } игроков: см. страницы `/фокус турнир таблица`.
    }
tournament-no-standings = В турнире **{ $name }** пока нет игроков.
tournament-list-title = Турниры этого сервера:
tournament-list-line = { $tournament } **{ $name }** · { $format } · { $players } · { $status }
tournament-list-status = { $status ->
        [open] идёт запись
        [pairing] составляются пары { $round }-го тура из { $rounds }
        [running] { $round }-й тур из { $rounds }
        [running-all] все туры сразу: { $rounds }
        [finished] окончен
       *[cancelled] отменён
    }
tournament-list-empty = На этом сервере пока нет турниров: создайте турнир командой `/focus tournament create`.
tournament-export = Турнир **{ $name }** в формате TRF-16 для шахматных турнирных программ (его читает и `focus-bot pair --check`).
tournament-export-in-progress = { $count ->
    [1] Тур { $rounds } ещё идёт: в TRF-16 нет кода для партии без результата, поэтому его пары и цвета записаны в строках `FBP` в конце файла, а не в строках игроков, и `focus-bot pair --check` его пропускает.
   *[other] Туры { $rounds } ещё идут: в TRF-16 нет кода для партии без результата, поэтому их пары и цвета записаны в строках `FBP` в конце файла, а не в строках игроков, и `focus-bot pair --check` их пропускает.
}
settings-tournament-role = Теперь турниры могут создавать участники с выбранной ролью, а также участники с правом «Управлять сервером».
button-join = Участвовать
button-leave = Выйти
crosstable-rank = №
crosstable-player = Игрок
crosstable-score = Очки
crosstable-white = Белые
crosstable-black = Чёрные
# Тур кругового турнира без партии для этого игрока (лишний при нечётном числе отдыхает).
crosstable-rest = отдых
stats-tournaments = Турниры: { $results }
stats-tournament = { $name } — { $over ->
        [yes] { $rank }-е место из { $players }
       *[no] сейчас { $rank }-е место из { $players }
    } ({ $points })
