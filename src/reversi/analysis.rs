//! Multi-PV analysis for hints and "Show move scores": every legal move gets its own score,
//! refined by iterative deepening, then solved exactly once the empties are within the
//! solver's reach.
//!
//! Each root move's child is searched with its own aspiration window around the move's score
//! from the previous iteration (±1 disc, widened on failure), so every move gets an exact
//! minimax value at that depth, not just a bound as in a plain PVS root. The transposition
//! tables are the engine's own and are shared between the moves, so the extra cost over one
//! search is moderate (the same idea as Edax's and Egaroucid's multi-PV modes).

use std::time::Instant;

use crate::core::{AiConfig, Analysis, MAX_DEPTH, MIN_DEPTH, MoveScore, Score, StopFlag};

use super::bitboard::{flips, legal_moves};
use super::engine::{place, to_discs};
use super::position::Position;
use super::search::{Candidate, INF, MAX_MOVES, Searcher};
use super::square::Move;
use super::tt::{NO_MOVE, Tt};

/// Analysis solves every move exactly from this many empties in the analysed position (each
/// child then has one fewer). About a second per move at 18 on one core; the midgame scores
/// stay on screen meanwhile.
pub const ANALYSIS_SOLVE_EMPTIES: u32 = 18;

/// The midgame depth reached before the exact solves start (their move ordering comes from it).
const PRE_SOLVE_DEPTH: u32 = 8;

/// Half-width of each move's aspiration window, centi-discs.
const WINDOW: i32 = 100;

/// One root move under analysis.
struct RootMove {
    cand: Candidate,
    /// Last score, centi-discs (midgame) or discs × 100 (exact), side to move's view.
    centi: Option<i32>,
    exact: bool,
    depth: u32,
}

/// The analysis of `pos` (see [`crate::core::Engine::analyse`]) with the engine's tables.
pub(crate) fn analyse(
    mid_tt: &mut Tt,
    end_tt: &mut Tt,
    pos: &Position,
    cfg: &AiConfig,
    stop: &StopFlag,
    on_update: &mut dyn FnMut(&Analysis<Move>),
) -> Option<Analysis<Move>> {
    if pos.is_game_over() {
        return None;
    }
    let start = Instant::now();
    let deadline = cfg
        .time_ms
        .map(|ms| start + std::time::Duration::from_millis(ms));
    let (p, o) = (pos.player(), pos.opponent());
    mid_tt.new_search();
    end_tt.new_search();
    let mut s = Searcher::new(mid_tt, end_tt, stop, deadline);
    let moves = legal_moves(p, o);
    if moves == 0 {
        return Some(analyse_pass(&mut s, p, o, start, on_update));
    }
    let mut roots = root_moves(p, o, moves);
    let empties = pos.empties();
    let max_depth = cfg.depth.clamp(MIN_DEPTH, MAX_DEPTH);
    let solves = empties <= ANALYSIS_SOLVE_EMPTIES;
    let mid_limit = if solves {
        max_depth.min(PRE_SOLVE_DEPTH)
    } else {
        max_depth
    };
    let mut report = Report { start, depth: 0 };
    for depth in 1..=mid_limit.min(empties) {
        for i in 0..roots.len() {
            let Some(centi) = search_child(&mut s, p, o, &roots[i], depth) else {
                return Some(report.analysis(&s, &roots, false));
            };
            let exact = depth >= empties;
            roots[i] = RootMove {
                centi: Some(centi),
                exact,
                depth,
                ..roots[i]
            };
            on_update(&report.analysis(&s, &roots, false));
        }
        report.depth = depth;
        sort_roots(&mut roots);
        on_update(&report.analysis(&s, &roots, false));
    }
    if solves && !roots.iter().all(|r| r.exact) {
        solve_all(&mut s, p, o, empties, &mut roots, &mut report, on_update);
        if s.aborted {
            return Some(report.analysis(&s, &roots, false));
        }
    }
    let done = report.analysis(&s, &roots, true);
    on_update(&done);
    Some(done)
}

