//! [`Position`]: a Gomoku game as a value — board, rule set, side to move, move history,
//! result — implementing [`GameRules`].
//!
//! Modelling choices:
//! - A Renju forbidden move is REFUSED by [`Position::play`] with
//!   [`IllegalMove::Forbidden`]; it is never on the board (the UI does not let it happen). RIF
//!   would instead let Black play it and lose; the outcome is the same for White.
//! - If, under Renju, Black is to move and every empty point is forbidden, Black has no legal
//!   move; RIF says Black must play and so loses: the game is over as a win for White
//!   ([`GameRules::outcome`] returns `Some(Outcome::Win(White))`).
//! - A full board without a winner is a draw.
//! - Under Standard an overline does not win and the game goes on.

use crate::core::{GameRules, Outcome, Score, Side};

use super::board::{BLACK, Cells, DIRS, EMPTY, WHITE, stone};
use super::opening::{Choice, Opening, OpeningError, OpeningRule, Role, Stage};
use super::pattern::Pattern;
use super::point::Point;
use super::rule::{ForbiddenKind, IllegalMove, Rule, SetupError, SizeError, Threat};
use super::{DEFAULT_SIZE, MAX_SIZE, MIN_SIZE};

/// A Gomoku position: the board, the rule set, whose turn it is, the moves played (after any
/// set-up stones) and the result once the game is over.
///
/// ```
/// use reversi_gomoku::core::{GameRules, Side};
/// use reversi_gomoku::gomoku::{ForbiddenKind, IllegalMove, Point, Position, Rule};
///
/// let mut pos = Position::new(15, Rule::Renju)?;
/// for m in ["f8", "a1", "g8", "a3", "h9", "a5", "h10", "a7"] {
///     pos.play(m.parse()?)?;
/// }
/// // H8 would make two open threes for Black: row F8-G8-H8 and column H8-H9-H10.
/// let h8: Point = "h8".parse()?;
/// assert_eq!(pos.forbidden_kind(h8), Some(ForbiddenKind::DoubleThree));
/// assert_eq!(pos.play(h8), Err(IllegalMove::Forbidden(h8, ForbiddenKind::DoubleThree)));
/// pos.play("i8".parse()?)?;
/// assert_eq!(pos.side_to_move(), Side::White);
/// assert_eq!(pos.outcome(), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    cells: Cells,
    rule: Rule,
    to_move: Side,
    history: Vec<Point>,
    outcome: Option<Outcome>,
    win_line: Option<Vec<Point>>,
    /// The tournament opening rule and the choices made under it (Free: none).
    opening: Opening,
}

impl Default for Position {
    /// An empty 15×15 Freestyle board.
    fn default() -> Position {
        Position::new(DEFAULT_SIZE, Rule::Freestyle).expect("15 is a valid size")
    }
}

