//! UI tests of the opening rules with egui_kittest: the human's side of every step (placing
//! the opening stones, the colour buttons, Swap2's two extra stones, Soosõrv's declaration,
//! offers and pick, with the refusals), the computer taking its roles and explaining them,
//! undo back through the opening, saving and loading it, replaying it, and the records
//! following the colour the human ends up with.

mod common;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use common::{App, app, app_mut, step_until, temp_dir};
use reversi_gomoku::app::GameKind;
use reversi_gomoku::core::{AiConfig, BySide, GameRules, Level, Outcome, Side};
use reversi_gomoku::gomoku::opening::{Choice, OpeningRule, Role, Stage};
use reversi_gomoku::persist::{GameKey, LevelKey, Records, Tally, paths};
use reversi_gomoku::session::PlayerKind;

fn harness() -> Harness<'static, App> {
    common::harness(GameKind::Gomoku, None)
}

/// Chooses `option` in the side panel's chooser labelled `chooser`.
fn choose(h: &mut Harness<'static, App>, chooser: &str, option: &str) {
    h.get_by_label(chooser).click();
    h.run_steps(2);
    h.get_by_label(option).click();
    h.run_steps(2);
}

fn click(h: &mut Harness<'static, App>, label: &str) {
    h.get_by_label(label).click();
    h.run_steps(2);
}

fn stage(h: &Harness<'static, App>) -> Stage {
    app(h).gomoku.ctl.session.position().opening_stage()
}

fn ply(h: &Harness<'static, App>) -> usize {
    app(h).gomoku.ctl.session.ply()
}

fn status(h: &Harness<'static, App>) -> String {
    app(h).gomoku.status()
}

/// The computer plays Easy with a fixed seed (quick, and the same every run).
fn easy_computer(h: &mut Harness<'static, App>) {
    let cfg = AiConfig {
        seed: Some(5),
        ..AiConfig::for_level(Level::Easy)
    };
    app_mut(h).gomoku.ctl.ai = BySide {
        black: cfg,
        white: cfg,
    };
}

/// Steps until a human is to act (or the game is over) and the computer rests.
fn until_human(h: &mut Harness<'static, App>, what: &str) {
    step_until(h, what, |a| {
        let ctl = &a.gomoku.ctl;
        !ctl.is_thinking()
            && (ctl.outcome().is_some() || ctl.session.player_to_move() == PlayerKind::Human)
    });
}