/// Solves every root move exactly, best-first, reporting after each.
fn solve_all(
    s: &mut Searcher<'_>,
    p: u64,
    o: u64,
    empties: u32,
    roots: &mut [RootMove],
    report: &mut Report,
    on_update: &mut dyn FnMut(&Analysis<Move>),
) {
    for i in 0..roots.len() {
        let c = roots[i].cand;
        let (np, no) = (p | c.flips | (1u64 << c.sq), o & !c.flips);
        let discs = -s.end_search(no, np, -64, 64, empties - 1, false);
        if s.aborted {
            return;
        }
        roots[i].centi = Some(discs * 100);
        roots[i].exact = true;
        roots[i].depth = empties;
        on_update(&report.analysis(s, roots, false));
    }
    report.depth = empties;
    sort_roots(roots);
}

/// The score of root move `r` searched `depth` plies (centi-discs, side to move's view), with
/// an aspiration window around its previous score; `None` when the search was stopped.
fn search_child(s: &mut Searcher<'_>, p: u64, o: u64, r: &RootMove, depth: u32) -> Option<i32> {
    let c = r.cand;
    let (np, no) = (p | c.flips | (1u64 << c.sq), o & !c.flips);
    let (mut lo, mut hi) = match r.centi {
        Some(prev) if depth >= 3 => (prev - WINDOW, prev + WINDOW),
        _ => (-INF, INF),
    };
    let mut delta = WINDOW;
    loop {
        let score = -s.pvs(no, np, depth - 1, -hi, -lo, false);
        if s.aborted {
            return None;
        }
        // Widen the failing side only; give up the window after a few failures (search
        // instability can make the bounds disagree).
        delta *= 2;
        if score <= lo && lo > -INF {
            lo = if delta > 8 * WINDOW {
                -INF
            } else {
                score - delta
            };
        } else if score >= hi && hi < INF {
            hi = if delta > 8 * WINDOW {
                INF
            } else {
                score + delta
            };
        } else {
            return Some(score);
        }
    }
}

/// Analysis of a position where the side to move must pass: the pass, scored by the
/// opponent's best reply searched to a fixed shallow depth, or exactly when the empties
/// allow.
fn analyse_pass(
    s: &mut Searcher<'_>,
    p: u64,
    o: u64,
    start: Instant,
    on_update: &mut dyn FnMut(&Analysis<Move>),
) -> Analysis<Move> {
    let empties = (!(p | o)).count_ones();
    let (score, exact, depth) = if empties <= ANALYSIS_SOLVE_EMPTIES {
        (-s.end_search(o, p, -64, 64, empties, true), true, empties)
    } else {
        let d = PRE_SOLVE_DEPTH;
        (to_discs(-s.pvs(o, p, d, -INF, INF, true)), false, d)
    };
    let analysis = Analysis {
        moves: vec![MoveScore {
            mv: Move::Pass,
            score: Score::Discs(score),
            exact: exact && !s.aborted,
            depth,
        }],
        depth,
        nodes: s.nodes,
        elapsed_ms: start.elapsed().as_millis() as u64,
        complete: !s.aborted,
    };
    on_update(&analysis);
    analysis
}

/// The legal moves of `(p, o)` in the midgame search's order.
fn root_moves(p: u64, o: u64, moves: u64) -> Vec<RootMove> {
    let mut list = [Candidate::default(); MAX_MOVES];
    let n = Searcher::order_moves(p, o, moves, NO_MOVE, &mut list);
    list[..n]
        .iter()
        .map(|&c| RootMove {
            cand: Candidate {
                flips: flips(p, o, u32::from(c.sq)),
                ..c
            },
            centi: None,
            exact: false,
            depth: 0,
        })
        .collect()
}

/// Best first; unscored moves last, in their previous order.
fn sort_roots(roots: &mut [RootMove]) {
    roots.sort_by_key(|r| std::cmp::Reverse(r.centi.unwrap_or(-INF)));
}

/// Builds the [`Analysis`] reports.
struct Report {
    start: Instant,
    /// Depth of the last iteration finished for every move.
    depth: u32,
}