impl Position {
    /// An empty `size`×`size` board, Black to move.
    ///
    /// # Errors
    /// [`SizeError`] when `size` is outside 9..=19, or is not 15 under Renju.
    pub fn new(size: u8, rule: Rule) -> Result<Position, SizeError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(SizeError::OutOfRange(size));
        }
        if rule == Rule::Renju && size != 15 {
            return Err(SizeError::RenjuNeeds15(size));
        }
        Ok(Position {
            cells: Cells::new(size),
            rule,
            to_move: Side::Black,
            history: Vec::new(),
            outcome: None,
            win_line: None,
            opening: Opening::default(),
        })
    }

    /// This empty board played under the opening rule `rule` (see [`super::opening`]).
    ///
    /// # Errors
    /// [`OpeningError::NotEmpty`] when stones are on the board; [`OpeningError::NeedsRenju`]
    /// for Soosõrv-8 under another rule than Renju.
    pub fn with_opening(mut self, rule: OpeningRule) -> Result<Position, OpeningError> {
        if self.stone_count() != 0 {
            return Err(OpeningError::NotEmpty);
        }
        if !rule.suits(self.rule) {
            return Err(OpeningError::NeedsRenju);
        }
        self.opening = Opening::new(rule);
        Ok(self)
    }

    /// The opening rule and the choices made under it.
    #[must_use]
    pub fn opening(&self) -> &Opening {
        &self.opening
    }

    /// What the opening waits for now ([`Stage::Done`] once it is over, or without one).
    #[must_use]
    pub fn opening_stage(&self) -> Stage {
        self.opening.stage(self.history.len())
    }

    /// Make `choice` for the player whose choice it is (see [`super::opening`]).
    ///
    /// # Errors
    /// [`IllegalMove::GameOver`], or [`IllegalMove::Opening`] saying why the choice is not
    /// allowed now; the position is then unchanged.
    pub fn choose(&mut self, choice: Choice) -> Result<(), IllegalMove> {
        if self.outcome.is_some() {
            return Err(IllegalMove::GameOver);
        }
        let mut opening = self.opening.clone();
        opening.choose(self, choice).map_err(IllegalMove::Opening)?;
        self.opening = opening;
        Ok(())
    }

    /// The same stones and moves without the opening rule: the plain position the engines
    /// judge (the stage of an opening changes who moves, not what the stones are worth).
    #[must_use]
    pub fn without_opening(&self) -> Position {
        Position {
            opening: Opening::default(),
            ..self.clone()
        }
    }

    /// A set-up position: the given stones, `to_move` to play, an empty history (so
    /// [`Position::undo`] stops at the set-up). Stones are not checked for Renju legality; a
    /// five already on the board ends the game (first five found, Black's first).
    ///
    /// # Errors
    /// [`SetupError`] for a bad size, a stone off the board, or a point given twice.
    pub fn with_stones(
        size: u8,
        rule: Rule,
        black: &[Point],
        white: &[Point],
        to_move: Side,
    ) -> Result<Position, SetupError> {
        let mut pos = Position::new(size, rule)?;
        for (side, list) in [(Side::Black, black), (Side::White, white)] {
            for &p in list {
                if !pos.cells.on_board(p) {
                    return Err(SetupError::OffBoard(p));
                }
                let idx = Cells::index_of(p);
                if pos.cells.cells[idx] != EMPTY {
                    return Err(SetupError::Duplicate(p));
                }
                pos.cells.cells[idx] = stone(side);
            }
        }
        pos.to_move = to_move;
        'scan: for side in Side::BOTH {
            for &p in if side == Side::Black { black } else { white } {
                if let Some(line) = pos.winning_run(Cells::index_of(p), side) {
                    pos.outcome = Some(Outcome::Win(side));
                    pos.win_line = Some(line);
                    break 'scan;
                }
            }
        }
        if pos.outcome.is_none() {
            pos.outcome = pos.no_move_outcome();
        }
        Ok(pos)
    }

    /// A set-up position a game can go on from ("edit mode"): as [`Position::with_stones`],
    /// but refused when no game could have reached it or nothing can be played.
    ///
    /// # Errors
    /// As [`Position::with_stones`]; also [`SetupError::StoneCounts`] unless Black has as many
    /// stones as White or one more, [`SetupError::WrongTurn`] when `to_move` is not the side
    /// those counts give, [`SetupError::FiveOnBoard`] when the game is already won, and
    /// [`SetupError::Full`] for a full board.
    pub fn playable_setup(
        size: u8,
        rule: Rule,
        black: &[Point],
        white: &[Point],
        to_move: Side,
    ) -> Result<Position, SetupError> {
        let pos = Position::with_stones(size, rule, black, white, to_move)?;
        match pos.outcome {
            Some(Outcome::Win(side)) => return Err(SetupError::FiveOnBoard(side)),
            Some(Outcome::Draw) => return Err(SetupError::Full),
            None => {}
        }
        let (b, w) = (black.len(), white.len());
        let expected = match b.checked_sub(w) {
            Some(0) => Side::Black,
            Some(1) => Side::White,
            _ => return Err(SetupError::StoneCounts { black: b, white: w }),
        };
        if to_move != expected {
            return Err(SetupError::WrongTurn { expected });
        }
        Ok(pos)
    }

    /// Board side in intersections (9..=19).
    #[must_use]
    pub fn size(&self) -> u8 {
        self.cells.size
    }

    /// The rule set.
    #[must_use]
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The side to move (also after the game ended: the side that would move next).
    #[must_use]
    pub fn side_to_move(&self) -> Side {
        self.to_move
    }

    /// The stone at `p`, `None` when empty or off the board.
    #[must_use]
    pub fn stone_at(&self, p: Point) -> Option<Side> {
        if !self.cells.on_board(p) {
            return None;
        }
        match self.cells.cells[Cells::index_of(p)] {
            BLACK => Some(Side::Black),
            WHITE => Some(Side::White),
            _ => None,
        }
    }

    /// The moves played, in order (Black first on a fresh board; after the set-up stones for
    /// [`Position::with_stones`]).
    #[must_use]
    pub fn history(&self) -> &[Point] {
        &self.history
    }

    /// The last move played, if any.
    #[must_use]
    pub fn last_move(&self) -> Option<Point> {
        self.history.last().copied()
    }

    /// Number of stones on the board.
    #[must_use]
    pub fn stone_count(&self) -> usize {
        self.cells
            .all_indices()
            .filter(|&i| self.cells.cells[i] != EMPTY)
            .count()
    }

    /// The stones of the winning five (or overline, where it wins), in line order, for
    /// highlighting; `None` unless the game was won on the board.
    #[must_use]
    pub fn winning_line(&self) -> Option<Vec<Point>> {
        self.win_line.clone()
    }

    /// Why a Black stone at the empty point `p` would be forbidden under Renju, whoever is to
    /// move (RIF rule 9, exact recursive definition); `None` when allowed, occupied, off the
    /// board, or when the rule is not Renju.
    #[must_use]
    pub fn forbidden_kind(&self, p: Point) -> Option<ForbiddenKind> {
        if self.rule != Rule::Renju || !self.cells.on_board(p) {
            return None;
        }
        let idx = Cells::index_of(p);
        if self.cells.cells[idx] != EMPTY || !self.cells.maybe_forbidden(idx) {
            return None;
        }
        self.cells.clone().forbidden(idx)
    }

    /// All forbidden points with their reason when the rule is Renju, Black is to move and
    /// the game is not over; empty otherwise. Ordered row by row from the bottom.
    #[must_use]
    pub fn forbidden_points(&self) -> Vec<(Point, ForbiddenKind)> {
        if self.rule != Rule::Renju || self.to_move != Side::Black || self.outcome.is_some() {
            return Vec::new();
        }
        let mut scratch = self.cells.clone();
        let mut out = Vec::new();
        for idx in self.cells.all_indices() {
            if self.cells.cells[idx] == EMPTY
                && self.cells.maybe_forbidden(idx)
                && let Some(kind) = scratch.forbidden(idx)
            {
                out.push((Cells::point_of(idx), kind));
            }
        }
        out
    }

    /// Empty points where a stone of a side would make a four (or five) — [`Threat::Four`] —
    /// or else an open three — [`Threat::OpenThree`] — for both sides, row by row from the
    /// bottom, Black before White at one point. Pattern-level (line patterns as in
    /// [`crate::gomoku::pattern`]); under Renju, Black's forbidden points are left out.
    /// Empty once the game is over.
    #[must_use]
    pub fn threat_points(&self) -> Vec<(Point, Side, Threat)> {
        let mut out = Vec::new();
        if self.outcome.is_some() {
            return out;
        }
        let mut scratch = self.cells.clone();
        for idx in self.cells.all_indices() {
            if self.cells.cells[idx] != EMPTY {
                continue;
            }
            for side in Side::BOTH {
                let exact = self.rule.exact_five(side);
                let mut best: Option<Threat> = None;
                for d in 0..4 {
                    match self.cells.pattern(idx, d, side, exact) {
                        p if p.is_four() || p == Pattern::Five => best = Some(Threat::Four),
                        Pattern::OpenThree if best.is_none() => best = Some(Threat::OpenThree),
                        _ => {}
                    }
                }
                let Some(t) = best else { continue };
                if self.rule == Rule::Renju
                    && side == Side::Black
                    && self.cells.maybe_forbidden(idx)
                    && scratch.forbidden(idx).is_some()
                {
                    continue;
                }
                out.push((Cells::point_of(idx), side, t));
            }
        }
        out
    }

    /// Empty points where a stone of `side` would complete a winning five under the rule set
    /// (so `side` has a four now), whoever is to move; row by row from the bottom.
    #[must_use]
    pub fn five_points(&self, side: Side) -> Vec<Point> {
        let exact = self.rule.exact_five(side);
        self.cells
            .all_indices()
            .filter(|&i| {
                self.cells.cells[i] == EMPTY
                    && (0..4).any(|d| self.cells.pattern(i, d, side, exact) == Pattern::Five)
            })
            .map(Cells::point_of)
            .collect()
    }

    /// Whether `p` is a legal move now (see [`GameRules::check_move`]).
    #[must_use]
    pub fn is_legal(&self, p: Point) -> bool {
        self.check_move(p).is_ok()
    }

    /// Play `p` for the side to move.
    ///
    /// # Errors
    /// [`IllegalMove::GameOver`], [`IllegalMove::OffBoard`], [`IllegalMove::Occupied`], or under
    /// Renju [`IllegalMove::Forbidden`] for a forbidden Black move; the position is then unchanged.
    pub fn play(&mut self, p: Point) -> Result<(), IllegalMove> {
        self.check_move(p)?;
        let side = self.to_move;
        let idx = Cells::index_of(p);
        self.cells.cells[idx] = stone(side);
        self.history.push(p);
        self.to_move = !side;
        if let Some(line) = self.winning_run(idx, side) {
            self.outcome = Some(Outcome::Win(side));
            self.win_line = Some(line);
        } else {
            self.outcome = self.no_move_outcome();
        }
        Ok(())
    }

    /// Take back the last move exactly (stone, side to move, result); `None` when there is no
    /// move in the history.
    pub fn undo(&mut self) -> Option<Point> {
        let p = self.history.pop()?;
        self.opening.truncate(self.history.len());
        self.cells.cells[Cells::index_of(p)] = EMPTY;
        self.to_move = !self.to_move;
        self.outcome = None;
        self.win_line = None;
        Some(p)
    }

    pub(crate) fn cells(&self) -> &Cells {
        &self.cells
    }

    /// The winning run through the new stone at `idx`, if `side` just won with it.
    fn winning_run(&self, idx: usize, side: Side) -> Option<Vec<Point>> {
        let exact = self.rule.exact_five(side);
        for (d, &dir) in DIRS.iter().enumerate() {
            let (len, back, _) = self.cells.run(idx, d, side);
            if len == 5 || (len > 5 && !exact) {
                let start = idx.wrapping_add_signed(-dir * back as isize);
                return Some(
                    (0..len)
                        .map(|k| Cells::point_of(start.wrapping_add_signed(dir * k as isize)))
                        .collect(),
                );
            }
        }
        None
    }

    /// The result when nobody has five: a draw on a full board, a White win when Renju Black
    /// is to move and every empty point is forbidden, otherwise `None`.
    fn no_move_outcome(&self) -> Option<Outcome> {
        let mut empties = self
            .cells
            .all_indices()
            .filter(|&i| self.cells.cells[i] == EMPTY);
        if self.rule != Rule::Renju || self.to_move != Side::Black {
            return if empties.next().is_none() {
                Some(Outcome::Draw)
            } else {
                None
            };
        }
        let mut scratch = self.cells.clone();
        let mut any_empty = false;
        for idx in empties {
            any_empty = true;
            if !self.cells.maybe_forbidden(idx) || scratch.forbidden(idx).is_none() {
                return None;
            }
        }
        Some(if any_empty {
            Outcome::Win(Side::White)
        } else {
            Outcome::Draw
        })
    }
}

