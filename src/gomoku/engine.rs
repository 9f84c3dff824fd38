//! [`GomokuEngine`]: the computer player, three levels.
//!
//! - **Easy** — one-ply weight scoring: every legal empty point scores the line patterns a
//!   stone there would make for the mover and for the opponent (win 100000, block five 50000,
//!   own four 10000, block four 5000, own three 1000, block three 500, own two 100, block two
//!   50, summed over the 4 lines); the maximum is played, ties at random.
//! - **Medium** — winning-combination scoring: every five-point window of the board is
//!   tracked for both sides; a point scores the windows it still serves for each side,
//!   weighted by how full they are (attack + 0.8 × defence), plus a bonus for the threat its
//!   stone makes (straight four, four-three, double three, …). One reply ahead: every
//!   candidate is played and penalised by what the opponent then threatens (a five, a
//!   straight-four point — i.e. an unanswered open three —, a four-three or double-three
//!   point, or a VCF of up to 4 fours); the best 2 are also checked for an opponent VCT of
//!   up to 3 threats (threes or fours, [`super::vct`]); the best 10 lose half the
//!   opponent's best winning-combination reply. An immediate five is always played, an
//!   opponent's five-point always blocked, and an own VCF of up to 6 moves played.
//! - **Hard** — negamax alpha-beta (principal-variation search) over candidate points within
//!   distance 2 of a stone, ordered by the transposition-table move, a static value per
//!   pattern code for both sides alike, killer moves, a history with gravity and counter-moves
//!   (`order.rs`; late ones pruned or reduced, see `search.rs`), with a
//!   line-pattern evaluation kept incrementally (only the 4 lines through a changed point are
//!   updated). Before the main search, threat-space searches: own VCF (shortest first), own
//!   VCT (threes and fours, [`super::vct`]), the opponent's VCF (only moves that refute it
//!   are searched), else the opponent's VCT (moves after which it has none are preferred); a
//!   VCF quiescence at the leaves (the side to move stands pat on the evaluation, then tries
//!   its fours).
//!   Iterative deepening bounded by `cfg.depth` and `cfg.time_ms` (default 1000 ms): each
//!   threat phase gets a fraction of the budget, and iterations go on until 2 % of the
//!   budget and 3 ms before it ends (the last one cut short) unless one proves a result. From
//!   depth 2 on, each iteration's best move is checked for an opponent VCT after it (8
//!   threats, 60 000 nodes, at most 15 % of the budget in all); a move found lost is dropped
//!   from the root. A move that only the cut-short iteration found best gets the same check
//!   in the last 2 % of the budget before it replaces the previous best.
//!
//! Score scale in [`SearchInfo::score`] (side to move's view): evaluation units (a sum of
//! pattern values over empty points; an open three is worth about 20–60, a four–three about
//! 200) in normal positions; a proven win is `1_000_000 − n` and a proven loss
//! `−(1_000_000 − n)`, where `n` is the number of plies to the five, with `exact = true`.
//!
//! All levels refuse Renju forbidden points for Black. With `cfg.time_ms = None` Hard is
//! limited by `cfg.depth` only (deterministic, but depths beyond ~8 can take long).

use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::core::{
    AiConfig, Analysis, Engine, GameRules, Level, MAX_DEPTH, MAX_THREADS, Score, SearchInfo, Side,
    StopFlag, Thought,
};

use super::board::{Cells, DIRS, NCELLS, WALL};
use super::pattern::Pattern;
use super::point::Point;
use super::position::Position;
use super::search::{Hard, INF, Learned, ONE_PLY, Threat, Tt};
use super::search_board::{SearchBoard, level};
use super::vcf::{self, VcfCtx};
use super::vct::{self, VctCtx};

pub use super::search::{WIN, WIN_THRESHOLD};
/// Transposition-table size: 2^20 slots of 16 bytes (16 MiB).
const TT_BITS: u32 = 20;
/// Safety margin kept from the per-move budget: the search stops this long before it ends
/// (the final bookkeeping and the caller's overhead fit in it).
const TIME_MARGIN: Duration = Duration::from_millis(3);
/// Share of the move's budget, in percent, kept after the main search's deadline for one last
/// guard check: a move that only the iteration cut short by the deadline found best is checked
/// against the opponent's VCT in it before it is played ([`VctGuard::keeps_late_switch`]).
const LATE_CHECK_PERCENT: u32 = 2;
/// Attacker threat moves (threes and fours) allowed to the root threat-depth VCT search.
const ROOT_VCT_DEPTH: u32 = 8;
/// Node budget of each root VCT search (df-pn, then threat-depth).
const ROOT_VCT_NODES: u64 = 300_000;
/// Threat moves of the opponent-VCT check at the root.
const OPP_VCT_DEPTH: u32 = 4;
/// Node budget of the opponent-VCT search at the root (1/16 for each re-check).
const OPP_VCT_NODES: u64 = 40_000;
/// Root moves re-checked against the opponent's VCT.
const OPP_VCT_CHECKS: usize = 30;
/// Node budget of each check of a best move against the opponent's VCT ([`VctGuard`]).
const GUARD_VCT_NODES: u64 = 60_000;
/// Threat moves (threes and fours) of those checks.
const GUARD_VCT_DEPTH: u32 = 8;
/// Share of the move's time budget, in percent, that those checks may take together.
const GUARD_SHARE_PERCENT: u32 = 15;
/// Attacker moves allowed to the VCF searches before the main search.
const ROOT_VCF_MOVES: u32 = 120;

/// The Gomoku computer player (all three levels). Keeps a transposition table, and what
/// Hard's search learnt (its history and corrections, [`Learned`]), between moves until
/// [`Engine::clear`].
#[derive(Default)]
pub struct GomokuEngine {
    tt: Option<Tt>,
    learned: Learned,
}

impl GomokuEngine {
    /// A new engine with an empty transposition table (allocated on the first Hard search).
    #[must_use]
    pub fn new() -> GomokuEngine {
        GomokuEngine::default()
    }
}

impl GomokuEngine {
    /// The transposition table, allocated on first use.
    fn table(&mut self) -> &Tt {
        self.hard_state().0
    }

    /// The table (allocated on first use) and what Hard learnt, for one Hard search.
    fn hard_state(&mut self) -> (&Tt, &mut Learned) {
        let tt = self.tt.get_or_insert_with(|| Tt::new(TT_BITS));
        (tt, &mut self.learned)
    }
}

