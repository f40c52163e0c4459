//! The crosstable's picture and text, checked.

use super::*;

fn game(opponent: u32, side: Side, outcome: Outcome) -> Cell {
    let mark = match outcome {
        Outcome::Win => "1",
        Outcome::Draw => "½",
        Outcome::Loss => "0",
        Outcome::Pending => "*",
    };
    Cell::Game {
        opponent,
        side,
        outcome,
        mark: mark.into(),
    }
}

fn words(rounds: usize, tie_breaks: usize) -> Crosstable {
    Crosstable {
        title: "Spring Swiss — after round 3 of 4".into(),
        subtitle: Some("Swiss · 3 days per move · page 1 of 1".into()),
        rank_header: "#".into(),
        name_header: "Player".into(),
        score_header: "Pts".into(),
        tie_break_headers: ["BH-C1", "BH", "SB", "AROC", "W", "BPG"][..tie_breaks]
            .iter()
            .map(|h| h.to_string())
            .collect(),
        round_headers: (1..=rounds).map(|r| r.to_string()).collect(),
        white: "white".into(),
        black: "black".into(),
        rows: Vec::new(),
        podium: false,
    }
}

/// A table of `rows` players and `rounds` rounds, every round played: player `i` meets
/// players at varying distances, wins, draws and losses in turn.
fn table(rows: usize, rounds: usize, tie_breaks: usize) -> Crosstable {
    let mut data = words(rounds, tie_breaks);
    data.rows = (0..rows)
        .map(|i| Row {
            rank: i as u32 + 1,
            rank_shown: true,
            name: format!("player number {}", i + 1),
            score: format!("{}½", rounds - i * rounds / rows.max(1)),
            tie_breaks: (0..tie_breaks)
                .map(|t| format!("{}.5", 40 - i - t))
                .collect(),
            cells: (0..rounds)
                .map(|j| {
                    let side = if (i + j) % 2 == 0 {
                        Side::White
                    } else {
                        Side::Black
                    };
                    let outcome = [Outcome::Win, Outcome::Draw, Outcome::Loss][(i + j) % 3];
                    game(((i + 3 * j + 1) % rows.max(1)) as u32 + 1, side, outcome)
                })
                .collect(),
        })
        .collect();
    data
}

fn image(data: &Crosstable) -> RgbImage {
    let png = crosstable(data).expect("the table draws");
    image::load_from_memory(&png).expect("a PNG").to_rgb8()
}

/// The pixels of the box from `(x, y)` of `w` × `h`.
fn region(img: &RgbImage, x: u32, y: u32, w: u32, h: u32) -> Vec<Rgb<u8>> {
    (y..y + h)
        .flat_map(|py| (x..x + w).map(move |px| (px, py)))
        .map(|(px, py)| *img.get_pixel(px, py))
        .collect()
}

#[test]
fn the_picture_has_the_documented_size() {
    // The module's examples, by hand.
    let mut nine = table(9, 4, 3);
    assert_eq!(nine.size(), (640, 462));
    nine.subtitle = None;
    assert_eq!(nine.size(), (640, 436));
    assert_eq!(table(32, 20, 4).size(), (1392, 1244));
    assert_eq!(table(32, 11, 3).size(), (931, 1244));
    for (rows, rounds, tie_breaks) in [(0, 5, 2), (1, 1, 0), (9, 4, 3), (20, 11, 3), (32, 20, 4)] {
        let data = table(rows, rounds, tie_breaks);
        let width = (2 * MARGIN
            + RANK_W
            + NAME_W
            + SCORE_W
            + TIE_BREAK_W * tie_breaks as u32
            + CELL_W * rounds as u32)
            .max(MIN_WIDTH);
        let height = TITLE_H + SUBTITLE_H + HEADER_H + ROW_H * rows as u32 + LEGEND_H;
        assert_eq!(data.size(), (width, height), "{rows} × {rounds}");
        let img = image(&data);
        assert_eq!((img.width(), img.height()), (width, height));
    }
    // Within Discord's reach up to 20 rounds and 4 tie-breaks.
    assert!(table(1, 20, 4).size().0 <= 1400);
}

