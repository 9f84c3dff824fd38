//! The computer in every role of the opening rules ([`super::opening`]): proposing a balanced
//! opening, choosing a colour from its evaluation, Swap2's two extra stones, and under
//! Soosõrv-8 the canonical opening, the fourth move with the number of fifth-move offers,
//! the offers themselves (never two symmetrical) and the pick among them. Every decision
//! comes with the evaluation behind it and a sentence saying why ("I take White: …").
//!
//! Everything is judged by Hard's search ([`GomokuEngine`], through its public
//! [`Engine::think`] and [`Engine::analyse`]) on the plain position without the opening rule
//! ([`Position::without_opening`]). Values are evaluation units ([`Score::value`]), positive
//! when good for the side named.
//!
//! The decisions, as a player would reason:
//! - **Propose** (Swap, Swap2, Soosõrv's canonical opening): sample candidate openings (Swap
//!   and Swap2: stones spread over the central 7×7 square; Soosõrv: canonical openings in a
//!   random orientation), evaluate each with White to move, and place one of those closest
//!   to even, at random among the closest (variety), since the other player picks a colour
//!   after it.
//! - **Choose a colour**: the colour worth more by the evaluation (White to move after three
//!   or five stones: White's value ≥ 0 means White).
//! - **Swap2, second player**: take White when White's value is at least
//!   [`SWAP2_MARGIN`], Black when it is at most −[`SWAP2_MARGIN`]; in between the position is
//!   too close to call, so it places two more stones (a white, a black) that leave it as even
//!   as it can find and lets the other player choose.
//! - **Soosõrv, fourth move**: the best White move of an analysis; then the number of
//!   offers `n` that brings the weakest of Black's `n` best fifth moves (no two symmetrical)
//!   closest to even, since White will pick the weakest offer.
//! - **Soosõrv, second swap**: keep Black when that weakest offer is still worth ≥ 0 to
//!   Black, else take White.
//! - **Soosõrv, offers**: Black's `n` best fifth moves, no two symmetrical.
//! - **Soosõrv, pick**: the offer worth most to White.
//!
//! Effort follows the level ([`Effort::for_config`]): Easy weighs a few candidates with a
//! shallow search, Hard more candidates with a share of its time per move.

use rand::rngs::StdRng;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};

use super::engine::GomokuEngine;
use super::opening::{
    CANONICAL_OPENINGS, Choice, MAX_OFFERS, OpeningRule, Stage, canonical_opening, symmetric,
    transform,
};
use super::point::Point;
use super::position::Position;
use crate::core::{
    AiConfig, Analysis, Decision, Engine, GameRules, Level, Score, SearchInfo, Side, Step,
    StopFlag, Thought,
};
use crate::i18n::Message;
use crate::msg;

/// Swap2: White's value beyond which the second player takes a colour rather than placing
/// two more stones, in evaluation units (an open three is worth about 20–60).
pub const SWAP2_MARGIN: i32 = 25;

/// Values are clamped to this magnitude, so a proven result does not swamp comparisons.
const VALUE_CAP: i32 = 10_000;

/// Candidates within this many evaluation units of the most even one are equally good: one
/// of them is chosen at random.
const EVEN_TOLERANCE: i32 = 8;

/// Depth of the shallow search that screens candidate openings, in plies.
const SCREEN_DEPTH: u32 = 2;

/// Candidates screened for each one judged at full effort.
const SCREEN_FACTOR: usize = 4;

/// Deepest evaluation search without a time limit, in plies (deeper ones take too long for
/// the handful of evaluations a decision needs).
pub const UNTIMED_DEPTH: u32 = 6;

/// Half the side of the square Swap and Swap2 openings are sampled in (7×7).
const PROPOSAL_RADIUS: u8 = 3;

/// A step of a Gomoku game.
pub type GomokuStep = Step<Point, Choice>;

/// How much the computer thinks about an opening decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effort {
    /// The search of one evaluation: Hard at this depth…
    pub depth: u32,
    /// …and within this time (milliseconds; `None`: the depth alone, deterministic).
    pub time_ms: Option<u64>,
    /// How many candidate openings or stone pairs are weighed.
    pub candidates: usize,
    /// Seed of the random choices among equally good candidates (`None`: fresh entropy).
    pub seed: Option<u64>,
}

