//! Draws the app icon and writes it to `assets/icons/`: the SVG source, PNGs at 16–512 px
//! and a Windows `.ico`. Run from the repository root after changing the drawing:
//!
//! ```sh
//! cargo run --release --example make_icons
//! ```
//!
//! The icon is a board tile cut along its diagonal: green felt with a white Reversi disc at
//! the top left, a wooden Gomoku board with a black stone at the bottom right. The PNGs are
//! rasterised here (4×4 supersampling per pixel) from the same shapes the SVG describes, so
//! no SVG renderer is needed.

use std::fs;
use std::path::Path;

/// Icon sizes written as PNG, in pixels (the freedesktop hicolor sizes up to 512).
const SIZES: [u32; 8] = [16, 24, 32, 48, 64, 128, 256, 512];
/// Sizes packed into the Windows `.ico` (PNG-compressed entries).
const ICO_SIZES: [u32; 4] = [16, 32, 48, 256];

type Rgba = [f32; 4]; // premultiplied, 0..=1

const FELT: Rgba = rgb(0x2e, 0x7d, 0x4f);
const FELT_LINE: Rgba = rgb(0x1d, 0x5c, 0x38);
const WOOD: Rgba = rgb(0xe0, 0xb8, 0x6c);
const WOOD_LINE: Rgba = rgb(0x7a, 0x55, 0x24);
const DISC_WHITE: Rgba = rgb(0xf4, 0xf4, 0xf0);
const DISC_EDGE: Rgba = rgb(0x1a, 0x1a, 0x1a);
const STONE_DARK: Rgba = rgb(0x14, 0x14, 0x16);
const STONE_LIGHT: Rgba = rgb(0x6a, 0x6a, 0x70);
const SHADOW: Rgba = [0.0, 0.0, 0.0, 0.35];

const fn rgb(r: u8, g: u8, b: u8) -> Rgba {
    [r as f32 / 255.0, g as f32 / 255.0, b as f32 / 255.0, 1.0]
}

/// The shapes, in a 0..1 square (y down), shared by the raster and the SVG.
mod shape {
    pub const INSET: f32 = 0.03;
    pub const CORNER: f32 = 0.17;
    pub const GRID: f32 = 0.125;
    pub const LINE: f32 = 0.012;
    pub const DISC: (f32, f32, f32) = (0.34, 0.33, 0.19);
    pub const DISC_THICKNESS: f32 = 0.025;
    pub const STONE: (f32, f32, f32) = (0.66, 0.67, 0.19);
    pub const SHADOW_OFFSET: (f32, f32) = (0.012, 0.022);
}

fn over(dst: Rgba, src: Rgba) -> Rgba {
    let k = 1.0 - src[3];
    [
        src[0] + dst[0] * k,
        src[1] + dst[1] * k,
        src[2] + dst[2] * k,
        src[3] + dst[3] * k,
    ]
}

fn mix(a: Rgba, b: Rgba, t: f32) -> Rgba {
    std::array::from_fn(|i| a[i] + (b[i] - a[i]) * t)
}

fn in_circle(x: f32, y: f32, (cx, cy, r): (f32, f32, f32)) -> bool {
    (x - cx).powi(2) + (y - cy).powi(2) <= r * r
}

fn in_rounded_square(x: f32, y: f32) -> bool {
    use shape::{CORNER, INSET};
    let (lo, hi) = (INSET + CORNER, 1.0 - INSET - CORNER);
    let dx = (lo - x).max(x - hi).max(0.0);
    let dy = (lo - y).max(y - hi).max(0.0);
    let inside = INSET..=1.0 - INSET;
    inside.contains(&x) && inside.contains(&y) && dx * dx + dy * dy <= CORNER * CORNER
}

fn on_grid(x: f32, y: f32) -> bool {
    let near = |v: f32| {
        let k = (v / shape::GRID).round();
        (1.0..=7.0).contains(&k) && (v - k * shape::GRID).abs() <= shape::LINE / 2.0
    };
    near(x) || near(y)
}

