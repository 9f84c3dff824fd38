//! A Reversi engine speaking the NBoard protocol (version 2, as documented with the NBoard GUI
//! and implemented by Edax), so NBoard and match tools can use it.
//!
//! Commands: `nboard <version>` → `set myname reversi-gomoku`; `set depth N`; `set game <GGF>`;
//! `set contempt N` (ignored); `move <mv>[/eval/time]`; `go` → `=== <move>/<eval>/<seconds>`;
//! `hint N` → up to N `search <move> <eval> 0 <depth>` lines then `status`; `ping N` → `pong N`;
//! `learn` → `learned`; `analyze` (ignored); `quit`. Unknown lines are ignored, as the
//! protocol asks. Evaluations are in discs from the side to move's point of view.
//!
//! GGF (Generic Game Format): `(;GM[Othello]…BO[8 <64 squares> <side>]B[f5]W[d6]…;)` where
//! squares are `*` black, `O` white, `-` empty, a1 first, and moves may carry `/eval/time`.

use std::io::{self, BufRead, Write};
use std::time::Instant;

use super::{InputLine, MAX_LINE_BYTES, excerpt, read_line};
use crate::core::{AiConfig, Engine, Level, MAX_DEPTH, Side, StopFlag};
use crate::reversi::{Move, Position, ReversiEngine};

/// Default search depth before the GUI sends `set depth`, in plies.
const DEFAULT_DEPTH: u32 = 12;

/// The engine's state between commands.
pub struct NboardEngine {
    pos: Position,
    depth: u32,
    engine: ReversiEngine,
    /// Whether the engine searched since its tables were last cleared (clearing wipes 48 MiB).
    searched: bool,
    /// Search by time instead of depth: milliseconds per move (`nboard --move-ms`).
    move_ms: Option<u64>,
    /// Search threads ([`AiConfig::threads`]).
    threads: u32,
}

impl Default for NboardEngine {
    fn default() -> Self {
        NboardEngine {
            pos: Position::new(),
            depth: DEFAULT_DEPTH,
            engine: ReversiEngine::default(),
            searched: false,
            move_ms: None,
            threads: 1,
        }
    }
}

impl NboardEngine {
    /// An engine at the start position, depth 12.
    #[must_use]
    pub fn new() -> NboardEngine {
        NboardEngine::default()
    }

    /// This engine searching on `threads` threads (clamped to `1..=MAX_THREADS`).
    #[must_use]
    pub fn with_threads(self, threads: u32) -> NboardEngine {
        NboardEngine {
            threads: threads.clamp(1, crate::core::MAX_THREADS),
            ..self
        }
    }

