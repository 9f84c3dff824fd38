//! Game clocks: the time control chosen for a game ([`TimeControl`]) and the clock that
//! times each side's turns ([`GameClock`]). Pure logic in milliseconds, with "now" passed in
//! by the caller, so tests drive it with a fake time ([`ManualTime`]) and never sleep.
//!
//! Time runs only for the side to move, and only while the clock runs; the app decides when
//! it runs (see `app::tab::Tab::clock_should_run` for the pausing rule). Every finished turn is
//! kept per ply, so undo gives back exactly the time of the undone moves, and a game's clock
//! round-trips through a saved game as a [`ClockRecord`].

use crate::i18n::Message;
use crate::msg;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use serde::{Deserialize, Serialize};

use super::Side;

/// Below this much time left (10 s) a clock shows tenths, is highlighted, and
/// [`GameClock::is_low`] holds; under a per-move limit, below a third of the limit when that
/// is less (so a 10 s limit is not "low" from the start of every move).
pub const LOW_TIME_MS: u64 = 10_000;

/// Shortest time control accepted (a base or a per-move limit), in milliseconds: 1 s.
pub const MIN_CONTROL_MS: u64 = 1_000;

/// Longest time control accepted (a base or a per-move limit), in milliseconds: 24 h.
pub const MAX_CONTROL_MS: u64 = 86_400_000;

/// Largest Fischer increment accepted, in milliseconds: 10 min.
pub const MAX_INCREMENT_MS: u64 = 600_000;

/// Largest time accepted for one ply in a [`ClockRecord`], in milliseconds (about 31 years),
/// so sums can never overflow.
pub const MAX_PLY_MS: u64 = 1_000_000_000_000;

/// How many more moves of its own the computer expects to make when it shares out its
/// remaining time under sudden death or Fischer.
pub const EXPECTED_MOVES_LEFT: u64 = 20;

/// The shortest per-move budget the computer is given under a clock, in milliseconds.
pub const MIN_BUDGET_MS: u64 = 20;

/// The time control of a game. The same for both sides.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TimeControl {
    /// No limit: the clocks only show the time each side has used.
    #[default]
    None,
    /// Each side has `ms` milliseconds for the whole game.
    SuddenDeath {
        /// Time per side for the whole game, in milliseconds.
        ms: u64,
    },
    /// Each side starts with `base_ms` and gains `increment_ms` after each of its moves.
    Fischer {
        /// Time per side at the start, in milliseconds.
        base_ms: u64,
        /// Time added after each move, in milliseconds.
        increment_ms: u64,
    },
    /// Each move must be made within `ms` milliseconds; unused time is not carried over.
    PerMove {
        /// Time per move, in milliseconds.
        ms: u64,
    },
}

impl TimeControl {
    /// The choices offered before a new game, in the order shown.
    pub const PRESETS: [TimeControl; 12] = [
        TimeControl::None,
        TimeControl::SuddenDeath { ms: 60_000 },
        TimeControl::SuddenDeath { ms: 180_000 },
        TimeControl::SuddenDeath { ms: 300_000 },
        TimeControl::SuddenDeath { ms: 600_000 },
        TimeControl::SuddenDeath { ms: 1_200_000 },
        TimeControl::Fischer {
            base_ms: 180_000,
            increment_ms: 2_000,
        },
        TimeControl::Fischer {
            base_ms: 300_000,
            increment_ms: 3_000,
        },
        TimeControl::Fischer {
            base_ms: 600_000,
            increment_ms: 5_000,
        },
        TimeControl::PerMove { ms: 10_000 },
        TimeControl::PerMove { ms: 30_000 },
        TimeControl::PerMove { ms: 60_000 },
    ];

    /// The label shown for this control, in the window's language: "5 minutes per side",
    /// "3 minutes + 2 seconds per move", "No time limit".
    #[must_use]
    pub fn label(self) -> String {
        match self {
            TimeControl::None => crate::tr!("clock-none"),
            TimeControl::SuddenDeath { ms } => {
                crate::tr!("clock-sudden-death", time = clock_text(ms))
            }
            TimeControl::Fischer {
                base_ms,
                increment_ms,
            } => crate::tr!(
                "clock-fischer",
                base = clock_text(base_ms),
                increment = clock_text(increment_ms)
            ),
            TimeControl::PerMove { ms } => crate::tr!("clock-per-move", time = clock_text(ms)),
        }
    }

