//! One tab of the window, the same for both games: the game in progress ([`Controller`]),
//! its replay, its record-keeping ([`Tracker`]) and what only that game's view keeps
//! ([`GameView::View`]). Everything here is written once for both games; a game's view module
//! supplies only what really differs: drawing the board, its panel lines and its status.
//!
//! The app holds one `Tab` per game and reaches them through [`AnyTab`], the object-safe face
//! of a tab, so that it can loop over its tabs (as egui's demo app loops over its apps) rather
//! than match on the game at every step.

use std::time::Duration;

use egui::{Painter, Rect, Sense, Ui};

use crate::audio::Sound;
use crate::core::clock::TimeControl;
use crate::core::{BySide, Ending, Engine, GameKind, GameRules, Outcome, Side};
use crate::persist::{BoardDisplay, GameMeta, LoadError, MoveNote, SavedGame, SavedResult};
use crate::session::{PlayerKind, Session};
use crate::{msg, tr};

use super::animation::MoveAnimation;
use super::board::{self, BoardGeometry, BoardLook, Cell, Mark};
use super::controller::{Controller, Update};
use super::draw_offer::DrawJudge;
use super::eval_graph::GraphUnit;
use super::lock;
use super::panels::{self, LevelHelp, PlayerCard};
use super::persistence::{self, DataStore, GameRecord, PersistGame, Tracker};
use super::pictures;
use super::records_window::CurrentGame;
use super::replay::{self, Replay, ReplayAction};
use super::setup_mode::{AnySetup, SetupEditor, SetupGame};
use super::shortcuts::Action;
use super::teacher::Teacher;
use super::theme::{self, Palette};

/// How often the window is redrawn while a clock runs, in milliseconds (ten times a second
/// once it shows tenths).
const CLOCK_REPAINT_MS: u64 = 250;
const LOW_CLOCK_REPAINT_MS: u64 = 100;

/// What the window is doing, as far as a tab's clock cares (see [`Tab::clock_should_run`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WindowState {
    /// This tab is the one on screen.
    pub shown: bool,
    /// A modal dialog asks a question (the abandon question, a draw offer).
    pub dialog_open: bool,
    /// The window is minimised.
    pub minimized: bool,
}

/// What one game brings to its tab: a view state and the drawing of its board.
pub trait GameView: PersistGame + DrawJudge + SetupGame {
    /// What the game's view keeps between frames (display toggles, animations, the rule and
    /// size chosen for the next game).
    type View;
    /// The engine behind hints, move scores and reviews (a fresh one on the analysis thread).
    type Engine: Engine<Self> + Default + 'static;
    /// How the game's scores are drawn on the evaluation graph.
    const SCORE_UNIT: GraphUnit;

    /// What each level does, for the level chooser.
    const LEVEL_HELP: LevelHelp;
    /// How long a move's animation lasts at normal speed (its longest phase), in seconds.
    const ANIMATION_SECONDS: f32;

    /// A new game's start position (Black human, White the computer, as on first start),
    /// the computer on its worker thread, and the view.
    fn new_tab(ctx: &egui::Context) -> Tab<Self>;

    /// The start position for "New game" (Gomoku: the rule and size chosen in the view).
    ///
    /// # Errors
    /// The sentence to show when the chosen settings cannot start a game.
    fn start_position(view: &Self::View) -> Result<Self, String>;

    /// Called after a game was loaded into the tab (Gomoku follows its rule and size).
    fn after_load(_tab: &mut Tab<Self>) {}

    /// Per-frame view bookkeeping after the controller's update.
    fn view_logic(_tab: &mut Tab<Self>, _ctx: &egui::Context) {}

    /// The game's own line for `side` at the top of the side panel (its disc count or moves,
    /// its clock), beside the player's picture and above their name and record.
    fn side_line(tab: &Tab<Self>, ui: &mut Ui, side: Side);

    /// The game's own settings before the player choices (Gomoku's rule and size).
    fn panel_settings(_tab: &mut Tab<Self>, _ui: &mut Ui) {}

    /// The game's own buttons and toggles after New game / Undo / Redo.
    fn panel_options(tab: &mut Tab<Self>, ui: &mut Ui);

    /// The status line for a live game.
    fn status(tab: &Tab<Self>) -> String;

    /// Whether the board can mark the legal moves (Reversi; on a Gomoku board every empty
    /// point but Renju's forbidden ones is one, and those have their own marks).
    const LEGAL_MARKS: bool;

    /// The pass, in a game that has one.
    const PASS: Option<Self::Move>;

    /// Cells per side of `pos`'s board.
    fn board_size(pos: &Self) -> u8;

    /// The move that puts a piece on `cell`, if `cell` is on the board.
    fn move_at(pos: &Self, cell: Cell) -> Option<Self::Move>;

    /// The cell where `mv` puts its piece (none for a pass).
    fn cell_of(pos: &Self, mv: Self::Move) -> Option<Cell>;

    /// Paints `pos` into the square `rect` in the colours of `look.palette`: the board, its
    /// coordinates, the pieces, move numbers and the last move as `look` says. The board on
    /// screen and the help's diagrams both use it.
    fn paint_position(painter: &Painter, rect: Rect, pos: &Self, look: &BoardLook)
    -> BoardGeometry;

    /// Paints the tab's board: the shown position, its last move animated as [`Tab::anim`]
    /// says (the tab asks for frames while it runs, see [`GameView::ANIMATION_SECONDS`]),
    /// and the view's marks.
    fn paint_board(
        tab: &Tab<Self>,
        painter: &Painter,
        rect: Rect,
        look: &BoardLook,
    ) -> BoardGeometry {
        Self::paint_position(painter, rect, tab.shown().position(), look)
    }

