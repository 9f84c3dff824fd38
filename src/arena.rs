//! Engine matches for measuring strength: two contenders play every opening twice with
//! colours swapped, and the score is counted as wins/losses/draws for the first.
//!
//! A contender is one of our levels, a uniformly random mover, or an external engine started as
//! a child process and driven through its protocol (NBoard for Reversi, Gomocup for Gomoku),
//! so `reversi-gomoku match` can pit Hard against Edax, Rapfi or any other engine. Our levels
//! search every move unless asked to play from the Reversi opening book (`hard+book`), so
//! that a match measures the search.

use std::fmt;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::str::FromStr;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::core::{AiConfig, Engine, GameRules, Level, Outcome, Side, StopFlag};
use crate::gomoku::{self, GomokuEngine, Point, Rule};
use crate::protocol::gomocup;
use crate::reversi::book::{Book, BookEngine, BookSwitch, BookUse};
use crate::reversi::{self, Move, ReversiEngine};

/// Who plays one side of a match.
#[derive(Clone, Debug, PartialEq)]
pub enum Contender {
    /// A uniformly random legal move (seeded).
    Random,
    /// One of our levels with these settings, searching every move.
    Level(AiConfig),
    /// One of our Reversi levels playing from the opening book as said (never
    /// [`BookUse::Off`]: that is [`Contender::Level`]).
    Booked(AiConfig, BookUse),
    /// An external engine: the command line that starts it.
    External(String),
}

impl FromStr for Contender {
    type Err = String;

    /// `random`, `easy`, `medium`, `hard`, `hard@MS` (Hard with MS milliseconds per move),
    /// `medium/D` (Medium at depth D), or `cmd:<command line>` for an external engine. A
    /// level followed by `+book` plays the Reversi opening book's best move while it has
    /// one, by `+book+vary` a random near-equal one (`hard+book@500`).
    fn from_str(s: &str) -> Result<Contender, String> {
        if let Some(cmd) = s.strip_prefix("cmd:") {
            return Ok(Contender::External(cmd.to_string()));
        }
        if s == "random" {
            return Ok(Contender::Random);
        }
        let (name, time) = s.split_once('@').map_or((s, None), |(n, t)| (n, Some(t)));
        let (name, depth) = name
            .split_once('/')
            .map_or((name, None), |(n, d)| (n, Some(d)));
        let (name, book) = match name.split_once('+') {
            None => (name, BookUse::Off),
            Some((n, "book")) => (n, BookUse::Best),
            Some((n, "book+vary")) => (n, BookUse::Vary),
            Some(_) => return Err(format!("unknown option in {s:?}: use +book or +book+vary")),
        };
        let level = match name {
            "easy" => Level::Easy,
            "medium" => Level::Medium,
            "hard" => Level::Hard,
            _ => {
                return Err(format!(
                    "unknown contender {s:?}: use random, easy, medium, hard, hard@MS, medium/D, hard+book or cmd:…"
                ));
            }
        };
        let mut cfg = AiConfig::for_level(level);
        if let Some(d) = depth {
            cfg.depth = d.parse().map_err(|_| format!("bad depth in {s:?}"))?;
        }
        if let Some(t) = time {
            cfg.time_ms = Some(t.parse().map_err(|_| format!("bad time in {s:?}"))?);
        }
        Ok(match book {
            BookUse::Off => Contender::Level(cfg),
            book => Contender::Booked(cfg, book),
        })
    }
}

impl fmt::Display for Contender {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Contender::Random => f.write_str("random"),
            Contender::Level(c) => write_level(f, c, ""),
            Contender::Booked(c, BookUse::Vary) => write_level(f, c, "+book+vary"),
            Contender::Booked(c, _) => write_level(f, c, "+book"),
            Contender::External(cmd) => write!(f, "cmd:{cmd}"),
        }
    }
}