impl GameRules for Position {
    type Move = Point;
    type Illegal = IllegalMove;
    type Choice = Choice;

    fn illegal_message(err: &IllegalMove) -> crate::i18n::Message {
        err.message()
    }

    fn side_to_move(&self) -> Side {
        self.to_move
    }

    fn check_move(&self, p: Point) -> Result<(), IllegalMove> {
        if self.outcome.is_some() {
            return Err(IllegalMove::GameOver);
        }
        if !self.cells.on_board(p) {
            return Err(IllegalMove::OffBoard(p));
        }
        if self.cells.cells[Cells::index_of(p)] != EMPTY {
            return Err(IllegalMove::Occupied(p));
        }
        self.opening
            .check_stone(self, p)
            .map_err(IllegalMove::Opening)?;
        if self.to_move == Side::Black
            && let Some(kind) = self.forbidden_kind(p)
        {
            return Err(IllegalMove::Forbidden(p, kind));
        }
        Ok(())
    }

    fn play(&mut self, p: Point) -> Result<(), IllegalMove> {
        Position::play(self, p)
    }

    fn choose(&mut self, choice: Choice) -> Result<(), IllegalMove> {
        Position::choose(self, choice)
    }

    /// During an opening, the player whose stone or choice is due, by the colour they hold
    /// now (the first player places the white opening stone, White picks Black's fifth move).
    fn actor(&self) -> Side {
        match self.opening_stage().actor() {
            Some(role) => self.opening.colour_of(role),
            None => self.to_move,
        }
    }

