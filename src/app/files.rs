//! Saving and opening games (JSON through [`crate::persist::savegame`], with the system's
//! file dialogs and Ctrl+S / Ctrl+O), and the Transcript window: the current game's moves in
//! plain notation to copy, and a text box to paste a transcript and import it.
//!
//! A file the user opens is read, never moved or rewritten, even when it is damaged: the
//! problem is shown as a notice naming the file.

use std::path::Path;

use crate::core::GameRules;
use crate::persist::{GameMeta, LoadError, MAX_FILE_BYTES, SavedGame};

use super::controller::Controller;
use super::persistence::{self, DataStore, PersistGame, Tracker};
use super::replay::Replay;
use super::{GameKind, Pending, ReversiGomokuApp};

/// The Transcript window's state.
#[derive(Debug, Default)]
pub struct TranscriptWindow {
    /// Whether the window is shown.
    pub open: bool,
    /// The text pasted for import.
    pub input: String,
    /// Why the last import failed.
    pub error: Option<String>,
}

/// The game of a tab as a saved game: the live game, also while replaying.
fn saved_of<G: PersistGame>(
    ctl: &Controller<G>,
    replay: Option<&Replay<G>>,
    tracker: &Tracker<G::Move>,
    data: &DataStore,
) -> Result<SavedGame, LoadError> {
    match replay {
        Some(r) => {
            let profiles = data.side_profiles(r.live().players);
            persistence::saved_game_of(r.live(), ctl.ai, r.live_resigned(), tracker, &profiles)
        }
        None => {
            let profiles = data.side_profiles(ctl.session.players);
            persistence::current_saved_game(ctl, tracker, &profiles)
        }
    }
}

fn import_into<G: PersistGame>(
    ctl: &Controller<G>,
    data: &DataStore,
    text: &str,
) -> Result<SavedGame, LoadError> {
    let mut meta = GameMeta::new(ctl.session.players, ctl.ai);
    meta.profiles = data.side_profiles(ctl.session.players);
    G::import_transcript(text, ctl.session.position(), meta)
}

