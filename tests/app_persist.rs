//! UI tests of the persistence features with egui_kittest: win records when a game ends,
//! autosave and resume, damaged files reported and kept, saved games opened and replayed.
//! Each test uses its own data directory under the system temp dir.

mod common;

use std::path::{Path, PathBuf};
use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use common::{App, app, app_mut, step_until};
use reversi_gomoku::app::GameKind;
use reversi_gomoku::app::persistence::DataStore;
use reversi_gomoku::core::{AiConfig, BySide, Level, Outcome, Side};
use reversi_gomoku::gomoku::{self, Point, Rule};
use reversi_gomoku::persist::{
    GameKey, GameMeta, LevelKey, Records, SavedGame, Tally, load_current, paths,
};
use reversi_gomoku::reversi::{self, Move};
use reversi_gomoku::session::{PlayerKind, Session};

/// The app keeping its data in `dir`.
fn harness(game: GameKind, dir: &Path) -> Harness<'static, App> {
    common::harness(game, Some(dir))
}

fn point(name: &str) -> Point {
    name.parse().expect("a point")
}

fn hvc() -> BySide<PlayerKind> {
    BySide {
        black: PlayerKind::Human,
        white: PlayerKind::Computer,
    }
}

/// Renju, Black (human) to move with four in a row on row 8 (H8–K8); White (computer) has
/// stones far away. L8 makes five.
fn gomoku_one_from_five() -> Session<gomoku::Position> {
    let start = gomoku::Position::new(15, Rule::Renju).expect("15x15");
    let mut s = Session::new(start, hvc());
    for name in ["H8", "A1", "I8", "A3", "J8", "A5", "K8", "A7"] {
        s.play(point(name)).expect("legal");
    }
    s
}

/// Wait until the window's writer thread has written what it was asked (the autosave, a
/// result), then show a frame so that the tabs take the outcome.
fn written(h: &mut Harness<'static, App>) {
    app_mut(h).data.flush_writes();
    h.step();
}

fn records_on_disk(dir: &Path) -> Records {
    Records::load(&paths::records_path(dir))
        .expect("records.json is valid")
        .expect("records.json exists")
}

#[test]
fn finished_game_against_the_computer_is_recorded_once_and_shown() {
    let dir = common::temp_dir("app-persist-records");
    let mut h = harness(GameKind::Gomoku, dir.path());
    let profile = app(&h).data.profile();
    app_mut(&mut h).gomoku.ctl.load_game(gomoku_one_from_five());
    h.run_steps(2);

    h.get_by_label("L8").click();
    h.run_steps(2);
    assert_eq!(
        app(&h).gomoku.ctl.outcome(),
        Some(Outcome::Win(Side::Black))
    );
    let key = GameKey::Gomoku(Rule::Renju);
    let win = Tally {
        wins: 1,
        losses: 0,
        draws: 0,
        hinted: 0,
    };
    written(&mut h);
    let on_disk = records_on_disk(dir.path());
    assert_eq!(
        on_disk
            .profile(&profile)
            .expect("profile created")
            .vs_computer(key, LevelKey::Medium),
        win
    );

    // Undo the winning move and win again: still one game (recorded the first time it ends).
    h.get_by_label("Undo").click();
    h.run_steps(2);
    assert_eq!(app(&h).gomoku.ctl.outcome(), None);
    h.get_by_label("L8").click();
    h.run_steps(3);
    assert_eq!(
        app(&h).gomoku.ctl.outcome(),
        Some(Outcome::Win(Side::Black))
    );
    written(&mut h);
    assert_eq!(
        records_on_disk(dir.path())
            .profile(&profile)
            .expect("profile")
            .vs_computer(key, LevelKey::Medium),
        win,
        "not counted twice"
    );

    // The Records window shows it.
    h.get_by_label("Records").click();
    h.run_steps(3);
    assert!(
        h.query_by_label("W 1 · L 0 · D 0 · 100%").is_some(),
        "the table shows the win"
    );
    assert_eq!(
        h.query_all_by_label("vs computer Medium: W 1 · L 0 · D 0 · 100%")
            .count(),
        2,
        "the current players' records show it, in the window and in the side panel"
    );
    // Rank by win rate at Medium: click the column header (the one in the window, left of
    // the side panel's level chooser).
    let header = h
        .query_all_by_label("Medium")
        .min_by(|a, b| a.rect().min.x.total_cmp(&b.rect().min.x))
        .expect("the Medium column");
    header.click();
    h.run_steps(2);
    assert!(h.query_by_label("Medium (ranked)").is_some());
    assert!(h.query_by_label(&format!("1. {profile}")).is_some());
    drop(h);
}

