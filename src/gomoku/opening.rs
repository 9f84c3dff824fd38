//! Tournament opening rules — Swap, Swap2 and Renju's Soosõrv-8 — as a pure state machine:
//! whose turn it is to place stones or to choose, the options at each stage, and the checks
//! that refuse an illegal stone or choice with the reason. A [`super::Position`] carries its
//! [`Opening`]; the stones go on the board as ordinary moves (Black, White, Black, … as
//! always), the choices are steps of their own ([`Choice`]).
//!
//! Who is Black is not known until the swap: the two players are the *first* player, who
//! starts the opening and is tentatively Black, and the *second* ([`Role`]). Each
//! [`Choice::Take`] settles which colour the chooser holds from then on.
//!
//! # The rules
//! - **Free**: no opening rule; Black moves first.
//! - **Swap**: the first player places three stones (black, white, black), anywhere; the
//!   second player chooses a colour; White plays the fourth move.
//! - **Swap2** (the rule of the Gomoku World Championships since 2009 and of Gomocup's Swap2
//!   tournaments; gomocup.org, "Experimental Tournament" 2020–2021, and the Piskvork
//!   protocol's `SWAP2BOARD`, 2022-12-20): the first player places three stones (black,
//!   white, black); the second player then (1) takes White and plays the fourth move,
//!   (2) takes Black (the first player, now White, plays the fourth move), or (3) places two
//!   more stones, a white and a black, and the first player chooses a colour; White plays
//!   the next move.
//! - **Soosõrv-8** (Renju; Soosõrv-N certified by the RIF in 2011, Soosõrv-8 the rule of the
//!   Renju World Championships since 2017; the RIF rules of Renju, renju.net): the first
//!   player puts one of the 26 canonical openings (the first stone on the centre, the second
//!   in the central 3×3 square, the third in the central 5×5 square: see
//!   [`CanonicalOpening`]); the second player may swap; the player with White puts the
//!   fourth move anywhere and declares how many fifth moves Black must offer, 1 to 8; the
//!   other player may swap; Black puts that many fifth moves on the board, no two of them
//!   symmetrical to each other (no symmetry of the four-stone position maps one onto
//!   another); White chooses one of them as the fifth move and plays the sixth.
//!
//! The swaps are *choices of colour* ([`Choice::Take`]): "the second player may swap" is
//! the second player taking Black (swapping) or White (staying).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::point::Point;
use super::position::Position;
use super::rule::{ForbiddenKind, Rule};
use crate::core::Side;
use crate::i18n::Message;
use crate::msg;

/// Most fifth moves Black can be asked to offer under Soosõrv-8.
pub const MAX_OFFERS: u8 = 8;

/// The opening rule a game is played under.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OpeningRule {
    /// No opening rule: Black moves first, each player places their own stones.
    #[default]
    Free,
    /// Three stones by the first player, then the second player chooses a colour.
    Swap,
    /// Three stones, then take Black, take White, or place two more and let the other choose.
    Swap2,
    /// Renju only: a canonical opening, a swap, the fourth move with a number of fifth-move
    /// offers, a swap, the offers, White's pick.
    #[serde(rename = "Soosorv-8")]
    Soosorv8,
}

impl OpeningRule {
    /// Every opening rule, in menu order.
    pub const ALL: [OpeningRule; 4] = [
        OpeningRule::Free,
        OpeningRule::Swap,
        OpeningRule::Swap2,
        OpeningRule::Soosorv8,
    ];

    /// "Free", "Swap", "Swap2" or "Soosõrv-8" (English, for files and logs).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            OpeningRule::Free => "Free",
            OpeningRule::Swap => "Swap",
            OpeningRule::Swap2 => "Swap2",
            OpeningRule::Soosorv8 => "Soosõrv-8",
        }
    }

    /// The rule's name in the window's language.
    #[must_use]
    pub fn label(self) -> String {
        crate::tr!(match self {
            OpeningRule::Free => "opening-rule-free",
            OpeningRule::Swap => "opening-rule-swap",
            OpeningRule::Swap2 => "opening-rule-swap2",
            OpeningRule::Soosorv8 => "opening-rule-soosorv8",
        })
    }

    /// A one-line summary for the UI, in the window's language.
    #[must_use]
    pub fn description(self) -> String {
        crate::tr!(match self {
            OpeningRule::Free => "opening-about-free",
            OpeningRule::Swap => "opening-about-swap",
            OpeningRule::Swap2 => "opening-about-swap2",
            OpeningRule::Soosorv8 => "opening-about-soosorv8",
        })
    }

    /// Whether a game under `rule` can be played with this opening rule (Soosõrv-8 is a
    /// Renju rule; the others suit every rule set).
    #[must_use]
    pub fn suits(self, rule: Rule) -> bool {
        self != OpeningRule::Soosorv8 || rule == Rule::Renju
    }
}