/// "Hard+book@1000ms", "Medium/4".
fn write_level(f: &mut fmt::Formatter<'_>, c: &AiConfig, book: &str) -> fmt::Result {
    match c.time_ms {
        Some(ms) => write!(f, "{}{book}@{ms}ms", c.level),
        None => write!(f, "{}{book}/{}", c.level, c.depth),
    }
}

/// Wins, losses and draws of the first contender, its disc differential (Reversi) and the
/// time each contender spent choosing its moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// Games the first contender won.
    pub wins: u32,
    /// Games it lost.
    pub losses: u32,
    /// Drawn games.
    pub draws: u32,
    /// Sum of the first contender's final disc differentials (Reversi games played to the
    /// end; empties to the winner).
    pub disc_sum: i64,
    /// Games counted in `disc_sum`.
    pub disc_games: u32,
    /// Move times of the first contender (index 0) and the second (index 1), wall clock from
    /// asking for a move to receiving it (for an external engine: the protocol round trip).
    pub times: [MoveTimes; 2],
}

/// Wall-clock times of one contender's moves in a match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveTimes {
    /// Moves played.
    pub moves: u32,
    /// Their total time.
    pub total: Duration,
    /// The longest one.
    pub max: Duration,
}

impl MoveTimes {
    fn add(&mut self, t: Duration) {
        self.moves += 1;
        self.total += t;
        self.max = self.max.max(t);
    }

    /// Average move time in milliseconds (0 without moves).
    #[must_use]
    pub fn average_ms(&self) -> f64 {
        if self.moves == 0 {
            0.0
        } else {
            self.total.as_secs_f64() * 1000.0 / f64::from(self.moves)
        }
    }
}

impl fmt::Display for MoveTimes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} moves, average {:.0} ms, max {} ms",
            self.moves,
            self.average_ms(),
            self.max.as_millis()
        )
    }
}

impl Score {
    /// Points per game for the first contender (win 1, draw ½), 0 when no games.
    #[must_use]
    pub fn rate(&self) -> f64 {
        let games = self.wins + self.losses + self.draws;
        if games == 0 {
            0.0
        } else {
            (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(games)
        }
    }

    /// Average time per move of contender 0 (the first) or 1, in milliseconds.
    #[must_use]
    pub fn ms_per_move(&self, contender: usize) -> f64 {
        self.times[contender].average_ms()
    }

    /// Games played.
    #[must_use]
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// The first contender's mean final disc differential, when Reversi games were counted.
    #[must_use]
    pub fn mean_discs(&self) -> Option<f64> {
        (self.disc_games > 0).then(|| self.disc_sum as f64 / f64::from(self.disc_games))
    }

    /// Seconds each contender spent choosing its moves per game (0 without games).
    #[must_use]
    pub fn think_seconds_per_game(&self) -> [f64; 2] {
        let games = f64::from(self.games().max(1));
        self.times.map(|t| t.total.as_secs_f64() / games)
    }

    fn add(&mut self, outcome: Outcome, first_plays: Side) {
        match outcome {
            Outcome::Draw => self.draws += 1,
            Outcome::Win(s) if s == first_plays => self.wins += 1,
            Outcome::Win(_) => self.losses += 1,
        }
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "W {} / L {} / D {} ({:.1}%); {:.0} vs {:.0} ms per move",
            self.wins,
            self.losses,
            self.draws,
            100.0 * self.rate(),
            self.ms_per_move(0),
            self.ms_per_move(1)
        )
    }
}

/// Fixed Reversi openings (transcripts from the start), each played twice with colours swapped.
pub const REVERSI_OPENINGS: [&str; 8] = [
    "f5d6c3d3c4",
    "f5f6e6f4e3",
    "f5d6c5f4e3",
    "f5f4e3f6d3",
    "f5d6c4d3c3",
    "f5f6e6d6e7",
    "f5d6c3d3c4f4",
    "f5f4e3d6c5",
];

