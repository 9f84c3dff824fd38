//! The Gomoku view: a board of `size × size` intersections drawn with egui's painter,
//! the rule and size settings and the display toggles; the rest of the tab is the generic
//! [`Tab`].
//!
//! Columns are lettered A, B, C … left to right with no letter skipped; rows are numbered
//! 1 … size from the bottom, as on printed Renju boards. Each intersection is its own
//! accessible, clickable widget named like `H8`.

use egui::{Align2, Color32, FontId, Painter, Pos2, Rect, Stroke, StrokeKind, Ui, Vec2};

use crate::core::{BySide, GameRules, Level, Outcome, Side};
use crate::gomoku::{GomokuEngine, OpeningEngine, OpeningRule, Point, Position, Rule, Threat};
use crate::persist::MoveNote;
use crate::session::{PlayerKind, Session};
use crate::tr;

use super::board::{BoardGeometry, BoardLook, Cell};
use super::controller::Controller;
use super::eval_graph::GraphUnit;
use super::opening_view;
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
    /// Opening rule for the next new game (the current game's is in its position).
    pub opening: OpeningRule,
    /// Mark Black's forbidden points under Renju when Black is to move.
    pub show_forbidden: bool,
    /// Mark points where either side would make a four or an open three.
    pub show_threats: bool,
}

impl GameView for Position {
    type View = GomokuView;
    type Engine = GomokuEngine;
    const SCORE_UNIT: GraphUnit = GraphUnit::Bounded;
    const LEVEL_HELP: panels::LevelHelp = panels::LevelHelp {
        describe: |level| match level {
            Level::Easy => "level-about-gomoku-easy",
            Level::Medium => "level-about-gomoku-medium",
            Level::Hard => "level-about-gomoku-hard",
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
            OpeningEngine::default(),
            move || repaint.request_repaint(),
        );
        let view = GomokuView {
            rule,
            size: DEFAULT_SIZE,
            opening: OpeningRule::Free,
            show_forbidden: true,
            show_threats: false,
        };
        Tab::new(ctl, view)
    }

    fn start_position(view: &GomokuView) -> Result<Position, String> {
        let size = if view.rule == Rule::Renju {
            DEFAULT_SIZE
        } else {
            view.size
        };
        let opening = if view.opening.suits(view.rule) {
            view.opening
        } else {
            OpeningRule::Free
        };
        Position::new(size, view.rule)
            .map_err(|e| e.message().to_string())?
            .with_opening(opening)
            .map_err(|e| e.message().to_string())
    }

    fn after_load(tab: &mut GomokuTab) {
        let pos = tab.ctl.session.position();
        tab.view.rule = pos.rule();
        tab.view.size = pos.size();
        tab.view.opening = pos.opening().rule();
    }

    fn side_line(tab: &GomokuTab, ui: &mut Ui, side: Side) {
        let session = &tab.ctl.session;
        let n = session.moves_by(side).count();
        let to_move = session.position().actor();
        let over = tab.ctl.outcome().is_some();
        // Wrapped: beside a picture in a narrow panel the clock goes under the line.
        ui.horizontal_wrapped(|ui| {
            panels::side_icon(ui, tab.palette.piece(side));
            if side == to_move && !over {
                ui.strong(tr!("panel-stones-to-move", side = side.label(), count = n))
            } else {
                ui.label(tr!("panel-stones", side = side.label(), count = n))
            };
            panels::side_clock(ui, &tab.ctl, side);
        });
    }

    fn panel_settings(tab: &mut GomokuTab, ui: &mut Ui) {
        if tab.ctl.session.start_position().opening().rule() != OpeningRule::Free {
            opening_view::opening_section(ui, &mut tab.ctl);
            ui.separator();
        }
        rule_settings(tab, ui);
        ui.separator();
    }

    fn panel_options(tab: &mut GomokuTab, ui: &mut Ui) {
        let view = &mut tab.view;
        ui.checkbox(&mut view.show_forbidden, tr!("panel-mark-forbidden"));
        ui.checkbox(&mut view.show_threats, tr!("panel-show-threats"));
        ui.checkbox(&mut tab.display.move_numbers, tr!("panel-move-numbers"));
    }

    /// The rule, the size, and the game's state; during an opening, what it waits for
    /// (unless a message says why a click was refused), and the computer's latest reason
    /// while it is news.
    fn status(tab: &GomokuTab) -> String {
        let pos = tab.ctl.session.position();
        let state = match opening_view::prompt(&tab.ctl.session) {
            Some(prompt) if tab.ctl.message().is_none() && tab.ctl.ending().is_none() => prompt,
            _ => tab.ctl.status_line(),
        };
        let mut line = format!(
            "{} · {}×{} · {}",
            pos.rule().label(),
            pos.size(),
            pos.size(),
            state
        );
        if let Some(note) = tab.ctl.fresh_note() {
            line.push_str(" · ");
            line.push_str(note);
        }
        line
    }

    const LEGAL_MARKS: bool = false;
    const PASS: Option<Point> = None;

    fn board_size(pos: &Position) -> u8 {
        pos.size()
    }

