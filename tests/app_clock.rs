//! Clocks, losses on time and draw offers: the controller driven headless and the whole app
//! under egui_kittest. Time is a [`ManualTime`] moved by hand; no test waits for the clock.

mod common;

use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use common::{App, app, app_mut, step_until};
use reversi_gomoku::app::GameKind;
use reversi_gomoku::app::controller::{Controller, Update};
use reversi_gomoku::core::clock::{ManualTime, TimeControl};
use reversi_gomoku::core::{
    AiConfig, BySide, Ending, Engine, GameRules, Level, Outcome, SearchInfo, Side, StopFlag,
    Thought,
};
use reversi_gomoku::gomoku::{self, GomokuEngine, Point, Rule};
use reversi_gomoku::persist::{
    GameKey, LevelKey, Records, SavedGame, SavedResult, Settings, paths,
};
use reversi_gomoku::reversi::{self, Move, ReversiEngine, Square};
use reversi_gomoku::session::{PlayerKind, Session};

const HOT_SEAT: BySide<PlayerKind> = BySide {
    black: PlayerKind::Human,
    white: PlayerKind::Human,
};

const VS_COMPUTER: BySide<PlayerKind> = BySide {
    black: PlayerKind::Human,
    white: PlayerKind::Computer,
};

fn sq(name: &str) -> Move {
    Move::Place(name.parse::<Square>().expect("a square"))
}

/// A Reversi controller under `control` whose time is the returned [`ManualTime`].
fn reversi_ctl(
    players: BySide<PlayerKind>,
    control: TimeControl,
) -> (Controller<reversi::Position>, ManualTime) {
    let mut ctl = Controller::new(
        Session::new(reversi::Position::new(), players),
        ReversiEngine::default(),
        || {},
    );
    let time = ManualTime::new();
    ctl.set_time_source(Arc::new(time.clone()));
    ctl.time_control = control;
    ctl.new_game(reversi::Position::new());
    (ctl, time)
}

/// Calls `update` until `done` holds (the worker is another thread); gives up after 20 s.
fn update_until<G: GameRules>(
    ctl: &mut Controller<G>,
    what: &str,
    done: impl Fn(&Controller<G>) -> bool,
) {
    let give_up = Instant::now() + Duration::from_secs(20);
    while !done(ctl) {
        assert!(Instant::now() < give_up, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(2));
        ctl.update();
    }
}

#[test]
fn time_runs_only_for_the_side_to_move_and_the_increment_is_added() {
    let (mut ctl, time) = reversi_ctl(
        HOT_SEAT,
        TimeControl::Fischer {
            base_ms: 60_000,
            increment_ms: 3_000,
        },
    );
    ctl.update();
    time.advance(5_000);
    ctl.update();
    assert_eq!(ctl.clock_reading(Side::Black).ms, 55_000);
    assert_eq!(ctl.clock_reading(Side::White).ms, 60_000);
    ctl.human_move(sq("d3")).expect("legal");
    assert_eq!(
        ctl.clock_reading(Side::Black).ms,
        58_000,
        "5 s used, 3 s added"
    );
    time.advance(2_000);
    ctl.update();
    assert_eq!(ctl.clock_reading(Side::White).ms, 58_000);
    assert_eq!(
        ctl.clock_reading(Side::Black).ms,
        58_000,
        "Black's clock stands"
    );
    assert!(ctl.clock_reading(Side::White).counts_down);
}

#[test]
fn without_a_time_control_the_clocks_show_the_time_used() {
    let (mut ctl, time) = reversi_ctl(HOT_SEAT, TimeControl::None);
    ctl.update();
    time.advance(7_000);
    ctl.human_move(sq("d3")).expect("legal");
    time.advance(1_000);
    let black = ctl.clock_reading(Side::Black);
    assert!(!black.counts_down);
    assert_eq!(black.text(), "0:07");
    assert_eq!(ctl.clock_reading(Side::White).text(), "0:01");
    time.advance(3_600_000);
    assert_eq!(ctl.outcome(), None, "no flag without a time control");
}

