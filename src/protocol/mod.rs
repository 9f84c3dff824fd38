//! Text protocols that let GUIs and match tools drive our engines over standard input/output:
//! [`nboard`] for Reversi (the NBoard GUI, Edax-compatible) and [`gomocup`] for Gomoku (the
//! Piskvork/Gomocup brain protocol with Yixin-board extensions).

pub mod gomocup;
pub mod nboard;
