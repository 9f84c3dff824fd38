//! Mixing: any number of [`Source`]s (one-shot effects, and the background music, see
//! [`super::music`]) summed into the output buffer, then through a soft limiter so that sounds
//! that overlap never clip.

use std::sync::Arc;

/// Most sources playing at once; adding one more drops the oldest (a burst of clicks cannot
/// pile up, and nothing grows while an output is stalled). Music is not counted.
pub const MAX_SOURCES: usize = 16;

/// Most pieces of music at once: the one playing and those still fading out.
pub const MAX_MUSIC: usize = 3;

/// Above this level the limiter starts to compress (full scale is 1.0).
pub const LIMIT_KNEE: f32 = 0.8;

/// Something that produces mono samples for the mixer.
pub trait Source: Send {
    /// Add the next `out.len()` samples into `out`. Returns false once finished (the mixer
    /// then drops it); a looping stream never does.
    fn add_to(&mut self, out: &mut [f32]) -> bool;
}

/// A sound effect played once: shared samples and a gain.
#[derive(Clone, Debug)]
pub struct Effect {
    samples: Arc<[f32]>,
    pos: usize,
    gain: f32,
}

impl Effect {
    /// `samples` (mono, the output's rate) played once at `gain` (0–1).
    #[must_use]
    pub fn new(samples: Arc<[f32]>, gain: f32) -> Effect {
        Effect {
            samples,
            pos: 0,
            gain,
        }
    }
}

impl Source for Effect {
    fn add_to(&mut self, out: &mut [f32]) -> bool {
        let rest = &self.samples[self.pos.min(self.samples.len())..];
        for (o, s) in out.iter_mut().zip(rest) {
            *o += s * self.gain;
        }
        self.pos += out.len().min(rest.len());
        self.pos < self.samples.len()
    }
}

/// The sources playing now.
#[derive(Default)]
pub struct Mixer {
    sources: Vec<Box<dyn Source>>,
    /// Kept apart, so that a burst of effects never pushes the music out.
    music: Vec<Box<dyn Source>>,
}

impl Mixer {
    /// A mixer playing nothing.
    #[must_use]
    pub fn new() -> Mixer {
        Mixer::default()
    }

    /// Start playing `source` (dropping the oldest when [`MAX_SOURCES`] already play).
    pub fn add(&mut self, source: Box<dyn Source>) {
        if self.sources.len() >= MAX_SOURCES {
            self.sources.remove(0);
        }
        self.sources.push(source);
    }

    /// Start playing `music` beside the effects (dropping the oldest piece when
    /// [`MAX_MUSIC`] already play).
    pub fn add_music(&mut self, music: Box<dyn Source>) {
        if self.music.len() >= MAX_MUSIC {
            self.music.remove(0);
        }
        self.music.push(music);
    }

    /// Whether nothing is playing.
    #[must_use]
    pub fn is_idle(&self) -> bool {
        self.sources.is_empty() && self.music.is_empty()
    }

    /// How many sources are playing (music included).
    #[must_use]
    pub fn len(&self) -> usize {
        self.sources.len() + self.music.len()
    }

    /// Whether nothing is playing (as [`Mixer::is_idle`]).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.is_idle()
    }

    /// Overwrite `out` with the next `out.len()` mixed samples (silence when idle), limited
    /// to −1…1, and drop the sources that finished.
    pub fn fill(&mut self, out: &mut [f32]) {
        out.fill(0.0);
        self.music.retain_mut(|s| s.add_to(out));
        self.sources.retain_mut(|s| s.add_to(out));
        for x in out.iter_mut() {
            *x = limit(*x);
        }
    }
}

/// A soft limiter: unchanged up to [`LIMIT_KNEE`], then bent smoothly (same slope at the
/// knee) towards ±1, which it never passes.
#[must_use]
pub fn limit(x: f32) -> f32 {
    let a = x.abs();
    if a <= LIMIT_KNEE {
        return x;
    }
    let room = 1.0 - LIMIT_KNEE;
    let bent = LIMIT_KNEE + room * ((a - LIMIT_KNEE) / room).tanh();
    bent.copysign(x)
}

/// Mono `f32` samples as signed 16-bit little-endian bytes, written into `out` (two bytes a
/// sample; `out.len()` must be `2 × samples.len()`).
pub fn to_s16le(samples: &[f32], out: &mut [u8]) {
    for (s, b) in samples.iter().zip(out.chunks_exact_mut(2)) {
        let v = (s.clamp(-1.0, 1.0) * f32::from(i16::MAX)).round() as i16;
        b.copy_from_slice(&v.to_le_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn effect(samples: &[f32], gain: f32) -> Box<dyn Source> {
        Box::new(Effect::new(samples.into(), gain))
    }

    #[test]
    fn effects_are_summed_with_their_gain_and_dropped_when_done() {
        let mut m = Mixer::new();
        m.add(effect(&[0.5, 0.5, 0.5], 1.0));
        m.add(effect(&[0.2], 0.5));
        let mut out = [9.0; 2];
        m.fill(&mut out);
        assert_eq!(out, [0.6, 0.5]);
        assert_eq!(m.len(), 1, "the one-sample effect finished");
        m.fill(&mut out);
        assert_eq!(out, [0.5, 0.0]);
        assert!(m.is_idle());
        m.fill(&mut out);
        assert_eq!(out, [0.0, 0.0], "silence when idle");
    }

    #[test]
    fn overlapping_sounds_never_clip() {
        let mut m = Mixer::new();
        for _ in 0..5 {
            m.add(effect(&[0.7; 64], 1.0));
        }
        let mut out = [0.0; 64];
        m.fill(&mut out);
        assert!(out.iter().all(|x| *x <= 1.0 && *x > 0.95), "{out:?}");
        assert_eq!(limit(0.5), 0.5);
        assert_eq!(limit(-0.8), -0.8);
        assert!(limit(-3.0) >= -1.0 && limit(-3.0) < -0.95);
        assert!(limit(0.9) < 0.9 && limit(0.9) > 0.85, "bent above the knee");
        // Monotone through the knee.
        let mut last = 0.0;
        for i in 0..300 {
            let y = limit(i as f32 / 100.0);
            assert!(y >= last);
            last = y;
        }
    }

    #[test]
    fn the_oldest_source_gives_way_when_full() {
        let mut m = Mixer::new();
        for _ in 0..MAX_SOURCES + 5 {
            m.add(effect(&[0.0; 10], 1.0));
        }
        assert_eq!(m.len(), MAX_SOURCES);
    }

    #[test]
    fn music_is_mixed_with_the_effects_and_never_pushed_out() {
        let mut m = Mixer::new();
        m.add_music(effect(&[0.25; 100], 1.0));
        for _ in 0..MAX_SOURCES + 5 {
            m.add(effect(&[0.0; 10], 1.0));
        }
        m.add(effect(&[0.5], 1.0));
        assert_eq!(
            m.len(),
            MAX_SOURCES + 1,
            "the effects are capped, the music stays"
        );
        let mut out = [0.0; 2];
        m.fill(&mut out);
        assert_eq!(out, [0.75, 0.25]);
    }

    #[test]
    fn samples_become_little_endian_16_bit() {
        let mut out = [0u8; 8];
        to_s16le(&[0.0, 1.0, -1.0, 2.0], &mut out);
        assert_eq!(out, [0, 0, 0xff, 0x7f, 0x01, 0x80, 0xff, 0x7f]);
    }
}
