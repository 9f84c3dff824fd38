//! The computer player's thread. [`Worker`] is a non-blocking facade in the style of
//! Stockfish's `Engine` (engine.h): [`Worker::start`] hands a position to the engine on a
//! background thread and returns at once; progress and the chosen move come back as
//! [`Event`]s tagged with the request id, so the caller can drop stale results after an undo,
//! a new game or a change of players. This is the only place threads are spawned.

use std::panic::{self, AssertUnwindSafe};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::thread::{self, JoinHandle};

use crate::core::{AiConfig, Analysis, Decision, Engine, GameRules, SearchInfo, StopFlag, Thought};

/// Identifies one search request; increases with every [`Worker::start`].
pub type RequestId = u64;

/// What the worker thread reports; `M` is the game's move, `C` its choice.
#[derive(Debug, Clone)]
pub enum Event<M, C> {
    /// Progress after a completed iteration of request `id`.
    Info {
        /// The request this belongs to.
        id: RequestId,
        /// Depth, nodes, score, principal variation so far.
        info: SearchInfo<M>,
    },
    /// Request `id` finished with this move.
    Done {
        /// The request this belongs to.
        id: RequestId,
        /// The chosen move and final report.
        thought: Thought<M>,
    },
    /// Request `id` ([`Worker::decide`]) finished with this step of an opening.
    Decided {
        /// The request this belongs to.
        id: RequestId,
        /// The step, its reason and the last search report.
        decision: Decision<M, C>,
    },
    /// Progress or the end of analysis request `id` ([`Worker::analyse`]).
    Analysis {
        /// The request this belongs to.
        id: RequestId,
        /// The scores so far.
        analysis: Analysis<M>,
        /// True for the last report of the request: the analysis finished or gave up.
        last: bool,
    },
    /// Request `id` ended without a move: the engine panicked (a bug), or its thread is gone.
    /// The engine's tables are cleared and the worker takes further requests.
    Failed {
        /// The request this belongs to.
        id: RequestId,
        /// What went wrong, for the player ("the engine stopped: index out of bounds …").
        reason: String,
    },
}

enum Job<G: GameRules> {
    Think {
        id: RequestId,
        pos: G,
        cfg: AiConfig,
        stop: StopFlag,
    },
    Analyse {
        id: RequestId,
        pos: G,
        cfg: AiConfig,
        stop: StopFlag,
    },
    Decide {
        id: RequestId,
        pos: G,
        cfg: AiConfig,
        stop: StopFlag,
    },
    Clear,
}

/// A search thread for game `G` that owns one engine (and so its transposition table).
/// Dropping the worker cancels any search and lets the thread end.
pub struct Worker<G: GameRules> {
    jobs: Option<Sender<Job<G>>>,
    events: Receiver<Event<G::Move, G::Choice>>,
    thread: Option<JoinHandle<()>>,
    current: Option<(RequestId, StopFlag)>,
    last_id: RequestId,
}

