//! Pattern evaluation (Buro's Logistello, 1997; the same pattern set as Edax): the board is cut
//! into lines, edges and corner regions; each pattern instance reads its squares as a base-3
//! number (0 empty, 1 player's disc, 2 opponent's disc) and looks up a weight learned for that
//! configuration. Hard's evaluation ([`super::eval::evaluate`]) is the sum of those weights plus
//! a few linear terms (mobility, potential mobility), one weight set per game phase.
//!
//! Every pattern is used in all its symmetric placements on the board (up to 8), and its weight
//! table is invariant under the symmetries that map the pattern onto itself, so the evaluation
//! gives the same score for all 8 symmetries of a position.
//!
//! The weights are in `assets/reversi-eval.bin`, produced by `reversi-gomoku reversi fit-eval`
//! ([`super::fit`]) from the WTHOR games in `tests/data/othello-games-2023-2025.txt`.

use std::sync::OnceLock;

use super::bitboard::{mirror_horizontal, transpose};

/// One pattern: a name and its squares in reading order (square index, a1 = 0, b1 = 1, a2 = 8).
#[derive(Clone, Copy, Debug)]
pub struct Pattern {
    /// Short name, as in Buro's and Edax's papers.
    pub name: &'static str,
    /// The squares of the base placement; the others are its symmetric images.
    pub squares: &'static [u8],
}

/// Square index from a name like "b2"; for the constant tables below.
const fn sq(name: &[u8; 2]) -> u8 {
    (name[1] - b'1') * 8 + (name[0] - b'a')
}

/// The pattern set (Edax 4's): edge + 2 X-squares, 3×3 corner, 2×5 corner, the 2nd–4th lines,
/// and the diagonals of length 8 down to 4.
pub const PATTERNS: [Pattern; 11] = [
    Pattern {
        name: "edge+2X",
        squares: &[
            sq(b"b2"),
            sq(b"a1"),
            sq(b"b1"),
            sq(b"c1"),
            sq(b"d1"),
            sq(b"e1"),
            sq(b"f1"),
            sq(b"g1"),
            sq(b"h1"),
            sq(b"g2"),
        ],
    },
    Pattern {
        name: "corner 3x3",
        squares: &[
            sq(b"a1"),
            sq(b"b1"),
            sq(b"c1"),
            sq(b"a2"),
            sq(b"b2"),
            sq(b"c2"),
            sq(b"a3"),
            sq(b"b3"),
            sq(b"c3"),
        ],
    },
    Pattern {
        name: "corner 2x5",
        squares: &[
            sq(b"a1"),
            sq(b"b1"),
            sq(b"c1"),
            sq(b"d1"),
            sq(b"e1"),
            sq(b"a2"),
            sq(b"b2"),
            sq(b"c2"),
            sq(b"d2"),
            sq(b"e2"),
        ],
    },
    Pattern {
        name: "line 2",
        squares: &[
            sq(b"a2"),
            sq(b"b2"),
            sq(b"c2"),
            sq(b"d2"),
            sq(b"e2"),
            sq(b"f2"),
            sq(b"g2"),
            sq(b"h2"),
        ],
    },
    Pattern {
        name: "line 3",
        squares: &[
            sq(b"a3"),
            sq(b"b3"),
            sq(b"c3"),
            sq(b"d3"),
            sq(b"e3"),
            sq(b"f3"),
            sq(b"g3"),
            sq(b"h3"),
        ],
    },
    Pattern {
        name: "line 4",
        squares: &[
            sq(b"a4"),
            sq(b"b4"),
            sq(b"c4"),
            sq(b"d4"),
            sq(b"e4"),
            sq(b"f4"),
            sq(b"g4"),
            sq(b"h4"),
        ],
    },
    Pattern {
        name: "diagonal 8",
        squares: &[
            sq(b"a1"),
            sq(b"b2"),
            sq(b"c3"),
            sq(b"d4"),
            sq(b"e5"),
            sq(b"f6"),
            sq(b"g7"),
            sq(b"h8"),
        ],
    },
    Pattern {
        name: "diagonal 7",
        squares: &[
            sq(b"b1"),
            sq(b"c2"),
            sq(b"d3"),
            sq(b"e4"),
            sq(b"f5"),
            sq(b"g6"),
            sq(b"h7"),
        ],
    },
    Pattern {
        name: "diagonal 6",
        squares: &[
            sq(b"c1"),
            sq(b"d2"),
            sq(b"e3"),
            sq(b"f4"),
            sq(b"g5"),
            sq(b"h6"),
        ],
    },
    Pattern {
        name: "diagonal 5",
        squares: &[sq(b"d1"), sq(b"e2"), sq(b"f3"), sq(b"g4"), sq(b"h5")],
    },
    Pattern {
        name: "diagonal 4",
        squares: &[sq(b"e1"), sq(b"f2"), sq(b"g3"), sq(b"h4")],
    },
];

