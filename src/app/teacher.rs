//! The window's side of learning from the computer, once for both games: the Hint button,
//! "Show move scores" on the board, the game review with its verdicts and the evaluation
//! graph. The work itself is the [`Analyst`]'s, on its own worker thread; it is created on
//! first use, so a player who never asks pays nothing (no thread, no tables).

use egui::{Align2, Color32, FontId, Painter, Stroke, Ui};

use crate::core::{Engine, GameRules, MoveScore, Score};
use crate::persist::MoveNote;
use crate::session::StepOf;
use crate::tr;

use super::analysis::{
    Analyst, Hint, MoveVerdict, PositionKey, REVIEW_MS_PER_POSITION, Review, Verdict, score_short,
};
use super::board::{BoardGeometry, Cell};
use super::eval_graph::{self, GraphPoint, GraphUnit};
use super::tab::{GameView, Tab};

/// What the teacher asks of its tab after a click in its panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TeacherRequest {
    /// Show the game at this ply (replay mode).
    GoTo(usize),
}

/// Hints, scores and the review of one tab.
pub struct Teacher<G: GameRules> {
    analyst: Option<Analyst<G>>,
    /// "Show move scores" is on.
    pub show_scores: bool,
    /// A better move to show on the board: the review's suggestion at that ply.
    shown_better: Option<(usize, G::Move)>,
    /// Search time per position of a review, in milliseconds.
    pub review_ms: u64,
    /// Threads of the Hard searches behind hints, scores and reviews (from the settings).
    pub search_threads: u32,
}

impl<G: GameRules> Default for Teacher<G> {
    fn default() -> Self {
        Teacher {
            analyst: None,
            show_scores: false,
            shown_better: None,
            review_ms: REVIEW_MS_PER_POSITION,
            search_threads: 1,
        }
    }
}

