//! The computer as a teacher, the same for both games: a hint, a score on every candidate
//! move, and the game review behind the evaluation graph.
//!
//! Everything runs on the tab's second worker thread (its own engine and tables), so the
//! computer can think about its move while the player's scores are computed, and the UI only
//! polls. Results belong to one position, identified by the game's serial and its moves:
//! when the position on the board changes, whatever was computed for the old one is dropped
//! and the search for it cancelled.

use crate::ai::{Event, RequestId, Worker};
use crate::core::{
    AiConfig, Analysis, Engine, GameRules, Level, MAX_DEPTH, MoveScore, Score, Step,
};
use crate::i18n::Message;
use crate::persist::MoveNote;
use crate::session::StepOf;

/// Time for each position of a game review, in milliseconds.
pub const REVIEW_MS_PER_POSITION: u64 = 600;

/// Which position results are about: the game's serial and the moves played from its start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionKey<M> {
    /// [`super::controller::Controller::serial`] of the game.
    pub serial: u64,
    /// The moves from the game's start position.
    pub moves: Vec<M>,
    /// The steps from the start: the moves and the choices of an opening (a choice changes
    /// the position without a move).
    pub steps: usize,
}

/// What the worker is doing for the analyst.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Task {
    Idle,
    /// Computing a hint (request id).
    Hint(RequestId),
    /// Scoring the moves of the position (request id).
    Scores(RequestId),
    /// Reviewing position `index` of the game (request id).
    Review(RequestId, usize),
}

/// A hint: the Hard engine's move for the side to move, with its score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hint<M> {
    /// The move suggested.
    pub mv: M,
    /// Its score from the side to move's point of view.
    pub score: Score,
    /// True when the score is proven.
    pub exact: bool,
}

/// Hints, move scores and the game review of one tab.
pub struct Analyst<G: GameRules> {
    worker: Worker<G>,
    task: Task,
    /// The position the hint and the scores are about.
    key: Option<PositionKey<G::Move>>,
    hint: Option<Hint<G::Move>>,
    /// A hint was asked for the position in `key` (kept while it is computed).
    hint_wanted: bool,
    scores: Option<Analysis<G::Move>>,
    /// "Show move scores": score every candidate of the position on the board.
    pub show_scores: bool,
    review: Option<Review<G>>,
    failure: Option<String>,
    /// The window is locked: nothing is searched until it is unlocked.
    paused: bool,
    /// Search threads of the Hard searches it starts ([`AiConfig::threads`]).
    pub threads: u32,
}

