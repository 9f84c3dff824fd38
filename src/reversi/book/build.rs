//! Building the opening book from game records (`reversi-gomoku reversi build-book`).
//!
//! 1. Every game is replayed; each position of its first `max_plies` plies (by disc count)
//!    is counted under its [`Canonical`] key, with the move played (carried into the key's
//!    frame) and the game's final disc differential for the mover.
//! 2. A position reached by at least `min_games` games is a node, and a move played from it
//!    by at least `min_games` games is a kept move. Every node is searched by Hard
//!    ([`Engine::think`]) at a fixed `depth`, its tables cleared first so that the result
//!    does not depend on the thread count or order; a kept move leading out of the nodes
//!    (past `max_plies`) gets a search of its own at `depth` − 1.
//! 3. The scores are backed up by negamax, deepest nodes first (Buro's and Edax's book
//!    scheme): a kept move scores minus the value of the node it leads to; a node's value
//!    is its best kept move's score, or the search's score when that is higher and the
//!    search's best move is not a kept move.
//! 4. The book holds every node with a kept move: the kept moves with their scores, and the
//!    search's score when its best move is another ("leaf").
//!
//! Only the engine's public interface is used, so a new search or evaluation rebuilds the
//! book with the same command.

use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::core::{AiConfig, Engine, Level, Score, Side, StopFlag};
use crate::reversi::bitboard::flips;
use crate::reversi::canonical::{Canonical, PositionKey};
use crate::reversi::notation::game_transcripts;
use crate::reversi::{Move, Position, ReversiEngine, parse_transcript};

use super::{Book, BookEntry, BookInfo, BookMove};

/// What to build.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildOptions {
    /// Fewest games through a position for it to be searched, and through a move for it to
    /// be a book move.
    pub min_games: u32,
    /// Positions with fewer than this many plies played (discs − 4) are collected.
    pub max_plies: u32,
    /// Depth of the search of each position, in plies.
    pub depth: u32,
    /// Positions searched at once, each on its own thread with its own engine (≈48 MiB).
    pub threads: usize,
}

impl Default for BuildOptions {
    /// The shipped book's settings: 20 games, 24 plies, depth 10, one thread.
    fn default() -> BuildOptions {
        BuildOptions {
            min_games: 20,
            max_plies: 24,
            depth: 10,
            threads: 1,
        }
    }
}

/// Why a book could not be built.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    /// A line's transcript is not a legal game.
    #[error("line {line}: {why}")]
    Game {
        /// 1-based line number in the games text.
        line: usize,
        /// What was wrong.
        why: String,
    },
    /// An option is out of range.
    #[error("{0}")]
    Options(String),
}

/// Counts of one move from one position.
#[derive(Clone, Copy, Debug, Default)]
struct MoveTally {
    games: u32,
    /// Sum of the games' final disc differentials for the mover.
    result: i64,
}

/// A position reached by enough games: its moves' counts and its searches.
struct Node {
    key: PositionKey,
    /// Games per move (squares in the key's frame, mirror images merged).
    moves: HashMap<u8, MoveTally>,
    /// What the search found.
    searched: Searched,
}

/// The searches of one node (see [`search_node`]).
#[derive(Clone, Debug, Default)]
struct Searched {
    /// The search's best square (key's frame, mirror images merged), if any.
    best: Option<u8>,
    /// The search's score of the position, discs for the side to move.
    score: i32,
    /// Kept moves whose resulting position is no node, with their searched scores.
    children: Vec<(u8, i32)>,
}

impl Node {
    /// The moves played by at least `min_games` games, in square order.
    fn kept(&self, min_games: u32) -> impl Iterator<Item = (u8, &MoveTally)> + '_ {
        let mut kept: Vec<(u8, &MoveTally)> = self
            .moves
            .iter()
            .filter(|(_, t)| t.games >= min_games)
            .map(|(&sq, t)| (sq, t))
            .collect();
        kept.sort_by_key(|&(sq, _)| sq);
        kept.into_iter()
    }

    /// The search's score when its best move is not a kept move (or it found none).
    fn leaf(&self, min_games: u32) -> Option<i32> {
        let in_book = self
            .searched
            .best
            .is_some_and(|b| self.moves.get(&b).is_some_and(|t| t.games >= min_games));
        (!in_book).then_some(self.searched.score)
    }

    /// The backed-up score of the kept move on `sq`: minus the value of the resulting
    /// position when it is a node, else its own search's score.
    fn move_score(&self, sq: u8, values: &HashMap<PositionKey, i32>) -> Option<i32> {
        let f = flips(self.key.player, self.key.opponent, u32::from(sq));
        let (p, o) = (self.key.opponent & !f, self.key.player | f | (1u64 << sq));
        match values.get(&Canonical::of(p, o).key) {
            Some(&v) => Some(-v),
            None => self
                .searched
                .children
                .iter()
                .find(|&&(s, _)| s == sq)
                .map(|&(_, v)| v),
        }
    }
}

