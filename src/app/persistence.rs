//! The app's link to [`crate::persist`]: the data directory (win records, settings, the
//! autosaved games), the per-game [`Tracker`] that records each finished game exactly once and
//! autosaves after every change, and the notices shown when a file is damaged.
//!
//! # Policies
//! - **Records, exactly once**: a game is added to the win records the first time it ends (on
//!   the board or by resignation), when the [`Tracker`] sees the outcome for the current game
//!   ([`Controller::serial`]). Every game has a [`GameId`] (kept in the autosave), and the
//!   records file stores the ids of the games it counted in the same atomic write as their
//!   results ([`RecordStore::record_once`](crate::persist::RecordStore::record_once)), so a
//!   game recorded again — after undo and a second ending, a restart, or a crash between the
//!   records write and the autosave — is recognised and not counted twice. The tracker marks
//!   the game recorded only once the records said so; a failure (lock busy, I/O error) is
//!   retried later ([`RETRY_FIRST`], doubling up to [`RETRY_MAX`]) and, since the autosave
//!   still says "not recorded", after a restart too. Only games between a human and the
//!   computer (the human's profile, per game key and [`LevelKey`]) and hot-seat games between
//!   two *different* profiles (head to head) are recorded.
//! - **Autosave**: after every change to a tab's game (move, undo, players, levels, profiles,
//!   resignation, loss on time, agreed draw), and every [`CLOCK_SAVE_MS`] of a turn in
//!   progress (the clock), the games of both tabs ([`CurrentGames`]) go to the writer thread
//!   ([`super::autosave`]), which rewrites `current-game.json` atomically once they have
//!   settled. Both are restored on start.
//! - **Off the UI thread**: results are recorded by the same writer thread, in order after
//!   the autosave (write-ahead), and their outcomes come back through
//!   [`DataStore::poll_writer`]; the records file is re-read there too
//!   ([`DataStore::reload`]), profile changes are applied ([`DataStore::update`]) and the
//!   settings written. A frame never waits for the disk or for another window's records lock.
//! - **One owner per data directory**: the first window holds the OS lock
//!   `instance.lock` ([`crate::persist::lock_instance`]) for its lifetime and is the only one
//!   that restores and writes `current-game.json`. A second window on the same directory
//!   starts with new games, does not autosave, and says so in a notice; it still shares the
//!   records (under their own lock) and the settings.
//! - **Damaged files**: persist moves them aside (`<name>.corrupt-<secs>`); the app shows a
//!   notice naming the file, the problem and where it was kept (at most
//!   [`MAX_NOTICE_CHARS`] characters), and carries on.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::core::clock::{ClockRecord, TimeControl};
use crate::core::{AiConfig, BySide, Ending, GameRules, Outcome, Side, Step};
use crate::gomoku;
use crate::i18n::{Language, Message};
use crate::msg;
use crate::persist::atomic::{STALE_TEMP_AFTER, remove_stale_temps};
use crate::persist::records::check_name;
use crate::persist::{
    BoardDisplay, CurrentGames, FileLock, GameId, GameKey, GameMeta, GameResult, LevelKey,
    LoadError, LockError, RecordError, RecordStore, Recording, Records, SavedGame, SavedResult,
    Settings, default_profile_name, load_current, lock_instance, save_current, shorten,
    unix_ms_now,
};
use crate::reversi;
use crate::session::{PlayerKind, Session};

use crate::core::GameKind;

use super::autosave::{self, Autosaver, Report};
use super::controller::Controller;

/// Settings file (current profile, hot-seat White profile), in the data directory; read and
/// written by [`crate::persist::settings`].
pub use crate::persist::SETTINGS_FILE;

/// Longest notice shown, in characters (longer ones end in "…"), so that a file quoting
/// megabytes cannot cover the window.
pub const MAX_NOTICE_CHARS: usize = 600;

/// First wait before trying again to record a result that could not be recorded (1 s).
pub const RETRY_FIRST: Duration = Duration::from_secs(1);

/// How many recording outcomes are kept for the tabs to take (each tab takes its own within
/// a frame; the others are outcomes nobody waits for).
const MAX_UNCLAIMED_OUTCOMES: usize = 32;

/// Longest wait between two tries to record a result (60 s); the wait doubles from
/// [`RETRY_FIRST`] up to this.
pub const RETRY_MAX: Duration = Duration::from_secs(60);

/// How often the time of a turn in progress is autosaved, in milliseconds of that turn (the
/// clock changes every frame; the finished moves' times are saved with each move).
pub const CLOCK_SAVE_MS: u64 = 10_000;

/// What the app needs to save and restore one game kind.
pub trait PersistGame: GameRules {
    /// Which tab.
    const KIND: GameKind;

    /// The key of games played from this position in the win records.
    fn game_key(&self) -> GameKey;

    /// `session` as a saved game, with the time of each move (Unix ms; missing ones are 0).
    /// A session set up from another position than the standard start keeps it in `start`.
    ///
    /// # Errors
    /// [`LoadError::Invalid`] when its start fails the set-up checks or its metadata is
    /// invalid.
    fn saved_game(
        session: &Session<Self>,
        meta: GameMeta,
        times: &[u64],
    ) -> Result<SavedGame, LoadError>;

    /// The session of a saved game (every move replayed through the rules).
    ///
    /// # Errors
    /// [`LoadError::Invalid`] when it is not a valid game of this kind.
    fn session_from(saved: &SavedGame) -> Result<Session<Self>, LoadError>;

    /// Import a plain transcript; `like` gives the Gomoku board size and rule.
    ///
    /// # Errors
    /// [`LoadError::Invalid`] naming the move and the problem.
    fn import_transcript(text: &str, like: &Self, meta: GameMeta) -> Result<SavedGame, LoadError>;
}