impl Effort {
    /// The effort of a computer player with `cfg`: Easy 3 candidates at depth 2, Medium 6 at
    /// depth 3, Hard 10 with a fifth of its time per move each (60–400 ms), or without a
    /// time limit at its depth up to [`UNTIMED_DEPTH`].
    #[must_use]
    pub fn for_config(cfg: &AiConfig) -> Effort {
        let (depth, time_ms, candidates) = match cfg.level {
            Level::Easy => (2, None, 3),
            Level::Medium => (3, None, 6),
            Level::Hard => match cfg.time_ms {
                Some(ms) => (cfg.depth.max(1), Some((ms / 5).clamp(60, 400)), 10),
                None => (cfg.depth.clamp(1, UNTIMED_DEPTH), None, 10),
            },
        };
        Effort {
            depth,
            time_ms,
            candidates,
            seed: cfg.seed,
        }
    }
}

/// What the computer does at one stage of an opening: its next steps (all its own, taken in
/// a row: three stones, a choice and two stones, the offers…), why, and the value behind it.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The steps, in order.
    pub steps: Vec<GomokuStep>,
    /// Why, in the window's language.
    pub reason: Message,
    /// The evaluation behind the decision, for the side the computer plays after it
    /// (evaluation units; positive is good for the computer).
    pub value: i32,
}

/// The computer's judgement in openings: an engine and how hard to think.
pub struct OpeningPlayer<'a> {
    engine: &'a mut GomokuEngine,
    effort: Effort,
    stop: &'a StopFlag,
    rng: StdRng,
    /// The report of the last search, for the progress display.
    pub last: SearchInfo<Point>,
}

impl<'a> OpeningPlayer<'a> {
    /// A player judging with `engine` at `effort`, stopping early when `stop` is raised.
    pub fn new(engine: &'a mut GomokuEngine, effort: Effort, stop: &'a StopFlag) -> Self {
        let rng = match effort.seed {
            Some(seed) => StdRng::seed_from_u64(seed),
            None => StdRng::from_rng(&mut rand::rng()),
        };
        OpeningPlayer {
            engine,
            effort,
            stop,
            rng,
            last: SearchInfo::default(),
        }
    }

    fn config(&self) -> AiConfig {
        AiConfig {
            level: Level::Hard,
            depth: self.effort.depth,
            time_ms: self.effort.time_ms,
            seed: Some(self.effort.seed.unwrap_or(1)),
            threads: 1,
        }
    }

    /// The value of `pos` for its side to move, by a search of the effort's depth and time
    /// on the position without its opening rule. Without a time limit the table is cleared
    /// first, so that an evaluation is the same every time (with one, the search's depth
    /// varies anyway, and clearing 8 MB per evaluation would cost more than it searches).
    pub fn evaluate(&mut self, pos: &Position) -> i32 {
        let cfg = self.config();
        self.evaluate_with(pos, &cfg)
    }

    /// As [`OpeningPlayer::evaluate`], by a search of `cfg`.
    fn evaluate_with(&mut self, pos: &Position, cfg: &AiConfig) -> i32 {
        let plain = pos.without_opening();
        if let Some(score) = plain.final_score() {
            return clamp(score);
        }
        if self.effort.time_ms.is_none() {
            self.engine.clear();
        }
        let thought = self.engine.think(&plain, cfg, self.stop, &mut |_| {});
        match thought {
            Some(Thought { info, .. }) => {
                let value = clamp(info.score);
                self.last = info;
                value
            }
            None => 0,
        }
    }

    /// The value of `pos` for `side`.
    pub fn value_for(&mut self, pos: &Position, side: Side) -> i32 {
        let v = self.evaluate(pos);
        if pos.side_to_move() == side { v } else { -v }
    }

    /// The best candidate moves of `pos` with their values for the side to move, best first
    /// (Hard's multi-PV analysis).
    pub fn ranked_moves(&mut self, pos: &Position) -> Vec<(Point, i32)> {
        let plain = pos.without_opening();
        if self.effort.time_ms.is_none() {
            self.engine.clear();
        }
        let cfg = self.config();
        let analysis: Option<Analysis<Point>> =
            self.engine.analyse(&plain, &cfg, self.stop, &mut |_| {});
        let mut moves: Vec<(Point, i32)> = analysis
            .map(|a| a.moves.iter().map(|m| (m.mv, clamp(m.score))).collect())
            .unwrap_or_default();
        moves.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
        moves
    }

