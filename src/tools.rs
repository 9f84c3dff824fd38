//! Headless tools behind the command line: solving `.obf` positions and the bench signature.

use std::fmt::Write as _;
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use crate::arena::{
    Contender, ExternalLimits, GOMOKU_OPENINGS, REVERSI_OPENINGS, Score, gomoku_match,
    gomoku_opening, reversi_match,
};
use crate::core::{AiConfig, Engine, Level, StopFlag};
use crate::gomoku::{GomokuEngine, Rule};
use crate::protocol::excerpt;
use crate::reversi::book::build::BuildOptions;
use crate::reversi::fit::{
    FitOptions, HoldoutErrors, Residuals, fit_record, fit_with_labels, holdout_error,
};
use crate::reversi::label::LabelOptions;
use crate::reversi::patterns::{weights as weights_in_use, weights_to_bytes};
use crate::reversi::{Move, ParseError, Position, ReversiEngine, solve, solve_with_threads};

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

/// Solve `pos` exactly, or search it to `depth` plies when given, on `threads` threads.
#[must_use]
pub fn solve_position(pos: &Position, depth: Option<u32>, threads: u32) -> Solved {
    let start = Instant::now();
    let stop = StopFlag::new();
    let (score, best, nodes) = match depth {
        None => solve_with_threads(pos, &stop, threads),
        Some(d) if !pos.is_game_over() => {
            let cfg = fixed_depth_hard(d, threads);
            match ReversiEngine::default().think(pos, &cfg, &stop, &mut |_| {}) {
                Some(t) => (t.info.score.value(), Some(t.best), t.info.nodes),
                None => solve(pos, &stop), // cannot happen: the game is not over
            }
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
/// The position's parse error as a sentence; text it repeats from the line is cut to
/// [`crate::protocol::ECHO_CHARS`] characters.
pub fn parse_obf_line(line: &str) -> Result<Option<Position>, String> {
    let t = line.trim();
    if t.is_empty() || t.starts_with('%') || t.starts_with('#') {
        return Ok(None);
    }
    Position::from_obf(t).map(Some).map_err(|e| match e {
        ParseError::BadSide(side) => ParseError::BadSide(excerpt(&side)).to_string(),
        other => other.to_string(),
    })
}

/// Why an `.obf` file could not be read. The message does not name the line: see
/// [`ObfError::line`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ObfError {
    /// A line is not UTF-8 text.
    #[error("not UTF-8 text")]
    NotUtf8 {
        /// 1-based line number.
        line: usize,
    },
    /// A line is neither blank, a comment, nor a position.
    #[error("malformed position: {reason}")]
    Malformed {
        /// 1-based line number.
        line: usize,
        /// What is wrong, from [`parse_obf_line`].
        reason: String,
    },
    /// The file holds no position at all (it is empty, or only blank lines and comments).
    #[error("no positions (only blank lines and comments)")]
    NoPositions,
}

impl ObfError {
    /// The 1-based number of the offending line, when one is to blame.
    #[must_use]
    pub fn line(&self) -> Option<usize> {
        match self {
            ObfError::NotUtf8 { line } | ObfError::Malformed { line, .. } => Some(*line),
            ObfError::NoPositions => None,
        }
    }
}

/// Read the positions of an `.obf` file from its bytes: lines end with `\n` (a `\r` before it
/// is ignored), and each is blank, a comment (`%` or `#` first) or a position (see
/// [`parse_obf_line`]). Returns every position with its 1-based line number, in file order.
///
/// # Errors
/// The first line that is not UTF-8 or not a position ([`ObfError::NotUtf8`],
/// [`ObfError::Malformed`]), or [`ObfError::NoPositions`] when there is no position at all.
pub fn parse_obf(bytes: &[u8]) -> Result<Vec<(usize, Position)>, ObfError> {
    let mut positions = Vec::new();
    for (i, raw) in bytes.split(|&b| b == b'\n').enumerate() {
        let line = i + 1;
        let text = std::str::from_utf8(raw).map_err(|_| ObfError::NotUtf8 { line })?;
        match parse_obf_line(text) {
            Ok(None) => {}
            Ok(Some(pos)) => positions.push((line, pos)),
            Err(reason) => return Err(ObfError::Malformed { line, reason }),
        }
    }
    if positions.is_empty() {
        return Err(ObfError::NoPositions);
    }
    Ok(positions)
}

/// `reversi-gomoku reversi solve --obf FILE [--depth N] [--threads N]`: one output line per
/// position,
/// `<line number> <score> <best move> <nodes> <seconds>`. The whole file is read first: a
/// line that is not UTF-8 or not a position stops it, before anything is solved, with an error
/// naming the line (`FILE:LINE: …`) and a non-zero exit status; so does a file without any
/// position.
#[must_use]
pub fn solve_obf_file(path: &Path, depth: Option<u32>, threads: u32) -> ExitCode {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("reversi-gomoku: cannot read {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
    };
    let positions = match parse_obf(&bytes) {
        Ok(p) => p,
        Err(e) => {
            match e.line() {
                Some(n) => eprintln!("reversi-gomoku: {}:{n}: {e}", path.display()),
                None => eprintln!("reversi-gomoku: {}: {e}", path.display()),
            }
            return ExitCode::FAILURE;
        }
    };
    for (n, pos) in positions {
        let s = solve_position(&pos, depth, threads);
        println!("{n} {:+} {} {} {:.3}", s.score, s.best, s.nodes, s.seconds);
    }
    ExitCode::SUCCESS
}

/// Reads a game collection as text: plain, or xz-compressed when the name ends in `.xz`
/// (such as `tests/data/othello-games-wthor-1977-2025.txt.xz`, 135 642 games, 4.9 MB
/// compressed, 18 MB as text).
///
/// # Errors
/// A message naming the file when it cannot be read, is not valid xz, or is not UTF-8.
pub fn read_games_file(path: &Path) -> Result<String, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let bytes = if path.extension().is_some_and(|e| e == "xz") {
        let mut out = Vec::new();
        lzma_rs::xz_decompress(&mut bytes.as_slice(), &mut out)
            .map_err(|e| format!("{}: not a valid xz file: {e}", path.display()))?;
        out
    } else {
        bytes
    };
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "{}: not UTF-8 text (byte {})",
            path.display(),
            e.utf8_error().valid_up_to()
        )
    })
}

