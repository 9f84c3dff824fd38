//! Multi-PV analysis for hints and "Show move scores": the best candidate points, each with
//! its own score, refined by iterative deepening.
//!
//! First the threat searches that prove results: a five now, our own VCF (its first move
//! scores "win in N"), and for every candidate whether the opponent then has a VCF (the
//! candidate scores "loss in N"). Then each remaining candidate's child is searched with a
//! full window by Hard's negamax ([`super::engine`]), one depth at a time, so every candidate
//! gets its own value at that depth rather than a bound.

use std::time::{Duration, Instant};

use crate::core::{AiConfig, Analysis, MAX_DEPTH, MoveScore, StopFlag};

use super::board::Cells;
use super::engine::{fallback_move, score_of};
use super::point::Point;
use super::position::Position;
use super::search::{Hard, INF, ONE_PLY, Tt, WIN, WIN_THRESHOLD};
use super::search_board::SearchBoard;
use super::vcf::{self, VcfCtx};

/// How many candidate points an analysis scores (the search's best-ordered ones).
pub const ANALYSIS_CANDIDATES: usize = 8;

/// Attacker moves allowed to the VCF searches of the analysis.
const VCF_MOVES: u32 = 40;
/// Node budget of our own VCF search.
const OWN_VCF_NODES: u64 = 200_000;
/// Node budget of the opponent's VCF search after each candidate.
const REPLY_VCF_NODES: u64 = 20_000;

/// One candidate under analysis.
struct Candidate {
    cell: usize,
    /// Last score (search units; beyond [`WIN_THRESHOLD`] a proven result).
    score: Option<i32>,
    depth: u32,
}

impl Candidate {
    fn exact(&self) -> bool {
        self.score.is_some_and(|v| v.abs() > WIN_THRESHOLD)
    }
}

/// The analysis of `pos` (see [`crate::core::Engine::analyse`]) with the engine's table.
pub(super) fn analyse(
    tt: &Tt,
    pos: &Position,
    cfg: &AiConfig,
    stop: &StopFlag,
    on_update: &mut dyn FnMut(&Analysis<Point>),
) -> Option<Analysis<Point>> {
    let fallback = fallback_move(pos)?;
    let start = Instant::now();
    let deadline = cfg.time_ms.map(|ms| start + Duration::from_millis(ms));
    let b = SearchBoard::from_position(pos);
    let mut h = Hard::new(b, tt, deadline, stop);
    let threat = h.threat();
    let mut cands: Vec<Candidate> = h
        .gen_moves(0, usize::MAX, ANALYSIS_CANDIDATES, threat)
        .into_iter()
        .map(|cell| Candidate {
            cell,
            score: None,
            depth: 0,
        })
        .collect();
    if cands.is_empty() {
        // The empty board: the centre, level.
        cands.push(Candidate {
            cell: Cells::index_of(fallback),
            score: Some(0),
            depth: 0,
        });
        return Some(finish(&h, &cands, 0, start, on_update));
    }
    prove_threats(&mut h, &mut cands, deadline, stop);
    let report = |h: &Hard<'_>, c: &[Candidate], depth| analysis(h, c, depth, start, false);
    on_update(&report(&h, &cands, 0));
    let max_depth = cfg.depth.clamp(1, MAX_DEPTH);
    let mut done = 0;
    for depth in 1..=max_depth {
        if cands.iter().all(Candidate::exact) {
            break;
        }
        for i in 0..cands.len() {
            if cands[i].exact() {
                continue;
            }
            h.b.play(cands[i].cell);
            let v = -h.negamax((depth as i32 - 1) * ONE_PLY, 1, -INF, INF, false);
            h.b.undo();
            if h.aborted {
                return Some(report(&h, &cands, done));
            }
            cands[i].score = Some(v);
            cands[i].depth = depth;
            on_update(&report(&h, &cands, done));
        }
        done = depth;
        cands.sort_by_key(|c| std::cmp::Reverse(c.score.unwrap_or(-INF)));
    }
    Some(finish(&h, &cands, done, start, on_update))
}

