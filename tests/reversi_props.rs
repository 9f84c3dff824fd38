//! Property tests over random legal games: disc accounting, flips and legality against a
//! brute-force ray walker, copy-restore, and the GameRules view.

use proptest::prelude::*;
use reversi_gomoku::core::Side;
use reversi_gomoku::reversi::{Move, Position, Square, format_transcript, parse_transcript};

const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// Flips by walking each ray square by square with (col, row) arithmetic.
fn brute_flips(pos: &Position, sq: Square) -> u64 {
    let me = pos.side_to_move();
    if pos.disc_at(sq).is_some() {
        return 0;
    }
    let mut all = 0u64;
    for (dc, dr) in DIRECTIONS {
        let (mut c, mut r) = (i32::from(sq.col()) + dc, i32::from(sq.row()) + dr);
        let mut run = 0u64;
        while (0..8).contains(&c) && (0..8).contains(&r) {
            let s = Square::from_coords(c as u8, r as u8).expect("inside the board");
            match pos.disc_at(s) {
                Some(side) if side == me.other() => run |= s.bit(),
                Some(_) => {
                    all |= run;
                    break;
                }
                None => break,
            }
            c += dc;
            r += dr;
        }
    }
    all
}

fn brute_legal(pos: &Position) -> u64 {
    Square::all()
        .filter(|&s| brute_flips(pos, s) != 0)
        .fold(0, |b, s| b | s.bit())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_the_invariants(choices in proptest::collection::vec(any::<u8>(), 60..70)) {
        let mut pos = Position::new();
        let mut placements = 0u32;
        for c in choices {
            if pos.is_game_over() {
                prop_assert!(pos.legal_moves().is_empty());
                break;
            }
            let legal = pos.legal_squares();
            prop_assert_eq!(legal, brute_legal(&pos), "legal squares in\n{}", pos);
            let black = pos.discs(Side::Black);
            let white = pos.discs(Side::White);
            prop_assert_eq!(black & white, 0);
            prop_assert_eq!(pos.count(Side::Black) + pos.count(Side::White), 4 + placements);
            prop_assert_eq!(pos.empties(), 60 - placements);
            let moves = pos.legal_moves();
            if legal == 0 {
                prop_assert!(pos.must_pass());
                prop_assert_eq!(moves.clone(), vec![Move::Pass]);
            } else {
                prop_assert_eq!(moves.len() as u32, legal.count_ones());
            }
            for s in Square::all() {
                prop_assert_eq!(pos.flips(s), brute_flips(&pos, s), "flips at {} in\n{}", s, pos);
            }
            let mv = moves[usize::from(c) % moves.len()];
            let before = pos;
            let mut copy = pos;
            let flipped = pos.play(mv).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(pos.side_to_move(), before.side_to_move().other());
            match mv {
                Move::Place(sq) => {
                    placements += 1;
                    prop_assert_eq!(flipped, brute_flips(&before, sq));
                    let mover = before.side_to_move();
                    prop_assert_eq!(pos.discs(mover), before.discs(mover) | flipped | sq.bit());
                    prop_assert_eq!(pos.discs(mover.other()), before.discs(mover.other()) & !flipped);
                    prop_assert_eq!(pos.count(mover), before.count(mover) + 1 + flipped.count_ones());
                }
                Move::Pass => {
                    prop_assert_eq!(flipped, 0);
                    prop_assert_eq!(pos.discs(Side::Black), before.discs(Side::Black));
                }
            }
            // Restoring from the copy gives back the exact position and side to move.
            prop_assert_eq!(copy, before);
            copy = pos;
            prop_assert_eq!(copy.to_obf(), pos.to_obf());
            prop_assert_eq!(Position::from_obf(&pos.to_obf()).ok(), Some(pos));
            // Symmetries preserve the number of legal moves.
            for sym in 0..8 {
                prop_assert_eq!(pos.symmetric(sym).legal_squares().count_ones(), pos.legal_squares().count_ones());
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    /// Arbitrary text never panics the parsers; accepted transcripts round-trip.
    #[test]
    fn parsers_never_panic(text in "\\PC{0,80}", mixed in "[a-hA-H1-9ps \\-]{0,40}") {
        let _ = Position::from_obf(&text);
        let _ = text.parse::<Square>();
        let _ = text.parse::<Move>();
        for t in [&text, &mixed] {
            if let Ok(moves) = parse_transcript(t) {
                let again = parse_transcript(&format_transcript(&moves)).map_err(|e| TestCaseError::fail(e.to_string()))?;
                // The compact form drops passes; only trailing ones cannot be inferred back.
                let mut expected = moves;
                while expected.last() == Some(&Move::Pass) {
                    expected.pop();
                }
                prop_assert_eq!(again, expected);
            }
        }
    }
}
