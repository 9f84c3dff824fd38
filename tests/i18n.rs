//! The two message catalogues agree, the shipped font draws every Chinese character the app
//! can show, the language is remembered, and the window plays in Chinese and switches
//! language while it runs.

mod common;

use std::collections::{BTreeMap, BTreeSet};

use egui_kittest::kittest::Queryable;
use fluent_syntax::ast;
use skrifa::{FontRef, MetadataProvider};

use common::{app, app_mut, harness, step_until, temp_dir};
use reversi_gomoku::app::GameKind;
use reversi_gomoku::core::{Level, Side};
use reversi_gomoku::i18n::{self, CHINESE_SOURCE, ENGLISH_SOURCE, Language};
use reversi_gomoku::persist::Settings;
use reversi_gomoku::tr;

/// Every message of a catalogue and the variables its value uses.
fn messages(name: &str, source: &str) -> BTreeMap<String, BTreeSet<String>> {
    let resource = fluent_syntax::parser::parse(source)
        .unwrap_or_else(|(_, errors)| panic!("{name} does not parse: {errors:?}"));
    let mut out = BTreeMap::new();
    for entry in resource.body {
        match entry {
            ast::Entry::Message(m) => {
                let value = m
                    .value
                    .unwrap_or_else(|| panic!("{name}: {} has no value", m.id.name));
                let mut vars = BTreeSet::new();
                pattern_variables(&value, &mut vars);
                let repeated = out.insert(m.id.name.to_string(), vars).is_some();
                assert!(!repeated, "{name}: {} is defined twice", m.id.name);
            }
            ast::Entry::Junk { content } => panic!("{name}: cannot parse {content:?}"),
            _ => {}
        }
    }
    out
}

fn pattern_variables(pattern: &ast::Pattern<&str>, vars: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_variables(expression, vars);
        }
    }
}

fn expression_variables(expression: &ast::Expression<&str>, vars: &mut BTreeSet<String>) {
    match expression {
        ast::Expression::Select { selector, variants } => {
            inline_variables(selector, vars);
            for v in variants {
                pattern_variables(&v.value, vars);
            }
        }
        ast::Expression::Inline(inline) => inline_variables(inline, vars),
    }
}

fn inline_variables(inline: &ast::InlineExpression<&str>, vars: &mut BTreeSet<String>) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            vars.insert(id.name.to_string());
        }
        ast::InlineExpression::Placeable { expression } => expression_variables(expression, vars),
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_variables(a, vars);
            }
            for a in &arguments.named {
                inline_variables(&a.value, vars);
            }
        }
        _ => {}
    }
}

#[test]
fn both_catalogues_have_the_same_keys_and_placeables() {
    let english = messages("en.ftl", ENGLISH_SOURCE);
    let chinese = messages("zh-CN.ftl", CHINESE_SOURCE);
    let only_english: Vec<_> = english
        .keys()
        .filter(|k| !chinese.contains_key(*k))
        .collect();
    let only_chinese: Vec<_> = chinese
        .keys()
        .filter(|k| !english.contains_key(*k))
        .collect();
    assert!(
        only_english.is_empty(),
        "missing in zh-CN.ftl: {only_english:?}"
    );
    assert!(
        only_chinese.is_empty(),
        "missing in en.ftl: {only_chinese:?}"
    );
    for (key, vars) in &english {
        assert_eq!(vars, &chinese[key], "placeables of {key}");
    }
    assert!(english.len() > 100, "{} messages", english.len());
}

#[test]
fn keys_follow_the_naming_convention() {
    for key in messages("en.ftl", ENGLISH_SOURCE).keys() {
        let (area, rest) = key
            .split_once('-')
            .unwrap_or_else(|| panic!("{key}: no area"));
        assert!(!area.is_empty() && !rest.is_empty(), "{key}");
        assert!(
            key.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
            "{key}: lower case and hyphens only"
        );
    }
}

/// The Chinese catalogue is Chinese: no message is left in English by mistake. Messages whose
/// Chinese has no hanzi are listed here.
#[test]
fn every_chinese_message_is_translated() {
    const NO_HANZI: &[&str] = &[
        "records-side-player",
        "shortcut-hover",
        "graph-hover",
        "error-field",
        "renju-opening",
    ];
    let english = messages("en.ftl", ENGLISH_SOURCE);
    for key in english.keys() {
        let zh = i18n::Catalogue::shipped().format(Language::SimplifiedChinese, key, None);
        let has_hanzi = zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c));
        assert!(
            has_hanzi || NO_HANZI.contains(&key.as_str()),
            "{key} is not Chinese: {zh:?}"
        );
    }
}