/// Linear terms after the pattern weights, per phase: bias, then the weights of the
/// [`super::eval::features`] (mobility, potential mobility, corners, stable discs, ...).
pub const N_LINEAR: usize = 1 + super::eval::N_FEATURES;

/// Disc counts per game phase.
pub const PHASE_DISCS: u32 = 4;

/// Number of game phases; phase = [`phase`] of the disc count.
pub const N_PHASES: usize = (60 / PHASE_DISCS) as usize;

/// Game phase of a position with `discs` discs on the board (4..=64): [`PHASE_DISCS`] disc
/// counts per phase.
#[inline]
#[must_use]
pub fn phase(discs: u32) -> usize {
    ((discs.saturating_sub(4) / PHASE_DISCS) as usize).min(N_PHASES - 1)
}

/// Powers of 3, for base-3 pattern indices.
pub(crate) const POW3: [u32; 11] = [1, 3, 9, 27, 81, 243, 729, 2187, 6561, 19683, 59049];

/// Offset of each pattern's table in a phase's weights.
pub(crate) const OFFSETS: [u32; 11] = {
    let mut t = [0u32; 11];
    let mut i = 1;
    while i < 11 {
        t[i] = t[i - 1] + POW3[PATTERNS[i - 1].squares.len()];
        i += 1;
    }
    t
};

/// Pattern weights per phase (the sum of the 3^len tables), before the [`N_LINEAR`] terms.
pub const PATTERN_WEIGHTS: usize = (OFFSETS[10] + POW3[PATTERNS[10].squares.len()]) as usize;

/// Weights per phase: the pattern tables, then the linear terms.
pub const PHASE_LEN: usize = PATTERN_WEIGHTS + N_LINEAR;

/// The patterns laid out square by square (for fitting and tests; evaluation uses
/// [`fast_index`]): every placement, and the symmetry maps that make the tables invariant.
#[derive(Debug)]
pub struct Layout {
    /// Placements: (pattern number in [`PATTERNS`], squares in order).
    pub instances: Vec<(usize, Vec<u8>)>,
    /// For each pattern: the digit permutations that map the pattern onto itself (identity
    /// included); `canonical` takes the smallest index over them.
    self_maps: Vec<Vec<Vec<usize>>>,
}

/// The 8 board symmetries as square maps: optional transpose, then optional mirrors.
fn symmetry_square(s: u8, sym: u8) -> u8 {
    let (mut c, mut r) = (s % 8, s / 8);
    if sym & 4 != 0 {
        std::mem::swap(&mut c, &mut r);
    }
    if sym & 1 != 0 {
        c = 7 - c;
    }
    if sym & 2 != 0 {
        r = 7 - r;
    }
    r * 8 + c
}

