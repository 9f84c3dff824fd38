//! Line patterns: what one more stone at an empty point makes on ONE line through it.
//!
//! The names follow Rapfi (`Rapfi/core/types.h`): F5 = five, OL = overline, F4 = straight
//! (open) four, B4 = four, F3 = open three, B3 = three, F2 = open two, B2 = two, F1 = open one,
//! B1 = one. A pattern is
//! read from the 10 intersections around the point on that line (5 on each side), each
//! classified from the placing side's view as own stone, empty, or blocked (opponent stone or
//! edge). The table has 3^10 = 59049 entries per five-rule (exact five or five-or-more) and is
//! built once, on first use.
//!
//! Definitions (own stone assumed at the centre `*`, `X` own, `.` empty, `O` blocked):
//! - [`Pattern::Five`]: the centre completes a run of exactly five (or ≥ 5 where overlines win).
//! - [`Pattern::Overline`]: a run of six or more where only an exact five wins.
//! - [`Pattern::OpenFour`]: straight four `.XX*X.`: two five-points five apart.
//! - [`Pattern::DoubleFour`]: two fours on this one line (`X.X*X.X`, `XX.*X.XX`, `XXX.*.XXX`).
//! - [`Pattern::Four`]: exactly one five-point (`XX*X.`, `OXX*X.`).
//! - [`Pattern::OpenThree`]: one more stone can make a straight four (`.X*X.`, `.X*.X.`).
//!   Pattern-level only: Renju's recursive check of that stone is done by the board.
//! - [`Pattern::Three`]: one more stone can make a four.
//! - [`Pattern::OpenTwo`]: one more stone can make an open three.
//! - [`Pattern::Two`]: one more stone can make a three.
//! - [`Pattern::OpenOne`]: one more stone can make an open two (a lone stone with room).
//! - [`Pattern::One`]: one more stone can make a two.

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

/// What one stone makes on one line, weakest first (see the module docs for diagrams).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[repr(u8)]
pub enum Pattern {
    /// Nothing that can still become five on this line.
    None = 0,
    /// B1: one more stone makes a two.
    One = 1,
    /// F1: one more stone makes an open two.
    OpenOne = 2,
    /// B2: one more stone makes a three.
    Two = 3,
    /// F2: one more stone makes an open three.
    OpenTwo = 4,
    /// B3: one more stone makes a four.
    Three = 5,
    /// F3: one more stone makes a straight four.
    OpenThree = 6,
    /// B4: one five-point.
    Four = 7,
    /// F4: straight four, two five-points five apart.
    OpenFour = 8,
    /// Two fours on one line.
    DoubleFour = 9,
    /// F5: a winning five.
    Five = 10,
    /// OL: six or more in a row where that does not win (Renju Black, Standard).
    Overline = 11,
}

impl Pattern {
    /// Whether the pattern is a four of any kind (one move from a five).
    #[must_use]
    pub fn is_four(self) -> bool {
        matches!(
            self,
            Pattern::Four | Pattern::OpenFour | Pattern::DoubleFour
        )
    }

    /// How many fours the pattern counts as for Renju's double-four rule (0, 1 or 2).
    #[must_use]
    pub fn four_count(self) -> u32 {
        match self {
            Pattern::Four | Pattern::OpenFour => 1,
            Pattern::DoubleFour => 2,
            _ => 0,
        }
    }

    /// Every kind, weakest first: `ALL[p as usize] == p`.
    pub(crate) const ALL: [Pattern; 12] = [
        Pattern::None,
        Pattern::One,
        Pattern::OpenOne,
        Pattern::Two,
        Pattern::OpenTwo,
        Pattern::Three,
        Pattern::OpenThree,
        Pattern::Four,
        Pattern::OpenFour,
        Pattern::DoubleFour,
        Pattern::Five,
        Pattern::Overline,
    ];

    fn from_u8(v: u8) -> Pattern {
        // Table values are written from `Pattern as u8`; anything larger reads as the last.
        Pattern::ALL[usize::from(v).min(Pattern::ALL.len() - 1)]
    }
}

/// Number of entries of a pattern table: 3^10.
pub(crate) const TABLE_LEN: usize = 59049;

