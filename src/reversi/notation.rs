//! Game transcripts: the compact "f5d6c3…" notation of WTHOR / Edax game files, in which
//! passes are not written and are inferred by replaying the game from the start position.

use super::position::{IllegalMove, Position};
use super::square::{Move, Square};

/// Why a transcript could not be read. `ply` counts written moves from 1 (inferred passes are
/// not counted).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TranscriptError {
    /// The text at this point is neither a square ("a1".."h8") nor a pass.
    #[error("move {ply}: cannot read {text:?} as a square (a1-h8) or a pass")]
    Syntax {
        /// Written move number, from 1.
        ply: usize,
        /// The offending text.
        text: String,
    },
    /// The move is not legal in the position reached.
    #[error("move {ply} ({mv}): {reason}")]
    Illegal {
        /// Written move number, from 1.
        ply: usize,
        /// The move that was refused.
        mv: Move,
        /// Why it is illegal.
        reason: IllegalMove,
    },
}

/// Splits a transcript into move tokens: squares ("f5", "F5") and passes ("pass", "ps", "--",
/// any letter case), written together ("f5d6c3") or separated by whitespace, commas or dots.
fn tokens(s: &str) -> impl Iterator<Item = Result<Move, String>> + '_ {
    let bytes = s.as_bytes();
    let mut i = 0usize;
    std::iter::from_fn(move || {
        while i < bytes.len()
            && (bytes[i].is_ascii_whitespace() || matches!(bytes[i], b',' | b'.' | b';'))
        {
            i += 1;
        }
        if i >= bytes.len() {
            return None;
        }
        let rest = &s[i..];
        let lower = |n: usize| rest.get(..n).map(str::to_ascii_lowercase);
        if lower(4).as_deref() == Some("pass") {
            i += 4;
            return Some(Ok(Move::Pass));
        }
        if lower(2).as_deref() == Some("ps") || rest.starts_with("--") {
            i += 2;
            return Some(Ok(Move::Pass));
        }
        if let Some(Ok(sq)) = rest.get(..2).map(str::parse::<Square>) {
            i += 2;
            return Some(Ok(Move::Place(sq)));
        }
        // Report the offending word and stop.
        let end = rest.find(|c: char| c.is_whitespace()).unwrap_or(rest.len());
        i = bytes.len();
        Some(Err(rest[..end].to_string()))
    })
}

/// The game transcripts of a games text (one game per line, the transcript first, as in
/// `tests/data/othello-games-2023-2025.txt`), each with its 1-based line number; blank lines
/// and lines whose first word starts with `#` are skipped.
pub fn game_transcripts(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .filter_map(|(n, l)| l.split_whitespace().next().map(|t| (n + 1, t)))
        .filter(|(_, t)| !t.starts_with('#'))
}

/// Parses a game transcript from the start position, e.g. "f5d6c3d3c4" or "f5 d6 c3 pass …".
/// Passes may be omitted: when a placement is written while the side to move has none, a
/// [`Move::Pass`] is inserted first. Returns every move including the inferred passes (no
/// trailing pass is added after the last written move).
///
/// # Errors
/// [`TranscriptError`] naming the written move number (from 1) and the reason: unreadable text,
/// or an illegal move (occupied, no flips, pass not allowed, game over).
pub fn parse_transcript(s: &str) -> Result<Vec<Move>, TranscriptError> {
    let mut pos = Position::new();
    let mut out = Vec::with_capacity(64);
    for (n, token) in tokens(s).enumerate() {
        let ply = n + 1;
        let mv = token.map_err(|text| TranscriptError::Syntax { ply, text })?;
        if matches!(mv, Move::Place(_)) && pos.must_pass() {
            pos.pass();
            out.push(Move::Pass);
        }
        pos.play(mv)
            .map_err(|reason| TranscriptError::Illegal { ply, mv, reason })?;
        out.push(mv);
    }
    Ok(out)
}

/// Replays `moves` from the start position and returns the final position.
///
/// # Errors
/// [`TranscriptError::Illegal`] at the first illegal move (`ply` counts all moves from 1,
/// passes included).
pub fn replay(moves: &[Move]) -> Result<Position, TranscriptError> {
    let mut pos = Position::new();
    for (n, &mv) in moves.iter().enumerate() {
        pos.play(mv).map_err(|reason| TranscriptError::Illegal {
            ply: n + 1,
            mv,
            reason,
        })?;
    }
    Ok(pos)
}

/// Writes moves in the compact transcript notation, passes left out: "f5d6c3".
#[must_use]
pub fn format_transcript(moves: &[Move]) -> String {
    let mut s = String::with_capacity(moves.len() * 2);
    for mv in moves {
        if let Move::Place(sq) = mv {
            s.push_str(&sq.to_string());
        }
    }
    s
}

/// A comment on one move of a GGF game.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveComment {
    /// Index of the move in the game (0 = the first move).
    pub index: usize,
    /// The move's evaluation for the mover, in discs (GGF's `move/eval` field).
    pub eval: Option<f64>,
    /// A free comment (a `C[…]` tag after the move; `]` and `\` are escaped).
    pub text: String,
}

/// A game from `start` in the Generic Game Format (GGF) of the Internet Othello Server, which
/// Edax and NBoard read: `(;GM[Othello]PC[…]TY[8]BO[8 <board> <side>]B[f5/2.00]W[d6]…;)`.
/// The board lists a1…h8 (`*` Black, `O` White, `-` empty) and the side to move; passes are
/// written `PA`. Each commented move carries its evaluation and a `C[…]` comment.
#[must_use]
pub fn format_ggf(start: &Position, moves: &[Move], comments: &[MoveComment]) -> String {
    let board: String = start
        .to_obf()
        .chars()
        .take(64)
        .map(|c| match c {
            'X' => '*',
            'O' => 'O',
            _ => '-',
        })
        .collect();
    let side = |s: crate::core::Side| {
        if s == crate::core::Side::Black {
            '*'
        } else {
            'O'
        }
    };
    let mut out = format!(
        "(;GM[Othello]PC[Reversi & Gomoku]TY[8]BO[8 {board} {}]",
        side(start.side_to_move())
    );
    let mut pos = *start;
    for (i, &mv) in moves.iter().enumerate() {
        let tag = if pos.side_to_move() == crate::core::Side::Black {
            'B'
        } else {
            'W'
        };
        let text = match mv {
            Move::Place(sq) => sq.to_string(),
            Move::Pass => "PA".to_string(),
        };
        let note = comments.iter().find(|c| c.index == i);
        match note.and_then(|c| c.eval) {
            Some(eval) => out.push_str(&format!("{tag}[{text}/{eval:.2}]")),
            None => out.push_str(&format!("{tag}[{text}]")),
        }
        if let Some(c) = note.filter(|c| !c.text.is_empty()) {
            let escaped = c.text.replace('\\', "\\\\").replace(']', "\\]");
            out.push_str(&format!("C[{escaped}]"));
        }
        if pos.play(mv).is_err() {
            break;
        }
    }
    out.push_str(";)");
    out
}
