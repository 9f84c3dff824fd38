//! The opening book: the shipped book loads and holds only legal moves, symmetric positions
//! get symmetric moves, Medium and Hard play from it only when asked (and vary only among
//! near-equal moves), a damaged book is refused and the engine then searches, and the build
//! is the same on any number of threads.

use reversi_gomoku::core::{AiConfig, Engine, Level, StopFlag};
use reversi_gomoku::reversi::book::build::{BuildOptions, build};
use reversi_gomoku::reversi::book::{Book, BookEngine, BookError, BookParams, BookSwitch, BookUse};
use reversi_gomoku::reversi::canonical::Canonical;
use reversi_gomoku::reversi::{Move, Position, ReversiEngine, parse_transcript};

const SHIPPED_PATH: &str = "assets/reversi-book.bin";

fn shipped() -> std::sync::Arc<Book> {
    Book::shipped().expect("the shipped book reads")
}

fn after(transcript: &str) -> Position {
    let mut pos = Position::new();
    for mv in parse_transcript(transcript).expect("legal") {
        pos.play(mv).expect("legal");
    }
    pos
}

/// The position an entry stands for (its key, with Black to move).
fn entry_position(book: &Book, i: usize) -> Position {
    let key = book.entries()[i].key;
    Position::from_board(key.player, key.opponent, reversi_gomoku::core::Side::Black)
}

fn hard() -> AiConfig {
    AiConfig {
        depth: 6,
        time_ms: None,
        seed: Some(7),
        ..AiConfig::for_level(Level::Hard)
    }
}

fn think(engine: &mut impl Engine<Position>, pos: &Position, cfg: &AiConfig) -> (Move, u64, u32) {
    let t = engine
        .think(pos, cfg, &StopFlag::new(), &mut |_| {})
        .expect("a move");
    (t.best, t.info.nodes, t.info.depth)
}

/// The canonical key of `pos` after `mv`: equal for moves that are mirror images.
fn key_after(pos: &Position, mv: Move) -> Canonical {
    let mut next = *pos;
    next.play(mv).expect("a legal book move");
    Canonical::of(next.player(), next.opponent())
}

#[test]
fn the_shipped_book_is_small_complete_and_legal() {
    let bytes = std::fs::read(SHIPPED_PATH).expect("the book file");
    assert!(bytes.len() < 1_000_000, "{} bytes", bytes.len());
    let book = shipped();
    assert_eq!(Book::from_bytes(&bytes).as_ref(), Ok(&*book));
    let defaults = BuildOptions::default();
    let info = book.info();
    assert_eq!(
        (
            u32::from(info.max_plies),
            u32::from(info.depth),
            info.min_games
        ),
        (defaults.max_plies, defaults.depth, defaults.min_games),
        "built with the default options, as README says"
    );
    assert!(
        book.entries().len() > 2000,
        "{} positions",
        book.entries().len()
    );
    for (i, entry) in book.entries().iter().enumerate() {
        let pos = entry_position(&book, i);
        for sym in 0..8 {
            let image = pos.symmetric(sym);
            let moves = book.moves(&image);
            assert_eq!(moves.len(), entry.moves.len());
            for (mv, m) in moves {
                assert!(image.check_move(mv).is_ok(), "{mv} in {}", image.to_obf());
                assert!(m.games >= info.min_games);
            }
        }
    }
}

#[test]
fn the_book_opens_as_strong_players_do() {
    let book = shipped();
    let params = BookParams::for_level(Level::Hard).expect("Hard has a book");
    let (first, _) = book
        .choose(&Position::new(), &params, false, None)
        .expect("the start is in the book");
    assert!(Position::new().check_move(first).is_ok());
    // White's answers to f5: the perpendicular (d6) and diagonal (f6) openings are sound,
    // the parallel one (f4) loses several discs; the book scores it so.
    let f5 = after("f5");
    let moves = book.moves(&f5);
    let score = |sq: &str| {
        moves
            .iter()
            .find(|(mv, _)| mv.to_string() == sq)
            .map(|(_, m)| i32::from(m.score))
    };
    let (d6, f6, f4) = (score("d6"), score("f6"), score("f4"));
    assert!(d6.is_some() && f6.is_some(), "{moves:?}");
    if let Some(f4) = f4 {
        assert!(f4 + 3 < d6.unwrap_or(0).max(f6.unwrap_or(0)), "{moves:?}");
    }
    let (answer, _) = book.choose(&f5, &params, false, None).expect("in the book");
    assert!(
        ["d6", "f6"].contains(&answer.to_string().as_str()),
        "{answer}"
    );
    let games: u32 = moves.iter().map(|(_, m)| m.games).sum();
    assert!(games > 100_000, "most of the 135 642 games: {games}");
}

