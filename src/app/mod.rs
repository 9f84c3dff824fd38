//! The desktop app: a tab per game (each keeps its own state when you switch), a side panel of
//! controls, a status bar, and the board. Searches run on each game's worker thread; this
//! module only draws and forwards clicks.

pub mod analysis;
pub mod animation;
pub mod autosave;
pub mod board;
pub mod boss;
pub mod controller;
pub mod draw_offer;
pub mod eval_graph;
pub mod files;
pub mod gomoku_view;
pub mod help;
pub mod lock;
pub mod music;
pub mod opening_view;
pub mod panels;
pub mod persistence;
pub mod pictures;
pub mod records_window;
pub mod replay;
pub mod reversi_view;
pub mod setup_mode;
pub mod shortcut_editor;
pub mod shortcuts;
pub mod sound;
pub mod tab;
pub mod teacher;
pub mod theme;
pub mod tray;
pub mod view_menu;
pub mod zoom;

use std::path::{Path, PathBuf};

use crate::i18n::{self, Language};
use crate::persist::{LoadError, SavedGame};
use crate::{msg, tr};
use files::TranscriptWindow;
use help::HelpWindow;
use persistence::DataStore;
use records_window::RecordsWindow;
use shortcut_editor::ShortcutEditor;
use shortcuts::{Action, Bindings};
use tab::{AnyTab, BoardRequest, GameView, WindowState};
use zoom::ZoomFollower;

pub use gomoku_view::{GomokuTab, GomokuView};
pub use reversi_view::{ReversiTab, ReversiView};

/// Width of the side panel of controls, in points, when the window is wide enough.
const CONTROLS_WIDTH: f32 = 310.0;

/// How many frames "Paste transcript" waits for the clipboard's text.
const PASTE_FRAMES: u64 = 10;

/// Title of the window and the app's id for the OS.
pub const APP_NAME: &str = "Reversi & Gomoku";

/// Which game (kept here for the app's callers; it lives in [`crate::core`]).
pub use crate::core::GameKind;

/// The whole app: one tab per game and which one is shown.
pub struct ReversiGomokuApp {
    /// The tab on screen.
    pub game: GameKind,
    /// The Reversi tab.
    pub reversi: ReversiTab,
    /// The Gomoku tab.
    pub gomoku: GomokuTab,
    /// Records, settings, autosaves and notices (in memory only without a data directory).
    pub data: DataStore,
    /// The Records window.
    pub records_window: RecordsWindow,
    /// The Transcript window.
    pub transcript: TranscriptWindow,
    /// The Help window.
    pub help: HelpWindow,
    /// "Paste transcript" asked the system for the clipboard in this frame; its text
    /// arrives as a paste event within the next frames.
    paste_requested: Option<u64>,
    /// A game about to be replaced while in progress against the computer: ask whether it
    /// counts as a loss.
    pub confirm: Option<Confirm>,
    /// The open or save dialog running on its own thread, if any.
    dialog: Option<files::PendingDialog>,
    /// The language the window's title was last set in.
    titled: Option<Language>,
    /// Remembers a zoom changed by another route than [`zoom::set_zoom`].
    zoom: ZoomFollower,
    /// Where sounds play (see [`ReversiGomokuApp::set_audio_sink`]).
    audio: Box<dyn crate::audio::AudioSink>,
    /// The background music.
    pub music: music::MusicPlayer,
    /// The players' pictures loaded so far.
    pub pictures: pictures::Pictures,
    /// The window is locked (see [`lock`]).
    locked: bool,
    /// "Unlock first?" waits for its answer, and what then.
    unlock_question: Option<lock::Deferred>,
    /// The boss key hid the window (see [`boss`]).
    hidden: Option<boss::Hidden>,
    /// The tray icon ([`ReversiGomokuApp::start_tray`]; none until started).
    tray: tray::Tray,
    /// The language the tray's menu was last written in.
    tray_language: Option<Language>,
    /// The Shortcuts window.
    pub shortcut_editor: ShortcutEditor,
}

/// What replaces the current game once the user has answered the abandon dialog.
#[derive(Clone, Debug)]
pub enum Pending {
    /// A new game in the same tab.
    NewGame,
    /// A loaded or imported game (goes to its own tab).
    Load(Box<SavedGame>),
    /// The position set up in the tab's edit mode (see [`setup_mode`]).
    SetUp,
}

