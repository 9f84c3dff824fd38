//! Victory by continuous threats (VCT): threat-space search over fours AND open threes
//! (Allis, van den Herik & Huntjens 1994, "Go-Moku and threat-space search"), as an AND/OR
//! proof search in the style of Rapfi's and quintet's VCT solvers.
//!
//! - Attacker nodes (OR): a five wins; a defender four must be blocked, and the block must
//!   itself keep a threat; otherwise a short VCF is tried, then every four and every move that
//!   makes a real open three (one that leaves a legal straight-four point) is tried.
//! - Defender nodes (AND): against a four the block is forced; against an open three EVERY
//!   defence is tried: each point after which the attacker has no legal straight-four point
//!   left, plus every counter-four (the attacker must block it, then the defender moves
//!   again). A forced block of the attacker may also threaten a VCF instead of a three; then
//!   every point near the stones is tried as a defence.
//!
//! Renju-aware: a Black three or four needing a forbidden point is no threat (only legal
//! straight-four points count), Black never defends on a forbidden point (so a White threat
//! whose only defences are forbidden wins), and Black's overline is no five (exact-five
//! patterns). Depth counts the attacker's threat moves (threes and fours alike); a short VCF
//! is allowed at every attacker node on top of it. Proven results are cached by position hash,
//! and the short VCF searches of one run share the failures they prove (they made 84 % of the
//! nodes when each started afresh).

use std::time::Instant;

use crate::core::{Side, StopFlag};

use super::board::{Cells, DIRS, EMPTY};
use super::point::Point;
use super::position::Position;
use super::rule::Rule;
use super::search_board::{HashKeyed, SearchBoard, level};
use super::vcf::{self, VcfCtx, distance, place_as};

/// Attacker moves (the five included) of the VCF tried at each attacker node.
const NODE_VCF_MOVES: u32 = 8;
/// Node budget of each of those VCF searches.
const NODE_VCF_NODES: u64 = 2_000;
/// Key salt for attacker-node cache entries of White attacking (hash has no side bit).
const WHITE_SALT: u64 = 0x2545_f491_4f6c_dd1d;

/// Search limits and counters of one VCT run.
pub(crate) struct VctCtx<'a> {
    /// Nodes searched (VCT nodes plus the nested VCF nodes).
    pub nodes: u64,
    /// Give up after this many nodes.
    pub max_nodes: u64,
    /// Give up at this instant.
    pub deadline: Option<Instant>,
    /// Give up when raised.
    pub stop: Option<&'a StopFlag>,
    /// Whether a limit was hit (a failure is then not a proof).
    pub aborted: bool,
    /// Attacker-node results: (largest depth proven to fail, smallest depth proven to win).
    cache: HashKeyed<(u32, u32)>,
    /// The nested VCF searches' proven failures, carried from one to the next.
    vcf_failed: HashKeyed<u32>,
    /// Node count at which the clock and stop flag are next polled.
    next_poll: u64,
}

impl<'a> VctCtx<'a> {
    /// New limits: at most `max_nodes` nodes, until `deadline`, or until `stop` is raised.
    pub fn new(max_nodes: u64, deadline: Option<Instant>, stop: Option<&'a StopFlag>) -> Self {
        VctCtx {
            nodes: 0,
            max_nodes,
            deadline,
            stop,
            aborted: false,
            cache: HashKeyed::default(),
            vcf_failed: HashKeyed::default(),
            next_poll: 0,
        }
    }

    fn out_of_budget(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        // Nested VCF searches add many nodes at once: poll by node distance, not modulo.
        let polled = self.nodes >= self.next_poll && {
            self.next_poll = self.nodes + 32;
            self.stop.is_some_and(StopFlag::is_stopped)
                || self.deadline.is_some_and(|d| Instant::now() >= d)
        };
        if self.nodes >= self.max_nodes || polled {
            self.aborted = true;
        }
        self.aborted
    }
}

