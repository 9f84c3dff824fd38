//! The system tray icon the boss key hides the window to: the app's icon with "Show",
//! "Hide" and "Quit" (and a click on the icon shows the window).
//!
//! On Linux it is a StatusNotifierItem on the session D-Bus (`ksni`, pure Rust), started on
//! a thread of its own so the window never waits for D-Bus. Registering tells whether a tray
//! host answers: without a `org.kde.StatusNotifierWatcher` (no D-Bus session, or a desktop
//! without a tray such as plain GNOME or a bare X server) the tray is
//! [`TrayState::Unavailable`] and the boss key minimises the window instead. The tray talks to
//! the window through a channel and wakes it with `request_repaint` (eframe runs the app's
//! logic for a hidden window when asked to repaint).
//!
//! On Windows and macOS it is `tray-icon` (the notification area's icon, the menu bar's
//! status item), created on the UI thread, as both systems require: winit's event loop there
//! already runs the message loop the icon needs. Its events arrive through `tray-icon`'s
//! handlers, which forward them to the same channel and wake the window. Those two backends
//! are compiled for their targets here but have only been run on Linux.

use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex};

/// What the player chose in the tray.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrayEvent {
    /// Show the window again ("Show", or a click on the icon).
    Show,
    /// Hide the window, as the boss key does.
    Hide,
    /// Quit the app.
    Quit,
}

/// Whether the tray icon is up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TrayState {
    /// Registering with the tray host.
    Starting,
    /// A tray host shows the icon.
    Ready,
    /// No tray: why, in the system's words.
    Unavailable(String),
}

/// The window's side of the tray: its events and its state.
pub struct Tray {
    events: Receiver<TrayEvent>,
    state: Arc<Mutex<TrayState>>,
    /// The platform's tray, asked to redo its labels when the language changes; dropping
    /// it ends the tray.
    native: Option<platform::Native>,
}

impl Tray {
    /// No tray, for `reason` (tests, platforms without one): the boss key minimises.
    #[must_use]
    pub fn none(reason: &str) -> Tray {
        let (_, events) = mpsc::channel();
        Tray {
            events,
            state: Arc::new(Mutex::new(TrayState::Unavailable(reason.to_string()))),
            native: None,
        }
    }

    /// Put the icon in the system tray, from a thread of its own; `ctx` is woken for every
    /// event.
    #[must_use]
    pub fn spawn(ctx: &egui::Context) -> Tray {
        platform::spawn(ctx)
    }

    /// The tray's state now.
    #[must_use]
    pub fn state(&self) -> TrayState {
        self.state.lock().map_or_else(
            |_| TrayState::Unavailable("the tray thread failed".into()),
            |s| s.clone(),
        )
    }

    /// Whether a tray host shows the icon, so hiding the window leaves a way back.
    #[must_use]
    pub fn is_ready(&self) -> bool {
        self.state() == TrayState::Ready
    }

    /// What the player chose in the tray since the last call.
    #[must_use]
    pub fn events(&self) -> Vec<TrayEvent> {
        self.events.try_iter().collect()
    }

    /// Write the menu again in the window's language of the moment.
    pub fn relabel(&self) {
        if let Some(native) = &self.native {
            native.relabel();
        }
    }
}

impl std::fmt::Debug for Tray {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tray")
            .field("state", &self.state())
            .finish_non_exhaustive()
    }
}

#[cfg(target_os = "linux")]
mod platform {
    use std::sync::mpsc::{self, Sender};
    use std::sync::{Arc, Mutex};

    use ksni::blocking::TrayMethods;
    use ksni::menu::{MenuItem, StandardItem};

    use super::{Tray, TrayEvent, TrayState};
    use crate::tr;

    /// Wakes the tray thread to redo its labels; dropping it ends the tray thread.
    pub(super) struct Native(Sender<()>);

    impl Native {
        pub(super) fn relabel(&self) {
            let _ = self.0.send(());
        }
    }

