//! Opening names: the shipped list reads, every name is in both catalogues, and a game is
//! named by position — in all 8 orientations of the board and across transpositions — with
//! the last named line kept once the game leaves the list.

use reversi_gomoku::i18n::{Catalogue, Language};
use reversi_gomoku::reversi::canonical::symmetric_square;
use reversi_gomoku::reversi::openings::{OpeningListError, OpeningNames};
use reversi_gomoku::reversi::{Move, Position, Square, parse_transcript};

fn moves(transcript: &str) -> Vec<Move> {
    parse_transcript(transcript).expect("a legal transcript")
}

/// The key of the name of the game `transcript` from the start.
fn name_of(transcript: &str) -> Option<String> {
    OpeningNames::shipped()
        .of_game(&Position::new(), moves(transcript))
        .map(|o| o.key.clone())
}

fn after(transcript: &str) -> Position {
    let mut pos = Position::new();
    for mv in moves(transcript) {
        pos.play(mv).expect("legal");
    }
    pos
}

/// `mv` under board symmetry `sym`.
fn mapped(mv: Move, sym: u8) -> Move {
    match mv {
        Move::Place(sq) => {
            Move::Place(Square::new(symmetric_square(sq.index(), sym)).expect("a square"))
        }
        Move::Pass => Move::Pass,
    }
}

#[test]
fn the_shipped_list_reads_and_every_name_is_in_both_languages() {
    let names = OpeningNames::shipped();
    assert_eq!(names.lines().len(), 78, "Gatliff's 77 lines and the Rabbit");
    for key in [
        "tiger", "rose", "buffalo", "heath", "cow", "rabbit", "snake", "aubrey",
    ] {
        assert!(
            names.lines().iter().any(|l| l.key == key),
            "{key} is in the list"
        );
    }
    let catalogue = Catalogue::shipped();
    for line in names.lines() {
        let key = line.message_key();
        for lang in Language::ALL {
            assert!(catalogue.has(lang, &key), "{key} in {lang:?}");
        }
    }
    assert_eq!(
        catalogue.format(Language::English, "opening-tiger", None),
        "Tiger"
    );
    assert_eq!(
        catalogue.format(Language::SimplifiedChinese, "opening-tiger", None),
        "虎"
    );
}

#[test]
fn the_tiger_is_named_in_all_eight_orientations() {
    let names = OpeningNames::shipped();
    let tiger = after("f5d6c3d3c4");
    for sym in 0..8 {
        let image = tiger.symmetric(sym);
        assert_eq!(
            names.at(&image).map(|o| o.key.as_str()),
            Some("tiger"),
            "symmetry {sym}"
        );
    }
    // From the start position the four first moves d3, c4, e6, f5 are its four
    // orientations; the game is named whichever Black chooses.
    let start = Position::new();
    let mut firsts = std::collections::BTreeSet::new();
    for sym in 0..8 {
        if start.symmetric(sym) != start {
            continue;
        }
        let game: Vec<Move> = moves("f5d6c3d3c4")
            .into_iter()
            .map(|m| mapped(m, sym))
            .collect();
        firsts.insert(game[0].to_string());
        let named = names.of_game(&start, game.iter().copied());
        assert_eq!(
            named.map(|o| o.key.as_str()),
            Some("tiger"),
            "symmetry {sym}"
        );
    }
    assert_eq!(
        firsts.into_iter().collect::<Vec<_>>(),
        ["c4", "d3", "e6", "f5"]
    );
}

#[test]
fn transpositions_reach_the_same_name() {
    // Black's c3 and c4 swapped: the Tiger's position by another move order.
    assert_eq!(name_of("f5d6c4d3c3").as_deref(), Some("tiger"));
    // The Cow reached from the Parallel opening.
    assert_eq!(name_of("f5f4e3f6e6").as_deref(), Some("cow"));
    assert_eq!(name_of("f5f6e6f4e3").as_deref(), Some("cow"));
    // The Rabbit in its mirror image (the list's line transposed: e6 first).
    assert_eq!(name_of("e6f4e3d6c5").as_deref(), Some("rabbit"));
}

#[test]
fn the_longest_named_line_is_shown_and_stays_after_the_list_ends() {
    assert_eq!(name_of(""), None);
    assert_eq!(name_of("f5"), None, "the first move has no name");
    assert_eq!(name_of("f5d6").as_deref(), Some("perpendicular"));
    assert_eq!(name_of("f5d6c3").as_deref(), Some("perpendicular"), "still");
    assert_eq!(name_of("f5d6c3d3c4").as_deref(), Some("tiger"));
    assert_eq!(name_of("f5d6c3d3c4b3").as_deref(), Some("aubrey"));
    // Off the list after the Tiger: the Tiger stays.
    assert_eq!(name_of("f5d6c3d3c4f4c5").as_deref(), Some("tiger"));
    assert_eq!(
        name_of("f5d6c3d3c4f4c5b3c2e6c6b4").as_deref(),
        Some("tamenori")
    );
}

#[test]
fn bad_lists_are_refused_with_the_line() {
    assert!(matches!(
        OpeningNames::parse("f5d6 perpendicular\nf5d6c3 tiger extra\n"),
        Err(OpeningListError::Line { line: 2, .. })
    ));
    assert!(matches!(
        OpeningNames::parse("# comment\n\nf5f5 snake\n"),
        Err(OpeningListError::Line { line: 3, .. })
    ));
    assert!(matches!(
        OpeningNames::parse("f5d6 Perpendicular\n"),
        Err(OpeningListError::Line { line: 1, .. })
    ));
    assert_eq!(
        OpeningNames::parse("f5d6c3d3c4 tiger\nf5d6c4d3c3 tiger-again\n").err(),
        Some(OpeningListError::Duplicate { line: 2, first: 1 })
    );
    let ok = OpeningNames::parse("# a comment\nf5d6 perpendicular # trailing\n").expect("valid");
    assert_eq!(ok.lines().len(), 1);
}