impl Layout {
    fn build() -> Layout {
        let mut instances = Vec::new();
        let mut self_maps = Vec::new();
        for (number, pattern) in PATTERNS.iter().enumerate() {
            let base = pattern.squares;
            let mut sets: Vec<Vec<u8>> = Vec::new();
            let mut maps = Vec::new();
            for sym in 0..8 {
                let placed: Vec<u8> = base.iter().map(|&s| symmetry_square(s, sym)).collect();
                let mut set = placed.clone();
                set.sort_unstable();
                let mut base_set = base.to_vec();
                base_set.sort_unstable();
                if set == base_set {
                    // Digit k of the base goes to the digit where its image sits.
                    let map = placed
                        .iter()
                        .map(|s| base.iter().position(|b| b == s).expect("same set"))
                        .collect();
                    maps.push(map);
                }
                if !sets.contains(&set) {
                    sets.push(set);
                    instances.push((number, placed));
                }
            }
            self_maps.push(maps);
        }
        Layout {
            instances,
            self_maps,
        }
    }

    /// The shared layout.
    #[must_use]
    pub fn get() -> &'static Layout {
        static LAYOUT: OnceLock<Layout> = OnceLock::new();
        LAYOUT.get_or_init(Layout::build)
    }

    /// The smallest index among the symmetric equivalents of `index` of pattern `p`: all of
    /// them share one weight.
    #[must_use]
    pub fn canonical(&self, p: usize, index: u32) -> u32 {
        let len = PATTERNS[p].squares.len();
        let mut digits = [0u32; 10];
        let mut x = index;
        for d in digits.iter_mut().take(len) {
            *d = x % 3;
            x /= 3;
        }
        self.self_maps[p]
            .iter()
            .map(|map| {
                map.iter()
                    .enumerate()
                    .map(|(k, &to)| digits[k] * POW3[to])
                    .sum::<u32>()
            })
            .min()
            .expect("identity map")
    }
}

/// Base-3 index of a placement: digit k (weight 3^k) is square k's state, 0 empty,
/// 1 player, 2 opponent.
#[inline]
#[must_use]
pub fn pattern_index(squares: &[u8], player: u64, opponent: u64) -> u32 {
    let mut index = 0;
    for &s in squares.iter().rev() {
        index = index * 3 + ((player >> s) & 1) as u32 + 2 * ((opponent >> s) & 1) as u32;
    }
    index
}

/// `TERNARY[b]`: the bits of `b` read as base-3 digits (bit k ↦ 3^k).
const TERNARY: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut b = 0;
    while b < 256 {
        let mut k = 0;
        let mut v = 0u16;
        while k < 8 {
            if b & (1 << k) != 0 {
                v += POW3[k] as u16;
            }
            k += 1;
        }
        t[b] = v;
        b += 1;
    }
    t
};

/// Base-3 value of a row of up to 8 squares given as player and opponent bit masks.
#[inline]
fn ternary(p: u64, o: u64) -> u32 {
    u32::from(TERNARY[(p & 0xFF) as usize]) + 2 * u32::from(TERNARY[(o & 0xFF) as usize])
}

/// The squares of a diagonal moved into one byte, bit k = column k (one square per row, so the
/// multiplication adds no carries).
#[inline]
fn diagonal(b: u64, mask: u64) -> u64 {
    ((b & mask).wrapping_mul(0x0101_0101_0101_0101)) >> 56
}

/// [`pattern_index`] of pattern `number`'s base placement, computed from whole rows and
/// diagonals instead of square by square. The placement made by symmetry `sym` has the index
/// `fast_index(number, symmetry(p, sym), symmetry(o, sym))` ([`super::bitboard::symmetry`]).
#[inline]
#[must_use]
pub fn fast_index(number: usize, p: u64, o: u64) -> u32 {
    const DIAG8: u64 = 0x8040_2010_0804_0201;
    match number {
        // b2, a1..h1, g2.
        0 => {
            let x = |sq: u32| ((p >> sq) & 1) as u32 + 2 * ((o >> sq) & 1) as u32;
            x(9) + 3 * ternary(p, o) + 19_683 * x(14)
        }
        // a1..c1, a2..c2, a3..c3.
        1 => {
            ternary(p & 7, o & 7)
                + 27 * ternary((p >> 8) & 7, (o >> 8) & 7)
                + 729 * ternary((p >> 16) & 7, (o >> 16) & 7)
        }
        // a1..e1, a2..e2.
        2 => ternary(p & 31, o & 31) + 243 * ternary((p >> 8) & 31, (o >> 8) & 31),
        // Lines 2, 3, 4.
        3..=5 => {
            let shift = 8 * (number - 2);
            ternary(p >> shift, o >> shift)
        }
        // Diagonals of length 8 (a1-h8) down to 4 (e1-h4): the a1-h8 diagonal shifted right.
        _ => {
            let k = number - 6;
            let mask = (DIAG8 << k) & !(0x0101_0101_0101_0101u64.wrapping_mul((1 << k) - 1));
            ternary(diagonal(p, mask) >> k, diagonal(o, mask) >> k)
        }
    }
}