    /// A translucent piece of `side` in `colors` on `cell`: a whole one where the pointer is,
    /// or a small dot for a legal move.
    fn paint_preview(
        painter: &Painter,
        geo: &BoardGeometry,
        colors: &Palette,
        cell: Cell,
        side: Side,
        dot: bool,
    );

    /// The banner across a finished game ("Black wins 40–24").
    fn banner(tab: &Tab<Self>) -> Option<String>;

    /// The position as text for "Copy position".
    fn position_text(session: &Session<Self>) -> String;

    /// The game with a review's notes as a transcript with comments (Reversi: GGF, which
    /// Edax and NBoard read; Gomoku: the move list with `{…}` comments).
    fn annotated_transcript(session: &Session<Self>, notes: &[MoveNote]) -> String;

    /// The board in words for the Transcript window ("Reversi", "Gomoku, 15×15 Renju").
    fn board_name(pos: &Self) -> String;

    /// The name of the opening the game of `session` follows, in the window's language
    /// (Reversi's named lines), shown above the move list; `None` when it follows none.
    fn opening_name(_session: &Session<Self>) -> Option<String> {
        None
    }

    /// For the sound of the last move: `None` when it put nothing on the board (a Reversi
    /// pass) or there is none, else how many pieces it turned over (always 0 in Gomoku).
    fn last_move_flips(session: &Session<Self>) -> Option<u8> {
        session.last_move().map(|_| 0)
    }
}

/// One game's tab.
pub struct Tab<G: GameView> {
    /// Session, worker and status line of the live game.
    pub ctl: Controller<G>,
    /// Replay mode, when on: the board shows the replay's own copy of the game and ignores
    /// clicks; the live game waits, its computer paused.
    pub replay: Option<Replay<G>>,
    /// Records-once and autosave bookkeeping of the live game.
    pub track: Tracker<G::Move>,
    /// What only this game's view keeps.
    pub view: G::View,
    /// New game, Undo or Redo was clicked in the side panel; the app does it (asking first
    /// about an abandoned game, or to unlock).
    pub action_request: Option<Action>,
    /// The window is locked ([`super::lock`]): the board takes no move, the computer, the
    /// analysis and the clock wait.
    pub locked: bool,
    /// A hot-seat draw offer waiting for the other player's answer: the side offering and
    /// the ply it was made at (an offer made before another move lapses).
    pub draw_offer: Option<(Side, usize)>,
    /// The animation of the last move shown.
    pub anim: MoveAnimation,
    /// The board's colours, in the style chosen for this game.
    pub palette: &'static Palette,
    /// The area the board was last given (the central panel's), in points; the board is the
    /// largest square centred in it ([`board::board_square`]).
    pub board_area: Rect,
    /// What the board shows (remembered in the settings by the app).
    pub display: BoardDisplay,
    /// The keyboard cursor's cell (`None` until first shown: it starts in the centre).
    pub cursor: Option<Cell>,
    /// Whether the keyboard cursor is shown (after a cursor key, until a click).
    pub cursor_shown: bool,
    /// Something the board's menu asked of the app.
    pub request: Option<BoardRequest>,
    /// Edit mode, when on: the board and the side panel edit a position to play from (see
    /// [`super::setup_mode`]); the live game waits, its computer paused.
    pub setup: Option<SetupEditor<G>>,
    /// Sounds asked for since the app last took them ([`AnyTab::take_sounds`]).
    cues: Vec<Sound>,
    /// The ending whose sound was last considered (see [`Tab::cue_clock_ending`]).
    ending_heard: Option<Ending>,
    /// Hints, move scores and the game review.
    pub teacher: Teacher<G>,
}

/// What the board's right-click menu asks the app to do (it needs more than the tab).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardRequest {
    /// Copy the game's transcript to the clipboard.
    CopyTranscript,
    /// Import the transcript on the clipboard.
    PasteTranscript,
}

/// What was chosen in the board's right-click menu.
enum MenuChoice {
    UndoTo(usize),
    Hint,
    CopyPosition,
    App(BoardRequest),
}

impl<G: GameView> Tab<G> {
    /// A tab around `ctl` with the view state `view`.
    pub fn new(ctl: Controller<G>, view: G::View) -> Tab<G> {
        Tab {
            track: Tracker::new(ctl.serial()),
            anim: MoveAnimation::new(ctl.session.ply()),
            palette: theme::palette(G::KIND, crate::persist::BoardStyle::default()),
            board_area: Rect::NOTHING,
            ctl,
            replay: None,
            view,
            action_request: None,
            locked: false,
            draw_offer: None,
            display: BoardDisplay::default(),
            cursor: None,
            cursor_shown: false,
            request: None,
            setup: None,
            cues: Vec::new(),
            ending_heard: None,
            teacher: Teacher::default(),
        }
    }

    /// Ask for `sound` to be played: the app plays the shown tab's sounds at the player's
    /// volume unless muted. The game clock cues [`Sound::TimeLow`] when
    /// [`crate::audio::crossed_time_low`] says a clock just ran low.
    pub fn cue(&mut self, sound: Sound) {
        self.cues.push(sound);
    }

    /// The sounds of the move just played by `by` ([`Sound::Place`] for a human,
    /// [`Sound::ComputerMove`]): the piece landing, the discs it flipped, and the end of the
    /// game when it ended the game. A pass makes no sound of its own.
    fn cue_move(&mut self, by: Sound) {
        if let Some(flips) = G::last_move_flips(&self.ctl.session) {
            self.cue(by);
            if flips > 0 {
                self.cue(Sound::Flip { count: flips });
            }
        }
        self.cue_outcome();
    }

