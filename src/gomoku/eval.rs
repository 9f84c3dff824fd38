//! Hard's evaluation: a learned value for every *pattern code* of an empty point.
//!
//! A point's pattern code for one side is the multiset of the 4 line patterns a stone of that
//! side would make there ([`Pattern`], 12 kinds → 1365 codes), as in Rapfi's classical
//! evaluation (its `pcode`). The evaluation of a position for the side to move is
//!
//! `Σ_empty points A[colour to move][code for the mover] − Σ_empty points B[other colour][code for the opponent]`
//!
//! kept incrementally by [`super::SearchBoard`] (only the points whose patterns change are
//! looked up again). `A` values the mover's points (it plays first), `B` the opponent's. One
//! table set serves Freestyle and Standard, one Renju (there Black and White differ: Black's
//! overlines, double fours and double threes are forbidden).
//!
//! The tables are fitted by logistic regression (Texel tuning, with a teacher's score as the
//! target instead of the game's result): over positions of recorded engine games, the
//! evaluation divided by a fixed scale per rule class ([`FIT_SCALE`]) predicts the winning
//! rate a stronger engine's search gave the position (`tests/data/gomoku-positions.txt.xz`:
//! 98 689 positions with Rapfi's 20 000-node scores, 5 000-node ones for the unproven
//! Freestyle positions and for those of Rapfi's self-play; 41 808 of them fitted — mates are
//! left out, and so are the positions of every tenth game; see its header). The teacher's
//! depth is chosen by matches, not by the fit's loss: in Freestyle the 5 000-node scores made
//! Hard stronger than the 2 000, 10 000, 20 000 and 200 000-node ones. Each rule class is
//! fitted on its own positions: Adam runs 3 000 steps (`STEPS`) with an L2 pull towards
//! hand-set values (the pattern values and threat bonuses Hard used before), which keeps
//! rarely seen codes sensible; the pull's strength is chosen per class on the held-out
//! positions (Renju's no weaker than `MIN_L2` allows), and a class keeps the hand-set values
//! when no fit predicts those better. Run
//! `reversi-gomoku gomoku fit-eval --positions tests/data/gomoku-positions.txt.xz --out
//! assets/gomoku-eval.bin`; the shipped file is that fit (a test checks it).

use std::sync::OnceLock;

use super::board::side_index;
use super::pattern::Pattern;
use super::rule::Rule;
use super::search_board::level;

/// Number of [`Pattern`] kinds.
const NPATTERN: usize = Pattern::ALL.len();
/// Number of pattern codes: multisets of 4 of the 12 [`Pattern`] kinds.
pub const NPCODE: usize = 1365;
/// The code of a point with no pattern on any line (its value is fixed at 0).
pub(crate) const PCODE_NONE: u16 = 0;

/// Table kinds: the side to move's points, the opponent's.
const KIND_MOVER: usize = 0;
const KIND_OPPONENT: usize = 1;

/// Values of one rule class: `[colour][kind][code]`.
pub type Tables = [[[i16; NPCODE]; 2]; 2];

/// The weights file: `GEV1`, then the Freestyle/Standard tables and the Renju tables, each
/// `[colour: black, white][kind: mover, opponent][code]` as little-endian `i16`.
const MAGIC: &[u8; 4] = b"GEV2";
const FILE_LEN: usize = 4 + 2 * 2 * 2 * NPCODE * 2;

const SHIPPED: &[u8] = include_bytes!("../../assets/gomoku-eval.bin");

/// Entries of the [`code_table`]: one per ordered quadruple of pattern kinds.
pub(crate) const CODE_TABLE_LEN: usize = NPATTERN.pow(4);

/// Index into the code table of a pattern quadruple `p0, p1, p2, p3` (any order), in base 12.
#[inline]
fn quad_index(p: [usize; 4]) -> usize {
    ((p[0] * NPATTERN + p[1]) * NPATTERN + p[2]) * NPATTERN + p[3]
}