impl Engine<Position> for GomokuEngine {
    fn think(
        &mut self,
        pos: &Position,
        cfg: &AiConfig,
        stop: &StopFlag,
        on_info: &mut dyn FnMut(&SearchInfo<Point>),
    ) -> Option<Thought<Point>> {
        let start = Instant::now();
        // None when the game is over: nothing is legal.
        let fallback = fallback_move(pos)?;
        let thought = match cfg.level {
            Level::Easy => easy(pos, cfg, start),
            Level::Medium => medium(pos, cfg, start),
            Level::Hard => {
                let (tt, learned) = self.hard_state();
                hard(tt, learned, pos, cfg, stop, on_info, start)
            }
        };
        let thought = if pos.is_legal(thought.best) {
            thought
        } else {
            Thought {
                best: fallback,
                info: thought.info,
            }
        };
        if cfg.level != Level::Hard {
            on_info(&thought.info);
        }
        Some(thought)
    }

    /// The best candidate points scored (see [`super::analysis`]), whatever `cfg.level`.
    fn analyse(
        &mut self,
        pos: &Position,
        cfg: &AiConfig,
        stop: &StopFlag,
        on_update: &mut dyn FnMut(&Analysis<Point>),
    ) -> Option<Analysis<Point>> {
        super::analysis::analyse(self.table(), pos, cfg, stop, on_update)
    }

    fn clear(&mut self) {
        if let Some(tt) = &self.tt {
            tt.clear();
        }
        self.learned = Learned::default();
    }
}

/// Some legal move, preferring the centre and points near stones; `None` when the game is over.
pub(super) fn fallback_move(pos: &Position) -> Option<Point> {
    if pos.outcome().is_some() {
        return None;
    }
    let c = Point::center(pos.size());
    if pos.is_legal(c) {
        return Some(c);
    }
    let b = SearchBoard::from_position(pos);
    b.candidates()
        .into_iter()
        .map(Cells::point_of)
        .find(|&p| pos.is_legal(p))
        .or_else(|| pos.legal_moves().first().copied())
}

fn rng_for(cfg: &AiConfig) -> StdRng {
    match cfg.seed {
        Some(s) => StdRng::seed_from_u64(s),
        None => StdRng::from_rng(&mut rand::rng()),
    }
}

fn info_for(
    best: Point,
    score: i32,
    exact: bool,
    depth: u32,
    nodes: u64,
    start: Instant,
) -> SearchInfo<Point> {
    SearchInfo {
        depth,
        nodes,
        elapsed_ms: start.elapsed().as_millis() as u64,
        score: score_of(score),
        exact,
        pv: vec![best],
        book: false,
    }
}

/// A search score as a [`Score`]: beyond [`WIN_THRESHOLD`] a proven win or loss in
/// `WIN − |score|` plies, else an evaluation.
pub(super) fn score_of(score: i32) -> Score {
    if score > WIN_THRESHOLD {
        Score::WinIn((WIN - score) as u32)
    } else if score < -WIN_THRESHOLD {
        Score::LossIn((WIN + score) as u32)
    } else {
        Score::Eval(score)
    }
}

/// Pick uniformly among the best-scoring points.
fn pick_max(scored: &[(i64, usize)], rng: &mut StdRng) -> Option<(i64, usize)> {
    let best = scored.iter().map(|s| s.0).max()?;
    let ties: Vec<&(i64, usize)> = scored.iter().filter(|s| s.0 == best).collect();
    Some(*ties[rng.random_range(0..ties.len())])
}

// ---------------------------------------------------------------------------------------
// Easy

fn easy_weight(p: Pattern, own: bool) -> i64 {
    let w = match p {
        Pattern::Five => 100_000,
        Pattern::Four | Pattern::OpenFour | Pattern::DoubleFour => 10_000,
        Pattern::Three | Pattern::OpenThree => 1_000,
        Pattern::Two | Pattern::OpenTwo => 100,
        Pattern::None | Pattern::One | Pattern::OpenOne | Pattern::Overline => 0,
    };
    if own || p == Pattern::Five {
        if own { w } else { 50_000 }
    } else {
        w / 2
    }
}

fn easy(pos: &Position, cfg: &AiConfig, start: Instant) -> Thought<Point> {
    let mut b = SearchBoard::from_position(pos);
    let us = b.to_move;
    let mut rng = rng_for(cfg);
    let mut scored = Vec::new();
    let cands = if b.empties as usize == usize::from(b.size()).pow(2) {
        b.candidates()
    } else {
        b.empty_points()
    };
    for idx in cands {
        if !b.legal(idx, us) {
            continue;
        }
        let mut s = 0;
        for d in 0..4 {
            s += easy_weight(b.pattern(idx, d, us), true);
            s += easy_weight(b.pattern(idx, d, !us), false);
        }
        scored.push((s, idx));
    }
    let (score, idx) = pick_max(&scored, &mut rng).unwrap_or((0, 0));
    let best = if scored.is_empty() {
        Point::center(pos.size())
    } else {
        Cells::point_of(idx)
    };
    let n = scored.len() as u64;
    Thought {
        best,
        info: info_for(
            best,
            score.min(i64::from(i32::MAX)) as i32,
            false,
            1,
            n,
            start,
        ),
    }
}

// ---------------------------------------------------------------------------------------
// Medium

/// Weight of a window holding `n` own stones (and no opponent stone) for the point that
/// would add one more: index = stones already in the window.
const WINDOW_WEIGHT: [i64; 5] = [1, 8, 60, 600, 200_000];

struct Windows {
    /// The 5 cells of each window.
    cells: Vec<[usize; 5]>,
    /// Windows through each cell.
    through: Vec<Vec<u32>>,
    /// Stones per side in each window.
    count: Vec<[u8; 2]>,
}

impl Windows {
    fn new(b: &SearchBoard) -> Windows {
        let mut w = Windows {
            cells: Vec::new(),
            through: vec![Vec::new(); NCELLS],
            count: Vec::new(),
        };
        for idx in b.cells.all_indices() {
            for &dir in &DIRS {
                let cells: [usize; 5] =
                    std::array::from_fn(|k| idx.wrapping_add_signed(dir * k as isize));
                if cells.iter().any(|&c| b.cells.cells[c] == WALL) {
                    continue;
                }
                let id = w.cells.len() as u32;
                let mut count = [0u8; 2];
                for &c in &cells {
                    match b.cells.cells[c] {
                        1 => count[0] += 1,
                        2 => count[1] += 1,
                        _ => {}
                    }
                    w.through[c].push(id);
                }
                w.cells.push(cells);
                w.count.push(count);
            }
        }
        w
    }