    /// An engine that searches `ms` milliseconds per move (Hard's time budget, to any
    /// depth) instead of to the depth the GUI sets.
    #[must_use]
    pub fn with_move_ms(ms: u64) -> NboardEngine {
        NboardEngine {
            move_ms: Some(ms),
            ..NboardEngine::default()
        }
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Handle one line; returns the lines to print, or `None` on `quit`.
    pub fn handle(&mut self, line: &str) -> Option<Vec<String>> {
        let line = line.trim();
        let (cmd, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        let out = match cmd {
            "nboard" => vec!["set myname reversi-gomoku".to_string()],
            "set" => self.set(rest),
            "move" => self.play(rest),
            "go" => vec![self.go()],
            "hint" => self.hint(rest),
            // The GUI pings with a number; anything else is echoed cut short.
            "ping" => vec![format!("pong {}", excerpt(rest)).trim_end().to_string()],
            "learn" => vec!["learned".to_string()],
            "quit" => return None,
            _ => vec![], // "analyze", "set contempt" and anything unknown: ignored
        };
        Some(out)
    }

    fn set(&mut self, rest: &str) -> Vec<String> {
        let (key, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        match key {
            "depth" => {
                if let Ok(d) = value.trim().parse::<u32>() {
                    self.depth = d.clamp(1, MAX_DEPTH);
                }
            }
            "game" => match parse_ggf(value) {
                Ok(pos) => {
                    self.pos = pos;
                    if std::mem::take(&mut self.searched) {
                        self.engine.clear();
                    }
                }
                Err(e) => return vec![format!("status cannot read the game: {e}")],
            },
            _ => {}
        }
        vec![]
    }

    fn play(&mut self, rest: &str) -> Vec<String> {
        let text = rest.split('/').next().unwrap_or("");
        let result = parse_move(text).and_then(|m| self.pos.play(m).map_err(|e| e.to_string()));
        match result {
            Ok(_) => vec![],
            Err(e) => vec![format!("status illegal move {}: {e}", excerpt(text))],
        }
    }

    fn config(&self) -> AiConfig {
        AiConfig {
            level: Level::Hard,
            depth: if self.move_ms.is_some() {
                MAX_DEPTH
            } else {
                self.depth
            },
            time_ms: self.move_ms,
            seed: Some(1),
            threads: self.threads,
        }
    }

    fn go(&mut self) -> String {
        if self.pos.is_game_over() {
            return "status the game is over".into();
        }
        let start = Instant::now();
        let cfg = self.config();
        self.searched = true;
        let Some(thought) = self
            .engine
            .think(&self.pos, &cfg, &StopFlag::new(), &mut |_| {})
        else {
            return "status the game is over".into();
        };
        let secs = start.elapsed().as_secs_f64();
        format!(
            "=== {}/{:.2}/{secs:.2}",
            ggf_move(thought.best),
            f64::from(thought.info.score.value())
        )
    }

    /// Up to `n` moves with their evaluations: the best from a full search, the others from a
    /// search of the position after each move (two plies shallower).
    fn hint(&mut self, rest: &str) -> Vec<String> {
        let n = rest.parse::<usize>().unwrap_or(1).max(1);
        let mut out = vec!["status Thinking".to_string()];
        if self.pos.is_game_over() {
            out.push("status".into());
            return out;
        }
        let cfg = self.config();
        self.searched = true;
        let stop = StopFlag::new();
        let Some(best) = self.engine.think(&self.pos, &cfg, &stop, &mut |_| {}) else {
            out.push("status".into());
            return out;
        };
        out.push(search_line(
            best.best,
            best.info.score.value(),
            best.info.depth,
        ));
        let shallow = AiConfig {
            depth: cfg.depth.saturating_sub(2).max(1),
            ..cfg
        };
        let mut others: Vec<(i32, Move, u32)> = Vec::new();
        for mv in self
            .pos
            .legal_moves()
            .into_iter()
            .filter(|m| *m != best.best)
        {
            let mut child = self.pos;
            if child.play(mv).is_err() {
                continue;
            }
            let score = if child.is_game_over() {
                child.final_score_for(self.pos.side_to_move())
            } else {
                // The child's side to move is the opponent (possibly about to pass).
                match self.engine.think(&child, &shallow, &stop, &mut |_| {}) {
                    Some(t) => -t.info.score.value(),
                    None => continue, // cannot happen: the child game is not over
                }
            };
            others.push((score, mv, shallow.depth));
        }
        others.sort_by_key(|o| std::cmp::Reverse(o.0));
        for (score, mv, depth) in others.into_iter().take(n - 1) {
            out.push(search_line(mv, score, depth));
        }
        out.push("status".into());
        out
    }
}

fn search_line(mv: Move, score: i32, depth: u32) -> String {
    format!("search {} {score} 0 {depth}", ggf_move(mv))
}

trait FinalFor {
    fn final_score_for(&self, side: Side) -> i32;
}

impl FinalFor for Position {
    /// Final disc differential for `side`, empties to the winner.
    fn final_score_for(&self, side: Side) -> i32 {
        let s = self.final_score();
        let d = s.black as i32 - s.white as i32;
        if side == Side::Black { d } else { -d }
    }
}

/// "F5" / "PA" as NBoard writes moves.
fn ggf_move(mv: Move) -> String {
    match mv {
        Move::Place(sq) => sq.to_string().to_ascii_uppercase(),
        Move::Pass => "PA".into(),
    }
}

/// A move as NBoard writes it ("F5", "PA"); the error does not repeat the text.
fn parse_move(text: &str) -> Result<Move, String> {
    let t = text.trim();
    if t.eq_ignore_ascii_case("pa") || t.eq_ignore_ascii_case("pass") {
        return Ok(Move::Pass);
    }
    t.parse::<Move>()
        .map_err(|_| "not a move: expected a square like F5, or PA".to_string())
}

/// Read the position at the end of a GGF game: the `BO[8 … side]` start board, then every
/// `B[..]`/`W[..]` move in order.
///
/// # Errors
/// A sentence naming what is wrong (no board, bad square, illegal move).
pub fn parse_ggf(text: &str) -> Result<Position, String> {
    let mut pos = None;
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        // The tag is the run of ASCII capitals right before `[` (cut on a char boundary: the
        // text before it may hold any character).
        let before = &rest[..open];
        let tag = &before[before
            .trim_end_matches(|c: char| c.is_ascii_uppercase())
            .len()..];
        let close = rest[open..].find(']').ok_or("unclosed [")? + open;
        let value = &rest[open + 1..close];
        match tag {
            "BO" => pos = Some(parse_ggf_board(value)?),
            "B" | "W" => {
                let p: &mut Position = pos.as_mut().ok_or("a move before the BO[] board")?;
                let side = if tag == "B" { Side::Black } else { Side::White };
                let mv = parse_move(value.split('/').next().unwrap_or(""))
                    .map_err(|e| format!("{tag}[{}]: {e}", excerpt(value)))?;
                if p.side_to_move() != side && p.must_pass() {
                    p.play(Move::Pass).map_err(|e| e.to_string())?;
                }
                p.play(mv)
                    .map_err(|e| format!("{tag}[{}]: {e}", excerpt(value)))?;
            }
            _ => {}
        }
        rest = &rest[close + 1..];
    }
    pos.ok_or_else(|| "no BO[] board".to_string())
}

fn parse_ggf_board(value: &str) -> Result<Position, String> {
    let mut parts = value.split_whitespace();
    if parts.next() != Some("8") {
        return Err("only 8x8 boards are supported".into());
    }
    let squares: String = parts.next().ok_or("missing squares")?.to_string();
    let side = parts.next().ok_or("missing side to move")?;
    let count = squares.chars().count();
    if count != 64 {
        return Err(format!("{count} squares, expected 64"));
    }
    let (mut black, mut white) = (0u64, 0u64);
    for (i, c) in squares.chars().enumerate() {
        match c {
            '*' | 'X' | 'x' | 'B' | 'b' => black |= 1 << i,
            'O' | 'o' | 'W' | 'w' => white |= 1 << i,
            '-' | '.' => {}
            other => return Err(format!("unexpected square character {other:?}")),
        }
    }
    let to_move = match side {
        "*" | "X" | "B" => Side::Black,
        "O" | "W" => Side::White,
        other => return Err(format!("unexpected side to move \"{}\"", excerpt(other))),
    };
    Ok(Position::from_board(black, white, to_move))
}

/// Run the engine on `input` until `quit` or end of input, answering on `output`; lines it
/// cannot read are noted on standard error (see [`run_with_notes`]).
///
/// # Errors
/// When reading or writing fails.
pub fn run(input: impl BufRead, output: impl Write) -> io::Result<()> {
    run_with_notes(input, output, io::stderr())
}

/// [`run`], writing a note to `notes` for every line ignored because it is not UTF-8 or is
/// longer than [`MAX_LINE_BYTES`] (the protocol has no error reply: such a line is skipped
/// and the engine carries on).
///
/// # Errors
/// When reading or writing `output` fails (a failed note is not an error).
pub fn run_with_notes(
    input: impl BufRead,
    output: impl Write,
    notes: impl Write,
) -> io::Result<()> {
    run_engine(NboardEngine::new(), input, output, notes)
}

/// [`run_with_notes`] with `engine` (e.g. [`NboardEngine::with_move_ms`]).
///
/// # Errors
/// When reading or writing `output` fails.
pub fn run_engine(
    mut engine: NboardEngine,
    mut input: impl BufRead,
    mut output: impl Write,
    mut notes: impl Write,
) -> io::Result<()> {
    let mut buf = Vec::new();
    let mut number = 0u64;
    while let Some(line) = read_line(&mut input, &mut buf)? {
        number += 1;
        let text = match line {
            InputLine::Text(text) => text,
            InputLine::NotUtf8 { valid_up_to } => {
                let _ = writeln!(
                    notes,
                    "reversi-gomoku: nboard: line {number} ignored: not UTF-8 text (bad byte at offset {valid_up_to})"
                );
                continue;
            }
            InputLine::TooLong { bytes } => {
                let _ = writeln!(
                    notes,
                    "reversi-gomoku: nboard: line {number} ignored: {bytes} bytes, at most {MAX_LINE_BYTES}"
                );
                continue;
            }
        };
        let Some(lines) = engine.handle(&text) else {
            break;
        };
        for l in lines {
            writeln!(output, "{l}")?;
        }
        output.flush()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reversi::Square;

    const START_GGF: &str = "(;GM[Othello]PC[NBoard]PB[a]PW[b]RE[?]TI[5:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5//1.2]W[D6];)";

    #[test]
    fn handshake_ping_and_unknown_lines() {
        let mut e = NboardEngine::new();
        assert_eq!(
            e.handle("nboard 2"),
            Some(vec!["set myname reversi-gomoku".to_string()])
        );
        assert_eq!(e.handle("ping 7"), Some(vec!["pong 7".to_string()]));
        assert_eq!(e.handle("frobnicate"), Some(vec![]));
        assert_eq!(e.handle("quit"), None);
    }

    #[test]
    fn set_game_replays_the_ggf_moves() {
        let mut e = NboardEngine::new();
        e.handle(&format!("set game {START_GGF}"));
        let pos = e.position();
        assert_eq!(pos.side_to_move(), Side::Black);
        assert_eq!(pos.count(Side::Black) + pos.count(Side::White), 6);
        assert_eq!(
            pos.disc_at("f5".parse::<Square>().unwrap()),
            Some(Side::Black)
        );
        assert_eq!(
            pos.disc_at("d6".parse::<Square>().unwrap()),
            Some(Side::White)
        );
        e.handle("move c3/0.5/1");
        assert_eq!(e.position().side_to_move(), Side::White);
    }

    #[test]
    fn go_answers_a_legal_move() {
        let mut e = NboardEngine::new();
        e.handle("set depth 4");
        let out = e.handle("go").unwrap();
        let reply = out[0].strip_prefix("=== ").expect("a move line");
        let mv = parse_move(reply.split('/').next().unwrap()).unwrap();
        assert!(Position::new().legal_moves().contains(&mv), "{reply}");
    }

    #[test]
    fn hint_lists_moves_then_status() {
        let mut e = NboardEngine::new();
        e.handle("set depth 3");
        let out = e.handle("hint 3").unwrap();
        let searches: Vec<_> = out.iter().filter(|l| l.starts_with("search ")).collect();
        assert_eq!(searches.len(), 3, "{out:?}");
        assert_eq!(out.last().map(String::as_str), Some("status"));
    }

    #[test]
    fn bad_ggf_is_reported_not_applied() {
        let mut e = NboardEngine::new();
        let out = e.handle("set game (;GM[Othello]BO[8 xyz *];)").unwrap();
        assert!(out[0].starts_with("status cannot read"));
        assert_eq!(e.position(), &Position::new());
    }
}
