//! The sound effects, synthesised: each [`Sound`] is a few decaying tones (a sine with some
//! second harmonic, optionally a burst of noise for the attack) rendered at any sample rate
//! and scaled to its own peak level, which stays well below full scale.
//!
//! Samples are mono `f32` in −1…1. Every tone fades in over [`ATTACK_S`] and out over
//! [`RELEASE_S`], so a sound starts and ends at zero and never clicks.

use std::f32::consts::TAU;
use std::time::Duration;

use super::Sound;

/// Fade-in of every tone, in seconds.
pub const ATTACK_S: f32 = 0.002;
/// Fade-out at the end of every tone, in seconds.
pub const RELEASE_S: f32 = 0.008;
/// The loudest peak of any sound (full scale is 1.0): headroom for sounds that overlap.
pub const MAX_PEAK: f32 = 0.7;
/// Most ticks in one [`Sound::Flip`] (Reversi flips at most 18 discs).
pub const MAX_FLIP_TICKS: u8 = 24;
/// Ticks of a [`Sound::Flip`] start this long after the move, in seconds (after the click).
const FLIP_LEAD_S: f32 = 0.03;
/// Ticks of a [`Sound::Flip`] follow each other at most this far apart, in seconds…
const FLIP_SPACING_S: f32 = 0.04;
/// …and all of them fit in this span (the flip animation), in seconds.
const FLIP_SPAN_S: f32 = 0.40;
/// Length of one flip tick, in seconds.
const FLIP_TICK_S: f32 = 0.03;

/// One decaying tone of a sound.
#[derive(Clone, Copy, Debug)]
struct Tone {
    /// Start, in seconds from the start of the sound.
    at: f32,
    /// Length, in seconds (the release fade ends exactly here).
    len: f32,
    /// Fundamental frequency, in Hz.
    freq: f32,
    /// Relative level (the whole sound is scaled to its peak afterwards).
    amp: f32,
    /// Time constant of the exponential decay, in seconds.
    decay: f32,
    /// Level of the second harmonic relative to the fundamental.
    harmonic: f32,
    /// Level of a noise burst at the attack (a knock), relative to `amp`.
    noise: f32,
}

impl Tone {
    /// A plain tone: no noise, a little second harmonic.
    const fn note(at: f32, len: f32, freq: f32, decay: f32) -> Tone {
        Tone {
            at,
            len,
            freq,
            amp: 1.0,
            decay,
            harmonic: 0.3,
            noise: 0.0,
        }
    }

    fn end(&self) -> f32 {
        self.at + self.len
    }
}

/// Note frequencies used below, in Hz.
const C4: f32 = 261.63;
const E_FLAT4: f32 = 311.13;
const G4: f32 = 392.00;
const A4: f32 = 440.00;
const C5: f32 = 523.25;
const D5: f32 = 587.33;
const E5: f32 = 659.25;
const G5: f32 = 783.99;
const C6: f32 = 1046.50;

/// The tones of `sound` and the peak level it is scaled to.
fn recipe(sound: Sound) -> (Vec<Tone>, f32) {
    match sound {
        Sound::Place => (click(330.0, 1250.0, 0.018), 0.65),
        Sound::ComputerMove => (click(220.0, 880.0, 0.022), 0.55),
        Sound::Flip { count } => (flip_ticks(count), 0.3),
        Sound::Illegal => {
            let buzz = |at, len| Tone {
                amp: 1.0,
                harmonic: 0.8,
                ..Tone::note(at, len, 150.0, 0.06)
            };
            (vec![buzz(0.0, 0.09), buzz(0.11, 0.11)], 0.55)
        }
        Sound::Win => (
            vec![
                Tone::note(0.0, 0.14, C5, 0.12),
                Tone::note(0.1, 0.14, E5, 0.12),
                Tone::note(0.2, 0.14, G5, 0.12),
                Tone::note(0.3, 0.4, C6, 0.2),
            ],
            0.55,
        ),
        Sound::Loss => (
            vec![
                Tone::note(0.0, 0.22, G4, 0.2),
                Tone::note(0.18, 0.22, E_FLAT4, 0.2),
                Tone::note(0.36, 0.45, C4, 0.3),
            ],
            0.55,
        ),
        Sound::Draw => (
            vec![
                Tone::note(0.0, 0.22, D5, 0.18),
                Tone::note(0.18, 0.35, A4, 0.25),
            ],
            0.5,
        ),
        Sound::TimeLow => {
            let beep = |at| Tone {
                harmonic: 0.1,
                ..Tone::note(at, 0.07, 1320.0, 0.05)
            };
            (vec![beep(0.0), beep(0.14)], 0.55)
        }
    }
}

