//! Tactics: positions with a forced answer that Hard must find (win in one, block a four,
//! block an open three, VCF wins), the VCF puzzles of `tests/data/renju-puzzles.txt`
//! (every VCF found is replayed and checked), and Easy/Medium never ignoring a five-threat.

use std::time::Instant;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use reversi_gomoku::core::{AiConfig, Engine, GameRules, Level, Outcome, Side, StopFlag};
use reversi_gomoku::core::{Score, SearchInfo};
use reversi_gomoku::gomoku::{
    GomokuEngine, Point, Position, Rule, find_vcf, find_vcf_limited, find_vct, find_vct_dfpn,
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

struct Puzzle {
    id: String,
    kind: String,
    pos: Position,
    attacker: Side,
    expect: String,
    limit: Option<u32>,
}

fn puzzles() -> Vec<Puzzle> {
    let mut out = Vec::new();
    for line in PUZZLES
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let body = line.split("  #").next().unwrap();
        let f: Vec<&str> = body.split('|').map(str::trim).collect();
        let field = |name: &str| {
            f.iter()
                .find_map(|x| x.strip_prefix(name))
                .unwrap_or_else(|| panic!("{name} in {line}"))
        };
        let attacker = if field("to_move=") == "black" {
            Side::Black
        } else {
            Side::White
        };
        let moves = field("moves=");
        let pos = if moves == "-" {
            Position::with_stones(
                15,
                Rule::Renju,
                &pts(field("black=")),
                &pts(field("white=")),
                attacker,
            )
            .expect("setup")
        } else {
            let mut p = Position::new(15, Rule::Renju).unwrap();
            for m in pts(moves) {
                p.play(m).expect("legal game");
            }
            p
        };
        let limit_field = f
            .iter()
            .find_map(|x| x.strip_prefix("limit="))
            .unwrap_or("-");
        let limit = limit_field
            .split_whitespace()
            .next()
            .and_then(|v| v.parse().ok());
        out.push(Puzzle {
            id: f[0].to_string(),
            kind: f[1].to_string(),
            pos,
            attacker,
            expect: field("expect=").to_string(),
            limit,
        });
    }
    out
}

/// Replays a VCF line for the side to move: every attacker move is legal and makes a four
/// (or the five), every defender move is the forced block, and it ends in a five — or, under
/// Renju, on a White four whose every block is forbidden for Black (published lines may also
/// stop at an unstoppable double five-point threat).
fn assert_real_vcf(start: &Position, line: &[Point]) {
    let att = start.side_to_move();
    let mut pos = start.clone();
    let mut i = 0;
    while i < line.len() {
        let defender_fours = pos.five_points(!att);
        pos.play(line[i])
            .unwrap_or_else(|e| panic!("attacker move {} illegal: {e}", line[i]));
        if pos.outcome() == Some(Outcome::Win(att)) {
            assert_eq!(i + 1, line.len(), "line goes on after the five");
            return;
        }
        assert!(
            defender_fours.iter().all(|&p| p == line[i]),
            "attacker ignores a four at {i}"
        );
        let fives = pos.five_points(att);
        assert!(!fives.is_empty(), "attacker move {} is not a four", line[i]);
        if i + 1 == line.len() {
            // A published line may stop at an open four / double four (two five-points).
            assert!(
                fives.len() >= 2 && pos.five_points(!att).is_empty()
                    || pos.rule() == Rule::Renju
                        && att == Side::White
                        && fives.iter().all(|&p| pos.forbidden_kind(p).is_some()),
                "line ends on a four that can be blocked"
            );
            return;
        }
        let d = line[i + 1];
        assert!(fives.contains(&d), "defender reply {d} does not block");
        assert!(
            pos.five_points(!att).is_empty(),
            "defender could make five instead"
        );
        pos.play(d)
            .unwrap_or_else(|e| panic!("defender move {d} illegal: {e}"));
        i += 2;
    }
    panic!("line ended without a five");
}

fn hard(ms: u64) -> AiConfig {
    AiConfig {
        level: Level::Hard,
        depth: 20,
        time_ms: Some(ms),
        seed: Some(1),
        threads: 1,
    }
}

/// Hard limited by depth only: deterministic (node-bounded VCF phases, no clock).
fn hard_depth(depth: u32) -> AiConfig {
    AiConfig {
        level: Level::Hard,
        depth,
        time_ms: None,
        seed: Some(1),
        threads: 1,
    }
}

fn think_info(pos: &Position, cfg: &AiConfig) -> (Point, SearchInfo<Point>) {
    let mut e = GomokuEngine::default();
    let mut reports = 0;
    let t = e
        .think(pos, cfg, &StopFlag::new(), &mut |_| reports += 1)
        .expect("not a finished game");
    assert!(pos.is_legal(t.best), "illegal move {}", t.best);
    assert!(reports >= 1, "on_info never called");
    (t.best, t.info)
}

