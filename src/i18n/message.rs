//! [`Message`]: a catalogue message and its values, rendered in the language current when it
//! is shown (see the module docs of [`crate::i18n`]).

use std::borrow::Borrow;
use std::fmt;
use std::ops::Deref;
use std::sync::OnceLock;

use super::{Args, Catalogue, Language, language};

/// A message's text, made in the language current when it is read, once per language.
#[derive(Clone)]
pub struct Message {
    body: Body,
    /// Longest text shown, in characters (a longer one is cut and ends in "…").
    max_chars: Option<usize>,
    /// The text in each language, made on first use.
    rendered: [OnceLock<String>; Language::ALL.len()],
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Body {
    /// A catalogue message and the values of its placeables.
    Key(&'static str, Vec<(&'static str, Arg)>),
    /// Finished text, the same in every language.
    Literal(String),
}

/// The value of a message's placeable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// Text shown as it is (a name, a path, a move).
    Text(String),
    /// A number, formatted by the language.
    Number(i64),
    /// Another message, rendered in the same language.
    Message(Message),
}

impl Message {
    /// Catalogue message `key`, its placeables still without values (see [`Message::arg`]).
    #[must_use]
    pub fn new(key: &'static str) -> Message {
        Message::of(Body::Key(key, Vec::new()))
    }

    /// Finished text that shows as itself in every language.
    #[must_use]
    pub fn literal(text: impl Into<String>) -> Message {
        Message::of(Body::Literal(text.into()))
    }

    fn of(body: Body) -> Message {
        Message {
            body,
            max_chars: None,
            rendered: Default::default(),
        }
    }

    /// The message with placeable `name` set to `value`.
    #[must_use]
    pub fn arg(mut self, name: &'static str, value: impl Into<Arg>) -> Message {
        if let Body::Key(_, args) = &mut self.body {
            args.push((name, value.into()));
        }
        self.rendered = Default::default();
        self
    }

    /// The message cut to `max` characters when shown (ending in "…").
    #[must_use]
    pub fn truncated(mut self, max: usize) -> Message {
        self.max_chars = Some(max);
        self.rendered = Default::default();
        self
    }

    /// The catalogue key, if it is a catalogue message.
    #[must_use]
    pub fn key(&self) -> Option<&'static str> {
        match &self.body {
            Body::Key(key, _) => Some(key),
            Body::Literal(_) => None,
        }
    }

    /// The text in the current language.
    #[must_use]
    pub fn as_str(&self) -> &str {
        let lang = language();
        self.rendered[usize::from(lang.index())].get_or_init(|| self.render(lang))
    }

    /// The text in `lang` (made afresh).
    #[must_use]
    pub fn render(&self, lang: Language) -> String {
        let text = match &self.body {
            Body::Literal(text) => text.clone(),
            Body::Key(key, values) => {
                let mut args = Args::new();
                for (name, value) in values {
                    match value {
                        Arg::Text(t) => args.set(*name, t.clone()),
                        Arg::Number(n) => args.set(*name, *n),
                        Arg::Message(m) => args.set(*name, m.render(lang)),
                    }
                }
                Catalogue::shipped().format(lang, key, Some(&args))
            }
        };
        match self.max_chars {
            Some(max) if text.chars().count() > max => {
                let mut cut: String = text.chars().take(max.saturating_sub(1)).collect();
                cut.push('…');
                cut
            }
            _ => text,
        }
    }
}

impl PartialEq for Message {
    fn eq(&self, other: &Message) -> bool {
        self.body == other.body && self.max_chars == other.max_chars
    }
}

impl Eq for Message {}

impl fmt::Debug for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Deref for Message {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl Borrow<str> for Message {
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for Message {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl From<String> for Message {
    fn from(text: String) -> Message {
        Message::literal(text)
    }
}

impl From<&str> for Message {
    fn from(text: &str) -> Message {
        Message::literal(text)
    }
}

impl From<Message> for egui::WidgetText {
    fn from(m: Message) -> egui::WidgetText {
        m.as_str().into()
    }
}

impl From<&Message> for egui::WidgetText {
    fn from(m: &Message) -> egui::WidgetText {
        m.as_str().into()
    }
}

impl From<Message> for egui::RichText {
    fn from(m: Message) -> egui::RichText {
        m.as_str().into()
    }
}

impl From<&Message> for egui::RichText {
    fn from(m: &Message) -> egui::RichText {
        m.as_str().into()
    }
}

impl From<Message> for Arg {
    fn from(m: Message) -> Arg {
        Arg::Message(m)
    }
}

impl From<String> for Arg {
    fn from(t: String) -> Arg {
        Arg::Text(t)
    }
}

impl From<&str> for Arg {
    fn from(t: &str) -> Arg {
        Arg::Text(t.to_string())
    }
}

impl From<&String> for Arg {
    fn from(t: &String) -> Arg {
        Arg::Text(t.clone())
    }
}

macro_rules! number_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Number(i64::try_from(n).unwrap_or(i64::MAX))
            }
        }
    )*};
}

number_arg!(i8, i16, i32, i64, u8, u16, u32, u64, usize);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_follows_the_language_it_is_read_in() {
        let m = crate::msg!("notice-cannot-load", error = Message::new("side-black"));
        assert_eq!(m.render(Language::English), "Cannot load the game: Black");
        assert!(m.render(Language::SimplifiedChinese).contains("黑方"));
        let lit = Message::from("as is".to_string());
        assert_eq!(lit.render(Language::SimplifiedChinese), "as is");
        assert_eq!(lit.key(), None);
    }

    #[test]
    fn a_truncated_message_ends_in_an_ellipsis() {
        let m = Message::literal("abcdef").truncated(4);
        assert_eq!(m.render(Language::English), "abc…");
        assert_eq!(
            Message::literal("abc")
                .truncated(4)
                .render(Language::English),
            "abc"
        );
    }
}
