//! Helpers shared by the integration tests (each test file that needs them says `mod common;`).

#![allow(dead_code)] // each test file uses a different part

use std::path::Path;
use std::time::{Duration, Instant};

use egui_kittest::Harness;
use tempfile::TempDir;

use reversi_gomoku::app::{GameKind, ReversiGomokuApp};

/// A fresh, empty directory for one test under the system temp dir, named `rg-{name}-` and a
/// random suffix (so that parallel tests and runs never share one). Returns its guard: the
/// directory and everything in it are removed when the guard drops, also when the test
/// panics, so keep it bound (`let dir = temp_dir(..)`, then `dir.path()`) for as long as
/// anything, such as the app's writer thread or a child process, uses the directory.
pub fn temp_dir(name: &str) -> TempDir {
    tempfile::Builder::new()
        .prefix(&format!("rg-{name}-"))
        .tempdir()
        .expect("a temp dir")
}

/// The names of the files in `dir`, sorted.
pub fn files_in(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .expect("a readable directory")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .into_string()
                .expect("UTF-8")
        })
        .collect();
    v.sort();
    v
}

/// The app under a kittest harness (created on the first frame).
pub type App = Option<ReversiGomokuApp>;

/// A 1200×900 harness running the whole app on `game`, its data in `dir` (in memory when
/// `None`), after two frames.
pub fn harness(game: GameKind, dir: Option<&Path>) -> Harness<'static, App> {
    harness_sized(game, dir, [1200.0, 900.0])
}

/// As [`harness`], in a window of `size` points (width, height).
pub fn harness_sized(game: GameKind, dir: Option<&Path>, size: [f32; 2]) -> Harness<'static, App> {
    let dir = dir.map(Path::to_path_buf);
    let mut h = Harness::builder().with_size(size).build_ui_state(
        move |ui, app: &mut App| {
            let app = app.get_or_insert_with(|| match &dir {
                Some(dir) => ReversiGomokuApp::with_data_dir(ui.ctx(), game, dir),
                None => ReversiGomokuApp::new(ui.ctx(), game),
            });
            app.logic(ui.ctx());
            app.show(ui);
        },
        None,
    );
    h.run_steps(2);
    h
}

/// The app of a harness.
pub fn app<'a>(h: &'a Harness<'static, App>) -> &'a ReversiGomokuApp {
    h.state().as_ref().expect("created on the first frame")
}

/// The app of a harness, mutable.
pub fn app_mut<'a>(h: &'a mut Harness<'static, App>) -> &'a mut ReversiGomokuApp {
    h.state_mut().as_mut().expect("created on the first frame")
}

/// Step frames until `done` holds (the computer thinks on another thread), then one more so
/// the window shows it; fails after 30 s.
pub fn step_until(
    h: &mut Harness<'static, App>,
    what: &str,
    done: impl Fn(&ReversiGomokuApp) -> bool,
) {
    let give_up = Instant::now() + Duration::from_secs(30);
    while !done(app(h)) {
        assert!(Instant::now() < give_up, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(5));
        h.step();
    }
    h.step();
}
