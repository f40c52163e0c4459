//! A tournament's standings as a chess crosstable: one row per player (rank, name, score,
//! tie-breaks) and one cell per round: the opponent's rank on a chip of the colour played
//! (cream for White, charcoal for Black), the result's mark beside it, the cell tinted green,
//! grey or red for a win, a draw or a loss. A pure function from the data, every word already
//! in the reader's language, to PNG bytes; [`crosstable_text`] gives the same table as plain
//! text for screen readers.
// Longer than 400 lines: the picture's data and limits, its layout and its drawing, one picture
// measured then drawn (its text twin and its tests are files of their own).
//!
//! The picture is laid out for Discord's chat preview (at most about 550 px wide): text of 18
//! to 24 px (a header or number too wide for its column is drawn smaller), compact columns, and
//! a native width of at most 1,400 px up to 20 rounds and 4 tie-breaks (see
//! [`Crosstable::size`]): 640 px for a few rounds, which the preview shows at 86 %. A page
//! holds at most [`MAX_ROWS`] players; callers page longer tables.
//!
//! ```
//! use focus_bot::render::crosstable::{Cell, Crosstable, Outcome, Row, Side, crosstable};
//!
//! let row = |rank: u32, name: &str, score: &str, cell: Cell| Row {
//!     rank,
//!     rank_shown: true,
//!     name: name.into(),
//!     score: score.into(),
//!     tie_breaks: vec!["1".into()],
//!     cells: vec![cell, Cell::Future],
//! };
//! let game = |opponent: u32, side: Side, outcome: Outcome, mark: &str| Cell::Game {
//!     opponent,
//!     side,
//!     outcome,
//!     mark: mark.into(),
//! };
//! let data = Crosstable {
//!     title: "Spring Swiss — after round 1 of 2".into(),
//!     subtitle: Some("Swiss · 3 days per move".into()),
//!     rank_header: "#".into(),
//!     name_header: "Player".into(),
//!     score_header: "Pts".into(),
//!     tie_break_headers: vec!["BH".into()],
//!     round_headers: vec!["1".into(), "2".into()],
//!     white: "white".into(),
//!     black: "black".into(),
//!     rows: vec![
//!         row(1, "alice", "1", game(2, Side::White, Outcome::Win, "1")),
//!         row(2, "bob", "0", game(1, Side::Black, Outcome::Loss, "0")),
//!     ],
//!     podium: false,
//! };
//! let png = crosstable(&data).unwrap();
//! let img = image::load_from_memory(&png).unwrap();
//! assert_eq!((img.width(), img.height()), data.size());
//! assert_eq!(data.size(), (640, 224));
//! ```

use ab_glyph::FontRef;
use image::{Rgb, RgbImage};
use imageproc::drawing::draw_filled_rect_mut;
use imageproc::rect::Rect;
use thiserror::Error;

mod plain;

pub use plain::crosstable_text;

use super::encode::encode_png_compact;
use super::{palette, text};

/// A player's colour in one game of the table.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Side {
    /// The player had White.
    White,
    /// The player had Black.
    Black,
}

/// How a round went for a player, as the table shows it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Won (on the board or by forfeit): a green cell.
    Win,
    /// Drawn: a grey cell.
    Draw,
    /// Lost (on the board or by forfeit): a red cell.
    Loss,
    /// Not yet played (a game in play): an untinted cell framed in blue.
    Pending,
}

