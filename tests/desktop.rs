//! Double-click to play: the icons in `assets/icons/` are real images of every size, and
//! `install-desktop` / `uninstall-desktop` put the launcher entry and icons into the user's
//! XDG data directory and take exactly them away again.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use reversi_gomoku::desktop::{APP_ID, ICON_PNGS};

const BIN: &str = env!("CARGO_BIN_EXE_reversi-gomoku");

fn run(args: &[&str], data_home: &Path) -> Output {
    Command::new(BIN)
        .args(args)
        .env("XDG_DATA_HOME", data_home)
        .output()
        .expect("run the binary")
}

/// Every file under `dir`, relative to it.
fn tree(dir: &Path) -> Vec<PathBuf> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(root, &path, out);
            } else {
                out.push(path.strip_prefix(root).unwrap().to_path_buf());
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

/// The `[Desktop Entry]` group's keys (the localised ones included, as `Name[zh_CN]`).
fn entry_keys(text: &str) -> BTreeMap<String, String> {
    assert_eq!(text.lines().next(), Some("[Desktop Entry]"));
    text.lines()
        .skip(1)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (k, v) = l.split_once('=').expect("key=value");
            (k.to_string(), v.to_string())
        })
        .collect()
}

#[test]
fn icons_are_square_opaque_in_the_middle_and_transparent_in_the_corners() {
    for (size, png_bytes) in ICON_PNGS {
        let decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
        let mut reader = decoder.read_info().expect("a PNG");
        let mut pixels = vec![0; reader.output_buffer_size().expect("size")];
        let info = reader.next_frame(&mut pixels).expect("PNG data");
        assert_eq!((info.width, info.height), (size, size));
        assert_eq!(info.color_type, png::ColorType::Rgba);
        let alpha = |x: u32, y: u32| pixels[((y * size + x) * 4 + 3) as usize];
        assert_eq!(
            alpha(0, 0),
            0,
            "{size} px: the rounded corner is transparent"
        );
        assert_eq!(
            alpha(size / 2, size / 2),
            255,
            "{size} px: the tile is opaque"
        );
        let distinct: std::collections::HashSet<&[u8]> = pixels.chunks(4).collect();
        assert!(distinct.len() > 8, "{size} px: a drawing, not a flat fill");
    }
    let svg = reversi_gomoku::desktop::ICON_SVG;
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    let ico = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/icons/reversi-gomoku.ico"
    ))
    .expect("the Windows icon");
    assert_eq!(&ico[..4], &[0, 0, 1, 0], "an ICO header");
    assert_eq!(u16::from_le_bytes([ico[4], ico[5]]), 4, "four sizes");
}

#[test]
fn install_desktop_writes_a_valid_entry_and_uninstall_removes_exactly_it() {
    let home = common::temp_dir("desktop-install");
    // Someone else's files in the same directories must survive the uninstall.
    let other = home.path().join("applications/other-game.desktop");
    std::fs::create_dir_all(other.parent().unwrap()).unwrap();
    std::fs::write(
        &other,
        "[Desktop Entry]\nType=Application\nName=Other\nExec=other\n",
    )
    .unwrap();

    let out = run(&["install-desktop"], home.path());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let entry_path = home.path().join(format!("applications/{APP_ID}.desktop"));
    let entry = std::fs::read_to_string(&entry_path).expect("the launcher entry");
    let keys = entry_keys(&entry);
    assert_eq!(keys["Type"], "Application");
    assert_eq!(keys["Name"], "Reversi & Gomoku");
    assert_eq!(keys["Icon"], APP_ID);
    assert_eq!(keys["Categories"], "Game;BoardGame;");
    assert_eq!(keys["StartupWMClass"], APP_ID);
    let exec = Path::new(&keys["Exec"]);
    assert!(exec.is_absolute(), "Exec is an absolute path: {exec:?}");
    assert_eq!(
        std::fs::canonicalize(exec).unwrap(),
        std::fs::canonicalize(BIN).unwrap(),
        "Exec starts this binary"
    );
    for (size, png) in ICON_PNGS {
        let path = home
            .path()
            .join(format!("icons/hicolor/{size}x{size}/apps/{APP_ID}.png"));
        assert_eq!(std::fs::read(&path).expect("icon installed"), png);
    }
    assert!(
        home.path()
            .join(format!("icons/hicolor/scalable/apps/{APP_ID}.svg"))
            .is_file()
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        stdout.lines().count(),
        ICON_PNGS.len() + 2,
        "one line per file written"
    );

    // The freedesktop validator, where it is installed (desktop-file-utils).
    if let Ok(check) = Command::new("desktop-file-validate")
        .arg(&entry_path)
        .output()
    {
        assert!(
            check.status.success() && check.stdout.is_empty(),
            "desktop-file-validate: {}{}",
            String::from_utf8_lossy(&check.stdout),
            String::from_utf8_lossy(&check.stderr)
        );
    }

    // Installing again replaces the same files.
    let before = tree(home.path());
    assert!(run(&["install-desktop"], home.path()).status.success());
    assert_eq!(tree(home.path()), before);

    let out = run(&["uninstall-desktop"], home.path());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        tree(home.path()),
        vec![PathBuf::from("applications/other-game.desktop")],
        "only the other program's entry is left"
    );
    // Uninstalling twice is harmless and removes nothing.
    let out = run(&["uninstall-desktop"], home.path());
    assert!(out.status.success() && out.stdout.is_empty());
}