/// [`read_games_file`], the error printed to stderr.
fn games_or_report(games: &Path) -> Option<String> {
    read_games_file(games)
        .map_err(|e| eprintln!("reversi-gomoku: {e}"))
        .ok()
}

/// Writes `bytes` atomically to `out`; when that fails, prints why to stderr and returns
/// `false`.
fn write_or_report(out: &Path, bytes: &[u8]) -> bool {
    crate::persist::atomic::write_atomic(out, bytes)
        .map_err(|e| eprintln!("reversi-gomoku: cannot write {}: {e}", out.display()))
        .is_ok()
}

/// `reversi fit-eval`: fits the pattern evaluation on the games file at `games` with `opts`
/// (and the search labels of the file `labels`, when given; plain or `.xz`) and writes the
/// weights atomically to `out`, printing the fit's time, size and its error on the held-out
/// games next to the error of the weights in use (built in, or named by
/// [`crate::reversi::patterns::WEIGHTS_ENV`]) on the same games. Non-zero exit when the games
/// or labels cannot be read or hold an illegal game or a bad line (naming the line), or `out`
/// cannot be written.
#[must_use]
pub fn fit_eval(games: &Path, labels: Option<&Path>, out: &Path, opts: FitOptions) -> ExitCode {
    let Some(text) = games_or_report(games) else {
        return ExitCode::FAILURE;
    };
    let start = Instant::now();
    let labels_text = match labels.map(games_or_report) {
        None => None,
        Some(None) => return ExitCode::FAILURE,
        Some(Some(t)) => Some(t),
    };
    let label_map = match labels_text
        .as_deref()
        .map(crate::reversi::label::parse_labels)
        .transpose()
    {
        Ok(m) => m,
        Err(e) => {
            eprintln!(
                "reversi-gomoku: {}: {e}",
                labels.expect("labels given").display()
            );
            return ExitCode::FAILURE;
        }
    };
    let (weights, report) = match fit_with_labels(&text, label_map.as_ref(), opts) {
        Ok(w) => w,
        Err(e) => {
            eprintln!("reversi-gomoku: {}: {e}", games.display());
            return ExitCode::FAILURE;
        }
    };
    let bytes = weights_to_bytes(
        &weights,
        &fit_record(&text, labels_text.as_deref(), opts, &report),
    );
    if !write_or_report(out, &bytes) {
        return ExitCode::FAILURE;
    }
    println!(
        "fitted {} phases on {} games ({} positions) in {:.1} s; wrote {} bytes to {}",
        weights.len(),
        report.train_games,
        report.train.positions,
        start.elapsed().as_secs_f64(),
        bytes.len(),
        out.display()
    );
    let line = |what: &str, r: &Residuals| {
        println!(
            "{what}: {} positions, RMSE {:.2} discs, mean |error| {:.2} discs",
            r.positions, r.rmse, r.mae
        );
    };
    line("training games", &report.train);
    if report.holdout_games > 0 {
        line(
            &format!("{} held-out games", report.holdout_games),
            &report.holdout,
        );
        line("  of which 20-50 discs", &report.holdout_midgame);
        for (ph, r) in report.holdout_by_phase.iter().enumerate() {
            line(&format!("  phase {ph:2}"), r);
        }
        let search = |what: &str, r: &Residuals| {
            if r.positions > 0 {
                line(&format!("{what}, against the search labels"), r);
            }
        };
        search(
            "  their labelled positions not in training games",
            &report.holdout_search.0,
        );
        search("  of which 20-50 discs", &report.holdout_search.1);
        if let Ok(h) = holdout_error(&text, label_map.as_ref(), opts, weights_in_use()) {
            let HoldoutErrors {
                result,
                result_midgame,
                search: s_all,
                search_midgame,
            } = h;
            line("weights in use on the held-out games", &result);
            line("  of which 20-50 discs", &result_midgame);
            search("  their labelled positions not in training games", &s_all);
            search("  of which 20-50 discs", &search_midgame);
        }
    }
    ExitCode::SUCCESS
}