    /// Whether a side can run out of time (anything but [`TimeControl::None`]).
    #[must_use]
    pub fn is_limited(self) -> bool {
        self != TimeControl::None
    }

    /// Checks the numbers: bases and per-move limits within
    /// [`MIN_CONTROL_MS`]..=[`MAX_CONTROL_MS`], increments at most [`MAX_INCREMENT_MS`].
    ///
    /// # Errors
    /// The problem, as a sentence fragment ("the base time 0 ms is …"), in the window's
    /// language (English in files and logs).
    pub fn validate(self) -> Result<(), Message> {
        let check = |what: &'static str, ms: u64| {
            if (MIN_CONTROL_MS..=MAX_CONTROL_MS).contains(&ms) {
                Ok(())
            } else {
                Err(msg!(
                    "error-clock-range",
                    what = msg!(what),
                    ms = ms,
                    min = MIN_CONTROL_MS,
                    max = MAX_CONTROL_MS
                ))
            }
        };
        match self {
            TimeControl::None => Ok(()),
            TimeControl::SuddenDeath { ms } => check("error-clock-time-per-side", ms),
            TimeControl::PerMove { ms } => check("error-clock-time-per-move", ms),
            TimeControl::Fischer {
                base_ms,
                increment_ms,
            } => {
                check("error-clock-base-time", base_ms)?;
                if increment_ms > MAX_INCREMENT_MS {
                    return Err(msg!(
                        "error-clock-increment",
                        ms = increment_ms,
                        max = MAX_INCREMENT_MS
                    ));
                }
                Ok(())
            }
        }
    }
}

/// Milliseconds as a clock shows them: "1:05:03", "4:32", "0:09" (whole seconds, rounded
/// down); with `tenths`, under a minute "9.4".
#[must_use]
pub fn format_clock(ms: u64, tenths: bool) -> String {
    if tenths && ms < 60_000 {
        return format!("{}.{}", ms / 1000, (ms % 1000) / 100);
    }
    let s = ms / 1000;
    let (h, m, s) = (s / 3600, (s / 60) % 60, s % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// A length of time in words for a time control's label, in the window's language:
/// "5 minutes", "3 seconds", "1 hour 30 minutes".
fn clock_text(ms: u64) -> String {
    let s = ms / 1000;
    let hours = || crate::tr!("clock-hours", n = s / 3600);
    let minutes = || crate::tr!("clock-minutes", n = (s / 60) % 60);
    let seconds = || crate::tr!("clock-seconds", n = s % 60);
    match (s / 3600, (s / 60) % 60, s % 60) {
        (0, 0, _) => seconds(),
        (0, _, 0) => minutes(),
        (0, _, _) => format!("{} {}", minutes(), seconds()),
        (_, 0, 0) => hours(),
        (_, _, _) => format!("{} {}", hours(), minutes()),
    }
}

/// Where a clock gets "now" from, in milliseconds since some fixed moment of its own
/// choosing (only differences matter). The app uses [`MonotonicTime`]; tests use
/// [`ManualTime`].
pub trait TimeSource: Send + Sync + std::fmt::Debug {
    /// Milliseconds since this source's origin; never decreases.
    fn now_ms(&self) -> u64;
}

/// The real time, from the OS's monotonic clock (immune to changes of the wall clock).
#[derive(Debug)]
pub struct MonotonicTime {
    origin: Instant,
}

impl MonotonicTime {
    /// A source whose origin is now.
    #[must_use]
    pub fn new() -> MonotonicTime {
        MonotonicTime {
            origin: Instant::now(),
        }
    }
}

impl Default for MonotonicTime {
    fn default() -> Self {
        MonotonicTime::new()
    }
}

impl TimeSource for MonotonicTime {
    fn now_ms(&self) -> u64 {
        u64::try_from(self.origin.elapsed().as_millis()).unwrap_or(u64::MAX)
    }
}

/// A time that moves only when told to: for tests. Clones share the same time.
#[derive(Clone, Debug, Default)]
pub struct ManualTime(Arc<AtomicU64>);

impl ManualTime {
    /// A time standing at 0 ms.
    #[must_use]
    pub fn new() -> ManualTime {
        ManualTime::default()
    }

    /// Move the time forward by `ms` milliseconds.
    pub fn advance(&self, ms: u64) {
        self.0.fetch_add(ms, Ordering::SeqCst);
    }
}

impl TimeSource for ManualTime {
    fn now_ms(&self) -> u64 {
        self.0.load(Ordering::SeqCst)
    }
}

/// What a side's clock shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockReading {
    /// The time shown, in milliseconds: the time left under a time control, else the time used.
    pub ms: u64,
    /// True when `ms` is the time left (a time control is set), false when it is time used.
    pub counts_down: bool,
    /// Less than [`GameClock::low_ms`] left.
    pub low: bool,
}

impl ClockReading {
    /// The reading as a clock shows it: "4:32", with tenths when low ("9.4").
    #[must_use]
    pub fn text(self) -> String {
        format_clock(self.ms, self.low)
    }
}

/// A game's clock as kept in a saved game: the control, the time of every ply played and of
/// the turn in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockRecord {
    /// The game's time control.
    pub control: TimeControl,
    /// Time spent on each ply, in milliseconds, oldest first: one entry per move of the game
    /// (passes included).
    pub used_ms: Vec<u64>,
    /// Time spent so far on the turn in progress, in milliseconds.
    #[serde(default)]
    pub turn_ms: u64,
}

