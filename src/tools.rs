//! Headless tools behind the command line: solving `.obf` positions and the bench signature.

use std::fmt::Write as _;
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use crate::arena::{
    Contender, GOMOKU_OPENINGS, REVERSI_OPENINGS, Score, gomoku_match, gomoku_opening,
    reversi_match,
};
use crate::core::{AiConfig, Engine, Level, StopFlag};
use crate::gomoku::{GomokuEngine, Rule};
use crate::reversi::fit::{FitOptions, fit};
use crate::reversi::patterns::weights_to_bytes;
use crate::reversi::{Move, Position, ReversiEngine, solve};

/// One solved position: exact (or fixed-depth) score for the side to move in discs, a best
/// move, nodes searched and wall time in seconds.
#[derive(Clone, Debug, PartialEq)]
pub struct Solved {
    /// Final disc differential for the side to move (exact unless a depth was given), −64..=64.
    pub score: i32,
    /// A move achieving it (`pass` when the side to move must pass, `--` when the game is over).
    pub best: String,
    /// Nodes visited.
    pub nodes: u64,
    /// Wall time in seconds.
    pub seconds: f64,
}

/// Solve `pos` exactly, or search it to `depth` plies when given.
#[must_use]
pub fn solve_position(pos: &Position, depth: Option<u32>) -> Solved {
    let start = Instant::now();
    let stop = StopFlag::new();
    let (score, best, nodes) = match depth {
        None => {
            let (score, best, nodes) = solve(pos, &stop);
            (score, best, nodes)
        }
        Some(d) if !pos.is_game_over() => {
            let cfg = AiConfig {
                level: Level::Hard,
                depth: d,
                time_ms: None,
                seed: Some(1),
            };
            let t = ReversiEngine::default().think(pos, &cfg, &stop, &mut |_| {});
            (t.info.score, Some(t.best), t.info.nodes)
        }
        Some(_) => solve(pos, &stop),
    };
    Solved {
        score,
        best: best.map_or_else(|| "--".to_string(), |m: Move| m.to_string()),
        nodes,
        seconds: start.elapsed().as_secs_f64(),
    }
}

/// Parse one `.obf` line: `None` for a blank or comment line (`%`, `#`).
///
/// # Errors
/// The position's parse error as a sentence.
pub fn parse_obf_line(line: &str) -> Result<Option<Position>, String> {
    let t = line.trim();
    if t.is_empty() || t.starts_with('%') || t.starts_with('#') {
        return Ok(None);
    }
    Position::from_obf(t).map(Some).map_err(|e| e.to_string())
}

/// `reversi-gomoku reversi solve --obf FILE [--depth N]`: one output line per position,
/// `<line number> <score> <best move> <nodes> <seconds>`; a malformed line stops with an
/// error naming it and a non-zero exit status.
#[must_use]
pub fn solve_obf_file(path: &Path, depth: Option<u32>) -> ExitCode {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("reversi-gomoku: cannot read {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
    };
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        match parse_obf_line(line) {
            Ok(None) => {}
            Ok(Some(pos)) => {
                let s = solve_position(&pos, depth);
                println!("{n} {:+} {} {} {:.3}", s.score, s.best, s.nodes, s.seconds);
            }
            Err(e) => {
                eprintln!(
                    "reversi-gomoku: {}:{n}: malformed position: {e}",
                    path.display()
                );
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}

/// `reversi fit-eval`: fits the pattern evaluation on the games file at `games` and writes the
/// weights atomically to `out`, printing the fit's time and size. Non-zero exit when the games
/// cannot be read or hold an illegal game (naming the line), or `out` cannot be written.
#[must_use]
pub fn fit_eval(games: &Path, out: &Path) -> ExitCode {
    let text = match std::fs::read_to_string(games) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("reversi-gomoku: cannot read {}: {e}", games.display());
            return ExitCode::FAILURE;
        }
    };
    let start = Instant::now();
    let weights = match fit(&text, FitOptions::default()) {
        Ok(w) => w,
        Err(e) => {
            eprintln!("reversi-gomoku: {}: {e}", games.display());
            return ExitCode::FAILURE;
        }
    };
    let bytes = weights_to_bytes(&weights);
    if let Err(e) = crate::persist::atomic::write_atomic(out, &bytes) {
        eprintln!("reversi-gomoku: cannot write {}: {e}", out.display());
        return ExitCode::FAILURE;
    }
    println!(
        "fitted {} phases in {:.1} s; wrote {} bytes to {}",
        weights.len(),
        start.elapsed().as_secs_f64(),
        bytes.len(),
        out.display()
    );
    ExitCode::SUCCESS
}

/// Settings of `reversi-gomoku match` besides the two contenders.
#[derive(Clone, Debug)]
pub struct MatchSpec {
    /// Which game.
    pub game: crate::app::GameKind,
    /// Gomoku rule name: "freestyle", "standard" or "renju".
    pub rule: String,
    /// Openings file (Reversi transcripts, or Gomocup `dx,dy` lines); built-in set when `None`.
    pub openings: Option<std::path::PathBuf>,
    /// Use only the first N openings.
    pub limit: Option<usize>,
    /// Print every game.
    pub verbose: bool,
}

