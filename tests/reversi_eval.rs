//! Hard's pattern evaluation: the shipped weights are the fit of the 135 642 WTHOR games in
//! `tests/data/` (their header records the games' checksum and the fit's options, checked
//! here; the full refit, minutes long, is an ignored test), they load, they are symmetric, and
//! they explain game results; a fit is deterministic and holds out the games it is told to.

use reversi_gomoku::reversi::bitboard::symmetry;
use reversi_gomoku::reversi::eval::evaluate;
use reversi_gomoku::reversi::fit::{FitError, FitOptions, fit, fit_record, games_checksum};
use reversi_gomoku::reversi::patterns::{
    WeightsError, parse_record, parse_weights, weights_to_bytes,
};
use reversi_gomoku::reversi::{Position, parse_transcript};
use reversi_gomoku::tools::read_games_file;

const SHIPPED: &[u8] = include_bytes!("../assets/reversi-eval.bin");

/// The games the shipped weights are fitted on.
const WTHOR: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/othello-games-wthor-1977-2025.txt.xz"
);

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

/// Fast: the shipped file says it is the default fit of the WTHOR games now in the repository
/// (checksum of their text, the games fitted, the options).
#[test]
fn shipped_weights_record_the_wthor_games_and_the_default_options() {
    let text = read_games_file(std::path::Path::new(WTHOR)).expect("WTHOR games readable");
    let record = parse_record(SHIPPED).expect("shipped header");
    let opts = FitOptions::default();
    assert_eq!(
        record.games_checksum,
        games_checksum(&text),
        "assets/reversi-eval.bin was fitted on other games: rerun `reversi-gomoku reversi \
         fit-eval --games tests/data/othello-games-wthor-1977-2025.txt.xz --out \
         assets/reversi-eval.bin`"
    );
    let games = text.lines().filter(|l| !l.starts_with('#')).count() as u32;
    assert_eq!(games, 135_642);
    assert_eq!(record.holdout_every, opts.holdout_every);
    assert_eq!(record.train_games, games - games / opts.holdout_every);
    assert_eq!(record.iterations, opts.iterations);
    assert_eq!(f64::from(record.ridge_milli), opts.ridge * 1000.0);
}

/// Slow (minutes, gigabytes): the shipped weights are exactly the fit of the WTHOR games.
/// `cargo test --release --test reversi_eval -- --ignored`
#[test]
#[ignore = "refits 135 642 games: minutes and about 2 GB"]
fn shipped_weights_are_the_fit_of_the_wthor_games() {
    let text = read_games_file(std::path::Path::new(WTHOR)).expect("WTHOR games readable");
    let opts = FitOptions::default();
    let (weights, report) = fit(&text, opts).expect("all games are legal");
    let bytes = weights_to_bytes(&weights, &fit_record(&text, None, opts, &report));
    assert!(
        bytes == SHIPPED,
        "assets/reversi-eval.bin differs from the fit"
    );
}

/// A fit is deterministic, holds out every N-th game, records its inputs, round-trips through
/// the file format, and predicts the held-out games better than predicting a draw.
#[test]
fn a_small_fit_is_reproducible_and_reports_its_held_out_error() {
    let text: String = games().lines().take(303).collect::<Vec<_>>().join("\n");
    let opts = FitOptions {
        iterations: 10,
        ridge: 30.0,
        holdout_every: 5,
        ..FitOptions::default()
    };
    let (a, report) = fit(&text, opts).expect("legal games");
    let (b, _) = fit(&text, opts).expect("legal games");
    assert_eq!(a, b, "same games, same weights");
    // 300 games after the 3 header lines: games 5, 10, … are held out.
    assert_eq!((report.train_games, report.holdout_games), (240, 60));
    assert!(report.holdout.positions > 60 * 50);
    let (_, all) = fit(
        &text,
        FitOptions {
            holdout_every: 0,
            ..opts
        },
    )
    .expect("legal games");
    assert_eq!((all.train_games, all.holdout_games), (300, 0));
    assert!(report.train.rmse < report.holdout.rmse, "{report:?}");
    let spread = (positions(&text, 300)
        .iter()
        .map(|(_, d)| f64::from(*d).powi(2))
        .sum::<f64>()
        / positions(&text, 300).len() as f64)
        .sqrt();
    assert!(
        report.holdout.rmse < spread,
        "{} vs {spread}",
        report.holdout.rmse
    );
    let record = fit_record(&text, None, opts, &report);
    let bytes = weights_to_bytes(&a, &record);
    assert_eq!(parse_weights(&bytes).expect("round trip"), a);
    assert_eq!(parse_record(&bytes).expect("header"), record);
    // A fit with search labels writes a version-3 header that records them.
    let labelled = FitOptions {
        search_weight: 1.0,
        label_weight: 10.0,
        ..opts
    };
    let record = fit_record(&text, Some("labels text"), labelled, &report);
    assert_eq!(
        (
            record.labels_checksum,
            record.search_weight_milli,
            record.label_weight_milli,
            record.labelled_only
        ),
        (games_checksum("labels text"), 1000, 10_000, false)
    );
    let bytes = weights_to_bytes(&a, &record);
    assert_eq!(u16::from_le_bytes([bytes[4], bytes[5]]), 3);
    assert_eq!(parse_weights(&bytes).expect("round trip"), a);
    assert_eq!(parse_record(&bytes).expect("header"), record);
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
    match fit(text, FitOptions::default()).map(|_| ()) {
        Err(FitError::Game { line, .. }) => assert_eq!(line, 3),
        other => panic!("expected a game error, got {other:?}"),
    }
}
