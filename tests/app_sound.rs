//! Sound effects in the app: a recording sink stands in for the audio output, and scripted
//! games played through the UI (kittest) check which sounds they trigger; the Sound menu, the
//! M key and the remembered volume and mute.

mod common;

use std::path::Path;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use common::{App, app, app_mut, step_until, temp_dir};
use reversi_gomoku::app::GameKind;
use reversi_gomoku::app::tab::outcome_sound;
use reversi_gomoku::audio::{RecordingSink, Sound, gain_for_volume};
use reversi_gomoku::core::{BySide, Outcome, Side};
use reversi_gomoku::gomoku::{self, Rule};
use reversi_gomoku::persist::Settings;
use reversi_gomoku::session::{PlayerKind, Session};

/// The app on `game` (data in `dir`, else in memory) with a recording sink.
fn harness_with_recorder(
    game: GameKind,
    dir: Option<&Path>,
) -> (Harness<'static, App>, RecordingSink) {
    let mut h = common::harness(game, dir);
    let rec = RecordingSink::new();
    app_mut(&mut h).set_audio_sink(Box::new(rec.clone()));
    (h, rec)
}

fn point(name: &str) -> gomoku::Point {
    name.parse().expect("a point")
}

/// Renju, Black (human) against White (computer), with the given moves played.
fn gomoku_game(moves: &[&str]) -> Session<gomoku::Position> {
    let start = gomoku::Position::new(15, Rule::Renju).expect("15x15");
    let players = BySide {
        black: PlayerKind::Human,
        white: PlayerKind::Computer,
    };
    let mut s = Session::new(start, players);
    for name in moves {
        s.play(point(name)).expect("legal");
    }
    s
}

#[test]
fn a_reversi_game_clicks_flips_refuses_and_the_computer_answers() {
    let (mut h, rec) = harness_with_recorder(GameKind::Reversi, None);
    let gain = gain_for_volume(app(&h).data.sound_volume());

    h.get_by_label("a1").click();
    h.step();
    assert_eq!(rec.take(), [(Sound::Illegal, gain)], "a1 flips nothing");

    h.get_by_label("d3").click();
    h.step();
    assert_eq!(
        rec.take_sounds(),
        [Sound::Place, Sound::Flip { count: 1 }],
        "d3 flips d4"
    );

    // A click while the computer is to move is refused too.
    h.get_by_label("c5").click();
    h.step();
    let refused = rec.take_sounds();
    if app(&h).reversi.ctl.session.ply() == 1 {
        assert_eq!(refused, [Sound::Illegal]);
    }

    step_until(&mut h, "the computer's reply", |a| {
        a.reversi.ctl.session.ply() == 2
    });
    let session = &app(&h).reversi.ctl.session;
    let before = session.previous_position().expect("a position");
    let flipped = session.position().count(Side::White) - before.count(Side::White) - 1;
    let flipped = u8::try_from(flipped).expect("a few discs");
    assert!(flipped >= 1);
    assert_eq!(
        rec.take_sounds(),
        [Sound::ComputerMove, Sound::Flip { count: flipped }]
    );
}

#[test]
fn winning_and_losing_a_gomoku_game_sound_from_the_humans_side() {
    let (mut h, rec) = harness_with_recorder(GameKind::Gomoku, None);
    app_mut(&mut h).gomoku.ctl.load_game(gomoku_game(&[
        "H8", "A1", "I8", "A3", "J8", "A5", "K8", "A7",
    ]));
    h.run_steps(2);
    h.get_by_label("L8").click();
    h.step();
    assert_eq!(
        app(&h).gomoku.ctl.outcome(),
        Some(Outcome::Win(Side::Black))
    );
    assert_eq!(rec.take_sounds(), [Sound::Place, Sound::Win]);

    // Now White (the computer) has four in a row and the move: it wins.
    app_mut(&mut h).gomoku.ctl.ai.white.seed = Some(3);
    app_mut(&mut h).gomoku.ctl.load_game(gomoku_game(&[
        "A1", "H8", "A3", "I8", "A5", "J8", "A7", "K8", "O15",
    ]));
    step_until(&mut h, "the computer's winning move", |a| {
        a.gomoku.ctl.outcome().is_some()
    });
    assert_eq!(
        app(&h).gomoku.ctl.outcome(),
        Some(Outcome::Win(Side::White))
    );
    assert_eq!(rec.take_sounds(), [Sound::ComputerMove, Sound::Loss]);
}

