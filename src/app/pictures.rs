//! Player pictures on screen: each profile's stored picture (see [`crate::persist::picture`])
//! loaded off the UI thread into a texture, or the default picture drawn from its name
//! (initials on a colour of its own); and the computer's picture, one per level.
//!
//! A stored picture that cannot be read is reported once in a notice and the default picture
//! is shown; the file is left as it is until the player picks a new picture.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, Sender};

use egui::{Color32, CornerRadius, FontId, Rect, Response, Sense, Ui, Vec2, pos2, vec2};
use image::RgbaImage;

use crate::msg;
use crate::persist::LevelKey;
use crate::persist::picture::{PictureError, load_picture, picture_path};

use super::persistence::DataStore;

/// Size of the pictures beside the names in the side panel, in points.
pub const PANEL_PICTURE: f32 = 36.0;
/// Size of the pictures in the Records window's tables and ranking, in points.
pub const TABLE_PICTURE: f32 = 20.0;

/// Who a picture shows.
#[derive(Clone)]
pub enum Face {
    /// A profile: its own picture when it has one loaded, else its initials.
    Player {
        /// The profile's name.
        name: String,
        /// Its stored picture, when loaded.
        texture: Option<egui::TextureHandle>,
    },
    /// The computer at a level.
    Computer(LevelKey),
}

impl std::fmt::Debug for Face {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Face::Player { name, texture } => f
                .debug_struct("Player")
                .field("name", name)
                .field("texture", &texture.as_ref().map(egui::TextureHandle::id))
                .finish(),
            Face::Computer(level) => f.debug_tuple("Computer").field(level).finish(),
        }
    }
}

/// A stored picture's state in the cache.
enum Slot {
    Loading,
    Ready(egui::TextureHandle),
    Failed,
}

/// A request to the loader thread: the profile (for the notice), the data directory, the
/// picture's file name.
type Request = (String, PathBuf, String);
/// The loader's answer: profile, file name, the picture or why not.
type Loaded = (String, String, Result<RgbaImage, PictureError>);

/// The stored pictures loaded so far, by file name (a rename keeps the file, so the texture).
#[derive(Default)]
pub struct Pictures {
    slots: HashMap<String, Slot>,
    loader: Option<(Sender<Request>, Receiver<Loaded>)>,
}

impl Pictures {
    /// The face of profile `name`: its picture's texture once loaded (asked of the loader
    /// thread on first use), else the default picture.
    pub fn face(&mut self, ctx: &egui::Context, data: &DataStore, name: &str) -> Face {
        let texture = data
            .picture_of(name)
            .and_then(|file| self.texture(ctx, data.dir(), name, &file));
        Face::Player {
            name: name.to_string(),
            texture,
        }
    }

    fn texture(
        &mut self,
        ctx: &egui::Context,
        dir: Option<&Path>,
        name: &str,
        file: &str,
    ) -> Option<egui::TextureHandle> {
        match self.slots.get(file) {
            Some(Slot::Ready(t)) => return Some(t.clone()),
            Some(_) => return None,
            None => {}
        }
        let dir = dir?;
        let (tx, _) = self.loader.get_or_insert_with(|| spawn_loader(ctx));
        if tx
            .send((name.to_string(), dir.to_path_buf(), file.to_string()))
            .is_ok()
        {
            self.slots.insert(file.to_string(), Slot::Loading);
        } else {
            self.slots.insert(file.to_string(), Slot::Failed);
        }
        None
    }

    /// Show `picture` as the stored picture `file` from now on (just picked: no reloading).
    pub fn insert(&mut self, ctx: &egui::Context, file: &str, picture: &RgbaImage) {
        let texture = ctx.load_texture(
            format!("picture-{file}"),
            color_image(picture),
            egui::TextureOptions::LINEAR,
        );
        self.slots.insert(file.to_string(), Slot::Ready(texture));
    }

    /// Take the loader's answers (each frame): textures for the pictures read, a notice for
    /// each that could not be.
    pub fn poll(&mut self, ctx: &egui::Context, data: &mut DataStore) {
        let Some((_, rx)) = &self.loader else {
            return;
        };
        let answers: Vec<Loaded> = rx.try_iter().collect();
        for (profile, file, result) in answers {
            match result {
                Ok(picture) => self.insert(ctx, &file, &picture),
                Err(e) => {
                    self.slots.insert(file.clone(), Slot::Failed);
                    let path = data.dir().map_or_else(
                        || file.clone(),
                        |d| picture_path(d, &file).display().to_string(),
                    );
                    data.notice(msg!(
                        "picture-damaged",
                        name = profile,
                        path = path,
                        error = e.message()
                    ));
                }
            }
        }
    }

    /// Whether the stored picture `file` could not be read (the default one is shown).
    #[must_use]
    pub fn failed(&self, file: &str) -> bool {
        matches!(self.slots.get(file), Some(Slot::Failed))
    }
}

