//! Saved games: one game of either kind as a JSON document, the autosave
//! `current-game.json`, and the plain transcript notations.
//!
//! # File format
//! ```json
//! {
//!   "version": 1,
//!   "game": "Gomoku",
//!   "rule": "Renju",
//!   "board_size": 15,
//!   "players": { "black": "Human", "white": "Computer" },
//!   "levels": { "black": { "level": "Medium", "depth": 4, "time_ms": null, "seed": null },
//!               "white": { "level": "Hard", "depth": 20, "time_ms": 1000, "seed": null } },
//!   "profiles": { "black": "alice", "white": null },
//!   "moves": [ { "move": "H8", "time": 1700000000000 }, { "move": "I9", "time": 1700000004000 } ],
//!   "result": "black",
//!   "clock": { "control": { "Fischer": { "base_ms": 300000, "increment_ms": 3000 } },
//!              "used_ms": [ 1200, 4000 ], "turn_ms": 800 },
//!   "started": 1700000000000,
//!   "saved": 1700000060000
//! }
//! ```
//! - `game`: [`GameKind`]; `rule` ([`Rule`]) and `board_size` (9..=19) for Gomoku only.
//! - `moves[].move`: Reversi "d3" or "pass"; Gomoku "H8" (column letter, row from 1 at the
//!   bottom; any letter case is read). `moves[].time`: when it was played, Unix milliseconds.
//! - `result` (optional): "black", "white", "draw", "resigned-by-black", "resigned-by-white",
//!   "lost-on-time-by-black", "lost-on-time-by-white", "draw-agreed".
//! - `clock` (optional; files written before clocks have none and load untimed): the
//!   [`ClockRecord`]: the time control (`"None"`, `{"SuddenDeath": {"ms": …}}`,
//!   `{"Fischer": {"base_ms": …, "increment_ms": …}}`, `{"PerMove": {"ms": …}}`), the time
//!   spent on each move in milliseconds (exactly one per move) and on the turn in progress.
//!   Adding it kept format version 1: older programs ignore the field (but refuse the three
//!   newer `result` values, as any unknown result).
//! - `started`, `saved`: Unix milliseconds.
//! - `recorded` (optional, default false): the result is already in the win records.
//! - `review` (optional): a game review's notes, `[{ "number": 12, "verdict": "mistake",
//!   "score": "-6", "best": "f4", "best_score": "+2" }, …]`, one per reviewed move (numbers
//!   within the game's moves).
//! - `hints` (optional, default none): `{ "black": 2, "white": 0 }`, the hints each side
//!   asked the computer for.
//! - `id` (optional; older files have none): the game's [`GameId`], 16 hex digits, which the
//!   win records use to count the game exactly once.
//! - Profile names: at most 40 characters ([`super::records::MAX_NAME_CHARS`]), no control
//!   characters, not blank. Times (`started`, `saved`, `moves[].time`): at most
//!   [`MAX_TIME_MS`] (the year 3000). A level's `time_ms`: at most [`MAX_MOVE_TIME_MS`] (an
//!   hour).
//! - Unknown fields are ignored.
//!
//! On load the moves are replayed through the rules from the start position (a stored board
//! is never trusted): an unreadable or illegal move, or a `result` that disagrees with the
//! replay (a win or draw the position does not show; a resignation after the game ended)
//! makes the file [`LoadError::Invalid`]. So does a `clock` that fails
//! [`ClockRecord::validate`].
//!
//! # Transcripts
//! Reversi: "f5d6c3d3…" (see [`crate::reversi::notation`]; passes are left out and inferred
//! on import, so a trailing pass of an unfinished game is not kept). Gomoku: "h8i9j10…",
//! lower case without separators; the importer also accepts upper case and spaces, commas,
//! semicolons or dots between moves, and reads a letter followed by all the digits after it.

use std::fmt;
use std::io;
use std::path::Path;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::{
    FORMAT_VERSION, LoadError, SaveError, atomic, load_with_policy, parse_json, paths, unix_ms_now,
};
use crate::core::clock::ClockRecord;
use crate::core::{
    AiConfig, ByGame, BySide, Ending, GameKind, GameRules, MAX_DEPTH, MIN_DEPTH, Outcome, Side,
};
use crate::gomoku::{self, Point, Rule};
use crate::persist::records::{GameId, GameKey, check_name};
use crate::reversi;
use crate::session::{PlayerKind, Session};