    /// The end-of-game sound of a game the clock ended (a flag fell) or the players agreed
    /// to draw, once: moves and resignations cue their own.
    fn cue_clock_ending(&mut self) {
        let ending = self.ctl.ending();
        let new = ending.filter(|e| Some(*e) != self.ending_heard);
        self.ending_heard = ending;
        if let Some(Ending::TimeOut(_) | Ending::DrawAgreed) = new {
            self.cue_outcome();
        }
    }

    /// The end-of-game sound, when the game is over.
    fn cue_outcome(&mut self) {
        if let Some(outcome) = self.ctl.outcome() {
            self.cue(outcome_sound(outcome, self.ctl.session.players));
        }
    }

    /// The session on the board: the replay's copy while replaying, else the live game.
    pub fn shown(&self) -> &Session<G> {
        self.replay
            .as_ref()
            .map_or(&self.ctl.session, Replay::session)
    }

    /// A click on the board: plays `mv` for the human to move, or says why not in the status
    /// line (the rules' reason, the computer's turn, replay mode) with the illegal-click sound.
    pub fn click(&mut self, mv: G::Move) {
        if self.locked {
            return; // the board says how to unlock
        }
        if self.replay.is_some() {
            self.ctl.set_message(replay::refusal());
            self.cue(Sound::Illegal);
            return;
        }
        match self.ctl.human_move(mv) {
            Ok(()) => self.cue_move(Sound::Place),
            Err(_) => self.cue(Sound::Illegal),
        }
    }

    /// Whether the board takes clicks for the side to move now.
    pub fn human_turn(&self) -> bool {
        !self.locked
            && self.replay.is_none()
            && self.ctl.session.player_to_move() == PlayerKind::Human
            && self.ctl.outcome().is_none()
    }

    /// Start a new game from the view's settings, keeping players and levels.
    pub fn start_new_game(&mut self) {
        self.close_replay();
        self.teacher.new_game();
        self.draw_offer = None;
        match G::start_position(&self.view) {
            Ok(start) => self.ctl.new_game(start),
            Err(e) => self.ctl.set_message(e),
        }
    }

    /// Make `saved` this tab's game, as it was saved: moves, players, levels, resignation.
    ///
    /// # Errors
    /// [`LoadError::Invalid`] when the game does not replay.
    pub fn load(&mut self, saved: &SavedGame) -> Result<(), LoadError> {
        let session = G::session_from(saved)?;
        self.close_replay();
        self.ctl.load_game(session);
        self.ctl.ai = saved.levels;
        self.ctl.restore_clock(saved.clock.as_ref());
        self.ctl
            .set_ending(saved.result.and_then(SavedResult::ending));
        self.draw_offer = None;
        self.teacher.new_game();
        self.track.adopt(self.ctl.serial(), saved);
        G::after_load(self);
        Ok(())
    }

    /// Whether this tab's clock runs (when its game goes on) given what the window is doing.
    ///
    /// The rule: a clock pauses while the window is locked, while the tab replays its game
    /// (these two also pause the computer, see [`Tab::sync_pause`]), while a dialog asks a question
    /// (the abandon question, a draw offer), while the window is minimised in a hot-seat game
    /// (against the computer it runs on, as a tournament clock would), and while another tab
    /// is shown and a human is to move here (the computer's time in a hidden tab runs on, as
    /// its search does).
    #[must_use]
    pub fn clock_should_run(&self, window: WindowState) -> bool {
        let players = self.ctl.session.players;
        let hot_seat = players.black == PlayerKind::Human && players.white == PlayerKind::Human;
        let human_to_move = self.ctl.session.player_to_move() == PlayerKind::Human;
        let paused = self.locked
            || self.replay.is_some()
            || window.dialog_open
            || (window.minimized && hot_seat)
            || (!window.shown && human_to_move);
        !paused
    }

    /// Choose the time control of the next new game; before the first move it applies to
    /// the game on the board at once.
    pub fn set_time_control(&mut self, control: TimeControl) {
        self.ctl.set_time_control(control);
    }

    /// The other player answers a hot-seat draw offer: `accept` ends the game in a draw.
    pub fn answer_draw_offer(&mut self, accept: bool) {
        let Some((side, ply)) = self.draw_offer.take() else {
            return;
        };
        if ply != self.ctl.session.ply() || self.ctl.outcome().is_some() {
            return; // the offer lapsed
        }
        if accept {
            self.ctl.agree_draw();
        } else {
            self.ctl
                .set_message(msg!("status-draw-declined", side = side.other()));
        }
    }

    /// The hot-seat draw-offer dialog, while an offer waits for its answer.
    fn draw_offer_dialog(&mut self, ctx: &egui::Context) {
        let Some((side, _)) = self.draw_offer else {
            return;
        };
        let mut answer = None;
        egui::Modal::new(egui::Id::unique(("draw-offer", G::KIND))).show(ctx, |ui| {
            ui.heading(tr!("draw-offered"));
            ui.label(tr!(
                "draw-offered-question",
                side = side.label(),
                other = side.other().label()
            ));
            ui.horizontal(|ui| {
                if ui.button(tr!("draw-accept")).clicked() {
                    answer = Some(true);
                }
                if ui.button(tr!("draw-decline")).clicked() {
                    answer = Some(false);
                }
            });
        });
        if let Some(accept) = answer {
            self.answer_draw_offer(accept);
        }
    }

    /// Enter replay mode (not without moves, nor when already replaying): the computer pauses.
    pub fn start_replay(&mut self) {
        if self.replay.is_none() && self.ctl.session.ply() > 0 {
            self.replay = Some(Replay::start(&self.ctl.session));
            self.sync_pause();
        }
    }

