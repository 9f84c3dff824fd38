//! Search labels for the evaluation fit (`reversi label-positions`): an endgame position's
//! label is its exact score, labelling is deterministic, and the shipped labels file is what
//! the command writes (checked on a sample of its lines).

use reversi_gomoku::reversi::Position;
use reversi_gomoku::reversi::label::{
    LabelOptions, label, label_positions, labels_text, parse_labels, select_positions,
};
use reversi_gomoku::tools::read_games_file;

/// The shipped search labels (`fit-eval --labels`; see the README for the fits made with them).
const LABELS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/othello-labels-wthor-d8.txt.xz"
);

fn ffo() -> Vec<(Position, i32)> {
    include_str!("data/ffo40-59.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let pos = Position::from_obf(&format!("{} {}", f[0], f[1])).expect("FFO position");
            (pos, f[3].parse().expect("score"))
        })
        .collect()
}

/// FFO #40 (20 empties) labelled with exact solving up to 20 empties is its known score, +38;
/// and so are FFO #40 and #41 a few plies on (each side playing the solver's move), labelled
/// with the default options (exact from 16 empties).
#[test]
fn an_endgame_position_is_labelled_with_its_exact_score() {
    let (pos, score) = ffo()[0];
    assert_eq!(pos.empties(), 20);
    assert_eq!(label(&pos, 8, 20), score);
    let stop = reversi_gomoku::core::StopFlag::new();
    for (mut pos, score) in ffo().into_iter().take(2) {
        let mut sign = 1;
        while pos.empties() > LabelOptions::default().exact_empties {
            let (s, best, _) = reversi_gomoku::reversi::solve(&pos, &stop);
            assert_eq!(s * sign, score);
            pos.play(best.expect("not over")).expect("legal");
            sign = -sign;
        }
        let opts = LabelOptions::default();
        assert_eq!(
            label(&pos, opts.depth, opts.exact_empties) * sign,
            score,
            "{}",
            pos.to_obf()
        );
    }
}

/// Labelling the same games twice, on 1 and on 2 threads, writes the same text.
#[test]
fn labelling_is_deterministic() {
    let games: String = include_str!("data/othello-games-2023-2025.txt")
        .lines()
        .take(23)
        .collect::<Vec<_>>()
        .join("\n");
    let opts = LabelOptions {
        depth: 4,
        every: 9,
        ..LabelOptions::default()
    };
    let a = label_positions(&games, opts, &|_, _| {}).expect("legal games");
    let b = label_positions(&games, LabelOptions { threads: 2, ..opts }, &|_, _| {})
        .expect("legal games");
    assert_eq!(labels_text(&a, "x"), labels_text(&b, "x"));
    assert_eq!(a.len(), select_positions(&games, 9).expect("legal").len());
    assert!(a.len() > 100, "{}", a.len());
}

/// The shipped labels are the default labelling of the WTHOR games: the positions are the
/// ones selected, and every 400th of them (about 670) relabels to the same score.
#[test]
fn shipped_labels_are_the_default_labelling_of_the_wthor_games() {
    let text = read_games_file(std::path::Path::new(LABELS)).expect("labels readable");
    assert!(
        text.lines().nth(1).is_some_and(|l| l.contains(
            "label-positions --games tests/data/othello-games-wthor-1977-2025.txt.xz \
             --depth 8 --every 23 --exact-empties 16"
        )),
        "header: {:?}",
        text.lines().nth(1)
    );
    let labels = parse_labels(&text).expect("well-formed");
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(labels.len(), lines.len(), "each position once");
    let games = read_games_file(std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/othello-games-wthor-1977-2025.txt.xz"
    )))
    .expect("games readable");
    let opts = LabelOptions::default();
    let selected = select_positions(&games, opts.every).expect("legal games");
    assert_eq!(selected.len(), lines.len());
    for (pos, line) in selected.iter().zip(&lines).step_by(400) {
        assert_eq!(
            format!(
                "{} {}",
                pos.to_obf(),
                label(pos, opts.depth, opts.exact_empties)
            ),
            *line
        );
    }
}
