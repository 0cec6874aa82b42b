//! The command line sees the essays: `eval` and `census` use the positions and censuses the
//! essays define (every essay's in ladder order, or one essay's with `--essay`), and `list`
//! shows which members of a family a condition picks; `play` plays a game in the terminal.

use hackenbook::commands::{
    eval_game_to_string, eval_outcome_to_string, eval_to_string, listing_text, play_against_solver,
    play_table,
};
use hackenbook_book::driver::{self, Project};
use hackenbook_rulesets::play::PlayTable;
use std::path::Path;

/// The play table of a position, under the usual rules.
fn board_table(input: &str, game: Option<&str>) -> Result<PlayTable, driver::Failure> {
    let mut ev = hackenbook_rulesets::hackenbush::Evaluator::default();
    play_table(input, game, false, &mut ev)
}

/// A game against the solver on `table`, the reader typing `input`: what the terminal shows.
fn terminal(table: &PlayTable, input: &str) -> String {
    let mut out = Vec::new();
    play_against_solver(table, &mut input.as_bytes(), &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

fn project_with(essays: &[(&str, &str)]) -> (tempfile::TempDir, Project) {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("essays");
    std::fs::create_dir_all(&folder).unwrap();
    for (name, text) in essays {
        std::fs::write(folder.join(name), text).unwrap();
    }
    let project = Project::at(dir.path());
    (dir, project)
}

const FIRST: &str = "+++\ntitle = \"A\"\nrung = 1\n+++\n\n```hackenbush tree\nL(L R)\n```\n\n\
                     ```census woods\nfamily = \"forests\"\nedges = \"1..=4\"\n```\n";
const SECOND: &str = "+++\ntitle = \"B\"\nrung = 2\n+++\n\n```hackenbush tree\nLRRL\n```\n";

#[test]
fn eval_and_census_see_the_essays_definitions() {
    let (_dir, project) = project_with(&[("a.md", FIRST), ("b.md", SECOND)]);
    let mut defs = driver::definitions(&project, None).unwrap();
    // Every essay's, in ladder order: `tree` is the first essay's L(L R), worth 1.
    assert_eq!(
        eval_to_string("tree + 1", false, false, &mut defs).unwrap(),
        "2"
    );
    // `woods` is the essay's census: blue-red forests of 1 to 4 edges, the built-in `forests4`.
    let mut count = |query: &str| {
        let figure = defs
            .workspace
            .evaluate(query, &mut defs.checker.ev)
            .unwrap_or_else(|e| panic!("{query}: {e}"));
        hackenbook_census::render_figure(&figure, &defs.checker.ev.games)
    };
    assert_eq!(
        count("count woods where value = 0"),
        count("count forests4 where value = 0")
    );
    // One essay's: `--essay essays/b.md` sees its own `tree`, LRRL = 3/8, and no census.
    let b = project.essays_dir.join("b.md");
    let mut defs = driver::definitions(&project, Some(&b)).unwrap();
    assert_eq!(
        eval_to_string("tree", false, false, &mut defs).unwrap(),
        "3/8"
    );
    let e = defs
        .workspace
        .evaluate("count woods", &mut defs.checker.ev)
        .unwrap_err();
    assert!(
        e.message.contains("no census named `woods`"),
        "{}",
        e.message
    );
}

#[test]
fn without_essays_the_built_in_families_still_answer() {
    let dir = tempfile::tempdir().unwrap();
    let mut defs = driver::definitions(&Project::at(dir.path()), None).unwrap();
    let figure = defs
        .workspace
        .evaluate("count stalks3", &mut defs.checker.ev)
        .unwrap();
    assert_eq!(
        hackenbook_census::render_figure(&figure, &defs.checker.ev.games),
        "14"
    );
}

#[test]
fn list_shows_the_members_a_condition_picks() {
    let (_dir, project) = project_with(&[("a.md", FIRST)]);
    let mut defs = driver::definitions(&project, None).unwrap();
    let query = "list woods where value = 0";
    let listing = defs.workspace.list(query, 3, &mut defs.checker.ev).unwrap();
    let counted = defs
        .workspace
        .evaluate("count woods where value = 0", &mut defs.checker.ev)
        .unwrap();
    assert_eq!(
        hackenbook_census::render_figure(&counted, &defs.checker.ev.games),
        listing.positions.to_string()
    );
    assert_eq!(listing.members.len(), 3);
    // Census order: fewest edges first, and L before R.
    assert_eq!(listing.members[0].0.notation, "L R");
    assert_eq!(listing.members[1].0.notation, "R L");
    let text = listing_text(query, &listing, 3);
    assert!(
        text.starts_with(&format!(
            "woods where value = 0: {} positions in {} groups",
            listing.positions, listing.records
        )),
        "{text}"
    );
    assert!(text.contains("\n  L R  "), "{text}");
    assert!(text.contains("more (--limit"), "{text}");
    // Unlimited, the groups hold every member, and the solver values each listed one at 0.
    let all = defs
        .workspace
        .list(query, usize::MAX, &mut defs.checker.ev)
        .unwrap();
    assert_eq!(all.members.len(), all.records);
    assert_eq!(
        all.members.iter().map(|(_, n)| n).sum::<u64>(),
        listing.positions
    );
    for (member, _) in &all.members {
        let position = hackenbook_rulesets::hackenbush::Position::parse(&member.notation).unwrap();
        let value = hackenbook_rulesets::hackenbush::evaluate(
            &position,
            hackenbook_rulesets::hackenbush::Rules::Normal,
            &mut defs.checker.ev.games,
        )
        .unwrap()
        .value;
        assert_eq!(
            defs.checker.ev.games.display(value),
            "0",
            "{}",
            member.notation
        );
    }
    // An empty family says so.
    let none = defs
        .workspace
        .list("list woods where trunks > 4", 3, &mut defs.checker.ev)
        .unwrap();
    assert_eq!(
        listing_text("list woods where trunks > 4", &none, 3),
        "woods where trunks > 4: no position"
    );
    // A bad family is located in the query as written.
    let e = defs
        .workspace
        .list("list wods", 3, &mut defs.checker.ev)
        .unwrap_err();
    assert_eq!(e.span, 5..9, "{e}");
    assert!(e.message.contains("no census named `wods`"), "{e}");
    assert_eq!(e.help.as_deref(), Some("did you mean `woods`?"));
}

#[test]
fn claims_lists_one_essay_with_essay() {
    let (_dir, project) = project_with(&[
        ("a.md", &format!("{FIRST}\n`{{1 = value of tree}}`\n")),
        ("b.md", &format!("{SECOND}\n`{{3/8 = value of tree}}`\n")),
    ]);
    let b = project.essays_dir.join("b.md");
    assert!(hackenbook::commands::claims(&project, true, false, Some(&b)).is_ok());
    let elsewhere = Path::new("/nowhere/c.md");
    assert!(hackenbook::commands::claims(&project, true, false, Some(elsewhere)).is_err());
}

/// `claims` lists an essay's claims in the order of its source, line then column, whatever
/// kind each is (the check answers exercises before the prose's claims).
#[test]
fn claims_are_listed_in_line_order() {
    let essay = "+++\ntitle = \"A\"\nrung = 1\n+++\n\n\
                 ```hackenbush stalk\nLR\n```\n\n\
                 Worth `{1/2 = value of stalk}`, and `{2 = edges of stalk}`.\n\n\
                 ```exercise pair\nLR LR R\nquestion = who wins\nanswer = second player\n```\n\n\
                 Last: `{1/2 = value of stalk}`.\n";
    let (dir, _project) = project_with(&[("a.md", essay)]);
    // `hackenbook claims` with `flags` on the project: what it prints, once it succeeded.
    let run = |flags: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_hackenbook"))
            .arg("claims")
            .args(flags)
            .arg("--root")
            .arg(dir.path())
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{stdout}{stderr}");
        stdout
    };
    let claims: serde_json::Value = serde_json::from_str(&run(&["--json"])).unwrap();
    let listed: Vec<(u64, u64, &str)> = claims
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["line"].as_u64().unwrap(),
                c["column"].as_u64().unwrap(),
                c["kind"].as_str().unwrap(),
            )
        })
        .collect();
    // Two claims on line 10, then the exercise's answer, then the last claim (line 18).
    let kinds: Vec<&str> = listed.iter().map(|&(_, _, k)| k).collect();
    assert_eq!(kinds, ["query", "query", "exercise", "query"], "{listed:?}");
    assert!(
        listed
            .windows(2)
            .all(|w| (w[0].0, w[0].1) < (w[1].0, w[1].1)),
        "{listed:?}"
    );
    assert_eq!((listed[0].0, listed[3].0), (10, 18), "{listed:?}");

    // The text lists them in the same order.
    let text = run(&[]);
    let places: Vec<&str> = text
        .lines()
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    let expected: Vec<String> = listed
        .iter()
        .map(|(l, c, _)| format!("essays/a.md:{l}:{c}"))
        .collect();
    assert_eq!(places, expected, "{text}");
}