#[test]
fn no_rows_draws_the_header_alone() {
    let data = words(5, 3);
    let img = image(&data);
    assert_eq!(img.height(), TITLE_H + SUBTITLE_H + HEADER_H + LEGEND_H);
    // The header row is drawn.
    let header = region(&img, MARGIN, TITLE_H + SUBTITLE_H + 8, 400, 34);
    assert!(header.contains(&HEADER_BG));
    assert!(header.contains(&palette::TEXT_DIM));
}

#[test]
fn the_table_is_drawn() {
    let data = table(9, 4, 3);
    let img = image(&data);
    let layout = Layout::new(&data);
    let (w, h) = (layout.right(&data) - MARGIN, ROW_H * 9);
    let area = region(&img, MARGIN, layout.rows_y, w, h);
    let distinct: std::collections::HashSet<[u8; 3]> = area.iter().map(|p| p.0).collect();
    assert!(distinct.len() > 100, "{} colours", distinct.len());
    for colour in [
        WIN,
        DRAW,
        LOSS,
        ZEBRA,
        palette::WHITE_PIECE[0],
        palette::TEXT,
    ] {
        assert!(area.contains(&colour), "{colour:?} missing");
    }
    let background = area.iter().filter(|&&p| p == palette::BACKGROUND).count();
    assert!(
        background < area.len() * 2 / 3,
        "{background} of {}",
        area.len()
    );
}

#[test]
fn cells_show_their_outcome_colour_and_mark() {
    let mut data = table(2, 4, 0);
    data.rows[0].cells = vec![
        game(2, Side::White, Outcome::Win),
        game(2, Side::Black, Outcome::Pending),
        Cell::NoGame {
            mark: "+".into(),
            outcome: Some(Outcome::Win),
        },
        Cell::Future,
    ];
    let img = image(&data);
    let layout = Layout::new(&data);
    let y = layout.row_y(0);
    let cell = |j: usize| region(&img, layout.round_x(0, j), y, CELL_W, ROW_H);
    // A win: green, a white chip, a mark.
    assert!(cell(0).contains(&WIN) && cell(0).contains(&palette::WHITE_PIECE[0]));
    // In play: framed in blue, a black chip.
    assert!(cell(1).contains(&palette::ACCENT) && cell(1).contains(&palette::BLACK_PIECE[1]));
    assert!(!cell(1).contains(&WIN));
    // A bye: tinted, its mark drawn, no chip.
    assert!(cell(2).contains(&WIN) && cell(2).contains(&palette::TEXT));
    assert!(!cell(2).contains(&palette::WHITE_PIECE[0]));
    // The future: the row's background only.
    assert!(cell(3).iter().all(|&p| p == palette::BACKGROUND));
}

#[test]
fn cyrillic_names_are_drawn() {
    assert_eq!(
        text::clean(&text::REGULAR, "Ёжик Сергеевич"),
        "Ёжик Сергеевич"
    );
    let mut named = table(3, 2, 1);
    named.rows[1].name = "Ёжик Сергеевич".into();
    let mut unnamed = named.clone();
    unnamed.rows[1].name = String::new();
    let layout = Layout::new(&named);
    let at = |img: &RgbImage| region(img, layout.name_x(), layout.row_y(1), layout.name_w, ROW_H);
    let (a, b) = (at(&image(&named)), at(&image(&unnamed)));
    let differ = a.iter().zip(&b).filter(|(x, y)| x != y).count();
    assert!(differ > 300, "{differ} pixels differ");
    assert!(b.iter().all(|&p| p == ZEBRA));
}

#[test]
fn long_names_stop_at_their_column() {
    let short = table(3, 3, 2);
    let mut long = short.clone();
    long.rows[0].name = "Александра Константиновна Преображенская-Длинноименная".repeat(3);
    let layout = Layout::new(&short);
    let right = layout.right(&short);
    let at = |img: &RgbImage| {
        let x = layout.score_x();
        region(img, x, layout.row_y(0), right - x, ROW_H)
    };
    assert_eq!(at(&image(&short)), at(&image(&long)));
    let fitted = text::fit(&text::REGULAR, BODY_PX, &long.rows[0].name, NAME_W);
    assert!(fitted.ends_with('…'));
}

