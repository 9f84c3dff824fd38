//! Bitboard kernels: move generation, flip computation, frontier and stability.
//!
//! A bitboard is a `u64` whose bit `i` is the square with index `i` (a1 = bit 0, h8 = bit 63,
//! see [`crate::reversi::Square`]). Shifting left by 1 moves one column right (towards h),
//! by 8 one row down (towards row 8). Horizontal and diagonal shifts are masked so that nothing
//! wraps from the h-file to the a-file or back.
//!
//! - Move generation: Kogge-Stone parallel prefix fill in the 8 directions (the form used by
//!   Edax's `get_moves`, see also the chessprogramming wiki "Kogge-Stone Algorithm").
//! - Flips: for each direction a precomputed ray from the square; the first non-opponent square
//!   along the ray is isolated with a lowest-bit (`x & -x`) or highest-bit (leading-zero count)
//!   scan, and the opponent discs before it are flipped when it holds a player disc (the
//!   "bitscan" flip of Edax's `flip_bitscan.c`).
//! - Stability: iterated fill from the edges and full lines (Edax `get_stable_edge`/
//!   `get_full_lines` idea, written here as a fixpoint over the four line axes).

/// Every square except the a-file: mask after a shift that moves discs one column right.
pub const NOT_A_FILE: u64 = 0xFEFE_FEFE_FEFE_FEFE;
/// Every square except the h-file: mask after a shift that moves discs one column left.
pub const NOT_H_FILE: u64 = 0x7F7F_7F7F_7F7F_7F7F;
/// The a- and h-files.
pub const A_H_FILES: u64 = 0x8181_8181_8181_8181;
/// Rows 1 and 8.
pub const ROWS_1_8: u64 = 0xFF00_0000_0000_00FF;
/// The four corners a1, h1, a8, h8.
pub const CORNERS: u64 = 0x8100_0000_0000_0081;
/// The 36 inner squares b2..g7, where discs are not on the edge.
const INNER: u64 = 0x007E_7E7E_7E7E_7E00;

/// One step of the Kogge-Stone fill in the two opposite directions of `dir` (1, 7, 8 or 9
/// index steps), `mask` = opponent discs that may be part of a run in this direction.
#[inline(always)]
fn moves_along(p: u64, mask: u64, dir: u32) -> u64 {
    let mut fl = mask & (p << dir);
    let mut fr = mask & (p >> dir);
    fl |= mask & (fl << dir);
    fr |= mask & (fr >> dir);
    let pre_l = mask & (mask << dir);
    let pre_r = mask & (mask >> dir);
    let dir2 = dir * 2;
    fl |= pre_l & (fl << dir2);
    fr |= pre_r & (fr >> dir2);
    fl |= pre_l & (fl << dir2);
    fr |= pre_r & (fr >> dir2);
    (fl << dir) | (fr >> dir)
}

/// Legal placements (bitboard) for the player owning `p` against the opponent owning `o`:
/// empty squares from which a straight line of one or more opponent discs ends in a player disc.
/// Kogge-Stone fill (Edax `get_moves`).
#[inline(always)]
#[must_use]
pub fn legal_moves(p: u64, o: u64) -> u64 {
    let inner_o = o & 0x7E7E_7E7E_7E7E_7E7E;
    let m = moves_along(p, inner_o, 1)
        | moves_along(p, o, 8)
        | moves_along(p, inner_o, 7)
        | moves_along(p, inner_o, 9);
    m & !(p | o)
}

