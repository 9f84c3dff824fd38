//! Lock (pause), the boss key and re-bindable shortcuts, through the whole app under
//! egui_kittest: clicks and keys while locked, the clock (a [`ManualTime`]), the computer,
//! the "Unlock first?" question, the lock across a restart, the boss key's hide + mute +
//! lock, and the Shortcuts window (re-binding, a refused conflict, the settings file).

mod common;

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use egui::{Key, Modifiers, ViewportCommand, ViewportId};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use common::{App, app, app_mut, step_until, temp_dir};
use reversi_gomoku::app::GameKind;
use reversi_gomoku::app::boss::Hidden;
use reversi_gomoku::app::lock::Deferred;
use reversi_gomoku::app::shortcuts::{Action, Bindings};
use reversi_gomoku::audio::{MusicCall, RecordingSink, Sound};
use reversi_gomoku::core::clock::ManualTime;
use reversi_gomoku::core::{BySide, Side};
use reversi_gomoku::persist::Settings;
use reversi_gomoku::session::PlayerKind;

const HOT_SEAT: BySide<PlayerKind> = BySide {
    black: PlayerKind::Human,
    white: PlayerKind::Human,
};

fn ply(h: &Harness<'static, App>) -> usize {
    app(h).reversi.ctl.session.ply()
}

fn press_ctrl(h: &mut Harness<'static, App>, key: Key) {
    h.key_press_modifiers(Modifiers::COMMAND, key);
    h.run_steps(2);
}

/// Reversi, hot-seat, time made manual.
fn hot_seat_with_time(dir: Option<&Path>) -> (Harness<'static, App>, ManualTime) {
    let mut h = common::harness(GameKind::Reversi, dir);
    let time = ManualTime::new();
    let a = app_mut(&mut h);
    a.reversi.ctl.session.players = HOT_SEAT;
    a.reversi.ctl.set_time_source(Arc::new(time.clone()));
    a.gomoku.ctl.set_time_source(Arc::new(time.clone()));
    h.run_steps(2);
    (h, time)
}

#[test]
fn a_click_or_key_while_locked_changes_nothing() {
    let (mut h, _) = hot_seat_with_time(None);
    press_ctrl(&mut h, Key::L);
    assert!(app(&h).is_locked());
    assert!(app(&h).reversi.locked && app(&h).gomoku.locked, "both tabs");
    h.get_by_label("d3").click();
    h.run_steps(2);
    assert_eq!(ply(&h), 0, "the click played nothing");
    for key in [Key::ArrowLeft, Key::Enter, Key::Enter] {
        h.key_press(key);
        h.step();
    }
    assert_eq!(ply(&h), 0, "nor did the board cursor");
    assert!(
        h.query_by_label_contains("Locked: the computer and the clocks wait.")
            .is_some(),
        "the status line says so"
    );

    // The Pause key unlocks, as the Unlock button would.
    h.key_press(Key::Pause);
    h.run_steps(2);
    assert!(!app(&h).is_locked());
    h.get_by_label("d3").click();
    h.run_steps(2);
    assert_eq!(ply(&h), 1);
    h.get_by_label("Lock").click();
    h.run_steps(2);
    assert!(app(&h).is_locked(), "the top bar's button locks");
    h.get_by_label("Unlock").click();
    h.run_steps(2);
    assert!(!app(&h).is_locked());
}

#[test]
fn the_clock_does_not_run_while_locked() {
    let (mut h, time) = hot_seat_with_time(None);
    let used = |h: &Harness<'static, App>| app(h).reversi.ctl.clock_reading(Side::Black).ms;
    // The start-up frames ran on the real clock: count from here.
    let start = used(&h);
    time.advance(3_000);
    h.run_steps(2);
    assert_eq!(used(&h) - start, 3_000);
    press_ctrl(&mut h, Key::L);
    time.advance(60_000);
    h.run_steps(2);
    assert_eq!(used(&h) - start, 3_000, "a minute locked costs nothing");
    assert!(!app(&h).reversi.ctl.clock().is_running());
    press_ctrl(&mut h, Key::L);
    time.advance(2_000);
    h.run_steps(2);
    assert_eq!(used(&h) - start, 5_000);
}

