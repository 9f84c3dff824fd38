//! Edit mode ("Set up a position"), the same for both games: place and remove discs or stones
//! with the mouse, choose the side to move, paste a position as text, then play from there.
//!
//! While a tab edits ([`Tab::setup`] is `Some`), its board shows the edited position drawn
//! by the game's own [`GameView::paint_position`] and its side panel the editor; the live
//! game waits underneath, its computer and clock paused. "Play from here" checks the set-up
//! through the rules ([`crate::reversi::setup::setup`],
//! [`crate::gomoku::Position::playable_setup`]): a refused set-up says why and changes
//! nothing; an accepted one becomes the tab's new game (the app first asks about abandoning
//! a game in progress against the computer, as New game does). Undo stops at the set-up,
//! and saving, the autosave and Replay keep it (the saved game's `start`).
//!
//! What differs between the games is behind [`SetupGame`]; the rest is written once here.

use egui::{Sense, Ui};

use crate::core::{GameRules, Side};
use crate::gomoku::{self, Point};
use crate::reversi::{self, Move};
use crate::tr;

use super::board::{self, BoardLook, Cell};
use super::panels;
use super::shortcuts::Action;
use super::tab::{GameView, Tab};

/// What one game brings to edit mode: reading its board, building a position from cells,
/// the set-up check and the position as text.
pub trait SetupGame: GameRules + Clone {
    /// The piece on `cell` of `pos`, if any.
    fn piece_at(pos: &Self, cell: Cell) -> Option<Side>;

    /// `black`'s and `white`'s pieces on a board like `like` (Gomoku: its size and rule),
    /// `to_move` to play, unchecked: what the board shows while editing.
    fn arrange(like: &Self, black: &[Cell], white: &[Cell], to_move: Side) -> Self;

    /// The set-up checked through the rules: the position to play from, and a note for the
    /// player when it differs from what was asked ("White has no legal move and passes").
    ///
    /// # Errors
    /// Why no game can go on from this set-up, in the window's language.
    fn setup(
        like: &Self,
        black: &[Cell],
        white: &[Cell],
        to_move: Side,
    ) -> Result<(Self, Option<String>), String>;

    /// A position read from text (Reversi: `.obf`, its side to move `to_move` when left
    /// out; Gomoku: a move list, Black first), not yet checked as a set-up.
    ///
    /// # Errors
    /// Why the text cannot be read, in the window's language.
    fn parse_position(like: &Self, text: &str, to_move: Side) -> Result<Self, String>;

    /// `pos` as the text [`SetupGame::parse_position`] reads.
    fn setup_text(pos: &Self) -> String;

    /// What the text field takes, for its hint.
    fn text_hint() -> String;

    /// The side to move that these stone counts give, in a game where they decide it
    /// (Gomoku); `None` where the player chooses (Reversi).
    fn turn_from_counts(_black: usize, _white: usize) -> Option<Side> {
        None
    }
}

/// What a left click on the board does while editing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Brush {
    /// Empty → Black → White → empty.
    #[default]
    Cycle,
    /// Put a black piece.
    Black,
    /// Put a white piece.
    White,
    /// Take the piece away.
    Erase,
}

impl Brush {
    /// What a left click on a cell holding `piece` leaves there.
    #[must_use]
    pub fn apply(self, piece: Option<Side>) -> Option<Side> {
        match self {
            Brush::Cycle => match piece {
                None => Some(Side::Black),
                Some(Side::Black) => Some(Side::White),
                Some(Side::White) => None,
            },
            Brush::Black => Some(Side::Black),
            Brush::White => Some(Side::White),
            Brush::Erase => None,
        }
    }
}

/// The position being edited in one tab.
pub struct SetupEditor<G> {
    /// The board kind (Gomoku: size and rule) the pieces are on.
    like: G,
    /// Cells per side.
    size: u8,
    /// The piece on each cell, row by row from the top.
    pieces: Vec<Option<Side>>,
    /// The side chosen to move.
    pub to_move: Side,
    /// What a left click does.
    pub brush: Brush,
    /// The text field of "Paste position": the board as text after each change there.
    pub text: String,
    /// Why the last "Play from here" or "Paste position" was refused.
    pub error: Option<String>,
    /// The checked set-up waiting for the app (which may ask about an abandoned game first).
    ready: Option<(G, Option<String>)>,
    /// "Play from here" was clicked and accepted; the app has not yet taken it.
    requested: bool,
}