fn think(pos: &Position, cfg: &AiConfig) -> Point {
    think_info(pos, cfg).0
}

fn setup(rule: Rule, black: &str, white: &str, to_move: Side) -> Position {
    Position::with_stones(15, rule, &pts(black), &pts(white), to_move).expect("set-up")
}

fn p(s: &str) -> Point {
    s.parse().unwrap()
}

#[test]
fn vcf_puzzles_are_solved_and_replay_as_real_wins() {
    let mut solved = 0;
    let mut total = 0;
    for p in puzzles()
        .iter()
        .filter(|p| p.kind == "vcf" && p.expect != "disproven")
    {
        total += 1;
        let t = Instant::now();
        let line = find_vcf(&p.pos, p.attacker, 100, &StopFlag::new());
        let ms = t.elapsed().as_millis();
        let Some(line) = line else {
            println!("{}: no VCF found ({ms} ms)", p.id);
            continue;
        };
        println!("{}: VCF of {} moves in {ms} ms", p.id, line.len());
        assert_real_vcf(&p.pos, &line);
        // Sources publish one solution; another VCF may finish elsewhere, so only report it.
        if let Some(fin) = p.expect.strip_prefix("final:") {
            println!("  published final {fin}, ours {}", line.last().unwrap());
        }
        solved += 1;
    }
    assert!(solved >= total - 1, "solved {solved} of {total}");
}

#[test]
fn disproven_puzzles_have_no_vcf_within_the_limit() {
    let mut checked = 0;
    for p in puzzles()
        .iter()
        .filter(|p| p.kind == "vcf" && p.expect == "disproven")
    {
        // The source's limit counts the attacker's fours; `find_vcf` also counts the five.
        let limit = p.limit.expect("limit") + 1;
        assert_eq!(
            find_vcf(&p.pos, p.attacker, limit, &StopFlag::new()),
            None,
            "{}",
            p.id
        );
        // One more attacker move finds the published solution.
        let line = find_vcf(&p.pos, p.attacker, limit + 1, &StopFlag::new()).expect(&p.id);
        assert_real_vcf(&p.pos, &line);
        checked += 1;
    }
    assert_eq!(checked, 2);
}

#[test]
fn hard_solves_the_vcf_puzzles_and_its_line_is_a_real_win() {
    let mut solved = 0;
    let mut total = 0;
    for p in puzzles()
        .iter()
        .filter(|p| p.kind == "vcf" && p.expect != "disproven")
    {
        total += 1;
        let (best, info) = think_info(&p.pos, &hard_depth(6));
        if info.exact && matches!(info.score, Score::WinIn(_)) {
            let line: Vec<Point> = info.pv.clone();
            assert_eq!(line[0], best);
            assert_real_vcf(&p.pos, &line);
            solved += 1;
        } else {
            println!("{}: not solved ({info:?})", p.id);
        }
    }
    assert_eq!(solved, total, "Hard solved {solved} of {total} VCF puzzles");
}

#[test]
fn hard_finds_the_short_vct_puzzle_wins() {
    // VCT puzzles whose first published move Hard finds within 1 s (Black and White).
    for id in [
        "quintet/vct_black",
        "quintet/vct_counter",
        "quintet/vct_forbidden_breaker",
    ] {
        let p = puzzles().into_iter().find(|p| p.id == id).unwrap();
        let (best, info) = think_info(&p.pos, &hard_depth(6));
        let first: Point = p.expect.split_whitespace().next().unwrap().parse().unwrap();
        assert!(
            matches!(info.score, Score::WinIn(_)) && info.exact,
            "{id}: {info:?}"
        );
        assert_eq!(best, first, "{id}");
    }
}

