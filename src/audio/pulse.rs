//! The Linux output: one playback stream on the PulseAudio server (or PipeWire's
//! `pipewire-pulse`, which speaks the same protocol), through the pure-Rust `pulseaudio`
//! crate, so that building needs no C audio library (cpal and rodio link ALSA's).
//!
//! The stream asks for data when its buffer runs low; [`MixerSource`] answers from the
//! [`Mixer`]. With nothing to play it keeps sending silence for [`IDLE_TAIL_MS`] (so the end of
//! a sound is pushed through the server's buffer) and then stays quiet until the next sound,
//! so an idle game does not keep the sound card awake.

use std::ffi::CString;
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::pin::{Pin, pin};
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll, Waker};
use std::time::Duration;

use futures::future::{Either, select};
use pulseaudio::{Client, PlaybackSource, PlaybackStream, protocol};

use super::mixer::{Mixer, Source, to_s16le};
use super::output::{Backend, OutputState, SharedState, set_state};

/// The stream's sample rate in Hz (the server resamples to its sink's when they differ).
pub const RATE: u32 = 48_000;
/// The latency asked of the server: its buffer for our stream, in milliseconds.
pub const TARGET_LATENCY_MS: u32 = 40;
/// The smallest request for data the server may make, in milliseconds.
const MIN_REQUEST_MS: u32 = 10;
/// Silence sent after the last sound ends, before the stream goes quiet, in milliseconds.
pub const IDLE_TAIL_MS: u32 = 200;
/// Longest wait for the server during the connection and stream set-up (on the audio thread).
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(2);
/// The application name the server shows for our stream.
const CLIENT_NAME: &std::ffi::CStr = c"Reversi & Gomoku";

/// Where a PulseAudio server may listen, in the order libpulse looks: the `unix:` paths of
/// `$PULSE_SERVER` when it is set (remote `tcp:` servers are not supported), else
/// `$PULSE_RUNTIME_PATH/native`, `$XDG_RUNTIME_DIR/pulse/native`, `/run/user/<uid>/pulse/native`
/// and the system-wide daemon's `/var/run/pulse/native`. `var` reads an environment variable.
#[must_use]
pub fn socket_candidates(var: impl Fn(&str) -> Option<String>, uid: u32) -> Vec<PathBuf> {
    if let Some(servers) = var("PULSE_SERVER") {
        return servers
            .split_whitespace()
            // "{machine-id}unix:/path" limits an entry to one machine; we only try local ones.
            .map(|s| s.rsplit_once('}').map_or(s, |(_, rest)| rest))
            .filter_map(|s| s.strip_prefix("unix:").or(s.starts_with('/').then_some(s)))
            .map(PathBuf::from)
            .collect();
    }
    let mut paths = Vec::new();
    if let Some(dir) = var("PULSE_RUNTIME_PATH") {
        paths.push(Path::new(&dir).join("native"));
    }
    if let Some(dir) = var("XDG_RUNTIME_DIR") {
        paths.push(Path::new(&dir).join("pulse/native"));
    }
    paths.push(PathBuf::from(format!("/run/user/{uid}/pulse/native")));
    paths.push(PathBuf::from("/var/run/pulse/native"));
    paths.dedup();
    paths
}

/// The first server among `candidates` that accepts a connection, with read and write
/// time-outs of [`CONNECT_TIMEOUT`] for the handshake.
///
/// # Errors
/// "no PulseAudio or PipeWire server found" when none does.
fn connect(candidates: &[PathBuf]) -> Result<UnixStream, String> {
    let socket = candidates
        .iter()
        .find_map(|path| UnixStream::connect(path).ok())
        .ok_or_else(|| "no PulseAudio or PipeWire server found".to_string())?;
    socket
        .set_read_timeout(Some(CONNECT_TIMEOUT))
        .and_then(|()| socket.set_write_timeout(Some(CONNECT_TIMEOUT)))
        .map_err(|e| format!("cannot use the sound server's socket: {e}"))?;
    Ok(socket)
}

/// Run `fut` on this thread for at most `limit`; `None` when it took longer.
fn block_on_timeout<F: Future>(fut: F, limit: Duration) -> Option<F::Output> {
    let (alarm, rang) = futures::channel::oneshot::channel::<()>();
    // A short-lived timer thread: the futures crate has no timer of its own.
    let _ = std::thread::Builder::new()
        .name("audio-timeout".into())
        .spawn(move || {
            std::thread::sleep(limit);
            let _ = alarm.send(());
        });
    match futures::executor::block_on(select(pin!(fut), rang)) {
        Either::Left((out, _)) => Some(out),
        Either::Right(_) => None,
    }
}

