//! The opening book: for positions of the first plies that tournament players reached
//! often, the moves they played, how those games ended, and our own search's score of each
//! move; Medium and Hard play from it (see [`BookEngine`]) instead of searching.
//!
//! - Built by [`build::build`] (`reversi-gomoku reversi build-book`) from the 135 642 WTHOR
//!   games of `tests/data/othello-games-wthor-1977-2025.txt.xz`: positions are merged under
//!   the 8 board symmetries ([`Canonical`]); a position and a move are kept when at least
//!   `min_games` games went through them; every kept position is searched by Hard at a
//!   fixed depth and the scores are backed up the book's tree by negamax (Buro's and Edax's
//!   book scheme: a move leading to another book position takes that position's value).
//! - Shipped as `assets/reversi-book.bin` (compiled in; format below) and read by
//!   [`Book::shipped`]. A damaged book is reported and the computer plays without it.
//! - Chosen from by [`Book::choose`]: only moves whose score is within a margin of the best
//!   score in the position, including the search's score when its best move is not in the
//!   book (so a book move is not played when the search knows a clearly better one); the
//!   best of them, or with
//!   "vary the opening" a random one, so games differ. Medium's book is shorter and looser
//!   ([`BookParams::for_level`]).
//!
//! # File format (version 1, little-endian)
//! ```text
//! "RGBOOK" u16 version
//! u32 positions   u32 moves   u32 min_games   u8 max_plies   u8 depth   u16 0
//! positions × { u64 player  u64 opponent  i8 leaf  u8 n }        sorted by (player, opponent)
//! moves     × { u8 square  i8 score  u32 games  i16 result }   each position's n moves in turn
//! u64 checksum (FNV-1a of every byte before it)
//! ```
//! `player`/`opponent`: the position's canonical key (side to move first); `leaf`: the
//! search's score of the position when its best move is not a book move (−128: it is one);
//! `square`: in the key's frame; `score`: discs for the side to move (−64..=64); `games`:
//! how many games played the move; `result`: those games' mean final disc differential for
//! the mover, in tenths of a disc (empties to the winner).

pub mod build;
mod player;

pub use player::{BookEngine, BookSwitch, BookUse};

use std::sync::{Arc, OnceLock};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::core::Level;

use super::bitboard::legal_moves;
use super::canonical::{Canonical, PositionKey};
use super::position::Position;
use super::square::{Move, Square};

/// The book compiled into the app (`assets/reversi-book.bin`).
const SHIPPED: &[u8] = include_bytes!("../../../assets/reversi-book.bin");

/// The file's first six bytes.
const MAGIC: &[u8; 6] = b"RGBOOK";
/// The format version this code writes and reads.
pub const FORMAT_VERSION: u16 = 1;
const HEADER_BYTES: usize = 8 + 16;
const POSITION_BYTES: usize = 18;
const MOVE_BYTES: usize = 8;
/// `leaf` of a position whose searched best move is a book move.
const NO_LEAF: i8 = i8::MIN;

/// One book move, in the frame of its position's key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// The square, in the key's frame (see [`Canonical::from_key_square`]).
    pub square: u8,
    /// Our search's score of the move, in discs for the side to move (−64..=64).
    pub score: i8,
    /// How many games of the collection played it.
    pub games: u32,
    /// Their mean final disc differential for the side that played it, in tenths of a disc.
    pub result: i16,
}

/// One book position: its key, the best score outside the book, its moves best first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookEntry {
    /// The canonical key (side to move first).
    pub key: PositionKey,
    /// The search's score of the position when its best move is not a book move, in discs
    /// (a better move may exist outside the book); `None` when it is one.
    pub leaf: Option<i8>,
    /// The book moves, best score first (more games, then the lower square, on ties).
    pub moves: Vec<BookMove>,
}

/// How the book was built (kept in the file's header, for the record).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookInfo {
    /// Fewest games through a kept position and a kept move.
    pub min_games: u32,
    /// Positions up to this many plies from the start were collected.
    pub max_plies: u8,
    /// Depth of the analysis that scored them, in plies.
    pub depth: u8,
}

