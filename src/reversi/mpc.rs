//! Multi-ProbCut (Buro, "ProbCut: An Effective Selective Extension of the Alpha-Beta
//! Algorithm", ICCA Journal 1995; "Experiments with Multi-ProbCut and a New High-Quality
//! Evaluation Function for Othello", 1997): a deep search's value `v(d)` is predicted from a
//! shallow one's, `v(d) ≈ v(d') + μ`, with a normal error of spread `σ`. At a null-window node
//! of depth `d`, if the shallow search shows `v(d') ≥ β − μ + t·σ` the node is cut as a
//! fail-high without the deep search (and likewise below α); `t` sets how sure the cut must be.
//!
//! `μ` and `σ` depend on the depth pair and the number of empty squares: both are fitted as
//! linear functions of the empties, per depth, by `reversi-gomoku reversi fit-mpc`
//! ([`fit_mpc`]) on positions of the WTHOR games searched to every depth without ProbCut; the
//! result ships as `assets/reversi-mpc.txt`.

use std::fmt::Write as _;
use std::sync::OnceLock;

use crate::core::StopFlag;

use super::notation::{game_transcripts, parse_transcript};
use super::position::Position;
use super::search::{INF, Searcher};
use super::tt::Tt;

/// ProbCut is tried from this depth up.
pub const MPC_MIN_DEPTH: u32 = 3;

/// The shallow depth checked for a search of `depth` plies: about a quarter of it, with the
/// same parity (so that both searches end on the same side's move, which keeps `μ` small).
#[must_use]
pub fn shallow_depth(depth: u32) -> u32 {
    (depth / 4) * 2 + (depth & 1)
}

/// Fitted parameters of one depth: `μ = mean_a + mean_b × empties`,
/// `σ = sd_a + sd_b × empties` (centi-discs).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DepthParams {
    /// Depth of the deep search.
    pub depth: u32,
    /// Intercept of the mean residual.
    pub mean_a: f64,
    /// Slope of the mean residual per empty square.
    pub mean_b: f64,
    /// Intercept of the residual's spread.
    pub sd_a: f64,
    /// Slope of the residual's spread per empty square.
    pub sd_b: f64,
    /// Positions the fit used.
    pub samples: u32,
}

/// The parameters of every fitted depth, in centi-discs, as integer tables for the search:
/// `(μ, σ)` per depth and empties.
pub struct MpcTable {
    /// `mu_sigma[depth][empties]`; depths past the last fitted one use its values.
    mu_sigma: Vec<[(i32, i32); 61]>,
}

/// Deepest depth with its own row in [`MpcTable`] (deeper searches use this row).
const TABLE_DEPTHS: usize = 64;

impl MpcTable {
    /// The table for the fitted `rows` (any order; depths below [`MPC_MIN_DEPTH`] ignored).
    /// `None` when no row is usable.
    #[must_use]
    pub fn new(rows: &[DepthParams]) -> Option<MpcTable> {
        let mut rows: Vec<&DepthParams> =
            rows.iter().filter(|r| r.depth >= MPC_MIN_DEPTH).collect();
        rows.sort_by_key(|r| r.depth);
        let first = *rows.first()?;
        let mut mu_sigma = vec![[(0, INF); 61]; TABLE_DEPTHS];
        for (d, table) in mu_sigma.iter_mut().enumerate() {
            let d = d as u32;
            if d < MPC_MIN_DEPTH {
                continue;
            }
            let r = rows
                .iter()
                .rev()
                .find(|r| r.depth <= d)
                .copied()
                .unwrap_or(first);
            for (e, slot) in table.iter_mut().enumerate() {
                let e = e as f64;
                let mu = r.mean_a + r.mean_b * e;
                let sd = (r.sd_a + r.sd_b * e).max(MIN_SIGMA);
                *slot = (mu.round() as i32, sd.round() as i32);
            }
        }
        Some(MpcTable { mu_sigma })
    }

    /// `(μ, σ)` in centi-discs for a search of `depth` plies with `empties` empty squares.
    #[inline]
    #[must_use]
    pub fn get(&self, depth: u32, empties: u32) -> (i32, i32) {
        self.mu_sigma[(depth as usize).min(TABLE_DEPTHS - 1)][(empties as usize).min(60)]
    }
}

/// Smallest spread used (centi-discs): a fit on few positions can come out too small.
const MIN_SIGMA: f64 = 50.0;

/// The shipped parameters (`assets/reversi-mpc.txt`), parsed once.
#[must_use]
pub fn shipped() -> &'static MpcTable {
    static TABLE: OnceLock<MpcTable> = OnceLock::new();
    TABLE.get_or_init(|| {
        let rows = parse_params(include_str!("../../assets/reversi-mpc.txt"))
            .expect("assets/reversi-mpc.txt is well-formed");
        MpcTable::new(&rows).expect("assets/reversi-mpc.txt has rows")
    })
}

