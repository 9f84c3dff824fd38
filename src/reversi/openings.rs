//! Opening names: which standard named line (Tiger, Rose, Buffalo, …) a game follows.
//!
//! The lines are data, `assets/reversi-opening-names.txt` (Robert Gatliff's catalogue plus
//! the Rabbit; the file's header gives the source), one `<moves> <key>` per line; the names
//! themselves are the catalogue messages `opening-<key>`, so they follow the window's
//! language. A game is matched by position, not by move order: every position of the game
//! is looked up by its [`Canonical`] key, so all 8 orientations of a line and every move
//! order reaching its position (a transposition: f5d6c4d3c3 is the Tiger) carry its name.
//! The name shown is that of the last named position the game went through, so it stays
//! once the game has left the named lines (as NBoard's opening display does).

use std::collections::HashMap;
use std::sync::OnceLock;

use super::canonical::{Canonical, PositionKey};
use super::notation::parse_transcript;
use super::position::Position;
use super::square::Move;

/// The shipped list (`assets/reversi-opening-names.txt`).
const SHIPPED: &str = include_str!("../../assets/reversi-opening-names.txt");

/// One named line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedOpening {
    /// The name's key: its catalogue message is `opening-<key>` ("tiger").
    pub key: String,
    /// The moves from the start position, as the list gives them.
    pub moves: Vec<Move>,
}

impl NamedOpening {
    /// The catalogue key of the name ("opening-tiger").
    #[must_use]
    pub fn message_key(&self) -> String {
        format!("opening-{}", self.key)
    }

    /// The name in the window's language ("Tiger", "虎").
    #[must_use]
    pub fn label(&self) -> String {
        crate::tr!(&self.message_key())
    }
}

/// Why a list of named lines could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OpeningListError {
    /// A line is not `<moves> <key>`, its key is not lower-case words joined by hyphens, or
    /// its moves are not a legal game.
    #[error("line {line}: {why}")]
    Line {
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        why: String,
    },
    /// Two lines reach the same position (up to symmetry), so one position would have two
    /// names.
    #[error("line {line} reaches the position of line {first}")]
    Duplicate {
        /// 1-based number of the later line.
        line: usize,
        /// 1-based number of the earlier line.
        first: usize,
    },
}

/// A list of named lines, looked up by position.
#[derive(Clone, Debug)]
pub struct OpeningNames {
    lines: Vec<NamedOpening>,
    /// Canonical key of each line's final position → index into `lines`.
    by_position: HashMap<PositionKey, usize>,
    /// Plies of the longest line: later positions cannot be named.
    longest: usize,
}

impl OpeningNames {
    /// Reads a list: `<moves> <key>` per line, where moves are a transcript from the start
    /// position ("f5d6c3d3c4") and the key is lower-case ASCII words joined by hyphens;
    /// `#` starts a comment, blank lines are skipped.
    ///
    /// # Errors
    /// [`OpeningListError`] naming the first bad line, or two lines with one position.
    pub fn parse(text: &str) -> Result<OpeningNames, OpeningListError> {
        let mut names = OpeningNames {
            lines: Vec::new(),
            by_position: HashMap::new(),
            longest: 0,
        };
        let mut line_of = Vec::new();
        for (n, raw) in text.lines().enumerate() {
            let content = raw.split('#').next().unwrap_or("");
            let mut fields = content.split_whitespace();
            let Some(moves_text) = fields.next() else {
                continue;
            };
            let line = n + 1;
            let bad = |why: String| OpeningListError::Line { line, why };
            let key = match (fields.next(), fields.next()) {
                (Some(key), None) => key,
                _ => return Err(bad("expected <moves> <key>".into())),
            };
            if key.is_empty()
                || key.starts_with('-')
                || key.ends_with('-')
                || !key
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
            {
                return Err(bad(format!("bad key {key:?}")));
            }
            let moves = parse_transcript(moves_text).map_err(|e| bad(e.to_string()))?;
            let end = after(&moves).ok_or_else(|| bad("not a legal game".into()))?;
            let canonical = Canonical::of(end.player(), end.opponent()).key;
            if let Some(&first) = names.by_position.get(&canonical) {
                return Err(OpeningListError::Duplicate {
                    line,
                    first: line_of[first],
                });
            }
            names.by_position.insert(canonical, names.lines.len());
            names.longest = names.longest.max(moves.len());
            line_of.push(line);
            names.lines.push(NamedOpening {
                key: key.to_string(),
                moves,
            });
        }
        Ok(names)
    }

    /// The list shipped in `assets/reversi-opening-names.txt` (read once).
    ///
    /// # Panics
    /// If the shipped file does not read (`tests/reversi_openings.rs` keeps it valid).
    #[must_use]
    pub fn shipped() -> &'static OpeningNames {
        static NAMES: OnceLock<OpeningNames> = OnceLock::new();
        NAMES.get_or_init(|| {
            OpeningNames::parse(SHIPPED)
                .unwrap_or_else(|e| panic!("assets/reversi-opening-names.txt: {e}"))
        })
    }

    /// Every line, in the file's order.
    #[must_use]
    pub fn lines(&self) -> &[NamedOpening] {
        &self.lines
    }

    /// The line whose final position is `pos` (in any of its 8 orientations), if any.
    #[must_use]
    pub fn at(&self, pos: &Position) -> Option<&NamedOpening> {
        let key = Canonical::of(pos.player(), pos.opponent()).key;
        self.by_position.get(&key).map(|&i| &self.lines[i])
    }

    /// The name of a game played from `start` with `moves`: the line of the last position
    /// of the game that ends a named line (so the name stays once the game leaves the
    /// list). `None` before any named position, e.g. at the start.
    #[must_use]
    pub fn of_game(
        &self,
        start: &Position,
        moves: impl IntoIterator<Item = Move>,
    ) -> Option<&NamedOpening> {
        let mut pos = *start;
        let mut found = None;
        for mv in moves.into_iter().take(self.longest) {
            if pos.play(mv).is_err() {
                break;
            }
            if let Some(line) = self.at(&pos) {
                found = Some(line);
            }
        }
        found
    }
}

/// The position after `moves` from the start, if they are legal.
fn after(moves: &[Move]) -> Option<Position> {
    let mut pos = Position::new();
    for &mv in moves {
        pos.play(mv).ok()?;
    }
    Some(pos)
}
