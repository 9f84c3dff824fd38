//! The font that draws Chinese: egui's own fonts have no CJK glyphs and egui does not use the
//! system's, so the app ships a cut of Noto Sans CJK SC Regular (SIL Open Font License,
//! `assets/fonts/OFL.txt`) with every GB2312 character and every character of the Chinese
//! catalogue, made by `scripts/subset-cjk-font.py`.

use egui::{FontData, FontFamily, FontInsert, FontPriority, InsertFontFamily};

/// The font file (OpenType, CFF outlines), compiled in.
pub const CJK_FONT: &[u8] = include_bytes!("../../assets/fonts/NotoSansSC-subset.otf");

/// The font's name among egui's fonts.
pub const CJK_FONT_NAME: &str = "NotoSansSC-subset";

/// Add the CJK font to `ctx` after egui's own fonts in both families, so Latin text keeps
/// egui's look and only characters egui's fonts lack come from it.
pub fn install(ctx: &egui::Context) {
    let families = [FontFamily::Proportional, FontFamily::Monospace]
        .into_iter()
        .map(|family| InsertFontFamily {
            family,
            priority: FontPriority::Lowest,
        })
        .collect();
    ctx.add_font(FontInsert::new(
        CJK_FONT_NAME,
        FontData::from_static(CJK_FONT),
        families,
    ));
}