/// `eval` prints `incentives(G)` as two lists, the Left incentives `Gᴸ − G` and the Right
/// ones `G − Gᴿ`, of a game expression or of an essay's position; inside an expression the
/// call is an error.
#[test]
fn eval_prints_the_incentives_as_two_lists() {
    let (_dir, project) = project_with(&[("b.md", SECOND)]);
    let mut defs = driver::definitions(&project, None).unwrap();
    let mut eval = |input: &str| eval_to_string(input, false, false, &mut defs);
    // {4|-2}: 4 - G = G + 2 = {6|0}. ^ = {0|*}: 0 - ^ = v and ^ - * = ^*. The essay's `tree`,
    // LRRL = 3/8 = {1/4|1/2}: both -1/8. 2 = {1|}: 1 - 2 = -1, and Right has no move.
    for (input, left, right) in [
        ("incentives({4|-2})", "{6|0}", "{6|0}"),
        ("incentives(^)", "v", "^*"),
        ("(incentives(tree))", "-1/8", "-1/8"),
        ("incentives(2)", "-1", "none"),
        ("incentives(0)", "none", "none"),
    ] {
        assert_eq!(
            eval(input).unwrap(),
            format!("Left incentives: {left}\nRight incentives: {right}"),
            "{input}"
        );
    }
    let Err(e) = eval("incentives(^) + 1") else {
        panic!("incentives inside an expression was accepted")
    };
    let e = format!("{e:?}");
    assert!(e.contains("not a game") && e.contains("at byte 0"), "{e}");
}

