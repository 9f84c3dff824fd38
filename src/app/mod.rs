//! The desktop app: a tab per game (each keeps its own state when you switch), a side panel of
//! controls, a status bar, and the board. Searches run on each game's worker thread; this
//! module only draws and forwards clicks.

pub mod controller;
pub mod files;
pub mod gomoku_view;
pub mod panels;
pub mod persistence;
pub mod records_window;
pub mod replay;
pub mod reversi_view;

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::core::{GameRules, Outcome, Side};
use crate::persist::{LoadError, SavedGame, SavedResult};
use crate::session::PlayerKind;
use controller::Controller;
use files::TranscriptWindow;
use persistence::{DataStore, PersistGame, Tracker};
use records_window::{CurrentGame, RecordsWindow};
use replay::{Replay, ReplayAction};

pub use gomoku_view::GomokuView;
pub use reversi_view::ReversiView;

/// Title of the window and the app's id for the OS.
pub const APP_NAME: &str = "Reversi & Gomoku";

/// Which game's tab is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
pub enum GameKind {
    /// 8×8 Reversi (Othello).
    Reversi,
    /// Five in a row on 15×15 (Freestyle, Standard or Renju).
    Gomoku,
}

/// The whole app: both games and which one is shown.
pub struct ReversiGomokuApp {
    /// The tab on screen.
    pub game: GameKind,
    /// The Reversi tab.
    pub reversi: ReversiView,
    /// The Gomoku tab.
    pub gomoku: GomokuView,
    /// Records, settings, autosaves and notices (in memory only without a data directory).
    pub data: DataStore,
    /// Records-once and autosave bookkeeping of the Reversi game.
    pub reversi_track: Tracker<crate::reversi::Move>,
    /// Records-once and autosave bookkeeping of the Gomoku game.
    pub gomoku_track: Tracker<crate::gomoku::Point>,
    /// The Records window.
    pub records_window: RecordsWindow,
    /// The Transcript window.
    pub transcript: TranscriptWindow,
    /// A game about to be replaced while in progress against the computer: ask whether it
    /// counts as a loss.
    pub confirm: Option<Confirm>,
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
    pub human: Side,
    /// What to do afterwards.
    pub then: Pending,
}

/// Who resigns on "Resign": the only human, or the side to move in a hot-seat game.
fn resigning_side<G: GameRules>(ctl: &Controller<G>) -> Option<Side> {
    if ctl.outcome().is_some() {
        return None;
    }
    match (ctl.session.players.black, ctl.session.players.white) {
        (PlayerKind::Human, PlayerKind::Computer) => Some(Side::Black),
        (PlayerKind::Computer, PlayerKind::Human) => Some(Side::White),
        (PlayerKind::Human, PlayerKind::Human) => Some(ctl.session.position().side_to_move()),
        (PlayerKind::Computer, PlayerKind::Computer) => None,
    }
}

/// Resign / Replay buttons, or the replay controls while replaying.
fn game_section<G: GameRules>(
    ui: &mut egui::Ui,
    ctl: &mut Controller<G>,
    replay: &mut Option<Replay<G>>,
) {
    if let Some(r) = replay {
        let action = r.controls(ui, ctl);
        match action {
            Some(ReplayAction::Close) => {
                if let Some(r) = replay.take() {
                    r.close(ctl);
                }
            }
            Some(ReplayAction::PlayFromHere) => {
                if let Some(r) = replay.take() {
                    r.play_from_here(ctl);
                }
            }
            None => {}
        }
        ui.separator();
        return;
    }
    ui.horizontal(|ui| {
        let resigner = resigning_side(ctl);
        let hover = match resigner {
            Some(side) => format!("{side} gives up: the game counts as lost"),
            None => "No human player to resign".to_string(),
        };
        if ui
            .add_enabled(resigner.is_some(), egui::Button::new("Resign"))
            .on_hover_text(hover)
            .clicked()
            && let Some(side) = resigner
        {
            ctl.resign(side);
        }
        if ui
            .add_enabled(ctl.session.ply() > 0, egui::Button::new("Replay"))
            .on_hover_text("Step through this game move by move")
            .clicked()
        {
            *replay = Some(Replay::start(ctl));
        }
    });
    ui.separator();
}