/// Fixed Gomoku openings (relative to H8 as in the Gomocup files: `dx,dy` pairs, black first,
/// y downwards), each played twice with colours swapped.
pub const GOMOKU_OPENINGS: [&str; 8] = [
    "0,0, 1,0, 1,3",
    "0,0, 1,1, 0,3",
    "0,0, 1,0, 0,3",
    "0,0, 1,1, 1,3",
    "0,0, 1,0, 3,0",
    "0,0, 1,1, 2,3",
    "0,0, 0,1, 2,2",
    "0,0, 1,1, 3,1",
];

/// How long an external engine may take to answer one request (a move) by default; one that
/// takes longer loses the game.
pub const DEFAULT_ENGINE_TIMEOUT: Duration = Duration::from_secs(30);

/// The time per move an external Gomocup engine is told by default (`INFO timeout_turn`), in
/// milliseconds: Hard's default budget, so that a match is at equal time.
pub const DEFAULT_ENGINE_MOVE_MS: u64 = 1000;

/// What external engines are told and allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExternalLimits {
    /// How long one may take to answer a move before it loses the game.
    pub timeout: Duration,
    /// Milliseconds per move a Gomocup engine is told (`INFO timeout_turn`); NBoard engines
    /// keep their own setting.
    pub move_ms: u64,
}

impl Default for ExternalLimits {
    fn default() -> Self {
        ExternalLimits {
            timeout: DEFAULT_ENGINE_TIMEOUT,
            move_ms: DEFAULT_ENGINE_MOVE_MS,
        }
    }
}

/// A player inside a match.
enum Seat<G: GameRules> {
    Random(Box<StdRng>),
    Engine(Box<dyn Engine<G>>, AiConfig),
    External(ExternalEngine),
}

/// The engine playing a level contender of game `G` (its opening book as the contender
/// says), or why there is none.
type EngineFor<G> = fn(&Contender) -> Result<Box<dyn Engine<G>>, String>;

impl<G: GameRules> Seat<G> {
    fn new(
        c: &Contender,
        engine_for: EngineFor<G>,
        seed: u64,
        limits: ExternalLimits,
    ) -> Result<Seat<G>, String> {
        Ok(match c {
            Contender::Random => Seat::Random(Box::new(StdRng::seed_from_u64(seed))),
            Contender::Level(cfg) | Contender::Booked(cfg, _) => Seat::Engine(
                engine_for(c)?,
                AiConfig {
                    seed: Some(seed),
                    ..*cfg
                },
            ),
            Contender::External(cmd) => Seat::External(ExternalEngine::start(cmd, limits)?),
        })
    }
}

/// Reversi's engine for `c`: with the shipped opening book for a [`Contender::Booked`].
fn reversi_engine(c: &Contender) -> Result<Box<dyn Engine<reversi::Position>>, String> {
    match c {
        Contender::Booked(_, book) => {
            let shipped = Book::shipped().map_err(|e| format!("the opening book: {e}"))?;
            Ok(Box::new(BookEngine::new(
                Some(shipped),
                BookSwitch::new(*book),
            )))
        }
        _ => Ok(Box::new(ReversiEngine::default())),
    }
}

/// Gomoku's engine for `c` (Gomoku has no opening book).
fn gomoku_engine(c: &Contender) -> Result<Box<dyn Engine<gomoku::Position>>, String> {
    match c {
        Contender::Booked(..) => Err(format!("{c}: Gomoku has no opening book")),
        _ => Ok(Box::new(GomokuEngine::default())),
    }
}

/// An external engine process and its pipes. Its output is read on a thread of its own, so
/// that waiting for an answer can end after the per-move time limit.
struct ExternalEngine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// How long the engine may take to answer one request.
    timeout: Duration,
    /// Milliseconds per move it is told.
    move_ms: u64,
    /// The Gomoku moves the engine holds on its board: those it was told and its own answer
    /// (empty before its first move; always empty for NBoard engines).
    known: Vec<Point>,
    /// When it last answered a move.
    answered: Option<Instant>,
}

