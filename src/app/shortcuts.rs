//! The keyboard shortcuts: one table of actions, each with its key combinations and a
//! description. The same table handles the keys, lists them in the help and adds them to
//! tooltips, so a shortcut is written down once. The bindings are data ([`Bindings`], a map
//! from action to key combinations), so they could be loaded from the settings.
//!
//! No shortcut fires while a text field has focus (the keys are the text's), and the board
//! cursor's keys (arrows, Enter, Space) not while any widget has keyboard focus (egui moves
//! the focus and presses the focused button with them).

use std::collections::BTreeMap;
use std::sync::Arc;

use egui::{Key, KeyboardShortcut, Modifiers};

use super::persistence::DataStore;
use super::zoom;
use crate::tr;

/// Something a key can do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Action {
    /// Start a new game in the tab on screen.
    NewGame,
    /// Take back the last move (against the computer, also its reply).
    Undo,
    /// Replay a move taken back.
    Redo,
    /// Save the game to a file.
    Save,
    /// Open a saved game.
    Open,
    /// The computer takes the other side.
    SwapSides,
    /// Pass (Reversi, when passing is the only move).
    Pass,
    /// Ask the computer for a hint.
    Hint,
    /// Show the other game's tab.
    SwitchGame,
    /// Open or close the help.
    Help,
    /// Fullscreen on or off.
    Fullscreen,
    /// Make everything larger.
    ZoomIn,
    /// Make everything smaller.
    ZoomOut,
    /// Back to the normal size.
    ZoomReset,
    /// Move the board cursor left.
    CursorLeft,
    /// Move the board cursor right.
    CursorRight,
    /// Move the board cursor up.
    CursorUp,
    /// Move the board cursor down.
    CursorDown,
    /// Play at the board cursor.
    PlayAtCursor,
}

impl Action {
    /// Every action, in the order the help lists them.
    pub const ALL: [Action; 19] = [
        Action::NewGame,
        Action::Undo,
        Action::Redo,
        Action::Save,
        Action::Open,
        Action::SwapSides,
        Action::Pass,
        Action::Hint,
        Action::SwitchGame,
        Action::Help,
        Action::Fullscreen,
        Action::ZoomIn,
        Action::ZoomOut,
        Action::ZoomReset,
        Action::CursorLeft,
        Action::CursorRight,
        Action::CursorUp,
        Action::CursorDown,
        Action::PlayAtCursor,
    ];

    /// What the action does, for the help and tooltips, in the window's language.
    #[must_use]
    pub fn description(self) -> String {
        tr!(self.key())
    }

    /// The catalogue key of [`Action::description`].
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            Action::NewGame => "shortcut-new-game",
            Action::Undo => "shortcut-undo",
            Action::Redo => "shortcut-redo",
            Action::Save => "shortcut-save",
            Action::Open => "shortcut-open",
            Action::SwapSides => "shortcut-swap-sides",
            Action::Pass => "shortcut-pass",
            Action::Hint => "shortcut-hint",
            Action::SwitchGame => "shortcut-switch-game",
            Action::Help => "shortcut-help",
            Action::Fullscreen => "shortcut-fullscreen",
            Action::ZoomIn => "shortcut-zoom-in",
            Action::ZoomOut => "shortcut-zoom-out",
            Action::ZoomReset => "shortcut-zoom-reset",
            Action::CursorLeft => "shortcut-cursor-left",
            Action::CursorRight => "shortcut-cursor-right",
            Action::CursorUp => "shortcut-cursor-up",
            Action::CursorDown => "shortcut-cursor-down",
            Action::PlayAtCursor => "shortcut-play-at-cursor",
        }
    }

    /// Whether the action works the board cursor (its keys belong to a focused widget).
    #[must_use]
    pub fn is_cursor(self) -> bool {
        matches!(
            self,
            Action::CursorLeft
                | Action::CursorRight
                | Action::CursorUp
                | Action::CursorDown
                | Action::PlayAtCursor
        )
    }

    /// Whether the action changes only the window (help, fullscreen, zoom), so it may act
    /// while a dialog waits for an answer.
    #[must_use]
    pub fn is_window(self) -> bool {
        matches!(
            self,
            Action::Help
                | Action::Fullscreen
                | Action::ZoomIn
                | Action::ZoomOut
                | Action::ZoomReset
        )
    }
}

/// Which key combinations do what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bindings {
    keys: BTreeMap<Action, Vec<KeyboardShortcut>>,
}

const fn key(modifiers: Modifiers, key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(modifiers, key)
}

const CTRL: Modifiers = Modifiers::COMMAND;
const CTRL_SHIFT: Modifiers = Modifiers {
    shift: true,
    ..Modifiers::COMMAND
};
const NONE: Modifiers = Modifiers::NONE;

/// The default bindings (Ctrl is Cmd on macOS).
const DEFAULTS: [(Action, &[KeyboardShortcut]); 19] = [
    (Action::NewGame, &[key(CTRL, Key::N)]),
    (Action::Undo, &[key(CTRL, Key::Z)]),
    (Action::Redo, &[key(CTRL, Key::Y), key(CTRL_SHIFT, Key::Z)]),
    (Action::Save, &[key(CTRL, Key::S)]),
    (Action::Open, &[key(CTRL, Key::O)]),
    (Action::SwapSides, &[key(CTRL, Key::T)]),
    (Action::Pass, &[key(NONE, Key::P)]),
    (Action::Hint, &[key(NONE, Key::H)]),
    (Action::SwitchGame, &[key(CTRL, Key::Tab)]),
    (Action::Help, &[key(NONE, Key::F1)]),
    (Action::Fullscreen, &[key(NONE, Key::F11)]),
    (
        Action::ZoomIn,
        &[key(CTRL, Key::Plus), key(CTRL, Key::Equals)],
    ),
    (Action::ZoomOut, &[key(CTRL, Key::Minus)]),
    (Action::ZoomReset, &[key(CTRL, Key::Num0)]),
    (Action::CursorLeft, &[key(NONE, Key::ArrowLeft)]),
    (Action::CursorRight, &[key(NONE, Key::ArrowRight)]),
    (Action::CursorUp, &[key(NONE, Key::ArrowUp)]),
    (Action::CursorDown, &[key(NONE, Key::ArrowDown)]),
    (
        Action::PlayAtCursor,
        &[key(NONE, Key::Enter), key(NONE, Key::Space)],
    ),
];

