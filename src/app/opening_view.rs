//! The Gomoku tab's view of a tournament opening ([`crate::gomoku::opening`]): the opening
//! rule chooser, the section that walks the players through each step (whose step it is,
//! the options, a button per choice, what was decided so far with the computer's reasons),
//! the status line's prompt, and the board's marks (Soosõrv's offers, the squares its first
//! stones go in).

use egui::{Painter, RichText, Stroke, Ui, Vec2};

use crate::core::{GameRules, Side, Step};
use crate::gomoku::opening::{Choice, MAX_OFFERS, OpeningRule, Role, Stage, canonical_opening};
use crate::gomoku::{Point, Position};
use crate::i18n::Message;
use crate::session::{PlayerKind, Session};
use crate::{msg, tr};

use super::board::BoardGeometry;
use super::controller::Controller;
use super::tab::GameView;
use super::theme::Palette;

/// The opening rule chooser for the next game: the rules that suit `rule` (Soosõrv-8 only
/// under Renju). Returns true when the choice changed.
pub fn opening_chooser(ui: &mut Ui, chosen: &mut OpeningRule, rule: crate::gomoku::Rule) -> bool {
    let mut changed = false;
    if !chosen.suits(rule) {
        *chosen = OpeningRule::Free;
        changed = true;
    }
    egui::ComboBox::new("gomoku-opening", tr!("panel-opening-rule"))
        .selected_text(chosen.label())
        .show_ui(ui, |ui| {
            for option in OpeningRule::ALL.into_iter().filter(|o| o.suits(rule)) {
                changed |= ui
                    .selectable_value(chosen, option, option.label())
                    .changed();
            }
        });
    ui.label(RichText::new(chosen.description()).small());
    changed
}

/// Who acts at `stage` of `pos` in words: "the first player (Black, Computer)".
fn who(session: &Session<Position>, role: Role) -> Message {
    let side = session.position().opening().colour_of(role);
    msg!(
        "opening-who",
        role = role.message(),
        side = side,
        player = player_message(*session.players.get(side))
    )
}

fn player_message(kind: PlayerKind) -> Message {
    Message::new(match kind {
        PlayerKind::Human => "player-human",
        PlayerKind::Computer => "player-computer",
    })
}

/// "a black stone" / "a white stone".
fn stone_message(side: Side) -> Message {
    Message::new(match side {
        Side::Black => "opening-black-stone",
        Side::White => "opening-white-stone",
    })
}

/// What the opening waits for, as a sentence naming the player ("the second player (White,
/// Human): choose your colour"); `None` once the opening is over.
#[must_use]
pub fn prompt(session: &Session<Position>) -> Option<String> {
    let pos = session.position();
    if pos.outcome().is_some() {
        return None;
    }
    let stones = pos.history().len();
    let rule = pos.opening().rule();
    let centre = Point::center(pos.size()).to_string();
    let text: Message = match pos.opening_stage() {
        Stage::Done => return None,
        Stage::Place { by, .. } if stones < 3 && rule == OpeningRule::Soosorv8 => {
            let key = match stones {
                0 => "opening-prompt-soosorv-first",
                1 => "opening-prompt-soosorv-second",
                _ => "opening-prompt-soosorv-third",
            };
            msg!(key, who = who(session, by), centre = centre)
        }
        Stage::Place { by, .. } if stones < 3 => msg!(
            "opening-prompt-three",
            who = who(session, by),
            number = stones + 1,
            stone = stone_message(pos.side_to_move())
        ),
        Stage::Place { by, .. } if rule == OpeningRule::Swap2 => msg!(
            "opening-prompt-two",
            who = who(session, by),
            number = stones - 2,
            stone = stone_message(pos.side_to_move())
        ),
        Stage::Place { by, .. } => msg!("opening-prompt-fourth", who = who(session, by)),
        Stage::ChooseColour { by } => msg!("opening-prompt-colour", who = who(session, by)),
        Stage::Swap2Choice { by } => msg!("opening-prompt-swap2", who = who(session, by)),
        Stage::DeclareOffers { by } => msg!(
            "opening-prompt-declare",
            who = who(session, by),
            max = MAX_OFFERS
        ),
        Stage::Offer { by, left } => {
            msg!("opening-prompt-offer", who = who(session, by), count = left)
        }
        Stage::PickOffer { by } => msg!("opening-prompt-pick", who = who(session, by)),
    };
    Some(text.to_string())
}

/// A step of the opening in words, for the section's record: the choices, and the canonical
/// opening once its three stones are down.
fn step_line(pos_before: &Position, step: Step<Point, Choice>) -> Option<Message> {
    let by = pos_before.opening_stage().actor()?;
    let side = pos_before.opening().colour_of(by);
    match step {
        Step::Choice(Choice::Take(taken)) => {
            Some(msg!("opening-did-take", role = by.message(), side = taken))
        }
        Step::Choice(Choice::PlaceTwo) => Some(msg!("opening-did-place-two", role = by.message())),
        Step::Choice(Choice::Offers(n)) => {
            Some(msg!("opening-did-declare", side = side, count = n))
        }
        Step::Choice(Choice::Offer(p)) => Some(msg!(
            "opening-did-offer",
            side = side,
            point = p.to_string()
        )),
        Step::Move(p) => {
            let stones = pos_before.history();
            if pos_before.opening().rule() == OpeningRule::Soosorv8 && stones.len() == 2 {
                let o = canonical_opening(pos_before.size(), stones[0], stones[1], p)?;
                Some(msg!("opening-did-canonical", name = o.label()))
            } else if matches!(pos_before.opening_stage(), Stage::PickOffer { .. }) {
                Some(msg!("opening-did-pick", point = p.to_string()))
            } else {
                None
            }
        }
    }
}