/// Latest time accepted in a saved game, in Unix milliseconds: 3000-01-01 00:00 UTC.
pub const MAX_TIME_MS: u64 = 32_503_680_000_000;

/// Longest computer time budget per move accepted in a saved game's levels, in
/// milliseconds (one hour; the app offers up to 10 s).
pub const MAX_MOVE_TIME_MS: u64 = 3_600_000;

/// How a saved game ended. Text form (and serialized as): "black", "white", "draw",
/// "resigned-by-black", "resigned-by-white", "lost-on-time-by-black",
/// "lost-on-time-by-white", "draw-agreed".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum SavedResult {
    /// This side won on the board.
    Win(Side),
    /// A draw on the board.
    Draw,
    /// This side resigned (the other side wins) before the game ended on the board.
    Resigned(Side),
    /// This side ran out of time (the other side wins) before the game ended on the board.
    TimeOut(Side),
    /// Both sides agreed to a draw before the game ended on the board.
    DrawAgreed,
}

impl SavedResult {
    /// The outcome: a resignation is a win for the other side.
    #[must_use]
    pub fn outcome(self) -> Outcome {
        match self {
            SavedResult::Win(s) => Outcome::Win(s),
            SavedResult::Draw | SavedResult::DrawAgreed => Outcome::Draw,
            SavedResult::Resigned(s) | SavedResult::TimeOut(s) => Outcome::Win(s.other()),
        }
    }

    /// How the game ended off the board, `None` for a result on the board.
    #[must_use]
    pub fn ending(self) -> Option<Ending> {
        match self {
            SavedResult::Win(_) | SavedResult::Draw => None,
            SavedResult::Resigned(s) => Some(Ending::Resigned(s)),
            SavedResult::TimeOut(s) => Some(Ending::TimeOut(s)),
            SavedResult::DrawAgreed => Some(Ending::DrawAgreed),
        }
    }

    /// The result for a game that ended off the board with `ending`.
    #[must_use]
    pub fn from_ending(ending: Ending) -> SavedResult {
        match ending {
            Ending::Resigned(s) => SavedResult::Resigned(s),
            Ending::TimeOut(s) => SavedResult::TimeOut(s),
            Ending::DrawAgreed => SavedResult::DrawAgreed,
        }
    }

    /// The result for a game that ended on the board with `outcome`.
    #[must_use]
    pub fn from_outcome(outcome: Outcome) -> SavedResult {
        match outcome {
            Outcome::Win(s) => SavedResult::Win(s),
            Outcome::Draw => SavedResult::Draw,
        }
    }
}

impl fmt::Display for SavedResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SavedResult::Win(Side::Black) => "black",
            SavedResult::Win(Side::White) => "white",
            SavedResult::Draw => "draw",
            SavedResult::Resigned(Side::Black) => "resigned-by-black",
            SavedResult::Resigned(Side::White) => "resigned-by-white",
            SavedResult::TimeOut(Side::Black) => "lost-on-time-by-black",
            SavedResult::TimeOut(Side::White) => "lost-on-time-by-white",
            SavedResult::DrawAgreed => "draw-agreed",
        })
    }
}

impl FromStr for SavedResult {
    type Err = String;

    /// Parses the text form (exact, lower case).
    fn from_str(s: &str) -> Result<SavedResult, String> {
        Ok(match s {
            "black" => SavedResult::Win(Side::Black),
            "white" => SavedResult::Win(Side::White),
            "draw" => SavedResult::Draw,
            "resigned-by-black" => SavedResult::Resigned(Side::Black),
            "resigned-by-white" => SavedResult::Resigned(Side::White),
            "lost-on-time-by-black" => SavedResult::TimeOut(Side::Black),
            "lost-on-time-by-white" => SavedResult::TimeOut(Side::White),
            "draw-agreed" => SavedResult::DrawAgreed,
            _ => return Err(format!("unknown result {s:?}")),
        })
    }
}

impl TryFrom<String> for SavedResult {
    type Error = String;
    fn try_from(s: String) -> Result<SavedResult, String> {
        s.parse()
    }
}

impl From<SavedResult> for String {
    fn from(r: SavedResult) -> String {
        r.to_string()
    }
}