/// The dense pattern code of every ordered quadruple of pattern kinds (see [`quad_index`]):
/// every ordering of the same four kinds has the same code.
pub(crate) fn code_table() -> &'static [u16; CODE_TABLE_LEN] {
    static T: OnceLock<Box<[u16; CODE_TABLE_LEN]>> = OnceLock::new();
    T.get_or_init(|| {
        let mut t = Box::new([0u16; CODE_TABLE_LEN]);
        let mut next = 0u16;
        for a in 0..NPATTERN {
            for b in 0..=a {
                for c in 0..=b {
                    for d in 0..=c {
                        let code = next;
                        next += 1;
                        // Every ordering of the four maps to the same code.
                        for p in permutations([a, b, c, d]) {
                            t[quad_index(p)] = code;
                        }
                    }
                }
            }
        }
        debug_assert_eq!(usize::from(next), NPCODE);
        t
    })
}

fn permutations(v: [usize; 4]) -> Vec<[usize; 4]> {
    let mut out = Vec::with_capacity(24);
    for i in 0..4 {
        for j in 0..4 {
            for k in 0..4 {
                for l in 0..4 {
                    if i != j && i != k && i != l && j != k && j != l && k != l {
                        out.push([v[i], v[j], v[k], v[l]]);
                    }
                }
            }
        }
    }
    out
}

/// The pattern code of a point whose 4 line patterns are `pats`.
#[inline]
#[must_use]
pub(crate) fn pcode(pats: &[Pattern; 4]) -> u16 {
    pcode_in(code_table(), pats)
}

/// [`pcode`] with the [`code_table`] passed in (hot loops hold it).
#[inline]
#[must_use]
pub(crate) fn pcode_in(table: &[u16; CODE_TABLE_LEN], pats: &[Pattern; 4]) -> u16 {
    table[quad_index([
        pats[0] as usize,
        pats[1] as usize,
        pats[2] as usize,
        pats[3] as usize,
    ])]
}

/// The 4 patterns of each code (sorted, strongest first).
pub(crate) fn code_patterns() -> &'static [[Pattern; 4]; NPCODE] {
    static T: OnceLock<Box<[[Pattern; 4]; NPCODE]>> = OnceLock::new();
    T.get_or_init(|| {
        let mut out = Box::new([[Pattern::None; 4]; NPCODE]);
        let all = Pattern::ALL;
        for a in 0..NPATTERN {
            for b in 0..=a {
                for c in 0..=b {
                    for d in 0..=c {
                        let pats = [all[a], all[b], all[c], all[d]];
                        out[usize::from(pcode(&pats))] = pats;
                    }
                }
            }
        }
        out
    })
}

/// Value of one line pattern in the hand-set evaluation.
const PATTERN_VALUE: [i32; NPATTERN] = [0, 0, 0, 2, 6, 6, 20, 26, 120, 120, 1000, 0];

/// The threat level (see [`level`]) and hand-set value of a point with these patterns, and
/// whether Renju could forbid it to Black (overline, two fours or two open threes, no five).
#[must_use]
pub(crate) fn summarize(pats: &[Pattern; 4]) -> (u8, i32, bool) {
    let mut value = 0;
    let mut fours = 0;
    let mut threes = 0;
    let mut five = false;
    let mut flex = false;
    let mut overline = false;
    for &p in pats {
        value += PATTERN_VALUE[p as usize];
        match p {
            Pattern::Five => five = true,
            Pattern::Overline => overline = true,
            Pattern::OpenFour | Pattern::DoubleFour => {
                flex = true;
                fours += p.four_count();
            }
            Pattern::Four => fours += 1,
            Pattern::OpenThree => threes += 1,
            _ => {}
        }
    }
    let lvl = if five {
        level::FIVE
    } else if flex || fours >= 2 {
        level::FLEX_FOUR
    } else if fours == 1 && threes >= 1 {
        level::FOUR_THREE
    } else if fours == 1 {
        level::FOUR
    } else if threes >= 2 {
        level::DOUBLE_THREE
    } else if threes == 1 {
        level::THREE
    } else {
        level::NONE
    };
    value += match lvl {
        level::FLEX_FOUR => 150,
        level::FOUR_THREE => 100,
        level::DOUBLE_THREE => 60,
        _ => 0,
    };
    (lvl, value, !five && (overline || fours >= 2 || threes >= 2))
}

/// What a stone of one side makes at a point of pattern code `code`: its threat level,
/// hand-set value and whether Renju could forbid it to Black: [`summarize`], looked up by code
/// instead of recomputed.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct CodeSummary {
    /// Threat level, see [`level`].
    pub level: u8,
    /// Hand-set value (evaluation units).
    pub value: i32,
    /// Renju could forbid the point to Black (see [`summarize`]).
    pub maybe_forbidden: bool,
}