impl ExternalEngine {
    fn start(cmd: &str, limits: ExternalLimits) -> Result<ExternalEngine, String> {
        let mut parts = cmd.split_whitespace();
        let program = parts.next().ok_or("empty engine command")?;
        let mut child = Command::new(program)
            .args(parts)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start {cmd:?}: {e}"))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        let (tx, lines) = mpsc::channel();
        std::thread::Builder::new()
            .name("engine-output".into())
            .spawn(move || {
                // Ends when the engine closes its output (it is killed on drop).
                for line in stdout.lines() {
                    let Ok(line) = line else { break };
                    if tx.send(line).is_err() {
                        break;
                    }
                }
            })
            .map_err(|e| format!("cannot read the engine: {e}"))?;
        Ok(ExternalEngine {
            child,
            stdin,
            lines,
            timeout: limits.timeout,
            move_ms: limits.move_ms,
            known: Vec::new(),
            answered: None,
        })
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("engine pipe: {e}"))
    }

    /// Read lines until `pick` accepts one, for at most the engine's time limit.
    fn read_until<T>(&mut self, mut pick: impl FnMut(&str) -> Option<T>) -> Result<T, String> {
        let deadline = Instant::now() + self.timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    if let Some(v) = pick(line.trim()) {
                        return Ok(v);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!("no answer within {} ms", self.timeout.as_millis()));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err("the engine closed its output".into());
                }
            }
        }
    }
}

impl Drop for ExternalEngine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// How a seat is asked for its move: the seat, the position, the moves so far.
type ChooseMove<G> =
    fn(&mut Seat<G>, &G, &[<G as GameRules>::Move]) -> Result<<G as GameRules>::Move, String>;

/// Play every opening twice, colours swapped: `engine_for` makes our levels' engines,
/// `start` gives the empty position, `choose` asks a seat for its move (given the moves so
/// far), `describe` sums up a finished game.
#[allow(clippy::too_many_arguments)]
fn play_openings<G: GameRules>(
    (a, b): (&Contender, &Contender),
    openings: &[Vec<G::Move>],
    limits: ExternalLimits,
    engine_for: EngineFor<G>,
    start: impl Fn() -> Result<G, String>,
    choose: ChooseMove<G>,
    describe: impl Fn(&G, &[G::Move]) -> String,
    mut log: impl FnMut(&str),
) -> Result<Score, String> {
    let mut score = Score::default();
    for (i, opening) in openings.iter().enumerate() {
        for a_side in Side::BOTH {
            let seed = (i as u64) * 2 + u64::from(a_side == Side::White);
            let mut seats = [
                Seat::new(a, engine_for, seed, limits)?,
                Seat::new(b, engine_for, seed + 1000, limits)?,
            ];
            let mut pos = start()?;
            for &m in opening {
                pos.play(m).map_err(|e| format!("opening {i}: {e}"))?;
            }
            let mut moves = opening.clone();
            let mut forfeit = None;
            while pos.outcome().is_none() {
                let mover = pos.side_to_move();
                let k = usize::from(mover != a_side);
                // A seat that answers late, nonsense or an illegal move loses the game.
                let asked = Instant::now();
                let chosen = choose(&mut seats[k], &pos, &moves);
                score.times[k].add(asked.elapsed());
                let played = chosen
                    .and_then(|mv| pos.play(mv).map(|()| mv).map_err(|e| format!("{mv}: {e}")));
                match played {
                    Ok(mv) => moves.push(mv),
                    Err(e) => {
                        forfeit = Some((mover, e));
                        break;
                    }
                }
            }
            let (outcome, how) = match forfeit {
                Some((side, why)) => (
                    Outcome::Win(side.other()),
                    format!("{side} forfeits ({why})"),
                ),
                None => {
                    if let Some(crate::core::Score::Discs(v)) = pos.final_score() {
                        let mine = if pos.side_to_move() == a_side { v } else { -v };
                        score.disc_sum += i64::from(mine);
                        score.disc_games += 1;
                    }
                    (
                        pos.outcome().expect("the loop ends when the game does"),
                        describe(&pos, &moves),
                    )
                }
            };
            score.add(outcome, a_side);
            log(&format!("opening {i} {a} as {a_side}: {how}"));
        }
    }
    Ok(score)
}