    /// Leave replay mode: the live game goes on as it was.
    pub fn close_replay(&mut self) {
        if self.replay.take().is_some() {
            self.sync_pause();
        }
    }

    /// Pause the computer (its search cancelled, to start afresh later) exactly while the
    /// live game waits: the tab replays, edits a position, or the window is locked. The
    /// analysis (hints, move scores, a review) waits only for the lock: it serves replays.
    pub fn sync_pause(&mut self) {
        let pause = self.replay.is_some() || self.setup.is_some() || self.locked;
        if pause != self.ctl.is_paused() {
            self.ctl.set_paused(pause);
        }
        self.teacher.set_paused(self.locked);
    }

    /// Lock the tab (the window was locked) or unlock it; see [`Tab::locked`].
    pub fn set_locked(&mut self, locked: bool) {
        self.locked = locked;
        self.cursor_shown &= !locked;
        self.sync_pause();
    }

    /// Continue the game live from the replayed position, dropping the later moves (the same
    /// game for the win records).
    fn play_from_here(&mut self) {
        if let Some(replay) = self.replay.take() {
            let players = self.ctl.session.start_players();
            self.ctl.replace_session(replay.into_session(players));
            self.sync_pause();
        }
    }

    /// The status line: the game's own for a live game; while replaying, the move shown and
    /// the replayed position's state (or the message of a refused click).
    pub fn status(&self) -> String {
        if let Some(status) = self.setup_status() {
            return status;
        }
        match &self.replay {
            Some(r) => {
                let state = self
                    .ctl
                    .message()
                    .map_or_else(|| position_state(r.session()), str::to_string);
                tr!(
                    "status-replay",
                    index = r.index(),
                    len = r.len(),
                    state = state
                )
            }
            None => G::status(self),
        }
    }

    /// The live game as a saved game, with profiles, resignation and the recorded flag.
    ///
    /// # Errors
    /// When the game's start fails the set-up checks (only possible through the API).
    pub fn saved(&self, data: &DataStore) -> Result<SavedGame, LoadError> {
        let profiles = data.session_profiles(&self.ctl.session);
        let mut saved = persistence::current_saved_game(&self.ctl, &self.track, &profiles)?;
        // A review of exactly this game goes with it: an annotated game.
        if let Some(review) = self.teacher.review()
            && review.moves.iter().copied().eq(self.ctl.session.moves())
        {
            saved.review = review.notes();
        }
        Ok(saved)
    }

    /// The human side that would lose by abandoning the live game now, if any.
    pub fn abandoned_side(&self) -> Option<Side> {
        persistence::abandoned_side(&self.ctl, &self.track)
    }

    /// Record the abandoned live game as a loss for `human` (on the writer thread). The game
    /// is about to be replaced: when recording fails, the data store keeps trying.
    pub fn record_loss(&mut self, data: &mut DataStore, human: Side) {
        let ctl = &self.ctl;
        let players = ctl.session.players;
        let record = GameRecord {
            id: self.track.id,
            key: ctl.session.position().game_key(),
            players,
            ai: ctl.ai,
            profiles: data.session_profiles(&ctl.session),
            outcome: Outcome::Win(human.other()),
            hints: self.track.hints,
        };
        data.request_record(record);
        self.track.recorded = true;
    }

    /// Draws the board, the largest square centred in the space left in `ui` (see
    /// [`board::board_square`]): the replayed position while replaying, in the colours of
    /// [`Tab::palette`], the last move animated by [`Tab::anim`]; and handles its clicks, the
    /// right-click menu and the keyboard cursor.
    pub fn board(&mut self, ui: &mut Ui) {
        let rect = board::board_square(ui.available_rect_before_wrap());
        if self.setup.is_some() {
            ui.add_enabled_ui(!self.locked, |ui| self.setup_board(ui));
            if self.locked {
                lock::paint_mark(&ui.painter_at(rect), rect, ui.ctx());
            }
            return;
        }
        self.board_area = ui.available_rect_before_wrap();
        ui.allocate_rect(rect, Sense::hover());
        // Locked: the board is shown dimmed and takes no click (nor its menu).
        let (clicked, choice) = ui
            .add_enabled_ui(!self.locked, |ui| self.board_content(ui, rect))
            .inner;
        if self.locked {
            lock::paint_mark(&ui.painter_at(rect), rect, ui.ctx());
        }
        if let Some((cell, mv)) = clicked {
            self.cursor = Some(cell);
            self.cursor_shown = false;
            self.click(mv);
        }
        if let Some(choice) = choice {
            self.menu_choice(ui.ctx(), choice);
        }
        if self
            .anim
            .is_running(ui.input(|i| i.time), G::ANIMATION_SECONDS)
        {
            ui.ctx().request_repaint();
        }
    }

    /// The board's painting and its cells in `rect`: see [`Tab::board`]. Returns the cell
    /// clicked with its move, and what was chosen in the menu.
    fn board_content(
        &mut self,
        ui: &mut Ui,
        rect: Rect,
    ) -> (Option<(Cell, G::Move)>, Option<MenuChoice>) {
        let painter = ui.painter_at(rect);
        let look = self.look();
        let geo = G::paint_board(self, &painter, rect, &look);
        let (clicked, choice) = self.board_cells(ui, &painter, &geo);
        self.teacher_overlay(&painter, &geo);
        if self.cursor_shown
            && let Some(cursor) = self.cursor
        {
            board::draw_marks(&painter, &geo, &[Mark::Cursor(clamp(cursor, geo.size))]);
        }
        if let Some(text) = G::banner(self) {
            panels::banner(&painter, rect, &text);
        }
        (clicked, choice)
    }

