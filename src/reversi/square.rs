//! Squares and moves: [`Square`] (index 0..64, a1 top-left), [`Move`] (a placement or a pass),
//! their text notation ("d3", "pass") and parse errors.
//!
//! Board layout (Othello convention, row 1 at the top):
//! ```text
//!      a  b  c  d  e  f  g  h
//!   1  0  1  2  3  4  5  6  7
//!   2  8  9 10 11 12 13 14 15
//!   ...
//!   8 56 57 58 59 60 61 62 63
//! ```
//! index = row × 8 + col, with col 0..8 for a..h and row 0..8 for 1..8.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// One of the 64 squares, index 0..64 = row × 8 + col (a1 = 0 top-left, h1 = 7, a8 = 56, h8 = 63).
///
/// Serialized (serde) as its notation string, e.g. `"d3"`, and validated when deserialized.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Square(u8);

impl Square {
    /// The square with index `index` (0..64, row × 8 + col), or `None` when out of range.
    #[must_use]
    pub fn new(index: u8) -> Option<Square> {
        (index < 64).then_some(Square(index))
    }

    /// The square in column `col` (0..8 = a..h, left to right) and row `row` (0..8 = 1..8, top to
    /// bottom), or `None` when either is out of range.
    #[must_use]
    pub fn from_coords(col: u8, row: u8) -> Option<Square> {
        (col < 8 && row < 8).then(|| Square(row * 8 + col))
    }

    /// A square from an index known to be below 64 (checked in debug builds only).
    #[must_use]
    pub(crate) fn new_unchecked(index: u8) -> Square {
        debug_assert!(index < 64, "square index {index} out of range");
        Square(index)
    }

    /// The index 0..64 (row × 8 + col); bit `index` of a bitboard is this square.
    #[must_use]
    pub fn index(self) -> u8 {
        self.0
    }

    /// The column 0..8 (a..h, left to right).
    #[must_use]
    pub fn col(self) -> u8 {
        self.0 & 7
    }

    /// The row 0..8 (ranks 1..8, top to bottom).
    #[must_use]
    pub fn row(self) -> u8 {
        self.0 >> 3
    }

    /// The single-bit bitboard of this square (`1 << index`).
    #[must_use]
    pub fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// All 64 squares in index order a1, b1, …, h1, a2, …, h8.
    pub fn all() -> impl Iterator<Item = Square> {
        (0u8..64).map(Square)
    }

    /// The squares of the set bits of `bitboard`, in index order.
    pub fn iter_bits(bitboard: u64) -> impl Iterator<Item = Square> {
        let mut rest = bitboard;
        std::iter::from_fn(move || {
            if rest == 0 {
                return None;
            }
            let index = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            Some(Square(index))
        })
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            char::from(b'a' + self.col()),
            char::from(b'1' + self.row())
        )
    }
}

/// Text that is not a square name "a1".."h8".
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("\"{0}\" is not a square: expected a column a-h then a row 1-8, like \"d3\"")]
pub struct ParseSquareError(pub String);

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Parses "d3" or "D3" (column letter, row digit; surrounding whitespace ignored).
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let t = s.trim();
        let bytes = t.as_bytes();
        if bytes.len() == 2 {
            let c = bytes[0].to_ascii_lowercase();
            let r = bytes[1];
            if (b'a'..=b'h').contains(&c) && (b'1'..=b'8').contains(&r) {
                return Ok(Square((r - b'1') * 8 + (c - b'a')));
            }
        }
        Err(ParseSquareError(s.to_string()))
    }
}

impl TryFrom<String> for Square {
    type Error = ParseSquareError;
    fn try_from(s: String) -> Result<Square, ParseSquareError> {
        s.parse()
    }
}

impl From<Square> for String {
    fn from(sq: Square) -> String {
        sq.to_string()
    }
}

/// A Reversi move: place a disc on a square, or pass (only legal when no placement is).
///
/// Display: "d3" or "pass". Serialized (serde) as that same string.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Move {
    /// Place a disc of the side to move on this square.
    Place(Square),
    /// No placement is possible: hand the turn to the opponent.
    Pass,
}

impl Move {
    /// The square of a placement, `None` for a pass.
    #[must_use]
    pub fn square(self) -> Option<Square> {
        match self {
            Move::Place(sq) => Some(sq),
            Move::Pass => None,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place(sq) => sq.fmt(f),
            Move::Pass => f.write_str("pass"),
        }
    }
}

/// Text that is neither a square name nor a pass.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("\"{0}\" is not a move: expected a square like \"d3\" or \"pass\"")]
pub struct ParseMoveError(pub String);

impl FromStr for Move {
    type Err = ParseMoveError;

    /// Parses a square ("d3", "D3") or a pass: "pass", "--" or "ps" in any letter case.
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let t = s.trim();
        if t.eq_ignore_ascii_case("pass") || t == "--" || t.eq_ignore_ascii_case("ps") {
            return Ok(Move::Pass);
        }
        t.parse::<Square>()
            .map(Move::Place)
            .map_err(|_| ParseMoveError(s.to_string()))
    }
}

impl TryFrom<String> for Move {
    type Error = ParseMoveError;
    fn try_from(s: String) -> Result<Move, ParseMoveError> {
        s.parse()
    }
}

impl From<Move> for String {
    fn from(mv: Move) -> String {
        mv.to_string()
    }
}

impl From<Square> for Move {
    fn from(sq: Square) -> Move {
        Move::Place(sq)
    }
}
