//! [`ReversiEngine`]: the computer player at three levels.
//!
//! - **Easy**: greedy, the move flipping the most discs, ties broken at random; but corners
//!   first and squares next to an empty corner (X- and C-squares) last (plain greedy won only
//!   56 % of the points against random play).
//! - **Medium**: negamax alpha-beta to `cfg.depth` plies over Medium's square table
//!   ([`super::eval::table_eval`], with X- and C-squares next to an empty corner counted
//!   negatively: [`super::eval::medium_eval`]); finished games score the exact disc differential × 10 000;
//!   ties at the root broken at random.
//! - **Hard**: iterative-deepening PVS (module `search`) with root aspiration windows (±1 disc
//!   around the previous iteration's score, widened on failure), a transposition table kept
//!   between moves, fastest-first ordering and the phase-weighted evaluation
//!   ([`super::eval::evaluate`]), then the exact endgame solver ([`super::endgame`]) once the
//!   empties are at most [`ENDGAME_EMPTIES`] (see [`ReversiEngine`] for the time budget).
//!
//! Randomness comes from `cfg.seed` when set (deterministic), else from the thread RNG.

use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::core::{
    AiConfig, Analysis, Engine, Level, MAX_DEPTH, MAX_THREADS, MIN_DEPTH, Score, SearchInfo,
    StopFlag, Thought,
};

use super::bitboard::{flips, legal_moves};
use super::endgame::pv_from;
use super::eval::{EVAL_SCALE, final_score, medium_eval};
use super::position::Position;
use super::search::{Candidate, INF, MAX_MOVES, Searcher};
use super::square::{Move, Square};
use super::tt::{NO_MOVE, Tt};

/// Hard solves exactly from this many empty squares down (with a time budget; see
/// [`ReversiEngine`] for depth-only searches). About 0.1–1 s at 18 empties on one core.
pub const ENDGAME_EMPTIES: u32 = 18;

/// With a time budget and at most this many empties (but more than
/// [`QUICK_SOLVE_EMPTIES`]), Hard spends about a third of the budget on the midgame search,
/// then tries an exact solve in the rest; if that does not finish, the midgame move is played.
pub const TRY_SOLVE_EMPTIES: u32 = 20;

/// At most this many empties, an exact solve takes milliseconds: Hard solves after a shallow
/// midgame search whatever its budget. (Above it a short budget, 200 ms, may not be enough
/// for the solve, and the move must then come from a real midgame search, not the shallow
/// one.)
pub const QUICK_SOLVE_EMPTIES: u32 = 14;

/// Hard without a time budget solves exactly from `cfg.depth` empties, clamped to
/// `this..=ENDGAME_EMPTIES`.
pub const DEPTH_ONLY_ENDGAME_EMPTIES: u32 = 12;

/// Before an exact solve Hard runs the midgame search to at most this depth (for ordering and a
/// fallback move).
const PRE_SOLVE_DEPTH: u32 = 6;

/// Medium's score for a finished game: disc differential times this.
const MEDIUM_WIN: i32 = 10_000;

/// Mid-game table size (log2 of entries, 32 bytes each with the cache-line padding): 16 MiB.
const MID_TT_BITS: u32 = 19;
/// Endgame table size (log2 of entries, 32 bytes each): 32 MiB.
const END_TT_BITS: u32 = 20;

/// The Reversi computer player. Keeps Hard's transposition tables (≈48 MiB) between moves;
/// [`Engine::clear`] empties them.
///
/// `think` returns `None` on a finished game. When the side to move must pass it returns
/// [`Move::Pass`] at once. The move returned is always legal.
///
/// Hard: iterative deepening up to `cfg.depth` plies within `cfg.time_ms` (polling the time
/// and `stop` every 4096 nodes; an iteration is started when half of it is predicted to fit,
/// and one cut by the deadline only contributes a root move it proved better), on
/// `cfg.threads` threads (Lazy SMP), then an exact solve: with a time budget, at once up to
/// [`QUICK_SOLVE_EMPTIES`], after a midgame search with a third of the budget up to
/// [`TRY_SOLVE_EMPTIES`] (the midgame move is played if the solve does not finish); without
/// one, when empties ≤ `cfg.depth` clamped to 12..=18. A forced move (single legal placement)
/// uses a twentieth of the time budget. Typical reach in 1 s on one core: depth 16–20 in the
/// midgame (Multi-ProbCut).
///
/// `SearchInfo::score`, always from the engine's side, in discs (−64..=64):
/// - Hard: the evaluation divided by 100 (≈ expected final disc differential), or the exact
///   final differential (empties to the winner) when `exact`;
/// - Medium: the table score divided by 10 (not discs, a rough strength indication), or the
///   exact final differential (`exact`) when the search reaches the end of the game;
/// - Easy: own discs minus the opponent's right after the move.
pub struct ReversiEngine {
    mid_tt: Tt,
    end_tt: Tt,
}

