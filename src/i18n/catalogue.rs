//! The message catalogues: the two `.ftl` files compiled into the binary, parsed once into
//! Fluent bundles, and the look-up with its fallbacks (Chinese → English → the key).

use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};
use unic_langid::LanguageIdentifier;

use super::Language;

/// The English catalogue's source (`assets/i18n/en.ftl`).
pub const ENGLISH_SOURCE: &str = include_str!("../../assets/i18n/en.ftl");

/// The Simplified Chinese catalogue's source (`assets/i18n/zh-CN.ftl`).
pub const CHINESE_SOURCE: &str = include_str!("../../assets/i18n/zh-CN.ftl");

type Bundle = FluentBundle<FluentResource>;

/// One bundle of messages per language.
pub struct Catalogue {
    english: Bundle,
    chinese: Bundle,
}

static SHIPPED: LazyLock<Catalogue> =
    LazyLock::new(|| Catalogue::new(ENGLISH_SOURCE, CHINESE_SOURCE));

impl Catalogue {
    /// The catalogues compiled into the app.
    #[must_use]
    pub fn shipped() -> &'static Catalogue {
        &SHIPPED
    }

    /// Catalogues from Fluent sources. Entries that do not parse, and repeats of a key, are
    /// left out (the tests keep the shipped files free of both).
    #[must_use]
    pub fn new(english: &str, chinese: &str) -> Catalogue {
        Catalogue {
            english: bundle(Language::English, english),
            chinese: bundle(Language::SimplifiedChinese, chinese),
        }
    }

    /// Whether `lang`'s own catalogue has message `key` (without falling back).
    #[must_use]
    pub fn has(&self, lang: Language, key: &str) -> bool {
        self.bundle(lang).has_message(key)
    }

    /// Message `key` in `lang` with `args` filled in; a key `lang` lacks is taken from
    /// English, and one English lacks too is shown as itself. A placeable without a value
    /// shows as `{$name}`. Never panics.
    #[must_use]
    pub fn format(&self, lang: Language, key: &str, args: Option<&FluentArgs<'_>>) -> String {
        format_in(self.bundle(lang), key, args)
            .or_else(|| format_in(&self.english, key, args))
            .unwrap_or_else(|| key.to_string())
    }

    fn bundle(&self, lang: Language) -> &Bundle {
        match lang {
            Language::English => &self.english,
            Language::SimplifiedChinese => &self.chinese,
        }
    }
}

/// A bundle of `source`'s messages for `lang`, placeables inserted as they are: Fluent's
/// default wraps them in Unicode isolation marks, which egui's fonts draw as boxes.
fn bundle(lang: Language, source: &str) -> Bundle {
    let id: LanguageIdentifier = lang.code().parse().unwrap_or_default();
    let mut bundle = Bundle::new_concurrent(vec![id]);
    bundle.set_use_isolating(false);
    let resource =
        FluentResource::try_new(source.to_string()).unwrap_or_else(|(partial, _)| partial);
    // On a repeated key the first one stays; the rest of the resource is still added.
    let _ = bundle.add_resource(resource);
    bundle
}

fn format_in(bundle: &Bundle, key: &str, args: Option<&FluentArgs<'_>>) -> Option<String> {
    let pattern = bundle.get_message(key)?.value()?;
    let mut errors = Vec::new();
    Some(
        bundle
            .format_pattern(pattern, args, &mut errors)
            .into_owned(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn catalogue() -> Catalogue {
        Catalogue::new(
            "both = Both\nonly-en = Only English\nnamed = Hello { $name }!\n",
            "both = 两者\nnamed = 你好，{ $name }！\nbroken = { oops\n",
        )
    }

    #[test]
    fn a_message_is_taken_from_the_language_asked() {
        let c = catalogue();
        assert_eq!(c.format(Language::English, "both", None), "Both");
        assert_eq!(c.format(Language::SimplifiedChinese, "both", None), "两者");
    }

    #[test]
    fn a_key_missing_in_chinese_falls_back_to_english_then_to_itself() {
        let c = catalogue();
        assert!(!c.has(Language::SimplifiedChinese, "only-en"));
        assert_eq!(
            c.format(Language::SimplifiedChinese, "only-en", None),
            "Only English"
        );
        assert_eq!(
            c.format(Language::SimplifiedChinese, "nowhere", None),
            "nowhere"
        );
        assert_eq!(c.format(Language::English, "broken", None), "broken");
    }

    #[test]
    fn placeables_are_filled_without_isolation_marks() {
        let c = catalogue();
        let mut args = FluentArgs::new();
        args.set("name", "小明");
        assert_eq!(
            c.format(Language::SimplifiedChinese, "named", Some(&args)),
            "你好，小明！"
        );
        assert_eq!(
            c.format(Language::English, "named", None),
            "Hello {$name}!",
            "a missing value shows the placeable, no panic"
        );
    }

    #[test]
    fn the_shipped_catalogues_translate() {
        let c = Catalogue::shipped();
        assert_eq!(c.format(Language::English, "panel-undo", None), "Undo");
        assert_eq!(
            c.format(Language::SimplifiedChinese, "panel-undo", None),
            "悔棋"
        );
        let mut args = FluentArgs::new();
        args.set("depth", 7);
        assert_eq!(
            c.format(Language::English, "level-depth", Some(&args)),
            "Depth 7"
        );
    }
}
