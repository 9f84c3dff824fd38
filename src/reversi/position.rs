//! The Reversi position: two bitboards relative to the side to move (Edax's `Board { player,
//! opponent }`) plus whose turn it is, with the rules (legal squares, flips, passes, game end,
//! final score), the Edax `.obf` text format, and the [`GameRules`] implementation.

use std::fmt;

use crate::core::{BySide, GameRules, Outcome, Score, Side};

use super::bitboard::{flips, legal_moves};
use super::square::{Move, Square};

/// Why a move is illegal. `Display` is the English sentence (logs, protocols);
/// [`IllegalMove::message`] the one shown in the window.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum IllegalMove {
    /// The square already holds a disc.
    #[error("{0} is occupied")]
    Occupied(Square),
    /// A disc there would not bracket any opponent disc.
    #[error("{0} would flip no discs")]
    NoFlips(Square),
    /// A placement was tried but the side to move has none: it must pass.
    #[error("no legal move: you must pass")]
    MustPass,
    /// A pass was tried but the side to move has a legal placement.
    #[error("you have a legal move, so you may not pass")]
    CannotPass,
    /// Neither side can move any more.
    #[error("the game is over")]
    GameOver,
}

impl IllegalMove {
    /// Why the move is refused, in the window's language (a sentence with a capital).
    #[must_use]
    pub fn message(&self) -> crate::i18n::Message {
        use crate::msg;
        match *self {
            IllegalMove::Occupied(sq) => msg!("move-occupied", point = sq.to_string()),
            IllegalMove::NoFlips(sq) => msg!("move-no-flips", point = sq.to_string()),
            IllegalMove::MustPass => msg!("move-must-pass"),
            IllegalMove::CannotPass => msg!("move-cannot-pass"),
            IllegalMove::GameOver => msg!("move-game-over"),
        }
    }
}

/// Why an `.obf` text could not be read as a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// Fewer than 64 board characters.
    #[error("the board has {0} squares, expected 64 characters of X, O or -")]
    TooShort(usize),
    /// A board character other than X/O/- (also accepted: x/o/*/. ).
    #[error("square {square}: unexpected character {found:?}, expected X, O or -")]
    BadSquare {
        /// The square whose character was wrong.
        square: Square,
        /// The character found.
        found: char,
    },
    /// The side to move is missing or is not X/O.
    #[error("side to move {0:?} is not X (Black) or O (White)")]
    BadSide(String),
}

/// A Reversi position: discs of the side to move (`player`) and of the other side (`opponent`)
/// as bitboards (bit i = square index i, see [`Square`]), plus the side to move. 17 bytes, `Copy`.
///
/// The start position has White on d4 and e5, Black on d5 and e4, Black to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    player: u64,
    opponent: u64,
    side: Side,
}

impl Default for Position {
    fn default() -> Self {
        Position::new()
    }
}

impl Position {
    /// The start position: White d4, e5; Black d5, e4; Black to move.
    #[must_use]
    pub fn new() -> Position {
        let black = (1u64 << 35) | (1u64 << 28); // d5, e4
        let white = (1u64 << 27) | (1u64 << 36); // d4, e5
        Position::from_board(black, white, Side::Black)
    }

    /// A position from Black's and White's bitboards (bit i = square index i) and the side to
    /// move. Squares set in both are given to Black. No legality check (any such board is a
    /// valid Reversi position to search).
    #[must_use]
    pub fn from_board(black: u64, white: u64, to_move: Side) -> Position {
        let white = white & !black;
        match to_move {
            Side::Black => Position {
                player: black,
                opponent: white,
                side: Side::Black,
            },
            Side::White => Position {
                player: white,
                opponent: black,
                side: Side::White,
            },
        }
    }

    /// Reads Edax `.obf` text: 64 board characters a1, b1, …, h8 (`X` Black, `O` White, `-`
    /// empty; `x`, `o`, `*`, `.` also accepted), optional whitespace, then `X` or `O` for the
    /// side to move. Anything after that (`;`, `% comment`, `move:score` fields) is ignored.
    ///
    /// # Errors
    /// [`ParseError`] when the board is short, holds another character, or the side is missing.
    pub fn from_obf(text: &str) -> Result<Position, ParseError> {
        let mut black = 0u64;
        let mut white = 0u64;
        let mut chars = text.trim_start().chars();
        for index in 0u8..64 {
            let Some(ch) = chars.next() else {
                return Err(ParseError::TooShort(usize::from(index)));
            };
            match ch {
                'X' | 'x' | '*' => black |= 1u64 << index,
                'O' | 'o' => white |= 1u64 << index,
                '-' | '.' => {}
                _ => {
                    return Err(ParseError::BadSquare {
                        square: Square::new_unchecked(index),
                        found: ch,
                    });
                }
            }
        }
        let rest: String = chars.collect();
        let side_text = rest
            .trim_start()
            .split(|c: char| c.is_whitespace() || c == ';')
            .next()
            .unwrap_or("");
        let side = match side_text {
            "X" | "x" | "*" => Side::Black,
            "O" | "o" => Side::White,
            other => return Err(ParseError::BadSide(other.to_string())),
        };
        Ok(Position::from_board(black, white, side))
    }