/// Make `saved` the game of `ctl` (closing a replay), restoring levels and resignation.
fn apply_saved_to<G: PersistGame>(
    ctl: &mut Controller<G>,
    tracker: &mut Tracker<G::Move>,
    replay: &mut Option<Replay<G>>,
    saved: &SavedGame,
) -> Result<(), LoadError> {
    let session = G::session_from(saved)?;
    if let Some(r) = replay.take() {
        r.close(ctl);
    }
    ctl.load_game(session);
    ctl.ai = saved.levels;
    if let Some(SavedResult::Resigned(side)) = saved.result {
        ctl.set_resigned(Some(side));
    }
    tracker.adopt(ctl.serial(), saved);
    Ok(())
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
        let reversi = ReversiView::new(ctx);
        let gomoku = GomokuView::new(ctx);
        let mut app = ReversiGomokuApp {
            game,
            reversi_track: Tracker::new(reversi.ctl.serial()),
            gomoku_track: Tracker::new(gomoku.ctl.serial()),
            reversi,
            gomoku,
            data,
            records_window: RecordsWindow::default(),
            transcript: TranscriptWindow::default(),
            confirm: None,
        };
        for kind in [GameKind::Reversi, GameKind::Gomoku] {
            if let Some(saved) = app.data.autosaved(kind).cloned()
                && let Err(e) = app.apply_saved(&saved)
            {
                app.data.notice(format!(
                    "The autosaved {kind:?} game in current-game.json cannot be resumed: {e}"
                ));
            }
        }
        app
    }

    /// Make `saved` the game of its tab (Reversi or Gomoku), as it was saved: moves,
    /// players, levels, resignation. Does not switch tabs or ask anything.
    ///
    /// # Errors
    /// [`LoadError::Invalid`] when the game does not replay.
    pub fn apply_saved(&mut self, saved: &SavedGame) -> Result<(), LoadError> {
        match saved.game {
            GameKind::Reversi => apply_saved_to(
                &mut self.reversi.ctl,
                &mut self.reversi_track,
                &mut self.reversi.replay,
                saved,
            ),
            GameKind::Gomoku => {
                apply_saved_to(
                    &mut self.gomoku.ctl,
                    &mut self.gomoku_track,
                    &mut self.gomoku.replay,
                    saved,
                )?;
                let pos = self.gomoku.ctl.session.position();
                self.gomoku.rule = pos.rule();
                self.gomoku.size = pos.size();
                Ok(())
            }
        }
    }

    /// Replace the game of tab `game` by `then`, first asking whether an abandoned game
    /// against the computer counts as a loss (see [`persistence::abandoned_side`]).
    pub fn replace_game(&mut self, game: GameKind, then: Pending) {
        let human = match game {
            GameKind::Reversi => {
                persistence::abandoned_side(&self.reversi.ctl, &self.reversi_track)
            }
            GameKind::Gomoku => persistence::abandoned_side(&self.gomoku.ctl, &self.gomoku_track),
        };
        match human {
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
            let (key, players, ai, id) = match c.game {
                GameKind::Reversi => {
                    let ctl = &self.reversi.ctl;
                    (
                        ctl.session.position().game_key(),
                        ctl.session.players,
                        ctl.ai,
                        self.reversi_track.id,
                    )
                }
                GameKind::Gomoku => {
                    let ctl = &self.gomoku.ctl;
                    (
                        ctl.session.position().game_key(),
                        ctl.session.players,
                        ctl.ai,
                        self.gomoku_track.id,
                    )
                }
            };
            let record = persistence::GameRecord {
                id,
                key,
                players,
                ai,
                profiles: self.data.side_profiles(players),
                outcome: Outcome::Win(c.human.other()),
            };
            if let persistence::RecordOutcome::Failed(_) = self.data.record_game(&record) {
                // The game is replaced now: the data store keeps trying to record the loss.
                self.data.defer(record, std::time::Instant::now());
            }
            match c.game {
                GameKind::Reversi => self.reversi_track.recorded = true,
                GameKind::Gomoku => self.gomoku_track.recorded = true,
            }
        }
        self.do_replace(c.game, c.then);
    }

    fn do_replace(&mut self, game: GameKind, then: Pending) {
        match then {
            Pending::NewGame => match game {
                GameKind::Reversi => {
                    if let Some(r) = self.reversi.replay.take() {
                        r.close(&mut self.reversi.ctl);
                    }
                    self.reversi.ctl.new_game(crate::reversi::Position::new());
                }
                GameKind::Gomoku => {
                    if let Some(r) = self.gomoku.replay.take() {
                        r.close(&mut self.gomoku.ctl);
                    }
                    self.gomoku.new_game();
                }
            },
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
        match game {
            GameKind::Reversi => self.reversi.replay.is_some(),
            GameKind::Gomoku => self.gomoku.replay.is_some(),
        }
    }

    /// Enter replay mode on tab `game` (does nothing without moves or when already replaying).
    pub fn start_replay(&mut self, game: GameKind) {
        match game {
            GameKind::Reversi
                if self.reversi.replay.is_none() && self.reversi.ctl.session.ply() > 0 =>
            {
                self.reversi.replay = Some(Replay::start(&mut self.reversi.ctl));
            }
            GameKind::Gomoku
                if self.gomoku.replay.is_none() && self.gomoku.ctl.session.ply() > 0 =>
            {
                self.gomoku.replay = Some(Replay::start(&mut self.gomoku.ctl));
            }
            _ => {}
        }
    }

    /// Per-frame work that is not drawing: collect both workers' news and let the computer
    /// move, auto-play replays, record finished games and autosave. Runs even for the hidden
    /// tab, so a computer-vs-computer game goes on there.
    pub fn logic(&mut self, ctx: &egui::Context) {
        self.reversi.logic(ctx);
        self.gomoku.logic(ctx);
        match &mut self.reversi.replay {
            Some(r) => {
                if let Some(wait) = r.tick(&mut self.reversi.ctl) {
                    ctx.request_repaint_after(wait);
                }
            }
            None => persistence::tick(&self.reversi.ctl, &mut self.reversi_track, &mut self.data),
        }
        match &mut self.gomoku.replay {
            Some(r) => {
                if let Some(wait) = r.tick(&mut self.gomoku.ctl) {
                    ctx.request_repaint_after(wait);
                }
            }
            None => persistence::tick(&self.gomoku.ctl, &mut self.gomoku_track, &mut self.data),
        }
    }

    fn current_game(&self) -> CurrentGame {
        match self.game {
            GameKind::Reversi => {
                let ctl = &self.reversi.ctl;
                CurrentGame {
                    key: ctl.session.position().game_key(),
                    players: ctl.session.players,
                    ai: ctl.ai,
                }
            }
            GameKind::Gomoku => {
                let ctl = &self.gomoku.ctl;
                CurrentGame {
                    key: ctl.session.position().game_key(),
                    players: ctl.session.players,
                    ai: ctl.ai,
                }
            }
        }
    }

    fn top_bar(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            ui.selectable_value(&mut self.game, GameKind::Reversi, "Reversi");
            ui.selectable_value(&mut self.game, GameKind::Gomoku, "Gomoku");
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
        let game = match c.game {
            GameKind::Reversi => "Reversi",
            GameKind::Gomoku => "Gomoku",
        };
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
        egui::Panel::top("tabs").show(ui, |ui| self.top_bar(ui));
        if !self.data.notices.is_empty() {
            egui::Panel::top("notices").show(ui, |ui| self.notices(ui));
        }
        let mut status = match self.game {
            GameKind::Reversi => self.reversi.status(),
            GameKind::Gomoku => self.gomoku.status(),
        };
        let replay = match self.game {
            GameKind::Reversi => self
                .reversi
                .replay
                .as_ref()
                .map(|r| (self.reversi.ctl.session.ply(), r.len())),
            GameKind::Gomoku => self
                .gomoku
                .replay
                .as_ref()
                .map(|r| (self.gomoku.ctl.session.ply(), r.len())),
        };
        if let Some((at, n)) = replay {
            status = format!("Replay, move {at} of {n}. {status}");
        }
        egui::Panel::bottom("status").show(ui, |ui| {
            ui.label(status);
        });
        egui::Panel::right("controls")
            .resizable(false)
            .exact_size(310.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| match self.game {
                    GameKind::Reversi => {
                        game_section(ui, &mut self.reversi.ctl, &mut self.reversi.replay);
                        let live = self.reversi.replay.is_none();
                        ui.add_enabled_ui(live, |ui| self.reversi.side_panel(ui));
                    }
                    GameKind::Gomoku => {
                        game_section(ui, &mut self.gomoku.ctl, &mut self.gomoku.replay);
                        let live = self.gomoku.replay.is_none();
                        ui.add_enabled_ui(live, |ui| self.gomoku.side_panel(ui));
                    }
                });
            });
        egui::CentralPanel::default().show(ui, |ui| {
            ui.vertical_centered(|ui| match self.game {
                GameKind::Reversi => self.reversi.board(ui),
                GameKind::Gomoku => self.gomoku.board(ui),
            });
        });
        let current = self.current_game();
        self.records_window.show(&ctx, &mut self.data, &current);
        self.transcript_window(&ctx);
        if std::mem::take(&mut self.reversi.new_game_requested) {
            self.replace_game(GameKind::Reversi, Pending::NewGame);
        }
        if std::mem::take(&mut self.gomoku.new_game_requested) {
            self.replace_game(GameKind::Gomoku, Pending::NewGame);
        }
        self.confirm_dialog(&ctx);
    }
}