/// Why a book file could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BookError {
    /// It does not start with the book's magic bytes.
    #[error("not an opening book file")]
    NotABook,
    /// A later version of the app wrote it.
    #[error("book format version {0} is newer than this app's ({FORMAT_VERSION})")]
    NewerVersion(u16),
    /// Its length disagrees with its header.
    #[error("the file is {found} bytes long, its header says {expected}")]
    Length {
        /// Bytes the header implies.
        expected: usize,
        /// Bytes found.
        found: usize,
    },
    /// The checksum does not match: the file was damaged or edited.
    #[error("checksum mismatch: the file is damaged")]
    Checksum,
    /// The content is inconsistent (unsorted keys, an illegal move, a score out of range).
    #[error("position {index}: {why}")]
    Content {
        /// 0-based index of the position.
        index: usize,
        /// What is wrong.
        why: String,
    },
}

/// How a level uses the book.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookParams {
    /// The book is used only while fewer plies than this have been played.
    pub max_ply: u32,
    /// A move is a candidate when its score is at most this many discs below the best.
    pub margin: i32,
}

impl BookParams {
    /// Hard: the whole book, moves within 2 discs of the best. Medium: the first 12 plies,
    /// within 4 discs (a lighter book that still varies). Easy: no book.
    #[must_use]
    pub fn for_level(level: Level) -> Option<BookParams> {
        match level {
            Level::Easy => None,
            Level::Medium => Some(BookParams {
                max_ply: 12,
                margin: 4,
            }),
            Level::Hard => Some(BookParams {
                max_ply: 60,
                margin: 2,
            }),
        }
    }
}

/// An opening book in memory: positions sorted by key, looked up by binary search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Book {
    info: BookInfo,
    entries: Vec<BookEntry>,
}

impl Book {
    /// A book of `entries` (any order; sorted here) built with `info`.
    #[must_use]
    pub fn new(info: BookInfo, mut entries: Vec<BookEntry>) -> Book {
        entries.sort_by_key(|e| e.key);
        Book { info, entries }
    }

    /// The book compiled into the app, read once; the error when it is damaged (then the
    /// computer plays without a book).
    ///
    /// # Errors
    /// The [`BookError`] of reading `assets/reversi-book.bin`.
    pub fn shipped() -> Result<Arc<Book>, BookError> {
        static SHIPPED_BOOK: OnceLock<Result<Arc<Book>, BookError>> = OnceLock::new();
        SHIPPED_BOOK
            .get_or_init(|| Book::from_bytes(SHIPPED).map(Arc::new))
            .clone()
    }

    /// How the book was built.
    #[must_use]
    pub fn info(&self) -> BookInfo {
        self.info
    }

    /// Every position, sorted by key.
    #[must_use]
    pub fn entries(&self) -> &[BookEntry] {
        &self.entries
    }

    /// Number of book moves over all positions.
    #[must_use]
    pub fn move_count(&self) -> usize {
        self.entries.iter().map(|e| e.moves.len()).sum()
    }

    /// The entry of `pos` (in any of its 8 orientations) and the symmetry that maps `pos` to
    /// it.
    #[must_use]
    pub fn entry(&self, pos: &Position) -> Option<(&BookEntry, Canonical)> {
        let c = Canonical::of(pos.player(), pos.opponent());
        let i = self.entries.binary_search_by_key(&c.key, |e| e.key).ok()?;
        Some((&self.entries[i], c))
    }

    /// The book moves of `pos` as moves of `pos` (not of its key), best first.
    #[must_use]
    pub fn moves(&self, pos: &Position) -> Vec<(Move, BookMove)> {
        let Some((entry, c)) = self.entry(pos) else {
            return Vec::new();
        };
        entry
            .moves
            .iter()
            .map(|m| {
                let sq = Square::new(c.from_key_square(m.square)).unwrap_or_else(|| {
                    unreachable!("from_key_square gives a square index below 64")
                });
                (Move::Place(sq), *m)
            })
            .collect()
    }

