//! Property tests over random games and random positions: undo is exact, the game ends
//! exactly when a rule says so, patterns and Renju forbidden points are symmetric under the 8
//! board symmetries, and White is never forbidden.

use proptest::prelude::*;
use reversi_gomoku::core::{GameRules, Outcome, Side};
use reversi_gomoku::gomoku::{Point, Position, Rule};

fn rule_of(i: u8) -> Rule {
    Rule::ALL[usize::from(i % 3)]
}

/// Independent win check: the longest run through `p` for `side`, counted on the board.
fn longest_run(pos: &Position, p: Point, side: Side) -> usize {
    let n = i32::from(pos.size());
    let mut best = 0;
    for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
        let mut len = 1;
        for sign in [1, -1] {
            let (mut x, mut y) = (i32::from(p.x) + dx * sign, i32::from(p.y) + dy * sign);
            while x >= 0
                && y >= 0
                && x < n
                && y < n
                && pos.stone_at(Point::new(x as u8, y as u8)) == Some(side)
            {
                len += 1;
                x += dx * sign;
                y += dy * sign;
            }
        }
        best = best.max(len);
    }
    best
}

/// Whether a run of `len` wins for `side` under `rule`.
fn wins(rule: Rule, side: Side, len: usize) -> bool {
    match rule {
        Rule::Freestyle => len >= 5,
        Rule::Standard => len == 5,
        Rule::Renju => {
            if side == Side::Black {
                len == 5
            } else {
                len >= 5
            }
        }
    }
}

/// Standard/Renju Black: whether ANY of the 4 lines through `p` is exactly five.
fn any_exact_five(pos: &Position, p: Point, side: Side) -> bool {
    let n = i32::from(pos.size());
    [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(dx, dy)| {
        let mut len = 1;
        for sign in [1, -1] {
            let (mut x, mut y) = (i32::from(p.x) + dx * sign, i32::from(p.y) + dy * sign);
            while x >= 0
                && y >= 0
                && x < n
                && y < n
                && pos.stone_at(Point::new(x as u8, y as u8)) == Some(side)
            {
                len += 1;
                x += dx * sign;
                y += dy * sign;
            }
        }
        len == 5
    })
}

/// Plays `choices` as indexes into a local set of empty points (near the centre so that
/// lines form), skipping forbidden points; stops at the end of the game.
fn random_game(rule: Rule, size: u8, choices: &[u16]) -> Vec<Position> {
    let mut pos = Position::new(size, rule).expect("size");
    let mut history = vec![pos.clone()];
    for &c in choices {
        if pos.outcome().is_some() {
            break;
        }
        let legal = pos.legal_moves();
        // Prefer points within the central 7x7 to get dense positions.
        let lo = size / 2 - 3;
        let local: Vec<Point> = legal
            .iter()
            .copied()
            .filter(|p| (lo..lo + 7).contains(&p.x) && (lo..lo + 7).contains(&p.y))
            .collect();
        let pool = if local.is_empty() { &legal } else { &local };
        let m = pool[usize::from(c) % pool.len()];
        pos.play(m).expect("legal move");
        history.push(pos.clone());
    }
    history
}

/// The 8 symmetries of the square board.
fn transform(t: u8, size: u8, p: Point) -> Point {
    let m = size - 1;
    let (x, y) = (p.x, p.y);
    let (x, y) = match t % 4 {
        0 => (x, y),
        1 => (m - y, x),
        2 => (m - x, m - y),
        _ => (y, m - x),
    };
    if t >= 4 {
        Point::new(m - x, y)
    } else {
        Point::new(x, y)
    }
}

