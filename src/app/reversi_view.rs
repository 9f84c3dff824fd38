//! The Reversi view: the 8×8 board drawn with egui's painter, the disc counts and the Pass
//! button; the rest of the tab is the generic [`Tab`].
//!
//! Each square is its own clickable, accessible widget named `a1` … `h8`, so screen readers
//! and UI tests find squares by name.

use egui::{Align2, FontId, Painter, Pos2, Rect, Stroke, StrokeKind, Ui, Vec2};

use crate::core::{BySide, Level, Outcome, Side};
use crate::persist::{BookSettings, MoveNote};
use crate::reversi::book::{Book, BookEngine, BookSwitch, BookUse};
use crate::reversi::notation::{MoveComment, format_ggf};
use crate::reversi::openings::{NamedOpening, OpeningNames};
use crate::reversi::{Move, Position, ReversiEngine, Square};
use crate::session::{PlayerKind, Session};
use crate::tr;

use super::animation::MoveAnimation;
use super::board::{BoardGeometry, BoardLook, Cell};
use super::controller::Controller;
use super::eval_graph::GraphUnit;
use super::panels;
use super::shortcuts::{self, Action};
use super::tab::{GameView, Tab};
use super::theme::Palette;

/// How long the discs flipped by the last move take to turn over at normal speed, in seconds.
pub const FLIP_SECONDS: f32 = 0.45;
/// How long flipped discs keep a fading ring at normal speed (counted from the move), in
/// seconds.
pub const HIGHLIGHT_SECONDS: f32 = 1.5;

/// The Reversi tab.
pub type ReversiTab = Tab<Position>;

/// What the Reversi view keeps between frames: the opening-book choice (the tab keeps the
/// board display, the move animation and the palette).
pub struct ReversiView {
    /// The player's opening-book choice, as the panel shows it (the app remembers it in the
    /// settings).
    book: BookSettings,
    /// The same choice as the computer's engine reads it, on its worker thread.
    switch: BookSwitch,
}

impl ReversiView {
    /// The player's opening-book choice.
    #[must_use]
    pub fn book(&self) -> BookSettings {
        self.book
    }

    /// Make `book` the choice; the computer follows it from its next move.
    pub fn set_book(&mut self, book: BookSettings) {
        self.book = book;
        self.switch.set(book_use(book));
    }
}

/// How the engine uses the book for the player's choice: off, the best move, or varied.
#[must_use]
pub fn book_use(book: BookSettings) -> BookUse {
    match (book.enabled, book.vary) {
        (false, _) => BookUse::Off,
        (true, false) => BookUse::Best,
        (true, true) => BookUse::Vary,
    }
}

/// The named opening line the game of `session` has followed (see [`OpeningNames::of_game`]).
#[must_use]
pub fn opening(session: &Session<Position>) -> Option<&'static NamedOpening> {
    OpeningNames::shipped().of_game(session.start_position(), session.moves())
}

