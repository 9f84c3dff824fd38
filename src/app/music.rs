//! Background music in the app: which piece plays (the built-in track or the player's file,
//! remembered in the settings), decoding it off the UI thread, and handing it to the sound
//! output with its own volume. Mute (M) silences the music too. The Sound menu's music
//! section is drawn here; a file the player picks is decoded on the file dialog's thread
//! ([`super::files`]) and only becomes the choice once it decodes.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::Duration;

use crate::audio::{AudioSink, MusicError, MusicLoop, OutputState, decode_file, gain_for_volume};
use crate::i18n::Message;
use crate::{msg, tr};

use super::persistence::DataStore;

/// Which music plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MusicChoice {
    /// The synthesised track of [`crate::audio::tune`].
    BuiltIn,
    /// The player's file.
    File(PathBuf),
}

impl MusicChoice {
    /// The choice the settings hold.
    #[must_use]
    pub fn of(data: &DataStore) -> MusicChoice {
        data.music_file().map_or(MusicChoice::BuiltIn, |f| {
            MusicChoice::File(PathBuf::from(f))
        })
    }

    /// The piece's name for the menu: the built-in track's title, or the file's name.
    #[must_use]
    pub fn label(&self) -> String {
        match self {
            MusicChoice::BuiltIn => tr!("music-built-in"),
            MusicChoice::File(path) => file_name(path),
        }
    }

    /// Decode or synthesise the piece (slow: call it off the UI thread).
    ///
    /// # Errors
    /// Why the file cannot be played.
    pub fn load(&self) -> Result<MusicLoop, MusicError> {
        match self {
            MusicChoice::BuiltIn => Ok(crate::audio::tune::built_in()),
            MusicChoice::File(path) => decode_file(path),
        }
    }
}

/// A file's name without its folder, for messages.
fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// The notice for a music file that cannot be played.
#[must_use]
pub fn cannot_play(path: &Path, error: &MusicError) -> Message {
    msg!(
        "music-cannot-play",
        path = path.display().to_string(),
        error = error.message()
    )
}

/// The app's music: what is decoded, what is being decoded, and what the output plays.
#[derive(Default)]
pub struct MusicPlayer {
    /// The last piece decoded (kept, so that unmuting needs no decoding).
    ready: Option<(MusicChoice, Arc<MusicLoop>)>,
    /// A piece being decoded on its own thread.
    loading: Option<(MusicChoice, Receiver<Result<MusicLoop, MusicError>>)>,
    /// What the output plays now, at which gain.
    playing: Option<(MusicChoice, f32)>,
    /// The remembered choice that could not be played (not tried again until it changes).
    failed: Option<MusicChoice>,
}

impl MusicPlayer {
    /// Take `piece`, decoded elsewhere (a file just picked), as ready to play as `choice`.
    pub fn adopt(&mut self, choice: MusicChoice, piece: MusicLoop) {
        self.ready = Some((choice, Arc::new(piece)));
    }

    /// Whether a piece is being decoded.
    #[must_use]
    pub fn is_loading(&self) -> bool {
        self.loading.is_some()
    }

    /// What the output plays now (for tests and the menu).
    #[must_use]
    pub fn playing(&self) -> Option<&MusicChoice> {
        self.playing.as_ref().map(|(c, _)| c)
    }

