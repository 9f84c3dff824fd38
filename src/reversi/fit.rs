//! Fits Hard's pattern evaluation ([`super::patterns`]) on recorded games, after Buro's
//! Logistello ("Experiments with Multi-ProbCut and a New High-Quality Evaluation Function for
//! Othello", 1997): every position of every game is a sample whose target is the game's final
//! disc differential for the side to move, and the weights of one game phase minimise the
//! squared error plus an L2 penalty (ridge), solved by conjugate gradients preconditioned with
//! the diagonal.
//!
//! Positions labelled by our own search ([`super::label`], as Buro, Edax and Egaroucid label
//! theirs) can replace or blend into the game result: with labels, a labelled position's target
//! is `λ × search + (1 − λ) × result` ([`FitOptions::search_weight`] = λ) and it counts
//! [`FitOptions::label_weight`] times in the squared error; [`FitOptions::labelled_only`] fits
//! on the labelled positions alone.
//!
//! Every [`FitOptions::holdout_every`]-th game is kept out of the fit, and the fitted weights'
//! error on those unseen games is reported ([`FitReport`]), against the game results and, on
//! their labelled positions, against the search labels.
//!
//! Deterministic: the same games and options give the same bytes whatever the thread count,
//! so `reversi-gomoku reversi fit-eval` reproduces `assets/reversi-eval.bin` exactly; the
//! file's header records the inputs ([`FitRecord`]).

use std::collections::HashMap;

use super::eval::features;
use super::notation::{game_transcripts, parse_transcript};
use super::patterns::{
    FitRecord, Layout, N_LINEAR, N_PHASES, OFFSETS, PATTERN_WEIGHTS, PATTERNS, PHASE_DISCS,
    PHASE_LEN, POW3, pattern_index, phase,
};
use super::position::Position;

/// Options of a fit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FitOptions {
    /// Conjugate-gradient iterations per phase.
    pub iterations: u32,
    /// Ridge penalty, as a number of phantom samples with target 0 per weight.
    pub ridge: f64,
    /// Every this-many-th game (the 10th, 20th, … with 10) is held out of the fit to measure
    /// its error on unseen games; 0 holds none out.
    pub holdout_every: u32,
    /// λ: a labelled position's target is λ × its search label + (1 − λ) × the game result
    /// (0..=1; unused without labels).
    pub search_weight: f64,
    /// How many times a labelled position counts in the squared error (weighted least
    /// squares; 1 = like any other position).
    pub label_weight: f64,
    /// Fit on the labelled positions only (the held-out error is still measured on every
    /// position of the held-out games).
    pub labelled_only: bool,
}

impl Default for FitOptions {
    /// The options of the shipped weights.
    fn default() -> Self {
        FitOptions {
            iterations: 60,
            ridge: 30.0,
            holdout_every: 10,
            search_weight: 0.0,
            label_weight: 1.0,
            labelled_only: false,
        }
    }
}

/// Pattern placements per position (all symmetric placements of the 11 patterns).
const N_INSTANCES: usize = 46;

/// One training position, compact (the 135 k WTHOR games give ≈ 7.8 M of them): its disc
/// count, canonical pattern indices (table offset included), linear feature values, the game's
/// final disc differential for the side to move (discs), its search label if it has one (NaN
/// otherwise), the fit's target, the sample's weight in the squared error, and (held-out
/// samples) whether a training game also reaches the position.
struct Sample {
    discs: u8,
    indices: [u32; N_INSTANCES],
    linear: [f32; N_LINEAR],
    result: f32,
    search: f32,
    target: f32,
    weight: f32,
    in_training: bool,
}

/// Search labels by `(player, opponent)` bitboards, in discs for the side to move
/// ([`super::label::parse_labels`]).
pub type Labels = HashMap<(u64, u64), i8>;

/// Why the games could not be read.
#[derive(Debug, thiserror::Error)]
pub enum FitError {
    /// A line's transcript is not a legal game.
    #[error("line {line}: {why}")]
    Game {
        /// 1-based line number in the games text.
        line: usize,
        /// What was wrong.
        why: String,
    },
}