impl<G: GameRules> Teacher<G> {
    /// The analyst, started on first use with a fresh `E` on its own thread.
    fn analyst<E: Engine<G> + Default + 'static>(
        &mut self,
        ctx: &egui::Context,
    ) -> &mut Analyst<G> {
        self.analyst.get_or_insert_with(|| {
            let repaint = ctx.clone();
            Analyst::new(E::default(), move || repaint.request_repaint())
        })
    }

    /// Per frame: follow the position on the board (`key`, `pos`). Does nothing until the
    /// player first asks for something.
    pub fn logic(&mut self, key: &PositionKey<G::Move>, pos: &G) {
        if let Some(analyst) = &mut self.analyst {
            analyst.show_scores = self.show_scores;
            analyst.threads = self.search_threads;
            analyst.update(key, pos);
        }
    }

    /// Ask for a hint for the side to move.
    pub fn request_hint<E: Engine<G> + Default + 'static>(&mut self, ctx: &egui::Context) {
        self.analyst::<E>(ctx).request_hint();
    }

    /// Turn "Show move scores" on or off.
    pub fn set_show_scores<E: Engine<G> + Default + 'static>(
        &mut self,
        ctx: &egui::Context,
        on: bool,
    ) {
        self.show_scores = on;
        if on {
            self.analyst::<E>(ctx);
        }
    }

    /// Start reviewing the game from `start` through `moves`.
    ///
    /// # Errors
    /// The sentence to show when the game does not replay.
    pub fn start_review<E: Engine<G> + Default + 'static>(
        &mut self,
        ctx: &egui::Context,
        start: &G,
        steps: &[StepOf<G>],
    ) -> Result<(), crate::i18n::Message> {
        self.shown_better = None;
        let ms = self.review_ms;
        self.analyst::<E>(ctx).start_review(start, steps, ms)
    }

    /// Pause the analysis (the window is locked) or let it go on; see [`Analyst::set_paused`].
    pub fn set_paused(&mut self, paused: bool) {
        if let Some(analyst) = &mut self.analyst {
            analyst.set_paused(paused);
        }
    }

    /// A new game: hints counted afresh, the old review gone.
    pub fn new_game(&mut self) {
        self.shown_better = None;
        if let Some(analyst) = &mut self.analyst {
            analyst.clear_review();
        }
    }

    /// The hint of the position on the board, once computed.
    pub fn hint(&self) -> Option<Hint<G::Move>> {
        self.analyst.as_ref().and_then(Analyst::hint)
    }

    /// The review, if one was started.
    pub fn review(&self) -> Option<&Review<G>> {
        self.analyst.as_ref().and_then(Analyst::review)
    }

    /// The live analysis behind the move scores, while they are shown.
    pub fn move_scores(&self) -> Option<&crate::core::Analysis<G::Move>> {
        self.analyst.as_ref()?.scores()
    }

    /// The move scores to draw, when shown.
    fn scores(&self) -> Option<&[MoveScore<G::Move>]> {
        let analyst = self.analyst.as_ref()?;
        analyst.scores().map(|a| a.moves.as_slice())
    }

    /// Draws the scores, the hint and the review's better move over the board. `cell_of` maps
    /// a move to its cell on the painted board; `ply` is the shown position's.
    pub fn overlay(
        &self,
        painter: &Painter,
        geo: &BoardGeometry,
        ply: usize,
        cell_of: &dyn Fn(G::Move) -> Option<Cell>,
    ) {
        if let Some(moves) = self.scores() {
            let best = moves.first().map(|m| m.score);
            for m in moves {
                if let Some(cell) = cell_of(m.mv) {
                    draw_score(painter, geo, cell, m, Some(m.score) == best);
                }
            }
        }
        if let Some(hint) = self.hint()
            && let Some(cell) = cell_of(hint.mv)
        {
            ring(painter, geo, cell, HINT);
        }
        if let Some((at, mv)) = self.shown_better
            && at == ply
            && let Some(cell) = cell_of(mv)
        {
            ring(painter, geo, cell, BETTER);
        }
    }

    /// The "Analysis" section of the side panel: Hint, Show move scores, Review game, the
    /// review's progress and verdicts (its graph is below the board, [`Teacher::graph`]).
    /// `unit` is the game's score unit; `hint_allowed` says whether a human may ask now.
    pub fn panel<E: Engine<G> + Default + 'static>(
        &mut self,
        ui: &mut Ui,
        unit: GraphUnit,
        hint_allowed: bool,
    ) -> TeacherPanel {
        let mut out = TeacherPanel::default();
        ui.horizontal_wrapped(|ui| {
            let pending = self.analyst.as_ref().is_some_and(Analyst::hint_pending);
            let label = if pending {
                tr!("teacher-hint-thinking")
            } else {
                tr!("teacher-hint")
            };
            if ui
                .add_enabled(hint_allowed && !pending, egui::Button::new(label))
                .on_hover_text(tr!("teacher-hint-hover"))
                .clicked()
            {
                out.hint = true;
            }
            let mut on = self.show_scores;
            if ui
                .checkbox(&mut on, tr!("teacher-show-scores"))
                .on_hover_text(tr!("teacher-show-scores-hover"))
                .changed()
            {
                self.set_show_scores::<E>(ui.ctx(), on);
            }
            if ui
                .button(tr!("teacher-review"))
                .on_hover_text(tr!("teacher-review-hover"))
                .clicked()
            {
                out.review = true;
            }
        });
        if let Some(hint) = self.hint() {
            ui.label(tr!(
                "teacher-hint-is",
                mv = hint.mv.to_string(),
                score = score_text(hint.score, hint.exact)
            ));
        }
        if self.show_scores {
            ui.label(match unit {
                GraphUnit::Discs => tr!("teacher-scores-unit-discs"),
                GraphUnit::Bounded => tr!("teacher-scores-unit-eval"),
            });
        }
        if let Some(failure) = self.analyst.as_ref().and_then(Analyst::failure) {
            ui.colored_label(ui.visuals().warn_fg_color, failure);
        }
        if let Some(go) = self.review_section(ui, &mut out.copy_annotated) {
            out.request = Some(go);
        }
        out
    }

    /// The evaluation graph of the review, drawn below the board; `ply` is the shown
    /// position's. Returns the position clicked.
    pub fn graph(&self, ui: &mut Ui, unit: GraphUnit, ply: usize) -> Option<TeacherRequest> {
        let review = self.review()?;
        let verdicts = review.verdicts();
        let points = graph_points(review, &verdicts);
        let labels: Vec<String> = std::iter::once(tr!("teacher-start"))
            .chain(
                review
                    .moves
                    .iter()
                    .enumerate()
                    .map(|(i, m)| format!("{}. {m}", i + 1)),
            )
            .collect();
        let label_of = |i: usize| labels.get(i).cloned().unwrap_or_default();
        eval_graph::show(ui, &points, unit, ply, &label_of).map(TeacherRequest::GoTo)
    }

    /// The review's verdict on each move of the game it covers, as move-list marks ("?!",
    /// "?", "??"); empty without a review.
    pub fn move_marks(&self) -> Vec<&'static str> {
        let Some(review) = self.review() else {
            return Vec::new();
        };
        let mut marks = vec![""; review.moves.len()];
        for v in review.verdicts() {
            marks[v.index] = v.verdict.glyph();
        }
        marks
    }

    /// The review's progress bar and Stop button, and its list of verdicts.
    fn review_section(&mut self, ui: &mut Ui, copy: &mut bool) -> Option<TeacherRequest> {
        let review = self.review()?;
        let (done, all) = review.progress();
        let running = !review.is_done() && !review.stopped;
        let verdicts = review.verdicts();
        let mut request = None;
        let mut stop = false;
        ui.separator();
        ui.horizontal(|ui| {
            ui.add(
                egui::ProgressBar::new(done as f32 / all.max(1) as f32)
                    .desired_width(160.0)
                    .text(tr!("teacher-progress", done = done, all = all)),
            );
            if running && ui.button(tr!("teacher-stop")).clicked() {
                stop = true;
            }
            if !running
                && ui
                    .button(tr!("teacher-copy-annotated"))
                    .on_hover_text(tr!("teacher-copy-annotated-hover"))
                    .clicked()
            {
                *copy = true;
            }
        });
        if let Some(worst) = review.biggest_mistake()
            && ui
                .button(tr!(
                    "teacher-biggest-mistake",
                    mv = format!("{}. {}", worst.index + 1, worst.played)
                ))
                .clicked()
        {
            self.shown_better = Some((worst.index, worst.best));
            request = Some(TeacherRequest::GoTo(worst.index));
        }
        egui::ScrollArea::vertical()
            .id_salt("review-verdicts")
            .max_height(160.0)
            .show(ui, |ui| {
                for v in verdicts.iter().filter(|v| v.verdict >= Verdict::Inaccuracy) {
                    if ui
                        .link(verdict_line(v))
                        .on_hover_text(tr!("teacher-verdict-hover"))
                        .clicked()
                    {
                        self.shown_better = Some((v.index, v.best));
                        request = Some(TeacherRequest::GoTo(v.index));
                    }
                }
            });
        if stop && let Some(analyst) = &mut self.analyst {
            analyst.stop_review();
        }
        request
    }
}

