//! Property tests: the loaders never panic, whatever the bytes, and what they accept is
//! consistent; transcripts of random legal games round-trip.

mod common;

use std::fs;

use proptest::prelude::*;
use reversi_gomoku::core::{AiConfig, BySide, GameRules, Level, Outcome, Side};
use reversi_gomoku::gomoku::{self, Rule};
use reversi_gomoku::persist::{
    CurrentGames, GameKey, GameMeta, GameResult, LevelKey, LoadError, Records, SavedGame,
    load_current,
};
use reversi_gomoku::reversi;
use reversi_gomoku::session::PlayerKind;

fn meta() -> GameMeta {
    GameMeta {
        players: BySide {
            black: PlayerKind::Human,
            white: PlayerKind::Human,
        },
        levels: BySide {
            black: AiConfig::for_level(Level::Easy),
            white: AiConfig::default(),
        },
        profiles: BySide {
            black: Some("p".into()),
            white: Some("q".into()),
        },
        started: 42,
    }
}

fn sample_records() -> String {
    let mut r = Records::new();
    r.record_vs_computer("ann", GameKey::Reversi, LevelKey::Depth(5), GameResult::Win)
        .unwrap();
    r.record_head_to_head(
        "ann",
        "bob",
        GameKey::Gomoku(Rule::Renju),
        Outcome::Win(Side::White),
    )
    .unwrap();
    r.to_json()
}

fn sample_games() -> Vec<String> {
    let rev = reversi::notation::parse_transcript("f5d6c3d3c4f4f6f3e6e7").unwrap();
    let gom: Vec<gomoku::Point> = ["h8", "a1", "h9", "a2", "h10", "a3", "h11", "a4", "h12"]
        .iter()
        .map(|s| s.parse().unwrap())
        .collect();
    vec![
        SavedGame::from_reversi(meta(), rev.into_iter().map(|m| (m, 1)))
            .unwrap()
            .to_json(),
        SavedGame::from_gomoku(meta(), 15, Rule::Renju, gom.into_iter().map(|p| (p, 1)))
            .unwrap()
            .to_json(),
    ]
}

/// Applies byte edits (position, operation, byte) to `doc`.
fn mutate(doc: &str, edits: &[(usize, u8, u8)]) -> Vec<u8> {
    let mut b = doc.as_bytes().to_vec();
    for &(at, op, byte) in edits {
        if b.is_empty() {
            b.push(byte);
            continue;
        }
        let i = at % b.len();
        match op % 4 {
            0 => b[i] = byte,
            1 => b.insert(i, byte),
            2 => {
                b.remove(i);
            }
            _ => b.truncate(i),
        }
    }
    b
}

/// What a loader accepted must be valid and survive its own round trip.
fn check_games(bytes: &[u8]) {
    if let Ok(g) = SavedGame::from_json(bytes) {
        let replay = g.validate().expect("accepted games validate");
        assert_eq!(replay.len(), g.moves.len());
        let again = SavedGame::from_json(g.to_json().as_bytes()).expect("re-serialized game loads");
        assert_eq!(again, g);
    }
}

fn check_records(bytes: &[u8]) {
    if let Ok(r) = Records::from_json(bytes) {
        r.validate().expect("accepted records validate");
        assert_eq!(
            Records::from_json(r.to_json().as_bytes()).expect("round trip"),
            r
        );
    }
}

/// Move texts, valid and not, for either game.
fn move_text() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-hA-H][1-8]",
        "[a-tA-T][0-9]{1,2}",
        Just("pass".to_string()),
        Just("--".to_string()),
        ".{0,4}",
    ]
}

