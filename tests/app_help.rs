//! The Help window, the shortcut table, playing by keyboard and the board's right-click menu,
//! driven headless with egui_kittest; and the help's diagrams checked against the rules.

mod common;

use std::collections::HashSet;

use egui::{Event, Key, Modifiers, OutputCommand, ViewportCommand};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use common::{App, app, app_mut, step_until};
use reversi_gomoku::app::GameKind;
use reversi_gomoku::app::help::{Section, diagrams};
use reversi_gomoku::app::shortcuts::{Action, Bindings};
use reversi_gomoku::core::{BySide, Side};
use reversi_gomoku::gomoku::{ForbiddenKind, Point};
use reversi_gomoku::reversi::{Move, Square};
use reversi_gomoku::session::{PlayerKind, Session};

/// The app with nothing on disk, both sides human (no computer replies to wait for).
fn hot_seat(game: GameKind) -> Harness<'static, App> {
    let mut h = common::harness(game, None);
    h.get_by_label("Computer plays White").click();
    h.step();
    h
}

fn reversi_ply(h: &Harness<'static, App>) -> usize {
    app(h).reversi.ctl.session.ply()
}

fn copied(h: &Harness<'static, App>) -> Vec<String> {
    h.output()
        .platform_output
        .commands
        .iter()
        .filter_map(|c| match c {
            OutputCommand::CopyText(t) => Some(t.clone()),
            _ => None,
        })
        .collect()
}

fn play(h: &mut Harness<'static, App>, squares: &[&str]) {
    for sq in squares {
        h.get_by_label(sq).click();
        h.step();
    }
}

#[test]
fn f1_opens_the_help_with_its_sections() {
    let dir = common::temp_dir("help-sections");
    let mut h = common::harness(GameKind::Reversi, Some(dir.path()));
    assert!(!app(&h).help.open);
    h.key_press(Key::F1);
    h.run_steps(2);
    assert!(app(&h).help.open, "F1 opens the help");
    for s in Section::ALL {
        h.get_by_label(&s.label());
    }
    assert!(h.query_by_label_contains("all eight are flipped").is_some());
    h.get_by_label("Gomoku rules").click();
    h.run_steps(2);
    assert!(h.query_by_label_contains("Double-four: H8").is_some());
    assert!(h.query_by_label_contains("Not a real three").is_some());
    h.get_by_label("Shortcuts").click();
    h.run_steps(2);
    h.get_by_label("Ctrl+N");
    h.get_by_label(&Action::SwapSides.description());
    h.get_by_label("Your data").click();
    h.run_steps(2);
    h.get_by_label(&dir.path().display().to_string());
    h.key_press(Key::F1);
    h.step();
    assert!(!app(&h).help.open, "F1 closes it again");
    // The "?" button opens it too.
    h.get_by_label("?").click();
    h.step();
    assert!(app(&h).help.open);
}

#[test]
fn ctrl_n_starts_a_new_game_asking_only_when_a_game_would_be_abandoned() {
    let mut h = hot_seat(GameKind::Reversi);
    play(&mut h, &["d3"]);
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.step();
    assert_eq!(reversi_ply(&h), 0, "a hot-seat game is replaced at once");
    assert!(app(&h).confirm.is_none());

    // Against the computer, after a move of yours: the abandon dialog asks first.
    let mut h = common::harness(GameKind::Reversi, None);
    play(&mut h, &["d3"]);
    step_until(&mut h, "the computer's reply", |a| {
        a.reversi.ctl.session.ply() == 2
    });
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.step();
    assert!(app(&h).confirm.is_some(), "the dialog asks");
    assert_eq!(reversi_ply(&h), 2);
    h.get_by_label("Don't count").click();
    h.step();
    assert_eq!(reversi_ply(&h), 0);
}

#[test]
fn arrow_keys_move_the_cursor_and_enter_plays_there() {
    let mut h = hot_seat(GameKind::Reversi);
    // The first key shows the cursor in the centre (e5); then left, up, up: d3.
    for key in [Key::ArrowLeft, Key::ArrowLeft, Key::ArrowUp, Key::ArrowUp] {
        h.key_press(key);
        h.step();
    }
    assert_eq!(reversi_ply(&h), 0, "moving the cursor plays nothing");
    h.key_press(Key::Enter);
    h.step();
    let session = &app(&h).reversi.ctl.session;
    assert_eq!(session.ply(), 1);
    let d3 = "d3".parse::<Square>().expect("a square");
    assert_eq!(session.last_move(), Some(Move::Place(d3)));
    // Space plays too: White at c3, two to the left... first the cursor moves to c3.
    h.key_press(Key::ArrowLeft);
    h.step();
    h.key_press(Key::Space);
    h.step();
    let c3 = "c3".parse::<Square>().expect("a square");
    assert_eq!(
        app(&h).reversi.ctl.session.last_move(),
        Some(Move::Place(c3))
    );
}

