//! Background music: a [`MusicLoop`] (mono samples at their own rate, made to repeat without
//! a gap or a click) and the [`MusicSource`] that plays it in the [`super::mixer::Mixer`] at the
//! output's rate, with its own volume ([`MusicControl`]).
//!
//! The loop is held in memory as 16-bit samples at the file's rate: at most
//! [`super::decode::MAX_MUSIC_SECONDS`] of it, 53 MB for ten minutes at 44.1 kHz. Holding it
//! decoded lets a damaged file be refused before it plays, and the loop point be prepared
//! once; it is resampled to the output's rate while it plays (rubato's band-limited sinc
//! interpolation: 128 taps, linear between 256 oversampled phases).
//!
//! **Loop point.** A piece of music rarely ends where it starts: played again from the top, the
//! jump from its last sample to its first is a click, and a silent tail is a gap. So the
//! near-silence at both ends is trimmed ([`SILENCE`]), and the last [`CROSSFADE_S`] seconds
//! are blended into the first with an equal-power crossfade: the body that repeats ends one
//! sample before the crossfaded tail begins, so its last sample is followed, on the next pass,
//! by the very sample that followed it in the file. The first pass plays the file's own
//! opening ([`MusicLoop::intro`]) instead of the blend.

use std::collections::VecDeque;
use std::f32::consts::FRAC_PI_2;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

use rubato::audioadapter_buffers::direct::InterleavedSlice;
use rubato::{
    Async, FixedAsync, Resampler, SincInterpolationParameters, SincInterpolationType,
    WindowFunction,
};

use super::mixer::Source;

/// Samples quieter than this (full scale 1.0; −60 dBFS) at the ends of a file are trimmed.
pub const SILENCE: f32 = 0.001;
/// Length of the crossfade that joins a file's end to its start, in seconds (at most a quarter
/// of the music).
pub const CROSSFADE_S: f32 = 1.0;
/// Music fades in over this long when it starts, in seconds.
pub const FADE_IN_S: f32 = 0.5;
/// Music fades out over this long when it stops or gives way to another piece, in seconds.
pub const FADE_OUT_S: f32 = 0.6;
/// A volume change glides to its new gain with this time constant, in seconds (no zipper
/// noise while the slider is dragged).
const GAIN_GLIDE_S: f32 = 0.02;
/// Input frames handed to the resampler at a time.
const RESAMPLE_CHUNK: usize = 1024;

/// Music ready to loop: mono 16-bit samples at `rate`; see the [module docs](self).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MusicLoop {
    /// Sample rate of `body` and `intro`, in Hz.
    pub rate: u32,
    /// What repeats: after its last sample comes its first. Never empty.
    pub body: Box<[i16]>,
    /// Played instead of the start of `body` on the first pass (the file's own opening, where
    /// `body` holds the crossfade from its end); empty for music that loops as it is.
    pub intro: Box<[i16]>,
}

/// A sample in −1…1 as 16 bits.
fn to_i16(x: f32) -> i16 {
    (x.clamp(-1.0, 1.0) * f32::from(i16::MAX)).round() as i16
}

/// A 16-bit sample in −1…1.
fn to_f32(x: i16) -> f32 {
    f32::from(x) / f32::from(i16::MAX)
}

impl MusicLoop {
    /// Music that already loops seamlessly (the built-in track): `samples` at `rate` Hz.
    /// `None` when `samples` is empty.
    #[must_use]
    pub fn seamless(samples: &[f32], rate: u32) -> Option<MusicLoop> {
        (!samples.is_empty()).then(|| MusicLoop {
            rate,
            body: samples.iter().copied().map(to_i16).collect(),
            intro: Box::new([]),
        })
    }

