//! Crash test: every finished game is recorded exactly once, whenever the app is killed.
//!
//! A child process (this test binary run again, in child mode through an environment
//! variable) runs the app's own code path headless — `ReversiGomokuApp` on a data directory,
//! its `logic` recording finished games and autosaving — in a loop: start game N (a hot-seat
//! Renju game between the profiles Alice and Bob, one move from Black's five), let it be
//! autosaved, play the winning move, wait until the result is recorded and autosaved, go on
//! with game N+1. On start it first finishes the game it finds in the autosave. The parent
//! kills it with SIGKILL after a random delay, checks the files, restarts it, and so on.
//!
//! Game N is told apart on the board: White's four stones spell N in base 15, so the parent
//! reads from the autosave which game was in progress. After each kill the records must hold
//! N − 1 or N wins for Alice (N when the kill fell between the records write and the autosave,
//! or after both); at the end, after a last run that finishes the pending game, exactly N.
//! A lost result shows as fewer wins, a double count as more.
//!
//! `cargo test --release --test persist_crash` runs 5 trials; the ignored test runs 150:
//! `cargo test --release --test persist_crash -- --ignored --nocapture`.

#![cfg(unix)]

mod common;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use reversi_gomoku::app::{GameKind, ReversiGomokuApp};
use reversi_gomoku::core::{BySide, Outcome, Side};
use reversi_gomoku::gomoku::{self, Point, Rule};
use reversi_gomoku::persist::{GameKey, Records, load_current, paths};
use reversi_gomoku::session::{PlayerKind, Session};

/// In a child: the data directory to play in.
const CHILD_DIR_ENV: &str = "REVERSI_GOMOKU_CRASH_CHILD_DIR";
/// In a child: when set, finish the pending game and exit instead of looping.
const CHILD_FINISH_ENV: &str = "REVERSI_GOMOKU_CRASH_CHILD_FINISH";
/// The name of the child-mode test below, as the test harness knows it.
const CHILD_TEST: &str = "crash_child_mode";

const RENJU: GameKey = GameKey::Gomoku(Rule::Renju);
/// Rows (indices) of White's four stones, far from Black's row 8.
const WHITE_ROWS: [u8; 4] = [0, 2, 12, 14];
/// Black's four on row 8 (H8–K8) and the winning L8.
const BLACK_FOUR: [Point; 4] = [
    Point::new(7, 7),
    Point::new(8, 7),
    Point::new(9, 7),
    Point::new(10, 7),
];
const WINNING_MOVE: Point = Point::new(11, 7);

/// Game `n` (1 ≤ n < 15⁴): Black's four on row 8, White's stones in the columns of the
/// base-15 digits of `n`; Black (Alice) to move and win with L8.
fn game(n: u32) -> Session<gomoku::Position> {
    let start = gomoku::Position::new(15, Rule::Renju).expect("15x15");
    let mut s = Session::new(
        start,
        BySide {
            black: PlayerKind::Human,
            white: PlayerKind::Human,
        },
    );
    let mut digits = n;
    for (black, row) in BLACK_FOUR.into_iter().zip(WHITE_ROWS) {
        s.play(black).expect("legal");
        let col = u8::try_from(digits % 15).expect("a digit");
        digits /= 15;
        s.play(Point::new(col, row)).expect("legal");
    }
    s
}

/// The number of a game played by [`game`], from its moves.
fn game_number(moves: &[Point]) -> u32 {
    (0..4)
        .rev()
        .fold(0, |n, i| n * 15 + u32::from(moves[2 * i + 1].x))
}

/// The crash test's child process: does nothing in a normal test run.
#[test]
fn crash_child_mode() {
    let Some(dir) = std::env::var_os(CHILD_DIR_ENV) else {
        return;
    };
    child(
        Path::new(&dir),
        std::env::var_os(CHILD_FINISH_ENV).is_some(),
    );
}