#[test]
fn symmetric_positions_get_symmetric_moves() {
    let book = shipped();
    let params = BookParams::for_level(Level::Hard).expect("Hard has a book");
    // Every 7th position, all 8 orientations: the chosen moves are mirror images.
    for i in (0..book.entries().len()).step_by(7) {
        let pos = entry_position(&book, i);
        let Some((mv, score)) = book.choose(&pos, &params, false, Some(3)) else {
            continue;
        };
        let key = key_after(&pos, mv);
        for sym in 1..8 {
            let image = pos.symmetric(sym);
            let (mv_s, score_s) = book
                .choose(&image, &params, false, Some(3))
                .expect("the image is in the book");
            assert_eq!(score_s, score);
            assert_eq!(key_after(&image, mv_s).key, key.key, "symmetry {sym}");
        }
    }
}

#[test]
fn hard_plays_the_book_move_when_asked_and_searches_otherwise() {
    let book = shipped();
    let pos = after("f5d6c3d3c4");
    let cfg = hard();
    let (expected, _) = book
        .choose(
            &pos,
            &BookParams::for_level(Level::Hard).unwrap(),
            false,
            cfg.seed,
        )
        .expect("the Tiger is in the book");

    let switch = BookSwitch::new(BookUse::Best);
    let mut engine = BookEngine::new(Some(book.clone()), switch.clone());
    let (mv, nodes, depth) = think(&mut engine, &pos, &cfg);
    assert_eq!(
        (mv, nodes, depth),
        (expected, 0, 0),
        "the book's move, no search"
    );

    switch.set(BookUse::Off);
    let (off, nodes, depth) = think(&mut engine, &pos, &cfg);
    assert!(nodes > 0 && depth == cfg.depth, "searched: {nodes} nodes");
    let (plain, _, _) = think(&mut ReversiEngine::new(), &pos, &cfg);
    assert_eq!(off, plain, "without the book it plays as the plain engine");

    // Easy never uses the book; a book-less engine searches.
    switch.set(BookUse::Best);
    let easy = AiConfig {
        seed: Some(1),
        ..AiConfig::for_level(Level::Easy)
    };
    assert!(think(&mut engine, &pos, &easy).1 > 0);
    let mut bookless = BookEngine::new(None, BookSwitch::new(BookUse::Best));
    assert!(think(&mut bookless, &pos, &cfg).1 > 0);
}

#[test]
fn medium_uses_a_shorter_book_than_hard() {
    let book = shipped();
    let medium = BookParams::for_level(Level::Medium).expect("Medium has a book");
    let hard_params = BookParams::for_level(Level::Hard).expect("Hard has a book");
    assert!(medium.max_ply < hard_params.max_ply);
    // A book position past Medium's plies: Hard plays from the book, Medium searches.
    let deep = (0..book.entries().len())
        .map(|i| entry_position(&book, i))
        .find(|p| {
            60 - p.empties() >= medium.max_ply
                && book.choose(p, &hard_params, false, None).is_some()
        })
        .expect("the book goes past Medium's plies");
    let mut engine = BookEngine::new(Some(book.clone()), BookSwitch::new(BookUse::Best));
    assert_eq!(think(&mut engine, &deep, &hard()).1, 0);
    let medium_cfg = AiConfig {
        seed: Some(1),
        ..AiConfig::for_level(Level::Medium)
    };
    assert!(think(&mut engine, &deep, &medium_cfg).1 > 0);
    // Early on Medium plays from the book too.
    assert_eq!(think(&mut engine, &after("f5"), &medium_cfg).1, 0);
}