impl GameView for Position {
    type View = ReversiView;
    type Engine = ReversiEngine;
    const SCORE_UNIT: GraphUnit = GraphUnit::Discs;
    const LEVEL_HELP: panels::LevelHelp = panels::LevelHelp {
        describe: |level| match level {
            Level::Easy => "level-about-reversi-easy",
            Level::Medium => "level-about-reversi-medium",
            Level::Hard => "level-about-reversi-hard",
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
        let book = BookSettings::default();
        let switch = BookSwitch::new(book_use(book));
        // A damaged book is reported by the app; the computer then only searches.
        let engine = BookEngine::new(Book::shipped().ok(), switch.clone());
        let ctl = Controller::new(Session::new(Position::new(), players), engine, move || {
            repaint.request_repaint()
        });
        Tab::new(ctl, ReversiView { book, switch })
    }

    fn start_position(_view: &ReversiView) -> Result<Position, String> {
        Ok(Position::new())
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

    fn side_line(tab: &ReversiTab, ui: &mut Ui, side: Side) {
        let session = &tab.ctl.session;
        let pos = session.position();
        // Wrapped: beside a picture in a narrow panel the clock goes under the line.
        ui.horizontal_wrapped(|ui| {
            panels::side_icon(ui, tab.palette.piece(side));
            let (side_name, count) = (side.label(), pos.count(side));
            let moves = discs_placed_by(session, side);
            // Over on the board or off it (resignation, time, agreed draw): nobody is to move.
            if pos.side_to_move() == side && tab.ctl.outcome().is_none() {
                ui.strong(tr!(
                    "panel-discs-to-move",
                    side = side_name,
                    count = count,
                    moves = moves
                ))
            } else {
                ui.label(tr!(
                    "panel-discs",
                    side = side_name,
                    count = count,
                    moves = moves
                ))
            };
            panels::side_clock(ui, &tab.ctl, side);
        });
    }

    fn panel_options(tab: &mut ReversiTab, ui: &mut Ui) {
        let session = &tab.ctl.session;
        let human_must_pass =
            session.position().must_pass() && session.player_to_move() == PlayerKind::Human;
        if human_must_pass
            && ui
                .button(tr!("panel-pass"))
                .on_hover_text(shortcuts::hover_text(
                    ui.ctx(),
                    &tr!("panel-pass-hover"),
                    Action::Pass,
                ))
                .clicked()
        {
            tab.click(Move::Pass);
        }
        ui.checkbox(&mut tab.display.legal_moves, tr!("panel-show-legal-moves"));
        book_options(tab, ui);
    }

    fn opening_name(session: &Session<Position>) -> Option<String> {
        opening(session).map(NamedOpening::label)
    }

    fn status(tab: &ReversiTab) -> String {
        let ctl = &tab.ctl;
        if ctl.ending().is_some() || ctl.message().is_some() {
            return ctl.status_line();
        }
        let pos = ctl.session.position();
        if let Some(result) = result_text(tab) {
            return tr!("status-game-over-score", result = result);
        }
        if pos.must_pass() {
            let key = if ctl.session.player_to_move() == PlayerKind::Human {
                "status-must-pass-press"
            } else {
                "status-must-pass"
            };
            return tr!(key, side = pos.side_to_move().label());
        }
        if let Some(Move::Pass) = ctl.session.last_move() {
            let passed = pos.side_to_move().other();
            return tr!(
                "status-passed",
                side = passed.label(),
                status = ctl.status_line()
            );
        }
        ctl.status_line()
    }

    const LEGAL_MARKS: bool = true;
    const PASS: Option<Move> = Some(Move::Pass);

    fn board_size(_pos: &Position) -> u8 {
        8
    }

    fn move_at(_pos: &Position, cell: Cell) -> Option<Move> {
        Square::from_coords(cell.col, cell.row).map(Move::Place)
    }

    fn cell_of(_pos: &Position, mv: Move) -> Option<Cell> {
        mv.square().map(|sq| Cell::new(sq.col(), sq.row()))
    }

    fn paint_position(
        painter: &Painter,
        rect: Rect,
        pos: &Position,
        look: &BoardLook,
    ) -> BoardGeometry {
        let geo = draw_grid(painter, look.palette, rect, look.coordinates);
        draw_discs(painter, &geo, pos, look, &Flips::NONE);
        geo
    }

    fn paint_board(
        tab: &ReversiTab,
        painter: &Painter,
        rect: Rect,
        look: &BoardLook,
    ) -> BoardGeometry {
        let geo = draw_grid(painter, look.palette, rect, look.coordinates);
        let flips = Flips {
            discs: flipped_discs(tab),
            anim: tab.anim,
            now: painter.ctx().input(|i| i.time),
        };
        draw_discs(painter, &geo, tab.shown().position(), look, &flips);
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
        let (r, alpha) = if dot { (0.1, 0.6) } else { (0.41, 0.45) };
        painter.circle_filled(
            geo.center(cell),
            geo.pitch * r,
            colors.piece(side).gamma_multiply(alpha),
        );
    }

    fn banner(tab: &ReversiTab) -> Option<String> {
        result_text(tab)
    }

    fn position_text(session: &Session<Position>) -> String {
        session.position().to_obf()
    }

    fn annotated_transcript(session: &Session<Position>, notes: &[MoveNote]) -> String {
        let comments: Vec<MoveComment> = notes
            .iter()
            .map(|n| MoveComment {
                index: n.number - 1,
                eval: n.score.parse::<f64>().ok(),
                text: super::teacher::note_text(n),
            })
            .collect();
        let moves: Vec<Move> = session.moves().collect();
        format_ggf(session.start_position(), &moves, &comments)
    }

    fn board_name(_pos: &Position) -> String {
        tr!("game-reversi")
    }
}

/// "Opening book" and "Vary the opening" check boxes (disabled, saying why, when the book
/// cannot be read).
fn book_options(tab: &mut ReversiTab, ui: &mut Ui) {
    let readable = Book::shipped().is_ok();
    let mut book = tab.view.book;
    ui.add_enabled_ui(readable, |ui| {
        ui.checkbox(&mut book.enabled, tr!("panel-opening-book"))
            .on_hover_text(tr!("panel-opening-book-hover"))
            .on_disabled_hover_text(tr!("panel-opening-book-unavailable"));
        ui.add_enabled(
            book.enabled,
            egui::Checkbox::new(&mut book.vary, tr!("panel-vary-opening")),
        )
        .on_hover_text(tr!("panel-vary-opening-hover"));
    });
    if book != tab.view.book {
        tab.view.set_book(book);
    }
}

/// The board's frame, squares, lines, the four marker dots and (when `coordinates`) the
/// coordinates, a–h across the top and 1–8 down the left, in the square `outer` in `colors`;
/// returns where the squares are.
fn draw_grid(painter: &Painter, colors: &Palette, outer: Rect, coordinates: bool) -> BoardGeometry {
    let side = outer.width().min(outer.height());
    let outer = Rect::from_min_size(outer.min, Vec2::splat(side));
    let margin = if coordinates {
        side * 0.06
    } else {
        side * 0.02
    };
    let board = outer.shrink(margin);
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
        if coordinates && i < 8 {
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
    BoardGeometry {
        size: 8,
        first: board.min + Vec2::splat(cell / 2.0),
        pitch: cell,
    }
}

/// "Black wins 40–24" once the game shown is over (empty squares go to the winner).
#[must_use]
pub fn result_text(tab: &ReversiTab) -> Option<String> {
    if tab.replay.is_none()
        && let Some(ending) = tab.ctl.ending()
    {
        return Some(panels::ending_banner(ending));
    }
    let session = tab.shown();
    let outcome = session.outcome()?;
    let score = session.position().final_score();
    Some(match outcome {
        Outcome::Win(side) => tr!(
            "banner-reversi-win",
            side = side.label(),
            own = *score.get(side),
            other = *score.get(side.other())
        ),
        Outcome::Draw => tr!(
            "banner-reversi-draw",
            black = score.black,
            white = score.white
        ),
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

impl DiscLook {
    /// How the disc of `side` on a square looks at egui input time `now` of the move
    /// animation `anim`, given whether the last move flipped it: a flipped disc turns over
    /// (squashed to its edge, changing colour at the middle), then keeps a fading ring.
    #[must_use]
    pub fn at(anim: &MoveAnimation, side: Side, flipped: bool, now: f64) -> DiscLook {
        let still = DiscLook {
            shows: side,
            width: 1.0,
            ring: 0.0,
        };
        if !flipped {
            return still;
        }
        let ring = anim
            .progress(now, HIGHLIGHT_SECONDS)
            .map_or(0.0, |t| 1.0 - t);
        match anim.progress(now, FLIP_SECONDS) {
            Some(t) => DiscLook {
                shows: if t < 0.5 { side.other() } else { side },
                width: (t * std::f32::consts::PI).cos().abs().max(0.08),
                ring: 0.0,
            },
            None => DiscLook { ring, ..still },
        }
    }
}

/// How the disc of `side` on a square of `tab`'s board looks at egui input time `now`,
/// given whether the last move flipped it, as [`Tab::anim`] says (see [`DiscLook::at`]).
#[must_use]
pub fn disc_look(tab: &ReversiTab, side: Side, flipped: bool, now: f64) -> DiscLook {
    DiscLook::at(&tab.anim, side, flipped, now)
}

/// The discs flipped by the last move shown (bitboard).
#[must_use]
pub fn flipped_discs(tab: &ReversiTab) -> u64 {
    last_move_flips(tab.shown())
}

/// The discs the last move flipped (bitboard) and the clock of their animation at `now`
/// (egui input time).
struct Flips {
    discs: u64,
    anim: MoveAnimation,
    now: f64,
}

impl Flips {
    /// No animation.
    const NONE: Flips = Flips {
        discs: 0,
        anim: MoveAnimation::new(0),
        now: 0.0,
    };
}

/// The discs of `pos`, those `flips` says the last move flipped turning over, with the move
/// numbers or the last move's dot as `look` says.
fn draw_discs(
    painter: &Painter,
    geo: &BoardGeometry,
    pos: &Position,
    look: &BoardLook,
    flips: &Flips,
) {
    let colors = look.palette;
    let cell = geo.pitch;
    for sq in Square::all() {
        let Some(side) = pos.disc_at(sq) else {
            continue;
        };
        let at = Cell::new(sq.col(), sq.row());
        let center = geo.center(at);
        let disc = DiscLook::at(&flips.anim, side, flips.discs & sq.bit() != 0, flips.now);
        draw_disc(painter, colors, center, cell, disc);
        if disc.width < 1.0 {
            continue;
        }
        if let Some(&(_, n)) = look.numbers.iter().find(|(c, _)| *c == at) {
            painter.text(
                center,
                Align2::CENTER_CENTER,
                n.to_string(),
                FontId::proportional(cell * 0.36),
                colors.piece(side.other()),
            );
        } else if Some(at) == look.last {
            painter.circle_filled(center, cell * 0.08, colors.last_move);
        }
    }
}

/// Discs flipped by the last move of `session` (bitboard).
fn last_move_flips(session: &Session<Position>) -> u64 {
    match (session.previous_position(), session.last_move()) {
        (Some(before), Some(Move::Place(_))) => {
            let mover = before.side_to_move();
            before.discs(mover.other()) & session.position().discs(mover)
        }
        _ => 0,
    }
}

/// One disc at `center` on a square `cell` wide, as `disc` says: turning over (squashed to
/// its edge), or lying flat with its shadow and, just flipped, a fading ring.
fn draw_disc(painter: &Painter, colors: &Palette, center: Pos2, cell: f32, disc: DiscLook) {
    let r = cell * 0.41;
    let edge = Stroke::new(colors.piece_edge_width, colors.piece_edge(disc.shows));
    if disc.width < 1.0 {
        let w = disc.width;
        let rect = Rect::from_center_size(center, Vec2::new(2.0 * r * w, 2.0 * r));
        painter.rect_filled(rect, r * w, colors.piece(disc.shows));
        painter.rect_stroke(rect, r * w, edge, StrokeKind::Inside);
        return;
    }
    painter.circle_filled(center + Vec2::splat(cell * 0.03), r, colors.shadow);
    painter.circle_filled(center, r, colors.piece(disc.shows));
    painter.circle_stroke(center, r, edge);
    if disc.ring > 0.0 {
        painter.circle_stroke(
            center,
            r * 1.08,
            Stroke::new(2.5, colors.highlight.gamma_multiply(disc.ring)),
        );
    }
}

/// How many discs `side` has placed in the session so far (its moves, passes not counted).
pub fn discs_placed_by(session: &Session<Position>, side: Side) -> usize {
    session
        .moves_by(side)
        .filter(|mv| matches!(mv, Move::Place(_)))
        .count()
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::StdRng;
    use rand::seq::IndexedRandom;

    use super::*;

    /// Random games, passes included: each side's count of placed discs matches the side to
    /// move replayed before every move.
    #[test]
    fn discs_placed_by_follows_the_mover_through_passes() {
        let mut rng = StdRng::seed_from_u64(7);
        let mut passes = 0;
        for _ in 0..200 {
            let players = BySide {
                black: PlayerKind::Human,
                white: PlayerKind::Human,
            };
            let mut session = Session::new(Position::new(), players);
            let mut placed = BySide { black: 0, white: 0 };
            while !session.position().is_game_over() {
                let pos = *session.position();
                let mv = *pos
                    .legal_moves()
                    .choose(&mut rng)
                    .expect("a move or a pass");
                match mv {
                    Move::Place(_) => *placed.get_mut(pos.side_to_move()) += 1,
                    Move::Pass => passes += 1,
                }
                session.play(mv).expect("legal");
            }
            for side in [Side::Black, Side::White] {
                assert_eq!(discs_placed_by(&session, side), *placed.get(side));
            }
        }
        assert!(passes > 0, "the games include passes");
    }
}
