//! One tab of the window, the same for both games: the game in progress ([`Controller`]),
//! its replay, its record-keeping ([`Tracker`]) and what only that game's view keeps
//! ([`GameView::View`]). Everything here is written once for both games; a game's view module
//! supplies only what really differs: drawing the board, its panel lines and its status.
//!
//! The app holds one `Tab` per game and reaches them through [`AnyTab`], the object-safe face
//! of a tab, so that it can loop over its tabs (as egui's demo app loops over its apps) rather
//! than match on the game at every step.

use egui::Ui;

use crate::audio::Sound;
use crate::core::{BySide, GameKind, GameRules, Outcome, Side};
use crate::persist::{GameMeta, LoadError, SavedGame, SavedResult};
use crate::session::{PlayerKind, Session};

use super::controller::{Controller, Update};
use super::panels::{self, LevelHelp};
use super::persistence::{self, DataStore, GameRecord, PersistGame, Tracker};
use super::records_window::CurrentGame;
use super::replay::{REPLAY_REFUSAL, Replay, ReplayAction};

/// What one game brings to its tab: a view state and the drawing of its board.
pub trait GameView: PersistGame {
    /// What the game's view keeps between frames (display toggles, animations, the rule and
    /// size chosen for the next game).
    type View;

    /// The tab's title and the side panel's heading ("Reversi").
    const TITLE: &'static str;
    /// What each level does, for the level chooser.
    const LEVEL_HELP: LevelHelp;

    /// A new game's start position (Black human, White the computer, as on first start),
    /// the computer on its worker thread, and the view.
    fn new_tab(ctx: &egui::Context) -> Tab<Self>;

    /// The start position for "New game" (Gomoku: the rule and size chosen in the view).
    ///
    /// # Errors
    /// The sentence to show when the chosen settings cannot start a game.
    fn start_position(view: &Self::View) -> Result<Self, String>;

    /// Called after a game was loaded into the tab (Gomoku follows its rule and size).
    fn after_load(_tab: &mut Tab<Self>) {}

    /// Per-frame view bookkeeping after the controller's update (animations).
    fn view_logic(_tab: &mut Tab<Self>, _ctx: &egui::Context) {}

    /// The game's own lines at the top of the side panel (disc counts, moves per side).
    fn panel_header(tab: &Tab<Self>, ui: &mut Ui);

    /// The game's own settings before the player choices (Gomoku's rule and size).
    fn panel_settings(_tab: &mut Tab<Self>, _ui: &mut Ui) {}

    /// The game's own buttons and toggles after New game / Undo / Redo.
    fn panel_options(tab: &mut Tab<Self>, ui: &mut Ui);

    /// The status line for a live game.
    fn status(tab: &Tab<Self>) -> String;

    /// Draws the board (the replayed position while replaying) and handles its clicks
    /// through [`Tab::click`].
    fn board(tab: &mut Tab<Self>, ui: &mut Ui);

    /// The board in words for the Transcript window ("Reversi", "Gomoku, 15×15 Renju").
    fn board_name(pos: &Self) -> String;

    /// For the sound of the last move: `None` when it put nothing on the board (a Reversi
    /// pass) or there is none, else how many pieces it turned over (always 0 in Gomoku).
    fn last_move_flips(session: &Session<Self>) -> Option<u8> {
        session.last_move().map(|_| 0)
    }
}

/// One game's tab.
pub struct Tab<G: GameView> {
    /// Session, worker and status line of the live game.
    pub ctl: Controller<G>,
    /// Replay mode, when on: the board shows the replay's own copy of the game and ignores
    /// clicks; the live game waits, its computer paused.
    pub replay: Option<Replay<G>>,
    /// Records-once and autosave bookkeeping of the live game.
    pub track: Tracker<G::Move>,
    /// What only this game's view keeps.
    pub view: G::View,
    /// New game was clicked; the app starts it after asking about an abandoned game.
    pub new_game_requested: bool,
    /// Sounds asked for since the app last took them ([`AnyTab::take_sounds`]).
    cues: Vec<Sound>,
}