/// One move of a saved game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedMove {
    /// The move as text: Reversi "d3"/"pass", Gomoku "H8".
    #[serde(rename = "move")]
    pub mv: String,
    /// When it was played, in Unix milliseconds (0 when unknown).
    #[serde(default)]
    pub time: u64,
}

/// The parts of a saved game that are not moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameMeta {
    /// Who played each side.
    pub players: BySide<PlayerKind>,
    /// The computer settings of each side (kept for humans too, for the next game).
    pub levels: BySide<AiConfig>,
    /// The profile of each side, if any.
    pub profiles: BySide<Option<String>>,
    /// When the game started, in Unix milliseconds.
    pub started: u64,
}

impl GameMeta {
    /// These players and levels, no profiles, started now.
    #[must_use]
    pub fn new(players: BySide<PlayerKind>, levels: BySide<AiConfig>) -> GameMeta {
        GameMeta {
            players,
            levels,
            profiles: BySide::default(),
            started: unix_ms_now(),
        }
    }
}

/// A saved game of either kind: the content of a save file or `current-game.json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedGame {
    /// Which game.
    pub game: GameKind,
    /// The Gomoku rule set; `None` for Reversi.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<Rule>,
    /// The Gomoku board size (9..=19; 15 for Renju); `None` for Reversi.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board_size: Option<u8>,
    /// Who played each side.
    pub players: BySide<PlayerKind>,
    /// The computer settings of each side.
    pub levels: BySide<AiConfig>,
    /// The profile of each side, if any.
    #[serde(default)]
    pub profiles: BySide<Option<String>>,
    /// The moves from the start position, oldest first (Reversi passes included).
    pub moves: Vec<SavedMove>,
    /// How the game ended, when it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<SavedResult>,
    /// Both sides' clocks; `None` in files written before clocks existed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockRecord>,
    /// When the game started, in Unix milliseconds.
    pub started: u64,
    /// When it was saved, in Unix milliseconds.
    pub saved: u64,
    /// True once the app added this game's result to the win records, so it is never
    /// counted twice (e.g. after undo and a second ending, or a restart). Written only when
    /// true; absent means false.
    #[serde(default, skip_serializing_if = "is_false")]
    pub recorded: bool,
    /// The game's identity for the win records (see [`GameId`]); `None` in files written
    /// before ids existed and in imported transcripts (the app then gives it a fresh one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<GameId>,
    /// Hints each side asked the computer for; absent means none. A game won with hints is
    /// recorded as such.
    #[serde(default, skip_serializing_if = "no_hints")]
    pub hints: BySide<u32>,
    /// What a game review said of the moves (an annotated game); empty when the game was not
    /// reviewed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub review: Vec<MoveNote>,
}

/// A game review's note on one move, as an annotated game keeps it. Scores are the mover's,
/// in the game's unit ("+2" discs for Reversi, evaluation units for Gomoku; "W5"/"L3" for a
/// proven win or loss in that many plies).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveNote {
    /// The move's number in the game, 1 = the first move.
    pub number: usize,
    /// "best", "good", "inaccuracy", "mistake" or "blunder".
    pub verdict: String,
    /// The played move's score.
    pub score: String,
    /// The best move the review found.
    pub best: String,
    /// Its score.
    pub best_score: String,
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn no_hints(hints: &BySide<u32>) -> bool {
    hints.black == 0 && hints.white == 0
}

#[derive(Serialize)]
struct SavedGameOut<'a> {
    version: u32,
    #[serde(flatten)]
    game: &'a SavedGame,
}

/// A saved game replayed through the rules.
#[derive(Clone, Debug)]
pub enum GameReplay {
    /// A Reversi game.
    Reversi {
        /// The moves, passes included.
        moves: Vec<reversi::Move>,
        /// `moves.len() + 1` positions: the start, then the position after each move.
        positions: Vec<reversi::Position>,
    },
    /// A Gomoku game.
    Gomoku {
        /// The moves.
        moves: Vec<Point>,
        /// `moves.len() + 1` positions: the start, then the position after each move.
        positions: Vec<gomoku::Position>,
    },
}

impl GameReplay {
    /// The outcome on the board of the final position (`None` while not over; a
    /// resignation is not seen here).
    #[must_use]
    pub fn board_outcome(&self) -> Option<Outcome> {
        match self {
            GameReplay::Reversi { positions, .. } => positions.last().and_then(GameRules::outcome),
            GameReplay::Gomoku { positions, .. } => positions.last().and_then(GameRules::outcome),
        }
    }

