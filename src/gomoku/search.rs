//! Hard's alpha-beta searcher: principal-variation search with a shared transposition table,
//! threat-aware move generation, late-move reductions and pruning, and a VCF quiescence at the
//! leaves. The shape follows modern Gomoku engines (Rapfi's classical search, dhbloo 2022, is
//! the model: its source was read for ideas, the code here is our own).
//!
//! - **Threats first.** A side with a five-point wins; a single opponent five-point is the only
//!   move; a legal straight-four point (an open three of ours) wins in 3 plies when the
//!   opponent has no four; a four-three or a double three wins in 5 when the opponent has no
//!   point that makes a four (Rapfi's static win check; not for Renju Black).
//! - **Move generation.** Facing an open three (the opponent has a legal straight-four point)
//!   or a four-three point, only our own fours and the moves after which that threat is gone
//!   are searched ([`Threat`]); otherwise every empty point within 2 of a stone, ordered by
//!   the table move, then a static value per pattern code (the mover's plus the opponent's,
//!   weighed alike), killers (each node clears its grandchildren's before its move loop),
//!   history and counter-moves ([`super::order`]); the history, the counter-moves and the
//!   correction below carry over to the game's next move ([`Learned`]).
//! - **Static evaluation.** The pattern-code tables ([`super::eval`]) plus the search's own
//!   correction for the position's threat signature and last two moves, learnt from its
//!   scores at the nodes with no threat to answer ([`super::correction`]; Stockfish's
//!   correction history).
//! - **Pruning.** At non-PV nodes with no threat to answer: reverse futility (the static
//!   evaluation far above beta at low depth), razoring into the quiescence (far below
//!   alpha; in Renju both take the table's score instead when its bound is tighter), and
//!   move-count pruning of late moves other than our fours, at every depth; from 3 plies
//!   left, ProbCut (a search of the node 2 plies shallower that clears beta by a margin
//!   returns its score, [`Hard::probcut`]; Buro 1995). Late quiet moves
//!   are searched with a reduced depth (LMR, ln(depth)·ln(move number), two plies more at cut
//!   nodes for moves other than the killers; in Renju, moves that make a three get the
//!   table's reduction alone) and re-searched at full depth when they beat alpha. Renju's
//!   pruning margins are a quarter wider than Freestyle's.
//! - **Fractional depth.** Depths count sixteenths of a ply ([`ONE_PLY`]). Outside Renju the
//!   LMR reduction keeps its fraction, the table's move is extended a quarter ply on the PV
//!   (1/16 off it) and a forced block 0.3 ply, after Rapfi's fractional depths.
//! - **Quiescence** ([`Hard::qsearch`]): at depth 0 the side to move stands pat on the
//!   static evaluation, a threat it must answer included (Rapfi's VCF quiescence does the
//!   same), then tries its fours (a VCF, each four's block being forced), the first near any
//!   of its stones, deeper ones near its previous four and only combination fours (a four
//!   that also makes an open two or a three on another line). Its results go into the
//!   transposition table at depth 0, never over a deeper entry of another position.
//! - **Proven wins.** A move that proves a win ends its node's move loop (the score is stored
//!   as a lower bound; proving that another move wins as fast would cost as much again), and
//!   a node where only a proven win would beat alpha tries only its VCF when it has two
//!   plies or fewer left and no table entry (razoring for a win).
//!
//! Scores: evaluation units, or ±(WIN − plies to the five) for proven results.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use crate::core::{Score, Side, StopFlag};

use super::board::{Cells, NCELLS, side_index};
use super::correction::CorrectionHistory;
use super::order::{self, CutOff, KILLER_BONUS, MoveHistory, MoveKind, TT_MOVE_ORDER};
use super::pattern::Pattern;
use super::point::Point;
use super::rule::Rule;
use super::search_board::{SearchBoard, level};
use super::vcf::distance;

/// Score of a win: a five `n` plies ahead scores `WIN - n`.
pub const WIN: i32 = Score::WIN;
/// Scores beyond this magnitude are proven wins or losses.
pub const WIN_THRESHOLD: i32 = WIN - 10_000;
/// Larger than any score.
pub(super) const INF: i32 = WIN + 1;
/// Deepest ply from the root (search and quiescence).
pub(super) const MAX_PLY: usize = 128;
/// Search depths are counted in sixteenths of a ply, so that extensions and reductions can
/// be fractions of a ply (Rapfi's and Stockfish's depths are fractional too).
pub(super) const ONE_PLY: i32 = 16;
/// Attacker fours the quiescence VCF may play in a row.
const QUIESCENCE_FOURS: usize = 12;
/// Depth left (whole plies) at or below which a node where only a proven win beats alpha,
/// seen for the first time, tries only its VCF (razoring for a win; Rapfi razors to its VCF
/// search below 2.6 plies).
const WIN_RAZOR_DEPTH: i32 = 2;
/// Where Hard's search differs by rule: Renju's pruning settings, each measured in matches
/// against the build without it (200 ms a move, all balanced openings, colours swapped), as
/// Rapfi keeps per-rule settings too (its Renju futility scale is 80 against Freestyle's 63).
#[derive(Clone, Copy, Debug)]
struct RuleTuning {
    /// Reverse futility and razoring margin a ply left, in evaluation units (418 to a logit):
    /// a non-PV node with no threat to answer returns its static evaluation when that is this
    /// times the plies left above beta (at most 4 plies left), and drops into the quiescence
    /// when it is [`RuleTuning::razor_margin`] plus that below alpha (at most 2).
    margin_per_ply: i32,
    /// Razoring's margin on top of the per-ply one, in evaluation units.
    razor_margin: i32,
    /// A late move that makes a three for either side gets the LMR table's reduction, without
    /// the extra plies off the PV and at cut nodes (otherwise none).
    reduce_threes: bool,
    /// Reverse futility and razoring take the table's score instead of the static evaluation
    /// when its bound is tighter ([`Hard::pruning_eval`]).
    table_score_for_pruning: bool,
    /// ProbCut's margin in evaluation units: a non-PV node with no threat to answer returns
    /// when a search of it [`PROBCUT_REDUCTION`] shallower clears beta by this much
    /// ([`Hard::probcut`]).
    probcut_margin: i32,
    /// Depth steps in fractions of a ply, as Rapfi takes them: the LMR table's reduction
    /// keeps its fraction, the table's move is extended a quarter ply on the PV and 1/16 off
    /// it (`TTM_EXT_PV` 0.25, `TTM_EXT_NONPV` 0.08), a forced block 0.3 ply (`OPPO5_EXT`
    /// 1.3, counting the block's own ply). Otherwise whole plies, as before 2026-11-28.
    fractional_steps: bool,
}

impl RuleTuning {
    /// Freestyle and Standard. Renju's wider margins scored 50.7 % over 340 Freestyle games,
    /// reducing threes 50.4 % over 140 and the table's score 48.5 % over 400, so none is on.
    /// Fractional steps scored 267–227–22 (53.9 %) over 510 games (docs/gomoku-strength-log.md,
    /// "Fractional depth").
    const OTHER_RULES: RuleTuning = RuleTuning {
        margin_per_ply: 60,
        razor_margin: 80,
        reduce_threes: false,
        table_score_for_pruning: false,
        probcut_margin: 60,
        fractional_steps: true,
    };
    /// Renju: margins a quarter wider with threes reduced, together 386–348–18 (52.5 %) over 752
    /// games (docs/gomoku-strength-log.md, "Renju's margins and reductions"); the table's score on
    /// top, 216–150–10 (58.8 %) over 376 games, where Black's forbidden points make the static
    /// evaluation rougher (docs/gomoku-strength-log.md, "The table's score for pruning in Renju").
    /// Fractional steps scored 82–105–1 (43.9 %) over 188 Renju games, so Renju keeps whole plies.
    const RENJU: RuleTuning = RuleTuning {
        margin_per_ply: 75,
        razor_margin: 100,
        reduce_threes: true,
        table_score_for_pruning: true,
        probcut_margin: 75,
        fractional_steps: false,
    };

    fn of(rule: Rule) -> RuleTuning {
        if rule == Rule::Renju {
            RuleTuning::RENJU
        } else {
            RuleTuning::OTHER_RULES
        }
    }
}