impl ClockRecord {
    /// Checks the record against a game of `moves` plies: one time per ply, each at most
    /// [`MAX_PLY_MS`], and a valid control.
    ///
    /// # Errors
    /// The problem, as a sentence fragment in the window's language.
    pub fn validate(&self, moves: usize) -> Result<(), Message> {
        self.control.validate()?;
        if self.used_ms.len() != moves {
            return Err(msg!(
                "error-clock-times",
                times = self.used_ms.len(),
                moves = moves
            ));
        }
        if let Some(ms) = self
            .used_ms
            .iter()
            .chain([&self.turn_ms])
            .find(|ms| **ms > MAX_PLY_MS)
        {
            return Err(msg!("error-clock-move-time", ms = *ms, max = MAX_PLY_MS));
        }
        Ok(())
    }
}

/// Both sides' clocks for one game. Sides alternate every ply, starting with `first`
/// (Reversi passes are plies too). All times are milliseconds of one [`TimeSource`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameClock {
    control: TimeControl,
    first: Side,
    /// Time spent on each finished ply, oldest first.
    plies: Vec<u64>,
    /// Times of undone plies, the next one to redo last.
    redo: Vec<u64>,
    /// Time spent on the turn in progress before `since`.
    turn_ms: u64,
    /// When the clock was last started; `None` while stopped.
    since: Option<u64>,
    /// The side whose time ran out, once it has.
    flagged: Option<Side>,
}

impl GameClock {
    /// A stopped clock for a new game under `control` where `first` moves first.
    #[must_use]
    pub fn new(control: TimeControl, first: Side) -> GameClock {
        GameClock {
            control,
            first,
            plies: Vec::new(),
            redo: Vec::new(),
            turn_ms: 0,
            since: None,
            flagged: None,
        }
    }

    /// A stopped clock restored from a saved game's record.
    #[must_use]
    pub fn from_record(record: &ClockRecord, first: Side) -> GameClock {
        GameClock {
            plies: record.used_ms.clone(),
            turn_ms: record.turn_ms,
            ..GameClock::new(record.control, first)
        }
    }

    /// The clock as a saved game keeps it, at `now`.
    #[must_use]
    pub fn record(&self, now: u64) -> ClockRecord {
        ClockRecord {
            control: self.control,
            used_ms: self.plies.clone(),
            turn_ms: self.turn_ms(now),
        }
    }

