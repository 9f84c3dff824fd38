//! Move ordering for Hard's search: a static value per pattern code, the same for the mover's
//! points and the opponent's, plus a history with gravity and counter-moves learned during
//! the search.
//!
//! The static value weighs attack and defence alike and has no threat tiers: a point where the
//! mover makes a four and one where it stops the opponent's four count the same. A point that
//! touches only weak lines (ones and twos that cannot become an open three) scores below an empty
//! one. Under Rapfi's search, an order of that shape scored 39 % against Rapfi's own where our
//! earlier tiered order (every four and three of the mover above any defence) scored 28 %; in ours,
//! it is what lets move-count pruning at every depth pay (docs/gomoku-strength-log.md, "Our move
//! order under Rapfi's search, and Rapfi's under ours", and "One move order for both sides"). The
//! values are our own, set by hand.
//!
//! The history follows the Stockfish family (gravity: an entry moves towards ±[`HISTORY_LIMIT`]
//! and never past it; the moves tried before a cut-off lose what it gains), kept apart for
//! moves that make a three or more ("attacks") and quiet ones, as Rapfi does.

use std::sync::OnceLock;

use super::board::NCELLS;
use super::eval::{NPCODE, code_patterns};
use super::pattern::Pattern;
use super::search_board::level;

/// Order value of one line pattern made by a stone at a point, in order units (an open three
/// is 35), by [`Pattern`] index: None, B1, F1, B2, F2, B3, F3, B4, F4, double four, F5,
/// overline.
const LINE_VALUE: [i32; Pattern::ALL.len()] = [0, -1, -3, -1, 3, 12, 35, 55, 150, 150, 470, 0];

/// Order value of a point with no pattern on any line (weak lines score below it).
const EMPTY_VALUE: i32 = 3;

/// Bonuses on top of the lines' sum, in order units: two open threes, a four and an open three,
/// two fours.
const DOUBLE_THREE_BONUS: i32 = 30;
const FOUR_THREE_BONUS: i32 = 45;
const DOUBLE_FOUR_BONUS: i32 = 50;

/// The order value of a point whose four line patterns are `pats`, for the side that would
/// play there: the lines' [`LINE_VALUE`] plus [`EMPTY_VALUE`] and the combination bonuses.
#[must_use]
fn point_value(pats: &[Pattern; 4]) -> i32 {
    let count = |p: Pattern| pats.iter().filter(|&&q| q == p).count();
    let (threes, fours) = (count(Pattern::OpenThree), count(Pattern::Four));
    let mut v = EMPTY_VALUE + pats.iter().map(|&p| LINE_VALUE[p as usize]).sum::<i32>();
    if threes >= 2 {
        v += DOUBLE_THREE_BONUS;
    }
    if fours >= 1 && threes >= 1 {
        v += FOUR_THREE_BONUS;
    }
    if fours >= 2 {
        v += DOUBLE_FOUR_BONUS;
    }
    v
}

/// [`point_value`] of every pattern code (see [`super::eval::pcode`]); a point's static order
/// is the value of the mover's code there plus the value of the opponent's.
#[must_use]
pub(super) fn static_order() -> &'static [i32; NPCODE] {
    static T: OnceLock<Box<[i32; NPCODE]>> = OnceLock::new();
    T.get_or_init(|| {
        let mut out = Box::new([0; NPCODE]);
        for (v, pats) in out.iter_mut().zip(code_patterns().iter()) {
            *v = point_value(pats);
        }
        out
    })
}

/// Bound of a history entry: gravity keeps every entry within ±this.
pub(super) const HISTORY_LIMIT: i32 = 8192;

/// Divisors from a history entry to order units: an attack's entry counts twice a quiet
/// move's (at most 170 and 85 order units, where a point that makes an open three is 38 in
/// the static order). Twice the weight of 96 and 192 scored 54.1 % over 498 games
/// (docs/gomoku-strength-log.md, "Selectivity at a longer time and the history's weight").
const ATTACK_HISTORY_DIVISOR: i32 = 48;
const QUIET_HISTORY_DIVISOR: i32 = 96;

/// Order bonus of the move that last refuted the opponent's previous move.
const COUNTER_MOVE_BONUS: i32 = 24;

/// Order bonus of a killer move (a move that caused a cut-off at the same ply).
pub(super) const KILLER_BONUS: i32 = 24;

/// Order bonus that puts the transposition table's move first.
pub(super) const TT_MOVE_ORDER: i32 = 1 << 24;