/// The shipped weights (format in [`parse_weights`]).
const WEIGHTS_FILE: &[u8] = include_bytes!("../../assets/reversi-eval.bin");

/// Magic bytes of the weights file.
pub const MAGIC: &[u8; 4] = b"RGEV";
/// Format version of a weights file fitted on game results alone (2: with a [`FitRecord`]).
pub const VERSION: u16 = 2;
/// Format version of a weights file fitted with search labels (3: the [`FitRecord`] also
/// records the labels file and how it was used).
pub const VERSION_LABELLED: u16 = 3;

/// What a weights file was fitted on and how (written by `reversi fit-eval`, after the header),
/// so that a fast test can check the shipped file against the repository's games without
/// refitting them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FitRecord {
    /// 64-bit FNV-1a of the games text ([`super::fit::games_checksum`]).
    pub games_checksum: u64,
    /// Games fitted on (held-out games excluded).
    pub train_games: u32,
    /// Every this-many-th game was held out (0: none).
    pub holdout_every: u32,
    /// Conjugate-gradient iterations per phase.
    pub iterations: u32,
    /// Ridge penalty × 1000.
    pub ridge_milli: u32,
    /// 64-bit FNV-1a of the search labels file's text (0: fitted on game results alone).
    pub labels_checksum: u64,
    /// λ × 1000: weight of a search label in a labelled position's target.
    pub search_weight_milli: u32,
    /// How many times a labelled position counted in the fit, × 1000.
    pub label_weight_milli: u32,
    /// Fitted on the labelled positions alone.
    pub labelled_only: bool,
}

/// Bytes of the header before the weights: magic, version, phase count, [`FitRecord`]
/// (version 2; version 3 adds [`LABELS_LEN`]).
const HEADER_LEN: usize = 8 + 24;
/// Bytes of the labels part of a version-3 [`FitRecord`]: u64, then three u32.
const LABELS_LEN: usize = 8 + 12;
/// In the weights stream, this value is followed by a u16 count of zero weights (most pattern
/// configurations never occur in the games and keep weight 0).
const ZERO_RUN: i16 = i16::MIN;

/// Why a weights file cannot be used.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum WeightsError {
    /// The header is not `RGEV`, version 2 or 3, [`N_PHASES`] phases.
    #[error(
        "not a version-{VERSION} or -{VERSION_LABELLED} Reversi weights file with {N_PHASES} phases"
    )]
    Header,
    /// The stream does not decode to phases × phase length weights.
    #[error("weights file holds {0} weights, expected {1}")]
    Size(usize, usize),
}

/// The [`FitRecord`] in a weights file's header.
///
/// # Errors
/// [`WeightsError::Header`] when the header is not this version's.
pub fn parse_record(bytes: &[u8]) -> Result<FitRecord, WeightsError> {
    parse_header(bytes).map(|(record, _)| record)
}