impl<G: GameView> SetupEditor<G> {
    /// An editor holding the pieces of `pos`, its side to move and its text.
    #[must_use]
    pub fn new(pos: &G) -> SetupEditor<G> {
        let mut editor = SetupEditor {
            like: pos.clone(),
            size: 0,
            pieces: Vec::new(),
            to_move: Side::Black,
            brush: Brush::default(),
            text: String::new(),
            error: None,
            ready: None,
            requested: false,
        };
        editor.load(pos);
        editor
    }

    /// Put `pos` on the editor's board (its kind, pieces and side to move) and in the text.
    pub fn load(&mut self, pos: &G) {
        let size = G::board_size(pos);
        self.like = pos.clone();
        self.size = size;
        self.pieces = (0..size)
            .flat_map(|row| (0..size).map(move |col| Cell::new(col, row)))
            .map(|cell| G::piece_at(pos, cell))
            .collect();
        self.to_move = pos.side_to_move();
        self.changed();
    }

    /// The piece on `cell`.
    #[must_use]
    pub fn piece(&self, cell: Cell) -> Option<Side> {
        self.index(cell).and_then(|i| self.pieces[i])
    }

    /// Put `piece` on `cell` (nothing off the board).
    pub fn set(&mut self, cell: Cell, piece: Option<Side>) {
        if let Some(i) = self.index(cell) {
            self.pieces[i] = piece;
            if let Some(side) = self.turn_from_counts() {
                self.to_move = side;
            }
            self.changed();
        }
    }

    /// Empty the board; Black to move.
    pub fn clear(&mut self) {
        self.pieces.fill(None);
        self.to_move = Side::Black;
        self.changed();
    }

    /// Black's and White's cells.
    #[must_use]
    pub fn cells(&self) -> (Vec<Cell>, Vec<Cell>) {
        let mut black = Vec::new();
        let mut white = Vec::new();
        for (i, piece) in self.pieces.iter().enumerate() {
            let n = usize::from(self.size);
            // `i` < size², so both fit in a u8.
            let cell = Cell::new((i % n) as u8, (i / n) as u8);
            match piece {
                Some(Side::Black) => black.push(cell),
                Some(Side::White) => white.push(cell),
                None => {}
            }
        }
        (black, white)
    }

    /// The edited position as it stands, unchecked (for the board).
    #[must_use]
    pub fn arranged(&self) -> G {
        let (black, white) = self.cells();
        G::arrange(&self.like, &black, &white, self.to_move)
    }

    /// Read the text field onto the board; a refusal is kept in [`SetupEditor::error`].
    pub fn paste(&mut self) {
        match G::parse_position(&self.like, &self.text, self.to_move) {
            Ok(pos) => self.load(&pos),
            Err(e) => self.error = Some(e),
        }
    }

    /// Check the set-up: when the rules accept it, it waits for the app to start it;
    /// otherwise the reason is kept in [`SetupEditor::error`].
    pub fn check(&mut self) {
        let (black, white) = self.cells();
        match G::setup(&self.like, &black, &white, self.to_move) {
            Ok(ready) => {
                self.ready = Some(ready);
                self.requested = true;
                self.error = None;
            }
            Err(e) => {
                self.ready = None;
                self.error = Some(e);
            }
        }
    }

    fn turn_from_counts(&self) -> Option<Side> {
        let (black, white) = self.cells();
        G::turn_from_counts(black.len(), white.len())
    }

    fn index(&self, cell: Cell) -> Option<usize> {
        (cell.col < self.size && cell.row < self.size)
            .then(|| usize::from(cell.row) * usize::from(self.size) + usize::from(cell.col))
    }