    /// The number of moves.
    #[must_use]
    pub fn len(&self) -> usize {
        match self {
            GameReplay::Reversi { moves, .. } => moves.len(),
            GameReplay::Gomoku { moves, .. } => moves.len(),
        }
    }

    /// Whether no move was played.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// "move 3 (\"d3\"): reason".
fn move_error(index: usize, text: &str, reason: impl fmt::Display) -> LoadError {
    LoadError::invalid(format!("move {} ({text:?}): {reason}", index + 1))
}

impl SavedGame {
    /// A Reversi game from its moves (passes included) with the time each was played (Unix
    /// ms). `result` is set from the final position when the game is over.
    ///
    /// # Errors
    /// [`LoadError::Invalid`] when a move is illegal or the metadata is invalid (see
    /// [`SavedGame::validate`]).
    pub fn from_reversi(
        meta: GameMeta,
        moves: impl IntoIterator<Item = (reversi::Move, u64)>,
    ) -> Result<SavedGame, LoadError> {
        let moves = moves.into_iter().map(|(m, time)| SavedMove {
            mv: m.to_string(),
            time,
        });
        SavedGame::build(meta, GameKind::Reversi, None, moves.collect())
    }

    /// A Gomoku game on a `size`×`size` board under `rule` from its moves with the time each
    /// was played (Unix ms). `result` is set from the final position when the game is over.
    ///
    /// # Errors
    /// [`LoadError::Invalid`] for a bad size, an illegal move or invalid metadata.
    pub fn from_gomoku(
        meta: GameMeta,
        size: u8,
        rule: Rule,
        moves: impl IntoIterator<Item = (Point, u64)>,
    ) -> Result<SavedGame, LoadError> {
        let moves = moves.into_iter().map(|(p, time)| SavedMove {
            mv: p.to_string(),
            time,
        });
        SavedGame::build(meta, GameKind::Gomoku, Some((size, rule)), moves.collect())
    }

    fn build(
        meta: GameMeta,
        game: GameKind,
        gomoku: Option<(u8, Rule)>,
        moves: Vec<SavedMove>,
    ) -> Result<SavedGame, LoadError> {
        let mut g = SavedGame {
            game,
            rule: gomoku.map(|(_, r)| r),
            board_size: gomoku.map(|(s, _)| s),
            players: meta.players,
            levels: meta.levels,
            profiles: meta.profiles,
            moves,
            result: None,
            clock: None,
            started: meta.started,
            saved: unix_ms_now(),
            recorded: false,
            id: None,
            hints: BySide::default(),
            review: Vec::new(),
        };
        g.result = g.validate()?.board_outcome().map(SavedResult::from_outcome);
        Ok(g)
    }

    /// Imports a Reversi transcript ("f5d6c3…", passes inferred; see
    /// [`reversi::notation::parse_transcript`]). Every move gets the time `meta.started`.
    ///
    /// # Errors
    /// [`LoadError::Invalid`] naming the written move number and the problem.
    pub fn import_reversi_transcript(text: &str, meta: GameMeta) -> Result<SavedGame, LoadError> {
        let moves = reversi::notation::parse_transcript(text)
            .map_err(|e| LoadError::invalid(e.to_string()))?;
        let t = meta.started;
        SavedGame::from_reversi(meta, moves.into_iter().map(|m| (m, t)))
    }

    /// Imports a Gomoku move list ("h8i9j10…"; see [`parse_gomoku_moves`]) on a
    /// `size`×`size` board under `rule`. Every move gets the time `meta.started`.
    ///
    /// # Errors
    /// [`LoadError::Invalid`] naming the move number and the problem (unreadable, off the
    /// board, occupied, forbidden, after the end).
    pub fn import_gomoku_transcript(
        text: &str,
        size: u8,
        rule: Rule,
        meta: GameMeta,
    ) -> Result<SavedGame, LoadError> {
        let moves = parse_gomoku_moves(text)?;
        let t = meta.started;
        SavedGame::from_gomoku(meta, size, rule, moves.into_iter().map(|p| (p, t)))
    }

