//! [`SearchBoard`], the engines' board: the raw cell array plus caches kept incrementally —
//! for every point and side the line-pattern keys of its 4 lines, the resulting patterns, a
//! threat level and a value — a Zobrist hash and a "near a stone" count. Placing a stone
//! updates only the points within 5 on the 4 lines through it (≤ 40 points; within 4 when
//! neither side's five is exact), then the affected summaries; taking it back subtracts the
//! stone from those points' line keys and restores the patterns and summaries of the points
//! it changed, saved when it was placed.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::OnceLock;

use crate::core::Side;

use super::board::{Cells, DIRS, EMPTY, NCELLS, PAD, STRIDE, WALL, side_index, stone};
use super::eval::{self, PCODE_NONE};
use super::pattern::{self, POW3, Pattern, digit_pos};
use super::point::Point;
use super::position::Position;
use super::rule::Rule;

/// Threat level of a point for one side: what a stone there makes over its 4 lines.
pub(crate) mod level {
    /// Nothing worth naming.
    pub const NONE: u8 = 0;
    /// One open three.
    pub const THREE: u8 = 3;
    /// Two open threes (3-3).
    pub const DOUBLE_THREE: u8 = 4;
    /// One four.
    pub const FOUR: u8 = 5;
    /// A four and an open three (4-3).
    pub const FOUR_THREE: u8 = 6;
    /// A straight four or two fours: wins next move if legal.
    pub const FLEX_FOUR: u8 = 7;
    /// A five.
    pub const FIVE: u8 = 8;
}

/// Summary of what one side's stone would make at one empty point.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct CellInfo {
    /// Threat level, see [`level`].
    pub level: u8,
    /// Hand-set value (evaluation units, 0..=4150; see [`eval::summarize`]).
    pub value: i16,
    /// Renju Black only: the pattern test cannot exclude a forbidden move here.
    pub maybe_forbidden: bool,
}

/// Everything a point's pattern code decides for one colour, gathered so that a pattern
/// change costs one lookup: the code's values in the evaluation tables (`[kind]`, see
/// [`eval::Tables`]) and its [`CellInfo`] (the Renju flag set for Black under Renju only).
#[derive(Clone, Copy, Default)]
struct CodeEntry {
    weights: [i16; 2],
    info: CellInfo,
}

/// The [`CodeEntry`] of every pattern code, `[colour][code]`, for the shipped tables of `rule`
/// (one set for Renju, one for the other rules).
fn code_entries(rule: Rule) -> &'static [[CodeEntry; eval::NPCODE]; 2] {
    static T: [OnceLock<Box<[[CodeEntry; eval::NPCODE]; 2]>>; 2] =
        [OnceLock::new(), OnceLock::new()];
    let renju = rule == Rule::Renju;
    T[usize::from(renju)].get_or_init(|| {
        let tables = eval::shipped().tables(rule);
        let summaries = eval::code_summaries();
        let mut out = Box::new([[CodeEntry::default(); eval::NPCODE]; 2]);
        for (s, colour) in out.iter_mut().enumerate() {
            for (code, e) in colour.iter_mut().enumerate() {
                let sum = summaries[code];
                *e = CodeEntry {
                    weights: [tables[s][0][code], tables[s][1][code]],
                    info: CellInfo {
                        level: sum.level,
                        value: sum.value as i16,
                        maybe_forbidden: s == 0 && renju && sum.maybe_forbidden,
                    },
                };
            }
        }
        out
    })
}

/// A map keyed by position hashes ([`SearchBoard::hash`], Zobrist keys): the keys are uniformly
/// random already, so they index the map as they are ([`ZobristKeyHasher`]) instead of going
/// through SipHash, which took about 1 % of a search's instructions in the VCF and VCT tables.
pub(crate) type HashKeyed<V> = HashMap<u64, V, BuildHasherDefault<ZobristKeyHasher>>;

/// The hasher of [`HashKeyed`]: a `u64` key hashes to itself.
#[derive(Default)]
pub(crate) struct ZobristKeyHasher(u64);

impl Hasher for ZobristKeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        // Only `u64` keys are hashed (`write_u64`); anything else still gets all its bytes.
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

