//! Victory by continuous threats by depth-first proof-number search (df-pn, Nagai 2002; proof
//! numbers after Allis 1994). The tree is the one of [`super::vct`]: at attacker (OR) nodes a
//! five wins, a defender four must be blocked, a legal straight-four point wins, and otherwise
//! every four and every move that leaves a legal straight-four point (a real open three) is
//! tried; at defender (AND) nodes a four's block is forced and against an open three every
//! point that stops the straight four is tried, and every counter-four. Renju-aware through
//! [`SearchBoard::legal`] and the exact-five patterns.
//!
//! Unlike the depth-first VCT, df-pn expands the most promising node first (the one with the
//! smallest proof or disproof number, estimated from how many defences a threat leaves), so
//! it finds long narrow wins that a fixed threat-depth search misses, within a node budget.
//! Proof and disproof numbers are cached per position in a hash map; positions deeper than
//! [`MAX_PLIES`] count as disproven.

use std::time::Instant;

use crate::core::{Side, StopFlag};

use super::board::{Cells, DIRS, EMPTY};
use super::point::Point;
use super::position::Position;
use super::search_board::{HashKeyed, SearchBoard, level};
use super::vcf::{distance, place_as};

const INF: u32 = u32::MAX / 4;
/// Plies (both sides) a proof may take.
const MAX_PLIES: usize = 40;
/// Key salt for defender-to-move nodes (the board hash has no side bit).
const AND_SALT: u64 = 0x6a09_e667_f3bc_c909;

/// Limits and counters of one df-pn run.
pub(crate) struct DfpnCtx<'a> {
    pub nodes: u64,
    pub max_nodes: u64,
    pub deadline: Option<Instant>,
    pub stop: Option<&'a StopFlag>,
    pub aborted: bool,
    table: HashKeyed<(u32, u32)>,
}

impl<'a> DfpnCtx<'a> {
    pub fn new(max_nodes: u64, deadline: Option<Instant>, stop: Option<&'a StopFlag>) -> Self {
        DfpnCtx {
            nodes: 0,
            max_nodes,
            deadline,
            stop,
            aborted: false,
            table: HashKeyed::default(),
        }
    }

    fn out_of_budget(&mut self) -> bool {
        if !self.aborted
            && (self.nodes >= self.max_nodes
                || self.nodes.is_multiple_of(64)
                    && (self.stop.is_some_and(StopFlag::is_stopped)
                        || self.deadline.is_some_and(|d| Instant::now() >= d)))
        {
            self.aborted = true;
        }
        self.aborted
    }
}

/// A node's children, or its value when it is decided without them.
enum Expansion {
    Proven,
    Disproven,
    Moves(Vec<usize>),
}

fn key(b: &SearchBoard, or_node: bool) -> u64 {
    if or_node { b.hash } else { b.hash ^ AND_SALT }
}

/// Searches a VCT for `att` on `b` (`att` to move), with at most `ctx.max_nodes` nodes.
/// Returns a winning line (attacker first, one defence shown at each defender node) or
/// `None` when none was proven within the limits.
pub(crate) fn search(b: &mut SearchBoard, att: Side, ctx: &mut DfpnCtx<'_>) -> Option<Vec<usize>> {
    let (pn, _) = mid(b, att, true, 0, INF - 1, INF - 1, ctx);
    if pn != 0 {
        return None;
    }
    let mut line = Vec::new();
    proof_line(b, att, true, 0, ctx, &mut line);
    Some(line)
}

