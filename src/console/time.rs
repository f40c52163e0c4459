//! Time in the terminal: spans typed with `wait`, and dates (`2026-12-01 16:49 UTC`).
//! Relative times are [`crate::strings::from_now`]'s words.

/// `2d`, `6h`, `30m`, `90s` or a bare number of seconds, as seconds (at most 365 days).
pub fn duration(text: &str) -> Option<i64> {
    let text = text.trim();
    let (number, unit) = match text.char_indices().last()? {
        (i, c) if c.is_ascii_alphabetic() => (&text[..i], c.to_ascii_lowercase()),
        _ => (text, 's'),
    };
    let n: i64 = number.trim().parse().ok()?;
    let scale = match unit {
        'd' => 86_400,
        'h' => 3_600,
        'm' => 60,
        's' => 1,
        _ => return None,
    };
    let seconds = n.checked_mul(scale)?;
    (1..=365 * 86_400).contains(&seconds).then_some(seconds)
}

/// Unix time `t` as `2026-12-01 16:49 UTC` (the civil calendar from days since 1970, after
/// Howard Hinnant's `civil_from_days`).
pub fn utc(t: i64) -> String {
    let (days, secs) = (t.div_euclid(86_400), t.rem_euclid(86_400));
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year}-{month:02}-{day:02} {:02}:{:02} UTC",
        secs / 3_600,
        secs % 3_600 / 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_read_as_words() {
        assert_eq!(utc(0), "1970-01-01 00:00 UTC");
        assert_eq!(utc(951_782_400), "2000-02-29 00:00 UTC");
        assert_eq!(utc(1_796_057_340), "2026-11-30 16:49 UTC");
        assert_eq!(duration("2d"), Some(172_800));
        assert_eq!(duration("6H"), Some(21_600));
        assert_eq!(duration("90"), Some(90));
        assert_eq!(duration("366d"), None);
        assert_eq!(duration("0m"), None);
        assert_eq!(duration("banana"), None);
        assert_eq!(duration("-1d"), None);
    }
}