impl Report {
    fn analysis(&self, s: &Searcher<'_>, roots: &[RootMove], complete: bool) -> Analysis<Move> {
        let mut a = Analysis {
            moves: roots
                .iter()
                .filter_map(|r| {
                    let centi = r.centi?;
                    Some(MoveScore {
                        mv: place(r.cand.sq),
                        score: Score::Discs(if r.exact {
                            centi / 100
                        } else {
                            to_discs(centi)
                        }),
                        exact: r.exact,
                        depth: r.depth,
                    })
                })
                .collect(),
            depth: self.depth,
            nodes: s.nodes,
            elapsed_ms: self.start.elapsed().as_millis() as u64,
            complete,
        };
        a.sort();
        a
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Engine, Level};
    use crate::reversi::{ReversiEngine, solve};

    fn cfg(depth: u32) -> AiConfig {
        AiConfig {
            depth,
            time_ms: None,
            ..AiConfig::for_level(Level::Hard)
        }
    }

    /// Every legal move scored; at 14 empties each exact score equals the solver's value of
    /// the position after that move (negated), and the best equals the solver's root value.
    #[test]
    fn endgame_scores_are_exact_for_every_move() {
        // A deterministic game (always the last legal move in square order) to 14 empties.
        let mut pos = Position::new();
        while pos.empties() > 14 {
            let mv = *pos.legal_moves().last().expect("game goes on");
            pos.play(mv).unwrap();
        }
        assert!(!pos.is_game_over() && !pos.must_pass());
        let mut engine = ReversiEngine::new();
        let a = engine
            .analyse(&pos, &cfg(20), &StopFlag::new(), &mut |_| {})
            .expect("game not over");
        assert!(a.complete);
        let legal = pos.legal_moves();
        assert_eq!(a.moves.len(), legal.len());
        for ms in &a.moves {
            assert!(ms.exact, "{} not exact", ms.mv);
            let mut child = pos;
            child.play(ms.mv).unwrap();
            let (v, _, _) = solve(&child, &StopFlag::new());
            let own = if child.side_to_move() == pos.side_to_move() {
                v
            } else {
                -v
            };
            assert_eq!(ms.score, Score::Discs(own), "move {}", ms.mv);
        }
        let (root, _, _) = solve(&pos, &StopFlag::new());
        assert_eq!(a.moves[0].score, Score::Discs(root));
        assert!(
            a.moves
                .windows(2)
                .all(|w| w[0].score.value() >= w[1].score.value())
        );
    }

    /// In the midgame every move is scored at the same depth, and the best move's score
    /// equals what Hard's own search reports at that depth.
    #[test]
    fn midgame_best_score_matches_the_search() {
        let mut pos = Position::new();
        for m in ["f5", "d6", "c3", "d3", "c4", "f4", "f6", "f3", "e6", "e7"] {
            pos.play(m.parse().unwrap()).unwrap();
        }
        let mut engine = ReversiEngine::new();
        let a = engine
            .analyse(&pos, &cfg(6), &StopFlag::new(), &mut |_| {})
            .unwrap();
        assert_eq!(a.depth, 6);
        assert!(a.complete);
        assert_eq!(a.moves.len(), pos.legal_moves().len());
        assert!(a.moves.iter().all(|m| m.depth == 6 && !m.exact));
        let mut fresh = ReversiEngine::new();
        let t = fresh
            .think(&pos, &cfg(6), &StopFlag::new(), &mut |_| {})
            .unwrap();
        assert_eq!(a.moves[0].score, t.info.score);
    }

    /// A raised stop flag ends the analysis at once, incomplete.
    #[test]
    fn stopped_analysis_is_incomplete() {
        let stop = StopFlag::new();
        stop.stop();
        let a = ReversiEngine::new()
            .analyse(&Position::new(), &cfg(20), &stop, &mut |_| {})
            .unwrap();
        assert!(!a.complete);
    }

    /// White (b1) cannot move: Black's a1 is a corner. The pass is the only move and scores
    /// what Black's reply c1, which takes every disc, leaves: −64 for White.
    #[test]
    fn a_forced_pass_is_the_only_move() {
        let pos = Position::from_board(1 << 0, 1 << 1, crate::core::Side::White);
        assert!(pos.must_pass());
        let a = ReversiEngine::new()
            .analyse(&pos, &cfg(20), &StopFlag::new(), &mut |_| {})
            .unwrap();
        assert_eq!(a.moves.len(), 1);
        assert_eq!(a.moves[0].mv, Move::Pass);
        assert_eq!(a.moves[0].score, Score::Discs(-64));
    }
}