/// One round's cell of a row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cell {
    /// A game (played, forfeited, or in play): the opponent's rank in this table, the colour,
    /// the outcome, and the mark to print beside the opponent: `1`, `½`, `0` for a game played,
    /// `+`, `−` for a forfeit, `*` or nothing (empty) for a game in play.
    Game {
        /// The opponent's rank in this table (the number printed; not the row's index).
        opponent: u32,
        /// The colour this row's player had.
        side: Side,
        /// The result for this row's player.
        outcome: Outcome,
        /// What to print for the result (one or two characters; see above).
        mark: String,
    },
    /// A round without a game: a bye or an absence; `mark` is what to print (`+`, `½`, `0`,
    /// `–`), centred in the cell; `outcome` tints the cell as for a game (`None`: untinted,
    /// the mark dimmed).
    NoGame {
        /// What to print.
        mark: String,
        /// The tint, if any.
        outcome: Option<Outcome>,
    },
    /// A round not yet played by anyone: an empty cell.
    Future,
}

/// One player's row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The player's rank (1 is first).
    pub rank: u32,
    /// False when the rank is shared with the row above (then not printed again in the
    /// picture; the text version prints it on every line).
    pub rank_shown: bool,
    /// The player's display name, any length: cut with `…` to the name column's width.
    /// Characters the font cannot draw (emoji, most CJK) are left out of the picture (a name
    /// of nothing else leaves its cell blank); the text version keeps them.
    pub name: String,
    /// The score as printed: `3`, `2½`.
    pub score: String,
    /// The tie-break values as printed, one per [`Crosstable::tie_break_headers`].
    pub tie_breaks: Vec<String>,
    /// One cell per [`Crosstable::round_headers`].
    pub cells: Vec<Cell>,
}

/// What the crosstable shows; every word in the reader's language, made at the edge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Crosstable {
    /// The first line, bold: `Spring Swiss — after round 3 of 5`. Cut with `…` to the width.
    pub title: String,
    /// A second, dimmer line: `Swiss · 3 days per move · page 1 of 2`; `None` leaves it out
    /// (and the picture is [`SUBTITLE_H`] px shorter).
    pub subtitle: Option<String>,
    /// The rank column's header: `#`, `№`.
    pub rank_header: String,
    /// The name column's header: `Player`, `Игрок`.
    pub name_header: String,
    /// The score column's header: `Pts`, `Очки`.
    pub score_header: String,
    /// The tie-break columns' headers, in order: `BH-C1`, `BH`, `SB`. At most
    /// [`MAX_TIE_BREAKS`]; a header too wide for its column is drawn smaller.
    pub tie_break_headers: Vec<String>,
    /// One header per planned round: `1`, `2`, …. At most [`MAX_ROUNDS`].
    pub round_headers: Vec<String>,
    /// The word for White, in the legend under the table and in [`crosstable_text`]: `white`,
    /// `белые`.
    pub white: String,
    /// The word for Black, likewise: `black`, `чёрные`.
    pub black: String,
    /// The players, in rank order; at most [`MAX_ROWS`]. None: the header and legend alone.
    pub rows: Vec<Row>,
    /// The podium: highlight ranks 1–3 (gold, silver, bronze rank cells, the row tinted) at
    /// the end of the event. Shared ranks share the colour.
    pub podium: bool,
}

/// The most rows on one picture (a page); callers page longer tables.
pub const MAX_ROWS: usize = 32;
/// The most rounds a picture has columns for (a double round robin of 16).
pub const MAX_ROUNDS: usize = 30;
/// The most tie-break columns.
pub const MAX_TIE_BREAKS: usize = 6;

/// Left and right margin, in pixels.
pub const MARGIN: u32 = 12;
/// Width of the rank column, in pixels.
pub const RANK_W: u32 = 36;
/// Width of the name column, in pixels, when the table is at least [`MIN_WIDTH`] wide; a
/// narrower table gives its name column the difference.
pub const NAME_W: u32 = 156;
/// Width of the score column, in pixels.
pub const SCORE_W: u32 = 52;
/// Width of each tie-break column, in pixels.
pub const TIE_BREAK_W: u32 = 56;
/// Width of each round's cell, in pixels.
pub const CELL_W: u32 = 45;
/// The narrowest picture, in pixels (room for the title).
pub const MIN_WIDTH: u32 = 640;