/// (description, rule, black, white, to move, acceptable answers)
const FORCED: &[(&str, Rule, &str, &str, Side, &str)] = &[
    (
        "win in one, row",
        Rule::Freestyle,
        "h8 i8 j8 k8",
        "g8 a1 a3",
        Side::Black,
        "l8",
    ),
    (
        "win in one, column, inside",
        Rule::Standard,
        "c3 c4 c6 c7",
        "a1 a3 a5",
        Side::Black,
        "c5",
    ),
    (
        "win in one, anti-diagonal at the edge",
        Rule::Freestyle,
        "o1 n2 m3 l4",
        "a1 a3 h8",
        Side::Black,
        "k5",
    ),
    (
        "white win in one beats blocking",
        Rule::Renju,
        "h8 h9 h10 h11 a1",
        "d3 e3 f3 g3",
        Side::White,
        "c3 h3",
    ),
    (
        "block a four",
        Rule::Freestyle,
        "c3 h2 a15",
        "d4 e5 f6 g7",
        Side::Black,
        "h8",
    ),
    (
        "block a broken four",
        Rule::Standard,
        "h8 i9 a15",
        "c10 d10 f10 g10",
        Side::Black,
        "e10",
    ),
    (
        "white blocks a four",
        Rule::Renju,
        "h8 i8 j8 k8 g3",
        "g8 a1 a3 a5",
        Side::White,
        "l8",
    ),
    (
        "block an open three",
        Rule::Freestyle,
        "a1 o15 a15",
        "f8 g8 h8",
        Side::Black,
        "e8 i8",
    ),
    (
        "make a straight four",
        Rule::Freestyle,
        "f8 g8 h8",
        "a1 o15",
        Side::Black,
        "e8 i8",
    ),
    (
        "4-4 fork wins",
        Rule::Freestyle,
        "f8 g8 h8 i9 i10 i11",
        "e8 i12 a1 a3 a5",
        Side::Black,
        "i8",
    ),
    (
        "4-3 fork wins",
        Rule::Standard,
        "f8 g8 h8 i9 i10",
        "e8 a1 a3 a5",
        Side::Black,
        "i8 j8 i11 i7",
    ),
    (
        "renju: white four whose block is forbidden",
        Rule::Renju,
        "g5 h6 h8 i5 j6",
        "h5 h7 i6 i9 i10",
        Side::White,
        "i8",
    ),
];

#[test]
fn hard_finds_forced_answers() {
    for &(what, rule, black, white, side, answers) in FORCED {
        let pos = setup(rule, black, white, side);
        let best = think(&pos, &hard_depth(6));
        assert!(
            pts(answers).contains(&best),
            "{what}: played {best}, expected one of {answers}"
        );
    }
}

#[test]
fn hard_on_two_threads_finds_the_forced_answers_too() {
    // Lazy SMP: helpers share the table; the main thread's answer must stay right.
    for &(what, rule, black, white, side, answers) in FORCED {
        let pos = setup(rule, black, white, side);
        let cfg = AiConfig {
            threads: 2,
            ..hard_depth(6)
        };
        let best = think(&pos, &cfg);
        assert!(
            pts(answers).contains(&best),
            "{what}: played {best}, expected one of {answers}"
        );
    }
}

#[test]
fn hard_plays_the_centre_on_an_empty_board() {
    let pos = Position::new(15, Rule::Renju).unwrap();
    assert_eq!(think(&pos, &hard_depth(6)), p("h8"));
    let pos = Position::new(19, Rule::Freestyle).unwrap();
    assert_eq!(think(&pos, &hard_depth(6)), Point::new(9, 9));
}

#[test]
fn hard_never_plays_a_forbidden_move_as_black() {
    // f8 would be an overline, h10 a double-three: Black must find another move; with white
    // threatening an open three, a legal block is needed.
    let pos = setup(
        Rule::Renju,
        "c8 d8 e8 g8 h8 g10 g11 i10 j10",
        "a1 a3 a5 a7 a9 l12 l13 l14",
        Side::Black,
    );
    assert!(pos.forbidden_kind(p("f8")).is_some());
    let (best, info) = think_info(&pos, &hard_depth(6));
    assert!(
        pos.forbidden_kind(best).is_none(),
        "played forbidden {best}"
    );
    // The pv (if any) starts with the move played.
    assert_eq!(info.pv.first(), Some(&best));
}

#[test]
fn hard_short_vcfs_are_found_and_replay() {
    // Freestyle 3-move VCF: d4 e4 f4 (c4 white) row and g5 g6 g7 (g8 white) column:
    // g4 makes a double four.
    let pos = setup(
        Rule::Freestyle,
        "d4 e4 f4 g5 g6 g7 m12",
        "c4 g8 a15 c15 e15 o1 o3",
        Side::Black,
    );
    let (best, info) = think_info(&pos, &hard_depth(6));
    assert_eq!(best, p("g4"));
    assert!(info.exact && matches!(info.score, Score::WinIn(_)));
    // A VCF found by find_vcf with a small budget is also what Hard plays.
    for p in puzzles()
        .iter()
        .filter(|p| p.kind == "vcf" && p.expect != "disproven")
    {
        if let Some(line) = find_vcf_limited(&p.pos, p.attacker, 7, 100_000, &StopFlag::new()) {
            assert_real_vcf(&p.pos, &line);
            let (_, info) = think_info(&p.pos, &hard_depth(6));
            assert!(
                info.exact && matches!(info.score, Score::WinIn(_)),
                "{}",
                p.id
            );
        }
    }
}

