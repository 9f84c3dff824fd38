//! Where sounds go: the [`AudioSink`] trait, the real output on its own thread
//! ([`DeviceSink`]), a sink that plays nothing ([`NoOutput`]) and one that records what it was
//! asked to play, for tests ([`RecordingSink`]).

use std::collections::HashMap;
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex, PoisonError};

use super::Sound;
use super::mixer::{Effect, Source};
use super::music::{MusicControl, MusicLoop, MusicSource};
use super::synth;

/// What the sound output is doing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OutputState {
    /// Still looking for an audio device or server (on the audio thread).
    Starting,
    /// Sounds play on this device or server.
    Playing {
        /// The output in words ("PulseAudio server", a device name).
        device: String,
    },
    /// No audio output: the game plays silently.
    Unavailable {
        /// Why, for the curious (shown as a tooltip): "no PulseAudio or PipeWire server
        /// found".
        reason: String,
    },
}

/// Something that plays sounds. [`AudioSink::play`] returns at once: a real output does its
/// work on its own thread.
pub trait AudioSink: Send {
    /// Play `sound` at `gain` (0–1, see [`super::gain_for_volume`]), mixed with whatever
    /// plays already. Does nothing without an output.
    fn play(&mut self, sound: Sound, gain: f32);
    /// What the output is doing.
    fn state(&self) -> OutputState;
    /// Loop `music` at `gain` (0–1) beside the effects, in place of the music playing (which
    /// fades out while this fades in); `None` fades the music out. Does nothing without an
    /// output.
    fn set_music(&mut self, music: Option<Arc<MusicLoop>>, gain: f32) {
        let _ = (music, gain);
    }
    /// Glide the music playing to `gain` (0–1).
    fn set_music_gain(&mut self, gain: f32) {
        let _ = gain;
    }
}

/// No output at all (the default until the app opens a device, and in tests).
#[derive(Clone, Copy, Debug, Default)]
pub struct NoOutput;

impl AudioSink for NoOutput {
    fn play(&mut self, _sound: Sound, _gain: f32) {}

    fn state(&self) -> OutputState {
        OutputState::Unavailable {
            reason: "no audio output was opened".into(),
        }
    }
}

/// What a [`RecordingSink`] was asked to do with the music.
#[derive(Clone, Debug, PartialEq)]
pub enum MusicCall {
    /// Play a loop of this many samples at this rate, at this gain.
    Play {
        /// Samples in one pass ([`MusicLoop::body`]).
        samples: usize,
        /// Its rate, in Hz.
        rate: u32,
        /// The gain asked for.
        gain: f32,
    },
    /// Stop the music.
    Stop,
    /// Change the music's gain.
    Gain(f32),
}

/// A sink that only records what it was asked to play; clones share the record, so a test
/// keeps one clone and gives the app another.
#[derive(Clone, Debug, Default)]
pub struct RecordingSink {
    played: Arc<Mutex<Vec<(Sound, f32)>>>,
    music: Arc<Mutex<Vec<MusicCall>>>,
}

impl RecordingSink {
    /// An empty record.
    #[must_use]
    pub fn new() -> RecordingSink {
        RecordingSink::default()
    }

    /// The sounds played since the last call, with their gains, in order; clears the record.
    pub fn take(&self) -> Vec<(Sound, f32)> {
        std::mem::take(&mut *self.played.lock().unwrap_or_else(PoisonError::into_inner))
    }

    /// The sounds played since the last [`RecordingSink::take`], without their gains.
    pub fn take_sounds(&self) -> Vec<Sound> {
        self.take().into_iter().map(|(s, _)| s).collect()
    }

    /// What the music was asked to do since the last call, in order; clears the record.
    pub fn take_music(&self) -> Vec<MusicCall> {
        std::mem::take(&mut *self.music.lock().unwrap_or_else(PoisonError::into_inner))
    }

    fn log_music(&self, call: MusicCall) {
        self.music
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(call);
    }
}

impl AudioSink for RecordingSink {
    fn play(&mut self, sound: Sound, gain: f32) {
        self.played
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push((sound, gain));
    }

    fn state(&self) -> OutputState {
        OutputState::Playing {
            device: "recorder".into(),
        }
    }

    fn set_music(&mut self, music: Option<Arc<MusicLoop>>, gain: f32) {
        self.log_music(match music {
            Some(m) => MusicCall::Play {
                samples: m.body.len(),
                rate: m.rate,
                gain,
            },
            None => MusicCall::Stop,
        });
    }

    fn set_music_gain(&mut self, gain: f32) {
        self.log_music(MusicCall::Gain(gain));
    }
}

