//! Background music: the built-in track is a non-silent loop whose end joins its start;
//! each file format decodes to a loop without a jump at its seam; truncated and garbage files
//! are refused with a reason; and in the app, music is off by default, follows on/off, its
//! own volume and mute, is remembered, and a file that cannot be played leaves the previous
//! choice as it was.

mod common;

use std::path::{Path, PathBuf};

use common::{app, app_mut, step_until, temp_dir};
use reversi_gomoku::app::GameKind;
use reversi_gomoku::app::music::MusicChoice;
use reversi_gomoku::audio::{
    MusicCall, MusicError, MusicLoop, RecordingSink, decode_file, gain_for_volume, tune,
};
use reversi_gomoku::persist::Settings;

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/music")
        .join(name)
}

/// The largest step between neighbouring samples inside the loop, and the step from its last
/// sample to its first.
fn steps(m: &MusicLoop) -> (f32, f32) {
    let n = m.body.len();
    let inner = (1..n)
        .map(|i| (m.sample(i) - m.sample(i - 1)).abs())
        .fold(0.0, f32::max);
    (inner, (m.sample(0) - m.sample(n - 1)).abs())
}

/// The `q`-quantile (0–1) of `values`.
fn quantile(mut values: Vec<f32>, q: f32) -> f32 {
    values.sort_by(f32::total_cmp);
    values[((values.len() - 1) as f32 * q) as usize]
}

#[test]
fn the_built_in_track_is_a_calm_minute_that_loops_without_a_jump() {
    let m = tune::built_in();
    assert!(m.seconds() >= 60.0, "{} s", m.seconds());
    assert!(m.intro.is_empty(), "it loops as it is");
    let n = m.body.len();
    let rms = ((0..n).map(|i| m.sample(i).powi(2)).sum::<f32>() / n as f32).sqrt();
    assert!(rms > 0.03, "not silent: rms {rms}");
    // Across the seam (last sample → first) the wave moves no more than it does at 99 % of
    // the track's other steps, and bends no more either (no jump, no kink).
    let step = |i: usize| m.sample(i + 1) - m.sample(i);
    let steps: Vec<f32> = (0..n - 1).map(|i| step(i).abs()).collect();
    let bends: Vec<f32> = (0..n - 2).map(|i| (step(i + 1) - step(i)).abs()).collect();
    let seam = step(n - 1).abs();
    let bend = (step(n - 1) - step(n - 2))
        .abs()
        .max((step(0) - step(n - 1)).abs());
    assert!(seam <= quantile(steps, 0.99), "seam step {seam}");
    assert!(bend <= quantile(bends, 0.99), "seam bend {bend}");
}