/// Attacker fours of the quiescence VCF that may be plain fours; the later ones must be
/// combination fours ([`Hard::is_combination_four`]). Rapfi's quiescence VCF allows plain fours
/// only at its first two plies; ours, at its first only, searched fewer nodes and won more:
/// docs/gomoku-strength-log.md, "A quiescence of combination fours".
const QUIESCENCE_PLAIN_FOURS: usize = 1;

/// The transposition table, shared by all search threads (Lazy SMP). Each slot is two atomic
/// words, the key xor-ed with the data and the data, so a torn write (two threads storing at
/// once) reads back as a miss instead of a wrong entry (Hyatt & Mann's lockless hashing).
pub struct Tt {
    slots: Vec<[AtomicU64; 2]>,
}

/// One decoded table entry.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct TtEntry {
    pub score: i32,
    pub mv: u16,
    /// In sixteenths of a ply ([`ONE_PLY`]); 0 for the quiescence's entries.
    pub depth: i16,
    pub bound: u8,
}

pub(super) const BOUND_EXACT: u8 = 1;
pub(super) const BOUND_LOWER: u8 = 2;
pub(super) const BOUND_UPPER: u8 = 3;

impl TtEntry {
    /// Bits 0–23 the score (two's complement; scores stay within ±(WIN + MAX_PLY), far
    /// inside ±2^23), 24–39 the move, 40–55 the depth, 56–63 the bound.
    fn pack(self) -> u64 {
        u64::from(self.score as u32 & 0xff_ffff)
            | u64::from(self.mv) << 24
            | u64::from(self.depth as u16) << 40
            | u64::from(self.bound) << 56
    }

    fn unpack(w: u64) -> TtEntry {
        TtEntry {
            score: ((w as u32) << 8) as i32 >> 8,
            mv: (w >> 24) as u16,
            depth: (w >> 40) as u16 as i16,
            bound: (w >> 56) as u8,
        }
    }
}

impl Tt {
    /// A table of `2^bits` slots (16 bytes each).
    #[must_use]
    pub fn new(bits: u32) -> Tt {
        Tt {
            slots: (0..1usize << bits)
                .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
                .collect(),
        }
    }

    /// Forget every entry.
    pub fn clear(&self) {
        for s in &self.slots {
            s[0].store(0, Ordering::Relaxed);
            s[1].store(0, Ordering::Relaxed);
        }
    }

    fn slot(&self, key: u64) -> &[AtomicU64; 2] {
        &self.slots[(key as usize) & (self.slots.len() - 1)]
    }

    pub(super) fn probe(&self, key: u64) -> Option<TtEntry> {
        let s = self.slot(key);
        let (k, d) = (s[0].load(Ordering::Relaxed), s[1].load(Ordering::Relaxed));
        (k ^ d == key && d != 0).then(|| TtEntry::unpack(d))
    }

    /// Store `e` unless the slot holds another position's entry from a deeper search: the
    /// quiescence's entries (depth 0) never push out the main search's.
    pub(super) fn store_shallow(&self, key: u64, e: TtEntry) {
        let s = self.slot(key);
        let (k, d) = (s[0].load(Ordering::Relaxed), s[1].load(Ordering::Relaxed));
        if d != 0 && k ^ d != key && TtEntry::unpack(d).depth > e.depth {
            return;
        }
        self.store(key, e);
    }

    pub(super) fn store(&self, key: u64, e: TtEntry) {
        let s = self.slot(key);
        let d = e.pack();
        s[0].store(key ^ d, Ordering::Relaxed);
        s[1].store(d, Ordering::Relaxed);
    }
}

/// What a search result `best` of the window (`alpha`, `beta`) is: a lower bound when it
/// reached beta, exact inside the window, an upper bound at or below alpha.
fn bound_of(best: i32, alpha: i32, beta: i32) -> u8 {
    if best >= beta {
        BOUND_LOWER
    } else if best > alpha {
        BOUND_EXACT
    } else {
        BOUND_UPPER
    }
}

pub(super) fn to_tt(score: i32, ply: usize) -> i32 {
    if score > WIN_THRESHOLD {
        score + ply as i32
    } else if score < -WIN_THRESHOLD {
        score - ply as i32
    } else {
        score
    }
}

pub(super) fn from_tt(score: i32, ply: usize) -> i32 {
    if score > WIN_THRESHOLD {
        score - ply as i32
    } else if score < -WIN_THRESHOLD {
        score + ply as i32
    } else {
        score
    }
}

/// What the side to move must answer before anything else.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Threat {
    /// Nothing forcing.
    None,
    /// The opponent has a legal straight-four point (an open three on the board).
    OpenThree,
    /// The opponent has a legal four-three point.
    FourThree,
}

impl Threat {
    /// The opponent's threat level that makes this threat ([`level::NONE`] for none).
    fn level(self) -> u8 {
        match self {
            Threat::None => level::NONE,
            Threat::OpenThree => level::FLEX_FOUR,
            Threat::FourThree => level::FOUR_THREE,
        }
    }
}

const SIDE_KEY: u64 = 0x5bd1_e995_1234_5678;

/// LMR table: reduction by depth and move number, ln(d)·ln(m)/1.9 plies, d in plies; in
/// [`ONE_PLY`] units, as `depth` is, cut to whole plies unless `fractional`.
fn lmr(depth: i32, n: usize, fractional: bool) -> i32 {
    let d = f64::from(depth.clamp(ONE_PLY, 63 * ONE_PLY)) / f64::from(ONE_PLY);
    let m = (n.min(63)) as f64;
    let r = d.ln() * m.ln() / 1.9;
    if fractional {
        (r * f64::from(ONE_PLY)) as i32
    } else {
        r as i32 * ONE_PLY
    }
}

/// Moves searched at a non-PV node of `depth` (in [`ONE_PLY`] units; a fraction of a ply
/// counts as a whole one) before the rest (except our fours) are pruned: a table to 4 plies,
/// then 2·depth + 1 (11 at 5 plies), narrower than at 4 plies because beyond it the static
/// order and the history have the moves that matter first (move-count pruning at every depth
/// as Rapfi does; README, "One move order for both sides").
fn move_count_limit(depth: i32) -> usize {
    match (depth + ONE_PLY - 1) / ONE_PLY {
        ..=1 => 7,
        2 => 10,
        3 => 15,
        4 => 22,
        d => 2 * d as usize + 1,
    }
}

/// Extra reduction ([`ONE_PLY`] units: two plies) for a late quiet move at a cut node (a
/// null-window node expected to fail high) unless it is a killer there: Rapfi's reduction for
/// non-killer moves at cut nodes (1.8 plies), after Stockfish's cut-node reduction.
const CUT_NODE_REDUCTION: i32 = 2 * ONE_PLY;

/// Extensions with [`RuleTuning::fractional_steps`], in [`ONE_PLY`] units: the table's move
/// on the PV and off it (Rapfi's `TTM_EXT_PV` 0.25 and `TTM_EXT_NONPV` 0.08 plies), and a
/// forced block beyond the ply it costs (`OPPO5_EXT` 1.3 plies: 0.3).
const TT_MOVE_EXTENSION_PV: i32 = ONE_PLY / 4;
const TT_MOVE_EXTENSION_NON_PV: i32 = 1;
const FORCED_BLOCK_EXTENSION: i32 = ONE_PLY * 3 / 10;

/// ProbCut (Buro 1995, "ProbCut: An Effective Selective Extension of the Alpha-Beta
/// Algorithm", in Stockfish's form: one shallow search of the node itself): the least depth
/// left, and how much shallower the probe searches, in [`ONE_PLY`] units. From 3 plies, 2
/// shallower, at margins of 60 (Freestyle) and 75 (Renju) units it scored 54.7 % over 310
/// Freestyle games and 52.4 % over 188 Renju games against the search without it; 4 plies
/// shallower from 5 plies, 53.9 % and 45.7 % (docs/gomoku-strength-log.md, "ProbCut").
const PROBCUT_MIN_DEPTH: i32 = 3 * ONE_PLY;
const PROBCUT_REDUCTION: i32 = 2 * ONE_PLY;

/// Root moves searched before late-move reductions start at the root.
const ROOT_LMR_FROM: usize = 3;