#[test]
fn a_fallen_flag_ends_the_game_and_undo_gives_the_time_back() {
    let (mut ctl, time) = reversi_ctl(HOT_SEAT, TimeControl::PerMove { ms: 10_000 });
    ctl.update();
    time.advance(1_000);
    ctl.human_move(sq("d3")).expect("legal");
    time.advance(9_000);
    let (update, _) = ctl.update();
    assert_eq!(
        update,
        Update::TimeLow(Side::White),
        "under a third of 10 s"
    );
    assert_eq!(ctl.update().0, Update::Idle, "reported once per move");
    time.advance(999);
    ctl.update();
    assert_eq!(ctl.outcome(), None);
    time.advance(1);
    ctl.update();
    assert_eq!(ctl.ending(), Some(Ending::TimeOut(Side::White)));
    assert_eq!(ctl.outcome(), Some(Outcome::Win(Side::Black)));
    assert_eq!(
        ctl.status_line(),
        "Game over: White ran out of time, Black wins."
    );
    assert!(!ctl.clock().is_running());
    let refused = ctl.human_move(sq("c3"));
    assert!(refused.is_err(), "no move after the flag");

    ctl.undo();
    assert_eq!(ctl.ending(), None);
    assert_eq!(ctl.session.ply(), 0, "hot-seat undo takes back one ply");
    assert_eq!(ctl.clock_reading(Side::Black).ms, 10_000);
    time.advance(4_000);
    ctl.update();
    assert_eq!(ctl.clock_reading(Side::Black).ms, 6_000);
}

#[test]
fn a_flag_during_the_computers_turn_is_a_loss_for_the_computer() {
    let (mut ctl, time) = reversi_ctl(
        BySide {
            black: PlayerKind::Computer,
            white: PlayerKind::Human,
        },
        TimeControl::SuddenDeath { ms: 60_000 },
    );
    // The computer thinks on real time, its clock on the manual one: it never moves in time.
    ctl.set_paused(true);
    time.advance(60_000);
    ctl.set_paused(false);
    ctl.update();
    assert_eq!(
        ctl.clock_reading(Side::Black).ms,
        60_000,
        "paused time is not counted"
    );
    time.advance(60_000);
    ctl.update();
    assert_eq!(ctl.ending(), Some(Ending::TimeOut(Side::Black)));
    assert!(!ctl.is_thinking(), "the search is cancelled");
}

/// Plays the first legal move at once; records the budgets it was given.
struct RecordingEngine {
    budgets: Arc<Mutex<Vec<Option<u64>>>>,
}

impl Engine<reversi::Position> for RecordingEngine {
    fn think(
        &mut self,
        pos: &reversi::Position,
        cfg: &AiConfig,
        _stop: &StopFlag,
        _on_info: &mut dyn FnMut(&SearchInfo<Move>),
    ) -> Option<Thought<Move>> {
        self.budgets.lock().expect("lock").push(cfg.time_ms);
        Some(Thought {
            best: *pos.legal_moves().first()?,
            info: SearchInfo::default(),
        })
    }
}

#[test]
fn the_computers_budget_comes_from_its_clock() {
    let budgets = Arc::new(Mutex::new(Vec::new()));
    let engine = RecordingEngine {
        budgets: Arc::clone(&budgets),
    };
    let players = BySide {
        black: PlayerKind::Computer,
        white: PlayerKind::Human,
    };
    let mut ctl = Controller::new(
        Session::new(reversi::Position::new(), players),
        engine,
        || {},
    );
    let time = ManualTime::new();
    ctl.set_time_source(Arc::new(time.clone()));
    let hard = AiConfig {
        time_ms: Some(10_000),
        ..AiConfig::for_level(Level::Hard)
    };
    ctl.set_ai(Side::Black, hard);
    for (control, expected) in [
        (TimeControl::PerMove { ms: 10_000 }, Some(8_500)),
        (TimeControl::SuddenDeath { ms: 60_000 }, Some(3_000)),
        (TimeControl::None, Some(10_000)),
    ] {
        ctl.time_control = control;
        ctl.new_game(reversi::Position::new());
        update_until(&mut ctl, "the computer's move", |c| c.session.ply() == 1);
        assert_eq!(
            budgets.lock().expect("lock").last().copied(),
            Some(expected)
        );
    }
}

