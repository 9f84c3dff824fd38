//! Hard's midgame search: negamax alpha-beta in its principal-variation (PVS) form with a
//! transposition table, iterative deepening driven by [`super::engine`], fastest-first move
//! ordering (opponent mobility ascending, TT move first) and [`super::eval::evaluate`] at the
//! leaves. Scores are centi-discs from the side to move's point of view.
//!
//! [`Searcher`] also carries the state of the exact endgame solver ([`super::endgame`]): node
//! counter, time and stop polling, and both transposition tables.

use std::time::Instant;

use crate::core::StopFlag;

use super::bitboard::{CORNERS, cpu_has_v3, flips, legal_moves};
use super::eval::{EVAL_SCALE, evaluate, final_score};
use super::mpc::{MPC_MIN_DEPTH, MpcTable, shallow_depth};
use super::tt::{NO_MOVE, Tt};

/// Larger than any score (centi-discs or discs).
pub(crate) const INF: i32 = 30_000;

/// How many nodes between two checks of the clock and the stop flag.
const POLL_INTERVAL: u64 = 4096;

/// Search state shared by the midgame search and the endgame solver.
pub(crate) struct Searcher<'a> {
    /// Midgame table (centi-disc bounds, depth in plies), shared with the other threads.
    pub mid_tt: &'a Tt,
    /// Endgame table (exact disc bounds; depth = empties), shared with the other threads.
    pub end_tt: &'a Tt,
    /// Nodes visited (all node kinds).
    pub nodes: u64,
    next_poll: u64,
    stop: &'a StopFlag,
    deadline: Option<Instant>,
    /// Set once the stop flag or the deadline was seen; all results after that are garbage.
    pub aborted: bool,
    /// The CPU has popcnt, lzcnt, BMI1, BMI2 and AVX2: the endgame solver runs its x86-64-v3
    /// build.
    pub v3: bool,
    /// Multi-ProbCut ([`super::mpc`]) in the midgame search (on unless switched off, as
    /// `reversi fit-mpc` does to measure plain searches).
    pub probcut: bool,
    /// How many ProbCut shallow searches enclose the current node (they nest at most
    /// [`MPC_MAX_NESTING`] deep).
    mpc_nesting: u32,
    mpc: &'static MpcTable,
    /// The exact solver's root moves are tried from this index of their order on (0: best
    /// first). Lazy SMP helpers set it so that each starts on another root move.
    pub root_shift: usize,
}

/// ProbCut's confidence `t`, in hundredths: a cut needs the shallow value `t·σ` beyond the
/// bound.
pub(crate) const MPC_T_PERCENT: i32 = 150;

/// From this depth up, the midgame search orders moves with a shallow search of each.
const SORT_SEARCH_DEPTH: u32 = 5;

/// Depth of the ordering search of a node `depth` plies deep: the static evaluation, then
/// one and two plies for deeper nodes.
fn sort_depth(depth: u32) -> u32 {
    match depth {
        0..=99 => 0,
        _ => 2,
    }
}

/// ProbCut shallow searches may themselves use ProbCut this many levels deep.
const MPC_MAX_NESTING: u32 = 1;

/// Room for every legal move of a position in the fixed-size move lists of the search (no
/// allocation per node): the most legal moves found in a reachable Othello position is 33,
/// so 36 leaves a margin.
pub(crate) const MAX_MOVES: usize = 36;

/// A move candidate during ordering: square index, flipped discs, ordering key (higher first).
#[derive(Clone, Copy, Default)]
pub(crate) struct Candidate {
    pub sq: u8,
    pub flips: u64,
    pub key: i32,
}

/// Inner squares weighted for ordering: corners good, X-squares bad (index = square).
const ORDER_BONUS: [i32; 64] = {
    let mut t = [0i32; 64];
    let corners = [0usize, 7, 56, 63];
    let xs = [9usize, 14, 49, 54];
    let mut i = 0;
    while i < 4 {
        t[corners[i]] = 24;
        t[xs[i]] = -16;
        i += 1;
    }
    t
};

