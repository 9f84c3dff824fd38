//! The app's settings: `settings.json` in the data directory, under the same rules as the
//! other files (see [`super`]): a size limit, a required and supported `"version"`, validated
//! content, and a damaged or unreadable file moved aside, never overwritten.
//!
//! # File format
//! ```json
//! { "version": 1, "profile": "alice", "white_profile": "bob", "sound_volume": 80,
//!   "sound_muted": false }
//! ```
//! - `profile` (optional): the current profile; absent means the OS user name.
//! - `white_profile` (optional): White's profile in hot-seat games; absent means the current
//!   profile.
//! - Names follow the profile name rules of [`super::records::check_name`] (not blank, at most
//!   40 characters, no control characters, no surrounding spaces).
//! - `sound_volume` (optional, default 80): the sound effects' volume in percent, 0–100.
//! - `sound_muted` (optional, default false): sound effects are muted.
//! - Unknown fields are kept as they are when the file is rewritten.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::records::check_name;
use super::{FORMAT_VERSION, LoadError, SaveError, atomic, load_with_policy, parse_json, paths};

/// The content of `settings.json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// The current profile (`None`: the OS user name).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub profile: Option<String>,
    /// White's profile in hot-seat games (`None`: the current profile).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white_profile: Option<String>,
    // Sound effects.
    /// The sound effects' volume in percent (0–100).
    #[serde(default = "default_sound_volume")]
    pub sound_volume: u8,
    /// Sound effects are muted (the M key).
    #[serde(default)]
    pub sound_muted: bool,
    /// Fields this version does not know, kept as they were.
    #[serde(flatten)]
    pub extra: serde_json::Map<String, serde_json::Value>,
}

/// The volume of a first start, in percent.
pub const DEFAULT_SOUND_VOLUME: u8 = 80;

fn default_sound_volume() -> u8 {
    DEFAULT_SOUND_VOLUME
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            profile: None,
            white_profile: None,
            sound_volume: DEFAULT_SOUND_VOLUME,
            sound_muted: false,
            extra: serde_json::Map::new(),
        }
    }
}

#[derive(Serialize)]
struct SettingsOut<'a> {
    version: u32,
    #[serde(flatten)]
    settings: &'a Settings,
}

impl Settings {
    /// Checks both profile names and the volume (see the [module docs](self)).
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
        if self.sound_volume > crate::audio::MAX_VOLUME {
            return Err(LoadError::invalid(format!(
                "\"sound_volume\" is {}, above {}",
                self.sound_volume,
                crate::audio::MAX_VOLUME
            )));
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
