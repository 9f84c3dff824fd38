//! Gomoku benchmarks (criterion, small samples): incremental pattern update, candidate move
//! generation, Renju forbidden-point scan, VCF on the shared puzzles, VCT on the short VCT
//! puzzles and after Hard's moves into a loss, Medium's move, Hard at a fixed depth.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use reversi_gomoku::core::{AiConfig, Engine, Level, Side, StopFlag};
use reversi_gomoku::gomoku::{
    GomokuEngine, Point, Position, Rule, SearchBoard, find_vcf, find_vct,
};

const PUZZLES: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/renju-puzzles.txt"
));

fn pts(s: &str) -> Vec<Point> {
    s.split_whitespace()
        .map(|t| t.parse().expect("point"))
        .collect()
}

const LOST_MOVES: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/gomoku-lost-moves.txt"
));

/// The positions after Hard's moves into a loss, with the side to move (the attacker).
fn after_lost_moves() -> Vec<(Position, Side)> {
    let mut out = Vec::new();
    for line in LOST_MOVES.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split_whitespace().collect();
        let rule = if f[0] == "renju" {
            Rule::Renju
        } else {
            Rule::Freestyle
        };
        let mut pos = Position::new(15, rule).unwrap();
        for m in f[2..].iter().chain([&f[1]]) {
            pos.play(m.parse().expect("a point")).expect("legal");
        }
        let attacker = pos.side_to_move();
        out.push((pos, attacker));
    }
    out
}

/// A 20-stone Renju middle game.
fn middle_game() -> Position {
    let mut pos = Position::new(15, Rule::Renju).unwrap();
    for m in pts("h8 h9 i9 g7 j10 i8 g9 k11 j8 f6 g10 j9 e5 d4 h11 i12 f10 e10 g12 g11") {
        pos.play(m).unwrap();
    }
    pos
}

/// The VCF puzzles with a published solution: (id, position, attacker).
fn vcf_puzzles() -> Vec<(String, Position, Side)> {
    puzzles_of("vcf")
}

/// The puzzles of one kind ("vcf" or "vct") with a published solution and no move list.
fn puzzles_of(kind: &str) -> Vec<(String, Position, Side)> {
    let mut out = Vec::new();
    for line in PUZZLES
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let body = line.split("  #").next().unwrap();
        let f: Vec<&str> = body.split('|').map(str::trim).collect();
        let field = |name: &str| f.iter().find_map(|x| x.strip_prefix(name)).unwrap();
        if f[1] != kind || field("expect=") == "disproven" || field("moves=") != "-" {
            continue;
        }
        let side = if field("to_move=") == "black" {
            Side::Black
        } else {
            Side::White
        };
        let pos = Position::with_stones(
            15,
            Rule::Renju,
            &pts(field("black=")),
            &pts(field("white=")),
            side,
        )
        .unwrap();
        out.push((f[0].to_string(), pos, side));
    }
    out
}

fn benches(c: &mut Criterion) {
    let pos = middle_game();
    let mut board = SearchBoard::from_position(&pos);
    let moves = board.candidate_points();
    c.bench_function("gomoku/pattern_update_play_undo_x10", |b| {
        b.iter(|| {
            for &m in moves.iter().take(10) {
                board.play_point(m);
                board.undo();
            }
            black_box(&mut board);
        });
    });
    c.bench_function("gomoku/candidate_generation", |b| {
        b.iter(|| black_box(board.candidate_points().len()));
    });
    c.bench_function("gomoku/renju_forbidden_scan", |b| {
        b.iter(|| black_box(pos.forbidden_points().len()));
    });
    let puzzles = vcf_puzzles();
    let stop = StopFlag::new();
    c.bench_function("gomoku/vcf_puzzles_all", |b| {
        b.iter(|| {
            for (_, p, side) in &puzzles {
                black_box(find_vcf(p, *side, 120, &stop));
            }
        });
    });
    let vct = puzzles_of("vct");
    c.bench_function("gomoku/vct_short_puzzles", |b| {
        b.iter(|| {
            for (_, p, side) in &vct {
                black_box(find_vct(p, *side, 4, 5_000, &stop));
            }
        });
    });
    // Hard's best-move guard asks this (8 threats, 60 000 nodes) of its best move: how many of
    // the 39 losses the search finds is printed once, the time is the bench's.
    let lost = after_lost_moves();
    let found = lost
        .iter()
        .filter(|(p, side)| find_vct(p, *side, 8, 60_000, &stop).is_some())
        .count();
    eprintln!(
        "vct_after_lost_moves: a VCT found after {found} of {}",
        lost.len()
    );
    c.bench_function("gomoku/vct_after_lost_moves", |b| {
        b.iter(|| {
            for (p, side) in &lost {
                black_box(find_vct(p, *side, 8, 60_000, &stop));
            }
        });
    });
    let mut engine = GomokuEngine::default();
    let medium = AiConfig {
        level: Level::Medium,
        depth: 4,
        time_ms: None,
        seed: Some(1),
        threads: 1,
    };
    c.bench_function("gomoku/medium_move_middle_game", |b| {
        b.iter(|| {
            black_box(
                engine
                    .think(&pos, &medium, &stop, &mut |_| {})
                    .expect("not a finished game")
                    .best,
            )
        });
    });
    let cfg = AiConfig {
        level: Level::Hard,
        depth: 4,
        time_ms: None,
        seed: Some(1),
        threads: 1,
    };
    c.bench_function("gomoku/hard_depth4_middle_game", |b| {
        b.iter(|| {
            engine.clear();
            black_box(
                engine
                    .think(&pos, &cfg, &stop, &mut |_| {})
                    .expect("not a finished game")
                    .best,
            )
        });
    });
    // The target: Hard answers within 1.2 s with its default 1 s budget, in a quiet
    // early position (Renju, H8 I9 H10 J8 I8) where no forced win cuts the search short.
    let hard = AiConfig::for_level(Level::Hard);
    let mut quiet = Position::new(15, Rule::Renju).expect("15x15 Renju");
    for name in ["H8", "I9", "H10", "J8", "I8"] {
        quiet.play(name.parse().expect("a point")).expect("legal");
    }
    c.bench_function("gomoku/hard_default_budget_quiet_opening", |b| {
        b.iter(|| {
            engine.clear();
            black_box(
                engine
                    .think(&quiet, &hard, &stop, &mut |_| {})
                    .expect("not a finished game")
                    .best,
            )
        });
    });
}

criterion_group! {
    name = gomoku;
    config = Criterion::default().sample_size(10).warm_up_time(std::time::Duration::from_millis(300))
        .measurement_time(std::time::Duration::from_secs(2));
    targets = benches
}
criterion_main!(gomoku);