fn zobrist() -> &'static [[u64; NCELLS]; 2] {
    static Z: OnceLock<Box<[[u64; NCELLS]; 2]>> = OnceLock::new();
    Z.get_or_init(|| {
        let mut s: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = || {
            // splitmix64
            s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = s;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        let mut t = Box::new([[0u64; NCELLS]; 2]);
        for side in t.iter_mut() {
            for v in side.iter_mut() {
                *v = next();
            }
        }
        t
    })
}

/// The digits a stone `st` (1 Black, 2 White) at offset `-off` along a line adds to the line
/// keys of Black and of White: 1 for the side owning the stone, 2 (blocked) for the other.
#[inline]
const fn key_digits(st: u8, off: i32) -> (u32, u32) {
    let p = POW3[digit_pos(-off)];
    if st == 1 { (p, 2 * p) } else { (2 * p, p) }
}

/// The offsets of a point's 10 neighbours on a line, outwards on each side, in the order
/// [`SearchBoard::walk_lines`] visits them.
const WALK_OFFSETS: [i32; 10] = [-1, -2, -3, -4, -5, 1, 2, 3, 4, 5];

// The walk goes 5 steps past the board's last point without a wall test.
const _: () = assert!(PAD >= 5);

/// Both sides' keys of one line in one word, Black's in the low half (see [`side_key`]), so
/// that a stone updates both with one addition.
const fn pair_key(black: u32, white: u32) -> u64 {
    black as u64 | (white as u64) << 32
}

/// Side index `s`'s key in a [`pair_key`].
#[inline(always)]
const fn side_key(pair: u64, s: usize) -> u32 {
    (pair >> (32 * s)) as u32
}

/// `WALK_DIGITS[st - 1][i]`: [`key_digits`]`(st, WALK_OFFSETS[i])` as a [`pair_key`], worked
/// out at compile time so the walk adds constants.
const WALK_DIGITS: [[u64; 10]; 2] = {
    let mut t = [[0; 10]; 2];
    let mut i = 0;
    while i < 10 {
        let (b, w) = key_digits(1, WALK_OFFSETS[i]);
        t[0][i] = pair_key(b, w);
        let (b, w) = key_digits(2, WALK_OFFSETS[i]);
        t[1][i] = pair_key(b, w);
        i += 1;
    }
    t
};

/// Incrementally updated board for search: cached line patterns for every empty point and
/// both sides, kept up to date by updating only the 4 lines through each changed point.
/// Public for benchmarks and tools; the engines use it internally.
#[derive(Clone)]
pub struct SearchBoard {
    pub(crate) cells: Cells,
    pub(crate) rule: Rule,
    exact: [bool; 2],
    /// How far along a line a stone changes other points' keys: 4 when both sides play
    /// five-or-more (a cell 5 away never shares a five with the point, so those patterns
    /// ignore it), 5 when an overline matters to either side.
    reach: usize,
    /// The pattern table of each side's five rule (see [`pattern::table`]), cached because
    /// the update loop looks patterns up for every changed point.
    tables: [&'static [Pattern]; 2],
    /// The caches of every point (see [`PointCache`]), by index.
    pts: Vec<PointCache>,
    near: Vec<u8>,
    pub(crate) hash: u64,
    pub(crate) to_move: Side,
    /// Each side's board-wide sums (see [`Sums`]).
    sums: [Sums; 2],
    /// The evaluation values and summaries of every pattern code under the rule.
    entries: &'static [[CodeEntry; eval::NPCODE]; 2],
    /// The pattern-code table (see [`eval::pcode`]).
    codes: &'static [u16; eval::CODE_TABLE_LEN],
    pub(crate) empties: u32,
    /// The moves played on this board, after up to the last two moves of the position it was
    /// built from: the searches look up each side's previous stone (the VCF's fours stay near
    /// it), and at the root that stone is the position's.
    pub(crate) history: Vec<usize>,
    /// The caches of every point a move's stone changed (see [`Saved`]), all moves stacked.
    saved: Vec<Saved>,
    /// Per move played: where its points start in `saved`, and the board-wide sums before it.
    frames: Vec<Frame>,
}

/// One point's caches, per side (`[side index]`): the base-3 keys of its 4 lines (see
/// [`pattern`]; both sides' in one [`pair_key`] per line), the patterns they make, its
/// pattern code (see [`eval`]) and the code's summary. Patterns, code and summary are kept up
/// to date for empty points only. Kept in one record so that a move's update reaches each
/// point it changes once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PointCache {
    keys: [u64; 4],
    pats: [[Pattern; 4]; 2],
    pcodes: [u16; 2],
    info: [CellInfo; 2],
}

