//! Reading the player's music file: OGG Vorbis, MP3, FLAC or WAV, decoded with symphonia
//! (pure Rust), mixed down to mono and made into a [`MusicLoop`]. Call it off the UI thread:
//! it reads and decodes the whole file.
//!
//! A file is refused, with the reason, rather than played in part: one that cannot be opened,
//! is not one of these formats, has no audio, stops before the length its header gives
//! (truncated), is damaged all through, is silent, or is longer than [`MAX_MUSIC_SECONDS`].

use std::fs::File;
use std::path::Path;

use symphonia::core::codecs::audio::AudioDecoderOptions;
use symphonia::core::errors::Error;
use symphonia::core::formats::probe::Hint;
use symphonia::core::formats::{FormatOptions, TrackType};
use symphonia::core::io::MediaSourceStream;
use symphonia::core::meta::MetadataOptions;

use super::music::MusicLoop;
use crate::i18n::Message;
use crate::msg;

/// Longest music accepted, in seconds (ten minutes: at most 115 MB held at 96 kHz, 53 MB at
/// 44.1 kHz).
pub const MAX_MUSIC_SECONDS: u32 = 600;

/// A file that decodes to fewer than this share of the frames its header announces is
/// truncated (a little slack for encoders' padding).
const TRUNCATED_SHARE: f64 = 0.99;

/// Why a music file cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MusicError {
    /// The file cannot be opened or read.
    #[error("cannot read it: {0}")]
    Io(String),
    /// Not an OGG Vorbis, MP3, FLAC or WAV file (or a codec inside one we do not decode).
    #[error("not a music file that can be played (OGG Vorbis, MP3, FLAC or WAV)")]
    Unsupported,
    /// The container holds no audio track.
    #[error("it holds no audio")]
    NoAudio,
    /// The file ends before the length its header gives.
    #[error("the file is cut short: {decoded} of {expected} samples")]
    Truncated {
        /// Frames decoded.
        decoded: u64,
        /// Frames the header announced.
        expected: u64,
    },
    /// The audio data is damaged.
    #[error("the audio is damaged ({0})")]
    Damaged(String),
    /// Longer than [`MAX_MUSIC_SECONDS`].
    #[error("longer than {} minutes", MAX_MUSIC_SECONDS / 60)]
    TooLong,
    /// Nothing louder than [`super::music::SILENCE`].
    #[error("it is silent")]
    Silent,
}

impl MusicError {
    /// The reason in the window's language (`Display` stays English for logs).
    #[must_use]
    pub fn message(&self) -> Message {
        match self {
            MusicError::Io(e) => msg!("music-error-io", error = e.as_str()),
            MusicError::Unsupported => msg!("music-error-unsupported"),
            MusicError::NoAudio => msg!("music-error-no-audio"),
            MusicError::Truncated { decoded, expected } => msg!(
                "music-error-truncated",
                decoded = decoded.to_string(),
                expected = expected.to_string()
            ),
            MusicError::Damaged(e) => msg!("music-error-damaged", error = e.as_str()),
            MusicError::TooLong => msg!("music-error-too-long", minutes = MAX_MUSIC_SECONDS / 60),
            MusicError::Silent => msg!("music-error-silent"),
        }
    }
}

/// The music file at `path` as a loop (see the [module docs](self)).
///
/// # Errors
/// A [`MusicError`] saying why it cannot be played.
pub fn decode_file(path: &Path) -> Result<MusicLoop, MusicError> {
    let file = File::open(path).map_err(|e| MusicError::Io(e.to_string()))?;
    let mut hint = Hint::new();
    if let Some(ext) = path.extension().and_then(|e| e.to_str()) {
        hint.with_extension(ext);
    }
    let (samples, rate) = decode_mono(
        MediaSourceStream::new(Box::new(file), Default::default()),
        &hint,
    )?;
    MusicLoop::from_file_samples(&samples, rate).ok_or(MusicError::Silent)
}

/// Every sample of the default audio track of `stream`, the channels averaged, and its rate.
fn decode_mono(stream: MediaSourceStream<'_>, hint: &Hint) -> Result<(Vec<f32>, u32), MusicError> {
    let mut format = symphonia::default::get_probe()
        .probe(
            hint,
            stream,
            FormatOptions::default(),
            MetadataOptions::default(),
        )
        .map_err(|e| match e {
            Error::IoError(e) => MusicError::Io(e.to_string()),
            _ => MusicError::Unsupported,
        })?;
    let track = format
        .default_track(TrackType::Audio)
        .ok_or(MusicError::NoAudio)?;
    let params = track
        .codec_params
        .as_ref()
        .and_then(|p| p.audio())
        .ok_or(MusicError::NoAudio)?
        .clone();
    let (track_id, expected) = (track.id, track.num_frames);
    let mut decoder = symphonia::default::get_codecs()
        .make_audio_decoder(&params, &AudioDecoderOptions::default())
        .map_err(|_| MusicError::Unsupported)?;
    let mut rate = params.sample_rate.unwrap_or(0);
    let mut mono: Vec<f32> = Vec::new();
    let mut frame: Vec<f32> = Vec::new();
    let (mut good, mut bad) = (0u64, 0u64);
    let mut last_error = String::new();
    // Why the reader stopped before the end, if it did.
    let mut stopped: Option<Error> = None;
    loop {
        let packet = match format.next_packet() {
            Ok(Some(p)) => p,
            Ok(None) => break,
            Err(e) => {
                stopped = Some(e);
                break;
            }
        };
        if packet.track_id != track_id {
            continue;
        }
        match decoder.decode(&packet) {
            Ok(buf) => {
                good += 1;
                rate = buf.spec().rate();
                let channels = buf.spec().channels().count().max(1);
                frame.resize(buf.samples_interleaved(), 0.0);
                buf.copy_to_slice_interleaved(&mut frame);
                mono.extend(
                    frame
                        .chunks_exact(channels)
                        .map(|f| f.iter().sum::<f32>() / channels as f32),
                );
                if mono.len() as u64 > u64::from(MAX_MUSIC_SECONDS) * u64::from(rate.max(1)) {
                    return Err(MusicError::TooLong);
                }
            }
            // A damaged packet is skipped, as players do; a file of nothing else is refused.
            Err(Error::DecodeError(e)) => {
                bad += 1;
                last_error = e.to_string();
            }
            Err(Error::IoError(e)) => return Err(MusicError::Io(e.to_string())),
            Err(e) => return Err(MusicError::Damaged(e.to_string())),
        }
    }
    let decoded = mono.len() as u64;
    let short = expected.filter(|n| (decoded as f64) < *n as f64 * TRUNCATED_SHARE);
    match stopped {
        // A file cut off: the header announced more, or it ends inside a packet.
        _ if short.is_some() => {
            return Err(MusicError::Truncated {
                decoded,
                expected: short.unwrap_or(0),
            });
        }
        Some(Error::IoError(e)) if e.kind() == std::io::ErrorKind::UnexpectedEof => {
            return Err(MusicError::Truncated {
                decoded,
                expected: expected.unwrap_or(0).max(decoded + 1),
            });
        }
        Some(Error::IoError(e)) => return Err(MusicError::Io(e.to_string())),
        Some(e) => return Err(MusicError::Damaged(e.to_string())),
        None => {}
    }
    if good == 0 || bad > good {
        return Err(MusicError::Damaged(if last_error.is_empty() {
            "no audio packets".into()
        } else {
            last_error
        }));
    }
    if rate == 0 {
        return Err(MusicError::Damaged("no sample rate".into()));
    }
    Ok((mono, rate))
}