/// The colour of one sample point; `grid` is false at small sizes, where lines would blur.
fn sample(x: f32, y: f32, grid: bool) -> Rgba {
    let mut c = [0.0; 4];
    if !in_rounded_square(x, y) {
        return c;
    }
    let felt = x + y < 1.0;
    c = if felt { FELT } else { WOOD };
    if grid && on_grid(x, y) {
        c = if felt { FELT_LINE } else { WOOD_LINE };
    }
    let (sx, sy) = shape::SHADOW_OFFSET;
    let (dx, dy, dr) = shape::DISC;
    let (tx, ty, tr) = shape::STONE;
    if in_circle(x - sx, y - sy - shape::DISC_THICKNESS, (dx, dy, dr))
        || in_circle(x - sx, y - sy, (tx, ty, tr))
    {
        c = over(c, SHADOW);
    }
    // The disc's dark underside shows below its white face.
    if in_circle(x, y - shape::DISC_THICKNESS, (dx, dy, dr)) {
        c = DISC_EDGE;
    }
    if in_circle(x, y, (dx, dy, dr)) {
        c = DISC_WHITE;
    }
    if in_circle(x, y, (tx, ty, tr)) {
        // A soft highlight up and to the left, as on a polished stone.
        let (hx, hy) = (tx - 0.35 * tr, ty - 0.35 * tr);
        let d = ((x - hx).powi(2) + (y - hy).powi(2)).sqrt() / (1.3 * tr);
        c = mix(STONE_LIGHT, STONE_DARK, d.clamp(0.0, 1.0));
    }
    c
}

/// The icon as straight-alpha RGBA rows, `size × size` pixels.
fn render(size: u32) -> Vec<u8> {
    const SS: u32 = 4;
    let grid = size >= 48;
    let mut out = Vec::with_capacity((size * size * 4) as usize);
    for py in 0..size {
        for px in 0..size {
            let mut acc = [0.0f32; 4];
            for sy in 0..SS {
                for sx in 0..SS {
                    let x = (px as f32 + (sx as f32 + 0.5) / SS as f32) / size as f32;
                    let y = (py as f32 + (sy as f32 + 0.5) / SS as f32) / size as f32;
                    let s = sample(x, y, grid);
                    acc.iter_mut().zip(s).for_each(|(a, v)| *a += v);
                }
            }
            let n = (SS * SS) as f32;
            let alpha = acc[3] / n;
            let unpremultiply = |v: f32| if alpha > 0.0 { v / n / alpha } else { 0.0 };
            let to_byte = |v: f32| (v.clamp(0.0, 1.0) * 255.0).round() as u8;
            out.extend([
                to_byte(unpremultiply(acc[0])),
                to_byte(unpremultiply(acc[1])),
                to_byte(unpremultiply(acc[2])),
                to_byte(alpha),
            ]);
        }
    }
    out
}

fn png_bytes(size: u32) -> Vec<u8> {
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, size, size);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().expect("PNG header");
    writer.write_image_data(&render(size)).expect("PNG data");
    writer.finish().expect("PNG end");
    bytes
}

/// A Windows icon file holding PNG-compressed images (supported since Windows Vista).
fn ico_bytes(sizes: &[u32]) -> Vec<u8> {
    let images: Vec<Vec<u8>> = sizes.iter().map(|&s| png_bytes(s)).collect();
    let mut out = vec![0, 0, 1, 0];
    out.extend((sizes.len() as u16).to_le_bytes());
    let mut offset = 6 + 16 * sizes.len() as u32;
    for (&size, image) in sizes.iter().zip(&images) {
        let dim = if size >= 256 { 0 } else { size as u8 }; // 0 means 256
        out.extend([dim, dim, 0, 0]);
        out.extend(1u16.to_le_bytes()); // colour planes
        out.extend(32u16.to_le_bytes()); // bits per pixel
        out.extend((image.len() as u32).to_le_bytes());
        out.extend(offset.to_le_bytes());
        offset += image.len() as u32;
    }
    images.iter().for_each(|image| out.extend(image));
    out
}