/// `ms` milliseconds of our stream (mono, 16-bit) in bytes.
fn bytes_for_ms(ms: u32) -> u32 {
    RATE / 1000 * ms * 2
}

/// What the mixer thread and the connection's thread share.
struct Shared {
    mixer: Mixer,
    /// Samples of silence still to send before going quiet.
    tail: usize,
    /// Wakes the connection's thread when a sound arrives while quiet.
    waker: Option<Waker>,
    /// Mixed samples before conversion (kept to avoid allocating per request).
    scratch: Vec<f32>,
}

type SharedMixer = Arc<Mutex<Shared>>;

fn lock(shared: &SharedMixer) -> std::sync::MutexGuard<'_, Shared> {
    shared.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The stream's data: the mixer's output as 16-bit samples; `Pending` while quiet.
struct MixerSource(SharedMixer);

impl PlaybackSource for MixerSource {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut [u8]) -> Poll<usize> {
        let mut guard = lock(&self.0);
        let s = &mut *guard;
        // The server asks for whole samples; a request of under one would read as the end
        // of the stream (0 bytes), so it waits for the next.
        let n = buf.len() / 2;
        if (s.mixer.is_idle() && s.tail == 0) || n == 0 {
            s.waker = Some(cx.waker().clone());
            return Poll::Pending;
        }
        s.scratch.resize(n, 0.0);
        s.mixer.fill(&mut s.scratch);
        to_s16le(&s.scratch, &mut buf[..2 * n]);
        s.tail = if s.mixer.is_idle() {
            s.tail.saturating_sub(n)
        } else {
            idle_tail()
        };
        Poll::Ready(2 * n)
    }
}

fn idle_tail() -> usize {
    (RATE / 1000 * IDLE_TAIL_MS) as usize
}

/// An open playback stream on the sound server.
pub struct PulseOutput {
    shared: SharedMixer,
    /// Kept so the stream lives as long as the output.
    _stream: PlaybackStream,
    server: String,
}

impl PulseOutput {
    /// Connect to the server the environment names (see [`socket_candidates`]) and open a
    /// playback stream; a connection lost later is reported through `state`.
    ///
    /// # Errors
    /// Why no output could be opened, in words.
    pub fn open(state: &SharedState) -> Result<PulseOutput, String> {
        let candidates = socket_candidates(|v| std::env::var(v).ok(), current_uid());
        PulseOutput::open_at(&candidates, state)
    }

    /// As [`PulseOutput::open`], trying the server sockets in `candidates`.
    ///
    /// # Errors
    /// Why no output could be opened, in words.
    pub fn open_at(candidates: &[PathBuf], state: &SharedState) -> Result<PulseOutput, String> {
        let socket = connect(candidates)?;
        let cookie = pulseaudio::cookie_path_from_env().and_then(|p| std::fs::read(p).ok());
        let client = Client::new_unix(CLIENT_NAME, socket, cookie)
            .map_err(|e| format!("the sound server did not accept the connection ({e})"))?;
        let shared = Arc::new(Mutex::new(Shared {
            mixer: Mixer::new(),
            tail: 0,
            waker: None,
            scratch: Vec::new(),
        }));
        let create = client.create_playback_stream(stream_params(), MixerSource(shared.clone()));
        let stream = block_on_timeout(create, CONNECT_TIMEOUT)
            .ok_or("the sound server did not answer")?
            .map_err(|e| format!("the sound server refused a playback stream: {e}"))?;
        let server = block_on_timeout(client.server_info(), CONNECT_TIMEOUT)
            .and_then(Result::ok)
            .and_then(|info| info.server_name)
            .map_or_else(
                || "sound server".to_string(),
                |n| n.to_string_lossy().into_owned(),
            );
        watch_connection(&stream, state);
        Ok(PulseOutput {
            shared,
            _stream: stream,
            server,
        })
    }
}

/// Report [`OutputState::Unavailable`] when the server closes the connection (the stream's
/// end-of-source future then fails), from a thread that waits for it.
fn watch_connection(stream: &PlaybackStream, state: &SharedState) {
    let stream = stream.clone();
    let state = state.clone();
    let _ = std::thread::Builder::new()
        .name("audio-watch".into())
        .spawn(move || {
            if futures::executor::block_on(stream.source_eof()).is_err() {
                set_state(
                    &state,
                    OutputState::Unavailable {
                        reason: "the sound server closed the connection".into(),
                    },
                );
            }
        });
}