/// `reversi label-positions`: labels positions of the games file at `games` with Hard's
/// search ([`crate::reversi::label`]) and writes them atomically to `out`, printing the
/// progress about every 2 % and the speed. Non-zero exit when the games cannot be read or
/// hold an illegal game (naming the line), or `out` cannot be written.
#[must_use]
pub fn label_positions(games: &Path, out: &Path, opts: LabelOptions) -> ExitCode {
    let Some(text) = games_or_report(games) else {
        return ExitCode::FAILURE;
    };
    let start = Instant::now();
    let progress = |done: usize, total: usize| {
        if done == total || done.is_multiple_of((total / 50).max(1)) {
            let secs = start.elapsed().as_secs_f64();
            eprintln!(
                "labelled {done} of {total} positions in {secs:.0} s ({:.0} per second, about {:.0} s left)",
                done as f64 / secs,
                secs / done as f64 * (total - done) as f64
            );
        }
    };
    let labelled = match crate::reversi::label::label_positions(&text, opts, &progress) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("reversi-gomoku: {}: {e}", games.display());
            return ExitCode::FAILURE;
        }
    };
    let how = format!(
        "reversi-gomoku reversi label-positions --games {} --depth {} --every {} --exact-empties {}",
        games.display(),
        opts.depth,
        opts.every,
        opts.exact_empties
    );
    let body = crate::reversi::label::labels_text(&labelled, &how);
    if !write_or_report(out, body.as_bytes()) {
        return ExitCode::FAILURE;
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "labelled {} positions in {secs:.1} s ({:.0} per second); wrote {} bytes to {}",
        labelled.len(),
        labelled.len() as f64 / secs,
        body.len(),
        out.display()
    );
    ExitCode::SUCCESS
}

/// `reversi fit-mpc`: fits the ProbCut parameters on `positions` positions of the games file
/// searched to `depth` on `threads` threads, and writes them atomically to `out`. Non-zero
/// exit when the games cannot be read or hold an illegal game, or `out` cannot be written.
#[must_use]
pub fn fit_mpc(games: &Path, out: &Path, positions: usize, depth: u32, threads: usize) -> ExitCode {
    let Some(text) = games_or_report(games) else {
        return ExitCode::FAILURE;
    };
    let start = Instant::now();
    let rows = match crate::reversi::mpc::fit_mpc(&text, positions, depth, threads) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("reversi-gomoku: {}: {e}", games.display());
            return ExitCode::FAILURE;
        }
    };
    let how = format!(
        "reversi-gomoku reversi fit-mpc --games {} --positions {positions} --depth {depth}",
        games.display()
    );
    let text = crate::reversi::mpc::params_text(&rows, &how);
    if !write_or_report(out, text.as_bytes()) {
        return ExitCode::FAILURE;
    }
    print!("{text}");
    println!(
        "fitted {} depths in {:.1} s; wrote {}",
        rows.len(),
        start.elapsed().as_secs_f64(),
        out.display()
    );
    ExitCode::SUCCESS
}

