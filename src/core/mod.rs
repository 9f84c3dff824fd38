//! Shared vocabulary of both games: sides, outcomes, computer levels, search limits and
//! progress reports, the cancel flag, and the two traits ([`GameRules`], [`Engine`]) that let
//! the session logic ([`crate::session`]) and the worker thread ([`crate::ai`]) serve Reversi and
//! Gomoku with one piece of code.
//!
//! Nothing here depends on egui: the rules and engines build and test headless.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use serde::{Deserialize, Serialize};

pub mod clock;

/// Which of the two games: a tab of the window, a key of the win records, a saved game's kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameKind {
    /// 8×8 Reversi (Othello).
    Reversi,
    /// Five in a row on 15×15 (Freestyle, Standard or Renju).
    Gomoku,
}

impl GameKind {
    /// Both games, Reversi first (the order of the tabs).
    pub const ALL: [GameKind; 2] = [GameKind::Reversi, GameKind::Gomoku];

    /// The game's name in English ("Reversi").
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Reversi => "Reversi",
            GameKind::Gomoku => "Gomoku",
        }
    }

    /// The game's name in the window's language ("Reversi", "黑白棋"); [`GameKind::name`]
    /// stays English for files and the command line.
    #[must_use]
    pub fn label(self) -> String {
        match self {
            GameKind::Reversi => crate::tr!("game-reversi"),
            GameKind::Gomoku => crate::tr!("game-gomoku"),
        }
    }
}

/// One value per game, indexed by [`GameKind`] (as [`BySide`] is by side).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ByGame<T> {
    /// Reversi's value.
    pub reversi: T,
    /// Gomoku's value.
    pub gomoku: T,
}

impl<T> ByGame<T> {
    /// The value for `game`.
    pub fn get(&self, game: GameKind) -> &T {
        match game {
            GameKind::Reversi => &self.reversi,
            GameKind::Gomoku => &self.gomoku,
        }
    }

    /// The value for `game`, mutable.
    pub fn get_mut(&mut self, game: GameKind) -> &mut T {
        match game {
            GameKind::Reversi => &mut self.reversi,
            GameKind::Gomoku => &mut self.gomoku,
        }
    }
}

/// A player. Black moves first in both games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    /// Moves first.
    Black,
    /// Moves second.
    White,
}

impl Side {
    /// Both sides, Black first.
    pub const BOTH: [Side; 2] = [Side::Black, Side::White];

    /// The opponent of `self`.
    #[must_use]
    pub fn other(self) -> Side {
        match self {
            Side::Black => Side::White,
            Side::White => Side::Black,
        }
    }

    /// "Black" or "White".
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Side::Black => "Black",
            Side::White => "White",
        }
    }

    /// The side's name in the window's language ("Black", "黑方"); [`Side::name`] and
    /// `Display` stay English for files and protocols.
    #[must_use]
    pub fn label(self) -> String {
        match self {
            Side::Black => crate::tr!("side-black"),
            Side::White => crate::tr!("side-white"),
        }
    }
}

impl From<Side> for crate::i18n::Arg {
    /// The side's name as a message's value, rendered in the message's language.
    fn from(side: Side) -> crate::i18n::Arg {
        crate::i18n::Arg::Message(crate::i18n::Message::new(match side {
            Side::Black => "side-black",
            Side::White => "side-white",
        }))
    }
}

impl std::ops::Not for Side {
    type Output = Side;
    fn not(self) -> Side {
        self.other()
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One value per side (shakmaty's `ByColor`), instead of `[T; 2]` indexed by `as usize`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BySide<T> {
    /// Black's value.
    pub black: T,
    /// White's value.
    pub white: T,
}

impl<T> BySide<T> {
    /// The value for `side`.
    pub fn get(&self, side: Side) -> &T {
        match side {
            Side::Black => &self.black,
            Side::White => &self.white,
        }
    }

    /// The value for `side`, mutably.
    pub fn get_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::Black => &mut self.black,
            Side::White => &mut self.white,
        }
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// This side won.
    Win(Side),
    /// Neither side won.
    Draw,
}

impl Outcome {
    /// The winner, or `None` for a draw.
    #[must_use]
    pub fn winner(self) -> Option<Side> {
        match self {
            Outcome::Win(s) => Some(s),
            Outcome::Draw => None,
        }
    }
}

/// How a game ended other than on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Ending {
    /// This side resigned; the other side wins.
    Resigned(Side),
    /// This side ran out of time; the other side wins.
    TimeOut(Side),
    /// Both sides agreed to a draw.
    DrawAgreed,
}