#[test]
fn the_computer_does_not_move_while_locked_and_moves_after_unlock() {
    // Against the computer (White): Black plays, and the lock comes while White thinks.
    let mut h = common::harness(GameKind::Reversi, None);
    h.get_by_label("d3").click();
    h.run_steps(2);
    assert_eq!(ply(&h), 1);
    assert!(app(&h).reversi.ctl.is_thinking(), "White thinks");
    press_ctrl(&mut h, Key::L);
    assert!(
        !app(&h).reversi.ctl.is_thinking(),
        "its search was cancelled"
    );
    // Longer than any reply takes (the shortest is held 300 ms).
    let until = Instant::now() + Duration::from_millis(800);
    while Instant::now() < until {
        std::thread::sleep(Duration::from_millis(20));
        h.step();
    }
    assert_eq!(ply(&h), 1, "no move while locked");
    assert!(!app(&h).reversi.ctl.is_thinking());
    press_ctrl(&mut h, Key::L);
    step_until(&mut h, "White's move after unlocking", |a| {
        a.reversi.ctl.session.ply() == 2
    });
}

#[test]
fn undo_new_game_and_open_ask_to_unlock_first() {
    let (mut h, _) = hot_seat_with_time(None);
    for square in ["d3", "c3"] {
        h.get_by_label(square).click();
        h.run_steps(2);
    }
    assert_eq!(ply(&h), 2);
    press_ctrl(&mut h, Key::L);

    press_ctrl(&mut h, Key::Z);
    assert!(matches!(
        app(&h).unlock_question(),
        Some(Deferred::Undo(GameKind::Reversi))
    ));
    assert!(
        h.query_by_label("Unlock the game to take a move back?")
            .is_some()
    );
    h.get_by_label("Stay locked").click();
    h.run_steps(2);
    assert!(app(&h).is_locked());
    assert_eq!(ply(&h), 2, "nothing undone");

    h.get_by_label("Undo").click();
    h.run_steps(2);
    assert!(
        app(&h).unlock_question().is_some(),
        "the panel's Undo asks too"
    );
    h.get_by_label("Unlock and go on").click();
    h.run_steps(2);
    assert!(!app(&h).is_locked());
    assert_eq!(ply(&h), 1, "unlocked, then undone");

    press_ctrl(&mut h, Key::L);
    h.get_by_label("New game").click();
    h.run_steps(2);
    assert!(matches!(
        app(&h).unlock_question(),
        Some(Deferred::Replace(GameKind::Reversi, _))
    ));
    h.get_by_label("Unlock and go on").click();
    h.run_steps(2);
    assert_eq!(ply(&h), 0, "a hot-seat game is replaced at once");

    press_ctrl(&mut h, Key::L);
    press_ctrl(&mut h, Key::O);
    assert!(matches!(app(&h).unlock_question(), Some(Deferred::Open)));
    h.get_by_label("Stay locked").click();
    h.run_steps(2);
    assert!(app(&h).is_locked());
}

#[test]
fn the_lock_survives_a_restart() {
    let dir = temp_dir("app-lock-restart");
    let (mut h, _) = hot_seat_with_time(Some(dir.path()));
    h.get_by_label("d3").click();
    h.run_steps(2);
    press_ctrl(&mut h, Key::L);
    app_mut(&mut h).data.flush_writes();
    drop(h);

    let mut h = common::harness(GameKind::Reversi, Some(dir.path()));
    assert!(app(&h).is_locked(), "locked as it was left");
    assert_eq!(ply(&h), 1, "with its game");
    assert!(app(&h).reversi.locked);
    h.get_by_label("c3").click();
    h.run_steps(2);
    assert_eq!(ply(&h), 1, "the restored board takes no move");
    press_ctrl(&mut h, Key::L);
    app_mut(&mut h).data.flush_writes();
    drop(h);
    let h = common::harness(GameKind::Reversi, Some(dir.path()));
    assert!(!app(&h).is_locked(), "unlocking is kept too");
    drop(h);
}

/// The viewport commands the app sent in the last frame.
fn commands(h: &Harness<'static, App>) -> Vec<ViewportCommand> {
    h.output()
        .viewport_output
        .get(&ViewportId::ROOT)
        .map(|o| o.commands.clone())
        .unwrap_or_default()
}