/// Multiple iterative deepening at one node: searches until its proof number reaches
/// `th_pn` or its disproof number `th_dn`; returns them.
fn mid(
    b: &mut SearchBoard,
    att: Side,
    or_node: bool,
    ply: usize,
    th_pn: u32,
    th_dn: u32,
    ctx: &mut DfpnCtx<'_>,
) -> (u32, u32) {
    ctx.nodes += 1;
    let k = key(b, or_node);
    if ctx.out_of_budget() {
        return ctx.table.get(&k).copied().unwrap_or((1, 1));
    }
    let moves = match expand(b, att, or_node, ply) {
        Expansion::Proven => return store(ctx, k, (0, INF)),
        Expansion::Disproven => return store(ctx, k, (INF, 0)),
        Expansion::Moves(m) => m,
    };
    let child_side = if or_node { att } else { !att };
    loop {
        // The children's numbers (unexplored ones start at 1, 1).
        let mut nums = Vec::with_capacity(moves.len());
        for &m in &moves {
            place_as(b, m, child_side);
            let n = ctx.table.get(&key(b, !or_node)).copied().unwrap_or((1, 1));
            b.undo_as();
            nums.push(n);
        }
        let (pn, dn) = combine(&nums, or_node);
        if pn >= th_pn || dn >= th_dn || ctx.aborted {
            return store(ctx, k, (pn, dn));
        }
        // The most promising child and the runner-up's number.
        let pick = |n: &(u32, u32)| if or_node { n.0 } else { n.1 };
        let mut best = 0;
        let mut second = INF;
        for (i, n) in nums.iter().enumerate() {
            if pick(n) < pick(&nums[best]) {
                second = pick(&nums[best]);
                best = i;
            } else if i != best && pick(n) < second {
                second = pick(n);
            }
        }
        let (cpn, cdn) = nums[best];
        let (c_th_pn, c_th_dn) = if or_node {
            (th_pn.min(second.saturating_add(1)), add(th_dn - dn, cdn))
        } else {
            (add(th_pn - pn, cpn), th_dn.min(second.saturating_add(1)))
        };
        place_as(b, moves[best], child_side);
        mid(b, att, !or_node, ply + 1, c_th_pn, c_th_dn, ctx);
        b.undo_as();
    }
}

fn add(a: u32, b: u32) -> u32 {
    a.saturating_add(b).min(INF)
}

/// OR: proof = min, disproof = sum; AND: the reverse.
fn combine(nums: &[(u32, u32)], or_node: bool) -> (u32, u32) {
    let min = |f: fn(&(u32, u32)) -> u32| nums.iter().map(f).min().unwrap_or(INF);
    let sum = |f: fn(&(u32, u32)) -> u32| nums.iter().map(f).fold(0, add);
    if or_node {
        (min(|n| n.0), sum(|n| n.1))
    } else {
        (sum(|n| n.0), min(|n| n.1))
    }
}

fn store(ctx: &mut DfpnCtx<'_>, k: u64, v: (u32, u32)) -> (u32, u32) {
    ctx.table.insert(k, v);
    v
}

/// Whether `att` threatens to win now: a five-point, or a legal straight-four point.
fn threatens(b: &mut SearchBoard, att: Side) -> bool {
    b.five_count(att) > 0 || b.has_legal_at_least(att, level::FLEX_FOUR)
}

/// The node's children (see the module docs), or its value.
fn expand(b: &mut SearchBoard, att: Side, or_node: bool, ply: usize) -> Expansion {
    let def = !att;
    if or_node {
        if b.five_count(att) > 0 {
            return Expansion::Proven;
        }
        let threats = b.five_points(def, 2);
        if threats.len() >= 2 || ply >= MAX_PLIES {
            return Expansion::Disproven;
        }
        if let Some(&t) = threats.first() {
            // The block is forced; it must keep a threat going (checked at the child).
            return if b.legal(t, att) {
                Expansion::Moves(vec![t])
            } else {
                Expansion::Disproven
            };
        }
        if b.has_legal_at_least(att, level::FLEX_FOUR) {
            return Expansion::Proven;
        }
        let moves = attacker_moves(b, att);
        if moves.is_empty() {
            Expansion::Disproven
        } else {
            Expansion::Moves(moves)
        }
    } else {
        if b.five_count(def) > 0 {
            return Expansion::Disproven;
        }
        let fps = b.five_points(att, 3);
        if !fps.is_empty() {
            let blocks: Vec<usize> = fps.iter().copied().filter(|&q| b.legal(q, def)).collect();
            return if fps.len() >= 2 || blocks.is_empty() {
                Expansion::Proven
            } else {
                Expansion::Moves(blocks)
            };
        }
        if !threatens(b, att) {
            // The attacker's last move (a block of a counter-four) threatens nothing.
            return Expansion::Disproven;
        }
        let replies = defences(b, att);
        if replies.is_empty() {
            Expansion::Proven
        } else {
            Expansion::Moves(replies)
        }
    }
}