/// Height of the title's line (with the margin above it), in pixels.
pub const TITLE_H: u32 = 48;
/// Height of the subtitle's line, in pixels, when there is one.
pub const SUBTITLE_H: u32 = 26;
/// Height of the header row (with the gap above it), in pixels.
pub const HEADER_H: u32 = 42;
/// Height of each player's row, in pixels.
pub const ROW_H: u32 = 34;
/// Height of the legend under the table (with the bottom margin), in pixels.
pub const LEGEND_H: u32 = 40;

/// The table cannot be drawn: the data breaks a documented limit (a bug of the caller's).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CrosstableError {
    /// More rows than a page holds.
    #[error("{rows} rows are more than a page of {MAX_ROWS}")]
    TooManyRows {
        /// The number of rows given.
        rows: usize,
    },
    /// More rounds than the picture has columns for.
    #[error("{rounds} rounds are more than {MAX_ROUNDS}")]
    TooManyRounds {
        /// The number of round headers given.
        rounds: usize,
    },
    /// More tie-breaks than the picture has columns for.
    #[error("{tie_breaks} tie-breaks are more than {MAX_TIE_BREAKS}")]
    TooManyTieBreaks {
        /// The number of tie-break headers given.
        tie_breaks: usize,
    },
    /// A row's cells do not match the round headers one to one.
    #[error("row {row} has {cells} cells for {rounds} rounds")]
    Cells {
        /// The row's index (from 0).
        row: usize,
        /// Its number of cells.
        cells: usize,
        /// The number of round headers.
        rounds: usize,
    },
    /// A row's tie-break values do not match the tie-break headers one to one.
    #[error("row {row} has {values} tie-break values for {headers} headers")]
    TieBreaks {
        /// The row's index (from 0).
        row: usize,
        /// Its number of values.
        values: usize,
        /// The number of tie-break headers.
        headers: usize,
    },
}

/// Text sizes, in the pixels of [`text`] (the font's ascent to descent; the em is 0.86 of it).
const TITLE_PX: f32 = 24.0;
const SUBTITLE_PX: f32 = 18.0;
const HEADER_PX: f32 = 18.0;
const BODY_PX: f32 = 20.0;
const CELL_PX: f32 = 18.0;
/// The smallest a number or header is shrunk to before it is cut.
const MIN_PX: f32 = 12.0;

/// The header row's background.
const HEADER_BG: Rgb<u8> = Rgb([0x1b, 0x1e, 0x25]);
/// The odd rows' background (the even ones are [`palette::BACKGROUND`]).
const ZEBRA: Rgb<u8> = palette::PANEL_ACTIVE;
/// Lines between the column groups.
const RULE: Rgb<u8> = Rgb([0x4a, 0x50, 0x5c]);
/// Cell tints: a win lighter than a draw, a draw lighter than a loss, so that they differ by
/// lightness as well as hue (for colour-blind readers; the marks say it again).
const WIN: Rgb<u8> = Rgb([0x3b, 0x7d, 0x52]);
const DRAW: Rgb<u8> = Rgb([0x57, 0x5e, 0x6c]);
const LOSS: Rgb<u8> = Rgb([0x73, 0x2f, 0x36]);
/// The podium's colours: gold (the board picture's winner badge), silver, bronze.
const MEDALS: [Rgb<u8>; 3] = [
    palette::WINNER,
    Rgb([0xc4, 0xc9, 0xd2]),
    Rgb([0xd0, 0x8c, 0x52]),
];
/// How strongly a podium row's name and score take its medal's colour.
const MEDAL_TINT: f32 = 0.22;