#[test]
fn hot_seat_soosorv8_walks_both_players_through_every_step() {
    let mut h = harness();
    click(&mut h, "Computer plays White"); // hot-seat
    choose(&mut h, "Opening rule", "Soosõrv-8");
    assert_eq!(
        stage(&h),
        Stage::Place {
            by: Role::First,
            left: 3
        }
    );
    assert!(
        status(&h).contains("the first stone goes on H8"),
        "{}",
        status(&h)
    );

    // The opening must be canonical: the first stone on the centre.
    click(&mut h, "G7");
    assert_eq!(ply(&h), 0);
    assert!(
        status(&h).contains("the first stone goes on the centre, H8"),
        "{}",
        status(&h)
    );
    for name in ["H8", "H9", "I9"] {
        click(&mut h, name);
    }
    assert!(h.query_by_label("The opening is 4D Kagetsu.").is_some());

    // The second player stays White with a button, and plays the fourth move.
    assert_eq!(stage(&h), Stage::ChooseColour { by: Role::Second });
    click(&mut h, "Play White");
    click(&mut h, "I8");
    // White asks for three offers; Black (the first player) keeps Black.
    assert_eq!(stage(&h), Stage::DeclareOffers { by: Role::Second });
    click(&mut h, "Ask for 3 offers");
    assert_eq!(stage(&h), Stage::ChooseColour { by: Role::First });
    click(&mut h, "Play Black");
    assert_eq!(
        stage(&h),
        Stage::Offer {
            by: Role::First,
            left: 3
        }
    );

    // Offers are clicks: J7 mirrors G10 across the diagonal H8-I9 and is refused.
    click(&mut h, "G10");
    click(&mut h, "J7");
    assert!(status(&h).contains("symmetrical to G10"), "{}", status(&h));
    assert_eq!(
        app(&h)
            .gomoku
            .ctl
            .session
            .position()
            .opening()
            .offers()
            .len(),
        1
    );
    click(&mut h, "J10");
    click(&mut h, "G7");
    assert_eq!(stage(&h), Stage::PickOffer { by: Role::Second });
    assert_eq!(ply(&h), 4, "offers are not stones");

    // White picks one of them as the fifth move (only an offer will do).
    click(&mut h, "F5");
    assert!(status(&h).contains("was not offered"), "{}", status(&h));
    click(&mut h, "J10");
    assert_eq!(stage(&h), Stage::Done);
    assert_eq!(ply(&h), 5);
    let pos = app(&h).gomoku.ctl.session.position().clone();
    assert_eq!(pos.actor(), Side::White, "White plays the sixth move");

    // Undo goes back one step at a time through the opening, Redo forward again.
    click(&mut h, "Undo");
    assert_eq!(stage(&h), Stage::PickOffer { by: Role::Second });
    click(&mut h, "Undo");
    assert_eq!(
        stage(&h),
        Stage::Offer {
            by: Role::First,
            left: 1
        }
    );
    click(&mut h, "Redo");
    click(&mut h, "Redo");
    assert_eq!(app(&h).gomoku.ctl.session.position(), &pos);

    // The game saves and loads with its opening.
    let saved = app(&h).gomoku.saved(&app(&h).data).expect("a valid game");
    assert!(saved.to_json().contains("\"choice\": \"offers 3\""));
    app_mut(&mut h).gomoku.start_new_game();
    h.run_steps(2);
    assert_eq!(ply(&h), 0);
    app_mut(&mut h).gomoku.load(&saved).expect("it loads");
    h.run_steps(2);
    assert_eq!(app(&h).gomoku.ctl.session.position(), &pos);
    assert_eq!(app(&h).gomoku.view.opening, OpeningRule::Soosorv8);

    // Replaying shows the position after each move with the choices made after it.
    click(&mut h, "Replay");
    let replay = app_mut(&mut h).gomoku.replay.as_mut().expect("replaying");
    replay.go_to(4);
    let shown = replay.session().position();
    assert_eq!(shown.opening().offers().len(), 3);
    assert_eq!(shown.opening_stage(), Stage::PickOffer { by: Role::Second });
    replay.go_to(3);
    assert_eq!(
        replay.session().position().opening().choices()[0].choice,
        Choice::Take(Side::White)
    );
}

#[test]
fn hot_seat_swap2_places_two_more_and_lets_the_first_player_choose() {
    let mut h = harness();
    click(&mut h, "Computer plays White");
    choose(&mut h, "Rule", "Standard");
    choose(&mut h, "Opening rule", "Swap2");
    for name in ["H8", "J9", "G6"] {
        click(&mut h, name);
    }
    assert_eq!(stage(&h), Stage::Swap2Choice { by: Role::Second });
    assert!(h.query_by_label("Place two more stones").is_some());
    click(&mut h, "A1"); // a stone while a choice is due
    assert_eq!(ply(&h), 3);
    assert!(status(&h).contains("choice is due"), "{}", status(&h));
    click(&mut h, "Place two more stones");
    click(&mut h, "K11");
    click(&mut h, "F5");
    assert_eq!(stage(&h), Stage::ChooseColour { by: Role::First });
    click(&mut h, "Play White");
    let pos = app(&h).gomoku.ctl.session.position();
    assert_eq!(pos.opening_stage(), Stage::Done);
    assert!(pos.colours_exchanged(), "the first player took White");
    assert!(h.query_by_label("First player took White.").is_some());
}