fn transformed(pos: &Position, t: u8) -> Position {
    let n = pos.size();
    let mut black = Vec::new();
    let mut white = Vec::new();
    for y in 0..n {
        for x in 0..n {
            let p = Point::new(x, y);
            match pos.stone_at(p) {
                Some(Side::Black) => black.push(transform(t, n, p)),
                Some(Side::White) => white.push(transform(t, n, p)),
                None => {}
            }
        }
    }
    Position::with_stones(n, pos.rule(), &black, &white, pos.side_to_move()).expect("same stones")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn undo_restores_the_exact_position(rule in 0u8..3, size in 9u8..=19, choices in prop::collection::vec(any::<u16>(), 1..60)) {
        let rule = rule_of(rule);
        let size = if rule == Rule::Renju { 15 } else { size };
        let history = random_game(rule, size, &choices);
        let mut pos = history.last().unwrap().clone();
        for earlier in history.iter().rev().skip(1) {
            prop_assert!(pos.undo().is_some());
            prop_assert_eq!(&pos, earlier);
        }
        prop_assert_eq!(pos.undo(), None);
    }

    #[test]
    fn the_game_ends_exactly_when_a_rule_says_so(rule in 0u8..3, size in 9u8..=12, choices in prop::collection::vec(any::<u16>(), 1..150)) {
        let rule = rule_of(rule);
        let size = if rule == Rule::Renju { 15 } else { size };
        let history = random_game(rule, size, &choices);
        for pair in history.windows(2) {
            let (before, after) = (&pair[0], &pair[1]);
            let m = after.last_move().unwrap();
            let side = before.side_to_move();
            let len = longest_run(after, m, side);
            // Under exact-five rules a five on one line wins even if another line is longer.
            let won = match (rule, side) {
                (Rule::Freestyle, _) | (Rule::Renju, Side::White) => wins(rule, side, len),
                _ => any_exact_five(after, m, side),
            };
            let full = (0..size).all(|y| (0..size).all(|x| after.stone_at(Point::new(x, y)).is_some()));
            match after.outcome() {
                Some(Outcome::Win(w)) if w == side => {
                    prop_assert!(won, "{rule} {side} win without a five at {m}");
                    let line = after.winning_line().unwrap();
                    prop_assert!(line.contains(&m) && line.len() >= 5);
                }
                Some(Outcome::Win(_)) => {
                    // Renju: Black to move with every empty point forbidden.
                    prop_assert!(rule == Rule::Renju && after.side_to_move() == Side::Black && !won);
                    prop_assert!(after.legal_moves().is_empty());
                }
                Some(Outcome::Draw) => prop_assert!(full && !won),
                None => {
                    prop_assert!(!won && !full, "{rule}: {side} at {m} should have ended the game");
                    if rule == Rule::Standard && len > 5 {
                        // An overline does not end a Standard game.
                        prop_assert!(after.outcome().is_none());
                    }
                }
            }
            // Renju: a Black overline is never on the board.
            if rule == Rule::Renju && side == Side::Black {
                prop_assert!(len <= 5 || any_exact_five(after, m, side));
            }
        }
    }

    #[test]
    fn white_is_never_forbidden(choices in prop::collection::vec(any::<u16>(), 10..80)) {
        let history = random_game(Rule::Renju, 15, &choices);
        for pos in history.iter().filter(|p| p.outcome().is_none() && p.side_to_move() == Side::White) {
            prop_assert!(pos.forbidden_points().is_empty());
            let empties = (0..15u8).flat_map(|y| (0..15u8).map(move |x| Point::new(x, y)))
                .filter(|&p| pos.stone_at(p).is_none()).count();
            prop_assert_eq!(pos.legal_moves().len(), empties);
        }
    }

    #[test]
    fn forbidden_points_and_threats_are_symmetric(rule in 0u8..3, t in 1u8..8, choices in prop::collection::vec(any::<u16>(), 10..70)) {
        let rule = rule_of(rule);
        let history = random_game(rule, 15, &choices);
        // Use a mid-game position that is not over, with Black to move when possible.
        let pos = history.iter().rev().find(|p| p.outcome().is_none() && p.side_to_move() == Side::Black)
            .unwrap_or(&history[0]);
        let img = transformed(pos, t);
        let mut f1: Vec<_> = pos.forbidden_points().into_iter().map(|(p, k)| (transform(t, 15, p), k)).collect();
        let mut f2 = img.forbidden_points();
        f1.sort_by_key(|a| a.0);
        f2.sort_by_key(|a| a.0);
        prop_assert_eq!(f1, f2);
        let mut t1: Vec<_> = pos.threat_points().into_iter().map(|(p, s, k)| (transform(t, 15, p), s == Side::Black, k == reversi_gomoku::gomoku::Threat::Four)).collect();
        let mut t2: Vec<_> = img.threat_points().into_iter().map(|(p, s, k)| (p, s == Side::Black, k == reversi_gomoku::gomoku::Threat::Four)).collect();
        t1.sort();
        t2.sort();
        prop_assert_eq!(t1, t2);
        // Point by point, including the occupied ones (always None).
        for y in 0..15u8 {
            for x in 0..15u8 {
                let p = Point::new(x, y);
                prop_assert_eq!(pos.forbidden_kind(p), img.forbidden_kind(transform(t, 15, p)));
            }
        }
    }
}
