//! The Gomoku view: a board of `size × size` intersections drawn with egui's painter,
//! the rule and size settings and the display toggles; the rest of the tab is the generic
//! [`Tab`].
//!
//! Columns are lettered A, B, C … left to right with no letter skipped; rows are numbered
//! 1 … size from the bottom, as on printed Renju boards. Each intersection is its own
//! accessible, clickable widget named like `H8`.

use egui::{Align2, Color32, FontId, Pos2, Rect, Sense, Stroke, StrokeKind, Ui, Vec2};

use crate::core::{BySide, GameRules, Level, Outcome, Side};
use crate::gomoku::{GomokuEngine, Point, Position, Rule, Threat};
use crate::session::{PlayerKind, Session};

use super::controller::Controller;
use super::panels;
use super::tab::{GameView, Tab};
use super::theme::Palette;

/// How long the last stone takes to drop onto the board at normal speed, in seconds.
pub const DROP_SECONDS: f32 = 0.3;
/// How much larger than its final size a dropping stone starts (it falls from above).
const DROP_START_SCALE: f32 = 1.6;

/// Default board size, in intersections per side.
pub const DEFAULT_SIZE: u8 = 15;

/// The Gomoku tab.
pub type GomokuTab = Tab<Position>;

/// What the Gomoku view keeps between frames.
pub struct GomokuView {
    /// Rule set for the next new game (the current game's rule is in its position).
    pub rule: Rule,
    /// Board size for the next new game, 9..=19 (Renju is always 15).
    pub size: u8,
    /// Mark Black's forbidden points under Renju when Black is to move.
    pub show_forbidden: bool,
    /// Mark points where either side would make a four or an open three.
    pub show_threats: bool,
    /// Number the stones in move order.
    pub show_numbers: bool,
}

impl GameView for Position {
    type View = GomokuView;
    const TITLE: &'static str = "Gomoku";
    const LEVEL_HELP: panels::LevelHelp = panels::LevelHelp {
        describe: |level| match level {
            Level::Easy => "Scores each point for attack and defence, one move deep.",
            Level::Medium => "Counts the fives each point can still make; checks your reply.",
            Level::Hard => "Threat search (VCF) and alpha-beta; never misses a forced win.",
        },
        uses_depth: |level| level == Level::Hard,
    };
    const ANIMATION_SECONDS: f32 = DROP_SECONDS;

    /// A new 15×15 Renju game with Black human and White computer (Medium).
    fn new_tab(ctx: &egui::Context) -> GomokuTab {
        let players = BySide {
            black: PlayerKind::Human,
            white: PlayerKind::Computer,
        };
        let repaint = ctx.clone();
        let rule = Rule::Renju;
        let start = Position::new(DEFAULT_SIZE, rule).expect("15×15 suits every rule");
        let ctl = Controller::new(
            Session::new(start, players),
            GomokuEngine::default(),
            move || repaint.request_repaint(),
        );
        let view = GomokuView {
            rule,
            size: DEFAULT_SIZE,
            show_forbidden: true,
            show_threats: false,
            show_numbers: false,
        };
        Tab::new(ctl, view)
    }

    fn start_position(view: &GomokuView) -> Result<Position, String> {
        let size = if view.rule == Rule::Renju {
            DEFAULT_SIZE
        } else {
            view.size
        };
        Position::new(size, view.rule).map_err(|e| e.to_string())
    }

    fn after_load(tab: &mut GomokuTab) {
        let pos = tab.ctl.session.position();
        tab.view.rule = pos.rule();
        tab.view.size = pos.size();
    }

    fn panel_header(tab: &GomokuTab, ui: &mut Ui) {
        let session = &tab.ctl.session;
        let moves = session.ply();
        let black = moves.div_ceil(2);
        let to_move = session.position().side_to_move();
        let over = session.outcome().is_some();
        for (side, n) in [(Side::Black, black), (Side::White, moves - black)] {
            ui.horizontal(|ui| {
                panels::side_icon(ui, tab.palette.piece(side));
                let who = session.players.get(side).name();
                let text = format!("{side}: {n} moves ({who})");
                if side == to_move && !over {
                    ui.strong(format!("{text}, to move"))
                } else {
                    ui.label(text)
                };
            });
        }
    }

    fn panel_settings(tab: &mut GomokuTab, ui: &mut Ui) {
        rule_settings(tab, ui);
        ui.separator();
    }

    fn panel_options(tab: &mut GomokuTab, ui: &mut Ui) {
        let view = &mut tab.view;
        ui.checkbox(&mut view.show_forbidden, "Mark forbidden points");
        ui.checkbox(&mut view.show_threats, "Show threats");
        ui.checkbox(&mut view.show_numbers, "Move numbers");
    }

    fn status(tab: &GomokuTab) -> String {
        let pos = tab.ctl.session.position();
        format!(
            "{} · {}×{} · {}",
            pos.rule().name(),
            pos.size(),
            pos.size(),
            tab.ctl.status_line()
        )
    }