#[test]
fn swap2_against_the_computer_it_answers_and_explains_from_the_first_stone() {
    let mut h = harness();
    choose(&mut h, "Rule", "Standard");
    choose(&mut h, "Opening rule", "Swap2");
    easy_computer(&mut h);
    // The human (first player) places the opening; the computer decides.
    for name in ["H8", "J9", "G6"] {
        click(&mut h, name);
    }
    until_human(&mut h, "the computer's answer");
    let notes: Vec<String> = app(&h)
        .gomoku
        .ctl
        .notes()
        .map(|(_, m)| m.to_string())
        .collect();
    assert!(!notes.is_empty(), "the computer explains its choice");
    let why = &notes[0];
    assert!(
        why.starts_with("I take") || why.starts_with("Too close"),
        "{why}"
    );
    assert!(status(&h).contains(why.as_str()), "{}", status(&h));
    let choice = app(&h).gomoku.ctl.session.choices()[0].1;
    match choice {
        Choice::PlaceTwo => {
            // The computer placed two more stones; the human chooses with a button.
            assert_eq!(ply(&h), 5);
            assert_eq!(stage(&h), Stage::ChooseColour { by: Role::First });
            click(&mut h, "Play White");
            assert_eq!(app(&h).gomoku.ctl.session.players.white, PlayerKind::Human);
        }
        Choice::Take(Side::White) => assert_eq!(ply(&h), 4, "it also played the 4th move"),
        Choice::Take(Side::Black) => {
            assert_eq!(
                app(&h).gomoku.ctl.session.players.black,
                PlayerKind::Computer
            );
            assert!(app(&h).gomoku.ctl.session.position().colours_exchanged());
        }
        other => panic!("{other:?}"),
    }
    // The game goes on as usual: the human moves, the computer answers.
    let before = ply(&h);
    let free = app(&h).gomoku.ctl.session.position().legal_moves()[0];
    click(&mut h, &free.to_string());
    until_human(&mut h, "the computer's reply");
    assert_eq!(ply(&h), before + 2);
}

#[test]
fn the_computer_proposes_a_swap_opening_and_the_human_chooses_then_undoes() {
    let dir = temp_dir("app-opening-swap");
    let mut h = common::harness(GameKind::Gomoku, Some(dir.path()));
    let profile = app(&h).data.profile();
    choose(&mut h, "Rule", "Freestyle");
    choose(&mut h, "Opening rule", "Swap");
    easy_computer(&mut h);
    // The computer is the first player: it places the three stones and says why.
    click(&mut h, "Computer plays White");
    click(&mut h, "Computer plays Black");
    until_human(&mut h, "the computer's opening");
    assert_eq!(ply(&h), 3);
    assert_eq!(stage(&h), Stage::ChooseColour { by: Role::Second });
    assert!(status(&h).contains("I place"), "{}", status(&h));

    // The human takes Black: now the computer is White and plays the fourth move.
    click(&mut h, "Play Black");
    until_human(&mut h, "the computer's fourth move");
    assert_eq!(ply(&h), 4);
    let players = app(&h).gomoku.ctl.session.players;
    assert_eq!(
        (players.black, players.white),
        (PlayerKind::Human, PlayerKind::Computer)
    );
    assert_eq!(app(&h).gomoku.ctl.ai.white.level, Level::Easy);
    // Undo: back to the human's choice, with the players as before it.
    click(&mut h, "Undo");
    assert_eq!(stage(&h), Stage::ChooseColour { by: Role::Second });
    assert_eq!(app(&h).gomoku.ctl.session.players.white, PlayerKind::Human);
    // Take Black again and resign: a loss for the human, as Black, against Easy.
    click(&mut h, "Play Black");
    until_human(&mut h, "the computer's fourth move again");
    click(&mut h, "Resign");
    assert_eq!(
        app(&h).gomoku.ctl.outcome(),
        Some(Outcome::Win(Side::White))
    );
    app_mut(&mut h).data.flush_writes();
    h.run_steps(2);
    let records = Records::load(&paths::records_path(dir.path()))
        .expect("valid records")
        .expect("records written");
    assert_eq!(
        records.profile(&profile).expect("the profile").vs_computer(
            GameKey::Gomoku(reversi_gomoku::gomoku::Rule::Freestyle),
            LevelKey::Easy
        ),
        Tally {
            wins: 0,
            losses: 1,
            draws: 0,
            hinted: 0
        }
    );
    drop(h);
}

