//! The desktop app: a tab per game (each keeps its own state when you switch), a side panel of
//! controls, a status bar, and the board. Searches run on each game's worker thread; this
//! module only draws and forwards clicks.

pub mod autosave;
pub mod controller;
pub mod files;
pub mod gomoku_view;
pub mod panels;
pub mod persistence;
pub mod records_window;
pub mod replay;
pub mod reversi_view;
pub mod sound;
pub mod tab;

use std::path::{Path, PathBuf};

use crate::persist::{LoadError, SavedGame};
use files::TranscriptWindow;
use persistence::DataStore;
use records_window::RecordsWindow;
use tab::{AnyTab, GameView};

pub use gomoku_view::{GomokuTab, GomokuView};
pub use reversi_view::{ReversiTab, ReversiView};

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
    /// A game about to be replaced while in progress against the computer: ask whether it
    /// counts as a loss.
    pub confirm: Option<Confirm>,
    /// The open or save dialog running on its own thread, if any.
    dialog: Option<files::PendingDialog>,
    /// Where sounds play (see [`ReversiGomokuApp::set_audio_sink`]).
    audio: Box<dyn crate::audio::AudioSink>,
}

/// What replaces the current game once the user has answered the abandon dialog.
#[derive(Clone, Debug)]
pub enum Pending {
    /// A new game in the same tab.
    NewGame,
    /// A loaded or imported game (goes to its own tab).
    Load(Box<SavedGame>),
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
    /// the autosaved games are restored; damaged files are reported as notices.
    pub fn with_data_dir(ctx: &egui::Context, game: GameKind, dir: &Path) -> ReversiGomokuApp {
        ReversiGomokuApp::with_data(ctx, game, DataStore::open(dir))
    }

    fn with_data(ctx: &egui::Context, game: GameKind, data: DataStore) -> ReversiGomokuApp {
        let mut app = ReversiGomokuApp {
            game,
            reversi: crate::reversi::Position::new_tab(ctx),
            gomoku: crate::gomoku::Position::new_tab(ctx),
            data,
            records_window: RecordsWindow::default(),
            transcript: TranscriptWindow::default(),
            confirm: None,
            dialog: None,
            audio: Box::new(crate::audio::NoOutput),
        };
        for kind in GameKind::ALL {
            if let Some(saved) = app.data.autosaved(kind).cloned()
                && let Err(e) = app.tab_mut(kind).load(&saved)
            {
                app.data.notice(format!(
                    "The autosaved {} game in current-game.json cannot be resumed: {e}",
                    kind.name()
                ));
            }
        }
        app
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
    pub fn replace_game(&mut self, game: GameKind, then: Pending) {
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
                    self.data.notice(format!("Cannot load the game: {e}"));
                    return;
                }
                self.game = saved.game;
            }
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
    /// finished games and the autosave; and the result of a file dialog.
    pub fn logic(&mut self, ctx: &egui::Context) {
        let data = &mut self.data;
        for tab in [&mut self.reversi as &mut dyn AnyTab, &mut self.gomoku] {
            tab.logic(ctx, data);
        }
        data.poll_writer();
        self.poll_dialog(ctx);
    }

    fn top_bar(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            for kind in GameKind::ALL {
                ui.selectable_value(&mut self.game, kind, kind.name());
            }
            ui.separator();
            if ui.button("Records").clicked() {
                self.data.reload();
                self.records_window.open = !self.records_window.open;
            }
            if ui
                .button("Save game")
                .on_hover_text("Save this game to a file (Ctrl+S)")
                .clicked()
            {
                self.save_dialog();
            }
            if ui
                .button("Open game")
                .on_hover_text("Open a saved game (Ctrl+O)")
                .clicked()
            {
                self.open_dialog();
            }
            if ui
                .button("Transcript")
                .on_hover_text("Copy this game's moves, or paste moves to import")
                .clicked()
            {
                self.transcript.open = !self.transcript.open;
            }
            self.sound_menu(ui);
            ui.separator();
            ui.label(format!("Player: {}", self.data.profile()));
        });
    }

    fn notices(&mut self, ui: &mut egui::Ui) {
        let mut dismiss = None;
        for (i, text) in self.data.notices.iter().enumerate() {
            ui.horizontal_wrapped(|ui| {
                ui.colored_label(ui.visuals().warn_fg_color, text);
                if ui.button("Dismiss").clicked() {
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
        let game = c.game.name();
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("abandon-dialog")).show(ctx, |ui| {
            ui.heading("Leave the game in progress?");
            ui.label(format!(
                "This {game} game against the computer is not over. Count it as a loss for {profile}?"
            ));
            ui.horizontal(|ui| {
                if ui.button("Count as a loss").clicked() {
                    answer = Some(Some(true));
                }
                if ui.button("Don't count").clicked() {
                    answer = Some(Some(false));
                }
                if ui.button("Cancel").clicked() {
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

    /// Draw the app into `ui`.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        self.shortcuts(&ctx);
        self.sound_shortcut(&ctx);
        egui::Panel::top("tabs").show(ui, |ui| self.top_bar(ui));
        if !self.data.notices.is_empty() {
            egui::Panel::top("notices").show(ui, |ui| self.notices(ui));
        }
        let status = self.tab(self.game).status();
        egui::Panel::bottom("status").show(ui, |ui| {
            ui.label(status);
        });
        let game = self.game;
        egui::Panel::right("controls")
            .resizable(false)
            .exact_size(310.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| self.tab_mut(game).side_panel(ui));
            });
        egui::CentralPanel::default().show(ui, |ui| {
            ui.vertical_centered(|ui| self.tab_mut(game).board(ui));
        });
        let current = self.tab(game).current_game();
        self.records_window.show(&ctx, &mut self.data, &current);
        self.transcript_window(&ctx);
        for kind in GameKind::ALL {
            if self.tab_mut(kind).take_new_game_request() {
                self.replace_game(kind, Pending::NewGame);
            }
        }
        self.confirm_dialog(&ctx);
        self.play_cues();
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
                Ok(dir) => ReversiGomokuApp::with_data_dir(&cc.egui_ctx, game, &dir),
                Err(e) => {
                    let mut app = ReversiGomokuApp::new(&cc.egui_ctx, game);
                    app.data.notice(format!(
                        "No data directory ({e}): records, settings and the autosave are not kept."
                    ));
                    app
                }
            };
            // Opens on its own thread: the window does not wait for the sound server.
            app.set_audio_sink(Box::new(crate::audio::DeviceSink::open()));
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