impl Crosstable {
    /// The picture's size in pixels, `(width, height)`, from the number of rounds, tie-breaks
    /// and rows and whether there is a subtitle:
    ///
    /// - width: 2·[`MARGIN`] + [`RANK_W`] + [`NAME_W`] + [`SCORE_W`] + [`TIE_BREAK_W`] per
    ///   tie-break + [`CELL_W`] per round, but at least [`MIN_WIDTH`]: 640 up to 5 rounds with
    ///   2 tie-breaks, 931 for 11 rounds and 3 tie-breaks, 1,392 for 20 rounds and 4;
    /// - height: [`TITLE_H`] + [`SUBTITLE_H`] if there is a subtitle + [`HEADER_H`] +
    ///   [`ROW_H`] per row + [`LEGEND_H`]: 462 for 9 rows with a subtitle, 1,244 for 32
    ///   (1,218 without).
    pub fn size(&self) -> (u32, u32) {
        Layout::new(self).size()
    }
}

/// Where everything goes.
struct Layout {
    width: u32,
    height: u32,
    name_w: u32,
    /// The top of the header row (after its gap) and of the first player's row.
    header_y: u32,
    rows_y: u32,
}

/// The gap above the header row, inside [`HEADER_H`].
const HEADER_GAP: u32 = 8;

impl Layout {
    fn new(data: &Crosstable) -> Layout {
        let natural = 2 * MARGIN
            + RANK_W
            + NAME_W
            + SCORE_W
            + TIE_BREAK_W * data.tie_break_headers.len() as u32
            + CELL_W * data.round_headers.len() as u32;
        let width = natural.max(MIN_WIDTH);
        let header_y = TITLE_H
            + if data.subtitle.is_some() {
                SUBTITLE_H
            } else {
                0
            }
            + HEADER_GAP;
        let rows_y = header_y + HEADER_H - HEADER_GAP;
        Layout {
            width,
            height: rows_y + ROW_H * data.rows.len() as u32 + LEGEND_H,
            name_w: NAME_W + (width - natural),
            header_y,
            rows_y,
        }
    }

    fn size(&self) -> (u32, u32) {
        (self.width, self.height)
    }

    fn name_x(&self) -> u32 {
        MARGIN + RANK_W
    }

    fn score_x(&self) -> u32 {
        self.name_x() + self.name_w
    }

    fn tie_break_x(&self, i: usize) -> u32 {
        self.score_x() + SCORE_W + TIE_BREAK_W * i as u32
    }

    fn round_x(&self, tie_breaks: usize, j: usize) -> u32 {
        self.tie_break_x(tie_breaks) + CELL_W * j as u32
    }

    /// The right edge of the table.
    fn right(&self, data: &Crosstable) -> u32 {
        self.round_x(data.tie_break_headers.len(), data.round_headers.len())
    }

    fn row_y(&self, i: usize) -> u32 {
        self.rows_y + ROW_H * i as u32
    }
}

/// Draws `data`: PNG bytes of a picture of [`Crosstable::size`], 8-bit RGB: some 50 KB for 9
/// rows and 4 rounds, 250 KB for 32 rows and 11 rounds, 350 KB for 32 rows and 20 rounds.
/// Measured in a test build (this crate unoptimised, the image crates optimised): 55 ms for 9
/// rows and 4 rounds, 0.35 s for 32 rows and 20 rounds, a third of it compressing: call it off
/// the async runtime.
///
/// With no rows the picture is the title, the header row and the legend: a table nobody has
/// entered yet is not an error.
///
/// # Errors
/// [`CrosstableError`] when the data breaks a limit: more than [`MAX_ROWS`] rows, more than
/// [`MAX_ROUNDS`] rounds or [`MAX_TIE_BREAKS`] tie-breaks, or a row whose cells or tie-break
/// values do not match the headers.
pub fn crosstable(data: &Crosstable) -> Result<Vec<u8>, CrosstableError> {
    Ok(encode_png_compact(&crosstable_image(data)?))
}

