//! The data directory's writer: `current-game.json` and the results of finished games are
//! written on a thread of its own, so a move, an undo, a slider dragged across many frames or
//! the end of a game never waits for the disk (or for another window's records lock) on the
//! UI thread.
//!
//! Requests are handled in the order they were made, and a pending autosave is written before
//! a result is recorded: the autosave that names a game by its id is on disk before the
//! records count it (write-ahead), so a crash between the two leaves a game that the next
//! start finds already recorded, never one counted twice.
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

use crate::i18n::Message;
use crate::msg;
use crate::persist::savegame::write_current;
use crate::persist::{CurrentGames, RecordStore, Records, Settings};

use super::persistence::{GameRecord, RecordChange, RecordOutcome, outcome_of, record_change};

/// How long the writer waits for the state to settle before writing it.
pub const DEBOUNCE: Duration = Duration::from_millis(250);

enum Request {
    Save(Box<CurrentGames>),
    /// Add a finished game to the records (after writing the pending autosave).
    Record(Box<GameRecord>),
    /// Read the records file again (other windows' changes).
    Reload,
    /// Apply a change to the records on disk (a profile created or renamed); the records come
    /// back as a [`Report::Reloaded`], as they are on disk whether the change took or not.
    Update(RecordChange),
    /// Write `settings.json`.
    Settings(Box<Settings>),
    /// Delete a picture no profile uses any more (after the records change before it).
    RemovePicture(String),
    /// Write what is pending now, then answer.
    Flush(Sender<()>),
}

/// What the writer reports back.
pub enum Report {
    /// Something could not be written (the autosave, the settings, a profile change): the
    /// sentence for a notice.
    Notice(Message),
    /// A game's recording ended: the request, its outcome, and the records as they now are
    /// on disk (when they could be read).
    Recorded {
        /// The game asked for.
        record: Box<GameRecord>,
        /// What happened.
        outcome: RecordOutcome,
        /// The records after the change, for the window's copy.
        records: Option<Box<Records>>,
        /// A problem with the records file found on the way (moved aside), for a notice.
        problem: Option<Message>,
    },
    /// The records as read again from the file, and a problem found there (moved aside).
    Reloaded {
        /// The records now.
        records: Box<Records>,
        /// A damaged file, for a notice.
        problem: Option<Message>,
    },
}

/// A background writer of one data directory: the autosave and the win records.
pub struct Autosaver {
    requests: Option<Sender<Request>>,
    reports: Receiver<Report>,
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
        let (report, reports) = mpsc::channel();
        let thread = std::thread::Builder::new()
            .name("autosave".into())
            .spawn(move || writer(&dir, debounce, &inbox, &report))?;
        Ok(Autosaver {
            requests: Some(requests),
            reports,
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

    /// Ask for `record` to be added to the win records; the outcome comes back as a
    /// [`Report::Recorded`]. Returns at once.
    pub fn record(&self, record: GameRecord) {
        if let Some(requests) = &self.requests {
            let _ = requests.send(Request::Record(Box::new(record)));
        }
    }

    /// Ask for the records file to be read again; the records come back as a
    /// [`Report::Reloaded`]. Returns at once.
    pub fn reload(&self) {
        if let Some(requests) = &self.requests {
            let _ = requests.send(Request::Reload);
        }
    }

    /// Ask for `change` to be applied to the records on disk (under their lock). Returns at
    /// once.
    pub fn update(&self, change: RecordChange) {
        if let Some(requests) = &self.requests {
            let _ = requests.send(Request::Update(change));
        }
    }

    /// Ask for `settings` to be written to `settings.json`. Returns at once.
    pub fn save_settings(&self, settings: Settings) {
        if let Some(requests) = &self.requests {
            let _ = requests.send(Request::Settings(Box::new(settings)));
        }
    }

    /// Ask for the stored picture `name` to be deleted, once the requests before are done.
    /// Returns at once.
    pub fn remove_picture(&self, name: String) {
        if let Some(requests) = &self.requests {
            let _ = requests.send(Request::RemovePicture(name));
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

    /// What the writer reported since the last call (never waits).
    pub fn reports(&self) -> Vec<Report> {
        self.reports.try_iter().collect()
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

/// The writer thread: keep the newest autosave, write it once it has settled, before a
/// result is recorded, on a flush, or when the app closes the channel; record results in
/// order.
fn writer(
    dir: &std::path::Path,
    debounce: Duration,
    inbox: &Receiver<Request>,
    report: &Sender<Report>,
) {
    let mut pending: Option<Box<CurrentGames>> = None;
    let mut records: Option<RecordStore> = None;
    let write = |pending: &mut Option<Box<CurrentGames>>| {
        if let Some(games) = pending.take()
            && let Err(e) = write_current(dir, &games)
        {
            let _ = report.send(Report::Notice(msg!(
                "notice-autosave-failed",
                error = e.message()
            )));
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
            Ok(Request::Record(record)) => {
                write(&mut pending);
                let store = records.get_or_insert_with(|| RecordStore::open(dir).0);
                let _ = report.send(record_now(store, record));
            }
            Ok(Request::Reload) => {
                let store = records.get_or_insert_with(|| RecordStore::open(dir).0);
                let problem = store
                    .reload()
                    .map(|e| msg!("notice-records-problem", error = e.message()));
                let records = Box::new(store.records().clone());
                let _ = report.send(Report::Reloaded { records, problem });
            }
            Ok(Request::Update(change)) => {
                let store = records.get_or_insert_with(|| RecordStore::open(dir).0);
                if let Err(e) = store.update(change) {
                    let text = msg!("notice-records-change-not-saved", error = e.message());
                    let _ = report.send(Report::Notice(text));
                }
                let problem = store
                    .take_problem()
                    .map(|e| msg!("notice-records-problem", error = e.message()));
                let records = Box::new(store.records().clone());
                let _ = report.send(Report::Reloaded { records, problem });
            }
            Ok(Request::Settings(settings)) => {
                let text = match settings.save(dir) {
                    Ok(None) => None,
                    Ok(Some(e)) => Some(msg!("notice-settings-problem", error = e.message())),
                    Err(e) => Some(msg!("notice-settings-not-saved", error = e.message())),
                };
                if let Some(text) = text {
                    let _ = report.send(Report::Notice(text));
                }
            }
            Ok(Request::RemovePicture(name)) => {
                if let Err(e) = crate::persist::picture::remove_picture(dir, &name) {
                    let text = msg!("picture-not-removed", name = name, error = e.to_string());
                    let _ = report.send(Report::Notice(text));
                }
            }
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

/// Records one finished game in `store` (under the records lock, exactly once by its id).
fn record_now(store: &mut RecordStore, record: Box<GameRecord>) -> Report {
    let Some((text, change)) = record_change(&record) else {
        return Report::Recorded {
            record,
            outcome: RecordOutcome::NotCounted,
            records: None,
            problem: None,
        };
    };
    let result = store
        .record_once(record.id, change)
        .map_err(|e| e.message());
    let outcome = outcome_of(result, text);
    let problem = store
        .take_problem()
        .map(|e| msg!("notice-records-problem", error = e.message()));
    let records =
        (!matches!(outcome, RecordOutcome::Failed(_))).then(|| Box::new(store.records().clone()));
    Report::Recorded {
        record,
        outcome,
        records,
        problem,
    }
}
