//! The built-in background music, "Quiet Board": a calm 60-second loop synthesised when the
//! music is first turned on, off the UI thread (no audio file ships with the game), our own
//! composition.
//!
//! At 64 beats a minute, 16 bars of four beats: soft pads on a I–vi–IV–V progression in C
//! major (with a ii–V–iii–vi turn in the third line), a plucked bass on beats one and three,
//! and a bell-like arpeggio of the chord's notes in eighths, a few of them left out so it
//! breathes. Every note is written into the loop modulo its length, so a note still ringing
//! at the end sounds on over the start, and the reverb (a small Schroeder reverberator: four
//! comb filters and two all-pass filters, after Schroeder 1962 and Freeverb) runs over the
//! loop twice and keeps the second pass, which starts in the state the first ended in. The
//! result is exactly periodic: the sample after the last is the first.

use std::f32::consts::TAU;

use super::music::MusicLoop;

/// The built-in track's sample rate, in Hz (resampled on playback when the output differs).
pub const TUNE_RATE: u32 = 48_000;
/// Beats per minute.
const BPM: f32 = 64.0;
/// Bars in the loop.
const BARS: usize = 16;
/// The loudest sample of the finished track (the music volume applies on top).
pub const TUNE_PEAK: f32 = 0.5;

/// The chords, one per bar: the MIDI note numbers of their tones (C4 = 60).
const CHORDS: [[u8; 4]; BARS] = [
    [48, 55, 64, 71], // Cmaj7
    [45, 52, 60, 67], // Am7
    [41, 52, 57, 64], // Fmaj7
    [43, 50, 59, 64], // G6
    [48, 55, 64, 71],
    [45, 52, 60, 67],
    [41, 52, 57, 64],
    [43, 50, 59, 65], // G7
    [50, 57, 60, 65], // Dm7
    [43, 50, 59, 65], // G7
    [40, 55, 59, 62], // Em7
    [45, 52, 60, 64], // Am
    [41, 52, 57, 64], // Fmaj7
    [43, 50, 59, 62], // G
    [41, 53, 57, 64], // Fmaj7
    [43, 50, 55, 62], // Gsus, back to C
];

/// Frequency of MIDI note `n`, in Hz.
fn freq(n: u8) -> f32 {
    440.0 * 2f32.powf((f32::from(n) - 69.0) / 12.0)
}

/// A tiny deterministic generator (xorshift32) for the arpeggio's rests: the same tune on
/// every machine.
struct Xorshift(u32);

impl Xorshift {
    fn next_u32(&mut self) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        self.0
    }
}

/// The loop being written: samples added modulo its length.
struct Canvas {
    samples: Vec<f32>,
    rate: f32,
}

impl Canvas {
    /// Add `len` seconds of `voice(t)` (t in seconds from the note's start) from `at` seconds.
    fn add(&mut self, at: f32, len: f32, voice: impl Fn(f32) -> f32) {
        let n = self.samples.len();
        let start = (at * self.rate) as usize;
        for i in 0..(len * self.rate) as usize {
            let t = i as f32 / self.rate;
            self.samples[(start + i) % n] += voice(t);
        }
    }
}

/// A pad note: two slightly detuned sines with a little second harmonic, slow attack, held,
/// slow release.
fn pad(f: f32, hold: f32) -> impl Fn(f32) -> f32 {
    const ATTACK: f32 = 0.8;
    const RELEASE: f32 = 1.6;
    move |t| {
        let env = if t < ATTACK {
            t / ATTACK
        } else if t < hold {
            1.0
        } else {
            (1.0 - (t - hold) / RELEASE).max(0.0)
        };
        let wave = (TAU * f * 0.9985 * t).sin()
            + (TAU * f * 1.0015 * t).sin()
            + 0.2 * (TAU * 2.0 * f * t).sin();
        0.05 * env * env * wave
    }
}

/// A plucked note: a fast attack and an exponential decay of `decay` seconds, with
/// `overtone` of the third harmonic (a bell) and a fade to zero over its last tenth of a second.
fn pluck(f: f32, amp: f32, decay: f32, overtone: f32, len: f32) -> impl Fn(f32) -> f32 {
    move |t| {
        let attack = (t / 0.004).min(1.0);
        let end = ((len - t) / 0.1).clamp(0.0, 1.0);
        let wave = (TAU * f * t).sin() + overtone * (TAU * 3.0 * f * t).sin();
        amp * attack * end * (-t / decay).exp() * wave
    }
}

/// A comb filter with feedback `gain` over `delay` samples (a reverberator's echo).
struct Comb {
    line: Vec<f32>,
    pos: usize,
    gain: f32,
}