    /// What the computer does now in `pos` as the player whose step it is; `None` when the
    /// opening is over (the game goes on with ordinary moves).
    pub fn plan(&mut self, pos: &Position) -> Option<Plan> {
        let rule = pos.opening().rule();
        let stones = pos.history().len();
        Some(match pos.opening_stage() {
            Stage::Done => return None,
            Stage::Place { .. } if stones < 3 && rule == OpeningRule::Soosorv8 => {
                self.propose_canonical(pos)
            }
            Stage::Place { .. } if stones < 3 => self.propose_three(pos),
            Stage::Place { .. } if rule == OpeningRule::Swap2 => self.place_two(pos, None),
            Stage::Place { .. } => self.fourth_and_offers(pos),
            Stage::ChooseColour { .. } if stones == 4 => self.second_swap(pos),
            Stage::ChooseColour { .. } => self.choose_colour(pos),
            Stage::Swap2Choice { .. } => self.swap2_choice(pos),
            Stage::DeclareOffers { .. } => self.declare_offers(pos),
            Stage::Offer { left, .. } => self.offer(pos, left),
            Stage::PickOffer { .. } => self.pick_offer(pos),
        })
    }

    /// Of `candidates` (stones to add to `pos`, in order), the one that leaves the position
    /// closest to even for White, as (value for White, stones): each is screened by a
    /// shallow search ([`SCREEN_DEPTH`]), the [`Effort::candidates`] most even are judged
    /// again at full effort, and one of the most even of those is chosen at random.
    fn most_even_of(
        &mut self,
        pos: &Position,
        candidates: Vec<Vec<Point>>,
    ) -> Option<(i32, Vec<Point>)> {
        // With a time limit, a quarter of it: the threat searches before the main search
        // otherwise take their full node budgets.
        let shallow = AiConfig {
            depth: SCREEN_DEPTH.min(self.effort.depth),
            time_ms: self.effort.time_ms.map(|ms| (ms / 4).max(1)),
            ..self.config()
        };
        let mut screened = Vec::new();
        for stones in candidates {
            if self.stop.is_stopped() && !screened.is_empty() {
                break;
            }
            let Some(after) = played(pos, &stones) else {
                continue;
            };
            let v = self.evaluate_with(&after, &shallow);
            let white = if after.side_to_move() == Side::White {
                v
            } else {
                -v
            };
            screened.push((white, stones));
        }
        screened.sort_by_key(|(v, _)| v.abs());
        screened.truncate(self.effort.candidates.max(1));
        let mut judged = Vec::new();
        for (screen, stones) in screened {
            let value = match played(pos, &stones) {
                Some(after) if !self.stop.is_stopped() => self.value_for(&after, Side::White),
                _ => screen,
            };
            judged.push((value, stones));
        }
        self.most_even(&judged)
    }

    /// Of `candidates` (each a value for White, and anything), one of those closest to even,
    /// at random among them.
    fn most_even<T: Clone>(&mut self, candidates: &[(i32, T)]) -> Option<(i32, T)> {
        let best = candidates.iter().map(|(v, _)| v.abs()).min()?;
        let even: Vec<&(i32, T)> = candidates
            .iter()
            .filter(|(v, _)| v.abs() <= best + EVEN_TOLERANCE)
            .collect();
        even.choose(&mut self.rng).map(|c| (*c).clone())
    }

    /// Swap and Swap2: the first player's opening stones, spread over the central square and
    /// as even as the sample allows (the stones already placed stay).
    fn propose_three(&mut self, pos: &Position) -> Plan {
        let mut candidates: Vec<Vec<Point>> = Vec::new();
        for _ in 0..self.screened() * 2 {
            if candidates.len() >= self.screened() {
                break;
            }
            if let Some(stones) = self.sample_completion(pos, 3)
                && !candidates.contains(&stones)
            {
                candidates.push(stones);
            }
        }
        let (value, stones) = self
            .most_even_of(pos, candidates)
            .unwrap_or_else(|| (0, self.fallback_completion(pos, 3)));
        Plan {
            reason: msg!(
                "opening-why-proposal",
                stones = points_text(&stones),
                value = signed(value)
            ),
            steps: stones.into_iter().map(Step::Move).collect(),
            value: -value.abs(),
        }
    }

