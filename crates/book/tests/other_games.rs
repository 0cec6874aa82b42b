//! Position blocks, names and brackets for every game of the registry: each block valued by the
//! run's solver of its game (and its plain game tree) and held to published values; a wrong
//! assertion or claim fails at its place, as a Hackenbush block's does.
use hackenbook_book::check::{CheckOptions, CheckedEssay, Checker, Outcome, Tally};
use hackenbook_book::essay::{parse_essay, Diagnostic, SourceFile};

fn check(body: &str) -> (CheckedEssay, Vec<Diagnostic>) {
    let (checked, problems, _) = check_with_games(body);
    (checked, problems)
}

/// [`check`], with the games table the essay's values are ids in (for its page).
fn check_with_games(body: &str) -> (CheckedEssay, Vec<Diagnostic>, hackenbook_games::Games) {
    let text = format!("+++\ntitle = \"Games\"\nrung = 1\n+++\n\n{body}");
    let essay = parse_essay(&SourceFile::new("games.md", text)).expect("the essay parses");
    let mut checker = Checker::new(CheckOptions::default());
    let mut problems = Vec::new();
    let checked = checker.check_essay(essay, &mut problems);
    (checked, problems, checker.ev.games)
}

/// The errors among `problems` (warnings left out), each as `line:column: message`.
pub(crate) fn errors(checked: &CheckedEssay, problems: &[Diagnostic]) -> Vec<String> {
    let file = &checked.essay.file;
    problems
        .iter()
        .filter(|d| !d.warning)
        .map(|d| {
            let (line, column) = file.line_col(d.span.start);
            format!("{line}:{column}: {}", d.message)
        })
        .collect()
}

