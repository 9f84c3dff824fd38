//! UI tests of edit mode ("Set up a position") with egui_kittest: placing pieces by clicking
//! the board's named points, the side to move, pasting a position, refusals with their
//! reason, playing from the set-up, and set-up games saved, opened and autosaved.

mod common;

use std::path::Path;

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use common::{App, app, app_mut, step_until};
use reversi_gomoku::app::GameKind;
use reversi_gomoku::core::{BySide, Side};
use reversi_gomoku::gomoku::Point;
use reversi_gomoku::persist::{GameMeta, SavedGame, SavedStart, load_current};
use reversi_gomoku::reversi::{self, Move};
use reversi_gomoku::session::PlayerKind;

fn harness(game: GameKind, dir: Option<&Path>) -> Harness<'static, App> {
    common::harness(game, dir)
}

fn point(name: &str) -> Point {
    name.parse().expect("a point")
}

/// Click each named point of the board once, two frames after each (the side panel, drawn
/// before the board, shows the change in the second).
fn click_all(h: &mut Harness<'static, App>, names: &[&str]) {
    for name in names {
        h.get_by_label(name).click();
        h.run_steps(2);
    }
}

/// Enter edit mode on the tab shown and empty the board.
fn edit_empty(h: &mut Harness<'static, App>) {
    h.get_by_label("Edit position").click();
    h.run_steps(2);
    h.get_by_label("Clear board").click();
    h.run_steps(2);
}

/// Replace the text of the editor's text field by `text`, as typed.
fn type_position(h: &mut Harness<'static, App>, text: &str) {
    h.get_by_role(egui::accesskit::Role::MultilineTextInput)
        .click();
    h.run_steps(2);
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.step();
    h.get_by_role(egui::accesskit::Role::MultilineTextInput)
        .type_text(text);
    h.run_steps(2);
}

