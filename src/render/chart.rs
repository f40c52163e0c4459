//! The evaluation chart of an analysed game: White's advantage after every ply, the mistakes
//! marked. A pure function from the data and its words to PNG bytes: `plotters` draws the plot
//! on its bitmap backend; the words are drawn in the board picture's embedded DejaVu Sans (see
//! [`chart`] for why not by plotters).
//!
//! ```
//! use focus_bot::engine::review::Class;
//! use focus_bot::render::chart::{CHART_HEIGHT, CHART_WIDTH, Chart, Mark, chart};
//!
//! let data = Chart {
//!     title: "Game 1".into(),
//!     x_label: "Move".into(),
//!     y_label: "White's advantage, pieces".into(),
//!     classes: ["inaccuracy".into(), "mistake".into(), "blunder".into()],
//!     first_ply: 0,
//!     scores: vec![0.2, 0.5, -3.0, -10.0],
//!     marks: vec![Mark { ply: 2, class: Class::Blunder }],
//! };
//! let png = chart(&data).unwrap();
//! let img = image::load_from_memory(&png).unwrap();
//! assert_eq!((img.width(), img.height()), (CHART_WIDTH, CHART_HEIGHT));
//! ```

use image::RgbImage;
use plotters::prelude::*;
use thiserror::Error;

use super::{encode_png, palette, text};
use crate::engine::review::Class;

/// Width of the chart, in pixels.
pub const CHART_WIDTH: u32 = 900;
/// Height of the chart, in pixels.
pub const CHART_HEIGHT: u32 = 420;
/// The chart's scale runs from −`LIMIT` to +`LIMIT` pieces; scores beyond (and forced wins and
/// losses) are drawn at the limit.
pub const LIMIT: f64 = 10.0;

/// A mistake to mark: the ply after which the position is drawn, and how bad the move was.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    /// The ply of the move (from 1): the dot sits on the score after it.
    pub ply: usize,
    /// Its class.
    pub class: Class,
}

/// What the chart shows; every word in the reader's language, made at the edge.
#[derive(Clone, Debug, PartialEq)]
pub struct Chart {
    /// The title, naming the game.
    pub title: String,
    /// Under the horizontal axis: `Move`.
    pub x_label: String,
    /// Beside the vertical axis: `White's advantage, pieces`.
    pub y_label: String,
    /// The legend's names of the classes, mildest first.
    pub classes: [String; 3],
    /// 1 when the game started with Black to move (its first ply is then the second half of
    /// move 1), else 0.
    pub first_ply: usize,
    /// White's advantage in pieces at every ply, the start first (clamped to ±[`LIMIT`] here).
    pub scores: Vec<f64>,
    /// The moves to mark.
    pub marks: Vec<Mark>,
}

/// The chart could not be drawn (a bug: the data has no user input that can fail).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("the chart cannot be drawn: {0}")]
pub struct ChartError(String);

/// Ink of the grid and the frame.
const DIM: RGBColor = rgb(palette::TEXT_DIM);
/// Inside the axes.
const PLOT_FILL: RGBColor = rgb(palette::PANEL_ACTIVE);
/// White's advantage: the colour of a white piece.
const WHITE_AREA: RGBColor = rgb(palette::WHITE_PIECE[0]);
/// Black's advantage: darker than the plot, like a black piece's side.
const BLACK_AREA: RGBColor = rgb(palette::BLACK_PIECE[1]);
/// The score line: the pictures' accent blue.
const LINE: RGBColor = rgb(palette::ACCENT);

/// The colour and dot radius of each class, mildest first: yellow, orange, red, and growing,
/// so that they differ by size too for readers who do not tell the hues apart.
const MARK_STYLE: [(RGBColor, u32); 3] = [
    (RGBColor(0xf5, 0xd3, 0x3c), 5),
    (RGBColor(0xf0, 0x8c, 0x1e), 6),
    (RGBColor(0xe0, 0x3a, 0x3a), 7),
];