impl Ending {
    /// The outcome: a resignation or a loss on time is a win for the other side.
    #[must_use]
    pub fn outcome(self) -> Outcome {
        match self {
            Ending::Resigned(side) | Ending::TimeOut(side) => Outcome::Win(side.other()),
            Ending::DrawAgreed => Outcome::Draw,
        }
    }
}

/// Computer strength. What each level does is game-specific and documented by each engine
/// (see `reversi::engine` and `gomoku::engine`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Level {
    /// One-ply greedy play with a little randomness: fun for beginners.
    Easy,
    /// Shallow alpha-beta over a simple evaluation.
    Medium,
    /// The full engine: iterative deepening, transposition table, threat/endgame solvers.
    Hard,
}

impl Level {
    /// All levels, weakest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    /// "Easy", "Medium" or "Hard".
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
        }
    }

    /// The level's name in the window's language ("Hard", "困难"); [`Level::name`] and
    /// `Display` stay English for files and the command line.
    #[must_use]
    pub fn label(self) -> String {
        match self {
            Level::Easy => crate::tr!("level-easy"),
            Level::Medium => crate::tr!("level-medium"),
            Level::Hard => crate::tr!("level-hard"),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Smallest search depth a user may set, in plies.
pub const MIN_DEPTH: u32 = 1;
/// Largest search depth a user may set, in plies.
pub const MAX_DEPTH: u32 = 20;

/// What the computer is asked to do for one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AiConfig {
    /// Strength.
    pub level: Level,
    /// Maximum search depth in plies, `MIN_DEPTH..=MAX_DEPTH`. Easy ignores it (always one ply).
    pub depth: u32,
    /// Time budget per move in milliseconds, used by Hard's iterative deepening; `None` = depth only.
    pub time_ms: Option<u64>,
    /// Seed for the tie-breaking randomness; `None` = fresh entropy (games differ).
    pub seed: Option<u64>,
    /// Search threads for Hard, `1..=MAX_THREADS` (more share one transposition table);
    /// Easy and Medium always search on one. A property of the machine, not of the game: it
    /// is not written to saved games (they read as 1) and the app sets it from its settings.
    #[serde(skip, default = "one_thread")]
    pub threads: u32,
}

/// Most search threads a user may set (the UI offers `1..=MAX_THREADS`).
pub const MAX_THREADS: u32 = 8;

fn one_thread() -> u32 {
    1
}

impl AiConfig {
    /// The defaults a new user gets for `level`: Medium depth 4, Hard depth 20 with 1000 ms/move.
    #[must_use]
    pub fn for_level(level: Level) -> AiConfig {
        match level {
            Level::Easy => AiConfig {
                level,
                depth: 1,
                time_ms: None,
                seed: None,
                threads: 1,
            },
            Level::Medium => AiConfig {
                level,
                depth: 4,
                time_ms: None,
                seed: None,
                threads: 1,
            },
            Level::Hard => AiConfig {
                level,
                depth: MAX_DEPTH,
                time_ms: Some(1000),
                seed: None,
                threads: 1,
            },
        }
    }
}

impl Default for AiConfig {
    fn default() -> Self {
        AiConfig::for_level(Level::Medium)
    }
}

/// An engine's judgement of a position, from the searching side's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Reversi: the final disc differential expected (exact when [`SearchInfo::exact`]), in
    /// discs, −64..=64.
    Discs(i32),
    /// Gomoku: a heuristic evaluation in pattern units (an open three is worth about 20–60,
    /// a four–three about 200); see `gomoku::engine`.
    Eval(i32),
    /// A proven win: the searching side wins in this many plies (Gomoku: its five).
    WinIn(u32),
    /// A proven loss: the opponent wins in this many plies.
    LossIn(u32),
}

impl Score {
    /// Proven wins and losses on Gomoku's numeric scale: a win in `n` plies is
    /// `1_000_000 − n`, a loss `−(1_000_000 − n)`.
    pub const WIN: i32 = 1_000_000;