impl fmt::Display for OpeningRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One of the two players of an opening.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// Starts the opening, tentatively Black.
    First,
    /// The other player, tentatively White.
    Second,
}

impl Role {
    /// The other player.
    #[must_use]
    pub fn other(self) -> Role {
        match self {
            Role::First => Role::Second,
            Role::Second => Role::First,
        }
    }

    /// "first player" or "second player" in the window's language.
    #[must_use]
    pub fn message(self) -> Message {
        Message::new(match self {
            Role::First => "opening-role-first",
            Role::Second => "opening-role-second",
        })
    }
}

/// A choice made during an opening. Text form (in saved games): `black`, `white`,
/// `place-two`, `offers 3`, `offer H7`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Choice {
    /// The chooser plays this colour from now on (a swap or a refusal to swap).
    Take(Side),
    /// Swap2's third option: the chooser places two more stones (a white, then a black)
    /// and the other player then chooses a colour.
    PlaceTwo,
    /// Soosõrv: how many fifth moves Black must offer (1 to [`MAX_OFFERS`]), declared by
    /// White with the fourth move.
    Offers(u8),
    /// Soosõrv: a fifth move offered by Black (no stone is placed yet).
    Offer(Point),
}

impl fmt::Display for Choice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Choice::Take(side) => f.write_str(if *side == Side::Black {
                "black"
            } else {
                "white"
            }),
            Choice::PlaceTwo => f.write_str("place-two"),
            Choice::Offers(n) => write!(f, "offers {n}"),
            Choice::Offer(p) => write!(f, "offer {p}"),
        }
    }
}

impl FromStr for Choice {
    type Err = String;

    /// Reads the text form ([`Choice`]'s `Display`), any letter case.
    fn from_str(s: &str) -> Result<Choice, String> {
        let lower = s.trim().to_ascii_lowercase();
        let (word, rest) = lower.split_once(' ').unwrap_or((lower.as_str(), ""));
        let rest = rest.trim();
        match (word, rest) {
            ("black", "") => Ok(Choice::Take(Side::Black)),
            ("white", "") => Ok(Choice::Take(Side::White)),
            ("place-two", "") => Ok(Choice::PlaceTwo),
            ("offers", n) => n
                .parse::<u8>()
                .map(Choice::Offers)
                .map_err(|_| format!("{s:?}: \"offers\" needs a number")),
            ("offer", p) => p
                .parse::<Point>()
                .map(Choice::Offer)
                .map_err(|e| format!("{s:?}: {e}")),
            _ => Err(format!(
                "{s:?} is not a choice (black, white, place-two, offers N, offer H8)"
            )),
        }
    }
}

/// What the opening waits for next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    /// `by` places the next stone, of the position's side to move; `left` stones of this
    /// turn remain (the three opening stones, Swap2's two extra stones, Soosõrv's fourth
    /// move).
    Place {
        /// Who places it.
        by: Role,
        /// Stones left to place in this turn, this one included.
        left: u8,
    },
    /// `by` chooses a colour ([`Choice::Take`]).
    ChooseColour {
        /// Who chooses.
        by: Role,
    },
    /// Swap2 after three stones: `by` takes a colour or chooses [`Choice::PlaceTwo`].
    Swap2Choice {
        /// Who chooses.
        by: Role,
    },
    /// Soosõrv: White (`by`) declares how many fifth moves Black must offer
    /// ([`Choice::Offers`]).
    DeclareOffers {
        /// Who declares.
        by: Role,
    },
    /// Soosõrv: Black (`by`) offers fifth moves ([`Choice::Offer`]); `left` to go.
    Offer {
        /// Who offers.
        by: Role,
        /// Offers still to make.
        left: u8,
    },
    /// Soosõrv: White (`by`) plays one of the offers as the fifth move (a stone, for Black).
    PickOffer {
        /// Who picks.
        by: Role,
    },
    /// The opening is over (or there was none): the game goes on as usual.
    Done,
}

