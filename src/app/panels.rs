//! Side-panel sections shared by both games: players, computer level and depth, game
//! buttons, the live search display and the move list.

use egui::{RichText, Ui};

use crate::core::clock::TimeControl;
use crate::core::{AiConfig, Ending, GameRules, Level, MAX_DEPTH, MIN_DEPTH, SearchInfo, Side};
use crate::i18n::{Catalogue, Language};
use crate::session::PlayerKind;
use crate::tr;

use super::controller::Controller;
use super::pictures::Face;
use super::records_window::SideRecord;
use super::shortcuts::{self, Action};

/// Depth above which the depth slider warns that the computer gets slow, in plies.
const SLOW_DEPTH: u32 = 8;

/// What the side panel says about a game's levels.
pub struct LevelHelp {
    /// One line saying what a level does: the key of its message (`level-about-…`), or
    /// English text, shown as it is.
    pub describe: fn(Level) -> &'static str,
    /// Whether a level's strength depends on the depth setting (else no depth slider).
    pub uses_depth: fn(Level) -> bool,
}

impl LevelHelp {
    /// What `level` does, in the window's language when [`LevelHelp::describe`] gives a
    /// message key.
    #[must_use]
    pub fn description(&self, level: Level) -> String {
        let text = (self.describe)(level);
        if Catalogue::shipped().has(Language::English, text) {
            tr!(text)
        } else {
            text.to_string()
        }
    }
}

/// A side's player as the side panel shows them beside the side's line: their picture, and
/// their name and record in this game (see [`super::records_window::side_records`]).
#[derive(Clone, Debug)]
pub struct PlayerCard {
    /// The player's picture.
    pub face: Face,
    /// Who plays and their record.
    pub record: SideRecord,
}

/// The player's name and record lines under a side's line (small type: the panel is busy).
pub fn player_record(ui: &mut Ui, record: &SideRecord) {
    ui.label(RichText::new(record.name_line()).strong());
    for line in record.record_lines() {
        ui.label(RichText::new(line).small());
    }
}

/// "Computer plays Black/White" check boxes. Changing them takes effect at once.
pub fn players<G: GameRules>(ui: &mut Ui, ctl: &mut Controller<G>) {
    ui.strong(tr!("panel-players"));
    for side in Side::BOTH {
        let mut computer = *ctl.session.players.get(side) == PlayerKind::Computer;
        let label = match side {
            Side::Black => tr!("panel-computer-plays-black"),
            Side::White => tr!("panel-computer-plays-white"),
        };
        if ui.checkbox(&mut computer, label).changed() {
            let kind = if computer {
                PlayerKind::Computer
            } else {
                PlayerKind::Human
            };
            ctl.set_player(side, kind);
        }
    }
}

/// Level, depth and time settings for each side the computer plays.
pub fn computer_settings<G: GameRules>(ui: &mut Ui, ctl: &mut Controller<G>, help: &LevelHelp) {
    for side in Side::BOTH {
        if *ctl.session.players.get(side) != PlayerKind::Computer {
            continue;
        }
        let mut cfg = *ctl.ai.get(side);
        ui.add_space(4.0);
        let label = match side {
            Side::Black => tr!("panel-computer-level-black"),
            Side::White => tr!("panel-computer-level-white"),
        };
        egui::ComboBox::new(("computer-level", side), label)
            .selected_text(cfg.level.label())
            .show_ui(ui, |ui| {
                for level in Level::ALL {
                    if ui
                        .selectable_label(cfg.level == level, level.label())
                        .clicked()
                        && cfg.level != level
                    {
                        cfg = AiConfig {
                            seed: cfg.seed,
                            threads: cfg.threads,
                            ..AiConfig::for_level(level)
                        };
                    }
                }
            });
        ui.label(RichText::new(help.description(cfg.level)).small());
        if (help.uses_depth)(cfg.level) {
            ui.add(
                egui::Slider::new(&mut cfg.depth, MIN_DEPTH..=MAX_DEPTH)
                    .text(tr!("panel-max-depth")),
            );
            if cfg.depth > SLOW_DEPTH && (cfg.level == Level::Medium || cfg.time_ms.is_none()) {
                ui.label(
                    RichText::new(tr!("panel-deep-search-warning"))
                        .small()
                        .color(ui.visuals().warn_fg_color),
                );
            }
        }
        if cfg.level == Level::Hard {
            let mut ms = cfg.time_ms.unwrap_or(1000);
            ui.add(
                egui::Slider::new(&mut ms, 100..=10_000)
                    .logarithmic(true)
                    .text(tr!("panel-ms-per-move")),
            );
            cfg.time_ms = Some(ms);
        }
        ctl.set_ai(side, cfg);
    }
}

