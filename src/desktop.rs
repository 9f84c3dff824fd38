//! Desktop integration: the app's identity (id, icons) and, on Linux and other freedesktop
//! systems, a launcher entry so that the game starts from the application menu.
//!
//! `reversi-gomoku install-desktop` writes `applications/reversi-gomoku.desktop` and the icons
//! (`icons/hicolor/<N>x<N>/apps/reversi-gomoku.png`, `icons/hicolor/scalable/apps/…svg`) into
//! the user's data directory (`$XDG_DATA_HOME`, else `~/.local/share`), following the
//! freedesktop Desktop Entry and Icon Theme specifications;
//! `uninstall-desktop` removes exactly those files. The icons are drawn by
//! `examples/make_icons.rs` and compiled into the binary, so installing needs nothing else.

use std::io;
use std::path::{Path, PathBuf};

/// The application id: the Wayland app id and X11 `WM_CLASS` of the window, the launcher
/// entry's file name and `StartupWMClass`, and the icon name, so that the taskbar groups the
/// window under the launcher's icon.
pub const APP_ID: &str = "reversi-gomoku";

/// The launcher entry template (`assets/reversi-gomoku.desktop`, also packaged by `cargo deb`
/// with `Exec=reversi-gomoku` on the `PATH`).
pub const DESKTOP_ENTRY: &str = include_str!("../assets/reversi-gomoku.desktop");

/// The icon as SVG (the scalable source).
pub const ICON_SVG: &str = include_str!("../assets/icons/reversi-gomoku.svg");

/// The icon as PNG at each size, `(pixels, PNG bytes)`, smallest first.
pub const ICON_PNGS: [(u32, &[u8]); 8] = [
    (16, include_bytes!("../assets/icons/16.png")),
    (24, include_bytes!("../assets/icons/24.png")),
    (32, include_bytes!("../assets/icons/32.png")),
    (48, include_bytes!("../assets/icons/48.png")),
    (64, include_bytes!("../assets/icons/64.png")),
    (128, include_bytes!("../assets/icons/128.png")),
    (256, include_bytes!("../assets/icons/256.png")),
    (512, include_bytes!("../assets/icons/512.png")),
];

/// The PNG used as the window icon (256 px: sharp on high-DPI taskbars, small to decode).
#[must_use]
pub fn window_icon_png() -> &'static [u8] {
    ICON_PNGS[6].1
}

/// The files [`install`] writes under a data directory, relative to it, with their contents.
fn files(exe: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files = vec![(
        PathBuf::from(format!("applications/{APP_ID}.desktop")),
        desktop_entry(exe).into_bytes(),
    )];
    for (size, png) in ICON_PNGS {
        files.push((
            PathBuf::from(format!("icons/hicolor/{size}x{size}/apps/{APP_ID}.png")),
            png.to_vec(),
        ));
    }
    files.push((
        PathBuf::from(format!("icons/hicolor/scalable/apps/{APP_ID}.svg")),
        ICON_SVG.as_bytes().to_vec(),
    ));
    files
}

/// The launcher entry for the binary at `exe` (an absolute path): the template with its
/// `Exec` key pointing at `exe`, quoted as the Desktop Entry specification requires.
#[must_use]
pub fn desktop_entry(exe: &Path) -> String {
    let exec = format!("Exec={}", quote_exec_arg(&exe.to_string_lossy()));
    DESKTOP_ENTRY
        .lines()
        .map(|line| {
            if line.starts_with("Exec=") {
                exec.as_str()
            } else {
                line
            }
        })
        .fold(String::new(), |out, line| out + line + "\n")
}

/// One argument of an `Exec` value: quoted when it holds a reserved character, with `"`,
/// `` ` ``, `$` and `\` escaped inside the quotes, `%` doubled, and the string-level escape of
/// `\` applied on top (Desktop Entry Specification 1.5, "The Exec key").
fn quote_exec_arg(arg: &str) -> String {
    let arg = arg.replace('%', "%%");
    let reserved = |c: char| " \t\n\"'\\><~|&;$*?#()`".contains(c);
    if !arg.contains(reserved) {
        return arg;
    }
    let mut quoted = String::from("\"");
    for c in arg.chars() {
        match c {
            '"' | '`' | '$' => quoted.extend(['\\', c]),
            '\\' => quoted.push_str("\\\\\\\\"),
            _ => quoted.push(c),
        }
    }
    quoted.push('"');
    quoted
}

/// The user's data directory for launcher entries and icons: `$XDG_DATA_HOME` when it is an
/// absolute path, else `~/.local/share` (XDG Base Directory Specification).
///
/// # Errors
/// `io::ErrorKind::NotFound` when neither is known (no home directory).
pub fn user_data_home() -> io::Result<PathBuf> {
    directories::BaseDirs::new()
        .map(|dirs| dirs.data_dir().to_path_buf())
        .ok_or_else(|| io::Error::new(io::ErrorKind::NotFound, "no home directory"))
}

/// Writes the launcher entry (starting `exe`) and the icons under `data_home`, creating the
/// directories as needed; returns the paths written. Each file is written atomically.
///
/// # Errors
/// The first I/O error (a read-only directory, say); files written before it stay.
pub fn install(data_home: &Path, exe: &Path) -> io::Result<Vec<PathBuf>> {
    let mut written = Vec::new();
    for (relative, bytes) in files(exe) {
        let path = data_home.join(relative);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        crate::persist::write_atomic(&path, &bytes)?;
        written.push(path);
    }
    Ok(written)
}

/// Removes what [`install`] wrote under `data_home` (the entry and our icons, nothing else);
/// returns the paths removed. Missing files are skipped.
///
/// # Errors
/// The first I/O error other than a missing file.
pub fn uninstall(data_home: &Path) -> io::Result<Vec<PathBuf>> {
    let mut removed = Vec::new();
    for (relative, _) in files(Path::new(APP_ID)) {
        let path = data_home.join(relative);
        match std::fs::remove_file(&path) {
            Ok(()) => removed.push(path),
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => return Err(e),
        }
    }
    Ok(removed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exec_paths_are_quoted_per_the_specification() {
        assert_eq!(
            quote_exec_arg("/usr/bin/reversi-gomoku"),
            "/usr/bin/reversi-gomoku"
        );
        assert_eq!(quote_exec_arg("/home/a b/rg"), "\"/home/a b/rg\"");
        assert_eq!(quote_exec_arg("/x/100%/rg"), "/x/100%%/rg");
        assert_eq!(quote_exec_arg("/x/$HOME/rg"), "\"/x/\\$HOME/rg\"");
    }

    #[test]
    fn the_entry_starts_the_given_binary() {
        let entry = desktop_entry(Path::new("/opt/rg/reversi-gomoku"));
        assert!(entry.lines().any(|l| l == "Exec=/opt/rg/reversi-gomoku"));
        assert_eq!(entry.matches("Exec=").count(), 1);
        assert!(entry.lines().any(|l| l == format!("Icon={APP_ID}")));
        assert!(
            entry
                .lines()
                .any(|l| l == format!("StartupWMClass={APP_ID}"))
        );
    }
}
