//! How long the computer takes over its opening decisions (criterion, small samples): the
//! Swap2 proposal and answer at Medium and at Hard's default budget, and the Soosõrv-8
//! declaration of offers at Medium. Each decision is a handful of searches
//! ([`reversi_gomoku::gomoku::opening_engine`]).

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use reversi_gomoku::core::{AiConfig, Level, StopFlag};
use reversi_gomoku::gomoku::opening::{Choice, OpeningRule};
use reversi_gomoku::gomoku::opening_engine::{Effort, OpeningPlayer};
use reversi_gomoku::gomoku::{GomokuEngine, Position, Rule};

fn opening(rule: Rule, kind: OpeningRule, stones: &[&str]) -> Position {
    let mut pos = Position::new(15, rule).unwrap().with_opening(kind).unwrap();
    for s in stones {
        pos.play(s.parse().unwrap()).unwrap();
    }
    pos
}

fn effort(level: Level) -> Effort {
    Effort::for_config(&AiConfig {
        seed: Some(1),
        ..AiConfig::for_level(level)
    })
}

fn benches(c: &mut Criterion) {
    let empty = opening(Rule::Standard, OpeningRule::Swap2, &[]);
    let three = opening(Rule::Standard, OpeningRule::Swap2, &["H8", "J9", "G6"]);
    let mut soosorv = opening(Rule::Renju, OpeningRule::Soosorv8, &["H8", "H9", "I9"]);
    soosorv
        .choose(Choice::Take(reversi_gomoku::core::Side::Black))
        .unwrap();
    soosorv.play("J7".parse().unwrap()).unwrap();
    let stop = StopFlag::new();
    let mut engine = GomokuEngine::default();
    let mut plan = |name: &str, pos: &Position, level: Level| {
        c.bench_function(name, |b| {
            b.iter(|| {
                let mut player = OpeningPlayer::new(&mut engine, effort(level), &stop);
                black_box(player.plan(black_box(pos)).unwrap().steps.len())
            });
        });
    };
    plan("opening/medium_swap2_proposal", &empty, Level::Medium);
    plan("opening/medium_swap2_answer", &three, Level::Medium);
    plan(
        "opening/medium_soosorv_declare_offers",
        &soosorv,
        Level::Medium,
    );
    plan("opening/hard_swap2_proposal", &empty, Level::Hard);
    plan("opening/hard_swap2_answer", &three, Level::Hard);
}

criterion_group! {
    name = opening_benches;
    config = Criterion::default().sample_size(10).warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2));
    targets = benches
}
criterion_main!(opening_benches);