    /// The `.obf` text of this position: 64 characters `X`/`O`/`-` (a1…h8), a space, `X` or `O`.
    #[must_use]
    pub fn to_obf(&self) -> String {
        let mut s = String::with_capacity(66);
        for sq in Square::all() {
            s.push(match self.disc_at(sq) {
                Some(Side::Black) => 'X',
                Some(Side::White) => 'O',
                None => '-',
            });
        }
        s.push(' ');
        s.push(if self.side == Side::Black { 'X' } else { 'O' });
        s
    }

    /// The side whose turn it is.
    #[must_use]
    pub fn side_to_move(&self) -> Side {
        self.side
    }

    /// Discs of the side to move (bitboard).
    #[must_use]
    pub fn player(&self) -> u64 {
        self.player
    }

    /// Discs of the side not to move (bitboard).
    #[must_use]
    pub fn opponent(&self) -> u64 {
        self.opponent
    }

    /// The colour of the disc on `sq`, `None` when empty.
    #[must_use]
    pub fn disc_at(&self, sq: Square) -> Option<Side> {
        let bit = sq.bit();
        if self.player & bit != 0 {
            Some(self.side)
        } else if self.opponent & bit != 0 {
            Some(self.side.other())
        } else {
            None
        }
    }

    /// The discs of `side` (bitboard, bit i = square index i).
    #[must_use]
    pub fn discs(&self, side: Side) -> u64 {
        if side == self.side {
            self.player
        } else {
            self.opponent
        }
    }

    /// Number of discs of `side`, 0..=64.
    #[must_use]
    pub fn count(&self, side: Side) -> u32 {
        self.discs(side).count_ones()
    }

    /// Number of empty squares, 0..=60 in a game from the start.
    #[must_use]
    pub fn empties(&self) -> u32 {
        64 - (self.player | self.opponent).count_ones()
    }

    /// Empty squares (bitboard).
    #[must_use]
    pub fn empty_squares(&self) -> u64 {
        !(self.player | self.opponent)
    }

    /// Legal placements for the side to move (bitboard); 0 when it must pass or the game is over.
    #[must_use]
    pub fn legal_squares(&self) -> u64 {
        legal_moves(self.player, self.opponent)
    }

    /// The discs (bitboard) that the side to move would flip by placing on `sq`; 0 when that
    /// placement is illegal (occupied, or brackets nothing).
    #[must_use]
    pub fn flips(&self, sq: Square) -> u64 {
        if (self.player | self.opponent) & sq.bit() != 0 {
            0
        } else {
            flips(self.player, self.opponent, u32::from(sq.index()))
        }
    }

    /// True when the side to move has no placement but the opponent has one: its only legal
    /// move is [`Move::Pass`].
    #[must_use]
    pub fn must_pass(&self) -> bool {
        self.legal_squares() == 0 && legal_moves(self.opponent, self.player) != 0
    }

    /// True when neither side can place a disc (full board, wipe-out, or both blocked).
    #[must_use]
    pub fn is_game_over(&self) -> bool {
        self.legal_squares() == 0 && legal_moves(self.opponent, self.player) == 0
    }

    /// The discs `mv` would flip (bitboard; 0 for a pass) when it is legal here, otherwise why not.
    ///
    /// # Errors
    /// [`IllegalMove`]: game over, occupied square, no flips, must pass, or may not pass.
    pub fn check_move(&self, mv: Move) -> Result<u64, IllegalMove> {
        let moves = self.legal_squares();
        match mv {
            Move::Pass => {
                if moves != 0 {
                    Err(IllegalMove::CannotPass)
                } else if legal_moves(self.opponent, self.player) == 0 {
                    Err(IllegalMove::GameOver)
                } else {
                    Ok(0)
                }
            }
            Move::Place(sq) => {
                if moves == 0 {
                    if legal_moves(self.opponent, self.player) == 0 {
                        Err(IllegalMove::GameOver)
                    } else if (self.player | self.opponent) & sq.bit() != 0 {
                        Err(IllegalMove::Occupied(sq))
                    } else {
                        Err(IllegalMove::MustPass)
                    }
                } else if (self.player | self.opponent) & sq.bit() != 0 {
                    Err(IllegalMove::Occupied(sq))
                } else if moves & sq.bit() == 0 {
                    Err(IllegalMove::NoFlips(sq))
                } else {
                    Ok(flips(self.player, self.opponent, u32::from(sq.index())))
                }
            }
        }
    }

