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
//!   "start": { "black": ["H8", "J10"], "white": ["I9"], "to_move": "white" },
//!   "moves": [ { "move": "G7", "time": 1700000000000 }, { "move": "G9", "time": 1700000004000 } ],
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
//! - `start` (optional; absent means the standard start: Reversi's four centre discs, an
//!   empty Gomoku board): the position a game set up by hand ("edit mode") started from
//!   ([`SavedStart`]). Reversi: `{"board": "<64 characters a1…h8: X, O, ->", "to_move":
//!   "black"}`, or the `.obf` text as a string (`"---…XO…--- X"`); Gomoku: `{"black":
//!   ["H8", …], "white": [ … ], "to_move": "white"}`. It passes the same checks as a
//!   set-up in the app (Reversi: the four centre squares taken, some side able to move,
//!   a side to move that must pass passed; Gomoku: on the board, no point twice, Black as
//!   many stones as White or one more, the side to move the one these counts give, no five
//!   yet, not full); a start that fails makes the file [`LoadError::Invalid`] with the
//!   reason.
//!   Adding it kept format version 1: older programs ignore the field and replay a set-up
//!   game's moves from the standard start, where one is soon illegal: they refuse the file.
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
//! - `opening` (optional, Gomoku; absent means a free opening): the tournament opening rule
//!   and the choices made under it ([`SavedOpening`]): `{"rule": "Swap2", "choices":
//!   [{"after": 3, "choice": "place-two"}, {"after": 5, "choice": "white"}]}`. `rule` is
//!   `"Free"`, `"Swap"`, `"Swap2"` or `"Soosorv-8"` (Renju only); each choice is made after
//!   `after` moves: `"black"` or `"white"` (the chooser takes that colour), `"place-two"`
//!   (Swap2's third option), `"offers N"` (Soosõrv: N fifth moves to offer, 1–8), `"offer
//!   H7"` (a fifth move offered). On load the choices are replayed between the moves, each
//!   checked by the opening rule (the right stage, no symmetrical offers, …), like the
//!   moves; `players` and `levels` are by colour at the end of what is saved (after any
//!   swap). A game set up by hand has no opening rule. Adding it kept format version 1:
//!   older programs ignore the field and replay the stones as a free game, whose moves are
//!   the same stones (so the file still loads there, as a game without its opening).
//! - Profile names: at most 40 characters ([`super::records::MAX_NAME_CHARS`]), no control
//!   characters, not blank. Times (`started`, `saved`, `moves[].time`): at most
//!   [`MAX_TIME_MS`] (the year 3000). A level's `time_ms`: at most [`MAX_MOVE_TIME_MS`] (an
//!   hour).
//! - Unknown fields are ignored.
//!
//! On load the moves are replayed through the rules from the start position (`start`, else
//! the standard one; no board after a move is ever stored or trusted): an unreadable or
//! illegal move, or a `result` that disagrees with the replay (a win or draw the position
//! does not show; a resignation after the game ended) makes the file [`LoadError::Invalid`].
//! So does a `clock` that fails [`ClockRecord::validate`], and a `start` that fails the
//! set-up checks.
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
    AiConfig, BySide, Ending, GameKind, GameRules, MAX_DEPTH, MIN_DEPTH, Outcome, Side, Step,
};
use crate::gomoku::opening::{Choice, OpeningRule};
use crate::gomoku::{self, Point, Rule};
use crate::i18n::Message;
use crate::msg;
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

/// The position a game set up by hand started from: the `start` field of a saved game.
///
/// Written as `{"board": "<64 characters>", "to_move": "black"}` for Reversi (the board
/// a1, b1, …, h8 in `.obf` letters: `X` Black, `O` White, `-` empty) and as
/// `{"black": ["H8", …], "white": ["I9", …], "to_move": "white"}` for Gomoku. A Reversi
/// start may also be given as a plain `.obf` string ("…-XO…- X"). On load it passes the
/// same checks as a set-up in the app ([`reversi::setup::setup`],
/// [`gomoku::Position::playable_setup`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum SavedStart {
    /// A Reversi position as `.obf` text: the board, then `X` or `O` for the side to move.
    Obf(String),
    /// A Reversi board and the side to move.
    Board {
        /// 64 characters, a1 … h8: `X` Black, `O` White, `-` empty.
        board: String,
        /// "black" or "white".
        to_move: String,
    },
    /// Gomoku stones and the side to move.
    Stones {
        /// Black's stones ("H8").
        black: Vec<String>,
        /// White's stones.
        white: Vec<String>,
        /// "black" or "white".
        to_move: String,
    },
}