    /// How many candidates are screened before the most even are judged at full effort.
    fn screened(&self) -> usize {
        self.effort.candidates.max(1) * SCREEN_FACTOR
    }

    /// Random empty points of the central square completing `pos` to `total` stones.
    fn sample_completion(&mut self, pos: &Position, total: usize) -> Option<Vec<Point>> {
        let n = pos.size();
        let c = Point::center(n);
        let r = PROPOSAL_RADIUS.min(c.x);
        let mut out: Vec<Point> = Vec::new();
        while pos.history().len() + out.len() < total {
            let p = Point {
                x: self.rng.random_range(c.x - r..=c.x + r),
                y: self.rng.random_range(c.y - r..=c.y + r),
            };
            if pos.stone_at(p).is_some() || out.contains(&p) {
                return None;
            }
            out.push(p);
        }
        Some(out)
    }

    /// Some legal completion (the first empty points near the centre), when sampling found
    /// none in time.
    fn fallback_completion(&self, pos: &Position, total: usize) -> Vec<Point> {
        let mut after = pos.clone();
        let mut out = Vec::new();
        for p in points_by_distance(pos.size()) {
            if pos.history().len() + out.len() >= total {
                break;
            }
            if after.play(p).is_ok() {
                out.push(p);
            }
        }
        out
    }

    /// Soosõrv: the first player's canonical opening (consistent with the stones already
    /// placed), among a sample of the 26 in random orientations, as even as it finds.
    fn propose_canonical(&mut self, pos: &Position) -> Plan {
        let n = pos.size();
        let placed = pos.history().to_vec();
        let mut options: Vec<[Point; 3]> = Vec::new();
        for o in CANONICAL_OPENINGS {
            let stones = o.stones(n);
            for t in 0..8u8 {
                let turned = stones.map(|p| transform(p, t, n));
                if turned[..placed.len()] == placed[..] && !options.contains(&turned) {
                    options.push(turned);
                }
            }
        }
        options.shuffle(&mut self.rng);
        // One orientation of each opening is enough to judge it.
        let mut seen = Vec::new();
        options.retain(|o| {
            let code = canonical_opening(n, o[0], o[1], o[2]).map(|c| c.index());
            let new = !seen.contains(&code);
            seen.push(code);
            new
        });
        options.truncate(self.screened());
        let rest: Vec<Vec<Point>> = options.iter().map(|o| o[placed.len()..].to_vec()).collect();
        let (value, stones) = match self.most_even_of(pos, rest) {
            Some((value, rest)) => {
                let mut all = placed.clone();
                all.extend(rest);
                (value, [all[0], all[1], all[2]])
            }
            None => (0, CANONICAL_OPENINGS[0].stones(n)),
        };
        let name = canonical_opening(n, stones[0], stones[1], stones[2])
            .map_or_else(|| Message::literal("?"), |o| Message::literal(o.label()));
        Plan {
            reason: msg!(
                "opening-why-canonical",
                name = name,
                stones = points_text(&stones),
                value = signed(value)
            ),
            steps: stones[placed.len()..]
                .iter()
                .map(|&p| Step::Move(p))
                .collect(),
            value: -value.abs(),
        }
    }

    /// A choice of colour after three or five stones: the colour worth more.
    fn choose_colour(&mut self, pos: &Position) -> Plan {
        let white = self.value_for(pos, Side::White);
        let side = if white >= 0 { Side::White } else { Side::Black };
        let value = if side == Side::White { white } else { -white };
        Plan {
            steps: vec![Step::Choice(Choice::Take(side))],
            reason: take_reason(side, value),
            value,
        }
    }

    /// Swap2's second player after three stones: a colour when one is clearly better, else
    /// two more stones that even the position out.
    fn swap2_choice(&mut self, pos: &Position) -> Plan {
        let white = self.value_for(pos, Side::White);
        if white.abs() >= SWAP2_MARGIN {
            let side = if white > 0 { Side::White } else { Side::Black };
            let value = white.abs();
            return Plan {
                steps: vec![Step::Choice(Choice::Take(side))],
                reason: take_reason(side, value),
                value,
            };
        }
        let mut after = pos.clone();
        if after.choose(Choice::PlaceTwo).is_err() {
            return self.choose_colour(pos);
        }
        let mut plan = self.place_two(&after, Some(white));
        plan.steps.insert(0, Step::Choice(Choice::PlaceTwo));
        plan
    }

