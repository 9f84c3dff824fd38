//! `settings.json` through persist: the same load policy as the other files (version, size,
//! validation, quarantine), unknown fields kept, never overwriting what cannot be read.

mod common;

use std::fs;
use std::path::PathBuf;

use common::files_in;
use reversi_gomoku::persist::{LoadError, SaveError, Settings};

/// A fresh, empty directory for one test.
fn temp_dir(name: &str) -> PathBuf {
    common::temp_dir("persist-settings", name)
}

/// Whether a refused file was refused for the expected reason.
type Check = fn(&LoadError) -> bool;

fn named(profile: &str, white: Option<&str>) -> Settings {
    Settings {
        profile: Some(profile.to_string()),
        white_profile: white.map(str::to_string),
        ..Settings::default()
    }
}

#[test]
fn settings_round_trip_and_keep_unknown_fields() {
    let dir = temp_dir("round-trip");
    assert_eq!(Settings::load(&dir).unwrap(), None);
    let s = named("Ann", Some("Bob"));
    assert!(s.save(&dir).unwrap().is_none());
    assert_eq!(Settings::load(&dir).unwrap(), Some(s));
    assert_eq!(files_in(&dir), ["settings.json"]);

    fs::write(
        dir.join("settings.json"),
        r#"{"version": 1, "profile": "Ann", "theme": "dark", "window": {"w": 800}}"#,
    )
    .unwrap();
    let mut s = Settings::load(&dir).unwrap().unwrap();
    s.white_profile = Some("Cy".to_string());
    s.save(&dir).unwrap();
    let doc: serde_json::Value =
        serde_json::from_slice(&fs::read(dir.join("settings.json")).unwrap()).unwrap();
    assert_eq!(doc["version"], 1);
    assert_eq!(doc["theme"], "dark");
    assert_eq!(doc["window"]["w"], 800);
    assert_eq!(doc["white_profile"], "Cy");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_settings_are_refused_and_set_aside() {
    let long = format!(r#"{{"version": 1, "profile": "{}"}}"#, "x".repeat(41));
    let cases: [(&str, &str, Check); 8] = [
        ("newer", r#"{"version": 99999}"#, |e| {
            matches!(e, LoadError::NewerVersion { found: 99999, .. })
        }),
        ("negative", r#"{"version": -1}"#, |e| {
            matches!(e, LoadError::Malformed { .. })
        }),
        ("missing", r#"{"profile": "Ann"}"#, |e| {
            matches!(e, LoadError::Malformed { .. })
        }),
        ("empty", "", |e| matches!(e, LoadError::Empty)),
        ("long", &long, |e| matches!(e, LoadError::Invalid { .. })),
        ("control", r#"{"version": 1, "profile": "a\u0007b"}"#, |e| {
            matches!(e, LoadError::Invalid { .. })
        }),
        (
            "spaces",
            r#"{"version": 1, "white_profile": " Bob"}"#,
            |e| matches!(e, LoadError::Invalid { .. }),
        ),
        ("blank", r#"{"version": 1, "profile": ""}"#, |e| {
            matches!(e, LoadError::Invalid { .. })
        }),
    ];
    for (name, text, check) in cases {
        let dir = temp_dir(name);
        fs::write(dir.join("settings.json"), text).unwrap();
        let err = Settings::load(&dir).unwrap_err();
        assert!(check(err.problem()), "{name}: {err:?}");
        let kept = err.kept_as().expect("moved aside").to_path_buf();
        assert_eq!(fs::read_to_string(&kept).unwrap(), text, "{name}");
        assert!(!dir.join("settings.json").exists());
        // Saving afterwards writes a new file and leaves the damaged one alone.
        named("Ann", None).save(&dir).unwrap();
        assert_eq!(fs::read_to_string(&kept).unwrap(), text, "{name}");
        assert_eq!(files_in(&dir).len(), 2, "{name}");
        fs::remove_dir_all(&dir).unwrap();
    }
}

#[test]
fn saving_moves_a_damaged_file_aside_first_and_refuses_bad_names() {
    let dir = temp_dir("save-over-damaged");
    fs::write(dir.join("settings.json"), "{ oops").unwrap();
    let problem = named("Ann", None).save(&dir).unwrap().expect("reported");
    let kept = problem.kept_as().unwrap().to_path_buf();
    assert_eq!(fs::read(&kept).unwrap(), b"{ oops");
    assert_eq!(
        Settings::load(&dir).unwrap().unwrap().profile.as_deref(),
        Some("Ann")
    );
    let err = named(&"x".repeat(41), None).save(&dir).unwrap_err();
    assert!(matches!(err, SaveError::Invalid(_)), "{err:?}");
    assert_eq!(
        Settings::load(&dir).unwrap().unwrap().profile.as_deref(),
        Some("Ann"),
        "nothing written"
    );
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn sound_settings_default_for_older_files_and_are_validated() {
    let old = Settings::from_json(br#"{"version": 1, "profile": "Ann"}"#).expect("valid");
    assert_eq!((old.sound_volume, old.sound_muted), (80, false));
    let set = Settings::from_json(br#"{"version": 1, "sound_volume": 0, "sound_muted": true}"#)
        .expect("valid");
    assert_eq!((set.sound_volume, set.sound_muted), (0, true));
    let loud = Settings::from_json(br#"{"version": 1, "sound_volume": 101}"#);
    assert!(matches!(loud, Err(LoadError::Invalid { .. })), "{loud:?}");
    let again = Settings::from_json(set.to_json().as_bytes()).expect("round trip");
    assert_eq!(again, set);
}
