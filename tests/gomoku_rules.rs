//! Gomoku rules: fives in every direction and at the edges, overlines per rule set, Renju
//! forbidden moves (own diagrams), illegal-move reasons, draws, sizes and coordinates.

use reversi_gomoku::core::{GameRules, Outcome, Side};
use reversi_gomoku::gomoku::{
    ForbiddenKind, IllegalMove, Point, Position, Rule, SizeError, Threat,
};

fn p(s: &str) -> Point {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn pts(s: &str) -> Vec<Point> {
    s.split_whitespace().map(p).collect()
}

fn setup(size: u8, rule: Rule, black: &str, white: &str, to_move: Side) -> Position {
    Position::with_stones(size, rule, &pts(black), &pts(white), to_move).expect("valid set-up")
}

/// Four stones of `side` on `line` (5 points), then `side` plays the fifth point.
fn five_by_playing(size: u8, rule: Rule, side: Side, line: &str) -> Position {
    let line = pts(line);
    let (stones, last) = line.split_at(4);
    let four: Vec<Point> = stones.to_vec();
    let (b, w) = if side == Side::Black {
        (four, vec![])
    } else {
        (vec![], four)
    };
    let mut pos = Position::with_stones(size, rule, &b, &w, side).unwrap();
    assert_eq!(pos.outcome(), None);
    pos.play(last[0]).unwrap();
    pos
}

#[test]
fn five_in_all_four_directions_and_at_edges_and_corners() {
    let lines = [
        (15, "a1 b1 c1 d1 e1"),      // horizontal, bottom-left corner
        (15, "a1 a2 a3 a4 a5"),      // vertical, corner
        (15, "a1 b2 c3 d4 e5"),      // diagonal from the corner
        (15, "o1 n2 m3 l4 k5"),      // anti-diagonal from the bottom-right corner
        (15, "k15 l15 m15 n15 o15"), // top edge to the top-right corner
        (15, "o11 o12 o13 o14 o15"), // right edge
        (15, "h6 h7 h9 h10 h8"),     // vertical, completed in the middle
        (15, "d4 e5 f6 h8 g7"),      // diagonal, completed inside
        (19, "o19 p19 q19 r19 s19"), // 19x19: column S exists, top-right corner
        (9, "e5 f4 g3 h2 i1"),       // 9x9 anti-diagonal to the corner
    ];
    for rule in Rule::ALL {
        for side in Side::BOTH {
            for (size, line) in lines {
                if rule == Rule::Renju && size != 15 {
                    continue;
                }
                let pos = five_by_playing(size, rule, side, line);
                assert_eq!(
                    pos.outcome(),
                    Some(Outcome::Win(side)),
                    "{rule} {side} {line}"
                );
                let mut won = pos.winning_line().expect("winning line");
                won.sort();
                let mut want = pts(line);
                want.sort();
                assert_eq!(won, want, "{rule} {line}");
                assert!(pos.legal_moves().is_empty());
                assert!(matches!(
                    pos.clone().play(p("h12")),
                    Err(IllegalMove::GameOver)
                ));
            }
        }
    }
}

#[test]
fn four_in_a_row_is_not_a_win() {
    let mut pos = Position::new(15, Rule::Freestyle).unwrap();
    for m in ["a1", "a3", "b1", "b3", "c1", "c3", "d1"] {
        pos.play(p(m)).unwrap();
    }
    assert_eq!(pos.outcome(), None);
    assert_eq!(pos.winning_line(), None);
    // A stone of the other colour in the middle breaks the line.
    let pos = five_by_playing(15, Rule::Freestyle, Side::Black, "a1 b1 c1 e1 f1");
    assert_eq!(pos.outcome(), None);
}

#[test]
fn overline_by_rule_set() {
    // c8 d8 e8 . g8 h8 — filling f8 makes six.
    let six = "c8 d8 e8 g8 h8";
    // Freestyle: an overline wins, for both.
    for side in Side::BOTH {
        let (b, w) = if side == Side::Black {
            (six, "")
        } else {
            ("", six)
        };
        let mut pos = setup(15, Rule::Freestyle, b, w, side);
        pos.play(p("f8")).unwrap();
        assert_eq!(pos.outcome(), Some(Outcome::Win(side)));
        assert_eq!(pos.winning_line().unwrap().len(), 6);
    }
    // Standard: an overline does not win and the game goes on.
    for side in Side::BOTH {
        let (b, w) = if side == Side::Black {
            (six, "a1")
        } else {
            ("a1", six)
        };
        let mut pos = setup(15, Rule::Standard, b, w, side);
        pos.play(p("f8")).unwrap();
        assert_eq!(pos.outcome(), None, "Standard {side} overline");
        assert_eq!(pos.stone_at(p("f8")), Some(side));
        assert!(pos.is_legal(p("a15")));
    }
    // Renju: White wins with an overline...
    let mut pos = setup(15, Rule::Renju, "a1 a3", six, Side::White);
    pos.play(p("f8")).unwrap();
    assert_eq!(pos.outcome(), Some(Outcome::Win(Side::White)));
    // ...and it is forbidden for Black.
    let mut pos = setup(15, Rule::Renju, six, "a1 a3 a5 a7 a9", Side::Black);
    assert_eq!(pos.forbidden_kind(p("f8")), Some(ForbiddenKind::Overline));
    let err = pos.play(p("f8")).unwrap_err();
    assert_eq!(
        err,
        IllegalMove::Forbidden(p("f8"), ForbiddenKind::Overline)
    );
    assert_eq!(err.to_string(), "F8 is forbidden for Black: overline");
    assert_eq!(pos.stone_at(p("f8")), None);
    assert_eq!(pos.history().len(), 0);
}

#[test]
fn standard_exact_five_wins_even_next_to_an_overline_elsewhere() {
    // Black: row 8 c8 d8 e8 . g8 h8 (f8 would make six) and column F f9 f10 f11 f12, so
    // f13 makes an exact five in column F.
    let mut pos = setup(
        15,
        Rule::Standard,
        "c8 d8 e8 g8 h8 f9 f10 f11 f12",
        "a1 a3",
        Side::Black,
    );
    pos.play(p("f13")).unwrap();
    assert_eq!(pos.outcome(), Some(Outcome::Win(Side::Black)));
}

#[test]
fn renju_plain_double_three() {
    // f8 g8 * (row 8) and h9 h10 (column H): H8 makes two open threes.
    let pos = setup(15, Rule::Renju, "f8 g8 h9 h10", "a1 a3 a5 a7", Side::Black);
    assert_eq!(
        pos.forbidden_kind(p("h8")),
        Some(ForbiddenKind::DoubleThree)
    );
    let err = pos.clone().play(p("h8")).unwrap_err();
    assert_eq!(err.to_string(), "H8 is forbidden for Black: double-three");
    // A white stone closing one three (e8 and i8 would both be needed for .XXX.: close i8
    // and e8 so the row is dead) makes it legal.
    let pos = setup(15, Rule::Renju, "f8 g8 h9 h10", "e8 i8 a5 a7", Side::Black);
    assert_eq!(pos.forbidden_kind(p("h8")), None);
    // White may make the same double three.
    let mut pos = setup(
        15,
        Rule::Renju,
        "a1 a3 a5 a7 a9",
        "f8 g8 h9 h10",
        Side::White,
    );
    pos.play(p("h8")).expect("White is never forbidden");
    assert_eq!(pos.stone_at(p("h8")), Some(Side::White));
}

#[test]
fn renju_split_three_counts() {
    // Row 8: f8 . h8 i8 is a split three (X.XX); column H: h9 h10.
    let pos = setup(15, Rule::Renju, "f8 i8 h9 h10", "a1 a3 a5 a7", Side::Black);
    assert_eq!(
        pos.forbidden_kind(p("h8")),
        Some(ForbiddenKind::DoubleThree)
    );
}

#[test]
fn renju_double_four_across_lines_and_on_one_line() {
    // Row 8 e8 f8 g8 (d8 closed by White) and column H h9 h10 h11 (h12 closed): two fours.
    let pos = setup(
        15,
        Rule::Renju,
        "e8 f8 g8 h9 h10 h11",
        "d8 h12 a1 a3 a5",
        Side::Black,
    );
    assert_eq!(pos.forbidden_kind(p("h8")), Some(ForbiddenKind::DoubleFour));
    assert_eq!(
        pos.clone().play(p("h8")).unwrap_err().to_string(),
        "H8 is forbidden for Black: double-four"
    );
    // X.XXX.X on one line: c8 . e8 * g8 . i8.
    let pos = setup(15, Rule::Renju, "c8 e8 g8 i8", "a1 a3 a5", Side::Black);
    assert_eq!(pos.forbidden_kind(p("f8")), Some(ForbiddenKind::DoubleFour));
    // XX.XX.XX: b8 c8 . e8 * . h8 i8.
    let pos = setup(
        15,
        Rule::Renju,
        "b8 c8 e8 h8 i8",
        "a1 a3 a5 a7",
        Side::Black,
    );
    assert_eq!(pos.forbidden_kind(p("f8")), Some(ForbiddenKind::DoubleFour));
    // XXX.X.XXX: b8 c8 d8 . * . h8 i8 j8.
    let pos = setup(
        15,
        Rule::Renju,
        "b8 c8 d8 h8 i8 j8",
        "a1 a3 a5 a7 a9",
        Side::Black,
    );
    assert_eq!(pos.forbidden_kind(p("f8")), Some(ForbiddenKind::DoubleFour));
    // A single four plus an open three (4-3) is legal.
    let pos = setup(
        15,
        Rule::Renju,
        "e8 f8 g8 h9 h10",
        "d8 a1 a3 a5",
        Side::Black,
    );
    assert_eq!(pos.forbidden_kind(p("h8")), None);
}

#[test]
fn renju_five_that_also_makes_double_three_wins() {
    // Row 8 e8 f8 g8 h8 + i8 = five; column I i9 i10 and diagonal j9 k10 make two threes too.
    let mut pos = setup(
        15,
        Rule::Renju,
        "e8 f8 g8 h8 i9 i10 j9 k10",
        "a1 a3 a5 a7 a9 a11 a13",
        Side::Black,
    );
    assert_eq!(pos.forbidden_kind(p("i8")), None);
    pos.play(p("i8")).unwrap();
    assert_eq!(pos.outcome(), Some(Outcome::Win(Side::Black)));
    // A five next to an overline on another line is also a win.
    let mut pos = setup(
        15,
        Rule::Renju,
        "e8 f8 g8 h8 i3 i4 i5 i7 i9",
        "a1 a3 a5 a7 a9 a11 a13 a15",
        Side::Black,
    );
    assert_eq!(pos.forbidden_kind(p("i8")), None);
    pos.play(p("i8")).unwrap();
    assert_eq!(pos.outcome(), Some(Outcome::Win(Side::Black)));
}

#[test]
fn renju_three_whose_only_straight_four_point_is_forbidden_is_not_a_three() {
    // Row 8: f8 . * i8 — a split three whose ONLY straight-four point is g8.
    // g8 is made a double four (column g9 g10 g11, diagonal h9 i10 j11), so the row is no
    // real three and H8 (row three + diagonal three h8 i9 j10) is NOT a double three.
    let black = "f8 i8 g9 g10 g11 h9 i10 j11 i9 j10";
    let white = "a1 a3 a5 a7 a9 a11 a13 a15 o1 o3";
    let pos = setup(15, Rule::Renju, black, white, Side::Black);
    let with_h8 = setup(15, Rule::Renju, &format!("{black} h8"), white, Side::Black);
    assert_eq!(
        with_h8.forbidden_kind(p("g8")),
        Some(ForbiddenKind::DoubleFour)
    );
    assert_eq!(pos.forbidden_kind(p("h8")), None, "pseudo double-three");
    assert!(pos.clone().play(p("h8")).is_ok());
    // Control: without the stones that make g8 forbidden, H8 is a real double three.
    let pos = setup(15, Rule::Renju, "f8 i8 i9 j10", "a1 a3 a5 a7", Side::Black);
    assert_eq!(
        pos.forbidden_kind(p("h8")),
        Some(ForbiddenKind::DoubleThree)
    );
}

#[test]
fn illegal_move_reasons_and_messages() {
    let mut pos = Position::new(15, Rule::Freestyle).unwrap();
    assert_eq!(pos.play(p("p1")), Err(IllegalMove::OffBoard(p("p1"))));
    assert_eq!(
        IllegalMove::OffBoard(p("p1")).to_string(),
        "P1 is off the board"
    );
    pos.play(p("h8")).unwrap();
    assert_eq!(pos.play(p("H8")), Err(IllegalMove::Occupied(p("h8"))));
    assert_eq!(IllegalMove::Occupied(p("h8")).to_string(), "H8 is occupied");
    assert_eq!(IllegalMove::GameOver.to_string(), "the game is over");
    assert_eq!(
        IllegalMove::Forbidden(p("h8"), ForbiddenKind::DoubleFour).to_string(),
        "H8 is forbidden for Black: double-four"
    );
    assert_eq!(pos.history(), &[p("h8")]);
    assert_eq!(pos.side_to_move(), Side::White);
    // Freestyle and Standard never forbid.
    for rule in [Rule::Freestyle, Rule::Standard] {
        let pos = setup(15, rule, "f8 g8 h9 h10", "a1 a3 a5 a7", Side::Black);
        assert_eq!(pos.forbidden_kind(p("h8")), None);
        assert!(pos.forbidden_points().is_empty());
    }
}

#[test]
fn full_board_is_a_draw() {
    // 9x9 tiling without five in any direction: colour = (x / 2 + y) % 2.
    for rule in [Rule::Freestyle, Rule::Standard] {
        let mut black = Vec::new();
        let mut white = Vec::new();
        for y in 0..9u8 {
            for x in 0..9u8 {
                if (x / 2 + y) % 2 == 0 {
                    black.push(Point::new(x, y))
                } else {
                    white.push(Point::new(x, y))
                }
            }
        }
        assert_eq!((black.len(), white.len()), (41, 40));
        let mut pos = Position::new(9, rule).unwrap();
        for i in 0..81 {
            let m = if i % 2 == 0 {
                black[i / 2]
            } else {
                white[i / 2]
            };
            assert_eq!(pos.outcome(), None);
            pos.play(m).unwrap();
        }
        assert_eq!(pos.outcome(), Some(Outcome::Draw));
        assert_eq!(pos.winning_line(), None);
        assert!(pos.legal_moves().is_empty());
        pos.undo();
        assert_eq!(pos.outcome(), None);
        assert_eq!(pos.legal_moves(), vec![black[40]]);
    }
}

#[test]
fn size_limits() {
    assert_eq!(
        Position::new(8, Rule::Freestyle),
        Err(SizeError::OutOfRange(8))
    );
    assert_eq!(
        Position::new(20, Rule::Standard),
        Err(SizeError::OutOfRange(20))
    );
    assert_eq!(Position::new(9, Rule::Freestyle).unwrap().size(), 9);
    assert_eq!(Position::new(19, Rule::Standard).unwrap().size(), 19);
    assert_eq!(
        Position::new(19, Rule::Renju),
        Err(SizeError::RenjuNeeds15(19))
    );
    assert_eq!(
        Position::new(13, Rule::Renju),
        Err(SizeError::RenjuNeeds15(13))
    );
    assert_eq!(Position::new(15, Rule::Renju).unwrap().rule(), Rule::Renju);
    let pos = Position::new(9, Rule::Freestyle).unwrap();
    assert_eq!(pos.legal_moves().len(), 81);
    assert!(pos.is_legal(p("i9")) && !pos.is_legal(p("j1")) && !pos.is_legal(p("a10")));
}

#[test]
fn point_parse_and_display() {
    assert_eq!(p("h8"), Point::new(7, 7));
    assert_eq!(p("H8"), Point::new(7, 7));
    assert_eq!(p("a1"), Point::new(0, 0));
    assert_eq!(p("O15"), Point::new(14, 14));
    assert_eq!(p("s19"), Point::new(18, 18));
    assert_eq!(Point::new(7, 7).to_string(), "H8");
    assert_eq!(Point::new(8, 0).to_string(), "I1", "no skipped letter");
    assert_eq!(Point::new(18, 18).to_string(), "S19");
    for bad in ["", "8", "t1", "a0", "a20", "h", "hh", "h8x", "-1"] {
        assert!(bad.parse::<Point>().is_err(), "{bad:?}");
    }
    for x in 0..19 {
        for y in 0..19 {
            let q = Point::new(x, y);
            assert_eq!(q.to_string().parse::<Point>().unwrap(), q);
            assert_eq!(q.to_string().to_lowercase().parse::<Point>().unwrap(), q);
        }
    }
    // Row 1 is the bottom: the centre is H8 and A1 the bottom-left corner.
    assert_eq!(Point::center(15).to_string(), "H8");
}

#[test]
fn rule_names_and_descriptions() {
    let names: Vec<&str> = Rule::ALL.iter().map(|r| r.name()).collect();
    assert_eq!(names, ["Freestyle", "Standard", "Renju"]);
    for r in Rule::ALL {
        assert!(!r.description().is_empty() && !r.description().contains('\n'));
    }
    assert_eq!(ForbiddenKind::DoubleThree.to_string(), "double-three");
    assert_eq!(ForbiddenKind::DoubleFour.to_string(), "double-four");
    assert_eq!(ForbiddenKind::Overline.to_string(), "overline");
}

#[test]
fn undo_restores_and_history() {
    let mut pos = Position::new(15, Rule::Renju).unwrap();
    let start = pos.clone();
    for m in ["h8", "h9", "i8", "i9", "j8"] {
        pos.play(p(m)).unwrap();
    }
    assert_eq!(pos.last_move(), Some(p("j8")));
    assert_eq!(pos.history().len(), 5);
    for _ in 0..5 {
        assert!(pos.undo().is_some());
    }
    assert_eq!(pos.undo(), None);
    assert_eq!(pos, start);
}

#[test]
fn threat_points_for_the_hint_overlay() {
    // Black open three f8 g8 h8: e8 and i8 make straight fours, d8 / j8 fours.
    let pos = setup(15, Rule::Freestyle, "f8 g8 h8", "a1 a3", Side::White);
    let t = pos.threat_points();
    for q in ["e8", "i8", "d8", "j8"] {
        assert!(t.contains(&(p(q), Side::Black, Threat::Four)), "{q}");
    }
    // White two a1 a3 with a2 empty: a2 makes an open three? a1 is at the edge: a1 a2 a3 is
    // closed at the bottom, so no White open three there.
    assert!(!t.iter().any(|&(_, s, _)| s == Side::White));
    let pos = setup(15, Rule::Freestyle, "g8 h8", "a1", Side::White);
    let t = pos.threat_points();
    assert!(t.contains(&(p("f8"), Side::Black, Threat::OpenThree)));
    assert!(t.contains(&(p("i8"), Side::Black, Threat::OpenThree)));
    assert!(!t.iter().any(|&(_, _, k)| k == Threat::Four));
    // Under Renju Black's forbidden points are not offered as threats.
    let pos = setup(
        15,
        Rule::Renju,
        "e8 f8 g8 h9 h10 h11",
        "d8 h12 a1 a3 a5",
        Side::Black,
    );
    assert!(
        !pos.threat_points()
            .iter()
            .any(|&(q, s, _)| q == p("h8") && s == Side::Black)
    );
    assert_eq!(
        pos.forbidden_points(),
        vec![(p("h8"), ForbiddenKind::DoubleFour)]
    );
}

/// Edit mode refuses set-ups that no game reaches or that nothing can be played from.
#[test]
fn playable_setups_refuse_what_no_game_reaches() {
    use reversi_gomoku::gomoku::SetupError;
    let p = |v: &[&str]| -> Vec<Point> { v.iter().map(|s| s.parse().unwrap()).collect() };
    let setup = |rule, black: &[&str], white: &[&str], to_move| {
        Position::playable_setup(15, rule, &p(black), &p(white), to_move)
    };
    let ok = setup(Rule::Renju, &["H8", "I9"], &["H9"], Side::White).unwrap();
    assert_eq!(ok.side_to_move(), Side::White);
    assert_eq!(
        setup(Rule::Renju, &["H8", "I9", "J9"], &["H9"], Side::White),
        Err(SetupError::StoneCounts { black: 3, white: 1 })
    );
    assert_eq!(
        setup(Rule::Renju, &["H8"], &["H9"], Side::White),
        Err(SetupError::WrongTurn {
            expected: Side::Black
        })
    );
    assert_eq!(
        setup(
            Rule::Freestyle,
            &["A1", "B1", "C1", "D1", "E1"],
            &["A3", "B3", "C3", "H8"],
            Side::White
        ),
        Err(SetupError::FiveOnBoard(Side::Black))
    );
}