#[test]
fn every_format_decodes_to_a_loop_whose_end_joins_its_start() {
    for name in ["tone.wav", "tone.ogg", "tone.mp3", "tone.flac"] {
        let m = decode_file(&data(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(m.rate, 22_050, "{name}");
        // One second, silence trimmed, a quarter second of crossfade taken off.
        assert!(
            (0.6..0.8).contains(&m.seconds()),
            "{name}: {} s",
            m.seconds()
        );
        // 0.5, up to √2 as loud where the equal-power crossfade adds the tone to itself.
        let peak = (0..m.body.len())
            .map(|i| m.sample(i).abs())
            .fold(0.0, f32::max);
        assert!((0.45..0.75).contains(&peak), "{name}: peak {peak}");
        let (inner, seam) = steps(&m);
        assert!(seam <= inner * 1.1, "{name}: seam {seam}, steps {inner}");
    }
}

#[test]
fn a_truncated_or_garbage_file_is_refused_with_the_reason() {
    let dir = temp_dir("music-bad-files");
    let wav = std::fs::read(data("tone.wav")).expect("fixture");
    let cut = dir.path().join("cut.wav");
    std::fs::write(&cut, &wav[..wav.len() / 2]).expect("write");
    assert!(
        matches!(
            decode_file(&cut),
            Err(MusicError::Truncated {
                expected: 22_050,
                ..
            })
        ),
        "{:?}",
        decode_file(&cut)
    );
    let flac = std::fs::read(data("tone.flac")).expect("fixture");
    let cut = dir.path().join("cut.flac");
    std::fs::write(&cut, &flac[..flac.len() / 2]).expect("write");
    let err = decode_file(&cut);
    assert!(matches!(err, Err(MusicError::Truncated { .. })), "{err:?}");
    let garbage = dir.path().join("noise.mp3");
    std::fs::write(&garbage, "this is not music, only words. ".repeat(600)).expect("write");
    let err = decode_file(&garbage).expect_err("garbage");
    assert!(
        matches!(err, MusicError::Unsupported | MusicError::Damaged(_)),
        "{err:?}"
    );
    assert!(matches!(
        decode_file(&dir.path().join("missing.ogg")),
        Err(MusicError::Io(_))
    ));
}

/// The app with a recording sink, data in `dir`.
fn music_app(dir: &Path) -> (egui_kittest::Harness<'static, common::App>, RecordingSink) {
    let mut h = common::harness(GameKind::Reversi, Some(dir));
    let rec = RecordingSink::new();
    app_mut(&mut h).set_audio_sink(Box::new(rec.clone()));
    (h, rec)
}

#[test]
fn music_is_off_by_default_then_follows_its_switch_volume_and_mute() {
    let dir = temp_dir("music-switch");
    let (mut h, rec) = music_app(dir.path());
    h.run_steps(3);
    assert!(rec.take_music().is_empty(), "off by default");
    assert!(!app(&h).data.music_on());

    app_mut(&mut h).data.set_music(true, 60);
    step_until(&mut h, "the built-in track to play", |a| {
        a.music.playing() == Some(&MusicChoice::BuiltIn)
    });
    let calls = rec.take_music();
    assert_eq!(calls.len(), 1, "{calls:?}");
    let MusicCall::Play {
        samples,
        rate,
        gain,
    } = calls[0].clone()
    else {
        panic!("{calls:?}");
    };
    assert_eq!(rate, tune::TUNE_RATE);
    assert!(samples >= 60 * tune::TUNE_RATE as usize);
    assert_eq!(gain, gain_for_volume(60));

    app_mut(&mut h).data.set_music(true, 30);
    h.step();
    assert_eq!(rec.take_music(), [MusicCall::Gain(gain_for_volume(30))]);

    h.key_press(egui::Key::M);
    h.step();
    assert_eq!(
        rec.take_music(),
        [MusicCall::Stop],
        "mute silences the music too"
    );
    h.key_press(egui::Key::M);
    h.step();
    assert!(
        matches!(rec.take_music()[..], [MusicCall::Play { .. }]),
        "unmuted: plays again without decoding"
    );
    app_mut(&mut h).data.set_music(false, 30);
    h.step();
    assert_eq!(rec.take_music(), [MusicCall::Stop]);

    app_mut(&mut h).data.set_music(true, 30);
    app_mut(&mut h).data.flush_writes();
    drop(h);
    let saved = Settings::load(dir.path()).expect("valid").expect("written");
    assert!(saved.music_on);
    assert_eq!((saved.music_volume, saved.music_file), (30, None));
}

#[test]
fn a_file_that_cannot_be_played_is_reported_and_the_previous_choice_kept() {
    let dir = temp_dir("music-bad-choice");
    let (mut h, rec) = music_app(dir.path());
    let good = data("tone.ogg");
    app_mut(&mut h)
        .choose_music_file(&good)
        .expect("the OGG file plays");
    h.step();
    assert!(matches!(
        rec.take_music()[..],
        [MusicCall::Play { rate: 22_050, .. }]
    ));
    let chosen = good.to_str().map(str::to_string);
    assert_eq!(app(&h).data.music_file().map(str::to_string), chosen);

    let wav = std::fs::read(data("tone.wav")).expect("fixture");
    let cut = dir.path().join("cut.wav");
    std::fs::write(&cut, &wav[..wav.len() / 3]).expect("write");
    let err = app_mut(&mut h)
        .choose_music_file(&cut)
        .expect_err("truncated");
    let text = err.to_string();
    assert!(
        text.contains("cut.wav") && text.contains("cut short"),
        "{text}"
    );
    h.step();
    assert!(rec.take_music().is_empty(), "the music goes on as it was");
    assert_eq!(
        app(&h).data.music_file().map(str::to_string),
        chosen,
        "the previous choice is kept"
    );
    assert!(
        app(&h).data.notices.iter().any(|n| n.to_string() == text),
        "a notice names the file"
    );
}
