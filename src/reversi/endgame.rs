//! Exact endgame solver: the final disc differential (empties to the winner) with perfect play,
//! structured after Edax's `endgame.c`:
//!
//! - at the root ([`solve`], or Hard's move): a shallow midgame search first, whose move is tried
//!   first and whose score centres an aspiration window (exact scores are even, so a window of
//!   ±3 discs decides between three scores), widened on failure;
//! - above [`SHALLOW_EMPTIES`] empties: PVS / null-window alpha-beta with the endgame
//!   transposition table (the children's buckets prefetched once the moves are ordered),
//!   enhanced transposition cutoff (from 12 empties), the stability cutoff (the opponent's
//!   stable discs bound the score, Edax's `search_SC_NWS`), and fastest-first
//!   ordering (fewest opponent replies first; corner-stable discs, potential mobility, parity
//!   and corners as tie-breaks); from 15 empties up the ordering adds a shallow midgame search
//!   of each move (depth 0–2, as Edax's `movelist_evaluate`) and falls back on the midgame
//!   table's move;
//! - from [`SHALLOW_EMPTIES`] down to 5 empties: no table, no sorting: the empty squares are
//!   tried in quadrant-parity order (odd quadrants first), skipping squares with no opponent
//!   neighbour;
//! - 4, 3 and 2 empties: the squares tried directly by dedicated, inlined functions (odd
//!   quadrants first, the quadrant parity updated move by move);
//!   the last empty square is scored from its flip count, looked up per line
//!   ([`super::bitboard::last_flip_count`]).
//!
//! On x86-64 CPUs with popcnt, lzcnt, BMI1/2 and AVX2 (detected at run time) the recursive
//! functions run a copy compiled for those features, flipping discs four directions at a time
//! ([`super::bitboard::flips_avx2`]), as [`super::perft()`] does.
//!
//! Scores are whole discs, −64..=64, from the side to move's point of view.

use crate::core::{MAX_THREADS, StopFlag};

#[cfg(target_arch = "x86_64")]
use super::bitboard::flips_avx2;
use super::bitboard::{
    CORNERS, flips, last_flip_count, legal_moves, neighbours, stable_discs_inline,
};
use super::eval::{evaluate, final_score};
use super::position::Position;
use super::search::{Candidate, INF, MAX_MOVES, Searcher, sort_candidates};
use super::square::{Move, Square};
use super::tt::{NO_MOVE, Tt};

/// At or below this many empties the solver stops sorting moves and using the table.
pub const SHALLOW_EMPTIES: u32 = 7;

/// From this many empties up, moves are ordered with a shallow midgame search
/// ([`Searcher::order_deep`]) and the midgame table's move is used when the endgame table has
/// none. (On FFO #40–#49, run side by side: 15 took 63 s against 64 s with 14 and 16,
/// although 14 visits 2 % fewer nodes; earlier, 12 and 10 were 9 % and 90 % slower than 14.)
const SORT_EMPTIES: u32 = 15;
/// Move-ordering weights: per unit of opponent mobility, of opponent potential mobility, and
/// (from [`SORT_EMPTIES`] up) per disc of the shallow search's score.
const SORT_W_MOB: i32 = 64;
/// See [`SORT_W_MOB`].
const SORT_W_POT: i32 = 4;
/// Move-ordering weight per corner-stable disc of the mover (see `corner_stable`), a quarter of
/// a unit of mobility (Edax gives it a sixteenth). With [`SORT_W_POT`] lowered from 16 to 4 it
/// saved 7 % of the nodes of FFO #40–#49 (weights 4, 8, 32, 64: 5 %, 6 %, 5 %, −1 %).
const SORT_W_STABLE: i32 = 16;
/// See [`SORT_W_MOB`].
const SORT_W_EVAL: i32 = 32;

/// [`solve`]'s midgame search before the exact solve goes `empties / 2` plies deep, at most
/// this many. With the pattern evaluation a deeper search pays: its better first guess saved
/// a third of FFO #49's nodes (`empties / 2 − 2` capped at 10 took 105 s on #40–#49, this 82 s).
const PRE_SOLVE_DEPTH: u32 = 14;

/// From this many empties up, children are probed in the table before searching (ETC).
const ETC_EMPTIES: u32 = 12;

/// Minimum alpha, per number of empties, for trying the stability cutoff (as in Edax's
/// `NWS_STABILITY_THRESHOLD`: it only pays off when alpha is high).
const STABILITY_THRESHOLD: [i32; 65] = {
    let mut t = [99i32; 65];
    let mut n = 0;
    while n < 65 {
        t[n] = if n < 4 { 99 } else { 2 * n as i32 - 2 };
        n += 1;
    }
    t
};