    /// The StatusNotifierItem: its labels come from the catalogue when the host asks.
    struct Item {
        events: Sender<TrayEvent>,
        ctx: egui::Context,
        state: Arc<Mutex<TrayState>>,
        icon: Vec<ksni::Icon>,
    }

    impl Item {
        fn send(&self, event: TrayEvent) {
            let _ = self.events.send(event);
            self.ctx.request_repaint();
        }

        fn set_state(&self, state: TrayState) {
            set(&self.state, state);
            self.ctx.request_repaint();
        }
    }

    impl ksni::Tray for Item {
        fn id(&self) -> String {
            crate::desktop::APP_ID.into()
        }

        fn title(&self) -> String {
            tr!("app-title")
        }

        fn icon_name(&self) -> String {
            // Found when the launcher entry's icons are installed; else the pixmap is used.
            crate::desktop::APP_ID.into()
        }

        fn icon_pixmap(&self) -> Vec<ksni::Icon> {
            self.icon.clone()
        }

        fn tool_tip(&self) -> ksni::ToolTip {
            ksni::ToolTip {
                title: tr!("app-title"),
                description: tr!("tray-tooltip"),
                ..Default::default()
            }
        }

        fn activate(&mut self, _x: i32, _y: i32) {
            self.send(TrayEvent::Show);
        }

        fn menu(&self) -> Vec<MenuItem<Self>> {
            let item = |label: String, event: TrayEvent| -> MenuItem<Self> {
                StandardItem {
                    label,
                    activate: Box::new(move |this: &mut Self| this.send(event)),
                    ..Default::default()
                }
                .into()
            };
            vec![
                item(tr!("tray-show"), TrayEvent::Show),
                item(tr!("tray-hide"), TrayEvent::Hide),
                MenuItem::Separator,
                item(tr!("tray-quit"), TrayEvent::Quit),
            ]
        }

        fn watcher_online(&self) {
            self.set_state(TrayState::Ready);
        }

        fn watcher_offline(&self, reason: ksni::OfflineReason) -> bool {
            let why = match reason {
                ksni::OfflineReason::Error(e) => e.to_string(),
                _ => "the tray host went away".to_string(),
            };
            self.set_state(TrayState::Unavailable(why));
            true // keep listening: the host may come back
        }
    }

    fn set(shared: &Mutex<TrayState>, state: TrayState) {
        if let Ok(mut s) = shared.lock() {
            *s = state;
        }
    }

    /// The app icon as the tray wants it: ARGB32, network byte order.
    fn icon() -> Vec<ksni::Icon> {
        let Ok(data) = eframe::icon_data::from_png_bytes(crate::desktop::window_icon_png()) else {
            return Vec::new();
        };
        let argb = data
            .rgba
            .chunks_exact(4)
            .flat_map(|p| [p[3], p[0], p[1], p[2]])
            .collect();
        vec![ksni::Icon {
            width: i32::try_from(data.width).unwrap_or(0),
            height: i32::try_from(data.height).unwrap_or(0),
            data: argb,
        }]
    }

    pub(super) fn spawn(ctx: &egui::Context) -> Tray {
        let (events, receiver) = mpsc::channel();
        let (relabel, relabels) = mpsc::channel::<()>();
        let state = Arc::new(Mutex::new(TrayState::Starting));
        let item = Item {
            events,
            ctx: ctx.clone(),
            state: state.clone(),
            icon: icon(),
        };
        let (thread_state, thread_ctx) = (state.clone(), ctx.clone());
        let spawned = std::thread::Builder::new()
            .name("tray".into())
            .spawn(move || match item.spawn() {
                Ok(handle) => {
                    handle.update(|item: &mut Item| item.set_state(TrayState::Ready));
                    // Until the window drops its sender: redo the labels when asked.
                    for () in relabels {
                        handle.update(|_: &mut Item| {});
                    }
                    handle.shutdown().wait();
                }
                Err(e) => {
                    set(&thread_state, TrayState::Unavailable(e.to_string()));
                    thread_ctx.request_repaint();
                }
            });
        if let Err(e) = spawned {
            set(&state, TrayState::Unavailable(e.to_string()));
        }
        Tray {
            events: receiver,
            state,
            native: Some(Native(relabel)),
        }
    }
}

