//! One game in progress, for either game: who plays each side, the history of moves (and, in
//! a Gomoku opening, choices) with unlimited undo/redo, and the turn-skipping undo a player
//! expects against the computer.
//!
//! The session stores a snapshot of the position before every step, so undo is exact by
//! construction and needs nothing from the rules but [`GameRules::play`] and
//! [`GameRules::choose`].

use serde::{Deserialize, Serialize};

use crate::core::{BySide, GameRules, Outcome, Side, Step};

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
}

/// One step of a session: a move or a choice of the game.
pub type StepOf<G> = Step<<G as GameRules>::Move, <G as GameRules>::Choice>;

/// What [`Session::undo_turn`] or [`Session::redo_turn`] took back or replayed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stepped {
    /// Steps (moves and choices).
    pub steps: usize,
    /// Of which moves (plies): what the clock gives back or takes again.
    pub moves: usize,
}

/// A game in progress: start position, the steps taken (moves and, in a Gomoku opening,
/// choices) with the position before each, the steps undone that can be redone, and who
/// plays each side.
///
/// `players` is by colour *now*: when a step exchanges the colours (a swap in an opening,
/// see [`GameRules::colours_exchanged`]), the players change places with it, and back when
/// it is undone.
#[derive(Clone, Debug)]
pub struct Session<G: GameRules> {
    start: G,
    current: G,
    /// `(position before the step, step)` for every step taken, oldest first.
    history: Vec<(G, StepOf<G>)>,
    /// Undone steps, the next one to redo last.
    redo: Vec<StepOf<G>>,
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

    /// The moves played so far, oldest first (passes included; choices left out).
    pub fn moves(&self) -> impl Iterator<Item = G::Move> + '_ {
        self.history.iter().filter_map(|(_, step)| match step {
            Step::Move(m) => Some(*m),
            Step::Choice(_) => None,
        })
    }

    /// The moves `side` has played so far, oldest first (passes included): each move's mover is
    /// the side to move of the position it was played in.
    pub fn moves_by(&self, side: Side) -> impl Iterator<Item = G::Move> + '_ {
        self.history
            .iter()
            .filter_map(move |(before, step)| match step {
                Step::Move(m) if before.side_to_move() == side => Some(*m),
                _ => None,
            })
    }

    /// Every step taken so far, oldest first.
    pub fn steps(&self) -> impl ExactSizeIterator<Item = StepOf<G>> + '_ {
        self.history.iter().map(|(_, step)| *step)
    }

    /// The choices made so far, each with the number of moves played before it.
    pub fn choices(&self) -> Vec<(usize, G::Choice)> {
        let mut moves = 0;
        let mut out = Vec::new();
        for (_, step) in &self.history {
            match step {
                Step::Move(_) => moves += 1,
                Step::Choice(c) => out.push((moves, *c)),
            }
        }
        out
    }

    /// The last move played, if any (a choice made since does not hide it).
    pub fn last_move(&self) -> Option<G::Move> {
        self.moves().last()
    }

    /// The position before the last move, if any (for highlighting what it changed).
    pub fn previous_position(&self) -> Option<&G> {
        self.history
            .iter()
            .rev()
            .find_map(|(before, step)| match step {
                Step::Move(_) => Some(before),
                Step::Choice(_) => None,
            })
    }

    /// Number of plies (moves) played.
    pub fn ply(&self) -> usize {
        self.moves().count()
    }

    /// Number of steps (moves and choices) taken.
    pub fn step_count(&self) -> usize {
        self.history.len()
    }

    /// The outcome once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.current.outcome()
    }

    /// Who takes the next step (see [`GameRules::actor`]).
    pub fn player_to_move(&self) -> PlayerKind {
        *self.players.get(self.current.actor())
    }

    /// The players as they were at the start (before any exchange of colours).
    pub fn start_players(&self) -> BySide<PlayerKind> {
        if self.current.colours_exchanged() {
            swapped(self.players)
        } else {
            self.players
        }
    }

    /// True when the game is not over and the computer takes the next step.
    pub fn is_computer_turn(&self) -> bool {
        self.outcome().is_none() && self.player_to_move() == PlayerKind::Computer
    }

    /// Play `mv` for the side to move. Playing a new move drops the redo list, unless it is
    /// the very move the redo list would replay next.
    ///
    /// # Errors
    /// The rules' reason when `mv` is illegal; the session is then unchanged.
    pub fn play(&mut self, mv: G::Move) -> Result<(), G::Illegal> {
        self.step(Step::Move(mv))
    }

    /// Make `choice` for the player whose choice it is, as [`Session::play`] does a move.
    ///
    /// # Errors
    /// The rules' reason when the choice is not allowed; the session is then unchanged.
    pub fn choose(&mut self, choice: G::Choice) -> Result<(), G::Illegal> {
        self.step(Step::Choice(choice))
    }

    /// Take `step` (see [`Session::play`]).
    ///
    /// # Errors
    /// The rules' reason when it is not allowed; the session is then unchanged.
    pub fn step(&mut self, step: StepOf<G>) -> Result<(), G::Illegal> {
        let before = self.current.clone();
        apply(&mut self.current, step)?;
        self.follow_colours(&before);
        self.history.push((before, step));
        if self.redo.last() == Some(&step) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        Ok(())
    }

    /// The players change places when the colours were exchanged (or given back) between
    /// `before` and now.
    fn follow_colours(&mut self, before: &G) {
        if before.colours_exchanged() != self.current.colours_exchanged() {
            self.players = swapped(self.players);
        }
    }

    /// Take back one step (a move or a choice); returns it, `None` when there is nothing
    /// to undo.
    pub fn undo_step(&mut self) -> Option<StepOf<G>> {
        let (before, step) = self.history.pop()?;
        let after = std::mem::replace(&mut self.current, before);
        self.follow_colours(&after);
        self.redo.push(step);
        Some(step)
    }

    /// Take the next undone step again; returns it, `None` when there is nothing to redo.
    pub fn redo_step(&mut self) -> Option<StepOf<G>> {
        let step = *self.redo.last()?;
        let before = self.current.clone();
        if apply(&mut self.current, step).is_err() {
            // Cannot happen: the step was allowed here when it was undone.
            self.redo.clear();
            return None;
        }
        self.redo.pop();
        self.follow_colours(&before);
        self.history.push((before, step));
        Some(step)
    }

    /// The step [`Session::redo_step`] would take, if any.
    pub fn next_redo(&self) -> Option<StepOf<G>> {
        self.redo.last().copied()
    }

    /// Undo back to the previous turn of a human: one step, then further steps while the
    /// computer would take the next one (so against the computer, Undo skips its reply and
    /// its choices). When both sides are the computer, undoes one step.
    pub fn undo_turn(&mut self) -> Stepped {
        let mut done = Stepped::default();
        let any_human = Side::BOTH
            .iter()
            .any(|s| *self.players.get(*s) == PlayerKind::Human);
        while let Some(step) = self.undo_step() {
            done.steps += 1;
            done.moves += usize::from(matches!(step, Step::Move(_)));
            if !any_human || self.player_to_move() != PlayerKind::Computer {
                break;
            }
        }
        done
    }

    /// Redo up to the next turn of a human: one step, then further steps while the computer
    /// takes the next one and undone steps remain.
    pub fn redo_turn(&mut self) -> Stepped {
        let mut done = Stepped::default();
        while let Some(step) = self.redo_step() {
            done.steps += 1;
            done.moves += usize::from(matches!(step, Step::Move(_)));
            if !self.is_computer_turn() {
                break;
            }
        }
        done
    }

    /// Whether [`Session::undo_step`] would do something.
    pub fn can_undo(&self) -> bool {
        !self.history.is_empty()
    }

    /// Whether [`Session::redo_step`] would do something.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Restart from `start`, keeping the players on the colours they hold now.
    pub fn reset(&mut self, start: G) {
        *self = Session::new(start, self.players);
    }
}

