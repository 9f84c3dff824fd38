//! Win records: arithmetic, ranking, profiles, damaged files, crash safety, and two windows
//! updating the same file.

mod common;

use std::fs;
use std::path::Path;
use std::time::{Duration, Instant, SystemTime};

use common::files_in;
use reversi_gomoku::core::{AiConfig, Level, Outcome, Side};
use reversi_gomoku::gomoku::Rule;
use reversi_gomoku::persist::lock::WaitClock;
use reversi_gomoku::persist::records::default_profile_name;
use reversi_gomoku::persist::records::{LOCK_WAIT, MAX_RECORDED_GAMES};
use reversi_gomoku::persist::{FileLock, GameId, LockError, Recording, lock_instance};
use reversi_gomoku::persist::{
    GameKey, GameResult, LevelKey, LoadError, RecordError, RecordStore, Records, SaveError, Tally,
    atomic,
};

const RENJU: GameKey = GameKey::Gomoku(Rule::Renju);

fn t(wins: u32, losses: u32, draws: u32) -> Tally {
    Tally {
        wins,
        losses,
        draws,
        hinted: 0,
    }
}

#[test]
fn keys_have_stable_text_forms() {
    assert_eq!(GameKey::Reversi.to_string(), "reversi");
    assert_eq!(RENJU.to_string(), "gomoku-renju");
    assert_eq!(
        "gomoku-standard".parse::<GameKey>(),
        Ok(GameKey::Gomoku(Rule::Standard))
    );
    assert!("gomoku".parse::<GameKey>().is_err());
    for level in Level::ALL {
        let key = LevelKey::from_config(&AiConfig::for_level(level));
        assert_eq!(key.to_string(), level.name().to_lowercase());
    }
    let custom = AiConfig {
        depth: 6,
        ..AiConfig::for_level(Level::Hard)
    };
    assert_eq!(LevelKey::from_config(&custom), LevelKey::Depth(6));
    assert_eq!(LevelKey::Depth(6).to_string(), "depth-6");
    assert_eq!("depth-12".parse::<LevelKey>(), Ok(LevelKey::Depth(12)));
    // Easy ignores the depth, so it is always "easy".
    let easy = AiConfig {
        depth: 9,
        ..AiConfig::for_level(Level::Easy)
    };
    assert_eq!(LevelKey::from_config(&easy), LevelKey::Easy);
    for bad in [
        "depth-0", "depth-", "depth-07", "depth-99", "Hard", "depth-x",
    ] {
        assert!(bad.parse::<LevelKey>().is_err(), "{bad}");
    }
    assert!(!default_profile_name().trim().is_empty());
}

#[test]
fn a_sequence_of_games_gives_the_expected_table() {
    let mut r = Records::new();
    use GameResult::{Draw, Loss, Win};
    for (who, game, level, result) in [
        ("ann", GameKey::Reversi, LevelKey::Easy, Win),
        ("ann", GameKey::Reversi, LevelKey::Easy, Win),
        ("ann", GameKey::Reversi, LevelKey::Easy, Loss),
        ("ann", GameKey::Reversi, LevelKey::Hard, Draw),
        ("ann", RENJU, LevelKey::Depth(6), Loss),
        ("bob", GameKey::Reversi, LevelKey::Easy, Draw),
    ] {
        r.record_vs_computer(who, game, level, result).unwrap();
    }
    let ann = r.profile("ann").unwrap();
    assert_eq!(
        ann.vs_computer(GameKey::Reversi, LevelKey::Easy),
        t(2, 1, 0)
    );
    assert_eq!(
        ann.vs_computer(GameKey::Reversi, LevelKey::Hard),
        t(0, 0, 1)
    );
    assert_eq!(ann.vs_computer(RENJU, LevelKey::Depth(6)), t(0, 1, 0));
    assert_eq!(ann.vs_computer(RENJU, LevelKey::Easy), t(0, 0, 0));
    assert!(
        (ann.vs_computer(GameKey::Reversi, LevelKey::Easy).win_rate() - 2.0 / 3.0).abs() < 1e-12
    );
    assert_eq!(Tally::default().win_rate(), 0.0);
    assert_eq!(r.profile_names(), ["ann", "bob"]);

    let s = r.summary("ann").unwrap();
    assert_eq!(s.vs_computer_total, t(2, 2, 1));
    assert_eq!(s.head_to_head_total, t(0, 0, 0));
    assert_eq!(
        s.vs_computer,
        vec![
            (GameKey::Reversi, LevelKey::Easy, t(2, 1, 0)),
            (GameKey::Reversi, LevelKey::Hard, t(0, 0, 1)),
            (RENJU, LevelKey::Depth(6), t(0, 1, 0)),
        ]
    );
    assert_eq!(r.summaries().len(), 2);
    assert!(r.summary("nobody").is_none());

    // Through the file: same table after a round trip, with "version": 1.
    let json = r.to_json();
    assert!(
        json.contains("\"version\": 1") && json.contains("\"gomoku-renju\""),
        "{json}"
    );
    assert!(json.contains("\"depth-6\""), "{json}");
    assert_eq!(Records::from_json(json.as_bytes()).unwrap(), r);
}

