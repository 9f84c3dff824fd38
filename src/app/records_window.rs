//! The Records window: profiles (switch, create, rename, delete, hot-seat White, and the
//! current profile's picture), the two current players' records for the current game side by
//! side, and per game a table with one row per profile and one column per computer level
//! (W/L/D and win rate), sortable by win rate at a level by clicking its column header (the
//! ranking per difficulty). [`side_records`] is the one computation of the two players'
//! records, which the side panel shows too.

use std::collections::{BTreeMap, BTreeSet};

use egui::{RichText, Ui};

use crate::core::{AiConfig, BySide, Side};
use crate::persist::{GameKey, LevelKey, Records, Tally};
use crate::session::PlayerKind;
use crate::tr;

use super::persistence::DataStore;
use super::pictures::{self, Face, Pictures};

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

/// One side of the current game and its record there, as the Records window and the side
/// panel show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SideRecord {
    /// A human against the computer: the profile's record against this level in this game.
    VsComputer {
        /// The human's profile.
        name: String,
        /// The computer's level.
        level: LevelKey,
        /// The profile's record against it.
        tally: Tally,
    },
    /// The computer: its level's record in this game against the human (wins are the
    /// computer's); no human in a computer-against-computer game.
    Computer {
        /// The computer's level.
        level: LevelKey,
        /// The human it plays, and the level's record against them.
        against: Option<(String, Tally)>,
    },
    /// A hot-seat player: the head-to-head record against the other profile in this game,
    /// and the profile's win rate over all its recorded games.
    HeadToHead {
        /// This side's profile.
        name: String,
        /// The other side's profile.
        opponent: String,
        /// Their record in this game, from this side's view.
        tally: Tally,
        /// Every recorded game of this profile (all games, levels and opponents).
        overall: Tally,
    },
    /// A hot-seat game with the same profile on both sides (not recorded).
    SameProfile {
        /// The profile.
        name: String,
    },
}

/// Each side of `current`, played by `profiles` (as [`DataStore::side_profiles`] gives
/// them), with its record in `records`.
#[must_use]
pub fn side_records(
    records: &Records,
    profiles: &BySide<Option<String>>,
    current: &CurrentGame,
) -> BySide<SideRecord> {
    let side = |side: Side| {
        let opponent = side.other();
        match (
            *current.players.get(side),
            profiles.get(side),
            *current.players.get(opponent),
        ) {
            (PlayerKind::Human, Some(name), PlayerKind::Computer) => {
                let level = LevelKey::from_config(current.ai.get(opponent));
                SideRecord::VsComputer {
                    name: name.clone(),
                    level,
                    tally: records
                        .profile(name)
                        .map(|p| p.vs_computer(current.key, level))
                        .unwrap_or_default(),
                }
            }
            (PlayerKind::Human, Some(name), PlayerKind::Human) => {
                let other = profiles.get(opponent).clone().unwrap_or_default();
                if other == *name {
                    return SideRecord::SameProfile { name: name.clone() };
                }
                let profile = records.profile(name);
                SideRecord::HeadToHead {
                    name: name.clone(),
                    tally: profile
                        .map(|p| p.head_to_head(&other, current.key))
                        .unwrap_or_default(),
                    overall: profile.map(|p| p.overall()).unwrap_or_default(),
                    opponent: other,
                }
            }
            _ => {
                let level = LevelKey::from_config(current.ai.get(side));
                let human = (*current.players.get(opponent) == PlayerKind::Human)
                    .then(|| profiles.get(opponent).clone())
                    .flatten();
                SideRecord::Computer {
                    level,
                    against: human.map(|h| {
                        let t = records
                            .profile(&h)
                            .map(|p| p.vs_computer(current.key, level))
                            .unwrap_or_default();
                        (h, t.mirrored())
                    }),
                }
            }
        }
    };
    BySide {
        black: side(Side::Black),
        white: side(Side::White),
    }
}

impl SideRecord {
    /// Who plays: the profile's name, or "Computer (Medium)".
    #[must_use]
    pub fn name_line(&self) -> String {
        match self {
            SideRecord::VsComputer { name, .. }
            | SideRecord::HeadToHead { name, .. }
            | SideRecord::SameProfile { name } => name.clone(),
            SideRecord::Computer { level, .. } => {
                tr!("records-computer-name", level = level.label())
            }
        }
    }

    /// The record lines under the name: "vs computer Medium: W 3 · L 1 · D 0 · 75%"; in
    /// hot-seat also "overall 45% of 20 games".
    #[must_use]
    pub fn record_lines(&self) -> Vec<String> {
        match self {
            SideRecord::VsComputer { level, tally, .. } => vec![tr!(
                "records-vs-computer",
                level = level.label(),
                tally = tally_text(*tally)
            )],
            SideRecord::Computer {
                against: Some((human, tally)),
                ..
            } => vec![tr!(
                "records-vs-player",
                opponent = human.as_str(),
                tally = tally_text(*tally)
            )],
            SideRecord::Computer { against: None, .. } => Vec::new(),
            SideRecord::HeadToHead {
                opponent,
                tally,
                overall,
                ..
            } => vec![
                tr!(
                    "records-vs-player",
                    opponent = opponent.as_str(),
                    tally = tally_text(*tally)
                ),
                tr!(
                    "records-overall",
                    rate = format!("{:.0}", overall.win_rate() * 100.0),
                    games = overall.games()
                ),
            ],
            SideRecord::SameProfile { .. } => vec![tr!("records-same-profile")],
        }
    }