impl Stage {
    /// The player who acts at this stage, `None` once the opening is over.
    #[must_use]
    pub fn actor(self) -> Option<Role> {
        match self {
            Stage::Place { by, .. }
            | Stage::ChooseColour { by }
            | Stage::Swap2Choice { by }
            | Stage::DeclareOffers { by }
            | Stage::Offer { by, .. }
            | Stage::PickOffer { by } => Some(by),
            Stage::Done => None,
        }
    }

    /// Whether the next step is a choice rather than a stone.
    #[must_use]
    pub fn wants_choice(self) -> bool {
        matches!(
            self,
            Stage::ChooseColour { .. }
                | Stage::Swap2Choice { .. }
                | Stage::DeclareOffers { .. }
                | Stage::Offer { .. }
        )
    }
}

/// Why the opening rule refused a stone or a choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
pub enum OpeningError {
    /// A choice is due, not a stone.
    #[error("a choice is due first, not a stone")]
    ChoiceDue,
    /// A stone is due, not a choice.
    #[error("a stone is due, not a choice")]
    StoneDue,
    /// The opening is over: no choice is left to make.
    #[error("the opening is over")]
    Over,
    /// The choice is not one of the options at this stage.
    #[error("\"{0}\" is not one of the options now")]
    NotAnOption(Choice),
    /// Soosõrv: the number of fifth moves is outside 1..=8.
    #[error("Black offers 1 to 8 fifth moves, not {0}")]
    OffersOutOfRange(u8),
    /// Soosõrv: the first stone goes on the centre.
    #[error("{0}: the first stone goes on the centre, {1}")]
    NotCentre(Point, Point),
    /// Soosõrv: the second stone goes next to the first (the central 3×3 square).
    #[error("{0}: the second stone goes next to the centre (the central 3x3 square)")]
    OutsideCentre3(Point),
    /// Soosõrv: the third stone goes in the central 5×5 square.
    #[error("{0}: the third stone goes in the central 5x5 square")]
    OutsideCentre5(Point),
    /// An offer off the board.
    #[error("{0} is off the board")]
    OfferOffBoard(Point),
    /// An offer on a stone.
    #[error("{0} is occupied")]
    OfferOccupied(Point),
    /// The same point offered twice.
    #[error("{0} is already offered")]
    OfferRepeated(Point),
    /// An offer Black may not play (Renju forbidden point).
    #[error("{0} is forbidden for Black: {1}")]
    OfferForbidden(Point, ForbiddenKind),
    /// An offer symmetrical to one already made (the first point is the new offer).
    #[error("{0} is symmetrical to {1}, already offered")]
    OfferSymmetric(Point, Point),
    /// White's fifth move must be one of Black's offers.
    #[error("{0} was not offered: the fifth move is one of Black's offers")]
    NotOffered(Point),
    /// Soosõrv-8 is played under Renju only.
    #[error("Soosõrv-8 is a Renju opening rule")]
    NeedsRenju,
    /// An opening rule starts from an empty board.
    #[error("an opening rule starts from an empty board")]
    NotEmpty,
}

