//! Labels positions of recorded games with our own search, as targets for the evaluation fit
//! ([`super::fit`]): the practice of Buro's Logistello ("Experiments with Multi-ProbCut and a
//! New High-Quality Evaluation Function for Othello", 1997), Edax and Egaroucid, whose
//! evaluations are fitted on positions scored by a deeper search rather than on the (noisy)
//! results of the games they come from.
//!
//! `reversi-gomoku reversi label-positions` ([`label_positions`]) takes every
//! [`LabelOptions::every`]-th position of the games (counting, in file order, the positions
//! where the side to move has a move; a position already taken is not taken again), solves it
//! exactly when it has at most [`LabelOptions::exact_empties`] empty squares, and otherwise
//! searches it [`LabelOptions::depth`] plies with Hard's midgame search (negamax alpha-beta
//! with PVS and Multi-ProbCut, iterative deepening from depth 1, fresh tables per position).
//! The labels file ([`labels_text`], [`parse_labels`]) has one `<obf> <score>` line per
//! position: the board in Edax `.obf` notation (64 × `X`/`O`/`-`, space, side to move) and
//! the score in whole discs of final disc differential for the side to move.
//!
//! Deterministic: every position is searched alone on fresh tables, so the same games and
//! options give the same file whatever the thread count.

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

use crate::core::StopFlag;

use super::endgame::solve_body;
use super::eval::EVAL_SCALE;
use super::fit::FitError;
use super::notation::{game_transcripts, parse_transcript};
use super::position::Position;
use super::search::{INF, Searcher};
use super::tt::Tt;

/// Options of [`label_positions`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LabelOptions {
    /// Midgame search depth in plies (1..=30).
    pub depth: u32,
    /// Take every this-many-th position of the games (1: all of them).
    pub every: u32,
    /// Solve exactly (perfect play to the end) positions with at most this many empties.
    pub exact_empties: u32,
    /// Search threads (the output does not depend on them).
    pub threads: usize,
}

impl Default for LabelOptions {
    /// The options of `tests/data/othello-labels-wthor-d8.txt.xz`.
    fn default() -> Self {
        LabelOptions {
            depth: 8,
            every: 23,
            exact_empties: 16,
            threads: 1,
        }
    }
}

/// The positions [`label_positions`] labels, in file order: every `every`-th position with a
/// legal move (counted over all games), each distinct position once.
///
/// # Errors
/// [`FitError::Game`] naming the first line whose game is not legal.
pub fn select_positions(games: &str, every: u32) -> Result<Vec<Position>, FitError> {
    let every = u64::from(every.max(1));
    let mut seen: HashSet<(u64, u64)> = HashSet::new();
    let mut out = Vec::new();
    let mut counter = 0u64;
    for (line, transcript) in game_transcripts(games) {
        let err = |why: String| FitError::Game { line, why };
        let moves = parse_transcript(transcript).map_err(|e| err(e.to_string()))?;
        let mut pos = Position::new();
        for mv in moves {
            if pos.legal_squares() != 0 {
                if counter.is_multiple_of(every) && seen.insert((pos.player(), pos.opponent())) {
                    out.push(pos);
                }
                counter += 1;
            }
            pos.play(mv).map_err(|e| err(e.to_string()))?;
        }
    }
    Ok(out)
}

/// The label of one position: its exact score when it has at most `exact_empties` empties,
/// else its `depth`-ply midgame search value; whole discs for the side to move, −64..=64.
#[must_use]
pub fn label(pos: &Position, depth: u32, exact_empties: u32) -> i32 {
    let (p, o) = (pos.player(), pos.opponent());
    if pos.is_game_over() {
        return super::eval::final_score(p, o);
    }
    let stop = StopFlag::new();
    if pos.empties() <= exact_empties {
        let (mid, end) = (Tt::new(14), Tt::new(18));
        let mut s = Searcher::new(&mid, &end, &stop, None);
        return solve_body(&mut s, p, o).0;
    }
    let (mid, end) = (Tt::new(16), Tt::new(4));
    let mut s = Searcher::new(&mid, &end, &stop, None);
    let mut v = 0;
    for d in 1..=depth.max(1) {
        v = s.pvs(p, o, d, -INF, INF, false);
    }
    let r = if v >= 0 {
        (v + EVAL_SCALE / 2) / EVAL_SCALE
    } else {
        (v - EVAL_SCALE / 2) / EVAL_SCALE
    };
    r.clamp(-64, 64)
}