/// One game: its first plies and its final disc differential for Black (empties to the
/// winner).
struct Game {
    moves: Vec<Move>,
    black_result: i32,
}

/// Builds a book from `games` (one game per line, the transcript first, `#` lines are
/// comments: the format of `tests/data/othello-games-*.txt`). `progress(done, total)` is
/// called after each searched position, from the searching threads.
///
/// # Errors
/// [`BuildError::Game`] for the first game that does not replay, [`BuildError::Options`]
/// for a zero `min_games`, `max_plies`, `depth` or `threads`.
pub fn build(
    games: &str,
    opts: &BuildOptions,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Book, BuildError> {
    if opts.min_games == 0 || opts.max_plies == 0 || opts.depth == 0 || opts.threads == 0 {
        return Err(BuildError::Options(
            "min-games, plies, depth and threads must be at least 1".into(),
        ));
    }
    let games = read_games(games, opts.max_plies)?;
    let mut nodes = collect(&games, opts);
    search_all(&mut nodes, opts, progress);
    let values = back_up(&nodes, opts.min_games);
    let entries = nodes
        .iter()
        .filter_map(|n| entry(n, &values, opts.min_games))
        .collect();
    Ok(Book::new(
        BookInfo {
            min_games: opts.min_games,
            max_plies: u8::try_from(opts.max_plies).unwrap_or(u8::MAX),
            depth: u8::try_from(opts.depth).unwrap_or(u8::MAX),
        },
        entries,
    ))
}

/// Every game of the text, cut to the moves before `max_plies` discs were added.
fn read_games(text: &str, max_plies: u32) -> Result<Vec<Game>, BuildError> {
    let mut out = Vec::new();
    for (line, transcript) in game_transcripts(text) {
        let moves = parse_transcript(transcript).map_err(|e| BuildError::Game {
            line,
            why: e.to_string(),
        })?;
        let mut pos = Position::new();
        let mut kept = Vec::new();
        for &mv in &moves {
            if ply(&pos) < max_plies {
                kept.push(mv);
            }
            // parse_transcript replayed these moves already.
            let _ = pos.play(mv);
        }
        let score = pos.final_score();
        out.push(Game {
            moves: kept,
            black_result: score.black as i32 - score.white as i32,
        });
    }
    Ok(out)
}

/// Plies played in `pos`, counted by its discs.
fn ply(pos: &Position) -> u32 {
    60 - pos.empties()
}

/// The positions reached by at least `min_games` games, with their moves' counts, sorted
/// by key.
fn collect(games: &[Game], opts: &BuildOptions) -> Vec<Node> {
    let mut counts: HashMap<PositionKey, u32> = HashMap::new();
    for_each_position(games, |key, _, _| *counts.entry(key).or_default() += 1);
    let mut nodes: HashMap<PositionKey, Node> = counts
        .into_iter()
        .filter(|&(_, games)| games >= opts.min_games)
        .map(|(key, _)| {
            let node = Node {
                key,
                moves: HashMap::new(),
                searched: Searched::default(),
            };
            (key, node)
        })
        .collect();
    for_each_position(games, |key, sq, result| {
        if let Some(node) = nodes.get_mut(&key) {
            let tally = node.moves.entry(sq).or_default();
            tally.games += 1;
            tally.result += i64::from(result);
        }
    });
    let mut out: Vec<Node> = nodes.into_values().collect();
    out.sort_by_key(|n| n.key);
    out
}

/// Calls `f(key, square in the key's frame, final result for the mover)` for every position
/// of every game where a disc was placed.
fn for_each_position(games: &[Game], mut f: impl FnMut(PositionKey, u8, i32)) {
    for game in games {
        let mut pos = Position::new();
        for &mv in &game.moves {
            if let Move::Place(sq) = mv {
                let c = Canonical::of(pos.player(), pos.opponent());
                let result = match pos.side_to_move() {
                    Side::Black => game.black_result,
                    Side::White => -game.black_result,
                };
                f(c.key, c.to_key_square(sq.index()), result);
            }
            let _ = pos.play(mv);
        }
    }
}

/// Searches every node on `opts.threads` threads, each with its own engine.
fn search_all(nodes: &mut [Node], opts: &BuildOptions, progress: &(dyn Fn(usize, usize) + Sync)) {
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let results: Mutex<Vec<(usize, Searched)>> = Mutex::new(Vec::new());
    let index: HashMap<PositionKey, usize> =
        nodes.iter().enumerate().map(|(i, n)| (n.key, i)).collect();
    let work: Vec<(PositionKey, Vec<u8>)> = nodes
        .iter()
        .map(|n| (n.key, n.kept(opts.min_games).map(|(sq, _)| sq).collect()))
        .collect();
    std::thread::scope(|scope| {
        for _ in 0..opts.threads {
            scope.spawn(|| {
                let mut engine = ReversiEngine::new();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some((key, kept)) = work.get(i) else {
                        break;
                    };
                    let searched = search_node(&mut engine, *key, kept, &index, opts.depth);
                    results
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner)
                        .push((i, searched));
                    progress(done.fetch_add(1, Ordering::Relaxed) + 1, work.len());
                }
            });
        }
    });
    let results = results
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    for (i, searched) in results {
        nodes[i].searched = searched;
    }
}

