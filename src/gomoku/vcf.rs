//! Victory by continuous fours (VCF): a depth-first threat-space search (Allis, van den Herik
//! & Huntjens 1994, "Go-Moku and threat-space search") restricted to fours, where every
//! attacker move is a four, so the defender's reply is forced (block the five-point).
//!
//! Renju-aware: a Black four needs a legal (non-forbidden) move; a Black four whose
//! completion would be an overline is no four (exact-five patterns); and when White attacks,
//! a four whose only block is forbidden for Black wins at once (Black cannot block it).
//! If the defender already has a four, the attacker must block it with a move that is itself
//! a four, or the VCF fails.

use std::time::Instant;

use crate::core::{GameRules, Side, StopFlag};

use super::board::Cells;
use super::point::Point;
use super::position::Position;
use super::rule::Rule;
use super::search_board::{HashKeyed, SearchBoard, level};

/// Search limits and counters of one VCF run.
pub(crate) struct VcfCtx<'a> {
    pub nodes: u64,
    pub max_nodes: u64,
    pub deadline: Option<Instant>,
    pub stop: Option<&'a StopFlag>,
    pub aborted: bool,
    /// Positions (hash) proven to have no VCF within the stored number of attacker moves.
    failed: HashKeyed<u32>,
}

impl<'a> VcfCtx<'a> {
    pub fn new(max_nodes: u64, deadline: Option<Instant>, stop: Option<&'a StopFlag>) -> Self {
        VcfCtx {
            nodes: 0,
            max_nodes,
            deadline,
            stop,
            aborted: false,
            failed: HashKeyed::default(),
        }
    }

    /// Starts from the failures proven by earlier searches for the same attacker (see
    /// [`VcfCtx::into_failed`]): a position without a VCF within `n` moves stays without one.
    pub fn with_failed(mut self, failed: HashKeyed<u32>) -> Self {
        self.failed = failed;
        self
    }

    /// The failures proven so far (positions by hash, with the move limit they failed at),
    /// for a later search by the same attacker.
    pub fn into_failed(self) -> HashKeyed<u32> {
        self.failed
    }

    fn out_of_budget(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        let polled = self.nodes % 64 == 1
            && (self.stop.is_some_and(StopFlag::is_stopped)
                || self.deadline.is_some_and(|d| Instant::now() >= d));
        if self.nodes >= self.max_nodes || polled {
            self.aborted = true;
        }
        self.aborted
    }
}

/// Searches a VCF for `att` on `b`, treating `att` as the side to move. `max_moves` counts
/// the attacker's moves including the final five. On success returns the line: attacker
/// four, defender block, …, attacker five — or ending on a White four whose every block is
/// forbidden for Black.
pub(crate) fn search(
    b: &mut SearchBoard,
    att: Side,
    max_moves: u32,
    ctx: &mut VcfCtx<'_>,
) -> Option<Vec<usize>> {
    let mut seq = Vec::new();
    if rec(b, att, max_moves, &mut seq, ctx) {
        Some(seq)
    } else {
        None
    }
}

fn rec(
    b: &mut SearchBoard,
    att: Side,
    left: u32,
    seq: &mut Vec<usize>,
    ctx: &mut VcfCtx<'_>,
) -> bool {
    ctx.nodes += 1;
    if left == 0 || ctx.out_of_budget() {
        return false;
    }
    if let Some(&f) = b.five_points(att, 1).first() {
        seq.push(f);
        return true;
    }
    // No four to play: no VCF (and no point scanning the board for one).
    if left < 2 || b.count_at_least(att, level::FOUR) == 0 {
        return false;
    }
    if ctx.failed.get(&b.hash).is_some_and(|&l| l >= left) {
        return false;
    }
    let def = !att;
    let threats = b.five_points(def, 2);
    let mut cands: Vec<usize> = if threats.len() >= 2 {
        Vec::new()
    } else if let Some(&t) = threats.first() {
        if b.info(t, att).level >= level::FOUR && b.legal(t, att) {
            vec![t]
        } else {
            Vec::new()
        }
    } else {
        // Fours, strongest first (double threats end the search at once), then nearest to
        // the attacker's previous four (VCF lines are local), then by value.
        let last = seq.len().checked_sub(2).map(|i| seq[i]);
        let mut v: Vec<(u8, i32, usize)> = (b.points_at_least(att, level::FOUR).into_iter())
            .map(|i| {
                let inf = b.info(i, att);
                let near = last.map_or(0, |l| 16 - distance(l, i).min(16));
                let rank = inf.level.min(level::FOUR_THREE);
                (rank, near * 1000 + i32::from(inf.value), i)
            })
            .collect();
        v.sort_unstable_by_key(|s| std::cmp::Reverse((s.0, s.1)));
        v.into_iter().map(|(_, _, i)| i).collect()
    };
    cands.retain(|&m| b.legal(m, att));
    let black_defends = def == Side::Black && b.rule == Rule::Renju;
    for m in cands {
        if ctx.aborted {
            return false;
        }
        place_as(b, m, att);
        let fps = b.five_points(att, 3);
        let mut blocks: Vec<usize> = fps.clone();
        if black_defends {
            blocks.retain(|&q| b.legal(q, def));
        }
        if fps.len() >= 2 || blocks.is_empty() {
            // Unstoppable: two five-points, or the only block is forbidden for Black.
            seq.push(m);
            if let Some(&blk) = blocks.first() {
                let five = *fps.iter().find(|&&q| q != blk).expect("two five-points");
                seq.push(blk);
                seq.push(five);
            }
            b.undo_as();
            return true;
        }
        let blk = blocks[0];
        place_as(b, blk, def);
        seq.push(m);
        seq.push(blk);
        let won = rec(b, att, left - 1, seq, ctx);
        b.undo_as();
        b.undo_as();
        if won {
            return true;
        }
        seq.truncate(seq.len() - 2);
    }
    if !ctx.aborted {
        let e = ctx.failed.entry(b.hash).or_insert(0);
        *e = (*e).max(left);
    }
    false
}

