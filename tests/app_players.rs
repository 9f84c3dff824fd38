//! The players in view: profile pictures (a picked PNG or JPEG becomes a 128×128 picture in
//! the data directory; oversize and garbage files are refused and the old picture kept; a
//! damaged stored picture falls back to the default with a notice and is left alone; a
//! rename keeps the picture, deleting the profile deletes it), and both players' records in
//! the side panel, updated the moment a game is recorded.

mod common;

use std::path::Path;

use egui_kittest::kittest::Queryable;
use image::{ImageFormat, Rgb, RgbImage};

use common::{app, app_mut, files_in, harness, temp_dir};
use reversi_gomoku::app::GameKind;
use reversi_gomoku::app::pictures::Face;
use reversi_gomoku::app::records_window::{SideRecord, side_records};
use reversi_gomoku::core::{BySide, Outcome};
use reversi_gomoku::gomoku::{self, Rule};
use reversi_gomoku::persist::picture::{PICTURE_SIZE, load_picture, picture_path};
use reversi_gomoku::persist::{GameKey, Records};
use reversi_gomoku::session::{PlayerKind, Session};

/// A `w`×`h` image, left half red and right half blue, saved as `format` at `path`.
fn image_file(path: &Path, w: u32, h: u32, format: ImageFormat) {
    let img = RgbImage::from_fn(w, h, |x, _| {
        if x < w / 2 {
            Rgb([220, 30, 30])
        } else {
            Rgb([30, 30, 220])
        }
    });
    img.save_with_format(path, format).expect("saved");
}

/// The stored picture name of `profile`, if any.
fn picture_of(h: &egui_kittest::Harness<'static, common::App>, profile: &str) -> Option<String> {
    app(h).data.picture_of(profile)
}

#[test]
fn a_picked_png_or_jpeg_becomes_a_128_pixel_picture_and_bad_files_keep_the_old_one() {
    let dir = temp_dir("players-pick");
    let images = temp_dir("players-images");
    let mut h = harness(GameKind::Reversi, Some(dir.path()));
    let ctx = h.ctx.clone();
    let me = app(&h).data.profile();

    let png = images.path().join("wide.png");
    image_file(&png, 300, 120, ImageFormat::Png);
    app_mut(&mut h)
        .choose_picture_file(&ctx, &me, &png)
        .expect("a PNG is a picture");
    let first = picture_of(&h, &me).expect("stored");
    app_mut(&mut h).data.flush_writes();
    let stored = load_picture(dir.path(), &first).expect("a valid picture");
    assert_eq!(stored.dimensions(), (PICTURE_SIZE, PICTURE_SIZE));
    // The centred square of a red|blue image: red on the left, blue on the right.
    assert!(stored.get_pixel(10, 64).0[0] > 200 && stored.get_pixel(118, 64).0[2] > 200);

    let jpeg = images.path().join("tall.jpg");
    image_file(&jpeg, 90, 200, ImageFormat::Jpeg);
    app_mut(&mut h)
        .choose_picture_file(&ctx, &me, &jpeg)
        .expect("a JPEG is a picture");
    let second = picture_of(&h, &me).expect("stored");
    assert_ne!(second, first, "a new file for a new picture");
    app_mut(&mut h).data.flush_writes();
    assert_eq!(
        load_picture(dir.path(), &second)
            .expect("valid")
            .dimensions(),
        (PICTURE_SIZE, PICTURE_SIZE)
    );
    assert!(
        !picture_path(dir.path(), &first).exists(),
        "the replaced picture is deleted"
    );

    // Refused: wider than 8 000 pixels, over 20 MB, not an image.
    let wide = images.path().join("banner.png");
    image_file(&wide, 8_001, 2, ImageFormat::Png);
    let big = images.path().join("huge.png");
    std::fs::File::create(&big)
        .and_then(|f| f.set_len(21 * 1024 * 1024))
        .expect("a sparse file");
    let junk = images.path().join("junk.jpg");
    std::fs::write(&junk, b"this is not an image at all, just text").expect("written");
    for (file, why) in [
        (&wide, "8000 pixels"),
        (&big, "20 MB"),
        (&junk, "not a PNG, JPEG, WebP, GIF or BMP image"),
    ] {
        let err = app_mut(&mut h)
            .choose_picture_file(&ctx, &me, file)
            .expect_err("refused");
        let text = err.to_string();
        let name = file.file_name().and_then(|n| n.to_str()).expect("a name");
        assert!(text.contains(name) && text.contains(why), "{text}");
        assert_eq!(
            picture_of(&h, &me).as_deref(),
            Some(second.as_str()),
            "kept"
        );
    }
    assert_eq!(files_in(&dir.path().join("pictures")), [second]);
}

#[test]
fn a_damaged_stored_picture_falls_back_to_the_default_and_is_left_alone() {
    let dir = temp_dir("players-damaged");
    let name = "00000000000000aa.png";
    let mut records = Records::new();
    records
        .set_picture("alice", Some(name.to_string()))
        .expect("a profile");
    std::fs::write(dir.path().join("records.json"), records.to_json()).expect("written");
    std::fs::create_dir_all(dir.path().join("pictures")).expect("dir");
    let damaged = b"\x89PNG\r\n\x1a\n but then nothing of a picture";
    std::fs::write(picture_path(dir.path(), name), damaged).expect("written");

    let mut h = harness(GameKind::Reversi, Some(dir.path()));
    app_mut(&mut h).data.set_profile("alice");
    common::step_until(&mut h, "the notice", |a| {
        a.data
            .notices
            .iter()
            .any(|n| n.contains("alice") && n.contains(name))
    });
    let ctx = h.ctx.clone();
    let app = app_mut(&mut h);
    let face = app.pictures.face(&ctx, &app.data, "alice");
    assert!(
        matches!(face, Face::Player { texture: None, .. }),
        "the default picture"
    );
    assert!(app.pictures.failed(name));
    assert_eq!(
        std::fs::read(picture_path(dir.path(), name)).expect("still there"),
        damaged,
        "not overwritten"
    );
}

