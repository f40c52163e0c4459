//! The evaluation chart of an analysed game: White's advantage after every ply, the mistakes
//! marked. A pure function from the data and its words to PNG bytes, drawn with `plotters` on
//! its bitmap backend.
//!
//! Plotters finds fonts by family name; with its `ab_glyph` feature it knows only the fonts
//! registered with it (the hosts have no system fonts), so the picture's own DejaVu Sans is
//! registered once, under [`FAMILY`].
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

use std::sync::Once;

use image::RgbImage;
use plotters::prelude::*;
use plotters::style::FontStyle;
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
/// The family name the embedded font is registered under.
pub const FAMILY: &str = "DejaVu Sans";

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

/// Ink of the title, labels and legend.
const INK: RGBColor = rgb(palette::TEXT);
/// Ink of the tick labels and grid.
const DIM: RGBColor = rgb(palette::TEXT_DIM);
/// Inside the axes.
const PLOT: RGBColor = rgb(palette::PANEL_ACTIVE);
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

fn register_font() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // The embedded fonts are valid (the board renderer's tests load them too).
        let _ = plotters::style::register_font(FAMILY, FontStyle::Normal, text::REGULAR_TTF);
        let _ = plotters::style::register_font(FAMILY, FontStyle::Bold, text::BOLD_TTF);
    });
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

/// Draws `data`: PNG bytes of a [`CHART_WIDTH`] × [`CHART_HEIGHT`] picture.
///
/// # Errors
/// [`ChartError`] if plotting fails (a bug).
pub fn chart(data: &Chart) -> Result<Vec<u8>, ChartError> {
    register_font();
    let mut buf = vec![0u8; (CHART_WIDTH * CHART_HEIGHT * 3) as usize];
    draw(data, &mut buf).map_err(|e| ChartError(e.to_string()))?;
    let img = RgbImage::from_raw(CHART_WIDTH, CHART_HEIGHT, buf)
        .ok_or_else(|| ChartError("the buffer does not fit the picture".into()))?;
    Ok(encode_png(&img))
}

fn draw<'a>(data: &Chart, buf: &'a mut [u8]) -> Result<(), Box<dyn std::error::Error + 'a>> {
    let root = BitMapBackend::with_buffer(buf, (CHART_WIDTH, CHART_HEIGHT)).into_drawing_area();
    root.fill(&rgb(palette::BACKGROUND))?;
    let title = text::fit(&text::BOLD, 20.0, &data.title, CHART_WIDTH - 40);
    let plies = data.scores.len().saturating_sub(1);
    // At least ten moves wide, so that a short game does not stretch into a few wide steps.
    let x_end = x_of(plies, data.first_ply).max(10.0);
    let mut chart = ChartBuilder::on(&root)
        .caption(title, (FAMILY, 22, FontStyle::Bold).into_font().color(&INK))
        .margin(14)
        .margin_right(24)
        .x_label_area_size(44)
        .y_label_area_size(64)
        .build_cartesian_2d(0f64..x_end, -LIMIT..LIMIT)?;
    chart.plotting_area().fill(&PLOT)?;
    chart
        .configure_mesh()
        .x_desc(data.x_label.as_str())
        .y_desc(data.y_label.as_str())
        .axis_desc_style((FAMILY, 16).into_font().color(&INK))
        .label_style((FAMILY, 14).into_font().color(&DIM))
        .axis_style(DIM)
        .bold_line_style(DIM.mix(0.18))
        .light_line_style(TRANSPARENT)
        .x_labels(12)
        .y_labels(5)
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_label_formatter(&|y| match *y {
            // The sign says whose advantage it is; U+2212 is the typographic minus.
            y if y > 0.0 => format!("+{y:.0}"),
            y if y < 0.0 => format!("\u{2212}{:.0}", -y),
            _ => "0".to_owned(),
        })
        .draw()?;

    let line = points(&data.scores, data.first_ply);
    let above: Vec<(f64, f64)> = line.iter().map(|&(x, y)| (x, y.max(0.0))).collect();
    let below: Vec<(f64, f64)> = line.iter().map(|&(x, y)| (x, y.min(0.0))).collect();
    chart.draw_series(AreaSeries::new(above, 0.0, WHITE_AREA.mix(0.85)))?;
    chart.draw_series(AreaSeries::new(below, 0.0, BLACK_AREA.mix(0.95)))?;
    chart.draw_series(LineSeries::new(
        [(0.0, 0.0), (x_end, 0.0)],
        DIM.mix(0.6).stroke_width(1),
    ))?;
    chart.draw_series(LineSeries::new(line, LINE.stroke_width(2)))?;

    let at = |mark: &Mark| {
        let y = data.scores.get(mark.ply).copied().unwrap_or(0.0);
        (x_of(mark.ply, data.first_ply), y.clamp(-LIMIT, LIMIT))
    };
    for (class, name) in Class::ALL.iter().zip(&data.classes) {
        let (colour, radius) = MARK_STYLE[*class as usize];
        let dots = data.marks.iter().filter(|m| m.class == *class).map(|m| {
            EmptyElement::at(at(m))
                + Circle::new((0, 0), radius + 1, rgb(palette::BACKGROUND).filled())
                + Circle::new((0, 0), radius, colour.filled())
        });
        chart
            .draw_series(dots)?
            .label(name.as_str())
            .legend(move |(x, y)| Circle::new((x + 6, y), radius, colour.filled()));
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .margin(8)
        .legend_area_size(18)
        .label_font((FAMILY, 14).into_font().color(&INK))
        .background_style(rgb(palette::BACKGROUND).mix(0.85))
        .border_style(DIM.mix(0.5))
        .draw()?;
    root.present()?;
    Ok(())
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