/// One empty point's pattern caches as they were before a move changed them: restoring them
/// is what makes [`SearchBoard::undo`] cheap (recomputing them cost as much as the move
/// itself). Line keys are not saved: a stone adds a fixed digit to each key, which undo
/// subtracts again.
#[derive(Clone, Copy)]
struct Saved {
    idx: u16,
    pats: [[Pattern; 4]; 2],
    pcodes: [u16; 2],
    info: [CellInfo; 2],
}

impl Saved {
    /// The caches of the point `idx` to restore, as they are in `pt` now.
    #[inline(always)]
    fn of(idx: usize, pt: &PointCache) -> Saved {
        Saved {
            idx: idx as u16,
            pats: pt.pats,
            pcodes: pt.pcodes,
            info: pt.info,
        }
    }
}

/// One side's sums over the empty points, kept up to date by every change of a point's
/// summary and saved whole for undo.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Sums {
    /// The table values summed per kind (see [`eval::Tables`]).
    evals: [i32; 2],
    /// Number of empty points per threat level (index = level).
    level_count: [u32; 9],
}

impl Sums {
    /// A point's level for this side goes from `old` to `new`.
    #[inline(always)]
    fn relevel(&mut self, old: u8, new: u8) {
        self.level_count[usize::from(old)] -= 1;
        self.level_count[usize::from(new)] += 1;
    }
}

/// The board-wide sums before a move, and where its [`Saved`] points start.
#[derive(Clone, Copy)]
struct Frame {
    start: usize,
    sums: [Sums; 2],
}

/// Rebuild side index `s`'s pattern code and [`CellInfo`] of the point `pt` from its 4
/// cached patterns, updating that side's [`Sums`]. Inlined: it runs about 35 times a move.
#[inline(always)]
fn summarize(
    pt: &mut PointCache,
    s: usize,
    codes: &[u16; eval::CODE_TABLE_LEN],
    entries: &[CodeEntry; eval::NPCODE],
    sums: &mut Sums,
) {
    let code = eval::pcode_in(codes, &pt.pats[s]);
    let old_code = pt.pcodes[s];
    if code == old_code {
        return;
    }
    let (new, old) = (entries[usize::from(code)], entries[usize::from(old_code)]);
    for (k, e) in sums.evals.iter_mut().enumerate() {
        *e += i32::from(new.weights[k]) - i32::from(old.weights[k]);
    }
    pt.pcodes[s] = code;
    sums.relevel(pt.info[s].level, new.info.level);
    pt.info[s] = new.info;
}

/// The direction `d` (an index into [`DIRS`]) and the offset `off` (−5..=5, not 0) with
/// `b == a + DIRS[d] * off`, when the points `a` and `b` lie within 5 of each other on one
/// line (no wall between: walls are off the board); `None` otherwise.
fn shared_line(a: usize, b: usize) -> Option<(usize, i32)> {
    let (pa, pb) = (Cells::point_of(a), Cells::point_of(b));
    let dx = i32::from(pb.x) - i32::from(pa.x);
    let dy = i32::from(pb.y) - i32::from(pa.y);
    let (d, off) = match (dx, dy) {
        (_, 0) => (0, dx),
        (0, _) => (1, dy),
        _ if dx == dy => (2, dy),
        _ if dx == -dy => (3, dy),
        _ => return None,
    };
    (off != 0 && off.abs() <= 5).then_some((d, off))
}

/// The indices of `pos`'s last `n` moves (all of them when it has fewer), oldest first.
fn last_moves(pos: &Position, n: usize) -> Vec<usize> {
    let h = pos.history();
    h[h.len().saturating_sub(n)..]
        .iter()
        .map(|&p| Cells::index_of(p))
        .collect()
}