/// 3^i for the 10 neighbour digits. Digit `i` is offset `i - 5` for `i < 5` and `i - 4` above.
pub(crate) const POW3: [u32; 10] = [1, 3, 9, 27, 81, 243, 729, 2187, 6561, 19683];

/// Digit position of the neighbour at `offset` (−5..=5, not 0) from the centre.
#[inline]
pub(crate) const fn digit_pos(offset: i32) -> usize {
    if offset < 0 {
        (offset + 5) as usize
    } else {
        (offset + 4) as usize
    }
}

/// `key` with its two digits 5 cells from the centre set to empty: what a five-or-more
/// pattern reads of a line (a cell 5 away never shares a five with the centre).
#[must_use]
pub(crate) const fn within_four(key: u32) -> u32 {
    key % POW3[digit_pos(5)] - key % POW3[digit_pos(-4)]
}

/// The pattern a stone at the centre makes, for a line `key` (base-3 digits: 0 empty, 1 own,
/// 2 blocked) under exact-five (`exact = true`) or five-or-more rules.
#[inline]
#[must_use]
pub(crate) fn lookup(exact: bool, key: u32) -> Pattern {
    tables()[usize::from(exact)][key as usize]
}

/// The table of one five-rule (`exact`), indexed by line key ([`TABLE_LEN`] entries). Lets
/// hot loops skip the one-time initialisation check of [`lookup`].
#[must_use]
pub(crate) fn table(exact: bool) -> &'static [Pattern] {
    &tables()[usize::from(exact)]
}

fn tables() -> &'static [Vec<Pattern>; 2] {
    static TABLES: OnceLock<[Vec<Pattern>; 2]> = OnceLock::new();
    TABLES.get_or_init(|| [build(false), build(true)])
}

/// Force the tables to be built now (they are otherwise built on first use).
pub fn init_tables() {
    let _ = tables();
}

const UNKNOWN: u8 = 255;

fn build(exact: bool) -> Vec<Pattern> {
    let mut memo = vec![UNKNOWN; TABLE_LEN];
    (0..TABLE_LEN as u32)
        .map(|key| compute(key, exact, &mut memo))
        .collect()
}

fn decode(key: u32) -> [u8; 11] {
    let mut line = [0u8; 11];
    let mut k = key;
    for (i, cell) in line.iter_mut().enumerate() {
        if i == 5 {
            *cell = 1;
            continue;
        }
        *cell = (k % 3) as u8;
        k /= 3;
    }
    line
}

fn run_through_center(line: &[u8; 11]) -> usize {
    let mut run = 1;
    let mut i = 4i32;
    while i >= 0 && line[i as usize] == 1 {
        run += 1;
        i -= 1;
    }
    let mut j = 6;
    while j <= 10 && line[j] == 1 {
        run += 1;
        j += 1;
    }
    run
}