#[test]
fn resign_counts_as_a_loss_and_abandoning_asks_first() {
    let dir = common::temp_dir("app-persist-resign");
    let mut h = harness(GameKind::Reversi, dir.path());
    let profile = app(&h).data.profile();
    h.get_by_label("d3").click();
    h.step();
    step_until(&mut h, "the computer's reply", |a| {
        a.reversi.ctl.session.ply() == 2
    });
    // New game mid-way: the dialog asks; Cancel keeps the game.
    h.get_by_label("New game").click();
    h.run_steps(2);
    assert!(app(&h).confirm.is_some(), "the abandon dialog is open");
    h.get_by_label("Cancel").click();
    h.run_steps(2);
    assert!(app(&h).confirm.is_none());
    assert_eq!(app(&h).reversi.ctl.session.ply(), 2, "the game goes on");
    // Again, and count it as a loss.
    h.get_by_label("New game").click();
    h.run_steps(2);
    h.get_by_label("Count as a loss").click();
    h.run_steps(2);
    assert_eq!(app(&h).reversi.ctl.session.ply(), 0, "a new game started");
    let loss = Tally {
        wins: 0,
        losses: 1,
        draws: 0,
        hinted: 0,
    };
    let medium = |dir: &Path| {
        records_on_disk(dir)
            .profile(&profile)
            .expect("profile")
            .vs_computer(GameKey::Reversi, LevelKey::Medium)
    };
    written(&mut h);
    assert_eq!(medium(dir.path()), loss);

    // Resign: a second loss, recorded once.
    h.get_by_label("d3").click();
    h.step();
    h.get_by_label("Resign").click();
    h.run_steps(3);
    assert_eq!(
        app(&h).reversi.ctl.outcome(),
        Some(Outcome::Win(Side::White))
    );
    assert!(app(&h).reversi.status().contains("resigned"));
    h.run_steps(2);
    written(&mut h);
    assert_eq!(medium(dir.path()), Tally { losses: 2, ..loss });
    // A finished game is replaced without asking.
    h.get_by_label("New game").click();
    h.run_steps(2);
    assert!(app(&h).confirm.is_none());
    assert_eq!(app(&h).reversi.ctl.session.ply(), 0);
    drop(h);
}

#[test]
fn the_game_is_autosaved_and_resumed_with_its_players() {
    let dir = common::temp_dir("app-persist-autosave");
    let moves: Vec<Move>;
    {
        let mut h = harness(GameKind::Reversi, dir.path());
        h.get_by_label("d3").click();
        h.step();
        step_until(&mut h, "the computer's reply", |a| {
            a.reversi.ctl.session.ply() == 2
        });
        // Hot-seat from here on, and a Hard level kept for White.
        h.get_by_label("Computer plays White").click();
        h.step();
        app_mut(&mut h)
            .reversi
            .ctl
            .set_ai(Side::White, AiConfig::for_level(Level::Hard));
        // A Gomoku move in the other tab is kept too.
        h.get_by_label("Gomoku").click();
        h.run_steps(3);
        h.get_by_label("Computer plays White").click();
        h.step();
        h.get_by_label("H8").click();
        h.run_steps(2);
        moves = app(&h).reversi.ctl.session.moves().collect();
        // The autosave is written on its own thread: wait for it.
        app_mut(&mut h).data.flush_writes();
        let current = load_current(dir.path())
            .expect("readable")
            .expect("written");
        assert!(
            current.reversi.is_some() && current.gomoku.is_some(),
            "both tabs autosaved"
        );
    } // the window closes (or crashes): nothing else is written

    let h = harness(GameKind::Reversi, dir.path());
    let a = app(&h);
    assert_eq!(a.reversi.ctl.session.moves().collect::<Vec<_>>(), moves);
    assert_eq!(a.reversi.ctl.session.players.black, PlayerKind::Human);
    assert_eq!(a.reversi.ctl.session.players.white, PlayerKind::Human);
    assert_eq!(a.reversi.ctl.ai.white.level, Level::Hard);
    assert_eq!(
        a.gomoku.ctl.session.position().stone_at(point("H8")),
        Some(Side::Black)
    );
    assert_eq!(a.gomoku.ctl.session.players.white, PlayerKind::Human);
    assert!(a.data.notices.is_empty(), "{:?}", a.data.notices);
    drop(h);
}