/// "black" or "white" (any case).
fn parse_side(text: &str) -> Result<Side, String> {
    match text.to_ascii_lowercase().as_str() {
        "black" => Ok(Side::Black),
        "white" => Ok(Side::White),
        _ => Err(format!(
            "\"to_move\" is {text:?}, not \"black\" or \"white\""
        )),
    }
}

fn side_text(side: Side) -> String {
    side.name().to_ascii_lowercase()
}

impl SavedStart {
    /// The `start` of a Reversi game set up as `pos`.
    #[must_use]
    pub fn reversi(pos: &reversi::Position) -> SavedStart {
        SavedStart::Board {
            board: pos.to_obf().chars().take(64).collect(),
            to_move: side_text(pos.side_to_move()),
        }
    }

    /// The `start` of a Gomoku game set up as `pos`.
    #[must_use]
    pub fn gomoku(pos: &gomoku::Position) -> SavedStart {
        let n = pos.size();
        let mut stones = BySide::<Vec<String>>::default();
        for y in 0..n {
            for x in 0..n {
                let p = Point { x, y };
                if let Some(side) = pos.stone_at(p) {
                    stones.get_mut(side).push(p.to_string());
                }
            }
        }
        SavedStart::Stones {
            black: stones.black,
            white: stones.white,
            to_move: side_text(pos.side_to_move()),
        }
    }

    /// The Reversi position to play from, checked as a set-up (a side to move that must
    /// pass is passed).
    ///
    /// # Errors
    /// The reason, when this is not a Reversi start or fails [`reversi::setup::setup`].
    pub fn reversi_position(&self) -> Result<reversi::Position, String> {
        let pos = match self {
            SavedStart::Obf(text) => {
                reversi::Position::from_obf(text).map_err(|e| e.to_string())?
            }
            SavedStart::Board { board, to_move } => {
                let count = board.chars().count();
                if count != 64 {
                    return Err(format!("the board has {count} squares, not 64"));
                }
                let side = match parse_side(to_move)? {
                    Side::Black => 'X',
                    Side::White => 'O',
                };
                reversi::Position::from_obf(&format!("{board} {side}"))
                    .map_err(|e| e.to_string())?
            }
            SavedStart::Stones { .. } => {
                return Err("a Reversi start is a \"board\", not stones".into());
            }
        };
        reversi::setup::setup(
            pos.discs(Side::Black),
            pos.discs(Side::White),
            pos.side_to_move(),
        )
        .map(|s| s.position)
        .map_err(|e| e.to_string())
    }

    /// The Gomoku position to play from on a `size`×`size` board under `rule`, checked as a
    /// set-up.
    ///
    /// # Errors
    /// The reason, when this is not a Gomoku start, a stone cannot be read, or it fails
    /// [`gomoku::Position::playable_setup`].
    pub fn gomoku_position(&self, size: u8, rule: Rule) -> Result<gomoku::Position, String> {
        let SavedStart::Stones {
            black,
            white,
            to_move,
        } = self
        else {
            return Err("a Gomoku start lists \"black\" and \"white\" stones".into());
        };
        let read = |list: &[String]| -> Result<Vec<Point>, String> {
            list.iter()
                .map(|t| t.parse::<Point>().map_err(|e| format!("{t:?}: {e}")))
                .collect()
        };
        let (black, white) = (read(black)?, read(white)?);
        gomoku::Position::playable_setup(size, rule, &black, &white, parse_side(to_move)?)
            .map_err(|e| e.to_string())
    }
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
    /// The position the game started from when it was set up by hand ("edit mode");
    /// `None` (absent in the file) for the standard start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<SavedStart>,
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
    /// Gomoku: the opening rule and the choices made under it; `None` (absent in the file)
    /// for a free opening.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opening: Option<SavedOpening>,
}

