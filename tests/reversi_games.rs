//! Replays the 7 248 tournament games of `tests/data/othello-games-2023-2025.txt` (WTHOR,
//! passes not written) move by move and checks each recorded final count. The file's counts turn out to be plain disc counts
//! (see the comment in the test), so the empties-to-the-winner score is checked against them.

mod common;

use reversi_gomoku::core::Side;
use reversi_gomoku::reversi::notation::{format_transcript, parse_transcript, replay};
use reversi_gomoku::reversi::{Move, TranscriptError};

#[test]
fn replay_all_recorded_games() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/othello-games-2023-2025.txt"
    ))
    .expect("tests/data/othello-games-2023-2025.txt is readable");
    let mut games = 0;
    let mut passes = 0;
    let mut ended_early = 0;
    for (n, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty())
    {
        let mut fields = line.split_whitespace();
        let transcript = fields.next().expect("transcript field");
        let counts = fields.next().expect("counts field");
        let diff: i32 = fields
            .next()
            .and_then(|d| d.parse().ok())
            .expect("difference field");
        let (b, w) = counts.split_once('-').expect("counts as b-w");
        let (b, w): (u32, u32) = (
            b.parse().expect("black count"),
            w.parse().expect("white count"),
        );

        let moves = parse_transcript(transcript).unwrap_or_else(|e| panic!("line {}: {e}", n + 1));
        passes += moves.iter().filter(|m| **m == Move::Pass).count();
        assert_eq!(format_transcript(&moves), transcript, "line {}", n + 1);
        let pos = replay(&moves).unwrap_or_else(|e| panic!("line {}: {e}", n + 1));
        assert!(
            pos.is_game_over(),
            "line {}: game not over after the record",
            n + 1
        );
        // The file's counts are plain disc counts: in all 408 games that end with empty squares
        // (wipe-outs, blocked positions) the recorded numbers do not include the empties, despite
        // the header. Check the plain counts, and that the WTHOR-style final score (empties to the
        // winner) names the same winner.
        let raw = (pos.count(Side::Black), pos.count(Side::White));
        assert_eq!(raw, (b, w), "line {}: final disc count", n + 1);
        assert_eq!(
            pos.disc_difference(),
            diff,
            "line {}: disc difference",
            n + 1
        );
        let s = pos.final_score();
        assert_eq!(s.black.cmp(&s.white), b.cmp(&w), "line {}: winner", n + 1);
        assert_eq!(s.black + s.white, 64, "line {}", n + 1);
        if pos.empties() > 0 {
            ended_early += 1;
            if b == w {
                assert_eq!(
                    (s.black, s.white),
                    (32, 32),
                    "line {}: drawn game splits the empties",
                    n + 1
                );
            } else {
                assert_eq!(
                    s.black.max(s.white),
                    b.max(w) + pos.empties(),
                    "line {}: empties to the winner",
                    n + 1
                );
            }
        }
        assert_eq!(b as i32 - w as i32, diff, "line {}", n + 1);
        assert_eq!(
            pos.count(Side::Black) + pos.count(Side::White) + pos.empties(),
            64
        );
        games += 1;
    }
    assert_eq!(games, 7248);
    assert_eq!(ended_early, 408, "games ending with empty squares");
    assert!(passes > 0, "some recorded games contain inferred passes");
}

#[test]
fn transcript_formats_and_errors() {
    let spaced = parse_transcript("f5 d6 C3\td3").expect("spaced transcript");
    assert_eq!(
        spaced,
        parse_transcript("f5d6c3d3").expect("compact transcript")
    );
    assert_eq!(format_transcript(&spaced), "f5d6c3d3");
    assert_eq!(parse_transcript("").expect("empty"), Vec::<Move>::new());
    match parse_transcript("f5d6c3e9") {
        Err(TranscriptError::Syntax { ply: 4, text }) => assert_eq!(text, "e9"),
        other => panic!("expected a syntax error at move 4, got {other:?}"),
    }
    match parse_transcript("f5d6a1") {
        Err(e @ TranscriptError::Illegal { ply: 3, .. }) => {
            assert!(e.to_string().contains("a1 would flip no discs"), "{e}")
        }
        other => panic!("expected an illegal move at 3, got {other:?}"),
    }
    match parse_transcript("f5 pass") {
        Err(TranscriptError::Illegal {
            ply: 2,
            mv: Move::Pass,
            ..
        }) => {}
        other => panic!("expected an illegal pass at 2, got {other:?}"),
    }
    match parse_transcript("f5f5") {
        Err(e) => assert!(e.to_string().contains("occupied"), "{e}"),
        Ok(m) => panic!("accepted {m:?}"),
    }
}

#[test]
fn explicit_and_inferred_passes_agree() {
    // Find a recorded game with a pass and re-parse it with the passes written out.
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/othello-games-2023-2025.txt"
    ))
    .expect("data file");
    let line = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .find_map(|l| {
            let t = l.split_whitespace().next()?;
            let moves = parse_transcript(t).ok()?;
            moves.contains(&Move::Pass).then_some(moves)
        })
        .expect("a game with a pass");
    let explicit: Vec<String> = line.iter().map(ToString::to_string).collect();
    assert_eq!(
        parse_transcript(&explicit.join(" ")).expect("explicit passes"),
        line
    );
    let dashes = explicit
        .iter()
        .map(|m| {
            if m == "pass" {
                "--".to_string()
            } else {
                m.clone()
            }
        })
        .collect::<String>();
    assert_eq!(parse_transcript(&dashes).expect("dashes"), line);
}

/// The WTHOR collection ships xz-compressed; `read_games_file` gives the text back, and every
/// one of its 135 642 games (as its header says) is a line with a legal transcript.
#[test]
fn wthor_collection_decompresses_to_all_its_games() {
    let path = std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/othello-games-wthor-1977-2025.txt.xz"
    ));
    let text = reversi_gomoku::tools::read_games_file(path).expect("the shipped xz file reads");
    assert!(text.starts_with("# 135642 complete Othello tournament games"));
    let games: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .collect();
    assert_eq!(games.len(), 135_642);
    for (n, line) in games.iter().enumerate().step_by(997) {
        let transcript = line.split_whitespace().next().expect("transcript field");
        let moves = parse_transcript(transcript).unwrap_or_else(|e| panic!("game {n}: {e}"));
        replay(&moves).unwrap_or_else(|e| panic!("game {n}: {e}"));
    }
}

/// A file named `.xz` that is not xz is refused with the file's name, not read as garbage.
#[test]
fn a_damaged_xz_file_is_refused_by_name() {
    let dir = common::temp_dir("xz");
    let path = dir.path().join("games.txt.xz");
    std::fs::write(&path, b"f5d6c3 not compressed at all").expect("write");
    let err = reversi_gomoku::tools::read_games_file(&path).expect_err("not xz");
    assert!(err.contains("games.txt.xz") && err.contains("xz"), "{err}");
}