impl OpeningError {
    /// Why, in the window's language (a sentence with a capital).
    #[must_use]
    pub fn message(&self) -> Message {
        let p = |p: Point| p.to_string();
        match *self {
            OpeningError::ChoiceDue => msg!("opening-error-choice-due"),
            OpeningError::StoneDue => msg!("opening-error-stone-due"),
            OpeningError::Over => msg!("opening-error-over"),
            OpeningError::NotAnOption(c) => {
                msg!("opening-error-not-an-option", choice = c.to_string())
            }
            OpeningError::OffersOutOfRange(n) => {
                msg!("opening-error-offers-range", count = n, max = MAX_OFFERS)
            }
            OpeningError::NotCentre(q, c) => {
                msg!("opening-error-not-centre", point = p(q), centre = p(c))
            }
            OpeningError::OutsideCentre3(q) => msg!("opening-error-centre3", point = p(q)),
            OpeningError::OutsideCentre5(q) => msg!("opening-error-centre5", point = p(q)),
            OpeningError::OfferOffBoard(q) => msg!("move-off-board", point = p(q)),
            OpeningError::OfferOccupied(q) => msg!("move-occupied", point = p(q)),
            OpeningError::OfferRepeated(q) => msg!("opening-error-offer-repeated", point = p(q)),
            OpeningError::OfferForbidden(q, kind) => {
                msg!("move-forbidden", point = p(q), kind = kind.message())
            }
            OpeningError::OfferSymmetric(q, r) => {
                msg!("opening-error-offer-symmetric", point = p(q), other = p(r))
            }
            OpeningError::NotOffered(q) => msg!("opening-error-not-offered", point = p(q)),
            OpeningError::NeedsRenju => msg!("opening-error-needs-renju"),
            OpeningError::NotEmpty => msg!("opening-error-not-empty"),
        }
    }
}

/// A choice as the opening keeps it: who made it, and how many stones were on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Made {
    /// Stones on the board when the choice was made.
    pub stones: u8,
    /// Who made it.
    pub by: Role,
    /// The choice.
    pub choice: Choice,
}

/// The opening of one game: its rule and the choices made so far. The stage follows from
/// them and the number of stones on the board ([`Opening::stage`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Opening {
    rule: OpeningRule,
    choices: Vec<Made>,
}

impl Opening {
    /// A fresh opening under `rule`, nothing placed or chosen.
    #[must_use]
    pub fn new(rule: OpeningRule) -> Opening {
        Opening {
            rule,
            choices: Vec::new(),
        }
    }

    /// The opening rule.
    #[must_use]
    pub fn rule(&self) -> OpeningRule {
        self.rule
    }

    /// The choices made so far, oldest first.
    #[must_use]
    pub fn choices(&self) -> &[Made] {
        &self.choices
    }

    /// The colour `role` holds now (tentative until the last swap).
    #[must_use]
    pub fn colour_of(&self, role: Role) -> Side {
        let mut first = Side::Black;
        for m in &self.choices {
            if let Choice::Take(side) = m.choice {
                first = if m.by == Role::First {
                    side
                } else {
                    side.other()
                };
            }
        }
        if role == Role::First {
            first
        } else {
            first.other()
        }
    }

    /// The player holding `side` now.
    #[must_use]
    pub fn role_of(&self, side: Side) -> Role {
        if self.colour_of(Role::First) == side {
            Role::First
        } else {
            Role::Second
        }
    }

    /// Soosõrv: the number of fifth moves declared, once declared.
    #[must_use]
    pub fn declared_offers(&self) -> Option<u8> {
        self.choices.iter().find_map(|m| match m.choice {
            Choice::Offers(n) => Some(n),
            _ => None,
        })
    }

    /// Soosõrv: the fifth moves offered so far, in order.
    #[must_use]
    pub fn offers(&self) -> Vec<Point> {
        self.choices
            .iter()
            .filter_map(|m| match m.choice {
                Choice::Offer(p) => Some(p),
                _ => None,
            })
            .collect()
    }

    /// The choices made at `stones` stones (in order).
    fn made_at(&self, stones: usize) -> impl Iterator<Item = &Made> {
        self.choices
            .iter()
            .filter(move |m| usize::from(m.stones) == stones)
    }

    /// What the opening waits for with `stones` stones on the board (the moves played since
    /// the empty board).
    #[must_use]
    pub fn stage(&self, stones: usize) -> Stage {
        if self.rule == OpeningRule::Free {
            return Stage::Done;
        }
        if stones < 3 {
            return Stage::Place {
                by: Role::First,
                left: (3 - stones) as u8,
            };
        }
        let first = self.made_at(3).next().map(|m| m.choice);
        match (self.rule, first) {
            (OpeningRule::Free, _) => Stage::Done,
            (OpeningRule::Swap | OpeningRule::Soosorv8, None) => {
                Stage::ChooseColour { by: Role::Second }
            }
            (OpeningRule::Swap, Some(_)) | (OpeningRule::Swap2, Some(Choice::Take(_))) => {
                Stage::Done
            }
            (OpeningRule::Swap2, None) => Stage::Swap2Choice { by: Role::Second },
            (OpeningRule::Swap2, Some(_)) => self.swap2_after_place_two(stones),
            (OpeningRule::Soosorv8, Some(_)) => self.soosorv_after_swap(stones),
        }
    }