    /// The moves in plain notation: Reversi "f5d6c3…" (passes left out), Gomoku "h8i9…".
    /// Moves that cannot be read are left out (there are none in a validated game).
    #[must_use]
    pub fn export_transcript(&self) -> String {
        match self.game {
            GameKind::Reversi => {
                let moves: Vec<reversi::Move> = self
                    .moves
                    .iter()
                    .filter_map(|m| m.mv.parse().ok())
                    .collect();
                reversi::notation::format_transcript(&moves)
            }
            GameKind::Gomoku => {
                let moves: Vec<Point> = self
                    .moves
                    .iter()
                    .filter_map(|m| m.mv.parse().ok())
                    .collect();
                format_gomoku_moves(&moves)
            }
        }
    }

    /// The key of this game in the win records.
    ///
    /// Gomoku without a rule (an invalid game) counts as Freestyle.
    #[must_use]
    pub fn game_key(&self) -> GameKey {
        match self.game {
            GameKind::Reversi => GameKey::Reversi,
            GameKind::Gomoku => GameKey::Gomoku(self.rule.unwrap_or(Rule::Freestyle)),
        }
    }

    /// The stated outcome (a resignation is a win for the other side), `None` while unfinished.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.result.map(SavedResult::outcome)
    }

    /// Records that `side` resigned.
    ///
    /// # Errors
    /// [`LoadError::Invalid`] when the game is invalid or already over on the board; the game
    /// is then unchanged.
    pub fn resign(&mut self, side: Side) -> Result<(), LoadError> {
        if self.replay()?.board_outcome().is_some() {
            return Err(LoadError::invalid("the game is already over"));
        }
        self.result = Some(SavedResult::Resigned(side));
        Ok(())
    }

    /// Replays the moves and checks everything: the game-specific fields, the levels' depths
    /// (`MIN_DEPTH..=MAX_DEPTH`) and time budgets (at most [`MAX_MOVE_TIME_MS`]), the profile
    /// names (as [`check_name`]), the times (at most [`MAX_TIME_MS`]), every move, and the
    /// stated result.
    ///
    /// # Errors
    /// [`LoadError::Invalid`] with the first problem; a move problem names the 1-based move
    /// number and the move text, e.g. `move 5 ("d3"): d3 is occupied`.
    pub fn validate(&self) -> Result<GameReplay, LoadError> {
        if let Some(note) = self
            .review
            .iter()
            .find(|n| n.number == 0 || n.number > self.moves.len())
        {
            return Err(LoadError::invalid(format!(
                "the review has a note on move {}, but the game has {} moves",
                note.number,
                self.moves.len()
            )));
        }
        for side in Side::BOTH {
            let level = self.levels.get(side);
            let depth = level.depth;
            if !(MIN_DEPTH..=MAX_DEPTH).contains(&depth) {
                return Err(LoadError::invalid(format!(
                    "{side}'s search depth {depth} is outside {MIN_DEPTH}..={MAX_DEPTH}"
                )));
            }
            if let Some(ms) = level.time_ms
                && ms > MAX_MOVE_TIME_MS
            {
                return Err(LoadError::invalid(format!(
                    "{side}'s time per move {ms} ms is more than {MAX_MOVE_TIME_MS} ms"
                )));
            }
            if let Some(name) = self.profiles.get(side) {
                if name.trim().is_empty() {
                    return Err(LoadError::invalid(format!(
                        "{side}'s profile name is empty"
                    )));
                }
                check_name(name)
                    .map_err(|e| LoadError::invalid(format!("{side}'s profile name: {e}")))?;
            }
        }
        let times = [("started", self.started), ("saved", self.saved)]
            .into_iter()
            .chain(self.moves.iter().map(|m| ("a move's time", m.time)));
        for (what, t) in times {
            if t > MAX_TIME_MS {
                return Err(LoadError::invalid(format!(
                    "{what} {t} is after the year 3000 (Unix milliseconds up to {MAX_TIME_MS})"
                )));
            }
        }
        if let Some(clock) = &self.clock {
            clock
                .validate(self.moves.len())
                .map_err(|e| LoadError::invalid(format!("\"clock\": {e}")))?;
        }
        let replay = self.replay()?;
        let board = replay.board_outcome();
        match (self.result, board) {
            (None, _) => {}
            (Some(stated), Some(_)) if stated.ending().is_some() => {
                return Err(LoadError::invalid(format!(
                    "the result says \"{stated}\", but the game had already ended on the board"
                )));
            }
            (Some(stated), None) if stated.ending().is_some() => {}
            (Some(stated), Some(actual)) if stated.outcome() == actual => {}
            (Some(stated), actual) => {
                let actual = actual.map_or("the game is not over".to_string(), |o| {
                    format!("the moves give {}", SavedResult::from_outcome(o))
                });
                return Err(LoadError::invalid(format!(
                    "the result says \"{stated}\" but {actual}"
                )));
            }
        }
        Ok(replay)
    }