#[test]
fn corrupt_records_file_is_reported_and_kept_aside() {
    let dir = common::temp_dir("app-persist-corrupt");
    let bytes = b"{\"version\": 1, \"profiles\": [ {\"name\": \"al";
    std::fs::write(paths::records_path(dir.path()), bytes).expect("write");
    let mut h = harness(GameKind::Reversi, dir.path());
    h.get_by_label_contains("records.json is damaged");
    let text = app(&h).data.notices.join("\n");
    assert!(text.contains("truncated JSON"), "{text}");
    assert!(
        text.contains(".corrupt-"),
        "names where it was kept: {text}"
    );
    let kept: Vec<PathBuf> = std::fs::read_dir(dir.path())
        .expect("dir")
        .map(|e| e.expect("entry").path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("records.json.corrupt-"))
        })
        .collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert_eq!(std::fs::read(&kept[0]).expect("read"), bytes);
    // The app carries on.
    h.get_by_label("d3").click();
    h.step();
    assert_eq!(app(&h).reversi.ctl.session.ply(), 1);
    h.get_by_label("Dismiss").click();
    h.run_steps(2);
    assert!(app(&h).data.notices.is_empty());
    drop(h);
}

#[test]
fn opened_game_replays_and_plays_from_here() {
    let dir = common::temp_dir("app-persist-replay");
    let meta = GameMeta::new(
        BySide {
            black: PlayerKind::Human,
            white: PlayerKind::Human,
        },
        BySide::default(),
    );
    let meta = GameMeta {
        levels: BySide {
            black: AiConfig::default(),
            white: AiConfig::default(),
        },
        ..meta
    };
    let saved = SavedGame::import_reversi_transcript("f5d6c3d3c4f4", meta).expect("legal");
    let file = dir.path().join("game.json");
    saved.save(&file).expect("saved");
    let transcript: Vec<Move> = reversi::notation::parse_transcript("f5d6c3d3c4f4").expect("ok");

    let mut h = harness(GameKind::Gomoku, dir.path());
    app_mut(&mut h).open_game_from(&file).expect("opens");
    h.run_steps(2);
    assert_eq!(app(&h).game, GameKind::Reversi, "switched to its tab");
    assert_eq!(app(&h).reversi.ctl.session.ply(), 6);

    h.get_by_label("Replay").click();
    h.run_steps(2);
    assert!(app(&h).is_replaying(GameKind::Reversi));
    h.get_by_label("Previous").click();
    h.step();
    h.get_by_label("Previous").click();
    h.step();
    assert_eq!(app(&h).reversi.shown().ply(), 4);
    h.get_by_label("Next").click();
    h.step();
    assert_eq!(app(&h).reversi.shown().ply(), 5);
    h.get_by_label("First").click();
    h.step();
    assert_eq!(app(&h).reversi.shown().ply(), 0);
    h.get_by_label("Last").click();
    h.step();
    assert_eq!(app(&h).reversi.shown().ply(), 6);
    h.get_by_label("First").click();
    h.step();
    for _ in 0..3 {
        h.get_by_label("Next").click();
        h.step();
    }
    assert_eq!(app(&h).reversi.shown().ply(), 3);

    // Board clicks do not play while replaying (d3 is legal here for White).
    let legal = app(&h).reversi.shown().position().legal_moves();
    let sq = legal[0].to_string();
    h.get_by_label(&sq).click();
    h.step();
    assert_eq!(app(&h).reversi.shown().ply(), 3);
    assert!(app(&h).reversi.status().contains("Replaying"));
    // The replay has its own copy: the live game and its moves are untouched meanwhile.
    assert_eq!(
        app(&h).reversi.ctl.session.ply(),
        6,
        "the live game waits as it was"
    );
    assert_eq!(
        app(&h).current_transcript(),
        "f5d6c3d3c4f4",
        "saving while replaying saves the live game"
    );

    h.get_by_label("Play from here").click();
    h.run_steps(2);
    let a = app(&h);
    assert!(!a.is_replaying(GameKind::Reversi));
    assert_eq!(
        a.reversi.ctl.session.moves().collect::<Vec<_>>(),
        transcript[..3].to_vec(),
        "the history is truncated"
    );
    assert!(!a.reversi.ctl.session.can_redo());
    assert_eq!(a.reversi.ctl.session.players.white, PlayerKind::Human);
    // The autosave follows (written on its own thread: wait for it).
    app_mut(&mut h).data.flush_writes();
    let current = load_current(dir.path())
        .expect("readable")
        .expect("written");
    let autosaved = current.reversi.expect("the Reversi tab's game");
    assert_eq!(autosaved.moves.len(), 3);
    // And the live game goes on from there.
    h.get_by_label(&sq).click();
    h.step();
    assert_eq!(app(&h).reversi.ctl.session.ply(), 4);
    drop(h);
}