    /// The book's move in `pos` for a level using `params`, with its score (discs for the
    /// side to move): `None` out of the book, past `params.max_ply`, or when the best move
    /// outside the book beats every book move by more than `params.margin`. The candidates
    /// are the book moves within `margin` of the best score (book or not); without `vary`
    /// the best of them, with it a uniformly random one, from `seed` mixed with the position
    /// (fresh entropy when `None`).
    #[must_use]
    pub fn choose(
        &self,
        pos: &Position,
        params: &BookParams,
        vary: bool,
        seed: Option<u64>,
    ) -> Option<(Move, i32)> {
        if 60 - pos.empties() >= params.max_ply {
            return None;
        }
        let moves = self.moves(pos);
        let (_, top) = moves.first()?;
        let leaf = self.entry(pos).and_then(|(e, _)| e.leaf).map(i32::from);
        let best = leaf.map_or(i32::from(top.score), |l| l.max(i32::from(top.score)));
        let candidates: Vec<(Move, i32)> = moves
            .iter()
            .map(|(mv, m)| (*mv, i32::from(m.score)))
            .filter(|&(_, score)| score >= best - params.margin)
            .collect();
        if candidates.is_empty() {
            return None;
        }
        let pick = if vary && candidates.len() > 1 {
            let salt = pos.player().rotate_left(17) ^ pos.opponent();
            let i = match seed {
                Some(s) => StdRng::seed_from_u64(s ^ salt).random_range(0..candidates.len()),
                None => rand::rng().random_range(0..candidates.len()),
            };
            candidates[i]
        } else {
            candidates[0]
        };
        debug_assert!(pos.check_move(pick.0).is_ok());
        Some(pick)
    }

    /// The book as file bytes (see the [module docs](self)).
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let moves = self.move_count();
        let mut out = Vec::with_capacity(
            HEADER_BYTES + self.entries.len() * POSITION_BYTES + moves * MOVE_BYTES + 8,
        );
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        out.extend_from_slice(&(self.entries.len() as u32).to_le_bytes());
        out.extend_from_slice(&(moves as u32).to_le_bytes());
        out.extend_from_slice(&self.info.min_games.to_le_bytes());
        out.push(self.info.max_plies);
        out.push(self.info.depth);
        out.extend_from_slice(&0u16.to_le_bytes());
        for e in &self.entries {
            out.extend_from_slice(&e.key.player.to_le_bytes());
            out.extend_from_slice(&e.key.opponent.to_le_bytes());
            out.extend_from_slice(&e.leaf.unwrap_or(NO_LEAF).to_le_bytes());
            out.push(e.moves.len() as u8);
        }
        for m in self.entries.iter().flat_map(|e| &e.moves) {
            out.push(m.square);
            out.extend_from_slice(&m.score.to_le_bytes());
            out.extend_from_slice(&m.games.to_le_bytes());
            out.extend_from_slice(&m.result.to_le_bytes());
        }
        let sum = fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads book file bytes (see the [module docs](self)), checking the length, the
    /// checksum, the order of the keys and that every move is legal in its position.
    ///
    /// # Errors
    /// [`BookError`] saying what is wrong.
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        if bytes.len() < HEADER_BYTES || &bytes[..6] != MAGIC {
            return Err(BookError::NotABook);
        }
        let mut r = Reader { bytes, at: 6 };
        let version = r.u16();
        if version > FORMAT_VERSION || version == 0 {
            return Err(BookError::NewerVersion(version));
        }
        let positions = r.u32() as usize;
        let moves = r.u32() as usize;
        let info = BookInfo {
            min_games: r.u32(),
            max_plies: r.u8(),
            depth: r.u8(),
        };
        r.u16();
        let expected = positions
            .checked_mul(POSITION_BYTES)
            .and_then(|p| moves.checked_mul(MOVE_BYTES).map(|m| (p, m)))
            .and_then(|(p, m)| (HEADER_BYTES + 8).checked_add(p)?.checked_add(m))
            .unwrap_or(usize::MAX);
        if bytes.len() != expected {
            return Err(BookError::Length {
                expected,
                found: bytes.len(),
            });
        }
        let body = &bytes[..bytes.len() - 8];
        let stored = u64::from_le_bytes(bytes[body.len()..].try_into().unwrap_or_default());
        if fnv1a(body) != stored {
            return Err(BookError::Checksum);
        }
        let mut heads = Vec::with_capacity(positions);
        for _ in 0..positions {
            let key = PositionKey {
                player: r.u64(),
                opponent: r.u64(),
            };
            let leaf = r.i8();
            heads.push((key, (leaf != NO_LEAF).then_some(leaf), r.u8()));
        }
        let mut entries = Vec::with_capacity(positions);
        for (index, (key, leaf, n)) in heads.into_iter().enumerate() {
            let moves = (0..n)
                .map(|_| BookMove {
                    square: r.u8(),
                    score: r.i8(),
                    games: r.u32(),
                    result: r.i16(),
                })
                .collect();
            let entry = BookEntry { key, leaf, moves };
            check_entry(&entry, entries.last()).map_err(|why| BookError::Content { index, why })?;
            entries.push(entry);
        }
        let held: usize = entries.iter().map(|e: &BookEntry| e.moves.len()).sum();
        if held != moves {
            return Err(BookError::Content {
                index: positions,
                why: format!("the positions hold {held} moves, not {moves}"),
            });
        }
        Ok(Book { info, entries })
    }
}