    /// Replays the moves through the rules (without checking levels, profiles or the result;
    /// see [`SavedGame::validate`] for that).
    ///
    /// # Errors
    /// [`LoadError::Invalid`]: Gomoku without a rule or size, or with a bad size; Reversi with
    /// a rule or a size other than 8; an unreadable or illegal move (1-based number and text).
    pub fn replay(&self) -> Result<GameReplay, LoadError> {
        match self.game {
            GameKind::Reversi => {
                if self.rule.is_some() {
                    return Err(LoadError::invalid("a Reversi game has no \"rule\""));
                }
                if self.board_size.is_some_and(|s| s != 8) {
                    return Err(LoadError::invalid("a Reversi board is 8x8"));
                }
                let mut pos = reversi::Position::new();
                let mut moves = Vec::with_capacity(self.moves.len());
                let mut positions = Vec::with_capacity(self.moves.len() + 1);
                positions.push(pos);
                for (i, m) in self.moves.iter().enumerate() {
                    let mv: reversi::Move = m.mv.parse().map_err(|e| move_error(i, &m.mv, e))?;
                    pos.play(mv).map_err(|e| move_error(i, &m.mv, e))?;
                    moves.push(mv);
                    positions.push(pos);
                }
                Ok(GameReplay::Reversi { moves, positions })
            }
            GameKind::Gomoku => {
                let rule = self
                    .rule
                    .ok_or_else(|| LoadError::invalid("a Gomoku game needs a \"rule\""))?;
                let size = self
                    .board_size
                    .ok_or_else(|| LoadError::invalid("a Gomoku game needs a \"board_size\""))?;
                let mut pos = gomoku::Position::new(size, rule)
                    .map_err(|e| LoadError::invalid(e.to_string()))?;
                let mut moves = Vec::with_capacity(self.moves.len());
                let mut positions = Vec::with_capacity(self.moves.len() + 1);
                positions.push(pos.clone());
                for (i, m) in self.moves.iter().enumerate() {
                    let p: Point = m.mv.parse().map_err(|e| move_error(i, &m.mv, e))?;
                    pos.play(p).map_err(|e| move_error(i, &m.mv, e))?;
                    moves.push(p);
                    positions.push(pos.clone());
                }
                Ok(GameReplay::Gomoku { moves, positions })
            }
        }
    }

    /// The game as a Reversi session (start position, every move replayed, the players).
    ///
    /// # Errors
    /// [`LoadError::Invalid`] when this is not a valid Reversi game.
    pub fn to_reversi_session(&self) -> Result<Session<reversi::Position>, LoadError> {
        let GameReplay::Reversi { moves, positions } = self.replay()? else {
            return Err(LoadError::invalid("this is not a Reversi game"));
        };
        let mut s = Session::new(positions[0], self.players);
        for (i, mv) in moves.into_iter().enumerate() {
            s.play(mv).map_err(|e| move_error(i, &mv.to_string(), e))?;
        }
        Ok(s)
    }

    /// The game as a Gomoku session (start position, every move replayed, the players).
    ///
    /// # Errors
    /// [`LoadError::Invalid`] when this is not a valid Gomoku game.
    pub fn to_gomoku_session(&self) -> Result<Session<gomoku::Position>, LoadError> {
        let GameReplay::Gomoku {
            moves,
            mut positions,
        } = self.replay()?
        else {
            return Err(LoadError::invalid("this is not a Gomoku game"));
        };
        positions.truncate(1);
        let start = positions
            .pop()
            .ok_or_else(|| LoadError::invalid("no start position"))?;
        let mut s = Session::new(start, self.players);
        for (i, p) in moves.into_iter().enumerate() {
            s.play(p).map_err(|e| move_error(i, &p.to_string(), e))?;
        }
        Ok(s)
    }

