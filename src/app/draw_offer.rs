//! How the computer answers a draw offer. A human playing the computer may offer a draw on
//! their own turn; the computer then searches the position on its worker thread (at Hard, for
//! [`JUDGE_MS`]) and answers from that search's score, seen from its own side:
//! - Reversi: it accepts when the game is level or lost for it, that is when it does not
//!   expect to win by more than [`LEVEL_DISCS`] discs;
//! - Gomoku: it accepts when it is lost (its opponent has a forced win), or when neither side
//!   has a winning threat and the board is more than two-thirds full; it declines otherwise.
//!
//! The answer's sentence goes to the status line ("The computer declines the draw: it is
//! ahead by 6 discs."). A hot-seat offer is answered by the other player in a dialog instead.

use crate::core::{AiConfig, GameRules, Level, MAX_DEPTH, Score, Side};
use crate::i18n::Message;
use crate::{gomoku, msg, reversi};

/// How long the computer thinks about a draw offer, in milliseconds.
pub const JUDGE_MS: u64 = 500;

/// Reversi: a position the computer expects to win by at most this many discs is level.
pub const LEVEL_DISCS: i32 = 2;

/// The search the computer makes to judge a draw offer: Hard, [`JUDGE_MS`] long.
#[must_use]
pub fn judge_config() -> AiConfig {
    AiConfig {
        level: Level::Hard,
        depth: MAX_DEPTH,
        time_ms: Some(JUDGE_MS),
        seed: None,
        threads: 1,
    }
}

/// The computer's answer to a draw offer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrawAnswer {
    /// The computer agrees to a draw.
    pub accept: bool,
    /// The sentence for the status line, saying what it answers and why.
    pub reason: Message,
}

impl DrawAnswer {
    fn accept(reason: Message) -> DrawAnswer {
        DrawAnswer {
            accept: true,
            reason,
        }
    }

    fn decline(reason: Message) -> DrawAnswer {
        DrawAnswer {
            accept: false,
            reason,
        }
    }
}

/// A game whose computer can answer a draw offer.
pub trait DrawJudge: GameRules {
    /// The computer playing `computer` answers a draw offer in this position, given a
    /// search's `score` from `computer`'s point of view.
    fn judge_draw(&self, computer: Side, score: Score) -> DrawAnswer;
}

impl DrawJudge for reversi::Position {
    fn judge_draw(&self, _computer: Side, score: Score) -> DrawAnswer {
        match score {
            Score::WinIn(_) => DrawAnswer::decline(msg!("draw-decline-forced-win")),
            Score::LossIn(_) => DrawAnswer::accept(msg!("draw-accept-losing")),
            Score::Discs(v) | Score::Eval(v) if v > LEVEL_DISCS => {
                DrawAnswer::decline(msg!("draw-decline-ahead", discs = v))
            }
            Score::Discs(v) | Score::Eval(v) if v < -LEVEL_DISCS => {
                DrawAnswer::accept(msg!("draw-accept-behind", discs = -v))
            }
            Score::Discs(_) | Score::Eval(_) => DrawAnswer::accept(msg!("draw-accept-level")),
        }
    }
}

impl DrawJudge for gomoku::Position {
    fn judge_draw(&self, _computer: Side, score: Score) -> DrawAnswer {
        let points = usize::from(self.size()) * usize::from(self.size());
        let nearly_full = self.stone_count() * 3 > points * 2;
        match score {
            Score::WinIn(_) => DrawAnswer::decline(msg!("draw-decline-winning-attack")),
            Score::LossIn(_) => DrawAnswer::accept(msg!("draw-accept-opponent-attack")),
            _ if nearly_full => DrawAnswer::accept(msg!("draw-accept-nearly-full")),
            _ => DrawAnswer::decline(msg!("draw-decline-room")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gomoku::Rule;

    #[test]
    fn reversi_accepts_when_level_or_behind_and_declines_when_ahead() {
        let pos = reversi::Position::new();
        let judge = |s| pos.judge_draw(Side::White, s);
        assert!(judge(Score::Discs(0)).accept);
        assert!(judge(Score::Discs(LEVEL_DISCS)).accept);
        assert!(judge(Score::Discs(-10)).accept);
        let ahead = judge(Score::Discs(6));
        assert!(!ahead.accept);
        assert_eq!(
            ahead.reason.render(crate::i18n::Language::English),
            "The computer declines the draw: it is ahead by 6 discs."
        );
        assert!(!judge(Score::WinIn(3)).accept);
    }

    #[test]
    fn gomoku_needs_a_nearly_full_board_without_threats() {
        let empty = gomoku::Position::new(9, Rule::Freestyle).unwrap();
        assert!(!empty.judge_draw(Side::White, Score::Eval(0)).accept);
        assert!(empty.judge_draw(Side::White, Score::LossIn(5)).accept);
        assert!(!empty.judge_draw(Side::White, Score::WinIn(5)).accept);
    }
}
