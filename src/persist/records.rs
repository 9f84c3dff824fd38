//! Win records: named profiles, each with wins/losses/draws against the computer per game and
//! level, and head to head against other profiles per game.
//!
//! # File format (`records.json`)
//! ```json
//! {
//!   "version": 1,
//!   "profiles": [
//!     {
//!       "name": "alice",
//!       "vs_computer": { "reversi": { "hard": { "wins": 3, "losses": 1, "draws": 0 } } },
//!       "head_to_head": { "bob": { "gomoku-renju": { "wins": 1, "losses": 2, "draws": 0 } } },
//!       "picture": "5f3a9c0d12ab34ef.png"
//!     }
//!   ],
//!   "recorded_games": ["5f3a9c0d12ab34ef", "0123456789abcdef"]
//! }
//! ```
//! Game keys: [`GameKey`] (`reversi`, `gomoku-freestyle`, `gomoku-standard`, `gomoku-renju`);
//! level keys: [`LevelKey`] (`easy`, `medium`, `hard`, `depth-N`). `recorded_games`
//! (optional; older files have none): the [`GameId`]s of the last [`MAX_RECORDED_GAMES`]
//! games recorded, oldest first, so that recording a game again is recognised
//! ([`Records::record_once`]). Unknown fields at the top level and in a profile are kept
//! as they are when the file is rewritten (so an older version does not erase what a newer
//! one added); unknown fields inside a tally are ignored. `picture` (optional): the profile's
//! picture in the data directory's `pictures/` folder (see [`super::picture`]), a name of 16
//! lower-case hexadecimal digits and `.png`; absent means the default picture.
//! Validation: names non-empty, trimmed, without control characters, at most
//! [`MAX_NAME_CHARS`] characters and unique; every count total fits a `u32`; head-to-head
//! entries name an existing other profile and mirror that profile's entry (wins ↔ losses);
//! a `picture` is a picture's name ([`super::picture::is_picture_name`]).
//!
//! # Concurrency
//! [`RecordStore::update`] takes an OS advisory lock on `records.json.lock` (see
//! [`super::lock`]: released by the OS when a window dies, so never stale), waiting at most
//! [`LOCK_WAIT`]; then it re-reads the file, applies the change to what is on disk, writes
//! atomically and releases the lock. So two app windows sharing a data directory never lose
//! each other's results, and never hold the lock at the same time.

use std::collections::BTreeMap;
use std::fmt;
use std::fs;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::lock::{FileLock, LockError};
use super::{FORMAT_VERSION, LoadError, SaveError, atomic, load_with_policy, parse_json, paths};
use crate::core::{AiConfig, Level, MAX_DEPTH, MIN_DEPTH, Outcome, Side};
use crate::gomoku::Rule;
use crate::i18n::Message;
use crate::msg;

/// Longest profile name, in characters.
pub const MAX_NAME_CHARS: usize = 40;

/// How many ids of recorded games `records.json` keeps (the most recent 1000): enough to
/// recognise any game a window or a crash could try to record again.
pub const MAX_RECORDED_GAMES: usize = 1000;

/// How long [`RecordStore::update`] waits for another window's lock (2 s) before giving up
/// with [`SaveError::Locked`]. The lock is an OS lock (see [`super::lock`]), so only a live
/// window can hold it, and an update holds it for a few milliseconds.
pub const LOCK_WAIT: Duration = Duration::from_secs(2);

/// The profile name used when none was chosen: the OS user name (`USER`, else `USERNAME`),
/// trimmed and cut to [`MAX_NAME_CHARS`], or "Player" when unset or unusable.
#[must_use]
pub fn default_profile_name() -> String {
    ["USER", "USERNAME"]
        .iter()
        .filter_map(|var| std::env::var(var).ok())
        .map(|v| {
            v.trim()
                .chars()
                .take(MAX_NAME_CHARS)
                .collect::<String>()
                .trim()
                .to_string()
        })
        .find(|v| check_name(v).is_ok())
        .unwrap_or_else(|| "Player".to_string())
}

/// Why a change to the records was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// The name is empty or only whitespace.
    #[error("a profile name cannot be empty")]
    EmptyName,
    /// The name is longer than [`MAX_NAME_CHARS`] characters.
    #[error("a profile name can have at most {MAX_NAME_CHARS} characters")]
    NameTooLong,
    /// The name contains a control character (newline, tab, …).
    #[error("a profile name cannot contain control characters")]
    BadCharacter,
    /// Another profile already has this name.
    #[error("there is already a profile named {0:?}")]
    DuplicateName(String),
    /// No profile has this name.
    #[error("there is no profile named {0:?}")]
    NoSuchProfile(String),
    /// A head-to-head game needs two different profiles.
    #[error("{0:?} cannot play a head-to-head game against itself")]
    SameProfile(String),
    /// A count would pass `u32::MAX` games.
    #[error("too many games recorded for {0:?}")]
    Overflow(String),
}

