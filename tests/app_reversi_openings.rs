//! UI tests of the Reversi opening names and the opening book (egui_kittest): the name of
//! the line played shows above the move list in English and in Chinese, the book's check
//! boxes reach the computer and the settings, and the computer answers from its book.

mod common;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use common::{App, app, app_mut, step_until};
use reversi_gomoku::app::GameKind;
use reversi_gomoku::app::reversi_view::opening;
use reversi_gomoku::core::{AiConfig, Level, Side};
use reversi_gomoku::persist::{BookSettings, Settings};
use reversi_gomoku::reversi::Square;
use reversi_gomoku::reversi::book::{Book, BookParams};

fn click(h: &mut Harness<'static, App>, label: &str) {
    h.get_by_label(label).click();
    h.run_steps(2);
}

/// A hot-seat Reversi game with `moves` ("f5 d6 …") clicked on the board.
fn hot_seat_after(moves: &str) -> Harness<'static, App> {
    let mut h = common::harness(GameKind::Reversi, None);
    click(&mut h, "Computer plays White");
    for mv in moves.split_whitespace() {
        click(&mut h, mv);
    }
    h
}

#[test]
fn the_tiger_is_named_above_the_move_list_in_both_languages() {
    let mut h = hot_seat_after("f5 d6 c3");
    h.get_by_label("Opening: Perpendicular Opening");
    click(&mut h, "d3");
    click(&mut h, "c4");
    assert_eq!(app(&h).reversi.ctl.session.ply(), 5);
    h.get_by_label("Opening: Tiger");
    assert!(h.query_by_label("Opening: Perpendicular Opening").is_none());

    // Leaving the named lines keeps the last name.
    click(&mut h, "f4");
    h.get_by_label("Opening: Tiger");

    click(&mut h, "简体中文");
    h.get_by_label("开局：虎");
    click(&mut h, "English");
    h.get_by_label("Opening: Tiger");

    // Undo back to the start: no name.
    for _ in 0..6 {
        click(&mut h, "Undo");
    }
    assert_eq!(app(&h).reversi.ctl.session.ply(), 0);
    assert!(h.query_by_label_contains("Opening:").is_none());
}

#[test]
fn a_mirrored_move_order_gets_the_same_name() {
    // The Tiger begun with d3 instead of f5 (f5 d6 c4 d3 c3 reflected in the a8-h1
    // diagonal: its c3 and c4 swapped).
    let h = hot_seat_after("d3 c5 e6 f5 f6");
    assert_eq!(
        opening(&app(&h).reversi.ctl.session).map(|o| o.key.as_str()),
        Some("tiger")
    );
    h.get_by_label("Opening: Tiger");
}

#[test]
fn the_book_check_boxes_reach_the_settings_and_come_back() {
    let dir = common::temp_dir("app-openings-settings");
    let mut h = common::harness(GameKind::Reversi, Some(dir.path()));
    assert_eq!(app(&h).reversi.view.book(), BookSettings::default());
    click(&mut h, "Vary the opening");
    let best = BookSettings {
        enabled: true,
        vary: false,
    };
    assert_eq!(app(&h).data.settings().reversi_book, best);
    click(&mut h, "Opening book");
    let off = BookSettings {
        enabled: false,
        vary: false,
    };
    assert_eq!(app(&h).data.settings().reversi_book, off);
    // "Vary" is greyed out while the book is off.
    click(&mut h, "Vary the opening");
    assert_eq!(app(&h).reversi.view.book(), off);
    app_mut(&mut h).data.flush_writes();
    drop(h);
    let saved = Settings::load(dir.path())
        .expect("readable")
        .expect("written");
    assert_eq!(saved.reversi_book, off);

    let h = common::harness(GameKind::Reversi, Some(dir.path()));
    assert_eq!(app(&h).reversi.view.book(), off, "remembered");
    drop(h);
}

#[test]
fn the_computer_answers_from_its_book() {
    let mut h = common::harness(GameKind::Reversi, None);
    click(&mut h, "Vary the opening");
    let cfg = AiConfig::for_level(Level::Hard);
    app_mut(&mut h).reversi.ctl.set_ai(Side::White, cfg);
    click(&mut h, "f5");
    step_until(&mut h, "the computer's reply", |a| {
        a.reversi.ctl.session.ply() == 2
    });
    let session = &app(&h).reversi.ctl.session;
    let book = Book::shipped().expect("the shipped book");
    let params = BookParams::for_level(Level::Hard).expect("Hard has a book");
    let (expected, _) = book
        .choose(
            session.previous_position().expect("f5 was played"),
            &params,
            false,
            None,
        )
        .expect("f5 is in the book");
    assert_eq!(session.last_move(), Some(expected));
    let info = app(&h).reversi.ctl.search_info().expect("a report");
    assert_eq!((info.nodes, info.depth), (0, 0), "no search");
    assert!(info.book, "the report says the move is the book's");
    h.step();
    h.get_by_label("From the opening book (no search)");

    // With the book off the computer searches.
    click(&mut h, "Opening book");
    let legal = app(&h).reversi.ctl.session.position().legal_squares();
    let square = Square::new(legal.trailing_zeros() as u8).expect("a legal square");
    click(&mut h, &square.to_string());
    step_until(&mut h, "the computer's second reply", |a| {
        a.reversi.ctl.session.ply() == 4
    });
    let info = app(&h).reversi.ctl.search_info().expect("a report");
    assert!(info.nodes > 0 && !info.book);
    h.step();
    assert!(
        h.query_by_label("From the opening book (no search)")
            .is_none(),
        "a searched move is not called a book move"
    );
}