fn with_times<M>(moves: impl Iterator<Item = M>, times: &[u64]) -> Vec<(M, u64)> {
    moves
        .enumerate()
        .map(|(i, m)| (m, times.get(i).copied().unwrap_or(0)))
        .collect()
}

impl PersistGame for reversi::Position {
    const KIND: GameKind = GameKind::Reversi;

    fn game_key(&self) -> GameKey {
        GameKey::Reversi
    }

    fn saved_game(
        session: &Session<Self>,
        meta: GameMeta,
        times: &[u64],
    ) -> Result<SavedGame, LoadError> {
        SavedGame::from_reversi_at(
            meta,
            session.start_position(),
            with_times(session.moves(), times),
        )
    }

    fn session_from(saved: &SavedGame) -> Result<Session<Self>, LoadError> {
        saved.to_reversi_session()
    }

    fn import_transcript(text: &str, _like: &Self, meta: GameMeta) -> Result<SavedGame, LoadError> {
        SavedGame::import_reversi_transcript(text, meta)
    }
}

impl PersistGame for gomoku::Position {
    const KIND: GameKind = GameKind::Gomoku;

    fn game_key(&self) -> GameKey {
        GameKey::Gomoku(self.rule())
    }

    fn saved_game(
        session: &Session<Self>,
        meta: GameMeta,
        times: &[u64],
    ) -> Result<SavedGame, LoadError> {
        let mut moves = 0;
        let steps = session.steps().map(|step| {
            let time = match step {
                Step::Move(_) => {
                    moves += 1;
                    times.get(moves - 1).copied().unwrap_or(0)
                }
                Step::Choice(_) => 0,
            };
            (step, time)
        });
        SavedGame::from_gomoku_steps(meta, session.start_position(), steps)
    }

    fn session_from(saved: &SavedGame) -> Result<Session<Self>, LoadError> {
        saved.to_gomoku_session()
    }

    fn import_transcript(text: &str, like: &Self, meta: GameMeta) -> Result<SavedGame, LoadError> {
        SavedGame::import_gomoku_transcript(text, like.size(), like.rule(), meta)
    }
}

/// What the autosave last wrote, to write again only on a change.
#[derive(Clone, Debug, PartialEq)]
struct Snapshot<M> {
    moves: Vec<M>,
    /// The choices of an opening, each with the moves before it (as text).
    choices: Vec<(usize, String)>,
    players: BySide<PlayerKind>,
    ai: BySide<AiConfig>,
    profiles: BySide<Option<String>>,
    ending: Option<Ending>,
    /// The clock's control, and its finished plies' times.
    clock: (TimeControl, Vec<u64>),
    /// The turn in progress, in whole [`CLOCK_SAVE_MS`] steps.
    turn_steps: u64,
    recorded: bool,
}

/// When to try again to record a result that could not be recorded: after [`RETRY_FIRST`],
/// then twice as long each time, up to [`RETRY_MAX`].
#[derive(Clone, Copy, Debug)]
struct Backoff {
    next_try: Instant,
    wait: Duration,
}

impl Backoff {
    /// After a failure now.
    fn first(now: Instant) -> Backoff {
        Backoff {
            next_try: now + RETRY_FIRST,
            wait: RETRY_FIRST,
        }
    }

    /// After another failure now.
    fn again(self, now: Instant) -> Backoff {
        let wait = (self.wait * 2).min(RETRY_MAX);
        Backoff {
            next_try: now + wait,
            wait,
        }
    }
}

/// Follows one tab's game: its id, when each move was played, whether its result is already
/// in the win records, and what the autosave holds.
#[derive(Clone, Debug)]
pub struct Tracker<M> {
    serial: u64,
    /// The game's identity in the win records (kept in the autosave).
    pub id: GameId,
    /// When the game started, Unix ms.
    pub started: u64,
    times: Vec<u64>,
    /// The result of this game is in the win records (never record it again).
    pub recorded: bool,
    /// The result was handed to the data store for recording (which retries failures); the
    /// tracker waits for its outcome.
    requested: bool,
    saved: Option<Snapshot<M>>,
    /// Hints each side asked for in this game (kept in the autosave and the records).
    pub hints: BySide<u32>,
}

impl<M: Copy + PartialEq> Tracker<M> {
    /// A tracker for a fresh game with serial `serial` and a new random id.
    #[must_use]
    pub fn new(serial: u64) -> Tracker<M> {
        Tracker {
            serial,
            id: GameId::random(),
            started: unix_ms_now(),
            times: Vec::new(),
            recorded: false,
            requested: false,
            saved: None,
            hints: BySide::default(),
        }
    }

    /// Follow a game just loaded from `saved` (id, move times, start, recorded flag); it is
    /// autosaved on the next tick. A game without an id (an older file, an imported
    /// transcript) gets a new one.
    pub fn adopt(&mut self, serial: u64, saved: &SavedGame) {
        *self = Tracker {
            serial,
            id: saved.id.unwrap_or_else(GameId::random),
            started: saved.started,
            times: saved.moves.iter().map(|m| m.time).collect(),
            recorded: saved.recorded,
            requested: false,
            saved: None,
            hints: saved.hints,
        };
    }

    /// The move times (Unix ms), one per ply played.
    #[must_use]
    pub fn times(&self) -> &[u64] {
        &self.times
    }
}

/// The current game of `ctl` as a saved game (profiles, clock, how it ended and recorded
/// flag included).
///
/// # Errors
/// As [`PersistGame::saved_game`].
pub fn current_saved_game<G: PersistGame>(
    ctl: &Controller<G>,
    tracker: &Tracker<G::Move>,
    profiles: &BySide<Option<String>>,
) -> Result<SavedGame, LoadError> {
    let ended = EndState {
        ending: ctl.ending(),
        clock: Some(ctl.clock_record()),
    };
    saved_game_of(&ctl.session, ctl.ai, ended, tracker, profiles)
}