/// The [`FitRecord`] and the length of the header.
fn parse_header(bytes: &[u8]) -> Result<(FitRecord, usize), WeightsError> {
    if bytes.len() < HEADER_LEN
        || &bytes[..4] != MAGIC
        || usize::from(u16::from_le_bytes([bytes[6], bytes[7]])) != N_PHASES
    {
        return Err(WeightsError::Header);
    }
    let version = u16::from_le_bytes([bytes[4], bytes[5]]);
    let len = match version {
        VERSION => HEADER_LEN,
        VERSION_LABELLED if bytes.len() >= HEADER_LEN + LABELS_LEN => HEADER_LEN + LABELS_LEN,
        _ => return Err(WeightsError::Header),
    };
    let u32_at = |i: usize| u32::from_le_bytes(bytes[i..i + 4].try_into().expect("4 bytes"));
    let u64_at = |i: usize| u64::from_le_bytes(bytes[i..i + 8].try_into().expect("8 bytes"));
    let mut record = FitRecord {
        games_checksum: u64_at(8),
        train_games: u32_at(16),
        holdout_every: u32_at(20),
        iterations: u32_at(24),
        ridge_milli: u32_at(28),
        ..FitRecord::default()
    };
    if version == VERSION_LABELLED {
        record.labels_checksum = u64_at(32);
        record.search_weight_milli = u32_at(40);
        record.label_weight_milli = u32_at(44);
        record.labelled_only = u32_at(48) != 0;
    }
    Ok((record, len))
}

/// Parses a weights file into one vector per phase. Format: `RGEV`, version (u16 LE), phase
/// count (u16 LE), the [`FitRecord`] (u64, then four u32, LE; version 3 then adds the labels'
/// checksum, u64, and λ × 1000, the label weight × 1000 and 1 if fitted on labelled positions
/// alone, three u32), then [`N_PHASES`] ×
/// [`PHASE_LEN`] weights in centi-discs as i16 LE, where `i16::MIN` followed by a u16 LE
/// count `n` stands for `n` zeros.
///
/// # Errors
/// [`WeightsError`] when the header is wrong or the stream does not hold exactly the expected
/// number of weights.
pub fn parse_weights(bytes: &[u8]) -> Result<Vec<Vec<i16>>, WeightsError> {
    let (_, header_len) = parse_header(bytes)?;
    let expected = N_PHASES * PHASE_LEN;
    let mut values = Vec::with_capacity(expected);
    let mut words = bytes[header_len..]
        .chunks(2)
        .map(|c| (c.len() == 2).then(|| i16::from_le_bytes([c[0], c[1]])));
    while let Some(word) = words.next() {
        let word = word.ok_or(WeightsError::Size(values.len(), expected))?;
        if word == ZERO_RUN {
            let run = words
                .next()
                .flatten()
                .ok_or(WeightsError::Size(values.len(), expected))?;
            values.resize(values.len() + usize::from(run as u16), 0);
        } else {
            values.push(word);
        }
        if values.len() > expected {
            return Err(WeightsError::Size(values.len(), expected));
        }
    }
    if values.len() != expected {
        return Err(WeightsError::Size(values.len(), expected));
    }
    Ok(values
        .chunks_exact(PHASE_LEN)
        .map(<[i16]>::to_vec)
        .collect())
}

/// Serialises per-phase weights into the format read by [`parse_weights`]: version 2 when the
/// record names no labels file, else version 3. Weights equal to `i16::MIN` are written as
/// `i16::MIN + 1` (fitted weights are clamped well inside).
#[must_use]
pub fn weights_to_bytes(phases: &[Vec<i16>], record: &FitRecord) -> Vec<u8> {
    let labelled = record.labels_checksum != 0;
    let mut out = Vec::new();
    out.extend_from_slice(MAGIC);
    let version = if labelled { VERSION_LABELLED } else { VERSION };
    out.extend_from_slice(&version.to_le_bytes());
    out.extend_from_slice(&(phases.len() as u16).to_le_bytes());
    out.extend_from_slice(&record.games_checksum.to_le_bytes());
    for v in [
        record.train_games,
        record.holdout_every,
        record.iterations,
        record.ridge_milli,
    ] {
        out.extend_from_slice(&v.to_le_bytes());
    }
    if labelled {
        out.extend_from_slice(&record.labels_checksum.to_le_bytes());
        for v in [
            record.search_weight_milli,
            record.label_weight_milli,
            u32::from(record.labelled_only),
        ] {
            out.extend_from_slice(&v.to_le_bytes());
        }
    }
    let mut zeros: u16 = 0;
    let flush = |out: &mut Vec<u8>, zeros: &mut u16| {
        if *zeros > 0 {
            out.extend_from_slice(&ZERO_RUN.to_le_bytes());
            out.extend_from_slice(&zeros.to_le_bytes());
            *zeros = 0;
        }
    };
    for &w in phases.iter().flatten() {
        if w == 0 {
            zeros += 1;
            if zeros == u16::MAX {
                flush(&mut out, &mut zeros);
            }
        } else {
            flush(&mut out, &mut zeros);
            out.extend_from_slice(&w.max(ZERO_RUN + 1).to_le_bytes());
        }
    }
    flush(&mut out, &mut zeros);
    out
}