/// Proves what the threat searches can: our own VCF (its first move wins; it joins the list
/// when the ordering missed it), and for each candidate the opponent's VCF after it.
fn prove_threats(
    h: &mut Hard<'_>,
    cands: &mut Vec<Candidate>,
    deadline: Option<Instant>,
    stop: &StopFlag,
) {
    let us = h.b.to_move;
    let mut ctx = VcfCtx::new(OWN_VCF_NODES, deadline, Some(stop));
    if let Some(line) = vcf::search(&mut h.b, us, VCF_MOVES, &mut ctx) {
        let win = WIN - line.len() as i32;
        match cands.iter_mut().find(|c| c.cell == line[0]) {
            Some(c) => c.score = Some(win),
            None => cands.insert(
                0,
                Candidate {
                    cell: line[0],
                    score: Some(win),
                    depth: 0,
                },
            ),
        }
    }
    h.nodes += ctx.nodes;
    for c in cands.iter_mut().filter(|c| !c.exact()) {
        h.b.play(c.cell);
        let them = h.b.to_move;
        let mut ctx = VcfCtx::new(REPLY_VCF_NODES, deadline, Some(stop));
        if let Some(line) = vcf::search(&mut h.b, them, VCF_MOVES, &mut ctx) {
            // Our move, then the opponent's line to its five.
            c.score = Some(-(WIN - 1 - line.len() as i32));
        }
        h.b.undo();
        h.nodes += ctx.nodes;
    }
    cands.sort_by_key(|c| std::cmp::Reverse(c.score.unwrap_or(0)));
}

/// The final report, sent and returned.
fn finish(
    h: &Hard<'_>,
    cands: &[Candidate],
    depth: u32,
    start: Instant,
    on_update: &mut dyn FnMut(&Analysis<Point>),
) -> Analysis<Point> {
    let a = analysis(h, cands, depth, start, !h.aborted);
    on_update(&a);
    a
}

fn analysis(
    h: &Hard<'_>,
    cands: &[Candidate],
    depth: u32,
    start: Instant,
    complete: bool,
) -> Analysis<Point> {
    let mut a = Analysis {
        moves: cands
            .iter()
            .filter_map(|c| {
                let v = c.score?;
                Some(MoveScore {
                    mv: Cells::point_of(c.cell),
                    score: score_of(v),
                    exact: c.exact(),
                    depth: c.depth,
                })
            })
            .collect(),
        depth,
        nodes: h.nodes,
        elapsed_ms: start.elapsed().as_millis() as u64,
        complete,
    };
    a.sort();
    a
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Engine, Level, Score};
    use crate::gomoku::{GomokuEngine, Rule};

    fn cfg(depth: u32) -> AiConfig {
        AiConfig {
            depth,
            time_ms: None,
            ..AiConfig::for_level(Level::Hard)
        }
    }

    fn position(moves: &[&str]) -> Position {
        let mut pos = Position::new(15, Rule::Freestyle).unwrap();
        for m in moves {
            pos.play(m.parse().unwrap()).unwrap();
        }
        pos
    }

    /// Black has an open four's worth of threats: a straight four at once (H8–K8 with G8 and
    /// L8 empty) wins in 3 plies; the analysis proves it and ranks it first.
    #[test]
    fn a_vcf_scores_win_in_n_first() {
        // Black H8 I8 J8 (an open three), White far away.
        let pos = position(&["H8", "A1", "I8", "A3", "J8", "A5"]);
        let a = GomokuEngine::new()
            .analyse(&pos, &cfg(2), &StopFlag::new(), &mut |_| {})
            .unwrap();
        let best = a.best().unwrap();
        assert!(matches!(best.score, Score::WinIn(n) if n <= 5), "{best:?}");
        assert!(best.exact);
        assert!(a.moves.len() >= 2 && a.moves.len() <= ANALYSIS_CANDIDATES + 1);
    }

    /// White to move faces Black's open three: only the moves that stop the straight four are
    /// candidates (the far points F8 and L8 leave one, so they are not scored at all), and
    /// neither block is a proven loss.
    #[test]
    fn only_answers_to_an_open_three_are_scored() {
        let pos = position(&["H8", "A1", "I8", "A3", "J8"]);
        let a = GomokuEngine::new()
            .analyse(&pos, &cfg(2), &StopFlag::new(), &mut |_| {})
            .unwrap();
        let best = a.best().unwrap();
        let blocks: Vec<Point> = ["G8", "K8"].iter().map(|s| s.parse().unwrap()).collect();
        assert!(blocks.contains(&best.mv), "best {best:?}");
        assert_eq!(a.moves.len(), 2, "{:?}", a.moves);
        for m in &a.moves {
            assert!(blocks.contains(&m.mv), "{m:?}");
            assert!(!matches!(m.score, Score::LossIn(_)), "{m:?}");
        }
    }

    #[test]
    fn a_stopped_analysis_is_incomplete_and_the_empty_board_is_the_centre() {
        let stop = StopFlag::new();
        stop.stop();
        let pos = position(&["H8", "H9"]);
        let a = GomokuEngine::new()
            .analyse(&pos, &cfg(8), &stop, &mut |_| {})
            .unwrap();
        assert!(!a.complete);
        let empty = position(&[]);
        let a = GomokuEngine::new()
            .analyse(&empty, &cfg(8), &StopFlag::new(), &mut |_| {})
            .unwrap();
        assert_eq!(a.moves.len(), 1);
        assert_eq!(a.moves[0].mv, Point::center(15));
    }
}