/// One block per game, each value a published one:
/// - Domineering 2x2 = ±1: Winning Ways, ch. 2 (Left's vertical domino leaves Left a move, 1;
///   Right's leaves Right one, −1); the 2 × 3 board = {2 | −½}: Berlekamp, "Blockbusting and
///   Domineering" (J. Combin. Theory A 49, 1988), the 2 × n table.
/// - Toads and Frogs `T.F` = ∗ and `T.TF` = ½: Winning Ways, ch. 1 (Erickson's table in
///   "New Toads and Frogs results", 1996, has `T□F` = ∗).
/// - Cutcake `8x1` = −7 (8 rows, 1 column: Right's 7 cuts): CGSuite's `GameHeapTest.scala`;
///   `1x4` = 3 by the rule by powers of two (Winning Ways, ch. 2).
/// - Nim: a heap of 3 is ∗3, heaps 1 2 3 are 0 (Bouton, 1901).
/// - Push `.L` = 2 (one piece of Left's on square 2: two moves, Left's alone) and Shove `LR`,
///   read off the board: −2 + 1/2.
const EVERY_GAME: &str = "\
```domineering square
2x2
value = {1 | -1}
left = 1
right = -1
```

```domineering wide
2x3
value = {2 | -1/2}
```

```toads-and-frogs star
T.F
value = *
left = 0
right = 0
```

```toads-and-frogs half
T.TF
value = 1/2
```

```cutcake tall
8x1
value = -7
```

```cutcake long
1x4
value = 3
```

```nim heap
3
value = *3
```

```nim bouton
1 2 3
value = 0
```

```push one
.L
value = 2
```

```shove two
LR
value = -3/2
```

The square is worth `{±1 = value of square}`, the wide board `{{2 | -1/2} = value of wide}`,
the heap `{*3 = value of heap}` and
`{1 = temperature of square}`, while
the three heaps are worth `{0 = value of bouton}`.

```game
square + wide > 0
star + [toads-and-frogs: T.F] = 0
heap = [nim: 3]
tall + [cutcake: 1x8] = 0
long = 3
one + two = 1/2
half = [push: L] - 1/2
bouton = [nim: 1] + [nim: 2] + [nim: 3]
```

```thermograph
wide
```
";

#[test]
fn every_game_of_the_registry_gets_its_published_values() {
    let (checked, problems, games) = check_with_games(EVERY_GAME);
    assert_eq!(errors(&checked, &problems), Vec::<String>::new());
    let shown: Vec<(&str, String)> = checked
        .outcomes
        .iter()
        .filter_map(|o| match o {
            Outcome::Board(b) => Some((b.name.as_str(), games.display(b.game))),
            _ => None,
        })
        .collect();
    let boards: Vec<(&str, &str)> = shown.iter().map(|(n, v)| (*n, v.as_str())).collect();
    assert_eq!(boards.len(), 10, "{boards:?}");
    assert!(boards.contains(&("square", "+-1")), "{boards:?}");
    assert!(boards.contains(&("star", "*")), "{boards:?}");
    let tally = Tally::of(std::slice::from_ref(&checked));
    assert_eq!(tally.assertions, 14);
    assert_eq!(tally.game_relations, 8);
    assert!(
        checked
            .outcomes
            .iter()
            .any(|o| matches!(o, Outcome::Thermograph(_))),
        "a named board's thermograph"
    );
    // The square, the wide board (a game in braces), the heap, the bouton and a temperature.
    assert_eq!(tally.queries, 5);
    assert!(checked.claims.iter().all(|c| c.holds));
    // Each value confirmed by the plain game tree, small as these boards are.
    for o in &checked.outcomes {
        if let Outcome::Board(b) = o {
            assert!(
                b.methods
                    .contains(&hackenbook_base::provenance::Method::GameTree),
                "{}: {:?}",
                b.name,
                b.methods
            );
        }
    }
}

#[test]
fn a_wrong_assertion_fails_at_its_line() {
    let body = "```domineering square\n2x2\nvalue = 1\nleft = 1\nright = 0\n```\n\nSee square.\n";
    let (checked, problems) = check(body);
    assert_eq!(
        errors(&checked, &problems),
        [
            "8:9: assertion does not hold: `value = 1`, but the computed value is +-1",
            "10:9: assertion does not hold: `right = 0`, but the computed right is -1",
        ]
    );
}

#[test]
fn a_wrong_claim_about_a_named_board_fails_at_its_literal() {
    let body = "```toads-and-frogs star\nT.F\n```\n\nIt is worth `{1 = value of star}`.\n";
    let (checked, problems) = check(body);
    let errors = errors(&checked, &problems);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].starts_with("10:15: "), "{errors:?}");
    assert!(!checked.claims[0].holds);
    assert_eq!(checked.claims[0].figure, "*");
}

#[test]
fn a_wrong_relation_with_a_bracket_fails_at_the_relation() {
    let body = "```game\n[domineering: 2x2] = [domineering: 1x2]\n```\n";
    let (checked, problems) = check(body);
    let errors = errors(&checked, &problems);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].starts_with("7:"), "{errors:?}");
    assert!(errors[0].contains("claims +-1 = -1"), "{errors:?}");
}

#[test]
fn counts_of_hackenbush_are_refused_for_other_games() {
    let body = "```nim heap\n3\nedges = 3\n```\n\nA `{3 = blue of heap}`.\n";
    let (checked, problems) = check(body);
    let errors = errors(&checked, &problems);
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert!(
        errors
            .iter()
            .all(|e| e.contains("is defined for Hackenbush positions only")),
        "{errors:?}"
    );
}

#[test]
fn bad_positions_and_unknown_games_are_located_with_help() {
    let body =
        "```domineering d\n2y2\n```\n\n```dominering e\n2x2\n```\n\n```game\n[nmi: 3] = 0\n```\n";
    let text = format!("+++\ntitle = \"Games\"\nrung = 1\n+++\n\n{body}");
    // An unknown block kind is the parser's.
    let e = parse_essay(&SourceFile::new("games.md", text)).unwrap_err();
    let rendered = format!("{e:?}");
    assert!(
        rendered.contains("did you mean `domineering`?"),
        "{rendered}"
    );
    let body = "```domineering d\n2y2\n```\n\n```game\n[nmi: 3] = 0\n```\n";
    let (checked, problems) = check(body);
    let errors = errors(&checked, &problems);
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert!(errors[0].starts_with("7:") && errors[0].contains("bad domineering position"));
    assert!(
        errors[1].starts_with("11:2: in `[nmi: 3]`: unknown game `nmi`"),
        "{errors:?}"
    );
    let help = problems
        .iter()
        .find(|d| d.message.contains("nmi"))
        .and_then(|d| d.help.clone());
    assert!(help.is_some_and(|h| h.starts_with("did you mean `nim`?")));
}

/// A line of play on another game's board names its moves as the game does; a name that is no
/// move of the mover's is an error that lists the moves there are.
#[test]
fn a_line_of_play_from_another_game_names_the_moves_there_are() {
    let body = "```nim heap\n3\n```\n\n```play heap\nleft plays 3→5\n```\n";
    let (checked, problems) = check(body);
    let errors = errors(&checked, &problems);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].contains("3→0") && errors[0].contains("3→2"),
        "{:?}",
        errors[0]
    );
    let body = "```nim heap\n3\n```\n\n```play heap\nleft plays 3→0\nleft has won\n```\n";
    let (checked, problems) = check(body);
    assert!(self::errors(&checked, &problems).is_empty(), "{problems:?}");
}

#[test]
fn a_board_is_drawn_with_its_value_and_how_it_was_valued_and_played() {
    use hackenbook_book::driver::{self, Project};
    let dir = tempfile::tempdir().unwrap();
    let essays = dir.path().join("essays");
    std::fs::create_dir_all(&essays).unwrap();
    let text = format!("+++\ntitle = \"Games\"\nrung = 1\n+++\n\n{EVERY_GAME}");
    std::fs::write(essays.join("games.md"), text).unwrap();
    let site = dir.path().join("site");
    let project = Project {
        root: dir.path().to_path_buf(),
        essays_dir: essays,
        templates_dir: std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../templates"),
        out_dir: site.clone(),
        cache_dir: None,
        config_file: None,
        time_limit: None,
        cancel: None,
    };
    let report = driver::build(&project).unwrap_or_else(|f| panic!("{}", f.render()));
    assert_eq!(report.positions, 10);
    let page = std::fs::read_to_string(site.join("games.html")).unwrap();
    // Ten figures, and the boards written in place in the game block drawn there.
    let figures = page.matches("<figure class=\"position\"").count();
    assert_eq!(figures, 10);
    assert!(page.contains("id=\"position-square\""));
    let boards = page.matches("class=\"hb-diagram hb-board\"").count();
    assert!(boards > 10, "{boards}");
    assert!(
        page.contains("<polygon class=\"hb-toad\""),
        "the toad of `T.F` is drawn"
    );
    // A picture's items are not grouped for the script: only a playable board's are.
    let heap = page.split("id=\"position-heap\"").nth(1).unwrap();
    let heap = &heap[..heap.find("</figure>").unwrap()];
    assert!(
        heap.contains("<svg") && !heap.contains("data-item"),
        "{heap}"
    );
    assert!(page.contains("<title>A toads and frogs position worth star</title>"));
    assert!(page.contains("by the solver and by the game tree, which agree"));
    // Who moves how, under the first board of each partizan game only (two Domineering boards).
    let who = "(Left places vertical dominoes, Right horizontal ones)";
    assert_eq!(page.matches(who).count(), 1);
    assert_eq!(page.matches("(Left cuts along the columns").count(), 1);
    // Push and Shove are two games: each says it under its one board.
    assert_eq!(page.matches("(Left pushes the discs").count(), 2);
    // Boards are played in the page, with the generic table, saying which game and who moves
    // how; a game whose drawing redraws its pieces (Nim's heaps, Cutcake's pieces) stays a
    // picture with a note.
    let square = page
        .split("id=\"position-square\"")
        .nth(1)
        .and_then(|rest| rest.split("</figure>").next())
        .unwrap();
    assert!(square.contains(" data-play=\"g3;"), "{square}");
    assert!(square.contains("data-play-game=\"domineering\""));
    assert!(square
        .contains("data-play-players=\"Left places vertical dominoes, Right horizontal ones\""));
    // The items of positions play reaches are drawn, out of view until play reaches them.
    // A domino placed in play is drawn as one (a1 is never a blocked square).
    assert!(
        square.contains("data-item=\"placed-a1-a2\" display=\"none\""),
        "{square}"
    );
    assert!(!square.contains("blocked-"), "{square}");
    // A game claimed in the prose is typeset as maths, whichever game it is a value of.
    let claims: Vec<&str> = page
        .split("<a class=\"claim\"")
        .skip(1)
        .map(|rest| &rest[..rest.find("</a>").unwrap()])
        .collect();
    assert!(
        claims
            .iter()
            .any(|c| c.contains("<math") && c.contains("mfrac")),
        "{claims:?}"
    );
    assert!(!claims.iter().any(|c| c.contains("-1/2")), "{claims:?}");
    assert!(page.contains("data-play-static=\"This game cannot be played in the page yet.\""));
    // The board format's script loads before the controls that use it, on the first press of
    // Play (play.js); no pieces on this board, so not their script.
    assert!(
        page.contains("<script src=\"play.js\" data-load=\"board.js player.js\" defer></script>"),
        "{page}"
    );
    assert!(!page.contains("<script src=\"board.js\""), "{page}");
    let css = std::fs::read_to_string(site.join("board.css")).unwrap();
    assert!(css.contains(".hb-board .hb-toad"));
    let style = std::fs::read_to_string(site.join("style.css")).unwrap();
    assert!(!style.contains(".hb-board"));
    // The other games' paint comes before the stylesheet, only on pages with their boards.
    let (board, style) = (
        page.find("<link rel=\"stylesheet\" href=\"board.css\">"),
        page.find("<link rel=\"stylesheet\" href=\"style.css\">"),
    );
    assert!(
        matches!((board, style), (Some(b), Some(s)) if b < s),
        "{page}"
    );
}

/// In another game's position `#` is Domineering's blocked square: only `# ` begins a comment
/// there; in a game block's bracket it is a blocked square too. The board `..#/...` (five
/// squares) is worth ±1, by the solver and the plain game tree alike, and so is its mirror image
/// `#../...`, so their sum is 0.
#[test]
fn a_hash_in_a_board_is_a_blocked_square_and_a_hash_and_a_blank_a_comment() {
    let body = "```domineering holes\n..#\n...  # the top right square is blocked\n# values\nvalue = +-1 # as eval says\n```\n\n```game\nholes + [domineering: #../...] = 0 # turned over\n```\n";
    let (checked, problems) = check(body);
    assert_eq!(errors(&checked, &problems), Vec::<String>::new());
    let Outcome::Board(b) = &checked.outcomes[0] else {
        panic!("{:?}", checked.outcomes[0]);
    };
    assert_eq!(b.position.print(), "..#/...");
    assert_eq!(b.assertions.len(), 1);
}