/// Searches until told to stop (as a depth-only level that ignores time budgets would),
/// then plays the first legal move; counts its searches.
struct StubbornEngine {
    searches: Arc<AtomicU64>,
}

impl Engine<reversi::Position> for StubbornEngine {
    fn think(
        &mut self,
        pos: &reversi::Position,
        _cfg: &AiConfig,
        stop: &StopFlag,
        _on_info: &mut dyn FnMut(&SearchInfo<Move>),
    ) -> Option<Thought<Move>> {
        self.searches.fetch_add(1, Ordering::SeqCst);
        let give_up = Instant::now() + Duration::from_secs(20);
        while !stop.is_stopped() && Instant::now() < give_up {
            std::thread::yield_now();
        }
        Some(Thought {
            best: *pos.legal_moves().first()?,
            info: SearchInfo::default(),
        })
    }
}

#[test]
fn a_search_that_overruns_its_budget_is_told_to_move() {
    let searches = Arc::new(AtomicU64::new(0));
    let engine = StubbornEngine {
        searches: Arc::clone(&searches),
    };
    let players = BySide {
        black: PlayerKind::Computer,
        white: PlayerKind::Human,
    };
    let mut ctl = Controller::new(
        Session::new(reversi::Position::new(), players),
        engine,
        || {},
    );
    let time = ManualTime::new();
    ctl.set_time_source(Arc::new(time.clone()));
    ctl.time_control = TimeControl::PerMove { ms: 10_000 };
    ctl.new_game(reversi::Position::new());
    update_until(&mut ctl, "the search to start", |_| {
        searches.load(Ordering::SeqCst) == 1
    });
    ctl.update();
    assert!(ctl.is_thinking());
    // Medium ignores budgets: 85 % of the limit plus the grace later it is told to stop.
    time.advance(8_700);
    update_until(&mut ctl, "the computer's move", |c| c.session.ply() == 1);
    assert_eq!(ctl.outcome(), None, "it moved in time");
    assert_eq!(ctl.clock().ply_times(), &[8_700]);
}

/// Asks the computer (White) for a draw with Black to move and waits for its answer.
fn offer<G: GameRules + reversi_gomoku::app::draw_offer::DrawJudge>(
    ctl: &mut Controller<G>,
) -> String {
    ctl.offer_draw_to_computer();
    assert!(ctl.is_judging_draw());
    assert_eq!(
        ctl.status_line(),
        "The computer is considering your draw offer…"
    );
    update_until(ctl, "the computer's answer", |c| !c.is_judging_draw());
    ctl.message()
        .expect("the answer is in the status line")
        .to_string()
}

fn reversi_vs_computer(obf: &str) -> Controller<reversi::Position> {
    let pos = reversi::Position::from_obf(obf).expect("a position");
    Controller::new(
        Session::new(pos, VS_COMPUTER),
        ReversiEngine::default(),
        || {},
    )
}

#[test]
fn the_computer_accepts_a_draw_in_a_level_reversi_endgame() {
    // Exactly drawn with best play (solved), Black to move.
    let mut ctl =
        reversi_vs_computer("OXOOOOOXOOXOXXOXOOOOOOOOOOXOXXOOOOXXXOXXOXOOOOOXOO-O--OXO-O----- X");
    let answer = offer(&mut ctl);
    assert_eq!(
        answer,
        "The computer accepts the draw: the position is level."
    );
    assert_eq!(ctl.ending(), Some(Ending::DrawAgreed));
    assert_eq!(ctl.outcome(), Some(Outcome::Draw));
}