impl Default for ReversiEngine {
    fn default() -> Self {
        ReversiEngine {
            mid_tt: Tt::new(MID_TT_BITS),
            end_tt: Tt::new(END_TT_BITS),
        }
    }
}

impl std::fmt::Debug for ReversiEngine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ReversiEngine")
    }
}

/// A uniformly random element of the non-empty `items`, from `seed` when given.
fn pick<T: Copy>(items: &[T], seed: Option<u64>) -> T {
    let i = match seed {
        Some(s) => StdRng::seed_from_u64(s).random_range(0..items.len()),
        None => rand::rng().random_range(0..items.len()),
    };
    items[i]
}

pub(crate) fn place(sq: u8) -> Move {
    Move::Place(Square::new_unchecked(sq))
}

/// Centi-discs to whole discs, rounded, clamped to −64..=64.
pub(crate) fn to_discs(centi: i32) -> i32 {
    let r = if centi >= 0 {
        (centi + EVAL_SCALE / 2) / EVAL_SCALE
    } else {
        (centi - EVAL_SCALE / 2) / EVAL_SCALE
    };
    r.clamp(-64, 64)
}

impl ReversiEngine {
    /// A new engine with empty tables.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    fn think_easy(pos: &Position, cfg: &AiConfig, start: Instant) -> Thought<Move> {
        let (p, o) = (pos.player(), pos.opponent());
        let empty = pos.empty_squares();
        let mut best_key = (0, 0);
        let mut ties = Vec::new();
        for sq in Square::iter_bits(pos.legal_squares()) {
            let n = flips(p, o, u32::from(sq.index())).count_ones();
            let key = (easy_tier(sq.index(), empty), n);
            if key > best_key {
                best_key = key;
                ties.clear();
            }
            if key == best_key {
                ties.push(sq);
            }
        }
        let best_count = best_key.1;
        let sq = pick(&ties, cfg.seed);
        let after = pos.count(pos.side_to_move()) as i32 + best_count as i32 + 1
            - (pos.count(pos.side_to_move().other()) as i32 - best_count as i32);
        let info = SearchInfo {
            depth: 1,
            nodes: u64::from(pos.legal_squares().count_ones()),
            elapsed_ms: start.elapsed().as_millis() as u64,
            score: Score::Discs(after),
            exact: false,
            pv: vec![Move::Place(sq)],
            book: false,
        };
        Thought {
            best: Move::Place(sq),
            info,
        }
    }

    fn think_medium(
        pos: &Position,
        cfg: &AiConfig,
        stop: &StopFlag,
        start: Instant,
    ) -> Thought<Move> {
        let (p, o) = (pos.player(), pos.opponent());
        let depth = cfg.depth.clamp(MIN_DEPTH, MAX_DEPTH);
        let mut m = Medium {
            nodes: 0,
            stop,
            aborted: false,
        };
        let mut best = -INF * 100;
        let mut ties: Vec<u8> = Vec::new();
        for sq in Square::iter_bits(pos.legal_squares()) {
            let i = u32::from(sq.index());
            let f = flips(p, o, i);
            // Window (best - 1, +inf): equal scores come back exact, so ties are found.
            let s = -m.negamax(
                o & !f,
                p | f | (1u64 << i),
                depth - 1,
                -INF * 100,
                -(best - 1),
                false,
            );
            if m.aborted {
                break;
            }
            if s > best {
                best = s;
                ties.clear();
            }
            if s == best {
                ties.push(sq.index());
            }
        }
        if ties.is_empty() {
            // Stopped before the first move was searched: any legal move.
            ties.push(pos.legal_squares().trailing_zeros() as u8);
            best = 0;
        }
        let sq = pick(&ties, cfg.seed);
        let exact = best.abs() >= MEDIUM_WIN / 2;
        let score = if exact {
            best / MEDIUM_WIN
        } else {
            (best / 10).clamp(-64, 64)
        };
        let info = SearchInfo {
            depth: if m.aborted { 0 } else { depth },
            nodes: m.nodes,
            elapsed_ms: start.elapsed().as_millis() as u64,
            score: Score::Discs(score),
            exact,
            pv: vec![place(sq)],
            book: false,
        };
        Thought {
            best: place(sq),
            info,
        }
    }

    fn think_hard(
        &mut self,
        pos: &Position,
        cfg: &AiConfig,
        stop: &StopFlag,
        on_info: &mut dyn FnMut(&SearchInfo<Move>),
        start: Instant,
    ) -> Thought<Move> {
        let (p, o) = (pos.player(), pos.opponent());
        let moves = legal_moves(p, o);
        let plan = HardPlan::new(pos, cfg, moves);
        self.mid_tt.new_search();
        self.end_tt.new_search();
        let (mid_tt, end_tt) = (&self.mid_tt, &self.end_tt);
        let threads = cfg.threads.clamp(1, MAX_THREADS);
        // Lazy SMP: helpers run the same search on the shared tables, odd ones a ply deeper,
        // filling the tables with results the main search then finds; only the main search's
        // move counts, and the helpers stop when it is done.
        let helpers_stop = StopFlag::new();
        std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads)
                .map(|id| {
                    let (plan, helpers_stop) = (&plan, &helpers_stop);
                    scope.spawn(move || {
                        let mut s =
                            Searcher::new(mid_tt, end_tt, helpers_stop, plan.deadline(start));
                        // In the exact solve, each helper starts on another root move.
                        s.root_shift = id as usize;
                        hard_search(&mut s, p, o, moves, plan, start, id % 2, &mut |_| {});
                        s.nodes
                    })
                })
                .collect();
            let mut s = Searcher::new(mid_tt, end_tt, stop, plan.deadline(start));
            let (best, mut info) = hard_search(&mut s, p, o, moves, &plan, start, 0, on_info);
            helpers_stop.stop();
            let helper_nodes: u64 = helpers.into_iter().map(|h| h.join().unwrap_or(0)).sum();
            info.nodes = s.nodes + helper_nodes;
            info.elapsed_ms = start.elapsed().as_millis() as u64;
            debug_assert!(moves & (1u64 << best) != 0);
            Thought {
                best: place(best),
                info,
            }
        })
    }
}

