//! The metrics as a scrape reads them.

use super::*;

/// The value of the series `series` (name and labels as rendered) in `text`.
fn value(text: &str, series: &str) -> Option<f64> {
    text.lines()
        .find_map(|l| l.strip_prefix(series)?.strip_prefix(' ')?.parse().ok())
}

#[test]
fn counts_with_bounded_labels_and_renders_the_text_format() {
    let metrics = Arc::new(Metrics::new());
    metrics.serve();
    metrics.command("move", Outcome::Ok);
    metrics.command("move", Outcome::Ok);
    metrics.command("move", Outcome::Refused);
    metrics.move_played(Mover::Person);
    metrics.first_response(InteractionKind::Command, Duration::from_millis(120));
    metrics.send_failed(Via::Outbox, SendError::Code(50013));
    metrics.send_failed(Via::Outbox, SendError::Status(429));
    metrics.gateway_session(Reconnect::Identify);
    metrics.gateway_session(Reconnect::Identify);
    metrics.gateway_session(Reconnect::Resume);
    metrics.backups().record(Some(1_700_000_000));
    metrics.backups().record(None);
    metrics.rate_limited(WaitSource::Outbox, false, Duration::from_millis(300));
    metrics.swept(1_000);
    {
        let search = metrics.search_queued();
        let text = metrics.render();
        assert_eq!(value(&text, SEARCHES_QUEUED), Some(1.0));
        let _running = search.running();
        let text = metrics.render();
        assert_eq!(value(&text, SEARCHES_QUEUED), Some(0.0));
        assert_eq!(value(&text, SEARCHES_RUNNING), Some(1.0));
    }
    metrics.database(
        Some(&StoreStats {
            games_in_play: vec![(GameKind::Bot, GamePace::Live, 2)],
            pending_notices: 3,
            oldest_pending_at: Some(990),
            database_bytes: 4096,
        }),
        1_000,
    );
    let text = metrics.render();
    let expect = [
        (r#"focus_commands_total{command="move",outcome="ok"}"#, 2.0),
        (
            r#"focus_commands_total{command="move",outcome="refused"}"#,
            1.0,
        ),
        (r#"focus_moves_total{by="person"}"#, 1.0),
        (r#"focus_moves_total{by="bot"}"#, 0.0),
        (
            r#"focus_command_latency_seconds_count{kind="command"}"#,
            1.0,
        ),
        (
            r#"focus_command_latency_seconds_bucket{kind="command",le="0.25"}"#,
            1.0,
        ),
        (
            r#"focus_command_latency_seconds_bucket{kind="command",le="0.1"}"#,
            0.0,
        ),
        (
            r#"focus_discord_send_failures_total{via="outbox",code="50013"}"#,
            1.0,
        ),
        (
            r#"focus_discord_send_failures_total{via="outbox",code="http-429"}"#,
            1.0,
        ),
        (r#"focus_gateway_reconnects_total{how="identify"}"#, 1.0),
        (r#"focus_gateway_reconnects_total{how="resume"}"#, 1.0),
        (BACKUP_LAST, 1_700_000_000.0),
        (BACKUP_FAILURES, 1.0),
        (SEARCHES_RUNNING, 0.0),
        ("focus_search_seconds_count", 1.0),
        (r#"focus_games_in_play{kind="bot",pace="live"}"#, 2.0),
        (r#"focus_games_in_play{kind="people",pace="none"}"#, 0.0),
        (OUTBOX_PENDING, 3.0),
        (OUTBOX_OLDEST_AGE, 10.0),
        (DATABASE_SIZE, 4096.0),
        (SWEEP_LAST, 1_000.0),
        (
            r#"focus_discord_rate_limit_wait_seconds_bucket{source="outbox",scope="route",le="0.5"}"#,
            1.0,
        ),
    ];
    for (series, want) in expect {
        assert_eq!(value(&text, series), Some(want), "{series} in\n{text}");
    }
    for m in METRICS {
        assert!(
            text.contains(&format!("# TYPE {} {}", m.name, m.kind)),
            "{} in\n{text}",
            m.name
        );
    }
}

#[test]
fn histograms_keep_nothing_until_the_metrics_are_served() {
    let metrics = Metrics::new();
    metrics.first_response(InteractionKind::Click, Duration::from_secs(1));
    assert!(!metrics.render().contains(COMMAND_LATENCY));
}

#[test]
fn the_readme_lists_every_metric_with_its_labels() {
    for readme in [
        include_str!("../../README.md"),
        include_str!("../../README.ru.md"),
    ] {
        for m in METRICS {
            let labels = match m.labels {
                [] => "–".to_owned(),
                labels => labels
                    .iter()
                    .map(|l| format!("`{l}`"))
                    .collect::<Vec<_>>()
                    .join(", "),
            };
            let row = format!("| `{}` | {} | {} |", m.name, m.kind, labels);
            assert!(readme.contains(&row), "README lacks the row {row}");
        }
    }
}