/// The attacker's threat moves, most promising first: fours and moves that leave a legal
/// straight-four point (a real open three), near its previous move first.
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
    let mut out = Vec::with_capacity(v.len());
    for (_, i) in v {
        if !b.legal(i, att) {
            continue;
        }
        if b.info(i, att).level >= level::FOUR {
            out.push(i);
            continue;
        }
        place_as(b, i, att);
        let real = b.has_legal_at_least(att, level::FLEX_FOUR);
        b.undo_as();
        if real {
            out.push(i);
        }
    }
    out
}

/// The defender's replies to an open three: the points on the lines through the attacker's
/// straight-four points after which none is left, and its own fours.
fn defences(b: &mut SearchBoard, att: Side) -> Vec<usize> {
    let def = !att;
    let flex: Vec<usize> = b
        .candidates()
        .into_iter()
        .filter(|&i| b.info(i, att).level >= level::FLEX_FOUR)
        .collect();
    let mut cands: Vec<usize> = Vec::new();
    for &p in &flex {
        for &dir in &DIRS {
            for k in -5..=5isize {
                let q = p.wrapping_add_signed(dir * k);
                if q < b.cells.cells.len() && b.cells.cells[q] == EMPTY && !cands.contains(&q) {
                    cands.push(q);
                }
            }
        }
    }
    let mut out = Vec::new();
    for q in cands {
        if !b.legal(q, def) {
            continue;
        }
        if b.info(q, def).level >= level::FOUR {
            out.push(q);
            continue;
        }
        place_as(b, q, def);
        let stops = !b.has_legal_at_least(att, level::FLEX_FOUR);
        b.undo_as();
        if stops {
            out.push(q);
        }
    }
    for q in b.candidates() {
        if b.info(q, def).level >= level::FOUR && !out.contains(&q) && b.legal(q, def) {
            out.push(q);
        }
    }
    out
}

/// Follows the proof: at attacker nodes a proven child, at defender nodes the first child.
fn proof_line(
    b: &mut SearchBoard,
    att: Side,
    or_node: bool,
    ply: usize,
    ctx: &mut DfpnCtx<'_>,
    line: &mut Vec<usize>,
) {
    if ply > MAX_PLIES {
        return;
    }
    let Expansion::Moves(moves) = expand(b, att, or_node, ply) else {
        if or_node {
            // A five or a straight-four point: show the winning stone.
            let fives = b.five_points(att, 1);
            let m = fives.first().copied().or_else(|| {
                b.candidates()
                    .into_iter()
                    .find(|&i| b.info(i, att).level >= level::FLEX_FOUR && b.legal(i, att))
            });
            line.extend(m);
        }
        return;
    };
    let side = if or_node { att } else { !att };
    let next = moves.iter().copied().find(|&m| {
        place_as(b, m, side);
        let n = ctx.table.get(&key(b, !or_node)).copied();
        b.undo_as();
        if or_node {
            n.is_some_and(|n| n.0 == 0)
        } else {
            true
        }
    });
    if let Some(m) = next {
        line.push(m);
        place_as(b, m, side);
        proof_line(b, att, !or_node, ply + 1, ctx, line);
        b.undo_as();
    }
}

/// Finds a victory by continuous threats (fours and open threes) for `attacker` in `pos`, as
/// if `attacker` were to move, by df-pn with at most `max_nodes` nodes (see the module docs).
///
/// Returns a winning line (attacker first; at each defender move one refuted defence is
/// shown, every other defence is refuted too) or `None` when no VCT was proven within the
/// limits, the game is over, or `stop` was raised.
#[must_use]
pub fn find_vct_dfpn(
    pos: &Position,
    attacker: Side,
    max_nodes: u64,
    stop: &StopFlag,
) -> Option<Vec<Point>> {
    use crate::core::GameRules;
    if pos.outcome().is_some() {
        return None;
    }
    let mut b = SearchBoard::from_position(pos);
    b.to_move = attacker;
    let mut ctx = DfpnCtx::new(max_nodes, None, Some(stop));
    search(&mut b, attacker, &mut ctx).map(|line| line.into_iter().map(Cells::point_of).collect())
}