#[test]
fn the_boss_key_hides_mutes_and_locks() {
    let mut h = common::harness(GameKind::Reversi, None);
    let rec = RecordingSink::new();
    app_mut(&mut h).set_audio_sink(Box::new(rec.clone()));
    // Ctrl+B pressed, in one frame (queued events would each get a frame of their own, and
    // the output kept is the last frame's).
    h.input_mut().events.push(egui::Event::Key {
        key: Key::B,
        physical_key: None,
        pressed: true,
        repeat: false,
        modifiers: Modifiers::COMMAND,
    });
    h.step();
    // No tray host in a test: the window is minimised.
    assert!(
        commands(&h).contains(&ViewportCommand::Minimized(true)),
        "{:?}",
        commands(&h)
    );
    assert_eq!(app(&h).hidden(), Some(Hidden::Minimized { seen: false }));
    assert!(app(&h).is_locked(), "locked");
    assert!(!app(&h).sound_allowed(), "silent");
    assert!(
        !app(&h).data.sound_muted(),
        "the Sound menu's mute is left alone"
    );
    app_mut(&mut h).reversi.cue(Sound::Place);
    h.step();
    assert!(rec.take().is_empty(), "nothing plays while hidden");

    // Back on screen (the player clicked in it): sound again, still locked.
    h.get_by_label("d3").click();
    h.run_steps(2);
    assert_eq!(app(&h).hidden(), None);
    assert!(app(&h).is_locked(), "still locked until unlocked");
    assert_eq!(ply(&h), 0);
    app_mut(&mut h).reversi.cue(Sound::Place);
    h.step();
    assert_eq!(rec.take().len(), 1);
}

#[test]
fn the_boss_key_stops_the_music_and_showing_the_window_brings_it_back() {
    let dir = temp_dir("app-lock-boss-music");
    let mut h = common::harness(GameKind::Reversi, Some(dir.path()));
    let rec = RecordingSink::new();
    app_mut(&mut h).set_audio_sink(Box::new(rec.clone()));
    app_mut(&mut h).data.set_music(true, 60);
    step_until(&mut h, "the music to play", |a| a.music.playing().is_some());
    rec.take_music();
    let ctx = h.ctx.clone();
    // A hidden window draws no frame: the boss key itself must stop the music.
    app_mut(&mut h).boss_key(&ctx);
    assert_eq!(rec.take_music(), [MusicCall::Stop]);
    assert!(app(&h).data.music_on(), "the music setting is kept");
    app_mut(&mut h).show_window(&ctx);
    h.step();
    assert!(matches!(rec.take_music()[..], [MusicCall::Play { .. }]));
    drop(h);
}

#[test]
fn showing_the_window_from_the_tray_keeps_it_locked() {
    let mut h = common::harness(GameKind::Reversi, None);
    let ctx = h.ctx.clone();
    let a = app_mut(&mut h);
    a.boss_key(&ctx);
    a.show_window(&ctx);
    h.step();
    assert_eq!(app(&h).hidden(), None);
    assert!(app(&h).is_locked());
    assert!(app(&h).sound_allowed());
}

fn open_shortcuts(h: &mut Harness<'static, App>) {
    h.get_by_label("Shortcuts…").click();
    // Until the new window has its size and place.
    h.run_steps(5);
}

/// Clicks "Change…" (or "Add…") on `action`'s row of the Shortcuts window, then presses
/// `key` with `modifiers`.
fn rebind(
    h: &mut Harness<'static, App>,
    button: &str,
    action: Action,
    modifiers: Modifiers,
    key: Key,
) {
    let label = format!("{button} {}", action.description());
    // Through accessibility: the row may be scrolled out of the window.
    h.get_by_label(&label).click_accesskit();
    h.run_steps(2);
    assert!(app(h).shortcut_editor.capturing(), "waits for a key");
    if modifiers.command {
        // A real keyboard reports Ctrl itself first: not a combination yet.
        h.key_press(Key::ControlLeft);
        h.run_steps(2);
        assert!(
            app(h).shortcut_editor.capturing(),
            "Ctrl alone is not taken"
        );
    }
    h.key_press_modifiers(modifiers, key);
    h.run_steps(2);
}

#[test]
fn rebinding_changes_what_a_key_does() {
    let mut h = common::harness(GameKind::Reversi, None);
    open_shortcuts(&mut h);
    rebind(&mut h, "Change…", Action::Help, Modifiers::NONE, Key::F2);
    assert!(!app(&h).shortcut_editor.capturing());
    assert!(
        !app(&h).help.open,
        "the new key was the editor's, not the help's"
    );
    app_mut(&mut h).shortcut_editor.open = false;
    h.key_press(Key::F1);
    h.run_steps(2);
    assert!(!app(&h).help.open, "F1 no longer opens the help");
    h.key_press(Key::F2);
    h.run_steps(2);
    assert!(app(&h).help.open, "F2 does");
    h.get_by_label("Shortcuts").click();
    h.run_steps(3);
    assert!(
        h.query_by_label("F2").is_some(),
        "the help's table shows the new key"
    );
    assert_eq!(
        reversi_gomoku::app::shortcuts::hover_text(&h.ctx, "Help", Action::Help),
        "Help (F2)",
        "and so do the tooltips"
    );

    // Add… keeps the old keys: Ctrl+K now locks too.
    app_mut(&mut h).help.open = false;
    open_shortcuts(&mut h);
    rebind(&mut h, "Add…", Action::Lock, Modifiers::COMMAND, Key::K);
    let lock_keys = Bindings::of(&h.ctx).keys(Action::Lock).len();
    assert_eq!(lock_keys, 3, "Ctrl+L, Pause and Ctrl+K");
    press_ctrl(&mut h, Key::K);
    assert!(app(&h).is_locked());
}

