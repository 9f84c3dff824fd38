//! The Records window: profiles (switch, create, rename, hot-seat White), the two current
//! players' records for the current game side by side, and per game a table with one row
//! per profile and one column per computer level (W/L/D and win rate), sortable by win rate
//! at a level by clicking its column header (the ranking per difficulty).

use std::collections::{BTreeMap, BTreeSet};

use egui::{RichText, Ui};

use crate::core::{AiConfig, BySide, Side};
use crate::persist::{GameKey, LevelKey, Tally};
use crate::session::PlayerKind;
use crate::tr;

use super::persistence::DataStore;

/// "W 3 · L 1 · D 0 · 75%", "胜 3 · 负 1 · 和 0 · 胜率 75%"; with "· 2 with hints" when
/// hints were used in some of these games.
#[must_use]
pub fn tally_text(t: Tally) -> String {
    let rate = format!("{:.0}", t.win_rate() * 100.0);
    if t.hinted == 0 {
        tr!(
            "records-tally",
            wins = t.wins,
            losses = t.losses,
            draws = t.draws,
            rate = rate
        )
    } else {
        tr!(
            "records-tally-hinted",
            wins = t.wins,
            losses = t.losses,
            draws = t.draws,
            rate = rate,
            hinted = t.hinted
        )
    }
}

/// The game on screen, as the Records window describes it.
#[derive(Clone, Debug)]
pub struct CurrentGame {
    /// Its key in the records.
    pub key: GameKey,
    /// Who plays each side.
    pub players: BySide<PlayerKind>,
    /// The computer settings of each side.
    pub ai: BySide<AiConfig>,
    /// The players hold the other colours than at the start (a swap in an opening): in a
    /// hot-seat game the profiles change colours with them.
    pub exchanged: bool,
}

/// The Records window's state.
#[derive(Debug, Default)]
pub struct RecordsWindow {
    /// Whether the window is shown.
    pub open: bool,
    name: String,
    error: Option<String>,
    /// The level each game's table is sorted by (win rate, best first); none = by name.
    sort: BTreeMap<GameKey, LevelKey>,
}

impl RecordsWindow {
    /// Show the window when open.
    pub fn show(&mut self, ctx: &egui::Context, data: &mut DataStore, current: &CurrentGame) {
        let mut open = self.open;
        egui::Window::new(tr!("records-title"))
            .id(egui::Id::unique("records-window"))
            .open(&mut open)
            .default_width(520.0)
            .vscroll(true)
            .show(ctx, |ui| {
                self.profiles(ui, data);
                ui.separator();
                current_players(ui, data, current);
                ui.separator();
                self.tables(ui, data);
            });
        self.open = open;
    }

