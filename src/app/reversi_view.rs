//! The Reversi view: the 8×8 board drawn with egui's painter, the disc counts and the Pass
//! button; the rest of the tab is the generic [`Tab`].
//!
//! Each square is its own clickable, accessible widget named `a1` … `h8`, so screen readers
//! and UI tests find squares by name.

use std::time::Instant;

use egui::{Align2, Color32, FontId, Pos2, Rect, Sense, Stroke, StrokeKind, Ui, Vec2};

use crate::core::{BySide, Level, Outcome, Side};
use crate::reversi::{Move, Position, ReversiEngine, Square};
use crate::session::{PlayerKind, Session};

use super::controller::Controller;
use super::panels;
use super::tab::{GameView, Tab};

/// How long the discs flipped by the last move take to turn over, in seconds.
const FLIP_SECONDS: f32 = 0.45;
/// How long flipped discs keep a highlight ring after turning, in seconds.
const HIGHLIGHT_SECONDS: f32 = 1.5;

const BOARD_GREEN: Color32 = Color32::from_rgb(0, 112, 60);
const LINE: Color32 = Color32::from_rgb(0, 60, 30);
const BLACK_DISC: Color32 = Color32::from_rgb(20, 20, 20);
const WHITE_DISC: Color32 = Color32::from_rgb(240, 240, 240);
const MARK: Color32 = Color32::from_rgb(230, 50, 50);

/// The Reversi tab.
pub type ReversiTab = Tab<Position>;

/// What the Reversi view keeps between frames.
pub struct ReversiView {
    /// Show small dots on the squares where the side to move may play.
    pub show_hints: bool,
    /// Ply count the flip animation belongs to, and when it started.
    anim: Option<(usize, Instant)>,
    seen_ply: usize,
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
        let view = ReversiView {
            show_hints: true,
            anim: None,
            seen_ply: 0,
        };
        Tab::new(ctl, view)
    }

    fn start_position(_view: &ReversiView) -> Result<Position, String> {
        Ok(Position::new())
    }

    fn view_logic(tab: &mut ReversiTab, _ctx: &egui::Context) {
        let ply = tab.shown().ply();
        let view = &mut tab.view;
        if ply != view.seen_ply {
            view.anim = (ply > view.seen_ply).then(|| (ply, Instant::now()));
            view.seen_ply = ply;
        }
    }

    fn last_move_flips(session: &Session<Position>) -> Option<u8> {
        let (Some(Move::Place(_)), Some(before)) =
            (session.last_move(), session.previous_position())
        else {
            return None;
        };
        let mover = before.side_to_move();
        let gained = session.position().count(mover) - before.count(mover);
        // The placed disc is one of the discs gained; the rest were flipped.
        u8::try_from(gained.saturating_sub(1)).ok()
    }

    fn panel_header(tab: &ReversiTab, ui: &mut Ui) {
        let session = &tab.ctl.session;
        let pos = session.position();
        for side in Side::BOTH {
            ui.horizontal(|ui| {
                panels::side_icon(ui, disc_color(side));
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

    fn board(tab: &mut ReversiTab, ui: &mut Ui) {
        let size = ui.available_size();
        let side = size.x.min(size.y).max(120.0);
        let (response, painter) = ui.allocate_painter(Vec2::splat(side), Sense::hover());
        let outer = response.rect;
        let margin = side * 0.06;
        let board = Rect::from_min_size(
            outer.min + Vec2::splat(margin),
            Vec2::splat(side - 2.0 * margin),
        );
        let cell = board.width() / 8.0;
        draw_grid(&painter, outer, board, margin);
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

/// The board's felt, lines, coordinates (a–h across the top, 1–8 down the left) and the four
/// marker dots.
fn draw_grid(painter: &egui::Painter, outer: Rect, board: Rect, margin: f32) {
    let cell = board.width() / 8.0;
    painter.rect_filled(outer, 6.0, Color32::from_rgb(30, 50, 40));
    painter.rect_filled(board, 0.0, BOARD_GREEN);
    let font = FontId::proportional((margin * 0.55).max(9.0));
    let label = Color32::from_gray(220);
    for i in 0..=8 {
        let t = i as f32 * cell;
        let w = if i == 0 || i == 8 { 2.0 } else { 1.0 };
        painter.line_segment(
            [
                board.min + Vec2::new(t, 0.0),
                board.min + Vec2::new(t, board.height()),
            ],
            Stroke::new(w, LINE),
        );
        painter.line_segment(
            [
                board.min + Vec2::new(0.0, t),
                board.min + Vec2::new(board.width(), t),
            ],
            Stroke::new(w, LINE),
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
        painter.circle_filled(p, cell * 0.06, LINE);
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

fn draw_discs(tab: &ReversiTab, ui: &Ui, painter: &egui::Painter, board: Rect, cell: f32) {
    let session = tab.shown();
    let pos = session.position();
    let (flipped, last) = last_move_effect(session);
    let age = tab
        .view
        .anim
        .map_or(f32::MAX, |(_, t)| t.elapsed().as_secs_f32());
    for sq in Square::all() {
        let Some(side) = pos.disc_at(sq) else {
            continue;
        };
        let center = square_rect(board, cell, sq).center();
        let r = cell * 0.41;
        let is_flipped = flipped & (1u64 << sq.index()) != 0;
        if is_flipped && age < FLIP_SECONDS {
            // Turn the disc over: shrink to an edge, show the old colour, then the new one.
            let t = age / FLIP_SECONDS;
            let shown = if t < 0.5 { side.other() } else { side };
            let w = (t * std::f32::consts::PI).cos().abs().max(0.08);
            let rect = Rect::from_center_size(center, Vec2::new(2.0 * r * w, 2.0 * r));
            painter.rect_filled(rect, r * w, disc_color(shown));
            painter.rect_stroke(rect, r * w, Stroke::new(1.0, LINE), StrokeKind::Inside);
        } else {
            painter.circle_filled(
                center + Vec2::splat(cell * 0.03),
                r,
                Color32::from_black_alpha(90),
            );
            painter.circle_filled(center, r, disc_color(side));
            painter.circle_stroke(center, r, Stroke::new(1.0, LINE));
            if is_flipped && age < HIGHLIGHT_SECONDS {
                let alpha = (255.0 * (1.0 - age / HIGHLIGHT_SECONDS)) as u8;
                painter.circle_stroke(
                    center,
                    r * 1.08,
                    Stroke::new(2.5, Color32::from_rgba_unmultiplied(255, 200, 0, alpha)),
                );
            }
        }
        if Some(sq) == last {
            painter.circle_filled(center, cell * 0.08, MARK);
        }
    }
    if age < HIGHLIGHT_SECONDS {
        ui.ctx().request_repaint();
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
                    disc_color(mover).gamma_multiply(0.45),
                );
            } else if tab.view.show_hints {
                painter.circle_filled(
                    rect.center(),
                    cell * 0.1,
                    disc_color(mover).gamma_multiply(0.6),
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

fn disc_color(side: Side) -> Color32 {
    match side {
        Side::Black => BLACK_DISC,
        Side::White => WHITE_DISC,
    }
}
