//! `settings.json` through persist: the same load policy as the other files (version, size,
//! validation, quarantine), unknown fields kept, never overwriting what cannot be read.

mod common;

use std::fs;

use common::files_in;
use reversi_gomoku::core::{ByGame, MAX_THREADS};
use reversi_gomoku::persist::{
    AnimationSpeed, BoardDisplay, BoardStyle, BookSettings, LoadError, SaveError, Settings,
    ThemeChoice,
};

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
    let dir = common::temp_dir("persist-settings-round-trip");
    assert_eq!(Settings::load(dir.path()).unwrap(), None);
    let s = named("Ann", Some("Bob"));
    assert!(s.save(dir.path()).unwrap().is_none());
    assert_eq!(Settings::load(dir.path()).unwrap(), Some(s));
    assert_eq!(files_in(dir.path()), ["settings.json"]);

    fs::write(
        dir.path().join("settings.json"),
        r#"{"version": 1, "profile": "Ann", "sound": "loud", "window": {"w": 800}}"#,
    )
    .unwrap();
    let mut s = Settings::load(dir.path()).unwrap().unwrap();
    s.white_profile = Some("Cy".to_string());
    s.save(dir.path()).unwrap();
    let doc: serde_json::Value =
        serde_json::from_slice(&fs::read(dir.path().join("settings.json")).unwrap()).unwrap();
    assert_eq!(doc["version"], 1);
    assert_eq!(doc["sound"], "loud");
    assert_eq!(doc["window"]["w"], 800);
    assert_eq!(doc["white_profile"], "Cy");
    dir.close().unwrap();
}

#[test]
fn the_look_round_trips_and_older_files_get_the_defaults() {
    let dir = common::temp_dir("persist-settings-look");
    let s = Settings {
        theme: ThemeChoice::Dark,
        board_style: ByGame {
            reversi: BoardStyle::Plain,
            gomoku: BoardStyle::Classic,
        },
        zoom: 1.75,
        animation: AnimationSpeed::Fast,
        ..named("Ann", None)
    };
    s.save(dir.path()).unwrap();
    assert_eq!(Settings::load(dir.path()).unwrap(), Some(s));
    let doc: serde_json::Value =
        serde_json::from_slice(&fs::read(dir.path().join("settings.json")).unwrap()).unwrap();
    assert_eq!(doc["theme"], "dark");
    assert_eq!(doc["board_style"]["reversi"], "plain");
    assert_eq!(doc["board_style"]["gomoku"], "classic");
    assert_eq!(doc["zoom"], 1.75);
    assert_eq!(doc["animation"], "fast");

    // A file from before the look was remembered.
    fs::write(
        dir.path().join("settings.json"),
        r#"{"version": 1, "profile": "Ann"}"#,
    )
    .unwrap();
    let old = Settings::load(dir.path()).unwrap().unwrap();
    assert_eq!(old, named("Ann", None));
    assert_eq!(old.theme, ThemeChoice::System);
    assert_eq!(old.board_style.reversi, BoardStyle::Classic);
    assert_eq!(old.zoom, 1.0);
    assert_eq!(old.animation, AnimationSpeed::Normal);
    dir.close().unwrap();
}

#[test]
fn the_board_display_and_the_look_round_trip_together() {
    let dir = common::temp_dir("persist-settings-display-and-look");
    let numbers = BoardDisplay {
        coordinates: false,
        move_numbers: true,
        legal_moves: false,
    };
    let s = Settings {
        board_display: ByGame {
            reversi: BoardDisplay::default(),
            gomoku: numbers,
        },
        theme: ThemeChoice::Light,
        board_style: ByGame {
            reversi: BoardStyle::Classic,
            gomoku: BoardStyle::Plain,
        },
        zoom: 0.5,
        animation: AnimationSpeed::Off,
        ..named("Ann", None)
    };
    s.save(dir.path()).unwrap();
    assert_eq!(Settings::load(dir.path()).unwrap(), Some(s));
    let doc: serde_json::Value =
        serde_json::from_slice(&fs::read(dir.path().join("settings.json")).unwrap()).unwrap();
    assert_eq!(doc["board_display"]["gomoku"]["move_numbers"], true);
    assert_eq!(doc["board_style"]["gomoku"], "plain");
    assert_eq!(doc["theme"], "light");

    // Either part alone leaves the other at its defaults.
    fs::write(
        dir.path().join("settings.json"),
        r#"{"version": 1, "board_display": {"reversi": {}, "gomoku": {"move_numbers": true}}}"#,
    )
    .unwrap();
    let only_display = Settings::load(dir.path()).unwrap().unwrap();
    assert!(only_display.board_display.gomoku.move_numbers);
    assert!(
        only_display.board_display.gomoku.coordinates,
        "a missing flag's default"
    );
    assert_eq!(only_display.board_style, ByGame::default());
    assert_eq!(only_display.zoom, 1.0);
    fs::write(
        dir.path().join("settings.json"),
        r#"{"version": 1, "zoom": 2.5}"#,
    )
    .unwrap();
    let only_look = Settings::load(dir.path()).unwrap().unwrap();
    assert_eq!(only_look.zoom, 2.5);
    assert_eq!(only_look.board_display, ByGame::default());
    dir.close().unwrap();
}