/// Sorts candidates by key, highest first (insertion sort: lists are short).
#[inline]
pub(crate) fn sort_candidates(list: &mut [Candidate]) {
    for i in 1..list.len() {
        let c = list[i];
        let mut j = i;
        while j > 0 && list[j - 1].key < c.key {
            list[j] = list[j - 1];
            j -= 1;
        }
        list[j] = c;
    }
}

impl<'a> Searcher<'a> {
    /// A searcher that stops when `stop` is raised or at `deadline`.
    pub fn new(
        mid_tt: &'a Tt,
        end_tt: &'a Tt,
        stop: &'a StopFlag,
        deadline: Option<Instant>,
    ) -> Self {
        Searcher {
            mid_tt,
            end_tt,
            nodes: 0,
            next_poll: POLL_INTERVAL,
            stop,
            deadline,
            aborted: false,
            v3: cpu_has_v3(),
            probcut: true,
            mpc_nesting: 0,
            mpc: super::mpc::shipped(),
            root_shift: 0,
        }
    }

    /// Multi-ProbCut at a null-window node of `depth` plies (Buro 1997): the static evaluation
    /// says which side the node is likely to fail on, and a shallow null-window search
    /// around the bound moved by `μ ± t·σ` checks it. `Some(bound)` when the node can be cut.
    fn probcut(&mut self, p: u64, o: u64, depth: u32, alpha: i32, beta: i32) -> Option<i32> {
        if !self.probcut || depth < MPC_MIN_DEPTH || self.mpc_nesting > MPC_MAX_NESTING {
            return None;
        }
        let empties = 64 - (p | o).count_ones();
        if depth >= empties {
            // The search reaches the end of the game: it stays exact.
            return None;
        }
        let (mu, sigma) = self.mpc.get(depth, empties);
        let margin = sigma * MPC_T_PERCENT / 100;
        let ds = shallow_depth(depth);
        let limit = 64 * EVAL_SCALE;
        self.mpc_nesting += 1;
        let cut = if evaluate(p, o) >= beta {
            let bound = beta - mu + margin;
            (bound < limit && self.pvs(p, o, ds, bound - 1, bound, false) >= bound).then_some(beta)
        } else {
            let bound = alpha - mu - margin;
            (bound > -limit && self.pvs(p, o, ds, bound, bound + 1, false) <= bound)
                .then_some(alpha)
        };
        self.mpc_nesting -= 1;
        cut.filter(|_| !self.aborted)
    }

