//! Exact endgame solver: the final disc differential (empties to the winner) with perfect play,
//! structured after Edax's `endgame.c`:
//!
//! - above [`SHALLOW_EMPTIES`] empties: PVS / null-window alpha-beta with the endgame
//!   transposition table and fastest-first ordering (fewest opponent replies first, parity and
//!   corners as tie-breaks);
//! - from [`SHALLOW_EMPTIES`] down to 2 empties: no table, no sorting: the empty squares are
//!   tried in quadrant-parity order (odd quadrants first), skipping squares with no opponent
//!   neighbour;
//! - the last empty square is scored directly from the flip count.
//!
//! Scores are whole discs, −64..=64, from the side to move's point of view.

use crate::core::StopFlag;

use super::bitboard::{CORNERS, flips, legal_moves, neighbours, stable_discs};
use super::eval::final_score;
use super::position::Position;
use super::search::{Candidate, INF, Searcher, sort_candidates};
use super::square::{Move, Square};
use super::tt::{NO_MOVE, Tt};

/// At or below this many empties the solver stops sorting moves and using the table.
pub const SHALLOW_EMPTIES: u32 = 7;

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

/// Squares tried first by the shallow solver within a parity class: corners and the squares
/// two steps from a corner along an edge (c1, a3, …) and c3, f3, c6, f6; X- and C-squares
/// (next to corners) and the rest come after. Rows 1, 3, 6, 8 = `X.X..X.X`.
const PRIORITY_FIRST: u64 = 0xA5 | (0xA5 << 16) | (0xA5 << 40) | (0xA5 << 56);

/// The four 4×4 quadrants (bitboards).
const QUADRANTS: [u64; 4] = [
    0x0000_0000_0F0F_0F0F,
    0x0000_0000_F0F0_F0F0,
    0x0F0F_0F0F_0000_0000,
    0xF0F0_F0F0_0000_0000,
];

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

/// The union of the quadrants holding an odd number of the `empty` squares.
#[inline]
fn odd_quadrants(empty: u64) -> u64 {
    let mut m = 0;
    for q in QUADRANTS {
        if (empty & q).count_ones() & 1 == 1 {
            m |= q;
        }
    }
    m
}