/// The time-control chooser: applies at once before the first move, else from the next New
/// game.
pub fn time_control<G: GameRules>(ui: &mut Ui, ctl: &mut Controller<G>) {
    let mut chosen = ctl.time_control;
    ui.add_space(4.0);
    egui::ComboBox::new("time-control", tr!("clock-time-control"))
        .selected_text(chosen.label())
        .show_ui(ui, |ui| {
            for control in TimeControl::PRESETS {
                ui.selectable_value(&mut chosen, control, control.label());
            }
        });
    ctl.set_time_control(chosen);
    if ctl.clock().control() != chosen {
        ui.label(RichText::new(tr!("clock-next-game")).small().italics());
    }
}

/// `side`'s clock, for the end of its line in the panel: the time left under a time control
/// (red when low), else the time used; bold while it runs.
pub fn side_clock<G: GameRules>(ui: &mut Ui, ctl: &Controller<G>, side: Side) {
    let reading = ctl.clock_reading(side);
    let clock = ctl.clock();
    let mut text = RichText::new(reading.text()).monospace();
    if clock.is_running() && clock.side_to_move() == side {
        text = text.strong();
    }
    if reading.low {
        text = text.color(ui.visuals().error_fg_color);
    }
    let hover = if reading.counts_down {
        tr!("clock-time-left")
    } else {
        tr!("clock-time-used")
    };
    ui.label(text).on_hover_text(hover);
}

/// The banner of a game that ended off the board.
#[must_use]
pub fn ending_banner(ending: Ending) -> String {
    match ending {
        Ending::Resigned(side) => tr!(
            "banner-resigned",
            side = side.label(),
            winner = side.other().label()
        ),
        Ending::TimeOut(side) => tr!(
            "banner-time-out",
            side = side.label(),
            winner = side.other().label()
        ),
        Ending::DrawAgreed => tr!("banner-draw-agreed"),
    }
}

/// New game / Undo / Redo. Returns the one clicked, for the app to do as the shortcut would
/// (it asks first about an abandoned game, or to unlock).
pub fn game_buttons<G: GameRules>(ui: &mut Ui, ctl: &Controller<G>) -> Option<Action> {
    let mut clicked = None;
    let ctx = ui.ctx().clone();
    let hover = |text: &str, action| shortcuts::hover_text(&ctx, text, action);
    ui.horizontal_wrapped(|ui| {
        for (action, enabled, label, tip) in [
            (
                Action::NewGame,
                true,
                "panel-new-game",
                "panel-new-game-hover",
            ),
            (
                Action::Undo,
                ctl.session.can_undo(),
                "panel-undo",
                "panel-undo-hover",
            ),
            (
                Action::Redo,
                ctl.session.can_redo(),
                "panel-redo",
                "panel-redo-hover",
            ),
        ] {
            if ui
                .add_enabled(enabled, egui::Button::new(tr!(label)))
                .on_hover_text(hover(&tr!(tip), action))
                .clicked()
            {
                clicked = Some(action);
            }
        }
    });
    clicked
}

/// The live search report: depth, nodes, nodes/s, best move and score (from the computer's
/// own point of view, with its unit: "+3 discs", "+40 eval", "win in 7").
pub fn search_info<G: GameRules>(ui: &mut Ui, ctl: &Controller<G>) {
    let thinking = ctl.is_thinking();
    let Some(info) = ctl.search_info() else {
        if thinking {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(tr!("search-thinking-dots"));
            });
        }
        return;
    };
    ui.horizontal(|ui| {
        if thinking {
            ui.spinner();
        }
        ui.strong(if thinking {
            tr!("search-thinking")
        } else {
            tr!("search-last")
        });
    });
    let score = if info.exact && !info.score.is_proven() {
        tr!("search-exact", score = info.score.label())
    } else {
        info.score.label()
    };
    if info.book {
        ui.label(tr!("search-book"));
    }
    egui::Grid::new("search_info")
        .num_columns(2)
        .show(ui, |ui| {
            // A book move has no depth, nodes or speed to show.
            if !info.book {
                search_effort_rows(ui, info);
            }
            ui.label(tr!("search-best"));
            ui.label(
                info.pv
                    .first()
                    .map_or_else(|| "–".into(), ToString::to_string),
            );
            ui.end_row();
            ui.label(tr!("search-score"));
            ui.label(score);
            ui.end_row();
        });
    if info.pv.len() > 1 {
        let line: Vec<String> = info.pv.iter().map(ToString::to_string).collect();
        ui.label(RichText::new(tr!("search-line", moves = line.join(" "))).small());
    }
}