/// [`CodeSummary`] of every pattern code.
#[must_use]
pub(crate) fn code_summaries() -> &'static [CodeSummary; NPCODE] {
    static T: OnceLock<Box<[CodeSummary; NPCODE]>> = OnceLock::new();
    T.get_or_init(|| {
        let mut out = Box::new([CodeSummary::default(); NPCODE]);
        for (code, pats) in code_patterns().iter().enumerate() {
            let (level, value, maybe_forbidden) = summarize(pats);
            out[code] = CodeSummary {
                level,
                value,
                maybe_forbidden,
            };
        }
        out
    })
}

/// The hand-set value of `code` for a table kind: the mover's points count 6/5 of the
/// opponent's (the evaluation Hard used before the fit); the prior of the fit.
fn prior(code: usize, kind: usize) -> f64 {
    let v = f64::from(summarize(&code_patterns()[code]).1);
    if kind == KIND_MOVER { v * 1.2 } else { v }
}

/// The evaluation weights of both rule classes.
pub struct Weights {
    /// Freestyle and Standard.
    pub gomoku: Box<Tables>,
    /// Renju.
    pub renju: Box<Tables>,
}

impl Weights {
    /// The hand-set values (what the fit starts from).
    #[must_use]
    pub fn prior() -> Weights {
        let mut t = Box::new([[[0i16; NPCODE]; 2]; 2]);
        for colour in t.iter_mut() {
            for (kind, table) in colour.iter_mut().enumerate() {
                for (code, v) in table.iter_mut().enumerate().skip(1) {
                    *v = prior(code, kind).round().clamp(-32_000.0, 32_000.0) as i16;
                }
            }
        }
        Weights {
            gomoku: t.clone(),
            renju: t,
        }
    }

    /// The tables of `rule`.
    #[must_use]
    pub fn tables(&self, rule: Rule) -> &Tables {
        if rule == Rule::Renju {
            &self.renju
        } else {
            &self.gomoku
        }
    }

    /// The weights file's bytes (see the module docs).
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(FILE_LEN);
        out.extend_from_slice(MAGIC);
        for t in [&self.gomoku, &self.renju] {
            for colour in t.iter() {
                for table in colour {
                    for v in table {
                        out.extend_from_slice(&v.to_le_bytes());
                    }
                }
            }
        }
        out
    }

    /// Weights read from a file's bytes; `None` when it is not a weights file.
    #[must_use]
    pub fn from_bytes(bytes: &[u8]) -> Option<Weights> {
        if bytes.len() != FILE_LEN || &bytes[..4] != MAGIC {
            return None;
        }
        let mut vals = bytes[4..]
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]));
        let mut read = || {
            let mut t = Box::new([[[0i16; NPCODE]; 2]; 2]);
            for colour in t.iter_mut() {
                for table in colour.iter_mut() {
                    for v in table.iter_mut() {
                        *v = vals.next().unwrap_or(0);
                    }
                }
            }
            t
        };
        let gomoku = read();
        let renju = read();
        Some(Weights { gomoku, renju })
    }
}

/// The shipped weights (`assets/gomoku-eval.bin`), read once.
pub(crate) fn shipped() -> &'static Weights {
    static W: OnceLock<Weights> = OnceLock::new();
    // A missing or damaged file (only while bootstrapping a fit) falls back to the hand-set
    // values; `tests/gomoku_eval.rs` checks that the shipped file is the fit.
    W.get_or_init(|| Weights::from_bytes(SHIPPED).unwrap_or_else(Weights::prior))
}

// ---------------------------------------------------------------------------------------
// Fitting

/// One training position: the moves that lead to it and a teacher's score for the side to
/// move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LabeledPosition {
    /// The rule it is played under.
    pub rule: Rule,
    /// The teacher's evaluation for the side to move, in units of [`TEACHER_SCALE`] per logit.
    pub score: i32,
    /// The moves from the empty board, Black first.
    pub moves: Vec<super::Point>,
}

/// Units per logit of the teacher's scores: Rapfi's evaluation maps to a winning rate as
/// `sigmoid(eval / 200)` (its `ScalingFactor`).
pub const TEACHER_SCALE: f64 = 200.0;
/// Scores beyond this are the teacher's proven wins and losses: such positions are left out
/// (the threat searches, not the evaluation, decide them).
const TEACHER_MATE: i32 = 10_000;