/// Labels the positions [`select_positions`] takes from `games` with [`label`], on
/// `opts.threads` threads; `progress(done, total)` is called after each position by the
/// thread that labelled it. Returns the positions with their scores, in selection order.
///
/// # Errors
/// [`FitError::Game`] naming the first line whose game is not legal.
pub fn label_positions(
    games: &str,
    opts: LabelOptions,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Vec<(Position, i32)>, FitError> {
    let positions = select_positions(games, opts.every)?;
    let threads = opts.threads.max(1);
    let total = positions.len();
    let done = std::sync::atomic::AtomicUsize::new(0);
    let mut scores = vec![0i32; total];
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let (positions, done) = (&positions, &done);
                scope.spawn(move || {
                    (t..total)
                        .step_by(threads)
                        .map(|i| {
                            let s = label(&positions[i], opts.depth, opts.exact_empties);
                            let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                            progress(n, total);
                            (i, s)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for h in handles {
            for (i, s) in h.join().expect("a labelling thread panicked") {
                scores[i] = s;
            }
        }
    });
    Ok(positions.into_iter().zip(scores).collect())
}

/// The labels file for `labelled`: `#` comment lines (`how` it was made and the format), then
/// one `<obf> <score>` line per position.
#[must_use]
pub fn labels_text(labelled: &[(Position, i32)], how: &str) -> String {
    let mut out = String::with_capacity(labelled.len() * 72 + 256);
    out.push_str(
        "# Positions of WTHOR games labelled by Hard's search (src/reversi/label.rs), made by\n",
    );
    let _ = writeln!(out, "#   {how}");
    out.push_str(
        "# <board: 64 x X/O/- from a1 to h8> <side to move> <score: final disc differential \
         for the side to move, exact or searched>\n",
    );
    for (pos, score) in labelled {
        let _ = writeln!(out, "{} {score}", pos.to_obf());
    }
    out
}

/// Parses a labels file ([`labels_text`]) into a map from `(player, opponent)` bitboards (side
/// to move first) to the score in discs for the side to move. `#` lines and blank lines are
/// skipped; a position listed twice keeps its last score.
///
/// # Errors
/// A message naming the 1-based line that is not `<obf> <score>` with a score in −64..=64.
pub fn parse_labels(text: &str) -> Result<HashMap<(u64, u64), i8>, String> {
    let mut out = HashMap::new();
    for (n, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let bad = |why: &str| format!("line {}: {why}", n + 1);
        let (board, score) = t
            .rsplit_once(' ')
            .ok_or_else(|| bad("expected `<obf> <score>`"))?;
        let pos = Position::from_obf(board).map_err(|e| bad(&e.to_string()))?;
        let score: i8 = score
            .parse()
            .ok()
            .filter(|s: &i8| (-64..=64).contains(s))
            .ok_or_else(|| bad("the score is not a whole number of discs in -64..=64"))?;
        out.insert((pos.player(), pos.opponent()), score);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAMES: &str = "# two games\n\
        f5d6c3d3c4f4f6f3e6e7d7b3e3d2g3h3d1c5f2e2e1f7f8g5h6h5g6g4c2c1e8c8d8g8b6f1b4a4h4b5g2h7c6a7a5a6a3a2b7h2h1g1h8g7b2b1a1a8b8c7\n\
        f5d6c3d3c4f4c5b3c2b4e3e6b6c6b5a6a5f6g6g4d7c8c7a4a3a2b7e7d8c1f3f2e2e1g3d2b8g5h5h3g2e8f1g1d1h1h2h6h4f8g8f7b2a8a7h8a1b1h7g7\n";

    #[test]
    fn selection_takes_every_nth_distinct_position() {
        let all = select_positions(GAMES, 1).expect("legal");
        // The two games share their first 6 positions (f5 d6 c3 d3 c4 f4).
        assert!(all.len() > 100 && all.len() < 120, "{}", all.len());
        let some = select_positions(GAMES, 7).expect("legal");
        assert!(some.len() >= all.len() / 7 - 2 && some.len() <= all.len() / 7 + 2);
        assert_eq!(some[0], Position::new());
        assert!(select_positions("f5f5\n", 3).is_err());
    }

    #[test]
    fn labels_round_trip_and_are_thread_independent() {
        let opts = LabelOptions {
            depth: 3,
            every: 5,
            exact_empties: 10,
            threads: 1,
        };
        let one = label_positions(GAMES, opts, &|_, _| {}).expect("legal");
        let two =
            label_positions(GAMES, LabelOptions { threads: 3, ..opts }, &|_, _| {}).expect("legal");
        assert_eq!(one, two);
        let text = labels_text(&one, "test");
        let back = parse_labels(&text).expect("parses");
        assert_eq!(back.len(), one.len());
        for (pos, score) in &one {
            assert_eq!(i32::from(back[&(pos.player(), pos.opponent())]), *score);
        }
        assert!(parse_labels("# c\n").expect("empty").is_empty());
        let e = parse_labels("# c\n")
            .and_then(|_| parse_labels("x 3\n"))
            .unwrap_err();
        assert!(e.starts_with("line 1:"), "{e}");
        let board = Position::new().to_obf();
        assert!(parse_labels(&format!("{board} 65\n")).is_err());
        assert!(parse_labels(&format!("{board} 2\n")).is_ok());
    }
}