/// Environment variable naming a weights file that replaces the shipped one for the whole
/// process (for engine matches between two weight sets, e.g. two `nboard` processes; see the
/// README). Unset in normal use.
pub const WEIGHTS_ENV: &str = "REVERSI_GOMOKU_EVAL_FILE";

/// The weights in use, parsed once (one vector of [`PHASE_LEN`] per phase): the shipped ones,
/// or those of the file named by [`WEIGHTS_ENV`] when it is set.
///
/// # Panics
/// When [`WEIGHTS_ENV`] names a file that cannot be read or is not a weights file (a match
/// run on the wrong weights would be meaningless).
#[must_use]
pub fn weights() -> &'static [Vec<i16>] {
    static WEIGHTS: OnceLock<Vec<Vec<i16>>> = OnceLock::new();
    WEIGHTS.get_or_init(|| {
        if let Some(path) = std::env::var_os(WEIGHTS_ENV) {
            let bytes = std::fs::read(&path).unwrap_or_else(|e| {
                panic!("{WEIGHTS_ENV}: cannot read {}: {e}", path.to_string_lossy())
            });
            return parse_weights(&bytes)
                .unwrap_or_else(|e| panic!("{WEIGHTS_ENV}: {}: {e}", path.to_string_lossy()));
        }
        parse_weights(WEIGHTS_FILE).expect("assets/reversi-eval.bin matches the layout")
    })
}

/// The weights built into the binary (`assets/reversi-eval.bin`), whatever [`WEIGHTS_ENV`]
/// says.
#[must_use]
pub fn shipped_weights() -> Vec<Vec<i16>> {
    parse_weights(WEIGHTS_FILE).expect("assets/reversi-eval.bin matches the layout")
}

/// Pattern evaluation for the player to move, in centi-discs (unclamped): the phase's pattern
/// weights plus bias plus the linear terms times `features` ([`super::eval::features`]).
#[inline]
#[must_use]
pub fn pattern_eval(player: u64, opponent: u64, features: &[i32; N_LINEAR - 1]) -> i32 {
    let w = &weights()[phase((player | opponent).count_ones())];
    eval_with(w, player, opponent, features)
}

/// The patterns placed by each symmetry, as unrolled in [`eval_with`] ([`Layout`] derives the
/// same placements; a test checks).
#[cfg(test)]
const BY_SYMMETRY: [&[usize]; 8] = [
    &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    &[1, 2, 6, 7, 8, 9, 10],
    &[0, 1, 2, 3, 4, 5, 7, 8, 9, 10],
    &[1, 2, 7, 8, 9, 10],
    &[0, 2, 3, 4, 5],
    &[0, 2, 3, 4, 5],
    &[2],
    &[2],
];

/// Sum of the weights of the listed patterns' base placements on boards `(p, o)`; unrolled so
/// that each [`fast_index`] is specialised.
macro_rules! placed {
    ($w:expr, $p:expr, $o:expr; $($n:literal),*) => {
        0 $(+ i32::from($w[(OFFSETS[$n] + fast_index($n, $p, $o)) as usize]))*
    };
}