#[test]
fn ranking_orders_by_win_rate_then_games_then_name() {
    let mut r = Records::new();
    let mut add = |who: &str, w: u32, l: u32, d: u32| {
        for (n, res) in [
            (w, GameResult::Win),
            (l, GameResult::Loss),
            (d, GameResult::Draw),
        ] {
            for _ in 0..n {
                r.record_vs_computer(who, GameKey::Reversi, LevelKey::Medium, res)
                    .unwrap();
            }
        }
    };
    add("dee", 1, 1, 0); // 50 %, 2 games
    add("cat", 2, 2, 0); // 50 %, 4 games
    add("abe", 2, 2, 0); // 50 %, 4 games
    add("eve", 3, 0, 1); // 75 %
    add("fay", 0, 3, 0); // 0 %
    add("gus", 2, 1, 0); // 66.7 %
    r.create_profile("idle").unwrap(); // no games: not ranked
    r.record_vs_computer("other", GameKey::Reversi, LevelKey::Hard, GameResult::Win)
        .unwrap();
    let names: Vec<String> = r
        .ranking(GameKey::Reversi, LevelKey::Medium)
        .into_iter()
        .map(|e| e.name)
        .collect();
    assert_eq!(names, ["eve", "gus", "abe", "cat", "dee", "fay"]);
    let top = &r.ranking(GameKey::Reversi, LevelKey::Medium)[0];
    assert_eq!(top.tally, t(3, 0, 1));
    assert!(r.ranking(RENJU, LevelKey::Medium).is_empty());
}

#[test]
fn head_to_head_updates_both_players() {
    let mut r = Records::new();
    r.record_head_to_head("ann", "bob", RENJU, Outcome::Win(Side::Black))
        .unwrap();
    r.record_head_to_head("bob", "ann", RENJU, Outcome::Win(Side::Black))
        .unwrap();
    r.record_head_to_head("bob", "ann", RENJU, Outcome::Win(Side::White))
        .unwrap();
    r.record_head_to_head("ann", "bob", GameKey::Reversi, Outcome::Draw)
        .unwrap();
    let ann = r.profile("ann").unwrap();
    let bob = r.profile("bob").unwrap();
    assert_eq!(ann.head_to_head("bob", RENJU), t(2, 1, 0));
    assert_eq!(bob.head_to_head("ann", RENJU), t(1, 2, 0));
    assert_eq!(ann.head_to_head("bob", GameKey::Reversi), t(0, 0, 1));
    assert_eq!(bob.head_to_head("ann", GameKey::Reversi), t(0, 0, 1));
    assert_eq!(r.summary("bob").unwrap().head_to_head_total, t(1, 2, 1));
    assert_eq!(
        r.record_head_to_head("ann", " ann ", RENJU, Outcome::Draw),
        Err(RecordError::SameProfile("ann".into()))
    );
    r.validate().unwrap();
}

#[test]
fn profiles_create_rename_and_refuse_bad_names() {
    let mut r = Records::new();
    assert_eq!(r.create_profile("  ann "), Ok("ann".to_string()));
    assert_eq!(
        r.create_profile("ann"),
        Err(RecordError::DuplicateName("ann".into()))
    );
    assert_eq!(r.create_profile("   "), Err(RecordError::EmptyName));
    assert_eq!(r.create_profile("a\nb"), Err(RecordError::BadCharacter));
    assert_eq!(
        r.create_profile(&"x".repeat(41)),
        Err(RecordError::NameTooLong)
    );
    r.record_vs_computer("ann", GameKey::Reversi, LevelKey::Hard, GameResult::Win)
        .unwrap();
    r.record_head_to_head("ann", "bob", RENJU, Outcome::Win(Side::White))
        .unwrap();

    assert_eq!(
        r.rename_profile("ann", "bob"),
        Err(RecordError::DuplicateName("bob".into()))
    );
    assert_eq!(r.rename_profile("ann", ""), Err(RecordError::EmptyName));
    assert_eq!(
        r.rename_profile("zed", "x"),
        Err(RecordError::NoSuchProfile("zed".into()))
    );
    r.rename_profile("ann", "ann").unwrap();
    r.rename_profile("ann", "Anna").unwrap();
    assert!(r.profile("ann").is_none());
    let anna = r.profile("Anna").unwrap();
    assert_eq!(
        anna.vs_computer(GameKey::Reversi, LevelKey::Hard),
        t(1, 0, 0)
    );
    assert_eq!(anna.head_to_head("bob", RENJU), t(0, 1, 0));
    let bob = r.profile("bob").unwrap();
    assert_eq!(bob.head_to_head("Anna", RENJU), t(1, 0, 0));
    assert_eq!(bob.head_to_head("ann", RENJU), t(0, 0, 0));
    r.validate().unwrap();

    r.remove_profile("bob").unwrap();
    assert_eq!(
        r.profile("Anna").unwrap().head_to_head("bob", RENJU),
        t(0, 0, 0)
    );
    r.validate().unwrap();
}