/// Reads a positions file: one position per line, `<rule> <score> <moves…>` with the rule
/// `freestyle`, `standard` or `renju`, the score an integer for the side to move after the
/// moves (in board notation, `h8 i9 …`); blank lines and lines starting with `#` are skipped.
///
/// # Errors
/// `LINE: why` for the first line that is not a position (an illegal move included).
pub fn parse_positions(text: &str) -> Result<Vec<LabeledPosition>, String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |why: String| format!("{}: {why}", n + 1);
        let mut it = line.split_whitespace();
        let name = it.next();
        let Some(rule) = name.and_then(Rule::from_lowercase_name) else {
            return Err(bad(format!("unknown rule {name:?}")));
        };
        let score = it
            .next()
            .and_then(|t| t.parse::<i32>().ok())
            .ok_or_else(|| bad("the score is not an integer".into()))?;
        let mut pos = super::Position::new(15, rule).map_err(|e| bad(e.to_string()))?;
        let mut moves = Vec::new();
        for t in it {
            let p: super::Point = t.parse().map_err(|e| bad(format!("{t}: {e}")))?;
            pos.play(p).map_err(|e| bad(format!("{t}: {e}")))?;
            moves.push(p);
        }
        out.push(LabeledPosition { rule, score, moves });
    }
    Ok(out)
}

/// Index of a weight in the fit's flat vector: rule class, colour, kind, code.
fn feature(class: usize, colour: usize, kind: usize, code: u16) -> usize {
    // Freestyle and Standard share one table for both colours.
    let colour = if class == 0 { 0 } else { colour };
    ((class * 2 + colour) * 2 + kind) * NPCODE + usize::from(code)
}

const NFEATURES: usize = 2 * 2 * 2 * NPCODE;

/// One training position: the target winning rate of the side to move and its features with
/// their counts (negative for the opponent's points, which the evaluation subtracts).
struct Sample {
    /// Rule class: 0 Freestyle and Standard, 1 Renju.
    class: usize,
    target: f64,
    features: Vec<(u32, f32)>,
}

/// Reference scale of the step size: at 300 evaluation units per logit, steps of
/// [`LEARNING_RATE`] units (proportionally more at the fitted scale).
const SCALE: f64 = 300.0;
/// The fitted tables' units, in evaluation units per logit of the teacher's winning rate, for
/// Freestyle/Standard and for Renju. The search's pruning margins are set in the same units, so
/// this is a search setting, chosen by matches (docs/gomoku-strength-log.md, "More teacher data").
/// Until 2026-11-27 it was the hand-set values' best logistic fit to both classes' positions
/// together, on a grid of 100·1.1^k; Renju keeps that last value, 100·1.1^15 ≈ 418: its own best
/// fit (505) and 345 each lost 43.6 % against it. Freestyle's tables fitted at 345 with the Rapfi
/// self-play positions won 58.9 % over 310 games.
pub const FIT_SCALE: [f64; 2] = [345.0, 417.724_816_941_565_6];
/// The strengths of the L2 pull towards the prior tried (at [`SCALE`] units per logit).
const L2_CANDIDATES: [f64; 5] = [1e-9, 1e-8, 1e-7, 1e-6, 1e-5];
/// Adam steps of the fit. At [`LEARNING_RATE`] Adam does not converge by then: stopped at
/// 1 500 steps it fits the training and the held-out positions better (cross-entropy 0.5809
/// and 0.5577 against 0.5882 and 0.5660), yet those tables lost to these, 61–75–4 in
/// Freestyle over 140 games (docs/gomoku-strength-log.md, "Pruning margins, line shapes and Rapfi's
/// extensions"). The held-out loss does not choose between fits; matches do.
const STEPS: usize = 3000;
/// The weakest L2 pull each rule class (Freestyle/Standard, Renju) may take. Renju's best
/// held-out fit (1e-8) beat the hand-set tables head to head but broke the ladder: it made
/// Black's open twos worth less than nothing (−27 instead of +7), and Hard@200 ms as Black
/// then filled the board to a draw or lost against Medium (12/2/2 and 11/3/2 over the 16
/// default games, 35/3/2 over 40 Piskvork games). At 1e-6 those values stay near the hand-set
/// ones: 16/0/0 and 39/0/1 against Medium, and 109–50–1 against the hand-set tables
/// (2026-11-26).
const MIN_L2: [f64; 2] = [0.0, 1e-6];
/// What one unit of [`L2_CANDIDATES`] and [`MIN_L2`] weighs against a class's mean
/// cross-entropy. Each class is fitted on its own positions since 2026-11-28; Renju's pull
/// keeps the weight it was chosen at, when it was set against the mean over both classes'
/// training positions (22 331, 8 868 of them Renju), so Renju's tables are the same fit (38
/// of its 5 460 values differ by one unit, from rounding). Refitted on the plain mean over
/// its own positions (and at 418.0), they lost 34.3 % and 44.7 % to the old ones (2026-11-28).
const PULL_UNIT: [f64; 2] = [1.0, 22_331.0 / 8_868.0];
const LEARNING_RATE: f64 = 6.0;

