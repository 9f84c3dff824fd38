//! Headless UI tests with egui_kittest: squares and controls are found by their accessible
//! names and clicked like a player would.

mod common;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use common::{App, app, app_mut, step_until};
use reversi_gomoku::app::{GameKind, ReversiGomokuApp};
use reversi_gomoku::core::Side;
use reversi_gomoku::gomoku;
use reversi_gomoku::reversi::Square;
use reversi_gomoku::session::PlayerKind;

/// The app with nothing kept on disk.
fn harness(game: GameKind) -> Harness<'static, App> {
    common::harness(game, None)
}

fn counts(app: &ReversiGomokuApp) -> (u32, u32) {
    let pos = app.reversi.ctl.session.position();
    (pos.count(Side::Black), pos.count(Side::White))
}

#[test]
fn reversi_click_computer_reply_switch_sides_and_undo() {
    let mut h = harness(GameKind::Reversi);
    assert_eq!(counts(app(&h)), (2, 2));

    // Black (human) plays d3 by its accessible name; the computer plays White.
    h.get_by_label("d3").click();
    h.step();
    assert_eq!(counts(app(&h)), (4, 1), "d3 flips d4");
    step_until(&mut h, "the computer's reply", |a| {
        a.reversi.ctl.session.ply() == 2
    });
    let (b, w) = counts(app(&h));
    assert_eq!(b + w, 6, "one disc placed per move");
    assert!(w >= 2, "White's reply flipped at least one disc");
    let reply = app(&h).reversi.ctl.session.last_move().expect("a move");
    let before = app(&h)
        .reversi
        .ctl
        .session
        .previous_position()
        .expect("a position");
    assert!(
        before.legal_moves().contains(&reply),
        "the reply {reply} is legal"
    );

    // Take White back mid-game and play a move for it by hand.
    h.get_by_label("Computer plays White").click();
    h.step();
    assert_eq!(app(&h).reversi.ctl.session.players.white, PlayerKind::Human);
    let black_move = first_legal(app(&h));
    h.get_by_label(&black_move.to_string()).click();
    h.step();
    assert_eq!(app(&h).reversi.ctl.session.ply(), 3);
    let counts_before_white = counts(app(&h));
    let white_move = first_legal(app(&h));
    h.get_by_label(&white_move.to_string()).click();
    h.step();
    assert_eq!(
        app(&h).reversi.ctl.session.ply(),
        4,
        "White's move was played by a human"
    );
    assert!(!app(&h).reversi.ctl.is_thinking());

    // Undo restores the counts before White's move (hot-seat: one ply).
    h.get_by_label("Undo").click();
    h.step();
    assert_eq!(counts(app(&h)), counts_before_white);
    assert_eq!(app(&h).reversi.ctl.session.ply(), 3);
}

fn first_legal(app: &ReversiGomokuApp) -> Square {
    let legal = app.reversi.ctl.session.position().legal_squares();
    Square::new(legal.trailing_zeros() as u8).expect("some legal square")
}

#[test]
fn reversi_illegal_click_changes_nothing_and_says_why() {
    let mut h = harness(GameKind::Reversi);
    h.get_by_label("a1").click();
    h.step();
    assert_eq!(counts(app(&h)), (2, 2));
    assert_eq!(app(&h).reversi.ctl.session.ply(), 0);
    assert!(
        app(&h).reversi.status().contains("flip no discs"),
        "{}",
        app(&h).reversi.status()
    );
    h.get_by_label("d4").click();
    h.step();
    assert!(app(&h).reversi.status().contains("occupied"));
}

/// Each side's line counts its discs and the moves it has made (requirement list, wish 18).
#[test]
fn reversi_side_lines_count_discs_and_moves() {
    let mut h = harness(GameKind::Reversi);
    h.get_by_label("Computer plays White").click(); // hot-seat
    h.run_steps(2); // the side lines above the check boxes change a frame later
    h.get_by_label("Black to move: 2 discs, 0 moves");
    h.get_by_label("d3").click();
    h.run_steps(2); // the side panel is drawn before the board takes the click
    h.get_by_label("Black: 4 discs, 1 move");
    h.get_by_label("White to move: 1 disc, 0 moves");
    h.get_by_label("c3").click(); // White
    h.run_steps(2);
    h.get_by_label("White: 3 discs, 1 move");
}

#[test]
fn handing_the_computer_the_side_to_move_makes_it_play() {
    let mut h = harness(GameKind::Reversi);
    h.get_by_label("Computer plays White").click(); // White human: hot-seat
    h.run_steps(2); // the side lines above the check boxes change a frame later
    h.get_by_label("Computer plays Black").click(); // Black (to move) to the computer
    h.step();
    step_until(&mut h, "the computer's move as Black", |a| {
        a.reversi.ctl.session.ply() == 1
    });
    assert_eq!(counts(app(&h)).0, 4);
}

#[test]
fn gomoku_computer_answers_next_to_h8() {
    let mut h = harness(GameKind::Reversi);
    h.get_by_label("Gomoku").click();
    h.run_steps(3); // the side panel settles to its new width
    assert_eq!(app(&h).game, GameKind::Gomoku);
    // Medium breaks ties at random, and some ties lie two points away: a fixed seed makes the
    // reply the same on every run.
    app_mut(&mut h).gomoku.ctl.ai.white.seed = Some(7);
    h.get_by_label("H8").click();
    h.step();
    let black = "H8".parse::<gomoku::Point>().expect("a point");
    assert_eq!(
        app(&h).gomoku.ctl.session.position().stone_at(black),
        Some(Side::Black)
    );
    step_until(&mut h, "the computer's reply", |a| {
        a.gomoku.ctl.session.ply() == 2
    });
    let reply = app(&h)
        .gomoku
        .ctl
        .session
        .position()
        .last_move()
        .expect("a reply");
    let dx = (i32::from(reply.x) - i32::from(black.x)).abs();
    let dy = (i32::from(reply.y) - i32::from(black.y)).abs();
    assert!(dx.max(dy) == 1, "reply {reply} is next to H8");
}

#[test]
fn gomoku_forbidden_click_changes_nothing_and_says_why() {
    let mut h = harness(GameKind::Gomoku);
    // Hot-seat, Renju: Black builds F8 G8 and H6 H7, so H8 would make two open threes.
    h.get_by_label("Computer plays White").click();
    h.step();
    for name in ["G8", "A1", "F8", "A3", "H7", "A5", "H6", "A7"] {
        h.get_by_label(name).click();
        h.step();
    }
    let ply = app(&h).gomoku.ctl.session.ply();
    assert_eq!(ply, 8);
    h.get_by_label("H8").click();
    h.step();
    assert_eq!(
        app(&h).gomoku.ctl.session.ply(),
        ply,
        "the forbidden move was refused"
    );
    let status = app(&h).gomoku.status();
    assert!(
        status.contains("forbidden for Black: double-three"),
        "{status}"
    );
}

#[test]
fn keyboard_undo_and_redo_in_a_hot_seat_game() {
    let mut h = harness(GameKind::Reversi);
    h.get_by_label("Computer plays White").click();
    h.step();
    h.get_by_label("d3").click();
    h.step();
    assert_eq!(app(&h).reversi.ctl.session.ply(), 1);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.step();
    assert_eq!(app(&h).reversi.ctl.session.ply(), 0, "Ctrl+Z undoes");
    assert_eq!(counts(app(&h)), (2, 2));
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Y);
    h.step();
    assert_eq!(app(&h).reversi.ctl.session.ply(), 1, "Ctrl+Y redoes");
    assert_eq!(counts(app(&h)), (4, 1));
}