#[test]
fn transcript_import_reports_errors_and_loads_games() {
    let dir = common::temp_dir("app-persist-transcript");
    let mut h = harness(GameKind::Reversi, dir.path());
    h.get_by_label("Computer plays White").click();
    h.step();
    h.get_by_label("Transcript").click();
    h.run_steps(2);
    let err = app_mut(&mut h)
        .import_transcript("f5d6c3d3c4a1")
        .expect_err("a1 is illegal");
    assert!(err.contains("move 6"), "{err}");
    app_mut(&mut h)
        .import_transcript("f5d6c3")
        .expect("legal transcript");
    h.run_steps(2);
    assert_eq!(app(&h).reversi.ctl.session.ply(), 3);
    assert_eq!(app(&h).current_transcript(), "f5d6c3");
    assert!(h.query_by_label("f5d6c3").is_some(), "shown in the window");
    drop(h);
}

#[test]
fn hot_seat_game_between_two_profiles_updates_both_head_to_head_records() {
    let dir = common::temp_dir("app-persist-hotseat");
    let mut h = harness(GameKind::Gomoku, dir.path());
    {
        let a = app_mut(&mut h);
        a.data.create_profile("Alice").expect("new profile");
        a.data.create_profile("Bob").expect("new profile");
        a.data.set_profile("Alice");
        a.data.set_white_profile(Some("Bob".to_string()));
        let mut s = gomoku_one_from_five();
        s.players.white = PlayerKind::Human;
        a.gomoku.ctl.load_game(s);
    }
    h.run_steps(2);
    h.get_by_label("L8").click();
    h.run_steps(3);
    written(&mut h);
    let records = records_on_disk(dir.path());
    let key = GameKey::Gomoku(Rule::Renju);
    let alice = records.profile("Alice").expect("Alice");
    let bob = records.profile("Bob").expect("Bob");
    assert_eq!(alice.head_to_head("Bob", key).wins, 1);
    assert_eq!(bob.head_to_head("Alice", key).losses, 1);
    assert_eq!(alice.vs_computer(key, LevelKey::Medium).games(), 0);
    // Settings survive a restart.
    drop(h);
    let h = harness(GameKind::Gomoku, dir.path());
    assert_eq!(app(&h).data.profile(), "Alice");
    assert_eq!(app(&h).data.white_profile().as_deref(), Some("Bob"));
    drop(h);
}