impl RecordError {
    /// The reason in the window's language; `Display` stays English for logs.
    #[must_use]
    pub fn message(&self) -> crate::i18n::Message {
        match self {
            RecordError::EmptyName => msg!("error-name-empty"),
            RecordError::NameTooLong => msg!("error-name-too-long", max = MAX_NAME_CHARS),
            RecordError::BadCharacter => msg!("error-name-bad-character"),
            RecordError::DuplicateName(n) => msg!("error-duplicate-name", name = n),
            RecordError::NoSuchProfile(n) => msg!("error-no-such-profile", name = n),
            RecordError::SameProfile(n) => msg!("error-same-profile", name = n),
            RecordError::Overflow(n) => msg!("error-overflow", name = n),
        }
    }
}

/// Checks a (trimmed) profile name: not empty, at most [`MAX_NAME_CHARS`] characters, no
/// control characters.
///
/// # Errors
/// [`RecordError::EmptyName`], [`RecordError::NameTooLong`] or [`RecordError::BadCharacter`].
pub fn check_name(name: &str) -> Result<(), RecordError> {
    if name.is_empty() {
        return Err(RecordError::EmptyName);
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(RecordError::NameTooLong);
    }
    if name.chars().any(char::is_control) {
        return Err(RecordError::BadCharacter);
    }
    Ok(())
}

/// The identity of one game, given when it starts and kept in its autosave and saved files,
/// so that the win records can recognise a game they already counted. Text form (and
/// serialized as): 16 lower-case hexadecimal digits, e.g. "5f3a9c0d12ab34ef" (upper case is
/// read too).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct GameId(pub u64);

impl GameId {
    /// A fresh random id (64 random bits: two games never share one in practice).
    #[must_use]
    pub fn random() -> GameId {
        GameId(rand::random())
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:016x}", self.0)
    }
}

impl FromStr for GameId {
    type Err = String;

    /// Parses exactly 16 hexadecimal digits.
    fn from_str(s: &str) -> Result<GameId, String> {
        if s.len() != 16 || !s.bytes().all(|b| b.is_ascii_hexdigit()) {
            // The text is not quoted: it can be as long as the file.
            return Err("a game id must be 16 hexadecimal digits".to_string());
        }
        u64::from_str_radix(s, 16)
            .map(GameId)
            .map_err(|e| e.to_string())
    }
}

impl TryFrom<String> for GameId {
    type Error = String;
    fn try_from(s: String) -> Result<GameId, String> {
        s.parse()
    }
}

impl From<GameId> for String {
    fn from(id: GameId) -> String {
        id.to_string()
    }
}

/// What [`Records::record_once`] (or [`RecordStore::record_once`]) did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recording {
    /// The game was added to the records.
    Recorded,
    /// The game's id was already in the records: nothing changed.
    AlreadyRecorded,
}

/// Which game (and for Gomoku which rule set) a record is about. Text form: `reversi`,
/// `gomoku-freestyle`, `gomoku-standard`, `gomoku-renju`; serialized as that string.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum GameKey {
    /// Reversi.
    Reversi,
    /// Gomoku under this rule set (any board size).
    Gomoku(Rule),
}

impl GameKey {
    /// Position in [`GameKey::ALL`], for ordering.
    fn rank(self) -> u8 {
        match self {
            GameKey::Reversi => 0,
            GameKey::Gomoku(Rule::Freestyle) => 1,
            GameKey::Gomoku(Rule::Standard) => 2,
            GameKey::Gomoku(Rule::Renju) => 3,
        }
    }
}

/// Ordered as [`GameKey::ALL`].
impl Ord for GameKey {
    fn cmp(&self, other: &GameKey) -> std::cmp::Ordering {
        self.rank().cmp(&other.rank())
    }
}

impl PartialOrd for GameKey {
    fn partial_cmp(&self, other: &GameKey) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl GameKey {
    /// Every game key, Reversi first.
    pub const ALL: [GameKey; 4] = [
        GameKey::Reversi,
        GameKey::Gomoku(Rule::Freestyle),
        GameKey::Gomoku(Rule::Standard),
        GameKey::Gomoku(Rule::Renju),
    ];

    /// The key's text form, e.g. "gomoku-renju".
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            GameKey::Reversi => "reversi",
            GameKey::Gomoku(Rule::Freestyle) => "gomoku-freestyle",
            GameKey::Gomoku(Rule::Standard) => "gomoku-standard",
            GameKey::Gomoku(Rule::Renju) => "gomoku-renju",
        }
    }

    /// A label for people, in the window's language: "Reversi", "Gomoku (Renju)",
    /// "五子棋（连珠）".
    #[must_use]
    pub fn label(self) -> String {
        match self {
            GameKey::Reversi => crate::tr!("game-reversi"),
            GameKey::Gomoku(rule) => crate::tr!("game-gomoku-with-rule", rule = rule.label()),
        }
    }
}

impl fmt::Display for GameKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for GameKey {
    type Err = String;

    /// Parses the text form (exact, lower case).
    fn from_str(s: &str) -> Result<GameKey, String> {
        GameKey::ALL
            .into_iter()
            .find(|k| k.as_str() == s)
            .ok_or_else(|| format!("unknown game {s:?}"))
    }
}

impl TryFrom<String> for GameKey {
    type Error = String;
    fn try_from(s: String) -> Result<GameKey, String> {
        s.parse()
    }
}

impl From<GameKey> for String {
    fn from(k: GameKey) -> String {
        k.as_str().to_string()
    }
}

