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

    /// The section's name on its button.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Section::Reversi => "Reversi rules",
            Section::Gomoku => "Gomoku rules",
            Section::Controls => "Controls",
            Section::Shortcuts => "Shortcuts",
            Section::Levels => "Levels",
            Section::Data => "Your data",
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
        egui::Window::new("Help")
            .open(&mut open)
            .default_width(720.0)
            .default_height(560.0)
            .show(ctx, |ui| {
                ui.horizontal_wrapped(|ui| {
                    for s in Section::ALL {
                        ui.selectable_value(&mut self.section, s, s.name());
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
    paragraph(
        ui,
        "Reversi is played on 8×8 squares with discs that are black on one side and white on \
         the other. The game starts with four discs in the centre; Black moves first.",
    );
    paragraph(
        ui,
        "A move places a disc of your colour on an empty square so that it brackets one or \
         more lines of your opponent's discs between the new disc and another of yours, in \
         any of the eight directions: across, up and down, and diagonally. Every bracketed \
         disc is flipped to your colour. A square that flips nothing is not a move.",
    );
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
            "Black plays d4: it brackets a White disc in each of the eight directions.",
        );
        diagram(
            ui,
            palette,
            &after,
            &[],
            "After d4: all eight are flipped to Black.",
        );
        diagram(
            ui,
            palette,
            &pass,
            &[],
            "Black to move has no square that flips a disc, so Black must pass; White plays on.",
        );
    });
    paragraph(
        ui,
        "If you have no move, you pass and your opponent moves again (press Pass, or P). You \
         may not pass while you have a move. The game ends when neither side can move, usually \
         with a full board. The side with more discs wins; the empty squares are counted for \
         the winner.",
    );
}

fn gomoku_rules(ui: &mut Ui, palette: &'static Palette) {
    paragraph(
        ui,
        "Gomoku is played on the intersections of a grid (15×15 here, 9×9 to 19×19 under \
         Freestyle and Standard). Black moves first; the players take turns placing one stone \
         of their colour on an empty point. Stones are never moved or taken.",
    );
    paragraph(
        ui,
        "Freestyle: five or more stones in an unbroken row, across, up and down or \
         diagonally, win, for both sides. A full board without a winner is a draw.",
    );
    paragraph(
        ui,
        "Standard: exactly five in a row wins, for both sides. Six or more in a row (an \
         overline) does not win, and the game goes on.",
    );
    paragraph(
        ui,
        "Renju (15×15, RIF rules) limits Black, who has the advantage of the first move. \
         White wins with five or with an overline. Black wins only with exactly five, and may \
         not play a forbidden move: a double-three (two open threes at once), a double-four \
         (two fours at once, also along one line) or an overline. A move that makes an exact \
         five wins even if it is also a double-three, double-four or overline on other lines. \
         The board marks Black's forbidden points with a red cross, and refuses them.",
    );
    paragraph(
        ui,
        "A four is a line that one more stone makes five; a straight four has two such points \
         and cannot be stopped. A three is a line that one more stone makes a straight four. \
         Under Renju a three counts only if that straight four can really be played: when the \
         point that makes it is itself forbidden for Black, the three is not a real three.",
    );
    ui.horizontal_wrapped(|ui| {
        for d in diagrams::renju() {
            let mut marks = vec![if d.kind.is_some() {
                Mark::Cross(cell(&d.position, d.point))
            } else {
                Mark::Ring(cell(&d.position, d.point))
            }];
            marks.extend(d.also.iter().map(|&p| Mark::Cross(cell(&d.position, p))));
            diagram(ui, palette, &d.position, &marks, d.caption);
        }
    });
}

fn cell(pos: &gomoku::Position, p: gomoku::Point) -> board::Cell {
    <gomoku::Position as GameView>::cell_of(pos, p).unwrap_or(board::Cell::new(0, 0))
}

fn controls(ui: &mut Ui) {
    paragraph(
        ui,
        "Click a square (Reversi) or an intersection (Gomoku) to play there. The tabs at the \
         top switch between the games; each keeps its own game. In the side panel, tick \
         \"Computer plays Black\" or \"Computer plays White\" to choose who the computer \
         plays: both unticked is a game for two people at one screen, both ticked a game \
         between computers.",
    );
    paragraph(
        ui,
        "Play with the keyboard: the arrow keys show a cursor on the board and move it, and \
         Enter or Space plays where it is.",
    );
    paragraph(
        ui,
        "Right-click the board for its menu: Undo to here (on a disc or stone: back to just \
         before that move), Copy transcript, Copy position (Reversi: the 64-square board and \
         the side to move as in .obf files; Gomoku: the moves), Paste transcript (import the \
         moves on the clipboard as a new game), and whether to show coordinates, move numbers \
         and legal moves.",
    );
    paragraph(
        ui,
        "The View menu chooses the theme (light, dark or the system's), each game's board \
         style (also used by the diagrams in this help), the zoom (also by keyboard, see \
         Shortcuts) and how fast moves are animated. All of it is remembered.",
    );
    paragraph(
        ui,
        "Undo and Redo take moves back and play them again, as far as you like; against the \
         computer, Undo also takes back its reply. Replay steps through the game. Save game \
         and Open game keep a game in a file; Transcript shows the moves to copy, or imports \
         pasted ones.",
    );
    paragraph(
        ui,
        "Clocks: each side's clock shows the time it has used, or, with a time control chosen \
         before New game, the time it has left; a side whose time runs out loses. A clock \
         pauses while you replay the game, while a dialog asks a question (leaving a game, a \
         draw offer), while the window is minimised in a hot-seat game (not against the \
         computer), and in the tab you are not looking at while a human is to move there; \
         Undo gives back the time of the undone moves.",
    );
    paragraph(
        ui,
        "Offer draw, on your turn: in a hot-seat game the other player accepts or declines; \
         the computer accepts when its own search finds the game level or lost for it, and \
         says why.",
    );
}

fn shortcut_table(ui: &mut Ui) {
    paragraph(
        ui,
        "Shortcuts do not act while you type in a text field. Ctrl is Cmd on macOS.",
    );
    let bindings = Bindings::of(ui.ctx());
    egui::Grid::new("help-shortcuts")
        .num_columns(2)
        .striped(true)
        .show(ui, |ui| {
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
    paragraph(
        ui,
        "Each side the computer plays has its own level. Medium and Hard take a maximum depth \
         in moves (plies); Hard also has a time per move. A game against the computer counts \
         in your records for that level.",
    );
    for (game, help) in [
        ("Reversi", &<reversi::Position as GameView>::LEVEL_HELP),
        ("Gomoku", &<gomoku::Position as GameView>::LEVEL_HELP),
    ] {
        ui.strong(game);
        level_grid(ui, game, help);
        ui.add_space(6.0);
    }
}

fn level_grid(ui: &mut Ui, game: &str, help: &LevelHelp) {
    egui::Grid::new(("help-levels", game))
        .num_columns(2)
        .show(ui, |ui| {
            for level in Level::ALL {
                ui.label(level.name());
                ui.label((help.describe)(level));
                ui.end_row();
            }
        });
}

fn data(ui: &mut Ui, dir: Option<&Path>) {
    match dir {
        Some(dir) => {
            ui.label("Your win records, settings and the games in progress are kept in:");
            ui.monospace(dir.display().to_string());
            paragraph(
                ui,
                "records.json holds each profile's wins, losses and draws per game and level; \
                 settings.json the current profile, the board display and the look (theme, \
                 board styles, zoom, move animation); current-game.json \
                 both games in progress, so they come back when you start again. Another \
                 folder can be chosen with --data-dir or the REVERSI_GOMOKU_DATA_DIR \
                 environment variable.",
            );
        }
        None => paragraph(
            ui,
            "This window keeps no files: records, settings and games last only until it \
             closes.",
        ),
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
        /// What the diagram shows.
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
                caption: "Double-three: H8 would make two open threes (F8–H8 and H8–H10). \
                          Forbidden for Black.",
            },
            RenjuDiagram {
                position: black_stones(&["E8", "F8", "G8", "H9", "H10", "H11"]),
                point: h8,
                kind: Some(ForbiddenKind::DoubleFour),
                also: Vec::new(),
                caption: "Double-four: H8 would make two fours (E8–H8 and H8–H11). Forbidden \
                          for Black.",
            },
            RenjuDiagram {
                position: black_stones(&["E8", "F8", "G8", "I8", "J8"]),
                point: h8,
                kind: Some(ForbiddenKind::Overline),
                also: Vec::new(),
                caption: "Overline: H8 would make six in a row (E8–J8). Forbidden for Black; \
                          White would win with it.",
            },
            RenjuDiagram {
                position: black_stones(&FALSE_THREE),
                point: h8,
                kind: None,
                also: points(&["H10"]),
                caption: "Not a real three: after H8, the column H8 H9 H11 becomes a straight \
                          four only at H10, which is an overline (E10–J10). So H8 makes one \
                          three, not two, and Black may play it.",
            },
        ]
    }
}
