//! Correction history for Hard's static evaluation: during a search, a running average of
//! how far searched scores lie from the static evaluation, kept per *threat signature* of the
//! position and per pair of its *last two moves*, and added to the evaluation where the search
//! prunes on it and where the quiescence stands pat.
//!
//! The idea is Stockfish's correction history (2023–24; the Chess Programming Wiki's "Static
//! Evaluation Correction History"), which keys it by pawn structure and material. Here the
//! first key is which threat levels (see [`level`]) each side can reach and who is to move:
//! the shape of Rapfi's threat term (a fitted value per combination of the threats each side
//! holds), learnt by each search from its own scores instead of fitted. Against the search
//! without it, both sides Gomocup brains at 200 ms a move: 52.9 % over 310 balanced Freestyle
//! games and 56.9 % over 376 balanced Renju games (docs/gomoku-strength-log.md, "Correction
//! history"). The second key, the last two moves and who is to move, is Stockfish's
//! continuation correction history: 53.1 % over 974 games against the search with the first
//! alone (docs/gomoku-strength-log.md, "The correction read in more places").

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

/// Entries of the table keyed by the last two moves (a hash of them and the colour to move).
const LAST_MOVES_ENTRIES: usize = 1 << 16;

/// The corrections of one search thread, by threat signature and by last two moves.
#[derive(Clone, Debug)]
pub(super) struct CorrectionHistory {
    /// Per signature, in 1/[`GRAIN`] evaluation units, within ±[`LIMIT`].
    by_threats: Vec<i32>,
    /// Per key of the last two moves ([`CorrectionKeys::last_moves`]), likewise.
    by_last_moves: Vec<i32>,
}

impl Default for CorrectionHistory {
    fn default() -> CorrectionHistory {
        CorrectionHistory {
            by_threats: vec![0; SIGNATURES],
            by_last_moves: vec![0; LAST_MOVES_ENTRIES],
        }
    }
}

/// Where a position's corrections are kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct CorrectionKeys {
    /// Its threat signature ([`CorrectionHistory::signature`]), in `0..SIGNATURES`.
    threats: usize,
    /// A hash of its last two moves and the colour to move, in `0..LAST_MOVES_ENTRIES`;
    /// `None` before two moves are on the board.
    last_moves: Option<usize>,
}

impl CorrectionHistory {
    /// Whether nothing has been learnt yet (every correction 0).
    #[cfg(test)]
    pub(super) fn is_empty(&self) -> bool {
        self.by_threats
            .iter()
            .chain(&self.by_last_moves)
            .all(|&c| c == 0)
    }

    /// The keys of `b`'s position: its threat signature and its last two moves.
    #[must_use]
    pub(super) fn keys(b: &SearchBoard) -> CorrectionKeys {
        let last_moves = match b.history[..] {
            [.., earlier, last] => {
                let k = (last as u64) << 20 | (earlier as u64) << 2 | side_index(b.to_move) as u64;
                // Fibonacci hashing: the top 16 bits of the product spread nearby points apart.
                Some((k.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 48) as usize)
            }
            _ => None,
        };
        CorrectionKeys {
            threats: CorrectionHistory::signature(b),
            last_moves,
        }
    }