#[test]
fn a_board_named_and_never_used_is_a_warning_that_names_every_use() {
    let (_, problems) = check("```cutcake cake\n2x3\n```\n");
    let [warning] = problems.as_slice() else {
        panic!("{problems:?}");
    };
    assert!(warning.warning);
    assert_eq!(warning.message, "the position `cake` is never used");
    let help = warning.help.clone().unwrap();
    assert!(
        help.contains("`cake + 1` in a game block") && help.contains("```play cake"),
        "{help}"
    );
}

#[test]
fn a_board_takes_a_time_limit_and_refuses_rules() {
    // `rules = normal` is every game's usual rules; a variant the game lacks is refused.
    let body = "```nim heap\n3\ntime_limit = 30\nrules = normal\nvalue = *3\n```\n\n```nim pile\n2\nrules = childish\n```\n\n`{*3 = value of heap}` `{*2 = value of pile}`\n";
    let (checked, problems) = check(body);
    assert_eq!(
        errors(&checked, &problems),
        ["15:9: expected `normal`: nim has no rule variants"]
    );
    assert!(matches!(&checked.outcomes[0], Outcome::Board(b) if b.assertions.len() == 1));
    assert!(matches!(checked.outcomes[1], Outcome::Failed));
    // The claim on the failed block says nothing more: its block said it.
    assert!(checked.claims[0].holds && !checked.claims[1].holds);
}

