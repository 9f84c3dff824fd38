//! Locking the window: a pause for the whole app (both tabs, as "pause the game" reads).
//!
//! While locked ([`ReversiGomokuApp::set_locked`]; the Lock button, Ctrl+L or the Pause key,
//! and the boss key), every tab's board is dimmed, marked "Locked" with how to unlock, and
//! takes no click or key; the computer's search is cancelled (it starts afresh on unlock),
//! the analysis waits and the clocks stop, through the same pause the tabs use for replays
//! ([`super::tab::Tab::sync_pause`]). New game, Undo, Redo and opening a game ask to unlock
//! first ([`Deferred`]) and go on if the player says so. The lock is kept in the autosave
//! (`current-game.json`), so it survives a restart.

use egui::{Align2, Color32, FontId, Painter, Rect};

use crate::core::GameKind;
use crate::tr;

use super::shortcuts::{self, Action, Bindings};
use super::{Pending, ReversiGomokuApp};

/// What waits for the answer to "Unlock first?".
#[derive(Clone, Debug)]
pub enum Deferred {
    /// Replace the game of a tab (New game, a game opened or imported, a set-up).
    Replace(GameKind, Pending),
    /// Undo in a tab.
    Undo(GameKind),
    /// Redo in a tab.
    Redo(GameKind),
    /// Show the open dialog.
    Open,
}

impl Deferred {
    /// The question, in the window's language.
    fn question(&self) -> String {
        tr!(match self {
            Deferred::Replace(_, Pending::NewGame) => "lock-ask-new-game",
            Deferred::Replace(_, Pending::Load(_)) | Deferred::Open => "lock-ask-open",
            Deferred::Replace(_, Pending::SetUp) => "lock-ask-setup",
            Deferred::Undo(_) => "lock-ask-undo",
            Deferred::Redo(_) => "lock-ask-redo",
        })
    }
}

/// Whether a shortcut's `action` is ignored while locked (it would play or think on the
/// board). New game, Undo, Redo and Open are not ignored: they ask to unlock.
#[must_use]
pub fn ignored(action: Action) -> bool {
    matches!(
        action,
        Action::SwapSides
            | Action::Pass
            | Action::Hint
            | Action::CursorLeft
            | Action::CursorRight
            | Action::CursorUp
            | Action::CursorDown
            | Action::PlayAtCursor
    )
}

/// How to unlock, in words: "Press Ctrl+L or Pause, or Unlock at the top".
fn how_to_unlock(ctx: &egui::Context) -> String {
    match Bindings::of(ctx).describe(ctx, Action::Lock) {
        Some(keys) => tr!("lock-how", keys = keys),
        None => tr!("lock-how-button"),
    }
}

/// The "Locked" mark across the middle of a board in `rect`, with how to unlock.
pub fn paint_mark(painter: &Painter, rect: Rect, ctx: &egui::Context) {
    let band = Rect::from_center_size(
        rect.center(),
        egui::vec2(rect.width() * 0.9, rect.height() * 0.24),
    );
    painter.rect_filled(band, 10.0, Color32::from_black_alpha(210));
    let big = (rect.height() * 0.07).max(16.0);
    painter.text(
        band.center() - egui::vec2(0.0, big * 0.45),
        Align2::CENTER_CENTER,
        tr!("lock-mark"),
        FontId::proportional(big),
        Color32::from_rgb(255, 215, 90),
    );
    painter.text(
        band.center() + egui::vec2(0.0, big * 0.75),
        Align2::CENTER_CENTER,
        how_to_unlock(ctx),
        FontId::proportional((big * 0.38).max(11.0)),
        Color32::WHITE,
    );
}

impl ReversiGomokuApp {
    /// Whether the window is locked.
    #[must_use]
    pub fn is_locked(&self) -> bool {
        self.locked
    }

    /// Lock or unlock the window (both tabs), and keep it in the autosave. Unlocking drops a
    /// pending "Unlock first?" question unanswered.
    pub fn set_locked(&mut self, locked: bool) {
        self.locked = locked;
        for tab in self.tabs_mut() {
            tab.set_locked(locked);
        }
        self.data.set_locked(locked);
        if !locked {
            self.unlock_question = None;
        }
    }

    /// Ask "Unlock first?" before doing `then` (see [`ReversiGomokuApp::answer_unlock`]).
    pub fn ask_unlock(&mut self, then: Deferred) {
        self.unlock_question = Some(then);
    }

    /// The question asked, while it waits for its answer.
    #[must_use]
    pub fn unlock_question(&self) -> Option<&Deferred> {
        self.unlock_question.as_ref()
    }

    /// Answer "Unlock first?": `unlock` unlocks and does what waited; else nothing changes.
    pub fn answer_unlock(&mut self, unlock: bool) {
        let Some(then) = self.unlock_question.take() else {
            return;
        };
        if !unlock {
            return;
        }
        self.set_locked(false);
        match then {
            Deferred::Replace(game, pending) => self.replace_game(game, pending),
            Deferred::Undo(game) => self.tab_mut(game).undo(),
            Deferred::Redo(game) => self.tab_mut(game).redo(),
            Deferred::Open => self.open_dialog(),
        }
    }

    /// The status line while locked.
    pub(super) fn lock_status(ctx: &egui::Context) -> String {
        tr!("lock-status", how = how_to_unlock(ctx))
    }

    /// The Lock / Unlock button of the top bar.
    pub(super) fn lock_button(&mut self, ui: &mut egui::Ui) {
        let (label, hover) = if self.locked {
            (tr!("lock-unlock"), tr!("lock-unlock-hover"))
        } else {
            (tr!("lock-lock"), tr!("lock-lock-hover"))
        };
        let hover = shortcuts::hover_text(ui.ctx(), &hover, Action::Lock);
        if ui
            .add(egui::Button::new(label).selected(self.locked))
            .on_hover_text(hover)
            .clicked()
        {
            self.set_locked(!self.locked);
        }
    }

    /// The "Unlock first?" dialog, while a question waits.
    pub(super) fn unlock_dialog(&mut self, ctx: &egui::Context) {
        let Some(then) = &self.unlock_question else {
            return;
        };
        let question = then.question();
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("unlock-dialog")).show(ctx, |ui| {
            ui.heading(tr!("lock-ask-heading"));
            ui.label(question);
            ui.horizontal(|ui| {
                if ui.button(tr!("lock-ask-unlock")).clicked() {
                    answer = Some(true);
                }
                if ui.button(tr!("lock-ask-stay")).clicked() {
                    answer = Some(false);
                }
            });
        });
        if let Some(unlock) = answer {
            self.answer_unlock(unlock);
        }
    }
}
