//! The command line: with no command the window opens; commands run headless.

use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};

use crate::core::GameKind;
use crate::reversi::book::build::BuildOptions;
use crate::reversi::{Position, perft};

/// Reversi (Othello) and Gomoku/Renju against a strong computer.
#[derive(Parser, Debug)]
#[command(name = "reversi-gomoku", version, about)]
pub struct Cli {
    /// Game shown when the window opens.
    #[arg(long, value_enum, default_value = "reversi")]
    pub game: GameKind,
    /// Where win records, settings and the autosaved games are kept (default: the
    /// REVERSI_GOMOKU_DATA_DIR environment variable, else the platform's data directory,
    /// e.g. ~/.local/share/reversi-gomoku on Linux).
    #[arg(long, global = true, value_name = "DIR")]
    pub data_dir: Option<std::path::PathBuf>,
    /// Headless command (without one, the window opens).
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// Headless commands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count Reversi move paths from the start position (a pass is a ply; a finished game is
    /// one leaf at every depth from its end on: OEIS A124004). Prints leaves, time, leaves/s.
    Perft {
        /// Depth in plies, 1..=20.
        #[arg(value_parser = clap::value_parser!(u32).range(1..=20))]
        depth: u32,
    },
    /// Reversi analysis tools.
    Reversi {
        /// What to do.
        #[command(subcommand)]
        command: ReversiCommand,
    },
    /// Gomoku analysis tools.
    Gomoku {
        /// What to do.
        #[command(subcommand)]
        command: GomokuCommand,
    },
    /// Speak the NBoard protocol on stdin/stdout (a Reversi engine for the NBoard GUI).
    Nboard {
        /// Search this many milliseconds per move (to any depth) instead of to the depth
        /// the GUI sets with `set depth`.
        #[arg(long, value_name = "MS")]
        move_ms: Option<u64>,
        /// Start at this search depth in plies (the GUI may change it with `set depth`).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=60))]
        depth: Option<u32>,
        /// Search threads (1 to 8); they share one transposition table (Lazy SMP).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=8))]
        threads: u32,
    },
    /// Speak the Gomocup (Piskvork) brain protocol on stdin/stdout. Also the default when the
    /// binary is started under a name beginning with `pbrain-`.
    Gomocup {
        /// Milliseconds per move until the manager sends `INFO timeout_turn` (Piskvork's
        /// default otherwise: 30 000).
        #[arg(long, value_name = "MS")]
        move_ms: Option<u64>,
        /// Search threads until the manager sends `INFO thread_num` (default 1).
        #[arg(long, value_name = "N", default_value_t = 1)]
        threads: u32,
    },
    /// Add the game to the desktop's application menu (Linux and other freedesktop systems):
    /// writes a launcher entry that starts this binary, and the app's icons, into
    /// $XDG_DATA_HOME (default ~/.local/share). Prints each file written.
    InstallDesktop,
    /// Remove the launcher entry and icons that install-desktop wrote. Prints each file removed.
    UninstallDesktop,
    /// Fixed-depth searches over built-in positions of both games; prints the total node
    /// count (a signature that changes only when search behaviour changes) and the speed.
    Bench,
    /// Play a match between two contenders over fixed openings, each opening twice with
    /// colours swapped, and print W/L/D for the first, its mean disc differential (Reversi)
    /// and each side's thinking time per game. Contenders: random, easy, medium, hard,
    /// hard@MS (ms per move), medium/D (depth D), a level with +book or +book+vary (Reversi:
    /// play from the opening book, e.g. hard+book@500; without it every move is searched), or
    /// cmd:"<engine command>" for an external NBoard (Reversi) or Gomocup (Gomoku) engine.
    Match {
        /// Which game.
        #[arg(value_enum)]
        game: GameKind,
        /// The first contender (scores are its own).
        a: crate::arena::Contender,
        /// The second contender.
        b: crate::arena::Contender,
        /// Gomoku rule: freestyle, standard or renju.
        #[arg(long, default_value = "freestyle")]
        rule: String,
        /// Openings file: Reversi transcripts one per line, or Gomocup `dx,dy` lines.
        #[arg(long)]
        openings: Option<std::path::PathBuf>,
        /// Use only the first N openings.
        #[arg(long)]
        limit: Option<usize>,
        /// Print every game.
        #[arg(long)]
        verbose: bool,
        /// How long an external (cmd:) engine may take per move before it loses the game,
        /// in milliseconds.
        #[arg(long, default_value_t = crate::arena::DEFAULT_ENGINE_TIMEOUT.as_millis() as u64)]
        engine_timeout_ms: u64,
        /// The time per move an external Gomocup engine is told (`INFO timeout_turn`), in
        /// milliseconds: give it Hard's budget for a match at equal time, less for time odds.
        #[arg(long, default_value_t = crate::arena::DEFAULT_ENGINE_MOVE_MS)]
        engine_move_ms: u64,
    },
}