impl<G: GameView> Tab<G> {
    /// A tab around `ctl` with the view state `view`.
    pub fn new(ctl: Controller<G>, view: G::View) -> Tab<G> {
        Tab {
            track: Tracker::new(ctl.serial()),
            ctl,
            replay: None,
            view,
            new_game_requested: false,
            cues: Vec::new(),
        }
    }

    /// Ask for `sound` to be played: the app plays the shown tab's sounds at the player's
    /// volume unless muted. The game clock cues [`Sound::TimeLow`] when
    /// [`crate::audio::crossed_time_low`] says a clock just ran low.
    pub fn cue(&mut self, sound: Sound) {
        self.cues.push(sound);
    }

    /// The sounds of the move just played by `by` ([`Sound::Place`] for a human,
    /// [`Sound::ComputerMove`]): the piece landing, the discs it flipped, and the end of the
    /// game when it ended the game. A pass makes no sound of its own.
    fn cue_move(&mut self, by: Sound) {
        if let Some(flips) = G::last_move_flips(&self.ctl.session) {
            self.cue(by);
            if flips > 0 {
                self.cue(Sound::Flip { count: flips });
            }
        }
        self.cue_outcome();
    }

    /// The end-of-game sound, when the game is over.
    fn cue_outcome(&mut self) {
        if let Some(outcome) = self.ctl.outcome() {
            self.cue(outcome_sound(outcome, self.ctl.session.players));
        }
    }

    /// The session on the board: the replay's copy while replaying, else the live game.
    pub fn shown(&self) -> &Session<G> {
        self.replay
            .as_ref()
            .map_or(&self.ctl.session, Replay::session)
    }

    /// A click on the board: plays `mv` for the human to move, or says why not in the status
    /// line (the rules' reason, the computer's turn, replay mode) with the illegal-click sound.
    pub fn click(&mut self, mv: G::Move) {
        if self.replay.is_some() {
            self.ctl.set_message(REPLAY_REFUSAL);
            self.cue(Sound::Illegal);
            return;
        }
        match self.ctl.human_move(mv) {
            Ok(()) => self.cue_move(Sound::Place),
            Err(_) => self.cue(Sound::Illegal),
        }
    }

    /// Whether the board takes clicks for the side to move now.
    pub fn human_turn(&self) -> bool {
        self.replay.is_none()
            && self.ctl.session.player_to_move() == PlayerKind::Human
            && self.ctl.outcome().is_none()
    }

    /// Start a new game from the view's settings, keeping players and levels.
    pub fn start_new_game(&mut self) {
        self.close_replay();
        match G::start_position(&self.view) {
            Ok(start) => self.ctl.new_game(start),
            Err(e) => self.ctl.set_message(e),
        }
    }

    /// Make `saved` this tab's game, as it was saved: moves, players, levels, resignation.
    ///
    /// # Errors
    /// [`LoadError::Invalid`] when the game does not replay.
    pub fn load(&mut self, saved: &SavedGame) -> Result<(), LoadError> {
        let session = G::session_from(saved)?;
        self.close_replay();
        self.ctl.load_game(session);
        self.ctl.ai = saved.levels;
        if let Some(SavedResult::Resigned(side)) = saved.result {
            self.ctl.set_resigned(Some(side));
        }
        self.track.adopt(self.ctl.serial(), saved);
        G::after_load(self);
        Ok(())
    }

    /// Enter replay mode (not without moves, nor when already replaying): the computer pauses.
    pub fn start_replay(&mut self) {
        if self.replay.is_none() && self.ctl.session.ply() > 0 {
            self.ctl.set_paused(true);
            self.replay = Some(Replay::start(&self.ctl.session));
        }
    }

