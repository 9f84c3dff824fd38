//! Sound effects: the [`Sound`]s the games make, their synthesis ([`synth`]), the mixer that
//! plays several at once ([`mixer`]) and the output they go to ([`output`]); and the background
//! music: the built-in track ([`tune`]), the player's own file ([`decode`]) and its loop
//! ([`music`]), mixed with the effects at a volume of its own.
//!
//! Every sound is synthesised at start-up (no sound files). The output runs on its own thread
//! fed by a channel, so the window never waits for audio; without an audio device or server
//! the game plays silently and says so in its Sound menu.
//!
//! Backends, chosen so that building needs nothing but Rust:
//! - **Linux**: a pure-Rust PulseAudio protocol client ([`pulse`], the `pulseaudio` crate).
//!   PulseAudio and PipeWire (through `pipewire-pulse`) both serve that protocol. cpal and
//!   rodio would link ALSA's C library at build time (`libasound2-dev`).
//! - **Windows, macOS**: cpal (the device layer under rodio; we mix our own sounds, so rodio's
//!   decoders and mixer would be dead weight).

#[cfg(not(target_os = "linux"))]
mod cpal_out;
pub mod decode;
pub mod mixer;
pub mod music;
pub mod output;
#[cfg(target_os = "linux")]
pub mod pulse;
pub mod synth;
pub mod tune;

use std::time::Duration;

pub use decode::{MusicError, decode_file};
pub use music::MusicLoop;
pub use output::{AudioSink, DeviceSink, MusicCall, NoOutput, OutputState, RecordingSink};

/// A sound effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sound {
    /// A human's disc or stone lands on the board: a short wooden click.
    Place,
    /// Reversi discs turn over: one soft tick per disc, spread over the flip animation.
    /// `count` 0 is silence.
    Flip {
        /// How many discs turned over.
        count: u8,
    },
    /// A click the rules (or the moment) refuse: a low double buzz.
    Illegal,
    /// The computer's disc or stone lands: a lower, duller click than [`Sound::Place`].
    ComputerMove,
    /// The human won (or a hot-seat game ended): a rising arpeggio.
    Win,
    /// The human lost: a falling minor line.
    Loss,
    /// A draw: two calm notes.
    Draw,
    /// A player's clock is running low: two short high beeps (see [`crossed_time_low`]).
    TimeLow,
}

impl Sound {
    /// Every kind of sound, with a sample flip count, for tests and previews.
    pub const ALL: [Sound; 8] = [
        Sound::Place,
        Sound::Flip { count: 3 },
        Sound::Illegal,
        Sound::ComputerMove,
        Sound::Win,
        Sound::Loss,
        Sound::Draw,
        Sound::TimeLow,
    ];
}

/// A clock at or below this much remaining time is running low.
pub const TIME_LOW: Duration = Duration::from_secs(10);

/// Whether a clock that went from `before` to `now` remaining time has just crossed
/// [`TIME_LOW`], so the game clock plays [`Sound::TimeLow`] once per crossing (through
/// [`crate::app::tab::Tab::cue`]) rather than on every frame below the threshold.
#[must_use]
pub fn crossed_time_low(before: Duration, now: Duration) -> bool {
    before > TIME_LOW && now <= TIME_LOW
}

/// The loudest volume setting, in percent.
pub const MAX_VOLUME: u8 = 100;

/// The gain (0–1) for a volume setting in percent (0–100, larger values count as 100):
/// squared, so equal steps of the slider sound roughly like equal steps of loudness.
#[must_use]
pub fn gain_for_volume(percent: u8) -> f32 {
    let v = f32::from(percent.min(MAX_VOLUME)) / f32::from(MAX_VOLUME);
    v * v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_low_fires_once_when_the_threshold_is_crossed() {
        let s = Duration::from_secs;
        assert!(crossed_time_low(s(11), s(10)));
        assert!(crossed_time_low(s(30), s(2)));
        assert!(!crossed_time_low(s(10), s(9)), "already low");
        assert!(!crossed_time_low(s(12), s(11)), "not low yet");
    }

    #[test]
    fn volume_curve_is_monotone_from_silence_to_full() {
        assert_eq!(gain_for_volume(0), 0.0);
        assert_eq!(gain_for_volume(100), 1.0);
        assert_eq!(gain_for_volume(250), 1.0);
        assert!((gain_for_volume(50) - 0.25).abs() < 1e-6);
        for v in 0..100 {
            assert!(gain_for_volume(v) < gain_for_volume(v + 1));
        }
    }
}
