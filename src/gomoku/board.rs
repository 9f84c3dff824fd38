//! The raw board: a padded cell array, line keys for the pattern tables, win detection, and
//! the exact recursive Renju forbidden-move test.
//!
//! Layout: a fixed 29×29 array (the largest board, 19, plus a 5-cell wall margin on each side,
//! so every read up to 5 cells away from an on-board point stays in the array). Index of
//! `Point { x, y }` is `(y + 5) * 29 + (x + 5)`. The four line directions are +1 (horizontal),
//! +29 (vertical), +30 (diagonal, up-right) and +28 (anti-diagonal, up-left).

use crate::core::Side;

use super::pattern::{self, POW3, Pattern, digit_pos};
use super::point::Point;
use super::rule::ForbiddenKind;

pub(crate) const PAD: usize = 5;
pub(crate) const STRIDE: usize = 29;
pub(crate) const NCELLS: usize = STRIDE * STRIDE;
pub(crate) const DIRS: [isize; 4] = [1, STRIDE as isize, STRIDE as isize + 1, STRIDE as isize - 1];

pub(crate) const EMPTY: u8 = 0;
pub(crate) const BLACK: u8 = 1;
pub(crate) const WHITE: u8 = 2;
pub(crate) const WALL: u8 = 3;

#[inline]
pub(crate) fn stone(side: Side) -> u8 {
    match side {
        Side::Black => BLACK,
        Side::White => WHITE,
    }
}

#[inline]
pub(crate) fn side_index(side: Side) -> usize {
    match side {
        Side::Black => 0,
        Side::White => 1,
    }
}

/// The cells of one board of side `size`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Cells {
    pub size: u8,
    pub cells: [u8; NCELLS],
}

impl Cells {
    pub fn new(size: u8) -> Cells {
        let mut cells = [WALL; NCELLS];
        for y in 0..size {
            for x in 0..size {
                cells[Self::index_of(Point { x, y })] = EMPTY;
            }
        }
        Cells { size, cells }
    }

    #[inline]
    pub fn index_of(p: Point) -> usize {
        (usize::from(p.y) + PAD) * STRIDE + usize::from(p.x) + PAD
    }

    #[inline]
    pub fn point_of(idx: usize) -> Point {
        Point {
            x: (idx % STRIDE - PAD) as u8,
            y: (idx / STRIDE - PAD) as u8,
        }
    }

    #[inline]
    pub fn on_board(&self, p: Point) -> bool {
        p.x < self.size && p.y < self.size
    }

