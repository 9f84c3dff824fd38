//! All 120 cases of `tests/data/renju-forbidden-cases.txt`: replay the move list (Black first,
//! Black to move after it) and check the Renju forbidden status of Black's candidate point.

use reversi_gomoku::core::Side;
use reversi_gomoku::gomoku::{ForbiddenKind, Point, Position, Rule};

const CASES: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/renju-forbidden-cases.txt"
));

/// Builds the position by placing the stones directly (some source diagrams are not reachable
/// in a real game, e.g. they hold a white overline), then checks the label.
fn check(line: &str) -> Result<(), String> {
    let body = line.split('#').next().unwrap_or("");
    let parts: Vec<&str> = body.split('|').map(str::trim).collect();
    if parts.len() != 3 {
        return Err(format!("bad line {line:?}"));
    }
    let moves: Vec<Point> = parts[0]
        .split_whitespace()
        .map(|s| s.parse().map_err(|e| format!("{s}: {e}")))
        .collect::<Result<_, _>>()?;
    let point: Point = parts[1].parse().map_err(|e| format!("{e}"))?;
    let expected = match parts[2] {
        "forbidden-33" => Some(ForbiddenKind::DoubleThree),
        "forbidden-44" => Some(ForbiddenKind::DoubleFour),
        "forbidden-overline" => Some(ForbiddenKind::Overline),
        "allowed" => None,
        other => return Err(format!("unknown label {other}")),
    };
    let black: Vec<Point> = moves.iter().step_by(2).copied().collect();
    let white: Vec<Point> = moves.iter().skip(1).step_by(2).copied().collect();
    let pos = Position::with_stones(15, Rule::Renju, &black, &white, Side::Black)
        .map_err(|e| e.to_string())?;
    let got = pos.forbidden_kind(point);
    if got != expected {
        return Err(format!("{point}: expected {expected:?}, got {got:?}"));
    }
    // Listing agrees with the single-point query.
    let listed = pos
        .forbidden_points()
        .into_iter()
        .find(|&(p, _)| p == point)
        .map(|(_, k)| k);
    if pos.winning_line().is_none() && listed != got {
        return Err(format!(
            "{point}: forbidden_points says {listed:?}, forbidden_kind {got:?}"
        ));
    }
    Ok(())
}

#[test]
fn all_120_renju_forbidden_cases() {
    let lines: Vec<&str> = CASES
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .collect();
    assert_eq!(lines.len(), 120, "the data file holds 120 cases");
    let failures: Vec<String> = lines
        .iter()
        .enumerate()
        .filter_map(|(i, l)| check(l).err().map(|e| format!("case {}: {e}", i + 1)))
        .collect();
    assert!(
        failures.is_empty(),
        "{} of 120 failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn replayed_cases_refuse_the_forbidden_move() {
    // Where the move list is a legal game, `play` must refuse exactly the forbidden points.
    let mut replayed = 0;
    for line in CASES
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let body = line.split('#').next().unwrap_or("");
        let parts: Vec<&str> = body.split('|').map(str::trim).collect();
        let mut pos = Position::new(15, Rule::Renju).unwrap();
        let ok = parts[0]
            .split_whitespace()
            .all(|s| pos.play(s.parse().unwrap()).is_ok());
        if !ok || pos.side_to_move() != Side::Black {
            continue;
        }
        replayed += 1;
        let point: Point = parts[1].parse().unwrap();
        let refused = pos.clone().play(point).is_err();
        assert_eq!(refused, parts[2] != "allowed", "{line}");
    }
    assert!(
        replayed >= 100,
        "only {replayed} cases replay as legal games"
    );
}