/// Searches a VCT for `att` on `b` with at most `depth` attacker threat moves (threes or
/// fours; a short VCF is allowed at the end on top), treating `att` as the side to move.
/// Iterative deepening from depth 1, so short wins are found first. Returns a
/// principal line (attacker first; the defender's replies shown are the first defence
/// tried — every other defence is refuted too).
pub(crate) fn search(
    b: &mut SearchBoard,
    att: Side,
    depth: u32,
    ctx: &mut VctCtx<'_>,
) -> Option<Vec<usize>> {
    for d in 1..=depth {
        let mut pv = Vec::new();
        if att_node(b, att, d, ctx, &mut pv) {
            return Some(pv);
        }
        if ctx.aborted {
            break;
        }
    }
    None
}

/// Whether `att` now threatens to win: a five-point, or a legal straight-four point.
fn threatens(b: &mut SearchBoard, att: Side) -> bool {
    b.five_count(att) > 0 || b.has_legal_at_least(att, level::FLEX_FOUR)
}

/// Whether `att` would have a short VCF if it were to move (a threat the defender must
/// answer).
fn vcf_threat(b: &mut SearchBoard, att: Side, ctx: &mut VctCtx<'_>) -> bool {
    b.count_at_least(att, level::FOUR) > 0 && short_vcf(b, att, ctx).is_some()
}

/// A VCF of at most [`NODE_VCF_MOVES`] moves for `att` within [`NODE_VCF_NODES`] nodes (fewer
/// when the VCT's own budget is nearly spent), reusing the failures proven by the run's
/// earlier VCF searches.
fn short_vcf(b: &mut SearchBoard, att: Side, ctx: &mut VctCtx<'_>) -> Option<Vec<usize>> {
    let mut vctx = VcfCtx::new(
        NODE_VCF_NODES.min(ctx.max_nodes.saturating_sub(ctx.nodes)),
        ctx.deadline,
        ctx.stop,
    )
    .with_failed(std::mem::take(&mut ctx.vcf_failed));
    let line = vcf::search(b, att, NODE_VCF_MOVES, &mut vctx);
    ctx.nodes += vctx.nodes;
    ctx.vcf_failed = vctx.into_failed();
    line
}

fn cache_key(b: &SearchBoard, att: Side) -> u64 {
    if att == Side::White {
        b.hash ^ WHITE_SALT
    } else {
        b.hash
    }
}

fn att_node(
    b: &mut SearchBoard,
    att: Side,
    depth: u32,
    ctx: &mut VctCtx<'_>,
    pv: &mut Vec<usize>,
) -> bool {
    ctx.nodes += 1;
    if ctx.out_of_budget() {
        return false;
    }
    if let Some(&f) = b.five_points(att, 1).first() {
        pv.push(f);
        return true;
    }
    let def = !att;
    let threats = b.five_points(def, 2);
    if threats.len() >= 2 {
        return false;
    }
    if let Some(&t) = threats.first() {
        // Block the defender's four; the block must keep a threat going.
        if depth == 0 || !b.legal(t, att) {
            return false;
        }
        place_as(b, t, att);
        let mut sub = Vec::new();
        let won = (threatens(b, att) || vcf_threat(b, att, ctx))
            && def_node(b, att, depth - 1, ctx, &mut sub);
        b.undo_as();
        if won {
            pv.push(t);
            pv.append(&mut sub);
        }
        return won;
    }
    let key = cache_key(b, att);
    let cached = ctx.cache.get(&key).copied();
    if let Some((fail, win)) = cached {
        if win <= depth {
            // Proven before (the rest of the line is not stored).
            return true;
        }
        if fail >= depth {
            return false;
        }
    }
    // A short VCF first, unless this node was searched before: every entry is stored after
    // its VCF failed (a VCF win is stored as a win at depth 0 and returned above), and the
    // deeper iterations of `search` come back to the same nodes.
    if cached.is_none()
        && let Some(line) = short_vcf(b, att, ctx)
    {
        pv.extend(line);
        store(ctx, key, None, Some(0));
        return true;
    }
    if depth == 0 {
        store(ctx, key, Some(0), None);
        return false;
    }
    let moves = attacker_moves(b, att);
    for m in moves {
        if ctx.aborted {
            return false;
        }
        place_as(b, m, att);
        let mut sub = Vec::new();
        let won = threatens(b, att) && def_node(b, att, depth - 1, ctx, &mut sub);
        b.undo_as();
        if won {
            pv.push(m);
            pv.append(&mut sub);
            store(ctx, key, None, Some(depth));
            return true;
        }
    }
    if !ctx.aborted {
        store(ctx, key, Some(depth), None);
    }
    false
}

