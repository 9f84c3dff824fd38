//! Hard's pattern evaluation: the shipped weights are exactly the fit of the WTHOR games in `tests/data/`
//! (so anyone can reproduce them), they load, they are symmetric, and they explain game results.

use reversi_gomoku::reversi::bitboard::symmetry;
use reversi_gomoku::reversi::eval::evaluate;
use reversi_gomoku::reversi::fit::{FitError, FitOptions, fit};
use reversi_gomoku::reversi::patterns::{WeightsError, parse_weights, weights_to_bytes};
use reversi_gomoku::reversi::{Position, parse_transcript};

const SHIPPED: &[u8] = include_bytes!("../assets/reversi-eval.bin");

fn games() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/othello-games-2023-2025.txt"
    ))
    .expect("tests/data/othello-games-2023-2025.txt is readable")
}

/// Every position of the first `n` games with their final disc differential for the mover.
fn positions(text: &str, n: usize) -> Vec<(Position, i32)> {
    let mut out = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#')).take(n) {
        let moves = parse_transcript(line.split_whitespace().next().expect("transcript"))
            .expect("recorded game");
        let mut pos = Position::new();
        let mut seen = Vec::new();
        for mv in moves {
            seen.push(pos);
            pos.play(mv).expect("legal");
        }
        let result = pos.final_score();
        for q in seen {
            let me = q.side_to_move();
            let diff = *result.get(me) as i32 - *result.get(me.other()) as i32;
            out.push((q, diff));
        }
    }
    out
}

#[test]
fn shipped_weights_are_the_fit_of_the_wthor_games() {
    let weights = fit(&games(), FitOptions::default()).expect("all games are legal");
    let bytes = weights_to_bytes(&weights);
    assert!(
        bytes == SHIPPED,
        "assets/reversi-eval.bin differs from the fit ({} vs {} bytes): rerun \
         `reversi-gomoku reversi fit-eval --games tests/data/othello-games-2023-2025.txt \
         --out assets/reversi-eval.bin`",
        bytes.len(),
        SHIPPED.len()
    );
    assert_eq!(parse_weights(&bytes).expect("round trip"), weights);
}

#[test]
fn evaluation_is_the_same_for_all_eight_symmetries() {
    for (pos, _) in positions(&games(), 40) {
        let (p, o) = (pos.player(), pos.opponent());
        let score = evaluate(p, o);
        for sym in 1..8 {
            assert_eq!(
                evaluate(symmetry(p, sym), symmetry(o, sym)),
                score,
                "symmetry {sym} of {}",
                pos.to_obf()
            );
        }
    }
}

#[test]
fn evaluation_predicts_game_results() {
    // Midgame positions (20..=50 discs): the evaluation's squared error against the final
    // result must be well below the results' own spread (what predicting 0 would give).
    let (mut err, mut var, mut n) = (0.0f64, 0.0f64, 0usize);
    for (pos, diff) in positions(&games(), 2000) {
        let discs = 64 - pos.empties();
        if !(20..=50).contains(&discs) || pos.must_pass() {
            continue;
        }
        let e = f64::from(evaluate(pos.player(), pos.opponent())) / 100.0;
        err += (f64::from(diff) - e).powi(2);
        var += f64::from(diff).powi(2);
        n += 1;
    }
    assert!(n > 10_000);
    assert!(err < 0.6 * var, "error {err:.0} vs spread {var:.0}");
}

#[test]
fn damaged_weight_files_are_rejected() {
    assert_eq!(parse_weights(b"RGEV"), Err(WeightsError::Header));
    let mut wrong_version = SHIPPED.to_vec();
    wrong_version[4] = 9;
    assert_eq!(parse_weights(&wrong_version), Err(WeightsError::Header));
    let truncated = &SHIPPED[..SHIPPED.len() - 4];
    assert!(matches!(
        parse_weights(truncated),
        Err(WeightsError::Size(..))
    ));
    let mut extra = SHIPPED.to_vec();
    extra.extend_from_slice(&7i16.to_le_bytes());
    assert!(matches!(parse_weights(&extra), Err(WeightsError::Size(..))));
}

#[test]
fn fit_names_the_line_of_an_illegal_game() {
    let text = "# comment\nf5d6c3d3c4\nf5f5\n";
    match fit(text, FitOptions::default()) {
        Err(FitError::Game { line, .. }) => assert_eq!(line, 3),
        other => panic!("expected a game error, got {other:?}"),
    }
}