    /// The threat signature of `b`'s position: for the side to move and then the opponent, a
    /// bit for each level of [`SIGNATURE_LEVELS`] it reaches at some empty point, and the
    /// colour to move. In `0..SIGNATURES`.
    #[must_use]
    fn signature(b: &SearchBoard) -> usize {
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

    /// The correction of positions with `keys`, in evaluation units (the sum of both tables'
    /// entries, each within ±256).
    #[must_use]
    pub(super) fn correction(&self, keys: CorrectionKeys) -> i32 {
        let last_moves = keys.last_moves.map_or(0, |i| self.by_last_moves[i] / GRAIN);
        self.by_threats[keys.threats] / GRAIN + last_moves
    }

    /// How many entries have a correction (tests: whether a search learnt anything).
    #[cfg(test)]
    pub(super) fn learnt(&self) -> usize {
        (self.by_threats.iter().chain(&self.by_last_moves))
            .filter(|&&e| e != 0)
            .count()
    }

    /// A node with `keys` and the window `alpha..beta` searched to `best`, where its
    /// uncorrected static evaluation is `raw_eval`. The last-moves entry learns first, from the
    /// error of the whole corrected evaluation; then the signature's entry learns the error
    /// left after that (this order measured better than one step for both: 55.2 % over 298
    /// games, docs/gomoku-strength-log.md). Each entry moves towards its error `best − eval`
    /// weighted by depth (a step of error · depth / 8, at most a quarter of the bound) with
    /// gravity (it never passes ±[`LIMIT`]). Nothing is learnt from a mate score, nor when the
    /// bound says nothing of the error's sign: a fail high at or below the evaluation, a fail
    /// low at or above it.
    pub(super) fn update(
        &mut self,
        keys: CorrectionKeys,
        raw_eval: i32,
        best: i32,
        window: (i32, i32),
        depth: i32,
    ) {
        if let Some(i) = keys.last_moves {
            let eval = raw_eval + self.correction(keys);
            if let Some(step) = step(eval, best, window, depth) {
                nudge(&mut self.by_last_moves[i], step);
            }
        }
        let eval = raw_eval + self.correction(keys);
        if let Some(step) = step(eval, best, window, depth) {
            nudge(&mut self.by_threats[keys.threats], step);
        }
    }
}

/// The step, in 1/[`GRAIN`] units, of an entry whose corrected evaluation is `eval` at a node
/// searched to `best` in the window `(alpha, beta)` with `depth` whole plies left (see
/// [`CorrectionHistory::update`]); `None` when it learns nothing.
fn step(eval: i32, best: i32, (alpha, beta): (i32, i32), depth: i32) -> Option<i32> {
    let silent = best.abs() >= WIN_THRESHOLD
        || (best >= beta && best <= eval)
        || (best <= alpha && best >= eval);
    (!silent).then(|| ((best - eval) * GRAIN * depth / 8).clamp(-LIMIT / 4, LIMIT / 4))
}

/// Moves entry `e` by `step` with gravity: the step shrinks as `e` nears ±[`LIMIT`].
fn nudge(e: &mut i32, step: i32) {
    *e += step - *e * step.abs() / LIMIT;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gomoku::Rule;
    use crate::gomoku::search::WIN;
    use crate::gomoku::search::tests::board_after;

    /// The keys of a position of threat signature `threats` with fewer than two moves played.
    fn k(threats: usize) -> CorrectionKeys {
        CorrectionKeys {
            threats,
            last_moves: None,
        }
    }

    fn board(moves: &str) -> SearchBoard {
        board_after(Rule::Freestyle, moves)
    }

    #[test]
    fn a_score_above_the_evaluation_raises_its_signatures_correction_only() {
        let mut h = CorrectionHistory::default();
        h.update(k(5), 0, 100, (-1000, 1000), 8);
        let c = h.correction(k(5));
        assert!(c > 0 && c <= 100, "{c}");
        assert_eq!(h.correction(k(6)), 0);
        h.update(k(6), 50, -50, (-1000, 1000), 8);
        assert!(h.correction(k(6)) < 0);
        // A shallower node learns less from the same error.
        let mut shallow = CorrectionHistory::default();
        shallow.update(k(5), 0, 100, (-1000, 1000), 2);
        assert!(shallow.correction(k(5)) < c);
    }

    #[test]
    fn bounds_that_hide_the_errors_sign_and_mate_scores_teach_nothing() {
        let mut h = CorrectionHistory::default();
        // Fail high (best ≥ beta) at or below the evaluation: the true score may be higher.
        h.update(k(1), 80, 60, (0, 50), 8);
        // Fail low (best ≤ alpha) at or above the evaluation: the true score may be lower.
        h.update(k(1), -80, -60, (-50, 0), 8);
        h.update(k(1), 0, WIN - 20, (-1000, 1000), 8);
        assert_eq!(h.correction(k(1)), 0);
        // A fail high above the evaluation does teach: the score is at least that far above.
        h.update(k(1), 0, 60, (0, 50), 8);
        assert!(h.correction(k(1)) > 0);
    }

    #[test]
    fn repeated_large_errors_approach_the_bound_without_passing_it() {
        let mut h = CorrectionHistory::default();
        for _ in 0..1000 {
            h.update(k(3), 0, 5000, (-10_000, 10_000), 30);
        }
        let c = h.correction(k(3));
        assert!(c > 200 && c <= LIMIT / GRAIN, "{c}");
    }

    #[test]
    fn the_signature_tells_the_threats_each_side_holds_and_who_moves() {
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

    #[test]
    fn the_last_two_moves_learn_first_and_the_signature_learns_what_is_left() {
        // Same threats (none), different last moves: each pair learns apart.
        let a = CorrectionHistory::keys(&board("H8 A1 H9 A15"));
        let b = CorrectionHistory::keys(&board("H9 A1 H8 A15 O15 O1"));
        assert_eq!(a.threats, b.threats);
        assert!(a.last_moves.is_some() && a.last_moves != b.last_moves);
        assert_eq!(CorrectionHistory::keys(&board("H8")).last_moves, None);
        let mut h = CorrectionHistory::default();
        h.update(a, 0, 100, (-1000, 1000), 8);
        // The last moves' step is the whole error, at most a quarter of the bound (64 units);
        // the signature's is what is left of it.
        assert_eq!(
            h.correction(b),
            100 - 64,
            "the shared signature learnt the rest"
        );
        assert_eq!(h.correction(a), 100);
        assert_eq!(h.learnt(), 2);
    }
}