/// Parses the parameters file: `#` comment lines, then one line per depth:
/// `depth shallow mean_a mean_b sd_a sd_b samples`.
///
/// # Errors
/// A message naming the 1-based line that does not hold those seven numbers, or whose shallow
/// depth is not [`shallow_depth`] of its depth.
pub fn parse_params(text: &str) -> Result<Vec<DepthParams>, String> {
    let mut rows = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = || {
            format!(
                "line {}: expected `depth shallow mean_a mean_b sd_a sd_b samples`",
                n + 1
            )
        };
        let f: Vec<&str> = line.split_whitespace().collect();
        if f.len() != 7 {
            return Err(bad());
        }
        let int = |s: &str| s.parse::<u32>().map_err(|_| bad());
        let num = |s: &str| {
            s.parse::<f64>()
                .ok()
                .filter(|x| x.is_finite())
                .ok_or_else(bad)
        };
        let depth = int(f[0])?;
        if int(f[1])? != shallow_depth(depth) {
            return Err(format!(
                "line {}: the shallow depth of {depth} is {}",
                n + 1,
                shallow_depth(depth)
            ));
        }
        rows.push(DepthParams {
            depth,
            mean_a: num(f[2])?,
            mean_b: num(f[3])?,
            sd_a: num(f[4])?,
            sd_b: num(f[5])?,
            samples: int(f[6])?,
        });
    }
    Ok(rows)
}

/// Positions for [`fit_mpc`]: from every `games.len() / count`-th game, the position with
/// `20 + (k × 7) mod 37` empties (20..=56, spread evenly over the midgame) when the side to
/// move has a move there.
fn fit_positions(games: &str, count: usize) -> Result<Vec<Position>, String> {
    let lines: Vec<(usize, &str)> = game_transcripts(games).collect();
    let step = (lines.len() / count.max(1)).max(1);
    let mut out = Vec::new();
    for (k, &(n, transcript)) in lines.iter().step_by(step).enumerate() {
        let err = |e: String| format!("line {n}: {e}");
        let moves = parse_transcript(transcript).map_err(|e| err(e.to_string()))?;
        let want = 20 + (k as u32 * 7) % 37;
        let mut pos = Position::new();
        for mv in moves {
            if pos.empties() == want {
                break;
            }
            pos.play(mv).map_err(|e| err(e.to_string()))?;
        }
        if pos.empties() == want && pos.legal_squares() != 0 {
            out.push(pos);
        }
        if out.len() == count {
            break;
        }
    }
    Ok(out)
}

/// Every depth's value (centi-discs, plain PVS without ProbCut, iterative deepening over one
/// table) of `pos` from 1 to `max_depth`.
fn values_by_depth(pos: &Position, max_depth: u32) -> Vec<i32> {
    let stop = StopFlag::new();
    let (mid, end) = (Tt::new(20), Tt::new(4));
    let mut s = Searcher::new(&mid, &end, &stop, None);
    s.probcut = false;
    (1..=max_depth)
        .map(|d| s.pvs(pos.player(), pos.opponent(), d, -INF, INF, false))
        .collect()
}

/// Least-squares line `y = a + b x` through the points.
fn line_fit(points: &[(f64, f64)]) -> (f64, f64) {
    let n = points.len() as f64;
    let (sx, sy) = points
        .iter()
        .fold((0.0, 0.0), |(sx, sy), (x, y)| (sx + x, sy + y));
    let (mx, my) = (sx / n, sy / n);
    let sxx: f64 = points.iter().map(|(x, _)| (x - mx) * (x - mx)).sum();
    let sxy: f64 = points.iter().map(|(x, y)| (x - mx) * (y - my)).sum();
    let b = if sxx > 0.0 { sxy / sxx } else { 0.0 };
    (my - b * mx, b)
}

