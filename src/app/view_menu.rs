//! The View menu of the top bar: theme, each game's board style, zoom, the computer's search
//! threads and move animation.
//! Every choice applies at once and is remembered in `settings.json`; [`apply_settings`]
//! applies them on start.

use egui::Ui;
use egui::containers::menu::{MenuButton, MenuConfig};

use crate::core::{GameKind, MAX_THREADS};
use crate::persist::{AnimationSpeed, BoardStyle, Settings, ThemeChoice, default_search_threads};
use crate::tr;

use super::persistence::DataStore;
use super::shortcuts::{self, Action};
use super::theme::{self, apply_theme};
use super::zoom::{set_zoom, step_zoom};

/// Apply the remembered theme and zoom to the window (board styles and the animation speed
/// are read by the tabs every frame).
pub fn apply_settings(ctx: &egui::Context, settings: &Settings) {
    apply_theme(ctx, settings.theme);
    ctx.set_zoom_factor(settings.zoom);
}

/// The "View" menu button; the menu stays open while choosing, until a click outside it.
pub fn view_menu(ui: &mut Ui, data: &mut DataStore) {
    let config = MenuConfig::new().close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside);
    MenuButton::new(tr!("view-menu"))
        .config(config)
        .ui(ui, |ui| view_settings(ui, data));
}

/// The menu's content.
fn view_settings(ui: &mut Ui, data: &mut DataStore) {
    let ctx = ui.ctx().clone();
    let settings = data.settings().clone();

    ui.strong(tr!("view-theme"));
    for choice in ThemeChoice::ALL {
        if ui
            .radio(settings.theme == choice, theme::theme_name(choice))
            .clicked()
        {
            apply_theme(&ctx, choice);
            data.change_settings(|s| s.theme = choice);
        }
    }

    ui.separator();
    for game in GameKind::ALL {
        ui.strong(tr!("view-board", game = game.label()));
        let current = *settings.board_style.get(game);
        for style in BoardStyle::ALL {
            if ui
                .radio(current == style, theme::style_name(game, style))
                .clicked()
            {
                data.change_settings(|s| *s.board_style.get_mut(game) = style);
            }
        }
    }

    ui.separator();
    ui.strong(tr!("view-zoom"));
    let hover = |key, action| shortcuts::hover_text(&ctx, &tr!(key), action);
    ui.horizontal(|ui| {
        if ui
            .button("−")
            .on_hover_text(hover("view-zoom-out-hover", Action::ZoomOut))
            .clicked()
        {
            step_zoom(&ctx, data, -1);
        }
        ui.label(format!("{:.0} %", settings.zoom * 100.0));
        if ui
            .button("+")
            .on_hover_text(hover("view-zoom-in-hover", Action::ZoomIn))
            .clicked()
        {
            step_zoom(&ctx, data, 1);
        }
        if ui
            .add_enabled(
                settings.zoom != 1.0,
                egui::Button::new(tr!("view-zoom-reset")),
            )
            .on_hover_text(hover("view-zoom-reset-hover", Action::ZoomReset))
            .clicked()
        {
            set_zoom(&ctx, data, 1.0);
        }
    });

    ui.separator();
    search_threads(ui, data, settings.search_threads);

    ui.separator();
    ui.strong(tr!("view-animation"));
    ui.horizontal(|ui| {
        for speed in AnimationSpeed::ALL {
            if ui
                .radio(settings.animation == speed, speed_name(speed))
                .clicked()
            {
                data.change_settings(|s| s.animation = speed);
            }
        }
    });
}

/// The Hard level's search threads (both games): one choice per core, at most
/// [`MAX_THREADS`] (and the current setting, should it be above the cores).
fn search_threads(ui: &mut Ui, data: &mut DataStore, current: u32) {
    ui.strong(tr!("view-threads"))
        .on_hover_text(tr!("view-threads-hover"));
    let most = default_search_threads().max(current).min(MAX_THREADS);
    ui.horizontal_wrapped(|ui| {
        for n in 1..=most {
            if ui
                .radio(current == n, tr!("view-threads-option", n = n))
                .clicked()
            {
                data.change_settings(|s| s.search_threads = n);
            }
        }
    });
}

/// The name of an animation speed, for the menu, in the window's language.
fn speed_name(speed: AnimationSpeed) -> String {
    match speed {
        AnimationSpeed::Off => tr!("view-animation-off"),
        AnimationSpeed::Fast => tr!("view-animation-fast"),
        AnimationSpeed::Normal => tr!("view-animation-normal"),
    }
}