/// One thread's Hard search of `(p, o)` (legal `moves`) following `plan`: the midgame
/// iterations (each `depth_offset` plies deeper than the iteration number), then the exact
/// solve when planned. Returns the best square and the report of the last finished step.
#[allow(clippy::too_many_arguments)]
fn hard_search(
    s: &mut Searcher<'_>,
    p: u64,
    o: u64,
    moves: u64,
    plan: &HardPlan,
    start: Instant,
    depth_offset: u32,
    on_info: &mut dyn FnMut(&SearchInfo<Move>),
) -> (u8, SearchInfo<Move>) {
    let tt_move = s.mid_tt.probe(p, o).map_or(NO_MOVE, |e| e.best);
    let mut root = [Candidate::default(); MAX_MOVES];
    let n = Searcher::order_moves(p, o, moves, tt_move, &mut root);
    let root = &mut root[..n];
    let (mut best, mid_score, mut info) =
        midgame_iterations(s, p, o, root, plan, start, depth_offset, on_info);
    if plan.solves() && !s.aborted && !info.exact {
        let (score, sq) = s.solve_root(p, o, best, mid_score.map(to_discs));
        if !s.aborted && sq != NO_MOVE {
            best = sq;
            info = solved_info(s, p, o, plan.empties, score, sq, start);
            on_info(&info);
        }
    }
    (best, info)
}

/// What Hard will do with a position: its time budget, how deep the midgame search goes and
/// whether it then solves exactly.
struct HardPlan {
    empties: u32,
    /// The time budget (a forced move gets a twentieth of it, for the report only).
    budget: Option<Duration>,
    /// Soft limit for starting another midgame iteration.
    soft_budget: Option<Duration>,
    /// The midgame iterations stop at this depth.
    mid_limit: u32,
    /// The position is within the solver's reach: solve after a shallow midgame search.
    will_solve: bool,
    /// A little beyond the solver's reach with a budget: try to solve with what time is left.
    try_solve: bool,
}

