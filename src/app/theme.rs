//! Colours: the panels follow egui's light or dark visuals ([`apply_theme`]); each game's
//! board has its own [`Palette`] per [`BoardStyle`], the same under either theme.

use egui::Color32;

use crate::core::{BySide, GameKind, Side};
use crate::persist::{BoardStyle, ThemeChoice};

/// The colours a board painter uses. Pieces are Reversi's discs or Gomoku's stones.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Palette {
    /// Around the playing area, where the coordinates are.
    pub frame: Color32,
    /// The frame's outline.
    pub frame_edge: Color32,
    /// The playing area (Reversi's squares; on Gomoku the frame is the board itself).
    pub board: Color32,
    /// Grid lines and star points.
    pub grid: Color32,
    /// Coordinate letters and numbers.
    pub labels: Color32,
    /// Each side's piece.
    pub piece: BySide<Color32>,
    /// The outline of each side's piece.
    pub piece_edge: BySide<Color32>,
    /// Width of a piece's outline, in points.
    pub piece_edge_width: f32,
    /// The shadow under a piece (transparent for flat styles).
    pub shadow: Color32,
    /// The dot on the last move.
    pub last_move: Color32,
    /// Reversi: the ring around the discs just flipped; Gomoku: the winning line.
    pub highlight: Color32,
}

impl Palette {
    /// The colour of `side`'s pieces.
    #[must_use]
    pub fn piece(&self, side: Side) -> Color32 {
        *self.piece.get(side)
    }

    /// The outline colour of `side`'s pieces.
    #[must_use]
    pub fn piece_edge(&self, side: Side) -> Color32 {
        *self.piece_edge.get(side)
    }
}

/// Reversi on green felt.
pub const REVERSI_FELT: Palette = Palette {
    frame: Color32::from_rgb(30, 50, 40),
    frame_edge: Color32::from_rgb(30, 50, 40),
    board: Color32::from_rgb(0, 112, 60),
    grid: Color32::from_rgb(0, 60, 30),
    labels: Color32::from_gray(220),
    piece: BySide {
        black: Color32::from_rgb(20, 20, 20),
        white: Color32::from_rgb(240, 240, 240),
    },
    piece_edge: BySide {
        black: Color32::from_rgb(0, 60, 30),
        white: Color32::from_rgb(0, 60, 30),
    },
    piece_edge_width: 1.0,
    shadow: Color32::from_black_alpha(90),
    last_move: Color32::from_rgb(230, 50, 50),
    highlight: Color32::from_rgb(255, 200, 0),
};

/// Reversi flat and high contrast: pure black and white discs, each ringed in the other
/// colour, on a mid-grey board (both discs stand out from it by more than 3:1, their
/// outlines by 21:1) with black lines inside a black frame.
pub const REVERSI_CONTRAST: Palette = Palette {
    frame: Color32::BLACK,
    frame_edge: Color32::WHITE,
    board: Color32::from_gray(128),
    grid: Color32::BLACK,
    labels: Color32::WHITE,
    piece: BySide {
        black: Color32::BLACK,
        white: Color32::WHITE,
    },
    piece_edge: BySide {
        black: Color32::WHITE,
        white: Color32::BLACK,
    },
    piece_edge_width: 2.5,
    shadow: Color32::TRANSPARENT,
    last_move: Color32::from_rgb(255, 0, 0),
    highlight: Color32::from_rgb(255, 230, 0),
};

/// Gomoku on wood.
pub const GOMOKU_WOOD: Palette = Palette {
    frame: Color32::from_rgb(222, 184, 112),
    frame_edge: Color32::from_rgb(160, 118, 60),
    board: Color32::from_rgb(222, 184, 112),
    grid: Color32::from_rgb(70, 45, 20),
    labels: Color32::from_rgb(70, 45, 20),
    piece: BySide {
        black: Color32::from_rgb(25, 25, 25),
        white: Color32::from_rgb(245, 245, 240),
    },
    piece_edge: BySide {
        black: Color32::from_gray(60),
        white: Color32::from_gray(60),
    },
    piece_edge_width: 0.8,
    shadow: Color32::from_black_alpha(70),
    last_move: Color32::from_rgb(220, 40, 40),
    highlight: Color32::from_rgb(40, 160, 255),
};

/// Gomoku on a plain light board: near-white paper, dark lines, flat stones.
pub const GOMOKU_PLAIN: Palette = Palette {
    frame: Color32::from_rgb(246, 246, 242),
    frame_edge: Color32::from_gray(90),
    board: Color32::from_rgb(246, 246, 242),
    grid: Color32::from_gray(40),
    labels: Color32::from_gray(40),
    piece: BySide {
        black: Color32::from_gray(10),
        white: Color32::WHITE,
    },
    piece_edge: BySide {
        black: Color32::from_gray(10),
        white: Color32::from_gray(30),
    },
    piece_edge_width: 1.5,
    shadow: Color32::TRANSPARENT,
    last_move: Color32::from_rgb(220, 0, 0),
    highlight: Color32::from_rgb(0, 110, 230),
};

/// The palette of `game`'s board in `style`.
#[must_use]
pub fn palette(game: GameKind, style: BoardStyle) -> &'static Palette {
    match (game, style) {
        (GameKind::Reversi, BoardStyle::Classic) => &REVERSI_FELT,
        (GameKind::Reversi, BoardStyle::Plain) => &REVERSI_CONTRAST,
        (GameKind::Gomoku, BoardStyle::Classic) => &GOMOKU_WOOD,
        (GameKind::Gomoku, BoardStyle::Plain) => &GOMOKU_PLAIN,
    }
}

/// The name of `game`'s board in `style`, for the View menu, in the window's language.
#[must_use]
pub fn style_name(game: GameKind, style: BoardStyle) -> String {
    crate::tr!(match (game, style) {
        (GameKind::Reversi, BoardStyle::Classic) => "view-style-green-felt",
        (GameKind::Reversi, BoardStyle::Plain) => "view-style-high-contrast",
        (GameKind::Gomoku, BoardStyle::Classic) => "view-style-wood",
        (GameKind::Gomoku, BoardStyle::Plain) => "view-style-plain-light",
    })
}

/// The name of a theme choice, for the View menu, in the window's language.
#[must_use]
pub fn theme_name(theme: ThemeChoice) -> String {
    crate::tr!(match theme {
        ThemeChoice::Light => "view-theme-light",
        ThemeChoice::Dark => "view-theme-dark",
        ThemeChoice::System => "view-theme-system",
    })
}

/// egui's theme preference for `theme`.
#[must_use]
pub fn preference(theme: ThemeChoice) -> egui::ThemePreference {
    match theme {
        ThemeChoice::Light => egui::ThemePreference::Light,
        ThemeChoice::Dark => egui::ThemePreference::Dark,
        ThemeChoice::System => egui::ThemePreference::System,
    }
}

/// Make the panels follow `theme` from the next frame on (egui's own light and dark visuals;
/// "System" follows the OS, and dark when the OS does not say).
pub fn apply_theme(ctx: &egui::Context, theme: ThemeChoice) {
    ctx.set_theme(preference(theme));
}