    /// Each cell of the board laid out as `geo` as its own widget: the piece previewed where
    /// the pointer is, the legal moves marked (as the display says), and the right-click
    /// menu. Returns the cell clicked with its move, and what was chosen in the menu.
    fn board_cells(
        &mut self,
        ui: &mut Ui,
        painter: &Painter,
        geo: &BoardGeometry,
    ) -> (Option<(Cell, G::Move)>, Option<MenuChoice>) {
        let pos = self.shown().position().clone();
        let human_turn = self.human_turn();
        let mover = pos.side_to_move();
        let mut clicked = None;
        let mut choice = None;
        for cell in geo.cells() {
            let Some(mv) = G::move_at(&pos, cell) else {
                continue;
            };
            let name = mv.to_string();
            let hit = panels::board_point(ui, geo.rect(cell), (G::KIND, cell), &name);
            if human_turn && pos.check_move(mv).is_ok() {
                if hit.hovered() {
                    G::paint_preview(painter, geo, self.palette, cell, mover, false);
                } else if G::LEGAL_MARKS && self.display.legal_moves {
                    G::paint_preview(painter, geo, self.palette, cell, mover, true);
                }
            }
            if hit.clicked() {
                clicked = Some((cell, mv));
            }
            hit.context_menu(|ui| {
                if let Some(c) = self.context_menu(ui, cell) {
                    choice = Some(c);
                    ui.close();
                }
            });
        }
        (clicked, choice)
    }

    /// Do what was chosen in the board's right-click menu.
    fn menu_choice(&mut self, ctx: &egui::Context, choice: MenuChoice) {
        match choice {
            MenuChoice::UndoTo(ply) => self.undo_to(ply),
            MenuChoice::Hint => self.hint(ctx),
            MenuChoice::CopyPosition => ctx.copy_text(G::position_text(self.shown())),
            MenuChoice::App(request) => self.request = Some(request),
        }
    }

    /// The board's colours, and the coordinates, move numbers and last move of the shown
    /// game as the display says.
    fn look(&self) -> BoardLook {
        let session = self.shown();
        let start = session.start_position();
        let cells: Vec<Cell> = session
            .moves()
            .filter_map(|mv| G::cell_of(start, mv))
            .collect();
        let last = session
            .last_move()
            .and_then(|mv| G::cell_of(session.position(), mv));
        let numbers = if self.display.move_numbers {
            cells.iter().enumerate().map(|(i, &c)| (c, i + 1)).collect()
        } else {
            Vec::new()
        };
        BoardLook {
            palette: self.palette,
            coordinates: self.display.coordinates,
            numbers,
            last,
        }
    }

    /// The right-click menu of `cell`; the display toggles act at once, the rest is returned.
    fn context_menu(&mut self, ui: &mut Ui, cell: Cell) -> Option<MenuChoice> {
        let mut choice = None;
        let live = self.replay.is_none();
        let pos = self.ctl.session.position();
        let ply = self
            .ctl
            .session
            .moves()
            .position(|mv| G::cell_of(pos, mv) == Some(cell));
        if let Some(ply) = ply.filter(|_| live)
            && ui
                .button(tr!("menu-undo-to-here"))
                .on_hover_text(tr!("menu-undo-to-here-hover"))
                .clicked()
        {
            choice = Some(MenuChoice::UndoTo(ply));
        }
        if ui
            .add_enabled(self.hint_allowed(), egui::Button::new(tr!("teacher-hint")))
            .clicked()
        {
            choice = Some(MenuChoice::Hint);
        }
        if ui.button(tr!("menu-copy-transcript")).clicked() {
            choice = Some(MenuChoice::App(BoardRequest::CopyTranscript));
        }
        if ui.button(tr!("menu-copy-position")).clicked() {
            choice = Some(MenuChoice::CopyPosition);
        }
        if ui
            .add_enabled(live, egui::Button::new(tr!("menu-paste-transcript")))
            .on_hover_text(tr!("menu-paste-transcript-hover"))
            .clicked()
        {
            choice = Some(MenuChoice::App(BoardRequest::PasteTranscript));
        }
        ui.separator();
        let display = &mut self.display;
        ui.checkbox(&mut display.coordinates, tr!("menu-show-coordinates"));
        ui.checkbox(&mut display.move_numbers, tr!("menu-show-move-numbers"));
        if G::LEGAL_MARKS {
            ui.checkbox(&mut display.legal_moves, tr!("menu-show-legal-moves"));
        }
        choice
    }

    /// Take the live game back to just before its move number `ply` (0-based).
    pub fn undo_to(&mut self, ply: usize) {
        if self.replay.is_none() {
            self.ctl.undo_to(ply);
        }
    }

    /// A board-cursor key: an arrow moves the cursor, Enter or Space plays there. The first
    /// key only shows the cursor. Nothing while locked.
    pub fn cursor_key(&mut self, action: Action) {
        if self.locked {
            return;
        }
        let size = G::board_size(self.shown().position());
        let c = clamp(self.cursor.unwrap_or(Cell::new(size / 2, size / 2)), size);
        if !self.cursor_shown {
            self.cursor_shown = true;
            self.cursor = Some(c);
            return;
        }
        let max = size - 1;
        self.cursor = Some(match action {
            Action::CursorLeft => Cell::new(c.col.saturating_sub(1), c.row),
            Action::CursorRight => Cell::new((c.col + 1).min(max), c.row),
            Action::CursorUp => Cell::new(c.col, c.row.saturating_sub(1)),
            Action::CursorDown => Cell::new(c.col, (c.row + 1).min(max)),
            Action::PlayAtCursor => {
                if let Some(mv) = G::move_at(self.shown().position(), c) {
                    self.click(mv);
                }
                c
            }
            _ => c,
        });
    }