    fn board(tab: &mut GomokuTab, ui: &mut Ui, outer: Rect) {
        ui.allocate_rect(outer, Sense::hover());
        let painter = ui.painter_at(outer);
        let colors = tab.palette;
        let pos = tab.shown().position().clone();
        let n = pos.size();
        let cell = outer.width() / (f32::from(n) + 1.0);
        let origin = outer.min + Vec2::splat(cell); // centre of the top-left intersection
        let at = |p: Point| origin + Vec2::new(f32::from(p.x), f32::from(n - 1 - p.y)) * cell;
        draw_grid(&painter, colors, outer, origin, cell, n);
        for p in star_points(n) {
            painter.circle_filled(at(p), cell * 0.1, colors.grid);
        }
        let drop = tab.anim.progress(ui.input(|i| i.time), DROP_SECONDS);
        draw_stones(&tab.view, colors, drop, &painter, &pos, cell, &at);
        if pos.outcome().is_none() {
            draw_marks(&tab.view, colors, &painter, &pos, cell, &at);
        }
        handle_points(tab, ui, &painter, &pos, cell, &at);
        let resigned = tab.ctl.resigned().filter(|_| tab.replay.is_none());
        if let Some(side) = resigned {
            let text = format!("{side} resigned: {} wins", side.other());
            panels::banner(&painter, outer, &text);
        } else if let Some(outcome) = pos.outcome() {
            let text = match outcome {
                Outcome::Win(side) => format!("{side} wins with five"),
                Outcome::Draw => "Draw: the board is full".to_string(),
            };
            panels::banner(&painter, outer, &text);
        }
    }

    fn board_name(pos: &Position) -> String {
        format!(
            "Gomoku, {}×{} {}",
            pos.size(),
            pos.size(),
            pos.rule().name()
        )
    }
}

/// The rule chooser and the board-size slider: applied at once before the first move, else
/// from the next New game.
fn rule_settings(tab: &mut GomokuTab, ui: &mut Ui) {
    let current = tab.ctl.session.position().rule();
    let fresh = tab.ctl.session.ply() == 0;
    let view = &mut tab.view;
    let mut changed = false;
    egui::ComboBox::from_label("Rule")
        .selected_text(view.rule.name())
        .show_ui(ui, |ui| {
            for rule in Rule::ALL {
                changed |= ui
                    .selectable_value(&mut view.rule, rule, rule.name())
                    .changed();
            }
        });
    ui.label(egui::RichText::new(view.rule.description()).small());
    let renju = view.rule == Rule::Renju;
    changed |= ui
        .add_enabled(
            !renju,
            egui::Slider::new(&mut view.size, 9..=19).text("board size"),
        )
        .changed();
    let pending_size = if renju { DEFAULT_SIZE } else { view.size };
    let differs = view.rule != current || pending_size != tab.ctl.session.position().size();
    if changed && fresh {
        // Nothing played yet: apply at once.
        tab.start_new_game();
    } else if differs {
        ui.label(
            egui::RichText::new("Applies from the next New game.")
                .small()
                .italics(),
        );
    }
}

/// The board, its lines and the coordinates on all four sides (A… across, 1… up).
fn draw_grid(
    painter: &egui::Painter,
    colors: &Palette,
    outer: Rect,
    origin: Pos2,
    cell: f32,
    n: u8,
) {
    painter.rect_filled(outer, 4.0, colors.board);
    painter.rect_stroke(
        outer,
        4.0,
        Stroke::new(2.0, colors.frame_edge),
        StrokeKind::Inside,
    );
    let span = cell * f32::from(n - 1);
    for i in 0..n {
        let t = f32::from(i) * cell;
        let w = if i == 0 || i == n - 1 { 1.6 } else { 0.8 };
        painter.line_segment(
            [origin + Vec2::new(t, 0.0), origin + Vec2::new(t, span)],
            Stroke::new(w, colors.grid),
        );
        painter.line_segment(
            [origin + Vec2::new(0.0, t), origin + Vec2::new(span, t)],
            Stroke::new(w, colors.grid),
        );
    }
    let font = FontId::proportional((cell * 0.36).max(8.0));
    let label = |at: Pos2, text: &str| {
        painter.text(at, Align2::CENTER_CENTER, text, font.clone(), colors.labels);
    };
    for i in 0..n {
        let letter = char::from(b'A' + i).to_string();
        let x = origin.x + f32::from(i) * cell;
        label(Pos2::new(x, outer.min.y + cell * 0.45), &letter);
        label(Pos2::new(x, outer.max.y - cell * 0.45), &letter);
        let y = origin.y + f32::from(n - 1 - i) * cell;
        let row = (i + 1).to_string();
        label(Pos2::new(outer.min.x + cell * 0.45, y), &row);
        label(Pos2::new(outer.max.x - cell * 0.45, y), &row);
    }
}

/// How a stone dropping in looks at `progress` (0 to 1) of its animation: its size as a
/// multiple of its final size (shrinking to 1 as it lands) and its opacity (rising to 1).
#[must_use]
pub fn drop_in(progress: f32) -> (f32, f32) {
    let t = progress.clamp(0.0, 1.0);
    // Ease out: fast at first, settling gently.
    let eased = 1.0 - (1.0 - t) * (1.0 - t);
    (DROP_START_SCALE + (1.0 - DROP_START_SCALE) * eased, eased)
}

