//! The glue between a [`Session`] and its [`Worker`], shared by both games: it decides when
//! the computer must think, cancels searches that no longer apply, plays the computer's
//! move, times both sides ([`GameClock`]), ends the game on resignation, loss on time or an
//! agreed draw, and keeps the status line. It knows nothing of egui, so it is tested headless.

use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::ai::{Event, Worker};
use crate::core::clock::{
    ClockReading, ClockRecord, GameClock, MonotonicTime, TimeControl, TimeSource,
};
use crate::core::{
    AiConfig, BySide, Ending, Engine, GameRules, Level, Outcome, Score, SearchInfo, Side, Step,
};
use crate::i18n::Message;
use crate::session::{PlayerKind, Session, StepOf};
use crate::{msg, tr};

use super::draw_offer::{DrawAnswer, DrawJudge, judge_config};

/// A computer move is shown no sooner than this after the search started, so a human can
/// follow fast replies (Easy answers in microseconds). In milliseconds.
pub const MIN_REPLY_MS: u64 = 300;

/// Under a clock, the computer's search is told to stop this long after its budget ran out
/// (an engine level that ignores time budgets still moves in time), in milliseconds.
pub const HURRY_GRACE_MS: u64 = 100;

/// How the computer turns a search's score into an answer to a draw offer.
type Judge<G> = fn(&G, Side, Score) -> DrawAnswer;

/// What happened in [`Controller::update`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Update<M> {
    /// Nothing visible changed.
    Idle,
    /// The computer played this move.
    ComputerMoved(M),
    /// The computer made a choice of an opening rule (its reason is in
    /// [`Controller::notes`]).
    ComputerChose,
    /// This side, to move, has just got low on time (see [`GameClock::is_low`]); reported
    /// once per move, for a warning sound.
    TimeLow(Side),
}

/// One game's session, computer player and status line.
pub struct Controller<G: GameRules> {
    /// The game in progress.
    pub session: Session<G>,
    /// The computer's settings per side (used only for a side the computer plays).
    pub ai: BySide<AiConfig>,
    worker: Worker<G>,
    /// A message for the status line (why a click was refused, …); cleared by the next move.
    /// Kept as a [`Message`], so it follows a change of language.
    message: Option<Message>,
    /// Live progress of the current search, or the final report of the last one.
    info: Option<SearchInfo<G::Move>>,
    /// When the current search started.
    started: Option<Instant>,
    /// A computer step waiting for [`MIN_REPLY_MS`] to pass, with its reason.
    held: Option<(StepOf<G>, Instant, Option<Message>)>,
    /// Whether `ai` is laid out for a position whose colours are exchanged (see
    /// [`Controller::follow_colours`]).
    exchanged: bool,
    /// The computer's explanations of its opening decisions, each with the number of steps
    /// of the session once it was taken.
    notes: Vec<(usize, Message)>,
    /// The number of the session's steps after a human's last step (a note made since is
    /// news to the human).
    human_at: usize,
    /// How the game ended off the board (resignation, time, agreed draw); cleared by Undo and
    /// New game.
    ending: Option<Ending>,
    /// Both sides' clocks for this game.
    clock: GameClock,
    /// Where the clock reads the time (a fake one in tests).
    time: Arc<dyn TimeSource>,
    /// The time control of the next new game.
    pub time_control: TimeControl,
    /// Threads of the computer's Hard searches ([`AiConfig::threads`]; from the settings).
    pub search_threads: u32,
    /// The app holds the clock (a dialog is open, the window is minimised, …); see
    /// [`Controller::set_clock_held`].
    clock_held: bool,
    /// When (time-source ms) to tell the computer's search to stop, under a clock.
    hurry_at: Option<u64>,
    /// The ply at which [`Update::TimeLow`] was last reported.
    low_reported: Option<usize>,
    /// A draw offer the computer is considering: its side and how it judges the search.
    judging: Option<(Side, Judge<G>)>,
    /// Why the last search failed (the engine panicked); the computer waits for
    /// [`Controller::retry`] rather than failing again in a loop.
    failure: Option<String>,
    /// The computer does not start thinking (the tab is replaying).
    paused: bool,
    /// Bumped by every new or loaded game, so observers (the win records, the autosave)
    /// can tell a new game from the same game undone and replayed.
    serial: u64,
}