/// [`pattern_eval`] with one phase's weights `w` ([`PHASE_LEN`] values) given.
#[inline]
#[must_use]
pub fn eval_with(w: &[i16], player: u64, opponent: u64, features: &[i32; N_LINEAR - 1]) -> i32 {
    // The 8 symmetric boards as in `bitboard::symmetry`: mirror, then flip, then transpose.
    let (p1, o1) = (mirror_horizontal(player), mirror_horizontal(opponent));
    let (p2, o2) = (player.swap_bytes(), opponent.swap_bytes());
    let (p3, o3) = (p1.swap_bytes(), o1.swap_bytes());
    let (p4, o4) = (transpose(player), transpose(opponent));
    let (p5, o5) = (transpose(p1), transpose(o1));
    let (p6, o6) = (transpose(p2), transpose(o2));
    let (p7, o7) = (transpose(p3), transpose(o3));
    let score = placed!(w, player, opponent; 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
        + placed!(w, p1, o1; 1, 2, 6, 7, 8, 9, 10)
        + placed!(w, p2, o2; 0, 1, 2, 3, 4, 5, 7, 8, 9, 10)
        + placed!(w, p3, o3; 1, 2, 7, 8, 9, 10)
        + placed!(w, p4, o4; 0, 2, 3, 4, 5)
        + placed!(w, p5, o5; 0, 2, 3, 4, 5)
        + placed!(w, p6, o6; 2)
        + placed!(w, p7, o7; 2);
    let lin = &w[PATTERN_WEIGHTS..];
    score
        + i32::from(lin[0])
        + lin[1..]
            .iter()
            .zip(features)
            .map(|(&w, &x)| i32::from(w) * x)
            .sum::<i32>()
}

#[cfg(test)]
mod tests {
    use super::super::bitboard::{symmetry, xorshift64};
    use super::*;

    /// The placements of every pattern by symmetry, as the layout makes them: (offset, pattern)
    /// per symmetry, from the first symmetry that gives each placement.
    fn by_symmetry() -> Vec<Vec<(u32, usize)>> {
        let layout = Layout::get();
        let mut out = vec![Vec::new(); 8];
        for (number, squares) in &layout.instances {
            let number = *number;
            let base = PATTERNS[number].squares;
            let sym = (0..8u8)
                .find(|&t| {
                    base.iter()
                        .map(|&s| symmetry_square(s, t))
                        .eq(squares.iter().copied())
                })
                .expect("a symmetric image of the base");
            out[usize::from(sym)].push((OFFSETS[number], number));
        }
        out
    }

    /// The unrolled placements of `eval_with` are the layout's.
    #[test]
    fn placements_by_symmetry_match_the_layout() {
        for (sym, placements) in by_symmetry().iter().enumerate() {
            let numbers: Vec<usize> = placements.iter().map(|&(_, n)| n).collect();
            assert_eq!(numbers, BY_SYMMETRY[sym], "symmetry {sym}");
        }
    }

    /// The row-and-diagonal index of every placement equals the square-by-square index.
    #[test]
    fn fast_index_matches_pattern_index() {
        let layout = Layout::get();
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..2000 {
            xorshift64(&mut x);
            let (p, o) = (x & 0x5A5A_F0F0_3C3C_9999, !x & 0xA5A5_0F0F_C3C3_6666);
            let mut fast = Vec::new();
            for (sym, placements) in by_symmetry().iter().enumerate() {
                for &(offset, number) in placements {
                    let idx = fast_index(number, symmetry(p, sym as u8), symmetry(o, sym as u8));
                    fast.push((offset, idx));
                }
            }
            let mut slow: Vec<(u32, u32)> = layout
                .instances
                .iter()
                .map(|(number, squares)| (OFFSETS[*number], pattern_index(squares, p, o)))
                .collect();
            fast.sort_unstable();
            slow.sort_unstable();
            assert_eq!(fast, slow);
        }
    }
}