    /// The game's time control.
    #[must_use]
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// Number of plies timed.
    #[must_use]
    pub fn ply(&self) -> usize {
        self.plies.len()
    }

    /// Time spent on each finished ply, oldest first, in milliseconds.
    #[must_use]
    pub fn ply_times(&self) -> &[u64] {
        &self.plies
    }

    /// The side whose turn is being timed.
    #[must_use]
    pub fn side_to_move(&self) -> Side {
        self.side_of(self.plies.len())
    }

    fn side_of(&self, ply: usize) -> Side {
        if ply.is_multiple_of(2) {
            self.first
        } else {
            self.first.other()
        }
    }

    /// Whether time is running for the side to move.
    #[must_use]
    pub fn is_running(&self) -> bool {
        self.since.is_some()
    }

    /// Start (or keep) running at `now`. Does nothing once a side's time ran out.
    pub fn start(&mut self, now: u64) {
        if self.since.is_none() && self.flagged.is_none() {
            self.since = Some(now);
        }
    }

    /// Stop at `now`, keeping the time of the turn in progress.
    pub fn stop(&mut self, now: u64) {
        self.turn_ms = self.turn_ms(now);
        self.since = None;
    }

    /// Run or stop at `now`, as `run` says.
    pub fn set_running(&mut self, run: bool, now: u64) {
        if run {
            self.start(now);
        } else {
            self.stop(now);
        }
    }

    /// Time spent on the turn in progress at `now`.
    #[must_use]
    pub fn turn_ms(&self, now: u64) -> u64 {
        self.turn_ms + self.since.map_or(0, |t| now.saturating_sub(t))
    }

    /// The side to move finished its move at `now`: its turn's time is kept for that ply and
    /// the other side's turn begins (running if the clock runs). Forgets the undone plies.
    pub fn moved(&mut self, now: u64) {
        let spent = self.turn_ms(now);
        self.plies.push(spent);
        self.redo.clear();
        self.turn_ms = 0;
        if self.since.is_some() {
            self.since = Some(now);
        }
    }

    /// Take back `n` plies at `now`: their time is given back to their sides, the time of
    /// the turn in progress is dropped, and a side whose time had run out has not lost any more.
    pub fn undo(&mut self, n: usize, now: u64) {
        for _ in 0..n.min(self.plies.len()) {
            if let Some(t) = self.plies.pop() {
                self.redo.push(t);
            }
        }
        self.restart_turn(now);
    }

    /// Replay `n` undone plies at `now`, each with the time it took (0 when unknown).
    pub fn redo(&mut self, n: usize, now: u64) {
        for _ in 0..n {
            let t = self.redo.pop().unwrap_or(0);
            self.plies.push(t);
        }
        self.restart_turn(now);
    }

    /// Keep only the first `ply` plies (a replay's "Play from here"), as [`GameClock::undo`].
    pub fn truncate(&mut self, ply: usize, now: u64) {
        self.plies.truncate(ply);
        self.redo.clear();
        self.restart_turn(now);
    }

    fn restart_turn(&mut self, now: u64) {
        self.turn_ms = 0;
        self.flagged = None;
        if self.since.is_some() {
            self.since = Some(now);
        }
    }

    /// Number of moves `side` has finished.
    #[must_use]
    pub fn moves_of(&self, side: Side) -> u64 {
        (0..self.plies.len())
            .filter(|&i| self.side_of(i) == side)
            .count() as u64
    }

    /// Time `side` has used in the whole game at `now`, the turn in progress included.
    #[must_use]
    pub fn used_ms(&self, side: Side, now: u64) -> u64 {
        let finished: u64 = self
            .plies
            .iter()
            .enumerate()
            .filter(|(i, _)| self.side_of(*i) == side)
            .map(|(_, t)| *t)
            .sum();
        let current = if self.side_to_move() == side {
            self.turn_ms(now)
        } else {
            0
        };
        finished + current
    }