/// The open abandon dialog: "Count as a loss" / "Don't count" / "Cancel".
#[derive(Clone, Debug)]
pub struct Confirm {
    /// The tab whose game would be abandoned.
    pub game: GameKind,
    /// The human side, who would lose.
    pub human: crate::core::Side,
    /// What to do afterwards.
    pub then: Pending,
}

impl ReversiGomokuApp {
    /// Both games at their start positions, showing `game`, with nothing kept on disk
    /// (records and settings live in memory; no autosave).
    pub fn new(ctx: &egui::Context, game: GameKind) -> ReversiGomokuApp {
        ReversiGomokuApp::with_data(ctx, game, DataStore::in_memory())
    }

    /// The app keeping its records, settings and autosaves in `dir` (created when missing):
    /// the autosaved games are restored, the remembered theme and zoom applied; damaged files
    /// are reported as notices.
    pub fn with_data_dir(ctx: &egui::Context, game: GameKind, dir: &Path) -> ReversiGomokuApp {
        ReversiGomokuApp::with_data(ctx, game, DataStore::open(dir))
    }

    fn with_data(ctx: &egui::Context, game: GameKind, data: DataStore) -> ReversiGomokuApp {
        i18n::font::install(ctx);
        i18n::set_language(data.language().unwrap_or_default());
        let mut app = ReversiGomokuApp {
            game,
            reversi: crate::reversi::Position::new_tab(ctx),
            gomoku: crate::gomoku::Position::new_tab(ctx),
            data,
            records_window: RecordsWindow::default(),
            transcript: TranscriptWindow::default(),
            help: HelpWindow::default(),
            paste_requested: None,
            confirm: None,
            dialog: None,
            titled: None,
            zoom: ZoomFollower::new(ctx),
            audio: Box::new(crate::audio::NoOutput),
            music: music::MusicPlayer::default(),
            pictures: pictures::Pictures::default(),
            locked: false,
            unlock_question: None,
            hidden: None,
            tray: tray::Tray::none("not started"),
            tray_language: None,
            shortcut_editor: ShortcutEditor::default(),
        };
        // The zoom keys are in our shortcut table, handled by `shortcuts::zoom`, which
        // remembers the zoom; egui's own zoom keys would change it a second time.
        ctx.options_mut(|o| o.zoom_with_keyboard = false);
        app.install_bindings(ctx);
        view_menu::apply_settings(ctx, app.data.settings());
        app.reversi.view.set_book(app.data.settings().reversi_book);
        if let Err(e) = crate::reversi::book::Book::shipped() {
            app.data
                .notice(msg!("notice-book-unreadable", error = e.to_string()));
        }
        for kind in GameKind::ALL {
            let display = app.data.board_display(kind);
            app.tab_mut(kind).set_display(display);
        }
        for kind in GameKind::ALL {
            let control = app.data.time_control(kind);
            app.tab_mut(kind).set_time_control(control);
            if let Some(saved) = app.data.autosaved(kind).cloned()
                && let Err(e) = app.tab_mut(kind).load(&saved)
            {
                let game = match kind {
                    GameKind::Reversi => msg!("game-reversi"),
                    GameKind::Gomoku => msg!("game-gomoku"),
                };
                app.data.notice(msg!(
                    "notice-autosave-not-resumed",
                    game = game,
                    error = e.message()
                ));
            }
        }
        let locked = app.data.autosaved_locked();
        app.set_locked(locked);
        app
    }

    /// The shortcuts of the settings (the defaults without), installed in `ctx`; a
    /// combination the settings file has that cannot be used is reported in a notice.
    fn install_bindings(&mut self, ctx: &egui::Context) {
        let bindings = match &self.data.settings().shortcuts {
            Some(table) => {
                let (bindings, problems) = Bindings::from_table(table);
                for problem in problems {
                    self.data
                        .notice(msg!("notice-shortcut-problem", problem = problem));
                }
                bindings
            }
            None => Bindings::default(),
        };
        bindings.install(ctx);
    }