#[test]
fn a_full_page_stays_small() {
    let png = crosstable(&table(32, 20, 4)).unwrap();
    assert!(png.len() < 400_000, "{} bytes", png.len());
    assert!(png.len() < 1 << 20);
    let png = crosstable(&table(9, 4, 3)).unwrap();
    assert!(png.len() < 100_000, "{} bytes", png.len());
}

#[test]
fn the_podium_has_three_colours() {
    let mut data = table(5, 3, 1);
    data.podium = true;
    let img = image(&data);
    let layout = Layout::new(&data);
    // The rank cell's top-left pixel, and the name column's, of each row.
    let rank = |i: usize| *img.get_pixel(MARGIN + 1, layout.row_y(i) + 1);
    let name = |i: usize| *img.get_pixel(layout.name_x() + 1, layout.row_y(i) + 1);
    assert_eq!([rank(0), rank(1), rank(2)], MEDALS);
    assert_eq!(rank(3), ZEBRA);
    assert_eq!(name(4), palette::BACKGROUND);
    let names = [name(0), name(1), name(2), name(3)];
    for a in 0..4 {
        for b in a + 1..4 {
            assert_ne!(names[a], names[b], "rows {a} and {b}");
        }
    }
    // Without the podium, the rows are plain.
    data.podium = false;
    let plain = image(&data);
    assert_eq!(
        *plain.get_pixel(MARGIN + 1, layout.row_y(0) + 1),
        palette::BACKGROUND
    );
    // A shared first place: both gold.
    data.podium = true;
    data.rows[1].rank = 1;
    data.rows[1].rank_shown = false;
    let shared = image(&data);
    assert_eq!(
        *shared.get_pixel(MARGIN + 1, layout.row_y(1) + 1),
        MEDALS[0]
    );
}

#[test]
fn limits_are_errors() {
    assert_eq!(
        crosstable(&table(MAX_ROWS + 1, 3, 1)),
        Err(CrosstableError::TooManyRows { rows: MAX_ROWS + 1 })
    );
    assert_eq!(
        crosstable(&table(2, MAX_ROUNDS + 1, 1)),
        Err(CrosstableError::TooManyRounds {
            rounds: MAX_ROUNDS + 1
        })
    );
    let mut data = table(3, 3, 2);
    data.tie_break_headers.push("X".into());
    assert_eq!(
        crosstable(&data),
        Err(CrosstableError::TieBreaks {
            row: 0,
            values: 2,
            headers: 3
        })
    );
    let mut data = table(3, 3, 2);
    data.rows[2].cells.pop();
    assert_eq!(
        crosstable(&data),
        Err(CrosstableError::Cells {
            row: 2,
            cells: 2,
            rounds: 3
        })
    );
    let mut data = table(3, 3, 2);
    data.tie_break_headers = vec!["X".into(); MAX_TIE_BREAKS + 1];
    assert_eq!(
        crosstable(&data),
        Err(CrosstableError::TooManyTieBreaks {
            tie_breaks: MAX_TIE_BREAKS + 1
        })
    );
}

#[test]
fn the_text_lists_every_player_in_order() {
    let mut data = table(4, 3, 2);
    data.rows[1].name = "Ёжик".into();
    data.rows[2].rank = 2;
    data.rows[2].rank_shown = false;
    data.rows[3].cells = vec![
        game(1, Side::Black, Outcome::Pending),
        Cell::NoGame {
            mark: "+".into(),
            outcome: Some(Outcome::Win),
        },
        Cell::Future,
    ];
    let text = crosstable_text(&data);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2 + 4);
    assert_eq!(lines[0], data.title);
    assert_eq!(
        lines[2],
        "1. player number 1 — Pts 3½; BH-C1 40.5; BH 39.5; 1: 2 white 1; 2: 1 black ½; 3: 4 white 0"
    );
    assert!(lines[3].starts_with("2. Ёжик — Pts 3½;"));
    assert!(lines[4].starts_with("2. player number 3 — Pts 2½;"));
    assert_eq!(
        lines[5],
        "4. player number 4 — Pts 1½; BH-C1 37.5; BH 36.5; 1: 1 black *; 2: +"
    );
    let mut at = 0;
    for row in &data.rows {
        let found = text[at..].find(&row.name).expect("the name, in order");
        at += found;
        assert!(text[at..].starts_with(&format!("{} — Pts {}", row.name, row.score)));
    }
}
