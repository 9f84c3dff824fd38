//! Saved games: round trips, transcripts, the autosave, and damaged files.

mod common;

use std::fs;

use common::files_in;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use reversi_gomoku::app::GameKind;
use reversi_gomoku::core::clock::{ClockRecord, TimeControl};
use reversi_gomoku::core::{AiConfig, BySide, Level, Outcome, Side};
use reversi_gomoku::gomoku::{self, Point, Rule};
use reversi_gomoku::persist::savegame::{format_gomoku_moves, parse_gomoku_moves};
use reversi_gomoku::persist::{
    self, CurrentGames, GameMeta, LoadError, SaveError, SavedGame, SavedResult, load_current,
    remove_current, save_current,
};
use reversi_gomoku::reversi;
use reversi_gomoku::session::PlayerKind;

fn meta() -> GameMeta {
    GameMeta {
        players: BySide {
            black: PlayerKind::Human,
            white: PlayerKind::Computer,
        },
        levels: BySide {
            black: AiConfig::for_level(Level::Medium),
            white: AiConfig {
                depth: 6,
                ..AiConfig::for_level(Level::Hard)
            },
        },
        profiles: BySide {
            black: Some("alice".to_string()),
            white: None,
        },
        started: 1_700_000_000_000,
    }
}

fn reversi_moves(transcript: &str) -> Vec<reversi::Move> {
    reversi::notation::parse_transcript(transcript).unwrap()
}

fn reversi_game(transcript: &str) -> SavedGame {
    let moves = reversi_moves(transcript);
    SavedGame::from_reversi(
        meta(),
        moves
            .into_iter()
            .enumerate()
            .map(|(i, m)| (m, 1_700_000_000_000 + i as u64 * 1000)),
    )
    .unwrap()
}

fn points(list: &[&str]) -> Vec<Point> {
    list.iter().map(|s| s.parse().unwrap()).collect()
}

/// Black makes five in column H (h8..h12) while White plays a1..a4.
const BLACK_FIVE: [&str; 9] = ["h8", "a1", "h9", "a2", "h10", "a3", "h11", "a4", "h12"];
/// White makes five on row 12 (two-digit rows) while Black scatters.
const WHITE_FIVE: [&str; 10] = [
    "h8", "a12", "h9", "b12", "j3", "c12", "k5", "d12", "m1", "e12",
];

fn gomoku_game(list: &[&str], size: u8, rule: Rule) -> SavedGame {
    SavedGame::from_gomoku(meta(), size, rule, points(list).into_iter().map(|p| (p, 7))).unwrap()
}

/// Every field but `saved`, which `save` refreshes.
fn same_game(a: &SavedGame, b: &SavedGame) {
    let mut b = b.clone();
    b.saved = a.saved;
    assert_eq!(a, &b);
}

#[test]
fn reversi_save_load_round_trip() {
    let dir = common::temp_dir("persist-savegame-reversi-rt");
    let path = dir.path().join("game.json");
    let game = reversi_game("f5d6c3d3c4f4f6f3e6e7");
    assert_eq!(game.result, None);
    game.save(&path).unwrap();
    let text = fs::read_to_string(&path).unwrap();
    assert!(text.contains("\"version\": 1"), "{text}");
    assert!(text.contains("\"move\": \"f5\""), "{text}");
    let loaded = SavedGame::load(&path).unwrap();
    same_game(&game, &loaded);

    let mut direct = reversi::Position::new();
    for m in reversi_moves("f5d6c3d3c4f4f6f3e6e7") {
        direct.play(m).unwrap();
    }
    let persist::GameReplay::Reversi { positions, moves } = loaded.replay().unwrap() else {
        panic!("not reversi")
    };
    assert_eq!(moves.len(), 10);
    assert_eq!(positions.len(), 11);
    assert_eq!(positions[0], reversi::Position::new());
    assert_eq!(*positions.last().unwrap(), direct);
    let session = loaded.to_reversi_session().unwrap();
    assert_eq!(*session.position(), direct);
    assert_eq!(session.players, meta().players);
    dir.close().unwrap();
}

