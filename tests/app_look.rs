//! UI tests of the look (egui_kittest): the View menu's theme, board styles, zoom and move
//! animation, remembered in `settings.json` and applied on start; the zoom keys remembered
//! too; the help's diagrams in the chosen board style; the board square and centred at the
//! minimum window size at any zoom; the move animation driven by injected input time.

mod common;

use std::time::Duration;

use egui::epaint::Shape;
use egui::{Color32, Rect, Theme, ThemePreference};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use common::{App, app, app_mut};
use reversi_gomoku::app::GameKind;
use reversi_gomoku::app::gomoku_view::{DROP_SECONDS, drop_in};
use reversi_gomoku::app::reversi_view::{
    FLIP_SECONDS, HIGHLIGHT_SECONDS, disc_look, flipped_discs,
};
use reversi_gomoku::app::theme::{GOMOKU_PLAIN, GOMOKU_WOOD, REVERSI_CONTRAST, REVERSI_FELT};
use reversi_gomoku::core::{ByGame, Side};
use reversi_gomoku::persist::{
    AnimationSpeed, BoardStyle, Settings, ThemeChoice, default_search_threads,
};
use reversi_gomoku::reversi::Square;

/// The window's minimum inner size (see `native_options`), in pixels.
const MIN_WINDOW: [f32; 2] = [560.0, 420.0];

fn open_view_menu(h: &mut Harness<'static, App>) {
    h.get_by_label("View").click();
    h.run_steps(2);
}

fn click(h: &mut Harness<'static, App>, label: &str) {
    h.get_by_label(label).click();
    h.run_steps(2);
}

#[test]
fn switching_theme_changes_the_visuals() {
    let mut h = common::harness(GameKind::Reversi, None);
    open_view_menu(&mut h);

    click(&mut h, "Light");
    assert_eq!(h.ctx.theme(), Theme::Light);
    assert!(!h.ctx.global_style().visuals.dark_mode);
    assert_eq!(app(&h).data.settings().theme, ThemeChoice::Light);

    click(&mut h, "Dark");
    assert_eq!(h.ctx.theme(), Theme::Dark);
    assert!(h.ctx.global_style().visuals.dark_mode);

    click(&mut h, "Follow system");
    assert_eq!(
        h.ctx.options(|o| o.theme_preference),
        ThemePreference::System
    );
    assert_eq!(app(&h).data.settings().theme, ThemeChoice::System);
}

#[test]
fn board_styles_change_the_palettes() {
    let mut h = common::harness(GameKind::Reversi, None);
    assert_eq!(*app(&h).reversi.palette, REVERSI_FELT);
    assert_eq!(*app(&h).gomoku.palette, GOMOKU_WOOD);
    open_view_menu(&mut h);
    click(&mut h, "High contrast");
    assert_eq!(*app(&h).reversi.palette, REVERSI_CONTRAST);
    assert_eq!(*app(&h).gomoku.palette, GOMOKU_WOOD, "per game");
    click(&mut h, "Plain light");
    assert_eq!(*app(&h).gomoku.palette, GOMOKU_PLAIN);
    click(&mut h, "Green felt");
    assert_eq!(*app(&h).reversi.palette, REVERSI_FELT);
}

#[test]
fn the_look_is_remembered_and_applied_on_start() {
    let dir = common::temp_dir("app-look-remembered");
    {
        let mut h = common::harness(GameKind::Reversi, Some(dir.path()));
        open_view_menu(&mut h);
        for label in ["Dark", "High contrast", "Plain light", "+", "+", "Off"] {
            click(&mut h, label);
        }
        assert_eq!(h.ctx.zoom_factor(), 1.2, "two steps of 10 %");
        app_mut(&mut h).data.flush_writes();
    }
    let saved = Settings::load(dir.path())
        .unwrap()
        .expect("settings.json written");
    assert_eq!(saved.theme, ThemeChoice::Dark);
    assert_eq!(
        saved.board_style,
        ByGame {
            reversi: BoardStyle::Plain,
            gomoku: BoardStyle::Plain,
        }
    );
    assert_eq!(saved.zoom, 1.2);
    assert_eq!(saved.animation, AnimationSpeed::Off);

    let h = common::harness(GameKind::Reversi, Some(dir.path()));
    assert_eq!(h.ctx.theme(), Theme::Dark);
    assert_eq!(h.ctx.options(|o| o.theme_preference), ThemePreference::Dark);
    assert_eq!(h.ctx.zoom_factor(), 1.2);
    assert_eq!(*app(&h).reversi.palette, REVERSI_CONTRAST);
    assert_eq!(*app(&h).gomoku.palette, GOMOKU_PLAIN);
    assert_eq!(app(&h).data.settings().animation, AnimationSpeed::Off);
    drop(h);
    dir.close().unwrap();
}