/// Which computer opponent a record is about. Text form: `easy`, `medium`, `hard`, or
/// `depth-N` (N in `MIN_DEPTH..=MAX_DEPTH`) for a level played at a depth other than its
/// default; serialized as that string.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum LevelKey {
    /// [`Level::Easy`] (any depth: Easy always looks one ply ahead).
    Easy,
    /// [`Level::Medium`] at its default depth.
    Medium,
    /// [`Level::Hard`] at its default depth.
    Hard,
    /// Medium or Hard at a custom search depth, in plies.
    Depth(u32),
}

impl LevelKey {
    /// The key for a computer configured as `cfg`: the level's key when `cfg.depth` is
    /// `AiConfig::for_level(cfg.level).depth` (and always for Easy, which ignores the depth),
    /// otherwise `Depth(cfg.depth)`. The time budget and seed do not matter.
    #[must_use]
    pub fn from_config(cfg: &AiConfig) -> LevelKey {
        match cfg.level {
            Level::Easy => LevelKey::Easy,
            level if cfg.depth == AiConfig::for_level(level).depth => match level {
                Level::Medium => LevelKey::Medium,
                _ => LevelKey::Hard,
            },
            _ => LevelKey::Depth(cfg.depth),
        }
    }

    /// A label for people, in the window's language: "Easy", "Medium", "Hard", "Depth 6",
    /// "深度 6".
    #[must_use]
    pub fn label(self) -> String {
        match self {
            LevelKey::Easy => Level::Easy.label(),
            LevelKey::Medium => Level::Medium.label(),
            LevelKey::Hard => Level::Hard.label(),
            LevelKey::Depth(n) => crate::tr!("level-depth", depth = n),
        }
    }
}

impl fmt::Display for LevelKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LevelKey::Easy => f.write_str("easy"),
            LevelKey::Medium => f.write_str("medium"),
            LevelKey::Hard => f.write_str("hard"),
            LevelKey::Depth(n) => write!(f, "depth-{n}"),
        }
    }
}

impl FromStr for LevelKey {
    type Err = String;

    /// Parses the text form (exact, lower case, no leading zeros).
    fn from_str(s: &str) -> Result<LevelKey, String> {
        match s {
            "easy" => Ok(LevelKey::Easy),
            "medium" => Ok(LevelKey::Medium),
            "hard" => Ok(LevelKey::Hard),
            _ => {
                let bad = || format!("unknown level {s:?}");
                let digits = s.strip_prefix("depth-").ok_or_else(bad)?;
                if digits.is_empty()
                    || digits.starts_with('0')
                    || !digits.bytes().all(|b| b.is_ascii_digit())
                {
                    return Err(bad());
                }
                let n: u32 = digits.parse().map_err(|_| bad())?;
                if (MIN_DEPTH..=MAX_DEPTH).contains(&n) {
                    Ok(LevelKey::Depth(n))
                } else {
                    Err(bad())
                }
            }
        }
    }
}

impl TryFrom<String> for LevelKey {
    type Error = String;
    fn try_from(s: String) -> Result<LevelKey, String> {
        s.parse()
    }
}

impl From<LevelKey> for String {
    fn from(k: LevelKey) -> String {
        k.to_string()
    }
}

/// A finished game from one player's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// The player won.
    Win,
    /// The player lost.
    Loss,
    /// Nobody won.
    Draw,
}

impl GameResult {
    /// The result for the player of `side` in a game that ended with `outcome`.
    #[must_use]
    pub fn for_side(outcome: Outcome, side: Side) -> GameResult {
        match outcome {
            Outcome::Draw => GameResult::Draw,
            Outcome::Win(w) if w == side => GameResult::Win,
            Outcome::Win(_) => GameResult::Loss,
        }
    }

    /// The same game from the opponent's point of view.
    #[must_use]
    pub fn reversed(self) -> GameResult {
        match self {
            GameResult::Win => GameResult::Loss,
            GameResult::Loss => GameResult::Win,
            GameResult::Draw => GameResult::Draw,
        }
    }
}

/// Wins, losses and draws. Valid tallies have `games()` ≤ `u32::MAX`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Tally {
    /// Games won.
    #[serde(default)]
    pub wins: u32,
    /// Games lost.
    #[serde(default)]
    pub losses: u32,
    /// Games drawn.
    #[serde(default)]
    pub draws: u32,
    /// Of these games, those in which this player asked the computer for hints (at most
    /// `games()`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub hinted: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl Tally {
    /// Games played: wins + losses + draws (as `u64`, so it never overflows).
    #[must_use]
    pub fn games(&self) -> u64 {
        u64::from(self.wins) + u64::from(self.losses) + u64::from(self.draws)
    }

    /// Wins / games, in `0.0..=1.0`; 0 when no games were played.
    #[must_use]
    pub fn win_rate(&self) -> f64 {
        let games = self.games();
        if games == 0 {
            0.0
        } else {
            f64::from(self.wins) / games as f64
        }
    }

    /// The tally with `result` added, or `None` if the total would pass `u32::MAX`.
    #[must_use]
    pub fn with(self, result: GameResult) -> Option<Tally> {
        if self.games() >= u64::from(u32::MAX) {
            return None;
        }
        let mut t = self;
        match result {
            GameResult::Win => t.wins += 1,
            GameResult::Loss => t.losses += 1,
            GameResult::Draw => t.draws += 1,
        }
        Some(t)
    }

    /// Wins, losses and draws, without the hint count.
    #[must_use]
    pub fn results(self) -> (u32, u32, u32) {
        (self.wins, self.losses, self.draws)
    }

    /// Wins and losses swapped: the opponent's view (the hint count stays).
    #[must_use]
    pub fn mirrored(self) -> Tally {
        Tally {
            wins: self.losses,
            losses: self.wins,
            draws: self.draws,
            hinted: self.hinted,
        }
    }

    /// Field-wise sum, saturating at `u32::MAX`.
    #[must_use]
    pub fn saturating_add(self, other: Tally) -> Tally {
        Tally {
            wins: self.wins.saturating_add(other.wins),
            losses: self.losses.saturating_add(other.losses),
            draws: self.draws.saturating_add(other.draws),
            hinted: self.hinted.saturating_add(other.hinted),
        }
    }
}