#[test]
fn vary_picks_different_near_equal_moves_over_seeds() {
    let book = shipped();
    let params = BookParams::for_level(Level::Hard).expect("Hard has a book");
    // A position where several book moves are within the margin of the best.
    let (pos, best) = (0..book.entries().len())
        .map(|i| (entry_position(&book, i), &book.entries()[i]))
        .find(|(_, e)| {
            let top = i32::from(e.moves[0].score);
            let best = e.leaf.map_or(top, |l| top.max(i32::from(l)));
            e.moves
                .iter()
                .filter(|m| i32::from(m.score) >= best - params.margin)
                .count()
                >= 2
        })
        .map(|(p, e)| {
            let top = i32::from(e.moves[0].score);
            (p, e.leaf.map_or(top, |l| top.max(i32::from(l))))
        })
        .expect("a position with near-equal book moves");
    let scores: std::collections::HashMap<String, i32> = book
        .moves(&pos)
        .into_iter()
        .map(|(mv, m)| (mv.to_string(), i32::from(m.score)))
        .collect();
    let mut chosen = std::collections::BTreeSet::new();
    for seed in 0..64 {
        let (mv, score) = book
            .choose(&pos, &params, true, Some(seed))
            .expect("in the book");
        assert!(
            score >= best - params.margin,
            "{mv} scores {score}, best {best}"
        );
        assert_eq!(scores[&mv.to_string()], score);
        chosen.insert(mv.to_string());
    }
    assert!(chosen.len() >= 2, "only {chosen:?}");
    // Without vary the choice is always the best one.
    let (best_mv, _) = book
        .choose(&pos, &params, false, Some(1))
        .expect("in the book");
    for seed in 0..8 {
        assert_eq!(
            book.choose(&pos, &params, false, Some(seed)).map(|c| c.0),
            Some(best_mv)
        );
    }
    // The engine varies too, by AiConfig::seed.
    let mut engine = BookEngine::new(Some(book.clone()), BookSwitch::new(BookUse::Vary));
    let picked: std::collections::BTreeSet<String> = (0..64)
        .map(|seed| {
            let cfg = AiConfig {
                seed: Some(seed),
                ..hard()
            };
            think(&mut engine, &pos, &cfg).0.to_string()
        })
        .collect();
    assert!(picked.len() >= 2 && picked.is_subset(&chosen), "{picked:?}");
}

#[test]
fn a_damaged_book_is_refused_without_panicking() {
    let bytes = std::fs::read(SHIPPED_PATH).expect("the book file");
    // Every truncation near the ends, and flipped bits spread over the file.
    for len in (0..64).chain(bytes.len() - 64..bytes.len()) {
        assert!(Book::from_bytes(&bytes[..len]).is_err(), "cut at {len}");
    }
    let step = (bytes.len() / 997).max(1);
    for at in (0..bytes.len()).step_by(step) {
        let mut damaged = bytes.clone();
        damaged[at] ^= 0x10;
        assert!(Book::from_bytes(&damaged).is_err(), "byte {at} flipped");
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(matches!(
        Book::from_bytes(&longer),
        Err(BookError::Length { .. })
    ));
}

/// The first `n` games of the 2023–2025 collection.
fn some_games(n: usize) -> String {
    let text = std::fs::read_to_string("tests/data/othello-games-2023-2025.txt").expect("games");
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .take(n)
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_small_build_counts_games_and_does_not_depend_on_threads() {
    let games = some_games(300);
    let opts = BuildOptions {
        min_games: 10,
        max_plies: 8,
        depth: 3,
        threads: 1,
    };
    let one = build(&games, &opts, &|_, _| {}).expect("builds");
    let two = build(&games, &BuildOptions { threads: 2, ..opts }, &|_, _| {}).expect("builds");
    assert_eq!(
        one.to_bytes(),
        two.to_bytes(),
        "same book on 1 and 2 threads"
    );
    // Every game's first move is the same up to symmetry: one move, 300 games.
    let start = one.moves(&Position::new());
    assert_eq!(start.len(), 1);
    assert_eq!(start[0].1.games, 300);
    for entry in one.entries() {
        assert!(entry.moves.iter().all(|m| m.games >= 10));
        assert!(entry.moves.windows(2).all(|w| w[0].score >= w[1].score));
        let plies = (entry.key.player | entry.key.opponent).count_ones() - 4;
        assert!(plies < 8);
    }
    assert!(build("f5d6 0-0 +0\nf5f5 0-0 +0\n", &opts, &|_, _| {}).is_err());
}

/// The shipped book is exactly what the build command makes (takes about half an hour:
/// `cargo test --release --test reversi_book -- --ignored`).
#[test]
#[ignore = "rebuilds the whole book"]
fn the_shipped_book_is_the_build_commands_output() {
    let text = reversi_gomoku::tools::read_games_file(std::path::Path::new(
        "tests/data/othello-games-wthor-1977-2025.txt.xz",
    ))
    .expect("the games");
    let opts = BuildOptions {
        threads: 2,
        ..BuildOptions::default()
    };
    let built = build(&text, &opts, &|_, _| {}).expect("builds");
    assert_eq!(
        built.to_bytes(),
        std::fs::read(SHIPPED_PATH).expect("the book")
    );
}