    /// Any change forgets the last refusal and the checked set-up, and the text field
    /// follows the board (so it can be copied).
    fn changed(&mut self) {
        self.error = None;
        self.ready = None;
        self.text = G::setup_text(&self.arranged());
    }
}

/// Whether a shortcut's action is held back while the tab on screen edits (those that would
/// change the live game hidden underneath).
#[must_use]
pub fn blocked(action: Action) -> bool {
    matches!(
        action,
        Action::NewGame
            | Action::Undo
            | Action::Redo
            | Action::SwapSides
            | Action::Pass
            | Action::CursorLeft
            | Action::CursorRight
            | Action::CursorUp
            | Action::CursorDown
            | Action::PlayAtCursor
    )
}

impl<G: GameView> Tab<G> {
    /// Enter edit mode on the position shown (the replayed one while replaying); the live
    /// game's computer and clock pause.
    pub fn enter_setup(&mut self) {
        if self.setup.is_none() {
            self.setup = Some(SetupEditor::new(self.shown().position()));
            self.sync_pause();
        }
    }

    /// Leave edit mode without changing the game.
    pub fn cancel_setup(&mut self) {
        if self.setup.take().is_some() {
            self.sync_pause();
        }
    }

    /// Start the checked set-up as the tab's new game, with the players and levels chosen,
    /// and say what the check noted (a side passed).
    pub fn play_setup(&mut self) {
        let Some((start, note)) = self.setup.take().and_then(|e| e.ready) else {
            return;
        };
        self.close_replay();
        self.draw_offer = None;
        self.ctl.new_game(start);
        self.sync_pause();
        if let Some(note) = note {
            self.ctl.set_message(note);
        }
    }

    /// The status line while editing: the refusal, else what to do.
    #[must_use]
    pub fn setup_status(&self) -> Option<String> {
        let editor = self.setup.as_ref()?;
        Some(match &editor.error {
            Some(reason) => tr!("setup-refused", reason = reason.clone()),
            None => tr!("setup-status"),
        })
    }

    /// The "Edit position" button of the side panel.
    pub fn setup_button(&mut self, ui: &mut Ui) {
        if ui
            .button(tr!("setup-edit"))
            .on_hover_text(tr!("setup-edit-hover"))
            .clicked()
        {
            self.enter_setup();
        }
    }

    /// The board while editing: the edited position in the game's own drawing, every cell
    /// a widget named as the game names it ("d3", "H8"): a left click applies the brush, a
    /// right click takes the piece away.
    pub fn setup_board(&mut self, ui: &mut Ui) {
        let Some(editor) = &mut self.setup else {
            return;
        };
        self.board_area = ui.available_rect_before_wrap();
        let rect = board::board_square(self.board_area);
        ui.allocate_rect(rect, Sense::hover());
        let painter = ui.painter_at(rect);
        let mut look = BoardLook::plain(self.palette);
        look.coordinates = self.display.coordinates;
        let shown = editor.arranged();
        let geo = G::paint_position(&painter, rect, &shown, &look);
        for cell in geo.cells() {
            let Some(mv) = G::move_at(&shown, cell) else {
                continue;
            };
            let name = mv.to_string();
            let hit = panels::board_point(ui, geo.rect(cell), ("setup", G::KIND, cell), &name);
            let piece = editor.piece(cell);
            if hit.hovered()
                && let Some(side) = editor.brush.apply(piece).filter(|_| piece.is_none())
            {
                G::paint_preview(&painter, &geo, self.palette, cell, side, false);
            }
            let new = if hit.clicked() {
                Some(editor.brush.apply(piece))
            } else if hit.secondary_clicked() {
                Some(None)
            } else {
                None
            };
            if let Some(new) = new {
                editor.set(cell, new);
                // The side panel, drawn before the board, shows the change next frame.
                ui.ctx().request_repaint();
            }
        }
    }

