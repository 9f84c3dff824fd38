//! The Windows and macOS output: the default output device through cpal (WASAPI, Core
//! Audio), fed from the [`Mixer`] in cpal's data callback. Not used on Linux, where cpal would
//! link ALSA's C library (see [`super::pulse`]).

use std::sync::{Arc, Mutex, PoisonError};

use cpal::traits::{DeviceTrait, HostTrait, StreamTrait};
use cpal::{FromSample, SampleFormat, SizedSample, StreamConfig};

use super::mixer::{Mixer, Source};
use super::output::Backend;

/// The default output device, playing the mixer.
pub struct CpalOutput {
    mixer: Arc<Mutex<Mixer>>,
    rate: u32,
    name: String,
    /// Kept so the stream plays as long as the output lives (it stops when dropped).
    _stream: cpal::Stream,
}

impl CpalOutput {
    /// Open the default output device at its default configuration.
    ///
    /// # Errors
    /// Why no output could be opened, in words.
    pub fn open() -> Result<CpalOutput, String> {
        let device = cpal::default_host()
            .default_output_device()
            .ok_or("no audio output device found")?;
        let name = device
            .description()
            .map_or_else(|_| "audio device".to_string(), |d| d.name().to_string());
        let supported = device
            .default_output_config()
            .map_err(|e| format!("the audio device has no usable format: {e}"))?;
        let format = supported.sample_format();
        let config: StreamConfig = supported.into();
        let rate = config.sample_rate;
        let mixer = Arc::new(Mutex::new(Mixer::new()));
        let stream = match format {
            SampleFormat::F32 => build::<f32>(&device, config, &mixer),
            SampleFormat::I16 => build::<i16>(&device, config, &mixer),
            SampleFormat::U16 => build::<u16>(&device, config, &mixer),
            SampleFormat::I32 => build::<i32>(&device, config, &mixer),
            other => {
                return Err(format!(
                    "the audio device's format {other} is not supported"
                ));
            }
        }?;
        stream
            .play()
            .map_err(|e| format!("the audio device does not start: {e}"))?;
        Ok(CpalOutput {
            mixer,
            rate,
            name,
            _stream: stream,
        })
    }
}

/// A stream of samples of type `T` that plays the mixer on every channel.
fn build<T: SizedSample + FromSample<f32>>(
    device: &cpal::Device,
    config: StreamConfig,
    mixer: &Arc<Mutex<Mixer>>,
) -> Result<cpal::Stream, String> {
    let channels = usize::from(config.channels.max(1));
    let mixer = mixer.clone();
    let mut mono: Vec<f32> = Vec::new();
    device
        .build_output_stream(
            config,
            move |data: &mut [T], _: &cpal::OutputCallbackInfo| {
                mono.resize(data.len() / channels, 0.0);
                mixer
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .fill(&mut mono);
                for (frame, x) in data.chunks_mut(channels).zip(&mono) {
                    frame.fill(T::from_sample(*x));
                }
            },
            // A glitch (an underrun, a device change) is not worth interrupting the game for.
            |_err| {},
            None,
        )
        .map_err(|e| format!("the audio device refused a stream: {e}"))
}

impl Backend for CpalOutput {
    fn rate(&self) -> u32 {
        self.rate
    }

    fn name(&self) -> String {
        self.name.clone()
    }

    fn add(&mut self, source: Box<dyn Source>) {
        self.mixer
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .add(source);
    }

    fn add_music(&mut self, music: Box<dyn Source>) {
        self.mixer
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .add_music(music);
    }
}