/// What the teacher's panel asked for this frame.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TeacherPanel {
    /// The Hint button was pressed.
    pub hint: bool,
    /// "Review game" was pressed.
    pub review: bool,
    /// Show a position of the game.
    pub request: Option<TeacherRequest>,
    /// "Copy annotated game" was pressed.
    pub copy_annotated: bool,
}

/// Hint ring colour.
const HINT: Color32 = Color32::from_rgb(40, 200, 255);
/// The review's better move.
const BETTER: Color32 = Color32::from_rgb(60, 220, 90);

fn ring(painter: &Painter, geo: &BoardGeometry, cell: Cell, color: Color32) {
    painter.circle_stroke(
        geo.center(cell),
        geo.pitch * 0.44,
        Stroke::new(geo.pitch * 0.09, color),
    );
}

/// A move's score written on its cell: "+4" in discs or evaluation units, "W5"/"L3" for a
/// proven win or loss in that many plies; exact scores underlined, the best in green.
fn draw_score<M>(painter: &Painter, geo: &BoardGeometry, cell: Cell, m: &MoveScore<M>, best: bool) {
    let text = score_short(m.score);
    let color = if best {
        Color32::from_rgb(30, 200, 60)
    } else if m.score.value() < 0 {
        Color32::from_rgb(230, 70, 60)
    } else {
        Color32::from_rgb(250, 220, 90)
    };
    let center = geo.center(cell);
    let back = egui::Rect::from_center_size(center, egui::vec2(geo.pitch * 0.8, geo.pitch * 0.42));
    painter.rect_filled(back, geo.pitch * 0.08, Color32::from_black_alpha(170));
    let size = (geo.pitch * 0.3).clamp(7.0, 22.0);
    let rect = painter.text(
        center,
        Align2::CENTER_CENTER,
        text,
        FontId::proportional(size),
        color,
    );
    if m.exact {
        let y = rect.bottom() + 1.0;
        painter.line_segment(
            [egui::pos2(rect.left(), y), egui::pos2(rect.right(), y)],
            Stroke::new(1.5, color),
        );
    }
}