/// Runs `app.logic` until the Gomoku game's result is recorded (10 s at most).
fn settle(app: &mut ReversiGomokuApp, ctx: &egui::Context) {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        app.logic(ctx);
        if app.gomoku.track.recorded {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "not recorded: {:?}",
            app.data.notices
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn child(dir: &Path, finish_only: bool) {
    let ctx = egui::Context::default();
    let mut app = ReversiGomokuApp::with_data_dir(&ctx, GameKind::Gomoku, dir);
    assert!(app.data.notices.is_empty(), "{:?}", app.data.notices);
    if app.data.profile() != "Alice" {
        app.data.set_profile("Alice");
    }
    if app.data.white_profile().as_deref() != Some("Bob") {
        app.data.set_white_profile(Some("Bob".to_string()));
    }
    let moves: Vec<Point> = app.gomoku.ctl.session.moves().collect();
    let mut n = if moves.len() >= 8 {
        game_number(&moves)
    } else {
        0
    };
    loop {
        if n > 0 {
            if app.gomoku.ctl.outcome().is_none() {
                app.gomoku
                    .ctl
                    .human_move(WINNING_MOVE)
                    .expect("the winning move");
            }
            assert_eq!(app.gomoku.ctl.outcome(), Some(Outcome::Win(Side::Black)));
            settle(&mut app, &ctx);
            assert!(app.data.notices.is_empty(), "{:?}", app.data.notices);
        }
        if finish_only {
            return;
        }
        n += 1;
        app.gomoku.ctl.load_game(game(n));
        app.logic(&ctx);
    }
}

/// What the files say: the number of the autosaved game (0 when none) and whether it is
/// finished and marked recorded; Alice's wins and Bob's losses against each other; the
/// recorded game ids (all distinct).
#[derive(Debug)]
struct State {
    game: u32,
    game_recorded: bool,
    alice_wins: u32,
    bob_losses: u32,
    ids: usize,
}

fn state(dir: &Path) -> State {
    let current = load_current(dir).expect("the autosave is never damaged");
    let (game, game_recorded) = match current.and_then(|c| c.gomoku) {
        Some(g) => {
            let moves: Vec<Point> = g
                .moves
                .iter()
                .map(|m| m.mv.parse().expect("a point"))
                .collect();
            assert!(g.id.is_some(), "the autosave names the game");
            // Recorded implies finished; a finished game may be autosaved before its result
            // is recorded (the write-ahead that names the game by its id).
            assert!(!g.recorded || g.result.is_some(), "{g:?}");
            (game_number(&moves), g.recorded)
        }
        None => (0, false),
    };
    let records = Records::load(&paths::records_path(dir))
        .expect("the records are never damaged")
        .unwrap_or_default();
    let ids = records.recorded_games();
    let mut distinct = ids.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), ids.len(), "an id recorded twice");
    let h2h = |a: &str, b: &str| {
        records
            .profile(a)
            .map(|p| p.head_to_head(b, RENJU))
            .unwrap_or_default()
    };
    let alice = h2h("Alice", "Bob");
    let bob = h2h("Bob", "Alice");
    assert_eq!(alice, bob.mirrored());
    assert_eq!((alice.losses, alice.draws), (0, 0));
    State {
        game,
        game_recorded,
        alice_wins: alice.wins,
        bob_losses: bob.losses,
        ids: ids.len(),
    }
}

fn child_command(dir: &Path, log: &Path) -> Command {
    let mut cmd = Command::new(std::env::current_exe().expect("the test binary"));
    cmd.args([CHILD_TEST, "--exact", "--nocapture", "--test-threads=1"])
        .env(CHILD_DIR_ENV, dir)
        .env_remove(CHILD_FINISH_ENV)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(log).expect("log file"));
    cmd
}

/// Kills the child `trials` times at random moments, checking the files after each kill,
/// then lets it finish the pending game and checks that every game is recorded once.
fn crash_trials(name: &str, trials: usize) {
    // Every child has been killed and reaped, or has finished, before `root` drops.
    let root = common::temp_dir(&format!("crash-{name}"));
    let dir = root.path().join("data");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let log = root.path().join("child.log");
    let seed: u64 = rand::random();
    println!("crash test {name}: seed {seed}, data in {}", dir.display());
    let mut rng = StdRng::seed_from_u64(seed);
    let mut in_window = 0;
    for trial in 1..=trials {
        let mut child = child_command(&dir, &log).spawn().expect("spawn the child");
        let delay = Duration::from_millis(rng.random_range(0..400));
        std::thread::sleep(delay);
        if let Some(status) = child.try_wait().expect("wait") {
            panic!(
                "trial {trial}: the child stopped by itself ({status}):\n{}",
                std::fs::read_to_string(&log).unwrap_or_default()
            );
        }
        child.kill().expect("SIGKILL");
        child.wait().expect("reaped");
        let s = state(&dir);
        let expected = if s.game_recorded {
            s.game..=s.game
        } else {
            s.game.saturating_sub(1)..=s.game
        };
        assert!(
            expected.contains(&s.alice_wins),
            "trial {trial} (killed after {delay:?}): {s:?}"
        );
        if !s.game_recorded && s.game > 0 && s.alice_wins == s.game {
            in_window += 1;
        }
    }
    // A last run finishes the game in progress, then stops.
    let status = child_command(&dir, &log)
        .env(CHILD_FINISH_ENV, "1")
        .status()
        .expect("run the child");
    assert!(
        status.success(),
        "{status}:\n{}",
        std::fs::read_to_string(&log).unwrap_or_default()
    );
    let s = state(&dir);
    println!(
        "crash test {name}: {trials} kills, {} games, {in_window} kills between the records write \
         and the autosave; final {s:?}",
        s.game
    );
    assert!(s.game_recorded, "{s:?}");
    assert_eq!(s.alice_wins, s.game, "every game recorded exactly once");
    assert_eq!(s.bob_losses, s.game);
    assert_eq!(
        s.ids,
        usize::try_from(s.game).expect("small").min(1000),
        "one id per game"
    );
}

#[test]
fn killed_at_random_moments_every_game_is_recorded_exactly_once() {
    crash_trials("quick", 5);
}

#[test]
#[ignore = "150 kills, about a minute; run with --ignored"]
fn killed_150_times_every_game_is_recorded_exactly_once() {
    crash_trials("long", 150);
}

#[test]
fn game_numbers_read_back() {
    for n in [1, 14, 15, 224, 3374, 50_000] {
        let s = game(n);
        let moves: Vec<Point> = s.moves().collect();
        assert_eq!(game_number(&moves), n);
        assert_eq!(s.outcome(), None);
        assert_eq!(s.position().side_to_move(), Side::Black);
    }
    let mut s = game(7);
    s.play(WINNING_MOVE).expect("legal");
    assert_eq!(s.outcome(), Some(Outcome::Win(Side::Black)));
}