/// One named player and their records.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Profile {
    name: String,
    #[serde(default)]
    vs_computer: BTreeMap<GameKey, BTreeMap<LevelKey, Tally>>,
    #[serde(default)]
    head_to_head: BTreeMap<String, BTreeMap<GameKey, Tally>>,
    /// The picture's file name in `pictures/` (`None`: the default picture).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    picture: Option<String>,
    /// Fields this version does not know, kept as they were.
    #[serde(flatten)]
    extra: serde_json::Map<String, serde_json::Value>,
}

impl Profile {
    fn new(name: String) -> Profile {
        Profile {
            name,
            vs_computer: BTreeMap::new(),
            head_to_head: BTreeMap::new(),
            picture: None,
            extra: serde_json::Map::new(),
        }
    }

    /// The profile's name.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The file name of the profile's picture in `pictures/`, if it has one.
    #[must_use]
    pub fn picture(&self) -> Option<&str> {
        self.picture.as_deref()
    }

    /// All its games, against the computer and head to head, in every game and level.
    #[must_use]
    pub fn overall(&self) -> Tally {
        self.vs_computer_entries()
            .map(|(_, _, t)| t)
            .chain(self.head_to_head_entries().map(|(_, _, t)| t))
            .fold(Tally::default(), Tally::saturating_add)
    }

    /// Record against the computer at `level` in `game` (zero when never played).
    #[must_use]
    pub fn vs_computer(&self, game: GameKey, level: LevelKey) -> Tally {
        self.vs_computer
            .get(&game)
            .and_then(|m| m.get(&level))
            .copied()
            .unwrap_or_default()
    }

    /// Record against the profile `opponent` in `game` (zero when never played).
    #[must_use]
    pub fn head_to_head(&self, opponent: &str, game: GameKey) -> Tally {
        self.head_to_head
            .get(opponent)
            .and_then(|m| m.get(&game))
            .copied()
            .unwrap_or_default()
    }

    /// Every non-empty record against the computer, by game then level.
    pub fn vs_computer_entries(&self) -> impl Iterator<Item = (GameKey, LevelKey, Tally)> + '_ {
        self.vs_computer
            .iter()
            .flat_map(|(g, m)| m.iter().map(move |(l, t)| (*g, *l, *t)))
            .filter(|(_, _, t)| t.games() > 0)
    }

    /// Every non-empty head-to-head record, by opponent name then game.
    pub fn head_to_head_entries(&self) -> impl Iterator<Item = (&str, GameKey, Tally)> + '_ {
        self.head_to_head
            .iter()
            .flat_map(|(o, m)| m.iter().map(move |(g, t)| (o.as_str(), *g, *t)))
            .filter(|(_, _, t)| t.games() > 0)
    }
}

/// One line of a [`Records::ranking`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RankingEntry {
    /// The profile's name.
    pub name: String,
    /// Its record in the game and level ranked.
    pub tally: Tally,
}

/// Everything about one profile, totalled for display.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProfileSummary {
    /// The profile's name.
    pub name: String,
    /// All games against the computer, summed (saturating).
    pub vs_computer_total: Tally,
    /// All head-to-head games, summed (saturating).
    pub head_to_head_total: Tally,
    /// Non-empty records against the computer: (game, level, tally), sorted by game then level.
    pub vs_computer: Vec<(GameKey, LevelKey, Tally)>,
    /// Non-empty head-to-head records: (opponent, game, tally), sorted by opponent then game.
    pub head_to_head: Vec<(String, GameKey, Tally)>,
}

/// All profiles and their records: the content of `records.json`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Records {
    profiles: Vec<Profile>,
    /// Ids of the last [`MAX_RECORDED_GAMES`] games recorded, oldest first.
    recorded_games: Vec<GameId>,
    /// Top-level fields this version does not know, kept as they were.
    extra: serde_json::Map<String, serde_json::Value>,
}

#[derive(Deserialize)]
struct RecordsIn {
    #[serde(default)]
    profiles: Vec<Profile>,
    #[serde(default)]
    recorded_games: Vec<GameId>,
    #[serde(flatten)]
    extra: serde_json::Map<String, serde_json::Value>,
}