    fn add(&mut self, idx: usize, side: Side, delta: i8) {
        let s = usize::from(side == Side::White);
        for &id in &self.through[idx] {
            let c = &mut self.count[id as usize][s];
            *c = c.wrapping_add_signed(delta);
        }
    }

    /// Attack value of `idx` for `side`: windows through it free of the opponent.
    fn attack(&self, idx: usize, side: Side) -> i64 {
        let s = usize::from(side == Side::White);
        self.through[idx]
            .iter()
            .map(|&id| {
                let c = self.count[id as usize];
                if c[1 - s] == 0 {
                    WINDOW_WEIGHT[usize::from(c[s]).min(4)]
                } else {
                    0
                }
            })
            .sum()
    }

    /// Attack plus 0.8 × defence (the opponent's attack value there).
    fn score(&self, idx: usize, side: Side) -> i64 {
        self.attack(idx, side) + self.attack(idx, !side) * 4 / 5
    }
}

/// Whether `side` has a legal empty point of threat level `lvl` or more (`lvl` ≥ THREE).
fn has_threat(b: &mut SearchBoard, side: Side, lvl: u8) -> bool {
    if b.count_at_least(side, lvl) == 0 {
        return false;
    }
    if side == Side::White || b.rule != super::rule::Rule::Renju {
        return true;
    }
    let pts: Vec<usize> = b
        .candidates()
        .into_iter()
        .filter(|&i| b.info(i, side).level >= lvl)
        .collect();
    pts.into_iter().any(|i| b.legal(i, side))
}

/// Attacker moves (the five included) of Medium's VCF checks.
const MEDIUM_VCF_MOVES: u32 = 5;
/// Node budget of each of Medium's VCF checks after a candidate move.
const MEDIUM_VCF_NODES: u64 = 3_000;

/// Threat moves (threes and fours) of Medium's VCT checks.
const MEDIUM_VCT_DEPTH: u32 = 3;
/// Node budget of each of Medium's VCT checks.
const MEDIUM_VCT_NODES: u64 = 2_000;
/// How many of its best moves Medium checks for an opponent VCT.
const MEDIUM_VCT_CHECKS: usize = 2;

/// Bonus of Medium for the threat level its own stone makes at a point.
fn medium_own_bonus(lvl: u8) -> i64 {
    match lvl {
        level::FIVE => 1_000_000_000,
        level::FLEX_FOUR => 100_000_000,
        level::FOUR_THREE => 5_000_000,
        level::DOUBLE_THREE => 500_000,
        level::FOUR => 1_500,
        level::THREE => 2_000,
        _ => 0,
    }
}

/// Medium's penalty for the position after its move: what the opponent (to move) threatens.
/// `own_fours`: five-points the mover now has (a four forces the reply, delaying threats).
fn medium_reply_penalty(b: &mut SearchBoard, them: Side, own_fours: u32) -> i64 {
    if b.five_count(them) > 0 {
        return 2_000_000_000;
    }
    if own_fours >= 2 {
        return 0;
    }
    // A short VCF for the opponent (Medium looks only a few fours deep).
    if b.count_at_least(them, level::FOUR) > 0 {
        let mut ctx = VcfCtx::new(MEDIUM_VCF_NODES, None, None);
        if vcf::search(b, them, MEDIUM_VCF_MOVES, &mut ctx).is_some() {
            return 500_000_000;
        }
    }
    // A single four only delays the opponent's threats by one move.
    let scale = if own_fours == 1 { 50 } else { 1 };
    if has_threat(b, them, level::FLEX_FOUR) {
        200_000_000 / scale
    } else if has_threat(b, them, level::FOUR_THREE) {
        20_000_000 / scale
    } else if has_threat(b, them, level::DOUBLE_THREE) {
        1_000_000 / scale
    } else {
        0
    }
}

fn medium(pos: &Position, cfg: &AiConfig, start: Instant) -> Thought<Point> {
    let mut b = SearchBoard::from_position(pos);
    let us = b.to_move;
    let mut rng = rng_for(cfg);
    // Never ignore an immediate five or an opponent five-point.
    if let Some(&f) = b.five_points(us, 1).first() {
        let p = Cells::point_of(f);
        return Thought {
            best: p,
            info: info_for(p, WIN - 1, true, 1, 1, start),
        };
    }
    let blocks = b.five_points(!us, 4);
    if let Some(&blk) = blocks.iter().find(|&&q| b.legal(q, us)) {
        let p = Cells::point_of(blk);
        return Thought {
            best: p,
            info: info_for(p, 0, false, 1, 1, start),
        };
    }
    // A short own VCF (no own VCT search: that is left to Hard).
    {
        let mut ctx = VcfCtx::new(MEDIUM_VCF_NODES * 4, None, None);
        if let Some(line) = vcf::search(&mut b, us, MEDIUM_VCF_MOVES + 1, &mut ctx) {
            let p = Cells::point_of(line[0]);
            return Thought {
                best: p,
                info: info_for(p, WIN - line.len() as i32, true, 1, ctx.nodes, start),
            };
        }
    }
    let mut w = Windows::new(&b);
    let cands: Vec<usize> = b
        .candidates()
        .into_iter()
        .filter(|&i| b.legal(i, us))
        .collect();
    // Winning-combination score plus the threat this stone makes.
    let mut scored: Vec<(i64, usize)> = cands
        .iter()
        .map(|&i| (w.score(i, us) + medium_own_bonus(b.info(i, us).level), i))
        .collect();
    let mut nodes = scored.len() as u64;
    // One reply ahead: what the opponent threatens after each move (all candidates), then
    // the opponent's best winning-combination reply (the best 10).
    for s in &mut scored {
        b.play(s.1);
        let own_fours = b.five_count(us);
        s.0 -= medium_reply_penalty(&mut b, !us, own_fours);
        b.undo();
        nodes += 1;
    }
    scored.sort_unstable_by_key(|s| std::cmp::Reverse(s.0));
    // The best few: does the opponent get a short VCT (threes and fours) after them?
    for s in scored.iter_mut().take(MEDIUM_VCT_CHECKS) {
        if s.0 < -100_000_000 {
            continue;
        }
        b.play(s.1);
        if b.five_count(us) == 0 {
            let mut ctx = VctCtx::new(MEDIUM_VCT_NODES, None, None);
            if vct::search(&mut b, !us, MEDIUM_VCT_DEPTH, &mut ctx).is_some() {
                s.0 -= 100_000_000;
            }
            nodes += ctx.nodes;
        }
        b.undo();
    }
    scored.sort_unstable_by_key(|s| std::cmp::Reverse(s.0));
    let top: Vec<(i64, usize)> = scored.iter().take(10).copied().collect();
    let mut final_scores = Vec::new();
    for &(s, m) in &top {
        b.play(m);
        w.add(m, us, 1);
        let mut reply = 0;
        for r in b.candidates() {
            if b.is_empty(r) && (!b.info(r, !us).maybe_forbidden || b.legal(r, !us)) {
                reply = reply.max(w.score(r, !us));
                nodes += 1;
            }
        }
        w.add(m, us, -1);
        b.undo();
        final_scores.push((s - reply / 2, m));
    }
    let (score, idx) = pick_max(&final_scores, &mut rng).unwrap_or((0, 0));
    let best = if final_scores.is_empty() {
        Point::center(pos.size())
    } else {
        Cells::point_of(idx)
    };
    Thought {
        best,
        info: info_for(
            best,
            score.clamp(-1_000_000, 1_000_000) as i32,
            false,
            2,
            nodes,
            start,
        ),
    }
}