/// The picture as pixels (see [`crosstable`]).
fn crosstable_image(data: &Crosstable) -> Result<RgbImage, CrosstableError> {
    validate(data)?;
    let layout = Layout::new(data);
    let mut img = RgbImage::from_pixel(layout.width, layout.height, palette::BACKGROUND);
    draw_titles(&mut img, data, &layout);
    draw_header(&mut img, data, &layout);
    for (i, row) in data.rows.iter().enumerate() {
        draw_row(&mut img, data, &layout, i, row);
    }
    draw_rules(&mut img, data, &layout);
    draw_legend(&mut img, data, &layout);
    Ok(img)
}

fn validate(data: &Crosstable) -> Result<(), CrosstableError> {
    let (rounds, tie_breaks) = (data.round_headers.len(), data.tie_break_headers.len());
    if data.rows.len() > MAX_ROWS {
        return Err(CrosstableError::TooManyRows {
            rows: data.rows.len(),
        });
    }
    if rounds > MAX_ROUNDS {
        return Err(CrosstableError::TooManyRounds { rounds });
    }
    if tie_breaks > MAX_TIE_BREAKS {
        return Err(CrosstableError::TooManyTieBreaks { tie_breaks });
    }
    for (row, r) in data.rows.iter().enumerate() {
        if r.cells.len() != rounds {
            return Err(CrosstableError::Cells {
                row,
                cells: r.cells.len(),
                rounds,
            });
        }
        if r.tie_breaks.len() != tie_breaks {
            return Err(CrosstableError::TieBreaks {
                row,
                values: r.tie_breaks.len(),
                headers: tie_breaks,
            });
        }
    }
    Ok(())
}

/// The top of text of `size` px whose capitals and digits are centred on `cy`: DejaVu's
/// ascent is 0.797 of the size and its capitals 0.626 tall.
fn text_top(cy: f32, size: f32) -> i32 {
    (cy - 0.4843 * size).round() as i32
}

/// `text` cleaned and made to fit `max_w`: drawn smaller, down to [`MIN_PX`], then cut with
/// `…`. Returns the size and the text.
fn shrink(font: &FontRef<'static>, size: f32, text: &str, max_w: u32) -> (f32, String) {
    let clean = text::clean(font, text);
    let mut s = size;
    while s > MIN_PX && text::measure(font, s, &clean).0 > max_w {
        s -= 1.0;
    }
    (s, text::fit(font, s, &clean, max_w))
}

/// How to place a line of text horizontally.
#[derive(Copy, Clone)]
enum Align {
    /// Left edge at `x`.
    Left,
    /// Centred on `x + w / 2`.
    Centre,
    /// Right edge at `x + w`.
    Right,
}

/// A font, a size in pixels and an ink.
#[derive(Copy, Clone)]
struct Style {
    font: &'static FontRef<'static>,
    size: f32,
    ink: Rgb<u8>,
}

impl Style {
    fn regular(size: f32, ink: Rgb<u8>) -> Style {
        Style {
            font: &text::REGULAR,
            size,
            ink,
        }
    }

    fn bold(size: f32, ink: Rgb<u8>) -> Style {
        Style {
            font: &text::BOLD,
            size,
            ink,
        }
    }
}

/// Draws `text` in `style` in the box from `x` of width `w`, centred vertically on `cy`,
/// shrunk or cut to fit `w`.
fn draw_in(
    img: &mut RgbImage,
    style: Style,
    (x, w): (i32, u32),
    cy: f32,
    align: Align,
    text: &str,
) {
    let font = style.font;
    let (size, fitted) = shrink(font, style.size, text, w);
    if fitted.is_empty() {
        return;
    }
    // `measure` counts one pixel more than the advances.
    let tw = text::measure(font, size, &fitted).0.saturating_sub(1) as i32;
    let left = match align {
        Align::Left => x,
        Align::Centre => x + (w as i32 - tw) / 2,
        Align::Right => x + w as i32 - tw,
    };
    text::draw(
        img,
        font,
        size,
        style.ink,
        left,
        text_top(cy, size),
        &fitted,
    );
}