impl eframe::App for ReversiGomokuApp {
    fn logic(&mut self, ctx: &egui::Context, _frame: &mut eframe::Frame) {
        ReversiGomokuApp::logic(self, ctx);
    }

    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }
}

/// Open the window and run until it is closed. Records, settings and autosaves live in
/// `data_dir` (`--data-dir`), else as [`crate::persist::data_dir`] decides
/// (`REVERSI_GOMOKU_DATA_DIR`, else the platform's data directory).
///
/// # Errors
/// When no window can be created (no display, no OpenGL).
pub fn run(game: GameKind, data_dir: Option<PathBuf>) -> eframe::Result {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title(APP_NAME)
            .with_inner_size([1060.0, 760.0])
            .with_min_inner_size([560.0, 420.0]),
        ..Default::default()
    };
    eframe::run_native(
        APP_NAME,
        options,
        Box::new(move |cc| {
            let app = match crate::persist::data_dir(data_dir.as_deref()) {
                Ok(dir) => ReversiGomokuApp::with_data_dir(&cc.egui_ctx, game, &dir),
                Err(e) => {
                    let mut app = ReversiGomokuApp::new(&cc.egui_ctx, game);
                    app.data.notice(format!(
                        "No data directory ({e}): records, settings and the autosave are not kept."
                    ));
                    app
                }
            };
            Ok(Box::new(app))
        }),
    )
}
