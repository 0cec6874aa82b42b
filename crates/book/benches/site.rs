//! KaTeX's cost at build time: engine start-up on a fresh thread, then time per distinct formula
//! and per cached formula. `cargo bench --bench site`
use hackenbook_book::site::maths;
use std::time::Instant;

fn main() {
    std::thread::spawn(|| {
        let start = Instant::now();
        maths::warm_up();
        let warm = start.elapsed();
        let formulas: Vec<String> = (0..300)
            .map(|i| format!(r"\{{ {i}, \tfrac{{{i}}}{{2^{{{}}}}} \mid {} \}} = 1 : -1 : {i}", i % 7, i + 1))
            .collect();
        let time_all = || {
            let start = Instant::now();
            for tex in &formulas {
                maths::render(tex, tex.len() % 2 == 0).expect("valid TeX");
            }
            start.elapsed() / formulas.len() as u32
        };
        let each = time_all();
        let cached = time_all();
        println!("KaTeX engine start: {warm:?}; per new formula: {each:?}; per cached formula: {cached:?}");
    })
    .join()
    .expect("the timing thread");
}
