//! Hints, move scores and the game review on the analyst's own worker thread, with the real
//! engines: exact Reversi endgame verdicts agree with the solver, a Gomoku hint finds the
//! winning four, and scores belong to one position only.

use std::time::{Duration, Instant};

use reversi_gomoku::app::analysis::{Analyst, PositionKey, Verdict};
use reversi_gomoku::core::{GameRules, Score, Step, StopFlag};
use reversi_gomoku::gomoku::{self, GomokuEngine, Rule};
use reversi_gomoku::reversi::{self, Move, ReversiEngine, solve};

/// Calls `update` until `done` holds; fails after 60 s (a hang detector, not a timing
/// assertion: the analyst works on its own thread).
fn poll_until<G: GameRules>(
    analyst: &mut Analyst<G>,
    key: &PositionKey<G::Move>,
    pos: &G,
    what: &str,
    done: impl Fn(&Analyst<G>) -> bool,
) {
    let give_up = Instant::now() + Duration::from_secs(60);
    loop {
        analyst.update(key, pos);
        if done(analyst) {
            return;
        }
        assert!(Instant::now() < give_up, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(2));
    }
}

fn key<M: Copy>(moves: &[M]) -> PositionKey<M> {
    PositionKey {
        serial: 1,
        moves: moves.to_vec(),
        steps: moves.len(),
    }
}

/// A deterministic Reversi game (always the first legal move in square order) split at 12
/// empties: the start position there and the moves to the end.
fn endgame() -> (reversi::Position, Vec<Move>) {
    let mut pos = reversi::Position::new();
    while pos.empties() > 12 {
        let mv = pos.legal_moves()[0];
        pos.play(mv).unwrap();
    }
    let start = pos;
    let mut moves = Vec::new();
    while !pos.is_game_over() {
        let mv = pos.legal_moves()[0];
        pos.play(mv).unwrap();
        moves.push(mv);
    }
    (start, moves)
}

#[test]
fn reversi_review_of_an_endgame_matches_the_solver() {
    let (start, moves) = endgame();
    let mut analyst = Analyst::new(ReversiEngine::new(), || {});
    let steps: Vec<_> = moves.iter().map(|&m| Step::Move(m)).collect();
    analyst.start_review(&start, &steps, 600).unwrap();
    let k = key(&moves);
    poll_until(&mut analyst, &k, &start, "the review", |a| {
        a.review().unwrap().is_done() && !a.is_busy()
    });
    let review = analyst.review().unwrap();
    assert_eq!(review.progress(), (moves.len() + 1, moves.len() + 1));
    let verdicts = review.verdicts();
    assert_eq!(verdicts.len(), moves.len());
    let mut pos = start;
    for v in &verdicts {
        // The played move's exact value, by the solver, from the mover's point of view.
        let mover = pos.side_to_move();
        let mut child = pos;
        child.play(v.played).unwrap();
        let (child_value, _, _) = solve(&child, &StopFlag::new());
        let played = if child.side_to_move() == mover {
            child_value
        } else {
            -child_value
        };
        assert_eq!(v.played_score, Score::Discs(played), "move {}", v.index + 1);
        let (best, _, _) = solve(&pos, &StopFlag::new());
        assert_eq!(v.best_score, Score::Discs(best), "move {}", v.index + 1);
        assert_eq!(v.verdict, Verdict::of(v.best_score, v.played_score));
        pos = child;
    }
    // The graph: one point per position, Black's view, ending on the final differential
    // with the empty squares counted for the winner.
    let graph = review.graph();
    assert_eq!(graph.len(), moves.len() + 1);
    let diff = pos.disc_difference();
    let expected = diff + diff.signum() * pos.empties() as i32;
    let (_, last, exact) = *graph.last().unwrap();
    assert!(exact);
    assert_eq!(last, f64::from(expected));
}