/// A finished random game containing at least one pass.
fn finished_reversi_game_with_pass() -> Vec<reversi::Move> {
    for seed in 0..500 {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut pos = reversi::Position::new();
        let mut moves = Vec::new();
        while pos.outcome().is_none() {
            let legal = pos.legal_moves();
            let m = legal[rng.random_range(0..legal.len())];
            pos.play(m).unwrap();
            moves.push(m);
        }
        if moves.contains(&reversi::Move::Pass) {
            return moves;
        }
    }
    panic!("no game with a pass in 500 seeds")
}

#[test]
fn finished_reversi_game_with_passes_round_trips() {
    let dir = common::temp_dir("persist-savegame-reversi-full");
    let moves = finished_reversi_game_with_pass();
    let game = SavedGame::from_reversi(meta(), moves.iter().map(|&m| (m, 5))).unwrap();
    let mut pos = reversi::Position::new();
    for &m in &moves {
        pos.play(m).unwrap();
    }
    let outcome = pos.outcome().unwrap();
    assert_eq!(game.result, Some(SavedResult::from_outcome(outcome)));
    assert_eq!(game.outcome(), Some(outcome));
    assert!(game.to_json().contains("\"move\": \"pass\""));
    let current = CurrentGames {
        reversi: Some(game.clone()),
        gomoku: None,
        locked: false,
    };
    save_current(dir.path(), &current).unwrap();
    let loaded = load_current(dir.path()).unwrap().unwrap().reversi.unwrap();
    same_game(&game, &loaded);
    assert_eq!(*loaded.to_reversi_session().unwrap().position(), pos);

    // Transcript: passes are left out and inferred again.
    let t = game.export_transcript();
    assert_eq!(
        t.len(),
        2 * moves.iter().filter(|m| **m != reversi::Move::Pass).count()
    );
    let imported = SavedGame::import_reversi_transcript(&t, meta()).unwrap();
    let texts = |g: &SavedGame| g.moves.iter().map(|m| m.mv.clone()).collect::<Vec<_>>();
    assert_eq!(texts(&imported), texts(&game));
    assert_eq!(imported.result, game.result);
    dir.close().unwrap();
}

#[test]
fn gomoku_save_load_round_trip() {
    let dir = common::temp_dir("persist-savegame-gomoku-rt");
    let path = dir.path().join("g.json");
    for (list, size, rule, winner) in [
        (&BLACK_FIVE[..], 15, Rule::Renju, Side::Black),
        (&BLACK_FIVE[..], 13, Rule::Freestyle, Side::Black),
        (&WHITE_FIVE[..], 15, Rule::Standard, Side::White),
    ] {
        let game = gomoku_game(list, size, rule);
        assert_eq!(game.result, Some(SavedResult::Win(winner)));
        assert_eq!(game.game, GameKind::Gomoku);
        game.save(&path).unwrap();
        let text = fs::read_to_string(&path).unwrap();
        assert!(text.contains("\"board_size\": "), "{text}");
        assert!(
            text.contains("\"result\": \"") && text.contains("\"version\": 1"),
            "{text}"
        );
        let loaded = SavedGame::load(&path).unwrap();
        same_game(&game, &loaded);

        let mut direct = gomoku::Position::new(size, rule).unwrap();
        for p in points(list) {
            direct.play(p).unwrap();
        }
        let session = loaded.to_gomoku_session().unwrap();
        assert_eq!(session.position().history(), direct.history());
        assert_eq!(session.outcome(), Some(Outcome::Win(winner)));
        assert_eq!(session.position().size(), size);
        assert_eq!(session.position().rule(), rule);
        let persist::GameReplay::Gomoku { positions, .. } = loaded.replay().unwrap() else {
            panic!("not gomoku")
        };
        assert_eq!(positions.len(), list.len() + 1);
        assert_eq!(positions.last().unwrap().history(), direct.history());
        assert!(loaded.to_reversi_session().is_err());
    }
    dir.close().unwrap();
}