    /// A file's decoded samples (mono, −1…1, at `rate` Hz) made into a loop: silence trimmed
    /// at both ends, the end crossfaded into the start (see the [module docs](self)). `None`
    /// when nothing is louder than [`SILENCE`].
    #[must_use]
    pub fn from_file_samples(samples: &[f32], rate: u32) -> Option<MusicLoop> {
        let start = samples.iter().position(|x| x.abs() >= SILENCE)?;
        let end = samples.iter().rposition(|x| x.abs() >= SILENCE)? + 1;
        let s = &samples[start..end];
        let fade = ((CROSSFADE_S * rate as f32) as usize).min(s.len() / 4);
        let len = s.len() - fade;
        let body = (0..len)
            .map(|i| {
                if i < fade {
                    // Equal power: the two parts are unrelated music, not the same wave.
                    let t = (i as f32 + 0.5) / fade as f32 * FRAC_PI_2;
                    s[i] * t.sin() + s[len + i] * t.cos()
                } else {
                    s[i]
                }
            })
            .map(to_i16)
            .collect();
        Some(MusicLoop {
            rate,
            body,
            intro: s[..fade].iter().copied().map(to_i16).collect(),
        })
    }

    /// Length of one pass, in seconds.
    #[must_use]
    pub fn seconds(&self) -> f32 {
        self.body.len() as f32 / self.rate as f32
    }

    /// The sample of `body` at `i` as −1…1 (wrapping around).
    #[must_use]
    pub fn sample(&self, i: usize) -> f32 {
        to_f32(self.body[i % self.body.len()])
    }
}

/// What the app may change on music already playing: its gain, and stopping it. Shared
/// between the audio thread and the [`MusicSource`] in the mixer.
#[derive(Debug, Default)]
pub struct MusicControl {
    gain: AtomicU32,
    stopping: AtomicBool,
}

impl MusicControl {
    /// Set the gain (0–1, see [`super::gain_for_volume`]); the music glides to it.
    pub fn set_gain(&self, gain: f32) {
        self.gain
            .store(gain.clamp(0.0, 1.0).to_bits(), Ordering::Relaxed);
    }

    /// The gain asked for.
    #[must_use]
    pub fn gain(&self) -> f32 {
        f32::from_bits(self.gain.load(Ordering::Relaxed))
    }

    /// Fade out over [`FADE_OUT_S`], then leave the mixer.
    pub fn stop(&self) {
        self.stopping.store(true, Ordering::Relaxed);
    }
}

/// A [`MusicLoop`] playing in the mixer at the output's rate, forever (until stopped).
pub struct MusicSource {
    music: Arc<MusicLoop>,
    control: Arc<MusicControl>,
    /// Next sample of `music` (in `body`).
    pos: usize,
    /// Still on the first pass (the intro plays).
    first_pass: bool,
    /// The gain applied now (gliding towards the control's).
    gain: f32,
    glide: f32,
    /// The fade envelope, 0–1, and its step per output sample.
    envelope: f32,
    fade_in_step: f32,
    fade_out_step: f32,
    /// From the music's rate to the output's, when they differ.
    resampler: Option<Box<Async<f32>>>,
    chunk_in: Vec<f32>,
    chunk_out: Vec<f32>,
    /// Resampled samples not played yet.
    ready: VecDeque<f32>,
}

impl MusicSource {
    /// `music` to play at `output_rate` Hz, starting at `gain` with a fade-in; the returned
    /// control changes its gain or stops it.
    #[must_use]
    pub fn new(
        music: Arc<MusicLoop>,
        output_rate: u32,
        gain: f32,
    ) -> (MusicSource, Arc<MusicControl>) {
        let control = Arc::new(MusicControl::default());
        control.set_gain(gain);
        let out = output_rate.max(1) as f32;
        let resampler = (music.rate != output_rate)
            .then(|| resampler(music.rate, output_rate))
            .flatten();
        let chunk_out = vec![0.0; resampler.as_ref().map_or(0, |r| r.output_frames_max())];
        let source = MusicSource {
            control: control.clone(),
            pos: 0,
            first_pass: true,
            gain: control.gain(),
            glide: 1.0 - (-1.0 / (GAIN_GLIDE_S * out)).exp(),
            envelope: 0.0,
            fade_in_step: 1.0 / (FADE_IN_S * out),
            fade_out_step: 1.0 / (FADE_OUT_S * out),
            chunk_in: vec![0.0; RESAMPLE_CHUNK],
            chunk_out,
            resampler,
            ready: VecDeque::new(),
            music,
        };
        (source, control)
    }

