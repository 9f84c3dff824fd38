//! The move-quality probe's positions (`tests/data/gomoku-probe-*.txt`, read by
//! `scripts/gomoku-move-probe.py`): every line replays legally under its rule to a game still
//! going on, and the reference engine's move is legal there (in Renju, not a forbidden point
//! for Black).

use reversi_gomoku::gomoku::{Point, Position, Rule};

/// Checks every position of `file` (rule `name`) and returns how many there are.
fn check(file: &str, rule: Rule, name: &str) -> usize {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("probe file");
    let mut count = 0;
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let at = format!("{file} line {}", i + 1);
        let f: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(f[0], name, "{at}: rule");
        let value: i32 = f[2].parse().expect("value");
        assert!(value.abs() <= 30_000, "{at}: value {value}");
        let mut pos = Position::new(15, rule).expect("15×15");
        for m in &f[3..] {
            let p: Point = m.parse().expect("point");
            pos.play(p).unwrap_or_else(|e| panic!("{at}: {m}: {e}"));
        }
        assert!(pos.winning_line().is_none(), "{at}: the game is over");
        let best: Point = f[1].parse().expect("point");
        assert!(pos.is_legal(best), "{at}: {best} is not legal");
        count += 1;
    }
    count
}

#[test]
fn probe_positions_replay_and_the_reference_moves_are_legal() {
    assert_eq!(
        check("gomoku-probe-freestyle.txt", Rule::Freestyle, "freestyle"),
        146
    );
    assert_eq!(check("gomoku-probe-renju.txt", Rule::Renju, "renju"), 129);
}