#[test]
fn store_updates_persist_and_rename_keeps_records() {
    let dir = common::temp_dir("persist-records-store");
    let (mut store, problem) = RecordStore::open(dir.path());
    assert!(problem.is_none());
    assert!(store.records().profiles().is_empty());
    store
        .update(|r| r.record_vs_computer("ann", RENJU, LevelKey::Hard, GameResult::Win))
        .unwrap();
    let err = store.update(|r| r.rename_profile("ann", " ")).unwrap_err();
    assert!(matches!(err, SaveError::Record(RecordError::EmptyName)));
    store.update(|r| r.rename_profile("ann", "Ann B")).unwrap();
    let (reopened, problem) = RecordStore::open(dir.path());
    assert!(problem.is_none());
    assert_eq!(reopened.records(), store.records());
    assert_eq!(
        reopened
            .records()
            .profile("Ann B")
            .unwrap()
            .vs_computer(RENJU, LevelKey::Hard),
        t(1, 0, 0)
    );
    assert_eq!(files_in(dir.path()), ["records.json"]);
    dir.close().unwrap();
}

#[test]
fn two_stores_do_not_lose_each_others_results() {
    let dir = common::temp_dir("persist-records-two-windows");
    let (mut a, _) = RecordStore::open(dir.path());
    let (mut b, _) = RecordStore::open(dir.path());
    a.update(|r| r.record_vs_computer("ann", GameKey::Reversi, LevelKey::Easy, GameResult::Win))
        .unwrap();
    // `b` still has the empty records in memory; its update must start from the file.
    b.update(|r| r.record_vs_computer("bob", GameKey::Reversi, LevelKey::Easy, GameResult::Loss))
        .unwrap();
    let (c, _) = RecordStore::open(dir.path());
    let r = c.records();
    assert_eq!(
        r.profile("ann")
            .unwrap()
            .vs_computer(GameKey::Reversi, LevelKey::Easy),
        t(1, 0, 0)
    );
    assert_eq!(
        r.profile("bob")
            .unwrap()
            .vs_computer(GameKey::Reversi, LevelKey::Easy),
        t(0, 1, 0)
    );
    assert!(b.records().profile("ann").is_some());

    // Two threads hammering the same file through their own stores.
    let threads: Vec<_> = ["x", "y"]
        .into_iter()
        .map(|name| {
            let dir = dir.path().to_path_buf();
            std::thread::spawn(move || {
                let (mut s, _) = RecordStore::open(&dir);
                for _ in 0..25 {
                    s.update(|r| {
                        r.record_vs_computer(name, RENJU, LevelKey::Medium, GameResult::Win)
                    })
                    .unwrap();
                    s.update(|r| r.record_head_to_head("x", "y", RENJU, Outcome::Draw))
                        .unwrap();
                }
            })
        })
        .collect();
    for th in threads {
        th.join().unwrap();
    }
    let (c, problem) = RecordStore::open(dir.path());
    assert!(problem.is_none());
    let r = c.records();
    assert_eq!(
        r.profile("x").unwrap().vs_computer(RENJU, LevelKey::Medium),
        t(25, 0, 0)
    );
    assert_eq!(
        r.profile("y").unwrap().vs_computer(RENJU, LevelKey::Medium),
        t(25, 0, 0)
    );
    assert_eq!(
        r.profile("x").unwrap().head_to_head("y", RENJU),
        t(0, 0, 50)
    );
    assert_eq!(
        files_in(dir.path()),
        ["records.json"],
        "no lock or temp file left behind"
    );
    dir.close().unwrap();
}

/// Holds the records lock of `dir` the way another window does: an OS lock on
/// `records.json.lock` through its own open file.
fn hold_lock(dir: &Path) -> fs::File {
    let f = fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(dir.join("records.json.lock"))
        .unwrap();
    f.lock().unwrap();
    f
}