#[test]
fn transcripts_round_trip() {
    let game = reversi_game("f5d6c3d3c4f4f6f3e6e7");
    assert_eq!(game.export_transcript(), "f5d6c3d3c4f4f6f3e6e7");
    let back = SavedGame::import_reversi_transcript("F5 d6 C3d3c4f4f6f3e6e7", meta()).unwrap();
    assert_eq!(
        back.moves.iter().map(|m| m.mv.as_str()).collect::<Vec<_>>(),
        ["f5", "d6", "c3", "d3", "c4", "f4", "f6", "f3", "e6", "e7"]
    );

    let g = gomoku_game(&WHITE_FIVE, 15, Rule::Standard);
    let t = g.export_transcript();
    assert_eq!(t, "h8a12h9b12j3c12k5d12m1e12");
    let back = SavedGame::import_gomoku_transcript(&t, 15, Rule::Standard, meta()).unwrap();
    assert_eq!(
        back.moves.iter().map(|m| m.mv.clone()).collect::<Vec<_>>(),
        g.moves.iter().map(|m| m.mv.clone()).collect::<Vec<_>>()
    );
    assert_eq!(back.result, Some(SavedResult::Win(Side::White)));
    assert_eq!(back.export_transcript(), t);

    // Upper case and separators; greedy two-digit rows.
    let spaced = "H8, A12 h9;B12  J3.c12 K5,d12 m1 E12";
    assert_eq!(parse_gomoku_moves(spaced).unwrap(), points(&WHITE_FIVE));
    assert_eq!(parse_gomoku_moves("h10i9").unwrap(), points(&["h10", "i9"]));
    assert_eq!(format_gomoku_moves(&points(&["H10", "I9"])), "h10i9");
    assert!(parse_gomoku_moves("").unwrap().is_empty());
    let err = parse_gomoku_moves("h8 z9").unwrap_err();
    assert!(
        matches!(&err, LoadError::Invalid { reason, .. } if reason.contains("move 2")),
        "{err}"
    );
    assert!(parse_gomoku_moves("h8i").is_err());
    assert!(parse_gomoku_moves("h123").is_err());
    // Rows that fit the notation but not the board are caught by the replay.
    let err =
        SavedGame::import_gomoku_transcript("h8o16", 15, Rule::Freestyle, meta()).unwrap_err();
    assert!(
        matches!(&err, LoadError::Invalid { reason, .. } if reason.contains("move 2")),
        "{err}"
    );
    let err = SavedGame::import_reversi_transcript("f5f5", meta()).unwrap_err();
    assert!(matches!(err, LoadError::Invalid { .. }));
}

#[test]
fn results_must_agree_with_the_replay() {
    let won = gomoku_game(&BLACK_FIVE, 15, Rule::Freestyle);
    let mut wrong = won.clone();
    wrong.result = Some(SavedResult::Win(Side::White));
    let err = SavedGame::from_json(wrong.to_json().as_bytes()).unwrap_err();
    assert!(
        matches!(&err, LoadError::Invalid { reason, .. } if reason.contains("\"white\"")),
        "{err}"
    );
    wrong.result = Some(SavedResult::Draw);
    assert!(matches!(
        SavedGame::from_json(wrong.to_json().as_bytes()),
        Err(LoadError::Invalid { .. })
    ));
    wrong.result = Some(SavedResult::Resigned(Side::White));
    assert!(matches!(
        SavedGame::from_json(wrong.to_json().as_bytes()),
        Err(LoadError::Invalid { .. })
    ));
    // A stated win in an unfinished game is invalid; a resignation is fine.
    let mut open = reversi_game("f5d6c3");
    open.result = Some(SavedResult::Win(Side::Black));
    assert!(matches!(
        SavedGame::from_json(open.to_json().as_bytes()),
        Err(LoadError::Invalid { .. })
    ));
    open.result = None;
    open.resign(Side::White).unwrap();
    assert!(open.to_json().contains("\"result\": \"resigned-by-white\""));
    let back = SavedGame::from_json(open.to_json().as_bytes()).unwrap();
    assert_eq!(back.outcome(), Some(Outcome::Win(Side::Black)));
    let mut done = won.clone();
    assert!(done.resign(Side::Black).is_err());
    assert_eq!(done, won);
}

