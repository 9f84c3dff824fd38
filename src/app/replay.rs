//! Replay mode: step through a tab's game (finished, loaded or in progress) move by move, with
//! first / previous / next / last buttons, a move slider and auto-play.
//!
//! A replay keeps its own copy of the game, with both sides Human, and moves through it by
//! undo and redo, a move at a time (the choices of an opening made after a move show with
//! it); the live game is never touched (its computer is paused meanwhile), so
//! everything that reads the live game — saving, the autosave, the win records, the
//! "count as a loss" question — sees it as it is. "Close replay" simply drops the copy; "Play
//! from here" makes the copy, cut at the position shown, the live game.

use std::time::{Duration, Instant};

use egui::Ui;

use crate::core::{BySide, GameRules, Step};
use crate::session::{PlayerKind, Session};
use crate::tr;

/// Auto-play speed limits, in moves per second.
const MIN_SPEED: f32 = 0.25;
const MAX_SPEED: f32 = 8.0;

/// The status line after a board click while replaying.
#[must_use]
pub fn refusal() -> String {
    tr!("replay-refusal")
}

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
    /// The copy stepped through; its redo list holds the moves after the one shown.
    session: Session<G>,
    /// Number of moves in the game replayed.
    len: usize,
    /// Auto-play is on.
    pub auto_play: bool,
    /// Auto-play speed, in moves per second.
    pub speed: f32,
    last_step: Instant,
}

impl<G: GameRules> Replay<G> {
    /// A replay of `live`, showing its last position.
    pub fn start(live: &Session<G>) -> Replay<G> {
        let mut session = Session::new(
            live.start_position().clone(),
            BySide {
                black: PlayerKind::Human,
                white: PlayerKind::Human,
            },
        );
        for step in live.steps() {
            if session.step(step).is_err() {
                break; // cannot happen: the steps were legal in the live game
            }
        }
        Replay {
            len: session.ply(),
            session,
            auto_play: false,
            speed: 1.0,
            last_step: Instant::now(),
        }
    }

    /// The game as shown (read-only).
    pub fn session(&self) -> &Session<G> {
        &self.session
    }

    /// Number of moves in the game replayed.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the game replayed has no moves.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The move shown: the number of moves played on the replayed board.
    pub fn index(&self) -> usize {
        self.session.ply()
    }

    /// Show the position after `n` moves (clamped to the game), with the choices made
    /// after the `n`th move.
    pub fn go_to(&mut self, n: usize) {
        let n = n.min(self.len);
        while self.session.ply() > n && self.session.undo_step().is_some() {}
        while self.session.ply() < n && self.session.redo_step().is_some() {}
        while matches!(self.session.next_redo(), Some(Step::Choice(_))) {
            self.session.redo_step();
        }
        self.last_step = Instant::now();
    }

    /// The position shown as a live session, the later steps dropped; `players` are the
    /// players at the start of the game (they change colours with its swaps).
    pub fn into_session(self, players: BySide<PlayerKind>) -> Session<G> {
        let mut live = Session::new(self.session.start_position().clone(), players);
        for step in self.session.steps() {
            if live.step(step).is_err() {
                break; // cannot happen: the same steps from the same start
            }
        }
        live
    }

    /// Auto-play: step when due. Returns how long until the next step, while playing.
    pub fn tick(&mut self) -> Option<Duration> {
        if !self.auto_play {
            return None;
        }
        if self.index() >= self.len {
            self.auto_play = false;
            return None;
        }
        let interval = Duration::from_secs_f32(1.0 / self.speed.clamp(MIN_SPEED, MAX_SPEED));
        let elapsed = self.last_step.elapsed();
        if elapsed >= interval {
            self.go_to(self.index() + 1);
            Some(interval)
        } else {
            Some(interval - elapsed)
        }
    }

    /// The replay controls. Returns an action for the caller to carry out.
    pub fn controls(&mut self, ui: &mut Ui) -> Option<ReplayAction> {
        let mut action = None;
        let n = self.len;
        let at = self.index();
        ui.strong(tr!("replay-heading", at = at, total = n));
        ui.horizontal(|ui| {
            let steps = [
                (tr!("replay-first"), at > 0, 0),
                (tr!("replay-previous"), at > 0, at.saturating_sub(1)),
                (tr!("replay-next"), at < n, at + 1),
                (tr!("replay-last"), at < n, n),
            ];
            for (label, enabled, target) in steps {
                if ui.add_enabled(enabled, egui::Button::new(label)).clicked() {
                    self.auto_play = false;
                    self.go_to(target);
                }
            }
        });
        let mut target = at;
        if ui
            .add(egui::Slider::new(&mut target, 0..=n).text(tr!("replay-slider")))
            .changed()
        {
            self.go_to(target);
        }
        ui.horizontal(|ui| {
            let was = self.auto_play;
            ui.checkbox(&mut self.auto_play, tr!("replay-auto-play"));
            if self.auto_play && !was {
                if self.index() >= n {
                    self.go_to(0);
                }
                self.last_step = Instant::now();
            }
        });
        ui.add(
            egui::Slider::new(&mut self.speed, MIN_SPEED..=MAX_SPEED)
                .logarithmic(true)
                .text(tr!("replay-speed")),
        );
        ui.horizontal(|ui| {
            if ui.button(tr!("replay-play-from-here")).clicked() {
                action = Some(ReplayAction::PlayFromHere);
            }
            if ui.button(tr!("replay-close")).clicked() {
                action = Some(ReplayAction::Close);
            }
        });
        action
    }
}
