//! Static evaluations, from the side to move's point of view.
//!
//! - [`table_eval`]: Medium's square-weight table (the table from the issue: top-left quarter
//!   `50,25,20,15 / 25,25,15,10 / 20,15,15,5 / 15,10,5,0`, mirrored to the other quarters);
//!   [`medium_eval`]: Medium's leaf score, the table corrected for X- and C-squares next to an
//!   empty corner, plus a mobility term.
//! - [`evaluate`]: Hard's evaluation in centi-discs (100 = one disc of final disc differential,
//!   roughly): Buro's pattern evaluation ([`super::patterns`]: edges, corners, lines and
//!   diagonals, 46 pattern placements) plus a weighted sum of the classic features of
//!   Rosenbloom's IAGO ([`features`]: mobility, potential mobility, corners, stable discs,
//!   X/C-square danger, disc count, parity), one weight set per game phase, all fitted on
//!   tournament games ([`super::fit`]).

use super::bitboard::{CORNERS, legal_moves, potential_mobility, stable_discs};

/// Medium's square weights, index = square index (a1 = 0). Top-left quarter from the issue,
/// mirrored left-right and top-bottom.
pub const SQUARE_WEIGHTS: [i32; 64] = build_square_weights();

const fn build_square_weights() -> [i32; 64] {
    let quarter = [
        [50, 25, 20, 15],
        [25, 25, 15, 10],
        [20, 15, 15, 5],
        [15, 10, 5, 0],
    ];
    let mut w = [0i32; 64];
    let mut sq = 0;
    while sq < 64 {
        let c = sq % 8;
        let r = sq / 8;
        let qc = if c < 4 { c } else { 7 - c };
        let qr = if r < 4 { r } else { 7 - r };
        w[sq] = quarter[qr][qc];
        sq += 1;
    }
    w
}

/// Medium's evaluation: sum of [`SQUARE_WEIGHTS`] over the player's discs minus the same over
/// the opponent's (table units, not discs).
#[must_use]
pub fn table_eval(player: u64, opponent: u64) -> i32 {
    let sum = |mut b: u64| {
        let mut s = 0;
        while b != 0 {
            s += SQUARE_WEIGHTS[b.trailing_zeros() as usize];
            b &= b - 1;
        }
        s
    };
    sum(player) - sum(opponent)
}

/// Medium's evaluation (table units): [`table_eval`], except that discs on the X- and C-squares
/// next to an *empty* corner count negatively (their table weight subtracted instead of
/// added), since they give that corner away, plus 15 per legal move of mobility difference.
/// With the plain table, Medium (depth 4) lost 14 of 16 games to Easy once Easy took corners
/// and avoided those squares; with this it won 38 of 40.
#[must_use]
pub fn medium_eval(player: u64, opponent: u64) -> i32 {
    let empty = !(player | opponent);
    let mut danger = 0u64;
    for (i, &(x, corner)) in X_SQUARES.iter().enumerate() {
        if empty & corner != 0 {
            danger |= x | C_SQUARES[i].0;
        }
    }
    let sum = |mut b: u64| {
        let mut s = 0;
        while b != 0 {
            s += SQUARE_WEIGHTS[b.trailing_zeros() as usize];
            b &= b - 1;
        }
        s
    };
    let mobility = legal_moves(player, opponent).count_ones() as i32
        - legal_moves(opponent, player).count_ones() as i32;
    table_eval(player, opponent) - 2 * (sum(player & danger) - sum(opponent & danger))
        + MEDIUM_MOBILITY * mobility
}

/// Medium's weight per legal move of difference (table units).
const MEDIUM_MOBILITY: i32 = 15;

/// Final disc differential for the player (−64..=64), empty squares going to the winner.
#[inline]
#[must_use]
pub fn final_score(player: u64, opponent: u64) -> i32 {
    let p = player.count_ones() as i32;
    let o = opponent.count_ones() as i32;
    let e = 64 - p - o;
    match p.cmp(&o) {
        std::cmp::Ordering::Greater => p - o + e,
        std::cmp::Ordering::Less => p - o - e,
        std::cmp::Ordering::Equal => 0,
    }
}

/// Centi-discs per disc of the evaluation scale.
pub const EVAL_SCALE: i32 = 100;