/// The stability cutoff (Edax's `search_SC_NWS`): the opponent's stable discs stay its own, so
/// `64 − 2 × stable` bounds the side to move's final score; `Some(bound)` when that bound is
/// at most `alpha` (a fail-low). Only tried from [`STABILITY_THRESHOLD`] up. (Skipping the
/// count when even all the opponent's discs could not bound the score low enough was tried:
/// it seldom skips, ±0.3 % instructions.)
#[inline(always)]
fn stability_cutoff(p: u64, o: u64, alpha: i32, n: u32) -> Option<i32> {
    if alpha < STABILITY_THRESHOLD[n as usize] {
        return None;
    }
    let upper = 64 - 2 * stable_discs_inline(o, p).count_ones() as i32;
    (upper <= alpha).then_some(upper)
}

/// Squares tried first by the shallow solver within a parity class: corners and the squares
/// two steps from a corner along an edge (c1, a3, …) and c3, f3, c6, f6; X- and C-squares
/// (next to corners) and the rest come after. Rows 1, 3, 6, 8 = `X.X..X.X`.
const PRIORITY_FIRST: u64 = 0xA5 | (0xA5 << 16) | (0xA5 << 40) | (0xA5 << 56);

/// The 4×4 quadrant (bitboard) holding each square.
static QUADRANT_OF: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let left = if sq % 8 < 4 { 0x0F } else { 0xF0 };
        t[sq] = if sq < 32 {
            left * 0x0101_0101
        } else {
            left * 0x0101_0101_0000_0000
        };
        sq += 1;
    }
    t
};

/// Neighbourhood of each square (bitboard of the up to 8 adjacent squares).
static NEIGHBOURHOOD: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let c = (sq % 8) as i32;
        let r = (sq / 8) as i32;
        let mut m = 0u64;
        let mut dr = -1;
        while dr <= 1 {
            let mut dc = -1;
            while dc <= 1 {
                let (cc, rr) = (c + dc, r + dr);
                if (dc != 0 || dr != 0) && cc >= 0 && cc < 8 && rr >= 0 && rr < 8 {
                    m |= 1u64 << (rr * 8 + cc);
                }
                dc += 1;
            }
            dr += 1;
        }
        t[sq] = m;
        sq += 1;
    }
    t
};

/// The union of the quadrants holding an odd number of the `empty` squares, branch-free: the
/// parity of each quadrant is folded into its top-left square (columns, then rows), then spread
/// back over the quadrant by two multiplications.
#[inline(always)]
fn odd_quadrants(empty: u64) -> u64 {
    let mut e = empty;
    e ^= e >> 2;
    e ^= e >> 1;
    e ^= e >> 16;
    e ^= e >> 8;
    // Bits 0, 4, 32 and 36 now hold the parities of the four quadrants.
    ((e & 0x0000_0011_0000_0011) * 0x0F) * 0x0101_0101
}

/// The recursive solver functions, compiled once per instruction set: [`Base`] (any x86-64 or
/// other target) and, on x86-64, [`V3`] (hardware popcount, lzcnt, BMI1/2 and AVX2, as perft
/// does).
trait Isa {
    /// [`flips`] in this instruction set.
    fn flips(p: u64, o: u64, sq: u32) -> u64;
    fn search(
        s: &mut Searcher<'_>,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        n: u32,
        passed: bool,
    ) -> i32;
    fn shallow(
        s: &mut Searcher<'_>,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        n: u32,
        passed: bool,
    ) -> i32;
}

/// The baseline build of the solver.
struct Base;

impl Isa for Base {
    #[inline(always)]
    fn flips(p: u64, o: u64, sq: u32) -> u64 {
        flips(p, o, sq)
    }
    #[inline(never)]
    fn search(
        s: &mut Searcher<'_>,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        n: u32,
        passed: bool,
    ) -> i32 {
        s.end_search_body::<Base>(p, o, alpha, beta, n, passed)
    }
    #[inline(never)]
    fn shallow(
        s: &mut Searcher<'_>,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        n: u32,
        passed: bool,
    ) -> i32 {
        s.end_shallow_body::<Base>(p, o, alpha, beta, n, passed)
    }
}

/// The x86-64-v3 build of the solver; only used when [`Searcher::v3`] is set, i.e. after the
/// CPU features were detected at run time.
#[cfg(target_arch = "x86_64")]
struct V3;

