//! The words the window shows, in English or Simplified Chinese (简体中文): one Fluent message
//! catalogue per language (`assets/i18n/en.ftl`, `assets/i18n/zh-CN.ftl`, compiled in), the
//! current language, and the CJK font that draws the Chinese ([`font`]).
//!
//! # Using it
//! - `tr!("panel-undo")` is the text of a message in the current language;
//!   `tr!("top-player", profile = name)` fills its `{ $profile }` placeable (any string or
//!   number). Both return a `String`.
//! - The language follows the OS locale ([`os_language`]) until the user picks one in the top
//!   bar; the choice is kept in the settings (`language` in `settings.json`) and switches the
//!   window at once: text is looked up every frame, never cached in a widget.
//! - A key missing from the Chinese catalogue falls back to English, one missing from both
//!   shows the key itself: a slip never crashes the app, and `tests/i18n.rs` catches it.
//!
//! # Adding a string
//! 1. Pick a key `<area>-<what>`: lower case, words joined by hyphens. The area is the part
//!    of the window (`top-`, `panel-`, `search-`, `records-`, `replay-`, `transcript-`,
//!    `file-`, `notice-`, `confirm-`, `help-`, `shortcut-`, `status-`, `banner-`, `clock-`,
//!    `draw-`, `view-` and `sound-` for those menus, `teacher-` and `graph-` for the
//!    analysis, `setup-` for edit mode and refused set-ups, `menu-` for the board's menu) or
//!    the kind of name or sentence (`game-`, `side-`, `player-`, `rule-`, `level-`, `score-`,
//!    `result-`, `forbidden-`, `move-` for refused moves, `error-` for file and record
//!    errors). Hover texts end in `-hover`.
//! 2. Add `key = English text` to `en.ftl` and `key = 中文` to `zh-CN.ftl`, in the same
//!    section. Placeables are `{ $snake_case }` and must be the same in both files; they take
//!    whole values (a side's or a level's *label*, a number), never bits of a sentence, so
//!    each language orders its own words. When grammar depends on a value (Black/White),
//!    prefer one key per value (`panel-computer-plays-black`) to a selector.
//! 3. Write `tr!("key")` / `tr!("key", name = value)` in the code. Names of core types shown
//!    to people come from their `label()` methods ([`crate::core::Side::label`], …); their
//!    `name()` stays English for files, protocols and the command line.
//! 4. Use Chinese game terms: 黑白棋 (翻转棋), 五子棋, 连珠, 禁手, 三三, 四四, 长连, 悔棋,
//!    认输, 求和, 提示, 先手/后手; full-width punctuation (，。：（）“”) in Chinese text.
//! 5. If a Chinese text uses a character outside GB2312, run `scripts/subset-cjk-font.py`
//!    (the font test says which character is missing).
//!
//! Widgets whose egui id comes from their text (`Window::new`, `ComboBox::from_label`,
//! `CollapsingHeader::new`) need a fixed id (`.id(..)`, `ComboBox::new(id_salt, label)`),
//! else switching language forgets their state.
//! `scripts/untranslated-strings.py` lists string literals in `src/app/` that still bypass
//! the catalogue.
//!
//! # Messages kept for later
//! Text made once and shown for a while (a notice, the status line after a refused move)
//! is kept as a [`Message`]: `msg!("key", name = value)` stores the key and its values, and
//! the text is made when it is shown, in the language of that moment, so switching language
//! re-renders it. A value can itself be a [`Message`] (an error's own message, a side's
//! name), rendered in the same language. A finished `String` becomes a message that shows
//! itself in every language (for text that was never in the catalogue: file paths, an
//! engine's panic). Errors shown in the window have a `message()` next to their English
//! `Display` (kept for logs, files and protocols).

mod catalogue;
pub mod font;
mod message;

pub use message::{Arg, Message};

use std::cell::Cell;
use std::sync::atomic::{AtomicU8, Ordering};

pub use catalogue::{CHINESE_SOURCE, Catalogue, ENGLISH_SOURCE};

/// Values for a message's placeables, by name (what `tr!` builds).
pub type Args<'a> = fluent_bundle::FluentArgs<'a>;

/// A language of the window.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Language {
    /// English (`en`), the language of the code and the fallback for missing messages.
    #[default]
    English,
    /// Simplified Chinese (`zh-CN`).
    SimplifiedChinese,
}

impl Language {
    /// Every language, in the order of the top bar's chooser.
    pub const ALL: [Language; 2] = [Language::English, Language::SimplifiedChinese];