/// The opening section of the side panel, while the live game has an opening rule: the
/// prompt and a button per option for a human's choice, then the record of the opening
/// with the computer's reasons.
pub fn opening_section(ui: &mut Ui, ctl: &mut Controller<Position>) {
    let rule = ctl.session.start_position().opening().rule();
    if rule == OpeningRule::Free {
        return;
    }
    ui.strong(tr!("opening-heading", rule = rule.label()));
    if let Some(text) = prompt(&ctl.session) {
        ui.label(RichText::new(text).strong());
    }
    let human = ctl.session.player_to_move() == PlayerKind::Human;
    let stage = ctl.session.position().opening_stage();
    let mut chosen = None;
    if human && ctl.outcome().is_none() {
        ui.horizontal_wrapped(|ui| {
            let take = |ui: &mut Ui, chosen: &mut Option<Choice>| {
                if ui.button(tr!("opening-take-black")).clicked() {
                    *chosen = Some(Choice::Take(Side::Black));
                }
                if ui.button(tr!("opening-take-white")).clicked() {
                    *chosen = Some(Choice::Take(Side::White));
                }
            };
            match stage {
                Stage::ChooseColour { .. } => take(ui, &mut chosen),
                Stage::Swap2Choice { .. } => {
                    take(ui, &mut chosen);
                    if ui.button(tr!("opening-place-two")).clicked() {
                        chosen = Some(Choice::PlaceTwo);
                    }
                }
                Stage::DeclareOffers { .. } => {
                    for n in 1..=MAX_OFFERS {
                        let button = ui.button(n.to_string());
                        // A bare number would say nothing to a screen reader.
                        let name = tr!("opening-offers-label", count = n);
                        button.widget_info(|| {
                            egui::WidgetInfo::labeled(egui::Role::Button, true, &name)
                        });
                        if button
                            .on_hover_text(tr!("opening-offers-hover", count = n))
                            .clicked()
                        {
                            chosen = Some(Choice::Offers(n));
                        }
                    }
                }
                _ => {}
            }
        });
    }
    if let Some(choice) = chosen {
        // A refusal shows in the status line.
        let _ = ctl.human_choice(choice);
    }
    record(ui, ctl);
}

/// What the opening did so far, oldest first, with the computer's reasons under the steps
/// they explain.
fn record(ui: &mut Ui, ctl: &Controller<Position>) {
    let mut lines: Vec<(usize, String, bool)> = Vec::new();
    let mut pos = ctl.session.start_position().clone();
    for (i, step) in ctl.session.steps().enumerate() {
        if let Some(text) = step_line(&pos, step) {
            lines.push((i + 1, text.to_string(), false));
        }
        let ok = match step {
            Step::Move(p) => pos.play(p).is_ok(),
            Step::Choice(c) => pos.choose(c).is_ok(),
        };
        if !ok || pos.opening_stage() == Stage::Done {
            break;
        }
    }
    for (at, note) in ctl.notes() {
        lines.push((*at, note.to_string(), true));
    }
    // A reason comes before the steps it explains (it is kept with the plan's first step).
    lines.sort_by_key(|(at, _, note)| (*at, !*note));
    for (_, text, note) in lines {
        if note {
            ui.label(RichText::new(text).italics());
        } else {
            ui.label(RichText::new(text).small());
        }
    }
}

/// The board's marks of an opening: Soosõrv's offered fifth moves (faint black stones in a
/// ring) and, for its first three stones, the square the next one goes in.
pub fn draw_marks(painter: &Painter, pos: &Position, geo: &BoardGeometry, palette: &Palette) {
    let at = |p: Point| Position::cell_of(pos, p).map(|c| geo.center(c));
    let stage = pos.opening_stage();
    if matches!(stage, Stage::Offer { .. } | Stage::PickOffer { .. }) {
        for (i, p) in pos.opening().offers().into_iter().enumerate() {
            let Some(m) = at(p) else { continue };
            let r = geo.pitch * 0.4;
            painter.circle_filled(m, r, palette.piece(Side::Black).gamma_multiply(0.35));
            painter.circle_stroke(m, r, Stroke::new(2.0, palette.highlight));
            painter.text(
                m,
                egui::Align2::CENTER_CENTER,
                (i + 1).to_string(),
                egui::FontId::proportional(geo.pitch * 0.34),
                palette.piece(Side::White),
            );
        }
    }
    let stones = pos.history().len();
    if pos.opening().rule() == OpeningRule::Soosorv8
        && matches!(stage, Stage::Place { .. })
        && (1..=2).contains(&stones)
    {
        let reach = stones as f32; // 3×3 for the second stone, 5×5 for the third
        if let Some(c) = at(Point::center(pos.size())) {
            let half = geo.pitch * (reach + 0.45);
            let rect = egui::Rect::from_center_size(c, Vec2::splat(2.0 * half));
            painter.rect_stroke(
                rect,
                2.0,
                Stroke::new(1.5, palette.highlight),
                egui::StrokeKind::Middle,
            );
        }
    }
}