/// An opened output as the audio thread drives it (a PulseAudio stream, a cpal stream).
pub trait Backend {
    /// The output's sample rate in Hz (sounds are synthesised at it).
    fn rate(&self) -> u32;
    /// The output in words, for [`OutputState::Playing`].
    fn name(&self) -> String;
    /// Start playing `source`, mixed with the others.
    fn add(&mut self, source: Box<dyn Source>);
    /// Start playing `music` (see [`super::mixer::Mixer::add_music`]).
    fn add_music(&mut self, music: Box<dyn Source>);
}

/// A request to the audio thread.
enum Command {
    Play(Sound, f32),
    Music(Option<Arc<MusicLoop>>, f32),
    MusicGain(f32),
}

/// The real output: a thread that opens the platform's output, synthesises each sound the
/// first time it is needed and hands it to the mixer. Opening never blocks the caller: until
/// the thread knows, the state is [`OutputState::Starting`]; when no output can be opened it
/// becomes [`OutputState::Unavailable`] and sounds are dropped.
pub struct DeviceSink {
    commands: Sender<Command>,
    state: Arc<Mutex<OutputState>>,
}

/// Shared, updatable [`OutputState`] (the backend reports a lost connection through it).
pub type SharedState = Arc<Mutex<OutputState>>;

/// Record `new` as the output's state.
pub fn set_state(state: &SharedState, new: OutputState) {
    *state.lock().unwrap_or_else(PoisonError::into_inner) = new;
}

impl DeviceSink {
    /// Open the platform's output (see [`super`] for the backends) on a new thread.
    #[must_use]
    pub fn open() -> DeviceSink {
        DeviceSink::open_with(platform_backend)
    }

    /// Open the output that `open` returns, on a new thread; `open` gets the shared state to
    /// report a connection lost later. Its error is the reason shown in
    /// [`OutputState::Unavailable`].
    pub fn open_with<B: Backend>(
        open: impl FnOnce(&SharedState) -> Result<B, String> + Send + 'static,
    ) -> DeviceSink {
        let (commands, inbox) = mpsc::channel();
        let state = Arc::new(Mutex::new(OutputState::Starting));
        let thread_state = state.clone();
        let spawned = std::thread::Builder::new()
            .name("audio".into())
            .spawn(move || run(open, &inbox, &thread_state));
        if let Err(e) = spawned {
            set_state(
                &state,
                OutputState::Unavailable {
                    reason: format!("no audio thread ({e})"),
                },
            );
        }
        DeviceSink { commands, state }
    }
}

impl AudioSink for DeviceSink {
    fn play(&mut self, sound: Sound, gain: f32) {
        // After a failed open the thread is gone and the send fails: nothing to play on.
        let _ = self.commands.send(Command::Play(sound, gain));
    }

