//! The one tab type for both games: replay keeps its own copy of the game, so the live game,
//! its computer and the "count as a loss" question behave the same during a replay.

mod common;

use egui_kittest::kittest::Queryable;

use common::{App, app, app_mut, harness, step_until};
use egui_kittest::Harness;
use reversi_gomoku::app::GameKind;
use reversi_gomoku::core::Side;
use reversi_gomoku::session::PlayerKind;

/// A Reversi game against the computer, one move each (d3 and its reply), being replayed.
fn replaying_after_one_move_each() -> Harness<'static, App> {
    let mut h = harness(GameKind::Reversi, None);
    h.get_by_label("d3").click();
    h.step();
    step_until(&mut h, "the computer's reply", |a| {
        a.reversi.ctl.session.ply() == 2
    });
    h.get_by_label("Replay").click();
    h.run_steps(2);
    h
}

#[test]
fn opening_a_game_during_a_replay_still_asks_about_the_game_in_progress() {
    let mut h = replaying_after_one_move_each();
    assert!(app(&h).is_replaying(GameKind::Reversi));
    assert!(
        app_mut(&mut h).import_transcript("f5d6c3").is_ok(),
        "a legal transcript imports"
    );
    h.run_steps(2);
    assert!(
        app(&h).confirm.is_some(),
        "the game in progress against the computer is not dropped without asking"
    );
    h.get_by_label("Cancel").click();
    h.run_steps(2);
    assert_eq!(
        app(&h).reversi.ctl.session.ply(),
        2,
        "the live game is kept"
    );
}

#[test]
fn the_computer_waits_while_its_game_is_replayed() {
    let mut h = replaying_after_one_move_each();
    // Give the computer the side to move in the live game (the panel is disabled while
    // replaying, so through the API): it must not think while the game is replayed.
    app_mut(&mut h)
        .reversi
        .ctl
        .set_player(Side::Black, PlayerKind::Computer);
    h.run_steps(5);
    assert!(
        !app(&h).reversi.ctl.is_thinking(),
        "paused during the replay"
    );
    assert_eq!(app(&h).reversi.ctl.session.ply(), 2);
    h.get_by_label("Close replay").click();
    step_until(&mut h, "the computer's move after the replay", |a| {
        a.reversi.ctl.session.ply() == 3
    });
    assert!(!app(&h).is_replaying(GameKind::Reversi));
}