/// A random position where `mover` is to move and the opponent has a four (one five-point).
fn random_four_position(rng: &mut StdRng, rule: Rule) -> Option<Position> {
    let mover = if rng.random_range(0..2) == 0 {
        Side::Black
    } else {
        Side::White
    };
    let mut black = Vec::new();
    let mut white = Vec::new();
    let taken = |b: &Vec<Point>, w: &Vec<Point>, q: Point| b.contains(&q) || w.contains(&q);
    // The opponent's four: 4 stones in a row, one end closed by the mover.
    let dirs = [(1i32, 0i32), (0, 1), (1, 1), (1, -1)];
    let (dx, dy) = dirs[rng.random_range(0..4)];
    let x0: i32 = rng.random_range(1..10);
    let y0: i32 = rng.random_range(5..10);
    let four: Vec<Point> = (0..4)
        .map(|k| Point::new((x0 + dx * k) as u8, (y0 + dy * k) as u8))
        .collect();
    let closed = Point::new((x0 - dx) as u8, (y0 - dy) as u8);
    let (opp, own) = if mover == Side::Black {
        (&mut white, &mut black)
    } else {
        (&mut black, &mut white)
    };
    opp.extend(four);
    own.push(closed);
    for _ in 0..rng.random_range(3..9) {
        for side in 0..2 {
            let q = Point::new(rng.random_range(0..15), rng.random_range(0..15));
            if !taken(&black, &white, q) {
                if side == 0 {
                    black.push(q)
                } else {
                    white.push(q)
                }
            }
        }
    }
    let pos = Position::with_stones(15, rule, &black, &white, mover).ok()?;
    (pos.outcome().is_none() && pos.five_points(!mover).len() == 1).then_some(pos)
}

#[test]
fn easy_medium_and_hard_never_ignore_a_five_threat() {
    let mut rng = StdRng::seed_from_u64(7);
    let mut tested = 0;
    while tested < 40 {
        let rule = Rule::ALL[tested % 3];
        let Some(pos) = random_four_position(&mut rng, rule) else {
            continue;
        };
        let mover = pos.side_to_move();
        let own_fives = pos.five_points(mover);
        let threat = pos.five_points(!mover);
        if !threat.iter().all(|&q| pos.is_legal(q)) && own_fives.is_empty() {
            continue; // Renju: the block is forbidden, Black is lost anyway
        }
        for level in Level::ALL {
            let cfg = AiConfig {
                level,
                depth: 4,
                time_ms: Some(300),
                seed: Some(tested as u64),
                threads: 1,
            };
            let best = think(&pos, &cfg);
            if own_fives.is_empty() {
                assert!(
                    threat.contains(&best),
                    "{level} ignored the four at {threat:?}, played {best}"
                );
            } else {
                let mut after = pos.clone();
                after.play(best).unwrap();
                assert_eq!(
                    after.outcome(),
                    Some(Outcome::Win(mover)),
                    "{level} missed a five"
                );
            }
        }
        tested += 1;
    }
}

#[test]
fn easy_and_medium_take_a_five_and_respect_renju() {
    let pos = setup(Rule::Freestyle, "h8 i8 j8 k8", "g8 a1 a3 h9", Side::Black);
    for level in [Level::Easy, Level::Medium] {
        let cfg = AiConfig {
            level,
            depth: 1,
            time_ms: None,
            seed: Some(3),
            threads: 1,
        };
        assert_eq!(think(&pos, &cfg), p("l8"), "{level}");
    }
    // Black's most attractive point h8 is a double three: Easy and Medium must not take it.
    let pos = setup(Rule::Renju, "f8 g8 h9 h10", "a1 a3 a5 a7", Side::Black);
    for level in Level::ALL {
        for seed in 0..5 {
            let cfg = AiConfig {
                level,
                depth: 2,
                time_ms: Some(200),
                seed: Some(seed),
                threads: 1,
            };
            let best = think(&pos, &cfg);
            assert!(
                pos.forbidden_kind(best).is_none(),
                "{level} played forbidden {best}"
            );
        }
    }
}

#[test]
fn easy_is_reproducible_with_a_seed() {
    let pos = setup(Rule::Freestyle, "h8", "", Side::White);
    let cfg = AiConfig {
        level: Level::Easy,
        depth: 1,
        time_ms: None,
        seed: Some(42),
        threads: 1,
    };
    let a = think(&pos, &cfg);
    assert_eq!(a, think(&pos, &cfg));
    assert!(
        a.x.abs_diff(7) <= 4 && a.y.abs_diff(7) <= 4,
        "Easy answers on a line of the stone: {a}"
    );
}