/// Mono 16-bit at [`RATE`] on the default sink, with a small buffer so that a click is
/// heard when it is made, tagged as event sounds.
fn stream_params() -> protocol::PlaybackStreamParams {
    let mut props = protocol::Props::new();
    props.set(protocol::Prop::MediaName, c"Game sounds");
    props.set(protocol::Prop::MediaRole, c"game");
    protocol::PlaybackStreamParams {
        sample_spec: protocol::SampleSpec {
            format: protocol::SampleFormat::S16Le,
            channels: 1,
            sample_rate: RATE,
        },
        channel_map: protocol::ChannelMap::mono(),
        cvolume: Some(protocol::ChannelVolume::norm(1)),
        sink_name: Some(CString::from(protocol::DEFAULT_SINK)),
        buffer_attr: protocol::stream::BufferAttr {
            target_length: bytes_for_ms(TARGET_LATENCY_MS),
            minimum_request_length: bytes_for_ms(MIN_REQUEST_MS),
            ..Default::default()
        },
        flags: protocol::stream::StreamFlags {
            adjust_latency: true,
            ..Default::default()
        },
        props,
        ..Default::default()
    }
}

impl Backend for PulseOutput {
    fn rate(&self) -> u32 {
        RATE
    }

    fn name(&self) -> String {
        self.server.clone()
    }

    fn add(&mut self, source: Box<dyn Source>) {
        self.wake_with(|mixer| mixer.add(source));
    }

    fn add_music(&mut self, music: Box<dyn Source>) {
        self.wake_with(|mixer| mixer.add_music(music));
    }
}

impl PulseOutput {
    /// Change the mixer with `change` and wake the stream if it was quiet.
    fn wake_with(&self, change: impl FnOnce(&mut Mixer)) {
        let mut s = lock(&self.shared);
        change(&mut s.mixer);
        s.tail = idle_tail();
        if let Some(waker) = s.waker.take() {
            waker.wake();
        }
    }
}

/// This process's user id (for `/run/user/<uid>`).
fn current_uid() -> u32 {
    // SAFETY: getuid has no preconditions and cannot fail.
    unsafe { libc::getuid() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audio::mixer::Effect;
    use std::collections::HashMap;

    fn env(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let map: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        move |k| map.get(k).cloned()
    }

    #[test]
    fn the_environment_names_the_server_sockets() {
        let paths = socket_candidates(
            env(&[
                ("XDG_RUNTIME_DIR", "/run/user/1000"),
                ("PULSE_RUNTIME_PATH", "/p"),
            ]),
            1000,
        );
        assert_eq!(
            paths,
            [
                "/p/native",
                "/run/user/1000/pulse/native",
                "/var/run/pulse/native"
            ]
            .map(PathBuf::from)
        );
        let paths = socket_candidates(
            env(&[("PULSE_SERVER", "{abc}unix:/a/native tcp:host /b/native")]),
            0,
        );
        assert_eq!(paths, ["/a/native", "/b/native"].map(PathBuf::from));
        assert!(socket_candidates(env(&[("PULSE_SERVER", "tcp:host:4713")]), 0).is_empty());
    }

    #[test]
    fn no_server_fails_at_once_with_a_reason() {
        let state = Arc::new(Mutex::new(OutputState::Starting));
        let missing = [PathBuf::from("/nonexistent/pulse/native")];
        let err = PulseOutput::open_at(&missing, &state).err();
        assert_eq!(
            err.as_deref(),
            Some("no PulseAudio or PipeWire server found")
        );
    }

    #[test]
    fn the_source_plays_then_pads_with_silence_then_waits() {
        let shared = Arc::new(Mutex::new(Shared {
            mixer: Mixer::new(),
            tail: 0,
            waker: None,
            scratch: Vec::new(),
        }));
        let mut source = MixerSource(shared.clone());
        let waker = futures::task::noop_waker();
        let mut cx = Context::from_waker(&waker);
        let mut buf = vec![0u8; 2 * idle_tail()];
        let mut read = |buf: &mut [u8]| Pin::new(&mut source).poll_read(&mut cx, buf);
        assert_eq!(read(&mut buf), Poll::Pending, "quiet until a sound comes");
        assert!(lock(&shared).waker.is_some());
        {
            let mut s = lock(&shared);
            s.mixer
                .add(Box::new(Effect::new(vec![0.5; 100].into(), 1.0)));
            s.tail = idle_tail();
        }
        assert_eq!(read(&mut buf[..400]), Poll::Ready(400));
        let first = i16::from_le_bytes([buf[0], buf[1]]);
        assert_eq!(first, (0.5 * f32::from(i16::MAX)).round() as i16);
        assert!(
            buf[200..400].iter().all(|b| *b == 0),
            "silence after the sound"
        );
        // Silence while the tail lasts, then quiet again.
        let len = buf.len();
        assert_eq!(read(&mut buf), Poll::Ready(len));
        assert!(buf.iter().all(|b| *b == 0));
        assert_eq!(read(&mut buf), Poll::Pending, "quiet after the tail");
    }
}