/// A Gomoku game's opening rule and the choices made under it (the `opening` field).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedOpening {
    /// The opening rule.
    pub rule: OpeningRule,
    /// The choices, in the order they were made.
    #[serde(default)]
    pub choices: Vec<SavedChoice>,
}

/// One choice of an opening, as a saved game keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedChoice {
    /// How many moves were played before it.
    pub after: usize,
    /// The choice as text: "black", "white", "place-two", "offers 3", "offer H7" (see
    /// [`Choice`]).
    pub choice: String,
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
        /// `moves.len() + 1` positions: the start, then the position after each move, each
        /// with the opening's choices made before the next move.
        positions: Vec<gomoku::Position>,
        /// The opening's choices, each with the number of moves played before it.
        choices: Vec<(usize, Choice)>,
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

/// "\"start\": reason".
fn start_error(reason: String) -> LoadError {
    LoadError::invalid_msg(msg!("error-field", field = "start", problem = reason))
}

/// "move 3 (\"d3\"): reason".
fn move_error(index: usize, text: &str, reason: Message) -> LoadError {
    LoadError::invalid_msg(msg!(
        "error-move",
        number = index + 1,
        mv = format!("{text:?}"),
        problem = reason
    ))
}

/// "opening choice 2 ("offer H7") after move 4: reason".
fn choice_error(index: usize, after: usize, choice: Choice, reason: Message) -> LoadError {
    LoadError::invalid_msg(msg!(
        "error-choice",
        number = index + 1,
        choice = format!("{:?}", choice.to_string()),
        after = after,
        problem = reason
    ))
}