/// An unknown name in `eval` near a position of the essays is that position's typo: the help
/// names it, not the brackets that would read another position (LRRLL, worth 7/16, where
/// `lrrl` is 3/8).
#[test]
fn eval_suggests_the_nearest_position_before_brackets() {
    let essay = "+++\ntitle = \"A\"\nrung = 1\n+++\n\n```hackenbush lrrl\nLRRL\n```\n";
    let (_dir, project) = project_with(&[("a.md", essay)]);
    let mut defs = driver::definitions(&project, None).unwrap();
    let Err(e) = eval_to_string("lrrll + 1", false, false, &mut defs) else {
        panic!("an unknown name is an error")
    };
    let shown = e.render();
    assert!(shown.contains("help: did you mean `lrrl`?"), "{shown}");
    assert!(!shown.contains("brackets"), "{shown}");
    assert_eq!(
        eval_to_string("lrrl + 1", false, false, &mut defs).unwrap(),
        "11/8"
    );
}

/// A game of Hackenbush in the terminal, on the table every game has: cuts typed by edge name
/// (in any case, `[1]` on a name that needs none), an illegal one answered with the game's
/// reason, the solver's cuts and the values shown. `LR LR R` is worth 0: Left, starting, loses.
#[test]
fn the_terminal_game_ends_with_the_winner() {
    let table = board_table("LR LR R", None).unwrap();
    let out = terminal(&table, "left\nleft\nLX\nLR[2]\nl[1]\nL[2]\n");
    assert!(out.starts_with("hackenbush: LR LR R, worth 0.\n"), "{out}");
    assert!(
        out.contains("Your move (L[1] (blue edge), L[2] (blue edge); or quit): "),
        "{out}"
    );
    assert!(out.contains("unexpected `X`"), "{out}");
    assert!(
        out.contains("`LR[2]` is red: only Right may cut it"),
        "{out}"
    );
    assert!(
        out.contains("LR R: worth -1/2, Right to move.\nThe solver cuts LR[2]."),
        "{out}"
    );
    assert!(
        out.contains("R: worth -1, Right to move.\nThe solver cuts R."),
        "{out}"
    );
    assert!(
        out.ends_with(
            "Nothing is left: worth 0, Left to move.\nLeft has no move left: the solver wins.\n"
        ),
        "{out}"
    );
    // Under the childish rules Left may not cut a blue edge a red one stands on: `L(RG)` is ∗,
    // and the rules are said.
    let mut ev = hackenbook_rulesets::hackenbush::Evaluator::default();
    let table = play_table("L(RG)", None, true, &mut ev).unwrap();
    let out = terminal(&table, "left\nleft\nL\n");
    assert!(
        out.starts_with("hackenbush (the childish rules): LRG, worth *.\n"),
        "{out}"
    );
    assert!(
        out.contains("under the childish rules Left may not cut `L`"),
        "{out}"
    );
}