    /// At least `n` samples at the output's rate in `ready`.
    fn refill(&mut self, n: usize) {
        while self.ready.len() < n {
            let Some(r) = self.resampler.as_mut() else {
                for _ in self.ready.len()..n {
                    let x = next_sample(&self.music, &mut self.pos, &mut self.first_pass);
                    self.ready.push_back(x);
                }
                return;
            };
            for i in 0..self.chunk_in.len() {
                self.chunk_in[i] = next_sample(&self.music, &mut self.pos, &mut self.first_pass);
            }
            let produced = InterleavedSlice::new(&self.chunk_in[..], 1, RESAMPLE_CHUNK)
                .ok()
                .and_then(|input| {
                    let len = self.chunk_out.len();
                    let mut output =
                        InterleavedSlice::new_mut(&mut self.chunk_out[..], 1, len).ok()?;
                    r.process_into_buffer(&input, &mut output, None).ok()
                })
                .map_or(0, |(_, produced)| produced);
            if produced == 0 {
                // Cannot happen with the buffers sized as the resampler asked; play silence
                // rather than spin.
                self.ready
                    .extend(std::iter::repeat_n(0.0, n - self.ready.len()));
                return;
            }
            self.ready.extend(&self.chunk_out[..produced]);
        }
    }
}

/// The next sample of `m` at its own rate after `pos`, looping (the intro on the first pass).
fn next_sample(m: &MusicLoop, pos: &mut usize, first_pass: &mut bool) -> f32 {
    let s = if *first_pass && *pos < m.intro.len() {
        m.intro[*pos]
    } else {
        m.body[*pos]
    };
    *pos += 1;
    if *pos == m.body.len() {
        *pos = 0;
        *first_pass = false;
    }
    to_f32(s)
}

/// A band-limited resampler from `from` to `to` Hz for one channel (`None` for rates it
/// refuses: zero).
fn resampler(from: u32, to: u32) -> Option<Box<Async<f32>>> {
    let mut params = SincInterpolationParameters::new(128, WindowFunction::BlackmanHarris2);
    params.interpolation = SincInterpolationType::Linear;
    params.oversampling_factor = 256;
    let ratio = f64::from(to) / f64::from(from);
    Async::new_sinc(ratio, 1.0, &params, RESAMPLE_CHUNK, 1, FixedAsync::Input)
        .ok()
        .map(Box::new)
}

