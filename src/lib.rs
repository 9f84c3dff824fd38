//! Reversi & Gomoku: an 8×8 Reversi (Othello) board and a 15×15 Gomoku board (Freestyle,
//! Standard and Renju rules), each with its own rules module and computer opponent, in one
//! egui desktop app.
//!
//! - [`core`]: shared vocabulary (sides, outcomes, levels, search reports, the engine traits).
//! - [`reversi`], [`gomoku`]: rules and engines; no GUI, usable headless.
//! - [`session`]: a game in progress with unlimited undo/redo, for either game.
//! - [`ai`]: the worker thread that runs searches without blocking the window.
//! - [`audio`]: sound effects, synthesised, and the output they play on.
//! - [`app`]: the eframe/egui window; [`cli`]: the command line; [`protocol`]: NBoard and
//!   Gomocup engine protocols; [`tools`]: headless solve, bench and match commands;
//!   [`arena`]: engine-vs-engine matches; [`desktop`]: app id, icons, launcher entry;
//!   [`persist`]: records and saved games on disk; [`i18n`]: the window's words in English
//!   and Simplified Chinese, and the font for Chinese.

pub mod ai;
pub mod app;
pub mod arena;
pub mod audio;
pub mod cli;
pub mod core;
pub mod desktop;
pub mod gomoku;
pub mod i18n;
pub mod persist;
pub mod protocol;
pub mod reversi;
pub mod session;
pub mod tools;