    /// Pass for the human to move, when passing is the only move; else say why not.
    pub fn pass(&mut self) {
        let Some(pass) = G::PASS else {
            return;
        };
        if self.ctl.session.position().legal_moves() == [pass] {
            self.click(pass);
        } else {
            self.ctl.set_message(msg!("status-pass-refused"));
        }
    }

    /// The computer takes the other side: players and their levels change places.
    pub fn swap_sides(&mut self) {
        if self.locked {
            return;
        }
        if self.replay.is_some() {
            self.ctl.set_message(replay::refusal());
            return;
        }
        let players = self.ctl.session.players;
        let ai = self.ctl.ai;
        self.ctl.set_player(Side::Black, players.white);
        self.ctl.set_player(Side::White, players.black);
        self.ctl.set_ai(Side::Black, ai.white);
        self.ctl.set_ai(Side::White, ai.black);
    }

    /// Resign / Replay buttons (and Retry after an engine failure), or the replay controls.
    fn game_section(&mut self, ui: &mut Ui) {
        if let Some(replay) = &mut self.replay {
            match replay.controls(ui) {
                Some(ReplayAction::Close) => self.close_replay(),
                Some(ReplayAction::PlayFromHere) => self.play_from_here(),
                None => {}
            }
            ui.separator();
            return;
        }
        let ctl = &mut self.ctl;
        if ctl.failure().is_some()
            && ui
                .button(tr!("panel-retry"))
                .on_hover_text(tr!("panel-retry-hover"))
                .clicked()
        {
            ctl.retry();
        }
        let mut replay = false;
        let mut resign = None;
        ui.horizontal(|ui| {
            let resigner = resigning_side(ctl);
            let hover = match resigner {
                Some(side) => tr!("panel-resign-hover", side = side.label()),
                None => tr!("panel-resign-nobody"),
            };
            if ui
                .add_enabled(resigner.is_some(), egui::Button::new(tr!("panel-resign")))
                .on_hover_text(hover)
                .clicked()
                && let Some(side) = resigner
            {
                resign = Some(side);
            }
            let offer = ctl.draw_offer_sides();
            let hover = match offer {
                Some((side, PlayerKind::Human)) => tr!(
                    "panel-offer-draw-hover-human",
                    side = side.label(),
                    other = side.other().label()
                ),
                Some((_, PlayerKind::Computer)) => tr!("panel-offer-draw-hover-computer"),
                None => tr!("panel-offer-draw-hover-none"),
            };
            if ui
                .add_enabled(offer.is_some(), egui::Button::new(tr!("panel-offer-draw")))
                .on_hover_text(hover)
                .clicked()
            {
                match offer {
                    Some((side, PlayerKind::Human)) => {
                        self.draw_offer = Some((side, ctl.session.ply()));
                    }
                    Some((_, PlayerKind::Computer)) => ctl.offer_draw_to_computer(),
                    None => {}
                }
            }
            replay = ui
                .add_enabled(
                    ctl.session.ply() > 0,
                    egui::Button::new(tr!("panel-replay")),
                )
                .on_hover_text(tr!("panel-replay-hover"))
                .clicked();
        });
        if let Some(side) = resign {
            self.ctl.resign(side);
            self.cue_outcome();
        }
        if replay {
            self.start_replay();
        }
        ui.separator();
    }
}

/// `cell` moved onto a board of `size` cells a side.
fn clamp(cell: Cell, size: u8) -> Cell {
    let max = size.saturating_sub(1);
    Cell::new(cell.col.min(max), cell.row.min(max))
}

/// The sound of a game's end from the human's point of view: [`Sound::Loss`] when the
/// computer beat a human, [`Sound::Win`] otherwise (a human won, or a hot-seat or
/// computer-against-computer game ended: a neutral fanfare), [`Sound::Draw`] for a draw.
#[must_use]
pub fn outcome_sound(outcome: Outcome, players: BySide<PlayerKind>) -> Sound {
    match outcome {
        Outcome::Draw => Sound::Draw,
        Outcome::Win(side) => {
            let computer_beat_human = *players.get(side) == PlayerKind::Computer
                && *players.get(side.other()) == PlayerKind::Human;
            if computer_beat_human {
                Sound::Loss
            } else {
                Sound::Win
            }
        }
    }
}

/// Who resigns on "Resign": the only human, or the side to move in a hot-seat game.
fn resigning_side<G: GameRules>(ctl: &Controller<G>) -> Option<Side> {
    if ctl.outcome().is_some() {
        return None;
    }
    match (ctl.session.players.black, ctl.session.players.white) {
        (PlayerKind::Human, PlayerKind::Computer) => Some(Side::Black),
        (PlayerKind::Computer, PlayerKind::Human) => Some(Side::White),
        (PlayerKind::Human, PlayerKind::Human) => Some(ctl.session.position().actor()),
        (PlayerKind::Computer, PlayerKind::Computer) => None,
    }
}