#[test]
fn a_rename_keeps_the_picture_and_deleting_the_profile_deletes_it() {
    let dir = temp_dir("players-rename");
    let images = temp_dir("players-rename-images");
    let mut h = harness(GameKind::Reversi, Some(dir.path()));
    let ctx = h.ctx.clone();
    app_mut(&mut h)
        .data
        .create_profile("carol")
        .expect("created");
    let png = images.path().join("me.png");
    image_file(&png, 64, 64, ImageFormat::Png);
    app_mut(&mut h)
        .choose_picture_file(&ctx, "carol", &png)
        .expect("a picture");
    let file = picture_of(&h, "carol").expect("stored");
    app_mut(&mut h)
        .data
        .rename_profile("Carol B")
        .expect("renamed");
    assert_eq!(picture_of(&h, "Carol B").as_deref(), Some(file.as_str()));
    app_mut(&mut h).data.flush_writes();
    assert!(picture_path(dir.path(), &file).exists());

    app_mut(&mut h)
        .data
        .delete_profile("Carol B")
        .expect("deleted");
    app_mut(&mut h).data.flush_writes();
    assert!(app(&h).data.records().profile("Carol B").is_none());
    assert!(
        !picture_path(dir.path(), &file).exists(),
        "its picture is gone"
    );
    assert_ne!(app(&h).data.profile(), "Carol B");
}

/// Renju, both sides human, Black one move from five on L8.
fn hot_seat_game() -> Session<gomoku::Position> {
    let start = gomoku::Position::new(15, Rule::Renju).expect("15x15");
    let players = BySide {
        black: PlayerKind::Human,
        white: PlayerKind::Human,
    };
    let mut s = Session::new(start, players);
    for name in ["H8", "A1", "I8", "A3", "J8", "A5", "K8", "A7"] {
        s.play(name.parse().expect("a point")).expect("legal");
    }
    s
}

#[test]
fn after_a_recorded_hot_seat_game_both_sides_records_change_by_one_game() {
    let mut h = harness(GameKind::Gomoku, None);
    app_mut(&mut h).data.set_profile("alice");
    app_mut(&mut h).data.set_white_profile(Some("bob".into()));
    app_mut(&mut h).gomoku.ctl.load_game(hot_seat_game());
    h.run_steps(2);
    let shown = |h: &egui_kittest::Harness<'static, common::App>| {
        let a = app(h);
        let current = a.tab(GameKind::Gomoku).current_game();
        let profiles = a.data.side_profiles(current.players);
        side_records(a.data.records(), &profiles, &current)
    };
    let before = shown(&h);
    let SideRecord::HeadToHead { tally, overall, .. } = &before.black else {
        panic!("{:?}", before.black);
    };
    assert_eq!((tally.games(), overall.games()), (0, 0));
    assert!(h.query_by_label("vs bob: W 0 · L 0 · D 0 · 0%").is_some());
    assert!(h.query_by_label("vs alice: W 0 · L 0 · D 0 · 0%").is_some());

    h.get_by_label("L8").click();
    h.run_steps(2);
    assert_eq!(
        app(&h).gomoku.ctl.outcome(),
        Some(Outcome::Win(reversi_gomoku::core::Side::Black))
    );
    let after = shown(&h);
    for (b, a) in [(&before.black, &after.black), (&before.white, &after.white)] {
        let (
            SideRecord::HeadToHead {
                tally: t0,
                overall: o0,
                ..
            },
            SideRecord::HeadToHead {
                tally: t1,
                overall: o1,
                ..
            },
        ) = (b, a)
        else {
            panic!("{b:?} {a:?}");
        };
        assert_eq!(t1.games(), t0.games() + 1, "{a:?}");
        assert_eq!(o1.games(), o0.games() + 1, "{a:?}");
    }
    // On screen, in the side panel, the frame after the game ended.
    assert!(h.query_by_label("vs bob: W 1 · L 0 · D 0 · 100%").is_some());
    assert!(h.query_by_label("vs alice: W 0 · L 1 · D 0 · 0%").is_some());
    assert!(h.query_by_label("overall: 100% won of 1 game").is_some());
    let key = GameKey::Gomoku(Rule::Renju);
    let alice = app(&h).data.records().profile("alice").expect("recorded");
    assert_eq!(alice.head_to_head("bob", key).wins, 1);
}

#[test]
fn against_the_computer_both_the_human_and_the_level_show_their_records() {
    let mut h = harness(GameKind::Reversi, None);
    app_mut(&mut h).data.set_profile("dora");
    h.run_steps(2);
    let a = app(&h);
    let current = a.tab(GameKind::Reversi).current_game();
    let sides = side_records(
        a.data.records(),
        &a.data.side_profiles(current.players),
        &current,
    );
    assert!(matches!(&sides.black, SideRecord::VsComputer { name, .. } if name == "dora"));
    assert!(
        matches!(&sides.white, SideRecord::Computer { against: Some((n, _)), .. } if n == "dora")
    );
    assert!(
        h.query_by_label("vs computer Medium: W 0 · L 0 · D 0 · 0%")
            .is_some()
    );
    assert!(h.query_by_label("vs dora: W 0 · L 0 · D 0 · 0%").is_some());
    assert!(h.query_by_label("Computer (Medium)").is_some());
}
