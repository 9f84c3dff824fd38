//! Positions up to the board's 8 symmetries: the canonical key shared by the opening names
//! ([`super::openings`]) and the opening book ([`super::book`]), so that an opening played
//! from d3, c4 or e6 instead of f5 (or mirrored) is recognised as the same one.
//!
//! The key of a position is the smallest `(player, opponent)` pair (compared as numbers,
//! player first) over the 8 images given by [`symmetry`]; a position and its mirror images
//! have the same key. A move is carried into the key's frame by the symmetry that produced
//! the key; when several do (a symmetric position), the smallest image is taken, so moves
//! that are mirror images of each other in a symmetric position share one canonical square.

use super::bitboard::symmetry;

/// A position up to symmetry: the side to move's discs and the other side's, as bitboards
/// (bit i = square index i), in the frame of the smallest image.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PositionKey {
    /// The side to move's discs in the canonical frame.
    pub player: u64,
    /// The other side's discs in the canonical frame.
    pub opponent: u64,
}

/// A position's key and the symmetries that map the position onto it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Canonical {
    /// The key.
    pub key: PositionKey,
    /// Bit `s` set when symmetry `s` (0..8, see [`symmetry`]) maps the position to the key;
    /// never 0. More than one bit for a position symmetric in itself (the start position
    /// has four).
    pub syms: u8,
}

impl Canonical {
    /// The key of the position with `player`'s and `opponent`'s discs (the side to move
    /// first).
    #[must_use]
    pub fn of(player: u64, opponent: u64) -> Canonical {
        let mut best = PositionKey {
            player: u64::MAX,
            opponent: u64::MAX,
        };
        let mut syms = 0u8;
        for s in 0..8u8 {
            let image = PositionKey {
                player: symmetry(player, s),
                opponent: symmetry(opponent, s),
            };
            if image < best {
                best = image;
                syms = 0;
            }
            if image == best {
                syms |= 1 << s;
            }
        }
        Canonical { key: best, syms }
    }

    /// Square `sq` (index 0..64) of the position, in the key's frame: the smallest of its
    /// images under the symmetries that produce the key.
    #[must_use]
    pub fn to_key_square(&self, sq: u8) -> u8 {
        self.symmetries()
            .map(|s| symmetric_square(sq, s))
            .min()
            .unwrap_or(sq)
    }

    /// The square of the position whose image in the key's frame is `key_sq` (the inverse
    /// of [`Canonical::to_key_square`], up to the position's own symmetry).
    #[must_use]
    pub fn from_key_square(&self, key_sq: u8) -> u8 {
        let s = self.syms.trailing_zeros() as u8;
        (0..64u8)
            .find(|&q| symmetric_square(q, s) == key_sq)
            .unwrap_or(key_sq)
    }

    fn symmetries(&self) -> impl Iterator<Item = u8> + '_ {
        (0..8u8).filter(|s| self.syms & (1 << s) != 0)
    }
}

/// The image of square `sq` (index 0..64) under board symmetry `sym` (0..8, as
/// [`symmetry`] maps bitboards).
#[must_use]
pub fn symmetric_square(sq: u8, sym: u8) -> u8 {
    symmetry(1u64 << (sq & 63), sym).trailing_zeros() as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reversi::Position;

    #[test]
    fn mirror_images_share_a_key_and_squares_follow() {
        let mut pos = Position::new();
        for mv in ["f5", "d6", "c3"] {
            pos.play(mv.parse().expect("a move")).expect("legal");
        }
        let c = Canonical::of(pos.player(), pos.opponent());
        let d3: u8 = 19;
        for s in 0..8 {
            let image = pos.symmetric(s);
            let ci = Canonical::of(image.player(), image.opponent());
            assert_eq!(ci.key, c.key, "symmetry {s}");
            let moved = symmetric_square(d3, s);
            assert_eq!(ci.to_key_square(moved), c.to_key_square(d3), "symmetry {s}");
            let back = ci.from_key_square(ci.to_key_square(moved));
            assert_eq!(back, moved, "symmetry {s}");
        }
    }

    #[test]
    fn the_start_position_has_four_symmetries_and_one_first_move() {
        let pos = Position::new();
        let c = Canonical::of(pos.player(), pos.opponent());
        assert_eq!(c.syms.count_ones(), 4);
        let firsts: std::collections::BTreeSet<u8> =
            crate::reversi::Square::iter_bits(pos.legal_squares())
                .map(|sq| c.to_key_square(sq.index()))
                .collect();
        assert_eq!(
            firsts.len(),
            1,
            "d3, c4, f5 and e6 are one move up to symmetry"
        );
    }
}
