//! The Shortcuts window, the settings page of the keyboard: every action of the shortcut
//! table ([`super::shortcuts`]) with its key combinations, "Change…" (the next combination
//! pressed replaces them) and "Add…" (it is added), and "Reset to defaults". A combination
//! another action has is refused with that action named; Esc cancels. The bindings are
//! kept in `settings.json` (`shortcuts`) and applied at once: the keys, the help's table and
//! the tooltips follow.

use egui::{Event, KeyboardShortcut, RichText, Ui};

use crate::tr;

use super::persistence::DataStore;
use super::shortcuts::{Action, BindError, Bindings, CANCEL_KEY, is_modifier_key};

/// The Shortcuts window's state.
#[derive(Debug, Default)]
pub struct ShortcutEditor {
    /// The window is open.
    pub open: bool,
    /// Waiting for a combination for this action: replacing its combinations (`true`) or
    /// adding one.
    capture: Option<(Action, bool)>,
    /// What the last attempt did (a refusal, or the new binding).
    message: Option<String>,
}

impl ShortcutEditor {
    /// Whether the window waits for a key combination (the app's shortcuts wait meanwhile).
    #[must_use]
    pub fn capturing(&self) -> bool {
        self.capture.is_some()
    }

    /// Wait for the next combination pressed, for `action` (see [`ShortcutEditor::capture`]).
    pub fn start_capture(&mut self, action: Action, replace: bool) {
        self.capture = Some((action, replace));
        self.message = None;
    }

    /// What the last attempt did, in the window's language.
    #[must_use]
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// While capturing: takes this frame's key presses (no other part of the window sees
    /// them) and binds the first that is not a modifier key alone to the action, or refuses it when another action has it
    /// (then waits for another); Esc cancels.
    pub fn capture(&mut self, ctx: &egui::Context, data: &mut DataStore) {
        let Some((action, replace)) = self.capture else {
            return;
        };
        let pressed = ctx.input_mut(|i| {
            let first = i.events.iter().find_map(|e| match e {
                // Ctrl, Shift… alone are on their way to a combination.
                Event::Key {
                    key,
                    pressed: true,
                    modifiers,
                    ..
                } if !is_modifier_key(*key) => Some(KeyboardShortcut::new(*modifiers, *key)),
                _ => None,
            });
            i.events
                .retain(|e| !matches!(e, Event::Key { .. } | Event::Text(_)));
            first
        });
        let Some(shortcut) = pressed else {
            return;
        };
        if shortcut.logical_key == CANCEL_KEY {
            self.capture = None;
            return;
        }
        let keys = ctx.format_shortcut(&super::shortcuts::normalized(shortcut));
        let mut bindings = (*Bindings::of(ctx)).clone();
        match bindings.bind(action, shortcut, replace) {
            Ok(()) => {
                self.capture = None;
                self.message = Some(tr!(
                    "shortcuts-bound",
                    keys = keys,
                    action = action.description()
                ));
                apply(ctx, data, bindings);
            }
            Err(BindError::Taken(other)) => {
                self.message = Some(tr!(
                    "shortcuts-taken",
                    keys = keys,
                    action = other.description()
                ));
            }
            Err(BindError::Reserved) => self.capture = None,
        }
    }

    /// The window, when open.
    pub fn show(&mut self, ctx: &egui::Context, data: &mut DataStore) {
        let mut open = self.open;
        egui::Window::new(tr!("shortcuts-title"))
            .open(&mut open)
            .default_width(520.0)
            .default_height(480.0)
            .show(ctx, |ui| self.contents(ui, data));
        self.open = open;
        if !open {
            self.capture = None;
        }
    }

    fn contents(&mut self, ui: &mut Ui, data: &mut DataStore) {
        let ctx = ui.ctx().clone();
        ui.label(tr!("shortcuts-intro"));
        match (&self.message, self.capture) {
            (Some(message), _) => {
                ui.colored_label(ui.visuals().warn_fg_color, message);
            }
            (None, Some(_)) => {
                ui.strong(tr!("shortcuts-press"));
            }
            (None, None) => {}
        }
        let bindings = Bindings::of(&ctx);
        egui::ScrollArea::vertical()
            .max_height(ui.available_height().max(200.0) - 40.0)
            .show(ui, |ui| {
                egui::Grid::new("shortcut-editor")
                    .num_columns(3)
                    .striped(true)
                    .show(ui, |ui| {
                        for action in Action::ALL {
                            self.row(ui, &bindings, action);
                        }
                    });
            });
        ui.separator();
        if ui.button(tr!("shortcuts-reset")).clicked() {
            self.capture = None;
            self.message = Some(tr!("shortcuts-were-reset"));
            data.change_settings(|s| s.shortcuts = None);
            Bindings::default().install(&ctx);
        }
    }

    /// One action: what it does, its keys (or "press…" while capturing for it), and the
    /// Change… / Add… buttons, named with the action for screen readers and tests.
    fn row(&mut self, ui: &mut Ui, bindings: &Bindings, action: Action) {
        let description = action.description();
        ui.label(&description);
        if self.capture.is_some_and(|(a, _)| a == action) {
            ui.label(RichText::new(tr!("shortcuts-press-short")).strong());
        } else {
            let keys = bindings
                .describe(ui.ctx(), action)
                .unwrap_or_else(|| tr!("shortcuts-none"));
            ui.monospace(keys);
        }
        ui.horizontal(|ui| {
            for (label, replace) in [
                (tr!("shortcuts-change"), true),
                (tr!("shortcuts-add"), false),
            ] {
                let name = format!("{label} {description}");
                let response = ui.button(&label);
                response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &name));
                if response.clicked() {
                    self.start_capture(action, replace);
                }
            }
        });
        ui.end_row();
    }
}

/// Make `bindings` the app's (keys, help, tooltips) and remember them in the settings,
/// keeping the actions a newer version wrote that this one does not know.
pub fn apply(ctx: &egui::Context, data: &mut DataStore, bindings: Bindings) {
    let mut table = bindings.to_table();
    data.change_settings(|s| {
        if let Some(old) = &s.shortcuts {
            for (name, keys) in &old.keys {
                if Action::from_id(name).is_none() {
                    table.keys.insert(name.clone(), keys.clone());
                }
            }
            table.version = table.version.max(old.version);
        }
        s.shortcuts = Some(table);
    });
    bindings.install(ctx);
}
