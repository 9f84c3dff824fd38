//! Saving and opening games (JSON through [`crate::persist::savegame`], with the system's
//! file dialogs and Ctrl+S / Ctrl+O), and the Transcript window: the current game's moves in
//! plain notation to copy, and a text box to paste a transcript and import it.
//!
//! A file the user opens is read, never moved or rewritten, even when it is damaged: the
//! problem is shown as a notice naming the file.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, TryRecvError};

use image::RgbaImage;

use crate::audio::{MusicError, MusicLoop, decode_file};
use crate::i18n::Message;
use crate::persist::picture::{PictureError, picture_from_file, save_picture};
use crate::persist::{LoadError, MAX_FILE_BYTES, SaveError, SavedGame};
use crate::{msg, tr};

use super::music::{MusicChoice, cannot_play};
use super::{GameKind, Pending, ReversiGomokuApp};

/// The Transcript window's state.
#[derive(Debug, Default)]
pub struct TranscriptWindow {
    /// Whether the window is shown.
    pub open: bool,
    /// The text pasted for import.
    pub input: String,
    /// Why the last import failed (shown in the language of the moment).
    pub error: Option<Message>,
}

/// A file dialog running on its own thread (a system dialog blocks the thread that shows it),
/// with the work that follows it: reading and checking the chosen game, or writing it.
pub struct PendingDialog {
    /// The tab that was on screen when the dialog opened.
    game: GameKind,
    result: Receiver<DialogResult>,
}

/// What a dialog thread reports: nothing chosen, a game read from a file, a file written, a
/// music file decoded, or an error sentence naming the file.
enum DialogResult {
    Cancelled,
    // Boxed: a saved game is large beside the other variants.
    Opened(PathBuf, Box<Result<SavedGame, LoadError>>),
    Saved(PathBuf, Result<(), SaveError>),
    Music(PathBuf, Box<Result<MusicLoop, MusicError>>),
    /// A picture for a profile, stored under a file name (see [`new_picture`]).
    Picture(
        String,
        PathBuf,
        Box<Result<(String, RgbaImage), PictureError>>,
    ),
}

impl ReversiGomokuApp {
    /// The game on screen as a saved game (the live game, also while replaying).
    ///
    /// # Errors
    /// When the game was set up from a custom position (only possible through the API).
    pub fn current_saved(&self) -> Result<SavedGame, LoadError> {
        self.tab(self.game).saved(&self.data)
    }

    /// The current game's transcript: Reversi "f5d6c3…", Gomoku "h8i9…".
    #[must_use]
    pub fn current_transcript(&self) -> String {
        match self.current_saved() {
            Ok(g) => g.export_transcript(),
            Err(_) => self.tab(self.game).plain_moves(),
        }
    }

    /// Save the game on screen to `path` (JSON, atomically), on this thread.
    ///
    /// # Errors
    /// A sentence naming the problem, in the language of the moment it is shown.
    pub fn save_game_to(&mut self, path: &Path) -> Result<(), Message> {
        let game = self
            .current_saved()
            .map_err(|e| msg!("file-cannot-save-game", error = e.message()))?;
        game.save(path).map_err(|e| e.message())?;
        let text = tr!("file-saved-to", path = path.display().to_string());
        self.tab_mut(self.game).set_message(text);
        Ok(())
    }

    /// Open the saved game at `path` in its tab (asking first whether an abandoned game
    /// counts as a loss). The file is only read.
    ///
    /// # Errors
    /// A sentence naming the file and the problem (it is also shown as a notice).
    pub fn open_game_from(&mut self, path: &Path) -> Result<(), Message> {
        self.opened(path, read_game(path))
    }