#[test]
fn keyboard_play_on_the_gomoku_board() {
    let mut h = hot_seat(GameKind::Gomoku);
    h.key_press(Key::ArrowRight); // shows the cursor on H8
    h.step();
    h.key_press(Key::Enter);
    h.step();
    let pos = app(&h).gomoku.ctl.session.position().clone();
    let h8 = "H8".parse::<Point>().expect("a point");
    assert_eq!(pos.stone_at(h8), Some(Side::Black));
    h.key_press(Key::ArrowUp);
    h.step();
    h.key_press(Key::Enter);
    h.step();
    let h9 = "H9".parse::<Point>().expect("a point");
    assert_eq!(
        app(&h).gomoku.ctl.session.position().stone_at(h9),
        Some(Side::White),
        "up is towards row 15"
    );
}

#[test]
fn undo_to_here_takes_the_game_back_to_before_that_move() {
    let mut h = hot_seat(GameKind::Reversi);
    play(&mut h, &["d3", "c3", "b3"]);
    assert_eq!(reversi_ply(&h), 3);
    h.get_by_label("c3").click_secondary();
    h.run_steps(2);
    h.get_by_label("Undo to here").click();
    h.step();
    assert_eq!(reversi_ply(&h), 1, "back to just before c3");
    let d3 = "d3".parse::<Square>().expect("a square");
    assert_eq!(
        app(&h).reversi.ctl.session.last_move(),
        Some(Move::Place(d3))
    );
    // A start disc was placed by no move: no "Undo to here".
    h.get_by_label("e4").click_secondary();
    h.run_steps(2);
    assert!(h.query_by_label("Undo to here").is_none());
    assert!(h.query_by_label("Copy position").is_some());
}

#[test]
fn copy_position_gives_the_obf_board_and_side_to_move() {
    let mut h = hot_seat(GameKind::Reversi);
    play(&mut h, &["d3"]);
    h.get_by_label("a1").click_secondary();
    h.run_steps(2);
    h.get_by_label("Copy position").click();
    h.step();
    let expected = concat!(
        "--------", "--------", "---X----", "---XX---", "---XO---", "--------", "--------",
        "--------", " O"
    );
    assert_eq!(copied(&h), vec![expected.to_string()]);

    let mut h = hot_seat(GameKind::Gomoku);
    play(&mut h, &["H8", "I9"]);
    h.get_by_label("A1").click_secondary();
    h.run_steps(2);
    h.get_by_label("Copy position").click();
    h.step();
    assert_eq!(copied(&h), vec!["h8i9".to_string()]);
}

#[test]
fn copy_and_paste_transcript_from_the_board_menu() {
    let mut h = hot_seat(GameKind::Reversi);
    play(&mut h, &["d3", "c3"]);
    h.get_by_label("a1").click_secondary();
    h.run_steps(2);
    h.get_by_label("Copy transcript").click();
    h.step();
    assert_eq!(copied(&h), vec!["d3c3".to_string()]);

    h.get_by_label("a1").click_secondary();
    h.run_steps(2);
    h.get_by_label("Paste transcript").click();
    h.step();
    let asked = h
        .output()
        .viewport_output
        .values()
        .any(|v| v.commands.contains(&ViewportCommand::RequestPaste));
    assert!(asked, "the clipboard is asked for");
    h.event(Event::Paste("f5d6c3".into()));
    h.step();
    let moves: Vec<String> = app(&h)
        .reversi
        .ctl
        .session
        .moves()
        .map(|m| m.to_string())
        .collect();
    assert_eq!(
        moves,
        ["f5", "d6", "c3"],
        "the pasted game replaced this one"
    );
}

#[test]
fn board_display_toggles_are_remembered() {
    let mut h = hot_seat(GameKind::Reversi);
    assert!(!app(&h).data.board_display(GameKind::Reversi).move_numbers);
    h.get_by_label("a1").click_secondary();
    h.run_steps(2);
    h.get_by_label("Show move numbers").click();
    h.run_steps(2);
    assert!(app(&h).data.board_display(GameKind::Reversi).move_numbers);
    assert!(!app(&h).data.board_display(GameKind::Gomoku).move_numbers);
}

