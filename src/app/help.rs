//! The Help window (F1 or the "?" button): the rules of Reversi and of each Gomoku rule set
//! with diagrams drawn by the games' own board painters in the board style chosen for each
//! game, the controls, the shortcuts (from the shortcut table), what the levels do (from each
//! game's [`LevelHelp`]) and where the records are kept.
//!
//! Every diagram is a real position; [`diagrams`] builds them and the tests check that the
//! rules classify each one as its caption says.

use std::path::Path;

use egui::{RichText, Sense, Ui, Vec2};

use crate::core::{ByGame, GameKind, Level};
use crate::gomoku;
use crate::persist::BoardStyle;
use crate::reversi;
use crate::tr;

use super::board::{self, BoardLook, Mark};
use super::panels::LevelHelp;
use super::shortcuts::{Action, Bindings};
use super::tab::GameView;
use super::theme::{self, Palette};

/// Width and height of a diagram, in points.
const DIAGRAM: f32 = 210.0;

/// The Help window's state.
#[derive(Debug, Default)]
pub struct HelpWindow {
    /// Whether the window is shown.
    pub open: bool,
    /// The section shown.
    pub section: Section,
}

/// A part of the help.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Section {
    /// How Reversi is played.
    #[default]
    Reversi,
    /// How Gomoku is played, under each rule set.
    Gomoku,
    /// Mouse and keyboard.
    Controls,
    /// The shortcut table.
    Shortcuts,
    /// What the computer's levels do.
    Levels,
    /// Where records and games are kept.
    Data,
}

impl Section {
    /// Every section, in order.
    pub const ALL: [Section; 6] = [
        Section::Reversi,
        Section::Gomoku,
        Section::Controls,
        Section::Shortcuts,
        Section::Levels,
        Section::Data,
    ];

    /// The section's name on its button, in the window's language.
    #[must_use]
    pub fn label(self) -> String {
        match self {
            Section::Reversi => tr!("help-section-reversi"),
            Section::Gomoku => tr!("help-section-gomoku"),
            Section::Controls => tr!("help-section-controls"),
            Section::Shortcuts => tr!("help-section-shortcuts"),
            Section::Levels => tr!("help-section-levels"),
            Section::Data => tr!("help-section-data"),
        }
    }
}

impl HelpWindow {
    /// The window, when open; `data_dir` is where this window keeps its files (`None`: in
    /// memory only); the diagrams are drawn in each game's board style of `styles`.
    pub fn show(
        &mut self,
        ctx: &egui::Context,
        data_dir: Option<&Path>,
        styles: &ByGame<BoardStyle>,
    ) {
        let palette = |game| theme::palette(game, *styles.get(game));
        let mut open = self.open;
        egui::Window::new(tr!("help-title"))
            .id(egui::Id::unique("help-window"))
            .open(&mut open)
            .default_width(720.0)
            .default_height(560.0)
            .show(ctx, |ui| {
                ui.horizontal_wrapped(|ui| {
                    for s in Section::ALL {
                        ui.selectable_value(&mut self.section, s, s.label());
                    }
                });
                ui.separator();
                egui::ScrollArea::vertical().show(ui, |ui| match self.section {
                    Section::Reversi => reversi_rules(ui, palette(GameKind::Reversi)),
                    Section::Gomoku => gomoku_rules(ui, palette(GameKind::Gomoku)),
                    Section::Controls => controls(ui),
                    Section::Shortcuts => shortcut_table(ui),
                    Section::Levels => levels(ui),
                    Section::Data => data(ui, data_dir),
                });
            });
        self.open = open;
    }
}

fn paragraph(ui: &mut Ui, text: &str) {
    ui.add(egui::Label::new(text).wrap());
    ui.add_space(4.0);
}