/// Moves as text when the game cannot be exported (set up from a custom position).
fn plain_moves<G: GameRules>(ctl: &Controller<G>) -> String {
    ctl.session
        .moves()
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

impl ReversiGomokuApp {
    /// The game on screen as a saved game (as its live game when replaying).
    ///
    /// # Errors
    /// When the game was set up from a custom position (only possible through the API).
    pub fn current_saved(&self) -> Result<SavedGame, LoadError> {
        match self.game {
            GameKind::Reversi => saved_of(
                &self.reversi.ctl,
                self.reversi.replay.as_ref(),
                &self.reversi_track,
                &self.data,
            ),
            GameKind::Gomoku => saved_of(
                &self.gomoku.ctl,
                self.gomoku.replay.as_ref(),
                &self.gomoku_track,
                &self.data,
            ),
        }
    }

    /// The current game's transcript: Reversi "f5d6c3…", Gomoku "h8i9…".
    #[must_use]
    pub fn current_transcript(&self) -> String {
        match self.current_saved() {
            Ok(g) => g.export_transcript(),
            Err(_) => match self.game {
                GameKind::Reversi => plain_moves(&self.reversi.ctl),
                GameKind::Gomoku => plain_moves(&self.gomoku.ctl),
            },
        }
    }

    /// Save the game on screen to `path` (JSON, atomically).
    ///
    /// # Errors
    /// A sentence naming the file and the problem.
    pub fn save_game_to(&mut self, path: &Path) -> Result<(), String> {
        let game = self
            .current_saved()
            .map_err(|e| format!("Cannot save this game: {e}"))?;
        game.save(path).map_err(|e| e.to_string())?;
        let text = format!("Saved to {}.", path.display());
        match self.game {
            GameKind::Reversi => self.reversi.ctl.set_message(text),
            GameKind::Gomoku => self.gomoku.ctl.set_message(text),
        }
        Ok(())
    }

    /// Open the saved game at `path` in its tab (asking first whether an abandoned game
    /// counts as a loss). The file is only read.
    ///
    /// # Errors
    /// A sentence naming the file and the problem (it is also shown as a notice).
    pub fn open_game_from(&mut self, path: &Path) -> Result<(), String> {
        let result = read_game(path);
        match result {
            Ok(saved) => {
                let game = saved.game;
                self.replace_game(game, Pending::Load(Box::new(saved)));
                Ok(())
            }
            Err(e) => {
                let text = format!("Cannot open {}: {e}", path.display());
                self.data.notice(text.clone());
                Err(text)
            }
        }
    }

    /// Import a transcript into the tab on screen (Gomoku: on the current game's board size
    /// and rule), as a new game.
    ///
    /// # Errors
    /// The problem, naming the move.
    pub fn import_transcript(&mut self, text: &str) -> Result<(), String> {
        let saved = match self.game {
            GameKind::Reversi => import_into(&self.reversi.ctl, &self.data, text),
            GameKind::Gomoku => import_into(&self.gomoku.ctl, &self.data, text),
        }
        .map_err(|e| format!("Cannot import: {}", e.problem()))?;
        let game = saved.game;
        self.replace_game(game, Pending::Load(Box::new(saved)));
        Ok(())
    }

    /// "Save game": the system's save dialog, then [`ReversiGomokuApp::save_game_to`].
    /// Blocks until the dialog closes (returns at once when no dialog service exists).
    pub fn save_dialog(&mut self) {
        let name = match self.game {
            GameKind::Reversi => "reversi-game.json",
            GameKind::Gomoku => "gomoku-game.json",
        };
        let Some(path) = rfd::FileDialog::new()
            .add_filter("Saved game", &["json"])
            .set_file_name(name)
            .save_file()
        else {
            return;
        };
        if let Err(e) = self.save_game_to(&path) {
            self.data.notice(e);
        }
    }

    /// "Open game": the system's open dialog, then [`ReversiGomokuApp::open_game_from`].
    pub fn open_dialog(&mut self) {
        let Some(path) = rfd::FileDialog::new()
            .add_filter("Saved game", &["json"])
            .pick_file()
        else {
            return;
        };
        let _ = self.open_game_from(&path);
    }

    /// Ctrl+S saves, Ctrl+O opens, Ctrl+Z undoes, Ctrl+Y or Ctrl+Shift+Z redoes (Cmd on
    /// macOS); undo and redo act on the tab on screen, not while replaying.
    pub(super) fn shortcuts(&mut self, ctx: &egui::Context) {
        use egui::{Key, KeyboardShortcut, Modifiers};
        let save = KeyboardShortcut::new(Modifiers::COMMAND, Key::S);
        let open = KeyboardShortcut::new(Modifiers::COMMAND, Key::O);
        let redo_shift = KeyboardShortcut::new(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
        let redo = KeyboardShortcut::new(Modifiers::COMMAND, Key::Y);
        let undo = KeyboardShortcut::new(Modifiers::COMMAND, Key::Z);
        let redo_pressed =
            ctx.input_mut(|i| i.consume_shortcut(&redo_shift) || i.consume_shortcut(&redo));
        let undo_pressed = ctx.input_mut(|i| i.consume_shortcut(&undo));
        match self.game {
            GameKind::Reversi if self.reversi.replay.is_none() => {
                if undo_pressed {
                    self.reversi.ctl.undo();
                }
                if redo_pressed {
                    self.reversi.ctl.redo();
                }
            }
            GameKind::Gomoku if self.gomoku.replay.is_none() => {
                if undo_pressed {
                    self.gomoku.ctl.undo();
                }
                if redo_pressed {
                    self.gomoku.ctl.redo();
                }
            }
            _ => {}
        }
        if ctx.input_mut(|i| i.consume_shortcut(&save)) {
            self.save_dialog();
        }
        if ctx.input_mut(|i| i.consume_shortcut(&open)) {
            self.open_dialog();
        }
    }

    /// The Transcript window, when open.
    pub(super) fn transcript_window(&mut self, ctx: &egui::Context) {
        let mut open = self.transcript.open;
        let transcript = self.current_transcript();
        let board = match self.game {
            GameKind::Reversi => "Reversi".to_string(),
            GameKind::Gomoku => {
                let pos = self.gomoku.ctl.session.position();
                format!(
                    "Gomoku, {}×{} {}",
                    pos.size(),
                    pos.size(),
                    pos.rule().name()
                )
            }
        };
        let mut import = false;
        egui::Window::new("Transcript")
            .open(&mut open)
            .default_width(420.0)
            .show(ctx, |ui| {
                ui.strong(format!("This game ({board})"));
                if transcript.is_empty() {
                    ui.label("No moves yet.");
                } else {
                    ui.add(egui::Label::new(egui::RichText::new(&transcript).monospace()).wrap());
                }
                if ui
                    .add_enabled(!transcript.is_empty(), egui::Button::new("Copy"))
                    .clicked()
                {
                    ui.ctx().copy_text(transcript.clone());
                }
                ui.separator();
                let label = ui.label("Paste a transcript to import (as a new game on this tab):");
                ui.add(
                    egui::TextEdit::multiline(&mut self.transcript.input)
                        .hint_text(match self.game {
                            GameKind::Reversi => "f5d6c3d3c4…",
                            GameKind::Gomoku => "h8i9j10…",
                        })
                        .desired_rows(3)
                        .desired_width(f32::INFINITY),
                )
                .labelled_by(label.id);
                if ui.button("Import").clicked() {
                    import = true;
                }
                if let Some(e) = &self.transcript.error {
                    ui.colored_label(ui.visuals().error_fg_color, e);
                }
            });
        self.transcript.open = open;
        if import {
            let text = self.transcript.input.clone();
            match self.import_transcript(&text) {
                Ok(()) => {
                    self.transcript.error = None;
                    self.transcript.input.clear();
                }
                Err(e) => self.transcript.error = Some(e),
            }
        }
    }
}

/// Reads and validates a saved game without moving or changing the file.
fn read_game(path: &Path) -> Result<SavedGame, LoadError> {
    let io = |source| LoadError::Io {
        path: path.to_path_buf(),
        source,
    };
    let size = std::fs::metadata(path).map_err(io)?.len();
    if size > MAX_FILE_BYTES {
        return Err(LoadError::TooLarge {
            size,
            limit: MAX_FILE_BYTES,
        });
    }
    let bytes = std::fs::read(path).map_err(io)?;
    SavedGame::from_json(&bytes)
}