fn game_doc() -> impl Strategy<Value = String> {
    (
        prop_oneof![Just("Reversi"), Just("Gomoku"), Just("Chess")],
        prop::option::of(prop_oneof![Just("Freestyle"), Just("Standard"), Just("Renju"), Just("X")]),
        prop::option::of(0u8..=25),
        prop::collection::vec(move_text(), 0..40),
        prop::option::of(prop_oneof![
            Just("black"),
            Just("white"),
            Just("draw"),
            Just("resigned-by-black"),
            Just("lost-on-time-by-white"),
            Just("draw-agreed"),
            Just("nobody")
        ]),
        0u32..=22,
    )
        .prop_map(|(game, rule, size, moves, result, depth)| {
            let mut doc = serde_json::json!({
                "version": 1,
                "game": game,
                "players": { "black": "Human", "white": "Computer" },
                "levels": {
                    "black": { "level": "Medium", "depth": depth, "time_ms": null, "seed": null },
                    "white": { "level": "Hard", "depth": 20, "time_ms": 1000, "seed": 7 }
                },
                "moves": moves.iter().map(|m| serde_json::json!({ "move": m, "time": 1 })).collect::<Vec<_>>(),
                "started": 1,
                "saved": 2
            });
            if let Some(r) = rule {
                doc["rule"] = r.into();
            }
            if let Some(s) = size {
                doc["board_size"] = s.into();
            }
            if let Some(r) = result {
                doc["result"] = r.into();
            }
            doc.to_string()
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..512)) {
        check_games(&bytes);
        check_records(&bytes);
    }

    #[test]
    fn mutated_documents_never_panic(
        which in 0usize..3,
        edits in prop::collection::vec((any::<usize>(), any::<u8>(), any::<u8>()), 1..6),
    ) {
        let docs = { let mut d = sample_games(); d.push(sample_records()); d };
        let bytes = mutate(&docs[which], &edits);
        check_games(&bytes);
        check_records(&bytes);
    }

    #[test]
    fn generated_games_never_panic(doc in game_doc()) {
        check_games(doc.as_bytes());
    }

    #[test]
    fn random_legal_games_round_trip(seed in any::<u64>(), len in 0usize..80, size in 9u8..=19) {
        let mut rng = seed;
        let mut next = |n: usize| {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            (rng % n as u64) as usize
        };
        // Reversi.
        let mut pos = reversi::Position::new();
        let mut moves = Vec::new();
        while moves.len() < len && pos.outcome().is_none() {
            let legal = pos.legal_moves();
            let m = legal[next(legal.len())];
            pos.play(m).unwrap();
            moves.push(m);
        }
        if moves.last() == Some(&reversi::Move::Pass) {
            moves.pop(); // a trailing pass is not written in a transcript
        }
        let g = SavedGame::from_reversi(meta(), moves.iter().map(|&m| (m, 42))).unwrap();
        let back = SavedGame::import_reversi_transcript(&g.export_transcript(), meta()).unwrap();
        prop_assert_eq!(&back.moves, &g.moves);
        prop_assert_eq!(SavedGame::from_json(g.to_json().as_bytes()).unwrap(), g);
        // Gomoku (Renju needs 15x15).
        let rule = [Rule::Freestyle, Rule::Standard, Rule::Renju][next(3)];
        let size = if rule == Rule::Renju { 15 } else { size };
        let mut pos = gomoku::Position::new(size, rule).unwrap();
        let mut moves = Vec::new();
        'game: while moves.len() < len && pos.outcome().is_none() {
            for _ in 0..100 {
                let p = gomoku::Point::new(next(size as usize) as u8, next(size as usize) as u8);
                if pos.play(p).is_ok() {
                    moves.push(p);
                    continue 'game;
                }
            }
            break;
        }
        let g = SavedGame::from_gomoku(meta(), size, rule, moves.iter().map(|&p| (p, 42))).unwrap();
        prop_assert_eq!(g.outcome(), pos.outcome());
        let t = g.export_transcript();
        prop_assert_eq!(t.clone(), t.to_lowercase());
        let back = SavedGame::import_gomoku_transcript(&t, size, rule, meta()).unwrap();
        prop_assert_eq!(&back.moves, &g.moves);
        prop_assert_eq!(SavedGame::from_json(g.to_json().as_bytes()).unwrap(), g);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Through the file loader: never a panic; a refused file keeps its exact bytes.
    #[test]
    fn file_loader_keeps_refused_bytes(bytes in prop::collection::vec(any::<u8>(), 0..256)) {
        let dir = common::temp_dir("persist-props");
        let path = dir.path().join("current-game.json");
        fs::write(&path, &bytes).unwrap();
        match load_current(dir.path()) {
            Ok(_) => prop_assert!(CurrentGames::from_json(&bytes).is_ok()),
            Err(LoadError::Corrupt { kept_as, .. }) => {
                prop_assert_eq!(fs::read(kept_as).unwrap(), bytes);
                prop_assert!(!path.exists());
            }
            Err(e) => prop_assert!(false, "unexpected {e:?}"),
        }
        dir.close().unwrap();
    }
}