#[test]
fn the_computer_declines_a_draw_when_it_wins_at_reversi() {
    // White (the computer) wins by 50 discs with best play, Black to move.
    let mut ctl =
        reversi_vs_computer("OOOOOOXOOOXXOOOOOOOOOOXXOOXOOXX-OOOOXXXXOOOXOXXXOOX-O--XOOO----- X");
    let answer = offer(&mut ctl);
    assert_eq!(
        answer,
        "The computer declines the draw: it is ahead by 50 discs."
    );
    assert_eq!(ctl.outcome(), None, "the game goes on");
    assert_eq!(ctl.status_line(), answer);
    ctl.human_move(ctl.session.position().legal_moves()[0])
        .expect("legal");
    assert_ne!(ctl.status_line(), answer, "the next move clears the answer");
}

fn gomoku_vs_computer(black: &[Point], white: &[Point]) -> Controller<gomoku::Position> {
    let pos = gomoku::Position::with_stones(9, Rule::Freestyle, black, white, Side::Black)
        .expect("a position");
    assert_eq!(pos.outcome(), None);
    Controller::new(
        Session::new(pos, VS_COMPUTER),
        GomokuEngine::default(),
        || {},
    )
}

#[test]
fn the_computer_accepts_a_draw_on_a_crowded_gomoku_board_without_threats() {
    // 58 of 81 points filled in a pattern with no two stones of a colour beyond a pair in
    // any line.
    let (mut black, mut white) = (Vec::new(), Vec::new());
    for x in 0..9u8 {
        for y in 0..9u8 {
            if (u32::from(x) + 2 * u32::from(y)) % 4 == 0 {
                continue;
            }
            if (x + y / 2) % 2 == 0 {
                black.push(Point::new(x, y));
            } else {
                white.push(Point::new(x, y));
            }
        }
    }
    assert_eq!(black.len() + white.len(), 58);
    let mut ctl = gomoku_vs_computer(&black, &white);
    let answer = offer(&mut ctl);
    assert!(
        answer.starts_with("The computer accepts the draw"),
        "{answer}"
    );
    assert_eq!(ctl.outcome(), Some(Outcome::Draw));
}

#[test]
fn the_computer_declines_a_draw_with_a_winning_attack_or_room_to_play() {
    // White has an open four: it wins whatever Black does.
    let white: Vec<Point> = (2..6).map(|x| Point::new(x, 4)).collect();
    let black = [(0, 0), (8, 8), (0, 8), (8, 0), (4, 0)].map(|(x, y)| Point::new(x, y));
    let mut ctl = gomoku_vs_computer(&black, &white);
    assert_eq!(
        offer(&mut ctl),
        "The computer declines the draw: it has a winning attack."
    );
    assert_eq!(ctl.outcome(), None);

    let mut ctl = gomoku_vs_computer(&[Point::new(4, 4)], &[Point::new(4, 5)]);
    assert_eq!(
        offer(&mut ctl),
        "The computer declines the draw: the board still has room for a win."
    );
}

// ---- The whole app ----

/// The app on `game` with its data in `dir` (in memory when `None`), time made manual in
/// both tabs.
fn harness(game: GameKind, dir: Option<&Path>) -> (Harness<'static, App>, ManualTime) {
    let mut h = common::harness(game, dir);
    let time = ManualTime::new();
    let a = app_mut(&mut h);
    a.reversi.ctl.set_time_source(Arc::new(time.clone()));
    a.gomoku.ctl.set_time_source(Arc::new(time.clone()));
    h.run_steps(2);
    (h, time)
}

/// Chooses `label` in the side panel's time-control chooser.
fn choose_time_control(h: &mut Harness<'static, App>, label: &str) {
    h.get_by_label("Time control").click();
    h.run_steps(2);
    h.get_by_label(label).click();
    h.run_steps(2);
}

fn records_on_disk(dir: &Path) -> Records {
    Records::load(&paths::records_path(dir))
        .expect("records.json is valid")
        .expect("records.json exists")
}