fn font() -> FontRef<'static> {
    FontRef::new(i18n::font::CJK_FONT).expect("the shipped font parses")
}

#[test]
fn every_catalogue_character_is_in_the_font() {
    let charmap = font().charmap();
    let missing: BTreeSet<char> = CHINESE_SOURCE
        .chars()
        .filter(|c| !c.is_control() && charmap.map(*c).is_none())
        .collect();
    assert!(
        missing.is_empty(),
        "not in assets/fonts/NotoSansSC-subset.otf (run scripts/subset-cjk-font.py): {missing:?}"
    );
}

/// The 6 763 hanzi of GB2312 (rows 16–87), decoded through GBK, its superset.
fn gb2312_hanzi() -> Vec<char> {
    let mut out = Vec::new();
    for high in 0xB0u8..=0xF7 {
        let last = if high == 0xD7 { 0xF9 } else { 0xFE };
        for low in 0xA1u8..=last {
            let bytes = [high, low];
            let (text, _, bad) = encoding_rs::GBK.decode(&bytes);
            assert!(!bad, "{high:02X}{low:02X} decodes");
            out.extend(text.chars());
        }
    }
    out
}

#[test]
fn every_gb2312_hanzi_and_the_ascii_are_in_the_font() {
    let hanzi = gb2312_hanzi();
    assert_eq!(hanzi.len(), 6763);
    let charmap = font().charmap();
    let missing: Vec<char> = hanzi
        .into_iter()
        .chain((0x20u8..0x7F).map(char::from))
        .chain("，。：；！？（）“”、《》…—·".chars())
        .filter(|c| charmap.map(*c).is_none())
        .collect();
    assert!(missing.is_empty(), "not in the font: {missing:?}");
}