/// `eval --no-moves` prints a position's value and who wins, the first two lines of what `eval`
/// prints, and values no move: for a Hackenbush position, a board of another game and under the
/// childish rules. A game expression has no moves to leave out and prints the same.
#[test]
fn eval_without_the_moves() {
    let dir = tempfile::tempdir().unwrap();
    let eval = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_hackenbook"))
            .arg("eval")
            .args(args)
            .current_dir(dir.path())
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(
            out.status.success(),
            "{stdout}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        stdout
    };
    for input in [
        &["g-a L, g-b L, a-c R, b-d R, c-d R"][..],
        &["domineering: 2x3"],
        &["LRL G", "--childish"],
        &["{1|0} + ^"],
    ] {
        let whole = eval(input);
        let short = eval(&[input, &["--no-moves"]].concat());
        let lines: Vec<&str> = whole.lines().collect();
        let head = lines[..lines.len().min(2)].join("\n") + "\n";
        assert_eq!(short, head, "{input:?}");
        let moves = whole.contains("'s moves: ");
        assert_eq!(moves, lines.len() == 4, "{input:?}: {whole}");
        assert!(!short.contains("'s moves: "), "{input:?}");
    }
}

/// `eval` takes a position of any game of the registry, by `--game` or written `GAME: POSITION`,
/// and prints its value, who wins and each player's moves with the values they reach; a board an essay
/// names is a position in game expressions like a Hackenbush one. Domineering 2x2 = ±1 (Winning
/// Ways, ch. 2); Toads and Frogs `T.F` = ∗ (Winning Ways, ch. 1); 1 2 3 in Nim is 0 (Bouton).
#[test]
fn eval_takes_a_position_of_any_game() {
    let board = "+++\ntitle = \"D\"\nrung = 1\n+++\n\n```domineering square\n2x2\n```\n";
    let (_dir, project) = project_with(&[("d.md", board)]);
    let mut defs = driver::definitions(&project, None).unwrap();
    assert_eq!(
        eval_game_to_string("domineering", "2x2", false, false, &mut defs).unwrap(),
        "+-1\nthe first player wins (N)\nLeft's moves: a1-a2 (1), b1-b2 (1)\n\
         Right's moves: a2-b2 (-1), a1-b1 (-1)"
    );
    assert_eq!(
        eval_to_string("toads-and-frogs: T.F", false, false, &mut defs).unwrap(),
        "*\nthe first player wins (N)\nLeft's moves: 1→2 (0)\nRight's moves: 3→2 (0)"
    );
    let bouton = eval_to_string("nim: 1 2 3", false, false, &mut defs).unwrap();
    assert!(
        bouton.starts_with("0\nthe second player wins (P)\n"),
        "{bouton}"
    );
    // The essay's board by its name, in a game expression: ±1 + ±1 = 0.
    assert_eq!(
        eval_to_string("square + square", false, false, &mut defs).unwrap(),
        "0"
    );
    let message = |r: Result<String, driver::Failure>| match r {
        Err(driver::Failure::Other(m)) => m,
        other => panic!("{other:?}"),
    };
    let e = message(eval_game_to_string(
        "dominering",
        "2x2",
        false,
        false,
        &mut defs,
    ));
    assert!(e.contains("did you mean `domineering`?"), "{e}");
    let e = message(eval_to_string("domineering: 2y2", false, false, &mut defs));
    assert!(e.starts_with("`2y2` is not a domineering position"), "{e}");
    let e = message(eval_to_string("nim: 3", false, true, &mut defs));
    assert!(e.contains("nim has no rule variants"), "{e}");
}

/// `eval --outcome` decides who wins a Domineering board by the outcome search alone, for each
/// player moving first, and agrees with the outcome class of the canonical value wherever both
/// are computed here. `2x3` (worth {2 | −½}) is a board whose answers differ by who starts: each
/// player wins moving first; `5x5` (worth 0) one where the second player wins; `6x6`, beyond the
/// canonical values a test can afford, is a first-player win, as Breuker, Uiterwijk and van den
/// Herik found ("Solving 8×8 Domineering", Theoretical Computer Science 230, 2000).
#[test]
fn eval_outcome_decides_who_wins_by_the_search_alone() {
    let (_dir, project) = project_with(&[]);
    let mut defs = driver::definitions(&project, None).unwrap();
    for board in [
        "2x3", "3x2", "3x4", "4x4", "4x5", "5x5", "##./...", ".../##.",
    ] {
        let searched =
            eval_outcome_to_string(None, &format!("domineering: {board}"), &mut defs).unwrap();
        let lines: Vec<&str> = searched.lines().collect();
        assert_eq!(lines.len(), 4, "{searched}");
        assert!(lines[0].contains("outcome search"), "{searched}");
        let valued = eval_game_to_string("domineering", board, false, false, &mut defs).unwrap();
        let class = valued.lines().nth(1).unwrap();
        assert_eq!(
            lines[3].split(';').next().unwrap(),
            class,
            "{board}: {searched}"
        );
    }
    let two_by_three = eval_outcome_to_string(Some("domineering"), "2x3", &mut defs).unwrap();
    assert!(
        two_by_three.contains(
            "\nLeft moving first: Left wins moving first\nRight moving first: Right wins moving \
             first\nthe first player wins (N); "
        ),
        "{two_by_three}"
    );
    let five = eval_outcome_to_string(None, "domineering: 5x5", &mut defs).unwrap();
    assert!(
        five.contains("Left moving first: Right wins moving second\nRight moving first: Left wins moving second"),
        "{five}"
    );
    let six = eval_outcome_to_string(None, "domineering: 6x6", &mut defs).unwrap();
    assert!(six.contains("\nthe first player wins (N); "), "{six}");
    let message = |r: Result<String, driver::Failure>| match r {
        Err(driver::Failure::Other(m)) => m,
        other => panic!("{other:?}"),
    };
    let e = message(eval_outcome_to_string(None, "nim: 3", &mut defs));
    assert!(e.contains("nim has no outcome search"), "{e}");
    let e = message(eval_outcome_to_string(None, "8x8", &mut defs));
    assert!(e.contains("`domineering: 8x8`"), "{e}");
}