/// The searches of one node `key` (side to move first), after clearing the engine's tables
/// so that the result does not depend on what the thread searched before: the position at
/// `depth` (its best move and score), and each `kept` move whose resulting position is not
/// a node at `depth` − 1 (nodes get their own search).
fn search_node(
    engine: &mut ReversiEngine,
    key: PositionKey,
    kept: &[u8],
    nodes: &HashMap<PositionKey, usize>,
    depth: u32,
) -> Searched {
    engine.clear();
    let pos = Position::from_board(key.player, key.opponent, Side::Black);
    let c = Canonical::of(key.player, key.opponent);
    let (best, score) = search(engine, &pos, depth);
    let best = best.map(|sq| c.to_key_square(sq));
    let mut children = Vec::new();
    for &sq in kept {
        let mut child = pos;
        let _ = child.play(Move::Place(crate::reversi::Square::new_unchecked(sq)));
        if !nodes.contains_key(&Canonical::of(child.player(), child.opponent()).key) {
            let (_, child_score) = search(engine, &child, depth.saturating_sub(1).max(1));
            children.push((sq, -child_score));
        }
    }
    Searched {
        best,
        score,
        children,
    }
}

/// Hard's best square (none when the side to move must pass or the game is over) and score
/// of `pos` for its side to move, in discs, at `depth`; a pass is searched through, a
/// finished game scores its final disc differential.
fn search(engine: &mut ReversiEngine, pos: &Position, depth: u32) -> (Option<u8>, i32) {
    if pos.is_game_over() {
        let s = pos.final_score();
        let mine = *s.get(pos.side_to_move()) as i32 - *s.get(pos.side_to_move().other()) as i32;
        return (None, mine);
    }
    if pos.must_pass() {
        let mut after = *pos;
        after.pass();
        return (None, -search(engine, &after, depth).1);
    }
    let cfg = AiConfig {
        depth,
        time_ms: None,
        seed: Some(1),
        ..AiConfig::for_level(Level::Hard)
    };
    match engine.think(pos, &cfg, &StopFlag::new(), &mut |_| {}) {
        Some(t) => {
            let score = match t.info.score {
                Score::Discs(v) => v,
                other => other.value(),
            };
            (t.best.square().map(|sq| sq.index()), score)
        }
        None => (None, 0),
    }
}

/// Each node's value, deepest nodes first so that a move's resulting position is valued
/// before the move: the best of its kept moves' backed-up scores and, when the search's best
/// move is not a kept move, the search's score.
fn back_up(nodes: &[Node], min_games: u32) -> HashMap<PositionKey, i32> {
    let mut order: Vec<&Node> = nodes.iter().collect();
    order.sort_by_key(|n| std::cmp::Reverse((n.key.player | n.key.opponent).count_ones()));
    let mut values = HashMap::new();
    for node in order {
        let kept = node
            .kept(min_games)
            .filter_map(|(sq, _)| node.move_score(sq, &values));
        let value = kept.chain(node.leaf(min_games)).max();
        if let Some(value) = value {
            values.insert(node.key, value);
        }
    }
    values
}

/// The book entry of `node`: its moves played by at least `min_games` games with their
/// backed-up scores, best first, and the search's score when its best move is another;
/// `None` when no move was played that often.
fn entry(node: &Node, values: &HashMap<PositionKey, i32>, min_games: u32) -> Option<BookEntry> {
    let mut moves: Vec<BookMove> = node
        .kept(min_games)
        .filter_map(|(sq, tally)| {
            let score = node.move_score(sq, values)?.clamp(-64, 64);
            Some(BookMove {
                square: sq,
                score: score as i8,
                games: tally.games,
                result: mean_tenths(tally),
            })
        })
        .collect();
    if moves.is_empty() {
        return None;
    }
    moves.sort_by_key(|m| {
        (
            std::cmp::Reverse(m.score),
            std::cmp::Reverse(m.games),
            m.square,
        )
    });
    Some(BookEntry {
        key: node.key,
        leaf: node.leaf(min_games).map(|l| l.clamp(-64, 64) as i8),
        moves,
    })
}

/// The mean result of a move's games in tenths of a disc, rounded.
fn mean_tenths(t: &MoveTally) -> i16 {
    let games = i64::from(t.games.max(1));
    let tenths = (t.result * 20 + games).div_euclid(2 * games);
    i16::try_from(tenths.clamp(-640, 640)).unwrap_or_default()
}