fn store(ctx: &mut VctCtx<'_>, key: u64, fail: Option<u32>, win: Option<u32>) {
    let e = ctx.cache.entry(key).or_insert((0, u32::MAX));
    if let Some(f) = fail {
        e.0 = e.0.max(f);
    }
    if let Some(w) = win {
        e.1 = e.1.min(w);
    }
}

/// The attacker's threat moves, most promising first: fours-with-threes and double threes,
/// then threes, then plain fours; near the attacker's previous move first.
fn attacker_moves(b: &mut SearchBoard, att: Side) -> Vec<usize> {
    let last = b.history.iter().rev().nth(1).copied();
    let mut v: Vec<(i32, usize)> = Vec::new();
    for i in b.candidates() {
        let inf = b.info(i, att);
        let rank = match inf.level {
            level::FOUR_THREE => 4,
            level::DOUBLE_THREE => 3,
            level::THREE => 2,
            level::FOUR => 1,
            _ => continue,
        };
        let near = last.map_or(0, |l| 16 - distance(l, i).min(16));
        v.push((rank * 100_000 + near * 1_000 + i32::from(inf.value), i));
    }
    v.sort_unstable_by_key(|s| std::cmp::Reverse(s.0));
    v.into_iter()
        .map(|s| s.1)
        .filter(|&i| b.legal(i, att))
        .collect()
}

/// Defender to move against an attacker threat (a four or an open three): true when every
/// defence loses, with the line (one defence, then the attacker's win) appended to `pv`.
fn def_node(
    b: &mut SearchBoard,
    att: Side,
    depth: u32,
    ctx: &mut VctCtx<'_>,
    pv: &mut Vec<usize>,
) -> bool {
    ctx.nodes += 1;
    if ctx.out_of_budget() {
        return false;
    }
    let def = !att;
    if b.five_count(def) > 0 {
        return false;
    }
    let fps = b.five_points(att, 3);
    if !fps.is_empty() {
        return def_against_four(b, att, depth, ctx, pv, &fps);
    }
    // An open three (or a VCF threat): every defence must fail.
    let flex: Vec<usize> = b
        .points_at_least(att, level::FLEX_FOUR)
        .into_iter()
        .filter(|&i| b.legal(i, att))
        .collect();
    let Some(replies) = defences(b, att, ctx, &flex) else {
        return false;
    };
    let mut first_pv: Option<Vec<usize>> = None;
    for q in replies {
        if ctx.aborted {
            return false;
        }
        if !b.legal(q, def) {
            continue;
        }
        let mut sub = Vec::new();
        match defence_loses(b, att, depth, ctx, q, &mut sub) {
            None => continue,
            Some(false) => return false,
            Some(true) => {}
        }
        if first_pv.is_none() {
            let mut line = vec![q];
            line.append(&mut sub);
            first_pv = Some(line);
        }
    }
    match first_pv {
        Some(mut line) => pv.append(&mut line),
        None => {
            // No defence at all: the straight four (or the VCF) follows.
            if let Some(&f) = flex.first() {
                pv.push(f);
            }
        }
    }
    true
}

/// The attacker has a four (five-points `fps`): two of them, or one that Renju Black may not
/// block, win at once; a single block is forced and the attack goes on after it.
fn def_against_four(
    b: &mut SearchBoard,
    att: Side,
    depth: u32,
    ctx: &mut VctCtx<'_>,
    pv: &mut Vec<usize>,
    fps: &[usize],
) -> bool {
    let def = !att;
    let mut blocks = fps.to_vec();
    if def == Side::Black && b.rule == Rule::Renju {
        blocks.retain(|&q| b.legal(q, def));
    }
    if fps.len() >= 2 || blocks.is_empty() {
        // Unstoppable: the five follows (or White's four cannot be blocked).
        if let Some(&f) = fps.iter().find(|&&q| !blocks.contains(&q)).or(fps.first()) {
            if let Some(&blk) = blocks.first() {
                pv.push(blk);
            }
            pv.push(f);
        }
        return true;
    }
    place_as(b, blocks[0], def);
    let mut sub = Vec::new();
    let won = att_node(b, att, depth, ctx, &mut sub);
    b.undo_as();
    if won {
        pv.push(blocks[0]);
        pv.append(&mut sub);
    }
    won
}