#[test]
fn hot_seat_profiles_change_colours_with_the_players() {
    use reversi_gomoku::app::persistence::DataStore;
    use reversi_gomoku::gomoku::{Position, Rule};
    use reversi_gomoku::session::Session;
    let mut data = DataStore::in_memory();
    data.set_white_profile(Some("bob".into()));
    let alice = data.profile();
    let start = Position::new(15, Rule::Freestyle)
        .unwrap()
        .with_opening(OpeningRule::Swap)
        .unwrap();
    let hot_seat = BySide {
        black: PlayerKind::Human,
        white: PlayerKind::Human,
    };
    let mut s = Session::new(start, hot_seat);
    for name in ["H8", "J9", "G6"] {
        s.play(name.parse().unwrap()).unwrap();
    }
    let before = data.session_profiles(&s);
    assert_eq!(
        (before.black.as_deref(), before.white.as_deref()),
        (Some(alice.as_str()), Some("bob"))
    );
    // Bob, the second player, takes Black: his results are now Black's.
    s.choose(Choice::Take(Side::Black)).unwrap();
    let after = data.session_profiles(&s);
    assert_eq!(
        (after.black.as_deref(), after.white.as_deref()),
        (Some("bob"), Some(alice.as_str()))
    );
}

/// Plays the human's side of whatever step the opening waits for, with the panel's buttons
/// and board clicks.
fn human_step(h: &mut Harness<'static, App>, offers: &mut std::vec::IntoIter<&str>) {
    let pos = app(h).gomoku.ctl.session.position().clone();
    match pos.opening_stage() {
        Stage::Place { .. } => {
            let free = pos.legal_moves()[0];
            click(h, &free.to_string());
        }
        Stage::ChooseColour { .. } | Stage::Swap2Choice { .. } => click(h, "Play Black"),
        Stage::DeclareOffers { .. } => click(h, "Ask for 2 offers"),
        Stage::Offer { .. } => {
            // Points far from the stones; one refused as symmetrical just tries the next.
            let p = offers.next().expect("enough candidate offers");
            click(h, p);
        }
        Stage::PickOffer { .. } => {
            let first = pos.opening().offers()[0];
            click(h, &first.to_string());
        }
        Stage::Done => {}
    }
}

#[test]
fn a_soosorv8_game_against_the_computer_from_the_first_stone() {
    let mut h = harness();
    choose(&mut h, "Opening rule", "Soosõrv-8");
    easy_computer(&mut h);
    for name in ["H8", "I9", "J8"] {
        click(&mut h, name); // placed by the human, the first player
    }
    let h3 = app(&h).gomoku.ctl.session.position().history().to_vec();
    let named = reversi_gomoku::gomoku::opening::canonical_opening(15, h3[0], h3[1], h3[2])
        .expect("a canonical opening");
    assert_eq!(named.code(), "3I");
    let line = format!("The opening is {}.", named.label());
    assert!(h.query_by_label(&line).is_some(), "{line}");
    let mut offers = vec!["B2", "N2", "B14", "N14", "C3", "M3", "C13", "M13"].into_iter();
    for _ in 0..30 {
        until_human(&mut h, "the computer's step");
        if !app(&h).gomoku.ctl.session.position().in_opening() {
            break;
        }
        human_step(&mut h, &mut offers);
    }
    let ctl = &app(&h).gomoku.ctl;
    let pos = ctl.session.position();
    assert!(!pos.in_opening(), "the opening is over");
    assert!(pos.history().len() >= 5, "the fifth move is on the board");
    let fifth = pos.history()[4];
    assert!(pos.opening().offers().contains(&fifth));
    assert!(ctl.notes().count() >= 1, "the computer explained its steps");
    // The game goes on: the human's move, the computer's answer.
    let before = ply(&h);
    let free = app(&h).gomoku.ctl.session.position().legal_moves()[0];
    click(&mut h, &free.to_string());
    until_human(&mut h, "the computer's reply");
    assert_eq!(ply(&h), before + 2);
}