impl<G: GameRules> Controller<G> {
    /// A controller over `session` whose computer moves come from `engine` on a new worker
    /// thread; `notify` is called from that thread whenever it has news (request a repaint).
    pub fn new<E: Engine<G> + 'static>(
        session: Session<G>,
        engine: E,
        notify: impl Fn() + Send + 'static,
    ) -> Controller<G> {
        Controller {
            ai: BySide {
                black: AiConfig::default(),
                white: AiConfig::default(),
            },
            worker: Worker::spawn(engine, notify),
            message: None,
            info: None,
            started: None,
            held: None,
            exchanged: session.position().colours_exchanged(),
            notes: Vec::new(),
            human_at: 0,
            ending: None,
            clock: GameClock::new(TimeControl::None, session_first(&session)),
            session,
            time: Arc::new(MonotonicTime::new()),
            time_control: TimeControl::None,
            search_threads: 1,
            clock_held: false,
            hurry_at: None,
            low_reported: None,
            judging: None,
            failure: None,
            paused: false,
            serial: 0,
        }
    }

    /// Which game this is: a number that changes with every new or loaded game
    /// ([`Controller::new_game`], [`Controller::load_game`]) and nothing else.
    pub fn serial(&self) -> u64 {
        self.serial
    }

    /// The side that resigned, if one did.
    pub fn resigned(&self) -> Option<Side> {
        match self.ending {
            Some(Ending::Resigned(side)) => Some(side),
            _ => None,
        }
    }

    /// How the game ended off the board, if it did.
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// `side` resigns: the game is over, the other side wins. Cancels the computer.
    /// Does nothing when the game is already over.
    pub fn resign(&mut self, side: Side) {
        self.end(Ending::Resigned(side));
    }

    /// Both sides agree to a draw (a hot-seat offer accepted). Does nothing when the game is
    /// already over.
    pub fn agree_draw(&mut self) {
        self.end(Ending::DrawAgreed);
    }

    fn end(&mut self, ending: Ending) {
        if self.outcome().is_some() {
            return;
        }
        self.cancel();
        self.ending = Some(ending);
        self.message = None;
        let now = self.now();
        self.sync_clock(now);
    }

    /// Set or clear how the game ended off the board (restoring a saved game).
    pub fn set_ending(&mut self, ending: Option<Ending>) {
        self.cancel();
        self.ending = ending;
    }

    /// How the game ended: a resignation, a loss on time or an agreed draw, else the outcome
    /// on the board; `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.ending {
            Some(ending) => Some(ending.outcome()),
            None => self.session.outcome(),
        }
    }

    /// The game's clock.
    pub fn clock(&self) -> &GameClock {
        &self.clock
    }

    /// What `side`'s clock shows now.
    pub fn clock_reading(&self, side: Side) -> ClockReading {
        self.clock.reading(side, self.now())
    }

    /// The clock as a saved game keeps it, now.
    pub fn clock_record(&self) -> ClockRecord {
        let mut record = self.clock.record(self.now());
        // One time per move always, even if the session was changed behind the controller's
        // back (its field is public): a saved game must validate.
        record.used_ms.resize(self.session.ply(), 0);
        record
    }

    /// Give the game the clock of a saved game (`None`: an older file without one, which
    /// gets an untimed clock showing no time used). A record that does not fit the game is
    /// treated as missing.
    pub fn restore_clock(&mut self, record: Option<&ClockRecord>) {
        let first = session_first(&self.session);
        let fits = |r: &&ClockRecord| r.validate(self.session.ply()).is_ok();
        self.clock = match record.filter(fits) {
            Some(r) => GameClock::from_record(r, first),
            None => GameClock::from_record(
                &ClockRecord {
                    control: TimeControl::None,
                    used_ms: vec![0; self.session.ply()],
                    turn_ms: 0,
                },
                first,
            ),
        };
        self.low_reported = None;
    }

    /// Read the time from `source` from now on (tests inject a [`crate::core::clock::ManualTime`]).
    pub fn set_time_source(&mut self, source: Arc<dyn TimeSource>) {
        let now = self.now();
        self.clock.stop(now);
        self.time = source;
        let now = self.now();
        self.sync_clock(now);
    }

    /// Choose the time control of the next new game; before the first move of a game that
    /// goes on, it applies to this game at once.
    pub fn set_time_control(&mut self, control: TimeControl) {
        self.time_control = control;
        if self.session.ply() == 0 && self.outcome().is_none() && self.clock.control() != control {
            self.clock = GameClock::new(control, session_first(&self.session));
            self.low_reported = None;
            let now = self.now();
            self.sync_clock(now);
        }
    }

    /// Hold the clock (`true`) or let it run when the game allows (`false`); the app holds it
    /// while a dialog asks a question, while replaying, … (see `Tab::clock_should_run`).
    pub fn set_clock_held(&mut self, held: bool) {
        self.clock_held = held;
        let now = self.now();
        self.sync_clock(now);
    }

    /// Now, in the clock's time (milliseconds).
    fn now(&self) -> u64 {
        self.time.now_ms()
    }

    /// Run the clock exactly while the game goes on, past its opening, and nothing holds
    /// it (an opening's steps are not timed: the clocks start once the colours are settled).
    fn sync_clock(&mut self, now: u64) {
        let run = self.outcome().is_none()
            && !self.paused
            && !self.clock_held
            && !self.session.position().in_opening();
        self.clock.set_running(run, now);
    }

    /// The computer levels change places with the players when the colours were exchanged
    /// (or given back) since the last look: `ai` stays by colour, as `session.players` does.
    fn follow_colours(&mut self) {
        let exchanged = self.session.position().colours_exchanged();
        if exchanged != self.exchanged {
            self.exchanged = exchanged;
            self.ai = BySide {
                black: self.ai.white,
                white: self.ai.black,
            };
        }
    }

    /// The computer's explanations of its opening decisions in the game as it stands,
    /// oldest first, each with the number of the session's steps once it was taken.
    pub fn notes(&self) -> impl Iterator<Item = &(usize, Message)> {
        let steps = self.session.step_count();
        self.notes.iter().filter(move |(at, _)| *at <= steps)
    }

    /// The computer's latest explanation while it is news: made since the human's last
    /// step (the computer may have taken more steps since: a choice, then its move).
    pub fn fresh_note(&self) -> Option<&Message> {
        let human_at = self.human_at.min(self.session.step_count());
        self.notes()
            .last()
            .filter(|(at, _)| *at > human_at)
            .map(|(_, note)| note)
    }

    /// Keep `reason` for the step just taken (the explanations of undone steps go).
    fn add_note(&mut self, reason: Message) {
        let at = self.session.step_count();
        self.notes.retain(|(n, _)| *n < at);
        self.notes.push((at, reason));
    }

    /// A fallen flag ends the game (once): the side to move lost on time.
    fn check_time(&mut self, now: u64) {
        if self.outcome().is_some() {
            return;
        }
        if let Some(side) = self.clock.check_flag(now) {
            self.cancel();
            self.ending = Some(Ending::TimeOut(side));
            self.message = None;
        }
    }

    /// Swap in another session of the same game (a replay's "Play from here"), returning the
    /// one that was there. Cancels the computer and clears the ending, message and search
    /// report; the clock keeps the time of the moves that remain. The game
    /// [`Controller::serial`] is unchanged.
    pub fn replace_session(&mut self, session: Session<G>) -> Session<G> {
        self.cancel();
        self.info = None;
        self.message = None;
        self.ending = None;
        let now = self.now();
        self.clock.truncate(session.ply(), now);
        let old = std::mem::replace(&mut self.session, session);
        self.follow_colours();
        old
    }

    /// Start playing `session` (a loaded or imported game) as a new game: as
    /// [`Controller::replace_session`], and the engine forgets the old game. The clock is
    /// untimed with no time used until [`Controller::restore_clock`] gives it the saved one.
    pub fn load_game(&mut self, session: Session<G>) {
        self.replace_session(session);
        // A loaded game's levels come with it, already by colour (see `Tab::load`).
        self.exchanged = self.session.position().colours_exchanged();
        self.notes.clear();
        self.human_at = self.session.step_count();
        self.restore_clock(None);
        self.worker.clear();
        self.serial += 1;
    }

    /// True while the computer is searching (or holding its reply for a moment).
    pub fn is_thinking(&self) -> bool {
        self.worker.thinking().is_some() || self.held.is_some()
    }

    /// True while the computer considers a draw offer.
    pub fn is_judging_draw(&self) -> bool {
        self.judging.is_some()
    }

    /// Progress of the current search, or the report of the last completed one.
    pub fn search_info(&self) -> Option<&SearchInfo<G::Move>> {
        self.info.as_ref()
    }

    /// The status-line message set by the last refused action, if any, in the window's
    /// language.
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// Set the status-line message: a [`Message`] (`msg!(…)`, shown in the language of the
    /// moment) or finished text.
    pub fn set_message(&mut self, text: impl Into<Message>) {
        self.message = Some(text.into());
    }

    /// Collect the worker's news, play a computer move that is due, and start the computer
    /// when it is its turn. Call once per frame; never blocks. Returns what changed and, when
    /// it wants to be called again at a given time (a held reply), how long to wait.
    pub fn update(&mut self) -> (Update<G::Move>, Option<Duration>) {
        for event in self.worker.poll() {
            match event {
                Event::Info { info, .. } => {
                    if self.judging.is_none() {
                        self.info = Some(info);
                    }
                }
                Event::Done { thought, .. } => match self.judging.take() {
                    Some((computer, judge)) => {
                        self.answer_draw(computer, judge, thought.info.score)
                    }
                    None => {
                        self.info = Some(thought.info);
                        let due = self.started.unwrap_or_else(Instant::now)
                            + Duration::from_millis(MIN_REPLY_MS);
                        self.held = Some((Step::Move(thought.best), due, None));
                    }
                },
                Event::Decided { decision, .. } => {
                    self.info = Some(decision.info);
                    let due = self.started.unwrap_or_else(Instant::now)
                        + Duration::from_millis(MIN_REPLY_MS);
                    self.held = Some((decision.step, due, decision.reason));
                }
                Event::Failed { reason, .. } => {
                    if self.judging.take().is_some() {
                        self.message = Some(msg!("status-draw-judge-failed", reason = reason));
                    } else {
                        self.failure = Some(reason);
                    }
                }
                // The controller's worker is never asked for an analysis.
                Event::Analysis { .. } => {}
            }
        }
        let now = self.now();
        self.sync_clock(now);
        self.check_time(now);
        if let Some(at) = self.hurry_at
            && now >= at
            && self.judging.is_none()
        {
            self.worker.hurry();
            self.hurry_at = None;
        }
        let mut result = Update::Idle;
        if let Some(due) = self.held.as_ref().map(|held| held.1) {
            let wall = Instant::now();
            if wall < due {
                return (self.time_low().unwrap_or(Update::Idle), Some(due - wall));
            }
            let Some((step, _, reason)) = self.held.take() else {
                unreachable!("a held step was just seen")
            };
            if self.outcome().is_some() {
                // Its time ran out while it held the move back.
            } else if self.session.step(step).is_ok() {
                self.follow_colours();
                self.hurry_at = None;
                self.message = None;
                if let Some(reason) = reason {
                    self.add_note(reason);
                }
                result = match step {
                    Step::Move(mv) => {
                        self.clock.moved(now);
                        Update::ComputerMoved(mv)
                    }
                    Step::Choice(_) => Update::ComputerChose,
                };
                self.sync_clock(now);
            } else {
                // Cannot happen: requests are cancelled whenever the position changes.
                let text = match step {
                    Step::Move(mv) => mv.to_string(),
                    Step::Choice(c) => c.to_string(),
                };
                self.message = Some(msg!("status-computer-illegal-move", move = text));
            }
        }
        if self.session.is_computer_turn()
            && self.ending.is_none()
            && self.failure.is_none()
            && !self.paused
            && !self.is_thinking()
        {
            self.start_search(now);
        }
        if result == Update::Idle
            && let Some(low) = self.time_low()
        {
            result = low;
        }
        (result, None)
    }

    /// [`Update::TimeLow`] the first time in a move that the side to move is low on time.
    fn time_low(&mut self) -> Option<Update<G::Move>> {
        let side = self.clock.side_to_move();
        let ply = self.session.ply();
        let low = self.clock.is_running() && self.clock.is_low(side, self.now());
        if low && self.low_reported != Some(ply) {
            self.low_reported = Some(ply);
            return Some(Update::TimeLow(side));
        }
        None
    }

    fn start_search(&mut self, now: u64) {
        let side = self.session.position().actor();
        let mut cfg = *self.ai.get(side);
        cfg.time_ms = self.clock.budget_ms(side, now, cfg.time_ms);
        if cfg.level == Level::Hard {
            cfg.threads = self.search_threads;
        }
        self.hurry_at = match (cfg.time_ms, self.clock.remaining_ms(side, now)) {
            (Some(budget), Some(left)) => Some(now + (budget + HURRY_GRACE_MS).min(left)),
            _ => None,
        };
        self.info = None;
        self.started = Some(Instant::now());
        let pos = self.session.position().clone();
        if pos.in_opening() {
            self.worker.decide(pos, cfg);
        } else {
            self.worker.start(pos, cfg);
        }
    }

    /// Stop the computer: cancel its search (or its judging of a draw offer) and drop a held
    /// reply. Any change of position or players also clears a failure, so the computer tries
    /// again afresh.
    fn cancel(&mut self) {
        self.worker.cancel();
        self.held = None;
        self.failure = None;
        self.hurry_at = None;
        self.judging = None;
    }

    /// The computer's answer to a draw offer, from a search's `score` (side to move's view).
    fn answer_draw(&mut self, computer: Side, judge: Judge<G>, score: Score) {
        if self.outcome().is_some() {
            return;
        }
        let pos = self.session.position();
        let own = if pos.side_to_move() == computer {
            score
        } else {
            score.for_opponent()
        };
        let answer = judge(pos, computer, own);
        if answer.accept {
            self.agree_draw();
        }
        self.message = Some(answer.reason);
    }

    /// Pause the computer (cancelling its search) or let it go on.
    pub fn set_paused(&mut self, paused: bool) {
        if paused {
            self.cancel();
        }
        self.paused = paused;
        let now = self.now();
        self.sync_clock(now);
    }

    /// Whether the computer is paused ([`Controller::set_paused`]).
    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// Why the computer's last search failed, while it waits for [`Controller::retry`].
    pub fn failure(&self) -> Option<&str> {
        self.failure.as_deref()
    }

    /// Let the computer try again after a failure (it starts on the next update).
    pub fn retry(&mut self) {
        self.failure = None;
    }

    /// A human's move (a click). Refused, with the reason in the status line, while the
    /// computer plays the side to move, after the game is over, or when the rules say no.
    ///
    /// # Errors
    /// The sentence shown to the player.
    ///
    /// While Black offers fifth moves in a Gomoku opening, a click offers that point (see
    /// [`GameRules::choice_at`]).
    pub fn human_move(&mut self, mv: G::Move) -> Result<(), Message> {
        match self.session.position().choice_at(mv) {
            Some(choice) => self.human_step(Step::Choice(choice)),
            None => self.human_step(Step::Move(mv)),
        }
    }

    /// A human's choice in an opening (a button of the opening panel), refused with the
    /// reason as [`Controller::human_move`] refuses a move.
    ///
    /// # Errors
    /// The sentence shown to the player.
    pub fn human_choice(&mut self, choice: G::Choice) -> Result<(), Message> {
        self.human_step(Step::Choice(choice))
    }

    fn human_step(&mut self, step: StepOf<G>) -> Result<(), Message> {
        let now = self.now();
        self.check_time(now);
        let result = if self.outcome().is_some() {
            Err(msg!("status-game-over-start-new"))
        } else if self.session.player_to_move() == PlayerKind::Computer {
            Err(msg!("status-computer-to-play"))
        } else {
            self.session.step(step).map_err(|e| refusal::<G>(&e))
        };
        match &result {
            Ok(()) => {
                if self.judging.is_some() {
                    // The offer lapses with the move.
                    self.cancel();
                }
                self.follow_colours();
                if matches!(step, Step::Move(_)) {
                    self.clock.moved(now);
                }
                self.sync_clock(now);
                self.message = None;
                self.human_at = self.session.step_count();
            }
            Err(e) => self.message = Some(e.clone()),
        }
        result
    }

    /// Start a new game from `start`, keeping players and levels; its clock follows
    /// [`Controller::time_control`].
    pub fn new_game(&mut self, start: G) {
        self.cancel();
        self.worker.clear();
        self.clock = GameClock::new(self.time_control, start.side_to_move());
        self.low_reported = None;
        self.session.reset(start);
        // The players keep their colours; a new opening starts from them.
        self.exchanged = self.session.position().colours_exchanged();
        self.notes.clear();
        self.human_at = 0;
        self.info = None;
        self.message = None;
        self.ending = None;
        self.serial += 1;
        let now = self.now();
        self.sync_clock(now);
    }

    /// Undo back to the previous human turn (see [`Session::undo_turn`]); cancels the computer
    /// and gives the undone moves' time back. After a resignation or an agreed draw, the first
    /// Undo only takes that back; after a loss on time, it takes back the loss and the moves.
    pub fn undo(&mut self) {
        self.cancel();
        let now = self.now();
        match self.ending.take() {
            Some(Ending::Resigned(_) | Ending::DrawAgreed) => self.message = None,
            ending => {
                let undone = self.session.undo_turn();
                self.follow_colours();
                self.clock.undo(undone.moves, now);
                self.message = if undone.steps == 0 && ending.is_none() {
                    Some(msg!("status-nothing-to-undo"))
                } else {
                    None
                };
            }
        }
        self.sync_clock(now);
    }

    /// Take the game back to just before move number `ply` (0-based), whoever played it;
    /// cancels the computer and takes back any ending (resignation, loss on time, agreed
    /// draw); the undone moves' time goes back on the clock. The moves can be redone.
    pub fn undo_to(&mut self, ply: usize) {
        self.cancel();
        let now = self.now();
        self.ending = None;
        self.message = None;
        let mut undone = 0;
        while self.session.ply() > ply
            && let Some(step) = self.session.undo_step()
        {
            undone += usize::from(matches!(step, Step::Move(_)));
        }
        self.follow_colours();
        self.clock.undo(undone, now);
        self.sync_clock(now);
    }

    /// Redo up to the next human turn (see [`Session::redo_turn`]); cancels the computer.
    /// The redone moves take their time again.
    pub fn redo(&mut self) {
        if self.ending.is_some() {
            self.message = Some(msg!("status-undo-the-end-first"));
            return;
        }
        self.cancel();
        let now = self.now();
        let redone = self.session.redo_turn();
        self.follow_colours();
        self.clock.redo(redone.moves, now);
        self.message = if redone.steps == 0 {
            Some(msg!("status-nothing-to-redo"))
        } else {
            None
        };
        self.sync_clock(now);
    }

    /// Change who plays `side`, effective at once: handing the computer the side to move
    /// makes it think on the next update; taking it back cancels the search.
    pub fn set_player(&mut self, side: Side, kind: PlayerKind) {
        if *self.session.players.get(side) == kind {
            return;
        }
        *self.session.players.get_mut(side) = kind;
        if kind == PlayerKind::Human && self.session.position().actor() == side {
            self.cancel();
        }
    }

    /// Change the computer's settings for `side`; a search under way for that side restarts
    /// with the new settings.
    pub fn set_ai(&mut self, side: Side, cfg: AiConfig) {
        if *self.ai.get(side) == cfg {
            return;
        }
        *self.ai.get_mut(side) = cfg;
        if self.session.position().actor() == side && self.is_thinking() {
            self.cancel();
        }
    }

    /// The status line: a refusal message if any, else the game's state in words.
    pub fn status_line(&self) -> String {
        if let Some(m) = &self.message {
            return m.to_string();
        }
        if let Some(ending) = self.ending {
            return ending_status(ending);
        }
        if self.judging.is_some() {
            return tr!("status-considering-draw");
        }
        if let Some(reason) = &self.failure {
            return tr!("status-computer-failed", reason = reason.as_str());
        }
        match self.session.outcome() {
            Some(Outcome::Win(side)) => tr!("status-wins", side = side.label()),
            Some(Outcome::Draw) => tr!("status-draw"),
            None => {
                let side = self.session.position().actor().label();
                match self.session.player_to_move() {
                    PlayerKind::Computer => tr!("status-computer-thinking", side = side),
                    PlayerKind::Human => tr!("status-to-move", side = side),
                }
            }
        }
    }

    /// The level shown for the side to move when the computer plays it.
    pub fn level_of(&self, side: Side) -> Level {
        self.ai.get(side).level
    }
}