#[test]
fn resigning_to_the_computer_sounds_like_a_loss() {
    let (mut h, rec) = harness_with_recorder(GameKind::Reversi, None);
    h.get_by_label("Resign").click();
    h.step();
    assert_eq!(rec.take_sounds(), [Sound::Loss]);
}

#[test]
fn the_end_of_a_game_sounds_from_the_humans_point_of_view() {
    let by = |black, white| BySide { black, white };
    let (human, computer) = (PlayerKind::Human, PlayerKind::Computer);
    let black_wins = Outcome::Win(Side::Black);
    assert_eq!(outcome_sound(black_wins, by(human, computer)), Sound::Win);
    assert_eq!(outcome_sound(black_wins, by(computer, human)), Sound::Loss);
    assert_eq!(outcome_sound(black_wins, by(human, human)), Sound::Win);
    assert_eq!(
        outcome_sound(black_wins, by(computer, computer)),
        Sound::Win
    );
    assert_eq!(
        outcome_sound(Outcome::Draw, by(human, computer)),
        Sound::Draw
    );
}

#[test]
fn mute_and_volume_apply_to_what_plays() {
    let (mut h, rec) = harness_with_recorder(GameKind::Reversi, None);
    app_mut(&mut h).data.set_sound(50, false);
    h.get_by_label("a1").click();
    h.step();
    assert_eq!(rec.take(), [(Sound::Illegal, gain_for_volume(50))]);

    h.key_press(egui::Key::M);
    h.step();
    assert!(app(&h).data.sound_muted(), "M mutes");
    h.get_by_label("a1").click();
    h.step();
    assert!(rec.take().is_empty(), "nothing plays while muted");

    h.key_press(egui::Key::M);
    h.step();
    assert!(!app(&h).data.sound_muted(), "M again unmutes");
    assert_eq!(app(&h).data.sound_volume(), 50, "the volume is kept");
}

#[test]
fn the_hidden_tabs_sounds_are_not_played() {
    let (mut h, rec) = harness_with_recorder(GameKind::Reversi, None);
    app_mut(&mut h).gomoku.click(point("H8"));
    h.step();
    assert!(rec.take().is_empty(), "a move on the hidden Gomoku tab");
    assert_eq!(app(&h).gomoku.ctl.session.ply(), 1);
}

#[test]
fn typing_m_in_a_text_field_does_not_mute() {
    let (mut h, _rec) = harness_with_recorder(GameKind::Reversi, None);
    h.get_by_label("Transcript").click();
    h.run_steps(2);
    h.get_by_role(egui::accesskit::Role::MultilineTextInput)
        .click();
    h.run_steps(2);
    h.key_press(egui::Key::M);
    h.step();
    assert!(!app(&h).data.sound_muted());
}

#[test]
fn the_sound_menu_mutes_and_says_there_is_no_output() {
    let (mut h, _rec) = harness_with_recorder(GameKind::Reversi, None);
    // The app's own default: no output opened.
    app_mut(&mut h).set_audio_sink(Box::new(reversi_gomoku::audio::NoOutput));
    h.get_by_label("Sound").click();
    h.run_steps(2);
    assert!(
        h.query_by_label("No audio output found: the game plays silently.")
            .is_some()
    );
    h.get_by_label("Mute (M)").click();
    h.run_steps(2);
    assert!(app(&h).data.sound_muted(), "the box mutes");
    assert!(
        h.query_by_label("Mute (M)").is_some(),
        "the menu stays open after a click inside it"
    );
}

#[test]
fn volume_and_mute_are_remembered() {
    let dir = temp_dir("app-sound-remembered");
    let (mut h, _rec) = harness_with_recorder(GameKind::Reversi, Some(dir.path()));
    app_mut(&mut h).data.set_sound(35, false);
    h.key_press(egui::Key::M);
    h.step();
    app_mut(&mut h).data.flush_writes();
    drop(h);
    let saved = Settings::load(dir.path()).expect("valid").expect("written");
    assert_eq!((saved.sound_volume, saved.sound_muted), (35, true));

    let (h, _rec) = harness_with_recorder(GameKind::Reversi, Some(dir.path()));
    assert_eq!(app(&h).data.sound_volume(), 35);
    assert!(app(&h).data.sound_muted());
    drop(h);
}