impl SearchBoard {
    /// The board of `pos`, with `pos`'s side to move; its history starts with `pos`'s last two
    /// moves (fewer when it has fewer), which [`SearchBoard::undo`] never takes back.
    #[must_use]
    pub fn from_position(pos: &Position) -> SearchBoard {
        let cells = pos.cells().clone();
        let rule = pos.rule();
        let exact = [rule.exact_five(Side::Black), rule.exact_five(Side::White)];
        let mut b = SearchBoard {
            exact,
            reach: if exact.contains(&true) { 5 } else { 4 },
            tables: exact.map(pattern::table),
            pts: vec![
                PointCache {
                    keys: [0; 4],
                    pats: [[Pattern::None; 4]; 2],
                    pcodes: [PCODE_NONE; 2],
                    info: [CellInfo::default(); 2],
                };
                NCELLS
            ],
            near: vec![0; NCELLS],
            hash: 0,
            to_move: pos.side_to_move(),
            sums: [Sums {
                evals: [0; 2],
                level_count: [0; 9],
            }; 2],
            entries: code_entries(rule),
            codes: eval::code_table(),
            empties: 0,
            history: last_moves(pos, 2),
            saved: Vec::new(),
            frames: Vec::new(),
            rule,
            cells,
        };
        let all: Vec<usize> = b.cells.all_indices().collect();
        for &idx in &all {
            for d in 0..4 {
                b.pts[idx].keys[d] = pair_key(
                    b.scratch_key(idx, d, Side::Black),
                    b.scratch_key(idx, d, Side::White),
                );
            }
            let c = b.cells.cells[idx];
            if c == EMPTY {
                b.empties += 1;
                b.sums[0].level_count[0] += 1;
                b.sums[1].level_count[0] += 1;
            } else {
                b.hash ^= zobrist()[usize::from(c - 1)][idx];
                b.add_near(idx, 1);
            }
        }
        for &idx in &all {
            if b.cells.cells[idx] == EMPTY {
                b.refresh(idx);
            }
        }
        b
    }

    /// The line key of `idx` in direction `d` for `side` as the walk keeps it: without the
    /// cells 5 away when [`SearchBoard::reach`] is 4.
    fn scratch_key(&self, idx: usize, d: usize, side: Side) -> u32 {
        let key = self.cells.key(idx, d, side);
        if self.reach == 5 {
            key
        } else {
            pattern::within_four(key)
        }
    }

    #[inline]
    pub(crate) fn size(&self) -> u8 {
        self.cells.size
    }

    #[inline]
    pub(crate) fn is_empty(&self, idx: usize) -> bool {
        self.cells.cells[idx] == EMPTY
    }

    #[inline]
    pub(crate) fn info(&self, idx: usize, side: Side) -> CellInfo {
        self.pts[idx].info[side_index(side)]
    }

    #[inline]
    pub(crate) fn pattern(&self, idx: usize, d: usize, side: Side) -> Pattern {
        let s = side_index(side);
        pattern::lookup(self.exact[s], side_key(self.pts[idx].keys[d], s))
    }

    #[inline]
    pub(crate) fn five_count(&self, side: Side) -> u32 {
        self.count_exactly(side, level::FIVE)
    }

    /// Number of empty points where `side` reaches at least threat level `lvl`.
    #[inline]
    pub(crate) fn count_at_least(&self, side: Side, lvl: u8) -> u32 {
        self.sums[side_index(side)].level_count[usize::from(lvl)..]
            .iter()
            .sum()
    }

    /// Number of empty points where `side` reaches exactly threat level `lvl`.
    #[inline]
    pub(crate) fn count_exactly(&self, side: Side, lvl: u8) -> u32 {
        self.sums[side_index(side)].level_count[usize::from(lvl)]
    }

    /// Whether `side` has a legal empty point of threat level `lvl` or more (Renju Black's
    /// forbidden points excluded; only then is the board scanned).
    pub(crate) fn has_legal_at_least(&mut self, side: Side, lvl: u8) -> bool {
        if self.count_at_least(side, lvl) == 0 {
            return false;
        }
        if side == Side::White || self.rule != Rule::Renju {
            return true;
        }
        let n = usize::from(self.size());
        for y in 0..n {
            let row = (y + PAD) * STRIDE + PAD;
            for idx in row..row + n {
                if self.pts[idx].info[0].level >= lvl
                    && self.cells.cells[idx] == EMPTY
                    && self.legal(idx, side)
                {
                    return true;
                }
            }
        }
        false
    }

