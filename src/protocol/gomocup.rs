//! A Gomocup brain: the Piskvork protocol (<https://plastovicka.github.io/protocl2en.htm>)
//! on standard input/output, plus the Yixin-board extensions `YXBOARD` and `YXSHOWFORBID`,
//! and the Swap2 opening's `SWAP2BOARD` (see below).
//!
//! `SWAP2BOARD` (Piskvork protocol, 2022-12-20; gomocup.org's Swap2 tournaments): the
//! manager sends the opening stones so far, one `x,y` per line in the order they were
//! placed (black, white, black, …), then `DONE`. With none, the brain answers three stones
//! on one line, `x,y x,y x,y`; with three (the brain is the second player), `SWAP` to take
//! Black, one move `x,y` to stay White and play the fourth, or two `x,y x,y` to place a
//! white and a black stone and let the other player choose; with five (the brain is the
//! first player, White to move), `SWAP` to take Black or the sixth move `x,y` as White. A
//! `MESSAGE` line before the answer says why. Stone lines may also carry a third field, as
//! in `BOARD` (`x,y,1`; Rapfi reads them so): it is ignored, the order gives the colours.
//! The decisions are those of [`crate::gomoku::opening_engine`], within the move's time.
//!
//! Coordinates are `x,y`, 0-based from the top-left corner; our [`Point`] counts rows from the
//! bottom, so `y` is flipped on the way in and out. `INFO rule` selects the rule set: bit 1
//! (value 1) exactly five → Standard, bit 3 (value 4) Renju, otherwise Freestyle.
//!
//! Answers: `OK` to `START`/`RESTART`/`TAKEBACK`, a move `x,y` to `BEGIN`/`TURN`/`BOARD…DONE`,
//! `UNKNOWN <line>` to a command we do not know, `ERROR <why>` to a malformed one or one out
//! of order (a board command before `START`, `BEGIN` on a board with stones). Time: each move
//! uses at most `timeout_turn` and a share of `time_left`, less a safety margin.

use std::io::{self, BufRead, Write};

use super::{InputLine, MAX_LINE_BYTES, excerpt, read_line};
use crate::core::{AiConfig, Engine, Level, MAX_DEPTH, MAX_THREADS, Side, Step, StopFlag};
use crate::gomoku::opening::{Choice, OpeningRule};
use crate::gomoku::opening_engine::{Effort, OpeningPlayer};
use crate::gomoku::{GomokuEngine, IllegalMove, Point, Position, Rule, SetupError};
use crate::i18n::Language;

/// Name, version and author reported to `ABOUT`.
pub const ABOUT: &str = concat!(
    "name=\"reversi-gomoku\", version=\"",
    env!("CARGO_PKG_VERSION"),
    "\", author=\"Reversi & Gomoku team\", country=\"-\""
);

/// Time kept in reserve on every move for process and pipe latency, in milliseconds.
const SAFETY_MS: u64 = 60;
/// Moves the remaining match time is spread over when only `time_left` is binding.
const MOVES_TO_PLAN: u64 = 25;

/// The brain's state between commands.
pub struct Brain {
    pos: Option<Position>,
    size: u8,
    rule: Rule,
    engine: GomokuEngine,
    /// Per-move limit in milliseconds (0 = play at once); Piskvork's default is 30 s.
    timeout_turn: u64,
    /// Remaining match time in milliseconds, if the manager told us.
    time_left: Option<u64>,
    /// Stones received in a `BOARD`/`YXBOARD` block: (point, 1 = own, 2 = opponent).
    board_block: Option<(bool, Vec<(Point, u8)>)>,
    /// Stones received in a `SWAP2BOARD` block, in the order placed.
    swap2_block: Option<Vec<Point>>,
    /// Deepest search in plies, besides the time limits.
    max_depth: u32,
    /// Search threads (`INFO thread_num`), `1..=MAX_THREADS`.
    threads: u32,
}