/// Fits the ProbCut parameters of every depth from [`MPC_MIN_DEPTH`] to `max_depth` on
/// `count` positions of `games` (see [`fit_positions`]), searched on `threads` threads: for
/// each depth the residual `v(d) − v(shallow_depth(d))` is regressed on the empties (its
/// mean), and so is its absolute deviation from that mean, times √(π/2) (its standard
/// deviation, for normal errors). Deterministic for given inputs, whatever `threads`.
///
/// # Errors
/// A message naming the line of a game that is not legal.
pub fn fit_mpc(
    games: &str,
    count: usize,
    max_depth: u32,
    threads: usize,
) -> Result<Vec<DepthParams>, String> {
    let positions = fit_positions(games, count)?;
    let threads = threads.max(1);
    let mut values: Vec<Vec<i32>> = vec![Vec::new(); positions.len()];
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let positions = &positions;
                scope.spawn(move || {
                    (t..positions.len())
                        .step_by(threads)
                        .map(|i| (i, values_by_depth(&positions[i], max_depth)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for h in handles {
            for (i, v) in h.join().expect("a search thread panicked") {
                values[i] = v;
            }
        }
    });
    let mut rows = Vec::new();
    for depth in MPC_MIN_DEPTH..=max_depth {
        let ds = shallow_depth(depth);
        let residuals: Vec<(f64, f64)> = positions
            .iter()
            .zip(&values)
            .map(|(pos, v)| {
                let r = v[depth as usize - 1] - v[ds as usize - 1];
                (f64::from(pos.empties()), f64::from(r))
            })
            .collect();
        let (mean_a, mean_b) = line_fit(&residuals);
        let deviations: Vec<(f64, f64)> = residuals
            .iter()
            .map(|&(e, r)| {
                (
                    e,
                    (r - mean_a - mean_b * e).abs() * (std::f64::consts::PI / 2.0).sqrt(),
                )
            })
            .collect();
        let (sd_a, sd_b) = line_fit(&deviations);
        rows.push(DepthParams {
            depth,
            mean_a,
            mean_b,
            sd_a,
            sd_b,
            samples: residuals.len() as u32,
        });
    }
    Ok(rows)
}

/// The parameters file for `rows`, with a header saying how it was made.
#[must_use]
pub fn params_text(rows: &[DepthParams], how: &str) -> String {
    let mut out = String::new();
    out.push_str(
        "# Multi-ProbCut parameters of Hard's midgame search (src/reversi/mpc.rs), made by\n",
    );
    let _ = writeln!(out, "#   {how}");
    out.push_str(
        "# Residual r = v(depth) - v(shallow) of plain searches, centi-discs, on positions of\n\
         # WTHOR games: mean(r) = mean_a + mean_b * empties, sd(r) = sd_a + sd_b * empties.\n\
         # depth shallow mean_a mean_b sd_a sd_b samples\n",
    );
    for r in rows {
        let _ = writeln!(
            out,
            "{} {} {:.2} {:.4} {:.2} {:.4} {}",
            r.depth,
            shallow_depth(r.depth),
            r.mean_a,
            r.mean_b,
            r.sd_a,
            r.sd_b,
            r.samples
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shallow_depth_keeps_the_parity_and_is_about_a_quarter() {
        for d in MPC_MIN_DEPTH..40 {
            let s = shallow_depth(d);
            assert_eq!(s % 2, d % 2, "depth {d}");
            assert!(s >= 1 && s < d && s <= d / 2 + 1, "depth {d} → {s}");
        }
    }

    #[test]
    fn shipped_parameters_load_and_cover_every_depth() {
        let rows = parse_params(include_str!("../../assets/reversi-mpc.txt")).expect("parses");
        assert!(rows.len() >= 8, "fitted depths: {}", rows.len());
        let table = shipped();
        for depth in MPC_MIN_DEPTH..64 {
            for empties in 0..=60 {
                let (mu, sigma) = table.get(depth, empties);
                assert!(
                    sigma >= MIN_SIGMA as i32 && sigma < 2000,
                    "{depth}/{empties}: σ {sigma}"
                );
                assert!(mu.abs() < 500, "{depth}/{empties}: μ {mu}");
            }
        }
    }

    #[test]
    fn bad_parameter_lines_are_named() {
        assert_eq!(parse_params("# c\n\n").map(|r| r.len()), Ok(0));
        let e = parse_params("# c\n3 1 0 0 300 0 10\n5 3 0 0 x 0 10\n").unwrap_err();
        assert!(e.starts_with("line 3:"), "{e}");
        let e = parse_params("4 1 0 0 300 0 10\n").unwrap_err();
        assert!(e.contains("shallow depth of 4 is 2"), "{e}");
        assert!(parse_params("4 2 0 0 300 0\n").is_err());
        assert!(MpcTable::new(&[]).is_none());
    }

    /// The fit is a function of its inputs: the thread count does not change it, and it
    /// writes a file that parses back to what it fitted.
    #[test]
    fn a_small_fit_is_deterministic_and_round_trips() {
        let games = "# two games\n\
            f5d6c3d3c4f4f6f3e6e7d7b3e3d2g3h3d1c5f2e2e1f7f8g5h6h5g6g4c2c1e8c8d8g8b6f1b4a4h4b5g2h7c6a7a5a6a3a2b7h2h1g1h8g7b2b1a1a8b8c7\n\
            f5d6c3d3c4f4c5b3c2b4e3e6b6c6b5a6a5f6g6g4d7c8c7a4a3a2b7e7d8c1f3f2e2e1g3d2b8g5h5h3g2e8f1g1d1h1h2h6h4f8g8f7b2a8a7h8a1b1h7g7\n";
        let one = fit_mpc(games, 2, 5, 1).expect("legal");
        let two = fit_mpc(games, 2, 5, 2).expect("legal");
        assert_eq!(one, two);
        assert_eq!(one.iter().map(|r| r.depth).collect::<Vec<_>>(), [3, 4, 5]);
        let text = params_text(&one, "test");
        let back = parse_params(&text).expect("parses");
        assert_eq!(back.len(), 3);
        for (a, b) in one.iter().zip(&back) {
            assert_eq!(a.depth, b.depth);
            assert!((a.sd_a - b.sd_a).abs() < 0.01 && (a.mean_b - b.mean_b).abs() < 0.0001);
        }
    }
}