/// The training and held-out samples of a games text.
struct Samples {
    train: Vec<Sample>,
    holdout: Vec<Sample>,
    train_games: u32,
    holdout_games: u32,
}

/// Reads games in the format of `tests/data/othello-games-2023-2025.txt`: one game per line,
/// the transcript ("f5d6…") first; `#` lines are comments. Every position with a legal move
/// becomes a sample labelled with the final disc differential (empties to the winner) for its
/// mover and its search label from `labels` if any, targeted and weighted as `opts` say; the
/// games numbered `k × holdout_every − 1` (0-based) go to the held-out set. With
/// `opts.labelled_only`, training positions without a label are left out.
fn samples(games: &str, labels: Option<&Labels>, opts: FitOptions) -> Result<Samples, FitError> {
    let holdout_every = opts.holdout_every;
    let layout = Layout::get();
    let canon = canonical_table(layout);
    let mut out = Samples {
        train: Vec::new(),
        holdout: Vec::new(),
        train_games: 0,
        holdout_games: 0,
    };
    // Labelled positions of the training games, and where those of the held-out games are.
    let mut train_labelled = std::collections::HashSet::new();
    let mut held_labelled = Vec::new();
    let every = holdout_every as usize;
    for (game, (line, transcript)) in game_transcripts(games).enumerate() {
        let err = |why: String| FitError::Game { line, why };
        let moves = parse_transcript(transcript).map_err(|e| err(e.to_string()))?;
        let mut pos = Position::new();
        let mut seen = Vec::with_capacity(64);
        for mv in moves {
            seen.push(pos);
            pos.play(mv).map_err(|e| err(e.to_string()))?;
        }
        let held = every > 0 && game % every == every - 1;
        let (set, count) = if held {
            (&mut out.holdout, &mut out.holdout_games)
        } else {
            (&mut out.train, &mut out.train_games)
        };
        *count += 1;
        let result = pos.final_score();
        for q in seen.into_iter().filter(|q| q.legal_squares() != 0) {
            let me = q.side_to_move();
            let diff = *result.get(me) as f32 - *result.get(me.other()) as f32;
            let (p, o) = (q.player(), q.opponent());
            let search = labels
                .and_then(|l| l.get(&(p, o)))
                .map_or(f32::NAN, |&v| f32::from(v));
            if opts.labelled_only && !held && search.is_nan() {
                continue;
            }
            let mut s = sample(layout, &canon, p, o, diff);
            if !search.is_nan() {
                let lambda = opts.search_weight as f32;
                s.search = search;
                s.target = lambda * search + (1.0 - lambda) * diff;
                s.weight = opts.label_weight as f32;
                if held {
                    held_labelled.push((set.len(), (p, o)));
                } else {
                    train_labelled.insert((p, o));
                }
            }
            set.push(s);
        }
    }
    for (i, key) in held_labelled {
        out.holdout[i].in_training = train_labelled.contains(&key);
    }
    Ok(out)
}

/// For every pattern weight index (offset included), the index of its canonical equivalent.
fn canonical_table(layout: &Layout) -> Vec<u32> {
    let mut t = vec![0u32; PATTERN_WEIGHTS];
    for (p, pattern) in PATTERNS.iter().enumerate() {
        for index in 0..POW3[pattern.squares.len()] {
            t[(OFFSETS[p] + index) as usize] = OFFSETS[p] + layout.canonical(p, index);
        }
    }
    t
}

/// One sample: the canonical index of every placement and the linear features of `(p, o)`.
fn sample(layout: &Layout, canon: &[u32], p: u64, o: u64, result: f32) -> Sample {
    let mut indices = [0u32; N_INSTANCES];
    debug_assert_eq!(layout.instances.len(), N_INSTANCES);
    for (slot, (number, squares)) in indices.iter_mut().zip(&layout.instances) {
        *slot = canon[(OFFSETS[*number] + pattern_index(squares, p, o)) as usize];
    }
    let mut linear = [1.0; N_LINEAR];
    for (l, f) in linear[1..].iter_mut().zip(features(p, o)) {
        *l = f as f32;
    }
    Sample {
        discs: (p | o).count_ones() as u8,
        indices,
        linear,
        result,
        search: f32::NAN,
        target: result,
        weight: 1.0,
        in_training: false,
    }
}

