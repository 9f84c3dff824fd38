//! Fuzz tests with fixed seeds: the two protocol engines, the `.obf` reader of `reversi solve`
//! and the JSON loaders of saved games and records get random bytes and random mixtures of
//! valid input and garbage. Nothing may panic, the engines' `run` must return `Ok`, and every
//! move an engine answers must be legal in the game as the sender knows it.
//!
//! The protocol sessions are model-based: the test keeps its own copy of the game (a *shadow*:
//! the stones or discs it sent, plus the engine's answers), predicts the kind of every reply
//! from it (`OK`, `ERROR`, a move, nothing…) and checks each answered move against it. Replies
//! are matched to commands through a marker sent after each command (`ABOUT` for Gomocup,
//! `ping N` for NBoard). Searches are kept tiny (`INFO timeout_turn 10` and a depth limit of
//! one ply for Gomocup, `set depth 1` for NBoard).
//!
//! `cargo test --release --test fuzz` runs a few thousand inputs of each kind (about 10 s on
//! two cores); `cargo test --release --test fuzz -- --ignored` runs the long campaign, 100 000
//! of each kind with other seeds (about 6 minutes). The commands are fixed by the seeds, but a
//! Gomocup answer may depend on timing (its searches have a 10 ms budget), so two runs can
//! play different games from the same commands.

use std::collections::HashSet;

use reversi_gomoku::core::{GameRules as _, Side};
use reversi_gomoku::gomoku::{self, Point, Rule};
use reversi_gomoku::persist::{CurrentGames, Records, SavedGame, parse_gomoku_moves};
use reversi_gomoku::protocol::{MAX_LINE_BYTES, gomocup, nboard};
use reversi_gomoku::reversi::{self, Move, Square};
use reversi_gomoku::tools::parse_obf;

/// xorshift64*: small, fast and reproducible.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in `0..n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// Random bytes, `0..max_len` long, biased towards line ends, ASCII letters, digits and
    /// protocol punctuation so that they sometimes look like commands.
    fn bytes(&mut self, max_len: usize) -> Vec<u8> {
        const ALPHABET: &[u8] = b"\n\n\n\r ,,[]/;*-OX0123456789STARTBEGINDONEturnboardmove";
        let len = self.below(max_len + 1);
        (0..len)
            .map(|_| match self.below(4) {
                0 => self.next() as u8,
                _ => *self.pick(ALPHABET),
            })
            .collect()
    }

    /// One line of junk that is valid UTF-8, has no line end, and starts with `~` (so it is no
    /// command and no BOARD stone): printable ASCII, control characters and non-ASCII letters.
    fn junk_line(&mut self) -> String {
        const PIECES: &[&str] = &[
            "a", "Z", "7", ",", " ", "\t", "\r", "\u{1b}", "é", "日", "ß", "[", "]", "DONE", "TURN",
        ];
        let mut s = String::from("~");
        for _ in 0..self.below(24) {
            s.push_str(PIECES[self.below(PIECES.len())]);
        }
        s
    }

    /// One line that is not UTF-8: a lone 0xFF somewhere in random bytes (never a line end).
    fn not_utf8_line(&mut self) -> Vec<u8> {
        let mut b: Vec<u8> = (0..self.below(12))
            .map(|_| self.next() as u8)
            .filter(|&c| c != b'\n')
            .collect();
        let at = self.below(b.len() + 1);
        b.insert(at, 0xFF);
        b
    }
}

/// Applies 1..=`max_edits` random byte edits (replace, insert, delete, truncate, duplicate a
/// slice) to `bytes`.
fn mutate(rng: &mut Rng, bytes: &mut Vec<u8>, max_edits: usize) {
    for _ in 0..1 + rng.below(max_edits) {
        if bytes.is_empty() {
            bytes.push(rng.next() as u8);
            continue;
        }
        let at = rng.below(bytes.len());
        match rng.below(6) {
            0 | 1 => bytes[at] = rng.next() as u8,
            2 => bytes.insert(at, *rng.pick(b"\n0123456789,[]\"{}:-")),
            3 => {
                bytes.remove(at);
            }
            4 => bytes.truncate(at),
            _ => {
                let end = (at + 1 + rng.below(16)).min(bytes.len());
                let slice = bytes[at..end].to_vec();
                let to = rng.below(bytes.len());
                bytes.splice(to..to, slice);
            }
        }
    }
}

/// `bytes` without the lines that contain `word`.
fn without_lines_containing(bytes: &[u8], word: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    for line in bytes.split(|&b| b == b'\n') {
        if !line.windows(word.len()).any(|w| w == word) {
            out.extend_from_slice(line);
            out.push(b'\n');
        }
    }
    out
}

fn lines_of(out: &[u8], what: &str) -> Vec<String> {
    String::from_utf8(out.to_vec())
        .unwrap_or_else(|_| panic!("{what} wrote something that is not UTF-8"))
        .lines()
        .map(str::to_string)
        .collect()
}

/// Longest line an engine may write in these tests (error lines quote at most 60 characters).
const MAX_REPLY_LINE: usize = 400;

// ---------------------------------------------------------------------------------------------
// Gomocup
// ---------------------------------------------------------------------------------------------