// ---------------------------------------------------------------------------------------
// Hard

/// The move starting a proven winning `line` (cell indexes, attacker first), reported with the
/// whole line as principal variation and the score `WIN - line.len()`.
fn proven_win(
    line: &[usize],
    nodes: u64,
    start: Instant,
    on_info: &mut dyn FnMut(&SearchInfo<Point>),
) -> Thought<Point> {
    let info = SearchInfo {
        depth: line.len() as u32,
        nodes,
        elapsed_ms: start.elapsed().as_millis() as u64,
        score: Score::WinIn(line.len() as u32),
        exact: true,
        pv: line.iter().map(|&i| Cells::point_of(i)).collect(),
        book: false,
    };
    on_info(&info);
    Thought {
        best: Cells::point_of(line[0]),
        info,
    }
}

/// Hard's time: when the move started and its budget (none: depth-limited only).
struct Clock {
    start: Instant,
    budget: Option<Duration>,
}

impl Clock {
    /// When the main search must stop: the budget less [`TIME_MARGIN`] and the share kept for
    /// the last guard check ([`LATE_CHECK_PERCENT`]).
    fn search_deadline(&self) -> Option<Instant> {
        self.budget
            .map(|t| self.start + t.saturating_sub(TIME_MARGIN + t * LATE_CHECK_PERCENT / 100))
    }

    /// When the last guard check must stop: the budget less [`TIME_MARGIN`].
    fn final_deadline(&self) -> Option<Instant> {
        self.budget
            .map(|t| self.start + t.saturating_sub(TIME_MARGIN))
    }

    /// Deadline for a threat-search phase starting now: `1/divisor` of the budget from now,
    /// never past [`Clock::search_deadline`]; none without a budget (the phases are then
    /// bounded by node counts only, so depth-limited searches are deterministic). Relative to
    /// the phase's own start, so an earlier phase cannot starve a later one.
    fn phase_deadline(&self, divisor: u32) -> Option<Instant> {
        let end = self.search_deadline()?;
        self.budget.map(|b| (Instant::now() + b / divisor).min(end))
    }
}

/// Hard: the threat phases first (each may settle the move), then iterative deepening over
/// the root moves that survive the opponent's threats, starting from and adding to what the
/// game's earlier searches learnt (`learned`). See the module documentation.
fn hard(
    tt: &Tt,
    learned: &mut Learned,
    pos: &Position,
    cfg: &AiConfig,
    stop: &StopFlag,
    on_info: &mut dyn FnMut(&SearchInfo<Point>),
    start: Instant,
) -> Thought<Point> {
    let mut b = SearchBoard::from_position(pos);
    let clock = Clock {
        start,
        budget: cfg.time_ms.map(Duration::from_millis),
    };
    let mut threat_nodes = 0;
    if let Some(thought) = settled_before_search(&mut b, &clock, stop, &mut threat_nodes, on_info) {
        return thought;
    }
    let mut searcher = Hard::new(b, tt, clock.search_deadline(), stop);
    searcher.nodes = threat_nodes;
    searcher.adopt(std::mem::take(learned));
    let thought = hard_search(&mut searcher, tt, pos, cfg, &clock, stop, on_info);
    *learned = searcher.take_learned();
    thought
}

/// Hard's main search from `searcher` over the table `tt` (the threat phases done): the root
/// moves, their defence against the opponent's threats, then iterative deepening, with Lazy
/// SMP helpers when `cfg.threads` asks for them.
fn hard_search(
    searcher: &mut Hard<'_>,
    tt: &Tt,
    pos: &Position,
    cfg: &AiConfig,
    clock: &Clock,
    stop: &StopFlag,
    on_info: &mut dyn FnMut(&SearchInfo<Point>),
) -> Thought<Point> {
    let start = clock.start;
    let threat = searcher.threat();
    let mut root = searcher.gen_moves(0, usize::MAX, usize::MAX, threat);
    if root.is_empty() {
        let fallback = fallback_move(pos).unwrap_or(Point::center(pos.size()));
        let info = info_for(fallback, 0, false, 0, searcher.nodes, start);
        on_info(&info);
        return Thought {
            best: fallback,
            info,
        };
    }
    defend_root(searcher, &mut root, clock, stop);
    let max_depth = cfg.depth.clamp(1, MAX_DEPTH);
    let helpers = cfg.threads.clamp(1, MAX_THREADS) - 1;
    if helpers == 0 {
        return iterative_deepening(searcher, root, max_depth, clock, on_info);
    }
    // Lazy SMP: helper threads search the same root into the shared table, each starting at
    // its own depth so that they run ahead of the main thread and fill the table for it; the
    // main thread's result is played. They stop when it is done.
    let done = StopFlag::new();
    let board = searcher.b.clone();
    let deadline = clock.search_deadline();
    std::thread::scope(|s| {
        let handles: Vec<_> = (1..=helpers)
            .map(|id| {
                let (b, root, done) = (board.clone(), root.clone(), &done);
                s.spawn(move || {
                    let mut h = Hard::new(b, tt, deadline, done);
                    helper_deepening(&mut h, root, max_depth, id);
                    h.nodes
                })
            })
            .collect();
        let mut thought = iterative_deepening(searcher, root, max_depth, clock, on_info);
        done.stop();
        let helper_nodes: u64 = handles.into_iter().map(|h| h.join().unwrap_or(0)).sum();
        thought.info.nodes += helper_nodes;
        thought
    })
}