    /// The window's language.
    #[must_use]
    pub fn language(&self) -> Language {
        i18n::language()
    }

    /// Show the window in `lang` from the next frame on, and remember the choice.
    pub fn set_language(&mut self, lang: Language) {
        i18n::set_language(lang);
        self.data.set_language(lang);
    }

    /// On start-up: when the user has not chosen a language, show the window in `os` (the OS
    /// locale's language), without remembering it, so the window follows the OS until the
    /// user picks one.
    pub fn follow_os_language(&mut self, os: Language) {
        if self.data.language().is_none() {
            i18n::set_language(os);
        }
    }

    /// The tab of `game`.
    pub fn tab(&self, game: GameKind) -> &dyn AnyTab {
        match game {
            GameKind::Reversi => &self.reversi,
            GameKind::Gomoku => &self.gomoku,
        }
    }

    /// The tab of `game`, mutable.
    pub fn tab_mut(&mut self, game: GameKind) -> &mut dyn AnyTab {
        match game {
            GameKind::Reversi => &mut self.reversi,
            GameKind::Gomoku => &mut self.gomoku,
        }
    }

    /// Every tab, in tab order.
    pub fn tabs_mut(&mut self) -> [&mut dyn AnyTab; 2] {
        [&mut self.reversi, &mut self.gomoku]
    }

    /// Make `saved` the game of its tab (Reversi or Gomoku), as it was saved: moves,
    /// players, levels, resignation. Does not switch tabs or ask anything.
    ///
    /// # Errors
    /// [`LoadError::Invalid`] when the game does not replay.
    pub fn apply_saved(&mut self, saved: &SavedGame) -> Result<(), LoadError> {
        self.tab_mut(saved.game).load(saved)
    }

    /// Replace the game of tab `game` by `then`, first asking whether an abandoned game
    /// against the computer counts as a loss (see [`persistence::abandoned_side`]).
    /// While locked, asks to unlock first.
    pub fn replace_game(&mut self, game: GameKind, then: Pending) {
        if self.locked {
            self.ask_unlock(lock::Deferred::Replace(game, then));
            return;
        }
        match self.tab(game).abandoned_side() {
            Some(human) => self.confirm = Some(Confirm { game, human, then }),
            None => self.do_replace(game, then),
        }
    }

    /// Answer the abandon dialog: `count` records a loss for the human first.
    pub fn answer_confirm(&mut self, count: bool) {
        let Some(c) = self.confirm.take() else {
            return;
        };
        if count {
            let tab: &mut dyn AnyTab = match c.game {
                GameKind::Reversi => &mut self.reversi,
                GameKind::Gomoku => &mut self.gomoku,
            };
            tab.record_loss(&mut self.data, c.human);
        }
        self.do_replace(c.game, c.then);
    }

    fn do_replace(&mut self, game: GameKind, then: Pending) {
        match then {
            Pending::NewGame => self.tab_mut(game).start_new_game(),
            Pending::Load(saved) => {
                if let Err(e) = self.apply_saved(&saved) {
                    self.data
                        .notice(msg!("notice-cannot-load", error = e.message()));
                    return;
                }
                self.game = saved.game;
                self.tab_mut(saved.game).cancel_setup();
            }
            Pending::SetUp => self.tab_mut(game).play_setup(),
        }
    }

    /// Whether tab `game` is in replay mode.
    #[must_use]
    pub fn is_replaying(&self, game: GameKind) -> bool {
        self.tab(game).is_replaying()
    }

    /// Enter replay mode on tab `game` (does nothing without moves or when already replaying).
    pub fn start_replay(&mut self, game: GameKind) {
        self.tab_mut(game).start_replay();
    }

