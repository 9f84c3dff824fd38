//! The tournament opening rules (Swap, Swap2, Soosõrv-8) as a state machine: stages, whose
//! step it is, the options and the refusals; a session walking through an opening and back
//! with the players changing colours; saved games keeping the opening; and the computer's
//! decisions, checked against its own evaluation on fixed openings.

use reversi_gomoku::core::{AiConfig, BySide, Engine, GameRules, Level, Side, Step, StopFlag};
use reversi_gomoku::gomoku::opening::{
    CANONICAL_OPENINGS, Choice, MAX_OFFERS, OpeningError, OpeningRule, Role, Stage,
    canonical_opening, symmetric,
};
use reversi_gomoku::gomoku::opening_engine::{Effort, OpeningPlayer, SWAP2_MARGIN};
use reversi_gomoku::gomoku::{GomokuEngine, IllegalMove, OpeningEngine, Point, Position, Rule};
use reversi_gomoku::persist::{GameMeta, LoadError, SavedChoice, SavedGame};
use reversi_gomoku::session::{PlayerKind, Session};

fn p(name: &str) -> Point {
    name.parse().expect("a point")
}

fn opening(rule: Rule, opening: OpeningRule) -> Position {
    Position::new(15, rule)
        .expect("15x15")
        .with_opening(opening)
        .expect("an empty board")
}