    fn state(&self) -> OutputState {
        self.state
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    fn set_music(&mut self, music: Option<Arc<MusicLoop>>, gain: f32) {
        let _ = self.commands.send(Command::Music(music, gain));
    }

    fn set_music_gain(&mut self, gain: f32) {
        let _ = self.commands.send(Command::MusicGain(gain));
    }
}

/// The audio thread: open the output, then play what comes until the app drops its sink.
fn run<B: Backend>(
    open: impl FnOnce(&SharedState) -> Result<B, String>,
    inbox: &Receiver<Command>,
    state: &SharedState,
) {
    let mut backend = match open(state) {
        Ok(b) => b,
        Err(reason) => {
            set_state(state, OutputState::Unavailable { reason });
            return;
        }
    };
    set_state(
        state,
        OutputState::Playing {
            device: backend.name(),
        },
    );
    let rate = backend.rate();
    let mut cache: HashMap<Sound, Arc<[f32]>> = HashMap::new();
    let mut music: Option<Arc<MusicControl>> = None;
    while let Ok(command) = inbox.recv() {
        match command {
            Command::Play(sound, gain) => {
                let samples = cache
                    .entry(sound)
                    .or_insert_with(|| synth::samples(sound, rate).into())
                    .clone();
                if !samples.is_empty() {
                    backend.add(Box::new(Effect::new(samples, gain)));
                }
            }
            Command::Music(next, gain) => {
                if let Some(playing) = music.take() {
                    playing.stop();
                }
                if let Some(next) = next {
                    let (source, control) = MusicSource::new(next, rate, gain);
                    backend.add_music(Box::new(source));
                    music = Some(control);
                }
            }
            Command::MusicGain(gain) => {
                if let Some(playing) = &music {
                    playing.set_gain(gain);
                }
            }
        }
    }
}

/// This platform's output: PulseAudio on Linux, cpal elsewhere.
fn platform_backend(state: &SharedState) -> Result<impl Backend + use<>, String> {
    #[cfg(target_os = "linux")]
    {
        super::pulse::PulseOutput::open(state)
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = state;
        super::cpal_out::CpalOutput::open()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audio::mixer::Mixer;
    use std::time::{Duration, Instant};

    /// A backend that mixes into memory.
    struct MemoryBackend(Arc<Mutex<Mixer>>);

    impl Backend for MemoryBackend {
        fn rate(&self) -> u32 {
            8_000
        }
        fn name(&self) -> String {
            "memory".into()
        }
        fn add(&mut self, source: Box<dyn Source>) {
            self.0.lock().unwrap().add(source);
        }
        fn add_music(&mut self, music: Box<dyn Source>) {
            self.0.lock().unwrap().add_music(music);
        }
    }

    fn wait_for(what: &str, done: impl Fn() -> bool) {
        let give_up = Instant::now() + Duration::from_secs(20);
        while !done() {
            assert!(Instant::now() < give_up, "timed out waiting for {what}");
            std::thread::yield_now();
        }
    }

    #[test]
    fn a_failed_open_leaves_a_silent_sink_that_says_why() {
        let mut sink = DeviceSink::open_with(|_| Err::<MemoryBackend, _>("no server".into()));
        wait_for("the open to fail", || sink.state() != OutputState::Starting);
        assert_eq!(
            sink.state(),
            OutputState::Unavailable {
                reason: "no server".into()
            }
        );
        sink.play(Sound::Place, 1.0); // dropped, not an error
    }

    #[test]
    fn played_sounds_reach_the_backend_synthesised_at_its_rate() {
        let mixer = Arc::new(Mutex::new(Mixer::new()));
        let shared = mixer.clone();
        let mut sink = DeviceSink::open_with(move |_| Ok(MemoryBackend(shared)));
        sink.play(Sound::Win, 1.0);
        sink.play(Sound::Flip { count: 0 }, 1.0); // silence: not queued
        wait_for("the sound to reach the mixer", || {
            !mixer.lock().unwrap().is_idle()
        });
        assert_eq!(
            sink.state(),
            OutputState::Playing {
                device: "memory".into()
            }
        );
        let mut m = mixer.lock().unwrap();
        assert_eq!(m.len(), 1);
        let expected = synth::samples(Sound::Win, 8_000);
        let mut out = vec![0.0; expected.len()];
        m.fill(&mut out);
        assert_eq!(out, expected, "the Win sound at the backend's rate");
        assert!(m.is_idle());
    }

    #[test]
    fn music_plays_beside_the_effects_and_gives_way_to_the_next_piece() {
        let mixer = Arc::new(Mutex::new(Mixer::new()));
        let shared = mixer.clone();
        let mut sink = DeviceSink::open_with(move |_| Ok(MemoryBackend(shared)));
        let piece = |x: f32| Arc::new(MusicLoop::seamless(&[x; 800], 8_000).expect("music"));
        sink.set_music(Some(piece(0.5)), 1.0);
        wait_for("the music to reach the mixer", || {
            mixer.lock().unwrap().len() == 1
        });
        // After the fade-in (0.5 s at 8 kHz) it plays at full gain.
        let mut out = vec![0.0; 4_100];
        mixer.lock().unwrap().fill(&mut out);
        assert!((out[4_099] - 0.5).abs() < 1e-3, "{}", out[4_099]);
        sink.set_music(Some(piece(0.25)), 1.0);
        wait_for("the next piece", || mixer.lock().unwrap().len() == 2);
        // 0.6 s later the first has faded out and left; the second has faded in.
        let mut out = vec![0.0; 4_900];
        mixer.lock().unwrap().fill(&mut out);
        assert_eq!(mixer.lock().unwrap().len(), 1);
        assert!((out[4_899] - 0.25).abs() < 1e-3, "{}", out[4_899]);
        sink.set_music(None, 0.0);
        wait_for("the music to fade out and leave", || {
            let mut out = vec![0.0; 4_900];
            let mut m = mixer.lock().unwrap();
            m.fill(&mut out);
            m.is_idle()
        });
    }

    #[test]
    fn a_recording_sink_shares_its_record_between_clones() {
        let rec = RecordingSink::new();
        let mut given: Box<dyn AudioSink> = Box::new(rec.clone());
        given.play(Sound::Place, 0.5);
        given.play(Sound::Illegal, 1.0);
        assert_eq!(rec.take(), [(Sound::Place, 0.5), (Sound::Illegal, 1.0)]);
        assert!(rec.take().is_empty());
    }
}