/// What a saved game keeps beside the moves: how the game ended off the board, if it did,
/// and its clock.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EndState {
    /// Resignation, loss on time or agreed draw.
    pub ending: Option<Ending>,
    /// Both sides' clocks (`None`: the game is saved without them).
    pub clock: Option<ClockRecord>,
}

/// `session` (with these levels, ending and clock) as a saved game.
///
/// # Errors
/// As [`PersistGame::saved_game`].
pub fn saved_game_of<G: PersistGame>(
    session: &Session<G>,
    ai: BySide<AiConfig>,
    ended: EndState,
    tracker: &Tracker<G::Move>,
    profiles: &BySide<Option<String>>,
) -> Result<SavedGame, LoadError> {
    let meta = GameMeta {
        players: session.players,
        levels: ai,
        profiles: profiles.clone(),
        started: tracker.started,
    };
    let mut game = G::saved_game(session, meta, &tracker.times)?;
    if let Some(ending) = ended.ending
        && game.result.is_none()
    {
        game.result = Some(SavedResult::from_ending(ending));
    }
    game.clock = ended.clock;
    game.recorded = tracker.recorded;
    game.id = Some(tracker.id);
    game.hints = tracker.hints;
    Ok(game)
}

/// Per-frame bookkeeping for one tab (skip it while replaying): notice a new game, time the
/// moves, record the result the first time the game ends (retrying later when that fails),
/// autosave on any change.
pub fn tick<G: PersistGame>(
    ctl: &Controller<G>,
    tracker: &mut Tracker<G::Move>,
    data: &mut DataStore,
) {
    let clock = Instant::now();
    data.retry_deferred(clock);
    if ctl.serial() != tracker.serial {
        // A finished game replaced before its result was recorded: the data store keeps
        // trying (for as long as the window is open) without the tracker.
        *tracker = Tracker::new(ctl.serial());
    }
    let ply = ctl.session.ply();
    tracker.times.truncate(ply);
    let now = unix_ms_now();
    tracker.times.resize(ply, now);
    let profiles = data.session_profiles(&ctl.session);
    // The autosave goes first: the writer handles requests in order, so the autosave naming
    // this game (its id, the finished board) is on disk before its result is recorded, and a
    // crash between the two leaves a game the next start finds already recorded.
    autosave_if_changed(ctl, tracker, data, &profiles);
    if let Some(outcome) = ctl.outcome()
        && !tracker.recorded
        && !tracker.requested
    {
        data.request_record(GameRecord {
            hints: tracker.hints,
            id: tracker.id,
            key: ctl.session.position().game_key(),
            players: ctl.session.players,
            ai: ctl.ai,
            profiles: profiles.clone(),
            outcome,
        });
        tracker.requested = true;
    }
    if tracker.requested
        && !tracker.recorded
        && let Some(outcome) = data.take_record_outcome(tracker.id)
        && !matches!(outcome, RecordOutcome::Failed(_))
    {
        tracker.recorded = true;
        autosave_if_changed(ctl, tracker, data, &profiles);
    }
}

/// Hands the game to the autosave writer when anything saved about it changed since the last
/// time (moves, players, levels, profiles, how it ended, the clock, the recorded flag).
fn autosave_if_changed<G: PersistGame>(
    ctl: &Controller<G>,
    tracker: &mut Tracker<G::Move>,
    data: &mut DataStore,
    profiles: &BySide<Option<String>>,
) {
    let snapshot = Snapshot {
        moves: ctl.session.moves().collect(),
        choices: ctl
            .session
            .choices()
            .into_iter()
            .map(|(at, c)| (at, c.to_string()))
            .collect(),
        players: ctl.session.players,
        ai: ctl.ai,
        profiles: profiles.clone(),
        ending: ctl.ending(),
        clock: (ctl.clock().control(), ctl.clock().ply_times().to_vec()),
        turn_steps: ctl.clock_record().turn_ms / CLOCK_SAVE_MS,
        recorded: tracker.recorded,
    };
    if tracker.saved.as_ref() != Some(&snapshot) {
        if data.dir().is_some() {
            // A game whose start fails the set-up checks (only through the API) is not
            // autosaved.
            if let Ok(game) = current_saved_game(ctl, tracker, profiles) {
                data.autosave(G::KIND, game);
            }
        }
        tracker.saved = Some(snapshot);
    }
}

/// The human side of a game against the computer that would count as abandoned if replaced
/// now: exactly one human, the game not over nor recorded, and at least one move played by
/// the human.
pub fn abandoned_side<G: GameRules>(
    ctl: &Controller<G>,
    tracker: &Tracker<G::Move>,
) -> Option<Side> {
    if ctl.outcome().is_some() || tracker.recorded {
        return None;
    }
    let human = match (ctl.session.players.black, ctl.session.players.white) {
        (PlayerKind::Human, PlayerKind::Computer) => Side::Black,
        (PlayerKind::Computer, PlayerKind::Human) => Side::White,
        _ => return None,
    };
    let first = ctl.session.start_position().side_to_move();
    let by_human = (0..ctl.session.ply())
        .filter(|i| (if i % 2 == 0 { first } else { first.other() }) == human)
        .count();
    (by_human > 0).then_some(human)
}

/// A finished game to add to the win records: everything [`DataStore::record_game`] needs.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// The game's identity (recorded at most once).
    pub id: GameId,
    /// Which game and rule set.
    pub key: GameKey,
    /// Who played each side.
    pub players: BySide<PlayerKind>,
    /// The computer's settings per side (the level of a computer opponent).
    pub ai: BySide<AiConfig>,
    /// The profile of each human side.
    pub profiles: BySide<Option<String>>,
    /// How the game ended (a resignation is a win for the other side).
    pub outcome: Outcome,
    /// Hints each side asked for (a game with hints is recorded as such).
    pub hints: BySide<u32>,
}