#[test]
fn a_zoom_from_egui_shortcuts_is_remembered_within_limits() {
    let mut h = common::harness(GameKind::Reversi, None);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Equals);
    h.run_steps(3);
    assert_eq!(h.ctx.zoom_factor(), 1.1);
    assert_eq!(app(&h).data.settings().zoom, 1.1);
    // egui would go down to 0.2; the app stops at 0.5.
    for _ in 0..10 {
        h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Minus);
        h.run_steps(2);
    }
    h.run_steps(2);
    assert_eq!(h.ctx.zoom_factor(), 0.5);
    assert_eq!(app(&h).data.settings().zoom, 0.5);

    let ctx = h.ctx.clone();
    assert_eq!(app_mut(&mut h).set_zoom(&ctx, 7.0), 3.0, "clamped");
    h.run_steps(2);
    assert_eq!(h.ctx.zoom_factor(), 3.0);
    assert_eq!(app(&h).data.settings().zoom, 3.0);
}

#[test]
fn zoom_keys_zoom_once_and_are_remembered() {
    let dir = common::temp_dir("app-look-zoom-keys");
    {
        let mut h = common::harness(GameKind::Gomoku, Some(dir.path()));
        for _ in 0..3 {
            h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Plus);
            h.run_steps(2);
        }
        assert_eq!(h.ctx.zoom_factor(), 1.3, "one step per key press");
        h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Minus);
        h.run_steps(2);
        assert_eq!(h.ctx.zoom_factor(), 1.2);
        assert_eq!(app(&h).data.settings().zoom, 1.2);
        app_mut(&mut h).data.flush_writes();
    }
    let h = common::harness(GameKind::Gomoku, Some(dir.path()));
    assert_eq!(h.ctx.zoom_factor(), 1.2, "restored on start");
    let mut h = h;
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Num0);
    h.run_steps(2);
    assert_eq!(h.ctx.zoom_factor(), 1.0);
    assert_eq!(app(&h).data.settings().zoom, 1.0);
    drop(h);
    dir.close().unwrap();
}

/// Every colour the last frame filled a rectangle or circle with.
fn fill_colours(h: &Harness<'static, App>) -> Vec<Color32> {
    fn walk(shape: &Shape, out: &mut Vec<Color32>) {
        match shape {
            Shape::Vec(shapes) => shapes.iter().for_each(|s| walk(s, out)),
            Shape::Rect(r) => out.push(r.fill),
            Shape::Circle(c) => out.push(c.fill),
            _ => {}
        }
    }
    let mut out = Vec::new();
    for clipped in &h.output().shapes {
        walk(&clipped.shape, &mut out);
    }
    out
}

#[test]
fn help_diagrams_follow_the_board_style() {
    // The Gomoku tab on screen, so any Reversi board drawn is one of the help's diagrams.
    let mut h = common::harness(GameKind::Gomoku, None);
    h.key_press(egui::Key::F1);
    h.run_steps(3);
    assert!(h.query_by_label_contains("all eight are flipped").is_some());
    let fills = fill_colours(&h);
    assert!(fills.contains(&REVERSI_FELT.board), "green felt by default");
    assert!(!fills.contains(&REVERSI_CONTRAST.board));

    app_mut(&mut h)
        .data
        .change_settings(|s| s.board_style.reversi = BoardStyle::Plain);
    h.run_steps(2);
    let fills = fill_colours(&h);
    assert!(fills.contains(&REVERSI_CONTRAST.board), "high contrast");
    assert!(!fills.contains(&REVERSI_FELT.board));
    assert!(
        fills.contains(&GOMOKU_WOOD.board),
        "the Gomoku board keeps its style"
    );
}