#[cfg(any(windows, target_os = "macos"))]
mod platform {
    use std::sync::mpsc;
    use std::sync::{Arc, Mutex};

    use tray_icon::menu::{Menu, MenuEvent, MenuItem, PredefinedMenuItem};
    use tray_icon::{
        Icon, MouseButton, MouseButtonState, TrayIcon, TrayIconBuilder, TrayIconEvent,
    };

    use super::{Tray, TrayEvent, TrayState};
    use crate::tr;

    /// The icon and its menu's items; they live on the UI thread, as the systems require.
    pub(super) struct Native {
        _icon: TrayIcon,
        show: MenuItem,
        hide: MenuItem,
        quit: MenuItem,
    }

    impl Native {
        pub(super) fn relabel(&self) {
            self.show.set_text(tr!("tray-show"));
            self.hide.set_text(tr!("tray-hide"));
            self.quit.set_text(tr!("tray-quit"));
        }
    }

    pub(super) fn spawn(ctx: &egui::Context) -> Tray {
        let (events, receiver) = mpsc::channel();
        let (state, native) = match build(ctx, events) {
            Ok(native) => (TrayState::Ready, Some(native)),
            Err(why) => (TrayState::Unavailable(why), None),
        };
        Tray {
            events: receiver,
            state: Arc::new(Mutex::new(state)),
            native,
        }
    }

    fn build(ctx: &egui::Context, events: mpsc::Sender<TrayEvent>) -> Result<Native, String> {
        let show = MenuItem::new(tr!("tray-show"), true, None);
        let hide = MenuItem::new(tr!("tray-hide"), true, None);
        let quit = MenuItem::new(tr!("tray-quit"), true, None);
        let menu = Menu::with_items(&[&show, &hide, &PredefinedMenuItem::separator(), &quit])
            .map_err(|e| e.to_string())?;
        let ids = [
            (show.id().clone(), TrayEvent::Show),
            (hide.id().clone(), TrayEvent::Hide),
            (quit.id().clone(), TrayEvent::Quit),
        ];
        let (menu_events, menu_ctx) = (Mutex::new(events.clone()), ctx.clone());
        MenuEvent::set_event_handler(Some(move |e: MenuEvent| {
            if let Some((_, event)) = ids.iter().find(|(id, _)| *id == e.id)
                && let Ok(events) = menu_events.lock()
            {
                let _ = events.send(*event);
                menu_ctx.request_repaint();
            }
        }));
        let (click_events, click_ctx) = (Mutex::new(events), ctx.clone());
        TrayIconEvent::set_event_handler(Some(move |e: TrayIconEvent| {
            if let TrayIconEvent::Click {
                button: MouseButton::Left,
                button_state: MouseButtonState::Up,
                ..
            } = e
                && let Ok(events) = click_events.lock()
            {
                let _ = events.send(TrayEvent::Show);
                click_ctx.request_repaint();
            }
        }));
        let data = eframe::icon_data::from_png_bytes(crate::desktop::window_icon_png())
            .map_err(|e| e.to_string())?;
        let icon =
            Icon::from_rgba(data.rgba, data.width, data.height).map_err(|e| e.to_string())?;
        let icon = TrayIconBuilder::new()
            .with_menu(Box::new(menu))
            .with_menu_on_left_click(false)
            .with_tooltip(tr!("app-title"))
            .with_icon(icon)
            .build()
            .map_err(|e| e.to_string())?;
        Ok(Native {
            _icon: icon,
            show,
            hide,
            quit,
        })
    }
}

#[cfg(not(any(target_os = "linux", windows, target_os = "macos")))]
mod platform {
    use super::Tray;

    /// No tray on this platform.
    pub(super) enum Native {}

    impl Native {
        pub(super) fn relabel(&self) {
            match *self {}
        }
    }

    pub(super) fn spawn(_ctx: &egui::Context) -> Tray {
        Tray::none("no tray icon on this platform")
    }
}
