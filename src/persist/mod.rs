//! Everything the app keeps on disk: win records per profile, settings, saved games and the
//! autosaved game in progress, all as small versioned JSON files in one data directory.
//!
//! - [`paths`]: where the data directory is (`--data-dir`, `REVERSI_GOMOKU_DATA_DIR`, or the
//!   platform's data directory) and the file names in it.
//! - [`atomic`]: crash-safe writes (temp file, fsync, rename, fsync the directory), through
//!   symbolic links to their targets; removal of temp files left by a crash.
//! - [`lock`]: OS advisory file locks with a bounded wait (released by the OS when a process
//!   dies, so never stale).
//! - [`records`]: profiles and their wins/losses/draws against the computer and head to head,
//!   under an OS lock so that two app windows never lose each other's updates.
//! - [`savegame`]: a game as a JSON document (replayed through the rules on load, never
//!   trusted), plain transcripts ("f5d6c3…", "h8i9…"), and the autosave `current-game.json`.
//! - [`settings`]: `settings.json` (current profile, hot-seat White profile).
//! - [`lock_instance`]: the OS lock `instance.lock` held by the window that owns the data
//!   directory (and so the autosave).
//!
//! # Damaged files
//! A file that cannot be read, is empty, truncated, not JSON, of the wrong shape, of a newer
//! format `version`, larger than [`MAX_FILE_BYTES`] or failing validation is never overwritten:
//! the loader renames it to `<name>.corrupt-<unix seconds>` (plus `-<n>` if that name is
//! taken), returns [`LoadError::Corrupt`] naming both paths and the problem, and the caller
//! carries on with defaults. Loaders never panic, whatever the bytes. A `version` that is
//! missing, not a positive integer or newer than [`FORMAT_VERSION`] makes a file damaged too.
//! Problem descriptions are cut to [`MAX_REASON_CHARS`] characters, so a damaged file cannot
//! produce a message of megabytes.

pub mod atomic;
pub mod lock;
pub mod paths;
pub mod picture;
pub mod records;
pub mod savegame;
pub mod settings;

use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use serde::Deserialize;

pub use atomic::write_atomic;
pub use lock::{FileLock, LockError};
pub use paths::{
    CURRENT_GAME_FILE, DATA_DIR_ENV, INSTANCE_LOCK_FILE, RECORDS_FILE, SETTINGS_FILE, data_dir,
    resolve_data_dir,
};
pub use records::{
    GameId, GameKey, GameResult, LevelKey, Profile, ProfileSummary, RankingEntry, RecordError,
    RecordStore, Recording, Records, Tally, default_profile_name,
};
pub use savegame::{
    CurrentGames, GameMeta, GameReplay, MoveNote, SavedChoice, SavedGame, SavedMove, SavedOpening,
    SavedResult, SavedStart, format_gomoku_moves, load_current, parse_gomoku_moves, remove_current,
    save_current,
};
pub use settings::{
    AnimationSpeed, BoardDisplay, BoardStyle, BookSettings, MAX_ZOOM, MIN_ZOOM, Settings,
    ShortcutTable, ThemeChoice, default_search_threads,
};

/// The newest file format version this program reads and the one it writes (the top-level
/// `"version"` of every file).
pub const FORMAT_VERSION: u32 = 1;

/// Files larger than this (16 MiB) are refused as corrupt without being read.
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// Longest problem description kept in a [`LoadError`] (200 characters): a damaged file can
/// hold megabytes that a parser error would quote.
pub const MAX_REASON_CHARS: usize = 200;

/// `text` cut to at most `max_chars` characters: when longer, its first `max_chars - 1`
/// characters followed by "…".
#[must_use]
pub fn shorten(text: &str, max_chars: usize) -> String {
    match text.char_indices().nth(max_chars) {
        None => text.to_string(),
        Some(_) => {
            let keep: String = text.chars().take(max_chars.saturating_sub(1)).collect();
            format!("{keep}…")
        }
    }
}

/// Takes the lock that makes a window the owner of the data directory `dir` (the OS lock on
/// `dir/instance.lock`, see [`lock`]), for as long as the returned guard lives. Does not wait:
/// another live window holding it gives [`LockError::Busy`] at once. The OS releases it when
/// the window exits or crashes. The app's owner window is the only one that restores and
/// writes the autosave `current-game.json`.
///
/// # Errors
/// [`LockError::Busy`] when another window owns `dir`; [`LockError::Io`] when the lock file
/// cannot be created or locked (a missing or read-only directory, no lock support).
pub fn lock_instance(dir: &Path) -> Result<FileLock, LockError> {
    FileLock::acquire(&paths::instance_lock_path(dir), std::time::Duration::ZERO)
}