/// `Aᵀ W (A x)` for the samples' design matrix `A` (one row per sample: ones at its pattern
/// indices, then its linear features) and their weights `W`, plus `ridge` × x on the pattern
/// weights.
fn normal_product(samples: &[&Sample], n_pattern: usize, x: &[f64], ridge: f64) -> Vec<f64> {
    let mut out = vec![0.0f64; x.len()];
    for s in samples {
        let ax = predict(s, n_pattern, x) * f64::from(s.weight);
        for &i in &s.indices {
            out[i as usize] += ax;
        }
        for (k, v) in s.linear.iter().enumerate() {
            out[n_pattern + k] += ax * f64::from(*v);
        }
    }
    for (o, v) in out.iter_mut().zip(x).take(n_pattern) {
        *o += ridge * v;
    }
    out
}

/// The model's value for one sample with weights `w`.
fn predict(s: &Sample, n_pattern: usize, w: &[f64]) -> f64 {
    let lin: f64 = s
        .linear
        .iter()
        .zip(&w[n_pattern..])
        .map(|(x, w)| f64::from(*x) * w)
        .sum();
    s.indices.iter().map(|&i| w[i as usize]).sum::<f64>() + lin
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// Fits one phase's weights (pattern tables then linear terms, in discs) on `samples`: ridge
/// least squares solved by conjugate gradients on the normal equations, preconditioned by their
/// diagonal (occurrences per pattern weight, sum of squares per linear term).
fn fit_phase(samples: &[&Sample], opts: FitOptions) -> Vec<f64> {
    let n_pattern = PATTERN_WEIGHTS;
    let n = PHASE_LEN;
    let mut diagonal = vec![0.0f64; n];
    let mut r = vec![0.0f64; n];
    for s in samples {
        let weight = f64::from(s.weight);
        let target = f64::from(s.target) * weight;
        for &i in &s.indices {
            diagonal[i as usize] += weight;
            r[i as usize] += target;
        }
        for (k, x) in s.linear.iter().enumerate() {
            let x = f64::from(*x);
            diagonal[n_pattern + k] += weight * x * x;
            r[n_pattern + k] += target * x;
        }
    }
    for d in diagonal.iter_mut().take(n_pattern) {
        *d += opts.ridge;
    }
    let precondition = |r: &[f64]| -> Vec<f64> {
        r.iter()
            .zip(&diagonal)
            .map(|(r, d)| if *d > 0.0 { r / d } else { 0.0 })
            .collect()
    };
    let mut w = vec![0.0f64; n];
    let mut z = precondition(&r);
    let mut p = z.clone();
    let mut rz = dot(&r, &z);
    for _ in 0..opts.iterations {
        let ap = normal_product(samples, n_pattern, &p, opts.ridge);
        let pap = dot(&p, &ap);
        if pap <= 0.0 || rz <= 0.0 {
            break;
        }
        let alpha = rz / pap;
        for i in 0..n {
            w[i] += alpha * p[i];
            r[i] -= alpha * ap[i];
        }
        z = precondition(&r);
        let rz_next = dot(&r, &z);
        let beta = rz_next / rz;
        rz = rz_next;
        for i in 0..n {
            p[i] = z[i] + beta * p[i];
        }
    }
    w
}

/// Spreads canonical weights to every symmetric equivalent index and rounds them to
/// centi-discs.
fn expand(canon: &[u32], w: &[f64]) -> Vec<i16> {
    let centi = |x: f64| (x * 100.0).round().clamp(-32_000.0, 32_000.0) as i16;
    let mut out: Vec<i16> = canon.iter().map(|&c| centi(w[c as usize])).collect();
    out.extend(w[PATTERN_WEIGHTS..].iter().map(|&x| centi(x)));
    out
}

/// The residuals of a weights set on samples, in discs.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Residuals {
    /// Samples measured.
    pub positions: u64,
    /// Root mean squared error.
    pub rmse: f64,
    /// Mean absolute error.
    pub mae: f64,
}