/// A parse error's own words (the notation's, in English).
fn words(e: impl fmt::Display) -> Message {
    Message::literal(e.to_string())
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
        SavedGame::build(meta, GameKind::Reversi, None, None, moves.collect())
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
        SavedGame::build(
            meta,
            GameKind::Gomoku,
            Some((size, rule)),
            None,
            moves.collect(),
        )
    }

    /// A Reversi game played from the set-up position `start` (the standard start position
    /// is saved without a `start` field), as [`SavedGame::from_reversi`].
    ///
    /// # Errors
    /// [`LoadError::Invalid`] when `start` fails the set-up checks
    /// ([`reversi::setup::setup`]), a move is illegal or the metadata is invalid.
    pub fn from_reversi_at(
        meta: GameMeta,
        start: &reversi::Position,
        moves: impl IntoIterator<Item = (reversi::Move, u64)>,
    ) -> Result<SavedGame, LoadError> {
        let moves = moves.into_iter().map(|(m, time)| SavedMove {
            mv: m.to_string(),
            time,
        });
        let start = (*start != reversi::Position::new()).then(|| SavedStart::reversi(start));
        SavedGame::build(meta, GameKind::Reversi, None, start, moves.collect())
    }

    /// A Gomoku game played from the set-up position `start` (its size and rule are the
    /// game's; an empty board is saved without a `start` field), as
    /// [`SavedGame::from_gomoku`].
    ///
    /// # Errors
    /// [`LoadError::Invalid`] when `start` fails [`gomoku::Position::playable_setup`], a move
    /// is illegal or the metadata is invalid.
    pub fn from_gomoku_at(
        meta: GameMeta,
        start: &gomoku::Position,
        moves: impl IntoIterator<Item = (Point, u64)>,
    ) -> Result<SavedGame, LoadError> {
        let moves = moves.into_iter().map(|(p, time)| SavedMove {
            mv: p.to_string(),
            time,
        });
        let gomoku = Some((start.size(), start.rule()));
        let start = (start.stone_count() != 0).then(|| SavedStart::gomoku(start));
        SavedGame::build(meta, GameKind::Gomoku, gomoku, start, moves.collect())
    }

    fn build(
        meta: GameMeta,
        game: GameKind,
        gomoku: Option<(u8, Rule)>,
        start: Option<SavedStart>,
        moves: Vec<SavedMove>,
    ) -> Result<SavedGame, LoadError> {
        let mut g = SavedGame {
            game,
            rule: gomoku.map(|(_, r)| r),
            board_size: gomoku.map(|(s, _)| s),
            players: meta.players,
            levels: meta.levels,
            profiles: meta.profiles,
            start,
            moves,
            result: None,
            clock: None,
            started: meta.started,
            saved: unix_ms_now(),
            recorded: false,
            id: None,
            hints: BySide::default(),
            review: Vec::new(),
            opening: None,
        };
        g.result = g.validate()?.board_outcome().map(SavedResult::from_outcome);
        Ok(g)
    }

    /// A Gomoku game from its start position (a set-up, or an empty board with its opening
    /// rule) and its steps, each move with the time it was played (Unix ms): the opening's
    /// choices go to `opening`. `result` is set from the final position when the game is over.
    ///
    /// # Errors
    /// [`LoadError::Invalid`] when a step does not replay or the metadata is invalid.
    pub fn from_gomoku_steps(
        meta: GameMeta,
        start: &gomoku::Position,
        steps: impl IntoIterator<Item = (Step<Point, Choice>, u64)>,
    ) -> Result<SavedGame, LoadError> {
        let mut moves = Vec::new();
        let mut choices = Vec::new();
        for (step, time) in steps {
            match step {
                Step::Move(p) => moves.push(SavedMove {
                    mv: p.to_string(),
                    time,
                }),
                Step::Choice(c) => choices.push(SavedChoice {
                    after: moves.len(),
                    choice: c.to_string(),
                }),
            }
        }
        let rule = start.opening().rule();
        let opening = (rule != OpeningRule::Free).then_some(SavedOpening { rule, choices });
        let gomoku = Some((start.size(), start.rule()));
        let set_up = (start.stone_count() != 0).then(|| SavedStart::gomoku(start));
        let mut g = SavedGame {
            opening,
            ..SavedGame::build(meta, GameKind::Gomoku, gomoku, set_up, Vec::new())?
        };
        g.moves = moves;
        g.result = g.validate()?.board_outcome().map(SavedResult::from_outcome);
        Ok(g)
    }

    /// Imports a Reversi transcript ("f5d6c3…", passes inferred; see
    /// [`reversi::notation::parse_transcript`]). Every move gets the time `meta.started`.
    ///
    /// # Errors
    /// [`LoadError::Invalid`] naming the written move number and the problem.
    pub fn import_reversi_transcript(text: &str, meta: GameMeta) -> Result<SavedGame, LoadError> {
        let moves = reversi::notation::parse_transcript(text).map_err(|e| {
            LoadError::invalid_msg(match e {
                reversi::TranscriptError::Syntax { ply, text } => msg!(
                    "error-transcript-syntax",
                    number = ply,
                    text = format!("{text:?}")
                ),
                reversi::TranscriptError::Illegal { ply, mv, reason } => msg!(
                    "error-transcript-illegal",
                    number = ply,
                    mv = mv.to_string(),
                    problem = reason.message()
                ),
            })
        })?;
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
            return Err(LoadError::invalid_msg(msg!("error-game-already-over")));
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
            return Err(LoadError::invalid_msg(msg!(
                "error-review-note",
                number = note.number,
                moves = self.moves.len()
            )));
        }
        for side in Side::BOTH {
            let level = self.levels.get(side);
            let depth = level.depth;
            if !(MIN_DEPTH..=MAX_DEPTH).contains(&depth) {
                return Err(LoadError::invalid_msg(msg!(
                    "error-depth-range",
                    side = side,
                    depth = depth,
                    min = MIN_DEPTH,
                    max = MAX_DEPTH
                )));
            }
            if let Some(ms) = level.time_ms
                && ms > MAX_MOVE_TIME_MS
            {
                return Err(LoadError::invalid_msg(msg!(
                    "error-move-time-range",
                    side = side,
                    ms = ms,
                    max = MAX_MOVE_TIME_MS
                )));
            }
            if let Some(name) = self.profiles.get(side) {
                if name.trim().is_empty() {
                    return Err(LoadError::invalid_msg(msg!(
                        "error-profile-empty",
                        side = side
                    )));
                }
                check_name(name).map_err(|e| {
                    LoadError::invalid_msg(msg!(
                        "error-profile-name",
                        side = side,
                        problem = e.message()
                    ))
                })?;
            }
        }
        let times = [("started", self.started), ("saved", self.saved)]
            .into_iter()
            .chain(self.moves.iter().map(|m| ("a move's time", m.time)));
        for (what, t) in times {
            if t > MAX_TIME_MS {
                return Err(LoadError::invalid_msg(msg!(
                    "error-time-range",
                    field = what,
                    time = t,
                    max = MAX_TIME_MS
                )));
            }
        }
        if let Some(clock) = &self.clock {
            clock.validate(self.moves.len()).map_err(|e| {
                LoadError::invalid_msg(msg!("error-field", field = "clock", problem = e))
            })?;
        }
        let replay = self.replay()?;
        let board = replay.board_outcome();
        match (self.result, board) {
            (None, _) => {}
            (Some(stated), Some(_)) if stated.ending().is_some() => {
                return Err(LoadError::invalid_msg(msg!(
                    "error-result-after-end",
                    result = stated.to_string()
                )));
            }
            (Some(stated), None) if stated.ending().is_some() => {}
            (Some(stated), Some(actual)) if stated.outcome() == actual => {}
            (Some(stated), actual) => {
                let text = match actual {
                    Some(o) => msg!(
                        "error-result-disagrees",
                        result = stated.to_string(),
                        actual = SavedResult::from_outcome(o).to_string()
                    ),
                    None => msg!("error-result-not-over", result = stated.to_string()),
                };
                return Err(LoadError::invalid_msg(text));
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
                    return Err(LoadError::invalid_msg(msg!("error-reversi-rule")));
                }
                if self.board_size.is_some_and(|s| s != 8) {
                    return Err(LoadError::invalid_msg(msg!("error-reversi-size")));
                }
                if self.opening.is_some() {
                    return Err(LoadError::invalid_msg(msg!("error-reversi-opening")));
                }
                let mut pos = match &self.start {
                    None => reversi::Position::new(),
                    Some(start) => start.reversi_position().map_err(start_error)?,
                };
                let mut moves = Vec::with_capacity(self.moves.len());
                let mut positions = Vec::with_capacity(self.moves.len() + 1);
                positions.push(pos);
                for (i, m) in self.moves.iter().enumerate() {
                    let mv: reversi::Move =
                        m.mv.parse().map_err(|e| move_error(i, &m.mv, words(e)))?;
                    pos.play(mv)
                        .map_err(|e| move_error(i, &m.mv, e.message()))?;
                    moves.push(mv);
                    positions.push(pos);
                }
                Ok(GameReplay::Reversi { moves, positions })
            }
            GameKind::Gomoku => {
                let rule = self
                    .rule
                    .ok_or_else(|| LoadError::invalid_msg(msg!("error-gomoku-rule")))?;
                let size = self
                    .board_size
                    .ok_or_else(|| LoadError::invalid_msg(msg!("error-gomoku-size")))?;
                let mut pos = match &self.start {
                    None => gomoku::Position::new(size, rule)
                        .map_err(|e| LoadError::invalid_msg(e.message()))?,
                    Some(start) => start.gomoku_position(size, rule).map_err(start_error)?,
                };
                let choices = self.opening_choices()?;
                if let Some(opening) = &self.opening {
                    pos = pos.with_opening(opening.rule).map_err(|e| {
                        LoadError::invalid_msg(msg!(
                            "error-field",
                            field = "opening",
                            problem = e.message()
                        ))
                    })?;
                }
                let mut moves = Vec::with_capacity(self.moves.len());
                let mut positions = Vec::with_capacity(self.moves.len() + 1);
                let mut next = choices.iter().enumerate().peekable();
                for i in 0..=self.moves.len() {
                    while let Some((k, &(_, c))) = next.next_if(|(_, (after, _))| *after == i) {
                        pos.choose(c)
                            .map_err(|e| choice_error(k, i, c, e.message()))?;
                    }
                    positions.push(pos.clone());
                    let Some(m) = self.moves.get(i) else {
                        break;
                    };
                    let p: Point = m.mv.parse().map_err(|e| move_error(i, &m.mv, words(e)))?;
                    pos.play(p).map_err(|e| move_error(i, &m.mv, e.message()))?;
                    moves.push(p);
                }
                Ok(GameReplay::Gomoku {
                    moves,
                    positions,
                    choices,
                })
            }
        }
    }

    /// The game as a Reversi session (start position, every move replayed, the players).
    ///
    /// # Errors
    /// [`LoadError::Invalid`] when this is not a valid Reversi game.
    pub fn to_reversi_session(&self) -> Result<Session<reversi::Position>, LoadError> {
        let GameReplay::Reversi { moves, positions } = self.replay()? else {
            return Err(LoadError::invalid_msg(msg!("error-not-reversi")));
        };
        let mut s = Session::new(positions[0], self.players);
        for (i, mv) in moves.into_iter().enumerate() {
            s.play(mv)
                .map_err(|e| move_error(i, &mv.to_string(), e.message()))?;
        }
        Ok(s)
    }

    /// The game as a Gomoku session (start position, every move and choice replayed, the
    /// players; the players are by colour at the end, so they start swapped back when the
    /// opening exchanged the colours).
    ///
    /// # Errors
    /// [`LoadError::Invalid`] when this is not a valid Gomoku game.
    pub fn to_gomoku_session(&self) -> Result<Session<gomoku::Position>, LoadError> {
        let GameReplay::Gomoku {
            moves,
            positions,
            choices,
        } = self.replay()?
        else {
            return Err(LoadError::invalid_msg(msg!("error-not-gomoku")));
        };
        let exchanged = positions.last().is_some_and(GameRules::colours_exchanged);
        // No opening rule takes a choice before the first stone: the first position is the
        // start itself.
        let start = positions
            .into_iter()
            .next()
            .ok_or_else(|| LoadError::invalid("no start position"))?;
        let players = if exchanged {
            BySide {
                black: self.players.white,
                white: self.players.black,
            }
        } else {
            self.players
        };
        let mut s = Session::new(start, players);
        let mut next = choices.into_iter().enumerate().peekable();
        for i in 0..=moves.len() {
            while let Some((k, (_, c))) = next.next_if(|(_, (after, _))| *after == i) {
                s.choose(c)
                    .map_err(|e| choice_error(k, i, c, e.message()))?;
            }
            let Some(&p) = moves.get(i) else {
                break;
            };
            s.play(p)
                .map_err(|e| move_error(i, &p.to_string(), e.message()))?;
        }
        Ok(s)
    }

    /// The opening's choices read from `opening`, each with the number of moves before it.
    ///
    /// # Errors
    /// [`LoadError::Invalid`] for a choice that cannot be read, one placed after more moves
    /// than the game has or before an earlier one, or an opening in a Reversi game.
    fn opening_choices(&self) -> Result<Vec<(usize, Choice)>, LoadError> {
        let Some(opening) = &self.opening else {
            return Ok(Vec::new());
        };
        let mut out = Vec::with_capacity(opening.choices.len());
        let mut last = 0;
        for (k, saved) in opening.choices.iter().enumerate() {
            let choice: Choice = saved.choice.parse().map_err(|e: String| {
                LoadError::invalid_msg(msg!("error-choice-unreadable", number = k + 1, problem = e))
            })?;
            if saved.after > self.moves.len() || saved.after < last {
                return Err(LoadError::invalid_msg(msg!(
                    "error-choice-place",
                    number = k + 1,
                    after = saved.after,
                    moves = self.moves.len()
                )));
            }
            last = saved.after;
            out.push((saved.after, choice));
        }
        Ok(out)
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
            .map_err(|e| move_error(out.len(), token, words(e)))?;
        out.push(point);
        rest = &rest[after_letter + digits..];
    }
}

