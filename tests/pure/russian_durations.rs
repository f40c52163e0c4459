//! Every phrase with a duration reads right in Russian (issue 20): "через 1 минуту", not
//! "через 1 минута"; 1, 2, 5, 11, 21, 22 and 25 of each unit take their plural forms, and the
//! accusative after «через» and before «назад».

use focus_bot::i18n::{Arg, Lang, tr};
use focus_bot::service::ServiceError;
use focus_bot::store::{StoreError, TimeControl};
use focus_bot::strings;

/// The numbers whose Russian forms differ: 1 and 21 (one), 2 and 22 (few), 5, 11 and 25 (many).
const NUMBERS: [u64; 7] = [1, 2, 5, 11, 21, 22, 25];

/// Each unit: its length in seconds, then its Russian words for [`NUMBERS`], in the nominative
/// and in the accusative.
const UNITS: [(&str, i64, [&str; 7], [&str; 7]); 4] = [
    (
        "days",
        86_400,
        ["день", "дня", "дней", "дней", "день", "дня", "дней"],
        ["день", "дня", "дней", "дней", "день", "дня", "дней"],
    ),
    (
        "hours",
        3_600,
        ["час", "часа", "часов", "часов", "час", "часа", "часов"],
        ["час", "часа", "часов", "часов", "час", "часа", "часов"],
    ),
    (
        "minutes",
        60,
        [
            "минута",
            "минуты",
            "минут",
            "минут",
            "минута",
            "минуты",
            "минут",
        ],
        [
            "минуту",
            "минуты",
            "минут",
            "минут",
            "минуту",
            "минуты",
            "минут",
        ],
    ),
    (
        "seconds",
        1,
        [
            "секунда",
            "секунды",
            "секунд",
            "секунд",
            "секунда",
            "секунды",
            "секунд",
        ],
        [
            "секунду",
            "секунды",
            "секунд",
            "секунд",
            "секунду",
            "секунды",
            "секунд",
        ],
    ),
];

fn ru() -> Lang {
    Lang::of_tag("ru")
}

#[test]
fn counts_of_time_in_both_cases() {
    for (unit, _, nominative, accusative) in UNITS {
        for ((n, nom), acc) in NUMBERS.into_iter().zip(nominative).zip(accusative) {
            assert_eq!(
                strings::count(ru(), unit, n),
                format!("{n} {nom}"),
                "{unit}"
            );
            assert_eq!(
                strings::count_accusative(ru(), unit, n),
                format!("{n} {acc}"),
                "{unit}"
            );
        }
    }
}

#[test]
fn in_and_ago_take_the_accusative() {
    // Seconds are rounded to the minute in a relative time: minutes, hours and days only.
    for (unit, length, nominative, accusative) in &UNITS[..3] {
        for ((n, nom), acc) in NUMBERS.into_iter().zip(nominative).zip(accusative) {
            // 25 hours read as a day and an hour (below).
            if *unit == "hours" && n == 25 {
                continue;
            }
            let seconds = n as i64 * length;
            assert_eq!(
                strings::from_now(ru(), seconds),
                format!("через {n} {acc}"),
                "{unit}"
            );
            assert_eq!(
                strings::from_now(ru(), -seconds),
                format!("{n} {acc} назад"),
                "{unit}"
            );
            assert_eq!(
                strings::duration(ru(), seconds),
                format!("{n} {nom}"),
                "{unit}"
            );
        }
    }
    // Two units, each in its case.
    assert_eq!(strings::from_now(ru(), 25 * 3_600), "через 1 день 1 час");
    let two = 2 * 86_400 + 21 * 3_600;
    assert_eq!(strings::from_now(ru(), two), "через 2 дня 21 час");
    assert_eq!(strings::duration(ru(), two), "2 дня 21 час");
    let hour_and_minute = 3_600 + 21 * 60;
    assert_eq!(
        strings::from_now(ru(), hour_and_minute),
        "через 1 час 21 минуту"
    );
    assert_eq!(
        strings::from_now(ru(), -hour_and_minute),
        "1 час 21 минуту назад"
    );
    assert_eq!(strings::duration(ru(), hour_and_minute), "1 час 21 минута");
    // Within half a minute: now.
    assert_eq!(strings::from_now(ru(), 29), "сейчас");
    assert_eq!(strings::from_now(Lang::ENGLISH, 60), "in 1 minute");
    assert_eq!(strings::from_now(Lang::ENGLISH, -22 * 60), "22 minutes ago");
}

#[test]
fn the_deadline_sentence_reads_through_one_minute() {
    for (n, acc) in NUMBERS.into_iter().zip(UNITS[2].3) {
        let sentence = tr(
            ru(),
            "time-runs-out",
            &[
                (
                    "relative",
                    Arg::from(strings::from_now(ru(), n as i64 * 60)),
                ),
                ("time", Arg::from("12:00")),
            ],
        );
        assert_eq!(sentence, format!("Время истекает через {n} {acc} (12:00)."));
    }
}

#[test]
fn spans_given_and_refused_read_right() {
    for (unit, length, nominative, _) in UNITS {
        for (n, nom) in NUMBERS.into_iter().zip(nominative) {
            // A span in its largest whole unit (the longest time a move may have).
            assert_eq!(
                strings::span(ru(), n as i64 * length),
                format!("{n} {nom}"),
                "{unit}"
            );
            let too_much = strings::refusal(
                ru(),
                &ServiceError::Store(StoreError::TooMuchTime {
                    seconds: n as i64 * length,
                }),
            )
            .words();
            assert!(
                too_much.starts_with(&format!("у соперника на этот ход уже почти {n} {nom} ")),
                "{too_much}"
            );
        }
    }
    let minutes = UNITS[2];
    for ((n, nom), acc) in NUMBERS.into_iter().zip(minutes.2).zip(minutes.3) {
        let n32 = u32::try_from(n).unwrap();
        // A time control: nominative.
        assert_eq!(
            strings::time_control(ru(), TimeControl::Minutes(n32)),
            format!("{n} {nom} на ход")
        );
        // More time given: "ещё 1 минуту", the accusative.
        let given = tr(
            ru(),
            "more-time-given-live",
            &[
                ("giver", Arg::from("A")),
                ("receiver", Arg::from("B")),
                ("minutes", Arg::from(n)),
            ],
        );
        assert_eq!(given, format!("A даёт B ещё {n} {acc} на этот ход."));
        // A time per move not offered: "срока в 1 минуту", the accusative.
        let refused = strings::refusal(
            ru(),
            &ServiceError::Store(StoreError::BadMinutesPerMove(n32)),
        )
        .words();
        assert!(
            refused.starts_with(&format!("срока в {n} {acc} ")),
            "{refused}"
        );
    }
    for (n, nom) in NUMBERS.into_iter().zip(UNITS[0].2) {
        let n32 = u32::try_from(n).unwrap();
        assert_eq!(
            strings::time_control(ru(), TimeControl::Days(n32)),
            format!("{n} {nom} на ход")
        );
    }
}