impl<G: GameRules> Analyst<G> {
    /// An analyst with `engine` on its own worker thread; `notify` is called from that thread
    /// when it has news (request a repaint).
    pub fn new<E: Engine<G> + 'static>(engine: E, notify: impl Fn() + Send + 'static) -> Self {
        Analyst {
            worker: Worker::spawn(engine, notify),
            task: Task::Idle,
            key: None,
            hint: None,
            hint_wanted: false,
            scores: None,
            show_scores: false,
            review: None,
            failure: None,
            paused: false,
            threads: 1,
        }
    }

    /// Stop searching (the window was locked: the search under way is cancelled, and a hint
    /// asked for, the move scores or the review start again once unpaused) or go on.
    pub fn set_paused(&mut self, paused: bool) {
        if paused && !self.paused && self.task != Task::Idle {
            self.worker.cancel();
            if matches!(self.task, Task::Scores(_)) {
                self.scores = None;
            }
            self.task = Task::Idle;
        }
        self.paused = paused;
    }

    /// The hint for the position last passed to [`Analyst::update`], once computed.
    pub fn hint(&self) -> Option<Hint<G::Move>> {
        self.hint
    }

    /// True while a hint is being computed.
    pub fn hint_pending(&self) -> bool {
        self.hint_wanted && self.hint.is_none()
    }

    /// The move scores of the current position (while "Show move scores" is on), refined
    /// live.
    pub fn scores(&self) -> Option<&Analysis<G::Move>> {
        self.scores.as_ref().filter(|_| self.show_scores)
    }

    /// True while the worker is busy for this analyst.
    pub fn is_busy(&self) -> bool {
        self.task != Task::Idle
    }

    /// Why the last analysis failed (the engine panicked), if it did.
    pub fn failure(&self) -> Option<&str> {
        self.failure.as_deref()
    }

    /// Ask for a hint for the position of the next [`Analyst::update`]. With move scores on,
    /// the hint is their best move; otherwise the Hard engine searches for one with its own
    /// time budget.
    pub fn request_hint(&mut self) {
        self.hint_wanted = true;
    }

    /// Collect the worker's news and start what the position `pos` (identified by `key`)
    /// needs. Call once per frame with the position on the board; never blocks. A position
    /// other than the last one drops the old hint and scores and cancels their search.
    pub fn update(&mut self, key: &PositionKey<G::Move>, pos: &G) {
        self.poll();
        if self.key.as_ref() != Some(key) {
            // A hint asked before the first update is for this position.
            if self.key.is_some() {
                self.hint_wanted = false;
            }
            self.key = Some(key.clone());
            self.hint = None;
            self.scores = None;
            if matches!(self.task, Task::Hint(_) | Task::Scores(_)) {
                self.worker.cancel();
                self.task = Task::Idle;
            }
        }
        if !self.show_scores && matches!(self.task, Task::Scores(_)) {
            // Scores switched off: an unfinished analysis is dropped, not kept half done.
            self.worker.cancel();
            self.task = Task::Idle;
            self.scores = None;
        }
        if self.hint_pending()
            && self.show_scores
            && let Some(best) = self.scores.as_ref().and_then(Analysis::best)
        {
            self.hint = Some(hint_of(best));
        }
        if self.task != Task::Idle || self.failure.is_some() || self.paused {
            return;
        }
        // No hints or scores while an opening rule decides the steps.
        let live = pos.outcome().is_none() && !pos.in_opening();
        if live && self.hint_pending() && !self.show_scores {
            self.task = Task::Hint(self.worker.start(pos.clone(), hint_config(self.threads)));
        } else if let Some(review) = &self.review
            && let Some(i) = review.next_position()
        {
            let id = self.worker.analyse(
                review.positions[i].clone(),
                review_config(review.ms_per_position, self.threads),
            );
            self.task = Task::Review(id, i);
        } else if live && self.show_scores && self.scores.is_none() {
            self.task = Task::Scores(
                self.worker
                    .analyse(pos.clone(), analysis_config(self.threads)),
            );
        }
    }

    fn poll(&mut self) {
        for event in self.worker.poll() {
            match (event, self.task) {
                (Event::Done { thought, .. }, Task::Hint(_)) => {
                    self.hint = Some(Hint {
                        mv: thought.best,
                        score: thought.info.score,
                        exact: thought.info.exact,
                    });
                    self.task = Task::Idle;
                }
                (Event::Analysis { analysis, last, .. }, Task::Scores(_)) => {
                    if self.hint_wanted
                        && let Some(best) = analysis.best()
                    {
                        self.hint = Some(hint_of(best));
                    }
                    self.scores = Some(analysis);
                    if last {
                        self.task = Task::Idle;
                    }
                }
                (Event::Analysis { analysis, last, .. }, Task::Review(_, i)) => {
                    if let Some(review) = &mut self.review {
                        review.record(i, analysis, last);
                    }
                    if last {
                        self.task = Task::Idle;
                    }
                }
                (Event::Failed { reason, .. }, _) => {
                    self.failure = Some(reason);
                    self.task = Task::Idle;
                }
                _ => {}
            }
        }
    }

    /// Start reviewing the game from `start` through `moves` (every position is analysed in
    /// turn, `ms_per_position` milliseconds each; the app gives [`REVIEW_MS_PER_POSITION`]),
    /// replacing any earlier review.
    ///
    /// # Errors
    /// The sentence to show when a move does not replay (a corrupt game).
    pub fn start_review(
        &mut self,
        start: &G,
        steps: &[StepOf<G>],
        ms_per_position: u64,
    ) -> Result<(), Message> {
        let mut review = Review::new(start, steps)?;
        review.ms_per_position = ms_per_position;
        self.stop_review();
        // The review goes first; live scores start again when it is done.
        if matches!(self.task, Task::Scores(_)) {
            self.worker.cancel();
            self.task = Task::Idle;
            self.scores = None;
        }
        self.review = Some(review);
        Ok(())
    }

    /// Stop the review under way; what it found so far stays.
    pub fn stop_review(&mut self) {
        if let Some(review) = &mut self.review {
            review.stopped = true;
        }
        if matches!(self.task, Task::Review(..)) {
            self.worker.cancel();
            self.task = Task::Idle;
        }
    }

    /// The review, finished, running or stopped.
    pub fn review(&self) -> Option<&Review<G>> {
        self.review.as_ref()
    }

    /// Forget the review (a new game).
    pub fn clear_review(&mut self) {
        self.stop_review();
        self.review = None;
    }
}