/// A change of the records that adds one finished game, safe to run on another thread.
pub type RecordChange = Box<dyn FnOnce(&mut Records) -> Result<(), RecordError> + Send>;

/// What `record` adds to the win records and a sentence saying so; `None` for a game that
/// does not count (computer against computer, a human side without a profile, the same
/// profile on both sides).
#[must_use]
pub fn record_change(record: &GameRecord) -> Option<(Message, RecordChange)> {
    let GameRecord {
        key,
        players,
        ai,
        profiles,
        outcome,
        hints,
        ..
    } = record;
    let hints = *hints;
    let (key, outcome) = (*key, *outcome);
    match (players.black, players.white) {
        (PlayerKind::Human, PlayerKind::Computer) | (PlayerKind::Computer, PlayerKind::Human) => {
            let human = if players.black == PlayerKind::Human {
                Side::Black
            } else {
                Side::White
            };
            let name = profiles.get(human).clone()?;
            let level = LevelKey::from_config(ai.get(human.other()));
            let result = GameResult::for_side(outcome, human);
            let text = msg!(
                "notice-recorded-vs-computer",
                name = &name,
                result = Message::new(match result {
                    GameResult::Win => "result-win",
                    GameResult::Loss => "result-loss",
                    GameResult::Draw => "result-draw",
                }),
                level = level.label()
            );
            let hinted = *hints.get(human) > 0;
            let change: RecordChange = Box::new(move |r| {
                r.record_vs_computer(&name, key, level, result)?;
                if hinted {
                    r.mark_hinted_vs_computer(&name, key, level);
                }
                Ok(())
            });
            Some((text, change))
        }
        (PlayerKind::Human, PlayerKind::Human) => {
            let (Some(b), Some(w)) = (profiles.black.clone(), profiles.white.clone()) else {
                return None;
            };
            if b == w {
                return None;
            }
            let text = msg!("notice-recorded-head-to-head", black = &b, white = &w);
            let change: RecordChange = Box::new(move |r| {
                r.record_head_to_head(&b, &w, key, outcome)?;
                if hints.black > 0 {
                    r.mark_hinted_head_to_head(&b, &w, key);
                }
                if hints.white > 0 {
                    r.mark_hinted_head_to_head(&w, &b, key);
                }
                Ok(())
            });
            Some((text, change))
        }
        (PlayerKind::Computer, PlayerKind::Computer) => None,
    }
}

/// The outcome of recording a game with [`record_change`]'s change, from what
/// `record_once` returned and the change's sentence.
#[must_use]
pub fn outcome_of(result: Result<Recording, Message>, text: Message) -> RecordOutcome {
    match result {
        Ok(Recording::Recorded) => RecordOutcome::Recorded(text),
        Ok(_) => RecordOutcome::AlreadyRecorded,
        Err(e) => RecordOutcome::Failed(e),
    }
}

/// What [`DataStore::record_game`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordOutcome {
    /// Added to the records; a sentence saying what was recorded.
    Recorded(Message),
    /// The records already had this game (same [`GameId`]); nothing changed.
    AlreadyRecorded,
    /// A game that does not count (computer against computer, no profile, the same profile
    /// on both sides); nothing changed.
    NotCounted,
    /// Recording failed (lock busy, I/O error, refused name); the reason, also shown as a
    /// notice. Nothing changed, and the same record can be tried again.
    Failed(Message),
}

/// The data directory as the app sees it: records, settings, autosaves and the notices
/// about them. Without a directory everything lives in memory only (tests, or no home).
#[derive(Debug)]
pub struct DataStore {
    dir: Option<PathBuf>,
    store: Option<RecordStore>,
    memory: Records,
    settings: Settings,
    /// The lock that makes this window the owner of the data directory, while it is.
    instance: Option<FileLock>,
    /// This window restores and writes `current-game.json` (it owns the directory, or
    /// could not tell because the OS refused the lock for another reason).
    autosaves: bool,
    /// What `current-game.json` holds (both tabs' games).
    current: CurrentGames,
    /// Results of games no longer on screen that could not be recorded yet, with when to try
    /// again. Kept in memory only.
    deferred: Vec<(GameRecord, Backoff)>,
    /// Writes `current-game.json` (when this window owns the directory) and records results,
    /// off the UI thread.
    autosaver: Option<Autosaver>,
    /// Results sent to the writer and not answered yet, with their retry state after a
    /// failure.
    in_flight: Vec<(GameId, Option<Backoff>)>,
    /// Answers of the writer not yet taken by [`DataStore::take_record_outcome`].
    outcomes: Vec<(GameId, RecordOutcome)>,
    /// Messages for the user (damaged files, failed writes), shown until dismissed; each
    /// shows in the language of the moment (see [`Message`]).
    pub notices: Vec<Message>,
}

impl DataStore {
    /// Nothing on disk: records and settings in memory only.
    #[must_use]
    pub fn in_memory() -> DataStore {
        DataStore {
            dir: None,
            store: None,
            memory: Records::new(),
            settings: Settings::default(),
            instance: None,
            autosaves: true,
            current: CurrentGames::default(),
            deferred: Vec::new(),
            autosaver: None,
            in_flight: Vec::new(),
            outcomes: Vec::new(),
            notices: Vec::new(),
        }
    }