#[test]
fn a_second_window_on_the_same_data_dir_leaves_the_autosave_alone() {
    let dir = common::temp_dir("app-persist-two-windows");
    let mut first = harness(GameKind::Reversi, dir.path());
    first.get_by_label("d3").click();
    first.step();
    step_until(&mut first, "the computer's reply", |a| {
        a.reversi.ctl.session.ply() == 2
    });
    let first_moves: Vec<Move> = app(&first).reversi.ctl.session.moves().collect();
    assert!(app(&first).data.notices.is_empty());

    let mut second = harness(GameKind::Reversi, dir.path());
    let text = app(&second).data.notices.join("\n");
    assert!(text.contains("Another window"), "{text}");
    assert_eq!(
        app(&second).reversi.ctl.session.ply(),
        0,
        "the first window's game stays with it"
    );
    second.get_by_label("Computer plays White").click();
    second.step();
    second.get_by_label("f5").click();
    second.run_steps(2);
    assert_eq!(app(&second).reversi.ctl.session.ply(), 1);
    // The autosave is written on its own thread: wait for it.
    app_mut(&mut first).data.flush_writes();
    let autosaved = load_current(dir.path())
        .expect("readable")
        .expect("written");
    let moves: Vec<String> = autosaved
        .reversi
        .expect("the first window's game")
        .moves
        .iter()
        .map(|m| m.mv.clone())
        .collect();
    let expected: Vec<String> = first_moves.iter().map(ToString::to_string).collect();
    assert_eq!(moves, expected, "the second window did not overwrite it");
    drop(second);
    drop(first);
    // Once the first window is closed, the next one owns the autosave again.
    let h = harness(GameKind::Reversi, dir.path());
    assert_eq!(
        app(&h).reversi.ctl.session.moves().collect::<Vec<_>>(),
        first_moves
    );
    assert!(
        app(&h).data.notices.is_empty(),
        "{:?}",
        app(&h).data.notices
    );
    drop(h);
}

/// The files in `dir` whose names start with `prefix`.
fn files_starting(dir: &Path, prefix: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("dir")
        .map(|e| e.expect("entry").path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with(prefix))
        })
        .collect();
    v.sort();
    v
}

fn renju_medium_wins(dir: &Path, profile: &str) -> u32 {
    Records::load(&paths::records_path(dir))
        .ok()
        .flatten()
        .and_then(|r| {
            r.profile(profile)
                .map(|p| p.vs_computer(GameKey::Gomoku(Rule::Renju), LevelKey::Medium))
        })
        .map_or(0, |t| t.wins)
}

#[test]
fn a_crash_between_recording_and_autosave_does_not_count_the_game_twice() {
    let dir = common::temp_dir("app-persist-crash-twice");
    let profile;
    let before_the_end;
    {
        let mut h = harness(GameKind::Gomoku, dir.path());
        profile = app(&h).data.profile();
        app_mut(&mut h).gomoku.ctl.load_game(gomoku_one_from_five());
        h.run_steps(2);
        // The autosave is written on its own thread: wait for it.
        app_mut(&mut h).data.flush_writes();
        before_the_end = std::fs::read(paths::current_game_path(dir.path())).expect("autosaved");
        h.get_by_label("L8").click();
        h.run_steps(2);
        written(&mut h);
        assert_eq!(renju_medium_wins(dir.path(), &profile), 1);
    }
    // The crash: records.json was replaced, the autosave that marks the game recorded was
    // not written (its previous version, one move before the end, is still there).
    std::fs::write(paths::current_game_path(dir.path()), &before_the_end).expect("write");
    let mut h = harness(GameKind::Gomoku, dir.path());
    assert_eq!(
        app(&h).gomoku.ctl.session.ply(),
        8,
        "resumed before the end"
    );
    h.get_by_label("L8").click();
    h.run_steps(3);
    assert_eq!(
        app(&h).gomoku.ctl.outcome(),
        Some(Outcome::Win(Side::Black))
    );
    written(&mut h);
    assert_eq!(
        renju_medium_wins(dir.path(), &profile),
        1,
        "the same game finished again is not counted again"
    );
    assert!(
        app(&h).data.notices.is_empty(),
        "{:?}",
        app(&h).data.notices
    );
    drop(h);
}

