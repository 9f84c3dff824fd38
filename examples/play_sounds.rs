//! Plays every sound effect once on the real output, as the game would, and says which output
//! it used: `cargo run --release --example play_sounds`. Without an audio server it says why
//! and plays nothing.

use std::time::{Duration, Instant};

use reversi_gomoku::audio::{AudioSink, DeviceSink, OutputState, Sound, synth};

fn main() {
    let mut sink = DeviceSink::open();
    let started = Instant::now();
    while sink.state() == OutputState::Starting && started.elapsed() < Duration::from_secs(5) {
        std::thread::sleep(Duration::from_millis(10));
    }
    println!(
        "output after {} ms: {:?}",
        started.elapsed().as_millis(),
        sink.state()
    );
    let sounds = [
        Sound::Place,
        Sound::Flip { count: 1 },
        Sound::Flip { count: 6 },
        Sound::Flip { count: 18 },
        Sound::ComputerMove,
        Sound::Illegal,
        Sound::TimeLow,
        Sound::Win,
        Sound::Loss,
        Sound::Draw,
    ];
    for sound in sounds {
        let length = synth::duration(sound);
        println!("{sound:?}: {} ms", length.as_millis());
        sink.play(sound, 1.0);
        std::thread::sleep(length + Duration::from_millis(400));
    }
    println!("state at the end: {:?}", sink.state());
}