/// Why a file could not be loaded. The content problems (`Empty` … `Invalid`) come back bare
/// from the `from_json` functions; the file loaders wrap them in [`LoadError::Corrupt`] after
/// moving the file aside.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The file exists but could not be read (permissions, a directory, an I/O error).
    #[error("cannot read {}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The operating system's error.
        #[source]
        source: io::Error,
    },
    /// The file is larger than [`MAX_FILE_BYTES`]; it was not read.
    #[error("the file is {size} bytes, more than the limit of {limit} bytes")]
    TooLarge {
        /// Size of the file in bytes.
        size: u64,
        /// The limit in bytes ([`MAX_FILE_BYTES`]).
        limit: u64,
    },
    /// The file is empty (or only whitespace).
    #[error("the file is empty")]
    Empty,
    /// Not JSON, truncated JSON, or JSON of the wrong shape (missing fields, wrong types).
    #[error("{reason}")]
    Malformed {
        /// serde_json's message with line and column, prefixed by the kind of problem.
        reason: String,
        /// The kind of problem and where, in the window's language (boxed: errors stay small).
        text: Option<Box<crate::i18n::Message>>,
    },
    /// Written by a newer program: its format `version` is above [`FORMAT_VERSION`].
    #[error(
        "written by a newer version of the program (format version {found}; this one reads up to {supported})"
    )]
    NewerVersion {
        /// The version in the file.
        found: u64,
        /// The newest version this program reads ([`FORMAT_VERSION`]).
        supported: u32,
    },
    /// Well-formed JSON whose content fails validation: an illegal move (the reason names the
    /// 1-based move number and the move), a stated result that disagrees with the replay,
    /// impossible counts, empty or duplicate profile names, …
    #[error("invalid content: {reason}")]
    Invalid {
        /// What is wrong, in a sentence for the user (English, for logs and files).
        reason: String,
        /// The same sentence from the catalogue, shown in the window's language; `None` for
        /// reasons made of other programs' words. Boxed, so errors stay small.
        text: Option<Box<crate::i18n::Message>>,
    },
    /// A damaged file (any of the problems above) that was moved aside and not overwritten.
    #[error("{} is damaged ({reason}); it was moved to {}", path.display(), kept_as.display())]
    Corrupt {
        /// Where the file was.
        path: PathBuf,
        /// Where it is now: `<path>.corrupt-<unix seconds>[-<n>]`.
        kept_as: PathBuf,
        /// The problem found.
        reason: Box<LoadError>,
    },
    /// A damaged file that could not be moved aside either; it is left where it was, and
    /// writers refuse to replace it.
    #[error("{} is damaged ({reason}) and could not be moved aside: {source}", path.display())]
    CorruptNotMoved {
        /// The file.
        path: PathBuf,
        /// The problem found.
        reason: Box<LoadError>,
        /// Why the rename failed.
        #[source]
        source: io::Error,
    },
}

impl LoadError {
    /// The reason in the window's language (the operating system's and the JSON parser's
    /// words inside, and the reasons of [`LoadError::Invalid`], stay English); `Display`
    /// stays English for logs.
    #[must_use]
    pub fn message(&self) -> crate::i18n::Message {
        use crate::i18n::Message;
        use crate::msg;
        match self {
            LoadError::Io { path, source } => msg!(
                "error-read",
                path = path.display().to_string(),
                source = source.to_string()
            ),
            LoadError::TooLarge { size, limit } => {
                msg!("error-too-large", size = *size, limit = *limit)
            }
            LoadError::Empty => msg!("error-empty-file"),
            LoadError::Malformed { reason, text } => text
                .as_deref()
                .cloned()
                .unwrap_or_else(|| Message::literal(reason.clone())),
            LoadError::NewerVersion { found, supported } => {
                msg!(
                    "error-newer-version",
                    found = *found,
                    supported = *supported
                )
            }
            LoadError::Invalid { reason, text } => msg!(
                "error-invalid",
                reason = text
                    .as_deref()
                    .cloned()
                    .unwrap_or_else(|| Message::literal(reason.clone()))
            ),
            LoadError::Corrupt {
                path,
                kept_as,
                reason,
            } => msg!(
                "error-corrupt",
                path = path.display().to_string(),
                reason = reason.message(),
                kept = kept_as.display().to_string()
            ),
            LoadError::CorruptNotMoved {
                path,
                reason,
                source,
            } => msg!(
                "error-corrupt-not-moved",
                path = path.display().to_string(),
                reason = reason.message(),
                source = source.to_string()
            ),
        }
    }