    /// Open the data directory `dir` (created when missing): take ownership of it when no
    /// other window has it (see the module docs), remove temp files left by a crash, read the
    /// records, the settings and (as owner) the autosave; a damaged file becomes a notice
    /// (persist has moved it aside).
    #[must_use]
    pub fn open(dir: &Path) -> DataStore {
        let mut data = DataStore::in_memory();
        if let Err(e) = std::fs::create_dir_all(dir) {
            data.notice(msg!(
                "notice-cannot-create-dir",
                dir = dir.display().to_string(),
                error = e.to_string()
            ));
        }
        match lock_instance(dir) {
            Ok(lock) => data.instance = Some(lock),
            Err(LockError::Busy { .. }) => {
                data.autosaves = false;
                data.notice(msg!("notice-dir-in-use", dir = dir.display().to_string()));
            }
            Err(e @ LockError::Io { .. }) => {
                data.notice(msg!("notice-lock-failed", error = e.message()));
            }
        }
        remove_stale_temps(dir, STALE_TEMP_AFTER);
        let (store, problem) = RecordStore::open(dir);
        if let Some(e) = problem {
            data.notice(msg!("notice-records-reset", error = e.message()));
        }
        data.store = Some(store);
        data.dir = Some(dir.to_path_buf());
        data.settings = data.load_settings();
        data.current = data.load_current_games();
        match Autosaver::spawn(dir.to_path_buf(), autosave::DEBOUNCE) {
            Ok(writer) => data.autosaver = Some(writer),
            // Without the thread, files are written on the spot (see `autosave`, `request_record`).
            Err(e) => data.notice(msg!("notice-no-writer", error = e.to_string())),
        }
        data
    }

    /// Whether this window restores and writes the autosave `current-game.json` (false for
    /// a second window on a data directory another window owns).
    #[must_use]
    pub fn autosaves(&self) -> bool {
        self.autosaves
    }

    /// The data directory, when there is one.
    #[must_use]
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// Add a notice for the user (not twice the same), cut to [`MAX_NOTICE_CHARS`]: a
    /// [`Message`] (`msg!(…)`, shown in the language of the moment) or finished text.
    pub fn notice(&mut self, text: impl Into<Message>) {
        let text = text.into().truncated(MAX_NOTICE_CHARS);
        if !self.notices.contains(&text) {
            self.notices.push(text);
        }
    }

    /// The win records.
    #[must_use]
    pub fn records(&self) -> &Records {
        match &self.store {
            Some(s) => s.records(),
            None => &self.memory,
        }
    }

    /// Re-read the records file (other windows' changes), on the writer thread when there is
    /// one (the records shown follow once it has answered); a damaged file becomes a notice.
    pub fn reload(&mut self) {
        if let Some(writer) = &self.autosaver {
            writer.reload();
        } else if let Some(store) = &mut self.store
            && let Some(e) = store.reload()
        {
            self.notice(msg!("notice-records-problem", error = e.message()));
        }
    }

    /// Change the records (on disk under the lock when there is a directory).
    ///
    /// # Errors
    /// The reason, as a sentence.
    pub fn update<T>(
        &mut self,
        change: impl Fn(&mut Records) -> Result<T, crate::persist::RecordError> + Send + 'static,
    ) -> Result<T, String> {
        // The change is checked and shown on the window's copy at once; the writer thread
        // then applies it to the file under the lock, and the copy follows the file when it
        // answers (so a change another window made impossible meanwhile is undone, with a
        // notice).
        if let (Some(writer), Some(store)) = (&self.autosaver, &mut self.store) {
            let mut copy = store.records().clone();
            let out = change(&mut copy).map_err(|e| e.message().to_string())?;
            store.adopt(copy);
            writer.update(Box::new(move |r| change(r).map(drop)));
            return Ok(out);
        }
        match &mut self.store {
            Some(store) => {
                let out = store.update(change).map_err(|e| e.message().to_string());
                if let Some(e) = store.take_problem() {
                    self.notice(msg!("notice-records-problem", error = e.message()));
                }
                out
            }
            None => change(&mut self.memory).map_err(|e| e.message().to_string()),
        }
    }

    /// The current profile's name.
    #[must_use]
    pub fn profile(&self) -> String {
        self.settings
            .profile
            .clone()
            .unwrap_or_else(default_profile_name)
    }

    /// What `game`'s board shows (coordinates, move numbers, legal moves).
    #[must_use]
    pub fn board_display(&self, game: GameKind) -> BoardDisplay {
        *self.settings.board_display.get(game)
    }

    /// Remember what `game`'s board shows; written to `settings.json` only when it changed.
    pub fn set_board_display(&mut self, game: GameKind, display: BoardDisplay) {
        if self.board_display(game) != display {
            *self.settings.board_display.get_mut(game) = display;
            self.save_settings();
        }
    }

    /// White's profile in hot-seat games, when one other than the current profile was chosen.
    #[must_use]
    pub fn white_profile(&self) -> Option<String> {
        self.settings.white_profile.clone()
    }

    /// The time control chosen for `game`'s next new game (remembered in the settings).
    #[must_use]
    pub fn time_control(&self, game: GameKind) -> TimeControl {
        *self.settings.time_controls.get(game)
    }

    /// Remember `control` as `game`'s time control (written to the settings).
    pub fn set_time_control(&mut self, game: GameKind, control: TimeControl) {
        if control.validate().is_err() || self.time_control(game) == control {
            return;
        }
        *self.settings.time_controls.get_mut(game) = control;
        self.save_settings();
    }

    /// The window's language as the user chose it (`None`: not chosen, follow the OS).
    #[must_use]
    pub fn language(&self) -> Option<Language> {
        self.settings.language()
    }

    /// Remember `lang` as the user's choice of language (written like the other settings).
    pub fn set_language(&mut self, lang: Language) {
        if self.language() != Some(lang) {
            self.settings.set_language(lang);
            self.save_settings();
        }
    }