/// A disc or stone landing: a knock on a low body tone plus a short bright tone.
fn click(body: f32, bright: f32, decay: f32) -> Vec<Tone> {
    vec![
        Tone {
            at: 0.0,
            len: 0.09,
            freq: body,
            amp: 1.0,
            decay,
            harmonic: 0.6,
            noise: 0.4,
        },
        Tone {
            amp: 0.35,
            harmonic: 0.0,
            ..Tone::note(0.0, 0.09, bright, 0.008)
        },
    ]
}

/// One tick per flipped disc (at most [`MAX_FLIP_TICKS`]), rising a little in pitch, spread
/// over the flip animation.
fn flip_ticks(count: u8) -> Vec<Tone> {
    let n = count.min(MAX_FLIP_TICKS);
    let spacing = FLIP_SPACING_S.min(FLIP_SPAN_S / f32::from(n.max(1)));
    (0..n)
        .map(|i| {
            let i = f32::from(i);
            Tone {
                at: FLIP_LEAD_S + i * spacing,
                len: FLIP_TICK_S,
                freq: 1900.0 + 40.0 * i,
                amp: 1.0,
                decay: 0.006,
                harmonic: 0.3,
                noise: 0.15,
            }
        })
        .collect()
}

/// How long `sound` lasts (zero for a flip of no discs).
#[must_use]
pub fn duration(sound: Sound) -> Duration {
    let (tones, _) = recipe(sound);
    let end = tones.iter().map(Tone::end).fold(0.0_f32, f32::max);
    // Whole microseconds, so that sums like 0.03 + 2 × 0.04 + 0.03 come out as 140 ms.
    Duration::from_micros((f64::from(end) * 1e6).round() as u64)
}

/// The number of samples `sound` takes at `rate` Hz.
#[must_use]
pub fn sample_count(sound: Sound, rate: u32) -> usize {
    (duration(sound).as_secs_f64() * f64::from(rate)).round() as usize
}

/// `sound` as mono samples at `rate` Hz: [`sample_count`] of them, in −1…1, peaking at the
/// sound's own level (at most [`MAX_PEAK`]), starting and ending at zero.
#[must_use]
pub fn samples(sound: Sound, rate: u32) -> Vec<f32> {
    let (tones, peak) = recipe(sound);
    let mut out = vec![0.0_f32; sample_count(sound, rate)];
    let mut noise = Noise(0x9E37_79B9);
    for tone in &tones {
        render(tone, rate, &mut noise, &mut out);
    }
    let loudest = out.iter().fold(0.0_f32, |m, x| m.max(x.abs()));
    if loudest > 0.0 {
        let scale = peak.min(MAX_PEAK) / loudest;
        for x in &mut out {
            *x *= scale;
        }
    }
    out
}

/// Add `tone` into `out` (samples at `rate` Hz).
fn render(tone: &Tone, rate: u32, noise: &mut Noise, out: &mut [f32]) {
    let rate = rate as f32;
    let start = (tone.at * rate).round() as usize;
    let len = (tone.len * rate).round() as usize;
    let end = (start + len).min(out.len());
    for (i, x) in out[start.min(end)..end].iter_mut().enumerate() {
        let t = i as f32 / rate;
        let phase = TAU * tone.freq * t;
        let wave = phase.sin() + tone.harmonic * (2.0 * phase).sin();
        let knock = tone.noise * noise.next() * (-t / 0.004).exp();
        *x += tone.amp * envelope(t, tone.len, tone.decay) * (wave + knock);
    }
}

/// The level of a tone `t` seconds into its `len`: a linear attack, an exponential decay with
/// time constant `decay`, and a linear release to zero at `len`.
fn envelope(t: f32, len: f32, decay: f32) -> f32 {
    let attack = (t / ATTACK_S).min(1.0);
    let release = ((len - t) / RELEASE_S).clamp(0.0, 1.0);
    attack * release * (-t / decay).exp()
}

