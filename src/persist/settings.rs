//! The app's settings: `settings.json` in the data directory, under the same rules as the
//! other files (see [`super`]): a size limit, a required and supported `"version"`, validated
//! content, and a damaged or unreadable file moved aside, never overwritten.
//!
//! # File format
//! ```json
//! { "version": 1, "profile": "alice", "white_profile": "bob", "language": "zh-CN",
//!   "time_controls": { "reversi": { "SuddenDeath": { "ms": 300000 } }, "gomoku": "None" },
//!   "board_display": { "reversi": { "coordinates": true, "move_numbers": false,
//!                                   "legal_moves": true } },
//!   "theme": "system", "board_style": { "reversi": "classic", "gomoku": "plain" },
//!   "zoom": 1.25, "animation": "normal", "sound_volume": 80, "sound_muted": false }
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
//! - The look, each field optional: `theme` `"light"`, `"dark"` or `"system"` (default);
//!   `board_style` per game, `"classic"` (green felt, wood; default) or `"plain"` (flat high
//!   contrast, plain light); `zoom`, the UI scale, from [`MIN_ZOOM`] to [`MAX_ZOOM`]
//!   (default 1.0); `animation`, the move animation's speed, `"off"`, `"fast"` or `"normal"`
//!   (default). Any other value makes the file invalid.
//! - `sound_volume` (optional, default 80): the sound effects' volume in percent, 0–100.
//! - `sound_muted` (optional, default false): sound effects are muted (and the music).
//! - `music_on` (optional, default false): background music plays; `music_volume` (optional,
//!   default 50) its own volume in percent, 0–100; `music_file` (optional) the path of the
//!   player's music file (absent: the built-in track).
//! - `shortcuts` (optional; absent means the defaults): the keyboard shortcuts as the player
//!   re-bound them, `{"version": 1, "keys": {"undo": ["Ctrl+Z"], "lock": ["Ctrl+L", "Pause"],
//!   …}}`: every action by name, each with its key combinations as text (read by the app,
//!   `crate::app::shortcuts`; one it cannot read is reported and left out). `version` says
//!   which actions the table had; an action it lacks takes its default. At most
//!   [`MAX_SHORTCUT_ACTIONS`] actions of at most [`MAX_SHORTCUT_KEYS`] combinations, each at
//!   most [`MAX_SHORTCUT_CHARS`] characters.
//! - `search_threads` (optional, default the machine's cores, at most
//!   [`MAX_THREADS`]): threads of the computer's Hard searches, 1 to [`MAX_THREADS`].
//! - `reversi_book` (optional): the Reversi computer's opening book, `{ "enabled": true,
//!   "vary": true }` (the default): Medium and Hard play from the book, and "vary" picks at
//!   random among near-equal book moves (see [`BookSettings`]).
//! - Unknown fields are kept as they are when the file is rewritten.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::core::clock::TimeControl;
use crate::core::{ByGame, MAX_THREADS};
use crate::i18n::Language;
use crate::msg;

use super::records::check_name;
use super::{FORMAT_VERSION, LoadError, SaveError, atomic, load_with_policy, parse_json, paths};

/// Smallest UI zoom factor (the whole window at half size).
pub const MIN_ZOOM: f32 = 0.5;
/// Largest UI zoom factor (the whole window at three times its size).
pub const MAX_ZOOM: f32 = 3.0;

/// The window's colour theme.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ThemeChoice {
    /// Dark text on light panels.
    Light,
    /// Light text on dark panels.
    Dark,
    /// Whatever the operating system is set to (light or dark).
    #[default]
    System,
}

impl ThemeChoice {
    /// Every choice, in menu order.
    pub const ALL: [ThemeChoice; 3] = [ThemeChoice::Light, ThemeChoice::Dark, ThemeChoice::System];
}

/// How a game's board is drawn; each game has its own pair of looks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BoardStyle {
    /// The traditional material: green felt for Reversi, wood for Gomoku.
    #[default]
    Classic,
    /// Flat colours: high contrast for Reversi, a plain light board for Gomoku.
    Plain,
}

impl BoardStyle {
    /// Both styles, in menu order.
    pub const ALL: [BoardStyle; 2] = [BoardStyle::Classic, BoardStyle::Plain];
}

