//! The View menu of the top bar: theme, each game's board style, zoom and move animation.
//! Every choice applies at once and is remembered in `settings.json`; [`apply_settings`]
//! applies them on start.

use egui::Ui;
use egui::containers::menu::{MenuButton, MenuConfig};

use crate::core::GameKind;
use crate::persist::{AnimationSpeed, BoardStyle, Settings, ThemeChoice};

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
    MenuButton::new("View")
        .config(config)
        .ui(ui, |ui| view_settings(ui, data));
}

/// The menu's content.
fn view_settings(ui: &mut Ui, data: &mut DataStore) {
    let ctx = ui.ctx().clone();
    let settings = data.settings().clone();

    ui.strong("Theme");
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
        ui.strong(format!("{} board", game.name()));
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
    ui.strong("Zoom");
    let hover = |text, action| shortcuts::hover_text(&ctx, text, action);
    ui.horizontal(|ui| {
        if ui
            .button("−")
            .on_hover_text(hover("Zoom out", Action::ZoomOut))
            .clicked()
        {
            step_zoom(&ctx, data, -1);
        }
        ui.label(format!("{:.0} %", settings.zoom * 100.0));
        if ui
            .button("+")
            .on_hover_text(hover("Zoom in", Action::ZoomIn))
            .clicked()
        {
            step_zoom(&ctx, data, 1);
        }
        if ui
            .add_enabled(settings.zoom != 1.0, egui::Button::new("Reset zoom"))
            .on_hover_text(hover("Back to the normal size", Action::ZoomReset))
            .clicked()
        {
            set_zoom(&ctx, data, 1.0);
        }
    });

    ui.separator();
    ui.strong("Move animation");
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

/// The name of an animation speed, for the menu.
fn speed_name(speed: AnimationSpeed) -> &'static str {
    match speed {
        AnimationSpeed::Off => "Off",
        AnimationSpeed::Fast => "Fast",
        AnimationSpeed::Normal => "Normal",
    }
}