/// One command (with its marker-delimited reply) of a Gomocup session.
#[derive(Clone, Debug)]
enum GCmd {
    Start(String),
    Restart,
    Begin,
    /// `TURN x,y` (Gomocup coordinates).
    Turn(u8, u8),
    /// `TAKEBACK x,y`.
    Takeback(u8, u8),
    /// `INFO rule <bits>`.
    Rule(i64),
    /// Another `INFO` that only sets limits.
    Info(&'static str),
    Forbid,
    /// `BOARD` (`false`) or `YXBOARD` (`true`) with stone lines (x, y, field) and junk lines
    /// (`Err`) in between.
    Block(bool, Vec<Result<(u8, u8, u8), Vec<u8>>>),
    /// `SWAP2BOARD` with these stone lines (`x,y`, in the order placed).
    Swap2(Vec<(u8, u8)>),
    /// A line that must be refused without any change: the kind of reply expected.
    Garbage(Vec<u8>, Refusal),
    /// A blank line: no reply.
    Blank(String),
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Refusal {
    Error,
    Unknown,
}

/// Commands that are always malformed, whatever the state.
const G_MALFORMED: &[&str] = &[
    "TURN",
    "TURN 1",
    "TURN a,b",
    "TURN 1,2,3",
    "TURN -1,3",
    "TURN 300,1",
    "START",
    "START x",
    "START 300",
    "START 8",
    "START 20",
    "INFO timeout_turn abc",
    "INFO rule x",
    "TAKEBACK",
    "TAKEBACK 1",
    "TAKEBACK 1,x",
];

/// Stone lines in a BOARD block that are always refused.
const G_BAD_STONES: &[&str] = &[
    "1,2", "1,2,4", "1,2,0", "a,b,1", "20,3,1", "3,20,2", ",,", "1,2,3,4",
];

/// A coordinate near the centre of a 15×15 board, sometimes anywhere up to 19.
fn g_coord(rng: &mut Rng) -> u8 {
    if rng.chance(10) {
        rng.below(20) as u8
    } else {
        (4 + rng.below(4) + rng.below(4)) as u8
    }
}

fn g_command(rng: &mut Rng, big_lines: &mut usize) -> GCmd {
    match rng.below(100) {
        0..=4 => GCmd::Start(match rng.below(6) {
            0 => rng
                .pick(&["9", "10", "19", "0", "255", "x", "15 15"])
                .to_string(),
            1 => (9 + rng.below(11)).to_string(),
            _ => "15".to_string(),
        }),
        5..=6 => GCmd::Restart,
        7..=8 => GCmd::Begin,
        9..=44 => GCmd::Turn(g_coord(rng), g_coord(rng)),
        45..=49 => GCmd::Takeback(g_coord(rng), g_coord(rng)),
        50..=55 => GCmd::Rule(*rng.pick(&[0, 1, 2, 4, 5, 8, 12, -1])),
        56..=57 => GCmd::Info(rng.pick::<&str>(&[
            "INFO timeout_turn 10",
            "INFO time_left 100000",
            "INFO max_memory 0",
            "INFO timeout_match 0",
            "INFO game_type 1",
            "INFO folder C:\\tmp é",
            "INFO evaluate 3,4",
        ])),
        58..=60 => GCmd::Forbid,
        61..=72 => {
            let own = rng.below(10);
            let opp = match rng.below(5) {
                0 => rng.below(12),
                1 => own + 1,
                _ => own,
            };
            let mut lines = Vec::new();
            for field in std::iter::repeat_n(1u8, own).chain(std::iter::repeat_n(2u8, opp)) {
                let field = if field == 2 && rng.chance(20) {
                    3
                } else {
                    field
                };
                lines.push(Ok((g_coord(rng), g_coord(rng), field)));
            }
            // Shuffle, then add junk.
            for i in (1..lines.len()).rev() {
                let j = rng.below(i + 1);
                lines.swap(i, j);
            }
            for _ in 0..rng.below(3) {
                let junk = match rng.below(4) {
                    0 => rng.not_utf8_line(),
                    1 => rng.junk_line().into_bytes(),
                    2 => " ".repeat(rng.below(3)).into_bytes(),
                    _ => rng.pick(G_BAD_STONES).as_bytes().to_vec(),
                };
                let at = rng.below(lines.len() + 1);
                lines.insert(at, Err(junk));
            }
            GCmd::Block(rng.chance(30), lines)
        }
        73..=74 => {
            let count = *rng.pick(&[0, 0, 3, 3, 3, 5, 5, 1, 2, 4, 6]);
            GCmd::Swap2((0..count).map(|_| (g_coord(rng), g_coord(rng))).collect())
        }
        75..=82 => GCmd::Garbage(rng.junk_line().into_bytes(), Refusal::Unknown),
        83..=88 => GCmd::Garbage(rng.not_utf8_line(), Refusal::Error),
        89..=96 => GCmd::Garbage(rng.pick(G_MALFORMED).as_bytes().to_vec(), Refusal::Error),
        97 if *big_lines > 0 => {
            *big_lines -= 1;
            GCmd::Garbage(vec![b'7'; MAX_LINE_BYTES + 1], Refusal::Error)
        }
        _ => GCmd::Blank(" ".repeat(rng.below(3))),
    }
}

fn g_render(cmd: &GCmd, out: &mut Vec<u8>) {
    let mut line = |l: &[u8]| {
        out.extend_from_slice(l);
        out.push(b'\n');
    };
    match cmd {
        GCmd::Start(n) => line(format!("START {n}").as_bytes()),
        GCmd::Restart => line(b"RESTART"),
        GCmd::Begin => line(b"BEGIN"),
        GCmd::Turn(x, y) => line(format!("TURN {x},{y}").as_bytes()),
        GCmd::Takeback(x, y) => line(format!("TAKEBACK {x},{y}").as_bytes()),
        GCmd::Rule(bits) => line(format!("INFO rule {bits}").as_bytes()),
        GCmd::Info(text) => line(text.as_bytes()),
        GCmd::Forbid => line(b"YXSHOWFORBID"),
        GCmd::Block(yx, lines) => {
            line(if *yx { b"YXBOARD" } else { b"BOARD" });
            for l in lines {
                match l {
                    Ok((x, y, f)) => line(format!("{x},{y},{f}").as_bytes()),
                    Err(junk) => line(junk),
                }
            }
            line(b"DONE");
        }
        GCmd::Swap2(stones) => {
            line(b"SWAP2BOARD");
            for (x, y) in stones {
                line(format!("{x},{y}").as_bytes());
            }
            line(b"DONE");
        }
        GCmd::Garbage(bytes, _) => line(bytes),
        GCmd::Blank(s) => line(s.as_bytes()),
    }
    line(b"ABOUT");
}

/// The manager's view of a Gomocup game.
struct GShadow {
    /// Board size once `START` was accepted.
    size: Option<u8>,
    rule: Rule,
    black: Vec<Point>,
    white: Vec<Point>,
    to_move: Side,
    /// Moves the brain answered (all checked).
    answered: usize,
}

impl GShadow {
    fn new() -> GShadow {
        GShadow {
            size: None,
            rule: Rule::Freestyle,
            black: Vec::new(),
            white: Vec::new(),
            to_move: Side::Black,
            answered: 0,
        }
    }

    fn clear(&mut self, size: u8) {
        self.size = Some(size);
        self.black.clear();
        self.white.clear();
        self.to_move = Side::Black;
    }

    fn position(&self) -> gomoku::Position {
        gomoku::Position::with_stones(
            self.size.expect("started"),
            self.rule,
            &self.black,
            &self.white,
            self.to_move,
        )
        .expect("the shadow is a valid position")
    }

    fn stone_at(&self, p: Point) -> Option<Side> {
        if self.black.contains(&p) {
            Some(Side::Black)
        } else if self.white.contains(&p) {
            Some(Side::White)
        } else {
            None
        }
    }

    fn place(&mut self, p: Point) {
        match self.to_move {
            Side::Black => self.black.push(p),
            Side::White => self.white.push(p),
        }
        self.to_move = !self.to_move;
    }

    /// Gomocup `x,y` → point, when on the board.
    fn point(&self, x: u8, y: u8) -> Option<Point> {
        let size = self.size?;
        (x < size && y < size).then(|| Point::new(x, size - 1 - y))
    }

    /// Checks that `answer` is a move `x,y` on an empty point where the side to move may play,
    /// and plays it.
    fn answer(&mut self, answer: &str, ctx: &str) {
        let size = self.size.expect("started");
        let parsed = answer
            .split_once(',')
            .and_then(|(x, y)| Some((x.parse::<u8>().ok()?, y.parse::<u8>().ok()?)));
        let Some((x, y)) = parsed else {
            panic!("{ctx}: expected a move x,y, got {answer:?}");
        };
        let p = self
            .point(x, y)
            .unwrap_or_else(|| panic!("{ctx}: {answer} is off the {size}x{size} board"));
        assert!(
            self.stone_at(p).is_none(),
            "{ctx}: answered {answer}, an occupied point"
        );
        assert!(
            self.position().is_legal(p),
            "{ctx}: answered {answer}, not legal for {:?} under {:?}",
            self.to_move,
            self.rule
        );
        self.place(p);
        self.answered += 1;
    }
}

fn is_error(line: &str) -> bool {
    line.starts_with("ERROR")
}

/// Checks the reply `out` (without MESSAGE lines) to `cmd`, predicting it from the shadow,
/// and updates the shadow.
fn g_check(cmd: &GCmd, s: &mut GShadow, out: &[String], ctx: &str) {
    let one_error = |out: &[String]| {
        assert!(
            out.len() == 1 && is_error(&out[0]),
            "{ctx}: expected ERROR, got {out:?}"
        );
    };
    match cmd {
        GCmd::Start(n) => match n
            .parse::<u8>()
            .ok()
            .filter(|&n| gomoku::Position::new(n, s.rule).is_ok())
        {
            Some(size) => {
                assert_eq!(out, ["OK"], "{ctx}");
                s.clear(size);
            }
            None => one_error(out),
        },
        GCmd::Restart => match s.size {
            Some(size) => {
                assert_eq!(out, ["OK"], "{ctx}");
                s.clear(size);
            }
            None => one_error(out),
        },
        GCmd::Begin => {
            if s.size.is_none() || !s.black.is_empty() || !s.white.is_empty() {
                one_error(out);
            } else {
                assert_eq!(out.len(), 1, "{ctx}: {out:?}");
                s.answer(&out[0], ctx);
            }
        }
        GCmd::Turn(x, y) => {
            let Some(p) = s.point(*x, *y) else {
                return one_error(out);
            };
            let mut pos = s.position();
            if pos.play(p).is_err() {
                return one_error(out);
            }
            s.place(p);
            if pos.outcome().is_some() {
                one_error(out); // the game is over: nothing to answer
            } else {
                assert_eq!(out.len(), 1, "{ctx}: {out:?}");
                s.answer(&out[0], ctx);
            }
        }
        GCmd::Takeback(x, y) => {
            let Some(p) = s.point(*x, *y) else {
                return one_error(out);
            };
            let Some(side) = s.stone_at(p) else {
                return one_error(out);
            };
            assert_eq!(out, ["OK"], "{ctx}");
            s.black.retain(|&q| q != p);
            s.white.retain(|&q| q != p);
            s.to_move = side;
        }
        GCmd::Rule(bits) => {
            let rule = gomocup::rule_from_bits(*bits);
            if rule != s.rule && rule == Rule::Renju && s.size.is_some_and(|n| n != 15) {
                one_error(out);
            } else {
                assert!(out.is_empty(), "{ctx}: {out:?}");
                s.rule = rule; // the stones stay
            }
        }
        GCmd::Info(_) | GCmd::Blank(_) => assert!(out.is_empty(), "{ctx}: {out:?}"),
        GCmd::Forbid => {
            if s.size.is_none() {
                return one_error(out);
            }
            assert_eq!(out.len(), 1, "{ctx}: {out:?}");
            let body = out[0]
                .strip_prefix("FORBID ")
                .and_then(|b| b.strip_suffix('.'))
                .unwrap_or_else(|| panic!("{ctx}: {:?}", out[0]));
            assert!(
                body.len().is_multiple_of(4) && body.bytes().all(|b| b.is_ascii_digit()),
                "{ctx}: {body}"
            );
            let listed: HashSet<Point> = body
                .as_bytes()
                .chunks(4)
                .map(|c| {
                    let n = |t: &[u8]| std::str::from_utf8(t).unwrap().parse::<u8>().unwrap();
                    s.point(n(&c[..2]), n(&c[2..])).expect("on the board")
                })
                .collect();
            let expected: HashSet<Point> = s
                .position()
                .forbidden_points()
                .into_iter()
                .map(|f| f.0)
                .collect();
            assert_eq!(listed, expected, "{ctx}: forbidden points");
        }
        GCmd::Garbage(bytes, refusal) => {
            assert_eq!(out.len(), 1, "{ctx}: {out:?}");
            let ok = match refusal {
                Refusal::Error => is_error(&out[0]),
                Refusal::Unknown => out[0].starts_with("UNKNOWN "),
            };
            assert!(
                ok,
                "{ctx}: {:?} → {:?}",
                String::from_utf8_lossy(&bytes[..bytes.len().min(80)]),
                out[0]
            );
        }
        GCmd::Swap2(stones) => check_swap2(stones, s, out, ctx),
        GCmd::Block(yx, lines) => {
            if s.size.is_none() {
                // No block opens: every following line is a command of its own (a stone, junk
                // or DONE is unknown, a line that is not UTF-8 an error).
                let replied = lines
                    .iter()
                    .filter(|l| !matches!(l, Err(j) if j.iter().all(|&b| b == b' ')))
                    .count()
                    + 2;
                assert_eq!(out.len(), replied, "{ctx}: {out:?}");
                assert!(is_error(&out[0]), "{ctx}: {out:?}");
                assert!(
                    out.iter().all(|l| is_error(l) || l.starts_with("UNKNOWN ")),
                    "{ctx}: {out:?}"
                );
                return;
            }
            let mut bad = 0;
            let (mut own, mut opp) = (Vec::new(), Vec::new());
            for l in lines {
                match l {
                    Ok((x, y, f)) => match s.point(*x, *y) {
                        Some(p) if *f == 1 => own.push(p),
                        Some(p) => opp.push(p),
                        None => bad += 1,
                    },
                    Err(junk) if junk.iter().all(|&b| b == b' ') => {}
                    Err(_) => bad += 1,
                }
            }
            assert!(out.len() >= bad, "{ctx}: {out:?}");
            assert!(out[..bad].iter().all(|l| is_error(l)), "{ctx}: {out:?}");
            let done = &out[bad..];
            let we = if own.len() == opp.len() {
                Side::Black
            } else {
                Side::White
            };
            let (black, white) = if we == Side::Black {
                (own, opp)
            } else {
                (opp, own)
            };
            if black.len() < white.len() || black.len() > white.len() + 1 {
                return one_error(done);
            }
            let size = s.size.expect("started");
            let Ok(pos) = gomoku::Position::with_stones(size, s.rule, &black, &white, we) else {
                return one_error(done); // a point given twice
            };
            s.black = black;
            s.white = white;
            s.to_move = we;
            if *yx {
                assert!(done.is_empty(), "{ctx}: {out:?}");
            } else if pos.outcome().is_some() {
                one_error(done);
            } else {
                assert_eq!(done.len(), 1, "{ctx}: {out:?}");
                s.answer(&done[0], ctx);
            }
        }
    }
}

/// Checks the reply to `SWAP2BOARD` with `stones` (see the brain's module docs): errors for
/// what cannot be played, else three stones, `SWAP`, or stones, all on empty points; the
/// shadow becomes the brain's board (the stones and its own).
fn check_swap2(stones: &[(u8, u8)], s: &mut GShadow, out: &[String], ctx: &str) {
    if s.size.is_none() {
        // No block opens: SWAP2BOARD is an error, each stone line and DONE unknown.
        assert_eq!(out.len(), stones.len() + 2, "{ctx}: {out:?}");
        assert!(is_error(&out[0]), "{ctx}: {out:?}");
        return;
    }
    let on_board: Vec<Point> = stones.iter().filter_map(|&(x, y)| s.point(x, y)).collect();
    let bad = stones.len() - on_board.len();
    assert!(out.len() > bad, "{ctx}: {out:?}");
    assert!(out[..bad].iter().all(|l| is_error(l)), "{ctx}: {out:?}");
    let done = &out[bad..];
    let one_error = |done: &[String]| {
        assert!(done.len() == 1 && is_error(&done[0]), "{ctx}: {done:?}");
    };
    let distinct: HashSet<Point> = on_board.iter().copied().collect();
    if !matches!(on_board.len(), 0 | 3 | 5) || distinct.len() != on_board.len() {
        return one_error(done);
    }
    assert_eq!(done.len(), 1, "{ctx}: {done:?}");
    s.black.clear();
    s.white.clear();
    s.to_move = Side::Black;
    for &p in &on_board {
        s.place(p);
    }
    if done[0] == "SWAP" {
        assert!(on_board.len() >= 3, "{ctx}: SWAP on an empty board");
        return;
    }
    let points: Vec<&str> = done[0].split(' ').collect();
    let expected = match on_board.len() {
        0 => vec![3],
        3 => vec![1, 2],
        _ => vec![1],
    };
    assert!(expected.contains(&points.len()), "{ctx}: {done:?}");
    for xy in points {
        s.answer(xy, ctx);
    }
}

/// Runs one model-checked Gomocup session of `len` commands; returns how many moves the brain
/// answered.
fn gomocup_session(rng: &mut Rng, len: usize, big_lines: &mut usize) -> usize {
    let mut cmds = vec![GCmd::Info("INFO timeout_turn 10")];
    if rng.chance(80) {
        cmds.push(GCmd::Start("15".into()));
    }
    cmds.extend((0..len).map(|_| g_command(rng, big_lines)));
    let mut input = Vec::new();
    for c in &cmds {
        g_render(c, &mut input);
    }
    input.extend_from_slice(b"END\nSTART 15\nBEGIN\n");
    let mut out = Vec::new();
    gomocup::Brain::new()
        .with_max_depth(1)
        .run(&input[..], &mut out)
        .expect("run returns Ok");
    let lines = lines_of(&out, "gomocup");
    for l in &lines {
        let short = l.len() <= MAX_REPLY_LINE || l.starts_with("FORBID ");
        assert!(short, "a {}-byte reply: {l:.80}", l.len());
    }
    let mut segments: Vec<Vec<String>> = vec![Vec::new()];
    for l in lines {
        if l.starts_with("name=\"reversi-gomoku\"") {
            segments.push(Vec::new());
        } else if !l.starts_with("MESSAGE") {
            segments.last_mut().expect("one").push(l);
        }
    }
    assert_eq!(
        segments.len(),
        cmds.len() + 1,
        "one reply per command, nothing after END"
    );
    assert!(
        segments[cmds.len()].is_empty(),
        "{:?}",
        segments[cmds.len()]
    );
    let mut shadow = GShadow::new();
    for (i, (cmd, out)) in cmds.iter().zip(&segments).enumerate() {
        g_check(
            cmd,
            &mut shadow,
            out,
            &format!("command {i}: {}", describe(cmd)),
        );
    }
    shadow.answered
}

/// A command for a failure message, without quoting a huge line whole.
fn describe(cmd: &GCmd) -> String {
    match cmd {
        GCmd::Garbage(bytes, _) if bytes.len() > 200 => format!("a {}-byte line", bytes.len()),
        other => format!("{other:?}"),
    }
}

/// Random bytes and mutated valid sessions: no panic, `Ok`, and only well-formed replies.
fn gomocup_raw(rng: &mut Rng) {
    let mut input = b"INFO timeout_turn 10\n".to_vec();
    if rng.chance(50) {
        input.extend(rng.bytes(300));
    } else {
        let mut session = Vec::new();
        let mut no_big = 0;
        if rng.chance(70) {
            session.extend_from_slice(b"START 15\n");
        }
        for _ in 0..rng.below(12) {
            g_render(&g_command(rng, &mut no_big), &mut session);
        }
        mutate(rng, &mut session, 8);
        // A mutation must not lengthen the searches: time limits stay as set above.
        input.extend(without_lines_containing(&session, b"time"));
    }
    let mut out = Vec::new();
    gomocup::Brain::new()
        .with_max_depth(1)
        .run(&input[..], &mut out)
        .expect("run returns Ok");
    for l in lines_of(&out, "gomocup") {
        let short = l.len() <= MAX_REPLY_LINE || l.starts_with("FORBID ");
        assert!(short, "a {}-byte reply: {l:.80}", l.len());
        let known = [
            "OK",
            "ERROR ",
            "UNKNOWN ",
            "MESSAGE ",
            "FORBID ",
            "name=\"reversi-gomoku\"",
        ]
        .iter()
        .any(|p| l.starts_with(p));
        let is_move = |m: &str| {
            m.split_once(',')
                .and_then(|(x, y)| Some(x.parse::<u8>().ok()? < 19 && y.parse::<u8>().ok()? < 19))
                == Some(true)
        };
        // A move, or SWAP2BOARD's stones (up to three on a line) or SWAP.
        let moves = l.split(' ').count() <= 3 && l.split(' ').all(is_move);
        assert!(known || moves || l == "SWAP", "unexpected reply {l:?}");
    }
}

fn fuzz_gomocup(seed: u64, sessions: usize, raw: usize) -> (usize, usize) {
    let mut rng = Rng::new(seed);
    let mut big_lines = 2;
    let mut answered = 0;
    for _ in 0..sessions {
        let len = 1 + rng.below(30);
        answered += gomocup_session(&mut rng, len, &mut big_lines);
    }
    for _ in 0..raw {
        gomocup_raw(&mut rng);
    }
    (sessions + raw, answered)
}

// ---------------------------------------------------------------------------------------------
// NBoard
// ---------------------------------------------------------------------------------------------

/// What an NBoard command must be answered with, predicted when it is generated.
#[derive(Clone, Debug)]
enum NExpect {
    Nothing,
    Exactly(Vec<String>),
    /// One line beginning with this.
    StartsWith(&'static str),
    /// `=== <legal move>/…` in this position.
    Go(reversi::Position),
    /// `status Thinking`, 1..=n `search <legal move> …` lines, `status`.
    Hint(reversi::Position, usize),
}

/// A random game from `pos`: up to `plies` random legal moves.
fn random_game(
    rng: &mut Rng,
    mut pos: reversi::Position,
    plies: usize,
) -> (reversi::Position, Vec<Move>) {
    let mut moves = Vec::new();
    while moves.len() < plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = *rng.pick(&legal);
        pos.play(m).expect("legal");
        moves.push(m);
    }
    (pos, moves)
}

fn board_text(pos: &reversi::Position) -> String {
    let mut s = String::from("8 ");
    for sq in Square::all() {
        s.push(match pos.disc_at(sq) {
            Some(Side::Black) => '*',
            Some(Side::White) => 'O',
            None => '-',
        });
    }
    s.push(' ');
    s.push(if pos.side_to_move() == Side::Black {
        '*'
    } else {
        'O'
    });
    s
}

/// Text between GGF tags that cannot end a tag name (no ASCII capitals).
fn ggf_noise(rng: &mut Rng) -> &'static str {
    if rng.chance(70) {
        ""
    } else {
        rng.pick::<&str>(&[" ", "é", "ü ", "日本", "x", "\t", "ß", "É"])
    }
}

/// A `set game` line: a valid GGF (with the position it leads to) or an invalid one (`None`).
fn n_set_game(rng: &mut Rng) -> (String, Option<reversi::Position>) {
    let start = if rng.chance(80) {
        reversi::Position::new()
    } else {
        let (black, white) = (rng.next(), rng.next());
        let side = if rng.chance(50) {
            Side::Black
        } else {
            Side::White
        };
        reversi::Position::from_board(black & !white & rng.next(), white & !black, side)
    };
    let plies = rng.below(64);
    let (end, moves) = random_game(rng, start, plies);
    let mut ggf = format!(
        "(;GM[Othello]PC[Zürich]PB[a]PW[b]RE[?]TI[5:00]TY[8]{}BO[{}]",
        ggf_noise(rng),
        board_text(&start)
    );
    let mut replay = start;
    for (i, m) in moves.iter().enumerate() {
        let tag = if replay.side_to_move() == Side::Black {
            "B"
        } else {
            "W"
        };
        replay.play(*m).expect("legal");
        if *m == Move::Pass && i + 1 < moves.len() && rng.chance(50) {
            continue; // an implicit pass (the reader infers it from the next move)
        }
        let text = match m {
            Move::Pass => "PA".to_string(),
            Move::Place(sq) if rng.chance(50) => sq.to_string().to_ascii_uppercase(),
            Move::Place(sq) => sq.to_string(),
        };
        let suffix = if rng.chance(30) { "/1.5/0.2" } else { "" };
        ggf.push_str(&format!("{}{tag}[{text}{suffix}]", ggf_noise(rng)));
    }
    match rng.below(10) {
        0 => {
            // A move onto an occupied square: refused whole.
            let occupied = Square::all().find(|&sq| end.disc_at(sq).is_some());
            match occupied {
                Some(sq) => ggf.push_str(&format!("B[{sq}]")),
                None => ggf.push_str("B[zz]"),
            }
            (format!("set game {ggf};)"), None)
        }
        1 => (format!("set game {}", ggf.replace("BO[", "XX[")), None),
        2 => (format!("set game {ggf}W["), None),
        _ => (format!("set game {ggf};)"), Some(end)),
    }
}

fn n_session(rng: &mut Rng, len: usize) -> (Vec<u8>, Vec<NExpect>) {
    let mut pos = reversi::Position::new();
    let mut input = Vec::new();
    let mut expect = Vec::new();
    let push = |input: &mut Vec<u8>, expect: &mut Vec<NExpect>, line: &[u8], e: NExpect| {
        input.extend_from_slice(line);
        input.push(b'\n');
        let n = expect.len();
        input.extend_from_slice(format!("ping {n}\n").as_bytes());
        expect.push(e);
    };
    push(&mut input, &mut expect, b"set depth 1", NExpect::Nothing);
    for _ in 0..len {
        match rng.below(100) {
            0..=29 => {
                let legal = pos.legal_moves();
                let mv = if !legal.is_empty() && rng.chance(80) {
                    *rng.pick(&legal)
                } else if rng.chance(20) {
                    Move::Pass
                } else {
                    Move::Place(*rng.pick(&Square::all().collect::<Vec<_>>()))
                };
                let text = match mv {
                    Move::Pass => rng.pick(&["PA", "pass", "pa"]).to_string(),
                    Move::Place(sq) => sq.to_string().to_ascii_uppercase(),
                };
                let suffix = if rng.chance(30) { "/0.5/1" } else { "" };
                let e = if pos.play(mv).is_ok() {
                    NExpect::Nothing
                } else {
                    NExpect::StartsWith("status illegal move")
                };
                push(
                    &mut input,
                    &mut expect,
                    format!("move {text}{suffix}").as_bytes(),
                    e,
                );
            }
            30..=44 => {
                let e = if pos.is_game_over() {
                    NExpect::Exactly(vec!["status the game is over".into()])
                } else {
                    NExpect::Go(pos)
                };
                push(&mut input, &mut expect, b"go", e);
            }
            45..=49 => {
                let n = rng.below(4);
                let e = NExpect::Hint(pos, n.max(1));
                push(&mut input, &mut expect, format!("hint {n}").as_bytes(), e);
            }
            50..=64 => {
                let (line, result) = n_set_game(rng);
                let e = match result {
                    Some(p) => {
                        pos = p;
                        NExpect::Nothing
                    }
                    None => NExpect::StartsWith("status cannot read the game"),
                };
                push(&mut input, &mut expect, line.as_bytes(), e);
            }
            65..=67 => push(
                &mut input,
                &mut expect,
                b"nboard 2",
                NExpect::Exactly(vec!["set myname reversi-gomoku".into()]),
            ),
            68..=69 => push(
                &mut input,
                &mut expect,
                b"learn",
                NExpect::Exactly(vec!["learned".into()]),
            ),
            70..=74 => {
                let line = rng.pick(&[
                    "analyze",
                    "set contempt 3",
                    "set depth x",
                    "set",
                    "",
                    "   ",
                    "set depth 1",
                ]);
                push(&mut input, &mut expect, line.as_bytes(), NExpect::Nothing);
            }
            75..=79 => {
                let line = rng.pick(&["move", "move zz", "move i9", "move a0/1/2", "move é"]);
                push(
                    &mut input,
                    &mut expect,
                    line.as_bytes(),
                    NExpect::StartsWith("status illegal move"),
                );
            }
            80..=89 => {
                let junk = rng.junk_line();
                push(&mut input, &mut expect, junk.as_bytes(), NExpect::Nothing);
            }
            _ => {
                let junk = rng.not_utf8_line();
                push(&mut input, &mut expect, &junk, NExpect::Nothing);
            }
        }
    }
    input.extend_from_slice(b"quit\nping 99999\n");
    (input, expect)
}

fn parse_answer_move(text: &str) -> Move {
    if text == "PA" {
        Move::Pass
    } else {
        text.parse()
            .unwrap_or_else(|_| panic!("{text:?} is not a move"))
    }
}

fn n_check(e: &NExpect, out: &[String], ctx: &str) {
    match e {
        NExpect::Nothing => assert!(out.is_empty(), "{ctx}: {out:?}"),
        NExpect::Exactly(lines) => assert_eq!(out, &lines[..], "{ctx}"),
        NExpect::StartsWith(p) => {
            assert!(
                out.len() == 1 && out[0].starts_with(p),
                "{ctx}: expected {p}…, got {out:?}"
            );
        }
        NExpect::Go(pos) => {
            assert_eq!(out.len(), 1, "{ctx}: {out:?}");
            let reply = out[0]
                .strip_prefix("=== ")
                .unwrap_or_else(|| panic!("{ctx}: {out:?}"));
            let mut parts = reply.split('/');
            let mv = parse_answer_move(parts.next().unwrap_or(""));
            assert!(
                pos.check_move(mv).is_ok(),
                "{ctx}: answered {mv}, illegal in\n{pos:?}"
            );
            let eval: f64 = parts
                .next()
                .and_then(|t| t.parse().ok())
                .expect("an evaluation");
            assert!((-64.0..=64.0).contains(&eval), "{ctx}: {reply}");
        }
        NExpect::Hint(pos, n) => {
            assert_eq!(
                out.first().map(String::as_str),
                Some("status Thinking"),
                "{ctx}: {out:?}"
            );
            assert_eq!(
                out.last().map(String::as_str),
                Some("status"),
                "{ctx}: {out:?}"
            );
            let searches = &out[1..out.len() - 1];
            if pos.is_game_over() {
                assert!(searches.is_empty(), "{ctx}: {out:?}");
                return;
            }
            assert!((1..=*n).contains(&searches.len()), "{ctx}: {out:?}");
            let mut seen = HashSet::new();
            for l in searches {
                let fields: Vec<&str> = l.split(' ').collect();
                assert!(fields.len() == 5 && fields[0] == "search", "{ctx}: {l}");
                let mv = parse_answer_move(fields[1]);
                assert!(pos.check_move(mv).is_ok(), "{ctx}: hint {mv} is illegal");
                assert!(seen.insert(fields[1].to_string()), "{ctx}: {mv} twice");
            }
        }
    }
}

/// Runs one model-checked NBoard session; returns how many moves the engine answered.
fn nboard_session(rng: &mut Rng, len: usize) -> usize {
    let (input, expect) = n_session(rng, len);
    let mut out = Vec::new();
    nboard::run_with_notes(&input[..], &mut out, std::io::sink()).expect("run returns Ok");
    let lines = lines_of(&out, "nboard");
    let mut segments: Vec<Vec<String>> = vec![Vec::new()];
    for l in lines {
        assert!(
            l.len() <= MAX_REPLY_LINE,
            "a {}-byte reply: {l:.80}",
            l.len()
        );
        if l == format!("pong {}", segments.len() - 1) {
            segments.push(Vec::new());
        } else {
            segments.last_mut().expect("one").push(l);
        }
    }
    assert_eq!(
        segments.len(),
        expect.len() + 1,
        "one reply per command, nothing after quit"
    );
    assert!(
        segments[expect.len()].is_empty(),
        "{:?}",
        segments[expect.len()]
    );
    let mut answered = 0;
    for (i, (e, out)) in expect.iter().zip(&segments).enumerate() {
        n_check(e, out, &format!("command {i}"));
        if matches!(e, NExpect::Go(_)) {
            answered += 1;
        }
    }
    answered
}

/// Random bytes and mutated sessions: no panic, `Ok`, and only well-formed replies.
fn nboard_raw(rng: &mut Rng) {
    let mut input = b"set depth 1\n".to_vec();
    if rng.chance(50) {
        input.extend(rng.bytes(300));
    } else {
        let len = rng.below(8);
        let (mut session, _) = n_session(rng, len);
        mutate(rng, &mut session, 8);
        // A mutation must not raise the depth: it stays at the one ply set above.
        input.extend(without_lines_containing(&session, b"depth"));
    }
    let mut out = Vec::new();
    nboard::run_with_notes(&input[..], &mut out, std::io::sink()).expect("run returns Ok");
    for l in lines_of(&out, "nboard") {
        assert!(
            l.len() <= MAX_REPLY_LINE,
            "a {}-byte reply: {l:.80}",
            l.len()
        );
        let known = [
            "set myname ",
            "pong",
            "=== ",
            "search ",
            "status",
            "learned",
        ]
        .iter()
        .any(|p| l.starts_with(p));
        assert!(known, "unexpected reply {l:?}");
    }
}

fn fuzz_nboard(seed: u64, sessions: usize, raw: usize) -> (usize, usize) {
    let mut rng = Rng::new(seed);
    let mut answered = 0;
    for _ in 0..sessions {
        let len = 1 + rng.below(30);
        answered += nboard_session(&mut rng, len);
    }
    for _ in 0..raw {
        nboard_raw(&mut rng);
    }
    (sessions + raw, answered)
}

// ---------------------------------------------------------------------------------------------
// `.obf` files and the JSON loaders
// ---------------------------------------------------------------------------------------------

fn obf_file(rng: &mut Rng) -> Vec<u8> {
    let mut text = String::new();
    for _ in 0..rng.below(6) {
        match rng.below(4) {
            0 => text.push_str("% a comment\n"),
            1 => text.push('\n'),
            _ => {
                let plies = rng.below(60);
                let (pos, _) = random_game(rng, reversi::Position::new(), plies);
                text.push_str(&format!(
                    "{}; {}\r\n",
                    pos.to_obf(),
                    rng.pick(&["", "% e", "-12"])
                ));
            }
        }
    }
    text.into_bytes()
}

fn fuzz_obf(seed: u64, inputs: usize) -> usize {
    let mut rng = Rng::new(seed);
    for _ in 0..inputs {
        let bytes = if rng.chance(30) {
            rng.bytes(400)
        } else {
            let mut b = obf_file(&mut rng);
            if rng.chance(80) {
                mutate(&mut rng, &mut b, 6);
            }
            b
        };
        let lines = bytes.split(|&b| b == b'\n').count();
        match parse_obf(&bytes) {
            Ok(positions) => {
                assert!(!positions.is_empty());
                assert!(positions.windows(2).all(|w| w[0].0 < w[1].0));
                assert!(positions.iter().all(|p| (1..=lines).contains(&p.0)));
            }
            Err(e) => {
                if let Some(n) = e.line() {
                    assert!((1..=lines).contains(&n), "{e:?}");
                }
                assert!(e.to_string().len() <= MAX_REPLY_LINE, "{e:.80}");
            }
        }
    }
    inputs
}

/// Valid documents of each loader, from their documented formats.
const GAME_REVERSI: &str = r#"{"version": 1, "game": "Reversi",
  "players": {"black": "Human", "white": "Computer"},
  "levels": {"black": {"level": "Medium", "depth": 4, "time_ms": null, "seed": null},
             "white": {"level": "Hard", "depth": 20, "time_ms": 1000, "seed": 7}},
  "profiles": {"black": "alice", "white": null},
  "moves": [{"move": "f5", "time": 1}, {"move": "d6", "time": 2}, {"move": "c3", "time": 3},
            {"move": "d3", "time": 4}, {"move": "c4", "time": 5}],
  "started": 1, "saved": 2}"#;