fn hex(c: Rgba) -> String {
    format!(
        "#{:02x}{:02x}{:02x}",
        (c[0] * 255.0) as u8,
        (c[1] * 255.0) as u8,
        (c[2] * 255.0) as u8
    )
}

/// The same drawing as [`sample`], as an SVG document on a 512-unit canvas.
fn svg() -> String {
    use shape::*;
    let u = |v: f32| v * 512.0;
    let side = u(1.0 - 2.0 * INSET);
    let mut grid = String::new();
    for k in 1..8 {
        let v = u(k as f32 * GRID);
        grid += &format!(
            r#"<line x1="{v}" y1="0" x2="{v}" y2="512"/><line x1="0" y1="{v}" x2="512" y2="{v}"/>"#
        );
    }
    let (dx, dy, dr) = DISC;
    let (tx, ty, tr) = STONE;
    let (sx, sy) = SHADOW_OFFSET;
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <title>Reversi &amp; Gomoku</title>
  <defs>
    <clipPath id="tile"><rect x="{i}" y="{i}" width="{side}" height="{side}" rx="{r}"/></clipPath>
    <clipPath id="felt"><polygon points="0,0 512,0 0,512"/></clipPath>
    <clipPath id="wood"><polygon points="512,0 512,512 0,512"/></clipPath>
    <radialGradient id="stone" cx="{hx}" cy="{hy}" r="{hr}" gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="{light}"/><stop offset="1" stop-color="{stone}"/>
    </radialGradient>
  </defs>
  <g clip-path="url(#tile)">
    <g clip-path="url(#felt)"><rect width="512" height="512" fill="{felt}"/>
      <g stroke="{felt_line}" stroke-width="{lw}">{grid}</g></g>
    <g clip-path="url(#wood)"><rect width="512" height="512" fill="{wood}"/>
      <g stroke="{wood_line}" stroke-width="{lw}">{grid}</g></g>
    <g fill="#000" fill-opacity="0.35">
      <circle cx="{dsx}" cy="{dsy}" r="{drr}"/><circle cx="{tsx}" cy="{tsy}" r="{trr}"/>
    </g>
    <circle cx="{dcx}" cy="{dey}" r="{drr}" fill="{edge}"/>
    <circle cx="{dcx}" cy="{dcy}" r="{drr}" fill="{white}"/>
    <circle cx="{tcx}" cy="{tcy}" r="{trr}" fill="url(#stone)"/>
  </g>
</svg>
"##,
        i = u(INSET),
        r = u(CORNER),
        lw = u(LINE),
        felt = hex(FELT),
        felt_line = hex(FELT_LINE),
        wood = hex(WOOD),
        wood_line = hex(WOOD_LINE),
        edge = hex(DISC_EDGE),
        white = hex(DISC_WHITE),
        stone = hex(STONE_DARK),
        light = hex(STONE_LIGHT),
        hx = u(tx - 0.35 * tr),
        hy = u(ty - 0.35 * tr),
        hr = u(1.3 * tr),
        dsx = u(dx + sx),
        dsy = u(dy + sy + DISC_THICKNESS),
        tsx = u(tx + sx),
        tsy = u(ty + sy),
        dcx = u(dx),
        dcy = u(dy),
        dey = u(dy + DISC_THICKNESS),
        drr = u(dr),
        tcx = u(tx),
        tcy = u(ty),
        trr = u(tr),
    )
}

fn main() -> std::io::Result<()> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/icons");
    fs::create_dir_all(&dir)?;
    fs::write(dir.join("reversi-gomoku.svg"), svg())?;
    for size in SIZES {
        fs::write(dir.join(format!("{size}.png")), png_bytes(size))?;
    }
    fs::write(dir.join("reversi-gomoku.ico"), ico_bytes(&ICO_SIZES))?;
    println!("wrote {}", dir.display());
    Ok(())
}