impl Default for Bindings {
    fn default() -> Bindings {
        Bindings {
            keys: DEFAULTS.iter().map(|(a, k)| (*a, k.to_vec())).collect(),
        }
    }
}

impl Bindings {
    /// Bindings from a map (an action left out has no key).
    #[must_use]
    pub fn from_map(keys: BTreeMap<Action, Vec<KeyboardShortcut>>) -> Bindings {
        Bindings { keys }
    }

    /// The key combinations of `action` (empty when it has none).
    #[must_use]
    pub fn keys(&self, action: Action) -> &[KeyboardShortcut] {
        self.keys.get(&action).map_or(&[], Vec::as_slice)
    }

    /// Every (action, key combination) pair, in the help's order.
    pub fn all(&self) -> impl Iterator<Item = (Action, KeyboardShortcut)> + '_ {
        Action::ALL
            .into_iter()
            .flat_map(|a| self.keys(a).iter().map(move |k| (a, *k)))
    }

    /// The key combinations of `action` in words, in the window's language: "Ctrl+Y or
    /// Ctrl+Shift+Z"; `None` without.
    #[must_use]
    pub fn describe(&self, ctx: &egui::Context, action: Action) -> Option<String> {
        let keys: Vec<String> = self
            .keys(action)
            .iter()
            .map(|k| ctx.format_shortcut(k))
            .collect();
        keys.into_iter()
            .reduce(|first, second| tr!("shortcut-either", first = first, second = second))
    }

    /// Takes this frame's key presses that are bound, and returns their actions in the order
    /// pressed combinations were checked. Nothing while a text field has focus; no cursor
    /// action while any widget has keyboard focus.
    pub fn pressed(&self, ctx: &egui::Context) -> Vec<Action> {
        if ctx.text_edit_focused() {
            return Vec::new();
        }
        let widget_focused = ctx.egui_wants_keyboard_input();
        let mut pairs: Vec<(Action, KeyboardShortcut)> = self
            .all()
            .filter(|(a, _)| !(widget_focused && a.is_cursor()))
            .collect();
        // egui matches Ctrl+Z also when Shift is held: try combinations with more modifiers
        // first, so Ctrl+Shift+Z is not taken for Ctrl+Z.
        pairs.sort_by_key(|(_, k)| std::cmp::Reverse(modifier_count(k.modifiers)));
        let mut fired = Vec::new();
        ctx.input_mut(|i| {
            for (action, k) in pairs {
                if i.consume_shortcut(&k) && !fired.contains(&action) {
                    fired.push(action);
                }
            }
        });
        fired
    }

    /// Keep these bindings in `ctx`, where [`hover_text`] finds them.
    pub fn install(self, ctx: &egui::Context) {
        ctx.data_mut(|d| d.insert_temp(bindings_id(), Arc::new(self)));
    }

    /// The bindings kept in `ctx` (the defaults before any were installed).
    #[must_use]
    pub fn of(ctx: &egui::Context) -> Arc<Bindings> {
        ctx.data(|d| d.get_temp::<Arc<Bindings>>(bindings_id()))
            .unwrap_or_default()
    }
}

fn bindings_id() -> egui::Id {
    egui::Id::unique("shortcut-bindings")
}

fn modifier_count(m: Modifiers) -> u8 {
    u8::from(m.alt) + u8::from(m.ctrl || m.command || m.mac_cmd) + u8::from(m.shift)
}

/// A tooltip naming the shortcut: `text` and " (Ctrl+N)"; `text` alone when unbound.
#[must_use]
pub fn hover_text(ctx: &egui::Context, text: &str, action: Action) -> String {
    match Bindings::of(ctx).describe(ctx, action) {
        Some(keys) => tr!("shortcut-hover", text = text, keys = keys),
        None => text.to_string(),
    }
}

/// A zoom key: one step in or out, or back to the normal size, through
/// [`zoom::set_zoom`] so the zoom is remembered in the settings (egui's own zoom keys are
/// off, so a key press zooms once).
pub fn zoom(ctx: &egui::Context, data: &mut DataStore, action: Action) {
    match action {
        Action::ZoomIn => {
            zoom::step_zoom(ctx, data, 1);
        }
        Action::ZoomOut => {
            zoom::step_zoom(ctx, data, -1);
        }
        Action::ZoomReset => {
            zoom::set_zoom(ctx, data, 1.0);
        }
        _ => {}
    }
}

/// Fullscreen on if it is off, off if it is on.
pub fn toggle_fullscreen(ctx: &egui::Context) {
    let on = ctx.input(|i| i.viewport().fullscreen.unwrap_or(false));
    ctx.send_viewport_cmd(egui::ViewportCommand::Fullscreen(!on));
}

#[cfg(test)]
mod tests {
    use super::{Action, Bindings, DEFAULTS};

    #[test]
    fn every_action_has_a_default_key_listed_once() {
        for action in Action::ALL {
            let n = DEFAULTS.iter().filter(|(a, _)| *a == action).count();
            assert_eq!(n, 1, "{action:?}");
            assert!(!Bindings::default().keys(action).is_empty(), "{action:?}");
        }
    }
}