    /// Per-frame work that is not drawing, for every tab (so a computer-vs-computer game goes
    /// on in the hidden one): the workers' news and the computer's moves, replays, recording
    /// finished games and the autosave; the result of a file dialog; and a zoom changed by
    /// another route than [`zoom::set_zoom`], to remember.
    pub fn logic(&mut self, ctx: &egui::Context) {
        self.follow_tray(ctx);
        self.zoom.follow(ctx, &mut self.data);
        let minimized = ctx.input(|i| i.viewport().minimized.unwrap_or(false));
        let dialog_open =
            self.confirm.is_some() || GameKind::ALL.iter().any(|k| self.tab(*k).has_dialog());
        let shown = self.game;
        let data = &mut self.data;
        for tab in [&mut self.reversi as &mut dyn AnyTab, &mut self.gomoku] {
            tab.follow_window(WindowState {
                shown: tab.kind() == shown,
                dialog_open,
                minimized,
            });
            tab.logic(ctx, data);
        }
        let book = self.reversi.view.book();
        if data.settings().reversi_book != book {
            data.change_settings(|s| s.reversi_book = book);
        }
        data.poll_writer();
        self.pictures.poll(ctx, &mut self.data);
        self.poll_dialog(ctx);
    }

    /// Both sides' players of tab `game` for its side panel: picture, name, record.
    #[must_use]
    pub fn player_cards(
        &mut self,
        ctx: &egui::Context,
        game: GameKind,
    ) -> crate::core::BySide<panels::PlayerCard> {
        let current = self.tab(game).current_game();
        let profiles = self
            .data
            .players_profiles(current.players, current.exchanged);
        let records = records_window::side_records(self.data.records(), &profiles, &current);
        let mut card = |record: records_window::SideRecord| panels::PlayerCard {
            face: record.face(ctx, &self.data, &mut self.pictures),
            record,
        };
        crate::core::BySide {
            black: card(records.black),
            white: card(records.white),
        }
    }

    /// Set the UI zoom (clamped to the allowed range) from the next frame on and remember it;
    /// see [`zoom::set_zoom`]. Returns the factor applied.
    pub fn set_zoom(&mut self, ctx: &egui::Context, factor: f32) -> f32 {
        zoom::set_zoom(ctx, &mut self.data, factor)
    }