/// Diagnostic (run with `--ignored --nocapture`): Hard at 1 s on every puzzle.
#[test]
#[ignore = "diagnostic, slow"]
fn hard_on_all_puzzles_report() {
    for p in puzzles() {
        let mut e = GomokuEngine::default();
        let mut last = None;
        let t = e
            .think(&p.pos, &hard(1000), &StopFlag::new(), &mut |i| {
                last = Some(i.clone())
            })
            .expect("not a finished game");
        let i = last.unwrap();
        let first = p.expect.split_whitespace().next().unwrap_or("").to_string();
        println!(
            "{:32} {} best {:4} (published {:12}) depth {:2} nodes {:8} {:5} ms nps {:8} score {} exact {}",
            p.id,
            p.kind,
            t.best.to_string(),
            first,
            i.depth,
            t.info.nodes,
            t.info.elapsed_ms,
            t.info.nodes_per_second(),
            t.info.score,
            t.info.exact
        );
    }
}

#[test]
fn published_vcf_lines_replay() {
    // The checker itself accepts the published solutions (ones given as full lines).
    let mut n = 0;
    for p in puzzles()
        .iter()
        .filter(|p| p.kind == "vcf" && !p.expect.contains(':') && p.expect != "disproven")
    {
        assert_real_vcf(&p.pos, &pts(&p.expect));
        n += 1;
    }
    assert_eq!(n, 4);
}

/// Diagnostic (run with `--ignored --nocapture`): short matches between the levels.
#[test]
#[ignore = "diagnostic, slow"]
fn level_matches_report() {
    let pairs = [
        (Level::Hard, Level::Medium),
        (Level::Medium, Level::Easy),
        (Level::Hard, Level::Easy),
    ];
    for rule in Rule::ALL {
        for (strong, weak) in pairs {
            let mut score = [0; 3];
            for game in 0..4u64 {
                let mut pos = Position::new(15, rule).unwrap();
                let strong_side = if game % 2 == 0 {
                    Side::Black
                } else {
                    Side::White
                };
                let mut engines = [GomokuEngine::default(), GomokuEngine::default()];
                while pos.outcome().is_none() {
                    let lvl = if pos.side_to_move() == strong_side {
                        strong
                    } else {
                        weak
                    };
                    let cfg = AiConfig {
                        level: lvl,
                        depth: 20,
                        time_ms: Some(200),
                        seed: Some(game * 1000 + pos.history().len() as u64),
                        threads: 1,
                    };
                    let e = &mut engines[usize::from(lvl == strong)];
                    let t = e
                        .think(&pos, &cfg, &StopFlag::new(), &mut |_| {})
                        .expect("not a finished game");
                    pos.play(t.best).unwrap();
                }
                match pos.outcome().unwrap() {
                    Outcome::Win(s) if s == strong_side => score[0] += 1,
                    Outcome::Win(_) => score[1] += 1,
                    Outcome::Draw => score[2] += 1,
                }
            }
            println!(
                "{rule}: {strong} vs {weak}: won {} lost {} drawn {}",
                score[0], score[1], score[2]
            );
        }
    }
}

/// Diagnostic (run with `--ignored --nocapture`): Hard's depth and speed at 1 s per move.
#[test]
#[ignore = "diagnostic, slow"]
fn hard_speed_report() {
    let lines = [
        "h8 h9 i9 g7 j10 i8 g9 k11 j8 f6 g10 j9 e5 d4 h11 i12 f10 e10 g12 g11",
        "h8 i9 g9 i7 i8 g10 h10 h9",
        "h8 h7 j7 i8 g9",
        "h8 i7 j6 g7 h7 h6 i5 g5",
    ];
    for rule in Rule::ALL {
        for line in lines {
            let mut pos = Position::new(15, rule).unwrap();
            for m in pts(line) {
                pos.play(m).unwrap();
            }
            let (best, info) = think_info(&pos, &hard(1000));
            println!(
                "{rule:9} {:2} stones: {best:4} depth {:2} nodes {:7} {:4} ms {:6} n/s score {}",
                pos.history().len(),
                info.depth,
                info.nodes,
                info.elapsed_ms,
                info.nodes_per_second(),
                info.score
            );
        }
    }
}