    /// The JSON document (pretty-printed, `"version": 1`), exactly as stored.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(&SavedGameOut {
            version: FORMAT_VERSION,
            game: self,
        })
        .unwrap_or_else(|e| unreachable!("saved games always serialize: {e}"))
    }

    /// Reads a JSON document and validates it (replaying every move).
    ///
    /// # Errors
    /// [`LoadError::TooLarge`], [`LoadError::Empty`], [`LoadError::Malformed`],
    /// [`LoadError::NewerVersion`] or [`LoadError::Invalid`] (see [`SavedGame::validate`]).
    pub fn from_json(bytes: &[u8]) -> Result<SavedGame, LoadError> {
        let game: SavedGame = parse_json(bytes)?;
        game.validate()?;
        Ok(game)
    }

    /// Validates the game and writes it to `path` atomically, with `saved` set to now (this
    /// value is not changed).
    ///
    /// # Errors
    /// [`SaveError::Invalid`] when the game fails [`SavedGame::validate`] (nothing written);
    /// [`SaveError::Io`] when writing fails (the previous file is intact).
    pub fn save(&self, path: &Path) -> Result<(), SaveError> {
        self.validate().map_err(SaveError::Invalid)?;
        let mut copy = self.clone();
        copy.saved = unix_ms_now();
        atomic::write_atomic(path, copy.to_json().as_bytes()).map_err(|source| SaveError::Io {
            path: path.to_path_buf(),
            source,
        })
    }

    /// Loads the saved game at `path`. A damaged file is moved aside (see [`super`]).
    ///
    /// # Errors
    /// [`LoadError::Io`] (`NotFound`) when the file does not exist; [`LoadError::Corrupt`]
    /// (moved aside) or [`LoadError::CorruptNotMoved`] when it is damaged.
    pub fn load(path: &Path) -> Result<SavedGame, LoadError> {
        load_with_policy(path, SavedGame::from_json)?.ok_or_else(|| LoadError::Io {
            path: path.to_path_buf(),
            source: io::Error::new(io::ErrorKind::NotFound, "no such file"),
        })
    }
}

/// Writes Gomoku moves as "h8i9j10": lower case, no separators.
#[must_use]
pub fn format_gomoku_moves(moves: &[Point]) -> String {
    moves
        .iter()
        .map(|p| p.to_string().to_ascii_lowercase())
        .collect()
}

/// Reads a Gomoku move list: a column letter (A–S, any case) followed by all the digits after
/// it (row 1–19), repeated; whitespace, commas, semicolons and dots between moves are skipped.
/// Points are not checked against a board size here (the replay does that).
///
/// # Errors
/// [`LoadError::Invalid`] naming the 1-based move number and the unreadable text.
pub fn parse_gomoku_moves(text: &str) -> Result<Vec<Point>, LoadError> {
    let mut out = Vec::new();
    let mut rest = text;
    loop {
        rest = rest.trim_start_matches(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '.'));
        let Some(first) = rest.chars().next() else {
            return Ok(out);
        };
        let after_letter = first.len_utf8();
        let digits = rest[after_letter..]
            .bytes()
            .take_while(u8::is_ascii_digit)
            .count();
        let token = &rest[..after_letter + digits];
        let point: Point = token
            .parse()
            .map_err(|e| LoadError::invalid(format!("move {} ({token:?}): {e}", out.len() + 1)))?;
        out.push(point);
        rest = &rest[after_letter + digits..];
    }
}

/// The autosave document `current-game.json`: the game in progress of each tab, each a full
/// saved-game document (with its own `"version"`), under a top-level `"version": 1`:
/// `{"version": 1, "reversi": {…} | null, "gomoku": {…} | null}`.
/// The game of each tab, if any.
pub type CurrentGames = ByGame<Option<SavedGame>>;

#[derive(Serialize)]
struct CurrentGamesOut<'a> {
    version: u32,
    reversi: Option<SavedGameOut<'a>>,
    gomoku: Option<SavedGameOut<'a>>,
}

#[derive(Deserialize)]
struct CurrentGamesIn {
    #[serde(default)]
    reversi: Option<serde_json::Value>,
    #[serde(default)]
    gomoku: Option<serde_json::Value>,
}