#[test]
fn endings_off_the_board_need_an_unfinished_game_and_a_clock_needs_one_time_per_move() {
    let won = gomoku_game(&BLACK_FIVE, 15, Rule::Freestyle);
    for result in [SavedResult::TimeOut(Side::White), SavedResult::DrawAgreed] {
        let mut late = won.clone();
        late.result = Some(result);
        let err = SavedGame::from_json(late.to_json().as_bytes()).unwrap_err();
        assert!(
            matches!(&err, LoadError::Invalid { reason, .. } if reason.contains("already ended")),
            "{err}"
        );
    }
    let mut open = reversi_game("f5d6c3");
    open.result = Some(SavedResult::TimeOut(Side::Black));
    let json = open.to_json();
    assert!(json.contains("\"result\": \"lost-on-time-by-black\""));
    let back = SavedGame::from_json(json.as_bytes()).unwrap();
    assert_eq!(back.outcome(), Some(Outcome::Win(Side::White)));
    open.result = Some(SavedResult::DrawAgreed);
    let back = SavedGame::from_json(open.to_json().as_bytes()).unwrap();
    assert_eq!(back.outcome(), Some(Outcome::Draw));

    let mut timed = reversi_game("f5d6c3");
    timed.clock = Some(ClockRecord {
        control: TimeControl::SuddenDeath { ms: 300_000 },
        used_ms: vec![1_000, 2_000, 3_000],
        turn_ms: 500,
    });
    let back = SavedGame::from_json(timed.to_json().as_bytes()).unwrap();
    assert_eq!(back.clock, timed.clock);
    let mut short = timed.clone();
    if let Some(c) = &mut short.clock {
        c.used_ms.pop();
    }
    let err = SavedGame::from_json(short.to_json().as_bytes()).unwrap_err();
    assert!(
        matches!(&err, LoadError::Invalid { reason, .. } if reason.contains("\"clock\"")),
        "{err}"
    );
    let mut zero = timed;
    if let Some(c) = &mut zero.clock {
        c.control = TimeControl::PerMove { ms: 0 };
    }
    assert!(matches!(
        SavedGame::from_json(zero.to_json().as_bytes()),
        Err(LoadError::Invalid { .. })
    ));
}

#[test]
fn saving_an_invalid_game_writes_nothing() {
    let dir = common::temp_dir("persist-savegame-save-invalid");
    let mut game = reversi_game("f5d6");
    game.moves[1].mv = "a1".into();
    let err = save_current(
        dir.path(),
        &CurrentGames {
            reversi: Some(game),
            gomoku: None,
            locked: false,
        },
    )
    .unwrap_err();
    assert!(
        matches!(err, SaveError::Invalid(LoadError::Invalid { .. })),
        "{err}"
    );
    assert!(files_in(dir.path()).is_empty());
    let mut bad_depth = reversi_game("f5");
    bad_depth.levels.white.depth = 0;
    assert!(bad_depth.save(&dir.path().join("x.json")).is_err());
    assert!(files_in(dir.path()).is_empty());
    dir.close().unwrap();
}

#[test]
fn autosave_lifecycle() {
    let root = common::temp_dir("persist-savegame-autosave");
    let dir = root.path().join("nested");
    assert!(load_current(&dir).unwrap().is_none());
    let g1 = reversi_game("f5d6c3");
    let mut current = CurrentGames {
        reversi: Some(g1.clone()),
        gomoku: None,
        locked: false,
    };
    save_current(&dir, &current).unwrap();
    let g2 = gomoku_game(&BLACK_FIVE[..4], 15, Rule::Renju);
    current.gomoku = Some(g2.clone());
    save_current(&dir, &current).unwrap();
    let loaded = load_current(&dir).unwrap().unwrap();
    same_game(&g1, loaded.reversi.as_ref().unwrap());
    same_game(&g2, loaded.gomoku.as_ref().unwrap());
    assert!(!loaded.locked);
    assert!(
        !current.to_json().contains("locked"),
        "written only when locked"
    );
    assert_eq!(files_in(&dir), ["current-game.json"]);
    // The lock is kept with the games.
    current.locked = true;
    save_current(&dir, &current).unwrap();
    assert!(load_current(&dir).unwrap().unwrap().locked);
    current.locked = false;
    // A game stored under the other tab's key is refused.
    let swapped = current
        .to_json()
        .replacen("\"reversi\"", "\"tmp\"", 1)
        .replacen("\"gomoku\"", "\"reversi\"", 1);
    assert!(CurrentGames::from_json(swapped.as_bytes()).is_err());
    remove_current(&dir).unwrap();
    remove_current(&dir).unwrap();
    assert!(load_current(&dir).unwrap().is_none());
    assert!(matches!(
        SavedGame::load(&dir.join("missing.json")),
        Err(LoadError::Io { .. })
    ));
    root.close().unwrap();
}