    fn in_opening(&self) -> bool {
        self.outcome.is_none() && self.opening_stage() != Stage::Done
    }

    fn colours_exchanged(&self) -> bool {
        self.opening.colour_of(Role::First) == Side::White
    }

    /// A click while Black offers fifth moves offers that point.
    fn choice_at(&self, p: Point) -> Option<Choice> {
        matches!(self.opening_stage(), Stage::Offer { .. }).then_some(Choice::Offer(p))
    }

    fn final_score(&self) -> Option<Score> {
        self.outcome.map(|o| match o.winner() {
            Some(side) if side == self.to_move => Score::WinIn(0),
            Some(_) => Score::LossIn(0),
            None => Score::Eval(0),
        })
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// All empty points, minus Black's forbidden points under Renju and the points an
    /// opening rule does not allow now; empty once the game is over or while a choice is due.
    fn legal_moves(&self) -> Vec<Point> {
        if self.outcome.is_some() || self.opening_stage().wants_choice() {
            return Vec::new();
        }
        if self.opening_stage() != Stage::Done {
            return self
                .cells
                .all_indices()
                .map(Cells::point_of)
                .filter(|&p| self.check_move(p).is_ok())
                .collect();
        }
        let forbidden: Vec<Point> = self
            .forbidden_points()
            .into_iter()
            .map(|(p, _)| p)
            .collect();
        self.cells
            .all_indices()
            .filter(|&i| self.cells.cells[i] == EMPTY)
            .map(Cells::point_of)
            .filter(|p| !forbidden.contains(p))
            .collect()
    }
}