/// Whether some text on screen contains `text` (the side panel and the status line both
/// show a refusal).
fn shown(h: &Harness<'static, App>, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

/// A Reversi board in `.obf` letters with these discs (no side to move).
fn board(black: &[&str], white: &[&str]) -> String {
    let mut cells = ['-'; 64];
    for (list, ch) in [(black, 'X'), (white, 'O')] {
        for name in list {
            let sq: reversi::Square = name.parse().expect("a square");
            cells[usize::from(sq.index())] = ch;
        }
    }
    cells.iter().collect()
}

#[test]
fn a_reversi_set_up_becomes_the_game_and_the_computer_plays_from_it() {
    let mut h = harness(GameKind::Reversi, None);
    edit_empty(&mut h);
    assert!(app(&h).reversi.setup.is_some(), "in edit mode");
    // The standard centre, and a black disc on f4: d4 and e5 take two clicks (→ White).
    click_all(&mut h, &["d4", "d4", "e5", "e5", "d5", "e4", "f4"]);
    h.get_by_label("White to move").click();
    h.step();
    h.get_by_label("Play from here").click();
    h.run_steps(2);

    let expected = format!("{} O", board(&["d5", "e4", "f4"], &["d4", "e5"]));
    let a = app(&h);
    assert!(a.reversi.setup.is_none(), "edit mode closes");
    let start = *a.reversi.ctl.session.start_position();
    assert_eq!(start.to_obf(), expected);
    assert_eq!(start.side_to_move(), Side::White);
    // White is the computer: it replies from the set-up.
    step_until(&mut h, "the computer's move", |a| {
        a.reversi.ctl.session.ply() == 1
    });
    // Undo stops at the set-up.
    h.get_by_label("Undo").click();
    h.run_steps(2);
    let a = app(&h);
    assert_eq!(a.reversi.ctl.session.ply(), 0);
    assert_eq!(a.reversi.ctl.session.position().to_obf(), expected);
    assert!(!a.reversi.ctl.session.can_undo());
}

#[test]
fn an_empty_centre_square_is_refused_with_the_reason_and_nothing_changes() {
    let mut h = harness(GameKind::Reversi, None);
    edit_empty(&mut h);
    click_all(&mut h, &["d4", "e4", "d5", "c3"]);
    h.get_by_label("Play from here").click();
    h.run_steps(2);
    assert!(shown(&h, "e5 is empty"), "the reason is shown");
    let a = app(&h);
    assert!(a.reversi.setup.is_some(), "still editing");
    assert!(a.reversi.status().contains("e5 is empty"));
    assert_eq!(a.reversi.ctl.session.ply(), 0);
    assert_eq!(
        *a.reversi.ctl.session.position(),
        reversi::Position::new(),
        "the game is unchanged"
    );
    // Cancel leaves the game as it was.
    h.get_by_label("Cancel").click();
    h.run_steps(2);
    assert!(app(&h).reversi.setup.is_none());
    assert_eq!(
        *app(&h).reversi.ctl.session.position(),
        reversi::Position::new()
    );
}

#[test]
fn a_pasted_obf_whose_side_must_pass_is_passed_and_said_so() {
    let mut h = harness(GameKind::Reversi, None);
    h.get_by_label("Edit position").click();
    h.run_steps(2);
    // Black holds the centre, a1 and b1; White only c1, and cannot move.
    let obf = format!(
        "{} O",
        board(&["d4", "e4", "d5", "e5", "a1", "b1"], &["c1"])
    );
    type_position(&mut h, &obf);
    h.get_by_label("Paste position").click();
    h.run_steps(2);
    {
        let editor = app(&h).reversi.setup.as_ref().expect("editing");
        assert_eq!(editor.to_move, Side::White, "the pasted side to move");
        assert_eq!(editor.arranged().to_obf(), obf);
    }
    h.get_by_label("Play from here").click();
    h.run_steps(2);
    let a = app(&h);
    let start = a.reversi.ctl.session.start_position();
    assert_eq!(start.side_to_move(), Side::Black, "White passed");
    assert_eq!(start.count(Side::White), 1);
    assert!(
        a.reversi
            .status()
            .contains("White has no legal move here and passes"),
        "{}",
        a.reversi.status()
    );
    // Unreadable text is refused with the reason.
    drop(h);
    let mut h = harness(GameKind::Reversi, None);
    h.get_by_label("Edit position").click();
    h.run_steps(2);
    type_position(&mut h, "XO?");
    h.get_by_label("Paste position").click();
    h.run_steps(2);
    assert!(shown(&h, "cannot read the text"));
}

#[test]
fn gomoku_stone_counts_no_game_reaches_are_refused_then_a_good_set_up_plays() {
    let mut h = harness(GameKind::Gomoku, None);
    edit_empty(&mut h);
    // H8, J10, A1 black; I9 white (two clicks).
    click_all(&mut h, &["H8", "J10", "A1", "I9", "I9"]);
    h.get_by_label("Play from here").click();
    h.run_steps(2);
    assert!(shown(&h, "3 black and 1 white stones cannot arise"));
    assert_eq!(app(&h).gomoku.ctl.session.position().stone_count(), 0);
    assert!(app(&h).gomoku.setup.is_some());
    // Erase A1 with the palette: the counts now give White the move.
    h.get_by_label("Erase").click();
    h.step();
    click_all(&mut h, &["A1"]);
    assert_eq!(
        app(&h).gomoku.setup.as_ref().expect("editing").to_move,
        Side::White
    );
    h.get_by_label("Play from here").click();
    h.run_steps(2);
    let a = app(&h);
    assert!(a.gomoku.setup.is_none(), "{}", a.gomoku.status());
    let start = a.gomoku.ctl.session.start_position();
    assert_eq!(start.stone_count(), 3);
    assert_eq!(start.stone_at(point("I9")), Some(Side::White));
    assert_eq!(start.stone_at(point("A1")), None);
    step_until(&mut h, "the computer's move", |a| {
        a.gomoku.ctl.session.ply() == 1
    });
}

#[test]
fn playing_from_a_set_up_asks_before_abandoning_a_game_against_the_computer() {
    let mut h = harness(GameKind::Reversi, None);
    h.get_by_label("d3").click();
    h.step();
    step_until(&mut h, "the computer's reply", |a| {
        a.reversi.ctl.session.ply() == 2
    });
    h.get_by_label("Edit position").click();
    h.run_steps(2);
    h.get_by_label("Start position").click();
    h.step();
    h.get_by_label("Play from here").click();
    h.run_steps(2);
    assert!(app(&h).confirm.is_some(), "the abandon question");
    assert_eq!(app(&h).reversi.ctl.session.ply(), 2, "not yet replaced");
    h.get_by_label("Don't count").click();
    h.run_steps(2);
    let a = app(&h);
    assert!(a.confirm.is_none());
    assert!(a.reversi.setup.is_none());
    assert_eq!(a.reversi.ctl.session.ply(), 0);
}

#[test]
fn a_set_up_game_saves_and_opens_and_older_or_invalid_files_are_handled() {
    let dir = common::temp_dir("app-setup-save");
    let mut h = harness(GameKind::Gomoku, Some(dir.path()));
    h.get_by_label("Computer plays White").click();
    h.step();
    edit_empty(&mut h);
    click_all(&mut h, &["H8", "I9", "I9", "J10"]);
    h.get_by_label("Play from here").click();
    h.run_steps(2);
    click_all(&mut h, &["G7"]);
    let file = dir.path().join("setup.json");
    app_mut(&mut h).save_game_to(&file).expect("saved");
    let text = std::fs::read_to_string(&file).expect("written");
    assert!(text.contains("\"start\""), "{text}");
    drop(h);

    let mut h = harness(GameKind::Reversi, None);
    app_mut(&mut h).open_game_from(&file).expect("opens");
    h.run_steps(2);
    let a = app(&h);
    assert_eq!(a.game, GameKind::Gomoku);
    let session = &a.gomoku.ctl.session;
    assert_eq!(session.start_position().stone_count(), 3);
    assert_eq!(session.ply(), 1);
    assert_eq!(session.position().stone_at(point("G7")), Some(Side::White));
    assert_eq!(session.players.white, PlayerKind::Human);

    // A file written before set-ups (no "start") opens at the standard start.
    let meta = GameMeta::new(
        BySide {
            black: PlayerKind::Human,
            white: PlayerKind::Human,
        },
        BySide::default(),
    );
    let old = SavedGame::import_reversi_transcript("f5d6", meta.clone()).expect("legal");
    let old_file = dir.path().join("old.json");
    old.save(&old_file).expect("saved");
    assert!(
        !std::fs::read_to_string(&old_file)
            .unwrap()
            .contains("\"start\"")
    );
    app_mut(&mut h).open_game_from(&old_file).expect("opens");
    h.run_steps(2);
    let a = app(&h);
    assert_eq!(
        *a.reversi.ctl.session.start_position(),
        reversi::Position::new()
    );
    assert_eq!(a.reversi.ctl.session.ply(), 2);

    // A "start" that fails the set-up checks is refused with the reason.
    let mut bad = SavedGame::from_reversi(meta, []).expect("empty game");
    bad.start = Some(SavedStart::Board {
        board: board(&["d4", "e4", "d5"], &[]),
        to_move: "black".into(),
    });
    let bad_file = dir.path().join("bad.json");
    std::fs::write(&bad_file, bad.to_json()).expect("written");
    let err = app_mut(&mut h)
        .open_game_from(&bad_file)
        .expect_err("refused");
    assert!(err.contains("e5 is empty"), "{err}");
    assert_eq!(app(&h).reversi.ctl.session.ply(), 2, "the tab is unchanged");
    drop(h);
}

#[test]
fn the_autosave_restores_a_set_up_game_after_a_restart() {
    let dir = common::temp_dir("app-setup-autosave");
    let expected;
    {
        let mut h = harness(GameKind::Reversi, Some(dir.path()));
        h.get_by_label("Computer plays White").click();
        h.run_steps(2); // the side lines above the check boxes change a frame later
        edit_empty(&mut h);
        click_all(&mut h, &["d4", "d4", "e5", "e5", "d5", "e4", "f4", "c3"]);
        h.get_by_label("Play from here").click();
        h.run_steps(2);
        let mv = app(&h).reversi.ctl.session.position().legal_moves()[0];
        let Move::Place(sq) = mv else {
            panic!("Black can move")
        };
        click_all(&mut h, &[&sq.to_string()]);
        assert_eq!(app(&h).reversi.ctl.session.ply(), 1);
        expected = (
            *app(&h).reversi.ctl.session.start_position(),
            app(&h).reversi.ctl.session.moves().collect::<Vec<_>>(),
        );
        app_mut(&mut h).data.flush_writes();
        let current = load_current(dir.path())
            .expect("readable")
            .expect("written");
        assert!(current.reversi.expect("autosaved").start.is_some());
    }
    let h = harness(GameKind::Reversi, Some(dir.path()));
    let a = app(&h);
    assert!(a.data.notices.is_empty(), "{:?}", a.data.notices);
    assert_eq!(*a.reversi.ctl.session.start_position(), expected.0);
    assert_eq!(
        a.reversi.ctl.session.moves().collect::<Vec<_>>(),
        expected.1
    );
    drop(h);
}