#[test]
fn a_loss_on_time_is_shown_and_recorded_once_and_the_time_control_remembered() {
    let dir = common::temp_dir("app-clock-flag");
    let (mut h, time) = harness(GameKind::Reversi, Some(dir.path()));
    let profile = app(&h).data.profile();
    choose_time_control(&mut h, "1 minute per side");
    assert_eq!(
        app(&h).reversi.ctl.clock().control(),
        TimeControl::SuddenDeath { ms: 60_000 },
        "before the first move the control applies at once"
    );
    h.get_by_label("d3").click();
    h.step();
    step_until(&mut h, "the computer's reply", |a| {
        a.reversi.ctl.session.ply() == 2
    });
    time.advance(59_000);
    h.run_steps(2);
    assert!(
        h.query_by_label("1.0").is_some(),
        "Black's clock shows tenths"
    );
    time.advance(1_000);
    h.run_steps(2);
    assert_eq!(
        app(&h).reversi.ctl.ending(),
        Some(Ending::TimeOut(Side::Black))
    );
    assert_eq!(
        app(&h).reversi.status(),
        "Game over: Black ran out of time, White wins."
    );
    let losses = |dir: &Path| {
        records_on_disk(dir)
            .profile(&profile)
            .expect("profile")
            .vs_computer(GameKey::Reversi, LevelKey::Medium)
            .losses
    };
    step_until(&mut h, "the result recorded", |a| a.reversi.track.recorded);
    app_mut(&mut h).data.flush_writes();
    assert_eq!(losses(dir.path()), 1);

    // Undo takes the loss back; running out again is the same game, not counted again.
    h.get_by_label("Undo").click();
    h.run_steps(2);
    assert_eq!(app(&h).reversi.ctl.outcome(), None);
    time.advance(61_000);
    h.run_steps(3);
    assert_eq!(
        app(&h).reversi.ctl.ending(),
        Some(Ending::TimeOut(Side::Black))
    );
    app_mut(&mut h).data.flush_writes();
    h.run_steps(2);
    assert_eq!(losses(dir.path()), 1, "recorded once");

    let settings = Settings::load(dir.path()).expect("valid").expect("written");
    assert_eq!(
        settings.time_controls.reversi,
        TimeControl::SuddenDeath { ms: 60_000 }
    );
    assert_eq!(settings.time_controls.gomoku, TimeControl::None);
    drop(h);
    let (h, _) = harness(GameKind::Reversi, Some(dir.path()));
    assert_eq!(
        app(&h).reversi.ctl.time_control,
        TimeControl::SuddenDeath { ms: 60_000 },
        "the next start remembers the choice"
    );
}

#[test]
fn clocks_and_endings_survive_save_and_load() {
    let (mut h, time) = harness(GameKind::Reversi, None);
    h.get_by_label("Computer plays White").click();
    h.run_steps(2);
    choose_time_control(&mut h, "5 minutes + 3 seconds per move");
    time.advance(4_000);
    h.get_by_label("d3").click();
    h.run_steps(2);
    time.advance(2_000);
    h.run_steps(2);
    let a = app(&h);
    let saved = a.reversi.saved(&a.data).expect("savable");
    let clock = saved.clock.clone().expect("the clock is saved");
    assert_eq!(
        clock.control,
        TimeControl::Fischer {
            base_ms: 300_000,
            increment_ms: 3_000
        }
    );
    assert_eq!(clock.used_ms, vec![4_000]);
    assert_eq!(clock.turn_ms, 2_000);

    let reread = SavedGame::from_json(saved.to_json().as_bytes()).expect("reads back");
    assert_eq!(reread.clock, saved.clock);
    let (mut h2, _) = harness(GameKind::Reversi, None);
    app_mut(&mut h2).apply_saved(&reread).expect("loads");
    let ctl = &app(&h2).reversi.ctl;
    assert_eq!(
        ctl.clock_reading(Side::Black).ms,
        299_000,
        "4 s used, 3 s added"
    );
    assert_eq!(ctl.clock_reading(Side::White).ms, 298_000);

    // A loss on time and an agreed draw are kept as results.
    for (result, ending) in [
        (
            SavedResult::TimeOut(Side::White),
            Ending::TimeOut(Side::White),
        ),
        (SavedResult::DrawAgreed, Ending::DrawAgreed),
    ] {
        let mut game = saved.clone();
        game.result = Some(result);
        let reread = SavedGame::from_json(game.to_json().as_bytes()).expect("reads back");
        assert_eq!(reread.result, Some(result));
        app_mut(&mut h2).apply_saved(&reread).expect("loads");
        assert_eq!(app(&h2).reversi.ctl.ending(), Some(ending));
    }
}

