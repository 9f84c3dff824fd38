//! Crash-safe file replacement.
//!
//! [`write_atomic`] writes the new content to a temporary file in the target's directory
//! (`.<name>.tmp-<pid>-<n>`), flushes it to disk, renames it over the target and, on Unix,
//! flushes the directory so that the rename itself is durable. A crash at any point leaves
//! either the old file or the new one, never a mixture; at worst a stray temp file remains.
//!
//! When the path is a symbolic link, the file it points to is replaced (the link stays a
//! link): see [`resolve_symlinks`]. Temp files left by a crash are removed by
//! [`remove_stale_temps`] when the app opens its data directory.
//!
//! The two halves, [`write_temp`] and [`commit_temp`], are public so that tests can simulate a
//! crash between them.

use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime};

/// Most symbolic links followed by [`resolve_symlinks`] before giving up (as Linux's
/// `MAXSYMLINKS`).
const MAX_SYMLINKS: u32 = 40;

/// A temp file of [`write_temp`] untouched for this long (60 s) was left by a crash: a write
/// takes milliseconds from creating it to renaming it.
pub const STALE_TEMP_AFTER: Duration = Duration::from_secs(60);

/// Replaces the file at `path` with `bytes`, atomically and durably. When `path` is a
/// symbolic link (or a chain of them), the file it finally points to is replaced and the
/// link is kept.
///
/// # Errors
/// Any I/O error from following links, creating, writing, syncing or renaming; the file at
/// `path` is then unchanged and the temp file removed.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let target = resolve_symlinks(path)?;
    let tmp = write_temp(&target, bytes)?;
    commit_temp(&tmp, &target)
}

/// The path that `path` names after following symbolic links, one at a time (a relative link
/// is taken from the link's directory): `path` itself when it is not a link or does not
/// exist. Only the last component is followed; directories on the way are left as written.
/// The result need not exist (a dangling link gives its target).
///
/// # Errors
/// The error from reading a link, or `InvalidInput` after more than 40 links (a loop).
pub fn resolve_symlinks(path: &Path) -> io::Result<PathBuf> {
    let mut current = path.to_path_buf();
    for _ in 0..MAX_SYMLINKS {
        match fs::symlink_metadata(&current) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let target = fs::read_link(&current)?;
                current = if target.is_absolute() {
                    target
                } else {
                    parent_dir(&current).join(target)
                };
            }
            _ => return Ok(current),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        format!(
            "{}: more than {MAX_SYMLINKS} symbolic links (a loop?)",
            path.display()
        ),
    ))
}

/// Whether `name` is a temp file name of [`write_temp`]: `.<name>.tmp-<digits>-<digits>`.
fn is_temp_name(name: &str) -> bool {
    let Some(rest) = name.strip_prefix('.') else {
        return false;
    };
    let Some((_, suffix)) = rest.rsplit_once(".tmp-") else {
        return false;
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    suffix
        .split_once('-')
        .is_some_and(|(pid, n)| digits(pid) && digits(n))
}

/// Removes the temp files of [`write_temp`] (`.<name>.tmp-<pid>-<n>`, regular files only) in
/// `dir` whose modification time is more than `older_than` away from now (in the past, or in
/// the future after a clock change): those were left by a crash. Younger ones may belong to a
/// write in progress in another window and are kept. Other files are never touched.
///
/// Returns the files removed; errors (an unreadable directory, a file that cannot be
/// removed) are skipped, since a stray temp file does no harm.
pub fn remove_stale_temps(dir: &Path, older_than: Duration) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let now = SystemTime::now();
    let mut removed = Vec::new();
    for entry in entries.flatten() {
        let name = entry.file_name();
        if !name.to_str().is_some_and(is_temp_name) {
            continue;
        }
        let path = entry.path();
        let Ok(meta) = fs::symlink_metadata(&path) else {
            continue;
        };
        let Ok(modified) = meta.modified() else {
            continue;
        };
        let age = now
            .duration_since(modified)
            .unwrap_or_else(|future| future.duration());
        if meta.is_file() && age > older_than && fs::remove_file(&path).is_ok() {
            removed.push(path);
        }
    }
    removed
}

/// First half of [`write_atomic`]: writes `bytes` to a new temp file next to `path` and
/// fsyncs it. Returns the temp file's path; `path` itself is not touched.
///
/// # Errors
/// `InvalidInput` when `path` has no file name; any I/O error from creating, writing or
/// syncing (the temp file is then removed).
pub fn write_temp(path: &Path, bytes: &[u8]) -> io::Result<PathBuf> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let name = path.file_name().ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{} has no file name", path.display()),
        )
    })?;
    let dir = parent_dir(path);
    let (tmp, mut file) = loop {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let mut tmp_name = std::ffi::OsString::from(".");
        tmp_name.push(name);
        tmp_name.push(format!(".tmp-{}-{n}", std::process::id()));
        let tmp = dir.join(tmp_name);
        match OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(f) => break (tmp, f),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(e),
        }
    };
    let result = file.write_all(bytes).and_then(|()| file.sync_all());
    drop(file);
    match result {
        Ok(()) => Ok(tmp),
        Err(e) => {
            let _ = fs::remove_file(&tmp);
            Err(e)
        }
    }
}

/// Second half of [`write_atomic`]: renames the temp file `tmp` (from [`write_temp`]) over
/// `path`, then fsyncs the directory (Unix only; elsewhere the rename is all there is).
///
/// # Errors
/// The rename's error (the temp file is then removed) or the directory sync's.
pub fn commit_temp(tmp: &Path, path: &Path) -> io::Result<()> {
    if let Err(e) = fs::rename(tmp, path) {
        let _ = fs::remove_file(tmp);
        return Err(e);
    }
    sync_dir(&parent_dir(path))
}

/// The directory holding `path` ("." for a bare file name).
fn parent_dir(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

#[cfg(unix)]
fn sync_dir(dir: &Path) -> io::Result<()> {
    fs::File::open(dir)?.sync_all()
}

#[cfg(not(unix))]
fn sync_dir(_dir: &Path) -> io::Result<()> {
    Ok(())
}