    /// Empty points where `side` makes a five (at most `max`, the first in row order).
    pub(crate) fn five_points(&self, side: Side, max: usize) -> Vec<usize> {
        let count = self.five_count(side) as usize;
        if count == 0 {
            return Vec::new();
        }
        // A five-point almost always comes from the last move's four, so the lines through
        // that stone are looked at first; the count tells whether they held every one.
        if let Some(near) = self.five_points_near_last(side, count) {
            let mut out = near;
            out.sort_unstable();
            out.truncate(max);
            return out;
        }
        let mut out = self.points_at_least(side, level::FIVE);
        out.truncate(max);
        out
    }

    /// All `count` five-points of `side` when they lie within 5 of the last move on its 4
    /// lines; `None` when some lie elsewhere (or no move was played).
    fn five_points_near_last(&self, side: Side, count: usize) -> Option<Vec<usize>> {
        let last = *self.history.last()?;
        let s = side_index(side);
        let mut out = Vec::with_capacity(count);
        for &dir in &DIRS {
            for sign in [-1isize, 1] {
                for k in 1..=5isize {
                    let n = last.wrapping_add_signed(dir * sign * k);
                    let c = self.cells.cells[n];
                    if c == WALL {
                        break;
                    }
                    if c == EMPTY && self.pts[n].info[s].level == level::FIVE {
                        out.push(n);
                        if out.len() == count {
                            return Some(out);
                        }
                    }
                }
            }
        }
        None
    }

    /// What `side`'s stone at the empty point `p` would make once the opponent has a stone
    /// at the empty point `c` as well: `None` when `p == c` (the point is taken), else its
    /// [`CellInfo`] as [`SearchBoard::play`] would leave it. Only the one line through both
    /// points changes, so that line's pattern is looked up with the stone added to its key;
    /// nothing is played.
    pub(crate) fn info_after_block(&self, p: usize, side: Side, c: usize) -> Option<CellInfo> {
        if p == c {
            return None;
        }
        let s = side_index(side);
        let mut pats = self.pts[p].pats[s];
        if let Some((d, off)) = shared_line(c, p) {
            let digits = key_digits(stone(!side), off);
            let digit = if s == 0 { digits.0 } else { digits.1 };
            let key = side_key(self.pts[p].keys[d], s) + digit;
            pats[d] = self.tables[s][key as usize];
        }
        Some(self.entries[s][usize::from(eval::pcode_in(self.codes, &pats))].info)
    }

    /// Whether `side` may play at the empty point `idx` (Renju forbidden moves excluded).
    pub(crate) fn legal(&mut self, idx: usize, side: Side) -> bool {
        if self.cells.cells[idx] != EMPTY {
            return false;
        }
        if side == Side::White || self.rule != Rule::Renju {
            return true;
        }
        !self.pts[idx].info[0].maybe_forbidden || self.cells.forbidden(idx).is_none()
    }

    /// Put a stone of the side to move at the empty point `p` and pass the turn (no legality
    /// check beyond the point being empty).
    ///
    /// # Panics
    /// When `p` is off the board or occupied.
    pub fn play_point(&mut self, p: Point) {
        assert!(self.cells.on_board(p), "{p} is off the board");
        let idx = Cells::index_of(p);
        assert!(self.is_empty(idx), "{p} is occupied");
        self.play(idx);
    }

    /// Empty points within distance 2 of a stone (the centre on an empty board): the
    /// candidate moves of the Hard search before ordering and pruning.
    #[must_use]
    pub fn candidate_points(&self) -> Vec<Point> {
        self.candidates().into_iter().map(Cells::point_of).collect()
    }

    /// Sum of the point values (evaluation units) of `side` over all empty points.
    #[must_use]
    pub fn potential(&self, side: Side) -> i32 {
        let s = side_index(side);
        (self.cells.all_indices())
            .filter(|&i| self.cells.cells[i] == EMPTY)
            .map(|i| i32::from(self.pts[i].info[s].value))
            .sum()
    }

    /// Put a stone of the side to move at the empty `idx` and pass the turn.
    pub(crate) fn play(&mut self, idx: usize) {
        let side = self.to_move;
        self.begin_frame(idx);
        self.place(idx, side);
        self.to_move = !side;
        self.history.push(idx);
    }

