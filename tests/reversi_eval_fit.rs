//! Provenance of Hard's evaluation weights: refits `eval::FITTED_WEIGHTS` by ridge least
//! squares on the WTHOR games of `shared/data/othello-games-2023-2025.txt` and checks that the
//! table in the source is that fit. Run with `--nocapture` to print a regenerated table.

use reversi_gomoku::core::GameRules;
use reversi_gomoku::reversi::eval::{FITTED_WEIGHTS, N_FEATURES, features};
use reversi_gomoku::reversi::{Position, parse_transcript};

const NF: usize = N_FEATURES;

/// Solves `a x = b` by Gauss-Jordan elimination with partial pivoting.
fn solve_linear(mut a: [[f64; NF]; NF], mut b: [f64; NF]) -> [f64; NF] {
    for i in 0..NF {
        let piv = (i..NF)
            .max_by(|&x, &y| a[x][i].abs().total_cmp(&a[y][i].abs()))
            .expect("rows");
        a.swap(i, piv);
        b.swap(i, piv);
        let pivot = a[i];
        let pivot_b = b[i];
        for (r, row) in a.iter_mut().enumerate() {
            if r != i {
                let f = row[i] / pivot[i];
                for (x, p) in row.iter_mut().zip(pivot) {
                    *x -= f * p;
                }
                b[r] -= f * pivot_b;
            }
        }
    }
    std::array::from_fn(|i| b[i] / a[i][i])
}

#[test]
fn fitted_weights_reproduce_from_the_games() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/data/othello-games-2023-2025.txt"
    ))
    .expect("shared/data/othello-games-2023-2025.txt is readable");
    // Normal equations per disc count; each position also counts for the disc counts ±2.
    let mut ata = vec![[[0.0f64; NF]; NF]; 65];
    let mut atb = vec![[0.0f64; NF]; 65];
    let mut count = vec![0usize; 65];
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let transcript = line.split_whitespace().next().expect("transcript");
        let moves = parse_transcript(transcript).expect("recorded game");
        let mut pos = Position::new();
        let mut seen = Vec::with_capacity(64);
        for mv in moves {
            seen.push(pos);
            pos.play(mv).expect("legal");
        }
        let result = pos.final_score();
        for q in seen.into_iter().filter(|q| q.legal_squares() != 0) {
            let me = q.side_to_move();
            let target = (*result.get(me) as f64 - *result.get(me.other()) as f64) * 100.0;
            let f = features(q.player(), q.opponent()).map(f64::from);
            let discs = (64 - q.empties()) as usize;
            for d in discs.saturating_sub(2)..=(discs + 2).min(64) {
                for i in 0..NF {
                    for j in 0..NF {
                        ata[d][i][j] += f[i] * f[j];
                    }
                    atb[d][i] += f[i] * target;
                }
                count[d] += 1;
            }
        }
    }
    let fit = |d: usize| {
        let mut a = ata[d];
        for (i, row) in a.iter_mut().enumerate() {
            row[i] += count[d] as f64 * 0.01;
        }
        solve_linear(a, atb[d]).map(|w| w.round() as i32)
    };
    let mut table = String::new();
    let mut worst = 0;
    for (d, row) in FITTED_WEIGHTS.iter().enumerate() {
        let w = fit(d.clamp(8, 62));
        table += &format!("    {:?}, // {d}\n", w);
        for (a, b) in w.iter().zip(row) {
            worst = worst.max((a - i32::from(*b)).abs());
        }
    }
    println!("{table}");
    assert!(
        worst <= 1,
        "FITTED_WEIGHTS differs from the refit by {worst} (table printed above)"
    );
}
