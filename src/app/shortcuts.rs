//! The keyboard shortcuts: one table of actions, each with its key combinations and a
//! description. The same table handles the keys, lists them in the help and adds them to
//! tooltips, so a shortcut is written down once. The bindings are data ([`Bindings`], a map
//! from action to key combinations): the player re-binds them in the Shortcuts window
//! ([`super::shortcut_editor`]) and they are kept in the settings as text
//! ([`Bindings::to_table`], [`Bindings::from_table`]).
//!
//! No shortcut fires while a text field has focus (the keys are the text's), and the board
//! cursor's keys (arrows, Enter, Space) not while any widget has keyboard focus (egui moves
//! the focus and presses the focused button with them).

use std::collections::BTreeMap;
use std::sync::Arc;

use egui::{Key, KeyboardShortcut, Modifiers};

use super::persistence::DataStore;
use super::zoom;
pub use crate::persist::ShortcutTable;
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
    /// Lock (pause) the game, or unlock it.
    Lock,
    /// The boss key: hide the window at once (to the tray, else minimised), silent and locked.
    BossKey,
    /// Mute or unmute the sound effects.
    Mute,
}

impl Action {
    /// Every action, in the order the help lists them.
    pub const ALL: [Action; 22] = [
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
        Action::Lock,
        Action::BossKey,
        Action::Mute,
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
            Action::Lock => "shortcut-lock",
            Action::BossKey => "shortcut-boss-key",
            Action::Mute => "shortcut-mute",
        }
    }

    /// The action's name in the settings file ("new_game", "boss_key"); never changes.
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            Action::NewGame => "new_game",
            Action::Undo => "undo",
            Action::Redo => "redo",
            Action::Save => "save",
            Action::Open => "open",
            Action::SwapSides => "swap_sides",
            Action::Pass => "pass",
            Action::Hint => "hint",
            Action::SwitchGame => "switch_game",
            Action::Help => "help",
            Action::Fullscreen => "fullscreen",
            Action::ZoomIn => "zoom_in",
            Action::ZoomOut => "zoom_out",
            Action::ZoomReset => "zoom_reset",
            Action::CursorLeft => "cursor_left",
            Action::CursorRight => "cursor_right",
            Action::CursorUp => "cursor_up",
            Action::CursorDown => "cursor_down",
            Action::PlayAtCursor => "play_at_cursor",
            Action::Lock => "lock",
            Action::BossKey => "boss_key",
            Action::Mute => "mute",
        }
    }

    /// The action named `id` in the settings file.
    #[must_use]
    pub fn from_id(id: &str) -> Option<Action> {
        Action::ALL.into_iter().find(|a| a.id() == id)
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

    /// Whether the action changes only the window (help, fullscreen, zoom, sound, lock, the
    /// boss key), so it may act while a dialog waits for an answer.
    #[must_use]
    pub fn is_window(self) -> bool {
        matches!(
            self,
            Action::Help
                | Action::Fullscreen
                | Action::ZoomIn
                | Action::ZoomOut
                | Action::ZoomReset
                | Action::Lock
                | Action::BossKey
                | Action::Mute
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
const DEFAULTS: [(Action, &[KeyboardShortcut]); 22] = [
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
    (Action::Lock, &[key(CTRL, Key::L), key(NONE, Key::Pause)]),
    (Action::BossKey, &[key(CTRL, Key::B)]),
    (Action::Mute, &[key(NONE, Key::M)]),
];

/// The version of the shortcut table in the settings file ([`ShortcutTable::version`]): which
/// actions it has. 1: the 22 actions of [`Action::ALL`].
pub const TABLE_VERSION: u32 = 1;

/// The key that cancels the capture of a new combination in the Shortcuts window, so it
/// cannot be bound.
pub const CANCEL_KEY: Key = Key::Escape;

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

    /// The action `shortcut` is bound to, if any (compared as [`normalized`]).
    #[must_use]
    pub fn action_of(&self, shortcut: KeyboardShortcut) -> Option<Action> {
        let wanted = normalized(shortcut);
        self.all()
            .find(|(_, k)| normalized(*k) == wanted)
            .map(|(a, _)| a)
    }

    /// Bind `shortcut` to `action`: in place of its combinations (`replace`), or besides them.
    ///
    /// # Errors
    /// [`BindError::Taken`] naming the other action that has the combination already;
    /// [`BindError::Reserved`] for the key that cancels a capture. Nothing changes then.
    pub fn bind(
        &mut self,
        action: Action,
        shortcut: KeyboardShortcut,
        replace: bool,
    ) -> Result<(), BindError> {
        let shortcut = normalized(shortcut);
        if shortcut.logical_key == CANCEL_KEY {
            return Err(BindError::Reserved);
        }
        match self.action_of(shortcut) {
            Some(other) if other != action => return Err(BindError::Taken(other)),
            Some(_) if !replace => return Ok(()), // already one of its own
            _ => {}
        }
        let keys = self.keys.entry(action).or_default();
        if replace {
            keys.clear();
        }
        keys.push(shortcut);
        Ok(())
    }

    /// The bindings as the settings file keeps them: every action by its [`Action::id`], its
    /// combinations as text ([`shortcut_text`]).
    #[must_use]
    pub fn to_table(&self) -> ShortcutTable {
        ShortcutTable {
            version: TABLE_VERSION,
            keys: Action::ALL
                .into_iter()
                .map(|a| {
                    let keys = self.keys(a).iter().map(|k| shortcut_text(*k)).collect();
                    (a.id().to_string(), keys)
                })
                .collect(),
        }
    }

    /// The bindings a settings file's `table` gives, and the problems found in it (in English,
    /// as the file is): a combination that cannot be read or that another action has already
    /// is left out. An action the table does not name (it was written by a version without
    /// that action) gets its default combinations, less those the table gives to another
    /// action. Names this version does not know are ignored (and kept in the file).
    #[must_use]
    pub fn from_table(table: &ShortcutTable) -> (Bindings, Vec<String>) {
        let mut bindings = Bindings::from_map(BTreeMap::new());
        let mut problems = Vec::new();
        let mut named = Vec::new();
        for action in Action::ALL {
            let Some(texts) = table.keys.get(action.id()) else {
                continue;
            };
            named.push(action);
            bindings.keys.entry(action).or_default();
            for text in texts {
                let result = parse_shortcut(text)
                    .map_err(|e| format!("{}: {e}", action.id()))
                    .and_then(|k| {
                        bindings.bind(action, k, false).map_err(|e| match e {
                            BindError::Taken(other) => format!(
                                "{}: {text} is already bound to {}",
                                action.id(),
                                other.id()
                            ),
                            BindError::Reserved => {
                                format!("{}: {text} cannot be bound", action.id())
                            }
                        })
                    });
                if let Err(problem) = result {
                    problems.push(problem);
                }
            }
        }
        for (action, defaults) in DEFAULTS {
            if named.contains(&action) {
                continue;
            }
            for k in defaults {
                // A default another action took in the file stays with that action.
                let _ = bindings.bind(action, *k, false);
            }
        }
        (bindings, problems)
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

/// Why a combination cannot be bound (see [`Bindings::bind`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BindError {
    /// Another action has it.
    Taken(Action),
    /// It cancels the capture of a new combination ([`CANCEL_KEY`]).
    Reserved,
}

/// Whether `key` is a modifier key itself (Ctrl, Shift, Alt, Super): pressed on its way to a
/// combination, it is not one.
#[must_use]
pub fn is_modifier_key(key: Key) -> bool {
    matches!(
        key,
        Key::ShiftLeft
            | Key::ShiftRight
            | Key::ControlLeft
            | Key::ControlRight
            | Key::AltLeft
            | Key::AltRight
            | Key::SuperLeft
            | Key::SuperRight
    )
}

/// `shortcut` as the table compares and keeps it: Ctrl (Cmd on macOS) as egui's
/// platform-neutral `command`, the Mac's own Control key as `ctrl` only when Cmd is not
/// also down; so a combination pressed and the same one written in the table are equal.
#[must_use]
pub fn normalized(shortcut: KeyboardShortcut) -> KeyboardShortcut {
    let m = shortcut.modifiers;
    let command = m.command || m.mac_cmd;
    let modifiers = Modifiers {
        alt: m.alt,
        shift: m.shift,
        command,
        ctrl: m.ctrl && !command,
        mac_cmd: false,
    };
    KeyboardShortcut::new(modifiers, shortcut.logical_key)
}

/// A combination as the settings file writes it, the same on every platform: modifiers
/// `Ctrl` (Cmd on macOS), `MacCtrl` (the Mac's Control key), `Alt`, `Shift`, then the key's
/// egui name, joined by `+`: "Ctrl+Shift+Z", "F1", "Ctrl+Plus".
#[must_use]
pub fn shortcut_text(shortcut: KeyboardShortcut) -> String {
    let k = normalized(shortcut);
    let m = k.modifiers;
    let mut parts = Vec::new();
    for (on, name) in [
        (m.command, "Ctrl"),
        (m.ctrl, "MacCtrl"),
        (m.alt, "Alt"),
        (m.shift, "Shift"),
    ] {
        if on {
            parts.push(name);
        }
    }
    parts.push(k.logical_key.name());
    parts.join("+")
}

/// Reads a combination written by [`shortcut_text`] (key names as egui's
/// [`Key::from_name`] reads them, so "Ctrl+=" works too).
///
/// # Errors
/// A short English sentence naming what cannot be read.
pub fn parse_shortcut(text: &str) -> Result<KeyboardShortcut, String> {
    let (mods, key) = match text.rsplit_once('+') {
        // "Ctrl++": the key is the plus sign.
        Some((mods, "")) => (mods.strip_suffix('+').unwrap_or(mods), "+"),
        Some((mods, key)) => (mods, key),
        None => ("", text),
    };
    let mut m = Modifiers::NONE;
    for part in mods.split('+').filter(|p| !p.is_empty()) {
        match part {
            "Ctrl" | "Cmd" => m.command = true,
            "MacCtrl" => m.ctrl = true,
            "Alt" => m.alt = true,
            "Shift" => m.shift = true,
            other => return Err(format!("unknown modifier {other:?} in {text:?}")),
        }
    }
    let key = Key::from_name(key.trim()).ok_or_else(|| format!("unknown key in {text:?}"))?;
    Ok(normalized(KeyboardShortcut::new(m, key)))
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
    use super::{Action, Bindings, DEFAULTS, parse_shortcut, shortcut_text};
    use egui::{Key, KeyboardShortcut, Modifiers};

    #[test]
    fn every_action_has_a_default_key_listed_once() {
        for action in Action::ALL {
            let n = DEFAULTS.iter().filter(|(a, _)| *a == action).count();
            assert_eq!(n, 1, "{action:?}");
            assert!(!Bindings::default().keys(action).is_empty(), "{action:?}");
            assert_eq!(Action::from_id(action.id()), Some(action));
        }
    }

    #[test]
    fn combinations_read_back_as_written() {
        for (_, k) in Bindings::default().all() {
            assert_eq!(parse_shortcut(&shortcut_text(k)), Ok(k));
        }
        let ctrl_shift_z = KeyboardShortcut::new(
            Modifiers {
                shift: true,
                ..Modifiers::COMMAND
            },
            Key::Z,
        );
        assert_eq!(shortcut_text(ctrl_shift_z), "Ctrl+Shift+Z");
        // As pressed on Linux: Ctrl sets both `ctrl` and `command`.
        let pressed = KeyboardShortcut::new(Modifiers::CTRL | Modifiers::COMMAND, Key::L);
        assert_eq!(shortcut_text(pressed), "Ctrl+L");
        assert_eq!(
            parse_shortcut("Ctrl++").map(|k| k.logical_key),
            Ok(Key::Plus)
        );
        assert!(parse_shortcut("Hyper+Q").is_err());
        assert!(parse_shortcut("Ctrl+NoSuchKey").is_err());
    }

    #[test]
    fn an_older_table_gets_the_new_actions_defaults_unless_taken() {
        let mut table = Bindings::default().to_table();
        table.keys.remove("boss_key");
        table.keys.insert("hint".into(), vec!["Ctrl+B".into()]);
        let (b, problems) = Bindings::from_table(&table);
        assert!(problems.is_empty(), "{problems:?}");
        assert!(
            b.keys(Action::BossKey).is_empty(),
            "Ctrl+B stays the hint's"
        );
        assert_eq!(b.keys(Action::Lock), Bindings::default().keys(Action::Lock));
    }
}