impl<G: GameRules> Worker<G> {
    /// Spawn the thread. `notify` is called after every event is sent (the app passes a
    /// closure that requests a repaint, so the UI thread wakes up to collect it).
    ///
    /// # Panics
    /// If the operating system refuses to create a thread.
    pub fn spawn<E>(mut engine: E, notify: impl Fn() + Send + 'static) -> Worker<G>
    where
        E: Engine<G> + 'static,
    {
        let (job_tx, job_rx) = mpsc::channel::<Job<G>>();
        let (event_tx, event_rx) = mpsc::channel();
        let thread = thread::Builder::new()
            .name("engine".into())
            .spawn(move || {
                let send = |event| {
                    let _ = event_tx.send(event);
                    notify();
                };
                while let Ok(job) = job_rx.recv() {
                    let event = match job {
                        Job::Clear => {
                            engine.clear();
                            continue;
                        }
                        Job::Think { id, pos, cfg, stop } => {
                            run_think(&mut engine, id, &pos, &cfg, &stop, &send)
                        }
                        Job::Analyse { id, pos, cfg, stop } => {
                            run_analysis(&mut engine, id, &pos, &cfg, &stop, &send)
                        }
                        Job::Decide { id, pos, cfg, stop } => {
                            run_decision(&mut engine, id, &pos, &cfg, &stop, &send)
                        }
                    };
                    send(event);
                }
            })
            .expect("spawn the engine thread");
        Worker {
            jobs: Some(job_tx),
            events: event_rx,
            thread: Some(thread),
            current: None,
            last_id: 0,
        }
    }

    /// Start thinking about `pos` (which must not be over), cancelling any search under way.
    /// Returns the new request's id.
    pub fn start(&mut self, pos: G, cfg: AiConfig) -> RequestId {
        self.cancel();
        self.last_id += 1;
        let id = self.last_id;
        let stop = StopFlag::new();
        self.current = Some((id, stop.clone()));
        self.send(Job::Think { id, pos, cfg, stop });
        id
    }

    /// Decide the computer's next step in the opening of `pos` ([`Engine::decide`]),
    /// cancelling any search under way; progress comes back as [`Event::Info`], the step as
    /// [`Event::Decided`]. Returns the new request's id.
    pub fn decide(&mut self, pos: G, cfg: AiConfig) -> RequestId {
        self.cancel();
        self.last_id += 1;
        let id = self.last_id;
        let stop = StopFlag::new();
        self.current = Some((id, stop.clone()));
        self.send(Job::Decide { id, pos, cfg, stop });
        id
    }

    /// Start a multi-PV analysis of `pos` ([`Engine::analyse`]), cancelling any search under
    /// way; its reports come back as [`Event::Analysis`]. Returns the new request's id.
    pub fn analyse(&mut self, pos: G, cfg: AiConfig) -> RequestId {
        self.cancel();
        self.last_id += 1;
        let id = self.last_id;
        let stop = StopFlag::new();
        self.current = Some((id, stop.clone()));
        self.send(Job::Analyse { id, pos, cfg, stop });
        id
    }

    /// Cancel the search under way, if any: its result will never be returned by [`Worker::poll`].
    pub fn cancel(&mut self) {
        if let Some((_, stop)) = self.current.take() {
            stop.stop();
        }
    }

    /// Tell the search under way to stop now and answer with its best move so far (its time
    /// is up); unlike [`Worker::cancel`], its result still comes through [`Worker::poll`].
    pub fn hurry(&self) {
        if let Some((_, stop)) = &self.current {
            stop.stop();
        }
    }

    /// Cancel any search and make the engine forget what it learned (new game).
    pub fn clear(&mut self) {
        self.cancel();
        self.send(Job::Clear);
    }

    /// The id of the search under way, if any.
    pub fn thinking(&self) -> Option<RequestId> {
        self.current.as_ref().map(|(id, _)| *id)
    }

    /// Collect the events of the current request that arrived since the last call, without
    /// waiting. Events of cancelled requests are dropped. After a `Done`, nothing is thinking.
    pub fn poll(&mut self) -> Vec<Event<G::Move, G::Choice>> {
        let mut out = Vec::new();
        loop {
            let event = match self.events.try_recv() {
                Ok(event) => event,
                Err(TryRecvError::Empty) => break,
                // The thread died (a panic outside the search): no answer will come.
                Err(TryRecvError::Disconnected) => match self.thinking() {
                    Some(id) => Event::Failed {
                        id,
                        reason: "the engine thread has stopped".into(),
                    },
                    None => break,
                },
            };
            let id = match &event {
                Event::Info { id, .. }
                | Event::Done { id, .. }
                | Event::Decided { id, .. }
                | Event::Analysis { id, .. }
                | Event::Failed { id, .. } => *id,
            };
            if self.thinking() != Some(id) {
                continue;
            }
            if matches!(
                event,
                Event::Done { .. }
                    | Event::Decided { .. }
                    | Event::Failed { .. }
                    | Event::Analysis { last: true, .. }
            ) {
                self.current = None;
            }
            out.push(event);
        }
        out
    }

    fn send(&self, job: Job<G>) {
        if let Some(jobs) = &self.jobs {
            // The thread only ends when `jobs` is dropped, so the send cannot fail here.
            let _ = jobs.send(job);
        }
    }
}

/// The progress reports of request `id` as [`Event::Info`]s through `send`.
fn info_sender<'a, M: Clone, C>(
    id: RequestId,
    send: &'a dyn Fn(Event<M, C>),
) -> impl FnMut(&SearchInfo<M>) + 'a {
    move |info| {
        send(Event::Info {
            id,
            info: info.clone(),
        });
    }
}