fn fill(img: &mut RgbImage, x: i32, y: i32, w: u32, h: u32, colour: Rgb<u8>) {
    if w > 0 && h > 0 {
        draw_filled_rect_mut(img, Rect::at(x, y).of_size(w, h), colour);
    }
}

/// A filled box with its corners softened (each corner pixel 60 % the colour behind it).
fn rounded(img: &mut RgbImage, x: i32, y: i32, w: u32, h: u32, colour: Rgb<u8>) {
    let corners = [
        (x, y),
        (x + w as i32 - 1, y),
        (x, y + h as i32 - 1),
        (x + w as i32 - 1, y + h as i32 - 1),
    ];
    let behind: Vec<Option<Rgb<u8>>> = corners
        .iter()
        .map(|&(cx, cy)| {
            (cx >= 0 && cy >= 0 && (cx as u32) < img.width() && (cy as u32) < img.height())
                .then(|| *img.get_pixel(cx as u32, cy as u32))
        })
        .collect();
    fill(img, x, y, w, h, colour);
    for (&(cx, cy), b) in corners.iter().zip(behind) {
        if let Some(b) = b {
            img.put_pixel(cx as u32, cy as u32, palette::mix(colour, b, 0.6));
        }
    }
}

/// The chip of a colour played, `w` × `h` from `(x, y)`: a box of the piece's face colour (a
/// lighter rim round Black's, as on the board). Returns the ink to write on it.
fn chip(img: &mut RgbImage, x: i32, y: i32, w: u32, h: u32, side: Side) -> Rgb<u8> {
    match side {
        Side::White => {
            rounded(img, x, y, w, h, palette::WHITE_PIECE[0]);
            palette::WINNER_TEXT
        }
        Side::Black => {
            rounded(img, x, y, w, h, palette::BLACK_PIECE[2]);
            fill(img, x + 1, y + 1, w - 2, h - 2, palette::BLACK_PIECE[1]);
            palette::TEXT
        }
    }
}

fn draw_titles(img: &mut RgbImage, data: &Crosstable, layout: &Layout) {
    let w = layout.width - 2 * MARGIN;
    let title = text::fit(&text::BOLD, TITLE_PX, &data.title, w);
    let x = MARGIN as i32;
    text::draw(img, &text::BOLD, TITLE_PX, palette::TEXT, x, 14, &title);
    if let Some(subtitle) = &data.subtitle {
        let subtitle = text::fit(&text::REGULAR, SUBTITLE_PX, subtitle, w);
        let y = TITLE_H as i32 - 2;
        text::draw(
            img,
            &text::REGULAR,
            SUBTITLE_PX,
            palette::TEXT_DIM,
            x,
            y,
            &subtitle,
        );
    }
}

/// Inner padding of the name column, in pixels.
const PAD: u32 = 6;

/// The box of right-aligned numbers and their header in the column from `x` of width `w`:
/// 2 px from its left edge, 4 px from its right.
fn numeric(x: u32, w: u32) -> (i32, u32) {
    (x as i32 + 2, w - 6)
}

/// The box of the name and its header.
fn name_box(layout: &Layout) -> (i32, u32) {
    ((layout.name_x() + PAD) as i32, layout.name_w - 2 * PAD)
}

fn draw_header(img: &mut RgbImage, data: &Crosstable, layout: &Layout) {
    let y = layout.header_y as i32;
    let h = layout.rows_y - layout.header_y;
    fill(
        img,
        MARGIN as i32,
        y,
        layout.right(data) - MARGIN,
        h,
        HEADER_BG,
    );
    let cy = y as f32 + h as f32 / 2.0;
    let style = Style::bold(HEADER_PX, palette::TEXT_DIM);
    let rank = numeric(MARGIN, RANK_W);
    draw_in(img, style, rank, cy, Align::Right, &data.rank_header);
    let name = name_box(layout);
    draw_in(img, style, name, cy, Align::Left, &data.name_header);
    let score = numeric(layout.score_x(), SCORE_W);
    draw_in(img, style, score, cy, Align::Right, &data.score_header);
    for (i, header) in data.tie_break_headers.iter().enumerate() {
        let at = numeric(layout.tie_break_x(i), TIE_BREAK_W);
        draw_in(img, style, at, cy, Align::Right, header);
    }
    let tie_breaks = data.tie_break_headers.len();
    for (j, header) in data.round_headers.iter().enumerate() {
        let x = layout.round_x(tie_breaks, j) as i32;
        draw_in(img, style, (x + 2, CELL_W - 4), cy, Align::Centre, header);
    }
}