/// `reversi build-book`: builds the opening book from the games file at `games` with `opts`
/// (see [`crate::reversi::book::build`]) and writes it atomically to `out`, printing the
/// progress about every 2 % and the book's size. Non-zero exit when the games cannot be read
/// or hold an illegal game (naming the line), the options are out of range, or `out` cannot
/// be written.
#[must_use]
pub fn build_book(games: &Path, out: &Path, opts: &BuildOptions) -> ExitCode {
    let text = match read_games_file(games) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("reversi-gomoku: {e}");
            return ExitCode::FAILURE;
        }
    };
    let start = Instant::now();
    let progress = |done: usize, total: usize| {
        if done == total || done.is_multiple_of((total / 50).max(1)) {
            let secs = start.elapsed().as_secs_f64();
            let left = secs / done as f64 * (total - done) as f64;
            println!(
                "analysed {done} of {total} positions in {:.0} s (about {:.0} s left)",
                secs, left
            );
        }
    };
    let book = match crate::reversi::book::build::build(&text, opts, &progress) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("reversi-gomoku: {}: {e}", games.display());
            return ExitCode::FAILURE;
        }
    };
    let bytes = book.to_bytes();
    if !write_or_report(out, &bytes) {
        return ExitCode::FAILURE;
    }
    println!(
        "built {} positions and {} moves in {:.1} s; wrote {} bytes to {}",
        book.entries().len(),
        book.move_count(),
        start.elapsed().as_secs_f64(),
        bytes.len(),
        out.display()
    );
    ExitCode::SUCCESS
}

/// `gomoku fit-eval`: fits Hard's pattern-code tables on the labelled positions file at
/// `games` and writes them atomically to `out`, printing the positions used and the loss
/// before and after (training positions, and every tenth held out). Non-zero exit when the
/// file cannot be read or holds an illegal move (naming the line), or `out` cannot be
/// written.
#[must_use]
pub fn gomoku_fit_eval(games: &Path, out: &Path) -> ExitCode {
    let Some(text) = games_or_report(games) else {
        return ExitCode::FAILURE;
    };
    let games_list = match crate::gomoku::eval::parse_positions(&text) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("reversi-gomoku: {}: {e}", games.display());
            return ExitCode::FAILURE;
        }
    };
    let start = Instant::now();
    let report = crate::gomoku::eval::fit(&games_list);
    let bytes = report.weights.to_bytes();
    if !write_or_report(out, &bytes) {
        return ExitCode::FAILURE;
    }
    println!(
        "read {} positions, fitted {} in {:.1} s, scale {:?} units per logit, L2 pull {:?}; \
         cross-entropy prior → fit: training {:.4} → {:.4}, held-out {:.4} → {:.4}; wrote {} bytes to {}",
        games_list.len(),
        report.positions,
        start.elapsed().as_secs_f64(),
        crate::gomoku::eval::FIT_SCALE,
        report.l2,
        report.train_loss.0,
        report.train_loss.1,
        report.test_loss.0,
        report.test_loss.1,
        bytes.len(),
        out.display()
    );
    ExitCode::SUCCESS
}

/// Settings of `reversi-gomoku match` besides the two contenders.
#[derive(Clone, Debug)]
pub struct MatchSpec {
    /// Which game.
    pub game: crate::core::GameKind,
    /// Gomoku rule name: "freestyle", "standard" or "renju".
    pub rule: String,
    /// Openings file (Reversi transcripts, or Gomocup `dx,dy` lines); built-in set when `None`.
    pub openings: Option<std::path::PathBuf>,
    /// Use only the first N openings.
    pub limit: Option<usize>,
    /// Print every game.
    pub verbose: bool,
    /// How long an external engine may take per move before it loses the game, in ms.
    pub engine_timeout_ms: u64,
    /// Milliseconds per move an external Gomocup engine is told (`INFO timeout_turn`).
    pub engine_move_ms: u64,
}