/// The error of a weights set on the held-out games, in discs: against the game results on all
/// their positions and on those with 20..=50 discs (the opening and the last plies are noisy
/// and easy respectively), and against the search labels on their labelled positions that no
/// training game reaches (all and 20..=50 discs; none without labels: the openings, which
/// many games share, are left out of this measure).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct HoldoutErrors {
    /// Against the game results, all positions.
    pub result: Residuals,
    /// Against the game results, positions with 20..=50 discs.
    pub result_midgame: Residuals,
    /// Against the search labels, labelled positions not in any training game.
    pub search: Residuals,
    /// Against the search labels, labelled positions not in any training game, with 20..=50
    /// discs.
    pub search_midgame: Residuals,
}

/// What a fit did: the sizes of both game sets and the error of the fitted weights on the
/// games it saw (against the fit's targets) and on the held-out ones (in discs of final disc
/// differential).
#[derive(Clone, Debug, PartialEq)]
pub struct FitReport {
    /// Games fitted on.
    pub train_games: u32,
    /// Games held out.
    pub holdout_games: u32,
    /// Error on the training positions, against the fit's targets.
    pub train: Residuals,
    /// Error on all held-out positions, against the game results.
    pub holdout: Residuals,
    /// Error on the held-out positions with 20..=50 discs, against the game results.
    pub holdout_midgame: Residuals,
    /// Per phase: error on the held-out positions of that phase, against the game results.
    pub holdout_by_phase: Vec<Residuals>,
    /// Error on the held-out positions that have search labels and are not in any training
    /// game, against those labels (all, then 20..=50 discs).
    pub holdout_search: (Residuals, Residuals),
}

/// The value (centi-discs, as [`super::eval::evaluate`] computes it before its clamp) of one
/// sample under `phases`' rounded weights.
fn predict_shipped(phases: &[Vec<i16>], s: &Sample) -> i32 {
    let w = &phases[phase(u32::from(s.discs))];
    let patterns: i32 = s.indices.iter().map(|&i| i32::from(w[i as usize])).sum();
    let lin: i32 = s
        .linear
        .iter()
        .zip(&w[PATTERN_WEIGHTS..])
        .map(|(x, w)| *x as i32 * i32::from(*w))
        .sum();
    patterns + lin
}

/// The error of `phases` against `target` on the samples that `keep` accepts.
fn measure(
    phases: &[Vec<i16>],
    samples: &[Sample],
    keep: impl Fn(&Sample) -> bool,
    target: impl Fn(&Sample) -> f32,
) -> Residuals {
    let (mut n, mut sq, mut abs) = (0u64, 0.0f64, 0.0f64);
    for s in samples.iter().filter(|s| keep(s)) {
        let e =
            f64::from(predict_shipped(phases, s).clamp(-6399, 6399)) / 100.0 - f64::from(target(s));
        n += 1;
        sq += e * e;
        abs += e.abs();
    }
    let d = n.max(1) as f64;
    Residuals {
        positions: n,
        rmse: (sq / d).sqrt(),
        mae: abs / d,
    }
}

/// The errors of `phases` on held-out samples.
fn holdout_errors(phases: &[Vec<i16>], holdout: &[Sample]) -> HoldoutErrors {
    let mid = |s: &Sample| (20..=50).contains(&s.discs);
    let labelled = |s: &Sample| !s.search.is_nan() && !s.in_training;
    HoldoutErrors {
        result: measure(phases, holdout, |_| true, |s| s.result),
        result_midgame: measure(phases, holdout, mid, |s| s.result),
        search: measure(phases, holdout, labelled, |s| s.search),
        search_midgame: measure(phases, holdout, |s| labelled(s) && mid(s), |s| s.search),
    }
}

/// [`fit_with_labels`] without labels: the targets are the game results.
///
/// # Errors
/// [`FitError::Game`] naming the first line whose game is not legal.
pub fn fit(games: &str, opts: FitOptions) -> Result<(Vec<Vec<i16>>, FitReport), FitError> {
    fit_with_labels(games, None, opts)
}