    /// The side panel while editing.
    pub fn setup_panel(&mut self, ui: &mut Ui) {
        let Some(editor) = &mut self.setup else {
            return;
        };
        let mut start = false;
        let mut cancel = false;
        ui.heading(tr!("setup-heading"));
        ui.label(G::board_name(&editor.like));
        ui.label(egui::RichText::new(tr!("setup-help")).small());
        let (black, white) = editor.cells();
        for (side, n) in [(Side::Black, black.len()), (Side::White, white.len())] {
            ui.horizontal(|ui| {
                panels::side_icon(ui, self.palette.piece(side));
                ui.label(tr!("setup-count", side = side.label(), count = n));
            });
        }
        ui.separator();
        ui.label(tr!("setup-brush"));
        ui.horizontal_wrapped(|ui| {
            let brushes = [
                (Brush::Cycle, tr!("setup-brush-cycle")),
                (Brush::Black, Side::Black.label()),
                (Brush::White, Side::White.label()),
                (Brush::Erase, tr!("setup-brush-erase")),
            ];
            for (brush, label) in brushes {
                ui.selectable_value(&mut editor.brush, brush, label);
            }
        });
        ui.horizontal_wrapped(|ui| {
            for (side, label) in [
                (Side::Black, tr!("setup-black-to-move")),
                (Side::White, tr!("setup-white-to-move")),
            ] {
                if ui.radio_value(&mut editor.to_move, side, label).changed() {
                    editor.changed();
                }
            }
        });
        ui.horizontal_wrapped(|ui| {
            if ui
                .button(tr!("setup-clear"))
                .on_hover_text(tr!("setup-clear-hover"))
                .clicked()
            {
                editor.clear();
            }
            start = ui
                .button(tr!("setup-start"))
                .on_hover_text(tr!("setup-start-hover"))
                .clicked();
        });
        ui.separator();
        ui.add(
            egui::TextEdit::multiline(&mut editor.text)
                .hint_text(G::text_hint())
                .desired_rows(2)
                .desired_width(f32::INFINITY)
                .font(egui::TextStyle::Monospace),
        );
        if ui
            .button(tr!("setup-paste"))
            .on_hover_text(tr!("setup-paste-hover"))
            .clicked()
        {
            editor.paste();
        }
        ui.separator();
        panels::players(ui, &mut self.ctl);
        ui.separator();
        let editor = self.setup.as_mut().expect("still editing");
        if let Some(reason) = &editor.error {
            ui.colored_label(
                ui.visuals().error_fg_color,
                tr!("setup-refused", reason = reason.clone()),
            );
        }
        ui.horizontal_wrapped(|ui| {
            if ui
                .button(tr!("setup-play"))
                .on_hover_text(tr!("setup-play-hover"))
                .clicked()
            {
                editor.check();
            }
            cancel = ui
                .button(tr!("setup-cancel"))
                .on_hover_text(tr!("setup-cancel-hover"))
                .clicked();
        });
        if start {
            match G::start_position(&self.view) {
                Ok(pos) => {
                    if let Some(editor) = &mut self.setup {
                        editor.load(&pos);
                    }
                }
                Err(e) => {
                    if let Some(editor) = &mut self.setup {
                        editor.error = Some(e);
                    }
                }
            }
        }
        if cancel {
            self.cancel_setup();
        }
    }
}

/// Edit mode as the app sees a tab, whatever its game (a part of [`super::tab::AnyTab`]).
pub trait AnySetup {
    /// Whether the tab is in edit mode.
    fn is_editing(&self) -> bool;
    /// See [`Tab::enter_setup`].
    fn enter_setup(&mut self);
    /// See [`Tab::cancel_setup`].
    fn cancel_setup(&mut self);
    /// "Play from here" was clicked and the set-up accepted since the last call: the app
    /// starts it (see [`AnySetup::play_setup`]), after asking about an abandoned game.
    fn take_setup_request(&mut self) -> bool;
    /// See [`Tab::play_setup`].
    fn play_setup(&mut self);
}

impl<G: GameView> AnySetup for Tab<G> {
    fn is_editing(&self) -> bool {
        self.setup.is_some()
    }

    fn enter_setup(&mut self) {
        Tab::enter_setup(self);
    }

    fn cancel_setup(&mut self) {
        Tab::cancel_setup(self);
    }

    fn take_setup_request(&mut self) -> bool {
        self.setup
            .as_mut()
            .is_some_and(|e| std::mem::take(&mut e.requested))
    }