    /// Take back the last move ([`SearchBoard::play_point`]): the caches its stone changed are
    /// restored as they were saved, not recomputed.
    ///
    /// # Panics
    /// When no move was played on this board.
    pub fn undo(&mut self) {
        let frame = self.frames.pop().expect("undo after play");
        let idx = self.history.pop().expect("a move per frame");
        let st = self.cells.cells[idx];
        debug_assert!(st == 1 || st == 2);
        self.cells.cells[idx] = EMPTY;
        self.hash ^= zobrist()[usize::from(st - 1)][idx];
        self.empties += 1;
        self.add_near(idx, -1);
        if self.reach == 4 {
            self.remove_from_keys::<4>(idx, st);
        } else {
            self.remove_from_keys::<5>(idx, st);
        }
        for s in &self.saved[frame.start..] {
            let pt = &mut self.pts[usize::from(s.idx)];
            pt.pats = s.pats;
            pt.pcodes = s.pcodes;
            pt.info = s.info;
        }
        self.saved.truncate(frame.start);
        self.sums = frame.sums;
        self.to_move = !self.to_move;
    }

    /// Take the stone `st` at `idx` out of the keys of every point within `REACH` on its
    /// lines.
    fn remove_from_keys<const REACH: usize>(&mut self, idx: usize, st: u8) {
        self.walk_lines::<REACH>(idx, st, |b, n, d, digits| b.pts[n].keys[d] -= digits);
    }

    /// Push the board-wide sums and the caches of `idx` for [`SearchBoard::undo`]; the points
    /// on its lines are saved by [`SearchBoard::update_lines`] as it reaches them.
    fn begin_frame(&mut self, idx: usize) {
        self.frames.push(Frame {
            start: self.saved.len(),
            sums: self.sums,
        });
        self.save_point(idx);
    }

    #[inline]
    fn save_point(&mut self, i: usize) {
        self.saved.push(Saved::of(i, &self.pts[i]));
    }

    fn place(&mut self, idx: usize, side: Side) {
        debug_assert_eq!(self.cells.cells[idx], EMPTY);
        for s in 0..2 {
            let old = self.pts[idx].info[s];
            // The point leaves the counts: they are over empty points.
            self.sums[s].level_count[usize::from(old.level)] -= 1;
            self.pts[idx].info[s] = CellInfo::default();
            let w = self.entries[s][usize::from(self.pts[idx].pcodes[s])].weights;
            for (e, w) in self.sums[s].evals.iter_mut().zip(w) {
                *e -= i32::from(w);
            }
            self.pts[idx].pcodes[s] = PCODE_NONE;
        }
        let st = stone(side);
        self.cells.cells[idx] = st;
        self.hash ^= zobrist()[side_index(side)][idx];
        self.empties -= 1;
        self.add_near(idx, 1);
        self.update_lines(idx, st);
    }

    fn add_near(&mut self, idx: usize, delta: i8) {
        for dy in -2..=2isize {
            for dx in -2..=2isize {
                let n = idx.wrapping_add_signed(dy * STRIDE as isize + dx);
                self.near[n] = self.near[n].wrapping_add_signed(delta);
            }
        }
    }

    /// Add the stone `st` at `idx` to the keys of every point within reach on its 4 lines, and
    /// refresh the empty ones, saving the caches of each whose patterns change first (for
    /// [`SearchBoard::undo`]).
    fn update_lines(&mut self, idx: usize, st: u8) {
        // One copy per reach, each with its own constant-length walk and the closure inlined.
        if self.reach == 4 {
            self.update_lines_within::<4>(idx, st);
        } else {
            self.update_lines_within::<5>(idx, st);
        }
    }

    /// [`SearchBoard::update_lines`] for a reach of `REACH`.
    fn update_lines_within<const REACH: usize>(&mut self, idx: usize, st: u8) {
        self.walk_lines::<REACH>(idx, st, |b, n, d, digits| {
            b.pts[n].keys[d] += digits;
            if b.cells.cells[n] == EMPTY {
                b.refresh_dir(n, d);
            }
        });
    }

    /// Call `f(self, point, direction, digits)` for every point within `REACH` (the board's
    /// [`SearchBoard::reach`], at most 5) of `idx` on its 4 lines (walls too), with the
    /// digits a stone `st` at `idx` adds to that point's direction keys (a [`pair_key`] of
    /// [`key_digits`]).
    #[inline(always)]
    fn walk_lines<const REACH: usize>(
        &mut self,
        idx: usize,
        st: u8,
        mut f: impl FnMut(&mut Self, usize, usize, u64),
    ) {
        let digits = &WALK_DIGITS[usize::from(st - 1)];
        for (d, &dir) in DIRS.iter().enumerate() {
            // Outwards on both sides, walls included: the padding is 5 wide, so the walk stays
            // in the array, and a wall's keys are never read (only added to and taken back),
            // which spares a test per step.
            for (half, step) in [-dir, dir].into_iter().enumerate() {
                let mut n = idx;
                for k in 0..REACH {
                    n = n.wrapping_add_signed(step);
                    f(self, n, d, digits[half * 5 + k]);
                }
            }
        }
    }

