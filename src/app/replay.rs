//! Replay mode: step through the current game (finished, loaded or in progress) move by move,
//! with first / previous / next / last buttons, a move slider and auto-play.
//!
//! While replaying, the controller holds a copy of the game with both sides Human (so the
//! computer never moves) and the live game waits aside; the board shows the replayed
//! position and ignores clicks. "Close replay" puts the live game back unchanged; "Play from
//! here" makes the replayed position the live game, dropping the moves after it (the same
//! game for the win records: a game already recorded is not recorded again).

use std::time::{Duration, Instant};

use egui::Ui;

use crate::core::{BySide, GameRules, Side};
use crate::session::{PlayerKind, Session};

use super::controller::Controller;

/// Auto-play speed limits, in moves per second.
const MIN_SPEED: f32 = 0.25;
const MAX_SPEED: f32 = 8.0;

/// The status line after a board click while replaying.
pub const REPLAY_REFUSAL: &str =
    "Replaying: press \"Play from here\" to continue the game from this position.";

/// What the replay controls asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayAction {
    /// Leave replay mode, back to the live game.
    Close,
    /// Continue the game live from the replayed position.
    PlayFromHere,
}

/// A replay in progress.
pub struct Replay<G: GameRules> {
    live: Session<G>,
    live_resigned: Option<Side>,
    /// Auto-play is on.
    pub auto_play: bool,
    /// Auto-play speed, in moves per second.
    pub speed: f32,
    last_step: Instant,
}

impl<G: GameRules> Replay<G> {
    /// Enter replay mode on `ctl`'s game, showing its last position.
    pub fn start(ctl: &mut Controller<G>) -> Replay<G> {
        let live_resigned = ctl.resigned();
        let moves: Vec<G::Move> = ctl.session.moves().collect();
        let mut copy = Session::new(
            ctl.session.start_position().clone(),
            BySide {
                black: PlayerKind::Human,
                white: PlayerKind::Human,
            },
        );
        for mv in moves {
            if copy.play(mv).is_err() {
                break; // cannot happen: the moves were legal in the live game
            }
        }
        let live = ctl.replace_session(copy);
        Replay {
            live,
            live_resigned,
            auto_play: false,
            speed: 1.0,
            last_step: Instant::now(),
        }
    }

    /// The live game, waiting aside while replaying.
    pub fn live(&self) -> &Session<G> {
        &self.live
    }

    /// The side that resigned the live game, if one did.
    pub fn live_resigned(&self) -> Option<Side> {
        self.live_resigned
    }

    /// Number of moves in the game replayed.
    pub fn len(&self) -> usize {
        self.live.ply()
    }

    /// Whether the game replayed has no moves.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The move shown: the number of moves played on the replayed board.
    pub fn index(ctl: &Controller<G>) -> usize {
        ctl.session.ply()
    }

    /// Show the position after `n` moves (clamped to the game).
    pub fn go_to(&mut self, ctl: &mut Controller<G>, n: usize) {
        let n = n.min(self.len());
        while ctl.session.ply() > n && ctl.session.undo_ply() {}
        while ctl.session.ply() < n && ctl.session.redo_ply() {}
        self.last_step = Instant::now();
    }

    /// Leave replay mode: the live game comes back as it was.
    pub fn close(self, ctl: &mut Controller<G>) {
        ctl.replace_session(self.live);
        ctl.set_resigned(self.live_resigned);
    }

    /// Make the replayed position the live game (with the live game's players), dropping the
    /// moves after it.
    pub fn play_from_here(self, ctl: &mut Controller<G>) {
        let moves: Vec<G::Move> = ctl.session.moves().collect();
        let mut live = Session::new(ctl.session.start_position().clone(), self.live.players);
        for mv in moves {
            if live.play(mv).is_err() {
                break; // cannot happen: the same moves from the same start
            }
        }
        ctl.replace_session(live);
    }

    /// Auto-play: step when due. Returns how long until the next step, while playing.
    pub fn tick(&mut self, ctl: &mut Controller<G>) -> Option<Duration> {
        if !self.auto_play {
            return None;
        }
        if Self::index(ctl) >= self.len() {
            self.auto_play = false;
            return None;
        }
        let interval = Duration::from_secs_f32(1.0 / self.speed.clamp(MIN_SPEED, MAX_SPEED));
        let elapsed = self.last_step.elapsed();
        if elapsed >= interval {
            let next = Self::index(ctl) + 1;
            self.go_to(ctl, next);
            Some(interval)
        } else {
            Some(interval - elapsed)
        }
    }

    /// The replay controls. Returns an action for the caller to carry out.
    pub fn controls(&mut self, ui: &mut Ui, ctl: &mut Controller<G>) -> Option<ReplayAction> {
        let mut action = None;
        let n = self.len();
        let at = Self::index(ctl);
        ui.strong(format!("Replay: move {at} of {n}"));
        ui.horizontal(|ui| {
            if ui.add_enabled(at > 0, egui::Button::new("First")).clicked() {
                self.auto_play = false;
                self.go_to(ctl, 0);
            }
            if ui
                .add_enabled(at > 0, egui::Button::new("Previous"))
                .clicked()
            {
                self.auto_play = false;
                self.go_to(ctl, at.saturating_sub(1));
            }
            if ui.add_enabled(at < n, egui::Button::new("Next")).clicked() {
                self.auto_play = false;
                self.go_to(ctl, at + 1);
            }
            if ui.add_enabled(at < n, egui::Button::new("Last")).clicked() {
                self.auto_play = false;
                self.go_to(ctl, n);
            }
        });
        let mut target = at;
        if ui
            .add(egui::Slider::new(&mut target, 0..=n).text("move"))
            .changed()
        {
            self.go_to(ctl, target);
        }
        ui.horizontal(|ui| {
            let was = self.auto_play;
            ui.checkbox(&mut self.auto_play, "Auto-play");
            if self.auto_play && !was {
                if Self::index(ctl) >= n {
                    self.go_to(ctl, 0);
                }
                self.last_step = Instant::now();
            }
        });
        ui.add(
            egui::Slider::new(&mut self.speed, MIN_SPEED..=MAX_SPEED)
                .logarithmic(true)
                .text("moves per second"),
        );
        ui.horizontal(|ui| {
            if ui.button("Play from here").clicked() {
                action = Some(ReplayAction::PlayFromHere);
            }
            if ui.button("Close replay").clicked() {
                action = Some(ReplayAction::Close);
            }
        });
        action
    }
}