#[test]
#[cfg(unix)] // symbolic links
fn a_result_that_could_not_be_recorded_is_recorded_later() {
    let dir = common::temp_dir("app-persist-retry");
    // The records lock cannot be taken: its file is a link into a missing directory.
    let lock = dir.path().join("records.json.lock");
    std::os::unix::fs::symlink(dir.path().join("missing").join("records.json.lock"), &lock)
        .expect("symlink");
    let mut h = harness(GameKind::Gomoku, dir.path());
    let profile = app(&h).data.profile();
    app_mut(&mut h).gomoku.ctl.load_game(gomoku_one_from_five());
    h.run_steps(2);
    // Recording runs on the writer thread: the frame goes on whatever the lock does.
    h.get_by_label("L8").click();
    h.run_steps(2);
    assert_eq!(
        app(&h).gomoku.ctl.outcome(),
        Some(Outcome::Win(Side::Black))
    );
    written(&mut h);
    assert!(
        app(&h)
            .data
            .notices
            .iter()
            .any(|n| n.contains("Could not record")),
        "{:?}",
        app(&h).data.notices
    );
    written(&mut h);
    assert_eq!(renju_medium_wins(dir.path(), &profile), 0);
    // The problem goes away: the result is recorded on a later try, once.
    std::fs::remove_file(&lock).expect("remove the link");
    let d = dir.path().to_path_buf();
    let p = profile.clone();
    step_until(&mut h, "the result recorded on a retry", move |_| {
        renju_medium_wins(&d, &p) == 1
    });
    h.run_steps(3);
    written(&mut h);
    assert_eq!(renju_medium_wins(dir.path(), &profile), 1);
    // The autosave is written on its own thread: wait for it.
    app_mut(&mut h).data.flush_writes();
    let current = load_current(dir.path())
        .expect("readable")
        .expect("written");
    assert!(current.gomoku.expect("the Gomoku game").recorded);
    drop(h);
}

fn settings_path(dir: &Path) -> PathBuf {
    dir.join("settings.json")
}