#[derive(Serialize)]
struct RecordsOut<'a> {
    version: u32,
    profiles: &'a [Profile],
    #[serde(skip_serializing_if = "<[GameId]>::is_empty")]
    recorded_games: &'a [GameId],
    #[serde(flatten)]
    extra: &'a serde_json::Map<String, serde_json::Value>,
}

impl Records {
    /// No profiles.
    #[must_use]
    pub fn new() -> Records {
        Records::default()
    }

    /// All profiles, in creation order.
    #[must_use]
    pub fn profiles(&self) -> &[Profile] {
        &self.profiles
    }

    /// The ids of the last (at most [`MAX_RECORDED_GAMES`]) games recorded, oldest first.
    #[must_use]
    pub fn recorded_games(&self) -> &[GameId] {
        &self.recorded_games
    }

    /// Whether the game `id` is among [`Records::recorded_games`].
    #[must_use]
    pub fn is_recorded(&self, id: GameId) -> bool {
        self.recorded_games.contains(&id)
    }

    /// Notes the game `id` as recorded (once), forgetting the oldest ids beyond
    /// [`MAX_RECORDED_GAMES`].
    pub fn mark_recorded(&mut self, id: GameId) {
        if self.is_recorded(id) {
            return;
        }
        self.recorded_games.push(id);
        let excess = self.recorded_games.len().saturating_sub(MAX_RECORDED_GAMES);
        self.recorded_games.drain(..excess);
    }

    /// Records the game `id` exactly once: when `id` is already recorded, does nothing and
    /// returns [`Recording::AlreadyRecorded`]; otherwise applies `record` (e.g. a
    /// [`Records::record_vs_computer`]) and notes `id` as recorded.
    ///
    /// # Errors
    /// The error of `record`; `id` is then not noted.
    pub fn record_once(
        &mut self,
        id: GameId,
        record: impl FnOnce(&mut Records) -> Result<(), RecordError>,
    ) -> Result<Recording, RecordError> {
        if self.is_recorded(id) {
            return Ok(Recording::AlreadyRecorded);
        }
        record(self)?;
        self.mark_recorded(id);
        Ok(Recording::Recorded)
    }

    /// The names of all profiles, in creation order.
    #[must_use]
    pub fn profile_names(&self) -> Vec<&str> {
        self.profiles.iter().map(Profile::name).collect()
    }

    /// The profile called `name`, if any.
    #[must_use]
    pub fn profile(&self, name: &str) -> Option<&Profile> {
        self.profiles.iter().find(|p| p.name == name)
    }

    fn index_of(&self, name: &str) -> Option<usize> {
        self.profiles.iter().position(|p| p.name == name)
    }

    /// Adds an empty profile called `name` (surrounding whitespace trimmed) and returns the
    /// stored name. Names are compared exactly (case matters).
    ///
    /// # Errors
    /// [`RecordError::EmptyName`], [`RecordError::NameTooLong`], [`RecordError::BadCharacter`],
    /// or [`RecordError::DuplicateName`] when the name is taken.
    pub fn create_profile(&mut self, name: &str) -> Result<String, RecordError> {
        let name = name.trim();
        check_name(name)?;
        if self.index_of(name).is_some() {
            return Err(RecordError::DuplicateName(name.to_string()));
        }
        self.profiles.push(Profile::new(name.to_string()));
        Ok(name.to_string())
    }

    /// The index of profile `name` (trimmed), creating it when missing.
    fn ensure(&mut self, name: &str) -> Result<usize, RecordError> {
        let name = name.trim();
        check_name(name)?;
        Ok(match self.index_of(name) {
            Some(i) => i,
            None => {
                self.profiles.push(Profile::new(name.to_string()));
                self.profiles.len() - 1
            }
        })
    }

    /// Renames profile `old` to `new` (trimmed), keeping all its records and updating the
    /// head-to-head records of its opponents. Renaming to the same name does nothing.
    ///
    /// # Errors
    /// [`RecordError::NoSuchProfile`] when `old` does not exist; the name errors of
    /// [`Records::create_profile`] for `new`, including [`RecordError::DuplicateName`].
    pub fn rename_profile(&mut self, old: &str, new: &str) -> Result<(), RecordError> {
        let new = new.trim();
        check_name(new)?;
        let i = self
            .index_of(old)
            .ok_or_else(|| RecordError::NoSuchProfile(old.to_string()))?;
        if old == new {
            return Ok(());
        }
        if self.index_of(new).is_some() {
            return Err(RecordError::DuplicateName(new.to_string()));
        }
        self.profiles[i].name = new.to_string();
        for p in &mut self.profiles {
            if let Some(h) = p.head_to_head.remove(old) {
                p.head_to_head.insert(new.to_string(), h);
            }
        }
        Ok(())
    }

    /// Deletes profile `name` and the head-to-head records of others against it.
    ///
    /// # Errors
    /// [`RecordError::NoSuchProfile`] when it does not exist.
    pub fn remove_profile(&mut self, name: &str) -> Result<(), RecordError> {
        let i = self
            .index_of(name)
            .ok_or_else(|| RecordError::NoSuchProfile(name.to_string()))?;
        self.profiles.remove(i);
        for p in &mut self.profiles {
            p.head_to_head.remove(name);
        }
        Ok(())
    }