fn draw_row(img: &mut RgbImage, data: &Crosstable, layout: &Layout, i: usize, row: &Row) {
    let y = layout.row_y(i) as i32;
    let cy = y as f32 + ROW_H as f32 / 2.0;
    let bg = if i % 2 == 1 {
        ZEBRA
    } else {
        palette::BACKGROUND
    };
    fill(
        img,
        MARGIN as i32,
        y,
        layout.right(data) - MARGIN,
        ROW_H,
        bg,
    );
    let mut rank_ink = palette::TEXT;
    if data.podium && (1..=3).contains(&row.rank) {
        let medal = MEDALS[row.rank as usize - 1];
        let (from, to) = (
            layout.name_x(),
            layout.tie_break_x(data.tie_break_headers.len()),
        );
        let tint = palette::mix(bg, medal, MEDAL_TINT);
        fill(img, from as i32, y, to - from, ROW_H, tint);
        fill(img, MARGIN as i32, y, RANK_W, ROW_H, medal);
        rank_ink = palette::WINNER_TEXT;
    }
    if row.rank_shown {
        let rank = numeric(MARGIN, RANK_W);
        let style = Style::bold(BODY_PX, rank_ink);
        draw_in(img, style, rank, cy, Align::Right, &row.rank.to_string());
    }
    // Cut at the body size (never drawn smaller, unlike numbers).
    let name = text::fit(&text::REGULAR, BODY_PX, &row.name, name_box(layout).1);
    let style = Style::regular(BODY_PX, palette::TEXT);
    draw_in(img, style, name_box(layout), cy, Align::Left, &name);
    let score = numeric(layout.score_x(), SCORE_W);
    let style = Style::bold(BODY_PX, palette::TEXT);
    draw_in(img, style, score, cy, Align::Right, &row.score);
    let style = Style::regular(CELL_PX, palette::TEXT_DIM);
    for (t, value) in row.tie_breaks.iter().enumerate() {
        let at = numeric(layout.tie_break_x(t), TIE_BREAK_W);
        draw_in(img, style, at, cy, Align::Right, value);
    }
    let tie_breaks = data.tie_break_headers.len();
    for (j, cell) in row.cells.iter().enumerate() {
        draw_cell(img, layout.round_x(tie_breaks, j) as i32, y, cell);
    }
}

/// Inset of a cell's tint from the cell's edges: horizontally, vertically.
const CELL_INSET: (u32, u32) = (1, 2);
/// The chip of the opponent's rank: left offset in the cell, width, height. The mark is
/// centred in the rest of the cell's tint (18 px).
const CHIP: (i32, u32, u32) = (3, 23, 22);

fn tint(outcome: Outcome) -> Option<Rgb<u8>> {
    match outcome {
        Outcome::Win => Some(WIN),
        Outcome::Draw => Some(DRAW),
        Outcome::Loss => Some(LOSS),
        Outcome::Pending => None,
    }
}