/// Chebyshev distance between two cell indices.
pub(crate) fn distance(a: usize, b: usize) -> i32 {
    let (pa, pb) = (Cells::point_of(a), Cells::point_of(b));
    i32::from(pa.x.abs_diff(pb.x).max(pa.y.abs_diff(pb.y)))
}

/// Put a `side` stone at `idx`; the side to move is left unchanged.
pub(crate) fn place_as(b: &mut SearchBoard, idx: usize, side: Side) {
    let saved = b.to_move;
    b.to_move = side;
    b.play(idx);
    b.to_move = saved;
}

impl SearchBoard {
    /// Undo a [`place_as`]; the side to move is left unchanged.
    pub(crate) fn undo_as(&mut self) {
        let saved = self.to_move;
        self.undo();
        self.to_move = saved;
    }
}

/// Finds a victory by continuous fours for `attacker` in `pos`, as if `attacker` were to
/// move (normally it is). `max_moves` bounds the attacker's moves, the final five included.
///
/// Returns the winning line as points, attacker first, alternating with the defender's forced
/// replies, ending on the attacker's five — or, under Renju with White attacking, on a White
/// four whose only block is forbidden for Black. `None` when there is no VCF within
/// `max_moves`, the game is over, or `stop` was raised.
///
/// Follows threat-space search (Allis et al. 1994) restricted to fours; Renju-aware as
/// described in the module docs.
#[must_use]
pub fn find_vcf(
    pos: &Position,
    attacker: Side,
    max_moves: u32,
    stop: &StopFlag,
) -> Option<Vec<Point>> {
    find_vcf_limited(pos, attacker, max_moves, u64::MAX, stop)
}

/// As [`find_vcf`], giving up (returning `None`) after `max_nodes` search nodes.
#[must_use]
pub fn find_vcf_limited(
    pos: &Position,
    attacker: Side,
    max_moves: u32,
    max_nodes: u64,
    stop: &StopFlag,
) -> Option<Vec<Point>> {
    if GameRules::outcome(pos).is_some() {
        return None;
    }
    let mut b = SearchBoard::from_position(pos);
    b.to_move = attacker;
    let mut ctx = VcfCtx::new(max_nodes, None, Some(stop));
    search(&mut b, attacker, max_moves, &mut ctx)
        .map(|line| line.into_iter().map(Cells::point_of).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(black: &str, white: &str) -> SearchBoard {
        let pts = |s: &str| -> Vec<Point> {
            s.split_whitespace()
                .map(|t| t.parse().expect("a point"))
                .collect()
        };
        let pos = Position::with_stones(15, Rule::Freestyle, &pts(black), &pts(white), Side::Black)
            .expect("a position");
        SearchBoard::from_position(&pos)
    }

    #[test]
    fn failures_carried_to_a_later_search_are_reused_and_stay_per_position() {
        // Black's three is closed at G8: K8 makes a four, White blocks L8, and nothing follows.
        let mut b = board("H8 I8 J8", "G8 A1 A3");
        let mut ctx = VcfCtx::new(10_000, None, None);
        assert!(search(&mut b, Side::Black, 8, &mut ctx).is_none());
        assert!(!ctx.aborted, "a proven failure");
        let first = ctx.nodes;
        assert!(first > 1, "the four was tried");
        let failed = ctx.into_failed();
        let mut again = VcfCtx::new(10_000, None, None).with_failed(failed.clone());
        assert!(search(&mut b, Side::Black, 8, &mut again).is_none());
        assert_eq!(again.nodes, 1, "the root's failure is remembered");
        // Another position (K8 now makes two fours) is searched afresh and won.
        let mut won = board("H8 I8 J8 K9 K10 K11", "G8 A1 A3 A5 A7 A9");
        let mut ctx = VcfCtx::new(10_000, None, None).with_failed(failed);
        let line = search(&mut won, Side::Black, 8, &mut ctx).expect("a VCF");
        assert_eq!(line[0], Cells::index_of("K8".parse().expect("a point")));
    }
}
