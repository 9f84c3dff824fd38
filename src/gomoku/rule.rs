//! Rule sets and the small value types around them: [`Rule`], [`ForbiddenKind`], [`Threat`],
//! and the errors [`IllegalMove`], [`SizeError`], [`SetupError`].

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::point::Point;
use crate::core::Side;

/// Which five-in-a-row rule set is played. Black always moves first; stones are never captured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Rule {
    /// Five or more stones in a row win, for both sides. Any board size 9..=19.
    Freestyle,
    /// Exactly five in a row wins, for both sides; an overline (six or more) does not win and
    /// the game goes on. Any board size 9..=19.
    Standard,
    /// RIF Renju, 15×15 only: White wins with five or an overline; Black wins only with exactly
    /// five, and Black may not play a double-three, a double-four or an overline (unless the
    /// move makes an exact five at the same time).
    Renju,
}

impl Rule {
    /// All rule sets, simplest first.
    pub const ALL: [Rule; 3] = [Rule::Freestyle, Rule::Standard, Rule::Renju];

    /// "Freestyle", "Standard" or "Renju".
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "Freestyle",
            Rule::Standard => "Standard",
            Rule::Renju => "Renju",
        }
    }

    /// The rule set whose [`Rule::name`] in lower case is `name` ("freestyle", "standard",
    /// "renju"), as command lines and the positions file write it; `None` for other text.
    #[must_use]
    pub fn from_lowercase_name(name: &str) -> Option<Rule> {
        Rule::ALL
            .into_iter()
            .find(|r| r.name().to_ascii_lowercase() == name)
    }

    /// The rule set's name in the window's language ("Renju", "连珠"); [`Rule::name`]
    /// stays English for files and protocols.
    #[must_use]
    pub fn label(self) -> String {
        crate::tr!(self.key())
    }

    /// The catalogue key of [`Rule::label`].
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            Rule::Freestyle => "rule-freestyle",
            Rule::Standard => "rule-standard",
            Rule::Renju => "rule-renju",
        }
    }

    /// A one-line summary for the UI, in the window's language.
    #[must_use]
    pub fn description(self) -> String {
        match self {
            Rule::Freestyle => crate::tr!("rule-about-freestyle"),
            Rule::Standard => crate::tr!("rule-about-standard"),
            Rule::Renju => crate::tr!("rule-about-renju"),
        }
    }

    /// Whether `side` needs EXACTLY five (an overline does not win) under this rule.
    #[must_use]
    pub fn exact_five(self, side: crate::core::Side) -> bool {
        match self {
            Rule::Freestyle => false,
            Rule::Standard => true,
            Rule::Renju => side == crate::core::Side::Black,
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a move is forbidden for Black under Renju (RIF rule 9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ForbiddenKind {
    /// The move makes two or more threes at once (each a real three in the recursive RIF
    /// sense: it can become a straight four by a move that is itself not forbidden).
    DoubleThree,
    /// The move makes two or more fours at once, possibly on one line (`X.XXX.X`, `XX.XX.XX`,
    /// `XXX.X.XXX`).
    DoubleFour,
    /// The move makes six or more black stones in a row.
    Overline,
}

impl ForbiddenKind {
    /// "double-three", "double-four" or "overline" in the window's language (三三, 四四,
    /// 长连); `Display` stays English.
    #[must_use]
    pub fn message(self) -> crate::i18n::Message {
        crate::i18n::Message::new(match self {
            ForbiddenKind::DoubleThree => "forbidden-double-three",
            ForbiddenKind::DoubleFour => "forbidden-double-four",
            ForbiddenKind::Overline => "forbidden-overline",
        })
    }
}

impl fmt::Display for ForbiddenKind {
    /// "double-three", "double-four" or "overline".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ForbiddenKind::DoubleThree => "double-three",
            ForbiddenKind::DoubleFour => "double-four",
            ForbiddenKind::Overline => "overline",
        })
    }
}