    fn top_bar(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        let hover = |text: &str, action| shortcuts::hover_text(&ctx, text, action);
        // Wrapped, so that every button stays reachable in a narrow or zoomed window.
        ui.horizontal_wrapped(|ui| {
            for kind in GameKind::ALL {
                ui.selectable_value(&mut self.game, kind, kind.label())
                    .on_hover_text(hover(&tr!("top-switch-game-hover"), Action::SwitchGame));
            }
            ui.separator();
            if ui.button(tr!("top-records")).clicked() {
                self.data.reload();
                self.records_window.open = !self.records_window.open;
            }
            if ui
                .button(tr!("top-save-game"))
                .on_hover_text(hover(&tr!("top-save-game-hover"), Action::Save))
                .clicked()
            {
                self.save_dialog();
            }
            if ui
                .button(tr!("top-open-game"))
                .on_hover_text(hover(&tr!("top-open-game-hover"), Action::Open))
                .clicked()
            {
                self.act(&ctx, Action::Open);
            }
            if ui
                .button(tr!("top-transcript"))
                .on_hover_text(tr!("top-transcript-hover"))
                .clicked()
            {
                self.transcript.open = !self.transcript.open;
            }
            view_menu::view_menu(ui, &mut self.data);
            if ui
                .button("?")
                .on_hover_text(hover(&tr!("top-help-hover"), Action::Help))
                .clicked()
            {
                self.help.open = !self.help.open;
            }
            self.sound_menu(ui);
            if ui
                .button(tr!("shortcuts-button"))
                .on_hover_text(tr!("shortcuts-button-hover"))
                .clicked()
            {
                self.shortcut_editor.open = !self.shortcut_editor.open;
            }
            self.lock_button(ui);
            ui.separator();
            ui.label(tr!("top-player", profile = self.data.profile()));
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                self.language_chooser(ui);
            });
        });
    }

    /// The keys pressed this frame, as the shortcut table says (see [`shortcuts`]); while
    /// a dialog waits (abandon, unlock first), only the window's own keys (help, fullscreen,
    /// zoom, sound, lock, boss key) act. While the Shortcuts window waits for a new
    /// combination, the keys are its.
    fn shortcuts(&mut self, ctx: &egui::Context) {
        self.take_paste(ctx);
        if self.shortcut_editor.capturing() {
            self.shortcut_editor.capture(ctx, &mut self.data);
            return;
        }
        let asking = self.confirm.is_some() || self.unlock_question.is_some();
        for action in Bindings::of(ctx).pressed(ctx) {
            if !asking || action.is_window() {
                self.act(ctx, action);
            }
        }
    }

    /// Each language by its own name ("简体中文", "English"), the current one selected:
    /// a click switches the window at once.
    fn language_chooser(&mut self, ui: &mut egui::Ui) {
        let current = self.language();
        let hover = tr!("top-language-hover");
        // Right to left: the last language ends up leftmost.
        for lang in Language::ALL.into_iter().rev() {
            if ui
                .selectable_label(lang == current, lang.native_name())
                .on_hover_text(&hover)
                .clicked()
                && lang != current
            {
                self.set_language(lang);
            }
        }
    }

    /// Do what a shortcut's `action` says, on the tab on screen. While locked, the actions
    /// that would play are ignored and New game, Undo, Redo and Open ask to unlock first.
    pub fn act(&mut self, ctx: &egui::Context, action: Action) {
        let game = self.game;
        if self.tab(game).is_editing() && setup_mode::blocked(action) {
            return;
        }
        if self.locked && lock::ignored(action) {
            return;
        }
        match action {
            Action::NewGame => self.replace_game(game, Pending::NewGame),
            Action::Undo if self.locked => self.ask_unlock(lock::Deferred::Undo(game)),
            Action::Redo if self.locked => self.ask_unlock(lock::Deferred::Redo(game)),
            Action::Open if self.locked => self.ask_unlock(lock::Deferred::Open),
            Action::Undo => self.tab_mut(game).undo(),
            Action::Redo => self.tab_mut(game).redo(),
            Action::Save => self.save_dialog(),
            Action::Open => self.open_dialog(),
            Action::SwapSides => self.tab_mut(game).swap_sides(),
            Action::Pass => self.tab_mut(game).pass(),
            Action::Hint => self.tab_mut(game).hint(ctx),
            Action::SwitchGame => {
                self.game = match game {
                    GameKind::Reversi => GameKind::Gomoku,
                    GameKind::Gomoku => GameKind::Reversi,
                };
            }
            Action::Help => self.help.open = !self.help.open,
            Action::Fullscreen => shortcuts::toggle_fullscreen(ctx),
            Action::ZoomIn | Action::ZoomOut | Action::ZoomReset => {
                shortcuts::zoom(ctx, &mut self.data, action);
            }
            Action::CursorLeft
            | Action::CursorRight
            | Action::CursorUp
            | Action::CursorDown
            | Action::PlayAtCursor => self.tab_mut(game).cursor_key(action),
            Action::Lock => self.set_locked(!self.locked),
            Action::BossKey => self.boss_key(ctx),
            Action::Mute => {
                let data = &mut self.data;
                data.set_sound(data.sound_volume(), !data.sound_muted());
            }
        }
    }

    /// What the board's menu asked for (copying and pasting the transcript), and the board
    /// display remembered in the settings when it changed.
    fn board_requests(&mut self, ctx: &egui::Context) {
        for kind in GameKind::ALL {
            let tab = self.tab_mut(kind);
            let request = tab.take_board_request();
            let display = tab.display();
            self.data.set_board_display(kind, display);
            match request {
                Some(BoardRequest::CopyTranscript) => ctx.copy_text(self.current_transcript()),
                Some(BoardRequest::PasteTranscript) => {
                    ctx.send_viewport_cmd(egui::ViewportCommand::RequestPaste);
                    self.paste_requested = Some(ctx.cumulative_frame_nr());
                }
                None => {}
            }
        }
    }

    /// The clipboard's text asked for by "Paste transcript", imported as a new game when it
    /// arrives (a few frames at most; then the request is dropped).
    fn take_paste(&mut self, ctx: &egui::Context) {
        let Some(asked) = self.paste_requested else {
            return;
        };
        let pasted = ctx.input(|i| {
            i.events.iter().find_map(|e| match e {
                egui::Event::Paste(text) => Some(text.clone()),
                _ => None,
            })
        });
        match pasted {
            Some(text) => {
                self.paste_requested = None;
                if let Err(e) = self.import_transcript(&text) {
                    self.tab_mut(self.game).set_message(e.to_string());
                }
            }
            None if ctx.cumulative_frame_nr() > asked + PASTE_FRAMES => {
                self.paste_requested = None;
            }
            None => ctx.request_repaint(),
        }
    }

    fn notices(&mut self, ui: &mut egui::Ui) {
        let mut dismiss = None;
        for (i, text) in self.data.notices.iter().enumerate() {
            ui.horizontal_wrapped(|ui| {
                ui.colored_label(ui.visuals().warn_fg_color, text);
                if ui.button(tr!("notice-dismiss")).clicked() {
                    dismiss = Some(i);
                }
            });
        }
        if let Some(i) = dismiss {
            self.data.notices.remove(i);
        }
    }

    fn confirm_dialog(&mut self, ctx: &egui::Context) {
        let Some(c) = &self.confirm else {
            return;
        };
        let profile = self.data.profile();
        let game = c.game.label();
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("abandon-dialog")).show(ctx, |ui| {
            ui.heading(tr!("confirm-heading"));
            ui.label(tr!("confirm-body", game = game, profile = profile));
            ui.horizontal(|ui| {
                if ui.button(tr!("confirm-count")).clicked() {
                    answer = Some(Some(true));
                }
                if ui.button(tr!("confirm-dont-count")).clicked() {
                    answer = Some(Some(false));
                }
                if ui.button(tr!("confirm-cancel")).clicked() {
                    answer = Some(None);
                }
            });
        });
        match answer {
            Some(Some(count)) => self.answer_confirm(count),
            Some(None) => self.confirm = None,
            None => {}
        }
    }

    /// Give the OS window its title in the current language, when it changed.
    fn retitle(&mut self, ctx: &egui::Context) {
        let lang = self.language();
        if self.titled != Some(lang) {
            self.titled = Some(lang);
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(tr!("app-title")));
        }
    }

    /// Draw the app into `ui`.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        self.retitle(&ctx);
        self.shortcuts(&ctx);
        egui::Panel::top("tabs").show(ui, |ui| self.top_bar(ui));
        if !self.data.notices.is_empty() {
            egui::Panel::top("notices").show(ui, |ui| self.notices(ui));
        }
        let status = if self.locked {
            Self::lock_status(&ctx)
        } else {
            self.tab(self.game).status()
        };
        // One line, cut with "…" and shown whole on hover: a status that wrapped would change
        // the board's size with every long message (the computer's explanations).
        egui::Panel::bottom("status").show(ui, |ui| {
            ui.add(egui::Label::new(status).truncate());
        });
        let game = self.game;
        // At most a bit over half the window, so the board keeps room at the minimum size and
        // at high zoom.
        let controls_width = (ui.available_width() * 0.55).min(CONTROLS_WIDTH);
        let players = self.player_cards(&ctx, game);
        egui::Panel::right("controls")
            .resizable(false)
            .exact_size(controls_width)
            .show(ui, |ui| {
                // Both ways: at high zoom in a small window the controls are wider than the panel.
                egui::ScrollArea::both().show(ui, |ui| self.tab_mut(game).side_panel(ui, &players));
            });
        // A review's evaluation graph goes below the board, which shrinks to make room.
        if self.tab(game).has_graph() {
            egui::Panel::bottom(("eval-graph", game))
                .resizable(false)
                .show(ui, |ui| self.tab_mut(game).graph_panel(ui));
        }
        egui::CentralPanel::default().show(ui, |ui| self.tab_mut(game).board(ui));
        let current = self.tab(game).current_game();
        let request = self
            .records_window
            .show(&ctx, &mut self.data, &mut self.pictures, &current);
        if let Some(records_window::RecordsRequest::ChoosePicture(profile)) = request {
            self.picture_dialog(profile);
        }
        self.transcript_window(&ctx);
        let styles = self.data.settings().board_style;
        self.help.show(&ctx, self.data.dir(), &styles);
        self.shortcut_editor.show(&ctx, &mut self.data);
        self.board_requests(&ctx);
        if let Some(action) = self.tab_mut(game).take_action_request() {
            self.act(&ctx, action);
        }
        for kind in GameKind::ALL {
            if self.tab_mut(kind).take_setup_request() {
                self.replace_game(kind, Pending::SetUp);
            }
        }
        self.confirm_dialog(&ctx);
        self.unlock_dialog(&ctx);
        self.tab_mut(game).dialogs(&ctx);
        self.play_cues();
        self.play_music(&ctx);
    }
}