#[test]
fn settings_of_an_unknown_version_are_set_aside_not_overwritten() {
    for (name, text) in [
        ("newer", r#"{"version": 99999, "profile": "Ann"}"#),
        ("negative", r#"{"version": -1, "profile": "Ann"}"#),
        ("missing", r#"{"profile": "Ann"}"#),
    ] {
        let dir = common::temp_dir(&format!("app-persist-settings-{name}"));
        std::fs::write(settings_path(dir.path()), text).expect("write");
        let mut data = DataStore::open(dir.path());
        let notices = data.notices.join("\n");
        assert!(
            notices.contains("settings.json is damaged") && notices.contains(".corrupt-"),
            "{name}: {notices}"
        );
        data.set_profile("Bob");
        let kept = files_starting(dir.path(), "settings.json.corrupt-");
        assert_eq!(kept.len(), 1, "{name}: {kept:?}");
        assert_eq!(std::fs::read_to_string(&kept[0]).expect("read"), text);
        drop(data);
        assert_eq!(DataStore::open(dir.path()).profile(), "Bob");
    }
}

#[test]
fn damaged_settings_never_replace_an_older_backup() {
    let dir = common::temp_dir("app-persist-settings-backups");
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("after 1970")
        .as_secs();
    // Backups named for this second and the next two (the clock may tick meanwhile).
    for s in secs..secs + 3 {
        std::fs::write(
            dir.path().join(format!("settings.json.corrupt-{s}")),
            format!("older {s}"),
        )
        .expect("write");
    }
    std::fs::write(settings_path(dir.path()), "{ not json").expect("write");
    let data = DataStore::open(dir.path());
    assert!(data.notices.join("\n").contains("settings.json is damaged"));
    for s in secs..secs + 3 {
        assert_eq!(
            std::fs::read_to_string(dir.path().join(format!("settings.json.corrupt-{s}")))
                .expect("read"),
            format!("older {s}"),
            "an older backup was overwritten"
        );
    }
    let kept = files_starting(dir.path(), "settings.json.corrupt-");
    assert_eq!(kept.len(), 4, "{kept:?}");
    assert!(
        kept.iter()
            .any(|p| std::fs::read_to_string(p).is_ok_and(|t| t == "{ not json"))
    );
    drop(data);
}

#[test]
#[cfg(unix)] // symbolic links
fn unreadable_or_oversized_settings_are_kept_not_replaced() {
    // Unreadable: settings.json names a directory.
    let dir = common::temp_dir("app-persist-settings-unreadable");
    let elsewhere = dir.path().join("a-directory");
    std::fs::create_dir_all(&elsewhere).expect("mkdir");
    std::os::unix::fs::symlink(&elsewhere, settings_path(dir.path())).expect("symlink");
    let mut data = DataStore::open(dir.path());
    assert!(
        data.notices.join("\n").contains("settings.json"),
        "{:?}",
        data.notices
    );
    data.set_profile("Bob");
    let kept = files_starting(dir.path(), "settings.json.corrupt-");
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert_eq!(
        std::fs::read_link(&kept[0]).expect("still the link"),
        elsewhere
    );
    drop(data);
    assert_eq!(DataStore::open(dir.path()).profile(), "Bob");
    drop(dir);

    // Larger than the limit: refused without being read.
    let dir = common::temp_dir("app-persist-settings-huge");
    let mut huge = b"{\"version\": 1, \"profile\": \"".to_vec();
    huge.resize(17 * 1024 * 1024, b'a');
    huge.extend_from_slice(b"\"}");
    std::fs::write(settings_path(dir.path()), &huge).expect("write");
    let data = DataStore::open(dir.path());
    let text = data.notices.join("\n");
    assert!(text.contains("more than the limit"), "{text}");
    let kept = files_starting(dir.path(), "settings.json.corrupt-");
    assert_eq!(kept.len(), 1);
    assert_eq!(
        std::fs::metadata(&kept[0]).expect("kept").len(),
        huge.len() as u64
    );
    drop(data);
}

#[test]
fn stale_temp_files_are_removed_when_the_data_dir_is_opened() {
    let dir = common::temp_dir("app-persist-stale-temps");
    let hour_ago = std::time::SystemTime::now() - Duration::from_secs(3600);
    let stale = [".current-game.json.tmp-4242-0", ".records.json.tmp-17-3"];
    for name in stale {
        let f = std::fs::File::create(dir.path().join(name)).expect("create");
        f.set_modified(hour_ago).expect("set time");
    }
    // Being written by another window right now, and files that are not ours: kept.
    let kept = [".settings.json.tmp-99-1", "notes.tmp-1-2", ".hidden"];
    for name in kept {
        std::fs::write(dir.path().join(name), "x").expect("write");
    }
    let f = std::fs::File::create(dir.path().join("notes.tmp-1-2")).expect("create");
    f.set_modified(hour_ago).expect("set time");
    let data = DataStore::open(dir.path());
    for name in stale {
        assert!(!dir.path().join(name).exists(), "{name} left behind");
    }
    for name in kept {
        assert!(dir.path().join(name).exists(), "{name} removed");
    }
    drop(data);
}

#[test]
fn a_notice_about_a_huge_damaged_file_stays_short() {
    let dir = common::temp_dir("app-persist-huge-token");
    let token = "A".repeat(8 * 1024 * 1024);
    let json = format!(
        r#"{{"version": 1, "profiles": [{{"name": "ann", "vs_computer": {{"{token}": {{}}}}}}]}}"#
    );
    std::fs::write(paths::records_path(dir.path()), json).expect("write");
    let data = DataStore::open(dir.path());
    assert!(!data.notices.is_empty());
    for n in &data.notices {
        assert!(n.contains("records.json"), "{}", &n[..n.len().min(300)]);
        assert!(
            n.chars().count() <= 1000,
            "a notice of {} characters",
            n.len()
        );
        // The notice names the problem and where, without quoting the huge token.
        assert!(!n.contains("AAAAAAAAAA"), "{}", &n[..n.len().min(300)]);
    }
    drop(data);
}