#[test]
fn the_language_setting_round_trips_and_old_files_load() {
    let dir = temp_dir("i18n-settings");
    let mut s = Settings::default();
    assert_eq!(s.language(), None);
    s.set_language(Language::SimplifiedChinese);
    s.save(dir.path()).expect("saved");
    let text = std::fs::read_to_string(dir.path().join("settings.json")).expect("written");
    assert!(text.contains(r#""language": "zh-CN""#), "{text}");
    let loaded = Settings::load(dir.path()).expect("loads").expect("exists");
    assert_eq!(loaded.language(), Some(Language::SimplifiedChinese));

    // A file from before the setting follows the OS; a tag this version lacks is kept.
    let old = Settings::from_json(br#"{"version": 1, "profile": "Ann"}"#).expect("old file");
    assert_eq!(old.language(), None);
    let newer = Settings::from_json(br#"{"version": 1, "language": "ja"}"#).expect("loads");
    assert_eq!(newer.language(), None);
    assert!(newer.to_json().contains(r#""language": "ja""#));
    dir.close().expect("cleaned up");
}

#[test]
fn each_thread_keeps_the_language_it_set() {
    i18n::set_language(Language::SimplifiedChinese);
    assert_eq!(tr!("panel-undo"), "悔棋");
    let other = std::thread::spawn(|| {
        i18n::set_language(Language::English);
        tr!("panel-undo")
    })
    .join()
    .expect("the thread runs");
    assert_eq!(other, "Undo");
    assert_eq!(i18n::language(), Language::SimplifiedChinese);
    assert_eq!(tr!("top-player", profile = "小明"), "玩家：小明");
    assert_eq!(Side::White.label(), "白方");
    assert_eq!(Level::Hard.label(), "困难");
    assert_eq!(GameKind::Reversi.label(), "黑白棋");
    assert_eq!(GameKind::Reversi.name(), "Reversi", "names stay English");
    assert_eq!(
        tr!("no-such-key"),
        "no-such-key",
        "a missing key shows itself"
    );
}

#[test]
fn a_new_user_gets_the_os_language_until_choosing_one() {
    let dir = temp_dir("i18n-first-start");
    let mut h = harness(GameKind::Reversi, Some(dir.path()));
    app_mut(&mut h).follow_os_language(Language::SimplifiedChinese);
    h.step();
    assert_eq!(app(&h).language(), Language::SimplifiedChinese);
    h.get_by_label("悔棋");
    assert!(
        !dir.path().join("settings.json").exists(),
        "following the OS is not a choice to remember"
    );

    // A user who chose English keeps it on a Chinese system.
    h.get_by_label("English").click();
    h.step();
    drop(h);
    let mut h = harness(GameKind::Reversi, Some(dir.path()));
    app_mut(&mut h).follow_os_language(Language::SimplifiedChinese);
    h.step();
    assert_eq!(app(&h).language(), Language::English);
    h.get_by_label("Undo");
    drop(h);
    dir.close().expect("cleaned up");
}

#[test]
fn a_game_in_chinese_then_english_then_chinese_again() {
    let dir = temp_dir("i18n-play");
    let mut h = harness(GameKind::Reversi, Some(dir.path()));
    // Any character egui cannot draw would now panic instead of showing a box.
    h.ctx
        .set_missing_glyph_policy(egui::MissingGlyphPolicy::Panic);
    h.get_by_label("简体中文").click();
    h.step();
    h.step();
    assert_eq!(app(&h).language(), Language::SimplifiedChinese);

    // Black plays d3 and the computer answers, found and clicked by the Chinese labels.
    // The tab and the panel's heading.
    assert_eq!(h.get_all_by_label("黑白棋").count(), 2);
    h.get_by_label("电脑执白");
    h.get_by_label("d3").click();
    h.step();
    step_until(&mut h, "the computer's reply", |a| {
        a.reversi.ctl.session.ply() == 2
    });
    h.get_by_label("着法（2 手）");
    h.get_by_label("悔棋").click();
    h.step();
    assert_eq!(
        app(&h).reversi.ctl.session.ply(),
        0,
        "undo takes back both moves"
    );
    h.get_by_label("战绩").click();
    h.run_steps(2);
    h.get_by_label("新建档案");

    // Switch to English and back without restarting; the choice is remembered.
    h.get_by_label("English").click();
    h.step();
    h.get_by_label("Undo");
    h.get_by_label("Create profile");
    assert!(h.query_by_label("悔棋").is_none());
    h.get_by_label("简体中文").click();
    h.step();
    h.get_by_label("悔棋");
    drop(h);
    let h = harness(GameKind::Reversi, Some(dir.path()));
    assert_eq!(app(&h).language(), Language::SimplifiedChinese);
    h.get_by_label("新对局");
    drop(h);
    dir.close().expect("cleaned up");
}

#[test]
fn the_help_and_a_refused_move_in_chinese_follow_a_language_switch() {
    let mut h = harness(GameKind::Reversi, None);
    h.ctx
        .set_missing_glyph_policy(egui::MissingGlyphPolicy::Panic);
    h.get_by_label("简体中文").click();
    h.run_steps(2);

    // The Help window, its sections and a Renju diagram's caption in Chinese.
    h.key_press(egui::Key::F1);
    h.run_steps(2);
    assert!(app(&h).help.open, "F1 opens the help");
    h.get_by_label("黑白棋规则");
    h.get_by_label("五子棋规则").click();
    h.run_steps(2);
    assert!(h.query_by_label_contains("三三：H8").is_some());
    h.get_by_label("快捷键").click();
    h.run_steps(2);
    h.get_by_label("交换黑白：电脑改下另一方");
    h.key_press(egui::Key::F1);
    h.run_steps(2);
    assert!(!app(&h).help.open);

    // Black clicks an occupied centre square: refused, and the status line says why.
    h.get_by_label("d4").click();
    h.run_steps(2);
    assert_eq!(app(&h).reversi.ctl.session.ply(), 0);
    assert_eq!(app(&h).reversi.status(), "d4 已有棋子");
    h.get_by_label("d4 已有棋子");

    // The same refusal follows a switch to English, and back.
    h.get_by_label("English").click();
    h.run_steps(2);
    assert_eq!(app(&h).reversi.status(), "d4 is occupied");
    h.get_by_label("简体中文").click();
    h.run_steps(2);
    assert_eq!(app(&h).reversi.status(), "d4 已有棋子");
}

#[test]
fn a_notice_kept_as_a_message_follows_the_language() {
    use reversi_gomoku::app::persistence::DataStore;
    use reversi_gomoku::msg;
    use reversi_gomoku::persist::RecordError;

    let mut data = DataStore::in_memory();
    data.notice(msg!(
        "notice-records-problem",
        error = RecordError::EmptyName.message()
    ));
    data.notice(msg!(
        "notice-records-problem",
        error = RecordError::EmptyName.message()
    ));
    assert_eq!(data.notices.len(), 1, "the same notice is kept once");
    let notice = &data.notices[0];
    assert_eq!(
        notice.render(Language::English),
        "Win records: a profile name cannot be empty."
    );
    assert_eq!(
        notice.render(Language::SimplifiedChinese),
        "胜负战绩：档案名不能为空。"
    );
}

#[test]
fn refusals_setups_and_rules_have_chinese_messages() {
    use reversi_gomoku::gomoku::{ForbiddenKind, IllegalMove, Rule, SetupError, SizeError};
    let zh = Language::SimplifiedChinese;
    let h8 = "H8".parse().expect("a point");
    assert_eq!(
        IllegalMove::Forbidden(h8, ForbiddenKind::DoubleThree)
            .message()
            .render(zh),
        "H8 是黑方的禁手：三三"
    );
    assert_eq!(
        IllegalMove::Forbidden(h8, ForbiddenKind::DoubleThree).to_string(),
        "H8 is forbidden for Black: double-three",
        "Display stays English"
    );
    assert_eq!(
        SetupError::Size(SizeError::RenjuNeeds15(19))
            .message()
            .render(zh),
        "连珠只能在 15×15 的棋盘上下，不能是 19×19"
    );
    assert_eq!(
        SetupError::WrongTurn {
            expected: Side::White
        }
        .message()
        .render(zh),
        "按这些棋子，应轮到白方走"
    );
    assert_eq!(Rule::Renju.name(), "Renju");
    assert_eq!(
        reversi_gomoku::reversi::IllegalMove::MustPass
            .message()
            .render(Language::English),
        "No legal move: you must pass"
    );
}

#[test]
fn the_menus_and_the_gomoku_panel_in_chinese() {
    let mut h = harness(GameKind::Gomoku, None);
    h.ctx
        .set_missing_glyph_policy(egui::MissingGlyphPolicy::Panic);
    h.get_by_label("简体中文").click();
    h.run_steps(2);

    // The Gomoku panel: each side's line, the options and the rule in the status line.
    h.get_by_label("黑方（轮到行棋）：已下 0 手");
    h.get_by_label("白方：已下 0 手");
    h.get_by_label("电脑（中等）"); // White's card: the computer and its level
    h.get_by_label("标出禁手点");
    h.get_by_label("显示手数");
    let status = app(&h).gomoku.status();
    assert!(status.starts_with("连珠 · 15×15 · "), "{status}");

    // The View menu: themes, each game's board styles, zoom and animation.
    h.get_by_label("视图").click();
    h.run_steps(2);
    for label in [
        "主题",
        "浅色",
        "跟随系统",
        "黑白棋棋盘",
        "绿色台呢",
        "五子棋棋盘",
        "木纹",
    ] {
        h.get_by_label(label);
    }
    h.get_by_label("落子动画");
    h.get_by_label("深色").click();
    h.run_steps(2);
    assert_eq!(h.ctx.theme(), egui::Theme::Dark);
    h.key_press(egui::Key::Escape);
    h.run_steps(2);

    // The Sound menu, with no audio output (the app's default until one opens).
    h.get_by_label("声音").click();
    h.run_steps(2);
    h.get_by_label("静音（M）");
    h.get_by_label("未找到音频输出设备：游戏将无声进行。");

    // The same line in English after a switch.
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    h.get_by_label("English").click();
    h.run_steps(2);
    h.get_by_label("Black to move: 0 moves");
}

/// Why a file is refused is said in the window's language too, down to the validation and
/// the JSON parser's findings (the English stays in the error's `Display`, for logs).
#[test]
fn file_problems_are_explained_in_both_languages() {
    let zoom = Settings::from_json(br#"{"version": 1, "zoom": 5}"#).unwrap_err();
    let zh = zoom.message().render(Language::SimplifiedChinese);
    let en = zoom.message().render(Language::English);
    assert!(zh.contains("不在") && zh.contains("zoom"), "{zh}");
    assert!(en.contains("not between"), "{en}");
    assert!(zoom.to_string().contains("not between"), "{zoom}");

    let broken = Settings::from_json(b"{\"version\": 1,").unwrap_err();
    let zh = broken.message().render(Language::SimplifiedChinese);
    assert!(zh.contains("JSON 不完整") && zh.contains("第 1 行"), "{zh}");

    use reversi_gomoku::core::BySide;
    use reversi_gomoku::session::PlayerKind;
    let meta = reversi_gomoku::persist::GameMeta::new(
        BySide {
            black: PlayerKind::Human,
            white: PlayerKind::Human,
        },
        BySide::default(),
    );
    let refused =
        reversi_gomoku::persist::SavedGame::import_reversi_transcript("f5d6zz", meta).unwrap_err();
    let zh = refused.message().render(Language::SimplifiedChinese);
    assert!(zh.contains("第 3 手"), "{zh}");
}