/// Play a Reversi match; `log` receives one line per game. An external engine gets
/// `limits.timeout` per move; one that answers late, nonsense or an illegal move loses that
/// game (the log says why).
///
/// # Errors
/// When an external engine cannot be started.
pub fn reversi_match(
    a: &Contender,
    b: &Contender,
    openings: &[Vec<Move>],
    limits: ExternalLimits,
    log: impl FnMut(&str),
) -> Result<Score, String> {
    play_openings(
        (a, b),
        openings,
        limits,
        reversi_engine,
        || Ok(reversi::Position::new()),
        reversi_move,
        |pos, moves| {
            let s = pos.final_score();
            format!(
                "{}-{} {}",
                s.black,
                s.white,
                reversi::format_transcript(moves)
            )
        },
        log,
    )
}

fn reversi_move(
    seat: &mut Seat<reversi::Position>,
    pos: &reversi::Position,
    moves: &[Move],
) -> Result<Move, String> {
    match seat {
        Seat::Random(rng) => {
            let legal = pos.legal_moves();
            Ok(legal[rng.random_range(0..legal.len())])
        }
        Seat::Engine(e, cfg) => e
            .think(pos, cfg, &StopFlag::new(), &mut |_| {})
            .map(|t| t.best)
            .ok_or_else(|| "asked to move in a finished game".to_string()),
        Seat::External(x) => {
            if pos.must_pass() {
                return Ok(Move::Pass);
            }
            let mut ggf = String::from(
                "(;GM[Othello]PC[reversi-gomoku]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]",
            );
            let mut replay = reversi::Position::new();
            for &m in moves {
                let tag = if replay.side_to_move() == Side::Black {
                    'B'
                } else {
                    'W'
                };
                let text = match m {
                    Move::Place(sq) => sq.to_string().to_ascii_uppercase(),
                    Move::Pass => "PA".into(),
                };
                ggf.push_str(&format!("{tag}[{text}]"));
                let _ = replay.play(m);
            }
            ggf.push_str(";)");
            // Version 1: Edax speaks only that, and the commands used here are the same in 2.
            x.send("nboard 1")?;
            x.send(&format!("set game {ggf}"))?;
            x.send("go")?;
            let text = x.read_until(nboard_move)?;
            if text.eq_ignore_ascii_case("pa") || text.eq_ignore_ascii_case("pass") {
                return Ok(Move::Pass);
            }
            text.parse::<Move>()
                .map_err(|e| format!("engine answered {text:?}: {e}"))
        }
    }
}

/// The move of an NBoard answer: `=== f5/3.00/0.2` (protocol 2) or `=== f5 3.00 0.2` (Edax).
fn nboard_move(line: &str) -> Option<String> {
    let rest = line.strip_prefix("===")?;
    rest.split(|c: char| c == '/' || c.is_whitespace())
        .find(|t| !t.is_empty())
        .map(str::to_string)
}

/// Parse a Gomocup opening line (`dx,dy` pairs relative to the centre, y downwards) for a
/// board of side `size`. `None` when a stone falls off the board.
#[must_use]
pub fn gomoku_opening(line: &str, size: u8) -> Option<Vec<Point>> {
    let nums: Vec<i32> = line
        .split(',')
        .filter_map(|t| t.trim().parse().ok())
        .collect();
    if !nums.len().is_multiple_of(2) || nums.is_empty() {
        return None;
    }
    let c = i32::from(size / 2);
    nums.chunks(2)
        .map(|xy| {
            let (x, y_down) = (c + xy[0], c + xy[1]);
            let n = i32::from(size);
            ((0..n).contains(&x) && (0..n).contains(&y_down)).then(|| Point {
                x: x as u8,
                y: (n - 1 - y_down) as u8,
            })
        })
        .collect()
}

