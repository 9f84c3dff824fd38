//! Rules: flips in every direction, edges, no wrap-around, passes, game ends, final score,
//! illegal-move reasons, square/move notation and `.obf` round trips.

use reversi_gomoku::core::{Outcome, Side};
use reversi_gomoku::reversi::{IllegalMove, Move, ParseError, Position, Square};

fn sq(s: &str) -> Square {
    s.parse().expect("test square")
}

fn bits(squares: &[&str]) -> u64 {
    squares.iter().fold(0, |b, s| b | (1u64 << sq(s).index()))
}

/// A position from a diagram: 8 rows of 8 characters (X Black, O White, . empty).
fn diagram(rows: &str, to_move: Side) -> Position {
    let cells: Vec<char> = rows
        .chars()
        .filter(|c| matches!(c, 'X' | 'O' | '.'))
        .collect();
    assert_eq!(cells.len(), 64);
    let (mut b, mut w) = (0u64, 0u64);
    for (i, c) in cells.iter().enumerate() {
        match c {
            'X' => b |= 1 << i,
            'O' => w |= 1 << i,
            _ => {}
        }
    }
    Position::from_board(b, w, to_move)
}

#[test]
fn start_position() {
    let pos = Position::new();
    assert_eq!(pos.side_to_move(), Side::Black);
    assert_eq!(pos.disc_at(sq("d4")), Some(Side::White));
    assert_eq!(pos.disc_at(sq("e5")), Some(Side::White));
    assert_eq!(pos.disc_at(sq("d5")), Some(Side::Black));
    assert_eq!(pos.disc_at(sq("e4")), Some(Side::Black));
    assert_eq!(pos.legal_squares(), bits(&["d3", "c4", "f5", "e6"]));
    assert_eq!(pos, Position::default());
    assert_eq!(pos.empties(), 60);
    assert_eq!(
        pos.legal_moves(),
        ["d3", "c4", "f5", "e6"]
            .iter()
            .map(|s| Move::Place(sq(s)))
            .collect::<Vec<_>>()
            .into_iter()
            .fold(Vec::new(), |mut v, m| {
                v.push(m);
                v.sort_by_key(|m| m.square().map(Square::index));
                v
            })
    );
}

#[test]
fn flips_in_each_of_the_eight_directions() {
    // Black on d4, surrounded by White at distance 1 and Black at distance 2 in all 8 directions.
    let rows = "
        . . . . . . . .
        . X . X . X . .
        . . O O O . . .
        . X O . O X . .
        . . O O O . . .
        . X . X . X . .
        . . . . . . . .
        . . . . . . . .";
    let pos = diagram(rows, Side::Black);
    let f = pos.flips(sq("d4"));
    assert_eq!(f, bits(&["c3", "d3", "e3", "c4", "e4", "c5", "d5", "e5"]));
    let mut after = pos;
    assert_eq!(after.play(Move::Place(sq("d4"))), Ok(f));
    assert_eq!(after.count(Side::Black), 8 + 8 + 1);
    assert_eq!(after.count(Side::White), 0);
    assert_eq!(after.side_to_move(), Side::White);
    // Each direction alone.
    for (o, p) in [
        ("c3", "b2"),
        ("d3", "d2"),
        ("e3", "f2"),
        ("c4", "b4"),
        ("e4", "f4"),
        ("c5", "b6"),
        ("d5", "d6"),
        ("e5", "f6"),
    ] {
        let pos = Position::from_board(bits(&[p]), bits(&[o]), Side::Black);
        assert_eq!(
            pos.flips(sq("d4")),
            bits(&[o]),
            "direction through {o} to {p}"
        );
        assert_eq!(
            pos.legal_squares(),
            bits(&["d4"]),
            "only d4 is legal for {o}/{p}"
        );
    }
}