    /// Swap2 option 3: the white and black stones (those still to place) that leave the
    /// position as even as the sample finds; `close` is White's value before, when the
    /// choice to place them was just made.
    fn place_two(&mut self, pos: &Position, close: Option<i32>) -> Plan {
        let mut candidates: Vec<Vec<Point>> = Vec::new();
        let near = near_points(pos, 3);
        for _ in 0..self.screened() * 2 {
            if candidates.len() >= self.screened() {
                break;
            }
            let mut stones = Vec::new();
            let mut after = pos.without_opening();
            while after.history().len() < 5 {
                let Some(&p) = near.choose(&mut self.rng) else {
                    break;
                };
                if after.play(p).is_err() {
                    break;
                }
                stones.push(p);
            }
            if after.history().len() == 5 && !candidates.contains(&stones) {
                candidates.push(stones);
            }
        }
        let (value, stones) = self
            .most_even_of(pos, candidates)
            .unwrap_or_else(|| (0, self.fallback_completion(pos, 5)));
        let reason = match close {
            Some(before) => msg!(
                "opening-why-place-two",
                value = signed(before),
                stones = points_text(&stones),
                balanced = signed(value)
            ),
            None => msg!(
                "opening-why-place-rest",
                stones = points_text(&stones),
                balanced = signed(value)
            ),
        };
        Plan {
            steps: stones.into_iter().map(Step::Move).collect(),
            reason,
            value: -value.abs(),
        }
    }

    /// Black's fifth moves in `pos` (four stones, Black to move) with their values for
    /// Black, best first, no two symmetrical, leaving out `taken` and points symmetrical to
    /// them; at least `want` of them when the board has that many.
    fn fifth_moves(&mut self, pos: &Position, taken: &[Point], want: usize) -> Vec<(Point, i32)> {
        let mut out: Vec<(Point, i32)> = Vec::new();
        let fits = |p: Point, out: &[(Point, i32)]| {
            pos.is_legal_fifth(p)
                && !taken.iter().any(|&q| q == p || symmetric(pos, p, q))
                && !out.iter().any(|&(q, _)| q == p || symmetric(pos, p, q))
        };
        for (p, v) in self.ranked_moves(pos) {
            if fits(p, &out) {
                out.push((p, v));
            }
        }
        if out.len() < want {
            for p in near_points(pos, 2) {
                if out.len() >= want || self.stop.is_stopped() {
                    break;
                }
                if !fits(p, &out) {
                    continue;
                }
                let Some(after) = played(pos, &[p]) else {
                    continue;
                };
                let v = self.value_for(&after, Side::Black);
                out.push((p, v));
            }
            out.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
        }
        out
    }

    /// Soosõrv: White's fourth move (the best of an analysis), then the number of offers.
    fn fourth_and_offers(&mut self, pos: &Position) -> Plan {
        let ranked = self.ranked_moves(pos);
        let top = ranked.first().map_or(0, |&(_, v)| v);
        let best: Vec<(i32, Point)> = ranked
            .iter()
            .filter(|&&(_, v)| v >= top - EVEN_TOLERANCE)
            .map(|&(p, v)| (v, p))
            .collect();
        let fourth = best
            .choose(&mut self.rng)
            .map(|&(_, p)| p)
            .or_else(|| self.fallback_completion(pos, 4).first().copied());
        let Some(fourth) = fourth else {
            return self.declare_offers(pos);
        };
        let Some(after) = played(pos, &[fourth]) else {
            return self.declare_offers(pos);
        };
        let mut plan = self.declare_offers(&after);
        plan.steps.insert(0, Step::Move(fourth));
        plan
    }