    /// Leave replay mode: the live game goes on as it was.
    pub fn close_replay(&mut self) {
        if self.replay.take().is_some() {
            self.ctl.set_paused(false);
        }
    }

    /// Continue the game live from the replayed position, dropping the later moves (the same
    /// game for the win records).
    fn play_from_here(&mut self) {
        if let Some(replay) = self.replay.take() {
            let players = self.ctl.session.players;
            self.ctl.replace_session(replay.into_session(players));
            self.ctl.set_paused(false);
        }
    }

    /// The status line: the game's own for a live game; while replaying, the move shown and
    /// the replayed position's state (or the message of a refused click).
    pub fn status(&self) -> String {
        match &self.replay {
            Some(r) => {
                let state = self
                    .ctl
                    .message()
                    .map_or_else(|| position_state(r.session()), str::to_string);
                format!("Replay, move {} of {}. {state}", r.index(), r.len())
            }
            None => G::status(self),
        }
    }

    /// The live game as a saved game, with profiles, resignation and the recorded flag.
    ///
    /// # Errors
    /// When the game was set up from a custom position (only possible through the API).
    pub fn saved(&self, data: &DataStore) -> Result<SavedGame, LoadError> {
        let profiles = data.side_profiles(self.ctl.session.players);
        persistence::current_saved_game(&self.ctl, &self.track, &profiles)
    }

    /// The human side that would lose by abandoning the live game now, if any.
    pub fn abandoned_side(&self) -> Option<Side> {
        persistence::abandoned_side(&self.ctl, &self.track)
    }

    /// Record the abandoned live game as a loss for `human` (on the writer thread). The game
    /// is about to be replaced: when recording fails, the data store keeps trying.
    pub fn record_loss(&mut self, data: &mut DataStore, human: Side) {
        let ctl = &self.ctl;
        let players = ctl.session.players;
        let record = GameRecord {
            id: self.track.id,
            key: ctl.session.position().game_key(),
            players,
            ai: ctl.ai,
            profiles: data.side_profiles(players),
            outcome: Outcome::Win(human.other()),
        };
        data.request_record(record);
        self.track.recorded = true;
    }

    /// Resign / Replay buttons (and Retry after an engine failure), or the replay controls.
    fn game_section(&mut self, ui: &mut Ui) {
        if let Some(replay) = &mut self.replay {
            match replay.controls(ui) {
                Some(ReplayAction::Close) => self.close_replay(),
                Some(ReplayAction::PlayFromHere) => self.play_from_here(),
                None => {}
            }
            ui.separator();
            return;
        }
        let ctl = &mut self.ctl;
        if ctl.failure().is_some()
            && ui
                .button("Retry")
                .on_hover_text("Let the computer think about this position again")
                .clicked()
        {
            ctl.retry();
        }
        let mut replay = false;
        let mut resign = None;
        ui.horizontal(|ui| {
            let resigner = resigning_side(ctl);
            let hover = match resigner {
                Some(side) => format!("{side} gives up: the game counts as lost"),
                None => "No human player to resign".to_string(),
            };
            if ui
                .add_enabled(resigner.is_some(), egui::Button::new("Resign"))
                .on_hover_text(hover)
                .clicked()
                && let Some(side) = resigner
            {
                resign = Some(side);
            }
            replay = ui
                .add_enabled(ctl.session.ply() > 0, egui::Button::new("Replay"))
                .on_hover_text("Step through this game move by move")
                .clicked();
        });
        if let Some(side) = resign {
            self.ctl.resign(side);
            self.cue_outcome();
        }
        if replay {
            self.start_replay();
        }
        ui.separator();
    }
}

