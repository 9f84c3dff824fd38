//! Gomoku (five-in-a-row) with three rule sets — Freestyle, Standard and Renju (RIF) — and the
//! computer players for it.
//!
//! Layout:
//! - [`point`]: [`Point`], board coordinates in printed-board notation ("H8").
//! - [`rule`]: [`Rule`], [`ForbiddenKind`], [`IllegalMove`], [`Threat`] and the error types.
//! - [`pattern`]: line patterns (five, overline, open four, four, open three, three, two), named
//!   after Rapfi's F5/OL/F4/B4/F3/B3/F2/B2, computed once into lookup tables.
//! - `board`: the padded cell array, win detection and the exact recursive Renju forbidden-move
//!   test (RIF rule 9, the same definition as Piskvork and Rapfi).
//! - [`position`]: [`Position`], the rules as a value type implementing [`crate::core::GameRules`].
//! - [`search_board`]: [`SearchBoard`], an incrementally updated board (patterns of the 4 lines through each
//!   changed point, Zobrist hash) for the engines.
//! - [`vcf`]: [`find_vcf`], victory by continuous fours (threat-space search, Allis et al. 1994).
//! - [`vct`]: [`find_vct`], victory by continuous threats (fours and open threes, every
//!   defence of a three tried, counter-fours included; Renju-aware).
//! - [`dfpn`]: [`find_vct_dfpn`], the same VCT by depth-first proof-number search (df-pn); not
//!   used by Hard yet (at its root it made Hard weaker in Renju, see `engine.rs`).
//! - [`eval`]: Hard's learned pattern-code evaluation and its fit; `correction` the search's
//!   running correction of it by threat signature.
//! - [`engine`]: [`GomokuEngine`] with the Easy, Medium and Hard levels.
//! - [`opening`]: the tournament opening rules (Swap, Swap2, Soosõrv-8) as a state machine,
//!   and the 26 canonical Renju openings.
//! - [`opening_engine`]: the computer in every role of those openings ([`OpeningEngine`]).
//!
//! Coordinates: column letters A, B, C, … from the left (consecutive, no letter skipped, so a
//! 19×19 board runs A–S), rows 1, 2, … from the BOTTOM, as on printed Renju boards; H8 is the
//! centre of the 15×15 board.

pub mod analysis;
mod board;
mod correction;
pub mod dfpn;
pub mod engine;
pub mod eval;
pub mod opening;
pub mod opening_engine;
mod order;
pub mod pattern;
pub mod point;
pub mod position;
pub mod rule;
mod search;
pub mod search_board;
pub mod vcf;
pub mod vct;

pub use dfpn::find_vct_dfpn;
pub use engine::GomokuEngine;
pub use opening::{Choice, OpeningError, OpeningRule, Role, Stage};
pub use opening_engine::OpeningEngine;
pub use pattern::Pattern;
pub use point::{ParsePointError, Point};
pub use position::Position;
pub use rule::{ForbiddenKind, IllegalMove, Rule, SetupError, SizeError, Threat};
pub use search_board::SearchBoard;
pub use vcf::{find_vcf, find_vcf_limited};
pub use vct::find_vct;

/// Smallest board side supported for Freestyle and Standard, in intersections.
pub const MIN_SIZE: u8 = 9;
/// Largest board side supported for Freestyle and Standard, in intersections.
pub const MAX_SIZE: u8 = 19;
/// The default board side, and the only one Renju allows.
pub const DEFAULT_SIZE: u8 = 15;