const fn rgb(c: image::Rgb<u8>) -> RGBColor {
    RGBColor(c.0[0], c.0[1], c.0[2])
}

/// The x coordinate of `ply`, in moves: ply 2 (both sides' first move) is 1.0.
fn x_of(ply: usize, first_ply: usize) -> f64 {
    (ply + first_ply) as f64 / 2.0
}

/// `scores` as points, clamped, with a point on the zero line wherever the line crosses it
/// (so the two areas meet exactly there).
fn points(scores: &[f64], first_ply: usize) -> Vec<(f64, f64)> {
    let mut out: Vec<(f64, f64)> = Vec::with_capacity(scores.len() * 2);
    for (ply, &s) in scores.iter().enumerate() {
        let (x, y) = (x_of(ply, first_ply), s.clamp(-LIMIT, LIMIT));
        if let Some(&(px, py)) = out.last()
            && py * y < 0.0
        {
            out.push((px + (x - px) * py / (py - y), 0.0));
        }
        out.push((x, y));
    }
    out
}

/// The move numbers that get a tick on an axis of `moves` moves: at most about a dozen, at a
/// round step.
fn x_ticks(moves: f64) -> Vec<f64> {
    let step = [1.0, 2.0, 5.0, 10.0, 20.0, 25.0, 50.0, 100.0, 200.0, 500.0]
        .into_iter()
        .find(|s| moves / s <= 12.0)
        .unwrap_or(1_000.0);
    (0..)
        .map(|i| f64::from(i) * step)
        .take_while(|x| *x <= moves + 1e-9)
        .collect()
}

/// The pieces that get a tick: the clamp, half of it, and zero.
const Y_TICKS: [f64; 5] = [-LIMIT, -LIMIT / 2.0, 0.0, LIMIT / 2.0, LIMIT];

/// A tick's label: the sign says whose advantage it is (U+2212 is the typographic minus).
fn y_label(y: f64) -> String {
    match y {
        y if y > 0.0 => format!("+{y:.0}"),
        y if y < 0.0 => format!("\u{2212}{:.0}", -y),
        _ => "0".to_owned(),
    }
}

/// The plot's edges in pixels: left, top, right, bottom.
const PLOT: (i32, i32, i32, i32) = (80, 52, CHART_WIDTH as i32 - 22, CHART_HEIGHT as i32 - 58);

/// Sizes of the chart's text, in pixels.
const TITLE_PX: f32 = 20.0;
const LABEL_PX: f32 = 15.0;
const TICK_PX: f32 = 13.0;
const LEGEND_PX: f32 = 14.0;

/// Draws `data`: PNG bytes of a [`CHART_WIDTH`] × [`CHART_HEIGHT`] picture.
///
/// Plotters draws the plot (areas, line, grid, dots); the words are drawn afterwards with the
/// board picture's text routines. Plotters' own `ab_glyph` text places each glyph without its
/// left side bearing (plotters 0.3.7), which spaces letters unevenly ("mis take").
///
/// # Errors
/// [`ChartError`] if plotting fails (a bug).
pub fn chart(data: &Chart) -> Result<Vec<u8>, ChartError> {
    let mut buf = vec![0u8; (CHART_WIDTH * CHART_HEIGHT * 3) as usize];
    let moves = x_of(data.scores.len().saturating_sub(1), data.first_ply).max(10.0);
    let ticks = x_ticks(moves);
    let legend = legend_layout(data);
    let (x_px, y_px) =
        plot(data, &mut buf, moves, &ticks, &legend).map_err(|e| ChartError(e.to_string()))?;
    let mut img = RgbImage::from_raw(CHART_WIDTH, CHART_HEIGHT, buf)
        .ok_or_else(|| ChartError("the buffer does not fit the picture".into()))?;
    words(&mut img, data, &ticks, &x_px, &y_px, &legend);
    Ok(encode_png(&img))
}