/// Writes `bytes` as the autosave, loads it, and checks the damaged-file policy: an error
/// naming the file, the bytes preserved under `.corrupt-*`, nothing else written. Then
/// `check` is given the problem found.
fn assert_autosave_refused(name: &str, bytes: &[u8], check: impl FnOnce(&LoadError) -> bool) {
    let dir = common::temp_dir(&format!("persist-savegame-{name}"));
    let path = dir.path().join("current-game.json");
    fs::write(&path, bytes).unwrap();
    let err = load_current(dir.path()).unwrap_err();
    let LoadError::Corrupt {
        path: p,
        kept_as,
        reason,
    } = &err
    else {
        panic!("{name}: expected Corrupt, got {err:?}")
    };
    assert_eq!(p, &path);
    assert!(check(reason), "{name}: unexpected problem {reason:?}");
    assert!(
        !path.exists(),
        "{name}: the damaged file must be moved aside"
    );
    let kept_name = kept_as.file_name().unwrap().to_str().unwrap().to_string();
    assert!(
        kept_name.starts_with("current-game.json.corrupt-"),
        "{kept_name}"
    );
    assert_eq!(files_in(dir.path()), [kept_name.as_str()]);
    assert!(
        fs::read(kept_as).unwrap() == bytes,
        "{name}: bytes must be kept unchanged"
    );
    let message = err.to_string();
    assert!(
        message.contains("current-game.json") && message.contains(&kept_name),
        "{message}"
    );
    // The app carries on: a new autosave is written, the damaged copy is untouched.
    let fresh = CurrentGames {
        reversi: Some(reversi_game("f5")),
        gomoku: None,
        locked: false,
    };
    save_current(dir.path(), &fresh).unwrap();
    assert!(load_current(dir.path()).unwrap().is_some());
    assert!(fs::read(kept_as).unwrap() == bytes);
    dir.close().unwrap();
}

/// `game` as the autosave document, without validating it.
fn autosave_json(game: &SavedGame) -> String {
    let mut current = CurrentGames::default();
    *current.get_mut(game.game) = Some(game.clone());
    current.to_json()
}

/// A valid autosave document holding one Reversi game.
fn valid_json() -> String {
    let game = reversi_game("f5d6c3d3c4f4f6f3e6e7");
    CurrentGames {
        reversi: Some(game),
        gomoku: None,
        locked: false,
    }
    .to_json()
}

#[test]
fn truncated_json_is_set_aside() {
    let json = valid_json();
    let cut = &json.as_bytes()[..json.len() / 2];
    assert_autosave_refused(
        "truncated",
        cut,
        |e| matches!(e, LoadError::Malformed { reason, .. } if reason.starts_with("truncated JSON")),
    );
}

#[test]
fn wrong_types_are_set_aside() {
    let json = valid_json().replacen("\"moves\": [", "\"moves\": 5, \"x\": [", 1);
    assert!(json.contains("\"moves\": 5"));
    assert_autosave_refused(
        "wrong-types",
        json.as_bytes(),
        |e| matches!(e, LoadError::Malformed { reason, .. } if reason.starts_with("unexpected content")),
    );
    let json = valid_json().replacen("\"version\": 1", "\"version\": \"1\"", 1);
    assert_autosave_refused("version-string", json.as_bytes(), |e| {
        matches!(e, LoadError::Malformed { .. })
    });
    assert_autosave_refused("array", b"[1, 2, 3]", |e| {
        matches!(e, LoadError::Malformed { .. })
    });
}

#[test]
fn newer_version_is_set_aside() {
    let json = valid_json().replacen("\"version\": 1", "\"version\": 2", 1);
    assert_autosave_refused("newer", json.as_bytes(), |e| {
        matches!(
            e,
            LoadError::NewerVersion {
                found: 2,
                supported: 1
            }
        )
    });
    // Even when the rest of the document is in an unknown shape.
    assert_autosave_refused("newer-shape", br#"{"version": 7, "games": {}}"#, |e| {
        matches!(e, LoadError::NewerVersion { found: 7, .. })
    });
}