/// A thermograph of a board written in place: Domineering 2x3 = {2 | −1/2} has mean 3/4 and
/// temperature 5/4 (half the difference of the stops, their middle).
#[test]
fn a_thermograph_takes_a_board_in_place() {
    let body =
        "```thermograph\n[domineering: 2x3]\n```\n\n```thermograph\n[dominering: 2x3]\n```\n";
    let (checked, problems) = check(body);
    let errors = errors(&checked, &problems);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].starts_with("11:2: in `[dominering: 2x3]`: unknown game"),
        "{errors:?}"
    );
    let Outcome::Thermograph(t) = &checked.outcomes[0] else {
        panic!("{:?}", checked.outcomes[0]);
    };
    assert_eq!(t.thermograph.temperature.to_string(), "5/4");
    assert_eq!(t.thermograph.mean.to_string(), "3/4");
}

/// An exercise's answer names the move as code on the page, never with the backticks of its
/// wording.
#[test]
fn an_exercise_answer_names_its_move_as_code() {
    let body =
        "```exercise push cheaper\nLR.L\nquestion = best move for left\nanswer = 1→off\n```\n\n\
                `{2 = [[push: .R.L]]}`\n";
    let (checked, mut problems, games) = check_with_games(body);
    assert_eq!(errors(&checked, &problems), Vec::<String>::new());
    let page = hackenbook_book::page::build_page(&checked, &games, &mut problems);
    let html = &page.body_html;
    assert!(
        html.contains("Left’s best move is <code>1→off</code>.")
            || html.contains("Left's best move is <code>1→off</code>."),
        "{html}"
    );
    assert!(!html.contains("`1→off`"), "{html}");
}

