//! The Reversi view: the 8×8 board drawn with egui's painter, the disc counts and the Pass
//! button; the rest of the tab is the generic [`Tab`].
//!
//! Each square is its own clickable, accessible widget named `a1` … `h8`, so screen readers
//! and UI tests find squares by name.

use egui::{Align2, FontId, Pos2, Rect, Sense, Stroke, StrokeKind, Ui, Vec2};

use crate::core::{BySide, Level, Outcome, Side};
use crate::reversi::{Move, Position, ReversiEngine, Square};
use crate::session::{PlayerKind, Session};

use super::controller::Controller;
use super::panels;
use super::tab::{GameView, Tab};
use super::theme::Palette;

/// How long the discs flipped by the last move take to turn over at normal speed, in seconds.
pub const FLIP_SECONDS: f32 = 0.45;
/// How long flipped discs keep a fading ring at normal speed (counted from the move), in
/// seconds.
pub const HIGHLIGHT_SECONDS: f32 = 1.5;

/// The Reversi tab.
pub type ReversiTab = Tab<Position>;

/// What the Reversi view keeps between frames.
pub struct ReversiView {
    /// Show small dots on the squares where the side to move may play.
    pub show_hints: bool,
}

impl GameView for Position {
    type View = ReversiView;
    const TITLE: &'static str = "Reversi";
    const LEVEL_HELP: panels::LevelHelp = panels::LevelHelp {
        describe: |level| match level {
            Level::Easy => "Greedy: flips as many discs as it can right now.",
            Level::Medium => "Looks a few moves ahead, prizing corners and edges.",
            Level::Hard => "Deep search with learned edge and corner patterns; perfect endgame.",
        },
        uses_depth: |level| level != Level::Easy,
    };
    const ANIMATION_SECONDS: f32 = HIGHLIGHT_SECONDS;

    fn new_tab(ctx: &egui::Context) -> ReversiTab {
        let players = BySide {
            black: PlayerKind::Human,
            white: PlayerKind::Computer,
        };
        let repaint = ctx.clone();
        let ctl = Controller::new(
            Session::new(Position::new(), players),
            ReversiEngine::default(),
            move || repaint.request_repaint(),
        );
        let view = ReversiView { show_hints: true };
        Tab::new(ctl, view)
    }

    fn start_position(_view: &ReversiView) -> Result<Position, String> {
        Ok(Position::new())
    }

    fn panel_header(tab: &ReversiTab, ui: &mut Ui) {
        let session = &tab.ctl.session;
        let pos = session.position();
        for side in Side::BOTH {
            ui.horizontal(|ui| {
                panels::side_icon(ui, tab.palette.piece(side));
                let who = session.players.get(side).name();
                let to_move = pos.side_to_move() == side && !pos.is_game_over();
                let text = format!("{side}: {} discs ({who})", pos.count(side));
                if to_move {
                    ui.strong(format!("{text}, to move"))
                } else {
                    ui.label(text)
                };
            });
        }
    }

    fn panel_options(tab: &mut ReversiTab, ui: &mut Ui) {
        let session = &tab.ctl.session;
        let human_must_pass =
            session.position().must_pass() && session.player_to_move() == PlayerKind::Human;
        if human_must_pass && ui.button("Pass").clicked() {
            tab.click(Move::Pass);
        }
        ui.checkbox(&mut tab.view.show_hints, "Show legal moves");
    }

    fn status(tab: &ReversiTab) -> String {
        let ctl = &tab.ctl;
        if ctl.resigned().is_some() || ctl.message().is_some() {
            return ctl.status_line();
        }
        let pos = ctl.session.position();
        if let Some(result) = result_text(tab) {
            return format!("Game over: {result} (empty squares go to the winner).");
        }
        if pos.must_pass() {
            let side = pos.side_to_move();
            let hint = if ctl.session.player_to_move() == PlayerKind::Human {
                " Press Pass."
            } else {
                ""
            };
            return format!("{side} has no legal move and must pass.{hint}");
        }
        if let Some(Move::Pass) = ctl.session.last_move() {
            let passed = pos.side_to_move().other();
            return format!("{passed} passed. {}", ctl.status_line());
        }
        ctl.status_line()
    }

