//! A player's panel: colour, name, reserve, captures, and whose turn or who won.

use image::{Rgb, RgbImage};
use imageproc::drawing::{draw_filled_circle_mut, draw_filled_rect_mut};
use imageproc::rect::Rect;

use super::layout::{BOARD, BOARD_X, PANEL_H};
use super::palette::{self, BLACK_PIECE, WHITE_PIECE};
use super::text::{self, BOLD, REGULAR};
use super::words::Words;
use crate::rules::Color;

/// What a panel says on its right.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status<'a> {
    /// Nothing: the opponent is to move, or this player lost.
    Quiet,
    /// This player is to move.
    ToMove,
    /// This player won.
    Won,
    /// This player lost, and how (`cannot move`, `resigned`).
    Lost(&'a str),
    /// The game ended without a winner, and why (a draw, an abort).
    Ended(&'a str),
}

/// One player's line of the picture.
pub struct Panel<'a> {
    /// The picture's words.
    pub words: &'a Words,
    /// The player's colour.
    pub color: Color,
    /// Display name (already any length; cut to fit here).
    pub name: &'a str,
    /// Pieces in reserve.
    pub reserve: usize,
    /// Opponent pieces this player captured.
    pub captured: usize,
    /// Turn or result.
    pub status: Status<'a>,
}

/// Space kept for the badge and result on the right.
const RIGHT: u32 = 230;

impl Panel<'_> {
    /// Draws the panel with its top edge at `y`, across the board's width.
    pub fn draw(&self, img: &mut RgbImage, y: u32) {
        let x = BOARD_X;
        if self.status == Status::ToMove {
            draw_filled_rect_mut(
                img,
                Rect::at(x as i32, y as i32).of_size(BOARD, PANEL_H),
                palette::PANEL_ACTIVE,
            );
        }
        // The player's colour as a piece seen from above.
        let [face, _, outline] = match self.color {
            Color::White => WHITE_PIECE,
            Color::Black => BLACK_PIECE,
        };
        let centre = (x as i32 + 30, (y + PANEL_H / 2) as i32);
        draw_filled_circle_mut(img, centre, 19, outline);
        draw_filled_circle_mut(img, centre, 17, face);

        let text_x = x as i32 + 62;
        let name = text::fit(&BOLD, 23.0, self.name, BOARD - 62 - RIGHT - 10);
        text::draw(img, &BOLD, 23.0, palette::TEXT, text_x, y as i32 + 7, &name);
        let counts = format!(
            "{} {}  ·  {} {}",
            self.words.reserve, self.reserve, self.words.captured, self.captured
        );
        text::draw(
            img,
            &REGULAR,
            16.0,
            palette::TEXT_DIM,
            text_x,
            y as i32 + 38,
            &counts,
        );

        let right = (x + BOARD - 12) as i32;
        match self.status {
            Status::Quiet => {}
            Status::ToMove => badge(
                img,
                right,
                y + PANEL_H / 2,
                &self.words.to_move,
                palette::ACCENT,
                palette::TEXT,
            ),
            Status::Won => badge(
                img,
                right,
                y + PANEL_H / 2,
                &self.words.winner,
                palette::WINNER,
                palette::WINNER_TEXT,
            ),
            Status::Lost(reason) | Status::Ended(reason) => {
                right_aligned(img, right, (y + PANEL_H / 2 - 10) as i32, reason)
            }
        }
    }
}

/// A filled box with bold text, right edge at `right`, vertically centred on `cy`.
fn badge(img: &mut RgbImage, right: i32, cy: u32, label: &str, fill: Rgb<u8>, ink: Rgb<u8>) {
    let size = 17.0;
    let (w, h) = text::measure(&BOLD, size, label);
    let (pad_x, pad_y) = (12, 5);
    let (bw, bh) = (w + 2 * pad_x, h + 2 * pad_y);
    let left = right - bw as i32;
    let top = cy as i32 - bh as i32 / 2;
    draw_filled_rect_mut(img, Rect::at(left, top).of_size(bw, bh), fill);
    text::draw(
        img,
        &BOLD,
        size,
        ink,
        left + pad_x as i32,
        top + pad_y as i32,
        label,
    );
}

fn right_aligned(img: &mut RgbImage, right: i32, y: i32, text: &str) {
    let fitted = text::fit(&BOLD, 17.0, text, RIGHT);
    let (w, _) = text::measure(&BOLD, 17.0, &fitted);
    text::draw(
        img,
        &BOLD,
        17.0,
        palette::TEXT,
        right - w as i32,
        y,
        &fitted,
    );
}