    /// Swap2 after [`Choice::PlaceTwo`]: the second player's two stones, then the first
    /// player's choice of colour.
    fn swap2_after_place_two(&self, stones: usize) -> Stage {
        if stones < 5 {
            return Stage::Place {
                by: Role::Second,
                left: (5 - stones) as u8,
            };
        }
        if self.made_at(5).next().is_some() {
            Stage::Done
        } else {
            Stage::ChooseColour { by: Role::First }
        }
    }

    /// Soosõrv-8 after the first swap: the fourth move, the declaration, the second swap,
    /// the offers and White's pick.
    fn soosorv_after_swap(&self, stones: usize) -> Stage {
        if stones >= 5 {
            return Stage::Done;
        }
        let white = self.role_of(Side::White);
        if stones < 4 {
            return Stage::Place { by: white, left: 1 };
        }
        let at4: Vec<Choice> = self.made_at(4).map(|m| m.choice).collect();
        let Some(&Choice::Offers(n)) = at4.first() else {
            return Stage::DeclareOffers { by: white };
        };
        if !at4[1..].iter().any(|c| matches!(c, Choice::Take(_))) {
            return Stage::ChooseColour {
                by: self.role_of(Side::Black),
            };
        }
        let made = at4.iter().filter(|c| matches!(c, Choice::Offer(_))).count() as u8;
        if made < n {
            Stage::Offer {
                by: self.role_of(Side::Black),
                left: n - made,
            }
        } else {
            Stage::PickOffer {
                by: self.role_of(Side::White),
            }
        }
    }

    /// Whether `p` may be the next stone of `pos` as far as the opening is concerned (the
    /// board's own checks, occupied or forbidden, come from the position).
    ///
    /// # Errors
    /// [`OpeningError::ChoiceDue`] while a choice is due; under Soosõrv-8 the placement rules
    /// of the first three stones and, for the fifth, [`OpeningError::NotOffered`].
    pub fn check_stone(&self, pos: &Position, p: Point) -> Result<(), OpeningError> {
        let stones = pos.history().len();
        match self.stage(stones) {
            Stage::Done => Ok(()),
            Stage::Place { .. } if self.rule == OpeningRule::Soosorv8 && stones < 3 => {
                let centre = Point::center(pos.size());
                let distance = chebyshev(p, centre);
                match stones {
                    0 if p != centre => Err(OpeningError::NotCentre(p, centre)),
                    1 if distance != 1 => Err(OpeningError::OutsideCentre3(p)),
                    2 if distance > 2 => Err(OpeningError::OutsideCentre5(p)),
                    _ => Ok(()),
                }
            }
            Stage::Place { .. } => Ok(()),
            Stage::PickOffer { .. } if self.offers().contains(&p) => Ok(()),
            Stage::PickOffer { .. } => Err(OpeningError::NotOffered(p)),
            _ => Err(OpeningError::ChoiceDue),
        }
    }

    /// Checks `choice` in `pos` and makes it.
    ///
    /// # Errors
    /// [`OpeningError`] saying why the choice is not allowed now; nothing changes then.
    pub fn choose(&mut self, pos: &Position, choice: Choice) -> Result<(), OpeningError> {
        let stones = pos.history().len();
        let stage = self.stage(stones);
        let by = match stage {
            Stage::Done => return Err(OpeningError::Over),
            Stage::Place { .. } | Stage::PickOffer { .. } => {
                return Err(OpeningError::StoneDue);
            }
            Stage::ChooseColour { by } => match choice {
                Choice::Take(_) => by,
                other => return Err(OpeningError::NotAnOption(other)),
            },
            Stage::Swap2Choice { by } => match choice {
                Choice::Take(_) | Choice::PlaceTwo => by,
                other => return Err(OpeningError::NotAnOption(other)),
            },
            Stage::DeclareOffers { by } => match choice {
                Choice::Offers(n) if (1..=MAX_OFFERS).contains(&n) => by,
                Choice::Offers(n) => return Err(OpeningError::OffersOutOfRange(n)),
                other => return Err(OpeningError::NotAnOption(other)),
            },
            Stage::Offer { by, .. } => match choice {
                Choice::Offer(p) => {
                    self.check_offer(pos, p)?;
                    by
                }
                other => return Err(OpeningError::NotAnOption(other)),
            },
        };
        self.choices.push(Made {
            stones: stones as u8,
            by,
            choice,
        });
        Ok(())
    }

