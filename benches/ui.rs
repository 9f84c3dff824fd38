//! The window's frame time (layout, drawing and the per-frame logic, headless through
//! egui_kittest, without the GPU) while the computer's analysis runs on its thread, against
//! an idle board: the analysis must not slow the frames. `cargo bench --bench ui`.

use criterion::{Criterion, criterion_group, criterion_main};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use reversi_gomoku::app::{GameKind, ReversiGomokuApp};

type App = Option<ReversiGomokuApp>;

fn harness(game: GameKind) -> Harness<'static, App> {
    let mut h = Harness::builder()
        .with_size([1200.0, 900.0])
        .build_ui_state(
            move |ui, app: &mut App| {
                let app = app.get_or_insert_with(|| ReversiGomokuApp::new(ui.ctx(), game));
                app.logic(ui.ctx());
                app.show(ui);
            },
            None,
        );
    h.run_steps(2);
    h
}

fn frames(c: &mut Criterion) {
    for game in GameKind::ALL {
        let mut idle = harness(game);
        c.bench_function(&format!("frame/{}/idle", game.name()), |b| {
            b.iter(|| idle.step());
        });
        let mut busy = harness(game);
        busy.get_by_label("Show move scores").click();
        busy.run_steps(2);
        c.bench_function(&format!("frame/{}/scores-on", game.name()), |b| {
            b.iter(|| busy.step());
        });
    }
}

criterion_group!(benches, frames);
criterion_main!(benches);