/// The stones, the last one dropping in while `drop` (its animation's progress) runs, then
/// the last-move mark and the winning line.
fn draw_stones(
    view: &GomokuView,
    colors: &Palette,
    drop: Option<f32>,
    painter: &egui::Painter,
    pos: &Position,
    cell: f32,
    at: &dyn Fn(Point) -> Pos2,
) {
    let history = pos.history();
    for (i, &p) in history.iter().enumerate() {
        let side = if i % 2 == 0 { Side::Black } else { Side::White };
        let (scale, opacity) = match drop {
            Some(t) if i + 1 == history.len() => drop_in(t),
            _ => (1.0, 1.0),
        };
        let r = cell * 0.46 * scale;
        let c = at(p);
        painter.circle_filled(
            c + Vec2::splat(cell * 0.04 * scale),
            r,
            colors.shadow.gamma_multiply(opacity),
        );
        painter.circle_filled(c, r, colors.piece(side).gamma_multiply(opacity));
        painter.circle_stroke(
            c,
            r,
            Stroke::new(
                colors.piece_edge_width,
                colors.piece_edge(side).gamma_multiply(opacity),
            ),
        );
        if view.show_numbers {
            painter.text(
                c,
                Align2::CENTER_CENTER,
                (i + 1).to_string(),
                FontId::proportional(cell * 0.38),
                colors.piece(side.other()),
            );
        }
    }
    let r = cell * 0.46;
    if drop.is_none()
        && let Some(p) = pos.last_move()
    {
        if !view.show_numbers {
            painter.circle_filled(at(p), cell * 0.12, colors.last_move);
        } else {
            painter.circle_stroke(at(p), r, Stroke::new(2.0, colors.last_move));
        }
    }
    if let Some(line) = pos.winning_line() {
        if let (Some(&a), Some(&b)) = (line.first(), line.last()) {
            painter.line_segment([at(a), at(b)], Stroke::new(cell * 0.14, colors.highlight));
        }
        for &p in &line {
            painter.circle_stroke(at(p), r, Stroke::new(2.5, colors.highlight));
        }
    }
}

/// Black's forbidden points (red crosses) and the threat rings, as the view asks.
fn draw_marks(
    view: &GomokuView,
    colors: &Palette,
    painter: &egui::Painter,
    pos: &Position,
    cell: f32,
    at: &dyn Fn(Point) -> Pos2,
) {
    if view.show_forbidden {
        for (p, _) in pos.forbidden_points() {
            let c = at(p);
            let d = cell * 0.22;
            let s = Stroke::new(2.5, colors.last_move);
            painter.line_segment([c - Vec2::splat(d), c + Vec2::splat(d)], s);
            painter.line_segment([c + Vec2::new(-d, d), c + Vec2::new(d, -d)], s);
        }
    }
    if view.show_threats {
        for (p, side, threat) in pos.threat_points() {
            let r = match threat {
                Threat::Four => cell * 0.3,
                Threat::OpenThree => cell * 0.2,
            };
            let color = match side {
                Side::Black => Color32::from_rgba_unmultiplied(0, 0, 0, 170),
                Side::White => Color32::from_rgba_unmultiplied(255, 255, 255, 220),
            };
            painter.circle_stroke(at(p), r, Stroke::new(2.0, color));
        }
    }
}

fn handle_points(
    tab: &mut GomokuTab,
    ui: &mut Ui,
    painter: &egui::Painter,
    pos: &Position,
    cell: f32,
    at: &dyn Fn(Point) -> Pos2,
) {
    let human_turn = tab.human_turn();
    let colors = tab.palette;
    let mover = pos.side_to_move();
    let mut clicked = None;
    let n = pos.size();
    for y in 0..n {
        for x in 0..n {
            let p = Point { x, y };
            let rect = Rect::from_center_size(at(p), Vec2::splat(cell));
            let response = panels::board_point(ui, rect, ("gomoku-point", x, y), &p.to_string());
            if human_turn && response.hovered() && pos.is_legal(p) {
                painter.circle_filled(
                    rect.center(),
                    cell * 0.46,
                    colors.piece(mover).gamma_multiply(0.45),
                );
            }
            if response.clicked() {
                clicked = Some(p);
            }
        }
    }
    if let Some(p) = clicked {
        tab.click(p);
    }
}

/// The usual star points: the centre and the four points on the 4th line (3rd on small boards).
fn star_points(n: u8) -> Vec<Point> {
    let e = if n >= 13 { 3 } else { 2 };
    let far = n - 1 - e;
    let mut v = vec![
        Point { x: e, y: e },
        Point { x: far, y: e },
        Point { x: e, y: far },
        Point { x: far, y: far },
    ];
    if n % 2 == 1 {
        v.push(Point { x: n / 2, y: n / 2 });
    }
    v
}