/// `players` with Black and White exchanged.
fn swapped(players: BySide<PlayerKind>) -> BySide<PlayerKind> {
    BySide {
        black: players.white,
        white: players.black,
    }
}

/// Take `step` in `pos`.
fn apply<G: GameRules>(pos: &mut G, step: StepOf<G>) -> Result<(), G::Illegal> {
    match step {
        Step::Move(m) => pos.play(m),
        Step::Choice(c) => pos.choose(c),
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
        type Choice = crate::core::NoChoice;
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
        fn choose(&mut self, choice: crate::core::NoChoice) -> Result<(), Bad> {
            match choice {}
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

    /// A set-up start with White to move: each side's moves follow the position each was
    /// played in, not the colour that usually opens.
    #[test]
    fn moves_by_follows_the_side_to_move_from_a_set_up() {
        let players = BySide {
            black: PlayerKind::Human,
            white: PlayerKind::Human,
        };
        let start = Count {
            total: 0,
            to_move: Side::White,
        };
        let mut s = Session::new(start, players);
        for mv in [Add(1), Add(2), Add(1)] {
            s.play(mv).unwrap();
        }
        assert_eq!(
            s.moves_by(Side::White).collect::<Vec<_>>(),
            [Add(1), Add(1)]
        );
        assert_eq!(s.moves_by(Side::Black).collect::<Vec<_>>(), [Add(2)]);
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
        assert_eq!(s.undo_turn(), Stepped { steps: 2, moves: 2 });
        assert_eq!(
            s.position(),
            &Count {
                total: 0,
                to_move: Side::Black
            }
        );
        assert_eq!(s.redo_turn(), Stepped { steps: 2, moves: 2 });
        assert_eq!(s.position().total, 3);
        assert_eq!(s.moves().collect::<Vec<_>>(), vec![Add(1), Add(2)]);
    }

    #[test]
    fn hot_seat_undo_is_one_ply_and_new_move_drops_redo() {
        let mut s = session(PlayerKind::Human);
        s.play(Add(1)).unwrap();
        s.play(Add(2)).unwrap();
        assert_eq!(s.undo_turn(), Stepped { steps: 1, moves: 1 });
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
        s.undo_step();
        s.undo_step();
        s.play(Add(1)).unwrap();
        assert_eq!(s.redo_step(), Some(Step::Move(Add(2))));
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