fn compute(key: u32, exact: bool, memo: &mut [u8]) -> Pattern {
    if memo[key as usize] != UNKNOWN {
        return Pattern::from_u8(memo[key as usize]);
    }
    let mut line = decode(key);
    let run = run_through_center(&line);
    let result = if run >= 6 {
        if exact {
            Pattern::Overline
        } else {
            Pattern::Five
        }
    } else if run == 5 {
        Pattern::Five
    } else {
        // Five-points: empty points within ±4 that complete a five through the centre.
        let mut five_points = [0usize; 8];
        let mut n = 0;
        for q in 1..=9 {
            if q == 5 || line[q] != 0 {
                continue;
            }
            line[q] = 1;
            let r = run_through_center(&line);
            line[q] = 0;
            if r == 5 || (!exact && r > 5) {
                five_points[n] = q;
                n += 1;
            }
        }
        if n == 1 {
            Pattern::Four
        } else if n == 2 && five_points[1] - five_points[0] == 5 {
            Pattern::OpenFour
        } else if n >= 2 {
            Pattern::DoubleFour
        } else {
            let mut best = Pattern::None;
            for q in 1..=9 {
                if q == 5 || line[q] != 0 {
                    continue;
                }
                let sub = compute(key + POW3[digit_pos(q as i32 - 5)], exact, memo);
                let p = match sub {
                    Pattern::OpenFour => Pattern::OpenThree,
                    Pattern::Four | Pattern::DoubleFour => Pattern::Three,
                    Pattern::OpenThree => Pattern::OpenTwo,
                    Pattern::Three => Pattern::Two,
                    Pattern::OpenTwo => Pattern::OpenOne,
                    Pattern::Two => Pattern::One,
                    _ => Pattern::None,
                };
                best = best.max(p);
            }
            best
        }
    };
    memo[key as usize] = result as u8;
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Key from a 11-char diagram with '*' at the centre: 'X' own, '.' empty, 'O'/'|' blocked.
    fn key(s: &str) -> u32 {
        let b = s.as_bytes();
        assert_eq!(b.len(), 11);
        assert_eq!(b[5], b'*');
        let mut k = 0;
        for (i, &c) in b.iter().enumerate() {
            if i == 5 {
                continue;
            }
            let d = match c {
                b'.' => 0,
                b'X' => 1,
                _ => 2,
            };
            k += d * POW3[digit_pos(i as i32 - 5)];
        }
        k
    }

    /// Under five-or-more rules a cell 5 away never shares a five with the centre, so the
    /// search board may leave those digits as they were (`SearchBoard` walks 4 cells there).
    #[test]
    fn five_or_more_patterns_ignore_the_cells_five_away() {
        let t = table(false);
        for k in 0..TABLE_LEN as u32 {
            assert_eq!(t[k as usize], t[within_four(k) as usize], "key {k}");
        }
        assert_eq!(within_four(key("X....*....O")), 0);
        assert_eq!(within_four(key("XX...*...OO")), key(".X...*...O."));
        // Exact-five rules do read them: an overline is not a five.
        assert_ne!(
            lookup(true, key(".....*XXXXX")),
            lookup(true, key(".....*XXXX."))
        );
    }

    #[test]
    fn every_kind_reads_back_from_its_table_value() {
        for (i, &p) in Pattern::ALL.iter().enumerate() {
            assert_eq!(p as usize, i);
            assert_eq!(Pattern::from_u8(p as u8), p);
        }
    }

    #[test]
    fn classic_shapes() {
        assert_eq!(lookup(true, key("...XX*XX...")), Pattern::Five);
        assert_eq!(lookup(true, key("..XXX*XX...")), Pattern::Overline);
        assert_eq!(lookup(false, key("..XXX*XX...")), Pattern::Five);
        assert_eq!(lookup(true, key("....X*XX...")), Pattern::OpenFour);
        assert_eq!(lookup(true, key("...OX*XX...")), Pattern::Four);
        assert_eq!(lookup(true, key("..X.X*X.X..")), Pattern::DoubleFour);
        assert_eq!(lookup(true, key(".XX.X*.XX..")), Pattern::DoubleFour);
        assert_eq!(lookup(true, key("...X.*X....")), Pattern::OpenThree);
        assert_eq!(lookup(true, key(".....*XX...")), Pattern::OpenThree);
        assert_eq!(lookup(true, key("....O*XX...")), Pattern::Three);
        assert_eq!(lookup(true, key(".....*X....")), Pattern::OpenTwo);
        assert_eq!(lookup(true, key("....O*X....")), Pattern::Two);
        assert_eq!(lookup(true, key("..OX.*XO...")), Pattern::None);
        assert_eq!(lookup(true, key(".....*.....")), Pattern::OpenOne);
        assert_eq!(lookup(true, key("O....*.....")), Pattern::OpenOne);
        assert_eq!(lookup(true, key("....O*.....")), Pattern::One);
        // Six free points hold a straight four (.XXXX.), five only a five.
        assert_eq!(lookup(true, key("..O..*...O.")), Pattern::OpenOne);
        assert_eq!(lookup(true, key("..O..*..O..")), Pattern::One);
        assert_eq!(lookup(true, key("...O.*..O..")), Pattern::None);
        // Exact five: a straight four whose end would make six is only a four.
        assert_eq!(lookup(true, key("..X.X*XX...")), Pattern::Four);
        assert_eq!(lookup(false, key("..X.X*XX...")), Pattern::OpenFour);
    }
}