#[test]
fn illegal_move_is_set_aside_with_its_number() {
    let mut game = reversi_game("f5d6c3d3c4f4f6f3e6e7");
    game.moves[6].mv = "a1".into();
    let json = autosave_json(&game);
    assert_autosave_refused(
        "illegal",
        json.as_bytes(),
        |e| matches!(e, LoadError::Invalid { reason, .. } if reason.contains("move 7") && reason.contains("a1")),
    );
    let mut g = gomoku_game(&BLACK_FIVE, 15, Rule::Freestyle);
    g.moves[3].mv = "H8".into();
    assert_autosave_refused(
        "occupied",
        autosave_json(&g).as_bytes(),
        |e| matches!(e, LoadError::Invalid { reason, .. } if reason.contains("move 4") && reason.contains("H8")),
    );
    let mut g = gomoku_game(&BLACK_FIVE, 15, Rule::Freestyle);
    g.moves.push(persist::SavedMove {
        mv: "b5".into(),
        time: 0,
    });
    assert_autosave_refused(
        "after-end",
        autosave_json(&g).as_bytes(),
        |e| matches!(e, LoadError::Invalid { reason, .. } if reason.contains("move 10")),
    );
}

#[test]
fn empty_and_junk_files_are_set_aside() {
    assert_autosave_refused("empty", b"", |e| matches!(e, LoadError::Empty));
    assert_autosave_refused("blank", b"  \n", |e| matches!(e, LoadError::Empty));
    assert_autosave_refused(
        "junk",
        b"\x00\xffPK\x03\x04 not json",
        |e| matches!(e, LoadError::Malformed { reason, .. } if reason.starts_with("not valid JSON")),
    );
}

#[test]
fn huge_file_is_refused_unread() {
    let mut junk = vec![0u8; 50 * 1024 * 1024];
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    for chunk in junk.chunks_mut(8) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        chunk.copy_from_slice(&x.to_le_bytes()[..chunk.len()]);
    }
    assert_autosave_refused("huge", &junk, |e| {
        matches!(e, LoadError::TooLarge { size, limit }
            if *size == 50 * 1024 * 1024 && *limit == persist::MAX_FILE_BYTES)
    });
}

#[test]
fn autosaves_with_absurd_profile_names_or_times_are_set_aside() {
    let is_invalid = |e: &LoadError| matches!(e, LoadError::Invalid { .. });
    let mut g = reversi_game("f5d6c3");
    g.profiles.black = Some("x".repeat(15_000));
    assert_autosave_refused("long-profile", autosave_json(&g).as_bytes(), is_invalid);
    let mut g = reversi_game("f5d6c3");
    g.profiles.black = Some("x".repeat(41));
    assert_autosave_refused("41-char-profile", autosave_json(&g).as_bytes(), is_invalid);
    let mut g = reversi_game("f5d6c3");
    g.profiles.black = Some("al\u{7}\nice".to_string());
    assert_autosave_refused("control-profile", autosave_json(&g).as_bytes(), is_invalid);
    let mut g = reversi_game("f5d6c3");
    g.levels.white.time_ms = Some(u64::MAX);
    assert_autosave_refused("time-budget", autosave_json(&g).as_bytes(), is_invalid);
    let mut g = reversi_game("f5d6c3");
    g.moves[1].time = u64::MAX;
    assert_autosave_refused("move-time", autosave_json(&g).as_bytes(), is_invalid);
    let mut g = reversi_game("f5d6c3");
    g.started = u64::MAX;
    assert_autosave_refused("started", autosave_json(&g).as_bytes(), is_invalid);
    let mut g = reversi_game("f5d6c3");
    g.saved = u64::MAX;
    assert_autosave_refused("saved", autosave_json(&g).as_bytes(), is_invalid);
    // The limits themselves are fine: a 40-character name, an hour per move, times to 2999.
    let mut g = reversi_game("f5d6c3");
    g.profiles.black = Some("x".repeat(40));
    g.levels.white.time_ms = Some(3_600_000);
    g.moves[2].time = 32_503_679_999_999;
    assert!(CurrentGames::from_json(autosave_json(&g).as_bytes()).is_ok());
}
