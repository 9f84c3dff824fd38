//! Property tests of the shared session over random legal games of both games: undo restores
//! the exact previous position (discs or stones and the side to move), redo replays it, and
//! the move list always replays to the current position.

use proptest::prelude::*;

use reversi_gomoku::core::{BySide, GameRules};
use reversi_gomoku::gomoku::{self, Rule};
use reversi_gomoku::reversi;
use reversi_gomoku::session::{PlayerKind, Session};

const HOT_SEAT: BySide<PlayerKind> = BySide {
    black: PlayerKind::Human,
    white: PlayerKind::Human,
};

/// Play the legal move picked by each index (modulo the number of legal moves) until the game
/// ends or the indexes run out; after every move, undo it, check the position is exactly the
/// one before, and redo it.
fn check_undo_redo<G>(start: G, picks: &[usize]) -> Result<(), TestCaseError>
where
    G: GameRules + PartialEq + std::fmt::Debug,
{
    let mut s = Session::new(start.clone(), HOT_SEAT);
    for &pick in picks {
        let legal = s.position().legal_moves();
        if legal.is_empty() {
            prop_assert!(
                s.outcome().is_some(),
                "no legal move only when the game is over"
            );
            break;
        }
        let before = s.position().clone();
        let mv = legal[pick % legal.len()];
        s.play(mv)
            .map_err(|e| TestCaseError::fail(format!("{mv}: {e}")))?;
        let after = s.position().clone();
        prop_assert!(s.undo_step().is_some());
        prop_assert_eq!(s.position(), &before);
        prop_assert_eq!(s.position().side_to_move(), before.side_to_move());
        prop_assert!(s.redo_step().is_some());
        prop_assert_eq!(s.position(), &after);
    }
    // The move list replays from the start to the current position.
    let mut replay = start;
    for mv in s.moves() {
        replay
            .play(mv)
            .map_err(|e| TestCaseError::fail(format!("replay {mv}: {e}")))?;
    }
    prop_assert_eq!(&replay, s.position());
    // Undoing everything returns to the start.
    while s.undo_step().is_some() {}
    prop_assert_eq!(s.ply(), 0);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn reversi_undo_restores_the_exact_position(picks in prop::collection::vec(any::<usize>(), 0..70)) {
        check_undo_redo(reversi::Position::new(), &picks)?;
    }

    #[test]
    fn gomoku_undo_restores_the_exact_position(
        picks in prop::collection::vec(any::<usize>(), 0..80),
        rule in prop::sample::select(Rule::ALL.to_vec()),
    ) {
        let start = gomoku::Position::new(15, rule).expect("15x15 suits every rule");
        check_undo_redo(start, &picks)?;
    }
}