/// Diagnostic (run with `--ignored --nocapture`, on an otherwise idle machine): Lazy SMP's
/// speed-up, the wall time Hard needs to finish a fixed depth on 1 and on 2 threads, over the
/// positions of `hard_speed_report` in Freestyle and Renju.
#[test]
#[ignore = "diagnostic, slow, needs two free cores"]
fn lazy_smp_time_to_depth_report() {
    let lines = [
        "h8 h9 i9 g7 j10 i8 g9 k11 j8 f6 g10 j9 e5 d4 h11 i12 f10 e10 g12 g11",
        "h8 i9 g9 i7 i8 g10 h10 h9",
        "h8 h7 j7 i8 g9",
        "h8 i7 j6 g7 h7 h6 i5 g5",
    ];
    let mut totals = [0.0f64; 2];
    for rule in [Rule::Freestyle, Rule::Renju] {
        for line in lines {
            let mut pos = Position::new(15, rule).unwrap();
            for m in pts(line) {
                pos.play(m).unwrap();
            }
            let mut row = Vec::new();
            for (k, threads) in [1u32, 2].into_iter().enumerate() {
                let cfg = AiConfig {
                    threads,
                    ..hard_depth(10)
                };
                let t = Instant::now();
                let (best, info) = think_info(&pos, &cfg);
                let s = t.elapsed().as_secs_f64();
                totals[k] += s;
                row.push(format!(
                    "{threads} thread(s) {s:6.3} s best {best} depth {}",
                    info.depth
                ));
            }
            println!(
                "{rule:9} {:2} stones: {}",
                pos.history().len(),
                row.join(" | ")
            );
        }
    }
    println!(
        "total: 1 thread {:.2} s, 2 threads {:.2} s, speed-up {:.2}",
        totals[0],
        totals[1],
        totals[0] / totals[1]
    );
}

#[test]
fn hard_respects_stop_and_reports_progress() {
    let mut pos = Position::new(15, Rule::Renju).unwrap();
    for m in pts("h8 i9 g9 i7 i8 g10 h10 h9") {
        pos.play(m).unwrap();
    }
    // A raised stop flag: an immediate, legal answer.
    let stop = StopFlag::new();
    stop.stop();
    let cfg = AiConfig {
        level: Level::Hard,
        depth: 20,
        time_ms: None,
        seed: None,
        threads: 1,
    };
    let t = GomokuEngine::default()
        .think(&pos, &cfg, &stop, &mut |_| {})
        .expect("not a finished game");
    assert!(pos.is_legal(t.best));
    assert!(
        t.info.depth <= 1 && t.info.nodes < 10_000,
        "a raised stop flag ends the search within its first iteration: depth {}, {} nodes",
        t.info.depth,
        t.info.nodes
    );
    // Under a time budget the iterations deepen and each is reported (how well the budget is
    // kept is measured by the bench `hard_default_budget_quiet_opening`).
    let mut reports: Vec<SearchInfo<Point>> = Vec::new();
    let t = GomokuEngine::default()
        .think(&pos, &hard(300), &StopFlag::new(), &mut |i| {
            reports.push(i.clone())
        })
        .expect("not a finished game");
    assert!(pos.is_legal(t.best));
    assert!(!reports.is_empty());
    for w in reports.windows(2) {
        assert!(
            w[1].depth > w[0].depth && w[1].nodes >= w[0].nodes,
            "iterations deepen"
        );
    }
    let last = reports.last().unwrap();
    assert!(last.depth >= 2 && last.nodes > 0 && !last.pv.is_empty());
    assert_eq!(t.info.pv[0], t.best);
    // Depth limit: exactly `depth` iterations at most.
    let mut depths = Vec::new();
    GomokuEngine::default()
        .think(&pos, &hard_depth(3), &StopFlag::new(), &mut |i| {
            depths.push(i.depth)
        })
        .expect("not a finished game");
    assert_eq!(depths, vec![1, 2, 3]);
}

/// Diagnostic: where Hard claims a proven win on a puzzle, play it out Hard vs Hard.
#[test]
#[ignore = "diagnostic, slow"]
fn claimed_wins_hold_in_self_play() {
    for p in puzzles() {
        let (_, info) = think_info(&p.pos, &hard(1000));
        if !(info.exact && matches!(info.score, Score::WinIn(_))) {
            continue;
        }
        let mut pos = p.pos.clone();
        let mut engines = [GomokuEngine::default(), GomokuEngine::default()];
        while pos.outcome().is_none() && pos.history().len() < 60 {
            let e = &mut engines[usize::from(pos.side_to_move() == p.attacker)];
            let t = e
                .think(&pos, &hard(500), &StopFlag::new(), &mut |_| {})
                .expect("not a finished game");
            pos.play(t.best).unwrap();
        }
        let names: Vec<String> = pos.history().iter().map(ToString::to_string).collect();
        println!(
            "{:32} claimed {} -> {:?} after {}",
            p.id,
            info.score,
            pos.outcome(),
            names.join(" ")
        );
    }
}

/// Whether Hard "solves" a puzzle: a proven win (score beyond the win threshold, exact) for
/// a puzzle with a solution, or — when the first published move is a forced block — that
/// move; for a `disproven` puzzle any answer counts (the source only proves no short win).
fn hard_solves(p: &Puzzle, best: Point, info: &SearchInfo<Point>) -> bool {
    if p.expect == "disproven" {
        return true;
    }
    let first = p.expect.split_whitespace().next().unwrap_or("");
    info.exact && matches!(info.score, Score::WinIn(_))
        || first.parse::<Point>().is_ok_and(|f| f == best)
}

