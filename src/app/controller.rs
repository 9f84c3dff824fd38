//! The glue between a [`Session`] and its [`Worker`], shared by both games: it decides when
//! the computer must think, cancels searches that no longer apply, plays the computer's
//! move, and keeps the status line. It knows nothing of egui, so it is tested headless.

use std::time::{Duration, Instant};

use crate::ai::{Event, Worker};
use crate::core::{AiConfig, BySide, Engine, GameRules, Level, Outcome, SearchInfo, Side};
use crate::session::{PlayerKind, Session};

/// A computer move is shown no sooner than this after the search started, so a human can
/// follow fast replies (Easy answers in microseconds). In milliseconds.
pub const MIN_REPLY_MS: u64 = 300;

/// What happened in [`Controller::update`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Update<M> {
    /// Nothing visible changed.
    Idle,
    /// The computer played this move.
    ComputerMoved(M),
}

/// One game's session, computer player and status line.
pub struct Controller<G: GameRules> {
    /// The game in progress.
    pub session: Session<G>,
    /// The computer's settings per side (used only for a side the computer plays).
    pub ai: BySide<AiConfig>,
    worker: Worker<G>,
    /// A message for the status line (why a click was refused, …); cleared by the next move.
    message: Option<String>,
    /// Live progress of the current search, or the final report of the last one.
    info: Option<SearchInfo<G::Move>>,
    /// When the current search started.
    started: Option<Instant>,
    /// A computer move waiting for [`MIN_REPLY_MS`] to pass.
    held: Option<(G::Move, Instant)>,
    /// The side that resigned, which ends the game (cleared by Undo and New game).
    resigned: Option<Side>,
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
            session,
            ai: BySide {
                black: AiConfig::default(),
                white: AiConfig::default(),
            },
            worker: Worker::spawn(engine, notify),
            message: None,
            info: None,
            started: None,
            held: None,
            resigned: None,
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
        self.resigned
    }

    /// `side` resigns: the game is over, the other side wins. Cancels the computer.
    /// Does nothing when the game is already over.
    pub fn resign(&mut self, side: Side) {
        if self.outcome().is_some() {
            return;
        }
        self.cancel();
        self.resigned = Some(side);
        self.message = None;
    }

    /// Set or clear the resignation (restoring a saved game).
    pub fn set_resigned(&mut self, side: Option<Side>) {
        self.cancel();
        self.resigned = side;
    }

    /// How the game ended: a resignation, else the outcome on the board; `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.resigned {
            Some(side) => Some(Outcome::Win(side.other())),
            None => self.session.outcome(),
        }
    }

    /// Swap in another session of the same game (a replay's "Play from here"), returning the
    /// one that was there. Cancels the computer and clears the resignation, message and
    /// search report; the game [`Controller::serial`] is unchanged.
    pub fn replace_session(&mut self, session: Session<G>) -> Session<G> {
        self.cancel();
        self.info = None;
        self.message = None;
        self.resigned = None;
        std::mem::replace(&mut self.session, session)
    }

    /// Start playing `session` (a loaded or imported game) as a new game: as
    /// [`Controller::replace_session`], and the engine forgets the old game.
    pub fn load_game(&mut self, session: Session<G>) {
        self.replace_session(session);
        self.worker.clear();
        self.serial += 1;
    }

    /// True while the computer is searching (or holding its reply for a moment).
    pub fn is_thinking(&self) -> bool {
        self.worker.thinking().is_some() || self.held.is_some()
    }

    /// Progress of the current search, or the report of the last completed one.
    pub fn search_info(&self) -> Option<&SearchInfo<G::Move>> {
        self.info.as_ref()
    }

    /// The status-line message set by the last refused action, if any.
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// Set the status-line message.
    pub fn set_message(&mut self, text: impl Into<String>) {
        self.message = Some(text.into());
    }

    /// Collect the worker's news, play a computer move that is due, and start the computer
    /// when it is its turn. Call once per frame; never blocks. Returns what changed and, when
    /// it wants to be called again at a given time (a held reply), how long to wait.
    pub fn update(&mut self) -> (Update<G::Move>, Option<Duration>) {
        for event in self.worker.poll() {
            match event {
                Event::Info { info, .. } => self.info = Some(info),
                Event::Done { thought, .. } => {
                    self.info = Some(thought.info);
                    let due = self.started.unwrap_or_else(Instant::now)
                        + Duration::from_millis(MIN_REPLY_MS);
                    self.held = Some((thought.best, due));
                }
                Event::Failed { reason, .. } => self.failure = Some(reason),
                // The controller's worker is never asked for an analysis.
                Event::Analysis { .. } => {}
            }
        }
        let mut result = Update::Idle;
        if let Some((mv, due)) = self.held {
            let now = Instant::now();
            if now < due {
                return (Update::Idle, Some(due - now));
            }
            self.held = None;
            if self.session.play(mv).is_ok() {
                self.message = None;
                result = Update::ComputerMoved(mv);
            } else {
                // Cannot happen: requests are cancelled whenever the position changes.
                self.message = Some(format!(
                    "the computer chose an illegal move ({mv}); ignored"
                ));
            }
        }
        if self.session.is_computer_turn()
            && self.resigned.is_none()
            && self.failure.is_none()
            && !self.paused
            && !self.is_thinking()
        {
            self.start_search();
        }
        (result, None)
    }

    fn start_search(&mut self) {
        let side = self.session.position().side_to_move();
        let cfg = *self.ai.get(side);
        self.info = None;
        self.started = Some(Instant::now());
        self.worker.start(self.session.position().clone(), cfg);
    }

    /// Stop the computer: cancel its search and drop a held reply. Any change of position
    /// or players also clears a failure, so the computer tries again afresh.
    fn cancel(&mut self) {
        self.worker.cancel();
        self.held = None;
        self.failure = None;
    }

    /// Pause the computer (cancelling its search) or let it go on.
    pub fn set_paused(&mut self, paused: bool) {
        if paused {
            self.cancel();
        }
        self.paused = paused;
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
    pub fn human_move(&mut self, mv: G::Move) -> Result<(), String> {
        let result = if self.outcome().is_some() {
            Err("The game is over: start a new game or undo.".to_string())
        } else if self.session.player_to_move() == PlayerKind::Computer {
            Err("The computer is thinking: wait for its move, or make this side Human.".into())
        } else {
            self.session
                .play(mv)
                .map_err(|e| upper_first(&e.to_string()))
        };
        match &result {
            Ok(()) => self.message = None,
            Err(e) => self.message = Some(e.clone()),
        }
        result
    }

    /// Start a new game from `start`, keeping players and levels.
    pub fn new_game(&mut self, start: G) {
        self.cancel();
        self.worker.clear();
        self.session.reset(start);
        self.info = None;
        self.message = None;
        self.resigned = None;
        self.serial += 1;
    }

    /// Undo back to the previous human turn (see [`Session::undo_turn`]); cancels the computer.
    /// After a resignation, the first Undo only takes the resignation back.
    pub fn undo(&mut self) {
        self.cancel();
        if self.resigned.take().is_some() {
            self.message = None;
        } else if self.session.undo_turn() == 0 {
            self.message = Some("Nothing to undo.".into());
        } else {
            self.message = None;
        }
    }

    /// Take the game back to just before move number `ply` (0-based), whoever played it;
    /// cancels the computer and takes back a resignation. The moves undone can be redone.
    pub fn undo_to(&mut self, ply: usize) {
        self.cancel();
        self.resigned = None;
        self.message = None;
        while self.session.ply() > ply && self.session.undo_ply() {}
    }

    /// Redo up to the next human turn (see [`Session::redo_turn`]); cancels the computer.
    pub fn redo(&mut self) {
        if self.resigned.is_some() {
            self.message = Some("The game is over: undo the resignation first.".into());
            return;
        }
        self.cancel();
        if self.session.redo_turn() == 0 {
            self.message = Some("Nothing to redo.".into());
        } else {
            self.message = None;
        }
    }

    /// Change who plays `side`, effective at once: handing the computer the side to move
    /// makes it think on the next update; taking it back cancels the search.
    pub fn set_player(&mut self, side: Side, kind: PlayerKind) {
        if *self.session.players.get(side) == kind {
            return;
        }
        *self.session.players.get_mut(side) = kind;
        if kind == PlayerKind::Human && self.session.position().side_to_move() == side {
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
        if self.session.position().side_to_move() == side && self.is_thinking() {
            self.cancel();
        }
    }

    /// The status line: a refusal message if any, else the game's state in words.
    pub fn status_line(&self) -> String {
        if let Some(m) = &self.message {
            return m.clone();
        }
        if let Some(side) = self.resigned {
            return format!("Game over: {side} resigned, {} wins.", side.other());
        }
        if let Some(reason) = &self.failure {
            return format!("The computer could not move ({reason}). Press Retry to try again.");
        }
        match self.session.outcome() {
            Some(Outcome::Win(side)) => format!("Game over: {side} wins."),
            Some(Outcome::Draw) => "Game over: draw.".into(),
            None => {
                let side = self.session.position().side_to_move();
                match self.session.player_to_move() {
                    PlayerKind::Computer => format!("{side} (computer) is thinking…"),
                    PlayerKind::Human => format!("{side} to move."),
                }
            }
        }
    }

    /// The level shown for the side to move when the computer plays it.
    pub fn level_of(&self, side: Side) -> Level {
        self.ai.get(side).level
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