/// Draws one round's cell, its top-left corner at `(x, y)`.
fn draw_cell(img: &mut RgbImage, x: i32, y: i32, cell: &Cell) {
    let (ix, iy) = CELL_INSET;
    let (tx, ty) = (x + ix as i32, y + iy as i32);
    let (tw, th) = (CELL_W - 2 * ix, ROW_H - 2 * iy);
    let cy = y as f32 + ROW_H as f32 / 2.0;
    match cell {
        Cell::Game {
            opponent,
            side,
            outcome,
            mark,
        } => {
            match tint(*outcome) {
                Some(colour) => fill(img, tx, ty, tw, th, colour),
                None => {
                    // A game in play: framed in the pictures' accent blue.
                    let inside = palette::mix(palette::BACKGROUND, palette::ACCENT, 0.15);
                    fill(img, tx, ty, tw, th, palette::ACCENT);
                    fill(img, tx + 2, ty + 2, tw - 4, th - 4, inside);
                }
            }
            let (cx, cw, ch) = CHIP;
            let chip_y = (cy - ch as f32 / 2.0).round() as i32;
            let ink = chip(img, x + cx, chip_y, cw, ch, *side);
            let number = (x + cx + 1, cw - 2);
            let style = Style::regular(CELL_PX, ink);
            draw_in(img, style, number, cy, Align::Centre, &opponent.to_string());
            let mark_x = x + cx + cw as i32;
            let mark_box = (mark_x, (tx + tw as i32 - mark_x) as u32);
            let style = Style::bold(CELL_PX, palette::TEXT);
            draw_in(img, style, mark_box, cy, Align::Centre, mark);
        }
        Cell::NoGame { mark, outcome } => {
            let colour = outcome.and_then(tint);
            let ink = match colour {
                Some(colour) => {
                    fill(img, tx, ty, tw, th, colour);
                    palette::TEXT
                }
                None => palette::TEXT_DIM,
            };
            draw_in(
                img,
                Style::bold(CELL_PX, ink),
                (tx, tw),
                cy,
                Align::Centre,
                mark,
            );
        }
        Cell::Future => {}
    }
}

/// Thin lines between the column groups (before the score, the tie-breaks and the rounds)
/// and under the header row.
fn draw_rules(img: &mut RgbImage, data: &Crosstable, layout: &Layout) {
    let top = layout.header_y as i32;
    let h = layout.rows_y - layout.header_y + ROW_H * data.rows.len() as u32;
    let tie_breaks = data.tie_break_headers.len();
    let mut xs = vec![layout.score_x(), layout.tie_break_x(0)];
    if tie_breaks > 0 {
        xs.push(layout.tie_break_x(tie_breaks));
    }
    for x in xs {
        fill(img, x as i32, top, 1, h, RULE);
    }
    let (y, w) = (layout.rows_y as i32 - 1, layout.right(data) - MARGIN);
    fill(img, MARGIN as i32, y, w, 1, RULE);
}

/// The colours' key under the table: a chip and the word for each colour (left out when the
/// word is empty).
fn draw_legend(img: &mut RgbImage, data: &Crosstable, layout: &Layout) {
    let top = layout.height - LEGEND_H;
    let cy = top as f32 + LEGEND_H as f32 / 2.0;
    let (_, cw, ch) = CHIP;
    let mut x = MARGIN as i32 + PAD as i32;
    for (side, word) in [(Side::White, &data.white), (Side::Black, &data.black)] {
        let word = text::clean(&text::REGULAR, word);
        if word.is_empty() {
            continue;
        }
        chip(img, x, (cy - ch as f32 / 2.0).round() as i32, cw, ch, side);
        x += cw as i32 + 8;
        let room = (layout.width as i32 - MARGIN as i32 - x).max(0) as u32;
        let fitted = text::fit(&text::REGULAR, SUBTITLE_PX, &word, room);
        let style = Style::regular(SUBTITLE_PX, palette::TEXT_DIM);
        draw_in(img, style, (x, room), cy, Align::Left, &fitted);
        x += text::measure(&text::REGULAR, SUBTITLE_PX, &fitted).0 as i32 + 24;
    }
}

#[cfg(test)]
mod tests;