    /// Whether Black may offer `p` as a fifth move in `pos`.
    fn check_offer(&self, pos: &Position, p: Point) -> Result<(), OpeningError> {
        if p.x >= pos.size() || p.y >= pos.size() {
            return Err(OpeningError::OfferOffBoard(p));
        }
        if pos.stone_at(p).is_some() {
            return Err(OpeningError::OfferOccupied(p));
        }
        let offers = self.offers();
        if offers.contains(&p) {
            return Err(OpeningError::OfferRepeated(p));
        }
        if let Some(kind) = pos.forbidden_kind(p) {
            return Err(OpeningError::OfferForbidden(p, kind));
        }
        let symmetries = symmetries_of(pos);
        if let Some(&q) = offers
            .iter()
            .find(|&&q| symmetries.iter().any(|&t| transform(q, t, pos.size()) == p))
        {
            return Err(OpeningError::OfferSymmetric(p, q));
        }
        Ok(())
    }

    /// Forget the choices made after `stones` stones (a stone was taken back).
    pub(crate) fn truncate(&mut self, stones: usize) {
        self.choices.retain(|m| usize::from(m.stones) <= stones);
    }
}

/// The larger of the column and row distances between `a` and `b`.
fn chebyshev(a: Point, b: Point) -> u8 {
    a.x.abs_diff(b.x).max(a.y.abs_diff(b.y))
}

/// One of the 8 symmetries of a square board around its centre: `t & 1` mirrors the
/// columns, `t & 2` the rows, `t & 4` swaps columns and rows (applied in that order).
#[must_use]
pub fn transform(p: Point, t: u8, size: u8) -> Point {
    let n = size - 1;
    let (mut x, mut y) = (p.x, p.y);
    if t & 1 != 0 {
        x = n - x;
    }
    if t & 2 != 0 {
        y = n - y;
    }
    if t & 4 != 0 {
        std::mem::swap(&mut x, &mut y);
    }
    Point { x, y }
}

/// The symmetries (as [`transform`] numbers, 0 = identity) that map every stone of `pos`
/// onto a stone of the same colour.
#[must_use]
pub fn symmetries_of(pos: &Position) -> Vec<u8> {
    let n = pos.size();
    let stones: Vec<(Point, Side)> = (0..n)
        .flat_map(|y| (0..n).map(move |x| Point { x, y }))
        .filter_map(|p| pos.stone_at(p).map(|s| (p, s)))
        .collect();
    (0..8u8)
        .filter(|&t| {
            stones
                .iter()
                .all(|&(p, s)| pos.stone_at(transform(p, t, n)) == Some(s))
        })
        .collect()
}

/// Whether `a` and `b` are the same point up to a symmetry of `pos` (see
/// [`symmetries_of`]): offering both would offer one fifth move twice.
#[must_use]
pub fn symmetric(pos: &Position, a: Point, b: Point) -> bool {
    symmetries_of(pos)
        .into_iter()
        .any(|t| transform(a, t, pos.size()) == b)
}

/// Whether the third stone is "direct" (the second stone beside the first) or "indirect"
/// (diagonally beside it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OpeningFamily {
    /// The white stone orthogonally next to the centre: openings 1D–13D.
    Direct,
    /// The white stone diagonally next to the centre: openings 1I–13I.
    Indirect,
}

