//! Speed of the board picture (issue 3): render + PNG encode of a midgame position.
//! Run with `cargo bench --bench render`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use focus_bot::render::{RenderOptions, Renderer};
use focus_bot::rules::Position;

/// A midgame with stacks of every height, both reserves and captures in use.
const MIDGAME: &str = "b,.,.,./.,.,.,ww,.,./.,.,wb,b,.,.,.,wb/.,.,.,wbb,.,bwwbb,w,./wwbbw,b,.,wb,.,.,.,./.,.,.,.,b,.,bw,./.,w,.,wbbw,.,./.,.,.,. w 1 0 1 1";

fn render(c: &mut Criterion) {
    let renderer = Renderer::new();
    let pos: Position = MIDGAME.parse().unwrap();
    let opts = RenderOptions {
        white: "Alice".into(),
        black: "Boris".into(),
        last_move: Some("f3-f5".parse().unwrap()),
        ..RenderOptions::new(focus_bot::strings::picture::words(
            focus_bot::i18n::Lang::ENGLISH,
        ))
    };
    let png = renderer.render(&pos, &opts);
    println!("midgame PNG: {} bytes", png.len());
    c.bench_function("render+encode midgame", |b| {
        b.iter(|| renderer.render(black_box(&pos), black_box(&opts)).len())
    });
    c.bench_function("render only (no encode) midgame", |b| {
        b.iter(|| {
            renderer
                .render_image(black_box(&pos), black_box(&opts))
                .len()
        })
    });
    c.bench_function("Renderer::new (once per process)", |b| {
        b.iter(Renderer::new)
    });
}

criterion_group!(benches, render);
criterion_main!(benches);