#[test]
fn a_conflicting_binding_is_refused_naming_the_action() {
    let mut h = common::harness(GameKind::Reversi, None);
    open_shortcuts(&mut h);
    let before = (*Bindings::of(&h.ctx)).clone();
    rebind(&mut h, "Change…", Action::Hint, Modifiers::COMMAND, Key::N);
    assert_eq!(
        app(&h).shortcut_editor.message(),
        Some(
            "Ctrl+N is already used by \"New game\": choose another combination, or change that one first."
        )
    );
    assert!(app(&h).shortcut_editor.capturing(), "waits for another key");
    assert_eq!(*Bindings::of(&h.ctx), before, "nothing changed");
    assert_eq!(ply(&h), 0, "the key did not start a new game either");
    h.key_press(Key::Escape);
    h.run_steps(2);
    assert!(!app(&h).shortcut_editor.capturing(), "Esc cancels");
    assert_eq!(*Bindings::of(&h.ctx), before);
}

#[test]
fn shortcuts_are_remembered_in_the_settings_and_reset() {
    let dir = temp_dir("app-lock-shortcut-settings");
    let mut h = common::harness(GameKind::Reversi, Some(dir.path()));
    open_shortcuts(&mut h);
    rebind(
        &mut h,
        "Change…",
        Action::BossKey,
        Modifiers::COMMAND,
        Key::J,
    );
    app_mut(&mut h).data.flush_writes();
    drop(h);
    let saved = Settings::load(dir.path()).expect("valid").expect("written");
    let table = saved.shortcuts.expect("the shortcuts are kept");
    assert_eq!(table.version, 1);
    assert_eq!(table.keys["boss_key"], ["Ctrl+J"]);
    assert_eq!(table.keys["redo"], ["Ctrl+Y", "Ctrl+Shift+Z"]);

    let mut h = common::harness(GameKind::Reversi, Some(dir.path()));
    assert_eq!(
        Bindings::of(&h.ctx).action_of(egui::KeyboardShortcut::new(Modifiers::COMMAND, Key::J)),
        Some(Action::BossKey),
        "read back on start"
    );
    open_shortcuts(&mut h);
    h.get_by_label("Reset to defaults").click();
    h.run_steps(2);
    assert_eq!(*Bindings::of(&h.ctx), Bindings::default());
    app_mut(&mut h).data.flush_writes();
    drop(h);
    let saved = Settings::load(dir.path()).expect("valid").expect("written");
    assert_eq!(saved.shortcuts, None, "the defaults again");
}

#[test]
fn an_unreadable_shortcut_in_the_settings_is_reported_and_left_out() {
    let dir = temp_dir("app-lock-bad-shortcut");
    let mut settings = Settings::default();
    let mut table = Bindings::default().to_table();
    table
        .keys
        .insert("hint".into(), vec!["Ctrl+Nothing".into()]);
    table
        .keys
        .insert("from_the_future".into(), vec!["F9".into()]);
    settings.shortcuts = Some(table);
    settings.save(dir.path()).expect("written");
    let mut h = common::harness(GameKind::Reversi, Some(dir.path()));
    let notices: Vec<String> = app(&h)
        .data
        .notices
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(
        notices.iter().any(|n| n.contains("Ctrl+Nothing")),
        "{notices:?}"
    );
    assert!(Bindings::of(&h.ctx).keys(Action::Hint).is_empty());
    // A later change keeps what this version does not know.
    open_shortcuts(&mut h);
    rebind(&mut h, "Change…", Action::Hint, Modifiers::NONE, Key::H);
    app_mut(&mut h).data.flush_writes();
    drop(h);
    let saved = Settings::load(dir.path()).expect("valid").expect("written");
    let keys = saved.shortcuts.expect("kept").keys;
    assert_eq!(keys["hint"], ["H"]);
    assert_eq!(keys["from_the_future"], ["F9"]);
}