fn samples(positions: &[LabeledPosition]) -> Vec<Sample> {
    let mut out = Vec::new();
    for lp in positions {
        if lp.score.abs() >= TEACHER_MATE {
            continue;
        }
        let class = usize::from(lp.rule == Rule::Renju);
        let pos = super::Position::new(15, lp.rule).expect("15x15 fits every rule");
        let mut b = super::SearchBoard::from_position(&pos);
        for &m in &lp.moves {
            b.play_point(m);
        }
        let us = b.to_move;
        if b.five_count(us) > 0 || b.five_count(!us) > 0 {
            continue;
        }
        let mut counts = std::collections::BTreeMap::new();
        // The evaluation adds the mover's values and subtracts the opponent's.
        for idx in b.empty_points() {
            for (side, kind, sign) in [(us, KIND_MOVER, 1.0), (!us, KIND_OPPONENT, -1.0)] {
                let code = b.pcode(idx, side);
                if code != PCODE_NONE {
                    *counts
                        .entry(feature(class, side_index(side), kind, code) as u32)
                        .or_insert(0.0f32) += sign;
                }
            }
        }
        out.push(Sample {
            class,
            target: sigmoid(f64::from(lp.score) / TEACHER_SCALE),
            features: counts.into_iter().collect(),
        });
    }
    out
}

/// Adam on the cross-entropy of `train` summed and divided by `norm`, plus the pull `l2`
/// towards `prior_w`.
fn adam(
    train: &[&Sample],
    prior_w: &[f64],
    scale: f64,
    step_size: f64,
    l2: f64,
    norm: f64,
) -> Vec<f64> {
    let mut w = prior_w.to_vec();
    let (mut m, mut v) = (vec![0.0; NFEATURES], vec![0.0; NFEATURES]);
    let (b1, b2) = (0.9f64, 0.999f64);
    // The pull is set at SCALE units per logit; in the fitted units it is as strong.
    let l2 = l2 * (SCALE / scale).powi(2);
    for step in 1..=STEPS {
        let mut grad: Vec<f64> = (0..NFEATURES)
            .map(|f| 2.0 * l2 * (w[f] - prior_w[f]))
            .collect();
        for s in train {
            let e: f64 = s
                .features
                .iter()
                .map(|&(f, c)| w[f as usize] * f64::from(c))
                .sum();
            let g = (sigmoid(e / scale) - s.target) / scale / norm;
            for &(f, c) in &s.features {
                grad[f as usize] += g * f64::from(c);
            }
        }
        for f in 0..NFEATURES {
            if f % NPCODE == usize::from(PCODE_NONE) {
                continue;
            }
            m[f] = b1 * m[f] + (1.0 - b1) * grad[f];
            v[f] = b2 * v[f] + (1.0 - b2) * grad[f] * grad[f];
            let mh = m[f] / (1.0 - b1.powi(step as i32));
            let vh = v[f] / (1.0 - b2.powi(step as i32));
            w[f] -= step_size * mh / (vh.sqrt() + 1e-12);
        }
    }
    w
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Mean cross-entropy of `samples` under weights `w`, each rule class at its [`FIT_SCALE`].
fn loss(samples: &[Sample], w: &[f64]) -> f64 {
    let n = samples.len().max(1) as f64;
    (0..2)
        .map(|class| {
            let of_class = samples.iter().filter(|s| s.class == class);
            let count = of_class.clone().count() as f64;
            loss_of(of_class, w, FIT_SCALE[class]) * count / n
        })
        .sum()
}

/// [`loss`] over any selection of samples (0 for none).
fn loss_of<'a>(samples: impl Iterator<Item = &'a Sample>, w: &[f64], scale: f64) -> f64 {
    let (mut total, mut n) = (0.0, 0usize);
    for s in samples {
        n += 1;
        total += {
            let e: f64 = s
                .features
                .iter()
                .map(|&(f, c)| w[f as usize] * f64::from(c))
                .sum();
            let p = sigmoid(e / scale).clamp(1e-9, 1.0 - 1e-9);
            -(s.target * p.ln() + (1.0 - s.target) * (1.0 - p).ln())
        };
    }
    total / n.max(1) as f64
}