    fn play_setup(&mut self) {
        Tab::play_setup(self);
    }
}

/// The Reversi bitboard of `cells`.
fn reversi_bits(cells: &[Cell]) -> u64 {
    cells
        .iter()
        .filter_map(|c| reversi::Square::from_coords(c.col, c.row))
        .fold(0, |bits, sq| bits | (1u64 << sq.index()))
}

impl SetupGame for reversi::Position {
    fn piece_at(pos: &Self, cell: Cell) -> Option<Side> {
        match <Self as GameView>::move_at(pos, cell)? {
            Move::Place(sq) => pos.disc_at(sq),
            Move::Pass => None,
        }
    }

    fn arrange(_like: &Self, black: &[Cell], white: &[Cell], to_move: Side) -> Self {
        reversi::Position::from_board(reversi_bits(black), reversi_bits(white), to_move)
    }

    fn setup(
        _like: &Self,
        black: &[Cell],
        white: &[Cell],
        to_move: Side,
    ) -> Result<(Self, Option<String>), String> {
        use crate::reversi::setup::SetupError;
        match reversi::setup::setup(reversi_bits(black), reversi_bits(white), to_move) {
            Ok(s) => {
                let note = s.passed.then(|| match to_move {
                    Side::Black => tr!("setup-passed-black"),
                    Side::White => tr!("setup-passed-white"),
                });
                Ok((s.position, note))
            }
            Err(SetupError::EmptyCentre(sq)) => {
                Err(tr!("setup-error-empty-centre", square = sq.to_string()))
            }
            Err(SetupError::GameOver) => Err(tr!("setup-error-no-moves")),
        }
    }

    fn parse_position(_like: &Self, text: &str, to_move: Side) -> Result<Self, String> {
        let unreadable =
            |e: reversi::ParseError| tr!("setup-error-unreadable", error = e.to_string());
        match reversi::Position::from_obf(text) {
            Ok(pos) => Ok(pos),
            // The bare 64-character board: the side chosen moves.
            Err(reversi::ParseError::BadSide(side)) if side.is_empty() => {
                let side = if to_move == Side::Black { 'X' } else { 'O' };
                reversi::Position::from_obf(&format!("{} {side}", text.trim())).map_err(unreadable)
            }
            Err(e) => Err(unreadable(e)),
        }
    }

    fn setup_text(pos: &Self) -> String {
        pos.to_obf()
    }

    fn text_hint() -> String {
        tr!("setup-text-hint-reversi")
    }
}

/// The Gomoku points of `cells` on a board like `like`.
fn gomoku_points(like: &gomoku::Position, cells: &[Cell]) -> Vec<Point> {
    cells
        .iter()
        .filter_map(|&c| <gomoku::Position as GameView>::move_at(like, c))
        .collect()
}

/// A Gomoku set-up refusal in the window's language.
fn gomoku_error(e: gomoku::SetupError) -> String {
    use crate::gomoku::SetupError;
    match e {
        SetupError::Size(e) => e.to_string(),
        SetupError::OffBoard(p) => tr!("setup-error-off-board", point = p.to_string()),
        SetupError::Duplicate(p) => tr!("setup-error-twice", point = p.to_string()),
        SetupError::FiveOnBoard(Side::Black) => tr!("setup-error-five-black"),
        SetupError::FiveOnBoard(Side::White) => tr!("setup-error-five-white"),
        SetupError::StoneCounts { black, white } => {
            tr!("setup-error-stone-counts", black = black, white = white)
        }
        SetupError::WrongTurn {
            expected: Side::Black,
        } => tr!("setup-error-turn-black"),
        SetupError::WrongTurn {
            expected: Side::White,
        } => tr!("setup-error-turn-white"),
        SetupError::Full => tr!("setup-error-full"),
    }
}

impl SetupGame for gomoku::Position {
    fn piece_at(pos: &Self, cell: Cell) -> Option<Side> {
        pos.stone_at(<Self as GameView>::move_at(pos, cell)?)
    }