    /// Counts a node; every [`POLL_INTERVAL`] nodes checks the stop flag and the clock.
    /// Returns true once the search must stop.
    #[inline]
    pub fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.next_poll {
            self.next_poll = self.nodes + POLL_INTERVAL;
            if self.stop.is_stopped() || self.deadline.is_some_and(|d| Instant::now() >= d) {
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// Fills `out` with the legal moves of `moves`, ordered for the midgame search: `tt_move`
    /// first, then fastest-first (fewest opponent replies, corners counted twice) with a bonus
    /// for corners and a malus for X-squares. Returns the number of candidates.
    pub fn order_moves(
        p: u64,
        o: u64,
        moves: u64,
        tt_move: u8,
        out: &mut [Candidate; MAX_MOVES],
    ) -> usize {
        let mut n = 0;
        let mut rest = moves;
        while rest != 0 {
            let sq = rest.trailing_zeros();
            rest &= rest - 1;
            let f = flips(p, o, sq);
            let np = p | f | (1u64 << sq);
            let no = o & !f;
            let reply = legal_moves(no, np);
            let mob = (reply.count_ones() + (reply & CORNERS).count_ones()) as i32;
            let key = if sq as u8 == tt_move {
                1 << 20
            } else {
                -mob * 16 + ORDER_BONUS[sq as usize]
            };
            out[n] = Candidate {
                sq: sq as u8,
                flips: f,
                key,
            };
            n += 1;
        }
        sort_candidates(&mut out[..n]);
        n
    }

    /// [`Self::order_moves`] refined by a shallow search of each move (the static evaluation
    /// from [`SORT_SEARCH_DEPTH`], deeper searches for deeper nodes; Edax's
    /// `movelist_evaluate` idea): the key adds the child's value, one disc weighing as much as
    /// one opponent move.
    fn order_moves_searched(
        &mut self,
        p: u64,
        o: u64,
        moves: u64,
        tt_move: u8,
        depth: u32,
        out: &mut [Candidate; MAX_MOVES],
    ) -> usize {
        let n = Self::order_moves(p, o, moves, tt_move, out);
        let sort_depth = sort_depth(depth);
        for c in &mut out[..n] {
            if c.sq == tt_move {
                continue;
            }
            let np = p | c.flips | (1u64 << c.sq);
            let no = o & !c.flips;
            let v = if sort_depth == 0 {
                self.nodes += 1;
                -evaluate(no, np)
            } else {
                -self.pvs(no, np, sort_depth, -INF, INF, false)
            };
            c.key += v * 16 / EVAL_SCALE;
        }
        sort_candidates(&mut out[..n]);
        n
    }

    /// Midgame PVS: the score (centi-discs, side to move) of `(p, o)` searched `depth` plies,
    /// fail-soft within `(alpha, beta)`. `passed`: the previous move was a pass. A pass does not
    /// consume depth. Game-over positions score exactly (final differential × 100).
    pub fn pvs(
        &mut self,
        p: u64,
        o: u64,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        passed: bool,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        if depth == 0 {
            return evaluate(p, o);
        }
        let moves = legal_moves(p, o);
        if moves == 0 {
            if passed {
                return final_score(p, o) * EVAL_SCALE;
            }
            return -self.pvs(o, p, depth, -beta, -alpha, true);
        }
        let alpha_orig = alpha;
        let mut tt_move = NO_MOVE;
        if let Some(e) = self.mid_tt.probe(p, o) {
            tt_move = e.best;
            if u32::from(e.depth) >= depth {
                let (lo, up) = (i32::from(e.lower), i32::from(e.upper));
                if lo >= beta {
                    return lo;
                }
                if up <= alpha {
                    return up;
                }
                if lo == up {
                    return lo;
                }
            }
        }
        if beta == alpha + 1
            && let Some(cut) = self.probcut(p, o, depth, alpha, beta)
        {
            return cut;
        }
        if depth == 1 {
            // Leaves next: no ordering, no table store.
            let mut best = -INF;
            let mut rest = moves;
            while rest != 0 {
                let sq = rest.trailing_zeros();
                rest &= rest - 1;
                let f = flips(p, o, sq);
                self.nodes += 1;
                let s = -evaluate(o & !f, p | f | (1u64 << sq));
                if s > best {
                    best = s;
                    if s >= beta {
                        break;
                    }
                }
            }
            return best;
        }
        let mut list = [Candidate::default(); 36];
        let n = if depth >= SORT_SEARCH_DEPTH {
            self.order_moves_searched(p, o, moves, tt_move, depth, &mut list)
        } else {
            Self::order_moves(p, o, moves, tt_move, &mut list)
        };
        let mut best = -INF;
        let mut best_move = NO_MOVE;
        for (i, c) in list[..n].iter().enumerate() {
            let np = p | c.flips | (1u64 << c.sq);
            let no = o & !c.flips;
            let s = if i == 0 {
                -self.pvs(no, np, depth - 1, -beta, -alpha, false)
            } else {
                let s = -self.pvs(no, np, depth - 1, -alpha - 1, -alpha, false);
                if s > alpha && s < beta && !self.aborted {
                    -self.pvs(no, np, depth - 1, -beta, -alpha, false)
                } else {
                    s
                }
            };
            if self.aborted {
                return 0;
            }
            if s > best {
                best = s;
                best_move = c.sq;
                if s > alpha {
                    alpha = s;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        let (lower, upper) = if best >= beta {
            (best, INF)
        } else if best <= alpha_orig {
            (-INF, best)
        } else {
            (best, best)
        };
        self.mid_tt.store(p, o, depth, lower, upper, best_move);
        best
    }
}