/// How fast a move is animated (Reversi discs turning over, Gomoku stones dropping in).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AnimationSpeed {
    /// No animation: a move shows in its final state at once.
    Off,
    /// Half the normal duration.
    Fast,
    /// The normal duration.
    #[default]
    Normal,
}

impl AnimationSpeed {
    /// Every speed, in menu order.
    pub const ALL: [AnimationSpeed; 3] = [
        AnimationSpeed::Off,
        AnimationSpeed::Fast,
        AnimationSpeed::Normal,
    ];

    /// How much time an animation takes at this speed, as a fraction of its normal duration
    /// (0 for [`AnimationSpeed::Off`]).
    #[must_use]
    pub fn time_scale(self) -> f32 {
        match self {
            AnimationSpeed::Off => 0.0,
            AnimationSpeed::Fast => 0.5,
            AnimationSpeed::Normal => 1.0,
        }
    }
}

fn default_zoom() -> f32 {
    1.0
}

/// The content of `settings.json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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

    // The look: theme, board styles, zoom and move animation.
    /// Light, dark or the system's theme for the panels (the board keeps its style).
    #[serde(default)]
    pub theme: ThemeChoice,
    /// Each game's board style.
    #[serde(default)]
    pub board_style: ByGame<BoardStyle>,
    /// The UI zoom factor (egui's zoom factor), [`MIN_ZOOM`]..=[`MAX_ZOOM`].
    #[serde(default = "default_zoom")]
    pub zoom: f32,
    /// How fast moves are animated.
    #[serde(default)]
    pub animation: AnimationSpeed,

    // Sound effects.
    /// The sound effects' volume in percent (0–100).
    #[serde(default = "default_sound_volume")]
    pub sound_volume: u8,
    /// Sound effects are muted (the M key).
    #[serde(default)]
    pub sound_muted: bool,

    // Background music.
    /// Background music plays (off by default).
    #[serde(default)]
    pub music_on: bool,
    /// The music's volume in percent (0–100), apart from the effects'.
    #[serde(default = "default_music_volume")]
    pub music_volume: u8,
    /// The player's music file (`None`: the built-in track).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub music_file: Option<String>,
    // Keyboard shortcuts.
    /// The shortcuts as re-bound by the player (`None`: the defaults).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shortcuts: Option<ShortcutTable>,
    /// Threads the computer's Hard level searches on (its moves, hints and move scores), in
    /// both games, `1..=`[`MAX_THREADS`].
    #[serde(default = "default_search_threads")]
    pub search_threads: u32,
    // The Reversi opening book.
    /// Whether the Reversi computer plays from its opening book, and varies its openings.
    #[serde(default)]
    pub reversi_book: BookSettings,
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

/// The keyboard shortcuts as the settings file keeps them (see the [module docs](self)).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShortcutTable {
    /// Which actions the table had when it was written (the app's `TABLE_VERSION`).
    pub version: u32,
    /// Each action's key combinations, by action name: `"undo": ["Ctrl+Z"]`.
    pub keys: BTreeMap<String, Vec<String>>,
}

/// Most actions a shortcut table may name.
pub const MAX_SHORTCUT_ACTIONS: usize = 100;
/// Most key combinations of one action.
pub const MAX_SHORTCUT_KEYS: usize = 8;
/// Longest key combination or action name, in characters.
pub const MAX_SHORTCUT_CHARS: usize = 40;

impl ShortcutTable {
    /// Checks the table's size limits (see the [module docs](self)); the combinations
    /// themselves are read by the app.
    ///
    /// # Errors
    /// [`LoadError::Invalid`] naming the problem.
    pub fn validate(&self) -> Result<(), LoadError> {
        let problem = if self.version == 0 {
            Some("version 0".to_string())
        } else if self.keys.len() > MAX_SHORTCUT_ACTIONS {
            Some(format!("more than {MAX_SHORTCUT_ACTIONS} actions"))
        } else {
            self.keys.iter().find_map(|(name, keys)| {
                let long = |t: &String| t.chars().count() > MAX_SHORTCUT_CHARS;
                if long(name) || keys.iter().any(long) {
                    Some(format!(
                        "{name}: longer than {MAX_SHORTCUT_CHARS} characters"
                    ))
                } else if keys.len() > MAX_SHORTCUT_KEYS {
                    Some(format!(
                        "{name}: more than {MAX_SHORTCUT_KEYS} combinations"
                    ))
                } else {
                    None
                }
            })
        };
        match problem {
            Some(problem) => Err(LoadError::invalid_msg(msg!(
                "error-field",
                field = "shortcuts",
                problem = problem
            ))),
            None => Ok(()),
        }
    }
}

