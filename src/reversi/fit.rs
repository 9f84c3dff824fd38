//! Fits Hard's pattern evaluation ([`super::patterns`]) on recorded games, after Buro's
//! Logistello ("Experiments with Multi-ProbCut and a New High-Quality Evaluation Function for
//! Othello", 1997; Buro labelled positions with search values, we with game results): every
//! position of every game is a sample whose target is the game's final disc differential for
//! the side to move, and the weights of one game phase minimise the squared error plus an L2
//! penalty (ridge), solved by conjugate gradients preconditioned with the diagonal.
//!
//! Deterministic: the same games give the same bytes, so `reversi-gomoku reversi fit-eval`
//! reproduces `assets/reversi-eval.bin` exactly.

use super::eval::features;
use super::notation::parse_transcript;
use super::patterns::{
    Layout, N_LINEAR, N_PHASES, OFFSETS, PATTERN_WEIGHTS, PATTERNS, PHASE_LEN, POW3, pattern_index,
    phase,
};
use super::position::Position;

/// Options of a fit.
#[derive(Clone, Copy, Debug)]
pub struct FitOptions {
    /// Conjugate-gradient iterations per phase.
    pub iterations: u32,
    /// Ridge penalty, as a number of phantom samples with target 0 per weight.
    pub ridge: f64,
}

impl Default for FitOptions {
    fn default() -> Self {
        FitOptions {
            iterations: 40,
            ridge: 100.0,
        }
    }
}

/// One training position: its disc count, canonical pattern indices (table offset included),
/// linear feature values and target (final disc differential for the side to move, discs).
struct Sample {
    discs: u32,
    indices: Vec<u32>,
    linear: [f64; N_LINEAR],
    target: f64,
}

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

/// Reads games in the format of `tests/data/othello-games-2023-2025.txt`: one game per line,
/// the transcript ("f5d6…") first; `#` lines are comments. Returns every position with a legal
/// move, labelled with the final disc differential (empties to the winner) for its mover.
fn samples(games: &str) -> Result<Vec<Sample>, FitError> {
    let layout = Layout::get();
    let mut out = Vec::new();
    for (n, line) in games.lines().enumerate() {
        let Some(transcript) = line.split_whitespace().next() else {
            continue;
        };
        if transcript.starts_with('#') {
            continue;
        }
        let err = |why: String| FitError::Game { line: n + 1, why };
        let moves = parse_transcript(transcript).map_err(|e| err(e.to_string()))?;
        let mut pos = Position::new();
        let mut seen = Vec::with_capacity(64);
        for mv in moves {
            seen.push(pos);
            pos.play(mv).map_err(|e| err(e.to_string()))?;
        }
        let result = pos.final_score();
        for q in seen.into_iter().filter(|q| q.legal_squares() != 0) {
            let me = q.side_to_move();
            let target = f64::from(*result.get(me)) - f64::from(*result.get(me.other()));
            out.push(sample(layout, q.player(), q.opponent(), target));
        }
    }
    Ok(out)
}

/// One sample: the canonical index of every placement and the linear features of `(p, o)`.
fn sample(layout: &Layout, p: u64, o: u64, target: f64) -> Sample {
    let indices = layout
        .instances
        .iter()
        .map(|(number, squares)| {
            OFFSETS[*number] + layout.canonical(*number, pattern_index(squares, p, o))
        })
        .collect();
    let mut linear = [1.0; N_LINEAR];
    for (l, f) in linear[1..].iter_mut().zip(features(p, o)) {
        *l = f64::from(f);
    }
    Sample {
        discs: (p | o).count_ones(),
        indices,
        linear,
        target,
    }
}

/// `Aᵀ(A x)` for the samples' design matrix `A` (one row per sample: ones at its pattern
/// indices, then its linear features), plus `ridge` × x on the pattern weights.
fn normal_product(samples: &[&Sample], n_pattern: usize, x: &[f64], ridge: f64) -> Vec<f64> {
    let mut out = vec![0.0f64; x.len()];
    for s in samples {
        let ax = predict(s, n_pattern, x);
        for &i in &s.indices {
            out[i as usize] += ax;
        }
        for (k, v) in s.linear.iter().enumerate() {
            out[n_pattern + k] += ax * v;
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
        .map(|(x, w)| x * w)
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
        for &i in &s.indices {
            diagonal[i as usize] += 1.0;
            r[i as usize] += s.target;
        }
        for (k, x) in s.linear.iter().enumerate() {
            diagonal[n_pattern + k] += x * x;
            r[n_pattern + k] += s.target * x;
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
fn expand(layout: &Layout, w: &[f64]) -> Vec<i16> {
    let mut out = vec![0i16; PHASE_LEN];
    let centi = |x: f64| (x * 100.0).round().clamp(-32_000.0, 32_000.0) as i16;
    for (p, pattern) in PATTERNS.iter().enumerate() {
        let offset = OFFSETS[p];
        for index in 0..POW3[pattern.squares.len()] {
            let canonical = layout.canonical(p, index);
            out[(offset + index) as usize] = centi(w[(offset + canonical) as usize]);
        }
    }
    for k in PATTERN_WEIGHTS..PHASE_LEN {
        out[k] = centi(w[k]);
    }
    out
}

/// Fits all [`N_PHASES`] phases on the games text and returns the weights file's contents.
/// Each phase trains on the positions of its own 4 disc counts and of the 2 disc counts on
/// either side, to smooth across phase boundaries.
///
/// # Errors
/// [`FitError::Game`] naming the first line whose game is not legal.
pub fn fit(games: &str, opts: FitOptions) -> Result<Vec<Vec<i16>>, FitError> {
    let layout = Layout::get();
    let all = samples(games)?;
    let phases = (0..N_PHASES)
        .map(|ph| {
            let chosen: Vec<&Sample> = all
                .iter()
                .filter(|s| {
                    let lo = s.discs.saturating_sub(2);
                    (lo..=s.discs + 2).any(|d| phase(d) == ph)
                })
                .collect();
            expand(layout, &fit_phase(&chosen, opts))
        })
        .collect();
    Ok(phases)
}