#[test]
fn an_older_saved_game_without_a_clock_loads_untimed() {
    let older = r#"{
      "version": 1,
      "game": "Reversi",
      "players": { "black": "Human", "white": "Computer" },
      "levels": { "black": { "level": "Medium", "depth": 4, "time_ms": null, "seed": null },
                  "white": { "level": "Hard", "depth": 20, "time_ms": 1000, "seed": null } },
      "profiles": { "black": null, "white": null },
      "moves": [ { "move": "d3", "time": 1700000000000 }, { "move": "c3", "time": 1700000004000 } ],
      "started": 1700000000000,
      "saved": 1700000060000
    }"#;
    let game = SavedGame::from_json(older.as_bytes()).expect("an older file still reads");
    assert_eq!(game.clock, None);
    let (mut h, time) = harness(GameKind::Gomoku, None);
    app_mut(&mut h).apply_saved(&game).expect("loads");
    h.run_steps(2);
    let ctl = &app(&h).reversi.ctl;
    assert_eq!(ctl.session.ply(), 2);
    assert_eq!(ctl.clock().control(), TimeControl::None);
    assert_eq!(ctl.clock_reading(Side::White).ms, 0);
    assert!(
        !ctl.clock().is_running(),
        "another tab is shown: Black's time waits"
    );
    time.advance(1_000);
    let saved = app(&h).reversi.saved(&app(&h).data).expect("savable");
    assert_eq!(saved.clock.expect("saved with a clock now").used_ms, [0, 0]);
}

#[test]
fn a_hot_seat_draw_offer_is_accepted_or_declined_and_pauses_the_clock() {
    let (mut h, time) = harness(GameKind::Reversi, None);
    h.get_by_label("Computer plays White").click();
    h.run_steps(2);
    h.get_by_label("d3").click();
    h.run_steps(2);
    assert!(app(&h).reversi.ctl.clock().is_running());

    // White (to move) offers; Black declines.
    h.get_by_label("Offer draw").click();
    h.run_steps(2);
    assert!(
        h.query_by_label("White offers a draw. Black, do you accept?")
            .is_some()
    );
    assert!(
        !app(&h).reversi.ctl.clock().is_running(),
        "paused while asking"
    );
    let before = app(&h).reversi.ctl.clock_reading(Side::White).ms;
    time.advance(30_000);
    h.run_steps(2);
    assert_eq!(app(&h).reversi.ctl.clock_reading(Side::White).ms, before);
    h.get_by_label("Decline").click();
    h.run_steps(2);
    assert_eq!(app(&h).reversi.ctl.outcome(), None);
    assert_eq!(app(&h).reversi.status(), "Black declines the draw offer.");
    assert!(app(&h).reversi.ctl.clock().is_running(), "runs again");

    // Offered again, and accepted: a draw by agreement.
    h.get_by_label("Offer draw").click();
    h.run_steps(2);
    h.get_by_label("Accept the draw").click();
    h.run_steps(2);
    assert_eq!(app(&h).reversi.ctl.ending(), Some(Ending::DrawAgreed));
    assert_eq!(app(&h).reversi.ctl.outcome(), Some(Outcome::Draw));
    assert_eq!(app(&h).reversi.status(), "Game over: draw by agreement.");
    assert!(
        !app(&h).reversi.ctl.clock().is_running(),
        "stopped for good"
    );
}