/// A Lazy SMP helper: iterative deepening over `root` from depth `1 + id % 2` (so that half
/// the helpers are an iteration ahead), reordering the root by its own scores, until the main
/// thread raises its stop flag or the deadline passes. Its results reach the main thread only
/// through the shared transposition table.
fn helper_deepening(h: &mut Hard<'_>, mut root: Vec<usize>, max_depth: u32, id: u32) {
    // Different helpers try the root moves in a different order too.
    let n = root.len();
    if n > 1 {
        root[..].rotate_left((id as usize / 2) % n.min(3));
    }
    for depth in (1 + id % 2)..=max_depth {
        let mut scores = root_iteration(h, &root, depth);
        if h.aborted {
            return;
        }
        scores.sort_by_key(|s| std::cmp::Reverse(s.0));
        root = scores.iter().map(|s| s.1).collect();
        if scores.first().is_some_and(|s| s.0.abs() > WIN_THRESHOLD) {
            return;
        }
    }
}

/// The phases that can settle the move without the main search: the first stone (the
/// centre), a five now, our own VCF or VCT, a four of the opponent's to block. `threat_nodes`
/// gains the nodes of the threat searches (the main search's count starts from it).
fn settled_before_search(
    b: &mut SearchBoard,
    clock: &Clock,
    stop: &StopFlag,
    threat_nodes: &mut u64,
    on_info: &mut dyn FnMut(&SearchInfo<Point>),
) -> Option<Thought<Point>> {
    let us = b.to_move;
    let them = !us;
    let start = clock.start;
    let mut done = |best: usize, score: i32, exact: bool, nodes: u64| {
        let p = Cells::point_of(best);
        let info = info_for(p, score, exact, 1, nodes, start);
        on_info(&info);
        Thought { best: p, info }
    };
    if b.empties as usize == usize::from(b.size()).pow(2) {
        return Some(done(Cells::index_of(Point::center(b.size())), 0, false, 1));
    }
    if let Some(&f) = b.five_points(us, 1).first() {
        return Some(done(f, WIN - 1, true, 1));
    }
    // Our own VCF (when the opponent has a four, only a blocking four can start one), then our
    // own VCT (threes and fours; a forced block must keep a threat going).
    let mut line = own_vcf(b, clock, stop, threat_nodes);
    if line.is_none() && b.five_points(them, 2).len() < 2 {
        // The threat-depth VCT. (df-pn, `super::dfpn`, was tried here first: Hard@200 ms then
        // beat Medium only 11-5 in Renju, twice, against 15-1 without it.)
        let mut ctx = VctCtx::new(ROOT_VCT_NODES, clock.phase_deadline(6), Some(stop));
        line = vct::search(b, us, ROOT_VCT_DEPTH, &mut ctx);
        *threat_nodes += ctx.nodes;
    }
    if let Some(line) = line {
        return Some(proven_win(&line, *threat_nodes, start, on_info));
    }
    // The opponent's four must be blocked.
    let blocks = b.five_points(them, 3);
    let legal: Vec<usize> = blocks.iter().copied().filter(|&q| b.legal(q, us)).collect();
    if blocks.len() == 1 && legal.len() == 1 {
        // Searching further would only confirm the forced move; report whether it loses.
        let blk = legal[0];
        let mut ctx = VcfCtx::new(50_000, clock.phase_deadline(4), Some(stop));
        b.play(blk);
        let opp_vcf = vcf::search(b, them, 12, &mut ctx);
        b.undo();
        let score = if opp_vcf.is_some() { -(WIN - 3) } else { 0 };
        return Some(done(blk, score, opp_vcf.is_some(), ctx.nodes));
    }
    // Two fours to block: lost, block one.
    legal.first().map(|&blk| done(blk, -(WIN - 2), true, 1))
}

/// Our own shortest VCF: growing move limits find the shortest lines first; proven failures
/// carry over between limits.
fn own_vcf(
    b: &mut SearchBoard,
    clock: &Clock,
    stop: &StopFlag,
    threat_nodes: &mut u64,
) -> Option<Vec<usize>> {
    let us = b.to_move;
    let mut ctx = VcfCtx::new(400_000, clock.phase_deadline(6), Some(stop));
    let mut line = None;
    for limit in [3, 5, 7, 9, 12, ROOT_VCF_MOVES] {
        line = vcf::search(b, us, limit, &mut ctx);
        if line.is_some() || ctx.aborted {
            break;
        }
    }
    *threat_nodes += ctx.nodes;
    line
}

/// Narrow the root to defences: against an opponent's VCF keep only the moves that refute it
/// ([`keep_vcf_refutations`]); else prefer the moves that leave no opponent VCT
/// ([`defend_vct`]).
fn defend_root(searcher: &mut Hard<'_>, root: &mut Vec<usize>, clock: &Clock, stop: &StopFlag) {
    let us = searcher.b.to_move;
    let them = !us;
    searcher.b.to_move = them;
    let mut ctx = VcfCtx::new(200_000, clock.phase_deadline(8), Some(stop));
    let threat = vcf::search(&mut searcher.b, them, ROOT_VCF_MOVES, &mut ctx);
    searcher.b.to_move = us;
    searcher.nodes += ctx.nodes;
    if threat.is_some() {
        keep_vcf_refutations(searcher, root, clock, stop);
    } else if !ctx.aborted {
        defend_vct(searcher, root, clock, stop);
    }
}

