//! What both boards share once painted: where the board goes ([`board_square`]), where each
//! cell is ([`BoardGeometry`]), the picture options a game's painter takes ([`BoardLook`]:
//! the board style's colours and what to show), and the marks drawn over a board in the
//! help's diagrams and for the keyboard cursor ([`Mark`]).

use egui::{Color32, Painter, Pos2, Rect, Stroke, StrokeKind, Vec2};

use super::theme::Palette;

/// A cell of a board as seen on screen: column from the left, row from the TOP (a Reversi
/// square, a Gomoku intersection).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cell {
    /// Column, 0 = left.
    pub col: u8,
    /// Row, 0 = top.
    pub row: u8,
}

impl Cell {
    /// The cell at (`col`, `row`).
    #[must_use]
    pub const fn new(col: u8, row: u8) -> Cell {
        Cell { col, row }
    }
}

/// Where a painted board's cells are: `size × size` cells, `pitch` apart, the first one's
/// centre at `first`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoardGeometry {
    /// Cells per side.
    pub size: u8,
    /// Centre of the top-left cell.
    pub first: Pos2,
    /// Distance between neighbouring cells' centres.
    pub pitch: f32,
}

impl BoardGeometry {
    /// The centre of `cell`.
    #[must_use]
    pub fn center(&self, cell: Cell) -> Pos2 {
        self.first + Vec2::new(f32::from(cell.col), f32::from(cell.row)) * self.pitch
    }

    /// The square area of `cell` (what a click hits).
    #[must_use]
    pub fn rect(&self, cell: Cell) -> Rect {
        Rect::from_center_size(self.center(cell), Vec2::splat(self.pitch))
    }

    /// Every cell, row by row from the top.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..self.size).flat_map(move |row| (0..self.size).map(move |col| Cell::new(col, row)))
    }
}

/// What a board picture shows besides the pieces, and in which colours.
#[derive(Clone, Debug)]
pub struct BoardLook {
    /// The colours of the game's board style.
    pub palette: &'static Palette,
    /// Letters and numbers along the edges.
    pub coordinates: bool,
    /// Move numbers to write on pieces.
    pub numbers: Vec<(Cell, usize)>,
    /// The last move's cell (a dot in the palette's last-move colour).
    pub last: Option<Cell>,
}

impl BoardLook {
    /// The board and its pieces in `palette`, nothing else.
    #[must_use]
    pub fn plain(palette: &'static Palette) -> BoardLook {
        BoardLook {
            palette,
            coordinates: false,
            numbers: Vec::new(),
            last: None,
        }
    }
}

/// A mark drawn over a board.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Mark {
    /// A ring around a cell: the point a diagram is about.
    Ring(Cell),
    /// A cross on a cell: a move that may not be played.
    Cross(Cell),
    /// An arrow from one cell's centre to another's (a line of flipped discs).
    Arrow(Cell, Cell),
    /// The keyboard cursor: a frame around the cell.
    Cursor(Cell),
}

/// Colour of the help's rings and arrows.
const HIGHLIGHT: Color32 = Color32::from_rgb(255, 170, 0);
/// Colour of crosses on forbidden points.
const FORBID: Color32 = Color32::from_rgb(220, 40, 40);
/// Colour of the keyboard cursor.
const CURSOR: Color32 = Color32::from_rgb(40, 140, 255);

/// Draw `marks` over the board laid out as `geo`.
pub fn draw_marks(painter: &Painter, geo: &BoardGeometry, marks: &[Mark]) {
    let p = geo.pitch;
    for mark in marks {
        match *mark {
            Mark::Ring(c) => {
                painter.circle_stroke(geo.center(c), p * 0.45, Stroke::new(p * 0.1, HIGHLIGHT));
            }
            Mark::Cross(c) => {
                let (m, d) = (geo.center(c), p * 0.25);
                let s = Stroke::new(p * 0.12, FORBID);
                painter.line_segment([m - Vec2::splat(d), m + Vec2::splat(d)], s);
                painter.line_segment([m + Vec2::new(-d, d), m + Vec2::new(d, -d)], s);
            }
            Mark::Arrow(from, to) => {
                let (a, b) = (geo.center(from), geo.center(to));
                let dir = (b - a).normalized();
                // Start outside the placed piece, so the arrow reads as going out from it.
                let start = a + dir * p * 0.3;
                painter.arrow(start, b - start, Stroke::new(p * 0.09, HIGHLIGHT));
            }
            Mark::Cursor(c) => {
                let r = geo.rect(c).shrink(p * 0.04);
                painter.rect_stroke(r, p * 0.1, Stroke::new(2.5, CURSOR), StrokeKind::Inside);
            }
        }
    }
}

/// The largest square that fits in `area`, centred in it (the board at any window size and
/// zoom).
#[must_use]
pub fn board_square(area: Rect) -> Rect {
    let side = area.width().min(area.height()).max(0.0);
    Rect::from_center_size(area.center(), Vec2::splat(side))
}