impl HardPlan {
    fn new(pos: &Position, cfg: &AiConfig, moves: u64) -> HardPlan {
        let empties = pos.empties();
        let max_depth = cfg.depth.clamp(MIN_DEPTH, MAX_DEPTH);
        let forced = moves.count_ones() == 1;
        let budget = cfg
            .time_ms
            .map(|ms| Duration::from_millis(if forced { ms / 20 } else { ms }));
        let solve_at = match budget {
            Some(_) => QUICK_SOLVE_EMPTIES,
            None => max_depth.clamp(DEPTH_ONLY_ENDGAME_EMPTIES, ENDGAME_EMPTIES),
        };
        let will_solve = empties <= solve_at;
        let try_solve = !will_solve && budget.is_some() && empties <= TRY_SOLVE_EMPTIES;
        HardPlan {
            empties,
            budget,
            soft_budget: budget.map(|b| if try_solve { b / 3 } else { b }),
            mid_limit: if will_solve {
                max_depth.min(PRE_SOLVE_DEPTH)
            } else {
                max_depth
            },
            will_solve,
            try_solve,
        }
    }

    fn deadline(&self, start: Instant) -> Option<Instant> {
        self.budget.map(|b| start + b)
    }

    fn solves(&self) -> bool {
        self.will_solve || self.try_solve
    }

    /// Whether another iteration is worth starting: assume it costs 2–5× the last one (the
    /// ratio of the last two; 4× after the first) and start it when at least half of it fits
    /// in the budget. An iteration cut by the deadline is not lost: a root move proven better
    /// than the previous best by then is played (see [`midgame_iterations`]), so the budget is
    /// used to its end instead of being left when a whole iteration cannot finish.
    fn next_iteration_fits(
        &self,
        start: Instant,
        this_iter: Duration,
        last_iter: Duration,
    ) -> bool {
        let Some(b) = self.soft_budget.filter(|_| !self.will_solve) else {
            return true;
        };
        let ratio = if last_iter.is_zero() {
            4.0
        } else {
            (this_iter.as_secs_f64() / last_iter.as_secs_f64()).clamp(2.0, 5.0)
        };
        start.elapsed() + this_iter.mul_f64(ratio * NEXT_ITERATION_SHARE) <= b
    }
}

/// The share of the predicted time of the next iteration that must fit in the budget for it
/// to be started.
const NEXT_ITERATION_SHARE: f64 = 0.5;

/// Iterative deepening of the midgame search over `root` (reordered best first after each
/// iteration), reporting each iteration; iteration `k` searches `k + depth_offset` plies. A
/// helper thread (`depth_offset > 0`) of a search that does not end in a solve goes on
/// deepening past the plan's depth and budget until it is stopped: its deeper results in the
/// shared table still serve the main search.
/// When the deadline cuts an iteration, a root move that it already proved better than the
/// previous iteration's best is played. Returns the best square, the last iteration's score
/// (centi-discs; `None` when none finished) and its report.
#[allow(clippy::too_many_arguments)]
fn midgame_iterations(
    s: &mut Searcher<'_>,
    p: u64,
    o: u64,
    root: &mut [Candidate],
    plan: &HardPlan,
    start: Instant,
    depth_offset: u32,
    on_info: &mut dyn FnMut(&SearchInfo<Move>),
) -> (u8, Option<i32>, SearchInfo<Move>) {
    let mut best = root[0].sq;
    let mut info = SearchInfo {
        pv: vec![place(best)],
        ..SearchInfo::default()
    };
    let mut last_iter = Duration::ZERO;
    let mut mid_score = None;
    let helper = depth_offset > 0 && !plan.solves();
    let limit = if helper { plan.empties } else { plan.mid_limit };
    for iteration in 1..=limit {
        let depth = (iteration + depth_offset).min(limit);
        let iter_start = Instant::now();
        let mut proven = None;
        let (alpha, iter_best) = aspiration_search(s, p, o, root, depth, mid_score, &mut proven);
        if s.aborted {
            if let Some(i) = proven {
                best = root[i].sq;
                info.pv = vec![place(best)];
            }
            break;
        }
        // Best move first for the next iteration.
        root[..=iter_best].rotate_right(1);
        best = root[0].sq;
        mid_score = Some(alpha);
        s.mid_tt.store(p, o, depth, alpha, alpha, best);
        let exact = depth >= plan.empties;
        info = SearchInfo {
            depth,
            nodes: s.nodes,
            elapsed_ms: start.elapsed().as_millis() as u64,
            score: Score::Discs(to_discs(alpha)),
            exact,
            pv: pv_from(s.mid_tt, p, o, depth as usize),
            book: false,
        };
        on_info(&info);
        let this_iter = iter_start.elapsed();
        if exact
            || depth >= limit
            || (!helper && !plan.next_iteration_fits(start, this_iter, last_iter))
        {
            break;
        }
        last_iter = this_iter;
    }
    (best, mid_score, info)
}