/// The opponent has a VCF: every legal point near the stones (not only the top candidates)
/// is tried, and the root keeps the moves after which the VCF is gone. When none is found in
/// time, the root stays as it was.
fn keep_vcf_refutations(
    searcher: &mut Hard<'_>,
    root: &mut Vec<usize>,
    clock: &Clock,
    stop: &StopFlag,
) {
    let us = searcher.b.to_move;
    let them = !us;
    let check_deadline = clock.phase_deadline(4);
    let mut refuters = Vec::new();
    for m in searcher.b.candidates() {
        if check_deadline.is_some_and(|d| Instant::now() >= d) || stop.is_stopped() {
            break;
        }
        if !searcher.b.legal(m, us) {
            continue;
        }
        searcher.b.play(m);
        let mut c2 = VcfCtx::new(20_000, check_deadline, Some(stop));
        let still = vcf::search(&mut searcher.b, them, ROOT_VCF_MOVES, &mut c2);
        searcher.nodes += c2.nodes;
        // An aborted check counts as "still losing".
        let refutes = still.is_none() && !c2.aborted;
        searcher.b.undo();
        if refutes {
            refuters.push(m);
        }
    }
    if !refuters.is_empty() {
        root.retain(|m| refuters.contains(m));
        for r in refuters {
            if !root.contains(&r) {
                root.push(r);
            }
        }
    }
}

/// One iteration at `depth` over the root moves, principal-variation search: the first move
/// with a full window, the others with a null window and a re-search when they beat alpha.
/// Returns `(score, move)` in the order searched; shorter than `root` when aborted or when a
/// move proves a win (the last one then).
fn root_iteration(searcher: &mut Hard<'_>, root: &[usize], depth: u32) -> Vec<(i32, usize)> {
    let child_depth = (depth as i32 - 1) * ONE_PLY;
    let mut alpha = -INF;
    let mut scores = Vec::with_capacity(root.len());
    let quiet_root = searcher.threat() == Threat::None;
    for (i, &m) in root.iter().enumerate() {
        // Late root moves are searched reduced first (LMR), at full depth when they beat
        // alpha.
        let r = if quiet_root {
            searcher.root_reduction(m, i, depth as i32 * ONE_PLY)
        } else {
            0
        };
        searcher.b.play(m);
        let mut v;
        // The root is a PV node: its later moves' null-window children are cut nodes.
        if i == 0 {
            v = -searcher.negamax(child_depth, 1, -INF, -alpha, false);
        } else {
            v = -searcher.negamax(child_depth - r, 1, -alpha - 1, -alpha, true);
            if v > alpha && r > 0 && !searcher.aborted {
                v = -searcher.negamax(child_depth, 1, -alpha - 1, -alpha, true);
            }
            if v > alpha && !searcher.aborted {
                v = -searcher.negamax(child_depth, 1, -INF, -alpha, false);
            }
        }
        searcher.b.undo();
        if searcher.aborted {
            break;
        }
        scores.push((v, m));
        alpha = alpha.max(v);
        // A proven win ends the search. Searching on would only try to prove every other
        // winning move as fast, which costs as much again as the first proof.
        if v > WIN_THRESHOLD {
            break;
        }
    }
    scores
}

/// Iterative deepening from depth 1 to `max_depth`, reporting each completed iteration (with
/// the time since `clock.start`, when the move began); from depth 2 on, the best move is
/// checked by a [`VctGuard`] drawing on `clock.budget`. Stops at a proven result or at the
/// searcher's deadline.
fn iterative_deepening(
    searcher: &mut Hard<'_>,
    mut root: Vec<usize>,
    max_depth: u32,
    clock: &Clock,
    on_info: &mut dyn FnMut(&SearchInfo<Point>),
) -> Thought<Point> {
    let mut best = root[0];
    let mut best_score = -INF;
    let mut info = SearchInfo::default();
    let start = clock.start;
    let mut guard = VctGuard::new(clock.budget);
    for depth in 1..=max_depth {
        // A stop raised (or the deadline passed) since the last iteration ends the search.
        searcher.check_time();
        if searcher.aborted && depth > 1 {
            break;
        }
        let mut scores = root_iteration(searcher, &root, depth);
        if searcher.aborted {
            // A finished move that beats the last full iteration's best is still usable.
            if let Some(&(v, m)) = scores.iter().max_by_key(|s| s.0)
                && depth > 1
                && m != best
                && v > best_score
                && scores.first().is_some_and(|s| s.1 == best)
                && guard.keeps_late_switch(searcher, m, v, clock.final_deadline())
            {
                best = m;
                best_score = v;
            }
            break;
        }
        // Order the next iteration by this iteration's scores; the sort is stable, so the
        // best is the first move with the highest score, as the iteration's alpha saw it,
        // unless the guard drops it.
        scores.sort_by_key(|s| std::cmp::Reverse(s.0));
        if depth >= 2 {
            guard.drop_lost_best(searcher, &mut scores);
        }
        (best_score, best) = scores[0];
        root = scores.iter().map(|s| s.1).collect();
        info = SearchInfo {
            depth,
            nodes: searcher.nodes,
            elapsed_ms: start.elapsed().as_millis() as u64,
            score: score_of(best_score),
            exact: best_score.abs() > WIN_THRESHOLD,
            pv: searcher.pv(best),
            book: false,
        };
        on_info(&info);
        // Another iteration starts however late it is: one cut short still refines the move
        // (see above). Starting none after 60 % of the budget, as until 2026-11-26, scored
        // 45.7 % against this over 594 games at 200 ms a move from balanced openings
        // (docs/gomoku-strength-log.md).
        if best_score.abs() > WIN_THRESHOLD {
            break;
        }
    }
    info.nodes = searcher.nodes;
    info.elapsed_ms = start.elapsed().as_millis() as u64;
    if info.pv.first() != Some(&Cells::point_of(best)) {
        info.pv = vec![Cells::point_of(best)];
        info.score = score_of(best_score);
        info.exact = best_score.abs() > WIN_THRESHOLD;
    }
    Thought {
        best: Cells::point_of(best),
        info,
    }
}

/// Checks each iteration's best move against the opponent's VCT after it, so that Hard does
/// not play into a forced loss that its search is too shallow to see: on the move-quality
/// probe at 1 s a move, Hard had played into a loss Rapfi proves in 12 of 145 Freestyle
/// positions, and our own VCT found the opponent's win after 19 of the 39 such moves of
/// four probe runs within 300 000 nodes (docs/gomoku-strength-log.md, "Guarding the best move").
struct VctGuard {
    /// Root moves checked and not found lost (their check may have run out of budget).
    checked: Vec<usize>,
    /// Time all checks of this move may take (none without a time budget: each check is
    /// then bounded by [`GUARD_VCT_NODES`] only, so depth-limited searches stay
    /// deterministic).
    allowance: Option<Duration>,
    /// Time the checks have taken so far.
    spent: Duration,
}