const GAME_GOMOKU: &str = r#"{"version": 1, "game": "Gomoku", "rule": "Renju", "board_size": 15,
  "players": {"black": "Human", "white": "Computer"},
  "levels": {"black": {"level": "Medium", "depth": 4, "time_ms": null, "seed": null},
             "white": {"level": "Hard", "depth": 20, "time_ms": 1000, "seed": null}},
  "profiles": {"black": "alice", "white": null},
  "moves": [{"move": "H8", "time": 1}, {"move": "A1", "time": 2}, {"move": "H9", "time": 3},
            {"move": "A2", "time": 4}, {"move": "H10", "time": 5}, {"move": "A3", "time": 6},
            {"move": "H11", "time": 7}, {"move": "A4", "time": 8}, {"move": "H12", "time": 9}],
  "result": "black", "started": 1, "saved": 2}"#;
const RECORDS: &str = r#"{"version": 1, "profiles": [
  {"name": "alice", "vs_computer": {"reversi": {"hard": {"wins": 3, "losses": 1, "draws": 0}},
                                    "gomoku-renju": {"depth-5": {"wins": 1, "losses": 0, "draws": 2}}},
   "head_to_head": {"bob": {"gomoku-renju": {"wins": 1, "losses": 2, "draws": 0}}}},
  {"name": "bob", "head_to_head": {"alice": {"gomoku-renju": {"wins": 2, "losses": 1, "draws": 0}}}}]}"#;

