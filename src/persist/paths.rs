//! Where the data files live.
//!
//! The data directory is, in this order of preference:
//! 1. the directory given on the command line (`--data-dir DIR`), passed in by the caller;
//! 2. the environment variable [`DATA_DIR_ENV`] (`REVERSI_GOMOKU_DATA_DIR`), when set and
//!    not empty;
//! 3. the platform's per-user data directory, from
//!    `directories::ProjectDirs::from("", "", "reversi-gomoku").data_dir()`:
//!    - Linux: `$XDG_DATA_HOME/reversi-gomoku`, by default `~/.local/share/reversi-gomoku`;
//!    - macOS: `~/Library/Application Support/reversi-gomoku`;
//!    - Windows: `%APPDATA%\reversi-gomoku\data`, i.e.
//!      `C:\Users\<user>\AppData\Roaming\reversi-gomoku\data`.
//!
//! It holds [`RECORDS_FILE`] (`records.json`, with its lock `records.json.lock` while a window
//! updates it), [`SETTINGS_FILE`] (`settings.json`), [`CURRENT_GAME_FILE`]
//! (`current-game.json`) and [`INSTANCE_LOCK_FILE`] (`instance.lock`, while a window owns the
//! directory), plus any `*.corrupt-*` files set aside.

use std::ffi::OsStr;
use std::io;
use std::path::{Path, PathBuf};

/// Environment variable naming the data directory when `--data-dir` is not given.
pub const DATA_DIR_ENV: &str = "REVERSI_GOMOKU_DATA_DIR";

/// File name of the win records in the data directory.
pub const RECORDS_FILE: &str = "records.json";

/// File name of the autosaved game in progress in the data directory.
pub const CURRENT_GAME_FILE: &str = "current-game.json";

/// File name of the settings (current profile, hot-seat White profile) in the data directory.
pub const SETTINGS_FILE: &str = "settings.json";

/// File name of the lock held by the window that owns the data directory (see
/// [`super::lock_instance`]).
pub const INSTANCE_LOCK_FILE: &str = "instance.lock";

/// The data directory chosen from an explicit directory and an environment value, without
/// touching the file system: `explicit`, else `env` when not empty, else the platform's data
/// directory (see the [module docs](self)). `None` only when neither is given and the platform
/// has no home directory.
#[must_use]
pub fn resolve_data_dir_with(explicit: Option<&Path>, env: Option<&OsStr>) -> Option<PathBuf> {
    if let Some(dir) = explicit {
        return Some(dir.to_path_buf());
    }
    if let Some(value) = env.filter(|v| !v.is_empty()) {
        return Some(PathBuf::from(value));
    }
    directories::ProjectDirs::from("", "", "reversi-gomoku").map(|d| d.data_dir().to_path_buf())
}

/// The data directory for `--data-dir` = `explicit`, reading [`DATA_DIR_ENV`] from the
/// environment; see [`resolve_data_dir_with`]. Does not create it.
#[must_use]
pub fn resolve_data_dir(explicit: Option<&Path>) -> Option<PathBuf> {
    resolve_data_dir_with(explicit, std::env::var_os(DATA_DIR_ENV).as_deref())
}

/// The data directory (as [`resolve_data_dir`]), created with its parents when missing.
///
/// # Errors
/// `NotFound` when no directory can be determined (no `--data-dir`, no environment variable,
/// no home directory); otherwise the error from creating the directory.
pub fn data_dir(explicit: Option<&Path>) -> io::Result<PathBuf> {
    let dir = resolve_data_dir(explicit).ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::NotFound,
            format!("no data directory: no home directory; use --data-dir or {DATA_DIR_ENV}"),
        )
    })?;
    std::fs::create_dir_all(&dir)?;
    Ok(dir)
}

/// `dir/records.json`.
#[must_use]
pub fn records_path(dir: &Path) -> PathBuf {
    dir.join(RECORDS_FILE)
}

/// `dir/current-game.json`.
#[must_use]
pub fn current_game_path(dir: &Path) -> PathBuf {
    dir.join(CURRENT_GAME_FILE)
}

/// `dir/settings.json`.
#[must_use]
pub fn settings_path(dir: &Path) -> PathBuf {
    dir.join(SETTINGS_FILE)
}

/// `dir/instance.lock`.
#[must_use]
pub fn instance_lock_path(dir: &Path) -> PathBuf {
    dir.join(INSTANCE_LOCK_FILE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn explicit_beats_env_beats_platform() {
        let explicit = Path::new("/tmp/explicit");
        assert_eq!(
            resolve_data_dir_with(Some(explicit), Some(OsStr::new("/tmp/env"))),
            Some(explicit.to_path_buf())
        );
        assert_eq!(
            resolve_data_dir_with(None, Some(OsStr::new("/tmp/env"))),
            Some(PathBuf::from("/tmp/env"))
        );
        let platform = resolve_data_dir_with(None, Some(OsStr::new("")));
        if let Some(p) = platform {
            assert!(p.ends_with("reversi-gomoku") || p.ends_with("reversi-gomoku/data"));
        }
    }
}