/// A score for the panel, in the window's language, "exact" when proven.
fn score_text(score: Score, exact: bool) -> String {
    if exact && matches!(score, Score::Discs(_)) {
        tr!("teacher-exact", score = score.label())
    } else {
        score.label()
    }
}

/// "12. d3: mistake (−6 discs); better f4 (+2 discs)".
fn verdict_line<M: std::fmt::Display>(v: &MoveVerdict<M>) -> String {
    tr!(
        "teacher-verdict",
        number = v.index + 1,
        mv = v.played.to_string(),
        verdict = verdict_label(v.verdict),
        score = v.played_score.label(),
        best = v.best.to_string(),
        best_score = v.best_score.label()
    )
}

/// The verdict's name in the window's language.
#[must_use]
pub fn verdict_label(verdict: Verdict) -> String {
    match verdict {
        Verdict::Best => tr!("verdict-best"),
        Verdict::Good => tr!("verdict-good"),
        Verdict::Inaccuracy => tr!("verdict-inaccuracy"),
        Verdict::Mistake => tr!("verdict-mistake"),
        Verdict::Blunder => tr!("verdict-blunder"),
    }
}

/// The graph's points: each analysed position, with the verdict on the move played from it.
fn graph_points<G: GameRules>(
    review: &Review<G>,
    verdicts: &[MoveVerdict<G::Move>],
) -> Vec<GraphPoint> {
    review
        .graph()
        .into_iter()
        .map(|(ply, value, exact)| GraphPoint {
            ply,
            value,
            exact,
            verdict: verdicts.iter().find(|v| v.index == ply).map(|v| v.verdict),
        })
        .collect()
}

/// The tab's side of the teacher: the position it follows, the Hint action, the overlay and
/// the panel section (here rather than in `tab.rs`, which only calls in).
impl<G: GameView> Tab<G> {
    /// The position on the board, as the analyst identifies it.
    fn position_key(&self) -> PositionKey<G::Move> {
        PositionKey {
            serial: self.ctl.serial(),
            steps: self.shown().step_count(),
            moves: self.shown().moves().collect(),
        }
    }

    /// Per frame: the teacher follows the shown position.
    pub(super) fn teacher_logic(&mut self) {
        let key = self.position_key();
        let pos = self.shown().position().clone();
        self.teacher.logic(&key, &pos);
    }