#[cfg(target_arch = "x86_64")]
impl Isa for V3 {
    #[inline(always)]
    fn flips(p: u64, o: u64, sq: u32) -> u64 {
        // SAFETY: `V3` is only used when `Searcher::v3` is set, i.e. AVX2 was detected.
        unsafe { flips_avx2(p, o, sq) }
    }
    #[inline]
    fn search(
        s: &mut Searcher<'_>,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        n: u32,
        passed: bool,
    ) -> i32 {
        // SAFETY: `V3` is only reached through `end_search` when `s.v3` is set, which
        // `Searcher::new` does only after detecting every feature these functions enable.
        unsafe { v3_search(s, p, o, alpha, beta, n, passed) }
    }
    #[inline]
    fn shallow(
        s: &mut Searcher<'_>,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        n: u32,
        passed: bool,
    ) -> i32 {
        // SAFETY: as in `search` above.
        unsafe { v3_shallow(s, p, o, alpha, beta, n, passed) }
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx,avx2")]
fn v3_search(
    s: &mut Searcher<'_>,
    p: u64,
    o: u64,
    alpha: i32,
    beta: i32,
    n: u32,
    passed: bool,
) -> i32 {
    s.end_search_body::<V3>(p, o, alpha, beta, n, passed)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx,avx2")]
fn v3_shallow(
    s: &mut Searcher<'_>,
    p: u64,
    o: u64,
    alpha: i32,
    beta: i32,
    n: u32,
    passed: bool,
) -> i32 {
    s.end_shallow_body::<V3>(p, o, alpha, beta, n, passed)
}

impl Searcher<'_> {
    /// Score with one empty square `sq` left (board otherwise full), side to move's view.
    #[inline(always)]
    fn end_last(&mut self, p: u64, o: u64, sq: u32) -> i32 {
        self.nodes += 1;
        let pc = p.count_ones() as i32;
        let f = last_flip_count(p, sq) as i32;
        if f != 0 {
            return 2 * (pc + 1 + f) - 64;
        }
        let fo = last_flip_count(o, sq) as i32;
        if fo != 0 {
            let oc = 63 - pc;
            return 64 - 2 * (oc + 1 + fo);
        }
        let d = 2 * pc - 63;
        if d > 0 { d + 1 } else { d - 1 }
    }

    /// Two empty squares (`empty`) left: both tried directly (Edax `board_solve_2`).
    #[inline(always)]
    fn end_2<K: Isa>(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        empty: u64,
        passed: bool,
    ) -> i32 {
        self.nodes += 1;
        let x1 = empty.trailing_zeros();
        let x2 = (empty & (empty - 1)).trailing_zeros();
        if let Some(s) = self.moves_2::<K>(p, o, beta, x1, x2) {
            return s;
        }
        if passed {
            return final_score(p, o);
        }
        self.nodes += 1;
        match self.moves_2::<K>(o, p, -alpha, x1, x2) {
            Some(s) => -s,
            None => final_score(p, o),
        }
    }

    /// The best score over the moves on `x1` and `x2` (the last two empties) with a cutoff
    /// at `beta`; `None` when neither is legal.
    #[inline(always)]
    fn moves_2<K: Isa>(&mut self, p: u64, o: u64, beta: i32, x1: u32, x2: u32) -> Option<i32> {
        let mut best = -INF;
        if NEIGHBOURHOOD[x1 as usize] & o != 0 {
            let f = K::flips(p, o, x1);
            if f != 0 {
                best = -self.end_last(o & !f, p | f | (1u64 << x1), x2);
                if best >= beta {
                    return Some(best);
                }
            }
        }
        if NEIGHBOURHOOD[x2 as usize] & o != 0 {
            let f = K::flips(p, o, x2);
            if f != 0 {
                best = best.max(-self.end_last(o & !f, p | f | (1u64 << x2), x1));
            }
        }
        (best > -INF).then_some(best)
    }

    /// Three empty squares (`empty`) left, `odd` the quadrants holding an odd number of them:
    /// the one alone in its quadrant first (Edax `search_solve_3`), each answered by
    /// [`Self::end_2`]; fail-soft.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn end_3<K: Isa>(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        empty: u64,
        odd: u64,
        passed: bool,
    ) -> i32 {
        self.nodes += 1;
        // One or three of the three squares are in odd quadrants: if one, it goes first,
        // else they go in index order.
        let lone = empty & odd;
        let first = if lone != empty {
            lone
        } else {
            empty & empty.wrapping_neg()
        };
        let rest = empty ^ first;
        let x = [
            first.trailing_zeros(),
            rest.trailing_zeros(),
            63 - rest.leading_zeros(),
        ];
        self.solve_squares::<K, 3>(p, o, alpha, beta, empty, odd, x, passed)
    }

    /// Four empty squares (`empty`) left, `odd` as in [`Self::end_3`]: squares in odd
    /// quadrants first (Edax `search_solve_4`), each answered by [`Self::end_3`], after
    /// [`stability_cutoff`]; fail-soft.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn end_4<K: Isa>(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        empty: u64,
        odd: u64,
        passed: bool,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        if let Some(upper) = stability_cutoff(p, o, alpha, 4) {
            return upper;
        }
        let mut x = [0u32; 4];
        let mut i = 0;
        for set in [empty & odd, empty & !odd] {
            let mut rest = set;
            while rest != 0 {
                x[i] = rest.trailing_zeros();
                rest &= rest - 1;
                i += 1;
            }
        }
        self.solve_squares::<K, 4>(p, o, alpha, beta, empty, odd, x, passed)
    }