/// Reversi analysis commands.
#[derive(Subcommand, Debug)]
pub enum ReversiCommand {
    /// Solve the positions of an Edax `.obf` file (`<64 × X/O/-> <X|O>;` per line; `%` or `#`
    /// starts a comment). Prints `<line> <score> <best move> <nodes> <seconds>` per position,
    /// the score being the exact final disc differential for the side to move.
    Solve {
        /// The `.obf` file.
        #[arg(long)]
        obf: std::path::PathBuf,
        /// Search to this fixed depth instead of solving exactly (score then estimated).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=60))]
        depth: Option<u32>,
        /// Search threads (1 to 8, sharing the transposition tables: Lazy SMP).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=8))]
        threads: u32,
    },
    /// Refit Hard's pattern evaluation on recorded games and write the weights file (the
    /// shipped `assets/reversi-eval.bin` is `fit-eval --games
    /// tests/data/othello-games-wthor-1977-2025.txt.xz --out assets/reversi-eval.bin`), then
    /// print its error on the held-out games.
    FitEval {
        /// Games, one per line, transcript first ("f5d6c3…"); `#` lines are comments. A
        /// name ending in `.xz` is decompressed first.
        #[arg(long)]
        games: std::path::PathBuf,
        /// Where to write the weights (atomically).
        #[arg(long)]
        out: std::path::PathBuf,
        /// Hold every N-th game out of the fit and report the error on them (0: none).
        #[arg(long, default_value_t = crate::reversi::fit::FitOptions::default().holdout_every)]
        holdout: u32,
        /// Ridge penalty (phantom samples with target 0 per weight).
        #[arg(long, default_value_t = crate::reversi::fit::FitOptions::default().ridge)]
        ridge: f64,
        /// Conjugate-gradient iterations per phase.
        #[arg(long, default_value_t = crate::reversi::fit::FitOptions::default().iterations)]
        iterations: u32,
        /// Search labels (`<obf> <score>` lines, from `label-positions`; `.xz` read
        /// directly): the labelled positions get the targets and weight set below.
        #[arg(long)]
        labels: Option<std::path::PathBuf>,
        /// λ: a labelled position's target is λ × its search label + (1 − λ) × the game result.
        #[arg(long, default_value_t = crate::reversi::fit::FitOptions::default().search_weight)]
        search_weight: f64,
        /// How many times a labelled position counts in the squared error.
        #[arg(long, default_value_t = crate::reversi::fit::FitOptions::default().label_weight)]
        label_weight: f64,
        /// Fit on the labelled positions only.
        #[arg(long)]
        labelled_only: bool,
    },
    /// Label positions of recorded games with Hard's own search and write them as
    /// `<obf> <score>` lines (the shipped `tests/data/othello-labels-wthor-d8.txt.xz` is
    /// `label-positions --games tests/data/othello-games-wthor-1977-2025.txt.xz --out
    /// tests/data/othello-labels-wthor-d8.txt` with the default options, then `xz -9`): every
    /// N-th position, solved exactly near the end of the game, otherwise searched to a fixed
    /// depth. Feed them to `fit-eval --labels`.
    LabelPositions {
        /// Games, one per line, transcript first; a name ending in `.xz` is decompressed first.
        #[arg(long)]
        games: std::path::PathBuf,
        /// Where to write the labels (atomically).
        #[arg(long)]
        out: std::path::PathBuf,
        /// Midgame search depth in plies.
        #[arg(long, default_value_t = crate::reversi::label::LabelOptions::default().depth,
              value_parser = clap::value_parser!(u32).range(1..=30))]
        depth: u32,
        /// Take every N-th position of the games (counted over all games, in file order).
        #[arg(long, default_value_t = crate::reversi::label::LabelOptions::default().every,
              value_parser = clap::value_parser!(u32).range(1..))]
        every: u32,
        /// Solve exactly the positions with at most this many empty squares.
        #[arg(long, default_value_t = crate::reversi::label::LabelOptions::default().exact_empties,
              value_parser = clap::value_parser!(u32).range(0..=24))]
        exact_empties: u32,
        /// Search threads (the output does not depend on them).
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
    /// Fit the Multi-ProbCut parameters of Hard's midgame search (the shipped
    /// `assets/reversi-mpc.txt` is `fit-mpc --games
    /// tests/data/othello-games-wthor-1977-2025.txt.xz --out assets/reversi-mpc.txt`): positions
    /// of the games are searched to every depth without ProbCut, and the error of each shallow
    /// search against the deep one is fitted per depth.
    FitMpc {
        /// Games, one per line, transcript first; a name ending in `.xz` is decompressed first.
        #[arg(long)]
        games: std::path::PathBuf,
        /// Where to write the parameters (atomically).
        #[arg(long)]
        out: std::path::PathBuf,
        /// Positions searched (one from each of as many games spread over the file).
        #[arg(long, default_value_t = 400)]
        positions: usize,
        /// Deepest search; deeper searches use this depth's parameters.
        #[arg(long, default_value_t = 12, value_parser = clap::value_parser!(u32).range(3..=20))]
        depth: u32,
        /// Search threads (the result does not depend on them).
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
    /// Build the opening book from recorded games and write it (the shipped
    /// `assets/reversi-book.bin` is `build-book --games
    /// tests/data/othello-games-wthor-1977-2025.txt.xz --out assets/reversi-book.bin` with
    /// the default options). The same options give the same book on any number of threads.
    BuildBook {
        /// Games, one per line, transcript first ("f5d6c3…"); `#` lines are comments. A
        /// name ending in `.xz` is decompressed first.
        #[arg(long)]
        games: std::path::PathBuf,
        /// Where to write the book (atomically).
        #[arg(long)]
        out: std::path::PathBuf,
        /// Fewest games through a position and a move for them to enter the book.
        #[arg(long, default_value_t = BuildOptions::default().min_games)]
        min_games: u32,
        /// Collect positions with fewer plies played than this.
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=60),
              default_value_t = BuildOptions::default().max_plies)]
        plies: u32,
        /// Depth of the search scoring each position, in plies.
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=20),
              default_value_t = BuildOptions::default().depth)]
        depth: u32,
        /// Positions searched at once, one engine (about 48 MiB) per thread.
        #[arg(long, default_value_t = BuildOptions::default().threads)]
        threads: usize,
    },
}

