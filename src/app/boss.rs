//! The boss key (Ctrl+B by default, or "Hide" in the tray): the window goes at once, silent,
//! the game locked ([`super::lock`]: computer and clocks stopped).
//!
//! Where a tray host shows our icon ([`super::tray`]) the window is hidden and comes back
//! from the tray ("Show", or a click on the icon); elsewhere it is minimised and comes back
//! from the taskbar. Either way it comes back exactly as it was, still locked until the
//! player unlocks. While hidden no sound plays; the Sound menu's own mute is left as it was,
//! so the sound comes back with the window.

use egui::ViewportCommand;

use super::ReversiGomokuApp;
use super::tray::{Tray, TrayEvent};

/// How the window went away.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hidden {
    /// Hidden, with the tray icon as the way back.
    ToTray,
    /// Minimised (no tray host); `seen` once the window was seen minimised, so that a
    /// window no longer minimised is one the player brought back.
    Minimized {
        /// The window has reported being minimised.
        seen: bool,
    },
}

impl ReversiGomokuApp {
    /// Put the tray icon up (see [`Tray::spawn`]); without it the boss key minimises.
    pub fn start_tray(&mut self, ctx: &egui::Context) {
        self.tray = Tray::spawn(ctx);
    }

    /// The tray.
    #[must_use]
    pub fn tray(&self) -> &Tray {
        &self.tray
    }

    /// How the window went away, while it is away.
    #[must_use]
    pub fn hidden(&self) -> Option<Hidden> {
        self.hidden
    }

    /// Whether sound may play now: not muted, and the window not hidden by the boss key.
    #[must_use]
    pub fn sound_allowed(&self) -> bool {
        self.hidden.is_none() && !self.data.sound_muted()
    }

    /// The boss key: lock the game, silence it and hide the window (to the tray when a tray
    /// host shows our icon, else minimised).
    pub fn boss_key(&mut self, ctx: &egui::Context) {
        self.set_locked(true);
        if self.tray.is_ready() {
            ctx.send_viewport_cmd(ViewportCommand::Visible(false));
            self.hidden = Some(Hidden::ToTray);
        } else {
            ctx.send_viewport_cmd(ViewportCommand::Minimized(true));
            self.hidden = Some(Hidden::Minimized { seen: false });
        }
        // A hidden window draws no frame, where the music is kept up to date: stop it now.
        self.play_music(ctx);
    }

    /// Bring the window back (from the tray): as it was, still locked.
    pub fn show_window(&mut self, ctx: &egui::Context) {
        ctx.send_viewport_cmd(ViewportCommand::Visible(true));
        ctx.send_viewport_cmd(ViewportCommand::Minimized(false));
        ctx.send_viewport_cmd(ViewportCommand::Focus);
        self.hidden = None;
    }

    /// Per frame: what was chosen in the tray, the language of its menu, and a minimised
    /// window the player brought back (or used: a click or a key means it is on screen).
    pub(super) fn follow_tray(&mut self, ctx: &egui::Context) {
        for event in self.tray.events() {
            match event {
                TrayEvent::Show => self.show_window(ctx),
                TrayEvent::Hide => self.boss_key(ctx),
                TrayEvent::Quit => ctx.send_viewport_cmd(ViewportCommand::Close),
            }
        }
        let language = self.language();
        if self.tray_language != Some(language) {
            self.tray_language = Some(language);
            self.tray.relabel();
        }
        if let Some(Hidden::Minimized { seen }) = self.hidden {
            let minimized = ctx.input(|i| i.viewport().minimized);
            let used = ctx.input(|i| {
                i.events.iter().any(|e| {
                    matches!(
                        e,
                        egui::Event::Key { pressed: true, .. }
                            | egui::Event::PointerButton { pressed: true, .. }
                    )
                })
            });
            self.hidden = match minimized {
                Some(true) => Some(Hidden::Minimized { seen: true }),
                Some(false) if seen => None,
                _ if used => None,
                _ => self.hidden,
            };
        }
    }
}