#[test]
fn long_runs_edges_and_corners() {
    // a1 flips b1..g1 when Black holds h1; and the whole diagonal b2..g7 when Black holds h8.
    let pos = Position::from_board(
        bits(&["h1", "h8"]),
        bits(&[
            "b1", "c1", "d1", "e1", "f1", "g1", "b2", "c3", "d4", "e5", "f6", "g7",
        ]),
        Side::Black,
    );
    assert_eq!(
        pos.flips(sq("a1")),
        bits(&[
            "b1", "c1", "d1", "e1", "f1", "g1", "b2", "c3", "d4", "e5", "f6", "g7"
        ])
    );
    // Without a closing disc, a run to the edge flips nothing.
    let pos = Position::from_board(
        bits(&["a8"]),
        bits(&["b1", "c1", "d1", "e1", "f1", "g1", "h1"]),
        Side::Black,
    );
    assert_eq!(pos.flips(sq("a1")), 0);
    // h8 corner, vertical run.
    let pos = Position::from_board(
        bits(&["h1"]),
        bits(&["h2", "h3", "h4", "h5", "h6", "h7"]),
        Side::Black,
    );
    assert_eq!(
        pos.flips(sq("h8")),
        bits(&["h2", "h3", "h4", "h5", "h6", "h7"])
    );
    assert_eq!(pos.legal_squares(), bits(&["h8"]));
    // A gap stops the run.
    let pos = Position::from_board(
        bits(&["h1"]),
        bits(&["h2", "h3", "h5", "h6", "h7"]),
        Side::Black,
    );
    assert_eq!(pos.flips(sq("h8")), 0);
}

#[test]
fn no_wrap_around_between_h_and_a_files() {
    // White on h3, Black on b4 (index h3 + 2): without a board edge, a3 would flank h3 to b4?
    // In index terms a4 = h3 + 1. Playing a4 must not flip h3 (different rows).
    let pos = Position::from_board(bits(&["g3"]), bits(&["h3"]), Side::Black);
    assert_eq!(pos.legal_squares(), 0, "g3-h3 leads off the board");
    let pos = Position::from_board(bits(&["b4"]), bits(&["h3"]), Side::Black);
    assert_eq!(pos.flips(sq("a4")), 0);
    assert_eq!(pos.legal_squares(), 0);
    // Horizontal from the a-file to the h-file of the row above.
    let pos = Position::from_board(bits(&["g2"]), bits(&["a3", "h2"]), Side::Black);
    assert_eq!(pos.legal_squares(), 0);
    // Diagonal wrap: h4 white, a6 black — index distance 9*2 would wrap; nothing legal at g3.
    let pos = Position::from_board(bits(&["a6"]), bits(&["h4", "h5"]), Side::Black);
    assert_eq!(pos.legal_squares(), 0);
    // Anti-diagonal wrap: a4 white, b2 black... h3? a4 - 7 = b3 in index; check no move.
    let pos = Position::from_board(bits(&["g3"]), bits(&["a4", "h3"]), Side::Black);
    assert_eq!(pos.flips(sq("b5")), 0);
    // Every square: a lone white disc next to a black disc is only flankable along a true line.
    for s in Square::all() {
        let pos = Position::from_board(0, s.bit(), Side::Black);
        assert_eq!(pos.legal_squares(), 0);
    }
}

#[test]
fn multi_direction_flips_and_play_result() {
    let mut pos = Position::new();
    let f = pos.play(Move::Place(sq("d3"))).expect("d3 is legal");
    assert_eq!(f, bits(&["d4"]));
    assert_eq!(pos.side_to_move(), Side::White);
    assert_eq!(pos.count(Side::Black), 4);
    assert_eq!(pos.count(Side::White), 1);
    // White c3 flips d4; then Black c4 flips c3? Build a two-direction case explicitly.
    let rows = "
        . . . . . . . .
        . . . . . . . .
        . . . X . . . .
        . . . O . . . .
        . X O . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .";
    let pos = diagram(rows, Side::Black);
    assert_eq!(pos.flips(sq("d5")), bits(&["d4", "c5"]));
}

#[test]
fn forced_pass() {
    // White's only disc is flanked: after Black's move White has no move but Black does.
    let rows = "
        X O . . . . . .
        O O . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . X";
    // White to move: can White play? White needs to flank black: a1 is black, no empties beyond.
    let pos = diagram(rows, Side::White);
    assert_eq!(pos.legal_squares(), 0);
    assert!(pos.must_pass());
    assert!(!pos.is_game_over());
    assert_eq!(pos.legal_moves(), vec![Move::Pass]);
    assert_eq!(
        pos.check_move(Move::Place(sq("c1"))),
        Err(IllegalMove::MustPass)
    );
    assert_eq!(
        pos.check_move(Move::Place(sq("a1"))),
        Err(IllegalMove::Occupied(sq("a1")))
    );
    let mut after = pos;
    assert_eq!(after.play(Move::Pass), Ok(0));
    assert_eq!(after.side_to_move(), Side::Black);
    assert!(after.legal_squares() != 0);
    assert_eq!(after.check_move(Move::Pass), Err(IllegalMove::CannotPass));
}