/// Whether `entry` may follow `previous` in a book: keys strictly increasing, discs not
/// overlapping, at least one move, every move legal and unique, scores −64..=64.
fn check_entry(entry: &BookEntry, previous: Option<&BookEntry>) -> Result<(), String> {
    if previous.is_some_and(|p| p.key >= entry.key) {
        return Err("keys out of order".into());
    }
    let (p, o) = (entry.key.player, entry.key.opponent);
    if p & o != 0 {
        return Err("a square holds both colours".into());
    }
    if entry.moves.is_empty() {
        return Err("no moves".into());
    }
    let legal = legal_moves(p, o);
    let mut seen = 0u64;
    for m in &entry.moves {
        let bit = 1u64.checked_shl(u32::from(m.square)).unwrap_or(0);
        if bit & legal == 0 || bit & seen != 0 {
            return Err(format!("move {} is illegal or repeated", m.square));
        }
        seen |= bit;
        if !(-64..=64).contains(&m.score) {
            return Err(format!("score {} out of range", m.score));
        }
    }
    if entry.leaf.is_some_and(|l| !(-64..=64).contains(&l)) {
        return Err("leaf score out of range".into());
    }
    Ok(())
}

/// FNV-1a, 64-bit: the file's checksum (catches damage, not tampering).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Little-endian reads from a buffer whose length was checked beforehand.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take<const N: usize>(&mut self) -> [u8; N] {
        let mut out = [0u8; N];
        if let Some(src) = self.bytes.get(self.at..self.at + N) {
            out.copy_from_slice(src);
        }
        self.at += N;
        out
    }
    fn u8(&mut self) -> u8 {
        self.take::<1>()[0]
    }
    fn i8(&mut self) -> i8 {
        i8::from_le_bytes(self.take())
    }
    fn u16(&mut self) -> u16 {
        u16::from_le_bytes(self.take())
    }
    fn i16(&mut self) -> i16 {
        i16::from_le_bytes(self.take())
    }
    fn u32(&mut self) -> u32 {
        u32::from_le_bytes(self.take())
    }
    fn u64(&mut self) -> u64 {
        u64::from_le_bytes(self.take())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small_book() -> Book {
        let start = Position::new();
        let c = Canonical::of(start.player(), start.opponent());
        let f5 = c.to_key_square(37);
        Book::new(
            BookInfo {
                min_games: 1,
                max_plies: 2,
                depth: 1,
            },
            vec![BookEntry {
                key: c.key,
                leaf: None,
                moves: vec![BookMove {
                    square: f5,
                    score: 0,
                    games: 3,
                    result: -5,
                }],
            }],
        )
    }

    #[test]
    fn bytes_round_trip_and_damage_is_caught() {
        let book = small_book();
        let bytes = book.to_bytes();
        assert_eq!(Book::from_bytes(&bytes), Ok(book));
        let mut damaged = bytes.clone();
        damaged[HEADER_BYTES + 3] ^= 1;
        assert_eq!(Book::from_bytes(&damaged), Err(BookError::Checksum));
        assert!(matches!(
            Book::from_bytes(&bytes[..bytes.len() - 1]),
            Err(BookError::Length { .. })
        ));
        let mut newer = bytes.clone();
        newer[6] = 9;
        assert_eq!(Book::from_bytes(&newer), Err(BookError::NewerVersion(9)));
        assert_eq!(Book::from_bytes(b"hello"), Err(BookError::NotABook));
    }

    #[test]
    fn the_first_move_is_found_in_every_orientation() {
        let book = small_book();
        let params = BookParams::for_level(Level::Hard).expect("Hard has a book");
        let (mv, score) = book
            .choose(&Position::new(), &params, false, Some(1))
            .expect("the start is in the book");
        assert_eq!(score, 0);
        assert!(Position::new().check_move(mv).is_ok());
    }
}