    /// Indices of all on-board cells, row by row from the bottom.
    pub fn all_indices(&self) -> impl Iterator<Item = usize> + '_ {
        let n = self.size;
        (0..n).flat_map(move |y| (0..n).map(move |x| Self::index_of(Point { x, y })))
    }

    #[inline]
    pub fn at(&self, idx: usize, off: isize) -> u8 {
        self.cells[idx.wrapping_add_signed(off)]
    }

    /// The pattern-table key of the line through `idx` in direction `d` for `side`.
    #[inline]
    pub fn key(&self, idx: usize, d: usize, side: Side) -> u32 {
        let own = stone(side);
        let dir = DIRS[d];
        let mut key = 0;
        for off in -5..=5i32 {
            if off == 0 {
                continue;
            }
            let c = self.at(idx, dir * off as isize);
            let digit = if c == EMPTY {
                0
            } else if c == own {
                1
            } else {
                2
            };
            key += digit * POW3[digit_pos(off)];
        }
        key
    }

    /// Line pattern of a `side` stone at `idx` in direction `d`, with exact-five rules when `exact`.
    #[inline]
    pub fn pattern(&self, idx: usize, d: usize, side: Side, exact: bool) -> Pattern {
        pattern::lookup(exact, self.key(idx, d, side))
    }

    /// Length of the run of `side` stones through `idx` in direction `d` (counting `idx` as own).
    pub fn run(&self, idx: usize, d: usize, side: Side) -> (usize, usize, usize) {
        let own = stone(side);
        let dir = DIRS[d];
        let mut back = 0;
        while self.at(idx, -dir * (back as isize + 1)) == own {
            back += 1;
        }
        let mut fwd = 0;
        while self.at(idx, dir * (fwd as isize + 1)) == own {
            fwd += 1;
        }
        (back + fwd + 1, back, fwd)
    }

    /// The Renju forbidden status of a Black stone at the empty cell `idx` (RIF rule 9),
    /// regardless of whose turn it is.
    ///
    /// Order as in Piskvork/GomocupJudge: an exact five anywhere makes the move legal; else an
    /// overline; else two or more fours (also on one line); else two or more REAL threes, where
    /// a three is real only if one of its straight-four points is itself not forbidden, checked
    /// recursively with this stone on the board.
    pub fn forbidden(&mut self, idx: usize) -> Option<ForbiddenKind> {
        debug_assert_eq!(self.cells[idx], EMPTY);
        let mut pats = [Pattern::None; 4];
        for (d, p) in pats.iter_mut().enumerate() {
            *p = self.pattern(idx, d, Side::Black, true);
        }
        if pats.contains(&Pattern::Five) {
            return None;
        }
        if pats.contains(&Pattern::Overline) {
            return Some(ForbiddenKind::Overline);
        }
        let fours: u32 = pats.iter().map(|p| p.four_count()).sum();
        if fours >= 2 {
            return Some(ForbiddenKind::DoubleFour);
        }
        let candidates = pats.iter().filter(|&&p| p == Pattern::OpenThree).count();
        if candidates < 2 {
            return None;
        }
        self.cells[idx] = BLACK;
        let mut threes = 0;
        for (d, &pat) in pats.iter().enumerate() {
            if pat == Pattern::OpenThree && self.is_real_three(idx, d) {
                threes += 1;
                if threes >= 2 {
                    break;
                }
            }
        }
        self.cells[idx] = EMPTY;
        if threes >= 2 {
            Some(ForbiddenKind::DoubleThree)
        } else {
            None
        }
    }

    /// With a Black stone at `idx`, whether its line in direction `d` is a real three: some
    /// empty point within 4 makes a straight four through `idx` and is not forbidden itself.
    fn is_real_three(&mut self, idx: usize, d: usize) -> bool {
        let key = self.key(idx, d, Side::Black);
        let dir = DIRS[d];
        for off in -4..=4i32 {
            if off == 0 {
                continue;
            }
            let q = idx.wrapping_add_signed(dir * off as isize);
            if self.cells[q] != EMPTY {
                continue;
            }
            if pattern::lookup(true, key + POW3[digit_pos(off)]) == Pattern::OpenFour
                && self.forbidden(q).is_none()
            {
                return true;
            }
        }
        false
    }

    /// Whether the Black stone at empty `idx` could be forbidden at all: cheap pattern test
    /// (overline, two fours, or two open threes, and no five). `false` means surely allowed.
    pub fn maybe_forbidden(&self, idx: usize) -> bool {
        let mut fours = 0;
        let mut threes = 0;
        let mut overline = false;
        for d in 0..4 {
            match self.pattern(idx, d, Side::Black, true) {
                Pattern::Five => return false,
                Pattern::Overline => overline = true,
                Pattern::OpenThree => threes += 1,
                p => fours += p.four_count(),
            }
        }
        overline || fours >= 2 || threes >= 2
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_round_trip() {
        let c = Cells::new(19);
        for idx in c.all_indices() {
            assert_eq!(Cells::index_of(Cells::point_of(idx)), idx);
        }
        assert_eq!(c.all_indices().count(), 361);
        // The furthest read from a corner stays inside the array.
        let far = Cells::index_of(Point::new(18, 18)) + 5 * (STRIDE + 1);
        assert!(far < NCELLS);
    }
}