/// A line of play's captions use the game's verb for a move: a push pushes, a domino is placed,
/// and a game without a word of its own plays; the move's name is code, as names in the text.
#[test]
fn a_line_of_play_says_each_move_with_its_game_s_verb() {
    let caption = |body: &str, expected: &str| {
        let (checked, mut problems, games) = check_with_games(body);
        assert_eq!(errors(&checked, &problems), Vec::<String>::new());
        let page = hackenbook_book::page::build_page(&checked, &games, &mut problems);
        assert!(page.body_html.contains(expected), "{}", page.body_html);
    };
    caption(
        "```push strip\nLR\n```\n\n```play strip\nleft plays 1→off\nright plays 2→1\n```\n",
        "Left pushes <code>1→off</code></span>",
    );
    caption(
        "```push strip\nLR\n```\n\n```play strip\nleft plays 1→off\nright plays 2→1\n```\n",
        "Right pushes <code>2→1</code></span>",
    );
    caption(
        "```nim heap\n3\n```\n\n```play heap\nleft plays 3→0\nleft has won\n```\n",
        "Left plays <code>3→0</code></span>",
    );
}

/// One position of each game of the registry, in its notation: its value and a move of Left's.
/// Values: Hackenbush `LR` = ½ and Cutcake `1x4` = 3 (Winning Ways, ch. 1 and 2); Nim `3` = ∗3
/// (Bouton); Domineering 2 × 2 = ±1 and Toads and Frogs `T.F` = ∗ (Winning Ways, ch. 2 and 1);
/// Push `.L` = 2 (two moves, Left's alone); Shove `LR` = −3/2 (read off the board, as above).
const SAMPLES: &[(&str, &str, &str, &str)] = &[
    ("hackenbush", "LR", "1/2", "L"),
    ("nim", "3", "*3", "3→0"),
    ("domineering", "2x2", "{1 | -1}", "a1-a2"),
    ("toads-and-frogs", "T.F", "*", "1→2"),
    ("cutcake", "1x4", "3", "1x4→1x2+1x2"),
    ("push", ".L", "2", "2→1"),
    ("shove", "LR", "-3/2", "1→off"),
];