    fn opened(&mut self, path: &Path, result: Result<SavedGame, LoadError>) -> Result<(), Message> {
        match result {
            Ok(saved) => {
                let game = saved.game;
                self.replace_game(game, Pending::Load(Box::new(saved)));
                Ok(())
            }
            Err(e) => {
                let text = msg!(
                    "file-cannot-open",
                    path = path.display().to_string(),
                    error = e.message()
                );
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
    pub fn import_transcript(&mut self, text: &str) -> Result<(), Message> {
        let saved = self
            .tab(self.game)
            .import(&self.data, text)
            .map_err(|e| msg!("file-cannot-import", problem = e.problem().message()))?;
        let game = saved.game;
        self.replace_game(game, Pending::Load(Box::new(saved)));
        Ok(())
    }

    /// "Save game": the system's save dialog and the write, on a thread of their own; the
    /// result comes back through [`ReversiGomokuApp::logic`]. Does nothing while another
    /// dialog is open.
    pub fn save_dialog(&mut self) {
        if self.dialog.is_some() {
            return;
        }
        let game = match self.current_saved() {
            Ok(game) => game,
            Err(e) => {
                self.data
                    .notice(msg!("file-cannot-save-game", error = e.message()));
                return;
            }
        };
        let name = format!("{}-game.json", self.game.name().to_lowercase());
        let filter = tr!("file-filter-saved-game");
        self.spawn_dialog(move || {
            let Some(path) = rfd::FileDialog::new()
                .add_filter(filter, &["json"])
                .set_file_name(name)
                .save_file()
            else {
                return DialogResult::Cancelled;
            };
            let written = game.save(&path);
            DialogResult::Saved(path, written)
        });
    }

    /// "Open game": the system's open dialog and the reading of the file, on a thread of
    /// their own; the game comes back through [`ReversiGomokuApp::logic`].
    pub fn open_dialog(&mut self) {
        if self.dialog.is_some() {
            return;
        }
        let filter = tr!("file-filter-saved-game");
        self.spawn_dialog(move || {
            match rfd::FileDialog::new()
                .add_filter(filter, &["json"])
                .pick_file()
            {
                Some(path) => {
                    let game = Box::new(read_game(&path));
                    DialogResult::Opened(path, game)
                }
                None => DialogResult::Cancelled,
            }
        });
    }

    /// "Choose music file…": the system's open dialog and the decoding of the file, on a
    /// thread of their own; the music comes back through [`ReversiGomokuApp::logic`] and
    /// becomes the choice only if it decodes.
    pub fn music_dialog(&mut self) {
        if self.dialog.is_some() {
            return;
        }
        let filter = tr!("music-filter");
        self.spawn_dialog(move || {
            match rfd::FileDialog::new()
                .add_filter(filter, &["ogg", "oga", "mp3", "flac", "wav"])
                .pick_file()
            {
                Some(path) => {
                    let music = Box::new(decode_file(&path));
                    DialogResult::Music(path, music)
                }
                None => DialogResult::Cancelled,
            }
        });
    }

    /// Play the music file at `path` from now on, as when it is chosen in the dialog
    /// (decoded on this thread). A file that cannot be played is reported in a notice
    /// naming it, and the music stays as it was.
    ///
    /// # Errors
    /// Why the file cannot be played.
    pub fn choose_music_file(&mut self, path: &Path) -> Result<(), Message> {
        self.music_chosen(path, decode_file(path))
    }

    fn music_chosen(
        &mut self,
        path: &Path,
        result: Result<MusicLoop, MusicError>,
    ) -> Result<(), Message> {
        // The settings keep text: a path that is not Unicode could not be found again.
        let result = result.and_then(|music| match path.to_str() {
            Some(text) => Ok((music, text.to_string())),
            None => Err(MusicError::Io(tr!("music-error-path"))),
        });
        match result {
            Ok((music, text)) => {
                self.music
                    .adopt(MusicChoice::File(path.to_path_buf()), music);
                self.data.set_music_file(Some(text));
                let volume = self.data.music_volume();
                self.data.set_music(true, volume);
                Ok(())
            }
            Err(e) => {
                let text = cannot_play(path, &e);
                self.data.notice(text.clone());
                Err(text)
            }
        }
    }

    /// "Choose picture…" for `profile`: the system's open dialog, then decoding the image,
    /// cropping and scaling it and writing the picture into the data directory, on a thread
    /// of their own; the picture comes back through [`ReversiGomokuApp::logic`]. The old
    /// picture stays until the new one is written.
    pub fn picture_dialog(&mut self, profile: String) {
        if self.dialog.is_some() {
            return;
        }
        let filter = tr!("picture-filter");
        let dir = self.data.dir().map(Path::to_path_buf);
        self.spawn_dialog(move || {
            match rfd::FileDialog::new()
                .add_filter(filter, &["png", "jpg", "jpeg", "webp", "gif", "bmp"])
                .pick_file()
            {
                Some(path) => {
                    let picture = Box::new(new_picture(dir.as_deref(), &path));
                    DialogResult::Picture(profile, path, picture)
                }
                None => DialogResult::Cancelled,
            }
        });
    }

    /// Give `profile` the picture made from the image file at `path`, as when it is chosen
    /// in the dialog (on this thread). An image that cannot be used is reported in a notice
    /// naming it, and the old picture stays.
    ///
    /// # Errors
    /// Why the image cannot be used.
    pub fn choose_picture_file(
        &mut self,
        ctx: &egui::Context,
        profile: &str,
        path: &Path,
    ) -> Result<(), Message> {
        let picture = new_picture(self.data.dir(), path);
        self.picture_chosen(ctx, profile, path, picture)
    }

    fn picture_chosen(
        &mut self,
        ctx: &egui::Context,
        profile: &str,
        path: &Path,
        result: Result<(String, RgbaImage), PictureError>,
    ) -> Result<(), Message> {
        let problem = match result {
            Ok((file, picture)) => match self.data.set_picture(profile, Some(file.clone())) {
                Ok(()) => {
                    self.pictures.insert(ctx, &file, &picture);
                    return Ok(());
                }
                Err(e) => Message::from(e),
            },
            Err(e) => e.message(),
        };
        let text = msg!(
            "picture-cannot-use",
            path = path.display().to_string(),
            name = profile,
            error = problem
        );
        self.data.notice(text.clone());
        Err(text)
    }

    fn spawn_dialog(&mut self, work: impl FnOnce() -> DialogResult + Send + 'static) {
        let (tx, rx) = mpsc::channel();
        let spawned = std::thread::Builder::new()
            .name("file-dialog".into())
            .spawn(move || {
                let _ = tx.send(work());
            });
        match spawned {
            Ok(_) => {
                self.dialog = Some(PendingDialog {
                    game: self.game,
                    result: rx,
                })
            }
            Err(e) => self
                .data
                .notice(msg!("file-cannot-open-dialog", error = e.to_string())),
        }
    }

    /// Collect a finished dialog's result (without waiting).
    pub(super) fn poll_dialog(&mut self, ctx: &egui::Context) {
        let Some(dialog) = &self.dialog else {
            return;
        };
        let result = match dialog.result.try_recv() {
            Ok(result) => result,
            Err(TryRecvError::Empty) => {
                // The dialog has no way to wake the UI: look again shortly.
                ctx.request_repaint_after(std::time::Duration::from_millis(100));
                return;
            }
            Err(TryRecvError::Disconnected) => DialogResult::Cancelled,
        };
        let game = dialog.game;
        self.dialog = None;
        match result {
            DialogResult::Cancelled => {}
            DialogResult::Opened(path, game) => {
                let _ = self.opened(&path, *game);
            }
            DialogResult::Saved(path, Ok(())) => {
                let text = tr!("file-saved-to", path = path.display().to_string());
                self.tab_mut(game).set_message(text);
            }
            DialogResult::Music(path, music) => {
                let _ = self.music_chosen(&path, *music);
            }
            DialogResult::Picture(profile, path, picture) => {
                let _ = self.picture_chosen(ctx, &profile, &path, *picture);
            }
            DialogResult::Saved(path, Err(e)) => {
                self.data.notice(msg!(
                    "file-cannot-save-to",
                    path = path.display().to_string(),
                    error = e.message()
                ));
            }
        }
    }

    /// The Transcript window, when open.
    pub(super) fn transcript_window(&mut self, ctx: &egui::Context) {
        let mut open = self.transcript.open;
        let transcript = self.current_transcript();
        let board = self.tab(self.game).board_name();
        let mut import = false;
        egui::Window::new(tr!("transcript-title"))
            .id(egui::Id::unique("transcript-window"))
            .open(&mut open)
            .default_width(420.0)
            .show(ctx, |ui| {
                ui.strong(tr!("transcript-this-game", board = board));
                if transcript.is_empty() {
                    ui.label(tr!("transcript-no-moves"));
                } else {
                    ui.add(egui::Label::new(egui::RichText::new(&transcript).monospace()).wrap());
                }
                if ui
                    .add_enabled(
                        !transcript.is_empty(),
                        egui::Button::new(tr!("transcript-copy")),
                    )
                    .clicked()
                {
                    ui.ctx().copy_text(transcript.clone());
                }
                ui.separator();
                let label = ui.label(tr!("transcript-paste"));
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
                if ui.button(tr!("transcript-import")).clicked() {
                    import = true;
                }
                if let Some(e) = &self.transcript.error {
                    ui.colored_label(ui.visuals().error_fg_color, e.as_str());
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

/// The image file at `path` made into a picture and, with a data directory `dir`, written
/// there; its file name (without a directory the name is only kept in memory).
fn new_picture(dir: Option<&Path>, path: &Path) -> Result<(String, RgbaImage), PictureError> {
    let picture = picture_from_file(path)?;
    let file = match dir {
        Some(dir) => save_picture(dir, &picture)?,
        None => format!("{:016x}.png", rand::random::<u64>()),
    };
    Ok((file, picture))
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
