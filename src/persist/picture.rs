//! Player pictures: an image the player picks, made into a [`PICTURE_SIZE`]-pixel square PNG
//! kept in the data directory's [`PICTURES_DIR`] folder as `<16 hex digits>.png`; its name is
//! the `picture` field of the profile in `records.json` (see [`super::records`]), so a rename
//! keeps it and deleting the profile deletes it. The original image is not kept.
//!
//! A picked image may be a PNG, JPEG, WebP, GIF (its first frame) or BMP of at most
//! [`MAX_PICTURE_FILE_BYTES`] and [`MAX_PICTURE_SIDE`] pixels a side (the `image` crate's
//! decoding limits: a small file cannot unpack into gigabytes); it is cropped to its centred
//! square and scaled (Lanczos). A stored picture is read with the same limits and must be a
//! PNG of exactly [`PICTURE_SIZE`] pixels a side; one that is not is reported, left in place
//! and not overwritten (a new picture gets a new name).

use std::io::Cursor;
use std::path::{Path, PathBuf};

use image::{DynamicImage, ImageError, ImageFormat, ImageReader, Limits, RgbaImage};

use super::atomic;
use crate::i18n::Message;
use crate::msg;

/// Side of a stored picture, in pixels.
pub const PICTURE_SIZE: u32 = 128;
/// Largest image file accepted, in bytes (20 MiB).
pub const MAX_PICTURE_FILE_BYTES: u64 = 20 * 1024 * 1024;
/// Largest image side accepted, in pixels.
pub const MAX_PICTURE_SIDE: u32 = 8_000;
/// Most memory one image may take while it is decoded, in bytes (an 8 000 × 8 000 RGBA image
/// is 256 MB).
const MAX_DECODE_BYTES: u64 = 300 * 1024 * 1024;
/// The pictures' folder in the data directory.
pub const PICTURES_DIR: &str = "pictures";

/// Why an image cannot be a picture, or a stored picture cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PictureError {
    /// The file cannot be read.
    #[error("cannot read it: {0}")]
    Io(String),
    /// Larger than [`MAX_PICTURE_FILE_BYTES`].
    #[error("the file is {size} bytes, more than {} MB", MAX_PICTURE_FILE_BYTES / 1024 / 1024)]
    FileTooLarge {
        /// The file's size, in bytes.
        size: u64,
    },
    /// Wider or taller than [`MAX_PICTURE_SIDE`] (or too large to decode).
    #[error("the image is larger than {MAX_PICTURE_SIDE} pixels a side")]
    ImageTooLarge,
    /// Not a PNG, JPEG, WebP, GIF or BMP image.
    #[error("not a PNG, JPEG, WebP, GIF or BMP image")]
    Unsupported,
    /// The image data is damaged (or a stored picture is not what we wrote).
    #[error("the image is damaged ({0})")]
    Damaged(String),
}

impl PictureError {
    /// The reason in the window's language (`Display` stays English for logs).
    #[must_use]
    pub fn message(&self) -> Message {
        match self {
            PictureError::Io(e) => msg!("picture-error-io", error = e.as_str()),
            PictureError::FileTooLarge { size } => msg!(
                "picture-error-file-too-large",
                size = size.to_string(),
                max = MAX_PICTURE_FILE_BYTES / 1024 / 1024
            ),
            PictureError::ImageTooLarge => {
                msg!("picture-error-image-too-large", max = MAX_PICTURE_SIDE)
            }
            PictureError::Unsupported => msg!("picture-error-unsupported"),
            PictureError::Damaged(e) => msg!("picture-error-damaged", error = e.as_str()),
        }
    }
}

impl From<ImageError> for PictureError {
    fn from(e: ImageError) -> PictureError {
        match e {
            ImageError::Limits(_) => PictureError::ImageTooLarge,
            ImageError::Unsupported(_) => PictureError::Unsupported,
            ImageError::IoError(e) => PictureError::Damaged(e.to_string()),
            other => PictureError::Damaged(other.to_string()),
        }
    }
}

/// The file at `path`, read whole when it is at most [`MAX_PICTURE_FILE_BYTES`].
fn read_limited(path: &Path) -> Result<Vec<u8>, PictureError> {
    let io = |e: std::io::Error| PictureError::Io(e.to_string());
    let size = std::fs::metadata(path).map_err(io)?.len();
    if size > MAX_PICTURE_FILE_BYTES {
        return Err(PictureError::FileTooLarge { size });
    }
    std::fs::read(path).map_err(io)
}

/// `bytes` decoded under the size limits; `only` restricts the format (stored pictures).
fn decode(bytes: &[u8], only: Option<ImageFormat>) -> Result<DynamicImage, PictureError> {
    let mut reader = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|e| PictureError::Io(e.to_string()))?;
    let format = reader.format().ok_or(PictureError::Unsupported)?;
    if only.is_some_and(|f| f != format) {
        return Err(PictureError::Damaged("not a PNG file".into()));
    }
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_PICTURE_SIDE);
    limits.max_image_height = Some(MAX_PICTURE_SIDE);
    limits.max_alloc = Some(MAX_DECODE_BYTES);
    reader.limits(limits);
    Ok(reader.decode()?)
}