/// `pos` drawn by its game's painter in `palette`, with `marks` and a caption below.
fn diagram<G: GameView>(
    ui: &mut Ui,
    palette: &'static Palette,
    pos: &G,
    marks: &[Mark],
    caption: &str,
) {
    ui.vertical(|ui| {
        ui.set_width(DIAGRAM);
        let (rect, _) = ui.allocate_exact_size(Vec2::splat(DIAGRAM), Sense::hover());
        let look = BoardLook {
            coordinates: true,
            ..BoardLook::plain(palette)
        };
        let geo = G::paint_position(ui.painter(), rect, pos, &look);
        board::draw_marks(ui.painter(), &geo, marks);
        ui.add(egui::Label::new(RichText::new(caption).small()).wrap());
    });
}

fn reversi_rules(ui: &mut Ui, palette: &'static Palette) {
    paragraph(ui, &tr!("help-reversi-board"));
    paragraph(ui, &tr!("help-reversi-move"));
    let (before, mv) = diagrams::flip_in_every_direction();
    let at = |sq: reversi::Square| board::Cell::new(sq.col(), sq.row());
    let mut marks = vec![Mark::Ring(at(mv))];
    marks.extend(diagrams::flip_arrows(&before, mv).map(|to| Mark::Arrow(at(mv), at(to))));
    let mut after = before;
    let _ = after.play(reversi::Move::Place(mv));
    let pass = diagrams::pass();
    ui.horizontal_wrapped(|ui| {
        diagram(
            ui,
            palette,
            &before,
            &marks,
            &tr!("help-reversi-caption-flip"),
        );
        diagram(ui, palette, &after, &[], &tr!("help-reversi-caption-after"));
        diagram(ui, palette, &pass, &[], &tr!("help-reversi-caption-pass"));
    });
    let keys = keys_of(ui.ctx(), Action::Pass);
    paragraph(ui, &tr!("help-reversi-pass-end", keys = keys));
}

fn gomoku_rules(ui: &mut Ui, palette: &'static Palette) {
    paragraph(ui, &tr!("help-gomoku-board"));
    paragraph(ui, &tr!("help-gomoku-freestyle"));
    paragraph(ui, &tr!("help-gomoku-standard"));
    paragraph(ui, &tr!("help-gomoku-renju"));
    paragraph(ui, &tr!("help-gomoku-threes"));
    paragraph(ui, &tr!("help-gomoku-openings"));
    ui.horizontal_wrapped(|ui| {
        for d in diagrams::renju() {
            let mut marks = vec![if d.kind.is_some() {
                Mark::Cross(cell(&d.position, d.point))
            } else {
                Mark::Ring(cell(&d.position, d.point))
            }];
            marks.extend(d.also.iter().map(|&p| Mark::Cross(cell(&d.position, p))));
            diagram(ui, palette, &d.position, &marks, &tr!(d.caption));
        }
    });
}

fn cell(pos: &gomoku::Position, p: gomoku::Point) -> board::Cell {
    <gomoku::Position as GameView>::cell_of(pos, p).unwrap_or(board::Cell::new(0, 0))
}

fn controls(ui: &mut Ui) {
    paragraph(ui, &tr!("help-controls-play"));
    paragraph(ui, &tr!("help-controls-keyboard"));
    paragraph(ui, &tr!("help-controls-menu"));
    paragraph(ui, &tr!("help-controls-view"));
    let keys = keys_of(ui.ctx(), Action::Mute);
    paragraph(ui, &tr!("help-controls-sound", keys = keys));
    paragraph(ui, &tr!("help-controls-undo"));
    paragraph(ui, &tr!("help-controls-clocks"));
    paragraph(ui, &tr!("help-controls-draw"));
    let keys = keys_of(ui.ctx(), Action::Hint);
    paragraph(ui, &tr!("help-controls-analysis", keys = keys));
    let (lock, boss) = (
        keys_of(ui.ctx(), Action::Lock),
        keys_of(ui.ctx(), Action::BossKey),
    );
    paragraph(ui, &tr!("help-controls-lock", lock = lock));
    paragraph(ui, &tr!("help-controls-boss", boss = boss));
    paragraph(ui, &tr!("help-controls-shortcuts"));
    paragraph(ui, &tr!("help-controls-openings"));
}