/// Run a match and print `a vs b: W x / L y / D z (p%)`; non-zero exit on any error.
#[must_use]
pub fn run_match(a: &Contender, b: &Contender, spec: &MatchSpec) -> ExitCode {
    match play_match(a, b, spec) {
        Ok(score) => {
            println!("{a} vs {b}: {score}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("reversi-gomoku: match: {e}");
            ExitCode::FAILURE
        }
    }
}

fn play_match(a: &Contender, b: &Contender, spec: &MatchSpec) -> Result<Score, String> {
    let text = match &spec.openings {
        Some(p) => Some(std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()))?),
        None => None,
    };
    let lines: Vec<String> = match &text {
        Some(t) => t
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(String::from)
            .collect(),
        None => match spec.game {
            crate::app::GameKind::Reversi => {
                REVERSI_OPENINGS.iter().map(|s| (*s).to_string()).collect()
            }
            crate::app::GameKind::Gomoku => {
                GOMOKU_OPENINGS.iter().map(|s| (*s).to_string()).collect()
            }
        },
    };
    let limit = spec.limit.unwrap_or(usize::MAX);
    let verbose = spec.verbose;
    let log = |l: &str| {
        if verbose {
            println!("{l}");
        }
    };
    match spec.game {
        crate::app::GameKind::Reversi => {
            let openings = lines
                .iter()
                .take(limit)
                .map(|l| {
                    crate::reversi::parse_transcript(l).map_err(|e| format!("opening {l:?}: {e}"))
                })
                .collect::<Result<Vec<_>, _>>()?;
            reversi_match(a, b, &openings, log)
        }
        crate::app::GameKind::Gomoku => {
            let rule = match spec.rule.to_ascii_lowercase().as_str() {
                "freestyle" => Rule::Freestyle,
                "standard" => Rule::Standard,
                "renju" => Rule::Renju,
                other => {
                    return Err(format!(
                        "unknown rule {other:?}: freestyle, standard or renju"
                    ));
                }
            };
            // Lines that do not fit 15×15 are skipped, as match runners do.
            let openings: Vec<_> = lines
                .iter()
                .filter_map(|l| gomoku_opening(l, 15))
                .take(limit)
                .collect();
            gomoku_match(a, b, rule, &openings, log)
        }
    }
}

/// Reversi positions of the bench (transcripts from the start) and the fixed depth used.
const REVERSI_BENCH: [&str; 4] = [
    "f5d6c3d3c4f4f6f3e6e7",
    "f5f6e6f4e3c5c4d3c3d6",
    "f5d6c5f4e3c6d3f6e6d7e7c7c4f3",
    "c4e3f6e6f5c5f4g6f7d3",
];
const REVERSI_BENCH_DEPTH: u32 = 9;
/// Gomoku positions of the bench (Freestyle, moves from an empty 15×15 board) and depth.
const GOMOKU_BENCH: [&str; 3] = ["h8i9h9h10i8", "h8h9i8g8j8", "h8i7g9g7f10i9"];
const GOMOKU_BENCH_DEPTH: u32 = 5;

/// Fixed-depth searches over built-in positions of both games (one thread, fresh engines,
/// fixed seeds): returns a report whose total node count is the signature.
///
/// # Panics
/// If a built-in position fails to parse (a bug caught by the tests).
#[must_use]
pub fn bench() -> String {
    let mut report = String::new();
    let start = Instant::now();
    let mut total = 0u64;
    let stop = StopFlag::new();
    for t in REVERSI_BENCH {
        let moves = crate::reversi::parse_transcript(t).expect("built-in transcript");
        let pos = crate::reversi::notation::replay(&moves).expect("built-in transcript");
        let cfg = AiConfig {
            level: Level::Hard,
            depth: REVERSI_BENCH_DEPTH,
            time_ms: None,
            seed: Some(1),
        };
        let th = ReversiEngine::default().think(&pos, &cfg, &stop, &mut |_| {});
        total += th.info.nodes;
        let _ = writeln!(
            report,
            "reversi {t}: {} nodes, best {}",
            th.info.nodes, th.best
        );
    }
    for t in GOMOKU_BENCH {
        let pos = crate::persist::savegame::parse_gomoku_moves(t)
            .ok()
            .and_then(|pts| {
                let mut p = crate::gomoku::Position::new(15, Rule::Freestyle).ok()?;
                pts.iter().try_for_each(|&q| p.play(q).ok())?;
                Some(p)
            })
            .expect("built-in gomoku moves");
        let cfg = AiConfig {
            level: Level::Hard,
            depth: GOMOKU_BENCH_DEPTH,
            time_ms: None,
            seed: Some(1),
        };
        let th = GomokuEngine::default().think(&pos, &cfg, &stop, &mut |_| {});
        total += th.info.nodes;
        let _ = writeln!(
            report,
            "gomoku {t}: {} nodes, best {}",
            th.info.nodes, th.best
        );
    }
    let secs = start.elapsed().as_secs_f64();
    let _ = write!(
        report,
        "bench: {total} nodes in {secs:.3} s ({:.0} nodes/s)",
        total as f64 / secs.max(1e-9)
    );
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn obf_lines_parse_or_explain() {
        assert_eq!(parse_obf_line("  % comment"), Ok(None));
        assert_eq!(parse_obf_line(""), Ok(None));
        let start = "---------------------------OX------XO--------------------------- X;";
        assert_eq!(parse_obf_line(start), Ok(Some(Position::new())));
        assert!(parse_obf_line("XXXX X;").is_err());
    }

    #[test]
    fn solving_a_finished_position_reports_its_score() {
        // Black has every square: the game is over, Black to move "wins" by 64.
        let pos = Position::from_obf(&format!("{} X", "X".repeat(64))).unwrap();
        let s = solve_position(&pos, None);
        assert_eq!(s.score, 64);
        assert_eq!(s.best, "--");
    }
}
