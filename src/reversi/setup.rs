//! Set-up positions ("edit mode"): a board arranged by hand, checked before play starts from
//! it. Any arrangement with the four centre squares occupied can arise in some game only if
//! it is connected to them, but engines and players analyse composed positions too, so the
//! only set-ups refused are those nothing can be played from.

use crate::core::Side;

use super::position::Position;
use super::square::Square;

/// Why a set-up Reversi position cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A centre square (d4, e4, d5, e5) is empty: every game starts with all four taken, and
    /// a disc is never removed.
    #[error("{0} is empty, but the four centre squares are never empty in Reversi")]
    EmptyCentre(Square),
    /// Neither side has a legal move: the game would be over before it starts.
    #[error("neither side can move from this position: the game is already over")]
    GameOver,
}

impl SetupError {
    /// Why the set-up is refused, in the window's language.
    #[must_use]
    pub fn message(&self) -> crate::i18n::Message {
        match *self {
            SetupError::EmptyCentre(sq) => {
                crate::msg!("setup-empty-centre", point = sq.to_string())
            }
            SetupError::GameOver => crate::msg!("setup-game-over"),
        }
    }
}

/// A checked set-up: the position to play from, and whether the chosen side to move had to
/// pass (it had no legal move, so the other side moves first; the player is told).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The position to start from.
    pub position: Position,
    /// The chosen side to move had no move and was passed.
    pub passed: bool,
}

/// Checks a hand-made board: Black's and White's discs as bitboards (bit i = square index i;
/// a square in both goes to Black), `to_move` the side chosen to move.
///
/// # Errors
/// [`SetupError::EmptyCentre`] when d4, e4, d5 or e5 is empty; [`SetupError::GameOver`] when
/// neither side can move.
pub fn setup(black: u64, white: u64, to_move: Side) -> Result<Setup, SetupError> {
    for name in ["d4", "e4", "d5", "e5"] {
        let sq: Square = name.parse().expect("centre square");
        if (black | white) & (1u64 << sq.index()) == 0 {
            return Err(SetupError::EmptyCentre(sq));
        }
    }
    let position = Position::from_board(black, white, to_move);
    if position.is_game_over() {
        return Err(SetupError::GameOver);
    }
    if position.must_pass() {
        return Ok(Setup {
            position: Position::from_board(black, white, to_move.other()),
            passed: true,
        });
    }
    Ok(Setup {
        position,
        passed: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bit(name: &str) -> u64 {
        1u64 << name.parse::<Square>().unwrap().index()
    }

    #[test]
    fn the_start_position_sets_up_as_it_is() {
        let start = Position::new();
        let s = setup(
            start.discs(Side::Black),
            start.discs(Side::White),
            Side::Black,
        )
        .unwrap();
        assert_eq!(s.position, start);
        assert!(!s.passed);
    }

    #[test]
    fn an_empty_centre_square_is_refused_with_its_name() {
        let err = setup(bit("d5") | bit("e4"), bit("d4"), Side::Black).unwrap_err();
        assert_eq!(err, SetupError::EmptyCentre("e5".parse().unwrap()));
        assert!(err.to_string().contains("e5"));
    }

    #[test]
    fn a_side_without_moves_is_passed_and_a_dead_position_refused() {
        // White's only disc c1 is flanked by Black's b1 and a1 up to the edge: White has no
        // move, Black has d1.
        let centre = bit("d4") | bit("d5") | bit("e4") | bit("e5");
        let black = centre | bit("a1") | bit("b1");
        let white = bit("c1");
        let s = setup(black, white, Side::White).unwrap();
        assert!(s.passed);
        assert_eq!(s.position.side_to_move(), Side::Black);
        assert!(s.position.legal_moves().contains(&"d1".parse().unwrap()));
        // All four centre squares Black: nobody can move.
        assert_eq!(setup(centre, 0, Side::White), Err(SetupError::GameOver));
    }
}