/// A small deterministic noise source (xorshift), so every run sounds the same.
struct Noise(u32);

impl Noise {
    /// The next value, uniform in −1…1.
    fn next(&mut self) -> f32 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.0 = x;
        (x as f32 / u32::MAX as f32) * 2.0 - 1.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rms(s: &[f32]) -> f32 {
        (s.iter().map(|x| x * x).sum::<f32>() / s.len() as f32).sqrt()
    }

    fn all_sounds() -> Vec<Sound> {
        let mut v = Sound::ALL.to_vec();
        v.extend([1, 18, 200].map(|count| Sound::Flip { count }));
        v
    }

    #[test]
    fn every_sound_is_audible_unclipped_and_of_its_length() {
        for rate in [44_100, 48_000] {
            for sound in all_sounds() {
                let s = samples(sound, rate);
                let secs = s.len() as f32 / rate as f32;
                assert_eq!(s.len(), sample_count(sound, rate), "{sound:?}");
                assert!(
                    (0.05..=1.0).contains(&secs),
                    "{sound:?} lasts {secs} s at {rate} Hz"
                );
                assert!(s.iter().all(|x| x.is_finite()), "{sound:?}");
                let peak = s.iter().fold(0.0_f32, |m, x| m.max(x.abs()));
                assert!(peak <= MAX_PEAK + 1e-6, "{sound:?} peaks at {peak}");
                assert!(peak > 0.2, "{sound:?} peaks at only {peak}");
                assert!(rms(&s) > 0.02, "{sound:?} is nearly silent: {}", rms(&s));
                // Starts and ends at silence: no click at either end.
                assert!(
                    s[0].abs() < 0.01 && s[s.len() - 1].abs() < 0.01,
                    "{sound:?}"
                );
            }
        }
    }

    #[test]
    fn lengths_match_the_design() {
        let ms = |sound| duration(sound).as_millis();
        assert_eq!(ms(Sound::Place), 90);
        assert_eq!(ms(Sound::Illegal), 220);
        assert_eq!(ms(Sound::Win), 700);
        assert_eq!(ms(Sound::TimeLow), 210);
        // One tick per disc, 40 ms apart, until they no longer fit the 0.4 s animation.
        assert_eq!(ms(Sound::Flip { count: 1 }), 60);
        assert_eq!(ms(Sound::Flip { count: 3 }), 140);
        assert!(ms(Sound::Flip { count: 18 }) <= 460);
        assert_eq!(
            ms(Sound::Flip { count: 200 }),
            ms(Sound::Flip {
                count: MAX_FLIP_TICKS
            })
        );
    }

    #[test]
    fn more_flipped_discs_make_more_ticks() {
        // Count the ticks as onsets: rises of the envelope above a threshold.
        let onsets = |count| {
            let s = samples(Sound::Flip { count }, 48_000);
            let mut n = 0;
            let mut quiet = true;
            for chunk in s.chunks(48) {
                let level = chunk.iter().fold(0.0_f32, |m, x| m.max(x.abs()));
                if level > 0.15 {
                    n += usize::from(quiet);
                    quiet = false;
                } else if level < 0.05 {
                    quiet = true;
                }
            }
            n
        };
        assert_eq!(onsets(1), 1);
        assert_eq!(onsets(4), 4);
        assert_eq!(onsets(9), 9);
    }

    #[test]
    fn a_flip_of_nothing_is_silence() {
        assert!(samples(Sound::Flip { count: 0 }, 48_000).is_empty());
        assert_eq!(duration(Sound::Flip { count: 0 }), Duration::ZERO);
    }

    #[test]
    fn sounds_are_distinct_and_deterministic() {
        let place = samples(Sound::Place, 48_000);
        assert_eq!(place, samples(Sound::Place, 48_000));
        let computer = samples(Sound::ComputerMove, 48_000);
        assert_ne!(place.len(), 0);
        let differ = place
            .iter()
            .zip(&computer)
            .any(|(a, b)| (a - b).abs() > 0.1);
        assert!(differ, "the computer's move sounds unlike the player's");
    }
}