/// Which history a move belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum MoveKind {
    /// It makes an open three or more for the mover.
    Attack = 0,
    /// Anything else.
    Quiet = 1,
}

impl MoveKind {
    /// The kind of a move whose own threat level (see [`level`]) is `own_level`.
    #[must_use]
    pub(super) fn of(own_level: u8) -> MoveKind {
        if own_level >= level::THREE {
            MoveKind::Attack
        } else {
            MoveKind::Quiet
        }
    }
}

/// The history credit of a cut-off at `depth` whole plies: grows as the square of the depth
/// (deep cut-offs say more), none at one ply, at most [`HISTORY_LIMIT`].
#[must_use]
pub(super) fn history_bonus(depth: i32) -> i32 {
    let d = depth.max(1);
    (24 * d * d + 96 * d - 120).min(HISTORY_LIMIT)
}

/// A beta cut-off, as the history learns it.
#[derive(Clone, Copy, Debug)]
pub(super) struct CutOff {
    /// The move that caused it.
    pub best: usize,
    /// The side that played it: 0 black, 1 white.
    pub side: usize,
    /// Depth left at its node, in whole plies.
    pub depth: i32,
    /// The node answered the opponent's open three, so the cut-off says nothing of quiet
    /// play. (A four never reaches the move loop: its block is forced before.)
    pub forced: bool,
    /// The opponent's last move, if any.
    pub last: Option<usize>,
}

/// History and counter-move tables of one search thread.
#[derive(Clone, Debug)]
pub(super) struct MoveHistory {
    /// Cut-off credit per point, side (black, white) and [`MoveKind`], within ±[`HISTORY_LIMIT`].
    credit: Vec<[[i32; 2]; 2]>,
    /// The move that last refuted each point's move, per side to move (`usize::MAX`: none).
    counter: Vec<[usize; 2]>,
}

impl Default for MoveHistory {
    fn default() -> MoveHistory {
        MoveHistory {
            credit: vec![[[0; 2]; 2]; NCELLS],
            counter: vec![[usize::MAX; 2]; NCELLS],
        }
    }
}

impl MoveHistory {
    /// Whether nothing has been learnt yet (every credit 0, no counter-move).
    #[cfg(test)]
    pub(super) fn is_empty(&self) -> bool {
        self.credit.iter().flatten().flatten().all(|&c| c == 0)
            && self.counter.iter().flatten().all(|&c| c == usize::MAX)
    }

    /// The order bonus of move `m` of `kind` for `side` (0 black, 1 white), in order units,
    /// after the opponent's move `last` (if any).
    #[must_use]
    pub(super) fn score(&self, m: usize, side: usize, kind: MoveKind, last: Option<usize>) -> i32 {
        let h = self.credit[m][side][kind as usize];
        let mut s = match kind {
            MoveKind::Attack => h / ATTACK_HISTORY_DIVISOR,
            MoveKind::Quiet => h / QUIET_HISTORY_DIVISOR,
        };
        if last.is_some_and(|l| self.counter[l][side] == m) {
            s += COUNTER_MOVE_BONUS;
        }
        s
    }

    /// Moves one entry by `bonus` (negative: a malus) with gravity: the step shrinks as the
    /// entry nears ±[`HISTORY_LIMIT`], so it never passes it.
    fn nudge(&mut self, m: usize, side: usize, kind: MoveKind, bonus: i32) {
        let e = &mut self.credit[m][side][kind as usize];
        *e += bonus - *e * bonus.abs() / HISTORY_LIMIT;
    }