/// A hint from the best move of an analysis.
fn hint_of<M: Copy>(best: MoveScore<M>) -> Hint<M> {
    Hint {
        mv: best.mv,
        score: best.score,
        exact: best.exact,
    }
}

/// The Hard engine at its own budget, for hints.
fn hint_config(threads: u32) -> AiConfig {
    AiConfig {
        threads,
        ..AiConfig::for_level(Level::Hard)
    }
}

/// Live move scores: deepen until the position changes.
fn analysis_config(threads: u32) -> AiConfig {
    AiConfig {
        depth: MAX_DEPTH,
        threads,
        time_ms: None,
        ..AiConfig::for_level(Level::Hard)
    }
}

fn review_config(ms: u64, threads: u32) -> AiConfig {
    AiConfig {
        depth: MAX_DEPTH,
        threads,
        time_ms: Some(ms),
        ..AiConfig::for_level(Level::Hard)
    }
}

/// How good a move was, by how much it lost against the best move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Verdict {
    /// As good as the best move found.
    Best,
    /// A little worse (Reversi: 1–2 discs).
    Good,
    /// Reversi: 3–4 discs worse; Gomoku: a clearly weaker point.
    Inaccuracy,
    /// Reversi: 5–8 discs worse.
    Mistake,
    /// Reversi: more than 8 discs worse; Gomoku: a won position let go or a lost one entered.
    Blunder,
}

impl Verdict {
    /// The verdict's name for the move list and the graph.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Best => "best",
            Verdict::Good => "good",
            Verdict::Inaccuracy => "inaccuracy",
            Verdict::Mistake => "mistake",
            Verdict::Blunder => "blunder",
        }
    }

    /// The verdict as the mark written after a move in the move list: "?!" for an
    /// inaccuracy, "?" for a mistake, "??" for a blunder (the usual annotation symbols),
    /// nothing for a good or best move.
    #[must_use]
    pub fn glyph(self) -> &'static str {
        match self {
            Verdict::Best | Verdict::Good => "",
            Verdict::Inaccuracy => "?!",
            Verdict::Mistake => "?",
            Verdict::Blunder => "??",
        }
    }

    /// The verdict for a move scoring `played` where `best` was possible (both from the
    /// mover's point of view). Reversi disc losses: 0 best, ≤2 good, ≤4 inaccuracy, ≤8
    /// mistake, more a blunder. Gomoku: letting a proven win go, or walking into a proven loss
    /// the best move avoided, is a blunder; otherwise evaluation losses of ≤20 / ≤80 / ≤250
    /// units (about an open two / an open three / a four-three) grade the rest.
    #[must_use]
    pub fn of(best: Score, played: Score) -> Verdict {
        let loss = match (best, played) {
            (Score::Discs(b), Score::Discs(p)) => {
                return match b - p {
                    ..=0 => Verdict::Best,
                    1..=2 => Verdict::Good,
                    3..=4 => Verdict::Inaccuracy,
                    5..=8 => Verdict::Mistake,
                    _ => Verdict::Blunder,
                };
            }
            (Score::WinIn(_), Score::WinIn(_)) | (Score::LossIn(_), _) => return Verdict::Best,
            (Score::WinIn(_), _) | (_, Score::LossIn(_)) => return Verdict::Blunder,
            (b, p) => b.value() - p.value(),
        };
        match loss {
            ..=0 => Verdict::Best,
            1..=20 => Verdict::Good,
            21..=80 => Verdict::Inaccuracy,
            81..=250 => Verdict::Mistake,
            _ => Verdict::Blunder,
        }
    }
}