/// What the move loop needs to know of its node.
#[derive(Clone, Copy, Debug)]
struct Node {
    /// Depth left, in [`ONE_PLY`] units.
    depth: i32,
    ply: usize,
    threat: Threat,
    /// A cut node: a null-window node expected to fail high, such as the reduced search of
    /// a late move or the first child of a node expected to fail low (Stockfish's and
    /// Rapfi's `cutNode`).
    cut: bool,
    /// The table's move here (`usize::MAX`: none).
    tt_move: usize,
}

/// What one search learns that stays true for the next move of the same game: the move
/// order's history and counter-moves and the evaluation's corrections. Kept by the engine from
/// move to move until a new game, as Stockfish keeps its histories (Rapfi keeps only its
/// table); only the killers, tied to plies from the root, start afresh.
#[derive(Clone, Debug, Default)]
pub(super) struct Learned {
    history: MoveHistory,
    correction: CorrectionHistory,
}

impl Learned {
    /// Whether nothing has been learnt yet: (history, corrections).
    #[cfg(test)]
    pub(super) fn is_empty(&self) -> (bool, bool) {
        (self.history.is_empty(), self.correction.is_empty())
    }
}

/// One search thread: the board it plays on, the shared table and its own heuristics.
pub(super) struct Hard<'a> {
    pub(super) b: SearchBoard,
    tt: &'a Tt,
    pub(super) nodes: u64,
    deadline: Option<Instant>,
    stop: &'a StopFlag,
    pub(super) aborted: bool,
    killers: [[usize; 2]; MAX_PLY + 2],
    /// History and counter-move tables, for move ordering.
    history: MoveHistory,
    /// The static evaluation's corrections learnt by this search.
    correction: CorrectionHistory,
    /// The board's rule's pruning settings.
    tuning: RuleTuning,
}

