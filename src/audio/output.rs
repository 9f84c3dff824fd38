//! Where sounds go: the [`AudioSink`] trait, the real output on its own thread
//! ([`DeviceSink`]), a sink that plays nothing ([`NoOutput`]) and one that records what it was
//! asked to play, for tests ([`RecordingSink`]).

use std::collections::HashMap;
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex, PoisonError};

use super::Sound;
use super::mixer::{Effect, Source};
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

/// A sink that only records what it was asked to play; clones share the record, so a test
/// keeps one clone and gives the app another.
#[derive(Clone, Debug, Default)]
pub struct RecordingSink {
    played: Arc<Mutex<Vec<(Sound, f32)>>>,
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
}

/// An opened output as the audio thread drives it (a PulseAudio stream, a cpal stream).
pub trait Backend {
    /// The output's sample rate in Hz (sounds are synthesised at it).
    fn rate(&self) -> u32;
    /// The output in words, for [`OutputState::Playing`].
    fn name(&self) -> String;
    /// Start playing `source`, mixed with the others.
    fn add(&mut self, source: Box<dyn Source>);
}

/// A request to the audio thread.
enum Command {
    Play(Sound, f32),
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
    while let Ok(Command::Play(sound, gain)) = inbox.recv() {
        let samples = cache
            .entry(sound)
            .or_insert_with(|| synth::samples(sound, rate).into())
            .clone();
        if !samples.is_empty() {
            backend.add(Box::new(Effect::new(samples, gain)));
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
    fn a_recording_sink_shares_its_record_between_clones() {
        let rec = RecordingSink::new();
        let mut given: Box<dyn AudioSink> = Box::new(rec.clone());
        given.play(Sound::Place, 0.5);
        given.play(Sound::Illegal, 1.0);
        assert_eq!(rec.take(), [(Sound::Place, 0.5), (Sound::Illegal, 1.0)]);
        assert!(rec.take().is_empty());
    }
}