/// The sound of a game's end from the human's point of view: [`Sound::Loss`] when the
/// computer beat a human, [`Sound::Win`] otherwise (a human won, or a hot-seat or
/// computer-against-computer game ended: a neutral fanfare), [`Sound::Draw`] for a draw.
#[must_use]
pub fn outcome_sound(outcome: Outcome, players: BySide<PlayerKind>) -> Sound {
    match outcome {
        Outcome::Draw => Sound::Draw,
        Outcome::Win(side) => {
            let computer_beat_human = *players.get(side) == PlayerKind::Computer
                && *players.get(side.other()) == PlayerKind::Human;
            if computer_beat_human {
                Sound::Loss
            } else {
                Sound::Win
            }
        }
    }
}

/// Who resigns on "Resign": the only human, or the side to move in a hot-seat game.
fn resigning_side<G: GameRules>(ctl: &Controller<G>) -> Option<Side> {
    if ctl.outcome().is_some() {
        return None;
    }
    match (ctl.session.players.black, ctl.session.players.white) {
        (PlayerKind::Human, PlayerKind::Computer) => Some(Side::Black),
        (PlayerKind::Computer, PlayerKind::Human) => Some(Side::White),
        (PlayerKind::Human, PlayerKind::Human) => Some(ctl.session.position().side_to_move()),
        (PlayerKind::Computer, PlayerKind::Computer) => None,
    }
}

/// A tab as the app sees it, whatever its game.
pub trait AnyTab {
    /// Which game.
    fn kind(&self) -> GameKind;
    /// Per-frame work that is not drawing: the worker's news and the computer's move, the
    /// replay's auto-play, recording a finished game and the autosave. Runs for hidden tabs too.
    fn logic(&mut self, ctx: &egui::Context, data: &mut DataStore);
    /// The side panel.
    fn side_panel(&mut self, ui: &mut Ui);
    /// The board.
    fn board(&mut self, ui: &mut Ui);
    /// The status line (the replay's position while replaying).
    fn status(&self) -> String;
    /// The live game's key, players and levels, for the Records window.
    fn current_game(&self) -> CurrentGame;
    /// See [`Tab::abandoned_side`].
    fn abandoned_side(&self) -> Option<Side>;
    /// See [`Tab::record_loss`].
    fn record_loss(&mut self, data: &mut DataStore, human: Side);
    /// See [`Tab::start_new_game`].
    fn start_new_game(&mut self);
    /// See [`Tab::load`].
    ///
    /// # Errors
    /// As [`Tab::load`].
    fn load(&mut self, saved: &SavedGame) -> Result<(), LoadError>;
    /// New game was clicked since the last call.
    fn take_new_game_request(&mut self) -> bool;
    /// Whether the tab is replaying.
    fn is_replaying(&self) -> bool;
    /// See [`Tab::start_replay`].
    fn start_replay(&mut self);
    /// See [`Tab::saved`].
    ///
    /// # Errors
    /// As [`Tab::saved`].
    fn saved(&self, data: &DataStore) -> Result<SavedGame, LoadError>;
    /// The live game's moves as plain text, for a game that cannot be exported.
    fn plain_moves(&self) -> String;
    /// A pasted transcript as a saved game on this tab's board and rule, with its players.
    ///
    /// # Errors
    /// [`LoadError::Invalid`] naming the move and the problem.
    fn import(&self, data: &DataStore, text: &str) -> Result<SavedGame, LoadError>;
    /// Set the status-line message.
    fn set_message(&mut self, text: String);
    /// Undo (Ctrl+Z); not while replaying.
    fn undo(&mut self);
    /// Redo (Ctrl+Y); not while replaying.
    fn redo(&mut self);
    /// The board named for the Transcript window ("Gomoku, 15×15 Renju").
    fn board_name(&self) -> String;
    /// The sounds asked for since the last call (see [`Tab::cue`]), oldest first.
    fn take_sounds(&mut self) -> Vec<Sound>;
}

impl<G: GameView> AnyTab for Tab<G> {
    fn kind(&self) -> GameKind {
        G::KIND
    }