/// Play a Gomoku match under `rule` on 15×15; `log` receives one line per game. External
/// engines are told `limits.move_ms` per move (`INFO timeout_turn`), may take up to
/// `limits.timeout`, and forfeit as in [`reversi_match`].
///
/// # Errors
/// When an external engine cannot be started, or an opening is illegal.
pub fn gomoku_match(
    a: &Contender,
    b: &Contender,
    rule: Rule,
    openings: &[Vec<Point>],
    limits: ExternalLimits,
    log: impl FnMut(&str),
) -> Result<Score, String> {
    play_openings(
        (a, b),
        openings,
        limits,
        gomoku_engine,
        || gomoku::Position::new(15, rule).map_err(|e| e.to_string()),
        |seat, pos, _| gomoku_move(seat, pos),
        |pos, moves| {
            let names: Vec<String> = moves.iter().map(ToString::to_string).collect();
            format!("{:?} {}", pos.outcome(), names.join(" "))
        },
        log,
    )
}

/// The least time between a Gomocup engine's answer and the next move it is told.
const GOMOCUP_SETTLE: Duration = Duration::from_millis(20);

fn gomoku_move(seat: &mut Seat<gomoku::Position>, pos: &gomoku::Position) -> Result<Point, String> {
    match seat {
        Seat::Random(rng) => {
            let legal = pos.legal_moves();
            Ok(legal[rng.random_range(0..legal.len())])
        }
        Seat::Engine(e, cfg) => e
            .think(pos, cfg, &StopFlag::new(), &mut |_| {})
            .map(|t| t.best)
            .ok_or_else(|| "asked to move in a finished game".to_string()),
        Seat::External(x) => {
            let n = pos.size();
            let history = pos.history();
            match history.split_last() {
                // One move since the engine's own: `TURN`, as a Gomocup manager plays a
                // game, so that the engine keeps what it learnt (its hash table) from move
                // to move.
                Some((last, before)) if !x.known.is_empty() && before == x.known => {
                    // Rapfi drops a command that comes while its search is still closing,
                    // just after it printed its move (here the next would be `TURN`'s
                    // coordinates, read as an unknown command, and the game would hang):
                    // a manager's move never comes that fast.
                    if let Some(t) = x.answered {
                        std::thread::sleep(GOMOCUP_SETTLE.saturating_sub(t.elapsed()));
                    }
                    let (lx, ly) = gomocup::to_xy(*last, n);
                    x.send(&format!("TURN {lx},{ly}"))?;
                }
                _ => set_up_gomocup(x, pos)?,
            }
            let (px, py) = x.read_until(|l| {
                let (a, b) = l.split_once(',')?;
                Some((a.trim().parse::<u8>().ok()?, b.trim().parse::<u8>().ok()?))
            })?;
            if px >= n || py >= n {
                return Err(format!("engine answered {px},{py}, off the board"));
            }
            let answer = Point {
                x: px,
                y: n - 1 - py,
            };
            x.known = history.to_vec();
            x.known.push(answer);
            x.answered = Some(Instant::now());
            Ok(answer)
        }
    }
}