#[test]
fn update_waits_for_a_held_lock_and_ignores_a_left_over_lock_file() {
    let dir = common::temp_dir("persist-records-lock");
    let lock = dir.path().join("records.json.lock");
    let (mut store, _) = RecordStore::open(dir.path());

    // Held by another window that releases it after 300 ms.
    let held = hold_lock(dir.path());
    let releaser = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        held.unlock().unwrap();
    });
    let start = Instant::now();
    store.update(|r| r.create_profile("ann").map(drop)).unwrap();
    assert!(start.elapsed() >= Duration::from_millis(250));
    releaser.join().unwrap();
    assert!(!lock.exists());

    // A lock file left behind by a window that crashed just now, and one from a minute ago:
    // the OS released their locks when those windows died, so neither holds anything up.
    // (A wait for either would end in SaveError::Locked, so Ok means nothing waited.)
    fs::write(&lock, "pid 1").unwrap();
    store.update(|r| r.create_profile("bob").map(drop)).unwrap();
    assert!(!lock.exists());
    let f = fs::File::create(&lock).unwrap();
    f.set_modified(SystemTime::now() - Duration::from_secs(60))
        .unwrap();
    drop(f);
    store.update(|r| r.create_profile("cy").map(drop)).unwrap();
    assert!(!lock.exists());
    assert_eq!(
        RecordStore::open(dir.path()).0.records().profile_names(),
        ["ann", "bob", "cy"]
    );
    dir.close().unwrap();
}

#[test]
fn update_gives_up_on_a_lock_held_too_long_after_a_bounded_wait() {
    let dir = common::temp_dir("persist-records-lock-held");
    let (mut store, _) = RecordStore::open(dir.path());
    store.update(|r| r.create_profile("ann").map(drop)).unwrap();
    let before = fs::read(dir.path().join("records.json")).unwrap();
    let held = hold_lock(dir.path());
    let err = store
        .update(|r| r.create_profile("bob").map(drop))
        .unwrap_err();
    assert!(matches!(err, SaveError::Locked { .. }), "{err:?}");
    assert!(
        err.to_string().contains("locked by another window"),
        "{err}"
    );
    assert_eq!(fs::read(dir.path().join("records.json")).unwrap(), before);
    drop(held);
    store.update(|r| r.create_profile("bob").map(drop)).unwrap();
    dir.close().unwrap();
}

/// Runs `store.update` on another thread and returns its result and duration, failing the
/// test (instead of hanging it) when it does not come back within 30 s.
fn update_with_timeout(dir: &Path, name: &'static str) -> (Result<(), SaveError>, Duration) {
    let (tx, rx) = std::sync::mpsc::channel();
    let dir = dir.to_path_buf();
    std::thread::spawn(move || {
        let (mut store, _) = RecordStore::open(&dir);
        let start = Instant::now();
        let out = store.update(|r| r.create_profile(name).map(drop));
        let _ = tx.send((out, start.elapsed()));
    });
    rx.recv_timeout(Duration::from_secs(30))
        .expect("the update hung (the window would freeze)")
}

#[test]
fn a_lock_path_that_is_a_directory_is_an_error_not_a_hang() {
    let dir = common::temp_dir("persist-records-lock-dir");
    let lock = dir.path().join("records.json.lock");
    fs::create_dir(&lock).unwrap();
    // A fresh one: the old lock-file scheme waited 15 s for it.
    let (out, took) = update_with_timeout(dir.path(), "ann");
    let err = out.unwrap_err();
    assert!(matches!(err, SaveError::Io { .. }), "{err:?}");
    assert!(err.to_string().contains("records.json.lock"), "{err}");
    assert!(took < Duration::from_secs(1), "{took:?}");
    // A stale one: the old scheme spun at 100 % CPU forever trying to remove it.
    fs::File::open(&lock)
        .unwrap()
        .set_modified(SystemTime::now() - Duration::from_secs(3600))
        .unwrap();
    let (out, took) = update_with_timeout(dir.path(), "ann");
    assert!(matches!(out, Err(SaveError::Io { .. })), "{out:?}");
    assert!(took < Duration::from_secs(1), "{took:?}");
    assert!(lock.is_dir(), "left as it was");
    assert!(!dir.path().join("records.json").exists());
    dir.close().unwrap();
}