/// The autosave document `current-game.json`: the game in progress of each tab, each a full
/// saved-game document (with its own `"version"`), under a top-level `"version": 1`, and
/// whether the window was locked (paused):
/// `{"version": 1, "reversi": {…} | null, "gomoku": {…} | null, "locked": true}`
/// (`locked` is written only when true; absent, as in older files, means unlocked).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CurrentGames {
    /// The Reversi tab's game, if any.
    pub reversi: Option<SavedGame>,
    /// The Gomoku tab's game, if any.
    pub gomoku: Option<SavedGame>,
    /// The window was locked: both games wait, clocks stopped, until the player unlocks.
    pub locked: bool,
}

impl CurrentGames {
    /// The game of tab `kind`.
    #[must_use]
    pub fn get(&self, kind: GameKind) -> &Option<SavedGame> {
        match kind {
            GameKind::Reversi => &self.reversi,
            GameKind::Gomoku => &self.gomoku,
        }
    }

    /// The game of tab `kind`, mutable.
    pub fn get_mut(&mut self, kind: GameKind) -> &mut Option<SavedGame> {
        match kind {
            GameKind::Reversi => &mut self.reversi,
            GameKind::Gomoku => &mut self.gomoku,
        }
    }
}

#[derive(Serialize)]
struct CurrentGamesOut<'a> {
    version: u32,
    reversi: Option<SavedGameOut<'a>>,
    gomoku: Option<SavedGameOut<'a>>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    locked: bool,
}