impl Default for Brain {
    fn default() -> Self {
        Brain {
            pos: None,
            size: 15,
            rule: Rule::Freestyle,
            engine: GomokuEngine::default(),
            timeout_turn: 30_000,
            time_left: None,
            board_block: None,
            swap2_block: None,
            max_depth: MAX_DEPTH,
            threads: 1,
        }
    }
}

/// What one input line asks the loop to do.
#[derive(Debug, PartialEq, Eq)]
pub enum Reply {
    /// Print these lines.
    Lines(Vec<String>),
    /// `END`: stop.
    End,
}

impl Brain {
    /// A brain waiting for `START`.
    #[must_use]
    pub fn new() -> Brain {
        Brain::default()
    }

    /// This brain, searching at most `depth` plies per move (clamped to 1..=[`MAX_DEPTH`])
    /// besides the time limits; the default is [`MAX_DEPTH`], so that time is the only limit
    /// in practice. For tests and quick matches: the protocol itself has no depth setting.
    #[must_use]
    pub fn with_max_depth(mut self, depth: u32) -> Brain {
        self.max_depth = depth.clamp(1, MAX_DEPTH);
        self
    }

    /// This brain, thinking `ms` milliseconds per move until the manager sends `INFO
    /// timeout_turn` (instead of Piskvork's default of 30 s).
    #[must_use]
    pub fn with_move_ms(mut self, ms: u64) -> Brain {
        self.timeout_turn = ms;
        self
    }

    /// This brain, searching on `threads` threads (clamped to 1..=[`MAX_THREADS`]) until the
    /// manager sends `INFO thread_num`.
    #[must_use]
    pub fn with_threads(mut self, threads: u32) -> Brain {
        self.threads = threads.clamp(1, MAX_THREADS);
        self
    }

    /// Serve the protocol on `input` until `END` or end of input, answering on `output`. A
    /// line that is not UTF-8 or is longer than [`MAX_LINE_BYTES`] is answered `ERROR <why>`
    /// (naming its 1-based line number) and the brain carries on.
    ///
    /// # Errors
    /// When reading or writing fails.
    pub fn run(mut self, mut input: impl BufRead, mut output: impl Write) -> io::Result<()> {
        let mut buf = Vec::new();
        let mut number = 0u64;
        while let Some(line) = read_line(&mut input, &mut buf)? {
            number += 1;
            let reply = match line {
                InputLine::Text(text) => self.handle(&text),
                InputLine::NotUtf8 { valid_up_to } => Reply::Lines(vec![format!(
                    "ERROR line {number} is not UTF-8 text (bad byte at offset {valid_up_to})"
                )]),
                InputLine::TooLong { bytes } => Reply::Lines(vec![format!(
                    "ERROR line {number} is too long ({bytes} bytes, at most {MAX_LINE_BYTES})"
                )]),
            };
            match reply {
                Reply::End => break,
                Reply::Lines(lines) => {
                    for l in lines {
                        writeln!(output, "{l}")?;
                    }
                    output.flush()?;
                }
            }
        }
        Ok(())
    }