    /// The score as one number, for protocols and comparisons: discs or evaluation units as
    /// they are; proven results as ±([`Score::WIN`] − plies).
    #[must_use]
    pub fn value(self) -> i32 {
        match self {
            Score::Discs(v) | Score::Eval(v) => v,
            Score::WinIn(n) => Score::WIN - n.min(Score::WIN as u32) as i32,
            Score::LossIn(n) => -(Score::WIN - n.min(Score::WIN as u32) as i32),
        }
    }

    /// The same judgement from the other side's point of view: the sign flipped, a win in
    /// `n` plies becomes a loss in `n`.
    #[must_use]
    pub fn for_opponent(self) -> Score {
        match self {
            Score::Discs(v) => Score::Discs(-v),
            Score::Eval(v) => Score::Eval(-v),
            Score::WinIn(n) => Score::LossIn(n),
            Score::LossIn(n) => Score::WinIn(n),
        }
    }

    /// The score with its unit in the window's language ("+3 discs", "+3 子", "win in 7");
    /// `Display` stays English for protocols and logs.
    #[must_use]
    pub fn label(self) -> String {
        match self {
            Score::Discs(v) => crate::tr!("score-discs", value = format!("{v:+}")),
            Score::Eval(v) => crate::tr!("score-eval", value = format!("{v:+}")),
            Score::WinIn(n) => crate::tr!("score-win-in", plies = n),
            Score::LossIn(n) => crate::tr!("score-loss-in", plies = n),
        }
    }

    /// Whether the result is proven (a win or a loss in a known number of plies).
    #[must_use]
    pub fn is_proven(self) -> bool {
        matches!(self, Score::WinIn(_) | Score::LossIn(_))
    }
}

impl Default for Score {
    fn default() -> Self {
        Score::Eval(0)
    }
}

impl fmt::Display for Score {
    /// "+3 discs", "−40 eval", "win in 7", "loss in 4".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Discs(v) => write!(f, "{v:+} discs"),
            Score::Eval(v) => write!(f, "{v:+} eval"),
            Score::WinIn(n) => write!(f, "win in {n}"),
            Score::LossIn(n) => write!(f, "loss in {n}"),
        }
    }
}

/// A live progress report from a search, sent after each completed iteration; `M` is the
/// game's move.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchInfo<M> {
    /// Depth of the last completed iteration, in plies (0 before the first one completes).
    pub depth: u32,
    /// Nodes visited since the search started.
    pub nodes: u64,
    /// Time since the search started, in milliseconds.
    pub elapsed_ms: u64,
    /// Score of the best move from the searching side's point of view.
    pub score: Score,
    /// True when `score` is exact (Reversi endgame solved, Gomoku forced win/loss found).
    pub exact: bool,
    /// Principal variation, best move first.
    pub pv: Vec<M>,
    /// The move came from an opening book, not a search: `depth` and `nodes` are 0 and
    /// `score` is the book's (scored by a search when the book was built).
    pub book: bool,
}

impl<M> Default for SearchInfo<M> {
    fn default() -> Self {
        SearchInfo {
            depth: 0,
            nodes: 0,
            elapsed_ms: 0,
            score: Score::default(),
            exact: false,
            pv: Vec::new(),
            book: false,
        }
    }
}

impl<M> SearchInfo<M> {
    /// Nodes per second, 0 when no time has passed yet.
    #[must_use]
    pub fn nodes_per_second(&self) -> u64 {
        self.nodes
            .saturating_mul(1000)
            .checked_div(self.elapsed_ms)
            .unwrap_or(0)
    }
}

/// The result of a search: the move to play and the last progress report.
#[derive(Clone, Debug, PartialEq)]
pub struct Thought<M> {
    /// The move chosen; always legal in the position searched.
    pub best: M,
    /// Final report (depth reached, nodes, score, principal variation).
    pub info: SearchInfo<M>,
}

/// One legal move's score in an [`Analysis`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveScore<M> {
    /// The move.
    pub mv: M,
    /// Its score from the point of view of the side to move in the analysed position
    /// (Reversi: expected final disc differential after this move, in discs, −64..=64).
    pub score: Score,
    /// True when `score` is proven (Reversi: solved to the end; Gomoku: a forced win or loss).
    pub exact: bool,
    /// Search depth behind `score`, in plies (the empties for an exact Reversi score).
    pub depth: u32,
}