/// One midgame iteration with an aspiration window around the previous iteration's score
/// (from depth 3), widened on failure (Edax `aspiration_search` idea). Returns the score and
/// the index of the best root move; `proven` gets the index of a move shown better than the
/// first one before an abort.
fn aspiration_search(
    s: &mut Searcher<'_>,
    p: u64,
    o: u64,
    root: &mut [Candidate],
    depth: u32,
    previous: Option<i32>,
    proven: &mut Option<usize>,
) -> (i32, usize) {
    let (mut lo, mut hi, mut delta) = match previous {
        Some(prev) if depth >= 3 => (prev - ASPIRATION, prev + ASPIRATION, ASPIRATION),
        _ => (-INF, INF, INF),
    };
    // Search instability (TT grafting) can make a window fail low and then high around the
    // same score forever; after failures on both sides the window opens fully.
    let (mut failed_low, mut failed_high) = (false, false);
    loop {
        let (score, i) = root_pass(s, p, o, root, depth, lo, hi, proven);
        if s.aborted {
            return (score, i);
        }
        if score <= lo && lo > -INF {
            failed_low = true;
            delta *= 2;
            hi = if failed_high { INF } else { score + 1 };
            lo = if delta > 8 * ASPIRATION || failed_high {
                -INF
            } else {
                score - delta
            };
        } else if score >= hi && hi < INF {
            failed_high = true;
            delta *= 2;
            lo = if failed_low { -INF } else { score - 1 };
            hi = if delta > 8 * ASPIRATION || failed_low {
                INF
            } else {
                score + delta
            };
        } else {
            return (score, i);
        }
    }
}

/// The report of an exact solve: `score` (discs) with `sq` first in the principal variation.
fn solved_info(
    s: &mut Searcher<'_>,
    p: u64,
    o: u64,
    empties: u32,
    score: i32,
    sq: u8,
    start: Instant,
) -> SearchInfo<Move> {
    let mut pv = s.end_pv(p, o, empties as usize);
    if pv.first() != Some(&place(sq)) {
        pv = vec![place(sq)];
    }
    SearchInfo {
        depth: empties,
        nodes: s.nodes,
        elapsed_ms: start.elapsed().as_millis() as u64,
        score: Score::Discs(score),
        exact: true,
        pv,
        book: false,
    }
}

/// Easy's square class: 2 for a corner, 0 for a square next to an empty corner (X- and
/// C-squares, which give the corner away), 1 otherwise.
fn easy_tier(sq: u8, empty: u64) -> u8 {
    const CORNERS: [(u8, u64); 4] = [
        (0, (1 << 1) | (1 << 8) | (1 << 9)),
        (7, (1 << 6) | (1 << 14) | (1 << 15)),
        (56, (1 << 48) | (1 << 49) | (1 << 57)),
        (63, (1 << 54) | (1 << 55) | (1 << 62)),
    ];
    let bit = 1u64 << sq;
    if CORNERS.iter().any(|&(c, _)| c == sq) {
        return 2;
    }
    if CORNERS
        .iter()
        .any(|&(c, near)| near & bit != 0 && empty & (1u64 << c) != 0)
    {
        return 0;
    }
    1
}

/// Half-width of Hard's root aspiration window, centi-discs.
const ASPIRATION: i32 = 100;