    /// Handle one line of input and say what to print.
    pub fn handle(&mut self, line: &str) -> Reply {
        let line = line.trim();
        if line.is_empty() {
            return Reply::Lines(vec![]);
        }
        if let Some(stones) = &mut self.swap2_block {
            if line.eq_ignore_ascii_case("DONE") {
                let stones = std::mem::take(stones);
                self.swap2_block = None;
                return Reply::Lines(self.swap2(&stones));
            }
            return match parse_swap2_stone(line, self.size) {
                Ok(p) => {
                    stones.push(p);
                    Reply::Lines(vec![])
                }
                Err(e) => Reply::Lines(vec![format!("ERROR {e}")]),
            };
        }
        if let Some((own_block, stones)) = &mut self.board_block {
            if line.eq_ignore_ascii_case("DONE") {
                let think = !*own_block;
                let stones = std::mem::take(stones);
                self.board_block = None;
                return Reply::Lines(self.finish_board(&stones, think));
            }
            return match parse_stone(line, self.size) {
                Ok(s) => {
                    stones.push(s);
                    Reply::Lines(vec![])
                }
                Err(e) => Reply::Lines(vec![format!("ERROR {e}")]),
            };
        }
        let (cmd, rest) = match line.split_once(char::is_whitespace) {
            Some((c, r)) => (c.to_ascii_uppercase(), r.trim()),
            None => (line.to_ascii_uppercase(), ""),
        };
        let out = match cmd.as_str() {
            "START" => self.start(rest),
            "RESTART" => self.restart(),
            "BEGIN" => self.begin(),
            "TURN" => self.turn(rest),
            "BOARD" => self.open_block(false),
            "YXBOARD" => self.open_block(true),
            "SWAP2BOARD" => self.open_swap2_block(),
            "TAKEBACK" => self.takeback(rest),
            "INFO" => self.info(rest),
            "YXSHOWFORBID" => self.show_forbid(),
            "ABOUT" => vec![ABOUT.to_string()],
            "END" => return Reply::End,
            _ => vec![format!("UNKNOWN {}", excerpt(line))],
        };
        Reply::Lines(out)
    }

    fn start(&mut self, rest: &str) -> Vec<String> {
        let Ok(size) = rest.parse::<u8>() else {
            return vec![format!(
                "ERROR START needs a board size, got {}",
                quoted(rest)
            )];
        };
        if self.rule == Rule::Renju && size != 15 {
            return vec!["ERROR Renju is played on 15x15 only".into()];
        }
        match Position::new(size, self.rule) {
            Ok(pos) => {
                self.size = size;
                self.pos = Some(pos);
                self.engine.clear();
                vec!["OK".into()]
            }
            Err(e) => vec![format!("ERROR unsupported size {size}: {e}")],
        }
    }

    fn restart(&mut self) -> Vec<String> {
        if self.pos.is_none() {
            return vec!["ERROR no START yet".into()];
        }
        match Position::new(self.size, self.rule) {
            Ok(pos) => {
                self.pos = Some(pos);
                self.engine.clear();
                vec!["OK".into()]
            }
            Err(e) => vec![format!("ERROR {e}")],
        }
    }

    fn begin(&mut self) -> Vec<String> {
        match &self.pos {
            None => vec!["ERROR no START yet".into()],
            Some(p) if p.stone_count() > 0 => vec!["ERROR BEGIN on a non-empty board".into()],
            Some(_) => self.think(),
        }
    }

    fn turn(&mut self, rest: &str) -> Vec<String> {
        let Some(pos) = &mut self.pos else {
            return vec!["ERROR no START yet".into()];
        };
        let p = match parse_xy(rest, pos.size()) {
            Ok(p) => p,
            Err(e) => return vec![format!("ERROR {e}")],
        };
        if let Err(e) = pos.play(p) {
            return vec![format!("ERROR {e}")];
        }
        self.think()
    }

    fn open_block(&mut self, setup_only: bool) -> Vec<String> {
        if self.pos.is_none() {
            return vec!["ERROR no START yet".into()];
        }
        self.board_block = Some((setup_only, Vec::new()));
        vec![]
    }

    fn open_swap2_block(&mut self) -> Vec<String> {
        if self.pos.is_none() {
            return vec!["ERROR no START yet".into()];
        }
        self.swap2_block = Some(Vec::new());
        vec![]
    }

