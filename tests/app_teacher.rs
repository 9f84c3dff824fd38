//! Learning from the computer in the window, in both games: move scores on every legal
//! Reversi move and on the top Gomoku points, a hint by H or the board menu (counted), and a
//! review of a finished game whose biggest mistake is one click away.

mod common;

use egui::Key;
use egui_kittest::kittest::Queryable;

use common::{app, app_mut, harness, step_until};
use reversi_gomoku::app::GameKind;
use reversi_gomoku::app::analysis::Verdict;
use reversi_gomoku::core::{Score, Side};

/// The first game of the shared WTHOR sample (Black wins 35–29).
const REVERSI_GAME: &str = "f5d6c3d3c4f4f6f3e6e7d7b3e3d2g3h3d1c5f2e2e1f7f8g5h6h5g6g4c2c1e8c8d8g8b6f1b4a4h4b5g2h7c6a7a5a6a3a2b7h2h1g1h8g7b2b1a1a8b8c7";

#[test]
fn move_scores_cover_every_legal_reversi_move() {
    let mut h = harness(GameKind::Reversi, None);
    assert!(app(&h).reversi.teacher.move_scores().is_none());
    h.get_by_label("Show move scores").click();
    h.step();
    step_until(&mut h, "a score on every legal move at depth 3", |a| {
        a.reversi
            .teacher
            .move_scores()
            .is_some_and(|s| s.depth >= 3 && s.moves.len() == 4)
    });
    let legal = app(&h).reversi.ctl.session.position().legal_moves();
    let scores = app(&h).reversi.teacher.move_scores().unwrap();
    for mv in &legal {
        assert!(scores.moves.iter().any(|m| m.mv == *mv), "{mv} not scored");
    }
    assert!(
        scores
            .moves
            .iter()
            .all(|m| matches!(m.score, Score::Discs(_)))
    );
    // Off again: nothing shown.
    h.get_by_label("Show move scores").click();
    h.run_steps(2);
    assert!(app(&h).reversi.teacher.move_scores().is_none());
}

#[test]
fn move_scores_rank_the_gomoku_win_first() {
    let mut h = harness(GameKind::Gomoku, None);
    app_mut(&mut h)
        .import_transcript("h8a1i8a3j8a5")
        .expect("a legal game");
    h.run_steps(2);
    assert_eq!(app(&h).gomoku.ctl.session.ply(), 6);
    h.get_by_label("Show move scores").click();
    step_until(&mut h, "a proven win among the scores", |a| {
        a.gomoku
            .teacher
            .move_scores()
            .and_then(|s| s.best())
            .is_some_and(|b| matches!(b.score, Score::WinIn(_)))
    });
    let scores = app(&h).gomoku.teacher.move_scores().unwrap();
    assert!(scores.moves.len() >= 2, "{scores:?}");
    let best = scores.best().unwrap();
    assert!(
        ["G8", "K8"].contains(&best.mv.to_string().as_str()),
        "{best:?}"
    );
}

#[test]
fn h_gives_a_hint_that_is_counted_and_never_played() {
    let mut h = harness(GameKind::Reversi, None);
    h.key_press(Key::H);
    h.step();
    step_until(&mut h, "the hint", |a| a.reversi.teacher.hint().is_some());
    let tab = &app(&h).reversi;
    let hint = tab.teacher.hint().unwrap();
    assert!(tab.ctl.session.position().legal_moves().contains(&hint.mv));
    assert_eq!(tab.ctl.session.ply(), 0, "a hint is never played");
    assert_eq!(tab.track.hints.black, 1);
    assert_eq!(tab.track.hints.white, 0);
    // The panel says which move.
    let text = format!("Hint: {} ({})", hint.mv, hint.score.label());
    h.get_by_label(&text);
}

#[test]
fn a_hint_is_refused_on_the_computers_turn() {
    let mut h = harness(GameKind::Reversi, None);
    app_mut(&mut h)
        .reversi
        .ctl
        .set_player(Side::Black, reversi_gomoku::session::PlayerKind::Computer);
    app_mut(&mut h)
        .reversi
        .ctl
        .set_player(Side::White, reversi_gomoku::session::PlayerKind::Computer);
    h.key_press(Key::H);
    h.run_steps(2);
    assert!(app(&h).reversi.teacher.hint().is_none());
    assert_eq!(app(&h).reversi.track.hints.black, 0);
}