/// Gomoku analysis commands.
#[derive(Subcommand, Debug)]
pub enum GomokuCommand {
    /// Refit Hard's pattern-code evaluation on labelled positions and write the tables file
    /// (the shipped `assets/gomoku-eval.bin` is `fit-eval --positions
    /// tests/data/gomoku-positions.txt.xz --out assets/gomoku-eval.bin`).
    FitEval {
        /// Positions, one per line: `<freestyle|standard|renju> <score> <moves…>`; a name
        /// ending in `.xz` is decompressed first.
        #[arg(long)]
        positions: std::path::PathBuf,
        /// Where to write the tables (atomically).
        #[arg(long)]
        out: std::path::PathBuf,
    },
    /// Search the position after MOVES with Hard to a fixed depth (one thread, fixed seed, no
    /// time limit) and print the best move, score, depth, nodes and time: the same work on
    /// every run, for timing or profiling the search.
    Search {
        /// Gomoku rule: freestyle, standard or renju.
        #[arg(long, default_value = "freestyle")]
        rule: String,
        /// Search depth in plies.
        #[arg(long, default_value_t = 10)]
        depth: u32,
        /// The moves from the empty 15×15 board, Black first, as point names (`H8 I9 …` or
        /// `h8i9…`).
        moves: Vec<String>,
    },
}