/// What the review found about one position of the game.
#[derive(Clone, Debug, PartialEq)]
pub struct Reviewed<M> {
    /// The engine's best move (`None` when the game is over there).
    pub best: Option<M>,
    /// The position's value for its side to move: the best move's score, or the final result.
    pub score: Score,
    /// True when `score` is proven.
    pub exact: bool,
    /// The analysis behind it (every scored move).
    pub analysis: Analysis<M>,
}

/// One move of the game, judged.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveVerdict<M> {
    /// Index of the move in the game (0 = the first move).
    pub index: usize,
    /// The move played.
    pub played: M,
    /// Its score from the mover's point of view.
    pub played_score: Score,
    /// The best move found and its score.
    pub best: M,
    /// The best move's score from the mover's point of view.
    pub best_score: Score,
    /// How good the played move was.
    pub verdict: Verdict,
}

/// A game review: every position of a game analysed in turn.
pub struct Review<G: GameRules> {
    /// The positions before each move, and the final one: `moves.len() + 1` of them.
    pub positions: Vec<G>,
    /// The moves of the game.
    pub moves: Vec<G::Move>,
    /// What was found per position (same indexes as `positions`).
    pub found: Vec<Option<Reviewed<G::Move>>>,
    /// The player stopped the review.
    pub stopped: bool,
    /// Search time for each position, in milliseconds.
    pub ms_per_position: u64,
}

impl<G: GameRules> Review<G> {
    /// A review of the game from `start` through `steps` (its moves, and the choices of an
    /// opening between them); a finished final position is scored at once from its result.
    ///
    /// # Errors
    /// The sentence to show when a step does not replay.
    pub fn new(start: &G, steps: &[StepOf<G>]) -> Result<Review<G>, Message> {
        let mut positions = vec![start.clone()];
        let mut moves = Vec::new();
        let mut pos = start.clone();
        for (i, &step) in steps.iter().enumerate() {
            let (result, text) = match step {
                Step::Move(mv) => (pos.play(mv), mv.to_string()),
                Step::Choice(c) => (pos.choose(c), c.to_string()),
            };
            result.map_err(|e| {
                crate::msg!(
                    "teacher-move-does-not-replay",
                    number = i + 1,
                    mv = text,
                    reason = G::illegal_message(&e)
                )
            })?;
            match step {
                // The position before the next move includes the choices made before it.
                Step::Choice(_) => *positions.last_mut().expect("the start") = pos.clone(),
                Step::Move(mv) => {
                    moves.push(mv);
                    positions.push(pos.clone());
                }
            }
        }
        let found = positions
            .iter()
            .map(|p| {
                p.final_score().map(|score| Reviewed {
                    best: None,
                    score,
                    exact: true,
                    analysis: Analysis::default(),
                })
            })
            .collect();
        Ok(Review {
            positions,
            moves,
            found,
            stopped: false,
            ms_per_position: REVIEW_MS_PER_POSITION,
        })
    }

    /// The next position to analyse, if the review goes on.
    fn next_position(&self) -> Option<usize> {
        if self.stopped {
            return None;
        }
        self.found.iter().position(Option::is_none)
    }

    fn record(&mut self, i: usize, analysis: Analysis<G::Move>, last: bool) {
        let Some(best) = analysis.best() else {
            // Nothing to analyse there (a choice of an opening is due): asking again would
            // get nothing again, so the review ends.
            if last {
                self.stopped = true;
            }
            return;
        };
        // Live reports only fill an empty slot; the last one replaces it.
        if self.found[i].is_none() || last {
            self.found[i] = Some(Reviewed {
                best: Some(best.mv),
                score: best.score,
                exact: best.exact,
                analysis,
            });
        }
    }

    /// Positions analysed so far, out of all of them.
    #[must_use]
    pub fn progress(&self) -> (usize, usize) {
        let done = self.found.iter().filter(|f| f.is_some()).count();
        (done, self.found.len())
    }

    /// True once every position is analysed.
    #[must_use]
    pub fn is_done(&self) -> bool {
        self.found.iter().all(Option::is_some)
    }