/// Whether the CPU has popcnt, lzcnt, BMI1, BMI2 and AVX2 (x86-64-v3), the features the
/// x86-64-v3 copies of perft and of the endgame solver are compiled for; false elsewhere.
#[must_use]
pub(crate) fn cpu_has_v3() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("popcnt")
            && std::arch::is_x86_feature_detected!("lzcnt")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
            && std::arch::is_x86_feature_detected!("avx2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Ray masks: `RAYS[d][sq]` = the squares strictly beyond `sq` in direction `d`, up to the edge.
/// Directions 0..4 increase the index (E, S, SE, SW), 4..8 decrease it (W, N, NW, NE).
static RAYS: [[u64; 64]; 8] = build_rays();

const fn build_rays() -> [[u64; 64]; 8] {
    // (column step, row step); the first four have a positive index step.
    let dirs: [(i32, i32); 8] = [
        (1, 0),
        (0, 1),
        (1, 1),
        (-1, 1),
        (-1, 0),
        (0, -1),
        (-1, -1),
        (1, -1),
    ];
    let mut rays = [[0u64; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 64 {
            let (dc, dr) = dirs[d];
            let mut c = (sq % 8) as i32 + dc;
            let mut r = (sq / 8) as i32 + dr;
            let mut ray = 0u64;
            while c >= 0 && c < 8 && r >= 0 && r < 8 {
                ray |= 1u64 << (r * 8 + c);
                c += dc;
                r += dr;
            }
            rays[d][sq] = ray;
            sq += 1;
        }
        d += 1;
    }
    rays
}

/// The opponent discs (bitboard) that the player owning `p` would flip by placing on square
/// index `sq` (0..64, assumed empty) against the opponent owning `o`; 0 when the placement
/// is illegal. Bitscan flips along precomputed rays (Edax `flip_bitscan.c` idea).
#[inline(always)]
#[must_use]
pub fn flips(p: u64, o: u64, sq: u32) -> u64 {
    let sq = sq as usize;
    let mut f = 0u64;
    // Directions towards higher indexes: the nearest blocker is the lowest set bit.
    for ray_set in &RAYS[0..4] {
        let ray = ray_set[sq];
        let blockers = ray & !o;
        let first = blockers & blockers.wrapping_neg();
        let closed = u64::from(first & p != 0).wrapping_neg();
        f |= first.wrapping_sub(1) & ray & closed;
    }
    // Directions towards lower indexes: the nearest blocker is the highest set bit. Bit 0 is a
    // sentinel when there is no blocker: it is then either off the ray or an opponent disc,
    // so `first & p & ray` is 0.
    for ray_set in &RAYS[4..8] {
        let ray = ray_set[sq];
        let blockers = (ray & !o) | 1;
        let first = 1u64 << (63 - blockers.leading_zeros());
        let closed = u64::from(first & p & ray != 0).wrapping_neg();
        f |= ray & !((first << 1).wrapping_sub(1)) & closed;
    }
    f
}

/// The rays of each square grouped as two four-lane vectors for [`flips_avx2`]:
/// `[[E, S, SE, SW], [W, N, NW, NE]]` (see [`RAYS`]).
#[cfg(target_arch = "x86_64")]
#[repr(C, align(32))]
struct Rays4([[u64; 4]; 2]);

#[cfg(target_arch = "x86_64")]
static RAYS4: [Rays4; 64] = {
    let mut t = [const { Rays4([[0; 4]; 2]) }; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            t[sq].0[d / 4][d % 4] = RAYS[d][sq];
            d += 1;
        }
        sq += 1;
    }
    t
};

/// [`flips`] computed four directions at a time with AVX2 (the approach of Toshihiko
/// Okuhara's AVX2 flip in Edax 4.4+): towards higher indexes the nearest non-opponent square
/// is the lowest set bit of each lane; towards lower indexes it is found by smearing the
/// non-opponent squares down each ray (shifts by 1, 2 and 4 steps).
///
/// # Safety
///
/// The CPU must support AVX2. Meant to be inlined into functions compiled with
/// `#[target_feature(enable = "avx2")]`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
#[must_use]
pub(crate) unsafe fn flips_avx2(p: u64, o: u64, sq: u32) -> u64 {
    use std::arch::x86_64::{
        _mm_cvtsi128_si64, _mm_or_si128, _mm_unpackhi_epi64, _mm256_and_si256, _mm256_andnot_si256,
        _mm256_castsi256_si128, _mm256_cmpeq_epi64, _mm256_extracti128_si256, _mm256_load_si256,
        _mm256_or_si256, _mm256_set_epi64x, _mm256_set1_epi64x, _mm256_setzero_si256,
        _mm256_srlv_epi64, _mm256_sub_epi64,
    };
    let rays = &RAYS4[sq as usize].0;
    // SAFETY: the caller guarantees AVX2; the loads read 32-byte-aligned `[u64; 4]` arrays.
    unsafe {
        let up = _mm256_load_si256(rays[0].as_ptr().cast());
        let down = _mm256_load_si256(rays[1].as_ptr().cast());
        let pp = _mm256_set1_epi64x(p as i64);
        let oo = _mm256_set1_epi64x(o as i64);
        let zero = _mm256_setzero_si256();
        // Up: the outflanking disc is the lowest non-opponent square, if it is ours; the
        // eraser is all ones without one, else the bits from it upwards.
        let blockers = _mm256_andnot_si256(oo, up);
        let first = _mm256_and_si256(blockers, _mm256_sub_epi64(zero, blockers));
        let outflank = _mm256_and_si256(first, pp);
        let eraser = _mm256_sub_epi64(_mm256_cmpeq_epi64(outflank, zero), outflank);
        let flip_up = _mm256_andnot_si256(eraser, up);
        // Down: smear the non-opponent squares down each ray (W 1, N 8, NW 9, NE 7 bits per
        // step); the highest one is then the smeared square whose upper neighbour is not.
        let blockers = _mm256_andnot_si256(oo, down);
        let mut s = _mm256_or_si256(
            blockers,
            _mm256_srlv_epi64(blockers, _mm256_set_epi64x(7, 9, 8, 1)),
        );
        s = _mm256_or_si256(s, _mm256_srlv_epi64(s, _mm256_set_epi64x(14, 18, 16, 2)));
        s = _mm256_or_si256(s, _mm256_srlv_epi64(s, _mm256_set_epi64x(28, 36, 32, 4)));
        let highest = _mm256_andnot_si256(
            _mm256_srlv_epi64(s, _mm256_set_epi64x(7, 9, 8, 1)),
            _mm256_and_si256(s, down),
        );
        let open = _mm256_cmpeq_epi64(_mm256_and_si256(highest, pp), zero);
        let flip_down = _mm256_andnot_si256(open, _mm256_andnot_si256(s, down));
        let f = _mm256_or_si256(flip_up, flip_down);
        let f = _mm_or_si128(_mm256_castsi256_si128(f), _mm256_extracti128_si256::<1>(f));
        _mm_cvtsi128_si64(_mm_or_si128(f, _mm_unpackhi_epi64(f, f))) as u64
    }
}

/// Discs flipped along one 8-square line by a placement at `pos` (0..8) when the player's
/// discs on the line are the bits of the index and every other square is the opponent's:
/// `LAST_FLIPS[pos][line]`. Used at the last empty square, where that always holds
/// (Edax's `count_last_flip` idea).
static LAST_FLIPS: [[u8; 256]; 8] = {
    let mut t = [[0u8; 256]; 8];
    let mut pos = 0;
    while pos < 8 {
        let mut line = 0;
        while line < 256 {
            let mut n = 0;
            // Towards lower positions, then higher: the run of opponent discs up to the
            // nearest player disc flips; with no player disc, nothing does.
            let mut j = pos as i32 - 1;
            while j >= 0 && line & (1 << j) == 0 {
                j -= 1;
            }
            if j >= 0 {
                n += pos as i32 - 1 - j;
            }
            let mut j = pos + 1;
            while j < 8 && line & (1 << j) == 0 {
                j += 1;
            }
            if j < 8 {
                n += (j - pos - 1) as i32;
            }
            t[pos][line] = n as u8;
            line += 1;
        }
        pos += 1;
    }
    t
};

/// The two diagonals through each square: `[a1-h8 direction, h1-a8 direction]` (bitboards,
/// the square included), joined from the opposite rays of [`RAYS`].
static DIAGONALS: [[u64; 2]; 64] = {
    let mut t = [[0u64; 2]; 64];
    let mut sq = 0;
    while sq < 64 {
        let bit = 1u64 << sq;
        // SE with NW, and SW with NE.
        t[sq] = [
            RAYS[2][sq] | RAYS[6][sq] | bit,
            RAYS[3][sq] | RAYS[7][sq] | bit,
        ];
        sq += 1;
    }
    t
};

/// The number of discs the owner of `p` flips by placing on square index `sq` when `sq` is
/// the board's only empty square (all other squares not in `p` are the opponent's); 0 when
/// the placement is illegal. Four table lookups, one per line, instead of [`flips`].
#[inline(always)]
#[must_use]
pub fn last_flip_count(p: u64, sq: u32) -> u32 {
    const A_FILE: u64 = 0x0101_0101_0101_0101;
    let (r, c) = ((sq / 8) as usize, (sq % 8) as usize);
    let row = (p >> (8 * r)) as u8;
    // Column bits to one byte, row r at bit r; each diagonal square lies in its own column,
    // so adding the diagonal's bytes collapses it to one byte, column c at bit c.
    let col = (((p >> c) & A_FILE).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8;
    let [d1, d2] = DIAGONALS[sq as usize];
    let diag = ((p & d1).wrapping_mul(A_FILE) >> 56) as u8;
    let anti = ((p & d2).wrapping_mul(A_FILE) >> 56) as u8;
    u32::from(LAST_FLIPS[c][usize::from(row)])
        + u32::from(LAST_FLIPS[r][usize::from(col)])
        + u32::from(LAST_FLIPS[c][usize::from(diag)])
        + u32::from(LAST_FLIPS[c][usize::from(anti)])
}

/// The squares adjacent (8-neighbourhood) to any square of `b` (bitboard; may include squares
/// of `b` itself, callers mask with the empty squares). Used for potential mobility / frontier.
#[inline]
#[must_use]
pub fn neighbours(b: u64) -> u64 {
    let h = ((b << 1) & NOT_A_FILE) | ((b >> 1) & NOT_H_FILE);
    let row = b | h;
    h | (row << 8) | (row >> 8)
}

/// Potential mobility of the player owning `p` against `o`: the number of empty squares adjacent
/// to at least one opponent disc (where the player might later get a move), 0..=60.
#[inline]
#[must_use]
pub fn potential_mobility(p: u64, o: u64) -> u32 {
    (neighbours(o) & !(p | o)).count_ones()
}

/// Frontier discs of `b`: discs of `b` adjacent to an empty square (bitboard).
#[inline]
#[must_use]
pub fn frontier(b: u64, occupied: u64) -> u64 {
    b & neighbours(!occupied)
}

/// The squares (bitboard) lying on completely filled lines in each of the four axes:
/// `[horizontal, vertical, a1-h8 diagonal, h1-a8 diagonal]`. Bit-parallel, without loops
/// (the idea of Edax's `get_full_lines`: a square is on a full line when the run of occupied
/// squares from it reaches the edge in both directions, found by doubling shifts).
#[inline(always)]
#[must_use]
pub fn full_lines(occupied: u64) -> [u64; 4] {
    // Rows: AND each row's bits down to its a-file bit, then spread the result over the row.
    let mut r = occupied & ((occupied >> 1) | 0x8080_8080_8080_8080);
    r &= (r >> 2) | 0xC0C0_C0C0_C0C0_C0C0;
    r &= (r >> 4) | 0xF0F0_F0F0_F0F0_F0F0;
    let h = (r & 0x0101_0101_0101_0101).wrapping_mul(0xFF);
    // Columns: AND of the eight rows, in every row.
    let mut v = occupied & occupied.rotate_right(8);
    v &= v.rotate_right(16);
    v &= v.rotate_right(32);
    [
        h,
        v,
        full_diagonals(
            occupied,
            9,
            [
                0xFF80_8080_8080_8080,
                0xFFFF_C0C0_C0C0_C0C0,
                0xFFFF_FFFF_F0F0_F0F0,
            ],
            [
                0x0101_0101_0101_01FF,
                0x0303_0303_0303_FFFF,
                0x0F0F_0F0F_FFFF_FFFF,
            ],
        ),
        full_diagonals(
            occupied,
            7,
            [
                0xFF01_0101_0101_0101,
                0xFFFF_0303_0303_0303,
                0xFFFF_FFFF_0F0F_0F0F,
            ],
            [
                0x8080_8080_8080_80FF,
                0xC0C0_C0C0_C0C0_FFFF,
                0xF0F0_F0F0_FFFF_FFFF,
            ],
        ),
    ]
}

/// Squares on full diagonals of index step `step` (7 or 9): `up[k]` / `down[k]` = squares
/// fewer than 2^k steps from the edge going towards higher / lower indexes.
#[inline(always)]
fn full_diagonals(occupied: u64, step: u32, up: [u64; 3], down: [u64; 3]) -> u64 {
    let mut u = occupied & (up[0] | (occupied >> step));
    u &= up[1] | (u >> (2 * step));
    u &= up[2] | (u >> (4 * step));
    let mut d = occupied & (down[0] | (occupied << step));
    d &= down[1] | (d << (2 * step));
    d &= down[2] | (d << (4 * step));
    u & d
}

/// Stable discs (bitboard) of the player owning `p` against `o`: discs that can never be flipped.
///
/// A disc is stable when, in each of the four line axes, its line is full or one of its two
/// neighbours on that axis is the board edge or a stable disc of the same colour. Iterated to a
/// fixpoint from nothing; this finds every edge-anchored (corner-grown) and full-line stable disc,
/// a subset of all truly stable discs.
#[must_use]
pub fn stable_discs(p: u64, o: u64) -> u64 {
    stable_discs_inline(p, o)
}

/// [`stable_discs`], always inlined (for the endgame solver's per-CPU builds).
#[inline(always)]
pub(crate) fn stable_discs_inline(p: u64, o: u64) -> u64 {
    let occupied = p | o;
    let [fh, fv, f9, f7] = full_lines(occupied);
    let edge = !INNER;
    let base_h = fh | A_H_FILES;
    let base_v = fv | ROWS_1_8;
    let base_9 = f9 | edge;
    let base_7 = f7 | edge;
    let mut stable = 0u64;
    loop {
        let h = base_h | ((stable << 1) & NOT_A_FILE) | ((stable >> 1) & NOT_H_FILE);
        let v = base_v | (stable << 8) | (stable >> 8);
        let d9 = base_9 | ((stable << 9) & NOT_A_FILE) | ((stable >> 9) & NOT_H_FILE);
        let d7 = base_7 | ((stable << 7) & NOT_H_FILE) | ((stable >> 7) & NOT_A_FILE);
        let next = p & h & v & d9 & d7;
        if next == stable {
            return stable;
        }
        stable = next;
    }
}

/// The 8 board symmetries applied to a bitboard: `sym` 0..8 = identity, mirror left-right,
/// flip top-bottom, rotate 180°, transpose (a1-h8 diagonal), anti-transpose, and the two
/// 90° rotations. `sym` is taken modulo 8.
#[must_use]
pub fn symmetry(b: u64, sym: u8) -> u64 {
    let b = if sym & 1 != 0 {
        mirror_horizontal(b)
    } else {
        b
    };
    let b = if sym & 2 != 0 { b.swap_bytes() } else { b };
    if sym & 4 != 0 { transpose(b) } else { b }
}

/// Mirror columns a↔h (left-right).
#[must_use]
pub fn mirror_horizontal(b: u64) -> u64 {
    const K1: u64 = 0x5555_5555_5555_5555;
    const K2: u64 = 0x3333_3333_3333_3333;
    const K4: u64 = 0x0F0F_0F0F_0F0F_0F0F;
    let b = ((b >> 1) & K1) | ((b & K1) << 1);
    let b = ((b >> 2) & K2) | ((b & K2) << 2);
    ((b >> 4) & K4) | ((b & K4) << 4)
}

/// Transpose along the a1-h8 diagonal (square (col, row) ↦ (row, col)).
#[must_use]
pub fn transpose(b: u64) -> u64 {
    // Chessprogramming wiki "Flip and Mirror": flipDiagA1H8 (our a1 is bit 0 as there).
    const K1: u64 = 0x5500_5500_5500_5500;
    const K2: u64 = 0x3333_0000_3333_0000;
    const K4: u64 = 0x0F0F_0F0F_0000_0000;
    let mut b = b;
    let t = K4 & (b ^ (b << 28));
    b ^= t ^ (t >> 28);
    let t = K2 & (b ^ (b << 14));
    b ^= t ^ (t >> 14);
    let t = K1 & (b ^ (b << 7));
    b ^= t ^ (t >> 7);
    b
}

/// Marsaglia's xorshift64 (13, 7, 17) step: advances `x` and returns it. Random boards for
/// the tests, the same sequence on every run.
#[cfg(test)]
pub(crate) fn xorshift64(x: &mut u64) -> u64 {
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    *x
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_moves() {
        let black = (1u64 << 35) | (1u64 << 28);
        let white = (1u64 << 27) | (1u64 << 36);
        let m = legal_moves(black, white);
        // d3 = 19, c4 = 26, f5 = 37, e6 = 44
        assert_eq!(m, (1 << 19) | (1 << 26) | (1 << 37) | (1 << 44));
        assert_eq!(flips(black, white, 19), 1 << 27);
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn avx2_flips_match_flips() {
        if !std::arch::is_x86_feature_detected!("avx2") {
            return;
        }
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for i in 0..200_000u32 {
            xorshift64(&mut x);
            let y = x.rotate_left(23).wrapping_mul(0xD6E8_FEB8_6659_FD93);
            let sq = i % 64;
            // Varied fill: dense boards most of the time, sparse ones too.
            let occ = if i % 3 == 0 { x & y } else { x | y } & !(1u64 << sq);
            let p = occ & y.rotate_left(7);
            let o = occ & !p;
            // SAFETY: AVX2 was detected above.
            let f = unsafe { flips_avx2(p, o, sq) };
            assert_eq!(f, flips(p, o, sq), "{p:#x} {o:#x} {sq}");
        }
    }

    #[test]
    fn last_flip_count_matches_flips_on_full_boards() {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for i in 0..50_000u32 {
            xorshift64(&mut x);
            let sq = i % 64;
            let p = x & !(1u64 << sq);
            let o = !p & !(1u64 << sq);
            assert_eq!(
                last_flip_count(p, sq),
                flips(p, o, sq).count_ones(),
                "{p:#x} {sq}"
            );
            assert_eq!(
                last_flip_count(o, sq),
                flips(o, p, sq).count_ones(),
                "{o:#x} {sq}"
            );
        }
    }

    #[test]
    fn full_lines_match_a_line_by_line_reference() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for i in 0..20_000u32 {
            xorshift64(&mut x);
            // Mostly full boards, so that many lines are full.
            let occ = if i % 2 == 0 {
                x | (x >> 3) | (x << 5)
            } else {
                !(x & (x >> 11) & (x >> 23))
            };
            let mut h = 0u64;
            let mut v = 0u64;
            let mut d9 = 0u64;
            let mut d7 = 0u64;
            for sq in 0..64i32 {
                let (c, r) = (sq % 8, sq / 8);
                let line = |dc: i32, dr: i32| {
                    let mut m = 0u64;
                    for k in -8..=8 {
                        let (cc, rr) = (c + k * dc, r + k * dr);
                        if (0..8).contains(&cc) && (0..8).contains(&rr) {
                            m |= 1u64 << (rr * 8 + cc);
                        }
                    }
                    occ & m == m
                };
                let b = 1u64 << sq;
                h |= if line(1, 0) { b } else { 0 };
                v |= if line(0, 1) { b } else { 0 };
                d9 |= if line(1, 1) { b } else { 0 };
                d7 |= if line(-1, 1) { b } else { 0 };
            }
            assert_eq!(full_lines(occ), [h, v, d9, d7], "{occ:#x}");
        }
    }

    #[test]
    fn transpose_and_mirror() {
        for sq in 0..64u32 {
            let (c, r) = (sq % 8, sq / 8);
            assert_eq!(transpose(1 << sq), 1 << (c * 8 + r));
            assert_eq!(mirror_horizontal(1 << sq), 1 << (r * 8 + 7 - c));
        }
    }
}