    /// Soosõrv: how many fifth moves Black must offer, as White (four stones on the board).
    fn declare_offers(&mut self, pos: &Position) -> Plan {
        let fifths = self.fifth_moves(pos, &[], usize::from(MAX_OFFERS));
        let count = (1..=fifths.len().min(usize::from(MAX_OFFERS)))
            .min_by_key(|&n| fifths[n - 1].1.abs())
            .unwrap_or(1);
        let weakest = fifths.get(count - 1).map_or(0, |&(_, v)| v);
        let last = pos.last_move().map(|p| p.to_string()).unwrap_or_default();
        Plan {
            steps: vec![Step::Choice(Choice::Offers(count as u8))],
            reason: msg!(
                "opening-why-declare",
                point = last,
                count = count,
                value = signed(weakest)
            ),
            value: -weakest,
        }
    }

    /// Soosõrv's second swap, as Black: keep Black when the weakest of its best offers is
    /// still worth something to Black, else take White.
    fn second_swap(&mut self, pos: &Position) -> Plan {
        let count = usize::from(pos.opening().declared_offers().unwrap_or(1));
        let fifths = self.fifth_moves(pos, &[], count);
        let weakest = fifths
            .get(count.saturating_sub(1))
            .or(fifths.last())
            .map_or(0, |&(_, v)| v);
        let (side, key, value) = if weakest >= 0 {
            (Side::Black, "opening-why-keep-black", weakest)
        } else {
            (Side::White, "opening-why-take-white", -weakest)
        };
        Plan {
            steps: vec![Step::Choice(Choice::Take(side))],
            reason: msg!(key, count = count, value = signed(value)),
            value,
        }
    }

    /// Soosõrv: Black's offers, its best fifth moves not yet offered.
    fn offer(&mut self, pos: &Position, left: u8) -> Plan {
        let offered = pos.opening().offers();
        let fifths = self.fifth_moves(pos, &offered, usize::from(left));
        let chosen: Vec<(Point, i32)> = fifths.into_iter().take(usize::from(left)).collect();
        let weakest = chosen.last().map_or(0, |&(_, v)| v);
        let points: Vec<Point> = chosen.iter().map(|&(p, _)| p).collect();
        Plan {
            steps: points
                .iter()
                .map(|&p| Step::Choice(Choice::Offer(p)))
                .collect(),
            reason: msg!(
                "opening-why-offers",
                points = points_text(&points),
                value = signed(weakest)
            ),
            value: weakest,
        }
    }

    /// Soosõrv: White plays the offer worth most to White as the fifth move.
    fn pick_offer(&mut self, pos: &Position) -> Plan {
        let mut best: Option<(i32, Point)> = None;
        for p in pos.opening().offers() {
            let Some(after) = played(pos, &[p]) else {
                continue;
            };
            let value = self.value_for(&after, Side::White);
            if best.is_none_or(|(v, _)| value > v) {
                best = Some((value, p));
            }
        }
        let (value, p) = best.unwrap_or((0, Point::center(pos.size())));
        Plan {
            steps: vec![Step::Move(p)],
            reason: msg!(
                "opening-why-pick",
                point = p.to_string(),
                value = signed(value)
            ),
            value,
        }
    }
}

impl Position {
    /// Whether Black may play `p` as a fifth move (empty, on the board, not forbidden).
    fn is_legal_fifth(&self, p: Point) -> bool {
        p.x < self.size()
            && p.y < self.size()
            && self.stone_at(p).is_none()
            && self.forbidden_kind(p).is_none()
    }
}

/// `pos` after `stones` played as moves, ignoring the opening rule's turn order; `None`
/// when one is not legal.
fn played(pos: &Position, stones: &[Point]) -> Option<Position> {
    let mut after = pos.without_opening();
    for &p in stones {
        after.play(p).ok()?;
    }
    Some(after)
}

/// Empty points within `reach` of a stone, nearest the centre first.
fn near_points(pos: &Position, reach: u8) -> Vec<Point> {
    let stones: Vec<Point> = pos.history().to_vec();
    points_by_distance(pos.size())
        .into_iter()
        .filter(|&p| {
            pos.stone_at(p).is_none()
                && stones
                    .iter()
                    .any(|&s| s.x.abs_diff(p.x) <= reach && s.y.abs_diff(p.y) <= reach)
        })
        .collect()
}