/// An all-pass filter over `delay` samples (diffuses the echoes without colouring them).
struct AllPass {
    line: Vec<f32>,
    pos: usize,
}

impl Comb {
    fn step(&mut self, x: f32) -> f32 {
        let y = self.line[self.pos];
        self.line[self.pos] = x + y * self.gain;
        self.pos = (self.pos + 1) % self.line.len();
        y
    }
}

impl AllPass {
    fn step(&mut self, x: f32) -> f32 {
        const G: f32 = 0.5;
        let d = self.line[self.pos];
        let y = d - G * x;
        self.line[self.pos] = x + G * y;
        self.pos = (self.pos + 1) % self.line.len();
        y
    }
}

/// `dry` with a soft reverb added, as a loop: the reverb runs over it twice and the second
/// pass is kept (see the [module docs](self)).
fn reverb(dry: &[f32], rate: f32) -> Vec<f32> {
    let ms = |m: f32| ((m * rate / 1000.0) as usize).max(1);
    let mut combs: Vec<Comb> = [29.7, 37.1, 41.1, 43.7]
        .iter()
        .map(|d| Comb {
            line: vec![0.0; ms(*d)],
            pos: 0,
            gain: 0.84,
        })
        .collect();
    let mut passes: Vec<AllPass> = [5.0, 1.7]
        .iter()
        .map(|d| AllPass {
            line: vec![0.0; ms(*d)],
            pos: 0,
        })
        .collect();
    let mut out = vec![0.0; dry.len()];
    for _pass in 0..2 {
        for (o, x) in out.iter_mut().zip(dry) {
            let mut wet = combs.iter_mut().map(|c| c.step(*x)).sum::<f32>() / 4.0;
            for a in &mut passes {
                wet = a.step(wet);
            }
            *o = x + 0.3 * wet;
        }
    }
    out
}

/// The built-in track's samples (mono, −[`TUNE_PEAK`]…[`TUNE_PEAK`]) at `rate` Hz: exactly
/// [`BARS`] bars, 60 s.
#[must_use]
pub fn samples(rate: u32) -> Vec<f32> {
    let beat = 60.0 / BPM;
    let bar = 4.0 * beat;
    let r = rate as f32;
    let mut c = Canvas {
        samples: vec![0.0; (BARS as f32 * bar * r).round() as usize],
        rate: r,
    };
    let mut rng = Xorshift(0x2545_f491);
    for (i, chord) in CHORDS.iter().enumerate() {
        let at = i as f32 * bar;
        // Pads: the upper three tones, an octave up from the voicing.
        for n in &chord[1..] {
            c.add(at, bar + 1.6, pad(freq(*n), bar));
        }
        // Bass: the root on beats one and three.
        for b in [0.0, 2.0] {
            c.add(
                at + b * beat,
                1.8,
                pluck(freq(chord[0]), 0.22, 0.7, 0.05, 1.8),
            );
        }
        // Arpeggio: up and down the chord two octaves up, in eighths, some left out.
        let order = [1, 2, 3, 2, 1, 2, 3, 2];
        for (k, idx) in order.iter().enumerate() {
            if rng.next_u32().is_multiple_of(5) {
                continue;
            }
            let note = chord[*idx] + 12;
            let amp = if k % 2 == 0 { 0.09 } else { 0.06 };
            c.add(
                at + k as f32 * beat / 2.0,
                2.2,
                pluck(freq(note), amp, 0.6, 0.15, 2.2),
            );
        }
    }
    let mut out = reverb(&c.samples, r);
    let peak = out.iter().fold(0.0f32, |m, x| m.max(x.abs()));
    if peak > 0.0 {
        for x in &mut out {
            *x *= TUNE_PEAK / peak;
        }
    }
    out
}

/// The built-in track as a loop at [`TUNE_RATE`].
#[must_use]
pub fn built_in() -> MusicLoop {
    MusicLoop::seamless(&samples(TUNE_RATE), TUNE_RATE)
        .unwrap_or_else(|| unreachable!("the tune is not empty"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tune_is_periodic_and_not_silent() {
        let rate = 8_000;
        let s = samples(rate);
        assert_eq!(s.len(), 60 * rate as usize, "60 s");
        let peak = s.iter().fold(0.0f32, |m, x| m.max(x.abs()));
        assert!((peak - TUNE_PEAK).abs() < 1e-6);
        let rms = (s.iter().map(|x| x * x).sum::<f32>() / s.len() as f32).sqrt();
        assert!(rms > 0.05, "not silent: rms {rms}");
        // No quiet hole anywhere: every second has sound.
        for second in s.chunks(rate as usize) {
            assert!(second.iter().any(|x| x.abs() > 0.05));
        }
    }
}