/// Fits all [`N_PHASES`] phases on the games text: the weights file's contents and a report.
/// Each phase trains on the positions of its own [`PHASE_DISCS`] disc counts and of the
/// `PHASE_DISCS / 2` disc counts on either side, to smooth across phase boundaries. The phases
/// are fitted on all available cores (the result does not depend on how many).
///
/// Positions found in `labels` are targeted and weighted as `opts` say (see the module
/// documentation).
///
/// # Errors
/// [`FitError::Game`] naming the first line whose game is not legal.
pub fn fit_with_labels(
    games: &str,
    labels: Option<&Labels>,
    opts: FitOptions,
) -> Result<(Vec<Vec<i16>>, FitReport), FitError> {
    let layout = Layout::get();
    let canon = canonical_table(layout);
    let all = samples(games, labels, opts)?;
    let margin = PHASE_DISCS / 2;
    let fit_one = |ph: usize| {
        let chosen: Vec<&Sample> = all
            .train
            .iter()
            .filter(|s| {
                let d = u32::from(s.discs);
                (d.saturating_sub(margin)..=d + margin).any(|d| phase(d) == ph)
            })
            .collect();
        expand(&canon, &fit_phase(&chosen, opts))
    };
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(N_PHASES));
    let mut phases: Vec<Vec<i16>> = vec![Vec::new(); N_PHASES];
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let fit_one = &fit_one;
                scope.spawn(move || {
                    (t..N_PHASES)
                        .step_by(threads)
                        .map(|ph| (ph, fit_one(ph)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for h in handles {
            for (ph, w) in h.join().expect("a fitting thread panicked") {
                phases[ph] = w;
            }
        }
    });
    let held = holdout_errors(&phases, &all.holdout);
    let report = FitReport {
        train_games: all.train_games,
        holdout_games: all.holdout_games,
        train: measure(&phases, &all.train, |_| true, |s| s.target),
        holdout: held.result,
        holdout_midgame: held.result_midgame,
        holdout_by_phase: (0..N_PHASES)
            .map(|ph| {
                measure(
                    &phases,
                    &all.holdout,
                    |s| phase(u32::from(s.discs)) == ph,
                    |s| s.result,
                )
            })
            .collect(),
        holdout_search: (held.search, held.search_midgame),
    };
    Ok((phases, report))
}

/// The error of the given (e.g. the shipped) weights on the games that a fit with `opts` would
/// hold out: the same positions as [`FitReport::holdout`], [`FitReport::holdout_midgame`]
/// and [`FitReport::holdout_search`], for comparing two weight sets on unseen games.
///
/// # Errors
/// [`FitError::Game`] naming the first line whose game is not legal.
pub fn holdout_error(
    games: &str,
    labels: Option<&Labels>,
    opts: FitOptions,
    phases: &[Vec<i16>],
) -> Result<HoldoutErrors, FitError> {
    let all = samples(games, labels, opts)?;
    Ok(holdout_errors(phases, &all.holdout))
}

/// 64-bit FNV-1a of the games text: recorded in the weights file so that a test can tell
/// whether the shipped weights were fitted on the games in the repository.
#[must_use]
pub fn games_checksum(games: &str) -> u64 {
    games.bytes().fold(0xCBF2_9CE4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01B3)
    })
}

/// The record a fit of `games` with `opts` writes into the weights file's header; `labels`
/// is the text of the labels file used, if any.
#[must_use]
pub fn fit_record(
    games: &str,
    labels: Option<&str>,
    opts: FitOptions,
    report: &FitReport,
) -> FitRecord {
    let milli = |x: f64| (x * 1000.0).round() as u32;
    FitRecord {
        games_checksum: games_checksum(games),
        train_games: report.train_games,
        holdout_every: opts.holdout_every,
        iterations: opts.iterations,
        ridge_milli: milli(opts.ridge),
        labels_checksum: labels.map_or(0, games_checksum),
        search_weight_milli: labels.map_or(0, |_| milli(opts.search_weight)),
        label_weight_milli: labels.map_or(0, |_| milli(opts.label_weight)),
        labelled_only: labels.is_some() && opts.labelled_only,
    }
}
