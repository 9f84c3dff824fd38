//! One game in progress, for either game: who plays each side, the move history with
//! unlimited undo/redo, and the turn-skipping undo a player expects against the computer.
//!
//! The session stores a snapshot of the position before every move, so undo is exact by
//! construction and needs nothing from the rules but [`GameRules::play`].

use serde::{Deserialize, Serialize};

use crate::core::{BySide, GameRules, Outcome, Side};

/// Who makes the moves for one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PlayerKind {
    /// A person clicking on the board.
    Human,
    /// The engine, on the worker thread.
    Computer,
}

impl PlayerKind {
    /// "Human" or "Computer".
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            PlayerKind::Human => "Human",
            PlayerKind::Computer => "Computer",
        }
    }

    /// "Human" or "Computer" in the window's language; [`PlayerKind::name`] stays English.
    #[must_use]
    pub fn label(self) -> String {
        match self {
            PlayerKind::Human => crate::tr!("player-human"),
            PlayerKind::Computer => crate::tr!("player-computer"),
        }
    }
}

/// A game in progress: start position, played moves (with the position before each), the
/// moves undone that can be redone, and who plays each side.
#[derive(Clone, Debug)]
pub struct Session<G: GameRules> {
    start: G,
    current: G,
    /// `(position before the move, move)` for every ply played, oldest first.
    history: Vec<(G, G::Move)>,
    /// Undone moves, the next one to redo last.
    redo: Vec<G::Move>,
    /// Who plays each side; may change at any time.
    pub players: BySide<PlayerKind>,
}

impl<G: GameRules> Session<G> {
    /// A session starting at `start` with the given players.
    pub fn new(start: G, players: BySide<PlayerKind>) -> Session<G> {
        Session {
            current: start.clone(),
            start,
            history: Vec::new(),
            redo: Vec::new(),
            players,
        }
    }

    /// The current position.
    pub fn position(&self) -> &G {
        &self.current
    }

    /// The position the session started from.
    pub fn start_position(&self) -> &G {
        &self.start
    }

    /// The moves played so far, oldest first (passes included).
    pub fn moves(&self) -> impl ExactSizeIterator<Item = G::Move> + '_ {
        self.history.iter().map(|(_, m)| *m)
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<G::Move> {
        self.history.last().map(|(_, m)| *m)
    }

    /// The position before the last move, if any (for highlighting what it changed).
    pub fn previous_position(&self) -> Option<&G> {
        self.history.last().map(|(p, _)| p)
    }

    /// Number of plies played.
    pub fn ply(&self) -> usize {
        self.history.len()
    }

