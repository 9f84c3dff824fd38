//! The app's settings: `settings.json` in the data directory, under the same rules as the
//! other files (see [`super`]): a size limit, a required and supported `"version"`, validated
//! content, and a damaged or unreadable file moved aside, never overwritten.
//!
//! # File format
//! ```json
//! { "version": 1, "profile": "alice", "white_profile": "bob", "language": "zh-CN",
//!   "time_controls": { "reversi": { "SuddenDeath": { "ms": 300000 } }, "gomoku": "None" } }
//! ```
//! - `profile` (optional): the current profile; absent means the OS user name.
//! - `white_profile` (optional): White's profile in hot-seat games; absent means the current
//!   profile.
//! - `time_controls` (optional): the time control of each game's next new game, as in a saved
//!   game's `clock.control` (see [`TimeControl::validate`] for the limits); absent means none.
//! - `language` (optional): the window's language as the user chose it, "en" or "zh-CN"
//!   (see [`crate::i18n::Language::code`]); absent, or a tag this version does not know,
//!   means the OS locale's language. Kept as written, so a newer version's choice survives.
//! - Names follow the profile name rules of [`super::records::check_name`] (not blank, at most
//!   40 characters, no control characters, no surrounding spaces).
//! - `board_display` (optional): per game (`"reversi"`, `"gomoku"`), what the board shows:
//!   `coordinates`, `move_numbers`, `legal_moves` (booleans; a missing one takes its default).
//! - Unknown fields are kept as they are when the file is rewritten.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::records::check_name;
use super::{FORMAT_VERSION, LoadError, SaveError, atomic, load_with_policy, parse_json, paths};
use crate::core::ByGame;
use crate::core::clock::TimeControl;
use crate::i18n::Language;

/// The content of `settings.json`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// The current profile (`None`: the OS user name).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub profile: Option<String>,
    /// White's profile in hot-seat games (`None`: the current profile).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white_profile: Option<String>,

    // Board display (the board's right-click menu and the side panel's toggles).
    /// What each game's board shows.
    #[serde(default)]
    pub board_display: ByGame<BoardDisplay>,

    // Clocks: the time control chosen for each game's next new game.
    /// The time control of each game's next new game.
    #[serde(default, skip_serializing_if = "is_untimed")]
    pub time_controls: ByGame<TimeControl>,

    /// The language tag the user chose (`None`: follow the OS locale); read it with
    /// [`Settings::language`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
    /// Fields this version does not know, kept as they were.
    #[serde(flatten)]
    pub extra: serde_json::Map<String, serde_json::Value>,
}

/// What a board shows besides its pieces, remembered per game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct BoardDisplay {
    /// Letters and numbers along the edges.
    pub coordinates: bool,
    /// The number of the move that placed each disc or stone.
    pub move_numbers: bool,
    /// A dot on each square where the side to move may play (Reversi).
    pub legal_moves: bool,
}

impl Default for BoardDisplay {
    /// Coordinates and legal moves shown, move numbers hidden.
    fn default() -> BoardDisplay {
        BoardDisplay {
            coordinates: true,
            move_numbers: false,
            legal_moves: true,
        }
    }
}

fn is_untimed(controls: &ByGame<TimeControl>) -> bool {
    *controls == ByGame::default()
}

#[derive(Serialize)]
struct SettingsOut<'a> {
    version: u32,
    #[serde(flatten)]
    settings: &'a Settings,
}

impl Settings {
    /// The language the user chose, when it is one this version has.
    #[must_use]
    pub fn language(&self) -> Option<Language> {
        self.language.as_deref().and_then(Language::from_code)
    }

    /// Remember `lang` as the user's choice.
    pub fn set_language(&mut self, lang: Language) {
        self.language = Some(lang.code().to_string());
    }

    /// Checks both profile names and the time controls (see the [module docs](self)).
    ///
    /// # Errors
    /// [`LoadError::Invalid`] naming the field and the problem.
    pub fn validate(&self) -> Result<(), LoadError> {
        for (field, name) in [
            ("profile", &self.profile),
            ("white_profile", &self.white_profile),
        ] {
            let Some(name) = name else { continue };
            if name.trim() != name {
                return Err(LoadError::invalid(format!(
                    "\"{field}\" has surrounding spaces"
                )));
            }
            check_name(name).map_err(|e| LoadError::invalid(format!("\"{field}\": {e}")))?;
        }
        for control in [self.time_controls.reversi, self.time_controls.gomoku] {
            control
                .validate()
                .map_err(|e| LoadError::invalid(format!("\"time_controls\": {e}")))?;
        }
        Ok(())
    }

    /// The `settings.json` document, pretty-printed, with `"version": 1`.
    #[must_use]
    pub fn to_json(&self) -> String {
        let mut out = self.clone();
        out.extra.remove("version");
        serde_json::to_string_pretty(&SettingsOut {
            version: FORMAT_VERSION,
            settings: &out,
        })
        .unwrap_or_else(|e| unreachable!("settings always serialize: {e}"))
    }

    /// Reads a `settings.json` document and validates it.
    ///
    /// # Errors
    /// [`LoadError::TooLarge`], [`LoadError::Empty`], [`LoadError::Malformed`] (also for a
    /// missing or non-integer `"version"`), [`LoadError::NewerVersion`] or
    /// [`LoadError::Invalid`].
    pub fn from_json(bytes: &[u8]) -> Result<Settings, LoadError> {
        let mut settings: Settings = parse_json(bytes)?;
        settings.extra.remove("version");
        settings.validate()?;
        Ok(settings)
    }

    /// Loads `dir/settings.json` with the damaged-file policy (see [`super`]): `Ok(None)`
    /// when it does not exist.
    ///
    /// # Errors
    /// [`LoadError::Corrupt`] (the file was moved aside) or [`LoadError::CorruptNotMoved`]
    /// (left in place; [`Settings::save`] then refuses to replace it).
    pub fn load(dir: &Path) -> Result<Option<Settings>, LoadError> {
        load_with_policy(&paths::settings_path(dir), Settings::from_json)
    }

    /// Validates the settings and writes them as `dir/settings.json`, atomically (through a
    /// symbolic link to its target). The file on disk is checked first: a damaged or
    /// unreadable one is moved aside (and returned as `Ok(Some(problem))` for the app to
    /// report) rather than overwritten; one that cannot be moved aside is left alone and
    /// nothing is written.
    ///
    /// # Errors
    /// [`SaveError::Invalid`] when a name is invalid; [`SaveError::Corrupt`] when a damaged
    /// file could not be moved aside; [`SaveError::Io`] when writing fails (the previous file
    /// is intact). Nothing is written on error.
    pub fn save(&self, dir: &Path) -> Result<Option<LoadError>, SaveError> {
        self.validate().map_err(SaveError::Invalid)?;
        std::fs::create_dir_all(dir).map_err(|source| SaveError::Io {
            path: dir.to_path_buf(),
            source,
        })?;
        let problem = match Settings::load(dir) {
            Ok(_) => None,
            Err(e @ LoadError::Corrupt { .. }) => Some(e),
            Err(e) => return Err(SaveError::Corrupt(e)),
        };
        let path = paths::settings_path(dir);
        atomic::write_atomic(&path, self.to_json().as_bytes())
            .map_err(|source| SaveError::Io { path, source })?;
        Ok(problem)
    }
}