    fn arrange(like: &Self, black: &[Cell], white: &[Cell], to_move: Side) -> Self {
        let (b, w) = (gomoku_points(like, black), gomoku_points(like, white));
        gomoku::Position::with_stones(like.size(), like.rule(), &b, &w, to_move)
            .unwrap_or_else(|_| like.clone())
    }

    fn setup(
        like: &Self,
        black: &[Cell],
        white: &[Cell],
        to_move: Side,
    ) -> Result<(Self, Option<String>), String> {
        let (b, w) = (gomoku_points(like, black), gomoku_points(like, white));
        gomoku::Position::playable_setup(like.size(), like.rule(), &b, &w, to_move)
            .map(|pos| (pos, None))
            .map_err(gomoku_error)
    }

    fn parse_position(like: &Self, text: &str, _to_move: Side) -> Result<Self, String> {
        let moves = crate::persist::parse_gomoku_moves(text)
            .map_err(|e| tr!("setup-error-unreadable", error = e.to_string()))?;
        let (mut black, mut white) = (Vec::new(), Vec::new());
        for (i, p) in moves.into_iter().enumerate() {
            if i % 2 == 0 {
                black.push(p);
            } else {
                white.push(p);
            }
        }
        let to_move = if black.len() > white.len() {
            Side::White
        } else {
            Side::Black
        };
        gomoku::Position::with_stones(like.size(), like.rule(), &black, &white, to_move)
            .map_err(gomoku_error)
    }

    /// The stones as a move list, Black's and White's taken in turn (any order reaches the
    /// same board), Black's extra stones at the end.
    fn setup_text(pos: &Self) -> String {
        let n = pos.size();
        let mut stones: [Vec<Point>; 2] = [Vec::new(), Vec::new()];
        for y in (0..n).rev() {
            for x in 0..n {
                let p = Point { x, y };
                match pos.stone_at(p) {
                    Some(Side::Black) => stones[0].push(p),
                    Some(Side::White) => stones[1].push(p),
                    None => {}
                }
            }
        }
        let [black, white] = stones;
        let mut moves = Vec::with_capacity(black.len() + white.len());
        let mut white = white.into_iter();
        for b in black {
            moves.push(b);
            moves.extend(white.next());
        }
        moves.extend(white);
        crate::persist::format_gomoku_moves(&moves)
    }

    fn text_hint() -> String {
        tr!("setup-text-hint-gomoku")
    }

    fn turn_from_counts(black: usize, white: usize) -> Option<Side> {
        Some(if black > white {
            Side::White
        } else {
            Side::Black
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_brush_cycles_and_paints() {
        let cycle: Vec<_> = [None, Some(Side::Black), Some(Side::White)]
            .into_iter()
            .map(|p| Brush::Cycle.apply(p))
            .collect();
        assert_eq!(cycle, [Some(Side::Black), Some(Side::White), None]);
        assert_eq!(Brush::Erase.apply(Some(Side::Black)), None);
        assert_eq!(Brush::White.apply(None), Some(Side::White));
    }

    #[test]
    fn gomoku_text_round_trips_through_the_editor() {
        let p = |s: &str| s.parse::<Point>().unwrap();
        let pos = gomoku::Position::with_stones(
            15,
            gomoku::Rule::Renju,
            &[p("H8"), p("J10")],
            &[p("I9")],
            Side::White,
        )
        .unwrap();
        let text = <gomoku::Position as SetupGame>::setup_text(&pos);
        let back = <gomoku::Position as SetupGame>::parse_position(&pos, &text, Side::Black)
            .expect("readable");
        for name in ["H8", "J10", "I9"] {
            assert_eq!(back.stone_at(p(name)), pos.stone_at(p(name)), "{name}");
        }
        assert_eq!(back.side_to_move(), Side::White);
    }

    #[test]
    fn a_bare_reversi_board_takes_the_chosen_side() {
        let start = reversi::Position::new();
        let board: String = start.to_obf().chars().take(64).collect();
        let pos = <reversi::Position as SetupGame>::parse_position(&start, &board, Side::White)
            .expect("readable");
        assert_eq!(pos.side_to_move(), Side::White);
    }
}
