//! Correction history for Hard's static evaluation: during a search, a running average of
//! how far searched scores lie from the static evaluation, kept per *threat signature* of the
//! position and added to the evaluation where the search prunes on it and where the
//! quiescence stands pat.
//!
//! The idea is Stockfish's correction history (2023–24; the Chess Programming Wiki's "Static
//! Evaluation Correction History"), which keys it by pawn structure and material. Here the key
//! is which threat levels (see [`level`]) each side can reach and who is to move: the shape of
//! Rapfi's threat term (a fitted value per combination of the threats each side holds), learnt
//! by each search from its own scores instead of fitted. Against the search without it, both
//! sides Gomocup brains at 200 ms a move: 52.9 % over 310 balanced Freestyle games and 56.9 %
//! over 376 balanced Renju games (docs/gomoku-strength-log.md, "Correction history").

use crate::core::Side;

use super::board::side_index;
use super::search::WIN_THRESHOLD;
use super::search_board::{SearchBoard, level};

/// The threat levels whose presence, for each side, makes up a signature.
const SIGNATURE_LEVELS: [u8; 5] = [
    level::THREE,
    level::DOUBLE_THREE,
    level::FOUR,
    level::FOUR_THREE,
    level::FLEX_FOUR,
];

/// Number of signatures: a bit per level of [`SIGNATURE_LEVELS`] for each side, and the
/// colour to move.
const SIGNATURES: usize = 1 << (2 * SIGNATURE_LEVELS.len() + 1);

/// Entries are kept in 1/`GRAIN` evaluation units, so that small steps add up.
const GRAIN: i32 = 16;

/// Bound of an entry, in 1/[`GRAIN`] units: a correction stays within ±256 evaluation units
/// (three quarters of a logit in Freestyle's units).
const LIMIT: i32 = GRAIN * 256;

/// The corrections of one search thread, by threat signature.
#[derive(Clone, Debug)]
pub(super) struct CorrectionHistory {
    /// Per signature, in 1/[`GRAIN`] evaluation units, within ±[`LIMIT`].
    entries: Vec<i32>,
}

impl Default for CorrectionHistory {
    fn default() -> CorrectionHistory {
        CorrectionHistory {
            entries: vec![0; SIGNATURES],
        }
    }
}

impl CorrectionHistory {
    /// The threat signature of `b`'s position: for the side to move and then the opponent, a
    /// bit for each level of [`SIGNATURE_LEVELS`] it reaches at some empty point, and the
    /// colour to move. In `0..SIGNATURES`.
    #[must_use]
    pub(super) fn signature(b: &SearchBoard) -> usize {
        let bits = |side: Side| {
            SIGNATURE_LEVELS
                .iter()
                .enumerate()
                .filter(|&(_, &l)| b.count_exactly(side, l) > 0)
                .fold(0, |k, (i, _)| k | 1 << i)
        };
        let n = SIGNATURE_LEVELS.len();
        bits(b.to_move) | bits(!b.to_move) << n | side_index(b.to_move) << (2 * n)
    }

    /// The correction of `signature`'s positions, in evaluation units (within ±256).
    #[must_use]
    pub(super) fn correction(&self, signature: usize) -> i32 {
        self.entries[signature] / GRAIN
    }

    /// How many signatures have a correction (tests: whether a search learnt anything).
    #[cfg(test)]
    pub(super) fn learnt(&self) -> usize {
        self.entries.iter().filter(|&&e| e != 0).count()
    }

    /// A node of `signature` with `depth` whole plies left and the window `alpha..beta`
    /// searched to `best`, where its uncorrected static evaluation is `raw_eval`. The entry
    /// moves towards the error `best − eval`, `eval` being `raw_eval` with the entry's
    /// correction, weighted by depth (a step of error · depth / 8, at
    /// most a quarter of the bound) with gravity (it never passes ±[`LIMIT`]). Nothing is
    /// learnt from a mate score, nor when the bound says nothing of the error's sign: a fail
    /// high at or below the evaluation, a fail low at or above it.
    pub(super) fn update(
        &mut self,
        signature: usize,
        raw_eval: i32,
        best: i32,
        (alpha, beta): (i32, i32),
        depth: i32,
    ) {
        let eval = raw_eval + self.correction(signature);
        if best.abs() >= WIN_THRESHOLD
            || (best >= beta && best <= eval)
            || (best <= alpha && best >= eval)
        {
            return;
        }
        let step = ((best - eval) * GRAIN * depth / 8).clamp(-LIMIT / 4, LIMIT / 4);
        let e = &mut self.entries[signature];
        *e += step - *e * step.abs() / LIMIT;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gomoku::search::WIN;
    use crate::gomoku::{Position, Rule};

    #[test]
    fn a_score_above_the_evaluation_raises_its_signatures_correction_only() {
        let mut h = CorrectionHistory::default();
        h.update(5, 0, 100, (-1000, 1000), 8);
        let c = h.correction(5);
        assert!(c > 0 && c <= 100, "{c}");
        assert_eq!(h.correction(6), 0);
        h.update(6, 50, -50, (-1000, 1000), 8);
        assert!(h.correction(6) < 0);
        // A shallower node learns less from the same error.
        let mut shallow = CorrectionHistory::default();
        shallow.update(5, 0, 100, (-1000, 1000), 2);
        assert!(shallow.correction(5) < c);
    }

    #[test]
    fn bounds_that_hide_the_errors_sign_and_mate_scores_teach_nothing() {
        let mut h = CorrectionHistory::default();
        // Fail high (best ≥ beta) at or below the evaluation: the true score may be higher.
        h.update(1, 80, 60, (0, 50), 8);
        // Fail low (best ≤ alpha) at or above the evaluation: the true score may be lower.
        h.update(1, -80, -60, (-50, 0), 8);
        h.update(1, 0, WIN - 20, (-1000, 1000), 8);
        assert_eq!(h.correction(1), 0);
        // A fail high above the evaluation does teach: the score is at least that far above.
        h.update(1, 0, 60, (0, 50), 8);
        assert!(h.correction(1) > 0);
    }

    #[test]
    fn repeated_large_errors_approach_the_bound_without_passing_it() {
        let mut h = CorrectionHistory::default();
        for _ in 0..1000 {
            h.update(3, 0, 5000, (-10_000, 10_000), 30);
        }
        let c = h.correction(3);
        assert!(c > 200 && c <= LIMIT / GRAIN, "{c}");
    }

    #[test]
    fn the_signature_tells_the_threats_each_side_holds_and_who_moves() {
        let board = |moves: &str| {
            let mut pos = Position::new(15, Rule::Freestyle).unwrap();
            for m in moves.split_whitespace() {
                pos.play(m.parse().unwrap()).unwrap();
            }
            SearchBoard::from_position(&pos)
        };
        // Black H8 H9 against White's far stones: Black (to move) can make an open three.
        let a = CorrectionHistory::signature(&board("H8 A1 H9 A15"));
        assert_eq!(a & 1, 1, "the mover reaches an open three");
        assert_eq!(a >> 5 & 1, 0, "the opponent does not");
        assert_eq!(a >> 10, 0, "Black to move");
        // Black H8 H9 H10 (an open three): Black reaches a straight four; White is to move.
        let b = CorrectionHistory::signature(&board("H8 A1 H9 A15 H10"));
        assert_eq!(b >> 10, 1, "White to move");
        assert_ne!(b >> 5 & 0b10000, 0, "the opponent reaches a straight four");
        assert!(b < SIGNATURES && a != b);
    }
}