impl eframe::App for ReversiGomokuApp {
    fn logic(&mut self, ctx: &egui::Context, _frame: &mut eframe::Frame) {
        report_first_frame(ctx);
        ReversiGomokuApp::logic(self, ctx);
    }

    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }

    /// The window closes: the pending autosave is written before the process ends.
    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        self.data.flush_writes();
    }
}

/// Open the window and run until it is closed. Records, settings and autosaves live in
/// `data_dir` (`--data-dir`), else as [`crate::persist::data_dir`] decides
/// (`REVERSI_GOMOKU_DATA_DIR`, else the platform's data directory).
///
/// # Errors
/// When no window can be created (no display, no OpenGL).
pub fn run(game: GameKind, data_dir: Option<PathBuf>) -> eframe::Result {
    LAUNCHED.get_or_init(std::time::Instant::now);
    let data_dir = crate::persist::data_dir(data_dir.as_deref());
    let options = native_options(
        data_dir
            .as_ref()
            .ok()
            .map(|dir| dir.join(WINDOW_STATE_FILE)),
    );
    eframe::run_native(
        APP_NAME,
        options,
        Box::new(move |cc| {
            let mut app = match data_dir {
                Ok(dir) => {
                    let mut app = ReversiGomokuApp::with_data_dir(&cc.egui_ctx, game, &dir);
                    app.follow_os_language(i18n::os_language());
                    app
                }
                Err(e) => {
                    let mut app = ReversiGomokuApp::new(&cc.egui_ctx, game);
                    app.follow_os_language(i18n::os_language());
                    // The system's words stay as they are; the sentence follows the language.
                    app.data
                        .notice(msg!("notice-no-data-dir", error = e.to_string()));
                    app
                }
            };
            // Opens on its own thread: the window does not wait for the sound server.
            app.set_audio_sink(Box::new(crate::audio::DeviceSink::open()));
            // So does the tray icon, which the boss key hides the window to.
            app.start_tray(&cc.egui_ctx);
            Ok(Box::new(app))
        }),
    )
}