    /// The outcome once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.current.outcome()
    }

    /// Who plays the side to move.
    pub fn player_to_move(&self) -> PlayerKind {
        *self.players.get(self.current.side_to_move())
    }

    /// True when the game is not over and the computer plays the side to move.
    pub fn is_computer_turn(&self) -> bool {
        self.outcome().is_none() && self.player_to_move() == PlayerKind::Computer
    }

    /// Play `mv` for the side to move. Playing a new move drops the redo list, unless it is
    /// the very move the redo list would replay next.
    ///
    /// # Errors
    /// The rules' reason when `mv` is illegal; the session is then unchanged.
    pub fn play(&mut self, mv: G::Move) -> Result<(), G::Illegal> {
        let before = self.current.clone();
        self.current.play(mv)?;
        self.history.push((before, mv));
        if self.redo.last() == Some(&mv) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        Ok(())
    }

    /// Take back one ply. Returns false when there is nothing to undo.
    pub fn undo_ply(&mut self) -> bool {
        match self.history.pop() {
            Some((before, mv)) => {
                self.current = before;
                self.redo.push(mv);
                true
            }
            None => false,
        }
    }

    /// Replay one undone ply. Returns false when there is nothing to redo.
    pub fn redo_ply(&mut self) -> bool {
        let Some(mv) = self.redo.pop() else {
            return false;
        };
        let before = self.current.clone();
        if self.current.play(mv).is_err() {
            // Cannot happen: the move was legal here when it was undone.
            self.redo.clear();
            return false;
        }
        self.history.push((before, mv));
        true
    }

    /// Undo back to the previous turn of a human: one ply, then further plies while the
    /// computer would be to move (so against the computer, Undo skips its reply). When both
    /// sides are the computer, undoes one ply. Returns the number of plies undone.
    pub fn undo_turn(&mut self) -> usize {
        let mut n = 0;
        if !self.undo_ply() {
            return 0;
        }
        n += 1;
        let any_human = Side::BOTH
            .iter()
            .any(|s| *self.players.get(*s) == PlayerKind::Human);
        while any_human && self.player_to_move() == PlayerKind::Computer && self.undo_ply() {
            n += 1;
        }
        n
    }

    /// Redo up to the next turn of a human: one ply, then further plies while the computer
    /// is to move and undone moves remain. Returns the number of plies redone.
    pub fn redo_turn(&mut self) -> usize {
        let mut n = 0;
        if !self.redo_ply() {
            return 0;
        }
        n += 1;
        while self.is_computer_turn() && self.redo_ply() {
            n += 1;
        }
        n
    }

    /// Whether [`Session::undo_ply`] would do something.
    pub fn can_undo(&self) -> bool {
        !self.history.is_empty()
    }

    /// Whether [`Session::redo_ply`] would do something.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Restart from `start`, keeping the players.
    pub fn reset(&mut self, start: G) {
        *self = Session::new(start, self.players);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fmt;

    /// Nim-like toy game: players alternately add 1 or 2; reaching 5 wins.
    #[derive(Clone, Debug, PartialEq)]
    struct Count {
        total: u8,
        to_move: Side,
    }
    #[derive(Debug)]
    struct Bad;
    impl fmt::Display for Bad {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("bad")
        }
    }
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    struct Add(u8);
    impl fmt::Display for Add {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "+{}", self.0)
        }
    }
    impl GameRules for Count {
        type Move = Add;
        type Illegal = Bad;
        fn side_to_move(&self) -> Side {
            self.to_move
        }
        fn check_move(&self, mv: Add) -> Result<(), Bad> {
            if self.total >= 5 || !(1..=2).contains(&mv.0) {
                Err(Bad)
            } else {
                Ok(())
            }
        }
        fn play(&mut self, mv: Add) -> Result<(), Bad> {
            self.check_move(mv)?;
            self.total += mv.0;
            self.to_move = !self.to_move;
            Ok(())
        }
        fn outcome(&self) -> Option<Outcome> {
            (self.total >= 5).then_some(Outcome::Win(!self.to_move))
        }
        fn legal_moves(&self) -> Vec<Add> {
            if self.total >= 5 {
                vec![]
            } else {
                vec![Add(1), Add(2)]
            }
        }
        fn final_score(&self) -> Option<crate::core::Score> {
            (self.total >= 5).then_some(crate::core::Score::LossIn(0))
        }
    }

    fn session(white: PlayerKind) -> Session<Count> {
        Session::new(
            Count {
                total: 0,
                to_move: Side::Black,
            },
            BySide {
                black: PlayerKind::Human,
                white,
            },
        )
    }

    #[test]
    fn illegal_move_leaves_session_unchanged() {
        let mut s = session(PlayerKind::Human);
        assert!(s.play(Add(3)).is_err());
        assert_eq!(s.ply(), 0);
        assert_eq!(s.position().total, 0);
    }

    #[test]
    fn undo_against_computer_skips_its_reply() {
        let mut s = session(PlayerKind::Computer);
        s.play(Add(1)).unwrap(); // human
        s.play(Add(2)).unwrap(); // computer
        assert_eq!(s.undo_turn(), 2);
        assert_eq!(
            s.position(),
            &Count {
                total: 0,
                to_move: Side::Black
            }
        );
        assert_eq!(s.redo_turn(), 2);
        assert_eq!(s.position().total, 3);
        assert_eq!(s.moves().collect::<Vec<_>>(), vec![Add(1), Add(2)]);
    }

    #[test]
    fn hot_seat_undo_is_one_ply_and_new_move_drops_redo() {
        let mut s = session(PlayerKind::Human);
        s.play(Add(1)).unwrap();
        s.play(Add(2)).unwrap();
        assert_eq!(s.undo_turn(), 1);
        assert_eq!(s.position().total, 1);
        assert!(s.can_redo());
        s.play(Add(1)).unwrap();
        assert!(!s.can_redo());
        assert_eq!(s.position().total, 2);
    }

    #[test]
    fn replaying_the_redo_move_keeps_the_rest_of_redo() {
        let mut s = session(PlayerKind::Human);
        s.play(Add(1)).unwrap();
        s.play(Add(2)).unwrap();
        s.undo_ply();
        s.undo_ply();
        s.play(Add(1)).unwrap();
        assert!(s.redo_ply());
        assert_eq!(s.position().total, 3);
    }

    #[test]
    fn computer_turn_needs_game_not_over() {
        let mut s = session(PlayerKind::Computer);
        s.play(Add(2)).unwrap();
        assert!(s.is_computer_turn());
        s.play(Add(2)).unwrap();
        s.play(Add(1)).unwrap();
        assert_eq!(s.outcome(), Some(Outcome::Win(Side::Black)));
        assert!(!s.is_computer_turn());
    }
}