    /// Recompute the patterns and summaries of the empty point `idx` from its keys.
    fn refresh(&mut self, idx: usize) {
        for s in 0..2 {
            for d in 0..4 {
                let key = side_key(self.pts[idx].keys[d], s);
                self.pts[idx].pats[s][d] = pattern::lookup(self.exact[s], key);
            }
            self.summarize(idx, s);
        }
    }

    /// Recompute the direction-`d` patterns of the empty point `idx`, then its summaries.
    /// Each point lies on one line through a move's stone, so it is saved at most once per
    /// move.
    #[inline(always)]
    fn refresh_dir(&mut self, idx: usize, d: usize) {
        let pt = &mut self.pts[idx];
        let new = [
            self.tables[0][side_key(pt.keys[d], 0) as usize],
            self.tables[1][side_key(pt.keys[d], 1) as usize],
        ];
        if new[0] == pt.pats[0][d] && new[1] == pt.pats[1][d] {
            return;
        }
        self.saved.push(Saved::of(idx, pt));
        for (s, p) in new.into_iter().enumerate() {
            if p != pt.pats[s][d] {
                pt.pats[s][d] = p;
                summarize(pt, s, self.codes, &self.entries[s], &mut self.sums[s]);
            }
        }
    }

    /// Rebuild the [`CellInfo`] and the pattern code of side index `s` at `idx` from its 4
    /// cached patterns.
    fn summarize(&mut self, idx: usize, s: usize) {
        let pt = &mut self.pts[idx];
        summarize(pt, s, self.codes, &self.entries[s], &mut self.sums[s]);
    }

    /// The learned evaluation (see [`eval`]) from the side to move's view.
    #[inline]
    pub(crate) fn evaluation(&self) -> i32 {
        let (us, them) = (side_index(self.to_move), side_index(!self.to_move));
        self.sums[us].evals[0] - self.sums[them].evals[1]
    }

    /// The pattern code of the empty point `idx` for `side`.
    #[inline]
    pub(crate) fn pcode(&self, idx: usize, side: Side) -> u16 {
        self.pts[idx].pcodes[side_index(side)]
    }

    /// All empty points within distance 2 of a stone (the centre on an empty board).
    pub(crate) fn candidates(&self) -> Vec<usize> {
        // Row by row over the raw arrays, as `points_at_least`: this runs at most search nodes.
        let mut out = Vec::with_capacity(96);
        let n = usize::from(self.size());
        for y in 0..n {
            let row = (y + PAD) * STRIDE + PAD;
            for i in row..row + n {
                if self.near[i] > 0 && self.cells.cells[i] == EMPTY {
                    out.push(i);
                }
            }
        }
        if out.is_empty() && self.empties > 0 {
            let c = Cells::index_of(Point::center(self.size()));
            if self.cells.cells[c] == EMPTY {
                out.push(c);
            } else {
                out.extend(
                    self.cells
                        .all_indices()
                        .filter(|&i| self.cells.cells[i] == EMPTY),
                );
            }
        }
        out
    }

    /// Empty points where `side` reaches at least threat level `lvl` (≥ [`level::THREE`], so
    /// every one is near a stone and a candidate), row by row; legality is not checked.
    pub(crate) fn points_at_least(&self, side: Side, lvl: u8) -> Vec<usize> {
        let mut out = Vec::new();
        let mut left = self.count_at_least(side, lvl);
        let s = side_index(side);
        let n = usize::from(self.size());
        for y in 0..n {
            if left == 0 {
                break;
            }
            let row = (y + PAD) * STRIDE + PAD;
            for i in row..row + n {
                if self.pts[i].info[s].level >= lvl && self.cells.cells[i] == EMPTY {
                    out.push(i);
                    left = left.saturating_sub(1);
                }
            }
        }
        out
    }