    /// Whether a hint may be asked now: the live game goes on and a human is to move (in a
    /// replay or after the game, the scores and the review teach instead).
    #[must_use]
    pub fn hint_allowed(&self) -> bool {
        self.human_turn() && !self.ctl.session.position().in_opening()
    }

    /// The Hint action (H, the Hint button, the board menu): the strong engine's move for the
    /// human to move; refused with the reason otherwise.
    pub fn hint(&mut self, ctx: &egui::Context) {
        if !self.hint_allowed() {
            self.ctl.set_message(tr!("teacher-hint-refused"));
            return;
        }
        let side = self.ctl.session.position().side_to_move();
        // Counted in the game's own bookkeeping: the records and the autosave take it there.
        *self.track.hints.get_mut(side) += 1;
        self.teacher.request_hint::<G::Engine>(ctx);
    }

    /// Draws the scores, the hint and the review's better move over the board.
    pub(super) fn teacher_overlay(&self, painter: &Painter, geo: &BoardGeometry) {
        let session = self.shown();
        let pos = session.position();
        self.teacher
            .overlay(painter, geo, session.ply(), &|mv| G::cell_of(pos, mv));
    }

    /// The side panel's Analysis section.
    pub(super) fn analysis_panel(&mut self, ui: &mut Ui) {
        let allowed = self.hint_allowed();
        let out = egui::CollapsingHeader::new(tr!("teacher-heading"))
            .id_salt(("analysis", G::KIND))
            .default_open(true)
            .show(ui, |ui| {
                self.teacher.panel::<G::Engine>(ui, G::SCORE_UNIT, allowed)
            })
            .body_returned
            .unwrap_or_default();
        if out.hint {
            self.hint(ui.ctx());
        }
        if out.review {
            let start = self.ctl.session.start_position().clone();
            let steps: Vec<StepOf<G>> = self.ctl.session.steps().collect();
            if let Err(e) = self
                .teacher
                .start_review::<G::Engine>(ui.ctx(), &start, &steps)
            {
                self.ctl.set_message(e);
            }
        }
        if let Some(TeacherRequest::GoTo(ply)) = out.request {
            self.show_ply(ply);
        }
        if out.copy_annotated
            && let Some(review) = self.teacher.review()
        {
            let mut session = self.ctl.session.clone();
            while session.ply() > review.moves.len() && session.undo_step().is_some() {}
            let text = G::annotated_transcript(&session, &review.notes());
            ui.ctx().copy_text(text);
        }
    }

    /// Whether a review's graph is there to show below the board.
    pub fn has_graph(&self) -> bool {
        self.teacher.review().is_some()
    }

    /// The evaluation graph below the board (collapsible); a click shows that position.
    pub fn graph_panel(&mut self, ui: &mut Ui) {
        let ply = self.shown().ply();
        let clicked = egui::CollapsingHeader::new(tr!("graph-heading"))
            .id_salt(("graph", G::KIND))
            .default_open(true)
            .show(ui, |ui| self.teacher.graph(ui, G::SCORE_UNIT, ply))
            .body_returned
            .flatten();
        if let Some(TeacherRequest::GoTo(ply)) = clicked {
            self.show_ply(ply);
        }
    }

    /// Replay the game at `ply` (entering replay mode when needed).
    pub fn show_ply(&mut self, ply: usize) {
        if self.replay.is_none() {
            self.start_replay();
        }
        if let Some(replay) = &mut self.replay {
            replay.go_to(ply);
        }
    }
}

/// A review note as a comment: "mistake; better f4 (+2)", or just "best".
#[must_use]
pub fn note_text(n: &MoveNote) -> String {
    if n.verdict == "best" {
        n.verdict.clone()
    } else {
        format!("{}; better {} ({})", n.verdict, n.best, n.best_score)
    }
}