/// The same directives on a position of `game`, each asserting `value` (`wrong`: each
/// asserting one more, so each must fail): a position block, a bracket in a claim, a line of
/// play from the block, an exercise on the position.
fn every_directive(game: &str, position: &str, value: &str, left: &str, wrong: bool) -> String {
    let value = if wrong {
        format!("({value}) + 1")
    } else {
        value.to_string()
    };
    format!(
        "```{game} sample\n{position}\nvalue = {value}\n```\n\n\
         The bracket is worth `{{{value} = [[{game}: {position}]]}}`.\n\n\
         ```play sample\nvalue = {value}\nleft plays {left}\n```\n\n\
         ```exercise {game} question\n{position}\nquestion = value\nanswer = {value}\n```\n"
    )
}

/// Every game of the registry, Hackenbush too, answers the same directives: a block's value, a
/// bracket in a claim, a line of play, an exercise — each checked (a wrong value fails at each
/// of the four), and the page carries the block's play table. A game left out of a path fails
/// here; a game added to the registry without a sample fails too.
#[test]
fn every_ruleset_of_the_registry_answers_every_directive() {
    let names: Vec<&str> = SAMPLES.iter().map(|s| s.0).collect();
    assert_eq!(
        names,
        hackenbook_rulesets::registry::names(),
        "a sample for every game of the registry"
    );
    for &(game, position, value, left) in SAMPLES {
        let body = every_directive(game, position, value, left, false);
        let (checked, mut problems, games) = check_with_games(&body);
        assert_eq!(errors(&checked, &problems), Vec::<String>::new(), "{game}");
        let tally = Tally::of(std::slice::from_ref(&checked));
        assert_eq!(
            (tally.assertions, tally.plays, tally.exercises),
            (1, 1, 1),
            "{game}: {tally:?}"
        );
        assert_eq!(
            tally.queries + tally.prose_relations,
            1,
            "{game}: the bracket's claim"
        );
        assert!(checked.claims.iter().all(|c| c.holds), "{game}");
        let page = hackenbook_book::page::build_page(&checked, &games, &mut problems);
        assert!(
            page.body_html.contains("data-play"),
            "{game}: the block is played in the page"
        );
        let body = every_directive(game, position, value, left, true);
        let (checked, problems) = check(&body);
        let errors = errors(&checked, &problems);
        assert_eq!(errors.len(), 4, "{game}: {errors:#?}");
    }
}

/// A line of play follows a Hackenbush block of thousands of edges (a board in play once stopped
/// at 1,000, every edge's name written up front).
#[test]
fn a_line_of_play_follows_a_board_of_thousands_of_edges() {
    let stalks = vec!["LR"; 750].join(" ");
    let body = format!(
        "```hackenbush big\n{stalks}\n```\n\n```play big\nleft cuts L[1]\nposition = {}\n```\n",
        vec!["LR"; 749].join(" ")
    );
    let (checked, problems) = check(&body);
    assert!(errors(&checked, &problems).is_empty(), "{problems:?}");
}

/// The exercise of `body` (the first directive), its page's HTML, and the errors found.
fn exercise_page(body: &str) -> (Vec<String>, Option<String>, String) {
    let (checked, mut problems, games) = check_with_games(body);
    let errors = errors(&checked, &problems);
    let Outcome::Exercise(exercise) = &checked.outcomes[0] else {
        return (errors, None, String::new());
    };
    let game = exercise.position.ruleset();
    let game = format!("{} {:?}", game.name(), game.variant());
    let page = hackenbook_book::page::build_page(&checked, &games, &mut problems);
    (errors, Some(game), page.body_html)
}