    fn move_at(pos: &Position, cell: Cell) -> Option<Point> {
        let n = pos.size();
        (cell.col < n && cell.row < n).then(|| Point {
            x: cell.col,
            y: n - 1 - cell.row,
        })
    }

    fn cell_of(pos: &Position, p: Point) -> Option<Cell> {
        let n = pos.size();
        (p.x < n && p.y < n).then(|| Cell::new(p.x, n - 1 - p.y))
    }

    fn paint_position(
        painter: &Painter,
        rect: Rect,
        pos: &Position,
        look: &BoardLook,
    ) -> BoardGeometry {
        paint(painter, rect, pos, look, None)
    }

    fn paint_board(
        tab: &GomokuTab,
        painter: &Painter,
        rect: Rect,
        look: &BoardLook,
    ) -> BoardGeometry {
        let pos = tab.shown().position();
        let now = painter.ctx().input(|i| i.time);
        let geo = paint(
            painter,
            rect,
            pos,
            look,
            tab.anim.progress(now, DROP_SECONDS),
        );
        if pos.outcome().is_none() {
            draw_marks(&tab.view, look.palette, painter, pos, &geo);
            opening_view::draw_marks(painter, pos, &geo, look.palette);
        }
        geo
    }

    fn paint_preview(
        painter: &Painter,
        geo: &BoardGeometry,
        colors: &Palette,
        cell: Cell,
        side: Side,
        dot: bool,
    ) {
        let r = if dot { 0.12 } else { 0.46 };
        painter.circle_filled(
            geo.center(cell),
            geo.pitch * r,
            colors.piece(side).gamma_multiply(0.45),
        );
    }

    fn banner(tab: &GomokuTab) -> Option<String> {
        if let Some(ending) = tab.ctl.ending().filter(|_| tab.replay.is_none()) {
            return Some(panels::ending_banner(ending));
        }
        Some(match tab.shown().position().outcome()? {
            Outcome::Win(side) => tr!("banner-five", side = side.label()),
            Outcome::Draw => tr!("banner-board-full"),
        })
    }

    fn position_text(session: &Session<Position>) -> String {
        crate::persist::format_gomoku_moves(session.position().history())
    }

    fn annotated_transcript(session: &Session<Position>, notes: &[MoveNote]) -> String {
        let mut out = Vec::new();
        for (i, mv) in session.moves().enumerate() {
            let mut item = format!("{}. {}", i + 1, mv.to_string().to_lowercase());
            if let Some(n) = notes.iter().find(|n| n.number == i + 1) {
                item.push_str(&format!(
                    " {{{} {}}}",
                    n.score,
                    super::teacher::note_text(n)
                ));
            }
            out.push(item);
        }
        out.join(" ")
    }

    fn board_name(pos: &Position) -> String {
        tr!(
            "transcript-board-gomoku",
            size = pos.size(),
            rule = pos.rule().label()
        )
    }
}

/// The rule chooser and the board-size slider: applied at once before the first move, else
/// from the next New game.
fn rule_settings(tab: &mut GomokuTab, ui: &mut Ui) {
    let current = tab.ctl.session.position().rule();
    let current_opening = tab.ctl.session.start_position().opening().rule();
    let fresh = tab.ctl.session.step_count() == 0;
    let view = &mut tab.view;
    let mut changed = false;
    egui::ComboBox::new("gomoku-rule", tr!("panel-rule"))
        .selected_text(view.rule.label())
        .show_ui(ui, |ui| {
            for rule in Rule::ALL {
                changed |= ui
                    .selectable_value(&mut view.rule, rule, rule.label())
                    .changed();
            }
        });
    ui.label(egui::RichText::new(view.rule.description()).small());
    let renju = view.rule == Rule::Renju;
    changed |= ui
        .add_enabled(
            !renju,
            egui::Slider::new(&mut view.size, 9..=19).text(tr!("panel-board-size")),
        )
        .changed();
    changed |= opening_view::opening_chooser(ui, &mut view.opening, view.rule);
    let pending_size = if renju { DEFAULT_SIZE } else { view.size };
    let differs = view.rule != current
        || pending_size != tab.ctl.session.position().size()
        || view.opening != current_opening;
    if changed && fresh {
        // Nothing played yet: apply at once.
        tab.start_new_game();
    } else if differs {
        ui.label(
            egui::RichText::new(tr!("panel-rule-next-game"))
                .small()
                .italics(),
        );
    }
}

