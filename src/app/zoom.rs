//! The UI zoom: egui's zoom factor, which scales the whole window, kept in `settings.json`
//! whatever changed it. The View menu and the zoom keys of the shortcut table
//! ([`super::shortcuts::zoom`]) go through [`set_zoom`]; egui's own zoom keys are off, so a
//! key press zooms once; [`ZoomFollower`] remembers a change made any other way.

use crate::persist::{MAX_ZOOM, MIN_ZOOM};

use super::persistence::DataStore;

/// One step of the zoom-in and zoom-out buttons and keys (as egui's own shortcuts step).
pub const ZOOM_STEP: f32 = 0.1;

/// `factor` clamped to [`MIN_ZOOM`]..=[`MAX_ZOOM`] and rounded to a hundredth, so that
/// repeated steps land on round values; a NaN gives 1.
#[must_use]
pub fn clamp_zoom(factor: f32) -> f32 {
    if factor.is_nan() {
        return 1.0;
    }
    (factor.clamp(MIN_ZOOM, MAX_ZOOM) * 100.0).round() / 100.0
}

/// Set the UI zoom to `factor` (clamped, see [`clamp_zoom`]) from the next frame on and
/// remember it in the settings. Returns the factor applied.
pub fn set_zoom(ctx: &egui::Context, data: &mut DataStore, factor: f32) -> f32 {
    let factor = clamp_zoom(factor);
    ctx.set_zoom_factor(factor);
    data.change_settings(|s| s.zoom = factor);
    factor
}

/// Zoom in or out by `steps` × [`ZOOM_STEP`] from the zoom in the settings (negative: out).
pub fn step_zoom(ctx: &egui::Context, data: &mut DataStore, steps: i32) -> f32 {
    let now = data.settings().zoom;
    set_zoom(ctx, data, now + steps as f32 * ZOOM_STEP)
}

/// Notices a zoom changed by another route than [`set_zoom`] (not the View menu nor the
/// shortcut table: egui's own zoom keys, were they on, or the integration) and remembers it,
/// brought within the allowed range.
#[derive(Clone, Copy, Debug)]
pub struct ZoomFollower {
    /// The context's zoom factor at the last [`ZoomFollower::follow`].
    seen: f32,
}

impl ZoomFollower {
    /// Starts from the context's zoom now.
    #[must_use]
    pub fn new(ctx: &egui::Context) -> ZoomFollower {
        ZoomFollower {
            seen: ctx.zoom_factor(),
        }
    }

    /// Call once per frame. egui applies a new zoom at the start of the next frame, so a
    /// change made through [`set_zoom`] arrives here equal to the settings and is left alone;
    /// any other change differs from them and is saved.
    pub fn follow(&mut self, ctx: &egui::Context, data: &mut DataStore) {
        let now = ctx.zoom_factor();
        if now == self.seen {
            return;
        }
        self.seen = now;
        if now != data.settings().zoom {
            set_zoom(ctx, data, now);
        }
    }
}