/// An exercise on a Hackenbush position is asked on its board like every game's: the position
/// in play under Hackenbush's ruleset, a move question's answer an edge's name held to the
/// winning cuts (a losing cut fails with the play that refutes it), and on the page the edges
/// pieces drawn as strokes (`data-piece`), the mover's cuts their targets by name, and in the
/// solution the winning edge drawn thick and worded by its colour. Values: `LRL R` is
/// 3/4 − 1 = −1/4; Right's cut of `LR` leaves a blue edge beside a red one, 0, and his cut of
/// `R` leaves 3/4 (Winning Ways, ch. 1).
#[test]
fn an_exercise_on_a_hackenbush_position_is_asked_on_its_board() {
    let body = |answer: &str| {
        format!("```exercise stalks\nLRL R\nquestion = winning move for right\nanswer = {answer}\n```\n")
    };
    let (errors, game, html) = exercise_page(&body("LR"));
    assert_eq!(errors, Vec::<String>::new());
    assert_eq!(game.as_deref(), Some("hackenbush None"));
    let data = "data-exercise=\"{&quot;goal&quot;:&quot;win&quot;,&quot;kind&quot;:&quot;named&quot;,\
                &quot;legal&quot;:[&quot;LR&quot;,&quot;R&quot;],&quot;player&quot;:&quot;right&quot;,\
                &quot;right&quot;:[&quot;LR&quot;],&quot;targets&quot;:{&quot;edge-1&quot;:[&quot;LR&quot;],\
                &quot;edge-3&quot;:[&quot;R&quot;]},&quot;verb&quot;:&quot;cuts&quot;}\"";
    assert!(html.contains(data), "{html}");
    for piece in [
        "<g data-item=\"edge-0\" data-piece=\"blue edge\">",
        "<g data-item=\"edge-1\" data-piece=\"red edge\">",
    ] {
        assert!(html.contains(piece), "{piece}: {html}");
    }
    // Nothing the page's player would take for a board to play (`player.js` is not loaded).
    assert!(!html.contains("data-play"), "{html}");
    assert!(html.contains("Right wins by cutting the red edge drawn thick."));
    assert!(html.contains("<g class=\"exercise-winning\" data-item=\"edge-1\""));
    assert!(!html.contains("<g class=\"exercise-winning\" data-item=\"edge-3\""));
    // Described as a Hackenbush block is, what stands on what.
    assert!(html.contains(
        "<desc>blue L on the ground, red LR on L, blue LRL on LR, red R on the ground</desc>"
    ));
    let (errors, _, _) = exercise_page(&body("R"));
    assert!(
        errors.len() == 1 && errors[0].contains("`R` does not win for Right"),
        "{errors:?}"
    );
}

/// An exercise under the childish rules is asked on the childish ruleset's board: only a cut
/// that drops nothing is a move (Left's `L` under `L(L R)` would drop two edges, so it is no
/// answer), the page says the rule, and the description says the rules. `L(L R)` childish is
/// {0 | 2} = 1; Left's cut of `LL` leaves `L(R)`, worth 0 under these rules (worksheet 2).
#[test]
fn a_childish_exercise_is_asked_on_the_childish_board() {
    let body = |answer: &str| {
        format!(
            "```exercise cherry\nL(L R)\nrules = childish\nquestion = winning move for left\n\
             answer = {answer}\n```\n"
        )
    };
    let (errors, game, html) = exercise_page(&body("LL"));
    assert_eq!(errors, Vec::<String>::new());
    assert_eq!(game.as_deref(), Some("hackenbush Some(\"childish\")"));
    assert!(
        html.contains("&quot;legal&quot;:[&quot;LL&quot;]"),
        "{html}"
    );
    assert!(html.contains(
        "<p class=\"exercise-rules\">Under the childish rules: no cut may make anything fall.</p>"
    ));
    assert!(
        html.contains("red LR on L; childish rules</desc>"),
        "{html}"
    );
    assert!(html.contains("Left wins by cutting the blue edge drawn thick."));
    let (errors, _, _) = exercise_page(&body("L"));
    assert!(
        errors.len() == 1 && errors[0].contains("bad move:"),
        "{errors:?}"
    );
}