/// What a fit found: the weights and how well they predict.
pub struct FitReport {
    /// The fitted weights.
    pub weights: Weights,
    /// Training positions (held-out ones and proven results excluded).
    pub positions: usize,
    /// The strength of the pull towards the prior kept for Freestyle/Standard and for Renju
    /// (`None`: that class keeps the prior itself).
    pub l2: [Option<f64>; 2],
    /// Cross-entropy of the prior and of the fit on the training positions.
    pub train_loss: (f64, f64),
    /// The same on the held-out positions (those of every tenth game).
    pub test_loss: (f64, f64),
}

/// Fits the evaluation tables on `positions` (see the module docs). Deterministic: the same
/// positions give the same weights. The positions of every tenth game are held out to report
/// the loss on games the fit did not see (and to choose the pull towards the prior on them).
#[must_use]
pub fn fit(positions: &[LabeledPosition]) -> FitReport {
    let games = game_numbers(positions);
    let (train_set, test_set): (Vec<_>, Vec<_>) = positions
        .iter()
        .cloned()
        .zip(games)
        .partition(|(_, g)| g % 10 != 9);
    let strip = |v: Vec<(LabeledPosition, usize)>| v.into_iter().map(|g| g.0).collect::<Vec<_>>();
    let train = samples(&strip(train_set));
    let test = samples(&strip(test_set));
    let prior_w: Vec<f64> = (0..NFEATURES)
        .map(|f| {
            let code = f % NPCODE;
            let kind = (f / NPCODE) % 2;
            if code == usize::from(PCODE_NONE) {
                0.0
            } else {
                prior(code, kind)
            }
        })
        .collect();
    let mut w = prior_w.clone();
    let mut l2 = [None, None];
    // The rule classes share no weight, so each is fitted on its own positions.
    for (class, class_l2) in l2.iter_mut().enumerate() {
        let train_c: Vec<&Sample> = train.iter().filter(|s| s.class == class).collect();
        let test_c: Vec<&Sample> = test.iter().filter(|s| s.class == class).collect();
        if let Some((strength, fw)) = fit_class(class, &train_c, &test_c, &prior_w) {
            let range = class * 4 * NPCODE..(class + 1) * 4 * NPCODE;
            w[range.clone()].copy_from_slice(&fw[range]);
            *class_l2 = Some(strength);
        }
    }
    let mut weights = Weights::prior();
    for (class, t) in [(0, &mut weights.gomoku), (1, &mut weights.renju)] {
        for (colour, ct) in t.iter_mut().enumerate() {
            for (kind, table) in ct.iter_mut().enumerate() {
                for (code, x) in table.iter_mut().enumerate() {
                    let f = feature(class, colour, kind, code as u16);
                    *x = w[f].round().clamp(-32_000.0, 32_000.0) as i16;
                }
            }
        }
    }
    FitReport {
        weights,
        positions: train.len(),
        l2,
        train_loss: (loss(&train, &prior_w), loss(&train, &w)),
        test_loss: (loss(&test, &prior_w), loss(&test, &w)),
    }
}