/// The board's grid from its corner squares' accessible nodes: square, and centred in the
/// area the central panel gave it, which lies between the top bar, the side panel and the
/// status bar.
fn assert_board_square_and_centred(h: &Harness<'static, App>, game: GameKind, what: &str) {
    let (first, last) = match game {
        GameKind::Reversi => ("a1", "h8"),
        GameKind::Gomoku => ("A15", "O1"),
    };
    let grid = h
        .get_by_label(first)
        .rect()
        .union(h.get_by_label(last).rect());
    let area: Rect = app(h).tab(game).board_area();
    assert!(
        area.width() > 20.0 && area.height() > 20.0,
        "{what}: {area:?}"
    );
    assert!(
        (grid.width() - grid.height()).abs() < 0.5,
        "{what}: grid {grid:?} is square"
    );
    assert!(
        (grid.center() - area.center()).length() < 0.5,
        "{what}: grid {grid:?} centred in {area:?}"
    );
    assert!(
        grid.width() >= 0.8 * area.width().min(area.height()),
        "{what}: the board fills the area"
    );
    let screen = h.ctx.content_rect();
    let controls = h.get_by_label("New game").rect();
    let top_bar = h.get_by_label("Records").rect();
    assert!(
        area.left() >= screen.left() && area.left() < screen.left() + 24.0,
        "{what}: {area:?} in {screen:?}"
    );
    assert!(
        area.right() < controls.left(),
        "{what}: left of the side panel"
    );
    assert!(
        area.right() > controls.left() - 30.0,
        "{what}: up to the side panel"
    );
    assert!(area.top() > top_bar.bottom(), "{what}: below the top bar");
    assert!(
        area.bottom() < screen.bottom() - 10.0,
        "{what}: above the status bar"
    );
}

#[test]
fn the_board_is_square_and_centred_at_the_minimum_size_at_any_zoom() {
    for game in GameKind::ALL {
        for zoom in [1.0, 0.5, 2.0] {
            let mut h = common::harness_sized(game, None, MIN_WINDOW);
            let ctx = h.ctx.clone();
            app_mut(&mut h).set_zoom(&ctx, zoom);
            h.run_steps(3);
            assert_eq!(h.ctx.zoom_factor(), zoom);
            let screen = h.ctx.content_rect();
            assert!(
                (screen.width() - MIN_WINDOW[0] / zoom).abs() < 1.0,
                "the window is {screen:?} points at zoom {zoom}"
            );
            assert_board_square_and_centred(&h, game, &format!("{game:?} at zoom {zoom}"));
        }
    }
}

/// A long status (the lock's) stays on one line at the minimum size, so the board keeps its
/// place and size instead of jumping with every long message.
#[test]
fn a_long_status_does_not_move_the_board() {
    let mut h = common::harness_sized(GameKind::Gomoku, None, MIN_WINDOW);
    let before = h.get_by_label("H8").rect();
    click(&mut h, "Lock");
    assert!(app(&h).is_locked(), "the lock's status is shown");
    h.run_steps(2);
    assert_eq!(h.get_by_label("H8").rect(), before);
}

/// Hot-seat Reversi (no computer), Black's d3 played at input time `t`: flips d4.
fn d3_played_at(t: f64, speed: &str) -> Harness<'static, App> {
    let mut h = common::harness(GameKind::Reversi, None);
    open_view_menu(&mut h);
    click(&mut h, speed);
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    click(&mut h, "Computer plays White");
    h.input_mut().time = Some(t);
    h.get_by_label("d3").click();
    h.run_steps(2);
    assert_eq!(app(&h).reversi.ctl.session.ply(), 1);
    h
}

/// How soon the last frame asked for the next one.
fn repaint_delay(h: &Harness<'static, App>) -> Duration {
    h.output().viewport_output[&egui::ViewportId::ROOT].repaint_delay
}

fn d4() -> Square {
    "d4".parse().expect("a square")
}

#[test]
fn normal_speed_turns_the_flipped_disc_over_in_time() {
    let t0 = 100.0;
    let mut h = d3_played_at(t0, "Normal");
    let tab = &app(&h).reversi;
    assert_eq!(tab.anim.started(), Some(t0));
    let flipped = flipped_discs(tab);
    assert_eq!(flipped, 1 << d4().index(), "d3 flips d4 only");

    // A quarter of the turn: still showing White, squashed towards its edge.
    let quarter = t0 + f64::from(FLIP_SECONDS) * 0.25;
    let look = disc_look(tab, Side::Black, true, quarter);
    assert_eq!(look.shows, Side::White);
    assert!(look.width < 0.8 && look.width > 0.0, "{look:?}");
    // Three quarters: Black side up, opening again.
    let look = disc_look(tab, Side::Black, true, t0 + f64::from(FLIP_SECONDS) * 0.75);
    assert_eq!(look.shows, Side::Black);
    assert!(look.width < 0.8, "{look:?}");
    // Turned: flat, with a fading ring, then nothing.
    let look = disc_look(tab, Side::Black, true, t0 + f64::from(FLIP_SECONDS) + 0.1);
    assert_eq!(look.width, 1.0);
    assert!(look.ring > 0.0 && look.ring < 1.0, "{look:?}");
    let done = disc_look(tab, Side::Black, true, t0 + f64::from(HIGHLIGHT_SECONDS));
    assert_eq!((done.shows, done.width, done.ring), (Side::Black, 1.0, 0.0));
    // A disc that did not flip never turns.
    assert_eq!(disc_look(tab, Side::Black, false, quarter).width, 1.0);

    // The window repaints while the animation runs, and stops asking once it is over.
    h.input_mut().time = Some(quarter);
    h.step();
    assert_eq!(repaint_delay(&h), Duration::ZERO, "repaints while turning");
    h.input_mut().time = Some(t0 + f64::from(HIGHLIGHT_SECONDS) + 0.1);
    h.run_steps(2);
    assert_ne!(
        repaint_delay(&h),
        Duration::ZERO,
        "idle once the animation is over"
    );
}