    /// Gives profile `name` (created when missing) the picture `picture` (a file name in
    /// `pictures/`; `None`: the default picture) and returns the picture it had.
    ///
    /// # Errors
    /// The name errors of [`Records::create_profile`] (except duplicates).
    pub fn set_picture(
        &mut self,
        name: &str,
        picture: Option<String>,
    ) -> Result<Option<String>, RecordError> {
        let i = self.ensure(name)?;
        Ok(std::mem::replace(&mut self.profiles[i].picture, picture))
    }

    /// Adds a game of `profile` (created when missing) against the computer at `level` in
    /// `game`, with `result` from the profile's point of view.
    ///
    /// # Errors
    /// The name errors of [`Records::create_profile`] (except duplicates), or
    /// [`RecordError::Overflow`]; nothing changes then.
    pub fn record_vs_computer(
        &mut self,
        profile: &str,
        game: GameKey,
        level: LevelKey,
        result: GameResult,
    ) -> Result<(), RecordError> {
        let i = self.ensure(profile)?;
        let p = &mut self.profiles[i];
        let slot = p
            .vs_computer
            .entry(game)
            .or_default()
            .entry(level)
            .or_default();
        *slot = slot
            .with(result)
            .ok_or_else(|| RecordError::Overflow(p.name.clone()))?;
        Ok(())
    }

    /// Notes that `profile` used hints in its last recorded game against the computer at
    /// `level` in `game` (call right after [`Records::record_vs_computer`]). Does nothing
    /// when that record holds no game without hints left to mark.
    pub fn mark_hinted_vs_computer(&mut self, profile: &str, game: GameKey, level: LevelKey) {
        let Some(i) = self.index_of(profile.trim()) else {
            return;
        };
        if let Some(t) = self.profiles[i]
            .vs_computer
            .get_mut(&game)
            .and_then(|m| m.get_mut(&level))
            && u64::from(t.hinted) < t.games()
        {
            t.hinted += 1;
        }
    }

    /// Notes that `profile` used hints in its last recorded hot-seat game against
    /// `opponent` in `game` (call right after [`Records::record_head_to_head`]).
    pub fn mark_hinted_head_to_head(&mut self, profile: &str, opponent: &str, game: GameKey) {
        let Some(i) = self.index_of(profile.trim()) else {
            return;
        };
        if let Some(t) = self.profiles[i]
            .head_to_head
            .get_mut(opponent.trim())
            .and_then(|m| m.get_mut(&game))
            && u64::from(t.hinted) < t.games()
        {
            t.hinted += 1;
        }
    }

    /// Adds a hot-seat game in `game` between profiles `black` and `white` (each created when
    /// missing) that ended with `outcome`: both head-to-head records are updated.
    ///
    /// # Errors
    /// [`RecordError::SameProfile`] when both names are the same; the name errors of
    /// [`Records::create_profile`] (except duplicates); [`RecordError::Overflow`]. Nothing
    /// changes on error (except that a missing profile may have been created).
    pub fn record_head_to_head(
        &mut self,
        black: &str,
        white: &str,
        game: GameKey,
        outcome: Outcome,
    ) -> Result<(), RecordError> {
        let (b, w) = (black.trim(), white.trim());
        if b == w {
            return Err(RecordError::SameProfile(b.to_string()));
        }
        check_name(b)?;
        check_name(w)?;
        let bi = self.ensure(b)?;
        let wi = self.ensure(w)?;
        let result_b = GameResult::for_side(outcome, Side::Black);
        let new_b = self.profiles[bi]
            .head_to_head(w, game)
            .with(result_b)
            .ok_or_else(|| RecordError::Overflow(b.to_string()))?;
        let new_w = self.profiles[wi]
            .head_to_head(b, game)
            .with(result_b.reversed())
            .ok_or_else(|| RecordError::Overflow(w.to_string()))?;
        self.profiles[bi]
            .head_to_head
            .entry(w.to_string())
            .or_default()
            .insert(game, new_b);
        self.profiles[wi]
            .head_to_head
            .entry(b.to_string())
            .or_default()
            .insert(game, new_w);
        Ok(())
    }

    /// Profiles that played the computer at `level` in `game`, best first: by win rate
    /// (highest first), then by number of games (more first), then by name.
    #[must_use]
    pub fn ranking(&self, game: GameKey, level: LevelKey) -> Vec<RankingEntry> {
        let mut rows: Vec<RankingEntry> = self
            .profiles
            .iter()
            .map(|p| RankingEntry {
                name: p.name.clone(),
                tally: p.vs_computer(game, level),
            })
            .filter(|r| r.tally.games() > 0)
            .collect();
        rows.sort_by(|a, b| {
            // wins_a / games_a > wins_b / games_b  ⇔  wins_a·games_b > wins_b·games_a (exact).
            let lhs = u128::from(a.tally.wins) * u128::from(b.tally.games());
            let rhs = u128::from(b.tally.wins) * u128::from(a.tally.games());
            rhs.cmp(&lhs)
                .then(b.tally.games().cmp(&a.tally.games()))
                .then_with(|| a.name.cmp(&b.name))
        });
        rows
    }