impl<'a> Hard<'a> {
    /// A searcher over `b` using the table `tt`, stopping at `deadline` or when `stop` is
    /// raised.
    pub(super) fn new(
        b: SearchBoard,
        tt: &'a Tt,
        deadline: Option<Instant>,
        stop: &'a StopFlag,
    ) -> Hard<'a> {
        Hard {
            tuning: RuleTuning::of(b.rule),
            b,
            tt,
            nodes: 0,
            deadline,
            stop,
            aborted: false,
            killers: [[usize::MAX; 2]; MAX_PLY + 2],
            history: MoveHistory::default(),
            correction: CorrectionHistory::default(),
        }
    }

    /// Starts from what earlier searches of this game learnt (see [`Learned`]).
    pub(super) fn adopt(&mut self, learned: Learned) {
        self.history = learned.history;
        self.correction = learned.correction;
    }

    /// What this search learnt, for the next one (the searcher keeps empty tables).
    pub(super) fn take_learned(&mut self) -> Learned {
        Learned {
            history: std::mem::take(&mut self.history),
            correction: std::mem::take(&mut self.correction),
        }
    }

    pub(super) fn key(&self) -> u64 {
        if self.b.to_move == Side::White {
            self.b.hash ^ SIDE_KEY
        } else {
            self.b.hash
        }
    }

    /// When this searcher stops (none: depth-limited only).
    pub(super) fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// The flag that stops this searcher.
    pub(super) fn stop_flag(&self) -> &'a StopFlag {
        self.stop
    }

    /// Raise `aborted` when the stop flag is up or the deadline has passed.
    pub(super) fn check_time(&mut self) {
        if self.stop.is_stopped() || self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.aborted = true;
        }
    }

    /// Static evaluation from the side to move's view: the learned pattern-code tables
    /// (see [`super::eval`]).
    pub(super) fn evaluate(&self) -> i32 {
        self.b.evaluation()
    }

    /// [`Hard::evaluate`] plus this search's correction for the position's threat signature
    /// and last two moves ([`CorrectionHistory`]): what pruning and the quiescence's stand-pat
    /// read.
    fn static_eval(&self) -> i32 {
        self.evaluate() + self.correction.correction(CorrectionHistory::keys(&self.b))
    }

    /// What the side to move must answer (see [`Threat`]).
    pub(super) fn threat(&mut self) -> Threat {
        let them = !self.b.to_move;
        if self.b.has_legal_at_least(them, level::FLEX_FOUR) {
            Threat::OpenThree
        } else if self.b.has_legal_at_least(them, level::FOUR_THREE) {
            Threat::FourThree
        } else {
            Threat::None
        }
    }

    /// Whether, after the move just played by the side not to move, the threat it had to
    /// answer is gone (the opponent, now to move, no longer has it).
    fn threat_answered(&mut self, threat: Threat) -> bool {
        threat == Threat::None || !self.b.has_legal_at_least(self.b.to_move, threat.level())
    }

    /// Whether the side to move's stone at `c` answers `threat`: the opponent would be left
    /// no legal point of the threat's level. `points` are the opponent's points of that level
    /// now (legal or not). A stone only weakens the opponent's lines, so no other point can
    /// rise to the level; each of these is looked at with the stone added to the one line
    /// it shares with `c`. Only a survivor that may be a Renju forbidden move needs the
    /// stone played to tell.
    fn answers(&mut self, c: usize, threat: Threat, points: &[usize]) -> bool {
        let them = !self.b.to_move;
        let mut unsure = false;
        for &p in points {
            match self.b.info_after_block(p, them, c) {
                Some(info) if info.level >= threat.level() => {
                    if !info.maybe_forbidden {
                        return false;
                    }
                    unsure = true;
                }
                _ => {}
            }
        }
        if !unsure {
            return true;
        }
        self.b.play(c);
        let answered = self.threat_answered(threat);
        self.b.undo();
        answered
    }

    /// Candidate moves for the side to move, best first, forbidden points removed. Facing a
    /// threat, only our fours and the moves that answer it; else every candidate (at most
    /// `limit`).
    pub(super) fn gen_moves(
        &mut self,
        ply: usize,
        tt_move: usize,
        limit: usize,
        threat: Threat,
    ) -> Vec<usize> {
        let us = self.b.to_move;
        let them = !us;
        let cands = self.b.candidates();
        let order = order::static_order();
        let side = side_index(us);
        let last = self.b.history.last().copied();
        let mut scored: Vec<(i32, usize)> = Vec::with_capacity(cands.len());
        for &c in &cands {
            let own = self.b.info(c, us);
            let opp = self.b.info(c, them);
            if threat != Threat::None && own.level < level::FOUR {
                // Pre-filter: a defence stands where the opponent would make a four (against
                // an open three) or at least a three (against a four-three).
                let needed = if threat == Threat::OpenThree {
                    level::FOUR
                } else {
                    level::THREE
                };
                if opp.level < needed {
                    continue;
                }
            }
            let mut s = order[usize::from(self.b.pcode(c, us))]
                + order[usize::from(self.b.pcode(c, them))]
                + self.history.score(c, side, MoveKind::of(own.level), last);
            if c == tt_move {
                s += TT_MOVE_ORDER;
            } else if self.killers[ply].contains(&c) {
                s += KILLER_BONUS;
            }
            scored.push((s, c));
        }
        scored.sort_unstable_by_key(|s| std::cmp::Reverse(s.0));
        let threat_points = if threat == Threat::None {
            Vec::new()
        } else {
            self.b.points_at_least(them, threat.level())
        };
        let mut out = Vec::with_capacity(limit.min(scored.len()));
        for (_, c) in scored {
            if out.len() >= limit {
                break;
            }
            if !self.b.legal(c, us) {
                continue;
            }
            if threat != Threat::None
                && self.b.info(c, us).level < level::FOUR
                && !self.answers(c, threat, &threat_points)
            {
                continue;
            }
            out.push(c);
        }
        out
    }

    /// The score when the game is decided at this node before any search: the side to move
    /// has a five-point (a win), the opponent has two (a loss), or it has an open four's
    /// worth of threats the opponent cannot stop in time (a legal straight-four point while
    /// the opponent has no four). `None` otherwise.
    fn quick_result(&mut self, ply: usize) -> Option<i32> {
        let us = self.b.to_move;
        if self.b.five_count(us) > 0 {
            return Some(WIN - (ply as i32 + 1));
        }
        if self.b.empties == 0 {
            return Some(0);
        }
        let opp_fives = self.b.five_count(!us);
        if opp_fives == 0 && self.b.has_legal_at_least(us, level::FLEX_FOUR) {
            return Some(WIN - (ply as i32 + 3));
        }
        if self.wins_in_five() {
            return Some(WIN - (ply as i32 + 5));
        }
        None
    }

    /// Whether the side to move wins in five plies by a four-three or a double open three
    /// while the opponent has no point that makes a four (so it can neither stop both threats
    /// nor gain a tempo): Rapfi's static win check (`quickWinCheck`). Renju Black is left out,
    /// its three may need a forbidden straight four.
    fn wins_in_five(&self) -> bool {
        let us = self.b.to_move;
        if (self.b.rule == Rule::Renju && us == Side::Black)
            || self.b.count_at_least(!us, level::FOUR) > 0
        {
            return false;
        }
        self.b.count_exactly(us, level::FOUR_THREE) > 0
            || self.b.count_exactly(us, level::DOUBLE_THREE) > 0
    }

    /// Negamax alpha-beta (principal-variation search) to `depth` (in [`ONE_PLY`] units),
    /// `ply` from the root; the score is from the side to move's view (see the module
    /// documentation). `cut`: the node is a cut node ([`Node::cut`]).
    pub(super) fn negamax(
        &mut self,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        cut: bool,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        self.nodes += 1;
        if self.nodes & 255 == 0 {
            self.check_time();
        }
        if self.aborted {
            return 0;
        }
        if let Some(v) = self.quick_result(ply) {
            return v;
        }
        match self.b.five_points(!self.b.to_move, 2)[..] {
            [] => {}
            [t] => return self.forced_block(t, depth, ply, alpha, beta, cut),
            _ => return -(WIN - (ply as i32 + 2)), // two five-points: only one can be blocked
        }
        if depth <= 0 || ply + 1 >= MAX_PLY {
            return self.qsearch(ply, alpha, beta, 0);
        }
        // Mate-distance pruning.
        alpha = alpha.max(-(WIN - ply as i32));
        beta = beta.min(WIN - (ply as i32 + 1));
        if alpha >= beta {
            return alpha;
        }
        let key = self.key();
        let entry = self.tt.probe(key);
        let tt_move = entry.map_or(usize::MAX, |e| usize::from(e.mv));
        if let Some(e) = entry {
            let s = from_tt(e.score, ply);
            let cut = i32::from(e.depth) >= depth
                && match e.bound {
                    BOUND_EXACT => !pv_node || depth <= ONE_PLY,
                    BOUND_LOWER => s >= beta,
                    _ => s <= alpha,
                };
            if cut {
                return s;
            }
        }
        let threat = self.threat();
        if !pv_node && threat == Threat::None && beta.abs() < WIN_THRESHOLD {
            let eval = self.pruning_eval(entry, ply);
            let RuleTuning {
                margin_per_ply,
                razor_margin,
                ..
            } = self.tuning;
            // Reverse futility: far above beta with little depth left.
            if depth <= 4 * ONE_PLY && eval - margin_per_ply * depth / ONE_PLY >= beta {
                return eval;
            }
            // Razoring: far below alpha, only a VCF could save it.
            if depth <= 2 * ONE_PLY
                && eval + razor_margin + margin_per_ply * depth / ONE_PLY < alpha
            {
                return self.qsearch(ply, alpha, beta, 0);
            }
            if let Some(v) = self.probcut(entry, depth, ply, beta, cut) {
                return v;
            }
        }
        // Razoring for a win, as Rapfi razors whenever the evaluation is far below alpha: when
        // only a proven win beats alpha, a node seen for the first time with two plies or
        // fewer left tries only its VCF (a deeper iteration searches it fully).
        if !pv_node
            && threat == Threat::None
            && alpha >= WIN_THRESHOLD
            && entry.is_none()
            && depth <= WIN_RAZOR_DEPTH * ONE_PLY
        {
            return self.qsearch(ply, alpha, beta, 0);
        }
        let moves = self.gen_moves(ply, tt_move, usize::MAX, threat);
        if moves.is_empty() {
            return self.no_candidate(ply, threat);
        }
        // The grandchildren's killers came from another subtree: cleared before the move loop,
        // as Stockfish and Rapfi do (53.2 % over 498 games, docs/gomoku-strength-log.md,
        // "Fresh killers").
        self.killers[ply + 2] = [usize::MAX; 2];
        let node = Node {
            depth,
            ply,
            threat,
            cut,
            tt_move,
        };
        let (best, best_move) = self.search_moves(&moves, node, alpha, beta);
        if self.aborted {
            return 0;
        }
        if threat == Threat::None {
            self.correction.update(
                CorrectionHistory::keys(&self.b),
                self.evaluate(),
                best,
                (alpha, beta),
                depth / ONE_PLY,
            );
        }
        // A proven win ends the move loop early (see `search_moves`): it is a lower bound.
        let bound = if best > WIN_THRESHOLD {
            BOUND_LOWER
        } else {
            bound_of(best, alpha, beta)
        };
        self.tt.store(
            key,
            TtEntry {
                score: to_tt(best, ply),
                mv: best_move as u16,
                depth: depth.clamp(0, i16::MAX.into()) as i16,
                bound,
            },
        );
        best
    }

    /// The estimate reverse futility and razoring compare with the window: the static
    /// evaluation ([`Hard::static_eval`], corrected), replaced by the table entry's score where
    /// the rule takes it ([`RuleTuning::table_score_for_pruning`], Renju) and its bound says the
    /// true score lies beyond the evaluation on that side (an exact score always; a lower bound
    /// above it; an upper bound below it), as Rapfi and Stockfish do: a searched bound knows
    /// what the evaluation misses.
    fn pruning_eval(&self, entry: Option<TtEntry>, ply: usize) -> i32 {
        let eval = self.static_eval();
        let Some(e) = entry.filter(|_| self.tuning.table_score_for_pruning) else {
            return eval;
        };
        let s = from_tt(e.score, ply);
        let beyond = match e.bound {
            BOUND_EXACT => true,
            BOUND_LOWER => s > eval,
            _ => s < eval,
        };
        if beyond && s.abs() < WIN_THRESHOLD {
            s
        } else {
            eval
        }
    }

    /// ProbCut at a non-PV node with no threat to answer and beta away from mate scores (the
    /// caller's pruning checks all three) and at least [`PROBCUT_MIN_DEPTH`] left: the node is
    /// searched [`PROBCUT_REDUCTION`] shallower with a null window at beta +
    /// [`RuleTuning::probcut_margin`], and when that clears it its score is returned (the full
    /// search would most likely fail high too); otherwise `None`. Not tried when the table
    /// already holds a score below that bound from at least the probe's depth. `entry` is the
    /// node's table entry.
    fn probcut(
        &mut self,
        entry: Option<TtEntry>,
        depth: i32,
        ply: usize,
        beta: i32,
        cut: bool,
    ) -> Option<i32> {
        if depth < PROBCUT_MIN_DEPTH {
            return None;
        }
        let shallow = depth - PROBCUT_REDUCTION;
        let bound = beta + self.tuning.probcut_margin;
        let known_below = entry.is_some_and(|e| {
            i32::from(e.depth) >= shallow && e.bound != BOUND_LOWER && from_tt(e.score, ply) < bound
        });
        if known_below {
            return None;
        }
        let v = self.negamax(shallow, ply, bound - 1, bound, cut);
        (v >= bound && !self.aborted).then_some(v)
    }

    /// The opponent's single five-point `t` must be blocked: lost when the block is forbidden,
    /// else searched at the same depth (a forced move costs none; 0.3 ply more with
    /// [`RuleTuning::fractional_steps`]), the child being a cut node when this null-window
    /// node is not (as for a first move).
    fn forced_block(
        &mut self,
        t: usize,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        cut: bool,
    ) -> i32 {
        if !self.b.legal(t, self.b.to_move) {
            return -(WIN - (ply as i32 + 2));
        }
        if ply + 1 >= MAX_PLY {
            return self.evaluate();
        }
        self.b.play(t);
        // A forced block costs no depth; with fractional steps it gains 0.3 ply (not at the
        // leaves, whose block belongs to the quiescence).
        let child = if depth > 0 && self.tuning.fractional_steps {
            depth + FORCED_BLOCK_EXTENSION
        } else {
            depth
        };
        let v = -self.negamax(child, ply + 1, -beta, -alpha, beta - alpha == 1 && !cut);
        self.b.undo();
        v
    }

    /// The score when no move was generated.
    fn no_candidate(&mut self, ply: usize, threat: Threat) -> i32 {
        // A threat to answer and no legal defence nor own four: the straight four (or the
        // four-three) and the five follow.
        if threat != Threat::None {
            return -(WIN - (ply as i32 + 4));
        }
        // No candidate near the stones: all forbidden (Renju Black) or a full board.
        let us = self.b.to_move;
        let any = self
            .b
            .empty_points()
            .into_iter()
            .any(|i| self.b.legal(i, us));
        if any { 0 } else { -(WIN - (ply as i32 + 1)) }
    }

    /// Whether move `m` (the `i`-th, 0-based) is pruned before it is searched at `node`: off
    /// the PV, with a non-losing move in hand and no threat to answer, moves beyond
    /// [`move_count_limit`] other than our fours (move-count pruning).
    fn pruned(&self, m: usize, i: usize, node: Node, pv_node: bool, best: i32) -> bool {
        !pv_node
            && node.threat == Threat::None
            && best > -WIN_THRESHOLD
            && i >= move_count_limit(node.depth)
            && self.b.info(m, self.b.to_move).level < level::FOUR
    }

    /// The late-move reduction of the `i`-th move `m` (0-based) at `node`: ln(depth)·ln(move
    /// number)/1.9, one more off the PV and [`CUT_NODE_REDUCTION`] more at a cut node unless
    /// `m` is a killer there; moves that make a three or more for either side get none, or
    /// where the rule reduces them only the table's reduction
    /// ([`RuleTuning::reduce_threes`], Renju); the child keeps at least one ply.
    fn reduction(&self, m: usize, i: usize, node: Node, pv_node: bool) -> i32 {
        let us = self.b.to_move;
        let quiet =
            self.b.info(m, us).level < level::THREE && self.b.info(m, !us).level < level::THREE;
        if node.depth < 3 * ONE_PLY || i < 2 || node.threat != Threat::None {
            return 0;
        }
        if !quiet {
            return if self.tuning.reduce_threes {
                lmr(node.depth, i + 1, self.tuning.fractional_steps)
                    .clamp(0, node.depth - 2 * ONE_PLY)
            } else {
                0
            };
        }
        let cut_extra = if node.cut && !self.killers[node.ply].contains(&m) {
            CUT_NODE_REDUCTION
        } else {
            0
        };
        let off_pv = if pv_node { 0 } else { ONE_PLY };
        (lmr(node.depth, i + 1, self.tuning.fractional_steps) + off_pv + cut_extra)
            .clamp(0, node.depth - 2 * ONE_PLY)
    }

    /// The extension of move `m` at `node`, in [`ONE_PLY`] units: the table's move a quarter
    /// ply on the PV and 1/16 ply elsewhere with [`RuleTuning::fractional_steps`], else none.
    fn extension(&self, m: usize, node: Node, pv_node: bool) -> i32 {
        if m != node.tt_move || !self.tuning.fractional_steps {
            0
        } else if pv_node {
            TT_MOVE_EXTENSION_PV
        } else {
            TT_MOVE_EXTENSION_NON_PV
        }
    }

    /// The late-move reduction of the `i`-th root move `m` (0-based) at `depth`: as at a PV
    /// node, from the fourth move on.
    pub(super) fn root_reduction(&self, m: usize, i: usize, depth: i32) -> i32 {
        let node = Node {
            depth,
            ply: 0,
            threat: Threat::None,
            cut: false,
            tt_move: usize::MAX,
        };
        if i < ROOT_LMR_FROM {
            0
        } else {
            self.reduction(m, i, node, true)
        }
    }

    /// Searches `moves` in order (PVS: null windows after the first, re-searched when they
    /// beat alpha; late moves reduced or, off the PV, pruned); a beta cutoff rewards the move
    /// in the history and killer tables. Returns the best score and move (meaningless when
    /// aborted).
    fn search_moves(
        &mut self,
        moves: &[usize],
        node: Node,
        mut alpha: i32,
        beta: i32,
    ) -> (i32, usize) {
        let Node {
            depth, ply, cut, ..
        } = node;
        let pv_node = beta - alpha > 1;
        let mut best = -INF;
        let mut best_move = moves[0];
        // The moves searched so far, for the history's malus at a cut-off.
        let mut tried = Vec::with_capacity(moves.len());
        for (i, &m) in moves.iter().enumerate() {
            if self.pruned(m, i, node, pv_node, best) {
                continue;
            }
            let r = self.reduction(m, i, node, pv_node);
            let child = depth - ONE_PLY + self.extension(m, node, pv_node);
            self.b.play(m);
            let mut v;
            // Child node types as in Stockfish: a PV node's first child is a PV node, a
            // reduced search is a cut node, any other null-window child flips its parent's.
            if i == 0 {
                v = -self.negamax(child, ply + 1, -beta, -alpha, !pv_node && !cut);
            } else {
                v = -self.negamax(child - r, ply + 1, -alpha - 1, -alpha, r > 0 || !cut);
                if v > alpha && r > 0 && !self.aborted {
                    v = -self.negamax(child, ply + 1, -alpha - 1, -alpha, !cut);
                }
                if v > alpha && v < beta && !self.aborted {
                    v = -self.negamax(child, ply + 1, -beta, -alpha, false);
                }
            }
            self.b.undo();
            if self.aborted {
                break;
            }
            if v > best {
                best = v;
                best_move = m;
                alpha = alpha.max(v);
                // A proven win is enough: proving that another move wins as fast would
                // cost as much again, and a shorter win found later changes nothing.
                if alpha >= beta || v > WIN_THRESHOLD {
                    self.reward_cutoff(m, &tried, node);
                    break;
                }
            }
            tried.push(m);
        }
        (best, best_move)
    }

    /// The quiescence below the nominal depth (see the module documentation); `qply` counts
    /// its own plies.
    pub(super) fn qsearch(&mut self, ply: usize, mut alpha: i32, beta: i32, qply: usize) -> i32 {
        self.nodes += 1;
        if self.nodes & 255 == 0 {
            self.check_time();
        }
        if self.aborted {
            return 0;
        }
        if let Some(v) = self.quick_result(ply) {
            return v;
        }
        let us = self.b.to_move;
        match self.b.five_points(!us, 2)[..] {
            [] => {}
            [t] => {
                if !self.b.legal(t, us) {
                    return -(WIN - (ply as i32 + 2));
                }
                if ply + 1 >= MAX_PLY {
                    return self.evaluate();
                }
                self.b.play(t);
                let v = -self.qsearch(ply + 1, -beta, -alpha, qply + 1);
                self.b.undo();
                return v;
            }
            _ => return -(WIN - (ply as i32 + 2)),
        }
        if ply + 1 >= MAX_PLY {
            return self.evaluate();
        }
        // The table: any entry (the main search's are deeper) that settles the window.
        let key = self.key();
        if let Some(e) = self.tt.probe(key) {
            let s = from_tt(e.score, ply);
            let hit = e.depth >= 0
                && match e.bound {
                    BOUND_EXACT => true,
                    BOUND_LOWER => s >= beta,
                    _ => s <= alpha,
                };
            if hit {
                return s;
            }
        }
        // The side to move stands pat even when it must answer an open three or a four-three:
        // the evaluation prices the threat in. Searching the defences here (4 plies a side
        // until 2026-11-26) took 85 % of a middle-game search's nodes, and Hard's moves were
        // no better for it (docs/gomoku-strength-log.md, "A quiescence of fours only").
        let stand = self.static_eval();
        if stand >= beta {
            return stand;
        }
        let alpha_before = alpha;
        let mut best = stand;
        alpha = alpha.max(stand);
        if qply >= QUIESCENCE_FOURS * 2 || self.b.count_at_least(us, level::FOUR) == 0 {
            return best;
        }
        let mut best_move = usize::MAX;
        for m in self.vcf_moves(qply) {
            self.b.play(m);
            let v = -self.qsearch(ply + 1, -beta, -alpha, qply + 1);
            self.b.undo();
            if self.aborted {
                return 0;
            }
            if v > best {
                best = v;
                best_move = m;
                alpha = alpha.max(v);
                if alpha >= beta {
                    break;
                }
            }
        }
        let bound = bound_of(best, alpha_before, beta);
        // Depth 0, and never over a deeper entry of another position; move 0 (a wall cell)
        // when no four beat the stand-pat.
        self.tt.store_shallow(
            key,
            TtEntry {
                score: to_tt(best, ply),
                mv: u16::try_from(best_move).unwrap_or(0),
                depth: 0,
                bound,
            },
        );
        best
    }

    /// The side to move's fours for the quiescence VCF, strongest first: at its first ply any
    /// four that also makes a three (or better) and any four near the side's previous stone;
    /// deeper, only combination fours within 4 of the previous four (VCF lines are local, and
    /// a chain of plain fours rarely wins but multiplies the nodes in attack-rich positions).
    fn vcf_moves(&mut self, qply: usize) -> Vec<usize> {
        let us = self.b.to_move;
        let last_own = self.b.history.iter().rev().nth(1).copied();
        let mut v: Vec<(i32, usize)> = Vec::new();
        for i in self.b.points_at_least(us, level::FOUR) {
            let inf = self.b.info(i, us);
            let near = last_own.is_some_and(|l| distance(l, i) <= 4);
            if !near && (qply > 0 || inf.level < level::FOUR_THREE) {
                continue;
            }
            if qply >= QUIESCENCE_PLAIN_FOURS * 2 && !self.is_combination_four(i, us) {
                continue;
            }
            v.push((i32::from(inf.level) * 10_000 + i32::from(inf.value), i));
        }
        v.sort_unstable_by_key(|s| std::cmp::Reverse(s.0));
        v.into_iter()
            .map(|s| s.1)
            .filter(|&i| self.b.legal(i, us))
            .collect()
    }

    /// Whether `side`'s stone at `i` makes a four and, on another line, at least an open two
    /// or a three (Rapfi's `D_BLOCK4_PLUS` and better): a four that builds the next threat
    /// while it forces the block. A point where the stone makes no four is not one.
    fn is_combination_four(&self, i: usize, side: Side) -> bool {
        let patterns = (0..4).map(|d| self.b.pattern(i, d, side));
        patterns.clone().any(Pattern::is_four)
            && patterns.filter(|&p| p >= Pattern::OpenTwo).count() >= 2
    }

    /// A beta cutoff by `m` at `node` after the moves `tried`: the history learns it (see
    /// [`MoveHistory::reward`]; the cut-off is forced when the node answers an open three),
    /// and `m` becomes the first killer at the node's ply.
    fn reward_cutoff(&mut self, m: usize, tried: &[usize], node: Node) {
        let us = self.b.to_move;
        let cut = CutOff {
            best: m,
            side: side_index(us),
            depth: node.depth / ONE_PLY,
            forced: node.threat == Threat::OpenThree,
            last: self.b.history.last().copied(),
        };
        let b = &self.b;
        self.history
            .reward(&cut, tried, |x| MoveKind::of(b.info(x, us).level));
        let k = &mut self.killers[node.ply];
        if k[0] != m {
            k[1] = k[0];
            k[0] = m;
        }
    }

    /// The principal variation from the transposition table, starting with `first`.
    pub(super) fn pv(&mut self, first: usize) -> Vec<Point> {
        let mut pv = vec![first];
        self.b.play(first);
        while pv.len() < 12 {
            let Some(e) = self.tt.probe(self.key()) else {
                break;
            };
            let m = usize::from(e.mv);
            if e.bound == 0 || m >= NCELLS || !self.b.is_empty(m) {
                break;
            }
            let us = self.b.to_move;
            if !self.b.legal(m, us) {
                break;
            }
            pv.push(m);
            self.b.play(m);
        }
        for _ in 0..pv.len() {
            self.b.undo();
        }
        pv.into_iter().map(Cells::point_of).collect()
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::gomoku::Rule;
    use crate::gomoku::position::Position;

    /// Black to move: G8 H8 I8 (F8 White's) and J9 J10 make J8 a four-three point, but Black
    /// has no straight-four point yet. J8, White's forced K8, then J7 or J11 makes a straight
    /// four: a win the quiescence's fours find, not the static checks (White's A1 A2 A3 leave
    /// it a four to play at A4).
    pub(in crate::gomoku) const FOUR_THREE_VCF: &str = "G8 F8 H8 A1 I8 A2 J9 A3 J10 O15";

    /// In random games of every rule, wherever the side to move faces a threat, the lookup
    /// that tells which moves answer it agrees with playing each move and asking again.
    #[test]
    fn a_threat_answer_is_told_without_playing_exactly_as_by_playing() {
        use rand::SeedableRng;
        use rand::rngs::StdRng;
        use rand::seq::IndexedRandom;
        let (tt, stop) = (Tt::new(10), StopFlag::new());
        let mut rng = StdRng::seed_from_u64(13);
        let (mut threats, mut checked, mut answered) = (0, 0, 0);
        for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
            for _ in 0..60 {
                let mut h = searcher_at(rule, "H8", &tt, &stop);
                for _ in 0..40 {
                    let threat = h.threat();
                    if threat != Threat::None {
                        threats += 1;
                        let us = h.b.to_move;
                        let points = h.b.points_at_least(!us, threat.level());
                        for c in h.b.candidates() {
                            if !h.b.legal(c, us) || h.b.info(c, us).level >= level::FOUR {
                                continue;
                            }
                            h.b.play(c);
                            let by_playing = h.threat_answered(threat);
                            h.b.undo();
                            assert_eq!(h.answers(c, threat, &points), by_playing, "{rule:?}");
                            checked += 1;
                            answered += usize::from(by_playing);
                        }
                    }
                    let us = h.b.to_move;
                    let legal: Vec<usize> = (h.b.candidates().into_iter())
                        .filter(|&c| h.b.legal(c, us))
                        .collect();
                    match legal.choose(&mut rng) {
                        Some(&c) if h.b.five_count(!us) == 0 && h.b.five_count(us) == 0 => {
                            h.b.play(c);
                        }
                        _ => break,
                    }
                }
            }
        }
        // The games reach many threats, and both answers occur.
        assert!(
            threats > 200 && answered > 200 && checked > answered + 200,
            "{threats} {checked} {answered}"
        );
    }

    /// The search board of the position after `moves` (from the empty 15×15 board) under
    /// `rule` (shared with the engine's and the correction history's tests).
    pub(in crate::gomoku) fn board_after(rule: Rule, moves: &str) -> SearchBoard {
        let mut pos = Position::new(15, rule).expect("15×15");
        for m in moves.split_whitespace() {
            pos.play(m.parse().expect("point")).expect("legal");
        }
        SearchBoard::from_position(&pos)
    }

    /// A searcher at the position after `moves` (from the empty board) under `rule`, with no
    /// deadline (shared with the engine's tests).
    pub(in crate::gomoku) fn searcher_at<'a>(
        rule: Rule,
        moves: &str,
        tt: &'a Tt,
        stop: &'a StopFlag,
    ) -> Hard<'a> {
        Hard::new(board_after(rule, moves), tt, None, stop)
    }

    /// The pruning estimate of the position after `moves` under `rule` when the table holds
    /// `score` with `bound` for it, and its static evaluation.
    fn pruning_estimate(rule: Rule, moves: &str, score: i32, bound: u8) -> (i32, i32) {
        let (tt, stop) = (Tt::new(10), StopFlag::new());
        let h = searcher_at(rule, moves, &tt, &stop);
        let e = TtEntry {
            score: to_tt(score, 0),
            mv: 0,
            depth: 3,
            bound,
        };
        (h.pruning_eval(Some(e), 0), h.evaluate())
    }

    #[test]
    fn renju_pruning_takes_the_tables_score_only_when_its_bound_is_tighter() {
        let moves = "H8 H9 I7 G9";
        let (_, eval) = pruning_estimate(Rule::Renju, moves, 0, BOUND_EXACT);
        let above = eval + 150;
        let below = eval - 150;
        let cases = [
            (above, BOUND_EXACT, above),
            (above, BOUND_LOWER, above),
            (below, BOUND_UPPER, below),
            // A bound on the evaluation's side says nothing more than the evaluation.
            (below, BOUND_LOWER, eval),
            (above, BOUND_UPPER, eval),
            // Proven results are not estimates.
            (WIN - 9, BOUND_LOWER, eval),
        ];
        for (score, bound, want) in cases {
            let got = pruning_estimate(Rule::Renju, moves, score, bound).0;
            assert_eq!(got, want, "score {score}, bound {bound}");
        }
        // Freestyle keeps the static evaluation.
        let (free, free_eval) = pruning_estimate(Rule::Freestyle, moves, above, BOUND_EXACT);
        assert_eq!(free, free_eval);
    }

    #[test]
    fn a_late_three_making_move_is_reduced_in_renju_only() {
        let (tt, stop) = (Tt::new(10), StopFlag::new());
        // Black's H8 I8 and White's H10 I10: J8 makes Black an open three.
        let moves = "H8 H10 I8 I10 A1";
        let node = Node {
            depth: 8 * ONE_PLY,
            ply: 1,
            threat: Threat::None,
            cut: false,
            tt_move: usize::MAX,
        };
        let m = Cells::index_of("J8".parse().expect("point"));
        for (rule, reduced) in [(Rule::Renju, true), (Rule::Freestyle, false)] {
            let h = searcher_at(rule, moves, &tt, &stop);
            assert_eq!(
                h.b.info(m, Side::Black).level,
                level::THREE,
                "Black's open three"
            );
            assert_eq!(h.reduction(m, 10, node, true) > 0, reduced, "{rule:?}");
        }
    }

    #[test]
    fn the_quiescence_stands_pat_against_an_open_three_without_searching_defences() {
        let (tt, stop) = (Tt::new(10), StopFlag::new());
        // Black's open three H8 I8 J8; White, to move, has no four.
        let mut h = searcher_at(Rule::Freestyle, "H8 H10 I8 I10 J8", &tt, &stop);
        assert_eq!(h.threat(), Threat::OpenThree);
        let eval = h.evaluate();
        assert_eq!(h.qsearch(0, -INF, INF, 0), eval);
        assert_eq!(h.nodes, 1, "no defence searched");
    }

    #[test]
    fn the_quiescence_still_finds_a_vcf_of_the_side_to_move() {
        let (tt, stop) = (Tt::new(10), StopFlag::new());
        let mut h = searcher_at(Rule::Freestyle, FOUR_THREE_VCF, &tt, &stop);
        assert!(!h.b.has_legal_at_least(Side::Black, level::FLEX_FOUR));
        assert!(!h.wins_in_five());
        assert_eq!(h.b.info(idx("J8"), Side::Black).level, level::FOUR_THREE);
        let v = h.qsearch(0, -INF, INF, 0);
        assert!(v > WIN_THRESHOLD, "a VCF win, got {v}");
        assert!(h.nodes > 1);
    }

    #[test]
    fn after_its_first_four_the_quiescence_plays_only_combination_fours() {
        let (tt, stop) = (Tt::new(10), StopFlag::new());
        // Black to move: H8 I8 J8 blocked by White's G8, so K8 and L8 each make a four; K8
        // also makes an open two with K10 on its column, L8 makes nothing else. The moves are
        // played on the search board, whose history gives Black's previous stone (K10).
        let mut h = searcher_at(Rule::Freestyle, "", &tt, &stop);
        for m in "H8 G8 I8 A1 J8 O1 K10 A15".split_whitespace() {
            h.b.play(idx(m));
        }
        assert_eq!(h.b.to_move, Side::Black);
        let (k8, l8) = (idx("K8"), idx("L8"));
        assert!(h.is_combination_four(k8, Side::Black));
        assert!(!h.is_combination_four(l8, Side::Black));
        assert!(
            !h.is_combination_four(idx("K9"), Side::Black),
            "no four there"
        );
        let mut first = h.vcf_moves(0);
        first.sort_unstable();
        assert_eq!(first, [k8, l8]);
        assert_eq!(h.vcf_moves(2), [k8]);
    }

    #[test]
    fn a_search_board_from_a_position_knows_each_sides_previous_stone() {
        let (tt, stop) = (Tt::new(10), StopFlag::new());
        // As above, but the moves are the position's: the search board still knows that
        // Black's previous stone is K10, so L8's plain four near it is a VCF move at once.
        let mut h = searcher_at(Rule::Freestyle, "H8 G8 I8 A1 J8 O1 K10 A15", &tt, &stop);
        assert_eq!(h.b.history, [idx("K10"), idx("A15")]);
        let mut first = h.vcf_moves(0);
        first.sort_unstable();
        assert_eq!(first, [idx("K8"), idx("L8")]);
    }

    #[test]
    fn a_double_three_wins_in_five_only_when_the_opponent_has_no_four_to_play() {
        let (tt, stop) = (Tt::new(10), StopFlag::new());
        // Black to move: J8 makes open threes on row 8 (H8 I8) and column J (J9 J10).
        let mut h = searcher_at(Rule::Freestyle, "H8 A1 I8 O1 J9 A15 J10 O15", &tt, &stop);
        assert!(h.wins_in_five());
        // The quiescence knows it at once: a win in 5 plies, one node.
        assert_eq!(h.qsearch(0, -INF, INF, 0), WIN - 5);
        assert_eq!(h.nodes, 1);
        // White's A1 A2 A3 give it a four to play (A4): no static win.
        let h = searcher_at(Rule::Freestyle, "H8 A1 I8 A2 J9 A3 J10 O15", &tt, &stop);
        assert!(!h.wins_in_five());
        // Renju Black's double three is forbidden.
        let h = searcher_at(Rule::Renju, "H8 A1 I8 O1 J9 A15 J10 O15", &tt, &stop);
        assert!(!h.wins_in_five());
        // Nothing of the kind on the board.
        let h = searcher_at(Rule::Freestyle, "H8 A1 I8 O1", &tt, &stop);
        assert!(!h.wins_in_five());
    }

    #[test]
    fn a_proven_win_ends_the_move_loop_and_is_stored_as_a_lower_bound() {
        let (tt, stop) = (Tt::new(10), StopFlag::new());
        // Searched as a PV node (full window).
        let mut h = searcher_at(Rule::Freestyle, FOUR_THREE_VCF, &tt, &stop);
        let v = h.negamax(2 * ONE_PLY, 0, -INF, INF, false);
        assert!(v > WIN_THRESHOLD, "a win, got {v}");
        let e = tt.probe(h.key()).expect("stored");
        // Below beta (INF) and above alpha, it would be exact had every move been searched.
        assert_eq!(e.bound, BOUND_LOWER);
        assert_eq!(usize::from(e.mv), idx("J8"));
    }

    #[test]
    fn where_only_a_win_beats_alpha_a_new_shallow_node_tries_only_its_vcf() {
        let (tt, stop) = (Tt::new(10), StopFlag::new());
        // White to move after H8 H9 I8: no four for White, nothing to answer yet.
        let mut h = searcher_at(Rule::Freestyle, "H8 H9 I8", &tt, &stop);
        assert_eq!(h.threat(), Threat::None);
        let alpha = WIN_THRESHOLD + 100;
        let v = h.negamax(WIN_RAZOR_DEPTH * ONE_PLY, 2, alpha, alpha + 1, true);
        assert!(v <= alpha);
        assert_eq!(h.nodes, 2, "this node and its quiescence, no move searched");
        // A node the table has seen is searched in full.
        let nodes = h.nodes;
        tt.store(
            h.key(),
            TtEntry {
                score: 0,
                mv: 0,
                depth: ONE_PLY as i16,
                bound: BOUND_UPPER,
            },
        );
        h.negamax(WIN_RAZOR_DEPTH * ONE_PLY, 2, alpha, alpha + 1, true);
        assert!(h.nodes - nodes > 2);
        // So is one with more plies left.
        let nodes = h.nodes;
        tt.clear();
        h.negamax((WIN_RAZOR_DEPTH + 1) * ONE_PLY, 2, alpha, alpha + 1, true);
        assert!(h.nodes - nodes > 2);
    }

    #[test]
    fn probcut_returns_when_a_shallower_search_clears_beta_by_the_margin() {
        let (tt, stop) = (Tt::new(12), StopFlag::new());
        // White to move after H8 H9 I8: nothing to answer yet.
        let mut h = searcher_at(Rule::Freestyle, "H8 H9 I8", &tt, &stop);
        assert_eq!(h.threat(), Threat::None);
        let depth = 4 * ONE_PLY;
        let value = h.negamax(depth - PROBCUT_REDUCTION, 2, -INF, INF, false);
        let margin = h.tuning.probcut_margin;
        tt.clear();
        let low_beta = value - margin - 300;
        let v = h
            .probcut(None, depth, 2, low_beta, true)
            .expect("clears beta");
        assert!(v >= low_beta + margin);
        tt.clear();
        assert_eq!(h.probcut(None, depth, 2, value + 300, true), None);
        // Too little depth left: no probe, no node.
        let nodes = h.nodes;
        assert_eq!(
            h.probcut(None, PROBCUT_MIN_DEPTH - 1, 2, low_beta, true),
            None
        );
        assert_eq!(h.nodes, nodes);
        // A table score below the bound from deep enough spares the probe.
        let known = TtEntry {
            score: to_tt(low_beta, 2),
            mv: 0,
            depth: (depth - PROBCUT_REDUCTION) as i16,
            bound: BOUND_UPPER,
        };
        assert_eq!(h.probcut(Some(known), depth, 2, low_beta, true), None);
        assert_eq!(h.nodes, nodes);
    }

    #[test]
    fn the_quiescence_keeps_its_results_in_the_table_below_deeper_entries() {
        let (tt, stop) = (Tt::new(10), StopFlag::new());
        let mut h = searcher_at(Rule::Freestyle, FOUR_THREE_VCF, &tt, &stop);
        let v = h.qsearch(0, -INF, INF, 0);
        let e = tt.probe(h.key()).expect("stored");
        assert_eq!((e.depth, usize::from(e.mv)), (0, idx("J8")));
        assert_eq!(from_tt(e.score, 0), v);
        // Asked again, the table answers in one node.
        let nodes = h.nodes;
        assert_eq!(h.qsearch(0, -INF, INF, 0), v);
        assert_eq!(h.nodes - nodes, 1);
        // A depth-0 entry does not replace another position's deeper one in its slot.
        let small = Tt::new(4);
        let deep = TtEntry {
            score: 7,
            mv: 3,
            depth: 5,
            bound: BOUND_EXACT,
        };
        small.store(1, deep);
        small.store_shallow(1 + 16, TtEntry { depth: 0, ..deep });
        assert!(small.probe(1 + 16).is_none());
        assert_eq!(small.probe(1).map(|e| e.depth), Some(5));
        // It does replace the same position's entry, and fills an empty slot.
        small.store_shallow(1, TtEntry { depth: 0, ..deep });
        assert_eq!(small.probe(1).map(|e| e.depth), Some(0));
        small.store_shallow(2, deep);
        assert!(small.probe(2).is_some());
    }

    /// The cell index of a point such as `"H8"`.
    pub(in crate::gomoku) fn idx(p: &str) -> usize {
        Cells::index_of(p.parse().expect("point"))
    }

    #[test]
    fn a_late_quiet_move_is_reduced_two_plies_more_at_a_cut_node_unless_a_killer() {
        let (tt, stop) = (Tt::new(10), StopFlag::new());
        let mut h = searcher_at(Rule::Freestyle, "H8 H9 I8", &tt, &stop);
        let far = idx("A15"); // makes nothing for either side
        let node = |cut| Node {
            depth: 8 * ONE_PLY,
            ply: 3,
            threat: Threat::None,
            cut,
            tt_move: usize::MAX,
        };
        // ln 8 · ln 6 / 1.9 = 1.96 plies (31 sixteenths), plus 1 off the PV.
        let base = 31 + ONE_PLY;
        assert_eq!(h.reduction(far, 5, node(false), false), base);
        assert_eq!(
            h.reduction(far, 5, node(true), false),
            base + CUT_NODE_REDUCTION
        );
        h.killers[3][0] = far;
        assert_eq!(h.reduction(far, 5, node(true), false), base);
        // The child keeps at least one ply.
        let shallow = Node {
            depth: 4 * ONE_PLY,
            ..node(true)
        };
        h.killers[3][0] = usize::MAX;
        assert_eq!(h.reduction(far, 5, shallow, false), 2 * ONE_PLY);
    }

    #[test]
    fn a_node_clears_its_grandchildrens_killers_before_its_move_loop() {
        let (tt, stop) = (Tt::new(10), StopFlag::new());
        let mut h = searcher_at(Rule::Freestyle, "H8 I8 G9", &tt, &stop);
        let stale = idx("A15");
        h.killers[3] = [stale, stale];
        h.killers[4] = [stale, stale];
        // One ply left at ply 1: its children are quiescence nodes, so no search below
        // refills ply 3's killers; ply 4's belong to another node.
        h.negamax(ONE_PLY, 1, -INF, INF, false);
        assert_eq!(h.killers[3], [usize::MAX; 2]);
        assert_eq!(h.killers[4], [stale, stale]);
    }

    #[test]
    fn the_search_learns_its_evaluations_correction_and_the_pruning_reads_it() {
        let (tt, stop) = (Tt::new(16), StopFlag::new());
        let mut h = searcher_at(Rule::Freestyle, "H8 I8 G9 G7 H7 H9", &tt, &stop);
        assert_eq!(h.static_eval(), h.evaluate(), "nothing learnt yet");
        h.negamax(4 * ONE_PLY, 0, -INF, INF, false);
        assert!(h.correction.learnt() > 0);
        let keys = CorrectionHistory::keys(&h.b);
        assert_eq!(
            h.static_eval(),
            h.evaluate() + h.correction.correction(keys)
        );
        assert_eq!(h.pruning_eval(None, 0), h.static_eval());
    }

    #[test]
    fn move_count_pruning_narrows_after_four_plies_then_widens_with_depth() {
        assert_eq!(move_count_limit(ONE_PLY), 7);
        assert_eq!(move_count_limit(4 * ONE_PLY), 22);
        // A fraction of a ply counts as a whole one.
        assert_eq!(move_count_limit(4 * ONE_PLY + 1), 11);
        assert_eq!(move_count_limit(5 * ONE_PLY), 11);
        assert_eq!(move_count_limit(10 * ONE_PLY), 21);
    }

    #[test]
    fn depth_steps_are_fractional_outside_renju_only() {
        let (tt, stop) = (Tt::new(10), StopFlag::new());
        let far = idx("A15");
        let node = Node {
            depth: 8 * ONE_PLY,
            ply: 3,
            threat: Threat::None,
            cut: false,
            tt_move: far,
        };
        let h = searcher_at(Rule::Freestyle, "H8 H9 I8", &tt, &stop);
        // The table's move: a quarter ply on the PV, a sixteenth off it; no other move.
        assert_eq!(h.extension(far, node, true), ONE_PLY / 4);
        assert_eq!(h.extension(far, node, false), 1);
        assert_eq!(h.extension(idx("G8"), node, true), 0);
        // Renju: whole plies, ln 8 · ln 6 / 1.9 = 1.96 cut to 1, and no extension.
        let h = searcher_at(Rule::Renju, "H8 H9 I8", &tt, &stop);
        assert_eq!(h.extension(far, node, true), 0);
        assert_eq!(h.reduction(far, 5, node, false), 2 * ONE_PLY);
    }

    #[test]
    fn table_entries_round_trip_and_torn_slots_miss() {
        let tt = Tt::new(4);
        let e = TtEntry {
            score: -(WIN - 7),
            mv: 700,
            depth: -3,
            bound: BOUND_UPPER,
        };
        tt.store(42, e);
        let got = tt.probe(42).expect("stored");
        assert_eq!(
            (got.score, got.mv, got.depth, got.bound),
            (e.score, e.mv, e.depth, e.bound)
        );
        assert!(tt.probe(42 + 16).is_none(), "same slot, other key");
        // A torn slot (data of another store) no longer matches its key.
        tt.slot(42)[1].store(TtEntry { score: 5, ..e }.pack(), Ordering::Relaxed);
        assert!(tt.probe(42).is_none());
    }
}
