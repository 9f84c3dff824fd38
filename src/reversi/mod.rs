//! Reversi (Othello): rules on bitboards, text notation, perft, and the computer player.
//!
//! - [`Square`], [`Move`]: a1 top-left = index 0, index = row × 8 + col; "d3", "pass".
//! - [`Position`]: player/opponent bitboards relative to the side to move (as in Edax), the
//!   rules, `.obf` I/O, and [`crate::core::GameRules`].
//! - [`perft()`]: move-path counts (OEIS A124004 convention) to validate move generation.
//! - [`notation`]: game transcripts "f5d6c3…" with inferred passes.
//! - [`ReversiEngine`]: Easy (greedy), Medium (table alpha-beta), Hard (iterative-deepening
//!   PVS + exact endgame solver); [`solve()`]: the exact solver on its own.
//! - [`openings`]: the names of the standard opening lines; [`book`]: the opening book built
//!   from tournament games and [`book::BookEngine`], the engine playing from it;
//!   [`canonical`]: positions up to the board's 8 symmetries, which both look up by.
//!
//! Start position: White d4, e5; Black d5, e4; Black to move; Black's first moves d3, c4, f5, e6.

pub mod analysis;
pub mod bitboard;
pub mod book;
pub mod canonical;
pub mod endgame;
pub mod engine;
pub mod eval;
pub mod fit;
pub mod label;
pub mod mpc;
pub mod notation;
pub mod openings;
pub mod patterns;
pub mod perft;
pub mod position;
mod search;
pub mod setup;
pub mod square;
mod tt;

pub use endgame::{SolveResult, solve, solve_with_threads};
pub use engine::{ENDGAME_EMPTIES, QUICK_SOLVE_EMPTIES, ReversiEngine, TRY_SOLVE_EMPTIES};
pub use notation::{TranscriptError, format_transcript, parse_transcript};
pub use perft::{perft, perft_divide};
pub use position::{IllegalMove, ParseError, Position};
pub use square::{Move, ParseMoveError, ParseSquareError, Square};
