//! Board coordinates: [`Point`] and its text form ("H8").

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// An intersection of the board.
///
/// `x` is the column, 0 = A (left edge); `y` is the row index, 0 = row 1 (BOTTOM edge), as on
/// printed Renju boards. On 15×15, `Point { x: 7, y: 7 }` is H8, the centre. Column letters are
/// consecutive (A, B, …, S on 19×19; no letter is skipped). A `Point` does not know the board
/// size: [`crate::gomoku::Position`] checks that it is on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Point {
    /// Column, 0 = A (left).
    pub x: u8,
    /// Row index, 0 = row 1 (bottom).
    pub y: u8,
}

impl Point {
    /// The point at column `x` (0 = A) and row index `y` (0 = row 1, bottom).
    #[must_use]
    pub const fn new(x: u8, y: u8) -> Point {
        Point { x, y }
    }

    /// The centre of a `size`×`size` board (H8 on 15×15).
    #[must_use]
    pub const fn center(size: u8) -> Point {
        Point {
            x: size / 2,
            y: size / 2,
        }
    }
}

impl fmt::Display for Point {
    /// Column letter then row number, e.g. "H8". Columns past Z (never on boards ≤ 19) print as '?'.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = if self.x < 26 {
            char::from(b'A' + self.x)
        } else {
            '?'
        };
        write!(f, "{letter}{}", u32::from(self.y) + 1)
    }
}

/// Why a text could not be read as a [`Point`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParsePointError {
    /// The text was empty.
    #[error("empty point")]
    Empty,
    /// The first character is not a column letter A–S (either case).
    #[error("bad column in {0:?}: expected a letter A-S")]
    BadColumn(String),
    /// What follows the letter is not a row number 1–19.
    #[error("bad row in {0:?}: expected a number 1-19")]
    BadRow(String),
}

impl FromStr for Point {
    type Err = ParsePointError;

    /// Reads "H8" or "h8" (letter A–S = column from the left, number 1–19 = row from the bottom).
    ///
    /// # Errors
    /// [`ParsePointError`] when the text is empty, the letter is outside A–S or the row outside 1–19.
    fn from_str(s: &str) -> Result<Point, ParsePointError> {
        let s = s.trim();
        let mut chars = s.chars();
        let first = chars.next().ok_or(ParsePointError::Empty)?;
        let col = first.to_ascii_uppercase();
        if !('A'..='S').contains(&col) {
            return Err(ParsePointError::BadColumn(s.to_string()));
        }
        let rest = chars.as_str();
        if rest.is_empty() || !rest.bytes().all(|b| b.is_ascii_digit()) || rest.len() > 2 {
            return Err(ParsePointError::BadRow(s.to_string()));
        }
        let row: u8 = rest
            .parse()
            .map_err(|_| ParsePointError::BadRow(s.to_string()))?;
        if !(1..=19).contains(&row) {
            return Err(ParsePointError::BadRow(s.to_string()));
        }
        Ok(Point {
            x: col as u8 - b'A',
            y: row - 1,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let p: Point = "h8".parse().unwrap();
        assert_eq!(p, Point::new(7, 7));
        assert_eq!(p.to_string(), "H8");
        assert_eq!("S19".parse::<Point>().unwrap(), Point::new(18, 18));
        assert!("T1".parse::<Point>().is_err());
        assert!("A0".parse::<Point>().is_err());
        assert!("A20".parse::<Point>().is_err());
        assert!("".parse::<Point>().is_err());
        assert!("A".parse::<Point>().is_err());
    }
}
