//! Perft from the start position against OEIS A124004 (a pass is a ply; a finished game is one
//! leaf at every depth beyond its end), the `mode1` column of `tests/data/othello-perft.txt`.

use reversi_gomoku::reversi::{Position, perft, perft_divide};

const EXPECTED: [u64; 12] = [
    1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571284, 212258800,
];

#[test]
fn perft_depths_1_to_9() {
    let pos = Position::new();
    for depth in 1..=9u32 {
        assert_eq!(
            perft(&pos, depth),
            EXPECTED[depth as usize],
            "perft({depth})"
        );
    }
}

#[test]
fn perft_matches_data_file_mode1_column() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/othello-perft.txt"
    ))
    .expect("tests/data/othello-perft.txt is readable");
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let mut f = line.split_whitespace();
        let depth: u32 = f.next().and_then(|x| x.parse().ok()).expect("depth column");
        let mode1: u64 = f.next().and_then(|x| x.parse().ok()).expect("mode1 column");
        if depth <= 8 {
            assert_eq!(
                perft(&Position::new(), depth),
                mode1,
                "perft({depth}) vs data file"
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 8);
}

#[test]
fn divide_sums_to_perft() {
    let pos = Position::new();
    let div = perft_divide(&pos, 6);
    assert_eq!(div.len(), 4);
    // The start position is symmetric: all four first moves lead to the same count.
    assert!(div.iter().all(|&(_, n)| n == 8200 / 4));
    assert_eq!(div.iter().map(|&(_, n)| n).sum::<u64>(), 8200);
}

#[test]
#[ignore = "slow in debug builds; about 0.2 s in release"]
fn perft_depth_10() {
    assert_eq!(perft(&Position::new(), 10), EXPECTED[10]);
}

#[test]
#[ignore = "about 1 s in release"]
fn perft_depth_11() {
    let t = std::time::Instant::now();
    assert_eq!(perft(&Position::new(), 11), EXPECTED[11]);
    eprintln!("perft(11) in {:?}", t.elapsed());
}