#[test]
fn hard_proves_most_puzzles_deterministically() {
    // Depth-limited (node-bounded threat searches, no clock): the count must not regress.
    let mut proven = 0;
    for p in puzzles().iter().filter(|p| p.expect != "disproven") {
        let (best, info) = think_info(&p.pos, &hard_depth(4));
        if info.exact && matches!(info.score, Score::WinIn(_)) {
            proven += 1;
            if p.kind == "vcf" {
                let line: Vec<Point> = info.pv.clone();
                assert_eq!(line[0], best);
            }
        } else {
            println!("{}: not proven ({info:?})", p.id);
        }
    }
    assert!(proven >= 26, "Hard proved {proven} puzzles");
}

#[test]
fn find_vct_solves_the_vct_puzzles_and_respects_renju() {
    let mut solved = Vec::new();
    for p in puzzles()
        .iter()
        .filter(|p| p.kind == "vct" && p.expect != "disproven")
    {
        if let Some(line) = find_vct(&p.pos, p.attacker, 6, 200_000, &StopFlag::new()) {
            assert!(p.pos.is_legal(line[0]), "{}: {line:?}", p.id);
            solved.push(p.id.clone());
        }
    }
    println!("VCT found: {solved:?}");
    for id in [
        "quintet/vct_black",
        "quintet/vct_counter",
        "quintet/vct_dual_forbiddens",
        "quintet/vct_forbidden_breaker",
        "quintet/vct_game_white_l06_1",
    ] {
        assert!(solved.iter().any(|s| s == id), "{id} not solved");
    }
    assert!(solved.len() >= 11, "{} VCT puzzles solved", solved.len());
    // No threats at all: no VCT.
    let quiet = setup(Rule::Renju, "h8 a1", "o15 a15", Side::Black);
    assert_eq!(
        find_vct(&quiet, Side::Black, 4, 50_000, &StopFlag::new()),
        None
    );
    // A finished game: no VCT.
    let game_over = setup(
        Rule::Freestyle,
        "h8 i8 j8 k8 l8",
        "a1 a2 a3 a4",
        Side::White,
    );
    assert_eq!(
        find_vct(&game_over, Side::White, 4, 50_000, &StopFlag::new()),
        None
    );
}

#[test]
fn medium_blocks_an_open_three_and_takes_short_wins() {
    for rule in Rule::ALL {
        // White's open three f8-g8-h8 (Black to move, no threats of its own).
        let pos = setup(rule, "a1 o15 a15", "f8 g8 h8", Side::Black);
        for seed in 0..4 {
            let cfg = AiConfig {
                level: Level::Medium,
                depth: 4,
                time_ms: None,
                seed: Some(seed),
                threads: 1,
            };
            let best = think(&pos, &cfg);
            assert!(
                pts("e8 i8 d8 j8").contains(&best),
                "{rule}: Medium ignored the open three, played {best}"
            );
        }
        // A 4-4 fork in one move.
        let pos = setup(
            Rule::Freestyle,
            "f8 g8 h8 i9 i10 i11",
            "e8 i12 a1 a3 a5",
            Side::Black,
        );
        let cfg = AiConfig {
            level: Level::Medium,
            depth: 4,
            time_ms: None,
            seed: Some(1),
            threads: 1,
        };
        assert_eq!(think(&pos, &cfg), p("i8"));
    }
}

/// Even a budget too small for one full iteration yields a legal move with a report (the
/// time actually used is measured by the bench `hard_default_budget_quiet_opening`).
#[test]
fn hard_answers_legally_under_any_time_budget() {
    // A quiet middle game: iterative deepening and the threat searches all stop in time.
    let mut pos = Position::new(15, Rule::Renju).unwrap();
    for m in pts("h8 i9 g9 i7 i8 g10 h10 h9 j8 k8 h7 h6") {
        pos.play(m).unwrap();
    }
    for ms in [0, 1, 50] {
        let mut e = GomokuEngine::default();
        let t = e
            .think(&pos, &hard(ms), &StopFlag::new(), &mut |_| {})
            .expect("not a finished game");
        assert!(pos.is_legal(t.best), "{ms} ms: {}", t.best);
        assert_eq!(t.info.pv.first(), Some(&t.best), "{ms} ms");
    }
}

/// Diagnostic (run with `--ignored --nocapture`): how many puzzles Hard solves at 1 s.
#[test]
#[ignore = "diagnostic, slow"]
fn hard_puzzles_solved_in_one_second_report() {
    let mut solved = 0;
    let all = puzzles();
    for p in &all {
        let (best, info) = think_info(&p.pos, &hard(1000));
        let ok = hard_solves(p, best, &info);
        solved += usize::from(ok);
        println!(
            "{:32} {} {:4} {} ms exact {} score {}",
            p.id,
            ok,
            best.to_string(),
            info.elapsed_ms,
            info.exact,
            info.score
        );
    }
    println!("Hard solved {solved} of {} puzzles within 1 s", all.len());
}