    /// Each frame: follow the settings (on, volume, mute, the choice): decode what is needed
    /// off the UI thread, and start, stop or change the music on `sink`. `silenced` (the
    /// boss key hid the window) stops it as mute does, without changing the settings.
    pub fn update(
        &mut self,
        ctx: &egui::Context,
        data: &mut DataStore,
        sink: &mut dyn AudioSink,
        silenced: bool,
    ) {
        self.poll(ctx, data);
        let choice = MusicChoice::of(data);
        let gain = if data.music_on() && !data.sound_muted() && !silenced {
            gain_for_volume(data.music_volume())
        } else {
            0.0
        };
        if gain == 0.0 {
            if self.playing.take().is_some() {
                sink.set_music(None, 0.0);
            }
            return;
        }
        match &self.ready {
            Some((c, piece)) if *c == choice => match &mut self.playing {
                Some((p, g)) if *p == choice => {
                    if *g != gain {
                        *g = gain;
                        sink.set_music_gain(gain);
                    }
                }
                _ => {
                    sink.set_music(Some(piece.clone()), gain);
                    self.playing = Some((choice, gain));
                }
            },
            _ => {
                let under_way = self.loading.as_ref().is_some_and(|(c, _)| *c == choice);
                if !under_way && self.failed.as_ref() != Some(&choice) {
                    self.start_loading(choice, data);
                }
            }
        }
    }

    /// Decode `choice` on a thread of its own.
    fn start_loading(&mut self, choice: MusicChoice, data: &mut DataStore) {
        let (tx, rx) = mpsc::channel();
        let piece = choice.clone();
        let spawned = std::thread::Builder::new()
            .name("music-decode".into())
            .spawn(move || {
                let _ = tx.send(piece.load());
            });
        match spawned {
            Ok(_) => self.loading = Some((choice, rx)),
            Err(e) => {
                self.failed = Some(choice);
                data.notice(msg!("music-no-thread", error = e.to_string()));
            }
        }
    }

    /// Take the decoded piece when it is there; a failure becomes a notice.
    fn poll(&mut self, ctx: &egui::Context, data: &mut DataStore) {
        let Some((choice, rx)) = &self.loading else {
            return;
        };
        let result = match rx.try_recv() {
            Ok(result) => result,
            Err(TryRecvError::Empty) => {
                ctx.request_repaint_after(Duration::from_millis(100));
                return;
            }
            Err(TryRecvError::Disconnected) => Err(MusicError::Damaged("decoder stopped".into())),
        };
        let choice = choice.clone();
        self.loading = None;
        match result {
            Ok(piece) => self.adopt(choice, piece),
            Err(e) => {
                if let MusicChoice::File(path) = &choice {
                    data.notice(cannot_play(path, &e));
                }
                self.failed = Some(choice);
            }
        }
    }
}

/// What the music section of the Sound menu asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MusicRequest {
    /// Open the file dialog to choose a music file.
    ChooseFile,
}

/// The Sound menu's music section: on/off, volume, the piece, and what the output can do.
pub fn music_settings(
    ui: &mut egui::Ui,
    data: &mut DataStore,
    player: &MusicPlayer,
    state: &OutputState,
) -> Option<MusicRequest> {
    let mut request = None;
    ui.separator();
    let mut on = data.music_on();
    let mut volume = data.music_volume();
    ui.checkbox(&mut on, tr!("music-on"));
    ui.add_enabled(
        on && !data.sound_muted(),
        egui::Slider::new(&mut volume, 0..=crate::audio::MAX_VOLUME)
            .suffix(" %")
            .text(tr!("music-volume")),
    );
    data.set_music(on, volume);
    let choice = MusicChoice::of(data);
    ui.label(tr!("music-track", name = choice.label()));
    ui.horizontal_wrapped(|ui| {
        if ui
            .add_enabled(
                choice != MusicChoice::BuiltIn,
                egui::Button::new(tr!("music-use-built-in")),
            )
            .clicked()
        {
            data.set_music_file(None);
        }
        if ui
            .button(tr!("music-choose-file"))
            .on_hover_text(tr!("music-choose-file-hover"))
            .clicked()
        {
            request = Some(MusicRequest::ChooseFile);
        }
    });
    if player.is_loading() {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(tr!("music-loading"));
        });
    }
    if on && matches!(state, OutputState::Unavailable { .. }) {
        ui.colored_label(ui.visuals().warn_fg_color, tr!("music-no-output"));
    }
    request
}