    /// The content problem: for [`LoadError::Corrupt`] and [`LoadError::CorruptNotMoved`] the
    /// wrapped reason, otherwise `self`.
    #[must_use]
    pub fn problem(&self) -> &LoadError {
        match self {
            LoadError::Corrupt { reason, .. } | LoadError::CorruptNotMoved { reason, .. } => reason,
            other => other,
        }
    }

    /// Where a damaged file was moved to, if it was.
    #[must_use]
    pub fn kept_as(&self) -> Option<&Path> {
        match self {
            LoadError::Corrupt { kept_as, .. } => Some(kept_as),
            _ => None,
        }
    }

    /// [`LoadError::Invalid`] with `reason` cut to [`MAX_REASON_CHARS`].
    pub(crate) fn invalid(reason: impl Into<String>) -> LoadError {
        LoadError::Invalid {
            reason: shorten(&reason.into(), MAX_REASON_CHARS),
            text: None,
        }
    }

    /// [`LoadError::Invalid`] from a catalogue message: shown in the window's language, its
    /// English text kept as the reason (cut to [`MAX_REASON_CHARS`]) for logs and files.
    pub(crate) fn invalid_msg(text: crate::i18n::Message) -> LoadError {
        LoadError::Invalid {
            reason: shorten(
                &text.render(crate::i18n::Language::English),
                MAX_REASON_CHARS,
            ),
            text: Some(Box::new(text)),
        }
    }

    fn from_json_error(e: &serde_json::Error) -> LoadError {
        let kind = match e.classify() {
            serde_json::error::Category::Eof => "truncated JSON",
            serde_json::error::Category::Syntax => "not valid JSON",
            serde_json::error::Category::Data => "unexpected content",
            serde_json::error::Category::Io => "read error",
        };
        let key = match e.classify() {
            serde_json::error::Category::Eof => "error-json-truncated",
            serde_json::error::Category::Syntax => "error-json-syntax",
            serde_json::error::Category::Data => "error-json-content",
            serde_json::error::Category::Io => "error-json-read",
        };
        LoadError::Malformed {
            reason: shorten(&format!("{kind}: {e}"), MAX_REASON_CHARS),
            text: Some(Box::new(crate::msg!(
                key,
                line = e.line(),
                column = e.column()
            ))),
        }
    }
}

/// Why something could not be saved.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// Writing failed (disk full, permissions, …); the previous file is intact.
    #[error("cannot write {}: {source}", path.display())]
    Io {
        /// The file or directory concerned.
        path: PathBuf,
        /// The operating system's error.
        #[source]
        source: io::Error,
    },
    /// Another window held the records lock for all of [`records::LOCK_WAIT`].
    #[error("{} is locked by another window; try again", path.display())]
    Locked {
        /// The lock file.
        path: PathBuf,
    },
    /// The change itself was refused (bad profile name, …); nothing was written.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// The data to save does not pass validation (e.g. an illegal move); nothing was written.
    #[error("refusing to save: {0}")]
    Invalid(LoadError),
    /// The file on disk is damaged and could not be moved aside, so it was not overwritten.
    #[error(transparent)]
    Corrupt(LoadError),
}

impl SaveError {
    /// The reason in the window's language (see [`LoadError::message`]); `Display` stays
    /// English for logs.
    #[must_use]
    pub fn message(&self) -> crate::i18n::Message {
        use crate::msg;
        match self {
            SaveError::Io { path, source } => msg!(
                "error-write",
                path = path.display().to_string(),
                source = source.to_string()
            ),
            SaveError::Locked { path } => {
                msg!("error-locked", path = path.display().to_string())
            }
            SaveError::Record(e) => e.message(),
            SaveError::Invalid(e) => msg!("error-refusing-to-save", reason = e.message()),
            SaveError::Corrupt(e) => e.message(),
        }
    }
}

/// Milliseconds since the Unix epoch, now (0 if the clock is before 1970).
#[must_use]
pub fn unix_ms_now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