/// The loader thread: reads stored pictures one after another and wakes the window.
fn spawn_loader(ctx: &egui::Context) -> (Sender<Request>, Receiver<Loaded>) {
    let (tx, requests) = mpsc::channel::<Request>();
    let (answers, rx) = mpsc::channel();
    let ctx = ctx.clone();
    // If the thread cannot start, `requests` is dropped and sends fail: the default pictures
    // stay.
    let _ = std::thread::Builder::new()
        .name("pictures".into())
        .spawn(move || {
            for (profile, dir, file) in requests {
                let picture = load_picture(&dir, &file);
                if answers.send((profile, file, picture)).is_err() {
                    return;
                }
                ctx.request_repaint();
            }
        });
    (tx, rx)
}

/// An RGBA picture as egui's image.
#[must_use]
pub fn color_image(picture: &RgbaImage) -> egui::ColorImage {
    let (w, h) = picture.dimensions();
    egui::ColorImage::from_rgba_unmultiplied([w as usize, h as usize], picture.as_raw())
}

/// Draw `face` as a `size`-point square with rounded corners; hovering shows whose it is.
pub fn show(ui: &mut Ui, face: &Face, size: f32) -> Response {
    let (rect, response) = ui.allocate_exact_size(Vec2::splat(size), Sense::hover());
    let radius = CornerRadius::from((size * 0.18).round() as u8);
    match face {
        Face::Player {
            texture: Some(t), ..
        } => {
            egui::Image::from_texture((t.id(), rect.size()))
                .corner_radius(radius)
                .paint_at(ui, rect);
        }
        Face::Player { name, .. } => initials_picture(ui, rect, radius, name),
        Face::Computer(level) => computer_picture(ui, rect, radius, *level),
    }
    response
}

/// The default picture of `name`: its initials on a colour chosen from the name.
fn initials_picture(ui: &Ui, rect: Rect, radius: CornerRadius, name: &str) {
    let painter = ui.painter();
    painter.rect_filled(rect, radius, name_colour(name));
    painter.text(
        rect.center(),
        egui::Align2::CENTER_CENTER,
        initials(name),
        FontId::proportional(rect.height() * 0.42),
        Color32::WHITE,
    );
}

/// The computer's picture at `level`: a small robot face on the level's colour, with as many
/// lights on its brow as the level is strong.
fn computer_picture(ui: &Ui, rect: Rect, radius: CornerRadius, level: LevelKey) {
    let (colour, lights) = match level {
        LevelKey::Easy => (Color32::from_rgb(76, 150, 90), 1),
        LevelKey::Medium => (Color32::from_rgb(60, 110, 180), 2),
        LevelKey::Hard => (Color32::from_rgb(170, 60, 70), 3),
        LevelKey::Depth(_) => (Color32::from_rgb(120, 100, 160), 2),
    };
    let painter = ui.painter();
    let s = rect.width();
    painter.rect_filled(rect, radius, colour);
    let face = Rect::from_center_size(rect.center() + vec2(0.0, s * 0.08), vec2(s * 0.64, s * 0.5));
    painter.rect_filled(
        face,
        CornerRadius::from((s * 0.1) as u8),
        Color32::from_gray(235),
    );
    for dx in [-0.14, 0.14] {
        let eye = face.center() + vec2(dx * s, -s * 0.05);
        painter.circle_filled(eye, s * 0.06, colour);
    }
    let mouth_y = face.center().y + s * 0.12;
    painter.line_segment(
        [
            pos2(face.center().x - s * 0.12, mouth_y),
            pos2(face.center().x + s * 0.12, mouth_y),
        ],
        egui::Stroke::new((s * 0.04).max(1.0), colour),
    );
    for i in 0..lights {
        let x = rect.center().x + (i as f32 - (lights - 1) as f32 / 2.0) * s * 0.16;
        painter.circle_filled(
            pos2(x, rect.top() + s * 0.13),
            s * 0.05,
            Color32::from_rgb(255, 215, 90),
        );
    }
}

/// The initials of a name: the first letters of its first two words, in capitals ("Ada
/// Lovelace" → "AL"); a name in Chinese (or any script without capitals) gives its first
/// character ("王小明" → "王").
#[must_use]
pub fn initials(name: &str) -> String {
    let mut words = name.split_whitespace();
    let Some(first) = words.next().and_then(|w| w.chars().next()) else {
        return "?".into();
    };
    if first.is_lowercase() == first.is_uppercase() {
        return first.to_string();
    }
    let second = words.next().and_then(|w| w.chars().next());
    std::iter::once(first)
        .chain(second)
        .flat_map(char::to_uppercase)
        .collect()
}

/// A colour of the name's own (FNV-1a hash → hue), dark enough for white initials.
#[must_use]
pub fn name_colour(name: &str) -> Color32 {
    let hash = name.bytes().fold(0x811c_9dc5_u32, |h, b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    });
    let hue = (hash % 360) as f32 / 360.0;
    egui::ecolor::Hsva::new(hue, 0.55, 0.62, 1.0).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn initials_come_from_the_first_two_words() {
        assert_eq!(initials("Ada Lovelace"), "AL");
        assert_eq!(initials("bob"), "B");
        assert_eq!(initials("王小明"), "王");
        assert_eq!(initials("  "), "?");
        assert_eq!(initials("Émile zola jr"), "ÉZ");
    }

    #[test]
    fn each_name_keeps_its_colour() {
        assert_eq!(name_colour("alice"), name_colour("alice"));
        assert_ne!(name_colour("alice"), name_colour("bob"));
    }
}
