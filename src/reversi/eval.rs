//! Static evaluations, from the side to move's point of view.
//!
//! - [`table_eval`]: Medium's square-weight table (the table from the issue: top-left quarter
//!   `50,25,20,15 / 25,25,15,10 / 20,15,15,5 / 15,10,5,0`, mirrored to the other quarters);
//!   [`medium_eval`]: Medium's leaf score, the table corrected for X- and C-squares next to an
//!   empty corner, plus a mobility term.
//! - [`evaluate`]: Hard's evaluation in centi-discs (100 = one disc of final disc differential,
//!   roughly), a weighted sum of mobility, potential mobility (frontier), corners, stable discs,
//!   X/C-square danger, disc count and parity ([`features`]), with one weight set per game
//!   phase (number of discs, [`FITTED_WEIGHTS`]). The features are the classic ones of
//!   Rosenbloom's IAGO and Buro's early Logistello; the weights are fitted on tournament games.

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

/// Hard's evaluation weights per number of discs on the board (index 0..=64), in centi-discs
/// per unit of feature, columns: mobility, potential mobility, corners, stable discs, X-squares,
/// C-squares, discs, parity (see [`evaluate`]).
///
/// Fitted by linear least squares (ridge 1 %) on every position of the 7 248 WTHOR games of
/// `shared/data/othello-games-2023-2025.txt`, the target being the game's final disc
/// differential for the side to move × 100 (Buro's approach for Logistello, with game results
/// instead of search values); one fit per disc count, pooling positions within ±2 discs.
/// Rows below 8 discs copy row 8, rows above 62 copy row 62. `tests/reversi_eval_fit.rs`
/// recomputes it. In matches at depths 4–8 it beat the earlier hand-set weights 55 of 80 games.
pub const FITTED_WEIGHTS: [[i16; 8]; 65] = [
    [86, -17, 0, 0, -16, -18, -59, 113],        // 0
    [86, -17, 0, 0, -16, -18, -59, 113],        // 1
    [86, -17, 0, 0, -16, -18, -59, 113],        // 2
    [86, -17, 0, 0, -16, -18, -59, 113],        // 3
    [86, -17, 0, 0, -16, -18, -59, 113],        // 4
    [86, -17, 0, 0, -16, -18, -59, 113],        // 5
    [86, -17, 0, 0, -16, -18, -59, 113],        // 6
    [86, -17, 0, 0, -16, -18, -59, 113],        // 7
    [86, -17, 0, 0, -16, -18, -59, 113],        // 8
    [111, -23, 0, 0, -32, -35, -90, 139],       // 9
    [119, -2, 0, 0, -41, -51, -74, 187],        // 10
    [126, 33, 0, 0, -57, -69, -54, 188],        // 11
    [135, 50, 0, 0, -95, -99, -56, 282],        // 12
    [131, 62, 29, 57, -127, -139, -54, 215],    // 13
    [131, 73, 59, 103, -161, -159, -52, 307],   // 14
    [128, 93, 95, 155, -198, -109, -42, 188],   // 15
    [134, 95, 133, 212, -232, -113, -49, 283],  // 16
    [127, 107, 173, 285, -260, -150, -45, 152], // 17
    [134, 107, 207, 324, -278, -105, -53, 268], // 18
    [147, 104, 250, 384, -280, -62, -59, 119],  // 19
    [162, 97, 280, 436, -298, -57, -65, 240],   // 20
    [171, 92, 317, 477, -290, -35, -70, 97],    // 21
    [183, 83, 353, 477, -261, -24, -75, 224],   // 22
    [188, 78, 381, 405, -250, -16, -77, 84],    // 23
    [194, 71, 395, 358, -288, -34, -80, 216],   // 24
    [194, 67, 400, 328, -359, -49, -80, 75],    // 25
    [199, 60, 380, 315, -462, -69, -81, 209],   // 26
    [201, 54, 346, 309, -509, -71, -81, 73],    // 27
    [204, 50, 347, 291, -513, -77, -79, 207],   // 28
    [204, 48, 362, 262, -496, -78, -76, 71],    // 29
    [208, 43, 400, 237, -460, -80, -75, 201],   // 30
    [209, 41, 431, 217, -421, -68, -73, 69],    // 31
    [215, 35, 484, 195, -385, -81, -70, 198],   // 32
    [222, 28, 488, 179, -353, -91, -68, 70],    // 33
    [227, 22, 454, 170, -345, -100, -66, 194],  // 34
    [231, 15, 419, 163, -317, -109, -65, 70],   // 35
    [235, 10, 375, 159, -305, -124, -62, 191],  // 36
    [238, 5, 336, 158, -295, -131, -61, 72],    // 37
    [245, -4, 310, 156, -288, -145, -61, 190],  // 38
    [251, -12, 313, 152, -270, -158, -59, 76],  // 39
    [258, -20, 312, 148, -267, -174, -58, 189], // 40
    [264, -28, 298, 145, -253, -185, -56, 73],  // 41
    [271, -35, 282, 141, -236, -196, -54, 179], // 42
    [274, -39, 287, 136, -214, -197, -52, 71],  // 43
    [277, -41, 276, 133, -195, -199, -49, 171], // 44
    [281, -43, 262, 130, -164, -197, -45, 67],  // 45
    [286, -47, 258, 127, -136, -198, -42, 162], // 46
    [289, -50, 252, 124, -113, -195, -39, 70],  // 47
    [294, -52, 238, 122, -92, -196, -36, 157],  // 48
    [301, -61, 226, 119, -70, -198, -35, 76],   // 49
    [309, -69, 209, 118, -50, -200, -33, 155],  // 50
    [314, -75, 200, 116, -33, -201, -31, 86],   // 51
    [324, -83, 182, 114, -8, -206, -28, 156],   // 52
    [335, -92, 158, 111, 17, -207, -25, 99],    // 53
    [345, -97, 137, 109, 43, -207, -21, 155],   // 54
    [353, -102, 116, 107, 71, -202, -18, 111],  // 55
    [362, -106, 86, 106, 97, -193, -15, 151],   // 56
    [366, -107, 60, 105, 119, -179, -13, 121],  // 57
    [373, -108, 31, 106, 146, -164, -12, 143],  // 58
    [375, -114, 5, 107, 166, -146, -11, 125],   // 59
    [373, -110, -15, 110, 181, -126, -12, 134], // 60
    [362, -103, -28, 114, 185, -96, -15, 165],  // 61
    [363, -93, -35, 117, 201, -72, -17, 179],   // 62
    [363, -93, -35, 117, 201, -72, -17, 179],   // 63
    [363, -93, -35, 117, 201, -72, -17, 179],   // 64
];

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
/// the dot product of [`features`] with the [`FITTED_WEIGHTS`] row of the current disc count.
/// When neither side can move it returns the exact final score × 100.
#[must_use]
pub fn evaluate(player: u64, opponent: u64) -> i32 {
    let my_moves = legal_moves(player, opponent);
    let their_moves = legal_moves(opponent, player);
    if my_moves == 0 && their_moves == 0 {
        return final_score(player, opponent) * EVAL_SCALE;
    }
    let discs = (player | opponent).count_ones() as usize;
    let w = &FITTED_WEIGHTS[discs];
    let f = features_with_moves(player, opponent, my_moves, their_moves);
    let score: i32 = w.iter().zip(f).map(|(&w, x)| i32::from(w) * x).sum();
    score.clamp(-64 * EVAL_SCALE + 1, 64 * EVAL_SCALE - 1)
}
