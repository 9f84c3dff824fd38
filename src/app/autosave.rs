//! The autosave writer: `current-game.json` is written on a thread of its own, so a move, an
//! undo or a slider dragged across many frames never waits for the disk on the UI thread.
//!
//! The UI hands over the latest state of both games ([`Autosaver::save`], never blocking);
//! the writer waits until no new state has come for [`DEBOUNCE`] (a dragged slider makes one
//! write, not one per frame), then validates and writes the newest state atomically. It never
//! reads the file back: the window that owns the data directory is its only writer, and the
//! file was checked when the directory was opened. Closing the writer ([`Autosaver::flush`]
//! or dropping it) writes what is pending first, so closing the window loses nothing.

use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::Duration;

use crate::persist::CurrentGames;
use crate::persist::savegame::write_current;

/// How long the writer waits for the state to settle before writing it.
pub const DEBOUNCE: Duration = Duration::from_millis(250);

enum Request {
    Save(Box<CurrentGames>),
    /// Write what is pending now, then answer.
    Flush(Sender<()>),
}

/// A background writer of one data directory's `current-game.json`.
pub struct Autosaver {
    requests: Option<Sender<Request>>,
    errors: Receiver<String>,
    thread: Option<JoinHandle<()>>,
}

impl Autosaver {
    /// Start the writer for `dir`; `debounce` is how long a state must stay unchanged before
    /// it is written ([`DEBOUNCE`] in the app).
    ///
    /// # Errors
    /// When the operating system refuses to start a thread.
    pub fn spawn(dir: PathBuf, debounce: Duration) -> std::io::Result<Autosaver> {
        let (requests, inbox) = mpsc::channel();
        let (report, errors) = mpsc::channel();
        let thread = std::thread::Builder::new()
            .name("autosave".into())
            .spawn(move || writer(&dir, debounce, &inbox, &report))?;
        Ok(Autosaver {
            requests: Some(requests),
            errors,
            thread: Some(thread),
        })
    }

    /// Hand over the newest state of both games; returns at once.
    pub fn save(&self, games: CurrentGames) {
        if let Some(requests) = &self.requests {
            // The writer only stops when `requests` is dropped, so this cannot fail.
            let _ = requests.send(Request::Save(Box::new(games)));
        }
    }

    /// Write what is pending now and wait until it is on disk (closing the window, tests).
    pub fn flush(&self) {
        let (done, wait) = mpsc::channel();
        if let Some(requests) = &self.requests
            && requests.send(Request::Flush(done)).is_ok()
        {
            let _ = wait.recv();
        }
    }

    /// The sentences of the writes that failed since the last call, for notices.
    pub fn errors(&self) -> Vec<String> {
        self.errors.try_iter().collect()
    }
}

impl std::fmt::Debug for Autosaver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Autosaver").finish_non_exhaustive()
    }
}

impl Drop for Autosaver {
    fn drop(&mut self) {
        self.requests = None; // the writer writes what is pending, then ends
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The writer thread: keep the newest state, write it once it has settled, on a flush, or
/// when the app closes the channel.
fn writer(
    dir: &std::path::Path,
    debounce: Duration,
    inbox: &Receiver<Request>,
    report: &Sender<String>,
) {
    let mut pending: Option<Box<CurrentGames>> = None;
    let write = |pending: &mut Option<Box<CurrentGames>>| {
        if let Some(games) = pending.take()
            && let Err(e) = write_current(dir, &games)
        {
            let _ = report.send(format!("Autosave failed: {e}"));
        }
    };
    loop {
        let request = if pending.is_some() {
            inbox.recv_timeout(debounce)
        } else {
            inbox.recv().map_err(|_| RecvTimeoutError::Disconnected)
        };
        match request {
            Ok(Request::Save(games)) => pending = Some(games),
            Ok(Request::Flush(done)) => {
                write(&mut pending);
                let _ = done.send(());
            }
            Err(RecvTimeoutError::Timeout) => write(&mut pending),
            Err(RecvTimeoutError::Disconnected) => {
                write(&mut pending);
                return;
            }
        }
    }
}