#[derive(Deserialize)]
struct CurrentGamesIn {
    #[serde(default)]
    reversi: Option<serde_json::Value>,
    #[serde(default)]
    gomoku: Option<serde_json::Value>,
    #[serde(default)]
    locked: bool,
}

impl CurrentGames {
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
            locked: self.locked,
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
            locked: doc.locked,
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

#[cfg(test)]
mod tests {
    use super::*;

    fn meta() -> GameMeta {
        GameMeta::new(
            BySide {
                black: PlayerKind::Human,
                white: PlayerKind::Computer,
            },
            BySide::default(),
        )
    }

    /// A Reversi board in `.obf` letters with these discs (no side to move).
    fn board(black: &[&str], white: &[&str]) -> String {
        let mut cells = ['-'; 64];
        for (list, ch) in [(black, 'X'), (white, 'O')] {
            for name in list {
                let sq: reversi::Square = name.parse().unwrap();
                cells[usize::from(sq.index())] = ch;
            }
        }
        cells.iter().collect()
    }

    const CENTRE: [&str; 4] = ["d4", "e4", "d5", "e5"];

    /// Black holds the centre and a1, b1; White only c1. White cannot move; Black can (d1).
    fn white_must_pass() -> String {
        let mut black = CENTRE.to_vec();
        black.extend(["a1", "b1"]);
        board(&black, &["c1"])
    }