/// Tells a Gomocup engine a new game at `pos` and asks for its move: the rule, `START`, the
/// time per move, then the stones as a `BOARD` block (Gomocup's y axis runs downwards).
fn set_up_gomocup(x: &mut ExternalEngine, pos: &gomoku::Position) -> Result<(), String> {
    let n = pos.size();
    x.send(&format!("INFO rule {}", gomocup::rule_bits(pos.rule())))?;
    x.send(&format!("START {n}"))?;
    x.read_until(|l| (l == "OK" || l.starts_with("ERROR")).then(|| l.to_string()))?;
    x.send(&format!("INFO timeout_turn {}", x.move_ms))?;
    x.send("BOARD")?;
    let me = pos.side_to_move();
    for (i, p) in pos.history().iter().enumerate() {
        let side = if i % 2 == 0 { Side::Black } else { Side::White };
        let field = if side == me { 1 } else { 2 };
        let (px, py) = gomocup::to_xy(*p, n);
        x.send(&format!("{px},{py},{field}"))?;
    }
    x.send("DONE")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contenders_parse() {
        assert_eq!("random".parse::<Contender>(), Ok(Contender::Random));
        let Ok(Contender::Level(c)) = "hard@200".parse::<Contender>() else {
            panic!()
        };
        assert_eq!((c.level, c.time_ms), (Level::Hard, Some(200)));
        let Ok(Contender::Level(c)) = "medium/2".parse::<Contender>() else {
            panic!()
        };
        assert_eq!((c.level, c.depth), (Level::Medium, 2));
        assert!("grandmaster".parse::<Contender>().is_err());
        assert_eq!(
            "hard+book@500".parse::<Contender>(),
            Ok(Contender::Booked(
                AiConfig {
                    time_ms: Some(500),
                    ..AiConfig::for_level(Level::Hard)
                },
                BookUse::Best
            ))
        );
        let Ok(Contender::Booked(c, BookUse::Vary)) = "medium+book+vary".parse::<Contender>()
        else {
            panic!()
        };
        assert_eq!(c.level, Level::Medium);
        assert_eq!(
            "hard+book+vary@500"
                .parse::<Contender>()
                .map(|c| c.to_string()),
            Ok("Hard+book+vary@500ms".to_string())
        );
        assert!("hard+books".parse::<Contender>().is_err());
        assert_eq!(
            "cmd:edax -q".parse::<Contender>(),
            Ok(Contender::External("edax -q".into()))
        );
    }

    #[test]
    fn gomocup_openings_map_to_points() {
        let o = gomoku_opening("0,0, 1,0, 1,3", 15).unwrap();
        assert_eq!(
            o.iter().map(ToString::to_string).collect::<Vec<_>>(),
            vec!["H8", "I8", "I5"]
        );
        assert!(gomoku_opening("-8,0", 15).is_none());
    }

    #[test]
    fn nboard_answers_are_read_in_both_forms() {
        assert_eq!(nboard_move("=== F5/3.00/0.1").as_deref(), Some("F5"));
        assert_eq!(
            nboard_move("=== f3 3.00 0.2").as_deref(),
            Some("f3"),
            "Edax's form"
        );
        assert_eq!(nboard_move("===  pa").as_deref(), Some("pa"));
        assert_eq!(nboard_move("status Thinking"), None);
        assert_eq!(nboard_move("==="), None);
    }

    #[test]
    fn medium_beats_random_at_reversi_in_a_short_match() {
        let openings: Vec<Vec<Move>> = REVERSI_OPENINGS[..2]
            .iter()
            .map(|t| reversi::parse_transcript(t).unwrap())
            .collect();
        let s = reversi_match(
            &Contender::Level(AiConfig::for_level(Level::Medium)),
            &Contender::Random,
            &openings,
            ExternalLimits::default(),
            |_| {},
        )
        .unwrap();
        assert_eq!(s.wins + s.losses + s.draws, 4);
        assert!(s.wins >= 3, "{s}");
        // Both sides' moves are timed: Reversi games last about 30 moves a side.
        for t in s.times {
            assert!(t.moves >= 4 * 20 && t.max <= t.total, "{t}");
            assert!(t.average_ms() * f64::from(t.moves) <= t.total.as_secs_f64() * 1000.0 + 1.0);
        }
    }
}