/// Reads a whole file of at most [`MAX_FILE_BYTES`]. `Ok(None)` when it does not exist.
/// Anything but a regular file (a directory, a FIFO that would block the read, a device) is
/// an [`LoadError::Io`] error, without being opened.
fn read_limited(path: &Path) -> Result<Option<Vec<u8>>, LoadError> {
    let io_err = |source| LoadError::Io {
        path: path.to_path_buf(),
        source,
    };
    match std::fs::metadata(path) {
        Ok(meta) if !meta.is_file() => {
            return Err(io_err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "not a regular file",
            )));
        }
        Ok(_) => {}
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io_err(e)),
    }
    let file = match File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io_err(e)),
    };
    let meta = file.metadata().map_err(io_err)?;
    if meta.len() > MAX_FILE_BYTES {
        return Err(LoadError::TooLarge {
            size: meta.len(),
            limit: MAX_FILE_BYTES,
        });
    }
    let mut buf = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut buf)
        .map_err(io_err)?;
    if buf.len() as u64 > MAX_FILE_BYTES {
        return Err(LoadError::TooLarge {
            size: buf.len() as u64,
            limit: MAX_FILE_BYTES,
        });
    }
    Ok(Some(buf))
}

/// Checks the envelope shared by every file: size, non-empty, JSON object with a supported
/// top-level `"version"`. The caller then deserializes the full document.
fn check_envelope(bytes: &[u8]) -> Result<(), LoadError> {
    #[derive(Deserialize)]
    struct Probe {
        version: serde_json::Value,
    }
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(LoadError::TooLarge {
            size: bytes.len() as u64,
            limit: MAX_FILE_BYTES,
        });
    }
    if bytes.trim_ascii().is_empty() {
        return Err(LoadError::Empty);
    }
    let probe: Probe = serde_json::from_slice(bytes).map_err(|e| LoadError::from_json_error(&e))?;
    let Some(version) = probe.version.as_u64() else {
        return Err(LoadError::Malformed {
            reason: shorten(
                &format!(
                    "\"version\" must be a positive integer, not {}",
                    probe.version
                ),
                MAX_REASON_CHARS,
            ),
            text: Some(Box::new(crate::msg!(
                "error-version-not-integer",
                found = probe.version.to_string()
            ))),
        });
    };
    if version == 0 {
        return Err(LoadError::invalid_msg(crate::msg!("error-version-zero")));
    }
    if version > u64::from(FORMAT_VERSION) {
        return Err(LoadError::NewerVersion {
            found: version,
            supported: FORMAT_VERSION,
        });
    }
    Ok(())
}

/// Deserializes a document whose envelope passed [`check_envelope`].
fn parse_json<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, LoadError> {
    check_envelope(bytes)?;
    serde_json::from_slice(bytes).map_err(|e| LoadError::from_json_error(&e))
}

/// The path a damaged `path` is moved to: `<path>.corrupt-<secs>`, then `-1`, `-2`, … when taken.
fn corrupt_name(path: &Path) -> PathBuf {
    let secs = unix_ms_now() / 1000;
    let base = path.as_os_str().to_os_string();
    let mut n = 0u32;
    loop {
        let mut name = base.clone();
        if n == 0 {
            name.push(format!(".corrupt-{secs}"));
        } else {
            name.push(format!(".corrupt-{secs}-{n}"));
        }
        let candidate = PathBuf::from(name);
        if !candidate.exists() && candidate.symlink_metadata().is_err() {
            return candidate;
        }
        n += 1;
    }
}

/// Moves the damaged file at `path` aside and returns the error describing it.
fn quarantine(path: &Path, reason: LoadError) -> LoadError {
    let kept_as = corrupt_name(path);
    match std::fs::rename(path, &kept_as) {
        Ok(()) => LoadError::Corrupt {
            path: path.to_path_buf(),
            kept_as,
            reason: Box::new(reason),
        },
        Err(source) => LoadError::CorruptNotMoved {
            path: path.to_path_buf(),
            reason: Box::new(reason),
            source,
        },
    }
}

/// Loads `path` with `parse`, applying the damaged-file policy. `Ok(None)` when missing.
fn load_with_policy<T>(
    path: &Path,
    parse: impl FnOnce(&[u8]) -> Result<T, LoadError>,
) -> Result<Option<T>, LoadError> {
    let bytes = match read_limited(path) {
        Ok(None) => return Ok(None),
        Ok(Some(b)) => b,
        Err(e) => return Err(quarantine(path, e)),
    };
    match parse(&bytes) {
        Ok(v) => Ok(Some(v)),
        Err(e) => Err(quarantine(path, e)),
    }
}