#[test]
fn animation_off_shows_the_move_finished_at_once() {
    let t0 = 50.0;
    let h = d3_played_at(t0, "Off");
    let tab = &app(&h).reversi;
    assert_eq!(tab.anim.started(), None);
    let look = disc_look(tab, Side::Black, true, t0);
    assert_eq!((look.shows, look.width, look.ring), (Side::Black, 1.0, 0.0));
}

#[test]
fn fast_speed_takes_half_the_time() {
    let t0 = 10.0;
    let h = d3_played_at(t0, "Fast");
    let tab = &app(&h).reversi;
    let half_normal = t0 + f64::from(FLIP_SECONDS) * 0.5 + 0.01;
    assert_eq!(disc_look(tab, Side::Black, true, half_normal).width, 1.0);
    assert!(disc_look(tab, Side::Black, true, t0 + 0.1).width < 1.0);
}

#[test]
fn a_gomoku_stone_drops_in() {
    let mut h = common::harness(GameKind::Gomoku, None);
    click(&mut h, "Computer plays White");
    h.input_mut().time = Some(20.0);
    h.get_by_label("H8").click();
    h.run_steps(2);
    let tab = &app(&h).gomoku;
    assert_eq!(tab.anim.started(), Some(20.0));
    let t = tab
        .anim
        .progress(20.0 + f64::from(DROP_SECONDS) * 0.5, DROP_SECONDS)
        .expect("dropping");
    let (scale, opacity) = drop_in(t);
    assert!(scale > 1.0 && scale < 1.6, "{scale}");
    assert!(opacity > 0.0 && opacity < 1.0, "{opacity}");
    assert_eq!(drop_in(0.0), (1.6, 0.0), "starts large and transparent");
    assert_eq!(drop_in(1.0), (1.0, 1.0), "lands at its size, opaque");
    assert_eq!(
        tab.anim
            .progress(20.0 + f64::from(DROP_SECONDS), DROP_SECONDS),
        None
    );
}

#[test]
fn search_threads_are_chosen_in_the_view_menu_for_both_games() {
    let dir = common::temp_dir("app-look-threads");
    std::fs::create_dir_all(dir.path()).unwrap();
    let three = Settings {
        search_threads: 3,
        ..Settings::default()
    };
    std::fs::write(dir.path().join("settings.json"), three.to_json()).unwrap();
    let mut h = common::harness(GameKind::Reversi, Some(dir.path()));
    h.run_steps(2);
    assert_eq!(app(&h).reversi.ctl.search_threads, 3);
    assert_eq!(app(&h).gomoku.ctl.search_threads, 3);
    open_view_menu(&mut h);
    click(&mut h, "1 thread");
    assert_eq!(app(&h).data.settings().search_threads, 1);
    assert_eq!(app(&h).reversi.ctl.search_threads, 1);
    assert_eq!(app(&h).reversi.teacher.search_threads, 1);
    // Below the setting, the choices go up to the machine's cores.
    let cores = default_search_threads();
    assert!(cores >= 3 || h.query_by_label("3 threads").is_none());
    if cores > 1 {
        click(&mut h, &format!("{cores} threads"));
    }
    assert_eq!(app(&h).gomoku.ctl.search_threads, cores);
    app_mut(&mut h).data.flush_writes();
    drop(h);
    let saved = Settings::load(dir.path())
        .unwrap()
        .expect("settings.json written");
    assert_eq!(saved.search_threads, cores);
    dir.close().unwrap();
}