    /// A cut-off `cut` after `tried` (the moves searched before its move; `kind_of` classes a
    /// move): its move gains in its history, the attacks tried before it lose as much, and so
    /// do the quiet moves tried before a quiet one. Quiet moves learn nothing from a
    /// [`CutOff::forced`] cut-off. Unless forced, its move becomes the counter-move of the
    /// opponent's last move.
    pub(super) fn reward(
        &mut self,
        cut: &CutOff,
        tried: &[usize],
        kind_of: impl Fn(usize) -> MoveKind,
    ) {
        let &CutOff {
            best,
            side,
            depth,
            forced,
            last,
        } = cut;
        let bonus = history_bonus(depth);
        let best_kind = kind_of(best);
        if best_kind == MoveKind::Attack || !forced {
            self.nudge(best, side, best_kind, bonus);
        }
        for &m in tried {
            let kind = kind_of(m);
            if kind == MoveKind::Attack || (best_kind == MoveKind::Quiet && !forced) {
                self.nudge(m, side, kind, -bonus);
            }
        }
        if let (Some(l), false) = (last, forced) {
            self.counter[l][side] = best;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gomoku::eval::pcode;
    use Pattern::{Five, Four, One, OpenFour, OpenOne, OpenThree, OpenTwo, Two};

    const N: Pattern = Pattern::None;

    /// A cut-off by Black.
    fn cut(best: usize, depth: i32, forced: bool, last: Option<usize>) -> CutOff {
        CutOff {
            best,
            side: 0,
            depth,
            forced,
            last,
        }
    }

    fn order(pats: [Pattern; 4]) -> i32 {
        static_order()[usize::from(pcode(&pats))]
    }

    #[test]
    fn a_four_outranks_an_open_three_and_combinations_outrank_both() {
        let three = order([OpenThree, N, N, N]);
        let four = order([Four, N, N, N]);
        let double_three = order([OpenThree, OpenThree, N, N]);
        let four_three = order([Four, OpenThree, N, N]);
        assert!(three < four && four < double_three && double_three < four_three);
        assert!(four_three < order([OpenFour, N, N, N]));
        assert!(order([OpenFour, N, N, N]) < order([Five, N, N, N]));
        // A four is worth about one and a half open threes, a double three about two and a
        // half, a four-three about three and a half (in tenths).
        assert_eq!(
            (
                four * 10 / three,
                double_three * 10 / three,
                four_three * 10 / three
            ),
            (15, 27, 36)
        );
    }

    #[test]
    fn points_touching_only_weak_lines_score_below_an_empty_point() {
        let empty = order([N; 4]);
        assert_eq!(empty, EMPTY_VALUE);
        assert!(order([OpenOne, OpenOne, N, N]) < empty);
        assert!(order([One, Two, OpenOne, N]) < empty);
        assert!(order([OpenTwo, N, N, N]) > empty);
    }

    #[test]
    fn gravity_keeps_every_entry_within_the_limit() {
        let mut h = MoveHistory::default();
        for _ in 0..1000 {
            h.reward(&cut(5, 40, false, Some(9)), &[6, 7], |_| MoveKind::Quiet);
        }
        let e = h.credit[5][0][MoveKind::Quiet as usize];
        assert!((HISTORY_LIMIT * 9 / 10..=HISTORY_LIMIT).contains(&e), "{e}");
        let e = h.credit[6][0][MoveKind::Quiet as usize];
        assert!(
            (-HISTORY_LIMIT..=-HISTORY_LIMIT * 9 / 10).contains(&e),
            "{e}"
        );
        // White's entries are untouched, and the counter-move of 9 is 5 for Black only.
        assert_eq!(h.credit[5][1], [0, 0]);
        assert_eq!(
            h.score(5, 0, MoveKind::Quiet, Some(9)) - h.score(5, 0, MoveKind::Quiet, None),
            COUNTER_MOVE_BONUS
        );
        assert_eq!(h.score(5, 1, MoveKind::Quiet, Some(9)), 0);
    }

    #[test]
    fn a_forced_cut_off_teaches_attacks_only_and_no_counter_move() {
        let mut h = MoveHistory::default();
        let kind = |m: usize| {
            if m == 1 || m == 2 {
                MoveKind::Attack
            } else {
                MoveKind::Quiet
            }
        };
        h.reward(&cut(3, 6, true, Some(9)), &[1, 4], kind);
        // The quiet best move learns nothing, the attack tried before it loses, the quiet one
        // tried before it keeps its entry.
        assert_eq!(h.credit[3][0], [0, 0]);
        assert_eq!(h.credit[1][0][MoveKind::Attack as usize], -history_bonus(6));
        assert_eq!(h.credit[4][0], [0, 0]);
        assert_eq!(h.counter[9][0], usize::MAX);
        h.reward(&cut(2, 6, true, None), &[1], kind);
        assert_eq!(h.credit[2][0][MoveKind::Attack as usize], history_bonus(6));
    }

    #[test]
    fn the_history_bonus_grows_with_depth_up_to_the_limit() {
        assert_eq!(history_bonus(1), 0);
        assert!(history_bonus(2) < history_bonus(8));
        assert_eq!(history_bonus(40), HISTORY_LIMIT);
    }
}