/// Where each legend entry goes: its dot's centre x and its name's left x (the row is on the
/// line of the horizontal axis's name, right-aligned with the plot, leaving the title the
/// whole width).
fn legend_layout(data: &Chart) -> Vec<(i32, i32)> {
    let mut right = PLOT.2;
    let mut out: Vec<(i32, i32)> = data
        .classes
        .iter()
        .rev()
        .map(|name| {
            let (w, _) = text::measure(
                &text::REGULAR,
                LEGEND_PX,
                &text::clean(&text::REGULAR, name),
            );
            let name_x = right - w as i32;
            let dot_x = name_x - 10;
            right = dot_x - 20;
            (dot_x, name_x)
        })
        .collect();
    out.reverse();
    out
}

/// The top of the title.
const TITLE_Y: i32 = 14;
/// The middle of the line of the horizontal axis's name and the legend.
const LEGEND_Y: i32 = PLOT.3 + 38;

fn plot<'a>(
    data: &Chart,
    buf: &'a mut [u8],
    moves: f64,
    ticks: &[f64],
    legend: &[(i32, i32)],
) -> Result<(Vec<i32>, Vec<i32>), Box<dyn std::error::Error + 'a>> {
    let root = BitMapBackend::with_buffer(buf, (CHART_WIDTH, CHART_HEIGHT)).into_drawing_area();
    root.fill(&rgb(palette::BACKGROUND))?;
    let (left, top, right, bottom) = PLOT;
    let mut chart = ChartBuilder::on(&root)
        .margin_left(left as u32)
        .margin_top(top as u32)
        .margin_right((CHART_WIDTH as i32 - right) as u32)
        .margin_bottom((CHART_HEIGHT as i32 - bottom) as u32)
        .build_cartesian_2d(0f64..moves, -LIMIT..LIMIT)?;
    chart.plotting_area().fill(&PLOT_FILL)?;
    // The grid, under everything.
    for &x in ticks {
        chart.draw_series(LineSeries::new([(x, -LIMIT), (x, LIMIT)], DIM.mix(0.15)))?;
    }
    for y in Y_TICKS {
        chart.draw_series(LineSeries::new([(0.0, y), (moves, y)], DIM.mix(0.15)))?;
    }

    let line = points(&data.scores, data.first_ply);
    let above: Vec<(f64, f64)> = line.iter().map(|&(x, y)| (x, y.max(0.0))).collect();
    let below: Vec<(f64, f64)> = line.iter().map(|&(x, y)| (x, y.min(0.0))).collect();
    chart.draw_series(AreaSeries::new(above, 0.0, WHITE_AREA.mix(0.85)))?;
    chart.draw_series(AreaSeries::new(below, 0.0, BLACK_AREA.mix(0.95)))?;
    chart.draw_series(LineSeries::new([(0.0, 0.0), (moves, 0.0)], DIM.mix(0.6)))?;
    chart.draw_series(LineSeries::new(line, LINE.stroke_width(2)))?;

    let at = |mark: &Mark| {
        let y = data.scores.get(mark.ply).copied().unwrap_or(0.0);
        (x_of(mark.ply, data.first_ply), y.clamp(-LIMIT, LIMIT))
    };
    // Milder marks first, so that a blunder's dot is on top where they crowd.
    for class in Class::ALL {
        let (colour, radius) = MARK_STYLE[class as usize];
        chart.draw_series(data.marks.iter().filter(|m| m.class == class).map(|m| {
            EmptyElement::at(at(m))
                + Circle::new((0, 0), radius + 1, rgb(palette::BACKGROUND).filled())
                + Circle::new((0, 0), radius, colour.filled())
        }))?;
    }
    // The plot's frame.
    root.draw(&Rectangle::new(
        [(left, top), (right, bottom)],
        DIM.mix(0.5),
    ))?;
    // The legend's dots.
    for (class, &(dot_x, _)) in Class::ALL.iter().zip(legend) {
        let (colour, radius) = MARK_STYLE[*class as usize];
        root.draw(&Circle::new((dot_x, LEGEND_Y), radius, colour.filled()))?;
    }
    let x_px = ticks
        .iter()
        .map(|&x| chart.backend_coord(&(x, 0.0)).0)
        .collect();
    let y_px = Y_TICKS
        .iter()
        .map(|&y| chart.backend_coord(&(0.0, y)).1)
        .collect();
    root.present()?;
    Ok((x_px, y_px))
}