    fn profiles(&mut self, ui: &mut Ui, data: &mut DataStore) {
        ui.strong(tr!("records-profiles"));
        let names = data.profile_names();
        let mut current = data.profile();
        egui::ComboBox::new("records-profile", tr!("records-profile"))
            .selected_text(current.as_str())
            .show_ui(ui, |ui| {
                for n in &names {
                    ui.selectable_value(&mut current, n.clone(), n);
                }
            });
        if current != data.profile() {
            data.set_profile(&current);
        }
        let mut white = data.white_profile();
        let same = tr!("records-same-as-black");
        egui::ComboBox::new("records-white-profile", tr!("records-white-profile"))
            .selected_text(white.clone().unwrap_or_else(|| same.clone()))
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut white, None, same);
                for n in names.iter().filter(|n| **n != current) {
                    ui.selectable_value(&mut white, Some(n.clone()), n);
                }
            });
        if white != data.white_profile() {
            data.set_white_profile(white);
        }
        ui.horizontal(|ui| {
            ui.add(
                egui::TextEdit::singleline(&mut self.name)
                    .hint_text(tr!("records-name-hint"))
                    .desired_width(160.0),
            )
            .labelled_by(ui.label(tr!("records-name")).id);
            if ui.button(tr!("records-create-profile")).clicked() {
                self.error = data.create_profile(&self.name).err();
                if self.error.is_none() {
                    self.name.clear();
                }
            }
            if ui.button(tr!("records-rename-profile")).clicked() {
                self.error = data.rename_profile(&self.name).err();
                if self.error.is_none() {
                    self.name.clear();
                }
            }
        });
        if let Some(e) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
    }

    fn tables(&mut self, ui: &mut Ui, data: &DataStore) {
        let records = data.records();
        let mut any = false;
        for key in GameKey::ALL {
            let levels: BTreeSet<LevelKey> = records
                .profiles()
                .iter()
                .flat_map(|p| p.vs_computer_entries())
                .filter(|(g, _, t)| *g == key && t.games() > 0)
                .map(|(_, l, _)| l)
                .collect();
            let h2h: Vec<(String, String, Tally)> = records
                .profiles()
                .iter()
                .flat_map(|p| {
                    p.head_to_head_entries()
                        .filter(|(o, g, t)| *g == key && t.games() > 0 && p.name() < *o)
                        .map(|(o, _, t)| (p.name().to_string(), o.to_string(), t))
                        .collect::<Vec<_>>()
                })
                .collect();
            if levels.is_empty() && h2h.is_empty() {
                continue;
            }
            any = true;
            ui.add_space(6.0);
            ui.heading(key.label());
            if !levels.is_empty() {
                let sort = self.sort.get(&key).copied();
                let mut rows: Vec<String> = match sort {
                    Some(level) => records
                        .ranking(key, level)
                        .into_iter()
                        .map(|r| r.name)
                        .collect(),
                    None => Vec::new(),
                };
                for p in records.profiles() {
                    let played = p
                        .vs_computer_entries()
                        .any(|(g, _, t)| g == key && t.games() > 0);
                    if played && !rows.iter().any(|r| r == p.name()) {
                        rows.push(p.name().to_string());
                    }
                }
                egui::Grid::new(("records", key.as_str()))
                    .striped(true)
                    .num_columns(levels.len() + 1)
                    .show(ui, |ui| {
                        ui.strong(tr!("records-column-profile"));
                        for level in &levels {
                            let sorted = sort == Some(*level);
                            let label = if sorted {
                                tr!("records-ranked", level = level.label())
                            } else {
                                level.label()
                            };
                            if ui
                                .selectable_label(sorted, label)
                                .on_hover_text(tr!("records-rank-hover"))
                                .clicked()
                            {
                                if sorted {
                                    self.sort.remove(&key);
                                } else {
                                    self.sort.insert(key, *level);
                                }
                            }
                        }
                        ui.end_row();
                        for (i, name) in rows.iter().enumerate() {
                            if sort.is_some() {
                                ui.label(format!("{}. {name}", i + 1));
                            } else {
                                ui.label(name);
                            }
                            let profile = records.profile(name);
                            for level in &levels {
                                let t = profile
                                    .map(|p| p.vs_computer(key, *level))
                                    .unwrap_or_default();
                                if t.games() == 0 {
                                    ui.label("–");
                                } else {
                                    ui.label(tally_text(t));
                                }
                            }
                            ui.end_row();
                        }
                    });
            }
            if !h2h.is_empty() {
                ui.label(RichText::new(tr!("records-head-to-head")).italics());
                for (a, b, t) in h2h {
                    ui.label(tr!(
                        "records-head-to-head-line",
                        first = a,
                        second = b,
                        tally = tally_text(t)
                    ));
                }
            }
        }
        if !any {
            ui.label(tr!("records-none-yet"));
        }
    }
}

/// The two players of the current game and their records in it, side by side.
fn current_players(ui: &mut Ui, data: &DataStore, current: &CurrentGame) {
    ui.strong(tr!("records-this-game", game = current.key.label()));
    let profiles = data.players_profiles(current.players, current.exchanged);
    let records = data.records();
    ui.columns(2, |cols| {
        for (col, side) in cols.iter_mut().zip(Side::BOTH) {
            let opponent = side.other();
            match (
                *current.players.get(side),
                profiles.get(side),
                *current.players.get(opponent),
            ) {
                (PlayerKind::Human, Some(name), PlayerKind::Computer) => {
                    let level = LevelKey::from_config(current.ai.get(opponent));
                    let t = records
                        .profile(name)
                        .map(|p| p.vs_computer(current.key, level))
                        .unwrap_or_default();
                    col.label(tr!(
                        "records-side-player",
                        side = side.label(),
                        name = name.as_str()
                    ));
                    col.label(tr!(
                        "records-vs-computer",
                        level = level.label(),
                        tally = tally_text(t)
                    ));
                }
                (PlayerKind::Human, Some(name), PlayerKind::Human) => {
                    col.label(tr!(
                        "records-side-player",
                        side = side.label(),
                        name = name.as_str()
                    ));
                    let other = profiles.get(opponent).clone().unwrap_or_default();
                    if other == *name {
                        col.label(tr!("records-same-profile"));
                    } else {
                        let t = records
                            .profile(name)
                            .map(|p| p.head_to_head(&other, current.key))
                            .unwrap_or_default();
                        col.label(tr!(
                            "records-vs-player",
                            opponent = other,
                            tally = tally_text(t)
                        ));
                    }
                }
                _ => {
                    let level = LevelKey::from_config(current.ai.get(side));
                    col.label(tr!(
                        "records-side-computer",
                        side = side.label(),
                        level = level.label()
                    ));
                }
            }
        }
    });
}