/// The depth, node count and speed rows of the search display's grid.
fn search_effort_rows<M>(ui: &mut Ui, info: &SearchInfo<M>) {
    ui.label(tr!("search-depth"));
    ui.label(info.depth.to_string());
    ui.end_row();
    ui.label(tr!("search-nodes"));
    ui.label(human_count(info.nodes));
    ui.end_row();
    ui.label(tr!("search-speed"));
    ui.label(if info.elapsed_ms == 0 {
        "–".to_string()
    } else {
        tr!(
            "search-speed-value",
            nodes = human_count(info.nodes_per_second())
        )
    });
    ui.end_row();
}

/// The moves so far, numbered by full move (`1. f5 d6`).
pub fn move_list<G: GameRules>(ui: &mut Ui, ctl: &Controller<G>, marks: &[&str]) {
    ui.strong(tr!("panel-moves", count = ctl.session.ply()));
    let moves: Vec<String> = ctl
        .session
        .moves()
        .enumerate()
        .map(|(i, m)| format!("{m}{}", marks.get(i).copied().unwrap_or("")))
        .collect();
    egui::ScrollArea::vertical()
        .max_height(ui.available_height().max(80.0))
        .stick_to_bottom(true)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            for (i, pair) in moves.chunks(2).enumerate() {
                ui.monospace(format!("{:>3}. {}", i + 1, pair.join("  ")));
            }
        });
}

/// One clickable square or intersection of a painted board, exposed to accessibility as a
/// button named `name` ("d3", "H8") so screen readers and UI tests can find it.
pub fn board_point(
    ui: &Ui,
    rect: egui::Rect,
    id_source: impl std::hash::Hash + std::fmt::Debug,
    name: &str,
) -> egui::Response {
    let response = ui.interact(rect, egui::Id::unique(id_source), egui::Sense::click());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, name));
    response
}

/// A small painted disc or stone of `color` for a side's line in the panel (the default fonts
/// have no "●").
pub fn side_icon(ui: &mut Ui, color: egui::Color32) {
    let (rect, _) = ui.allocate_exact_size(egui::Vec2::splat(14.0), egui::Sense::hover());
    ui.painter().circle_filled(rect.center(), 6.0, color);
    ui.painter().circle_stroke(
        rect.center(),
        6.0,
        egui::Stroke::new(1.0, egui::Color32::GRAY),
    );
}

/// A game-over banner across the lower part of `board`: a dark band with `text` in large type.
pub fn banner(painter: &egui::Painter, board: egui::Rect, text: &str) {
    // Below the middle, so the centre of the board (and most winning lines) stays visible.
    let band = egui::Rect::from_center_size(
        board.center() + egui::vec2(0.0, board.height() * 0.3),
        egui::vec2(board.width() * 0.9, board.height() * 0.16),
    );
    painter.rect_filled(band, 10.0, egui::Color32::from_black_alpha(200));
    painter.text(
        band.center(),
        egui::Align2::CENTER_CENTER,
        text,
        egui::FontId::proportional((board.height() * 0.06).max(14.0)),
        egui::Color32::from_rgb(255, 215, 90),
    );
}

/// 1234567 → "1.23 M".
#[must_use]
pub fn human_count(n: u64) -> String {
    match n {
        0..=9_999 => n.to_string(),
        10_000..=999_999 => format!("{:.1} k", n as f64 / 1e3),
        1_000_000..=999_999_999 => format!("{:.2} M", n as f64 / 1e6),
        _ => format!("{:.2} G", n as f64 / 1e9),
    }
}

#[cfg(test)]
mod tests {
    use super::human_count;

    #[test]
    fn counts_are_abbreviated() {
        assert_eq!(human_count(999), "999");
        assert_eq!(human_count(12_345), "12.3 k");
        assert_eq!(human_count(1_234_567), "1.23 M");
        assert_eq!(human_count(3_000_000_000), "3.00 G");
    }
}