impl VctGuard {
    /// A guard for one move whose time budget is `budget`.
    fn new(budget: Option<Duration>) -> VctGuard {
        VctGuard {
            checked: Vec::new(),
            allowance: budget.map(|b| b * GUARD_SHARE_PERCENT / 100),
            spent: Duration::ZERO,
        }
    }

    /// Drops moves from the front of `scores` (an iteration's root scores, best first) while
    /// the opponent has a VCT after the first one, so that the first is a move not found lost.
    /// Never drops the last move, nor a move whose score is already a proven result; stops
    /// when the allowance is spent.
    fn drop_lost_best(&mut self, searcher: &mut Hard<'_>, scores: &mut Vec<(i32, usize)>) {
        while scores.len() > 1 && scores[0].0.abs() <= WIN_THRESHOLD {
            let m = scores[0].1;
            if self.checked.contains(&m) {
                return;
            }
            let now = Instant::now();
            let own_end = match self.allowance {
                Some(a) if self.spent >= a => return,
                Some(a) => Some(now + (a - self.spent)),
                None => None,
            };
            if searcher.deadline().is_some_and(|d| now >= d) {
                return;
            }
            let deadline = own_end.into_iter().chain(searcher.deadline()).min();
            let lost = Self::found_lost(searcher, m, deadline);
            self.spent += now.elapsed();
            if !lost {
                self.checked.push(m);
                return;
            }
            scores.remove(0);
        }
    }

    /// Whether the move `m`, found better than the last full iteration's best (score `v`) by
    /// the iteration the deadline cut short, may replace it: not when the opponent has a VCT
    /// after it (the same check as [`VctGuard::drop_lost_best`], until `deadline`, past the
    /// main search's own). A proven result, a move checked before, or a check that runs out
    /// keeps the switch, as the guard keeps a move it could not prove lost.
    fn keeps_late_switch(
        &mut self,
        searcher: &mut Hard<'_>,
        m: usize,
        v: i32,
        deadline: Option<Instant>,
    ) -> bool {
        if v.abs() > WIN_THRESHOLD || self.checked.contains(&m) {
            return true;
        }
        // The stop flag (the player moved on, or the window closed) aborted the search too:
        // the caller wants a move at once.
        if searcher.stop_flag().is_stopped() {
            return true;
        }
        !Self::found_lost(searcher, m, deadline)
    }

    /// The guard's question: is `m` found lost, the opponent having a VCT after it
    /// ([`GUARD_VCT_DEPTH`] threats, [`GUARD_VCT_NODES`] nodes, until `deadline`; a check that
    /// runs out finds nothing)? See [`opponent_vct_after`].
    fn found_lost(searcher: &mut Hard<'_>, m: usize, deadline: Option<Instant>) -> bool {
        opponent_vct_after(searcher, m, GUARD_VCT_DEPTH, GUARD_VCT_NODES, deadline) == Some(true)
    }
}

/// Whether the opponent has a VCT (at most `threats` threat moves, `nodes` nodes, until
/// `deadline` or the searcher's stop flag) after the side to move plays `m`: `Some(true)` when
/// one is found, `Some(false)` when none exists within those threats, `None` when the search
/// ran out of budget first. Its nodes count to the searcher's.
fn opponent_vct_after(
    searcher: &mut Hard<'_>,
    m: usize,
    threats: u32,
    nodes: u64,
    deadline: Option<Instant>,
) -> Option<bool> {
    let them = !searcher.b.to_move;
    searcher.b.play(m);
    let mut ctx = VctCtx::new(nodes, deadline, Some(searcher.stop_flag()));
    let found = vct::search(&mut searcher.b, them, threats, &mut ctx).is_some();
    searcher.b.undo();
    searcher.nodes += ctx.nodes;
    (found || !ctx.aborted).then_some(found)
}