#[test]
fn a_held_lock_is_never_broken_even_when_its_file_looks_old() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{Arc, Barrier};
    let dir = common::temp_dir("persist-records-lock-race");
    let lock = dir.path().join("records.json.lock");
    let b_inside = Arc::new(AtomicBool::new(false));
    let go = Arc::new(Barrier::new(2));
    let b = {
        let (dir, b_inside, go) = (
            dir.path().to_path_buf(),
            Arc::clone(&b_inside),
            Arc::clone(&go),
        );
        std::thread::spawn(move || {
            let (mut store, _) = RecordStore::open(&dir);
            go.wait();
            store.update(|r| {
                b_inside.store(true, Ordering::SeqCst);
                r.create_profile("bob").map(drop)
            })
        })
    };
    let (mut a, _) = RecordStore::open(dir.path());
    let mut both_inside = false;
    a.update(|r| {
        // While A holds the lock its file gets an old time (a clock change, a network file
        // system): the lock is still held, and B must wait for it.
        fs::OpenOptions::new()
            .write(true)
            .open(&lock)
            .unwrap()
            .set_modified(SystemTime::now() - Duration::from_secs(60))
            .unwrap();
        go.wait();
        std::thread::sleep(Duration::from_millis(500));
        both_inside = b_inside.load(Ordering::SeqCst);
        r.create_profile("ann").map(drop)
    })
    .unwrap();
    b.join().unwrap().unwrap();
    assert!(!both_inside, "two windows held the records lock at once");
    assert_eq!(
        RecordStore::open(dir.path()).0.records().profile_names(),
        ["ann", "bob"]
    );
    assert_eq!(files_in(dir.path()), ["records.json"]);
    dir.close().unwrap();
}

#[test]
fn crash_before_rename_keeps_the_old_file() {
    let dir = common::temp_dir("persist-records-crash");
    let (mut store, _) = RecordStore::open(dir.path());
    store
        .update(|r| r.record_vs_computer("ann", GameKey::Reversi, LevelKey::Hard, GameResult::Win))
        .unwrap();
    let path = dir.path().join("records.json");
    let old_bytes = fs::read(&path).unwrap();
    let old = store.records().clone();

    // The next write gets as far as the fsynced temp file, then the program "crashes".
    let mut newer = old.clone();
    newer
        .record_vs_computer("ann", GameKey::Reversi, LevelKey::Hard, GameResult::Win)
        .unwrap();
    let tmp = atomic::write_temp(&path, newer.to_json().as_bytes()).unwrap();
    assert!(tmp.exists() && tmp.parent() == Some(dir.path()));
    assert_eq!(fs::read(&path).unwrap(), old_bytes);

    let (reopened, problem) = RecordStore::open(dir.path());
    assert!(problem.is_none());
    assert_eq!(reopened.records(), &old);
    // Committing the temp file is what makes the new content visible.
    atomic::commit_temp(&tmp, &path).unwrap();
    assert_eq!(RecordStore::open(dir.path()).0.records(), &newer);
    dir.close().unwrap();
}

/// Writes `bytes` as records.json and checks the damaged-file policy through the store.
fn assert_records_refused(name: &str, bytes: &[u8], check: impl FnOnce(&LoadError) -> bool) {
    let dir = common::temp_dir(&format!("persist-records-{name}"));
    let path = dir.path().join("records.json");
    fs::write(&path, bytes).unwrap();
    let (mut store, problem) = RecordStore::open(dir.path());
    let err = problem.unwrap_or_else(|| panic!("{name}: expected an error"));
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
    assert!(err.to_string().contains("records.json"));
    assert!(
        store.records().profiles().is_empty(),
        "{name}: defaults after a damaged file"
    );
    assert!(!path.exists());
    let kept_name = kept_as.file_name().unwrap().to_str().unwrap().to_string();
    assert!(
        kept_name.starts_with("records.json.corrupt-"),
        "{kept_name}"
    );
    assert_eq!(files_in(dir.path()), [kept_name.as_str()]);
    assert!(
        fs::read(kept_as).unwrap() == bytes,
        "{name}: bytes must be kept unchanged"
    );
    // Carrying on: a new file is written, the damaged copy stays as it was.
    store
        .update(|r| r.record_vs_computer("ann", GameKey::Reversi, LevelKey::Easy, GameResult::Win))
        .unwrap();
    assert!(store.take_problem().is_none());
    assert!(fs::read(kept_as).unwrap() == bytes);
    assert_eq!(
        files_in(dir.path()),
        ["records.json".to_string(), kept_name]
    );
    dir.close().unwrap();
}

fn valid_records_json() -> String {
    let mut r = Records::new();
    r.record_vs_computer("ann", GameKey::Reversi, LevelKey::Hard, GameResult::Win)
        .unwrap();
    r.record_head_to_head("ann", "bob", RENJU, Outcome::Draw)
        .unwrap();
    r.to_json()
}