/// A multi-PV analysis of a position: a score for each candidate move, refined as the search
/// deepens. Sent after every move whose score changed.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis<M> {
    /// Scored moves, best first (Reversi: every legal move; Gomoku: the best candidates).
    pub moves: Vec<MoveScore<M>>,
    /// Depth of the last iteration finished for every move, in plies (0 before the first).
    pub depth: u32,
    /// Nodes visited since the analysis started.
    pub nodes: u64,
    /// Time since the analysis started, in milliseconds.
    pub elapsed_ms: u64,
    /// True once the analysis can learn nothing more (every score exact, or the depth limit
    /// reached); false while it runs or after it was stopped.
    pub complete: bool,
}

impl<M> Default for Analysis<M> {
    fn default() -> Self {
        Analysis {
            moves: Vec::new(),
            depth: 0,
            nodes: 0,
            elapsed_ms: 0,
            complete: false,
        }
    }
}

impl<M: Copy> Analysis<M> {
    /// The best move and its score, if any move was scored.
    #[must_use]
    pub fn best(&self) -> Option<MoveScore<M>> {
        self.moves.first().copied()
    }

    /// Sorts the moves best first (by [`Score::value`]; a stable sort keeps the search's order
    /// among equal scores).
    pub fn sort(&mut self) {
        self.moves
            .sort_by_key(|m| std::cmp::Reverse(m.score.value()));
    }
}

/// One step of a game: a move, or a choice that puts nothing on the board (under Gomoku's
/// opening rules: taking a colour, declaring or offering fifth moves).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step<M, C> {
    /// A move.
    Move(M),
    /// A choice.
    Choice(C),
}

/// The choices of a game that has none (Reversi): a type without values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NoChoice {}

impl fmt::Display for NoChoice {
    fn fmt(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {}
    }
}

/// The computer's step while a game is in its opening ([`Engine::decide`]): a move or a
/// choice, why it was taken, and the report of the search behind it.
#[derive(Clone, Debug)]
pub struct Decision<M, C> {
    /// What to do.
    pub step: Step<M, C>,
    /// Why, for the player ("I take White: …"), when the engine explains itself.
    pub reason: Option<crate::i18n::Message>,
    /// The last search's report (its score is the decision's evaluation).
    pub info: SearchInfo<M>,
}

/// A cancel flag shared between the UI thread and a search; the search polls it every few
/// thousand nodes and returns its best move so far once it is raised.
#[derive(Clone, Debug, Default)]
pub struct StopFlag(Arc<AtomicBool>);

impl StopFlag {
    /// A new, lowered flag.
    #[must_use]
    pub fn new() -> StopFlag {
        StopFlag::default()
    }

    /// Raise the flag: every search holding a clone stops soon.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the flag was raised.
    #[must_use]
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// The rules of a turn-based two-player game, as the session and the worker need them.
/// A position is a plain value: playing a move returns nothing to undo, the session keeps
/// snapshots instead (Reversi positions are 17 bytes; Gomoku ones a few hundred).
pub trait GameRules: Clone + Send + 'static {
    /// A move, including a pass where the game has one.
    type Move: Copy + Eq + fmt::Debug + fmt::Display + Send + 'static;
    /// Why a move was refused; its `Display` is the sentence shown to the player.
    type Illegal: fmt::Display + fmt::Debug;

    /// A choice a player makes that puts nothing on the board: Gomoku's opening rules
    /// (take a colour, declare or offer fifth moves); [`NoChoice`] in a game without.
    type Choice: Copy + Eq + fmt::Debug + fmt::Display + Send + 'static;

    /// Why the rules refused a move, for the window, in its language; the default shows the
    /// English [`fmt::Display`] text.
    fn illegal_message(err: &Self::Illegal) -> crate::i18n::Message {
        crate::i18n::Message::literal(err.to_string())
    }

    /// The side whose turn it is.
    fn side_to_move(&self) -> Side;
    /// `Ok(())` when `mv` is legal here, otherwise why not.
    ///
    /// # Errors
    /// The game's reason (occupied, flips nothing, forbidden, game over, …).
    fn check_move(&self, mv: Self::Move) -> Result<(), Self::Illegal>;
    /// Play `mv`.
    ///
    /// # Errors
    /// As [`GameRules::check_move`]; the position is unchanged on error.
    fn play(&mut self, mv: Self::Move) -> Result<(), Self::Illegal>;
    /// Make `choice` for [`GameRules::actor`].
    ///
    /// # Errors
    /// The game's reason when the choice is not allowed now; the position is then unchanged.
    fn choose(&mut self, choice: Self::Choice) -> Result<(), Self::Illegal>;