/// Fits one rule class's weights on its own training positions at [`FIT_SCALE`]: Adam for
/// each strength of the pull towards the prior (one thread each; the result does not depend
/// on the thread count), keeping the one that predicts the class's held-out positions best.
/// Returns that strength and the weights, `None` when no fit beats the prior there.
fn fit_class(
    class: usize,
    train: &[&Sample],
    test: &[&Sample],
    prior_w: &[f64],
) -> Option<(f64, Vec<f64>)> {
    let scale = FIT_SCALE[class];
    let step_size = LEARNING_RATE * scale / SCALE;
    // The data term's weight against the pull: dividing it by more is the same as a stronger
    // pull (Adam ignores a constant factor on the gradient).
    let norm = train.len().max(1) as f64 * PULL_UNIT[class];
    let fits: Vec<(f64, Vec<f64>)> = std::thread::scope(|sc| {
        let runs: Vec<_> = L2_CANDIDATES
            .iter()
            .filter(|&&l2| l2 >= MIN_L2[class])
            .map(|&l2| sc.spawn(move || (l2, adam(train, prior_w, scale, step_size, l2, norm))))
            .collect();
        runs.into_iter()
            .map(|r| r.join().expect("a fit thread does not panic"))
            .collect()
    });
    let test_loss = |w: &[f64]| loss_of(test.iter().copied(), w, scale);
    let mut best = (test_loss(prior_w), None);
    for (strength, fw) in fits {
        let l = test_loss(&fw);
        if l < best.0 {
            best = (l, Some((strength, fw)));
        }
    }
    best.1
}

/// The game each position comes from, numbered from 0 in file order: a position starts a new
/// game unless it continues the one before (same rule, its moves extending that one's). The
/// positions of one game are alike, so holding out single positions would let the held-out
/// set repeat the training set and favour a fit that learns games by heart.
fn game_numbers(positions: &[LabeledPosition]) -> Vec<usize> {
    let mut game = 0;
    let mut out = Vec::with_capacity(positions.len());
    for (i, p) in positions.iter().enumerate() {
        if let Some(prev) = i.checked_sub(1).map(|j| &positions[j]) {
            let continues = prev.rule == p.rule
                && p.moves.len() > prev.moves.len()
                && p.moves.starts_with(&prev.moves);
            if !continues {
                game += 1;
            }
        }
        out.push(game);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_grouped_into_the_games_they_come_from() {
        let lp = |rule, moves: &str| LabeledPosition {
            rule,
            score: 0,
            moves: moves.split(' ').map(|m| m.parse().unwrap()).collect(),
        };
        let positions = [
            lp(Rule::Freestyle, "h8 i9 h9"),
            lp(Rule::Freestyle, "h8 i9 h9 h10"),
            lp(Rule::Freestyle, "h8 i9 h9 h10 g8 j8"),
            // Same opening, another game: it does not extend the line before.
            lp(Rule::Freestyle, "h8 i9 h9 h7"),
            // Same moves under another rule: another game.
            lp(Rule::Renju, "h8 i9 h9 h7 g8"),
            lp(Rule::Renju, "h8 i9 h9 h7 g8"),
        ];
        assert_eq!(game_numbers(&positions), [0, 0, 0, 1, 2, 3]);
    }

    #[test]
    fn pattern_codes_ignore_the_order_of_the_lines_and_are_dense() {
        let all = code_patterns();
        let mut seen = std::collections::HashSet::new();
        for (code, pats) in all.iter().enumerate() {
            assert_eq!(usize::from(pcode(pats)), code);
            let mut rev = *pats;
            rev.reverse();
            assert_eq!(usize::from(pcode(&rev)), code);
            assert!(seen.insert(*pats));
        }
        assert_eq!(seen.len(), NPCODE);
        assert_eq!(pcode(&[Pattern::None; 4]), PCODE_NONE);
        let a = [
            Pattern::Four,
            Pattern::None,
            Pattern::OpenThree,
            Pattern::Two,
        ];
        let b = [
            Pattern::Two,
            Pattern::OpenThree,
            Pattern::None,
            Pattern::Four,
        ];
        assert_eq!(pcode(&a), pcode(&b));
        assert_eq!(summarize(&a).0, level::FOUR_THREE);
    }

    #[test]
    fn weights_round_trip_and_bad_files_are_refused() {
        let w = Weights::prior();
        let bytes = w.to_bytes();
        assert_eq!(bytes.len(), FILE_LEN);
        assert_eq!(Weights::from_bytes(&bytes).unwrap().to_bytes(), bytes);
        assert!(Weights::from_bytes(&bytes[1..]).is_none());
        let mut wrong = bytes.clone();
        wrong[0] = b'X';
        assert!(Weights::from_bytes(&wrong).is_none());
        // The point with no pattern is worth nothing in every table.
        assert!(w.gomoku.iter().flatten().all(|t| t[0] == 0));
    }
}