#[test]
fn bad_settings_are_refused_and_set_aside() {
    let long = format!(r#"{{"version": 1, "profile": "{}"}}"#, "x".repeat(41));
    let cases: [(&str, &str, Check); 14] = [
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
        (
            "no-time",
            r#"{"version": 1, "time_controls": {"reversi": {"PerMove": {"ms": 0}}, "gomoku": "None"}}"#,
            |e| matches!(e, LoadError::Invalid { reason, .. } if reason.contains("time_controls")),
        ),
        ("zoom-big", r#"{"version": 1, "zoom": 3.5}"#, |e| {
            matches!(e, LoadError::Invalid { .. })
        }),
        ("zoom-small", r#"{"version": 1, "zoom": 0.25}"#, |e| {
            matches!(e, LoadError::Invalid { .. })
        }),
        ("theme", r#"{"version": 1, "theme": "sepia"}"#, |e| {
            matches!(e, LoadError::Malformed { .. })
        }),
        ("animation", r#"{"version": 1, "animation": 2}"#, |e| {
            matches!(e, LoadError::Malformed { .. })
        }),
        (
            "display",
            r#"{"version": 1, "board_display": {"reversi": {"coordinates": "yes"}}}"#,
            |e| matches!(e, LoadError::Malformed { .. }),
        ),
    ];
    for (name, text, check) in cases {
        let dir = common::temp_dir(&format!("persist-settings-{name}"));
        fs::write(dir.path().join("settings.json"), text).unwrap();
        let err = Settings::load(dir.path()).unwrap_err();
        assert!(check(err.problem()), "{name}: {err:?}");
        let kept = err.kept_as().expect("moved aside").to_path_buf();
        assert_eq!(fs::read_to_string(&kept).unwrap(), text, "{name}");
        assert!(!dir.path().join("settings.json").exists());
        // Saving afterwards writes a new file and leaves the damaged one alone.
        named("Ann", None).save(dir.path()).unwrap();
        assert_eq!(fs::read_to_string(&kept).unwrap(), text, "{name}");
        assert_eq!(files_in(dir.path()).len(), 2, "{name}");
        dir.close().unwrap();
    }
}

#[test]
fn saving_moves_a_damaged_file_aside_first_and_refuses_bad_names() {
    let dir = common::temp_dir("persist-settings-save-over-damaged");
    fs::write(dir.path().join("settings.json"), "{ oops").unwrap();
    let problem = named("Ann", None)
        .save(dir.path())
        .unwrap()
        .expect("reported");
    let kept = problem.kept_as().unwrap().to_path_buf();
    assert_eq!(fs::read(&kept).unwrap(), b"{ oops");
    assert_eq!(
        Settings::load(dir.path())
            .unwrap()
            .unwrap()
            .profile
            .as_deref(),
        Some("Ann")
    );
    let err = named(&"x".repeat(41), None).save(dir.path()).unwrap_err();
    assert!(matches!(err, SaveError::Invalid(_)), "{err:?}");
    assert_eq!(
        Settings::load(dir.path())
            .unwrap()
            .unwrap()
            .profile
            .as_deref(),
        Some("Ann"),
        "nothing written"
    );
    dir.close().unwrap();
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

#[test]
fn music_settings_default_to_off_and_are_validated() {
    let old = Settings::from_json(br#"{"version": 1, "profile": "Ann"}"#).expect("valid");
    assert_eq!(
        (old.music_on, old.music_volume, old.music_file.as_deref()),
        (false, 50, None),
        "off by default, the built-in track"
    );
    let set = Settings::from_json(
        br#"{"version": 1, "music_on": true, "music_volume": 20, "music_file": "/m/a.ogg"}"#,
    )
    .expect("valid");
    assert_eq!(
        (set.music_on, set.music_volume, set.music_file.as_deref()),
        (true, 20, Some("/m/a.ogg"))
    );
    let again = Settings::from_json(set.to_json().as_bytes()).expect("round trip");
    assert_eq!(again, set);
    for bad in [
        &br#"{"version": 1, "music_volume": 101}"#[..],
        br#"{"version": 1, "music_file": " "}"#,
        br#"{"version": 1, "music_on": "yes"}"#,
    ] {
        let e = Settings::from_json(bad);
        assert!(
            matches!(
                e,
                Err(LoadError::Invalid { .. } | LoadError::Malformed { .. })
            ),
            "{e:?}"
        );
    }
}

#[test]
fn search_threads_default_to_the_cores_and_are_validated() {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get() as u32);
    let old = Settings::from_json(br#"{"version": 1, "profile": "Ann"}"#).expect("valid");
    assert_eq!(old.search_threads, cores.clamp(1, MAX_THREADS));
    assert_eq!(Settings::default().search_threads, old.search_threads);
    let set = Settings::from_json(br#"{"version": 1, "search_threads": 3}"#).expect("valid");
    assert_eq!(set.search_threads, 3);
    assert!(set.to_json().contains("\"search_threads\": 3"));
    for bad in [
        &br#"{"version": 1, "search_threads": 0}"#[..],
        br#"{"version": 1, "search_threads": 9}"#,
    ] {
        let r = Settings::from_json(bad);
        assert!(matches!(r, Err(LoadError::Invalid { .. })), "{r:?}");
    }
}

#[test]
fn the_reversi_book_setting_defaults_on_and_round_trips() {
    let old = Settings::from_json(br#"{"version": 1, "profile": "Ann"}"#).expect("valid");
    assert_eq!(
        old.reversi_book,
        BookSettings {
            enabled: true,
            vary: true
        }
    );
    let off = Settings::from_json(br#"{"version": 1, "reversi_book": {"enabled": false}}"#)
        .expect("valid");
    assert_eq!(
        off.reversi_book,
        BookSettings {
            enabled: false,
            vary: true
        },
        "a missing field takes its default"
    );
    let again = Settings::from_json(off.to_json().as_bytes()).expect("round trip");
    assert_eq!(again, off);
    let bad = Settings::from_json(br#"{"version": 1, "reversi_book": {"enabled": "yes"}}"#);
    assert!(matches!(bad, Err(LoadError::Malformed { .. })), "{bad:?}");
}