/// A tab as the app sees it, whatever its game.
pub trait AnyTab: AnySetup {
    /// Which game.
    fn kind(&self) -> GameKind;
    /// Per-frame work that is not drawing: the worker's news and the computer's move, the
    /// replay's auto-play, recording a finished game and the autosave. Runs for hidden tabs too.
    fn logic(&mut self, ctx: &egui::Context, data: &mut DataStore);
    /// The side panel, with `players`' pictures, names and records by their sides' lines.
    fn side_panel(&mut self, ui: &mut Ui, players: &BySide<PlayerCard>);
    /// The board: the largest square that fits in the space left in `ui`, centred in it.
    fn board(&mut self, ui: &mut Ui);
    /// The area the board was last given, in points (see [`Tab::board_area`]).
    fn board_area(&self) -> Rect;
    /// The status line (the replay's position while replaying).
    fn status(&self) -> String;
    /// The live game's key, players and levels, for the Records window.
    fn current_game(&self) -> CurrentGame;
    /// See [`Tab::abandoned_side`].
    fn abandoned_side(&self) -> Option<Side>;
    /// See [`Tab::record_loss`].
    fn record_loss(&mut self, data: &mut DataStore, human: Side);
    /// Hold or release the clock for what the window is doing (see [`Tab::clock_should_run`]).
    fn follow_window(&mut self, window: WindowState);
    /// Whether a dialog of this tab asks a question (a hot-seat draw offer).
    fn has_dialog(&self) -> bool;
    /// This tab's dialogs (the hot-seat draw offer), when the tab is shown.
    fn dialogs(&mut self, ctx: &egui::Context);
    /// See [`Tab::set_time_control`].
    fn set_time_control(&mut self, control: TimeControl);
    /// See [`Tab::start_new_game`].
    fn start_new_game(&mut self);
    /// See [`Tab::load`].
    ///
    /// # Errors
    /// As [`Tab::load`].
    fn load(&mut self, saved: &SavedGame) -> Result<(), LoadError>;
    /// New game, Undo or Redo clicked in the side panel since the last call.
    fn take_action_request(&mut self) -> Option<Action>;
    /// See [`Tab::set_locked`].
    fn set_locked(&mut self, locked: bool);
    /// Whether the tab is replaying.
    fn is_replaying(&self) -> bool;
    /// See [`Tab::start_replay`].
    fn start_replay(&mut self);
    /// See [`Tab::saved`].
    ///
    /// # Errors
    /// As [`Tab::saved`].
    fn saved(&self, data: &DataStore) -> Result<SavedGame, LoadError>;
    /// The live game's moves as plain text, for a game that cannot be exported.
    fn plain_moves(&self) -> String;
    /// A pasted transcript as a saved game on this tab's board and rule, with its players.
    ///
    /// # Errors
    /// [`LoadError::Invalid`] naming the move and the problem.
    fn import(&self, data: &DataStore, text: &str) -> Result<SavedGame, LoadError>;
    /// Set the status-line message.
    fn set_message(&mut self, text: String);
    /// Undo (Ctrl+Z); not while replaying.
    fn undo(&mut self);
    /// Redo (Ctrl+Y); not while replaying.
    fn redo(&mut self);
    /// The board named for the Transcript window ("Gomoku, 15×15 Renju").
    fn board_name(&self) -> String;
    /// A board-cursor key (see [`Tab::cursor_key`]).
    fn cursor_key(&mut self, action: Action);
    /// See [`Tab::pass`].
    fn pass(&mut self);
    /// See [`Tab::hint`].
    fn hint(&mut self, ctx: &egui::Context);
    /// See [`Tab::has_graph`].
    fn has_graph(&self) -> bool;
    /// See [`Tab::graph_panel`].
    fn graph_panel(&mut self, ui: &mut Ui);
    /// See [`Tab::swap_sides`].
    fn swap_sides(&mut self);
    /// What the board's menu asked of the app since the last call.
    fn take_board_request(&mut self) -> Option<BoardRequest>;
    /// What the board shows.
    fn display(&self) -> BoardDisplay;
    /// Set what the board shows.
    fn set_display(&mut self, display: BoardDisplay);
    /// The sounds asked for since the last call (see [`Tab::cue`]), oldest first.
    fn take_sounds(&mut self) -> Vec<Sound>;
}

impl<G: GameView> AnyTab for Tab<G> {
    fn kind(&self) -> GameKind {
        G::KIND
    }

    fn logic(&mut self, ctx: &egui::Context, data: &mut DataStore) {
        let (update, wait) = self.ctl.update();
        if let Some(wait) = wait {
            ctx.request_repaint_after(wait);
        }
        match update {
            Update::ComputerMoved(_) => {
                ctx.request_repaint();
                self.cue_move(Sound::ComputerMove);
            }
            Update::ComputerChose => ctx.request_repaint(),
            Update::TimeLow(_) => {
                ctx.request_repaint();
                self.cue(Sound::TimeLow);
            }
            Update::Idle => {}
        }
        self.cue_clock_ending();
        let clock = self.ctl.clock();
        if clock.is_running() {
            let side = clock.side_to_move();
            let every = if self.ctl.clock_reading(side).low {
                LOW_CLOCK_REPAINT_MS
            } else {
                CLOCK_REPAINT_MS
            };
            ctx.request_repaint_after(Duration::from_millis(every));
        }
        if self.ctl.time_control != data.time_control(G::KIND) {
            data.set_time_control(G::KIND, self.ctl.time_control);
        }
        if let Some(wait) = self.replay.as_mut().and_then(Replay::tick) {
            ctx.request_repaint_after(wait);
        }
        persistence::tick(&self.ctl, &mut self.track, data);
        self.teacher_logic();
        G::view_logic(self, ctx);
        let settings = data.settings();
        self.ctl.search_threads = settings.search_threads;
        self.teacher.search_threads = settings.search_threads;
        let now = ctx.input(|i| i.time);
        self.anim
            .observe(self.shown().ply(), now, settings.animation);
        self.palette = theme::palette(G::KIND, *settings.board_style.get(G::KIND));
    }