    /// The settings as they are now (what `settings.json` holds or is about to).
    #[must_use]
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Change the settings with `change` and, when anything changed, write them (on the
    /// writer thread). A change the file's validation would refuse is dropped with a notice.
    pub fn change_settings(&mut self, change: impl FnOnce(&mut Settings)) {
        let mut next = self.settings.clone();
        change(&mut next);
        if next == self.settings {
            return;
        }
        if let Err(e) = next.validate() {
            self.notice(msg!("notice-settings-not-changed", error = e.message()));
            return;
        }
        self.settings = next;
        self.save_settings();
    }

    /// The sound effects' volume in percent (0–100).
    #[must_use]
    pub fn sound_volume(&self) -> u8 {
        self.settings.sound_volume
    }

    /// Whether the sound effects are muted.
    #[must_use]
    pub fn sound_muted(&self) -> bool {
        self.settings.sound_muted
    }

    /// Set the sound effects' volume (in percent, capped at 100) and mute, and save the
    /// settings when they changed (the writer thread coalesces a dragged slider into one write).
    pub fn set_sound(&mut self, volume: u8, muted: bool) {
        let volume = volume.min(crate::audio::MAX_VOLUME);
        if (volume, muted) == (self.settings.sound_volume, self.settings.sound_muted) {
            return;
        }
        self.settings.sound_volume = volume;
        self.settings.sound_muted = muted;
        self.save_settings();
    }

    /// Whether background music is on.
    #[must_use]
    pub fn music_on(&self) -> bool {
        self.settings.music_on
    }

    /// The music's volume in percent (0–100).
    #[must_use]
    pub fn music_volume(&self) -> u8 {
        self.settings.music_volume
    }

    /// The player's music file, when one was chosen (else the built-in track plays).
    #[must_use]
    pub fn music_file(&self) -> Option<&str> {
        self.settings.music_file.as_deref()
    }

    /// Turn the music on or off and set its volume (capped at 100); saved when changed.
    pub fn set_music(&mut self, on: bool, volume: u8) {
        let volume = volume.min(crate::audio::MAX_VOLUME);
        self.change_settings(|s| {
            s.music_on = on;
            s.music_volume = volume;
        });
    }

    /// Choose the music: the player's file at `path`, or the built-in track (`None`); saved
    /// when changed.
    pub fn set_music_file(&mut self, path: Option<String>) {
        self.change_settings(|s| s.music_file = path);
    }

    /// Whether `name` can be a profile; if not, says why in a notice.
    fn usable_name(&mut self, name: &str) -> bool {
        let problem = if name.trim() == name {
            check_name(name).err().map(|e| e.message())
        } else {
            Some(msg!("error-name-spaces"))
        };
        match problem {
            Some(p) => {
                self.notice(msg!(
                    "notice-bad-profile-name",
                    name = shorten(name, 50),
                    problem = p
                ));
                false
            }
            None => true,
        }
    }

    /// Switch the current profile (it is created in the records on its first game). An
    /// unusable name (see [`check_name`]; no surrounding spaces) is refused with a notice.
    pub fn set_profile(&mut self, name: &str) {
        if !self.usable_name(name) {
            return;
        }
        self.settings.profile = Some(name.to_string());
        if self.settings.white_profile.as_deref() == Some(name) {
            self.settings.white_profile = None;
        }
        self.save_settings();
    }

    /// Choose White's profile for hot-seat games (`None`: the current profile). An unusable
    /// name is refused with a notice, as in [`DataStore::set_profile`].
    pub fn set_white_profile(&mut self, name: Option<String>) {
        if let Some(n) = &name
            && !self.usable_name(n)
        {
            return;
        }
        self.settings.white_profile = name.filter(|n| *n != self.profile());
        self.save_settings();
    }

    /// Create profile `name` and make it current.
    ///
    /// # Errors
    /// The reason (empty, too long, taken, …).
    pub fn create_profile(&mut self, name: &str) -> Result<(), String> {
        let name = name.to_string();
        let stored = self.update(move |r| r.create_profile(&name))?;
        self.set_profile(&stored);
        Ok(())
    }

    /// Rename the current profile to `new` (creating it first when it has no records yet).
    ///
    /// # Errors
    /// The reason (empty, too long, taken, …).
    pub fn rename_profile(&mut self, new: &str) -> Result<(), String> {
        let old = self.profile();
        let new = new.trim().to_string();
        let target = new.clone();
        self.update(move |r| {
            if r.profile(&old).is_none() {
                r.create_profile(&old)?;
            }
            r.rename_profile(&old, &target)
        })?;
        self.settings.profile = Some(new);
        self.save_settings();
        Ok(())
    }

    /// Give profile `name` the stored picture `picture` (a file name in `pictures/`, already
    /// written; `None`: the default picture); the picture it had is deleted.
    ///
    /// # Errors
    /// The reason (a name the records refuse).
    pub fn set_picture(&mut self, name: &str, picture: Option<String>) -> Result<(), String> {
        let old = self.picture_of(name);
        let (who, new) = (name.to_string(), picture.clone());
        self.update(move |r| r.set_picture(&who, new.clone()).map(drop))?;
        if old != picture
            && let Some(old) = old
        {
            self.remove_picture(old);
        }
        Ok(())
    }

    /// The file name of profile `name`'s picture, if it has one.
    #[must_use]
    pub fn picture_of(&self, name: &str) -> Option<String> {
        self.records()
            .profile(name)
            .and_then(|p| p.picture().map(str::to_string))
    }

    /// Delete profile `name`: its records, the head-to-head records against it and its
    /// picture. When it was the current profile, the first other profile (else the default
    /// one) becomes current.
    ///
    /// # Errors
    /// The reason (no such profile).
    pub fn delete_profile(&mut self, name: &str) -> Result<(), String> {
        let picture = self.picture_of(name);
        let who = name.to_string();
        self.update(move |r| r.remove_profile(&who))?;
        if let Some(picture) = picture {
            self.remove_picture(picture);
        }
        if self.white_profile().as_deref() == Some(name) {
            self.settings.white_profile = None;
            self.save_settings();
        }
        if self.profile() == name {
            let next = self
                .records()
                .profile_names()
                .first()
                .map(|n| n.to_string());
            self.settings.profile = next;
            if self.settings.white_profile == self.settings.profile {
                self.settings.white_profile = None;
            }
            self.save_settings();
        }
        Ok(())
    }

    /// Delete the stored picture `name` (on the writer thread when there is one).
    fn remove_picture(&mut self, name: String) {
        let Some(dir) = &self.dir else {
            return;
        };
        match &self.autosaver {
            Some(writer) => writer.remove_picture(name),
            None => {
                if let Err(e) = crate::persist::picture::remove_picture(dir, &name) {
                    self.notice(msg!(
                        "picture-not-removed",
                        name = name,
                        error = e.to_string()
                    ));
                }
            }
        }
    }

    /// All profile names: the records' and the current one.
    #[must_use]
    pub fn profile_names(&self) -> Vec<String> {
        let mut names: Vec<String> = self
            .records()
            .profile_names()
            .into_iter()
            .map(str::to_string)
            .collect();
        let current = self.profile();
        if !names.contains(&current) {
            names.insert(0, current);
        }
        names
    }

    /// The profile each human side plays as: the current profile, except White in a
    /// hot-seat game, who plays as the chosen White profile if any.
    #[must_use]
    pub fn side_profiles(&self, players: BySide<PlayerKind>) -> BySide<Option<String>> {
        let current = self.profile();
        let hot_seat = players.black == PlayerKind::Human && players.white == PlayerKind::Human;
        BySide {
            black: (players.black == PlayerKind::Human).then(|| current.clone()),
            white: (players.white == PlayerKind::Human).then(|| {
                if hot_seat {
                    self.white_profile().unwrap_or_else(|| current.clone())
                } else {
                    current.clone()
                }
            }),
        }
    }

    /// The profile of each side of `session` as it stands: [`DataStore::side_profiles`] of
    /// the players at its start, changing colours with them when an opening exchanged the
    /// colours (in a hot-seat game the current profile plays first, whatever colour it takes).
    #[must_use]
    pub fn session_profiles<G: GameRules>(&self, session: &Session<G>) -> BySide<Option<String>> {
        self.players_profiles(session.players, session.position().colours_exchanged())
    }

    /// The profiles of `players` (by colour now) in a game whose colours were `exchanged`
    /// since the start (see [`DataStore::session_profiles`]).
    #[must_use]
    pub fn players_profiles(
        &self,
        players: BySide<PlayerKind>,
        exchanged: bool,
    ) -> BySide<Option<String>> {
        fn swap<T>(b: BySide<T>) -> BySide<T> {
            BySide {
                black: b.white,
                white: b.black,
            }
        }
        if exchanged {
            swap(self.side_profiles(swap(players)))
        } else {
            self.side_profiles(players)
        }
    }

    /// Add a finished game to the records, exactly once per [`GameRecord::id`] (see the
    /// module docs for which games count). A failure becomes a notice; nothing is recorded
    /// then and the caller may try again with the same record.
    pub fn record_game(&mut self, record: &GameRecord) -> RecordOutcome {
        let Some((text, change)) = record_change(record) else {
            return RecordOutcome::NotCounted;
        };
        let result = match &mut self.store {
            Some(store) => {
                let out = store
                    .record_once(record.id, change)
                    .map_err(|e| e.message());
                if let Some(e) = store.take_problem() {
                    self.notice(msg!("notice-records-problem", error = e.message()));
                }
                out
            }
            None => self
                .memory
                .record_once(record.id, change)
                .map_err(|e| e.message()),
        };
        let outcome = outcome_of(result, text);
        if let RecordOutcome::Failed(e) = &outcome {
            self.notice(msg!("notice-record-failed", error = e.clone()));
        }
        outcome
    }

    /// Try again the deferred records that are due at `now` (through the writer thread).
    pub fn retry_deferred(&mut self, now: Instant) {
        if self.deferred.iter().all(|(_, b)| now < b.next_try) {
            return;
        }
        let waiting = std::mem::take(&mut self.deferred);
        for (record, backoff) in waiting {
            if now < backoff.next_try {
                self.deferred.push((record, backoff));
            } else {
                self.send_record(record, Some(backoff), now);
            }
        }
    }

    /// Record a finished game: on the writer thread when there is one (the outcome comes
    /// back through [`DataStore::poll_writer`] and [`DataStore::take_record_outcome`]), else
    /// at once. A failure is retried, with a growing wait, for as long as the window is open.
    pub fn request_record(&mut self, record: GameRecord) {
        self.send_record(record, None, Instant::now());
    }

    fn send_record(&mut self, record: GameRecord, backoff: Option<Backoff>, now: Instant) {
        let id = record.id;
        match &self.autosaver {
            Some(writer) => {
                self.in_flight.retain(|(i, _)| *i != id);
                self.in_flight.push((id, backoff));
                writer.record(record);
            }
            None => {
                let outcome = self.record_game(&record);
                self.settle(record, outcome, backoff, now);
            }
        }
    }

    /// Keep the outcome of `record` for its tab; a failure is deferred (retried later).
    fn settle(
        &mut self,
        record: GameRecord,
        outcome: RecordOutcome,
        backoff: Option<Backoff>,
        now: Instant,
    ) {
        if let RecordOutcome::Failed(_) = &outcome {
            let next = backoff.map_or_else(|| Backoff::first(now), |b| b.again(now));
            if !self.deferred.iter().any(|(r, _)| r.id == record.id) {
                self.deferred.push((record.clone(), next));
            }
        }
        self.outcomes.retain(|(i, _)| *i != record.id);
        // Outcomes no tab waits for (an abandoned game counted as a loss, a replaced game's
        // retry) are not taken: keep only the newest few.
        if self.outcomes.len() >= MAX_UNCLAIMED_OUTCOMES {
            self.outcomes.remove(0);
        }
        self.outcomes.push((record.id, outcome));
    }

    /// The outcome of recording game `id`, once the writer has answered (taken once).
    pub fn take_record_outcome(&mut self, id: GameId) -> Option<RecordOutcome> {
        let i = self.outcomes.iter().position(|(g, _)| *g == id)?;
        Some(self.outcomes.swap_remove(i).1)
    }

    /// Make `game` the autosaved game of tab `kind` and rewrite `current-game.json` (only
    /// in the window that owns the data directory, see [`DataStore::autosaves`]); a failure
    /// becomes a notice.
    pub fn autosave(&mut self, kind: GameKind, game: SavedGame) {
        *self.current.get_mut(kind) = Some(game);
        self.write_current();
    }

    /// Whether the window was locked when the autosave was last written (on start: as the
    /// last run left it).
    #[must_use]
    pub fn autosaved_locked(&self) -> bool {
        self.current.locked
    }

    /// Keep the window's lock in the autosave, so it survives a restart; rewrites
    /// `current-game.json` when it changed (as [`DataStore::autosave`]).
    pub fn set_locked(&mut self, locked: bool) {
        if self.current.locked != locked {
            self.current.locked = locked;
            self.write_current();
        }
    }

    /// Hand both games and the lock to the writer (or write them here without one).
    fn write_current(&mut self) {
        let Some(dir) = &self.dir else {
            return;
        };
        if !self.autosaves {
            return;
        }
        match &self.autosaver {
            Some(writer) => writer.save(self.current.clone()),
            None => {
                if let Err(e) = save_current(dir, &self.current) {
                    self.notice(msg!("notice-autosave-failed", error = e.message()));
                }
            }
        }
    }

    /// Wait until the writer thread has written everything asked of it so far (the newest
    /// autosave, the results sent for recording): closing the window, tests. Its reports
    /// are then taken as by [`DataStore::poll_writer`].
    pub fn flush_writes(&mut self) {
        if let Some(writer) = &self.autosaver {
            writer.flush();
        }
        self.poll_writer();
    }

    /// Take the writer's reports (each frame; never waits): failures become notices, the
    /// records shown follow what was written, and recording outcomes wait for their tabs.
    pub fn poll_writer(&mut self) {
        let reports = self
            .autosaver
            .as_ref()
            .map(Autosaver::reports)
            .unwrap_or_default();
        let now = Instant::now();
        for report in reports {
            match report {
                Report::Notice(text) => self.notice(text),
                Report::Recorded {
                    record,
                    outcome,
                    records,
                    problem,
                } => {
                    if let Some(text) = problem {
                        self.notice(text);
                    }
                    if let (Some(store), Some(records)) = (&mut self.store, records) {
                        store.adopt(*records);
                    }
                    if let RecordOutcome::Failed(e) = &outcome {
                        self.notice(msg!("notice-record-failed", error = e.clone()));
                    }
                    let i = self.in_flight.iter().position(|(g, _)| *g == record.id);
                    let backoff = i.and_then(|i| self.in_flight.swap_remove(i).1);
                    self.settle(*record, outcome, backoff, now);
                }
                Report::Reloaded { records, problem } => {
                    if let Some(text) = problem {
                        self.notice(text);
                    }
                    if let Some(store) = &mut self.store {
                        store.adopt(*records);
                    }
                }
            }
        }
    }

    /// The autosaved game of tab `kind`, as read on start.
    #[must_use]
    pub fn autosaved(&self, kind: GameKind) -> Option<&SavedGame> {
        self.current.get(kind).as_ref()
    }

    /// Read `current-game.json`: empty when missing or when another window owns it; a
    /// damaged one becomes a notice.
    fn load_current_games(&mut self) -> CurrentGames {
        let Some(dir) = &self.dir else {
            return CurrentGames::default();
        };
        if !self.autosaves {
            return CurrentGames::default();
        }
        match load_current(dir) {
            Ok(games) => games.unwrap_or_default(),
            Err(e) => {
                self.notice(msg!("notice-autosaves-reset", error = e.message()));
                CurrentGames::default()
            }
        }
    }

    /// Read `settings.json` (see [`crate::persist::settings`]): defaults when missing; a
    /// damaged one becomes a notice.
    fn load_settings(&mut self) -> Settings {
        let Some(dir) = &self.dir else {
            return Settings::default();
        };
        match Settings::load(dir) {
            Ok(s) => s.unwrap_or_default(),
            Err(e) => {
                self.notice(msg!("notice-settings-reset", error = e.message()));
                Settings::default()
            }
        }
    }

    /// Write `settings.json`; a damaged file found there is reported (and was moved aside, or
    /// when it could not be, left alone and not overwritten), a failure becomes a notice.
    fn save_settings(&mut self) {
        let Some(dir) = &self.dir else {
            return;
        };
        if let Some(writer) = &self.autosaver {
            writer.save_settings(self.settings.clone());
            return;
        }
        match self.settings.save(dir) {
            Ok(None) => {}
            Ok(Some(e)) => self.notice(msg!("notice-settings-problem", error = e.message())),
            Err(e) => self.notice(msg!("notice-settings-not-saved", error = e.message())),
        }
    }
}