    fn reversi_file(start: &str) -> String {
        format!(
            r#"{{"version": 1, "game": "Reversi",
                "players": {{"black": "Human", "white": "Human"}},
                "levels": {{"black": {{"level": "Medium", "depth": 4}},
                            "white": {{"level": "Medium", "depth": 4}}}},
                {start}
                "moves": [], "started": 1, "saved": 2}}"#
        )
    }

    #[test]
    fn a_set_up_reversi_game_saves_its_start_and_replays_from_it() {
        let text = format!("{} O", board(&["d4", "e4", "d5", "c3"], &["e5", "f6"]));
        let start = reversi::Position::from_obf(&text).unwrap();
        let mv = start.legal_moves()[0];
        let game = SavedGame::from_reversi_at(meta(), &start, [(mv, 5)]).unwrap();
        let json = game.to_json();
        assert!(json.contains("\"start\""), "{json}");
        assert!(json.contains("\"to_move\": \"white\""), "{json}");
        let back = SavedGame::from_json(json.as_bytes()).unwrap();
        assert_eq!(back, game);
        let session = back.to_reversi_session().unwrap();
        assert_eq!(*session.start_position(), start);
        assert_eq!(session.moves().collect::<Vec<_>>(), vec![mv]);
    }

    #[test]
    fn the_standard_start_is_saved_without_a_start_field() {
        let game = SavedGame::from_reversi_at(meta(), &reversi::Position::new(), []).unwrap();
        assert_eq!(game.start, None);
        assert!(!game.to_json().contains("\"start\""));
        let empty = gomoku::Position::new(15, Rule::Renju).unwrap();
        let game = SavedGame::from_gomoku_at(meta(), &empty, []).unwrap();
        assert!(!game.to_json().contains("\"start\""));
    }

    #[test]
    fn a_file_without_start_begins_at_the_standard_position() {
        let game = SavedGame::from_json(reversi_file("").as_bytes()).unwrap();
        assert_eq!(game.start, None);
        let session = game.to_reversi_session().unwrap();
        assert_eq!(*session.start_position(), reversi::Position::new());
    }

    #[test]
    fn a_reversi_start_may_be_obf_text_and_a_side_that_must_pass_is_passed() {
        let file = reversi_file(&format!(r#""start": "{} O","#, white_must_pass()));
        let game = SavedGame::from_json(file.as_bytes()).unwrap();
        let start = *game.to_reversi_session().unwrap().start_position();
        assert_eq!(start.side_to_move(), Side::Black, "White had to pass");
        assert_eq!(start.count(Side::White), 1);
        // The board form says the same.
        let file = reversi_file(&format!(
            r#""start": {{"board": "{}", "to_move": "white"}},"#,
            white_must_pass()
        ));
        let again = SavedGame::from_json(file.as_bytes()).unwrap();
        assert_eq!(*again.to_reversi_session().unwrap().start_position(), start);
    }

    #[test]
    fn an_invalid_reversi_start_makes_the_file_invalid_with_the_reason() {
        let no_centre = board(&["d4", "e4", "d5"], &["c3"]);
        let file = reversi_file(&format!(
            r#""start": {{"board": "{no_centre}", "to_move": "black"}},"#
        ));
        let err = SavedGame::from_json(file.as_bytes()).unwrap_err();
        assert!(matches!(err, LoadError::Invalid { .. }), "{err:?}");
        assert!(err.to_string().contains("e5 is empty"), "{err}");
        let short = reversi_file(r#""start": {"board": "XO", "to_move": "black"},"#);
        let err = SavedGame::from_json(short.as_bytes()).unwrap_err();
        assert!(err.to_string().contains("not 64"), "{err}");
        let side = reversi_file(&format!(
            r#""start": {{"board": "{}", "to_move": "red"}},"#,
            board(&CENTRE, &[])
        ));
        let err = SavedGame::from_json(side.as_bytes()).unwrap_err();
        assert!(err.to_string().contains("red"), "{err}");
    }

    #[test]
    fn a_set_up_gomoku_game_round_trips_and_a_bad_start_is_refused() {
        let p = |s: &str| s.parse::<Point>().unwrap();
        let start = gomoku::Position::playable_setup(
            15,
            Rule::Freestyle,
            &[p("H8"), p("J10")],
            &[p("I9")],
            Side::White,
        )
        .unwrap();
        let game = SavedGame::from_gomoku_at(meta(), &start, [(p("G7"), 3)]).unwrap();
        let json = game.to_json();
        assert!(json.contains("\"black\": [\n"), "{json}");
        let back = SavedGame::from_json(json.as_bytes()).unwrap();
        let session = back.to_gomoku_session().unwrap();
        assert_eq!(
            session.start_position().stone_at(p("I9")),
            Some(Side::White)
        );
        assert_eq!(session.start_position().side_to_move(), Side::White);
        assert_eq!(session.position().stone_at(p("G7")), Some(Side::White));

        // Three black stones and one white: no game reaches that.
        let mut bad = game.clone();
        bad.moves.clear();
        bad.result = None;
        bad.clock = None;
        bad.start = Some(SavedStart::Stones {
            black: vec!["H8".into(), "J10".into(), "A1".into()],
            white: vec!["I9".into()],
            to_move: "white".into(),
        });
        let err = SavedGame::from_json(bad.to_json().as_bytes()).unwrap_err();
        assert!(
            err.to_string().contains("\"start\": 3 black and 1 white"),
            "{err}"
        );
        // A Reversi board in a Gomoku game.
        bad.start = Some(SavedStart::Obf(format!("{} X", board(&CENTRE, &[]))));
        assert!(SavedGame::from_json(bad.to_json().as_bytes()).is_err());
    }
}
