//! Reversi benchmarks: perft, move generation, evaluation, Hard at fixed depth, and exact endgame solves.
//! Run: `cargo bench --bench reversi`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use reversi_gomoku::core::{AiConfig, Engine, Level, StopFlag};
use reversi_gomoku::reversi::bitboard::{flips, legal_moves};
use reversi_gomoku::reversi::eval::evaluate;
use reversi_gomoku::reversi::{Position, ReversiEngine, perft, solve};

/// Midgame positions (from FFO games and random play) for the engine benches.
const MIDGAME: [&str; 3] = [
    // Start + f5d6c3d3c4f4f6f3e6e7 (a common opening line).
    "f5d6c3d3c4f4f6f3e6e7",
    "f5f6e6f4e3c5c4d3f3e2g4g5f2h4h6g3f7b4",
    "f5d6c5f4e3c6d3f3e6f6g4g3g6e2e7d7g5",
];

fn after(transcript: &str) -> Position {
    let moves = reversi_gomoku::reversi::parse_transcript(transcript).expect("bench transcript");
    let mut pos = Position::new();
    for mv in moves {
        pos.play(mv).expect("legal");
    }
    pos
}

/// FFO #40 after its first 7 principal-variation plies (a2 b1 c1 pass b6 c7 a7): 14 empties,
/// White to move, exact score −38.
const ENDGAME_14: &str = "OOXXXXXXXOXXXXXXOOXOXOOXOOXXOOXXOOXOOOXX-X-OOOOXX-O-O--X-------- O";

fn benches(c: &mut Criterion) {
    let mut g = c.benchmark_group("reversi");
    g.sample_size(10);
    let start = Position::new();
    g.bench_function("perft_8_start", |b| b.iter(|| perft(black_box(&start), 8)));
    // The target: perft(11) (212 258 800 leaves) in under 2 s, single thread.
    g.bench_function("perft_11_start", |b| {
        b.iter(|| perft(black_box(&start), 11))
    });
    let positions: Vec<Position> = MIDGAME.iter().map(|t| after(t)).collect();
    g.bench_function("legal_moves_and_flips_midgame", |b| {
        b.iter(|| {
            let mut n = 0u64;
            for pos in &positions {
                let (p, o) = (pos.player(), pos.opponent());
                let mut m = legal_moves(black_box(p), black_box(o));
                while m != 0 {
                    n ^= flips(p, o, m.trailing_zeros());
                    m &= m - 1;
                }
            }
            n
        })
    });
    // Hard's evaluation (46 pattern placements + the classic features) of the three midgames.
    g.bench_function("evaluate_three_midgames", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|pos| evaluate(black_box(pos.player()), black_box(pos.opponent())))
                .sum::<i32>()
        })
    });
    let cfg = AiConfig {
        level: Level::Hard,
        depth: 8,
        time_ms: None,
        seed: None,
        threads: 1,
    };
    g.bench_function("hard_depth_8_three_midgames", |b| {
        b.iter(|| {
            let mut engine = ReversiEngine::default();
            for pos in &positions {
                black_box(
                    engine
                        .think(pos, &cfg, &StopFlag::new(), &mut |_| {})
                        .expect("not a finished game"),
                );
            }
        })
    });
    // The target: Hard answers within 1.2 s with its default 1 s budget.
    let hard = AiConfig::for_level(Level::Hard);
    g.bench_function("hard_default_budget_one_midgame_move", |b| {
        let mut engine = ReversiEngine::default();
        b.iter(|| {
            engine.clear();
            black_box(
                engine
                    .think(&positions[2], &hard, &StopFlag::new(), &mut |_| {})
                    .expect("not a finished game"),
            )
        })
    });
    let end = Position::from_obf(ENDGAME_14).expect("bench position");
    assert_eq!(end.empties(), 14);
    g.bench_function("solve_14_empties", |b| {
        b.iter(|| solve(black_box(&end), &StopFlag::new()))
    });
    g.finish();
}

criterion_group!(reversi, benches);
criterion_main!(reversi);