impl<G: DrawJudge> Controller<G> {
    /// Who may offer a draw now and to whom: the human to move, to the other side, when the
    /// game goes on and nothing else is pending. `None` when no offer can be made.
    pub fn draw_offer_sides(&self) -> Option<(Side, PlayerKind)> {
        if self.outcome().is_some()
            || self.judging.is_some()
            || self.session.position().in_opening()
        {
            return None;
        }
        let side = self.session.position().side_to_move();
        if *self.session.players.get(side) != PlayerKind::Human {
            return None;
        }
        Some((side, *self.session.players.get(side.other())))
    }

    /// The human to move offers the computer a draw: it judges the position on its worker
    /// thread and answers in the status line on a later [`Controller::update`] (see
    /// [`super::draw_offer`]). Does nothing unless the computer plays the other side.
    pub fn offer_draw_to_computer(&mut self) {
        let Some((side, PlayerKind::Computer)) = self.draw_offer_sides() else {
            return;
        };
        self.cancel();
        self.judging = Some((side.other(), G::judge_draw));
        self.message = None;
        self.worker
            .start(self.session.position().clone(), judge_config());
    }
}

/// The first side to move in `session`.
fn session_first<G: GameRules>(session: &Session<G>) -> Side {
    session.start_position().side_to_move()
}