    /// The BCP 47 tag stored in the settings: "en" or "zh-CN".
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::SimplifiedChinese => "zh-CN",
        }
    }

    /// The language of tag `code` ("en", "zh-CN", any case); `None` for any other tag.
    #[must_use]
    pub fn from_code(code: &str) -> Option<Language> {
        Language::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(code))
    }

    /// The language's name in itself ("English", "简体中文"): the chooser shows it so, in
    /// every language, for a user who cannot read the current one.
    #[must_use]
    pub fn native_name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::SimplifiedChinese => "简体中文",
        }
    }

    /// The language for an OS locale name ("zh_CN.UTF-8", "zh-Hans-CN", "en-US", "C"): any
    /// Chinese locale gives Simplified Chinese (the only Chinese catalogue), anything else
    /// English.
    #[must_use]
    pub fn from_locale(locale: &str) -> Language {
        let lang = locale.split(['_', '-', '.', '@']).next().unwrap_or("");
        if lang.eq_ignore_ascii_case("zh") {
            Language::SimplifiedChinese
        } else {
            Language::English
        }
    }

    fn index(self) -> u8 {
        match self {
            Language::English => 0,
            Language::SimplifiedChinese => 1,
        }
    }

    fn from_index(i: u8) -> Language {
        if i == 1 {
            Language::SimplifiedChinese
        } else {
            Language::English
        }
    }
}

/// The language of the OS's locale (on Unix `LC_ALL`, `LC_MESSAGES`, then `LANG`), for a user
/// who has not chosen one; English when it cannot be told.
#[must_use]
pub fn os_language() -> Language {
    sys_locale::get_locale().map_or(Language::English, |l| Language::from_locale(&l))
}

/// The process's language, for threads that never set one.
static PROCESS_LANGUAGE: AtomicU8 = AtomicU8::new(0);

thread_local! {
    /// The language set on this thread, which wins over the process's: tests run several apps
    /// on parallel threads of one process, each in its own language.
    static THREAD_LANGUAGE: Cell<Option<Language>> = const { Cell::new(None) };
}

/// The current language: the one last set on this thread, else the one last set anywhere in
/// the process, else English.
#[must_use]
pub fn language() -> Language {
    THREAD_LANGUAGE
        .with(Cell::get)
        .unwrap_or_else(|| Language::from_index(PROCESS_LANGUAGE.load(Ordering::Relaxed)))
}

/// Make `lang` the current language of this thread and of the process (threads that never
/// set one, such as the autosave writer).
pub fn set_language(lang: Language) {
    PROCESS_LANGUAGE.store(lang.index(), Ordering::Relaxed);
    THREAD_LANGUAGE.with(|l| l.set(Some(lang)));
}

/// The text of message `key` in the current language, its placeables filled from `args`
/// (see [`Catalogue::format`] for missing keys). Use the [`tr!`](crate::tr) macro.
#[must_use]
pub fn text(key: &str, args: Option<&Args<'_>>) -> String {
    Catalogue::shipped().format(language(), key, args)
}

/// The text of a message in the current language: `tr!("panel-undo")`, or with placeables
/// `tr!("top-player", profile = name)` (values: strings or numbers). See [`crate::i18n`].
#[macro_export]
macro_rules! tr {
    ($key:expr) => {
        $crate::i18n::text($key, None)
    };
    ($key:expr, $($name:ident = $value:expr),+ $(,)?) => {{
        let mut args = $crate::i18n::Args::new();
        $(args.set(stringify!($name), $value);)+
        $crate::i18n::text($key, Some(&args))
    }};
}

/// A [`Message`] kept to be rendered later in the language of the moment:
/// `msg!("controller-nothing-to-undo")`, `msg!("notice-settings", error = e.message())`
/// (values: strings, numbers, sides, other messages). See [`crate::i18n`].
#[macro_export]
macro_rules! msg {
    ($key:expr) => {
        $crate::i18n::Message::new($key)
    };
    ($key:expr, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::i18n::Message::new($key)$(.arg(stringify!($name), $value))+
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_unknown_codes_are_refused() {
        for lang in Language::ALL {
            assert_eq!(Language::from_code(lang.code()), Some(lang));
        }
        assert_eq!(
            Language::from_code("ZH-cn"),
            Some(Language::SimplifiedChinese)
        );
        assert_eq!(Language::from_code("fr"), None);
        assert_eq!(Language::from_code(""), None);
    }

    #[test]
    fn chinese_locales_give_chinese_and_others_english() {
        for locale in [
            "zh_CN.UTF-8",
            "zh-Hans-CN",
            "zh",
            "ZH_cn",
            "zh_TW.Big5",
            "zh@x",
        ] {
            assert_eq!(
                Language::from_locale(locale),
                Language::SimplifiedChinese,
                "{locale}"
            );
        }
        for locale in ["en_US.UTF-8", "C", "POSIX", "", "de-DE", "zu_ZA"] {
            assert_eq!(Language::from_locale(locale), Language::English, "{locale}");
        }
    }
}