/// Run a match and print `a vs b: W x / L y / D z (p%)`, then each contender's move times
/// (count, average, maximum); non-zero exit on any error.
#[must_use]
pub fn run_match(a: &Contender, b: &Contender, spec: &MatchSpec) -> ExitCode {
    match play_match(a, b, spec) {
        Ok(score) => {
            println!("{a} vs {b}: {score}");
            if let Some(discs) = score.mean_discs() {
                println!("mean disc differential for {a}: {discs:+.2}");
            }
            let [ta, tb] = score.think_seconds_per_game();
            println!("thinking time per game: {a} {ta:.1} s, {b} {tb:.1} s");
            println!("  {a}: {}", score.times[0]);
            println!("  {b}: {}", score.times[1]);
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("reversi-gomoku: match: {e}");
            ExitCode::FAILURE
        }
    }
}

fn play_match(a: &Contender, b: &Contender, spec: &MatchSpec) -> Result<Score, String> {
    let limits = ExternalLimits {
        timeout: std::time::Duration::from_millis(spec.engine_timeout_ms),
        move_ms: spec.engine_move_ms,
    };
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
            crate::core::GameKind::Reversi => {
                REVERSI_OPENINGS.iter().map(|s| (*s).to_string()).collect()
            }
            crate::core::GameKind::Gomoku => {
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
        crate::core::GameKind::Reversi => {
            let openings = lines
                .iter()
                .take(limit)
                .map(|l| {
                    crate::reversi::parse_transcript(l).map_err(|e| format!("opening {l:?}: {e}"))
                })
                .collect::<Result<Vec<_>, _>>()?;
            reversi_match(a, b, &openings, limits, log)
        }
        crate::core::GameKind::Gomoku => {
            let rule = parse_rule(&spec.rule)?;
            // Lines that do not fit 15×15 are skipped, as match runners do.
            let openings: Vec<_> = lines
                .iter()
                .filter_map(|l| gomoku_opening(l, 15))
                .take(limit)
                .collect();
            gomoku_match(a, b, rule, &openings, limits, log)
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

/// The Gomoku rule named `name` (`freestyle`, `standard` or `renju`, any case); `Err` names
/// the choices.
fn parse_rule(name: &str) -> Result<Rule, String> {
    let name = name.to_ascii_lowercase();
    Rule::from_lowercase_name(&name)
        .ok_or_else(|| format!("unknown rule {name:?}: freestyle, standard or renju"))
}

/// Hard searching to `depth` plies on `threads` threads with a fixed seed and no time limit:
/// the same work on every run (for `threads` = 1).
fn fixed_depth_hard(depth: u32, threads: u32) -> AiConfig {
    AiConfig {
        level: Level::Hard,
        depth,
        time_ms: None,
        seed: Some(1),
        threads,
    }
}

/// The 15×15 position under `rule` after the Gomoku move list `moves` (as
/// [`crate::persist::parse_gomoku_moves`] reads it, Black first); `Err` names an unreadable
/// or illegal move.
fn gomoku_position(rule: Rule, moves: &str) -> Result<crate::gomoku::Position, String> {
    let points = crate::persist::parse_gomoku_moves(moves).map_err(|e| e.to_string())?;
    let mut pos = crate::gomoku::Position::new(15, rule).map_err(|e| e.to_string())?;
    for (i, p) in points.into_iter().enumerate() {
        pos.play(p)
            .map_err(|e| format!("move {} ({p}): {e}", i + 1))?;
    }
    Ok(pos)
}

/// `gomoku search`: Hard's search of the position after `moves` (point names such as `H8`,
/// from the empty 15×15 board, Black first) under the rule named `rule`, to `depth` plies,
/// one thread, fixed seed, no time limit. Prints the best move, score, depth, nodes and time
/// (so a profiler can count the work of a fixed search). Non-zero exit, naming the problem,
/// for an unknown rule, a bad point name, an illegal move or a finished game.
#[must_use]
pub fn gomoku_search(rule: &str, depth: u32, moves: &[String]) -> ExitCode {
    match gomoku_search_report(rule, depth, moves) {
        Ok(report) => {
            println!("{report}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("reversi-gomoku: {e}");
            ExitCode::FAILURE
        }
    }
}

fn gomoku_search_report(rule: &str, depth: u32, moves: &[String]) -> Result<String, String> {
    let pos = gomoku_position(parse_rule(rule)?, &moves.join(" "))?;
    let start = Instant::now();
    let th = GomokuEngine::default()
        .think(
            &pos,
            &fixed_depth_hard(depth, 1),
            &StopFlag::new(),
            &mut |_| {},
        )
        .ok_or("the game is over: nothing to search")?;
    Ok(format!(
        "best {} score {} depth {} nodes {} in {:.3} s",
        th.best,
        th.info.score.value(),
        th.info.depth,
        th.info.nodes,
        start.elapsed().as_secs_f64()
    ))
}

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
        let cfg = fixed_depth_hard(REVERSI_BENCH_DEPTH, 1);
        let th = ReversiEngine::default()
            .think(&pos, &cfg, &stop, &mut |_| {})
            .expect("the built-in positions are not finished games");
        total += th.info.nodes;
        let _ = writeln!(
            report,
            "reversi {t}: {} nodes, best {}",
            th.info.nodes, th.best
        );
    }
    for t in GOMOKU_BENCH {
        let pos = gomoku_position(Rule::Freestyle, t).expect("built-in gomoku moves");
        let cfg = fixed_depth_hard(GOMOKU_BENCH_DEPTH, 1);
        let th = GomokuEngine::default()
            .think(&pos, &cfg, &stop, &mut |_| {})
            .expect("the built-in positions are not finished games");
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
    fn a_fixed_depth_gomoku_search_reports_its_move_or_why_it_cannot() {
        let moves = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
        // White to move must block Black's four (H8–K8) at G8 or L8; L8 is taken by White.
        let report = gomoku_search_report("freestyle", 4, &moves("H8 L8 I8 A1 J8 A2 K8"))
            .expect("a position to search");
        assert!(report.starts_with("best G8 "), "{report}");
        assert!(report.contains(" depth "), "{report}");
        let err = |rule: &str, m: &str| gomoku_search_report(rule, 4, &moves(m)).unwrap_err();
        assert!(err("gomoku", "H8").contains("freestyle, standard or renju"));
        assert!(err("renju", "H8 Z99").contains("Z99"));
        assert!(err("renju", "H8 H8").contains("H8"));
        assert!(err("freestyle", "H8 A1 I8 A2 J8 A3 K8 A4 L8").contains("over"));
    }

    #[test]
    fn obf_lines_parse_or_explain() {
        assert_eq!(parse_obf_line("  % comment"), Ok(None));
        assert_eq!(parse_obf_line(""), Ok(None));
        let start = "---------------------------OX------XO--------------------------- X;";
        assert_eq!(parse_obf_line(start), Ok(Some(Position::new())));
        assert!(parse_obf_line("XXXX X;").is_err());
    }

    #[test]
    fn obf_files_name_the_bad_line_and_need_a_position() {
        let start = "---------------------------OX------XO--------------------------- X;";
        let file = format!("% two\r\n{start}\r\n\n# c\n{start}");
        let got = parse_obf(file.as_bytes()).unwrap();
        assert_eq!(got.iter().map(|p| p.0).collect::<Vec<_>>(), vec![2, 5]);
        assert!(got.iter().all(|p| p.1 == Position::new()));
        let mut bad = format!("{start}\n\n{start}\n").into_bytes();
        bad.extend_from_slice(b"\xff\n");
        assert_eq!(parse_obf(&bad), Err(ObfError::NotUtf8 { line: 4 }));
        assert_eq!(ObfError::NotUtf8 { line: 4 }.line(), Some(4));
        for empty in ["", "\n", "% only\n# comments\n  \n"] {
            assert_eq!(parse_obf(empty.as_bytes()), Err(ObfError::NoPositions));
        }
        let e = parse_obf(b"XXXX O;\n").unwrap_err();
        assert_eq!(e.line(), Some(1));
        assert!(e.to_string().starts_with("malformed position: "), "{e}");
    }

    #[test]
    fn obf_errors_echo_at_most_a_short_excerpt() {
        let side = "Z".repeat(10 << 20);
        let line = format!("{} {side};", "-".repeat(64));
        let e = parse_obf(line.as_bytes()).unwrap_err();
        let msg = e.to_string();
        assert!(msg.len() < 200, "{} bytes", msg.len());
        assert!(msg.contains('…'), "{msg}");
    }

    #[test]
    fn solving_a_finished_position_reports_its_score() {
        // Black has every square: the game is over, Black to move "wins" by 64.
        let pos = Position::from_obf(&format!("{} X", "X".repeat(64))).unwrap();
        let s = solve_position(&pos, None, 1);
        assert_eq!(s.score, 64);
        assert_eq!(s.best, "--");
    }
}
