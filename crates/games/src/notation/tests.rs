use super::*;

fn show(text: &str) -> String {
    let mut g = Games::new();
    let id = g.eval_str(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    g.display(id)
}

#[test]
fn the_issue_examples() {
    assert_eq!(show("{0,1/2|2}"), "1");
    assert_eq!(show("^ + ^ + *"), "^^*");
    assert_eq!(show("{1|-1} + {1|-1}"), "0");
    assert_eq!(show("1 : 1"), "2");
    assert_eq!(show("1 : -1 : -1 : 1"), "3/8");
}

#[test]
fn cgsuite_literals_round_trip() {
    for text in [
        "0",
        "3/8",
        "-1/4",
        "*",
        "*3",
        "^",
        "v",
        "^^*",
        "1*",
        "^*",
        "+-1",
        "v3*2",
        "-2^",
        "{0,^*|0}",
        "{2,2*|0}",
        "+-{2|1}",
        "{1|*}",
        "{3/4|3/4,{3/4|3/4,3/4v*}}",
    ] {
        assert_eq!(show(text), text, "printing the value of `{text}`");
    }
    assert_eq!(show("{1|-1}"), "+-1");
    assert_eq!(show("±1"), "+-1");
    assert_eq!(show("{0|*}"), "^");
    assert_eq!(show("{0||0|-1}"), "{0|{0|-1}}");
    assert_eq!(show("{2|1||0}"), "{{2|1}|0}");
    assert_eq!(show("1+-1"), "{2|0}");
    assert_eq!(show("(1 + 1) : -1"), "3/2");
    assert_eq!(show("-1 : 1"), "-1/2");
    assert_eq!(show("* : 1"), "^*");
    assert_eq!(show("0.375"), "3/8");
    assert_eq!(show("↑ + ↑ + ⇓"), "0");
}

#[test]
fn the_nested_example_is_canonical() {
    let mut g = Games::new();
    let id = g.eval_str("{3/4|3/4,{3/4|3/4,3/4v*}}").unwrap();
    let again = g.eval_str(&g.display(id)).unwrap();
    assert_eq!(again, id);
    let explicit = g.display_explicit(id);
    let from_explicit = g.eval_str(&explicit).unwrap();
    assert_eq!(from_explicit, id, "{explicit}");
}

#[test]
fn names_are_resolved_by_the_caller() {
    let mut g = Games::new();
    let half = g.eval_str("1/2").unwrap();
    let mut resolve = |n: &str| (n == "lr").then_some(half);
    let id = evaluate("lr + lr", &mut g, &mut resolve).unwrap();
    assert_eq!(g.display(id), "1");
    let err = evaluate("lr + cherry", &mut g, &mut resolve).unwrap_err();
    assert_eq!(err.span, 5..11);
    assert!(err.message.contains("cherry"));
    let expr = parse_expr("{lr | v, vase}").unwrap();
    let names: Vec<String> = expr.names().into_iter().map(|(n, _)| n).collect();
    assert_eq!(names, ["lr", "vase"]);
}

#[test]
fn parse_errors_are_located() {
    let cases: [(&str, Range<usize>); 9] = [
        ("{0|1", 0..1),
        ("1 +", 3..3),
        ("{0,|1}", 3..4),
        ("1 2", 2..3),
        ("(1", 0..1),
        ("{1}", 0..3),
        ("{1|2|3}", 4..5),
        ("1/3", 0..3),
        ("* ^", 2..3),
    ];
    for (text, span) in cases {
        let err = parse_expr(text).unwrap_err();
        assert_eq!(err.span, span, "`{text}`: {}", err.message);
    }
    assert!(parse_statement("1 + 1").is_err());
    // A word after a whole expression is named as a word, in a sentence.
    let err = parse_expr("half first").unwrap_err();
    assert_eq!(
        err.message,
        "expected the end of the expression, found the name `first`"
    );
    let deep = "(".repeat(500) + "1" + &")".repeat(500);
    assert!(parse_expr(&deep).is_err());
}

#[test]
fn statements_are_checked() {
    let mut g = Games::new();
    let mut none = |_: &str| None;
    let holds = [
        "{0, 1/2 | 2} = {1/2 | 2} = 1",
        "1 : -1 : -1 : 1 = 3/8",
        "^ > 0",
        "* || 0",
        "^* || 0",
        "^ < 1/64",
        "{1|-1} <| 1/2",
        "{1|-1} |> -1/2",
        "v <= 0 <= ^",
        "*2 + *3 = *",
        "+-1 + +-1 = 0",
        "{0||0|-1} < ^",
    ];
    for text in holds {
        let st = parse_statement(text).unwrap();
        let failures = check_statement(&st, &mut g, &mut none).unwrap();
        assert!(failures.is_empty(), "{text}: {:?}", failures);
    }
    let st = parse_statement("1/2 = {0|1} = 3/4 < 1").unwrap();
    let failures = check_statement(&st, &mut g, &mut none).unwrap();
    assert_eq!(failures.len(), 1);
    assert_eq!(failures[0].relation_span, 12..13);
    assert_eq!(failures[0].span, 6..17);
    assert_eq!(failures[0].actual, Relation::Less);
    assert_eq!(failures[0].message(&g), "claimed 1/2 = 3/4, but 1/2 < 3/4");
}

#[test]
fn latex_of_statements() {
    let st = parse_statement("{0, 1/2 | 2} = 1 : -1 + ^^* || +-1").unwrap();
    assert_eq!(
        statement_latex(&st),
        "\\{0, \\tfrac12 \\mid 2\\} = 1 : -1 + {\\Uparrow}{*} \\parallel \\pm 1"
    );
    let st = parse_statement("{0||0|-1} <| cherry_2").unwrap();
    assert_eq!(
        statement_latex(&st),
        "\\{0 \\parallel 0 \\mid -1\\} \\mathrel{\\lhd} \\mathrm{cherry\\_2}"
    );
}

#[test]
fn ordinal_budget_is_an_error_not_a_hang() {
    let mut g = Games::new();
    let err = g.eval_str("{1|-1} : 1000000").unwrap_err();
    assert_eq!(err.span, 9..16);
    let ok = g.eval_str("1/2 : 100").unwrap();
    assert!(g.is_number(ok));
    let err = g.eval_str("{1|-1} : {1000000 | 0}").unwrap_err();
    assert_eq!(err.span, 9..22);
    // Big nimbers are fine among number-up-stars, refused next to hot games.
    let ok = g.eval_str("*1000 + *24 + ^ + 3").unwrap();
    assert_eq!(g.display(ok), "3^*1008");
    let err = g.eval_str("{1|-1} + *1000").unwrap_err();
    assert_eq!(err.span, 9..14);
    let err = g.eval_str("{*300|0} - {1|-1}").unwrap_err();
    assert_eq!(err.span, 0..8);
    assert!(g.eval_str("{1|-1} + *60").is_ok());
}

#[test]
fn a_position_in_brackets_is_one_name_for_the_caller() {
    let expr = parse_expr("[LR] + [g-a L, a-g R] - v").unwrap();
    let names: Vec<(String, std::ops::Range<usize>)> = expr.names();
    assert_eq!(
        names,
        [
            ("[LR]".to_string(), 0..4),
            ("[g-a L, a-g R]".to_string(), 7..21)
        ]
    );
    assert!(expr.latex().contains("[\\mathtt{LR}]"), "{}", expr.latex());
    let err = parse_expr("1 + [LR").unwrap_err();
    assert_eq!(err.span, 4..5);
    assert!(err.message.contains("never closed"));
}
