//! The TeX the games engine prints is accepted by KaTeX itself (unsupported macros would fail
//! the build), and KaTeX prints what the reading of `{$…$}` formulas assumes.

use hackenbook_games::notation::{parse_statement, statement_latex};
use hackenbook_games::sample::{born_by_day, random_games, Shape};
use hackenbook_games::Games;

fn katex_accepts(tex: &str) {
    let opts = katex::Opts::builder()
        .display_mode(true)
        .throw_on_error(true)
        .build()
        .unwrap();
    if let Err(e) = katex::render_with_opts(tex, &opts) {
        panic!("KaTeX rejects `{tex}`: {e}");
    }
}

#[test]
fn every_day_two_game_and_random_games_print_valid_katex() {
    let mut games = Games::new();
    let mut all = born_by_day(&mut games, 2);
    let shape = Shape {
        depth: 3,
        max_options: 2,
        nus_leaves: true,
    };
    all.extend(random_games(&mut games, 77, 60, shape));
    for text in ["v5*3", "-1/2^^*", "123/1024", "^3", "+-(1*)", "{0||0|-1}"] {
        all.push(games.eval_str(text).unwrap());
    }
    for g in all {
        katex_accepts(&games.latex(g));
        // The shorthand and the explicit form both read back as the same game.
        let short = games.display(g);
        assert_eq!(games.eval_str(&short).unwrap(), g, "{short}");
        let explicit = games.display_explicit(g);
        assert_eq!(games.eval_str(&explicit).unwrap(), g, "{explicit}");
    }
}

#[test]
fn statements_print_valid_katex() {
    for text in [
        "{0, 1/2 | 2} = {1/2 | 2} = 1",
        "1 : -1 : -1 : 1 = 3/8",
        "^ + ^ + * = ^^* || 0",
        "{1|-1} <| 1/2",
        "{1|-1} |> -1/2",
        "v <= 0 <= ^ >= v",
        "+-1 + (1 +- 1) : * = {0||0|-1} - lr_2",
        "{0|||1||2|3} > -7/16",
        "↑ + ⇑ = ^3 < 1/1024",
    ] {
        let st = parse_statement(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        katex_accepts(&statement_latex(&st));
    }
}

#[test]
fn the_katex_check_can_fail() {
    let opts = katex::Opts::builder()
        .display_mode(true)
        .throw_on_error(true)
        .build()
        .unwrap();
    assert!(katex::render_with_opts("\\uparrow \\notamacro", &opts).is_err());
    assert!(katex::render_with_opts("{0 \\mid", &opts).is_err());
}

/// What the page prints, by KaTeX itself, as the reading of `{$…$}` formulas assumes
/// (`games::notation::tex`): a plain space between digits is not printed, so `1 0` cannot be
/// read as two numbers (an error); `\quad` is printed; `+-` is two operators, not ±; a space
/// after `\ast` ends the command and is not printed (`\ast 2` is ∗2).
#[test]
fn the_page_prints_what_the_reading_of_formulas_assumes() {
    let page = |tex: &str| {
        let opts = katex::Opts::builder()
            .output_type(katex::OutputType::Mathml)
            .build()
            .unwrap();
        katex::render_with_opts(tex, &opts).unwrap()
    };
    assert!(page("1 0").contains("<mn>10</mn>"), "{}", page("1 0"));
    let apart = page(r"1 \quad 0");
    assert!(
        apart.contains("<mn>1</mn>") && apart.contains("<mn>0</mn>"),
        "{apart}"
    );
    assert!(!page("1+-1").contains('±'));
    assert_eq!(
        page(r"\ast 2").replace(r"\ast 2", ""),
        page(r"\ast2").replace(r"\ast2", "")
    );
}

/// Positions of other games written in place are typeset in typewriter letters, every character
/// of their notation kept (KaTeX accepts each).
#[test]
fn positions_of_other_games_in_place_print_valid_katex() {
    use hackenbook_games::notation::name_latex;
    for (name, tex) in [
        (
            "[domineering: ..#/...]",
            "[\\mathtt{domineering{:}\\ ..\\#/...}]",
        ),
        (
            "[toads-and-frogs: T□F]",
            "[\\mathtt{toads-and-frogs{:}\\ T\\square F}]",
        ),
        ("[cutcake: 3×4]", "[\\mathtt{cutcake{:}\\ 3\\times 4}]"),
    ] {
        assert_eq!(name_latex(name), tex);
        katex_accepts(&name_latex(name));
    }
}