    /// The picture of who plays.
    pub fn face(&self, ctx: &egui::Context, data: &DataStore, pictures: &mut Pictures) -> Face {
        match self {
            SideRecord::VsComputer { name, .. }
            | SideRecord::HeadToHead { name, .. }
            | SideRecord::SameProfile { name } => pictures.face(ctx, data, name),
            SideRecord::Computer { level, .. } => Face::Computer(*level),
        }
    }
}

/// What the Records window asks the app to do (it needs more than the window).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordsRequest {
    /// Open the file dialog to choose a picture for this profile.
    ChoosePicture(String),
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
    /// "Delete profile" was clicked: the profile waiting for "Yes, delete".
    confirm_delete: Option<String>,
}

impl RecordsWindow {
    /// Show the window when open.
    pub fn show(
        &mut self,
        ctx: &egui::Context,
        data: &mut DataStore,
        pictures: &mut Pictures,
        current: &CurrentGame,
    ) -> Option<RecordsRequest> {
        let mut open = self.open;
        let mut request = None;
        egui::Window::new(tr!("records-title"))
            .id(egui::Id::unique("records-window"))
            .open(&mut open)
            .default_width(520.0)
            .vscroll(true)
            .show(ctx, |ui| {
                request = self.profiles(ui, data, pictures);
                ui.separator();
                current_players(ui, data, pictures, current);
                ui.separator();
                self.tables(ui, data, pictures);
            });
        self.open = open;
        request
    }

    /// The current profile's picture with "Choose picture…" and "Default picture", and
    /// "Delete profile" (asking first).
    fn picture_and_delete(
        &mut self,
        ui: &mut Ui,
        data: &mut DataStore,
        pictures: &mut Pictures,
    ) -> Option<RecordsRequest> {
        let current = data.profile();
        let mut request = None;
        ui.horizontal(|ui| {
            let face = pictures.face(ui.ctx(), data, &current);
            pictures::show(ui, &face, 48.0);
            ui.vertical(|ui| {
                ui.horizontal_wrapped(|ui| {
                    if ui
                        .button(tr!("picture-choose"))
                        .on_hover_text(tr!("picture-choose-hover"))
                        .clicked()
                    {
                        request = Some(RecordsRequest::ChoosePicture(current.clone()));
                    }
                    let has_picture = data.picture_of(&current).is_some();
                    if ui
                        .add_enabled(has_picture, egui::Button::new(tr!("picture-default")))
                        .clicked()
                    {
                        self.error = data.set_picture(&current, None).err();
                    }
                    let known = data.records().profile(&current).is_some();
                    if ui
                        .add_enabled(known, egui::Button::new(tr!("records-delete-profile")))
                        .clicked()
                    {
                        self.confirm_delete = Some(current.clone());
                    }
                });
                if let Some(name) = self.confirm_delete.clone() {
                    ui.label(tr!("records-delete-confirm", name = name.as_str()));
                    ui.horizontal(|ui| {
                        if ui.button(tr!("records-delete-yes")).clicked() {
                            self.error = data.delete_profile(&name).err();
                            self.confirm_delete = None;
                        }
                        if ui.button(tr!("confirm-cancel")).clicked() {
                            self.confirm_delete = None;
                        }
                    });
                }
            });
        });
        request
    }

    fn profiles(
        &mut self,
        ui: &mut Ui,
        data: &mut DataStore,
        pictures: &mut Pictures,
    ) -> Option<RecordsRequest> {
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
        let request = self.picture_and_delete(ui, data, pictures);
        if let Some(e) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
        request
    }

    fn tables(&mut self, ui: &mut Ui, data: &DataStore, pictures: &mut Pictures) {
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
                            ui.horizontal(|ui| {
                                let face = pictures.face(ui.ctx(), data, name);
                                pictures::show(ui, &face, pictures::TABLE_PICTURE);
                                if sort.is_some() {
                                    ui.label(format!("{}. {name}", i + 1));
                                } else {
                                    ui.label(name);
                                }
                            });
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
                    ui.horizontal(|ui| {
                        for name in [&a, &b] {
                            let face = pictures.face(ui.ctx(), data, name);
                            pictures::show(ui, &face, pictures::TABLE_PICTURE);
                        }
                        ui.label(tr!(
                            "records-head-to-head-line",
                            first = a.as_str(),
                            second = b.as_str(),
                            tally = tally_text(t)
                        ));
                    });
                }
            }
        }
        if !any {
            ui.label(tr!("records-none-yet"));
        }
    }
}

/// The two players of the current game and their records in it, side by side.
fn current_players(ui: &mut Ui, data: &DataStore, pictures: &mut Pictures, current: &CurrentGame) {
    ui.strong(tr!("records-this-game", game = current.key.label()));
    let profiles = data.players_profiles(current.players, current.exchanged);
    let sides = side_records(data.records(), &profiles, current);
    ui.columns(2, |cols| {
        for (col, side) in cols.iter_mut().zip(Side::BOTH) {
            let record = sides.get(side);
            col.horizontal(|ui| {
                let face = record.face(ui.ctx(), data, pictures);
                pictures::show(ui, &face, pictures::PANEL_PICTURE);
                ui.vertical(|ui| {
                    ui.label(tr!(
                        "records-side-player",
                        side = side.label(),
                        name = record.name_line()
                    ));
                    for line in record.record_lines() {
                        ui.label(line);
                    }
                });
            });
        }
    });
}