impl Searcher<'_> {
    /// Score with one empty square `sq` left (board otherwise full), side to move's view.
    #[inline]
    fn end_last(&mut self, p: u64, o: u64, sq: u32) -> i32 {
        self.nodes += 1;
        let pc = p.count_ones() as i32;
        let f = flips(p, o, sq);
        if f != 0 {
            return 2 * (pc + 1 + f.count_ones() as i32) - 64;
        }
        let fo = flips(o, p, sq);
        if fo != 0 {
            let oc = 63 - pc;
            return 64 - 2 * (oc + 1 + fo.count_ones() as i32);
        }
        let d = 2 * pc - 63;
        if d > 0 { d + 1 } else { d - 1 }
    }

    /// Shallow solver, `2 ≤ n ≤ SHALLOW_EMPTIES`: parity-ordered empties, no table, fail-soft.
    fn end_shallow(
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
        if alpha >= STABILITY_THRESHOLD[n as usize] {
            let upper = 64 - 2 * stable_discs(o, p).count_ones() as i32;
            if upper <= alpha {
                return upper;
            }
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
                let f = flips(p, o, sq);
                if f == 0 {
                    continue;
                }
                let bit = 1u64 << sq;
                let np = p | f | bit;
                let no = o & !f;
                let s = if n == 2 {
                    -self.end_last(no, np, (empty ^ bit).trailing_zeros())
                } else {
                    -self.end_shallow(no, np, -beta, -alpha, n - 1, false)
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
            return -self.end_shallow(o, p, -beta, -alpha, n, true);
        }
        best
    }

    /// Exact score of `(p, o)` with `n` empties, fail-soft within `(alpha, beta)`, side to
    /// move's view, in discs. `passed`: the previous move was a pass.
    pub(crate) fn end_search(
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
                _ => self.end_shallow(p, o, alpha, beta, n, passed),
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
            return -self.end_search(o, p, -beta, -alpha, n, true);
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
                let f = flips(p, o, sq);
                if let Some(e) = self.end_tt.probe(o & !f, p | f | (1u64 << sq)) {
                    let s = -i32::from(e.upper);
                    if s >= beta {
                        return s;
                    }
                }
            }
        }
        // Stability cutoff (Edax): the opponent's stable discs bound our best final score.
        if alpha >= STABILITY_THRESHOLD[n as usize] {
            let upper = 64 - 2 * stable_discs(o, p).count_ones() as i32;
            if upper <= alpha {
                return upper;
            }
        }
        let alpha_orig = alpha;
        let mut list = [Candidate::default(); 36];
        let count = order_end(p, o, moves, tt_move, &mut list);
        let mut best = -INF;
        let mut best_move = NO_MOVE;
        for (i, c) in list[..count].iter().enumerate() {
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
    /// `hint` is tried first. Only meaningful when `self.aborted` is false afterwards.
    pub(crate) fn solve_root(&mut self, p: u64, o: u64, hint: u8) -> (i32, u8) {
        let n = (!(p | o)).count_ones();
        let moves = legal_moves(p, o);
        if moves == 0 {
            return (self.end_search(p, o, -64, 64, n, false), NO_MOVE);
        }
        let mut list = [Candidate::default(); 36];
        let count = order_end(p, o, moves, hint, &mut list);
        let (mut alpha, beta) = (-65, 65);
        let mut best_move = list[0].sq;
        for (i, c) in list[..count].iter().enumerate() {
            let np = p | c.flips | (1u64 << c.sq);
            let no = o & !c.flips;
            let s = if i == 0 {
                -self.end_search(no, np, -beta, -alpha, n - 1, false)
            } else {
                let s = -self.end_search(no, np, -alpha - 1, -alpha, n - 1, false);
                if s > alpha && !self.aborted {
                    -self.end_search(no, np, -beta, -alpha, n - 1, false)
                } else {
                    s
                }
            };
            if self.aborted {
                return (0, best_move);
            }
            if s > alpha {
                alpha = s;
                best_move = c.sq;
            }
        }
        self.end_tt.store(p, o, n, alpha, alpha, best_move);
        (alpha, best_move)
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

/// Orders endgame moves: `tt_move` first, then fastest-first (opponent mobility, corners
/// counted twice), then corners and moves into odd quadrants. Returns the count.
fn order_end(p: u64, o: u64, moves: u64, tt_move: u8, out: &mut [Candidate; 36]) -> usize {
    let empty = !(p | o);
    let odd = odd_quadrants(empty);
    let mut n = 0;
    let mut rest = moves;
    while rest != 0 {
        let sq = rest.trailing_zeros();
        rest &= rest - 1;
        let bit = 1u64 << sq;
        let f = flips(p, o, sq);
        let np = p | f | bit;
        let no = o & !f;
        let key = if sq as u8 == tt_move {
            1 << 20
        } else {
            let reply = legal_moves(no, np);
            let mob = (reply.count_ones() + (reply & CORNERS).count_ones()) as i32;
            // Opponent's potential mobility: empties next to our discs after the move.
            let pot = (neighbours(np) & empty & !bit).count_ones() as i32;
            -mob * 64 - pot * 16
                + if odd & bit != 0 { 12 } else { 0 }
                + if CORNERS & bit != 0 { 8 } else { 0 }
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
/// over) and `nodes` the nodes visited. Single-threaded; uses a fresh 24 MiB table.
///
/// If `stop` is raised before the end, the search returns at once and the score is not exact:
/// check `stop.is_stopped()` afterwards. Speed on one core (release): ~10 ms at 14 empties,
/// ~0.3 s at 18, 1–2 s at 20 (FFO #40: ~1 s, #41–#44: 5–8 s).
#[must_use]
pub fn solve(pos: &Position, stop: &StopFlag) -> SolveResult {
    if pos.is_game_over() {
        return (final_score(pos.player(), pos.opponent()), None, 0);
    }
    let mut mid = Tt::new(4);
    let mut end = Tt::new(20);
    let mut s = Searcher::new(&mut mid, &mut end, stop, None);
    let (score, sq) = s.solve_root(pos.player(), pos.opponent(), NO_MOVE);
    let best = if sq == NO_MOVE {
        Move::Pass
    } else {
        Move::Place(Square::new_unchecked(sq))
    };
    (score, Some(best), s.nodes)
}
