//! Advisory file locks held through the operating system (`flock` on Unix, `LockFileEx` on
//! Windows, via std's [`File::try_lock`]).
//!
//! The OS releases such a lock when its holder exits, however it exits (a crash, `kill -9`,
//! a power cut), so a lock can never be left behind: there is no "stale lock" to detect or
//! break, and no guessing from a file's age. A [`FileLock`] is acquired by polling with
//! short sleeps up to a bounded wait, never by spinning and never without a limit.
//!
//! The lock file itself is only a name to lock. On Unix it is removed when the lock is
//! released (while still held, so the removal cannot race with another holder); a waiter
//! that locked a file which was removed meanwhile notices that the path now names another
//! file (or none) and tries again. Elsewhere the file is left in place.

use std::fs::{File, OpenOptions, TryLockError};
use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How many times in a row [`FileLock::acquire`] retries at once when the lock file was
/// removed between opening and locking it, before it waits like for a busy lock.
const MAX_REPLACED: u32 = 8;

/// Why a lock could not be taken.
#[derive(Debug, thiserror::Error)]
pub enum LockError {
    /// Someone else held the lock for the whole wait.
    #[error("{} is locked by another window", path.display())]
    Busy {
        /// The lock file.
        path: PathBuf,
    },
    /// The lock file cannot be opened or locked: it is a directory, its directory is not
    /// writable or does not exist, the file system does not support locks, …
    #[error("cannot lock {}: {source}", path.display())]
    Io {
        /// The lock file.
        path: PathBuf,
        /// The operating system's error.
        #[source]
        source: io::Error,
    },
}

impl LockError {
    /// The reason in the window's language (the operating system's words inside stay as
    /// they are); `Display` stays English for logs.
    #[must_use]
    pub fn message(&self) -> crate::i18n::Message {
        match self {
            LockError::Busy { path } => {
                crate::msg!("error-lock-busy", path = path.display().to_string())
            }
            LockError::Io { path, source } => crate::msg!(
                "error-lock-io",
                path = path.display().to_string(),
                source = source.to_string()
            ),
        }
    }
}

/// The time a lock waiter reads and sleeps by: the real clock ([`SystemClock`]) in the app, a
/// fake one in tests, so that a bounded wait is checked without waiting on the wall clock.
pub trait WaitClock {
    /// Time elapsed since some fixed start.
    fn now(&mut self) -> Duration;
    /// Let `d` pass.
    fn sleep(&mut self, d: Duration);
}

/// The real clock: [`Instant`] and [`std::thread::sleep`].
#[derive(Debug)]
pub struct SystemClock(Instant);

impl Default for SystemClock {
    fn default() -> Self {
        SystemClock(Instant::now())
    }
}

impl WaitClock for SystemClock {
    fn now(&mut self) -> Duration {
        self.0.elapsed()
    }

    fn sleep(&mut self, d: Duration) {
        std::thread::sleep(d);
    }
}

/// An exclusive advisory lock on a file, held until dropped.
#[derive(Debug)]
pub struct FileLock {
    file: File,
    path: PathBuf,
}

impl FileLock {
    /// Takes the exclusive lock on `path` (the file is created when missing), waiting at most
    /// `wait` for another holder to release it: it polls every 2–20 ms (sleeping in between)
    /// until the lock is free or the wait is over. `Duration::ZERO` tries exactly once.
    ///
    /// # Errors
    /// [`LockError::Busy`] when the lock was held by someone else for the whole wait;
    /// [`LockError::Io`] at once when the file cannot be opened for writing (a directory, a
    /// read-only or missing directory, …) or the OS refuses to lock it.
    pub fn acquire(path: &Path, wait: Duration) -> Result<FileLock, LockError> {
        FileLock::acquire_by(path, wait, &mut SystemClock::default())
    }

    /// [`FileLock::acquire`] waiting by `clock` (tests pass a fake one).
    ///
    /// # Errors
    /// As [`FileLock::acquire`].
    pub fn acquire_by(
        path: &Path,
        wait: Duration,
        clock: &mut dyn WaitClock,
    ) -> Result<FileLock, LockError> {
        let io_err = |source| LockError::Io {
            path: path.to_path_buf(),
            source,
        };
        let deadline = clock.now() + wait;
        let mut attempt = 0u32;
        // Times the file was removed under us; retried at once, but only so often.
        let mut replaced = 0u32;
        loop {
            let file = OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .open(path)
                .map_err(io_err)?;
            match file.try_lock() {
                Ok(()) => {
                    if still_named_by(&file, path).map_err(io_err)? {
                        return Ok(FileLock {
                            file,
                            path: path.to_path_buf(),
                        });
                    }
                    // The previous holder removed the file between our open and our lock:
                    // what we hold is a lock on a file nobody else will see. Try again (at
                    // once: the holder has just released it).
                    replaced += 1;
                    if replaced <= MAX_REPLACED {
                        continue;
                    }
                }
                Err(TryLockError::WouldBlock) => {}
                Err(TryLockError::Error(e)) => return Err(io_err(e)),
            }
            drop(file);
            let now = clock.now();
            if now >= deadline {
                return Err(LockError::Busy {
                    path: path.to_path_buf(),
                });
            }
            attempt = attempt.saturating_add(1);
            // 2..=20 ms, varied so that two waiting windows do not stay in step.
            let ms = 2 + u64::from(attempt.min(8)) * 2 + rand::random_range(0..3);
            clock.sleep(Duration::from_millis(ms).min(deadline - now));
        }
    }

    /// The lock file.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for FileLock {
    fn drop(&mut self) {
        // Removed while still locked (see the module docs); closing the file releases the lock.
        #[cfg(unix)]
        let _ = std::fs::remove_file(&self.path);
        let _ = self.file.unlock();
    }
}

/// Whether `path` still names the file `file` is open on (the same device and inode).
#[cfg(unix)]
fn still_named_by(file: &File, path: &Path) -> io::Result<bool> {
    use std::os::unix::fs::MetadataExt;
    let held = file.metadata()?;
    match std::fs::metadata(path) {
        Ok(now) => Ok(now.dev() == held.dev() && now.ino() == held.ino()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(false),
        Err(e) => Err(e),
    }
}

/// Lock files are never removed outside Unix, so the path always names the locked file.
#[cfg(not(unix))]
fn still_named_by(_file: &File, _path: &Path) -> io::Result<bool> {
    Ok(true)
}