    /// The summary of profile `name`, if it exists.
    #[must_use]
    pub fn summary(&self, name: &str) -> Option<ProfileSummary> {
        let p = self.profile(name)?;
        let vs_computer: Vec<_> = p.vs_computer_entries().collect();
        let head_to_head: Vec<_> = p
            .head_to_head_entries()
            .map(|(o, g, t)| (o.to_string(), g, t))
            .collect();
        Some(ProfileSummary {
            name: p.name.clone(),
            vs_computer_total: vs_computer
                .iter()
                .fold(Tally::default(), |acc, (_, _, t)| acc.saturating_add(*t)),
            head_to_head_total: head_to_head
                .iter()
                .fold(Tally::default(), |acc, (_, _, t)| acc.saturating_add(*t)),
            vs_computer,
            head_to_head,
        })
    }

    /// The summaries of all profiles, in creation order.
    #[must_use]
    pub fn summaries(&self) -> Vec<ProfileSummary> {
        self.profiles
            .iter()
            .filter_map(|p| self.summary(&p.name))
            .collect()
    }

    /// Checks the invariants listed in the [module docs](self).
    ///
    /// # Errors
    /// A sentence describing the first problem found.
    pub fn validate(&self) -> Result<(), Message> {
        let mut seen = std::collections::BTreeSet::new();
        for p in &self.profiles {
            let name = format!("{:?}", p.name);
            if p.name.trim() != p.name {
                return Err(msg!("error-records-name-spaces", name = name));
            }
            check_name(&p.name).map_err(|e| {
                msg!(
                    "error-records-name",
                    name = name.clone(),
                    problem = e.message()
                )
            })?;
            if !seen.insert(p.name.as_str()) {
                return Err(msg!("error-records-name-twice", name = name));
            }
            if let Some(picture) = &p.picture
                && !super::picture::is_picture_name(picture)
            {
                return Err(msg!(
                    "error-records-picture",
                    name = name,
                    picture = format!("{:?}", super::shorten(picture, 40))
                ));
            }
        }
        // Also refused: more games with hints than games.
        let too_many =
            |t: &Tally| t.games() > u64::from(u32::MAX) || u64::from(t.hinted) > t.games();
        for p in &self.profiles {
            for (g, l, t) in p.vs_computer_entries() {
                if too_many(&t) {
                    return Err(msg!(
                        "error-records-too-many",
                        name = format!("{:?}", p.name),
                        game = g.to_string(),
                        level = l.to_string(),
                        max = u32::MAX
                    ));
                }
            }
            for (opponent, m) in &p.head_to_head {
                if opponent == &p.name {
                    return Err(msg!(
                        "error-records-against-itself",
                        name = format!("{:?}", p.name)
                    ));
                }
                let Some(other) = self.profile(opponent) else {
                    if m.values().all(|t| t.games() == 0) {
                        continue;
                    }
                    return Err(msg!(
                        "error-records-unknown-opponent",
                        name = format!("{:?}", p.name),
                        opponent = format!("{opponent:?}")
                    ));
                };
                for (g, t) in m {
                    if too_many(t) {
                        return Err(msg!(
                            "error-records-h2h-too-many",
                            name = format!("{:?}", p.name),
                            opponent = format!("{opponent:?}"),
                            game = g.to_string()
                        ));
                    }
                    // Each side counts its own hints: only the results must mirror.
                    if other.head_to_head(&p.name, *g).results() != t.mirrored().results() {
                        return Err(msg!(
                            "error-records-h2h-disagree",
                            name = format!("{:?}", p.name),
                            opponent = format!("{opponent:?}"),
                            game = g.to_string()
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// The `records.json` document, pretty-printed, with `"version": 1`.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(&RecordsOut {
            version: FORMAT_VERSION,
            profiles: &self.profiles,
            recorded_games: &self.recorded_games,
            extra: &self.extra,
        })
        .unwrap_or_else(|e| unreachable!("records always serialize: {e}"))
    }

    /// Reads a `records.json` document and validates it.
    ///
    /// # Errors
    /// [`LoadError::TooLarge`], [`LoadError::Empty`], [`LoadError::Malformed`],
    /// [`LoadError::NewerVersion`] or [`LoadError::Invalid`].
    pub fn from_json(bytes: &[u8]) -> Result<Records, LoadError> {
        let mut file: RecordsIn = parse_json(bytes)?;
        // Written by `RecordsOut` itself; never kept as an unknown field.
        file.extra.remove("version");
        let records = Records {
            profiles: file.profiles,
            recorded_games: file.recorded_games,
            extra: file.extra,
        };
        records.validate().map_err(LoadError::invalid_msg)?;
        Ok(records)
    }

    /// Loads the records file at `path` with the damaged-file policy (see [`super`]):
    /// `Ok(None)` when it does not exist.
    ///
    /// # Errors
    /// [`LoadError::Corrupt`] (the file was moved aside) or [`LoadError::CorruptNotMoved`].
    pub fn load(path: &Path) -> Result<Option<Records>, LoadError> {
        load_with_policy(path, Records::from_json)
    }
}

/// The records file of a data directory, shared safely between app windows.
#[derive(Debug)]
pub struct RecordStore {
    path: PathBuf,
    records: Records,
    problem: Option<LoadError>,
}

impl RecordStore {
    /// Opens `dir/records.json`. Never fails: when the file is missing the records are empty;
    /// when it is damaged it is moved aside (see [`super`]), the records are empty and the
    /// error is returned for the app to show.
    #[must_use]
    pub fn open(dir: &Path) -> (RecordStore, Option<LoadError>) {
        let path = paths::records_path(dir);
        let (records, problem) = match Records::load(&path) {
            Ok(r) => (r.unwrap_or_default(), None),
            Err(e) => (Records::default(), Some(e)),
        };
        (
            RecordStore {
                path,
                records,
                problem: None,
            },
            problem,
        )
    }

    /// The records as last read or written by this store.
    #[must_use]
    pub fn records(&self) -> &Records {
        &self.records
    }

    /// The records file's path.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Takes `records`, read from the same file by another handle just now (the app's
    /// background writer), as this store's copy in memory.
    pub fn adopt(&mut self, records: Records) {
        self.records = records;
    }

    /// Re-reads the file (to see other windows' changes). On a damaged file, keeps the
    /// records in memory and returns the error (the file was moved aside).
    pub fn reload(&mut self) -> Option<LoadError> {
        match Records::load(&self.path) {
            Ok(r) => {
                self.records = r.unwrap_or_default();
                None
            }
            Err(e) => Some(e),
        }
    }

    /// A damaged file met by an earlier [`RecordStore::update`] (it was moved aside and the
    /// update started from this store's copy in memory), taken so it is reported once.
    pub fn take_problem(&mut self) -> Option<LoadError> {
        self.problem.take()
    }

    /// Changes the records safely against other windows: takes the lock, re-reads the file,
    /// applies `change` to what is on disk, validates, writes atomically, releases the lock.
    /// If the file on disk turns out damaged it is moved aside, the change is applied to this
    /// store's copy in memory instead, and the error is kept for [`RecordStore::take_problem`].
    /// The directory is created when missing.
    ///
    /// # Errors
    /// [`SaveError::Record`] when `change` refuses (nothing written);
    /// [`SaveError::Locked`] when the lock stays held for [`LOCK_WAIT`];
    /// [`SaveError::Corrupt`] when a damaged file could not be moved aside (not overwritten);
    /// [`SaveError::Invalid`] when the result fails validation; [`SaveError::Io`].
    /// On error the file is unchanged.
    pub fn update<T>(
        &mut self,
        change: impl FnOnce(&mut Records) -> Result<T, RecordError>,
    ) -> Result<T, SaveError> {
        self.update_with(|r| change(r).map(|v| (v, true)))
    }

    /// Records the game `id` exactly once, safely against other windows and crashes: under
    /// the lock, as [`RecordStore::update`], with [`Records::record_once`]. The result and
    /// the game's id are written in the same atomic replacement of the file, so after a crash
    /// either both are on disk or neither is; recording the game again then returns
    /// [`Recording::AlreadyRecorded`] without writing anything.
    ///
    /// # Errors
    /// As [`RecordStore::update`]; on error nothing was recorded and the call can be retried.
    pub fn record_once(
        &mut self,
        id: GameId,
        record: impl FnOnce(&mut Records) -> Result<(), RecordError>,
    ) -> Result<Recording, SaveError> {
        self.update_with(|r| {
            let done = r.record_once(id, record)?;
            Ok((done, done == Recording::Recorded))
        })
    }

    /// [`RecordStore::update`] where `change` also says whether it changed anything; when it
    /// did not (and the file on disk was fine) nothing is written.
    fn update_with<T>(
        &mut self,
        change: impl FnOnce(&mut Records) -> Result<(T, bool), RecordError>,
    ) -> Result<T, SaveError> {
        let dir = match self.path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        fs::create_dir_all(&dir).map_err(|source| SaveError::Io {
            path: dir.clone(),
            source,
        })?;
        let _lock = acquire_lock(&lock_path(&self.path))?;
        let (mut records, from_memory) = match Records::load(&self.path) {
            Ok(r) => (r.unwrap_or_default(), false),
            Err(e @ LoadError::Corrupt { .. }) => {
                self.problem = Some(e);
                (self.records.clone(), true)
            }
            Err(e) => return Err(SaveError::Corrupt(e)),
        };
        let (value, changed) = match change(&mut records) {
            Ok(v) => v,
            Err(e) => {
                self.records = records;
                return Err(SaveError::Record(e));
            }
        };
        if changed || from_memory {
            records
                .validate()
                .map_err(|r| SaveError::Invalid(LoadError::invalid_msg(r)))?;
            atomic::write_atomic(&self.path, records.to_json().as_bytes()).map_err(|source| {
                SaveError::Io {
                    path: self.path.clone(),
                    source,
                }
            })?;
        }
        self.records = records;
        Ok(value)
    }
}

/// `records.json.lock` next to `records.json`.
fn lock_path(path: &Path) -> PathBuf {
    let mut s = path.as_os_str().to_os_string();
    s.push(".lock");
    PathBuf::from(s)
}

/// Takes the records lock, waiting at most [`LOCK_WAIT`].
fn acquire_lock(path: &Path) -> Result<FileLock, SaveError> {
    FileLock::acquire(path, LOCK_WAIT).map_err(|e| match e {
        LockError::Busy { path } => SaveError::Locked { path },
        LockError::Io { path, source } => SaveError::Io { path, source },
    })
}