/// A Domineering board beyond the solver's budget of positions is still answered: `eval` says
/// it decides only who wins and runs the outcome search; a search the run's clock stops says
/// so, naming its budgets.
#[test]
fn eval_beyond_the_solver_s_budget_decides_who_wins() {
    let (_dir, project) = project_with(&[]);
    let mut defs = driver::definitions(&project, None).unwrap();
    defs.checker.ev.rulesets.limits.positions = 20;
    let text = eval_to_string("domineering: 4x4", false, false, &mut defs).unwrap();
    assert!(
        text.starts_with("no canonical value (beyond the solver's budget: more than 20 positions"),
        "{text}"
    );
    assert!(
        text.contains("deciding only who wins, by the outcome search"),
        "{text}"
    );
    assert!(ends_with_positions_searched(&text), "{text}");
    assert!(text.contains("\nthe first player wins (N); "), "{text}");
    let games = &mut defs.checker.ev.games;
    let quick = games
        .clock()
        .with_limit(Some(std::time::Duration::from_nanos(1)));
    games.set_clock(quick);
    let e = match eval_outcome_to_string(None, "domineering: 8x8", &mut defs) {
        Err(driver::Failure::Other(m)) => m,
        other => panic!("{other:?}"),
    };
    assert!(
        e.starts_with("cannot decide who wins `8x8` with Left moving first: the search stopped"),
        "{e}"
    );
    assert!(
        e.contains("budgets: 2000000000 positions and the run's time limit, --time-limit"),
        "{e}"
    );
}