    fn logic(&mut self, ctx: &egui::Context, data: &mut DataStore) {
        let (update, wait) = self.ctl.update();
        if let Some(wait) = wait {
            ctx.request_repaint_after(wait);
        }
        if let Update::ComputerMoved(_) = update {
            ctx.request_repaint();
            self.cue_move(Sound::ComputerMove);
        }
        if let Some(wait) = self.replay.as_mut().and_then(Replay::tick) {
            ctx.request_repaint_after(wait);
        }
        persistence::tick(&self.ctl, &mut self.track, data);
        G::view_logic(self, ctx);
    }

    fn side_panel(&mut self, ui: &mut Ui) {
        self.game_section(ui);
        let live = self.replay.is_none();
        ui.add_enabled_ui(live, |ui| {
            ui.heading(G::TITLE);
            G::panel_header(self, ui);
            ui.separator();
            G::panel_settings(self, ui);
            panels::players(ui, &mut self.ctl);
            panels::computer_settings(ui, &mut self.ctl, &G::LEVEL_HELP);
            ui.separator();
            if panels::game_buttons(ui, &mut self.ctl) {
                self.new_game_requested = true;
            }
            G::panel_options(self, ui);
            ui.separator();
            panels::search_info(ui, &self.ctl);
            ui.separator();
            panels::move_list(ui, &self.ctl);
        });
    }

    fn board(&mut self, ui: &mut Ui) {
        G::board(self, ui);
    }

    fn status(&self) -> String {
        Tab::status(self)
    }

    fn current_game(&self) -> CurrentGame {
        CurrentGame {
            key: self.ctl.session.position().game_key(),
            players: self.ctl.session.players,
            ai: self.ctl.ai,
        }
    }

    fn abandoned_side(&self) -> Option<Side> {
        Tab::abandoned_side(self)
    }

    fn record_loss(&mut self, data: &mut DataStore, human: Side) {
        Tab::record_loss(self, data, human);
    }

    fn start_new_game(&mut self) {
        Tab::start_new_game(self);
    }

    fn load(&mut self, saved: &SavedGame) -> Result<(), LoadError> {
        Tab::load(self, saved)
    }

    fn take_new_game_request(&mut self) -> bool {
        std::mem::take(&mut self.new_game_requested)
    }

    fn is_replaying(&self) -> bool {
        self.replay.is_some()
    }

    fn start_replay(&mut self) {
        Tab::start_replay(self);
    }

    fn saved(&self, data: &DataStore) -> Result<SavedGame, LoadError> {
        Tab::saved(self, data)
    }

    fn plain_moves(&self) -> String {
        let moves: Vec<String> = self.ctl.session.moves().map(|m| m.to_string()).collect();
        moves.join(" ")
    }

    fn import(&self, data: &DataStore, text: &str) -> Result<SavedGame, LoadError> {
        let players = self.ctl.session.players;
        let mut meta = GameMeta::new(players, self.ctl.ai);
        meta.profiles = data.side_profiles(players);
        G::import_transcript(text, self.ctl.session.position(), meta)
    }

    fn set_message(&mut self, text: String) {
        self.ctl.set_message(text);
    }

    fn undo(&mut self) {
        if self.replay.is_none() {
            self.ctl.undo();
        }
    }

    fn redo(&mut self) {
        if self.replay.is_none() {
            self.ctl.redo();
        }
    }

    fn board_name(&self) -> String {
        G::board_name(self.ctl.session.position())
    }

    fn take_sounds(&mut self) -> Vec<Sound> {
        std::mem::take(&mut self.cues)
    }
}

/// A replayed position in words: "White to move." or "Game over: Black wins.".
fn position_state<G: GameRules>(session: &Session<G>) -> String {
    match session.outcome() {
        Some(Outcome::Win(side)) => format!("Game over: {side} wins."),
        Some(Outcome::Draw) => "Game over: draw.".into(),
        None => format!("{} to move.", session.position().side_to_move()),
    }
}