    /// Answer a `SWAP2BOARD` block of `stones` (see the module docs): the three opening
    /// stones, `SWAP`, or stones, with a `MESSAGE` saying why.
    fn swap2(&mut self, stones: &[Point]) -> Vec<String> {
        if !matches!(stones.len(), 0 | 3 | 5) {
            return vec![format!(
                "ERROR SWAP2BOARD takes 0, 3 or 5 stones, not {}",
                stones.len()
            )];
        }
        let pos = match swap2_position(self.size, self.rule, stones) {
            Ok(pos) => pos,
            Err(e) => return vec![format!("ERROR {e}")],
        };
        // A handful of evaluations share the move's time.
        let effort = Effort {
            depth: self.max_depth,
            time_ms: Some((self.budget_ms() / 12).max(5)),
            candidates: 8,
            seed: None,
        };
        let stop = StopFlag::new();
        let Some(plan) = OpeningPlayer::new(&mut self.engine, effort, &stop).plan(&pos) else {
            return vec!["ERROR the opening is over".into()];
        };
        let why = format!("MESSAGE {}", plan.reason.render(Language::English));
        let size = pos.size();
        let mut after = pos.without_opening();
        let mut answer = Vec::new();
        let mut take = None;
        for step in plan.steps {
            match step {
                Step::Move(p) => {
                    if let Err(e) = after.play(p) {
                        return vec![format!("ERROR engine chose {p}: {e}")];
                    }
                    let (x, y) = to_xy(p, size);
                    answer.push(format!("{x},{y}"));
                }
                Step::Choice(Choice::Take(side)) => take = Some(side),
                Step::Choice(_) => {}
            }
        }
        self.pos = Some(after);
        match take {
            Some(Side::Black) => vec![why, "SWAP".into()],
            // Staying White: the brain plays White's move at once.
            Some(Side::White) => {
                let mut lines = vec![why];
                lines.extend(self.think());
                lines
            }
            None => vec![why, answer.join(" ")],
        }
    }

    /// Set the position from a `BOARD` block: 1 = our stones, 2 (or 3) = the opponent's. We
    /// are to move, so with equal counts we are Black, and with one stone fewer we are White.
    /// Then think, unless it was `YXBOARD`.
    fn finish_board(&mut self, stones: &[(Point, u8)], think: bool) -> Vec<String> {
        let own: Vec<Point> = stones.iter().filter(|s| s.1 == 1).map(|s| s.0).collect();
        let opp: Vec<Point> = stones.iter().filter(|s| s.1 != 1).map(|s| s.0).collect();
        let we = if own.len() == opp.len() {
            Side::Black
        } else {
            Side::White
        };
        let (black, white) = if we == Side::Black {
            (&own, &opp)
        } else {
            (&opp, &own)
        };
        if black.len() < white.len() || black.len() > white.len() + 1 {
            return vec![format!(
                "ERROR stone counts {} (own) and {} (opponent) cannot both be right",
                own.len(),
                opp.len()
            )];
        }
        match replayed(stones, we, self.size, self.rule).map_or_else(
            || Position::with_stones(self.size, self.rule, black, white, we),
            Ok,
        ) {
            Ok(pos) => {
                self.pos = Some(pos);
                if think { self.think() } else { vec![] }
            }
            Err(e) => vec![format!("ERROR {e}")],
        }
    }

    fn takeback(&mut self, rest: &str) -> Vec<String> {
        let Some(pos) = &mut self.pos else {
            return vec!["ERROR no START yet".into()];
        };
        let p = match parse_xy(rest, pos.size()) {
            Ok(p) => p,
            Err(e) => return vec![format!("ERROR {e}")],
        };
        if pos.last_move() == Some(p) {
            pos.undo();
            return vec!["OK".into()];
        }
        // After a BOARD set-up there is no history: rebuild without that stone.
        let Some(side) = pos.stone_at(p) else {
            return vec![format!("ERROR {} holds no stone", excerpt(rest))];
        };
        let (black, white) = stones_except(pos, &[p]);
        match Position::with_stones(pos.size(), pos.rule(), &black, &white, side) {
            Ok(new) => {
                *pos = new;
                vec!["OK".into()]
            }
            Err(e) => vec![format!("ERROR {e}")],
        }
    }