    fn side_panel(&mut self, ui: &mut Ui, players: &BySide<PlayerCard>) {
        if self.setup.is_some() {
            self.setup_panel(ui);
            return;
        }
        // Locked: the game's own buttons wait (New game, Undo and Redo ask to unlock).
        ui.add_enabled_ui(!self.locked, |ui| self.game_section(ui));
        let live = self.replay.is_none();
        ui.add_enabled_ui(live, |ui| {
            ui.heading(G::KIND.label());
            for side in Side::BOTH {
                let card = players.get(side);
                ui.horizontal(|ui| {
                    pictures::show(ui, &card.face, pictures::PANEL_PICTURE);
                    ui.vertical(|ui| {
                        G::side_line(self, ui, side);
                        panels::player_record(ui, &card.record);
                    });
                });
            }
            ui.separator();
            G::panel_settings(self, ui);
            panels::players(ui, &mut self.ctl);
            panels::computer_settings(ui, &mut self.ctl, &G::LEVEL_HELP);
            panels::time_control(ui, &mut self.ctl);
            ui.separator();
            if let Some(action) = panels::game_buttons(ui, &self.ctl) {
                self.action_request = Some(action);
            }
            ui.add_enabled_ui(!self.locked, |ui| self.setup_button(ui));
            G::panel_options(self, ui);
        });
        ui.separator();
        // Outside the live-only part: scores and the review serve replays too.
        ui.add_enabled_ui(!self.locked, |ui| self.analysis_panel(ui));
        ui.separator();
        panels::search_info(ui, &self.ctl);
        ui.separator();
        if let Some(name) = G::opening_name(self.shown()) {
            ui.label(tr!("panel-opening", name = name))
                .on_hover_text(tr!("panel-opening-hover"));
        }
        panels::move_list(ui, &self.ctl, &self.teacher.move_marks());
    }

    fn board(&mut self, ui: &mut Ui) {
        Tab::board(self, ui);
    }

    fn board_area(&self) -> Rect {
        self.board_area
    }

    fn status(&self) -> String {
        Tab::status(self)
    }

    fn current_game(&self) -> CurrentGame {
        CurrentGame {
            key: self.ctl.session.position().game_key(),
            players: self.ctl.session.players,
            ai: self.ctl.ai,
            exchanged: self.ctl.session.position().colours_exchanged(),
        }
    }

    fn abandoned_side(&self) -> Option<Side> {
        Tab::abandoned_side(self)
    }

    fn record_loss(&mut self, data: &mut DataStore, human: Side) {
        Tab::record_loss(self, data, human);
    }

    fn follow_window(&mut self, window: WindowState) {
        let run = self.clock_should_run(window);
        self.ctl.set_clock_held(!run);
    }

    fn has_dialog(&self) -> bool {
        self.draw_offer.is_some()
    }

    fn dialogs(&mut self, ctx: &egui::Context) {
        self.draw_offer_dialog(ctx);
    }

    fn set_time_control(&mut self, control: TimeControl) {
        Tab::set_time_control(self, control);
    }

    fn start_new_game(&mut self) {
        Tab::start_new_game(self);
    }

    fn load(&mut self, saved: &SavedGame) -> Result<(), LoadError> {
        Tab::load(self, saved)
    }

    fn take_action_request(&mut self) -> Option<Action> {
        self.action_request.take()
    }

    fn set_locked(&mut self, locked: bool) {
        Tab::set_locked(self, locked);
    }

    fn is_replaying(&self) -> bool {
        self.replay.is_some()
    }

    fn start_replay(&mut self) {
        Tab::start_replay(self);
    }

    fn saved(&self, data: &DataStore) -> Result<SavedGame, LoadError> {
        Tab::saved(self, data)
    }

    fn plain_moves(&self) -> String {
        let moves: Vec<String> = self.ctl.session.moves().map(|m| m.to_string()).collect();
        moves.join(" ")
    }

    fn import(&self, data: &DataStore, text: &str) -> Result<SavedGame, LoadError> {
        let players = self.ctl.session.players;
        let mut meta = GameMeta::new(players, self.ctl.ai);
        meta.profiles = data.side_profiles(players);
        G::import_transcript(text, self.ctl.session.position(), meta)
    }

    fn set_message(&mut self, text: String) {
        self.ctl.set_message(text);
    }

    fn undo(&mut self) {
        if self.replay.is_none() && self.draw_offer.is_none() {
            self.ctl.undo();
        }
    }

    fn redo(&mut self) {
        if self.replay.is_none() && self.draw_offer.is_none() {
            self.ctl.redo();
        }
    }

    fn board_name(&self) -> String {
        G::board_name(self.ctl.session.position())
    }

    fn cursor_key(&mut self, action: Action) {
        Tab::cursor_key(self, action);
    }

    fn pass(&mut self) {
        Tab::pass(self);
    }

    fn hint(&mut self, ctx: &egui::Context) {
        Tab::hint(self, ctx);
    }

    fn has_graph(&self) -> bool {
        Tab::has_graph(self)
    }

    fn graph_panel(&mut self, ui: &mut Ui) {
        Tab::graph_panel(self, ui);
    }

    fn swap_sides(&mut self) {
        Tab::swap_sides(self);
    }

    fn take_board_request(&mut self) -> Option<BoardRequest> {
        self.request.take()
    }

    fn display(&self) -> BoardDisplay {
        self.display
    }

    fn set_display(&mut self, display: BoardDisplay) {
        self.display = display;
    }

    fn take_sounds(&mut self) -> Vec<Sound> {
        std::mem::take(&mut self.cues)
    }
}

/// A replayed position in words: "White to move." or "Game over: Black wins.".
fn position_state<G: GameRules>(session: &Session<G>) -> String {
    match session.outcome() {
        Some(Outcome::Win(side)) => tr!("status-wins", side = side.label()),
        Some(Outcome::Draw) => tr!("status-draw"),
        None => tr!(
            "status-to-move",
            side = session.position().side_to_move().label()
        ),
    }
}