fn current_games() -> String {
    format!(r#"{{"version": 1, "reversi": {GAME_REVERSI}, "gomoku": {GAME_GOMOKU}}}"#)
}

/// Feeds `bytes` to every loader (the results do not matter, only that nothing panics).
fn load_everything(bytes: &[u8]) {
    let _ = SavedGame::from_json(bytes);
    let _ = CurrentGames::from_json(bytes);
    let _ = Records::from_json(bytes);
    let _ = parse_gomoku_moves(&String::from_utf8_lossy(bytes));
}

fn fuzz_loaders(seed: u64, inputs: usize) -> usize {
    let seeds = [
        GAME_REVERSI.to_string(),
        GAME_GOMOKU.to_string(),
        RECORDS.to_string(),
        current_games(),
    ];
    // The seeds must load, or the mutations would only test the first refusal.
    SavedGame::from_json(seeds[0].as_bytes()).expect("Reversi seed loads");
    SavedGame::from_json(seeds[1].as_bytes()).expect("Gomoku seed loads");
    Records::from_json(seeds[2].as_bytes()).expect("records seed loads");
    CurrentGames::from_json(seeds[3].as_bytes()).expect("autosave seed loads");
    let mut rng = Rng::new(seed);
    for _ in 0..inputs {
        let bytes = if rng.chance(20) {
            rng.bytes(300)
        } else {
            let mut b = rng.pick(&seeds).as_bytes().to_vec();
            mutate(&mut rng, &mut b, 6);
            b
        };
        load_everything(&bytes);
    }
    inputs
}

// ---------------------------------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------------------------------

fn report(what: &str, inputs: usize, answered: usize, start: std::time::Instant) {
    println!(
        "{what}: {inputs} inputs, {answered} answered moves checked, {:.1} s",
        start.elapsed().as_secs_f64()
    );
}

#[test]
fn fuzz_gomocup_brain() {
    let start = std::time::Instant::now();
    let (inputs, answered) = fuzz_gomocup(1, 600, 1500);
    assert!(
        answered > 300,
        "the sessions reach the engine: {answered} moves"
    );
    report("gomocup", inputs, answered, start);
}

#[test]
fn fuzz_nboard_engine() {
    let start = std::time::Instant::now();
    let (inputs, answered) = fuzz_nboard(2, 400, 1500);
    assert!(
        answered > 300,
        "the sessions reach the engine: {answered} moves"
    );
    report("nboard", inputs, answered, start);
}

#[test]
fn fuzz_obf_reader() {
    let start = std::time::Instant::now();
    report("obf", fuzz_obf(3, 3000), 0, start);
}

#[test]
fn fuzz_json_loaders() {
    let start = std::time::Instant::now();
    report("loaders", fuzz_loaders(4, 3000), 0, start);
}

/// The long campaign: at least 100 000 inputs for each protocol engine and each reader.
#[test]
#[ignore = "long: about 6 minutes in release; run with --ignored"]
fn fuzz_long_campaign() {
    let start = std::time::Instant::now();
    let (g, ga) = fuzz_gomocup(101, 20_000, 80_000);
    report("gomocup", g, ga, start);
    let start = std::time::Instant::now();
    let (n, na) = fuzz_nboard(102, 15_000, 85_000);
    report("nboard", n, na, start);
    let start = std::time::Instant::now();
    report("obf", fuzz_obf(103, 100_000), 0, start);
    let start = std::time::Instant::now();
    report("loaders", fuzz_loaders(104, 100_000), 0, start);
    assert!(g >= 100_000 && n >= 100_000);
}