    /// The side whose player takes the next step: the side to move, except during an opening
    /// where one player places stones of both colours or must choose (Gomoku's Swap: the
    /// first player, tentatively Black, places the white opening stone too).
    fn actor(&self) -> Side {
        self.side_to_move()
    }

    /// Whether an opening rule still decides the steps (who places stones, which choices are
    /// due): the computer then takes its steps through [`Engine::decide`].
    fn in_opening(&self) -> bool {
        false
    }

    /// Whether the players hold the other colours than the ones they started with (a swap
    /// in an opening): who played Black at the start now plays White.
    fn colours_exchanged(&self) -> bool {
        false
    }

    /// The choice that a click on `mv`'s point makes now, when the next step is a choice
    /// made on the board (a Soosõrv fifth-move offer); `None` when a click is a move.
    fn choice_at(&self, _mv: Self::Move) -> Option<Self::Choice> {
        None
    }

    /// `Some` once the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// All legal moves (a lone pass when the side to move must pass); empty when the game is over.
    fn legal_moves(&self) -> Vec<Self::Move>;

    /// The exact result of a finished game from the side to move's point of view (Reversi:
    /// the disc differential with the empties given to the winner; Gomoku: `LossIn(0)` when
    /// the opponent's last move won, `Eval(0)` for a draw); `None` while the game goes on.
    fn final_score(&self) -> Option<Score>;
}

/// A computer player for game `G`. One engine lives on the worker thread and may keep state
/// (a transposition table) between moves.
pub trait Engine<G: GameRules>: Send {
    /// Choose a move for the side to move in `pos`; `None` when the game is over (there is
    /// nothing to choose). Calls `on_info` after each completed iteration. Returns early, with
    /// the best move found so far, once `stop` is raised or the time budget in `cfg` runs out;
    /// the move is always legal.
    fn think(
        &mut self,
        pos: &G,
        cfg: &AiConfig,
        stop: &StopFlag,
        on_info: &mut dyn FnMut(&SearchInfo<G::Move>),
    ) -> Option<Thought<G::Move>>;

    /// Score the candidate moves of `pos` for the side to move (multi-PV), deepening until
    /// `stop` is raised, `cfg.time_ms` runs out (milliseconds; `None`: no limit) or
    /// `cfg.depth` plies are done; calls `on_update` whenever a move's score changes. Returns
    /// the last analysis; `None` when the game is over.
    ///
    /// The default, for engines without a multi-PV search, scores only the move
    /// [`Engine::think`] chooses.
    fn analyse(
        &mut self,
        pos: &G,
        cfg: &AiConfig,
        stop: &StopFlag,
        on_update: &mut dyn FnMut(&Analysis<G::Move>),
    ) -> Option<Analysis<G::Move>> {
        let thought = self.think(pos, cfg, stop, &mut |_| {})?;
        let analysis = Analysis {
            moves: vec![MoveScore {
                mv: thought.best,
                score: thought.info.score,
                exact: thought.info.exact,
                depth: thought.info.depth,
            }],
            depth: thought.info.depth,
            nodes: thought.info.nodes,
            elapsed_ms: thought.info.elapsed_ms,
            complete: !stop.is_stopped(),
        };
        on_update(&analysis);
        Some(analysis)
    }

    /// The computer's next step while `pos` is in its opening ([`GameRules::in_opening`]):
    /// a move or a choice, with the reason when the engine gives one; `None` when the game
    /// is over. The default plays the move [`Engine::think`] chooses, without a reason.
    fn decide(
        &mut self,
        pos: &G,
        cfg: &AiConfig,
        stop: &StopFlag,
        on_info: &mut dyn FnMut(&SearchInfo<G::Move>),
    ) -> Option<Decision<G::Move, G::Choice>> {
        let thought = self.think(pos, cfg, stop, on_info)?;
        Some(Decision {
            step: Step::Move(thought.best),
            reason: None,
            info: thought.info,
        })
    }

    /// Forget everything learned so far (transposition table), e.g. on a new game.
    fn clear(&mut self) {}
}