/// One PVS pass over the ordered root moves within `(alpha, beta)` at `depth` plies:
/// `(fail-soft score, index of the best move)`; garbage when `s.aborted`. A later move whose
/// null-window search fails high has a higher value than every move before it: its index goes
/// to `proven`, for a pass cut by the deadline.
#[allow(clippy::too_many_arguments)]
fn root_pass(
    s: &mut Searcher<'_>,
    p: u64,
    o: u64,
    root: &[Candidate],
    depth: u32,
    mut alpha: i32,
    beta: i32,
    proven: &mut Option<usize>,
) -> (i32, usize) {
    let mut best = -INF;
    let mut best_i = 0;
    for (i, c) in root.iter().enumerate() {
        let np = p | c.flips | (1u64 << c.sq);
        let no = o & !c.flips;
        let sc = if i == 0 {
            -s.pvs(no, np, depth - 1, -beta, -alpha, false)
        } else {
            let sc = -s.pvs(no, np, depth - 1, -alpha - 1, -alpha, false);
            if sc > alpha && !s.aborted {
                *proven = Some(i);
            }
            if sc > alpha && sc < beta && !s.aborted {
                -s.pvs(no, np, depth - 1, -beta, -alpha, false)
            } else {
                sc
            }
        };
        if s.aborted {
            return (0, 0);
        }
        if sc > best {
            best = sc;
            best_i = i;
            if sc > alpha {
                alpha = sc;
                if alpha >= beta {
                    break;
                }
            }
        }
    }
    (best, best_i)
}

/// Medium's plain negamax alpha-beta over the square table.
struct Medium<'a> {
    nodes: u64,
    stop: &'a StopFlag,
    aborted: bool,
}

impl Medium<'_> {
    fn negamax(
        &mut self,
        p: u64,
        o: u64,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        passed: bool,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes & 4095 == 0 && self.stop.is_stopped() {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        let moves = legal_moves(p, o);
        if moves == 0 {
            if passed {
                return final_score(p, o) * MEDIUM_WIN;
            }
            if legal_moves(o, p) == 0 {
                return final_score(p, o) * MEDIUM_WIN;
            }
            return -self.negamax(o, p, depth, -beta, -alpha, true);
        }
        if depth == 0 {
            return medium_eval(p, o);
        }
        let mut best = -INF * 100;
        let mut rest = moves;
        while rest != 0 {
            let sq = rest.trailing_zeros();
            rest &= rest - 1;
            let f = flips(p, o, sq);
            let s = -self.negamax(
                o & !f,
                p | f | (1u64 << sq),
                depth - 1,
                -beta,
                -alpha,
                false,
            );
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

impl Engine<Position> for ReversiEngine {
    /// Chooses a move; see the type's documentation for each level. `None` on a finished
    /// game; a forced pass is answered at once.
    fn think(
        &mut self,
        pos: &Position,
        cfg: &AiConfig,
        stop: &StopFlag,
        on_info: &mut dyn FnMut(&SearchInfo<Move>),
    ) -> Option<Thought<Move>> {
        let start = Instant::now();
        if pos.is_game_over() {
            return None;
        }
        if pos.legal_squares() == 0 {
            return Some(Thought {
                best: Move::Pass,
                info: SearchInfo {
                    pv: vec![Move::Pass],
                    ..SearchInfo::default()
                },
            });
        }
        let thought = match cfg.level {
            Level::Easy => Self::think_easy(pos, cfg, start),
            Level::Medium => Self::think_medium(pos, cfg, stop, start),
            Level::Hard => return Some(self.think_hard(pos, cfg, stop, on_info, start)),
        };
        on_info(&thought.info);
        Some(thought)
    }

    /// Every legal move scored in discs (see [`super::analysis`]), whatever `cfg.level`.
    fn analyse(
        &mut self,
        pos: &Position,
        cfg: &AiConfig,
        stop: &StopFlag,
        on_update: &mut dyn FnMut(&Analysis<Move>),
    ) -> Option<Analysis<Move>> {
        super::analysis::analyse(
            &mut self.mid_tt,
            &mut self.end_tt,
            pos,
            cfg,
            stop,
            on_update,
        )
    }

    fn clear(&mut self) {
        self.mid_tt.clear();
        self.end_tt.clear();
    }
}