/// Why [`crate::gomoku::Position::play`] refused a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
pub enum IllegalMove {
    /// The point is outside the board.
    #[error("{0} is off the board")]
    OffBoard(Point),
    /// A stone already stands there.
    #[error("{0} is occupied")]
    Occupied(Point),
    /// Renju: the move is forbidden for Black.
    #[error("{0} is forbidden for Black: {1}")]
    Forbidden(Point, ForbiddenKind),
    /// The game has already ended.
    #[error("the game is over")]
    GameOver,
    /// The opening rule does not allow it now (see [`crate::gomoku::opening`]).
    #[error(transparent)]
    Opening(#[from] crate::gomoku::opening::OpeningError),
}

impl IllegalMove {
    /// Why the move is refused, in the window's language (a sentence with a capital).
    #[must_use]
    pub fn message(&self) -> crate::i18n::Message {
        use crate::msg;
        match *self {
            IllegalMove::OffBoard(p) => msg!("move-off-board", point = p.to_string()),
            IllegalMove::Occupied(p) => msg!("move-occupied", point = p.to_string()),
            IllegalMove::Forbidden(p, kind) => {
                msg!(
                    "move-forbidden",
                    point = p.to_string(),
                    kind = kind.message()
                )
            }
            IllegalMove::GameOver => msg!("move-game-over"),
            IllegalMove::Opening(e) => e.message(),
        }
    }
}

/// A board size that the rule set does not allow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
pub enum SizeError {
    /// Freestyle and Standard boards are 9..=19 intersections a side.
    #[error("board size {0} is outside 9..=19")]
    OutOfRange(u8),
    /// Renju is played on 15×15 only.
    #[error("Renju is played on 15x15 only, not {0}x{0}")]
    RenjuNeeds15(u8),
}

/// Why [`crate::gomoku::Position::with_stones`] refused a set-up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
pub enum SetupError {
    /// The size does not suit the rule set.
    #[error(transparent)]
    Size(#[from] SizeError),
    /// A stone is outside the board.
    #[error("{0} is off the board")]
    OffBoard(Point),
    /// Two stones were given for one point.
    #[error("{0} is given twice")]
    Duplicate(Point),
    /// A five (or, where it wins, a longer line) is already on the board: the game is over.
    #[error("{0} already has five in a row: the game is over")]
    FiveOnBoard(Side),
    /// Black moves first and the sides alternate, so Black has as many stones as White or
    /// one more.
    #[error(
        "{black} black and {white} white stones cannot arise in a game: Black has as many stones as White or one more"
    )]
    StoneCounts {
        /// Black stones on the board.
        black: usize,
        /// White stones on the board.
        white: usize,
    },
    /// The stone counts decide whose turn it is, and it is not the side chosen.
    #[error("with these stones it is {expected}'s turn")]
    WrongTurn {
        /// The side whose turn the counts give.
        expected: Side,
    },
    /// The board is full: nothing can be played.
    #[error("the board is full: nothing can be played")]
    Full,
}

impl SizeError {
    /// Why the size is refused, in the window's language.
    #[must_use]
    pub fn message(&self) -> crate::i18n::Message {
        match *self {
            SizeError::OutOfRange(n) => crate::msg!("setup-size-out-of-range", size = n),
            SizeError::RenjuNeeds15(n) => crate::msg!("setup-renju-needs-15", size = n),
        }
    }
}

impl SetupError {
    /// Why the set-up is refused, in the window's language.
    #[must_use]
    pub fn message(&self) -> crate::i18n::Message {
        use crate::msg;
        match *self {
            SetupError::Size(e) => e.message(),
            SetupError::OffBoard(p) => msg!("move-off-board", point = p.to_string()),
            SetupError::Duplicate(p) => msg!("setup-duplicate", point = p.to_string()),
            SetupError::FiveOnBoard(side) => msg!("setup-five-on-board", side = side),
            SetupError::StoneCounts { black, white } => {
                msg!("setup-stone-counts", black = black, white = white)
            }
            SetupError::WrongTurn { expected } => msg!("setup-wrong-turn", side = expected),
            SetupError::Full => msg!("setup-full"),
        }
    }
}

/// A hint for the UI: what a stone of some side would make at an empty point
/// (see [`crate::gomoku::Position::threat_points`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Threat {
    /// A four (one move from five), a straight four, or a five outright.
    Four,
    /// An open three (one move from a straight four), and no four.
    OpenThree,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rule_is_read_back_from_its_lower_case_name_only() {
        for rule in Rule::ALL {
            let lower = rule.name().to_ascii_lowercase();
            assert_eq!(Rule::from_lowercase_name(&lower), Some(rule));
            assert_eq!(Rule::from_lowercase_name(rule.name()), None);
        }
        assert_eq!(Rule::from_lowercase_name("gomoku"), None);
    }
}