/// The opponent's VCT (threes and fours): if it has one, keep the root moves after which it
/// has none (moves whose check ran out of time stay, after them); if every checked move still
/// loses, the root is left as it was.
fn defend_vct(searcher: &mut Hard<'_>, root: &mut Vec<usize>, clock: &Clock, stop: &StopFlag) {
    let us = searcher.b.to_move;
    let them = !us;
    let mut ctx = VctCtx::new(OPP_VCT_NODES, clock.phase_deadline(8), Some(stop));
    let threat = vct::search(&mut searcher.b, them, OPP_VCT_DEPTH, &mut ctx);
    searcher.nodes += ctx.nodes;
    let Some(line) = threat else {
        return;
    };
    // The threat's own points first: they are the likeliest defences.
    let mut order: Vec<usize> = line.iter().copied().filter(|m| root.contains(m)).collect();
    for &m in root.iter() {
        if !order.contains(&m) {
            order.push(m);
        }
    }
    let check_deadline = clock.phase_deadline(4);
    let (mut good, mut unchecked) = (Vec::new(), Vec::new());
    for (i, &m) in order.iter().enumerate() {
        if i >= OPP_VCT_CHECKS
            || stop.is_stopped()
            || check_deadline.is_some_and(|d| Instant::now() >= d)
        {
            unchecked.push(m);
            continue;
        }
        match opponent_vct_after(
            searcher,
            m,
            OPP_VCT_DEPTH,
            OPP_VCT_NODES / 16,
            check_deadline,
        ) {
            Some(false) => good.push(m),
            None => unchecked.push(m),
            Some(true) => {}
        }
    }
    if !good.is_empty() {
        *root = root
            .iter()
            .copied()
            .filter(|m| good.contains(m))
            .chain(root.iter().copied().filter(|m| unchecked.contains(m)))
            .collect();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gomoku::Rule;
    use crate::gomoku::search::tests::{FOUR_THREE_VCF, idx, searcher_at};

    /// Positions of the move-quality probe where Hard, at 1 s a move, played into a VCT of
    /// the opponent's (the first move), with Rapfi's move there (the second, not lost).
    const PLAYED_INTO_A_VCT: [(Rule, &str, &str, &str); 2] = [
        (Rule::Renju, "H8 I8 H5 J7 H9 H7 I7 J6", "J9", "J8"),
        (
            Rule::Freestyle,
            "H8 H9 K9 I7 F9 G7 F7 I8 I6 F8 J7 H5 J9 I5 H6",
            "J6",
            "G5",
        ),
    ];

    #[test]
    fn hard_carries_its_history_and_corrections_to_the_next_move_until_a_new_game() {
        let mut pos = Position::new(15, Rule::Freestyle).expect("15x15");
        for m in "H8 I8 G9 G7 H7 H9 I6".split_whitespace() {
            pos.play(m.parse().expect("a point")).expect("legal");
        }
        let cfg = AiConfig {
            depth: 6,
            time_ms: None,
            ..AiConfig::for_level(Level::Hard)
        };
        let mut engine = GomokuEngine::new();
        assert_eq!(engine.learned.is_empty(), (true, true));
        let first = engine.think(&pos, &cfg, &StopFlag::new(), &mut |_| {});
        assert!(first.is_some());
        assert_eq!(
            engine.learned.is_empty(),
            (false, false),
            "the search's cut-offs and corrections are kept for the next move"
        );
        engine.clear();
        assert_eq!(
            engine.learned.is_empty(),
            (true, true),
            "a new game starts afresh"
        );
    }

    #[test]
    fn a_root_iteration_ends_at_the_first_move_that_proves_a_win() {
        let (tt, stop) = (Tt::new(10), StopFlag::new());
        // J8's four-three is a win the depth-3 search proves.
        let mut searcher = searcher_at(Rule::Freestyle, FOUR_THREE_VCF, &tt, &stop);
        let root = vec![idx("J8"), idx("J11"), idx("J7"), idx("K8")];
        let scores = root_iteration(&mut searcher, &root, 3);
        assert_eq!(scores.len(), 1, "the moves after the win are not searched");
        assert_eq!(scores[0].1, idx("J8"));
        assert!(scores[0].0 > WIN_THRESHOLD, "got {}", scores[0].0);
        // Without the winning move every root move is searched.
        let rest = root_iteration(&mut searcher, &root[2..], 3);
        assert_eq!(rest.len(), 2);
    }

    #[test]
    fn the_guard_drops_a_best_move_the_opponent_wins_against_by_vct() {
        for (rule, moves, lost, good) in PLAYED_INTO_A_VCT {
            let (tt, stop) = (Tt::new(10), StopFlag::new());
            let mut searcher = searcher_at(rule, moves, &tt, &stop);
            let root = searcher.b.history.clone();
            let mut scores = vec![(40, idx(lost)), (10, idx(good)), (5, idx("A1"))];
            VctGuard::new(None).drop_lost_best(&mut searcher, &mut scores);
            assert_eq!(scores[0].1, idx(good), "{moves}: {lost} should be dropped");
            assert_eq!(scores.len(), 2, "{moves}: only {lost} is dropped");
            assert_eq!(searcher.b.history, root, "the board is back at the root");
        }
    }

    #[test]
    fn the_guard_keeps_a_move_not_found_lost_and_never_the_last_move_or_a_proven_result() {
        let (rule, moves, lost, good) = PLAYED_INTO_A_VCT[0];
        let (tt, stop) = (Tt::new(10), StopFlag::new());
        let mut searcher = searcher_at(rule, moves, &tt, &stop);
        let mut guard = VctGuard::new(None);
        let mut scores = vec![(10, idx(good)), (40, idx(lost))];
        guard.drop_lost_best(&mut searcher, &mut scores);
        assert_eq!(scores, vec![(10, idx(good)), (40, idx(lost))]);
        // The last move stays, lost or not.
        let mut only = vec![(40, idx(lost))];
        guard.drop_lost_best(&mut searcher, &mut only);
        assert_eq!(only.len(), 1);
        // A proven win is not second-guessed.
        let mut proven = vec![(WIN - 9, idx(lost)), (10, idx(good))];
        guard.drop_lost_best(&mut searcher, &mut proven);
        assert_eq!(proven[0].1, idx(lost));
    }

    #[test]
    fn the_last_guard_check_ends_with_the_budget_after_the_search_deadline() {
        let start = Instant::now();
        let clock = Clock {
            start,
            budget: Some(Duration::from_millis(1000)),
        };
        assert_eq!(
            clock.final_deadline(),
            Some(start + Duration::from_millis(997))
        );
        assert_eq!(
            clock.search_deadline(),
            Some(start + Duration::from_millis(977))
        );
        let unlimited = Clock {
            start,
            budget: None,
        };
        assert_eq!(
            (unlimited.search_deadline(), unlimited.final_deadline()),
            (None, None)
        );
    }

    #[test]
    fn a_move_switched_in_at_the_deadline_is_refused_when_the_opponent_wins_against_it() {
        for (rule, moves, lost, good) in PLAYED_INTO_A_VCT {
            let (tt, stop) = (Tt::new(10), StopFlag::new());
            let mut searcher = searcher_at(rule, moves, &tt, &stop);
            let root = searcher.b.history.clone();
            let mut guard = VctGuard::new(None);
            assert!(
                !guard.keeps_late_switch(&mut searcher, idx(lost), 40, None),
                "{moves}: {lost} loses to a VCT"
            );
            assert!(guard.keeps_late_switch(&mut searcher, idx(good), 40, None));
            // A proven win is played without a check.
            assert!(guard.keeps_late_switch(&mut searcher, idx(lost), WIN - 9, None));
            assert_eq!(searcher.b.history, root, "the board is back at the root");
        }
    }

    #[test]
    fn a_late_switch_is_kept_unchecked_when_the_search_was_stopped() {
        let (rule, moves, lost, _) = PLAYED_INTO_A_VCT[0];
        let (tt, stop) = (Tt::new(10), StopFlag::new());
        let mut searcher = searcher_at(rule, moves, &tt, &stop);
        stop.stop();
        assert!(VctGuard::new(None).keeps_late_switch(&mut searcher, idx(lost), 40, None));
        assert_eq!(searcher.nodes, 0, "nothing was searched");
    }

    #[test]
    fn the_guard_stops_when_its_share_of_the_budget_is_spent() {
        let (rule, moves, lost, good) = PLAYED_INTO_A_VCT[0];
        let (tt, stop) = (Tt::new(10), StopFlag::new());
        let mut searcher = searcher_at(rule, moves, &tt, &stop);
        let mut guard = VctGuard::new(Some(Duration::from_millis(100)));
        guard.spent = Duration::from_millis(15);
        let mut scores = vec![(40, idx(lost)), (10, idx(good))];
        guard.drop_lost_best(&mut searcher, &mut scores);
        assert_eq!(scores[0].1, idx(lost), "no time left: nothing is checked");
        assert_eq!(searcher.nodes, 0);
    }
}