/// One of the 26 canonical Renju openings (RIF): the centre stone, a white stone next to it
/// and a black stone in the central 5×5 square, up to the board's symmetries. Numbered as
/// in the RIF's tables (1D–13D, 1I–13I), drawn with the white stone above the centre
/// (direct) or above and to its left (indirect), the third stones numbered row by row from
/// the top, left to right, on one side of the pattern's mirror line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CanonicalOpening {
    /// Direct or indirect.
    pub family: OpeningFamily,
    /// 1 to 13.
    pub number: u8,
    /// The third stone's column and row offsets from the centre in the drawing (rows up).
    pub third: (i8, i8),
    /// The traditional Japanese name, romanised ("Kagetsu").
    pub name: &'static str,
}

impl CanonicalOpening {
    /// "4D", "13I".
    #[must_use]
    pub fn code(&self) -> String {
        let letter = match self.family {
            OpeningFamily::Direct => 'D',
            OpeningFamily::Indirect => 'I',
        };
        format!("{}{letter}", self.number)
    }

    /// The white stone's offset from the centre in the drawing.
    #[must_use]
    pub fn second(&self) -> (i8, i8) {
        match self.family {
            OpeningFamily::Direct => (0, 1),
            OpeningFamily::Indirect => (-1, 1),
        }
    }

    /// The opening's name in the window's language ("4D Kagetsu", "花月 (4D)").
    #[must_use]
    pub fn label(&self) -> String {
        crate::tr!(
            "renju-opening",
            code = self.code(),
            name = crate::tr!(self.key())
        )
    }

    /// The catalogue key of the opening's name.
    #[must_use]
    pub fn key(&self) -> &'static str {
        CANONICAL_KEYS[self.index()]
    }

    /// Position in [`CANONICAL_OPENINGS`].
    #[must_use]
    pub fn index(&self) -> usize {
        let base = match self.family {
            OpeningFamily::Direct => 0,
            OpeningFamily::Indirect => 13,
        };
        base + usize::from(self.number) - 1
    }

    /// The three stones on a `size`×`size` board in the drawing's orientation: the centre,
    /// the white stone, the third stone.
    #[must_use]
    pub fn stones(&self, size: u8) -> [Point; 3] {
        let c = Point::center(size);
        let at = |(dx, dy): (i8, i8)| Point {
            x: c.x.wrapping_add_signed(dx),
            y: c.y.wrapping_add_signed(dy),
        };
        [c, at(self.second()), at(self.third)]
    }
}

const fn direct(number: u8, third: (i8, i8), name: &'static str) -> CanonicalOpening {
    CanonicalOpening {
        family: OpeningFamily::Direct,
        number,
        third,
        name,
    }
}

const fn indirect(number: u8, third: (i8, i8), name: &'static str) -> CanonicalOpening {
    CanonicalOpening {
        family: OpeningFamily::Indirect,
        number,
        third,
        name,
    }
}

/// The 26 canonical openings, 1D–13D then 1I–13I. The five "stars" (-sei, Myojo) have the
/// third stone two points from the centre on a line through it; the "moons" (-getsu) the
/// others.
pub const CANONICAL_OPENINGS: [CanonicalOpening; 26] = [
    direct(1, (0, 2), "Kansei"),
    direct(2, (1, 2), "Keigetsu"),
    direct(3, (2, 2), "Sosei"),
    direct(4, (1, 1), "Kagetsu"),
    direct(5, (2, 1), "Zangetsu"),
    direct(6, (1, 0), "Ugetsu"),
    direct(7, (2, 0), "Kinsei"),
    direct(8, (0, -1), "Shogetsu"),
    direct(9, (1, -1), "Kyugetsu"),
    direct(10, (2, -1), "Shingetsu"),
    direct(11, (0, -2), "Zuisei"),
    direct(12, (1, -2), "Sangetsu"),
    direct(13, (2, -2), "Yusei"),
    indirect(1, (-2, 2), "Chosei"),
    indirect(2, (-1, 2), "Kyogetsu"),
    indirect(3, (0, 2), "Kosei"),
    indirect(4, (1, 2), "Suigetsu"),
    indirect(5, (2, 2), "Ryusei"),
    indirect(6, (0, 1), "Ungetsu"),
    indirect(7, (1, 1), "Hogetsu"),
    indirect(8, (2, 1), "Rangetsu"),
    indirect(9, (1, 0), "Gingetsu"),
    indirect(10, (2, 0), "Myojo"),
    indirect(11, (1, -1), "Shagetsu"),
    indirect(12, (2, -1), "Meigetsu"),
    indirect(13, (2, -2), "Suisei"),
];