/// How the Reversi computer (Medium and Hard) uses its opening book; each field optional.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct BookSettings {
    /// It plays book moves while the game is in the book.
    pub enabled: bool,
    /// It picks at random among the near-equal book moves, so games differ (else always the
    /// best one).
    pub vary: bool,
}

impl Default for BookSettings {
    /// The book on, varied.
    fn default() -> BookSettings {
        BookSettings {
            enabled: true,
            vary: true,
        }
    }
}

/// The volume of a first start, in percent.
pub const DEFAULT_SOUND_VOLUME: u8 = 80;

fn default_sound_volume() -> u8 {
    DEFAULT_SOUND_VOLUME
}

/// The music's volume on a first start, in percent.
pub const DEFAULT_MUSIC_VOLUME: u8 = 50;

fn default_music_volume() -> u8 {
    DEFAULT_MUSIC_VOLUME
}

/// The search threads of a first start: the machine's cores, at most [`MAX_THREADS`].
#[must_use]
pub fn default_search_threads() -> u32 {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get() as u32)
        .clamp(1, MAX_THREADS)
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

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            profile: None,
            white_profile: None,
            board_display: ByGame::default(),
            time_controls: ByGame::default(),
            language: None,
            theme: ThemeChoice::default(),
            board_style: ByGame::default(),
            zoom: default_zoom(),
            animation: AnimationSpeed::default(),
            sound_volume: DEFAULT_SOUND_VOLUME,
            sound_muted: false,
            music_on: false,
            music_volume: DEFAULT_MUSIC_VOLUME,
            music_file: None,
            shortcuts: None,
            search_threads: default_search_threads(),
            reversi_book: BookSettings::default(),
            extra: serde_json::Map::new(),
        }
    }
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

    /// Checks both profile names, the time controls, the zoom factor, the volumes and the
    /// shortcut table's size (see the [module docs](self)).
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
                return Err(LoadError::invalid_msg(msg!(
                    "error-field-spaces",
                    field = field
                )));
            }
            check_name(name).map_err(|e| {
                LoadError::invalid_msg(msg!("error-field", field = field, problem = e.message()))
            })?;
        }
        for control in [self.time_controls.reversi, self.time_controls.gomoku] {
            control.validate().map_err(|e| {
                LoadError::invalid_msg(msg!("error-field", field = "time_controls", problem = e))
            })?;
        }
        // `contains` is false for NaN too.
        if !(MIN_ZOOM..=MAX_ZOOM).contains(&self.zoom) {
            return Err(LoadError::invalid_msg(msg!(
                "error-zoom-range",
                zoom = self.zoom.to_string(),
                min = MIN_ZOOM.to_string(),
                max = MAX_ZOOM.to_string()
            )));
        }
        if let Some(table) = &self.shortcuts {
            table.validate()?;
        }
        if self.sound_volume > crate::audio::MAX_VOLUME {
            return Err(LoadError::invalid_msg(msg!(
                "error-volume-range",
                volume = self.sound_volume,
                max = crate::audio::MAX_VOLUME
            )));
        }
        if self.music_volume > crate::audio::MAX_VOLUME {
            return Err(LoadError::invalid_msg(msg!(
                "error-music-volume-range",
                volume = self.music_volume,
                max = crate::audio::MAX_VOLUME
            )));
        }
        if self
            .music_file
            .as_deref()
            .is_some_and(|f| f.trim().is_empty())
        {
            return Err(LoadError::invalid_msg(msg!(
                "error-field",
                field = "music_file",
                problem = msg!("error-music-file-empty")
            )));
        }
        if !(1..=MAX_THREADS).contains(&self.search_threads) {
            return Err(LoadError::invalid_msg(msg!(
                "error-threads-range",
                threads = self.search_threads,
                max = MAX_THREADS
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