/// X-squares (b2, g2, b7, g7) with their corners (a1, h1, a8, h8).
const X_SQUARES: [(u64, u64); 4] = [
    (1 << 9, 1 << 0),
    (1 << 14, 1 << 7),
    (1 << 49, 1 << 56),
    (1 << 54, 1 << 63),
];
/// C-squares (next to a corner on the edge) with their corners.
const C_SQUARES: [(u64, u64); 4] = [
    ((1 << 1) | (1 << 8), 1 << 0),
    ((1 << 6) | (1 << 15), 1 << 7),
    ((1 << 48) | (1 << 57), 1 << 56),
    ((1 << 55) | (1 << 62), 1 << 63),
];

/// Discs on X- and C-squares next to an empty corner: (x count, c count).
#[inline]
fn danger_squares(b: u64, empty: u64) -> (i32, i32) {
    let mut x = 0;
    let mut c = 0;
    for i in 0..4 {
        if empty & X_SQUARES[i].1 != 0 {
            x += (b & X_SQUARES[i].0 != 0) as i32;
            c += (b & C_SQUARES[i].0).count_ones() as i32;
        }
    }
    (x, c)
}

/// Number of evaluation features.
pub const N_FEATURES: usize = 8;

/// Hard's evaluation features for the player to move, each as "player minus opponent":
/// `[mobility (legal moves, corner moves counted twice), potential mobility (empty squares next
/// to the other side's discs), corners, stable discs (edge-anchored, see
/// [`stable_discs`]), X-squares next to an empty corner, C-squares next to an empty corner,
/// discs, parity (+1 when the number of empties is odd, else −1)]`.
#[must_use]
pub fn features(player: u64, opponent: u64) -> [i32; N_FEATURES] {
    features_with_moves(
        player,
        opponent,
        legal_moves(player, opponent),
        legal_moves(opponent, player),
    )
}

/// [`features`] with both sides' legal moves already computed.
#[inline]
fn features_with_moves(
    player: u64,
    opponent: u64,
    my_moves: u64,
    their_moves: u64,
) -> [i32; N_FEATURES] {
    let occupied = player | opponent;
    let empty = !occupied;
    let mobility = my_moves.count_ones() as i32 - their_moves.count_ones() as i32
        + (my_moves & CORNERS).count_ones() as i32
        - (their_moves & CORNERS).count_ones() as i32;
    let potential =
        potential_mobility(player, opponent) as i32 - potential_mobility(opponent, player) as i32;
    let corners = (player & CORNERS).count_ones() as i32 - (opponent & CORNERS).count_ones() as i32;
    let stable = if occupied & (CORNERS | 0xFF00_0000_0000_00FF | 0x8181_8181_8181_8181) == 0 {
        0
    } else {
        stable_discs(player, opponent).count_ones() as i32
            - stable_discs(opponent, player).count_ones() as i32
    };
    let (px, pc) = danger_squares(player, empty);
    let (ox, oc) = danger_squares(opponent, empty);
    let disc_diff = player.count_ones() as i32 - opponent.count_ones() as i32;
    let parity = if empty.count_ones() % 2 == 1 { 1 } else { -1 };
    [
        mobility,
        potential,
        corners,
        stable,
        px - ox,
        pc - oc,
        disc_diff,
        parity,
    ]
}

/// Hard's midgame evaluation of the position for the player to move, in centi-discs
/// ([`EVAL_SCALE`] = 100 per disc of expected final disc differential, clamped to ±6399):
/// the pattern evaluation of [`super::patterns`] for the current game phase, whose linear
/// terms weigh the [`features`].
/// When neither side can move it returns the exact final score × 100.
#[must_use]
pub fn evaluate(player: u64, opponent: u64) -> i32 {
    let my_moves = legal_moves(player, opponent);
    let their_moves = legal_moves(opponent, player);
    if my_moves == 0 && their_moves == 0 {
        return final_score(player, opponent) * EVAL_SCALE;
    }
    let f = features_with_moves(player, opponent, my_moves, their_moves);
    super::patterns::pattern_eval(player, opponent, &f)
        .clamp(-64 * EVAL_SCALE + 1, 64 * EVAL_SCALE - 1)
}