/// The current keys of `action`, for a sentence of the help ("(none)" when unbound).
fn keys_of(ctx: &egui::Context, action: Action) -> String {
    Bindings::of(ctx)
        .describe(ctx, action)
        .unwrap_or_else(|| tr!("shortcuts-none"))
}

fn shortcut_table(ui: &mut Ui) {
    paragraph(ui, &tr!("help-shortcuts-intro"));
    let bindings = Bindings::of(ui.ctx());
    egui::Grid::new("help-shortcuts")
        .num_columns(2)
        .striped(true)
        .show(ui, |ui| {
            ui.strong(tr!("help-shortcuts-keys"));
            ui.strong(tr!("help-shortcuts-action"));
            ui.end_row();
            for action in Action::ALL {
                let Some(keys) = bindings.describe(ui.ctx(), action) else {
                    continue;
                };
                ui.monospace(keys);
                ui.label(action.description());
                ui.end_row();
            }
        });
}

fn levels(ui: &mut Ui) {
    paragraph(ui, &tr!("help-levels-intro"));
    for (game, help) in [
        (
            GameKind::Reversi,
            &<reversi::Position as GameView>::LEVEL_HELP,
        ),
        (
            GameKind::Gomoku,
            &<gomoku::Position as GameView>::LEVEL_HELP,
        ),
    ] {
        ui.strong(game.label());
        level_grid(ui, game, help);
        ui.add_space(6.0);
    }
}

fn level_grid(ui: &mut Ui, game: GameKind, help: &LevelHelp) {
    egui::Grid::new(("help-levels", game.name()))
        .num_columns(2)
        .show(ui, |ui| {
            ui.strong(tr!("help-levels-level"));
            ui.strong(tr!("help-levels-what"));
            ui.end_row();
            for level in Level::ALL {
                ui.label(level.label());
                ui.label(help.description(level));
                ui.end_row();
            }
        });
}

fn data(ui: &mut Ui, dir: Option<&Path>) {
    match dir {
        Some(dir) => {
            ui.label(tr!("help-data-where"));
            ui.monospace(dir.display().to_string());
            paragraph(ui, &tr!("help-data-files"));
        }
        None => paragraph(ui, &tr!("help-data-none")),
    }
}

/// The positions the help draws, built here so that tests can check that the rules agree
/// with each caption.
pub mod diagrams {
    use crate::core::Side;
    use crate::gomoku::{ForbiddenKind, Point, Position as Gomoku, Rule};
    use crate::reversi::{Position as Reversi, Square};

    /// A Reversi position where Black's d4 flips one White disc in each of the eight
    /// directions, and the square d4.
    #[must_use]
    pub fn flip_in_every_direction() -> (Reversi, Square) {
        let obf = concat!(
            "--------", // 1
            "-X-X-X--", // 2
            "--OOO---", // 3
            "-XO-OX--", // 4
            "--OOO---", // 5
            "-X-X-X--", // 6
            "--------", // 7
            "--------", // 8
            " X"
        );
        let pos = Reversi::from_obf(obf).unwrap_or_else(|e| unreachable!("a valid .obf: {e}"));
        (
            pos,
            Square::from_coords(3, 3).unwrap_or_else(|| unreachable!()),
        )
    }