    fn board(tab: &mut ReversiTab, ui: &mut Ui, outer: Rect) {
        ui.allocate_rect(outer, Sense::hover());
        let painter = ui.painter_at(outer);
        let margin = outer.width() * 0.06;
        let board = outer.shrink(margin);
        let cell = board.width() / 8.0;
        draw_grid(&painter, tab.palette, outer, board, margin);
        draw_discs(tab, ui, &painter, board, cell);
        handle_squares(tab, ui, &painter, board, cell);
        if let Some(text) = result_text(tab) {
            panels::banner(&painter, board, &text);
        }
    }

    fn board_name(_pos: &Position) -> String {
        "Reversi".into()
    }
}

/// The board's frame, squares, lines, coordinates (a–h across the top, 1–8 down the left)
/// and the four marker dots.
fn draw_grid(painter: &egui::Painter, colors: &Palette, outer: Rect, board: Rect, margin: f32) {
    let cell = board.width() / 8.0;
    painter.rect_filled(outer, 6.0, colors.frame);
    painter.rect_stroke(
        outer,
        6.0,
        Stroke::new(1.0, colors.frame_edge),
        StrokeKind::Inside,
    );
    painter.rect_filled(board, 0.0, colors.board);
    let font = FontId::proportional((margin * 0.55).max(9.0));
    let label = colors.labels;
    let line = colors.grid;
    for i in 0..=8 {
        let t = i as f32 * cell;
        let w = if i == 0 || i == 8 { 2.0 } else { 1.0 };
        painter.line_segment(
            [
                board.min + Vec2::new(t, 0.0),
                board.min + Vec2::new(t, board.height()),
            ],
            Stroke::new(w, line),
        );
        painter.line_segment(
            [
                board.min + Vec2::new(0.0, t),
                board.min + Vec2::new(board.width(), t),
            ],
            Stroke::new(w, line),
        );
        if i < 8 {
            let mid = t + cell / 2.0;
            let col = char::from(b'a' + i as u8).to_string();
            painter.text(
                Pos2::new(board.min.x + mid, outer.min.y + margin / 2.0),
                Align2::CENTER_CENTER,
                col,
                font.clone(),
                label,
            );
            painter.text(
                Pos2::new(outer.min.x + margin / 2.0, board.min.y + mid),
                Align2::CENTER_CENTER,
                (i + 1).to_string(),
                font.clone(),
                label,
            );
        }
    }
    for (c, r) in [(2, 2), (6, 2), (2, 6), (6, 6)] {
        let p = board.min + Vec2::new(c as f32, r as f32) * cell;
        painter.circle_filled(p, cell * 0.06, line);
    }
}

/// "Black wins 40–24" once the game shown is over (empty squares go to the winner).
#[must_use]
pub fn result_text(tab: &ReversiTab) -> Option<String> {
    if tab.replay.is_none()
        && let Some(side) = tab.ctl.resigned()
    {
        return Some(format!("{side} resigned: {} wins", side.other()));
    }
    let session = tab.shown();
    let outcome = session.outcome()?;
    let score = session.position().final_score();
    Some(match outcome {
        Outcome::Win(side) => format!(
            "{side} wins {}–{}",
            score.get(side),
            score.get(side.other())
        ),
        Outcome::Draw => format!("Draw {}–{}", score.black, score.white),
    })
}

/// How a disc looks at one moment of the move animation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DiscLook {
    /// The colour showing: the old one during the first half of a turn, then the new one.
    pub shows: Side,
    /// Its width as a fraction of its height: 1 lying flat, less while turning over.
    pub width: f32,
    /// The opacity of the ring marking a disc just flipped (0: no ring).
    pub ring: f32,
}