/// Runs `search` on `engine`. A panic in the engine (a bug) must not leave the UI waiting
/// forever: it becomes the reason of a failed request (`Err`), and the engine starts afresh.
fn guarded<G: GameRules, E: Engine<G>, T>(
    engine: &mut E,
    search: impl FnOnce(&mut E) -> T,
) -> Result<T, String> {
    panic::catch_unwind(AssertUnwindSafe(|| search(engine))).map_err(|payload| {
        engine.clear();
        panic_message(payload.as_ref())
    })
}

/// Runs one search for a move, sending its progress reports through `send`; returns the
/// last event: the move, or the failure (a panicking engine, a finished game).
fn run_think<G: GameRules, E: Engine<G>>(
    engine: &mut E,
    id: RequestId,
    pos: &G,
    cfg: &AiConfig,
    stop: &StopFlag,
    send: &dyn Fn(Event<G::Move, G::Choice>),
) -> Event<G::Move, G::Choice> {
    let mut on_info = info_sender(id, send);
    match guarded(engine, |e| e.think(pos, cfg, stop, &mut on_info)) {
        Ok(Some(thought)) => Event::Done { id, thought },
        Ok(None) => Event::Failed {
            id,
            reason: "the game is over: there is no move to choose".into(),
        },
        Err(reason) => Event::Failed { id, reason },
    }
}

/// Runs one analysis request, sending each report through `send` (not the last one, which
/// is returned: the final analysis with `last`, or the failure of a panicking engine).
fn run_analysis<G: GameRules, E: Engine<G>>(
    engine: &mut E,
    id: RequestId,
    pos: &G,
    cfg: &AiConfig,
    stop: &StopFlag,
    send: &dyn Fn(Event<G::Move, G::Choice>),
) -> Event<G::Move, G::Choice> {
    let mut on_update = |a: &Analysis<G::Move>| {
        send(Event::Analysis {
            id,
            analysis: a.clone(),
            last: false,
        });
    };
    match guarded(engine, |e| e.analyse(pos, cfg, stop, &mut on_update)) {
        Ok(analysis) => Event::Analysis {
            id,
            analysis: analysis.unwrap_or_default(),
            last: true,
        },
        Err(reason) => Event::Failed { id, reason },
    }
}

/// Runs one decision request, sending its progress reports through `send`; returns the
/// last event: the decision, or the failure (a panicking engine, a finished game).
fn run_decision<G: GameRules, E: Engine<G>>(
    engine: &mut E,
    id: RequestId,
    pos: &G,
    cfg: &AiConfig,
    stop: &StopFlag,
    send: &dyn Fn(Event<G::Move, G::Choice>),
) -> Event<G::Move, G::Choice> {
    let mut on_info = info_sender(id, send);
    match guarded(engine, |e| e.decide(pos, cfg, stop, &mut on_info)) {
        Ok(Some(decision)) => Event::Decided { id, decision },
        Ok(None) => Event::Failed {
            id,
            reason: "the game is over: there is nothing to decide".into(),
        },
        Err(reason) => Event::Failed { id, reason },
    }
}

/// The text of a panic payload (`panic!("…")` carries a `&str` or a `String`).
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    let text = payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown error".into());
    format!("the engine stopped: {text}")
}

impl<G: GameRules> Drop for Worker<G> {
    fn drop(&mut self) {
        self.cancel();
        self.jobs = None; // closes the channel: the thread leaves its loop
        if let Some(thread) = self.thread.take() {
            // The search polls its stop flag every few thousand nodes, so this is quick.
            let _ = thread.join();
        }
    }
}