#[test]
fn p_passes_only_when_passing_is_the_only_move() {
    let mut h = hot_seat(GameKind::Reversi);
    h.key_press(Key::P);
    h.step();
    assert_eq!(reversi_ply(&h), 0, "Black has moves: no pass");
    assert!(
        app(&h)
            .reversi
            .status()
            .contains("only when you have no legal move"),
        "{}",
        app(&h).reversi.status()
    );

    let players = BySide {
        black: PlayerKind::Human,
        white: PlayerKind::Human,
    };
    let stuck = diagrams::pass();
    app_mut(&mut h)
        .reversi
        .ctl
        .load_game(Session::new(stuck, players));
    h.step();
    h.key_press(Key::P);
    h.step();
    let session = &app(&h).reversi.ctl.session;
    assert_eq!(session.last_move(), Some(Move::Pass));
    assert_eq!(session.position().side_to_move(), Side::White);
}

#[test]
fn ctrl_t_swaps_sides_and_ctrl_tab_switches_game() {
    let mut h = common::harness(GameKind::Reversi, None);
    h.key_press_modifiers(Modifiers::COMMAND, Key::T);
    h.step();
    let players = app(&h).reversi.ctl.session.players;
    assert_eq!(players.black, PlayerKind::Computer);
    assert_eq!(players.white, PlayerKind::Human);
    step_until(&mut h, "the computer's move as Black", |a| {
        a.reversi.ctl.session.ply() == 1
    });
    h.key_press_modifiers(Modifiers::COMMAND, Key::Tab);
    h.step();
    assert_eq!(app(&h).game, GameKind::Gomoku);
}

#[test]
fn shortcuts_do_not_fire_while_typing() {
    let mut h = hot_seat(GameKind::Reversi);
    h.get_by_label("Transcript").click();
    h.run_steps(2);
    h.get_by_role(egui::accesskit::Role::MultilineTextInput)
        .focus();
    h.run_steps(2);
    h.key_press(Key::F1);
    h.key_press(Key::P);
    h.step();
    assert!(!app(&h).help.open, "F1 went to the text field");
}

#[test]
fn the_shortcut_table_has_no_duplicate_bindings() {
    let bindings = Bindings::default();
    let mut seen = HashSet::new();
    for (action, key) in bindings.all() {
        assert!(
            seen.insert(key),
            "{key:?} is bound twice (again for {action:?})"
        );
    }
    for action in Action::ALL {
        assert!(!bindings.keys(action).is_empty(), "{action:?} has a key");
    }
}

#[test]
fn renju_diagrams_are_what_the_rules_say() {
    let all = diagrams::renju();
    let kinds: Vec<Option<ForbiddenKind>> = all.iter().map(|d| d.kind).collect();
    assert_eq!(
        kinds,
        [
            Some(ForbiddenKind::DoubleThree),
            Some(ForbiddenKind::DoubleFour),
            Some(ForbiddenKind::Overline),
            None
        ]
    );
    for d in &all {
        assert_eq!(d.position.forbidden_kind(d.point), d.kind, "{}", d.caption);
        assert_eq!(d.position.side_to_move(), Side::Black);
        for &p in &d.also {
            assert!(d.position.forbidden_kind(p).is_some(), "{p} is crossed out");
        }
    }
    // The false three: the same shape without the row that makes H10 an overline is a
    // double-three; with it, H10 stays an overline after H8, so the column three is not real.
    let h8 = "H8".parse::<Point>().expect("a point");
    let h10 = "H10".parse::<Point>().expect("a point");
    let shape = diagrams::black_stones(&diagrams::FALSE_THREE[..4]);
    assert_eq!(shape.forbidden_kind(h8), Some(ForbiddenKind::DoubleThree));
    let mut after: Vec<&str> = diagrams::FALSE_THREE.to_vec();
    after.push("H8");
    let after = diagrams::black_stones(&after);
    assert_eq!(after.forbidden_kind(h10), Some(ForbiddenKind::Overline));
}

#[test]
fn reversi_diagrams_are_what_the_rules_say() {
    let (pos, mv) = diagrams::flip_in_every_direction();
    assert_eq!(pos.side_to_move(), Side::Black);
    assert_eq!(pos.flips(mv).count_ones(), 8);
    let arrows: Vec<Square> = diagrams::flip_arrows(&pos, mv).collect();
    assert_eq!(arrows.len(), 8, "one line flipped in each direction");
    let stuck = diagrams::pass();
    assert!(stuck.must_pass(), "Black has no move");
    assert!(!stuck.is_game_over(), "White has one");
    assert_eq!(stuck.legal_moves(), [Move::Pass]);
}