/// The defender's candidate replies to an open three (straight-four points `flex`): those
/// points, every empty point within 5 of them on their lines, and the defender's own fours.
/// With no straight-four point the threat can only be a VCF, and then any point near the
/// stones may refute it; `None` when there is no VCF either (no threat to answer).
fn defences(
    b: &mut SearchBoard,
    att: Side,
    ctx: &mut VctCtx<'_>,
    flex: &[usize],
) -> Option<Vec<usize>> {
    let mut replies: Vec<usize> = Vec::new();
    if flex.is_empty() {
        if !vcf_threat(b, att, ctx) {
            return None;
        }
        replies = b.candidates();
    }
    let mut push = |q: usize| {
        if !replies.contains(&q) {
            replies.push(q);
        }
    };
    flex.iter().for_each(|&p| push(p));
    for &p in flex {
        for &dir in &DIRS {
            for k in -5..=5isize {
                let q = p.wrapping_add_signed(dir * k);
                if q < b.cells.cells.len() && b.cells.cells[q] == EMPTY {
                    push(q);
                }
            }
        }
    }
    for q in b.points_at_least(!att, level::FOUR) {
        push(q);
    }
    Some(replies)
}

/// Whether the defence `q` (legal) loses to the attack, the rest of the line in `sub`; `None`
/// when `q` is no defence at all (the straight four or five follows at once: not a line).
fn defence_loses(
    b: &mut SearchBoard,
    att: Side,
    depth: u32,
    ctx: &mut VctCtx<'_>,
    q: usize,
    sub: &mut Vec<usize>,
) -> Option<bool> {
    let def = !att;
    place_as(b, q, def);
    let lost = if b.five_count(def) > 0 {
        // A counter-four: the attacker must block it, then the defender moves again.
        let dfps = b.five_points(def, 2);
        if dfps.len() >= 2 || !b.legal(dfps[0], att) {
            Some(false)
        } else {
            place_as(b, dfps[0], att);
            let w = def_node(b, att, depth, ctx, sub);
            b.undo_as();
            if w {
                sub.insert(0, dfps[0]);
            }
            Some(w)
        }
    } else if threatens(b, att) {
        None
    } else {
        Some(att_node(b, att, depth, ctx, sub))
    };
    b.undo_as();
    lost
}

/// Finds a victory by continuous threats (fours and open threes) for `attacker` in `pos`, as
/// if `attacker` were to move, with at most `max_threats` attacker threat moves (threes or
/// fours) before a final VCF of up to 8 moves, giving up after `max_nodes` nodes.
///
/// Returns a principal line (attacker first, then one refuted defence, …) or `None` when no
/// VCT was found within the limits, the game is over, or `stop` was raised. A line is a
/// proof within the model: every defence of every three (all points that stop the straight
/// four, and all counter-fours) was refuted. Threat-space search after Allis et al. (1994);
/// Renju-aware as described in the module docs.
#[must_use]
pub fn find_vct(
    pos: &Position,
    attacker: Side,
    max_threats: u32,
    max_nodes: u64,
    stop: &StopFlag,
) -> Option<Vec<Point>> {
    use crate::core::GameRules;
    if pos.outcome().is_some() {
        return None;
    }
    let mut b = SearchBoard::from_position(pos);
    b.to_move = attacker;
    let mut ctx = VctCtx::new(max_nodes, None, Some(stop));
    search(&mut b, attacker, max_threats, &mut ctx)
        .map(|line| line.into_iter().map(Cells::point_of).collect())
}