#[test]
fn verdict_thresholds() {
    let d = Score::Discs;
    assert_eq!(Verdict::of(d(4), d(4)), Verdict::Best);
    assert_eq!(Verdict::of(d(4), d(2)), Verdict::Good);
    assert_eq!(Verdict::of(d(4), d(0)), Verdict::Inaccuracy);
    assert_eq!(Verdict::of(d(4), d(-4)), Verdict::Mistake);
    assert_eq!(Verdict::of(d(4), d(-6)), Verdict::Blunder);
    assert_eq!(
        Verdict::of(Score::WinIn(5), Score::Eval(900)),
        Verdict::Blunder
    );
    assert_eq!(
        Verdict::of(Score::Eval(10), Score::LossIn(4)),
        Verdict::Blunder
    );
    assert_eq!(
        Verdict::of(Score::LossIn(3), Score::LossIn(1)),
        Verdict::Best
    );
    assert_eq!(
        Verdict::of(Score::Eval(100), Score::Eval(50)),
        Verdict::Inaccuracy
    );
    assert_eq!(Score::WinIn(3).for_opponent(), Score::LossIn(3));
}

fn gomoku_position(moves: &[&str]) -> (gomoku::Position, Vec<gomoku::Point>) {
    let mut pos = gomoku::Position::new(15, Rule::Freestyle).unwrap();
    let mut played = Vec::new();
    for m in moves {
        let p: gomoku::Point = m.parse().unwrap();
        pos.play(p).unwrap();
        played.push(p);
    }
    (pos, played)
}

#[test]
fn gomoku_hint_makes_the_straight_four() {
    let (pos, moves) = gomoku_position(&["H8", "A1", "I8", "A3", "J8", "A5"]);
    let mut analyst = Analyst::new(GomokuEngine::new(), || {});
    let k = key(&moves);
    analyst.update(&k, &pos);
    assert!(analyst.hint().is_none());
    analyst.request_hint();
    poll_until(&mut analyst, &k, &pos, "the hint", |a| a.hint().is_some());
    let hint = analyst.hint().unwrap();
    let fours: Vec<gomoku::Point> = ["G8", "K8"].iter().map(|s| s.parse().unwrap()).collect();
    assert!(fours.contains(&hint.mv), "{hint:?}");
    assert!(
        matches!(hint.score, Score::WinIn(_)) && hint.exact,
        "{hint:?}"
    );
}

#[test]
fn scores_cover_every_reversi_move_and_are_dropped_when_the_position_changes() {
    let pos = reversi::Position::new();
    let mut analyst = Analyst::new(ReversiEngine::new(), || {});
    analyst.show_scores = true;
    let k = key::<Move>(&[]);
    poll_until(&mut analyst, &k, &pos, "scores at depth 4", |a| {
        a.scores().is_some_and(|s| s.depth >= 4)
    });
    let scores = analyst.scores().unwrap();
    assert_eq!(scores.moves.len(), 4);
    // The four openings are symmetric: equal scores at equal depth (a live report may catch
    // some moves one iteration deeper than others).
    for a in &scores.moves {
        for b in scores.moves.iter().filter(|b| b.depth == a.depth) {
            assert_eq!(a.score, b.score, "{scores:?}");
        }
    }
    // Another position: the old scores are gone at once.
    let mut next = pos;
    let f5: Move = "f5".parse().unwrap();
    next.play(f5).unwrap();
    analyst.update(&key(&[f5]), &next);
    assert!(analyst.scores().is_none_or(|s| s.moves.len() == 3));
    poll_until(&mut analyst, &key(&[f5]), &next, "scores after f5", |a| {
        a.scores().is_some_and(|s| s.moves.len() == 3)
    });
    // Switched off: nothing shown, the worker idles.
    analyst.show_scores = false;
    analyst.update(&key(&[f5]), &next);
    assert!(analyst.scores().is_none());
    assert!(!analyst.is_busy());
}
