//! On Windows, embeds the app icon and version information into the .exe, so that Explorer,
//! the Start menu and the taskbar show our icon. Does nothing on other platforms.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=assets/icons/reversi-gomoku.ico");
    // The resource compiler runs on a Windows host building for Windows (a build script's own
    // cfg is the host's; the target is checked too).
    #[cfg(windows)]
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("windows") {
        let mut resource = winresource::WindowsResource::new();
        resource.set_icon("assets/icons/reversi-gomoku.ico");
        resource.set("FileDescription", "Reversi & Gomoku");
        resource.set("ProductName", "Reversi & Gomoku");
        if let Err(e) = resource.compile() {
            println!("cargo:warning=the .exe has no icon: {e}");
        }
    }
}