/// When [`run`] was called, for [`STARTUP_REPORT_ENV`].
static LAUNCHED: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();

/// Set this environment variable (to anything) and the app prints to stderr how long after
/// launch its first frame was on screen: "first frame shown after 412 ms". README's start-up
/// time is measured with it.
pub const STARTUP_REPORT_ENV: &str = "REVERSI_GOMOKU_STARTUP_REPORT";

/// Frame 1 begins once frame 0 has been painted and presented.
fn report_first_frame(ctx: &egui::Context) {
    if ctx.cumulative_frame_nr() == 1
        && std::env::var_os(STARTUP_REPORT_ENV).is_some()
        && let Some(launched) = LAUNCHED.get()
    {
        eprintln!(
            "first frame shown after {} ms",
            launched.elapsed().as_millis()
        );
    }
}

/// eframe's own state file (window size and position, egui's memory), in the data directory.
pub const WINDOW_STATE_FILE: &str = "window.ron";

/// The window: our icon and app id (so the taskbar groups it under the launcher entry), a
/// first size that fits a 1366×768 screen with its taskbar and title bar, and the size and
/// position of the last run restored from `state_file` (eframe persistence).
fn native_options(state_file: Option<PathBuf>) -> eframe::NativeOptions {
    let mut viewport = egui::ViewportBuilder::default()
        .with_title(APP_NAME)
        .with_app_id(crate::desktop::APP_ID)
        .with_inner_size([1040.0, 680.0])
        .with_min_inner_size([560.0, 420.0]);
    // The icon is compiled in and decodes; a failure would only cost the icon.
    if let Ok(icon) = eframe::icon_data::from_png_bytes(crate::desktop::window_icon_png()) {
        viewport = viewport.with_icon(icon);
    }
    eframe::NativeOptions {
        viewport,
        persist_window: true,
        persistence_path: state_file,
        ..Default::default()
    }
}