/// The centred square of `image`, scaled to [`PICTURE_SIZE`] pixels a side.
#[must_use]
pub fn square_picture(image: &DynamicImage) -> RgbaImage {
    let (w, h) = (image.width(), image.height());
    let side = w.min(h).max(1);
    let square = image.crop_imm((w - side.min(w)) / 2, (h - side.min(h)) / 2, side, side);
    square
        .resize_exact(
            PICTURE_SIZE,
            PICTURE_SIZE,
            image::imageops::FilterType::Lanczos3,
        )
        .to_rgba8()
}

/// The image in `bytes` (PNG, JPEG, WebP, GIF's first frame, BMP) as a picture.
///
/// # Errors
/// [`PictureError::Unsupported`], [`PictureError::ImageTooLarge`] or
/// [`PictureError::Damaged`].
pub fn picture_from_bytes(bytes: &[u8]) -> Result<RgbaImage, PictureError> {
    decode(bytes, None).map(|image| square_picture(&image))
}

/// The image file at `path` as a picture (see [`picture_from_bytes`]).
///
/// # Errors
/// As [`picture_from_bytes`], and [`PictureError::Io`] or [`PictureError::FileTooLarge`].
pub fn picture_from_file(path: &Path) -> Result<RgbaImage, PictureError> {
    picture_from_bytes(&read_limited(path)?)
}

/// Whether `name` is a stored picture's name: 16 lower-case hexadecimal digits and `.png`
/// (nothing that could point outside [`PICTURES_DIR`]).
#[must_use]
pub fn is_picture_name(name: &str) -> bool {
    name.strip_suffix(".png").is_some_and(|stem| {
        stem.len() == 16 && stem.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
    })
}

/// `dir/pictures/name`.
#[must_use]
pub fn picture_path(dir: &Path, name: &str) -> PathBuf {
    dir.join(PICTURES_DIR).join(name)
}

/// `picture` as PNG bytes.
///
/// # Errors
/// When encoding fails (it does not for an RGBA image in memory).
pub fn png_bytes(picture: &RgbaImage) -> Result<Vec<u8>, PictureError> {
    let mut out = Cursor::new(Vec::new());
    picture
        .write_to(&mut out, ImageFormat::Png)
        .map_err(|e| PictureError::Io(e.to_string()))?;
    Ok(out.into_inner())
}

/// Write `picture` atomically under a new name in `dir/pictures` (created when missing) and
/// return the name.
///
/// # Errors
/// [`PictureError::Io`] when it cannot be written (nothing is left behind).
pub fn save_picture(dir: &Path, picture: &RgbaImage) -> Result<String, PictureError> {
    let folder = dir.join(PICTURES_DIR);
    std::fs::create_dir_all(&folder).map_err(|e| PictureError::Io(e.to_string()))?;
    let name = format!("{:016x}.png", rand::random::<u64>());
    atomic::write_atomic(&folder.join(&name), &png_bytes(picture)?)
        .map_err(|e| PictureError::Io(e.to_string()))?;
    Ok(name)
}

/// The stored picture `name` of `dir`.
///
/// # Errors
/// [`PictureError::Io`] (missing, unreadable), or [`PictureError::Damaged`] when it is not a
/// [`PICTURE_SIZE`]-pixel PNG; the file is left as it is.
pub fn load_picture(dir: &Path, name: &str) -> Result<RgbaImage, PictureError> {
    if !is_picture_name(name) {
        return Err(PictureError::Damaged(format!(
            "{name:?} is not a picture's name"
        )));
    }
    let image = decode(
        &read_limited(&picture_path(dir, name))?,
        Some(ImageFormat::Png),
    )?;
    if (image.width(), image.height()) != (PICTURE_SIZE, PICTURE_SIZE) {
        return Err(PictureError::Damaged(format!(
            "{}×{} pixels, not {PICTURE_SIZE}×{PICTURE_SIZE}",
            image.width(),
            image.height()
        )));
    }
    Ok(image.to_rgba8())
}

/// Delete the stored picture `name` of `dir` (a missing file is not an error).
///
/// # Errors
/// When it exists and cannot be removed.
pub fn remove_picture(dir: &Path, name: &str) -> std::io::Result<()> {
    if !is_picture_name(name) {
        return Ok(());
    }
    match std::fs::remove_file(picture_path(dir, name)) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_our_own_names_are_picture_names() {
        assert!(is_picture_name("0123456789abcdef.png"));
        for bad in [
            "0123456789ABCDEF.png",
            "0123456789abcdef.jpg",
            "../0123456789abcd.png",
            "0123456789abcde.png",
            "",
            ".png",
        ] {
            assert!(!is_picture_name(bad), "{bad}");
        }
    }

    #[test]
    fn a_wide_image_is_cropped_to_its_centre() {
        // 300×100: red, green, blue thirds; the centred square is the green one.
        let mut img = RgbaImage::new(300, 100);
        for (x, _, p) in img.enumerate_pixels_mut() {
            *p = match x / 100 {
                0 => image::Rgba([255, 0, 0, 255]),
                1 => image::Rgba([0, 255, 0, 255]),
                _ => image::Rgba([0, 0, 255, 255]),
            };
        }
        let pic = square_picture(&DynamicImage::ImageRgba8(img));
        assert_eq!(pic.dimensions(), (PICTURE_SIZE, PICTURE_SIZE));
        assert_eq!(pic.get_pixel(64, 64).0, [0, 255, 0, 255]);
        assert_eq!(pic.get_pixel(1, 1).0[1], 255, "no red at the edge");
    }
}