/// df-pn proves most VCT puzzles on its own; the two it misses need a threat of a VCF (not of
/// a straight four), which only the threat-depth search models (Hard runs both).
#[test]
fn dfpn_proves_the_vct_puzzles_but_those_needing_vcf_threats() {
    let (mut dfpn, mut depth_first) = (0, 0);
    for p in puzzles()
        .iter()
        .filter(|p| p.kind == "vct" && p.expect != "disproven")
    {
        let a = find_vct_dfpn(&p.pos, p.attacker, 300_000, &StopFlag::new());
        let b = find_vct(&p.pos, p.attacker, 6, 200_000, &StopFlag::new());
        println!(
            "{}: df-pn {:?} / depth-first {:?}",
            p.id,
            a.as_ref().map(|l| l[0]),
            b.as_ref().map(|l| l[0])
        );
        if let Some(line) = &a {
            // The line starts with a legal attacker move that threatens (a four or a three).
            assert!(p.pos.is_legal(line[0]), "{}", p.id);
            dfpn += 1;
        }
        depth_first += usize::from(b.is_some());
    }
    assert!(
        dfpn + 2 >= depth_first && dfpn >= 10,
        "df-pn {dfpn}, depth-first {depth_first}"
    );
    // Nothing to prove on a quiet board, and a finished game has no VCT.
    let quiet = setup(Rule::Freestyle, "h8", "i9", Side::Black);
    assert_eq!(
        find_vct_dfpn(&quiet, Side::Black, 20_000, &StopFlag::new()),
        None
    );
}

/// Diagnostic (run with `--ignored --nocapture`): `find_vct` on every puzzle.
#[test]
#[ignore = "diagnostic, slow"]
fn vct_on_all_puzzles_report() {
    for p in puzzles() {
        let t = Instant::now();
        let line = find_vct(&p.pos, p.attacker, 8, 1_000_000, &StopFlag::new());
        let first = p.expect.split_whitespace().next().unwrap_or("").to_string();
        println!(
            "{:32} {} {:12} -> {:?} {} ms",
            p.id,
            p.kind,
            first,
            line.map(|l| l
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" ")),
            t.elapsed().as_millis()
        );
    }
}

#[test]
fn think_has_no_move_once_the_game_is_over() {
    let mut pos = Position::new(15, Rule::Freestyle).unwrap();
    for m in pts("h8 h9 i8 i9 j8 j9 k8 k9 l8") {
        pos.play(m).unwrap();
    }
    assert!(pos.outcome().is_some(), "Black made five");
    for level in Level::ALL {
        let cfg = AiConfig::for_level(level);
        let thought = GomokuEngine::default().think(&pos, &cfg, &StopFlag::new(), &mut |_| {});
        assert!(
            thought.is_none(),
            "{level:?}: no move, not an illegal point"
        );
    }
}

/// The analysis behind hints and move scores proves the same wins as the VCF search: on each
/// VCF puzzle whose VCF our search finds within the analysis's move limit (40 attacker moves),
/// the analysis ranks a proven win first and scores the VCF's first move as a win.
#[test]
fn analysis_proves_the_vcf_puzzles_wins() {
    use reversi_gomoku::core::{AiConfig, Engine, Level, Score};
    use reversi_gomoku::gomoku::GomokuEngine;
    let mut checked = 0;
    for p in puzzles()
        .iter()
        .filter(|p| p.kind == "vcf" && p.expect != "disproven")
    {
        let Some(line) = find_vcf(&p.pos, p.attacker, 40, &StopFlag::new()) else {
            continue;
        };
        let cfg = AiConfig {
            depth: 1,
            time_ms: None,
            ..AiConfig::for_level(Level::Hard)
        };
        let a = GomokuEngine::new()
            .analyse(&p.pos, &cfg, &StopFlag::new(), &mut |_| {})
            .expect("game goes on");
        let best = a.best().expect("a scored move");
        assert!(
            matches!(best.score, Score::WinIn(_)) && best.exact,
            "{}: best {best:?}, VCF {line:?}",
            p.id
        );
        // The VCF's own first move is among the analysis's proven wins.
        assert!(
            a.moves
                .iter()
                .any(|m| m.mv == line[0] && matches!(m.score, Score::WinIn(_))),
            "{}: {} not scored as a win: {:?}",
            p.id,
            line[0],
            a.moves
        );
        checked += 1;
    }
    assert!(checked >= 3, "only {checked} puzzles checked");
}
