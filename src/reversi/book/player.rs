//! [`BookEngine`]: the Reversi computer player with its opening book in front of the search.

use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};
use std::time::Instant;

use crate::core::{AiConfig, Analysis, Engine, Score, SearchInfo, StopFlag, Thought};
use crate::reversi::{Move, Position, ReversiEngine};

use super::{Book, BookParams};

/// Whether and how the computer plays from the opening book.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BookUse {
    /// Always search (engine matches and protocol engines: their strength is the search's).
    #[default]
    Off,
    /// The book's best move.
    Best,
    /// A random move among the near-equal book moves (see [`Book::choose`]), so games differ.
    Vary,
}

impl BookUse {
    fn to_u8(self) -> u8 {
        match self {
            BookUse::Off => 0,
            BookUse::Best => 1,
            BookUse::Vary => 2,
        }
    }

    fn from_u8(v: u8) -> BookUse {
        match v {
            1 => BookUse::Best,
            2 => BookUse::Vary,
            _ => BookUse::Off,
        }
    }
}

/// The book setting shared by the window (which changes it when the player does) and the
/// engine on its worker thread (which reads it at the start of every move); clones share
/// one value, as [`StopFlag`] clones do.
#[derive(Clone, Debug, Default)]
pub struct BookSwitch(Arc<AtomicU8>);

impl BookSwitch {
    /// A switch set to `book`.
    #[must_use]
    pub fn new(book: BookUse) -> BookSwitch {
        BookSwitch(Arc::new(AtomicU8::new(book.to_u8())))
    }

    /// The current setting.
    #[must_use]
    pub fn get(&self) -> BookUse {
        BookUse::from_u8(self.0.load(Ordering::Relaxed))
    }

    /// Change the setting; the next move the engine chooses follows it.
    pub fn set(&self, book: BookUse) {
        self.0.store(book.to_u8(), Ordering::Relaxed);
    }
}

/// [`ReversiEngine`] with an opening book: while the position is in the book and the
/// [`BookSwitch`] allows it, Medium and Hard play the book's move at once
/// ([`Book::choose`] with [`BookParams::for_level`]; "vary" draws from `AiConfig::seed`);
/// otherwise, and always for Easy, the engine searches. Analysis (hints, move scores,
/// reviews) never uses the book.
///
/// A book move is reported as a search of depth 0 and no nodes, scored by the book (discs
/// for the side to move), with the move alone as its line.
pub struct BookEngine {
    engine: ReversiEngine,
    book: Option<Arc<Book>>,
    switch: BookSwitch,
}

impl BookEngine {
    /// An engine playing from `book` (none: it always searches) as `switch` says.
    #[must_use]
    pub fn new(book: Option<Arc<Book>>, switch: BookSwitch) -> BookEngine {
        BookEngine {
            engine: ReversiEngine::new(),
            book,
            switch,
        }
    }

    /// The book move for `pos` under `cfg`, with its score, if the book is on and has one.
    #[must_use]
    pub fn book_move(&self, pos: &Position, cfg: &AiConfig) -> Option<(Move, i32)> {
        let vary = match self.switch.get() {
            BookUse::Off => return None,
            BookUse::Best => false,
            BookUse::Vary => true,
        };
        let params = BookParams::for_level(cfg.level)?;
        self.book.as_ref()?.choose(pos, &params, vary, cfg.seed)
    }
}

impl Engine<Position> for BookEngine {
    /// The book's move when [`BookEngine::book_move`] has one, else the search's.
    fn think(
        &mut self,
        pos: &Position,
        cfg: &AiConfig,
        stop: &StopFlag,
        on_info: &mut dyn FnMut(&SearchInfo<Move>),
    ) -> Option<Thought<Move>> {
        let start = Instant::now();
        let Some((best, discs)) = self.book_move(pos, cfg) else {
            return self.engine.think(pos, cfg, stop, on_info);
        };
        let info = SearchInfo {
            depth: 0,
            nodes: 0,
            elapsed_ms: start.elapsed().as_millis() as u64,
            score: Score::Discs(discs),
            exact: false,
            pv: vec![best],
            book: true,
        };
        on_info(&info);
        Some(Thought { best, info })
    }

    fn analyse(
        &mut self,
        pos: &Position,
        cfg: &AiConfig,
        stop: &StopFlag,
        on_update: &mut dyn FnMut(&Analysis<Move>),
    ) -> Option<Analysis<Move>> {
        self.engine.analyse(pos, cfg, stop, on_update)
    }

    fn clear(&mut self) {
        self.engine.clear();
    }
}
