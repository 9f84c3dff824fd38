//! Perft: the number of move sequences of a given length, to validate move generation
//! (Stockfish perft / Aart Bik's "Perft for Reversi").
//!
//! Convention (OEIS A124004, the `mode1` column of `othello-perft.txt`): a pass is a ply and
//! consumes one unit of depth; a finished game is a leaf and is counted once at every depth at or
//! beyond the ply where it ended. From the start: 4, 12, 56, 244, 1396, 8200, 55092, 390216,
//! 3005288, 24571284, 212258800.

use super::bitboard::{flips, legal_moves};
use super::position::Position;
use super::square::Move;

/// The number of leaves of the game tree of `depth` plies from `pos` (OEIS A124004
/// convention: a pass is a ply, a finished game counts once at every depth beyond its end).
/// `perft(pos, 0)` is 1. The last ply is counted in bulk (popcount of the legal squares).
#[must_use]
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    perft_dispatch(pos.player(), pos.opponent(), depth)
}

/// Perft per root move: `(move, leaves)` for each legal move of `pos` (a lone pass when it
/// must pass; empty when the game is over), in square order. The leaves sum to
/// `perft(pos, depth)` for `depth ≥ 1` unless the game is over at the root.
#[must_use]
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    pos.legal_moves()
        .into_iter()
        .map(|mv| {
            let mut child = *pos;
            // `mv` comes from `moves()`, so it is legal.
            let _ = child.play(mv);
            (mv, perft(&child, depth.saturating_sub(1)))
        })
        .collect()
}

#[cfg(target_arch = "x86_64")]
fn perft_dispatch(p: u64, o: u64, depth: u32) -> u64 {
    if super::bitboard::cpu_has_v3() {
        // SAFETY: the CPU supports every feature enabled on `perft_popcnt`, checked just above.
        unsafe { perft_popcnt(p, o, depth) }
    } else {
        perft_rec(p, o, depth)
    }
}

#[cfg(not(target_arch = "x86_64"))]
fn perft_dispatch(p: u64, o: u64, depth: u32) -> u64 {
    perft_rec(p, o, depth)
}

/// The same recursion compiled for x86-64-v3 (hardware popcount, lzcnt, BMI, AVX2), about
/// twice as fast as the baseline x86-64 build.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx,avx2")]
fn perft_popcnt(p: u64, o: u64, depth: u32) -> u64 {
    perft_body(p, o, depth, |a, b, c| perft_popcnt(a, b, c))
}

fn perft_rec(p: u64, o: u64, depth: u32) -> u64 {
    perft_body(p, o, depth, perft_rec)
}

/// One perft node, `depth ≥ 1`; `recurse` is the function to call for the children.
#[inline(always)]
fn perft_body(p: u64, o: u64, depth: u32, recurse: impl Fn(u64, u64, u32) -> u64) -> u64 {
    let moves = legal_moves(p, o);
    if moves == 0 {
        // Pass or game over; at depth 1 either is one leaf.
        if depth == 1 || legal_moves(o, p) == 0 {
            return 1;
        }
        return recurse(o, p, depth - 1);
    }
    if depth == 1 {
        return u64::from(moves.count_ones());
    }
    let mut total = 0u64;
    let mut rest = moves;
    while rest != 0 {
        let sq = rest.trailing_zeros();
        rest &= rest - 1;
        let f = flips(p, o, sq);
        let np = p | f | (1u64 << sq);
        let no = o & !f;
        if depth == 2 {
            let m = legal_moves(no, np);
            total += if m == 0 { 1 } else { u64::from(m.count_ones()) };
        } else {
            total += recurse(no, np, depth - 1);
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reversi::Square;

    #[test]
    fn small_depths() {
        let pos = Position::new();
        let expected = [1u64, 4, 12, 56, 244, 1396, 8200];
        for (d, &n) in expected.iter().enumerate() {
            assert_eq!(perft(&pos, d as u32), n, "depth {d}");
        }
        let div = perft_divide(&pos, 3);
        assert_eq!(div.len(), 4);
        assert_eq!(div.iter().map(|x| x.1).sum::<u64>(), 56);
        assert!(
            div.iter()
                .all(|(m, _)| matches!(m, Move::Place(sq) if Square::all().any(|s| s == *sq)))
        );
    }
}