#[test]
fn offering_the_computer_a_draw_from_the_panel_gets_its_answer() {
    let (mut h, _) = harness(GameKind::Gomoku, None);
    h.get_by_label("H8").click();
    h.step();
    step_until(&mut h, "the computer's reply", |a| {
        a.gomoku.ctl.session.ply() == 2
    });
    h.get_by_label("Offer draw").click();
    h.step();
    step_until(&mut h, "the computer's answer", |a| {
        !a.gomoku.ctl.is_judging_draw()
    });
    assert!(
        app(&h)
            .gomoku
            .status()
            .ends_with("The computer declines the draw: the board still has room for a win."),
        "{}",
        app(&h).gomoku.status()
    );
    assert_eq!(app(&h).gomoku.ctl.outcome(), None);
}

#[test]
fn which_pauses_apply_when() {
    use reversi_gomoku::app::tab::WindowState;
    let (mut h, _) = harness(GameKind::Reversi, None);
    let shown = WindowState {
        shown: true,
        dialog_open: false,
        minimized: false,
    };
    let dialog = WindowState {
        dialog_open: true,
        ..shown
    };
    let minimized = WindowState {
        minimized: true,
        ..shown
    };
    let hidden = WindowState {
        shown: false,
        ..shown
    };
    // Against the computer, Black (human) to move.
    let tab = &app(&h).reversi;
    assert!(tab.clock_should_run(shown));
    assert!(!tab.clock_should_run(dialog));
    assert!(
        tab.clock_should_run(minimized),
        "minimising does not stop the clock"
    );
    assert!(
        !tab.clock_should_run(hidden),
        "a human's time waits in a hidden tab"
    );
    // The computer to move: its time runs in a hidden tab too.
    app_mut(&mut h).reversi.ctl.session.players = BySide {
        black: PlayerKind::Computer,
        white: PlayerKind::Human,
    };
    assert!(app(&h).reversi.clock_should_run(hidden));
    // Hot-seat: minimising pauses.
    app_mut(&mut h).reversi.ctl.session.players = HOT_SEAT;
    assert!(!app(&h).reversi.clock_should_run(minimized));
    // Replaying pauses.
    h.get_by_label("d3").click();
    h.run_steps(2);
    app_mut(&mut h).reversi.start_replay();
    assert!(!app(&h).reversi.clock_should_run(shown));
    h.run_steps(2);
    assert!(!app(&h).reversi.ctl.clock().is_running());
}

/// The clock is heard: the time-low warning once when the human's time runs low, then the
/// loss sound once when the flag falls.
#[test]
fn running_low_and_losing_on_time_are_heard_once_each() {
    use reversi_gomoku::audio::{RecordingSink, Sound};
    let (mut h, time) = harness(GameKind::Reversi, None);
    let rec = RecordingSink::new();
    app_mut(&mut h).set_audio_sink(Box::new(rec.clone()));
    choose_time_control(&mut h, "1 minute per side");
    h.get_by_label("d3").click();
    h.step();
    step_until(&mut h, "the computer's reply", |a| {
        a.reversi.ctl.session.ply() == 2
    });
    rec.take();
    time.advance(51_000);
    h.run_steps(3);
    assert_eq!(rec.take_sounds(), vec![Sound::TimeLow]);
    time.advance(5_000);
    h.run_steps(3);
    assert!(
        rec.take_sounds().is_empty(),
        "the warning sounds once a move"
    );
    time.advance(5_000);
    h.run_steps(3);
    assert_eq!(
        app(&h).reversi.ctl.ending(),
        Some(Ending::TimeOut(Side::Black))
    );
    assert_eq!(rec.take_sounds(), vec![Sound::Loss]);
    h.run_steps(3);
    assert!(rec.take_sounds().is_empty(), "the end is heard once");
}