/// Whether `text` ends `…; 1234 positions searched`.
fn ends_with_positions_searched(text: &str) -> bool {
    text.strip_suffix(" positions searched")
        .and_then(|rest| rest.rsplit("; ").next())
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// `play` takes a position of any game, written `GAME: POSITION` or with `--game`, as `eval`
/// does: its table is the generic one (every position reached, with each player's moves by
/// name), and a Hackenbush position, bare or written `hackenbush: POSITION`, is played on
/// Hackenbush's table of standing edges, the same for both.
#[test]
fn play_takes_a_position_of_any_game() {
    let tagged = board_table("domineering: 2x3", None).unwrap();
    let given = board_table("2x3", Some("domineering")).unwrap();
    assert_eq!(
        serde_json::to_value(&tagged).unwrap(),
        serde_json::to_value(&given).unwrap()
    );
    // 2 rows and 3 columns: {2 | -1/2} (Winning Ways, ch. 2), Left wins moving first.
    assert_eq!(tagged.values[tagged.positions[0].value], "{2|-1/2}");
    let json = serde_json::to_value(&tagged).unwrap();
    assert_eq!(json["game"], "domineering");
    assert_eq!(json["positions"][0]["position"], "2x3");
    assert_eq!(json["positions"][0]["left"][0]["name"], "a1-a2");
    let mut ev = hackenbook_rulesets::hackenbush::Evaluator::default();
    fn message<T>(r: Result<T, driver::Failure>) -> String {
        match r {
            Err(driver::Failure::Other(m)) => m,
            Ok(_) => panic!("an error"),
            Err(other) => panic!("{other:?}"),
        }
    }
    let e = message(board_table("2x2", Some("dominering")));
    assert!(e.contains("did you mean `domineering`?"), "{e}");
    // A game named in front of the position is read as in a bracket (`registry::tagged_game`):
    // a name that is no game's is said so, not read as a Hackenbush position.
    let e = message(board_table("dominering: 2x2", None));
    assert!(
        e.starts_with("unknown game `dominering`") && e.contains("did you mean `domineering`?"),
        "{e}"
    );
    let e = message(play_table("nim: 3", None, true, &mut ev));
    assert!(e.contains("nim has no rule variants"), "{e}");
    let e = message(board_table("domineering: 9x9", None));
    assert!(
        e.starts_with("cannot play `domineering: 9x9`: play from this position reaches more than"),
        "{e}"
    );
    // A bad bare position is Hackenbush's error, located at its byte.
    let e = message(play_table("LRQ", None, false, &mut ev));
    assert!(
        e.starts_with("`LRQ` is not a hackenbush position: unexpected `Q`")
            && e.contains("at byte 2"),
        "{e}"
    );
}

/// `play LR` and `play "hackenbush: LR"` are one path: the same table, printed the same by
/// `--json` (the shape every game's table has, each cut saying the colour of its edge), under
/// either rule variant; `L(RG)` is ½∗ normally and ∗ childish. Every board is played on that
/// table, of 24 edges or fewer as of more.
#[test]
fn play_of_a_bare_position_is_play_of_hackenbush_s() {
    let mut ev = hackenbook_rulesets::hackenbush::Evaluator::default();
    for (input, childish, value) in [
        ("LR", false, "1/2"),
        ("L(RG)", false, "1/2*"),
        ("L(RG)", true, "*"),
        ("LR LR R", false, "0"),
    ] {
        let bare = play_table(input, None, childish, &mut ev).unwrap();
        let tagged = play_table(&format!("hackenbush: {input}"), None, childish, &mut ev).unwrap();
        let given = play_table(input, Some("hackenbush"), childish, &mut ev).unwrap();
        assert_eq!(bare.values[bare.positions[0].value], value, "{input}");
        let json = serde_json::to_string(&bare).unwrap();
        assert_eq!(serde_json::to_string(&tagged).unwrap(), json, "{input}");
        assert_eq!(serde_json::to_string(&given).unwrap(), json, "{input}");
        let read: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(read["game"], "hackenbush", "{json}");
        let variant = if childish {
            serde_json::json!("childish")
        } else {
            serde_json::Value::Null
        };
        assert_eq!(read["variant"], variant, "{json}");
    }
    // Each cut names its edge and says its colour; the entry it reaches is the position left.
    // `LR`: Left cuts the blue `L` (everything falls, 0), Right the red `LR` (leaving `L`, 1).
    let read: serde_json::Value =
        serde_json::from_str(&serde_json::to_string(&board_table("LR", None).unwrap()).unwrap())
            .unwrap();
    let start = &read["positions"][0];
    assert_eq!(start["position"], "LR");
    assert_eq!(
        read["values"][start["value"].as_u64().unwrap() as usize],
        "1/2"
    );
    let cut = |side: &str| {
        let m = &start[side][0];
        let to = &read["positions"][m["to"].as_u64().unwrap() as usize];
        (
            m["name"].as_str().unwrap().to_string(),
            m["piece"].as_str().unwrap().to_string(),
            to["position"].as_str().unwrap().to_string(),
            read["values"][to["value"].as_u64().unwrap() as usize].clone(),
        )
    };
    assert_eq!(
        cut("left"),
        ("L".into(), "blue edge".into(), "".into(), "0".into())
    );
    assert_eq!(
        cut("right"),
        ("LR".into(), "red edge".into(), "L".into(), "1".into())
    );
    // A green edge is either player's cut, and says so to both.
    let green = board_table("G", None).unwrap();
    for player in hackenbook_games::Player::BOTH {
        let m = &green.positions[0].moves(player)[0];
        assert_eq!(
            (m.name.as_str(), m.piece.as_deref()),
            ("G", Some("green edge"))
        );
    }
    // Another game's moves take no piece: the JSON says nothing of one.
    let json = serde_json::to_string(&board_table("domineering: 2x2", None).unwrap()).unwrap();
    assert!(
        !json.contains("piece") && !json.contains("variant"),
        "{json}"
    );
    // Boards of more than 24 edges are played on the same table, bare or named: a stalk of 30
    // blue edges, worth 30.
    let stalk = "L".repeat(30);
    for input in [stalk.clone(), format!("hackenbush: {stalk}")] {
        let played = play_table(&input, None, false, &mut ev).unwrap();
        assert_eq!(played.values[played.positions[0].value], "30", "{input}");
    }
}

/// `eval LR` and `eval "hackenbush: LR"` are one path and print the same: the value, who wins,
/// and each player's cuts by edge name with the value each reaches (normally ½, childish 0,
/// where Left may not cut the blue edge the red one stands on).
#[test]
fn eval_of_a_bare_position_is_eval_of_hackenbush_s() {
    let (_dir, project) = project_with(&[]);
    let mut defs = driver::definitions(&project, None).unwrap();
    let mut eval = |input: &str, childish: bool| eval_to_string(input, false, childish, &mut defs);
    assert_eq!(
        eval("LR", false).unwrap(),
        "1/2\nLeft wins whoever starts (L)\nLeft's moves: L (0)\nRight's moves: LR (1)"
    );
    assert_eq!(
        eval("LR", true).unwrap(),
        "0\nthe second player wins (P)\nLeft's moves: none\nRight's moves: LR (1)"
    );
    for input in ["LR", "L(L R)", "g-a G, a-b G, b-g G", "lrrl"] {
        for childish in [false, true] {
            assert_eq!(
                eval(input, childish).unwrap(),
                eval(&format!("hackenbush: {input}"), childish).unwrap(),
                "{input}"
            );
        }
    }
    // A stalk of 101 blue edges beside a red one is worth 101 - 1: Left's 101 cuts are counted,
    // not listed; Right's one cut is (to 101). A hundred are listed.
    let big = format!("{} R", "L".repeat(101));
    let shown = eval(&big, false).unwrap();
    assert!(
        shown.starts_with("100\nLeft wins whoever starts (L)\nLeft's moves: 101, not listed (more than 100)\nRight's moves: R (101)"),
        "{shown}"
    );
    let hundred = eval(&format!("{} R", "L".repeat(100)), false).unwrap();
    let left = hundred.lines().nth(2).unwrap();
    assert_eq!(left.matches(" (").count(), 100, "{left}");
    // What is no position is still read as a game, and an error names both readings.
    assert_eq!(eval("[LR] + [R]", false).unwrap(), "-1/2");
    let Err(e) = eval("LRQ", false) else {
        panic!("`LRQ` is neither")
    };
    let e = e.render();
    assert!(
        e.contains("is neither a position (unexpected `Q`") && e.contains("at byte 2"),
        "{e}"
    );
}

/// `eval` and `play` (its table, as `play --json` prints it) take a position of every game of
/// the registry, Hackenbush too, written `GAME: POSITION`: the same value from both (Hackenbush
/// `LR` = ½, Cutcake `1x4` = 3, Nim `3` = ∗3, Domineering 2 × 2 = ±1, Toads and Frogs `T.F` = ∗,
/// Push `.L` = 2, Shove `LR` = −3/2, as in the book's tests); `--childish` is Hackenbush's
/// variant (`L(RG)`: ½∗ normally, ∗ childish, where Left may not cut the blue edge the rest
/// stands on), and a game without variants refuses it. A game added to the registry without a
/// sample here fails.
#[test]
fn eval_and_play_take_every_game_of_the_registry() {
    let samples = [
        ("hackenbush", "LR", "1/2"),
        ("nim", "3", "*3"),
        ("domineering", "2x2", "+-1"),
        ("toads-and-frogs", "T.F", "*"),
        ("cutcake", "1x4", "3"),
        ("push", ".L", "2"),
        ("shove", "LR", "-3/2"),
    ];
    let names: Vec<&str> = samples.iter().map(|s| s.0).collect();
    assert_eq!(names, hackenbook_rulesets::registry::names());
    let (_dir, project) = project_with(&[]);
    let mut defs = driver::definitions(&project, None).unwrap();
    let mut ev = hackenbook_rulesets::hackenbush::Evaluator::default();
    let both = |input: &str,
                childish: bool,
                defs: &mut hackenbook_book::driver::Definitions,
                ev: &mut hackenbook_rulesets::hackenbush::Evaluator| {
        let evaluated = eval_to_string(input, false, childish, defs).unwrap();
        let table = play_table(input, None, childish, ev).unwrap();
        let played = table.values[table.positions[0].value].clone();
        (evaluated.lines().next().unwrap().to_string(), played)
    };
    for (game, position, value) in samples {
        let input = format!("{game}: {position}");
        let (evaluated, played) = both(&input, false, &mut defs, &mut ev);
        assert_eq!(
            (evaluated.as_str(), played.as_str()),
            (value, value),
            "{input}"
        );
        if game != "hackenbush" {
            assert!(
                eval_to_string(&input, false, true, &mut defs).is_err(),
                "{input}"
            );
        }
    }
    let normal = both("hackenbush: L(RG)", false, &mut defs, &mut ev);
    assert_eq!(normal, ("1/2*".to_string(), "1/2*".to_string()));
    let childish = both("hackenbush: L(RG)", true, &mut defs, &mut ev);
    assert_eq!(childish, ("*".to_string(), "*".to_string()));
}

/// A game of Domineering in the terminal: a move is typed by its name, a wrong one is answered
/// with the moves there are, and the game ends when the player to move has none. On 2x2 whoever
/// starts wins (±1): Left starts, and after her domino Right has no move.
#[test]
fn the_terminal_game_of_another_game_ends_with_the_winner() {
    let table = board_table("domineering: 2x2", None).unwrap();
    let out = terminal(&table, "left\nleft\na1-b1\nA1 - A2\n");
    assert!(
        out.starts_with("domineering: 2x2, worth +-1.\nLeft places vertical dominoes"),
        "{out}"
    );
    // A wrong move is answered with the game's reason and the moves there are.
    assert!(
        out.contains("`a1-b1` is a horizontal, Right's domino: Left places vertical dominoes; Left's moves here are a1-a2, b1-b2."),
        "{out}"
    );
    assert!(out.ends_with("Right has no move left: you win.\n"), "{out}");
    // The reader plays Right and starts: the solver, Left, is left without a move.
    let out = terminal(&table, "right\nright\na2-b2\n");
    assert!(out.ends_with("Left has no move left: you win.\n"), "{out}");
    // Left starts as the solver, and wins with either domino, said with the game's verb.
    let out = terminal(&table, "right\nleft\n");
    assert!(out.contains("The solver places a1-a2."), "{out}");
    assert!(
        out.ends_with("Right has no move left: the solver wins.\n"),
        "{out}"
    );
}

#[test]
fn eval_and_census_see_exercise_positions_and_every_essay_by_its_slug() {
    let with_exercise = "+++\ntitle = \"C\"\nrung = 3\n+++\n\n```exercise lrr\nLRR\n\
                         question = value\nanswer = 1/4\n```\n";
    let (_dir, project) =
        project_with(&[("a.md", FIRST), ("b.md", SECOND), ("c.md", with_exercise)]);
    let mut defs = driver::definitions(&project, None).unwrap();
    // The exercise's position, by its name, in a game expression and in a query.
    assert_eq!(
        eval_to_string("lrr + lrr", false, false, &mut defs).unwrap(),
        "1/2"
    );
    let figure = defs
        .workspace
        .evaluate("value of lrr", &mut defs.checker.ev)
        .unwrap();
    assert_eq!(
        hackenbook_census::render_figure(&figure, &defs.checker.ev.games),
        "1/4"
    );
    // `tree` is the first essay's, L(L R) = 1; each essay's is also `slug/NAME`, the second's
    // LRRL = 3/8 included, though the first essay took the plain name.
    assert_eq!(
        eval_to_string("a/tree - b/tree", false, false, &mut defs).unwrap(),
        "5/8"
    );
    assert_eq!(
        eval_to_string("tree + c/lrr", false, false, &mut defs).unwrap(),
        "5/4"
    );
    let figure = defs
        .workspace
        .evaluate("value of b/tree", &mut defs.checker.ev)
        .unwrap();
    assert_eq!(
        hackenbook_census::render_figure(&figure, &defs.checker.ev.games),
        "3/8"
    );
}

fn census_in(root: &Path, query: &str) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_hackenbook"))
        .args(["census", query, "--root"])
        .arg(root)
        .output()
        .unwrap()
}