    fn info(&mut self, rest: &str) -> Vec<String> {
        let (key, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        let value = value.trim();
        let number = value.parse::<i64>();
        match (key.to_ascii_lowercase().as_str(), number) {
            ("timeout_turn", Ok(ms)) => self.timeout_turn = ms.max(0) as u64,
            ("time_left", Ok(ms)) => self.time_left = Some(ms.max(0) as u64),
            ("thread_num", Ok(n)) => self.threads = n.clamp(1, i64::from(MAX_THREADS)) as u32,
            ("rule", Ok(bits)) => {
                if let Err(e) = self.set_rule(bits) {
                    return vec![format!("ERROR INFO rule {bits}: {e}")];
                }
            }
            // timeout_match, max_memory, game_type, folder, evaluate: nothing to do.
            (_, Ok(_)) => {}
            ("folder" | "evaluate", _) => {}
            (k, Err(_)) => {
                return vec![format!(
                    "ERROR INFO {} needs a number, got {}",
                    excerpt(k),
                    quoted(value)
                )];
            }
        }
        vec![]
    }

    /// Switch to the rule set `bits` selects, keeping the position: every stone stays where it
    /// is, whoever placed it (a `BOARD` set-up has no move history), with the same side to move.
    /// A rule the board cannot be played under (Renju off 15×15) is refused and the old rule
    /// kept.
    fn set_rule(&mut self, bits: i64) -> Result<(), String> {
        let rule = rule_from_bits(bits);
        if rule == self.rule {
            return Ok(());
        }
        if let Some(pos) = &self.pos {
            self.pos = Some(under_rule(pos, rule).map_err(|e| e.to_string())?);
        }
        self.rule = rule;
        Ok(())
    }

    fn show_forbid(&self) -> Vec<String> {
        let Some(pos) = &self.pos else {
            return vec!["ERROR no START yet".into()];
        };
        let mut line = String::from("FORBID ");
        for (p, _) in pos.forbidden_points() {
            let (x, y) = to_xy(p, pos.size());
            line.push_str(&format!("{x:02}{y:02}"));
        }
        line.push('.');
        vec![line]
    }

    /// Milliseconds the next move may take.
    fn budget_ms(&self) -> u64 {
        let turn = if self.timeout_turn == 0 {
            100
        } else {
            self.timeout_turn
        };
        let mut ms = turn;
        if let Some(left) = self.time_left {
            ms = ms.min(left / MOVES_TO_PLAN);
        }
        ms.saturating_sub(SAFETY_MS.max(ms / 10)).max(10)
    }

    fn think(&mut self) -> Vec<String> {
        let budget = self.budget_ms();
        let Some(pos) = &mut self.pos else {
            return vec!["ERROR no START yet".into()];
        };
        if pos.outcome().is_some() {
            return vec!["ERROR the game is over".into()];
        }
        let cfg = AiConfig {
            level: Level::Hard,
            depth: self.max_depth,
            time_ms: Some(budget),
            seed: Some(1),
            threads: self.threads,
        };
        let Some(thought) = self.engine.think(pos, &cfg, &StopFlag::new(), &mut |_| {}) else {
            return vec!["ERROR the game is over".into()];
        };
        let p = thought.best;
        if let Err(e) = pos.play(p) {
            return vec![format!("ERROR engine chose {p}: {e}")];
        }
        let (x, y) = to_xy(p, pos.size());
        let info = &thought.info;
        vec![
            format!(
                "MESSAGE depth {} score {} nodes {}",
                info.depth, info.score, info.nodes
            ),
            format!("{x},{y}"),
        ]
    }
}

/// The `INFO rule` bits that name `rule` (the inverse of [`rule_from_bits`]): 0 Freestyle,
/// 1 Standard (exactly five), 4 Renju.
#[must_use]
pub fn rule_bits(rule: Rule) -> i64 {
    match rule {
        Rule::Freestyle => 0,
        Rule::Standard => 1,
        Rule::Renju => 4,
    }
}

/// The rule named by `INFO rule` bits (Gomocup protocol): bit 4 is Renju, else bit 1 is
/// exactly five (Standard), else Freestyle (five or more).
#[must_use]
pub fn rule_from_bits(bits: i64) -> Rule {
    if bits & 4 != 0 {
        Rule::Renju
    } else if bits & 1 != 0 {
        Rule::Standard
    } else {
        Rule::Freestyle
    }
}

use crate::core::GameRules as _;

/// Piskvork `x,y` (0-based, y from the top) → our point (y from the bottom).
fn parse_xy(text: &str, size: u8) -> Result<Point, String> {
    let mut it = text.split(',').map(str::trim);
    let (Some(x), Some(y), None) = (it.next(), it.next(), it.next()) else {
        return Err(format!("expected x,y, got {}", quoted(text)));
    };
    let (Ok(x), Ok(y)) = (x.parse::<u8>(), y.parse::<u8>()) else {
        return Err(format!("expected two numbers x,y, got {}", quoted(text)));
    };
    if x >= size || y >= size {
        return Err(format!("{x},{y} is off the {size}x{size} board"));
    }
    Ok(Point { x, y: size - 1 - y })
}

/// A stone line of a `SWAP2BOARD` block: `x,y`, or `x,y,field` with the field ignored.
fn parse_swap2_stone(line: &str, size: u8) -> Result<Point, String> {
    let parts: Vec<&str> = line.split(',').map(str::trim).collect();
    match parts.as_slice() {
        [x, y] | [x, y, _] => parse_xy(&format!("{x},{y}"), size),
        _ => Err(format!(
            "expected x,y in a SWAP2BOARD block, got {}",
            quoted(line)
        )),
    }
}

/// The Swap2 opening with `stones` placed (three: the second player's choice is due; five:
/// the first player's choice of colour is due, after the second player placed two).
fn swap2_position(size: u8, rule: Rule, stones: &[Point]) -> Result<Position, String> {
    let mut pos = Position::new(size, rule)
        .map_err(|e| e.to_string())?
        .with_opening(OpeningRule::Swap2)
        .map_err(|e| e.to_string())?;
    for (i, &p) in stones.iter().enumerate() {
        if i == 3 {
            pos.choose(Choice::PlaceTwo).map_err(|e| e.to_string())?;
        }
        let (x, y) = to_xy(p, size);
        pos.play(p)
            .map_err(|e: IllegalMove| format!("stone {} ({x},{y}): {e}", i + 1))?;
    }
    Ok(pos)
}

fn parse_stone(line: &str, size: u8) -> Result<(Point, u8), String> {
    let mut parts = line.split(',').map(str::trim);
    let (Some(x), Some(y), Some(field), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(format!(
            "expected x,y,field in a BOARD block, got {}",
            quoted(line)
        ));
    };
    let p = parse_xy(&format!("{x},{y}"), size)?;
    match field.parse::<u8>() {
        Ok(f @ 1..=3) => Ok((p, if f == 1 { 1 } else { 2 })),
        _ => Err(format!("field must be 1, 2 or 3, got {}", quoted(field))),
    }
}

/// Received text in double quotes for an error message, cut short (see [`excerpt`]).
fn quoted(text: &str) -> String {
    format!("\"{}\"", excerpt(text))
}

/// Our point → Piskvork `x,y` (0-based, y from the top) on a `size`×`size` board.
#[must_use]
pub fn to_xy(p: Point, size: u8) -> (u8, u8) {
    (p.x, size - 1 - p.y)
}

/// The stones of `pos` by colour, leaving out the points in `except`.
fn stones_except(pos: &Position, except: &[Point]) -> (Vec<Point>, Vec<Point>) {
    let mut black = Vec::new();
    let mut white = Vec::new();
    for y in 0..pos.size() {
        for x in 0..pos.size() {
            let p = Point { x, y };
            match pos.stone_at(p) {
                _ if except.contains(&p) => {}
                Some(Side::Black) => black.push(p),
                Some(Side::White) => white.push(p),
                None => {}
            }
        }
    }
    (black, white)
}

/// The game of a `BOARD` block whose stones alternate from Black, played in the block's order
/// (managers send them in move order, and Rapfi reads them so), when every move is legal:
/// the engine then knows which stones came last. `None` otherwise (set them up instead).
fn replayed(stones: &[(Point, u8)], we: Side, size: u8, rule: Rule) -> Option<Position> {
    let mut pos = Position::new(size, rule).ok()?;
    for (i, &(p, field)) in stones.iter().enumerate() {
        let side = if field == 1 { we } else { !we };
        let expected = if i % 2 == 0 { Side::Black } else { Side::White };
        if side != expected {
            return None;
        }
        pos.play(p).ok()?;
    }
    Some(pos)
}

/// `pos` under `rule`: the stones set up before its history, then its moves replayed, so that
/// they can still be taken back one by one. When a move is not legal under the new rule (a
/// Renju forbidden point, a move after a five that no longer counts…), the whole board is set
/// up as it stands instead, with the same side to move and no history.
fn under_rule(pos: &Position, rule: Rule) -> Result<Position, SetupError> {
    let history = pos.history();
    let first_to_move = if history.len().is_multiple_of(2) {
        pos.side_to_move()
    } else {
        !pos.side_to_move()
    };
    let (black, white) = stones_except(pos, history);
    let mut new = Position::with_stones(pos.size(), rule, &black, &white, first_to_move)?;
    if history.iter().all(|&p| new.play(p).is_ok()) {
        return Ok(new);
    }
    let (black, white) = stones_except(pos, &[]);
    Position::with_stones(pos.size(), rule, &black, &white, pos.side_to_move())
}

/// Run a new [`Brain`] on `input` until `END` or end of input, answering on `output` (see
/// [`Brain::run`]).
///
/// # Errors
/// When reading or writing fails.
pub fn run(input: impl BufRead, output: impl Write) -> io::Result<()> {
    Brain::new().run(input, output)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_bits_name_each_rule_and_read_back_as_it() {
        let rules = [Rule::Freestyle, Rule::Standard, Rule::Renju];
        assert_eq!(rules.map(rule_bits), [0, 1, 4]);
        for rule in rules {
            assert_eq!(rule_from_bits(rule_bits(rule)), rule);
        }
    }

    fn lines(brain: &mut Brain, input: &str) -> Vec<String> {
        match brain.handle(input) {
            Reply::Lines(l) => l,
            Reply::End => vec!["<END>".into()],
        }
    }

    fn moves_only(out: Vec<String>) -> Vec<String> {
        out.into_iter()
            .filter(|l| !l.starts_with("MESSAGE"))
            .collect()
    }

    #[test]
    fn begin_opens_at_the_centre() {
        let mut b = Brain::new();
        assert_eq!(lines(&mut b, "START 15"), vec!["OK"]);
        lines(&mut b, "INFO timeout_turn 300");
        assert_eq!(moves_only(lines(&mut b, "BEGIN")), vec!["7,7"]);
    }

    #[test]
    fn turn_blocks_an_open_four_and_coordinates_flip_y() {
        let mut b = Brain::new();
        lines(&mut b, "START 15");
        lines(&mut b, "INFO timeout_turn 300");
        // Opponent (Black here, us White) has 0,0 1,0 2,0 3,0 along the top edge: we must take 4,0.
        let out = lines(&mut b, "BOARD");
        assert!(out.is_empty());
        for s in [
            "0,0,2", "7,7,1", "1,0,2", "7,8,1", "2,0,2", "9,9,1", "3,0,2",
        ] {
            assert!(lines(&mut b, s).is_empty());
        }
        assert_eq!(moves_only(lines(&mut b, "DONE")), vec!["4,0"]);
    }

    #[test]
    fn unknown_and_malformed_commands() {
        let mut b = Brain::new();
        assert_eq!(lines(&mut b, "FOO"), vec!["UNKNOWN FOO"]);
        assert!(lines(&mut b, "TURN 1,1")[0].starts_with("ERROR"));
        lines(&mut b, "START 15");
        assert!(lines(&mut b, "TURN 15,3")[0].starts_with("ERROR"));
        assert!(lines(&mut b, "TURN a,b")[0].starts_with("ERROR"));
        assert!(lines(&mut b, "START x")[0].starts_with("ERROR"));
        assert_eq!(lines(&mut b, "END"), vec!["<END>"]);
    }

    #[test]
    fn yxboard_and_showforbid_under_renju() {
        let mut b = Brain::new();
        lines(&mut b, "INFO rule 4");
        lines(&mut b, "START 15");
        // Black: F8 G8 H7 H6 (x,y from the top: F8 = 5,7; G8 = 6,7; H7 = 7,8; H6 = 7,9);
        // White far away. Black to move: H8 (7,7) is a double-three.
        lines(&mut b, "YXBOARD");
        for s in [
            "5,7,1", "0,0,2", "6,7,1", "0,2,2", "7,8,1", "0,4,2", "7,9,1", "0,6,2",
        ] {
            lines(&mut b, s);
        }
        assert!(lines(&mut b, "DONE").is_empty(), "YXBOARD does not think");
        let forbid = lines(&mut b, "YXSHOWFORBID");
        assert_eq!(forbid.len(), 1);
        assert!(forbid[0].starts_with("FORBID ") && forbid[0].ends_with('.'));
        assert!(forbid[0].contains("0707"), "{}", forbid[0]);
    }

    #[test]
    fn a_board_in_move_order_is_replayed_and_any_other_order_set_up() {
        let mut b = Brain::new();
        lines(&mut b, "START 15");
        let history = |b: &Brain| b.pos.as_ref().map(|p| p.history().to_vec());
        // H8 (7,7) by us (Black: equal counts), then I9 (8,6), G7 (6,8): in move order.
        lines(&mut b, "YXBOARD");
        for s in ["7,7,1", "8,6,2", "6,8,1", "0,0,2"] {
            lines(&mut b, s);
        }
        lines(&mut b, "DONE");
        let moves: Vec<Point> = ["H8", "I9", "G7", "A15"]
            .map(|m| m.parse().expect("point"))
            .to_vec();
        assert_eq!(history(&b), Some(moves));
        // The same stones with a White stone first cannot be the game's order.
        lines(&mut b, "YXBOARD");
        for s in ["8,6,2", "7,7,1", "6,8,1", "0,0,2"] {
            lines(&mut b, s);
        }
        lines(&mut b, "DONE");
        assert_eq!(history(&b), Some(Vec::new()));
        assert_eq!(b.pos.as_ref().map(Position::stone_count), Some(4));
    }

    #[test]
    fn takeback_removes_the_stone() {
        let mut b = Brain::new();
        lines(&mut b, "START 15");
        lines(&mut b, "INFO timeout_turn 200");
        let reply = moves_only(lines(&mut b, "TURN 7,7"));
        assert_eq!(lines(&mut b, &format!("TAKEBACK {}", reply[0])), vec!["OK"]);
        assert_eq!(lines(&mut b, "TAKEBACK 7,7"), vec!["OK"]);
        assert!(lines(&mut b, "TAKEBACK 7,7")[0].starts_with("ERROR"));
    }

    #[test]
    fn thread_num_and_the_default_move_time_are_kept() {
        let mut b = Brain::new().with_move_ms(400).with_threads(3);
        assert_eq!((b.timeout_turn, b.threads), (400, 3));
        assert!(lines(&mut b, "INFO thread_num 2").is_empty());
        assert_eq!(b.threads, 2);
        lines(&mut b, "INFO thread_num 999");
        assert_eq!(b.threads, MAX_THREADS);
        lines(&mut b, "INFO thread_num 0");
        assert_eq!(b.threads, 1);
        // Two threads still answer a legal move at once on a short budget.
        lines(&mut b, "INFO timeout_turn 200");
        lines(&mut b, "START 15");
        let reply = moves_only(lines(&mut b, "TURN 7,7"));
        assert_eq!(reply.len(), 1, "{reply:?}");
    }

    #[test]
    fn budget_respects_turn_and_match_time() {
        let mut b = Brain::new();
        b.timeout_turn = 5000;
        assert!(b.budget_ms() < 5000);
        b.time_left = Some(10_000);
        assert!(b.budget_ms() <= 10_000 / MOVES_TO_PLAN);
    }
}