#[test]
fn double_pass_ends_the_game() {
    // Neither side can flank anything although the board is not full.
    let pos = Position::from_board(bits(&["a1"]), bits(&["h8"]), Side::Black);
    assert!(pos.is_game_over());
    assert!(!pos.must_pass());
    assert!(pos.legal_moves().is_empty());
    assert_eq!(pos.outcome(), Some(Outcome::Draw));
    assert_eq!(pos.final_score().black, 32);
    assert_eq!(pos.final_score().white, 32);
    assert_eq!(pos.check_move(Move::Pass), Err(IllegalMove::GameOver));
    assert_eq!(
        pos.check_move(Move::Place(sq("d4"))),
        Err(IllegalMove::GameOver)
    );
    // Blocked position with more black discs: empties go to Black.
    let pos = Position::from_board(bits(&["a1", "b1", "c1"]), bits(&["h8"]), Side::White);
    assert!(pos.is_game_over());
    let s = pos.final_score();
    assert_eq!((s.black, s.white), (63, 1));
    assert_eq!(pos.disc_difference(), 2);
    assert_eq!(pos.outcome(), Some(Outcome::Win(Side::Black)));
}

#[test]
fn wipe_out_ends_the_game() {
    // Black captures White's last discs: the game ends at once with 13 Black discs.
    let mut pos = Position::from_board(bits(&["a1", "e1"]), bits(&["b1", "c1"]), Side::Black);
    pos.play(Move::Place(sq("d1"))).expect("d1 flanks b1, c1");
    assert_eq!(pos.count(Side::White), 0);
    assert!(pos.is_game_over());
    let s = pos.final_score();
    assert_eq!((s.black, s.white), (64, 0));
    assert_eq!(pos.outcome(), Some(Outcome::Win(Side::Black)));
}

#[test]
fn full_board_ends_the_game() {
    // 63 discs and one empty h8 that Black fills.
    let white = bits(&["g8"]);
    let black = !(white | bits(&["h8", "g7", "f8"])) | bits(&["f8"]);
    let pos = Position::from_board(black & !bits(&["g7"]), white | bits(&["g7"]), Side::Black);
    // Black at h8 flanks g8 (with f8) and g7 (with f6).
    let mut p = pos;
    let f = p.play(Move::Place(sq("h8"))).expect("h8 legal");
    assert_eq!(f, bits(&["g8", "g7"]));
    assert_eq!(p.empties(), 0);
    assert!(p.is_game_over());
    assert_eq!(p.final_score().black, 64);
    // A full board split 40-24: final score is the plain count.
    let black = (1u64 << 40) - 1;
    let pos = Position::from_board(black, !black, Side::White);
    assert!(pos.is_game_over());
    let s = pos.final_score();
    assert_eq!((s.black, s.white), (40, 24));
    assert_eq!(pos.disc_difference(), 16);
}

#[test]
fn final_score_gives_empties_to_the_winner() {
    let pos = Position::from_board(bits(&["a1", "a2", "a3"]), bits(&["h8"]), Side::Black);
    assert!(pos.is_game_over());
    let s = pos.final_score();
    assert_eq!((s.black, s.white), (63, 1));
    let pos = Position::from_board(bits(&["a1"]), bits(&["h8", "h7", "h6", "h5"]), Side::Black);
    let s = pos.final_score();
    assert_eq!((s.black, s.white), (1, 63));
    assert_eq!(pos.outcome(), Some(Outcome::Win(Side::White)));
}

#[test]
fn illegal_move_reasons_and_messages() {
    let pos = Position::new();
    assert_eq!(
        pos.check_move(Move::Place(sq("d4"))),
        Err(IllegalMove::Occupied(sq("d4")))
    );
    assert_eq!(
        pos.check_move(Move::Place(sq("a1"))),
        Err(IllegalMove::NoFlips(sq("a1")))
    );
    assert_eq!(pos.check_move(Move::Pass), Err(IllegalMove::CannotPass));
    let mut p = pos;
    assert!(p.play(Move::Place(sq("a1"))).is_err());
    assert_eq!(p, pos, "position unchanged after an illegal move");
    assert_eq!(
        IllegalMove::Occupied(sq("d3")).to_string(),
        "d3 is occupied"
    );
    assert_eq!(
        IllegalMove::NoFlips(sq("d3")).to_string(),
        "d3 would flip no discs"
    );
    assert_eq!(
        IllegalMove::MustPass.to_string(),
        "no legal move: you must pass"
    );
    assert_eq!(
        IllegalMove::CannotPass.to_string(),
        "you have a legal move, so you may not pass"
    );
    assert_eq!(IllegalMove::GameOver.to_string(), "the game is over");
}

