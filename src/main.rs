//! Entry point: parse the command line; the window opens when no command is given.

// A release build on Windows is a GUI program: double-clicking it opens no console window.
// Commands run from a terminal still print, by attaching to that terminal's console below.
#![cfg_attr(all(windows, not(debug_assertions)), windows_subsystem = "windows")]

fn main() -> std::process::ExitCode {
    #[cfg(windows)]
    attach_parent_console();
    reversi_gomoku::cli::main()
}

/// Use the console of the terminal we were started from, if any, for stdout and stderr; when
/// started from Explorer there is none and the call fails harmlessly.
#[cfg(windows)]
fn attach_parent_console() {
    use windows_sys::Win32::System::Console::{ATTACH_PARENT_PROCESS, AttachConsole};
    // SAFETY: AttachConsole takes a process id and touches no memory of ours.
    unsafe {
        AttachConsole(ATTACH_PARENT_PROCESS);
    }
}
