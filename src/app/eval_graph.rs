//! The evaluation graph below the board: the value of every position of the game reviewed,
//! from Black's point of view, drawn with `egui_plot`. Exact values (a solved Reversi
//! endgame, a proven Gomoku win) are marked with filled diamonds, the verdicts of bad moves
//! with coloured dots; clicking the graph picks the nearest position.

use egui::{Color32, Ui};
use egui_plot::{HLine, HoverPosition, Line, MarkerShape, Plot, Points, VLine};

use crate::tr;

use super::analysis::{GRAPH_LIMIT, Verdict};
use super::teacher::verdict_label;

/// One position on the graph.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GraphPoint {
    /// Plies played before the position (0 = the start).
    pub ply: usize,
    /// Its value from Black's point of view (Reversi: discs; Gomoku: ±[`GRAPH_LIMIT`]).
    pub value: f64,
    /// The value is proven.
    pub exact: bool,
    /// The verdict on the move played from this position, once judged.
    pub verdict: Option<Verdict>,
}

/// The unit shown on the value axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GraphUnit {
    /// Reversi: discs, −64..=64.
    Discs,
    /// Gomoku: a bounded evaluation; proven wins at ±100.
    Bounded,
}

/// Colour of a verdict's marker (`None` for the moves not worth a mark).
#[must_use]
pub fn verdict_color(verdict: Verdict) -> Option<Color32> {
    match verdict {
        Verdict::Best | Verdict::Good => None,
        Verdict::Inaccuracy => Some(Color32::from_rgb(230, 180, 40)),
        Verdict::Mistake => Some(Color32::from_rgb(230, 120, 30)),
        Verdict::Blunder => Some(Color32::from_rgb(210, 40, 40)),
    }
}

/// Draws the graph of `points` with a vertical line at `current` (the ply on the board).
/// Hovering shows the ply, the move label from `label_of` and the value. Returns the ply
/// clicked, if any.
pub fn show(
    ui: &mut Ui,
    points: &[GraphPoint],
    unit: GraphUnit,
    current: usize,
    label_of: &dyn Fn(usize) -> String,
) -> Option<usize> {
    let limit = match unit {
        GraphUnit::Discs => 64.0,
        GraphUnit::Bounded => GRAPH_LIMIT,
    };
    let (unit_name, axis) = match unit {
        GraphUnit::Discs => (tr!("graph-unit-discs"), tr!("graph-axis-discs")),
        GraphUnit::Bounded => (tr!("graph-unit-score"), tr!("graph-axis-score")),
    };
    let line: Vec<[f64; 2]> = points.iter().map(|p| [p.ply as f64, p.value]).collect();
    let exact: Vec<[f64; 2]> = points
        .iter()
        .filter(|p| p.exact)
        .map(|p| [p.ply as f64, p.value])
        .collect();
    let response = Plot::new("evaluation-graph")
        .height(120.0)
        .include_y(-limit.min(16.0))
        .include_y(limit.min(16.0))
        .include_x(0.0)
        .allow_zoom(false)
        .allow_scroll(false)
        .allow_drag(false)
        .allow_boxed_zoom(false)
        .show_x(false)
        .show_y(false)
        .x_axis_label(tr!("graph-move"))
        .y_axis_label(axis)
        .label_formatter(|hover| {
            let position = match hover {
                HoverPosition::NearDataPoint { position, .. }
                | HoverPosition::Elsewhere { position } => *position,
            };
            let ply = position.x.round().max(0.0) as usize;
            let value = points.iter().find(|p| p.ply == ply)?.value;
            Some(tr!(
                "graph-hover",
                label = label_of(ply),
                value = format!("{value:+.0}"),
                unit = unit_name.as_str()
            ))
        })
        .show(ui, |plot| {
            plot.hline(HLine::new("", 0.0).color(Color32::GRAY));
            plot.vline(VLine::new("", current as f64).color(Color32::LIGHT_BLUE));
            plot.line(Line::new("evaluation", line).color(Color32::from_rgb(90, 140, 220)));
            plot.points(
                Points::new("exact", exact)
                    .shape(MarkerShape::Diamond)
                    .filled(true)
                    .radius(3.0),
            );
            for p in points {
                if let Some(color) = p.verdict.and_then(verdict_color) {
                    plot.points(
                        Points::new(
                            p.verdict.map_or_else(String::new, verdict_label),
                            vec![[p.ply as f64, p.value]],
                        )
                        .color(color)
                        .radius(4.5)
                        .filled(true),
                    );
                }
            }
            plot.pointer_coordinate()
        });
    let clicked = response.response.clicked();
    let at = response.inner?;
    let last = points.iter().map(|p| p.ply).max()?;
    clicked.then(|| (at.x.round().max(0.0) as usize).min(last))
}