    /// Indices of empty points, row by row.
    pub(crate) fn empty_points(&self) -> Vec<usize> {
        self.cells
            .all_indices()
            .filter(|&i| self.cells.cells[i] == EMPTY)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gomoku::Rule;

    /// Whether every point of `a` and `b` has the same line keys and summaries.
    fn same_info_and_keys(a: &SearchBoard, b: &SearchBoard) -> bool {
        // Walls' keys are scratch (see `walk_lines`).
        (a.cells.all_indices())
            .all(|i| a.pts[i].info == b.pts[i].info && a.pts[i].keys == b.pts[i].keys)
    }

    #[test]
    fn hash_keyed_maps_index_by_the_key_itself() {
        use std::hash::BuildHasher;
        let build = BuildHasherDefault::<ZobristKeyHasher>::default();
        assert_eq!(
            build.hash_one(0x9E37_79B9_7F4A_7C15u64),
            0x9E37_79B9_7F4A_7C15
        );
        let mut m: HashKeyed<u32> = HashKeyed::default();
        for k in 0..1000u64 {
            m.insert(k.wrapping_mul(0x9E37_79B9_7F4A_7C15), k as u32);
        }
        assert_eq!(m.len(), 1000);
        assert_eq!(m.get(&7u64.wrapping_mul(0x9E37_79B9_7F4A_7C15)), Some(&7));
        assert_eq!(m.get(&1), None);
    }

    #[test]
    fn two_points_share_a_line_exactly_when_a_step_along_it_joins_them() {
        let pa: Point = "C3".parse().unwrap();
        let a = Cells::index_of(pa);
        // DIRS as steps in (x, y).
        for (d, (sx, sy)) in [(1, 0), (0, 1), (1, 1), (-1, 1)].into_iter().enumerate() {
            for off in (-5..=5i32).filter(|&o| o != 0) {
                let (x, y) = (i32::from(pa.x) + sx * off, i32::from(pa.y) + sy * off);
                if !(0..15).contains(&x) || !(0..15).contains(&y) {
                    continue;
                }
                let b = Cells::index_of(Point {
                    x: x as u8,
                    y: y as u8,
                });
                assert_eq!(b, a.wrapping_add_signed(DIRS[d] * off as isize));
                assert_eq!(shared_line(a, b), Some((d, off)), "{d} {off}");
            }
        }
        let at = |p: &str| Cells::index_of(p.parse().unwrap());
        assert_eq!(shared_line(at("H8"), at("J9")), None); // a knight's move
        assert_eq!(shared_line(at("H8"), at("H14")), None); // six apart
        assert_eq!(shared_line(at("H8"), at("H8")), None);
        assert_eq!(shared_line(at("H8"), at("D4")), Some((2, -4)));
    }

    #[test]
    fn incremental_equals_scratch() {
        // Every rule: Freestyle's walk reaches 4 points along a line, the others 5. The
        // last moves reach the edges, where the walk crosses walls.
        for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
            incremental_equals_scratch_under(rule);
        }
    }

    fn incremental_equals_scratch_under(rule: Rule) {
        let mut pos = Position::new(15, rule).unwrap();
        let mut b = SearchBoard::from_position(&pos);
        let moves = [
            "h8", "h9", "i9", "g7", "j10", "i8", "g9", "k11", "j8", "f6", "g10", "a1", "o15", "b2",
            "n8", "e4", "a5",
        ];
        for m in moves {
            let p: Point = m.parse().unwrap();
            pos.play(p).unwrap();
            b.play(Cells::index_of(p));
            let fresh = SearchBoard::from_position(&pos);
            assert_eq!(fresh.hash, b.hash);
            assert_eq!(fresh.potential(Side::Black), b.potential(Side::Black));
            assert_eq!(fresh.sums, b.sums);
            // Patterns of occupied points are stale by design (recomputed when emptied).
            for i in b.empty_points() {
                assert_eq!(fresh.pts[i].pats, b.pts[i].pats);
            }
            assert!(same_info_and_keys(&fresh, &b));
        }
        for _ in moves {
            b.undo();
            pos.undo();
            let fresh = SearchBoard::from_position(&pos);
            assert_eq!(fresh.hash, b.hash);
            assert!(same_info_and_keys(&fresh, &b));
            assert_eq!(fresh.sums, b.sums);
        }
    }
}