#[test]
fn damaged_records_are_set_aside() {
    let json = valid_records_json();
    assert_records_refused(
        "truncated",
        &json.as_bytes()[..json.len() - 7],
        |e| matches!(e, LoadError::Malformed { reason, .. } if reason.starts_with("truncated JSON")),
    );
    assert_records_refused("empty", b"", |e| matches!(e, LoadError::Empty));
    assert_records_refused("junk", b"\x01\x02garbage{", |e| {
        matches!(e, LoadError::Malformed { .. })
    });
    let newer = json.replacen("\"version\": 1", "\"version\": 3", 1);
    assert_records_refused("newer", newer.as_bytes(), |e| {
        matches!(
            e,
            LoadError::NewerVersion {
                found: 3,
                supported: 1
            }
        )
    });
    let negative = json.replacen("\"wins\": 1", "\"wins\": -1", 1);
    assert_ne!(negative, json);
    assert_records_refused("negative", negative.as_bytes(), |e| {
        matches!(e, LoadError::Malformed { .. })
    });
    let wrong = json.replacen("\"wins\": 1", "\"wins\": \"one\"", 1);
    assert_records_refused("wrong-type", wrong.as_bytes(), |e| {
        matches!(e, LoadError::Malformed { .. })
    });
    let unknown_game = json.replacen("\"reversi\"", "\"chess\"", 1);
    assert_records_refused("unknown-game", unknown_game.as_bytes(), |e| {
        matches!(e, LoadError::Malformed { .. })
    });
    let overflow = json.replacen(
        "\"wins\": 1, \"losses\": 0",
        "\"wins\": 4294967295, \"losses\": 1",
        1,
    );
    let overflow = if overflow == json {
        json.replacen("\"losses\": 0", "\"losses\": 4294967295", 1)
    } else {
        overflow
    };
    assert_ne!(overflow, json);
    assert_records_refused("overflow", overflow.as_bytes(), |e| {
        matches!(e, LoadError::Invalid { .. })
    });
    let dup = json.replacen("\"name\": \"bob\"", "\"name\": \"ann\"", 1);
    assert_records_refused(
        "duplicate",
        dup.as_bytes(),
        |e| matches!(e, LoadError::Invalid { reason, .. } if reason.contains("ann")),
    );
    let empty_name = json.replacen("\"name\": \"ann\"", "\"name\": \"\"", 1);
    assert_records_refused("empty-name", empty_name.as_bytes(), |e| {
        matches!(e, LoadError::Invalid { .. })
    });
    let lopsided = json.replacen("\"draws\": 1", "\"draws\": 2", 1);
    assert_records_refused("lopsided", lopsided.as_bytes(), |e| {
        matches!(e, LoadError::Invalid { .. })
    });
}

#[test]
fn huge_records_file_is_refused_unread() {
    let junk: Vec<u8> = (0..50u32 * 1024 * 1024)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8)
        .collect();
    assert_records_refused("huge", &junk, |e| matches!(e, LoadError::TooLarge { .. }));
}

#[test]
fn unknown_fields_are_ignored() {
    let json = r#"{
        "version": 1, "written_by": "a future minor release",
        "profiles": [ { "name": "ann", "colour": "blue",
            "vs_computer": { "reversi": { "easy": { "wins": 2, "losses": 1, "draws": 0, "streak": 2 } } } } ]
    }"#;
    let r = Records::from_json(json.as_bytes()).unwrap();
    assert_eq!(
        r.profile("ann")
            .unwrap()
            .vs_computer(GameKey::Reversi, LevelKey::Easy),
        t(2, 1, 0)
    );
}

#[test]
fn update_over_a_file_damaged_meanwhile_keeps_it_and_uses_memory() {
    let dir = common::temp_dir("persist-records-damaged-meanwhile");
    let (mut store, _) = RecordStore::open(dir.path());
    store
        .update(|r| r.record_vs_computer("ann", GameKey::Reversi, LevelKey::Easy, GameResult::Win))
        .unwrap();
    let path = dir.path().join("records.json");
    fs::write(&path, b"{ oops").unwrap();
    store
        .update(|r| r.record_vs_computer("ann", GameKey::Reversi, LevelKey::Easy, GameResult::Win))
        .unwrap();
    let problem = store.take_problem().expect("the damaged file is reported");
    let kept = problem.kept_as().unwrap().to_path_buf();
    assert_eq!(fs::read(&kept).unwrap(), b"{ oops");
    let (reopened, _) = RecordStore::open(dir.path());
    assert_eq!(
        reopened
            .records()
            .profile("ann")
            .unwrap()
            .vs_computer(GameKey::Reversi, LevelKey::Easy),
        t(2, 0, 0)
    );
    dir.close().unwrap();
}

#[test]
fn only_one_window_owns_a_data_dir_at_a_time() {
    let dir = common::temp_dir("persist-records-instance");
    let first = lock_instance(dir.path()).unwrap();
    assert!(matches!(
        lock_instance(dir.path()),
        Err(LockError::Busy { .. })
    ));
    drop(first);
    let again = lock_instance(dir.path()).unwrap();
    assert!(dir.path().join("instance.lock").exists());
    drop(again);
    assert_eq!(files_in(dir.path()), Vec::<String>::new());
    // A directory in its place is an error, not a hang.
    fs::create_dir(dir.path().join("instance.lock")).unwrap();
    assert!(matches!(
        lock_instance(dir.path()),
        Err(LockError::Io { .. })
    ));
    dir.close().unwrap();
}

