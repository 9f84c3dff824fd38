//! Entry point: parse the command line; the window opens when no command is given.
fn main() -> std::process::ExitCode {
    reversi_gomoku::cli::main()
}