    /// With `N` (3 or 4) empties `x`, in the order to try them (`odd`: the quadrants holding
    /// an odd number of them): the best score for the side to move, the opponent's when it
    /// must pass, the final score when neither can move.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn solve_squares<K: Isa, const N: usize>(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        empty: u64,
        odd: u64,
        x: [u32; N],
        passed: bool,
    ) -> i32 {
        if let Some(s) = self.moves_n::<K, N>(p, o, alpha, beta, empty, odd, x) {
            return s;
        }
        if passed {
            return final_score(p, o);
        }
        self.nodes += 1;
        match self.moves_n::<K, N>(o, p, -beta, -alpha, empty, odd, x) {
            Some(s) => -s,
            None => final_score(p, o),
        }
    }

    /// The best score over the moves on the squares `x` (the last `N` empties, 3 or 4, in
    /// that order; `odd` as in [`Self::solve_squares`]), fail-soft within `(alpha, beta)`;
    /// `None` when none is legal.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn moves_n<K: Isa, const N: usize>(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: i32,
        beta: i32,
        empty: u64,
        odd: u64,
        x: [u32; N],
    ) -> Option<i32> {
        let mut best = -INF;
        for sq in x {
            if NEIGHBOURHOOD[sq as usize] & o == 0 {
                continue;
            }
            let f = K::flips(p, o, sq);
            if f == 0 {
                continue;
            }
            let bit = 1u64 << sq;
            let (np, no) = (p | f | bit, o & !f);
            let s = if N == 4 {
                let odd = odd ^ QUADRANT_OF[sq as usize];
                -self.end_3::<K>(no, np, -beta, -alpha, empty ^ bit, odd, false)
            } else {
                -self.end_2::<K>(no, np, -beta, -alpha, empty ^ bit, false)
            };
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        (best > -INF).then_some(best)
    }

    /// Shallow solver, `5 ≤ n ≤ SHALLOW_EMPTIES`: parity-ordered empties, no table, fail-soft.
    #[inline(always)]
    fn end_shallow_body<K: Isa>(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: i32,
        beta: i32,
        n: u32,
        passed: bool,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        if let Some(upper) = stability_cutoff(p, o, alpha, n) {
            return upper;
        }
        let empty = !(p | o);
        let odd = odd_quadrants(empty);
        let mut best = -INF;
        for set in [
            empty & odd & PRIORITY_FIRST,
            empty & odd & !PRIORITY_FIRST,
            empty & !odd & PRIORITY_FIRST,
            empty & !odd & !PRIORITY_FIRST,
        ] {
            let mut rest = set;
            while rest != 0 {
                let sq = rest.trailing_zeros();
                rest &= rest - 1;
                if NEIGHBOURHOOD[sq as usize] & o == 0 {
                    continue;
                }
                let f = K::flips(p, o, sq);
                if f == 0 {
                    continue;
                }
                let bit = 1u64 << sq;
                let np = p | f | bit;
                let no = o & !f;
                let s = if n == 5 {
                    let odd = odd ^ QUADRANT_OF[sq as usize];
                    -self.end_4::<K>(no, np, -beta, -alpha, empty ^ bit, odd, false)
                } else {
                    -K::shallow(self, no, np, -beta, -alpha, n - 1, false)
                };
                if s > best {
                    best = s;
                    if s > alpha {
                        alpha = s;
                        if s >= beta {
                            return best;
                        }
                    }
                }
            }
        }
        if best == -INF {
            if passed {
                return final_score(p, o);
            }
            return -K::shallow(self, o, p, -beta, -alpha, n, true);
        }
        best
    }

    /// Exact score of `(p, o)` with `n` empties, fail-soft within `(alpha, beta)`, side to
    /// move's view, in discs. `passed`: the previous move was a pass.
    pub(crate) fn end_search(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        n: u32,
        passed: bool,
    ) -> i32 {
        #[cfg(target_arch = "x86_64")]
        if self.v3 {
            return V3::search(self, p, o, alpha, beta, n, passed);
        }
        Base::search(self, p, o, alpha, beta, n, passed)
    }

    /// [`Self::end_search`]'s body, compiled once per instruction set `K`.
    #[inline(always)]
    fn end_search_body<K: Isa>(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: i32,
        beta: i32,
        n: u32,
        passed: bool,
    ) -> i32 {
        if n <= SHALLOW_EMPTIES {
            return match n {
                0 => final_score(p, o),
                1 => self.end_last(p, o, (!(p | o)).trailing_zeros()),
                2 => self.end_2::<K>(p, o, alpha, beta, !(p | o), passed),
                3 => {
                    let empty = !(p | o);
                    self.end_3::<K>(p, o, alpha, beta, empty, odd_quadrants(empty), passed)
                }
                4 => {
                    let empty = !(p | o);
                    self.end_4::<K>(p, o, alpha, beta, empty, odd_quadrants(empty), passed)
                }
                _ => K::shallow(self, p, o, alpha, beta, n, passed),
            };
        }
        if self.tick() {
            return 0;
        }
        let moves = legal_moves(p, o);
        if moves == 0 {
            if passed {
                return final_score(p, o);
            }
            return -K::search(self, o, p, -beta, -alpha, n, true);
        }
        let mut tt_move = NO_MOVE;
        if let Some(e) = self.end_tt.probe(p, o) {
            tt_move = e.best;
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
        // Enhanced transposition cutoff: a child already known to refute `beta` ends the node.
        if n >= ETC_EMPTIES {
            let mut rest = moves;
            while rest != 0 {
                let sq = rest.trailing_zeros();
                rest &= rest - 1;
                let f = K::flips(p, o, sq);
                if let Some(e) = self.end_tt.probe(o & !f, p | f | (1u64 << sq)) {
                    let s = -i32::from(e.upper);
                    if s >= beta {
                        return s;
                    }
                }
            }
        }
        // Stability cutoff (Edax): the opponent's stable discs bound our best final score.
        if let Some(upper) = stability_cutoff(p, o, alpha, n) {
            return upper;
        }
        if tt_move == NO_MOVE
            && n >= SORT_EMPTIES
            && let Some(e) = self.mid_tt.probe(p, o)
        {
            tt_move = e.best;
        }
        let alpha_orig = alpha;
        let mut list = [Candidate::default(); MAX_MOVES];
        let count = if n >= SORT_EMPTIES {
            self.order_deep(p, o, moves, tt_move, n, &mut list)
        } else {
            order_end::<K>(p, o, moves, tt_move, &mut list)
        };
        if n > SHALLOW_EMPTIES + 1 {
            // The children probe the table first thing: start those loads now.
            for c in &list[..count] {
                self.end_tt
                    .prefetch(o & !c.flips, p | c.flips | (1u64 << c.sq));
            }
        }
        let mut best = -INF;
        let mut best_move = NO_MOVE;
        for (i, c) in list[..count].iter().enumerate() {
            let np = p | c.flips | (1u64 << c.sq);
            let no = o & !c.flips;
            let s = if i == 0 {
                -K::search(self, no, np, -beta, -alpha, n - 1, false)
            } else {
                let s = -K::search(self, no, np, -alpha - 1, -alpha, n - 1, false);
                if s > alpha && s < beta && !self.aborted {
                    -K::search(self, no, np, -beta, -alpha, n - 1, false)
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
            (best, 64)
        } else if best <= alpha_orig {
            (-64, best)
        } else {
            (best, best)
        };
        self.end_tt.store(p, o, n, lower, upper, best_move);
        best
    }

    /// Solves the root exactly: `(score, best square index or NO_MOVE for a pass/game over)`.
    /// `hint` is tried first; `guess` (discs), usually the midgame search's score, centres an
    /// aspiration window that widens on failure. Only meaningful when `self.aborted` is false
    /// afterwards.
    pub(crate) fn solve_root(&mut self, p: u64, o: u64, hint: u8, guess: Option<i32>) -> (i32, u8) {
        let n = (!(p | o)).count_ones();
        let moves = legal_moves(p, o);
        if moves == 0 {
            return (self.end_search(p, o, -64, 64, n, false), NO_MOVE);
        }
        let mut list = [Candidate::default(); MAX_MOVES];
        let count = if n >= SORT_EMPTIES {
            self.order_deep(p, o, moves, hint, n, &mut list)
        } else {
            order_end::<Base>(p, o, moves, hint, &mut list)
        };
        let list = &mut list[..count];
        list.rotate_left(self.root_shift % count);
        // Exact scores are even (empties go to the winner), so a window (g − 3, g + 3) around
        // an even guess decides between g − 2, g and g + 2.
        let (mut lo, mut hi) = match guess {
            Some(g) => {
                let g = (g.clamp(-64, 64) / 2) * 2;
                ((g - 3).max(-65), (g + 3).min(65))
            }
            None => (-65, 65),
        };
        let mut delta = 4;
        loop {
            let (score, best) = self.root_window(p, o, n, list, lo, hi);
            if self.aborted {
                return (0, list[0].sq);
            }
            // Best move first for any re-search.
            list[..=best].rotate_right(1);
            if score <= lo && lo > -65 {
                hi = score + 1;
                lo = (score - delta - 1).max(-65);
            } else if score >= hi && hi < 65 {
                lo = score - 1;
                hi = (score + delta + 1).min(65);
            } else {
                self.end_tt.store(p, o, n, score, score, list[0].sq);
                return (score, list[0].sq);
            }
            delta *= 2;
        }
    }

    /// One PVS pass over the ordered root moves within `(alpha, beta)`: `(fail-soft score,
    /// index of the best move in list)`.
    fn root_window(
        &mut self,
        p: u64,
        o: u64,
        n: u32,
        list: &[Candidate],
        mut alpha: i32,
        beta: i32,
    ) -> (i32, usize) {
        let mut best = -INF;
        let mut best_i = 0;
        for (i, c) in list.iter().enumerate() {
            let np = p | c.flips | (1u64 << c.sq);
            let no = o & !c.flips;
            let s = if i == 0 {
                -self.end_search(no, np, -beta, -alpha, n - 1, false)
            } else {
                let s = -self.end_search(no, np, -alpha - 1, -alpha, n - 1, false);
                if s > alpha && s < beta && !self.aborted {
                    -self.end_search(no, np, -beta, -alpha, n - 1, false)
                } else {
                    s
                }
            };
            if self.aborted {
                return (0, 0);
            }
            if s > best {
                best = s;
                best_i = i;
                if s > alpha {
                    alpha = s;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        (best, best_i)
    }

    /// Orders moves at high empties (as Edax's `movelist_evaluate`): `tt_move` first, then by
    /// opponent mobility plus a shallow midgame search of each child (depth 0–2 by `n`).
    fn order_deep(
        &mut self,
        p: u64,
        o: u64,
        moves: u64,
        tt_move: u8,
        n: u32,
        out: &mut [Candidate; MAX_MOVES],
    ) -> usize {
        let empty = !(p | o);
        let odd = odd_quadrants(empty);
        let depth = (n.saturating_sub(SORT_EMPTIES) / 3).min(2);
        let mut count = 0;
        let mut rest = moves;
        while rest != 0 {
            let sq = rest.trailing_zeros();
            rest &= rest - 1;
            let bit = 1u64 << sq;
            let f = flips(p, o, sq);
            let np = p | f | bit;
            let no = o & !f;
            let key = if sq as u8 == tt_move {
                1 << 28
            } else {
                let (key, reply) = fastest_first(np, no, empty, bit, odd);
                let ev = if reply == 0 || depth == 0 {
                    -evaluate(no, np)
                } else {
                    -self.pvs(no, np, depth, -INF, INF, false)
                };
                key + ev * SORT_W_EVAL / 100
            };
            out[count] = Candidate {
                sq: sq as u8,
                flips: f,
                key,
            };
            count += 1;
        }
        sort_candidates(&mut out[..count]);
        count
    }

    /// The principal variation stored in the endgame table from `(p, o)`, at most `max` moves,
    /// passes included.
    pub(crate) fn end_pv(&self, p: u64, o: u64, max: usize) -> Vec<Move> {
        pv_from(self.end_tt, p, o, max)
    }
}

/// Follows the best moves stored in `tt` from `(p, o)`, at most `max` moves, passes included.
pub(crate) fn pv_from(tt: &Tt, mut p: u64, mut o: u64, max: usize) -> Vec<Move> {
    let mut pv = Vec::new();
    while pv.len() < max {
        let moves = legal_moves(p, o);
        if moves == 0 {
            if legal_moves(o, p) == 0 {
                break;
            }
            pv.push(Move::Pass);
            std::mem::swap(&mut p, &mut o);
            continue;
        }
        let Some(e) = tt.probe(p, o) else { break };
        if e.best >= 64 || moves & (1u64 << e.best) == 0 {
            break;
        }
        let f = flips(p, o, u32::from(e.best));
        pv.push(Move::Place(Square::new_unchecked(e.best)));
        let np = p | f | (1u64 << e.best);
        p = o & !f;
        o = np;
    }
    pv
}

/// Our corners and the edge squares next to them that we hold together with that corner
/// (bitboard): a quick count of surely stable discs (Edax's `get_corner_stability`).
#[inline(always)]
fn corner_stable(p: u64) -> u64 {
    let next_to_corners = ((p & 0x0100_0000_0000_0001) << 1)
        | ((p & 0x8000_0000_0000_0080) >> 1)
        | ((p & 0x0000_0000_0000_0081) << 8)
        | ((p & 0x8100_0000_0000_0000) >> 8);
    (next_to_corners | CORNERS) & p
}

/// Fastest-first key of the move to `bit` that led to `(np, no)` (opponent to move), higher
/// first: opponent mobility (corners counted twice) × [`SORT_W_MOB`] and opponent potential
/// mobility (empties next to our discs) × [`SORT_W_POT`] against, our corner-stable discs
/// × [`SORT_W_STABLE`] for, small bonuses for a move into an `odd` quadrant and for a corner.
/// Also returns the opponent's legal moves.
#[inline(always)]
fn fastest_first(np: u64, no: u64, empty: u64, bit: u64, odd: u64) -> (i32, u64) {
    let reply = legal_moves(no, np);
    let mob = (reply.count_ones() + (reply & CORNERS).count_ones()) as i32;
    let pot = (neighbours(np) & empty & !bit).count_ones() as i32;
    let stable = corner_stable(np).count_ones() as i32;
    let key = -mob * SORT_W_MOB - pot * SORT_W_POT
        + stable * SORT_W_STABLE
        + if odd & bit != 0 { 12 } else { 0 }
        + if CORNERS & bit != 0 { 8 } else { 0 };
    (key, reply)
}

/// Orders endgame moves: `tt_move` first, then fastest-first (opponent mobility, corners
/// counted twice), then corners and moves into odd quadrants. Returns the count.
#[inline(always)]
fn order_end<K: Isa>(
    p: u64,
    o: u64,
    moves: u64,
    tt_move: u8,
    out: &mut [Candidate; MAX_MOVES],
) -> usize {
    let empty = !(p | o);
    let odd = odd_quadrants(empty);
    let mut n = 0;
    let mut rest = moves;
    while rest != 0 {
        let sq = rest.trailing_zeros();
        rest &= rest - 1;
        let bit = 1u64 << sq;
        let f = K::flips(p, o, sq);
        let np = p | f | bit;
        let no = o & !f;
        let key = if sq as u8 == tt_move {
            1 << 20
        } else {
            fastest_first(np, no, empty, bit, odd).0
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

/// Result of [`solve`]: exact score, best move and node count.
pub type SolveResult = (i32, Option<Move>, u64);

/// Solves `pos` exactly: `(score, best, nodes)` where `score` is the final disc differential for
/// the side to move with perfect play (empty squares to the winner, −64..=64), `best` a move
/// achieving it (`Some(Move::Pass)` when the side to move must pass, `None` when the game is
/// over) and `nodes` the nodes visited. Single-threaded; uses fresh tables (64 MiB endgame,
/// 8 MiB midgame, allocated lazily, on 2 MiB pages where Linux allows).
///
/// If `stop` is raised before the end, the search returns at once and the score is not exact:
/// check `stop.is_stopped()` afterwards. Speed on one core (release, 2.5 GHz Xeon, AVX2): about
/// 24–25 M nodes/s; FFO #40 ≈ 0.5–0.8 s, #41–#44 ≈ 1–5 s, #45 ≈ 16 s, #40–#49 ≈ 57–60 s
/// (README).
#[must_use]
pub fn solve(pos: &Position, stop: &StopFlag) -> SolveResult {
    solve_with_threads(pos, stop, 1)
}

/// [`solve`] on `threads` threads (clamped to `1..=MAX_THREADS`): Lazy SMP, helpers running
/// the same solve on the shared tables until the main one is done, helper `i` starting on the
/// `i`-th root move instead of the best (run in the same order, a helper only repeated the
/// main thread's work: FFO #40–#49 took 31.0 s on two threads against 29.1 s on one; with
/// the shifted start, 23.0–23.3 s). `nodes` counts every thread's.
pub fn solve_with_threads(pos: &Position, stop: &StopFlag, threads: u32) -> SolveResult {
    if pos.is_game_over() {
        return (final_score(pos.player(), pos.opponent()), None, 0);
    }
    let (p, o) = (pos.player(), pos.opponent());
    let (mid, end) = (Tt::new(18), Tt::new(21));
    let helpers_stop = StopFlag::new();
    std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads.clamp(1, MAX_THREADS))
            .map(|id| {
                let (mid, end, helpers_stop) = (&mid, &end, &helpers_stop);
                scope.spawn(move || {
                    let mut s = Searcher::new(mid, end, helpers_stop, None);
                    s.root_shift = id as usize;
                    solve_body(&mut s, p, o);
                    s.nodes
                })
            })
            .collect();
        let mut s = Searcher::new(&mid, &end, stop, None);
        let (score, sq) = solve_body(&mut s, p, o);
        helpers_stop.stop();
        let helper_nodes: u64 = helpers.into_iter().map(|h| h.join().unwrap_or(0)).sum();
        let best = if sq == NO_MOVE {
            Move::Pass
        } else {
            Move::Place(Square::new_unchecked(sq))
        };
        (score, Some(best), s.nodes + helper_nodes)
    })
}

/// One thread's exact solve of `(p, o)`: `(score, best square or NO_MOVE)`.
pub(crate) fn solve_body(s: &mut Searcher<'_>, p: u64, o: u64) -> (i32, u8) {
    // A shallow midgame search first: its move is tried first and its score centres the
    // aspiration window (Edax's iterative deepening before the exact solve, simplified).
    let n = (!(p | o)).count_ones();
    let pre = (n / 2).min(PRE_SOLVE_DEPTH);
    let mut guess = None;
    for d in 1..=pre {
        guess = Some(s.pvs(p, o, d, -INF, INF, false));
    }
    let hint = s.mid_tt.probe(p, o).map_or(NO_MOVE, |e| e.best);
    let guess = guess.map(|c| (c + if c >= 0 { 50 } else { -50 }) / 100);
    s.solve_root(p, o, hint, guess)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reversi::bitboard::xorshift64;

    /// A Lazy SMP helper starts on another root move ([`Searcher::root_shift`]): alone, on its
    /// own tables, it must still find the exact score and a move that achieves it.
    #[test]
    fn a_shifted_root_order_finds_the_same_exact_score() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut solved = 0;
        while solved < 6 {
            let mut pos = Position::new();
            while pos.empties() > 16 && !pos.is_game_over() {
                let moves = pos.legal_moves();
                xorshift64(&mut x);
                pos.play(moves[(x % moves.len() as u64) as usize])
                    .expect("legal");
            }
            if pos.is_game_over() || pos.legal_moves().len() < 2 {
                continue;
            }
            solved += 1;
            let (p, o) = (pos.player(), pos.opponent());
            let solve_shifted = |shift: usize| {
                let (mid, end, stop) = (Tt::new(14), Tt::new(16), StopFlag::new());
                let mut s = Searcher::new(&mid, &end, &stop, None);
                s.root_shift = shift;
                solve_body(&mut s, p, o)
            };
            let (exact, _) = solve_shifted(0);
            for shift in 1..4 {
                let (score, sq) = solve_shifted(shift);
                assert_eq!(score, exact, "shift {shift} on {}", pos.to_obf());
                let mut child = pos;
                child
                    .play(Move::Place(Square::new_unchecked(sq)))
                    .expect("legal");
                let (mid, end, stop) = (Tt::new(14), Tt::new(16), StopFlag::new());
                let mut s = Searcher::new(&mid, &end, &stop, None);
                let (child_score, _) = solve_body(&mut s, child.player(), child.opponent());
                let child_score = if child.side_to_move() == pos.side_to_move() {
                    child_score
                } else {
                    -child_score
                };
                assert_eq!(child_score, exact, "its move on {}", pos.to_obf());
            }
        }
    }

    #[test]
    fn odd_quadrants_match_a_count_per_quadrant() {
        const QUADRANTS: [u64; 4] = [
            0x0000_0000_0F0F_0F0F,
            0x0000_0000_F0F0_F0F0,
            0x0F0F_0F0F_0000_0000,
            0xF0F0_F0F0_0000_0000,
        ];
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for i in 0..20_000u32 {
            xorshift64(&mut x);
            // Sparse sets too, as in the endgame.
            let empty = if i % 2 == 0 {
                x
            } else {
                x & (x >> 9) & (x >> 21)
            };
            let expected = QUADRANTS
                .iter()
                .filter(|&&q| (empty & q).count_ones() % 2 == 1)
                .fold(0, |m, q| m | q);
            assert_eq!(odd_quadrants(empty), expected, "{empty:#x}");
        }
        for (sq, q) in QUADRANT_OF.iter().enumerate() {
            assert!(QUADRANTS.contains(q) && q & (1 << sq) != 0, "{sq}");
        }
    }
}