fn play(pos: &mut Position, names: &[&str]) {
    for name in names {
        pos.play(p(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}

fn refused(e: Result<(), IllegalMove>) -> OpeningError {
    match e {
        Err(IllegalMove::Opening(e)) => e,
        other => panic!("expected an opening refusal, got {other:?}"),
    }
}

#[test]
fn swap_three_stones_by_the_first_player_then_the_second_chooses() {
    let mut pos = opening(Rule::Freestyle, OpeningRule::Swap);
    assert_eq!(
        pos.opening_stage(),
        Stage::Place {
            by: Role::First,
            left: 3
        }
    );
    // The first player (tentatively Black) places all three, the white one too.
    play(&mut pos, &["H8"]);
    assert_eq!(pos.side_to_move(), Side::White);
    assert_eq!(
        pos.actor(),
        Side::Black,
        "the first player places the white stone"
    );
    play(&mut pos, &["J9", "G6"]);
    assert_eq!(
        pos.opening_stage(),
        Stage::ChooseColour { by: Role::Second }
    );
    assert_eq!(
        pos.actor(),
        Side::White,
        "the second player, tentatively White"
    );
    assert!(pos.legal_moves().is_empty(), "a choice is due");
    assert_eq!(refused(pos.play(p("A1"))), OpeningError::ChoiceDue);
    assert_eq!(
        refused(pos.choose(Choice::PlaceTwo)),
        OpeningError::NotAnOption(Choice::PlaceTwo)
    );
    // The second player takes Black: the first player now plays White, and moves.
    pos.choose(Choice::Take(Side::Black)).unwrap();
    assert_eq!(pos.opening_stage(), Stage::Done);
    assert!(!pos.in_opening());
    assert!(pos.colours_exchanged());
    assert_eq!(pos.opening().colour_of(Role::First), Side::White);
    assert_eq!(pos.opening().role_of(Side::White), Role::First);
    assert_eq!(pos.actor(), Side::White);
    assert_eq!(
        refused(pos.choose(Choice::Take(Side::White))),
        OpeningError::Over
    );
    play(&mut pos, &["A1"]);
}

#[test]
fn swap2_offers_three_options_after_three_stones() {
    let mut three = opening(Rule::Standard, OpeningRule::Swap2);
    play(&mut three, &["H8", "J9", "G6"]);
    assert_eq!(
        three.opening_stage(),
        Stage::Swap2Choice { by: Role::Second }
    );

    // (1) Take White: no exchange, White plays the fourth move.
    let mut white = three.clone();
    white.choose(Choice::Take(Side::White)).unwrap();
    assert_eq!(white.opening_stage(), Stage::Done);
    assert!(!white.colours_exchanged());
    // (2) Take Black: exchange.
    let mut black = three.clone();
    black.choose(Choice::Take(Side::Black)).unwrap();
    assert!(black.colours_exchanged());
    // (3) Two more stones by the second player, then the first chooses.
    let mut two = three.clone();
    two.choose(Choice::PlaceTwo).unwrap();
    assert_eq!(
        two.opening_stage(),
        Stage::Place {
            by: Role::Second,
            left: 2
        }
    );
    assert_eq!(two.actor(), Side::White);
    play(&mut two, &["K11"]);
    assert_eq!(two.side_to_move(), Side::Black);
    assert_eq!(
        two.actor(),
        Side::White,
        "the second player places the black stone"
    );
    play(&mut two, &["F5"]);
    assert_eq!(two.opening_stage(), Stage::ChooseColour { by: Role::First });
    assert_eq!(two.actor(), Side::Black);
    assert_eq!(
        refused(two.choose(Choice::PlaceTwo)),
        OpeningError::NotAnOption(Choice::PlaceTwo)
    );
    two.choose(Choice::Take(Side::White)).unwrap();
    assert_eq!(two.opening_stage(), Stage::Done);
    assert!(two.colours_exchanged(), "the first player took White");
    assert_eq!(two.side_to_move(), Side::White);
    assert_eq!(two.actor(), Side::White);
}

#[test]
fn soosorv8_checks_every_step_from_the_canonical_opening_to_the_pick() {
    assert_eq!(
        Position::new(15, Rule::Freestyle)
            .unwrap()
            .with_opening(OpeningRule::Soosorv8)
            .unwrap_err(),
        OpeningError::NeedsRenju
    );
    let mut pos = opening(Rule::Renju, OpeningRule::Soosorv8);
    // A canonical opening: the centre, beside it, within two points of it.
    assert_eq!(
        refused(pos.play(p("G7"))),
        OpeningError::NotCentre(p("G7"), p("H8"))
    );
    play(&mut pos, &["H8"]);
    assert_eq!(
        refused(pos.play(p("J10"))),
        OpeningError::OutsideCentre3(p("J10"))
    );
    play(&mut pos, &["I9"]);
    assert_eq!(
        refused(pos.play(p("K11"))),
        OpeningError::OutsideCentre5(p("K11"))
    );
    play(&mut pos, &["J10"]);
    let h = pos.history();
    let name = canonical_opening(15, h[0], h[1], h[2]).unwrap();
    assert_eq!((name.code().as_str(), name.name), ("1I", "Chosei"));
    // First swap: the second player stays White and plays the fourth move anywhere.
    assert_eq!(
        pos.opening_stage(),
        Stage::ChooseColour { by: Role::Second }
    );
    pos.choose(Choice::Take(Side::White)).unwrap();
    assert_eq!(
        pos.opening_stage(),
        Stage::Place {
            by: Role::Second,
            left: 1
        }
    );
    play(&mut pos, &["A1"]);
    // White declares the offers: 1 to 8.
    assert_eq!(
        pos.opening_stage(),
        Stage::DeclareOffers { by: Role::Second }
    );
    for n in [0, MAX_OFFERS + 1] {
        assert_eq!(
            refused(pos.choose(Choice::Offers(n))),
            OpeningError::OffersOutOfRange(n)
        );
    }
    pos.choose(Choice::Offers(2)).unwrap();
    // Second swap, by Black (the first player): it takes White.
    assert_eq!(pos.opening_stage(), Stage::ChooseColour { by: Role::First });
    pos.choose(Choice::Take(Side::White)).unwrap();
    assert!(pos.colours_exchanged());
    // Now the second player is Black and offers two fifth moves, no two symmetrical: H8,
    // I9, J10 and A1 lie on one diagonal, so mirroring across it maps H6 onto F8.
    assert_eq!(
        pos.opening_stage(),
        Stage::Offer {
            by: Role::Second,
            left: 2
        }
    );
    assert_eq!(pos.actor(), Side::Black);
    assert_eq!(pos.choice_at(p("H6")), Some(Choice::Offer(p("H6"))));
    assert_eq!(refused(pos.play(p("H6"))), OpeningError::ChoiceDue);
    assert_eq!(
        refused(pos.choose(Choice::Offer(p("H8")))),
        OpeningError::OfferOccupied(p("H8"))
    );
    pos.choose(Choice::Offer(p("H6"))).unwrap();
    assert!(symmetric(&pos, p("H6"), p("F8")));
    assert_eq!(
        refused(pos.choose(Choice::Offer(p("F8")))),
        OpeningError::OfferSymmetric(p("F8"), p("H6"))
    );
    assert_eq!(
        refused(pos.choose(Choice::Offer(p("H6")))),
        OpeningError::OfferRepeated(p("H6"))
    );
    pos.choose(Choice::Offer(p("G7"))).unwrap();
    // White (the first player) picks one of them as the fifth move.
    assert_eq!(pos.opening_stage(), Stage::PickOffer { by: Role::First });
    assert_eq!(pos.actor(), Side::White);
    assert_eq!(
        pos.side_to_move(),
        Side::Black,
        "the fifth stone is Black's"
    );
    let mut legal = pos.legal_moves();
    legal.sort();
    assert_eq!(legal, vec![p("G7"), p("H6")]);
    assert_eq!(
        refused(pos.play(p("F8"))),
        OpeningError::NotOffered(p("F8"))
    );
    play(&mut pos, &["G7"]);
    assert_eq!(pos.opening_stage(), Stage::Done);
    assert_eq!(pos.opening().offers(), vec![p("H6"), p("G7")]);
    // White plays the sixth move; the game goes on as usual.
    assert_eq!(pos.actor(), Side::White);
    play(&mut pos, &["B2"]);
}

#[test]
fn taking_back_a_stone_takes_back_the_choices_made_after_it() {
    let mut pos = opening(Rule::Freestyle, OpeningRule::Swap2);
    play(&mut pos, &["H8", "J9", "G6"]);
    pos.choose(Choice::PlaceTwo).unwrap();
    play(&mut pos, &["K11"]);
    assert_eq!(pos.undo(), Some(p("K11")));
    assert_eq!(
        pos.opening_stage(),
        Stage::Place {
            by: Role::Second,
            left: 2
        }
    );
    assert_eq!(pos.undo(), Some(p("G6")));
    assert!(pos.opening().choices().is_empty());
    assert_eq!(
        pos.opening_stage(),
        Stage::Place {
            by: Role::First,
            left: 1
        }
    );
}

#[test]
fn the_26_canonical_openings_have_their_rif_names() {
    let names: Vec<String> = CANONICAL_OPENINGS
        .iter()
        .map(|o| format!("{} {}", o.code(), o.name))
        .collect();
    assert_eq!(names[3], "4D Kagetsu");
    assert_eq!(names[12], "13D Yusei");
    assert_eq!(names[13], "1I Chosei");
    assert_eq!(names[25], "13I Suisei");
    // Kagetsu in another orientation, and a third stone outside the 5×5 square.
    assert_eq!(
        canonical_opening(15, p("H8"), p("I8"), p("I7")).map(|o| o.code()),
        Some("4D".into())
    );
    assert_eq!(canonical_opening(15, p("H8"), p("I8"), p("K8")), None);
}

fn hvc() -> BySide<PlayerKind> {
    BySide {
        black: PlayerKind::Human,
        white: PlayerKind::Computer,
    }
}

#[test]
fn a_session_steps_through_the_opening_and_the_players_follow_the_swap() {
    let start = opening(Rule::Freestyle, OpeningRule::Swap);
    let mut s = Session::new(start, hvc());
    for name in ["H8", "J9", "G6"] {
        assert_eq!(
            s.player_to_move(),
            PlayerKind::Human,
            "the human places all three"
        );
        s.play(p(name)).unwrap();
    }
    assert_eq!(
        s.player_to_move(),
        PlayerKind::Computer,
        "the computer chooses"
    );
    s.choose(Choice::Take(Side::Black)).unwrap();
    // The computer took Black: the human, who placed the opening, now plays White.
    assert_eq!(
        s.players,
        BySide {
            black: PlayerKind::Computer,
            white: PlayerKind::Human
        }
    );
    assert_eq!(s.start_players(), hvc());
    assert_eq!((s.ply(), s.step_count()), (3, 4));
    assert_eq!(s.choices(), vec![(3, Choice::Take(Side::Black))]);
    s.play(p("A1")).unwrap(); // the human's fourth move, as White
    // Undo back to the human's previous turn: the fourth move; again: the choice (the
    // computer's) and the third stone.
    assert_eq!(s.undo_turn().moves, 1);
    assert_eq!(s.player_to_move(), PlayerKind::Human);
    let back = s.undo_turn();
    assert_eq!((back.steps, back.moves), (2, 1));
    assert_eq!(s.players, hvc(), "the players changed back");
    assert_eq!(s.ply(), 2);
    assert_eq!(s.next_redo(), Some(Step::Move(p("G6"))));
    // Redo replays the stone with the computer's choice, then the fourth move.
    assert_eq!(s.redo_turn().steps, 2);
    assert_eq!(s.redo_turn().steps, 1);
    assert_eq!(s.players.white, PlayerKind::Human);
    assert_eq!(s.ply(), 4);
}

/// A finished Soosõrv-8 opening and two more moves, as a session between a human (the
/// first player) and the computer.
fn soosorv_session() -> Session<Position> {
    let mut s = Session::new(opening(Rule::Renju, OpeningRule::Soosorv8), hvc());
    let steps = [
        Step::Move(p("H8")),
        Step::Move(p("H9")),
        Step::Move(p("I9")),
        Step::Choice(Choice::Take(Side::Black)), // the computer swaps: it is Black
        Step::Move(p("I8")),                     // the human's fourth move, as White
        Step::Choice(Choice::Offers(3)),
        Step::Choice(Choice::Take(Side::Black)), // the computer keeps Black
        Step::Choice(Choice::Offer(p("G10"))),
        Step::Choice(Choice::Offer(p("J10"))),
        Step::Choice(Choice::Offer(p("G7"))),
        Step::Move(p("J10")), // the human picks
        Step::Move(p("K7")),  // and plays the sixth
        Step::Move(p("F8")),
    ];
    for step in steps {
        s.step(step).unwrap_or_else(|e| panic!("{step:?}: {e}"));
    }
    s
}

#[test]
fn a_saved_game_keeps_its_opening_and_replays_it() {
    let s = soosorv_session();
    assert_eq!(
        s.players,
        BySide {
            black: PlayerKind::Computer,
            white: PlayerKind::Human
        }
    );
    let meta = GameMeta::new(s.players, BySide::default());
    let times = s.steps().map(|step| (step, 5));
    let saved = SavedGame::from_gomoku_steps(meta, s.start_position(), times).unwrap();
    let json = saved.to_json();
    assert!(json.contains("\"rule\": \"Soosorv-8\""), "{json}");
    assert!(json.contains("\"choice\": \"offer G10\""), "{json}");
    assert_eq!(saved.moves.len(), 7);
    let back = SavedGame::from_json(json.as_bytes()).unwrap();
    let again = back.to_gomoku_session().unwrap();
    assert_eq!(
        again.steps().collect::<Vec<_>>(),
        s.steps().collect::<Vec<_>>()
    );
    assert_eq!(again.players, s.players, "the players by colour at the end");
    assert_eq!(again.start_players(), hvc());
    assert_eq!(again.position(), s.position());

    // A tampered opening is refused with the reason: a symmetrical offer (the four stones
    // H8 I9 and H9 I8 are symmetrical across the diagonal through H8 and I9, so G10 mirrors
    // J7).
    let mut bad = back.clone();
    let offers = &mut bad.opening.as_mut().unwrap().choices;
    offers[4].choice = "offer J7".into();
    let err = SavedGame::from_json(bad.to_json().as_bytes()).unwrap_err();
    assert!(matches!(err, LoadError::Invalid { .. }), "{err:?}");
    assert!(err.to_string().contains("symmetrical"), "{err}");
    // A choice after more moves than the game has, an unreadable one, and Soosõrv under
    // another rule.
    let mut late = back.clone();
    late.opening.as_mut().unwrap().choices.push(SavedChoice {
        after: 99,
        choice: "white".into(),
    });
    assert!(SavedGame::from_json(late.to_json().as_bytes()).is_err());
    let mut unreadable = back.clone();
    unreadable.opening.as_mut().unwrap().choices[0].choice = "swap".into();
    let err = SavedGame::from_json(unreadable.to_json().as_bytes()).unwrap_err();
    assert!(err.to_string().contains("not a choice"), "{err}");
    let mut freestyle = back.clone();
    freestyle.rule = Some(Rule::Freestyle);
    let err = SavedGame::from_json(freestyle.to_json().as_bytes()).unwrap_err();
    assert!(err.to_string().contains("Renju"), "{err}");
    // Without its opening the stones still replay as a free game (what an older program
    // that ignores the field sees).
    let mut older = back.clone();
    older.opening = None;
    older.result = None;
    assert!(SavedGame::from_json(older.to_json().as_bytes()).is_ok());
}

/// Effort for reproducible decisions: a fixed depth, no time limit, a fixed seed.
fn fixed_effort() -> Effort {
    Effort {
        depth: 3,
        time_ms: None,
        candidates: 4,
        seed: Some(7),
    }
}

fn choice_of(steps: &[Step<Point, Choice>]) -> Option<Choice> {
    steps.iter().find_map(|s| match s {
        Step::Choice(c) => Some(*c),
        Step::Move(_) => None,
    })
}

#[test]
fn the_computers_choice_of_colour_follows_its_evaluation() {
    let stop = StopFlag::new();
    let mut engine = GomokuEngine::default();
    // Every direct opening under Swap (White to move after three stones).
    for o in CANONICAL_OPENINGS.iter().take(13) {
        let mut pos = opening(Rule::Freestyle, OpeningRule::Swap);
        for stone in o.stones(15) {
            pos.play(stone).unwrap();
        }
        let mut player = OpeningPlayer::new(&mut engine, fixed_effort(), &stop);
        let plan = player.plan(&pos).expect("a choice is due");
        let white = player.value_for(&pos, Side::White);
        let expected = if white >= 0 { Side::White } else { Side::Black };
        assert_eq!(
            choice_of(&plan.steps),
            Some(Choice::Take(expected)),
            "{}: White's value {white}",
            o.code()
        );
        assert_eq!(plan.value, white.abs(), "{}", o.code());
        // It says why, with the value.
        let why = plan.reason.render(reversi_gomoku::i18n::Language::English);
        assert!(why.starts_with("I take"), "{why}");
        assert!(why.contains(&format!("{:+}", white.abs())), "{why}");
    }
}

#[test]
fn the_computers_swap2_answer_follows_its_evaluation() {
    let stop = StopFlag::new();
    let mut engine = GomokuEngine::default();
    let openings = [
        ["H8", "H9", "H10"],
        ["H8", "I9", "J10"],
        ["H8", "J7", "F9"],
        ["G7", "J9", "F5"],
        ["H8", "D12", "L4"],
    ];
    for stones in openings {
        let mut pos = opening(Rule::Freestyle, OpeningRule::Swap2);
        play(&mut pos, &stones);
        let mut player = OpeningPlayer::new(&mut engine, fixed_effort(), &stop);
        let plan = player.plan(&pos).expect("a choice is due");
        let white = player.value_for(&pos, Side::White);
        match choice_of(&plan.steps) {
            Some(Choice::Take(Side::White)) => assert!(white >= SWAP2_MARGIN, "{stones:?}"),
            Some(Choice::Take(Side::Black)) => assert!(white <= -SWAP2_MARGIN, "{stones:?}"),
            Some(Choice::PlaceTwo) => {
                assert!(white.abs() < SWAP2_MARGIN, "{stones:?}: {white}");
                // Two stones follow, and they are legal.
                let mut after = pos.clone();
                for step in &plan.steps {
                    match step {
                        Step::Move(q) => after.play(*q).unwrap(),
                        Step::Choice(c) => after.choose(*c).unwrap(),
                    }
                }
                assert_eq!(
                    after.opening_stage(),
                    Stage::ChooseColour { by: Role::First }
                );
            }
            other => panic!("{stones:?}: {other:?}"),
        }
    }
}

#[test]
fn the_computer_picks_the_offer_worth_most_to_white() {
    let stop = StopFlag::new();
    let mut engine = GomokuEngine::default();
    let s = soosorv_session();
    // Back to White's pick.
    let mut pos = s.start_position().clone();
    for step in s.steps().take(10) {
        match step {
            Step::Move(q) => pos.play(q).unwrap(),
            Step::Choice(c) => pos.choose(c).unwrap(),
        }
    }
    assert!(matches!(pos.opening_stage(), Stage::PickOffer { .. }));
    let mut player = OpeningPlayer::new(&mut engine, fixed_effort(), &stop);
    let plan = player.plan(&pos).unwrap();
    let Step::Move(picked) = plan.steps[0] else {
        panic!("a stone: {:?}", plan.steps)
    };
    let value_after = |player: &mut OpeningPlayer<'_>, q: Point| {
        let mut after = pos.without_opening();
        after.play(q).unwrap();
        player.value_for(&after, Side::White)
    };
    let best = value_after(&mut player, picked);
    for q in pos.opening().offers() {
        assert!(
            value_after(&mut player, q) <= best,
            "{q} is worth more than {picked}"
        );
    }
    assert_eq!(plan.value, best);
}

/// The computer takes every step of an opening against itself: each step is legal, each
/// decision comes with a reason, and the game goes on afterwards.
fn computer_plays_the_opening(rule: Rule, kind: OpeningRule) -> Position {
    let mut engine = OpeningEngine::new();
    let stop = StopFlag::new();
    let cfg = AiConfig {
        seed: Some(3),
        ..AiConfig::for_level(Level::Easy)
    };
    let mut pos = opening(rule, kind);
    let mut steps = 0;
    let mut last_actor = None;
    while pos.in_opening() {
        let actor = pos.opening_stage().actor();
        let d = engine
            .decide(&pos, &cfg, &stop, &mut |_| {})
            .expect("a decision");
        if actor != last_actor {
            assert!(d.reason.is_some(), "a new turn's decision is explained");
        }
        last_actor = actor;
        match d.step {
            Step::Move(q) => pos.play(q).unwrap_or_else(|e| panic!("{q}: {e}")),
            Step::Choice(c) => pos.choose(c).unwrap_or_else(|e| panic!("{c}: {e}")),
        }
        steps += 1;
        assert!(steps < 20, "the opening ends");
    }
    let next = engine.decide(&pos, &cfg, &stop, &mut |_| {}).unwrap();
    assert!(next.reason.is_none(), "after the opening, ordinary moves");
    assert!(matches!(next.step, Step::Move(_)));
    pos
}

#[test]
fn the_computer_plays_every_role_of_swap2_and_soosorv8() {
    let swap2 = computer_plays_the_opening(Rule::Freestyle, OpeningRule::Swap2);
    assert!(matches!(swap2.history().len(), 3 | 5));
    let soosorv = computer_plays_the_opening(Rule::Renju, OpeningRule::Soosorv8);
    assert_eq!(soosorv.history().len(), 5);
    let h = soosorv.history();
    assert!(canonical_opening(15, h[0], h[1], h[2]).is_some());
    let offers = soosorv.opening().offers();
    let declared = soosorv.opening().declared_offers().unwrap();
    assert_eq!(offers.len(), usize::from(declared));
    assert!(
        offers.contains(&h[4]),
        "the fifth move is one of the offers"
    );
    let _ = computer_plays_the_opening(Rule::Standard, OpeningRule::Swap);
}