/// The words: title, legend, ticks and the axes' names.
fn words(
    img: &mut RgbImage,
    data: &Chart,
    ticks: &[f64],
    x_px: &[i32],
    y_px: &[i32],
    legend: &[(i32, i32)],
) {
    let (left, top, right, bottom) = PLOT;
    let ink = palette::TEXT;
    let dim = palette::TEXT_DIM;
    // The title, left-aligned over the plot.
    let title = text::fit(&text::BOLD, TITLE_PX, &data.title, (right - left) as u32);
    text::draw(img, &text::BOLD, TITLE_PX, ink, left, TITLE_Y - 1, &title);
    for (name, &(_, name_x)) in data.classes.iter().zip(legend) {
        let name = text::clean(&text::REGULAR, name);
        let (_, h) = text::measure(&text::REGULAR, LEGEND_PX, &name);
        text::draw(
            img,
            &text::REGULAR,
            LEGEND_PX,
            ink,
            name_x,
            LEGEND_Y - h as i32 / 2 - 3,
            &name,
        );
    }
    for (&x, &px) in ticks.iter().zip(x_px) {
        let label = format!("{x:.0}");
        text::draw_centred(
            img,
            &text::REGULAR,
            TICK_PX,
            dim,
            (px as f32, (bottom + 14) as f32),
            &label,
        );
    }
    for (&y, &py) in Y_TICKS.iter().zip(y_px) {
        let label = y_label(y);
        let (w, h) = text::measure(&text::REGULAR, TICK_PX, &label);
        text::draw(
            img,
            &text::REGULAR,
            TICK_PX,
            dim,
            left - 8 - w as i32,
            py - h as i32 / 2 - 2,
            &label,
        );
    }
    // The horizontal axis's name, centred, cut before the legend.
    let legend_left = legend.first().map_or(right, |&(dot_x, _)| dot_x - 12);
    let centre_x = (left + right) / 2;
    let room = (2 * (legend_left - centre_x - 8)).max(40) as u32;
    let x_name = text::fit(&text::REGULAR, LABEL_PX, &data.x_label, room);
    text::draw_centred(
        img,
        &text::REGULAR,
        LABEL_PX,
        ink,
        (centre_x as f32, LEGEND_Y as f32 - 1.0),
        &x_name,
    );
    // The vertical axis's name, drawn level on a strip and turned to read upwards.
    let y_name = text::fit(
        &text::REGULAR,
        LABEL_PX,
        &data.y_label,
        (bottom - top) as u32,
    );
    let (w, h) = text::measure(&text::REGULAR, LABEL_PX, &y_name);
    let mut strip = RgbImage::from_pixel(w + 4, h + 6, palette::BACKGROUND);
    text::draw(&mut strip, &text::REGULAR, LABEL_PX, ink, 2, 1, &y_name);
    let turned = image::imageops::rotate270(&strip);
    let y = (top + bottom) / 2 - turned.height() as i32 / 2;
    image::imageops::replace(img, &turned, 12, i64::from(y));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_meets_zero_where_it_changes_sides() {
        let p = points(&[2.0, -2.0, -20.0], 0);
        assert_eq!(p, [(0.0, 2.0), (0.25, 0.0), (0.5, -2.0), (1.0, -10.0)]);
        assert_eq!(x_of(3, 1), 2.0);
    }
}