/// Parse the command line and run it. The window is the default.
#[must_use]
pub fn main() -> ExitCode {
    if started_as_pbrain() {
        return io_result(crate::protocol::gomocup::run(
            std::io::stdin().lock(),
            std::io::stdout(),
        ));
    }
    let cli = Cli::parse();
    match cli.command {
        None => match crate::app::run(cli.game, cli.data_dir) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("reversi-gomoku: cannot open the window: {e}");
                ExitCode::FAILURE
            }
        },
        Some(Command::Perft { depth }) => {
            println!("{}", perft_report(depth));
            ExitCode::SUCCESS
        }
        Some(Command::Reversi {
            command:
                ReversiCommand::Solve {
                    obf,
                    depth,
                    threads,
                },
        }) => crate::tools::solve_obf_file(&obf, depth, threads),
        Some(Command::Reversi {
            command:
                ReversiCommand::FitEval {
                    games,
                    out,
                    holdout,
                    ridge,
                    iterations,
                    labels,
                    search_weight,
                    label_weight,
                    labelled_only,
                },
        }) => crate::tools::fit_eval(
            &games,
            labels.as_deref(),
            &out,
            crate::reversi::fit::FitOptions {
                iterations,
                ridge,
                holdout_every: holdout,
                search_weight,
                label_weight,
                labelled_only,
            },
        ),
        Some(Command::Reversi {
            command:
                ReversiCommand::LabelPositions {
                    games,
                    out,
                    depth,
                    every,
                    exact_empties,
                    threads,
                },
        }) => crate::tools::label_positions(
            &games,
            &out,
            crate::reversi::label::LabelOptions {
                depth,
                every,
                exact_empties,
                threads,
            },
        ),
        Some(Command::Reversi {
            command:
                ReversiCommand::FitMpc {
                    games,
                    out,
                    positions,
                    depth,
                    threads,
                },
        }) => crate::tools::fit_mpc(&games, &out, positions, depth, threads),
        Some(Command::Reversi {
            command:
                ReversiCommand::BuildBook {
                    games,
                    out,
                    min_games,
                    plies,
                    depth,
                    threads,
                },
        }) => {
            let opts = BuildOptions {
                min_games,
                max_plies: plies,
                depth,
                threads,
            };
            crate::tools::build_book(&games, &out, &opts)
        }
        Some(Command::Gomoku {
            command: GomokuCommand::FitEval { positions, out },
        }) => crate::tools::gomoku_fit_eval(&positions, &out),
        Some(Command::Gomoku {
            command: GomokuCommand::Search { rule, depth, moves },
        }) => crate::tools::gomoku_search(&rule, depth, &moves),
        Some(Command::Nboard {
            move_ms,
            depth,
            threads,
        }) => {
            let mut engine = match move_ms {
                Some(ms) => crate::protocol::nboard::NboardEngine::with_move_ms(ms),
                None => crate::protocol::nboard::NboardEngine::new(),
            }
            .with_threads(threads);
            if let Some(d) = depth {
                let _ = engine.handle(&format!("set depth {d}"));
            }
            io_result(crate::protocol::nboard::run_engine(
                engine,
                std::io::stdin().lock(),
                std::io::stdout(),
                std::io::stderr(),
            ))
        }
        Some(Command::Gomocup { move_ms, threads }) => {
            let mut brain = crate::protocol::gomocup::Brain::new().with_threads(threads);
            if let Some(ms) = move_ms {
                brain = brain.with_move_ms(ms);
            }
            io_result(brain.run(std::io::stdin().lock(), std::io::stdout()))
        }
        Some(Command::Match {
            game,
            a,
            b,
            rule,
            openings,
            limit,
            verbose,
            engine_timeout_ms,
            engine_move_ms,
        }) => {
            let spec = crate::tools::MatchSpec {
                game,
                rule,
                openings,
                limit,
                verbose,
                engine_timeout_ms,
                engine_move_ms,
            };
            crate::tools::run_match(&a, &b, &spec)
        }
        Some(Command::InstallDesktop) => install_desktop(),
        Some(Command::UninstallDesktop) => {
            let removed =
                crate::desktop::user_data_home().and_then(|home| crate::desktop::uninstall(&home));
            report_paths("removed", removed)
        }
        Some(Command::Bench) => {
            println!("{}", crate::tools::bench());
            ExitCode::SUCCESS
        }
    }
}

/// Run perft from the start position and describe it: "perft(9) = 3005288 leaves in 0.031 s (96.9 M leaves/s)".
#[must_use]
pub fn perft_report(depth: u32) -> String {
    let start = Instant::now();
    let leaves = perft(&Position::new(), depth);
    let secs = start.elapsed().as_secs_f64();
    let rate = if secs > 0.0 {
        leaves as f64 / secs / 1e6
    } else {
        f64::INFINITY
    };
    format!("perft({depth}) = {leaves} leaves in {secs:.3} s ({rate:.1} M leaves/s)")
}

fn install_desktop() -> ExitCode {
    // The entry must name this binary by an absolute path that stays valid: resolve symlinks
    // (a `cargo install` binary is a real file in ~/.cargo/bin).
    let exe = std::env::current_exe().and_then(std::fs::canonicalize);
    let written = exe.and_then(|exe| {
        let home = crate::desktop::user_data_home()?;
        crate::desktop::install(&home, &exe)
    });
    report_paths("wrote", written)
}

fn report_paths(verb: &str, result: std::io::Result<Vec<std::path::PathBuf>>) -> ExitCode {
    match result {
        Ok(paths) => {
            paths
                .iter()
                .for_each(|p| println!("{verb} {}", p.display()));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("reversi-gomoku: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `--game reversi|gomoku` and the game of `match`: the command line names games by
/// [`GameKind::name`] in lower case.
impl clap::ValueEnum for GameKind {
    fn value_variants<'a>() -> &'a [Self] {
        &GameKind::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(match self {
            GameKind::Reversi => "reversi",
            GameKind::Gomoku => "gomoku",
        }))
    }
}

/// Gomocup managers start brains named `pbrain-<name>`: act as a brain then.
fn started_as_pbrain() -> bool {
    std::env::args_os()
        .next()
        .and_then(|a| {
            std::path::Path::new(&a)
                .file_name()
                .map(|n| n.to_string_lossy().starts_with("pbrain-"))
        })
        .unwrap_or(false)
}

fn io_result(r: std::io::Result<()>) -> ExitCode {
    match r {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("reversi-gomoku: {e}");
            ExitCode::FAILURE
        }
    }
}