#[test]
fn a_game_is_recorded_once_per_id_and_the_last_1000_ids_are_kept() {
    let dir = common::temp_dir("persist-records-record-once");
    let (mut store, _) = RecordStore::open(dir.path());
    let win = |r: &mut Records| r.record_vs_computer("ann", RENJU, LevelKey::Hard, GameResult::Win);
    let first = GameId(0x5f3a_9c0d_12ab_34ef);
    assert_eq!(store.record_once(first, win).unwrap(), Recording::Recorded);
    let written = fs::read(dir.path().join("records.json")).unwrap();
    assert!(
        String::from_utf8_lossy(&written).contains("\"5f3a9c0d12ab34ef\""),
        "the id is stored with the result"
    );
    // The same game again (a retry after a crash, another window): nothing changes, nothing
    // is written.
    let (mut other, _) = RecordStore::open(dir.path());
    assert_eq!(
        other.record_once(first, win).unwrap(),
        Recording::AlreadyRecorded
    );
    assert_eq!(fs::read(dir.path().join("records.json")).unwrap(), written);
    let tally = |s: &RecordStore| {
        s.records()
            .profile("ann")
            .unwrap()
            .vs_computer(RENJU, LevelKey::Hard)
    };
    assert_eq!(tally(&other), t(1, 0, 0));
    // A refused change records nothing, not even the id, so it can be retried.
    let second = GameId(2);
    let err = store
        .record_once(second, |r| {
            r.record_vs_computer(&"x".repeat(41), RENJU, LevelKey::Hard, GameResult::Win)
        })
        .unwrap_err();
    assert!(matches!(err, SaveError::Record(RecordError::NameTooLong)));
    assert!(
        !RecordStore::open(dir.path())
            .0
            .records()
            .is_recorded(second)
    );
    assert_eq!(store.record_once(second, win).unwrap(), Recording::Recorded);
    // Bounded: the oldest ids are forgotten beyond MAX_RECORDED_GAMES.
    let mut r = RecordStore::open(dir.path()).0.records().clone();
    for n in 0..MAX_RECORDED_GAMES as u64 + 5 {
        assert_eq!(
            r.record_once(GameId(1000 + n), |r| win(r)).unwrap(),
            Recording::Recorded
        );
    }
    assert_eq!(r.recorded_games().len(), MAX_RECORDED_GAMES);
    assert!(!r.is_recorded(first));
    assert!(r.is_recorded(GameId(1000 + MAX_RECORDED_GAMES as u64 + 4)));
    assert_eq!(Records::from_json(r.to_json().as_bytes()).unwrap(), r);
    dir.close().unwrap();
}

#[test]
fn records_without_game_ids_still_load_and_bad_ids_are_refused() {
    let old = valid_records_json();
    assert!(!old.contains("recorded_games"));
    let r = Records::from_json(old.as_bytes()).unwrap();
    assert!(r.recorded_games().is_empty());
    assert_eq!("00000000000000ff".parse::<GameId>(), Ok(GameId(255)));
    assert_eq!(GameId(255).to_string(), "00000000000000ff");
    for bad in ["ff", "0x00000000000000ff", "00000000000000fg", ""] {
        assert!(bad.parse::<GameId>().is_err(), "{bad}");
    }
    let with_bad_id = old.replacen(
        "\"version\": 1,",
        "\"version\": 1, \"recorded_games\": [\"nope\"],",
        1,
    );
    assert_ne!(with_bad_id, old);
    assert_records_refused("bad-id", with_bad_id.as_bytes(), |e| {
        matches!(e, LoadError::Malformed { .. })
    });
}

#[test]
#[cfg(unix)] // symbolic links
fn a_symlinked_records_file_is_written_through_not_replaced() {
    let root = common::temp_dir("persist-records-symlink");
    let (data, elsewhere) = (root.path().join("data"), root.path().join("elsewhere"));
    fs::create_dir_all(&data).unwrap();
    fs::create_dir_all(&elsewhere).unwrap();
    let target = elsewhere.join("records.json");
    fs::write(&target, valid_records_json()).unwrap();
    let link = data.join("records.json");
    std::os::unix::fs::symlink("../elsewhere/records.json", &link).unwrap();
    let (mut store, problem) = RecordStore::open(&data);
    assert!(problem.is_none());
    store
        .update(|r| r.record_vs_computer("cy", GameKey::Reversi, LevelKey::Easy, GameResult::Draw))
        .unwrap();
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink(),
        "records.json is still the link"
    );
    let through = Records::from_json(&fs::read(&target).unwrap()).unwrap();
    assert_eq!(through.profile_names(), ["ann", "bob", "cy"]);
    assert_eq!(files_in(&elsewhere), ["records.json"]);
    assert_eq!(files_in(&data), ["records.json"]);
    root.close().unwrap();
}