/// Every point of a `size`×`size` board, nearest the centre first.
fn points_by_distance(size: u8) -> Vec<Point> {
    let c = Point::center(size);
    let mut all: Vec<Point> = (0..size)
        .flat_map(|y| (0..size).map(move |x| Point { x, y }))
        .collect();
    all.sort_by_key(|p| {
        let (dx, dy) = (p.x.abs_diff(c.x), p.y.abs_diff(c.y));
        (dx.max(dy), dx.min(dy), p.y, p.x)
    });
    all
}

/// A score as a value capped at ±[`VALUE_CAP`].
fn clamp(score: Score) -> i32 {
    score.value().clamp(-VALUE_CAP, VALUE_CAP)
}

/// "+12", "−3" as a message value.
fn signed(v: i32) -> String {
    format!("{v:+}")
}

/// "H8, I9, J10".
fn points_text(points: &[Point]) -> String {
    points
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// "I take White: …".
fn take_reason(side: Side, value: i32) -> Message {
    msg!(
        "opening-why-take",
        side = side,
        value = signed(value),
        other = side.other(),
        other_value = signed(-value)
    )
}

/// The Gomoku engine with the opening roles: [`Engine::decide`] takes the computer's steps
/// in an opening ([`OpeningPlayer::plan`]), one at a time, keeping the rest of its plan
/// for the next calls (the reason comes with the first step of a plan); everything else is
/// [`GomokuEngine`]'s.
#[derive(Default)]
pub struct OpeningEngine {
    inner: GomokuEngine,
    /// The steps still planned: each with the position it is for, the plan's reason (on its
    /// first step) and value.
    plan: Vec<(Position, GomokuStep, Option<Message>, i32)>,
}

impl OpeningEngine {
    /// A new engine.
    #[must_use]
    pub fn new() -> OpeningEngine {
        OpeningEngine::default()
    }
}

impl Engine<Position> for OpeningEngine {
    fn think(
        &mut self,
        pos: &Position,
        cfg: &AiConfig,
        stop: &StopFlag,
        on_info: &mut dyn FnMut(&SearchInfo<Point>),
    ) -> Option<Thought<Point>> {
        self.inner.think(pos, cfg, stop, on_info)
    }

    fn analyse(
        &mut self,
        pos: &Position,
        cfg: &AiConfig,
        stop: &StopFlag,
        on_update: &mut dyn FnMut(&Analysis<Point>),
    ) -> Option<Analysis<Point>> {
        self.inner.analyse(pos, cfg, stop, on_update)
    }

    fn decide(
        &mut self,
        pos: &Position,
        cfg: &AiConfig,
        stop: &StopFlag,
        on_info: &mut dyn FnMut(&SearchInfo<Point>),
    ) -> Option<Decision<Point, Choice>> {
        if !pos.in_opening() {
            let thought = self.inner.think(pos, cfg, stop, on_info)?;
            return Some(Decision {
                step: Step::Move(thought.best),
                reason: None,
                info: thought.info,
            });
        }
        if let Some(i) = self.plan.iter().position(|(at, ..)| at == pos) {
            let (_, step, reason, value) = self.plan.remove(i);
            return Some(decision(step, reason, value, SearchInfo::default()));
        }
        let mut player = OpeningPlayer::new(&mut self.inner, Effort::for_config(cfg), stop);
        let plan = player.plan(pos)?;
        let info = player.last.clone();
        on_info(&info);
        let mut at = pos.clone();
        self.plan.clear();
        for (i, &step) in plan.steps.iter().enumerate() {
            // The reason goes with the plan's first step: the rest carry it out.
            let reason = (i == 0).then(|| plan.reason.clone());
            self.plan.push((at.clone(), step, reason, plan.value));
            let ok = match step {
                Step::Move(p) => at.play(p).is_ok(),
                Step::Choice(c) => at.choose(c).is_ok(),
            };
            if !ok {
                break;
            }
        }
        let (_, step, reason, value) = self.plan.remove(0);
        Some(decision(step, reason, value, info))
    }

    fn clear(&mut self) {
        self.inner.clear();
        self.plan.clear();
    }
}

/// A decision whose report carries `value` as its score (the decider's point of view).
fn decision(
    step: GomokuStep,
    reason: Option<Message>,
    value: i32,
    mut info: SearchInfo<Point>,
) -> Decision<Point, Choice> {
    info.score = Score::Eval(value);
    info.pv.clear();
    if let Step::Move(p) = step {
        info.pv.push(p);
    }
    Decision { step, reason, info }
}