/// The catalogue keys of the openings' names, in [`CANONICAL_OPENINGS`] order.
const CANONICAL_KEYS: [&str; 26] = [
    "renju-opening-1d",
    "renju-opening-2d",
    "renju-opening-3d",
    "renju-opening-4d",
    "renju-opening-5d",
    "renju-opening-6d",
    "renju-opening-7d",
    "renju-opening-8d",
    "renju-opening-9d",
    "renju-opening-10d",
    "renju-opening-11d",
    "renju-opening-12d",
    "renju-opening-13d",
    "renju-opening-1i",
    "renju-opening-2i",
    "renju-opening-3i",
    "renju-opening-4i",
    "renju-opening-5i",
    "renju-opening-6i",
    "renju-opening-7i",
    "renju-opening-8i",
    "renju-opening-9i",
    "renju-opening-10i",
    "renju-opening-11i",
    "renju-opening-12i",
    "renju-opening-13i",
];

/// Which canonical opening the stones `first`, `second`, `third` make on a `size`×`size`
/// board (`first` on the centre, `second` beside it, `third` within two points of it, in
/// any orientation); `None` when they make none.
#[must_use]
pub fn canonical_opening(
    size: u8,
    first: Point,
    second: Point,
    third: Point,
) -> Option<CanonicalOpening> {
    let c = Point::center(size);
    let offset = |p: Point| (p.x as i16 - c.x as i16, p.y as i16 - c.y as i16);
    if first != c || chebyshev(second, c) != 1 || chebyshev(third, c) > 2 || third == second {
        return None;
    }
    (0..8u8).find_map(|t| {
        let (w, b) = (
            offset(transform(second, t, size)),
            offset(transform(third, t, size)),
        );
        CANONICAL_OPENINGS.iter().copied().find(|o| {
            let (sx, sy) = o.second();
            let (tx, ty) = o.third;
            w == (i16::from(sx), i16::from(sy)) && b == (i16::from(tx), i16::from(ty))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_placement_of_the_three_stones_is_one_of_the_26() {
        let size = 15;
        let c = Point::center(size);
        let mut seen = std::collections::HashSet::new();
        for second in (6..=8).flat_map(|x| (6..=8).map(move |y| Point { x, y })) {
            if second == c {
                continue;
            }
            for third in (5..=9).flat_map(|x| (5..=9).map(move |y| Point { x, y })) {
                if third == c || third == second {
                    continue;
                }
                let o = canonical_opening(size, c, second, third)
                    .unwrap_or_else(|| panic!("{second} {third}"));
                seen.insert(o.code());
            }
        }
        assert_eq!(seen.len(), 26);
    }

    #[test]
    fn the_drawings_name_their_own_openings() {
        for o in CANONICAL_OPENINGS {
            let [a, b, c] = o.stones(15);
            assert_eq!(canonical_opening(15, a, b, c), Some(o), "{}", o.code());
        }
        // 4D Kagetsu: H8, H9, I9.
        let p = |s: &str| s.parse::<Point>().unwrap();
        let kagetsu = canonical_opening(15, p("H8"), p("H9"), p("I9")).unwrap();
        assert_eq!((kagetsu.code().as_str(), kagetsu.name), ("4D", "Kagetsu"));
        // The same, turned a quarter: H8, G8, G9.
        assert_eq!(
            canonical_opening(15, p("H8"), p("G8"), p("G9")).map(|o| o.code()),
            Some("4D".into())
        );
    }

    #[test]
    fn choices_read_back_from_their_text() {
        for c in [
            Choice::Take(Side::Black),
            Choice::Take(Side::White),
            Choice::PlaceTwo,
            Choice::Offers(3),
            Choice::Offer(Point::new(6, 8)),
        ] {
            assert_eq!(c.to_string().parse::<Choice>(), Ok(c));
        }
        assert!("swap".parse::<Choice>().is_err());
        assert!("offers x".parse::<Choice>().is_err());
    }
}