    /// The verdict on each move whose position and successor are analysed.
    pub fn verdicts(&self) -> Vec<MoveVerdict<G::Move>> {
        (0..self.moves.len())
            .filter_map(|i| self.verdict(i))
            .collect()
    }

    /// The worst move judged a mistake or a blunder: the worst verdict first, then the one
    /// that lost most (proven results count as large losses).
    pub fn biggest_mistake(&self) -> Option<MoveVerdict<G::Move>> {
        self.verdicts()
            .into_iter()
            .filter(|v| v.verdict >= Verdict::Mistake)
            .max_by_key(|v| (v.verdict, loss(v)))
    }

    /// The verdict on move `i`: the played move's own score when the analysis scored it
    /// (every Reversi move is), else the negated value of the position after it.
    pub fn verdict(&self, i: usize) -> Option<MoveVerdict<G::Move>> {
        let here = self.found[i].as_ref()?;
        let played = self.moves[i];
        let own = here
            .analysis
            .moves
            .iter()
            .find(|m| m.mv == played)
            .map(|m| m.score);
        let played_score = match own {
            Some(s) => s,
            None => {
                let next = self.found[i + 1].as_ref()?;
                let same_side =
                    self.positions[i + 1].side_to_move() == self.positions[i].side_to_move();
                if same_side {
                    next.score
                } else {
                    next.score.for_opponent()
                }
            }
        };
        Some(MoveVerdict {
            index: i,
            played,
            played_score,
            best: here.best.unwrap_or(played),
            best_score: here.score,
            verdict: Verdict::of(here.score, played_score),
        })
    }

    /// The evaluation after each position for the graph, from Black's point of view: `(ply,
    /// value, exact)` for each analysed position. Reversi in discs; Gomoku's evaluation
    /// squeezed into ±[`GRAPH_LIMIT`] with proven results at the limits.
    pub fn graph(&self) -> Vec<(usize, f64, bool)> {
        self.found
            .iter()
            .enumerate()
            .filter_map(|(i, f)| {
                let f = f.as_ref()?;
                let black = self.positions[i].side_to_move() == crate::core::Side::Black;
                let v = graph_value(f.score);
                Some((i, if black { v } else { -v }, f.exact))
            })
            .collect()
    }
}

impl<G: GameRules> Review<G> {
    /// The review as an annotated game keeps it: one note per judged move.
    pub fn notes(&self) -> Vec<MoveNote> {
        self.verdicts()
            .into_iter()
            .map(|v| MoveNote {
                number: v.index + 1,
                verdict: v.verdict.name().to_string(),
                score: score_short(v.played_score),
                best: v.best.to_string(),
                best_score: score_short(v.best_score),
            })
            .collect()
    }
}

/// A score in a few characters, as the board and annotated games write it: "+4" (discs or
/// evaluation units), "W5" / "L3" for a proven win or loss in that many plies.
#[must_use]
pub fn score_short(score: Score) -> String {
    match score {
        Score::Discs(v) | Score::Eval(v) => format!("{v:+}"),
        Score::WinIn(n) => format!("W{n}"),
        Score::LossIn(n) => format!("L{n}"),
    }
}

/// How much a move lost against the best one, on [`Score::value`]'s scale.
fn loss<M>(v: &MoveVerdict<M>) -> i64 {
    i64::from(v.best_score.value()) - i64::from(v.played_score.value())
}

/// The evaluation graph's bound for Gomoku scores.
pub const GRAPH_LIMIT: f64 = 100.0;

/// A score on the graph's scale: discs as they are; a Gomoku evaluation squeezed smoothly
/// into ±[`GRAPH_LIMIT`] (a four-three, about 200 units, is at ±63); proven wins and losses
/// at ±[`GRAPH_LIMIT`].
#[must_use]
pub fn graph_value(score: Score) -> f64 {
    match score {
        Score::Discs(d) => f64::from(d),
        Score::Eval(v) => GRAPH_LIMIT * (f64::from(v) / 270.0).tanh(),
        Score::WinIn(_) => GRAPH_LIMIT,
        Score::LossIn(_) => -GRAPH_LIMIT,
    }
}
