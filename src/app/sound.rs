//! The app's sound: playing what the tabs ask for ([`super::tab::Tab::cue`]) on the output,
//! the Sound menu in the top bar (mute, volume, what the output is doing, and the music
//! section of [`super::music`]); the M key is in the shortcut table. Volume and mute live in
//! the settings ([`DataStore::set_sound`]).

use crate::audio::{AudioSink, OutputState, Sound, gain_for_volume};

use crate::tr;

use super::ReversiGomokuApp;
use super::music::{self, MusicRequest};
use super::persistence::DataStore;
use super::shortcuts::Action;

impl ReversiGomokuApp {
    /// Replace the sound output. The app starts with [`crate::audio::NoOutput`]; [`super::run`]
    /// opens the real one ([`crate::audio::DeviceSink`]); tests install a
    /// [`crate::audio::RecordingSink`].
    pub fn set_audio_sink(&mut self, sink: Box<dyn AudioSink>) {
        self.audio = sink;
    }

    /// What the sound output is doing.
    #[must_use]
    pub fn audio_state(&self) -> OutputState {
        self.audio.state()
    }

    /// Play the sounds the tabs asked for: the shown tab's, at the player's volume, unless
    /// muted or the boss key hid the window. A hidden tab's (a computer game going on there)
    /// are dropped.
    pub(super) fn play_cues(&mut self) {
        let shown = self.game;
        let muted = !self.sound_allowed();
        let gain = gain_for_volume(self.data.sound_volume());
        for kind in crate::core::GameKind::ALL {
            let cues = self.tab_mut(kind).take_sounds();
            if kind != shown || muted || gain == 0.0 {
                continue;
            }
            for sound in cues {
                self.audio.play(sound, gain);
            }
        }
    }

    /// Start, stop or change the background music as the settings say (each frame, and at
    /// once when the boss key hides the window: silent while hidden).
    pub(super) fn play_music(&mut self, ctx: &egui::Context) {
        let hidden = self.hidden.is_some();
        self.music
            .update(ctx, &mut self.data, self.audio.as_mut(), hidden);
    }

    /// The Sound menu button of the top bar.
    pub(super) fn sound_menu(&mut self, ui: &mut egui::Ui) {
        let state = self.audio.state();
        let data = &mut self.data;
        let audio = &mut self.audio;
        let player = &self.music;
        let mut request = None;
        let config = egui::containers::menu::MenuConfig::new()
            .close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside);
        egui::containers::menu::MenuButton::new(tr!("sound-menu"))
            .config(config)
            .ui(ui, |ui| {
                sound_settings(ui, data, audio.as_mut(), &state);
                request = music::music_settings(ui, data, player, &state);
            })
            .0
            .on_hover_text(super::shortcuts::hover_text(
                ui.ctx(),
                &tr!("sound-menu-hover"),
                Action::Mute,
            ));
        if request == Some(MusicRequest::ChooseFile) {
            self.music_dialog();
        }
    }
}

/// Mute, volume and the output's state.
fn sound_settings(
    ui: &mut egui::Ui,
    data: &mut DataStore,
    audio: &mut dyn AudioSink,
    state: &OutputState,
) {
    let mut muted = data.sound_muted();
    let mut volume = data.sound_volume();
    let label = super::shortcuts::hover_text(ui.ctx(), &tr!("sound-mute"), Action::Mute);
    ui.checkbox(&mut muted, label);
    let slider = ui.add_enabled(
        !muted,
        egui::Slider::new(&mut volume, 0..=crate::audio::MAX_VOLUME)
            .suffix(" %")
            .text(tr!("sound-volume")),
    );
    data.set_sound(volume, muted);
    // Let the player hear the new level once the slider is let go.
    let settled = slider.drag_stopped() || (slider.changed() && !slider.dragged());
    if settled && volume > 0 {
        audio.play(Sound::Place, gain_for_volume(volume));
    }
    match state {
        OutputState::Starting => {
            ui.label(tr!("sound-starting"));
            // The audio thread cannot repaint the window: look again shortly.
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(250));
        }
        OutputState::Playing { device } => {
            ui.label(tr!("sound-playing", device = device.as_str()));
        }
        OutputState::Unavailable { reason } => {
            ui.colored_label(ui.visuals().warn_fg_color, tr!("sound-unavailable"))
                .on_hover_text(tr!("sound-unavailable-why", reason = reason.as_str()));
        }
    }
}