    /// Plays `mv` for the side to move and hands the turn over.
    /// Returns the flipped discs (bitboard; 0 for a pass).
    ///
    /// # Errors
    /// [`IllegalMove`] when `mv` is not legal; the position is then unchanged.
    pub fn play(&mut self, mv: Move) -> Result<u64, IllegalMove> {
        let flipped = self.check_move(mv)?;
        match mv {
            Move::Pass => self.pass(),
            Move::Place(sq) => self.apply(sq.bit(), flipped),
        }
        Ok(flipped)
    }

    /// Plays the placement on `sq` without checking it (debug builds assert legality).
    /// Returns the flipped discs (bitboard).
    pub fn play_unchecked(&mut self, sq: Square) -> u64 {
        debug_assert!(self.legal_squares() & sq.bit() != 0, "illegal move {sq}");
        let f = flips(self.player, self.opponent, u32::from(sq.index()));
        self.apply(sq.bit(), f);
        f
    }

    /// Hands the turn over without placing a disc (no legality check).
    pub fn pass(&mut self) {
        std::mem::swap(&mut self.player, &mut self.opponent);
        self.side = self.side.other();
    }

    #[inline]
    fn apply(&mut self, bit: u64, flipped: u64) {
        let p = self.player | bit | flipped;
        let o = self.opponent & !flipped;
        self.player = o;
        self.opponent = p;
        self.side = self.side.other();
    }

    /// Disc counts with the empty squares given to the winner (WTHOR convention; a draw splits
    /// them equally). Meaningful once the game is over; sums to 64 when someone has discs.
    #[must_use]
    pub fn final_score(&self) -> BySide<u32> {
        let black = self.count(Side::Black);
        let white = self.count(Side::White);
        let empties = 64 - black - white;
        match black.cmp(&white) {
            std::cmp::Ordering::Greater => BySide {
                black: black + empties,
                white,
            },
            std::cmp::Ordering::Less => BySide {
                black,
                white: white + empties,
            },
            std::cmp::Ordering::Equal => BySide {
                black: black + empties / 2,
                white: white + empties / 2,
            },
        }
    }

    /// Black's discs minus White's discs, plain counts (no empties awarded), −64..=64.
    #[must_use]
    pub fn disc_difference(&self) -> i32 {
        self.count(Side::Black) as i32 - self.count(Side::White) as i32
    }

    /// The result once the game is over, `None` while someone can still move.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        if !self.is_game_over() {
            return None;
        }
        Some(match self.disc_difference() {
            d if d > 0 => Outcome::Win(Side::Black),
            d if d < 0 => Outcome::Win(Side::White),
            _ => Outcome::Draw,
        })
    }

    /// All legal moves: the placements in square order, a lone [`Move::Pass`] when the side to
    /// move must pass, nothing when the game is over.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<Move> {
        let m = self.legal_squares();
        if m != 0 {
            Square::iter_bits(m).map(Move::Place).collect()
        } else if legal_moves(self.opponent, self.player) != 0 {
            vec![Move::Pass]
        } else {
            Vec::new()
        }
    }

    /// The position under board symmetry `sym` (0..8, see [`super::bitboard::symmetry`]); the
    /// side to move is kept. Used to check that search results do not depend on orientation.
    #[must_use]
    pub fn symmetric(&self, sym: u8) -> Position {
        use super::bitboard::symmetry;
        Position {
            player: symmetry(self.player, sym),
            opponent: symmetry(self.opponent, sym),
            side: self.side,
        }
    }
}

impl fmt::Display for Position {
    /// An 8×8 diagram: `X` Black, `O` White, `.` empty, with a–h and 1–8 labels, then the side
    /// to move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "  a b c d e f g h")?;
        for row in 0..8u8 {
            write!(f, "{}", row + 1)?;
            for col in 0..8u8 {
                let sq = Square::new_unchecked(row * 8 + col);
                let c = match self.disc_at(sq) {
                    Some(Side::Black) => 'X',
                    Some(Side::White) => 'O',
                    None => '.',
                };
                write!(f, " {c}")?;
            }
            writeln!(f)?;
        }
        write!(f, "{} to move", self.side)
    }
}

impl GameRules for Position {
    type Move = Move;
    type Illegal = IllegalMove;
    type Choice = crate::core::NoChoice;

    fn illegal_message(err: &IllegalMove) -> crate::i18n::Message {
        err.message()
    }

    fn side_to_move(&self) -> Side {
        self.side
    }

    fn check_move(&self, mv: Move) -> Result<(), IllegalMove> {
        Position::check_move(self, mv).map(|_| ())
    }

    fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        Position::play(self, mv).map(|_| ())
    }

    fn choose(&mut self, choice: crate::core::NoChoice) -> Result<(), IllegalMove> {
        match choice {}
    }

    fn outcome(&self) -> Option<Outcome> {
        Position::outcome(self)
    }

    fn legal_moves(&self) -> Vec<Move> {
        Position::legal_moves(self)
    }

    fn final_score(&self) -> Option<Score> {
        self.is_game_over()
            .then(|| Score::Discs(super::eval::final_score(self.player(), self.opponent())))
    }
}