    /// Time `side` has left at `now` (0 once out of time); `None` without a time control.
    /// Under a per-move limit the side not to move has the full limit ahead of it.
    #[must_use]
    pub fn remaining_ms(&self, side: Side, now: u64) -> Option<u64> {
        match self.control {
            TimeControl::None => None,
            TimeControl::SuddenDeath { ms } => Some(ms.saturating_sub(self.used_ms(side, now))),
            TimeControl::Fischer {
                base_ms,
                increment_ms,
            } => {
                let allowed = base_ms + increment_ms * self.moves_of(side);
                Some(allowed.saturating_sub(self.used_ms(side, now)))
            }
            TimeControl::PerMove { ms } => Some(if self.side_to_move() == side {
                ms.saturating_sub(self.turn_ms(now))
            } else {
                ms
            }),
        }
    }

    /// Below how much time left a side is low: [`LOW_TIME_MS`], or a third of a per-move limit
    /// when that is less.
    #[must_use]
    pub fn low_ms(&self) -> u64 {
        match self.control {
            TimeControl::PerMove { ms } => LOW_TIME_MS.min(ms / 3),
            _ => LOW_TIME_MS,
        }
    }

    /// Whether `side` has less than [`GameClock::low_ms`] left at `now` (never without a
    /// control).
    #[must_use]
    pub fn is_low(&self, side: Side, now: u64) -> bool {
        self.remaining_ms(side, now)
            .is_some_and(|ms| ms < self.low_ms())
    }

    /// What `side`'s clock shows at `now`.
    #[must_use]
    pub fn reading(&self, side: Side, now: u64) -> ClockReading {
        match self.remaining_ms(side, now) {
            Some(ms) => ClockReading {
                ms,
                counts_down: true,
                low: ms < self.low_ms(),
            },
            None => ClockReading {
                ms: self.used_ms(side, now),
                counts_down: false,
                low: false,
            },
        }
    }

    /// The side whose time ran out, once it has.
    #[must_use]
    pub fn flagged(&self) -> Option<Side> {
        self.flagged
    }

    /// Flag-fall: when the side to move has no time left at `now`, it has lost on time; the
    /// clock stops. Returns the side whose time ran out (now or before).
    pub fn check_flag(&mut self, now: u64) -> Option<Side> {
        if self.flagged.is_none() {
            let side = self.side_to_move();
            if self.remaining_ms(side, now) == Some(0) {
                self.stop(now);
                self.flagged = Some(side);
            }
        }
        self.flagged
    }