impl ByGame<Option<SavedGame>> {
    /// The JSON document, pretty-printed.
    #[must_use]
    pub fn to_json(&self) -> String {
        fn out(g: Option<&SavedGame>) -> Option<SavedGameOut<'_>> {
            g.map(|game| SavedGameOut {
                version: FORMAT_VERSION,
                game,
            })
        }
        serde_json::to_string_pretty(&CurrentGamesOut {
            version: FORMAT_VERSION,
            reversi: out(self.reversi.as_ref()),
            gomoku: out(self.gomoku.as_ref()),
        })
        .unwrap_or_else(|e| unreachable!("saved games always serialize: {e}"))
    }

    /// Reads the document and validates each game (replaying every move); a game stored
    /// under the wrong key is invalid.
    ///
    /// # Errors
    /// As [`SavedGame::from_json`], for the document or either game.
    pub fn from_json(bytes: &[u8]) -> Result<CurrentGames, LoadError> {
        let doc: CurrentGamesIn = parse_json(bytes)?;
        let read = |v: Option<serde_json::Value>, kind: GameKind| -> Result<_, LoadError> {
            let Some(v) = v.filter(|v| !v.is_null()) else {
                return Ok(None);
            };
            let bytes = serde_json::to_vec(&v).map_err(|e| LoadError::from_json_error(&e))?;
            let game = SavedGame::from_json(&bytes)?;
            if game.game != kind {
                return Err(LoadError::invalid(format!(
                    "a {:?} game under {kind:?}",
                    game.game
                )));
            }
            Ok(Some(game))
        };
        Ok(CurrentGames {
            reversi: read(doc.reversi, GameKind::Reversi)?,
            gomoku: read(doc.gomoku, GameKind::Gomoku)?,
        })
    }
}

/// Writes `games` as the autosave `dir/current-game.json` (atomically; the directory is
/// created when missing), with each game's `saved` time set to now. An existing autosave that
/// is damaged is first moved aside rather than overwritten.
///
/// # Errors
/// [`SaveError::Invalid`] when a game fails [`SavedGame::validate`] (nothing written);
/// [`SaveError::Io`] when writing fails; [`SaveError::Corrupt`] when a damaged autosave could
/// not be moved aside.
pub fn save_current(dir: &Path, games: &CurrentGames) -> Result<(), SaveError> {
    std::fs::create_dir_all(dir).map_err(|source| SaveError::Io {
        path: dir.to_path_buf(),
        source,
    })?;
    let path = paths::current_game_path(dir);
    match load_with_policy(&path, CurrentGames::from_json) {
        Ok(_) | Err(LoadError::Corrupt { .. }) => {}
        Err(e) => return Err(SaveError::Corrupt(e)),
    }
    write_current(dir, games)
}

/// Validates both games and writes `dir/current-game.json` atomically, without reading what
/// is there: for the one writer that owns the file (the app's autosave thread), which checked
/// it when the directory was opened.
///
/// # Errors
/// [`SaveError::Invalid`] when a game fails [`SavedGame::validate`] (nothing written);
/// [`SaveError::Io`] when writing fails.
pub fn write_current(dir: &Path, games: &CurrentGames) -> Result<(), SaveError> {
    let path = paths::current_game_path(dir);
    let mut copy = games.clone();
    for game in [&mut copy.reversi, &mut copy.gomoku].into_iter().flatten() {
        game.validate().map_err(SaveError::Invalid)?;
        game.saved = unix_ms_now();
    }
    atomic::write_atomic(&path, copy.to_json().as_bytes()).map_err(|source| SaveError::Io {
        path: path.clone(),
        source,
    })
}

/// Loads the autosave `dir/current-game.json`; `Ok(None)` when there is none.
///
/// # Errors
/// [`LoadError::Corrupt`] (moved aside) or [`LoadError::CorruptNotMoved`] when it is damaged.
pub fn load_current(dir: &Path) -> Result<Option<CurrentGames>, LoadError> {
    load_with_policy(&paths::current_game_path(dir), CurrentGames::from_json)
}

/// Deletes the autosave (after the game in it was finished or abandoned); no error when
/// there is none.
///
/// # Errors
/// The I/O error from deleting the file.
pub fn remove_current(dir: &Path) -> io::Result<()> {
    match std::fs::remove_file(paths::current_game_path(dir)) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        other => other,
    }
}
