//! The desktop app: a tab per game (each keeps its own state when you switch), a side panel of
//! controls, a status bar, and the board. Searches run on each game's worker thread; this
//! module only draws and forwards clicks.

pub mod controller;
pub mod gomoku_view;
pub mod panels;
pub mod reversi_view;

use serde::{Deserialize, Serialize};

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
}

impl ReversiGomokuApp {
    /// Both games at their start positions, showing `game`.
    pub fn new(ctx: &egui::Context, game: GameKind) -> ReversiGomokuApp {
        ReversiGomokuApp {
            game,
            reversi: ReversiView::new(ctx),
            gomoku: GomokuView::new(ctx),
        }
    }

    /// Per-frame work that is not drawing: collect both workers' news and let the computer
    /// move. Runs even for the hidden tab, so a computer-vs-computer game goes on there.
    pub fn logic(&mut self, ctx: &egui::Context) {
        self.reversi.logic(ctx);
        self.gomoku.logic(ctx);
    }

    /// Draw the app into `ui`.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        egui::Panel::top("tabs").show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.selectable_value(&mut self.game, GameKind::Reversi, "Reversi");
                ui.selectable_value(&mut self.game, GameKind::Gomoku, "Gomoku");
            });
        });
        let status = match self.game {
            GameKind::Reversi => self.reversi.status(),
            GameKind::Gomoku => self.gomoku.status(),
        };
        egui::Panel::bottom("status").show(ui, |ui| {
            ui.label(status);
        });
        egui::Panel::right("controls")
            .resizable(false)
            .exact_size(310.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| match self.game {
                    GameKind::Reversi => self.reversi.side_panel(ui),
                    GameKind::Gomoku => self.gomoku.side_panel(ui),
                });
            });
        egui::CentralPanel::default().show(ui, |ui| {
            ui.vertical_centered(|ui| match self.game {
                GameKind::Reversi => self.reversi.board(ui),
                GameKind::Gomoku => self.gomoku.board(ui),
            });
        });
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

/// Open the window and run until it is closed.
///
/// # Errors
/// When no window can be created (no display, no OpenGL).
pub fn run(game: GameKind) -> eframe::Result {
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
        Box::new(move |cc| Ok(Box::new(ReversiGomokuApp::new(&cc.egui_ctx, game)))),
    )
}