#[test]
fn square_parsing_and_display() {
    assert_eq!(sq("a1").index(), 0);
    assert_eq!(sq("h1").index(), 7);
    assert_eq!(sq("a8").index(), 56);
    assert_eq!(sq("h8").index(), 63);
    assert_eq!(sq("d3").index(), 19);
    assert_eq!("D3".parse::<Square>(), Ok(sq("d3")));
    assert_eq!(sq("d3").col(), 3);
    assert_eq!(sq("d3").row(), 2);
    assert_eq!(Square::from_coords(3, 2), Some(sq("d3")));
    assert_eq!(Square::from_coords(8, 0), None);
    assert_eq!(Square::new(64), None);
    assert_eq!(Square::new(19).map(|s| s.to_string()), Some("d3".into()));
    for bad in ["", "i1", "a9", "a0", "d", "d33", "3d"] {
        let e = bad.parse::<Square>().expect_err(bad);
        assert!(e.to_string().contains("not a square"), "{e}");
    }
    assert_eq!(Square::all().count(), 64);
    assert!(
        Square::all()
            .enumerate()
            .all(|(i, s)| s.index() as usize == i && s.to_string().parse() == Ok(s))
    );
}

#[test]
fn move_parsing_display_and_serde() {
    for p in ["pass", "PASS", "--", "ps", "PS", "Pass"] {
        assert_eq!(p.parse::<Move>(), Ok(Move::Pass), "{p}");
    }
    assert_eq!("f5".parse::<Move>(), Ok(Move::Place(sq("f5"))));
    assert_eq!(Move::Pass.to_string(), "pass");
    assert_eq!(Move::Place(sq("d3")).to_string(), "d3");
    assert!("x9".parse::<Move>().is_err());
    let json = serde_json::to_string(&vec![Move::Place(sq("d3")), Move::Pass]).expect("serialize");
    assert_eq!(json, r#"["d3","pass"]"#);
    let back: Vec<Move> = serde_json::from_str(&json).expect("deserialize");
    assert_eq!(back, vec![Move::Place(sq("d3")), Move::Pass]);
    assert!(serde_json::from_str::<Square>(r#""z9""#).is_err());
}

#[test]
fn obf_round_trip_and_errors() {
    let ffo40 = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";
    let pos = Position::from_obf(ffo40).expect("valid obf");
    assert_eq!(pos.side_to_move(), Side::Black);
    assert_eq!(pos.to_obf(), ffo40);
    assert_eq!(pos.empties(), 20);
    assert_eq!(pos.disc_at(sq("a1")), Some(Side::White));
    assert_eq!(pos.disc_at(sq("h1")), Some(Side::Black));
    assert_eq!(Position::from_obf(&format!("{ffo40};")), Ok(pos));
    assert_eq!(Position::from_obf(&format!("{ffo40} ; A2:+38")), Ok(pos));
    let start = Position::new();
    assert_eq!(Position::from_obf(&start.to_obf()), Ok(start));
    assert_eq!(
        start.to_obf(),
        "---------------------------OX------XO--------------------------- X"
    );
    assert!(matches!(
        Position::from_obf("XO-"),
        Err(ParseError::TooShort(3))
    ));
    assert!(matches!(
        Position::from_obf(&format!("{}Z{}", &ffo40[..10], &ffo40[11..])),
        Err(ParseError::BadSquare { .. })
    ));
    assert!(matches!(
        Position::from_obf(&ffo40[..64]),
        Err(ParseError::BadSide(_))
    ));
    let white = Position::from_obf(&format!("{} O", &ffo40[..64])).expect("white to move");
    assert_eq!(white.side_to_move(), Side::White);
    assert_eq!(white.discs(Side::Black), pos.discs(Side::Black));
}
