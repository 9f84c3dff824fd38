//! The move animation, one mechanism for both games: when the position shown gains a move,
//! the tab's [`MoveAnimation`] starts a clock on egui's input time, and the board painter
//! asks it how far each phase of the move's animation has got (Reversi: discs turning, then a
//! fading ring; Gomoku: the stone dropping in). The player's [`AnimationSpeed`] scales every
//! phase; `Off` shows the final state at once. Time comes from egui's input, so tests drive it
//! frame by frame.

use crate::persist::AnimationSpeed;

/// Animates the last move of the position shown.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MoveAnimation {
    /// Plies of the position shown at the last [`MoveAnimation::observe`].
    seen_ply: usize,
    /// When the last move's animation began (egui input time, seconds) and the time scale of
    /// its speed ([`AnimationSpeed::time_scale`]).
    started: Option<(f64, f32)>,
}

impl MoveAnimation {
    /// Nothing animating, the position shown having `ply` moves.
    #[must_use]
    pub const fn new(ply: usize) -> MoveAnimation {
        MoveAnimation {
            seen_ply: ply,
            started: None,
        }
    }

    /// Call once per frame with the ply count of the position shown and egui's input time
    /// `now` (seconds): more moves than last time (a move, a redo, a replay step) start
    /// animating the last one at `speed`; fewer (undo, a new game) stop the animation.
    pub fn observe(&mut self, ply: usize, now: f64, speed: AnimationSpeed) {
        if ply == self.seen_ply {
            return;
        }
        let scale = speed.time_scale();
        self.started = (ply > self.seen_ply && scale > 0.0).then_some((now, scale));
        self.seen_ply = ply;
    }

    /// When the running animation began (egui input time, seconds).
    #[must_use]
    pub fn started(&self) -> Option<f64> {
        self.started.map(|(t, _)| t)
    }

    /// How far a phase that lasts `seconds` at normal speed has got at time `now`: from 0
    /// up to (not including) 1 while it runs, `None` before a move, once it is over, or with
    /// the animation off.
    #[must_use]
    pub fn progress(&self, now: f64, seconds: f32) -> Option<f32> {
        let (start, scale) = self.started?;
        let duration = f64::from(seconds * scale);
        if duration <= 0.0 {
            return None;
        }
        let t = ((now - start) / duration).max(0.0);
        (t < 1.0).then_some(t as f32)
    }

    /// Whether a phase lasting `seconds` at normal speed still runs at `now` (the board then
    /// asks for another frame).
    #[must_use]
    pub fn is_running(&self, now: f64, seconds: f32) -> bool {
        self.progress(now, seconds).is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_move_animates_for_its_scaled_duration() {
        // Times and durations are binary fractions, so the progress is exact.
        let mut a = MoveAnimation::new(0);
        a.observe(0, 1.0, AnimationSpeed::Normal);
        assert_eq!(a.progress(1.0, 0.5), None, "no move yet");
        a.observe(1, 2.0, AnimationSpeed::Normal);
        assert_eq!(a.started(), Some(2.0));
        assert_eq!(a.progress(2.0, 0.5), Some(0.0));
        assert_eq!(a.progress(2.25, 0.5), Some(0.5));
        assert_eq!(a.progress(2.5, 0.5), None, "over after 0.5 s");
        assert_eq!(a.progress(2.25, 1.0), Some(0.25), "a longer phase");
        a.observe(2, 3.0, AnimationSpeed::Fast);
        assert_eq!(a.progress(3.125, 0.5), Some(0.5), "Fast takes half as long");
        assert_eq!(a.progress(3.25, 0.5), None);
    }

    #[test]
    fn off_and_undo_stop_at_once() {
        let mut a = MoveAnimation::new(4);
        a.observe(5, 1.0, AnimationSpeed::Off);
        assert_eq!(a.progress(1.0, 0.4), None);
        assert!(!a.is_running(1.0, 10.0));
        a.observe(6, 2.0, AnimationSpeed::Normal);
        assert!(a.is_running(2.1, 0.4));
        a.observe(5, 2.1, AnimationSpeed::Normal);
        assert_eq!(a.progress(2.1, 0.4), None, "undo ends the animation");
        assert_eq!(a.started(), None);
    }
}