    /// For each line a move at `mv` flips, the square of the disc that brackets it.
    pub fn flip_arrows(pos: &Reversi, mv: Square) -> impl Iterator<Item = Square> + '_ {
        let flips = pos.flips(mv);
        let mover = pos.side_to_move();
        DIRECTIONS.into_iter().filter_map(move |(dc, dr)| {
            let mut at = step(mv, dc, dr)?;
            let mut flipped = false;
            while flips & at.bit() != 0 {
                flipped = true;
                at = step(at, dc, dr)?;
            }
            (flipped && pos.disc_at(at) == Some(mover)).then_some(at)
        })
    }

    /// The eight directions as (column, row) steps.
    pub const DIRECTIONS: [(i8, i8); 8] = [
        (-1, -1),
        (0, -1),
        (1, -1),
        (-1, 0),
        (1, 0),
        (-1, 1),
        (0, 1),
        (1, 1),
    ];

    fn step(sq: Square, dc: i8, dr: i8) -> Option<Square> {
        let col = sq.col().checked_add_signed(dc)?;
        let row = sq.row().checked_add_signed(dr)?;
        Square::from_coords(col, row)
    }

    /// A Reversi position where Black, to move, has no legal move and White has one.
    #[must_use]
    pub fn pass() -> Reversi {
        let obf = concat!(
            "OOX-----", // 1
            "--------", // 2
            "--------", // 3
            "--------", // 4
            "--------", // 5
            "--------", // 6
            "--------", // 7
            "--------", // 8
            " X"
        );
        Reversi::from_obf(obf).unwrap_or_else(|e| unreachable!("a valid .obf: {e}"))
    }

    /// A Renju diagram: Black to move, the point it is about, how the rules classify a
    /// Black stone there, and the caption.
    pub struct RenjuDiagram {
        /// The position (Renju, 15×15, Black to move).
        pub position: Gomoku,
        /// The point the diagram is about.
        pub point: Point,
        /// What the rules say about a Black stone at `point` (`None`: allowed).
        pub kind: Option<ForbiddenKind>,
        /// Other points to cross out (where the false three would need to be played).
        pub also: Vec<Point>,
        /// What the diagram shows: its message key (`tr!(caption)` is the text).
        pub caption: &'static str,
    }

    fn points(names: &[&str]) -> Vec<Point> {
        names
            .iter()
            .map(|n| n.parse().unwrap_or_else(|e| unreachable!("{n}: {e}")))
            .collect()
    }

    /// A Renju position with these Black stones, Black to move.
    #[must_use]
    pub fn black_stones(names: &[&str]) -> Gomoku {
        Gomoku::with_stones(15, Rule::Renju, &points(names), &[], Side::Black)
            .unwrap_or_else(|e| unreachable!("a valid set-up: {e}"))
    }

    /// The Black stones of the false-three diagram: a double-three shape at H8 whose column
    /// three could become a straight four only at H10, an overline point.
    pub const FALSE_THREE: [&str; 9] = ["F8", "G8", "H9", "H11", "E10", "F10", "G10", "I10", "J10"];

    /// The double-three, double-four, overline and false-three diagrams.
    #[must_use]
    pub fn renju() -> Vec<RenjuDiagram> {
        let h8 = points(&["H8"])[0];
        vec![
            RenjuDiagram {
                position: black_stones(&["F8", "G8", "H9", "H10"]),
                point: h8,
                kind: Some(ForbiddenKind::DoubleThree),
                also: Vec::new(),
                caption: "help-renju-caption-double-three",
            },
            RenjuDiagram {
                position: black_stones(&["E8", "F8", "G8", "H9", "H10", "H11"]),
                point: h8,
                kind: Some(ForbiddenKind::DoubleFour),
                also: Vec::new(),
                caption: "help-renju-caption-double-four",
            },
            RenjuDiagram {
                position: black_stones(&["E8", "F8", "G8", "I8", "J8"]),
                point: h8,
                kind: Some(ForbiddenKind::Overline),
                also: Vec::new(),
                caption: "help-renju-caption-overline",
            },
            RenjuDiagram {
                position: black_stones(&FALSE_THREE),
                point: h8,
                kind: None,
                also: points(&["H10"]),
                caption: "help-renju-caption-false-three",
            },
        ]
    }
}