    /// The computer's time budget for a move by `side` at `now`, in milliseconds, given its
    /// level's own budget `level_ms` (`None`: depth only). Without a time control the level's
    /// budget; under sudden death or Fischer its remaining time shared over
    /// [`EXPECTED_MOVES_LEFT`] moves plus most of the increment; under a per-move limit 85 % of
    /// the limit. Never more than the level's budget, nor less than [`MIN_BUDGET_MS`].
    #[must_use]
    pub fn budget_ms(&self, side: Side, now: u64, level_ms: Option<u64>) -> Option<u64> {
        let Some(remaining) = self.remaining_ms(side, now) else {
            return level_ms;
        };
        let share = match self.control {
            TimeControl::None => return level_ms,
            TimeControl::SuddenDeath { .. } => remaining / EXPECTED_MOVES_LEFT,
            TimeControl::Fischer { increment_ms, .. } => {
                // The increment only comes after the move: never count on more than is left.
                (remaining / EXPECTED_MOVES_LEFT + increment_ms * 3 / 4).min(remaining / 2)
            }
            TimeControl::PerMove { ms } => ms * 85 / 100,
        };
        let capped = level_ms.map_or(share, |level| share.min(level));
        Some(capped.max(MIN_BUDGET_MS))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(control: TimeControl) -> (GameClock, ManualTime) {
        let time = ManualTime::new();
        let mut c = GameClock::new(control, Side::Black);
        c.start(time.now_ms());
        (c, time)
    }

    #[test]
    fn time_runs_only_for_the_side_to_move() {
        let (mut c, t) = clock(TimeControl::None);
        t.advance(3_000);
        assert_eq!(c.used_ms(Side::Black, t.now_ms()), 3_000);
        assert_eq!(c.used_ms(Side::White, t.now_ms()), 0);
        c.moved(t.now_ms());
        t.advance(5_000);
        assert_eq!(c.used_ms(Side::Black, t.now_ms()), 3_000);
        assert_eq!(c.used_ms(Side::White, t.now_ms()), 5_000);
        let r = c.reading(Side::White, t.now_ms());
        assert!(!r.counts_down && !r.low);
        assert_eq!(r.text(), "0:05");
    }

    #[test]
    fn a_stopped_clock_does_not_run() {
        let (mut c, t) = clock(TimeControl::SuddenDeath { ms: 60_000 });
        t.advance(1_000);
        c.stop(t.now_ms());
        t.advance(50_000);
        assert_eq!(c.remaining_ms(Side::Black, t.now_ms()), Some(59_000));
        c.start(t.now_ms());
        t.advance(500);
        assert_eq!(c.remaining_ms(Side::Black, t.now_ms()), Some(58_500));
    }

    #[test]
    fn fischer_adds_the_increment_after_each_move() {
        let (mut c, t) = clock(TimeControl::Fischer {
            base_ms: 60_000,
            increment_ms: 3_000,
        });
        t.advance(10_000);
        assert_eq!(c.remaining_ms(Side::Black, t.now_ms()), Some(50_000));
        c.moved(t.now_ms());
        assert_eq!(c.remaining_ms(Side::Black, t.now_ms()), Some(53_000));
        t.advance(1_000);
        c.moved(t.now_ms());
        assert_eq!(c.remaining_ms(Side::White, t.now_ms()), Some(62_000));
    }

    #[test]
    fn flag_falls_once_for_the_side_to_move() {
        let (mut c, t) = clock(TimeControl::SuddenDeath { ms: 60_000 });
        t.advance(20_000);
        c.moved(t.now_ms());
        t.advance(59_999);
        assert_eq!(c.check_flag(t.now_ms()), None);
        assert!(c.is_low(Side::White, t.now_ms()));
        assert!(!c.is_low(Side::Black, t.now_ms()));
        t.advance(1);
        assert_eq!(c.check_flag(t.now_ms()), Some(Side::White));
        assert!(!c.is_running(), "the clock stops at the flag");
        t.advance(10_000);
        assert_eq!(c.check_flag(t.now_ms()), Some(Side::White));
        assert_eq!(c.remaining_ms(Side::White, t.now_ms()), Some(0));
        c.start(t.now_ms());
        assert!(!c.is_running(), "a fallen flag keeps the clock stopped");
    }

    #[test]
    fn per_move_limit_resets_every_move() {
        let (mut c, t) = clock(TimeControl::PerMove { ms: 10_000 });
        t.advance(9_000);
        c.moved(t.now_ms());
        assert_eq!(c.remaining_ms(Side::Black, t.now_ms()), Some(10_000));
        assert_eq!(c.remaining_ms(Side::White, t.now_ms()), Some(10_000));
        t.advance(10_000);
        assert_eq!(c.check_flag(t.now_ms()), Some(Side::White));
    }

    #[test]
    fn undo_gives_back_the_time_of_the_undone_moves_and_redo_takes_it_again() {
        let (mut c, t) = clock(TimeControl::SuddenDeath { ms: 60_000 });
        t.advance(4_000);
        c.moved(t.now_ms()); // Black 4 s
        t.advance(7_000);
        c.moved(t.now_ms()); // White 7 s
        t.advance(2_000); // Black thinking
        c.undo(2, t.now_ms());
        assert_eq!(c.ply(), 0);
        assert_eq!(c.used_ms(Side::Black, t.now_ms()), 0);
        assert_eq!(c.used_ms(Side::White, t.now_ms()), 0);
        c.redo(2, t.now_ms());
        assert_eq!(c.ply_times(), &[4_000, 7_000]);
        assert_eq!(c.used_ms(Side::White, t.now_ms()), 7_000);
        t.advance(1_000);
        assert_eq!(c.used_ms(Side::Black, t.now_ms()), 5_000);
    }

    #[test]
    fn undo_after_a_flag_takes_the_loss_back() {
        let (mut c, t) = clock(TimeControl::PerMove { ms: 10_000 });
        t.advance(1_000);
        c.moved(t.now_ms());
        t.advance(10_000);
        assert_eq!(c.check_flag(t.now_ms()), Some(Side::White));
        c.undo(1, t.now_ms());
        assert_eq!(c.flagged(), None);
        assert_eq!(c.remaining_ms(Side::Black, t.now_ms()), Some(10_000));
    }

    #[test]
    fn record_round_trips_with_the_turn_in_progress() {
        let (mut c, t) = clock(TimeControl::Fischer {
            base_ms: 300_000,
            increment_ms: 3_000,
        });
        t.advance(2_500);
        c.moved(t.now_ms());
        t.advance(1_200);
        let record = c.record(t.now_ms());
        assert_eq!(record.used_ms, vec![2_500]);
        assert_eq!(record.turn_ms, 1_200);
        record.validate(1).unwrap();
        assert!(record.validate(2).is_err());
        let json = serde_json::to_string(&record).unwrap();
        let back: ClockRecord = serde_json::from_str(&json).unwrap();
        let restored = GameClock::from_record(&back, Side::Black);
        assert!(!restored.is_running());
        assert_eq!(
            restored.remaining_ms(Side::White, 0),
            c.remaining_ms(Side::White, t.now_ms())
        );
        assert_eq!(
            restored.remaining_ms(Side::Black, 0),
            c.remaining_ms(Side::Black, t.now_ms())
        );
    }

    #[test]
    fn budget_follows_the_clock_and_the_level() {
        let now = 0;
        let c = GameClock::new(TimeControl::SuddenDeath { ms: 60_000 }, Side::Black);
        assert_eq!(c.budget_ms(Side::Black, now, Some(1_000)), Some(1_000));
        assert_eq!(c.budget_ms(Side::Black, now, Some(10_000)), Some(3_000));
        assert_eq!(c.budget_ms(Side::Black, now, None), Some(3_000));
        let p = GameClock::new(TimeControl::PerMove { ms: 10_000 }, Side::Black);
        assert_eq!(p.budget_ms(Side::White, now, Some(10_000)), Some(8_500));
        assert!(
            !p.is_low(Side::Black, now),
            "a fresh 10 s move is not low yet"
        );
        let n = GameClock::new(TimeControl::None, Side::Black);
        assert_eq!(n.budget_ms(Side::White, now, Some(700)), Some(700));
        assert_eq!(n.budget_ms(Side::White, now, None), None);
    }

    #[test]
    fn a_nearly_flagged_side_still_gets_the_smallest_budget() {
        let (mut c, t) = clock(TimeControl::SuddenDeath { ms: 60_000 });
        t.advance(59_990);
        assert_eq!(
            c.budget_ms(Side::Black, t.now_ms(), Some(1_000)),
            Some(MIN_BUDGET_MS)
        );
        c.stop(t.now_ms());
    }

    #[test]
    fn labels_and_validation() {
        for tc in TimeControl::PRESETS {
            tc.validate().unwrap();
        }
        assert_eq!(
            TimeControl::SuddenDeath { ms: 60_000 }.label(),
            "1 minute per side"
        );
        assert_eq!(
            TimeControl::Fischer {
                base_ms: 180_000,
                increment_ms: 2_000
            }
            .label(),
            "3 minutes + 2 seconds per move"
        );
        assert_eq!(
            TimeControl::Fischer {
                base_ms: 90_000,
                increment_ms: 1_000
            }
            .label(),
            "1 minute 30 seconds + 1 second per move"
        );
        assert!(TimeControl::SuddenDeath { ms: 0 }.validate().is_err());
        assert!(
            TimeControl::Fischer {
                base_ms: 60_000,
                increment_ms: MAX_INCREMENT_MS + 1
            }
            .validate()
            .is_err()
        );
    }

    #[test]
    fn clock_text_formats() {
        assert_eq!(format_clock(272_999, false), "4:32");
        assert_eq!(format_clock(9_450, true), "9.4");
        assert_eq!(format_clock(3_903_000, false), "1:05:03");
    }
}