/// Reviews `transcript` in `game` (search time cut to 40 ms a position), then clicks the
/// biggest mistake: the board replays the position before it.
fn review_and_jump(game: GameKind, transcript: &str) {
    let mut h = harness(game, None);
    app_mut(&mut h)
        .import_transcript(transcript)
        .expect("a legal game");
    h.run_steps(2);
    let tab = app_mut(&mut h).tab_mut(game);
    assert!(!tab.is_replaying());
    match game {
        GameKind::Reversi => app_mut(&mut h).reversi.teacher.review_ms = 40,
        GameKind::Gomoku => app_mut(&mut h).gomoku.teacher.review_ms = 40,
    }
    h.get_by_label("Review game").click();
    h.step();
    let done = |a: &reversi_gomoku::app::ReversiGomokuApp| match game {
        GameKind::Reversi => a.reversi.teacher.review().is_some_and(|r| r.is_done()),
        GameKind::Gomoku => a.gomoku.teacher.review().is_some_and(|r| r.is_done()),
    };
    step_until(&mut h, "the review", done);
    let (moves, worst, graph) = match game {
        GameKind::Reversi => {
            let r = app(&h).reversi.teacher.review().unwrap();
            (
                r.moves.len(),
                r.biggest_mistake()
                    .map(|v| (v.index, v.played.to_string(), v.verdict)),
                r.graph().len(),
            )
        }
        GameKind::Gomoku => {
            let r = app(&h).gomoku.teacher.review().unwrap();
            (
                r.moves.len(),
                r.biggest_mistake()
                    .map(|v| (v.index, v.played.to_string(), v.verdict)),
                r.graph().len(),
            )
        }
    };
    assert_eq!(graph, moves + 1, "one graph point per position");
    let (index, played, verdict) = worst.expect("a finished game has a mistake");
    assert!(verdict >= Verdict::Mistake);
    // The move list marks it ("?" or "??"), and the graph is below the board.
    let marked = format!("{played}{}", verdict.glyph());
    assert!(
        h.query_all_by_label_contains(&marked).count() >= 1,
        "no {marked} in the move list"
    );
    h.get_by_label("Evaluation graph");
    h.get_by_label(&format!(
        "Go to the biggest mistake ({}. {played})",
        index + 1
    ))
    .click();
    h.run_steps(2);
    let tab = app(&h).tab(game);
    assert!(tab.is_replaying());
    let shown = match game {
        GameKind::Reversi => app(&h).reversi.shown().ply(),
        GameKind::Gomoku => app(&h).gomoku.shown().ply(),
    };
    assert_eq!(shown, index, "the position before the mistake");
}

#[test]
fn reviewing_a_finished_reversi_game_jumps_to_its_biggest_mistake() {
    review_and_jump(GameKind::Reversi, REVERSI_GAME);
}

#[test]
fn reviewing_a_finished_gomoku_game_jumps_to_its_biggest_mistake() {
    // White ignores Black's growing line: every White move after the open three loses.
    review_and_jump(GameKind::Gomoku, "h8a1i8a2j8a3k8a4l8");
}

/// A game against the computer in which the human took a hint is recorded as a loss like any
/// other, and counted among the games with hints; the autosave keeps the count.
#[test]
fn a_game_with_hints_is_recorded_as_such() {
    use reversi_gomoku::persist::{GameKey, LevelKey, Records, paths};
    let dir = common::temp_dir("teacher-hinted");
    let mut h = harness(GameKind::Reversi, Some(dir.path()));
    let profile = app(&h).data.profile();
    h.key_press(Key::H);
    h.step();
    step_until(&mut h, "the hint", |a| a.reversi.teacher.hint().is_some());
    h.get_by_label("Resign").click();
    h.run_steps(3);
    app_mut(&mut h).data.flush_writes();
    h.step();
    let records = Records::load(&paths::records_path(dir.path()))
        .expect("records.json is valid")
        .expect("records.json exists");
    let tally = records
        .profile(&profile)
        .expect("profile")
        .vs_computer(GameKey::Reversi, LevelKey::Medium);
    assert_eq!((tally.losses, tally.hinted), (1, 1), "{tally:?}");
    // The Records window says so.
    h.get_by_label("Records").click();
    h.run_steps(2);
    h.get_by_label("W 0 · L 1 · D 0 · 0% · 1 with hints");
}