/// The command line asks a query of built-in families alone without the essays' definitions,
/// unless an essay's census block takes one of its names; a query that fails so is asked again
/// with them, and fails as it always did, with the note on the essays' problems.
#[test]
fn a_census_query_of_built_in_families_sees_what_the_essays_define() {
    // `forests3` taken by a census block of trees: 2 + 4 + 16 trees of 1 to 3 edges, where the
    // built-in family has 2 + 8 + 40 forests.
    let taken = "+++\ntitle = \"A\"\nrung = 1\n+++\n\n\
                 ```census forests3\nfamily = \"trees\"\nedges = \"1..=3\"\n```\n";
    let (dir, _) = project_with(&[("a.md", taken)]);
    let output = census_in(dir.path(), "count forests3");
    assert_eq!(String::from_utf8_lossy(&output.stdout).trim(), "22");
    let output = census_in(dir.path(), "count forests4 where edges < 4");
    assert_eq!(String::from_utf8_lossy(&output.stdout).trim(), "50");
    // A position block the definitions refuse: a failing query says so.
    let broken = "+++\ntitle = \"B\"\nrung = 1\n+++\n\n```hackenbush bad\nL(L\n```\n";
    let (dir, _) = project_with(&[("b.md", broken)]);
    let output = census_in(dir.path(), "count forests3 where value = 1/0");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success());
    assert!(stderr.contains("division by zero"), "{stderr}");
    assert!(
        stderr.contains("the essays' definitions have 1 problem"),
        "{stderr}"
    );
    // Answered without them all the same when it holds.
    let output = census_in(dir.path(), "count forests3 where value = 1/2");
    assert!(output.status.success());
}