/// The board in `outer`, its lines and (when `coordinates`) the coordinates on all four
/// sides (A… across, 1… up), in `colors`.
fn draw_grid(
    painter: &Painter,
    colors: &Palette,
    outer: Rect,
    geo: &BoardGeometry,
    coordinates: bool,
) {
    let (n, cell, origin) = (geo.size, geo.pitch, geo.first);
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
    if !coordinates {
        return;
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

/// `pos` in the square `rect` as `look` says, the last move's stone dropping in while
/// `drop` (its animation's progress) runs; returns where the intersections are.
fn paint(
    painter: &Painter,
    rect: Rect,
    pos: &Position,
    look: &BoardLook,
    drop: Option<f32>,
) -> BoardGeometry {
    let n = pos.size();
    let side = rect.width().min(rect.height());
    let outer = Rect::from_min_size(rect.min, Vec2::splat(side));
    // Room for the coordinates: a whole cell around the grid with them, half without.
    let edge = if look.coordinates { 1.0 } else { 0.6 };
    let cell = side / (f32::from(n) - 1.0 + 2.0 * edge);
    let geo = BoardGeometry {
        size: n,
        first: outer.min + Vec2::splat(cell * edge),
        pitch: cell,
    };
    draw_grid(painter, look.palette, outer, &geo, look.coordinates);
    for p in star_points(n) {
        if let Some(c) = Position::cell_of(pos, p) {
            painter.circle_filled(geo.center(c), cell * 0.1, look.palette.grid);
        }
    }
    draw_stones(painter, pos, &geo, look, drop);
    geo
}

/// One stone of `side` at `m` on a grid `cell` apart, `(scale, opacity)` as [`drop_in`]
/// says ((1, 1) once it has landed).
fn draw_stone(
    painter: &Painter,
    colors: &Palette,
    m: Pos2,
    cell: f32,
    side: Side,
    (scale, opacity): (f32, f32),
) {
    let r = cell * 0.46 * scale;
    painter.circle_filled(
        m + Vec2::splat(cell * 0.04 * scale),
        r,
        colors.shadow.gamma_multiply(opacity),
    );
    painter.circle_filled(m, r, colors.piece(side).gamma_multiply(opacity));
    painter.circle_stroke(
        m,
        r,
        Stroke::new(
            colors.piece_edge_width,
            colors.piece_edge(side).gamma_multiply(opacity),
        ),
    );
}

/// The stones (set-up stones first, then the moves in order), the last move's dropping in
/// while `drop` runs, their numbers, then the last-move mark and the winning line.
fn draw_stones(
    painter: &Painter,
    pos: &Position,
    geo: &BoardGeometry,
    look: &BoardLook,
    drop: Option<f32>,
) {
    let colors = look.palette;
    let cell = geo.pitch;
    let r = cell * 0.46;
    let at = |p: Point| Position::cell_of(pos, p).map(|c| geo.center(c));
    for c in geo.cells() {
        let Some(p) = Position::move_at(pos, c) else {
            continue;
        };
        let Some(side) = pos.stone_at(p) else {
            continue;
        };
        let m = geo.center(c);
        let dropping = match drop {
            Some(t) if look.last == Some(c) => drop_in(t),
            _ => (1.0, 1.0),
        };
        draw_stone(painter, colors, m, cell, side, dropping);
        if let Some(&(_, n)) = look.numbers.iter().find(|(cell, _)| *cell == c) {
            painter.text(
                m,
                Align2::CENTER_CENTER,
                n.to_string(),
                FontId::proportional(cell * 0.38),
                colors.piece(side.other()),
            );
        }
    }
    if let Some(last) = look.last.filter(|_| drop.is_none()) {
        let m = geo.center(last);
        if look.numbers.is_empty() {
            painter.circle_filled(m, cell * 0.12, colors.last_move);
        } else {
            painter.circle_stroke(m, r, Stroke::new(2.0, colors.last_move));
        }
    }
    if let Some(line) = pos.winning_line() {
        let ends = (
            line.first().and_then(|&p| at(p)),
            line.last().and_then(|&p| at(p)),
        );
        if let (Some(a), Some(b)) = ends {
            painter.line_segment([a, b], Stroke::new(cell * 0.14, colors.highlight));
        }
        for m in line.iter().filter_map(|&p| at(p)) {
            painter.circle_stroke(m, r, Stroke::new(2.5, colors.highlight));
        }
    }
}

/// Black's forbidden points (red crosses) and the threat rings, as the view asks.
fn draw_marks(
    view: &GomokuView,
    colors: &Palette,
    painter: &Painter,
    pos: &Position,
    geo: &BoardGeometry,
) {
    let cell = geo.pitch;
    let at = |p: Point| Position::cell_of(pos, p).map(|c| geo.center(c));
    if view.show_forbidden {
        for c in pos
            .forbidden_points()
            .into_iter()
            .filter_map(|(p, _)| at(p))
        {
            let d = cell * 0.22;
            let s = Stroke::new(2.5, colors.last_move);
            painter.line_segment([c - Vec2::splat(d), c + Vec2::splat(d)], s);
            painter.line_segment([c + Vec2::new(-d, d), c + Vec2::new(d, -d)], s);
        }
    }
    if view.show_threats {
        for (p, side, threat) in pos.threat_points() {
            let Some(c) = at(p) else { continue };
            let r = match threat {
                Threat::Four => cell * 0.3,
                Threat::OpenThree => cell * 0.2,
            };
            let color = match side {
                Side::Black => Color32::from_rgba_unmultiplied(0, 0, 0, 170),
                Side::White => Color32::from_rgba_unmultiplied(255, 255, 255, 220),
            };
            painter.circle_stroke(c, r, Stroke::new(2.0, color));
        }
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