/// The status line of a game that ended off the board, in the window's language.
#[must_use]
pub fn ending_status(ending: Ending) -> String {
    match ending {
        Ending::Resigned(side) => tr!(
            "status-resigned",
            side = side.label(),
            winner = side.other().label()
        ),
        Ending::TimeOut(side) => tr!(
            "status-time-out",
            side = side.label(),
            winner = side.other().label()
        ),
        Ending::DrawAgreed => tr!("status-draw-agreed"),
    }
}

/// Why the rules refused a human's move: the game's own message, or its English text with a
/// capital (see [`upper_first`]) for a game without one.
fn refusal<G: GameRules>(e: &G::Illegal) -> Message {
    let m = G::illegal_message(e);
    match m.key() {
        Some(_) => m,
        None => Message::literal(upper_first(&m)),
    }
}

/// "d3 is occupied" → "D3 is occupied" would be wrong for Reversi squares, so only a leading
/// ASCII lowercase word that is not a coordinate gets a capital: sentences from the rules
/// start with a coordinate or a word.
fn upper_first(s: &str) -> String {
    let first_word = s.split_whitespace().next().unwrap_or("");
    let is_coordinate = first_word.len() >= 2
        && first_word
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic())
        && first_word[1..].chars().all(|c| c.is_ascii_digit());
    if is_coordinate {
        return s.to_string();
    }
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::upper_first;

    #[test]
    fn capitalises_words_not_coordinates() {
        assert_eq!(upper_first("d3 is occupied"), "d3 is occupied");
        assert_eq!(upper_first("the game is over"), "The game is over");
        assert_eq!(upper_first("H8 is occupied"), "H8 is occupied");
    }
}