/// How the disc of `side` on a square looks at egui input time `now`, given whether the last
/// move flipped it: a flipped disc turns over (squashed to its edge, changing colour at the
/// middle), then keeps a fading ring, as [`Tab::anim`] says.
#[must_use]
pub fn disc_look(tab: &ReversiTab, side: Side, flipped: bool, now: f64) -> DiscLook {
    let still = DiscLook {
        shows: side,
        width: 1.0,
        ring: 0.0,
    };
    if !flipped {
        return still;
    }
    let ring = tab
        .anim
        .progress(now, HIGHLIGHT_SECONDS)
        .map_or(0.0, |t| 1.0 - t);
    match tab.anim.progress(now, FLIP_SECONDS) {
        Some(t) => DiscLook {
            shows: if t < 0.5 { side.other() } else { side },
            width: (t * std::f32::consts::PI).cos().abs().max(0.08),
            ring: 0.0,
        },
        None => DiscLook { ring, ..still },
    }
}

/// The discs flipped by the last move shown (bitboard).
#[must_use]
pub fn flipped_discs(tab: &ReversiTab) -> u64 {
    last_move_effect(tab.shown()).0
}

fn draw_discs(tab: &ReversiTab, ui: &Ui, painter: &egui::Painter, board: Rect, cell: f32) {
    let colors = tab.palette;
    let session = tab.shown();
    let pos = session.position();
    let (flipped, last) = last_move_effect(session);
    let now = ui.input(|i| i.time);
    for sq in Square::all() {
        let Some(side) = pos.disc_at(sq) else {
            continue;
        };
        let center = square_rect(board, cell, sq).center();
        let r = cell * 0.41;
        let look = disc_look(tab, side, flipped & (1u64 << sq.index()) != 0, now);
        let edge = Stroke::new(colors.piece_edge_width, colors.piece_edge(look.shows));
        if look.width < 1.0 {
            let w = look.width;
            let rect = Rect::from_center_size(center, Vec2::new(2.0 * r * w, 2.0 * r));
            painter.rect_filled(rect, r * w, colors.piece(look.shows));
            painter.rect_stroke(rect, r * w, edge, StrokeKind::Inside);
        } else {
            painter.circle_filled(center + Vec2::splat(cell * 0.03), r, colors.shadow);
            painter.circle_filled(center, r, colors.piece(side));
            painter.circle_stroke(center, r, edge);
            if look.ring > 0.0 {
                painter.circle_stroke(
                    center,
                    r * 1.08,
                    Stroke::new(2.5, colors.highlight.gamma_multiply(look.ring)),
                );
            }
        }
        if Some(sq) == last {
            painter.circle_filled(center, cell * 0.08, colors.last_move);
        }
    }
}

/// Discs flipped by the last move of `session` (bitboard) and the square it was played on.
fn last_move_effect(session: &Session<Position>) -> (u64, Option<Square>) {
    match (session.previous_position(), session.last_move()) {
        (Some(before), Some(Move::Place(sq))) => {
            let mover = before.side_to_move();
            let now = session.position();
            (before.discs(mover.other()) & now.discs(mover), Some(sq))
        }
        _ => (0, None),
    }
}

fn handle_squares(
    tab: &mut ReversiTab,
    ui: &mut Ui,
    painter: &egui::Painter,
    board: Rect,
    cell: f32,
) {
    let pos = *tab.shown().position();
    let colors = tab.palette;
    let human_turn = tab.human_turn();
    let legal = pos.legal_squares();
    let mover = pos.side_to_move();
    let mut clicked = None;
    for sq in Square::all() {
        let rect = square_rect(board, cell, sq);
        let response =
            panels::board_point(ui, rect, ("reversi-square", sq.index()), &sq.to_string());
        let is_legal = legal & (1u64 << sq.index()) != 0;
        if human_turn && is_legal {
            if response.hovered() {
                painter.circle_filled(
                    rect.center(),
                    cell * 0.41,
                    colors.piece(mover).gamma_multiply(0.45),
                );
            } else if tab.view.show_hints {
                painter.circle_filled(
                    rect.center(),
                    cell * 0.1,
                    colors.piece(mover).gamma_multiply(0.6),
                );
            }
        }
        if response.clicked() {
            clicked = Some(sq);
        }
    }
    if let Some(sq) = clicked {
        tab.click(Move::Place(sq));
    }
}

fn square_rect(board: Rect, cell: f32, sq: Square) -> Rect {
    let min = board.min + Vec2::new(sq.col() as f32, sq.row() as f32) * cell;
    Rect::from_min_size(min, Vec2::splat(cell))
}