#[test]
fn unknown_fields_survive_a_rewrite() {
    let dir = common::temp_dir("persist-records-unknown-kept");
    let json = r#"{
        "version": 1, "written_by": "a future minor release", "achievements": { "ann": [1, 2] },
        "profiles": [ { "name": "ann", "colour": "blue",
            "vs_computer": { "reversi": { "easy": { "wins": 2, "losses": 1, "draws": 0 } } } } ]
    }"#;
    fs::write(dir.path().join("records.json"), json).unwrap();
    let (mut store, problem) = RecordStore::open(dir.path());
    assert!(problem.is_none());
    store
        .update(|r| r.record_vs_computer("ann", GameKey::Reversi, LevelKey::Easy, GameResult::Win))
        .unwrap();
    store
        .update(|r| r.record_vs_computer("bob", GameKey::Reversi, LevelKey::Easy, GameResult::Win))
        .unwrap();
    let doc: serde_json::Value =
        serde_json::from_slice(&fs::read(dir.path().join("records.json")).unwrap()).unwrap();
    assert_eq!(doc["written_by"], "a future minor release");
    assert_eq!(doc["achievements"]["ann"][1], 2);
    assert_eq!(doc["profiles"][0]["name"], "ann");
    assert_eq!(doc["profiles"][0]["colour"], "blue");
    assert_eq!(
        doc["profiles"][0]["vs_computer"]["reversi"]["easy"]["wins"],
        3
    );
    assert_eq!(doc["profiles"][1]["name"], "bob");
    dir.close().unwrap();
}

/// A clock that only moves when the waiter sleeps, and counts the sleeps.
#[derive(Default)]
struct FakeClock {
    now: Duration,
    sleeps: Vec<Duration>,
}

impl WaitClock for FakeClock {
    fn now(&mut self) -> Duration {
        self.now
    }

    fn sleep(&mut self, d: Duration) {
        self.sleeps.push(d);
        self.now += d;
    }
}

#[test]
fn a_held_lock_is_waited_for_exactly_the_bounded_wait_then_refused() {
    let dir = common::temp_dir("persist-records-lock-clock");
    let held = hold_lock(dir.path());
    let path = dir.path().join("records.json.lock");
    let mut clock = FakeClock::default();
    let err = FileLock::acquire_by(&path, LOCK_WAIT, &mut clock).unwrap_err();
    assert!(matches!(err, LockError::Busy { .. }), "{err:?}");
    // It polled with short sleeps up to the wait, and not a moment beyond it.
    assert_eq!(clock.now, LOCK_WAIT, "waited exactly the bounded wait");
    assert!(clock.sleeps.len() > 10, "{} polls", clock.sleeps.len());
    assert!(clock.sleeps.iter().all(|d| *d <= Duration::from_millis(20)));
    // A zero wait tries once and never sleeps (a second window's instance lock).
    let mut clock = FakeClock::default();
    assert!(FileLock::acquire_by(&path, Duration::ZERO, &mut clock).is_err());
    assert!(clock.sleeps.is_empty());
    drop(held);
    let mut clock = FakeClock::default();
    assert!(FileLock::acquire_by(&path, LOCK_WAIT, &mut clock).is_ok());
    assert!(clock.sleeps.is_empty(), "a free lock is taken at once");
    dir.close().unwrap();
}

#[test]
fn a_profile_keeps_its_picture_through_a_rename_and_only_picture_names_are_valid() {
    let mut r = Records::new();
    let pic = "00112233445566ff.png";
    assert_eq!(r.set_picture("ann", Some(pic.into())), Ok(None), "created");
    r.rename_profile("ann", "Ann B").expect("renamed");
    assert_eq!(r.profile("Ann B").and_then(|p| p.picture()), Some(pic));
    let back = Records::from_json(r.to_json().as_bytes()).expect("round trip");
    assert_eq!(back, r);
    assert_eq!(r.set_picture("Ann B", None), Ok(Some(pic.to_string())));
    assert!(
        !r.to_json().contains("picture"),
        "no field without a picture"
    );
    for bad in ["../00112233445566ff.png", "x.png", "00112233445566FF.png"] {
        let text =
            format!(r#"{{"version": 1, "profiles": [{{"name": "ann", "picture": "{bad}"}}]}}"#);
        let e = Records::from_json(text.as_bytes());
        assert!(matches!(e, Err(LoadError::Invalid { .. })), "{bad}: {e:?}");
    }
}
