//! The computer player never leaves the window waiting: an engine that panics ends its search
//! with a failure the player sees, the computer waits for Retry instead of failing in a loop,
//! and a working engine behind the same worker still answers afterwards.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use reversi_gomoku::app::controller::{Controller, Update};
use reversi_gomoku::core::{AiConfig, Analysis, BySide, Engine, SearchInfo, StopFlag, Thought};
use reversi_gomoku::reversi::{Move, Position};
use reversi_gomoku::session::{PlayerKind, Session};

/// Panics on its first `fail_times` searches, then plays the first legal move.
struct FlakyEngine {
    calls: Arc<AtomicUsize>,
    fail_times: usize,
}

impl Engine<Position> for FlakyEngine {
    fn think(
        &mut self,
        pos: &Position,
        _cfg: &AiConfig,
        _stop: &StopFlag,
        _on_info: &mut dyn FnMut(&SearchInfo<Move>),
    ) -> Option<Thought<Move>> {
        let call = self.calls.fetch_add(1, Ordering::SeqCst);
        assert!(call >= self.fail_times, "injected engine bug");
        Some(Thought {
            best: pos.legal_moves()[0],
            info: SearchInfo::default(),
        })
    }

    /// These tests never ask for an analysis.
    fn analyse(
        &mut self,
        _pos: &Position,
        _cfg: &AiConfig,
        _stop: &StopFlag,
        _on_update: &mut dyn FnMut(&Analysis<Move>),
    ) -> Option<Analysis<Move>> {
        None
    }
}

fn computer_plays_black(fail_times: usize) -> (Controller<Position>, Arc<AtomicUsize>) {
    let calls = Arc::new(AtomicUsize::new(0));
    let engine = FlakyEngine {
        calls: Arc::clone(&calls),
        fail_times,
    };
    let players = BySide {
        black: PlayerKind::Computer,
        white: PlayerKind::Human,
    };
    (
        Controller::new(Session::new(Position::new(), players), engine, || {}),
        calls,
    )
}

/// Calls `update` until `done` holds (the worker is another thread); gives up after 10 s.
fn update_until(
    ctl: &mut Controller<Position>,
    mut done: impl FnMut(&Controller<Position>, Update<Move>) -> bool,
) {
    let give_up = Instant::now() + Duration::from_secs(10);
    loop {
        let (update, _) = ctl.update();
        if done(ctl, update) {
            return;
        }
        assert!(
            Instant::now() < give_up,
            "no answer from the worker: {}",
            ctl.status_line()
        );
        std::thread::sleep(Duration::from_millis(2));
    }
}

#[test]
fn a_panicking_engine_is_reported_and_the_computer_waits_for_retry() {
    let (mut ctl, calls) = computer_plays_black(1);
    update_until(&mut ctl, |c, _| c.failure().is_some());
    assert!(
        !ctl.is_thinking(),
        "a failed search is not 'thinking…' forever"
    );
    assert!(ctl.failure().unwrap().contains("injected engine bug"));
    assert!(ctl.status_line().contains("Retry"), "{}", ctl.status_line());
    // No retry loop: further updates start nothing.
    for _ in 0..50 {
        ctl.update();
    }
    assert_eq!(calls.load(Ordering::SeqCst), 1);
    assert_eq!(ctl.session.ply(), 0);

    ctl.retry();
    update_until(&mut ctl, |_, u| matches!(u, Update::ComputerMoved(_)));
    assert_eq!(calls.load(Ordering::SeqCst), 2);
    assert_eq!(ctl.session.ply(), 1, "the retried search played its move");
    assert!(ctl.failure().is_none());
}

#[test]
fn a_change_of_players_clears_the_failure() {
    let (mut ctl, _) = computer_plays_black(1);
    update_until(&mut ctl, |c, _| c.failure().is_some());
    ctl.set_player(reversi_gomoku::core::Side::Black, PlayerKind::Human);
    assert!(ctl.failure().is_none());
    assert!(
        ctl.human_move(ctl.session.position().legal_moves()[0])
            .is_ok()
    );
}