impl Source for MusicSource {
    fn add_to(&mut self, out: &mut [f32]) -> bool {
        self.refill(out.len());
        let stopping = self.control.stopping.load(Ordering::Relaxed);
        let target = self.control.gain();
        for o in out.iter_mut() {
            let x = self.ready.pop_front().unwrap_or(0.0);
            self.envelope = if stopping {
                (self.envelope - self.fade_out_step).max(0.0)
            } else {
                (self.envelope + self.fade_in_step).min(1.0)
            };
            self.gain += (target - self.gain) * self.glide;
            *o += x * self.gain * self.envelope;
        }
        !(stopping && self.envelope == 0.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sine of `freq` Hz at `rate`, `secs` long, amplitude 0.5.
    fn sine(freq: f32, rate: u32, secs: f32) -> Vec<f32> {
        (0..(secs * rate as f32) as usize)
            .map(|i| 0.5 * (std::f32::consts::TAU * freq * i as f32 / rate as f32).sin())
            .collect()
    }

    /// The largest step between neighbouring samples of `body`, and the step across the
    /// loop point (last → first).
    fn steps(m: &MusicLoop) -> (f32, f32) {
        let inner = m
            .body
            .windows(2)
            .map(|w| (to_f32(w[1]) - to_f32(w[0])).abs())
            .fold(0.0, f32::max);
        let seam = (m.sample(0) - m.sample(m.body.len() - 1)).abs();
        (inner, seam)
    }

    #[test]
    fn a_file_loop_joins_its_end_to_its_start_without_a_jump() {
        // 4.3 s of a 441 Hz sine: 1896.3 periods, so played as it is the loop would jump.
        let mut s = sine(441.0, 8_000, 4.3);
        // Silence at both ends is trimmed (a gap otherwise).
        s.splice(0..0, vec![0.0; 800]);
        s.extend(vec![0.0; 1_600]);
        let m = MusicLoop::from_file_samples(&s, 8_000).expect("not silent");
        let (inner, seam) = steps(&m);
        assert!(seam <= inner * 1.05, "seam {seam} vs steps {inner}");
        let start = s.iter().position(|x| x.abs() >= SILENCE).expect("sound");
        let end = s.iter().rposition(|x| x.abs() >= SILENCE).expect("sound") + 1;
        let raw_seam = (s[start] - s[end - 1]).abs();
        let raw_inner = s[start..end]
            .windows(2)
            .map(|w| (w[1] - w[0]).abs())
            .fold(0.0, f32::max);
        assert!(
            raw_seam > raw_inner * 1.5,
            "the raw file would jump: {raw_seam}"
        );
        assert_eq!(m.intro.len(), 8_000, "one second of crossfade");
        assert_eq!(m.body.len(), end - start - 8_000);
        assert_eq!(
            m.intro[0],
            to_i16(s[start]),
            "the first pass starts as the file does"
        );
    }

    #[test]
    fn silence_is_no_music() {
        assert!(MusicLoop::from_file_samples(&[0.0; 1000], 8_000).is_none());
        assert!(MusicLoop::from_file_samples(&[], 8_000).is_none());
        assert!(MusicLoop::seamless(&[], 8_000).is_none());
    }

    #[test]
    fn the_source_plays_the_intro_once_then_the_body_in_a_loop_at_its_gain() {
        let m = Arc::new(MusicLoop {
            rate: 100,
            body: vec![1000, 2000, 3000, 4000].into(),
            intro: vec![-1000].into(),
        });
        let (mut src, control) = MusicSource::new(m, 100, 1.0);
        // Skip the fade-in (0.5 s = 50 samples at 100 Hz).
        let mut warm = vec![0.0; 52];
        assert!(src.add_to(&mut warm));
        assert!(
            (warm[0] - to_f32(-1000) / 50.0).abs() < 1e-4,
            "faded in from zero"
        );
        let mut out = vec![0.0; 8];
        src.add_to(&mut out);
        let expect: Vec<f32> = [1000, 2000, 3000, 4000, 1000, 2000, 3000, 4000]
            .iter()
            .map(|x| to_f32(*x))
            .collect();
        assert!(
            out.iter().zip(&expect).all(|(a, b)| (a - b).abs() < 1e-4),
            "{out:?}"
        );
        // Stopping fades out over 0.6 s, then the source leaves the mixer.
        control.stop();
        let mut tail = vec![0.0; 59];
        assert!(src.add_to(&mut tail), "still fading");
        assert!(tail[58].abs() < tail[0].abs());
        let mut last = vec![0.0; 2];
        assert!(!src.add_to(&mut last), "done");
    }

    #[test]
    fn a_gain_change_glides_and_resampling_keeps_the_pitch() {
        // 1 kHz at 44.1 kHz played at 48 kHz: still 1 kHz (counted by zero crossings).
        let m = Arc::new(MusicLoop::seamless(&sine(1000.0, 44_100, 1.0), 44_100).expect("sound"));
        let (mut src, control) = MusicSource::new(m, 48_000, 1.0);
        let mut out = vec![0.0; 48_000];
        src.add_to(&mut out);
        let second_half = &out[24_000..];
        let crossings = second_half
            .windows(2)
            .filter(|w| w[0] < 0.0 && w[1] >= 0.0)
            .count();
        assert!(
            (499..=501).contains(&crossings),
            "{crossings} rising crossings in 0.5 s"
        );
        let peak = second_half.iter().fold(0.0f32, |m, x| m.max(x.abs()));
        assert!((peak - 0.5).abs() < 0.02, "peak {peak}");
        control.set_gain(0.25);
        let mut out = vec![0.0; 9_600];
        src.add_to(&mut out);
        let peak = out[7_200..].iter().fold(0.0f32, |m, x| m.max(x.abs()));
        assert!((peak - 0.125).abs() < 0.01, "a quarter of the gain: {peak}");
        let first = out[..20].iter().fold(0.0f32, |m, x| m.max(x.abs()));
        assert!(first > 0.3, "no jump: the gain glides ({first})");
    }
}
